"""Determinization: resample every fact of an Imperium state that one seat cannot see (I17).

``determinize(s, seat, words, i)`` rewrites, in place, what is hidden from ``seat`` with a fresh
sample that agrees with everything the seat sees (what ``encoders.imperium.encode`` shows it) and
with what it knows from watching the game (which cards each player owns), drawing only from the
generator word ``words[i]`` held outside the state:

- **each opponent's private cards**: its hand, draw pile, legends and garrisoned cards are one pool (the
  cards it owns that nobody sees), dealt back into the same places: the same hand size, draw
  pile size and number of face-down cards under each of its regions;
- **the seat's own draw pile** keeps its cards (the seat knows which) in a new order;
- **every nation deck** keeps its cards in a new order above the accession card, which stays at
  the bottom (I2: the deck is shuffled, the accession card beneath it);
- **the main deck and the region / uncivilised / civilised piles** are one pool: each small
  pile gets back as many cards of its own banner as it held (the face-up tributary at its
  bottom stays), and the main deck the rest, shuffled;
- **the fame pile** is redealt above King of Kings from the common fame cards not seen at the
  table: those in the pile and those trimmed from it unseen at setup (I3.7);
- **the unrest pile** is shuffled;
- **the solo automa's** deck and face-down slot cards are one pool, dealt back into the same
  places; its dynasty pile keeps its order up to the face-up accession card, the nation cards
  above it (shuffled face down, I14.1 5) in a new order;
- **the state's own generator word** ``rng`` is replaced, so later chance differs too.

Every pool is sorted before it is shuffled and the places are listed in an order the seat can
see, so the sample depends only on what the seat knows and on ``words[i]``: two states that
differ only in hidden facts give the same sample. Cards a running program refers to (the card
whose text runs, the card a step just moved, the event's card, a picked card) stay where they
are, and so do the cards the seat is looking at for its pending pick (the top of the fame pile
or of the main deck, I12 Look); the cards an opponent's last draw brought follow the draw into
its new hand.
"""

from __future__ import annotations

import sys

import numpy as np

from meeplegym import programs as P
from meeplegym import rng
from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import data as D
from meeplegym.envs.imperium import effects as E
from meeplegym.envs.imperium.rules.choices import looked_fame_cards
from meeplegym.envs.imperium.rules.setup import in_game
from meeplegym.envs.imperium.rules.zones import _join_table, face_up_tributary, rec, table
from meeplegym.envs.imperium.state import (
    N_CARDS,
    N_SMALL_PILES,
    PH_EFFECT,
    Z_BOX,
    Z_DRAW,
    Z_FAME_PILE,
    Z_GARRISON,
    Z_HAND,
    Z_LEGENDS,
    Z_MAIN_DECK,
    Z_NATION_DECK,
    Z_SMALL_PILE,
    Z_UNREST_PILE,
    Z_AUTOMA_SLOT,
    AUTOMA_SLOTS,
)
from meeplegym.game_kernels import hidden_kernels
from meeplegym.jit import kernel, shell_kernel


# A place a hidden card can be dealt into: the card there now, and what a card put there gets.
P_OLD, P_ZONE, P_OWNER, P_HOST, P_PILE, P_SLOT = range(6)
ACCESSION = int(D.Start.ACC)
MAX_PLACES = 256


UNSAMPLEABLE = "the supply piles could not be redealt by banner"  # why determinize returned False


@kernel
def _add(places, n, old, zone, owner, host, pile, slot):
    places[n, P_OLD] = old
    places[n, P_ZONE] = zone
    places[n, P_OWNER] = owner
    places[n, P_HOST] = host
    places[n, P_PILE] = pile
    places[n, P_SLOT] = slot
    return n + 1


@kernel
def _sorted_olds(places, n, cards):
    """cards[:n] = the cards now in the places, ascending (the pool as a set)."""
    for k in range(n):
        c = places[k, P_OLD]
        j = k
        while j > 0 and cards[j - 1] > c:
            cards[j] = cards[j - 1]
            j -= 1
        cards[j] = c


@kernel
def _put(s, c, places, k, remap):
    """Deal card c into place k."""
    zone = places[k, P_ZONE]
    owner = places[k, P_OWNER]
    slot = places[k, P_SLOT]
    remap[places[k, P_OLD]] = c
    if s["zone"][c] == Z_BOX and zone != Z_BOX:
        _join_table(s, c)
    s["zone"][c] = zone
    s["owner"][c] = owner
    s["host"][c] = places[k, P_HOST]
    s["pile_index"][c] = places[k, P_PILE]
    if zone == Z_DRAW:
        s["draw_pile"][owner, slot] = c
    elif zone == Z_NATION_DECK:
        s["nation_deck"][owner, slot] = c
    elif zone == Z_MAIN_DECK:
        s["main_deck"][slot] = c
    elif zone == Z_SMALL_PILE:
        s["small_pile"][places[k, P_PILE], slot] = c
    elif zone == Z_FAME_PILE:
        s["fame_pile"][slot] = c
    elif zone == Z_UNREST_PILE:
        s["unrest_pile"][slot] = c
    elif zone == Z_AUTOMA_SLOT:
        s["slot_card"][places[k, P_PILE]] = c


