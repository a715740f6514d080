"""Scythe game state <-> a readable, JSON-ready dict (DESIGN "Game-state JSON").

Locations are named as in ``data.location_name`` ("Farm 12", "Factory", "Nordic base"), units
as "character", "mech 1".."mech 4", "worker 1".."worker 8", sections 1-4 as on the mat (the
factory card would be section 5). Decks list card numbers (values for the combat deck) with the
top card last.

The dict is the **whole** state, hidden information included: every hand, the deck orders,
the objective cards, the face-down factory pool and the ``rng`` word of the state's own
generator. That is what makes a save file exact (a game resumed from it continues exactly as
the original under the same actions, chance included), and also why a save file must not be
shown to a player: observations (``encoders``) are what a seat may see.

``state_from_dict`` checks every field's type and range (an error names its path, e.g.
``players[1].units.mech 2``), builds a fresh record, and then runs the engine's own invariant
checks on it (``invariants.explain(..., loaded=True)``), so a corrupted or hand-edited dict
that the engine could not play from (more cards than the game has, two structures on one
territory, a battle step without a battle, a payment that cannot be completed ...) raises
``InvalidStateError`` and nothing is loaded. Load mode waives only what a game's history
guarantees and a hand-made scenario may set freely (``invariants.LOAD_WAIVED``: the seat to act
vs the turn counter, where objective/factory cards are, lake placement, stars vs goals).
``state_from_dict(state_to_dict(s))`` reproduces ``s`` byte for byte.
"""

from __future__ import annotations

from numbers import Integral
from typing import Any

import numpy as np

from meeplegym.envs.scythe import data, invariants
from meeplegym.envs.scythe.state import (
    DROPPED_HERE,
    CHARACTER,
    COMBAT_DECK,
    FIRST_WORKER,
    MAX_COINS,
    MAX_PILE,
    MAX_PLAYERS,
    MAX_TURN,
    MIN_CARD_VALUE,
    N_CARD_VALUES,
    N_ENCOUNTER_CARDS,
    N_FACTORY_CARDS,
    N_LOCATIONS,
    N_MECHS,
    N_OBJECTIVE_CARDS,
    N_TERRITORIES,
    N_UNITS,
    N_WORKERS,
    OFF_BOARD,
    PHASE_NAMES,
    STAR_NAMES,
    STATE_DTYPE,
)
from meeplegym.errors import InvalidStateError
from meeplegym.record_json import Fields

FORMAT_VERSION = 1
RESOURCES = tuple(r.name.lower() for r in data.Resource)
UNIT_NAMES = ("character",) + tuple(f"mech {i + 1}" for i in range(N_MECHS)) + tuple(
    f"worker {i + 1}" for i in range(N_WORKERS)
)
LOCATION_NAMES = tuple(data.location_name(i) for i in range(N_LOCATIONS))
_LOCATION_IDS = {name.lower(): i for i, name in enumerate(LOCATION_NAMES)}




def _names(enum) -> tuple[str, ...]:
    return tuple(m.name.lower() for m in enum)


FACTIONS = _names(data.Faction)
MATS = _names(data.Mat)
STRUCTURES = _names(data.Structure)
UPGRADE_SLOTS = _names(data.UpgradeSlot)
BOTTOM_ACTIONS = _names(data.BottomAction)
ONE_TIME = _names(data.RecruitBonus)
TILES = _names(data.StructureBonusTile)
CARD_VALUES = tuple(str(MIN_CARD_VALUE + v) for v in range(N_CARD_VALUES))


def location_name(loc: int) -> str | None:
    return None if loc < 0 else LOCATION_NAMES[loc]


def _is_int(v) -> bool:
    """An integer value as JSON (or numpy) spells it; bools and floats are not integers here."""
    return isinstance(v, Integral) and not isinstance(v, (bool, np.bool_))


