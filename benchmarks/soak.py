"""Soak run: random Scythe games at every player count, every invariant checked after every
decision inside compiled code (``invariants.play_random_checked``).

    python benchmarks/soak.py                      # >= 1,000,000 decisions per player count
    python benchmarks/soak.py --decisions 50000 --players 2 5

Prints a markdown table (games, decisions, violations, seconds per player count) and, for each
violation, the game (players, seed) and the decision where it appeared; exits 1 on any
violation or a game that did not end within --max-decisions. Game ``seed`` with ``n`` players
is ``engine.new_game(n, seed)`` played by the random chooser ``engine.random_words([seed +
2**32])``, the convention of tests/scythe/test_invariants.py, whose ``replay(n, seed)`` walks
such a game one decision at a time.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass, field

import numpy as np
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from meeplegym.envs.scythe import engine, invariants

CHOOSER_OFFSET = 1 << 32


@dataclass
class Failure:
    players: int
    seed: int
    decisions: int  # decisions played when the violation appeared
    code: int
    detail: str

    def __str__(self) -> str:
        return (f"{self.players}p seed {self.seed} after {self.decisions} decisions: "
                f"[{self.code}] {self.detail}")


@dataclass
class CountResult:
    players: int
    games: int = 0
    decisions: int = 0
    violations: int = 0
    seconds: float = 0.0
    failures: list[Failure] = field(default_factory=list)


def game_seed(base: int, players: int, index: int) -> int:
    """Seeds disjoint between player counts and runs with different --seed."""
    return base * 1_000_000_000 + players * 100_000_000 + index


def play_batch(players: int, seeds: list[int], max_decisions: int):
    """Play one batch to the end; returns (states, decisions, violations)."""
    states = np.concatenate([engine.new_game(players, s) for s in seeds])
    words = engine.random_words(s + CHOOSER_OFFSET for s in seeds)
    decisions = np.zeros(len(seeds), dtype=np.int64)
    violations = np.zeros(len(seeds), dtype=np.int64)
    invariants.play_random_checked(states, words, max_decisions, decisions, violations)
    return states, decisions, violations


def soak(decisions: int = 1_000_000, players=(2, 3, 4, 5), batch: int = 64, seed: int = 0,
         max_decisions: int = 200_000, progress: bool = True) -> list[CountResult]:
    """Play games per player count until each count has at least `decisions` decisions."""
    warm = engine.new_game(2, 0)  # compile (or load) the kernels outside the timings
    invariants.play_random_checked(warm, engine.random_words([1]), 3, np.zeros(1, np.int64), np.zeros(1, np.int64))
    results = [CountResult(n) for n in players]
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), disable=not progress) as bar:
        tasks = [bar.add_task(f"{n} players", total=decisions) for n in players]
        for result, task in zip(results, tasks):
            n = result.players
            while result.decisions < decisions:
                seeds = [game_seed(seed, n, result.games + i) for i in range(batch)]
                start = time.perf_counter()
                states, played, violations = play_batch(n, seeds, max_decisions)
                result.seconds += time.perf_counter() - start
                result.games += batch
                result.decisions += int(played.sum())
                for g in np.flatnonzero(violations):
                    result.violations += 1
                    code = int(violations[g])
                    detail = invariants.explain(states[g]) if code != invariants.NOT_FINISHED else None
                    result.failures.append(Failure(n, seeds[g], int(played[g]), code,
                                                   detail or invariants.describe(code)))
                bar.update(task, completed=min(result.decisions, decisions))
    return results


def markdown(results: list[CountResult]) -> str:
    lines = [
        "| players | games | decisions | violations | seconds | decisions/s |",
        "|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        rate = r.decisions / r.seconds if r.seconds else 0.0
        lines.append(f"| {r.players} | {r.games:,} | {r.decisions:,} | {r.violations} | {r.seconds:.1f} | {rate:,.0f} |")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--decisions", type=int, default=1_000_000, help="at least this many decisions per player count")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5], choices=[2, 3, 4, 5])
    parser.add_argument("--batch", type=int, default=64, help="games per compiled call")
    parser.add_argument("--seed", type=int, default=0, help="run number: selects a disjoint range of game seeds")
    parser.add_argument("--max-decisions", type=int, default=200_000, help="a game still running after this many decisions is a failure")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    if args.decisions < 1 or args.batch < 1 or args.max_decisions < 1:
        parser.error("--decisions, --batch and --max-decisions must be positive")
    results = soak(args.decisions, tuple(args.players), args.batch, args.seed, args.max_decisions,
                   progress=not args.no_progress and sys.stderr.isatty())
    print(markdown(results))
    failures = [f for r in results for f in r.failures]
    if failures:
        print(f"\n{len(failures)} violation(s):")
        for f in failures[:50]:
            print(f"- {f}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
