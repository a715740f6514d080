"""The Aksumites (C4.AKS, I16: Trade Routes required, no extra rule): goods for rich market
cards, Salt Mines' passive on acquiring, the Maritime Spice Route as their accession card,
Exotic Trade onto the draw pile, Ge'ez Script's history, Stelae's garrison. Each test builds a
position, plays actions by name and checks where cards and resources went."""

from __future__ import annotations

import pytest

from meeplegym.errors import InvalidOptionError
from meeplegym.envs.imperium import actions as A
from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import data as D
from meeplegym.envs.imperium import engine
from meeplegym.envs.imperium.rules import scoring
from meeplegym.envs.imperium.rules import choices
from meeplegym.envs.imperium.rules import zones as Z
from meeplegym.envs.imperium.state import (
    DEC_CARD,
    DEC_CHOOSE,
    DEC_MARKET,
    DEC_REACT,
    DEC_ROUTE,
    GDS,
    MAT,
    PH_ACTIVATE,
    POP,
    PRG,
    Z_BOX,
    Z_DEVELOPMENT,
    Z_DISCARD,
    Z_GARRISON,
    Z_HAND,
    Z_HISTORY,
    Z_PLAY,
)
from tests.imperium import scenario as sc

AKSUMITES = ("aksumites", "japanese")


def _ready(pool=(0, 0, 0, 0), **kw):
    return sc.ready(AKSUMITES, pool=pool, trade_routes=True, power_sides=("A", "B"), **kw)


def _advance_for(s, card_id: str, res: int) -> int:
    """Seat 0 plays Advance (pay 3 mat => acquire UNC/CIV) for `card_id`, put in market slot 0
    with `res` mat on it; returns the card."""
    c = sc.to_market(s, 0, card_id)
    s["card_res"][c, MAT] = res
    sc.give(s, 0, "AKS20")
    sc.play(s, "AKS20")
    sc.option(s, 0)
    assert s["dec"] == DEC_MARKET
    sc.act(s, A.MARKET + 0)
    return c


@pytest.mark.rule("C4.AKS", "I5.6", "I16")
def test_aksumites_need_trade_routes():
    with pytest.raises(InvalidOptionError, match="Trade Routes"):
        engine.new_game(2, 0, nations=list(AKSUMITES))
    engine.new_game(2, 0, nations=list(AKSUMITES), trade_routes=True)


@pytest.mark.rule("C4.AKS", "I5.6", "I12")
def test_power_a_answers_a_market_card_with_two_resources_with_a_good():
    s = _ready(pool=(3, 0, 0, 0))
    power = sc.card("AKS1A")
    c = _advance_for(s, "3UNC9", 2)
    assert s["zone"][c] == Z_HAND and s["pool"][0, MAT] == 2  # 3 paid, 2 taken with the card
    assert s["dec"] == DEC_REACT and sc.legal(s) == [A.END, A.CARD + power]
    sc.act(s, A.CARD + power)
    assert s["pool"][0, GDS] == 1 and s["exhausted"][power] == 1

    s = _ready(pool=(3, 0, 0, 0))  # one resource on the card: no reaction
    _advance_for(s, "3UNC9", 1)
    assert s["phase"] == PH_ACTIVATE and s["dec"] != DEC_REACT and s["pool"][0, GDS] == 0


@pytest.mark.rule("C4.AKS", "I12")
def test_salt_mines_gain_pop_for_an_acquired_region_and_mat_for_an_uncivilised_card():
    s = _ready(pool=(3, 0, 0, 0))
    sc.give(s, 0, "AKS17", Z_PLAY)
    _advance_for(s, "3UNC9", 0)
    assert s["pool"][0, MAT] == 1 and s["pool"][0, POP] == 0  # a passive: no decision

    s = _ready(pool=(0, 2, 0, 0))
    sc.give(s, 0, "AKS17", Z_PLAY)
    sc.to_market(s, 0, "3REG10")
    sc.give(s, 0, "AKS21")  # Conquer: pay 2 pop => acquire REG/TRI
    sc.play(s, "AKS21")
    sc.option(s, 0)
    sc.act(s, A.MARKET + 0)
    assert s["pool"][0, POP] == 1 and s["pool"][0, MAT] == 0

    s = _ready(pool=(5, 0, 0, 0))  # breaking through is not acquiring
    sc.give(s, 0, "AKS17", Z_PLAY)
    sc.to_market(s, 0, "3UNC9")
    sc.give(s, 0, "AKS20")
    sc.play(s, "AKS20")
    sc.option(s, 1)
    sc.act(s, A.MARKET + 0)
    assert s["pool"][0, MAT] == 0 and s["pool"][0, POP] == 0


