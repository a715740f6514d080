"""The solo game against the automa (I14): its setup, its turn (the die, the slot cards resolved
top-down against its table), its keywords, its cleanup and reshuffles, the end of the game and
its score. The seed's worked example (a Mayan automa turn at Emperor, seed PT l.1360-1420) is
reproduced card by card."""

from __future__ import annotations

import numpy as np
import pytest

from meeplegym.envs.imperium import actions as A
from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import data as D
from meeplegym.envs.imperium import effects as E
from meeplegym.envs.imperium import engine
from meeplegym.envs.imperium import invariants, render
from meeplegym.envs.imperium.rules import automa as AU
from meeplegym.envs.imperium.rules.frames import FRAME_SYSTEM, push, take_unrest
from meeplegym.envs.imperium.rules.machine import run
from meeplegym.envs.imperium.rules import scoring, turn
from meeplegym.envs.imperium.rules import zones as Z
from meeplegym.envs.imperium.state import (
    AUTOMA_SEAT,
    DEC_REACT,
    MAT,
    PRG,
    Z_AUTOMA_SLOT,
    Z_DISCARD,
    Z_DRAW,
    Z_HISTORY,
    Z_MARKET,
    Z_NATION_DECK,
    Z_PLAY,
    Z_SET_ASIDE,
    Z_UNDER_MARKET,
    Z_UNREST_PILE,
)
from meeplegym.errors import InvalidOptionError
from tests.imperium import scenario as sc

AUTOMA = AUTOMA_SEAT


def solo(automa="mayans", nation="japanese", seed=0, **kw):
    return engine.new_game(1, seed, nations=[nation], automa=automa, **kw)[0]


def clear_automa_cards(s):
    """The automa's deck, discard pile and slots emptied (their cards set aside), so a test deals
    exactly the cards it needs."""
    for c in Z.table(s):
        if s["owner"][c] == AUTOMA and s["zone"][c] in (Z_DRAW, Z_DISCARD, Z_AUTOMA_SLOT):
            Z.put(s, c, Z_SET_ASIDE, -1)


def deal(s, slot_ids):
    for k, card_id in enumerate(slot_ids):
        if card_id is not None:
            Z.put_in_slot(s, sc.card(card_id), k)


def automa_turn(s, die_face):
    """The automa's whole turn with the die showing `die_face` (1-6), its cleanup, and on into
    the Solstice."""
    if turn.automa_turn(s, die_face - 1):
        turn._settle(s)
    turn.automa_plays(s)


def tuck(s, slot):
    """An unrest from the pile under market slot `slot`."""
    u = s["unrest_pile"][s["unrest_size"] - 1]
    Z.put(s, u, Z_UNDER_MARKET, -1)
    s["market_unrest"][slot] = u
    s["pile_index"][u] = slot
    return int(u)


# ---------------------------------------------------------------- setup (I14.1)
@pytest.mark.rule("I14.1")
def test_automa_setup_dynasty_pile_slots_and_headpieces():
    s = solo("mayans", seed=5)
    assert s["n_players"] == 1 and s["automa"] == AUTOMA and s["nation"][AUTOMA] == int(D.NationCode.MAY)
    dynasty = [int(c) for c in s["nation_deck"][AUTOMA, :s["nation_size"][AUTOMA]]]  # bottom first
    starts = [K.START[c] for c in dynasty]
    acc = starts.index(int(D.Start.ACC))
    assert all(x == int(D.Start.DEV) for x in starts[:acc]) and all(x == int(D.Start.NAT) for x in starts[acc + 1:])
    values = [AU.card_value(c) for c in dynasty[:acc]]
    assert values == sorted(values)  # the highest-valued development card just under the accession card
    headpieces = [c for c in Z.table(s) if K.RECORD_IDS[c] in ("MAY8", "MAY9", "MAY10")]
    assert len(headpieces) == 3 and all(s["zone"][c] == Z_SET_ASIDE and s["owner"][c] == AUTOMA for c in headpieces)
    slots = [int(c) for c in s["slot_card"]]
    assert all(c >= 0 for c in slots[:5]) and slots[5] == -1  # Emperor: markers 1-5 (I14.10)
    assert all(s["zone"][c] == Z_AUTOMA_SLOT and s["pile_index"][c] == k for k, c in enumerate(slots[:5]))
    deck = s["draw_size"][AUTOMA]
    starting = sum(1 for c in K.NATION_ROWS[int(D.NationCode.MAY), int(D.SetupPile.DRAW_DECK)] if c >= 0)
    assert deck + 5 == starting
    assert s["state_card"][AUTOMA] == -1 and s["actions"][AUTOMA] == 0 and s["exhaust_tokens"][AUTOMA] == 0
    assert list(s["pool"][AUTOMA]) == [0, 0, 0, 0]  # Emperor: no starting resources
    assert s["zone"][s["power_card"][AUTOMA]] == Z_PLAY


