"""Fuzzing the Imperium engine's and env's front doors with hypothesis (tests/fuzzing.py).

- Actions: random games (any nations, Trade Routes, variants) are interrupted by random action
  values through ``engine.step`` and through the AEC env. An illegal one raises
  ``IllegalActionError`` and leaves the state exactly as it was (``state_to_dict`` and the raw
  bytes); a legal one, however spelled (numpy ints), is applied.
- Options: random constructor arguments either build an env or raise ``InvalidOptionError``,
  decided by an independent statement of what is allowed (I2.1: nations, Trade Routes; I2.3:
  power sides; I15: the variants, the quick variant without the Cultists).
- State JSON: mutated saved states are tests/test_fuzz_states.py (benchmarks/fuzz_states.py, every game).
"""

from __future__ import annotations


import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeplegym import InvalidOptionError
from meeplegym.envs import imperium_v0
from meeplegym.envs.imperium import actions as A
from meeplegym.envs.imperium import data as D
from meeplegym.envs.imperium import engine
from meeplegym.envs.imperium.state import PHASE_NAMES, VARIANT_NAMES
from meeplegym.envs.imperium.state_json import state_to_dict
from tests.fuzzing import (NUMPY_INTS, action_values, fuzz, is_int, play_prefix, random_game,
                           try_engine_actions, try_env_actions)

NATIONS = [n.name.lower() for n in D.NATIONS]
READY = {n.name.lower() for n in D.NATIONS if int(n.code) in engine.READY_NATIONS}
NEEDS_TRADE_ROUTES = {n.name.lower() for n in D.NATIONS if n.trade_routes_required}
ACTION_VALUES = action_values(A.N_ACTIONS)
TABLES = st.sampled_from([{}, {"trade_routes": True}, {"quick": True}, {"precious_cards": True, "quick_setup": True},
                          {"low_aggression": True, "trade_routes": True}])


# ------------------------------------------------------------------ actions
@fuzz(120)
@given(n_players=st.integers(2, 4), seed=st.integers(0, 2**31), prefix=st.integers(0, 1500), options=TABLES,
       attempts=st.lists(st.tuples(ACTION_VALUES, st.integers(0, 20)), min_size=1, max_size=6))
def test_engine_step_rejects_illegal_actions_and_changes_nothing(n_players, seed, prefix, options, attempts):
    states, words = random_game(engine, n_players, seed, prefix, **options)
    try_engine_actions(engine, states, words, attempts, state_to_dict, PHASE_NAMES)


@fuzz(30)
@given(n_players=st.integers(2, 4), seed=st.integers(0, 2**31), prefix=st.integers(0, 600), options=TABLES,
       attempts=st.lists(ACTION_VALUES, min_size=1, max_size=6), chooser=st.integers(0, 2**31))
def test_env_step_rejects_illegal_actions_and_changes_nothing(n_players, seed, prefix, options, attempts, chooser):
    env = imperium_v0.env(num_players=n_players, **options)
    env.reset(seed=seed)
    if play_prefix(env, prefix, chooser):
        try_env_actions(env, attempts)


# ------------------------------------------------------------------ options
def _is_bool(x) -> bool:
    return isinstance(x, (bool, np.bool_))


def _valid_nations(nations, n, trade_routes, quick) -> bool:
    """None, or a list/tuple with one entry per seat: a ready nation's name in any case, 'random'
    or None; no nation twice; Trade Routes nations only with the expansion (I2.1); no Cultists
    in the quick variant (I15.5); enough ready nations left for the random seats."""
    if nations is None:
        return True
    if not isinstance(nations, (list, tuple)) or len(nations) != n:
        return False
    chosen = []
    for x in nations:
        if x is None or x == "random":
            continue
        if not isinstance(x, str) or x.lower() not in READY:
            return False
        name = x.lower()
        if (name in NEEDS_TRADE_ROUTES and not trade_routes) or (quick and name == "cultists"):
            return False
        chosen.append(name)
    pool = [m for m in READY if (trade_routes or m not in NEEDS_TRADE_ROUTES) and not (quick and m == "cultists")]
    return len(set(chosen)) == len(chosen) and len(set(pool) - set(chosen)) >= n - len(chosen)


def _valid_sides(sides, n) -> bool:
    return sides is None or (isinstance(sides, (list, tuple)) and len(sides) == n
                             and all(isinstance(x, str) and x.upper() in ("A", "B") for x in sides))


NATION_ENTRIES = st.one_of(st.sampled_from(NATIONS), st.sampled_from(NATIONS).map(str.upper), st.just("random"),
                           st.none(), st.integers(-2, 16), st.sampled_from(["", "romans", "mayans ", "randomly"]),
                           st.floats(0, 5), st.booleans())
NATION_LISTS = st.one_of(st.none(), st.lists(NATION_ENTRIES, min_size=1, max_size=5),
                         st.lists(NATION_ENTRIES, min_size=1, max_size=5).map(tuple), st.sampled_from(NATIONS),
                         st.integers(-1, 5))
SIDE_LISTS = st.one_of(st.none(), st.lists(st.sampled_from(["A", "B", "a", "b", "C", "", None, 1]), min_size=1,
                                           max_size=5), st.sampled_from(["AB", "A", "BBB"]))
FLAGS = st.one_of(st.booleans(), st.sampled_from([np.True_, np.False_, None, 0, 1, "yes"]))
COUNTS = st.one_of(st.integers(-2, 6), st.sampled_from(NUMPY_INTS).map(lambda k: k(3)), st.floats(0, 5),
                   st.none(), st.booleans(), st.just("3"))


@fuzz(250)
@given(num_players=COUNTS, nations=NATION_LISTS, power_sides=SIDE_LISTS, trade_routes=FLAGS,
       variants=st.dictionaries(st.sampled_from(sorted(VARIANT_NAMES)), FLAGS, max_size=4),
       reward_mode=st.sampled_from(["rank", "score", "margin", "elo", None]),
       max_turns=st.one_of(st.none(), st.integers(-2, 300), st.floats(0, 5)))
def test_options_build_an_env_or_raise_invalid_option_error(num_players, nations, power_sides, trade_routes,
                                                             variants, reward_mode, max_turns):
    n_ok = is_int(num_players) and 2 <= num_players <= 4
    valid = (n_ok and _is_bool(trade_routes) and all(_is_bool(v) for v in variants.values())
             and _valid_nations(nations, int(num_players), trade_routes, bool(variants.get("quick")))
             and _valid_sides(power_sides, int(num_players))
             and reward_mode in ("rank", "score", "margin")
             and (max_turns is None or (is_int(max_turns) and max_turns >= 1)))
    kwargs = dict(num_players=num_players, nations=nations, power_sides=power_sides, trade_routes=trade_routes,
                  reward_mode=reward_mode, max_turns=max_turns, **variants)
    if not valid:
        with pytest.raises(InvalidOptionError):
            imperium_v0.env(**kwargs)
        return
    env = imperium_v0.env(**kwargs)
    env.reset(seed=1)
    seats = env.unwrapped.seat_setup()
    assert len(seats) == int(num_players)
    for p, name in enumerate(nations or []):
        if name not in (None, "random"):
            assert seats[p]["nation"] == name.lower()
    for p, side in enumerate(power_sides or []):
        assert seats[p]["power_side"] == side.upper()
    played = {s["nation"] for s in seats}
    assert played <= READY and (trade_routes or not played & NEEDS_TRADE_ROUTES)
