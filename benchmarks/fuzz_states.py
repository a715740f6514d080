"""Mutation fuzzer of saved states: real state dicts, mutated at random, through each game's loader.

Every mutated dict must either be rejected by ``state_from_dict`` with a one-line
``InvalidStateError`` (its input untouched), or load as a real position: it saves and loads to the
same bytes, then plays --decisions decisions of random legal play (or to the game's end) with
every invariant checked after every decision (compiled: the game's
``invariants.play_random_checked``; Scythe's with the checks a loaded state must pass), without an
exception, and the state it reaches saves and loads again. Anything else is a break: the tally
must read "broke 0" (issue 47).

    python benchmarks/fuzz_states.py                                 # 2,000 mutations per game
    python benchmarks/fuzz_states.py --game oath --mutations 100000 --workers 2 --write
    python benchmarks/fuzz_states.py --game imperium --only 1234     # one mutation again, in words

Mutation ``i`` of run ``--seed s`` is drawn from ``random.Random("<game>:<s>:<i>")`` over base
dicts that depend on nothing else (random games of every player count and table, the first and
the latest state of every decision kind), so a break names the index that replays it. Run with
``NUMBA_BOUNDSCHECK=1`` (``make test`` and ``make soak`` do): an index past an array then raises
instead of reading another field.
"""

from __future__ import annotations

import argparse
import copy
import multiprocessing
import random
import sys
import tempfile
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from meeplegym import InvalidStateError
from meeplegym.encoders import imperium as imperium_encoder
from meeplegym.encoders import oath as oath_encoder
from meeplegym.encoders import scythe as scythe_encoder
from meeplegym.envs.imperium import state_json as imperium_json
from meeplegym.envs.oath import state_json as oath_json
from meeplegym.envs.scythe import state_json as scythe_json

sys.path.insert(0, str(Path(__file__).resolve().parent))
from results_md import write_section  # noqa: E402
from soak import GAMES  # noqa: E402  (engines, invariants, player counts and tables)

STATE_JSON = {"scythe": scythe_json, "imperium": imperium_json, "oath": oath_json}
ENCODERS = {"scythe": scythe_encoder, "imperium": imperium_encoder, "oath": oath_encoder}
GAMES_PER_TABLE = 2  # random games per player count and table that give the base dicts
BATCH = 64  # loaded states played per compiled call


# ------------------------------------------------------------------ base dicts
def decision_kind(game: str, s) -> tuple:
    """What kind of decision record `s` awaits: its phase, and the sub-decision where one phase
    asks many (Imperium's effect steps, Oath's powers)."""
    if game == "imperium":
        return int(s["phase"]), int(s["dec"])
    if game == "oath":
        return int(s["phase"]), int(s["pw_dec"])
    return (int(s["phase"]),)


_BASES: dict[str, list[dict]] = {}


def bases(game: str) -> list[dict]:
    """Dicts of real states: per player count and table, the first and the latest state of every
    decision kind random play meets, and each game's end."""
    if game not in _BASES:
        fuzzed, to_dict = GAMES[game], STATE_JSON[game].state_to_dict
        kept: dict[tuple, np.ndarray] = {}
        for n in fuzzed.players:
            for t in range(len(fuzzed.tables) * GAMES_PER_TABLE):
                seed = 1000 * n + t
                states = fuzzed.new_game(n, seed)
                words = fuzzed.engine.random_words([seed])
                while not states[0]["terminal"]:
                    key = (n, seed % len(fuzzed.tables)) + decision_kind(game, states[0])
                    kept.setdefault(key + ("first",), states.copy())
                    kept[key + ("latest",)] = states.copy()
                    fuzzed.engine.play_random(states, words, 1, np.zeros(1, np.int64))
                kept[(n, seed, "end")] = states.copy()
        _BASES[game] = [to_dict(kept[key][0]) for key in sorted(kept, key=str)]
    return _BASES[game]


