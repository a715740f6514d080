"""The Abbasids (C4.ABB, I16: Trade Routes required, no extra rule): pinned cards through the
power, goods paid onto Glass Working, Baghdad's Grand Library and al-Ma'mun's Caliphate as
development and play conditions, Turkish Mercenaries and the Merchant Empire, Irrigation's
rivers, the Western Silk Road's Profit. Each test builds a position, plays actions by name and
checks where cards and resources went."""

from __future__ import annotations

import pytest

from meeplegym.envs.imperium import actions as A
from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import data as D
from meeplegym.envs.imperium.rules import scoring
from meeplegym.envs.imperium.rules import choices
from meeplegym.envs.imperium.rules import zones as Z
from meeplegym.envs.imperium.state import (
    DEC_CHOOSE,
    DEC_MARKET,
    DEC_YESNO,
    GDS,
    MAT,
    PH_ACTIVATE,
    POP,
    Z_DRAW,
    Z_GARRISON,
    Z_HAND,
    Z_HISTORY,
    Z_PLAY,
)
from tests.imperium import scenario as sc

ABBASIDS = ("abbasids", "japanese")
PRODUCTION = 1 << int(D.TypeIcon.PRODUCTION)


def _ready(pool=(0, 0, 0, 0)):
    return sc.ready(ABBASIDS, pool=pool, trade_routes=True, power_sides=("A", "B"))



@pytest.mark.rule("C4.ABB", "I12")
def test_power_a_spends_an_action_to_acquire_a_pinned_card_of_the_state_suit():
    s = _ready()
    loose = sc.to_market(s, 0, "3UNC9")  # UNC, not pinned
    pinned = sc.to_market(s, 1, "3UNC11")  # UNC, pinned
    civ = sc.to_market(s, 2, "3CIV6")  # CIV, pinned: not while BARB
    assert K.HEADER[pinned] == Z.PIN and K.HEADER[loose] != Z.PIN and K.HEADER[civ] == Z.PIN
    actions = int(s["actions"][0])
    sc.act(s, A.CARD + sc.card("ABB1A"))
    assert s["dec"] == DEC_MARKET and A.MARKET + 1 in sc.legal(s)
    assert A.MARKET + 0 not in sc.legal(s) and A.MARKET + 2 not in sc.legal(s)
    sc.act(s, A.MARKET + 1)
    assert s["zone"][pinned] == Z_HAND and s["actions"][0] == actions - 1


@pytest.mark.rule("C4.ABB", "I12", "I10.3")
def test_glass_working_keeps_the_goods_paid_and_gives_one_back_at_the_solstice():
    s = _ready(pool=(0, 0, 0, 3))
    glass = sc.give(s, 0, "ABB4", Z_PLAY)
    merchant = int(s["merchant"][0])
    sc.act(s, A.CARD + merchant)
    sc.option(s, 2)  # pay 3 gds => flip to Merchant Empire (I13.2)
    assert s["face"][merchant] == 1 and s["pool"][0, GDS] == 0
    assert s["card_res"][glass, GDS] == 3  # not back to the supply
    assert scoring.card_vp(s, 0, glass) == 1  # 1 VP per 2 gds here

    sc.run_solstice(s, "ABB4")
    assert s["dec"] == DEC_YESNO
    sc.yes(s)
    assert s["card_res"][glass, GDS] == 2 and s["pool"][0, GDS] == 1


@pytest.mark.rule("C4.ABB", "C4.MAG", "I8.4")
def test_development_conditions_name_cards_in_play_or_in_history():
    s = _ready(pool=(10, 10, 0, 0))
    Z.flip_state(s, 0)
    library = sc.card("ABB6")
    assert not choices._develop_ok(s, 0, library, False)  # «Baghdad» must be in play
    assert not choices._develop_ok(s, 0, library, True)  # even when developing for free
    sc.give(s, 0, "ABB2", Z_PLAY)
    assert choices._develop_ok(s, 0, library, False)

    s = sc.ready(("magyars", "japanese"), pool=(10, 10, 0, 0))
    holy_right = sc.card("MAG5")  # Saint Stephen I and Conversion to Christianity in history
    assert not choices._develop_ok(s, 0, holy_right, False)
    sc.give(s, 0, "MAG3", Z_HISTORY)
    assert not choices._develop_ok(s, 0, holy_right, False)
    sc.give(s, 0, "MAG2", Z_HISTORY)
    assert choices._develop_ok(s, 0, holy_right, False)


