"""Training: the single-learner adapter agrees with the AEC env, the Gymnasium and SB3 faces,
PPO and MaskablePPO run, checkpoints and exports round-trip, masked actions are never chosen."""

from __future__ import annotations

import dataclasses
import math
import re
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")

import gymnasium  # noqa: E402

import meeplegym.training  # noqa: E402,F401  (registers the Gymnasium ids)
from meeplegym.agents import Agent, RandomAgent, make_agent, play_match  # noqa: E402
from meeplegym.envs import scythe_v0  # noqa: E402
from meeplegym.training.evaluate import evaluate  # noqa: E402
from meeplegym.training.opponents import OpponentPool, SeatAdapter, StateBatch, live_columns  # noqa: E402

torch.set_num_threads(1)
ROOT = Path(__file__).resolve().parent.parent


def _tiny_ppo_args(out, **overrides):
    from meeplegym.training import ppo

    base = dict(num_envs=8, num_steps=32, total_steps=512, num_minibatches=2, update_epochs=2, hidden="32,32",
                out=str(out), eval_every=0, eval_opponents="", tensorboard=False, checkpoint_every=1, seed=3)
    base.update(overrides)
    return ppo.Args(**base)


# ==================================================================== the adapter
@pytest.mark.parametrize("players, max_turns", [(2, None), (3, 12)])
def test_adapter_returns_learner_decisions_with_aec_rewards(players, max_turns, scythe_kernels):
    """Every row waits on the learner after each step; each finished game replays in the AEC env
    from its seed with the same actions and gives the learner the same reward, decision count,
    observations, final scores and view of the state the game ended in (issue 50: the single-seat
    env once reported the learner's last view before its final move instead)."""
    batch = 3
    adapter = SeatAdapter("scythe", batch, players, ["random"], seat="rotate", seed=40 + players, record=True,
                          max_turns=max_turns)
    learner = RandomAgent(5)
    out = adapter.reset(40 + players)
    slot0_obs = [out.observation[0].copy()]  # the learner's view at each decision of slot 0's first game
    slot0_done = False
    finished: list[tuple] = []
    seats_seen = set()
    while len(finished) < batch + 1:
        assert (adapter.venv._seats == adapter.learner_seat).all()
        out = adapter.step(learner.act_batch(out.observation, out.action_mask))
        for b in np.flatnonzero(out.done):
            first_of_slot0 = b == 0 and not slot0_done
            finished.append((adapter.finished_actions[int(b)], int(out.episode_seed[b]), int(out.episode_seat[b]),
                             float(out.episode_return[b]), int(out.episode_length[b]), out.final_scores[b].copy(),
                             bool(out.truncated[b]), out.final_observation[b].copy(),
                             slot0_obs if first_of_slot0 else None))
            seats_seen.add(int(out.episode_seat[b]))
            slot0_done |= first_of_slot0
        if not slot0_done:
            slot0_obs.append(out.observation[0].copy())
    assert len(seats_seen) > 1  # the learner's seat rotates
    assert any(f[-1] is not None for f in finished)
    for actions, seed, seat, ret, length, scores, truncated, final, observations in finished:
        env = scythe_v0.env(num_players=players, max_turns=max_turns)
        env.reset(seed=seed)
        raw = env.unwrapped
        reward, decisions = 0.0, 0
        for a in actions:
            agent = env.agent_selection
            if raw.agent_name_mapping[agent] == seat:
                if observations is not None:
                    np.testing.assert_array_equal(env.observe(agent)["observation"], observations[decisions])
                decisions += 1
            env.step(a)
            reward += env.rewards[raw.possible_agents[seat]]
        assert all(env.terminations.values()) or all(env.truncations.values())
        np.testing.assert_array_equal(env.observe(raw.possible_agents[seat])["observation"], final)
        assert all(env.truncations.values()) == truncated
        assert truncated == (max_turns is not None)
        assert decisions == length
        assert reward == pytest.approx(ret)
        np.testing.assert_array_equal(raw.scores(), scores)
        if not truncated and players == 2:
            assert ret == pytest.approx(1.0 if scores[seat] > scores[1 - seat] else -1.0) or scores[0] == scores[1]


class _Probe(Agent):
    """A state-reading agent that checks the batched calling convention."""

    name = "probe"
    needs_state = True

    def __init__(self, seed=None):
        super().__init__(seed)
        self.calls = 0

    def act(self, observation, action_mask, info=None):
        raise AssertionError("the adapter calls act_batch")

    def act_batch(self, observations, action_masks, infos=None):
        assert isinstance(infos, StateBatch) and len(infos) == len(action_masks) == len(observations)
        assert (infos.seats == infos.states["actor"]).all() and infos["seats"] is infos.seats
        row = infos[0]
        assert row["state"].shape == (1,) and row["seat"] == infos.seats[0] and row["game"] == "scythe"
        self.calls += 1
        return RandomAgent(self.calls).act_batch(observations, action_masks)


def test_state_reading_opponents_get_a_state_batch(scythe_kernels):
    probe = _Probe()
    adapter = SeatAdapter("scythe", 4, 3, OpponentPool([probe, "random"], "scythe"), seat=0, seed=1)
    out = adapter.reset(1)
    me = RandomAgent(0)
    for _ in range(30):
        out = adapter.step(me.act_batch(out.observation, out.action_mask))
        assert (adapter.learner_seat == 0).all() and (adapter.venv._seats == 0).all()
    assert probe.calls > 0


def test_inactive_games_do_not_move_and_evaluation_swaps_seats(scythe_kernels):
    adapter = SeatAdapter("scythe", 4, 2, ["random"], seed=2)
    out = adapter.reset(2)
    before = adapter.venv.states.copy()
    active = np.array([True, False, True, False])
    adapter.step(RandomAgent(0).act_batch(out.observation, out.action_mask), active=active)
    assert adapter.venv.states[~active].tobytes() == before[~active].tobytes()
    assert adapter.venv.states[active].tobytes() != before[active].tobytes()
    result = evaluate(RandomAgent(1), "scythe", "random", games=4, max_turns=4, batch=3)
    assert result.games == 4 and result.truncated == 4 and result.win_rate == 0.0
    assert len(result.win_rate_by_seat) == 2


