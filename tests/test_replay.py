"""Recorded games and the replay page (issue 12): records from files and tournament databases
replay exactly, the page holds a picture per step and the whole log, and a browser steps it."""

from __future__ import annotations

import dataclasses
import json
import re
import subprocess

import pytest

pytest.importorskip("PIL")

from tests import headless  # noqa: E402

from meeplegym import IllegalActionError, InvalidOptionError  # noqa: E402
from meeplegym.replay import GameRecord, load_record, record_from_db, replay_steps, save_record, write_html  # noqa: E402
from meeplegym.tournament import Config, run_tournament, stored_games  # noqa: E402

CONFIG = Config(game="scythe", agents=("random", "random"), games=2, players=2, seed=21, max_turns=6)


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    path = tmp_path_factory.mktemp("replay") / "t.sqlite"
    run_tournament(CONFIG, path)
    return path


def _page_data(page: str) -> dict:
    return json.loads(re.search(r'<script id="data" type="application/json">(.*?)</script>', page, re.S).group(1))


def test_a_tournament_game_replays_to_its_stored_scores(db, tmp_path):
    stored = stored_games(db, CONFIG.id)
    record = record_from_db(db, "1")
    assert record == record_from_db(db, f"{CONFIG.id}:1")
    assert (record.seed, record.agents, record.max_turns) == (stored[1]["seed"], ["random", "random"], 6)
    page = write_html(record, tmp_path / "r.html").read_text()
    data = _page_data(page)
    assert len(data["log"]) == len(record.actions) == stored[1]["decisions"]
    assert data["steps"][-1]["scores"] == stored[1]["scores"]
    starts = [step["decision"] for step in data["steps"]]
    assert starts[0] == 0 and starts[-1] == len(record.actions) and starts == sorted(set(starts))
    turns = [step["turn"] for step in data["steps"]]
    assert turns == list(range(turns[-1] + 1))  # by default one step per turn
    assert all(step["image"].startswith("data:image/png;base64,") for step in data["steps"])
    assert all(re.match(r"turn \d+, seat [01], [^:]+: \S", line) for line in data["log"])


def test_agent_names_are_text_on_the_page_never_placeholders_or_markup(db, tmp_path):
    """issue 47: an agent named like a placeholder of the page template once got the whole data
    block pasted into the header."""
    record = dataclasses.replace(record_from_db(db, "0"), agents=["{{data}}", "<b>x</b>"])
    page = write_html(record, tmp_path / "r.html").read_text()
    assert page.count('"steps"') == 1
    assert "seat 0: {{data}}, seat 1: &lt;b&gt;x&lt;/b&gt;" in page
    assert _page_data(page)["steps"]


def test_a_step_per_decision_and_records_in_files(db, tmp_path):
    record = record_from_db(db, "0")
    record.actions = record.actions[:7]
    save_record(record, tmp_path / "g.json")
    assert load_record(tmp_path / "g.json") == record
    steps, log = replay_steps(load_record(tmp_path / "g.json"), every="decision")
    assert [s["decision"] for s in steps] == list(range(8)) and len(log) == 7
    assert len({s["image"] for s in steps}) > 1


def test_bad_records_and_ids_are_named(db, tmp_path):
    with pytest.raises(InvalidOptionError, match="no game 9"):
        record_from_db(db, "9")
    with pytest.raises(InvalidOptionError, match="TOURNAMENT:INDEX"):
        record_from_db(db, "first")
    other = Config(game="scythe", agents=("random", "random"), games=1, players=2, seed=5, max_turns=2)
    run_tournament(other, tmp_path / "two.sqlite")
    run_tournament(CONFIG, tmp_path / "two.sqlite")
    with pytest.raises(InvalidOptionError, match="holds 2 tournaments"):
        record_from_db(tmp_path / "two.sqlite", "0")
    (tmp_path / "junk.json").write_text("{\"game\": \"scythe\"}")
    with pytest.raises(InvalidOptionError, match="not a recorded game"):
        load_record(tmp_path / "junk.json")
    with pytest.raises(InvalidOptionError, match="every must be"):
        replay_steps(record_from_db(db, "0"), every="round")
    bad = GameRecord(game="scythe", num_players=2, seed=1, actions=[10_000])
    with pytest.raises(IllegalActionError):
        replay_steps(bad)


@pytest.mark.skipif(headless.chromium() is None, reason=headless.SKIP_REASON)
def test_the_page_steps_in_a_headless_browser(db, tmp_path):
    page = write_html(record_from_db(db, "0"), tmp_path / "r.html")
    browser = [headless.chromium(), *headless.BROWSER_FLAGS]

    def dom(step):
        out = subprocess.run(browser + ["--dump-dom", f"{page.as_uri()}#step={step}"], capture_output=True, text=True,
                             timeout=120)
        return out.stdout

    first, later = dom(0), dom(3)
    assert 'data-status="ok"' in first and 'data-step="0"' in first
    assert 'data-status="ok"' in later and 'data-step="3"' in later
    board = re.compile(r'<img id="board"[^>]*src="([^"]+)"')
    assert board.search(first).group(1) != board.search(later).group(1)  # stepping forward changes the board
    assert 'class="now"' in later
    image = headless.screenshot(f"{page.as_uri()}#step=3", tmp_path / "shot.png")
    assert image.size == (1400, 900) and len(image.getcolors(1 << 20)) > 20  # a drawn page, not a blank one


@pytest.mark.skipif(headless.chromium() is None, reason=headless.SKIP_REASON)
@pytest.mark.parametrize("width, height", [(1280, 800), (1920, 1080)])
def test_the_page_fits_the_window_and_shows_the_steps_log_line(db, tmp_path, width, height):
    """issue 51: at 1,400 px the page scrolled sideways and cut the log; opening at #step=N did not
    bring line N into the log's view. The page itself reports both (data-fits, data-log-shows)."""
    page = write_html(record_from_db(db, "0"), tmp_path / "r.html")
    for step in (2, 10_000):  # an early step, and past the end (the last step)
        out = subprocess.run([headless.chromium(), *headless.BROWSER_FLAGS, f"--window-size={width},{height}",
                              "--dump-dom", f"{page.as_uri()}#step={step}"], capture_output=True, text=True,
                             timeout=120).stdout
        assert 'data-status="ok"' in out and 'data-fits="yes"' in out and 'data-log-shows="yes"' in out, (step, out[:300])
    assert "first</button>" in out and "last &raquo;</button>" in out.replace("»", "&raquo;")  # words, not glyphs fonts lack
