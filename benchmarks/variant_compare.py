"""A timed paired comparison of a variant against the printed game (issue 52): `meeplegym balance
GAME --variant FILE --compare` on a fresh database, its wall time and its change tables; `--write`
records them in benchmarks/RESULTS.md. Run it once before timing so that both the printed game's
and the variant's kernels are compiled (issue 52's target is for warm kernels).

    python benchmarks/variant_compare.py --variant docs/variants/scythe-rusviet-power-2.toml --games 2000 --write
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from results_md import write_section  # noqa: E402

from meeplegym import variants  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", required=True)
    parser.add_argument("--agent", default="scythe.builder")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--write", action="store_true", help="record the run in benchmarks/RESULTS.md")
    args = parser.parse_args(argv)
    game = variants.read(args.variant)["game"]
    folder = Path(tempfile.mkdtemp())
    command = [sys.executable, "-m", "meeplegym.cli", "balance", game, "--variant", args.variant, "--compare",
               "--agent", args.agent, "--players", str(args.players), "--games", str(args.games),
               "--workers", str(args.workers), "--db", str(folder / "compare.sqlite"), "--out", str(folder / "report")]
    start = time.perf_counter()
    subprocess.run(command, check=True)
    seconds = time.perf_counter() - start
    summary = (f"{args.games:,} deals of {args.players}-player {game}, each played in the printed game and in the "
               f"variant, `{args.agent}` in every seat, {args.workers} process workers: **{seconds / 60:.1f} minutes** "
               f"wall time for both sweeps and the report ({2 * args.games / seconds:.1f} games/s).")
    print(summary)
    if args.write:
        report = (folder / "report" / "report.md").read_text().split("\n", 1)[1].replace("## By ", "### By ")
        path = write_section(f"variant compare: {game}", f"## A variant against the printed game: {game}\n\n"
                                                        f"{summary}\n{report}")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
