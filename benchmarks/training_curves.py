"""Training results (issue 10): learning curves of training runs and the samples/s of both paths.

Run: ``.venv/bin/python benchmarks/training_curves.py runs/scythe-2p --write`` reads each run
folder that ``meeplegym train`` wrote (``policy.pt`` says the game, players, algorithm and
opponents; ``eval.csv`` holds the evaluations: samples, training seconds, opponent, games, win
rate) and writes, per run, a table of the curve with 95% Wilson intervals and a PNG of win rate
against training hours and samples (``benchmarks/results/training_<run>.png``) to
``benchmarks/training.md``. A resumed run's clock runs on, so one folder is one curve however many
sittings it took.

``--final --opponents random,scythe.builder --games 1000`` evaluates each run's ``policy.pt``
instead, sampling and greedy, on seeds the training evaluations never used: the headline numbers.

Every ``--final`` also keeps its numbers in ``benchmarks/results/training_finals.json`` and
rewrites the summary at the top of ``benchmarks/training.md``: one table per kind of help the
learner had (from scratch, with cloning, with a delegate), with the share of its seat's decisions
its network answered. ``--summary`` rewrites that summary alone.

``--compare NAME`` writes one table instead, a row per run folder: the run's last evaluation and
the settings in which the runs differ (read from each ``checkpoint.pt``), e.g. the same command
with and without shaping over three seeds.

``--sps GAME`` measures samples/s instead: ``ppo`` against ``random`` and against the game's
rule-based bots (in the machine's native precision and in fp32, with the live and the full
observation, with the first layer ``auto`` picks and with the other one) and ``maskable-ppo``
against ``random``, each training ``--sps-steps`` samples from scratch, evaluation off, after a
tiny warm-up run that loads (or compiles) the kernels.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

# time compiled code: on a cold cache compile here, never run as Python while another process compiles
os.environ.setdefault("MEEPLEGYM_FIRST_RUN", "wait")
from meeplegym.stats import wilson_interval  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from results_md import write_section  # noqa: E402

TRAINING = Path(__file__).resolve().parent / "training.md"
PICTURES = Path(__file__).resolve().parent / "results"
HEADER = ("# meeplegym training results\n\nLearning curves of `meeplegym train` runs and the samples/s of "
          "both training paths (docs/training.md). Each section is rewritten by "
          "`benchmarks/training_curves.py`.\n")


def read_run(folder: Path) -> dict:
    """What a run folder says about itself: its policy's metadata and its evaluations."""
    import torch

    policy = torch.load(folder / "policy.pt", weights_only=True)
    rows = []
    with open(folder / "eval.csv", newline="") as f:
        for row in csv.DictReader(f):
            rows.append({"samples": int(row["samples"]), "seconds": float(row["seconds"]),
                         "opponent": row["opponent"], "games": int(row["games"]),
                         "win_rate": float(row["win_rate"]),
                         "margin": float(row["margin"]) if row.get("margin") else None})  # None: before the column
    if not rows:
        raise SystemExit(f"{folder}/eval.csv has no evaluation yet")
    return {"name": folder.name, "game": policy["game"], "num_players": int(policy["num_players"]),
            "meta": policy.get("meta", {}), "rows": rows, "pool": pool_record(folder)}


def pool_record(folder: Path) -> list[tuple[str, float, float]]:
    """The learner's recent record against each opponent of its pool, from the run's checkpoint:
    (name, win rate, games counted with the pool's decay); snapshots of itself are named so.
    Empty for runs without one (maskable-ppo, or ppo from before the record was kept)."""
    import torch

    path = folder / "checkpoint.pt"
    ckpt = torch.load(path, weights_only=True) if path.exists() else {}
    wins, games = ckpt.get("pool_wins", []), ckpt.get("pool_games", [])
    named = [n for n in ckpt.get("args", {}).get("opponents", "").split(",") if n and n != "self"] or ["random"]
    names = named + [f"snapshot {k + 1}" for k in range(len(wins) - len(named))]
    return [(n, (w + 0.5) / (g + 1.0), g) for n, w, g in zip(names, wins, games)]


