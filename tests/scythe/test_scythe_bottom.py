"""Rules tests: paying bottom-row costs (S0.6, S0.7), Upgrade (S7), Deploy (S8), Build (S9),
Enlist (S10) and the recruit ongoing bonuses (S11), with the edge cases E11 and E17.

Seat 0 is Nordic on Patriotic (spec D3.2): 1 Move + Upgrade (2 oil, no bracketed box, $1),
2 Bolster + Deploy (4 metal, 3 boxes, $3), 3 Trade + Build (4 wood, 2 boxes, $0),
4 Produce + Enlist (3 food, 1 box, $2). Seat 1 is Rusviet on Industrial: 1 Bolster + Upgrade
(3 oil, $3), 2 Produce + Deploy (3 metal, $2), 3 Move + Build (3 wood, $1), 4 Trade + Enlist
(4 food, $0).
"""

from __future__ import annotations

import pytest

from tests.scythe import scenario as sc

NORDIC, RUSVIET = 0, 1
UPGRADE, DEPLOY, BUILD, ENLIST = 1, 2, 3, 4  # sections = bottom actions 1-4


def _game(n=2, factions=("nordic", "rusviet"), mats=("patriotic", "industrial")):
    d = sc.empty_board(sc.base_dict(n_players=n, factions=factions, mats=mats))
    sc.set_turn(d, 0)
    return d


# ---------------------------------------------------------------- S0.6 / S0.7 paying
@pytest.mark.rule("S0.7")
@pytest.mark.rule("S0.6")
def test_pay_token_by_token_from_any_controlled_territory():
    d = _game()
    sc.set_workers(d, NORDIC, {3: 1})
    sc.place(d, NORDIC, "character", 4)
    sc.set_structure(d, NORDIC, "mill", 10)
    sc.set_workers(d, RUSVIET, {13: 1})
    for where, wood in ((3, 2), (4, 2), (10, 1), (13, 5), (15, 3)):
        sc.set_resources(d, where, wood=wood)
    rec = sc.to_bottom(sc.load(d), BUILD)
    sc.act(rec, sc.TAKE)
    assert sc.phase(rec) == "pay"
    # worker, character and structure give control; 13 is Rusviet's, 15 nobody's
    assert set(sc.legal(rec)) == {sc.loc(3), sc.loc(4), sc.loc(10)}
    sc.act(rec, sc.loc(10), sc.loc(4), sc.loc(4))
    assert set(sc.legal(rec)) == {sc.loc(3)}
    sc.assert_illegal(rec, sc.loc(4))  # none left there
    sc.assert_illegal(rec, sc.loc(13))
    sc.act(rec, sc.loc(3))
    s = sc.snap(rec)
    assert s["phase"] == "build: structure"
    assert s["resources"] == {"Forest 3": {"wood": 1}, "Forest 13": {"wood": 5}, "Forest 15": {"wood": 3}}


@pytest.mark.rule("S0.7")
def test_exact_cost_is_paid_without_a_decision():
    d = _game()
    sc.set_workers(d, NORDIC, {3: 1})
    sc.set_structure(d, NORDIC, "mill", 10)
    sc.set_resources(d, 3, wood=2, food=1)
    sc.set_resources(d, 10, wood=2)
    rec = sc.to_bottom(sc.load(d), BUILD)
    sc.act(rec, sc.TAKE)
    s = sc.snap(rec)
    assert s["phase"] == "build: structure"
    assert s["resources"] == {"Forest 3": {"food": 1}}


@pytest.mark.rule("S0.6")
@pytest.mark.rule("S0.4")
def test_an_opponent_unit_on_your_structure_takes_its_resources():
    d = _game()
    sc.set_structure(d, NORDIC, "mill", 10)
    sc.set_workers(d, RUSVIET, {10: 1, 25: 1})
    sc.set_workers(d, NORDIC, {3: 1})
    sc.set_resources(d, 10, wood=2)
    sc.set_resources(d, 3, wood=2)
    sc.set_resources(d, 25, wood=2)
    rec = sc.load(d)
    sc.act(rec, sc.section(BUILD), sc.PASS)  # Nordic controls 2 wood, the Build costs 4
    assert sc.snap(rec)["current"] == RUSVIET
    # Rusviet (Industrial Build: 3 wood) pays with the wood under the Nordic Mill
    sc.to_bottom(rec, 3)
    sc.act(rec, sc.TAKE)
    assert set(sc.legal(rec)) == {sc.loc(10), sc.loc(25)}


