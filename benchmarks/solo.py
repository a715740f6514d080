"""Imperium's solo game: how each agent fares against the automa at every difficulty (I14.10).

Run: ``.venv/bin/python benchmarks/solo.py --games 100`` (default agents: random and the
Imperium bots; default every difficulty). Each game deals the player's and the automa's nations
at random from its seed, half of the games with Trade Routes. A game is won by beating the
automa's score strictly; the automa wins ties and every collapse (I14.8-I14.9). Prints the
table; ``--write`` puts it in benchmarks/RESULTS.md. ``--jobs`` spreads the games over
processes (default: one per core); the results do not depend on it.
"""

from __future__ import annotations

import argparse
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from meeplegym.agents import agent_names, make_agent
from meeplegym.agents.match import agent_action
from meeplegym.envs.imperium import state as ST
from meeplegym.envs.imperium.rules import automa, scoring
from meeplegym.registry import make_env
from meeplegym.stats import wilson_interval

sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("MEEPLEGYM_FIRST_RUN", "wait")  # time compiled code: on a cold cache compile, never run as Python
from results_md import write_section  # noqa: E402


@dataclass
class Cell:
    """One agent at one difficulty."""

    agent: str
    difficulty: str
    wins: int = 0
    collapses: int = 0
    player: list[int] = field(default_factory=list)
    automa: list[int] = field(default_factory=list)
    rounds: list[int] = field(default_factory=list)

    @property
    def games(self) -> int:
        return len(self.player)


def play_solo(agent_name: str, difficulty: str, seed: int) -> tuple[bool, bool, int, int, int]:
    """One game against the automa: (won, collapsed, player VP, automa VP, rounds)."""
    agent = make_agent(agent_name, game="imperium", seed=seed)
    env = make_env("imperium", num_players=1, difficulty=difficulty, trade_routes=seed % 2 == 1)
    env.reset(seed=seed)
    raw = env.unwrapped
    for name in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        env.step(agent_action(agent, raw, raw.agent_name_mapping[name], obs))
    s = raw._state[0]
    return (not scoring.automa_won(s), bool(s["collapsed"]), int(scoring.score(s, 0)), int(automa.score(s)),
            int(s["round"]))


def _play(job):
    return job, play_solo(*job)


def table(cells: list[Cell]) -> str:
    lines = ["| agent | difficulty | games | player wins (95% CI) | collapses | player VP | automa VP | rounds |",
             "|---|---|---|---|---|---|---|---|"]
    for c in cells:
        low, high = wilson_interval(c.wins, c.games)
        lines.append(f"| {c.agent} | {c.difficulty} | {c.games} | {c.wins / c.games:.1%} ({low:.1%}-{high:.1%}) | "
                     f"{c.collapses} | {np.mean(c.player):.1f} | {np.mean(c.automa):.1f} | {np.mean(c.rounds):.1f} |")
    return "\n".join(lines)


def main(argv=None) -> list[Cell]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per agent and difficulty")
    parser.add_argument("--agents", nargs="+", default=None, help="default: random and the Imperium bots")
    parser.add_argument("--difficulties", nargs="+", choices=ST.DIFFICULTY_NAMES, default=list(ST.DIFFICULTY_NAMES))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--write", action="store_true", help="write the table into benchmarks/RESULTS.md")
    args = parser.parse_args(argv)
    agents = args.agents or ["random"] + [n for n in agent_names("imperium") if n.startswith("imperium.")
                                          and "search" not in n]
    cells = {(a, d): Cell(a, d) for a in agents for d in args.difficulties}
    jobs = [(a, d, args.seed + k) for a in agents for d in args.difficulties for k in range(args.games)]
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, transient=True) as progress:
        task = progress.add_task("solo games", total=len(jobs))
        results = (ProcessPoolExecutor(args.jobs).map(_play, jobs, chunksize=4) if args.jobs > 1
                   else map(_play, jobs))
        for (a, d, _), (won, collapsed, player, automa_vp, rounds) in results:
            cell = cells[(a, d)]
            cell.wins += won
            cell.collapses += collapsed
            cell.player.append(player)
            cell.automa.append(automa_vp)
            cell.rounds.append(rounds)
            progress.advance(task)
    text = table(list(cells.values()))
    print(text)
    if args.write:
        title = "Solo: Imperium agents against the automa"
        print(f"written {write_section(title, f'## {title}' + chr(10) + chr(10) + text)}")
    return list(cells.values())


if __name__ == "__main__":
    main()