def curve_table(run: dict) -> str:
    """One line per evaluation: samples, hours, and each opponent's win rate with its interval
    and, where recorded, the mean score margin."""
    by_point: dict[tuple[int, float], dict[str, tuple[float, int, float | None]]] = defaultdict(dict)
    opponents: list[str] = []
    for r in run["rows"]:
        by_point[(r["samples"], r["seconds"])][r["opponent"]] = (r["win_rate"], r["games"], r.get("margin"))
        if r["opponent"] not in opponents:
            opponents.append(r["opponent"])
    lines = ["| samples | hours | " + " | ".join(f"vs {o}" for o in opponents) + " |",
             "|---:|---:|" + "---:|" * len(opponents)]
    for (samples, seconds), rates in sorted(by_point.items()):
        cells = []
        for o in opponents:
            if o not in rates:
                cells.append("")
                continue
            rate, games, margin = rates[o]
            lo, hi = wilson_interval(rate * games, games)
            cells.append(f"{rate:.0%} [{lo:.0%}–{hi:.0%}]" + ("" if margin is None else f", {margin:+.1f}"))
        lines.append(f"| {samples:,} | {seconds / 3600:.2f} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def plot(run: dict, path: Path) -> Path:
    """Win rate per opponent against training hours (left) and samples (right)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 2, figsize=(11, 4), sharey=True)
    opponents = list(dict.fromkeys(r["opponent"] for r in run["rows"]))
    for o in opponents:
        rows = [r for r in run["rows"] if r["opponent"] == o]
        axes[0].plot([r["seconds"] / 3600 for r in rows], [r["win_rate"] for r in rows], marker=".", label=f"vs {o}")
        axes[1].plot([r["samples"] for r in rows], [r["win_rate"] for r in rows], marker=".", label=f"vs {o}")
    axes[0].set_xlabel("training hours")
    axes[1].set_xlabel("samples (learner decisions)")
    axes[0].set_ylabel("win rate")
    for ax in axes:
        ax.set_ylim(-0.02, 1.02)
        ax.grid(alpha=0.3)
    axes[0].legend(loc="center right")
    delegate = f", tactics by {run['meta']['delegate']}" if run["meta"].get("delegate") else ""
    fig.suptitle(f"{run['game']}, {run['num_players']} players, {run['meta'].get('algo', '?')} "
                 f"against {run['meta'].get('opponents', '?')}{delegate}")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return path


def run_section(run: dict, picture: Path, note: str = "") -> str:
    last = run["rows"][-1]
    final = {r["opponent"]: r["win_rate"] for r in run["rows"] if r["samples"] == last["samples"]}
    meta = run["meta"]
    record = [f"{name} {rate:.0%}" for name, rate, games in run["pool"] if games]
    about = (f"`{meta.get('algo', '?')}` against the pool `{meta.get('opponents', '?')}`"
             + (f", the learner's tactics played by `{meta['delegate']}` (`--delegate`)" if meta.get("delegate") else "")
             + (f", with expert iteration: `{meta['expert']}` guided by the policy (`--expert`)"
                if meta.get("expert") else "")
             + f"; {last['samples']:,} samples in {last['seconds'] / 3600:.2f} training hours so far"
             + (f", trained at commit {meta['commit']}" if meta.get("commit") else "") + ". "
             f"Each evaluation plays {last['games']} games per opponent, seats swapped, the policy sampling as "
             f"in training. Last evaluation: " + ", ".join(f"{rate:.0%} vs {o}" for o, rate in final.items()) + ". "
             + ("A cell's last number is the learner's mean final score minus the best other seat's. "
                if any(r.get("margin") is not None for r in run["rows"]) else "")
             + (f"The learner's recent record against its pool (about its last 100 games against each, from the "
                f"checkpoint): {', '.join(record)}. " if record else "")
             + note)
    return (f"## {run['name']}: {run['game']}, {run['num_players']} players\n\n{about.rstrip()}\n\n"
            f"![learning curve of {run['name']}](results/{picture.name})\n\n{curve_table(run)}\n")


def run_settings(folder: Path) -> dict:
    """The arguments a run was started with and the code commits it trained at, as its checkpoint
    keeps them (plain values)."""
    import torch

    ckpt = torch.load(folder / "checkpoint.pt", weights_only=True)
    return {**ckpt["args"], "commit": "+".join(ckpt.get("commits", [])) or "not recorded"}


def compare_section(name: str, folders: list[Path], note: str = "") -> str:
    """A row per run: the settings that differ between the runs, then its last evaluation."""
    runs = [read_run(f) for f in folders]
    settings = [run_settings(f) for f in folders]
    differ = [k for k in settings[0] if k != "out" and len({repr(s.get(k)) for s in settings}) > 1]
    same = settings[0]
    opponents = list(dict.fromkeys(r["opponent"] for run in runs for r in run["rows"]))
    lines = ["| run | " + " | ".join(f"`{k}`" for k in differ) + " | samples | hours | "
             + " | ".join(f"vs {o}" for o in opponents) + " |",
             "|---|" + "---|" * len(differ) + "---:|---:|" + "---:|" * len(opponents)]
    for run, setting in zip(runs, settings):
        last = run["rows"][-1]
        final = {r["opponent"]: r for r in run["rows"] if r["samples"] == last["samples"]}
        cells = []
        for o in opponents:
            if o not in final:
                cells.append("")
                continue
            rate, games, margin = final[o]["win_rate"], final[o]["games"], final[o].get("margin")
            lo, hi = wilson_interval(rate * games, games)
            cells.append(f"{rate:.1%} [{lo:.0%}–{hi:.0%}]" + ("" if margin is None else f", {margin:+.1f}"))
        lines.append(f"| {run['name']} | " + " | ".join(str(setting.get(k)) for k in differ)
                     + f" | {last['samples']:,} | {last['seconds'] / 3600:.2f} | " + " | ".join(cells) + " |")
    common = ", ".join(f"`{k}={same[k]}`" for k in ("game", "num_players", "opponents", "total_steps", "num_envs",
                                                    "num_steps", "reward_mode", "commit") if k not in differ)
    return (f"## {name}\n\nThe runs' last evaluations ({runs[0]['rows'][-1]['games']} games per opponent, seats "
            f"swapped, the policy sampling as in training: win rate, its 95% interval and, where recorded, the mean "
            f"score margin); the runs share {common}. {note}".rstrip()
            + "\n\n" + "\n".join(lines) + "\n")


def time_shares(seconds: dict | None) -> str:
    """The table cells of a `ppo` run's time split (`Stopwatch`): four shares of its loop's time;
    blank for a path that reports none (`maskable-ppo`)."""
    if not seconds:
        return "| | | |"
    total = sum(seconds.values())
    parts = (seconds["games"], seconds["opponents"], seconds["inputs"] + seconds["network"], seconds["update"])
    return " | ".join(f"{part / total:.0%}" for part in parts) + " |"


def measure_sps(game: str, players: int, steps: int, note: str = "", device: str = "cpu") -> str:
    """Samples/s of the training paths, trained from scratch for `steps` samples each, one after
    the other in this process (so the ratios compare like with like): `ppo` against random and
    against the game's rule-based bots (the issue's target: every decision the learner's, against
    bots, on 2 cores), in each precision the machine has natively, and `maskable-ppo`. On
    `device` cuda the network trains on the GPU (the games still run on the CPU)."""
    import torch

    from meeplegym.agents import agent_names, make_agent
    from meeplegym.training import maskable, ppo
    from meeplegym.training.opponents import live_columns
    from meeplegym.vector import make_vector

    full_size = make_vector(game, 1, num_players=players).observation_size
    live_size = live_columns(game, players).size
    bots = ",".join(n for n in agent_names(game)  # the game's rule-based bots
                    if n.startswith(f"{game}.") and make_agent(n, game=game).seated_bot() is not None)
    auto = ppo.resolve_precision("auto", torch.device(device))
    on = "" if device == "cpu" else f", the network on {torch.cuda.get_device_name(torch.device(device))}"
    lines = [f"## Samples per second: {game}, {players} players{on}\n",
             f"Each row trains {steps:,} samples from scratch, evaluation off; the time includes the opponents' "
             f"moves and the updates. Threads: the update's on torch's default (one per core), each rollout "
             f"step's forward pass on one, the game kernels on one (`env threads` 2: the seated bots play "
             f"half the games each in two threads, and the batch steps on two). The network reads {live_size:,} of the "
             f"observation's {full_size:,} elements with `--observation live` (the default). `--precision auto` "
             f"is {auto} on this machine; `--first-layer auto` is "
             f"{ppo.resolve_first_layer('auto', live_size)} for this game. {note}\n".replace("  ", " "),
             "The last four columns split the training loop's time (`ppo` reports it as `stats[\"seconds\"]`, and "
             "TensorBoard as `time/`): the games' own steps (the learner's moves, the encoding of its observations), "
             "the opponents' moves, the learner's forward passes with their inputs, and the updates; the rest "
             "(checkpoints, logging) is not shown.\n",
             "| path | opponents | observation | precision | first layer | env threads | samples | seconds | samples/s "
             "| games | opponents' moves | forward passes | updates |",
             "|---|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    other_layer = "dense" if ppo.resolve_first_layer("auto", live_size) == "sparse" else "sparse"
    rows = [("ppo", ppo, "random", "live", "auto", "auto", 1), ("ppo", ppo, bots, "live", "auto", "auto", 1),
            ("ppo", ppo, bots, "live", "auto", "auto", 2),
            ("ppo", ppo, bots, "live", "auto", other_layer, 1), ("ppo", ppo, bots, "live", "fp32", "auto", 1),
            ("ppo", ppo, bots, "full", "auto", "auto", 1), ("maskable-ppo", maskable, "random", "live", None, None, 1)]
    for name, module, opponents, layout, precision, first_layer, env_threads in rows:

        def run(**sizes) -> dict:
            extra = {} if precision is None else {"precision": precision, "first_layer": first_layer}
            with tempfile.TemporaryDirectory() as out:
                return module.train(module.Args(game=game, num_players=players, opponents=opponents, out=out,
                                                eval_every=0, eval_opponents="", tensorboard=False,
                                                observation=layout, env_threads=env_threads, device=device,
                                                **extra, **sizes))

        # a tiny run first, so no compiling is timed
        run(total_steps=16, num_envs=2, num_steps=8, **({"batch_size": 16} if module is maskable else {}))
        start = time.perf_counter()
        stats = run(total_steps=steps)
        seconds = time.perf_counter() - start
        shown = "fp32" if precision is None else auto if precision == "auto" else precision
        layer = "dense" if first_layer is None else ppo.resolve_first_layer(
            first_layer, live_size if layout == "live" else full_size)
        lines.append(f"| `{name}` | {opponents.replace(',', ', ')} | {layout} | {shown} | {layer} | {env_threads} | "
                     f"{stats['samples']:,} | "
                     f"{seconds:.1f} | {stats['samples'] / seconds:,.0f} | {time_shares(stats.get('seconds'))}")
        print(lines[-1], flush=True)
    return "\n".join(lines)


def final_section(folder: Path, opponents: list[str], games: int, note: str = "") -> tuple[str, dict]:
    """The run's exported policy against each opponent, sampling and greedy, on seeds no training
    evaluation used: the headline numbers, as a section and as the summary's record."""
    from meeplegym.agents.policy_agent import PolicyAgent
    from meeplegym.training.evaluate import evaluate

    run = read_run(folder)
    meta = run["meta"]
    hours = run["rows"][-1]["seconds"] / 3600
    lines = [f"## Final evaluation: {run['name']}\n",
             f"`{folder.name}/policy.pt` after {meta.get('samples', 0):,} samples "
             f"({hours:.2f} training hours), {games} games per opponent and mode, "
             f"seats swapped, seeds from {FINAL_SEED:,} (the training evaluations use 10,000,000 + update). "
             f"Sampled: the policy draws its move as in training; greedy: it plays its most likely move. {note}".rstrip()
             + "\n", "| opponent | mode | games | win rate | 95% interval | by seat | score margin |",
             "|---|---|---:|---:|---|---|---:|"]
    record = {"run": run["name"], "game": run["game"], "num_players": run["num_players"],
              "samples": int(meta.get("samples", 0)), "hours": round(hours, 2), "commit": meta.get("commit", ""),
              "seed": meta.get("seed"), "delegate": meta.get("delegate") or "", "expert": meta.get("expert") or "",
              "cloned": meta.get("cloned"), "results": []}
    record["first_at_mark"] = first_at_mark(run)
    own = delegated = 0
    for opponent in opponents:
        for greedy in (False, True):
            agent = PolicyAgent(path=folder / "policy.pt", greedy=greedy, seed=FINAL_SEED)
            result = evaluate(agent, run["game"], opponent, games=games, num_players=run["num_players"], seed=FINAL_SEED)
            own, delegated = own + agent.own_decisions, delegated + agent.delegated_decisions
            low, high = wilson_interval(result.win_rate * result.games, result.games)
            seats = ", ".join(f"{w:.0%}" for w in result.win_rate_by_seat)
            lines.append(f"| {opponent} | {'greedy' if greedy else 'sampled'} | {result.games} | "
                         f"{result.win_rate:.1%} | {low:.1%} - {high:.1%} | {seats} | {result.mean_margin:+.1f} |")
            record["results"].append({"opponent": opponent, "mode": "greedy" if greedy else "sampled",
                                      "games": result.games, "win_rate": round(result.win_rate, 4),
                                      "low": round(low, 4), "high": round(high, 4),
                                      "margin": round(result.mean_margin, 2)})
            print(lines[-1], flush=True)
    record["own_share"] = round(own / (own + delegated), 4) if own + delegated else None
    return "\n".join(lines), record


