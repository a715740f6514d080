"""Rules tests: the turn structure (S2), Bolster (S4), Trade (S5), Produce (S6), track clamping
(S0.4), Relentless (S12.1) and the structure bonuses of the top row (S9.5).

Mats used (spec D3.1/D3.2): seat 0 Nordic on Patriotic = 1 Move+Upgrade(2 oil), 2 Bolster+Deploy
(4 metal), 3 Trade+Build(4 wood), 4 Produce+Enlist(3 food); seat 1 Rusviet on Industrial =
1 Bolster+Upgrade(3 oil), 2 Produce+Deploy(3 metal), 3 Move+Build(3 wood), 4 Trade+Enlist(4 food).
Scenarios keep the bottom action unaffordable unless a test is about it, so the turn ends right
after the top action.
"""

from __future__ import annotations

import pytest

from tests.scythe import scenario as sc

NORDIC, RUSVIET = 0, 1
BOLSTER, TRADE, PRODUCE = 2, 3, 4  # Nordic (Patriotic) sections


def _game(**nordic):
    d = sc.empty_board(sc.base_dict(factions=("nordic", "rusviet"), mats=("patriotic", "industrial")))
    sc.set_player(d, NORDIC, **nordic)
    sc.set_turn(d, NORDIC)
    return d


def _hand_size(rec, seat):
    return sum(sc.pl(rec, seat)["combat_cards"].values())


# ---------------------------------------------------------------- S2.1 sections
@pytest.mark.rule("S2.1")
def test_previous_section_is_not_available():
    d = _game(last_section=2)
    rec = sc.load(d)
    assert set(sc.legal(rec)) == {sc.section(1), sc.section(3), sc.section(4)}
    sc.assert_illegal(rec, sc.section(2))
    sc.assert_illegal(rec, sc.section(5))  # no factory card


@pytest.mark.rule("S2.1")
@pytest.mark.rule("S12.1")
def test_rusviet_relentless_may_repeat_the_section():
    d = _game()
    sc.set_player(d, RUSVIET, last_section=2)
    sc.set_turn(d, RUSVIET)
    assert set(sc.legal(sc.load(d))) == {sc.section(k) for k in (1, 2, 3, 4)}


@pytest.mark.rule("S2.1")
@pytest.mark.rule("S2.5")
def test_token_moves_even_when_nothing_is_taken_and_blocks_the_next_turn():
    d = _game(coins=0)
    rec = sc.load(d)
    before = sc.pl(rec, NORDIC)
    sc.act(rec, sc.section(BOLSTER))  # no coin for Bolster, no metal for Deploy: a lost turn
    s = sc.snap(rec)
    assert s["phase"] == "section" and s["current"] == RUSVIET
    after = s["players"][NORDIC]
    assert after["last_section"] == BOLSTER
    assert {k: v for k, v in after.items() if k != "last_section"} == \
        {k: v for k, v in before.items() if k != "last_section"}
    sc.act(rec, sc.section(2), sc.PASS)  # Rusviet: Produce + Deploy; skips Produce, has no metal
    assert sc.snap(rec)["current"] == NORDIC
    assert set(sc.legal(rec)) == {sc.section(k) for k in (1, 3, 4)}


@pytest.mark.rule("S2.1")
def test_top_and_bottom_both_skipped_by_choice():
    d = _game()
    sc.set_workers(d, NORDIC, {3: 1})
    sc.set_resources(d, 3, wood=4)
    rec = sc.load(d)
    sc.act(rec, sc.section(TRADE))
    assert sc.phase(rec) == "top action" and sc.PASS in sc.legal(rec)
    sc.act(rec, sc.PASS)
    assert sc.phase(rec) == "bottom action"
    sc.act(rec, sc.PASS)
    s = sc.snap(rec)
    assert s["current"] == RUSVIET and s["players"][NORDIC]["coins"] == 6
    assert s["resources"] == {"Forest 3": {"wood": 4}}


