"""The Martians (C4.MRT, I16): the Alien state card (an unrest per prg paid, no prg for unrest
costs, Gone Native at the End of Solstice without prg), Reactor Explosion (into play when gained,
no flip, never abandoned, its Solstice, development cards without BARB), the two power sides'
answers to prg gains and to gadgets leaving, and the gadget cards' own steps (swaps with the
market and the nation deck, the main-deck bottom, free plays from history, converting prg).
Each test builds a position, plays actions by name and checks where cards and resources went."""

from __future__ import annotations

import pytest

from meeplegym.envs.imperium import action_names
from meeplegym.envs.imperium import actions as A
from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import data as D
from meeplegym.envs.imperium import effects as E
from meeplegym.envs.imperium.rules.frames import NEXT
from meeplegym.envs.imperium.rules.steps import reshuffle
from meeplegym.envs.imperium.rules import scoring
from meeplegym.envs.imperium.rules import zones as Z
from meeplegym.envs.imperium.rules.setup import START_PRG
from meeplegym.envs.imperium.state import (
    DEC_CARD,
    DEC_MARKET,
    DEC_REACT,
    DEC_ROUTE,
    DEC_YESNO,
    PH_ACTIVATE,
    POP,
    PRG,
    Z_BOX,
    Z_DISCARD,
    Z_EXILE,
    Z_HAND,
    Z_HISTORY,
    Z_MAIN_DECK,
    Z_MARKET,
    Z_NATION_DECK,
    Z_PLAY,
)
from tests.imperium import scenario as sc

MARTIANS = ("martians", "japanese")
ALIEN = sc.card("MRT29A")
REACTOR = sc.card("MRT2")


def _ready(pool=(0, 0, 0, 0), side="B", nations=MARTIANS):
    return sc.ready(nations, pool=pool, power_sides=(side, "B"))


def _unrest_in_hand(s, p=0):
    return sum(1 for c in sc.hand(s, p) if K.SUITS[c] & (1 << int(D.Suit.UNREST)))


def _only_accession_left(s, p=0):
    """Empty p's nation deck down to its accession card."""
    while s["nation_size"][p] > 1:
        Z.put(s, int(s["nation_deck"][p, s["nation_size"][p] - 1]), Z_BOX, -1)


@pytest.mark.rule("C4.MRT", "I16", "I2.11", "I10.3")
def test_martians_start_alien_with_extra_prg_by_power_side_and_score_1_vp_per_3_prg():
    a = sc.new(MARTIANS, power_sides=("A", "B"))
    b = sc.new(MARTIANS, power_sides=("B", "B"))
    assert a["pool"][0, PRG] == START_PRG + 25 and b["pool"][0, PRG] == START_PRG + 20
    assert a["state_card"][0] == ALIEN and a["face"][ALIEN] == 0  # Alien: an EMP state
    s = _ready(pool=(0, 0, 7, 0))
    assert scoring.score(s, 0) - sum(scoring.card_vp(s, 0, c) for c in range(K.N_RECORDS)
                                     if scoring.is_scored(s, 0, c)) == 7 // 3
    Z.flip_state(s, 0)  # Gone Native: 1 VP each again
    assert scoring.score(s, 0) - sum(scoring.card_vp(s, 0, c) for c in range(K.N_RECORDS)
                                     if scoring.is_scored(s, 0, c)) == 7


@pytest.mark.rule("C4.MRT", "I16", "I12")
def test_an_alien_takes_an_unrest_for_each_prg_paid_substitution_included():
    s = _ready(pool=(0, 0, 2, 0))
    Z.put(s, sc.card("3REG2"), Z_EXILE, -1)  # something to break through from the exile
    sc.give(s, 0, "MRT6")  # Maps of Nibiru: gain 1 prg; pay 2 pop => break through an exiled card
    sc.play(s, "MRT6")
    sc.pick(s, "3REG2")
    assert s["pool"][0, PRG] == 1  # 2 + 1 gained, 2 paid for the 2 pop
    assert _unrest_in_hand(s) == 2
    assert s["zone"][sc.card("3REG2")] == Z_HAND


@pytest.mark.rule("C4.MRT", "I16", "I6.6")
def test_an_alien_cannot_pay_prg_for_an_unrest_cost_but_gone_native_can():
    s = _ready(pool=(0, 0, 5, 0))
    unrest = sc.give(s, 0, "MRT26")
    assert A.CARD + unrest not in sc.legal(s)  # pay 1 pop: only prg could pay it
    Z.flip_state(s, 0)
    assert A.CARD + unrest in sc.legal(s)
    sc.play(s, "MRT26")
    sc.option(s, 0)  # pay 1 pop => return this, with 1 prg
    assert s["pool"][0, PRG] == 4 and s["zone"][unrest] != Z_HAND and _unrest_in_hand(s) == 0


