"""Rules tests: the Factory (spec S16, D9) and the factory card as a fifth section (S2.2).
Cards used (D9): #1 $1 + 1 combat card: produce on up to 2 territories; #2 1 popularity: enlist
or upgrade; #3 1 combat card: +2 popularity; #6 1 power: +$3. The Factory is territory 22;
Mountain 23 touches it by land."""

from __future__ import annotations

import numpy as np
import pytest

from tests.scythe import scenario as sc

A = sc.A
FACTORY_SECTION = 5  # sections are numbered 1-5 in scenarios


def _game(factions=("nordic", "rusviet"), mats=("patriotic", "industrial")):
    return sc.empty_board(sc.base_dict(factions=factions, mats=mats))


def _to_factory(d, seat=0, pool=(6, 3, 2)):
    d["factory_pool"] = list(pool)
    sc.place(d, seat, "character", 23)
    sc.set_turn(d, seat)
    rec = sc.load(d)
    sc.act(rec, sc.section(sc.section_of(d["players"][seat]["mat"], "move")), sc.MOVE, sc.unit("character"), sc.loc(22))
    if sc.phase(rec) == "move: select unit":
        sc.act(rec, sc.PASS)
    return rec


def _holding(card, seat=0, **player):
    d = _game()
    d["players"][seat]["factory_card"] = card
    sc.set_player(d, seat, **player)
    sc.set_turn(d, seat)
    return d


@pytest.mark.rule("S16.1")
@pytest.mark.rule("S16.2")
@pytest.mark.rule("S16.3")
def test_the_first_visit_takes_one_card_the_rest_stay():
    d = _game()
    rec = _to_factory(d, pool=(6, 3, 2))
    assert sc.phase(rec) == "factory: take a card"
    assert set(sc.legal(rec)) == {A.FACTORY_PICK + k for k in range(3)}
    sc.act(rec, A.FACTORY_PICK + 1)
    after = sc.snap(rec)
    assert after["players"][0]["factory_card"] == 3 and after["factory_pool"] == [6, 2]
    # a second visit takes nothing
    d = sc.snap(rec)
    d["players"][0]["last_section"] = None
    rec = _to_factory(d, pool=(6, 2))
    assert sc.phase(rec) != "factory: take a card" and sc.pl(rec, 0)["factory_card"] == 3


@pytest.mark.rule("S0.10")
@pytest.mark.rule("S16.1")
def test_only_the_visitor_sees_the_cards_at_the_factory():
    from meeplegym.encoders import scythe as encoder

    views = {0: [], 1: []}
    for pool in ((6, 3, 2), (12, 11, 10)):
        rec = _to_factory(_game(), pool=pool)
        for seat in (0, 1):
            views[seat].append(encoder.observation(rec, seat))
    assert np.array_equal(*views[1])  # the opponent sees only that 3 cards wait there
    assert not np.array_equal(*views[0])


@pytest.mark.rule("S2.2")
@pytest.mark.rule("S12.1")
def test_the_card_is_a_fifth_section_under_the_section_rule():
    d = _holding(6, power=3)
    assert sc.section(FACTORY_SECTION) in sc.legal(sc.load(d))
    d["players"][0]["last_section"] = FACTORY_SECTION
    assert sc.section(FACTORY_SECTION) not in sc.legal(sc.load(d))
    d = _holding(6, seat=1, power=3)
    d["players"][1]["last_section"] = FACTORY_SECTION
    assert sc.section(FACTORY_SECTION) in sc.legal(sc.load(d))  # Rusviet: Relentless
    assert sc.section(FACTORY_SECTION) not in sc.legal(sc.load(_game()))