def test_decision_cap_truncates_and_keeps_the_seed_sequence(scythe_kernels):
    """max_decisions guards against decision cycles: the game is cut short (truncated, no reward)
    and the slot goes on with the game the vector API would have started next."""
    adapter = SeatAdapter("scythe", 2, 2, ["random"], seed=100, max_decisions=30)
    out = adapter.reset(100)
    seeds = {0: [], 1: []}
    me = RandomAgent(0)
    while min(len(v) for v in seeds.values()) < 3:
        out = adapter.step(me.act_batch(out.observation, out.action_mask))
        for b in np.flatnonzero(out.done):
            assert out.truncated[b] and not out.terminated[b] and out.reward[b] == 0 and out.episode_win[b] == 0
            seeds[int(b)].append(int(out.episode_seed[b]))
    assert seeds == {0: [100, 102, 104], 1: [101, 103, 105]}
    assert adapter.capped_games >= 6


def test_a_delegate_plays_the_learners_turns_but_their_section_choices(scythe_kernels):
    """S6: with a delegate the learner is asked only which mat section to take, when it has a choice."""
    from meeplegym.envs.scythe.state import PH_SECTION

    adapter = SeatAdapter("scythe", 4, 2, ["scythe.rusher"], seed=5, delegate="scythe.builder")
    out = adapter.reset(5)
    me = RandomAgent(0)
    ended, steps = 0, 0
    while ended < 6:
        states = adapter.venv.states
        assert (states["actor"] == adapter.learner_seat).all()
        assert (states["phase"] == PH_SECTION).all() and (out.action_mask.sum(axis=1) >= 2).all()
        out = adapter.step(me.act_batch(out.observation, out.action_mask))
        ended += int(out.done.sum())
        steps += 1
        assert steps < 2000
    # each learner decision is a whole turn: a 2-player game has tens of them, not hundreds
    assert (out.episode_length[out.done] < 100).all() and out.terminated[out.done].all()


def test_a_policy_with_a_delegate_hands_it_every_decision_but_the_sections(tmp_path, scythe_kernels):
    from meeplegym.agents.delegate import strategic_rows
    from meeplegym.agents.policy_agent import PolicyAgent
    from meeplegym.training import ppo

    ppo.train(_tiny_ppo_args(tmp_path, total_steps=256, opponents="scythe.builder", delegate="scythe.builder"))
    agent = PolicyAgent(path=tmp_path / "policy.pt", seed=4)
    assert agent.meta["delegate"] == "scythe.builder" and agent.needs_state
    result = play_match("scythe", [agent, make_agent("scythe.rusher", seed=1)], seed=8, record=True)
    twin = make_agent("scythe.builder", seed=5)  # the delegate is seeded with the agent's seed + 1
    env = scythe_v0.env(num_players=2)
    env.reset(seed=8)
    raw = env.unwrapped
    own = {"section": 0, "tactics": 0}
    for action in result.actions:
        obs, *_ = env.last()
        if raw.agent_name_mapping[env.agent_selection] == 0:
            if strategic_rows("scythe", raw._state, obs["action_mask"][None])[0]:
                own["section"] += 1
            else:
                info = {"seat": 0, "game": "scythe", "state": raw._state}
                assert action == twin.act_batch(obs["observation"][None], obs["action_mask"][None], [info])[0]
                own["tactics"] += 1
        env.step(action)
    assert own["section"] >= 10 and own["tactics"] > own["section"]
    # the agent counts the decisions it answered itself and those it handed on (the summary's share)
    assert (agent.own_decisions, agent.delegated_decisions) == (own["section"], own["tactics"])
    assert agent.own_share == own["section"] / (own["section"] + own["tactics"])
    with pytest.raises(ValueError, match="needs infos"):
        agent.act_batch(obs["observation"][None], obs["action_mask"][None])


def test_a_delegate_must_be_a_bundled_bot_of_the_game():
    from meeplegym.errors import InvalidOptionError

    for wrong in ("random", "imperium.expander", "scythe.nobody"):
        with pytest.raises(InvalidOptionError, match="bundled bots"):
            SeatAdapter("scythe", 2, 2, ["random"], delegate=wrong)


def test_evaluation_plays_agents_that_read_the_state(scythe_kernels):
    result = evaluate(make_agent("scythe.builder", game="scythe", seed=0), "scythe", "random", games=4)
    assert result.games == 4 and result.win_rate == 1.0 and result.truncated == 0
    assert result.mean_margin > 10  # coins ahead of the random seat, on average (each game is a win)
    lost = evaluate(RandomAgent(3), "scythe", "scythe.builder", games=4)
    assert lost.win_rate == 0.0 and lost.mean_margin == pytest.approx(-result.mean_margin, rel=0.5)


def test_eval_csv_gains_the_margin_column_and_keeps_its_old_rows(tmp_path):
    from meeplegym.training.evaluate import EvalResult, append_evaluations

    path = tmp_path / "eval.csv"
    path.write_text("samples,seconds,opponent,games,win_rate\n100,1.5,random,10,0.9\n")
    result = EvalResult("scythe.builder", 10, 0.1, -0.8, [0.1, 0.1], 0, 500, -41.25)
    append_evaluations(path, 200, 3.04, [result])
    assert path.read_text().splitlines() == ["samples,seconds,opponent,games,win_rate,margin",
                                             "100,1.5,random,10,0.9,", "200,3.0,scythe.builder,10,0.1,-41.25"]
    append_evaluations(tmp_path / "new.csv", 1, 0.0, [result])
    assert (tmp_path / "new.csv").read_text().startswith("samples,seconds,opponent,games,win_rate,margin\n1,0.0,")


def test_bad_adapter_options():
    with pytest.raises(ValueError, match="seat"):
        SeatAdapter("scythe", 2, 2, ["random"], seat=2)
    with pytest.raises(ValueError, match="unknown opponent"):
        SeatAdapter("scythe", 2, 2, ["nobody"])


# ==================================================================== Gymnasium and SB3 faces
def test_gymnasium_env_ends_an_episode_on_the_state_it_ended_in(scythe_kernels):
    """issue 50: the step that ends an episode returns the learner's view of the final state (what
    SB3 bootstraps a truncated episode from), not its view before its last move."""
    env = gymnasium.make("meeplegym/Scythe-v0", opponents=["random"], seat=0, num_players=2, max_turns=3)
    obs, info = env.reset(seed=2)
    pick = np.random.default_rng(0)
    for _ in range(200):
        before = obs
        obs, reward, terminated, truncated, info = env.step(int(pick.choice(np.flatnonzero(info["action_mask"]))))
        if terminated or truncated:
            break
    assert truncated and not np.array_equal(obs, before)
    np.testing.assert_array_equal(obs, env.unwrapped.adapter._out.final_observation[0])


