"""Throughput of meeplegym's games, with the peer environments measured in the same run.

Run ``make bench`` (installs the `bench` extra: PettingZoo classic and OpenSpiel), or
``python benchmarks/throughput.py [--seconds 3] [--quick]``. Rewrites the "throughput" section
of benchmarks/RESULTS.md and writes the raw numbers to benchmarks/results/throughput.json.

One decision is one agent action; every figure is with uniformly random legal play:
- peers: PettingZoo classic chess_v6, go_v5, connect_four_v3 through the AEC loop, and
  OpenSpiel chess and go as pyspiel rollouts (a peer that is not installed is reported skipped);
- each game's AEC env through the same loop and the same agent, for every player count;
- each game's vector API (`meeplegym.make_vector`), random agent choosing in compiled code
  (`RandomAgent.act_batch`), over batch sizes and player counts, with and without observations;
- each game's engine kernel `play_random` (whole games in compiled code, no Python per decision);
- costs: state bytes per game, vector-API memory per game, peak memory, JIT compile time cold
  (empty cache, in a fresh process) and warm (cached).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numba
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("MEEPLEGYM_FIRST_RUN", "wait")  # time compiled code: on a cold cache compile, never run as Python

import meeplegym  # noqa: E402
from meeplegym.agents import RandomAgent  # noqa: E402
from meeplegym.registry import GAMES, make_env  # noqa: E402
from results_md import machine, write_section  # noqa: E402

HERE = Path(__file__).resolve().parent
BATCHES = (1, 16, 256, 1024, 4096)


def rate(decisions: int, games: float, seconds: float) -> dict:
    return {"decisions": decisions, "games": games, "seconds": seconds,
            "decisions_per_s": decisions / seconds, "games_per_s": games / seconds}


def aec_loop(make, seconds: float, seed: int = 0) -> dict:
    """Random legal play through a PettingZoo AEC env for about `seconds` (whole games)."""
    env = make()
    agent = RandomAgent(seed)
    env.reset(seed=seed)  # warm-up outside the timed window: one whole game, so that every
    for _ in env.agent_iter():  # kernel a game reaches (its end, scoring, rewards) is loaded
        obs, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else agent.act(None, obs["action_mask"]))
    decisions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=seed + games)
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(agent.act(None, obs["action_mask"]))
            decisions += 1
        games += 1
    return rate(decisions, games, time.perf_counter() - start)


def openspiel_rollouts(name: str, seconds: float, seed: int = 0) -> dict:
    import pyspiel

    game = pyspiel.load_game(name)
    pick = np.random.default_rng(seed)
    decisions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[pick.integers(len(legal))])
            decisions += 1
        games += 1
    return rate(decisions, games, time.perf_counter() - start)


def peers(seconds: float) -> dict:
    def pz(module):
        return lambda: aec_loop(importlib.import_module(f"pettingzoo.classic.{module}").env, seconds)

    out = {}
    for label, fn in [("PettingZoo chess_v6", pz("chess_v6")), ("PettingZoo go_v5", pz("go_v5")),
                      ("PettingZoo connect_four_v3", pz("connect_four_v3")),
                      ("OpenSpiel chess", lambda: openspiel_rollouts("chess", seconds)),
                      ("OpenSpiel go", lambda: openspiel_rollouts("go", seconds))]:
        try:
            out[label] = fn()
        except ImportError as err:
            out[label] = {"skipped": str(err)}
        print(f"  {label}: {_fmt(out[label])}", flush=True)
    return out


def vector_run(game: str, players: int, batch: int, observations: bool, seconds: float) -> dict:
    venv = meeplegym.make_vector(game, batch, num_players=players, seed=1, observations=observations)
    agent = RandomAgent(0)
    result = venv.reset(1)
    for _ in range(3):
        result = venv.step(agent.act_batch(None, result.action_mask))
    steps = 0
    episodes_before = int(venv.episodes.sum())
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or steps < 5:
        result = venv.step(agent.act_batch(None, result.action_mask))
        steps += 1
    elapsed = time.perf_counter() - start
    return rate(steps * batch, int(venv.episodes.sum()) - episodes_before, elapsed)


def kernel_games(game: str, players: int, games: int, seed: int = 0) -> dict:
    engine = importlib.import_module(f"meeplegym.envs.{game}.engine")
    warm = engine.new_game(players, seed)
    engine.play_random(warm, engine.random_words([seed]), 10, np.zeros(1, np.int64))
    states = np.concatenate([engine.new_game(players, seed + b) for b in range(games)])
    words = engine.random_words([seed + 7919 * b + 1 for b in range(games)])
    decisions = np.zeros(games, dtype=np.int64)
    start = time.perf_counter()
    engine.play_random(states, words, 10_000_000, decisions)
    elapsed = time.perf_counter() - start
    finished = int((states["terminal"] == 1).sum())
    return rate(int(decisions.sum()), finished, elapsed)


_COMPILE_PROBE = """
import sys, time
t0 = time.perf_counter()
import numpy as np, meeplegym
env = meeplegym.make_env({game!r}, num_players=2)
env.reset(seed=0)
env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
t1 = t2 = time.perf_counter()
if {vector!r}:
    v = meeplegym.make_vector({game!r}, 4, num_players=2)
    v.step(np.array([int(np.flatnonzero(m)[0]) for m in v.action_masks()]))
    t2 = time.perf_counter()
