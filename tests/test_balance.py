"""Balance tables: grouping by seat setup and seat, fair-rate flags, and the written report."""

from __future__ import annotations

import pytest
from tests import headless

from meeplegym.balance import balance_tables, markdown, run_balance, victory_counts, write_report


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
    assert [r.key for r in tables["seat"]] == ["seat 1", "seat 2", "seat 3"]


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