def test_gymnasium_env_passes_check_env(scythe_kernels):
    from gymnasium.utils.env_checker import check_env

    env = gymnasium.make("meeplegym/Scythe-v0", opponents=["random"], seat=1, num_players=2)
    check_env(env.unwrapped, skip_render_check=True)
    obs, info = env.reset(seed=5)
    assert info["seat"] == 1 and obs.shape == env.observation_space.shape
    masks = env.unwrapped.action_masks()
    np.testing.assert_array_equal(masks, info["action_mask"].astype(bool))
    obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(masks)[0]))
    assert not terminated and reward == 0.0
    obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(~env.unwrapped.action_masks())[0]))
    assert terminated and reward == -1.0 and info["illegal_action"]
    strict = gymnasium.make("meeplegym/Scythe-v0", illegal_action="raise").unwrapped
    strict.reset(seed=0)
    with pytest.raises(meeplegym.IllegalActionError):
        strict.step(int(np.flatnonzero(~strict.action_masks())[0]))


def test_sb3_vecenv_gives_the_whole_batch_of_masks(scythe_kernels):
    pytest.importorskip("sb3_contrib")
    from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported

    from meeplegym.training.sb3 import SeatVecEnv

    venv = SeatVecEnv("scythe", num_envs=5, opponents=["random"], seed=1)
    obs = venv.reset()
    assert obs.shape == (5, venv.observation_space.shape[0]) and is_masking_supported(venv)
    masks = get_action_masks(venv)
    assert masks.shape == (5, venv.action_space.n) and masks.dtype == bool
    np.testing.assert_array_equal(masks, venv.adapter.action_mask.astype(bool))
    actions = np.array([np.flatnonzero(m)[0] for m in masks])
    obs, rewards, dones, infos = venv.step(actions)
    assert obs.shape[0] == rewards.shape[0] == dones.shape[0] == len(infos) == 5


# ==================================================================== PPO
def test_ppo_runs_with_finite_losses_and_resumes(tmp_path, scythe_kernels):
    from meeplegym.training import ppo

    stats = ppo.train(_tiny_ppo_args(tmp_path))
    assert stats["samples"] == 512
    for key in ("loss", "policy_loss", "value_loss", "entropy", "approx_kl"):
        assert math.isfinite(stats[key]), key
    assert stats["entropy"] > 0
    assert (tmp_path / "checkpoint.pt").exists() and (tmp_path / "policy.pt").exists()
    first_seconds = torch.load(tmp_path / "checkpoint.pt", weights_only=True)["seconds"]
    resumed = ppo.train(_tiny_ppo_args(tmp_path, total_steps=768, resume=True))
    assert resumed["samples"] == 768 and resumed["update"] == 3
    # the training clock runs on across a resume, so a learning curve spans both runs
    assert torch.load(tmp_path / "checkpoint.pt", weights_only=True)["seconds"] > first_seconds > 0


def test_a_run_reports_where_its_time_went(tmp_path, scythe_kernels):
    from meeplegym.training import ppo

    started = time.perf_counter()
    stats = ppo.train(_tiny_ppo_args(tmp_path, total_steps=256, opponents="scythe.builder", eval_every=1,
                                     eval_opponents="scythe.rusher", eval_games=2))
    wall = time.perf_counter() - started
    seconds = stats["seconds"]
    assert set(seconds) == {"games", "opponents", "inputs", "network", "update", "other"}
    # the bots' moves are taken out of the games' steps, not counted twice; the evaluation's own
    # games (with their opponents) fall under other
    assert min(seconds.values()) >= 0 and seconds["opponents"] > 0 and seconds["update"] > 0
    assert seconds["other"] > 0 and sum(seconds.values()) <= wall


class _Payload:
    """Unpickled, it creates the file `marker`: what a crafted checkpoint could do instead."""

    def __init__(self, marker):
        self.marker = marker

    def __reduce__(self):
        return (Path.touch, (self.marker,))


def test_resume_refuses_a_checkpoint_that_would_run_code(tmp_path, scythe_kernels):
    """issue 47: checkpoint.pt is read with weights_only=True; a pickle that runs code on load is
    refused with a message naming the file, and nothing runs."""
    from meeplegym.errors import InvalidOptionError
    from meeplegym.training import ppo

    marker = tmp_path / "code-ran"
    torch.save({"model": _Payload(marker), "optimizer": {}, "update": 1, "global_step": 0, "games": 0},
               tmp_path / "checkpoint.pt")
    with pytest.raises(InvalidOptionError, match=r"checkpoint\.pt: not a meeplegym checkpoint"):
        ppo.train(_tiny_ppo_args(tmp_path, resume=True))
    assert not marker.exists()
    torch.load(tmp_path / "checkpoint.pt", weights_only=False)  # the payload is real: an unsafe load runs it
    assert marker.exists()


def test_maskable_resume_refuses_a_file_that_would_run_code(tmp_path, scythe_kernels):
    pytest.importorskip("sb3_contrib")
    from meeplegym.errors import InvalidOptionError
    from meeplegym.training import maskable

    marker = tmp_path / "code-ran"
    torch.save({"params": _Payload(marker)}, tmp_path / "resume.pt")
    args = maskable.Args(num_envs=4, num_steps=64, batch_size=64, n_epochs=2, total_steps=256, hidden="32,32",
                         out=str(tmp_path), eval_every=0, eval_opponents="", tensorboard=False, resume=True)
    with pytest.raises(InvalidOptionError, match=r"resume\.pt: not a meeplegym resume file"):
        maskable.train(args)
    assert not marker.exists()


class _SeatCheckingTeacher(Agent):
    """scythe.builder as a teacher that checks it is asked about the learner's own decisions."""

    name = "seat-checking builder"
    needs_state = True

    def __init__(self):
        super().__init__()
        self.builder = make_agent("scythe.builder", game="scythe", seed=5)
        self.decisions = 0

    def act(self, observation, action_mask, info=None):
        raise AssertionError("a teacher is asked a batch at a time")

    def act_batch(self, observations, action_masks, infos=None):
        assert (infos.states["actor"] == infos.seats).all()  # each row's seat is the one to move
        actions = self.builder.act_batch(observations, action_masks, infos)
        assert action_masks[np.arange(len(actions)), actions].all()
        self.decisions += len(actions)
        return actions