@pytest.mark.rule("I14.10")
def test_difficulty_sets_slots_and_starting_resources():
    chief = solo(difficulty="chieftain")
    assert [c >= 0 for c in chief["slot_card"]] == [True] * 4 + [False] * 2
    over = solo(difficulty="overlord")
    assert all(c >= 0 for c in over["slot_card"])
    assert list(over["pool"][AUTOMA]) == [3, 2, 1, 0]
    sup = solo(supreme_leader=True)
    assert sup["difficulty"] == list(D.DIFFICULTIES).index("overlord") and sup["supreme_leader"] == 1
    common = [int(c) for c in K.COMMON_UNREST if c >= 0]
    assert sum(sup["zone"][c] != 0 for c in common) == D.SUPREME_LEADER_UNREST  # I14.12: 10, not 8
    assert sum(over["zone"][c] != 0 for c in common) == D.SUPREME_LEADER_UNREST - 2


@pytest.mark.rule("I14.1")
@pytest.mark.rule("I14.3")
def test_inuit_automa_dynasty_order_and_summer_winter_slots():
    s = solo("inuit", seed=2)
    ids = [K.RECORD_IDS[c] for c in s["nation_deck"][AUTOMA, :s["nation_size"][AUTOMA]]]  # bottom first
    assert ids[0] == "INU15" and ids[-2:] == ["INU12", "INU11"]  # Kayaks; Imaq, then Nunavik on top
    middle = [sc.card(x) for x in ids[1:-2]]
    winter = [(K.STATES[c] >> int(D.StateIcon.BARB)) & 1 == 1 for c in middle]
    assert winter == [k % 2 == 0 for k in range(len(middle))] and winter[-1]  # alternating, Winter on top
    for state in (True, False):
        values = [AU.card_value(c) for c, w in zip(middle, winter) if w == state]
        assert values == sorted(values)
    assert AU.card_value(middle[-1]) == 3
    # Winter (the Barbarian side) first: its turn ends with every slot dealt and Summer up; a
    # Summer turn ends with tokens on slots 4-5 (Emperor): nothing is dealt there
    assert s["automa_side"] == 0
    clear_automa_cards(s)
    for c in [sc.card(x) for x in ("INU6", "INU7", "INU8", "INU9", "INU5", "INU4", "INU3")]:
        Z.put_on_draw_pile(s, AUTOMA, c)
    automa_turn(s, 6)
    assert s["automa_side"] == 1 and all(c >= 0 for c in s["slot_card"][:5])
    clear_automa_cards(s)
    for c in [sc.card(x) for x in ("INU6", "INU7", "INU8", "INU9", "INU5")]:
        Z.put_on_draw_pile(s, AUTOMA, c)
    automa_turn(s, 6)
    assert s["automa_side"] == 0 and [c >= 0 for c in s["slot_card"][:5]] == [True] * 3 + [False] * 2


