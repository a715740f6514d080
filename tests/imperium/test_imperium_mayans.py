"""The Mayans (C4.MAY): masks and cities, cards named by their copies ("a Headpiece", "not a
Stone Mask"), Find through the nation deck, unrest garrisoned from the pile, a revealed
main-deck card, a conditional free action and a cleanup passive. Each test builds a position,
plays actions by name and checks where cards, tokens and resources went."""

from __future__ import annotations

import pytest

from meeplegym.envs.imperium import actions as A
from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import data as D
from meeplegym.envs.imperium.rules import turn
from meeplegym.envs.imperium.rules import zones as Z
from meeplegym.envs.imperium.state import (
    DEC_CARD,
    DEC_CHOOSE,
    DEC_YESNO,
    GDS,
    MAT,
    PH_ACTIVATE,
    PRG,
    Z_DEVELOPMENT,
    Z_DISCARD,
    Z_DRAW,
    Z_EXILE,
    Z_FAME_PILE,
    Z_GARRISON,
    Z_HAND,
    Z_HISTORY,
    Z_NATION_DECK,
    Z_PLAY,
)
from tests.imperium import scenario as sc

MAYANS = ("mayans", "japanese")
HEADPIECES = ("MAY8", "MAY9", "MAY10")




def _main_top(s, pinned: bool) -> int:
    """Bring a main-deck card that is (or is not) pinned to the top; returns it."""
    n = int(s["main_size"])
    for i in range(n):
        c = int(s["main_deck"][i])
        if (K.HEADER[c] == Z.PIN) == pinned:
            s["main_deck"][i], s["main_deck"][n - 1] = s["main_deck"][n - 1], c
            return c
    raise AssertionError("no such card in the main deck")


@pytest.mark.rule("C4.MAY", "I12")
def test_power_a_discards_a_card_to_find_a_mask_but_not_in_the_nation_deck():
    s = sc.ready(MAYANS, power_sides=("A", "B"))
    fodder = sc.give(s, 0, "MAY27")
    on_draw = sc.give(s, 0, "MAY23", Z_DRAW)
    assert s["zone"][sc.card("MAY12")] == Z_NATION_DECK  # the nation deck's Stone Mask
    sc.play(s, "MAY1A")
    assert s["dec"] == DEC_CARD and sc.cards(s) == [fodder]  # the cost first (I6.5)
    sc.pick(s, "MAY27")
    findable = sc.cards(s)
    assert on_draw in findable and sc.card("MAY12") not in findable
    assert all(K.TYPES[c, int(D.TypeIcon.MASK)] for c in findable)
    sc.pick(s, "MAY23")
    assert s["zone"][on_draw] == Z_HAND and s["zone"][fodder] == Z_DISCARD


@pytest.mark.rule("C4.MAY", "I12", "I10.1")
def test_codices_find_in_the_nation_deck_free_play_and_gain_progress_once_the_end_is_triggered():
    s = sc.ready(MAYANS)
    Z.flip_state(s, 0)  # Codices and Prophecies shows EMP
    s["game_end_triggered"] = 1
    sc.give(s, 0, "MAY3")
    sc.play(s, "MAY3")
    findable = sc.cards(s)
    assert sc.card("MAY12") in findable  # Find searches the nation deck (I12) ...
    assert sc.card("MAY2") not in findable  # ... but not the accession card
    sc.pick(s, "MAY12")
    assert sc.cards(s) == [sc.card("MAY12")]  # free-play the card found
    sc.pick(s, "MAY12")
    assert s["dec"] == DEC_YESNO  # Stone Mask: draw up to 3
    sc.no(s)
    assert s["phase"] == PH_ACTIVATE
    assert s["actions"][0] == 2  # Codices took the action, the Stone Mask none
    assert s["pool"][0, PRG] == 3 and s["zone"][sc.card("MAY3")] == Z_HISTORY
    assert s["zone"][sc.card("MAY12")] == Z_DISCARD


@pytest.mark.rule("C4.MAY", "I9.1")
def test_mayan_solstice_discards_a_mask_or_abandons_a_city():
    s = sc.ready(MAYANS)
    sc.run_solstice(s, "MAY1A")  # no city in play: nothing happens
    assert s["phase"] == PH_ACTIVATE

    city = sc.give(s, 0, "MAY14", Z_PLAY)
    sc.run_solstice(s, "MAY1A")
    assert s["dec"] == DEC_CHOOSE and sc.options(s) == [1]  # no mask in hand: abandon
    sc.option(s, 1)
    sc.pick(s, "MAY14")
    assert s["zone"][city] == Z_DISCARD

    sc.give(s, 0, "MAY14", Z_PLAY)
    mask = sc.give(s, 0, "MAY23")
    sc.run_solstice(s, "MAY1A")
    assert sc.options(s) == [0, 1]
    sc.option(s, 0)
    sc.pick(s, "MAY23")
    assert s["zone"][mask] == Z_DISCARD and s["zone"][city] == Z_PLAY


