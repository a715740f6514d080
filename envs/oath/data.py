"""Oath: Chronicles of Empire and Exile component data: typed tables, each row citing its source.

Everything here is plain Python literals transcribed once from the spec
(``shared/specs/oath.md``: rules O0-O11, component data D1-D11) and checked against the seed
(``shared/seeds/004_b1104feac097432a.txt``, the Portuguese Law of Oath, ground truth for rules).
Nothing is parsed at import time. The seed prints no card data, so card facts cite the spec's
tables, whose public sources are listed in its section S.

What is here:

* the vocabulary of O0 as enums (suits in favor-bank order, regions, restrictions, ability
  classes of O7.7, the six major actions, battle-plan sides, colours, die faces);
* one record type per component kind: :class:`Site` (D1), :class:`Denizen` (D2),
  :class:`EdificeFace` (D3), :class:`Relic` (D4), :class:`Vision` (D5), :class:`Banner` (D6),
  :class:`ReliquarySpace` (D7), :class:`Oath` (D8);
* the numbers the rules use (Supply refresh, Search and Travel costs, dice, setup counts);
* the first-game chronicle (O1.2) and the tutorial fixture (O1.3);
* :data:`ENGINE_DEFAULTS`: where the sources disagree or are silent (D10), and what we use.

Card text is deliberately not stored: a record keeps the facts a rule looks up (suit,
restriction, lock, cost, ability class, which action a modifier changes, battle-plan side).
What a power does is written as an effect program in our own notation beside the engine.

Ids: denizens keep their collector numbers 1-198, edifice faces 199-210, relics 211-231 (D2-D4).
Visions carry no collector number in our sources, so they take 232-236 in D5 order. Sites are
numbered 0-22 in D1 order.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum, IntFlag
from typing import NamedTuple

from meeplegym import variants

__all__ = [
    # vocabulary
    "Suit", "Region", "Restriction", "Ability", "MajorAction", "Side", "Colour", "BoardSide",
    "AttackFace", "DefenseFace", "SitePower", "HomelandReward", "RecoverCost", "GoalKind", "Cost",
    # records and tables
    "Denizen", "EdificeFace", "Relic", "Site", "Vision", "Banner", "ReliquarySpace", "Oath",
    "SITES", "SITE_BY_NAME", "DENIZENS", "DENIZEN_BY_NUMBER", "DENIZEN_BY_NAME", "TTS_FLAGS",
    "RELICS", "RELIC_BY_NUMBER", "RELIC_BY_NAME", "GRAND_SCEPTER", "EDIFICE_FACES",
    "EDIFICE_BY_NUMBER", "VISIONS", "VISION_BY_NAME", "VISIONARY_PRIORITY", "BANNERS", "MOB_FAVOR",
    "SEIZURE_LOSS", "RELIQUARY", "OATHS", "OATH_BY_NAME",
    # dice and rule numbers
    "ATTACK_DIE", "DEFENSE_DIE", "END_DIE", "ROUNDS", "STABLE_REGIME_ROLLS", "SUPPLY_MAX",
    "SUPPLY_REFRESH", "supply_refresh", "search_cost", "DISCARD_SEARCH_COST", "SEARCH_DRAW",
    "TRAVEL_COST", "ACTION_SUPPLY", "MUSTER_WARBANDS", "ADVISER_LIMIT", "PAWN_DEFENSE",
    "SITE_DEFENSE", "OATHKEEPER_DEFENSE", "USURPER_DEFENSE", "WARBANDS", "FAVOR_TOTAL",
    "SECRETS_IN_BOX", "favor_per_bank", "MIN_PLAYERS", "MAX_PLAYERS", "SLOTS", "SLOT_REGION",
    "DISCARD_DESTINATION", "WORLD_DECK_PILES",
    # setups and notes
    "ChronicleSetup", "STARTING_DECK", "ARCHIVE_DENIZENS", "FIRST_GAME", "TUTORIAL",
    "EngineDefault", "ENGINE_DEFAULTS",
]


# =============================================================================== vocabulary
class Suit(IntEnum):
    """The six suits in favor-bank order, which is also the Chronicle's "clockwise" order
    (O0.2; seed 8.4)."""

    DISCORD = 0
    ARCANE = 1
    ORDER = 2
    HEARTH = 3
    BEAST = 4
    NOMAD = 5


class Region(IntEnum):
    """The three regions of the map, Cradle outward (O0.2; seed 2.1.1)."""

    CRADLE = 0
    PROVINCES = 1
    HINTERLAND = 2


class Restriction(IntEnum):
    """Where a faceup card may be played, moved or swapped (O7.2)."""

    NONE = 0
    SITE_ONLY = 1  # tree icon
    ADVISER_ONLY = 2  # person icon


class Ability(IntFlag):
    """The ability classes of O7.7; a card may combine several (Assassin: an always-on adviser
    limit and an Action)."""

    ACTION = 1  # a minor action (O6.2, O7.3)
    WHEN_PLAYED = 2  # right after the card is played faceup (O7.3)
    REST = 4  # optional, once, at the end of the Rest (O4.3.5)
    WAKE = 8  # once during the Wake (O4.1)
    MODIFIER = 16  # changes a major action, chosen at its start (O7.4)
    BATTLE_PLAN = 32  # a Campaign modifier used in step O5.5.3 (O7.5)
    PERSISTENT = 64  # affects everyone it names, regardless of access (O7.1.4)
    ALWAYS_ON = 128  # a standing restriction or permission on the card's holder
    CHRONICLE = 256  # acts only in the Chronicle (Forest Temple, D3)


class MajorAction(IntEnum):
    """The six major actions (O5)."""

    SEARCH = 0
    MUSTER = 1
    TRADE = 2
    RECOVER = 3
    CAMPAIGN = 4
    TRAVEL = 5


class Side(IntEnum):
    """Who may use a battle plan (O7.5: red = attacker, blue = defender, mixed = either)."""

    ATTACKER = 1
    DEFENDER = 2
    EITHER = 3


class Colour(IntEnum):
    """Player colours; purple is always the Chancellor, turn order runs clockwise from it
    (O0.2). Brown is printed black."""

    PURPLE = 0
    RED = 1
    BROWN = 2
    BLUE = 3
    YELLOW = 4
    WHITE = 5


class BoardSide(IntEnum):
    """The two sides of a non-purple board (O2.2, O6.6.2)."""

    EXILE = 0
    CITIZEN = 1


class AttackFace(IntEnum):
    """Attack die faces (O0.3, O2.12)."""

    HOLLOW_SWORD = 0  # half a sword
    SWORD = 1
    SWORDS_SKULL = 2  # two swords, and a skull that kills one of the attacker's force


class DefenseFace(IntEnum):
    """Defense die faces (O0.3, O2.12)."""

    BLANK = 0
    SHIELD = 1
    TWO_SHIELDS = 2
    DOUBLE = 3  # doubles the shields rolled; shows no shield itself


class SitePower(IntEnum):
    """What a site's printed power does, by kind (D1, the Site Reference); the rules engine
    implements each kind once."""

    NONE = 0
    PLAINS = 1  # +1 attack die when any target is here
    MOUNTAIN = 2  # -1 attack die when any target is here
    RIVER = 3  # mustering here gains one more warband if you rule the site
    HOMELAND = 4  # playing a card of `homeland` suit here earns the site's reward
    OPPORTUNITY = 5  # take a favor or a secret from the site at the end of your Wake (O4.1.4)
    COAST = 6  # travel between faceup Coast sites costs 1 and ignores Narrow Pass
    CHARMING_VALLEY = 7  # traveling away costs one more
    SHROUDED_WOOD = 8  # traveling away costs 2; an enemy ruler picks your destination
    NARROW_PASS = 9  # entering the region by Travel must end here; campaign targeting rule
    GREAT_SLUM = 10  # discard a card here before a card is played or moved here
    MARSHES = 11  # Search here draws one card fewer
    BURIED_GIANT = 12  # flip a secret facedown to travel away for no Supply
    HIDDEN_PLACE = 13  # flip a secret facedown to travel or target here
    TRIBUNAL = 14  # Action: a binding exchange or promise


class HomelandReward(IntEnum):
    """What a Homeland site gives when a card of its suit is played there (D1)."""

    FAVOR = 0  # 1 favor from the suit's bank
    WARBANDS = 1  # 2 warbands
    SECRET = 2  # 1 secret
    RELIC = 3  # take the relic here, as if recovering it


class RecoverCost(IntEnum):
    """How a relic lying at a site is paid for: the site's printed cost (D1; seed 5.4.2)."""

    NONE = 0  # no relics are dealt here
    PLACE_3_FAVOR = 1  # into the bank of the site's `recover_suit`
    BURN_2_FAVOR = 2
    BURN_1_SECRET = 3
    BURN_2_SECRETS = 4