# ------------------------------------------------------------------ mutations
VOCAB = ["food", "wood", "metal", "oil", "mech 1", "Polania", "deploy", "encounter", "Rome", "hand", "play",
         "history", "market", "Chancellor", "Exile", "Citizen", "Supremacy", "site", "adviser", "world deck",
         "red", "purple", "A", "B", "", "Atlantis", "2", "-1"]


def junk(r: random.Random, words: list[str]):
    """A value of another type or range than a field holds."""
    kind = r.randrange(9)
    if kind == 0:
        return None
    if kind == 1:
        return r.random() < 0.5
    if kind == 2:
        return r.randint(-3, 60)
    if kind == 3:
        return r.choice([-(2**40), 2**31 - 1, 2**31, 2**63, 2**70, -(2**63) - 1])
    if kind == 4:
        return r.choice([0.5, -1.0, float("nan"), float("inf"), 3.0])
    if kind == 5:
        return r.choice(words)
    if kind == 6:
        return [r.choice([r.randint(-2, 30), r.choice(words)]) for _ in range(r.randint(0, 4))]
    if kind == 7:
        return {r.choice(words): r.randint(-2, 5) for _ in range(r.randint(0, 2))}
    return "".join(r.choice("abc 1-") for _ in range(r.randint(0, 6)))


def _children(node) -> list:
    if isinstance(node, dict):
        return list(node)
    if isinstance(node, list):
        return list(range(len(node)))
    return []


def mutate(r: random.Random, d: dict, words: list[str]) -> str:
    """One random edit somewhere in d, in place: a value replaced, nudged (integers by -2..+50 or
    to -1 - value, names to another name, flags flipped), deleted, an extra key or entry, or a
    list's entries duplicated, dropped or swapped. Returns where and what, for messages."""
    parent, key, path = None, None, []
    node = d
    while _children(node):
        key = r.choice(_children(node))
        parent, node = node, node[key]
        path.append(key)
        if not _children(node) or r.random() < 0.5:
            break
    if parent is None:
        return "nothing"
    value = parent[key]
    # nudges most: a number a little off is what a hand edit or a bug makes, and what a type check misses
    op = r.choices(["replace", "nudge", "delete", "extra", "container"], [1, 4, 1, 1, 1])[0]
    if op == "nudge" and isinstance(value, bool):
        parent[key] = not value
    elif op == "nudge" and isinstance(value, int):
        parent[key] = value + r.choice([-2, -1, 1, 2, 50, -value - 1])
    elif op == "nudge" and isinstance(value, str):
        parent[key] = r.choice(words)
    elif op == "delete":
        del parent[key]
    elif op == "extra" and isinstance(parent, dict):
        parent[r.choice(words)] = junk(r, words)
    elif op == "extra":
        parent.insert(key, copy.deepcopy(value) if r.random() < 0.5 else junk(r, words))
    elif op == "container" and isinstance(value, list) and value:
        k = r.randrange(len(value))
        change = r.choice(["dup", "drop", "swap"])
        if change == "dup":
            value.append(copy.deepcopy(value[k]))
        elif change == "drop":
            value.pop(k)
        else:
            value[0], value[k] = value[k], value[0]
        op = f"container {change}"
    elif op == "container" and isinstance(value, dict) and value:
        k = r.choice(list(value))
        if r.random() < 0.5:
            del value[k]
        else:
            value[k] = junk(r, words)
    else:
        op = "replace"
        parent[key] = junk(r, words)
    return f"{op} at {''.join(f'[{k!r}]' for k in path)}"


def mutated(game: str, seed: int, index: int) -> tuple[dict, list[str]]:
    """Mutation `index` of run `seed`: a base dict with 1-3 edits, and the edits in words."""
    r = random.Random(f"{game}:{seed}:{index}")
    d = copy.deepcopy(r.choice(bases(game)))
    words = VOCAB + _names(d)
    return d, [mutate(r, d, words) for _ in range(r.randint(1, 3))]


