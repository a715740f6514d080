"""Compiling the engines ahead of time, and saying so whenever a first call will compile.

numba compiles a kernel on its first call and keeps it in the on-disk cache (meeplegym/_numba_cache.py
says where, and when a cached kernel is stale). On a cold cache that first call takes from tens of
seconds to minutes per game, so:
- `warm(game)` makes the first calls a user of `game` meets (the AEC env, the vector API, the
  bundled bots, the invariant checker), in this process;
- `meeplegym warmup [GAME...]` (`warm_in_processes`) runs one process per game, both cores busy,
  with a progress bar;
- `announce(game, part)` prints, once per process, what is about to compile here and about how long
  it takes (the bots);
- `first_run(game, parts)`, where the AEC env and the vector API are made, once per process: unless
  numba's cache holds `parts` compiled from the present sources (`is_warm`), it starts a process
  that compiles them and lets this one run the game's kernels as plain Python meanwhile
  (`meeplegym.jit.interpreted_games`), so the env answers at once, 70 to 220 times slower (benchmarks/RESULTS.md, "first run");
  `poll()`, at every step, switches to the compiled kernels when that process is done. With
  MEEPLEGYM_FIRST_RUN=wait it prints what is about to compile here and for how long instead;
- `ensure(game, parts, console)` is the CLI's form: it compiles under a spinner that says so before
  any progress bar starts, so that no bar sits frozen at 0.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import subprocess
import sys
import tempfile
import threading
import time

import numpy as np

from meeplegym import _numba_cache, jit, rng

PARTS = ("engine", "vector", "bots", "checker")
PART_NAMES = {"engine": "engine and AEC env", "vector": "vector API", "bots": "bundled bots",
              "checker": "invariant checker"}
# Seconds of a cold compile of each part, after the parts before it, alone on an idle 2-core
# machine: benchmarks/RESULTS.md "cold start after the restructuring" (engine: import + first
# AEC step; vector: the first serial and threaded steps; bots: a rule-based bot's first
# decision); what the messages quote.
EXPECTED_S = {
    "scythe": {"engine": 35, "vector": 15, "bots": 25, "checker": 10},
    "imperium": {"engine": 100, "vector": 25, "bots": 17, "checker": 10},
    "oath": {"engine": 115, "vector": 30, "bots": 17, "checker": 12},
}
# The search agents' kernels (flat search and MCTS) on top of the rule-based bots': `meeplegym
# warmup GAME --parts bots` over a cache holding every other part took 133 / 126 / 124 s, one
# game at a time on an idle machine at stop 63 (the MCTS kernels alone 71 / 79 / 92 s).
SEARCH_S = {"scythe": 110, "imperium": 110, "oath": 105}
# Kernels each part compiles, by "module:name" ({game} filled in): a part is warm when numba's
# cache holds all of them compiled from the present sources (a module a game lacks is skipped).
KERNELS = {
    "engine": ("meeplegym.envs.{game}.engine:apply_at", "meeplegym.envs.{game}.engine:legal_mask_at",
               "meeplegym.encoders.{game}:encode_at"),
    "vector": ("meeplegym.envs.{game}.vector:step_batch_serial", "meeplegym.envs.{game}.vector:step_batch"),
    "bots": ("meeplegym.agents.{game}_bots:policy_at", "meeplegym.envs.{game}.vector:play_bots",
             "meeplegym.agents.{game}_search:search_at", "meeplegym.agents.{game}_mcts:search_at"),
    "checker": ("meeplegym.envs.{game}.invariants:play_random_checked",),
}
_announced: set[tuple[str, str]] = set()


def is_warm(game: str, part: str) -> bool:
    """Whether numba's cache holds `part` of `game` compiled from the present sources."""
    for target in KERNELS[part]:
        module, name = target.format(game=game).split(":")
        if importlib.util.find_spec(module) is None:
            continue
        if not _numba_cache.is_cached(getattr(importlib.import_module(module), name)):
            return False
    return True


