"""Where cards are, compiled: moving a card between zones and keeping the ordered piles (the
world deck, the three discard piles, the relic deck) in step with each card's `zone`."""

from __future__ import annotations

import numpy as np

from meeplegym import rng
from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath.state import (
    FIRST_EDIFICE,
    FIRST_RELIC,
    FIRST_VISION,
    N_CARDS,
    Z_ADVISER,
    Z_DISCARD,
    Z_DISPOSSESSED,
    Z_RELIC_DECK,
    Z_SITE,
    Z_WORLD_DECK,
)
from meeplegym.jit import kernel


@kernel
def is_denizen(c):
    return 0 < c < FIRST_EDIFICE


@kernel
def is_edifice(c):
    return FIRST_EDIFICE <= c < FIRST_RELIC


@kernel
def is_relic(c):
    return FIRST_RELIC <= c < FIRST_VISION


@kernel
def is_vision(c):
    return c >= FIRST_VISION


#: Edifice faces whose power the spec marks ◊ (reconstructed from one engine's code, D3).
RECONSTRUCTED = np.zeros(N_CARDS, dtype=np.int8)
for _e in D.EDIFICE_FACES:
    RECONSTRUCTED[_e.number] = _e.reconstructed
del _e


@kernel
def blank(s, face_number):
    """The face's power is a ◊ one and this table plays without them (`reconstructed` 0)."""
    return s["reconstructed"] == 0 and RECONSTRUCTED[face_number] == 1


@kernel
def face(s, c):
    """The face number a card shows (an edifice is tracked on its intact face)."""
    return c + 1 if s["ruined"][c] else c


@kernel
def place(s, c, zone, where, faceup):
    """Put card c in a zone that keeps no order (a site, advisers, a personal bank ...). A card
    laid at a site or joining a council is stamped, so that actions can name a facedown one by
    position without its face."""
    s["zone"][c] = zone
    s["where"][c] = where
    s["faceup"][c] = faceup
    if zone == Z_SITE or zone == Z_ADVISER:
        s["stamp"][c] = s["next_stamp"]
        s["next_stamp"] += 1


@kernel
def nth_facedown(s, zone, where, k):
    """The k-th facedown card in a zone at `where` (a slot's relics, a seat's facedown
    advisers), in the order they were put there; 0 if there are fewer."""
    last = -1
    for _ in range(k + 1):
        best = 0
        for c in range(1, s["zone"].shape[0]):
            if (s["zone"][c] == zone and s["where"][c] == where and not s["faceup"][c]
                    and s["stamp"][c] > last and (best == 0 or s["stamp"][c] < s["stamp"][best])):
                best = c
        if best == 0:
            return 0
        last = s["stamp"][best]
    return best


@kernel
def site_relic(s, slot, k):
    """The k-th facedown relic at a slot, in the order they were laid there; 0 if none."""
    return nth_facedown(s, Z_SITE, slot, k)


@kernel
def facedown_position(s, c):
    """Where facedown card c stands among the facedown cards beside it (0 first), as
    `nth_facedown` counts them."""
    k = 0
    for d in range(1, s["zone"].shape[0]):
        if (s["zone"][d] == s["zone"][c] and s["where"][d] == s["where"][c] and not s["faceup"][d]
                and s["stamp"][d] < s["stamp"][c]):
            k += 1
    return k


@kernel
def count_facedown(s, zone, where):
    k = 0
    for c in range(1, s["zone"].shape[0]):
        k += s["zone"][c] == zone and s["where"][c] == where and not s["faceup"][c]
    return k


@kernel
def count_in(s, zone, where):
    """How many cards lie in an unordered zone at `where` (advisers of a seat, a hand ...)."""
    k = 0
    for c in range(1, s["zone"].shape[0]):
        if s["zone"][c] == zone and s["where"][c] == where:
            k += 1
    return k


@kernel
def numbers_upto(mask, least, most):
    """Mark NUMBER least..most (capped at the block's size) legal."""
    for k in range(least, min(most, A.MAX_NUMBER) + 1):
        mask[A.NUMBER + k] = 1


@kernel
def world_push_top(s, c):
    s["world"][s["world_size"]] = c
    s["world_size"] += 1
    place(s, c, Z_WORLD_DECK, 0, 0)