def _names(d: dict) -> list[str]:
    """A few strings the dict itself holds (card, unit and zone names), so a nudge can name a real
    thing in the wrong place."""
    found: list[str] = []
    stack = [d]
    while stack and len(found) < 40:
        node = stack.pop()
        for child in (node.values() if isinstance(node, dict) else node):
            if isinstance(child, str):
                found.append(child)
            elif isinstance(child, (dict, list)):
                stack.append(child)
    return found


# ------------------------------------------------------------------ one run
@dataclass
class Break:
    index: int
    what: str  # the mutations
    why: str

    def __str__(self) -> str:
        return f"mutation {self.index} ({self.what}): {self.why}"


@dataclass
class Tally:
    game: str
    bases: int = 0  # base dicts the mutations were drawn from
    mutations: int = 0
    rejected: int = 0
    accepted: int = 0
    decisions: int = 0  # played from accepted states, all checked
    seconds: float = 0.0
    breaks: list[Break] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.bases = max(self.bases, other.bases)
        self.mutations += other.mutations
        self.rejected += other.rejected
        self.accepted += other.accepted
        self.decisions += other.decisions
        self.seconds += other.seconds
        self.breaks += other.breaks


def load(game: str, d: dict, what: str, index: int) -> tuple[np.ndarray | None, Break | None]:
    """(the loaded states, None), (None, None) for a clean rejection, or (None, the break)."""
    json = STATE_JSON[game]
    snapshot = copy.deepcopy(d)
    try:
        loaded = json.state_from_dict(d)
    except InvalidStateError as err:
        if not str(err) or "\n" in str(err):
            return None, Break(index, what, f"rejected without a one-line message: {err!r}")
        return None, (None if d == snapshot else Break(index, what, "the loader changed its input"))
    except Exception as err:  # noqa: BLE001 -- any other exception is what we are looking for
        return None, Break(index, what, f"the loader raised {type(err).__name__}: {err}")
    if d != snapshot:
        return None, Break(index, what, "the loader changed its input")
    return loaded, _reloads(game, loaded, index, what, "loaded")


def _reloads(game: str, states: np.ndarray, index: int, what: str, when: str) -> Break | None:
    """None when states[0] saves and loads to the same bytes and every seat's observation of it
    lies in the observation space (0 to the encoder's OBS_HIGH), else the break."""
    json = STATE_JSON[game]
    try:
        again = json.state_from_dict(json.state_to_dict(states[0]))
    except Exception as err:  # noqa: BLE001
        return Break(index, what, f"the {when} state does not load again: {type(err).__name__}: {err}")
    if again.tobytes() != states.tobytes():
        return Break(index, what, f"the {when} state reloads to other bytes")
    encoder = ENCODERS[game]
    for seat in range(int(states[0]["n_players"])):
        seen = encoder.observation(states[0], seat)
        outside = np.flatnonzero((seen < 0) | (seen > encoder.OBS_HIGH))
        if len(outside):
            k = int(outside[0])
            feature = next(f.name for f in reversed(encoder.FEATURES.features) if f.offset <= k)
            return Break(index, what, f"the {when} state's observation by seat {seat} leaves its space: "
                                      f"{feature} (element {k}) is {seen[k]}, at most {encoder.OBS_HIGH[k]}")
    return None


def play_checked(game: str, states: np.ndarray, seeds: list[int], decisions: int):
    """(decisions played, violation codes) of random checked play from each state, in place."""
    played = np.zeros(len(states), dtype=np.int64)
    codes = np.zeros(len(states), dtype=np.int64)
    fuzzed = GAMES[game]
    words = fuzzed.engine.random_words(seeds)
    # the checks of a loaded state: hand-edited positions need no history
    fuzzed.invariants.play_random_checked(states, words, decisions, played, codes, True)
    return played, codes


