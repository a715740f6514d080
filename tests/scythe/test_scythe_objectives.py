"""Rules tests: objectives (spec S17, D8; Saxony S12.5): the conditions, the reveal windows and
the cards' fate after a reveal."""

from __future__ import annotations

import numpy as np
import pytest

from tests.scythe import scenario as sc

from meeplegym.envs.scythe.rules.objectives import condition_holds

A = sc.A
NORDIC, RUSVIET = 0, 1


def _game(factions=("nordic", "rusviet"), mats=("patriotic", "industrial")):
    return sc.empty_board(sc.base_dict(factions=factions, mats=mats))


def _holds(d, card, seat=0):
    return bool(condition_holds(sc.load(d), seat, card - 1))


# ---------------------------------------------------------------- conditions, each both ways
@pytest.mark.rule("D8")
@pytest.mark.rule("S0.6")
@pytest.mark.parametrize("card,terrain_hexes", [(1, (0, 10, 14)), (3, (1, 11, 12)), (4, (4, 7, 9)),
                                                (10, (3, 13, 15)), (11, (2, 5, 18))])
def test_control_three_of_a_terrain(card, terrain_hexes):
    d = _game()
    sc.set_workers(d, 0, {t: 1 for t in terrain_hexes[:2]})
    assert not _holds(d, card)
    sc.set_structure(d, 0, "mine", terrain_hexes[2])  # a structure alone controls (S0.6)
    assert _holds(d, card)
    sc.place(d, 1, "worker 1", terrain_hexes[2])  # ... unless an enemy unit stands there
    assert not _holds(d, card)


@pytest.mark.rule("D8")
def test_underworld_counts_tunnels_not_the_mine():
    d = _game()
    sc.set_workers(d, 0, {9: 1, 14: 1, 0: 1})
    sc.set_structure(d, 0, "mine", 0)
    assert not _holds(d, 2)
    sc.place(d, 0, "worker 3", 17)
    assert _holds(d, 2)


@pytest.mark.rule("D8")
def test_king_of_the_hill_needs_the_factory_and_top_power():
    d = _game()
    sc.place(d, 0, "character", 22)
    sc.set_player(d, 0, power=6)
    sc.set_player(d, 1, power=6)
    assert _holds(d, 5)  # ties allowed
    sc.set_player(d, 1, power=7)
    assert not _holds(d, 5)


@pytest.mark.rule("D8")
def test_poor_popular_workforce_and_pacifist():
    d = _game()
    sc.set_workers(d, 0, {0: 2, 1: 3})
    sc.set_player(d, 0, coins=2, popularity=13, power=0)
    assert _holds(d, 8) and _holds(d, 18)
    sc.set_player(d, 0, coins=3)
    assert not _holds(d, 8) and _holds(d, 18)
    sc.set_player(d, 0, power=1)
    assert not _holds(d, 18)


@pytest.mark.rule("D8")
def test_stockpile_needs_nine_with_every_type_on_one_controlled_territory():
    d = _game()
    sc.set_workers(d, 0, {0: 1})
    sc.set_resources(d, 0, food=6, wood=1, metal=1)
    assert not _holds(d, 9)  # no oil
    sc.set_resources(d, 0, food=5, wood=1, metal=1, oil=1)
    assert not _holds(d, 9)  # only 8
    sc.set_resources(d, 0, food=6, wood=1, metal=1, oil=1)
    assert _holds(d, 9)


@pytest.mark.rule("D8")
def test_six_pieces_on_one_territory_counts_structures():
    d = _game()
    sc.place(d, 0, "character", 0)
    sc.set_mechs(d, 0, [0, 0])
    sc.set_workers(d, 0, {0: 2})
    assert not _holds(d, 13)
    sc.set_structure(d, 0, "mill", 0)
    assert _holds(d, 13)


