"""Imperium: Horizons component data: typed tables, each row citing its source.

Everything here is plain Python literals transcribed once from the spec
(``shared/specs/imperium.md``: Part I rules I1-I3, Part C card data C0-C4) and
cross-checked against the seed rulebook (``shared/seeds/001_536c6dbce7700501.txt``,
the Brazilian-Portuguese Horizons rulebook, ground truth).  Nothing is parsed at
import time.  Seed references are written ``seed PT l.N`` = line N of the seed file.

What is here:

* the component vocabulary of I1 / C0 as enums (suits, state icons, type icons,
  headers, start positions, player-count and expansion markers, trigger kinds);
* :class:`Card`: one record per card id.  A spec row merged as ``id1, id2 (xn)``
  becomes n records, each with its own id; the two faces of a double-sided card
  (``...A`` / ``...B``) are two records sharing :attr:`Card.physical`;
* the card tables C1 (:data:`SHARED_CARDS`), C2 (:data:`COMMON_CARDS`),
  C3 (:data:`TRADE_ROUTE_CARDS`) and C4 (:data:`NATION_CARDS`), plus the 14
  :class:`Nation` records and the pure-data setup numbers of I1-I3;
* :data:`SEED_DIFFERENCES`: where the spec and the seed disagree, and what we keep.

Card effect text is deliberately *not* stored: only the trigger kinds present in
each effect.  The effect programs will be written in our own notation when the
effect interpreter lands.  The Classics / Legends material (C5, C6) is out of scope.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import IntEnum
from typing import NamedTuple, Union

from meeplegym import variants

__all__ = [
    # vocabulary
    "Suit", "StateIcon", "TypeIcon", "Header", "Start", "PlayerCount", "Expansion",
    "Trigger", "Resource", "Face", "Deck", "NationCode", "Aggression", "SetupPile",
    # VP and cost representations
    "Zone", "CountKind", "Count", "FixedVP", "VarVP", "CondVP", "UnstructuredVP", "VPRule",
    "DevConditionKind", "DevCondition", "DevCost",
    # cards
    "Card", "SHARED_CARDS", "COMMON_CARDS", "TRADE_ROUTE_CARDS", "NATION_CARDS", "CARDS",
    "CARD_BY_ID", "cards_of", "setup_pile", "composition",
    # nations
    "Nation", "NATIONS", "NATION_BY_CODE",
    # setup numbers
    "MIN_PLAYERS", "MAX_PLAYERS", "START_RESOURCES", "START_RESOURCES_TRADE_ROUTES",
    "MARTIAN_EXTRA_PRG", "ACTION_TOKENS", "EXHAUST_TOKENS", "EXHAUST_TOKENS_REDUCED",
    "TRADE_ROUTES_EXTRA_EXHAUST", "OPENING_HAND", "HAND_LIMIT", "MARKET_SLOTS",
    "MARKET_SLOT_SOURCE", "FAME_PILE_SIZE", "FAME_PILE_TRADE_ROUTES_EXTRA", "SMALL_PILE_SIZE",
    "TRIBUTARIES_FACE_UP", "TRIBUTARIES_REMOVED", "COMMON_UNREST", "CIVILISED_MARKET_PRG",
    "CLEANUP_MARKET_PRG", "VP_CAP_PER_CARD", "VP_PER_PRG", "PROFIT_GDS", "TRADE_ROUTE_GDS_CAP",
    "COMMON_SUIT_COUNTS", "CORNER_ICON_COUNTS", "COMPONENT_COUNTS", "SETUP_SOURCES",
    # notes
    "SeedDifference", "SEED_DIFFERENCES", "VP_UNSTRUCTURED",
]


# =============================================================================== enums
class _Coded(IntEnum):
    """An IntEnum whose members also carry the spec's notation (``.code``), so a spec
    table cell can be mapped back with :meth:`from_code`."""

    @property
    def code(self) -> str:
        return _CODES[type(self)][self]

    @classmethod
    def from_code(cls, code: str):
        for member, c in _CODES[cls].items():
            if c == code:
                return member
        raise KeyError(f"{cls.__name__}: unknown spec code {code!r}")


class Suit(_Coded):
    """Suits (spec I1.6, C0 objects; seed PT l.405-415).  The first suit of a card is
    its banner colour, the only one that matters at setup (I1.6, I3.4)."""

    REG = 0  # region, yellow banner
    UNC = 1  # uncivilised, green
    CIV = 2  # civilised, white / light grey
    TRI = 3  # tributary, blue
    FAME = 4  # purple
    UNREST = 5  # red
    GADGET = 6  # device (Martians only), pink
    POWER = 7  # black
    TROUTE = 8  # trade route, brown


class StateIcon(_Coded):
    """State icons (spec I1.7; seed PT l.419).  A card showing two icons is playable
    when the state card matches either one (I5.4)."""

    BARB = 0
    EMP = 1
    ISLE = 2  # Isle-bound (Polynesians)
    VOY = 3  # Voyaging (Polynesians)
    CORR = 4  # Corrupted (Cultists)
    SUMM = 5  # Summoned (Cultists)


class TypeIcon(_Coded):
    """Type icons (spec I1.8; seed PT l.422-435).  A card may show one twice; it then
    counts twice, so :attr:`Card.types` keeps the multiplicity."""

    CITY = 0
    FERTILE = 1
    HUNT = 2
    KNIGHT = 3
    MASK = 4
    MERCHANT = 5
    METROPOLIS = 6
    WONDER = 7
    OCEAN = 8
    PRODUCTION = 9
    RIVER = 10
    SCROLL = 11


class Header(_Coded):
    """Header icons, the ``Hdr`` column (spec I1.9, C0)."""

    PIN = 0  # pinned: stays in the play area (I5.7)
    ATK = 1  # attack (I12 Attack)
    TRD = 2  # trade route: stays in play but is not pinned (I13.4)
    A_SIDE = 3  # power-card face A ("advanced")
    B_SIDE = 4  # power-card face B ("basic")
    STATE = 5  # a state card


class Start(_Coded):
    """Start-position icons, the ``Start`` column (spec I1.10; seed PT l.440-449).
    Common cards have no start position (``Card.start is None``)."""

    IP = 0  # in the play area
    NAT = 1  # nation deck
    ACC = 2  # accession: bottom of the nation deck
    DEV = 3  # development area
    SUP = 4  # added to the shared unrest pile
    CHS = 5  # Cultist chaos pile
    D = 6  # starting draw deck (no icon)
    STATE = 7  # a state card (C0 labels them STATE)


class PlayerCount(_Coded):
    """Player-count corner icons (spec I1.11, C0 ``Pl``; seed PT l.451)."""

    TWO_PLUS = 0  # merchants only: picks which copies are in use
    THREE_PLUS = 1
    FOUR = 2

    @property
    def min_players(self) -> int:
        return (2, 3, 4)[self]


class Expansion(_Coded):
    """Expansion corner icons (spec I1.11, I3.3, C0 ``Exp``; seed PT l.169, l.452)."""

    TF = 0  # trade-friendly / needs Trade Routes
    RU = 1  # ruthless: removed with Trade Routes


class Trigger(_Coded):
    """Trigger kinds of the effect notation (spec C0 "Triggers").  ``ON_GAIN`` is King
    of Kings only (spec C1: resolved instead of being drawn, gained or taken)."""

    PLAY = 0
    FREE_ACTION = 1  # PLAY[free-action]: the card has the Free-action keyword
    EXHAUST = 2
    PASSIVE = 3
    SOLSTICE = 4
    END_OF_SOLSTICE = 5
    COMMERCE = 6
    PROFIT = 7  # PROFIT(3gds), always 3 goods (I13.6)
    SETUP = 8
    NOTE = 9
    ON_GAIN = 10


class Resource(_Coded):
    """The four resources (spec I1.5; seed PT l.212, l.300-303)."""

    MAT = 0
    POP = 1
    PRG = 2
    GDS = 3


class Face(IntEnum):
    """Face of a double-sided card: the ``A`` / ``B`` suffix of its id (spec C0 Id)."""

    A = 0
    B = 1


class Deck(IntEnum):
    """Which box section a card belongs to."""

    SHARED = 0  # spec C1: King of Kings, common unrest, standard state cards
    COMMON = 1  # spec C2: the Horizons common deck
    TRADE_ROUTES = 2  # spec C3: the Trade Routes expansion cards
    NATION = 3  # spec C4: a nation deck (see Card.nation)


class NationCode(_Coded):
    """The 14 Horizons nations, in the spec's C4 order (codes as printed by S2)."""

    ABB = 0
    AKS = 1
    CUL = 2
    GUP = 3
    INU = 4
    JPN = 5
    MAG = 6
    MRT = 7
    MAY = 8
    POL = 9
    SAS = 10
    TAI = 11
    TAN = 12
    WAG = 13


class Aggression(IntEnum):
    """The seed's aggression scale, Pacific to Ruthless (seed PT l.1638)."""

    PACIFIC = 0  # PACÍFICOS
    PARTIALLY_PACIFIC = 1  # PARCIALMENTE PACÍFICOS
    AGGRESSIVE = 2  # AGRESSIVOS
    RUTHLESS = 3  # IMPIEDOSOS


class SetupPile(IntEnum):
    """Where a nation card goes at player setup: the categories of the C4
    "Composition (data)" lines (spec I2.3-I2.14)."""

    POWER_CARD = 0
    STATE_CARD = 1  # special state card
    IN_PLAY = 2  # other in-play cards (ceremony cards, Mana)
    ACCESSION = 3
    DEVELOPMENT = 4
    NATION_DECK = 5
    DRAW_DECK = 6  # starting draw deck
    UNREST_PILE = 7  # SUP: to the shared unrest pile
    CHAOS_PILE = 8


_CODES: dict[type, dict] = {
    Suit: {s: s.name for s in Suit},
    StateIcon: {s: s.name for s in StateIcon},
    TypeIcon: {t: "#" + t.name.lower() for t in TypeIcon},
    Header: {Header.PIN: "PIN", Header.ATK: "ATK", Header.TRD: "TRD", Header.A_SIDE: "A-side",
             Header.B_SIDE: "B-side", Header.STATE: "STATE"},
    Start: {s: s.name for s in Start},
    PlayerCount: {PlayerCount.TWO_PLUS: "2+", PlayerCount.THREE_PLUS: "3+", PlayerCount.FOUR: "4"},
    Expansion: {e: e.name for e in Expansion},
    Trigger: {Trigger.PLAY: "PLAY", Trigger.FREE_ACTION: "PLAY[free-action]",
              Trigger.EXHAUST: "EXHAUST", Trigger.PASSIVE: "PASSIVE", Trigger.SOLSTICE: "SOLSTICE",
              Trigger.END_OF_SOLSTICE: "END-OF-SOLSTICE", Trigger.COMMERCE: "COMMERCE",
              Trigger.PROFIT: "PROFIT(3gds)", Trigger.SETUP: "SETUP", Trigger.NOTE: "NOTE",
              Trigger.ON_GAIN: "ON-GAIN"},
    Resource: {r: r.name.lower() for r in Resource},
    NationCode: {n: n.name for n in NationCode},
}


# ================================================================ VP representation
class Zone(IntEnum):
    """Where a VP rule counts or looks (spec I10.3, C0 VP column)."""

    SCORED = 0  # every card that scores: hand, play area, draw pile, discard, history (I10.3)
    IN_PLAY = 1  # your play area
    HISTORY = 2  # your history
    LEGENDS = 3  # the Polynesian legends pile (I16 Polynesians)
    HERE = 4  # on or under this very card (resources on it, cards garrisoned under it)
    UNDER_REGIONS = 5  # garrisoned under your REG cards
    POOL = 6  # your pool ("available resources")
    ON_YOUR_CARDS = 7  # resources sitting on your cards (Taino, I16)


class CountKind(IntEnum):
    """What a variable-VP rule counts."""

    SUIT = 0  # cards of any of ``suits`` (a two-suit card of both suits: the engine decides)
    TYPE_ICON = 1  # type icons among ``icons``, with multiplicity (I1.8)
    STATE_ICON = 2  # cards showing one of ``states``
    PINNED = 3  # pinned cards (PIN header)
    ATTACK = 4  # attack cards (ATK header)
    CARD = 5  # cards of any kind
    RESOURCE = 6  # resource tokens among ``resources`` (empty = any resource)
    GARRISONED = 7  # garrisoned cards


_ZONE_WORD = {Zone.IN_PLAY: " in-play", Zone.HISTORY: " in history", Zone.LEGENDS: " in legends",
              Zone.HERE: " here", Zone.ON_YOUR_CARDS: " on your cards"}


class Count(NamedTuple):
    """The thing a :class:`VarVP` counts: ``kind`` filtered by suits / icons / states /
    resources, in ``zone``; ``only_suits`` / ``except_suits`` restrict the cards looked at."""

    kind: CountKind
    suits: tuple[Suit, ...] = ()
    icons: tuple[TypeIcon, ...] = ()
    states: tuple[StateIcon, ...] = ()
    resources: tuple[Resource, ...] = ()
    zone: Zone = Zone.SCORED
    only_suits: tuple[Suit, ...] = ()
    except_suits: tuple[Suit, ...] = ()

    def phrase(self, divisor: int = 1) -> str:
        """The spec's wording of "per <divisor> <thing>" (C0), e.g. ``2 #production in-play``."""
        n = f"{divisor} " if divisor != 1 else ""
        zone = _ZONE_WORD.get(self.zone, "")
        k = self.kind
        if k is CountKind.RESOURCE:
            if self.resources:
                amount = str(divisor) if divisor != 1 else ""
                return amount + "/".join(r.code for r in self.resources) + zone
            return f"{n}resources{zone}"
        if k is CountKind.GARRISONED:
            if self.zone is Zone.UNDER_REGIONS:
                return f"{n}GARRISONED card in REG"
            return f"{n}GARRISONED card{'s' if divisor != 1 else ''}{zone}"
        if k is CountKind.CARD:
            return f"{n}cards{zone}"
        if k is CountKind.SUIT:
            body = "/".join(s.code for s in self.suits)
        elif k is CountKind.TYPE_ICON:
            body = "/".join(t.code for t in self.icons)
        elif k is CountKind.STATE_ICON:
            body = "/".join(s.code for s in self.states)
        elif k is CountKind.PINNED:
            body = "PINNED"
        else:
            body = "ATTACK"
        out = n + body + zone
        if self.only_suits:
            out += " (" + "/".join(s.code for s in self.only_suits) + " only)"
        if self.except_suits:
            out += ", except " + "/".join(s.code for s in self.except_suits)
        return out


class FixedVP(NamedTuple):
    """A printed number of VP, possibly negative (I1.12).  ``return_unrest`` > 0 adds
    the scoring-time effect of *Miyabi*: before scoring, return up to that many unrest
    (seed PT l.1596-1602)."""

    amount: int
    return_unrest: int = 0

    def notation(self) -> str:
        if self.return_unrest:
            return f"{self.amount}; RETURN up to {self.return_unrest} UNREST before scoring"
        return str(self.amount)


class VarVP(NamedTuple):
    """Variable VP: ``amount`` VP per ``divisor`` counted things (I1.12; C0 ``var:``)."""

    amount: int
    per: Count
    divisor: int = 1

    def notation(self) -> str:
        return f"var: {self.amount}VP per {self.per.phrase(self.divisor)}"


class CondVP(NamedTuple):
    """Conditional VP (I1.12; C0 ``cond:``): ``amount`` if the card lies in ``zone``
    (or, ``negated``, unless it does); ``otherwise`` VP when the condition fails."""

    amount: int
    zone: Zone
    negated: bool = False
    otherwise: int = 0

    def notation(self) -> str:
        where = "in-play" if self.zone is Zone.IN_PLAY else _ZONE_WORD[self.zone].strip()
        out = f"cond: {self.amount}VP {'unless' if self.negated else 'if'} {where}"
        if self.otherwise:
            out += f", {self.otherwise}VP otherwise"
        return out


class UnstructuredVP(NamedTuple):
    """A VP rule the types above cannot express: the spec notation kept verbatim and
    flagged.  No Horizons card needs it (see :data:`VP_UNSTRUCTURED`)."""

    notation_text: str

    def notation(self) -> str:
        return self.notation_text


VPRule = Union[FixedVP, VarVP, CondVP, UnstructuredVP]


# ============================================================= development cost
class DevConditionKind(IntEnum):
    """Special conditions of a development cost (C0 ``Dev cost``)."""

    REQUIRES_IN_PLAY = 0  # the named card must be in play
    REQUIRES_IN_HISTORY = 1  # the named card must be in your history
    FREE_IF_IN_PLAY = 2  # the whole cost is waived while the named card is in play
    LAST_IN_DEVELOPMENT_AREA = 3  # developable only as the last card of the area


class DevCondition(NamedTuple):
    kind: DevConditionKind
    card: str | None = None  # name of the referenced card, in the same nation deck


class DevCost(NamedTuple):
    """Development cost (I8.4; C0 ``Dev cost``): resources to pay, Polynesian mana
    (``mana_discard``: discard that many mana cards; ``mana_legends``: put that many
    into legends; I16 Polynesians) and special conditions."""

    mat: int = 0
    pop: int = 0
    prg: int = 0
    gds: int = 0
    mana_discard: int = 0
    mana_legends: int = 0
    conditions: tuple[DevCondition, ...] = ()

    def resources(self) -> dict[Resource, int]:
        return {r: n for r, n in zip(Resource, (self.mat, self.pop, self.prg, self.gds)) if n}


