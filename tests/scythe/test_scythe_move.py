"""Rules tests: the Move/Gain top action (spec S3), Swim (S12.3), the Mine as a private tunnel
(S9.5) and the illegal actions of the Move decisions.

Map facts used (spec D1.2, D1.5): rivers 2-3, 2-9, 3-9, 4-5, 4-11, 7-13, 9-10, 10-11, 10-17,
11-18, 12-18, 17-18, 17-24, 23-24, 24-31 and base edge 48-12; lakes 6, 8, 16, 21, 30, 32, 41;
tunnels 9, 14, 17, 28, 31, 36; the Nordic base (47) touches 3, 4; the Rusviet base (48)
touches 18, 25 and 12 (across a river).
"""

from __future__ import annotations

import pytest

from tests.scythe import scenario as sc

NORDIC, RUSVIET = 0, 1
TUNNELS = {9, 14, 17, 28, 31, 36}


def _game(mats=("patriotic", "industrial"), opponent="rusviet"):
    d = sc.base_dict(factions=("nordic", opponent), mats=mats)
    return sc.empty_board(d)


def _start_move(d, seat):
    """Seat to act, its Move section chosen and the Move option taken."""
    sc.set_turn(d, seat)
    rec = sc.load(d)
    mat = d["players"][seat]["mat"]
    sc.act(rec, sc.section(sc.section_of(mat, "move")), sc.MOVE)
    assert sc.phase(rec) == "move: select unit"
    return rec


def _destinations(d, seat, unit):
    rec = _start_move(d, seat)
    sc.act(rec, sc.unit(unit))
    assert sc.phase(rec) == "move: load or step"
    return sc.legal_locations(rec)


# ---------------------------------------------------------------- S3.1 Gain
@pytest.mark.rule("S3.1")
@pytest.mark.parametrize("upgraded,gain", [(False, 1), (True, 2)])
def test_gain_coins(upgraded, gain):
    d = _game()
    sc.set_workers(d, NORDIC, {3: 1})
    if upgraded:
        sc.set_upgrades(d, NORDIC, ["move_coins"], {"deploy": 1})
    sc.set_turn(d, NORDIC)
    rec = sc.load(d)
    sc.act(rec, sc.section(1), sc.GAIN)  # Patriotic section 1: Move/Gain + Upgrade (no oil: skipped)
    s = sc.snap(rec)
    assert s["players"][NORDIC]["coins"] == 6 + gain
    assert s["current"] == RUSVIET and s["phase"] == "section"


# ---------------------------------------------------------------- S3.2 units moved
@pytest.mark.rule("S3.2")
def test_move_two_different_units_then_the_move_ends():
    d = _game()
    sc.set_workers(d, NORDIC, {3: 1, 4: 1})
    rec = _start_move(d, NORDIC)
    assert sc.legal_units(rec) == {"character", "worker 1", "worker 2"}
    assert sc.PASS in sc.legal(rec)
    sc.act(rec, *sc.move_step("worker 1", 10))
    assert sc.legal_units(rec) == {"character", "worker 2"}  # a unit is never selected twice
    sc.assert_illegal(rec, sc.unit("worker 1"))
    sc.act(rec, *sc.move_step("character", 3))
    s = sc.snap(rec)
    # two units moved: the Move is over; no oil for the Upgrade, so the turn is over too
    assert s["phase"] == "section" and s["current"] == RUSVIET
    units = s["players"][NORDIC]["units"]
    assert (units["character"], units["worker 1"], units["worker 2"]) == ("Forest 3", "Mountain 10", "Tundra 4")


