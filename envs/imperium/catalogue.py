"""The Imperium card catalogue as numpy arrays, for the numba engine.

`data.py` holds the cards as typed Python records; kernels cannot read those, so this module
derives one row per card record (one per face of a double-sided card) of plain integer
arrays, built once at import. Row order is `data.CARDS` order, so ``RECORD_IDS[r]`` names row
``r`` and ``record_index(card_id)`` finds it.

- ``PHYSICAL[r]``: the row of the card's A face (itself for single-faced cards); the engine
  tracks physical cards and which face is up.
- ``SUITS[r]`` / ``STATES[r]`` / ``TRIGGERS[r]``: bit masks over `data.Suit`, `data.StateIcon`,
  `data.Trigger`; ``BANNER[r]``: the first suit or -1 (grey banner, I1.6).
- ``TYPES[r, t]``: how many times type icon t is printed (I1.8: a repeated icon counts twice);
  ``SUIT_COUNT[r, s]`` likewise for suits (*Nunavut* is REG+REG, I16 Inuit).
- ``HEADER``, ``START``, ``EXPANSION``, ``NATION``, ``DECK``: the enum value or -1 if blank;
  ``MIN_PLAYERS``: 1 unless the card shows 3+ / 4 (I3.5; merchants' 2+ is 2).
- ``DEV_COST[r]``: mat, pop, prg, gds, mana to discard, mana to put in legends (I8.4, I16);
  ``HAS_DEV_COST[r]``.
- VP (I1.12, I10.3): ``VP_KIND`` (VP_NONE, VP_FIXED, VP_VAR, VP_COND), ``VP_AMOUNT``, and for
  variable rules the count: ``VP_COUNT_KIND`` (`data.CountKind`), ``VP_ZONE`` (`data.Zone`),
  ``VP_DIVISOR``, filter masks ``VP_SUITS``, ``VP_ICONS``, ``VP_STATES``, ``VP_RESOURCES``,
  ``VP_ONLY_SUITS``, ``VP_EXCEPT_SUITS``; for conditional rules ``VP_ZONE``, ``VP_NEGATED``,
  ``VP_OTHERWISE``; ``VP_RETURN_UNREST`` (*Miyabi*).
"""

from __future__ import annotations

import numpy as np

from meeplegym.envs.imperium import data

N_RECORDS = len(data.CARDS)
N_SUITS = len(data.Suit)
N_TYPES = len(data.TypeIcon)
N_RESOURCES = len(data.Resource)

VP_NONE, VP_FIXED, VP_VAR, VP_COND = 0, 1, 2, 3

RECORD_IDS: tuple[str, ...] = tuple(c.id for c in data.CARDS)
_ROW = {card_id: r for r, card_id in enumerate(RECORD_IDS)}


def record_index(card_id: str) -> int:
    """The catalogue row of a card id (e.g. ``"3UNC14"``, ``"JPN1A"``)."""
    try:
        return _ROW[card_id]
    except KeyError:
        raise KeyError(f"unknown Imperium card id {card_id!r}") from None


def _mask(values) -> int:
    out = 0
    for v in values:
        out |= 1 << int(v)
    return out


def _enum_or_blank(value) -> int:
    return -1 if value is None else int(value)


