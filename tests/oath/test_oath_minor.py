"""The minor actions of O6.4-O6.8 and the Reliquary spaces' modifiers (O2.3, D7): moving
warbands with permission, Citizenship offers with a bargain, exiling, self-exile, the Grand
Scepter's first turn, and what each uncovered space does to the Chancellor."""

from __future__ import annotations

import numpy as np
import pytest

from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath import state as S
from meeplegym.envs.oath.rules import turn
from tests.oath import scenario as sc
from tests.oath.scenario import ID, MOUNTAIN, PLAINS, ROCKY_COAST, SW, B, duel, word_for

SEARCH, MUSTER, TRADE, RECOVER, CAMPAIGN, TRAVEL = (A.MAJOR + int(a) for a in D.MajorAction)
TO_BOARD, TO_SITE, GIVE, TAKE = (A.OPTION + k for k in (S.MOVE_TO_BOARD, S.MOVE_TO_SITE, S.MOVE_GIVE, S.MOVE_TAKE))
OFFER, EXILE, SELF_EXILE = (A.OPTION + k for k in (S.ACT_OFFER, S.ACT_EXILE, S.ACT_SELF_EXILE))
RED, YELLOW = int(D.Colour.RED), int(D.Colour.YELLOW)


def citizen(s, p):
    """Make seat p a Citizen with no warbands of its own out (a test shortcut)."""
    colour = int(s["colour"][p])
    s["bank_warbands"][colour] += int(s["board_warbands"][p])
    s["board_warbands"][p] = 0
    s["side"][p] = S.SIDE_CITIZEN


# ---------------------------------------------------------------- O6.5
@pytest.mark.rule("O6.5")
def test_move_warbands_between_your_site_and_board():
    s = sc.ready()  # the Chancellor rules the Plains with 2
    assert TO_BOARD in sc.legal(s) and TO_SITE in sc.legal(s)
    sc.act(s, TO_BOARD)
    assert sc.legal(s) == [A.NUMBER + 1]  # never the last
    sc.act(s, A.NUMBER + 1)
    assert s["site_warbands"][PLAINS, S.PURPLE] == 1 and s["board_warbands"][0] == 4
    sc.act(s, TO_SITE, A.NUMBER + 4)
    assert s["site_warbands"][PLAINS, S.PURPLE] == 5 and s["board_warbands"][0] == 0
    sc.as_current(s, 1)  # red at the Plains rules nothing there
    assert TO_BOARD not in sc.legal(s) and TO_SITE not in sc.legal(s)


@pytest.mark.rule("O6.5", "O6.9")
def test_a_citizen_needs_the_chancellors_leave_to_take_warbands_off_a_site():
    s = sc.ready()
    citizen(s, 3)
    sc.as_current(s, 3)  # yellow, a Citizen at the Plains, where the Empire has 2
    sc.act(s, TO_BOARD, A.NUMBER + 1)
    assert s["phase"] == S.PH_PERMIT and s["actor"] == 0
    sc.act(s, A.END)  # refused
    assert s["site_warbands"][PLAINS, S.PURPLE] == 2 and s["phase"] == S.PH_ACT and s["actor"] == 3
    sc.act(s, TO_BOARD, A.NUMBER + 1, A.OPTION + 0)
    assert s["site_warbands"][PLAINS, S.PURPLE] == 1 and s["board_warbands"][3] == 1


@pytest.mark.rule("O6.5")
def test_imperial_players_give_and_take_with_permission():
    s = sc.ready()
    citizen(s, 3)
    sc.act(s, GIVE)
    assert sc.legal(s) == [A.SEAT + 3]  # the only Imperial player at the Plains
    sc.act(s, A.SEAT + 3, A.NUMBER + 2)
    assert s["actor"] == 3
    sc.act(s, A.OPTION + 0)
    assert list(s["board_warbands"][[0, 3]]) == [1, 2]
    sc.act(s, TAKE, A.SEAT + 3, A.NUMBER + 1, A.OPTION + 0)
    assert list(s["board_warbands"][[0, 3]]) == [2, 1]
    assert sc.warbands_of(s, S.PURPLE) == 24


