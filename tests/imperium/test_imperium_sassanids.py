"""The Sassanids (C4.SAS, I16: Trade Routes required, no extra rule): the power's reaction to a
Profit, the Shah's fame cards and King of Kings, Dreaded's exiled fame card, knights garrisoned
in regions that re-run the region's play effect, Atar's garrisoned unrest, Zoroastrianism's
End of Solstice, Aban's abandoned knight, Huzistan's fame card to the bottom and Khosrau I's
conditions. Each test builds a position, plays actions by name and checks where cards and
resources went."""

from __future__ import annotations

import pytest

from meeplegym.envs.imperium import actions as A
from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import data as D
from meeplegym.envs.imperium import effects as E
from meeplegym.envs.imperium.rules import zones as Z
from meeplegym.envs.imperium.state import (
    DEC_HOST,
    DEC_REACT,
    DEC_ROUTE,
    DEC_YESNO,
    GDS,
    MAT,
    PH_ACTIVATE,
    PRG,
    Z_DISCARD,
    Z_EXILE,
    Z_FAME_PILE,
    Z_GARRISON,
    Z_HAND,
    Z_HISTORY,
    Z_PLAY,
    Z_UNREST_PILE,
)
from tests.imperium import scenario as sc

SASSANIDS = ("sassanids", "japanese")


def _ready(pool=(0, 0, 0, 0), nations=SASSANIDS):
    return sc.ready(nations, pool=pool, trade_routes=True, power_sides=("A", "B"))


def _top_fame(s):
    return int(s["fame_pile"][s["fame_size"] - 1])


@pytest.mark.rule("C4.SAS", "I13.6", "I5.6")
def test_power_a_answers_the_profit_of_a_trade_route_with_a_tributary():
    s = _ready()
    route = sc.give(s, 0, "SAS21", Z_PLAY)
    s["card_res"][route, GDS] = 3
    power = sc.card("SAS1A")
    sc.act(s, A.CARD + route)  # Profit: an action, the 3 gds to the pool, then its Profit
    while s["dec"] != DEC_REACT:
        assert s["phase"] != PH_ACTIVATE
        sc.act(s, sc.legal(s)[0])
    assert A.CARD + power in sc.legal(s)
    sc.act(s, A.CARD + power)
    assert s["dec"] == DEC_ROUTE  # break through for a TRI
    hand = set(sc.hand(s, 0))
    sc.act(s, sc.legal(s)[0])
    gained = set(sc.hand(s, 0)) - hand
    assert len(gained) == 1 and K.SUITS[gained.pop()] & (1 << int(D.Suit.TRI))
    assert s["pool"][0, GDS] == 3


@pytest.mark.rule("C4.SAS", "I11.3", "I12")
def test_the_shah_histories_a_fame_card_for_an_action_or_triggers_king_of_kings():
    s = _ready()
    Z.flip_state(s, 0)
    fame = _top_fame(s)
    Z.put(s, fame, Z_DISCARD, 0)
    sc.give(s, 0, "SAS3")
    actions = int(s["actions"][0])
    sc.play(s, "SAS3")  # a free action
    assert sc.options(s) == [0]
    sc.option(s, 0)
    assert sc.cards(s) == [fame]
    sc.pick(s, K.RECORD_IDS[fame])
    assert s["zone"][fame] == Z_HISTORY and int(s["actions"][0]) == actions + 1

    s = _ready(pool=(0, 0, 0, 0))
    Z.flip_state(s, 0)
    while Z.fame_cards_above_king(s) > 0:
        Z.put(s, _top_fame(s), Z_EXILE, -1)
    shah = sc.give(s, 0, "SAS3")
    sc.play(s, "SAS3")
    assert sc.options(s) == [1]
    sc.option(s, 1)
    sc.until_activate(s)
    assert s["kok_used"][0] == 1 and s["zone"][shah] == Z_HISTORY and s["game_end_triggered"]


@pytest.mark.rule("C4.SAS", "I12", "I11.1")
def test_dreaded_makes_the_others_abandon_a_city_and_may_exile_the_top_fame_card():
    s = _ready(pool=(0, 0, 0, 0))
    Z.flip_state(s, 0)
    city = sc.give(s, 1, "JPN3", Z_PLAY)  # a Japanese #city
    fame = _top_fame(s)
    dreaded = sc.give(s, 0, "SAS7")
    sc.play(s, "SAS7")
    while s["actor"] == 1:
        sc.act(s, sc.legal(s)[0])  # no defence; the city goes
    assert s["zone"][city] == Z_DISCARD
    assert s["dec"] == DEC_YESNO
    sc.no(s)  # no break through
    assert s["dec"] == DEC_YESNO
    sc.yes(s)  # history Dreaded => exile the top fame card
    assert s["zone"][dreaded] == Z_HISTORY and s["zone"][fame] == Z_EXILE


