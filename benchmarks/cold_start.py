"""What a new user waits for: each game's first run on an empty numba cache, in fresh processes.

``python benchmarks/cold_start.py [--games scythe,imperium,oath] [--profile] [--write]``

For each game, in a fresh process whose NUMBA_CACHE_DIR is an empty folder (cold), then again
in a second process over the folder the first one filled (warm), it times:
- import of meeplegym and the game's env, plus the AEC env's reset and first step,
- then the first step of the vector API (``make_vector``) on 4 games, then on 64 (from 64 games a
  batch steps on numba's threads, another kernel),
- then the first decision of the game's first rule-based bot;
and counts what the cold run left on disk: compiled signatures (numba's ``.nbc`` files, one per
signature), functions (``.nbi`` index files) and bytes. ``--profile`` adds the functions that
cost the most compile time (self time, callees excluded: numba's compile events nest) and the
ones compiled for the most signatures. ``--write`` rewrites the "cold start" section of
benchmarks/RESULTS.md and benchmarks/results/cold_start.json. These runs compile in the process
that needs the kernels (MEEPLEGYM_FIRST_RUN=wait): what the compile costs.

``--first-run`` measures instead what a new user meets by default (MEEPLEGYM_FIRST_RUN=background):
on an empty cache, import + the AEC env's first step and the vector API's first step (4 games)
while the kernels run as Python, the AEC env's decisions per second then, the time until the
other process has compiled them, and the decisions per second after the switch ("first run"
section).

The games run one after another, so each has the machine to itself (numba compiles on one core).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

# What both children time first: the AEC env's first step (t1), then the vector API's (t2).
_FIRST_STEPS = r"""
env = meeplegym.make_env(GAME, num_players=2)
env.reset(seed=0)
env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
t1 = time.perf_counter()
venv = meeplegym.make_vector(GAME, 4, num_players=2, seed=0)
step = venv.reset(seed=0)
venv.step(np.array([int(np.flatnonzero(m)[0]) for m in step.action_mask]))
t2 = time.perf_counter()
"""

# The child process: runs the three first calls and reports their times and, with a profile,
# numba's compile events per function.
_PROBE = r"""
import json, sys, time
from collections import defaultdict
t0 = time.perf_counter()
from numba.core import event

class CompileTimes(event.Listener):
    # numba's compile events nest (a kernel compiles its callees inside its own compile), so a
    # stack turns inclusive times into each function's own.
    def __init__(self):
        self.stack, self.self_s, self.signatures = [], defaultdict(float), defaultdict(list)
    def on_start(self, ev):
        self.stack.append([time.perf_counter(), 0.0])
    def on_end(self, ev):
        start, children = self.stack.pop()
        took = time.perf_counter() - start
        if self.stack:
            self.stack[-1][1] += took
        d = ev.data["dispatcher"]
        name = f"{d.py_func.__module__}.{d.py_func.__qualname__}"
        self.self_s[name] += took - children
        self.signatures[name].append(str(ev.data["args"]))

times = CompileTimes()
event.register("numba:compile", times)

import numpy as np
import meeplegym
from meeplegym.agents import make_agent
""" + _FIRST_STEPS + r"""
venv = meeplegym.make_vector(GAME, 64, num_players=2, seed=0)  # from 64 games: the threaded kernels
step = venv.reset(seed=0)
venv.step(np.array([int(np.flatnonzero(m)[0]) for m in step.action_mask]))
t2b = time.perf_counter()
bot = make_agent(BOT, game=GAME, seed=0)
raw = env.unwrapped
obs = raw.observe(raw.agent_selection)
bot.act(obs["observation"], obs["action_mask"], {"seat": raw.agent_name_mapping[raw.agent_selection], "state": raw._state})
t3 = time.perf_counter()
print(json.dumps({"import_and_first_step_s": t1 - t0, "first_vector_step_s": t2 - t1,
                  "first_threaded_vector_step_s": t2b - t2, "first_bot_decision_s": t3 - t2b, "compile_self_s": times.self_s,
                  "compiled_signatures": times.signatures}))
"""

# The child of --first-run: the default first run, kernels as Python until another process has them.
_FIRST_RUN_PROBE = r"""
import json, time
t0 = time.perf_counter()
import numpy as np
import meeplegym
from meeplegym import warmup

def play(env, seconds):
    pick, n, start = np.random.default_rng(0), 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        if not env.agents:
            env.reset(seed=n)
        obs, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else int(pick.choice(np.flatnonzero(obs["action_mask"]))))
        n += 1
    return n / (time.perf_counter() - start)