def message(game: str, parts) -> str:
    seconds = sum(EXPECTED_S[game][p] for p in parts)
    what = ", ".join(PART_NAMES[p] for p in parts)
    search = f" (the search agents: about {_duration(SEARCH_S[game])} more)" if "bots" in parts else ""
    return (f"compiling the {game.title()} kernels ({what}): first run on these sources only, about "
            f"{_duration(seconds)}{search} on a 2-core machine; later runs load them in about a second")


def announce(game: str, part: str, kernel=None) -> None:
    """Tell the user, once per process, that `part` of `game` is about to compile here (if it is;
    when `kernel` is given, whether that kernel is cached decides): the bots, which always compile."""
    if (game, part) in _announced or os.environ.get("NUMBA_DISABLE_JIT") == "1":
        return
    _announced.add((game, part))
    if not (_numba_cache.is_cached(kernel) if kernel is not None else is_warm(game, part)):
        _say_compiling_here(game, [part])


def _say_compiling_here(game: str, parts) -> None:
    print(f"meeplegym: {message(game, parts)} (`meeplegym warmup {game}` does it ahead of time)",
          file=sys.stderr, flush=True)


FIRST_RUN = "MEEPLEGYM_FIRST_RUN"
# Seconds until the background compiles of the engine and vector API parts were both in, with the
# first process playing on the other core: benchmarks/RESULTS.md "first run"; the AEC env alone needs less.
BACKGROUND_S = {"scythe": 155, "imperium": 290, "oath": 285}
FIRST_RUN_MODES = ("background", "wait")
_background: dict[str, list[tuple[subprocess.Popen, object, float]]] = {}  # game: (process, its stderr, start)
_last_poll = [0.0]


def first_run(game: str, parts) -> None:
    """Where the env or the vector API of `game` is made: if `parts` are not compiled yet, compile
    them in another process and run `game`'s kernels as Python until they are (or, with
    MEEPLEGYM_FIRST_RUN=wait, say that the first call will compile them here)."""
    if os.environ.get("NUMBA_DISABLE_JIT") == "1":
        return
    new = [p for p in parts if (game, p) not in _announced]
    _announced.update((game, p) for p in new)
    cold = [p for p in new if not is_warm(game, p)]
    if not cold:
        return
    mode = os.environ.get(FIRST_RUN, "background")
    if mode not in FIRST_RUN_MODES:
        raise ValueError(f"{FIRST_RUN} must be one of {', '.join(FIRST_RUN_MODES)}, got {mode!r}")
    if mode == "wait":
        _say_compiling_here(game, cold)
        return
    errors = tempfile.TemporaryFile("w+")
    # its own session: Ctrl-C here leaves it to finish the cache for the next run
    process = subprocess.Popen([sys.executable, "-m", "meeplegym.warmup", game, ",".join(cold)],
                               stdout=subprocess.DEVNULL, stderr=errors, start_new_session=True,
                               env={**os.environ, FIRST_RUN: "wait"})
    _background.setdefault(game, []).append((process, errors, time.monotonic()))
    jit.interpreted_games.add(game)
    print(f"meeplegym: the {game.title()} kernels ({', '.join(PART_NAMES[p] for p in cold)}) are not compiled "
          f"from these sources yet. Another process compiles them now (up to about {_duration(BACKGROUND_S[game])} "
          f"on a 2-core machine); until it is done, this one runs them as plain Python, about 100 times slower. "
          f"`meeplegym warmup {game}` compiles ahead of time; {FIRST_RUN}=wait compiles in this process.",
          file=sys.stderr, flush=True)


