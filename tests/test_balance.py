"""Balance tables: grouping by seat setup and seat, fair-rate flags, and the written report."""

from __future__ import annotations

import numpy as np
import pytest
from tests import headless

from meeplegym.balance import (
    balance_tables,
    comparison_markdown,
    games_to_detect,
    markdown,
    plan,
    run_balance,
    verdicts,
    victory_counts,
    widest_half_interval,
    write_comparison_report,
    write_report,
)
from meeplegym.stats import wilson_interval


def _games():
    # Seat 1 plays "alpha" and always wins; three-way tie in the last game.
    games = []
    for i in range(60):
        games.append({"seat_setup": [{"faction": "alpha", "mat": "m1"}, {"faction": "beta", "mat": "m2"},
                                     {"faction": "gamma", "mat": "m1"}],
                      "ranks": [0, 1, 2], "scores": [60, 40, 20]})
    games.append({"seat_setup": [{"faction": "alpha", "mat": "m1"}, {"faction": "beta", "mat": "m2"},
                                 {"faction": "gamma", "mat": "m1"}], "ranks": [0, 0, 0], "scores": [5, 5, 5]})
    return games


def test_tables_group_by_setup_and_seat_and_flag_imbalance():
    tables = balance_tables(_games(), players=3)
    assert set(tables) == {"seat", "faction", "mat", "faction x mat"}
    alpha = next(r for r in tables["faction"] if r.key == "alpha")
    beta = next(r for r in tables["faction"] if r.key == "beta")
    assert alpha.games == 61 and alpha.wins == pytest.approx(60 + 1 / 3)
    assert alpha.flagged and beta.flagged and beta.win_rate == pytest.approx((1 / 3) / 61)
    m1 = next(r for r in tables["mat"] if r.key == "m1")
    assert m1.games == 122 and m1.mean_score == pytest.approx((60 * 80 + 10) / 122)
    assert [r.key for r in tables["seat"]] == ["seat 0", "seat 1", "seat 2"]  # from 0, as everywhere else


def test_fair_results_are_not_flagged():
    games = [{"seat_setup": [{"faction": "a"}, {"faction": "b"}], "ranks": [i % 2, 1 - i % 2], "scores": [1, 1]}
             for i in range(100)]
    tables = balance_tables(games, players=2)
    assert not any(r.flagged for r in tables["faction"]) and len(tables["faction"]) == 2


def test_how_games_ended_is_tabled_when_they_end_in_more_than_one_way(tmp_path):
    """Imperium ends by scoring or by collapse (I10.3-I10.5): nation x victory says who wins which."""
    games = []
    for i in range(40):
        collapse = i % 4 == 0  # 10 collapses, all won by the first seat's "a"
        games.append({"seat_setup": [{"nation": "a"}, {"nation": "b"}], "scores": [1, 1],
                      "ranks": [0, 1] if collapse else [i % 2, 1 - i % 2], "victory": "collapse" if collapse else "scoring"})
    assert victory_counts(games) == {"scoring": 30, "collapse": 10}
    tables = balance_tables(games, 2)
    by_way = {r.key: r for r in tables["nation x victory"]}
    assert by_way["a / collapse"].games == 10 and by_way["a / collapse"].win_rate == 1.0
    assert by_way["b / collapse"].win_rate == 0.0 and by_way["a / scoring"].win_rate == pytest.approx(10 / 30)  # i = 2 mod 4
    assert "Games by how they ended: scoring 30 (75.0%), collapse 10 (25.0%)." in markdown(tables, 2, "t", victory_counts(games))
    one_way = [dict(g, victory="scoring") for g in games]
    assert "nation x victory" not in balance_tables(one_way, 2)  # a single way to end says nothing