def _build():
    n = N_RECORDS
    a = {
        "PHYSICAL": np.zeros(n, np.int16),
        "SUITS": np.zeros(n, np.int32),
        "SUIT_COUNT": np.zeros((n, N_SUITS), np.int8),
        "BANNER": np.full(n, -1, np.int8),
        "STATES": np.zeros(n, np.int32),
        "TYPES": np.zeros((n, N_TYPES), np.int8),
        "TRIGGERS": np.zeros(n, np.int32),
        "HEADER": np.full(n, -1, np.int8),
        "START": np.full(n, -1, np.int8),
        "EXPANSION": np.full(n, -1, np.int8),
        "NATION": np.full(n, -1, np.int8),
        "DECK": np.zeros(n, np.int8),
        "MIN_PLAYERS": np.ones(n, np.int8),
        "HAS_DEV_COST": np.zeros(n, np.bool_),
        "DEV_COST": np.zeros((n, 6), np.int8),
        "VP_KIND": np.zeros(n, np.int8),
        "VP_AMOUNT": np.zeros(n, np.int8),
        "VP_COUNT_KIND": np.full(n, -1, np.int8),
        "VP_ZONE": np.full(n, -1, np.int8),
        "VP_DIVISOR": np.ones(n, np.int8),
        "VP_SUITS": np.zeros(n, np.int32),
        "VP_ICONS": np.zeros(n, np.int32),
        "VP_STATES": np.zeros(n, np.int32),
        "VP_RESOURCES": np.zeros(n, np.int32),
        "VP_ONLY_SUITS": np.zeros(n, np.int32),
        "VP_EXCEPT_SUITS": np.zeros(n, np.int32),
        "VP_NEGATED": np.zeros(n, np.bool_),
        "VP_OTHERWISE": np.zeros(n, np.int8),
        "VP_RETURN_UNREST": np.zeros(n, np.int8),
    }
    first_face: dict[str, int] = {}
    for r, card in enumerate(data.CARDS):
        a["PHYSICAL"][r] = first_face.setdefault(card.physical, r)
        a["SUITS"][r] = _mask(card.suits)
        for s in card.suits:
            a["SUIT_COUNT"][r, s] += 1
        a["BANNER"][r] = _enum_or_blank(card.banner)
        a["STATES"][r] = _mask(card.states)
        for t in card.types:
            a["TYPES"][r, t] += 1
        a["TRIGGERS"][r] = _mask(card.triggers)
        a["HEADER"][r] = _enum_or_blank(card.header)
        a["START"][r] = _enum_or_blank(card.start)
        a["EXPANSION"][r] = _enum_or_blank(card.expansion)
        a["NATION"][r] = _enum_or_blank(card.nation)
        a["DECK"][r] = card.deck
        if card.players is not None:
            a["MIN_PLAYERS"][r] = card.players.min_players
        if card.dev_cost is not None:
            cost = card.dev_cost
            a["HAS_DEV_COST"][r] = True
            a["DEV_COST"][r] = (cost.mat, cost.pop, cost.prg, cost.gds, cost.mana_discard, cost.mana_legends)
        _vp_row(a, r, card.vp)
    return a


def _vp_row(a, r, vp) -> None:
    if vp is None:
        return
    if isinstance(vp, data.FixedVP):
        a["VP_KIND"][r] = VP_FIXED
        a["VP_AMOUNT"][r] = vp.amount
        a["VP_RETURN_UNREST"][r] = vp.return_unrest
    elif isinstance(vp, data.VarVP):
        count = vp.per
        a["VP_KIND"][r] = VP_VAR
        a["VP_AMOUNT"][r] = vp.amount
        a["VP_DIVISOR"][r] = vp.divisor
        a["VP_COUNT_KIND"][r] = count.kind
        a["VP_ZONE"][r] = count.zone
        a["VP_SUITS"][r] = _mask(count.suits)
        a["VP_ICONS"][r] = _mask(count.icons)
        a["VP_STATES"][r] = _mask(count.states)
        a["VP_RESOURCES"][r] = _mask(count.resources)
        a["VP_ONLY_SUITS"][r] = _mask(count.only_suits)
        a["VP_EXCEPT_SUITS"][r] = _mask(count.except_suits)
    elif isinstance(vp, data.CondVP):
        a["VP_KIND"][r] = VP_COND
        a["VP_AMOUNT"][r] = vp.amount
        a["VP_ZONE"][r] = vp.zone
        a["VP_NEGATED"][r] = vp.negated
        a["VP_OTHERWISE"][r] = vp.otherwise
    else:  # data.VP_UNSTRUCTURED is empty for the Horizons box; a new one must be structured first
        raise ValueError(f"{RECORD_IDS[r]}: unstructured VP rule {vp!r} cannot be compiled")


_ARRAYS = _build()
PHYSICAL = _ARRAYS["PHYSICAL"]
SUITS = _ARRAYS["SUITS"]
SUIT_COUNT = _ARRAYS["SUIT_COUNT"]
BANNER = _ARRAYS["BANNER"]
STATES = _ARRAYS["STATES"]
TYPES = _ARRAYS["TYPES"]
TRIGGERS = _ARRAYS["TRIGGERS"]
HEADER = _ARRAYS["HEADER"]
START = _ARRAYS["START"]
EXPANSION = _ARRAYS["EXPANSION"]
NATION = _ARRAYS["NATION"]
DECK = _ARRAYS["DECK"]
MIN_PLAYERS = _ARRAYS["MIN_PLAYERS"]
HAS_DEV_COST = _ARRAYS["HAS_DEV_COST"]
DEV_COST = _ARRAYS["DEV_COST"]
VP_KIND = _ARRAYS["VP_KIND"]
VP_AMOUNT = _ARRAYS["VP_AMOUNT"]
VP_COUNT_KIND = _ARRAYS["VP_COUNT_KIND"]
VP_ZONE = _ARRAYS["VP_ZONE"]
VP_DIVISOR = _ARRAYS["VP_DIVISOR"]
VP_SUITS = _ARRAYS["VP_SUITS"]
VP_ICONS = _ARRAYS["VP_ICONS"]
VP_STATES = _ARRAYS["VP_STATES"]
VP_RESOURCES = _ARRAYS["VP_RESOURCES"]
VP_ONLY_SUITS = _ARRAYS["VP_ONLY_SUITS"]
VP_EXCEPT_SUITS = _ARRAYS["VP_EXCEPT_SUITS"]
VP_NEGATED = _ARRAYS["VP_NEGATED"]
VP_OTHERWISE = _ARRAYS["VP_OTHERWISE"]
VP_RETURN_UNREST = _ARRAYS["VP_RETURN_UNREST"]
for _array in _ARRAYS.values():
    _array.setflags(write=False)  # numba freezes globals as constants; keep Python in step


