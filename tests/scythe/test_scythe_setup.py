"""Rules tests: setup (spec S1.1-S1.10) and the first decisions of a game.

Expected values are typed from the spec tables (D1.3, D1.4, D2, D3.1) and the seeds
(PT = shared/seeds/000_ae90a49134f45792.txt, ES = 002_..., IT = 003_...), not read from data.py.
"""

from __future__ import annotations

import pytest

from meeplegym.envs.scythe import engine
from meeplegym.envs.scythe.state_json import state_to_dict

from tests.scythe import scenario as sc

# spec D2: faction -> (start power, start combat cards, base, start-worker hexes)
FACTION = {
    "nordic": (4, 1, "Nordic base", {"Forest 3", "Tundra 4"}),
    "rusviet": (3, 2, "Rusviet base", {"Village 18", "Mountain 25"}),
    "crimea": (5, 0, "Crimea base", {"Farm 42", "Village 46"}),
    "saxony": (1, 4, "Saxony base", {"Mountain 33", "Tundra 40"}),
    "polania": (2, 3, "Polania base", {"Forest 13", "Farm 19"}),
}
# spec D3.1: mat -> (number, start popularity, start coins)
MAT = {
    "industrial": (1, 2, 4),
    "engineering": (2, 2, 5),
    "patriotic": (3, 2, 6),
    "mechanical": (4, 3, 6),
    "agricultural": (5, 4, 7),
}
SEAT_ORDER = ("nordic", "rusviet", "crimea", "saxony", "polania")  # S1.5, PT l.326, ES l.9
ENCOUNTERS = {"Village 2", "Tundra 7", "Mountain 10", "Farm 12", "Village 20", "Tundra 24", "Forest 26",
              "Village 34", "Village 35", "Mountain 38", "Mountain 43"}  # D1.3

DEALS = [
    # (factions per player as dealt, mats per player as dealt)
    (("polania", "nordic", "crimea"), ("agricultural", "mechanical", "engineering")),
    (("saxony", "rusviet"), ("industrial", "agricultural")),
    (("crimea", "polania", "saxony", "nordic", "rusviet"),
     ("patriotic", "industrial", "agricultural", "engineering", "mechanical")),
    (("rusviet", "crimea", "nordic", "polania"), ("mechanical", "engineering", "patriotic", "agricultural")),
]


def _game(factions, mats, seed=3):
    return state_to_dict(engine.new_game(len(factions), seed, factions=factions, mats=mats)[0])


@pytest.mark.rule("S1.5")
@pytest.mark.parametrize("factions,mats", DEALS)
def test_seats_follow_faction_order_and_keep_each_players_mat(factions, mats):
    d = _game(factions, mats)
    dealt = dict(zip(factions, mats))
    seated = [(p["faction"], p["mat"]) for p in d["players"]]
    expected_factions = [f for f in SEAT_ORDER if f in factions]
    assert [f for f, _ in seated] == expected_factions
    assert seated == [(f, dealt[f]) for f in expected_factions]


@pytest.mark.rule("S1.6")
@pytest.mark.rule("S1.7")
@pytest.mark.parametrize("factions,mats", DEALS)
def test_start_power_cards_popularity_coins(factions, mats):
    d = _game(factions, mats)
    for p in d["players"]:
        power, cards, _, _ = FACTION[p["faction"]]
        _, popularity, coins = MAT[p["mat"]]
        assert p["power"] == power
        assert sum(p["combat_cards"].values()) == cards
        assert p["popularity"] == popularity
        assert p["coins"] == coins
        assert p["stars"] == {k: 0 for k in sc.STAR_KINDS}
        assert p["upgrades"] == [] and p["covered"] == {b: 0 for b in sc.BOTTOMS}
        assert p["recruits"] == [] and p["one_time_bonuses"] == []
        assert all(v is None for v in p["structures"].values())  # 4 structures on the mat


@pytest.mark.rule("S0.5")
@pytest.mark.rule("S1.2")
@pytest.mark.rule("S1.6")
@pytest.mark.parametrize("factions,mats", DEALS)
def test_combat_cards_drawn_from_the_deck(factions, mats):
    d = _game(factions, mats)
    in_hands = sum(sum(p["combat_cards"].values()) for p in d["players"])
    assert in_hands == sum(FACTION[f][1] for f in factions)
    assert len(d["combat_deck"]) == 42 - in_hands
    assert d["combat_discard"] == {"2": 0, "3": 0, "4": 0, "5": 0}
    # the 42 cards are 16x2, 12x3, 8x4, 6x5 (D6), split between deck and hands
    total = {v: d["combat_deck"].count(v) for v in (2, 3, 4, 5)}
    for p in d["players"]:
        for v, c in p["combat_cards"].items():
            total[int(v)] += c
    assert total == {2: 16, 3: 12, 4: 8, 5: 6}


