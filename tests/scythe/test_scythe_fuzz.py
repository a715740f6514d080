"""Fuzzing the Scythe engine's and env's front doors with hypothesis.

- Actions: random games are interrupted by random action values (out of range, masked out,
  floats, None, strings, bools, numpy scalars ...) through ``engine.step`` and through the AEC
  env. An illegal one raises ``IllegalActionError`` and leaves the state exactly as it was
  (``state_to_dict`` and the raw bytes); a legal one, however spelled (numpy ints), is applied.
- Options: random constructor arguments either build an env or raise ``InvalidOptionError``,
  decided by an independent statement of what is allowed.
- State JSON: mutated saved states are tests/test_fuzz_states.py (benchmarks/fuzz_states.py, every game).
- Records: one field of a real state record overwritten with random bytes never makes the
  invariant checker crash, and a record it accepts can be played on.

The hypothesis machinery (budgets, action values, dict mutations) is tests/fuzzing.py, shared
by every game; ``MEEPLEGYM_FUZZ_SCALE=20`` runs 20x the examples, fresh ones each run.
"""

from __future__ import annotations

import copy
import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeplegym import IllegalActionError, InvalidOptionError, InvalidStateError
from meeplegym.envs import scythe_v0
from meeplegym.envs.scythe import data, engine
from meeplegym.envs.scythe import invariants as inv
from meeplegym.envs.scythe.rules import turn
from meeplegym.envs.scythe.actions import N_ACTIONS
from meeplegym.envs.scythe.state import PH_DIAL, PH_GAME_OVER, PH_TOP, PH_TRADE_LOC, PHASE_NAMES, STATE_DTYPE
from meeplegym.envs.scythe.state_json import state_from_dict, state_to_dict
from tests.fuzzing import (NUMPY_INTS, action_values, env_snapshot, fuzz, is_int, is_legal,
                           play_prefix, try_env_actions)

try:
    from . import test_scythe_invariants as ti
except ImportError:
    import test_scythe_invariants as ti

FACTIONS = [f.name.lower() for f in data.Faction]
MATS = [m.name.lower() for m in data.Mat]
ACTION_VALUES = action_values(N_ACTIONS)


def _random_game(n_players, seed, prefix):
    states = engine.new_game(n_players, seed)
    words = engine.random_words([seed + ti.CHOOSER_OFFSET])
    engine.play_random(states, words, prefix, np.zeros(1, np.int64))
    return states, words


@fuzz(150)
@given(n_players=st.integers(2, 5), seed=st.integers(0, 2**31), prefix=st.integers(0, 600),
       attempts=st.lists(st.tuples(ACTION_VALUES, st.integers(0, 20)), min_size=1, max_size=6))
def test_engine_step_rejects_illegal_actions_and_changes_nothing(scythe_kernels, n_players, seed, prefix, attempts):
    states, words = _random_game(n_players, seed, prefix)
    s = states[0]
    mask = np.zeros(N_ACTIONS, np.int8)
    for action, then in attempts:
        turn.legal(s, mask)
        before_bytes = states.tobytes()
        before_dict = state_to_dict(s)
        if is_legal(action, mask):
            expected = states.copy()
            turn.apply(expected[0], int(action))
            engine.step(s, action)
            assert states.tobytes() == expected.tobytes()
        else:
            with pytest.raises(IllegalActionError) as err:
                engine.step(s, action)
            assert states.tobytes() == before_bytes
            assert state_to_dict(s) == before_dict
            assert PHASE_NAMES[s["phase"]] in str(err.value)
            assert isinstance(err.value, ValueError)  # callers catching ValueError see it too
        # move on a little so the next attempt meets another decision point
        engine.play_random(states, words, then, np.zeros(1, np.int64))


@fuzz(40)
@given(n_players=st.integers(2, 5), seed=st.integers(0, 2**31), prefix=st.integers(0, 300),
       attempts=st.lists(ACTION_VALUES, min_size=1, max_size=6), chooser=st.integers(0, 2**31))
def test_env_step_rejects_illegal_actions_and_changes_nothing(n_players, seed, prefix, attempts, chooser):
    env = scythe_v0.env(num_players=n_players)
    env.reset(seed=seed)
    if play_prefix(env, prefix, chooser):
        try_env_actions(env, attempts)