# ---------------------------------------------------------------- to dict
def state_to_dict(state) -> dict[str, Any]:
    """A readable snapshot of one state record (``states[i]``): the full state, hidden
    information and the RNG word included (see the module docstring)."""
    s = state
    n = int(s["n_players"])
    players = []
    for p in range(n):
        players.append(
            {
                "faction": FACTIONS[s["faction"][p]],
                "mat": MATS[s["mat"][p]],
                "power": int(s["power"][p]),
                "popularity": int(s["popularity"][p]),
                "coins": int(s["coins"][p]),
                "combat_cards": {v: int(c) for v, c in zip(CARD_VALUES, s["hand"][p])},
                "objectives": [None if c < 0 else int(c) + 1 for c in s["objectives"][p]],
                "factory_card": None if s["factory_card"][p] < 0 else int(s["factory_card"][p]) + 1,
                "units": {UNIT_NAMES[u]: location_name(s["unit_loc"][p, u]) for u in range(N_UNITS)},
                "structures": {STRUCTURES[k]: location_name(loc) for k, loc in enumerate(s["structure_loc"][p])},
                "upgrades": [UPGRADE_SLOTS[k] for k in range(len(UPGRADE_SLOTS)) if s["upgraded"][p, k]],
                "covered": {BOTTOM_ACTIONS[b]: int(c) for b, c in enumerate(s["covered"][p])},
                "recruits": [BOTTOM_ACTIONS[b] for b in range(len(BOTTOM_ACTIONS)) if s["recruited"][p, b]],
                "one_time_bonuses": [ONE_TIME[k] for k in range(len(ONE_TIME)) if s["one_time_used"][p, k]],
                "stars": {STAR_NAMES[k]: int(c) for k, c in enumerate(s["stars"][p])},
                "last_section": None if s["last_section"][p] < 0 else int(s["last_section"][p]) + 1,
                "final_score": int(s["final_score"][p]),
                "rank": int(s["rank"][p]),
            }
        )
    resources = {}
    for t in range(N_TERRITORIES):
        here = {RESOURCES[r]: int(c) for r, c in enumerate(s["resources"][t]) if c}
        if here:
            resources[LOCATION_NAMES[t]] = here
    return {
        "game": "scythe",
        "format": FORMAT_VERSION,
        "n_players": n,
        "current": int(s["current"]),
        "actor": int(s["actor"]),
        "first_player": int(s["first_player"]),
        "phase": PHASE_NAMES[s["phase"]],
        "terminal": bool(s["terminal"]),
        "turn": int(s["turn"]),
        "rng": int(s["rng"]),
        "structure_bonus": TILES[s["bonus_tile"]],
        "encounter_tokens": [LOCATION_NAMES[t] for t in range(N_TERRITORIES) if s["encounter_token"][t]],
        "resources": resources,
        "combat_deck": [int(v) for v in s["deck"][: s["deck_size"]]],
        "combat_discard": {v: int(c) for v, c in zip(CARD_VALUES, s["discard"])},
        "encounter_deck": [int(c) + 1 for c in s["encounter_deck"]],
        "objective_deck": [int(c) + 1 for c in s["objective_deck"][: s["objective_deck_size"]]],
        "factory_pool": [int(c) + 1 for c in s["factory_pool"] if c >= 0],
        "players": players,
        "turn_in_progress": {
            "section": None if s["section"] < 0 else int(s["section"]) + 1,
            "moves_left": int(s["moves_left"]),
            "moved": [UNIT_NAMES[u] for u in range(N_UNITS) if s["moved"][u]],
            "selected": None if s["selected"] < 0 else UNIT_NAMES[s["selected"]],
            "steps_left": int(s["steps_left"]),
            "stepped": bool(s["stepped"]),
            "dropped_here": bool(s["stepped"] == DROPPED_HERE),
            "cargo_workers": [UNIT_NAMES[FIRST_WORKER + w] for w in range(N_WORKERS) if s["cargo_workers"][w]],
            "cargo_resources": {RESOURCES[r]: int(c) for r, c in enumerate(s["cargo_resources"]) if c},
            "produce_left": int(s["produce_left"]),
            "mill_produced": bool(s["mill_produced"]),
            "produced": [LOCATION_NAMES[t] for t in range(N_TERRITORIES) if s["produced"][t]],
            "pending": int(s["pending"]),
            "pay_resource": None if s["pay_resource"] < 0 else RESOURCES[s["pay_resource"]],
            "pay_left": int(s["pay_left"]),
            "take_coins": bool(s["take_coins"]),
            "reveal_window": int(s["window"]),
            "retreats_forced": int(s["retreats_forced"]),
            "coercion_used": bool(s["coercion_used"]),
            "effect": None if s["effect_source"] == 0 else {
                "source": ("encounter", "factory")[s["effect_source"] - 1],
                "card": int(s["effect_card"]) + 1,
                "option": None if s["effect_option"] < 0 else int(s["effect_option"]) + 1,
                "step": int(s["effect_pc"]),
                "within_step": int(s["effect_sub"]),
                "territory": location_name(s["effect_loc"]),
                "options_taken": [k + 1 for k in range(3) if s["options_taken"] & (1 << k)],
                # [step where the chosen alternative ends (-1: passed), step to go on from]
                "jump": None if s["effect_jump_at"] < 0 and s["effect_jump_to"] < 0
                else [int(s["effect_jump_at"]), int(s["effect_jump_to"])],
            },
            "produce_free": bool(s["produce_free"]),
            "factory_move": bool(s["factory_move"]),
            "move_origin": {UNIT_NAMES[u]: location_name(loc) for u, loc in enumerate(s["move_origin"]) if loc >= 0},
            "battle": None if s["battle_loc"] < 0 else {
                "territory": LOCATION_NAMES[s["battle_loc"]],
                "defender": int(s["battle_defender"]),
                "step": int(s["battle_step"]),
                "winner": None if s["battle_winner"] < 0 else ("attacker", "defender")[s["battle_winner"]],
                "dials": [int(v) for v in s["dial"]],
                "cards": [{v: int(c) for v, c in zip(CARD_VALUES, side)} for side in s["battle_cards"]],
                "card_limits": [int(v) for v in s["card_limit"]],
            },
        },
    }


