"""The vector API's seated bots (VectorEnv.play_bots, meeplegym/seated_bots.py) and the trainer's
opponents played through them (training/opponents.py): each move is the bot's policy from the
game's own generator word, played as a vector step, and the games stop where another seat decides."""

from __future__ import annotations

import importlib

import numpy as np
import pytest

import meeplegym
from meeplegym import rng
from meeplegym.agents import Agent, RandomAgent, make_agent
from meeplegym.seated_bots import NO_BOT
from meeplegym.training.opponents import SeatAdapter

GAMES = ["scythe", "imperium", "oath"]


def _replayed(game, states, seat_styles, words, moves):
    """Replay `moves` decisions of each game from a copy of `states` in Python, one kernel call
    per decision: the bot of the seat to move (style seat_styles[seat], no random moves) from
    the game's own generator word. Returns the states reached."""
    bots = importlib.import_module(f"meeplegym.agents.{game}_bots")
    engine = importlib.import_module(f"meeplegym.envs.{game}.engine")
    n_actions = importlib.import_module(f"meeplegym.envs.{game}.actions").N_ACTIONS
    states, words = states.copy(), words.copy()
    mask = np.zeros(n_actions, dtype=np.int8)
    for b in range(states.shape[0]):
        for _ in range(moves[b]):
            engine.legal_mask_at(states, b, mask)
            seat = int(states[b]["actor"])
            action = bots.policy_at(states, b, seat, seat_styles[seat], mask, words, b)
            engine.apply_at(states, b, action)
    return states, words


@pytest.mark.parametrize("game", GAMES)
def test_each_move_is_the_bots_policy_and_the_game_stops_at_a_seat_without_a_bot(game):
    venv = meeplegym.make_vector(game, 3, num_players=2, seed=5)
    styles = np.array([[NO_BOT, 1], [NO_BOT, 1], [NO_BOT, 1]])
    words = rng.seed_words([1, 2, 3])
    result = venv.last_step
    played = 0
    for _ in range(12):  # the learner's seat 0 plays its first legal action between the bots' turns
        waiting = np.flatnonzero(result.seat == 0)
        actions = np.array([np.flatnonzero(m)[0] for m in result.action_mask])
        result = venv.step(actions, active=result.seat == 0) if waiting.size else result
        before, words_before = venv.states.copy(), words.copy()
        moves = venv.play_bots([0, 1, 2], styles, np.zeros((3, 2)), words)
        ended = venv.last_step.terminated | venv.last_step.truncated  # and restarted: the bot may move first
        assert ((venv.last_step.seat == 0) | ended).all()  # each game waits on the seat without a bot
        expected, expected_words = _replayed(game, before, [NO_BOT, 1], words_before, moves)
        np.testing.assert_array_equal(venv.states[~ended], expected[~ended])
        np.testing.assert_array_equal(words[~ended], expected_words[~ended])
        seen = venv.observe([0, 1, 2], venv.last_step.seat)  # encoded once, when the bots stop
        np.testing.assert_array_equal(venv.last_step.observation, seen)
        result = venv.last_step
        played += moves[~ended].sum()
    assert played > 0


def test_the_budget_stops_a_game_and_rows_outside_are_untouched():
    venv = meeplegym.make_vector("scythe", 3, num_players=2, seed=9)
    styles = np.zeros((3, 2), dtype=np.int64)  # bots in every seat: only the budget stops them
    before = venv.states[1].copy()
    moves = venv.play_bots([0, 2], styles, np.zeros((3, 2)), rng.seed_words([4, 5, 6]), budget=[7, 0, 11])
    assert moves.tolist() == [7, 0, 11]
    assert venv.states[1] == before
    assert venv.game.decisions.tolist() == [7, 0, 11]  # the games' own decision counts moved on too


def test_a_game_that_ends_restarts_and_reports_its_end():
    """Bots in every seat play whole games: each game stops at the move that ends it and reports
    its rewards, scores and the final observation for the seat asked, as a step does."""
    venv = meeplegym.make_vector("scythe", 2, num_players=2, seed=3, max_turns=3)
    seeds = venv.game_seeds.copy()
    moves = venv.play_bots([0, 1], np.zeros((2, 2), dtype=np.int64), np.zeros((2, 2)), rng.seed_words([7, 8]),
                           final_seats=np.array([0, 1]))
    last = venv.last_step
    assert (moves > 0).all() and last.truncated.all()  # max_turns cut both games
    assert venv.episodes.tolist() == [1, 1]
    np.testing.assert_array_equal(venv.game_seeds, seeds + 2)  # the next games of the seed sequence
    assert last.final_observation is not None and last.final_observation.any(axis=1).all()


@pytest.mark.parametrize("game", GAMES)
def test_bots_in_threads_play_the_games_they_play_in_one(game):
    """With two numba threads the rows are shared out between two Python threads: every game,
    its generator word, its rewards, its restarts and its observation end as in one thread."""
    import numba

    def played(threads):
        venv = meeplegym.make_vector(game, 6, num_players=2, seed=21, max_turns=4)
        words = rng.seed_words(range(6))
        styles = np.zeros((6, 2), dtype=np.int64)
        styles[::2, 1] = NO_BOT  # half the games stop at a seat without a bot, half play on
        previous = numba.get_num_threads()
        numba.set_num_threads(threads)
        try:
            moves = venv.play_bots([0, 1, 2, 4, 5], styles, np.full((6, 2), 0.2), words, budget=[300] * 6,
                                   final_seats=np.zeros(6, dtype=np.int64))
        finally:
            numba.set_num_threads(previous)
        last = venv.last_step
        return (venv.states.tobytes(), words.tolist(), moves.tolist(), venv.episodes.tolist(), last.rewards.tobytes(),
                last.observation.tobytes(), last.final_observation.tobytes())

    one, two = played(1), played(2)
    assert two == one
    assert one[2][3] == 0 and min(one[2][i] for i in (1, 5)) > 0  # row 3 untouched, the bots-only games moved


