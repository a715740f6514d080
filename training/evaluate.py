"""Win rate of an agent against an opponent, every game played once from each seat in turn.

``evaluate(agent, "scythe", "random", games=400)`` plays `games` games through `SeatAdapter`,
game g with the agent in seat ``g % num_players`` (seats swapped evenly), and reports the win
share (1 for a sole top score, 1/k in a k-way tie, 0 when behind or cut short by max_turns),
and the mean score margin: the agent's final score minus the best other seat's, in the game's
own score (Scythe's coins, Imperium's VP; Oath scores 1 for the winner, so its margin is -1 to 1).
Against a bot it never beats, the margin is what still moves as a learner improves.
The agent may be one that reads the engine state (a bot, or a policy with a delegate).
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from meeplegym.agents.base import Agent
from meeplegym.training.opponents import SeatAdapter, StateBatch


@dataclass
class EvalResult:
    opponent: str
    games: int
    win_rate: float
    mean_return: float
    win_rate_by_seat: list[float]
    truncated: int
    learner_decisions: int
    mean_margin: float  # the agent's final score minus the best other seat's, averaged over the games

    def summary(self) -> str:
        seats = ", ".join(f"seat {i} {w:.0%}" for i, w in enumerate(self.win_rate_by_seat))
        return (f"vs {self.opponent}: win {self.win_rate:.1%} over {self.games} games ({seats}), "
                f"score margin {self.mean_margin:+.1f}")


def evaluate(agent: Agent, game: str = "scythe", opponent="random", games: int = 400, num_players: int = 2,
             seed: int = 10_000_000, max_turns: int | None = None, batch: int = 256, **options) -> EvalResult:
    """Play `games` games of `agent` against `opponent` (a name, a policy path or an Agent)."""
    wins, returns, seats, margins = [], [], [], []
    truncated = decisions = 0
    start = 0
    while start < games:
        n = min(batch, games - start)
        adapter = SeatAdapter(game, n, num_players, [opponent], seat="rotate", seed=seed + start,
                              max_turns=max_turns, **options)
        out = adapter.reset(seed + start, game_index=start)
        pending = np.ones(n, dtype=bool)
        while pending.any():
            actions = np.zeros(n, dtype=np.int64)
            rows = np.flatnonzero(pending)
            infos = (StateBatch(game, adapter.venv.states[rows], adapter.learner_seat[rows])
                     if agent.needs_state else None)
            actions[rows] = agent.act_batch(out.observation[rows], out.action_mask[rows], infos)
            decisions += rows.size
            out = adapter.step(actions, active=pending)
            ended = np.flatnonzero(out.done & pending)
            for b in ended:
                wins.append(float(out.episode_win[b]))
                returns.append(float(out.episode_return[b]))
                seats.append(int(out.episode_seat[b]))
                margins.append(_margin(out.final_scores[b], int(out.episode_seat[b])))
                truncated += int(out.truncated[b])
            pending[ended] = False
        start += n
    wins_a, seats_a = np.array(wins), np.array(seats)
    by_seat = [float(wins_a[seats_a == s].mean()) if (seats_a == s).any() else float("nan") for s in range(num_players)]
    name = opponent if isinstance(opponent, str) else getattr(opponent, "name", repr(opponent))
    return EvalResult(name, len(wins), float(wins_a.mean()), float(np.mean(returns)), by_seat, truncated, decisions,
                      float(np.mean(margins)))


def _margin(scores: np.ndarray, seat: int) -> float:
    return float(scores[seat] - np.delete(scores, seat).max())


EVAL_COLUMNS = ["samples", "seconds", "opponent", "games", "win_rate", "margin"]


def append_evaluations(path: Path, samples: int, seconds: float, results: list[EvalResult]) -> None:
    """Add one evaluation's rows to a run's eval.csv. A file from before the margin column gets
    the column first, empty in its old rows, so that a resumed run keeps one table."""
    path = Path(path)
    if path.exists():
        with open(path, newline="") as f:
            rows = list(csv.reader(f))
        if rows and rows[0] != EVAL_COLUMNS:
            with open(path, "w", newline="") as f:
                csv.writer(f, lineterminator="\n").writerows(
                    [EVAL_COLUMNS] + [row + [""] * (len(EVAL_COLUMNS) - len(row)) for row in rows[1:]])
    new_file = not path.exists()
    with open(path, "a", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        if new_file:
            w.writerow(EVAL_COLUMNS)
        for r in results:
            w.writerow([samples, round(seconds, 1), r.opponent, r.games, r.win_rate, round(r.mean_margin, 2)])