def poll(every: float = 0.5) -> None:
    """Switch each game whose compiling process has ended to its compiled kernels (looked at no
    more often than `every` seconds: the env calls this at every step)."""
    if not _background or time.monotonic() - _last_poll[0] < every:
        return
    _last_poll[0] = time.monotonic()
    for game, jobs in list(_background.items()):
        if any(process.poll() is None for process, _, _ in jobs):
            continue
        del _background[game]
        jit.interpreted_games.discard(game)
        failed = [(process, errors) for process, errors, _ in jobs if process.returncode]
        for process, errors in failed:
            errors.seek(0)
            print(f"meeplegym: compiling the {game.title()} kernels in another process failed (exit "
                  f"{process.returncode}); they compile in this one at their next call. Its last words:\n"
                  f"{errors.read()[-2000:]}", file=sys.stderr, flush=True)
        if not failed:
            seconds = time.monotonic() - min(start for _, _, start in jobs)
            print(f"meeplegym: the {game.title()} kernels are compiled ({seconds:.0f} s); this process runs "
                  f"them compiled from now on", file=sys.stderr, flush=True)
        for _, errors, _ in jobs:
            errors.close()


def wait_for_compile(game: str | None = None) -> None:
    """Block until the compiling processes `first_run` started (for `game`, or all) have ended, and
    switch to the compiled kernels: for a script that wants full speed before it starts."""
    for name, jobs in list(_background.items()):
        if game in (None, name):
            for process, _, _ in jobs:
                process.wait()
    poll(every=0.0)


def _compile_alone(game: str, parts) -> None:
    """The compiling process: one at a time per game and cache (several envs, Ray workers), so a
    second one waits for the first and then loads what it compiled."""
    lock_path = os.path.join(os.environ.get("NUMBA_CACHE_DIR") or str(_numba_cache.cache_dir()),
                             f"compiling-{game}.lock")
    os.makedirs(os.path.dirname(lock_path), exist_ok=True)
    with open(lock_path, "w") as lock:
        try:
            import fcntl
        except ImportError:  # not POSIX: no lock, so two first runs at once compile twice
            fcntl = None
        if fcntl:
            fcntl.flock(lock, fcntl.LOCK_EX)
        warm(game, parts, on_done=lambda part, seconds: print(part, f"{seconds:.1f}", flush=True))


def _duration(seconds: float) -> str:
    return f"{seconds:.0f} s" if seconds < 90 else f"{seconds / 60:.0f} min"


# ---------------------------------------------------------------- what each part calls first
def _first_moves(env, decisions: int) -> None:
    rng = np.random.default_rng(0)
    for _ in range(decisions):
        obs = env.observe(env.agent_selection)
        if not obs["action_mask"].any():
            break
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def _warm_engine(game: str) -> None:
    from meeplegym.registry import make_env

    env = make_env(game, num_players=2).unwrapped
    env.reset(seed=0)
    _first_moves(env, 20)
    env.load_state_dict(env.state_to_dict())
    engine = importlib.import_module(f"meeplegym.envs.{game}.engine")
    states = engine.new_game(2, 0)
    engine.play_random(states, engine.random_words([1]), 5, np.zeros(1, dtype=np.int64))


def _warm_vector(game: str) -> None:
    from meeplegym.vector import make_vector

    for batch in (4, 64):  # one compiled step for small batches, a parallel one from PARALLEL_FROM games
        venv = make_vector(game, batch, num_players=2, seed=0)
        step = venv.reset(seed=0)
        for _ in range(2):
            step = venv.step(np.array([int(np.flatnonzero(m)[0]) for m in step.action_mask]))


def _warm_bots(game: str) -> None:
    from meeplegym.agents import agent_names, make_agent
    from meeplegym.registry import make_env

    env = make_env(game, num_players=2).unwrapped
    env.reset(seed=0)
    for name in agent_names(game):
        if name in ("random", "policy"):
            continue
        bot = make_agent(name, game=game, seed=0)
        obs = env.observe(env.agent_selection)
        bot.act(obs["observation"], obs["action_mask"],
                {"seat": env.agent_name_mapping[env.agent_selection], "state": env._state, "game": game})
    _warm_seated_bots(game)