MARK = 0.55  # issue 49's target: at least this win rate against every bundled bot


def first_at_mark(run: dict, mark: float = MARK) -> dict | None:
    """The first training evaluation that won at least `mark` against every opponent evaluated
    but `random`: its samples and training hours (None if none did)."""
    by_point: dict[tuple[int, float], dict[str, float]] = defaultdict(dict)
    for r in run["rows"]:
        by_point[(r["samples"], r["seconds"])][r["opponent"]] = r["win_rate"]
    bots = [o for o in dict.fromkeys(r["opponent"] for r in run["rows"]) if o != "random"]
    for (samples, seconds), rates in sorted(by_point.items()):
        if bots and all(rates.get(o, 0.0) >= mark for o in bots):
            return {"samples": samples, "hours": round(seconds / 3600, 2)}
    return None


def help_kind(record: dict) -> str:
    """Which summary table a final evaluation goes in: what help its learner had."""
    if record.get("delegate"):
        return "delegate"
    if record.get("cloned") is None:
        return "unrecorded"
    return "cloned" if record["cloned"] else "scratch"


def help_text(record: dict) -> str:
    """The help a final evaluation's learner had, in a few words."""
    parts = ([f"delegate `{record['delegate']}`"] if record.get("delegate") else []) \
        + (["cloned"] if record.get("cloned") else []) \
        + ([f"expert `{record['expert']}`"] if record.get("expert") else [])
    return ", ".join(parts) or "none"