# ========================================================================= cards
_FACE_ID = re.compile(r"^(.*\d)([AB])$")


@dataclass(frozen=True)
class Card:
    """One card (one face of a double-sided card), spec C0 columns.

    ``suits`` banner first (a repeated suit counts twice, e.g. *Nunavut* ``REG+REG``);
    ``types`` keeps repeated icons; ``triggers`` are the distinct trigger kinds of the
    effect in order of appearance; ``vp`` is ``None`` for a blank VP cell and
    ``dev_cost`` is ``None`` unless the card has one (DEV cards).  Optional fields are
    ``None`` when blank: test them with ``is None``, since enum members valued 0
    (``Header.PIN``, ``Start.IP`` ...) are falsy."""

    id: str
    name: str
    suits: tuple[Suit, ...]
    states: tuple[StateIcon, ...]
    types: tuple[TypeIcon, ...]
    header: Header | None
    start: Start | None
    players: PlayerCount | None
    expansion: Expansion | None
    vp: VPRule | None
    dev_cost: DevCost | None
    triggers: tuple[Trigger, ...]
    deck: Deck
    nation: NationCode | None
    source: str
    face: Face | None = field(init=False)
    physical: str = field(init=False)

    def __post_init__(self):
        # Every id ending in digit + A/B is one face of a double-sided card (spec C0 Id);
        # the test suite checks that each such face has its sibling.
        m = _FACE_ID.match(self.id)
        object.__setattr__(self, "face", Face[m.group(2)] if m else None)
        object.__setattr__(self, "physical", m.group(1) if m else self.id)

    @property
    def banner(self) -> Suit | None:
        """The banner colour suit (I1.6), ``None`` for a grey (suitless) banner."""
        return self.suits[0] if self.suits else None


class _Row(NamedTuple):
    """One spec table row before expansion into cards (ids: all the merged ids)."""

    ids: tuple[str, ...]
    name: str
    suits: tuple[Suit, ...]
    states: tuple[StateIcon, ...]
    types: tuple[TypeIcon, ...]
    header: Header | None
    start: Start | None
    players: PlayerCount | None
    exp: Expansion | None
    vp: VPRule | None
    cost: DevCost | None
    trig: tuple[Trigger, ...]
    row: str | None  # row label when the spec row has no id (C1 prose)


def _r(ids, name, suits=(), *, states=(), types=(), header=None, start=None, players=None,
       exp=None, vp=None, cost=None, trig=(), row=None) -> _Row:
    ids = (ids,) if isinstance(ids, str) else tuple(ids)
    return _Row(ids, name, suits, states, types, header, start, players, exp, vp, cost, trig, row)


def _expand(section: str, deck: Deck, nation: NationCode | None, rows: tuple[_Row, ...]) -> tuple[Card, ...]:
    """Cards of one spec table: one Card per id, the source citing section and row."""
    out = []
    for row in rows:
        label = row.row or (row.ids[0] if len(row.ids) == 1 else f"{', '.join(row.ids)} (×{len(row.ids)})")
        for card_id in row.ids:
            out.append(Card(card_id, row.name, row.suits, row.states, row.types, row.header,
                            row.start, row.players, row.exp, row.vp, row.cost, row.trig, deck,
                            nation, f"imperium.md {section}, row {label}"))
    return tuple(out)


# =================================================================== card tables
# Short names for the rows below, spelled as the spec's C0 codes; deleted after the
# tables.  Header.STATE and Start.STATE keep their long names (both are "STATE").
REG, UNC, CIV, TRI, FAME, UNREST, GADGET, POWER, TROUTE = Suit
BARB, EMP, ISLE, VOY, CORR, SUMM = StateIcon
CITY, FERTILE, HUNT, KNIGHT, MASK, MERCHANT, METROPOLIS, WONDER, OCEAN, PRODUCTION, RIVER, SCROLL = TypeIcon
PIN, ATK, TRD, A_SIDE, B_SIDE = Header.PIN, Header.ATK, Header.TRD, Header.A_SIDE, Header.B_SIDE
IP, NAT, ACC, DEV, SUP, CHS, D = Start.IP, Start.NAT, Start.ACC, Start.DEV, Start.SUP, Start.CHS, Start.D
TWO_PLUS, THREE_PLUS, FOUR = PlayerCount
TF, RU = Expansion
MAT, POP, PRG, GDS = Resource
PLAY, FREE_ACTION, EXHAUST, PASSIVE, SOLSTICE, END_OF_SOLSTICE, COMMERCE, PROFIT, SETUP, NOTE, ON_GAIN = Trigger


def _needs_in_play(name: str) -> DevCondition:
    return DevCondition(DevConditionKind.REQUIRES_IN_PLAY, name)


def _needs_in_history(name: str) -> DevCondition:
    return DevCondition(DevConditionKind.REQUIRES_IN_HISTORY, name)


def _free_if_in_play(name: str) -> DevCondition:
    return DevCondition(DevConditionKind.FREE_IF_IN_PLAY, name)


_LAST_IN_DEV_AREA = DevCondition(DevConditionKind.LAST_IN_DEVELOPMENT_AREA)

#: Components shared by every game (spec C1): King of Kings, the 12 common unrest cards
#: and the 4 standard state cards.
#:
#: * King of Kings is double-sided and resolved instead of being gained (spec C1, I11).
#:   Its printed Horizons code is not legible in our sources (seed PT l.1604 says
#:   "3FAM9/9", but the Horizons fame cards run x/10, seed PT l.1622, and S2's 3FAM9 is
#:   *Influential*), so its id is taken as ``3FAM10`` (see SEED_DIFFERENCES).
#: * Unrest: UNR1-8 unmarked, UNR9-10 ``3+``, UNR11-12 ``4`` (spec I3.6 [D]).
#: * Standard state cards: 4 copies, side A Barbarian, side B Empire, no text (spec C1,
#:   I1.3; seed PT l.281).  Ids ``STATE1A`` ... ``STATE4B`` are ours: the spec gives none.
SHARED_CARDS: tuple[Card, ...] = (
    *_expand("C1", Deck.SHARED, None, (
        _r("3FAM10A", "King of Kings", (FAME,), header=A_SIDE, trig=(ON_GAIN,),
           row="King of Kings, side A"),
        _r("3FAM10B", "King of Kings", (FAME,), header=B_SIDE, trig=(ON_GAIN,),
           row="King of Kings, side B"),
        _r(("UNR1", "UNR2", "UNR3", "UNR4", "UNR5", "UNR6", "UNR7", "UNR8"), "Unrest", (UNREST,),
           vp=FixedVP(-2), trig=(PLAY,)),
        _r(("UNR9", "UNR10"), "Unrest", (UNREST,), players=THREE_PLUS, vp=FixedVP(-2),
           trig=(PLAY,)),
        _r(("UNR11", "UNR12"), "Unrest", (UNREST,), players=FOUR, vp=FixedVP(-2), trig=(PLAY,)),
        *(_r(f"STATE{k}{side}", name, states=(state,), header=Header.STATE, start=Start.STATE,
             row=f"standard state card, {name} side")
          for k in range(1, 5) for side, name, state in (("A", "Barbarian", BARB), ("B", "Empire", EMP))),
    )),
)

#: The Horizons common deck, 78 cards (spec C2; seed PT l.251-256).  King of Kings is in
#: SHARED_CARDS (spec C1) and *Welcoming* in TRADE_ROUTE_CARDS (spec C3).
COMMON_CARDS: tuple[Card, ...] = (
    *_expand("C2.Fame", Deck.COMMON, None, (
        _r(("3FAM1", "3FAM2"), "Supreme", (FAME,), vp=FixedVP(11), trig=(PLAY,)),
        _r("3FAM4", "Determined", (FAME,), types=(KNIGHT,),
           vp=VarVP(1, Count(CountKind.GARRISONED, zone=Zone.UNDER_REGIONS)), trig=(PLAY,)),
        _r("3FAM5", "Canny", (FAME,), vp=FixedVP(6), trig=(PLAY,)),
        _r("3FAM6", "Honourable", (FAME,), vp=FixedVP(5), trig=(FREE_ACTION,)),
        _r("3FAM7", "Brave", (FAME,), vp=FixedVP(8), trig=(FREE_ACTION,)),
        _r("3FAM8", "Intrepid", (FAME,), header=PIN, vp=FixedVP(5), trig=(FREE_ACTION, EXHAUST)),
        _r("3FAM9", "Influential", (FAME,), vp=FixedVP(3), trig=(FREE_ACTION,)),
    )),
    *_expand("C2.Uncivilised", Deck.COMMON, None, (
        _r("3UNC1", "Navigation", (UNC,), header=PIN, players=FOUR, vp=FixedVP(1),
           trig=(PASSIVE, EXHAUST)),
        _r("3UNC10", "Vineyards", (UNC,), header=PIN,
           vp=VarVP(2, Count(CountKind.TYPE_ICON, icons=(FERTILE,))), trig=(EXHAUST,)),
        _r("3UNC11", "Catamarans", (UNC,), header=PIN,
           vp=VarVP(2, Count(CountKind.TYPE_ICON, icons=(OCEAN,))), trig=(EXHAUST,)),
        _r("3UNC12", "Terraces", (UNC,), types=(PRODUCTION,), header=PIN,
           vp=VarVP(1, Count(CountKind.TYPE_ICON, icons=(PRODUCTION,)), divisor=3),
           trig=(EXHAUST,)),
        _r("3UNC13", "Hunters and Trackers", (UNC,), states=(BARB,), types=(HUNT,),
           vp=VarVP(1, Count(CountKind.TYPE_ICON, icons=(HUNT,))), trig=(PLAY,)),
        _r("3UNC14", "River Raiders", (UNC,), states=(BARB,), header=ATK, exp=RU,
           vp=VarVP(2, Count(CountKind.TYPE_ICON, icons=(RIVER,))), trig=(PLAY,)),
        _r(("3UNC15", "3UNC16"), "Trading City", (UNC, CIV), types=(CITY, PRODUCTION), header=PIN,
           vp=FixedVP(1), trig=(SOLSTICE,)),
        _r("3UNC17", "City", (UNC, CIV), types=(CITY,), header=PIN, vp=FixedVP(1),
           trig=(SOLSTICE,)),
        _r("3UNC18", "Trading City", (UNC, CIV), types=(CITY, PRODUCTION), header=PIN,
           players=THREE_PLUS, vp=FixedVP(1), trig=(SOLSTICE,)),
        _r("3UNC19", "Cultural Diversity", (UNC, CIV), vp=FixedVP(1), trig=(FREE_ACTION,)),
        _r("3UNC2", "Undecipherable Scroll", (UNC,), states=(BARB,), types=(SCROLL,),
           vp=FixedVP(1), trig=(PLAY,)),
        _r("3UNC20", "Seaport", (UNC, CIV), types=(OCEAN, CITY, PRODUCTION), header=PIN, exp=TF,
           vp=VarVP(1, Count(CountKind.SUIT, suits=(TROUTE,))), trig=(EXHAUST,)),
        _r("3UNC21", "Travellers", (UNC, CIV), players=THREE_PLUS,
           vp=VarVP(1, Count(CountKind.SUIT, suits=(REG, TRI), zone=Zone.HISTORY)), trig=(PLAY,)),
        _r("3UNC22", "Barter", (UNC, CIV), exp=TF, vp=FixedVP(1), trig=(FREE_ACTION,)),
        _r("3UNC23", "Protection", (UNC, CIV), header=PIN, exp=RU, vp=FixedVP(1), trig=(PASSIVE,)),
        _r("3UNC24", "Golden Mask", (UNC, CIV), types=(MASK,), vp=CondVP(2, Zone.HISTORY),
           trig=(PLAY,)),
        _r("3UNC25", "Pirates", (UNC, CIV), types=(OCEAN,), header=ATK, exp=RU, vp=FixedVP(1),
           trig=(PLAY,)),
        _r("3UNC3", "Elders", (UNC,), vp=FixedVP(1), trig=(PLAY,)),
        _r("3UNC4", "Trade Caravans", (UNC,), states=(BARB,), types=(PRODUCTION,), header=PIN,
           vp=FixedVP(1), trig=(EXHAUST,)),
        _r("3UNC5", "Warfare", (UNC,), header=ATK, exp=RU, vp=FixedVP(1), trig=(PLAY,)),
        _r("3UNC6", "Altar", (UNC,), states=(BARB,), header=PIN,
           vp=VarVP(1, Count(CountKind.TYPE_ICON, icons=(RIVER, FERTILE, OCEAN)), divisor=2),
           trig=(EXHAUST,)),
        _r("3UNC7", "Trading Post", (UNC,), states=(BARB,), types=(PRODUCTION, CITY, MERCHANT),
           header=PIN, exp=TF, vp=VarVP(2, Count(CountKind.TYPE_ICON, icons=(RIVER,))),
           trig=(EXHAUST,)),
        _r("3UNC8", "Priesthood", (UNC,), types=(WONDER,), header=PIN, players=THREE_PLUS,
           vp=FixedVP(1), trig=(PLAY, EXHAUST, SOLSTICE)),
        _r("3UNC9", "Oracle", (UNC,), states=(BARB,),
           vp=VarVP(2, Count(CountKind.SUIT, suits=(FAME,))), trig=(FREE_ACTION,)),
    )),
    *_expand("C2.Civilised", Deck.COMMON, None, (
        _r("3CIV1", "Taxation", (CIV,), states=(EMP,), players=FOUR, vp=FixedVP(2),
           trig=(FREE_ACTION,)),
        _r("3CIV10", "Couriers", (CIV,), states=(EMP,), header=PIN, vp=FixedVP(2),
           trig=(PASSIVE, SOLSTICE)),
        _r("3CIV11", "Smugglers", (CIV,), states=(EMP,), header=ATK, exp=RU,
           vp=VarVP(1, Count(CountKind.CARD), divisor=10), trig=(PLAY,)),
        _r("3CIV12", "Market Stall", (CIV,), states=(EMP,), types=(MERCHANT,), header=PIN,
           vp=VarVP(1, Count(CountKind.RESOURCE, resources=(GDS,), zone=Zone.POOL)),
           trig=(EXHAUST,)),
        _r("3CIV13", "Mercenaries", (CIV,), states=(EMP,),
           vp=VarVP(1, Count(CountKind.RESOURCE, resources=(POP,), zone=Zone.POOL), divisor=4),
           trig=(FREE_ACTION,)),
        _r("3CIV14", "Gardening", (CIV,), states=(EMP,),
           vp=VarVP(1, Count(CountKind.TYPE_ICON, icons=(CITY, METROPOLIS))), trig=(PLAY,)),
        _r("3CIV15", "Bucellarii", (CIV,), states=(EMP,), types=(KNIGHT,), vp=FixedVP(2),
           trig=(PLAY,)),
        _r("3CIV16", "Tyranny", (CIV,), states=(EMP,), header=ATK, exp=RU,
           vp=CondVP(4, Zone.HISTORY), trig=(PLAY,)),
        _r("3CIV17", "Triremes", (CIV,), states=(EMP,), header=ATK, exp=RU, vp=FixedVP(2),
           trig=(FREE_ACTION,)),
        _r("3CIV18", "Imports", (CIV,), states=(EMP,), exp=TF,
           vp=VarVP(1, Count(CountKind.CARD), divisor=10), trig=(PLAY,)),
        _r("3CIV2", "Epic Poetry", (CIV,), states=(EMP,), header=PIN, vp=FixedVP(2),
           trig=(PASSIVE,)),
        _r("3CIV3", "Moneylenders", (CIV,), states=(EMP,),
           vp=VarVP(1, Count(CountKind.RESOURCE, resources=(MAT,), zone=Zone.POOL), divisor=10),
           trig=(FREE_ACTION,)),
        _r("3CIV4", "Nabataean Kingdom", (CIV, TRI), states=(EMP,), exp=TF, vp=FixedVP(3),
           trig=(PLAY,)),
        _r("3CIV5", "Scribes", (CIV,), states=(EMP,),
           vp=VarVP(1, Count(CountKind.CARD, zone=Zone.HISTORY), divisor=3), trig=(FREE_ACTION,)),
        _r("3CIV6", "Metropolis", (CIV,), states=(EMP,), types=(METROPOLIS,), header=PIN,
           vp=FixedVP(2), trig=(SOLSTICE,)),
        _r("3CIV7", "Warehouse", (CIV,), states=(EMP,), header=PIN, exp=TF, vp=FixedVP(2),
           trig=(EXHAUST, SOLSTICE)),
        _r("3CIV8", "Harbour City", (CIV,), states=(EMP,), types=(CITY, PRODUCTION, OCEAN),
           header=PIN, players=THREE_PLUS, vp=FixedVP(2), trig=(SOLSTICE,)),
        _r("3CIV9", "Magistrate", (CIV,), states=(EMP,), players=FOUR,
           vp=VarVP(1, Count(CountKind.TYPE_ICON, icons=(PRODUCTION,)), divisor=2), trig=(PLAY,)),
    )),
    *_expand("C2.Region", Deck.COMMON, None, (
        _r("3REG1", "Volcano", (REG,), states=(BARB,), types=(FERTILE,), header=PIN,
           vp=CondVP(3, Zone.IN_PLAY), trig=(PLAY,)),
        _r("3REG10", "Valley", (REG,), types=(PRODUCTION, PRODUCTION, FERTILE), header=PIN,
           trig=(PLAY,)),
        _r("3REG11", "Borderland", (REG,), types=(RIVER,), header=PIN,
           vp=VarVP(1, Count(CountKind.RESOURCE, resources=(POP,), zone=Zone.POOL), divisor=5),
           trig=(PLAY, EXHAUST)),
        _r("3REG12", "Alluvial Plain", (REG,), types=(PRODUCTION, RIVER, FERTILE), header=PIN,
           trig=(PLAY,)),
        _r("3REG13", "Heath", (REG,), types=(HUNT,), header=PIN, players=THREE_PLUS, trig=(PLAY,)),
        _r("3REG14", "Distant Island", (REG,), types=(PRODUCTION, OCEAN), header=PIN, trig=(PLAY,)),
        _r("3REG2", "Mangrove", (REG,), types=(FERTILE, OCEAN), header=PIN, trig=(PLAY,)),
        _r("3REG3", "Lagoon", (REG,), types=(PRODUCTION, OCEAN), header=PIN, trig=(PLAY,)),
        _r("3REG4", "River Delta", (REG,), types=(FERTILE, RIVER), header=PIN, exp=TF,
           trig=(PLAY,)),
        _r("3REG5", "Rift Valley", (REG,), types=(PRODUCTION, RIVER), header=PIN,
           trig=(PLAY, SOLSTICE)),
        _r("3REG6", "Glacier", (REG,), types=(HUNT,), header=PIN, vp=CondVP(2, Zone.HISTORY),
           trig=(PLAY, EXHAUST)),
        _r("3REG7", "Savannah", (REG,), types=(HUNT, RIVER), header=PIN, trig=(PLAY,)),
        _r("3REG8", "Scrubland", (REG,), types=(PRODUCTION, PRODUCTION), header=PIN,
           trig=(PLAY, SOLSTICE)),
        _r("3REG9", "Bogs", (REG,), types=(PRODUCTION, RIVER), header=PIN, trig=(PLAY,)),
    )),
    *_expand("C2.Tributary", Deck.COMMON, None, (
        _r("3TRI1", "Melayu Kingdom", (TRI,), vp=FixedVP(3), trig=(PLAY,)),
        _r("3TRI10", "Sabaeans", (TRI,), vp=FixedVP(3), trig=(PLAY,)),
        _r("3TRI11", "Cimmerians", (TRI,), players=FOUR, vp=FixedVP(3), trig=(PLAY,)),
        _r("3TRI12", "Illyrians", (TRI,), states=(BARB,), header=PIN, exp=RU, vp=FixedVP(3),
           trig=(EXHAUST,)),
        _r("3TRI13", "Tyrrhenians", (TRI,), header=ATK, exp=RU,
           vp=VarVP(1, Count(CountKind.ATTACK)), trig=(FREE_ACTION,)),
        _r("3TRI2", "Harrapans", (TRI,), states=(EMP,), types=(METROPOLIS,), header=PIN,
           players=THREE_PLUS, vp=FixedVP(3), trig=(SOLSTICE,)),
        _r("3TRI3", "Goryeo", (TRI,), vp=FixedVP(3), trig=(PLAY,)),
        _r("3TRI4", "Akkadians", (TRI,), vp=VarVP(1, Count(CountKind.SUIT, suits=(TRI,))),
           trig=(PLAY,)),
        _r("3TRI5", "Byzantines", (TRI,), states=(EMP,), vp=FixedVP(3), trig=(PLAY,)),
        _r("3TRI6", "Punt", (TRI,), states=(BARB,), exp=TF, vp=FixedVP(3), trig=(PLAY,)),
        _r("3TRI7", "Seleucid Empire", (TRI,), types=(CITY, PRODUCTION), header=PIN, vp=FixedVP(3),
           trig=(SOLSTICE,)),
        _r("3TRI8", "Carolingian Kingdom", (TRI,), types=(KNIGHT,), vp=FixedVP(3), trig=(PLAY,)),
        _r("3TRI9", "Khmer Empire", (TRI,),
           vp=VarVP(1, Count(CountKind.SUIT, suits=(REG,)), divisor=4), trig=(PLAY,)),
    )),
)