@pytest.mark.rule("C4.MRT", "I16", "I8.3")
def test_reactor_explosion_goes_into_play_when_gained_and_the_state_card_does_not_flip():
    s = _ready(pool=(0, 0, 3, 0))
    _only_accession_left(s)
    assert reshuffle(s, 0) == NEXT
    assert s["zone"][REACTOR] == Z_PLAY and s["owner"][REACTOR] == 0
    assert s["face"][ALIEN] == 0  # still Alien
    assert s["nation_size"][0] == 0


@pytest.mark.rule("C4.MRT", "I16", "I12")
def test_reactor_explosion_is_never_abandoned_and_goes_to_history_only_without_prg():
    s = _ready(pool=(0, 5, 1, 0))
    sc.give(s, 0, "MRT2", Z_PLAY)
    sc.give(s, 0, "MRT24", Z_PLAY)  # Landing Site: pinned, a REG
    shrine = sc.give(s, 0, "MRT25", Z_PLAY)  # Thoats: pinned, not REG
    sc.give(s, 0, "MRT20")  # Glorious Uplifting: history 2 pinned non-REG from play => fame
    assert A.CARD + sc.card("MRT20") not in sc.legal(s)  # only Thoats counts while prg > 0
    s["pool"][0, PRG] = 0
    sc.play(s, "MRT20")
    assert sc.cards(s) == sorted([REACTOR, shrine])
    sc.pick(s, "MRT2")
    sc.pick(s, "MRT25")
    assert s["zone"][REACTOR] == Z_HISTORY and s["zone"][shrine] == Z_HISTORY
    assert s["pool"][0, POP] == 0 and s["card_res"][sc.card("MRT1A"), POP] == 5

    s = _ready(pool=(0, 3, 0, 0), nations=("japanese", "martians"))
    sc.give(s, 1, "MRT2", Z_PLAY)
    region = sc.give(s, 1, "MRT24", Z_PLAY)
    sc.give(s, 0, "MAG6")  # Hussars: each other player recalls a REG (Reactor Explosion is not one)
    sc.give(s, 0, "3UNC5")  # Warfare: may make the others abandon a REG
    sc.play(s, "MAG6")
    sc.until_activate(s)
    assert s["zone"][region] == Z_HAND and s["zone"][REACTOR] == Z_PLAY


@pytest.mark.rule("C4.MRT", "I16", "I9.3")
def test_reactor_explosion_solstice_takes_two_unrest_and_puts_one_into_history():
    s = _ready()
    sc.give(s, 0, "MRT2", Z_PLAY)
    history = Z.count_in_zone(s, 0, Z_HISTORY)
    sc.run_solstice(s, "MRT2")
    assert _unrest_in_hand(s) == 1 and Z.count_in_zone(s, 0, Z_HISTORY) == history + 1


@pytest.mark.rule("C4.MRT", "I16", "I5.4")
def test_reactor_explosion_takes_the_barb_icon_off_martian_development_cards():
    s = _ready()
    rituals = sc.give(s, 0, "MRT4")  # Rituals of Earthlings (BARB): the Alien shows EMP only
    assert not Z.state_allows(s, 0, rituals)
    sc.give(s, 0, "MRT2", Z_PLAY)
    assert Z.state_allows(s, 0, rituals)
    assert not Z.state_allows(s, 0, sc.card("3UNC9"))  # a BARB card that is no development card


@pytest.mark.rule("C4.MRT", "I16", "I9.5")
def test_alien_without_prg_exiles_the_nation_deck_and_reactor_and_goes_native_at_end_of_solstice():
    s = _ready(pool=(0, 0, 1, 0))
    nation = [int(c) for c in s["nation_deck"][0, :s["nation_size"][0]]]
    sc.run_solstice(s, "MRT29A", trigger=E.TRIG_END_OF_SOLSTICE)
    assert s["nation_size"][0] == len(nation) and s["face"][ALIEN] == 0  # 1 prg: nothing

    s = _ready()
    _only_accession_left(s)
    reshuffle(s, 0)  # Reactor Explosion into play
    s["pool"][0, PRG] = 0
    sc.run_solstice(s, "MRT29A", trigger=E.TRIG_END_OF_SOLSTICE)
    assert s["zone"][REACTOR] == Z_EXILE and s["face"][ALIEN] == 1  # Gone Native (BARB)

    s = _ready()
    nation = [int(c) for c in s["nation_deck"][0, :s["nation_size"][0]]]
    sc.run_solstice(s, "MRT29A", trigger=E.TRIG_END_OF_SOLSTICE)
    assert s["nation_size"][0] == 0 and all(s["zone"][c] == Z_EXILE for c in nation)
    assert s["face"][ALIEN] == 1


