"""The Cultists (C4.CUL, I16): the ceremony cards and their chain from Research the Ceremony to
Ceremony of the Key, the Corrupted / Summoned state card, the chaos pile and chaos victory,
both power sides, and the cards that work on those. Each test builds a position, plays actions
by name and checks where cards and resources went."""

from __future__ import annotations

import numpy as np
import pytest

from meeplegym.envs.imperium import actions as A
from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import data as D
from meeplegym.envs.imperium import engine
from meeplegym.envs.imperium import effects as E
from meeplegym.envs.imperium.rules.choices import _is_unrest, garrisoned_icons
from meeplegym.envs.imperium.rules.frames import FRAME_SYSTEM, NEXT, push, take_unrest
from meeplegym.envs.imperium.rules.machine import run
from meeplegym.envs.imperium.rules import scoring
from meeplegym.envs.imperium.rules import zones as Z
from meeplegym.envs.imperium.state import (
    DEC_CARD,
    DEC_CHOOSE,
    DEC_MARKET,
    DEC_YESNO,
    PH_ACTIVATE,
    PH_CLEANUP_DISCARD,
    PH_SOLSTICE,
    PH_TURN_TYPE,
    POP,
    PRG,
    Z_BOX,
    Z_CHAOS_PILE,
    Z_DISCARD,
    Z_DRAW,
    Z_EXILE,
    Z_GARRISON,
    Z_HAND,
    Z_HISTORY,
    Z_PLAY,
    Z_SET_ASIDE,
    Z_STATE_CARD,
    Z_UNREST_PILE,
)
from tests.imperium import scenario as sc

CULTISTS = ("cultists", "japanese")
RESEARCH = sc.card("CUL2A")  # Research the Ceremony, Prepare the Ceremony on its back
GATHERING = sc.card("CUL3A")  # Ceremonial Gathering, Ceremony of the Key on its back
OWN_STATE = sc.card("CUL30A")  # Corrupted, Summoned on its back
BARB, EMP, CORR, SUMM = (1 << int(x) for x in (D.StateIcon.BARB, D.StateIcon.EMP, D.StateIcon.CORR,
                                                D.StateIcon.SUMM))


def _ready(pool=(0, 0, 0, 0), side="A", nations=CULTISTS, **kw):
    return sc.ready(nations, pool=pool, power_sides=(side,) + ("B",) * (len(nations) - 1), **kw)


def _chaos_pile(s) -> list[int]:
    return [c for c in range(K.N_RECORDS) if s["zone"][c] == Z_CHAOS_PILE]


def _in(s, zone, p) -> list[int]:
    return [c for c in range(K.N_RECORDS) if s["zone"][c] == zone and s["owner"][c] == p]


def _finish_turn(s):
    """End the current player's turn: no action, market token on slot 1, no discard."""
    if s["phase"] == PH_TURN_TYPE:
        sc.activate(s)
    sc.act(s, A.END)
    sc.act(s, A.MARKET + 0)
    if s["dec"] == DEC_MARKET:  # Cultists power B: the market card they exile
        sc.act(s, sc.legal(s)[0])
    assert s["phase"] == PH_CLEANUP_DISCARD
    sc.act(s, A.END)


def _to_solstice(s):
    """Both players finish their turns: the Solstice starts with seat 0's effects (I9.2)."""
    _finish_turn(s)
    _finish_turn(s)


def _flip_to_key(s):
    """Ceremony of the Key in play (as after Ceremonial Gathering's flip), the state card Corrupted."""
    Z.put(s, RESEARCH, Z_SET_ASIDE, 0)
    Z.put(s, GATHERING, Z_PLAY, 0)
    s["face"][GATHERING] = 1
    Z.show_state(s, 0, CORR)


