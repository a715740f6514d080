"""Tournaments: seat-balanced schedule, SQLite storage with resume, replayable games, ratings."""

from __future__ import annotations

from collections import Counter

import pytest

from meeplegym import InvalidOptionError
from meeplegym.registry import make_env
from meeplegym.tournament import Config, head_to_head, ratings, run_tournament, schedule, stored_games

SMALL = dict(game="scythe", agents=("random", "random"), players=2, max_turns=12)


class Interrupt(Exception):
    """Raised from a progress callback: a run killed midway."""


def stop_after(n):
    """A progress callback that interrupts the run once `n` games are stored."""

    def progress(done, total):
        if done == n:
            raise Interrupt

    return progress


def test_duplicate_deals_seat_every_agent_at_every_seat_of_every_deal():
    """The default schedule (issue 11: match-ups balanced by seat and by faction/mat/nation/role):
    a deal (a seed) is played once per rotation of its lineup."""
    config = Config(game="scythe", agents=("a", "b", "c"), games=12, players=2)
    games = schedule(config)
    assert [seed for _, seed, _ in games] == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
    for k in range(0, 12, 2):
        (_, _, first), (_, _, second) = games[k], games[k + 1]
        assert second == first[::-1]  # the same pair, each at the other seat of the same deal
    seats = Counter((seat, name) for _, _, lineup in games for seat, name in enumerate(lineup))
    assert set(seats.values()) == {4}
    assert set(Counter(frozenset(lineup) for _, _, lineup in games).values()) == {4}
    three = schedule(Config(game="scythe", agents=("a", "b", "c"), games=3, players=3))
    assert [lineup for _, _, lineup in three] == [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]
    assert {seed for _, seed, _ in three} == {0}


def test_a_deal_gives_both_agents_the_same_factions_and_mats(tmp_path, scythe_kernels):
    config = Config(game="scythe", agents=("random", "scythe.builder"), games=4, players=2, max_turns=4)
    games = stored_games(tmp_path / "d.sqlite", run_tournament(config, tmp_path / "d.sqlite"))
    for first, second in (games[0:2], games[2:4]):
        assert first["seed"] == second["seed"] and first["seat_setup"] == second["seat_setup"]
        assert first["agents"] == second["agents"][::-1]
    assert games[0]["seat_setup"] != games[2]["seat_setup"]  # a new deal
    alike = Config(game="scythe", agents=("random", "random"), games=2, players=2, max_turns=4)
    pair = stored_games(tmp_path / "r.sqlite", run_tournament(alike, tmp_path / "r.sqlite"))
    # one agent twice: two games of the deal, not one game replayed
    assert (pair[0]["decisions"], pair[0]["scores"]) != (pair[1]["decisions"], pair[1]["scores"])


def test_schedule_without_duplicate_deals_rotates_seats_and_lineups():
    config = Config(game="scythe", agents=("a", "b", "c"), games=12, players=2, duplicate=False)
    games = schedule(config)
    assert [seed for _, seed, _ in games] == list(range(12))
    seats = Counter((seat, name) for _, _, lineup in games for seat, name in enumerate(lineup))
    assert set(seats.values()) == {4}  # every agent in every seat equally often
    pairs = Counter(frozenset(lineup) for _, _, lineup in games)
    assert set(pairs.values()) == {4}


def test_games_are_stored_resumed_and_replayable(tmp_path, scythe_kernels):
    db = tmp_path / "t.sqlite"
    config = Config(games=5, seed=3, **SMALL)

    with pytest.raises(Interrupt):
        run_tournament(config, db, progress=stop_after(3))
    assert len(stored_games(db, config.id)) == 3
    tid = run_tournament(config, db)  # resumes: plays the two missing games only
    games = stored_games(db, tid)
    assert [g["idx"] for g in games] == [0, 1, 2, 3, 4]
    again = tmp_path / "fresh.sqlite"
    assert stored_games(again, run_tournament(config, again)) == games  # same as uninterrupted

    import json
    import sqlite3

    con = sqlite3.connect(db)
    seed, actions, scores = con.execute("SELECT seed, actions, scores FROM games WHERE idx = 4").fetchone()
    env = make_env("scythe", num_players=2, max_turns=12)
    env.reset(seed=seed)
    for a in json.loads(actions):
        env.step(a)
    assert env.unwrapped.scores().tolist() == json.loads(scores)
    assert all(set(setup) == {"faction", "mat"} for g in games for setup in g["seat_setup"])


OLD_GAMES_TABLE = """CREATE TABLE games (tournament TEXT NOT NULL, idx INTEGER NOT NULL, seed INTEGER NOT NULL,
    agents TEXT NOT NULL, seat_setup TEXT NOT NULL, scores TEXT NOT NULL, ranks TEXT NOT NULL, decisions INTEGER NOT NULL,
    turns INTEGER NOT NULL, truncated INTEGER NOT NULL, actions TEXT NOT NULL, seconds REAL NOT NULL,
    PRIMARY KEY (tournament, idx))"""  # as databases were written before the victory column


