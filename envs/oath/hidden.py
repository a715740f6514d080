"""Determinization: resample every card of an Oath state that one seat cannot see (O9.4).

``determinize(s, seat, words, i)`` rewrites, in place, the faces hidden from ``seat`` with a fresh
sample that agrees with everything the seat sees (what ``encoders.oath.encode`` shows it),
drawing only from the generator word ``words[i]`` held outside the state:

- **denizens** the seat has not seen, wherever they lie in the game -- the world deck, the
  discard piles, other players' facedown advisers and cards in hand -- are one pool, dealt back
  into the same places: every pile keeps its size, every player the number of facedown advisers
  and cards in hand it had;
- **Visions** the seat has not seen are another pool, dealt back the same way: their backs are
  public (O9.4), so a place that shows a Vision's back gets a Vision;
- **relics** the seat has not seen -- the relic deck, the Reliquary, facedown beside the sites --
  are a third pool;
- **facedown sites** the seat has not seen trade places among themselves (the tokens and
  warbands on a slot stay with the slot);
- **the state's own generator word** ``rng`` is replaced, so later dice and draws differ too.

A place keeps what the table sees of it: the tokens lying on the card, its position among the
facedown cards there (``stamp``), which other seats have seen the card there, whether it is used
or targeted. Only the card's identity moves. The places are listed in an order the seat can see
(zone, holder, position) and the pool is sorted before it is shuffled, so two states that differ
only in hidden faces give the same sample.

Left as they are: cards a decision under way refers to (the card being played, a power's card
and the card it picked, a battle plan waiting on its sign, a reacting card, the relics Relic Thief
may roll for, False Prophet's Visions waiting in hand) and the cards out of this game (the box,
the Archive, the Dispossessed), which no power of this game reaches facedown. Which sites lie
facedown on the map is taken as known (the sites outside the map are not part of the state), only
which is where is resampled.
"""

from __future__ import annotations

import sys

import numpy as np

from meeplegym import rng
from meeplegym.envs.oath.state import (
    FIRST_EDIFICE,
    FIRST_RELIC,
    FIRST_VISION,
    MAX_RELIC_DECK,
    N_CARDS,
    N_REGIONS,
    N_SLOTS,
    PH_RECOVER,
    PH_RECOVER_BANK,
    PH_RECOVER_BID,
    RELIQUARY_SPACES,
    Z_ADVISER,
    Z_DISCARD,
    Z_HAND,
    Z_PERSONAL,
    Z_RELIC_DECK,
    Z_RELIQUARY,
    Z_SITE,
    Z_WORLD_DECK,
)
from meeplegym.game_kernels import hidden_kernels
from meeplegym.jit import kernel

# The zones a pool's cards are dealt within (bit z: zone z).
_WORLD_ZONES = (1 << Z_WORLD_DECK) | (1 << Z_DISCARD) | (1 << Z_ADVISER) | (1 << Z_HAND)
_RELIC_ZONES = (1 << Z_RELIC_DECK) | (1 << Z_RELIQUARY) | (1 << Z_SITE) | (1 << Z_PERSONAL) | (1 << Z_ADVISER) | (1 << Z_HAND)
_PILE_ORDER = 1 << 10  # sort key: zone, then holder, then position (position < 1024)


# The pools: cards whose backs look alike.
POOL_DENIZENS, POOL_VISIONS, POOL_RELICS = 0, 1, 2


UNSAMPLEABLE = "the state does not conserve its cards"  # why determinize returned False


@kernel
def pool_of(c):
    if 1 <= c < FIRST_EDIFICE:
        return POOL_DENIZENS
    if FIRST_RELIC <= c < FIRST_VISION:
        return POOL_RELICS
    return POOL_VISIONS if c >= FIRST_VISION else -1


@kernel
def _pinned(s):
    """The cards a decision under way refers to: they keep their faces."""
    pinned = np.zeros(N_CARDS, dtype=np.bool_)
    for c in (s["playing"], s["pw_card"], s["pw_it"], s["plan_card"], s["react_card"], s["slum_card"]):
        if 0 < c < N_CARDS:
            pinned[c] = True
    ph = s["phase"]
    if (ph == PH_RECOVER or ph == PH_RECOVER_BID or ph == PH_RECOVER_BANK) and 0 < s["target"] < N_CARDS:
        pinned[s["target"]] = True
    for k in range(N_CARDS - FIRST_VISION):
        if (s["prophet_due"] >> k) & 1:
            pinned[FIRST_VISION + k] = True
    for k in range(FIRST_VISION - FIRST_RELIC):
        if (s["thief_relics"] >> k) & 1:
            pinned[FIRST_RELIC + k] = True
    return pinned


@kernel
def _positions(s):
    """Where each card lies within its zone and holder: its index in an ordered pile, its
    Reliquary space, else its stamp."""
    out = s["stamp"].astype(np.int64)
    for k in range(s["world_size"]):
        out[s["world"][k]] = k
    for r in range(N_REGIONS):
        for k in range(s["discard_size"][r]):
            out[s["discard"][r, k]] = k
    for k in range(min(s["relic_size"], MAX_RELIC_DECK)):
        out[s["relic_deck"][k]] = k
    for k in range(s["n_drawn"]):
        if s["zone"][s["drawn"][k]] == Z_HAND:  # a drawn card not placed yet
            out[s["drawn"][k]] = k
    for c in range(N_CARDS):
        if s["zone"][c] == Z_RELIQUARY:
            out[c] = s["where"][c]
    return out