@pytest.mark.rule("S0.4")
def test_unaffordable_bottom_action_is_not_offered():
    d = _game()
    sc.set_workers(d, NORDIC, {3: 1})
    sc.set_resources(d, 3, wood=3)
    rec = sc.load(d)
    sc.act(rec, sc.section(BUILD))
    assert set(sc.legal(rec)) == {sc.PASS, sc.POPULARITY} | {
        sc.trade(a, b) for i, a in enumerate(sc.RESOURCES) for b in sc.RESOURCES[i:]}
    sc.act(rec, sc.PASS)
    assert sc.snap(rec)["current"] == RUSVIET


# ---------------------------------------------------------------- S7 Upgrade
@pytest.mark.rule("S7.1")
@pytest.mark.rule("S7.2")
def test_rulebook_upgrade_example_produce_three_and_cheaper_enlist():
    # seed PT l.616: the cube leaves Produce (3 territories) and covers a box of Enlist (-1 food)
    d = _game()
    sc.set_workers(d, NORDIC, {4: 1, 1: 2, 0: 1, 3: 1})  # W = 5: Produce costs 1 power
    sc.set_resources(d, 4, oil=2)
    rec = sc.to_bottom(sc.load(d), UPGRADE)
    assert set(sc.legal(rec)) == {sc.PASS, sc.TAKE, sc.TAKE_NO_COINS}
    sc.act(rec, sc.TAKE)
    assert sc.phase(rec) == "upgrade: take cube"
    assert set(sc.legal(rec)) == {sc.PASS} | {sc.upgrade_from(s) for s in sc.SLOTS}
    sc.act(rec, sc.upgrade_from("produce_territories"))
    # Patriotic has no bracketed box under Upgrade: Deploy 3, Build 2, Enlist 1
    assert set(sc.legal(rec)) == {sc.upgrade_to("deploy"), sc.upgrade_to("build"), sc.upgrade_to("enlist")}
    sc.act(rec, sc.upgrade_to("enlist"))
    p = sc.pl(rec, NORDIC)
    assert p["upgrades"] == ["produce_territories"]
    assert p["covered"] == {"upgrade": 0, "deploy": 0, "build": 0, "enlist": 1}
    assert p["coins"] == 6 + 1
    assert sc.snap(rec)["resources"] == {}
    sc.act(rec, sc.section(1), sc.PASS)  # Rusviet: Bolster + Upgrade, skipped
    # Produce on three territories: 2 food on the farm, then metal and wood
    sc.act(rec, sc.section(4), sc.PRODUCE, sc.loc(1), sc.amount(2), sc.loc(0), sc.amount(1), sc.loc(3),
           sc.amount(1))
    # Enlist now costs 2 food (was 3): the 2 food just produced pay it
    assert sc.phase(rec) == "bottom action"
    sc.act(rec, sc.TAKE)
    assert sc.phase(rec) == "enlist: recruit"
    assert sc.snap(rec)["resources"] == {"Mountain 0": {"metal": 1}, "Forest 3": {"wood": 1}}


@pytest.mark.rule("S7.1")
def test_a_full_bottom_action_is_no_upgrade_target():
    d = _game()
    sc.set_workers(d, NORDIC, {4: 1})
    sc.set_resources(d, 4, oil=2)
    sc.set_upgrades(d, NORDIC, ["move_units", "move_coins"], {"enlist": 1, "build": 1})
    rec = sc.to_bottom(sc.load(d), UPGRADE)
    sc.act(rec, sc.TAKE)
    assert set(sc.legal(rec)) == {sc.PASS} | {sc.upgrade_from(s) for s in sc.SLOTS[2:]}
    sc.assert_illegal(rec, sc.upgrade_from("move_units"))
    sc.act(rec, sc.upgrade_from("bolster_power"))
    assert set(sc.legal(rec)) == {sc.upgrade_to("deploy"), sc.upgrade_to("build")}
    sc.assert_illegal(rec, sc.upgrade_to("enlist"))
    sc.assert_illegal(rec, sc.upgrade_to("upgrade"))


