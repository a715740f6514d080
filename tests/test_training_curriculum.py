"""The curriculum (issue 49): weakened bots as stepping stones, prioritised opponent sampling by
the learner's record, and potential-based shaping from the score margin, reported apart."""

from __future__ import annotations

import math

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from meeplegym.agents import Agent, make_agent  # noqa: E402
from meeplegym.errors import InvalidOptionError  # noqa: E402
from meeplegym.registry import make_env  # noqa: E402
from meeplegym.training.evaluate import evaluate  # noqa: E402
from meeplegym.training.opponents import OpponentPool, SeatAdapter, StateBatch  # noqa: E402

torch.set_num_threads(1)


class _Lowest(Agent):
    """Always the lowest legal action: a deterministic agent whose moves are easy to tell apart."""

    name = "lowest"

    def act(self, observation, action_mask, info=None) -> int:
        return int(np.flatnonzero(action_mask)[0])


# ==================================================================== weakened agents
def test_a_weakened_agent_plays_randomly_at_the_rate_asked():
    masks = np.zeros((4000, 10), dtype=np.int8)
    masks[:, 3:] = 1  # the wrapped agent always plays 3; a random move is 3 one time in 7
    for epsilon in (0.0, 0.25, 1.0):
        from meeplegym.agents.weakened import Weakened

        agent = Weakened(_Lowest(), epsilon, seed=1)
        moves = agent.act_batch(np.zeros((4000, 1), np.float32), masks)
        assert set(moves.tolist()) <= set(range(3, 10))  # only legal moves
        not_lowest = float(np.mean(moves != 3))
        assert not_lowest == pytest.approx(epsilon * 6 / 7, abs=0.03)


def test_a_weakened_agent_passes_each_kept_row_its_own_state():
    seen = []

    class Recorder(Agent):
        name = "recorder"
        needs_state = True

        def act_batch(self, observations, action_masks, infos=None):
            seen.extend(infos.seats.tolist())
            return np.zeros(len(action_masks), dtype=np.int64)

        def act(self, observation, action_mask, info=None):
            raise AssertionError

    from meeplegym.agents.weakened import Weakened

    agent = Weakened(Recorder(), 0.5, seed=2)
    assert agent.needs_state
    moves = agent.act_batch(np.zeros((200, 1)), np.ones((200, 2), np.int8),
                            StateBatch("scythe", np.zeros(200), np.arange(200)))
    # the wrapped agent saw the rows it answered, each with its own seat, in order; about half of them
    assert 60 < len(seen) < 140 and seen == sorted(set(seen))
    assert (moves[seen] == 0).all()


def test_weakened_bots_by_name_lose_strength_as_epsilon_grows(scythe_kernels):
    full = make_agent("scythe.builder@epsilon=0", game="scythe", seed=1)
    assert full.name == "scythe.builder@epsilon=0" and full.needs_state
    builder_vs = {eps: evaluate(make_agent(f"scythe.builder@epsilon={eps}", game="scythe", seed=1), "scythe",
                                "scythe.builder", games=20, seed=4).win_rate for eps in (0.0, 1.0)}
    # epsilon 0 is the builder itself (a mirror match); epsilon 1 is a random player, who never beats it
    assert 0.2 <= builder_vs[0.0] <= 0.8 and builder_vs[1.0] == 0.0
    with pytest.raises(ValueError, match=r"scythe.builder@epsilon=1.5.*epsilon is a probability"):
        make_agent("scythe.builder@epsilon=1.5", game="scythe")
    pool = OpponentPool(["random", "scythe.builder@epsilon=0.5"], "scythe")  # the pool takes the names too
    assert pool.names == ["random", "scythe.builder@epsilon=0.5"] and pool.agents[1].epsilon == 0.5


