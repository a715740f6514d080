"""Major-action modifiers (O7.4) through the Travel modifiers: chosen at the start of the action
and paid at once, mandatory ones applied by themselves, an action made possible only by a
modifier, and each use lasting for the one action."""

from __future__ import annotations

import pytest

from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath import state as S
from tests.oath import scenario as sc
from tests.oath.scenario import ID, MOUNTAIN, PLAINS, ROCKY_COAST

TRAVEL = A.MAJOR + int(D.MajorAction.TRAVEL)


def card(name):
    return A.CARD + ID[name]


@pytest.mark.rule("O7.4", "D2")
def test_tents_make_travel_within_the_region_free():
    s = sc.ready()
    sc.move(s, "Tents", S.Z_ADVISER, 0, 1)  # F
    sc.play(s, TRAVEL)
    assert s["phase"] == S.PH_MODIFY and sc.legal(s) == [A.END, card("Tents")]
    sc.play(s, card("Tents"))
    assert s["card_favor"][ID["Tents"]] == 1 and s["favor"][0] == 1  # paid at once (O7.4)
    assert sc.legal(s) == [A.END]
    sc.play(s, A.END, A.SLOT + 1)
    assert s["pawn"][0] == 1 and s["supply"][0] == 7
    assert s["mod_on"][ID["Tents"]] == 0  # one action only (O7.4.2)
    sc.play(s, TRAVEL)
    assert s["phase"] == S.PH_TRAVEL  # Tents carries its favor now: nothing to offer


@pytest.mark.rule("O7.4", "O5")
def test_a_modifier_can_make_an_action_possible():
    s = sc.ready()
    s["supply"][0] = 0
    assert TRAVEL not in sc.legal(s)
    sc.move(s, "Special Envoy", S.Z_ADVISER, 0, 1)
    assert TRAVEL in sc.legal(s)
    sc.play(s, TRAVEL)
    assert sc.legal(s) == [card("Special Envoy")]  # no END: without it the Travel cannot be paid
    sc.play(s, card("Special Envoy"), A.END, A.SLOT + ROCKY_COAST)
    assert s["pawn"][0] == ROCKY_COAST and s["current"] == 1  # the Act phase ended (Special Envoy)


@pytest.mark.rule("O7.4", "D2", "D1")
def test_forest_paths_ignore_site_powers_on_the_way_to_a_beast_card():
    s = sc.ready()
    sc.put_site(s, 3, "Narrow Pass")
    sc.move(s, "Wolves", S.Z_SITE, MOUNTAIN)
    sc.move(s, "Forest Paths", S.Z_ADVISER, 0, 1)
    s["supply"][0] = 1
    sc.play(s, TRAVEL, card("Forest Paths"), A.END)
    assert A.SLOT + MOUNTAIN in sc.legal(s)  # past the Narrow Pass, for nothing
    sc.play(s, A.SLOT + MOUNTAIN)
    assert s["pawn"][0] == MOUNTAIN and s["supply"][0] == 1


@pytest.mark.rule("O7.4", "D2", "D4")
def test_a_fast_steed_dragonskin_drum_and_the_mandatory_tyrant():
    s = sc.ready()
    sc.move(s, "A Fast Steed", S.Z_ADVISER, 0, 1)
    sc.move(s, "Dragonskin Drum", S.Z_PERSONAL, 0)
    sc.move(s, "Tyrant", S.Z_ADVISER, 0, 1)
    sc.play(s, TRAVEL)
    assert sc.legal(s) == [A.END, card("A Fast Steed"), card("Dragonskin Drum")]  # Tyrant is not asked
    sc.play(s, card("A Fast Steed"), card("Dragonskin Drum"), A.END, A.SLOT + ROCKY_COAST)
    assert s["supply"][0] == 7 and s["board_warbands"][0] == 4  # free with 3 on the board; +1
    assert s["site_warbands"][ROCKY_COAST, S.PURPLE] == 0  # Tyrant killed the Empire's own
    assert sc.warbands_of(s, S.PURPLE) == 24


MUSTER = A.MAJOR + int(D.MajorAction.MUSTER)


