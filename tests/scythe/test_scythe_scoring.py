"""Rules tests: stars (S18), the end of the game (S19.1, S19.2), final scoring (S19.3, S19.4, D4),
structure-bonus tiles (D5, E14) and the tie-breakers (S19.5, E20).

Games are ended on purpose with ``sc.prepare_final_upgrade``: seat 0 (Nordic, Patriotic) holds
5 stars and 5 upgrades and takes its 6th upgrade, declining the Upgrade's coins and paying 2 oil
from Tundra 4, where its worker stands. After that seat 0 has 6 stars, its coins unchanged, its
worker on Tundra 4 and no resources there; seat 1 (Rusviet, Industrial) is set up per test.
"""

from __future__ import annotations

import pytest

from tests.scythe import scenario as sc

NORDIC, RUSVIET = 0, 1
# D4: popularity band -> ($ per star, $ per territory, $ per 2 resources)
RATES = {range(0, 7): (3, 2, 1), range(7, 13): (4, 3, 2), range(13, 19): (5, 4, 3)}


def rates(popularity):
    return next(r for band, r in RATES.items() if popularity in band)


def _game(n=2, factions=("nordic", "rusviet"), mats=("patriotic", "industrial")):
    d = sc.empty_board(sc.base_dict(n_players=n, factions=factions, mats=mats))
    sc.set_turn(d, 0)
    return d


def _ending_game(tile="on_tunnels"):
    """Seat 0 ready to end the game; seat 1 with nothing on the map."""
    d = _game()
    d["structure_bonus"] = tile
    sc.set_workers(d, NORDIC, {4: 1})
    sc.prepare_final_upgrade(d, NORDIC, oil_at=4)
    sc.set_player(d, RUSVIET, coins=0, popularity=2, power=3)
    return d


def _end(d):
    rec = sc.finish_by_upgrade(sc.load(d))
    return sc.final(rec)


# ---------------------------------------------------------------- S18 stars
@pytest.mark.rule("S18.1")
@pytest.mark.rule("S18.2")
def test_stars_are_placed_once_per_goal_and_kept():
    d = _game()
    sc.set_player(d, NORDIC, popularity=17)
    sc.set_stars(d, NORDIC, "popularity")  # reached 18 earlier, dropped since
    sc.set_workers(d, NORDIC, {3: 1})
    rec = sc.load(d)
    sc.act(rec, sc.section(3), sc.POPULARITY)  # Trade: back to 18
    p = sc.pl(rec, NORDIC)
    assert p["popularity"] == 18 and p["stars"]["popularity"] == 1 and sum(p["stars"].values()) == 1


@pytest.mark.rule("S18.1")
def test_several_stars_from_one_action():
    # an Enlist that takes the 4th recruit and, through +2 popularity, reaches 18
    d = _game()
    sc.set_player(d, NORDIC, popularity=16)
    sc.set_recruits(d, NORDIC, ["upgrade", "deploy", "build"], ["power", "coins", "combat_cards"])
    sc.set_workers(d, NORDIC, {1: 1})
    sc.set_resources(d, 1, food=3)
    rec = sc.to_bottom(sc.load(d), 4)
    sc.act(rec, sc.TAKE, sc.recruit("enlist"), sc.one_time("popularity"))
    stars = sc.pl(rec, NORDIC)["stars"]
    assert stars["recruits"] == 1 and stars["popularity"] == 1 and sum(stars.values()) == 2


@pytest.mark.rule("S2.7")
# ---------------------------------------------------------------- S19.1 immediate end
@pytest.mark.rule("S19.1")
@pytest.mark.rule("S18.3")
def test_sixth_star_from_a_top_action_ends_the_game_at_once():
    d = _game()
    sc.set_stars(d, NORDIC, "mechs", "structures", "recruits", "workers", "objective")
    sc.set_player(d, NORDIC, power=14)
    sc.set_workers(d, NORDIC, {0: 1})
    sc.set_resources(d, 0, metal=4)  # the Deploy of the Bolster section would be affordable
    rec = sc.load(d)
    sc.act(rec, sc.section(2), sc.POWER)
    s = sc.snap(rec)
    assert s["phase"] == "game over" and s["terminal"]
    assert s["players"][NORDIC]["stars"]["power"] == 1
    assert s["resources"] == {"Mountain 0": {"metal": 4}}  # no bottom action after the end
    assert set(sc.legal(rec)) == set()
    sc.assert_illegal(rec, sc.PASS)
    sc.assert_illegal(rec, sc.TAKE)
    sc.assert_illegal(rec, sc.section(1))


