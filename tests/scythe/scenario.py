"""Scenario helpers for the Scythe rules tests (``test_scythe_*.py``).

Every scenario is built as a state-JSON dict (``state_json.state_to_dict`` of a fresh game),
edited with the functions below, and loaded with ``state_json.state_from_dict``; no test pokes
record fields directly. ``act``, ``legal`` (ascending ids), ``legal_names``, ``act_named``,
``assert_illegal`` and ``assert_round_trip`` are the verbs all three games share
(tests/scenario_kit.py). Locations may be given as ids (0-53, spec D1) or readable names
("Farm 12", "Nordic base"); units as "character", "mech 1".."mech 4", "worker 1".."worker 8";
sections 1-4 as printed on the mat.

Typical use::

    d = sc.base_dict(factions=("nordic", "rusviet"), mats=("patriotic", "industrial"))
    sc.empty_board(d)
    sc.set_workers(d, 0, {3: 2})            # Nordic workers 1-2 on Forest 3
    sc.set_resources(d, 3, wood=4)
    sc.set_turn(d, 0)                       # Industrial (mat 1) would start: give Nordic the turn
    rec = sc.load(d)
    sc.act(rec, sc.section(3), sc.PASS)     # Trade + Build, skip the Trade
    assert sc.phase(rec) == "bottom action"
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping

from meeplegym.envs.scythe import actions as A
from meeplegym.envs.scythe import data, engine
from meeplegym.envs.scythe.state_json import UNIT_NAMES, state_from_dict, state_to_dict
from tests.scenario_kit import ScenarioKit

RESOURCES = tuple(r.name.lower() for r in data.Resource)  # food, wood, metal, oil
STRUCTURES = tuple(s.name.lower() for s in data.Structure)  # mine, monument, armory, mill
BOTTOMS = tuple(b.name.lower() for b in data.BottomAction)  # upgrade, deploy, build, enlist
SLOTS = tuple(s.name.lower() for s in data.UpgradeSlot)
ONE_TIME_BONUSES = tuple(b.name.lower() for b in data.RecruitBonus)  # power, coins, popularity, combat_cards
STAR_KINDS = ("upgrades", "mechs", "structures", "recruits", "workers", "objective", "combat", "popularity", "power")
COMBAT_DECK = {v: n for v, n in data.COMBAT_CARD_COPIES.items()}  # value -> copies (42 cards)

# the verbs every game's scenario module shares (tests/scenario_kit.py)
act, legal, legal_names, act_named, assert_illegal, assert_round_trip = ScenarioKit(
    engine.step, engine.legal_mask, A.action_to_str, state_to_dict, state_from_dict).verbs()


# ---------------------------------------------------------------- names
def name(where) -> str | None:
    """Readable location name from an id (or a name, returned as is); None stays None."""
    if where is None or isinstance(where, str):
        return where
    return data.location_name(int(where))


def loc_id(where) -> int:
    """Location id from a name or an id."""
    if isinstance(where, str):
        for i in range(data.N_LOCATIONS):
            if data.location_name(i).lower() == where.lower():
                return i
        raise KeyError(where)
    return int(where)


def base_of(faction: str) -> int:
    """Home-base location id of a faction name."""
    return data.FACTION_MATS[data.Faction[faction.upper()]].base


def mat_spec(mat: str) -> data.PlayerMat:
    return data.PLAYER_MATS[data.Mat[mat.upper()]]


# ---------------------------------------------------------------- building the dict
def base_dict(n_players=2, factions=("nordic", "rusviet"), mats=("patriotic", "industrial"), seed=0) -> dict:
    """State JSON of a fresh game. Give factions in seat order (faction order, S1.5) so that
    players[i] gets factions[i] and mats[i]."""
    return state_to_dict(engine.new_game(n_players, seed, factions=factions, mats=mats)[0])


def player(d: dict, seat: int) -> dict:
    return d["players"][seat]


def empty_board(d: dict) -> dict:
    """Characters on their home bases, every mech/worker/structure on its mat, no resources,
    no objective cards in hand (tests that need them deal them with set_objectives)."""
    for p in d["players"]:
        d["objective_deck"] += [c for c in p["objectives"] if c is not None]
        p["objectives"] = []
        for unit in p["units"]:
            p["units"][unit] = None
        p["units"]["character"] = name(base_of(p["faction"]))
        for k in p["structures"]:
            p["structures"][k] = None
    d["resources"] = {}
    return d


def place(d: dict, seat: int, unit: str, where) -> dict:
    """Put one unit ("character", "mech 2", "worker 5") on a location (None = on the mat)."""
    units = player(d, seat)["units"]
    if unit not in units:
        raise KeyError(unit)
    units[unit] = name(where)
    return d


def set_workers(d: dict, seat: int, where: Mapping) -> dict:
    """Workers 1, 2, ... on the given locations ({location: count}); the rest on the mat."""
    spots = [name(loc) for loc, count in where.items() for _ in range(count)]
    if len(spots) > data.WORKERS_PER_PLAYER:
        raise ValueError("at most 8 workers")
    for w in range(data.WORKERS_PER_PLAYER):
        place(d, seat, f"worker {w + 1}", spots[w] if w < len(spots) else None)
    return d


def set_mechs(d: dict, seat: int, where: Iterable) -> dict:
    """Mechs 1, 2, ... on the given locations; the rest on the faction mat."""
    spots = [name(loc) for loc in where]
    for m in range(data.MECHS_PER_PLAYER):
        place(d, seat, f"mech {m + 1}", spots[m] if m < len(spots) else None)
    return d


def set_objectives(d: dict, seat: int, *cards: int) -> dict:
    """Give seat these objective cards (numbers 1-23), taken out of the objective deck."""
    for c in cards:
        for holder in d["players"]:
            if c in holder["objectives"]:
                holder["objectives"].remove(c)
        if c in d["objective_deck"]:
            d["objective_deck"].remove(c)
    player(d, seat)["objectives"] = list(cards)
    return d


def set_structure(d: dict, seat: int, structure: str, where) -> dict:
    player(d, seat)["structures"][structure] = name(where)
    return d


def set_resources(d: dict, where, **counts: int) -> dict:
    """Resource tokens on one territory: set_resources(d, 12, food=3, oil=1) (replaces them)."""
    key = name(where)
    here = {r: int(counts.get(r, 0)) for r in RESOURCES if counts.get(r, 0)}
    unknown = set(counts) - set(RESOURCES)
    if unknown:
        raise KeyError(unknown)
    if here:
        d["resources"][key] = here
    else:
        d["resources"].pop(key, None)
    return d


def set_player(d: dict, seat: int, **fields) -> dict:
    """power=, popularity=, coins=, last_section= (1-4 or None), ... on one player."""
    p = player(d, seat)
    for k, v in fields.items():
        if k not in p:
            raise KeyError(k)
        p[k] = v
    return d


def set_stars(d: dict, seat: int, *kinds: str, **counts: int) -> dict:
    """Stars of a player: set_stars(d, 0, "mechs", "power") -> those at 1, every other at 0."""
    stars = {k: 0 for k in STAR_KINDS}
    for k in kinds:
        stars[k] = 1
    for k, v in counts.items():
        stars[k] = v
    if set(stars) != set(STAR_KINDS):
        raise KeyError(set(stars) - set(STAR_KINDS))
    player(d, seat)["stars"] = stars
    return d


def set_upgrades(d: dict, seat: int, slots: Iterable[str], covered: Mapping[str, int]) -> dict:
    """Cubes taken from the given top slots and the bracketed boxes covered per bottom action."""
    p = player(d, seat)
    p["upgrades"] = list(slots)
    p["covered"] = {b: int(covered.get(b, 0)) for b in BOTTOMS}
    return d


def set_recruits(d: dict, seat: int, sections: Iterable[str], bonuses: Iterable[str] | None = None) -> dict:
    """Recruits enlisted from the given bottom sections (their ongoing bonus is active) and the
    one-time slots they fill (default: the first ones)."""
    sections = list(sections)
    p = player(d, seat)
    p["recruits"] = sections
    p["one_time_bonuses"] = list(bonuses) if bonuses is not None else list(ONE_TIME_BONUSES[: len(sections)])
    return d


def set_cards(d: dict, hands: Mapping[int, Mapping[int, int]] | None = None, discard: Mapping[int, int] | None = None,
              deck: list[int] | None = None) -> dict:
    """Rearrange the 42 combat cards: hands {seat: {value: count}} (seats not named keep theirs),
    the discard pile {value: count}; the deck gets every other card (or exactly `deck`, top last)."""
    for seat, hand in (hands or {}).items():
        player(d, seat)["combat_cards"] = {str(v): int(hand.get(v, 0)) for v in COMBAT_DECK}
    d["combat_discard"] = {str(v): int((discard or {}).get(v, 0)) for v in COMBAT_DECK}
    left = dict(COMBAT_DECK)
    for p in d["players"]:
        for v, c in p["combat_cards"].items():
            left[int(v)] -= c
    for v, c in d["combat_discard"].items():
        left[int(v)] -= c
    if deck is None:
        deck = [v for v in sorted(left) for _ in range(left[v])]
    else:
        for v in deck:
            left[v] -= 1
        if any(left.values()):
            raise ValueError(f"cards do not add up to the 42 of the game: {left}")
    if any(c < 0 for c in left.values()):
        raise ValueError(f"more cards than the game has: {left}")
    d["combat_deck"] = list(deck)
    return d


def set_turn(d: dict, seat: int, phase: str = "section", section: int | None = None) -> dict:
    """Make `seat` the player to act, at the start of a decision with a clean turn record."""
    d["current"] = seat
    d["actor"] = seat
    d["phase"] = phase
    d["turn_in_progress"] = {
        "section": section,
        "moves_left": 0,
        "moved": [],
        "selected": None,
        "steps_left": 0,
        "stepped": False,
        "cargo_workers": [],
        "cargo_resources": {},
        "produce_left": 0,
        "mill_produced": False,
        "produced": [],
        "pending": -1,
        "pay_resource": None,
        "pay_left": 0,
        "take_coins": False,
        "reveal_window": 0,
        "retreats_forced": 0,
        "coercion_used": False,
        "effect": None,
        "produce_free": False,
        "factory_move": False,
        "move_origin": {},
        "battle": None,
    }
    return d


# ---------------------------------------------------------------- playing
def load(d: dict):
    """The state record (one element of a 1-record array) described by the dict."""
    return state_from_dict(copy.deepcopy(d))[0]


def snap(rec) -> dict:
    return state_to_dict(rec)


def phase(rec) -> str:
    return state_to_dict(rec)["phase"]


def pl(rec, seat: int) -> dict:
    """The JSON view of one player in the record."""
    return state_to_dict(rec)["players"][seat]


def to_bottom(rec, k: int):
    """Choose mat section k, skip its top action if offered, and stop at the bottom action."""
    act(rec, section(k))
    if phase(rec) == "top action":
        act(rec, PASS)
    assert phase(rec) == "bottom action", phase(rec)
    return rec


def legal_block(rec, start: int, size: int) -> set[int]:
    """Offsets inside one block of the action space that are legal now."""
    return {a - start for a in legal(rec) if start <= a < start + size}


def legal_locations(rec) -> set[int]:
    return legal_block(rec, A.LOCATION, 54)


def legal_units(rec) -> set[str]:
    return {UNIT_NAMES[u] for u in legal_block(rec, A.UNIT, 13)}




# ---------------------------------------------------------------- action ids
PASS = A.PASS
TAKE = A.BOTTOM_TAKE
TAKE_NO_COINS = A.BOTTOM_TAKE_NO_COINS
MOVE = A.TOP + A.TOP_MOVE
GAIN = A.TOP + A.TOP_GAIN
POWER = A.TOP + A.TOP_POWER
CARDS = A.TOP + A.TOP_CARDS
POPULARITY = A.TOP + A.TOP_POPULARITY
PRODUCE = A.TOP + A.TOP_PRODUCE


def section(k: int) -> int:
    """Mat section k = 1..4 (5 = the factory card)."""
    return A.SECTION + k - 1


def section_of(mat: str, top: str) -> int:
    """The 1-based section of `mat` whose top action is `top` ("move", "bolster", "trade", "produce")."""
    return mat_spec(mat).section_of(data.TopAction[top.upper()]) + 1


def trade(r1: str, r2: str) -> int:
    pair = tuple(sorted((RESOURCES.index(r1), RESOURCES.index(r2))))
    return A.TOP + A.TOP_TRADE_PAIR + A.TRADE_PAIRS.index(pair)


def unit(u: str) -> int:
    return A.UNIT + UNIT_NAMES.index(u)


def load_worker(k: int) -> int:
    """Load worker k (1-8) onto the selected mech."""
    return A.LOAD_WORKER + k - 1


def load_one(resource: str) -> int:
    return A.LOAD_RESOURCE + RESOURCES.index(resource)


def load_all(resource: str) -> int:
    return A.LOAD_ALL + RESOURCES.index(resource)


def loc(where) -> int:
    return A.LOCATION + loc_id(where)


def amount(k: int) -> int:
    return A.AMOUNT + k


def upgrade_from(slot: str) -> int:
    return A.UPGRADE_FROM + SLOTS.index(slot)


def upgrade_to(bottom: str) -> int:
    return A.UPGRADE_TO + BOTTOMS.index(bottom)


def mech(k: int) -> int:
    """Mech slot k (1-4)."""
    return A.MECH + k - 1


def structure(s: str) -> int:
    return A.STRUCTURE + STRUCTURES.index(s)


def recruit(bottom: str) -> int:
    return A.RECRUIT + BOTTOMS.index(bottom)


def one_time(bonus: str) -> int:
    return A.ONE_TIME + ONE_TIME_BONUSES.index(bonus)


def move_step(u: str, to, *loads: int) -> tuple[int, ...]:
    """Select unit u, load (optional), step to `to`."""
    return (unit(u), *loads, loc(to))


# ---------------------------------------------------------------- ending a game on purpose
def prepare_final_upgrade(d: dict, seat: int, oil_at) -> dict:
    """Set `seat` up so that one Upgrade (section 1, coins declined) places its 6th star.

    The seat gets 5 stars (mechs, structures, recruits, workers, objective; the conditions
    themselves are not made true), 5 upgrades done, and exactly the Upgrade's oil cost on
    `oil_at`, a territory the seat must control. Nothing else about the seat changes.
    """
    spec = mat_spec(player(d, seat)["mat"])
    room = {b: spec.bottom[k].cost - spec.bottom[k].fixed for k, b in enumerate(BOTTOMS)}
    covered = {b: 0 for b in BOTTOMS}
    need = 5
    for b in ("deploy", "build", "enlist", "upgrade"):  # keep the Upgrade cost as printed if possible
        take = min(room[b], need)
        covered[b] = take
        need -= take
    set_upgrades(d, seat, SLOTS[:5], covered)
    set_stars(d, seat, "mechs", "structures", "recruits", "workers", "objective")
    cost = spec.bottom[0].cost - covered["upgrade"]
    set_resources(d, oil_at, oil=cost)
    set_player(d, seat, last_section=None)
    set_turn(d, seat)
    return d


def finish_by_upgrade(rec):
    """Play the Upgrade prepared by prepare_final_upgrade; the game must end with it."""
    act(rec, section(1))
    if phase(rec) == "top action":
        act(rec, PASS)
    assert phase(rec) == "bottom action"
    act(rec, TAKE_NO_COINS if TAKE_NO_COINS in legal(rec) else TAKE)
    assert phase(rec) == "upgrade: take cube", phase(rec)
    act(rec, upgrade_from("produce_territories"))
    (to,) = legal_block(rec, A.UPGRADE_TO, 4)
    act(rec, A.UPGRADE_TO + to)
    s = snap(rec)
    assert s["phase"] == "game over" and s["terminal"]
    return rec


def final(rec) -> tuple[list[int], list[int]]:
    """(final scores, ranks) of a finished game."""
    s = snap(rec)
    return [p["final_score"] for p in s["players"]], [p["rank"] for p in s["players"]]