#: The Trade Routes expansion cards: 4 double-sided Merchant cards, *Welcoming*, 9 common
#: trade routes (spec C3, I1.3; seed PT l.329-333).
TRADE_ROUTE_CARDS: tuple[Card, ...] = _expand("C3", Deck.TRADE_ROUTES, None, (
    _r("MERC1A", "Merchant", (POWER,), types=(MERCHANT,), start=IP, exp=TF, trig=(EXHAUST,)),
    _r("MERC2A", "Merchant", (POWER,), types=(MERCHANT,), start=IP, players=TWO_PLUS, exp=TF,
       trig=(EXHAUST,)),
    _r("MERC3A", "Merchant", (POWER,), types=(MERCHANT,), start=IP, players=THREE_PLUS, exp=TF,
       trig=(EXHAUST,)),
    _r("MERC4A", "Merchant", (POWER,), types=(MERCHANT,), start=IP, players=FOUR, exp=TF,
       trig=(EXHAUST,)),
    _r("MERC1B", "Merchant Empire", (POWER,), types=(MERCHANT, PRODUCTION, PRODUCTION),
       start=IP, exp=TF,
       vp=VarVP(1, Count(CountKind.TYPE_ICON, icons=(PRODUCTION,), zone=Zone.IN_PLAY), divisor=2),
       trig=(EXHAUST,)),
    _r("MERC2B", "Merchant Empire", (POWER,), types=(MERCHANT, PRODUCTION, PRODUCTION),
       start=IP, players=TWO_PLUS, exp=TF,
       vp=VarVP(1, Count(CountKind.TYPE_ICON, icons=(PRODUCTION,), zone=Zone.IN_PLAY), divisor=2),
       trig=(EXHAUST,)),
    _r("MERC3B", "Merchant Empire", (POWER,), types=(MERCHANT, PRODUCTION, PRODUCTION),
       start=IP, players=THREE_PLUS, exp=TF,
       vp=VarVP(1, Count(CountKind.TYPE_ICON, icons=(PRODUCTION,), zone=Zone.IN_PLAY), divisor=2),
       trig=(EXHAUST,)),
    _r("MERC4B", "Merchant Empire", (POWER,), types=(MERCHANT, PRODUCTION, PRODUCTION),
       start=IP, players=FOUR, exp=TF,
       vp=VarVP(1, Count(CountKind.TYPE_ICON, icons=(PRODUCTION,), zone=Zone.IN_PLAY), divisor=2),
       trig=(EXHAUST,)),
    _r("3FAM3", "Welcoming", (FAME, TROUTE), header=TRD, exp=TF, vp=FixedVP(5),
       trig=(COMMERCE, PROFIT)),
    _r("3TRO1", "Cornwall Tin Road", (TROUTE,), header=TRD, exp=TF,
       vp=VarVP(1, Count(CountKind.STATE_ICON, states=(BARB,), only_suits=(UNC, REG, TRI))),
       trig=(COMMERCE, PROFIT)),
    _r("3TRO2", "Lapis Lazuli Trade", (TROUTE,), header=TRD, exp=TF, vp=FixedVP(1),
       trig=(COMMERCE, PROFIT)),
    _r("3TRO3", "Philippines Jade Trade", (TROUTE,), types=(OCEAN,), header=TRD, exp=TF,
       vp=FixedVP(1), trig=(COMMERCE, PROFIT)),
    _r("3TRO4", "Baltic Amber Road", (TROUTE,), header=TRD, exp=TF, vp=FixedVP(1),
       trig=(COMMERCE, PROFIT)),
    _r("3TRO5", "Hopewell Exchange System", (TROUTE,), types=(HUNT,), header=TRD, exp=TF,
       vp=FixedVP(1), trig=(COMMERCE, PROFIT)),
    _r("3TRO6", "Swahili Coast", (TROUTE,), types=(FERTILE,), header=TRD, exp=TF,
       vp=FixedVP(1), trig=(COMMERCE, PROFIT)),
    _r("3TRO7", "The Nile Corridor", (TROUTE,), types=(RIVER,), header=TRD, exp=TF,
       vp=CondVP(2, Zone.HISTORY), trig=(COMMERCE, PROFIT)),
    _r("3TRO8", "Andes Highway", (TROUTE,), header=TRD, exp=TF, vp=FixedVP(1),
       trig=(COMMERCE, PROFIT)),
    _r("3TRO9", "Mediterranean Circle", (TROUTE,), types=(CITY,), header=TRD,
       players=THREE_PLUS, exp=TF, vp=VarVP(1, Count(CountKind.TYPE_ICON, icons=(OCEAN,))),
       trig=(COMMERCE, PROFIT)),
))

