"""Imperium through the vector API (meeplegym.make_vector): batched steps equal the AEC env game
by game (seats, observations, masks, rewards, scores, auto-resets), threads change nothing, an
illegal action changes nothing, bad options fail at construction."""

from __future__ import annotations

import numpy as np
import pytest

import meeplegym
from meeplegym import IllegalActionError, InvalidOptionError
from meeplegym.agents import RandomAgent
from meeplegym.envs.imperium import engine
from tests.test_vector import lockstep


@pytest.mark.parametrize("players", [2, 3, 4])
def test_batch_equals_aec_games_with_truncation_resets(players):
    venv, ended = lockstep("imperium", players, batch=3, seed=10 * players, steps=160, max_turns=2 * players)
    assert ended >= 3 and venv.episodes.min() >= 1  # every slot restarted at least once


@pytest.mark.parametrize("reward_mode", ["rank", "score", "margin"])
def test_batch_equals_aec_through_complete_games(reward_mode):
    # Random 2-player games end in about 250-900 decisions; both slots finish at least once.
    venv, ended = lockstep("imperium", 2, batch=2, seed=3, steps=1800, reward_mode=reward_mode)
    assert ended >= 2 and not venv._truncated.any()


@pytest.mark.rule("I14.2")
def test_solo_batch_against_the_automa_equals_aec_games():
    # solo games at Chieftain end in about 400-900 decisions of the player's
    venv, ended = lockstep("imperium", 1, batch=2, seed=7, steps=2000, difficulty="chieftain", trade_routes=True)
    assert ended >= 2 and (venv.states["automa"] == 1).all()


def test_chosen_nations_and_sides_reach_every_game():
    venv = meeplegym.make_vector("imperium", 3, num_players=2, seed=0, nations=["taino", None],
                                 power_sides=["A", "B"])
    taino = engine.NATION_NAMES["taino"]
    assert (venv.states["nation"][:, 0] == taino).all()
    assert len({int(x) for x in venv.states["nation"][:, 1]}) > 1  # the random seat differs by seed
    assert (venv.states["face"][np.arange(3), venv.states["power_card"][:, 0]] == 0).all()  # side A


def test_variants_reach_every_game():
    from meeplegym.envs.imperium.state import VARIANT_PRECIOUS_CARDS, VARIANT_QUICK_SETUP

    venv = meeplegym.make_vector("imperium", 3, num_players=2, seed=0, quick_setup=True, precious_cards=True)
    assert (venv.states["variants"] == VARIANT_QUICK_SETUP | VARIANT_PRECIOUS_CARDS).all()
    single = engine.new_game(2, 0, quick_setup=True, precious_cards=True)[0]
    assert single["variants"] == venv.states["variants"][0]


def test_threaded_batches_equal_single_games():
    from meeplegym.vector import PARALLEL_FROM

    big = meeplegym.make_vector("imperium", PARALLEL_FROM + 2, num_players=3, seed=70)
    slots = (0, PARALLEL_FROM + 1)
    singles = {b: meeplegym.make_vector("imperium", 1, num_players=3, seed=70 + b) for b in slots}
    agent = RandomAgent(4)
    result = big.reset(70)
    for _ in range(120):
        actions = agent.act_batch(None, result.action_mask)
        for b, single in singles.items():
            np.testing.assert_array_equal(single.action_masks()[0], result.action_mask[b])
            single.step(actions[b: b + 1])
        result = big.step(actions)
    for b, single in singles.items():
        assert single.states[0].tobytes() == big.states[b].tobytes()


def test_illegal_action_names_the_game_and_changes_nothing():
    venv = meeplegym.make_vector("imperium", 4, num_players=2, seed=5)
    result = venv.reset(5)
    agent = RandomAgent(1)
    for _ in range(20):
        result = venv.step(agent.act_batch(None, result.action_mask))
    states, masks = venv.states.copy(), result.action_mask.copy()
    actions = agent.act_batch(None, masks)
    actions[2] = int(np.flatnonzero(masks[2] == 0)[0])
    with pytest.raises(IllegalActionError, match="in game 2 of the batch"):
        venv.step(actions)
    assert venv.states.tobytes() == states.tobytes()
    np.testing.assert_array_equal(venv.action_masks(), masks)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(num_players=5), "num_players"),
        (dict(nations=["inuit", "inuit"]), "twice"),
        (dict(nations="inuit"), "one per player"),
        (dict(num_players=1, difficulty="easy"), "difficulty"),
        (dict(difficulty="emperor"), "solo game"),
        (dict(power_sides=["C", "A"]), "power_sides"),
        (dict(trade_routes="yes"), "trade_routes"),
        (dict(training=True), "solo"),
        (dict(num_players=1, training=True, reward_mode="margin"), "solo game uses 'score'"),
        (dict(nations=["cultists", None], quick=True), "quick variant"),
        (dict(quick_setup="yes"), "must be True or False"),
        (dict(colour="red"), "unknown Imperium options"),
    ],
)
def test_bad_options_fail_at_construction(kwargs, message):
    with pytest.raises(InvalidOptionError, match=message):
        meeplegym.make_vector("imperium", 2, **kwargs)
