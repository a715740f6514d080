"""Strength ladder: every pair of agents plays matches with seats swapped; win rates with 95%
Wilson intervals.

Run: ``.venv/bin/python benchmarks/strength.py --game imperium --games 400`` (default game
Scythe; default agents: random and the game's bots). Each seed is played twice with the two agents' seats exchanged, so faction, mat
and turn order cancel out. A game is won by the seat ranked first (a tie counts half); a game
cut off by ``--max-turns`` is decided by the scores at that point. With ``--players`` above 2
the seats alternate between the two agents (the first seat rotating from game to game); with
``--lone`` agent A plays one seat (each seat of a table in turn) against B in all the others, and
the table compares A's win rate with its fair share, 1/players (a search agent against a table
of bots). Search agents' mean time per searched decision is in the last columns.

``--focus NAME`` plays only the pairs that include NAME (e.g. a search bot against the rest) and
writes its own section. ``--jobs`` spreads the games over processes (default: one per core); the
results do not depend on it, since every game's seeds follow from its number.

``--ledger FILE`` keeps every finished game in a JSON-lines file and skips the games it holds on
the next run: a ladder of search agents (hours) resumes across sessions; the file refuses games
played on other sources.

Prints one line per pair, then a markdown table; ``--write`` puts it in benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import itertools
import json
import multiprocessing
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from dataclasses import asdict, dataclass, field

import numpy as np
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from meeplegym._numba_cache import modules_digest
from meeplegym.agents import agent_names, make_agent, play_match
from meeplegym.agents.registry import AGENTS, POLICY_PREFIX, split_options
from meeplegym.registry import GAMES
from meeplegym.stats import wilson_interval

sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("MEEPLEGYM_FIRST_RUN", "wait")  # time compiled code: on a cold cache compile, never run as Python
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
    searched: list[int] = field(default_factory=lambda: [0, 0])  # searched decisions of a and b
    search_seconds: list[float] = field(default_factory=lambda: [0.0, 0.0])

    def ms_per_search(self, k: int) -> str:
        """Agent k's (0: a, 1: b) mean thinking time per searched decision, or "-" for a bot without search."""
        return f"{1000 * self.search_seconds[k] / self.searched[k]:.0f}" if self.searched[k] else "-"

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else float("nan")

    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)


def seating(g: int, players: int, lone: bool = False) -> list[int]:
    """Which agent (0 = a, 1 = b) sits in each seat of game g: alternating, swapped every game; or,
    `lone`, a in one seat (each seat in turn) and b in all the others."""
    if lone:
        return [0 if seat == g % players else 1 for seat in range(players)]
    return [(seat + g) % 2 for seat in range(players)]


def table_seed(g: int, players: int, seed: int, lone: bool = False) -> int:
    """Every table is played with a in each of its seats: 2 games per table, `players` when lone."""
    return seed + g // (players if lone else 2)


@dataclass
class GameOutcome:
    wins: float  # agent a's share of the win: 1, 0.5 (shared first place) or 0
    truncated: bool
    decisions: int
    score_a: int
    score_b: int
    searched: tuple[int, int] = (0, 0)
    search_seconds: tuple[float, float] = (0.0, 0.0)


def clock_searches(agent, clock: list) -> None:
    """Time `agent`'s searched decisions (a search agent's ``searched``) into clock = [decisions, seconds]."""
    searched = getattr(agent, "searched", None)
    if searched is None:
        return
    act = agent.act

    def timed(observation, action_mask, info=None):
        is_searched = info is not None and bool(searched(info["state"], 0, np.ascontiguousarray(action_mask, np.int8)))
        start = time.perf_counter()
        action = act(observation, action_mask, info)
        if is_searched:
            clock[0] += 1
            clock[1] += time.perf_counter() - start
        return action

    agent.act = timed


