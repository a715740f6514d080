"""The ChronicleState: what Oath carries from one game to the next (O8.9), and what a game is set
up from (O1.1).

A ChronicleState names things, not ids, so that a saved chronicle reads as the table it
describes and survives any renumbering. `SetupArrays` is the same content as the arrays the
compiled setup reads. Parts left open are dealt at setup from the game's own generator: a slot
with no site gets a random facedown site, a missing world deck is built per O8.8 from the
starting denizens, a missing relic deck is every ordinary relic not placed, shuffled (O1.2).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field

import numpy as np

from meeplegym.errors import InvalidOptionError
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath import state as S

COLOUR_NAMES = tuple(c.name.lower() for c in D.Colour)
_RUINED_FACES = {e.name: e.other_face for e in D.EDIFICE_FACES if e.ruined}


@dataclass
class SiteEntry:
    """One map slot: its site, whether it is faceup, the denizens and edifices at it (edifices by
    the face showing) and the facedown relics beside it."""

    site: str
    faceup: bool = False
    cards: list[str] = field(default_factory=list)
    relics: list[str] = field(default_factory=list)


@dataclass
class ChronicleState:
    """O8.9. ``sites``: the 8 slots in O0.2 order (Cradle top first), None = a random facedown
    site. ``world_deck`` / ``relic_deck``: top first; None = built at setup (O8.8 / shuffled)."""

    oath: str = "Supremacy"
    citizens: list[str] = field(default_factory=list)  # colours on their Citizen side
    previous_winner: str = "purple"
    game_index: int = 1
    sites: list[SiteEntry | None] = field(default_factory=lambda: [None] * S.N_SLOTS)
    world_deck: list[str] | None = None
    relic_deck: list[str] | None = None
    dispossessed: list[str] = field(default_factory=list)

    # ------------------------------------------------------------------ fixed starts
    @classmethod
    def first_game(cls) -> "ChronicleState":
        """A fresh chronicle's first game (O1.2)."""
        return cls._from_setup(D.FIRST_GAME)

    @classmethod
    def tutorial(cls) -> "ChronicleState":
        """The deterministic four-player tutorial chronicle (O1.3)."""
        return cls._from_setup(D.TUTORIAL)

    @classmethod
    def _from_setup(cls, setup: D.ChronicleSetup) -> "ChronicleState":
        sites: list[SiteEntry | None] = [None] * S.N_SLOTS
        for slot, (site, denizens, relics) in setup.faceup.items():
            sites[slot] = SiteEntry(site, True, [D.DENIZEN_BY_NUMBER[n].name for n in denizens], list(relics))
        for slot, site in (setup.facedown or {}).items():
            sites[slot] = SiteEntry(site)
        return cls(oath=setup.oath, sites=sites,
                   world_deck=list(setup.world_deck) if setup.world_deck else None,
                   relic_deck=list(setup.relic_deck) if setup.relic_deck else None)

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=1)

    @classmethod
    def from_json(cls, text: str) -> "ChronicleState":
        """A saved chronicle; anything that is not one raises InvalidOptionError naming the part.
        (Names are checked against the game's cards by `arrays`, when a game is set up.)"""
        try:
            raw = json.loads(text)
        except (TypeError, ValueError) as err:
            raise InvalidOptionError(f"a ChronicleState is JSON text: {err}") from None
        if not isinstance(raw, dict):
            raise InvalidOptionError(f"a ChronicleState is a JSON object, got {type(raw).__name__}")
        unknown = set(raw) - set(cls.__dataclass_fields__)
        if unknown:
            raise InvalidOptionError(f"ChronicleState: unknown keys {sorted(unknown)}")

        def names(key, value, optional=False):
            if value is None and optional:
                return None
            if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
                raise InvalidOptionError(f"ChronicleState.{key}: a list of names, got {value!r:.60}")
            return value

        out = cls()
        for key, value in raw.items():
            if key in ("oath", "previous_winner") and not isinstance(value, str):
                raise InvalidOptionError(f"ChronicleState.{key}: a name, got {value!r:.60}")
            if key == "game_index" and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
                raise InvalidOptionError(f"ChronicleState.game_index: a positive integer, got {value!r:.60}")
            if key in ("citizens", "dispossessed"):
                names(key, value)
            if key in ("world_deck", "relic_deck"):
                names(key, value, optional=True)
            if key == "sites":
                value = [_site_entry(k, e) for k, e in enumerate(value)] if isinstance(value, list) else \
                    names(key, value)
            setattr(out, key, value)
        return out

    # ------------------------------------------------------------------ arrays for the setup
    def arrays(self) -> "SetupArrays":
        """The compiled setup's input; refuses anything that is not a legal table."""
        return SetupArrays.build(self)


