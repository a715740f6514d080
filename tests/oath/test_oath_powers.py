"""Card powers (O7): access and cost (O7.1), Action powers as minor actions (O6.2), When-played
powers (O7.3) and Rest powers (O4.3.5), each class through cards whose programs are written."""

from __future__ import annotations

import pytest

from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath import effects as E
from meeplegym.envs.oath import state as S
from meeplegym.errors import IllegalActionError
from tests.oath import scenario as sc
from tests.oath.scenario import ID, MOUNTAIN, PLAINS

SEARCH = A.MAJOR + int(D.MajorAction.SEARCH)
RED = int(D.Colour.RED)


def card(name):
    return A.CARD + ID[name]


def keep_and_play(s, name, option):
    """Search the world deck with `name` on top, keep it, discard the rest, play it."""
    sc.world_top(s, name)
    sc.play(s, SEARCH, A.OPTION + 0, card(name))
    while s["phase"] == S.PH_SEARCH_DISCARD:
        sc.play(s, sc.legal(s)[0])
    sc.play(s, A.OPTION + option)


# ---------------------------------------------------------------- access and cost (O7.1)
@pytest.mark.rule("O7.1.1", "O6.2")
def test_action_powers_need_access():
    s = sc.ready()
    sc.move(s, "Spirit Snare", S.Z_ADVISER, 0, 1)  # a faceup adviser of the Chancellor's
    assert card("Spirit Snare") in sc.legal(s)
    sc.move(s, "Wayside Inn", S.Z_SITE, MOUNTAIN)  # the Empire rules the Mountain: ruled, pawn elsewhere
    s["supply"][0] = 5
    assert card("Wayside Inn") in sc.legal(s)
    s["site_warbands"][MOUNTAIN] = 0
    s["site_warbands"][MOUNTAIN, RED] = 1
    s["bank_warbands"][RED] -= 1
    s["bank_warbands"][S.PURPLE] += 1
    assert card("Wayside Inn") not in sc.legal(s)  # neither ruled nor where the pawn is
    s["pawn"][0] = MOUNTAIN
    assert card("Wayside Inn") in sc.legal(s)  # the pawn is there


@pytest.mark.rule("O7.1.2", "O4.3")
def test_a_cost_placed_on_a_card_blocks_it_until_the_rest():
    s = sc.ready()
    sc.move(s, "Spirit Snare", S.Z_ADVISER, 0, 1)
    s["favor_bank"][:] = [0, 0, 0, 0, 3, 0]
    sc.play(s, card("Spirit Snare"))
    assert s["phase"] == S.PH_POWER and sc.legal(s) == [A.SUIT + int(D.Suit.BEAST)]
    sc.play(s, A.SUIT + int(D.Suit.BEAST))
    assert s["secrets"][0] == 0 and s["card_secrets"][ID["Spirit Snare"]] == 1 and s["favor"][0] == 3
    assert card("Spirit Snare") not in sc.legal(s) and s["phase"] == S.PH_ACT
    s["secrets"][0] = 1
    assert card("Spirit Snare") not in sc.legal(s)  # still carrying its secret
    sc.play(s, A.END)
    assert s["card_secrets"][ID["Spirit Snare"]] == 0 and s["secrets"][0] == 2  # home at the Rest (O4.3.2)


@pytest.mark.rule("O7.1.2")
def test_a_power_that_cannot_be_paid_is_not_offered():
    s = sc.ready()
    sc.move(s, "Alchemist", S.Z_ADVISER, 0, 1)  # S, xS: place one secret and burn one
    assert card("Alchemist") not in sc.legal(s)
    s["secrets"][0] = 2
    assert card("Alchemist") in sc.legal(s)
    sc.play(s, card("Alchemist"))
    for b in (0, 0, 1, 5):
        sc.play(s, A.SUIT + b)
    assert s["favor"][0] == 2 + 4 and list(s["favor_bank"]) == [1, 2, 3, 3, 3, 2]
    assert s["secrets"][0] == 0 and s["card_secrets"][ID["Alchemist"]] == 1
    assert sc.favor_total(s) == D.FAVOR_TOTAL


# ---------------------------------------------------------------- Action powers (O6.2)
@pytest.mark.rule("O6.2", "D2")
def test_take_from_a_player_at_your_site():
    s = sc.ready()
    sc.move(s, "Charming Friend", S.Z_ADVISER, 0, 1)  # S: take 1 favor from a player here
    s["favor"][2] = 0
    sc.play(s, card("Charming Friend"))
    assert sc.legal(s) == [A.SEAT + 1, A.SEAT + 3]  # blue has no favor
    sc.play(s, A.SEAT + 3)
    assert s["favor"][3] == 0 and s["favor"][0] == 3


@pytest.mark.rule("O6.2", "D2")
def test_sleight_of_hand_never_takes_a_last_secret():
    s = sc.ready()
    sc.move(s, "Sleight of Hand", S.Z_ADVISER, 0, 1)  # F
    assert card("Sleight of Hand") not in sc.legal(s)  # everyone here has one secret only
    s["secrets"][2] = 3
    sc.play(s, card("Sleight of Hand"), A.SEAT + 2)
    assert s["secrets"][2] == 2 and s["secrets"][0] == 2 and s["card_favor"][ID["Sleight of Hand"]] == 1