def mark_text(record: dict) -> str:
    if "first_at_mark" not in record:
        return "not recorded"
    first = record["first_at_mark"]
    return "not reached" if first is None else f"{first['samples']:,} samples ({first['hours']:.2f} h)"


SUMMARY_TABLES = [
    ("scratch", "From scratch",
     "Every decision of the learner's seat is its network's, and it learned no other agent's moves: no cloning, "
     "no teacher, no delegate (targets from its own guided search, `--expert`, count as its own)."),
    ("cloned", "With cloning",
     "The network plays every decision, but learned a bot's moves first or alongside (`--teacher`, "
     "`--pretrain-samples`, or a starting policy that did)."),
    ("delegate", "With a delegate",
     "The network answers only the strategic decisions (`--delegate`, docs/training.md) and a bundled bot plays "
     "the rest of its seat's decisions; the share column is the network's part, counted in the evaluation games."),
    ("unrecorded", "Help not recorded",
     "Policies from before the help was recorded in the file, evaluated without a record of it."),
]


def summary_section(finals: dict[str, dict]) -> str:
    """One table per kind of help, a row per run and opponent: the final evaluations' headline."""
    lines = ["## Summary: final evaluations\n",
             "Each row is a run's final evaluation (its section below): the exported policy against a bundled opponent, "
             "seats swapped, on seeds no training evaluation used; win rate with its 95% Wilson interval, sampled "
             "(as in training) and greedy, and the mean final score margin of the sampled games. Runs are grouped "
             "by the help the learner had; the learner's share is the share of its seat's decisions that its "
             "network answered; the first evaluation at 55% is the first training evaluation (100 or 200 games) that "
             "won at least 55% against every bot it was evaluated against. Rewritten from `benchmarks/results/training_finals.json` by "
             "`benchmarks/training_curves.py --final --write` (or `--summary --write`)."]
    for kind, title, about in SUMMARY_TABLES:
        records = sorted((r for r in finals.values() if help_kind(r) == kind), key=lambda r: (r["game"], r["run"]))
        if not records:
            continue
        lines += [f"\n### {title}\n", about + "\n",
                  "| run | game | samples | hours | first evaluation at 55% | help | learner's share | opponent | games "
                  "| sampled | greedy | margin |",
                  "|---|---|---:|---:|---|---|---:|---|---:|---|---|---:|"]
        for r in records:
            share = "not counted" if r.get("own_share") is None else f"{r['own_share']:.0%}"
            by_opponent: dict[str, dict[str, dict]] = defaultdict(dict)
            for res in r["results"]:
                by_opponent[res["opponent"]][res["mode"]] = res
            for k, (opponent, modes) in enumerate(by_opponent.items()):
                cells = [f"{m['win_rate']:.1%} ({m['low']:.1%}-{m['high']:.1%})" if m else ""
                         for m in (modes.get("sampled"), modes.get("greedy"))]
                head = (f"{r['run']} | {r['game']}, {r['num_players']}p | {r['samples']:,} | {r['hours']:.2f} | "
                        f"{mark_text(r)} | {help_text(r)} | {share}" if k == 0 else " | | | | | |")
                games = (modes.get("sampled") or modes.get("greedy"))["games"]
                margin = modes.get("sampled", {}).get("margin")  # None: not recorded (evaluations before stop 66)
                lines.append(f"| {head} | {opponent} | {games:,} | {cells[0]} | {cells[1]} | "
                             + ("" if margin is None else f"{margin:+.1f}") + " |")
    return "\n".join(lines)


