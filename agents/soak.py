"""Games between the rule-based bots with every invariant checked after every decision, a whole
batch of games per compiled call: what ``make soak`` plays its 100,000 bot games per game with.

Each round, the bots choose for every game at once (their ``act_states`` kernel, the one
``act_batch`` uses) and the game's ``invariants.step_checked`` applies the choices and checks
every invariant, compiled. Python only hands the arrays over, once per round for the whole
batch, so a batch costs what its compiled bots and checks cost.

    states = np.concatenate([engine.new_game(4, seed) for seed in range(64)])
    outcome = play_bots_checked("scythe", states, rotating_styles("scythe", 64, 4), bot_seeds=range(64))
    outcome.violations  # 0 per game, or the code of the first broken invariant (invariants.describe)

The bots read the whole state, as they do under ``play_match``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from meeplegym import rng
from meeplegym.agents import imperium_bots, oath_bots, scythe_bots
from meeplegym.envs.imperium import actions as imperium_actions
from meeplegym.envs.imperium import invariants as imperium_invariants
from meeplegym.envs.oath import actions as oath_actions
from meeplegym.envs.oath import invariants as oath_invariants
from meeplegym.envs.scythe import actions as scythe_actions
from meeplegym.envs.scythe import invariants as scythe_invariants

# game: (bots module, invariants module, number of actions)
GAMES = {
    "scythe": (scythe_bots, scythe_invariants, scythe_actions.N_ACTIONS),
    "imperium": (imperium_bots, imperium_invariants, imperium_actions.N_ACTIONS),
    "oath": (oath_bots, oath_invariants, oath_actions.N_ACTIONS),
}
DEFAULT_MAX_DECISIONS = 20_000  # whole bot games take 100-1,500 decisions; more means the bots stalled


@dataclass
class CheckedGames:
    decisions: np.ndarray  # (games,) decisions played
    violations: np.ndarray  # (games,) 0, or the game's invariant code that stopped it (NOT_FINISHED: a stall)
    actions: list[list[int]] | None = None  # with record=True: each game's actions, in order


def first_difference(a: list[int], b: list[int]) -> int:
    """The index of the first decision where two recorded games part (-1: the same game)."""
    for k, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return k
    return -1 if len(a) == len(b) else min(len(a), len(b))


def rotating_styles(game: str, games: int, players: int, first: int = 0) -> np.ndarray:
    """(games, players) style numbers: seat p of game k plays style (first + k + p) mod the
    number of styles, so every style meets every seat."""
    count = len(GAMES[game][0].STYLE_NAMES)
    k = np.arange(first, first + games)[:, None]
    return ((k + np.arange(players)[None, :]) % count).astype(np.int64)


def play_bots_checked(game: str, states: np.ndarray, seat_styles: np.ndarray, bot_seeds,
                      max_decisions: int = DEFAULT_MAX_DECISIONS, record: bool = False) -> CheckedGames:
    """Play every game of `states` (a batch of engine records, changed in place) to its end,
    seat p of game b played by the bot style seat_styles[b, p]. The bots of game b draw their
    tie-breaks from one generator seeded by bot_seeds[b], so the same arguments give the same
    games, whatever the batch. ``record`` keeps each game's actions (to find where two runs of
    one game part, `first_difference`)."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; expected one of {', '.join(GAMES)}")
    bots, invariants, n_actions = GAMES[game]
    n = len(states)
    seat_styles = np.asarray(seat_styles, dtype=np.int64)
    if seat_styles.ndim != 2 or seat_styles.shape[0] != n or seat_styles.shape[1] < int(states["n_players"].max()):
        raise ValueError(f"seat_styles must be (games, players) = ({n}, {int(states['n_players'].max())}),"
                         f" got {seat_styles.shape}")
    if seat_styles.min() < 0 or seat_styles.max() >= len(bots.STYLE_NAMES):
        raise ValueError(f"{game} bot styles are 0..{len(bots.STYLE_NAMES) - 1} ({', '.join(bots.STYLE_NAMES)})")
    words = rng.seed_words(bot_seeds)
    if len(words) != n:
        raise ValueError(f"bot_seeds: one per game ({n}), got {len(words)}")
    masks = np.zeros((n, n_actions), dtype=np.int8)
    decisions = np.zeros(n, dtype=np.int64)
    violations = np.zeros(n, dtype=np.int64)
    acts = np.empty(n, dtype=np.int64)
    rows = np.arange(n)
    actions = [[] for _ in range(n)] if record else None
    waiting = invariants.start_checked(states, masks, violations)
    while waiting:
        seats = states["actor"].astype(np.int64)
        bots.act_states(states, seats, seat_styles[rows, seats], masks, words, acts)
        if record:
            for b in np.flatnonzero(masks.any(axis=1)):
                actions[b].append(int(acts[b]))
        waiting = invariants.step_checked(states, acts, masks, decisions, violations, max_decisions)
    return CheckedGames(decisions, violations, actions)
