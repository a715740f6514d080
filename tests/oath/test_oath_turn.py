"""The turn without card powers: Wake (O4.1), the major actions Search, Muster, Trade, Recover
and Travel (O5), Rest (O4.3), the end of a round and the victories it decides (O3.3, O3.4), and
the Oathkeeper title (O2.11). Positions are the tutorial table after setup, edited."""

from __future__ import annotations

import ast
import inspect

import numpy as np
import pytest

from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath import engine, invariants
from meeplegym.envs.oath import state as S
from meeplegym.envs.oath.rules import turn
from meeplegym.errors import IllegalActionError
from tests.oath import scenario as sc
from tests.oath.scenario import ID, MOUNTAIN, PLAINS, ROCKY_COAST

SEARCH, MUSTER, TRADE, RECOVER, CAMPAIGN, TRAVEL = (A.MAJOR + int(a) for a in D.MajorAction)
RED = int(D.Colour.RED)
HEARTH, ORDER, NOMAD = int(D.Suit.HEARTH), int(D.Suit.ORDER), int(D.Suit.NOMAD)


# ---------------------------------------------------------------- Wake
@pytest.mark.rule("O4.1.1")
def test_peoples_favor_must_be_fed_when_it_holds_one():
    s = sc.ready()
    s["pf_holder"], s["pf_tokens"], s["favor"][1] = 1, 1, 2
    sc.as_current(s, 1, S.PH_BEGIN_TURN)
    turn.run_on(s)
    assert s["phase"] == S.PH_PEOPLES_FAVOR and sc.legal(s) == [A.OPTION + 0]
    sc.act(s, A.OPTION + 0)
    assert s["pf_tokens"] == 2 and s["favor"][1] == 1 and s["phase"] == S.PH_ACT


@pytest.mark.rule("O4.1.1")
def test_peoples_favor_returns_to_the_fewest_banks_and_mob_repeats():
    s = sc.ready()
    s["pf_holder"], s["pf_tokens"], s["pf_mob"], s["favor"][1] = 1, 4, 1, 3
    s["favor_bank"][:] = [3, 2, 3, 2, 5, 3]
    sc.as_current(s, 1, S.PH_BEGIN_TURN)
    turn.run_on(s)
    # place, or return to one of the two banks tied for fewest
    assert sc.legal(s) == [A.OPTION + 0, A.SUIT + 1, A.SUIT + 3]
    sc.act(s, A.SUIT + 3)
    assert s["phase"] == S.PH_PEOPLES_FAVOR  # the Mob side repeats the step once
    assert sc.legal(s) == [A.OPTION + 0, A.SUIT + 1]
    sc.act(s, A.SUIT + 1)
    assert s["pf_tokens"] == 2 and list(s["favor_bank"][:4]) == [3, 3, 3, 3] and s["phase"] == S.PH_ACT


@pytest.mark.rule("O4.1.1")
def test_peoples_favor_flips_to_mob_at_six():
    s = sc.ready()
    s["pf_holder"], s["pf_tokens"], s["favor"][1] = 1, 5, 1
    sc.as_current(s, 1, S.PH_BEGIN_TURN)
    turn.run_on(s)
    sc.act(s, A.OPTION + 0)
    assert s["pf_tokens"] == 6 and s["pf_mob"] == 1


@pytest.mark.rule("O4.1.3", "O2.11")
def test_an_exile_who_takes_the_title_becomes_usurper_then_wins():
    s = sc.ready()
    # red rules three sites, the Empire one (the Mountain): red takes the title (O2.11)
    s["site_warbands"][:, S.PURPLE] = 0
    s["site_warbands"][[PLAINS, 1, ROCKY_COAST], RED] = 1
    s["site_warbands"][MOUNTAIN, S.PURPLE] = 1
    s["slot_faceup"][1] = 1
    sc.act(s, A.END)  # the Chancellor ends its turn; the change is noticed, then red wakes
    assert s["title_holder"] == 1 and s["current"] == 1 and s["usurper"] == 1  # flipped (O4.1.3)
    for _ in range(4):  # red, blue, yellow, the Chancellor
        sc.act(s, A.END)
    assert s["terminal"] and s["winner"] == 1 and s["win_kind"] == S.WIN_USURPER  # O3.1 at red's Wake