def read_finals() -> dict[str, dict]:
    return json.loads(FINALS.read_text()) if FINALS.exists() else {}


def write_finals(finals: dict[str, dict]) -> None:
    FINALS.parent.mkdir(parents=True, exist_ok=True)
    FINALS.write_text(json.dumps(dict(sorted(finals.items())), indent=1) + "\n")


FINAL_SEED = 50_000_000
FINALS = PICTURES / "training_finals.json"  # the final evaluations' records, for the summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("runs", nargs="*", type=Path, help="run folders written by meeplegym train")
    parser.add_argument("--sps", metavar="GAME", help="measure both paths' samples/s on GAME instead")
    parser.add_argument("--players", type=int, default=2, help="players for --sps")
    parser.add_argument("--sps-steps", type=int, default=65536, help="samples per path for --sps")
    parser.add_argument("--device", default="cpu", help="the network's device for --sps: cpu or cuda")
    parser.add_argument("--final", action="store_true",
                        help="evaluate each run's policy.pt (sampled and greedy) instead of writing its curve")
    parser.add_argument("--opponents", default="random", help="comma-separated opponents for --final")
    parser.add_argument("--games", type=int, default=400, help="games per opponent and mode for --final")
    parser.add_argument("--compare", metavar="NAME", help="one table NAME comparing the runs' last evaluations")
    parser.add_argument("--note", default="", help="a sentence for each section (what else ran, how a run was started)")
    parser.add_argument("--write", action="store_true", help="write the sections to benchmarks/training.md")
    parser.add_argument("--summary", action="store_true",
                        help="rewrite the summary of the final evaluations (benchmarks/results/training_finals.json)")
    args = parser.parse_args()
    if not args.runs and not args.sps and not args.summary:
        parser.error("give run folders, --sps GAME or --summary")
    sections = []
    finals = read_finals()
    if args.sps:
        name = f"sps: {args.sps} {args.players}p" + ("" if args.device == "cpu" else f" {args.device}")
        sections.append((name, measure_sps(args.sps, args.players, args.sps_steps, args.note, args.device)))
    if args.compare:
        sections.append((f"compare: {args.compare}", compare_section(args.compare, args.runs, args.note)))
    for folder in args.runs if not args.compare else []:
        if args.final:
            opponents = [o.strip() for o in args.opponents.split(",") if o.strip()]
            body, finals[folder.name] = final_section(folder, opponents, args.games, args.note)
            sections.append((f"final: {folder.name}", body))
            continue
        run = read_run(folder)
        picture = plot(run, PICTURES / f"training_{run['name']}.png")
        sections.append((f"run: {run['name']}", run_section(run, picture, args.note)))
    for name, body in sections:
        print(body)
        if args.write:
            write_section(name, body, path=TRAINING, header=HEADER)
    if args.final or args.summary:
        summary = summary_section(finals)
        print(summary)
        if args.write:
            write_finals(finals)
            write_section("summary: final evaluations", summary, path=TRAINING, header=HEADER, at_top=True)
    if args.write:
        print(f"written to {TRAINING}")


if __name__ == "__main__":
    main()