# ---------------------------------------------------------------- O6.6
@pytest.mark.rule("O6.6.1", "O6.6.2", "O2.3")
def test_citizenship_offer_accepted():
    s = sc.ready()
    s["site_warbands"][ROCKY_COAST] = 0
    s["bank_warbands"][S.PURPLE] += 1
    s["site_warbands"][ROCKY_COAST, RED] = 2
    s["bank_warbands"][RED] -= 2
    sc.move(s, "Faith", S.Z_VISION_SPACE, 1)
    s["supply"][1] = 2
    s["favor"][0] += 2
    s["shared_favor"] -= 2
    sc.act(s, OFFER)
    assert sc.legal(s) == [A.SEAT + k for k in (1, 2, 3)]  # the Exiles
    sc.act(s, A.SEAT + 1)
    assert sc.legal(s) == [A.OPTION + k for k in range(4)]
    sc.act(s, A.OPTION + 2)  # the relic covering Careless
    sc.act(s, A.NUMBER + 3)  # bargain: the Chancellor gives 3 favor
    relic = int(s["reliquary"][2])
    # the Chancellor may let red peek at any Reliquary relic first (O6.6.1)
    assert s["phase"] == S.PH_OFFER_PEEK and s["actor"] == 0
    assert sc.legal(s) == [A.END] + [A.FACEDOWN + A.RELIQUARY_AT + k for k in range(4)]
    assert sc.legal_names(s)[3] == "let them peek at the relic on the Careless space"
    sc.act(s, A.FACEDOWN + A.RELIQUARY_AT + 2)
    assert s["known"][relic] >> 1 & 1 and not s["known"][int(s["reliquary"][1])] >> 1 & 1
    assert A.FACEDOWN + A.RELIQUARY_AT + 2 not in sc.legal(s)  # seen already
    sc.act(s, A.END)
    assert s["phase"] == S.PH_OFFER_ANSWER and s["actor"] == 1
    sc.act(s, A.OPTION + 0)
    assert s["side"][1] == S.SIDE_CITIZEN and s["supply"][1] == 7
    assert s["board_warbands"][1] == 3 and s["site_warbands"][ROCKY_COAST, S.PURPLE] == 2
    assert s["site_warbands"][ROCKY_COAST, RED] == 0 and s["bank_warbands"][RED] == 14
    assert s["zone"][ID["Faith"]] == S.Z_DISCARD  # the revealed Vision goes
    assert s["zone"][relic] == S.Z_PERSONAL and s["where"][relic] == 1 and s["reliquary"][2] == 0
    assert (s["favor"][0], s["favor"][1]) == (1, 4)
    assert sc.warbands_of(s, S.PURPLE) == 24 and sc.favor_total(s) == D.FAVOR_TOTAL
    assert s["phase"] == S.PH_ACT and s["actor"] == 0  # the Chancellor's turn goes on


@pytest.mark.rule("O6.6.2")
def test_an_offer_declined_changes_nothing():
    s = sc.ready()
    sc.act(s, OFFER, A.SEAT + 2, A.OPTION + 0, A.END, A.END)  # no bargain, no peek
    before = s.copy()
    sc.act(s, A.END)
    for field in ("side", "reliquary", "favor", "board_warbands", "bank_warbands"):
        assert (s[field] == before[field]).all()
    assert s["phase"] == S.PH_ACT


@pytest.mark.rule("O6.6.1", "O6.4")
def test_an_offer_to_yourself_or_an_exile_who_has_seen_every_relic_asks_no_peek():
    s = sc.ready()
    for k in range(4):
        s["known"][int(s["reliquary"][k])] |= 1 << 2
    sc.act(s, OFFER, A.SEAT + 2, A.OPTION + 0, A.END)
    assert s["phase"] == S.PH_OFFER_ANSWER and s["actor"] == 2


