"""Balance sweeps: one agent in every seat, many games, win rates by what each seat played.

``run_balance`` is a tournament of the same agent against itself (so differences come from
the setup, not from the players), stored in SQLite like any tournament; it can stop early once
its intervals are narrow enough. ``balance_tables`` groups the stored games by each seat-setup
key (Scythe: faction, mat, faction×mat) and by seat (turn order, from 0): games, win rate with a
Wilson 95% interval, mean score, and a flag where the interval excludes the fair rate
1/players. ``write_report`` writes Markdown, PNG plots and a self-contained HTML page.

A verdict is about the game as the sweep's agent plays it. ``verdicts`` sets the sweeps of
several agents side by side and keeps only what every agent agrees on; ``plan`` says, before a
sweep, how many games it needs to detect a given difference from the fair rate.
"""

from __future__ import annotations

import base64
import html
import io
import math
import re
from dataclasses import dataclass
from pathlib import Path
from statistics import NormalDist

from meeplegym import variants
from meeplegym.stats import wilson_interval
from meeplegym.tournament import Config, run_tournament, schedule, stored_games


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
                address: str | None = None, precision: float | None = None, check_every: int = 100,
                stop_at: int | None = None) -> list[dict]:
    """Play (or resume) the sweep on `backend` (see meeplegym.tournament); every stored game.

    With `precision`, the sweep stops once every group's 95% interval reaches at most ±precision
    (checked every `check_every` stored games), and `games` is the most it plays. The rule looks
    at the intervals' widths only, which hardly depend on the win rates, so stopping early does
    not bias the verdicts the way stopping at the first flag would. With `stop_at`, it stops once
    that many games are stored (a round of a sequential paired comparison)."""
    # one agent in every seat: a new deal for every game (duplicate deals would compare it with itself)
    config = sweep_config(game, agent, games, players, seed, max_turns)

    def enough(done: int) -> bool:
        if stop_at is not None and done >= stop_at:
            return True
        return precision is not None and done % check_every == 0 and widest_half_interval(
            balance_tables(stored_games(db, config.id), players)) <= precision

    tid = run_tournament(config, db, workers=workers, progress=progress, backend=backend, address=address,
                         stop=enough if precision is not None or stop_at is not None else None)
    return stored_games(db, tid)


def sweep_config(game: str, agent: str, games: int, players: int, seed: int = 0, max_turns: int | None = None,
                 variant: str | None = None) -> Config:
    """The sweep's tournament: of this process's variant of `game` unless `variant` (a recorded one,
    ``meeplegym.variants.canonical``; "" for the printed game) says otherwise."""
    return Config(game=game, agents=(agent,) * players, games=games, players=players, seed=seed, max_turns=max_turns,
                  duplicate=False, variant=variants.playing(game) if variant is None else variant)


def widest_half_interval(tables: dict[str, list]) -> float:
    """The largest half-width of any group's interval (a sweep's `Row`s, a comparison's `Change`s):
    the precision it has reached."""
    return max(((r.high - r.low) / 2 for rows in tables.values() for r in rows), default=1.0)


def _categories(games: list[dict]) -> dict[str, callable]:
    keys = list(dict.fromkeys(k for g in games for setup in g["seat_setup"] for k in setup))  # the env's order
    cats = {"seat": lambda g, i: f"seat {i}"}  # from 0, as everywhere else
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
            for i in range(len(g["ranks"])):
                entry = acc.setdefault(key_of(g, i), [0, 0.0, 0.0])
                entry[0] += 1
                entry[1] += _win_share(g, i)
                entry[2] += g["scores"][i]
        rows = []
        for key, (n, wins, total) in acc.items():
            low, high = wilson_interval(wins, int(n))
            rows.append(Row(key, int(n), wins, total / n, low, high, not low <= fair <= high))
        tables[name] = sorted(rows, key=lambda r: -r.win_rate)
    return tables