@pytest.mark.rule("C4.CUL", "I2.4", "I2.5", "I2.6", "I2.9", "I2.10", "I2.14", "I16")
@pytest.mark.parametrize("n_players, chaos_cards", [(2, 3), (3, 4), (4, 5)])
def test_setup_stacks_the_ceremony_and_state_cards_and_fills_the_chaos_pile_by_player_count(n_players, chaos_cards):
    s = sc.new(("cultists", "japanese", "magyars", "mayans")[:n_players])
    assert s["zone"][RESEARCH] == Z_PLAY and s["face"][RESEARCH] == 0  # Research on top (I2.4)
    assert s["zone"][GATHERING] == Z_SET_ASIDE
    assert s["zone"][OWN_STATE] == Z_SET_ASIDE and Z.state_icons(s, 0) == BARB  # standard card on top (I2.5)
    assert len(_chaos_pile(s)) == chaos_cards  # 3+ and 4 cards by player count (I2.14)
    assert s["base_exhaust"][0] == 3  # I2.6
    assert s["nation_size"][0] == 0  # no accession card, no nation deck (I2.9-I2.10)


@pytest.mark.rule("C4.CUL", "I16", "I9.1", "I12")
def test_research_flips_to_prepare_and_prepare_resolves_in_the_same_solstice_gaining_prg_for_its_garrison():
    s = _ready()
    s["card_res"][RESEARCH, PRG] = 5
    _to_solstice(s)
    assert s["phase"] != PH_SOLSTICE and s["dec"] == DEC_CHOOSE and s["actor"] == 0
    assert sc.options(s) == [0, 1]  # remove all prg (min 5) => flip | take an unrest => 1 prg here
    sc.option(s, 0)
    assert s["face"][RESEARCH] == 1 and s["card_res"][RESEARCH, PRG] == 0
    # Prepare the Ceremony's Solstice text resolves this Solstice: no prg for the first option
    assert s["dec"] == DEC_CHOOSE and sc.options(s) == [1]
    sc.option(s, 1)
    assert s["dec"] == DEC_CARD
    tucked = sc.cards(s)[0]
    sc.act(s, A.CARD + tucked)
    assert s["zone"][tucked] == Z_GARRISON and s["host"][tucked] == RESEARCH
    assert s["card_res"][RESEARCH, PRG] == 1  # Prepare's passive: a card was garrisoned


@pytest.mark.rule("C4.CUL", "I16", "I9.1")
def test_research_takes_an_unrest_for_a_prg_when_it_cannot_flip():
    s = _ready()
    s["card_res"][RESEARCH, PRG] = 4
    _to_solstice(s)
    assert sc.options(s) == [1]  # 4 prg is short of the minimum 5
    before = sum(_is_unrest(s, c) for c in sc.hand(s, 0))
    sc.option(s, 1)
    assert s["card_res"][RESEARCH, PRG] == 5 and s["face"][RESEARCH] == 0
    assert sum(_is_unrest(s, c) for c in sc.hand(s, 0)) == before + 1


@pytest.mark.rule("C4.CUL", "I16", "I5.4")
def test_prepare_the_ceremony_takes_the_barb_icon_off_the_cultists_cards():
    s = _ready(pool=(0, 0, 0, 0))
    sc.give(s, 0, "CUL5")  # Indoctrination: BARB/EMP
    sc.give(s, 0, "CUL17")  # Oracle: BARB
    assert {A.CARD + sc.card("CUL5"), A.CARD + sc.card("CUL17")} <= set(sc.legal(s))
    s["face"][RESEARCH] = 1  # Prepare the Ceremony
    legal = sc.legal(s)
    assert A.CARD + sc.card("CUL5") not in legal  # only EMP is left, the state card shows BARB
    assert A.CARD + sc.card("CUL17") in legal  # no state icon left: playable in any state


@pytest.mark.rule("C4.CUL", "I16", "I9.1")
def test_prepare_gives_way_to_ceremonial_gathering_which_turns_the_state_card_to_barb_and_resolves_its_solstice():
    s = _ready()
    s["face"][RESEARCH] = 1
    s["card_res"][RESEARCH, PRG] = 6
    tucked = sc.give(s, 0, "CUL17")
    Z.garrison(s, tucked, RESEARCH)
    Z.flip_state(s, 0)  # the standard card on its Empire side
    assert Z.state_icons(s, 0) == EMP
    discarded = sc.give(s, 0, "CUL10", Z_DISCARD)
    _to_solstice(s)
    sc.option(s, 0)  # remove all prg => Ceremonial Gathering replaces Prepare
    assert s["zone"][RESEARCH] == Z_SET_ASIDE and s["card_res"][RESEARCH, PRG] == 0
    assert s["zone"][tucked] == Z_DISCARD  # its garrisoned cards are discarded
    assert s["zone"][GATHERING] == Z_PLAY and s["face"][GATHERING] == 0
    assert Z.state_icons(s, 0) == BARB  # Ceremonial Gathering's PLAY text
    assert sc.options(s) == [1]  # its Solstice, this Solstice: no 15 pop yet => draw from the discard pile
    sc.option(s, 1)
    sc.act(s, A.CARD + discarded)
    assert s["zone"][discarded] == Z_HAND