def _site_entry(k: int, entry) -> SiteEntry | None:
    """sites[k] of a saved chronicle: null, or an object with a site name, its faceup flag and
    lists of card and relic names."""
    if entry is None:
        return None
    fields = set(SiteEntry.__dataclass_fields__)
    if not isinstance(entry, dict) or "site" not in entry or set(entry) - fields:
        raise InvalidOptionError(f"ChronicleState.sites[{k}]: an object with keys {sorted(fields)}, got {entry!r:.60}")
    ok = (isinstance(entry["site"], str) and isinstance(entry.get("faceup", False), bool)
          and all(isinstance(entry.get(key, []), list) and all(isinstance(x, str) for x in entry.get(key, []))
                  for key in ("cards", "relics")))
    if not ok:
        raise InvalidOptionError(f"ChronicleState.sites[{k}]: a site name, a faceup flag and lists of names, "
                                 f"got {entry!r:.60}")
    return SiteEntry(**entry)


def _card_id(name: str, what: str) -> tuple[int, int]:
    """(id, ruined) of a card name; an edifice may be named by either face."""
    if name in _RUINED_FACES:
        return _RUINED_FACES[name], 1
    if name not in S.CARD_IDS:
        raise InvalidOptionError(f"{what}: unknown card {name!r}")
    return S.CARD_IDS[name], 0


