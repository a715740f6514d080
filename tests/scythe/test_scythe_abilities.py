"""Rules tests: mech movement abilities (spec S13.1 Riverwalk, S13.2 Seaworthy/Submerge/Township/
Underpass/Wayfare, S13.4 Speed). Deploying mech k unlocks the faction's ability k in the seeds'
order (Riverwalk, movement ability, combat ability, Speed); abilities apply to the character and
all mechs, never to workers (S8.2).

Map facts (spec D1.2, D1.5): Mountain 10 touches 3, 4 by land, lake 16, and 9 (tundra),
11 (farm), 17 (forest) across rivers; encounter tokens on 2, 7, 10, 12, 20, 24, 26, 34, 35, 38, 43;
lakes 6, 8, 16, 21, 30, 32, 41; tunnels 9, 14, 17, 28, 31, 36; the Factory is 22.
"""

from __future__ import annotations

import pytest

from tests.scythe import scenario as sc

LAKES = {6, 8, 16, 21, 30, 32, 41}
TUNNELS = {9, 14, 17, 28, 31, 36}
MECH_FOR = {"riverwalk": 1, "movement": 2, "combat": 3, "speed": 4}


def _game(factions, mats=("patriotic", "industrial")):
    return sc.empty_board(sc.base_dict(factions=factions, mats=mats))


def _unlock(d, seat, *abilities, where):
    """Deploy the mechs covering the named abilities, all on location `where`."""
    for ability in abilities:
        sc.place(d, seat, f"mech {MECH_FOR[ability]}", where)


def _start_move(d, seat):
    sc.set_turn(d, seat)
    rec = sc.load(d)
    sc.act(rec, sc.section(sc.section_of(d["players"][seat]["mat"], "move")), sc.MOVE)
    assert sc.phase(rec) == "move: select unit"
    return rec


def _destinations(d, seat, unit):
    rec = _start_move(d, seat)
    sc.act(rec, sc.unit(unit))
    return sc.legal_locations(rec)


@pytest.mark.rule("S8.2")
# ---------------------------------------------------------------- Riverwalk
@pytest.mark.rule("S13.1")
def test_riverwalk_crosses_rivers_only_onto_the_factions_terrains():
    d = _game(("nordic", "rusviet"))
    sc.place(d, 0, "character", 10)
    assert _destinations(d, 0, "character") == {3, 4}  # 9, 11, 17 across rivers, 16 a lake
    _unlock(d, 0, "riverwalk", where=4)
    # Nordic Riverwalk: forest and mountain -> forest 17 only (9 tundra, 11 farm stay closed)
    assert _destinations(d, 0, "character") == {3, 4, 17}
    # workers never gain mech abilities
    sc.set_workers(d, 0, {10: 1})
    sc.set_player(d, 1, coins=0)
    rec = _start_move(d, 0)
    sc.act(rec, sc.unit("worker 1"))
    assert sc.legal_locations(rec) == {3, 4, 9, 11, 17}  # Nordic workers Swim (S12.3), any land


@pytest.mark.rule("S13.1")
@pytest.mark.rule("S3.7")
def test_riverwalk_from_a_home_base_across_its_river_edge():
    d = _game(("nordic", "rusviet"))
    assert _destinations(d, 1, "character") == {18, 25}  # 12 is across the base's river
    _unlock(d, 1, "riverwalk", where=25)
    assert _destinations(d, 1, "character") == {12, 18, 25}  # farm: a Rusviet Riverwalk terrain


# ---------------------------------------------------------------- Speed
@pytest.mark.rule("S13.4")
def test_speed_gives_a_second_step_that_may_be_declined():
    d = _game(("nordic", "rusviet"))
    sc.place(d, 0, "character", 4)
    sc.set_player(d, 0, popularity=5)
    _unlock(d, 0, "speed", where=3)
    rec = _start_move(d, 0)
    sc.act(rec, sc.unit("character"), sc.loc(3))
    assert sc.phase(rec) == "move: load or step"  # still the character's move
    assert sc.PASS in sc.legal(rec)
    assert sc.legal_locations(rec) == {4, 10}
    sc.act(rec, sc.loc(4))
    assert sc.phase(rec) == "move: select unit"
    assert "character" not in sc.legal_units(rec)  # each unit moves once per Move (S3.2)
    assert sc.pl(rec, 0)["units"]["character"] == sc.name(4)