@pytest.mark.rule("S7.2")
def test_covered_boxes_lower_the_cost():
    # Patriotic Deploy: 4 metal printed, 2 boxes covered -> 2 metal
    d = _game()
    sc.set_workers(d, NORDIC, {0: 1})
    sc.set_resources(d, 0, metal=2)
    rec = sc.load(d)
    sc.act(rec, sc.section(DEPLOY), sc.PASS)
    assert sc.snap(rec)["current"] == RUSVIET  # 2 metal do not pay 4
    sc.set_upgrades(d, NORDIC, ["move_units", "move_coins"], {"deploy": 2})
    rec = sc.to_bottom(sc.load(d), DEPLOY)
    sc.act(rec, sc.TAKE)
    assert sc.phase(rec) == "deploy: mech" and sc.snap(rec)["resources"] == {}


@pytest.mark.rule("S7.3")
@pytest.mark.rule("S18.1")
@pytest.mark.rule("E11")
def test_sixth_upgrade_earns_a_star_then_upgrade_still_pays_coins():
    d = _game()
    sc.set_workers(d, NORDIC, {4: 1})
    sc.set_resources(d, 4, oil=2)
    sc.set_upgrades(d, NORDIC, sc.SLOTS[:5], {"deploy": 3, "build": 2})
    rec = sc.to_bottom(sc.load(d), UPGRADE)
    sc.act(rec, sc.TAKE, sc.upgrade_from("produce_territories"), sc.upgrade_to("enlist"))
    p = sc.pl(rec, NORDIC)
    assert p["stars"]["upgrades"] == 1 and len(p["upgrades"]) == 6
    # later: everything upgraded; Upgrade still costs 2 oil and pays $1, then the turn ends
    d = sc.snap(rec)
    sc.set_resources(d, 4, oil=2)
    sc.set_turn(d, NORDIC)
    sc.set_player(d, NORDIC, last_section=None)
    rec = sc.to_bottom(sc.load(d), UPGRADE)
    sc.act(rec, sc.TAKE)
    s = sc.snap(rec)
    assert s["current"] == RUSVIET and s["resources"] == {}
    assert s["players"][NORDIC]["coins"] == 6 + 1 + 1
    assert s["players"][NORDIC]["stars"]["upgrades"] == 1


@pytest.mark.rule("S2.3")
@pytest.mark.rule("S7.1")
def test_declining_the_coins_and_the_benefit():
    d = _game()
    sc.set_workers(d, NORDIC, {4: 1})
    sc.set_resources(d, 4, oil=2)
    rec = sc.to_bottom(sc.load(d), UPGRADE)
    sc.act(rec, sc.TAKE_NO_COINS, sc.PASS)
    s = sc.snap(rec)
    p = s["players"][NORDIC]
    assert s["current"] == RUSVIET and s["resources"] == {}
    assert p["coins"] == 6 and p["upgrades"] == []


# ---------------------------------------------------------------- S8 Deploy
@pytest.mark.rule("S8.1")
def test_deploy_on_a_controlled_territory_with_a_worker_not_a_lake():
    d = _game()
    sc.set_workers(d, NORDIC, {0: 1, 22: 1, 8: 1, 3: 1})  # 8 is a lake (put there by the scenario)
    sc.set_structure(d, RUSVIET, "armory", 3)  # Nordic's worker controls it anyway
    sc.place(d, NORDIC, "character", 10)  # no worker there
    sc.set_structure(d, NORDIC, "mill", 11)  # no worker there
    sc.set_mechs(d, NORDIC, [None, 0])  # mech 2 already out
    sc.set_resources(d, 0, metal=4)
    rec = sc.to_bottom(sc.load(d), DEPLOY)
    sc.act(rec, sc.TAKE)
    assert set(sc.legal(rec)) == {sc.PASS, sc.mech(1), sc.mech(3), sc.mech(4)}
    sc.assert_illegal(rec, sc.mech(2))
    sc.act(rec, sc.mech(3))
    assert set(sc.legal(rec)) == {sc.loc(0), sc.loc(3), sc.loc(22)}
    for bad in (sc.loc(8), sc.loc(10), sc.loc(11), sc.loc(47), sc.PASS):
        sc.assert_illegal(rec, bad)
    sc.act(rec, sc.loc(22))
    s = sc.snap(rec)
    assert s["players"][NORDIC]["units"]["mech 3"] == "Factory"
    assert s["players"][NORDIC]["coins"] == 6 + 3
    assert s["current"] == RUSVIET