def games_to_detect(difference: float, players: int, share: float, confidence: float = 0.95,
                    power: float = 0.8) -> int:
    """Games a sweep needs for a group holding `share` of the seats (one seat of `players`: 1/players)
    whose true win rate is the fair rate ± `difference` to be flagged with probability `power`
    (the two-sided test at `confidence` that the flag is; normal approximation, the harder side)."""
    fair = 1 / players
    z_flag, z_power = NormalDist().inv_cdf(1 - (1 - confidence) / 2), NormalDist().inv_cdf(power)
    seats = 0.0
    for true in (fair - difference, fair + difference):
        if 0 < true < 1:
            spread = z_flag * math.sqrt(fair * (1 - fair)) + z_power * math.sqrt(true * (1 - true))
            seats = max(seats, (spread / difference) ** 2)
    return math.ceil(seats / (players * share))


@dataclass
class PlanRow:
    category: str
    groups: int
    rarest: str
    share: float  # of the seats, held by the rarest group
    games: int  # to detect the difference in the rarest group


def plan(game: str, players: int, difference: float, seed: int = 0, deals: int = 400, options=None) -> list[PlanRow]:
    """How many games a sweep needs, per table, to detect `difference` from the fair rate in its
    rarest group; the groups' shares come from the sweep's own first `deals` deals, set up without
    playing them."""
    from meeplegym.registry import make_env

    env = make_env(game, num_players=players, **(options or {}))
    setups = []
    for _, deal_seed, _ in schedule(sweep_config(game, "random", deals, players, seed))[:deals]:
        env.reset(seed=deal_seed)
        setups.append({"seat_setup": env.unwrapped.seat_setup(), "ranks": [0] * players, "scores": [0] * players})
    rows = []
    for name, key_of in _categories(setups).items():
        counts: dict[str, int] = {}
        for g in setups:
            for i in range(players):
                counts[key_of(g, i)] = counts.get(key_of(g, i), 0) + 1
        rarest = min(counts, key=counts.get)
        share = counts[rarest] / (len(setups) * players)
        rows.append(PlanRow(name, len(counts), rarest, share, games_to_detect(difference, players, share)))
    return rows


@dataclass
class Verdict:
    key: str
    rows: dict[str, "Row | Change | None"]  # per agent; None where the agent's sweep has no such group
    text: str  # "" where no agent flags the group
    consistent: bool  # every agent flags it, on the same side


def verdicts(tables_by_agent: dict[str, dict[str, list[Row]]], players: int) -> dict[str, list[Verdict]]:
    """The sweeps of several agents side by side, table by table and group by group: a group is a
    consistent verdict only where every agent's interval excludes the fair rate on the same side."""
    fair = 1 / players
    return _side_by_side(tables_by_agent, lambda r: 0 if not r.flagged else 1 if r.win_rate > fair else -1,
                         ("above", "below"), "{} the fair rate with every agent")


def change_verdicts(changes_by_agent: dict[str, dict[str, list["Change"]]]) -> dict[str, list[Verdict]]:
    """Several agents' paired comparisons side by side: a change is a consistent verdict only where
    every agent's paired interval excludes no change on the same side."""
    return _side_by_side(changes_by_agent, lambda c: 0 if not c.flagged else 1 if c.difference > 0 else -1,
                         ("up", "down"), "{} with every agent")


def _side_by_side(tables_by_agent: dict, side_of, words: tuple[str, str], consistent_text: str) -> dict[str, list[Verdict]]:
    """Group by group, which agents flag it and on which side (`side_of` a row: 1, -1, or 0 when not flagged)."""
    agents = list(tables_by_agent)
    names = [n for n in tables_by_agent[agents[0]] if all(n in t for t in tables_by_agent.values())]
    out = {}
    for name in names:
        by_agent = {a: {r.key: r for r in tables_by_agent[a][name]} for a in agents}
        keys = list(dict.fromkeys(k for a in agents for k in by_agent[a]))
        table = []
        for key in keys:
            rows = {a: by_agent[a].get(key) for a in agents}
            sides = {a: 0 if r is None else side_of(r) for a, r in rows.items()}
            flagged = [a for a, side in sides.items() if side]
            consistent = len(flagged) == len(agents) and len(set(sides.values())) == 1
            if consistent:
                text = consistent_text.format(words[0] if sides[agents[0]] > 0 else words[1])
            elif flagged:
                text = "flagged with " + ", ".join(
                    f"{a} ({words[0] if sides[a] > 0 else words[1]})" for a in flagged) + " only"
            else:
                text = ""
            table.append(Verdict(key, rows, text, consistent))
        out[name] = sorted(table, key=lambda v: (not v.consistent, not v.text, v.key))
    return out