@pytest.mark.rule("I14.1")
def test_martian_cryostasis_joins_the_dynasty_and_polynesians_have_no_development_cards_there():
    s = solo("martians", seed=1)
    assert s["zone"][sc.card("MRT23")] == Z_NATION_DECK
    p = solo("polynesians", seed=1)
    dynasty = [int(c) for c in p["nation_deck"][AUTOMA, :p["nation_size"][AUTOMA]]]
    assert K.START[dynasty[0]] == int(D.Start.ACC)
    assert p["zone"][sc.card("POL17")] != Z_DRAW and p["zone"][sc.card("POL2")] != Z_PLAY  # removed


def test_solo_options_are_checked():
    with pytest.raises(InvalidOptionError, match="difficulty"):
        solo(difficulty="tyrant")
    with pytest.raises(InvalidOptionError, match="own nation"):
        solo("mayans", nation="mayans")
    with pytest.raises(InvalidOptionError, match="not found"):
        solo("cultists")
    with pytest.raises(InvalidOptionError, match="Overlord"):
        solo(difficulty="emperor", supreme_leader=True)
    with pytest.raises(InvalidOptionError, match="solo"):
        engine.new_game(2, 0, automa="mayans")


# ---------------------------------------------------------------- the seed's worked example
def _example_table():
    """The position of the seed's example (PT l.1360-1420): the Mayan automa at Emperor with
    Caracol, a card, an unrest, a Stone Mask and Chultuns under slots 1-5, an empty deck and
    discard pile; Elders in the market ties on value with a card of 2 VP but carries a token."""
    s = solo("mayans", seed=2)
    clear_automa_cards(s)
    deal(s, ["MAY21", "MAY19", "MAY18", "MAY23", "MAY26"])
    sc.to_market(s, 0, "3CIV10")  # Couriers, 2 VP, no token
    sc.to_market(s, 1, "3REG8")  # Scrubland ("Matagal"), slot 2: the die's
    sc.to_market(s, 3, "3UNC3")  # Elders, 1 VP + 1 prg
    for slot in range(5):
        s["card_res"][s["market"][slot]] = 0
    s["card_res"][sc.card("3UNC3"), PRG] = 1
    elders_unrest = tuck(s, 3)
    for slot in (2, 4):
        c = s["market"][slot]
        if AU.market_value(s, c) >= 2:  # no other card may compete
            sc.to_market(s, slot, K.RECORD_IDS[_low_card(s)])
    return s, elders_unrest


def _low_card(s):
    """A main-deck card worth at most 1 to the automa."""
    for i in range(s["main_size"] - 1, -1, -1):
        c = int(s["main_deck"][i])
        if AU.card_value(c) <= 1:
            return c
    raise AssertionError("no low card")