@pytest.mark.rule("C4.CUL", "I16", "I12")
def test_ceremonial_gathering_keeps_the_pop_gained_and_flips_to_the_key_which_corrupts_the_state():
    s = _ready()
    Z.put(s, RESEARCH, Z_SET_ASIDE, 0)
    Z.put(s, GATHERING, Z_PLAY, 0)
    sc.give(s, 0, "CUL5")  # Indoctrination: gain 1 pop, then pop per unrest discarded
    sc.play(s, "CUL5")
    if s["dec"] == DEC_YESNO:
        sc.no(s)
    assert s["pool"][0, POP] == 0 and s["card_res"][GATHERING, POP] == 1
    s["card_res"][GATHERING, POP] = 15
    oracle = sc.give(s, 0, "CUL17")
    corruption = sc.give(s, 0, "CUL12")
    assert A.CARD + oracle in sc.legal(s) and A.CARD + corruption not in sc.legal(s)
    sc.run_solstice(s, "CUL3A")
    assert sc.options(s) == [0, 1]
    sc.option(s, 0)  # remove all pop => flip: Ceremony of the Key
    assert s["face"][GATHERING] == 1 and s["card_res"][GATHERING, POP] == 0
    assert s["state_card"][0] == OWN_STATE and s["face"][OWN_STATE] == 0  # Corrupted
    assert s["zone"][OWN_STATE] == Z_STATE_CARD and s["zone"][K.STANDARD_STATE_CARDS[0]] == Z_SET_ASIDE
    sc.until_activate(s)
    legal = sc.legal(s)
    assert A.CARD + oracle not in legal and A.CARD + corruption in legal  # CORR: no BARB/EMP cards


# 12 different icons: UNC CIV #ocean #city #production | REG #hunt #river | TRI GADGET #knight | #wonder
TWELVE_ICONS = ("3UNC20", "MAG16", "MRT10", "MRT11")


@pytest.mark.rule("C4.CUL", "I16", "I10.1")
def test_ceremony_of_the_key_summons_with_13_different_icons_state_and_unrest_icons_not_counting():
    s = _ready()
    _flip_to_key(s)
    for card_id in TWELVE_ICONS + ("CUL4", "CUL21"):  # Dark Ritual shows only state icons; an unrest
        Z.garrison(s, sc.card(card_id), GATHERING)
    assert garrisoned_icons(s, GATHERING) == 12
    sc.run_solstice(s, "CUL3A")
    assert s["zone"][GATHERING] == Z_PLAY and not s["game_end_triggered"]

    Z.garrison(s, sc.card("MRT12"), GATHERING)  # #mask: the 13th
    sc.run_solstice(s, "CUL3A")
    assert s["face"][OWN_STATE] == 1 and Z.state_icons(s, 0) == SUMM
    assert s["zone"][GATHERING] == Z_HISTORY and s["zone"][sc.card("MRT12")] == Z_HISTORY
    assert s["game_end_triggered"]


@pytest.mark.rule("C4.CUL", "I16", "I12")
def test_ceremony_of_the_key_exhausts_a_discard_to_garrison_a_card_under_it():
    s = _ready()
    _flip_to_key(s)
    a, b = sc.give(s, 0, "CUL10"), sc.give(s, 0, "CUL7")
    sc.act(s, A.CARD + GATHERING)
    sc.act(s, A.CARD + a)  # discard
    assert s["zone"][a] == Z_DISCARD
    sc.until_activate(s)
    assert s["zone"][b] == Z_GARRISON and s["host"][b] == GATHERING