@dataclass
class Change:
    """How a group fared in a variant against the printed game, over the same deals."""

    key: str
    games: int  # deals in which the group had a seat
    base: float  # win rate in the printed game
    difference: float  # win rate, variant - base
    low: float  # the interval of the difference (paired; Bonferroni over the table's groups)
    high: float
    score_change: float  # mean score, variant - base
    flagged: bool  # the interval excludes no change

    @property
    def variant(self) -> float:
        return self.base + self.difference


def paired_changes(base: list[dict], variant: list[dict], players: int, confidence: float = 0.95) -> dict[str, list[Change]]:
    """Per table and group, the change in win rate and mean score from the printed game's games to
    the variant's, deal by deal: each deal (seed) played on both sides, its seats set up alike.
    A group's interval is the paired one of the mean difference per deal, at `confidence` shared
    out over the table's groups (Bonferroni), so that a table flags a group by chance with at
    most 1 - confidence probability."""
    by_seed = {g["seed"]: g for g in variant}
    pairs = [(g, by_seed[g["seed"]]) for g in base if g["seed"] in by_seed]
    for g, v in pairs:
        if g["seat_setup"] != v["seat_setup"]:
            raise ValueError(f"deal {g['seed']} is set up differently in the two sweeps: they are not paired")
    setup_only = [{**g, "victory": None} for g, _ in pairs]  # groups by setup, not by how a game ended
    out = {}
    for name, key_of in _categories(setup_only).items():
        per_key: dict[str, list[tuple[float, float, float, float]]] = {}
        for (g, v), plain in zip(pairs, setup_only):
            shares: dict[str, list[float]] = {}
            for i in range(players):
                entry = shares.setdefault(key_of(plain, i), [0.0, 0.0, 0.0, 0.0])
                entry[0] += _win_share(g, i)
                entry[1] += _win_share(v, i)
                entry[2] += g["scores"][i]
                entry[3] += v["scores"][i]
            for key, entry in shares.items():
                per_key.setdefault(key, []).append(tuple(entry))
        z = NormalDist().inv_cdf(1 - (1 - confidence) / (2 * max(1, len(per_key))))
        rows = []
        for key, deals in per_key.items():
            n = len(deals)
            diffs = [v - b for b, v, _, _ in deals]
            mean = sum(diffs) / n
            spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else 1.0
            half = z * spread / math.sqrt(n)
            base_rate = sum(b for b, _, _, _ in deals) / n
            rows.append(Change(key, n, base_rate, mean, mean - half, mean + half,
                               sum(vs - bs for _, _, bs, vs in deals) / n, not mean - half <= 0 <= mean + half))
        out[name] = sorted(rows, key=lambda r: -abs(r.difference))
    return out


def _win_share(game: dict, seat: int) -> float:
    winners = sum(1 for r in game["ranks"] if r == 0)
    return 1.0 / winners if game["ranks"][seat] == 0 else 0.0


_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]<>#|~$])")