@pytest.mark.rule("S3.2")
@pytest.mark.rule("S7.2")
def test_upgraded_move_moves_three_units():
    d = _game()
    sc.set_workers(d, NORDIC, {3: 1, 4: 1})
    sc.set_upgrades(d, NORDIC, ["move_units"], {"build": 1})
    rec = _start_move(d, NORDIC)
    sc.act(rec, *sc.move_step("worker 1", 10), *sc.move_step("character", 3))
    assert sc.phase(rec) == "move: select unit"
    assert sc.legal_units(rec) == {"worker 2"}
    sc.act(rec, *sc.move_step("worker 2", 11))  # Swim across 4-11
    s = sc.snap(rec)
    assert s["phase"] == "section" and s["players"][NORDIC]["units"]["worker 2"] == "Farm 11"


@pytest.mark.rule("S3.2")
def test_ending_the_move_early():
    d = _game()
    sc.set_workers(d, NORDIC, {3: 1})
    rec = _start_move(d, NORDIC)
    sc.act(rec, *sc.move_step("worker 1", 4), sc.PASS)
    s = sc.snap(rec)
    assert s["phase"] == "section" and s["players"][NORDIC]["units"]["character"] == "Nordic base"


# ---------------------------------------------------------------- S3.3 resources
@pytest.mark.rule("S3.3")
def test_units_carry_any_number_of_resources():
    d = _game()
    sc.set_workers(d, NORDIC, {3: 1})
    sc.set_resources(d, 3, wood=3, oil=1)
    rec = _start_move(d, NORDIC)
    sc.act(rec, sc.unit("worker 1"))
    legal = set(sc.legal(rec))
    assert {sc.load_one("wood"), sc.load_one("oil"), sc.load_all("wood")} <= legal
    assert sc.load_all("oil") not in legal  # a single token: "all" would be the same choice
    assert sc.load_one("food") not in legal and sc.load_one("metal") not in legal
    sc.act(rec, sc.load_one("wood"), sc.load_one("wood"))
    assert sc.load_all("wood") not in sc.legal(rec)  # one wood left
    sc.act(rec, sc.loc(4))
    s = sc.snap(rec)
    assert s["resources"] == {"Forest 3": {"wood": 1, "oil": 1}, "Tundra 4": {"wood": 2}}
    # the character picks everything up and drops it one step further
    sc.act(rec, sc.unit("character"))
    assert not {sc.load_one(r) for r in sc.RESOURCES} & set(sc.legal(rec))  # nothing on a home base
    sc.act(rec, sc.loc(3))
    assert sc.snap(rec)["resources"] == {"Forest 3": {"wood": 1, "oil": 1}, "Tundra 4": {"wood": 2}}


@pytest.mark.rule("S3.3")
def test_load_all_moves_every_token_of_that_type():
    d = _game()
    sc.set_workers(d, NORDIC, {4: 1})
    sc.set_resources(d, 4, oil=5, food=2)
    rec = _start_move(d, NORDIC)
    sc.act(rec, sc.unit("worker 1"), sc.load_all("oil"), sc.loc(10))
    assert sc.snap(rec)["resources"] == {"Tundra 4": {"food": 2}, "Mountain 10": {"oil": 5}}


# ---------------------------------------------------------------- S3.4 mechs carry workers
@pytest.mark.rule("S3.4")
def test_mech_carries_workers_and_a_carried_worker_still_moves():
    d = _game()
    sc.set_workers(d, NORDIC, {4: 2, 3: 1})
    sc.set_mechs(d, NORDIC, [4])
    sc.place(d, NORDIC, "character", 4)
    rec = _start_move(d, NORDIC)
    sc.act(rec, sc.unit("mech 1"))
    assert sc.legal_block(rec, sc.A.LOAD_WORKER, 8) == {0, 1}  # workers 1-2 share its hex, not worker 3
    sc.act(rec, sc.load_worker(1), sc.load_worker(2))
    assert sc.legal_block(rec, sc.A.LOAD_WORKER, 8) == set()
    sc.act(rec, sc.loc(10))
    s = sc.snap(rec)
    units = s["players"][NORDIC]["units"]
    assert (units["mech 1"], units["worker 1"], units["worker 2"]) == ("Mountain 10",) * 3
    assert units["character"] == "Tundra 4"  # a mech never carries the character
    # the carried workers used no move of their own: 1 of the 2 selections is left
    assert s["turn_in_progress"]["moves_left"] == 1
    assert sc.legal_units(rec) == {"character", "worker 1", "worker 2", "worker 3"}
    sc.act(rec, *sc.move_step("worker 1", 11))
    units = sc.pl(rec, NORDIC)["units"]
    assert (units["mech 1"], units["worker 1"], units["worker 2"]) == ("Mountain 10", "Farm 11", "Mountain 10")