@kernel
def _in_pool(s, seat, c, pinned, pool):
    if pool_of(c) != pool or pinned[c] or s["faceup"][c] != 0 or (s["known"][c] >> seat) & 1:
        return False
    zones = _RELIC_ZONES if pool == POOL_RELICS else _WORLD_ZONES
    return (zones >> int(s["zone"][c])) & 1 != 0


@kernel
def _deal_pool(s, seat, pinned, pool, positions, words, i, remap):
    """Shuffle one pool (POOL_*) and deal it back into its places; remap[old] = new."""
    found = np.zeros(N_CARDS, dtype=np.int64)
    keys = np.zeros(N_CARDS, dtype=np.int64)
    n = 0
    for c in range(1, N_CARDS):
        if _in_pool(s, seat, c, pinned, pool):
            found[n] = c
            keys[n] = (int(s["zone"][c]) * 64 + int(s["where"][c]) + 8) * _PILE_ORDER + positions[c]
            n += 1
    if n < 2:
        return
    # the card now in each place, in the seat's order; ties (places the seat cannot tell apart,
    # holding equal facts) keep the card order, as the sort is stable
    places = found[np.argsort(keys[:n], kind="mergesort")]
    cards = np.sort(places)
    rng.shuffle_at(cards, n, words, i)
    # the facts of each place, read before anything moves
    zone = np.empty(n, np.int8)
    where = np.empty(n, np.int8)
    favor = np.empty(n, np.int8)
    secrets = np.empty(n, np.int8)
    known = np.empty(n, np.int8)
    stamp = np.empty(n, np.int16)
    used = np.empty(n, np.int8)
    mod_on = np.empty(n, np.int8)
    tgt = np.empty(n, np.int8)
    plan_user = np.empty(n, np.int8)
    for k in range(n):
        c = places[k]
        zone[k] = s["zone"][c]
        where[k] = s["where"][c]
        favor[k] = s["card_favor"][c]
        secrets[k] = s["card_secrets"][c]
        known[k] = s["known"][c]
        stamp[k] = s["stamp"][c]
        used[k] = s["used"][c]
        mod_on[k] = s["mod_on"][c]
        tgt[k] = s["tgt_card"][c]
        plan_user[k] = s["plan_user"][c]
    for k in range(n):
        c = cards[k]
        remap[places[k]] = c
        s["zone"][c] = zone[k]
        s["where"][c] = where[k]
        s["card_favor"][c] = favor[k]
        s["card_secrets"][c] = secrets[k]
        s["known"][c] = known[k]
        s["stamp"][c] = stamp[k]
        s["used"][c] = used[k]
        s["mod_on"][c] = mod_on[k]
        s["tgt_card"][c] = tgt[k]
        s["plan_user"][c] = plan_user[k]


@kernel
def _renumber(pile, n, remap):
    for k in range(n):
        pile[k] = remap[pile[k]]


@kernel
def _deal_sites(s, seat, words, i):
    """The facedown sites the seat has not seen, shuffled among their slots."""
    slots = np.zeros(N_SLOTS, dtype=np.int64)
    sites = np.zeros(N_SLOTS, dtype=np.int64)
    n = 0
    for slot in range(N_SLOTS):
        if s["slot_site"][slot] >= 0 and not s["slot_faceup"][slot] and not (s["slot_known"][slot] >> seat) & 1:
            slots[n] = slot
            sites[n] = s["slot_site"][slot]
            n += 1
    if n < 2:
        return
    sites[:n] = np.sort(sites[:n])
    rng.shuffle_at(sites, n, words, i)
    for k in range(n):
        s["slot_site"][slots[k]] = sites[k]


@kernel
def determinize(s, seat, words, i):
    """Resample, in place, every card face hidden from `seat` (module doc), drawing from words[i].
    Returns True: every Oath deal is possible (the contract of meeplegym.game_kernels.hidden_kernels)."""
    pinned = _pinned(s)
    remap = np.arange(N_CARDS)
    positions = _positions(s)  # read before anything moves
    for pool in (POOL_DENIZENS, POOL_VISIONS, POOL_RELICS):
        _deal_pool(s, seat, pinned, pool, positions, words, i, remap)
    _renumber(s["world"], s["world_size"], remap)
    for r in range(N_REGIONS):
        _renumber(s["discard"][r], s["discard_size"][r], remap)
    _renumber(s["relic_deck"], min(s["relic_size"], MAX_RELIC_DECK), remap)
    _renumber(s["reliquary"], RELIQUARY_SPACES, remap)
    _renumber(s["drawn"], s["n_drawn"], remap)
    _deal_sites(s, seat, words, i)
    s["rng"] = rng.fresh_word_at(words, i)
    return True


determinize_at, determinized = hidden_kernels(sys.modules[__name__], __name__)