print(t1 - t0, t2 - t1)
"""


def compile_times(game: str) -> dict:
    """Import + first AEC step, and first vector step, in fresh processes: cold, then warm."""
    out = {}
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache, MEEPLEGYM_FIRST_RUN="wait")  # the compile, not the Python tier
        for label in ("cold", "warm"):
            probe = _COMPILE_PROBE.format(game=game, vector=GAMES[game].vector is not None)
            proc = subprocess.run([sys.executable, "-c", probe], env=env,
                                  capture_output=True, text=True, check=True)
            aec_s, vector_s = map(float, proc.stdout.split())
            out[label] = {"import_and_first_step_s": aec_s, "first_vector_step_s": vector_s}
            print(f"  {game} compile {label}: import + first step {aec_s:.1f} s, first vector step {vector_s:.1f} s",
                  flush=True)
    return out


def _fmt(r: dict) -> str:
    if "skipped" in r:
        return f"skipped ({r['skipped']})"
    return f"{r['decisions_per_s']:,.0f} decisions/s, {r['games_per_s']:,.2f} games/s"


def _compile_line(compile: dict | None) -> str:
    if compile is None:
        return "- JIT compile time: not measured in this run (--quick or --no-compile-timing)"
    cold, warm = compile["cold"], compile["warm"]
    return (f"- JIT compile in a fresh process: empty cache, import + first AEC step {cold['import_and_first_step_s']:.1f} s "
            f"then first vector step {cold['first_vector_step_s']:.1f} s; warm cache, "
            f"{warm['import_and_first_step_s']:.1f} s and {warm['first_vector_step_s']:.1f} s")


def _vector_lines(game: str, g: dict, chess, os_chess, ratio) -> list[str]:
    lines = ["", f"### {game}: vector API, random agent in compiled code, masks only (decisions/s)", "",
             "| players | " + " | ".join(f"batch {b}" for b in g["batches"]) + " | games/s at the largest batch¹ |",
             "|---:|" + "---:|" * (len(g["batches"]) + 1)]
    for players, row in g["vector"].items():
        largest = row[str(g["batches"][-1])]
        per_game = g["kernel"][players]["decisions"] / max(g["kernel"][players]["games"], 1)
        lines.append(f"| {players} | " + " | ".join(f"{row[str(b)]['decisions_per_s']:,.0f}" for b in g["batches"])
                     + f" | {largest['decisions_per_s'] / per_game:,.0f} |")
    lines += ["", f"With observations encoded for the acting seat every step (batch {g['obs_batch']}):", "",
              "| players | decisions/s | × PZ chess | × OpenSpiel chess |", "|---:|---:|---:|---:|"]
    for players, r in g["vector_obs"].items():
        lines.append(f"| {players} | {r['decisions_per_s']:,.0f} | {ratio(r['decisions_per_s'], chess)} | "
                     f"{ratio(r['decisions_per_s'], os_chess)} |")
    return lines


def report(results: dict) -> str:
    chess = results["peers"].get("PettingZoo chess_v6", {}).get("decisions_per_s")
    os_chess = results["peers"].get("OpenSpiel chess", {}).get("decisions_per_s")

    def ratio(x, ref):
        return f"{x / ref:,.1f}×" if ref else "–"

    lines = ["## Throughput", "",
             "Uniformly random legal play, one process. A decision is one agent action. "
             "Ratios are against PettingZoo `chess_v6` and OpenSpiel `chess` measured in the same run.", "",
             "### Peers", "", "| environment | decisions/s | games/s |", "|---|---:|---:|"]
    for label, r in results["peers"].items():
        if "skipped" in r:
            lines.append(f"| {label} | skipped | |")
        else:
            lines.append(f"| {label} | {r['decisions_per_s']:,.0f} | {r['games_per_s']:,.2f} |")
    for game, g in results["games"].items():
        if g.get("earlier_run"):
            lines += ["", f"*{game}: measured in an earlier run (its ratios are against this run's peers).*"]
        lines += ["", f"### {game}: AEC env (Python loop, `RandomAgent.act`)", "",
                  "| players | decisions/s | games/s | × PZ chess | × OpenSpiel chess |", "|---:|---:|---:|---:|---:|"]
        for players, r in g["aec"].items():
            lines.append(f"| {players} | {r['decisions_per_s']:,.0f} | {r['games_per_s']:,.2f} | "
                         f"{ratio(r['decisions_per_s'], chess)} | {ratio(r['decisions_per_s'], os_chess)} |")
        if not g["vector"]:
            lines += ["", f"### {game}: vector API", "", "not yet (no `make_vector` for this game)"]
        else:
            lines += _vector_lines(game, g, chess, os_chess, ratio)
        lines += ["", f"### {game}: engine kernel `play_random` (whole games compiled, one thread)", "",
                  "| players | decisions/s | games/s | decisions per game |", "|---:|---:|---:|---:|"]
        for players, r in g["kernel"].items():
            lines.append(f"| {players} | {r['decisions_per_s']:,.0f} | {r['games_per_s']:,.1f} | "
                         f"{r['decisions'] / max(r['games'], 1):,.0f} |")
        c = g["costs"]
        lines += ["", f"### {game}: costs", "",
                  f"- state: {c['state_bytes']:,} bytes per game; vector API with observations: "
                  f"{c['vector_bytes_per_game']:,} bytes per game (state, observation, mask)",
                  f"- peak resident memory of this benchmark process: {c['peak_rss_mib']:,.0f} MiB",
                  _compile_line(c["compile"])]
    lines += ["", "¹ decisions/s divided by the mean decisions per game of the kernel run (games in a batch start "
              "together, so few finish inside a short timed window)."]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--kernel-games", type=int, default=200, help="games per player count for the kernel run")
    parser.add_argument("--quick", action="store_true", help="short smoke run (no compile timing, fewer batches)")
    parser.add_argument("--no-compile-timing", action="store_true",
                        help="skip the cold/warm compile timing (a cold Oath compile takes 10-20 minutes here)")
    parser.add_argument("--out", type=Path, default=HERE / "RESULTS.md")
    parser.add_argument("--games", default=",".join(GAMES),
                        help="comma-separated games to measure (the peers always are); the other games' numbers "
                             "are kept from benchmarks/results/throughput.json")
    args = parser.parse_args()
    chosen = args.games.split(",")
    unknown = sorted(set(chosen) - set(GAMES))
    if unknown:
        parser.error(f"unknown games {unknown}; available: {', '.join(GAMES)}")
    batches = (1, 256, 4096) if args.quick else BATCHES

    print(f"machine: {machine()}; numba threads: {numba.get_num_threads()}")
    results: dict = {"machine": machine(), "peers": {}, "games": {}}
    saved = HERE / "results" / "throughput.json"
    kept = json.loads(saved.read_text())["games"] if saved.exists() else {}
    print("peers:")
    results["peers"] = peers(args.seconds)
    for name, entry in GAMES.items():
        if name not in chosen:
            if name in kept:
                results["games"][name] = dict(kept[name], earlier_run=True)
            continue
        low, high = entry.players
        g: dict = {"aec": {}, "vector": {}, "vector_obs": {}, "kernel": {}, "batches": list(batches), "obs_batch": 1024}
        results["games"][name] = g
        for players in range(low, high + 1):
            g["kernel"][str(players)] = kernel_games(name, players, args.kernel_games)
            print(f"  {name} kernel {players}p: {_fmt(g['kernel'][str(players)])}", flush=True)
            g["aec"][str(players)] = aec_loop(lambda: make_env(name, num_players=players), args.seconds)
            print(f"  {name} AEC {players}p: {_fmt(g['aec'][str(players)])}", flush=True)
            if entry.vector is None:
                continue
            row = g["vector"][str(players)] = {}
            for batch in batches:
                row[str(batch)] = vector_run(name, players, batch, False, args.seconds)
                print(f"  {name} vector {players}p batch {batch}: {_fmt(row[str(batch)])}", flush=True)
            g["vector_obs"][str(players)] = vector_run(name, players, g["obs_batch"], True, args.seconds)
            print(f"  {name} vector+obs {players}p: {_fmt(g['vector_obs'][str(players)])}", flush=True)
        module = importlib.import_module(entry.module)
        raw = module.raw_env(num_players=low)
        state_bytes = raw._state.dtype.itemsize
        g["costs"] = {
            "state_bytes": state_bytes,
            "vector_bytes_per_game": state_bytes + 4 * raw.game.observation_size + raw.game.num_actions,
            "peak_rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            "compile": None if args.quick or args.no_compile_timing else compile_times(name),
        }
    (HERE / "results").mkdir(exist_ok=True)
    (HERE / "results" / "throughput.json").write_text(json.dumps(results, indent=2))
    path = write_section("throughput", report(results), args.out)
    print(f"written {path} and {HERE / 'results' / 'throughput.json'}")


if __name__ == "__main__":
    main()