@pytest.mark.rule("C4.MRT", "I16")
def test_power_a_may_ignore_prg_from_other_sources_and_cut_a_gadget_gain_for_a_discard():
    s = _ready(pool=(0, 0, 0, 0), side="A")
    sc.give(s, 0, "3REG2", Z_HAND)  # Grassland-like region: gain 1 prg (not a gadget)
    sc.play(s, "3REG2")
    assert s["dec"] == DEC_YESNO  # may ignore the prg
    sc.no(s)
    sc.until_activate(s)
    assert s["pool"][0, PRG] == 0

    s = _ready(pool=(0, 0, 0, 0), side="A")
    sc.give(s, 0, "MRT12")  # Crystal Skull (gadget, free): gain 1 prg is mandatory ...
    extra = sc.give(s, 0, "JPN20")
    sc.play(s, "MRT12")
    assert s["dec"] == DEC_YESNO  # ... but may be cut by 1 for a discarded card
    sc.yes(s)
    sc.pick(s, "JPN20")
    assert s["zone"][extra] == Z_DISCARD and s["pool"][0, PRG] == 0
    sc.until_activate(s)

    s = _ready(pool=(0, 0, 0, 0), side="A")
    sc.give(s, 0, "MRT12")
    sc.give(s, 0, "JPN20")
    sc.play(s, "MRT12")
    sc.no(s)
    assert s["pool"][0, PRG] == 1


@pytest.mark.rule("C4.MRT", "I16", "I5.6")
def test_power_b_answers_an_exiled_gadget_with_1_pop_and_1_prg():
    s = _ready()
    for c in [int(c) for c in s["draw_pile"][0, :s["draw_size"][0]]]:
        Z.put(s, c, Z_DISCARD, 0)  # nothing to draw, so nothing to put into history
    skull = sc.give(s, 0, "MRT12")
    sc.play(s, "MRT12")  # gain 1 prg; draw 2 if able; may history from hand; may exile this
    assert s["dec"] == DEC_YESNO
    sc.yes(s)
    assert s["zone"][skull] == Z_EXILE and s["dec"] == DEC_REACT
    sc.pick(s, "MRT1A")
    assert tuple(s["pool"][0]) == (0, 1, 2, 0)
    assert s["exhausted"][sc.card("MRT1A")] == 1


@pytest.mark.rule("C4.MRT", "I16", "I12")
def test_sharing_our_secrets_swaps_a_gadget_for_a_market_card_of_its_suit_and_answers_others_gadgets():
    s = _ready()
    sc.give(s, 0, "MRT17", Z_PLAY)  # Sharing Our Secrets
    skull = sc.give(s, 0, "MRT12")  # GADGET + UNC
    civ = sc.to_market(s, 0, "3CIV3")
    unc = sc.to_market(s, 1, "3UNC9")
    s["card_res"][unc, PRG] = 2
    sc.pick(s, "MRT17")
    sc.pick(s, "MRT12")
    uncs = [A.MARKET + k for k in range(5) if K.SUITS[s["market"][k]] & (1 << int(D.Suit.UNC))]
    assert s["dec"] == DEC_MARKET and sc.legal(s) == uncs and A.MARKET + 1 in uncs  # UNC cards only
    sc.act(s, A.MARKET + 1)
    assert s["zone"][skull] == Z_MARKET and s["market"][1] == skull and s["card_res"][skull, PRG] == 2
    assert s["zone"][unc] == Z_HAND and s["owner"][unc] == 0 and s["pool"][0, PRG] == 0
    assert s["zone"][civ] == Z_MARKET
    assert not scoring.is_scored(s, 0, skull)  # swapped away: no gadget penalty

    s = _ready(pool=(0, 0, 0, 0), nations=("japanese", "martians"))
    sc.give(s, 1, "MRT17", Z_PLAY)
    s["pool"][1] = (0, 0, 1, 0)
    sc.give(s, 0, "MRT12")  # a gadget in another player's hands (it went through the market)
    sc.play(s, "MRT12")
    while not (s["actor"] == 1 and s["phase"] != PH_ACTIVATE):
        sc.act(s, sc.legal(s)[0])
    hand = len(sc.hand(s, 1))
    sc.option(s, 0)  # convert 1 prg into 1 pop and draw a card
    assert tuple(s["pool"][1]) == (0, 1, 0, 0) and len(sc.hand(s, 1)) == hand + 1