def test_env_dead_agents_take_only_none():
    """After the end (or a truncation) an agent may step only None, and stepping it otherwise
    changes nothing (PettingZoo's own rule, a ValueError)."""
    env = scythe_v0.env(num_players=2, max_turns=3)
    env.reset(seed=4)
    pick = np.random.default_rng(0)
    while not env.truncations[env.agent_selection]:
        env.step(int(pick.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))))
    before = env_snapshot(env)
    with pytest.raises(ValueError):
        env.step(0)
    assert env_snapshot(env) == before
    env.step(None)
    assert len(env.agents) == 1


# ------------------------------------------------------------------ options
def _valid_count(n) -> bool:
    return is_int(n) and 2 <= int(n) <= 5


def _valid_names(names, allowed, n) -> bool:
    """None, or one entry per player: a name (any case), an index, 'random' or None, no repeats."""
    if names is None:
        return True
    if not isinstance(names, (list, tuple)) or len(names) != n:
        return False
    chosen = []
    for x in names:
        if x is None or x == "random":
            continue
        if isinstance(x, str) and x.lower() in allowed:
            chosen.append(allowed.index(x.lower()))
        elif is_int(x) and 0 <= int(x) < len(allowed):
            chosen.append(int(x))
        else:
            return False
    return len(set(chosen)) == len(chosen)


def _name_entries(allowed):
    return st.one_of(st.sampled_from(allowed), st.sampled_from(allowed).map(str.upper), st.just("random"), st.none(),
                     st.integers(-2, 6), st.sampled_from(["albion", "", "togawa", "nordic ", "randomly"]),
                     st.floats(0, 5), st.booleans(), st.lists(st.integers(0, 4), max_size=1))


def _names(allowed):
    return st.one_of(st.none(), st.lists(_name_entries(allowed), min_size=1, max_size=6),
                     st.lists(_name_entries(allowed), min_size=1, max_size=6).map(tuple),
                     st.sampled_from(allowed), st.integers(-1, 5))


OPTION_COUNTS = st.one_of(st.integers(-2, 8), st.sampled_from(NUMPY_INTS).map(lambda k: k(3)), st.floats(0, 6),
                          st.none(), st.booleans(), st.text(max_size=2), st.just("3"))
REWARD_MODES = st.one_of(st.sampled_from(["rank", "score", "margin"]), st.sampled_from(["Rank", "elo", ""]),
                         st.none(), st.integers(0, 2))
MAX_TURNS = st.one_of(st.none(), st.integers(-3, 400), st.floats(-1, 10), st.text(max_size=2))


@fuzz(250)
@given(num_players=OPTION_COUNTS, factions=_names(FACTIONS), mats=_names(MATS), reward_mode=REWARD_MODES,
       max_turns=MAX_TURNS)
def test_options_build_an_env_or_raise_invalid_option_error(num_players, factions, mats, reward_mode, max_turns):
    valid = (_valid_count(num_players)
             and _valid_names(factions, FACTIONS, int(num_players)) and _valid_names(mats, MATS, int(num_players))
             and reward_mode in ("rank", "score", "margin")
             and (max_turns is None or (is_int(max_turns) and max_turns >= 1)))
    kwargs = dict(num_players=num_players, factions=factions, mats=mats, reward_mode=reward_mode, max_turns=max_turns)
    if valid:
        env = scythe_v0.env(**kwargs)
        env.reset(seed=1)
        d = env.unwrapped.state_to_dict()
        assert d["n_players"] == int(num_players)
        chosen = {f.lower() if isinstance(f, str) else FACTIONS[int(f)] for f in factions or []
                  if f is not None and f != "random"}
        assert chosen <= {p["faction"] for p in d["players"]}
    else:
        with pytest.raises(InvalidOptionError):
            scythe_v0.env(**kwargs)


@pytest.mark.parametrize("kwargs", [
    {"num_players": 2, "max_turns": True},  # a bool is no turn count
    {"num_players": 2, "max_turns": np.int64(5)},  # a numpy int is one
])
def test_max_turns_accepts_integers_only_in_any_spelling(kwargs):
    if kwargs["max_turns"] is True:
        with pytest.raises(InvalidOptionError):
            scythe_v0.env(**kwargs)
    else:
        assert scythe_v0.env(**kwargs).unwrapped.max_turns == 5