@pytest.mark.rule("O3.2", "D5")
@pytest.mark.parametrize("drawn, wins", [(2, False), (3, True)])
def test_visionary_needs_three_visions_drawn(drawn, wins):
    s = sc.ready()
    sc.move(s, "Rebellion", S.Z_VISION_SPACE, 1)
    s["pf_holder"], s["pf_tokens"], s["favor"][1] = 1, 2, 1
    s["visions_drawn"] = drawn
    sc.act(s, A.END, A.OPTION + 0)  # red's Wake: the People's Favor first, then the check
    assert bool(s["terminal"]) == wins
    if wins:
        assert s["winner"] == 1 and s["win_kind"] == S.WIN_VISIONARY


@pytest.mark.rule("O3.2")
def test_conquest_needs_strictly_the_most_sites():
    s = sc.ready()
    sc.move(s, "Conquest", S.Z_VISION_SPACE, 1)
    s["visions_drawn"] = 3
    s["site_warbands"][ROCKY_COAST, S.PURPLE] = 0
    s["site_warbands"][ROCKY_COAST, RED] = 1
    s["site_warbands"][MOUNTAIN, S.PURPLE] = 0
    s["site_warbands"][MOUNTAIN, RED] = 1  # red 2, the Empire 1 (Plains)
    s["site_warbands"][PLAINS, S.PURPLE] = 1
    s["slot_faceup"][1] = 1
    s["site_warbands"][1, S.PURPLE] = 1  # now 2 each: a tie is no Conquest
    sc.act(s, A.END)
    assert not s["terminal"]


@pytest.mark.rule("O4.1.4", "D1")
def test_opportunity_site_offers_a_favor_or_a_secret():
    s = sc.ready()
    sc.put_site(s, 1, "Mine")
    s["slot_favor"][1] = 3
    s["pawn"][1] = 1
    sc.act(s, A.END)
    assert s["phase"] == S.PH_OPPORTUNITY and sc.legal(s) == [A.END, A.OPTION + 0]
    sc.act(s, A.OPTION + 0)
    assert s["favor"][1] == 2 and s["slot_favor"][1] == 2 and s["phase"] == S.PH_ACT


# ---------------------------------------------------------------- Search and play
@pytest.mark.rule("O5.1.1", "O5.1.2", "O2.1")
def test_world_search_stops_at_a_vision_and_advances_the_track():
    s = sc.ready()
    sc.world_top(s, "Longbows", "Faith", "Scouts")
    s["visions_drawn"] = 1
    sc.act(s, SEARCH)
    assert sc.legal(s) == [A.OPTION + 0, A.OPTION + 1]
    sc.act(s, A.OPTION + 0)
    assert s["supply"][0] == 7 - 3  # 1 Vision drawn: 3 Supply
    assert sorted(S.card_name(int(c)) for c in s["drawn"][:s["n_drawn"]]) == ["Faith", "Longbows"]
    assert s["visions_drawn"] == 2 and s["known"][ID["Faith"]] & 1


@pytest.mark.rule("O5.1.1", "D6")
def test_the_darkest_secret_makes_world_search_cost_two():
    s = sc.ready()
    s["visions_drawn"], s["supply"][0] = 4, 2
    sc.act(s, SEARCH)
    assert sc.legal(s) == [A.OPTION + 1]  # the world deck costs 4 now; the discard pile 2
    s = sc.ready()
    s["visions_drawn"], s["supply"][0], s["ds_holder"] = 4, 2, 0
    sc.act(s, SEARCH, A.OPTION + 0)
    assert s["supply"][0] == 0 and s["n_drawn"] == 3


@pytest.mark.rule("O5.1.2", "D1")
def test_discard_pile_search_costs_two_and_marshes_draw_one_fewer():
    s = sc.ready()
    sc.put_site(s, PLAINS, "Marshes")
    sc.discard_top(s, 0, "Scouts", "Wrestlers")  # the Cradle pile: Ancient Binding and these two
    sc.act(s, SEARCH, A.OPTION + 1)
    assert s["supply"][0] == 5 and s["n_drawn"] == 2


