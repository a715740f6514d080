"""A timed balance sweep (issue 11): N games of one agent in every seat, stored in SQLite, with the
win-rate tables by faction, mat, faction x mat and seat; `--write` records the wall time and the
tables in benchmarks/RESULTS.md.

    python benchmarks/balance_sweep.py --game scythe --agent scythe.builder --players 4 --games 10000 --workers 2 --write
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("MEEPLEGYM_FIRST_RUN", "wait")  # time compiled code: on a cold cache compile, never run as Python
from results_md import write_section  # noqa: E402

from meeplegym.balance import balance_tables, markdown, run_balance, victory_counts  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="scythe")
    parser.add_argument("--agent", default="scythe.builder")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--backend", default="process", choices=("process", "ray"))
    parser.add_argument("--db", default=None, help="SQLite file (default: a fresh temporary one, so the run is timed whole)")
    parser.add_argument("--write", action="store_true", help="record the run in benchmarks/RESULTS.md")
    args = parser.parse_args(argv)
    db = args.db or str(Path(tempfile.mkdtemp()) / "sweep.sqlite")
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn())
    start = time.perf_counter()
    with Progress(*columns, console=Console(stderr=True)) as bar:
        task = bar.add_task(f"{args.game} balance, {args.agent}", total=args.games)
        games = run_balance(args.game, args.agent, args.games, args.players, db, workers=args.workers,
                            backend=args.backend, progress=lambda done, total: bar.update(task, completed=done))
    seconds = time.perf_counter() - start
    truncated = sum(g["truncated"] for g in games)
    decisions = sum(g["decisions"] for g in games)
    tables = balance_tables(games, args.players)
    summary = (f"{len(games):,} games of {args.players}-player {args.game}, `{args.agent}` in every seat, "
               f"{args.workers} {args.backend} workers: **{seconds / 60:.1f} minutes** wall time "
               f"({len(games) / seconds:.1f} games/s, {decisions / seconds:,.0f} decisions/s, {truncated} truncated), "
               f"every game stored in SQLite with its action list.")
    print(summary)
    if args.write:
        tables_md = markdown(tables, args.players, "", victory_counts(games)).split("\n", 1)[1].replace("## By ", "### By ")
        path = write_section(f"balance: {args.game}", f"## Balance sweep: {args.game}\n\n{summary}\n{tables_md}")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
