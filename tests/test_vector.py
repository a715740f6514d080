"""The vector API (meeplegym.make_vector): batched steps equal the AEC env game by game, errors
change nothing, options and reward modes, same-step auto-reset with the documented seeds."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import meeplegym
from meeplegym import IllegalActionError, InvalidOptionError
from meeplegym.agents import RandomAgent
from meeplegym.envs import scythe_v0


def lockstep(game, players, batch, seed, steps, **options):
    """Step a vector env and one AEC env per slot with the same random actions and compare every
    decision (seat, observation, mask), every reward and score, every auto-reset, and the state a
    game ended in as one of its seats saw it (``final_observation``, each slot asking for a seat
    in turn). Returns the vector env and the number of games that ended."""
    venv = meeplegym.make_vector(game, batch, num_players=players, seed=seed, **options)
    envs = [meeplegym.make_env(game, num_players=players, **options) for _ in range(batch)]
    for b, env in enumerate(envs):
        env.reset(seed=seed + b)
    agent = RandomAgent(seed)
    result = venv.reset(seed)
    ended = 0
    for _ in range(steps):
        for b, env in enumerate(envs):
            obs = env.observe(env.agent_selection)
            assert result.seat[b] == env.unwrapped.agent_name_mapping[env.agent_selection]
            np.testing.assert_array_equal(result.action_mask[b], obs["action_mask"])
            np.testing.assert_array_equal(result.observation[b], obs["observation"])
        actions = agent.act_batch(result.observation, result.action_mask)
        seeds_before = venv.game_seeds.copy()
        final_seats = (np.arange(batch) + venv.episodes) % players
        result = venv.step(actions, final_seats=final_seats)
        for b, env in enumerate(envs):
            env.step(int(actions[b]))
            terminated = all(env.terminations.values())
            truncated = all(env.truncations.values())
            assert (result.terminated[b], result.truncated[b]) == (terminated, truncated)
            np.testing.assert_allclose(result.rewards[b], [env.rewards[a] for a in env.possible_agents])
            if terminated or truncated:
                ended += 1
                np.testing.assert_array_equal(result.final_scores[b], env.unwrapped.scores())
                seen = env.observe(env.possible_agents[final_seats[b]])["observation"]
                np.testing.assert_array_equal(result.final_observation[b], seen)
                assert venv.game_seeds[b] == seeds_before[b] + batch  # the documented seed sequence
                env.reset(seed=int(venv.game_seeds[b]))
    return venv, ended


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_batch_equals_aec_games_with_truncation_resets(players, scythe_kernels):
    venv, ended = lockstep("scythe", players, batch=4, seed=100 * players, steps=260, max_turns=2 * players)
    assert ended >= 4  # every slot restarted at least once
    assert venv.episodes.min() >= 1


@pytest.mark.parametrize("reward_mode", ["rank", "score", "margin"])
def test_batch_equals_aec_through_complete_games(reward_mode, scythe_kernels):
    # Random 2-player games end in about 1,000-1,500 decisions; both slots finish at least once.
    venv, ended = lockstep("scythe", 2, batch=2, seed=7, steps=3200, reward_mode=reward_mode)
    assert ended >= 2 and not venv._truncated.any()


def test_game_does_not_depend_on_batch_size_or_position(scythe_kernels):
    """Seed 12 as slot 2 of a batch of 3 and as slot 0 of a batch of 5 plays the same game."""
    a = meeplegym.make_vector("scythe", 3, num_players=3, seed=10)
    b = meeplegym.make_vector("scythe", 5, num_players=3, seed=12)
    ra, rb = a.reset(10), b.reset(12)
    pick = np.random.default_rng(0)
    for _ in range(300):
        np.testing.assert_array_equal(ra.observation[2], rb.observation[0])
        np.testing.assert_array_equal(ra.action_mask[2], rb.action_mask[0])
        choice = int(pick.choice(np.flatnonzero(ra.action_mask[2])))
        acts_a = np.array([np.flatnonzero(m)[0] for m in ra.action_mask])
        acts_b = np.array([np.flatnonzero(m)[0] for m in rb.action_mask])
        acts_a[2] = acts_b[0] = choice
        ra, rb = a.step(acts_a), b.step(acts_b)
    assert a.states[2].tobytes() == b.states[0].tobytes()


def test_illegal_action_names_the_game_and_changes_nothing(scythe_kernels):
    venv = meeplegym.make_vector("scythe", 6, num_players=2, seed=3)
    result = venv.reset(3)
    agent = RandomAgent(1)
    for _ in range(25):
        result = venv.step(agent.act_batch(result.observation, result.action_mask))
    states, masks, obs = venv.states.copy(), result.action_mask.copy(), result.observation.copy()
    actions = agent.act_batch(result.observation, result.action_mask)
    actions[4] = int(np.flatnonzero(masks[4] == 0)[0])
    with pytest.raises(IllegalActionError, match="in game 4 of the batch"):
        venv.step(actions)
    for bad in (-1, venv.num_actions):
        wrong = actions.copy()
        wrong[1] = bad
        with pytest.raises(IllegalActionError, match="in game 1 of the batch"):
            venv.step(wrong)
    for malformed in (actions[:3], actions.astype(np.float64), [None] * 6):
        with pytest.raises(IllegalActionError):
            venv.step(malformed)
    assert venv.states.tobytes() == states.tobytes()
    np.testing.assert_array_equal(venv.action_masks(), masks)
    np.testing.assert_array_equal(result.observation, obs)


def _batch_snapshot(venv):
    last = venv.last_step
    return (venv.states.tobytes(), venv.game_seeds.tolist(), venv.episodes.tolist(), venv._seed_words.tolist(),
            *(np.array(a, copy=True).tobytes() for a in (last.seat, last.observation, last.action_mask, last.rewards,
                                                        last.terminated, last.truncated, last.final_scores)))


@pytest.mark.parametrize("game", ["scythe", "imperium", "oath"])
def test_a_batch_step_that_fails_inside_the_engine_is_undone(game, monkeypatch):
    """issue 47: with transactional=True the vector step is a transaction too -- an engine fault
    after the kernel has played every game (the worst case) leaves every game, mask, observation and
    counter as before. Without it (the default: the copy costs about a step) the error says so."""
    venv = meeplegym.make_vector(game, 4, num_players=2, seed=11, transactional=True)
    agent = RandomAgent(2)
    result = venv.last_step
    for _ in range(12):
        result = venv.step(agent.act_batch(result.observation, result.action_mask))
    before = _batch_snapshot(venv)
    actions = agent.act_batch(result.observation, result.action_mask)
    kernel = venv.game.step

    def faulty(*args):
        kernel(*args)
        raise IndexError("index 99 is out of bounds")

    monkeypatch.setattr(venv.game, "step", faulty)
    with pytest.raises(IndexError) as err:
        venv.step(actions)
    assert "the step was undone" in str(err.value.__notes__)
    assert _batch_snapshot(venv) == before
    monkeypatch.setattr(venv.game, "step", kernel)
    venv.step(actions)  # the same actions are still legal
    assert _batch_snapshot(venv) != before
    plain = meeplegym.make_vector(game, 2, num_players=2, seed=11)
    monkeypatch.setattr(plain.game, "step", faulty)
    with pytest.raises(IndexError) as err:
        plain.step(agent.act_batch(plain.last_step.observation, plain.last_step.action_mask))
    assert "transactional=True" in str(err.value.__notes__)


@pytest.mark.parametrize("game", ["scythe", "imperium", "oath"])
def test_running_scores_are_the_aec_games_scores(game):
    """VectorEnv.scores (the trainer's margin shaping reads it) gives each game's scores as the AEC
    game counts them mid-game: Scythe's coins with end-game bonuses, Imperium's VP, Oath's zeros."""
    venv = meeplegym.make_vector(game, 5, num_players=3, seed=4)
    scorer = meeplegym.make_env(game, num_players=3).unwrapped.game
    agent = RandomAgent(3)
    result = venv.last_step
    for _ in range(150):
        result = venv.step(agent.act_batch(result.observation, result.action_mask))
    scores = venv.scores()
    assert scores.shape == (5, 3) and scores.dtype == np.int64
    for b in range(5):
        np.testing.assert_array_equal(scores[b], scorer.scores(venv.states[b:b + 1]))
    assert scores.any() == (game != "oath")
    assert (scores[:, 0] != scores[:, 1]).any() or game == "oath"  # rows and seats are not mixed up


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(batch=0), "batch"),
        (dict(batch=2, num_players=6), "num_players"),
        (dict(batch=2, reward_mode="elo"), "reward_mode"),
        (dict(batch=2, max_turns=0), "max_turns"),
        (dict(batch=2, factions=["nordic", "nordic"]), "twice"),
        (dict(batch=2, colour="red"), "unknown Scythe options"),
        (dict(batch=2, seed=2**70), "seed must be an integer within"),
        (dict(batch=2, seed=1.5), "seed must be an integer"),
        (dict(batch=2, transactional="yes"), "transactional must be True or False"),
    ],
)
def test_bad_options_fail_at_construction(kwargs, message):
    with pytest.raises(InvalidOptionError, match=message):
        meeplegym.make_vector("scythe", **kwargs)