# ---------------------------------------------------------------- from dict
class _Reader(Fields):
    """Typed field access with precise error paths ("players[1].units.mech 2: ...")."""

    def int(self, key, lo, hi=None) -> int:
        v = self.get(key)
        if not _is_int(v):
            raise InvalidStateError(f"{self.where(key)}: expected an integer, got {v!r}")
        v = int(v)
        if v < lo or (hi is not None and v > hi):
            raise InvalidStateError(f"{self.where(key)}: {v} outside {lo}..{'' if hi is None else hi}")
        return v

    def bool(self, key) -> bool:
        v = self.get(key)
        if not isinstance(v, (bool, np.bool_)):
            raise InvalidStateError(f"{self.where(key)}: expected true/false, got {v!r}")
        return bool(v)

    def choice(self, key, options, allow_none=False):
        v = self.get(key)
        if v is None and allow_none:
            return -1
        if not isinstance(v, str) or v.lower() not in options:
            raise InvalidStateError(f"{self.where(key)}: {v!r} is not one of {', '.join(options)}")
        return options.index(v.lower())

    def list(self, key) -> list:
        v = self.get(key)
        if not isinstance(v, list):
            raise InvalidStateError(f"{self.where(key)}: expected a list, got {type(v).__name__}")
        return v

    def sub(self, key) -> _Reader:
        return _Reader(self.get(key), self.where(key))

    def no_extra(self, allowed) -> None:
        extra = set(self.d) - set(allowed)
        if extra:
            names = sorted(repr(k) for k in extra)
            raise InvalidStateError(f"{self.path or 'state'}: unknown keys {', '.join(names)}; known: {', '.join(allowed)}")


def _location(value, where: str, allow_none=True) -> int:
    if value is None and allow_none:
        return OFF_BOARD
    if not isinstance(value, str) or value.lower() not in _LOCATION_IDS:
        raise InvalidStateError(f"{where}: unknown location {value!r} (e.g. 'Farm 12', 'Factory', 'Nordic base')")
    return _LOCATION_IDS[value.lower()]


