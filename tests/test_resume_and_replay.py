"""Saving, resuming and replaying games, for every game, through the game protocol
(meeplegym.aec.Game) that the env and the tools use.

- A game resumed from its state dict (through JSON text, as a save file would be) continues
  exactly as the original under the same chooser: the same actions, the same final bytes. The
  dict holds the state's RNG word: without it chance (reshuffles, dealt cards) would part them.
- The same through the env's ``load_state_dict``, to the same final scores.
- A recorded replay (seed + actions, ``play_match(..., record=True)``) re-run through the env or
  the game's engine ends with the same scores.

Round trips at every decision point are per game (tests/scythe/test_scythe_save_load.py,
tests/imperium/test_imperium_env.py).
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from meeplegym.agents import RandomAgent, play_match
from meeplegym.registry import make_env

TABLES = {
    "scythe": [(2, 5, {}), (4, 6, {"factions": ["saxony", "random", None, "crimea"]})],
    "imperium": [(2, 5, {}), (3, 6, {"trade_routes": True, "nations": ["martians", None, "polynesians"]}),
                 (4, 7, {"quick": True, "low_aggression": True})],
}
REPLAY_OPTIONS = {
    "scythe": {3: {"factions": ["saxony", "random", "crimea"]}},
    "imperium": {3: {"nations": ["mayans", None, "aksumites"], "trade_routes": True}, 4: {"precious_cards": True}},
}
CUTS = (0, 37, 150, 600)  # decisions played before the save
GAMES = pytest.mark.parametrize("name", sorted(TABLES))


def _game(name):
    return make_env(name, num_players=2).unwrapped.game


def _finish(game, states, seed, limit=100_000) -> list[int]:
    """Play states[0] to its end with a seeded random chooser; the actions taken."""
    pick = np.random.default_rng(seed)
    mask = np.zeros(game.num_actions, np.int8)
    actions = []
    while not game.is_terminal(states) and len(actions) < limit:
        game.legal_mask(states, mask)
        a = int(pick.choice(np.flatnonzero(mask)))
        game.apply(states, a)
        actions.append(a)
    return actions


def _saved(game, n, seed, options, cut):
    states = game.new_state(n, seed, options)
    _finish(game, states, seed + 1, limit=cut)
    return states, json.loads(json.dumps(game.state_to_dict(states)))


@GAMES
def test_a_resumed_game_continues_like_the_original(name):
    game = _game(name)
    for n, seed, options in TABLES[name]:
        for cut in CUTS:
            original, d = _saved(game, n, seed, options, cut)
            resumed = game.state_from_dict(d)
            assert resumed.tobytes() == original.tobytes()
            actions = _finish(game, original, seed + 99)
            assert game.is_terminal(original)
            assert _finish(game, resumed, seed + 99) == actions, f"{n}p seed {seed}: other actions after {cut}"
            assert resumed.tobytes() == original.tobytes(), f"{n}p seed {seed} resumed after {cut} decisions"


@GAMES
def test_without_its_rng_word_a_resumed_game_would_part(name):
    """What makes the resumption exact is the dict's RNG word: with another one, the same
    chooser plays a different game from some cut on."""
    game = _game(name)
    parted = 0
    for n, seed, options in TABLES[name]:
        for cut in CUTS:
            original, d = _saved(game, n, seed, options, cut)
            d["rng"] = (int(d["rng"]) * 6364136223846793005 + 1442695040888963407) % 2**64
            other = game.state_from_dict(d)
            parted += _finish(game, original, seed + 3) != _finish(game, other, seed + 3)
    assert parted > 0


@GAMES
def test_a_resumed_env_continues_like_the_original(name):
    game = _game(name)
    for n, seed, options in TABLES[name]:
        original, d = _saved(game, n, seed, options, CUTS[2])
        actions = _finish(game, original, seed + 7)
        env = make_env(name, num_players=n, **options)
        env.reset(seed=123)  # another game, replaced by the load
        env.unwrapped.load_state_dict(d)
        for a in actions:
            assert not env.terminations[env.agent_selection]
            env.step(a)
        assert all(env.terminations.values())
        assert env.unwrapped.state_record.tobytes() == original[0].tobytes()
        assert env.unwrapped.scores().tolist() == game.scores(original).tolist()


@GAMES
@pytest.mark.parametrize("n_players", [2, 3, 4])
def test_a_recorded_replay_ends_with_the_same_scores(name, n_players):
    seed = 50_000_000 + n_players
    options = REPLAY_OPTIONS[name].get(n_players, {})
    agents = [RandomAgent(seed=100 + i) for i in range(n_players)]
    result = play_match(name, agents, seed, record=True, **options)
    assert not result.truncated and len(result.actions) == result.decisions > 0
    # the same agents, re-seeded, play the same game
    again = play_match(name, [RandomAgent(seed=100 + i) for i in range(n_players)], seed, record=True, **options)
    assert again.actions == result.actions and again.scores == result.scores
    # seed + actions through the env
    env = make_env(name, num_players=n_players, **options)
    env.reset(seed=seed)
    replayed = iter(result.actions)
    for agent in env.agent_iter():
        _, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else next(replayed))
    assert next(replayed, None) is None
    assert env.unwrapped.scores().tolist() == result.scores
    # ... and through the game's engine alone
    game = _game(name)
    states = game.new_state(n_players, seed, options)
    for a in result.actions:
        game.apply(states, a)
    assert game.is_terminal(states) and game.scores(states).tolist() == result.scores