@pytest.mark.rule("C4.AKS", "I13.4", "I13.6")
def test_maritime_spice_route_counts_icon_kinds_and_its_profit_ignores_the_state():
    s = _ready()
    assert K.RECORD_IDS[s["nation_deck"][0, 0]] == "AKS2"  # the accession card (C4.AKS)
    sc.give(s, 0, "AKS16", Z_PLAY)  # Amhara: #river
    sc.give(s, 0, "AKS14", Z_PLAY)  # City of Axum: #city
    sc.give(s, 0, "AKS7", Z_PLAY)  # Land of Sheba: #fertile
    sc.give(s, 0, "AKS15", Z_PLAY)  # a second #production region, no new kind
    route = sc.give(s, 0, "AKS2")
    sc.play(s, "AKS2")
    assert s["dec"] == DEC_CHOOSE
    sc.option(s, 0)
    # river, fertile, city and the route's own #ocean: 4 kinds
    assert s["pool"][0, MAT] == 8 and s["zone"][route] == Z_PLAY

    s["card_res"][route, GDS] = 3
    endubis = sc.give(s, 0, "AKS3", Z_DISCARD)  # EMP while the Aksumites are BARB
    sc.act(s, A.CARD + route)  # Profit (I13.6)
    assert s["dec"] == DEC_CARD and A.CARD + endubis in sc.legal(s)
    sc.pick(s, "AKS3")  # King Endubis: gain 3 mat, break through REG, into history
    assert s["card_res"][route, GDS] == 0 and s["pool"][0, MAT] == 11
    assert s["dec"] == DEC_ROUTE
    sc.act(s, sc.legal(s)[0])
    assert s["zone"][endubis] == Z_HISTORY


@pytest.mark.rule("C4.AKS", "I12", "I8.4")
def test_exotic_trade_is_free_acquires_a_card_with_mat_onto_the_draw_pile_and_is_free_with_sheba():
    s = _ready()
    Z.flip_state(s, 0)
    exotic = sc.card("AKS8")
    assert s["zone"][exotic] == Z_DEVELOPMENT
    assert not choices._develop_ok(s, 0, exotic, False)  # 3 mat 1 gds
    sc.give(s, 0, "AKS7", Z_PLAY)
    assert choices._develop_ok(s, 0, exotic, False)

    rich = sc.to_market(s, 1, "3CIV3")
    s["card_res"][rich, MAT] = 1
    sc.give(s, 0, "AKS8")
    actions = int(s["actions"][0])
    sc.play(s, "AKS8")
    assert s["dec"] == DEC_MARKET and sc.legal(s) == [A.MARKET + 1]  # only a card with mat on it
    sc.act(s, A.MARKET + 1)
    assert s["draw_pile"][0, s["draw_size"][0] - 1] == rich and s["pool"][0, MAT] == 1
    assert s["actions"][0] == actions  # a free action


@pytest.mark.rule("C4.AKS", "I12")
def test_geez_script_gains_progress_for_a_civilised_card_put_into_history():
    s = _ready()
    script = sc.give(s, 0, "AKS18", Z_PLAY)
    civ = sc.give(s, 0, "3CIV3")
    region = sc.give(s, 0, "AKS16")
    sc.act(s, A.CARD + script)
    assert s["dec"] == DEC_CARD and sorted(a - A.CARD for a in sc.legal(s)) == sorted([civ, region])
    sc.pick(s, "3CIV3")
    assert s["zone"][civ] == Z_HISTORY and s["pool"][0, PRG] == 1

    s["exhausted"][script] = 0
    s["exhaust_tokens"][0] += 1
    sc.act(s, A.CARD + script)
    sc.pick(s, "AKS16")
    assert s["zone"][region] == Z_HISTORY and s["pool"][0, PRG] == 1


@pytest.mark.rule("C4.AKS", "I9.1", "I10.3")
def test_stelae_garrison_from_the_discard_pile_and_score_per_two():
    s = _ready()
    stelae = sc.give(s, 0, "AKS9", Z_PLAY)
    for c in range(K.N_RECORDS):
        if s["zone"][c] == Z_DISCARD and s["owner"][c] == 0:
            Z.put(s, c, Z_BOX, -1)
    for card_id in ("3CIV3", "3CIV5", "3UNC9"):
        sc.give(s, 0, card_id, Z_DISCARD)
    for _ in range(3):
        sc.run_solstice(s, "AKS9")
        assert s["dec"] == DEC_CHOOSE
        sc.option(s, 0)
        sc.act(s, sc.legal(s)[0])
    under = [c for c in range(K.N_RECORDS) if s["zone"][c] == Z_GARRISON and s["host"][c] == stelae]
    assert len(under) == 3
    assert scoring.card_vp(s, 0, stelae) == 1  # 1 VP per 2 garrisoned cards here

    sc.run_solstice(s, "AKS9")  # nothing left to garrison: abandon a pinned card instead
    assert s["dec"] == DEC_CHOOSE and sc.options(s) == [1]


@pytest.mark.rule("C4.AKS", "I13.3", "I12")
def test_himyarite_kingdom_and_kingdom_of_kush_deal_in_trade_routes():
    s = _ready()
    Z.flip_state(s, 0)
    sc.give(s, 0, "3TRO2", Z_PLAY)
    sc.give(s, 0, "3TRO6", Z_PLAY)
    sc.give(s, 0, "AKS5")
    actions = int(s["actions"][0])
    sc.play(s, "AKS5")
    assert s["pool"][0, PRG] == 4 and s["actions"][0] == actions
    assert s["zone"][sc.card("AKS5")] == Z_HISTORY

    s = _ready(pool=(0, 0, 1, 0))
    kush = sc.give(s, 0, "AKS10")
    sc.play(s, "AKS10")
    sc.option(s, 1)
    assert s["dec"] == DEC_ROUTE  # the trade-route pile (I13.3)
    sc.act(s, sc.legal(s)[0])
    gained = [c for c in sc.hand(s, 0) if K.SUITS[c] & (1 << int(D.Suit.TROUTE))]
    assert gained and s["zone"][kush] == Z_HISTORY and s["pool"][0, PRG] == 0