@pytest.mark.rule("C4.SAS", "I12")
def test_aswaran_needs_a_region_with_a_garrisoned_knight_and_garrisons_to_rerun_a_region():
    s = _ready(pool=(0, 0, 0, 0))
    bare = sc.give(s, 0, "SAS16", Z_PLAY)  # Fars, nothing garrisoned
    held = sc.give(s, 0, "SAS17", Z_PLAY)  # Huzistan, a knight garrisoned under it
    Z.garrison(s, sc.card("SAS12"), held)
    fars_again = sc.give(s, 0, "GUP16", Z_PLAY)  # Indus River Valley: gain 2 mat
    aswaran = sc.give(s, 0, "SAS10")
    sc.play(s, "SAS10")
    assert sc.cards(s) == [held] and bare not in sc.cards(s)
    sc.pick(s, "SAS17")
    assert s["zone"][held] == Z_DISCARD
    _until = 0
    while s["dec"] != DEC_YESNO:  # the break through for a TRI/REG
        sc.act(s, sc.legal(s)[0])
        _until += 1
        assert _until < 5
    sc.yes(s)  # garrison Aswaran in a region => its play effect again
    assert s["dec"] == DEC_HOST and A.CARD + fars_again in sc.legal(s)
    sc.act(s, A.CARD + fars_again)  # Indus River Valley: gain 2 mat, may garrison
    assert s["zone"][aswaran] == Z_GARRISON and s["host"][aswaran] == fars_again and s["pool"][0, MAT] == 2


@pytest.mark.rule("C4.SAS", "I12", "I9.3")
def test_atar_garrisons_unrest_and_returns_one_for_a_mat_while_barbarian():
    s = _ready(pool=(1, 0, 0, 0))
    atar = sc.give(s, 0, "SAS11", Z_PLAY)
    pile = int(s["unrest_size"])
    sc.act(s, A.CARD + atar)
    garrisoned = [c for c in range(K.N_RECORDS) if s["zone"][c] == Z_GARRISON and s["host"][c] == atar]
    assert len(garrisoned) == 1 and int(s["unrest_size"]) == pile - 1
    sc.run_solstice(s, "SAS11")
    assert sc.options(s) == [0, 1]  # BARB: abandon it or return the unrest; not the EMP option
    sc.option(s, 1)
    sc.until_activate(s)
    assert s["zone"][garrisoned[0]] == Z_UNREST_PILE and s["pool"][0, MAT] == 0


@pytest.mark.rule("C4.SAS", "I9.5")
def test_zoroastrianism_rewards_aban_and_atar_together_and_punishes_neither():
    s = _ready()
    sc.give(s, 0, "SAS22", Z_PLAY)
    hand = len(sc.hand(s, 0))
    sc.run_solstice(s, "SAS22", trigger=E.TRIG_END_OF_SOLSTICE)
    assert len(sc.hand(s, 0)) == hand + 1 and s["pool"][0, PRG] == 0  # neither: an unrest
    sc.give(s, 0, "SAS11", Z_PLAY)
    sc.run_solstice(s, "SAS22", trigger=E.TRIG_END_OF_SOLSTICE)
    assert len(sc.hand(s, 0)) == hand + 1 and s["pool"][0, PRG] == 0  # one of them: nothing
    sc.give(s, 0, "SAS23", Z_PLAY)
    sc.run_solstice(s, "SAS22", trigger=E.TRIG_END_OF_SOLSTICE)
    assert len(sc.hand(s, 0)) == hand + 2 and s["pool"][0, PRG] == 1  # both: 1 prg and a card


@pytest.mark.rule("C4.SAS", "I12", "I9.3")
def test_aban_abandons_a_garrisoned_knight_at_solstice():
    s = _ready()
    sc.give(s, 0, "SAS23", Z_PLAY)
    region = sc.give(s, 0, "SAS16", Z_PLAY)
    knight = sc.card("SAS12")
    Z.garrison(s, knight, region)
    Z.garrison(s, sc.card("SAS18"), region)  # not a knight
    sc.run_solstice(s, "SAS23")
    sc.option(s, 0)
    assert sc.cards(s) == [knight]
    sc.pick(s, "SAS12")
    assert s["zone"][knight] == Z_DISCARD and s["zone"][region] == Z_PLAY


@pytest.mark.rule("C4.SAS", "I12", "I11.1")
def test_huzistan_may_put_the_top_fame_card_at_the_bottom_above_king_of_kings():
    s = _ready()
    n = int(s["fame_size"])
    top = _top_fame(s)
    sc.give(s, 0, "SAS17")
    sc.play(s, "SAS17")
    assert s["dec"] == DEC_YESNO
    sc.yes(s)
    assert int(s["fame_size"]) == n and s["zone"][top] == Z_FAME_PILE
    assert s["fame_pile"][0] == K.KING_OF_KINGS and s["fame_pile"][1] == top


@pytest.mark.rule("C4.SAS", "I12")
def test_khosrau_needs_ardashir_in_history_and_aban_atar_zoroastrianism_in_play():
    s = _ready()
    khosrau = sc.give(s, 0, "SAS2")
    sc.give(s, 0, "SAS24", Z_HISTORY)
    sc.give(s, 0, "SAS11", Z_PLAY)
    sc.give(s, 0, "SAS23", Z_PLAY)
    assert A.CARD + khosrau not in sc.legal(s)  # Zoroastrianism is missing
    sc.give(s, 0, "SAS22", Z_PLAY)
    assert A.CARD + khosrau in sc.legal(s)
    top = _top_fame(s)
    sc.play(s, "SAS2")
    assert s["zone"][top] == Z_HAND and s["zone"][khosrau] == Z_HISTORY