def test_unknown_game_is_named():
    with pytest.raises(KeyError, match="available: imperium, oath, scythe"):
        meeplegym.make_vector("chess", 4)


def test_a_game_without_a_vector_api_says_so(monkeypatch):
    from meeplegym import registry

    entry = dataclasses.replace(registry.GAMES["imperium"], vector=None)
    monkeypatch.setitem(registry.GAMES, "imperium", entry)
    with pytest.raises(NotImplementedError, match="imperium has no vector API yet"):
        meeplegym.make_vector("imperium", 4)


def test_without_observations_masks_and_seats_still_match(scythe_kernels):
    with_obs = meeplegym.make_vector("scythe", 3, num_players=4, seed=1)
    bare = meeplegym.make_vector("scythe", 3, num_players=4, seed=1, observations=False)
    r1, r2 = with_obs.reset(1), bare.reset(1)
    assert r2.observation is None
    agent = RandomAgent(5)
    for _ in range(200):
        np.testing.assert_array_equal(r1.action_mask, r2.action_mask)
        np.testing.assert_array_equal(r1.seat, r2.seat)
        actions = agent.act_batch(None, r1.action_mask)
        r1, r2 = with_obs.step(actions), bare.step(actions)
    assert with_obs.states.tobytes() == bare.states.tobytes()