@pytest.mark.rule("C4.CUL", "I16", "I12")
def test_corrupted_turns_an_unrest_another_player_takes_during_the_cultists_turn_into_chaos():
    s = _ready()
    Z.show_state(s, 0, CORR)
    sc.give(s, 0, "CUL12")  # Corruption: all gain 2 mat, each other player takes an unrest, 1 prg
    unrest_left = s["unrest_size"]
    chaos_left = len(_chaos_pile(s))
    mat = int(s["pool"][1, 0])
    sc.play(s, "CUL12")
    assert s["dec"] == DEC_YESNO and s["actor"] == 0  # Corrupted: may force a chaos instead
    sc.yes(s)
    sc.until_activate(s)
    assert not any(_is_unrest(s, c) and not Z.is_chaos(s, c) for c in sc.hand(s, 1))
    chaos = [c for c in _in(s, Z_DISCARD, 1) if Z.is_chaos(s, c)]
    assert len(chaos) == 1 and len(_chaos_pile(s)) == chaos_left - 1
    assert s["unrest_size"] == unrest_left  # the unrest went back
    assert s["pool"][0, PRG] == 1 and s["pool"][1, 0] == mat + 2


@pytest.mark.rule("C4.CUL", "I16", "I12")
def test_corrupted_does_nothing_outside_the_cultists_turn():
    s = _ready()
    Z.show_state(s, 0, CORR)
    _finish_turn(s)
    sc.activate(s)  # seat 1's turn
    assert s["current"] == 1
    push(s, -1, -1, 0, FRAME_SYSTEM, 1)  # an empty frame: take an unrest as a rules step would
    take_unrest(s, 1)
    assert run(s) == NEXT  # no decision for the Cultist
    assert any(_is_unrest(s, c) for c in sc.hand(s, 1))


@pytest.mark.rule("C4.CUL", "I16", "I12")
def test_spreading_chaos_is_recalled_to_force_a_chaos_on_a_player_who_took_an_unrest():
    s = _ready()
    chaos_spread = sc.give(s, 0, "CUL9", Z_PLAY)
    sc.give(s, 0, "TAI12")  # Caribs: each other player takes an unrest
    sc.play(s, "TAI12")
    assert s["dec"] == DEC_YESNO and s["actor"] == 0  # may recall Spreading Chaos
    sc.yes(s)
    assert s["zone"][chaos_spread] == Z_HAND
    assert sc.options(s) == [0, 1, 2]  # 1 prg | 1 pop | a chaos instead
    sc.option(s, 2)
    assert [c for c in _in(s, Z_DISCARD, 1) if Z.is_chaos(s, c)]
    assert not any(_is_unrest(s, c) for c in sc.hand(s, 1))


@pytest.mark.rule("C4.CUL", "I8.6", "I16")
def test_power_a_reshuffle_gives_chaos_to_players_without_unrest_in_their_discard_pile():
    s = _ready(nations=("cultists", "japanese", "magyars"))
    for c in _in(s, Z_DRAW, 0):
        Z.put(s, c, Z_DISCARD, 0)
    for p in (1, 2):
        for c in _in(s, Z_DISCARD, p):
            Z.put(s, c, Z_BOX, -1)
    held = sc.give(s, 2, "CUL21")  # seat 2 holds an unrest and may discard it
    sc.give(s, 0, "CUL17")  # Oracle: draw 2 (a reshuffle), discard one of them
    sc.play(s, "CUL17")
    # I8.6 right after the shuffle: seat 1 has no unrest in hand, nothing to decide; seat 2 may
    # discard theirs
    assert s["dec"] == DEC_YESNO and s["actor"] == 2
    sc.yes(s)
    sc.act(s, A.CARD + held)
    assert s["dec"] == DEC_CARD and s["actor"] == 0  # then Oracle's discard of a drawn card
    sc.until_activate(s)
    assert s["zone"][held] == Z_DISCARD
    assert [c for c in _in(s, Z_DISCARD, 1) if Z.is_chaos(s, c)]  # no unrest in their discard pile
    assert not [c for c in _in(s, Z_DISCARD, 2) if Z.is_chaos(s, c)]