def _flags(reader: _Reader, key: str, options, out) -> None:
    out[:] = 0
    for i, v in enumerate(reader.list(key)):
        if not isinstance(v, str) or v.lower() not in options:
            raise InvalidStateError(f"{reader.where(key)}[{i}]: {v!r} is not one of {', '.join(options)}")
        if out[options.index(v.lower())]:
            raise InvalidStateError(f"{reader.where(key)}[{i}]: {v!r} listed twice")
        out[options.index(v.lower())] = 1


def _counts(reader: _Reader, key: str, options, out, hi=None, complete=True) -> None:
    sub = reader.sub(key)
    sub.no_extra(options)
    out[:] = 0
    for i, name in enumerate(options):
        if complete or name in sub.d:
            out[i] = sub.int(name, 0, hi)


def _card_list(reader: _Reader, key: str, size: int, out, fill: int, deck_size: int | None = None) -> int:
    """Card numbers (1-based) into out[:len]; at most `size` cards out of a deck of `deck_size`."""
    deck_size = size if deck_size is None else deck_size
    cards = reader.list(key)
    if len(cards) > size:
        raise InvalidStateError(f"{reader.where(key)}: at most {size} cards")
    out[:] = fill
    for i, c in enumerate(cards):
        if not _is_int(c) or not 1 <= c <= deck_size:
            raise InvalidStateError(f"{reader.where(key)}[{i}]: card number {c!r} outside 1..{deck_size}")
        out[i] = c - 1
    return len(cards)


def state_from_dict(d: dict) -> np.ndarray:
    """A one-record state array from a dict made by ``state_to_dict`` (possibly edited)."""
    r = _Reader(d, "")
    r.no_extra(
        ("game", "format", "n_players", "current", "actor", "first_player", "phase", "terminal", "turn", "rng",
         "structure_bonus", "encounter_tokens", "resources", "combat_deck", "combat_discard",
         "encounter_deck", "objective_deck", "factory_pool", "players", "turn_in_progress")
    )
    if r.get("game") != "scythe":
        raise InvalidStateError(f"game: expected 'scythe', got {r.get('game')!r}")
    if not _is_int(r.get("format")) or r.get("format") != FORMAT_VERSION:
        raise InvalidStateError(f"format: this version reads format {FORMAT_VERSION}, got {r.get('format')!r}")
    out = np.zeros(1, dtype=STATE_DTYPE)
    s = out[0]
    n = r.int("n_players", 2, MAX_PLAYERS)
    s["n_players"] = n
    s["current"] = r.int("current", 0, n - 1)
    s["actor"] = r.int("actor", 0, n - 1)
    s["first_player"] = r.int("first_player", 0, n - 1)
    s["phase"] = r.choice("phase", PHASE_NAMES)
    s["terminal"] = r.bool("terminal")
    s["turn"] = r.int("turn", 0, MAX_TURN)
    s["rng"] = np.uint64(r.int("rng", 1, 2**64 - 1))
    s["bonus_tile"] = r.choice("structure_bonus", TILES)

    for i, name in enumerate(r.list("encounter_tokens")):
        t = _location(name, f"encounter_tokens[{i}]", allow_none=False)
        if t >= N_TERRITORIES or not data.TERRITORIES[t].encounter:
            raise InvalidStateError(f"encounter_tokens[{i}]: {name} has no encounter symbol")
        if s["encounter_token"][t]:
            raise InvalidStateError(f"encounter_tokens[{i}]: {name} listed twice")
        s["encounter_token"][t] = 1
    res = r.sub("resources")
    seen = set()
    for name in res.d:
        t = _location(name, f"resources.{name}", allow_none=False)
        if t >= N_TERRITORIES:
            raise InvalidStateError(f"resources.{name}: home bases hold no resources")
        if t in seen:
            raise InvalidStateError(f"resources.{name}: {LOCATION_NAMES[t]} listed twice")
        seen.add(t)
        _counts(res, name, RESOURCES, s["resources"][t], hi=MAX_PILE, complete=False)

    deck = r.list("combat_deck")
    if len(deck) > len(COMBAT_DECK):
        raise InvalidStateError("combat_deck: more than 42 cards")
    for i, v in enumerate(deck):
        if not _is_int(v) or not MIN_CARD_VALUE <= v < MIN_CARD_VALUE + N_CARD_VALUES:
            raise InvalidStateError(f"combat_deck[{i}]: card value {v!r} is not {CARD_VALUES[0]}..{CARD_VALUES[-1]}")
        s["deck"][i] = v
    s["deck_size"] = len(deck)
    _counts(r, "combat_discard", CARD_VALUES, s["discard"], hi=len(COMBAT_DECK))
    if _card_list(r, "encounter_deck", N_ENCOUNTER_CARDS, s["encounter_deck"], -1) != N_ENCOUNTER_CARDS:
        raise InvalidStateError(f"encounter_deck: all {N_ENCOUNTER_CARDS} cards must be listed")
    s["objective_deck_size"] = _card_list(r, "objective_deck", N_OBJECTIVE_CARDS, s["objective_deck"], -1)
    _card_list(r, "factory_pool", MAX_PLAYERS + 1, s["factory_pool"], -1, N_FACTORY_CARDS)

    players = r.list("players")
    if len(players) != n:
        raise InvalidStateError(f"players: expected {n} entries, got {len(players)}")
    s["faction"][:] = -1
    s["mat"][:] = -1
    s["objectives"][:] = -1
    s["factory_card"][:] = -1
    s["unit_loc"][:] = OFF_BOARD
    s["structure_loc"][:] = OFF_BOARD
    s["last_section"][:] = -1
    for p, pd in enumerate(players):
        _read_player(s, p, _Reader(pd, f"players[{p}]"))
    for key in ("faction", "mat"):
        taken = [int(v) for v in s[key][:n]]
        for p in range(1, n):
            if taken[p] in taken[:p]:
                raise InvalidStateError(f"players[{p}].{key}: {players[p][key]!r} is already players[{taken.index(taken[p])}]'s")

    _read_turn(s, r.sub("turn_in_progress"))
    # The engine's own invariants: conservation, placement, stars, the decision in progress.
    problem = invariants.explain(s, loaded=True)
    if problem:
        raise InvalidStateError(f"inconsistent state: {problem}")
    return out