def play(game: str, batch: list[tuple[int, str, np.ndarray]], seed: int, decisions: int, tally: Tally) -> None:
    """Checked random play from each loaded state of the batch; breaks go to the tally."""
    inv = GAMES[game].invariants
    states = np.concatenate([s for _, _, s in batch])
    seeds = [seed * 1_000_000_000 + index for index, _, _ in batch]
    try:
        played, codes = play_checked(game, states, seeds, decisions)
    except Exception:  # noqa: BLE001 -- one of them raised: find which, one at a time
        if len(batch) > 1:
            for one in batch:
                play(game, [one], seed, decisions, tally)
            return
        index, what, _ = batch[0]
        err = sys.exc_info()[1]
        tally.breaks.append(Break(index, what, f"play raised {type(err).__name__}: {err}"))
        return
    tally.decisions += int(played.sum())
    for k, (index, what, _) in enumerate(batch):
        code = int(codes[k])
        if code not in (inv.OK, inv.NOT_FINISHED):
            why = inv.explain(states[k], loaded=True) or inv.describe(code)  # a step check names no state
            tally.breaks.append(Break(index, what, f"after {played[k]} decisions: {why}"))
        elif (broke := _reloads(game, states[k:k + 1], index, what, f"played ({played[k]} decisions)")) is not None:
            tally.breaks.append(broke)


def fuzz(game: str, first: int, count: int, seed: int = 0, decisions: int = 500, note: str | None = None) -> Tally:
    """Mutations first .. first + count - 1 of run `seed` of `game`. With a `note` file, the
    indices of each batch are written there before it plays (what a watchdog reports of a hang)."""
    start = time.perf_counter()
    tally = Tally(game, len(bases(game)))
    batch = []
    for index in range(first, first + count):
        d, what = mutated(game, seed, index)
        loaded, broke = load(game, d, "; ".join(what), index)
        tally.mutations += 1
        if broke is not None:
            tally.breaks.append(broke)
        elif loaded is None:
            tally.rejected += 1
        else:
            tally.accepted += 1
            batch.append((index, "; ".join(what), loaded))
        if len(batch) == BATCH or (batch and index == first + count - 1):
            if note:
                Path(note).write_text(", ".join(str(i) for i, _, _ in batch))
            play(game, batch, seed, decisions, tally)
            batch = []
    tally.seconds = time.perf_counter() - start
    return tally


HANG_SECONDS = 600  # a chunk takes seconds; one still running after minutes holds a loop that never ends


def run(game: str, mutations: int, seed: int = 0, decisions: int = 500, workers: int = 1, chunk: int = 250,
        progress: bool = True, hang_seconds: float = HANG_SECONDS) -> Tally:
    """`mutations` mutations of `game` in chunks, each in one of `workers` processes (seconds add
    up the chunks' times). A chunk still running after `hang_seconds` is a break naming the
    mutations it was playing, and its process is replaced (compiled code cannot be interrupted)."""
    jobs = deque((game, first, min(chunk, mutations - first), seed, decisions) for first in range(0, mutations, chunk))
    total = Tally(game)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    context = multiprocessing.get_context("spawn")  # no fork of a process whose numba threads may run
    with tempfile.TemporaryDirectory() as notes, Progress(*columns, console=Console(stderr=True),
                                                          disable=not progress) as bar:
        task = bar.add_task(f"{game}, mutated states", total=mutations)
        pool = context.Pool(workers)
        running: dict = {}  # async result -> (job, start, note file)
        while jobs or running:
            while jobs and len(running) < workers:
                job = jobs.popleft()
                note = Path(notes) / f"{job[1]}.txt"
                running[pool.apply_async(fuzz, (*job, str(note)))] = (job, time.monotonic(), note)
            time.sleep(0.05)
            for result in [r for r in running if r.ready()]:
                tally = result.get()
                running.pop(result)
                total.add(tally)
                bar.update(task, advance=tally.mutations)
            hung = [r for r, (_, start, _) in running.items() if time.monotonic() - start > hang_seconds]
            for result in hung:
                (_, first, count, _, _), _, note = running.pop(result)
                playing = note.read_text() if note.exists() else "?"
                total.mutations += count
                total.breaks.append(Break(first, f"the chunk of mutations {first}..{first + count - 1}",
                                          f"play did not end within {hang_seconds:.0f} s: a loop in one of "
                                          f"mutations {playing} (replay each with --only, under `timeout`)"))
                bar.update(task, advance=count)
            if hung:
                pool.terminate()
                jobs.extendleft(job for job, _, _ in running.values())
                running.clear()
                pool = context.Pool(workers)
        pool.close()
        pool.join()
    return total


