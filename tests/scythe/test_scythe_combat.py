"""Rules tests: combat (spec S14) and the combat abilities (S13.3), incl. the rulebook example.

Map facts (spec D1): Village 44, Farm 45, Mountain 38 and Forest 37 touch by land (no river on
44-45, 38-45, 38-44, 37-38); the tunnel Village 31 touches Mountain 23 by land; Tundra 4 touches
Mountain 10, whose only lake neighbour is 16.
"""

from __future__ import annotations

import numpy as np
import pytest

from meeplegym.envs.scythe.rules import turn

from tests.scythe import scenario as sc

A = sc.A


def _game(factions=("nordic", "rusviet"), mats=("patriotic", "industrial")):
    return sc.empty_board(sc.base_dict(factions=factions, mats=mats))


def _attack(d, seat, *steps):
    """Seat takes Move and performs the given (unit, destination) steps, then ends the Move."""
    sc.set_turn(d, seat)
    rec = sc.load(d)
    sc.act(rec, sc.section(sc.section_of(d["players"][seat]["mat"], "move")), sc.MOVE)
    for unit, where, *loads in steps:
        sc.act(rec, sc.unit(unit), *loads, sc.loc(where))
    if sc.phase(rec) == "move: select unit":
        sc.act(rec, sc.PASS)
    return rec


def _actor(rec) -> int:
    return sc.snap(rec)["actor"]


def _dial_and_cards(rec, dial, cards=()):
    sc.act(rec, A.DIAL + dial, *(A.CARD + v - 2 for v in cards))
    if sc.phase(rec) == "combat: combat cards":
        sc.act(rec, sc.PASS)


@pytest.mark.rule("S14.6")
# ---------------------------------------------------------------- the rulebook example
@pytest.mark.rule("S14.1")
@pytest.mark.rule("S14.5")
@pytest.mark.rule("S14.7")
@pytest.mark.rule("S14.9")
def test_rulebook_example_tie_goes_to_the_attacker():
    """Seed PT l.894-904: Aline (10 power) dials 7 with a mech carrying 2 workers into João's
    territory (character, 1 mech, 1 worker, 3 food); João dials 4 and adds a 3. Tie 7-7: the
    attacker wins, takes the food, loses 1 popularity for João's worker, places a combat star;
    João retreats everything home and draws 1 card for having revealed power."""
    d = _game(("nordic", "rusviet"))
    sc.set_player(d, 0, power=10, popularity=5)  # Aline: Nordic
    sc.set_mechs(d, 0, [38])
    sc.set_workers(d, 0, {38: 2})
    sc.set_player(d, 1, power=4)  # João: Rusviet
    sc.place(d, 1, "character", 44)
    sc.set_mechs(d, 1, [44])
    sc.set_workers(d, 1, {44: 1})
    sc.set_resources(d, 44, food=3)
    sc.set_cards(d, hands={0: {2: 1}, 1: {3: 1, 2: 1}})
    rec = _attack(d, 0, ("mech 1", 44, sc.load_worker(1), sc.load_worker(2)))
    assert sc.phase(rec) == "combat: choose the next battle"
    sc.act(rec, sc.loc(44))
    assert sc.phase(rec) == "combat: power dial" and _actor(rec) == 0
    assert sc.legal_block(rec, A.DIAL, 8) == set(range(8))  # min(7, power 10)
    sc.act(rec, A.DIAL + 7)
    assert sc.legal_block(rec, A.CARD, 4) == {0}  # one card: one mech in the fight (S14.4)
    sc.act(rec, sc.PASS)
    assert _actor(rec) == 1  # the defender decides now
    assert sc.legal_block(rec, A.DIAL, 8) == set(range(5))  # min(7, power 4)
    sc.act(rec, A.DIAL + 4, A.CARD + 1)  # a 3
    assert sc.legal_block(rec, A.CARD, 4) == {0}  # a second card: character + mech
    sc.act(rec, sc.PASS)
    after = sc.snap(rec)
    aline, joao = after["players"]
    assert aline["stars"]["combat"] == 1 and joao["stars"]["combat"] == 0
    assert aline["power"] == 3 and joao["power"] == 0
    assert aline["popularity"] == 4
    assert {joao["units"][u] for u in ("character", "mech 1", "worker 1")} == {"Rusviet base"}
    assert aline["units"]["worker 1"] == sc.name(44)
    assert after["resources"][sc.name(44)] == {"food": 3}
    assert sum(joao["combat_cards"].values()) == 2  # had 2, played 1, drew 1
    assert after["combat_discard"]["3"] == 1
    assert after["phase"] in ("bottom action", "section")  # combat over, the turn goes on