def _read_player(s, p: int, pr: _Reader) -> None:
    pr.no_extra(
        ("faction", "mat", "power", "popularity", "coins", "combat_cards", "objectives", "factory_card", "units",
         "structures", "upgrades", "covered", "recruits", "one_time_bonuses", "stars", "last_section",
         "final_score", "rank")
    )
    s["faction"][p] = pr.choice("faction", FACTIONS)
    s["mat"][p] = pr.choice("mat", MATS)
    s["power"][p] = pr.int("power", 0, data.MAX_POWER)
    s["popularity"][p] = pr.int("popularity", 0, data.MAX_POPULARITY)
    s["coins"][p] = pr.int("coins", 0, MAX_COINS)
    _counts(pr, "combat_cards", CARD_VALUES, s["hand"][p], hi=len(COMBAT_DECK))
    objectives = pr.list("objectives")
    if len(objectives) > 2:
        raise InvalidStateError(f"{pr.where('objectives')}: at most 2 cards")
    for k, c in enumerate(objectives):
        if c is None:
            continue  # an emptied hand slot (Saxony keeps the other card, S12.5)
        if not _is_int(c) or not 1 <= c <= N_OBJECTIVE_CARDS:
            raise InvalidStateError(f"{pr.where('objectives')}[{k}]: card number {c!r} outside 1..{N_OBJECTIVE_CARDS}")
        s["objectives"][p, k] = c - 1
    card = pr.get("factory_card")
    s["factory_card"][p] = -1 if card is None else pr.int("factory_card", 1, N_FACTORY_CARDS) - 1
    units = pr.sub("units")
    units.no_extra(UNIT_NAMES)
    for u, name in enumerate(UNIT_NAMES):
        loc = _location(units.get(name), units.where(name), allow_none=u != CHARACTER)
        s["unit_loc"][p, u] = loc
    structures = pr.sub("structures")
    structures.no_extra(STRUCTURES)
    for k, name in enumerate(STRUCTURES):
        loc = _location(structures.get(name), structures.where(name))
        if loc >= N_TERRITORIES:
            raise InvalidStateError(f"{structures.where(name)}: structures stand on territories, not bases")
        s["structure_loc"][p, k] = loc
    _flags(pr, "upgrades", UPGRADE_SLOTS, s["upgraded"][p])
    _counts(pr, "covered", BOTTOM_ACTIONS, s["covered"][p], hi=3)
    for b, name in enumerate(BOTTOM_ACTIONS):
        spec = data.PLAYER_MATS[s["mat"][p]].bottom[b]
        if s["covered"][p, b] > spec.cost - spec.fixed:
            raise InvalidStateError(f"{pr.where('covered')}.{name}: this mat has {spec.cost - spec.fixed} bracketed boxes")
    _flags(pr, "recruits", BOTTOM_ACTIONS, s["recruited"][p])
    _flags(pr, "one_time_bonuses", ONE_TIME, s["one_time_used"][p])
    _counts(pr, "stars", STAR_NAMES, s["stars"][p], hi=data.STARS_PER_PLAYER)
    last = pr.get("last_section")
    s["last_section"][p] = -1 if last is None else pr.int("last_section", 1, 5) - 1
    s["final_score"][p] = pr.int("final_score", -(2**31), 2**31 - 1)
    s["rank"][p] = pr.int("rank", 0, MAX_PLAYERS - 1)