@pytest.mark.rule("O5.1.3", "O5.1.4.1", "O10")
def test_search_keep_discard_order_and_play_to_site():
    s = sc.ready()
    sc.world_top(s, "Longbows", "Scouts", "Keep")
    sc.act(s, SEARCH, A.OPTION + 0)
    sc.act(s, A.CARD + ID["Keep"])  # keep Keep
    sc.act(s, A.CARD + ID["Scouts"])  # Scouts first, Longbows on top of it
    region = 1  # from the Cradle, discards go to the Provinces
    top = [S.card_name(int(c)) for c in s["discard"][region][:s["discard_size"][region]]][-2:]
    assert top == ["Scouts", "Longbows"]
    # Keep is site-only: to the site, a facedown adviser, or discarded -- not a faceup adviser
    assert sc.legal(s) == [A.END, A.OPTION + 0, A.OPTION + 2]
    bank = int(s["favor_bank"][ORDER])
    sc.act(s, A.OPTION + 0)
    assert s["zone"][ID["Keep"]] == S.Z_SITE and s["where"][ID["Keep"]] == PLAINS and s["faceup"][ID["Keep"]]
    assert s["favor_bank"][ORDER] == bank - 1 and s["favor"][0] == 3


@pytest.mark.rule("O5.1.4.1", "D1")
def test_homeland_rewards_a_card_of_its_suit():
    s = sc.ready()
    sc.put_site(s, PLAINS, "Ancient City")
    sc.world_top(s, "Scouts")
    s["world_size"] = s["world_size"]  # Scouts on top, then two more
    sc.act(s, SEARCH, A.OPTION + 0, A.CARD + ID["Scouts"])
    while s["phase"] == S.PH_SEARCH_DISCARD:
        sc.act(s, sc.legal(s)[0])
    board = int(s["board_warbands"][0])
    sc.act(s, A.OPTION + 0)
    assert s["board_warbands"][0] == board + 2  # Ancient City: an Order card gains 2 warbands


@pytest.mark.rule("O5.1.4.1", "O2.8")
def test_a_full_site_takes_no_more_cards():
    s = sc.ready()
    sc.move(s, "Scouts", S.Z_SITE, PLAINS)
    sc.move(s, "Wrestlers", S.Z_SITE, PLAINS)  # Plains: Longbows + 2 = capacity 3
    sc.world_top(s, "Keep")
    sc.act(s, SEARCH, A.OPTION + 0, A.CARD + ID["Keep"])
    while s["phase"] == S.PH_SEARCH_DISCARD:
        sc.act(s, sc.legal(s)[0])
    assert A.OPTION + 0 not in sc.legal(s)


@pytest.mark.rule("O5.1.4.2", "O7.2")
def test_a_full_council_discards_an_adviser_but_never_a_locked_faceup_one():
    s = sc.ready()
    for name in ("A Small Favor", "Scouts"):  # A Small Favor is locked
        sc.move(s, name, S.Z_ADVISER, 0, 1)
    assert sc.legal(s).count(A.END) == 1
    sc.world_top(s, "Bear Traps")
    sc.act(s, SEARCH, A.OPTION + 0, A.CARD + ID["Bear Traps"])
    while s["phase"] == S.PH_SEARCH_DISCARD:
        sc.act(s, sc.legal(s)[0])
    sc.act(s, A.OPTION + 1)  # a faceup adviser: three already
    assert s["phase"] == S.PH_PLAY_REPLACE
    facedown = [c for c in range(1, S.N_CARDS)
                if s["zone"][c] == S.Z_ADVISER and s["where"][c] == 0 and not s["faceup"][c]]
    assert sc.legal(s) == sorted([A.CARD + ID["Scouts"]] + [A.CARD + c for c in facedown])
    sc.act(s, A.CARD + ID["Scouts"])
    assert s["zone"][ID["Bear Traps"]] == S.Z_ADVISER and s["faceup"][ID["Bear Traps"]]
    assert s["zone"][ID["Scouts"]] == S.Z_DISCARD


@pytest.mark.rule("O5.1.4.3")
def test_only_an_exile_reveals_a_vision():
    s = sc.ready()
    sc.world_top(s, "Faith")
    sc.act(s, SEARCH, A.OPTION + 0)
    sc.act(s, A.CARD + ID["Faith"])
    assert sc.legal(s) == [A.END, A.OPTION + 2]  # the Chancellor: facedown adviser or discard
    s = sc.ready()
    sc.as_current(s, 1)
    sc.world_top(s, "Faith")
    sc.act(s, SEARCH, A.OPTION + 0, A.CARD + ID["Faith"])
    assert A.OPTION + 3 in sc.legal(s)
    sc.act(s, A.OPTION + 3)
    assert s["zone"][ID["Faith"]] == S.Z_VISION_SPACE and s["where"][ID["Faith"]] == 1