class GoalKind(IntEnum):
    """The goals of Oaths and Visions (D5, D8)."""

    MOST_SITES = 0  # rule the most sites (the Empire as one, for the Oathkeeper of Supremacy)
    PEOPLES_FAVOR = 1  # hold the People's Favor
    DARKEST_SECRET = 2  # hold the Darkest Secret
    MOST_RELICS_BANNERS = 3  # hold the most relics and banners together
    GRAND_SCEPTER = 4  # hold the Grand Scepter (Devotion's Successor)
    MORE_RELICS_BANNERS_THAN_IMPERIALS = 5  # Supremacy's Successor: more than the Chancellor and every other Citizen


class Cost(NamedTuple):
    """A power's braid cost (O0.3): tokens placed on the card and tokens burned."""

    place_favor: int = 0
    place_secrets: int = 0
    burn_favor: int = 0
    burn_secrets: int = 0

    @classmethod
    def of(cls, code: str | None) -> "Cost":
        """The spec's notation: ``"S, xF"`` = place a secret, burn a favor; ``FF`` two favor."""
        counts = dict.fromkeys(("F", "S", "xF", "xS"), 0)
        for token in (code or "").replace(" ", "").split(","):
            if not token:
                continue
            burn = token.startswith("x")
            body = token[1:] if burn else token
            if not body or set(body) - {"F", "S"} or len(set(body)) != 1:
                raise ValueError(f"bad cost token {token!r} in {code!r}")
            counts[("x" if burn else "") + body[0]] += len(body)
        return cls(counts["F"], counts["S"], counts["xF"], counts["xS"])

    @property
    def places(self) -> bool:
        """Whether paying puts tokens on the card (such a card cannot be paid again until the
        Rest returns them, O7.1.2)."""
        return bool(self.place_favor or self.place_secrets)

    def __str__(self) -> str:
        parts = ["F" * self.place_favor, "S" * self.place_secrets,
                 *["xF"] * self.burn_favor, *["xS"] * self.burn_secrets]
        return ", ".join(p for p in parts if p) or "free"


# =============================================================================== records
@dataclass(frozen=True)
class _Power:
    """The facts about a power that rules look up; shared by denizens, edifices and relics."""

    cost: Cost
    abilities: Ability
    modifies: MajorAction | None  # the action a Modifier or Persistent power changes
    side: Side | None  # battle plans only
    mandatory: bool  # a "must" modifier (O7.4.1)
    source: str  # spec table, e.g. "D2.3"

    def __post_init__(self):
        if bool(self.abilities & Ability.BATTLE_PLAN) != (self.side is not None):
            raise ValueError(f"{self}: a battle-plan side goes with battle plans only")
        if self.mandatory and not self.abilities & Ability.MODIFIER:
            raise ValueError(f"{self}: only modifiers are mandatory")


@dataclass(frozen=True)
class Denizen(_Power):
    """A denizen card (D2): ``number`` is its collector number."""

    number: int = 0
    name: str = ""
    suit: Suit = Suit.DISCORD
    restriction: Restriction = Restriction.NONE
    locked: bool = False
    adviser_limit: int | None = None  # an always-on limit on the holder's advisers (O7.6.4)

    @property
    def starting_deck(self) -> bool:
        """Nos. 1-54 form the first-game deck; the rest start in the Archive (D2, D9)."""
        return self.number <= 54


@dataclass(frozen=True)
class EdificeFace(_Power):
    """One face of an edifice card (D3). Both faces are site-only and locked; a ruined face has
    no suit. ``reconstructed``: the power comes from one engine's code (the spec's ◊)."""

    number: int = 0
    name: str = ""
    suit: Suit | None = None
    other_face: int = 0
    reconstructed: bool = True
    restriction: Restriction = Restriction.SITE_ONLY
    locked: bool = True

    @property
    def ruined(self) -> bool:
        return self.suit is None


@dataclass(frozen=True)
class Relic(_Power):
    """A relic (D4): ``defense`` = the dice its shield adds when targeted (O5.5.2)."""

    number: int = 0
    name: str = ""
    defense: int = 0


@dataclass(frozen=True)
class Site:
    """A site card (D1): capacity for denizens and edifices, its reveal prompt (favor and
    secrets from the shared bank, facedown relics dealt), the cost of recovering a relic lying
    here, and its power."""

    id: int
    name: str
    capacity: int
    relics: int = 0
    favor: int = 0
    secrets: int = 0
    recover: RecoverCost = RecoverCost.NONE
    recover_suit: Suit | None = None
    power: SitePower = SitePower.NONE
    homeland: Suit | None = None
    homeland_reward: HomelandReward | None = None
    source: str = "D1"

    def __post_init__(self):
        if (self.recover == RecoverCost.PLACE_3_FAVOR) != (self.recover_suit is not None):
            raise ValueError(f"{self.name}: a suit goes with a place-favor recover cost only")
        if self.relics and self.recover == RecoverCost.NONE:
            raise ValueError(f"{self.name}: relics here need a recover cost")
        if (self.power == SitePower.HOMELAND) != (self.homeland is not None):
            raise ValueError(f"{self.name}: a homeland suit goes with a Homeland power only")


@dataclass(frozen=True)
class Vision:
    """A Vision (D5): the goal an Exile's revealed Vision wins with, and the Oath a win through
    it vows next (O8.1). The Conspiracy has no goal."""

    id: int
    name: str
    goal: GoalKind | None
    oath: str | None
    source: str = "D5"


@dataclass(frozen=True)
class Banner:
    """A banner (D6): the token it holds, what it starts with, and the Search cost its holder
    pays for the world deck (Darkest Secret)."""

    name: str
    token: str  # "favor" or "secret"
    start_tokens: int = 1
    world_search_cost: int | None = None
    source: str = "D6"


@dataclass(frozen=True)
class ReliquarySpace:
    """An Imperial Reliquary space (D7): the mandatory modifier the Chancellor gains once its
    relic has left (O2.3)."""

    index: int
    name: str
    modifies: MajorAction
    source: str = "D7"


@dataclass(frozen=True)
class Oath:
    """A goal reference (D8): the Oathkeeper goal, the Successor goal, the banner the Chancellor
    starts with (O1.1 step 13) and the Vision with the same goal."""

    name: str
    oathkeeper: GoalKind
    successor: GoalKind
    chancellor_banner: str | None
    vision: str
    source: str = "D8"


# =============================================================================== D1 sites
P, B2F, B1S, B2S = RecoverCost.PLACE_3_FAVOR, RecoverCost.BURN_2_FAVOR, RecoverCost.BURN_1_SECRET, RecoverCost.BURN_2_SECRETS
_HOME = SitePower.HOMELAND