@pytest.mark.rule("O6.6.2")
def test_when_purple_runs_short_the_new_citizen_picks_which_warbands_go():
    s = sc.ready()
    s["site_warbands"][ROCKY_COAST] = 0
    s["site_warbands"][ROCKY_COAST, RED] = 2
    s["site_warbands"][MOUNTAIN] = 0
    s["site_warbands"][MOUNTAIN, RED] = 1
    s["bank_warbands"][RED] -= 3
    s["bank_warbands"][S.PURPLE] = 4  # red holds 3 on its board and 3 on the map: two must go
    totals = (sc.warbands_of(s, RED), sc.warbands_of(s, S.PURPLE))
    sc.act(s, OFFER, A.SEAT + 1, A.OPTION + 0, A.END, A.END, A.OPTION + 0)
    assert s["phase"] == S.PH_SHED and s["actor"] == 1 and s["side"][1] == S.SIDE_EXILE
    assert sc.legal(s) == [A.SLOT + MOUNTAIN, A.SLOT + ROCKY_COAST, A.SEAT + 1]
    assert sc.legal_names(s) == ["remove your warband at Mountain (Provinces 1)",
                                 "remove your warband at Rocky Coast (Hinterland 1)", "remove a warband from your board"]
    sc.act(s, A.SLOT + MOUNTAIN)  # red gives up the Mountain ...
    assert s["phase"] == S.PH_SHED and s["site_warbands"][MOUNTAIN].sum() == 0
    sc.act(s, A.SEAT + 1)  # ... and one off its board; the rest turn purple
    assert s["side"][1] == S.SIDE_CITIZEN and s["phase"] == S.PH_ACT and s["actor"] == 0
    assert s["board_warbands"][1] == 2 and s["site_warbands"][ROCKY_COAST, S.PURPLE] == 2
    assert s["bank_warbands"][S.PURPLE] == 0 and s["bank_warbands"][RED] == 14
    assert (sc.warbands_of(s, RED), sc.warbands_of(s, S.PURPLE)) == totals


@pytest.mark.rule("O6.6.2", "O7.6.1", "D2")
def test_a_forced_citizenship_waits_for_the_picks_then_its_power_goes_on():
    s = sc.ready()
    sc.as_current(s, 1)
    sc.move(s, "Ballot Box", S.Z_SITE, PLAINS, 1)
    s["pf_holder"] = 1
    s["bank_warbands"][S.PURPLE] = 2  # red holds 3 on its board: one must go
    sc.act(s, A.CARD + ID["Ballot Box"])
    assert s["phase"] == S.PH_SHED and s["actor"] == 1 and sc.legal(s) == [A.SEAT + 1]
    sc.act(s, A.SEAT + 1)
    assert s["side"][1] == S.SIDE_CITIZEN and s["board_warbands"][1] == 2 and s["bank_warbands"][S.PURPLE] == 0
    assert s["current"] == 2  # the Act phase ended with the program, as without the picks


@pytest.mark.rule("O6.6.1")
def test_the_bargain_menu_offers_only_what_the_giver_holds():
    s = sc.ready()
    s["favor"][0], s["favor"][2], s["secrets"][2] = 2, 0, 3
    s["pf_holder"] = 2
    sc.move(s, "Map", S.Z_PERSONAL, 2)
    sc.act(s, OFFER, A.SEAT + 2, A.OPTION + 1)
    names = sc.legal(s)
    assert A.NUMBER + 1 in names and A.NUMBER + 2 in names and A.NUMBER + 3 not in names
    assert A.NUMBER + 11 not in names  # blue has no favor
    assert A.NUMBER + 33 in names and A.NUMBER + 34 not in names
    assert A.OPTION + 2 in names and A.OPTION + 0 not in names
    assert A.CARD + ID["Map"] in names and A.CARD + S.GRAND_SCEPTER in names
    sc.act(s, A.CARD + ID["Map"], A.END, A.OPTION + 0)
    assert s["zone"][ID["Map"]] == S.Z_PERSONAL and s["where"][ID["Map"]] == 0


# ---------------------------------------------------------------- O6.7, O6.8
@pytest.mark.rule("O6.7")
def test_exiling_a_citizen_costs_five_adjusted():
    s = sc.ready()
    citizen(s, 3)
    s["board_warbands"][3] = 2
    s["bank_warbands"][S.PURPLE] -= 2
    s["pf_holder"] = 3
    s["favor"][0] += 3
    s["shared_favor"] -= 3
    # 5, +1 as yellow holds the People's Favor, -1 as the Chancellor holds the title
    sc.act(s, EXILE)
    assert sc.legal(s) == [A.SEAT + 3]
    sc.act(s, A.SEAT + 3)
    assert s["favor"][0] == 0 and s["favor"][3] == 1 + 5
    assert s["side"][3] == S.SIDE_EXILE and s["board_warbands"][3] == 2 and s["supply"][3] == 7
    assert sc.warbands_of(s, S.PURPLE) == 24 and sc.warbands_of(s, YELLOW) == 14


@pytest.mark.rule("O6.8")
def test_self_exile_pays_the_scepter_holder_and_ends_the_act_phase():
    s = sc.ready()
    citizen(s, 1)
    s["board_warbands"][1] = 2
    s["bank_warbands"][S.PURPLE] -= 2
    s["favor"][1] += 3
    s["shared_favor"] -= 3
    sc.as_current(s, 1)
    assert SELF_EXILE in sc.legal(s)  # price: 1 secret + 2 warbands = 3
    sc.act(s, SELF_EXILE)
    assert s["side"][1] == S.SIDE_EXILE and s["favor"][1] == 1 and s["favor"][0] == 2 + 3
    assert s["current"] == 2  # red's turn is over
    assert sc.warbands_of(s, S.PURPLE) == 24 and sc.warbands_of(s, RED) == 14