def test_report_files(tmp_path):
    pytest.importorskip("matplotlib")
    page = write_report(balance_tables(_games(), 3), 3, tmp_path / "out", "test sweep")
    text = page.read_text()
    assert "data:image/png;base64," in text and "alpha" in text
    assert (tmp_path / "out" / "report.md").read_text().count("⚠") >= 2
    png = (tmp_path / "out" / "by_faction.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


def test_names_users_choose_reach_the_report_as_text(tmp_path):
    """issue 47: an agent or policy name lands in the title and the tables; in Markdown a `|` would
    split a table row and `<b>` or `[x](y)` render, in the plots a `$` starts mathtext (which
    raised after all the games were played), in HTML a tag would render."""
    pytest.importorskip("matplotlib")
    name = "run|2 <b>[x](y) $a_1$ *"
    games = [{"seat_setup": [{"faction": name}, {"faction": "b"}], "ranks": [i % 2, 1 - i % 2], "scores": [1, 1]}
             for i in range(20)]
    tables = balance_tables(games, 2)
    md = markdown(tables, 2, f"sweep of {name}")
    assert md.splitlines()[0] == r"# sweep of run\|2 \<b\>\[x\](y) \$a\_1\$ \*"
    row = next(line for line in md.splitlines() if "run" in line and line.startswith("| "))
    assert row.count("|") - row.count(r"\|") == 7  # six cells: the name's bar is no column
    page = write_report(tables, 2, tmp_path / "out", f"sweep of {name}").read_text()
    assert "<b>" not in page and "&lt;b&gt;" in page


def test_a_small_scythe_sweep(tmp_path, scythe_kernels):
    games = run_balance("scythe", "random", games=6, players=2, db=tmp_path / "b.sqlite", max_turns=10)
    tables = balance_tables(games, 2)
    assert sum(r.games for r in tables["seat"]) == 12
    assert sum(r.games for r in tables["faction"]) == 12 and len(tables["faction x mat"]) >= 2


def test_an_oath_sweep_tables_roles_and_how_games_ended(tmp_path):
    """Oath (issue 11): win rate by role (Chancellor / Exile / Citizen, the side each seat ends
    on) and by how the game was won (O3); seat 1 is the Chancellor of every game."""
    games = run_balance("oath", "oath.warlord", games=8, players=3, db=tmp_path / "o.sqlite")
    tables = balance_tables(games, 3)
    roles = {r.key: r for r in tables["role"]}
    assert roles["chancellor"].games == 8 and set(roles) <= {"chancellor", "exile", "citizen"}
    assert sum(r.games for r in tables["role"]) == 24 and roles.get("exile") is not None
    assert sum(r.wins for r in tables["role"]) == pytest.approx(8)  # one winner per game (O3)
    ways = victory_counts(games)
    assert sum(ways.values()) == 8
    assert set(ways) <= {"usurper", "visionary", "stable regime", "war exhaustion", "successor"}
    assert "role x colour" in tables  # the env's first setup key leads the pairings
    if len(ways) > 1:
        assert {r.key.split(" / ")[1] for r in tables["role x victory"]} == set(ways)


def test_an_imperium_sweep_tables_nations(tmp_path):
    games = run_balance("imperium", "imperium.expander", games=4, players=2, db=tmp_path / "i.sqlite")
    tables = balance_tables(games, 2)
    from meeplegym.envs.imperium.env import NATION_NAMES

    nations = tables["nation"]
    assert sum(r.games for r in nations) == 8 and {r.key for r in nations} <= set(NATION_NAMES.values())
    assert {r.key for r in tables["power_side"]} == {"B"}  # the rulebook's default side (I2.3)
    assert set(victory_counts(games)) <= {"scoring", "collapse", "chaos"}


@pytest.mark.skipif(headless.chromium() is None, reason=headless.SKIP_REASON)
def test_the_report_renders_in_a_browser(tmp_path):
    """The HTML report as a browser draws it (issue 11: "its report renders, checked as an
    image"): the page is the report's size, and its plots put colour on it."""
    pytest.importorskip("matplotlib")
    page = write_report(balance_tables(_games(), 3), 3, tmp_path / "out", "rendered sweep")
    image = headless.screenshot(page.as_uri(), tmp_path / "shot.png", size=(1000, 1400))
    assert image.size == (1000, 1400)
    colours = image.getcolors(1 << 20)
    assert len(colours) > 50  # plots and text, not a blank or error page
    assert sum(n for n, (r, g, b) in colours if abs(r - g) > 40 or abs(g - b) > 40) > 2000  # coloured bars


def test_the_report_says_a_verdict_rests_on_the_agent_and_looks_like_the_replay_page(tmp_path):
    """issue 51: an unstyled serif page, and no word that a flag may be the agent's doing."""
    tables = balance_tables(_games(), 3)
    page = write_report(tables, 3, tmp_path / "out", "scythe: 3 players, scythe.builder in every seat").read_text()
    md = (tmp_path / "out" / "report.md").read_text()
    for text in (page, md):
        assert "the agent in the title plays it" in text
    assert "font-family: sans-serif" in page and "border=1" not in page


def _sweep(rates: dict[str, float], games: int = 400) -> list[dict]:
    """2-player games, factions "a" and "b", each winning a share `rates[f]` of the games at seat 0
    (and the rest at seat 1): the factions' win rates are fixed, the seats fair."""
    out = []
    for i in range(games):
        first, second = ("a", "b") if i % 2 == 0 else ("b", "a")
        wins = (i // 2) % 100 < 100 * rates[first]
        out.append({"seat_setup": [{"faction": first}, {"faction": second}], "ranks": [0, 1] if wins else [1, 0],
                    "scores": [1, 1]})
    return out


def test_only_what_every_agent_flags_on_the_same_side_is_a_verdict(tmp_path):
    """issue 52: with several agents, a flag that one agent's play explains must not read as the game's."""
    tables = {"strong": balance_tables(_sweep({"a": 0.7, "b": 0.3}), 2),
              "agrees": balance_tables(_sweep({"a": 0.65, "b": 0.35}), 2),
              "fair": balance_tables(_sweep({"a": 0.5, "b": 0.5}), 2)}
    two = {k: tables[k] for k in ("strong", "agrees")}
    by_faction = {v.key: v for v in verdicts(two, 2)["faction"]}
    assert by_faction["a"].consistent and by_faction["a"].text == "above the fair rate with every agent"
    assert by_faction["b"].consistent and by_faction["b"].text.startswith("below")
    three = {v.key: v for v in verdicts(tables, 2)["faction"]}
    assert not three["a"].consistent and three["a"].text == "flagged with strong (above), agrees (above) only"
    assert not any(v.text for v in verdicts(tables, 2)["seat"])  # the seats are fair in every sweep
    md = comparison_markdown(two, 2, "two agents")
    assert "**above the fair rate with every agent**" in md and "## strong in every seat" in md
    page = write_comparison_report(tables, 2, tmp_path / "out", "three agents").read_text()
    assert "flagged with strong (above), agrees (above) only" in page and "<b>" not in page.split("<body>")[1][:200]


def test_the_games_a_sweep_needs_detect_the_difference_as_often_as_promised():
    """issue 52's power planning: a sweep of the planned size flags a seat whose true win rate is
    0.05 off the fair 0.5 in about 80% of sweeps (simulated), and a sweep of half the size less often."""
    games = games_to_detect(0.05, players=2, share=0.5)
    assert games == 783  # ((1.96 * 0.5 + 0.8416 * sqrt(0.55 * 0.45)) / 0.05) ** 2, rounded up
    rng = np.random.default_rng(0)

    def flagged_share(n: int) -> float:
        wins = rng.binomial(n, 0.55, size=4000)
        return float(np.mean([not wilson_interval(w, n)[0] <= 0.5 <= wilson_interval(w, n)[1] for w in wins]))

    assert 0.76 <= flagged_share(games) <= 0.84
    assert flagged_share(games // 2) < 0.6
    assert games_to_detect(0.05, players=4, share=0.05) > games_to_detect(0.05, players=4, share=0.25)


def test_a_plan_reads_the_groups_shares_from_the_sweeps_own_deals(scythe_kernels):
    rows = {r.category: r for r in plan("scythe", 4, 0.05, deals=200)}
    assert rows["seat"].share == pytest.approx(0.25) and rows["seat"].games == games_to_detect(0.05, 4, 0.25)
    assert rows["faction"].groups == 5 and 0.15 < rows["faction"].share <= 0.2  # 4 of 5 factions each game
    assert rows["faction x mat"].games > rows["faction"].games


def test_a_sweep_stops_once_its_intervals_are_narrow_enough(tmp_path, scythe_kernels):
    db = tmp_path / "b.sqlite"
    loose = run_balance("scythe", "random", games=40, players=2, db=db, max_turns=6, precision=0.49, check_every=4)
    assert len(loose) == 4 and widest_half_interval(balance_tables(loose, 2)) <= 0.49
    tight = run_balance("scythe", "random", games=12, players=2, db=tmp_path / "c.sqlite", max_turns=6,
                        precision=0.01, check_every=4)
    assert len(tight) == 12  # never narrow enough: the cap


def test_the_balance_command_plans_and_compares_agents(tmp_path, scythe_kernels):
    from typer.testing import CliRunner

    from meeplegym.cli import app

    runner = CliRunner()
    planned = runner.invoke(app, ["balance", "scythe", "-n", "4", "--detect", "0.05", "--db", str(tmp_path / "none.sqlite")])
    assert planned.exit_code == 0, planned.output
    assert "faction x mat" in planned.output and f"{games_to_detect(0.05, 4, 0.25):,}" in planned.output
    assert not (tmp_path / "none.sqlite").exists()  # a plan plays nothing
    out = tmp_path / "report"
    both = runner.invoke(app, ["balance", "scythe", "--agent", "random", "--agent", "scythe.builder", "--games", "4",
                               "-n", "2", "--max-turns", "6", "--db", str(tmp_path / "b.sqlite"), "--out", str(out)])
    assert both.exit_code == 0, both.output
    md = (out / "report.md").read_text()
    assert "## By faction: every agent" in md and "| random | scythe.builder | verdict |" in md
    bad = runner.invoke(app, ["balance", "scythe", "--detect", "0.4", "-n", "4"])
    assert bad.exit_code != 0 and "--detect must be between 0 and the fair win rate 1/4" in bad.output