@pytest.mark.rule("S2.1")
def test_resources_from_the_top_action_pay_the_bottom_action():
    d = _game()
    sc.set_workers(d, RUSVIET, {25: 3})  # Rusviet: Produce + Deploy (3 metal)
    sc.set_turn(d, RUSVIET)
    rec = sc.load(d)
    sc.act(rec, sc.section(2), sc.PRODUCE, sc.loc(25), sc.amount(3))
    assert sc.phase(rec) == "bottom action"
    sc.act(rec, sc.TAKE)
    s = sc.snap(rec)
    assert s["phase"] == "deploy: mech" and s["resources"] == {}
    sc.act(rec, sc.mech(1), sc.loc(25))
    p = sc.pl(rec, RUSVIET)
    assert p["units"]["mech 1"] == "Mountain 25"
    assert p["coins"] == 4 + 2  # Industrial Deploy pays $2


# ---------------------------------------------------------------- S4 Bolster
@pytest.mark.rule("S4.1")
@pytest.mark.parametrize("upgraded,gain", [(False, 2), (True, 3)])
def test_bolster_power(upgraded, gain):
    d = _game(power=4)
    if upgraded:
        sc.set_upgrades(d, NORDIC, ["bolster_power"], {"build": 1})
    rec = sc.load(d)
    assert set(sc.legal(sc.act(rec, sc.section(BOLSTER)))) == {sc.PASS, sc.POWER, sc.CARDS}
    sc.act(rec, sc.POWER)
    p = sc.pl(rec, NORDIC)
    assert (p["power"], p["coins"], p["popularity"]) == (4 + gain, 5, 2)


@pytest.mark.rule("S4.1")
@pytest.mark.parametrize("upgraded,gain", [(False, 1), (True, 2)])
def test_bolster_cards(upgraded, gain):
    d = _game()
    if upgraded:
        sc.set_upgrades(d, NORDIC, ["bolster_cards"], {"build": 1})
    rec = sc.load(d)
    hand, deck = _hand_size(rec, NORDIC), len(sc.snap(rec)["combat_deck"])
    sc.act(rec, sc.section(BOLSTER), sc.CARDS)
    assert _hand_size(rec, NORDIC) == hand + gain
    assert len(sc.snap(rec)["combat_deck"]) == deck - gain
    assert sc.pl(rec, NORDIC)["coins"] == 5


@pytest.mark.rule("S9.4")
@pytest.mark.rule("S4.2")
@pytest.mark.rule("S9.5")
@pytest.mark.rule("S9.3")
@pytest.mark.parametrize("option", [sc.POWER, sc.CARDS])
def test_monument_adds_popularity_to_bolster(option):
    d = _game(popularity=5)
    sc.set_structure(d, NORDIC, "monument", 15)  # anywhere, controlled or not
    sc.set_workers(d, RUSVIET, {15: 1})
    rec = sc.load(d)
    sc.act(rec, sc.section(BOLSTER), option)
    assert sc.pl(rec, NORDIC)["popularity"] == 6


@pytest.mark.rule("S4.2")
def test_no_monument_bonus_without_bolster():
    d = _game(popularity=5)
    sc.set_structure(d, NORDIC, "monument", 15)
    rec = sc.load(d)
    sc.act(rec, sc.section(1), sc.GAIN)
    assert sc.pl(rec, NORDIC)["popularity"] == 5


@pytest.mark.rule("S9.6")
@pytest.mark.rule("S4.2")
def test_no_monument_bonus_when_the_bolster_is_skipped():
    d = _game(popularity=5)
    sc.set_structure(d, NORDIC, "monument", 15)
    rec = sc.load(d)
    sc.act(rec, sc.section(BOLSTER), sc.PASS)
    p = sc.pl(rec, NORDIC)
    assert (p["popularity"], p["coins"]) == (5, 6)


@pytest.mark.rule("S9.3")
@pytest.mark.rule("S5.3")
def test_an_opponent_on_your_armory_does_not_get_its_bonus():
    d = _game(power=3)
    sc.set_structure(d, NORDIC, "armory", 18)
    sc.set_workers(d, RUSVIET, {18: 1})  # Rusviet controls Village 18 and its Armory's territory
    sc.set_player(d, RUSVIET, power=3)
    sc.set_turn(d, RUSVIET)
    rec = sc.load(d)
    sc.act(rec, sc.section(4), sc.POPULARITY)  # Rusviet (Industrial) section 4: Trade + Enlist
    assert sc.pl(rec, RUSVIET)["power"] == 3
    sc.act(rec, sc.section(TRADE), sc.POPULARITY)  # the owner keeps the ability without control
    assert sc.pl(rec, NORDIC)["power"] == 4


