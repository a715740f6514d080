"""Imperium game state <-> a readable, JSON-ready dict (DESIGN "Game-state JSON").

The dict is written generically over ``state.STATE_DTYPE``, so fields added to the state later
appear in it without changes here:

- every field that is not per card is a top-level key, as an int or nested lists; fields that
  hold a card (``market``, ``draw_pile``, ``fr_card`` ...: `CARD_VALUED`) hold its id
  ("JPN22"; null for none), and ``phase``, ``dec``, ``nation`` their names;
- the per-card fields (``zone``, ``owner``, ``host``, ``card_res`` ...) are gathered per card:
  ``card_defaults`` gives each field's most common value and ``cards`` lists, by card id, the
  fields where a card differs ({"JPN22": {"zone": "hand", "owner": 0}});
- a frame's program counter (``fr_pc``) is written as the program and the row within it
  (["JPN23 PLAY", 2]), so that a save made in the middle of a card's text stays valid when
  other programs are added to ``effects.CODE``;
- ordered piles and stacks with a count (``draw_pile`` with ``draw_size``, the ``fr_*`` frames
  with ``depth`` ...: `LIVE_COUNT`) list their live part only, bottom first; what the engine left
  beyond the count is kept in ``scratch`` so that a save is byte-exact (the rules never read
  it; a hand-made dict may leave it out).

The derived fields (``state.DERIVED_FIELDS``: the list of cards at the table) are left out and
rebuilt on load.

The dict is the **whole** state, hidden information included (every hand, pile order and the
RNG word): a save file must not be shown to a player; observations are what a seat may see.
``state_from_dict`` checks every key, shape, type and range (errors name the path), builds a
fresh record and runs the engine's invariant checks (`invariants.check`) before returning it,
so a corrupted dict raises ``InvalidStateError`` and nothing is loaded.
``state_from_dict(state_to_dict(s))`` reproduces ``s`` byte for byte.
"""

from __future__ import annotations

import bisect
from typing import Any

import numpy as np

from meeplegym import programs as P
from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import data as D
from meeplegym.envs.imperium import effects as E
from meeplegym.envs.imperium import invariants
from meeplegym.envs.imperium import state as ST
from meeplegym.envs.imperium.rules import frames, scoring, turn
from meeplegym.envs.imperium.rules.setup import build_table
from meeplegym.errors import InvalidStateError
from meeplegym.record_json import (
    Programs,
    RecordCodec,
    card_reader,
    check_value_ranges,
    int_in,
    named_reader,
    named_writer,
    trimmed,
)

FORMAT_VERSION = 1
GAME = "imperium"

#: fields holding a catalogue row (a card), written as the card's id
CARD_VALUED = frozenset({
    "host", "main_deck", "small_pile", "fame_pile", "unrest_pile", "market", "market_unrest", "power_card",
    "state_card", "merchant", "draw_pile", "nation_deck", "fr_card", "fr_rec", "fr_it", "fr_host", "drawn", "abandoned",
    "ev_card", "slot_card",
})
#: fields holding an enum value, written by name (index = value)
NAMED = {
    "zone": ST.ZONE_NAMES,
    "phase": ST.PHASE_NAMES,
    "dec": ST.DEC_NAMES,
    "nation": tuple(n.name.lower() for n in sorted(D.NATIONS, key=lambda n: int(n.code))),
}


def _live_counts() -> dict[str, str]:
    """Array field -> the field counting its live entries (piles, the frame and event stacks)."""
    out = {"main_deck": "main_size", "small_pile": "small_size", "fame_pile": "fame_size",
           "unrest_pile": "unrest_size", "draw_pile": "draw_size", "nation_deck": "nation_size",
           "drawn": "n_drawn", "abandoned": "n_abandoned"}
    for name in ST.STATE_DTYPE.names:
        if name.startswith("fr_"):
            out[name] = "depth"
        elif name.startswith("ev_"):
            out[name] = "n_events"
    return out


LIVE_COUNT = _live_counts()
TRIGGER_NAMES = ("PLAY", "EXHAUST", "SOLSTICE", "END_OF_SOLSTICE", "PASSIVE", "COMMERCE", "PROFIT")  # effects.TRIG_*
assert len(TRIGGER_NAMES) == E.N_TRIGGERS
EMPTY_PROGRAM = "empty"  # row 0: the END every card without a program for a trigger points at