@pytest.mark.rule("S13.4")
@pytest.mark.rule("S3.11")
def test_an_encounter_token_or_an_enemy_unit_ends_a_speed_move():
    d = _game(("nordic", "rusviet"))
    sc.place(d, 0, "character", 4)
    _unlock(d, 0, "speed", where=3)
    rec = _start_move(d, 0)
    sc.act(rec, sc.unit("character"), sc.loc(10))  # Mountain 10 holds an encounter token
    assert sc.phase(rec) == "move: select unit"  # no second step
    # a mech (no encounter stop) entering enemy workers stops too, and they retreat (S3.8)
    d = _game(("nordic", "rusviet"))
    _unlock(d, 0, "speed", where=3)
    sc.set_workers(d, 1, {4: 1})
    rec = _start_move(d, 0)
    sc.act(rec, sc.unit("mech 4"), sc.loc(4))
    assert sc.phase(rec) == "move: select unit"
    assert sc.pl(rec, 1)["units"]["worker 1"] == "Rusviet base"


@pytest.mark.rule("S13.4")
@pytest.mark.rule("S3.4")
def test_speed_mech_drops_cargo_between_its_steps():
    d = _game(("nordic", "rusviet"))
    _unlock(d, 0, "speed", where=3)
    sc.set_workers(d, 0, {3: 2})
    sc.set_resources(d, 3, oil=3)
    rec = _start_move(d, 0)
    sc.act(rec, sc.unit("mech 4"), sc.load_worker(1), sc.load_worker(2), sc.load_all("oil"), sc.loc(4))
    assert sc.pl(rec, 0)["units"]["worker 2"] == sc.name(4)
    sc.act(rec, sc.A.DROP_WORKER + 1, sc.A.DROP_RESOURCE + 3)  # leave worker 2 and one oil at 4
    sc.act(rec, sc.loc(10))
    units = sc.pl(rec, 0)["units"]
    assert units["mech 4"] == sc.name(10) and units["worker 1"] == sc.name(10) and units["worker 2"] == sc.name(4)
    resources = sc.snap(rec)["resources"]
    assert resources[sc.name(4)] == {"oil": 1} and resources[sc.name(10)] == {"oil": 2}
    assert sc.name(3) not in resources


# ---------------------------------------------------------------- lakes
@pytest.mark.rule("S13.2")
@pytest.mark.rule("S3.5")
def test_seaworthy_enters_lakes_carrying_workers_who_cannot_stay_behind():
    d = _game(("nordic", "rusviet"))
    sc.place(d, 0, "mech 2", 10)  # Seaworthy
    sc.set_workers(d, 0, {10: 1})
    sc.set_resources(d, 10, wood=2)
    assert 16 in _destinations(d, 0, "mech 2")
    rec = _start_move(d, 0)
    sc.act(rec, sc.unit("worker 1"))
    assert 16 not in sc.legal_locations(rec)  # workers never walk onto a lake
    rec = _start_move(d, 0)
    sc.act(rec, sc.unit("mech 2"), sc.load_worker(1), sc.load_all("wood"), sc.loc(16))
    assert sc.pl(rec, 0)["units"]["worker 1"] == sc.name(16)
    assert "worker 1" not in sc.legal_units(rec)  # a worker leaves a lake only carried


@pytest.mark.rule("S13.2")
def test_a_mech_leaving_a_lake_takes_the_workers_and_resources_there():
    d = _game(("nordic", "rusviet"))
    sc.place(d, 0, "mech 2", 16)
    sc.set_workers(d, 0, {16: 2})
    sc.set_resources(d, 16, wood=2)
    rec = _start_move(d, 0)
    assert "worker 1" not in sc.legal_units(rec)  # a worker leaves a lake only carried
    sc.act(rec, sc.unit("mech 2"), sc.loc(10))
    units = sc.pl(rec, 0)["units"]
    assert units["worker 1"] == units["worker 2"] == sc.name(10)
    resources = sc.snap(rec)["resources"]
    assert sc.name(16) not in resources and resources[sc.name(10)] == {"wood": 2}