def _read_turn(s, tr: _Reader) -> None:
    tr.no_extra(
        ("section", "moves_left", "moved", "selected", "steps_left", "stepped", "dropped_here", "cargo_workers", "cargo_resources", "produce_left",
         "mill_produced", "produced", "pending", "pay_resource", "pay_left", "take_coins", "reveal_window", "retreats_forced", "coercion_used", "effect", "produce_free", "factory_move", "move_origin", "battle")
    )
    section = tr.get("section")
    s["section"] = -1 if section is None else tr.int("section", 1, 5) - 1
    s["moves_left"] = tr.int("moves_left", 0, 3)
    _flags(tr, "moved", UNIT_NAMES, s["moved"])
    s["selected"] = tr.choice("selected", UNIT_NAMES, allow_none=True)
    s["steps_left"] = tr.int("steps_left", 0, invariants.MAX_STEPS_LEFT)
    s["stepped"] = tr.bool("stepped")
    if "dropped_here" in tr.d:  # optional: older saves predate it
        if tr.bool("dropped_here"):
            if not s["stepped"]:
                raise InvalidStateError(f"{tr.where('dropped_here')}: cargo dropped before the unit stepped")
            s["stepped"] = DROPPED_HERE
    workers = UNIT_NAMES[FIRST_WORKER:]
    _flags(tr, "cargo_workers", workers, s["cargo_workers"])
    _counts(tr, "cargo_resources", RESOURCES, s["cargo_resources"], hi=MAX_PILE, complete=False)
    s["produce_left"] = tr.int("produce_left", 0, 3)
    s["mill_produced"] = tr.bool("mill_produced")
    for i, name in enumerate(tr.list("produced")):
        t = _location(name, f"{tr.where('produced')}[{i}]", allow_none=False)
        if t >= N_TERRITORIES:
            raise InvalidStateError(f"{tr.where('produced')}[{i}]: not a territory")
        s["produced"][t] = 1
    s["pending"] = tr.int("pending", -1, 32767)
    s["pay_resource"] = tr.choice("pay_resource", RESOURCES, allow_none=True)
    s["pay_left"] = tr.int("pay_left", 0, 4)
    s["take_coins"] = tr.bool("take_coins")
    s["window"] = tr.int("reveal_window", 0, 3)
    s["retreats_forced"] = tr.int("retreats_forced", 0, 8 * MAX_PLAYERS)
    s["coercion_used"] = tr.bool("coercion_used")
    s["produce_free"] = tr.bool("produce_free")
    s["factory_move"] = tr.bool("factory_move")
    s["effect_card"] = -1
    s["effect_option"] = -1
    s["effect_loc"] = -1
    s["effect_jump_at"] = -1
    s["effect_jump_to"] = -1
    if tr.get("effect") is not None:
        er = tr.sub("effect")
        er.no_extra(("source", "card", "option", "step", "within_step", "territory", "options_taken", "jump"))
        s["effect_source"] = er.choice("source", ("encounter", "factory")) + 1
        deck = N_ENCOUNTER_CARDS if s["effect_source"] == 1 else N_FACTORY_CARDS
        s["effect_card"] = er.int("card", 1, deck) - 1
        jump = er.get("jump")
        if jump is not None:
            if not isinstance(jump, list) or len(jump) != 2 or not all(_is_int(v) and -1 <= v <= data.MAX_EFFECT_STEPS for v in jump):
                raise InvalidStateError(f"{er.where('jump')}: [step where the chosen alternative ends, step to go on from], each -1..{data.MAX_EFFECT_STEPS}")
            s["effect_jump_at"], s["effect_jump_to"] = (int(v) for v in jump)
        option = er.get("option")
        s["effect_option"] = -1 if option is None else er.int("option", 1, 3) - 1
        s["effect_pc"] = er.int("step", 0, data.MAX_EFFECT_STEPS)
        s["effect_sub"] = er.int("within_step", 0, 9)
        s["effect_loc"] = _location(er.get("territory"), er.where("territory"))
        taken = er.list("options_taken")
        if any(not _is_int(k) or not 1 <= k <= 3 for k in taken) or len(set(taken)) != len(taken):
            raise InvalidStateError(f"{er.where('options_taken')}: options are 1, 2, 3, each at most once")
        s["options_taken"] = sum(1 << (int(k) - 1) for k in taken)
    origins = tr.sub("move_origin")
    origins.no_extra(UNIT_NAMES)
    s["move_origin"][:] = -1
    for u, name in enumerate(UNIT_NAMES):
        if name in origins.d:
            s["move_origin"][u] = _location(origins.get(name), origins.where(name), allow_none=False)
    s["battle_loc"] = -1
    s["battle_defender"] = -1
    s["battle_winner"] = -1
    if tr.get("battle") is not None:
        _read_battle(s, tr.sub("battle"))


