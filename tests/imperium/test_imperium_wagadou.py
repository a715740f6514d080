"""The Wagadou (C4.WAG, I16: Trade Routes required; cleanup places 1 mat instead of 1 prg): the
market token and the power's Solstice, Great Wealth's cheaper mat costs and its answer to a
returned unrest, Dhar Tichitt's paid defence, Controlling the Trade's reaction to trading,
Berber Traders taking a market card's resources, Adoption of Islam finding Pact with Bida in
play, Northern Mali's nation-deck shuffle and Pride, their glory card. Each test builds a
position, plays actions by name and checks where cards and resources went."""

from __future__ import annotations

import numpy as np
import pytest

from meeplegym.envs.imperium import actions as A
from meeplegym.envs.imperium import effects as E
from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium.rules import zones as Z
from meeplegym.envs.imperium.state import (
    DEC_CARD,
    DEC_CHOOSE,
    DEC_MARKET,
    DEC_REACT,
    DEC_YESNO,
    GDS,
    MAT,
    PH_ACTIVATE,
    POP,
    PRG,
    Z_DISCARD,
    Z_HAND,
    Z_HISTORY,
    Z_PLAY,
    Z_UNREST_PILE,
)
from tests.imperium import scenario as sc

WAGADOU = ("wagadou", "japanese")


def _ready(pool=(0, 0, 0, 0), nations=WAGADOU):
    return sc.ready(nations, pool=pool, trade_routes=True, power_sides=("A", "B"))


@pytest.mark.rule("C4.WAG", "I16", "I7.1", "I9.3")
def test_wagadou_place_mat_at_cleanup_and_their_power_gains_mat_per_trade_route_at_solstice():
    s = _ready()
    sc.give(s, 0, "WAG15", Z_PLAY)  # Trans-saharan Trade Route
    sc.run_solstice(s, "WAG1A")
    assert s["pool"][0, MAT] == 2 + 1
    assert sc.cleanup_token(s) == (1, 0, 0, 0)  # 1 mat


@pytest.mark.rule("C4.WAG", "I12", "I6.7")
def test_great_wealth_cuts_a_mat_cost_and_answers_a_returned_unrest_with_mat_and_a_card():
    s = _ready(pool=(2, 0, 0, 0))
    unrest = sc.give(s, 0, "WAG14")
    assert A.CARD + unrest not in sc.legal(s)  # pay 3 mat: 2 is not enough (no pop, no cards)

    s = _ready(pool=(2, 0, 0, 0))
    sc.give(s, 0, "WAG7", Z_PLAY)  # Great Wealth
    unrest = sc.give(s, 0, "WAG14")
    hand = len(sc.hand(s, 0))
    sc.play(s, "WAG14")
    assert 2 in sc.options(s)
    sc.option(s, 2)  # pay 3 mat, 1 less => return it
    assert s["zone"][unrest] == Z_UNREST_PILE
    assert s["pool"][0, MAT] == 2 - 2 + 2  # paid 2, then Great Wealth's 2
    assert len(sc.hand(s, 0)) == hand - 1 + 1 and s["phase"] == PH_ACTIVATE


@pytest.mark.rule("C4.WAG", "I12")
def test_dhar_tichitt_pays_the_attacker_two_mat_to_avoid_an_attack_on_regions():
    s = _ready(pool=(0, 3, 0, 0), nations=("japanese", "wagadou"))
    sc.give(s, 1, "WAG16", Z_PLAY)  # Dhar Tichitt
    region = sc.give(s, 1, "WAG18", Z_PLAY)
    s["pool"][1] = (2, 0, 0, 0)
    unrest_pile = int(s["unrest_size"])
    sc.give(s, 0, "3UNC5")  # Warfare: each other player takes an unrest (and may abandon a REG)
    sc.play(s, "3UNC5")
    assert s["dec"] == DEC_YESNO and s["actor"] == 1
    sc.yes(s)
    assert s["pool"][1, MAT] == 0 and s["pool"][0, MAT] == 2  # paid to the attacker, not the supply
    assert s["actor"] == 0 and s["dec"] == DEC_CHOOSE
    sc.option(s, 1)  # break through REG; each other player abandons a REG
    sc.until_activate(s)
    assert s["zone"][region] == Z_PLAY and s["owner"][region] == 1
    assert int(s["unrest_size"]) == unrest_pile  # nobody took an unrest


@pytest.mark.rule("C4.WAG", "I12")
def test_dhar_tichitt_is_no_defence_against_attacks_that_leave_regions_alone():
    assert E.ATTACK_HITS_REGIONS[K.record_index("3UNC5")] and E.ATTACK_HITS_REGIONS[K.record_index("3CIV17")]
    assert not E.ATTACK_HITS_REGIONS[K.record_index("3UNC14")]  # River Raiders steal goods
    s = _ready(nations=("japanese", "wagadou"))
    sc.give(s, 1, "WAG16", Z_PLAY)
    s["pool"][1] = (2, 0, 0, 1)
    sc.give(s, 0, "3UNC14")
    sc.play(s, "3UNC14")
    assert s["actor"] == 0  # no question for seat 1
    sc.until_activate(s)
    assert s["pool"][1, GDS] == 0 and s["pool"][1, MAT] == 2