#: The 14 Horizons nation decks, every card (spec C4; seed PT l.258-273).
NATION_CARDS: dict[NationCode, tuple[Card, ...]] = {
    # Abbasids
    NationCode.ABB: _expand("C4.ABB", Deck.NATION, NationCode.ABB, (
        _r("ABB1A", "Abbasids", (POWER,), header=A_SIDE, start=IP, exp=TF,
           vp=VarVP(1, Count(CountKind.CARD), divisor=7), trig=(EXHAUST,)),
        _r("ABB1B", "Abbasids", (POWER,), header=B_SIDE, start=IP, exp=TF,
           vp=VarVP(1, Count(CountKind.CARD), divisor=3)),
        _r("ABB2", "Baghdad", (), types=(METROPOLIS, PRODUCTION), header=PIN, start=ACC, exp=TF,
           trig=(SOLSTICE,)),
        _r("ABB3", "Dredging The Tigris", (), states=(EMP,), types=(MERCHANT,), header=PIN,
           start=DEV, exp=TF, vp=VarVP(1, Count(CountKind.TYPE_ICON, icons=(RIVER, OCEAN))),
           cost=DevCost(mat=5), trig=(EXHAUST,)),
        _r("ABB4", "Glass Working", (), states=(EMP,), types=(MERCHANT, PRODUCTION, PRODUCTION),
           header=PIN, start=DEV, exp=TF,
           vp=VarVP(1, Count(CountKind.RESOURCE, resources=(GDS,), zone=Zone.HERE), divisor=2),
           cost=DevCost(mat=4, pop=2), trig=(PASSIVE, SOLSTICE)),
        _r("ABB5", "al-Ma'mun", (), states=(EMP,), start=DEV, exp=TF,
           vp=VarVP(1, Count(CountKind.SUIT, suits=(TROUTE,))), cost=DevCost(pop=3, gds=2),
           trig=(PLAY,)),
        _r("ABB6", "Grand Library of Baghdad", (), states=(EMP,), header=PIN, start=DEV, exp=TF,
           vp=VarVP(1, Count(CountKind.GARRISONED, zone=Zone.HERE)),
           cost=DevCost(mat=4, pop=2, conditions=(_needs_in_play("Baghdad"),)),
           trig=(PLAY, SOLSTICE)),
        _r("ABB7", "Grand Caliphate", (), states=(EMP,), start=DEV, exp=TF,
           vp=CondVP(3, Zone.HISTORY), cost=DevCost(prg=1, gds=1), trig=(PLAY,)),
        _r("ABB8", "Turkish Mercenaries", (), states=(EMP,), start=DEV, exp=TF,
           vp=CondVP(3, Zone.HISTORY), cost=DevCost(pop=4), trig=(FREE_ACTION,)),
        _r("ABB9", "Glory", (), start=NAT, exp=TF, trig=(PLAY,)),
        _r("ABB10", "al Mansur", (), start=NAT, exp=TF, trig=(PLAY,)),
        _r("ABB11", "Maritime Spice Route", (TROUTE,), types=(OCEAN,), header=TRD, start=NAT,
           exp=TF, trig=(COMMERCE, PROFIT)),
        _r("ABB12", "Western Silk Road", (TROUTE,), header=TRD, start=NAT, exp=TF,
           trig=(COMMERCE, PROFIT)),
        _r("ABB13", "Jazira", (REG,), types=(RIVER,), header=PIN, start=NAT, exp=TF, trig=(PLAY,)),
        _r("ABB14", "Grand Mosque of Damascus", (), header=PIN, start=NAT, exp=TF,
           trig=(SOLSTICE,)),
        _r(("ABB15", "ABB22", "ABB23"), "Unrest", (UNREST,), start=D, exp=TF, vp=FixedVP(-2),
           trig=(PLAY,)),
        _r("ABB16", "Prosperity", (), start=D, exp=TF, trig=(PLAY,)),
        _r("ABB17", "Advance", (), states=(BARB,), start=D, exp=TF, trig=(PLAY,)),
        _r("ABB18", "Abbasid Revolution", (), states=(BARB,), start=D, exp=TF, trig=(PLAY,)),
        _r("ABB19", "Khorosan", (REG,), types=(PRODUCTION, PRODUCTION), header=PIN, start=D,
           exp=TF, trig=(PLAY,)),
        _r("ABB20", "Conquer", (), states=(BARB,), start=D, exp=TF, trig=(PLAY,)),
        _r("ABB21", "Irrigation", (), header=PIN, start=D, exp=TF, trig=(EXHAUST,)),
    )),
    # Aksumites
    NationCode.AKS: _expand("C4.AKS", Deck.NATION, NationCode.AKS, (
        _r("AKS1A", "Aksumites", (POWER,), header=A_SIDE, start=IP, exp=TF,
           vp=VarVP(1, Count(CountKind.RESOURCE, resources=(MAT,), zone=Zone.POOL), divisor=6),
           trig=(EXHAUST,)),
        _r("AKS1B", "Aksumites", (POWER,), header=B_SIDE, start=IP, exp=TF,
           vp=VarVP(1, Count(CountKind.TYPE_ICON, icons=(PRODUCTION,)))),
        _r("AKS2", "Maritime Spice Route", (TROUTE,), types=(OCEAN,), header=TRD, start=ACC,
           exp=TF, trig=(COMMERCE, PROFIT)),
        _r("AKS3", "King Endubis", (), states=(EMP,), start=DEV, exp=TF,
           vp=VarVP(1, Count(CountKind.TYPE_ICON, icons=(PRODUCTION,)), divisor=2),
           cost=DevCost(mat=2, pop=3), trig=(PLAY,)),
        _r("AKS4", "Aksumite Coinage", (), states=(EMP,), types=(PRODUCTION, MERCHANT), header=PIN,
           start=DEV, exp=TF, vp=FixedVP(2), cost=DevCost(mat=4, pop=3), trig=(EXHAUST, SOLSTICE)),
        _r("AKS5", "Himyarite Kingdom", (TRI,), states=(EMP,), start=DEV, exp=TF, vp=FixedVP(1),
           cost=DevCost(pop=2), trig=(FREE_ACTION,)),
        _r("AKS6", "Conversion to Christianity", (), states=(EMP,), start=DEV, exp=TF,
           vp=VarVP(1, Count(CountKind.SUIT, suits=(REG,), zone=Zone.IN_PLAY)),
           cost=DevCost(mat=5), trig=(FREE_ACTION,)),
        _r("AKS7", "Land of Sheba", (REG,), states=(EMP,), types=(PRODUCTION, PRODUCTION, FERTILE),
           header=PIN, start=DEV, exp=TF, vp=FixedVP(1), cost=DevCost(pop=2), trig=(PLAY,)),
        _r("AKS8", "Exotic Trade", (), states=(EMP,), start=DEV, exp=TF, vp=FixedVP(2),
           cost=DevCost(mat=3, gds=1, conditions=(_free_if_in_play("Land of Sheba"),)),
           trig=(FREE_ACTION,)),
        _r("AKS9", "Stelae", (), header=PIN, start=NAT, exp=TF,
           vp=VarVP(1, Count(CountKind.GARRISONED, zone=Zone.HERE), divisor=2),
           trig=(EXHAUST, SOLSTICE)),
        _r("AKS10", "Kingdom of Kush", (TRI,), states=(BARB,), start=NAT, exp=TF, trig=(PLAY,)),
        _r("AKS11", "City of Adulis", (), types=(OCEAN, CITY), header=PIN, start=NAT, exp=TF,
           trig=(SOLSTICE,)),
        _r("AKS12", "Glory", (), start=NAT, exp=TF, trig=(PLAY,)),
        _r("AKS13", "Unrest", (UNREST,), start=NAT, exp=TF, vp=FixedVP(-2), trig=(PLAY,)),
        _r("AKS14", "City of Axum", (), types=(CITY,), header=PIN, start=D, exp=TF,
           trig=(SOLSTICE,)),
        _r("AKS15", "Eritrean Highlands", (REG,), types=(PRODUCTION,), header=PIN, start=D, exp=TF,
           trig=(PLAY,)),
        _r("AKS16", "Amhara", (REG,), types=(RIVER, PRODUCTION), header=PIN, start=D, exp=TF,
           trig=(PLAY,)),
        _r("AKS17", "Salt Mines", (), header=PIN, start=D, exp=TF, vp=CondVP(1, Zone.HISTORY),
           trig=(PASSIVE,)),
        _r("AKS18", "Ge'ez Script", (), header=PIN, start=D, exp=TF, trig=(EXHAUST,)),
        _r("AKS19", "Prosperity", (), start=D, exp=TF, trig=(PLAY,)),
        _r("AKS20", "Advance", (), states=(BARB,), start=D, exp=TF, trig=(PLAY,)),
        _r("AKS21", "Conquer", (), states=(BARB,), start=D, exp=TF, trig=(PLAY,)),
        _r(("AKS22", "AKS23"), "Unrest", (UNREST,), start=D, exp=TF, vp=FixedVP(-2), trig=(PLAY,)),
    )),
    # Cultists
    NationCode.CUL: _expand("C4.CUL", Deck.NATION, NationCode.CUL, (
        _r("CUL1A", "Cultists", (POWER,), header=A_SIDE, start=IP, trig=(PASSIVE,)),
        _r("CUL1B", "Cultists", (POWER,), header=B_SIDE, start=IP,
           vp=VarVP(1, Count(CountKind.SUIT, suits=(UNREST,))), trig=(PASSIVE,)),
        _r("CUL2A", "Research the Ceremony", (), start=IP, trig=(EXHAUST, SOLSTICE)),
        _r("CUL2B", "Prepare the Ceremony", (), start=IP, trig=(PASSIVE, SOLSTICE)),
        _r("CUL3A", "Ceremonial Gathering", (UNREST,), start=IP, trig=(PLAY, PASSIVE, SOLSTICE)),
        _r("CUL3B", "Ceremony of the Key", (UNREST, UNREST), start=IP,
           trig=(PLAY, EXHAUST, SOLSTICE)),
        _r("CUL30A", "Corrupted", (), states=(CORR,), header=Header.STATE, start=Start.STATE,
           trig=(PASSIVE,)),
        _r("CUL30B", "Summoned", (), states=(SUMM,), header=Header.STATE, start=Start.STATE,
           vp=FixedVP(5), trig=(SOLSTICE,)),
        _r("CUL4", "Dark Ritual", (), states=(CORR, SUMM), start=D, trig=(PLAY,)),
        _r("CUL5", "Indoctrination", (), states=(BARB, EMP), start=D, trig=(PLAY,)),
        _r("CUL6", "Blood Sacrifice", (), states=(BARB, EMP), start=D, trig=(PLAY,)),
        _r("CUL7", "Temptation", (), states=(EMP,), start=D,
           vp=VarVP(1, Count(CountKind.SUIT, suits=(UNC,))), trig=(PLAY,)),
        _r("CUL8", "Unholy Shrine", (), header=PIN, start=D, trig=(EXHAUST, SOLSTICE)),
        _r("CUL9", "Spreading Chaos", (), header=PIN, start=D, trig=(FREE_ACTION, PASSIVE)),
        _r("CUL10", "Cloak and Dagger", (), states=(EMP,), start=D,
           vp=VarVP(1, Count(CountKind.SUIT, suits=(TRI,))), trig=(PLAY,)),
        _r("CUL11", "Fallen Town", (), header=PIN, start=D, trig=(EXHAUST,)),
        _r("CUL12", "Corruption", (), states=(CORR,), header=ATK, start=D, trig=(PLAY,)),
        _r("CUL13", "Strange Signs", (), states=(CORR, SUMM), start=D, trig=(PLAY,)),
        _r("CUL14", "Cursed Library", (), header=PIN, start=D,
           vp=VarVP(1, Count(CountKind.SUIT, suits=(CIV,))), trig=(EXHAUST, SOLSTICE)),
        _r("CUL15", "Frozen Waste", (REG,), header=PIN, start=D,
           vp=VarVP(1, Count(CountKind.SUIT, suits=(REG,))), trig=(PLAY, SOLSTICE)),
        _r("CUL16", "Lure of Decadence", (), states=(CORR,), header=ATK, start=D, trig=(PLAY,)),
        _r("CUL17", "Oracle", (), states=(BARB,), start=D,
           vp=VarVP(2, Count(CountKind.SUIT, suits=(FAME,))), trig=(FREE_ACTION,)),
        _r("CUL18", "Unspeakable Worship", (), states=(CORR,), header=PIN, start=D,
           trig=(PLAY, EXHAUST, SOLSTICE)),
        _r("CUL19", "Summon Aid", (), states=(BARB, EMP), start=D, trig=(PLAY,)),
        _r("CUL20", "Twisted Grove", (REG,), header=PIN, start=D, trig=(PLAY, EXHAUST, SOLSTICE)),
        _r(("CUL21", "CUL22", "CUL23", "CUL24"), "Unrest", (UNREST,), start=SUP, vp=FixedVP(-2),
           trig=(SETUP, PLAY)),
        _r(("CUL25", "CUL26", "CUL27"), "Chaos", (UNREST,), start=CHS, vp=FixedVP(-3),
           trig=(PLAY, NOTE)),
        _r("CUL28", "Chaos", (UNREST,), start=CHS, players=THREE_PLUS, vp=FixedVP(-3),
           trig=(PLAY, NOTE)),
        _r("CUL29", "Chaos", (UNREST,), start=CHS, players=FOUR, vp=FixedVP(-3), trig=(PLAY, NOTE)),
    )),
    # Guptas
    NationCode.GUP: _expand("C4.GUP", Deck.NATION, NationCode.GUP, (
        _r("GUP1A", "Guptas", (POWER,), header=A_SIDE, start=IP, exp=TF,
           vp=VarVP(1, Count(CountKind.RESOURCE, resources=(GDS,), zone=Zone.POOL), divisor=3),
           trig=(PASSIVE, EXHAUST)),
        _r("GUP1B", "Guptas", (POWER,), header=B_SIDE, start=IP, exp=TF,
           vp=VarVP(3, Count(CountKind.SUIT, suits=(TROUTE,))), trig=(PASSIVE,)),
        _r("GUP2", "Glory", (), start=ACC, exp=TF, trig=(PLAY,)),
        _r("GUP3", "Chandragupta I", (), states=(EMP,), start=DEV, exp=TF, vp=FixedVP(2),
           cost=DevCost(mat=2, pop=1, gds=1), trig=(PLAY,)),
        _r("GUP4", "Chandragupta II", (), states=(EMP,), start=DEV, exp=TF,
           vp=VarVP(1, Count(CountKind.SUIT, suits=(CIV,))), cost=DevCost(mat=2, pop=2, gds=1),
           trig=(PLAY,)),
        _r("GUP5", "Judicial System", (), states=(EMP,), header=PIN, start=DEV, exp=TF,
           vp=FixedVP(2), cost=DevCost(mat=2, pop=2, gds=2), trig=(EXHAUST, SOLSTICE)),
        _r("GUP6", "Science", (), states=(EMP,), header=PIN, start=DEV, exp=TF, vp=FixedVP(3),
           cost=DevCost(pop=2, gds=1), trig=(PASSIVE,)),
        _r("GUP7", "Philosophy", (), states=(EMP,), start=DEV, exp=TF,
           vp=VarVP(1, Count(CountKind.CARD), divisor=5), cost=DevCost(mat=2, pop=1, gds=1),
           trig=(PLAY,)),
        _r("GUP8", "Mahabharata", (), states=(EMP,), header=PIN, start=DEV, exp=TF, vp=FixedVP(3),
           cost=DevCost(mat=2, pop=2, gds=2), trig=(EXHAUST,)),
        _r("GUP9", "Advanced Mathematics", (), header=PIN, start=NAT, exp=TF, trig=(PASSIVE,)),
        _r("GUP10", "Shreni", (), types=(MERCHANT,), header=PIN, start=NAT, exp=TF,
           trig=(EXHAUST, SOLSTICE)),
        _r("GUP11", "Sarthavaha", (), types=(MERCHANT,), header=PIN, start=NAT, exp=TF,
           trig=(EXHAUST,)),
        _r("GUP12", "Height of Civilisation", (), start=NAT, exp=TF, trig=(PLAY,)),
        _r("GUP13", "Rock Cut Architecture", (), header=PIN, start=NAT, exp=TF, trig=(EXHAUST,)),
        _r("GUP14", "Ayurveda", (), states=(BARB,), header=PIN, start=D, exp=TF, trig=(SOLSTICE,)),
        _r("GUP15", "Ganga River Valley", (REG,), types=(PRODUCTION, RIVER), header=PIN, start=D,
           exp=TF, trig=(PLAY,)),
        _r("GUP16", "Indus River Valley", (REG,), types=(PRODUCTION, RIVER), header=PIN, start=D,
           exp=TF, trig=(PLAY,)),
        _r("GUP17", "Sri Gupta", (), states=(BARB,), start=D, exp=TF, trig=(PLAY,)),
        _r("GUP18", "Advance", (), states=(BARB,), start=D, exp=TF, trig=(PLAY,)),
        _r("GUP19", "Conquer", (), states=(BARB,), start=D, exp=TF, trig=(PLAY,)),
        _r("GUP20", "Prosperity", (), start=D, exp=TF, trig=(PLAY,)),
        _r("GUP21", "The Great Pataliputra", (), types=(CITY, PRODUCTION), header=PIN, start=D,
           exp=TF, trig=(SOLSTICE,)),
        _r(("GUP22", "GUP23"), "Unrest", (UNREST,), start=D, exp=TF, vp=FixedVP(-2), trig=(PLAY,)),
        _r("GUP24", "Unrest", (UNREST,), start=SUP, exp=TF, vp=FixedVP(-2), trig=(SETUP, PLAY)),
    )),
    # Inuit
    NationCode.INU: _expand("C4.INU", Deck.NATION, NationCode.INU, (
        _r("INU1A", "Inuit", (POWER,), types=(OCEAN,), header=A_SIDE, start=IP,
           vp=VarVP(1, Count(CountKind.SUIT, suits=(UNC, CIV)), divisor=2),
           trig=(PASSIVE, END_OF_SOLSTICE)),
        _r("INU1B", "Inuit", (POWER,), types=(OCEAN,), header=B_SIDE, start=IP, vp=FixedVP(5),
           trig=(PASSIVE, END_OF_SOLSTICE)),
        _r("INU25A", "Summer", (), states=(EMP,), header=Header.STATE, start=Start.STATE,
           trig=(PASSIVE,)),
        _r("INU25B", "Winter", (), states=(BARB,), header=Header.STATE, start=Start.STATE,
           trig=(PASSIVE,)),
        _r("INU10", "Harpoons", (), states=(BARB,), start=DEV, vp=FixedVP(3), cost=DevCost(pop=1),
           trig=(PLAY,)),
        _r("INU11", "Nunavik", (REG,), states=(BARB,), types=(HUNT,), header=PIN, start=DEV,
           vp=FixedVP(1), cost=DevCost(mat=1), trig=(PLAY, EXHAUST)),
        _r("INU12", "Imaq (Arctic Sea)", (REG,), states=(EMP,), types=(HUNT,), header=PIN,
           start=DEV, vp=FixedVP(1), cost=DevCost(mat=1)),
        _r("INU13", "Oral History", (), states=(EMP,), header=PIN, start=DEV,
           vp=VarVP(1, Count(CountKind.GARRISONED, zone=Zone.HERE)), cost=DevCost(mat=3),
           trig=(PASSIVE, SOLSTICE)),
        _r("INU14", "Exploration", (), states=(EMP,), start=DEV, vp=FixedVP(3),
           cost=DevCost(pop=2), trig=(PLAY,)),
        _r("INU15", "Kayaks", (), header=PIN, start=DEV,
           cost=DevCost(mat=3, conditions=(_free_if_in_play("Imaq (Arctic Sea)"),)),
           trig=(EXHAUST,)),
        _r("INU16", "Tattoos", (), states=(EMP,), start=DEV, vp=FixedVP(3), cost=DevCost(pop=2),
           trig=(FREE_ACTION,)),
        _r("INU17", "Angakkuq (Shaman)", (), states=(BARB,), start=DEV, vp=FixedVP(3),
           cost=DevCost(pop=2), trig=(PLAY,)),
        _r("INU18", "Qulliq (Oil Lamp)", (), states=(BARB,), header=PIN, start=DEV, vp=FixedVP(1),
           cost=DevCost(mat=4), trig=(EXHAUST,)),
        _r("INU19", "Throat Singing", (), states=(BARB,), start=DEV, vp=FixedVP(3),
           cost=DevCost(pop=2), trig=(FREE_ACTION,)),
        _r("INU20", "Inuksuk", (), states=(EMP,), header=PIN, start=DEV,
           vp=VarVP(1, Count(CountKind.TYPE_ICON, icons=(HUNT,), zone=Zone.IN_PLAY)),
           cost=DevCost(mat=4), trig=(EXHAUST,)),
        _r("INU21", "Bone Carving", (), states=(BARB,), start=DEV, vp=FixedVP(3),
           cost=DevCost(mat=3), trig=(PLAY,)),
        _r("INU2", "Nunavut", (REG, REG), states=(EMP,), types=(HUNT, PRODUCTION, OCEAN),
           header=PIN, start=D, trig=(PLAY, PASSIVE)),
        _r("INU3", "Siku (Sea Ice)", (REG,), states=(BARB,), types=(HUNT,), header=PIN, start=D,
           trig=(PLAY, PASSIVE)),
        _r("INU4", "Nunatsiavut", (REG,), states=(EMP,), types=(HUNT,), header=PIN, start=D,
           trig=(PLAY,)),
        _r("INU5", "Kalaallit Nunaat", (REG,), types=(PRODUCTION,), header=PIN, start=D,
           trig=(PLAY,)),
        _r("INU6", "Advance", (), states=(BARB,), start=D, trig=(PLAY,)),
        _r("INU7", "Iglu", (), states=(BARB,), start=D, trig=(PLAY,)),
        _r("INU8", "Qarmaq", (), states=(EMP,), start=D, trig=(PLAY,)),
        _r("INU9", "Dog Sleds", (), states=(EMP,), types=(HUNT,), header=PIN, start=D,
           vp=VarVP(1, Count(CountKind.TYPE_ICON, icons=(PRODUCTION,), zone=Zone.IN_PLAY)),
           trig=(PASSIVE,)),
        _r(("INU22", "INU23"), "Unrest", (UNREST,), start=SUP, vp=FixedVP(-2), trig=(SETUP, PLAY)),
        _r("INU24", "Unrest", (UNREST,), start=SUP, players=THREE_PLUS, vp=FixedVP(-2),
           trig=(SETUP, PLAY)),
    )),
    # Japanese
    NationCode.JPN: _expand("C4.JPN", Deck.NATION, NationCode.JPN, (
        _r("JPN1A", "Japanese", (POWER,), header=A_SIDE, start=IP, trig=(EXHAUST,)),
        _r("JPN1B", "Japanese", (POWER,), header=B_SIDE, start=IP,
           vp=VarVP(2, Count(CountKind.SUIT, suits=(CIV,)))),
        _r("JPN2", "Emperor Kanmu", (), states=(EMP,), start=ACC, trig=(FREE_ACTION,)),
        _r("JPN3", "Heian-kyo (Kyoto)", (), states=(EMP,), types=(CITY,), header=PIN, start=DEV,
           vp=FixedVP(3), cost=DevCost(mat=3, pop=2), trig=(SOLSTICE,)),
        _r("JPN4", "Jingu-ji (Shrine Temple)", (), states=(EMP,), header=PIN, start=DEV,
           vp=VarVP(2, Count(CountKind.SUIT, suits=(FAME,))), cost=DevCost(mat=5),
           trig=(EXHAUST, SOLSTICE)),
        _r("JPN5", "Tea Ceremony", (CIV,), states=(EMP,), start=DEV, vp=FixedVP(2),
           cost=DevCost(mat=3, pop=1), trig=(PLAY,)),
        _r("JPN6", "Miyabi", (), states=(EMP,), start=DEV, vp=FixedVP(2, return_unrest=2),
           cost=DevCost(pop=1, gds=2), trig=(PLAY,)),
        _r("JPN7", "Shogun", (), states=(EMP,), start=DEV,
           vp=VarVP(1, Count(CountKind.SUIT, suits=(CIV,))), cost=DevCost(mat=2, pop=3),
           trig=(PLAY,)),
        _r("JPN8", "Unrest", (UNREST,), start=NAT, vp=FixedVP(-2), trig=(PLAY,)),
        _r("JPN9", "Kanji", (), header=PIN, start=NAT, trig=(EXHAUST,)),
        _r("JPN10", "Tendai Buddhism", (), header=PIN, start=NAT, trig=(EXHAUST, SOLSTICE)),
        _r("JPN11", "Prosperity", (), start=NAT, trig=(PLAY,)),
        _r("JPN12", "Kanto Plain", (REG,), types=(PRODUCTION, PRODUCTION, RIVER), header=PIN,
           start=NAT, trig=(PLAY,)),
        _r("JPN13", "Manno Reservoir", (), header=PIN, start=NAT, trig=(EXHAUST,)),
        _r("JPN14", "Nara", (), types=(CITY,), header=PIN, start=NAT, trig=(SOLSTICE,)),
        _r("JPN15", "Appeal to China", (), header=PIN, start=D, trig=(EXHAUST,)),
        _r("JPN16", "Kansai", (REG,), types=(RIVER,), header=PIN, start=D, trig=(PLAY,)),
        _r("JPN17", "Kyushu", (REG,), types=(PRODUCTION,), header=PIN, start=D, trig=(PLAY,)),
        _r("JPN18", "Shinto", (), header=PIN, start=D, trig=(PLAY, EXHAUST)),
        _r("JPN19", "Clans", (UNC,), states=(BARB,), start=D, trig=(PLAY,)),
        _r("JPN20", "Advance", (), states=(BARB,), start=D, trig=(PLAY,)),
        _r("JPN21", "Glory", (), start=D, trig=(PLAY,)),
        _r("JPN22", "Prince Shotoku Taishi", (), states=(BARB,), start=D, trig=(PLAY,)),
        _r(("JPN23", "JPN24"), "Unrest", (UNREST,), start=D, vp=FixedVP(-2), trig=(PLAY,)),
    )),
    # Magyars
    NationCode.MAG: _expand("C4.MAG", Deck.NATION, NationCode.MAG, (
        _r("MAG1A", "Magyars", (POWER,), header=A_SIDE, start=IP,
           vp=VarVP(1, Count(CountKind.SUIT, suits=(REG,)), divisor=3), trig=(EXHAUST,)),
        _r("MAG1B", "Magyars", (POWER,), header=B_SIDE, start=IP,
           vp=VarVP(1, Count(CountKind.SUIT, suits=(REG,)))),
        _r("MAG2", "Conversion to Christianity", (), states=(EMP,), start=ACC,
           vp=VarVP(1, Count(CountKind.SUIT, suits=(REG,), zone=Zone.IN_PLAY)),
           trig=(FREE_ACTION,)),
        _r("MAG3", "Saint Stephen I", (), states=(EMP,), start=DEV, vp=FixedVP(4),
           cost=DevCost(pop=5), trig=(PLAY,)),
        _r("MAG4", "Bishoprics", (), states=(EMP,), header=PIN, start=DEV,
           vp=VarVP(1, Count(CountKind.SUIT, suits=(CIV,))), cost=DevCost(mat=5),
           trig=(PLAY, EXHAUST, SOLSTICE)),
        _r("MAG5", "Holy Right", (), states=(EMP,), start=DEV, vp=FixedVP(8),
           cost=DevCost(mat=3, pop=4, conditions=(_needs_in_history("Saint Stephen I"),
                                                  _needs_in_history("Conversion to Christianity"))),
           trig=(PLAY,)),
        _r("MAG6", "Plundering", (), states=(BARB,), header=ATK, start=NAT, trig=(FREE_ACTION,)),
        _r("MAG7", "Pannonia", (REG,), types=(FERTILE, PRODUCTION, PRODUCTION), header=PIN,
           start=NAT, trig=(PLAY,)),
        _r("MAG8", "Great Hungarian Plain", (REG,), types=(HUNT, FERTILE, PRODUCTION), header=PIN,
           start=NAT, trig=(PLAY,)),
        _r("MAG9", "Arpad", (), states=(BARB,), header=ATK, start=NAT, trig=(PLAY,)),
        _r("MAG10", "Advance", (), states=(BARB,), start=NAT, trig=(PLAY,)),
        _r("MAG11", "Great Moravia", (TRI,), states=(BARB,), start=NAT, trig=(PLAY,)),
        _r(("MAG12", "MAG13"), "Unrest", (UNREST,), start=NAT, vp=FixedVP(-2), trig=(PLAY,)),
        _r("MAG14", "Blood Oath", (), states=(BARB,), header=PIN, start=D, trig=(EXHAUST, PASSIVE)),
        _r("MAG15", "Mounted Archers", (), header=PIN, start=D, trig=(EXHAUST, SOLSTICE)),
        _r("MAG16", "Etelkoz", (REG,), states=(BARB,), types=(HUNT, RIVER, PRODUCTION), header=PIN,
           start=D, trig=(PLAY,)),
        _r("MAG17", "Levedia", (REG,), states=(BARB,), types=(HUNT,), header=PIN, start=D,
           trig=(PLAY,)),
        _r("MAG18", "Conquer", (), states=(BARB,), start=D, trig=(PLAY,)),
        _r("MAG19", "Glory", (), states=(BARB,), start=D, trig=(PLAY,)),
        _r("MAG20", "Hunters and Nomads", (), states=(BARB,), start=D, trig=(PLAY,)),
        _r("MAG21", "Emese", (), states=(BARB,), start=D, trig=(PLAY,)),
        _r("MAG22", "Almos", (), states=(BARB,), header=ATK, start=D, trig=(PLAY,)),
        _r("MAG23", "Unrest", (UNREST,), start=D, vp=FixedVP(-2), trig=(PLAY,)),
        _r(("MAG24", "MAG25"), "Unrest", (UNREST,), start=SUP, vp=FixedVP(-2), trig=(SETUP, PLAY)),
        _r("MAG26", "Unrest", (UNREST,), start=SUP, players=THREE_PLUS, vp=FixedVP(-2),
           trig=(SETUP, PLAY)),
        _r("MAG27", "Unrest", (UNREST,), start=SUP, players=FOUR, vp=FixedVP(-2),
           trig=(SETUP, PLAY)),
    )),
    # Martians
    NationCode.MRT: _expand("C4.MRT", Deck.NATION, NationCode.MRT, (
        _r("MRT1A", "Martians", (POWER,), header=A_SIDE, start=IP, trig=(SETUP, PASSIVE)),
        _r("MRT1B", "Martians", (POWER,), header=B_SIDE, start=IP, trig=(SETUP, EXHAUST)),
        _r("MRT29A", "Alien", (), states=(EMP,), header=Header.STATE, start=Start.STATE,
           trig=(PASSIVE, END_OF_SOLSTICE)),
        _r("MRT29B", "Gone Native", (), states=(BARB,), header=Header.STATE, start=Start.STATE),
        _r("MRT2", "Reactor Explosion", (), header=PIN, start=ACC, trig=(PLAY, PASSIVE, SOLSTICE)),
        _r("MRT3", "Permanent Settlement", (), states=(BARB,), start=DEV,
           vp=VarVP(1, Count(CountKind.PINNED, zone=Zone.IN_PLAY), divisor=3), cost=DevCost(pop=3),
           trig=(PLAY,)),
        _r("MRT4", "Rituals of Earthlings", (), states=(BARB,), start=DEV,
           vp=VarVP(1, Count(CountKind.SUIT, suits=(UNC, CIV)), divisor=2), cost=DevCost(pop=3),
           trig=(PLAY,)),
        _r("MRT5", "Alien Overlord", (), states=(BARB,), header=ATK, start=DEV,
           vp=VarVP(1, Count(CountKind.SUIT, suits=(TRI, REG)), divisor=2), cost=DevCost(pop=3),
           trig=(PLAY,)),
        _r("MRT6", "Maps of Nibiru", (GADGET, CIV), states=(EMP,), types=(SCROLL,), start=NAT,
           vp=CondVP(-2, Zone.HISTORY, negated=True), trig=(PLAY,)),
        _r("MRT7", "Teleportation", (GADGET, UNC), start=NAT,
           vp=CondVP(-5, Zone.HISTORY, negated=True), trig=(FREE_ACTION,)),
        _r("MRT8", "Fracture of Time", (GADGET, UNC), start=NAT,
           vp=CondVP(-3, Zone.HISTORY, negated=True), trig=(FREE_ACTION,)),
        _r("MRT9", "Eco-bubble", (GADGET, REG), types=(HUNT,), header=PIN, start=NAT,
           vp=CondVP(-1, Zone.HISTORY, negated=True), trig=(PLAY,)),
        _r("MRT10", "Chariot of the Gods", (GADGET, TRI), types=(KNIGHT,), header=ATK, start=NAT,
           vp=CondVP(-3, Zone.HISTORY, negated=True), trig=(PLAY,)),
        _r("MRT11", "Resurrection Stone", (GADGET, UNC), types=(WONDER,), start=NAT,
           vp=CondVP(-3, Zone.HISTORY, negated=True), trig=(PLAY,)),
        _r("MRT12", "Crystal Skull", (GADGET, UNC), types=(MASK,), start=NAT,
           vp=CondVP(-2, Zone.HISTORY, negated=True), trig=(FREE_ACTION,)),
        _r("MRT13", "Unrest", (UNREST,), start=NAT, vp=FixedVP(-2), trig=(PLAY,)),
        _r("MRT14", "Cloning Vats", (GADGET, CIV), states=(EMP,), start=NAT,
           vp=CondVP(-3, Zone.HISTORY, negated=True), trig=(PLAY,)),
        _r("MRT15", "Take Me to Your Leader", (), states=(EMP,), start=D, trig=(PLAY,)),
        _r("MRT16", "Flying Drone", (), states=(EMP,), start=D, trig=(FREE_ACTION,)),
        _r("MRT17", "Sharing Our Secrets", (), states=(EMP,), header=PIN, start=D,
           trig=(EXHAUST, PASSIVE)),
        _r("MRT18", "Ancient Astronauts", (), start=D, trig=(PLAY,)),
        _r("MRT19", "Signals to Space", (), header=PIN, start=D, trig=(EXHAUST,)),
        _r("MRT20", "Glorious Uplifting", (), states=(EMP,), start=D, trig=(PLAY,)),
        _r("MRT21", "Sword of Power", (), states=(EMP,), start=D, trig=(PLAY,)),
        _r("MRT22", "Oannes, the Sage", (), start=D, trig=(PLAY,)),
        # The spec writes this card's exhaust ability unbolded inside its PLAY block
        # ("Exhaust: ..."); it is an exhaust ability all the same.
        _r("MRT23", "Cryostasis", (GADGET, REG), header=PIN, start=D,
           vp=CondVP(-1, Zone.HISTORY, negated=True), trig=(PLAY, EXHAUST, SOLSTICE)),
        _r("MRT24", "Landing Site", (REG,), header=PIN, start=D, trig=(PLAY,)),
        _r("MRT25", "Thoats", (), header=PIN, start=D, trig=(EXHAUST,)),
        _r("MRT26", "Unrest", (UNREST,), start=D, vp=FixedVP(-2), trig=(PLAY,)),
        _r(("MRT27", "MRT28"), "Unrest", (UNREST,), start=SUP, vp=FixedVP(-2), trig=(SETUP, PLAY)),
    )),
    # Mayans
    NationCode.MAY: _expand("C4.MAY", Deck.NATION, NationCode.MAY, (
        _r("MAY1A", "Mayans", (POWER,), header=A_SIDE, start=IP, trig=(EXHAUST, SOLSTICE)),
        _r("MAY1B", "Mayans", (POWER,), header=B_SIDE, start=IP,
           vp=VarVP(2, Count(CountKind.TYPE_ICON, icons=(CITY, METROPOLIS), zone=Zone.IN_PLAY)),
           trig=(SOLSTICE,)),
        _r("MAY2", "King K'inich Janaab' Pakal", (), start=ACC, trig=(PLAY,)),
        _r("MAY3", "Codices and Prophecies", (), states=(EMP,), start=DEV, vp=FixedVP(4),
           cost=DevCost(mat=4, pop=2), trig=(PLAY,)),
        _r("MAY4", "Popol Vuh", (), states=(EMP,), header=PIN, start=DEV, vp=FixedVP(4),
           cost=DevCost(mat=4, pop=2), trig=(EXHAUST, SOLSTICE)),
        _r("MAY5", "Turquoise Mask", (), states=(EMP,), types=(MASK,), start=DEV,
           vp=CondVP(4, Zone.HISTORY), cost=DevCost(mat=4, pop=2), trig=(PLAY,)),
        _r("MAY6", "Mayan Traders", (), states=(EMP,), header=ATK, start=DEV, vp=FixedVP(4),
           cost=DevCost(mat=4, pop=2), trig=(PLAY,)),
        _r("MAY7", "Chichen Itza", (), states=(EMP,), types=(METROPOLIS,), header=PIN, start=DEV,
           vp=VarVP(1, Count(CountKind.RESOURCE, resources=(GDS,), zone=Zone.POOL), divisor=2),
           cost=DevCost(mat=4, pop=2), trig=(SOLSTICE,)),
        _r(("MAY8", "MAY9", "MAY10"), "Headpiece", (), types=(MASK,), start=DEV,
           vp=CondVP(2, Zone.HISTORY), cost=DevCost(mat=2), trig=(PLAY,)),
        _r("MAY11", "Fine Featherwork", (), header=PIN, start=NAT, trig=(EXHAUST,)),
        _r("MAY12", "Stone Mask", (), types=(MASK,), start=NAT, vp=CondVP(1, Zone.HISTORY),
           trig=(PLAY,)),
        _r("MAY13", "Mayan Writing", (), header=PIN, start=NAT, trig=(EXHAUST,)),
        _r("MAY14", "Palenque", (), types=(CITY,), header=PIN, start=NAT, trig=(EXHAUST,)),
        _r("MAY15", "Patolli", (), start=NAT, trig=(FREE_ACTION,)),
        _r("MAY16", "Tikal", (), types=(CITY,), header=PIN, start=NAT, trig=(EXHAUST,)),
        _r("MAY17", "Advanced Mathematics", (), header=PIN, start=NAT, trig=(PASSIVE,)),
        _r(("MAY18", "MAY20"), "Unrest", (UNREST,), start=D, vp=FixedVP(-2), trig=(PLAY,)),
        _r("MAY19", "Pok-ta-pok", (), header=PIN, start=D, trig=(EXHAUST,)),
        _r("MAY21", "Caracol", (), states=(BARB,), types=(CITY,), header=PIN, start=D,
           trig=(EXHAUST,)),
        _r("MAY22", "Road Networks", (), header=PIN, start=D, trig=(EXHAUST,)),
        _r(("MAY23", "MAY24", "MAY25"), "Stone Mask", (), types=(MASK,), start=D,
           vp=CondVP(1, Zone.HISTORY), trig=(PLAY,)),
        _r("MAY26", "Chultuns", (), header=PIN, start=D, trig=(EXHAUST,)),
        _r("MAY27", "Halach Uinic", (), start=D, trig=(PLAY,)),
        _r("MAY28", "Unrest", (UNREST,), start=SUP, vp=FixedVP(-2), trig=(SETUP, PLAY)),
    )),
    # Polynesians
    NationCode.POL: _expand("C4.POL", Deck.NATION, NationCode.POL, (
        _r("POL1A", "Polynesians", (POWER,), header=A_SIDE, start=IP, trig=(PASSIVE, EXHAUST)),
        _r("POL1B", "Polynesians", (POWER,), header=B_SIDE, start=IP,
           vp=VarVP(1, Count(CountKind.SUIT, suits=(FAME,))), trig=(PASSIVE, EXHAUST)),
        _r("POL2", "Mana", (), start=IP, trig=(PASSIVE, EXHAUST)),
        _r("POL29A", "Isle-bound", (), states=(ISLE, BARB), header=Header.STATE, start=Start.STATE,
           trig=(SOLSTICE,)),
        _r("POL29B", "Voyaging", (), states=(VOY, BARB), header=Header.STATE, start=Start.STATE,
           trig=(PASSIVE, END_OF_SOLSTICE)),
        _r("POL3", "Kupe", (), states=(ISLE,), start=ACC,
           vp=VarVP(1, Count(CountKind.TYPE_ICON, icons=(OCEAN,), zone=Zone.IN_PLAY), divisor=2),
           trig=(PLAY,)),
        _r("POL4", "Aotearoa (New Zealand)", (REG,), states=(VOY,), types=(FERTILE, HUNT, OCEAN),
           header=PIN, start=DEV, vp=FixedVP(3),
           cost=DevCost(mana_legends=1, conditions=(_LAST_IN_DEV_AREA,)), trig=(PLAY,)),
        _r("POL5", "Rapa Nui (Easter Island)", (REG,), states=(VOY,), types=(OCEAN,), header=PIN,
           start=DEV, vp=VarVP(1, Count(CountKind.CARD, zone=Zone.LEGENDS), divisor=3),
           cost=DevCost(mana_discard=3, conditions=(_needs_in_play("Rarotonga"),)),
           trig=(PLAY, EXHAUST, SOLSTICE)),
        _r("POL6", "Hawaii", (REG,), states=(VOY,), types=(PRODUCTION, OCEAN), header=PIN,
           start=DEV, vp=VarVP(2, Count(CountKind.STATE_ICON, states=(EMP,))),
           cost=DevCost(mana_discard=3), trig=(PLAY, EXHAUST, SOLSTICE)),
        _r("POL7", "Rarotonga", (REG,), states=(VOY,), types=(FERTILE, OCEAN), header=PIN,
           start=DEV, vp=VarVP(1, Count(CountKind.SUIT, suits=(UNC,))),
           cost=DevCost(mana_discard=2), trig=(PLAY, SOLSTICE)),
        _r("POL8", "Wayfinding", (), states=(ISLE,), header=PIN, start=NAT,
           vp=CondVP(-2, Zone.LEGENDS), trig=(EXHAUST,)),
        _r("POL9", "Tattoos", (), start=NAT, trig=(FREE_ACTION,)),
        _r("POL10", "Waka Taua (War Canoes)", (), start=NAT, vp=CondVP(-2, Zone.LEGENDS),
           trig=(PLAY,)),
        _r("POL11", "Haka", (), start=NAT, vp=CondVP(-2, Zone.LEGENDS), trig=(PLAY,)),
        _r("POL12", "Tohunga", (), start=NAT, vp=CondVP(-2, Zone.LEGENDS), trig=(PLAY,)),
        _r("POL13", "Nafanua", (), start=NAT, vp=CondVP(1, Zone.LEGENDS), trig=(PLAY,)),
        _r("POL14", "Tutu-te-aroaro", (), states=(ISLE,), start=NAT, trig=(PLAY,)),
        _r("POL15", "Kumara (Sweet Potato)", (), states=(ISLE,), header=PIN, start=NAT,
           vp=CondVP(-2, Zone.LEGENDS), trig=(PASSIVE, EXHAUST)),
        _r("POL16", "Tahiti", (REG,), states=(ISLE,), types=(OCEAN,), header=PIN, start=NAT,
           vp=CondVP(-1, Zone.LEGENDS), trig=(PLAY,)),
        _r("POL17", "Overpopulation", (), states=(ISLE,), header=PIN, start=D, vp=FixedVP(-4),
           trig=(PLAY, SOLSTICE)),
        _r("POL18", "Waka Hourua (Large Canoes)", (), header=PIN, start=D, trig=(PLAY, EXHAUST)),
        _r("POL19", "Explorers", (), states=(VOY,), start=D, trig=(PLAY,)),
        _r("POL20", "Tutuila", (REG,), states=(ISLE,), types=(OCEAN,), header=PIN, start=D,
           vp=CondVP(-1, Zone.LEGENDS), trig=(PLAY,)),
        _r("POL21", "Savai'i", (REG,), states=(ISLE,), types=(PRODUCTION,), header=PIN, start=D,
           vp=CondVP(-1, Zone.LEGENDS), trig=(PLAY,)),
        _r("POL22", "Outriggers", (), header=PIN, start=D, trig=(EXHAUST, SOLSTICE)),
        _r("POL23", "Whakapapa", (), states=(ISLE,), header=PIN, start=D, trig=(PASSIVE, SOLSTICE)),
        _r("POL24", "Advance", (), states=(ISLE,), start=D, trig=(PLAY,)),
        _r("POL25", "Islander Prosperity", (), states=(ISLE,), start=D, trig=(PLAY,)),
        _r("POL26", "Unrest", (UNREST,), start=D, vp=FixedVP(-2), trig=(PLAY,)),
        _r("POL27", "Unrest", (UNREST,), start=SUP, players=THREE_PLUS, vp=FixedVP(-2),
           trig=(SETUP, PLAY)),
        _r("POL28", "Unrest", (UNREST,), start=SUP, vp=FixedVP(-2), trig=(SETUP, PLAY)),
    )),
    # Sassanids
    NationCode.SAS: _expand("C4.SAS", Deck.NATION, NationCode.SAS, (
        _r("SAS1A", "Sassanids", (POWER,), header=A_SIDE, start=IP, exp=TF,
           vp=VarVP(1, Count(CountKind.SUIT, suits=(TRI,), zone=Zone.HISTORY), divisor=2),
           trig=(EXHAUST,)),
        _r("SAS1B", "Sassanids", (POWER,), header=B_SIDE, start=IP, exp=TF,
           vp=VarVP(1, Count(CountKind.SUIT, suits=(TRI,)))),
        _r("SAS2", "Khosrau I", (), start=ACC, exp=TF, trig=(PLAY,)),
        _r("SAS3", "Shah", (), states=(EMP,), start=DEV, exp=TF,
           vp=VarVP(1, Count(CountKind.SUIT, suits=(FAME,))), cost=DevCost(mat=3, pop=2),
           trig=(FREE_ACTION,)),
        _r("SAS4", "Kushan Empire", (TRI,), states=(EMP,), start=DEV, exp=TF, vp=FixedVP(3),
           cost=DevCost(pop=3), trig=(FREE_ACTION,)),
        _r("SAS5", "Academy of Gondishapur", (), states=(EMP,), header=PIN, start=DEV, exp=TF,
           vp=VarVP(1, Count(CountKind.TYPE_ICON, icons=(CITY, METROPOLIS))), cost=DevCost(mat=5),
           trig=(PASSIVE,)),
        _r("SAS6", "Bozorgan", (), states=(EMP,), types=(KNIGHT,), start=DEV, exp=TF,
           vp=FixedVP(3), cost=DevCost(mat=4, pop=2), trig=(PLAY,)),
        _r("SAS7", "Dreaded", (FAME,), states=(EMP,), header=ATK, start=DEV, exp=TF, vp=FixedVP(2),
           cost=DevCost(mat=2, pop=3), trig=(PLAY,)),
        _r("SAS8", "Sogdia", (REG,), types=(PRODUCTION,), header=PIN, start=NAT, exp=TF,
           trig=(PLAY,)),
        _r("SAS9", "City of Taysafun", (), types=(CITY, PRODUCTION), header=PIN, start=NAT, exp=TF,
           trig=(SOLSTICE,)),
        _r("SAS10", "Aswaran (Cavalry)", (), types=(KNIGHT,), start=NAT, exp=TF, trig=(PLAY,)),
        _r("SAS11", "Atar", (), header=PIN, start=NAT, exp=TF, trig=(EXHAUST, SOLSTICE)),
        _r("SAS12", "Clibanarii", (), types=(KNIGHT,), header=ATK, start=NAT, exp=TF, trig=(PLAY,)),
        _r(("SAS13", "SAS14"), "Unrest", (UNREST,), start=NAT, exp=TF, vp=FixedVP(-2),
           trig=(PLAY,)),
        _r("SAS15", "Parthian Empire", (TRI,), states=(BARB,), types=(KNIGHT,), start=D, exp=TF,
           trig=(PLAY,)),
        _r("SAS16", "Fars", (REG,), types=(FERTILE,), header=PIN, start=D, exp=TF, trig=(PLAY,)),
        _r("SAS17", "Huzistan", (REG,), states=(BARB,), types=(RIVER, PRODUCTION), header=PIN,
           start=D, exp=TF, trig=(PLAY,)),
        _r("SAS18", "Prosperity", (), start=D, exp=TF, trig=(PLAY,)),
        _r("SAS19", "Unrest", (UNREST,), start=D, exp=TF, vp=FixedVP(-2), trig=(PLAY,)),
        _r("SAS20", "Advance", (), states=(BARB,), start=D, exp=TF, trig=(PLAY,)),
        _r("SAS21", "Western Silk Road", (TROUTE,), header=TRD, start=D, exp=TF,
           trig=(COMMERCE, PROFIT)),
        _r("SAS22", "Zoroastrianism", (), header=PIN, start=D, exp=TF,
           trig=(PLAY, END_OF_SOLSTICE)),
        _r("SAS23", "Aban", (), types=(RIVER,), header=PIN, start=D, exp=TF,
           trig=(EXHAUST, SOLSTICE)),
        _r("SAS24", "Ardashir I", (), states=(BARB,), header=ATK, start=D, exp=TF, trig=(PLAY,)),
    )),
    # Taino
    NationCode.TAI: _expand("C4.TAI", Deck.NATION, NationCode.TAI, (
        _r("TAI1A", "Taino", (POWER,), header=A_SIDE, start=IP, trig=(EXHAUST,)),
        _r("TAI1B", "Taino", (POWER,), header=B_SIDE, start=IP,
           vp=VarVP(1, Count(CountKind.TYPE_ICON, icons=(FERTILE, OCEAN)))),
        _r(("TAI24A", "TAI24B"), "Free Tribes", (), states=(BARB,), header=Header.STATE,
           start=Start.STATE, trig=(PASSIVE,)),
        _r("TAI2", "Ayiti (Hispaniola)", (REG,), types=(PRODUCTION, FERTILE), header=PIN,
           start=ACC, trig=(PLAY,)),
        _r("TAI3", "Enriquillo", (), start=DEV, vp=VarVP(1, Count(CountKind.SUIT, suits=(TRI,))),
           cost=DevCost(pop=5), trig=(PLAY,)),
        _r("TAI4", "Borinquen (Puerto Rico)", (REG,), types=(PRODUCTION, OCEAN), header=PIN,
           start=DEV, vp=FixedVP(2), cost=DevCost(mat=5), trig=(PLAY,)),
        _r("TAI5", "Caribbean Sea", (REG,), types=(OCEAN,), header=PIN, start=DEV,
           vp=VarVP(1, Count(CountKind.RESOURCE, zone=Zone.ON_YOUR_CARDS), divisor=6),
           cost=DevCost(prg=2)),
        _r("TAI6", "Gift Exchange", (), header=PIN, start=DEV, vp=FixedVP(2),
           cost=DevCost(mat=3, pop=1), trig=(EXHAUST,)),
        _r("TAI7", "Cuba", (REG,), types=(PRODUCTION, FERTILE), header=PIN, start=DEV,
           vp=FixedVP(1), cost=DevCost(mat=5), trig=(PLAY,)),
        _r("TAI8", "Migration", (), start=NAT, trig=(PLAY,)),
        _r("TAI9", "Sol de Jayuya", (), start=NAT, trig=(PLAY,)),
        _r("TAI10", "Guanahani (San Salvador)", (REG,), types=(PRODUCTION,), header=PIN, start=NAT,
           trig=(PLAY,)),
        _r("TAI11", "Unrest", (UNREST,), start=NAT, vp=FixedVP(-2), trig=(PLAY,)),
        _r("TAI12", "Caribs", (TRI,), header=ATK, start=NAT, trig=(PLAY,)),
        _r("TAI13", "Soil Rotation", (), start=NAT, trig=(PLAY,)),
        _r("TAI14", "Orinoco Valley", (REG,), types=(PRODUCTION, RIVER, FERTILE), header=PIN,
           start=D, trig=(PLAY,)),
        _r("TAI15", "Batey (Ball Games)", (), header=PIN, start=D, trig=(EXHAUST,)),
        _r("TAI16", "Petroglyphs", (), header=PIN, start=D, trig=(SOLSTICE,)),
        _r("TAI17", "Bohio", (), start=D, trig=(PLAY,)),
        _r("TAI18", "Cacique", (), start=D, trig=(PLAY,)),
        _r("TAI19", "Canoes", (), header=PIN, start=D, trig=(EXHAUST,)),
        _r("TAI20", "Fishing", (), header=PIN, start=D,
           vp=VarVP(1, Count(CountKind.RESOURCE, zone=Zone.HERE), divisor=4), trig=(SOLSTICE,)),
        _r("TAI21", "Zemi", (), header=PIN, start=D,
           vp=VarVP(1, Count(CountKind.RESOURCE, zone=Zone.HERE), divisor=5), trig=(EXHAUST,)),
        _r(("TAI22", "TAI23"), "Unrest", (UNREST,), start=D, vp=FixedVP(-2), trig=(PLAY,)),
    )),
    # Tang
    NationCode.TAN: _expand("C4.TAN", Deck.NATION, NationCode.TAN, (
        _r("TAN1A", "Tang", (POWER,), header=A_SIDE, start=IP, exp=TF,
           vp=VarVP(1, Count(CountKind.PINNED, zone=Zone.IN_PLAY, except_suits=(REG,)), divisor=3),
           trig=(PASSIVE, EXHAUST, END_OF_SOLSTICE)),
        _r("TAN1B", "Tang", (POWER,), header=B_SIDE, start=IP, exp=TF,
           vp=VarVP(1, Count(CountKind.PINNED, zone=Zone.IN_PLAY, except_suits=(REG,))),
           trig=(PASSIVE, END_OF_SOLSTICE)),
        _r("TAN2", "Poetry", (), states=(EMP,), start=ACC, exp=TF, trig=(PLAY,)),
        _r("TAN3", "Salt Industry Commission", (), states=(EMP,), types=(MERCHANT, PRODUCTION),
           header=PIN, start=DEV, exp=TF, vp=CondVP(4, Zone.IN_PLAY, otherwise=2),
           cost=DevCost(mat=4, pop=1), trig=(EXHAUST, SOLSTICE)),
        _r("TAN4", "Eastern Silk Road", (TROUTE,), states=(EMP,), header=TRD, start=DEV, exp=TF,
           vp=CondVP(3, Zone.HISTORY), cost=DevCost(mat=3, pop=1), trig=(COMMERCE, PROFIT)),
        _r("TAN5", "Tea Drinking", (CIV,), states=(EMP,), start=DEV, exp=TF, vp=FixedVP(2),
           cost=DevCost(mat=3, pop=1), trig=(PLAY,)),
        _r("TAN6", "Confucianism", (), states=(EMP,), header=PIN, start=DEV, exp=TF, vp=FixedVP(2),
           cost=DevCost(pop=4), trig=(EXHAUST,)),
        _r("TAN7", "Porcelain", (), states=(EMP,), types=(PRODUCTION, PRODUCTION), header=PIN,
           start=DEV, exp=TF,
           vp=VarVP(1, Count(CountKind.RESOURCE, resources=(PRG,), zone=Zone.POOL), divisor=5),
           cost=DevCost(mat=3, pop=1), trig=(SOLSTICE,)),
        _r("TAN8", "Fireworks", (), states=(EMP,), start=DEV, exp=TF, vp=FixedVP(2),
           cost=DevCost(mat=2, pop=1), trig=(FREE_ACTION,)),
        _r("TAN9", "Wood Block Printing", (), states=(EMP,), header=PIN, start=DEV, exp=TF,
           vp=VarVP(1, Count(CountKind.SUIT, suits=(TROUTE,))), cost=DevCost(mat=3, pop=2),
           trig=(EXHAUST,)),
        _r("TAN10", "Yu Xuanji", (), states=(EMP,), start=DEV, exp=TF, vp=FixedVP(3),
           cost=DevCost(pop=4), trig=(PLAY,)),
        _r("TAN11", "Cosmopolitan Culture", (), types=(CITY,), start=NAT, exp=TF, trig=(PLAY,)),
        _r("TAN12", "Luoyang", (), types=(METROPOLIS,), header=PIN, start=NAT, exp=TF,
           trig=(SOLSTICE,)),
        _r("TAN13", "Chan Buddhism", (), header=PIN, start=NAT, exp=TF, trig=(PASSIVE, SOLSTICE)),
        _r("TAN14", "Empress Wu Zetian", (), start=NAT, exp=TF, vp=CondVP(1, Zone.HISTORY),
           trig=(PLAY,)),
        _r("TAN15", "Taoism", (), header=PIN, start=D, exp=TF, trig=(EXHAUST,)),
        _r("TAN16", "Imperial Examinations", (CIV,), start=D, exp=TF, trig=(PLAY,)),
        _r("TAN17", "Scholar Officials", (CIV,), start=D, exp=TF, trig=(PLAY,)),
        _r("TAN18", "Ministry of the Army", (), header=PIN, start=D, exp=TF, trig=(EXHAUST,)),
        _r("TAN19", "Chang'an", (), types=(METROPOLIS,), header=PIN, start=D, exp=TF,
           trig=(SOLSTICE,)),
        _r("TAN20", "Guangzhou", (), types=(CITY, PRODUCTION), header=PIN, start=D, exp=TF,
           trig=(SOLSTICE,)),
        _r("TAN21", "Tang Prosperity", (), start=D, exp=TF, trig=(PLAY,)),
        _r("TAN22", "Emperor Taizong", (), states=(BARB,), start=D, exp=TF, trig=(PLAY,)),
        _r("TAN23", "Mandate of Heaven", (), header=PIN, start=D, exp=TF,
           vp=CondVP(-2, Zone.IN_PLAY, negated=True), trig=(EXHAUST, SOLSTICE)),
        _r("TAN24", "Rebellion", (), start=D, exp=TF, trig=(PLAY,)),
        _r(("TAN25", "TAN26", "TAN27"), "Unrest", (UNREST,), start=SUP, exp=TF, vp=FixedVP(-2),
           trig=(SETUP, PLAY)),
    )),
    # Wagadou
    NationCode.WAG: _expand("C4.WAG", Deck.NATION, NationCode.WAG, (
        _r("WAG1A", "Wagadou", (POWER,), header=A_SIDE, start=IP, exp=TF,
           vp=VarVP(1, Count(CountKind.RESOURCE, resources=(MAT,), zone=Zone.POOL), divisor=10),
           trig=(PASSIVE, SOLSTICE)),
        _r("WAG1B", "Wagadou", (POWER,), types=(PRODUCTION, PRODUCTION), header=B_SIDE, start=IP,
           exp=TF,
           vp=VarVP(1, Count(CountKind.RESOURCE, resources=(MAT,), zone=Zone.POOL), divisor=2),
           trig=(PASSIVE,)),
        _r("WAG2", "City of Koumbi Saleh", (), types=(CITY, PRODUCTION), header=PIN, start=ACC,
           exp=TF, trig=(SOLSTICE,)),
        _r("WAG3", "City of Aoudaghost", (), states=(EMP,), types=(CITY, PRODUCTION), header=PIN,
           start=DEV, exp=TF, vp=VarVP(1, Count(CountKind.TYPE_ICON, icons=(CITY, METROPOLIS))),
           cost=DevCost(pop=5), trig=(SOLSTICE,)),
        _r("WAG4", "Controlling the Trade", (), states=(EMP,), header=PIN, start=DEV, exp=TF,
           vp=VarVP(1, Count(CountKind.TYPE_ICON, icons=(PRODUCTION,)), divisor=3),
           cost=DevCost(pop=3), trig=(FREE_ACTION, EXHAUST)),
        _r("WAG5", "Great Mosque of Djenne", (), states=(EMP,), header=PIN, start=DEV, exp=TF,
           vp=FixedVP(2), cost=DevCost(pop=4), trig=(PLAY, SOLSTICE)),
        _r("WAG6", "Adoption of Islam", (), states=(EMP,), start=DEV, exp=TF,
           vp=VarVP(1, Count(CountKind.CARD, zone=Zone.HISTORY), divisor=4), cost=DevCost(pop=3),
           trig=(FREE_ACTION,)),
        _r("WAG7", "Great Wealth", (), states=(EMP,), header=PIN, start=DEV, exp=TF,
           vp=VarVP(1, Count(CountKind.RESOURCE, resources=(MAT,), zone=Zone.POOL), divisor=5),
           cost=DevCost(pop=5), trig=(PASSIVE,)),
        _r("WAG8", "Dinga Cissé", (), states=(BARB,), start=NAT, exp=TF, trig=(PLAY,)),
        _r("WAG9", "Salt Merchants", (), types=(MERCHANT,), header=PIN, start=NAT, exp=TF,
           trig=(EXHAUST,)),
        _r("WAG10", "Berber Traders", (), start=NAT, exp=TF, trig=(PLAY,)),
        _r("WAG11", "Niger River Valley", (REG,), types=(PRODUCTION, RIVER), header=PIN, start=NAT,
           exp=TF, trig=(PLAY,)),
        _r("WAG12", "Bambouk", (REG,), header=PIN, start=NAT, exp=TF, trig=(PLAY,)),
        _r("WAG13", "Golden Prosperity", (), start=NAT, exp=TF, trig=(PLAY,)),
        _r("WAG14", "Unrest", (UNREST,), start=NAT, exp=TF, vp=FixedVP(-2), trig=(PLAY,)),
        _r("WAG15", "Trans-saharan Trade Route", (TROUTE,), types=(PRODUCTION,), header=TRD,
           start=D, exp=TF, trig=(COMMERCE, PROFIT)),
        _r("WAG16", "Dhar Tichitt", (), states=(BARB,), header=PIN, start=D, exp=TF,
           trig=(PASSIVE, EXHAUST)),
        _r("WAG17", "Pact with Bida", (), states=(BARB,), header=PIN, start=D, exp=TF,
           trig=(FREE_ACTION, PASSIVE, EXHAUST, SOLSTICE)),
        _r("WAG18", "Guidimaka", (REG,), header=PIN, start=D, exp=TF, trig=(PLAY,)),
        _r("WAG19", "Northern Mali", (REG,), header=PIN, start=D, exp=TF, trig=(PLAY,)),
        _r("WAG20", "Gold Merchants", (), types=(MERCHANT,), header=PIN, start=D, exp=TF,
           trig=(EXHAUST,)),
        _r("WAG21", "Pride", (), start=D, exp=TF, trig=(PLAY,)),
        _r(("WAG22", "WAG23"), "Unrest", (UNREST,), start=D, exp=TF, vp=FixedVP(-2), trig=(PLAY,)),
    )),
}