#: The 23 sites in D1 order (their ids). Every site adds 1 defense die and 1 bandit when
#: targeted (O2.8); capacity and relic counts agree in TTS, LC and TSX except Shrouded Wood's
#: capacity (LC 3, the others 2: we use 2, D1).
SITES: tuple[Site, ...] = (
    Site(0, "Plains", 3, power=SitePower.PLAINS),
    Site(1, "Mountain", 2, relics=1, recover=B2F, power=SitePower.MOUNTAIN),
    Site(2, "River", 2, power=SitePower.RIVER),
    Site(3, "Fertile Valley", 3, power=_HOME, homeland=Suit.HEARTH, homeland_reward=HomelandReward.FAVOR),
    Site(4, "Ancient City", 2, relics=1, recover=P, recover_suit=Suit.ORDER, power=_HOME,
         homeland=Suit.ORDER, homeland_reward=HomelandReward.WARBANDS),
    Site(5, "Standing Stones", 2, relics=1, recover=P, recover_suit=Suit.ARCANE, power=_HOME,
         homeland=Suit.ARCANE, homeland_reward=HomelandReward.SECRET),
    Site(6, "Steppe", 2, relics=1, recover=P, recover_suit=Suit.NOMAD, power=_HOME,
         homeland=Suit.NOMAD, homeland_reward=HomelandReward.SECRET),
    Site(7, "Deep Woods", 2, relics=1, recover=B2S, power=_HOME, homeland=Suit.BEAST,
         homeland_reward=HomelandReward.RELIC),
    Site(8, "Wastes", 1, relics=1, recover=B2S, power=_HOME, homeland=Suit.DISCORD,
         homeland_reward=HomelandReward.RELIC),
    Site(9, "Mine", 1, relics=1, favor=3, recover=P, recover_suit=Suit.DISCORD, power=SitePower.OPPORTUNITY),
    Site(10, "Salt Flats", 2, favor=2, secrets=1, power=SitePower.OPPORTUNITY),
    Site(11, "Drowned City", 0, relics=2, secrets=3, recover=B2F, power=SitePower.OPPORTUNITY),
    Site(12, "Barren Coast", 1, relics=1, recover=P, recover_suit=Suit.NOMAD, power=SitePower.COAST),
    Site(13, "Lush Coast", 3, power=SitePower.COAST),
    Site(14, "Rocky Coast", 2, power=SitePower.COAST),
    Site(15, "Charming Valley", 3, power=SitePower.CHARMING_VALLEY),
    Site(16, "Shrouded Wood", 2, relics=1, recover=B1S, power=SitePower.SHROUDED_WOOD),
    Site(17, "Narrow Pass", 1, relics=1, recover=P, recover_suit=Suit.ARCANE, power=SitePower.NARROW_PASS),
    Site(18, "Great Slum", 3, power=SitePower.GREAT_SLUM),
    Site(19, "Marshes", 2, relics=1, recover=B1S, power=SitePower.MARSHES),
    Site(20, "Buried Giant", 2, relics=1, recover=B1S, power=SitePower.BURIED_GIANT),
    Site(21, "The Hidden Place", 2, relics=1, recover=B1S, power=SitePower.HIDDEN_PLACE),
    Site(22, "The Tribunal", 2, relics=1, recover=P, recover_suit=Suit.ORDER, power=SitePower.TRIBUNAL),
)
del P, B2F, B1S, B2S


# =============================================================================== D2 denizens
SITE_ONLY, ADVISER_ONLY = Restriction.SITE_ONLY, Restriction.ADVISER_ONLY
ACTION, WHEN_PLAYED, REST, MODIFIER, BATTLE_PLAN, PERSISTENT, ALWAYS_ON = (
    Ability.ACTION, Ability.WHEN_PLAYED, Ability.REST, Ability.MODIFIER, Ability.BATTLE_PLAN,
    Ability.PERSISTENT, Ability.ALWAYS_ON)
SEARCH, MUSTER, TRADE, RECOVER, CAMPAIGN, TRAVEL = MajorAction
ATTACKER, DEFENDER, EITHER = Side


def _d(number, name, *, ab, restriction=Restriction.NONE, locked=False, cost=None, modifies=None,
       side=None, mandatory=False, adviser_limit=None):
    """One D2 row; `_suit` adds the suit and the source."""
    return dict(number=number, name=name, abilities=ab, restriction=restriction, locked=locked,
                cost=Cost.of(cost), modifies=modifies, side=side, mandatory=mandatory,
                adviser_limit=adviser_limit)


def _suit(suit: Suit, source: str, rows) -> tuple[Denizen, ...]:
    return tuple(Denizen(suit=suit, source=source, **row) for row in rows)