# ---------------------------------------------------------------- the Grand Scepter
@pytest.mark.rule("O6.4", "D4")
def test_the_scepter_holder_peeks_at_the_reliquary():
    s = sc.ready()
    relic = int(s["reliquary"][0])
    space_0 = A.FACEDOWN + A.RELIQUARY_AT
    assert [a for a in sc.legal(s) if a >= A.FACEDOWN + A.RELIQUARY_AT and a < A.CARD] == [space_0 + k for k in range(4)]
    sc.act(s, space_0)
    assert s["known"][relic] & 1 and space_0 not in sc.legal(s)
    sc.as_current(s, 1)
    assert not any(space_0 + k in sc.legal(s) for k in range(4))


@pytest.mark.rule("D4", "O5.5.7")
def test_a_scepter_taken_in_a_campaign_is_unusable_that_turn():
    s = duel(red_board=8, blue_site=1, blue_board=0)
    sc.move(s, "Grand Scepter", S.Z_PERSONAL, 2)
    sc.act(s, CAMPAIGN, A.SEAT + 2, A.CARD + S.GRAND_SCEPTER, A.END)
    s["rng"] = word_for([B] * 6, [SW] * 6)
    sc.act(s, A.NUMBER + 6, A.NUMBER + 0)
    assert s["zone"][S.GRAND_SCEPTER] == S.Z_PERSONAL and s["where"][S.GRAND_SCEPTER] == 1
    assert OFFER not in sc.legal(s) and EXILE not in sc.legal(s)
    s["phase"] = S.PH_BEGIN_TURN  # red's next turn
    turn.run_on(s)
    assert OFFER in sc.legal(s)


# ---------------------------------------------------------------- the Reliquary spaces (D7)
@pytest.mark.rule("D7")
def test_greedy_draws_two_more_and_caps_the_cost():
    s = sc.ready()
    s["reliquary"][3] = 0
    sc.act(s, SEARCH, A.OPTION + 0)
    assert s["n_drawn"] == 5
    s = sc.ready()
    s["reliquary"][3] = 0
    s["visions_drawn"] = 1  # the world deck would cost 3
    sc.act(s, SEARCH)
    assert sc.legal(s) == [A.OPTION + 1]


@pytest.mark.rule("D7")
def test_decadent_travel():
    s = sc.ready()
    s["reliquary"][1] = 0
    s["pawn"][0] = MOUNTAIN
    s["supply"][0] = 2
    sc.act(s, TRAVEL)
    assert A.SLOT + PLAINS in sc.legal(s) and A.SLOT + ROCKY_COAST not in sc.legal(s)  # 2 + 1 > 2
    sc.act(s, A.SLOT + PLAINS)
    assert s["supply"][0] == 2  # into the Cradle for nothing


@pytest.mark.rule("D7")
def test_careless_trades_a_favor_instead_of_a_secret():
    s = sc.ready()
    s["reliquary"][2] = 0
    sc.act(s, TRADE, A.CARD + ID["Longbows"], A.OPTION + 0)
    assert s["secrets"][0] == 1 and s["card_favor"][ID["Longbows"]] == 1 and s["favor"][0] == 2 - 1 + 1


@pytest.mark.rule("D7", "O5.5.6")
def test_brutal_kills_the_whole_defeated_force():
    s = sc.ready()
    s["reliquary"][0] = 0
    s["pawn"][0] = ROCKY_COAST
    s["pawn"][2] = ROCKY_COAST
    s["board_warbands"][0] = 5
    s["bank_warbands"][S.PURPLE] -= 2
    sc.act(s, CAMPAIGN, A.SEAT + 2, A.OPTION + 2, A.END)  # blue's pawn (blue rules nothing)
    s["rng"] = word_for([B, B], [SW] * 5)
    sc.act(s, A.NUMBER + 5, A.END)  # no battle plan (the Chancellor rules Longbows at the Plains)
    assert s["board_warbands"][2] == 0 and sc.warbands_of(s, int(D.Colour.BLUE)) == 14  # all 3 dead
    assert np.all(s["board_warbands"][[0]] == 5)