def _programs() -> dict[str, int]:
    """Program name ("JPN23 PLAY", "system draw_up") -> its first row in effects.CODE."""
    out = {}
    for r, card_id in enumerate(K.RECORD_IDS):
        for t, trigger in enumerate(TRIGGER_NAMES):
            if E.HAS_PROGRAM[r, t] and E.ENTRY[r, t] > 0:
                out[f"{card_id} {trigger}"] = int(E.ENTRY[r, t])
    for name, value in vars(E).items():  # the rules procedures: effects.SYSTEM_KING_A, SYSTEM_INNOVATE[k] ...
        if name.startswith("SYSTEM_") and isinstance(value, (int, np.integer)):
            out[f"system {name[7:].lower()}"] = int(value)
        elif name.startswith("SYSTEM_") and isinstance(value, np.ndarray):
            out.update({f"system {name[7:].lower()}[{k}]": int(v) for k, v in enumerate(value)})
    for t, table in enumerate(E.AUTOMA_TABLE_NAMES):  # the automa's table rows and trade-route lines (I14)
        for side, side_name in enumerate(("barbarian", "empire")):
            for k in range(int(E.AUTOMA_ROWS[t, side])):
                out.setdefault(f"automa {table} {side_name} {k + 1}", int(E.AUTOMA_ENTRY[t, side, k]))
    for r, card_id in enumerate(K.RECORD_IDS):
        for kind, entries in (("commerce", E.AUTOMA_COMMERCE), ("profit", E.AUTOMA_PROFIT)):
            if entries[r] > 0:
                out.setdefault(f"automa {kind} {card_id}", int(entries[r]))
    for side, entry in enumerate(E.AUTOMA_MERCHANT_END):
        out.setdefault(f"automa merchant_end {side}", int(entry))
    return out


PROGRAMS = Programs(E.CODE, _programs(), "['JPN23 PLAY', 2]", empty=EMPTY_PROGRAM)
_PROGRAM_AT = sorted({start: name for name, start in reversed(PROGRAMS.starts.items())}.items())  # first name wins
_STARTS = [start for start, _ in _PROGRAM_AT]


def _write_pc(pc: int, record: int):
    """A program counter as [program, row]; the running card's own program names it when its
    text is shared (all unrest cards run one program)."""
    if pc == 0:
        return [EMPTY_PROGRAM, 0]
    own = ([(f"{K.RECORD_IDS[record]} {trigger}", int(E.ENTRY[record, t]))
            for t, trigger in enumerate(TRIGGER_NAMES) if E.HAS_PROGRAM[record, t]] if record >= 0 else [])
    k = bisect.bisect_right(_STARTS, pc) - 1
    nearest = [_PROGRAM_AT[k][::-1]] if k >= 0 else []
    located = PROGRAMS.locate(pc, own + nearest)
    return located if located is not None else pc  # not inside a known program: the row itself


_CARD_ROWS = {card_id: r for r, card_id in enumerate(K.RECORD_IDS)}


# ---------------------------------------------------------------- element conversions
def _writer(name: str):
    if name in CARD_VALUED:
        return lambda v: None if v < 0 else K.RECORD_IDS[v]
    if name in NAMED:
        return named_writer(NAMED[name])
    return int


def _reader(name: str):
    if name == "fr_pc":
        return PROGRAMS.read
    if name in CARD_VALUED:
        return card_reader(_CARD_ROWS, -1, "card id", "'JPN22', '3UNC14'")
    if name in NAMED:
        return named_reader(NAMED[name], none=-1 if name == "nation" else None)
    return None


# ---------------------------------------------------------------- to dict and back
def _write_frames(s):
    """The running frames' program counters, each named by the program it runs (see _write_pc)."""
    count = int(s["depth"])
    pcs = [_write_pc(int(pc), int(r)) for pc, r in zip(s["fr_pc"][:count], s["fr_rec"][:count])]
    return pcs, trimmed(s["fr_pc"][count:]) or None


CODEC = RecordCodec(GAME, FORMAT_VERSION, ST.STATE_DTYPE, K.RECORD_IDS, LIVE_COUNT, _writer, _reader,
                    derived=ST.DERIVED_FIELDS, special={"fr_pc": _write_frames})


def state_to_dict(state) -> dict[str, Any]:
    """A readable snapshot of one state record (``states[i]``): the full state, hidden
    information and the RNG word included (see the module docstring)."""
    return CODEC.to_dict(state)


