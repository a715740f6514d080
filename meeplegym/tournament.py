"""Tournaments: scheduled matches between named agents, stored in SQLite, rated with OpenSkill.

``run_tournament(game, agents, games, players, db)`` plays ``games`` matches in worker
processes and writes each finished game to the database as it arrives (seed, agents by seat,
the seat setup such as factions and mats, scores, ranks, length, and the action list that
replays it). A tournament is identified by its configuration: running the same one again
resumes it, playing only the games not yet stored, so an interrupted run loses nothing but
the games in flight.

Scheduling (``duplicate=True``, the default): games come in blocks of ``players`` that share
one deal, the seed ``seed + block``, so the same factions and mats (Scythe), nations (Imperium)
or roles (Oath: seat 1 is the Chancellor) lie at the same seats; the block's lineup, a subset of
the agents chosen round-robin over all subsets of size ``players``, is rotated one seat per
game, so every agent plays every seat of every deal: match-ups are balanced by seat and by
faction, mat, nation and role, not merely in expectation (duplicate play, as in bridge, which
also takes the luck of the deal out of the comparison). ``duplicate=False``: game ``i`` has
its own seed ``seed + i`` and the rotation moves once per cycle of lineups (a balance sweep,
where every seat plays the same agent, uses this).

Backends: ``"process"`` plays on this machine in ``workers`` spawned processes (one: in this
process); ``"ray"`` sends each game to a Ray cluster as a task (``address`` of a running cluster,
or a local one started with ``workers`` CPUs and shut down afterwards). Either way the games come
back to this process and land in the same database, one commit per game, so the backends store
identical rows and can resume each other's runs. A remote cluster's nodes need meeplegym installed
(or a Ray ``runtime_env``), as any Ray task needs its code.

``ratings(db, tournament)`` fits OpenSkill (Plackett-Luce) over the stored games in order;
``head_to_head`` gives pairwise win rates with Wilson 95% intervals.
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import json
import multiprocessing
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path

from meeplegym import variants
from meeplegym.errors import InvalidOptionError
from meeplegym.stats import wilson_interval

SCHEMA = """
CREATE TABLE IF NOT EXISTS tournaments (
    id TEXT PRIMARY KEY,          -- hash of the configuration
    game TEXT NOT NULL,
    config TEXT NOT NULL,         -- JSON: agents, players, games, seed, options
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    tournament TEXT NOT NULL REFERENCES tournaments(id),
    idx INTEGER NOT NULL,         -- position in the schedule
    seed INTEGER NOT NULL,
    agents TEXT NOT NULL,         -- JSON list: agent name per seat
    seat_setup TEXT NOT NULL,     -- JSON list: faction/mat/nation/... per seat
    scores TEXT NOT NULL,         -- JSON list per seat
    ranks TEXT NOT NULL,          -- JSON list per seat, 0 = first, ties share
    decisions INTEGER NOT NULL,
    turns INTEGER NOT NULL,
    truncated INTEGER NOT NULL,
    actions TEXT NOT NULL,        -- JSON list: the whole game, replayable from the seed
    seconds REAL NOT NULL,
    victory TEXT NOT NULL DEFAULT '',  -- how it was won (Imperium: scoring / collapse); '' if cut short
    PRIMARY KEY (tournament, idx)
);
"""
GAME_COLUMNS = ("tournament", "idx", "seed", "agents", "seat_setup", "scores", "ranks", "decisions", "turns",
                "truncated", "actions", "seconds", "victory")


@dataclass(frozen=True)
class Config:
    game: str
    agents: tuple[str, ...]
    games: int
    players: int
    seed: int = 0
    max_turns: int | None = None
    options: tuple[tuple[str, object], ...] = ()  # env options, e.g. (("public_coins", True),)
    duplicate: bool = True  # each deal played once per seat rotation of its lineup (module doc)
    variant: str = ""  # what a designer's variant changes (`meeplegym.variants.canonical`), "" for the printed game

    @property
    def id(self) -> str:
        fields = asdict(self)
        if not self.duplicate:
            del fields["duplicate"]  # the one schedule before duplicate deals: earlier databases resume
        if not self.variant:
            del fields["variant"]  # the printed game: databases from before variants resume
        blob = json.dumps(fields, sort_keys=True, default=list)
        return hashlib.sha1(blob.encode()).hexdigest()[:16]


def schedule(config: Config) -> list[tuple[int, int, tuple[str, ...]]]:
    """(index, seed, agent name per seat) of every game of the tournament."""
    subsets = list(itertools.combinations(config.agents, config.players))
    out = []
    for i in range(config.games):
        if config.duplicate:
            deal, shift = divmod(i, config.players)
            lineup, seed = subsets[deal % len(subsets)], config.seed + deal
        else:
            lineup, seed = subsets[i % len(subsets)], config.seed + i
            shift = (i // len(subsets)) % config.players
        out.append((i, seed, lineup[shift:] + lineup[:shift]))
    return out


def connect(db: str | Path) -> sqlite3.Connection:
    con = sqlite3.connect(str(db))
    con.executescript(SCHEMA)
    columns = {row[1] for row in con.execute("PRAGMA table_info(games)")}
    if "victory" not in columns:  # a database written before the column existed
        con.execute("ALTER TABLE games ADD COLUMN victory TEXT NOT NULL DEFAULT ''")
        con.commit()
    return con


def _play_one(job):
    """Worker: play one scheduled game (agents are seeded from the game's seed)."""
    from meeplegym.agents import make_agent, play_match

    config, idx, seed, seats = job
    if config.variant != variants.playing(config.game):  # a worker started without the variant
        raise InvalidOptionError(f"a worker plays {variants.label(variants.playing(config.game))}, the tournament "
                                 f"{variants.label(config.variant)}: start it with {variants.ENV} set")
    # the games of one deal differ in their agents' seeds too (a lineup of one agent repeated
    # would otherwise replay one game); without duplicate deals, seeds are as they always were
    again = idx % config.players if config.duplicate else 0
    agents = [make_agent(name, game=config.game, seed=seed * 31 + seat + 7919 * again) for seat, name in enumerate(seats)]
    start = time.perf_counter()
    result = play_match(config.game, agents, seed=seed, max_turns=config.max_turns, record=True,
                        **dict(config.options))
    return idx, result, time.perf_counter() - start


def validate(config: Config) -> None:
    from meeplegym.agents import agent_names
    from meeplegym.agents.registry import POLICY_PREFIX
    from meeplegym.registry import GAMES

    if config.game not in GAMES:
        raise InvalidOptionError(f"unknown game {config.game!r}; available: {', '.join(sorted(GAMES))}")
    low, high = GAMES[config.game].players
    if not low <= config.players <= high:
        raise InvalidOptionError(f"{config.game} is played by {low}-{high} players, not {config.players}")
    known = agent_names(config.game)
    for name in config.agents:
        if name.startswith(POLICY_PREFIX):
            _check_policy(name, config)
        elif name not in known:
            raise InvalidOptionError(f"unknown agent {name!r} for {config.game}; available: {', '.join(known)}")
    if len(config.agents) < config.players:
        raise InvalidOptionError(f"{config.players} players need at least {config.players} agents, got {len(config.agents)}"
                                 " (name an agent twice to let it play itself)")
    if config.games < 1:
        raise InvalidOptionError(f"games must be positive, got {config.games}")
    here = variants.playing(config.game)
    if config.variant != here:
        raise InvalidOptionError(f"the tournament is of {variants.label(config.variant)}, but this process plays "
                                 f"{variants.label(here)}: a variant is played with {variants.ENV} naming its file "
                                 "(the commands' --variant FILE)")


def _check_policy(name: str, config: Config) -> None:
    """An exported policy plays in the tournament only if it loads and was trained for this table."""
    from meeplegym.agents import make_agent

    try:
        agent = make_agent(name, game=config.game)
    except ImportError as e:
        raise InvalidOptionError(f"{name}: a trained policy needs the train extra (torch): {e}") from None
    except (OSError, ValueError) as e:
        raise InvalidOptionError(f"{name}: {e}") from None
    if agent.num_players != config.players:
        raise InvalidOptionError(f"{name} was trained for {agent.num_players} players, not {config.players}")


BACKENDS = ("process", "ray")
RAY_TASKS_PER_CPU = 4  # games in flight per cluster CPU: keeps every CPU busy, bounds what waits in memory


def validate_backend(backend: str, workers: int, address: str | None) -> None:
    if backend not in BACKENDS:
        raise InvalidOptionError(f"unknown backend {backend!r}; available: {', '.join(BACKENDS)}")
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise InvalidOptionError(f"workers must be a positive integer, got {workers!r}")
    if address is not None and backend != "ray":
        raise InvalidOptionError(f"address {address!r} names a Ray cluster; it needs backend='ray'")


def run_tournament(config: Config, db: str | Path, workers: int = 1,
                   progress: Callable[[int, int], None] | None = None,
                   backend: str = "process", address: str | None = None,
                   stop: Callable[[int], bool] | None = None) -> str:
    """Play the games of `config` missing from `db` on `backend` (module doc); returns the
    tournament id. progress(done, total) is called after each stored game; stop(done), when
    given, likewise (and once before the first game), and a True ends the run there (the rest can be
    played by a later run)."""
    validate(config)
    validate_backend(backend, workers, address)
    con = connect(db)
    tid = config.id
    con.execute("INSERT OR IGNORE INTO tournaments VALUES (?, ?, ?, ?)",
                (tid, config.game, json.dumps(asdict(config), default=list), time.time()))
    con.commit()
    done = {row[0] for row in con.execute("SELECT idx FROM games WHERE tournament = ?", (tid,))}
    jobs = [(config, i, seed, seats) for i, seed, seats in schedule(config) if i not in done]
    finished = len(done)
    if progress:
        progress(finished, config.games)
    if stop and stop(finished):  # a resumed run that has what it came for
        con.close()
        return tid
    results = _ray_results(jobs, workers, address) if backend == "ray" else _results(jobs, workers)
    with contextlib.closing(results):  # an interruption stops the workers (or the Ray instance) at once
        for idx, result, seconds in results:
            # OR IGNORE: another run of the same tournament (at the same time, on the same file) may
            # have stored this game first; games are deterministic, so its row is this one
            con.execute(
                f"INSERT OR IGNORE INTO games ({', '.join(GAME_COLUMNS)}) VALUES ({', '.join('?' * len(GAME_COLUMNS))})",
                (tid, idx, result.seed, json.dumps(result.agents), json.dumps(result.seat_setup),
                 json.dumps(result.scores), json.dumps(result.ranks), result.decisions, result.turns,
                 int(result.truncated), json.dumps(result.actions), seconds, result.victory),
            )
            con.commit()  # one game at a time: an interruption loses only games in flight
            finished += 1
            if progress:
                progress(finished, config.games)
            if stop and stop(finished):
                break
    con.close()
    return tid


def _results(jobs, workers: int) -> Iterator:
    if workers <= 1:
        for job in jobs:
            yield _play_one(job)
        return
    ctx = multiprocessing.get_context("spawn")  # numba's thread pool does not survive fork well
    with ctx.Pool(workers) as pool:
        yield from pool.imap_unordered(_play_one, jobs)


def _ray_results(jobs, workers: int, address: str | None) -> Iterator:
    """Each job as a Ray task, yielded as it finishes; at most RAY_TASKS_PER_CPU per CPU in flight."""
    try:
        import ray
    except ImportError:
        raise InvalidOptionError("backend 'ray' needs Ray: pip install 'meeplegym[dist]'") from None
    started = not ray.is_initialized()
    # a variant's file travels by name: on a cluster it must lie at the same path on every node
    runtime_env = {"env_vars": {variants.ENV: os.environ[variants.ENV]}} if os.environ.get(variants.ENV) else None
    if started:
        if address is None:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False, runtime_env=runtime_env)
        else:
            ray.init(address=address, log_to_driver=False, runtime_env=runtime_env)
    try:
        play = ray.remote(num_cpus=1)(_play_one)
        window = max(1, int(ray.cluster_resources().get("CPU", workers))) * RAY_TASKS_PER_CPU
        waiting = list(reversed(jobs))
        running = []
        while waiting or running:
            while waiting and len(running) < window:
                running.append(play.remote(waiting.pop()))
            done, running = ray.wait(running, num_returns=1)
            yield ray.get(done[0])
    finally:
        if started:
            ray.shutdown()