@pytest.mark.rule("I14.3")
@pytest.mark.rule("I14.5")
def test_seed_worked_example_mayan_automa_turn_at_emperor():
    s, elders_unrest = _example_table()
    values = {slot: AU.market_value(s, s["market"][slot]) for slot in range(5)}
    assert values[0] == values[3] == 2 and max(values.values()) == 2
    covered, unrest, stone_mask = sc.card("MAY19"), sc.card("MAY18"), sc.card("MAY23")
    caracol, chultuns, elders = sc.card("MAY21"), sc.card("MAY26"), sc.card("3UNC3")
    scrubland = sc.card("3REG8")
    prg_on_scrubland = s["card_res"][scrubland, PRG]
    dynasty_top = int(s["nation_deck"][AUTOMA, s["nation_size"][AUTOMA] - 1])
    automa_turn(s, 2)  # the die shows 2: slot 2 is not resolved
    # slot 1, Caracol: the #city row, 1 mat, then the discard pile
    assert s["pool"][AUTOMA, MAT] == 1
    # slot 3, the unrest: returned to the unrest pile (the first row); from its top, the refill
    # of Elders' slot below tucks it under the new card unless that is a region (I3.13)
    assert s["zone"][unrest] in (Z_UNREST_PILE, Z_UNDER_MARKET) and s["owner"][unrest] == -1
    # slot 4, Stone Mask: its own row cannot be done (empty deck); the #mask row gains 1 prg.
    # slot 5, Chultuns: the pinned row puts that Stone Mask back on the deck to acquire Elders,
    # the tie on value broken by its token, which goes to the automa's pool; the unrest under
    # Elders follows it onto the deck; Chultuns goes into history
    assert s["pool"][AUTOMA, PRG] == 1 + 1
    assert s["zone"][chultuns] == Z_HISTORY and s["owner"][chultuns] == AUTOMA
    assert s["zone"][sc.card("3CIV10")] == Z_MARKET
    # cleanup: a prg on the die's market card, the covered card to slot 1, slots 2-4 dealt from
    # the deck (the unrest on top, then Elders, then Stone Mask), then the deck is empty: the top
    # dynasty card into the discard pile, reshuffled with Caracol, and slot 5 dealt from them
    assert s["card_res"][scrubland, PRG] == prg_on_scrubland + 1
    assert [int(c) for c in s["slot_card"][:4]] == [covered, elders_unrest, elders, stone_mask]
    assert s["slot_card"][4] in (caracol, dynasty_top)
    rest = dynasty_top if s["slot_card"][4] == caracol else caracol
    assert s["zone"][rest] == Z_DRAW and s["draw_size"][AUTOMA] == 1
    assert s["automa_side"] == 0  # the dynasty card was a nation card, not the accession card
    assert not invariants.check(s)


@pytest.mark.rule("I14.3")
def test_a_row_that_can_do_something_is_not_passed_over():
    """Stone Mask with cards in the deck resolves its own row (discard the top deck card) and
    not the #mask row below it (I14.3 2.5)."""
    s = solo("mayans", seed=2)
    clear_automa_cards(s)
    deal(s, ["MAY23"])
    Z.put_on_draw_pile(s, AUTOMA, sc.card("MAY22"))
    automa_turn(s, 6)
    assert s["pool"][AUTOMA, PRG] == 0  # the #mask row's prg was not gained


@pytest.mark.rule("I14.4")
def test_resolving_the_top_card_of_an_empty_deck_gains_2_prg():
    s = solo(None, seed=4)
    clear_automa_cards(s)
    row = _row_with_op(s, "resolve")
    assert row is not None
    push(s, -1, -1, row, FRAME_SYSTEM, AUTOMA)
    s["draw_size"][AUTOMA] = 0
    s["nation_size"][AUTOMA] = 0
    before = int(s["pool"][AUTOMA, PRG])
    turn._settle(s)
    assert s["pool"][AUTOMA, PRG] == before + D.AUTOMA_EMPTY_RESOLVE_PRG


def _row_with_op(s, name):
    """The first row of a program step `name` in the automa's table (either side)."""
    t, op = s["automa_table"], E.OP[name]
    for side in range(2):
        for k in range(E.AUTOMA_ROWS[t, side]):
            pc = E.AUTOMA_ENTRY[t, side, k]
            while E.CODE[pc][0] != 0:
                if E.CODE[pc][0] == op:
                    return pc
                pc += 1
    return None


# ---------------------------------------------------------------- keywords (I14.4-I14.5)
@pytest.mark.rule("I14.5")
def test_automa_exiles_the_lowest_market_card_without_tokens():
    s, _ = _example_table()
    clear_automa_cards(s)
    # a card answering the EMP row (7): exile a market card, gain 1 prg, history
    emp = next(c for c in Z.table(s) if s["owner"][c] == AUTOMA and s["zone"][c] == Z_NATION_DECK
               and AU.next_row(s["automa_table"], 0, c, -1) == 6)
    s["card_res"][s["market"][0], MAT] = 1  # slot 1 carries a token: slot 2 goes
    second = int(s["market"][1])
    deal(s, [K.RECORD_IDS[emp]])
    automa_turn(s, 6)
    assert s["zone"][second] == 5  # Z_EXILE
    assert s["zone"][emp] == Z_HISTORY