#: The 198 denizens, by suit table (D2.1-D2.6), each table in the spec's row order. Where the
#: sources disagree on a restriction or lock the row holds the engine default (D10, see
#: :data:`TTS_FLAGS`); costs follow LC and TSX where OD prints none (D10).
DENIZENS: tuple[Denizen, ...] = (
    *_suit(Suit.DISCORD, "D2.1", (
        _d(12, "Mercenaries", cost="F", ab=BATTLE_PLAN, side=EITHER),
        _d(15, "A Small Favor", restriction=ADVISER_ONLY, locked=True, ab=WHEN_PLAYED),
        _d(16, "Second Wind", cost="S, xF", ab=BATTLE_PLAN, side=ATTACKER),
        _d(17, "Sleight of Hand", restriction=ADVISER_ONLY, cost="F", ab=ACTION),
        _d(18, "Key to the City", restriction=SITE_ONLY, ab=WHEN_PLAYED),
        _d(19, "Scryer", cost="S", ab=ACTION),
        _d(20, "Disgraced Captain", cost="F, xF", ab=BATTLE_PLAN, side=ATTACKER),
        _d(21, "Naysayers", restriction=ADVISER_ONLY, ab=REST),
        _d(22, "Book Burning", ab=BATTLE_PLAN, side=ATTACKER),
        _d(79, "Charlatan", ab=WHEN_PLAYED),
        _d(80, "Assassin", restriction=ADVISER_ONLY, locked=True, cost="F", ab=ALWAYS_ON | ACTION, adviser_limit=2),
        _d(81, "Downtrodden", ab=MODIFIER, modifies=MUSTER),
        _d(82, "Blackmail", ab=WHEN_PLAYED),
        _d(83, "Cracked Sage", cost="S, xF", ab=BATTLE_PLAN, side=EITHER),
        _d(84, "Dissent", ab=WHEN_PLAYED),
        _d(85, "False Prophet", restriction=ADVISER_ONLY, locked=True, ab=WHEN_PLAYED),
        _d(86, "Vow of Renewal", restriction=ADVISER_ONLY, locked=True, ab=PERSISTENT),
        _d(87, "Zealots", cost="F", ab=BATTLE_PLAN, side=ATTACKER),
        _d(88, "Royal Ambitions", restriction=ADVISER_ONLY, locked=True, ab=WHEN_PLAYED),
        _d(89, "Salt the Earth", restriction=SITE_ONLY, locked=True, ab=ALWAYS_ON | WHEN_PLAYED),
        _d(90, "Beast Tamer", restriction=ADVISER_ONLY, ab=PERSISTENT, modifies=CAMPAIGN),
        _d(91, "Riots", ab=WHEN_PLAYED),
        _d(92, "Silver Tongue", restriction=ADVISER_ONLY, locked=True, ab=ALWAYS_ON | REST, adviser_limit=2),
        _d(93, "Gambling Hall", restriction=SITE_ONLY, cost="FF", ab=ACTION),
        _d(94, "Boiling Lake", restriction=SITE_ONLY, locked=True, ab=PERSISTENT, modifies=TRAVEL),
        _d(95, "Relic Thief", restriction=ADVISER_ONLY, cost="F, S", ab=PERSISTENT),
        _d(96, "Enchantress", restriction=ADVISER_ONLY, cost="xS", ab=ACTION),
        _d(97, "Insomnia", restriction=ADVISER_ONLY, locked=True, ab=ALWAYS_ON | REST, adviser_limit=2),
        _d(98, "Sneak Attack", restriction=ADVISER_ONLY, ab=PERSISTENT, modifies=CAMPAIGN),
        _d(99, "Gossip", restriction=SITE_ONLY, ab=PERSISTENT),
        _d(100, "Bandit Chief", restriction=SITE_ONLY, ab=WHEN_PLAYED | PERSISTENT),
        _d(101, "Chaos Cult", restriction=ADVISER_ONLY, ab=PERSISTENT),
        _d(102, "Slander", cost="F", ab=BATTLE_PLAN, side=ATTACKER),
    )),
    *_suit(Suit.ARCANE, "D2.2", (
        _d(9, "Alchemist", cost="S, xS", ab=ACTION),
        _d(31, "Fire Talkers", cost="S", ab=BATTLE_PLAN, side=EITHER),
        _d(32, "Magician's Code", cost="FF", ab=MODIFIER, modifies=RECOVER),
        _d(33, "Spirit Snare", cost="S", ab=ACTION),
        _d(34, "Wizard School", restriction=SITE_ONLY, cost="F", ab=ACTION),
        _d(35, "Dazzle", ab=WHEN_PLAYED),
        _d(36, "Acting Troupe", restriction=ADVISER_ONLY, ab=MODIFIER, modifies=TRADE),
        _d(37, "Taming Charm", cost="S", ab=ACTION),
        _d(38, "Inquisitor", cost="F", ab=ACTION),
        _d(55, "Secret Signal", restriction=ADVISER_ONLY, ab=MODIFIER, modifies=TRADE),
        _d(56, "Augury", ab=MODIFIER, modifies=SEARCH),
        _d(57, "Rusting Ray", cost="S", ab=BATTLE_PLAN, side=DEFENDER),
        _d(58, "Portal", restriction=SITE_ONLY, cost="S", ab=MODIFIER, modifies=TRAVEL),
        _d(59, "Billowing Fog", cost="S", ab=BATTLE_PLAN, side=EITHER),
        _d(60, "Kindred Warriors", cost="S", ab=BATTLE_PLAN, side=EITHER),
        _d(61, "Terror Spells", cost="S", ab=ACTION),
        _d(62, "Blood Pact", cost="S", ab=ACTION),
        _d(63, "Revelation", ab=WHEN_PLAYED),
        _d(64, "Observatory", restriction=SITE_ONLY, ab=MODIFIER, modifies=SEARCH),
        _d(65, "Plague Engines", cost="S, xS", ab=ACTION),
        _d(66, "Gleaming Armor", restriction=ADVISER_ONLY, ab=PERSISTENT, modifies=CAMPAIGN),
        _d(67, "Bewitch", ab=WHEN_PLAYED),
        _d(68, "Jinx", cost="S", ab=PERSISTENT),
        _d(69, "Tutor", restriction=ADVISER_ONLY, cost="F, S", ab=ACTION),
        _d(70, "Dream Thief", cost="FF", ab=ACTION),
        _d(71, "Cracking Ground", cost="xS", ab=BATTLE_PLAN, side=EITHER),
        _d(72, "Sealing Ward", restriction=ADVISER_ONLY, locked=True, ab=PERSISTENT, modifies=CAMPAIGN),
        _d(73, "Initiation Rite", restriction=ADVISER_ONLY, locked=True, ab=MODIFIER, modifies=MUSTER, mandatory=True),
        _d(74, "Vow of Silence", restriction=ADVISER_ONLY, locked=True, ab=PERSISTENT),
        _d(75, "Forgotten Vault", restriction=SITE_ONLY, cost="F", ab=ACTION),
        _d(76, "Map Library", restriction=SITE_ONLY, ab=MODIFIER, modifies=TRADE),
        _d(77, "Witch's Bargain", cost="S", ab=ACTION),
        _d(78, "Master of Disguise", restriction=ADVISER_ONLY, cost="S", ab=MODIFIER, modifies=TRADE),
    )),
    *_suit(Suit.ORDER, "D2.3", (
        _d(1, "Wrestlers", ab=BATTLE_PLAN, side=DEFENDER),
        _d(2, "Battle Honors", ab=BATTLE_PLAN, side=EITHER),
        _d(3, "Bear Traps", ab=BATTLE_PLAN, side=DEFENDER),
        _d(4, "Longbows", ab=BATTLE_PLAN, side=EITHER),
        _d(5, "Keep", restriction=SITE_ONLY, locked=True, ab=BATTLE_PLAN, side=DEFENDER),
        _d(6, "Pressgangs", ab=MODIFIER, modifies=MUSTER),
        _d(7, "Garrison", ab=WHEN_PLAYED),
        _d(8, "Scouts", ab=BATTLE_PLAN, side=ATTACKER),
        _d(10, "Martial Culture", restriction=SITE_ONLY, ab=BATTLE_PLAN, side=EITHER),
        _d(103, "Code of Honor", ab=BATTLE_PLAN, side=EITHER),
        _d(104, "Outriders", ab=BATTLE_PLAN, side=ATTACKER),
        _d(105, "Messenger", cost="F", ab=ACTION),
        _d(106, "Field Promotion", cost="F", ab=BATTLE_PLAN, side=EITHER),
        _d(107, "Palanquin", restriction=ADVISER_ONLY, cost="F", ab=ACTION),
        _d(108, "Shield Wall", cost="F", ab=BATTLE_PLAN, side=DEFENDER),
        _d(109, "Military Parade", ab=BATTLE_PLAN, side=EITHER),
        _d(110, "Tome Guardians", restriction=SITE_ONLY, ab=PERSISTENT),
        _d(111, "Tyrant", restriction=ADVISER_ONLY, locked=True, ab=MODIFIER, modifies=TRAVEL, mandatory=True),
        _d(112, "Forced Labor", restriction=SITE_ONLY, ab=PERSISTENT, modifies=SEARCH),
        _d(113, "Secret Police", restriction=SITE_ONLY, ab=PERSISTENT),
        _d(114, "Specialist", cost="FF", ab=BATTLE_PLAN, side=ATTACKER),
        _d(115, "Captains", restriction=SITE_ONLY, cost="F", ab=ACTION),
        _d(116, "Siege Engines", cost="F", ab=ACTION),
        _d(117, "Royal Tax", ab=WHEN_PLAYED),
        _d(118, "Toll Roads", restriction=SITE_ONLY, ab=PERSISTENT, modifies=TRAVEL),
        _d(119, "Curfew", restriction=SITE_ONLY, ab=PERSISTENT, modifies=TRADE),
        _d(120, "Knights Errant", ab=MODIFIER, modifies=MUSTER),
        _d(121, "Vow of Obedience", restriction=ADVISER_ONLY, locked=True, ab=ALWAYS_ON | REST),
        _d(122, "Hunting Party", ab=MODIFIER, modifies=SEARCH),
        _d(123, "Council Seat", restriction=ADVISER_ONLY, locked=True, ab=PERSISTENT),
        _d(124, "Encirclement", cost="F", ab=BATTLE_PLAN, side=EITHER),
        _d(125, "Peace Envoy", cost="F", ab=BATTLE_PLAN, side=EITHER),
        _d(126, "Relic Hunter", ab=BATTLE_PLAN, side=ATTACKER),
    )),
    *_suit(Suit.HEARTH, "D2.4", (
        _d(13, "Tinker's Fair", restriction=SITE_ONLY, ab=ACTION),
        _d(47, "Wayside Inn", restriction=SITE_ONLY, cost="F", ab=ACTION),
        _d(48, "Extra Provisions", cost="F", ab=BATTLE_PLAN, side=DEFENDER),
        _d(49, "Memory of Home", cost="xS", ab=ACTION),
        _d(50, "Welcoming Party", restriction=SITE_ONLY, ab=MODIFIER, modifies=SEARCH),
        _d(51, "Traveling Doctor", ab=BATTLE_PLAN, side=EITHER),
        _d(52, "Storyteller", cost="F", ab=ACTION),
        _d(53, "Armed Mob", restriction=SITE_ONLY, cost="F", ab=ACTION),
        _d(54, "Tavern Songs", ab=ACTION),
        _d(127, "Homesteaders", ab=ACTION),
        _d(128, "Crop Rotation", ab=MODIFIER, modifies=SEARCH),
        _d(129, "A Round of Ale", restriction=SITE_ONLY, locked=True, cost="F", ab=ACTION),
        _d(130, "Land Warden", cost="F", ab=MODIFIER, modifies=SEARCH),
        _d(131, "Charming Friend", restriction=ADVISER_ONLY, cost="S", ab=ACTION),
        _d(132, "Village Constable", restriction=SITE_ONLY, ab=BATTLE_PLAN, side=EITHER),
        _d(133, "Family Heirloom", restriction=ADVISER_ONLY, locked=True, ab=WHEN_PLAYED),
        _d(134, "News from Afar", cost="FF", ab=MODIFIER, modifies=SEARCH),
        _d(135, "Levelers", cost="S", ab=ACTION),
        _d(136, "Fabled Feast", ab=WHEN_PLAYED),
        _d(137, "The Great Levy", cost="FF", ab=BATTLE_PLAN, side=EITHER),
        _d(138, "Hearts and Minds", restriction=SITE_ONLY, cost="FFF", ab=BATTLE_PLAN, side=DEFENDER),
        _d(139, "Relic Breaker", cost="F", ab=ACTION),
        _d(140, "Book Binders", restriction=ADVISER_ONLY, ab=PERSISTENT),
        _d(141, "Ballot Box", restriction=SITE_ONLY, ab=ACTION),
        _d(142, "Saddle Makers", restriction=ADVISER_ONLY, ab=PERSISTENT),
        _d(143, "Herald", restriction=ADVISER_ONLY, ab=PERSISTENT),
        _d(144, "Rowdy Pub", restriction=SITE_ONLY, ab=MODIFIER, modifies=MUSTER),
        _d(145, "Vow of Peace", restriction=ADVISER_ONLY, locked=True, ab=PERSISTENT, modifies=CAMPAIGN),
        _d(146, "Deed Writer", ab=ACTION),
        _d(147, "Salad Days", ab=WHEN_PLAYED),
        _d(148, "Marriage", restriction=ADVISER_ONLY, locked=True, ab=PERSISTENT),
        _d(149, "Hospital", restriction=SITE_ONLY, ab=BATTLE_PLAN, side=EITHER),
        _d(150, "Awaited Return", ab=MODIFIER, modifies=TRADE),
    )),
    *_suit(Suit.BEAST, "D2.5", (
        _d(11, "Errand Boy", cost="F", ab=MODIFIER, modifies=SEARCH),
        _d(39, "Wolves", cost="S", ab=ACTION),
        _d(40, "Animal Playmates", restriction=ADVISER_ONLY, ab=MODIFIER, modifies=MUSTER),
        _d(41, "True Names", restriction=ADVISER_ONLY, ab=PERSISTENT, modifies=CAMPAIGN),
        _d(42, "The Old Oak", restriction=SITE_ONLY, ab=MODIFIER, modifies=TRADE),
        _d(43, "Forest Paths", cost="F", ab=MODIFIER, modifies=TRAVEL),
        _d(44, "Long-Lost Heir", restriction=ADVISER_ONLY, locked=True, ab=WHEN_PLAYED),
        _d(45, "Rangers", cost="F", ab=BATTLE_PLAN, side=ATTACKER),
        _d(46, "Roving Terror", restriction=SITE_ONLY, cost="S", ab=ACTION),
        _d(175, "Nature Worship", cost="S", ab=BATTLE_PLAN, side=EITHER),
        _d(176, "Birdsong", restriction=ADVISER_ONLY, ab=MODIFIER, modifies=TRADE),
        _d(177, "Small Friends", restriction=ADVISER_ONLY, ab=MODIFIER, modifies=TRADE),
        _d(178, "Grasping Vines", restriction=SITE_ONLY, ab=PERSISTENT, modifies=TRAVEL),
        _d(179, "Threatening Roar", ab=WHEN_PLAYED),
        _d(180, "Fae Merchant", cost="S", ab=ACTION),
        _d(181, "Second Chance", cost="S", ab=ACTION),
        _d(182, "Pied Piper", restriction=ADVISER_ONLY, cost="S", ab=ALWAYS_ON | ACTION),
        _d(183, "Mushrooms", restriction=SITE_ONLY, cost="S", ab=MODIFIER, modifies=SEARCH),
        _d(184, "Insect Swarm", restriction=ADVISER_ONLY, ab=PERSISTENT, modifies=CAMPAIGN),
        _d(185, "Vow of Union", restriction=ADVISER_ONLY, locked=True, ab=PERSISTENT),
        _d(186, "Giant Python", restriction=ADVISER_ONLY, ab=PERSISTENT, modifies=CAMPAIGN),
        _d(187, "War Tortoise", cost="F", ab=BATTLE_PLAN, side=EITHER),
        _d(188, "New Growth", ab=MODIFIER, modifies=SEARCH),
        _d(189, "Wild Cry", ab=MODIFIER, modifies=SEARCH),
        _d(190, "Animal Host", ab=WHEN_PLAYED),
        _d(191, "Memory of Nature", cost="S", ab=ACTION),
        _d(192, "Marsh Spirit", restriction=SITE_ONLY, ab=PERSISTENT, modifies=CAMPAIGN),
        _d(193, "Vow of Poverty", restriction=ADVISER_ONLY, locked=True, ab=ALWAYS_ON | REST),
        _d(194, "Forest Council", restriction=SITE_ONLY, locked=True, ab=PERSISTENT),
        _d(195, "Walled Garden", restriction=SITE_ONLY, ab=BATTLE_PLAN, side=DEFENDER),
        _d(196, "Vow of Beastkin", restriction=ADVISER_ONLY, locked=True, ab=MODIFIER, modifies=MUSTER, mandatory=True),
        _d(197, "Bracken", ab=MODIFIER, modifies=SEARCH),
        _d(198, "Wild Allies", cost="S", ab=ACTION),
    )),
    *_suit(Suit.NOMAD, "D2.6", (
        _d(14, "Rain Boots", ab=BATTLE_PLAN, side=ATTACKER),
        _d(23, "Ancient Binding", cost="S, xS", ab=ACTION),
        _d(24, "Horse Archers", ab=BATTLE_PLAN, side=EITHER),
        _d(25, "Warning Signals", ab=BATTLE_PLAN, side=DEFENDER),
        _d(26, "Elders", cost="FF", ab=ACTION),
        _d(27, "The Gathering", restriction=SITE_ONLY, ab=WHEN_PLAYED),
        _d(28, "Faithful Friend", restriction=ADVISER_ONLY, locked=True, ab=WHEN_PLAYED),
        _d(29, "Tents", cost="F", ab=MODIFIER, modifies=TRAVEL),
        _d(30, "Great Herd", restriction=SITE_ONLY, ab=WHEN_PLAYED),
        _d(151, "Convoys", restriction=SITE_ONLY, cost="F", ab=ACTION),
        _d(152, "Vow of Kinship", restriction=ADVISER_ONLY, locked=True, ab=ALWAYS_ON),
        _d(153, "Wild Mounts", ab=BATTLE_PLAN, side=EITHER),
        _d(154, "Lancers", ab=BATTLE_PLAN, side=ATTACKER),
        _d(155, "Mountain Giant", cost="S", ab=BATTLE_PLAN, side=EITHER),
        _d(156, "Rival Khan", ab=BATTLE_PLAN, side=EITHER),
        _d(157, "Lost Tongue", restriction=ADVISER_ONLY, ab=PERSISTENT),
        _d(158, "Special Envoy", ab=MODIFIER, modifies=TRAVEL),
        _d(159, "Resettle", restriction=SITE_ONLY, ab=ACTION),
        _d(160, "Oracle", restriction=SITE_ONLY, cost="SS", ab=ACTION),
        _d(161, "Pilgrimage", restriction=ADVISER_ONLY, ab=WHEN_PLAYED),
        _d(162, "Spell Breaker", restriction=SITE_ONLY, ab=PERSISTENT),
        _d(163, "Mounted Patrol", ab=BATTLE_PLAN, side=DEFENDER),
        _d(164, "Great Crusade", ab=BATTLE_PLAN, side=EITHER),
        _d(165, "Ancient Bloodline", restriction=ADVISER_ONLY, ab=PERSISTENT),
        _d(166, "Ancient Pact", restriction=ADVISER_ONLY, locked=True, ab=WHEN_PLAYED),
        _d(167, "Storm Caller", ab=BATTLE_PLAN, side=DEFENDER),
        _d(168, "Family Wagon", restriction=ADVISER_ONLY, ab=ALWAYS_ON),
        _d(169, "Way Station", restriction=SITE_ONLY, ab=PERSISTENT, modifies=TRAVEL),
        _d(170, "Twin Brother", restriction=ADVISER_ONLY, ab=WHEN_PLAYED),
        _d(171, "Hospitality", restriction=ADVISER_ONLY, ab=MODIFIER, modifies=TRAVEL),
        _d(172, "A Fast Steed", cost="F", ab=MODIFIER, modifies=TRAVEL),
        _d(173, "Relic Worship", ab=MODIFIER, modifies=RECOVER),
        _d(174, "Sacred Ground", restriction=SITE_ONLY, locked=True, ab=PERSISTENT),
    )),
)