def stored_games(db: str | Path, tournament: str) -> list[dict]:
    con = connect(db)
    keys = ("idx", "seed", "agents", "seat_setup", "scores", "ranks", "decisions", "turns", "truncated", "victory")
    rows = con.execute(f"SELECT {', '.join(keys)} FROM games WHERE tournament = ? ORDER BY idx", (tournament,)).fetchall()
    con.close()
    out = []
    for row in rows:
        game = dict(zip(keys, row))
        for k in ("agents", "seat_setup", "scores", "ranks"):
            game[k] = json.loads(game[k])
        out.append(game)
    return out


def ratings(games: list[dict]) -> dict[str, dict]:
    """OpenSkill Plackett-Luce ratings from games in schedule order: name -> mu, sigma,
    ordinal (mu - 3 sigma), games."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    table: dict[str, object] = {}
    counts: dict[str, int] = {}
    for g in games:
        teams = []
        for name in g["agents"]:
            table.setdefault(name, model.rating(name=name))
            teams.append([table[name]])
            counts[name] = counts.get(name, 0) + 1
        if len(set(g["agents"])) < len(g["agents"]):
            continue  # an agent against itself says nothing about its rating
        rated = model.rate(teams, ranks=g["ranks"])
        for name, team in zip(g["agents"], rated):
            table[name] = team[0]
    return {name: {"mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal(), "games": counts[name]}
            for name, r in sorted(table.items(), key=lambda kv: -kv[1].ordinal())}


def head_to_head(games: list[dict]) -> dict[tuple[str, str], dict]:
    """For each ordered pair (a, b) of different agents: how often a finished ahead of b in the
    games they both played (ties count half), with a Wilson 95% interval."""
    tally: dict[tuple[str, str], list[float]] = {}
    for g in games:
        for (i, a), (j, b) in itertools.permutations(enumerate(g["agents"]), 2):
            if a == b:
                continue
            wins, n = tally.setdefault((a, b), [0.0, 0])
            score = 1.0 if g["ranks"][i] < g["ranks"][j] else 0.5 if g["ranks"][i] == g["ranks"][j] else 0.0
            tally[(a, b)] = [wins + score, n + 1]
    out = {}
    for pair, (wins, n) in sorted(tally.items()):
        low, high = wilson_interval(wins, n)
        out[pair] = {"win_rate": wins / n, "low": low, "high": high, "games": n}
    return out