@pytest.mark.rule("I14.5")
def test_automa_acquires_the_best_market_card_onto_its_deck_with_its_unrest_above():
    """Halach Uinic answers only the Mayan "Other" row: acquire an UNC/CIV/REG. The automa takes
    the card worth most to it (ties: most tokens, then the lowest slot); the card goes on top of
    its deck and the unrest taken with it on top of that (I14.5 Gaining cards), so the cleanup
    deals the unrest to slot 1 and the card to slot 2."""
    s = solo("mayans", seed=6)
    clear_automa_cards(s)
    deal(s, ["MAY27"])
    wanted = (1 << int(D.Suit.UNC)) | (1 << int(D.Suit.CIV)) | (1 << int(D.Suit.REG))
    choices = [(AU.market_value(s, c), int(s["card_res"][c].sum()), -slot, int(c), int(s["market_unrest"][slot]))
               for slot, c in enumerate(s["market"]) if c >= 0 and K.SUITS[c] & wanted]
    *_, best, unrest = max(choices)
    automa_turn(s, 6)  # no slot 6 at Emperor: the die is set aside, every card resolves
    assert s["zone"][sc.card("MAY27")] == Z_HISTORY
    dealt = [int(c) for c in s["slot_card"][:2]]
    assert dealt == ([unrest, best] if unrest >= 0 else [best, dealt[1]])


@pytest.mark.rule("I14.5")
def test_automa_takes_an_unrest_on_its_deck_when_a_player_attacks_it():
    s = solo(None, seed=7)
    before = int(s["draw_size"][AUTOMA])
    u = take_unrest(s, AUTOMA)
    assert s["zone"][u] == Z_DRAW and s["draw_pile"][AUTOMA, s["draw_size"][AUTOMA] - 1] == u
    assert s["draw_size"][AUTOMA] == before + 1


@pytest.mark.rule("I14.5")
@pytest.mark.parametrize("defend", [True, False])
def test_automa_effects_on_you_are_attacks_your_defences_apply(defend):
    """The generic table's attack row (Conquer): "you take an unrest" is an attack whatever the
    card's icons, so Mounted Archers may avoid it (I14.5)."""
    s = solo("abbasids", nation="magyars", trade_routes=True, seed=5)
    clear_automa_cards(s)
    archers = sc.give(s, 0, "MAG15", Z_PLAY)
    deal(s, ["ABB20"])
    held = sum(1 for c in Z.table(s) if s["owner"][c] == 0 and K.SUITS[c] & (1 << int(D.Suit.UNREST)))
    automa_turn(s, 6)
    assert s["dec"] == DEC_REACT and s["actor"] == 0 and sc.card("MAG15") in sc.cards(s)
    sc.act(s, A.CARD + archers if defend else A.END)
    now = sum(1 for c in Z.table(s) if s["owner"][c] == 0 and K.SUITS[c] & (1 << int(D.Suit.UNREST)))
    assert now - held == (0 if defend else 1)
    assert s["exhausted"][archers] == (1 if defend else 0)


@pytest.mark.rule("I14.7")
def test_king_of_kings_pays_the_automa_and_triggers_the_end():
    s = solo(None, seed=8)
    while Z.fame_cards_above_king(s) > 0:
        Z.put(s, s["fame_pile"][s["fame_size"] - 1], 5, -1)
    push(s, -1, -1, E.SYSTEM_TAKE_FAME, FRAME_SYSTEM, AUTOMA)
    s["after"] = turn.AFTER_SOLSTICE
    run(s)
    assert s["pool"][AUTOMA, PRG] == D.AUTOMA_KING_PRG[0] and s["game_end_triggered"] == 1
    assert s["zone"][K.KING_OF_KINGS] != Z_DRAW