@pytest.mark.rule("S3.12")
@pytest.mark.rule("S3.4")
def test_worker_moves_into_the_mech_hex_then_rides_along():
    d = _game()
    sc.set_workers(d, NORDIC, {3: 1})
    sc.set_mechs(d, NORDIC, [4])
    rec = _start_move(d, NORDIC)
    sc.act(rec, *sc.move_step("worker 1", 4))
    sc.act(rec, sc.unit("mech 1"))
    assert sc.legal_block(rec, sc.A.LOAD_WORKER, 8) == {0}
    sc.act(rec, sc.load_worker(1), sc.loc(10))
    units = sc.pl(rec, NORDIC)["units"]
    assert units["mech 1"] == units["worker 1"] == "Mountain 10"


@pytest.mark.rule("S3.4")
def test_only_mechs_load_workers():
    d = _game()
    sc.set_workers(d, NORDIC, {4: 2})
    sc.place(d, NORDIC, "character", 4)
    rec = _start_move(d, NORDIC)
    sc.act(rec, sc.unit("character"))
    assert sc.legal_block(rec, sc.A.LOAD_WORKER, 8) == set()
    sc.assert_illegal(rec, sc.load_worker(1))
    sc.act(rec, sc.loc(3))
    sc.act(rec, sc.unit("worker 1"))
    assert sc.legal_block(rec, sc.A.LOAD_WORKER, 8) == set()
    sc.assert_illegal(rec, sc.load_worker(2))


# ---------------------------------------------------------------- S3.5 rivers and lakes, S12.3 Swim
@pytest.mark.rule("S3.5")
@pytest.mark.rule("S3.7")
def test_rivers_block_rusviet_units():
    d = _game()
    sc.set_workers(d, RUSVIET, {18: 1})
    # Village 18 touches the base, 12, 11, 17 (all three across rivers), 24 and 25
    assert _destinations(d, RUSVIET, "worker 1") == {24, 25}
    # from the home base: 18 and 25 by land, 12 across the 48-12 river
    assert _destinations(d, RUSVIET, "character") == {18, 25}


@pytest.mark.rule("S3.5")
@pytest.mark.rule("S12.3")
def test_nordic_workers_swim_but_not_the_character():
    d = _game()
    sc.set_workers(d, NORDIC, {3: 1})
    sc.place(d, NORDIC, "character", 3)
    # Forest 3 touches 4, the Nordic base, 2 (river), 9 (river), 10
    assert _destinations(d, NORDIC, "worker 1") == {2, 4, 9, 10}
    assert _destinations(d, NORDIC, "character") == {4, 10}


@pytest.mark.rule("S3.5")
@pytest.mark.rule("S12.3")
def test_nobody_enters_a_lake_not_even_a_swimming_worker():
    d = _game()
    sc.set_workers(d, NORDIC, {7: 1})
    sc.place(d, NORDIC, "character", 7)
    # Tundra 7 touches lakes 8 and 6, 1, 0, 14 and 13 (river)
    assert _destinations(d, NORDIC, "worker 1") == {0, 1, 13, 14}
    assert _destinations(d, NORDIC, "character") == {0, 1, 14}


