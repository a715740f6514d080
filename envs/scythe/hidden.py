"""Determinization: resample every fact of a Scythe state that one seat cannot see (S0.10).

``determinize(s, seat, words, i)`` rewrites, in place, what is hidden from ``seat`` with a fresh
sample that agrees with everything the seat sees (exactly what ``encoders.scythe.encode`` shows
it), drawing only from the generator word ``words[i]`` held outside the state:

- **combat cards**: the cards the seat has not seen (the 42 minus its own hand, its own
  committed battle cards, the discard pile and any revealed battle cards) are shuffled and dealt
  back: each opponent keeps its hand size, the deck keeps its size and its new order is random;
- **a battle's secret commitments**: an opponent's dial and cards already committed but not yet
  revealed are redrawn legally (dial 0..min(7, power), up to its card limit out of the cards it
  is seen to hold); commitments not yet made stay empty;
- **objectives**: every objective card the seat does not hold is dealt anew to the opponents'
  hands and to every place in the objective deck (the discarded ones at its bottom too: the seat
  is shown only its own objectives, and no rule reads a discarded card again);
- **the Factory**: the face-down cards still at the Factory are redealt from the cards no player
  holds face up, unless the seat has seen them (it holds a factory card, so it looked at the
  pool, or it is choosing one now);
- **the encounter deck**: the cards not yet drawn are shuffled (drawn ones sit at the bottom);
- **the state's own generator word** ``rng`` is replaced, so later chance differs too.

Opponents' coin totals are private in observations (S0.10) but follow from public actions, so a
seat that remembers the game knows them: they are kept.

Every pool is built from what the seat sees (e.g. the unseen combat cards are the full deck minus
the seen ones, not the opponents' actual hands) and put in an order the seat can name before it
is shuffled, so the sample depends only on the seat's view and the generator word: resampling a
resampled state with the same word gives the same state (the search bot relies on this).
"""

import sys

import numpy as np

from meeplegym import rng
from meeplegym.envs.scythe.state import (
    COMBAT_DECK,
    HAS_ENCOUNTER,
    MAX_DIAL,
    MIN_CARD_VALUE,
    N_CARD_VALUES,
    N_COMBAT_CARDS,
    N_ENCOUNTER_CARDS,
    N_FACTORY_CARDS,
    N_OBJECTIVE_CARDS,
    N_TERRITORIES,
    PH_ARTILLERY,
    PH_CARDS,
    PH_DIAL,
    PH_FACTORY_PICK,
)
from meeplegym.game_kernels import hidden_kernels
from meeplegym.jit import kernel


def _composition():
    counts = np.zeros(N_CARD_VALUES, dtype=np.int64)
    for v in COMBAT_DECK:
        counts[v - MIN_CARD_VALUE] += 1
    return counts


CARD_COUNTS = _composition()  # copies of each value in the whole combat deck (D6)


UNSAMPLEABLE = "the state does not conserve its combat cards or objective cards"  # why determinize returned False


@kernel
def battle_side_of(s, q):
    """0 or 1 when seat q fights the battle in progress, else -1."""
    if s["battle_loc"] < 0:
        return -1
    if q == s["current"]:
        return 0
    if q == s["battle_defender"]:
        return 1
    return -1


@kernel
def hidden_commitment(s, side):
    """Has `side` of the battle in progress committed a dial (and perhaps cards) that is not
    revealed yet? Steps (rules/combat.py): attacker dial 2, cards 3; defender dial 4, cards 5;
    the reveal at 6 happens without a decision, so commitments are hidden only while a
    pre-combat, dial or card decision is pending."""
    ph = s["phase"]
    if s["battle_loc"] < 0 or not (ph == PH_ARTILLERY or ph == PH_DIAL or ph == PH_CARDS):
        return False
    return s["battle_step"] > (2 if side == 0 else 4)


@kernel
def visible_hand_size(s, q):
    """How many combat cards seat q is seen to hold: its hand plus cards it put face down in
    the battle in progress (others cannot tell them apart until the reveal)."""
    held = 0
    for v in range(N_CARD_VALUES):
        held += s["hand"][q, v]
    side = battle_side_of(s, q)
    if side >= 0 and hidden_commitment(s, side):
        for v in range(N_CARD_VALUES):
            held += s["battle_cards"][side, v]
    return held