@pytest.mark.parametrize("factions, message", [
    (["nordic", 2.7], "factions"),
    (["nordic", True], "factions"),
    (5, "factions"),
    ([[1], "nordic"], "factions"),
    ("nordic", "factions"),
])
def test_bad_faction_lists_raise_invalid_option_error(factions, message):
    with pytest.raises(InvalidOptionError, match=message):
        engine.new_game(2, 0, factions=factions)


# ------------------------------------------------------------------ state JSON
def _play_from(states, n, seed):
    """Random legal play from a loaded state: nothing raises, and the load checks keep holding."""
    s = states[0]
    mask = np.zeros(N_ACTIONS, np.int8)
    pick = np.random.default_rng(seed)
    where = np.zeros(2, np.int64)
    for _ in range(n):
        if s["phase"] == PH_GAME_OVER:
            return
        turn.legal(s, mask)
        engine.step(s, int(pick.choice(np.flatnonzero(mask))), mask)
        code = inv.check_loaded_into(s, where)
        assert code == 0, f"after a legal action: {inv.explain(s, loaded=True)}"


def _real(phase=None, n=2, where=None):
    """The dict of a sampled real state (at `phase`), for hand-made corruptions."""
    states = ti.sample_states(phase if phase is not None else PH_TOP, players=(n,))
    for _, _, _, st_ in reversed(states):
        if where is None or where(st_[0]):
            return state_to_dict(st_[0])
    raise LookupError(phase)


def _c_two_structures(d):
    for p in d["players"][:2]:
        p["structures"] = dict.fromkeys(p["structures"])
    d["players"][0]["structures"]["mine"] = "Farm 1"
    d["players"][1]["structures"]["mill"] = "Farm 1"


def _c_card_more(d):
    d["players"][0]["combat_cards"]["5"] += 1


def _c_second_mech_5(d):
    d["players"][0]["units"]["mech 5"] = "Factory"


def _c_faction_twice(d):
    d["players"][1]["faction"] = d["players"][0]["faction"]


def _c_encounter_twice(d):
    d["encounter_deck"][0] = d["encounter_deck"][1]


def _c_negative_resources(d):
    d["resources"]["Farm 1"] = {"food": -1}


def _c_unknown_unit_location(d):
    d["players"][0]["units"]["worker 1"] = "Narnia"


def _c_battle_gone(d):
    d["turn_in_progress"]["battle"] = None


def _c_pending(d):
    d["turn_in_progress"]["pending"] = 12


def _c_objective_24(d):
    d["objective_deck"] = list(range(1, 24)) + [5]


def _c_missing_turn(d):
    del d["turn"]


def _c_coins_text(d):
    d["players"][0]["coins"] = "5"


def _c_power_17(d):
    d["players"][1]["power"] = 17


def _c_players_short(d):
    d["players"].pop()


def _c_float_card(d):
    d["combat_deck"][0] = float(d["combat_deck"][0])


def _c_jump_float(d):
    d["turn_in_progress"]["effect"] = {"source": "encounter", "card": 1, "option": 1.0, "step": 0, "within_step": 0,
                                       "territory": "Farm 1", "options_taken": [1.0], "jump": None}


def _c_key_type(d):
    d[5] = "five"


def _c_coins_at_the_field_limit(d):
    d["players"][0]["coins"] = 2**31 - 1  # would wrap to negative at the next gain (issue 47)


def _c_turn_at_the_field_limit(d):
    d["turn"] = 2**31 - 1


def _c_a_hex_of_32000_food(d):
    d["resources"]["Farm 1"] = {"food": 32000}