@pytest.mark.rule("S1.8")
@pytest.mark.parametrize("factions,mats", DEALS)
def test_character_on_base_two_workers_on_start_hexes_six_on_mat(factions, mats):
    d = _game(factions, mats)
    for p in d["players"]:
        _, _, base, start = FACTION[p["faction"]]
        units = p["units"]
        assert units["character"] == base
        assert all(units[f"mech {m}"] is None for m in range(1, 5))
        on_map = [units[f"worker {w}"] for w in range(1, 9) if units[f"worker {w}"] is not None]
        assert sorted(on_map) == sorted(start)
        assert sum(units[f"worker {w}"] is None for w in range(1, 9)) == 6
    assert d["resources"] == {}


@pytest.mark.rule("S1.9")
@pytest.mark.parametrize("factions,mats", DEALS)
def test_first_player_has_the_lowest_mat_number(factions, mats):
    d = _game(factions, mats)
    numbers = [MAT[p["mat"]][0] for p in d["players"]]
    first = numbers.index(min(numbers))
    assert d["first_player"] == first
    assert d["current"] == first
    assert d["phase"] == "section" and d["turn"] == 0


@pytest.mark.rule("S1.9")
@pytest.mark.rule("S0.9")
def test_play_continues_clockwise_from_the_first_player():
    factions, mats = DEALS[2]  # 5 players; industrial (1) is Polania's, seat 4
    rec = sc.load(_game(factions, mats))
    seen = []
    for i in range(6):
        seen.append(sc.snap(rec)["current"])
        # a section (a new one on the second round), then skip everything: the turn passes on
        sc.act(rec, sc.section(1 if i < 5 else 2))
        while sc.phase(rec) != "section":
            sc.act(rec, sc.PASS)
    assert seen == [4, 0, 1, 2, 3, 4]


@pytest.mark.rule("S17.1")
@pytest.mark.rule("S1.3")
@pytest.mark.rule("S1.7")
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_factory_cards_and_objectives(n):
    for seed in range(4):
        d = state_to_dict(engine.new_game(n, seed)[0])
        pool = d["factory_pool"]
        assert len(pool) == n + 1 and len(set(pool)) == n + 1
        assert all(1 <= c <= 12 for c in pool)
        held = [c for p in d["players"] for c in p["objectives"]]
        assert all(len(p["objectives"]) == 2 for p in d["players"])
        assert len(set(held)) == 2 * n
        assert len(d["objective_deck"]) == 23 - 2 * n
        assert set(held).isdisjoint(d["objective_deck"])
        assert set(held) | set(d["objective_deck"]) == set(range(1, 24))


@pytest.mark.rule("S1.1")
@pytest.mark.rule("S1.4")
def test_encounter_tokens_and_one_structure_bonus_tile():
    tiles = set()
    for seed in range(12):
        d = state_to_dict(engine.new_game(2, seed)[0])
        assert set(d["encounter_tokens"]) == ENCOUNTERS
        assert sorted(d["encounter_deck"]) == list(range(1, 29))
        tiles.add(d["structure_bonus"])
    assert tiles <= {"adjacent_tunnels", "adjacent_lakes", "adjacent_encounters", "on_tunnels", "in_a_row",
                     "on_tundra_or_farm"}
    assert len(tiles) > 1  # drawn at random


@pytest.mark.rule("S1.5")
def test_random_deal_gives_distinct_factions_and_mats_seated_in_order():
    for seed in range(10):
        d = state_to_dict(engine.new_game(4, seed)[0])
        factions = [p["faction"] for p in d["players"]]
        mats = [p["mat"] for p in d["players"]]
        assert len(set(factions)) == 4 and len(set(mats)) == 4
        assert factions == sorted(factions, key=SEAT_ORDER.index)


@pytest.mark.rule("S1.10")
@pytest.mark.rule("S2.1")
def test_first_turn_any_section():
    d = _game(("nordic", "rusviet"), ("patriotic", "industrial"))
    assert all(p["last_section"] is None for p in d["players"])
    rec = sc.load(d)
    assert set(sc.legal(rec)) == {sc.section(k) for k in (1, 2, 3, 4)}