# ---------------------------------------------------------------- with Trade Routes (I14.1 9, I14.3 3, I14.5-I14.6)
def _trade_step(s):
    """The `trade` step of the Merchant side's turn-end line."""
    pc = int(E.AUTOMA_MERCHANT_END[0])
    while E.CODE[pc][0] != E.OP["trade"]:
        pc += 1
    return pc


@pytest.mark.rule("I14.1")
def test_automa_with_trade_routes_has_a_merchant_and_gds_for_prg():
    s = solo(trade_routes=True, difficulty="sovereign", seed=3)
    m = s["merchant"][AUTOMA]
    assert m >= 0 and s["zone"][m] == Z_PLAY and s["owner"][m] == AUTOMA and s["face"][m] == 0
    assert list(s["pool"][AUTOMA]) == [3, 2, 0, 1]


@pytest.mark.rule("I14.5")
@pytest.mark.rule("I14.6")
def test_automa_trades_on_the_fullest_route_its_own_first_and_uses_its_commerce_line():
    s = solo("mayans", trade_routes=True, seed=3)
    mine, yours = sc.card("3TRO2"), sc.card("3TRO8")  # Lapis Lazuli Trade (the automa's), Andes Highway (yours)
    Z.put(s, mine, Z_PLAY, AUTOMA)
    Z.put(s, yours, Z_PLAY, 0)
    s["card_res"][mine, 3] = 1
    s["card_res"][yours, 3] = 2
    before = s["pool"][AUTOMA].copy()
    push(s, -1, -1, _trade_step(s), FRAME_SYSTEM, AUTOMA)
    s["after"] = turn.AFTER_SOLSTICE
    run(s)
    # yours holds more gds: 1 more on it, 1 gds for the automa, and Andes Highway's automa
    # Commerce line (2 pop, 1 prg), not its printed text
    assert s["card_res"][yours, 3] == 3 and s["card_res"][mine, 3] == 1
    assert list(s["pool"][AUTOMA] - before) == [0, 2, 1, 1]
    s["card_res"][yours, 3] = 1  # a tie: the automa's own route, Lapis Lazuli's line (acquire a TRI or 4 mat)
    before = s["pool"][AUTOMA].copy()
    push(s, -1, -1, _trade_step(s), FRAME_SYSTEM, AUTOMA)
    run(s)
    turn.automa_plays(s)
    assert s["card_res"][mine, 3] == 2 and s["card_res"][yours, 3] == 1
    assert s["pool"][AUTOMA, 3] == before[3]


@pytest.mark.rule("I14.4")
def test_a_trade_route_in_a_slot_is_played_and_triggered():
    s = solo("mayans", trade_routes=True, seed=4)
    clear_automa_cards(s)
    andes = sc.card("3TRO8")
    deal(s, ["3TRO8"])
    for slot in range(5):  # no trade route to acquire at the turn's end
        if K.SUITS[s["market"][slot]] & (1 << int(D.Suit.TROUTE)):
            sc.to_market(s, slot, K.RECORD_IDS[_low_card(s)])
    before = s["pool"][AUTOMA].copy()
    automa_turn(s, 6)
    assert s["zone"][andes] == Z_PLAY and s["owner"][andes] == AUTOMA  # it stays in play (I14.4 Play)
    # Andes Highway's automa line (2 pop, 1 prg) when played; then the Merchant's turn-end line
    # (I14.3 3): nothing to acquire, no 5 gds, no full route: Trade, on Andes Highway, its line again
    assert s["card_res"][andes, 3] == 1
    assert list(s["pool"][AUTOMA] - before) == [0, 4, 2, 0]


