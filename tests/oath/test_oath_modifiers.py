"""Major-action modifiers (O7.4) through the Travel modifiers: chosen at the start of the action
and paid at once, mandatory ones applied by themselves, an action made possible only by a
modifier, and each use lasting for the one action."""

from __future__ import annotations

import pytest

from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath import state as S
from tests.oath import scenario as sc
from tests.oath.scenario import ID, MOUNTAIN, ROCKY_COAST

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