@pytest.mark.rule("S19.1")
def test_sixth_star_in_the_middle_of_a_produce():
    d = _game()
    sc.set_stars(d, NORDIC, "mechs", "structures", "recruits", "upgrades", "objective")
    sc.set_workers(d, NORDIC, {5: 1, 0: 6})  # W = 7: 1 power + 1 popularity
    rec = sc.load(d)
    sc.act(rec, sc.section(4), sc.PRODUCE, sc.loc(5), sc.amount(1))  # the 8th worker
    s = sc.snap(rec)
    assert s["phase"] == "game over"
    assert s["players"][NORDIC]["stars"]["workers"] == 1
    assert s["resources"] == {}  # the mountain was never produced on


# ---------------------------------------------------------------- S19.2 ordering
@pytest.mark.rule("S19.2")
@pytest.mark.rule("S11.3")
def test_sixth_star_from_a_bottom_action_comes_after_coins_and_own_bonus():
    d = _game()
    sc.set_stars(d, NORDIC, "upgrades", "structures", "recruits", "workers", "objective")
    sc.set_workers(d, NORDIC, {0: 1})
    sc.set_mechs(d, NORDIC, [0, 0, 0])
    sc.set_resources(d, 0, metal=4)
    sc.set_recruits(d, NORDIC, ["deploy"])
    sc.set_recruits(d, RUSVIET, ["deploy"])
    rec = sc.to_bottom(sc.load(d), 2)
    sc.act(rec, sc.TAKE, sc.mech(4), sc.loc(0))
    s = sc.snap(rec)
    assert s["phase"] == "game over"
    assert s["players"][NORDIC]["coins"] == 6 + 3 + 1  # Deploy coins and the own Deploy bonus
    assert s["players"][RUSVIET]["coins"] == 4  # the game ended before the neighbour's bonus
    coins, stars, terr, res = 10, 6, 1, 0
    r = rates(2)
    assert s["players"][NORDIC]["final_score"] == coins + stars * r[0] + terr * r[1] + res


@pytest.mark.rule("S11.5")
@pytest.mark.rule("S19.2")
def test_own_bonus_can_place_the_sixth_star_and_neighbours_get_nothing():
    d = _game()
    sc.set_stars(d, NORDIC, "upgrades", "mechs", "recruits", "workers", "objective")
    sc.set_stars(d, RUSVIET, "upgrades", "mechs", "recruits", "workers", "objective")
    sc.set_player(d, NORDIC, popularity=17)
    sc.set_player(d, RUSVIET, popularity=17)
    sc.set_recruits(d, NORDIC, ["build"])
    sc.set_recruits(d, RUSVIET, ["build"])
    sc.set_workers(d, NORDIC, {3: 1})
    sc.set_resources(d, 3, wood=4)
    rec = sc.to_bottom(sc.load(d), 3)
    sc.act(rec, sc.TAKE, sc.structure("mill"), sc.loc(3))
    s = sc.snap(rec)
    assert s["phase"] == "game over"
    assert s["players"][NORDIC]["popularity"] == 18 and s["players"][NORDIC]["stars"]["popularity"] == 1
    assert s["players"][RUSVIET]["popularity"] == 17 and s["players"][RUSVIET]["stars"]["popularity"] == 0


def _three_player_build(left_stars, right_stars):
    d = _game(3, ("nordic", "rusviet", "crimea"), ("patriotic", "industrial", "engineering"))
    five = ("upgrades", "mechs", "recruits", "workers", "objective")
    for seat, n in ((1, left_stars), (2, right_stars)):
        sc.set_stars(d, seat, *five[:n])
        sc.set_player(d, seat, popularity=17)
        sc.set_recruits(d, seat, ["build"])
    sc.set_workers(d, NORDIC, {3: 1})
    sc.set_resources(d, 3, wood=4)
    rec = sc.to_bottom(sc.load(d), 3)
    sc.act(rec, sc.TAKE, sc.structure("mill"), sc.loc(3))
    return sc.snap(rec)


@pytest.mark.rule("S19.2")
@pytest.mark.rule("S11.3")
def test_left_neighbour_ending_the_game_cuts_off_the_right_neighbour():
    s = _three_player_build(5, 5)
    left, right = s["players"][1], s["players"][2]
    assert s["phase"] == "game over"
    assert left["popularity"] == 18 and sum(left["stars"].values()) == 6
    assert right["popularity"] == 17 and sum(right["stars"].values()) == 5