@pytest.mark.rule("O6.1")
def test_a_facedown_adviser_is_played_faceup_later():
    s = sc.ready()
    adviser = next(c for c in range(1, S.N_CARDS) if s["zone"][c] == S.Z_ADVISER and s["where"][c] == 0)
    assert A.CARD + adviser in sc.legal(s)
    supply = int(s["supply"][0])
    sc.act(s, A.CARD + adviser)
    assert s["phase"] == S.PH_PLAY and A.OPTION + 2 not in sc.legal(s)  # it is facedown already
    sc.act(s, A.END)  # discard it
    assert s["zone"][adviser] == S.Z_DISCARD and s["supply"][0] == supply  # a minor action


# ---------------------------------------------------------------- Muster and Trade
@pytest.mark.rule("O5.2")
def test_muster_places_a_favor_and_gains_two_warbands():
    s = sc.ready()
    board, favor = int(s["board_warbands"][0]), int(s["favor"][0])
    sc.act(s, MUSTER)
    assert sc.legal(s) == [A.CARD + ID["Longbows"]]
    sc.act(s, A.CARD + ID["Longbows"])
    assert s["board_warbands"][0] == board + 2 and s["favor"][0] == favor - 1
    assert s["card_favor"][ID["Longbows"]] == 1 and s["supply"][0] == 6
    assert MUSTER not in sc.legal(s)  # the card carries a favor now
    assert MUSTER not in sc.legal(s) and TRADE not in sc.legal(s)


@pytest.mark.rule("O5.2", "D1")
def test_river_musters_one_more_for_its_ruler():
    s = sc.ready()
    sc.put_site(s, PLAINS, "River")
    board = int(s["board_warbands"][0])
    sc.act(s, MUSTER, A.CARD + ID["Longbows"])
    assert s["board_warbands"][0] == board + 3


@pytest.mark.rule("O5.3")
def test_trade_for_favor_counts_matching_faceup_advisers():
    s = sc.ready()
    sc.move(s, "Scouts", S.Z_ADVISER, 0, 1)  # an Order adviser, like Longbows
    sc.act(s, TRADE, A.CARD + ID["Longbows"])
    assert sc.legal(s) == [A.OPTION + 0, A.OPTION + 1]
    sc.act(s, A.OPTION + 0)
    assert s["favor"][0] == 2 + 2 and s["secrets"][0] == 0 and s["card_secrets"][ID["Longbows"]] == 1


@pytest.mark.rule("O5.3")
def test_trade_for_secrets_with_no_match_gains_none():
    s = sc.ready()
    sc.act(s, TRADE, A.CARD + ID["Longbows"], A.OPTION + 1)
    assert s["favor"][0] == 0 and s["secrets"][0] == 1 and s["card_favor"][ID["Longbows"]] == 2


# ---------------------------------------------------------------- Recover
@pytest.mark.rule("O5.4", "D1")
def test_recover_a_relic_pays_the_sites_cost():
    s = sc.ready()
    s["pawn"][0] = MOUNTAIN
    sc.act(s, RECOVER)
    assert A.FACEDOWN + 0 in sc.legal(s) and A.CARD + ID["Ivory Eye"] not in sc.legal(s)  # no face leaks
    sc.act(s, A.FACEDOWN + 0)
    assert s["zone"][ID["Ivory Eye"]] == S.Z_PERSONAL and s["favor"][0] == 0  # Mountain: burn 2 favor
    assert sc.favor_total(s) == D.FAVOR_TOTAL


@pytest.mark.rule("O5.4.2", "O5.4.4", "D10")
def test_recover_the_peoples_favor_spreads_its_old_favor_from_a_chosen_bank():
    s = sc.ready()
    s["pf_tokens"], s["pf_holder"], s["pf_mob"], s["favor"][0] = 3, 2, 1, 5
    s["favor_bank"][:] = 0
    s["shared_favor"] += 18
    sc.act(s, RECOVER)
    assert A.OPTION + 0 in sc.legal(s)
    sc.act(s, A.OPTION + 0)
    assert sc.legal(s) == [A.NUMBER + 4, A.NUMBER + 5]  # more than the 3 on it
    sc.act(s, A.NUMBER + 4, A.SUIT + int(D.Suit.BEAST))
    assert list(s["favor_bank"]) == [1, 0, 0, 0, 1, 1]  # Beast, Nomad, then around to Discord
    assert (s["pf_holder"], s["pf_tokens"], s["pf_mob"], s["favor"][0]) == (0, 4, 0, 1)