@kernel
def _deal(s, places, n, words, i, remap, cards):
    """Shuffle the pool held by places[:n] and deal it back in place order."""
    _sorted_olds(places, n, cards)
    rng.shuffle_at(cards, n, words, i)
    for k in range(n):
        _put(s, cards[k], places, k, remap)


@kernel
def _pinned(s, seat):
    """Cards the running programs and events refer to, and the cards the seat is looking at for a
    pending pick: they stay where they are."""
    pinned = np.zeros(N_CARDS, dtype=np.bool_)
    for f in range(s["depth"]):
        for c in (s["fr_card"][f], s["fr_it"][f], s["fr_host"][f]):
            if 0 <= c < N_CARDS:
                pinned[c] = True
    for e in range(s["n_events"]):
        if 0 <= s["ev_card"][e] < N_CARDS:
            pinned[s["ev_card"][e]] = True
    if 0 <= s["op_sel"] < N_CARDS:
        pinned[s["op_sel"]] = True
    if s["phase"] == PH_EFFECT and s["depth"] > 0 and s["actor"] == seat:  # what its pending pick looks at
        row = E.CODE[s["fr_pc"][s["depth"] - 1]]
        if row[P.COL_OP] == E.OP_LOOK_FAME:  # Glory, Enriquillo (I12 Look)
            for j in range(max(1, s["fame_size"] - looked_fame_cards(s, s["depth"] - 1, row)), s["fame_size"]):
                pinned[s["fame_pile"][j]] = True
        elif row[P.COL_OP] == E.OP_FREE_PLAY and row[E.C_SRC] == E.SRC_MAIN:  # Welcoming's Profit
            for j in range(max(0, s["main_size"] - row[E.C_N]), s["main_size"]):
                pinned[s["main_deck"][j]] = True
    return pinned


@kernel
def _private_pool(s, q, pinned, places):
    """q's hand, draw pile, legends and garrisoned cards: draw pile by position, then the hand,
    the legends, then the garrisons by host (each a place the seat can see)."""
    n = 0
    for j in range(s["draw_size"][q]):
        c = s["draw_pile"][q, j]
        if not pinned[c]:
            n = _add(places, n, c, Z_DRAW, q, -1, -1, j)
    # the cards the last draw brought first, in draw order, so that they map onto the same
    # hand places whichever cards they were
    drawn = np.zeros(N_CARDS, dtype=np.bool_)
    for k in range(s["n_drawn"]):
        c = s["drawn"][k]
        if s["zone"][c] == Z_HAND and s["owner"][c] == q and not pinned[c] and not drawn[c]:
            drawn[c] = True
            n = _add(places, n, c, Z_HAND, q, -1, -1, -1)
    for c in table(s):
        if s["zone"][c] == Z_HAND and s["owner"][c] == q and not pinned[c] and not drawn[c]:
            n = _add(places, n, c, Z_HAND, q, -1, -1, -1)
    for c in table(s):  # legends: only their owner may look at them (I16 Polynesians)
        if s["zone"][c] == Z_LEGENDS and s["owner"][c] == q and not pinned[c]:
            n = _add(places, n, c, Z_LEGENDS, q, -1, -1, -1)
    first = n
    for c in table(s):
        if s["zone"][c] == Z_GARRISON and s["owner"][c] == q and not pinned[c]:
            n = _add(places, n, c, Z_GARRISON, q, s["host"][c], -1, -1)
    # garrison places in host order, so the list does not depend on which card lies where
    for k in range(first + 1, n):
        j = k
        while j > first and places[j - 1, P_HOST] > places[j, P_HOST]:
            for col in range(6):
                t = places[j - 1, col]
                places[j - 1, col] = places[j, col]
                places[j, col] = t
            j -= 1
    return n


@kernel
def _ordered_pool(s, arr, size, first, zone, owner, pile, pinned, places):
    """The positions first..size-1 of an ordered pile."""
    n = 0
    for j in range(first, size):
        c = arr[j]
        if not pinned[c]:
            n = _add(places, n, c, zone, owner, -1, pile, j)
    return n


