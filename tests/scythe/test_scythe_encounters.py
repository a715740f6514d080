"""Rules tests: encounters (spec S15, D7), Polania's Meander (S12.4) and the order after a Move
(S3.13, S14.11, S15.6). Cards used (D7): #1 free $2 +1 pop | $2: 4 food | 2 pop: build;
#3 free 2 food +1 pop | $2: worker + 3 food | 3 pop: deploy; #16 ... | 2 pop: enlist;
#25 free 2 power +1 pop | $2: 4 power | 2 pop: upgrade + any 2 resources.
The Nordic character walks from Tundra 4 onto Mountain 10, which holds an encounter token.
"""

from __future__ import annotations

import pytest

from tests.scythe import scenario as sc

A = sc.A


def _game(factions=("nordic", "rusviet"), mats=("patriotic", "industrial")):
    return sc.empty_board(sc.base_dict(factions=factions, mats=mats))


def _top_card(d, card):
    d["encounter_deck"] = [c for c in range(1, 29) if c != card] + [card]  # the top is last


def _encounter(d, card, seat=0, start=4, token=10):
    """Seat's character walks from `start` onto the encounter token at `token`."""
    _top_card(d, card)
    sc.place(d, seat, "character", start)
    sc.set_turn(d, seat)
    rec = sc.load(d)
    sc.act(rec, sc.section(sc.section_of(d["players"][seat]["mat"], "move")), sc.MOVE)
    sc.act(rec, sc.unit("character"), sc.loc(token))
    if sc.phase(rec) == "move: select unit":
        sc.act(rec, sc.PASS)
    return rec


@pytest.mark.rule("S15.1")
@pytest.mark.rule("S15.5")
@pytest.mark.rule("S3.13")
def test_the_character_meets_the_token_after_the_move():
    d = _game()
    rec = _encounter(d, 1)
    after = sc.snap(rec)
    assert after["phase"] == "encounter: option"
    assert sc.name(10) not in after["encounter_tokens"]  # the token is discarded
    assert after["encounter_deck"][0] == 1  # the card goes to the bottom
    assert set(sc.legal(rec)) == {A.OPTION + 0, A.OPTION + 1, A.OPTION + 2}  # start: $6, popularity 2


@pytest.mark.rule("S15.2")
def test_an_option_whose_cost_cannot_be_paid_is_not_offered():
    d = _game()
    sc.set_player(d, 0, coins=1, popularity=1)
    rec = _encounter(d, 1)
    assert set(sc.legal(rec)) == {A.OPTION + 0}


@pytest.mark.rule("S15.2")
@pytest.mark.rule("S15.3")
@pytest.mark.rule("S2.3")
def test_costs_in_full_benefits_partially_on_the_encounter_territory():
    d = _game()
    sc.set_player(d, 0, coins=6)
    rec = _encounter(d, 3)
    sc.act(rec, A.OPTION + 1)  # $2: 1 worker + 3 food
    assert sc.pl(rec, 0)["coins"] == 4
    assert set(sc.legal(rec)) == {sc.amount(0), sc.amount(1)}
    sc.act(rec, sc.amount(1))
    assert set(sc.legal(rec)) == {sc.amount(k) for k in range(4)}
    sc.act(rec, sc.amount(2))  # take only 2 of the 3 food
    after = sc.snap(rec)
    assert after["resources"][sc.name(10)] == {"food": 2}
    assert sum(1 for u, where in after["players"][0]["units"].items() if u.startswith("worker") and where == sc.name(10)) == 1
    assert after["phase"] in ("section", "bottom action")


@pytest.mark.rule("S15.4")
@pytest.mark.rule("S11.2")
def test_a_granted_build_is_free_and_triggers_no_recruit_bonus():
    d = _game()
    sc.set_player(d, 0, popularity=5)
    sc.set_recruits(d, 1, ["build"], ["power"])  # the neighbour's Build ROB: +1 popularity
    rec = _encounter(d, 1)
    sc.act(rec, A.OPTION + 2)  # 2 popularity: build
    assert sc.PASS in sc.legal(rec)  # a benefit may be declined
    sc.act(rec, sc.structure("mill"))
    after = sc.snap(rec)
    assert after["players"][0]["structures"]["mill"] == sc.name(10)  # no worker needed there
    assert after["players"][0]["popularity"] == 3
    assert after["players"][1]["popularity"] == 2  # Rusviet (Industrial): no ROB from encounters


@pytest.mark.rule("S15.4")
def test_no_build_where_a_structure_stands():
    d = _game()
    sc.set_structure(d, 1, "mine", 10)
    rec = _encounter(d, 1)
    sc.act(rec, A.OPTION + 2)
    assert sc.phase(rec) != "card effect"  # nothing to build: the step is skipped


@pytest.mark.rule("S15.4")
@pytest.mark.rule("S7.1")
def test_a_granted_upgrade_then_any_resources():
    d = _game()
    rec = _encounter(d, 25)
    sc.act(rec, A.OPTION + 2, sc.upgrade_from("bolster_power"), sc.upgrade_to("deploy"))
    assert sc.pl(rec, 0)["upgrades"] == ["bolster_power"]
    sc.act(rec, A.GAIN_RESOURCE + 3, A.GAIN_RESOURCE + 3)  # 2 oil
    assert sc.snap(rec)["resources"][sc.name(10)] == {"oil": 2}


@pytest.mark.rule("S12.4")
def test_meander_takes_two_different_options_the_first_paying_the_second():
    d = _game(("crimea", "polania"), mats=("industrial", "patriotic"))
    sc.set_player(d, 1, coins=0, popularity=2)
    rec = _encounter(d, 13, seat=1, start=19, token=20)  # #13: $2 +1 pop | $2: 2 power + 2 pop | 3 pop: any 5
    assert set(sc.legal(rec)) == {A.OPTION + 0}
    sc.act(rec, A.OPTION + 0, sc.amount(2), sc.amount(1))  # $2 and 1 popularity
    assert sc.phase(rec) == "encounter: option"
    assert set(sc.legal(rec)) == {sc.PASS, A.OPTION + 1, A.OPTION + 2}  # now $2 and 3 popularity
    sc.act(rec, A.OPTION + 1, sc.amount(2), sc.amount(2))
    after = sc.pl(rec, 1)
    assert after["coins"] == 0 and after["popularity"] == 3 + 2 - 0 and after["power"] == 2 + 2
    assert sc.phase(rec) != "encounter: option"  # two options at most


@pytest.mark.rule("S15.6")
@pytest.mark.rule("S14.11")
def test_a_character_that_loses_the_battle_leaves_the_token():
    d = _game()
    sc.place(d, 1, "mech 1", 10)
    sc.set_cards(d, hands={0: {}, 1: {}})
    sc.set_player(d, 1, power=5)
    rec = _encounter(d, 1)
    sc.act(rec, sc.loc(10), A.DIAL + 0, A.DIAL + 1)  # the defender wins
    after = sc.snap(rec)
    assert sc.name(10) in after["encounter_tokens"] and after["players"][0]["units"]["character"] == "Nordic base"
    # ... and a winner meets the encounter after the battle
    d = _game()
    sc.place(d, 1, "mech 1", 10)
    sc.set_cards(d, hands={0: {}, 1: {}})
    sc.set_player(d, 0, power=5)
    rec = _encounter(d, 1)
    sc.act(rec, sc.loc(10), A.DIAL + 1, A.DIAL + 0)
    assert sc.phase(rec) == "encounter: option"
