"""The numeric catalogue the Imperium engine reads agrees with the typed card data."""

from __future__ import annotations

import numpy as np
import pytest

from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import data as D


def row(card_id):
    return K.record_index(card_id)


def test_one_row_per_card_record_in_data_order():
    assert K.N_RECORDS == len(D.CARDS) == len(set(K.RECORD_IDS))
    assert all(K.RECORD_IDS[r] == c.id for r, c in enumerate(D.CARDS))
    with pytest.raises(KeyError, match="unknown Imperium card id"):
        K.record_index("NOPE1")


@pytest.mark.rule("I1.6")
def test_double_sided_cards_share_their_a_face_as_physical_card():
    a, b = row("JPN1A"), row("JPN1B")
    assert K.PHYSICAL[a] == K.PHYSICAL[b] == a
    single = row("3UNC14")
    assert K.PHYSICAL[single] == single
    # every physical row is a record of the same physical card
    for r, card in enumerate(D.CARDS):
        assert D.CARDS[K.PHYSICAL[r]].physical == card.physical


@pytest.mark.rule("I1.6", "I1.7", "I1.8", "I1.9")
def test_river_raiders_row():
    r = row("3UNC14")  # UNC, BARB, ATK, RU, var: 2VP per #river (C2.Uncivilised)
    assert K.SUITS[r] == 1 << D.Suit.UNC and K.BANNER[r] == D.Suit.UNC
    assert K.STATES[r] == 1 << D.StateIcon.BARB
    assert K.HEADER[r] == D.Header.ATK and K.EXPANSION[r] == D.Expansion.RU
    assert (K.VP_KIND[r], K.VP_AMOUNT[r], K.VP_COUNT_KIND[r]) == (K.VP_VAR, 2, D.CountKind.TYPE_ICON)
    assert K.VP_ICONS[r] == 1 << D.TypeIcon.RIVER and K.VP_DIVISOR[r] == 1
    assert K.TYPES[r].sum() == 0 and K.START[r] == -1 and K.MIN_PLAYERS[r] == 1


@pytest.mark.rule("I1.8")
def test_repeated_icons_and_suits_count_twice():
    for r, card in enumerate(D.CARDS):
        for t in D.TypeIcon:
            assert K.TYPES[r, t] == card.types.count(t)
        for s in D.Suit:
            assert K.SUIT_COUNT[r, s] == card.suits.count(s)
    assert K.TYPES.max() >= 2  # e.g. a card with #production printed twice


@pytest.mark.rule("I3.5")
def test_player_count_markers():
    for r, card in enumerate(D.CARDS):
        expected = 1 if card.players is None else card.players.min_players
        assert K.MIN_PLAYERS[r] == expected
    assert {int(K.MIN_PLAYERS[row(f"UNR{i}")]) for i in (9, 10)} == {3}
    assert {int(K.MIN_PLAYERS[row(f"UNR{i}")]) for i in (11, 12)} == {4}


@pytest.mark.rule("I8.4")
def test_development_costs():
    for r, card in enumerate(D.CARDS):
        assert K.HAS_DEV_COST[r] == (card.dev_cost is not None)
        if card.dev_cost is not None:
            c = card.dev_cost
            assert tuple(K.DEV_COST[r]) == (c.mat, c.pop, c.prg, c.gds, c.mana_discard, c.mana_legends)
    r = row("ABB4")  # Glass Working: 4mat 2pop
    assert tuple(K.DEV_COST[r][:4]) == (4, 2, 0, 0)


@pytest.mark.rule("I1.12", "I10.3")
def test_every_vp_rule_compiles_to_its_kind():
    kinds = {D.FixedVP: K.VP_FIXED, D.VarVP: K.VP_VAR, D.CondVP: K.VP_COND}
    for r, card in enumerate(D.CARDS):
        expected = K.VP_NONE if card.vp is None else kinds[type(card.vp)]
        assert K.VP_KIND[r] == expected, card.id
        if card.vp is not None:
            assert K.VP_AMOUNT[r] == card.vp.amount
        if isinstance(card.vp, D.CondVP):
            assert (K.VP_ZONE[r], bool(K.VP_NEGATED[r]), K.VP_OTHERWISE[r]) == (
                card.vp.zone, card.vp.negated, card.vp.otherwise)
    unrest = row("UNR1")
    assert (K.VP_KIND[unrest], K.VP_AMOUNT[unrest]) == (K.VP_FIXED, -2)


def test_arrays_are_read_only():
    with pytest.raises(ValueError):
        K.SUITS[0] = 0
    assert isinstance(K.SUITS, np.ndarray)
