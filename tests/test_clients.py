"""Third-party clients on our games, each a real library nobody here wrote (issue 50): PettingZoo's
render test, Gymnasium's and Stable-Baselines3's env checkers on each game's single-seat env, a
Tianshou collector over PettingZoo, OpenSpiel's own checks and bots through ``meeplegym.openspiel``,
RLlib's env check and PPO through ``meeplegym.rllib``. (PettingZoo's
api_test and seed_test on every table size are in test_env_contract.py.)"""

from __future__ import annotations

import gymnasium
import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts
from open_spiel.python.bots import uniform_random
from pettingzoo.test import render_test

import meeplegym.training  # noqa: F401  (registers the single-seat Gymnasium envs)
from meeplegym import IllegalActionError, make_env
from meeplegym import openspiel as bridge
from meeplegym.errors import InvalidOptionError
from meeplegym.registry import GAMES


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_render_test_passes(game, capsys):
    render_test(lambda render_mode=None: make_env(game, render_mode=render_mode))
    assert "seat" in capsys.readouterr().out  # the human mode printed the table


@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_and_sb3_check_the_single_seat_env(game):
    from gymnasium.utils.env_checker import check_env
    from stable_baselines3.common.env_checker import check_env as sb3_check_env

    env = gymnasium.make(meeplegym.training.env_id(game), opponents=["random"], num_players=2).unwrapped
    check_env(env, skip_render_check=True)
    sb3_check_env(env, warn=False)


@pytest.mark.parametrize("game", GAMES)
def test_a_tianshou_collector_plays_whole_games_through_its_pettingzoo_wrapper(game):
    """Tianshou's own PettingZooEnv and Collector, its masked random agent in every seat."""
    from tianshou.algorithm.multiagent.marl import MultiAgentPolicy
    from tianshou.algorithm.random import MARLRandomDiscreteMaskedOffPolicyAlgorithm
    from tianshou.data import Collector, VectorReplayBuffer
    from tianshou.env import DummyVectorEnv, PettingZooEnv

    def make():
        return PettingZooEnv(make_env(game, num_players=2))

    probe = make()
    random_agent = MARLRandomDiscreteMaskedOffPolicyAlgorithm(probe.action_space).policy
    policy = MultiAgentPolicy({agent: random_agent for agent in probe.agents})
    collector = Collector(policy, DummyVectorEnv([make, make]), VectorReplayBuffer(1_000, 2))
    collector.reset()
    if game != "oath":  # Tianshou takes ~5 ms a step: a few hundred steps here, whole games for Oath's short ones
        assert collector.collect(n_step=300).n_collected_steps >= 300
        return
    stats = collector.collect(n_episode=2)
    assert stats.n_collected_episodes == 2
    assert sorted(np.asarray(stats.returns).ravel().tolist()) == [-1.0, -1.0, 1.0, 1.0]  # a winner and a loser each


def load(game: str, **params) -> pyspiel.Game:
    return pyspiel.load_game(bridge.PREFIX + game, params)


def random_game(game: str, players: int, seed: int, decisions: int):
    """An OpenSpiel state `decisions` random legal actions into a game (fewer if it ends)."""
    state = load(game, players=players, rng_seed=seed).new_initial_state()
    rng = np.random.default_rng(seed)
    for _ in range(decisions):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize("game", GAMES)
def test_openspiel_loads_every_table_with_the_envs_actions_and_observations(game):
    low, high = GAMES[game].players
    for players in range(low, high + 1):
        loaded = load(game, players=players)
        env = make_env(game, num_players=players)
        assert loaded.num_players() == players
        assert loaded.num_distinct_actions() == env.action_space("player_0").n
        size = env.observation_space("player_0")["observation"].shape[0]
        assert loaded.observation_tensor_shape() == loaded.information_state_tensor_shape() == [size]
    kind = loaded.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    with pytest.raises(Exception, match="player"):
        load(game, players=high + 1)


@pytest.mark.parametrize("game", GAMES)
def test_openspiel_random_simulation_checks_pass(game):
    """pyspiel's own random_sim_test: legal actions, clones, strings and tensors on every state of
    games played at random (cut at 150 decisions: the render behind str(state) is slow)."""
    low, high = GAMES[game].players
    for players in (low, high):
        pyspiel.random_sim_test(load(game, players=players, rng_seed=3, max_decisions=150), num_sims=1,
                                serialize=False, verbose=False)


@pytest.mark.parametrize("game", GAMES)
def test_an_openspiel_state_plays_exactly_as_the_env(game):
    """The same game through both APIs, loaded from the env's state dict: the same legal actions
    and words, the same observation of every seat at every decision, the same final rewards."""
    env = make_env(game, num_players=3)
    env.reset(seed=5)
    state = bridge.load_state(load(game, players=3), env.unwrapped.state_to_dict())
    seats = range(3)
    rng = np.random.default_rng(5)
    while not any(env.terminations.values()):
        action = int(rng.choice(env.unwrapped.legal_actions()))
        assert state.current_player() == env.unwrapped.agent_name_mapping[env.agent_selection]
        assert state.legal_actions() == env.unwrapped.legal_actions()
        assert state.action_to_string(action) == env.unwrapped.action_to_str(action)
        for seat in seats:
            assert np.array_equal(state.observation_tensor(seat), env.observe(f"player_{seat}")["observation"])
        state.apply_action(action)
        env.step(action)
    assert state.is_terminal()
    assert state.returns() == [env.rewards[f"player_{seat}"] for seat in seats]
    assert sum(state.returns()) == pytest.approx(0.0)


