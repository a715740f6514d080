"""The Tang (C4.TAN, I16: Trade Routes required; cleanup places 1 pop instead of 1 prg; three
unrest cards join the pile): the market token, the unrest taken at every End of Solstice, Chan
Buddhism's cheaper unrest, Taoism's action after an unrest returned from the hand, the Salt
Industry Commission's two trades, Imperial Examinations and Scholar Officials on the market's
resources, Rebellion's metropolises, Emperor Taizong's Mandate of Heaven and Porcelain's
upkeep. Each test builds a position, plays actions by name and checks where cards and
resources went."""

from __future__ import annotations

import pytest

from meeplegym.envs.imperium import actions as A
from meeplegym.envs.imperium import effects as E
from meeplegym.envs.imperium.rules import scoring
from meeplegym.envs.imperium.rules import zones as Z
from meeplegym.envs.imperium.state import (
    DEC_CARD,
    DEC_CHOOSE,
    DEC_MARKET,
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
    Z_UNDER_MARKET,
    Z_UNREST_PILE,
)
from tests.imperium import scenario as sc

TANG = ("tang", "japanese")


def _ready(pool=(0, 0, 0, 0)):
    return sc.ready(TANG, pool=pool, trade_routes=True, power_sides=("A", "B"))


@pytest.mark.rule("C4.TAN", "I16", "I7.1", "I9.5", "I3.6")
def test_tang_place_pop_at_cleanup_and_take_an_unrest_at_each_end_of_solstice_until_the_end():
    s = _ready()
    for c in ("TAN25", "TAN26", "TAN27"):  # SETUP: into the unrest pile (maybe tucked, I3.13)
        assert s["zone"][sc.card(c)] in (Z_UNREST_PILE, Z_UNDER_MARKET)
    hand = len(sc.hand(s, 0))
    sc.run_solstice(s, "TAN1A", trigger=E.TRIG_END_OF_SOLSTICE)
    assert len(sc.hand(s, 0)) == hand + 1  # the unrest
    Z.trigger_game_end(s)
    sc.run_solstice(s, "TAN1A", trigger=E.TRIG_END_OF_SOLSTICE)
    assert len(sc.hand(s, 0)) == hand + 1

    assert sc.cleanup_token(_ready()) == (0, 1, 0, 0)  # 1 pop


@pytest.mark.rule("C4.TAN", "I12", "I6.7")
def test_chan_buddhism_makes_an_unrest_one_card_or_one_mat_cheaper():
    s = _ready(pool=(2, 0, 0, 0))
    unrest = sc.give(s, 0, "TAN25")
    sc.give(s, 0, "TAN21")
    assert A.CARD + unrest not in sc.legal(s)  # 1 card to discard, 2 mat: neither cost is met

    sc.give(s, 0, "TAN13", Z_PLAY)  # Chan Buddhism
    sc.play(s, "TAN25")
    assert s["dec"] == DEC_CHOOSE and sc.options(s) == [1, 2]  # discard 1, pay 2 mat
    sc.option(s, 2)
    assert s["pool"][0, MAT] == 0 and s["zone"][unrest] == Z_UNREST_PILE


@pytest.mark.rule("C4.TAN", "I12", "I5.5")
def test_taoism_gains_an_action_only_after_an_unrest_was_returned_from_the_hand():
    s = _ready()
    taoism = sc.give(s, 0, "TAN15", Z_PLAY)
    sc.give(s, 0, "TAN16")  # a CIV to discard
    sc.act(s, A.CARD + taoism)
    assert sc.options(s) == [0]  # only: add 1 pop to a market card

    s = _ready()
    Z.flip_state(s, 0)  # Poetry is EMP
    taoism = sc.give(s, 0, "TAN15", Z_PLAY)
    sc.give(s, 0, "TAN16")
    sc.give(s, 0, "TAN25")
    sc.give(s, 0, "TAN2")  # Poetry: all players may return an unrest
    sc.play(s, "TAN2")
    assert s["dec"] == DEC_YESNO and s["actor"] == 0
    sc.yes(s)
    if s["dec"] == DEC_CARD:
        sc.pick(s, "TAN25")
    sc.until_activate(s)
    actions = int(s["actions"][0])
    sc.act(s, A.CARD + taoism)
    assert sc.options(s) == [0, 1]
    sc.option(s, 1)
    sc.pick(s, "TAN16")
    assert int(s["actions"][0]) == actions + 1 and s["zone"][sc.card("TAN16")] == Z_DISCARD