def test_threaded_batches_equal_single_games(scythe_kernels):
    """A batch large enough for the thread pool (meeplegym.vector.PARALLEL_FROM) plays each game
    exactly as a batch of one does."""
    from meeplegym.vector import PARALLEL_FROM

    big = meeplegym.make_vector("scythe", PARALLEL_FROM + 6, num_players=4, seed=50)
    slots = (0, PARALLEL_FROM // 2, PARALLEL_FROM + 5)
    singles = {b: meeplegym.make_vector("scythe", 1, num_players=4, seed=50 + b) for b in slots}
    agent = RandomAgent(9)
    result = big.reset(50)
    for _ in range(250):
        actions = agent.act_batch(None, result.action_mask)
        for b, single in singles.items():
            np.testing.assert_array_equal(single.action_masks()[0], result.action_mask[b])
            single.step(actions[b : b + 1])
        result = big.step(actions)
    for b, single in singles.items():
        assert single.states[0].tobytes() == big.states[b].tobytes()


def test_paused_games_stay_as_they_were(scythe_kernels):
    venv = meeplegym.make_vector("scythe", 4, num_players=2, seed=20)
    agent = RandomAgent(2)
    result = venv.reset(20)
    for _ in range(30):
        result = venv.step(agent.act_batch(None, result.action_mask))
    before = venv.states.copy()
    masks = result.action_mask.copy()
    active = np.array([True, False, True, False])
    actions = agent.act_batch(None, masks)
    actions[1] = -5  # ignored: game 1 is paused
    result = venv.step(actions, active=active)
    assert venv.states[1].tobytes() == before[1].tobytes() and venv.states[3].tobytes() == before[3].tobytes()
    assert venv.states[0].tobytes() != before[0].tobytes()
    np.testing.assert_array_equal(result.action_mask[1], masks[1])
    assert not result.terminated[[1, 3]].any() and not result.rewards[[1, 3]].any()
    now = venv.states.copy()
    for bad in ([0.5, 1, 1, 1], [2, 1, 1, 1], ["yes", 1, 1, 1]):  # refused, not rounded to True
        with pytest.raises(ValueError, match="active must hold booleans"):
            venv.step(actions, active=bad)
    assert venv.states.tobytes() == now.tobytes()
    venv.step(agent.act_batch(None, result.action_mask), active=[1, 0, 1, 0])  # 0 and 1 are flags too


def test_restart_starts_the_next_game_in_the_seed_sequence(scythe_kernels):
    venv = meeplegym.make_vector("scythe", 3, num_players=2, seed=40)
    agent = RandomAgent(3)
    result = venv.reset(40)
    for _ in range(10):
        result = venv.step(agent.act_batch(None, result.action_mask))
    untouched = venv.states[0].copy()
    result = venv.restart([2])
    assert result.truncated.tolist() == [False, False, True] and venv.game_seeds[2] == 40 + 2 + 3
    fresh = scythe_v0.env(num_players=2)
    fresh.reset(seed=45)
    np.testing.assert_array_equal(result.observation[2], fresh.observe(fresh.agent_selection)["observation"])
    assert venv.states[0].tobytes() == untouched.tobytes()
    with pytest.raises(IndexError):
        venv.restart([3])
    with pytest.raises(ValueError, match="rows must be integers"):
        venv.restart([0.5])  # not slot 0