#: fields the state gained after format-1 saves were first written, and their value then (the
#: end of the game: scoring-time returns, the collapse ranking); an older save loads with them
ADDED_FIELDS = {"scoring_turn": 0, "returns_left": 0, "collapse_unrest": [0] * ST.MAX_PLAYERS, "collapse_chaos": -1,
                "allot": 0}


def state_from_dict(d: dict) -> np.ndarray:
    """A one-record state array from a dict made by ``state_to_dict`` (possibly edited)."""
    older = isinstance(d, dict) and "collapse_unrest" not in d  # saved before the collapse ranking was kept
    if isinstance(d, dict):
        d = {**{k: v for k, v in ADDED_FIELDS.items() if k not in d}, **d}
    out = CODEC.from_dict(d)
    s = out[0]
    build_table(s)
    if older and s["collapsed"]:
        scoring.note_collapse(s)  # saved after the collapse, with the cards as they were then
    _check_ranges(s)
    try:
        problem = invariants.explain(s, loaded=True)  # a live state also needs a legal action:
    except (IndexError, ValueError) as err:  # e.g. a payment owing what no pool can pay
        raise InvalidStateError(f"inconsistent state: {err}") from None
    if problem:
        raise InvalidStateError(f"inconsistent state: {problem}")
    return out


#: every field no other check bounds (state.VALUE_RANGES), with the automa's tables counted here
VALUE_RANGES = {**ST.VALUE_RANGES, "automa_table": (0, len(E.AUTOMA_TABLE_NAMES) - 1)}


def _check_ranges(s) -> None:
    """Values the engine indexes with: out of range, a compiled kernel would read past an array;
    then every other field within `VALUE_RANGES` (flags 0/1, counters capped)."""
    check_value_ranges(s, VALUE_RANGES, K.RECORD_IDS)
    n = int(s["n_players"])
    int_in(n, "n_players", 1, ST.MAX_PLAYERS)  # 1: solo, against the automa (I14) or in training mode (I15.1)
    automa = int(s["automa"])
    if automa != -1 and (n != 1 or automa != 1):
        raise InvalidStateError(f"automa: {automa}, but the automa sits at seat 1 of a solo game, or is -1")
    seats = n - 1 if automa < 0 else automa  # the automa's seat follows the player's
    for name in ("current", "actor", "first_player", "solstice_player"):
        int_in(int(s[name]), name, 0, seats)
    int_in(int(s["reshuffling"]), "reshuffling", -1, seats)
    int_in(int(s["pay_to"]), "pay_to", -1, seats)
    int_in(int(s["after"]), "after", 0, turn.AFTER_AUTOMA_CARD)  # the last of turn.AFTER_*
    for c in range(ST.N_CARDS):
        int_in(int(s["owner"][c]), f"cards.{K.RECORD_IDS[c]}.owner", -1, seats)
        int_in(int(s["pile_index"][c]), f"cards.{K.RECORD_IDS[c]}.pile_index", -1, ST.MARKET_SLOTS - 1)
    depth = int(s["depth"])
    for f in range(depth):
        int_in(int(s["fr_kind"][f]), f"fr_kind[{f}]", 0, frames.FRAME_AUTOMA)
        int_in(int(s["fr_owner"][f]), f"fr_owner[{f}]", 0, seats)
        int_in(int(s["fr_player"][f]), f"fr_player[{f}]", 0, seats)
    for i in range(int(s["n_events"])):
        int_in(int(s["ev_player"][i]), f"ev_player[{i}]", 0, seats)
    if s["phase"] == ST.PH_EFFECT and s["dec"] not in (ST.DEC_NONE, ST.DEC_REACT) and depth == 0:
        raise InvalidStateError("dec: a decision inside a program, but no program is running (depth 0)")
    _check_treated(s, seats)
    for p in range(n):  # the automa (seat n) has no state card
        if s["nation"][p] < 0:
            raise InvalidStateError(f"nation[{p}]: none, but seat {p} plays")
        exhaust = int(K.BASE_EXHAUST[s["nation"][p]]) + (D.TRADE_ROUTES_EXTRA_EXHAUST if s["trade_routes"] else 0)
        if s["base_exhaust"][p] != exhaust:
            raise InvalidStateError(f"base_exhaust[{p}]: {int(s['base_exhaust'][p])}, but the nation's state card "
                                    f"resets to {exhaust} exhaust tokens (I2.6)")
    if s["phase"] == ST.PH_ACTIVATE and s["actor"] != s["current"]:
        raise InvalidStateError(f"actor: {int(s['actor'])}, but seat {int(s['current'])} takes the turn's actions")
    _check_step_registers(s, depth)


