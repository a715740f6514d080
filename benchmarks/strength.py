"""Strength ladder: every pair of agents plays matches with seats swapped; win rates with 95%
Wilson intervals.

Run: ``.venv/bin/python benchmarks/strength.py --game imperium --games 400`` (default game
Scythe; default agents: random and the game's bots). Each seed is played twice with the two agents' seats exchanged, so faction, mat
and turn order cancel out. A game is won by the seat ranked first (a tie counts half); a game
cut off by ``--max-turns`` is decided by the scores at that point. With ``--players`` above 2
the seats alternate between the two agents (the first seat rotating from game to game).

``--focus NAME`` plays only the pairs that include NAME (e.g. a search bot against the rest) and
writes its own section. ``--jobs`` spreads the games over processes (default: one per core); the
results do not depend on it, since every game's seeds follow from its number.

Prints one line per pair, then a markdown table; ``--write`` puts it in benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from dataclasses import dataclass, field

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from meeplegym.agents import agent_names, make_agent, play_match
from meeplegym.registry import GAMES
from meeplegym.stats import wilson_interval

sys.path.insert(0, str(Path(__file__).resolve().parent))
from results_md import write_section  # noqa: E402



def default_agents(game: str) -> list[str]:
    """random and the game's own bots, rule-based and search (trained policies need a path, so
    they are left out)."""
    return ["random"] + [name for name in agent_names(game) if name.startswith(game + ".")]


@dataclass
class PairResult:
    a: str
    b: str
    wins: float = 0.0  # a's wins (ties counted half)
    draws: int = 0
    games: int = 0
    truncated: int = 0
    decisions: int = 0
    seconds: float = 0.0
    scores_a: list[int] = field(default_factory=list)
    scores_b: list[int] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else float("nan")

    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)


def seating(g: int, players: int) -> list[int]:
    """Which agent (0 = a, 1 = b) sits in each seat of game g: alternating, swapped every game."""
    return [(seat + g) % 2 for seat in range(players)]


@dataclass
class GameOutcome:
    wins: float  # agent a's share of the win: 1, 0.5 (shared first place) or 0
    truncated: bool
    decisions: int
    score_a: int
    score_b: int


def play_game(game: str, a: str, b: str, g: int, players: int, seed: int, max_turns: int) -> GameOutcome:
    """Game number g of the pair: seats by `seating`, table seed seed + g // 2."""
    who = seating(g, players)
    agents = [make_agent((a, b)[w], game=game, seed=seed * 7919 + 31 * g + seat) for seat, w in enumerate(who)]
    match = play_match(game, agents, seed=seed + g // 2, max_turns=max_turns)
    ranking = match.scores if match.truncated else match.rewards
    best = max(ranking)
    top = {who[seat] for seat in range(players) if ranking[seat] == best}
    return GameOutcome(
        wins=1.0 if top == {0} else 0.5 if top == {0, 1} else 0.0,
        truncated=match.truncated,
        decisions=match.decisions,
        score_a=max(match.scores[s] for s in range(players) if who[s] == 0),
        score_b=max(match.scores[s] for s in range(players) if who[s] == 1),
    )


def _play_game_args(args):
    return play_game(*args)


def play_pair(game: str, a: str, b: str, games: int, players: int, seed: int, max_turns: int, progress=None, task=None,
              pool: ProcessPoolExecutor | None = None) -> PairResult:
    result = PairResult(a, b)
    start = time.perf_counter()
    jobs = [(game, a, b, g, players, seed, max_turns) for g in range(games)]
    outcomes = pool.map(_play_game_args, jobs) if pool is not None else map(_play_game_args, jobs)
    for outcome in outcomes:
        result.wins += outcome.wins
        result.draws += outcome.wins == 0.5
        result.truncated += outcome.truncated
        result.games += 1
        result.decisions += outcome.decisions
        result.scores_a.append(outcome.score_a)
        result.scores_b.append(outcome.score_b)
        if progress is not None:
            progress.advance(task)
    result.seconds = time.perf_counter() - start
    return result


def markdown(game: str, results: list[PairResult], games: int, players: int, seed: int) -> str:
    lines = [
        f"Strength ladder: {players}-player {game.title()}, {games} games per pair (seats swapped), seed {seed}.",
        "",
        "| agent A | agent B | games | A wins | draws | A win rate | 95% CI | mean score A | mean score B | cut off |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in results:
        lo, hi = r.interval()
        lines.append(
            f"| {r.a} | {r.b} | {r.games} | {r.wins - 0.5 * r.draws:g} | {r.draws} | {r.rate:.1%} | "
            f"{lo:.1%} - {hi:.1%} | {sum(r.scores_a) / r.games:.1f} | {sum(r.scores_b) / r.games:.1f} | {r.truncated} |"
        )
    return "\n".join(lines)


def main(argv=None) -> list[PairResult]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="scythe", choices=sorted(GAMES), help="which game")
    parser.add_argument("--games", type=int, default=100, help="games per pair (even: each seed from both seats)")
    parser.add_argument("--players", type=int, default=2, help="players per game (seats alternate between the pair)")
    parser.add_argument("--seed", type=int, default=0, help="first game seed; agent seeds derive from it")
    parser.add_argument("--agents", nargs="+", default=None, help="registered agent names (default: random and the game's bots)")
    parser.add_argument("--max-turns", type=int, default=None, help="cut games off after this many turns (default 300 per player)")
    parser.add_argument("--focus", default=None, help="play only the pairs that include this agent (own RESULTS section)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (default: one per core)")
    parser.add_argument("--write", action="store_true", help="rewrite the strength section of benchmarks/RESULTS.md")
    args = parser.parse_args(argv)
    args.agents = args.agents or default_agents(args.game)
    if args.focus is not None and args.focus not in args.agents:
        args.agents = [args.focus] + args.agents
    if args.games < 1 or not 2 <= args.players <= 5 or len(args.agents) < 2 or args.jobs < 1:
        parser.error("need --games >= 1, 2 <= --players <= 5, --jobs >= 1 and at least two agents")
    for name in args.agents:
        make_agent(name, game=args.game)  # an unknown name or another game's agent fails here, not in a worker
    max_turns = args.max_turns or 300 * args.players
    # a bot against random reads best as "bot wins x%": random goes second; the focus goes first
    pairs = [(b, a) if a == "random" or b == args.focus else (a, b) for a, b in itertools.combinations(args.agents, 2)]
    if args.focus is not None:
        pairs = [pair for pair in pairs if args.focus in pair]
    results = []
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    with Progress(*columns, transient=True) as progress:
        for a, b in pairs:
            task = progress.add_task(f"{a} vs {b}", total=args.games)
            r = play_pair(args.game, a, b, args.games, args.players, args.seed, max_turns, progress, task, pool)
            lo, hi = r.interval()
            progress.console.print(
                f"{a} vs {b}: {a} wins {r.rate:.1%} (95% CI {lo:.1%}-{hi:.1%}) of {r.games} games, "
                f"{r.draws} draws, {r.truncated} cut off; {r.decisions / r.seconds:,.0f} decisions/s"
            )
            results.append(r)
    if pool is not None:
        pool.shutdown()
    table = markdown(args.game, results, args.games, args.players, args.seed)
    print()
    print(table)
    if args.write:
        section, title = f"strength-{args.game}", f"Strength ladder: {args.game.title()}"
        if args.focus is not None:
            section, title = f"{section}-{args.focus.split('.')[-1]}", f"{title}, {args.focus}"
        print(f"written {write_section(section, f'## {title}' + chr(10) + chr(10) + table)}")
    return results


if __name__ == "__main__":
    main()