def _teacher_log_likelihood(policy_path) -> float:
    """Mean log-probability the policy gives scythe.builder's moves in positions of games no run
    here trained on (the builder plays the learner's seat against another builder)."""
    from meeplegym.agents.policy_agent import PolicyAgent
    from meeplegym.training import ppo

    builder = make_agent("scythe.builder", game="scythe", seed=77)
    adapter = SeatAdapter("scythe", 16, 2, ["scythe.builder"], seed=123_456)
    agent = PolicyAgent(path=policy_path)
    step, total = adapter.reset(123_456), []
    for _ in range(40):
        moves = builder.act_batch(step.observation, step.action_mask, StateBatch("scythe", adapter.venv.states, adapter.learner_seat.copy()))
        with torch.no_grad():
            logits = ppo.masked_logits(agent.logits(step.observation), torch.as_tensor(step.action_mask).bool())
            total.append(torch.log_softmax(logits, -1)[torch.arange(16), torch.as_tensor(moves)].mean().item())
        step = adapter.step(moves)
    return float(np.mean(total))


def test_a_teacher_pulls_the_policy_towards_its_moves_until_its_weight_runs_out(tmp_path, scythe_kernels):
    from meeplegym.training import ppo

    common = dict(total_steps=8 * 32 * 8, learning_rate=3e-3, anneal_lr=False, ent_coef=0.0)
    ppo.train(_tiny_ppo_args(tmp_path / "alone", **common))
    teacher = _SeatCheckingTeacher()
    seen = []
    ppo.train(_tiny_ppo_args(tmp_path / "taught", teacher=teacher, teacher_coef=5.0, teacher_steps=8 * 32 * 6, **common),
              seen.append)
    assert [s["teacher_weight"] for s in seen] == pytest.approx([5.0 * (1 - k / 6) for k in range(6)] + [0.0, 0.0])
    assert all(math.isfinite(s["teacher_loss"]) for s in seen[:6])
    assert math.isnan(seen[6]["teacher_loss"]) and math.isnan(seen[7]["teacher_agreement"])
    assert teacher.decisions == 8 * 32 * 6  # asked about every learner decision while its weight is above 0
    # kickstarting: the builder's moves became likelier, in games neither run saw
    alone = _teacher_log_likelihood(tmp_path / "alone" / "policy.pt")
    taught = _teacher_log_likelihood(tmp_path / "taught" / "policy.pt")
    assert taught > alone + 0.1, (taught, alone)


def test_behaviour_cloning_learns_the_teachers_moves_once_per_run(tmp_path, scythe_kernels):
    from meeplegym.errors import InvalidOptionError
    from meeplegym.training import ppo

    with pytest.raises(InvalidOptionError, match="--teacher"):
        ppo.train(_tiny_ppo_args(tmp_path, pretrain_samples=256))
    ppo.train(_tiny_ppo_args(tmp_path / "alone", total_steps=256))
    teacher = _SeatCheckingTeacher()
    cloned = []
    args = _tiny_ppo_args(tmp_path / "cloned", teacher=teacher, teacher_steps=1, pretrain_samples=8 * 32 * 6,
                          pretrain_lr=3e-3, total_steps=256)
    stats = ppo.train(args, pretrain_callback=cloned.append)
    assert [c["pretrain_samples"] for c in cloned] == [256 * k for k in range(1, 7)]
    assert teacher.decisions == 8 * 32 * 7  # the warm start's, then the first rollout's (its weight is 0 after)
    assert cloned[-1]["teacher_agreement"] > cloned[0]["teacher_agreement"]  # on each batch before learning it
    assert stats["samples"] == 256  # the teacher's decisions are not learner samples
    assert torch.load(tmp_path / "cloned" / "checkpoint.pt", weights_only=True)["pretrained"]
    alone = _teacher_log_likelihood(tmp_path / "alone" / "policy.pt")
    cloned_ll = _teacher_log_likelihood(tmp_path / "cloned" / "policy.pt")
    assert cloned_ll > alone + 0.1, (cloned_ll, alone)
    cloned.clear()
    ppo.train(dataclasses.replace(args, total_steps=512, resume=True), pretrain_callback=cloned.append)
    assert cloned == [] and teacher.decisions == 8 * 32 * 7  # a resumed run does not clone again
    # the help is in the policy file, and a run started from it inherits it (the summary's tables)
    meta = torch.load(tmp_path / "cloned" / "policy.pt", weights_only=True)["meta"]
    assert meta["cloned"] is True and meta["teacher"] == teacher.name
    assert torch.load(tmp_path / "alone" / "policy.pt", weights_only=True)["meta"]["cloned"] is False
    for start, inherited in (("cloned", True), ("alone", False)):
        ppo.train(_tiny_ppo_args(tmp_path / f"from-{start}", init_policy=str(tmp_path / start / "policy.pt"),
                                 total_steps=256))
        assert torch.load(tmp_path / f"from-{start}" / "policy.pt", weights_only=True)["meta"]["cloned"] is inherited


@pytest.mark.parametrize("separate_critic", [False, True])
def test_a_run_starts_from_an_exported_policy_and_warms_up_its_critic_first(tmp_path, scythe_kernels, separate_critic):
    """--init-policy copies an exported actor and its observation statistics (with their weight);
    --critic-warmup updates leave the actor as it is and fit only the critic (the value head on
    the actor's features, or the critic's own trunk with --separate-critic)."""
    from meeplegym.errors import InvalidOptionError
    from meeplegym.training import ppo

    ppo.train(_tiny_ppo_args(tmp_path / "first", total_steps=256))
    start = torch.load(tmp_path / "first" / "policy.pt", weights_only=True)
    assert start["meta"]["obs_count"] == pytest.approx(256, abs=1e-3)
    args = _tiny_ppo_args(tmp_path / "second", init_policy=str(tmp_path / "first" / "policy.pt"), critic_warmup=2,
                          total_steps=512, learning_rate=3e-3, separate_critic=separate_critic)
    ppo.train(args)
    warmed = torch.load(tmp_path / "second" / "checkpoint.pt", weights_only=True)["model"]
    for key, value in start["actor"].items():  # trunk 0, 2 and policy head 4 are the actor's layers
        name = f"trunk.{key}" if not key.startswith("4.") else key.replace("4.", "pi.")
        torch.testing.assert_close(warmed[name], value, rtol=0, atol=0)
    # the statistics kept the first run's weight: 256 observations, then the 512 of this run
    assert float(warmed["norm.count"]) == pytest.approx(768, abs=1e-3)
    torch.manual_seed(args.seed)
    fresh = ppo.ActorCritic(start["observation_size"], start["num_actions"], [32, 32], separate_critic=separate_critic)
    assert not torch.equal(warmed["v.weight"], fresh.v.weight)  # the value head learned
    if separate_critic:  # ... and so did its own trunk
        assert not torch.equal(warmed["critic_trunk.0.weight"], fresh.critic_trunk[0].weight)
    ppo.train(dataclasses.replace(args, total_steps=768, resume=True))  # update 3: past the warm-up
    trained = torch.load(tmp_path / "second" / "checkpoint.pt", weights_only=True)["model"]
    assert not torch.equal(trained["pi.weight"], warmed["pi.weight"])
    with pytest.raises(InvalidOptionError, match="hidden is \\[32, 32\\], this run has \\[16\\]"):
        ppo.train(dataclasses.replace(args, out=str(tmp_path / "third"), hidden="16"))
    with pytest.raises(InvalidOptionError, match="--init-policy"):
        ppo.train(dataclasses.replace(args, out=str(tmp_path / "third"), init_policy=str(tmp_path / "missing.pt")))