def play_game(game: str, a: str, b: str, g: int, players: int, seed: int, max_turns: int,
              lone: bool = False) -> GameOutcome:
    """Game number g of the pair: seats by `seating`, table by `table_seed`."""
    who = seating(g, players, lone)
    agents = [make_agent((a, b)[w], game=game, seed=seed * 7919 + 31 * g + seat) for seat, w in enumerate(who)]
    clocks = [[0, 0.0], [0, 0.0]]
    for agent, w in zip(agents, who):
        clock_searches(agent, clocks[w])
    match = play_match(game, agents, seed=table_seed(g, players, seed, lone), max_turns=max_turns)
    ranking = match.scores if match.truncated else match.rewards
    best = max(ranking)
    top = [who[seat] for seat in range(players) if ranking[seat] == best]
    if lone:  # a's share of the first place
        wins = top.count(0) / len(top)
    else:
        wins = 1.0 if set(top) == {0} else 0.5 if set(top) == {0, 1} else 0.0
    return GameOutcome(
        wins=wins,
        truncated=match.truncated,
        decisions=match.decisions,
        score_a=max(match.scores[s] for s in range(players) if who[s] == 0),
        score_b=max(match.scores[s] for s in range(players) if who[s] == 1),
        searched=(clocks[0][0], clocks[1][0]),
        search_seconds=(clocks[0][1], clocks[1][1]),
    )


def _play_game_args(args):
    return play_game(*args)


def ladder_digest(game: str, agents: list[str]) -> str:
    """A hash of what the ladder's games are played on: the sources the game's env, the match
    loop and the agents' modules reach, and the files their names point to (``policy:PATH``, an
    option such as ``value=PATH``). An edit none of them reaches (the trainer, an agent that does not
    play, another game) keeps a ledger resumable."""
    modules = {GAMES[game].module, play_match.__module__, make_agent.__module__}
    files = set()
    for name in agents:
        if name.startswith(POLICY_PREFIX):
            modules.add("meeplegym.agents.policy_agent")
            files.add(name.removeprefix(POLICY_PREFIX))
            continue
        base, options = split_options(name)
        modules.add(AGENTS[base].target.partition(":")[0])
        files.update(v for v in options.values() if isinstance(v, str) and Path(v).is_file())
    return modules_digest(sorted(modules), sorted(files))


class Ledger:
    """The finished games of ladders in a JSON-lines file (``--ledger``): a long ladder resumes
    where it stopped, in this session or the next. Each line holds the game's arguments, its
    outcome and the digest of the sources it was played on (`ladder_digest`); a ledger of other
    sources is refused."""

    def __init__(self, path: Path, game: str, agents: list[str]):
        self.path, self.engine = Path(path), ladder_digest(game, agents)
        self.done: dict[tuple, GameOutcome] = {}
        if self.path.exists():
            for line in self.path.read_text().splitlines():
                row = json.loads(line)
                if row["engine"] != self.engine:
                    raise SystemExit(f"{self.path}: games played on other sources (digest {row['engine']}, these "
                                     f"are {self.engine}); name a new ledger")
                self.done[tuple(row["job"])] = GameOutcome(**row["outcome"])

    def record(self, job: tuple, outcome: GameOutcome) -> None:
        with self.path.open("a") as f:
            f.write(json.dumps({"engine": self.engine, "job": list(job), "outcome": asdict(outcome)}) + "\n")


def play_pair(game: str, a: str, b: str, games: int, players: int, seed: int, max_turns: int, progress=None, task=None,
              pool: ProcessPoolExecutor | None = None, lone: bool = False, ledger: Ledger | None = None) -> PairResult:
    result = PairResult(a, b)
    start = time.perf_counter()
    jobs = [(game, a, b, g, players, seed, max_turns, lone) for g in range(games)]
    done = {job: ledger.done[job] for job in jobs if ledger is not None and job in ledger.done}
    todo = [job for job in jobs if job not in done]
    played = pool.map(_play_game_args, todo) if pool is not None else map(_play_game_args, todo)
    for job, outcome in itertools.chain(done.items(), zip(todo, played)):
        if ledger is not None and job not in done:
            ledger.record(job, outcome)
        result.wins += outcome.wins
        result.draws += 0 < outcome.wins < 1
        result.truncated += outcome.truncated
        result.games += 1
        result.decisions += outcome.decisions
        result.scores_a.append(outcome.score_a)
        result.scores_b.append(outcome.score_b)
        for k in range(2):
            result.searched[k] += outcome.searched[k]
            result.search_seconds[k] += outcome.search_seconds[k]
        if progress is not None:
            progress.advance(task)
    result.seconds = time.perf_counter() - start
    return result