@pytest.mark.rule("S8.1")
@pytest.mark.rule("S18.1")
@pytest.mark.rule("S8.3")
def test_fourth_mech_earns_a_star_then_deploy_still_pays_coins():
    d = _game()
    sc.set_workers(d, NORDIC, {0: 1})
    sc.set_mechs(d, NORDIC, [0, 0, 0])
    sc.set_resources(d, 0, metal=8)
    rec = sc.to_bottom(sc.load(d), DEPLOY)
    sc.act(rec, sc.TAKE, sc.loc(0), sc.loc(0), sc.loc(0), sc.loc(0))  # pay 4 of 8, token by token
    sc.act(rec, sc.mech(4), sc.loc(0))
    p = sc.pl(rec, NORDIC)
    assert p["stars"]["mechs"] == 1 and p["coins"] == 9
    sc.act(rec, sc.section(1), sc.PASS)  # Rusviet
    sc.act(rec, sc.section(1), sc.PASS)  # Nordic: Move, skipped; no oil
    sc.act(rec, sc.section(2), sc.PASS)  # Rusviet
    sc.to_bottom(rec, DEPLOY)
    sc.act(rec, sc.TAKE)  # E11: no mech left, still $3
    s = sc.snap(rec)
    assert s["current"] == RUSVIET and s["resources"] == {}
    assert s["players"][NORDIC]["coins"] == 12 and s["players"][NORDIC]["stars"]["mechs"] == 1


@pytest.mark.rule("E17")
@pytest.mark.rule("S8.1")
def test_deploy_without_a_worker_on_the_map_pays_for_coins_only():
    d = _game()
    sc.set_workers(d, NORDIC, {47: 2})
    sc.place(d, NORDIC, "character", 10)
    sc.set_resources(d, 10, metal=4)
    rec = sc.to_bottom(sc.load(d), DEPLOY)
    sc.act(rec, sc.TAKE)
    s = sc.snap(rec)
    assert s["current"] == RUSVIET and s["resources"] == {}
    assert s["players"][NORDIC]["coins"] == 9
    assert all(s["players"][NORDIC]["units"][f"mech {m}"] is None for m in range(1, 5))


# ---------------------------------------------------------------- S9 Build
@pytest.mark.rule("S9.1")
@pytest.mark.rule("S9.2")
def test_build_one_structure_per_territory_not_on_a_lake():
    d = _game()
    sc.set_workers(d, NORDIC, {3: 1, 4: 1, 22: 1, 8: 1, 5: 1})
    sc.set_structure(d, NORDIC, "monument", 4)
    sc.set_structure(d, RUSVIET, "mine", 5)  # an opponent's structure also fills the territory
    sc.set_resources(d, 3, wood=4)
    rec = sc.to_bottom(sc.load(d), BUILD)
    assert set(sc.legal(rec)) == {sc.PASS, sc.TAKE}  # Patriotic Build pays no coins: nothing to decline
    sc.assert_illegal(rec, sc.TAKE_NO_COINS)
    sc.act(rec, sc.TAKE)
    assert set(sc.legal(rec)) == {sc.PASS, sc.structure("mine"), sc.structure("armory"), sc.structure("mill")}
    sc.assert_illegal(rec, sc.structure("monument"))
    sc.act(rec, sc.structure("mill"))
    assert set(sc.legal(rec)) == {sc.loc(3), sc.loc(22)}
    for bad in (sc.loc(4), sc.loc(5), sc.loc(8), sc.loc(47)):
        sc.assert_illegal(rec, bad)
    sc.act(rec, sc.loc(22))
    s = sc.snap(rec)
    assert s["players"][NORDIC]["structures"] == {"mine": None, "monument": "Tundra 4", "armory": None,
                                                  "mill": "Factory"}
    assert s["current"] == RUSVIET


