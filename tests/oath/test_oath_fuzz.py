"""Fuzzing the Oath engine's and env's front doors with hypothesis (tests/fuzzing.py).

- Actions: random games (2-6 players, the first game or the tutorial table, with and without the
  ◊ edifice powers) are interrupted by random action values through ``engine.step`` and through
  the AEC env. An illegal one raises ``IllegalActionError`` and leaves the state exactly as it
  was (``state_to_dict`` and the raw bytes); a legal one, however spelled, is applied.
- Options: random constructor arguments either build an env or raise ``InvalidOptionError``,
  decided by an independent statement of what is allowed (O1.4 players, O1.1-O1.3 setups, the
  boards of step 9, the ◊ option, truncation).
- State JSON: mutated saved states are tests/test_fuzz_states.py (benchmarks/fuzz_states.py, every game).
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeplegym import InvalidOptionError
from meeplegym.envs import oath_v0
from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import engine
from meeplegym.envs.oath.chronicle import COLOUR_NAMES, ChronicleState
from meeplegym.envs.oath.state import PHASE_NAMES
from meeplegym.envs.oath.state_json import state_to_dict
from tests.fuzzing import (action_values, fuzz, is_int, play_prefix, random_game, try_engine_actions,
                           try_env_actions)

ACTION_VALUES = action_values(A.N_ACTIONS)
BOARDS = list(COLOUR_NAMES[1:])
TUTORIAL_JSON = ChronicleState.tutorial().to_json()
TABLES = st.sampled_from([{}, {"reconstructed_powers": False}, {"chronicle": ChronicleState.tutorial()}])


# ------------------------------------------------------------------ actions
@fuzz(100)
@given(n_players=st.integers(2, 6), seed=st.integers(0, 2**31), prefix=st.integers(0, 600), table=TABLES,
       attempts=st.lists(st.tuples(ACTION_VALUES, st.integers(0, 20)), min_size=1, max_size=6))
def test_engine_step_rejects_illegal_actions_and_changes_nothing(n_players, seed, prefix, table, attempts):
    states, words = random_game(engine, n_players, seed, prefix, colours=BOARDS[:n_players - 1], **table)
    try_engine_actions(engine, states, words, attempts, state_to_dict, PHASE_NAMES)


@fuzz(25)
@given(n_players=st.integers(2, 6), seed=st.integers(0, 2**31), prefix=st.integers(0, 300),
       attempts=st.lists(ACTION_VALUES, min_size=1, max_size=6), chooser=st.integers(0, 2**31))
def test_env_step_rejects_illegal_actions_and_changes_nothing(n_players, seed, prefix, attempts, chooser):
    env = oath_v0.env(num_players=n_players)
    env.reset(seed=seed)
    if play_prefix(env, prefix, chooser):
        try_env_actions(env, attempts)


# ------------------------------------------------------------------ options
def _is_bool(x) -> bool:
    return isinstance(x, (bool, np.bool_))


def _valid_colours(colours, n) -> bool:
    """None, or one distinct board name per non-Chancellor seat (O1.1 step 9)."""
    if colours is None:
        return True
    return (isinstance(colours, (list, tuple)) and len(colours) == n - 1
            and all(isinstance(c, str) and c in BOARDS for c in colours) and len(set(colours)) == len(colours))


def _positive_or_none(x) -> bool:
    return x is None or (is_int(x) and x >= 1)


SETUPS = st.sampled_from([None, "first_game", "tutorial", TUTORIAL_JSON, "Tutorial", "second_game", "", "{not json",
                          '{"oath": "Supremacy"}', '{"oath": "Vanity"}', "[]", 3])
COLOUR_ENTRIES = st.one_of(st.sampled_from(BOARDS), st.sampled_from(["purple", "Red", "green", ""]), st.none(),
                           st.integers(0, 6))
COLOUR_LISTS = st.one_of(st.none(), st.lists(COLOUR_ENTRIES, min_size=0, max_size=6),
                         st.lists(st.sampled_from(BOARDS), min_size=1, max_size=5, unique=True),
                         st.sampled_from(["red", "redblue"]))
FLAGS = st.one_of(st.booleans(), st.sampled_from([np.True_, None, 0, 1, "yes"]))
COUNTS = st.one_of(st.integers(-1, 8), st.sampled_from([np.int8(3), np.int64(6), 4.0, True, None, "4"]))
LIMITS = st.one_of(st.none(), st.integers(-2, 50), st.sampled_from([2.5, True, "9"]))


def _valid_setup(setup) -> bool:
    return setup in (None, "first_game", "tutorial", TUTORIAL_JSON)  # a bare Oath has no faceup Cradle site


@fuzz(200)
@given(num_players=COUNTS, setup=SETUPS, colours=COLOUR_LISTS, reconstructed=FLAGS,
       reward_mode=st.sampled_from(["rank", "score", "margin", "elo", None]), max_turns=LIMITS, max_decisions=LIMITS)
def test_options_build_an_env_or_raise_invalid_option_error(num_players, setup, colours, reconstructed, reward_mode,
                                                             max_turns, max_decisions):
    n_ok = is_int(num_players) and 2 <= num_players <= 6
    valid = (n_ok and _valid_setup(setup) and _valid_colours(colours, int(num_players)) and _is_bool(reconstructed)
             and reward_mode in ("rank", "score", "margin", None)
             and _positive_or_none(max_turns) and _positive_or_none(max_decisions))
    kwargs = dict(num_players=num_players, setup=setup, colours=colours, reconstructed_powers=reconstructed,
                  reward_mode=reward_mode, max_turns=max_turns, max_decisions=max_decisions)
    if not valid:
        with pytest.raises(InvalidOptionError):
            oath_v0.env(**kwargs)
        return
    env = oath_v0.env(**kwargs)
    env.reset(seed=1)
    seats = env.unwrapped.seat_setup()
    assert len(seats) == int(num_players) and seats[0]["role"] == "chancellor"
    for p, name in enumerate(colours or [], start=1):
        assert seats[p]["colour"] == name
    assert env.unwrapped.state_record["reconstructed"] == int(reconstructed)