@pytest.mark.rule("C4.CUL", "I12", "I4.5", "I10.3")
def test_a_chaos_card_costs_1_prg_to_return_to_the_chaos_pile_is_free_in_a_revolt_and_scores_minus_3():
    s = sc.ready(("japanese", "cultists"), pool=(0, 0, 1, 0))
    chaos = _chaos_pile(s)
    vp = scoring.score(s, 0)
    sc.give(s, 0, K.RECORD_IDS[chaos[0]])
    assert scoring.score(s, 0) == vp - 3
    sc.play(s, K.RECORD_IDS[chaos[0]])
    sc.until_activate(s)
    assert s["zone"][chaos[0]] == Z_CHAOS_PILE and s["owner"][chaos[0]] == 1 and s["pool"][0, PRG] == 0

    s = sc.new(("japanese", "cultists"))
    chaos = _chaos_pile(s)[0]
    Z.put(s, chaos, Z_HAND, 0)
    sc.act(s, A.TURN_TYPE + A.REVOLT)
    sc.act(s, A.CARD + chaos)
    assert s["zone"][chaos] == Z_CHAOS_PILE


@pytest.mark.rule("C4.CUL", "I7.1", "I16")
def test_power_b_cleanup_places_pop_and_exiles_a_market_card():
    s = _ready(side="B")
    sc.act(s, A.END)
    c = int(s["market"][0])
    before = s["card_res"][c].copy()
    sc.act(s, A.MARKET + 0)
    assert tuple(s["card_res"][c] - before) == (0, 1, 0, 0)  # 1 pop, not 1 prg
    assert s["dec"] == DEC_MARKET and s["actor"] == 0
    slots = [a - A.MARKET for a in sc.legal(s)]
    assert 0 not in slots  # a card with a resource on it cannot be exiled (I12 Exile)
    gone = int(s["market"][slots[0]])
    sc.act(s, A.MARKET + slots[0])
    assert s["zone"][gone] == Z_EXILE and s["phase"] == PH_CLEANUP_DISCARD


@pytest.mark.rule("C4.CUL", "I10.3", "I16")
def test_power_b_scores_1_vp_per_unrest_icon_the_ceremony_included_and_nothing_negative():
    s = _ready(side="B")
    vp = scoring.score(s, 0)
    sc.give(s, 0, "CUL21")
    assert scoring.score(s, 0) == vp + 1  # +1 for the icon, no -2
    Z.put(s, RESEARCH, Z_SET_ASIDE, 0)
    Z.put(s, GATHERING, Z_PLAY, 0)
    s["face"][GATHERING] = 1  # Ceremony of the Key: two unrest icons
    assert scoring.score(s, 0) == vp + 3

    a = _ready(side="A")
    vp = scoring.score(a, 0)
    sc.give(a, 0, "CUL21")
    assert scoring.score(a, 0) == vp - 2


@pytest.mark.rule("C4.CUL", "I10.5", "I16")
def test_collapse_with_an_empty_chaos_pile_is_won_by_the_cultists_and_the_key_counts_two_unrest_otherwise():
    s = _ready(nations=("cultists", "japanese", "magyars"))
    out = np.zeros(3, dtype=np.int64)
    for c in range(K.N_RECORDS):
        if s["owner"][c] >= 0 and _is_unrest(s, c) and s["zone"][c] != Z_CHAOS_PILE and not E.IS_CEREMONY[c]:
            Z.put(s, c, Z_BOX, -1)
    _flip_to_key(s)
    sc.give(s, 2, "CUL21")
    scoring.note_collapse(s)  # the ranking as the collapse leaves it
    scoring.ranks(s, True, out)
    assert scoring.unrest_held(s, 0) == 2 and scoring.unrest_held(s, 2) == 1
    assert out[1] == 0 and out[2] == 1 and out[0] == 2  # fewest unrest wins; the Key's two count
    for i, c in enumerate(_chaos_pile(s)):
        Z.put(s, c, Z_DISCARD, 1 + i % 2)
    scoring.note_collapse(s)
    scoring.ranks(s, True, out)
    assert out[0] == 0 and sorted(out[1:]) == [1, 2]  # the chaos victory; the rest behind
    assert scoring.chaos_winner(s) == 0