@pytest.mark.parametrize("separate_critic", [False, True], ids=["shared-trunk", "own-trunk"])
def test_checkpoint_round_trips_to_the_same_logits_and_values(tmp_path, scythe_kernels, separate_critic):
    from meeplegym.agents.policy_agent import PolicyAgent, compact_policy
    from meeplegym.training import ppo

    args = _tiny_ppo_args(tmp_path, total_steps=256, separate_critic=separate_critic)
    ppo.train(args)
    adapter = SeatAdapter("scythe", 6, 2, ["random"], seed=9)
    obs = adapter.observation.copy()  # whole observations: the policy picks the live ones itself
    columns = live_columns("scythe", 2)
    model = ppo.ActorCritic(columns.size, adapter.num_actions, [32, 32], separate_critic=separate_critic)
    model.load_state_dict(torch.load(tmp_path / "checkpoint.pt", weights_only=True)["model"])
    with torch.no_grad():
        expected, values = model(model.norm(torch.as_tensor(obs[:, columns])))
    assert values.std() > 0  # distinct positions: a value read from the wrong layers would not match below
    path = tmp_path / "policy.pt"
    for agent in (PolicyAgent(path=path), make_agent("policy", game="scythe", path=str(path))):
        torch.testing.assert_close(agent.logits(obs), expected)
        torch.testing.assert_close(agent.values(obs), values)
    assert PolicyAgent(path=path).meta["reward_mode"] == args.reward_mode  # what the value estimates
    # ... and a re-export of the loaded checkpoint is the same file content
    ppo.export(model, args, tmp_path / "again.pt", 0, columns)
    torch.testing.assert_close(PolicyAgent(path=tmp_path / "again.pt").logits(obs), expected)
    # a compact copy rounds the value's weights too, by bfloat16's 8 bits
    small = PolicyAgent(path=compact_policy(path, tmp_path / "small.pt"))
    torch.testing.assert_close(small.values(obs), values, atol=0.05 * values.abs().max().item(), rtol=0)


def test_a_policy_without_a_value_says_so(tmp_path):
    from meeplegym.agents.policy_agent import PolicyAgent, build_actor, save_policy

    path = save_policy(tmp_path / "old.pt", build_actor(10, [8], 4), game="scythe", num_players=2, hidden=[8],
                       activation="relu", obs_mean=torch.zeros(10), obs_var=torch.ones(10))
    agent = PolicyAgent(path=path)
    assert agent.logits(np.zeros((1, 10))).shape == (1, 4)  # it plays as before
    with pytest.raises(ValueError, match="policy:old has no value"):
        agent.values(np.zeros((1, 10)))


def test_masked_actions_are_never_sampled():
    from meeplegym.agents.policy_agent import PolicyAgent, build_actor
    from meeplegym.training import ppo

    rng = np.random.default_rng(0)
    obs_size, n_actions, batch = 40, 30, 512
    model = ppo.ActorCritic(obs_size, n_actions, [16])
    torch.nn.init.normal_(model.pi.weight, std=3.0)  # sharp, varied logits: illegal ones often win unmasked
    masks = rng.random((batch, n_actions)) < 0.1
    masks[np.arange(batch), rng.integers(n_actions, size=batch)] = True
    obs = torch.as_tensor(rng.normal(size=(batch, obs_size)), dtype=torch.float32)
    mask_t = torch.as_tensor(masks)
    for _ in range(40):
        actions, logp, _ = ppo.act(model, obs, mask_t)
        assert mask_t[torch.arange(batch), actions].all()
        assert torch.isfinite(logp).all()
    with torch.no_grad():
        logits, _ = model(obs)
    assert (logits.argmax(1) != ppo.masked_logits(logits, mask_t).argmax(1)).any()  # the mask matters here
    actor = build_actor(obs_size, [16], n_actions)
    torch.nn.init.normal_(actor[-1].weight, std=3.0)
    blob = {"model": actor, "game": "scythe", "num_players": 2, "num_actions": n_actions,
            "obs_mean": torch.zeros(obs_size), "obs_var": torch.ones(obs_size), "obs_eps": 0.0, "obs_clip": 10.0}
    for greedy in (True, False):
        agent = PolicyAgent(policy=blob, greedy=greedy, seed=1)
        for _ in range(20):
            chosen = agent.act_batch(obs.numpy(), masks)
            assert masks[np.arange(batch), chosen].all()


def test_sampled_actions_follow_the_policy_and_their_log_probabilities_are_its_own():
    """Gumbel-max sampling draws each legal action as often as the policy says, never an illegal one."""
    from meeplegym.training import ppo

    model = ppo.ActorCritic(4, 5, [8])
    logits = torch.tensor([[0.0, 1.0, 2.0, 5.0, -1.0]])
    model.forward = lambda obs: (logits.expand(obs.shape[0], -1), torch.zeros(obs.shape[0]))
    mask = torch.tensor([[True, True, True, False, True]]).expand(40_000, -1)
    actions, logp, _ = ppo.act(model, torch.zeros(40_000, 4), mask)
    expected = torch.softmax(ppo.masked_logits(logits, mask[:1]), -1)[0]
    seen = torch.bincount(actions, minlength=5) / actions.numel()
    assert seen[3] == 0
    assert torch.allclose(seen, expected, atol=0.01)
    torch.testing.assert_close(logp, expected.log()[actions])