@pytest.mark.rule("D8")
def test_balanced_workforce_and_wolf_among_sheep():
    d = _game()
    sc.set_workers(d, 0, {0: 2})
    sc.set_recruits(d, 0, ["upgrade"], ["power"])
    assert not _holds(d, 15)
    sc.set_recruits(d, 0, ["upgrade", "build"], ["power", "coins"])
    assert _holds(d, 15)
    d = _game()
    sc.place(d, 0, "character", 0)
    sc.set_mechs(d, 0, [0])
    sc.set_workers(d, 0, {0: 1})
    sc.set_resources(d, 0, metal=5)
    assert _holds(d, 16)
    sc.set_mechs(d, 0, [0, 0])  # exactly one mech
    assert not _holds(d, 16)


@pytest.mark.rule("D8")
def test_divide_and_conquer_and_the_lake_shore():
    d = _game()
    sc.set_workers(d, 0, {15: 1, 23: 1})
    assert _holds(d, 17)  # two territories next to the Factory, no factory card
    d["players"][0]["factory_card"] = 3
    assert not _holds(d, 17)
    d = _game()
    sc.set_workers(d, 0, {9: 1, 10: 1, 15: 1, 17: 1})  # lake 16 touches 9, 10, 15, 17, 22, 23
    assert not _holds(d, 19)
    sc.place(d, 0, "worker 5", 23)
    assert _holds(d, 19)


@pytest.mark.rule("D8")
def test_monopoly_and_hedge_your_bets():
    d = _game()
    sc.set_workers(d, 0, {0: 1, 1: 1})
    sc.set_resources(d, 0, oil=5)
    sc.set_resources(d, 1, oil=4, food=1)
    assert _holds(d, 21)
    assert not _holds(d, 14)
    sc.set_upgrades(d, 0, ["bolster_power"], {"deploy": 1})
    sc.set_mechs(d, 0, [0])
    sc.set_structure(d, 0, "mill", 1)
    sc.set_recruits(d, 0, ["enlist"], ["coins"])
    sc.set_resources(d, 1, oil=4, food=1, wood=1, metal=1)
    assert _holds(d, 14)


@pytest.mark.rule("D8")
def test_foothold_factory_cards_and_tactical_mastery():
    d = _game()
    sc.set_workers(d, 0, {0: 1, 1: 1, 2: 1})
    for k, t in (("mill", 0), ("mine", 1), ("armory", 2)):
        sc.set_structure(d, 0, k, t)
    sc.set_player(d, 0, popularity=7)
    assert _holds(d, 20)
    sc.set_mechs(d, 0, [0])
    assert not _holds(d, 20)
    assert not _holds(d, 7) and not _holds(d, 22)  # no factory card yet
    d["players"][0]["factory_card"] = 5
    assert _holds(d, 7) and _holds(d, 22)  # 1 mech, 3 workers; 0 upgrades
    d = _game()
    sc.set_cards(d, hands={0: {2: 8}, 1: {}})
    assert not _holds(d, 23)
    sc.set_stars(d, 0, combat=1)
    assert _holds(d, 23)


# ---------------------------------------------------------------- windows and reveals (S17)
def _coins_turn(d, card, seat=0):
    """Seat holds `card` and starts a turn; return the record."""
    sc.set_objectives(d, seat, card)
    sc.set_turn(d, seat)
    return sc.load(d)


@pytest.mark.rule("S17.2")
@pytest.mark.rule("S2.4")
def test_an_any_time_objective_is_offered_right_after_the_section_choice():
    d = _game()
    sc.set_player(d, 0, coins=2, popularity=8)
    sc.set_workers(d, 0, {0: 4})
    rec = _coins_turn(d, 8)
    sc.act(rec, sc.section(1))
    assert sc.phase(rec) == "objective: reveal" and set(sc.legal(rec)) == {sc.PASS, A.REVEAL_OBJECTIVE}
    sc.act(rec, A.REVEAL_OBJECTIVE)
    after = sc.pl(rec, 0)
    assert after["stars"]["objective"] == 1 and after["objectives"] == [None, None]
    assert sc.snap(rec)["objective_deck"][0] == 8  # to the bottom of the deck
    assert sc.phase(rec) == "top action"