@pytest.mark.rule("S4.1")
@pytest.mark.rule("S0.4")
def test_bolster_needs_a_coin():
    d = _game(coins=0, power=4)
    rec = sc.load(d)
    sc.act(rec, sc.section(BOLSTER))  # the Bolster decision is skipped: only "skip" was legal
    s = sc.snap(rec)
    assert s["current"] == RUSVIET and s["players"][NORDIC]["power"] == 4


@pytest.mark.rule("S4.3")
def test_empty_deck_reshuffles_the_discard_pile():
    d = _game()
    sc.set_cards(d, hands={NORDIC: {2: 1}, RUSVIET: {3: 2}}, discard={2: 15, 3: 10, 4: 8, 5: 6}, deck=[])
    rec = sc.load(d)
    sc.act(rec, sc.section(BOLSTER), sc.CARDS)
    s = sc.snap(rec)
    assert _hand_size(rec, NORDIC) == 2
    assert len(s["combat_deck"]) == 39 - 1
    assert s["combat_discard"] == {"2": 0, "3": 0, "4": 0, "5": 0}
    held = {int(v): c for v, c in s["players"][NORDIC]["combat_cards"].items()}
    remaining = {v: s["combat_deck"].count(v) for v in (2, 3, 4, 5)}
    assert {v: held[v] + remaining[v] for v in held} == {2: 16, 3: 10, 4: 8, 5: 6}


@pytest.mark.rule("S4.3")
def test_empty_deck_and_discard_draw_nothing():
    d = _game()
    sc.set_cards(d, hands={NORDIC: {2: 1}, RUSVIET: {2: 15, 3: 12, 4: 8, 5: 6}}, discard={}, deck=[])
    sc.set_upgrades(d, NORDIC, ["bolster_cards"], {"build": 1})
    rec = sc.load(d)
    sc.act(rec, sc.section(BOLSTER), sc.CARDS)
    p = sc.pl(rec, NORDIC)
    assert p["combat_cards"] == {"2": 1, "3": 0, "4": 0, "5": 0}
    assert p["coins"] == 5  # the cost is paid all the same


@pytest.mark.rule("S0.4")
@pytest.mark.rule("S18.1")
def test_power_clamps_at_16_and_earns_the_star_once():
    d = _game(power=15)
    rec = sc.load(d)
    sc.act(rec, sc.section(BOLSTER), sc.POWER)
    p = sc.pl(rec, NORDIC)
    assert p["power"] == 16 and p["stars"]["power"] == 1
    # a later Bolster at 16 (star already placed): no 17, no second star
    d = _game(power=16)
    sc.set_stars(d, NORDIC, "power")
    rec = sc.load(d)
    sc.act(rec, sc.section(BOLSTER), sc.POWER)
    p = sc.pl(rec, NORDIC)
    assert p["power"] == 16 and p["stars"]["power"] == 1 and sum(p["stars"].values()) == 1


# ---------------------------------------------------------------- S5 Trade
ALL_PAIRS = {sc.trade(a, b) for i, a in enumerate(sc.RESOURCES) for b in sc.RESOURCES[i:]}


@pytest.mark.rule("S5.1")
@pytest.mark.rule("S5.2")
def test_trade_resources_go_on_one_territory_with_your_worker():
    d = _game()
    sc.set_workers(d, NORDIC, {3: 1, 4: 2})
    sc.place(d, NORDIC, "character", 10)  # controlled, but no worker
    sc.set_structure(d, NORDIC, "mill", 11)  # controlled through a structure, no worker
    sc.set_workers(d, RUSVIET, {25: 1})
    rec = sc.load(d)
    sc.act(rec, sc.section(TRADE))
    assert set(sc.legal(rec)) == {sc.PASS, sc.POPULARITY} | ALL_PAIRS
    sc.act(rec, sc.trade("oil", "food"))
    assert sc.phase(rec) == "trade: place resources"
    assert sc.legal_locations(rec) == {3, 4}
    sc.act(rec, sc.loc(4))
    s = sc.snap(rec)
    assert s["resources"] == {"Tundra 4": {"food": 1, "oil": 1}}
    assert s["players"][NORDIC]["coins"] == 5
    assert s["current"] == RUSVIET  # 0 wood: no Build