@pytest.mark.rule("S9.1")
@pytest.mark.rule("S18.1")
@pytest.mark.rule("E11")
def test_fourth_structure_earns_a_star_then_build_still_allowed():
    d = _game()
    sc.set_workers(d, NORDIC, {3: 1})
    for k, where in zip(("mine", "monument", "armory"), (0, 1, 2)):
        sc.set_structure(d, NORDIC, k, where)
    sc.set_resources(d, 3, wood=4)
    rec = sc.to_bottom(sc.load(d), BUILD)
    sc.act(rec, sc.TAKE, sc.structure("mill"), sc.loc(3))
    assert sc.pl(rec, NORDIC)["stars"]["structures"] == 1
    d = sc.snap(rec)
    sc.set_resources(d, 3, wood=4)
    sc.set_turn(d, NORDIC)
    sc.set_player(d, NORDIC, last_section=None)
    rec = sc.to_bottom(sc.load(d), BUILD)
    sc.act(rec, sc.TAKE)
    s = sc.snap(rec)
    assert s["current"] == RUSVIET and s["resources"] == {}


@pytest.mark.rule("E17")
@pytest.mark.rule("S9.1")
def test_build_without_a_free_spot_pays_for_nothing_but_the_bonus():
    d = _game()
    sc.set_workers(d, NORDIC, {3: 1})
    sc.set_structure(d, RUSVIET, "mill", 3)
    sc.set_recruits(d, NORDIC, ["build"])
    sc.set_player(d, NORDIC, popularity=4)
    sc.set_resources(d, 3, wood=4)
    rec = sc.to_bottom(sc.load(d), BUILD)
    sc.act(rec, sc.TAKE)
    s = sc.snap(rec)
    assert s["current"] == RUSVIET and s["resources"] == {}
    assert s["players"][NORDIC]["popularity"] == 5  # own Build recruit bonus
    assert all(v is None for v in s["players"][NORDIC]["structures"].values())


# ---------------------------------------------------------------- S10 Enlist
@pytest.mark.rule("S10.1")
@pytest.mark.rule("S10.2")
@pytest.mark.parametrize("bonus,field,gain", [
    ("power", "power", 2), ("coins", "coins", 2), ("popularity", "popularity", 2), ("combat_cards", "cards", 2),
])
def test_enlist_one_time_bonus(bonus, field, gain):
    used = "coins" if bonus == "power" else "power"  # one slot was filled on an earlier turn
    d = _game()
    sc.set_workers(d, NORDIC, {1: 1})
    sc.set_resources(d, 1, food=3)
    sc.set_recruits(d, NORDIC, ["upgrade"], [used])
    rec = sc.to_bottom(sc.load(d), ENLIST)

    def value(p):
        return sum(p["combat_cards"].values()) if field == "cards" else p[field]

    before = value(sc.pl(rec, NORDIC))
    sc.act(rec, sc.TAKE)
    assert set(sc.legal(rec)) == {sc.PASS, sc.recruit("deploy"), sc.recruit("build"), sc.recruit("enlist")}
    sc.act(rec, sc.recruit("build"))
    assert set(sc.legal(rec)) == {sc.one_time(b) for b in sc.ONE_TIME_BONUSES if b != used}
    sc.assert_illegal(rec, sc.one_time(used))
    sc.act(rec, sc.one_time(bonus))
    p = sc.pl(rec, NORDIC)
    assert p["recruits"] == ["upgrade", "build"]
    assert sorted(p["one_time_bonuses"]) == sorted([used, bonus])
    enlist_coins = 2  # Patriotic Enlist pays $2
    assert value(p) == before + gain + (enlist_coins if field == "coins" else 0)


@pytest.mark.rule("S10.1")
@pytest.mark.rule("S18.1")
@pytest.mark.rule("S10.3")
def test_fourth_recruit_earns_a_star():
    d = _game()
    sc.set_workers(d, NORDIC, {1: 1})
    sc.set_resources(d, 1, food=3)
    sc.set_recruits(d, NORDIC, ["upgrade", "deploy", "build"], ["power", "coins", "popularity"])
    rec = sc.to_bottom(sc.load(d), ENLIST)
    sc.act(rec, sc.TAKE)
    assert set(sc.legal(rec)) == {sc.PASS, sc.recruit("enlist")}
    sc.act(rec, sc.recruit("enlist"))
    assert set(sc.legal(rec)) == {sc.one_time("combat_cards")}
    sc.act(rec, sc.one_time("combat_cards"))
    p = sc.pl(rec, NORDIC)
    assert p["stars"]["recruits"] == 1
    # the Enlist recruit bonus is active from this action on: 2 cards + 1 card
    assert sum(p["combat_cards"].values()) == 1 + 2 + 1