# ---------------------------------------------------------------- S3.6 tunnels, S9.5 Mine
@pytest.mark.rule("S3.6")
def test_tunnels_are_adjacent_to_each_other():
    d = _game()
    sc.set_workers(d, RUSVIET, {9: 1})
    # Tundra 9: rivers to 10, 3, 2; lakes 8, 16; land 15; tunnel links to the other five
    assert _destinations(d, RUSVIET, "worker 1") == {15} | (TUNNELS - {9})


@pytest.mark.rule("S3.6")
@pytest.mark.rule("S12.3")
def test_swimming_worker_on_a_tunnel():
    d = _game()
    sc.set_workers(d, NORDIC, {9: 1})
    assert _destinations(d, NORDIC, "worker 1") == {2, 3, 10, 15} | (TUNNELS - {9})


@pytest.mark.rule("S3.6")
@pytest.mark.rule("S9.5")
def test_own_mine_is_a_tunnel_both_ways():
    d = _game()
    sc.set_workers(d, RUSVIET, {23: 1, 9: 1})
    # Mountain 23: 24 across a river, lakes 16 and 30, land 17, 22, 31
    assert _destinations(d, RUSVIET, "worker 1") == {17, 22, 31}
    sc.set_structure(d, RUSVIET, "mine", 23)
    assert _destinations(d, RUSVIET, "worker 1") == {17, 22, 31} | TUNNELS
    assert _destinations(d, RUSVIET, "worker 2") == {15, 23} | (TUNNELS - {9})


@pytest.mark.rule("S3.6")
@pytest.mark.rule("S9.5")
def test_an_opponents_mine_is_no_tunnel():
    d = _game()
    sc.set_structure(d, NORDIC, "mine", 23)
    sc.set_workers(d, RUSVIET, {23: 1, 9: 1})
    assert _destinations(d, RUSVIET, "worker 1") == {17, 22, 31}
    assert _destinations(d, RUSVIET, "worker 2") == {15} | (TUNNELS - {9})


@pytest.mark.rule("S3.6")
@pytest.mark.rule("S3.14")
@pytest.mark.rule("S9.5")
def test_mine_link_ignores_a_river():
    # 24-31 is a river edge; with the Mine on 24 the tunnel link 31 <-> 24 is used instead
    d = _game()
    sc.set_workers(d, RUSVIET, {31: 1})
    assert 24 not in _destinations(d, RUSVIET, "worker 1")
    sc.set_structure(d, RUSVIET, "mine", 24)
    assert 24 in _destinations(d, RUSVIET, "worker 1")


@pytest.mark.rule("S9.5")
@pytest.mark.rule("S3.8")
def test_own_mine_usable_while_an_opponent_controls_it():
    d = _game(mats=("patriotic", "industrial"))
    sc.set_structure(d, RUSVIET, "mine", 23)
    sc.set_workers(d, NORDIC, {23: 1})  # Nordic controls Mountain 23 now (S0.6)
    sc.place(d, RUSVIET, "character", 9)
    sc.set_player(d, RUSVIET, popularity=5)
    assert 23 in _destinations(d, RUSVIET, "character")
    rec = _start_move(d, RUSVIET)
    sc.act(rec, *sc.move_step("character", 23))
    s = sc.snap(rec)
    assert s["players"][RUSVIET]["units"]["character"] == "Mountain 23"
    assert s["players"][NORDIC]["units"]["worker 1"] == "Nordic base"
    assert s["players"][RUSVIET]["popularity"] == 4


# ---------------------------------------------------------------- S3.7 home bases
@pytest.mark.rule("S3.7")
def test_units_leave_a_home_base_but_never_enter_one():
    d = _game()
    sc.set_workers(d, RUSVIET, {48: 1, 25: 1})
    assert _destinations(d, RUSVIET, "worker 1") == {18, 25}
    # Mountain 25 touches the Rusviet base, 18, 24 and lake 32
    assert _destinations(d, RUSVIET, "worker 2") == {18, 24}