# ---------------------------------------------------------------- rules of a battle
@pytest.mark.rule("S14.5")
@pytest.mark.rule("S14.8")
@pytest.mark.rule("S14.9")
def test_defender_wins_and_the_attacker_retreats_without_consolation():
    d = _game(("nordic", "rusviet"))
    sc.set_player(d, 0, power=5)
    sc.set_player(d, 1, power=5)
    sc.place(d, 0, "character", 45)
    sc.place(d, 1, "mech 1", 44)
    sc.set_cards(d, hands={0: {}, 1: {}})
    rec = _attack(d, 0, ("character", 44))
    sc.act(rec, sc.loc(44))
    _dial_and_cards(rec, 0)
    _dial_and_cards(rec, 1)
    nordic, rusviet = sc.snap(rec)["players"]
    assert nordic["units"]["character"] == "Nordic base"
    assert rusviet["stars"]["combat"] == 1  # the defender earns the star too (S14.7)
    assert sum(nordic["combat_cards"].values()) == 0  # revealed no power: no consolation card


@pytest.mark.rule("S14.1")
def test_the_attacker_orders_several_battles():
    d = _game(("nordic", "rusviet"))
    sc.set_player(d, 0, power=5)
    sc.place(d, 0, "character", 45)
    sc.set_mechs(d, 0, [37])
    sc.place(d, 1, "character", 44)
    sc.set_mechs(d, 1, [38])
    sc.set_cards(d, hands={0: {}, 1: {}})
    rec = _attack(d, 0, ("character", 44), ("mech 1", 38))
    assert sc.legal_locations(rec) == {38, 44}
    sc.act(rec, sc.loc(38))
    _dial_and_cards(rec, 1)
    _dial_and_cards(rec, 0)
    assert sc.phase(rec) == "combat: choose the next battle" and sc.legal_locations(rec) == {44}


@pytest.mark.rule("S14.7")
@pytest.mark.rule("S12.5")
def test_combat_stars_stop_at_two_except_for_saxony():
    for faction, expected in (("nordic", 2), ("saxony", 3)):
        d = _game((faction, "polania"))
        sc.set_player(d, 0, power=5)
        sc.set_stars(d, 0, combat=2)
        sc.place(d, 0, "character", 45)
        sc.place(d, 1, "character", 44)
        sc.set_cards(d, hands={0: {}, 1: {}})
        rec = _attack(d, 0, ("character", 44))
        sc.act(rec, sc.loc(44))
        _dial_and_cards(rec, 1)
        _dial_and_cards(rec, 0)
        assert sc.pl(rec, 0)["stars"]["combat"] == expected, faction