def markdown(game: str, results: list[PairResult], games: int, players: int, seed: int, lone: bool = False) -> str:
    seats = (f"agent A in one seat (each in turn), agent B in the other {players - 1}; a fair share of the wins is "
             f"1/{players}" if lone else "seats swapped")
    lines = [
        f"Strength ladder: {players}-player {game.title()}, {games} games per pair ({seats}), seed {seed}.",
        "",
        "| agent A | agent B | games | A wins (shared firsts split) | draws | A win rate | 95% CI | " + ("x fair share | " if lone else "")
        + "mean score A | mean score B | cut off | ms per searched decision A | B |",
        "|---|---|---|---|---|---|---|" + ("---|" if lone else "") + "---|---|---|---|---|",
    ]
    for r in results:
        lo, hi = r.interval()
        share = f"{r.rate * players:.2f} | " if lone else ""
        lines.append(
            f"| {r.a} | {r.b} | {r.games} | {r.wins:g} | {r.draws} | {r.rate:.1%} | "
            f"{lo:.1%} - {hi:.1%} | {share}{sum(r.scores_a) / r.games:.1f} | {sum(r.scores_b) / r.games:.1f} | "
            f"{r.truncated} | {r.ms_per_search(0)} | {r.ms_per_search(1)} |"
        )
    return "\n".join(lines)


def main(argv=None) -> list[PairResult]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="scythe", choices=sorted(GAMES), help="which game")
    parser.add_argument("--games", type=int, default=100, help="games per pair (even: each seed from both seats)")
    parser.add_argument("--players", type=int, default=2, help="players per game (seats alternate between the pair)")
    parser.add_argument("--lone", action="store_true",
                        help="agent A in one seat, B in all the others (a search agent against a table of bots)")
    parser.add_argument("--seed", type=int, default=0, help="first game seed; agent seeds derive from it")
    parser.add_argument("--agents", nargs="+", default=None, help="registered agent names (default: random and the game's bots)")
    parser.add_argument("--max-turns", type=int, default=None, help="cut games off after this many turns (default 300 per player)")
    parser.add_argument("--focus", default=None, help="play only the pairs that include this agent (own RESULTS section)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (default: one per core)")
    parser.add_argument("--ledger", type=Path, default=None,
                        help="keep each finished game in this JSON-lines file and resume from it")
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
    # workers from a fresh server process: a fork of this one, which holds torch's threads once a policy or a
    # value was loaded above, hangs in its first game
    pool = ProcessPoolExecutor(args.jobs, mp_context=multiprocessing.get_context("forkserver")) if args.jobs > 1 else None
    ledger = Ledger(args.ledger, args.game, args.agents) if args.ledger is not None else None
    with Progress(*columns, transient=True) as progress:
        for a, b in pairs:
            task = progress.add_task(f"{a} vs {b}", total=args.games)
            r = play_pair(args.game, a, b, args.games, args.players, args.seed, max_turns, progress, task, pool,
                          args.lone, ledger)
            lo, hi = r.interval()
            progress.console.print(
                f"{a} vs {b}: {a} wins {r.rate:.1%} (95% CI {lo:.1%}-{hi:.1%}) of {r.games} games, "
                f"{r.draws} draws, {r.truncated} cut off; {r.decisions / r.seconds:,.0f} decisions/s; "
                f"{r.ms_per_search(0)} / {r.ms_per_search(1)} ms per searched decision"
            )
            results.append(r)
    if pool is not None:
        pool.shutdown()
    table = markdown(args.game, results, args.games, args.players, args.seed, args.lone)
    print()
    print(table)
    if args.write:
        section, title = f"strength-{args.game}", f"Strength ladder: {args.game.title()}"
        if args.focus is not None:
            section, title = f"{section}-{args.focus.split('.')[-1]}", f"{title}, {args.focus}"
        if args.players != 2 or args.lone:
            section = f"{section}-{args.players}p{'-lone' if args.lone else ''}"
            title = f"{title}, {args.players} players{', one against the rest' if args.lone else ''}"
        print(f"written {write_section(section, f'## {title}' + chr(10) + chr(10) + table)}")
    return results


if __name__ == "__main__":
    main()