@pytest.mark.rule("C4.TAN", "I13.5")
def test_salt_industry_commission_takes_an_unrest_to_trade_twice():
    s = _ready(pool=(0, 0, 2, 0))
    salt = sc.give(s, 0, "TAN3", Z_PLAY)
    sc.act(s, A.CARD + salt)
    for _ in range(2):
        assert s["dec"] == DEC_YESNO
        sc.yes(s)
        sc.option(s, 0)  # 1 prg for 1 gds
    assert s["pool"][0, GDS] == 2 and s["pool"][0, PRG] == 0 and s["phase"] == PH_ACTIVATE


@pytest.mark.rule("C4.TAN", "I12")
def test_imperial_examinations_acquire_a_card_with_pop_and_as_an_empire_free_play_scholar_officials():
    s = _ready()
    Z.flip_state(s, 0)
    plain = sc.to_market(s, 0, "3CIV3")
    peopled = sc.to_market(s, 1, "3CIV13")
    s["card_res"][peopled, POP] = 1
    s["card_res"][int(s["market"][3])] = (2, 0, 1, 0)
    scholar = sc.give(s, 0, "TAN17", Z_DISCARD)
    sc.give(s, 0, "TAN16")
    sc.play(s, "TAN16")
    assert s["dec"] == DEC_MARKET and [a - A.MARKET for a in sc.legal(s)] == [1]
    sc.act(s, A.MARKET + 1)
    assert s["zone"][peopled] == Z_HAND and s["zone"][plain] != Z_HAND
    # Scholar Officials found and free-played: draw, then take every resource on a market card
    assert s["zone"][scholar] == Z_HAND and sc.cards(s) == [scholar]
    sc.pick(s, "TAN17")
    assert s["zone"][scholar] == Z_PLAY and s["dec"] == DEC_CHOOSE
    sc.option(s, 1)
    sc.act(s, A.MARKET + 3)
    assert s["pool"][0, MAT] == 2 and s["pool"][0, PRG] == 1 and s["pool"][0, POP] == 1


@pytest.mark.rule("C4.TAN", "I12", "I11.1")
def test_rebellion_abandons_four_cities_or_regions_and_pays_two_mat_per_metropolis():
    s = _ready()
    picks = [sc.give(s, 0, c, Z_PLAY) for c in ("TAN12", "TAN19", "TAN20", "WAG18")]
    other = sc.give(s, 0, "TAN15", Z_PLAY)  # Taoism: neither a city nor a region
    sc.give(s, 0, "TAN24")
    sc.play(s, "TAN24")
    assert sc.cards(s) == sorted(picks) and other not in sc.cards(s)
    for c in ("TAN12", "TAN19", "TAN20", "WAG18"):
        sc.pick(s, c)
    assert s["dec"] == DEC_CARD  # look at the top 3 fame cards, take one
    top = sc.cards(s)[0]
    sc.act(s, A.CARD + top)
    sc.act(s, A.CARD + sc.cards(s)[0])  # which of the other two goes back on top (D18)
    assert s["zone"][top] == Z_HAND and s["pool"][0, MAT] == 2 * 2  # Luoyang and Chang'an
    assert all(s["zone"][c] == Z_DISCARD for c in picks)


@pytest.mark.rule("C4.TAN", "I12")
def test_emperor_taizong_needs_the_mandate_of_heaven_and_acquires_two_regions():
    s = _ready()
    taizong = sc.give(s, 0, "TAN22")
    assert A.CARD + taizong not in sc.legal(s)
    sc.give(s, 0, "TAN23", Z_PLAY)
    a = sc.to_market(s, 0, "3REG1")
    b = sc.to_market(s, 1, "3REG10")
    sc.play(s, "TAN22")
    sc.act(s, A.MARKET + 0)
    sc.act(s, A.MARKET + 1)
    sc.until_activate(s)
    assert s["zone"][a] == Z_HAND and s["zone"][b] == Z_HAND and s["zone"][taizong] == Z_HISTORY


@pytest.mark.rule("C4.TAN", "I10.3", "I9.3")
def test_porcelain_costs_two_mat_a_solstice_or_goes_and_scores_the_progress_in_the_pool():
    s = _ready(pool=(2, 0, 0, 0))
    porcelain = sc.give(s, 0, "TAN7", Z_PLAY)
    sc.run_solstice(s, "TAN7")
    sc.option(s, 0)  # pay 2 mat: 1 prg onto Porcelain
    assert s["card_res"][porcelain, PRG] == 1 and s["pool"][0, MAT] == 0
    s["pool"][0, PRG] = 10
    assert scoring.card_vp(s, 0, porcelain) == 10 // 5  # the spec's "1VP per 5prg": the pool's
    s["pool"][0, PRG] = 0
    sc.run_solstice(s, "TAN7")
    assert sc.options(s) == [1]  # no mat left: abandon it
    sc.option(s, 1)
    assert s["zone"][porcelain] == Z_DISCARD