@pytest.mark.rule("S14.10")
@pytest.mark.rule("S19.1")
def test_sixth_star_in_combat_ends_the_game_and_the_rest_go_home():
    d = _game(("nordic", "rusviet"))
    sc.set_player(d, 0, power=5)
    sc.set_stars(d, 0, "upgrades", "mechs", "structures", "workers", combat=1)
    sc.place(d, 0, "character", 45)
    sc.place(d, 0, "mech 1", 37)
    sc.place(d, 1, "character", 44)
    sc.place(d, 1, "mech 1", 38)
    sc.set_cards(d, hands={0: {}, 1: {}})
    rec = _attack(d, 0, ("character", 44), ("mech 1", 38))
    sc.act(rec, sc.loc(44))
    _dial_and_cards(rec, 1)
    _dial_and_cards(rec, 0)
    after = sc.snap(rec)
    assert after["terminal"] and after["phase"] == "game over"
    assert after["players"][0]["units"]["mech 1"] == sc.name(37)  # back where it moved from
    assert after["players"][1]["units"]["mech 1"] == sc.name(38)


@pytest.mark.rule("S14.3")
@pytest.mark.rule("S14.4")
def test_dial_capped_by_power_and_cards_by_fighters():
    d = _game(("nordic", "rusviet"))
    sc.set_player(d, 0, power=2)
    sc.place(d, 0, "character", 45)
    sc.set_mechs(d, 0, [45])
    sc.place(d, 1, "character", 44)
    sc.set_cards(d, hands={0: {2: 1, 5: 3}, 1: {}})
    rec = _attack(d, 0, ("character", 44), ("mech 1", 44))
    sc.act(rec, sc.loc(44))
    assert sc.legal_block(rec, A.DIAL, 8) == {0, 1, 2}
    sc.act(rec, A.DIAL + 0, A.CARD + 3, A.CARD + 3)  # cards even with dial 0
    assert set(sc.legal(rec)) == {sc.PASS}  # two fighters: two cards
    sc.assert_illegal(rec, A.CARD + 0)


# ---------------------------------------------------------------- workers and popularity
@pytest.mark.rule("S14.7")
@pytest.mark.rule("S13.3")
def test_camaraderie_spares_popularity_only_for_a_winning_polania_attacker():
    for with_ability, expected_loss in ((False, 2), (True, 0)):
        d = _game(("rusviet", "polania"), mats=("industrial", "patriotic"))
        sc.set_player(d, 1, power=5, popularity=6)
        sc.place(d, 1, "character", 45)
        if with_ability:
            sc.place(d, 1, "mech 3", 39)  # mech 3 unlocks the combat ability
        sc.place(d, 0, "mech 1", 44)
        sc.set_workers(d, 0, {44: 2})
        sc.set_cards(d, hands={0: {}, 1: {}})
        rec = _attack(d, 1, ("character", 44))
        sc.act(rec, sc.loc(44))
        _dial_and_cards(rec, 1)
        _dial_and_cards(rec, 0)
        assert sc.pl(rec, 1)["popularity"] == 6 - expected_loss


# ---------------------------------------------------------------- combat abilities (S13.3)
@pytest.mark.rule("S13.3")
def test_artillery_costs_one_power_and_takes_two():
    d = _game(("nordic", "rusviet"))
    sc.set_player(d, 0, power=4)
    sc.set_player(d, 1, power=5)
    sc.place(d, 0, "character", 45)
    sc.place(d, 0, "mech 3", 39)  # Artillery
    sc.place(d, 1, "character", 44)
    sc.set_cards(d, hands={0: {}, 1: {}})
    rec = _attack(d, 0, ("character", 44))
    sc.act(rec, sc.loc(44))
    assert sc.phase(rec) == "combat: artillery" and set(sc.legal(rec)) == {sc.PASS, A.USE_ABILITY}
    sc.act(rec, A.USE_ABILITY)
    players = sc.snap(rec)["players"]
    assert players[0]["power"] == 3 and players[1]["power"] == 3
    assert sc.phase(rec) == "combat: power dial"


