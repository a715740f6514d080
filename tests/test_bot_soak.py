"""Checked bot games (``meeplegym.agents.soak`` over each game's ``invariants.step_checked``):
what ``make soak`` plays its 100,000 rule-based-bot games per game with (issue 13)."""

from __future__ import annotations

import numpy as np
import pytest

from meeplegym.agents.soak import GAMES, first_difference, play_bots_checked, rotating_styles
from meeplegym.envs.imperium import engine as imperium_engine
from meeplegym.envs.oath import engine as oath_engine
from meeplegym.envs.scythe import engine as scythe_engine

ENGINES = {"scythe": scythe_engine, "imperium": imperium_engine, "oath": oath_engine}
ALL_GAMES = sorted(GAMES)


def corrupt(game: str, s) -> str:
    """Break one invariant of record `s`; the name of the code its checker must report."""
    if game == "scythe":
        s["power"][0] = 99
        return "POWER"
    if game == "imperium":
        s["pool"][0, 0] = -5
        return "POOL_NEGATIVE"
    s["supply"][0] = 9
    return "NEGATIVE"


def new_games(game: str, players: int, seeds) -> np.ndarray:
    return np.concatenate([ENGINES[game].new_game(players, seed) for seed in seeds])


@pytest.mark.parametrize("game", ALL_GAMES)
def test_checked_bot_games_end_clean_and_do_not_depend_on_the_batch(game):
    """Three 2-player games in one batch play exactly as each does alone (same bot seeds), end
    with no violation, and count the decisions they took."""
    seeds = [11, 12, 13]
    batch = new_games(game, 2, seeds)
    played = play_bots_checked(game, batch, rotating_styles(game, 3, 2), [s + 100 for s in seeds], record=True)
    assert (played.violations == 0).all() and (batch["terminal"] == 1).all()
    assert (played.decisions > 10).all()
    assert [len(a) for a in played.actions] == played.decisions.tolist()
    styles = rotating_styles(game, 3, 2)
    for g, seed in enumerate(seeds):
        alone = new_games(game, 2, [seed])
        one = play_bots_checked(game, alone, styles[g:g + 1], [seed + 100], record=True)
        # where the two runs part, if they do: the decision to look at first
        assert first_difference(one.actions[0], played.actions[g]) == -1, f"game {g} (seed {seed})"
        assert alone[0].tobytes() == batch[g].tobytes()
    assert len({batch[g].tobytes() for g in range(3)}) == 3  # three different games, not one played thrice


@pytest.mark.parametrize("game", ALL_GAMES)
def test_a_broken_state_stops_its_own_game_only(game):
    """A state that breaks an invariant is reported with its code before any decision; the
    other game of the batch plays on to its end."""
    _, invariants, _ = GAMES[game]
    states = new_games(game, 2, [21, 22])
    code = invariants.CODES[corrupt(game, states[0])]
    before = states[0].tobytes()
    played = play_bots_checked(game, states, rotating_styles(game, 2, 2), [1, 2])
    assert played.violations.tolist() == [code, 0]
    assert played.decisions[0] == 0 and states[0].tobytes() == before
    assert states[1]["terminal"] == 1 and played.decisions[1] > 10


@pytest.mark.parametrize("game", ALL_GAMES)
def test_step_checked_refuses_an_illegal_choice_and_leaves_the_state(game):
    _, invariants, n_actions = GAMES[game]
    states = new_games(game, 2, [31])
    masks = np.zeros((1, n_actions), dtype=np.int8)
    violations = np.zeros(1, dtype=np.int64)
    decisions = np.zeros(1, dtype=np.int64)
    assert invariants.start_checked(states, masks, violations) == 1 and violations[0] == 0
    illegal = int(np.flatnonzero(masks[0] == 0)[0])
    before = states.tobytes()
    waiting = invariants.step_checked(states, np.array([illegal]), masks, decisions, violations, 100)
    assert waiting == 0 and violations[0] == invariants.ILLEGAL_CHOICE and decisions[0] == 0
    assert states.tobytes() == before and not masks.any()
    assert "legal mask forbids" in invariants.describe(invariants.ILLEGAL_CHOICE)


@pytest.mark.parametrize("game", ALL_GAMES)
def test_a_game_past_the_decision_cap_is_not_finished(game):
    _, invariants, _ = GAMES[game]
    states = new_games(game, 3, [41, 42])
    played = play_bots_checked(game, states, rotating_styles(game, 2, 3), [3, 4], max_decisions=5)
    assert played.violations.tolist() == [invariants.NOT_FINISHED] * 2 and played.decisions.tolist() == [5, 5]
    assert (states["terminal"] == 0).all()


def test_styles_rotate_over_the_seats_and_bad_arguments_are_refused():
    styles = rotating_styles("scythe", 3, 4, first=1)
    assert styles.tolist() == [[1, 0, 1, 0], [0, 1, 0, 1], [1, 0, 1, 0]]
    states = new_games("scythe", 4, [1, 2])
    with pytest.raises(ValueError, match="seat_styles must be"):
        play_bots_checked("scythe", states, rotating_styles("scythe", 2, 3), [1, 2])
    with pytest.raises(ValueError, match="styles are 0..1"):
        play_bots_checked("scythe", states, np.full((2, 4), 2), [1, 2])
    with pytest.raises(ValueError, match="one per game"):
        play_bots_checked("scythe", states, rotating_styles("scythe", 2, 4), [1])
    with pytest.raises(ValueError, match="unknown game"):
        play_bots_checked("chess", states, rotating_styles("scythe", 2, 4), [1, 2])


def test_first_difference_finds_where_two_recorded_games_part():
    assert first_difference([3, 1, 4], [3, 1, 4]) == -1
    assert first_difference([3, 1, 4], [3, 2, 4]) == 1
    assert first_difference([3, 1], [3, 1, 4]) == 2  # one went on after the other ended