del (REG, UNC, CIV, TRI, FAME, UNREST, GADGET, POWER, TROUTE, BARB, EMP, ISLE, VOY, CORR, SUMM,
     CITY, FERTILE, HUNT, KNIGHT, MASK, MERCHANT, METROPOLIS, WONDER, OCEAN, PRODUCTION, RIVER, SCROLL,
     PIN, ATK, TRD, A_SIDE, B_SIDE, IP, NAT, ACC, DEV, SUP, CHS, D, TWO_PLUS, THREE_PLUS, FOUR, TF, RU,
     MAT, POP, PRG, GDS, PLAY, FREE_ACTION, EXHAUST, PASSIVE, SOLSTICE, END_OF_SOLSTICE, COMMERCE,
     PROFIT, SETUP, NOTE, ON_GAIN)

#: Every card of C1-C4, in table order.
CARDS: tuple[Card, ...] = (
    SHARED_CARDS + COMMON_CARDS + TRADE_ROUTE_CARDS + tuple(c for cs in NATION_CARDS.values() for c in cs)
)
#: What a variant file may change (meeplegym.variants), by card id: a printed VP number, a
#: development cost. The rules read CARDS (and CARD_BY_ID), so a variant changes them there.
VARIANT_TABLES: dict[str, variants.VariantTable] = {
    "cards": variants.VariantTable(
        CARDS, lambda c: c.id.lower(),
        {"vp.amount": (-10, 30), **{f"dev_cost.{r}": (0, 20) for r in ("mat", "pop", "prg", "gds")}}),
}
CARDS = variants.applied("imperium", VARIANT_TABLES)["cards"]
CARD_BY_ID: dict[str, Card] = {c.id: c for c in CARDS}