def md_escape(text: str) -> str:
    """`text` shown as written in Markdown: its punctuation backslash-escaped (a table's `|`, a
    link's brackets, an HTML tag's `<`), for the names users choose (agents, policy paths)."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", str(text))


def markdown(tables: dict[str, list[Row]], players: int, title: str, victories: dict[str, int] | None = None,
             level: int = 1) -> str:
    """The report in Markdown, its title a heading of `level`."""
    lines = [f"{'#' * level} {md_escape(title)}", "", _intro(players), ""]
    if victories and len(victories) > 1:
        total = sum(victories.values())
        lines += ["Games by how they ended: " + ", ".join(f"{md_escape(way)} {n} ({n / total:.1%})"
                                                          for way, n in victories.items()) + ".", ""]
    for name, rows in tables.items():
        lines += _md_table(f"{'#' * (level + 1)} By {md_escape(name)}",
                           ["", "games", "win rate", "95% interval", "mean score", ""], "|---|---:|---:|---|---:|---|",
                           [[md_escape(r.key), str(r.games), f"{r.win_rate:.3f}", f"{r.low:.3f}–{r.high:.3f}",
                             f"{r.mean_score:.1f}", "⚠" if r.flagged else ""] for r in rows])
    return "\n".join(lines)


def _md_table(heading: str, columns: list[str], rule: str, rows: list[list[str]]) -> list[str]:
    """A Markdown table under `heading`, then a blank line."""
    def line(cells: list[str]) -> str:
        return "|" + "|".join(f" {c} " if c else " " for c in cells) + "|"

    return [heading, "", line(columns), rule, *(line(cells) for cells in rows), ""]


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


def _pyplot():
    """matplotlib's pyplot on the Agg backend (no display needed)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _png(plt, fig, dpi: int) -> bytes:
    """`fig` as PNG bytes; the figure is closed."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi)
    plt.close(fig)
    return buf.getvalue()


def _plot(name: str, rows: list[Row], players: int) -> bytes:
    plt = _pyplot()
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
    return _png(plt, fig, dpi=110)


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


def _cell(row: Row | None) -> str:
    return "-" if row is None else f"{row.win_rate:.3f} ({row.low:.3f}–{row.high:.3f}){' ⚠' if row.flagged else ''}"


def comparison_markdown(tables_by_agent: dict[str, dict[str, list[Row]]], players: int, title: str) -> str:
    """Several agents' sweeps: the verdicts side by side, then each agent's tables."""
    agents = list(tables_by_agent)
    lines = [f"# {md_escape(title)}", "", _comparison_intro(players, agents), ""]
    for name, table in verdicts(tables_by_agent, players).items():
        lines += _md_table(f"## By {md_escape(name)}: every agent", ["", *map(md_escape, agents), "verdict"],
                           "|---|" + "---:|" * len(agents) + "---|",
                           [[md_escape(v.key), *(_cell(v.rows[a]) for a in agents),
                             f"**{v.text}**" if v.consistent else md_escape(v.text)] for v in table])
    for agent, tables in tables_by_agent.items():
        lines += [markdown(tables, players, f"{agent} in every seat", level=2), ""]
    return "\n".join(lines)


def _comparison_intro(players: int, agents: list[str]) -> str:
    return (f"Fair win rate: {1 / players:.3f} (1/{players}). Each cell: win rate (Wilson 95% interval) in the sweep "
            f"where that agent plays every seat; ⚠ marks an interval that excludes the fair rate. A verdict in bold "
            f"holds with every agent ({', '.join(agents)}): the game, not one agent's play, is the likelier cause. "
            "A group flagged with some agents only rests on those agents.")


def write_comparison_report(tables_by_agent: dict[str, dict[str, list[Row]]], players: int, out_dir, title: str) -> Path:
    """report.md and a self-contained report.html of several agents' sweeps (``comparison_markdown``);
    returns the HTML path."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    (out / "report.md").write_text(comparison_markdown(tables_by_agent, players, title))
    agents = list(tables_by_agent)
    parts = [f"<h1>{html.escape(title)}</h1>", f"<p>{html.escape(_comparison_intro(players, agents))}</p>"]
    for name, table in verdicts(tables_by_agent, players).items():
        head = "".join(f"<th>{html.escape(a)}</th>" for a in agents)
        body = "".join(
            f"<tr><td>{html.escape(v.key)}</td>" + "".join(f"<td>{html.escape(_cell(v.rows[a]))}</td>" for a in agents)
            + f"<td style='text-align:left'>{'<b>' if v.consistent else ''}{html.escape(v.text)}"
              f"{'</b>' if v.consistent else ''}</td></tr>"
            for v in table)
        parts.append(f"<h2>By {html.escape(name)}: every agent</h2><table><tr><th></th>{head}<th>verdict</th></tr>"
                     f"{body}</table>")
    for agent, tables in tables_by_agent.items():
        for name, rows in tables.items():
            png = _plot(f"{name} ({agent})", rows, players)
            parts.append(f"<h3>{html.escape(agent)}: by {html.escape(name)}</h3>"
                         f"<img src='data:image/png;base64,{base64.b64encode(png).decode()}'>")
    page = out / "report.html"
    head = f"<meta charset='utf-8'><title>{html.escape(title)}</title><style>{STYLE}</style>"
    page.write_text(f"<html><head>{head}</head><body>" + "".join(parts) + "</body></html>")
    return page