@pytest.mark.rule("C4.CUL", "I11.6", "I12")
def test_dark_ritual_takes_fame_and_a_corrupted_cultist_gains_nothing_from_king_of_kings():
    s = _ready(pool=(0, 2, 0, 0))
    Z.show_state(s, 0, CORR)
    for name in ("CUL21", "CUL22", "CUL23"):
        sc.give(s, 0, name, Z_DISCARD)
    while s["fame_size"] > 1:  # only King of Kings is left
        Z.put(s, int(s["fame_pile"][s["fame_size"] - 1]), Z_BOX, -1)
    sc.give(s, 0, "CUL4")
    sc.play(s, "CUL4")
    sc.until_activate(s)
    assert s["pool"][0, PRG] == 0 and s["pool"][0, POP] == 0  # CORR: neither BARB nor EMP (I11.6)
    assert s["zone"][sc.card("CUL21")] == Z_UNREST_PILE and s["kok_used"][0] == 1


@pytest.mark.rule("C4.CUL", "I16", "I12")
def test_summoned_solstice_exiles_the_hand_but_unrest_and_summ_cards_and_draws_as_many():
    s = _ready()
    Z.show_state(s, 0, SUMM)
    keep = [sc.give(s, 0, "CUL21"), sc.give(s, 0, "CUL4")]  # an unrest, a SUMM card
    gone = [sc.give(s, 0, "CUL10"), sc.give(s, 0, "CUL7")]
    sc.run_solstice(s, "CUL30A")
    assert s["dec"] == DEC_YESNO  # may put a card from hand into history
    sc.no(s)
    assert all(s["zone"][c] == Z_EXILE for c in gone) and all(s["zone"][c] == Z_HAND for c in keep)
    choices = 0
    while s["phase"] != PH_ACTIVATE:
        assert s["dec"] == DEC_CHOOSE
        sc.option(s, 1)  # gain 1 prg
        choices += 1
    assert choices == 2 and s["pool"][0, PRG] == 2 and len(sc.hand(s, 0)) == 4


@pytest.mark.rule("C4.CUL", "I12")
def test_strange_signs_garrisons_itself_to_break_through_an_exiled_card_into_the_discard_pile():
    s = _ready()
    Z.show_state(s, 0, CORR)
    region = sc.give(s, 0, "CUL20", Z_PLAY)  # Twisted Grove, a REG
    exiled = sc.give(s, 0, "3UNC20", Z_EXILE)
    signs = sc.give(s, 0, "CUL13")
    sc.play(s, "CUL13")
    while s["dec"] != DEC_YESNO:  # the break through's pick
        sc.act(s, A.CARD + exiled if A.CARD + exiled in sc.legal(s) else sc.legal(s)[0])
    assert s["zone"][signs] == Z_GARRISON and s["host"][signs] == region
    assert s["zone"][exiled] == Z_DISCARD


@pytest.mark.rule("C4.CUL", "I12")
def test_blood_sacrifice_and_summon_aid_feed_the_ceremony_card():
    s = _ready(pool=(0, 2, 0, 0))
    sc.give(s, 0, "CUL6")
    sc.play(s, "CUL6")
    sc.yes(s)  # pay 1 pop => 1 prg or 1 pop on the ceremony card
    sc.option(s, 0)
    assert s["card_res"][RESEARCH, PRG] == 1
    sc.until_activate(s)

    s = _ready()
    sc.give(s, 0, "CUL21")
    sc.give(s, 0, "CUL19")
    sc.play(s, "CUL19")
    sc.pick(s, "CUL21")
    assert s["zone"][sc.card("CUL21")] == Z_UNREST_PILE  # the cost: return an unrest
    sc.option(s, 1)  # a prg on the ceremony card
    assert s["card_res"][RESEARCH, PRG] == 1


@pytest.mark.rule("C4.CUL", "I15.5", "I2.1")
def test_cultists_play_in_random_tables_but_not_in_the_quick_variant():
    assert int(D.NationCode.CUL) in engine.READY_NATIONS
    with pytest.raises(Exception, match="quick"):
        engine.new_game(2, 0, nations=["cultists", "japanese"], quick=True)