@pytest.mark.rule("O5.4.1", "O5.4.4")
def test_darkest_secret_access_and_split():
    s = sc.ready()
    s["ds_holder"], s["ds_tokens"], s["secrets"][0] = 2, 3, 4
    s["pawn"][2] = PLAINS
    sc.move(s, "Wrestlers", S.Z_ADVISER, 2, 1)  # an Order adviser matches Longbows at blue's site
    sc.act(s, RECOVER)
    assert A.OPTION + 1 not in sc.legal(s)  # every suited card there matches one of blue's advisers
    s = sc.ready()
    s["ds_holder"], s["ds_tokens"], s["secrets"][0], s["secrets"][2] = 2, 3, 4, 0
    s["pawn"][2] = PLAINS
    sc.act(s, RECOVER, A.OPTION + 1, A.NUMBER + 4)
    assert (s["ds_holder"], s["ds_tokens"], s["secrets"][0], s["secrets"][2]) == (0, 4, 1, 2)


# ---------------------------------------------------------------- Travel
@pytest.mark.rule("O5.6.1")
def test_travel_costs_by_region():
    s = sc.ready()
    sc.act(s, TRAVEL)
    assert sc.legal(s) == [A.SLOT + k for k in range(1, 8)]
    sc.act(s, A.SLOT + ROCKY_COAST)  # Cradle -> Hinterland: 4
    assert s["supply"][0] == 3 and s["pawn"][0] == ROCKY_COAST
    sc.act(s, TRAVEL)
    # 3 left: the Provinces (2) and the other Hinterland sites (3), not the Cradle (4)
    assert sc.legal(s) == [A.SLOT + k for k in (2, 3, 4, 6, 7)]


@pytest.mark.rule("O5.6.2", "D1")
def test_travel_reveals_a_facedown_site():
    s = sc.ready()
    sc.put_site(s, 1, "Salt Flats", faceup=False)
    shared = int(s["shared_favor"])
    sc.act(s, TRAVEL, A.SLOT + 1)
    assert s["slot_faceup"][1] and s["slot_favor"][1] == 2 and s["slot_secrets"][1] == 1
    assert s["shared_favor"] == shared - 2 and s["supply"][0] == 6
    s = sc.ready()
    sc.put_site(s, 1, "Drowned City", faceup=False)
    relics = int(s["relic_size"])
    sc.act(s, TRAVEL, A.SLOT + 1)
    assert relics - s["relic_size"] == 2 and s["slot_secrets"][1] == 3


@pytest.mark.rule("O5.6.1", "D1")
def test_narrow_pass_catches_travel_into_its_region():
    s = sc.ready()
    sc.put_site(s, 3, "Narrow Pass")
    sc.act(s, TRAVEL)
    assert [a - A.SLOT for a in sc.legal(s)] == [1, 3, 5, 6, 7]  # the Provinces only through the Pass


@pytest.mark.rule("O5.6.1", "D1")
def test_coasts_charming_valley_and_the_hidden_place():
    s = sc.ready()
    sc.put_site(s, 1, "Lush Coast")
    s["pawn"][0] = 1
    s["supply"][0] = 1
    sc.act(s, TRAVEL)
    assert sc.legal(s) == [A.SLOT + 0, A.SLOT + ROCKY_COAST]  # coast to coast for 1
    s = sc.ready()
    sc.put_site(s, PLAINS, "Charming Valley")
    s["supply"][0] = 2
    sc.act(s, TRAVEL)
    assert sc.legal(s) == [A.SLOT + 1]  # 1 + 1 within the Cradle; the Provinces would cost 3
    s = sc.ready()
    sc.put_site(s, 1, "The Hidden Place")
    s["secrets"][0] = 0
    sc.act(s, TRAVEL)
    assert A.SLOT + 1 not in sc.legal(s)
    s["secrets"][0] = 1
    sc.act(s, A.SLOT + 1)
    assert s["secrets"][0] == 0 and s["secrets_down"][0] == 1