# ---------------------------------------------------------------- S11 recruit ongoing bonuses
def _rob_game(n, recruits):
    factions = ("nordic", "rusviet", "crimea", "saxony", "polania")[:n]
    mats = ("patriotic", "industrial", "engineering", "mechanical", "agricultural")[:n]
    d = _game(n, factions, mats)
    for seat, sections in recruits.items():
        sc.set_recruits(d, seat, sections)
    sc.set_workers(d, NORDIC, {3: 1})
    return d


@pytest.mark.rule("S2.6")
@pytest.mark.rule("S11.2")
@pytest.mark.rule("S11.3")
def test_build_bonus_for_the_active_player_and_both_neighbours():
    # seed PT l.814: the Nordic player gains 1 popularity when they or a neighbour builds
    d = _rob_game(4, {0: ["build"], 1: ["build"], 2: ["build"], 3: ["build"]})
    sc.set_resources(d, 3, wood=4)
    rec = sc.to_bottom(sc.load(d), BUILD)
    before = [sc.pl(rec, p)["popularity"] for p in range(4)]
    sc.act(rec, sc.TAKE, sc.structure("mine"), sc.loc(3))
    after = [sc.pl(rec, p)["popularity"] for p in range(4)]
    assert [a - b for a, b in zip(after, before)] == [1, 1, 0, 1]  # seat 2 is no neighbour of seat 0


@pytest.mark.rule("S11.1")
@pytest.mark.rule("S11.4")
@pytest.mark.parametrize("section,bottom,res,cost", [
    (UPGRADE, "upgrade", "oil", 2), (DEPLOY, "deploy", "metal", 4), (BUILD, "build", "wood", 4),
    (ENLIST, "enlist", "food", 3),
])
def test_each_ongoing_bonus_once_for_the_two_player_opponent(section, bottom, res, cost):
    d = _rob_game(2, {0: [bottom], 1: [bottom]})
    sc.set_resources(d, 3, **{res: cost})
    rec = sc.to_bottom(sc.load(d), section)
    before = [sc.pl(rec, p) for p in range(2)]
    sc.act(rec, sc.TAKE_NO_COINS if sc.TAKE_NO_COINS in sc.legal(rec) else sc.TAKE)
    while sc.snap(rec)["current"] == NORDIC:
        sc.act(rec, sc.PASS)  # decline the benefit itself: the bonus comes all the same
    after = [sc.pl(rec, p) for p in range(2)]

    def track(p):
        return (p["power"], p["coins"], p["popularity"], sum(p["combat_cards"].values()))

    expected = {"upgrade": (1, 0, 0, 0), "deploy": (0, 1, 0, 0), "build": (0, 0, 1, 0), "enlist": (0, 0, 0, 1)}
    for seat in (0, 1):
        delta = tuple(a - b for a, b in zip(track(after[seat]), track(before[seat])))
        assert delta == expected[bottom], seat


@pytest.mark.rule("S11.2")
def test_no_bonus_from_top_actions_or_a_skipped_bottom_action():
    d = _rob_game(3, {0: ["build"], 1: ["build"], 2: ["build"]})
    sc.set_resources(d, 3, wood=4)
    rec = sc.load(d)
    before = [sc.pl(rec, p)["popularity"] for p in range(3)]
    sc.act(rec, sc.section(BUILD), sc.trade("food", "food"), sc.loc(3), sc.PASS)  # Trade, then skip the Build
    assert [sc.pl(rec, p)["popularity"] for p in range(3)] == before


@pytest.mark.rule("S11.2")
def test_bonus_only_for_the_recruit_of_that_action():
    d = _rob_game(2, {1: ["upgrade", "deploy", "enlist"]})
    sc.set_resources(d, 3, wood=4)
    rec = sc.to_bottom(sc.load(d), BUILD)
    before = sc.pl(rec, RUSVIET)
    sc.act(rec, sc.TAKE, sc.structure("mine"), sc.loc(3))
    assert sc.pl(rec, RUSVIET) == before