def test_the_legal_distribution_is_the_masked_categorical_with_its_gradients():
    """log_prob, entropy and their gradients match torch's Categorical over the masked logits,
    including rows with one legal action and legal logits far apart (exp underflows)."""
    from meeplegym.training import ppo

    rng = np.random.default_rng(1)
    logits = torch.as_tensor(rng.normal(scale=4.0, size=(64, 50)), dtype=torch.float32)
    logits[0, 3] = 200.0  # the other legal actions of row 0 have probability 0 in float32
    masks = torch.as_tensor(rng.random((64, 50)) < 0.2)
    masks[:, 3] = True
    masks[1] = False
    masks[1, 7] = True  # a forced move: log-prob 0, entropy 0
    actions = torch.as_tensor([rng.choice(np.flatnonzero(m)) for m in masks.numpy()])
    ours, theirs = logits.clone().requires_grad_(True), logits.clone().requires_grad_(True)
    mine = ppo.LegalDistribution(ours, masks)
    reference = torch.distributions.Categorical(logits=ppo.masked_logits(theirs, masks))
    (mine.log_prob(actions).sum() + 0.3 * mine.entropy().sum()).backward()
    (reference.log_prob(actions).sum() + 0.3 * reference.entropy().sum()).backward()
    torch.testing.assert_close(mine.log_prob(actions), reference.log_prob(actions))
    torch.testing.assert_close(mine.entropy(), reference.entropy())
    torch.testing.assert_close(ours.grad, theirs.grad)
    assert mine.log_prob(actions)[1] == 0 and mine.entropy()[1] == 0
    assert (mine.logits.argmax(-1) == reference.logits.argmax(-1)).all()


def test_the_normaliser_keeps_the_mean_and_variance_of_everything_it_saw():
    from meeplegym.training import ppo

    norm = ppo.RunningNorm(6)
    batches = [torch.rand(64, 6) * 40 + k for k in range(10)]  # large values, a drifting mean
    for batch in batches:
        norm.update(batch)
    seen = torch.cat(batches)
    torch.testing.assert_close(norm.mean, seen.mean(0), rtol=1e-5, atol=1e-4)
    torch.testing.assert_close(norm.var, seen.var(0, unbiased=False), rtol=1e-4, atol=1e-3)


def test_precision_is_checked_resolved_and_recorded(tmp_path, scythe_kernels):
    from meeplegym.agents.policy_agent import load_policy
    from meeplegym.errors import InvalidOptionError
    from meeplegym.training import ppo

    cpu = torch.device("cpu")
    native = torch.cpu._is_amx_tile_supported() or torch.cpu._is_avx512_bf16_supported()
    assert ppo.resolve_precision("auto", cpu) == ("bf16" if native else "fp32")
    assert ppo.resolve_precision("fp32", cpu) == "fp32"
    with pytest.raises(InvalidOptionError, match="--precision must be one of auto, fp32, bf16, got 'half'"):
        ppo.train(_tiny_ppo_args(tmp_path / "bad", precision="half"))
    stats = ppo.train(_tiny_ppo_args(tmp_path / "bf16", precision="bf16"))
    assert math.isfinite(stats["loss"])
    assert load_policy(tmp_path / "bf16" / "policy.pt")["meta"]["precision"] == "bf16"
    ckpt = torch.load(tmp_path / "bf16" / "checkpoint.pt", weights_only=True)
    assert ckpt["args"]["precision"] == "bf16"


def test_snapshots_of_the_learner_play_in_float32_beside_a_bf16_learner(tmp_path, scythe_kernels):
    """With `self` in the pool the learner's exported snapshots are opponents, asked from Python in
    the middle of a rollout whose forward passes run in bf16: they play as exported, in float32."""
    from meeplegym.training import ppo

    stats = ppo.train(_tiny_ppo_args(tmp_path, opponents="random,self", precision="bf16", snapshot_every=1,
                                     total_steps=8 * 32 * 3))
    assert math.isfinite(stats["loss"])
    assert [entry["name"] for entry in stats["pool"]][0] == "random" and len(stats["pool"]) >= 3  # snapshots joined


# ==================================================================== MaskablePPO and the exported agent
def test_maskable_ppo_runs_and_exports_a_playable_policy(tmp_path, scythe_kernels):
    pytest.importorskip("sb3_contrib")
    from meeplegym.training import maskable

    args = maskable.Args(num_envs=4, num_steps=64, batch_size=64, n_epochs=2, total_steps=256, hidden="32,32",
                         out=str(tmp_path), eval_every=0, eval_opponents="", tensorboard=False, seed=2)
    stats = maskable.train(args)
    assert stats["samples"] >= 256 and (tmp_path / "model.zip").exists()
    first = torch.load(tmp_path / "resume.pt", weights_only=True)
    resumed = maskable.train(dataclasses.replace(args, total_steps=512, resume=True))
    assert resumed["samples"] == 512 and resumed["update"] == 2  # the rollouts count on
    again = torch.load(tmp_path / "resume.pt", weights_only=True)
    assert again["seconds"] > first["seconds"] > 0  # the training clock runs on across a resume
    assert not torch.equal(again["obs_rms"]["mean"], first["obs_rms"]["mean"])  # the normaliser went on learning
    agent = make_agent("policy", game="scythe", path=str(tmp_path / "policy.pt"), seed=0)
    result = play_match("scythe", [agent, RandomAgent(1)], seed=4, max_turns=3)
    assert result.truncated and result.decisions > 0


def test_policy_opponents_by_path(tmp_path, scythe_kernels):
    from meeplegym.training import ppo

    ppo.train(_tiny_ppo_args(tmp_path, total_steps=256))
    adapter = SeatAdapter("scythe", 4, 2, ["random", str(tmp_path / "policy.pt")], seat="random", seed=0)
    out = adapter.reset(0)
    for _ in range(20):
        out = adapter.step(RandomAgent(0).act_batch(out.observation, out.action_mask))
    assert adapter.pool.names[1].startswith("policy:")