def _read_battle(s, br: _Reader) -> None:
    br.no_extra(("territory", "defender", "step", "winner", "dials", "cards", "card_limits"))
    s["battle_loc"] = _location(br.get("territory"), br.where("territory"), allow_none=False)
    if s["battle_loc"] >= N_TERRITORIES:
        raise InvalidStateError(f"{br.where('territory')}: battles happen on territories")
    s["battle_defender"] = br.int("defender", 0, MAX_PLAYERS - 1)
    s["battle_step"] = br.int("step", 0, 7)
    winner = br.get("winner")
    s["battle_winner"] = -1 if winner is None else br.choice("winner", ("attacker", "defender"))
    for key, field, hi in (("dials", "dial", data.MAX_DIAL), ("card_limits", "card_limit", 9)):
        values = br.list(key)
        if len(values) != 2 or any(not _is_int(v) or not 0 <= v <= hi for v in values):
            raise InvalidStateError(f"{br.where(key)}: two integers 0..{hi} (attacker, defender)")
        s[field][:] = values
    cards = br.list("cards")
    if len(cards) != 2:
        raise InvalidStateError(f"{br.where('cards')}: one entry per side (attacker, defender)")
    for side, entry in enumerate(cards):
        _counts(_Reader({"cards": entry}, f"{br.where('cards')}[{side}]"), "cards", CARD_VALUES,
                s["battle_cards"][side], hi=len(COMBAT_DECK))