def test_random_moves_come_with_probability_epsilon():
    """epsilon 1 is the random agent: a legal move, rarely the bot's; epsilon 0 never random."""
    venv = meeplegym.make_vector("scythe", 1, num_players=2, seed=2)
    styles = np.zeros((1, 2), dtype=np.int64)
    words = rng.seed_words([11])
    before, words_before = venv.states.copy(), words.copy()
    moves = venv.play_bots([0], styles, np.ones((1, 2)), words, budget=[40])
    assert moves[0] == 40
    bot_states, _ = _replayed("scythe", before, [0, 0], words_before, moves)
    assert not np.array_equal(venv.states, bot_states)


@pytest.mark.parametrize("kwargs, message", [
    (dict(styles=np.zeros((2, 3), dtype=np.int64)), "styles and epsilons must have shape"),
    (dict(epsilons=np.full((2, 2), 1.5)), "probabilities"),
    (dict(words=np.zeros(2, dtype=np.int64)), "uint64"),
    (dict(rows=[2]), "rows must be in 0..1"),
    (dict(styles=np.full((2, 2), 2)), r"styles are -1 \(no bot\) or a style of the game's bots: 0 \(builder\), 1 \(rusher\)"),
])
def test_bad_arguments_are_named(kwargs, message):
    venv = meeplegym.make_vector("scythe", 2, num_players=2, seed=1)
    args = dict(rows=[0, 1], styles=np.zeros((2, 2), dtype=np.int64), epsilons=np.zeros((2, 2)),
                words=rng.seed_words([1, 2]))
    args.update(kwargs)
    before = venv.states.copy()
    with pytest.raises((ValueError, IndexError), match=message):
        venv.play_bots(**args)
    np.testing.assert_array_equal(venv.states, before)


def test_which_agents_are_seated():
    assert make_agent("scythe.builder", game="scythe").seated_bot() == (0, 0.0)
    assert make_agent("scythe.rusher@epsilon=0.25", game="scythe").seated_bot() == (1, 0.25)
    assert RandomAgent().seated_bot() == (0, 1.0)
    assert make_agent("random@epsilon=0.5", game="scythe").seated_bot() == (0, 1.0)
    assert make_agent("scythe.mcts", game="scythe").seated_bot() is None  # a search is asked from Python
    assert make_agent("scythe.mcts@epsilon=0.5", game="scythe").seated_bot() is None


class Refusing(RandomAgent):
    name = "refusing"

    def act_batch(self, observations, action_masks, infos=None):
        raise AssertionError("a seated bot was asked from Python")


class FirstLegal(Agent):
    """An agent the vector API cannot seat: asked from Python, as a policy or a search is."""

    name = "first-legal"

    def __init__(self):
        super().__init__(0)
        self.asked = 0

    def act(self, observation, action_mask, info=None):
        self.asked += 1
        return int(np.flatnonzero(action_mask)[0])


@pytest.mark.parametrize("game", GAMES)
def test_the_trainers_bot_opponents_are_played_in_compiled_code(game):
    """The adapter never asks a seated bot from Python, and every decision it hands the learner is
    the learner's; the same seed gives the same games."""
    bot = make_agent(f"{game}.{'builder' if game == 'scythe' else 'expander' if game == 'imperium' else 'warlord'}",
                     game=game, seed=0)
    bot.act_batch = Refusing().act_batch
    runs = []
    for _ in range(2):
        python_agent = FirstLegal()
        env = SeatAdapter(game, batch=4, num_players=3,
                          opponents=[bot, Refusing(seed=1), python_agent], seed=3, observation="live")
        step = env.reset(3)
        seen = [step.observation.copy()]
        for _ in range(30):
            assert (env.venv.last_step.seat == env.learner_seat).all()
            actions = np.array([np.flatnonzero(m)[0] for m in step.action_mask])
            step = env.step(actions)
            seen.append(step.observation.copy())
        runs.append(np.array(seen))
        assert python_agent.asked > 0
    np.testing.assert_array_equal(runs[0], runs[1])


def test_a_pool_of_random_agents_alone_is_asked_from_python():
    """No bot kernel compiles for a run against random only; beside a bot, random is seated too."""
    alone = SeatAdapter("scythe", batch=2, opponents=["random"], seed=1)
    assert (alone._bot_styles == NO_BOT).all()
    mixed = SeatAdapter("scythe", batch=2, num_players=3, opponents=["random", "scythe.rusher"], seed=1)
    seated = mixed._bot_styles[mixed._bot_styles != NO_BOT]
    assert seated.size == 4 and set(mixed._bot_epsilons[mixed._bot_styles != NO_BOT]) <= {0.0, 1.0}


def test_recorded_games_ask_every_opponent_from_python():
    """``record=True`` keeps each move of every seat, so its opponents are asked one decision at a time."""
    env = SeatAdapter("scythe", batch=2, opponents=["scythe.builder"], seed=1, record=True)
    step = env.reset(1)
    for _ in range(5):
        step = env.step(np.array([np.flatnonzero(m)[0] for m in step.action_mask]))
    assert (env._bot_styles == NO_BOT).all()
    assert all(len(a) > 5 for a in env.actions)  # the opponents' moves are in the record too
