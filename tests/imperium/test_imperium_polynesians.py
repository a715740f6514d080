"""The Polynesians (C4.POL, I16): no history (a discarded card and an unrest instead), legends,
mana garrisoned under the Mana card and spent on development costs, the Isle-bound and Voyaging
state card (no draws and gained cards to the discard pile while Voyaging; back to Isle-bound by
playing a REG with #ocean), Aotearoa's last-card condition and fame card, Mana's EMP-free next
play, Outriggers, Waka Taua's "REG without #ocean", Islander Prosperity with Kumara and the
quick variant's random mana. Each test builds a position, plays actions by name and checks where
cards and resources went."""

from __future__ import annotations

import pytest

from meeplegym.envs.imperium import actions as A
from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import data as D
from meeplegym.envs.imperium import engine
from meeplegym.envs.imperium import effects as E
from meeplegym.envs.imperium.rules import choices
from meeplegym.envs.imperium.rules import zones as Z
from meeplegym.envs.imperium.state import (
    DEC_MANA,
    DEC_YESNO,
    GDS,
    MAT,
    PH_ACTIVATE,
    PRG,
    Z_BOX,
    Z_DEVELOPMENT,
    Z_DISCARD,
    Z_GARRISON,
    Z_HAND,
    Z_HISTORY,
    Z_LEGENDS,
    Z_MARKET,
    Z_PLAY,
)
from tests.imperium import scenario as sc

POLYNESIANS = ("polynesians", "japanese")
MANA = sc.card("POL2")
STATE = sc.card("POL29A")
UNREST = 1 << int(D.Suit.UNREST)


def _ready(pool=(0, 0, 0, 0), side="B", nations=POLYNESIANS):
    return sc.ready(nations, pool=pool, power_sides=(side, "B"))


def _as_mana(s, *card_ids):
    for card_id in card_ids:
        Z.garrison(s, sc.card(card_id), MANA)


def _unrest_in_hand(s, p=0):
    return sum(1 for c in sc.hand(s, p) if K.SUITS[c] & UNREST)


def _voyaging(s):
    Z.flip_state(s, 0)
    assert choices.voyaging(s, 0)


@pytest.mark.rule("C4.POL", "I16", "I12")
def test_polynesians_have_no_history_a_card_is_discarded_with_an_unrest_and_kupe_goes_to_legends():
    s = _ready()
    oracle = sc.give(s, 0, "3TRI1")  # break through REG; may free-play an #ocean card; history this
    sc.play(s, "3TRI1")
    sc.until_activate(s)
    assert s["zone"][oracle] == Z_DISCARD and _unrest_in_hand(s) == 1
    assert all(s["zone"][c] != Z_HISTORY for c in range(K.N_RECORDS) if s["owner"][c] == 0)

    s = _ready()
    kupe = sc.give(s, 0, "POL3")  # develop, ...; flip; legends this (Kupe shows ISLE)
    for c in [c for c in range(K.N_RECORDS) if s["zone"][c] == Z_DEVELOPMENT and s["owner"][c] == 0]:
        Z.put(s, c, Z_BOX, -1)  # nothing to develop
    sc.play(s, "POL3")
    sc.until_activate(s)
    assert s["zone"][kupe] == Z_LEGENDS and s["owner"][kupe] == 0 and choices.voyaging(s, 0)


@pytest.mark.rule("C4.POL", "I16", "I12")
def test_mana_is_gained_from_the_hand_under_the_mana_card_and_discarded_for_goods_at_solstice():
    s = _ready(pool=(2, 0, 0, 0), side="A")
    card = sc.give(s, 0, "POL9")
    sc.pick(s, "POL1A")  # if Isle-bound: pay 2 mat => gain 1 mana
    sc.until_activate(s)
    assert s["zone"][card] == Z_GARRISON and s["host"][card] == MANA and choices.mana(s, 0) == 1
    assert s["pool"][0, MAT] == 0
    sc.run_solstice(s, "POL29A")  # choose: gain 1 mana | discard 1 mana => gain 1 gds
    sc.option(s, 1)
    sc.until_activate(s)
    assert s["zone"][card] == Z_DISCARD and choices.mana(s, 0) == 0 and s["pool"][0, GDS] == 1