# ------------------------------------------------------------------ setup lists (I2, I3)
def _physical_rows(pred) -> np.ndarray:
    rows = [r for r, c in enumerate(data.CARDS) if PHYSICAL[r] == r and pred(c)]
    out = np.array(rows, dtype=np.int16)
    out.setflags(write=False)
    return out


def _padded(groups: list[list[int]]) -> np.ndarray:
    out = np.full((len(groups), max(len(g) for g in groups)), -1, dtype=np.int16)
    for i, g in enumerate(groups):
        out[i, : len(g)] = g
    out.setflags(write=False)
    return out


_common = data.Deck.COMMON
#: common cards of each small-pile/main-deck suit, by banner: REG, UNC, CIV, TRI (I3.4, I3.9-I3.11)
PILE_SUITS = (data.Suit.REG, data.Suit.UNC, data.Suit.CIV, data.Suit.TRI)
COMMON_BY_BANNER = _padded([[int(r) for r in _physical_rows(lambda c, s=s: c.deck == _common and c.banner == s)]
                            for s in PILE_SUITS])
COMMON_FAME = _physical_rows(lambda c: c.deck == _common and c.banner == data.Suit.FAME)
KING_OF_KINGS = int(record_index("3FAM10A"))
WELCOMING = int(next(r for r, c in enumerate(data.CARDS) if c.deck == data.Deck.TRADE_ROUTES
                     and c.banner == data.Suit.FAME))
COMMON_UNREST = _physical_rows(lambda c: c.deck == data.Deck.SHARED and c.banner == data.Suit.UNREST)
COMMON_TRADE_ROUTES = _physical_rows(lambda c: c.deck == data.Deck.TRADE_ROUTES and c.banner == data.Suit.TROUTE)
STANDARD_STATE_CARDS = _physical_rows(lambda c: c.deck == data.Deck.SHARED and c.start == data.Start.STATE)
#: the Merchant card of seat p is MERCHANTS[p]: the 2+/3+/4 markers pick the copies (I1.11)
MERCHANTS = _physical_rows(lambda c: c.deck == data.Deck.TRADE_ROUTES and c.banner == data.Suit.POWER)

N_NATIONS = len(data.NationCode)
N_SETUP_PILES = len(data.SetupPile)
#: NATION_ROWS[n, pile]: physical cards of nation n that go to setup pile `pile` (data.SetupPile), -1 padded
NATION_ROWS = np.full((N_NATIONS, N_SETUP_PILES, 32), -1, dtype=np.int16)
for _n in data.NationCode:
    _counts = [0] * N_SETUP_PILES
    for _r, _c in enumerate(data.CARDS):
        if _c.nation == _n and PHYSICAL[_r] == _r:
            _pile = data.setup_pile(_c)
            NATION_ROWS[_n, _pile, _counts[_pile]] = _r
            _counts[_pile] += 1
NATION_ROWS.setflags(write=False)
BASE_EXHAUST = np.array([data.NATION_BY_CODE[n].base_exhaust_tokens for n in data.NationCode], dtype=np.int8)
NEEDS_TRADE_ROUTES = np.array([data.NATION_BY_CODE[n].trade_routes_required for n in data.NationCode], dtype=np.bool_)
for _array in (BASE_EXHAUST, NEEDS_TRADE_ROUTES):
    _array.setflags(write=False)

#: OTHER_FACE[r]: the row of the B face when r is the A face of a double-sided card, else -1
OTHER_FACE = np.full(N_RECORDS, -1, dtype=np.int16)
for _r, _c in enumerate(data.CARDS):
    if PHYSICAL[_r] != _r:
        OTHER_FACE[PHYSICAL[_r]] = _r
OTHER_FACE.setflags(write=False)

#: NAME_ID[r]: one number per distinct card name ("Stone Mask" is four cards): for texts that
#: name a card that has copies (Mayans: "a Headpiece", "not a Stone Mask", C4.MAY)
_NAMES = sorted({c.name for c in data.CARDS})
NAME_ID = np.array([_NAMES.index(c.name) for c in data.CARDS], dtype=np.int16)
NAME_ID.setflags(write=False)