@pytest.mark.rule("O6.2", "D2")
def test_wolves_kill_on_any_board_and_wizard_school_ends_the_act_phase():
    s = sc.ready()
    sc.move(s, "Wolves", S.Z_ADVISER, 0, 1)
    sc.play(s, card("Wolves"))
    assert sc.legal(s) == [A.SEAT + k for k in range(4)]  # yours allowed
    sc.play(s, A.SEAT + 1)
    assert s["board_warbands"][1] == 2 and sc.warbands_of(s, RED) == 14
    sc.move(s, "Wizard School", S.Z_SITE, PLAINS)
    s["favor"][0] = 1
    sc.play(s, card("Wizard School"))
    assert s["current"] == 1  # the Chancellor's turn ended
    assert s["secrets"][0] == 2  # one gained, one back from Wolves at the Rest


@pytest.mark.rule("O6.2", "O9.4")
def test_tavern_songs_peeks_and_is_not_offered_once_nothing_is_new():
    s = sc.ready()
    sc.discard_top(s, 0, "Scouts", "Keep")
    sc.move(s, "Tavern Songs", S.Z_ADVISER, 0, 1)
    sc.play(s, card("Tavern Songs"))
    assert all(s["known"][ID[n]] & 1 for n in ("Scouts", "Keep", "Ancient Binding"))
    assert card("Tavern Songs") not in sc.legal(s)


@pytest.mark.rule("O6.2", "D4")
def test_map_goes_to_the_bottom_of_the_relic_deck():
    s = sc.ready()
    sc.move(s, "Map", S.Z_PERSONAL, 0)
    s["supply"][0] = 1
    sc.play(s, card("Map"))
    assert s["supply"][0] == 5 and s["zone"][ID["Map"]] == S.Z_RELIC_DECK and s["relic_deck"][0] == ID["Map"]


# ---------------------------------------------------------------- When played (O7.3)
@pytest.mark.rule("O7.3", "D2")
def test_when_played_runs_for_a_faceup_play_only():
    s = sc.ready()
    board = int(s["board_warbands"][0])
    keep_and_play(s, "A Small Favor", 1)  # faceup adviser: gain 4 warbands
    assert s["board_warbands"][0] == board + 4
    s = sc.ready()
    keep_and_play(s, "A Small Favor", 2)  # facedown: no power
    assert s["board_warbands"][0] == 3


@pytest.mark.rule("O7.3", "D2")
def test_salad_days_takes_from_three_different_banks():
    s = sc.ready()
    keep_and_play(s, "Salad Days", 0)  # to the Plains: 1 Hearth favor first, then the power
    assert s["phase"] == S.PH_POWER and len(sc.legal(s)) == 6
    sc.play(s, A.SUIT + 0)
    assert A.SUIT + 0 not in sc.legal(s) and len(sc.legal(s)) == 5
    sc.play(s, A.SUIT + 1, A.SUIT + 2)
    assert s["favor"][0] == 2 + 1 + 3 and s["phase"] == S.PH_ACT


@pytest.mark.rule("O7.3", "O7.6.1", "O6.6.2")
def test_long_lost_heir_may_make_an_exile_a_citizen():
    s = sc.ready()
    sc.as_current(s, 1)
    keep_and_play(s, "Long-Lost Heir", 1)
    assert s["phase"] == S.PH_POWER and sc.legal(s) == [A.END, A.OPTION + 0]
    sc.play(s, A.OPTION + 0)
    assert s["side"][1] == S.SIDE_CITIZEN and s["supply"][1] == 7 and s["current"] == 2  # the Act phase ended
    assert sc.warbands_of(s, S.PURPLE) == 24


# ---------------------------------------------------------------- Rest (O4.3.5)
@pytest.mark.rule("O4.3.5", "D2")
def test_rest_powers_are_offered_once_each_after_the_rest():
    s = sc.ready()
    sc.move(s, "Insomnia", S.Z_ADVISER, 0, 1)
    sc.move(s, "Vow of Poverty", S.Z_ADVISER, 0, 1)  # only with no favor
    sc.play(s, A.END)
    assert s["phase"] == S.PH_REST and sc.legal(s) == [A.END, card("Insomnia")]
    sc.play(s, card("Insomnia"))
    assert s["secrets"][0] == 2 and sc.legal(s) == [A.END]
    sc.play(s, A.END)
    assert s["current"] == 1


@pytest.mark.rule("O4.3.5", "D2")
def test_naysayers_take_from_the_chancellor_while_an_exile_holds_the_title():
    s = sc.ready()
    sc.as_current(s, 1)
    sc.move(s, "Naysayers", S.Z_ADVISER, 1, 1)
    sc.play(s, A.END)
    assert s["current"] == 2  # no Rest decision: the power would do nothing
    s = sc.ready()
    sc.as_current(s, 1)
    sc.move(s, "Naysayers", S.Z_ADVISER, 1, 1)
    s["oath"] = [o.name for o in D.OATHS].index("The People")
    s["pf_holder"], s["title_holder"] = 2, 2  # blue, an Exile, keeps the title by holding the banner
    sc.play(s, A.END, card("Naysayers"))
    assert s["favor"][1] == 2 and s["favor"][0] == 1


def test_a_power_decision_refuses_other_answers():
    s = sc.ready()
    sc.move(s, "Wolves", S.Z_ADVISER, 0, 1)
    sc.play(s, card("Wolves"))
    before = s.copy()
    with pytest.raises(IllegalActionError):
        sc.play(s, A.SUIT + 0)
    assert s.tobytes() == before.tobytes()


def test_unwritten_powers_are_listed():
    written = {D.DENIZEN_BY_NUMBER.get(n, D.RELIC_BY_NUMBER.get(n)).name for n in E.POWERS}
    for names in E.UNWRITTEN.values():
        assert not set(names) & {n for n in written if n in names}
    assert "Spirit Snare" not in E.UNWRITTEN["action"] and "Gambling Hall" in E.UNWRITTEN["action"]
    assert "Grand Scepter" not in E.UNWRITTEN["action"]  # its actions are O6.4 and O6.6-O6.7
