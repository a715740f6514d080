"""Balance sweeps: one agent in every seat, many games, win rates by what each seat played.

``run_balance`` is a tournament of the same agent against itself (so differences come from
the setup, not from the players), stored in SQLite like any tournament. ``balance_tables``
groups the stored games by each seat-setup key (Scythe: faction, mat, faction×mat) and by seat
(turn order): games, win rate with a Wilson 95% interval, mean score, and a flag where the
interval excludes the fair rate 1/players. ``write_report`` writes Markdown, PNG plots and a
self-contained HTML page.
"""

from __future__ import annotations

import base64
import html
import re
import io
from dataclasses import dataclass
from pathlib import Path

from meeplegym.stats import wilson_interval
from meeplegym.tournament import Config, run_tournament, stored_games


@dataclass
class Row:
    key: str
    games: int
    wins: float  # shared first places count 1/k
    mean_score: float
    low: float
    high: float
    flagged: bool  # the interval excludes 1/players

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def run_balance(game: str, agent: str, games: int, players: int, db, seed: int = 0, workers: int = 1,
                max_turns: int | None = None, progress=None, backend: str = "process",
                address: str | None = None) -> list[dict]:
    """Play (or resume) the sweep on `backend` (see meeplegym.tournament); every stored game."""
    # one agent in every seat: a new deal for every game (duplicate deals would compare it with itself)
    config = Config(game=game, agents=(agent,) * players, games=games, players=players, seed=seed, max_turns=max_turns,
                    duplicate=False)
    tid = run_tournament(config, db, workers=workers, progress=progress, backend=backend, address=address)
    return stored_games(db, tid)


def _categories(games: list[dict]) -> dict[str, callable]:
    keys = list(dict.fromkeys(k for g in games for setup in g["seat_setup"] for k in setup))  # the env's order
    cats = {"seat": lambda g, i: f"seat {i + 1}"}
    for k in keys:
        cats[k] = lambda g, i, k=k: str(g["seat_setup"][i].get(k))
    if len(keys) >= 2:  # the pairing of the first two setup keys (Scythe: faction x mat)
        a, b = keys[0], keys[1]
        cats[f"{a} x {b}"] = lambda g, i: f"{g['seat_setup'][i].get(a)} / {g['seat_setup'][i].get(b)}"
    if keys and len(victory_counts(games)) > 1:  # e.g. Imperium's nation x (scoring, collapse)
        a = keys[0]
        cats[f"{a} x victory"] = lambda g, i: f"{g['seat_setup'][i].get(a)} / {g.get('victory') or 'cut short'}"
    return cats


def victory_counts(games: list[dict]) -> dict[str, int]:
    """How many games ended each way (the game's words; "cut short" for truncated games)."""
    counts: dict[str, int] = {}
    for g in games:
        way = g.get("victory") or "cut short"
        counts[way] = counts.get(way, 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: -kv[1]))


def balance_tables(games: list[dict], players: int) -> dict[str, list[Row]]:
    fair = 1.0 / players
    tables: dict[str, list[Row]] = {}
    for name, key_of in _categories(games).items():
        acc: dict[str, list[float]] = {}
        for g in games:
            winners = sum(1 for r in g["ranks"] if r == 0)
            for i in range(len(g["ranks"])):
                entry = acc.setdefault(key_of(g, i), [0, 0.0, 0.0])
                entry[0] += 1
                entry[1] += (1.0 / winners) if g["ranks"][i] == 0 else 0.0
                entry[2] += g["scores"][i]
        rows = []
        for key, (n, wins, total) in acc.items():
            low, high = wilson_interval(wins, int(n))
            rows.append(Row(key, int(n), wins, total / n, low, high, not low <= fair <= high))
        tables[name] = sorted(rows, key=lambda r: -r.win_rate)
    return tables


_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]<>#|~$])")