@pytest.mark.rule("S19.2")
@pytest.mark.rule("S11.3")
def test_right_neighbour_gets_the_bonus_and_star_after_the_left_one():
    s = _three_player_build(4, 5)
    left, right = s["players"][1], s["players"][2]
    assert s["phase"] == "game over"
    assert left["popularity"] == 18 and sum(left["stars"].values()) == 5
    assert right["popularity"] == 18 and sum(right["stars"].values()) == 6


@pytest.mark.rule("S19.2")
@pytest.mark.rule("S11.2")
def test_neighbour_star_from_a_bonus_without_ending():
    s = _three_player_build(2, 0)
    assert s["phase"] == "section" and s["current"] == 1
    assert s["players"][1]["stars"]["popularity"] == 1 and s["players"][2]["stars"]["popularity"] == 1


# ---------------------------------------------------------------- S19.3 / S19.4 / D4 scoring
@pytest.mark.rule("S19.3")
@pytest.mark.rule("S19.4")
@pytest.mark.rule("S16.6")
@pytest.mark.rule("D4")
def test_final_score_of_both_players():
    d = _ending_game(tile="on_tundra_or_farm")
    sc.set_workers(d, NORDIC, {4: 1, 12: 1})
    sc.set_resources(d, 12, wood=3)  # Nordic's: the Nordic worker beats the Rusviet structure
    sc.set_player(d, RUSVIET, popularity=10, coins=20)
    sc.set_stars(d, RUSVIET, "power", "mechs")
    sc.set_workers(d, RUSVIET, {18: 1, 25: 1, 32: 1, 48: 1})  # 32 is a lake; 48 the home base
    sc.place(d, RUSVIET, "character", 22)  # the Factory
    sc.set_structure(d, RUSVIET, "mill", 24)  # structure alone: controlled
    sc.set_structure(d, RUSVIET, "armory", 12)  # a Nordic worker stands there
    sc.set_resources(d, 18, food=5)
    sc.set_resources(d, 25, metal=4)
    sc.set_resources(d, 24, oil=2)
    scores, ranks = _end(d)
    # Rusviet, popularity 10: $20 + 2 stars x4 + (18, 25, lake 32, Factory x3, 24 = 7) x3
    # + (11 resources -> 5 pairs) x2 + structures on tundra 24 and farm 12 -> $4
    assert scores[RUSVIET] == 20 + 2 * 4 + 7 * 3 + 5 * 2 + 4
    # Nordic, popularity 2: $6 + 6 stars x3 + (4, 12) x2 + (3 wood -> 1 pair) x1
    assert scores[NORDIC] == 6 + 6 * 3 + 2 * 2 + 1 * 1
    assert ranks == [1, 0]


@pytest.mark.rule("D4")
@pytest.mark.rule("S19.3")
def test_rulebook_example_thirteen_resources_at_popularity_ten():
    # seed ES l.262: 13 resources at popularity 10 -> $12; seed PT l.1034: at popularity 10
    # $4 per star, $3 per territory, $2 per 2 resources
    d = _ending_game()
    sc.set_player(d, RUSVIET, popularity=10, coins=5)
    sc.set_stars(d, RUSVIET, "power", "mechs", "upgrades")
    sc.set_workers(d, RUSVIET, {18: 1, 25: 1})
    sc.set_resources(d, 18, food=6, oil=1)
    sc.set_resources(d, 25, metal=6)
    scores, _ = _end(d)
    assert scores[RUSVIET] == 5 + 3 * 4 + 2 * 3 + 12


@pytest.mark.rule("D4")
@pytest.mark.rule("S19.3")
@pytest.mark.parametrize("popularity", [0, 6, 7, 12, 13, 18])
def test_popularity_bands(popularity):
    d = _ending_game()
    sc.set_player(d, RUSVIET, popularity=popularity, coins=0)
    sc.set_stars(d, RUSVIET, "power")
    sc.set_workers(d, RUSVIET, {18: 1})
    sc.set_resources(d, 18, food=3)
    scores, _ = _end(d)
    assert scores[RUSVIET] == sum(rates(popularity))  # 1 star, 1 territory, 1 pair


@pytest.mark.rule("S19.4")
@pytest.mark.rule("S16.6")
@pytest.mark.parametrize("where,territories", [(22, 3), (23, 1), (48, 0)])
def test_factory_counts_three_and_a_home_base_none(where, territories):
    d = _ending_game()
    sc.place(d, RUSVIET, "character", where)
    scores, _ = _end(d)
    assert scores[RUSVIET] == territories * 2  # popularity 2: $2 per territory


