"""Hypothesis machinery shared by every game's fuzz tests (tests/<game>/test_*fuzz.py).

- ``fuzz(n)``: derandomized settings with a budget of n examples (the same examples every run);
  ``MEEPLEGYM_FUZZ_SCALE=20`` multiplies the budget and draws fresh examples each run.
- ``action_values(n_actions)``: what a caller might pass as an action: in and out of range,
  numpy integers of every width, floats, None, strings, bools, arrays.
- ``env_snapshot(env)``: everything an AEC env step may change, for "changes nothing" checks;
  ``try_env_actions(env, attempts)`` steps each value and checks exactly that, after
  ``play_prefix(env, prefix, chooser)`` has played a random start.
- ``random_game(engine, n, seed, prefix, **options)`` and ``try_engine_actions(engine, states,
  words, attempts, ...)``: the same through an engine's
  ``step`` (the engines with ``legal_mask(s)``, ``apply_at`` and ``play_random``).

Mutated saved states are fuzzed without hypothesis, compiled and at scale: benchmarks/fuzz_states.py.
"""

from __future__ import annotations

import copy
import os

import numpy as np
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from meeplegym import IllegalActionError

SCALE = int(os.environ.get("MEEPLEGYM_FUZZ_SCALE", "1"))
_FUZZ = settings(derandomize=SCALE == 1, database=None, deadline=None, print_blob=False,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
NUMPY_INTS = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]


def fuzz(examples: int):
    """Deterministic hypothesis settings with a modest budget (the same examples every run)."""
    return settings(_FUZZ, max_examples=examples * SCALE)


def is_int(x) -> bool:
    """An integer in Python's or numpy's spelling; bools are not actions or counts."""
    return isinstance(x, (int, np.integer)) and not isinstance(x, (bool, np.bool_))


def action_values(n_actions: int):
    def numpy_int(kind):
        info = np.iinfo(kind)
        return st.integers(max(info.min, -5), min(info.max, n_actions + 5)).map(kind)

    return st.one_of(
        st.integers(0, n_actions - 1),  # mostly masked out, sometimes legal
        st.integers(-3, n_actions + 3),
        st.integers(-(2**70), 2**70),
        st.sampled_from(NUMPY_INTS).flatmap(numpy_int),
        st.floats(allow_nan=True, allow_infinity=True),
        st.integers(0, n_actions - 1).map(float),
        st.integers(0, n_actions - 1).map(np.float64),
        st.none(),
        st.booleans(),
        st.sampled_from([np.True_, np.False_]),
        st.text(max_size=4),
        st.integers(0, n_actions - 1).map(str),
        st.lists(st.integers(0, 5), max_size=2),
        st.integers(0, n_actions - 1).map(lambda a: np.array([a])),
        st.just(1 + 2j),
    )


def is_legal(x, mask) -> bool:
    """Whether action value x is a legal action under mask, spelled as an integer."""
    return is_int(x) and 0 <= int(x) < len(mask) and mask[int(x)] == 1


def env_snapshot(env):
    raw = env.unwrapped
    return (raw.state_record.tobytes(), env.agent_selection, dict(raw.rewards), dict(raw._cumulative_rewards),
            dict(raw.terminations), dict(raw.truncations), copy.deepcopy(raw.infos), list(raw.agents))


def random_game(engine, n_players: int, seed: int, prefix: int, **options):
    """An engine game after `prefix` random decisions, and its chooser's word (seed + 2**32)."""
    states = engine.new_game(n_players, seed, **options)
    words = engine.random_words([seed + (1 << 32)])
    engine.play_random(states, words, prefix, np.zeros(1, np.int64))
    return states, words


def play_prefix(env, prefix: int, chooser: int) -> bool:
    """Play `prefix` random legal decisions; False once the game is over (nothing left to try)."""
    pick = np.random.default_rng(chooser)
    for _ in range(prefix + 1):
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            return False
        if _ == prefix:
            return True
        env.step(int(pick.choice(np.flatnonzero(env.observe(agent)["action_mask"]))))
    return True


def try_engine_actions(engine, states, words, attempts, state_to_dict, phase_names) -> None:
    """Each (action value, then) in turn through ``engine.step`` on states[0]: a legal value is
    applied exactly as ``apply_at`` applies it, an illegal one raises IllegalActionError naming
    the decision and changes nothing (raw bytes and state dict); then `then` random decisions
    move on to another decision point."""
    s = states[0]
    for action, then in attempts:
        if s["terminal"]:
            return
        mask = engine.legal_mask(s)
        before_bytes = states.tobytes()
        before_dict = state_to_dict(s)
        if is_legal(action, mask):
            expected = states.copy()
            engine.apply_at(expected, 0, int(action))
            engine.step(s, action)
            assert states.tobytes() == expected.tobytes()
        else:
            with pytest.raises(IllegalActionError) as err:
                engine.step(s, action)
            assert states.tobytes() == before_bytes
            assert state_to_dict(s) == before_dict
            assert phase_names[s["phase"]] in str(err.value)
            assert isinstance(err.value, ValueError)  # callers catching ValueError see it too
        engine.play_random(states, words, then, np.zeros(1, np.int64))


def try_env_actions(env, attempts) -> None:
    """Step each action value in turn: a legal one is played (the run stops at the game's end),
    an illegal one raises IllegalActionError and changes nothing, state dict included."""
    for action in attempts:
        mask = env.observe(env.agent_selection)["action_mask"]
        before = env_snapshot(env)
        before_dict = env.unwrapped.state_to_dict()
        if is_legal(action, mask):
            env.step(action)
            if env.terminations[env.agent_selection]:
                return
        else:
            with pytest.raises(IllegalActionError):
                env.step(action)
            assert env_snapshot(env) == before
            assert env.unwrapped.state_to_dict() == before_dict