@pytest.mark.rule("S16.4")
@pytest.mark.rule("S16.5")
def test_a_top_action_pays_then_gains_without_mat_bonuses():
    d = _holding(6, power=3, coins=1)
    sc.set_recruits(d, 1, ["upgrade"], ["power"])
    rec = sc.load(d)
    sc.act(rec, sc.section(FACTORY_SECTION), A.FACTORY_TOP)
    assert set(sc.legal(rec)) >= {sc.amount(3)}
    sc.act(rec, sc.amount(3))
    after = sc.snap(rec)["players"]
    assert after[0]["power"] == 2 and after[0]["coins"] == 4


@pytest.mark.rule("S16.4")
def test_a_combat_card_cost_is_a_choice_of_card():
    d = _holding(3, popularity=4)
    sc.set_cards(d, hands={0: {2: 1, 5: 1}, 1: {}})
    rec = sc.load(d)
    sc.act(rec, sc.section(FACTORY_SECTION), A.FACTORY_TOP)
    assert sc.phase(rec) == "factory: discard a combat card"
    assert set(sc.legal(rec)) == {A.CARD + 0, A.CARD + 3}
    sc.act(rec, A.CARD + 0, sc.amount(2))
    after = sc.snap(rec)
    assert after["players"][0]["popularity"] == 6 and after["combat_discard"]["2"] == 1


@pytest.mark.rule("S16.4")
def test_or_cards_let_the_player_choose_the_granted_action():
    d = _holding(2, popularity=4)
    rec = sc.load(d)
    sc.act(rec, sc.section(FACTORY_SECTION), A.FACTORY_TOP)
    assert set(sc.legal(rec)) == {A.OPTION + 0, A.OPTION + 1}
    sc.act(rec, A.OPTION + 0, sc.recruit("build"), sc.one_time("coins"))
    after = sc.pl(rec, 0)
    assert after["recruits"] == ["build"] and after["popularity"] == 3 and after["upgrades"] == []


@pytest.mark.rule("S16.5")
@pytest.mark.rule("S6.4")
def test_a_factory_produce_ignores_the_mill_and_the_worker_track():
    d = _holding(1, coins=3)
    sc.set_workers(d, 0, {0: 3, 1: 3})  # W = 6: a mat Produce would cost power + popularity
    sc.set_structure(d, 0, "mill", 0)
    sc.set_cards(d, hands={0: {4: 1}, 1: {}})
    rec = sc.load(d)
    sc.act(rec, sc.section(FACTORY_SECTION), A.FACTORY_TOP, A.CARD + 2)
    assert sc.phase(rec) == "produce: select territory"
    sc.act(rec, sc.loc(0))
    assert max(sc.legal_block(rec, A.AMOUNT, 10)) == 3  # the Mill adds nothing
    sc.act(rec, sc.amount(3), sc.loc(1), sc.amount(3))
    before = sc.snap(sc.load(d))["players"][0]
    after = sc.pl(rec, 0)
    assert (after["power"], after["popularity"], after["coins"]) == (before["power"], before["popularity"], 2)
    assert sc.snap(rec)["resources"] == {"Mountain 0": {"metal": 3}, "Farm 1": {"food": 3}}


@pytest.mark.rule("S16.4")
@pytest.mark.rule("S13.4")
def test_the_bottom_action_moves_one_unit_two_steps_three_with_speed():
    d = _holding(6)
    sc.set_workers(d, 0, {4: 1})
    rec = sc.load(d)
    sc.act(rec, sc.section(FACTORY_SECTION), sc.PASS, sc.TAKE, sc.unit("worker 1"), sc.loc(3))
    assert sc.legal_locations(rec) == {2, 4, 9, 10}  # a second step, for a worker too (Nordic: Swim)
    sc.act(rec, sc.loc(10))
    assert sc.snap(rec)["current"] == 1  # one unit only: the turn is over
    d = _holding(6)
    sc.place(d, 0, "mech 4", 3)  # Speed
    rec = sc.load(d)
    sc.act(rec, sc.section(FACTORY_SECTION), sc.PASS, sc.TAKE, sc.unit("mech 4"), sc.loc(4), sc.loc(3))
    assert sc.phase(rec) == "move: load or step" and sc.legal_locations(rec)  # a third step