@pytest.mark.rule("C4.POL", "I16")
def test_voyaging_draws_nothing_from_the_deck_and_gained_cards_go_to_the_discard_pile():
    s = _ready(pool=(0, 3, 0, 0))
    _voyaging(s)
    sc.give(s, 0, "POL9")  # Tattoos: draw a card from your deck or your discard pile
    sc.play(s, "POL9")
    assert sc.options(s) == [1]  # the deck is out of reach
    sc.option(s, 1)
    sc.until_activate(s)

    s = _ready(pool=(0, 3, 0, 0))
    _voyaging(s)
    gained = sc.to_market(s, 0, "3UNC9")
    sc.give(s, 0, "POL12")  # Tohunga: pay 2 pop => break through UNC
    sc.play(s, "POL12")
    sc.option(s, 0)
    sc.act(s, A.MARKET + 0)
    sc.until_activate(s)
    assert s["zone"][gained] == Z_DISCARD and s["owner"][gained] == 0


@pytest.mark.rule("C4.POL", "I16", "I5.6")
def test_playing_a_region_with_ocean_while_voyaging_gains_1_prg_and_turns_isle_bound_again():
    s = _ready()
    _voyaging(s)
    sc.give(s, 0, "POL4", Z_HAND)  # Aotearoa: REG with #ocean (VOY), no text when played
    sc.play(s, "POL4")
    sc.until_activate(s)
    assert s["pool"][0, PRG] == 1 and not choices.voyaging(s, 0) and s["face"][STATE] == 0


@pytest.mark.rule("C4.POL", "I16", "I9.5")
def test_voyaging_end_of_solstice_may_discard_the_hand_to_flip_and_draw():
    s = _ready()
    _voyaging(s)
    hand = [sc.give(s, 0, "POL9"), sc.give(s, 0, "POL24")]
    sc.run_solstice(s, "POL29B", trigger=E.TRIG_END_OF_SOLSTICE)
    assert s["dec"] == DEC_YESNO
    sc.yes(s)
    assert all(s["zone"][c] == Z_DISCARD for c in hand)
    assert not choices.voyaging(s, 0) and len(sc.hand(s, 0)) == 1


@pytest.mark.rule("C4.POL", "I16", "I8.4", "I10.1")
def test_development_costs_in_mana_are_paid_with_picked_mana_cards_and_aotearoa_waits_to_be_last():
    s = _ready()
    _as_mana(s, "POL9", "POL24", "POL25")
    s["deck_token"][0] = 0
    rarotonga = sc.card("POL7")  # discard 2 mana
    aotearoa = sc.card("POL4")  # legends 1 mana, only as the last development card
    assert choices._develop_ok(s, 0, rarotonga, False) and not choices._develop_ok(s, 0, aotearoa, False)
    sc.give(s, 0, "POL13")  # Nafanua: requires Overpopulation; may gain mana; develop; legends this
    sc.give(s, 0, "POL17", Z_PLAY)
    sc.play(s, "POL13")  # (no card in hand to gain as mana)
    assert A.CARD + aotearoa not in sc.legal(s)
    sc.pick(s, "POL7")
    assert s["dec"] == DEC_MANA and sorted(sc.cards(s)) == sorted(sc.card(c) for c in ("POL9", "POL24", "POL25"))
    sc.pick(s, "POL9")
    sc.pick(s, "POL25")
    assert s["zone"][sc.card("POL9")] == Z_DISCARD and s["zone"][sc.card("POL25")] == Z_DISCARD
    assert s["zone"][rarotonga] == Z_DISCARD and choices.mana(s, 0) == 1
    sc.until_activate(s)

    s = _ready()
    _as_mana(s, "POL9")
    for c in range(K.N_RECORDS):
        if s["zone"][c] == Z_DEVELOPMENT and s["owner"][c] == 0 and c != aotearoa:
            Z.put(s, c, Z_BOX, -1)
    fame = int(s["fame_pile"][s["fame_size"] - 1])
    sc.give(s, 0, "POL13")
    sc.give(s, 0, "POL17", Z_PLAY)
    sc.play(s, "POL13")
    sc.pick(s, "POL4")
    sc.pick(s, "POL9")  # the mana into legends
    sc.until_activate(s)
    assert s["zone"][sc.card("POL9")] == Z_LEGENDS and s["zone"][aotearoa] == Z_DISCARD
    assert s["zone"][fame] == Z_HAND and s["owner"][fame] == 0  # taken when developed
    assert s["game_end_triggered"]  # the last development card (I10.1)