@pytest.mark.rule("O7.4", "D2")
def test_pressgangs_and_downtrodden():
    s = sc.ready()
    sc.move(s, "Pressgangs", S.Z_ADVISER, 0, 1)
    sc.move(s, "Downtrodden", S.Z_ADVISER, 0, 1)
    s["card_favor"][ID["Longbows"]] = 1  # already used this turn
    s["favor"][0] -= 1
    s["favor_bank"][:] = [3, 3, 2, 3, 3, 3]  # Order strictly poorest
    s["shared_favor"] += 1
    sc.play(s, MUSTER)
    assert sc.legal(s) == [card("Pressgangs")]  # no END: without Pressgangs nothing to muster on
    sc.play(s, card("Pressgangs"), card("Downtrodden"), A.END)
    board = int(s["board_warbands"][0])
    sc.play(s, card("Longbows"))
    assert s["board_warbands"][0] == board + 2 + 2 and s["card_favor"][ID["Longbows"]] == 2


@pytest.mark.rule("O7.4", "D2")
def test_animal_playmates_muster_on_a_beast_card_for_no_supply():
    s = sc.ready()
    s["supply"][0] = 0
    sc.move(s, "Wolves", S.Z_SITE, PLAINS)
    sc.move(s, "Animal Playmates", S.Z_ADVISER, 0, 1)
    assert MUSTER in sc.legal(s)
    sc.play(s, MUSTER, card("Animal Playmates"), A.END)
    assert sc.legal(s) == [card("Wolves")]  # Longbows would still cost a Supply
    sc.play(s, card("Wolves"))
    assert s["supply"][0] == 0 and s["board_warbands"][0] == 5


@pytest.mark.rule("O7.4.1", "D2")
def test_mandatory_initiation_rite_and_vow_of_beastkin():
    s = sc.ready()
    sc.move(s, "Initiation Rite", S.Z_ADVISER, 0, 1)
    s["secrets"][0] = 0
    assert MUSTER not in sc.legal(s)  # it must place a secret, and there is none
    s["secrets"][0] = 1
    sc.play(s, MUSTER)
    assert s["phase"] == S.PH_MUSTER  # nothing optional to ask
    sc.play(s, card("Longbows"))
    assert s["card_secrets"][ID["Longbows"]] == 1 and s["favor"][0] == 2 and s["secrets"][0] == 0
    s = sc.ready()
    sc.move(s, "Vow of Beastkin", S.Z_ADVISER, 0, 1)  # Beast: Longbows (Order) matches no adviser
    assert MUSTER not in sc.legal(s)
    sc.move(s, "Scouts", S.Z_ADVISER, 0, 1)
    board = int(s["board_warbands"][0])
    sc.play(s, MUSTER, card("Longbows"))
    assert s["board_warbands"][0] == board + 3


TRADE = A.MAJOR + int(D.MajorAction.TRADE)


@pytest.mark.rule("O7.4", "D2", "D4")
def test_trade_modifiers_waive_the_supply():
    s = sc.ready()
    s["supply"][0] = 0
    sc.move(s, "Cup of Plenty", S.Z_PERSONAL, 0)
    sc.move(s, "Scouts", S.Z_ADVISER, 0, 1)  # matches Longbows (Order)
    assert TRADE in sc.legal(s)
    sc.play(s, TRADE, card("Cup of Plenty"), A.END, card("Longbows"), A.OPTION + 0)
    assert s["supply"][0] == 0 and s["favor"][0] == 2 + 2
    s = sc.ready()
    s["supply"][0] = 0
    sc.move(s, "Awaited Return", S.Z_ADVISER, 0, 1)
    sc.play(s, TRADE, card("Awaited Return"), A.END, card("Longbows"), A.OPTION + 1)
    assert s["supply"][0] == 0 and s["board_warbands"][0] == 2 and sc.warbands_of(s, S.PURPLE) == 24


@pytest.mark.rule("O7.4", "D2")
def test_acting_troupe_and_secret_signal_change_the_gain():
    s = sc.ready()
    sc.move(s, "Acting Troupe", S.Z_ADVISER, 0, 1)  # Arcane, treated as Order for this trade
    sc.play(s, TRADE, card("Acting Troupe"), A.END, card("Longbows"), A.OPTION + 0)
    assert s["favor"][0] == 2 + 2
    s = sc.ready()
    sc.move(s, "Secret Signal", S.Z_ADVISER, 0, 1)  # one favor becomes two
    sc.play(s, TRADE, card("Secret Signal"), A.END, card("Longbows"), A.OPTION + 0)
    assert s["favor"][0] == 2 + 2


@pytest.mark.rule("O7.4", "D2")
def test_map_library_trades_across_the_region():
    s = sc.ready()
    s["slot_faceup"][1] = 1
    sc.move(s, "Map Library", S.Z_SITE, PLAINS)
    sc.move(s, "Wayside Inn", S.Z_SITE, 1)
    sc.play(s, TRADE)
    sc.play(s, card("Map Library"), A.END)
    assert card("Wayside Inn") in sc.legal(s)
    sc.play(s, card("Wayside Inn"), A.OPTION + 0)
    assert s["card_secrets"][ID["Wayside Inn"]] == 1


