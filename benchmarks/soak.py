"""Soak run: random games of each game at every player count, every invariant checked after
every decision inside compiled code (the game's ``invariants.play_random_checked``); with
``--bot-games N``, also N games between the rule-based bots through the env in debug mode
(the same checks after every decision).

    python benchmarks/soak.py                      # every game, >= 1,000,000 decisions per player count
    python benchmarks/soak.py --game imperium --decisions 50000 --players 2 4
    python benchmarks/soak.py --decisions 1 --bot-games 500

Prints a markdown table per game (games, decisions, violations, seconds per player count) and,
for each violation, the game (players, seed) and the decision where it appeared; exits 1 on any
violation or a game that did not end within --max-decisions. Game ``seed`` with ``n`` players
is ``engine.new_game(n, seed, **table)`` played by the random chooser
``engine.random_words([seed + 2**32])``, the convention of tests/scythe/test_invariants.py,
whose ``replay(n, seed)`` walks such a game one decision at a time; the game's tables (Imperium:
with and without Trade Routes and the I15 variants) take turns by seed, and a failure names its
table.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from meeplegym.agents import imperium_bots, oath_bots, scythe_bots
from meeplegym.envs.imperium import engine as imperium_engine
from meeplegym.envs.imperium import invariants as imperium_invariants
from meeplegym.envs.oath import engine as oath_engine
from meeplegym.envs.oath import invariants as oath_invariants
from meeplegym.envs.scythe import engine as scythe_engine
from meeplegym.envs.scythe import invariants as scythe_invariants

sys.path.insert(0, str(Path(__file__).resolve().parent))
from results_md import write_section  # noqa: E402

CHOOSER_OFFSET = 1 << 32
BOT_TURN_CAP = 500  # turns, all players together, before a bot game counts as stalled (whole games take 30-200)


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


def soak_bots(game: str = "scythe", games: int = 100, players=None, seed: int = 0,
              progress: bool = True) -> list[CountResult]:
    """`games` games between the rule-based bots, spread over the player counts (default: all),
    the styles taking turns at the seats, through the env in debug mode: every invariant is
    checked after every decision, a broken one raises InvalidStateError and is reported, as is
    a game still running after BOT_TURN_CAP turns (the bots stalled)."""
    from meeplegym.agents import make_agent, play_match
    from meeplegym.errors import InvalidStateError

    soaked = GAMES[game]
    players = soaked.players if players is None else tuple(players)
    styles = [f"{game}.{style}" for style in soaked.bots.STYLE_NAMES]
    results = {n: CountResult(n) for n in players}
    for style in styles:  # compile (or load) the bots' kernels outside the timings
        play_match(game, [make_agent(style, seed=0)] * 2, 0, max_turns=1)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), disable=not progress) as bar:
        task = bar.add_task(f"{game}, bot games", total=games)
        for k in range(games):
            n = players[k % len(players)]
            result = results[n]
            game_id = game_seed(seed, n, result.games)
            agents = [make_agent(styles[(k + p) % len(styles)], seed=game_id + p) for p in range(n)]
            seats = f"{styles} seats from {k % len(styles)}"
            start = time.perf_counter()
            try:
                match = play_match(game, agents, game_id, max_turns=BOT_TURN_CAP, debug=True, **soaked.table(game_id))
                result.decisions += match.decisions
                if match.truncated:
                    result.violations += 1
                    result.failures.append(Failure(n, game_id, match.decisions, -1,
                                                   f"{seats}: no end within {BOT_TURN_CAP} turns", soaked.table(game_id)))
            except InvalidStateError as err:
                result.violations += 1
                result.failures.append(Failure(n, game_id, -1, -1, f"{seats}: {err}", soaked.table(game_id)))
            result.seconds += time.perf_counter() - start
            result.games += 1
            bar.update(task, completed=k + 1)
    return list(results.values())


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
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.add_argument("--write", action="store_true", help="record each game's table in benchmarks/RESULTS.md")
    args = parser.parse_args(argv)
    if args.decisions < 1 or args.batch < 1 or args.max_decisions < 1 or args.bot_games < 0:
        parser.error("--decisions, --batch and --max-decisions must be positive, --bot-games not negative")
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
            bot_results = soak_bots(game, args.bot_games, players, args.seed, progress)
            print(f"### {game}, rule-based bots\n\n{markdown(bot_results)}\n")
            section += (f"\n\nGames between the rule-based bots through the env in debug mode (the same checks "
                        f"after every decision).\n\n{markdown(bot_results)}")
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