@pytest.mark.rule("C4.MAY", "I12", "I10.3")
def test_popol_vuh_garrisons_unrest_for_materials_and_returns_two_with_a_headpiece_for_fame():
    s = sc.ready(MAYANS, pool=(3, 0, 0, 0))
    book = sc.give(s, 0, "MAY4", Z_PLAY)
    pile = int(s["unrest_size"])
    sc.run_solstice(s, "MAY4")
    sc.yes(s)
    sc.yes(s)
    sc.no(s)
    under = [c for c in range(K.N_RECORDS) if s["zone"][c] == Z_GARRISON and s["host"][c] == book]
    assert len(under) == 2 and s["unrest_size"] == pile - 2 and s["pool"][0, MAT] == 1

    sc.give(s, 0, "MAY23")  # a Stone Mask cannot pay
    assert A.CARD + book not in sc.legal(s)
    headpiece = sc.give(s, 0, "MAY8")
    fame = int(s["fame_pile"][s["fame_size"] - 1])
    sc.act(s, A.CARD + book)
    assert sc.cards(s) == [headpiece]
    sc.pick(s, "MAY8")
    for c in under:
        sc.act(s, A.CARD + c)
    assert s["unrest_size"] == pile and s["actions"][0] == 2
    assert s["zone"][fame] == Z_HAND and s["zone"][fame] != Z_FAME_PILE


@pytest.mark.rule("C4.MAY", "I6.7")
def test_pok_ta_pok_acquires_civilised_only_when_a_discarded_mask_is_not_a_stone_mask():
    s = sc.ready(MAYANS)
    sc.give(s, 0, "MAY19", Z_PLAY)
    sc.give(s, 0, "MAY23")
    sc.give(s, 0, "MAY24")
    sc.play(s, "MAY19")
    assert s["dec"] == DEC_CHOOSE and sc.options(s) == [0]  # two Stone Masks: UNC only

    s = sc.ready(MAYANS)
    sc.give(s, 0, "MAY19", Z_PLAY)
    sc.give(s, 0, "MAY23")
    headpiece = sc.give(s, 0, "MAY9")
    sc.play(s, "MAY19")
    assert sc.options(s) == [0, 1]
    sc.option(s, 1)
    sc.pick(s, "MAY23")
    assert sc.cards(s) == [headpiece]  # the last discard must be the one not named Stone Mask
    sc.pick(s, "MAY9")
    slots = [a - A.MARKET for a in sc.legal(s)]
    assert slots and all(K.SUITS[int(s["market"][k])] & (1 << int(D.Suit.CIV)) for k in slots)  # CIV
    sc.act(s, A.MARKET + slots[0])
    assert s["actions"][0] == 2


@pytest.mark.rule("C4.MAY")
def test_road_networks_reach_tributaries_only_with_a_mask_that_is_not_a_stone_mask():
    s = sc.ready(MAYANS)
    sc.give(s, 0, "MAY22", Z_PLAY)
    stone = sc.give(s, 0, "MAY23")
    sc.play(s, "MAY22")
    assert sc.options(s) == [0]
    sc.option(s, 0)
    assert sc.cards(s) == [stone]

    s = sc.ready(MAYANS)
    sc.give(s, 0, "MAY22", Z_PLAY)
    sc.give(s, 0, "MAY23")
    turquoise = sc.give(s, 0, "MAY5")
    sc.play(s, "MAY22")
    assert sc.options(s) == [0, 1]
    sc.option(s, 1)
    assert sc.cards(s) == [turquoise]


@pytest.mark.rule("C4.MAY", "I12")
def test_patolli_is_free_and_exiles_a_revealed_pinned_card_or_adds_it_with_an_unrest():
    for pinned in (True, False):
        s = sc.ready(MAYANS, pool=(1, 0, 0, 0))
        top = _main_top(s, pinned)
        fodder = [sc.give(s, 0, "MAY23"), sc.give(s, 0, "MAY24")]
        sc.give(s, 0, "MAY15")
        before = {c for c in range(K.N_RECORDS) if s["zone"][c] == Z_DISCARD and s["owner"][c] == 0}
        sc.play(s, "MAY15")
        for c in fodder:
            sc.act(s, A.CARD + c)
        assert s["phase"] == PH_ACTIVATE and s["actions"][0] == 3  # a free action
        assert s["pool"][0, MAT] == 0
        added = {c for c in range(K.N_RECORDS) if s["zone"][c] == Z_DISCARD and s["owner"][c] == 0} - before
        added -= set(fodder) | {sc.card("MAY15")}
        if pinned:
            assert s["zone"][top] == Z_EXILE and s["pool"][0, GDS] == 1 and not added
        else:
            assert top in added and len(added) == 2 and s["pool"][0, GDS] == 0
            (unrest,) = added - {top}
            assert K.SUITS[unrest] & (1 << int(D.Suit.UNREST))  # the other card is an unrest