@pytest.mark.rule("S5.1")
def test_trade_two_of_the_same_resource():
    d = _game()
    sc.set_workers(d, NORDIC, {3: 1})
    sc.set_resources(d, 3, wood=2)
    rec = sc.load(d)
    sc.act(rec, sc.section(TRADE), sc.trade("wood", "wood"), sc.loc(3))
    # 4 wood now: the Build of the same section becomes affordable (S2.1)
    assert sc.snap(rec)["resources"] == {"Forest 3": {"wood": 4}}
    assert sc.phase(rec) == "bottom action"


@pytest.mark.rule("S5.2")
@pytest.mark.rule("E17")
def test_trade_resources_unavailable_with_every_worker_on_the_base():
    d = _game()
    sc.set_workers(d, NORDIC, {47: 2})
    rec = sc.load(d)
    sc.act(rec, sc.section(TRADE))
    assert set(sc.legal(rec)) == {sc.PASS, sc.POPULARITY}
    sc.assert_illegal(rec, sc.trade("food", "wood"))


@pytest.mark.rule("S5.1")
@pytest.mark.rule("S0.4")
@pytest.mark.parametrize("upgraded,start,end", [(False, 5, 6), (True, 5, 7), (True, 17, 18)])
def test_trade_popularity(upgraded, start, end):
    d = _game(popularity=start)
    if upgraded:
        sc.set_upgrades(d, NORDIC, ["trade_popularity"], {"build": 1})
    rec = sc.load(d)
    sc.act(rec, sc.section(TRADE), sc.POPULARITY)
    p = sc.pl(rec, NORDIC)
    assert (p["popularity"], p["coins"]) == (end, 5)
    assert p["stars"]["popularity"] == (1 if end == 18 else 0)


@pytest.mark.rule("S9.4")
@pytest.mark.rule("S5.3")
@pytest.mark.rule("S9.5")
@pytest.mark.parametrize("option", [(sc.POPULARITY,), (sc.trade("metal", "oil"), sc.loc(3))])
def test_armory_adds_power_to_either_trade_option(option):
    d = _game(power=3)
    sc.set_structure(d, NORDIC, "armory", 10)
    sc.set_workers(d, NORDIC, {3: 1})
    rec = sc.load(d)
    sc.act(rec, sc.section(TRADE), *option)
    assert sc.pl(rec, NORDIC)["power"] == 4
    assert sc.snap(rec)["current"] == RUSVIET


@pytest.mark.rule("S5.3")
def test_no_armory_bonus_without_trade():
    d = _game(power=3)
    sc.set_structure(d, NORDIC, "armory", 10)
    rec = sc.load(d)
    sc.act(rec, sc.section(BOLSTER), sc.CARDS)
    assert sc.pl(rec, NORDIC)["power"] == 3


# ---------------------------------------------------------------- S6 Produce
def _produce_game(workers, **nordic):
    d = _game(**nordic)
    sc.set_workers(d, NORDIC, workers)
    return d


@pytest.mark.rule("S6.1")
@pytest.mark.parametrize("w,cost", [
    (2, (0, 0, 0)), (3, (0, 0, 0)), (4, (1, 0, 0)), (5, (1, 0, 0)),
    (6, (1, 1, 0)), (7, (1, 1, 0)), (8, (1, 1, 1)),
])
def test_produce_cost_by_workers_off_the_mat(w, cost):
    # W counts workers on the home base too (E15): one of them waits there
    d = _produce_game({0: w - 1, 47: 1}, power=5, popularity=5, coins=5)
    rec = sc.load(d)
    sc.act(rec, sc.section(PRODUCE), sc.PRODUCE, sc.loc(0), sc.amount(w - 1))
    s = sc.snap(rec)
    p = s["players"][NORDIC]
    assert (5 - p["power"], 5 - p["popularity"], 5 - p["coins"]) == cost
    assert s["resources"] == {"Mountain 0": {"metal": w - 1}}


@pytest.mark.rule("S6.1")
@pytest.mark.rule("S0.4")
@pytest.mark.parametrize("w,short", [(4, "power"), (6, "popularity"), (8, "coins")])
def test_produce_cost_must_be_payable(w, short):
    tracks = {"power": 5, "popularity": 5, "coins": 5, short: 0}
    d = _produce_game({0: w}, **tracks)
    rec = sc.load(d)
    sc.act(rec, sc.section(PRODUCE))  # Produce is the only option and unaffordable: skipped
    s = sc.snap(rec)
    assert s["current"] == RUSVIET and s["resources"] == {}


