"""Win rate of an agent against an opponent, every game played once from each seat in turn.

``evaluate(agent, "scythe", "random", games=400)`` plays `games` games through `SeatAdapter`,
game g with the agent in seat ``g % num_players`` (seats swapped evenly), and reports the win
share (1 for a sole top score, 1/k in a k-way tie, 0 when behind or cut short by max_turns).
The agent may be one that reads the engine state (a bot, or a policy with a delegate).
"""

from __future__ import annotations

from dataclasses import dataclass

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

    def summary(self) -> str:
        seats = ", ".join(f"seat {i} {w:.0%}" for i, w in enumerate(self.win_rate_by_seat))
        return f"vs {self.opponent}: win {self.win_rate:.1%} over {self.games} games ({seats})"


def evaluate(agent: Agent, game: str = "scythe", opponent="random", games: int = 400, num_players: int = 2,
             seed: int = 10_000_000, max_turns: int | None = None, batch: int = 256, **options) -> EvalResult:
    """Play `games` games of `agent` against `opponent` (a name, a policy path or an Agent)."""
    wins, returns, seats = [], [], []
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
                truncated += int(out.truncated[b])
            pending[ended] = False
        start += n
    wins_a, seats_a = np.array(wins), np.array(seats)
    by_seat = [float(wins_a[seats_a == s].mean()) if (seats_a == s).any() else float("nan") for s in range(num_players)]
    name = opponent if isinstance(opponent, str) else getattr(opponent, "name", repr(opponent))
    return EvalResult(name, len(wins), float(wins_a.mean()), float(np.mean(returns)), by_seat, truncated, decisions)