@dataclass
class SetupArrays:
    """A ChronicleState as the arrays `rules.setup.init` reads (see there)."""

    oath: int
    citizen: np.ndarray  # by colour: 1 = the board is on its Citizen side
    slot_site: np.ndarray  # by slot: site id, -1 = deal a random facedown site
    slot_faceup: np.ndarray
    slot_cards: np.ndarray  # (slot, k): card ids at the site, relics included, 0 = none
    slot_ruined: np.ndarray
    world: np.ndarray  # top first
    world_n: int  # -1: build per O8.8
    relics: np.ndarray  # top first
    relic_n: int  # -1: shuffle every ordinary relic not placed
    dispossessed: np.ndarray  # by card id, 1 = in the Dispossessed

    @classmethod
    def build(cls, chronicle: ChronicleState) -> "SetupArrays":
        if chronicle.oath not in D.OATH_BY_NAME:
            raise InvalidOptionError(f"oath must be one of {list(D.OATH_BY_NAME)}, got {chronicle.oath!r}")
        citizen = np.zeros(S.N_COLOURS, np.int8)
        for name in chronicle.citizens:
            if name not in COLOUR_NAMES[1:]:
                raise InvalidOptionError(f"citizens: {name!r} is not one of {COLOUR_NAMES[1:]}")
            citizen[COLOUR_NAMES.index(name)] = 1
        if len(chronicle.sites) != S.N_SLOTS:
            raise InvalidOptionError(f"sites: {S.N_SLOTS} slots, got {len(chronicle.sites)}")
        slot_site = np.full(S.N_SLOTS, -1, np.int8)
        slot_faceup = np.zeros(S.N_SLOTS, np.int8)
        slot_cards = np.zeros((S.N_SLOTS, S.MAX_AT_SITE), np.int16)
        slot_ruined = np.zeros((S.N_SLOTS, S.MAX_AT_SITE), np.int8)
        placed: set[int] = set()

        def place(card: int, what: str):
            if card in placed:
                raise InvalidOptionError(f"{what}: {S.card_name(card)} appears twice")
            placed.add(card)

        for slot, entry in enumerate(chronicle.sites):
            if entry is None:
                continue
            if entry.site not in D.SITE_BY_NAME:
                raise InvalidOptionError(f"sites[{slot}]: unknown site {entry.site!r}")
            site = D.SITE_BY_NAME[entry.site]
            if site.id in slot_site:
                raise InvalidOptionError(f"sites: {site.name} is in two slots")
            slot_site[slot], slot_faceup[slot] = site.id, int(entry.faceup)
            if (entry.cards or entry.relics) and not entry.faceup:
                raise InvalidOptionError(f"sites[{slot}]: a facedown site holds no cards (O2.8)")
            if len(entry.cards) > site.capacity:
                raise InvalidOptionError(f"sites[{slot}]: {site.name} holds at most {site.capacity} cards")
            if len(entry.cards) + len(entry.relics) > S.MAX_AT_SITE:
                raise InvalidOptionError(f"sites[{slot}]: more than {S.MAX_AT_SITE} cards")
            k = 0
            for name in entry.cards:
                card, ruined = _card_id(name, f"sites[{slot}]")
                if S.card_kind(card) not in ("denizen", "edifice"):
                    raise InvalidOptionError(f"sites[{slot}]: {name} is not a denizen or edifice")
                place(card, f"sites[{slot}]")
                slot_cards[slot, k], slot_ruined[slot, k] = card, ruined
                k += 1
            for name in entry.relics:
                card, _ = _card_id(name, f"sites[{slot}] relics")
                if S.card_kind(card) != "relic" or card == S.GRAND_SCEPTER:
                    raise InvalidOptionError(f"sites[{slot}]: {name} is not an ordinary relic")
                place(card, f"sites[{slot}]")
                slot_cards[slot, k] = card
                k += 1
        if not slot_faceup[:2].any():
            raise InvalidOptionError("sites: the Chancellor's pawn needs a faceup Cradle site (O1.1 step 23)")
        def deck(names, what, size, ok, kinds):
            """An ordered deck (top first) as an array and its length, -1 when not given."""
            out = np.zeros(size, np.int16)
            if names is None:
                return out, -1
            for k, name in enumerate(names):
                card, _ = _card_id(name, what)
                if not ok(card):
                    raise InvalidOptionError(f"{what}: {name} is not {kinds}")
                place(card, what)
                out[k] = card
            return out, len(names)

        world, world_n = deck(chronicle.world_deck, "world_deck", S.MAX_PILE,
                              lambda c: S.card_kind(c) in ("denizen", "vision"), "a denizen or Vision")
        if world_n >= 0 and sum(S.card_kind(int(c)) == "vision" for c in world[:world_n]) != len(D.VISIONS):
            raise InvalidOptionError("world_deck: a chronicled world deck holds all five Visions (O8.8)")
        relics, relic_n = deck(chronicle.relic_deck, "relic_deck", S.MAX_RELIC_DECK,
                               lambda c: S.card_kind(c) == "relic" and c != S.GRAND_SCEPTER, "an ordinary relic")
        dispossessed = np.zeros(S.N_CARDS, np.int8)
        for name in chronicle.dispossessed:
            card, _ = _card_id(name, "dispossessed")
            if S.card_kind(card) != "denizen":
                raise InvalidOptionError(f"dispossessed: {name} is not a denizen")
            place(card, "dispossessed")
            dispossessed[card] = 1
        return cls(D.OATHS.index(D.OATH_BY_NAME[chronicle.oath]), citizen, slot_site, slot_faceup, slot_cards,
                   slot_ruined, world, world_n, relics, relic_n, dispossessed)