SEARCH = A.MAJOR + int(D.MajorAction.SEARCH)


@pytest.mark.rule("O7.4", "D2", "D4")
def test_search_modifiers_change_cost_source_and_draw():
    s = sc.ready()
    sc.move(s, "News from Afar", S.Z_ADVISER, 0, 1)  # FF
    sc.move(s, "Augury", S.Z_ADVISER, 0, 1)
    s["favor"][0] = 2
    sc.play(s, SEARCH, card("News from Afar"), card("Augury"), A.END, A.OPTION + 0)
    assert s["supply"][0] == 7 and s["n_drawn"] == 4
    s = sc.ready()
    sc.move(s, "Errand Boy", S.Z_ADVISER, 0, 1)  # F: another region's pile
    sc.play(s, SEARCH)
    sc.play(s, card("Errand Boy"), A.END)
    assert sc.legal(s) == [A.OPTION + 0, A.OPTION + 1, A.OPTION + 2, A.OPTION + 3]
    sc.play(s, A.OPTION + 3)  # two regions out from the Cradle: the Hinterland's pile
    assert s["discard_size"][2] == 0 and s["supply"][0] == 5


@pytest.mark.rule("O7.4.1", "D4")
def test_book_of_records_trades_the_site_favor_for_a_secret():
    s = sc.ready()
    sc.move(s, "Book of Records", S.Z_PERSONAL, 0)
    sc.world_top(s, "Scouts")
    sc.play(s, SEARCH)
    assert s["phase"] == S.PH_SEARCH_SOURCE  # mandatory, and nothing optional to ask
    sc.play(s, A.OPTION + 0, card("Scouts"))
    while s["phase"] == S.PH_SEARCH_DISCARD:
        sc.play(s, sc.legal(s)[0])
    sc.play(s, A.OPTION + 0)
    assert s["favor"][0] == 2 and s["secrets"][0] == 2


@pytest.mark.rule("O7.4", "D2")
def test_wild_cry_and_welcoming_party_pay_on_the_play():
    s = sc.ready()
    sc.move(s, "Wild Cry", S.Z_ADVISER, 0, 1)
    s["slot_faceup"][1] = 1
    sc.move(s, "Welcoming Party", S.Z_SITE, 1)
    s["pawn"][0] = 1  # the Lush Coast: Welcoming Party there is in reach
    sc.world_top(s, "Wolves")
    board = int(s["board_warbands"][0])
    sc.play(s, SEARCH, card("Wild Cry"), card("Welcoming Party"), A.END, A.OPTION + 0, card("Wolves"))
    while s["phase"] == S.PH_SEARCH_DISCARD:
        sc.play(s, sc.legal(s)[0])
    sc.play(s, A.OPTION + 1)  # Wolves, a Beast card, as a faceup adviser
    assert s["board_warbands"][0] == board + 2 and s["supply"][0] == 7 - 2 + 1
    assert s["favor"][0] == 2 + 1 and s["mod_on"].sum() == 0


RECOVER = A.MAJOR + int(D.MajorAction.RECOVER)


@pytest.mark.rule("O7.4", "D2")
def test_magicians_code_and_relic_worship():
    s = sc.ready()
    sc.move(s, "Magician's Code", S.Z_ADVISER, 0, 1)  # FF
    s["secrets"][0] = 0
    s["ds_tokens"] = 1
    assert RECOVER in sc.legal(s)  # the two secrets it brings outbid the one on the banner
    sc.play(s, RECOVER, card("Magician's Code"), A.END, A.OPTION + 1)
    assert sc.legal(s) == [A.NUMBER + 0]  # none of your own needed (nor had)
    sc.play(s, A.NUMBER + 0)
    assert (s["ds_holder"], s["ds_tokens"], s["secrets"][0]) == (0, 2, 1)  # one of the old back
    s = sc.ready()
    s["pawn"][0] = MOUNTAIN
    s["supply"][0] = 2
    sc.move(s, "Relic Worship", S.Z_ADVISER, 0, 1)
    sc.play(s, RECOVER, card("Relic Worship"), A.END, A.FACEDOWN + 0)
    assert s["supply"][0] == 2 - 1 + 3 and s["zone"][ID["Ivory Eye"]] == S.Z_PERSONAL