@pytest.mark.rule("C4.MAY", "I7.4")
def test_advanced_mathematics_adds_a_hand_card_and_pays_progress_for_an_empty_hand():
    s = sc.ready(MAYANS)
    limit = Z.hand_limit(s, 0)
    sc.give(s, 0, "MAY17", Z_PLAY)
    assert Z.hand_limit(s, 0) == limit + 1
    sc.act(s, A.END)  # the empty hand at the start of cleanup
    assert s["pool"][0, PRG] == 1

    s = sc.ready(MAYANS)
    sc.give(s, 0, "MAY17", Z_PLAY)
    sc.give(s, 0, "MAY23")
    sc.act(s, A.END)
    assert s["pool"][0, PRG] == 0


@pytest.mark.rule("C4.MAY", "I12")
def test_king_pakal_is_a_free_action_with_palenque_and_acquires_up_to_twice():
    s = sc.ready(MAYANS)
    pakal = sc.give(s, 0, "MAY2")
    assert not turn.plays_free(s, pakal)
    sc.give(s, 0, "MAY14", Z_PLAY)
    assert turn.plays_free(s, pakal)
    hand = len(sc.hand(s, 0))
    sc.play(s, "MAY2")
    for _ in range(2):
        sc.yes(s)
        sc.act(s, sc.legal(s)[0])  # a market card
    assert s["phase"] == PH_ACTIVATE and s["actions"][0] == 3
    assert s["zone"][pakal] == Z_HISTORY and len(sc.hand(s, 0)) >= hand + 1  # two cards (and their unrest)


@pytest.mark.rule("C4.MAY", "I12")
def test_mayan_traders_give_a_mask_and_the_receiver_takes_an_unrest():
    s = sc.ready(MAYANS)
    Z.flip_state(s, 0)
    sc.give(s, 0, "MAY14", Z_PLAY)
    sc.give(s, 0, "MAY6")
    mask = sc.give(s, 0, "MAY23")
    other = len(sc.hand(s, 1))
    sc.play(s, "MAY6")
    assert s["pool"][0, GDS] == 1  # one city
    sc.pick(s, "MAY23")
    assert s["zone"][mask] == Z_HAND and s["owner"][mask] == 1
    assert len(sc.hand(s, 1)) == other + 2  # the mask and an unrest


@pytest.mark.rule("C4.MAY", "I8.9")
def test_fine_featherwork_puts_a_mask_into_history_and_develops_a_headpiece_into_hand():
    s = sc.ready(MAYANS, pool=(2, 0, 0, 0))
    sc.give(s, 0, "MAY11", Z_PLAY)
    mask = sc.give(s, 0, "MAY23")
    sc.play(s, "MAY11")
    sc.yes(s)
    sc.pick(s, "MAY23")
    sc.yes(s)
    assert sc.cards(s) == sorted(sc.card(h) for h in HEADPIECES)  # only cards named Headpiece
    sc.pick(s, "MAY8")
    assert s["zone"][mask] == Z_HISTORY and s["zone"][sc.card("MAY8")] == Z_HAND
    assert s["pool"][0, MAT] == 0 and s["zone"][sc.card("MAY3")] == Z_DEVELOPMENT


@pytest.mark.rule("C4.MAY", "I5.8")
def test_halach_uinic_gains_an_exhaust_token_per_city():
    s = sc.ready(MAYANS)
    for rid in ("MAY14", "MAY16"):
        sc.give(s, 0, rid, Z_PLAY)
    tokens = int(s["exhaust_tokens"][0])
    sc.give(s, 0, "MAY27")
    sc.play(s, "MAY27")
    if s["phase"] != PH_ACTIVATE:
        sc.no(s)  # keep the nation card where it is
    assert s["exhaust_tokens"][0] == tokens + 2


@pytest.mark.rule("C4.MAY", "I5.8")
def test_mayan_writing_returns_the_token_of_another_card_never_its_own():
    s = sc.ready(MAYANS)
    sc.give(s, 0, "MAY13", Z_PLAY)
    sc.play(s, "MAY13")
    assert s["dec"] == DEC_CHOOSE and 0 not in sc.options(s)  # no other card holds a token
    s = sc.ready(MAYANS)
    writing = sc.give(s, 0, "MAY13", Z_PLAY)
    city = sc.give(s, 0, "MAY16", Z_PLAY)
    sc.act(s, A.CARD + city)
    sc.option(s, 1)  # Tikal: gain 1 pop
    tokens = int(s["exhaust_tokens"][0])
    sc.act(s, A.CARD + writing)
    sc.option(s, 0)
    assert sc.cards(s) == [city]
    sc.act(s, A.CARD + city)
    assert s["exhausted"][city] == 0 and s["exhausted"][writing] == 1
    assert s["exhaust_tokens"][0] == tokens  # one spent on Writing, one back from Tikal