def test_a_trained_policy_plays_in_a_tournament_by_its_path(tmp_path, scythe_kernels):
    from meeplegym.errors import InvalidOptionError
    from meeplegym.tournament import Config, run_tournament, stored_games, validate

    from meeplegym.training import ppo

    ppo.train(_tiny_ppo_args(tmp_path, total_steps=256))
    name = f"policy:{tmp_path / 'policy.pt'}"
    assert make_agent(name, game="scythe", seed=1).game == "scythe"
    config = Config(game="scythe", agents=(name, "random"), games=4, players=2, max_turns=4)
    tid = run_tournament(config, tmp_path / "t.sqlite")
    games = stored_games(tmp_path / "t.sqlite", tid)
    assert len(games) == 4 and all(name in g["agents"] for g in games)
    assert {g["agents"].index(name) for g in games} == {0, 1}  # it played both seats
    for agents, players, message in [((f"policy:{tmp_path / 'nothing.pt'}", "random"), 2, "nothing.pt"),
                                     ((name, "random", "random"), 3, "trained for 2 players, not 3")]:
        with pytest.raises(InvalidOptionError, match=message):
            validate(Config(game="scythe", agents=agents, games=3, players=players))
    with pytest.raises(InvalidOptionError, match="trained on scythe"):
        validate(Config(game="oath", agents=(name, "random"), games=2, players=2))


# ==================================================================== CLI and docs
def test_cli_does_not_import_torch_until_train():
    code = "import sys, meeplegym.cli; assert 'torch' not in sys.modules and 'stable_baselines3' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_training_doc_examples_run(tmp_path, monkeypatch, scythe_kernels):
    monkeypatch.chdir(tmp_path)
    blocks = re.findall(r"```python[^\n]*\n(.*?)```", (ROOT / "docs/training.md").read_text(), flags=re.S)
    assert blocks
    for code in blocks:
        exec(compile(code, "docs/training.md", "exec"), {})


@pytest.mark.parametrize("algo, checkpoint, delegate", [("ppo", "checkpoint.pt", ""),
                                                         ("maskable-ppo", "model.zip", "scythe.builder")])
def test_train_command_writes_a_policy(tmp_path, scythe_kernels, algo, checkpoint, delegate):
    from typer.testing import CliRunner

    from meeplegym.cli import app

    out = tmp_path / "run"
    result = CliRunner().invoke(app, ["train", "scythe", "--algo", algo, "--steps", "256", "--num-envs", "2",
                                      "--out", str(out), "--eval-opponents", "", "--torch-threads", "1",
                                      "--hidden", "24,24", "--learning-rate", "1e-4", "--ent-coef", "0.002",
                                      "--delegate", delegate])
    assert result.exit_code == 0, result.output
    policy = torch.load(out / "policy.pt", weights_only=True)
    assert policy["hidden"] == [24, 24] and policy["meta"]["delegate"] == delegate
    assert (out / "policy.pt").exists() and (out / checkpoint).exists() and (out / "tb").is_dir()
    assert "trained 256 samples" in result.output
    assert "update 1/1: 256 samples" in result.output  # no terminal here: progress comes as log lines
    assert ("time: the games' own steps" in result.output) == (algo == "ppo")  # where ppo's time went
    bad = CliRunner().invoke(app, ["train", "scythe", "--algo", algo, "--reward-mode", "wins", "--out", str(out)])
    assert bad.exit_code != 0 and "--reward-mode must be one of rank, score, margin" in bad.output
    solo = CliRunner().invoke(app, ["train", "imperium", "--algo", algo, "--players", "1", "--reward-mode", "rank",
                                    "--out", str(out)])
    assert solo.exit_code != 0 and "a solo game uses 'score'" in " ".join(re.sub("[│╭╮╰╯─]", " ", solo.output).split())


def test_train_command_clones_a_teacher_first(tmp_path, scythe_kernels):
    from typer.testing import CliRunner

    from meeplegym.cli import app

    out = tmp_path / "run"
    result = CliRunner().invoke(app, ["train", "scythe", "--steps", "128", "--num-envs", "2", "--out", str(out),
                                      "--eval-opponents", "", "--torch-threads", "1", "--hidden", "32",
                                      "--teacher", "scythe.builder", "--pretrain-samples", "512"])
    assert result.exit_code == 0, result.output
    assert "cloning scythe.builder: 512/512 decisions" in result.output
    saved = torch.load(out / "checkpoint.pt", weights_only=True)["args"]
    assert saved["hidden"] == "32" and saved["teacher"] == "scythe.builder" and saved["pretrain_samples"] == 512
    # the clone's export starts a second run, which fits its value head first
    again = CliRunner().invoke(app, ["train", "scythe", "--steps", "128", "--num-envs", "2", "--out", str(tmp_path / "again"),
                                     "--eval-opponents", "", "--torch-threads", "1", "--hidden", "32",
                                     "--init-policy", str(out / "policy.pt"), "--critic-warmup", "1"])
    assert again.exit_code == 0, again.output
    saved = torch.load(tmp_path / "again" / "checkpoint.pt", weights_only=True)["args"]
    assert saved["init_policy"] == str(out / "policy.pt") and saved["critic_warmup"] == 1
    for flags in (["--teacher", "scythe.builder"], ["--init-policy", str(out / "policy.pt")]):
        bad = CliRunner().invoke(app, ["train", "scythe", "--algo", "maskable-ppo", *flags, "--out", str(out)])
        assert bad.exit_code != 0
        assert "are options of --algo ppo" in " ".join(re.sub("[│╭╮╰╯─]", " ", bad.output).split())