@pytest.mark.rule("C4.MRT", "I16", "I12")
def test_sword_of_power_breaks_through_a_card_matching_the_discarded_gadget():
    s = _ready()
    sc.give(s, 0, "MRT21")
    eco = sc.give(s, 0, "MRT9")  # Eco-bubble: GADGET + REG
    sc.play(s, "MRT21")
    sc.option(s, 1)  # discard a gadget => break through a matching card
    sc.pick(s, "MRT9")
    assert s["zone"][eco] == Z_DISCARD
    assert s["dec"] == DEC_REACT  # power B: a gadget was discarded
    sc.no(s)
    assert s["dec"] == DEC_ROUTE
    slots = [a - A.MARKET for a in sc.legal(s) if A.MARKET <= a < A.PILE]
    assert slots and all(K.SUITS[Z.rec(s, s["market"][k])] & (1 << int(D.Suit.REG)) for k in slots)

    s = _ready()
    sc.give(s, 0, "MRT21")
    top = int(s["nation_deck"][0, s["nation_size"][0] - 1])
    size = int(s["nation_size"][0])
    sc.play(s, "MRT21")
    sc.option(s, 0)  # discard the top nation card => acquire
    assert s["zone"][top] == Z_DISCARD and s["nation_size"][0] == size - 1 and s["dec"] == DEC_MARKET


@pytest.mark.rule("C4.MRT", "I12")
def test_landing_site_swaps_a_hand_card_with_one_of_the_top_two_nation_cards():
    s = _ready()
    sc.give(s, 0, "MRT24")
    keep = sc.give(s, 0, "MRT18")
    unrest = sc.give(s, 0, "MRT26")
    size = int(s["nation_size"][0])
    top2 = [int(c) for c in s["nation_deck"][0, size - 2:size]]
    sc.play(s, "MRT24")
    sc.yes(s)
    assert unrest + 0 not in sc.cards(s) and keep in sc.cards(s)  # not an unrest
    sc.pick(s, "MRT18")
    assert sorted(sc.cards(s)) == sorted(top2)
    sc.act(s, A.CARD + top2[0])
    assert s["zone"][keep] == Z_NATION_DECK and s["zone"][top2[0]] == Z_HAND
    assert s["nation_size"][0] == size and int(s["nation_deck"][0, size - 2]) == keep
    # I12 Look: the two go back in the order the player chooses (D18)
    assert s["dec"] == DEC_CARD and sc.cards(s) == sorted([keep, top2[1]])
    assert "back on top of your nation deck" in action_names.action_to_str(s, A.CARD + keep)
    sc.act(s, A.CARD + keep)
    assert [int(c) for c in s["nation_deck"][0, size - 2:size]] == [top2[1], keep]


@pytest.mark.rule("I12", "I17")
def test_landing_site_without_a_swap_still_returns_the_two_looked_at_cards_in_the_chosen_order():
    s = _ready()
    sc.give(s, 0, "MRT24")
    sc.give(s, 0, "MRT18")  # a card it could swap
    size = int(s["nation_size"][0])
    low, high = (int(c) for c in s["nation_deck"][0, size - 2:size])
    sc.play(s, "MRT24")
    sc.no(s)
    assert sc.cards(s) == sorted([low, high])
    sc.act(s, A.CARD + low)
    assert [int(c) for c in s["nation_deck"][0, size - 2:size]] == [high, low]


@pytest.mark.rule("C4.MRT", "I12")
def test_fracture_of_time_puts_an_exiled_card_at_the_bottom_of_the_main_deck():
    s = _ready()
    exiled = sc.card("3UNC9")
    Z.put(s, exiled, Z_EXILE, -1)
    size = int(s["main_size"])
    sc.give(s, 0, "MRT8")
    sc.play(s, "MRT8")
    sc.until_activate(s)
    assert s["zone"][exiled] == Z_MAIN_DECK and s["main_deck"][0] == exiled and s["main_size"] == size + 1


@pytest.mark.rule("C4.MRT", "I12")
def test_resurrection_stone_free_plays_a_card_from_history_and_exiles_it():
    s = _ready()
    oannes = sc.give(s, 0, "MRT22", Z_HISTORY)  # break through UNC/CIV; history this
    sc.give(s, 0, "MRT11")
    sc.play(s, "MRT11")
    sc.option(s, 1)  # from the history
    sc.pick(s, "MRT22")
    sc.until_activate(s)
    assert s["zone"][oannes] == Z_EXILE


@pytest.mark.rule("C4.MRT", "I16")
def test_take_me_to_your_leader_converts_only_the_prg_the_acquired_card_carried():
    s = _ready(pool=(0, 2, 5, 0))
    region = sc.to_market(s, 0, "3REG10")
    s["card_res"][region, PRG] = 2
    sc.give(s, 0, "MRT15")
    sc.play(s, "MRT15")
    sc.option(s, 1)  # pay 2 pop => acquire REG/TRI, then may convert
    sc.act(s, A.RESOURCE + POP)
    sc.act(s, A.RESOURCE + POP)
    sc.act(s, A.MARKET + 0)
    assert s["pool"][0, PRG] == 7
    sc.yes(s)
    sc.yes(s)
    assert s["phase"] == PH_ACTIVATE  # no third conversion: only 2 prg were gained
    assert tuple(s["pool"][0]) == (0, 2, 5, 0)