def markdown(tallies: list[Tally], decisions: int) -> str:
    lines = [f"| game | base dicts | mutations | rejected | accepted | checked decisions played (≤ {decisions} each) "
             "| broke | seconds |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for t in tallies:
        lines.append(f"| {t.game} | {t.bases:,} | {t.mutations:,} | {t.rejected:,} | {t.accepted:,} "
                     f"| {t.decisions:,} | {len(t.breaks)} | {t.seconds:.0f} |")
    return "\n".join(lines)


def _break_list(tallies: list[Tally], most: int = 30) -> str:
    lines = [f"- {t.game} {b}" for t in tallies for b in t.breaks[:most]]
    return "\n\nBreaks (each replays with `--game GAME --only N`):\n\n" + "\n".join(lines) if lines else ""


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=sorted(GAMES), nargs="+", default=sorted(GAMES), help="games (default: all)")
    parser.add_argument("--mutations", type=int, default=2000, help="mutated dicts per game")
    parser.add_argument("--decisions", type=int, default=500, help="checked decisions played from an accepted state")
    parser.add_argument("--seed", type=int, default=0, help="run number: another set of mutations")
    parser.add_argument("--only", type=int, help="replay mutation ONLY alone and say what happened")
    parser.add_argument("--workers", type=int, default=1, help="processes")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.add_argument("--write", action="store_true", help="record the table in benchmarks/RESULTS.md")
    args = parser.parse_args(argv)
    if min(args.mutations, args.decisions, args.workers) < 1:
        parser.error("--mutations, --decisions and --workers must be positive")
    if args.only is not None:
        for game in args.game:
            tally = fuzz(game, args.only, 1, args.seed, args.decisions)
            d, what = mutated(game, args.seed, args.only)
            verdict = "rejected" if tally.rejected else ("broke" if tally.breaks else "accepted and played")
            print(f"{game} mutation {args.only}: {'; '.join(what)} -> {verdict}")
            for b in tally.breaks:
                print(f"  {b.why}")
        return 0
    progress = not args.no_progress and sys.stderr.isatty()
    tallies = [run(game, args.mutations, args.seed, args.decisions, args.workers, progress=progress)
               for game in args.game]
    table = markdown(tallies, args.decisions)
    print(table)
    if args.write:
        write_section("fuzz: saved states", (
            "## Fuzz: mutated saved states\n\nReal state dicts of every game (the first and the latest state of "
            "every decision kind in random games of every player count and table), each mutated 1-3 times at "
            "random, through the game's `state_from_dict`: rejected with a one-line `InvalidStateError`, or "
            f"accepted, saved and loaded to the same bytes, and played up to {args.decisions} decisions of random "
            "legal play with every invariant checked after every decision (compiled, bounds-checked), the state "
            "reached saving and loading again; every seat's observation of the loaded and of the reached state "
            f"inside the observation space. Run {args.seed}; a break names the mutation that replays it "
            f"(`--only`).\n\n{table}{_break_list(tallies)}"))
    breaks = [b for t in tallies for b in t.breaks]
    for t in tallies:
        for b in t.breaks[:30]:
            print(f"- {t.game} {b}")
    return 1 if breaks else 0


if __name__ == "__main__":
    sys.exit(main())