def test_a_database_from_before_the_victory_column_is_upgraded_and_resumed(tmp_path, scythe_kernels):
    import sqlite3

    db = tmp_path / "old.sqlite"
    config = Config(games=3, seed=2, **SMALL)
    with pytest.raises(Interrupt):
        run_tournament(config, db, progress=stop_after(1))
    old = sqlite3.connect(db)
    old.executescript(f"CREATE TABLE g AS SELECT * FROM games; DROP TABLE games; {OLD_GAMES_TABLE}; "
                      "INSERT INTO games SELECT tournament, idx, seed, agents, seat_setup, scores, ranks, decisions, "
                      "turns, truncated, actions, seconds FROM g; DROP TABLE g;")
    old.close()
    assert "victory" not in {row[1] for row in sqlite3.connect(db).execute("PRAGMA table_info(games)")}
    games = stored_games(db, run_tournament(config, db))  # upgrades the table, then plays the two missing games
    assert [g["idx"] for g in games] == [0, 1, 2]
    assert all(g["truncated"] and g["victory"] == "" for g in games)  # max_turns cut every one short
    fresh = tmp_path / "new.sqlite"
    assert [g["scores"] for g in stored_games(fresh, run_tournament(config, fresh))] == [g["scores"] for g in games]


def test_finished_games_store_how_they_ended(tmp_path, scythe_kernels):
    scythe = run_tournament(Config(game="scythe", agents=("random", "random"), games=1, players=2, seed=1), tmp_path / "s.sqlite")
    assert [g["victory"] for g in stored_games(tmp_path / "s.sqlite", scythe)] == ["score"]
    config = Config(game="imperium", agents=("random", "random"), games=3, players=2, seed=1)
    played = stored_games(tmp_path / "i.sqlite", run_tournament(config, tmp_path / "i.sqlite"))
    assert {g["victory"] for g in played} <= {"scoring", "collapse"} and all(g["victory"] for g in played)


def test_parallel_workers_store_the_same_games(tmp_path, scythe_kernels):
    config = Config(games=2, seed=9, **SMALL)
    serial = stored_games(tmp_path / "a.sqlite", run_tournament(config, tmp_path / "a.sqlite"))
    parallel = stored_games(tmp_path / "b.sqlite", run_tournament(config, tmp_path / "b.sqlite", workers=2))
    assert parallel == serial


def test_the_same_tournament_run_twice_at_once_stores_each_game_once(tmp_path, monkeypatch, scythe_kernels):
    """issue 47: two runs of one tournament on one file both play the missing games; the second to
    store one used to die on an IntegrityError."""
    from meeplegym import tournament

    config, db = Config(games=3, seed=4, **SMALL), tmp_path / "t.sqlite"
    play = tournament._results
    raced = []

    def the_other_run_finishes_first(jobs, workers):
        if not raced:
            raced.append(True)
            run_tournament(config, db)
        yield from play(jobs, workers)

    monkeypatch.setattr(tournament, "_results", the_other_run_finishes_first)
    run_tournament(config, db)
    alone = stored_games(tmp_path / "alone.sqlite", run_tournament(config, tmp_path / "alone.sqlite"))
    assert stored_games(db, config.id) == alone


def test_ratings_and_head_to_head_order_the_agents():
    games = [{"agents": ["strong", "weak"] if i % 2 else ["weak", "strong"],
              "ranks": [0, 1] if i % 2 else [1, 0]} for i in range(40)]
    games.append({"agents": ["strong", "weak"], "ranks": [0, 0]})  # a tie counts half
    table = ratings(games)
    assert list(table) == ["strong", "weak"] and table["strong"]["mu"] > table["weak"]["mu"]
    h2h = head_to_head(games)
    assert h2h[("strong", "weak")]["games"] == 41
    assert h2h[("strong", "weak")]["win_rate"] == pytest.approx(40.5 / 41)
    assert h2h[("strong", "weak")]["low"] > 0.85 and h2h[("weak", "strong")]["high"] < 0.15


@pytest.mark.parametrize(
    "config, message",
    [
        (Config(game="chess", agents=("random", "random"), games=1, players=2), "unknown game"),
        (Config(game="scythe", agents=("random", "nobody"), games=1, players=2), "unknown agent"),
        (Config(game="scythe", agents=("random",), games=1, players=2), "at least 2 agents"),
        (Config(game="scythe", agents=("random", "random"), games=1, players=7), "2-5 players"),
        (Config(game="scythe", agents=("random", "random"), games=0, players=2), "positive"),
    ],
)
def test_bad_configurations(tmp_path, config, message):
    with pytest.raises(InvalidOptionError, match=message):
        run_tournament(config, tmp_path / "x.sqlite")