@pytest.mark.rule("S6.2")
def test_rulebook_example_farm_and_mountain():
    # seed PT l.586: a farm with 1 worker and a mountain with 2 workers give 1 food and 2 metal
    d = _produce_game({1: 1, 0: 2, 22: 1}, power=3)  # plus a worker on the Factory (W = 4)
    sc.place(d, NORDIC, "character", 10)
    sc.set_workers(d, RUSVIET, {25: 1})
    rec = sc.load(d)
    sc.act(rec, sc.section(PRODUCE), sc.PRODUCE)
    # the Factory produces nothing, Mountain 10 has no worker, Mountain 25 is Rusviet's
    assert set(sc.legal(rec)) == {sc.PASS, sc.loc(0), sc.loc(1)}
    sc.act(rec, sc.loc(1))
    assert set(sc.legal(rec)) == {sc.amount(0), sc.amount(1)}
    sc.act(rec, sc.amount(1), sc.loc(0))
    assert set(sc.legal(rec)) == {sc.amount(0), sc.amount(1), sc.amount(2)}
    sc.act(rec, sc.amount(2))
    s = sc.snap(rec)
    assert s["resources"] == {"Mountain 0": {"metal": 2}, "Farm 1": {"food": 1}}
    assert s["players"][NORDIC]["power"] == 2  # W = 4: 1 power
    assert s["current"] == RUSVIET


@pytest.mark.rule("S6.2")
@pytest.mark.rule("S7.2")
@pytest.mark.parametrize("upgraded", [False, True])
def test_produce_on_two_territories_three_when_upgraded(upgraded):
    d = _produce_game({0: 1, 1: 1, 3: 1})
    if upgraded:
        sc.set_upgrades(d, NORDIC, ["produce_territories"], {"build": 1})
    rec = sc.load(d)
    sc.act(rec, sc.section(PRODUCE), sc.PRODUCE, sc.loc(0), sc.amount(1))
    assert sc.legal_locations(rec) == {1, 3}  # a territory is produced on once
    sc.act(rec, sc.loc(1), sc.amount(1))
    if upgraded:
        assert set(sc.legal(rec)) == {sc.PASS, sc.loc(3)}
        sc.act(rec, sc.loc(3), sc.amount(1))
    s = sc.snap(rec)
    assert s["current"] == RUSVIET
    expected = {"Mountain 0": {"metal": 1}, "Farm 1": {"food": 1}}
    if upgraded:
        expected["Forest 3"] = {"wood": 1}
    assert s["resources"] == expected


@pytest.mark.rule("S6.2")
@pytest.mark.rule("S2.3")
def test_produce_less_than_allowed():
    d = _produce_game({0: 3})
    rec = sc.load(d)
    sc.act(rec, sc.section(PRODUCE), sc.PRODUCE, sc.loc(0), sc.amount(1))
    assert sc.snap(rec)["resources"] == {"Mountain 0": {"metal": 1}}


@pytest.mark.rule("S6.3")
@pytest.mark.rule("S6.1")
def test_village_workers_come_from_the_mat_and_cost_is_fixed_before():
    d = _produce_game({5: 3}, power=5, popularity=5)  # W = 3: free
    rec = sc.load(d)
    sc.act(rec, sc.section(PRODUCE), sc.PRODUCE, sc.loc(5))
    assert set(sc.legal(rec)) == {sc.amount(k) for k in range(4)}
    sc.act(rec, sc.amount(3))
    p = sc.pl(rec, NORDIC)
    on_village = [u for u, where in p["units"].items() if where == "Village 5"]
    assert sorted(on_village) == ["worker 1", "worker 2", "worker 3", "worker 4", "worker 5", "worker 6"]
    assert (p["power"], p["popularity"]) == (5, 5)  # W became 6 only after paying