@pytest.mark.rule("O5.6.1", "D1")
def test_buried_giant_flips_a_secret_to_travel_free():
    s = sc.ready()
    sc.put_site(s, PLAINS, "Buried Giant")
    s["supply"][0] = 0
    sc.act(s, TRAVEL)
    assert len(sc.legal(s)) == 7  # anywhere, Supply or not
    sc.act(s, A.SLOT + ROCKY_COAST)
    assert s["supply"][0] == 0 and s["secrets_down"][0] == 1 and s["pawn"][0] == ROCKY_COAST
    s = sc.ready()
    sc.put_site(s, PLAINS, "Buried Giant")
    sc.act(s, TRAVEL, A.SLOT + 1)
    assert s["phase"] == S.PH_TRAVEL_FREE and sc.legal(s) == [A.END, A.OPTION + 0]
    sc.act(s, A.END)
    assert s["supply"][0] == 6 and s["secrets_down"][0] == 0


# ---------------------------------------------------------------- Rest and the round
@pytest.mark.rule("O4.3")
def test_rest_returns_tokens_refreshes_and_saves_supply():
    s = sc.ready()
    sc.act(s, MUSTER, A.CARD + ID["Longbows"])  # 1 favor on Longbows, Supply 6
    s["secrets_down"][0] = 2
    bank = int(s["favor_bank"][ORDER])
    sc.act(s, A.END)
    assert s["card_favor"][ID["Longbows"]] == 0 and s["favor_bank"][ORDER] == bank + 1
    assert s["secrets"][0] == 3 and s["secrets_down"][0] == 0
    # 17 - 2 mustered = 15 purple in the bank: refresh 5, plus 6 unspent, capped at 7
    assert s["supply"][0] == 7


@pytest.mark.rule("O4.3.3", "O2.2")
def test_refresh_values_by_board():
    s = sc.ready()
    s["supply"][0] = 0
    s["bank_warbands"][S.PURPLE] = 3
    sc.act(s, A.END)
    assert s["supply"][0] == 3  # the Chancellor with 0-3 warbands in the bank
    s["supply"][1], s["bank_warbands"][RED] = 1, 9
    sc.act(s, A.END)
    assert s["supply"][1] == 7  # an Exile with 9+: 6, plus 1 saved
    s = sc.ready()
    s["side"][1] = S.SIDE_CITIZEN
    s["supply"][0], s["supply"][1] = 4, 0
    sc.act(s, A.END)  # the Chancellor refreshes to min(7, 3 + 4)
    sc.act(s, A.END)
    assert s["supply"][1] == s["supply"][0]  # a Citizen refreshes to the Chancellor's Supply


def _end_round(s, round_):
    s["round"] = round_
    sc.as_current(s, s["n_players"] - 1)
    sc.act(s, A.END)


@pytest.mark.rule("O3.3")
@pytest.mark.parametrize("round_, chance", [(5, 1 / 6), (6, 2 / 6), (7, 4 / 6)])
def test_stable_regime_end_die(round_, chance):
    wins = 0
    trials = 600
    for seed in range(trials):
        s = sc.ready(seed=seed % 3)
        s["rng"] = np.uint64(seed * 7919 + 1)
        _end_round(s, round_)
        wins += bool(s["terminal"])
        if s["terminal"]:
            assert s["winner"] == 0 and s["win_kind"] == S.WIN_STABLE_REGIME
    sd = (trials * chance * (1 - chance)) ** 0.5
    assert abs(wins - trials * chance) < 4 * sd


@pytest.mark.rule("O3.3")
def test_no_end_die_when_an_exile_holds_the_title():
    s = sc.ready()
    s["title_holder"], s["usurper"] = 1, 1
    s["site_warbands"][:, S.PURPLE] = 0
    s["site_warbands"][PLAINS, RED] = 2
    for seed in range(40):
        s["rng"] = np.uint64(seed + 1)
        t = s.copy()
        _end_round(t, 7)
        assert not t["terminal"] and t["round"] == 8


@pytest.mark.rule("O3.4")
def test_war_exhaustion_order():
    s = sc.ready()
    _end_round(s, 8)
    assert s["terminal"] and s["winner"] == 0 and s["win_kind"] == S.WIN_WAR_EXHAUSTION
    s = sc.ready()
    s["site_warbands"][:, S.PURPLE] = 0
    s["site_warbands"][PLAINS, RED] = 2
    s["title_holder"], s["usurper"] = 1, 1
    _end_round(s, 8)
    assert s["winner"] == 1  # an Exile Usurper
    s = sc.ready()
    sc.move(s, "Faith", S.Z_VISION_SPACE, 2)
    s["ds_holder"], s["visions_drawn"] = 2, 3
    s["site_warbands"][:, S.PURPLE] = 0
    s["site_warbands"][PLAINS, RED] = 2
    s["title_holder"], s["usurper"] = 1, 0  # the title is not on its Usurper side yet
    _end_round(s, 8)
    assert s["winner"] == 2  # a Visionary