def _warm_seated_bots(game: str) -> None:
    """The vector API's seated bots (VectorEnv.play_bots), as a trainer's opponents use them."""
    from meeplegym.vector import make_vector

    venv = make_vector(game, 2, num_players=2, seed=0)
    styles = np.zeros((2, 2), dtype=np.int64)
    styles[:, 0] = -1  # seat 0 is not a bot's: each game stops there
    venv.play_bots([0, 1], styles, np.zeros((2, 2)), rng.seed_words([0, 1]), budget=np.full(2, 4),
                   final_seats=np.zeros(2, dtype=np.int64))


def _warm_checker(game: str) -> None:
    engine = importlib.import_module(f"meeplegym.envs.{game}.engine")
    invariants = importlib.import_module(f"meeplegym.envs.{game}.invariants")
    states = engine.new_game(2, 0)
    invariants.play_random_checked(states, engine.random_words([1]), 5, np.zeros(1, dtype=np.int64),
                                   np.zeros(1, dtype=np.int64))


_WARMERS = {"engine": _warm_engine, "vector": _warm_vector, "bots": _warm_bots, "checker": _warm_checker}


def warm(game: str, parts=PARTS, on_done=None) -> None:
    """Compile (or load) `parts` of `game` in this process; `on_done(part, seconds)` after each."""
    _announced.update((game, part) for part in PARTS)  # the caller said what compiles, if anything
    for part in parts:
        start = time.perf_counter()
        _WARMERS[part](game)
        if on_done:
            on_done(part, time.perf_counter() - start)


def ensure(game: str, parts, console) -> None:
    """The CLI's warm-up: if anything of `parts` is cold, compile it under a spinner that says what
    and for how long, before the command's own progress bar starts."""
    cold = [p for p in parts if not is_warm(game, p)]
    if cold and os.environ.get("NUMBA_DISABLE_JIT") != "1":
        console.print(message(game, cold))  # printed once: a spinner line wider than the terminal redraws badly
        with console.status(f"compiling the {game.title()} kernels"):
            warm(game, cold)


def warm_in_processes(games, parts, console) -> None:
    """Warm `games` in one process each (numba compiles on one core; two games use both), with a
    progress bar per game that moves as each part is compiled."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    cold = {g: [p for p in parts if not is_warm(g, p)] for g in games}
    for game in games:
        if not cold[game]:
            console.print(f"{game}: already compiled from these sources ({', '.join(parts)})")
    cold = {g: ps for g, ps in cold.items() if ps}
    if not cold:
        return
    failures = []
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=console) as progress:
        def run(game: str, task) -> None:
            command = [sys.executable, "-m", "meeplegym.warmup", game, ",".join(cold[game])]
            with tempfile.TemporaryFile("w+") as errors:  # a file, not a pipe: numba's warnings cannot fill it
                proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=errors, text=True)
                for line in proc.stdout:
                    part, seconds = line.split()
                    progress.advance(task)
                    progress.console.print(f"{game}: {PART_NAMES[part]} compiled in {float(seconds):.0f} s")
                if proc.wait():
                    errors.seek(0)
                    failures.append(f"{game}: {errors.read()[-2000:]}")

        threads = []
        for game, todo in cold.items():
            expected = _duration(sum(EXPECTED_S[game][p] for p in todo) + SEARCH_S[game] * ("bots" in todo))
            task = progress.add_task(f"{game} (about {expected} alone)", total=len(todo))
            threads.append(threading.Thread(target=run, args=(game, task)))
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    if failures:
        raise RuntimeError("warm-up failed:\n" + "\n".join(failures))


if __name__ == "__main__":  # one game's warm-up process: `python -m meeplegym.warmup GAME PART,PART`
    from meeplegym import warmup  # this file runs as __main__: the env announces through the imported module

    warmup._compile_alone(sys.argv[1], sys.argv[2].split(","))
