"""Oath game state <-> a readable, JSON-ready dict (DESIGN "Game-state JSON"), written the way
Imperium's is (the shared half lives in ``meeplegym.record_json``):

- every field that is not per card is a top-level key, as an int or nested lists; fields that
  hold a card (``world``, ``discard``, ``relic_deck``, ``reliquary``, ``drawn``, ``playing``,
  ``pw_card``, ``pw_it``, ``plan_card``, ``react_card``) hold its name ("Longbows"; null for none), and ``phase``,
  ``pw_after``, ``pw_dec``, ``win_kind``, ``oath``, ``colour`` and ``side`` their names;
- the per-card fields (``zone``, ``where``, ``faceup``, ``known`` ...) are gathered per card:
  ``card_defaults`` gives each field's most common value and ``cards`` lists, by card name, the
  fields where a card differs ({"Longbows": {"zone": "site", "where": 3}}); an edifice is
  listed under its intact face (the Oath state tracks it there);
- the program counter of a running power (``pw_pc``) is written as the program and the row
  within it (["Tavern Songs action", 2]), so a save made in the middle of a power stays valid
  when other programs are added to ``effects.CODE``;
- ordered piles (``world`` with ``world_size``, each ``discard`` pile, ``relic_deck``,
  ``drawn``) list their live part only, bottom first; what the engine left beyond the count is
  kept in ``scratch`` so that a save is byte-exact.

The dict is the **whole** state, hidden information included (the world-deck order, facedown
cards, every seat's knowledge and the RNG word): a save file must not be shown to a player;
observations (``encoders.oath``) are what a seat may see. ``state_from_dict`` checks every key,
shape, type and range (errors name the path), builds a fresh record and runs the engine's
invariant checks before returning it, so a corrupted dict raises ``InvalidStateError`` and
nothing is loaded. ``state_from_dict(state_to_dict(s))`` reproduces ``s`` byte for byte.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath import effects as E
from meeplegym.envs.oath import invariants
from meeplegym.envs.oath import state as ST
from meeplegym.envs.oath.chronicle import COLOUR_NAMES
from meeplegym.envs.oath.rules import campaign as CAMP
from meeplegym.envs.oath.rules import major as M
from meeplegym.envs.oath.rules import modifiers as X
from meeplegym.envs.oath.rules import persistent as PS
from meeplegym.envs.oath.rules import powers as W
from meeplegym.envs.oath.rules import turn
from meeplegym.errors import InvalidStateError
from meeplegym.record_json import (
    Programs,
    RecordCodec,
    card_reader,
    check_value_ranges,
    int_in,
    named_reader,
    named_writer,
)

FORMAT_VERSION = 3  # 2: the state of the last card powers (Deed Writer ... Sneak Attack); 3: `reconstructed`, `slum_card`
GAME = "oath"

#: fields holding a card id, written as the card's name
CARD_VALUED = frozenset({"world", "discard", "relic_deck", "reliquary", "drawn", "playing", "pw_card", "pw_it", "slum_card",
                         "plan_card", "react_card"})
#: fields holding an enum value, written by name (index = value; -1 is null)
NAMED = {
    "zone": ST.ZONE_NAMES,
    "phase": ST.PHASE_NAMES,
    "pw_after": ST.PHASE_NAMES,
    "pw_dec": ST.DEC_NAMES,
    "win_kind": ST.WIN_NAMES,
    "oath": tuple(o.name for o in D.OATHS),
    "colour": COLOUR_NAMES,
    "side": ST.SIDE_NAMES,
}
LIVE_COUNT = {"world": "world_size", "discard": "discard_size", "relic_deck": "relic_size", "drawn": "n_drawn"}
CARD_NAMES: tuple[str | None, ...] = (None,) + tuple(ST.card_name(c) for c in range(1, ST.N_CARDS))
_CARD_INDEX = {name: c for c, name in enumerate(CARD_NAMES) if name is not None}


# ---------------------------------------------------------------- the running power's program
def _site_program(power: int) -> str:
    return f"{D.SITES[[site.power for site in D.SITES].index(power)].name} action"


def _programs() -> dict[str, int]:
    """Program name ("Tavern Songs action", "The Tribunal action") -> its first row in effects.CODE."""
    cards = {f"{CARD_NAMES[c]} {E.KIND_NAMES[k]}": int(E.ENTRY[c, k])
             for c in range(1, ST.N_CARDS) for k in range(E.N_KINDS) if E.ENTRY[c, k] > 0}
    return cards | {_site_program(power): int(E.SITE_ENTRY[power]) for power in E.SITE_POWERS}


PROGRAMS = Programs(E.CODE, _programs(), "['Tavern Songs action', 2]")


def _write_pc(pc: int, card: int):
    if pc == 0:
        return 0
    starts = ([(f"{CARD_NAMES[card]} {E.KIND_NAMES[k]}", int(E.ENTRY[card, k])) for k in range(E.N_KINDS)]
              if 0 < card < ST.N_CARDS else  # no card: a site's power
              [(_site_program(power), int(E.SITE_ENTRY[power])) for power in E.SITE_POWERS])
    located = PROGRAMS.locate(pc, starts)
    return located if located is not None else pc  # not inside the card's programs: the row itself


# ---------------------------------------------------------------- element conversions
def _writer(name: str):
    if name in CARD_VALUED:
        return lambda v: CARD_NAMES[v] if 0 < v < ST.N_CARDS else None if v == 0 else v
    if name in NAMED:
        return named_writer(NAMED[name])
    return int


def _reader(name: str):
    if name == "pw_pc":
        return PROGRAMS.read
    if name in CARD_VALUED:
        return card_reader(_CARD_INDEX, 0, "card", "'Longbows', 'Grand Scepter'")
    if name in NAMED:
        return named_reader(NAMED[name])
    return None


# ---------------------------------------------------------------- to dict and back
CODEC = RecordCodec(GAME, FORMAT_VERSION, ST.STATE_DTYPE, CARD_NAMES, LIVE_COUNT, _writer, _reader,
                    special={"pw_pc": lambda s: _write_pc(int(s["pw_pc"]), int(s["pw_card"]))})


def state_to_dict(state) -> dict[str, Any]:
    """A readable snapshot of one state record: the full state, hidden information and the RNG
    word included (see the module docstring)."""
    return CODEC.to_dict(state)


def state_from_dict(d: dict) -> np.ndarray:
    """A one-record state array from a dict made by ``state_to_dict`` (possibly edited)."""
    out = CODEC.from_dict(d)
    s = out[0]
    _check_ranges(s)
    problem = invariants.explain(s, loaded=True)  # a live state also needs a legal action
    if problem:
        raise InvalidStateError(f"inconsistent state: {problem}")
    return out


#: every field no other check bounds (state.VALUE_RANGES), with the battle plans' marks and the
#: powers' program counter counted here
VALUE_RANGES = {**ST.VALUE_RANGES, "plan_flags": (0, 2 ** len(E.PLAN_FLAGS) - 1), "pw_pc": (0, len(E.CODE) - 1),
                "bargain": (0, A.N_ACTIONS - 1), "bargain_give": (0, A.N_ACTIONS - 1)}


def _check_ranges(s) -> None:
    """Values the compiled rules index with before the invariant checks see them; then every
    other field within `VALUE_RANGES` (flags 0/1, bit sets, counters capped)."""
    check_value_ranges(s, VALUE_RANGES, CARD_NAMES)
    n = int_in(int(s["n_players"]), "n_players", D.MIN_PLAYERS, D.MAX_PLAYERS)
    for name in ("actor", "current"):
        int_in(int(s[name]), name, 0, n - 1)
    for name in ("pf_holder", "ds_holder", "title_holder", "winner", "offer_target", "move_with",
                 "non_imperial", "scepter_fresh"):
        int_in(int(s[name]), name, -1, n - 1)
    int_in(int(s["defender"]), "defender", -2, n - 1)
    int_in(int(s["round"]), "round", 0, D.ROUNDS)
    int_in(int(s["phase"]), "phase", 0, ST.N_PHASES - 1)
    int_in(int(s["pw_after"]), "pw_after", 0, ST.N_PHASES - 1)
    for p in range(ST.MAX_PLAYERS):
        int_in(int(s["pawn"][p]), f"pawn[{p}]", -1, ST.N_SLOTS - 1)
        int_in(int(s["colour"][p]), f"colour[{p}]", -1, ST.N_COLOURS - 1)
        int_in(int(s["side"][p]), f"side[{p}]", 0, len(ST.SIDE_NAMES) - 1)
    for k in range(ST.N_SLOTS):
        int_in(int(s["slot_site"][k]), f"slot_site[{k}]", -1, ST.N_SITES - 1)
        int_in(int(s["deed_taker"][k]), f"deed_taker[{k}]", 0, n)
    for c in range(1, ST.N_CARDS):
        int_in(int(s["zone"][c]), f"cards.{CARD_NAMES[c]}.zone", 0, len(ST.ZONE_NAMES) - 1)
    for name in ("playing", "pw_card", "pw_it", "plan_card", "react_card"):
        int_in(int(s[name]), name, 0, ST.N_CARDS - 1)
    _check_indices(s, n)


# A card's `where` by its zone: what it indexes (state.py's zone comments).
_WHERE_LIMIT = {ST.Z_DISCARD: ST.N_REGIONS, ST.Z_SITE: ST.N_SLOTS, ST.Z_RELIQUARY: ST.RELIQUARY_SPACES}
_WHERE_IS_A_SEAT = (ST.Z_ADVISER, ST.Z_VISION_SPACE, ST.Z_PERSONAL, ST.Z_HAND)


def _check_indices(s, n: int) -> None:
    """The other fields the rules index arrays with: seats, slots, phases and the small
    enumerations. Out of range, a compiled kernel without bounds checks (how users run) reads or
    writes past an array (issue 47's fuzzer: a False Prophet on seat 100, camp_from 100)."""
    for c in range(1, ST.N_CARDS):
        zone, where, name = int(s["zone"][c]), int(s["where"][c]), f"cards.{CARD_NAMES[c]}.where"
        if zone in _WHERE_LIMIT:
            int_in(where, name, 0, _WHERE_LIMIT[zone] - 1)
        elif zone in _WHERE_IS_A_SEAT:
            int_in(where, name, 0, n - 1)
        plan_user = int(s["plan_user"][c])  # the user's seat + 1, or the bandits
        if plan_user != ST.PLAN_BANDITS:
            int_in(plan_user, f"cards.{CARD_NAMES[c]}.plan_user", 0, n)
    for k in range(ST.N_VISIONS):
        int_in(int(s["prophet"][k]), f"prophet[{k}]", -1, n - 1)
    due = int_in(int(s["prophet_due"]), "prophet_due", 0, 2**ST.N_VISIONS - 1)  # bit k: Vision k, in hand
    for k in range(ST.N_VISIONS):
        if due >> k & 1 and s["zone"][ST.FIRST_VISION + k] != ST.Z_HAND:
            raise InvalidStateError(f"prophet_due: {CARD_NAMES[ST.FIRST_VISION + k]} is due to be played from "
                                    f"a False Prophet's warband but is not in hand")
    for name in ("trade_as", "interrupted", "thief_taker", "proposer"):
        int_in(int(s[name]), name, -1, n - 1)
    int_in(int(s["plan_next"]), "plan_next", -1, n + 1)  # plans.offer: the attacker, then n + 1 places
    for name in ("title_actor", "resume_actor"):
        int_in(int(s[name]), name, 0, n - 1)
    int_in(int(s["asked"]), "asked", 0, n)
    for name in ("camp_from", "camp_slot"):
        int_in(int(s[name]), name, -1, ST.N_SLOTS - 1)
    int_in(int(s["offer_space"]), "offer_space", 0, ST.RELIQUARY_SPACES - 1)
    for name in ("mod_next", "title_return", "resume_phase"):
        int_in(int(s[name]), name, 0, ST.N_PHASES - 1)
    int_in(int(s["discard_to"]), "discard_to", ST.DISCARD_AS_USUAL, ST.DISCARD_TO_WORLD_BOTTOM)
    int_in(int(s["n_drawn"]), "n_drawn", 0, ST.MAX_DRAWN)  # the piles' sizes: the invariants check them
    for name, names in (("win_kind", ST.WIN_NAMES), ("pw_dec", ST.DEC_NAMES)):
        int_in(int(s[name]), name, 0, len(names) - 1)
    for name, last in (("warden", ST.WARDEN_TO_SITE), ("jinx_roll", ST.N_JINX - 1), ("wild_mounts", ST.MOUNTS_SPARED),
                       ("free_campaign", ST.FREE_SECOND_WIND), ("interrupted_free", ST.FREE_SECOND_WIND),
                       ("play_from", ST.PLAY_FROM_ADVISER), ("mod_action", X.N_MAJORS - 1),
                       ("move_kind", ST.MOVE_TAKE), ("react_due", (1 << (PS.REACT_SNEAK_ATTACK + 1)) - 1),
                       ("pw_banks", (1 << ST.N_SUITS) - 1)):
        int_in(int(s[name]), name, 0, last)
    int_in(int(s["pw_count"]), "pw_count", 0, 127)
    int_in(int(s["plan_clause"]), "plan_clause", 0, E.MAX_CLAUSES - 1)  # a battle plan's clause (O7.5.4)
    int_in(int(s["spire_swapped"]), "spire_swapped", 0, (1 << int(s["n_drawn"])) - 1)  # bit k: drawn[k]
    _check_flags(s)
    _check_secrets(s, n)
    _check_colours(s, n)
    _check_modifiers(s)
    _check_turn_phase(s)
    _check_pending_choice(s)
    _check_power_step(s)


# Fields that are 0 or 1 (per card, per site slot, per seat or once).
_FLAGS = ("faceup", "ruined", "used", "slot_faceup", "tgt_slot", "ally", "citizen_board", "usurper", "pf_mob",
          "reconstructed", "end_act", "regroup_onto")
# Phases where the player whose turn it is decides (others answer in other phases: allies, reactions ...).
_CURRENT_DECIDES = frozenset({
    ST.PH_PEOPLES_FAVOR, ST.PH_OPPORTUNITY, ST.PH_ACT, ST.PH_SEARCH_SOURCE, ST.PH_SEARCH_KEEP, ST.PH_MUSTER,
    ST.PH_TRADE_CARD, ST.PH_TRADE_MODE, ST.PH_RECOVER, ST.PH_RECOVER_BID, ST.PH_RECOVER_BANK, ST.PH_TRAVEL,
    ST.PH_TRAVEL_FREE, ST.PH_MODIFY, ST.PH_MODIFY_CHOICE, ST.PH_MOVE_COUNT, ST.PH_MOVE_WITH,
    ST.PH_CAMPAIGN_DEFENDER, ST.PH_CAMPAIGN_TARGETS, ST.PH_CAMPAIGN_OCCUPY, ST.PH_REST, ST.PH_SETUP_PAWN,
    ST.PH_SETUP_KEEP, ST.PH_SETUP_DISCARD})
# A campaign under way, its defender chosen (O5.5).
_CAMPAIGN_PHASES = frozenset(range(ST.PH_CAMPAIGN_TARGETS, ST.PH_CAMPAIGN_BURN + 1)) | {ST.PH_CAMPAIGN_PLANS,
                                                                                      ST.PH_CAMPAIGN_PLAN_SIGN}


def _check_flags(s) -> None:
    for name in _FLAGS:
        values = np.atleast_1d(s[name])
        bad = np.flatnonzero((values != 0) & (values != 1))
        if bad.size:
            k = int(bad[0])
            where = f"cards.{CARD_NAMES[k]}.{name}" if values.size == ST.N_CARDS else (
                f"{name}[{k}]" if values.size > 1 else name)
            raise InvalidStateError(f"{where}: {int(values[k])}, but it is 0 or 1")
    ruined = np.flatnonzero(s["ruined"])
    if ruined.size and not (ST.FIRST_EDIFICE <= ruined[0] and ruined[-1] < ST.FIRST_RELIC):
        c = int(ruined[0] if ruined[0] < ST.FIRST_EDIFICE else ruined[-1])
        raise InvalidStateError(f"cards.{CARD_NAMES[c]}.ruined: only an edifice has a ruined face")


def _check_turn_phase(s) -> None:
    """Who decides, and what the phase under way relies on: setup before the first turn; the player
    whose turn it is deciding their own steps; a campaign's defender (a seat other than the
    attacker, or the bandits); what a Recover or a Travel targets."""
    phase = int(s["phase"])
    if phase < ST.PH_BEGIN_TURN and s["turn"] != 0:
        raise InvalidStateError(f"phase: {_phase_name(phase)}, but {int(s['turn'])} turns were played")
    if phase in _CURRENT_DECIDES and s["actor"] != s["current"]:
        raise InvalidStateError(f"actor: {int(s['actor'])}, but at '{_phase_name(phase)}' seat {int(s['current'])}, "
                                f"whose turn it is, decides")
    if phase in (ST.PH_SETUP_PAWN, ST.PH_SETUP_KEEP, ST.PH_SETUP_DISCARD):  # seat by seat: pawn, adviser, discards
        done = int(s["current"]) + (phase != ST.PH_SETUP_PAWN)
        for q in range(done):
            if s["pawn"][q] < 0:
                raise InvalidStateError(f"pawn[{q}]: not placed, but seat {q} has set up before seat "
                                        f"{int(s['current'])}'s '{_phase_name(phase)}'")
    resumed = _resumed_phases(s)
    defender = int(s["defender"])
    if resumed & _CAMPAIGN_PHASES and (defender == -1 or defender == s["current"]):
        raise InvalidStateError(f"defender: {defender}, but a campaign of seat {int(s['current'])} is under way")
    camp_from = int(s["camp_from"])  # set by a power's campaign (Captains, Wild Allies), which is a free one
    if camp_from >= 0 and ST.FREE_TAKEN not in (int(s["free_campaign"]), int(s["interrupted_free"])):
        raise InvalidStateError(f"camp_from: {camp_from}, but no campaign a power started (Captains, Wild Allies) "
                                f"is under way")
    for slot in range(ST.N_SLOTS):  # the defending force at targeted sites: its warbands, or bandits (O5.5.4)
        most = (1 + CAMP.CHIEF_BANDITS if defender == CAMP.BANDITS else int(s["site_warbands"][slot].sum()))
        int_in(int(s["force_site"][slot]), f"force_site[{slot}]", 0, most if s["tgt_slot"][slot] else 0)
    for p in range(int(s["n_players"])):
        int_in(int(s["force_board"][p]), f"force_board[{p}]", 0, int(s["board_warbands"][p]))
    target = int(s["target"])
    if resumed & {ST.PH_RECOVER_BID, ST.PH_RECOVER_BANK} and not (
            ST.FIRST_RELIC <= target < ST.FIRST_VISION or target in (ST.TARGET_PF, ST.TARGET_DS)):
        raise InvalidStateError(f"target: {target}, but a Recover targets a relic or a banner")
    if ST.PH_TRAVEL_FREE in resumed and not 0 <= target < ST.N_SLOTS:
        raise InvalidStateError(f"target: {target}, but a Travel targets a site")


# The phase each major action's modifiers lead to (rules/turn.py, `X.begin`); a campaign has none.
_ACTION_PHASE = {M.SEARCH: ST.PH_SEARCH_SOURCE, M.MUSTER: ST.PH_MUSTER, M.TRADE: ST.PH_TRADE_CARD,
                 M.RECOVER: ST.PH_RECOVER, M.TRAVEL: ST.PH_TRAVEL}
_MODIFY_PHASES = (ST.PH_MODIFY, ST.PH_MODIFY_CHOICE)
# Phases between actions: no modifier may be in use there (O7.4), and none of them resumes an action.
_BETWEEN_ACTIONS = frozenset(range(ST.PH_BEGIN_TURN)) | {ST.PH_BEGIN_TURN, ST.PH_GAME_OVER, ST.PH_PEOPLES_FAVOR,
                                                         ST.PH_OPPORTUNITY, ST.PH_ACT, ST.PH_REST}


def _resumed_phases(s) -> set[int]:
    """The phase now and the phases it returns to once its decision is over (a title choice, a
    power, a player's discards in between)."""
    phases = {int(s["phase"])}
    if ST.PH_TITLE in phases:
        phases.add(int(s["title_return"]))
    if ST.PH_POWER in phases:
        phases.add(int(s["pw_after"]))
    if phases & {ST.PH_SHED, ST.PH_DISCARD_DOWN}:
        phases.add(int(s["resume_phase"]))
    return phases


def _check_modifiers(s) -> None:
    """The modifiers of the action under way (O7.4): only that action's, only during an action, and
    what Bracken, Cracked Horn and Master of Disguise set only with them in use."""
    action, mods = int(s["mod_action"]), s["mod_on"]
    used = [c for c in range(ST.N_CARDS) if mods[c]]
    for c in used:
        if mods[c] != 1 or c not in X.MODIFIERS_OF[action, :X.MODIFIER_COUNT[action]]:
            raise InvalidStateError(f"cards.{CARD_NAMES[c]}.mod_on: not a modifier of the action under way "
                                    f"({D.MajorAction(action).name.lower()})")
    between = _resumed_phases(s) <= _BETWEEN_ACTIONS
    if used and between:
        raise InvalidStateError(f"cards.{CARD_NAMES[used[0]]}.mod_on: a modifier in use between actions (O7.4)")
    discard_to, horn = int(s["discard_to"]), bool(mods[M.CRACKED_HORN])
    if discard_to != ST.DISCARD_AS_USUAL and not (horn if discard_to == ST.DISCARD_TO_WORLD_BOTTOM
                                                  else mods[M.BRACKEN]):
        raise InvalidStateError(f"discard_to: {discard_to}, but neither Bracken nor Cracked Horn is in use")
    if int(s["trade_as"]) >= 0 and not mods[M.MASTER_OF_DISGUISE]:
        raise InvalidStateError("trade_as: a seat, but Master of Disguise is not in use")
    if _resumed_phases(s) & set(_MODIFY_PHASES) and _ACTION_PHASE.get(action) != int(s["mod_next"]):
        raise InvalidStateError(f"mod_next: {_phase_name(int(s['mod_next']))} does not start the "
                                f"{D.MajorAction(action).name.lower()} action its modifiers are for")


def _phase_name(phase: int) -> str:
    return ST.PHASE_NAMES[phase] if 0 <= phase < ST.N_PHASES else str(phase)




def _check_secrets(s, n: int) -> None:
    places = (("card_secrets", s["card_secrets"]), ("slot_secrets", s["slot_secrets"]),
              ("secrets", s["secrets"][:n]), ("secrets_down", s["secrets_down"][:n]))
    for name, values in places:
        if (values < 0).any():
            raise InvalidStateError(f"{name}: {int(values.min())} secrets")
    total = sum(int(values.sum()) for _, values in places) + int(s["ds_tokens"])
    if total > ST.MAX_SECRETS:
        raise InvalidStateError(f"secrets: {total} in play, more than the {ST.MAX_SECRETS} a saved state may hold")


def _check_colours(s, n: int) -> None:
    """O1.1 step 9: the Chancellor (seat 0) plays purple; every other seat its own board, once chosen."""
    colours = [int(c) for c in s["colour"][:n]]
    if colours[0] != ST.PURPLE:
        raise InvalidStateError(f"colour[0]: {COLOUR_NAMES[colours[0]] if colours[0] >= 0 else None}, but the "
                                f"Chancellor plays purple")
    for p in range(1, n):
        if colours[p] == ST.PURPLE or (colours[p] >= 0 and colours[p] in colours[:p]):
            raise InvalidStateError(f"colour[{p}]: {COLOUR_NAMES[colours[p]]} is purple or another seat's board")


def _check_power_step(s) -> None:
    """A power's asking step (D1-D4 programs), asked again on a copy from where it stands, asks
    the same player the same kind of question; and it has no more units left to resolve than the
    step has when it starts (a unit past the last acted on no card)."""
    pc, user = int(s["pw_pc"]), int(s["current"])
    if s["phase"] != ST.PH_POWER or s["pw_dec"] in (ST.DEC_MAY, ST.DEC_CHOOSE) or W.decision_of(pc) < 0:
        return
    again = np.array([s])[0]
    if W.begin_decision(again, user, pc) or (again["pw_dec"], again["actor"]) != (s["pw_dec"], s["actor"]):
        raise InvalidStateError("pw_left/pw_dec/actor: not the question the power's step at pw_pc asks now")
    fresh = np.array([s])[0]
    fresh["pw_left"] = -1
    if not W.begin_decision(fresh, user, pc) and s["pw_left"] > fresh["pw_left"] >= 0:
        raise InvalidStateError(f"pw_left: {int(s['pw_left'])} units left, but the power's step starts with "
                                f"{int(fresh['pw_left'])}")


# Citizenship offered (O6.6), its Exile chosen.
_OFFER_PHASES = (ST.PH_OFFER_SPACE, ST.PH_OFFER_BARGAIN, ST.PH_OFFER_ANSWER, ST.PH_OFFER_PEEK)


def _choosable(s, phase: int, action: int) -> bool:
    """Whether the player whose turn it is could have taken `action` at `phase`, in this state: the
    decision made before the one now pending, asked again on a copy."""
    asked = np.array([s])[0]
    asked["phase"], asked["actor"] = phase, s["current"]
    mask = np.zeros(A.N_ACTIONS, dtype=np.int8)
    turn.legal(asked, mask)
    return 0 <= action < A.N_ACTIONS and bool(mask[action])


def _check_pending_choice(s) -> None:
    """A choice already made and awaiting the next decision must be one its decision allowed: the
    kind of warband move, whom with and how many (O6.5), the offer awaiting its answer (O6.6), the
    bid for the People's Favor while its old favor goes to the banks (O5.4.4)."""
    phase = int(s["phase"])
    if phase in (ST.PH_MOVE_WITH, ST.PH_MOVE_COUNT, ST.PH_PERMIT):
        kind = int(s["move_kind"])
        if not _choosable(s, ST.PH_ACT, A.OPTION + kind):
            raise InvalidStateError(f"move_kind: {kind} is not a warband move seat {int(s['current'])} could start")
        if phase != ST.PH_MOVE_WITH and kind in (ST.MOVE_GIVE, ST.MOVE_TAKE) and not _choosable(
                s, ST.PH_MOVE_WITH, A.SEAT + int(s["move_with"])):
            raise InvalidStateError(f"move_with: {int(s['move_with'])} is not a player to move warbands with")
    if phase == ST.PH_PERMIT and not _choosable(s, ST.PH_MOVE_COUNT, A.NUMBER + int(s["move_count"])):
        raise InvalidStateError(f"move_count: {int(s['move_count'])} warbands is not a move the mover could choose")
    target = int(s["offer_target"])
    if phase in _OFFER_PHASES and not _choosable(s, ST.PH_OFFER_TARGET, A.SEAT + target):
        raise InvalidStateError(f"offer_target: {target} is not an Exile seat {int(s['current'])} could make an offer to")
    if phase == ST.PH_OFFER_ANSWER and s["actor"] != target:
        raise InvalidStateError(f"actor: {int(s['actor'])}, but the Exile offered citizenship (seat {target}) answers")
    if phase == ST.PH_OFFER_ANSWER and not _choosable(s, ST.PH_OFFER_BARGAIN, int(s["bargain"])):
        raise InvalidStateError(f"bargain: {int(s['bargain'])} is not an offer seat {int(s['current'])} could make")
    bid = int(s["bid"])
    if phase == ST.PH_RECOVER_BANK:
        if not _choosable(s, ST.PH_RECOVER_BID, A.NUMBER + bid):
            raise InvalidStateError(f"bid: {bid} is not a bid seat {int(s['current'])} could make")
    elif bid != 0 and ST.PH_RECOVER_BANK not in _resumed_phases(s):
        raise InvalidStateError(f"bid: {bid}, but no bid for the People's Favor is being paid")