#: Cards whose VP the typed rules cannot express (kept as UnstructuredVP).  Empty for
#: the Horizons box: every VP cell of C1-C4 is structured.
VP_UNSTRUCTURED: frozenset[str] = frozenset(c.id for c in CARDS if isinstance(c.vp, UnstructuredVP))


def cards_of(nation: NationCode) -> tuple[Card, ...]:
    """All cards (faces) of one nation deck."""
    return NATION_CARDS[nation]


def setup_pile(card: Card) -> SetupPile | None:
    """Where a card goes at player setup (spec I2.3-I2.14, I13.1); ``None`` for cards
    without a start position (the common deck, King of Kings, common unrest, *Welcoming*
    and the common trade routes).  A Merchant (``IP``, suit POWER) maps to POWER_CARD, a
    standard state card to STATE_CARD."""
    if card.start is None:
        return None
    if card.start is Start.IP:
        return SetupPile.POWER_CARD if Suit.POWER in card.suits else SetupPile.IN_PLAY
    return {
        Start.STATE: SetupPile.STATE_CARD,
        Start.ACC: SetupPile.ACCESSION,
        Start.DEV: SetupPile.DEVELOPMENT,
        Start.NAT: SetupPile.NATION_DECK,
        Start.D: SetupPile.DRAW_DECK,
        Start.SUP: SetupPile.UNREST_PILE,
        Start.CHS: SetupPile.CHAOS_PILE,
    }[card.start]