BAD_DICTS = [
    ("wrong type", _real, _c_coins_text, r"players\[0\]\.coins: expected an integer, got '5'"),
    ("out of range", _real, _c_power_17, r"players\[1\]\.power: 17 outside 0\.\.16"),
    ("coins that would wrap", _real, _c_coins_at_the_field_limit, r"players\[0\]\.coins: 2147483647 outside 0\.\.1000000"),
    ("a turn that would wrap", _real, _c_turn_at_the_field_limit, r"^turn: 2147483647 outside 0\.\.1000000"),
    ("resources that would wrap", _real, _c_a_hex_of_32000_food, r"resources\.Farm 1\.food: 32000 outside 0\.\.10000"),
    ("missing key", _real, _c_missing_turn, r"^turn: missing"),
    ("extra unit", _real, _c_second_mech_5, r"players\[0\]\.units: unknown keys 'mech 5'"),
    ("extra key of another type", _real, _c_key_type, r"^state: unknown keys 5"),
    ("more combat cards than exist", _real, _c_card_more, r"combat cards not conserved .*cards worth 5"),
    ("two structures on one territory", _real, _c_two_structures, r"two structures on one territory \(seat 1, "),
    ("negative resources", _real, _c_negative_resources, r"resources\.Farm 1\.food: -1 outside 0\.\.10000"),
    ("unknown location", _real, _c_unknown_unit_location, r"players\[0\]\.units\.worker 1: unknown location 'Narnia'"),
    ("faction twice", _real, _c_faction_twice, r"players\[1\]\.faction: '\w+' is already players\[0\]'s"),
    ("encounter card twice", _real, _c_encounter_twice, r"encounter deck is not the 28 cards, each once \(slot 1\)"),
    ("objective deck too long", _real, _c_objective_24, r"objective_deck: at most 23 cards"),
    ("fewer players than n_players", _real, _c_players_short, r"players: expected 2 entries, got 1"),
    ("float card value", _real, _c_float_card, r"combat_deck\[0\]: card value \d\.0 is not 2\.\.5"),
    ("float option number", _real, _c_jump_float, r"turn_in_progress\.effect\.option: expected an integer"),
    ("battle step without a battle", lambda: _real(PH_DIAL), _c_battle_gone,
     r"inconsistent state: battle state inconsistent .*at 'combat: power dial'"),
    ("trade pair out of range", lambda: _real(PH_TRADE_LOC), _c_pending,
     r"inconsistent state: pending choice out of range for the phase \(at 'trade: place resources'\)"),
]


@pytest.mark.parametrize("what, make, corrupt, message", BAD_DICTS, ids=[b[0] for b in BAD_DICTS])
def test_bad_state_dicts_are_rejected_with_a_precise_message(scythe_kernels, what, make, corrupt, message):
    d = make()
    state_from_dict(d)  # the real state loads
    corrupt(d)
    with pytest.raises(InvalidStateError) as err:
        state_from_dict(d)
    assert re.search(message, str(err.value)), str(err.value)


def test_a_rejected_dict_leaves_the_env_as_it_was(scythe_kernels):
    env = scythe_v0.env(num_players=2)
    env.reset(seed=3)
    pick = np.random.default_rng(1)
    for _ in range(50):
        env.step(int(pick.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))))
    good = env.unwrapped.state_to_dict()
    bad = copy.deepcopy(good)
    _c_two_structures(bad)
    before = env_snapshot(env)
    with pytest.raises(InvalidStateError):
        env.unwrapped.load_state_dict(bad)
    assert env_snapshot(env) == before


# ------------------------------------------------------------------ records
FIELDS = [name for name in STATE_DTYPE.names]


@fuzz(300)
@given(data=st.data())
def test_corrupted_record_fields_never_crash_the_checker_or_a_checked_engine(scythe_kernels, data):
    """A field overwritten with random bytes, or one element nudged: ``check`` returns a code
    without crashing, and a record the load checks accept is played on without raising."""
    phase = data.draw(st.integers(0, len(PHASE_NAMES) - 1))
    found = ti.sample_states(phase)
    if not found:
        return
    states = data.draw(st.sampled_from(found))[3].copy()
    name = data.draw(st.sampled_from(FIELDS))
    dtype, offset = STATE_DTYPE.fields[name][:2]
    if data.draw(st.booleans()):  # the whole field: random bytes
        raw = states.view(np.uint8)
        raw[offset: offset + dtype.itemsize] = np.frombuffer(
            data.draw(st.binary(min_size=dtype.itemsize, max_size=dtype.itemsize)), np.uint8)
    else:  # one element: a small value, the kind a slip of the engine would write
        index = np.unravel_index(data.draw(st.integers(0, max(1, int(np.prod(dtype.shape))) - 1)), dtype.shape)
        states[name][(0,) + tuple(index)] = np.array(data.draw(st.integers(-3, 60))).astype(dtype.base)
    s = states[0]
    strict = inv.diagnose(s)[0]
    loose = inv.diagnose(s, loaded=True)[0]
    assert strict in inv.VIOLATIONS and loose in inv.VIOLATIONS
    if loose == 0 and s["phase"] != PH_GAME_OVER:
        _play_from(states, 15, data.draw(st.integers(0, 1000)))