@pytest.mark.rule("S17.3")
def test_end_of_turn_objectives_wait_for_the_last_window():
    d = _game()
    sc.set_player(d, 0, coins=25)
    rec = _coins_turn(d, 12)  # Get Rich or Cry Trying: end of turn
    sc.act(rec, sc.section(1))
    assert sc.phase(rec) != "objective: reveal"
    while sc.snap(rec)["current"] == 0 and sc.phase(rec) != "objective: reveal":
        sc.act(rec, sc.PASS if sc.PASS in sc.legal(rec) else min(sc.legal(rec)))
    assert sc.phase(rec) == "objective: reveal" and sc.snap(rec)["turn_in_progress"]["reveal_window"] == 3
    sc.act(rec, sc.PASS)
    assert sc.snap(rec)["current"] == 1 and sc.pl(rec, 0)["objectives"] == [12, None]  # kept for later


@pytest.mark.rule("S17.2")
@pytest.mark.rule("S12.5")
def test_others_discard_both_cards_saxony_keeps_the_second():
    for faction, expected_left in (("nordic", [None, None]), ("saxony", [None, 20])):
        d = _game((faction, "polania") if faction == "saxony" else (faction, "rusviet"))
        sc.set_player(d, 0, coins=2, popularity=8)
        sc.set_workers(d, 0, {0: 4})
        sc.set_objectives(d, 0, 8, 20)
        sc.set_turn(d, 0)
        rec = sc.load(d)
        sc.act(rec, sc.section(1), A.REVEAL_OBJECTIVE)
        assert sc.pl(rec, 0)["objectives"] == expected_left, faction


@pytest.mark.rule("S12.5")
@pytest.mark.rule("S17.2")
def test_saxony_may_complete_both_objectives():
    d = _game(("saxony", "polania"))
    sc.set_player(d, 0, coins=2, popularity=8, power=0)
    sc.set_workers(d, 0, {0: 5})
    sc.set_player(d, 0, popularity=13)
    sc.set_objectives(d, 0, 8, 18)  # both hold: <= $2, 5 workers, popularity 13, power 0
    sc.set_turn(d, 0)
    rec = sc.load(d)
    sc.act(rec, sc.section(1), A.REVEAL_OBJECTIVE)
    assert sc.phase(rec) == "objective: reveal"  # the second one at once
    sc.act(rec, A.REVEAL_OBJECTIVE + 1)
    assert sc.pl(rec, 0)["stars"]["objective"] == 2


@pytest.mark.rule("S17.3")
@pytest.mark.rule("D8")
def test_send_one_back_needs_a_retreat_forced_this_turn():
    d = _game()
    sc.set_player(d, 0, power=7)
    sc.place(d, 0, "character", 4)
    sc.set_workers(d, 1, {3: 1})
    rec = _coins_turn(d, 6)
    sc.act(rec, sc.section(sc.section_of("patriotic", "move")))
    assert sc.phase(rec) == "top action"  # no retreat yet: no window
    sc.act(rec, sc.MOVE, sc.unit("character"), sc.loc(3))
    assert sc.pl(rec, 1)["units"]["worker 1"] == "Rusviet base"
    if sc.phase(rec) == "move: select unit":
        sc.act(rec, sc.PASS)
    assert sc.phase(rec) == "objective: reveal"
    sc.act(rec, A.REVEAL_OBJECTIVE)
    assert sc.pl(rec, 0)["stars"]["objective"] == 1


@pytest.mark.rule("S19.1")
@pytest.mark.rule("S17.2")
def test_an_objective_can_be_the_sixth_star():
    d = _game()
    sc.set_stars(d, 0, "upgrades", "mechs", "structures", "recruits", "workers")
    sc.set_player(d, 0, coins=2, popularity=8)
    sc.set_workers(d, 0, {0: 4})
    rec = _coins_turn(d, 8)
    sc.act(rec, sc.section(1), A.REVEAL_OBJECTIVE)
    assert sc.snap(rec)["terminal"]


@pytest.mark.rule("S0.10")
def test_opponents_objectives_never_show():
    from meeplegym.encoders import scythe as encoder

    views = []
    for cards in ((1, 2), (22, 23)):
        d = _game()
        sc.set_objectives(d, 1, *cards)
        views.append(encoder.observation(sc.load(d), 0))
    assert np.array_equal(*views)