# ---------------------------------------------------------------- S3.8 opponent workers
@pytest.mark.rule("S3.8")
@pytest.mark.rule("S0.6")
@pytest.mark.rule("S6.5")
def test_character_displaces_lone_workers_who_leave_their_resources():
    d = _game(mats=("industrial", "patriotic"), opponent="crimea")
    sc.set_workers(d, 1, {3: 2})  # two Crimean workers on Forest 3
    sc.set_resources(d, 3, wood=3)
    sc.set_workers(d, NORDIC, {4: 1})
    sc.set_player(d, NORDIC, popularity=3)
    rec = _start_move(d, NORDIC)  # Industrial section 3: Move + Build (3 wood)
    sc.act(rec, *sc.move_step("character", 3))
    s = sc.snap(rec)
    crimea = s["players"][1]["units"]
    assert crimea["worker 1"] == crimea["worker 2"] == "Crimea base"  # the owner's base, not the mat (S6.5)
    assert s["players"][NORDIC]["popularity"] == 1  # 1 per worker
    assert s["resources"] == {"Forest 3": {"wood": 3}}
    # the wood is the mover's now: the Build can be paid with it
    sc.act(rec, sc.PASS)
    assert sc.phase(rec) == "bottom action"
    sc.act(rec, sc.TAKE)
    assert sc.phase(rec) == "build: structure"
    assert sc.snap(rec)["resources"] == {}


@pytest.mark.rule("S3.8")
@pytest.mark.rule("S0.4")
def test_popularity_floors_at_zero_and_the_retreat_still_happens():
    d = _game()
    sc.set_workers(d, RUSVIET, {3: 2})
    sc.set_player(d, NORDIC, popularity=1)
    rec = _start_move(d, NORDIC)
    sc.act(rec, *sc.move_step("character", 3))
    s = sc.snap(rec)
    assert s["players"][NORDIC]["popularity"] == 0
    assert s["players"][RUSVIET]["units"]["worker 1"] == s["players"][RUSVIET]["units"]["worker 2"] == "Rusviet base"


@pytest.mark.rule("S3.8")
def test_a_worker_alone_cannot_enter_opponent_workers():
    d = _game()
    sc.set_workers(d, RUSVIET, {3: 1})
    sc.set_workers(d, NORDIC, {4: 1})
    # Tundra 4: 5 and 11 across rivers (Swim), the base, 10, and 3 held by a Rusviet worker
    assert _destinations(d, NORDIC, "worker 1") == {5, 10, 11}
    rec = _start_move(d, NORDIC)
    sc.act(rec, sc.unit("worker 1"))
    sc.assert_illegal(rec, sc.loc(3))


@pytest.mark.rule("S3.8")
@pytest.mark.rule("S3.4")
def test_a_worker_carried_by_a_mech_may_enter_and_the_workers_retreat():
    d = _game()
    sc.set_workers(d, RUSVIET, {3: 1})
    sc.set_workers(d, NORDIC, {4: 1})
    sc.set_mechs(d, NORDIC, [4])
    sc.set_player(d, NORDIC, popularity=4)
    rec = _start_move(d, NORDIC)
    sc.act(rec, sc.unit("mech 1"), sc.load_worker(1), sc.loc(3))
    s = sc.snap(rec)
    assert s["players"][NORDIC]["units"]["worker 1"] == "Forest 3"
    assert s["players"][RUSVIET]["units"]["worker 1"] == "Rusviet base"
    assert s["players"][NORDIC]["popularity"] == 3