def _change_cell(change: Change | None) -> str:
    return "-" if change is None else (f"{change.difference:+.3f} ({change.low:+.3f} to {change.high:+.3f})"
                                       f"{' ⚠' if change.flagged else ''}")


def _paired_agents_intro(players: int, agents: list[str]) -> str:
    return (f"{_paired_intro(players)} One comparison per agent ({', '.join(agents)}), on the same deals; a change in "
            "bold holds with every agent: the variant, not one agent's play, is the likelier cause. Each agent's own "
            "report is in the folder named after it.")


def write_paired_agents_report(changes_by_agent: dict[str, dict[str, list[Change]]], players: int, out_dir,
                               title: str, variant_text: str) -> Path:
    """report.md and report.html of several agents' paired comparisons of one variant, side by side
    (`change_verdicts`); returns the HTML path."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    agents = list(changes_by_agent)
    tables = change_verdicts(changes_by_agent)
    lines = [f"# {md_escape(title)}", "", md_escape(variant_text), "", _paired_agents_intro(players, agents), ""]
    parts = [f"<h1>{html.escape(title)}</h1>", f"<p>{html.escape(variant_text)}</p>",
             f"<p>{html.escape(_paired_agents_intro(players, agents))}</p>"]
    for name, table in tables.items():
        lines += _md_table(f"## By {md_escape(name)}: the change with every agent", ["", *map(md_escape, agents), "verdict"],
                           "|---|" + "---|" * len(agents) + "---|",
                           [[md_escape(v.key), *(_change_cell(v.rows[a]) for a in agents),
                             f"**{v.text}**" if v.consistent else md_escape(v.text)] for v in table])
        head = "".join(f"<th>{html.escape(a)}</th>" for a in agents)
        body = "".join(
            f"<tr><td>{html.escape(v.key)}</td>" + "".join(f"<td>{html.escape(_change_cell(v.rows[a]))}</td>" for a in agents)
            + f"<td style='text-align:left'>{'<b>' if v.consistent else ''}{html.escape(v.text)}"
              f"{'</b>' if v.consistent else ''}</td></tr>" for v in table)
        parts.append(f"<h2>By {html.escape(name)}: the change with every agent</h2>"
                     f"<table><tr><th></th>{head}<th>verdict</th></tr>{body}</table>")
    (out / "report.md").write_text("\n".join(lines))
    page = out / "report.html"
    style = f"<meta charset='utf-8'><title>{html.escape(title)}</title><style>{STYLE}</style>"
    page.write_text(f"<html><head>{style}</head><body>" + "".join(parts) + "</body></html>")
    return page


def paired_markdown(changes: dict[str, list[Change]], players: int, title: str, variant_text: str) -> str:
    lines = [f"# {md_escape(title)}", "", md_escape(variant_text), "", _paired_intro(players), ""]
    for name, rows in changes.items():
        lines += _md_table(f"## By {md_escape(name)}",
                           ["", "deals", "printed", "variant", "change (interval)", "score change", ""],
                           "|---|---:|---:|---:|---|---:|---|",
                           [[md_escape(r.key), str(r.games), f"{r.base:.3f}", f"{r.variant:.3f}",
                             f"{r.difference:+.3f} ({r.low:+.3f} to {r.high:+.3f})", f"{r.score_change:+.1f}",
                             "⚠" if r.flagged else ""] for r in rows])
    return "\n".join(lines)


def _paired_intro(players: int) -> str:
    return (f"The printed game and the variant played on the same deals (each deal's seed on both sides, its seats "
            f"set up alike), the same agent in every seat. Win rates (fair: {1 / players:.3f}); the change is the "
            "variant's minus the printed game's, with a paired 95% interval shared out over the table's groups "
            "(Bonferroni); ⚠ marks a change whose interval excludes zero.")


def _change_plot(name: str, rows: list[Change]) -> bytes:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(8, 0.35 * len(rows) + 1.2))
    ys = range(len(rows))
    errors = [[r.difference - r.low for r in rows], [r.high - r.difference for r in rows]]
    ax.barh(ys, [r.difference for r in rows], xerr=errors, color=["#c0504d" if r.flagged else "#4f81bd" for r in rows],
            capsize=3)
    ax.axvline(0, color="black", linewidth=1)
    ax.set_yticks(list(ys), [r.key.replace("$", r"\$") for r in rows], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel("change in win rate, variant - printed (95% interval, Bonferroni)")
    ax.set_title(f"by {name}".replace("$", r"\$"))
    fig.tight_layout()
    return _png(plt, fig, dpi=110)


def _heat_maps(name: str, rows: list[Change]) -> bytes:
    """Three grids of a pairing (Scythe's faction x mat): the printed game's win rates, the variant's,
    and the change, a ⚠ on the changes beyond chance."""
    import numpy as np

    plt = _pyplot()

    first = sorted({r.key.split(" / ")[0] for r in rows})
    second = sorted({r.key.split(" / ")[1] for r in rows})
    grids = {what: np.full((len(first), len(second)), np.nan) for what in ("printed", "variant", "change")}
    marks = []
    for r in rows:
        a, b = r.key.split(" / ")
        i, j = first.index(a), second.index(b)
        grids["printed"][i, j], grids["variant"][i, j], grids["change"][i, j] = r.base, r.variant, r.difference
        if r.flagged:
            marks.append((i, j))
    fig, axes = plt.subplots(1, 3, figsize=(15, 0.45 * len(first) + 2.2))
    widest = max(0.01, float(np.nanmax(np.abs(grids["change"]))))
    for ax, (what, grid) in zip(axes, grids.items()):
        change = what == "change"
        image = ax.imshow(grid, cmap="RdBu" if change else "viridis", vmin=-widest if change else 0,
                          vmax=widest if change else 1, aspect="auto")
        ax.set_xticks(range(len(second)), [k.replace("$", r"\$") for k in second], rotation=40, ha="right", fontsize=8)
        ax.set_yticks(range(len(first)), [k.replace("$", r"\$") for k in first], fontsize=8)
        ax.set_title(f"{what}: {name}".replace("$", r"\$"), fontsize=10)
        fig.colorbar(image, ax=ax, shrink=0.8)
        if change:
            for i, j in marks:
                ax.text(j, i, "⚠", ha="center", va="center", fontsize=10)
    fig.tight_layout()
    return _png(plt, fig, dpi=100)


def write_paired_report(changes: dict[str, list[Change]], players: int, out_dir, title: str, variant_text: str) -> Path:
    """report.md and a self-contained report.html of a paired comparison; returns the HTML path."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    (out / "report.md").write_text(paired_markdown(changes, players, title, variant_text))
    parts = [f"<h1>{html.escape(title)}</h1>", f"<p>{html.escape(variant_text)}</p>",
             f"<p>{html.escape(_paired_intro(players))}</p>"]
    for name, rows in changes.items():
        png = _change_plot(name, rows)
        if " x " in name and all(" / " in r.key for r in rows):  # a pairing of two setup keys: heat maps
            maps = _heat_maps(name, rows)
            parts.append(f"<h2>By {html.escape(name)}: printed, variant, change</h2>"
                         f"<img src='data:image/png;base64,{base64.b64encode(maps).decode()}'>")
        table = "".join(
            f"<tr><td>{html.escape(r.key)}</td><td>{r.games}</td><td>{r.base:.3f}</td><td>{r.variant:.3f}</td>"
            f"<td>{r.difference:+.3f} ({r.low:+.3f} to {r.high:+.3f})</td><td>{r.score_change:+.1f}</td>"
            f"<td>{'⚠' if r.flagged else ''}</td></tr>" for r in rows)
        parts.append(f"<h2>By {html.escape(name)}</h2><img src='data:image/png;base64,{base64.b64encode(png).decode()}'>"
                     "<table><tr><th></th><th>deals</th><th>printed</th><th>variant</th><th>change (interval)</th>"
                     f"<th>score change</th><th></th></tr>{table}</table>")
    page = out / "report.html"
    head = f"<meta charset='utf-8'><title>{html.escape(title)}</title><style>{STYLE}</style>"
    page.write_text(f"<html><head>{head}</head><body>" + "".join(parts) + "</body></html>")
    return page
