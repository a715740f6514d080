"""Warm-cache runtime of two builds side by side: does a compile change cost speed?

``python benchmarks/runtime_ab.py --baseline OTHER_PYTHON [--games scythe,imperium,oath] [--rounds 3]``

OTHER_PYTHON is an interpreter with another meeplegym installed (an older commit, as for
``cold_start.py --baseline``). For each game, the two builds take turns (A, B, A, B, ...), each
round in a fresh process on its own warm cache (a cache folder per build: numba keeps one stamp
per index, so two builds sharing a folder would recompile each other away every round),
measuring what `make bench` measures for a
game: the engine kernel's ``play_random`` (whole 2-player games), the AEC loop with a random
agent, and the vector API with observations (batch 1024). Each figure is the median of the
rounds; the table gives this build's rate as a ratio of the baseline's. The first round of each
build compiles its cache if it is cold, outside the timed windows.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent

_CHILD = r"""
import json, sys
sys.path.insert(0, {here!r})
import throughput as t
from meeplegym.registry import make_env
game = {game!r}
t.kernel_games(game, 2, 8)  # compile or load before timing
out = {{"kernel": t.kernel_games(game, 2, {games}),
        "aec": t.aec_loop(lambda: make_env(game, num_players=2), {seconds}),
        "vector_obs": t.vector_run(game, 2, 1024, True, {seconds})}}
print(json.dumps({{k: v["decisions_per_s"] for k, v in out.items()}}))
"""


def measure(python: str, game: str, seconds: float, games: int, cache: Path) -> dict:
    code = _CHILD.format(here=str(HERE), game=game, seconds=seconds, games=games)
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache), "MEEPLEGYM_FIRST_RUN": "wait"}  # compiled code only
    proc = subprocess.run([python, "-c", code], capture_output=True, text=True, cwd=tempfile.gettempdir(), env=env)
    if proc.returncode:
        raise RuntimeError(f"{python} {game}: {proc.stderr[-3000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--baseline", required=True, metavar="PYTHON")
    parser.add_argument("--games", default="scythe,imperium,oath")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--kernel-games", type=int, default=100)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--caches", type=Path, default=Path(tempfile.gettempdir()) / "meeplegym-runtime-ab",
                        help="where each build keeps its compiled kernels between rounds and runs")
    args = parser.parse_args()
    table = {}
    for game in args.games.split(","):
        runs = {"baseline": [], "this": []}
        for _ in range(args.rounds):
            for label, python in (("baseline", args.baseline), ("this", sys.executable)):
                runs[label].append(measure(python, game, args.seconds, args.kernel_games, args.caches / label))
        table[game] = {label: {k: statistics.median(r[k] for r in rs) for k in rs[0]} for label, rs in runs.items()}
        for k in table[game]["this"]:
            a, b = table[game]["baseline"][k], table[game]["this"][k]
            print(f"{game} {k}: baseline {a:,.0f}/s, this {b:,.0f}/s, ratio {b / a:.3f}", flush=True)
    if args.json:
        args.json.write_text(json.dumps(table, indent=1))


if __name__ == "__main__":
    main()