def test_training_curves_report_a_run_folder(tmp_path, scythe_kernels):
    """benchmarks/training_curves.py turns a run's eval.csv into a table with intervals and a curve."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import training_curves
    from meeplegym.training import ppo

    ppo.train(_tiny_ppo_args(tmp_path / "run", eval_opponents="random", eval_games=4, eval_every=1, max_turns=4))
    run = training_curves.read_run(tmp_path / "run")
    assert run["game"] == "scythe" and run["meta"]["algo"] == "ppo"
    assert [r["samples"] for r in run["rows"]] == [256, 512]  # an evaluation per update
    table = training_curves.curve_table(run)
    rate, margin = run["rows"][-1]["win_rate"], run["rows"][-1]["margin"]
    assert "| 512 | " in table and f"{rate:.0%} [" in table and f"], {margin:+.1f} |" in table
    picture = training_curves.plot(run, tmp_path / "curve.png")
    assert picture.stat().st_size > 1000
    out = tmp_path / "training.md"
    training_curves.write_section("run: x", training_curves.run_section(run, picture), path=out,
                                  header=training_curves.HEADER)
    text = out.read_text()
    assert text.startswith("# meeplegym training results") and "](results/curve.png)" in text
    assert "--delegate" not in text
    run["meta"]["delegate"] = "scythe.builder"
    assert "tactics played by `scythe.builder` (`--delegate`)" in training_curves.run_section(run, picture)
    final, record = training_curves.final_section(tmp_path / "run", ["random"], games=2)
    rows = [line for line in final.splitlines() if line.startswith("| random |")]
    assert [row.split(" | ")[1] for row in rows] == ["sampled", "greedy"] and all(" | 2 | " in row for row in rows)
    # the summary's record: the same numbers, and the help the learner had (none: every decision its own)
    assert [(r["mode"], r["games"]) for r in record["results"]] == [("sampled", 2), ("greedy", 2)]
    assert record["cloned"] is False and record["own_share"] == 1.0 and training_curves.help_kind(record) == "scratch"
    assert record["first_at_mark"] == training_curves.first_at_mark(run)


def test_the_first_evaluation_at_the_mark_needs_every_bot_but_random():
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import training_curves

    def row(samples, opponent, rate):
        return {"samples": samples, "seconds": samples / 1000, "opponent": opponent, "games": 100, "win_rate": rate}

    rows = [row(100, "random", 0.99), row(100, "a", 0.60), row(100, "b", 0.50),
            row(200, "random", 0.40), row(200, "a", 0.55), row(200, "b", 0.56), row(300, "a", 0.9), row(300, "b", 0.9)]
    assert training_curves.first_at_mark({"rows": rows}) == {"samples": 200, "hours": 0.0}
    assert training_curves.first_at_mark({"rows": rows[:3]}) is None


def test_the_summary_puts_each_final_evaluation_in_the_table_of_its_help(tmp_path):
    """From scratch, cloned and delegated runs land in separate tables, each row with the share of
    the seat's decisions the network answered; the summary goes first in the results file and is
    rewritten in place."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import training_curves

    def record(run, **help_):
        result = {"opponent": "oath.warlord", "games": 1000, "win_rate": 0.6, "low": 0.57, "high": 0.63, "margin": 1.5}
        return {"run": run, "game": "oath", "num_players": 2, "samples": 2_000_000, "hours": 0.25, "commit": "abc",
                "seed": 0, "delegate": "", "expert": "", "cloned": False, "own_share": 1.0,
                "results": [{**result, "mode": "sampled"}, {**result, "mode": "greedy", "win_rate": 0.7}], **help_}

    finals = {"a": record("a", first_at_mark={"samples": 409_600, "hours": 0.05}), "b": record("b", cloned=True),
              "c": record("c", delegate="oath.steward", cloned=True, own_share=0.123), "d": record("d", cloned=None)}
    assert [training_curves.help_kind(r) for r in finals.values()] == ["scratch", "cloned", "delegate", "unrecorded"]
    text = training_curves.summary_section(finals)
    tables = text.split("\n### ")[1:]
    assert [t.splitlines()[0] for t in tables] == ["From scratch", "With cloning", "With a delegate", "Help not recorded"]
    assert ("| c | oath, 2p | 2,000,000 | 0.25 | not recorded | delegate `oath.steward`, cloned | 12% | oath.warlord | 1,000 | "
            "60.0% (57.0%-63.0%) | 70.0% (57.0%-63.0%) | +1.5 |") in tables[2]
    assert "| a | oath, 2p | 2,000,000 | 0.25 | 409,600 samples (0.05 h) | none | 100% |" in tables[0] and "| a |" not in tables[1]
    out = tmp_path / "training.md"
    out.write_text(training_curves.HEADER + "\n<!-- BEGIN run: x -->\nx\n<!-- END run: x -->\n")
    for _ in range(2):
        training_curves.write_section("summary: final evaluations", text, path=out, header=training_curves.HEADER,
                                      at_top=True)
    written = out.read_text()
    assert written.count("## Summary: final evaluations") == 1
    assert written.index("## Summary") < written.index("BEGIN run: x") and written.startswith(training_curves.HEADER.rstrip())


def test_runs_record_their_commit_and_compare_in_one_table(tmp_path, scythe_kernels):
    """Each export names the code commit and seed it was trained at; `--compare` puts runs that
    differ in a setting side by side, naming only the settings that differ."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import training_curves
    from meeplegym.training import ppo

    for seed, coef in ((1, 0.0), (2, 0.05)):
        ppo.train(_tiny_ppo_args(tmp_path / f"s{seed}", eval_opponents="random", eval_games=2, max_turns=4,
                                 seed=seed, shaping_coef=coef))
    meta = training_curves.read_run(tmp_path / "s1")["meta"]
    assert meta["commit"] == ppo.code_commit() != "" and meta["seed"] == 1
    table = training_curves.compare_section("shaping", [tmp_path / "s1", tmp_path / "s2"])
    header = next(line for line in table.splitlines() if line.startswith("| run |"))
    assert header.startswith("| run | `shaping_coef` | `seed` | samples | hours | vs random")
    assert "| s2 | 0.05 | 2 | 512 |" in table and f"`commit={ppo.code_commit()}`" in table


def test_a_run_section_reports_the_learners_record_against_its_pool(tmp_path):
    """The pool's record (kept in the checkpoint) names each opponent, snapshots by number."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import training_curves

    torch.save({"args": {"opponents": "random,scythe.builder@epsilon=0.5,self"},
                "pool_wins": [9.0, 2.0, 0.0], "pool_games": [10.0, 10.0, 0.0]}, tmp_path / "checkpoint.pt")
    record = training_curves.pool_record(tmp_path)
    assert [(name, round(rate, 2), games) for name, rate, games in record] == [
        ("random", 0.86, 10.0), ("scythe.builder@epsilon=0.5", 0.23, 10.0), ("snapshot 1", 0.5, 0.0)]
    run = {"name": "x", "game": "scythe", "num_players": 2, "meta": {"algo": "ppo"}, "pool": record,
           "rows": [{"samples": 1, "seconds": 1.0, "opponent": "random", "games": 2, "win_rate": 0.5}]}
    text = training_curves.run_section(run, tmp_path / "x.png")
    assert "record against its pool" in text and "random 86%, scythe.builder@epsilon=0.5 23%." in text
    assert "snapshot 1" not in text  # no games against it yet
    assert training_curves.pool_record(tmp_path / "nowhere") == []
