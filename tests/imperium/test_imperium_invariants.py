"""The Imperium invariant checker (envs/imperium/invariants.py): a sound game passes it after
every decision, and each invariant, broken by hand in a real mid-game state, is the one it
reports -- so a checker that missed one would fail here."""

from __future__ import annotations

import numpy as np
import pytest

from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import engine
from meeplegym.envs.imperium import invariants as inv
from meeplegym.envs.imperium.state import PH_EFFECT, Z_GARRISON, Z_HAND


def _mid_game(decisions=150, seed=8):
    """A real 3-player state between decisions of a turn, no program running."""
    states = engine.new_game(3, seed, trade_routes=True)
    words = engine.random_words([seed])
    engine.play_random(states, words, decisions, np.zeros(1, np.int64))
    while states[0]["phase"] == PH_EFFECT:
        engine.play_random(states, words, 1, np.zeros(1, np.int64))
    assert not states[0]["terminal"]
    return states


def _first(s, zone, owner=None):
    return next(c for c in range(K.N_RECORDS) if s["zone"][c] == zone and (owner is None or s["owner"][c] == owner))


def _b_face(s):
    s["zone"][next(c for c in range(K.N_RECORDS) if K.PHYSICAL[c] != c)] = Z_HAND


def _table_order(s):
    s["table_cards"][[0, 1]] = s["table_cards"][[1, 0]]


def _draw_zone(s):
    s["zone"][s["draw_pile"][1, 0]] = Z_HAND


def _nation_twice(s):
    s["nation_deck"][0, 1] = s["nation_deck"][0, 0]


def _main_short(s):
    s["main_size"] -= 1


def _unrest_long(s):
    s["unrest_pile"][s["unrest_size"]] = s["unrest_pile"][0]
    s["unrest_size"] += 1


def _small_short(s):
    s["small_size"][0] -= 1


def _market_slot(s):
    slot = int(np.flatnonzero(s["market"] >= 0)[0])
    s["pile_index"][s["market"][slot]] = (slot + 1) % len(s["market"])


def _small_pile_index(s):
    """A card listed in small pile k that says it lies in another pile (issue 47's fuzzer found it)."""
    k = int(np.flatnonzero(s["small_size"] > 0)[0])
    s["pile_index"][s["small_pile"][k, 0]] = (k + 1) % len(s["small_size"])


def _market_count(s):
    s["market"][int(np.flatnonzero(s["market"] >= 0)[0])] = -1


def _pool(s):
    s["pool"][2, 1] = -1


def _tokens(s):
    s["exhaust_tokens"][1] = -1


def _card_res(s):
    s["card_res"][_first(s, Z_HAND), 0] = -1


def _garrison(s):
    c = _first(s, Z_HAND)
    s["zone"][c] = Z_GARRISON
    s["host"][c] = -1


def _king_of_kings(s):
    s["fame_pile"][[0, 1]] = s["fame_pile"][[1, 0]]


def _program(s):
    s["depth"] = 1


def _players(s):
    s["n_players"] = 5


def _state_card(s):
    s["state_card"][1] = s["state_card"][0]  # seat 1 "shows" seat 0's card


CORRUPTIONS = [
    (_players, inv.N_PLAYERS), (_b_face, inv.B_FACE), (_table_order, inv.TABLE_LIST), (_draw_zone, inv.DRAW_PILE),
    (_nation_twice, inv.NATION_DECK), (_main_short, inv.MAIN_DECK), (_king_of_kings, inv.KING_OF_KINGS),
    (_unrest_long, inv.UNREST_PILE), (_small_short, inv.SMALL_PILES), (_small_pile_index, inv.SMALL_PILES),
    (_market_slot, inv.MARKET_SLOT),
    (_market_count, inv.MARKET_COUNT), (_pool, inv.POOL_NEGATIVE), (_tokens, inv.TOKENS_NEGATIVE),
    (_card_res, inv.CARD_RES_NEGATIVE), (_garrison, inv.GARRISON_HOST), (_program, inv.PROGRAM_OUTSIDE),
    (_state_card, inv.STATE_CARD),
]


@pytest.mark.parametrize("corrupt, code", CORRUPTIONS, ids=[inv.describe(c) for _, c in CORRUPTIONS])
def test_each_broken_invariant_is_reported(corrupt, code):
    states = _mid_game()
    where = np.zeros(2, np.int64)
    assert inv.check_at(states, 0, where) == inv.OK and inv.check(states[0]) == []
    corrupt(states[0])
    assert inv.check_at(states, 0, where) == code
    assert inv.check(states[0])[0].startswith(inv.VIOLATIONS[code].split("{")[0])


def test_the_seat_and_the_card_are_named():
    states = _mid_game()
    c = int(states[0]["draw_pile"][1, 0])
    _draw_zone(states[0])
    assert inv.explain(states[0]) == f"draw pile 1: its order and its cards' zones disagree ({K.RECORD_IDS[c]})"


def test_checked_play_reports_a_game_that_does_not_end():
    states = engine.new_game(2, 3)
    decisions, violations = np.zeros(1, np.int64), np.zeros(1, np.int64)
    inv.play_random_checked(states, engine.random_words([3]), 40, decisions, violations)
    assert decisions[0] == 40 and violations[0] == inv.NOT_FINISHED
    inv.play_random_checked(states, engine.random_words([3]), 100_000, decisions, violations)
    assert violations[0] == inv.OK and states[0]["terminal"]