@pytest.mark.rule("C4.POL", "I16", "I12")
def test_whakapapa_answers_cards_entering_legends_with_an_unrest_returned_for_3_mat():
    s = _ready(pool=(3, 1, 0, 0))
    sc.give(s, 0, "POL23", Z_PLAY)  # Whakapapa
    sc.give(s, 0, "POL5", Z_PLAY)  # Rapa Nui: may pay 1 pop and put 1 mana into legends => 1 prg
    _as_mana(s, "POL9")
    unrest = sc.give(s, 0, "POL26")
    sc.run_solstice(s, "POL5")
    sc.yes(s)
    sc.pick(s, "POL9")
    assert s["zone"][sc.card("POL9")] == Z_LEGENDS and s["pool"][0, PRG] == 1
    assert s["dec"] == DEC_YESNO  # Whakapapa: may pay 3 mat => return an unrest
    sc.yes(s)
    sc.until_activate(s)
    assert s["zone"][unrest] != Z_HAND and s["pool"][0, MAT] == 0


@pytest.mark.rule("C4.POL", "I16", "I5.4")
def test_mana_lets_the_next_card_played_ignore_its_emp_icon():
    s = _ready(pool=(0, 0, 0, 0))
    sc.give(s, 0, "3CIV13")  # EMP: pay 1 pop => gain an action (here: unplayable for lack of pop)
    temple = sc.give(s, 0, "3CIV1")  # EMP: gain 1 gds per player with a city
    assert A.CARD + temple not in sc.legal(s)
    sc.pick(s, "POL2")
    assert A.CARD + temple in sc.legal(s)
    sc.play(s, "3CIV1")
    sc.until_activate(s)
    assert not s["ignore_emp_next"][0]


@pytest.mark.rule("C4.POL", "I12")
def test_outriggers_treat_each_ocean_as_two_production_and_waka_taua_takes_a_region_without_ocean():
    s = _ready()
    sc.give(s, 0, "POL22", Z_PLAY)  # Outriggers
    for card_id in ("POL16", "POL20"):  # Tahiti, Tutuila: #ocean each
        sc.give(s, 0, card_id, Z_PLAY)
    before = Z.count_in_play(s, 0, 0, 1 << int(D.TypeIcon.PRODUCTION))
    sc.pick(s, "POL22")
    assert Z.count_in_play(s, 0, 0, 1 << int(D.TypeIcon.PRODUCTION)) == before + 4
    assert Z.count_in_play(s, 0, 0, 1 << int(D.TypeIcon.OCEAN)) == 0

    s = _ready(pool=(0, 3, 0, 0))
    ocean = sc.to_market(s, 0, "3REG2")
    plain = sc.to_market(s, 1, "3REG10")
    assert K.TYPES[ocean, int(D.TypeIcon.OCEAN)] and not K.TYPES[plain, int(D.TypeIcon.OCEAN)]
    sc.give(s, 0, "POL10")
    sc.play(s, "POL10")
    sc.option(s, 0)  # acquire REG without #ocean, and this card as mana
    assert A.MARKET + 0 not in sc.legal(s) and A.MARKET + 1 in sc.legal(s)
    sc.act(s, A.MARKET + 1)
    sc.until_activate(s)
    assert s["zone"][plain] == Z_HAND and s["zone"][ocean] == Z_MARKET
    assert s["zone"][sc.card("POL10")] == Z_GARRISON and choices.mana(s, 0) == 1


@pytest.mark.rule("C4.POL", "I12")
def test_kumara_makes_islander_prosperity_count_fertile_as_production():
    for kumara in (False, True):
        s = _ready()
        sc.give(s, 0, "POL7", Z_PLAY)  # Rarotonga: #fertile
        if kumara:
            sc.give(s, 0, "POL15", Z_PLAY)
        sc.give(s, 0, "POL25")
        sc.play(s, "POL25")
        while s["dec"] == DEC_YESNO:
            sc.no(s)  # nobody draws
        sc.option(s, 0)  # 1 mat per #production
        sc.until_activate(s)
        assert s["pool"][0, MAT] == (1 if kumara else 0)


@pytest.mark.rule("C4.POL", "I15.5")
def test_quick_polynesians_start_with_one_of_their_two_discarded_cards_as_mana():
    for seed in range(4):
        s = engine.new_game(2, seed, nations=["polynesians", "japanese"], quick=True)[0]
        under = [c for c in range(K.N_RECORDS) if s["zone"][c] == Z_GARRISON and s["host"][c] == MANA]
        assert len(under) == 1 and K.START[under[0]] == int(D.Start.NAT)
        assert s["phase"] != PH_ACTIVATE and choices.mana(s, 0) == 1