# ---------------------------------------------------------------- S3.10 structures
@pytest.mark.rule("S3.10")
@pytest.mark.rule("S0.6")
def test_entering_a_structure_only_territory_takes_control():
    d = _game()  # Nordic Patriotic: section 1 = Move + Upgrade (2 oil)
    sc.set_structure(d, RUSVIET, "armory", 4)
    sc.set_resources(d, 4, oil=2)
    sc.set_workers(d, NORDIC, {3: 1})
    sc.set_player(d, NORDIC, popularity=5)
    assert 4 in _destinations(d, NORDIC, "worker 1")  # a worker may enter: no opponent unit there
    rec = _start_move(d, NORDIC)
    sc.act(rec, *sc.move_step("worker 1", 4), sc.PASS)
    # the oil under the Rusviet Armory is Nordic now: the Upgrade is offered and paid with it
    assert sc.phase(rec) == "bottom action"
    sc.act(rec, sc.TAKE)
    s = sc.snap(rec)
    assert s["phase"] == "upgrade: take cube" and s["resources"] == {}
    assert s["players"][NORDIC]["popularity"] == 5  # nobody was displaced


@pytest.mark.rule("S3.10")
@pytest.mark.rule("S0.6")
def test_without_the_move_the_oil_under_an_opponent_structure_is_not_yours():
    d = _game()
    sc.set_structure(d, RUSVIET, "armory", 4)
    sc.set_resources(d, 4, oil=2)
    sc.set_workers(d, NORDIC, {3: 1})
    rec = _start_move(d, NORDIC)
    sc.act(rec, *sc.move_step("worker 1", 10), sc.PASS)
    s = sc.snap(rec)
    assert s["phase"] == "section" and s["current"] == RUSVIET  # no Upgrade offered


# ---------------------------------------------------------------- illegal actions during a Move
@pytest.mark.rule("S3.5")
@pytest.mark.rule("S3.7")
def test_illegal_steps_change_nothing():
    d = _game()
    sc.set_workers(d, RUSVIET, {18: 1})
    sc.set_resources(d, 18, food=2)
    rec = _start_move(d, RUSVIET)
    sc.assert_illegal(rec, sc.loc(24))  # no unit selected yet
    sc.assert_illegal(rec, sc.unit("mech 1"))  # still on the faction mat
    sc.act(rec, sc.unit("worker 1"), sc.load_one("food"))
    for bad in (sc.loc(17), sc.loc(11), sc.loc(12), sc.loc(48), sc.loc(32), sc.loc(5), sc.PASS,
                sc.load_one("oil"), sc.unit("character"), sc.section(2), sc.TAKE, -1, 10_000, "x"):
        sc.assert_illegal(rec, bad)


@pytest.mark.rule("S13.4", "S3.4")
def test_a_drop_at_the_speed_stop_cannot_be_undone_by_a_load():
    """Found by training: dropping a token at a Speed mech's intermediate stop and loading it
    again returned the game to the same position, so a policy could loop forever. At a stop,
    loads come before drops; every cargo change is still reachable."""
    import numpy as np

    from meeplegym import rng
    from meeplegym.envs.scythe import actions as A
    from meeplegym.envs.scythe import engine
    from meeplegym.envs.scythe.state import DROPPED_HERE, PH_MOVE_UNIT

    mask = np.zeros(engine.N_ACTIONS, np.int8)
    probe = np.zeros(engine.N_ACTIONS, np.int8)
    words = engine.random_words(range(300))
    found = 0
    for g in range(300):
        states = engine.new_game(2, g)
        for _ in range(3000):
            if states[0]["terminal"]:
                break
            engine.legal_mask_at(states, 0, mask)
            drops = np.flatnonzero(mask[A.DROP_WORKER : A.DROP_RESOURCE + 4])
            if states[0]["phase"] == PH_MOVE_UNIT and drops.size:
                trial = states.copy()
                engine.apply_at(trial, 0, A.DROP_WORKER + int(drops[0]))
                assert trial[0]["stepped"] == DROPPED_HERE
                engine.legal_mask_at(trial, 0, probe)
                assert not probe[A.LOAD_WORKER : A.LOCATION].any()  # no load after a drop here
                assert probe[A.PASS] == 1  # the unit may still stop or step on
                found += 1
            engine.apply_at(states, 0, rng.random_legal(mask, words, g))
        if found >= 5:
            return
    assert found >= 5