@pytest.mark.rule("S13.2")
def test_submerge_links_every_lake_to_every_lake():
    d = _game(("crimea", "polania"), mats=("industrial", "patriotic"))
    sc.place(d, 1, "character", 21)
    sc.place(d, 1, "mech 2", 20)
    assert LAKES - {21} <= _destinations(d, 1, "character")
    # without Submerge nothing may stand on a lake; a Crimean mech may not enter one
    d = _game(("crimea", "polania"), mats=("industrial", "patriotic"))
    sc.place(d, 0, "mech 2", 42)
    assert 41 not in _destinations(d, 0, "mech 2")


# ---------------------------------------------------------------- special links
@pytest.mark.rule("S13.2")
def test_township_joins_controlled_villages_and_the_factory():
    d = _game(("nordic", "rusviet"))
    sc.place(d, 1, "character", 18)
    sc.place(d, 1, "mech 2", 25)
    sc.set_workers(d, 1, {44: 1})
    got = _destinations(d, 1, "character")
    assert {22, 44} <= got  # the Factory, and village 44 held by a worker
    assert not ({2, 5, 20, 31, 34, 35, 46} & got)  # villages Rusviet does not control
    sc.set_mechs(d, 1, [])
    assert not ({22, 44} & _destinations(d, 1, "character"))


@pytest.mark.rule("S13.2")
def test_underpass_joins_controlled_mountains_and_all_tunnels():
    d = _game(("nordic", "saxony"), mats=("patriotic", "industrial"))
    sc.place(d, 1, "character", 33)
    sc.place(d, 1, "mech 2", 40)
    sc.set_workers(d, 1, {38: 1})
    got = _destinations(d, 1, "character")
    assert TUNNELS | {38} <= got
    assert not ({0, 10, 23, 25, 43} & got)  # mountains it does not control
    sc.set_mechs(d, 1, [])
    assert not (TUNNELS & _destinations(d, 1, "character"))


@pytest.mark.rule("S13.2")
@pytest.mark.rule("S20")
def test_wayfare_reaches_own_and_inactive_bases_only():
    d = _game(("nordic", "crimea"), mats=("patriotic", "industrial"))
    sc.place(d, 1, "character", 29)
    sc.place(d, 1, "mech 2", 42)
    bases = {b for b in _destinations(d, 1, "character") if b >= 47}
    # own base 49, Albion 52, Togawa 53 and the absent factions' bases (E18); not Nordic's 47
    assert bases == {48, 49, 50, 51, 52, 53}
    sc.set_mechs(d, 1, [])
    assert not any(b >= 47 for b in _destinations(d, 1, "character"))


@pytest.mark.rule("S3.14")
def test_destination_candidates_miss_nothing():
    """destinations() only tries likely candidates; it must agree with can_step() over every
    location, in random mid-game states where mechs (and so abilities) are out."""
    import numpy as np

    from meeplegym.envs.scythe import engine
    from meeplegym.envs.scythe.rules.board import can_step, destinations, new_control, new_occupancy
    from meeplegym.envs.scythe.state import N_LOCATIONS, N_UNITS

    checked = 0
    for seed in range(40):
        states = engine.new_game(2 + seed % 4, seed)
        engine.play_random(states, engine.random_words([seed]), 150 + 40 * seed, np.zeros(1, np.int64))
        s = states[0]
        if s["terminal"]:
            continue
        combat_units, workers = new_occupancy(s)
        ctrl = new_control(s)
        out = np.zeros(N_LOCATIONS, np.int8)
        for p in range(int(s["n_players"])):
            for u in range(N_UNITS):
                x = int(s["unit_loc"][p, u])
                if x < 0:
                    continue
                destinations(s, p, u, combat_units, workers, ctrl, out)
                brute = [y for y in range(N_LOCATIONS) if can_step(s, p, u, x, y, combat_units, workers, ctrl)]
                assert np.flatnonzero(out).tolist() == brute, (seed, p, u, x)
                checked += 1
    assert checked > 500