_OP_GARRISON, _OP_DRAW, _OP_FREE_PLAY, _OP_LOOK_FAME = (E.OP[name] for name in ("garrison", "draw", "free_play",
                                                                                  "look_fame"))


def _check_step_registers(s, depth: int) -> None:
    """The progress of the step a pending decision belongs to (`op_stage`, `op_sel`, `mana_due`),
    where the step's own code relies on it: a garrison asks its card at stage 1 and its host at
    stage 2, its card picked; a draw asks a reshuffle's develop decision at stage 2, nothing picked;
    only a look at the fame pile or at the main deck (a free play's, its card picked, two or more
    left to put back) orders cards back (stage LOOK_ORDER on); mana owed for a development is at
    most what the card being developed costs."""
    stage, picked = int(s["op_stage"]), int(s["op_sel"])
    int_in(stage, "op_stage", 0, frames.LOOK_ORDER + ST.MAX_DRAWN)
    card = picked if 0 <= picked < ST.N_CARDS else None  # the card the step picked, if any
    for k, column in enumerate((frames.MANA_DISCARD, frames.MANA_LEGENDS)):
        owed = int(s["mana_due"][k])
        if owed and (card is None or not 0 <= owed <= K.DEV_COST[_face(s, card), column]):
            raise InvalidStateError(f"mana_due[{k}]: {owed} mana cards owed, but no development costs them")
    if s["phase"] != ST.PH_EFFECT or depth == 0 or s["dec"] == ST.DEC_NONE:
        return
    row = E.CODE[int(s["fr_pc"][depth - 1])]
    op, dec = int(row[P.COL_OP]), int(s["dec"])
    if op == _OP_GARRISON and dec == ST.DEC_CARD and stage != 1:
        raise InvalidStateError(f"op_stage: {stage}, but a garrison asks for its card at stage 1")
    if op == _OP_GARRISON and dec == ST.DEC_HOST and (stage != 2 or card is None):
        raise InvalidStateError(f"op_stage/op_sel: {stage}/{picked}, but a garrison asks for its host at stage 2, "
                                f"its card picked")
    if op == _OP_DRAW and dec == ST.DEC_DEVELOP and (stage != 2 or picked != -1):
        raise InvalidStateError(f"op_stage/op_sel: {stage}/{picked}, but a draw asks a reshuffle's develop "
                                f"decision at stage 2, no card picked yet")
    if stage < frames.LOOK_ORDER:
        return
    if op == _OP_LOOK_FAME and stage == frames.LOOK_ORDER:
        return
    looked = min(int(row[E.C_N]), int(s["main_size"])) - (stage - frames.LOOK_ORDER) - (card is not None)
    if not (op == _OP_FREE_PLAY and row[E.C_SRC] == E.SRC_MAIN and dec == ST.DEC_CARD and looked >= 2):
        raise InvalidStateError(f"op_stage: {stage}, but the step under way puts no looked-at cards back in order")


def _face(s, c: int) -> int:
    """The face record of physical card c (its B face when flipped), as ``zones.rec``."""
    return int(K.OTHER_FACE[c]) if s["face"][c] == 1 and K.OTHER_FACE[c] >= 0 else c


def _check_treated(s, seats: int) -> None:
    """I12 Treat as, for the rest of the turn: the icons treated otherwise were icons in play on the
    player's cards (they may have left play since, so: at most the icons on all the cards the
    player owns), the #production added not negative."""
    face = np.where((s["face"] == 1) & (K.OTHER_FACE[:ST.N_CARDS] >= 0), K.OTHER_FACE[:ST.N_CARDS],
                    np.arange(ST.N_CARDS))
    for p in range(seats + 1):
        owned = K.TYPES[face[s["owner"] == p]].sum(axis=0)
        for t in range(K.N_TYPES):
            int_in(int(s["treated_icons"][p, t]), f"treated_icons[{p}][{t}]", 0, int(owned[t]))
        int_in(int(s["treated_production"][p]), f"treated_production[{p}]", 0, 127)