def composition(nation: NationCode) -> dict[SetupPile, int]:
    """Physical cards per setup pile (the two faces of a double-sided card count once)."""
    out: dict[SetupPile, int] = {}
    seen: set[str] = set()
    for card in NATION_CARDS[nation]:
        if card.physical in seen:
            continue
        seen.add(card.physical)
        pile = setup_pile(card)
        out[pile] = out.get(pile, 0) + 1
    return out


# ======================================================================== nations
@dataclass(frozen=True)
class Nation:
    """A Horizons nation (spec C4 header lines, I16; seed PT l.258-273, l.1628-2030).

    ``composition`` is the spec's "Composition (data)" line as stated, pile by pile, and
    ``composition_total`` its stated total; ``seed_card_count`` is the seed's component
    list.  ``base_exhaust_tokens`` is 3 for the nations whose power card says so (I2.6),
    else 5, before the Trade Routes bonus.  ``seed_code`` is the code printed on the PT
    cards (seed PT l.366-398), which differs from S2's for some nations (spec I1.11)."""

    code: NationCode
    name: str
    seed_code: str
    aggression: Aggression
    trade_routes_required: bool
    seed_card_count: int
    composition: tuple[tuple[SetupPile, int], ...]
    composition_total: int
    base_exhaust_tokens: int
    source: str


def _comp(**piles: int) -> tuple[tuple[SetupPile, int], ...]:
    return tuple((SetupPile[k.upper()], n) for k, n in piles.items())


_NAT_SRC = "imperium.md C4.{code} header; I2.1 (Trade Routes), I2.6 (exhaust tokens); seed PT l.{count} (card count), l.{aggr} (aggression)"
_PA, _PP, _AG, _RU = Aggression.PACIFIC, Aggression.PARTIALLY_PACIFIC, Aggression.AGGRESSIVE, Aggression.RUTHLESS


def _N(code, name, seed_code, aggression, tr, count, comp, total, tokens, count_line, aggr_line, note=""):
    src = _NAT_SRC.format(code=code.name, count=count_line, aggr=aggr_line) + (f"; {note}" if note else "")
    return Nation(code, name, seed_code, aggression, tr, count, comp, total, tokens, src)


_TR_SEED = "seed PT l.988-993 (nations needing Trade Routes)"
_3X_SEED = "3 exhaust tokens: seed PT l.525"
N = NationCode
#: The 14 Horizons nations, index == NationCode.
NATIONS: tuple[Nation, ...] = (
    _N(N.ABB, "Abbasids", "ABA", _PA, True, 23,
       _comp(power_card=1, accession=1, development=6, nation_deck=6, draw_deck=9), 23, 5, 260, 1644,
       _TR_SEED),
    _N(N.AKS, "Aksumites", "AXU", _PA, True, 23,
       _comp(power_card=1, accession=1, development=6, nation_deck=5, draw_deck=10), 23, 5, 261, 1700,
       _TR_SEED),
    # Stated composition counts the faces of the two double-sided ceremony cards (4 "other
    # in-play"), the seed counts 29 cards; there are 30 physical cards (SEED_DIFFERENCES).
    _N(N.CUL, "Cultists", "CUL", _RU, False, 29,
       _comp(power_card=1, state_card=1, in_play=4, draw_deck=17, unrest_pile=4, chaos_pile=5), 32, 3,
       262, 1742, _3X_SEED + ", l.1748"),
    _N(N.GUP, "Guptas", "GUP", _PA, True, 24,
       _comp(power_card=1, accession=1, development=6, nation_deck=5, draw_deck=10, unrest_pile=1), 24, 5,
       263, 1792, _TR_SEED),
    _N(N.INU, "Inuit", "INU", _PA, False, 25,
       _comp(power_card=1, state_card=1, development=12, draw_deck=8, unrest_pile=3), 25, 3, 264, 1800,
       _3X_SEED + ", l.1808"),
    _N(N.JPN, "Japanese", "JAP", _PA, False, 24,
       _comp(power_card=1, accession=1, development=5, nation_deck=7, draw_deck=10), 24, 5, 265, 1828),
    _N(N.MAG, "Magyars", "MAG", _RU, False, 27,
       _comp(power_card=1, accession=1, development=3, nation_deck=8, draw_deck=10, unrest_pile=4), 27, 5,
       266, 1836),
    _N(N.MRT, "Martians", "MAR", _PP, False, 29,
       _comp(power_card=1, state_card=1, accession=1, development=3, nation_deck=9, draw_deck=12,
             unrest_pile=2), 29, 5, 267, 1852),
    _N(N.MAY, "Mayans", "MAI", _PP, False, 28,
       _comp(power_card=1, accession=1, development=8, nation_deck=7, draw_deck=10, unrest_pile=1), 28, 5,
       268, 1844),
    _N(N.POL, "Polynesians", "POL", _PA, False, 29,
       _comp(power_card=1, state_card=1, in_play=1, accession=1, development=4, nation_deck=9, draw_deck=10,
             unrest_pile=2), 29, 3, 269, 1909, _3X_SEED + ", l.1915"),
    _N(N.SAS, "Sassanids", "SAS", _AG, True, 24,
       _comp(power_card=1, accession=1, development=5, nation_deck=7, draw_deck=10), 24, 5, 270, 1961,
       _TR_SEED),
    _N(N.TAI, "Taino", "TAI", _PP, False, 24,
       _comp(power_card=1, state_card=1, accession=1, development=5, nation_deck=6, draw_deck=10), 24, 3,
       271, 1967, _3X_SEED + ", l.1973"),
    _N(N.TAN, "Tang", "TAN", _PA, True, 27,
       _comp(power_card=1, accession=1, development=8, nation_deck=4, draw_deck=10, unrest_pile=3), 27, 5,
       272, 1983, _TR_SEED),
    _N(N.WAG, "Wagadou", "UAG", _PA, True, 23,
       _comp(power_card=1, accession=1, development=5, nation_deck=7, draw_deck=9), 23, 5, 273, 2023,
       _TR_SEED),
)
del N, _PA, _PP, _AG, _RU
NATION_BY_CODE: dict[NationCode, Nation] = {n.code: n for n in NATIONS}


# ================================================================= setup numbers
MIN_PLAYERS = 1  # solo is played against the automa (spec I14; seed PT l.1026)
MAX_PLAYERS = 4  # (spec title; seed PT l.311, l.315: 4 player organisers, 4 King-of-Kings tokens)

#: Starting pool (spec I2.11; seed PT l.543: "3 [mat], 2 [pop] e 1 [prg]", icons lost).
START_RESOURCES: dict[Resource, int] = {Resource.MAT: 3, Resource.POP: 2, Resource.PRG: 1}
#: With Trade Routes, 1 gds replaces the 1 prg (spec I2.11 [R], I13.1; seed PT l.547, l.979).
START_RESOURCES_TRADE_ROUTES: dict[Resource, int] = {Resource.MAT: 3, Resource.POP: 2, Resource.GDS: 1}
#: Extra Martian progress by power side (spec I2.11 [D], C4.MRT SETUP; seed PT l.545 "20 ou 25").
MARTIAN_EXTRA_PRG: dict[Face, int] = {Face.A: 25, Face.B: 20}

ACTION_TOKENS = 3  # per turn on the state card (spec I2.6, I7.2; seed PT l.523)
EXHAUST_TOKENS = 5  # (spec I2.6; seed PT l.523)
EXHAUST_TOKENS_REDUCED = 3  # Cultists, Inuit, Polynesians, Taino (spec I2.6; seed PT l.525)
TRADE_ROUTES_EXTRA_EXHAUST = 1  # (spec I2.6, I13.1; seed PT l.547, l.979)
OPENING_HAND = 5  # (spec I2.16; seed PT l.559)
HAND_LIMIT = 5  # default draw-up limit (spec I7.4; seed PT l.730)

MARKET_SLOTS = 5  # (spec I3.12; seed PT l.232 "cinco reveladas")
#: What fills each market slot, left to right (spec I3.12 [R] order of slots 3-5, config;
#: seed PT l.610).  ``None`` = the main deck.
MARKET_SLOT_SOURCE: tuple[Suit | None, ...] = (None, None, Suit.REG, Suit.UNC, Suit.CIV)

#: Fame cards above King of Kings, by player count (spec I3.8; seed PT l.591; solo uses
#: the 2-player setup, seed PT l.1032).  Trade Routes adds *Welcoming*: +1 (seed PT l.593).
FAME_PILE_SIZE: dict[int, int] = {1: 6, 2: 6, 3: 7, 4: 8}
FAME_PILE_TRADE_ROUTES_EXTRA = 1
#: Cards in each of the region / uncivilised / civilised small piles (spec I3.8; seed PT l.596).
SMALL_PILE_SIZE: dict[int, int] = {1: 6, 2: 6, 3: 7, 4: 8}
TRIBUTARIES_FACE_UP = 3  # one under each small pile (spec I3.10; seed PT l.604)
#: Tributaries then removed unseen (spec I3.8, I3.10; seed PT l.604).
TRIBUTARIES_REMOVED: dict[int, int] = {1: 2, 2: 2, 3: 1, 4: 0}
#: Common unrest cards in play after the player-count filter (spec I3.6, I3.8; seed PT l.578).
COMMON_UNREST: dict[int, int] = {1: 8, 2: 8, 3: 10, 4: 12}
CIVILISED_MARKET_PRG = 1  # on each white-banner market card at setup (spec I3.14 [R]; seed PT l.614)
CLEANUP_MARKET_PRG = 1  # placed on a market card at cleanup (spec I7.1; seed PT l.718, l.2044)

VP_CAP_PER_CARD = 10  # (spec I1.12, I10.3; seed PT l.817, l.825)
VP_PER_PRG = 1  # per progress in the pool at scoring (spec I10.3 [R])
PROFIT_GDS = 3  # goods that make a trade route full and are taken by Profit (spec I13.6)
TRADE_ROUTE_GDS_CAP = 3  # (spec I13.5: Trade only onto a route with fewer than 3 gds)

#: Common-card counts by banner in the Horizons box (spec I1.1; seed PT l.251-256).
#: FAME includes King of Kings (9 = 8 + 1).
COMMON_SUIT_COUNTS: dict[Suit, int] = {
    Suit.FAME: 9, Suit.CIV: 18, Suit.UNC: 25, Suit.REG: 14, Suit.TRI: 13, Suit.UNREST: 12,
}
#: Ruthless / trade-friendly corner icons per common suit, as the seed states (spec I3.3;
#: seed PT l.252-255).  NB the card data marks 3 civilised cards TF, the seed says 2:
#: see SEED_DIFFERENCES.
CORNER_ICON_COUNTS: dict[Suit, dict[Expansion, int]] = {
    Suit.UNC: {Expansion.RU: 4, Expansion.TF: 3},
    Suit.CIV: {Expansion.RU: 3, Expansion.TF: 2},
    Suit.REG: {Expansion.RU: 0, Expansion.TF: 1},
    Suit.TRI: {Expansion.RU: 2, Expansion.TF: 1},
}
#: Physical components that are not cards of C1-C4, plus the non-card decks of the box
#: (spec I1.3, I1.4; seed PT l.277-327).  Tokens are unlimited in play (spec I1.4).
COMPONENT_COUNTS: dict[str, int] = {
    "exhaust tokens": 21,
    "action tokens": 18,
    "slot markers": 6,
    "mat tokens": 48,
    "pop tokens": 48,
    "prg tokens": 48,
    "gds tokens": 36,
    "King of Kings tokens": 4,
    "six-sided die": 1,
    "solstice token": 1,
    "cultist tokens": 20,
    "standard state cards": 4,
    "automa state cards": 32,
    "replacement cards": 49,
    "quick-reference cards": 2,
    "Trade Routes cards": 14,
}

