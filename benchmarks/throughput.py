"""Throughput of meeplegym's engines and envs, with the peer environments measured in the same run.

Run: ``make bench`` (installs the `bench` extra: PettingZoo classic and OpenSpiel).
Reports decisions/s (one agent action = one decision) and games/s with uniformly random legal
play, single process, and writes ``benchmarks/results/throughput-<date>.json``.

Measured:
- scythe engine: the compiled kernel `play_random` over a batch (no Python per decision);
- scythe AEC: the PettingZoo env driven from Python, as an RL loop sees it;
- peers: PettingZoo classic chess_v6 (AEC, random legal moves) and OpenSpiel chess
  (`pyspiel`, random legal moves); a peer that is not installed is reported as skipped.
"""

from __future__ import annotations

import argparse
import datetime
import json
import platform
import time
from pathlib import Path

import numpy as np

from meeplegym.envs import scythe_v0
from meeplegym.envs.scythe import engine
from meeplegym.envs.scythe.state import STATE_DTYPE


def scythe_engine(players: int, games: int, seed: int = 0) -> dict:
    warm = engine.new_game(players, seed)
    engine.play_random(warm, engine.random_words([seed]), 10, np.zeros(1, np.int64))
    states = np.zeros(games, dtype=STATE_DTYPE)
    for b in range(games):
        states[b] = engine.new_game(players, seed + b)[0]
    choosers = engine.random_words(seed + 7919 * b + 1 for b in range(games))
    decisions = np.zeros(games, dtype=np.int64)
    start = time.perf_counter()
    engine.play_random(states, choosers, 10_000_000, decisions)
    elapsed = time.perf_counter() - start
    assert (states["terminal"] == 1).all()
    return {"decisions": int(decisions.sum()), "games": games, "seconds": elapsed}


def aec_random_play(make_env, seconds: float, seed: int = 0) -> dict:
    """Random legal play through a PettingZoo AEC env for about `seconds`."""
    env = make_env()
    rand = np.random.default_rng(seed)
    env.reset(seed=seed)  # warm-up: compile or load kernels outside the timed window
    for _ in range(20):
        obs = env.observe(env.agent_selection)
        env.step(int(rand.choice(np.flatnonzero(obs["action_mask"]))))
    decisions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=seed + games)
        for agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rand.choice(np.flatnonzero(obs["action_mask"]))))
            decisions += 1
        games += 1
    return {"decisions": decisions, "games": games, "seconds": time.perf_counter() - start}


def openspiel_chess(seconds: float, seed: int = 0) -> dict:
    import pyspiel

    game = pyspiel.load_game("chess")
    rand = np.random.default_rng(seed)
    decisions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(int(rand.choice(state.legal_actions())))
            decisions += 1
        games += 1
    return {"decisions": decisions, "games": games, "seconds": time.perf_counter() - start}


def _peer(name, fn):
    try:
        return fn()
    except ImportError as err:
        print(f"  {name}: skipped ({err})")
        return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="Scythe games per player count for the engine kernel")
    parser.add_argument("--seconds", type=float, default=10.0, help="time per AEC/peer measurement")
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "results")
    args = parser.parse_args()

    rows: dict[str, dict] = {}
    for players in (2, 3, 4, 5):
        rows[f"scythe engine kernel, {players}p"] = scythe_engine(players, args.games)
    rows["scythe_v0 AEC, 2p"] = aec_random_play(lambda: scythe_v0.env(num_players=2), args.seconds)

    def pz_chess():
        from pettingzoo.classic import chess_v6

        return aec_random_play(chess_v6.env, args.seconds)

    rows["PettingZoo chess_v6 AEC"] = _peer("PettingZoo chess_v6", pz_chess)
    rows["OpenSpiel chess"] = _peer("OpenSpiel chess", lambda: openspiel_chess(args.seconds))

    chess = rows.get("PettingZoo chess_v6 AEC")
    print(f"\n{'measurement':34s} {'decisions/s':>14s} {'games/s':>10s} {'x PZ chess':>11s}")
    for name, r in rows.items():
        if r is None:
            continue
        r["decisions_per_s"] = r["decisions"] / r["seconds"]
        r["games_per_s"] = r["games"] / r["seconds"]
    for name, r in rows.items():
        if r is None:
            print(f"{name:34s} {'skipped':>14s}")
            continue
        ratio = f"{r['decisions_per_s'] / chess['decisions_per_s']:.1f}" if chess else "-"
        print(f"{name:34s} {r['decisions_per_s']:14,.0f} {r['games_per_s']:10,.2f} {ratio:>11s}")

    args.out.mkdir(parents=True, exist_ok=True)
    today = datetime.date.today().isoformat()
    record = {"date": today, "machine": platform.platform(), "processor": platform.processor(),
              "python": platform.python_version(), "results": rows}
    path = args.out / f"throughput-{today}.json"
    path.write_text(json.dumps(record, indent=2))
    print(f"\nwritten {path}")


if __name__ == "__main__":
    main()