""" + _FIRST_STEPS + r"""
as_python = play(env, 10.0)
warmup.wait_for_compile()
t3 = time.perf_counter()
play(env, 1.0)  # loads the compiled kernels
compiled = play(env, 5.0)
print(json.dumps({"first_step_s": t1 - t0, "first_vector_step_s": t2 - t1, "python_per_s": as_python,
                  "compiled_after_s": t3 - t0, "compiled_per_s": compiled}))
"""

BOTS = {"scythe": "scythe.builder", "imperium": "imperium.expander", "oath": "oath.warlord"}
PHASES = ("import_and_first_step_s", "first_vector_step_s", "first_threaded_vector_step_s", "first_bot_decision_s")


def run_probe(game: str, cache: str, python: str, first_run: bool = False) -> dict:
    code = f"GAME = {game!r}\nBOT = {BOTS[game]!r}\n" + (_FIRST_RUN_PROBE if first_run else _PROBE)
    env = dict(os.environ, NUMBA_CACHE_DIR=cache, MEEPLEGYM_FIRST_RUN="background" if first_run else "wait")
    # run outside the checkout, so that `python` imports the meeplegym installed in it
    proc = subprocess.run([python, "-c", code], env=env, capture_output=True, text=True, cwd=tempfile.gettempdir())
    if proc.returncode:
        raise RuntimeError(f"{game} probe failed:\n{proc.stderr[-4000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def cache_contents(cache: str) -> dict:
    files = [p for p in Path(cache).rglob("*") if p.is_file()]
    return {"signatures": sum(p.suffix == ".nbc" for p in files),
            "functions": sum(p.suffix == ".nbi" for p in files),
            "bytes": sum(p.stat().st_size for p in files)}


def measure(game: str, python: str = sys.executable) -> dict:
    with tempfile.TemporaryDirectory() as cache:
        start = time.perf_counter()
        cold = run_probe(game, cache, python)
        cold["wall_s"] = time.perf_counter() - start
        on_disk = cache_contents(cache)
        warm = run_probe(game, cache, python)
    profile = {"self_s": cold.pop("compile_self_s"), "signatures": cold.pop("compiled_signatures")}
    warm.pop("compile_self_s"), warm.pop("compiled_signatures")
    return {"cold": cold, "warm": warm, "cache": on_disk, "profile": profile}


def measure_first_run(game: str) -> dict:
    with tempfile.TemporaryDirectory() as cache:
        return run_probe(game, cache, sys.executable, first_run=True)


def first_run_markdown(results: dict) -> str:
    from results_md import machine

    lines = [f"Machine: {machine()}. Each game in a fresh process on an empty numba cache, as a new user meets "
             "it (MEEPLEGYM_FIRST_RUN=background, the default): the kernels run as Python while another process "
             "compiles them, then compiled. Decisions per second: the AEC env with a random agent, 2 players. "
             "\"Compiled after\": until the background compiles of the AEC env's part and the vector API's part "
             "(`meeplegym.warmup`: each part's whole warm-up, the state loader's checks and the threaded "
             "vector step included) are in, with this process playing on the other core. "
             "`python benchmarks/cold_start.py --first-run --write` regenerates this section.", "",
             "| game | import + first AEC step | first vector step (4 games) | decisions/s as Python "
             "| compiled after | decisions/s compiled | compiled / Python |",
             "|---|---|---|---|---|---|---|"]
    for game, r in results.items():
        lines.append(f"| {game} | {r['first_step_s']:.1f} s | {r['first_vector_step_s']:.1f} s | "
                     f"{r['python_per_s']:.0f} | {r['compiled_after_s']:.0f} s | {r['compiled_per_s']:.0f} | "
                     f"{r['compiled_per_s'] / r['python_per_s']:.0f}x |")
    return "\n".join(lines)


def print_result(game: str, r: dict, top: int) -> None:
    cold, warm, disk = r["cold"], r["warm"], r["cache"]
    print(f"{game}: cold {cold['import_and_first_step_s']:.1f} s + vector {cold['first_vector_step_s']:.1f} s "
          f"+ threaded vector {cold['first_threaded_vector_step_s']:.1f} s + bot {cold['first_bot_decision_s']:.1f} s; "
          f"warm {sum(warm[p] for p in PHASES):.1f} s in all; "
          f"{disk['signatures']} signatures of {disk['functions']} functions, {disk['bytes'] / 2**20:.0f} MiB",
          flush=True)
    if top:
        prof = r["profile"]
        print(f"  compile self time {sum(prof['self_s'].values()):.0f} s over {len(prof['self_s'])} functions; "
              f"the costliest:")
        for name, s in sorted(prof["self_s"].items(), key=lambda kv: -kv[1])[:top]:
            print(f"    {s:7.1f} s  {len(prof['signatures'][name]):3d} sig  {name}")
        print("  the most signatures:")
        for name, sigs in sorted(prof["signatures"].items(), key=lambda kv: -len(kv[1]))[:top]:
            if len(sigs) > 1:
                print(f"    {len(sigs):3d} sig  {prof['self_s'][name]:7.1f} s  {name}")


def commit_of(python: str) -> str:
    """The git commit of the meeplegym that `python` imports ("unknown" outside a checkout)."""
    where = subprocess.run([python, "-c", "import meeplegym, pathlib; print(pathlib.Path(meeplegym.__file__).parent)"],
                           capture_output=True, text=True, cwd=tempfile.gettempdir()).stdout.strip()
    out = subprocess.run(["git", "-C", where or ".", "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    return out.stdout.strip() or "unknown"


def markdown(results: dict, baseline: dict | None, baseline_commit: str = "") -> str:
    from results_md import machine

    lines = [f"Machine: {machine()}. Each game in a fresh process on an empty numba cache (cold), then in a "
             "second process over the cache the first one wrote (warm); games one after another. "
             "`python benchmarks/cold_start.py --write` regenerates this section.", "",
             "| game | code | import + first AEC step | first vector step (4 games) | first threaded vector step (64 games) "
             "| first bot decision | warm (all four) | signatures compiled | functions | cache on disk |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for game, r in results.items():
        rows = ([(f"before ({baseline_commit})", baseline[game])] if baseline else []) + [("this commit", r)]
        for label, row in rows:
            c, w, d = row["cold"], row["warm"], row["cache"]
            lines.append(f"| {game} | {label} | {c['import_and_first_step_s']:.1f} s | {c['first_vector_step_s']:.1f} s | "
                         f"{c['first_threaded_vector_step_s']:.1f} s | {c['first_bot_decision_s']:.1f} s | {sum(w[p] for p in PHASES):.1f} s | {d['signatures']} | "
                         f"{d['functions']} | {d['bytes'] / 2**20:.0f} MiB |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default="scythe,imperium,oath")
    parser.add_argument("--profile", type=int, nargs="?", const=15, default=0, metavar="TOP",
                        help="print the TOP costliest functions and the most specialised ones (default 15)")
    parser.add_argument("--baseline", metavar="PYTHON",
                        help="an interpreter with another meeplegym installed (an older commit): each game is "
                             "measured with it first, then with this one, side by side")
    parser.add_argument("--write", action="store_true", help="rewrite RESULTS.md's section and the JSON")
    parser.add_argument("--section", default="cold start",
                        help="the RESULTS.md section --write rewrites (and the JSON file's name)")
    parser.add_argument("--json", type=Path, help="also write the raw results (profile included) here")
    parser.add_argument("--first-run", action="store_true",
                        help="measure the default first run (kernels as Python until compiled) instead")
    args = parser.parse_args()
    if args.first_run:
        results = {game: measure_first_run(game) for game in args.games.split(",")}
        for game, r in results.items():
            print(game, json.dumps(r), flush=True)
        if args.write:
            from results_md import write_section

            here = Path(__file__).resolve().parent
            (here / "results" / "first_run.json").write_text(json.dumps(results, indent=1))
            write_section("first run", first_run_markdown(results))
        return
    results, baseline = {}, {} if args.baseline else None
    for game in args.games.split(","):
        if args.baseline:
            baseline[game] = measure(game, args.baseline)
            print_result(f"{game} (baseline)", baseline[game], args.profile)
        results[game] = measure(game)
        print_result(game, results[game], args.profile)
    if args.json:
        args.json.write_text(json.dumps({"results": results, "baseline": baseline}, indent=1))
    if args.write:
        from results_md import write_section

        def without_profile(rs):
            return rs and {g: {k: v for k, v in r.items() if k != "profile"} for g, r in rs.items()}

        here = Path(__file__).resolve().parent
        (here / "results" / f"{args.section.replace(' ', '_')}.json").write_text(
            json.dumps({"results": without_profile(results), "baseline": without_profile(baseline)}, indent=1))
        write_section(args.section, markdown(results, baseline, commit_of(args.baseline) if args.baseline else ""))


if __name__ == "__main__":
    main()
