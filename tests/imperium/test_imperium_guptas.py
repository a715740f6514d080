"""The Guptas (C4.GUP, I16: Trade Routes required; cleanup places 1 gds instead of 1 prg): the
market token, the power's Trade for an unrest, Science's Advance without its BARB icon,
Philosophy's non-region pinned cards, Rock Cut Architecture's reaction, Mahabharata's returned
unrest, the Chandragupta chain and the extra unrest in the pile. Each test builds a position,
plays actions by name and checks where cards and resources went."""

from __future__ import annotations

import pytest

from meeplegym.envs.imperium import actions as A
from meeplegym.envs.imperium.rules import zones as Z
from meeplegym.envs.imperium.state import (
    DEC_CARD,
    DEC_CHOOSE,
    DEC_REACT,
    DEC_YESNO,
    GDS,
    PH_ACTIVATE,
    POP,
    PRG,
    Z_DISCARD,
    Z_HISTORY,
    Z_PLAY,
    Z_UNDER_MARKET,
    Z_UNREST_PILE,
)
from tests.imperium import scenario as sc

GUPTAS = ("guptas", "japanese")


def _ready(pool=(0, 0, 0, 0)):
    return sc.ready(GUPTAS, pool=pool, trade_routes=True, power_sides=("A", "B"))



@pytest.mark.rule("C4.GUP", "I16", "I7.1", "I3.6")
def test_guptas_place_goods_at_cleanup_and_add_their_unrest_to_the_pile():
    s = _ready()
    # SETUP: into the unrest pile (from which I3.13 may tuck it under a market card)
    assert s["zone"][sc.card("GUP24")] in (Z_UNREST_PILE, Z_UNDER_MARKET)

    assert sc.cleanup_token(s) == (0, 0, 0, 1)  # 1 gds
    other = sc.ready(("japanese", "guptas"), trade_routes=True)  # another nation: progress as usual
    assert sc.cleanup_token(other) == (0, 0, 1, 0)


@pytest.mark.rule("C4.GUP", "I13.5")
def test_power_a_takes_an_unrest_to_free_play_a_route_from_the_discard_pile():
    s = _ready()
    route = sc.give(s, 0, "3TRO8", Z_DISCARD)  # Andes Highway: gain 2 pop and 1 prg
    pile = int(s["unrest_size"])
    sc.act(s, A.CARD + sc.card("GUP1A"))
    assert int(s["unrest_size"]) == pile - 1  # the cost first
    assert s["dec"] == DEC_CHOOSE
    sc.option(s, 0)
    assert sc.cards(s) == [route]
    sc.pick(s, "3TRO8")
    assert s["zone"][route] == Z_PLAY and s["pool"][0, POP] == 2 and s["pool"][0, PRG] == 1


@pytest.mark.rule("C4.GUP", "I5.4")
def test_science_lets_advance_be_played_while_empire():
    s = _ready(pool=(3, 0, 0, 0))
    Z.flip_state(s, 0)  # EMP: Advance shows BARB
    advance = sc.give(s, 0, "GUP18")
    assert A.CARD + advance not in sc.legal(s)
    sc.give(s, 0, "GUP6", Z_PLAY)  # Science: your Advance cards lose the BARB icon
    assert A.CARD + advance in sc.legal(s)
    conquer = sc.give(s, 0, "GUP19")  # only Advance
    assert A.CARD + conquer not in sc.legal(s)


@pytest.mark.rule("C4.GUP", "I12")
def test_philosophy_abandons_a_pinned_card_that_is_not_a_region():
    s = _ready()
    Z.flip_state(s, 0)
    region = sc.give(s, 0, "GUP15", Z_PLAY)
    judicial = sc.give(s, 0, "GUP5", Z_PLAY)
    sc.give(s, 0, "GUP7")
    sc.play(s, "GUP7")
    picks = sc.cards(s)
    assert judicial in picks and region not in picks
    sc.pick(s, "GUP5")
    assert s["zone"][judicial] == Z_DISCARD and s["dec"] != DEC_CARD


@pytest.mark.rule("C4.GUP", "I5.6")
def test_rock_cut_architecture_answers_an_acquired_civilised_card_with_a_discard_for_a_good():
    s = _ready(pool=(3, 0, 0, 0))
    rock = sc.give(s, 0, "GUP13", Z_PLAY)
    fodder = sc.give(s, 0, "GUP16")
    sc.to_market(s, 0, "3CIV3")
    sc.give(s, 0, "GUP18")
    sc.play(s, "GUP18")
    sc.option(s, 0)
    sc.act(s, A.MARKET + 0)
    assert s["dec"] == DEC_REACT and A.CARD + rock in sc.legal(s)
    sc.act(s, A.CARD + rock)
    assert s["dec"] == DEC_CARD
    sc.pick(s, "GUP16")
    assert s["zone"][fodder] == Z_DISCARD and s["pool"][0, GDS] == 1


@pytest.mark.rule("C4.GUP", "I12")
def test_mahabharata_gains_a_good_per_unrest_returned_by_anyone():
    s = _ready()
    maha = sc.give(s, 0, "GUP8", Z_PLAY)
    sc.give(s, 0, "GUP22")
    sc.give(s, 1, "JPN23")
    sc.act(s, A.CARD + maha)
    for _ in range(2):
        assert s["dec"] == DEC_YESNO
        sc.yes(s)
        if s["dec"] == DEC_CARD:
            sc.act(s, sc.legal(s)[0])
    assert s["pool"][0, GDS] == 2 and s["phase"] == PH_ACTIVATE


@pytest.mark.rule("C4.GUP", "I12")
def test_the_chandraguptas_need_their_predecessor_in_history():
    s = _ready()
    Z.flip_state(s, 0)
    first = sc.give(s, 0, "GUP3")
    assert A.CARD + first not in sc.legal(s)
    sc.give(s, 0, "GUP17", Z_HISTORY)  # Sri Gupta
    assert A.CARD + first in sc.legal(s)
    second = sc.give(s, 0, "GUP4")
    assert A.CARD + second not in sc.legal(s)
    sc.give(s, 0, "GUP3", Z_HISTORY)
    assert A.CARD + second in sc.legal(s)


@pytest.mark.rule("C4.GUP", "I12")
def test_height_of_civilisation_gains_goods_and_progress_per_merchant():
    s = _ready()
    sc.give(s, 0, "GUP10", Z_PLAY)  # Shreni #merchant (the Merchant is another)
    sc.give(s, 0, "GUP12")
    sc.play(s, "GUP12")
    sc.option(s, 3)
    assert s["pool"][0, GDS] == 2 and s["pool"][0, PRG] == 2
    assert s["zone"][sc.card("GUP12")] == Z_HISTORY