@pytest.mark.rule("C4.WAG", "I13.5", "I5.6")
def test_controlling_the_trade_answers_a_trade_with_progress():
    s = _ready(pool=(0, 0, 1, 0))
    Z.flip_state(s, 0)  # EMP
    sc.give(s, 0, "WAG18", Z_PLAY)  # a region to recall
    control = sc.give(s, 0, "WAG4")
    actions = int(s["actions"][0])
    sc.play(s, "WAG4")  # a free action
    assert s["dec"] == DEC_CARD
    sc.pick(s, "WAG18")  # recall the region
    assert s["dec"] == DEC_CHOOSE
    sc.option(s, 1)  # trade
    assert s["dec"] == DEC_CHOOSE
    sc.option(s, 0)  # 1 prg for 1 gds
    assert s["dec"] == DEC_REACT and A.CARD + control in sc.legal(s)
    sc.act(s, A.CARD + control)
    sc.option(s, 0)  # gain 1 prg
    assert tuple(s["pool"][0, [PRG, GDS]]) == (1, 1)
    assert s["zone"][sc.card("WAG18")] == Z_HAND and int(s["actions"][0]) == actions


@pytest.mark.rule("C4.WAG", "I12", "I5.8")
def test_berber_traders_free_a_merchant_token_and_take_every_resource_on_a_market_card():
    s = _ready()
    salt = sc.give(s, 0, "WAG9", Z_PLAY)  # Salt Merchants (#merchant), exhausted
    s["exhausted"][salt] = 1
    s["exhaust_tokens"][0] -= 1
    tokens = int(s["exhaust_tokens"][0])
    s["card_res"][int(s["market"][2])] = (2, 0, 1, 0)
    sc.give(s, 0, "WAG10")
    sc.play(s, "WAG10")
    sc.yes(s)
    assert sc.cards(s) == [salt]
    sc.pick(s, "WAG9")
    assert s["exhausted"][salt] == 0 and int(s["exhaust_tokens"][0]) == tokens + 1
    sc.yes(s)
    assert s["dec"] == DEC_MARKET and [a - A.MARKET for a in sc.legal(s)] == [2]
    sc.act(s, A.MARKET + 2)
    assert tuple(s["pool"][0]) == (2, 0, 1, 0) and s["card_res"][int(s["market"][2])].sum() == 0


@pytest.mark.rule("C4.WAG", "I12")
def test_adoption_of_islam_finds_pact_with_bida_in_play_and_puts_both_into_history():
    s = _ready()
    Z.flip_state(s, 0)
    pact = sc.give(s, 0, "WAG17", Z_PLAY)
    islam = sc.give(s, 0, "WAG6")
    sc.play(s, "WAG6")
    if s["dec"] == DEC_YESNO:  # up to 2 times: return an unrest or history a card
        sc.no(s)
    assert s["zone"][pact] == Z_HISTORY and s["zone"][islam] == Z_HISTORY
    assert s["phase"] == PH_ACTIVATE


@pytest.mark.rule("C4.WAG", "I12")
def test_northern_mali_shuffles_the_nation_deck_above_the_accession_card():
    s = _ready()
    n = int(s["nation_size"][0])
    before = s["nation_deck"][0, :n].copy()
    assert n > 3
    sc.give(s, 0, "WAG19")
    sc.play(s, "WAG19")
    assert s["dec"] == DEC_YESNO
    sc.yes(s)
    after = s["nation_deck"][0, :n]
    assert after[0] == before[0]  # the accession card stays at the bottom
    assert sorted(after) == sorted(before) and not np.array_equal(after, before)
    assert s["pool"][0, POP] == 1


@pytest.mark.rule("C4.WAG", "I11", "I16")
def test_pride_trades_four_goods_and_a_watered_region_for_a_fame_card():
    s = _ready(pool=(0, 0, 0, 4))
    plain = sc.give(s, 0, "WAG18", Z_PLAY)  # Guidimaka: no icons
    river = sc.give(s, 0, "WAG11", Z_PLAY)  # Niger River Valley: #river
    top = int(s["fame_pile"][s["fame_size"] - 1])
    sc.give(s, 0, "WAG21")
    sc.play(s, "WAG21")
    assert s["dec"] == DEC_CARD and sc.cards(s) == [river]
    sc.pick(s, "WAG11")
    assert s["zone"][river] == Z_HISTORY and s["zone"][plain] == Z_PLAY
    assert s["zone"][top] == Z_HAND and s["owner"][top] == 0 and s["pool"][0, GDS] == 0
    assert s["zone"][sc.card("WAG21")] == Z_DISCARD