def variant_key(name: str) -> str:
    """A card's or site's name as a variant file names it: "Long-Lost Heir" -> "long_lost_heir"."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


#: What a variant file may change (meeplegym.variants): a site's capacity for denizens and
#: edifices and the favor and secrets its reveal takes from the shared bank (D1); a denizen's
#: power cost, the favor and secrets placed on it and burned (O0.3).
VARIANT_TABLES: dict[str, variants.VariantTable] = {
    "sites": variants.VariantTable(
        SITES, lambda site: variant_key(site.name),
        {"capacity": (0, max(site.capacity for site in SITES)), "favor": (0, 5), "secrets": (0, 5)}),
    "denizens": variants.VariantTable(
        DENIZENS, lambda denizen: variant_key(denizen.name),
        {f"cost.{token}": (0, 5) for token in Cost._fields}),
}
_VARIED = variants.applied("oath", VARIANT_TABLES)
SITES, DENIZENS = _VARIED["sites"], _VARIED["denizens"]
SITE_BY_NAME: dict[str, Site] = {s.name: s for s in SITES}
DENIZEN_BY_NUMBER: dict[int, Denizen] = {d.number: d for d in DENIZENS}
DENIZEN_BY_NAME: dict[str, Denizen] = {d.name: d for d in DENIZENS}

#: Where TTS's restriction or lock flags differ from the rows above (D10): number -> (TTS
#: restriction, TTS locked). The D9 totals count the TTS flags.
TTS_FLAGS: dict[int, tuple[Restriction, bool]] = {
    7: (SITE_ONLY, False),  # Garrison: TTS site-only; LC and TSX unrestricted -> unrestricted
    78: (ADVISER_ONLY, True),  # Master of Disguise: TTS locked; LC and TSX not -> not locked
}


# =============================================================================== D4 relics
def _relic(number, name, defense, *, ab, cost=None, modifies=None, side=None, mandatory=False):
    return Relic(number=number, name=name, defense=defense, abilities=ab, cost=Cost.of(cost),
                 modifies=modifies, side=side, mandatory=mandatory, source="D4")


#: The 21 relics in D4 order; defense dice and costs agree in LC and TSX.
RELICS: tuple[Relic, ...] = (
    _relic(231, "Grand Scepter", 5, ab=ALWAYS_ON | ACTION),
    _relic(211, "Sticky Fire", 2, ab=BATTLE_PLAN, side=EITHER),
    _relic(212, "Cursed Cauldron", 3, ab=BATTLE_PLAN, side=EITHER),
    _relic(213, "Brass Horse", 2, cost="S", ab=ACTION),
    _relic(214, "Truthful Harp", 2, ab=MODIFIER, modifies=SEARCH),
    _relic(215, "Grand Mask", 2, ab=PERSISTENT),
    _relic(216, "Horned Mask", 2, cost="S", ab=ACTION),
    _relic(217, "Cup of Plenty", 2, ab=MODIFIER, modifies=TRADE),
    _relic(218, "Whistle", 2, cost="S", ab=ACTION),
    _relic(219, "Dowsing Sticks", 3, cost="S, xF, xF", ab=ACTION),
    _relic(220, "Cracked Horn", 2, ab=MODIFIER, modifies=SEARCH),
    _relic(221, "Bandit Crown", 3, ab=PERSISTENT),
    _relic(222, "Ring of Devotion", 3, ab=ALWAYS_ON | MODIFIER, modifies=MUSTER),
    _relic(223, "Skeleton Key", 3, cost="S, xS", ab=ACTION),
    _relic(224, "Oracular Pig", 2, ab=ACTION),
    _relic(225, "Circlet of Command", 1, ab=PERSISTENT),
    _relic(226, "Ivory Eye", 2, cost="S", ab=ACTION),
    _relic(227, "Map", 3, ab=ACTION),
    _relic(228, "Obsidian Cage", 2, ab=BATTLE_PLAN | ACTION, side=EITHER),
    _relic(229, "Book of Records", 2, ab=MODIFIER, modifies=SEARCH, mandatory=True),
    _relic(230, "Dragonskin Drum", 2, ab=MODIFIER, modifies=TRAVEL),
)
RELIC_BY_NUMBER: dict[int, Relic] = {r.number: r for r in RELICS}
RELIC_BY_NAME: dict[str, Relic] = {r.name: r for r in RELICS}
#: Starts with the Chancellor every game and never enters the relic deck (O1.1 step 8, D4).
GRAND_SCEPTER: Relic = RELIC_BY_NAME["Grand Scepter"]


# =============================================================================== D3 edifices
def _face(number, name, suit, other, *, ab, cost=None, modifies=None, side=None, reconstructed=True):
    return EdificeFace(number=number, name=name, suit=suit, other_face=other, abilities=ab,
                       cost=Cost.of(cost), modifies=modifies, side=side, mandatory=False,
                       reconstructed=reconstructed, source="D3")


#: The six edifices, intact face then ruined face (D3; face numbers follow the TTS save ids).
#: Every power but Fallen Spire's is reconstructed from LC's code; the spec marks nine of them ◊
#: (Sprawling Rampart is corroborated by a fan card builder; Bandit Rampart is not marked), and
#: the table may leave those nine blank (the `reconstructed_powers` option).
EDIFICE_FACES: tuple[EdificeFace, ...] = (
    _face(199, "Sprawling Rampart", Suit.ORDER, 200, ab=PERSISTENT, modifies=CAMPAIGN, reconstructed=False),
    _face(200, "Bandit Rampart", None, 199, ab=BATTLE_PLAN, side=DEFENDER, reconstructed=False),  # not marked ◊
    _face(201, "Hall of Debate", Suit.HEARTH, 202, ab=PERSISTENT, modifies=CAMPAIGN),
    _face(202, "Hall of Mockery", None, 201, ab=PERSISTENT, modifies=RECOVER),
    _face(203, "Forest Temple", Suit.BEAST, 204, ab=Ability.CHRONICLE),
    _face(204, "Ruined Temple", None, 203, ab=PERSISTENT),
    _face(205, "Festival District", Suit.DISCORD, 206, ab=ACTION),
    _face(206, "Squalid District", None, 205, ab=PERSISTENT),
    _face(207, "Great Spire", Suit.ARCANE, 208, ab=MODIFIER, cost="S", modifies=SEARCH),
    _face(208, "Fallen Spire", None, 207, ab=ACTION, cost="S, xS", reconstructed=False),
    _face(209, "Ancient Forge", Suit.NOMAD, 210, ab=ACTION, cost="FF, xS"),
    _face(210, "Broken Forge", None, 209, ab=ACTION, cost="FF, SS"),
)
EDIFICE_BY_NUMBER: dict[int, EdificeFace] = {e.number: e for e in EDIFICE_FACES}


# =============================================================================== D5-D8
#: The five Visions (D5; seed 2.7, 3.2).
VISIONS: tuple[Vision, ...] = (
    Vision(232, "Conquest", GoalKind.MOST_SITES, "Supremacy"),
    Vision(233, "Rebellion", GoalKind.PEOPLES_FAVOR, "The People"),
    Vision(234, "Sanctuary", GoalKind.MOST_RELICS_BANNERS, "Protection"),
    Vision(235, "Faith", GoalKind.DARKEST_SECRET, "Devotion"),
    Vision(236, "Conspiracy", None, None),
)
VISION_BY_NAME: dict[str, Vision] = {v.name: v for v in VISIONS}
#: War Exhaustion's order among several Visionaries (O3.4 step 3).
VISIONARY_PRIORITY: tuple[str, ...] = ("Conquest", "Rebellion", "Sanctuary", "Faith")

#: The two banners (D6; seed 2.5, 4.1.1, 5.4). The People's Favor's Wake and Mob rules and the
#: seizure penalty are rules, not data (O2.5, O4.1.1).
BANNERS: tuple[Banner, ...] = (
    Banner("People's Favor", "favor"),
    Banner("Darkest Secret", "secret", world_search_cost=2),
)
#: The People's Favor flips to its Mob side at this many favor (O4.1.1 III).
MOB_FAVOR = 6
#: Tokens a seized banner loses, never below one (O2.5).
SEIZURE_LOSS = 2

#: The four Reliquary spaces (D7; names and effects reconstructed from LC, printed wording not
#: found).
RELIQUARY: tuple[ReliquarySpace, ...] = (
    ReliquarySpace(0, "Brutal", MajorAction.CAMPAIGN),
    ReliquarySpace(1, "Decadent", MajorAction.TRAVEL),
    ReliquarySpace(2, "Careless", MajorAction.TRADE),
    ReliquarySpace(3, "Greedy", MajorAction.SEARCH),
)

#: The four Oaths (D8; seed 2.10-2.11, 3.3.1, setup step 13).
OATHS: tuple[Oath, ...] = (
    Oath("Supremacy", GoalKind.MOST_SITES, GoalKind.MORE_RELICS_BANNERS_THAN_IMPERIALS, None, "Conquest"),
    Oath("The People", GoalKind.PEOPLES_FAVOR, GoalKind.DARKEST_SECRET, "People's Favor", "Rebellion"),
    Oath("Devotion", GoalKind.DARKEST_SECRET, GoalKind.GRAND_SCEPTER, "Darkest Secret", "Faith"),
    Oath("Protection", GoalKind.MOST_RELICS_BANNERS, GoalKind.PEOPLES_FAVOR, None, "Sanctuary"),
)
OATH_BY_NAME: dict[str, Oath] = {o.name: o for o in OATHS}


# =============================================================================== dice (O2.12)
#: Faces of each die, six each (LC dice.ts = TSX; not printed in the Law).
ATTACK_DIE: tuple[AttackFace, ...] = (AttackFace.HOLLOW_SWORD,) * 3 + (AttackFace.SWORD,) * 2 + (
    AttackFace.SWORDS_SKULL,)
DEFENSE_DIE: tuple[DefenseFace, ...] = (DefenseFace.BLANK,) * 2 + (DefenseFace.SHIELD,) * 2 + (
    DefenseFace.TWO_SHIELDS, DefenseFace.DOUBLE)
END_DIE: tuple[int, ...] = (1, 2, 3, 4, 5, 6)


# =============================================================================== rule numbers
ROUNDS = 8  # O4
#: Lowest end-die roll that ends the game in the Chancellor's favour, by round (O3.3; seed 3.3).
STABLE_REGIME_ROLLS: dict[int, int] = {5: 6, 6: 5, 7: 3}

SUPPLY_MAX = 7  # the leftmost space of the Supply track (O2.2)
#: Supply refresh by board: (fewest warbands in the personal bank, refresh value) steps, read
#: as "from this many warbands on" (O2.2; TTS AutoRest, LC player.ts). Citizens refresh to the
#: Chancellor's current Supply instead (O4.3.3; seed 4.3.3).
SUPPLY_REFRESH: dict[str, tuple[tuple[int, int], ...]] = {
    "chancellor": ((0, 3), (4, 4), (11, 5), (18, 6)),
    "exile": ((0, 4), (4, 5), (9, 6)),
}


def supply_refresh(board: str, warbands_in_bank: int) -> int:
    """The Supply value a Chancellor or Exile board refreshes to (O2.2, O4.3.3)."""
    value = 0
    for least, refresh in SUPPLY_REFRESH[board]:
        if warbands_in_bank >= least:
            value = refresh
    return value


#: Supply to Search the world deck by Visions drawn: 0 -> 2, 1-2 -> 3, 3+ -> 4 (O2.1; LC
#: decks.ts, TSX visionsDrawnTrack 2,3,3,4,4,4; printed on the board, not in the Law).
_WORLD_SEARCH_COST = (2, 3, 3, 4)


def search_cost(visions_drawn: int) -> int:
    """Supply for a world-deck Search before modifiers (O5.1.1)."""
    return _WORLD_SEARCH_COST[min(visions_drawn, len(_WORLD_SEARCH_COST) - 1)]


DISCARD_SEARCH_COST = 2  # O5.1.1; seed 5.1.1
SEARCH_DRAW = 3  # O5.1.2
#: Travel cost by region, TRAVEL_COST[from][to] (O5.6.1; seed 5.6.1).
TRAVEL_COST: tuple[tuple[int, int, int], ...] = ((1, 2, 4), (2, 2, 2), (4, 2, 3))
#: Supply of the fixed-cost major actions (O5.2-O5.5; seed 5.2.1, 5.3.1, 5.4.1, 5.5.1).
ACTION_SUPPLY: dict[MajorAction, int] = {
    MajorAction.MUSTER: 1, MajorAction.TRADE: 1, MajorAction.RECOVER: 1, MajorAction.CAMPAIGN: 2,
}
MUSTER_WARBANDS = 2  # O5.2.2
ADVISER_LIMIT = 3  # O2.2
PAWN_DEFENSE = 2  # defense dice of the pawn-and-favor target (O2.2, O5.5.2)
SITE_DEFENSE = 1  # defense dice of a targeted site (O2.8)
OATHKEEPER_DEFENSE, USURPER_DEFENSE = 1, 2  # O2.11

#: Warbands per colour (O2.2, O2.13; seed setup 8-9).
WARBANDS: dict[Colour, int] = {Colour.PURPLE: 24, **{c: 14 for c in list(Colour)[1:]}}
FAVOR_TOTAL = 36  # limited (O2.13, O9.3); secrets and dice are not
SECRETS_IN_BOX = 20


def favor_per_bank(players: int) -> int:
    """Favor put into each suit bank at setup: 3, or 4 with 5-6 players (O1.1 step 6)."""
    return 4 if players >= 5 else 3


MIN_PLAYERS, MAX_PLAYERS = 2, 6  # O1.4

#: Site slots: global slot index 0-7 -> region (O0.2).
SLOTS = 8
SLOT_REGION: tuple[Region, ...] = (Region.CRADLE,) * 2 + (Region.PROVINCES,) * 3 + (Region.HINTERLAND,) * 3
#: The discard pile one region outward (O0.2, O10 Discard; seed glossary "Descartar").
DISCARD_DESTINATION: dict[Region, Region] = {
    Region.CRADLE: Region.PROVINCES, Region.PROVINCES: Region.HINTERLAND, Region.HINTERLAND: Region.CRADLE,
}
#: World deck layout when it is (re)built: (denizens, Visions) per pile from the top, then the
#: rest of the denizens (O8.8).
WORLD_DECK_PILES: tuple[tuple[int, int], ...] = ((10, 2), (15, 3))


# =============================================================================== setups
@dataclass(frozen=True)
class ChronicleSetup:
    """A fixed chronicle start: the Oath, the faceup sites (slot -> site and its denizens and
    facedown relics), and optionally fixed deck orders (tutorial). Slots not listed are dealt
    facedown at random; decks not listed are shuffled and built per O8.8."""

    oath: str
    faceup: dict[int, tuple[str, tuple[int, ...], tuple[str, ...]]]  # slot -> (site, denizens, relics)
    facedown: dict[int, str] | None = None  # slot -> site (tutorial only)
    colours: tuple[Colour, ...] | None = None
    world_deck: tuple[str, ...] | None = None  # top -> bottom, names of denizens and Visions
    relic_deck: tuple[str, ...] | None = None  # top -> bottom
    source: str = ""


#: Denizens Nos. 1-54 form the first game's world deck, 9 per suit (O1.2, D9); the rest
#: start in the Archive with the six edifices.
STARTING_DECK: tuple[int, ...] = tuple(range(1, 55))
ARCHIVE_DENIZENS: tuple[int, ...] = tuple(range(55, 199))

#: The first game of a fresh chronicle (O1.2; TTS reset state and first-game routine): Oath of
#: Supremacy, every other board an Exile. The Mountain's relic is dealt from the shuffled deck.
FIRST_GAME = ChronicleSetup(
    oath="Supremacy",
    faceup={0: ("Plains", (4,), ()), 2: ("Mountain", (37,), ()), 5: ("Rocky Coast", (26,), ())},
    source="O1.2",
)

#: The four-player tutorial chronicle (O1.3; TTS TUTORIAL_CHRONICLE_STATE_STRING): fixed map,
#: world deck and relic deck, so that a whole setup is deterministic.
TUTORIAL = ChronicleSetup(
    oath="Supremacy",
    faceup={0: ("Plains", (4,), ()), 2: ("Mountain", (37,), ("Ivory Eye",)), 5: ("Rocky Coast", (26,), ())},
    facedown={1: "Lush Coast", 3: "Buried Giant", 4: "Salt Flats", 6: "Wastes", 7: "Great Slum"},
    colours=(Colour.PURPLE, Colour.RED, Colour.BLUE, Colour.YELLOW),
    world_deck=(
        "Garrison", "Faithful Friend", "Fire Talkers", "Errand Boy", "The Old Oak", "Inquisitor",
        "Alchemist", "Conquest", "Long-Lost Heir", "Roving Terror", "Sanctuary", "Tents",
        "Bear Traps", "True Names", "Warning Signals", "Faith", "Book Burning", "Great Herd",
        "Welcoming Party", "Rangers", "Rebellion", "Scouts", "The Gathering", "Conspiracy",
        "Pressgangs", "Second Wind", "Dazzle", "Memory of Home", "Disgraced Captain",
        "Storyteller", "Magician's Code", "Armed Mob", "Mercenaries", "Tavern Songs", "Scryer",
        "Acting Troupe", "Extra Provisions", "Traveling Doctor", "Rain Boots", "Martial Culture",
        "Wizard School", "Tinker's Fair", "Wrestlers", "A Small Favor", "Battle Honors", "Keep",
        "Naysayers", "Sleight of Hand", "Key to the City", "Animal Playmates", "Spirit Snare",
        "Wolves", "Forest Paths", "Horse Archers", "Wayside Inn", "Ancient Binding",
    ),
    relic_deck=(
        "Circlet of Command", "Oracular Pig", "Cup of Plenty", "Truthful Harp", "Brass Horse",
        "Sticky Fire", "Dragonskin Drum", "Skeleton Key", "Bandit Crown", "Map", "Horned Mask",
        "Dowsing Sticks", "Grand Mask", "Book of Records", "Cursed Cauldron", "Obsidian Cage",
        "Cracked Horn", "Whistle", "Ring of Devotion",
    ),
    source="O1.3",
)


# =============================================================================== D10
class EngineDefault(NamedTuple):
    """A point where the sources disagree or are silent, and what the engine does (D10)."""

    item: str
    finding: str
    default: str


ENGINE_DEFAULTS: tuple[EngineDefault, ...] = (
    EngineDefault("Garrison (7) restriction", "TTS site-only; LC and TSX none", "none (2 of 3)"),
    EngineDefault("Master of Disguise (78) lock", "TTS locked; LC and TSX not", "not locked"),
    EngineDefault("site-only / adviser-only flags LC omits", "TTS and TSX agree", "restricted"),
    EngineDefault("Extra Provisions (48)", "OD +2 defense; LC and TSX +1", "+1 defense die"),
    EngineDefault("Elders (26)", "OD gain favor; LC and TSX gain a secret", "gain 1 secret"),
    EngineDefault("Enchantress (96), Memory of Home (49) cost", "OD place; LC and TSX burn", "burn 1 secret"),
    EngineDefault("Relic Thief, Master of Disguise, Cracking Ground cost", "OD none", "LC/TSX costs"),
    EngineDefault("Enchantress target", "printed: any faceup adviser; LC: players at your site", "any"),
    EngineDefault("Conspiracy suit condition", "LC counts per target adviser", "the Law's reading"),
    EngineDefault("Shrouded Wood capacity", "LC 3; TTS and TSX 2", "2"),
    EngineDefault("Homeland anti-cycling", "LC: off until next Wake", "the Law's text"),
    EngineDefault("Favor on a ruined edifice at Rest", "not specified", "the shared bank"),
    EngineDefault("People's Favor return direction", "map geometry not in the Law",
                  "bank order Discord..Nomad from the chosen start"),
    EngineDefault("Edifice, Reliquary and banner placard powers", "printed wording not found",
                  "as D3/D6/D7 (LC code)"),
    EngineDefault("Supply track, Visions-Drawn costs, dice faces", "printed on components",
                  "TTS, LC and TSX (agree)"),
    EngineDefault("First-game setup", "Playbook not available", "the TTS first-game routine (O1.2)"),
)

# the row shorthands above are not part of the vocabulary
del SITE_ONLY, ADVISER_ONLY, ACTION, WHEN_PLAYED, REST, MODIFIER, BATTLE_PLAN, PERSISTENT, ALWAYS_ON
del SEARCH, MUSTER, TRADE, RECOVER, CAMPAIGN, TRAVEL, ATTACKER, DEFENDER, EITHER