# ---------------------------------------------------------------- cleanup, flip, end, score
@pytest.mark.rule("I14.3")
def test_accession_card_entering_the_discard_flips_the_automa():
    s = solo("mayans", seed=9)
    clear_automa_cards(s)
    acc = sc.card("MAY2")
    while s["nation_deck"][AUTOMA, s["nation_size"][AUTOMA] - 1] != acc:
        Z.put(s, s["nation_deck"][AUTOMA, s["nation_size"][AUTOMA] - 1], Z_SET_ASIDE, -1)
    deal(s, ["MAY22"])
    automa_turn(s, 6)  # slot 1 resolves; cleanup refills from an empty deck: the accession card
    assert s["automa_side"] == 1
    assert s["zone"][acc] in (Z_DRAW, Z_AUTOMA_SLOT)


@pytest.mark.rule("I14.3")
def test_warlord_discards_after_refill_and_chieftain_sets_the_die_aside_on_5():
    s = solo(difficulty="warlord", seed=3)
    clear_automa_cards(s)
    for card_id in ("MAY19", "MAY22", "MAY26", "MAY27", "MAY21"):  # MAY19 at the bottom
        Z.put_on_draw_pile(s, AUTOMA, sc.card(card_id))
    automa_turn(s, 5)  # no slot 5 at Warlord: the die is set aside
    assert [int(c) for c in s["slot_card"][:4]] == [sc.card(x) for x in ("MAY21", "MAY27", "MAY26", "MAY22")]
    assert s["zone"][sc.card("MAY19")] == Z_DISCARD  # the top deck card after the refill
    chief = solo(difficulty="chieftain", seed=3)
    slot5_market = int(chief["market"][4])
    res = chief["card_res"][slot5_market].copy()
    automa_turn(chief, 5)
    assert (chief["card_res"][slot5_market] == res).all() or chief["market"][4] != slot5_market


@pytest.mark.rule("I14.8")
def test_empty_dynasty_pile_triggers_the_end():
    s = solo("mayans", seed=10)
    clear_automa_cards(s)
    while s["nation_size"][AUTOMA] > 1:
        Z.put(s, s["nation_deck"][AUTOMA, s["nation_size"][AUTOMA] - 1], Z_SET_ASIDE, -1)
    automa_turn(s, 6)
    assert s["nation_size"][AUTOMA] == 0 and s["game_end_triggered"] == 1


@pytest.mark.rule("I14.9")
def test_automa_score_and_ties_go_to_the_automa():
    s = solo("mayans", seed=11)
    s["pool"][AUTOMA] = [7, 4, 3, 1]  # 3 prg; 7 + 4 + 5 (the gds) = 16: 1 VP
    cards = sum(AU.card_value(c) for c in Z.table(s) if s["owner"][c] == AUTOMA
                and s["zone"][c] in AU.SCORED_ZONES and c != s["power_card"][AUTOMA])
    assert AU.score(s) == 3 + 1 + cards
    human = scoring.score(s, 0)
    s["pool"][AUTOMA, PRG] += human - AU.score(s)  # a tie
    assert AU.score(s) == human and scoring.automa_won(s)
    s["pool"][AUTOMA, PRG] -= 1
    assert not scoring.automa_won(s)
    s["collapsed"] = 1
    assert scoring.automa_won(s)  # a collapse is the player's loss (I14.8)


@pytest.mark.rule("I14.2")
def test_solo_games_through_the_env_end_with_the_players_result():
    """Random solo games through the AEC env, with and without Trade Routes: one agent, the
    automa's turns played inside the env's steps, and a result whichever seat moved last."""
    from meeplegym.envs import imperium_v0

    rng = np.random.default_rng(0)
    for seed in range(4):
        env = imperium_v0.env(num_players=1, trade_routes=seed % 2 == 1, difficulty="warlord")
        env.reset(seed=seed)
        assert env.possible_agents == ["player_0"]
        for agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        raw = env.unwrapped
        s = raw._state[0]
        assert raw.ranks() == [1 if scoring.automa_won(s) else 0]
        text = render.render_text(s)
        assert ("The automa wins." in text) == bool(scoring.automa_won(s)) and "slots [" in text