@pytest.mark.rule("S13.3")
def test_scout_steals_a_card_before_the_dials():
    d = _game(("crimea", "saxony"), mats=("industrial", "patriotic"))
    sc.set_player(d, 0, power=3)
    sc.place(d, 0, "character", 45)
    sc.place(d, 0, "mech 3", 39)  # Scout
    sc.place(d, 1, "character", 44)
    sc.set_cards(d, hands={0: {}, 1: {4: 2}})
    rec = _attack(d, 0, ("character", 44))
    sc.act(rec, sc.loc(44))
    players = sc.snap(rec)["players"]
    assert players[0]["combat_cards"]["4"] == 1 and players[1]["combat_cards"]["4"] == 1


@pytest.mark.rule("S13.3")
@pytest.mark.rule("S20")
def test_disarm_on_a_tunnel_or_the_saxony_mine():
    for where, mine, expected in ((31, None, 3), (44, 44, 3), (44, None, 5)):
        d = _game(("nordic", "saxony"))
        sc.set_player(d, 0, power=5)
        sc.place(d, 0, "character", {31: 23, 44: 45}[where])
        sc.place(d, 1, "character", where)
        sc.place(d, 1, "mech 3", 40)  # Disarm
        if mine is not None:
            sc.set_structure(d, 1, "mine", mine)
        sc.set_cards(d, hands={0: {}, 1: {}})
        rec = _attack(d, 0, ("character", where))
        sc.act(rec, sc.loc(where))
        assert sc.pl(rec, 0)["power"] == expected, (where, mine)


@pytest.mark.rule("S13.3")
@pytest.mark.rule("S14.4")
def test_peoples_army_card_limit():
    d = _game(("nordic", "rusviet"))
    sc.set_player(d, 1, power=5)
    sc.place(d, 1, "mech 1", 45)
    sc.place(d, 1, "mech 3", 39)  # People's Army
    sc.set_workers(d, 1, {45: 1})
    sc.place(d, 0, "character", 44)
    sc.set_cards(d, hands={0: {}, 1: {2: 3}})
    rec = _attack(d, 1, ("mech 1", 44, sc.load_worker(1)))
    sc.act(rec, sc.loc(44), A.DIAL + 0, A.CARD + 0, A.CARD + 0)  # 1 mech + People's Army
    assert A.CARD not in sc.legal(rec)


# ---------------------------------------------------------------- retreats
@pytest.mark.rule("S14.8")
@pytest.mark.rule("S13.2")
def test_seaworthy_loser_may_retreat_to_an_adjacent_lake():
    d = _game(("nordic", "rusviet"))
    sc.set_player(d, 1, power=5)
    sc.place(d, 0, "character", 10)
    sc.place(d, 0, "mech 2", 10)  # Seaworthy
    sc.set_workers(d, 0, {10: 1})
    sc.place(d, 1, "character", 4)  # Tundra 4 touches Mountain 10 by land
    sc.set_cards(d, hands={0: {}, 1: {}})
    rec = _attack(d, 1, ("character", 10))
    sc.act(rec, sc.loc(10))
    _dial_and_cards(rec, 1)
    _dial_and_cards(rec, 0)
    assert sc.phase(rec) == "combat: retreat" and _actor(rec) == 0
    assert sc.legal_locations(rec) == {16, 47}  # lake 16 or the Nordic base
    sc.act(rec, sc.loc(16))
    units = sc.pl(rec, 0)["units"]
    assert units["character"] == units["mech 2"] == units["worker 1"] == sc.name(16)


# ---------------------------------------------------------------- hidden information (S0.10)
@pytest.mark.rule("S0.10")
@pytest.mark.rule("S14.3")
def test_the_defender_cannot_see_the_attackers_dial_or_cards():
    from meeplegym.encoders import scythe as encoder

    views = []
    for dial, card in ((0, None), (3, 5), (2, 2)):
        d = _game(("nordic", "rusviet"))
        sc.set_player(d, 0, power=5)
        sc.place(d, 0, "character", 45)
        sc.place(d, 1, "character", 44)
        sc.set_cards(d, hands={0: {2: 1, 5: 1}, 1: {}})
        rec = _attack(d, 0, ("character", 44))
        sc.act(rec, sc.loc(44), A.DIAL + dial)
        if card is not None:
            sc.act(rec, A.CARD + card - 2)
        sc.act(rec, sc.PASS)
        assert _actor(rec) == 1
        views.append(encoder.observation(rec, 1))
    assert all(np.array_equal(views[0], v) for v in views[1:])