@pytest.mark.rule("C4.ABB", "I12")
def test_grand_caliphate_needs_al_mamun_in_history_and_gains_per_merchant_and_city():
    s = _ready()
    Z.flip_state(s, 0)
    caliphate = sc.give(s, 0, "ABB7")
    assert A.CARD + caliphate not in sc.legal(s)
    sc.give(s, 0, "ABB5", Z_HISTORY)
    sc.give(s, 0, "ABB2", Z_PLAY)  # Baghdad: #metropolis
    assert A.CARD + caliphate in sc.legal(s)
    sc.play(s, "ABB7")
    while s["dec"] == DEC_YESNO:  # all players may draw
        sc.no(s)
    # the Merchant (#merchant) and Baghdad (#metropolis)
    assert s["pool"][0, MAT] == 3 and s["pool"][0, POP] == 1


@pytest.mark.rule("C4.ABB", "I13.2", "I12")
def test_turkish_mercenaries_draw_the_card_under_the_merchant_empire():
    s = _ready(pool=(0, 0, 0, 1))
    Z.flip_state(s, 0)
    merchant = int(s["merchant"][0])
    s["face"][merchant] = 1  # Merchant Empire
    under = sc.card("3CIV6")
    Z.garrison(s, under, merchant)
    assert s["zone"][under] == Z_GARRISON
    mercs = sc.give(s, 0, "ABB8")
    actions = int(s["actions"][0])
    sc.play(s, "ABB8")
    assert s["dec"] == DEC_CHOOSE
    sc.option(s, 1)
    assert s["dec"] == DEC_YESNO
    sc.yes(s)
    assert sc.cards(s) == [under]
    sc.act(s, A.CARD + under)
    assert s["zone"][under] == Z_HAND and s["zone"][mercs] == Z_HISTORY
    assert s["pool"][0, GDS] == 0 and s["actions"][0] == actions  # a free action


@pytest.mark.rule("C4.ABB", "I12")
def test_irrigation_treats_a_river_as_three_production_for_the_turn():
    s = _ready()
    sc.give(s, 0, "ABB13", Z_PLAY)  # Jazira: #river
    irrigation = sc.give(s, 0, "ABB21", Z_PLAY)
    rivers = Z.count_in_play(s, 0, 0, 1 << int(D.TypeIcon.RIVER))
    production = Z.count_in_play(s, 0, 0, PRODUCTION)
    sc.act(s, A.CARD + irrigation)
    assert Z.count_in_play(s, 0, 0, 1 << int(D.TypeIcon.RIVER)) == rivers - 1
    assert Z.count_in_play(s, 0, 0, PRODUCTION) == production + 3


@pytest.mark.rule("C4.ABB", "I13.6")
def test_western_silk_road_profit_free_plays_only_a_card_it_drew():
    s = _ready()
    route = sc.give(s, 0, "ABB12", Z_PLAY)
    s["card_res"][route, GDS] = 3
    in_hand = sc.give(s, 0, "ABB13")
    first = sc.give(s, 0, "ABB19", Z_DRAW)
    second = sc.give(s, 0, "ABB16", Z_DRAW)
    sc.act(s, A.CARD + route)  # Profit
    assert s["zone"][first] == Z_HAND and s["zone"][second] == Z_HAND
    assert s["dec"] == DEC_YESNO
    sc.yes(s)
    assert sc.cards(s) == sorted([first, second]) and in_hand not in sc.cards(s)
    sc.pick(s, "ABB19")
    assert s["zone"][first] == Z_PLAY and s["card_res"][route, GDS] == 0


@pytest.mark.rule("C4.ABB", "I12")
def test_abbasid_revolution_returns_unrest_for_a_region_put_into_history():
    s = _ready()
    region = sc.give(s, 0, "ABB13", Z_PLAY)
    unrest = [sc.give(s, 0, u) for u in ("ABB15", "ABB22")]
    sc.give(s, 0, "ABB18")
    sc.play(s, "ABB18")
    sc.option(s, 1)
    sc.pick(s, "ABB13")
    for u in unrest:
        sc.act(s, A.CARD + u)
    assert s["zone"][region] == Z_HISTORY
    assert all(s["zone"][u] != Z_HAND for u in unrest)
    assert s["zone"][sc.card("ABB18")] == Z_HISTORY and s["phase"] == PH_ACTIVATE