# ---------------------------------------------------------------- D5 structure-bonus tiles
BONUS_CASES = [
    # tile, structure territories, coins (spec D5 tables, seed PT l.744-785)
    ("adjacent_lakes", (15, 29), 6),  # seed PT l.742: 4 adjacent lakes (8, 16, 21, 30) -> $6
    ("adjacent_lakes", (22,), 4),  # 16, 21, 30
    ("adjacent_lakes", (27,), 0),
    ("adjacent_tunnels", (15,), 4),  # 9, 14
    ("adjacent_tunnels", (15, 29), 6),  # 9, 14, 28, 36
    ("adjacent_tunnels", (10,), 4),  # 9 and 17, both across rivers: adjacency ignores rivers
    ("adjacent_tunnels", (14,), 0),  # E14: its own tunnel hex is not adjacent to it
    ("adjacent_encounters", (11,), 4),  # 10, 12
    ("adjacent_encounters", (10,), 0),  # E14: standing on an encounter hex counts nothing
    ("adjacent_encounters", (29, 37), 4),  # 35 | 38, 43
    ("on_tunnels", (9, 14, 23), 4),  # the Mine on 23 is no tunnel
    ("on_tunnels", (9, 14, 17), 6),
    ("on_tunnels", (9, 14, 17, 28), 6),
    ("in_a_row", (13, 14, 15), 6),  # row r=3, direction E
    ("in_a_row", (3, 10, 17, 24), 9),  # direction SE
    ("in_a_row", (11, 17, 23), 6),  # direction SW
    ("in_a_row", (14, 15, 22), 4),  # bent: longest straight line is 2
    ("in_a_row", (0, 2, 5), 2),  # same row, not consecutive
    ("on_tundra_or_farm", (7, 1, 3, 0), 4),
    ("on_tundra_or_farm", (7, 9, 1, 11), 9),
]


@pytest.mark.rule("S0.8")
@pytest.mark.rule("D5")
@pytest.mark.rule("S19.4")
@pytest.mark.rule("E14")
@pytest.mark.parametrize("tile,spots,coins", BONUS_CASES)
def test_structure_bonus(tile, spots, coins):
    d = _ending_game(tile=tile)
    kinds = ("armory", "mill", "mine", "monument") if tile == "on_tunnels" else sc.STRUCTURES
    for kind, where in zip(kinds, spots):
        sc.set_structure(d, RUSVIET, kind, where)
    if tile == "on_tunnels" and 23 in spots:
        assert d["players"][RUSVIET]["structures"]["mine"] == "Mountain 23"
    scores, _ = _end(d)
    # each structure controls its territory: $2 each at popularity 2, the Factory 3 times
    territories = sum(3 if where == 22 else 1 for where in spots)
    assert scores[RUSVIET] == 2 * territories + coins


@pytest.mark.rule("D5")
@pytest.mark.rule("S19.4")
def test_structure_bonus_counts_where_you_lose_control_and_without_tokens():
    d = _ending_game(tile="adjacent_encounters")
    d["encounter_tokens"] = []  # the tokens are gone; the symbols still count
    sc.set_structure(d, RUSVIET, "mill", 11)
    sc.set_workers(d, NORDIC, {4: 1, 11: 1})  # Nordic controls Farm 11
    scores, _ = _end(d)
    assert scores[RUSVIET] == 4


# ---------------------------------------------------------------- S19.5 tie-breakers
def _tie_game():
    """Equal in everything: score, units off the mats, power, popularity, resources, territories,
    stars. Seat 0 ends the game holding Tundra 4; seat 1 holds Village 18."""
    d = _ending_game()
    sc.set_player(d, NORDIC, power=4, popularity=2, coins=6)
    sc.set_player(d, RUSVIET, power=4, popularity=2, coins=6)
    sc.set_stars(d, RUSVIET, "upgrades", "mechs", "structures", "recruits", "workers", "objective")
    sc.set_workers(d, RUSVIET, {18: 1})
    return d


@pytest.mark.rule("S19.5")
@pytest.mark.rule("E20")
def test_complete_tie_is_a_shared_win():
    scores, ranks = _end(_tie_game())
    assert scores[0] == scores[1] == 6 + 6 * 3 + 2
    assert ranks == [0, 0]


@pytest.mark.rule("S19.5")
def test_most_coins_wins_before_any_tie_breaker():
    d = _tie_game()
    sc.set_player(d, RUSVIET, coins=5, power=16)
    sc.set_workers(d, RUSVIET, {18: 1, 48: 7})
    assert _end(d)[1] == [0, 1]