@kernel
def _deal_supply(s, pinned, words, i, remap, places, cards):
    """Main deck and small piles: each small-pile place takes a card of its pile's banner; the
    face-up tributaries stay (the trade route under one is face down, I13.1)."""
    for k in range(N_SMALL_PILES):
        t = face_up_tributary(s, k)
        if t >= 0:
            pinned[t] = True
    n = 0
    for k in range(N_SMALL_PILES):
        m = _ordered_pool(s, s["small_pile"][k], s["small_size"][k], 0, Z_SMALL_PILE, -1, k, pinned, places[n:])
        n += m
    n_small = n
    n += _ordered_pool(s, s["main_deck"], s["main_size"], 0, Z_MAIN_DECK, -1, -1, pinned, places[n:])
    banners = np.empty(n_small, dtype=np.int16)
    for k in range(n_small):
        banners[k] = K.BANNER[rec(s, places[k, P_OLD])]
    _sorted_olds(places, n, cards)
    rng.shuffle_at(cards, n, words, i)
    used = np.zeros(n, dtype=np.bool_)
    for k in range(n_small):
        found = False
        for j in range(n):
            if not used[j] and K.BANNER[rec(s, cards[j])] == banners[k]:
                used[j] = True
                _put(s, cards[j], places, k, remap)
                found = True
                break
        if not found:
            return False
    k = n_small
    for j in range(n):
        if not used[j]:
            _put(s, cards[j], places, k, remap)
            k += 1
    return True


@kernel
def _fame_pool(s, pinned, places):
    """The fame pile above King of Kings, then the common fame cards trimmed unseen (I3.7)."""
    n = _ordered_pool(s, s["fame_pile"], s["fame_size"], 1, Z_FAME_PILE, -1, -1, pinned, places)
    for c in K.COMMON_FAME:
        if c >= 0 and s["zone"][c] == Z_BOX and in_game(s, c):
            n = _add(places, n, c, Z_BOX, -1, -1, -1, -1)
    if s["trade_routes"] and s["zone"][K.WELCOMING] == Z_BOX:
        n = _add(places, n, K.WELCOMING, Z_BOX, -1, -1, -1, -1)
    return n


@shell_kernel
def _deal_automa(s, pinned, words, i, remap, places, cards):
    """The automa's deck with its face-down slot cards; then its dynasty pile above the accession
    card (I14.1 5)."""
    a = s["automa"]
    n = _ordered_pool(s, s["draw_pile"][a], s["draw_size"][a], 0, Z_DRAW, a, -1, pinned, places)
    for k in range(AUTOMA_SLOTS):
        c = s["slot_card"][k]
        if c >= 0 and not pinned[c]:
            n = _add(places, n, c, Z_AUTOMA_SLOT, a, -1, k, -1)
    _deal(s, places, n, words, i, remap, cards)
    first = s["nation_size"][a]
    for j in range(s["nation_size"][a]):
        if K.START[rec(s, s["nation_deck"][a, j])] == ACCESSION:
            first = j + 1
    n = _ordered_pool(s, s["nation_deck"][a], s["nation_size"][a], first, Z_NATION_DECK, a, -1, pinned, places)
    _deal(s, places, n, words, i, remap, cards)


@kernel
def determinize(s, seat, words, i):
    """Resample in place what `seat` cannot see (module doc); returns False if the supply could
    not be redealt by banner (a state no game reaches)."""
    pinned = _pinned(s, seat)
    remap = np.arange(N_CARDS).astype(np.int16)
    places = np.empty((MAX_PLACES, 6), dtype=np.int16)
    cards = np.empty(MAX_PLACES, dtype=np.int16)
    own_drawn = np.zeros(s["n_drawn"], dtype=np.bool_)  # the seat sees its own drawn cards
    for k in range(s["n_drawn"]):
        own_drawn[k] = s["owner"][s["drawn"][k]] == seat
    for q in range(s["n_players"]):
        if q == seat:
            n = _ordered_pool(s, s["draw_pile"][q], s["draw_size"][q], 0, Z_DRAW, q, -1, pinned, places)
        else:
            n = _private_pool(s, q, pinned, places)
        _deal(s, places, n, words, i, remap, cards)
    for q in range(s["n_players"]):
        n = _ordered_pool(s, s["nation_deck"][q], s["nation_size"][q], 1, Z_NATION_DECK, q, -1, pinned, places)
        _deal(s, places, n, words, i, remap, cards)
    ok = _deal_supply(s, pinned, words, i, remap, places, cards)
    _deal(s, places, _fame_pool(s, pinned, places), words, i, remap, cards)
    n = _ordered_pool(s, s["unrest_pile"], s["unrest_size"], 0, Z_UNREST_PILE, -1, -1, pinned, places)
    _deal(s, places, n, words, i, remap, cards)
    if s["automa"] >= 0:
        _deal_automa(s, pinned, words, i, remap, places, cards)
    for k in range(s["n_drawn"]):
        if not own_drawn[k]:
            s["drawn"][k] = remap[s["drawn"][k]]
    s["rng"] = rng.fresh_word_at(words, i)
    return ok


determinize_at, determinized = hidden_kernels(sys.modules[__name__], __name__)