# ---------------------------------------------------------------- entering and ordering
@pytest.mark.rule("S3.9")
@pytest.mark.rule("S0.6")
def test_entering_an_enemy_fighter_stops_the_unit_and_the_enemy_keeps_control():
    d = _game(("nordic", "rusviet"))
    sc.place(d, 0, "mech 4", 45)  # Speed
    sc.place(d, 1, "mech 1", 44)
    sc.set_workers(d, 1, {44: 1})
    sc.set_resources(d, 44, food=2)
    sc.set_workers(d, 0, {45: 1})
    sc.set_turn(d, 0)
    rec = sc.load(d)
    sc.act(rec, sc.section(sc.section_of("patriotic", "move")), sc.MOVE, sc.unit("mech 4"), sc.loc(44))
    assert sc.phase(rec) == "move: select unit"  # no second step despite Speed
    assert sc.pl(rec, 1)["units"]["worker 1"] == sc.name(44)  # the worker stays: a battle, not a rout
    sc.act(rec, sc.unit("worker 1"))
    assert 44 not in sc.legal_locations(rec)  # a worker never walks in among enemy fighters
    from meeplegym.envs.scythe.rules.board import new_control

    assert new_control(rec)[44] == 1  # the defender holds it (and its food) until the battle


@pytest.mark.rule("S14.2")
@pytest.mark.rule("S13.3")
def test_the_attackers_ability_comes_before_the_defenders():
    """Nordic attacks with 1 power onto a tunnel held by Saxony with Disarm: Artillery is offered
    first (attacker), Disarm follows; the other order would leave Nordic no power for Artillery."""
    d = _game(("nordic", "saxony"))
    sc.set_player(d, 0, power=1)
    sc.set_player(d, 1, power=4)
    sc.place(d, 0, "character", 23)
    sc.place(d, 0, "mech 3", 3)  # Artillery
    sc.place(d, 1, "character", 31)
    sc.place(d, 1, "mech 3", 40)  # Disarm
    sc.set_cards(d, hands={0: {}, 1: {}})
    rec = _attack(d, 0, ("character", 31))
    sc.act(rec, sc.loc(31))
    assert sc.phase(rec) == "combat: artillery"
    sc.act(rec, A.USE_ABILITY)
    players = sc.snap(rec)["players"]
    assert players[0]["power"] == 0 and players[1]["power"] == 2  # then Disarm: 0 stays 0


@pytest.mark.rule("S14.12")
def test_no_coins_change_hands_during_battles():
    """Random games: nothing in a battle moves coins (no bribes or buy-outs, [DECISION] S14.12)."""
    from meeplegym import rng
    from meeplegym.envs.scythe import engine
    from meeplegym.envs.scythe.state import PH_ARTILLERY, PH_CARDS, PH_COMBAT_ORDER, PH_DIAL, PH_RETREAT

    battle_phases = {PH_COMBAT_ORDER, PH_ARTILLERY, PH_DIAL, PH_CARDS, PH_RETREAT}
    words = engine.random_words(range(30))
    mask = np.zeros(engine.N_ACTIONS, np.int8)
    battles = 0
    for g in range(30):
        s = engine.new_game(2 + g % 4, 100 + g)[0]
        for _ in range(4000):
            if s["terminal"]:
                break
            turn.legal(s, mask)
            a = rng.random_legal(mask, words, g)
            before = s["coins"].copy()
            in_battle = s["phase"] in battle_phases
            turn.apply(s, a)
            if in_battle:
                battles += 1
                assert np.array_equal(before, s["coins"])
    assert battles > 20