@pytest.mark.rule("O3.3.1", "D8")
def test_a_successor_citizen_wins_instead_of_the_chancellor():
    s = sc.ready()
    s["side"][2] = S.SIDE_CITIZEN
    sc.move(s, "Map", S.Z_PERSONAL, 2)
    sc.move(s, "Whistle", S.Z_PERSONAL, 2)  # 2 relics against the Chancellor's Grand Scepter
    _end_round(s, 8)
    assert s["winner"] == 2 and s["win_kind"] == S.WIN_SUCCESSOR


@pytest.mark.rule("O2.11")
def test_the_holder_chooses_among_tied_challengers():
    s = sc.ready()
    s["site_warbands"][:, S.PURPLE] = 0
    s["site_warbands"][PLAINS, RED] = 1
    s["site_warbands"][ROCKY_COAST, int(D.Colour.BLUE)] = 1
    s["site_warbands"][MOUNTAIN, S.PURPLE] = 0
    sc.act(s, A.END)
    assert s["phase"] == S.PH_TITLE and s["actor"] == 0 and sc.legal(s) == [A.SEAT + 1, A.SEAT + 2]
    sc.act(s, A.SEAT + 2)
    assert s["title_holder"] == 2 and s["current"] == 1 and s["phase"] == S.PH_ACT


# ---------------------------------------------------------------- bad input and whole games
def test_an_illegal_action_changes_nothing():
    s = sc.ready()
    before = s.copy()
    for a in (A.SEAT + 1, A.SLOT + 3, A.N_ACTIONS, -1, True, 2.0, "end"):
        with pytest.raises(IllegalActionError):
            engine.step(s, a)
    assert s.tobytes() == before.tobytes()


@pytest.mark.rule("O4")
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_random_games_end_and_conserve_pieces(n):
    for seed in range(4):
        s = sc.new(n, seed)
        rng = np.random.default_rng(seed)
        steps = 0
        while not s["terminal"]:
            actions = sc.legal(s)
            assert actions, S.PHASE_NAMES[s["phase"]]
            engine.step(s, int(rng.choice(actions)))  # through the checked API: nothing illegal offered
            assert invariants.check(s) == []
            steps += 1
            assert steps < 5000
        assert s["winner"] >= 0 and s["round"] <= D.ROUNDS


@pytest.mark.rule("O6.3", "O9.4")
def test_facedown_relics_are_named_by_position_in_laying_order():
    s = sc.ready()
    sc.put_site(s, 1, "Drowned City", faceup=False)
    laid = [int(c) for c in s["relic_deck"][s["relic_size"] - 2:s["relic_size"]][::-1]]  # the top two
    sc.act(s, TRAVEL, A.SLOT + 1)
    peeks = [a for a in sc.legal(s) if A.FACEDOWN <= a < A.FACEDOWN + A.RELIQUARY_AT]
    assert peeks == [A.FACEDOWN + 0, A.FACEDOWN + 1]
    sc.act(s, A.FACEDOWN + 1)
    assert s["known"][laid[1]] & 1 and not s["known"][laid[0]] & 1
    assert A.FACEDOWN + 1 not in sc.legal(s)
    assert A.action_to_str(A.FACEDOWN + 1, s) == "facedown relic 2 at your site"


def _search_keep(s, name):
    """Search the world deck with `name` on top, keep it and discard the rest."""
    sc.world_top(s, name)
    sc.act(s, SEARCH, A.OPTION + 0, A.CARD + ID[name])
    while s["phase"] == S.PH_SEARCH_DISCARD:
        sc.act(s, sc.legal(s)[0])


@pytest.mark.rule("O5.1.4.1", "D6")
def test_the_peoples_favor_plays_anywhere_in_the_region_after_a_discard():
    s = sc.ready()
    s["pf_holder"] = 0
    s["slot_faceup"][1] = 1  # the Lush Coast, in the Cradle beside the Plains
    sc.move(s, "Scouts", S.Z_SITE, 1)
    _search_keep(s, "Wrestlers")
    sc.act(s, A.OPTION + 0)
    assert s["phase"] == S.PH_PF_DISCARD
    assert sc.legal(s) == [A.END, A.CARD + ID["Longbows"], A.CARD + ID["Scouts"]]
    sc.act(s, A.CARD + ID["Scouts"])
    assert s["zone"][ID["Scouts"]] == S.Z_DISCARD and s["where"][ID["Scouts"]] == 1  # the card's region outward
    assert sc.legal(s) == [A.SLOT + 0, A.SLOT + 1]
    sc.act(s, A.SLOT + 1)
    assert s["zone"][ID["Wrestlers"]] == S.Z_SITE and s["where"][ID["Wrestlers"]] == 1