def md_escape(text: str) -> str:
    """`text` shown as written in Markdown: its punctuation backslash-escaped (a table's `|`, a
    link's brackets, an HTML tag's `<`), for the names users choose (agents, policy paths)."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", str(text))


def markdown(tables: dict[str, list[Row]], players: int, title: str, victories: dict[str, int] | None = None) -> str:
    lines = [f"# {md_escape(title)}", "", _intro(players), ""]
    if victories and len(victories) > 1:
        total = sum(victories.values())
        lines += ["Games by how they ended: " + ", ".join(f"{md_escape(way)} {n} ({n / total:.1%})"
                                                          for way, n in victories.items()) + ".", ""]
    for name, rows in tables.items():
        lines += [f"## By {md_escape(name)}", "", "| | games | win rate | 95% interval | mean score | |",
                  "|---|---:|---:|---|---:|---|"]
        for r in rows:
            lines.append(f"| {md_escape(r.key)} | {r.games} | {r.win_rate:.3f} | {r.low:.3f}–{r.high:.3f} | {r.mean_score:.1f} | "
                         f"{'⚠' if r.flagged else ''} |")
        lines.append("")
    return "\n".join(lines)


def _intro(players: int) -> str:
    return (f"Fair win rate: {1 / players:.3f} (1/{players}). Win rate with a Wilson 95% interval; ⚠ marks an "
            "interval that excludes the fair rate. A verdict is about the game as the agent in the title plays "
            "it: a flagged faction or seat may be strong, or the agent may play it better or worse than the "
            "others; the same sweep with other agents tells the two apart.")


# the replay page's look (meeplegym/replay.py), so that the reports a user opens look alike
STYLE = ("body { font-family: sans-serif; margin: 12px 20px; background: #f6f3ec; color: #222; max-width: 1100px; }"
         " table { border-collapse: collapse; margin: 8px 0 20px; font-size: 13px; }"
         " th, td { border: 1px solid #bbb; padding: 3px 8px; text-align: right; } td:first-child { text-align: left; }"
         " th { background: #e8e2d4; } img { max-width: 100%; } p { max-width: 900px; }")


def _plot(name: str, rows: list[Row], players: int) -> bytes:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 0.35 * len(rows) + 1.2))
    ys = range(len(rows))
    rates = [r.win_rate for r in rows]
    errors = [[r.win_rate - r.low for r in rows], [r.high - r.win_rate for r in rows]]
    ax.barh(ys, rates, xerr=errors, color=["#c0504d" if r.flagged else "#4f81bd" for r in rows], capsize=3)
    ax.axvline(1 / players, color="black", linestyle="--", linewidth=1, label="fair (1/players)")
    ax.set_yticks(list(ys), [r.key.replace("$", r"\$") for r in rows], fontsize=8)  # no mathtext from names
    ax.invert_yaxis()
    ax.set_xlabel("win rate (95% interval)")
    ax.set_title(f"win rate by {name}".replace("$", r"\$"))
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=110)
    plt.close(fig)
    return buf.getvalue()


def write_report(tables: dict[str, list[Row]], players: int, out_dir, title: str,
                 victories: dict[str, int] | None = None) -> Path:
    """Writes report.md, one PNG per table and report.html (images inlined); returns the HTML path.
    `victories` (``victory_counts``) adds how the games ended, when they ended in more than one way."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    md = markdown(tables, players, title, victories)
    (out / "report.md").write_text(md)
    parts = [f"<h1>{html.escape(title)}</h1>", f"<p>{html.escape(_intro(players))}</p>"]
    if victories and len(victories) > 1:
        total = sum(victories.values())
        parts.append("<p>Games by how they ended: " + html.escape(", ".join(
            f"{way} {n} ({n / total:.1%})" for way, n in victories.items())) + ".</p>")
    for name, rows in tables.items():
        png = _plot(name, rows, players)
        file = out / f"by_{name.replace(' ', '_')}.png"
        file.write_bytes(png)
        table = "".join(
            f"<tr><td>{html.escape(r.key)}</td><td>{r.games}</td><td>{r.win_rate:.3f}</td>"
            f"<td>{r.low:.3f}–{r.high:.3f}</td><td>{r.mean_score:.1f}</td><td>{'⚠' if r.flagged else ''}</td></tr>"
            for r in rows)
        parts.append(f"<h2>By {html.escape(name)}</h2><img src='data:image/png;base64,{base64.b64encode(png).decode()}'>"
                     f"<table><tr><th></th><th>games</th><th>win rate</th><th>95% interval</th>"
                     f"<th>mean score</th><th></th></tr>{table}</table>")
    page = out / "report.html"
    head = f"<meta charset='utf-8'><title>{html.escape(title)}</title><style>{STYLE}</style>"
    page.write_text(f"<html><head>{head}</head><body>"
                    + "".join(parts) + "</body></html>")
    return page