@pytest.mark.rule("S19.5")
@pytest.mark.parametrize("breaker", ["units", "power", "popularity", "resources", "territories"])
def test_each_tie_breaker_decides_in_order(breaker):
    """Seat 1 is ahead on one tie-breaker, equal on the ones before it, and behind on every later
    one; the scores stay equal."""
    d = _tie_game()
    order = ["units", "power", "popularity", "resources", "territories", "stars"]
    later = order[order.index(breaker) + 1:]
    # seat 1 ahead on `breaker`
    if breaker == "units":
        sc.set_workers(d, RUSVIET, {18: 1, 48: 1})  # a worker on the home base: off the mat, no territory
    elif breaker == "power":
        sc.set_player(d, RUSVIET, power=5)
    elif breaker == "popularity":
        sc.set_player(d, RUSVIET, popularity=3)  # same band
    elif breaker == "resources":
        sc.set_resources(d, 18, food=1)  # 1 token: no pair, no coins
    elif breaker == "territories":
        sc.place(d, RUSVIET, "character", 25)  # the character is no unit off the mat
        sc.set_player(d, RUSVIET, coins=6 - 2)
    # seat 0 ahead on every later one
    if "power" in later:
        sc.set_player(d, NORDIC, power=9)
    if "popularity" in later:
        sc.set_player(d, NORDIC, popularity=5)
    if "resources" in later:
        sc.set_resources(d, 4, oil=2, food=1)  # the 2 oil pay the Upgrade; 1 food stays: no pair
    if "territories" in later:
        sc.place(d, NORDIC, "character", 3)
        sc.set_player(d, NORDIC, coins=6 - 2)
    if "stars" in later:
        sc.set_stars(d, RUSVIET, "upgrades", "mechs", "structures", "recruits", "workers")
        sc.set_player(d, RUSVIET, coins=sc.player(d, RUSVIET)["coins"] + 3)
    scores, ranks = _end(d)
    assert scores[0] == scores[1]
    assert ranks == [1, 0]


@pytest.mark.rule("S19.5")
def test_stars_are_the_last_tie_breaker():
    d = _tie_game()
    sc.set_stars(d, RUSVIET, "upgrades", "mechs", "structures", "recruits", "workers")
    sc.set_player(d, RUSVIET, coins=6 + 3)
    scores, ranks = _end(d)
    assert scores[0] == scores[1] and ranks == [0, 1]


@pytest.mark.rule("S19.5")
@pytest.mark.rule("E20")
def test_factory_counts_once_for_the_territory_tie_breaker():
    d = _tie_game()
    sc.place(d, NORDIC, "character", 22)  # Tundra 4 + Factory: scores 4 territories, counts 2
    sc.set_workers(d, NORDIC, {4: 1, 47: 2})
    sc.set_workers(d, RUSVIET, {18: 1, 24: 1, 12: 1})
    sc.place(d, RUSVIET, "character", 25)  # 4 territories, 3 workers off the mat like Nordic
    scores, ranks = _end(d)
    assert scores[0] == scores[1] == 6 + 6 * 3 + 4 * 2
    assert ranks == [1, 0]


@pytest.mark.rule("S19.5")
def test_three_players_tied_for_second():
    d = _game(3, ("nordic", "rusviet", "crimea"), ("patriotic", "industrial", "engineering"))
    d["structure_bonus"] = "on_tunnels"
    sc.set_workers(d, NORDIC, {4: 1})
    sc.prepare_final_upgrade(d, NORDIC, oil_at=4)
    for seat in (1, 2):
        sc.set_player(d, seat, coins=0, popularity=2, power=3)
        sc.set_workers(d, seat, {(18, 42)[seat - 1]: 1})
    scores, ranks = _end(d)
    assert scores == [6 + 6 * 3 + 2, 2, 2]
    assert ranks == [0, 1, 1]


@pytest.mark.rule("S0.1")
@pytest.mark.rule("S19.4")
def test_a_home_base_is_no_territory():
    """Units on a home base control nothing and score nothing; one step out, they do."""
    from meeplegym.envs.scythe import engine

    d = sc.empty_board(sc.base_dict(factions=("nordic", "rusviet"), mats=("patriotic", "industrial")))
    sc.set_player(d, 0, popularity=8)  # $3 per territory (D4)
    sc.set_workers(d, 0, {47: 2})
    at_base = engine.current_scores(sc.load(d))[0]
    sc.place(d, 0, "character", 3)
    assert engine.current_scores(sc.load(d))[0] == at_base + 3