SETUP_SOURCES: dict[str, str] = {
    "START_RESOURCES": "spec I2.11; seed PT l.543, l.547, l.979",
    "MARTIAN_EXTRA_PRG": "spec I2.11 [D], C4.MRT rows MRT1A/MRT1B; seed PT l.545",
    "tokens": "spec I2.6, I7.2; seed PT l.523-525, l.547",
    "hand": "spec I2.16, I7.4; seed PT l.559, l.730",
    "market": "spec I3.12 [R]; seed PT l.232, l.610",
    "piles": "spec I3.6-I3.10; seed PT l.578, l.591-604, l.1032 (solo = 2-player setup)",
    "scoring": "spec I1.12, I10.3; seed PT l.817, l.825",
    "trade routes": "spec I13.5-I13.6",
    "counts": "spec I1.1-I1.4, I3.3; seed PT l.251-333",
}


# =========================================================== seed-vs-spec notes
class SeedDifference(NamedTuple):
    """A place where the spec and the seed disagree (the seed wins), or where the data
    has to resolve a gap; ``decision`` says what this module keeps."""

    section: str
    spec: str
    seed: str
    decision: str


SEED_DIFFERENCES: tuple[SeedDifference, ...] = (
    SeedDifference(
        "I3.3, C2.Civilised",
        "S2 marks three civilised cards TF (3CIV4 Nabataean Kingdom, 3CIV7 Warehouse, 3CIV18 Imports); "
        "the spec's default treats all three as TF (config)",
        "seed PT l.252: '18 cartas civilizadas (3, 2)' = 3 RU, 2 TF",
        "CORNER_ICON_COUNTS keeps the seed's 2; the card rows keep S2's three TF markers, because the "
        "seed does not say which card is unmarked (the engine's TF filter is a config flag)",
    ),
    SeedDifference(
        "C4.CUL header",
        "composition 'other in-play 4 ... total 32' counts both faces of the two double-sided "
        "ceremony cards (CUL2A/B, CUL3A/B); the data hold 30 physical cards (CUL1-CUL30)",
        "seed PT l.262: '29 cartas de cultistas'",
        "Nation.seed_card_count = 29 and the stated composition are recorded as given; every card row "
        "is kept (all are needed to play, I2.4-I2.14).  Physical count 30 vs seed 29 is unresolved",
    ),
    SeedDifference(
        "I16 Cultists, Ceremony of the Key",
        "13 different icons: 'any suit, state or type icon counts'",
        "seed PT l.1764: unrest, two symbols whose pictures are lost, and state symbols are not icons for it",
        "suits other than UNREST and the type icons count; state icons do not (choices.garrisoned_icons)",
    ),
    SeedDifference(
        "C1 King of Kings",
        "printed code given as '3FAM…' (not legible)",
        "seed PT l.1604: '3FAM9/9', but the same seed numbers Supreme '3FAM1/10' (l.1622) and S2's "
        "3FAM9 is Influential",
        "King of Kings gets the id 3FAM10A / 3FAM10B (the tenth Horizons fame card)",
    ),
    SeedDifference(
        "I1.11 card codes",
        "Part C uses S2's nation codes (ABB, AKS, JPN, MRT, MAY, WAG ...)",
        "seed PT l.366-398 prints ABA, AXU, JAP, MAR, MAI, UAG (and INC/DES/ROT for UNC/UNR/TRO)",
        "card ids follow the spec (S2); Nation.seed_code records the printed PT code",
    ),
)


# =============================================================== the solo automa (I14, C7)
class AutomaTrigger(IntEnum):
    """What an automa table row answers (I14.3 step 2.2: the first row whose trigger matches the
    card's name, type or suit)."""

    UNREST = 0  # an unrest card (always the first row, I14.3 2.3)
    TROUTE = 1  # a trade route
    NAMES = 2  # a card with one of the names in `AutomaRow.names`
    TYPES = 3  # a card showing one of the type icons in `AutomaRow.types`
    SUITS = 4  # a card of one of the suits in `AutomaRow.suits`
    PINNED = 5  # a pinned card (header PIN)
    ATTACK = 6  # an attack card (header ATK), or one of `AutomaRow.names`
    DYNASTY = 7  # a card of the automa's dynasty pile: development, accession or nation card (I14.1 5)
    STATE = 8  # a card showing one of the state icons in `AutomaRow.states`
    OTHER = 9  # any card (the last row)


class AutomaRow(NamedTuple):
    """One row of an automa state table: its trigger, the effect in words, and the effect as a
    program in the effects vocabulary (effects.py compiles it; the automa keywords of I14.4-I14.5
    change what the steps do when the automa runs them)."""

    trigger: AutomaTrigger
    effect: str
    program: str
    names: tuple[str, ...] = ()  # card names (NAMES, ATTACK)
    types: tuple[TypeIcon, ...] = ()
    suits: tuple[Suit, ...] = ()
    states: tuple[StateIcon, ...] = ()
    note: str = ""  # [R] / [?] readings of lost icons


class AutomaTable(NamedTuple):
    """Both sides of an automa state card (I14.3 5: the card flips when the accession card
    enters the automa discard). ``nation`` is None for the designed generic table."""

    name: str
    nation: NationCode | None
    barbarian: tuple[AutomaRow, ...]
    empire: tuple[AutomaRow, ...]
    source: str
    designed: bool  # True: not an original table (C7.2)


_T = AutomaTrigger
_UNREST_ROW = AutomaRow(_T.UNREST, "Return this card to the unrest pile.", "return this", note="[R] icon lost")
_TROUTE_ROW = AutomaRow(_T.TROUTE, "Play this trade route and trigger it.", "put_in_play; trigger",
                        note="[R] icon lost")

#: C7.1: the Mayan automa table, from the seed's worked example (seed PT l.1366-1381); its
#: trigger icons are lost and read as the spec does. The example shows one side only; the
#: engine uses it on both (rule decision, docs/imperium.md).
_MAYAN_ROWS = (
    _UNREST_ROW,
    _TROUTE_ROW,
    AutomaRow(_T.NAMES, "Reveal the top main-deck card. If it is PINNED: exile it and gain 1 gds. Otherwise put "
              "it and an unrest into the automa discard.",
              "reveal; if it pinned { exile it; gain 1 gds } else { discard it; take unrest to:discard }",
              names=("Patolli",), note="[R] PINNED, gds"),
    AutomaRow(_T.NAMES, "Discard the top card of the automa deck.", "discard_top 1", names=("Stone Mask",)),
    AutomaRow(_T.TYPES, "Discard the top 2 automa-deck cards. Return an unrest from the automa discard. Gain 1 prg.",
              "discard_top 2; return_unrest from:discard; gain 1 prg", types=(TypeIcon.MASK,),
              note="[R] #mask (the example: Stone Mask falls through to it); [?] prg"),
    AutomaRow(_T.TYPES, "Gain 1 mat.", "gain 1 mat", types=(TypeIcon.CITY, TypeIcon.METROPOLIS),
              note="[R] #city/#metropolis (Caracol matches it); [?] mat"),
    AutomaRow(_T.STATE, "Exile a market card. Gain 1 prg. Put this card into history.",
              "exile market; gain 1 prg; history this", states=(StateIcon.EMP,), note="[?] EMP; [?] prg"),
    AutomaRow(_T.DYNASTY, "Put a set-aside Headpiece on top of the automa deck and put a Stone Mask from the "
              "automa discard into history; if impossible, resolve the top automa-deck card. Put this card into "
              "history.",
              "choose { place_top name:MAY8 from:set_aside, history name:MAY12 from:discard | resolve deck }; "
              "history this", note="[?] dynasty card"),
    AutomaRow(_T.PINNED, "Put a #mask from the automa discard on top of the automa deck to acquire an "
              "UNC/CIV/REG/TRI; if impossible, discard the top automa-deck card. Put this card into history.",
              "choose { place_top #mask from:discard => acquire UNC/CIV/REG/TRI | discard_top 1 }; history this",
              note="[R] PINNED (Chultuns matches it); [?] UNC/CIV/REG/TRI"),
    AutomaRow(_T.OTHER, "Acquire an UNC/CIV/REG; if impossible, discard the top automa-deck card and return an "
              "unrest from the automa discard. Put this card into history.",
              "choose { acquire UNC/CIV/REG | discard_top 1; return_unrest from:discard }; history this",
              note="[?] UNC/CIV/REG"),
)

#: C7.2: the designed generic table (not original), for every nation without its own.
_GENERIC_BARBARIAN = (
    _UNREST_ROW._replace(note=""),
    _TROUTE_ROW._replace(note=""),
    AutomaRow(_T.SUITS, "Play this card. Exile a market card. Gain 1 mat.", "put_in_play; exile market; gain 1 mat",
              suits=(Suit.REG,)),
    AutomaRow(_T.PINNED, "Play this card. Gain 1 pop.", "put_in_play; gain 1 pop"),
    AutomaRow(_T.ATTACK, "Acquire a REG/TRI; if impossible, gain 2 pop. You take an unrest (attack).",
              "choose { acquire REG/TRI | gain 2 pop }; others { take unrest }", names=("Conquer",)),
    AutomaRow(_T.NAMES, "Acquire an UNC/CIV; if impossible, gain 3 mat.", "choose { acquire UNC/CIV | gain 3 mat }",
              names=("Advance",)),
    AutomaRow(_T.NAMES, "If the automa has 3+ regions in play, abandon 3 regions to gain the top FAME card; "
              "otherwise discard the top automa-deck card.",
              "choose { abandon 3 REG => take fame | discard_top 1 }", names=("Glory",)),
    AutomaRow(_T.SUITS, "Gain 2 prg. Put this card into history.", "gain 2 prg; history this", suits=(Suit.FAME,)),
    AutomaRow(_T.OTHER, "Gain 1 prg. Add 1 mat to the market card at the die slot.", "gain 1 prg; add 1 mat to:die"),
)
_GENERIC_EMPIRE = tuple(
    AutomaRow(_T.NAMES, "Break through for a CIV; if impossible, gain 2 prg.",
              "choose { break_through CIV | gain 2 prg }", names=("Advance",)) if k == 5 else
    AutomaRow(_T.OTHER, "Resolve the top card of the dynasty pile; if impossible, gain 2 prg. Put this card into "
              "history.", "choose { resolve dynasty | gain 2 prg }; history this") if k == 8 else row
    for k, row in enumerate(_GENERIC_BARBARIAN))

AUTOMA_TABLES: dict[str, AutomaTable] = {
    "mayans": AutomaTable("mayans", NationCode.MAY, _MAYAN_ROWS, _MAYAN_ROWS,
                          "imperium.md C7.1; seed PT l.1360-1420 (the automa turn example)", False),
    "generic": AutomaTable("generic", None, _GENERIC_BARBARIAN, _GENERIC_EMPIRE,
                           "imperium.md C7.2 (designed, not original)", True),
}


class Difficulty(NamedTuple):
    """An automa difficulty level (I14.10; seed PT l.1264-1300). Sovereign's "1 VP per ⟨lost
    icon⟩" is read as 1 VP per gds instead of gds counting 5 toward mat + pop (the spec's [?])."""

    name: str
    seed_name: str
    slots: int  # slot markers in use: a roll above sets the die aside
    discard_after_refill: bool  # Warlord: the top automa-deck card into its discard after the refill
    start_resources: tuple[int, int, int, int]  # mat, pop, prg, gds (Trade Routes: gds for the prg)
    mat_pop_per_vp: int  # final score: 1 VP per this many mat + pop (gds count 5)
    cultist_unrest_vp: int  # a Cultist automa's VP per unrest
    no_token_on_six: bool  # Overlord: a 6 covers slot 6 and no market token is placed
    gds_vp_each: bool  # Sovereign and up: 1 VP per gds [?]
    inuit_winter_slots: int  # the Inuit automa's slots in use in Winter (tokens on the others, I14.3 4.6)


DIFFICULTIES: dict[str, Difficulty] = {
    "chieftain": Difficulty("Chieftain", "Chefe", 4, False, (0, 0, 0, 0), 10, 0, False, False, 3),  # l.1266-1270
    "warlord": Difficulty("Warlord", "Caudilho", 4, True, (0, 0, 0, 0), 10, 0, False, False, 3),  # l.1272-1274
    "emperor": Difficulty("Emperor", "Imperador", 5, False, (0, 0, 0, 0), 10, 1, False, False, 3),  # l.1276-1278
    "sovereign": Difficulty("Sovereign", "Soberano", 5, False, (3, 2, 1, 0), 5, 1, False, True, 4),  # l.1280-1292
    "overlord": Difficulty("Overlord", "Suserano", 6, False, (3, 2, 1, 0), 5, 2, True, True, 4),  # l.1294-1300
}
#: I14.9 valuation (seed PT l.1215-1222): variable VP count 5; each prg on a market card 1 more
AUTOMA_VARIABLE_VP = 5
AUTOMA_VP_PER_MARKET_PRG = 1
#: I14.12 Supreme Leader: Overlord, 10 unrest in the common pile, 1 prg whenever the automa returns one
SUPREME_LEADER_UNREST = 10
SUPREME_LEADER_RETURN_PRG = 1
#: I14.7 King of Kings gained by the automa: prg on its Barbarian side, on its Empire side (seed PT l.1203-1207)
AUTOMA_KING_PRG = (6, 3)
#: I14.3 4.1: what the automa's cleanup puts on the market card at the die's slot, by nation
#: (the Horizons ones of the seed's list, PT l.1094-1101); 1 prg for every other nation
AUTOMA_MARKET_TOKEN = {NationCode.GUP: (Resource.GDS, 1), NationCode.TAN: (Resource.POP, 1),
                       NationCode.WAG: (Resource.MAT, 1)}
AUTOMA_MARKET_TOKEN_DEFAULT = (Resource.PRG, 1)
#: I14.4 Resolve the top card of an empty automa deck or dynasty pile: 2 prg instead (seed PT l.1120)
AUTOMA_EMPTY_RESOLVE_PRG = 2
#: I14.3 4.5: automa nations whose state card never flips on the accession card (the Horizons ones
#: of the seed's list; the Inuit have none: theirs turns every turn, Summer / Winter, I14.3 4.6)
AUTOMA_NO_FLIP = (NationCode.POL, NationCode.TAI, NationCode.INU)
#: Horizons nations the automa cannot play yet, with the reason (docs/rules_coverage.md)
AUTOMA_NOT_YET = {
    NationCode.CUL: "the Cultist automa state card (its chaos and ceremony rules, I14.8's cleanup trigger) is "
                    "not found (imperium.md C7.0 2)",
}


class AutomaTradeRoute(NamedTuple):
    """A trade route's automa lines (I14.6; seed PT back cover): "trigger" runs `commerce`, the
    Profit `profit`; programs as in `AutomaRow`."""

    name: str
    commerce: str
    profit: str
    note: str = ""


_WELCOMING_COMMERCE = "resolve dynasty; owner { may draw 1 }"
_SWAHILI_PROFIT = "break_through UNC"
AUTOMA_TRADE_ROUTES: dict[str, AutomaTradeRoute] = {r.name: r for r in (
    AutomaTradeRoute("Welcoming", _WELCOMING_COMMERCE, "resolve main; if it_vp 0 { gain 1 prg }"),
    AutomaTradeRoute("Andes Highway", "gain 2 pop; gain 1 prg", "place_top from:discard; take fame",
                     "[R] the discard pile's top card: the automa's most recent discard"),
    AutomaTradeRoute("Baltic Amber Road", "choose { return_unrest from:discard | gain 2 prg }",
                     "break_through TRI; discard it"),
    AutomaTradeRoute("Cornwall Tin Road", "choose { acquire UNC | discard_top 2 }", "discard_top 1 from:dynasty"),
    AutomaTradeRoute("Eastern Silk Road", "discard_top 1; acquire CIV", "break_through UNC/CIV/REG/TRI"),
    AutomaTradeRoute("Hopewell Exchange System", "discard_top 1; discard_top 1 from:dynasty", "gain 3 mat; gain 2 pop"),
    AutomaTradeRoute("Lapis Lazuli Trade", "choose { acquire TRI | gain 4 mat }", "break_through CIV"),
    AutomaTradeRoute("Maritime Spice Route", "choose { acquire #ocean also:exile | gain 1 gds }", "resolve deck",
                     "[?] the suit acquired is lost; #ocean as the human Commerce acquires"),
    AutomaTradeRoute("Philippines Jade Trade", "acquire any slots:12", "break_through REG; resolve it"),
    AutomaTradeRoute("Swahili Coast", "discard_top 1; gain 1 prg", _SWAHILI_PROFIT),
    AutomaTradeRoute("The Nile Corridor", "resolve deck", "break_through CIV"),
    AutomaTradeRoute("Trans-saharan Trade Route",
                     "choose { acquire any with:mat | acquire any with:gds | gain 3 mat; add 1 mat to:die }",
                     "gain 1 mat per:TROUTE"),
    AutomaTradeRoute("Western Silk Road", "return_unrest from:discard; gain 1 prg", "resolve deck; discard_top 1"),
    AutomaTradeRoute("Mediterranean Circle", _WELCOMING_COMMERCE, _SWAHILI_PROFIT,
                     "[?] no line in the seed: Welcoming's Commerce and Swahili Coast's Profit (I14.6)"),
)}
#: I14.3 step 3 with Trade Routes: the first line of the automa Merchant's side that can be done
AUTOMA_MERCHANT_TURN_END = (
    "choose { acquire TROUTE | pay 5 gds => { take fame; flip this } | profits | trade }",  # Merchant
    "choose { acquire TROUTE | profits | pay 3 gds => acquire UNC/CIV | trade }",  # Merchant Empire
)