@pytest.mark.rule("S6.3")
@pytest.mark.rule("E16")
@pytest.mark.rule("S18.1")
def test_village_produces_no_more_workers_than_the_mat_holds():
    d = _produce_game({5: 3, 0: 3}, power=5, popularity=5)  # W = 6, two workers left on the mat
    rec = sc.load(d)
    sc.act(rec, sc.section(PRODUCE), sc.PRODUCE, sc.loc(5))
    assert set(sc.legal(rec)) == {sc.amount(0), sc.amount(1), sc.amount(2)}
    sc.act(rec, sc.amount(2))
    p = sc.pl(rec, NORDIC)
    assert all(p["units"][f"worker {w}"] is not None for w in range(1, 9))
    assert p["stars"]["workers"] == 1  # all 8 workers off the mat
    # the mat is empty: the village cannot be produced on again, the mountain can
    assert set(sc.legal(rec)) == {sc.PASS, sc.loc(0)}


@pytest.mark.rule("S6.4")
@pytest.mark.rule("S9.5")
def test_mill_is_an_extra_territory_and_produces_like_a_worker():
    d = _produce_game({0: 1, 3: 1, 1: 1})
    sc.set_structure(d, NORDIC, "mill", 1)
    rec = sc.load(d)
    sc.act(rec, sc.section(PRODUCE), sc.PRODUCE)
    assert sc.legal_locations(rec) == {0, 1, 3}
    sc.act(rec, sc.loc(0), sc.amount(1), sc.loc(3), sc.amount(1))
    # two territories used; the Mill's farm is still open, and yields worker + Mill = 2
    assert set(sc.legal(rec)) == {sc.PASS, sc.loc(1)}
    sc.act(rec, sc.loc(1))
    assert set(sc.legal(rec)) == {sc.amount(k) for k in range(3)}
    sc.act(rec, sc.amount(2))
    s = sc.snap(rec)
    assert s["resources"] == {"Mountain 0": {"metal": 1}, "Forest 3": {"wood": 1}, "Farm 1": {"food": 2}}
    assert s["current"] == RUSVIET


@pytest.mark.rule("S6.4")
def test_mill_alone_produces_one():
    d = _produce_game({0: 1})
    sc.set_structure(d, NORDIC, "mill", 5)  # a village: the Mill makes a worker
    rec = sc.load(d)
    sc.act(rec, sc.section(PRODUCE), sc.PRODUCE, sc.loc(5))
    assert set(sc.legal(rec)) == {sc.amount(0), sc.amount(1)}
    sc.act(rec, sc.amount(1))
    assert sc.pl(rec, NORDIC)["units"]["worker 2"] == "Village 5"


@pytest.mark.rule("S6.4")
@pytest.mark.rule("E2")
def test_mill_on_a_territory_you_do_not_control_is_not_produced_on():
    d = _produce_game({0: 1})
    sc.set_structure(d, NORDIC, "mill", 1)
    sc.set_workers(d, RUSVIET, {1: 1})  # Rusviet controls Farm 1 (S0.6)
    rec = sc.load(d)
    sc.act(rec, sc.section(PRODUCE), sc.PRODUCE)
    assert sc.legal_locations(rec) == {0}


# ---------------------------------------------------------------- illegal actions, top row
@pytest.mark.rule("S6.3")
@pytest.mark.rule("S6.2")
def test_illegal_produce_choices_change_nothing():
    d = _produce_game({0: 2, 5: 1}, power=5)
    sc.set_workers(d, RUSVIET, {25: 1})
    rec = sc.load(d)
    sc.act(rec, sc.section(PRODUCE))
    for bad in (sc.MOVE, sc.POWER, sc.trade("food", "food"), sc.loc(0), sc.amount(0)):
        sc.assert_illegal(rec, bad)
    sc.act(rec, sc.PRODUCE)
    for bad in (sc.loc(25), sc.loc(10), sc.loc(47), sc.amount(1), sc.section(1)):
        sc.assert_illegal(rec, bad)
    sc.act(rec, sc.loc(0))
    for bad in (sc.amount(3), sc.amount(9), sc.PASS, sc.loc(5)):
        sc.assert_illegal(rec, bad)
    sc.act(rec, sc.amount(2))
    sc.assert_illegal(rec, sc.loc(0))  # already produced on


@pytest.mark.rule("S5.2")
def test_illegal_trade_target_changes_nothing():
    d = _game()
    sc.set_workers(d, NORDIC, {3: 1})
    sc.set_structure(d, NORDIC, "mine", 4)
    rec = sc.load(d)
    sc.act(rec, sc.section(TRADE), sc.trade("metal", "oil"))
    for bad in (sc.loc(4), sc.loc(47), sc.loc(10), sc.PASS):
        sc.assert_illegal(rec, bad)