@pytest.mark.rule("O5.1.4.1", "D1")
def test_homeland_pays_nothing_after_a_card_of_its_suit_left_the_site_this_turn():
    s = sc.ready()
    sc.put_site(s, PLAINS, "Ancient City")  # Order homeland; Longbows (Order) is there
    s["pf_holder"] = 0
    _search_keep(s, "Scouts")
    board = int(s["board_warbands"][0])
    sc.act(s, A.OPTION + 0, A.CARD + ID["Longbows"], A.SLOT + PLAINS)
    assert s["board_warbands"][0] == board  # an Order card was discarded from here this turn


@pytest.mark.rule("O5.1.4.4", "D10")
def test_the_conspiracy_takes_a_relic_from_a_matching_player():
    s = sc.ready()
    sc.as_current(s, 1)  # red, at the Plains with blue
    for name in ("Scouts", "Wrestlers"):  # two Order advisers
        sc.move(s, name, S.Z_ADVISER, 1, 1)
    sc.move(s, "Keep", S.Z_ADVISER, 2, 1)  # blue has an Order adviser
    sc.move(s, "Map", S.Z_PERSONAL, 2)
    _search_keep(s, "Conspiracy")
    assert A.OPTION + 4 in sc.legal(s)
    sc.act(s, A.OPTION + 4)
    assert s["phase"] == S.PH_CONSPIRACY
    # blue qualifies; the Chancellor, also here, has no faceup adviser to match
    assert sc.legal(s) == [A.END, A.CARD + ID["Map"]]
    sc.act(s, A.CARD + ID["Map"])
    assert s["where"][ID["Map"]] == 1 and s["secrets"][1] == 0
    assert s["zone"][ID["Conspiracy"]] == S.Z_BOX


@pytest.mark.rule("O5.6.1", "D1")
def test_an_enemy_ruler_of_the_shrouded_wood_picks_your_destination():
    s = sc.ready()
    sc.put_site(s, ROCKY_COAST, "Shrouded Wood")
    sc.as_current(s, 1)
    s["pawn"][1] = ROCKY_COAST  # the Empire rules it: the Chancellor picks for red
    sc.act(s, TRAVEL)
    assert s["actor"] == 0 and s["phase"] == S.PH_TRAVEL
    sc.act(s, A.SLOT + 6)
    assert s["pawn"][1] == 6 and s["actor"] == 1 and s["supply"][1] == 7 - 2


# ---------------------------------------------------------------- the two switches
def _phase_cases(function_name):
    """{phase constant: the one statement of its case} in a switch of rules/turn.py."""
    tree = ast.parse(inspect.getsource(turn))
    switch = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == function_name)
    chain = next(n for n in switch.body if isinstance(n, ast.If))
    cases = {}
    while chain is not None:
        test = chain.test
        assert isinstance(test, ast.Compare) and ast.unparse(test.left) == "phase", ast.unparse(test)
        phase = ast.unparse(test.comparators[0])
        assert phase not in cases, f"{function_name}: two cases for {phase}"
        assert len(chain.body) == 1, f"{function_name}: the case of {phase} is more than one statement"
        cases[phase] = ast.unparse(chain.body[0])
        chain = chain.orelse[0] if chain.orelse and isinstance(chain.orelse[0], ast.If) else None
    return cases


def test_legal_and_apply_handle_every_decision_phase_one_case_each():
    legal, apply = _phase_cases("legal"), _phase_cases("apply")
    decisions = {name for name in dir(S) if name.startswith("PH_")} - {"PH_BEGIN_TURN", "PH_GAME_OVER"}
    setup = {p for p in decisions if getattr(S, p) < S.PH_BEGIN_TURN}
    assert set(legal) == set(apply) == decisions - setup | {"PH_BEGIN_TURN"}  # `phase < PH_BEGIN_TURN`: setup's
    assert legal["PH_BEGIN_TURN"] == "setup.legal(s, mask)" and apply["PH_BEGIN_TURN"] == "setup.apply(s, a)"