@pytest.mark.parametrize("game", GAMES)
def test_a_clone_replays_the_same_future_and_leaves_the_original_alone(game):
    state = random_game(game, 2, seed=1, decisions=40)
    before = str(state)
    clones = [state.clone(), state.clone()]
    rng = np.random.default_rng(2)
    for _ in range(60):
        if clones[0].is_terminal():
            break
        action = int(rng.choice(clones[0].legal_actions()))
        for clone in clones:
            clone.apply_action(action)
    assert str(clones[0]) == str(clones[1]) != before  # chance is the state's own: clones agree
    assert str(state) == before


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_action_is_refused_and_changes_nothing(game):
    state = random_game(game, 2, seed=4, decisions=10)
    illegal = next(a for a in range(state.get_game().num_distinct_actions()) if a not in state.legal_actions())
    before = bridge.state_to_dict(state)  # after the legal actions: Imperium's mask works in the state's scratch
    with pytest.raises(IllegalActionError):
        state.apply_action(illegal)
    assert bridge.state_to_dict(state) == before and state.history() == state.clone().history()


def test_the_games_dealt_follow_the_seed_and_clones_spend_none():
    first, second = load("scythe", rng_seed=11), load("scythe", rng_seed=11)
    a = first.new_initial_state()
    for _ in range(5):
        a.clone()
    a2 = first.new_initial_state()
    b, b2 = second.new_initial_state(), second.new_initial_state()
    assert str(a) == str(b) and str(a2) == str(b2) and str(a) != str(a2)


@pytest.mark.parametrize("game", GAMES)
def test_resampling_keeps_what_the_seat_sees_and_redeals_the_rest(game):
    state = random_game(game, 2, seed=6, decisions=30)
    seat = state.current_player()
    before = bridge.state_to_dict(state)
    worlds = [state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0)) for _ in range(4)]
    for world in worlds:
        assert np.array_equal(world.observation_tensor(seat), state.observation_tensor(seat))
        assert world.legal_actions() == state.legal_actions()
    assert any(bridge.state_to_dict(world) != before for world in worlds)
    assert bridge.state_to_dict(state) == before


@pytest.mark.parametrize("game", GAMES)
def test_openspiel_mcts_and_ismcts_bots_play_whole_games(game):
    """OpenSpiel's MCTSBot (through its evaluate_bots) and ISMCTSBot, valuing leaves with the
    bridge's StandingsEvaluator, each finish a game against the uniform random bot."""
    loaded = load(game, rng_seed=8)
    rng = np.random.RandomState(0)
    evaluator = bridge.StandingsEvaluator()
    bots = [mcts.MCTSBot(loaded, 1.4, 4, evaluator, random_state=rng), uniform_random.UniformRandomBot(1, rng)]
    returns = evaluate_bots.evaluate_bots(loaded.new_initial_state(), bots, rng)
    assert sorted(returns) == [-1.0, 1.0]
    # ISMCTSBot has no restart_at, which evaluate_bots calls: the loop, by hand
    bots[0] = ismcts.ISMCTSBot(loaded, evaluator, 1.4, 4, random_state=rng, allow_inconsistent_action_sets=True)
    state = loaded.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
    assert sorted(state.returns()) == [-1.0, 1.0]


def test_a_game_cut_at_max_decisions_is_a_draw():
    state = load("scythe", rng_seed=2, max_decisions=25).new_initial_state()
    rng = np.random.default_rng(2)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))  # a Scythe game takes hundreds
    assert len(state.history()) == 25 and state.returns() == [0.0, 0.0]
    assert state.current_player() == pyspiel.PlayerId.TERMINAL


def test_a_saved_state_loads_only_into_its_table():
    state = random_game("imperium", 3, seed=9, decisions=50)
    saved = bridge.state_to_dict(state)
    again = bridge.load_state(load("imperium", players=3), saved)
    assert str(again) == str(state) and again.legal_actions() == state.legal_actions()
    with pytest.raises(InvalidOptionError, match="3 players"):
        bridge.load_state(load("imperium", players=2), saved)


def test_rllib_checks_our_env_and_trains_one_ppo_iteration_with_its_action_masking_module():
    """RLlib's own env check (default on) and one PPO iteration, through RLlib's PettingZooEnv and
    its ActionMaskingTorchRLModule: no wrapper of the user's own (issue 50)."""
    import ray
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule
    from ray.rllib.utils.pre_checks.env import check_multiagent_environments
    from ray.tune.registry import register_env

    from meeplegym.rllib import rllib_env

    check_multiagent_environments(rllib_env("oath", num_players=2))
    register_env("meeplegym_oath", lambda config: rllib_env("oath", **config))
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    try:
        module = RLModuleSpec(module_class=ActionMaskingTorchRLModule, model_config={"fcnet_hiddens": [32]})
        config = (PPOConfig().environment("meeplegym_oath", env_config={"num_players": 2})
                  .multi_agent(policies={"shared"}, policy_mapping_fn=lambda agent_id, episode, **kw: "shared")
                  .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={"shared": module}))
                  .env_runners(num_env_runners=0)
                  .training(train_batch_size_per_learner=256, minibatch_size=64, num_epochs=1))
        algo = config.build_algo()
        result = algo.train()
        algo.stop()
    finally:
        ray.shutdown()
    assert result["env_runners"]["num_env_steps_sampled_lifetime"] >= 256
    assert np.isfinite(result["learners"]["shared"]["total_loss"])


def test_the_rllib_env_ends_a_game_on_an_illegal_action_and_the_actor_loses():
    from meeplegym.rllib import rllib_env

    env = rllib_env("scythe", num_players=2)
    obs, _ = env.reset(seed=3)
    (agent, seen), = obs.items()
    assert set(seen) == {"observations", "action_mask"}
    illegal = int(np.flatnonzero(seen["action_mask"] == 0)[0])
    _, rewards, terminated, _, _ = env.step({agent: illegal})
    assert terminated["__all__"] and rewards[agent] == -1.0