# ---------------------------------------------------------------- illegal actions, bottom row
@pytest.mark.rule("S10.1")
@pytest.mark.rule("S0.7")
def test_illegal_bottom_choices_change_nothing():
    d = _game()
    sc.set_workers(d, NORDIC, {1: 1, 0: 1})
    sc.set_resources(d, 1, food=2)
    sc.set_resources(d, 0, food=2)
    sc.set_resources(d, 5, food=9)
    sc.set_recruits(d, NORDIC, ["enlist"], ["coins"])
    rec = sc.load(d)
    sc.act(rec, sc.section(ENLIST))
    sc.act(rec, sc.PASS)
    for bad in (sc.loc(1), sc.recruit("build"), sc.section(1)):
        sc.assert_illegal(rec, bad)
    sc.act(rec, sc.TAKE)
    assert sc.phase(rec) == "pay"
    for bad in (sc.loc(5), sc.loc(3), sc.loc(47), sc.PASS, sc.TAKE):
        sc.assert_illegal(rec, bad)
    sc.act(rec, sc.loc(1), sc.loc(1), sc.loc(0))
    assert sc.phase(rec) == "enlist: recruit"
    sc.assert_illegal(rec, sc.recruit("enlist"))
    sc.assert_illegal(rec, sc.one_time("power"))
    sc.act(rec, sc.recruit("deploy"))
    sc.assert_illegal(rec, sc.one_time("coins"))
    sc.assert_illegal(rec, sc.PASS)


# ---------------------------------------------------------------- Crimea's Coercion (S12.2)
def _crimea_enlist(food, hand):
    """Crimea (Mechanical: Enlist costs 4 food) at its Enlist bottom action."""
    d = sc.empty_board(sc.base_dict(factions=("crimea", "saxony"), mats=("mechanical", "industrial")))
    sc.set_workers(d, 0, {42: 1})
    if food:
        sc.set_resources(d, 42, food=food)
    sc.set_cards(d, hands={0: hand, 1: {}})
    sc.set_turn(d, 0)
    return sc.load(d)


@pytest.mark.rule("S12.2")
def test_coercion_pays_one_token_with_a_combat_card_once_per_turn():
    rec = _crimea_enlist(3, {5: 1, 2: 1})  # 3 food + 1 card cover a cost of 4
    sc.to_bottom(rec, ENLIST)
    sc.act(rec, sc.TAKE)
    assert sc.phase(rec) == "pay"
    assert set(sc.legal(rec)) == {sc.loc(42), sc.A.CARD + 0, sc.A.CARD + 3}
    sc.act(rec, sc.A.CARD + 0)  # the 2 pays for one food
    # once per turn: no second card, and the 3 food left must all go, so they are paid at once
    assert sc.phase(rec) == "enlist: recruit"
    after = sc.snap(rec)
    assert after["players"][0]["combat_cards"] == {"2": 0, "3": 0, "4": 0, "5": 1}
    assert after["combat_discard"]["2"] == 1 and sc.name(42) not in after["resources"]


@pytest.mark.rule("S12.2")
def test_coercion_decides_affordability_and_is_crimea_only():
    rec = _crimea_enlist(3, {})  # no card: 3 food cannot pay 4, so the turn passes on
    sc.act(rec, sc.section(ENLIST), sc.PASS)  # skip Produce
    assert sc.snap(rec)["current"] == 1
    rec = _crimea_enlist(3, {4: 1})
    sc.act(rec, sc.section(ENLIST), sc.PASS)
    assert sc.TAKE in sc.legal(rec)
    d = _game(factions=("nordic", "rusviet"), mats=("mechanical", "industrial"))
    sc.set_workers(d, 0, {3: 1})
    sc.set_resources(d, 3, food=3)
    sc.set_cards(d, hands={0: {4: 1}, 1: {}})
    rec = sc.load(d)
    sc.act(rec, sc.section(ENLIST), sc.PASS)
    assert sc.snap(rec)["current"] == 1  # Nordic has no Coercion