@kernel
def under(pile, n, c):
    """Card c slid under a pile of n cards (index 0 is its bottom)."""
    for k in range(n, 0, -1):
        pile[k] = pile[k - 1]
    pile[0] = c


@kernel
def off_bottom(pile, n):
    """The bottom card of a pile of n cards, removed from it (the others slide down); 0 if empty."""
    if n == 0:
        return 0
    c = pile[0]
    for k in range(n - 1):
        pile[k] = pile[k + 1]
    pile[n - 1] = 0
    return c


@kernel
def world_push_bottom(s, c):
    """Card c facedown under the world deck (Cracked Horn, D4)."""
    under(s["world"], s["world_size"], c)
    s["world_size"] += 1
    place(s, c, Z_WORLD_DECK, 0, 0)


@kernel
def world_take_bottom(s):
    """The bottom card of the world deck, removed from it (O1.1 steps 19-20); 0 if empty. Its
    new zone is the caller's to set."""
    c = off_bottom(s["world"], s["world_size"])
    if c > 0:
        s["world_size"] -= 1
    return c


@kernel
def discard_push(s, region, c):
    """Card c facedown on top of a region's discard pile (O10 Discard)."""
    n = s["discard_size"][region]
    s["discard"][region, n] = c
    s["discard_size"][region] = n + 1
    place(s, c, Z_DISCARD, region, 0)


@kernel
def discard_push_bottom(s, region, c):
    """Card c facedown under a region's discard pile (Bracken, D3)."""
    under(s["discard"][region], s["discard_size"][region], c)
    s["discard_size"][region] += 1
    place(s, c, Z_DISCARD, region, 0)


@kernel
def discard_take_bottom(s, region):
    """The bottom card of a region's discard pile, removed from it; 0 if empty (Mushrooms, D3)."""
    c = off_bottom(s["discard"][region], s["discard_size"][region])
    if c > 0:
        s["discard_size"][region] -= 1
    return c


@kernel
def relic_push_top(s, c):
    s["relic_deck"][s["relic_size"]] = c
    s["relic_size"] += 1
    place(s, c, Z_RELIC_DECK, 0, 0)


@kernel
def relic_push_bottom(s, r):
    """Relic r facedown under the relic deck, its face forgotten by everyone."""
    under(s["relic_deck"], s["relic_size"], r)
    s["relic_size"] += 1
    place(s, r, Z_RELIC_DECK, 0, 0)
    s["known"][r] = 0


@kernel
def world_take_top(s):
    """The top card of the world deck, removed from it; 0 if empty. Its new zone is the
    caller's to set."""
    n = s["world_size"]
    if n == 0:
        return 0
    c = s["world"][n - 1]
    s["world"][n - 1] = 0
    s["world_size"] = n - 1
    return c


@kernel
def world_take_vision(s):
    """The Vision nearest the top of the world deck, removed from it (the other cards keep their
    order); 0 if it holds none."""
    n = s["world_size"]
    for k in range(n - 1, -1, -1):
        c = s["world"][k]
        if is_vision(c):
            for j in range(k, n - 1):
                s["world"][j] = s["world"][j + 1]
            s["world"][n - 1] = 0
            s["world_size"] = n - 1
            return c
    return 0


@kernel
def discard_take_top(s, region):
    """The top card of a region's discard pile, removed from it; 0 if empty."""
    n = s["discard_size"][region]
    if n == 0:
        return 0
    c = s["discard"][region, n - 1]
    s["discard"][region, n - 1] = 0
    s["discard_size"][region] = n - 1
    return c


@kernel
def relic_take_top(s):
    """The top relic, removed from the deck; 0 if the deck is empty."""
    n = s["relic_size"]
    if n == 0:
        return 0
    c = s["relic_deck"][n - 1]
    s["relic_deck"][n - 1] = 0
    s["relic_size"] = n - 1
    return c


# ================================================================== the Dispossessed
@kernel
def len_dispossessed(s):
    k = 0
    for c in range(1, FIRST_EDIFICE):
        k += s["zone"][c] == Z_DISPOSSESSED
    return k


@kernel
def random_dispossessed(s):
    """A random card of the Dispossessed (0 if it is empty)."""
    k = rng.below(s, len_dispossessed(s)) if len_dispossessed(s) > 0 else -1
    for c in range(1, FIRST_EDIFICE):
        if s["zone"][c] == Z_DISPOSSESSED:
            if k == 0:
                return c
            k -= 1
    return 0