@kernel
def _resample_cards(s, seat, words, i):
    n = s["n_players"]
    unseen = CARD_COUNTS.copy()
    for v in range(N_CARD_VALUES):
        unseen[v] -= s["hand"][seat, v] + s["discard"][v]
    for side in range(2):
        q = s["current"] if side == 0 else s["battle_defender"]
        if s["battle_loc"] >= 0 and (q == seat or not hidden_commitment(s, side)):
            for v in range(N_CARD_VALUES):
                unseen[v] -= s["battle_cards"][side, v]  # own or revealed: seen
    pool = np.empty(N_COMBAT_CARDS, dtype=np.int8)
    m = 0
    for v in range(N_CARD_VALUES):
        for _ in range(unseen[v]):
            pool[m] = v + MIN_CARD_VALUE
            m += 1
    rng.shuffle_at(pool, m, words, i)
    k = 0
    for q in range(n):
        if q == seat:
            continue
        total = visible_hand_size(s, q)
        side = battle_side_of(s, q)
        committed = 0
        if side >= 0 and hidden_commitment(s, side):
            # the dial was set before any power changed hands, so the same bound applies
            s["dial"][side] = rng.below_at(words, i, min(MAX_DIAL, s["power"][q]) + 1)
            cards_stage = s["battle_step"] >= (3 if side == 0 else 5)
            if cards_stage:
                committed = rng.below_at(words, i, min(s["card_limit"][side], total) + 1)
            s["battle_cards"][side, :] = 0
            for _ in range(committed):
                s["battle_cards"][side, pool[k] - MIN_CARD_VALUE] += 1
                k += 1
        s["hand"][q, :] = 0
        for _ in range(total - committed):
            s["hand"][q, pool[k] - MIN_CARD_VALUE] += 1
            k += 1
    size = s["deck_size"]
    s["deck"][:] = 0
    for j in range(size):
        s["deck"][j] = pool[k]
        k += 1
    return k == m  # every unseen card dealt exactly once


@kernel
def _resample_objectives(s, seat, words, i):
    """Every objective card the seat does not hold goes into one pool, dealt to the opponents'
    held slots and to every place in the deck, discarded ones included: the seat is shown only
    its own objectives, and no rule reads a discarded card again."""
    n = s["n_players"]
    size = s["objective_deck_size"]
    known = np.zeros(N_OBJECTIVE_CARDS, dtype=np.int8)
    for k in range(2):
        if s["objectives"][seat, k] >= 0:
            known[s["objectives"][seat, k]] = 1
    pool = np.empty(N_OBJECTIVE_CARDS, dtype=np.int8)
    m = 0
    for c in range(N_OBJECTIVE_CARDS):
        if known[c] == 0:
            pool[m] = c
            m += 1
    rng.shuffle_at(pool, m, words, i)
    k = 0
    for q in range(n):
        if q == seat:
            continue
        for slot in range(2):
            if s["objectives"][q, slot] >= 0:
                s["objectives"][q, slot] = pool[k]
                k += 1
    for j in range(size):
        s["objective_deck"][j] = pool[k]
        k += 1
    return k == m


@kernel
def _resample_factory(s, seat, words, i):
    if s["factory_card"][seat] >= 0 or (s["phase"] == PH_FACTORY_PICK and s["actor"] == seat):
        return  # the seat has looked at the cards still there
    taken = np.zeros(N_FACTORY_CARDS, dtype=np.int8)
    for q in range(s["n_players"]):
        if s["factory_card"][q] >= 0:
            taken[s["factory_card"][q]] = 1  # face up (S16.4)
    pool = np.empty(N_FACTORY_CARDS, dtype=np.int8)
    m = 0
    for c in range(N_FACTORY_CARDS):
        if taken[c] == 0:
            pool[m] = c
            m += 1
    rng.shuffle_at(pool, m, words, i)
    k = 0
    for j in range(s["factory_pool"].shape[0]):
        if s["factory_pool"][j] >= 0:
            s["factory_pool"][j] = pool[k]
            k += 1


@kernel
def _resample_encounters(s, words, i):
    drawn = 0
    for t in range(N_TERRITORIES):
        if HAS_ENCOUNTER[t] == 1 and s["encounter_token"][t] == 0:
            drawn += 1  # each drawn card went to the bottom (S15.5)
    rest = N_ENCOUNTER_CARDS - drawn
    tail = s["encounter_deck"][drawn:]
    tail.sort()  # the cards left are known, their order is not: start from one the seat can name
    rng.shuffle_at(tail, rest, words, i)


@kernel
def determinize(s, seat, words, i):
    """Resample in place every fact of record `s` hidden from `seat` (see the module doc).
    Returns False only if the state broke card conservation (then it is left half-sampled)."""
    ok = _resample_cards(s, seat, words, i)
    ok = _resample_objectives(s, seat, words, i) and ok
    _resample_factory(s, seat, words, i)
    _resample_encounters(s, words, i)
    s["rng"] = rng.fresh_word_at(words, i)
    return ok


determinize_at, determinized = hidden_kernels(sys.modules[__name__], __name__)