# ==================================================================== prioritised sampling
def test_pfsp_draws_the_opponents_the_learner_beats_least_most_often():
    pool = OpponentPool(["random", "random", "random"], "scythe", sampling="pfsp", pfsp_power=2.0)
    assert np.allclose(pool.sampling_weights(), 1 / 3)  # no games yet: every record is an imagined draw
    # the learner beat slot 0 in 50 of 50 games, slot 1 in every other one, slot 2 in none (3 seats: slot 2 twice per game)
    pool.record_games(np.array([[-1, 0]] * 50), np.ones(50))
    pool.record_games(np.array([[-1, 1], [1, -1]] * 25), np.tile([1.0, 0.0], 25))  # won every other game
    pool.record_games(np.array([[2, -1, 2]] * 50), np.zeros(50))
    rates = pool.win_rates()
    assert rates[0] > 0.95 and 0.45 < rates[1] < 0.55 and rates[2] < 0.05
    assert pool.games[2] > pool.games[1]  # both of the table's seats counted
    w = pool.sampling_weights()
    assert w[2] > w[1] > w[0] > 0  # the beaten one keeps its floor, so its record stays current
    draws = np.bincount(pool.sample(np.random.default_rng(0), 20_000), minlength=3) / 20_000
    assert np.allclose(draws, w, atol=0.02)
    pool.replace(2, "random")  # a new agent in a slot starts a new record
    assert pool.win_rates()[2] == 0.5


def test_uniform_sampling_ignores_the_record_and_bad_options_are_named():
    pool = OpponentPool(["random", "random"], "scythe", weights=[1, 3])
    pool.record_games(np.array([[-1, 0]] * 30), np.zeros(30))
    assert np.allclose(pool.sampling_weights(), [0.25, 0.75])
    with pytest.raises(InvalidOptionError, match="opponent sampling must be one of"):
        OpponentPool(["random"], "scythe", sampling="elo")
    with pytest.raises(InvalidOptionError, match="pfsp_power"):
        OpponentPool(["random"], "scythe", sampling="pfsp", pfsp_power=-1)


def test_the_adapter_reports_each_finished_game_to_the_pool(scythe_kernels):
    pool = OpponentPool(["random", "random"], "scythe", sampling="pfsp")
    env = SeatAdapter("scythe", 4, 2, pool, seed=3)
    rng = np.random.default_rng(0)
    finished = np.zeros(2, dtype=int)
    while finished.sum() < 8:
        step = env.step(np.array([rng.choice(np.flatnonzero(m)) for m in env.action_mask]))
        for row in np.flatnonzero(step.done & step.terminated):
            finished[step.episode_opponents[row].max()] += 1
    # each game decays the earlier ones against that opponent by WIN_MEMORY, then counts 1
    assert pool.games == pytest.approx([sum(0.99**k for k in range(n)) for n in finished])
    assert 0 <= sum(pool.wins) <= sum(pool.games)


# ==================================================================== shaping
def test_score_margins_are_the_learners_score_minus_the_best_other(scythe_kernels):
    env = SeatAdapter("scythe", 3, 3, ["random"], seed=5)
    for _ in range(40):
        env.step(np.array([np.flatnonzero(m)[-1] for m in env.action_mask]))
    margins = env.score_margins()
    game = make_env("scythe", num_players=3).unwrapped.game
    for b in range(3):
        scores = game.scores(env.venv.states[b:b + 1])
        me = env.learner_seat[b]
        assert margins[b] == scores[me] - max(s for q, s in enumerate(scores) if q != me)
    assert np.abs(margins).sum() > 0  # a Scythe game has running scores (coins, popularity, stars)


def test_shaping_is_reported_apart_and_sums_to_minus_the_first_potential(tmp_path, scythe_kernels):
    """Over a whole game the shaping telescopes to -Φ(first decision) (γ = 1 here), whatever was
    played; the game's own rewards (episode_return) stay the unshaped ones."""
    from meeplegym.training import ppo

    args = ppo.Args(num_envs=4, num_steps=64, total_steps=4 * 64 * 3, num_minibatches=2, update_epochs=1,
                    hidden="16", out=str(tmp_path), eval_every=0, eval_opponents="", tensorboard=False, seed=2,
                    max_turns=4, gamma=1.0, shaping_coef=0.1)
    stats = ppo.train(args)
    assert math.isfinite(stats["shaping_return"]) and stats["shaping_return"] != 0
    assert stats["episode_return"] == pytest.approx(np.clip(stats["episode_return"], -1, 1))  # rank rewards only
    # the telescoping sum, checked directly on one adapter
    env = SeatAdapter("scythe", 2, 2, ["random"], seed=9, max_turns=4)
    phi = 0.1 * env.score_margins()
    first, total, ended = phi.copy(), np.zeros(2), np.zeros(2, bool)
    while not ended.all():
        step = env.step(np.array([np.flatnonzero(m)[0] for m in env.action_mask]))
        nxt = 0.1 * env.score_margins()
        total += np.where(ended, 0.0, np.where(step.done, 0.0, nxt) - phi)
        ended |= step.done
        phi = nxt
    assert total == pytest.approx(-first)
