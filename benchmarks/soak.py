"""Soak run: random games of each game at every player count, every invariant checked after
every decision inside compiled code (the game's ``invariants.play_random_checked``); with
``--bot-games N``, also N games between the rule-based bots, the same checks after every
decision, also compiled (``meeplegym.agents.soak.play_bots_checked`` over the game's
``invariants.step_checked``).

    python benchmarks/soak.py                      # every game, >= 1,000,000 decisions per player count
    python benchmarks/soak.py --game imperium --decisions 50000 --players 2 4
    python benchmarks/soak.py --decisions 1 --bot-games 500 --workers 2

Prints a markdown table per game (games, decisions, violations, seconds per player count) and,
for each violation, the game (players, seed) and the decision where it appeared; exits 1 on any
violation or a game that did not end within --max-decisions. Game ``seed`` with ``n`` players
is ``engine.new_game(n, seed, **table)`` played by the random chooser
``engine.random_words([seed + 2**32])``, the convention of tests/scythe/test_scythe_invariants.py,
whose ``replay(n, seed)`` walks such a game one decision at a time; the game's tables (Imperium:
with and without Trade Routes and the I15 variants) take turns by seed, and a failure names its
table.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from meeplegym._numba_cache import engine_digest
from meeplegym.agents import imperium_bots, oath_bots, scythe_bots
from meeplegym.agents import soak as checked_play
from meeplegym.envs.imperium import engine as imperium_engine
from meeplegym.envs.imperium import invariants as imperium_invariants
from meeplegym.envs.oath import engine as oath_engine
from meeplegym.envs.oath import invariants as oath_invariants
from meeplegym.envs.scythe import engine as scythe_engine
from meeplegym.envs.scythe import invariants as scythe_invariants

sys.path.insert(0, str(Path(__file__).resolve().parent))
from results_md import write_section  # noqa: E402

CHOOSER_OFFSET = 1 << 32


@dataclass(frozen=True)
class SoakedGame:
    engine: object  # new_game(n, seed), random_words(seeds)
    invariants: object  # play_random_checked, explain, describe, NOT_FINISHED
    bots: object  # the rule-based bots: STYLE_NAMES, registered as "<game>.<style>"
    players: tuple[int, ...]
    tables: tuple[dict, ...] = ({},)  # env options; game seed s plays tables[s % len(tables)]

    def table(self, seed: int) -> dict:
        return self.tables[seed % len(self.tables)]

    def new_game(self, players: int, seed: int):
        """The game's table as new_game sets it up (an engine with table_options names its env
        options differently)."""
        table = self.table(seed)
        if hasattr(self.engine, "table_options"):
            table = self.engine.table_options(players, table)
        return self.engine.new_game(players, seed, **table)


GAMES = {
    "scythe": SoakedGame(scythe_engine, scythe_invariants, scythe_bots, (2, 3, 4, 5)),
    "imperium": SoakedGame(imperium_engine, imperium_invariants, imperium_bots, (2, 3, 4), (
        {}, {"trade_routes": True}, {"quick": True},
        {"trade_routes": True, "low_aggression": True, "quick_setup": True, "precious_cards": True})),
    # the first game of a fresh chronicle, with and without the ◊ edifice powers, and the tutorial table
    "oath": SoakedGame(oath_engine, oath_invariants, oath_bots, (2, 3, 4, 5, 6), (
        {}, {"reconstructed_powers": False}, {"setup": "tutorial"})),
}


@dataclass
class Failure:
    players: int
    seed: int
    decisions: int  # decisions played when the violation appeared
    code: int
    detail: str
    table: dict = field(default_factory=dict)

    def __str__(self) -> str:
        table = f" {self.table}" if self.table else ""
        return (f"{self.players}p seed {self.seed}{table} after {self.decisions} decisions: "
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


def play_batch(game: SoakedGame, players: int, seeds: list[int], max_decisions: int):
    """Play one batch to the end; returns (states, decisions, violations)."""
    states = np.concatenate([game.new_game(players, s) for s in seeds])
    words = game.engine.random_words(s + CHOOSER_OFFSET for s in seeds)
    decisions = np.zeros(len(seeds), dtype=np.int64)
    violations = np.zeros(len(seeds), dtype=np.int64)
    game.invariants.play_random_checked(states, words, max_decisions, decisions, violations)
    return states, decisions, violations


def soak(game: str = "scythe", decisions: int = 1_000_000, players=None, batch: int = 64, seed: int = 0,
         max_decisions: int = 200_000, progress: bool = True) -> list[CountResult]:
    """Play games of `game` per player count (default: all) until each count has at least
    `decisions` decisions."""
    soaked = GAMES[game]
    engine, invariants = soaked.engine, soaked.invariants
    players = soaked.players if players is None else tuple(players)
    unknown = sorted(set(players) - set(soaked.players))
    if unknown:
        raise ValueError(f"{game} is played by {soaked.players[0]}-{soaked.players[-1]} players, not {unknown}")
    warm = engine.new_game(2, 0)  # compile (or load) the kernels outside the timings
    invariants.play_random_checked(warm, engine.random_words([1]), 3, np.zeros(1, np.int64), np.zeros(1, np.int64))
    results = [CountResult(n) for n in players]
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), disable=not progress) as bar:
        tasks = [bar.add_task(f"{game}, {n} players", total=decisions) for n in players]
        for result, task in zip(results, tasks):
            n = result.players
            while result.decisions < decisions:
                seeds = [game_seed(seed, n, result.games + i) for i in range(batch)]
                start = time.perf_counter()
                states, played, violations = play_batch(soaked, n, seeds, max_decisions)
                result.seconds += time.perf_counter() - start
                result.games += batch
                result.decisions += int(played.sum())
                for g in np.flatnonzero(violations):
                    result.violations += 1
                    code = int(violations[g])
                    detail = invariants.explain(states[g]) if code != invariants.NOT_FINISHED else None
                    result.failures.append(Failure(n, seeds[g], int(played[g]), code,
                                                   detail or invariants.describe(code), soaked.table(seeds[g])))
                bar.update(task, completed=min(result.decisions, decisions))
    return results


def play_bot_batch(game: str, players: int, seeds: list[int], first: int, max_decisions: int):
    """Games `seeds` between the rule-based bots, the styles taking turns at the seats from game
    number `first` on (``agents.soak.rotating_styles``), every invariant checked after every
    decision; returns (decisions played, failures, seconds it took)."""
    start = time.perf_counter()
    soaked = GAMES[game]
    states = np.concatenate([soaked.new_game(players, s) for s in seeds])
    styles = checked_play.rotating_styles(game, len(seeds), players, first)
    played = checked_play.play_bots_checked(game, states, styles, [s + CHOOSER_OFFSET for s in seeds], max_decisions)
    inv = soaked.invariants
    failures = []
    for g in np.flatnonzero(played.violations):
        code = int(played.violations[g])
        names = [soaked.bots.STYLE_NAMES[k] for k in styles[g]]
        detail = inv.explain(states[g]) if code not in (inv.NOT_FINISHED, inv.ILLEGAL_CHOICE) else None
        failures.append(Failure(players, seeds[g], int(played.decisions[g]), code,
                                f"{names}: {detail or inv.describe(code)}", soaked.table(seeds[g])))
    return int(played.decisions.sum()), failures, time.perf_counter() - start


class Ledger:
    """What the bot games of one soak have played so far, per player count, in a JSON file
    written after every batch: a run stopped midway (or one too long for a sitting) starts
    again from the first game it had not finished, with new seeds, and its counts add up.
    The file names the engine sources its games were played on (``engine``, a hash of the shared
    sources and this game's): games played on other sources test other code, so a changed engine
    starts the count again; an edit to another game does not."""

    def __init__(self, path: Path | None, game: str, seed: int, max_decisions: int):
        self.path = path
        self.about = {"game": game, "seed": seed, "max_decisions": max_decisions}
        self.engine = engine_digest(game)
        self.counts: dict[int, CountResult] = {}
        if path is not None and path.exists():
            saved = json.loads(path.read_text())
            if {k: saved.get(k) for k in self.about} != self.about:
                raise ValueError(f"{path} holds the bot games of {({k: saved.get(k) for k in self.about})}, "
                                 f"not {self.about}: give another --bot-ledgers folder")
            if saved.get("engine", self.engine) != self.engine:
                print(f"{path}: its games were played on other engine sources ({saved['engine']}, now "
                      f"{self.engine}); starting the count again", file=sys.stderr)
                return
            for n, c in saved["counts"].items():
                failures = [Failure(**f) for f in c.pop("failures")]
                self.counts[int(n)] = CountResult(int(n), **c, failures=failures)

    def count(self, players: int) -> CountResult:
        return self.counts.setdefault(players, CountResult(players))

    def save(self) -> None:
        if self.path is None:
            return
        counts = {str(n): asdict(c) for n, c in sorted(self.counts.items())}
        for c in counts.values():
            c.pop("players")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        partial = self.path.with_suffix(".partial")
        partial.write_text(json.dumps({**self.about, "engine": self.engine, "counts": counts}, indent=1))
        partial.replace(self.path)


def soak_bots(game: str = "scythe", games: int = 100, players=None, seed: int = 0, batch: int = 64,
              max_decisions: int = checked_play.DEFAULT_MAX_DECISIONS, workers: int = 1,
              progress: bool = True, ledger: Path | None = None) -> list[CountResult]:
    """`games` games between the rule-based bots, spread evenly over the player counts (default:
    all), in batches of `batch` games per compiled call (``agents.soak.play_bots_checked``):
    every invariant is checked after every decision, and a game still running after
    `max_decisions` (the bots stalled) is a failure. `workers` > 1 plays batches in that many
    processes. With a `ledger` file, the games it lists as played count and are not played
    again. A count's seconds are its batches' times added up (one process each)."""
    soaked = GAMES[game]
    players = soaked.players if players is None else tuple(players)
    book = Ledger(ledger, game, seed, max_decisions)
    per_count = {n: games // len(players) + (k < games % len(players)) for k, n in enumerate(players)}
    jobs = [(n, first, min(batch, per_count[n] - first)) for n in players
            for first in range(book.count(n).games, per_count[n], batch)]
    jobs.sort(key=lambda job: (job[1], job[0]))  # the player counts side by side: a stopped run is even
    if jobs:
        play_bot_batch(game, players[0], [game_seed(seed, players[0], 0)], 0, 3)  # compile or load first
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    pool = ProcessPoolExecutor(workers) if workers > 1 and jobs else None
    with Progress(*columns, console=Console(stderr=True), disable=not progress) as bar:
        task = bar.add_task(f"{game}, bot games", total=games, completed=sum(book.count(n).games for n in players))
        calls = [(game, n, [game_seed(seed, n, first + i) for i in range(count)], first, max_decisions)
                 for n, first, count in jobs]
        outcomes = pool.map(play_bot_batch, *zip(*calls)) if pool else (play_bot_batch(*call) for call in calls)
        for (n, _, count), (decisions, failures, seconds) in zip(jobs, outcomes):
            result = book.count(n)
            result.games += count
            result.decisions += decisions
            result.violations += len(failures)
            result.failures += failures
            result.seconds += seconds
            book.save()
            bar.update(task, advance=count)
    if pool:
        pool.shutdown()
    return [book.count(n) for n in players]


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
    parser.add_argument("--game", choices=sorted(GAMES), nargs="+", default=sorted(GAMES), help="games to soak (default: all)")
    parser.add_argument("--decisions", type=int, default=1_000_000, help="at least this many decisions per player count")
    parser.add_argument("--players", type=int, nargs="+", choices=[2, 3, 4, 5, 6],
                        help="player counts (default: every count the game allows)")
    parser.add_argument("--batch", type=int, default=64, help="games per compiled call")
    parser.add_argument("--seed", type=int, default=0, help="run number: selects a disjoint range of game seeds")
    parser.add_argument("--max-decisions", type=int, default=200_000, help="a game still running after this many decisions is a failure")
    parser.add_argument("--bot-games", type=int, default=0, help="also this many rule-based bot games per game")
    parser.add_argument("--bot-max-decisions", type=int, default=checked_play.DEFAULT_MAX_DECISIONS,
                        help="a bot game still running after this many decisions is a failure (stalled bots)")
    parser.add_argument("--workers", type=int, default=1, help="processes playing the bot games' batches")
    parser.add_argument("--bot-ledgers", type=Path, default=None,
                        help="folder of per-game ledgers (soak_bots_<game>.json): bot games already played there "
                             "count, and a stopped run carries on")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.add_argument("--write", action="store_true", help="record each game's table in benchmarks/RESULTS.md")
    args = parser.parse_args(argv)
    if min(args.decisions, args.batch, args.max_decisions, args.bot_max_decisions, args.workers) < 1 or args.bot_games < 0:
        parser.error("--decisions, --batch, --max-decisions, --bot-max-decisions and --workers must be positive,"
                     " --bot-games not negative")
    failures = []
    for game in args.game:
        players = None if args.players is None else [n for n in args.players if n in GAMES[game].players]
        progress = not args.no_progress and sys.stderr.isatty()
        results = soak(game, args.decisions, players, args.batch, args.seed, args.max_decisions, progress)
        print(f"### {game}\n\n{markdown(results)}\n")
        section = (f"## Soak: {game}\n\nRandom games, every invariant checked after every decision "
                   f"(`{game}.invariants.play_random_checked`).\n\n{markdown(results)}")
        failures += [(game, f) for r in results for f in r.failures]
        if args.bot_games:
            ledger = args.bot_ledgers / f"soak_bots_{game}.json" if args.bot_ledgers else None
            bot_results = soak_bots(game, args.bot_games, players, args.seed, args.batch, args.bot_max_decisions,
                                    args.workers, progress, ledger)
            print(f"### {game}, rule-based bots\n\n{markdown(bot_results)}\n")
            section += (f"\n\nGames between the rule-based bots ({', '.join(GAMES[game].bots.STYLE_NAMES)} taking "
                        f"turns at the seats), the same checks after every decision, compiled "
                        f"(`meeplegym.agents.soak.play_bots_checked`). Seconds are the batches' times added "
                        f"up, each batch in one process, so decisions/s is per core"
                        f"{f'; the counts add up the runs kept in `{ledger}`' if ledger else ''}."
                        f"\n\n{markdown(bot_results)}")
            failures += [(game, f) for r in bot_results for f in r.failures]
        if args.write:
            write_section(f"soak: {game}", section)
    if failures:
        print(f"{len(failures)} violation(s):")
        for game, f in failures[:50]:
            print(f"- {game} {f}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
