"""Designers' variants (issue 52): a TOML file changes printed numbers; it is checked against the
game's tables, compiled into kernels of its own, recorded with the games, and compared with the
printed game deal by deal."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from dataclasses import asdict
from pathlib import Path

import pytest

from meeplegym import variants
from meeplegym._numba_cache import cache_dir, engine_digest
from meeplegym.balance import paired_changes
from meeplegym.envs.scythe import data
from meeplegym.errors import InvalidOptionError
from meeplegym.tournament import Config, validate

RUSVIET_WEAKER = """
game = "scythe"
name = "Rusviet starts with 2 power"

[faction_mats.rusviet]
start_power = 2

[player_mats.industrial]
start_coins = 5
bottom.deploy.cost = 2
"""


@pytest.fixture
def variant_file(tmp_path):
    path = tmp_path / "rusviet.toml"
    path.write_text(RUSVIET_WEAKER)
    return path


def test_a_variant_changes_the_numbers_it_names_and_nothing_else(variant_file):
    tables = variants.apply(variants.read(variant_file), "scythe", data.VARIANT_TABLES)
    rusviet = tables["faction_mats"][data.Faction.RUSVIET]
    assert rusviet.start_power == 2 and rusviet.start_combat_cards == data.FACTION_MATS[data.Faction.RUSVIET].start_combat_cards
    industrial = tables["player_mats"][data.Mat.INDUSTRIAL]
    assert industrial.start_coins == 5 and industrial.bottom[data.BottomAction.DEPLOY].cost == 2
    assert industrial.bottom[data.BottomAction.UPGRADE] == data.PLAYER_MATS[data.Mat.INDUSTRIAL].bottom[0]
    assert tables["faction_mats"][data.Faction.NORDIC] == data.FACTION_MATS[data.Faction.NORDIC]
    assert data.FACTION_MATS[data.Faction.RUSVIET].start_power == 3  # the printed table is left as printed
    assert variants.apply(variants.read(variant_file), "oath", {}) == {}  # another game's variant changes nothing


@pytest.mark.parametrize("text, words", [
    ('game = "chess"', "`game` must be one of scythe, imperium, oath, not 'chess'"),
    ('game = "scythe"\n[faction_matz.rusviet]\nstart_power = 2', "scythe has no table 'faction_matz'"),
    ('game = "scythe"\n[faction_mats.russia]\nstart_power = 2', "faction_mats: no component 'russia' (components: nordic,"),
    ('game = "scythe"\n[faction_mats.rusviet]\npower = 2', "faction_mats.rusviet: no number 'power' a variant can change"),
    ('game = "scythe"\n[faction_mats.rusviet]\nstart_power = 17', "faction_mats.rusviet.start_power: 17 is not a whole number in 0..16"),
    ('game = "scythe"\n[faction_mats.rusviet]\nstart_power = 2.5', "2.5 is not a whole number"),
    ('game = "scythe"\n[structure_bonuses.adjacent_lakes]\ncoins = [1, 2]', "give a list of 8 numbers"),
    ('game = "scythe"\n[player_mats.industrial]\nbottom.deploy.cost = 0', "bottom.deploy.cost 0 is below its"),
    ('game = "scythe"\n[player_mats.industrial]\nbottom.tax.cost = 1', "no number 'bottom.tax.cost'"),
    ('game = "scythe"\nfaction_mats = 3', "give components as [faction_mats.NAME] tables"),
    ('game = "scythe"\n[faction_mats.rusviet', "not a readable variant file"),
])
def test_a_wrong_variant_is_refused_naming_what_is_wrong(tmp_path, text, words):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(variants.InvalidVariantError) as err:
        variants.apply(variants.read(path), "scythe", data.VARIANT_TABLES)
    assert words in str(err.value)


def test_a_variant_has_kernels_of_its_own_and_leaves_the_other_games_alone(variant_file, monkeypatch):
    printed = {g: engine_digest(g) for g in variants.GAMES}
    printed_folder = cache_dir()
    monkeypatch.setenv(variants.ENV, str(variant_file))
    varied = {g: engine_digest(g) for g in variants.GAMES}
    assert varied["scythe"] != printed["scythe"]
    assert varied["imperium"] == printed["imperium"] and varied["oath"] == printed["oath"]
    assert cache_dir().parent == printed_folder and cache_dir().name.startswith("variant-")
    other = variant_file.with_name("other.toml")
    other.write_text(RUSVIET_WEAKER.replace("start_power = 2", "start_power = 1"))
    monkeypatch.setenv(variants.ENV, str(other))
    assert engine_digest("scythe") not in (printed["scythe"], varied["scythe"])


def test_a_game_set_up_under_a_variant_starts_from_its_numbers(variant_file):
    """The data module applies the variant when it is imported, before any rule reads a table."""
    script = ("from meeplegym import make_env\n"
              "env = make_env('scythe', num_players=2, factions=['rusviet', 'nordic'], mats=['industrial', 'patriotic'])\n"
              "env.reset(seed=0)\n"
              "players = env.unwrapped.state_to_dict()['players']\n"
              "print([(p['power'], p['coins']) for p in players])\n")
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")  # the set-up only: no compile needed
    printed = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
    varied = subprocess.run([sys.executable, "-c", script], env={**env, variants.ENV: str(variant_file)},
                            capture_output=True, text=True, check=True)
    # Nordic on Patriotic is the same in both; Rusviet on Industrial: 2 power instead of 3, $5 instead of $4
    assert printed.stdout.strip() == "[(4, 6), (3, 4)]" and varied.stdout.strip() == "[(4, 6), (2, 5)]"


EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "variants"


@pytest.mark.parametrize("example, script, printed, varied", [
    ("imperium-cheaper-dredging.toml", "from meeplegym.envs.imperium import catalogue as K\n"
     "print(K.DEV_COST[K.RECORD_IDS.index('ABB3')][0])", "5", "4"),
    ("oath-richer-salt-flats.toml", "from meeplegym.envs.oath import data as D\nfrom meeplegym.envs.oath.rules import setup\n"
     "print(setup.SITE_FAVOR[D.SITE_BY_NAME['Salt Flats'].id])", "2", "3"),
    ("scythe-rusviet-power-2.toml", "from meeplegym.envs.scythe import state\n"
     "print(state.FACTION_POWER[1])", "3", "2"),
    ('game = "scythe"\n[recruit_bonuses.deploy]\namount = 3', "from meeplegym.envs.scythe import data, state\n"
     "print(state.ROB_AMOUNT[1], data.RECRUIT_ONGOING_BONUS[data.BottomAction.DEPLOY])", "1 +$1", "3 +$3"),
    ('game = "oath"\n[denizens.second_wind]\ncost.burn_favor = 2', "from meeplegym.envs.oath import data as D\n"
     "from meeplegym.envs.oath.rules import board\nn = D.DENIZEN_BY_NAME['Second Wind'].number\n"
     "print(board.COST[n].tolist(), D.DENIZEN_BY_NUMBER[n].cost.burn_favor)", "[0, 1, 1, 0] 1", "[0, 1, 2, 0] 2"),
])
def test_each_games_example_variant_reaches_the_tables_its_rules_read(example, script, printed, varied, tmp_path):
    """docs/variants/ has one example per game; under MEEPLEGYM_VARIANT the arrays compiled into the
    kernels hold the variant's number (importing them compiles nothing)."""
    if example.endswith(".toml"):
        example = EXAMPLES / example
    else:  # a variant written here
        (tmp_path / "v.toml").write_text(example)
        example = tmp_path / "v.toml"
    env = dict(os.environ)
    before = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
    after = subprocess.run([sys.executable, "-c", script], env={**env, variants.ENV: str(example)},
                           capture_output=True, text=True, check=True)
    assert (before.stdout.strip(), after.stdout.strip()) == (printed, varied)


def test_imperium_and_oath_variants_are_checked_too():
    from meeplegym.envs.imperium import data as imperium
    from meeplegym.envs.oath import data as oath

    with pytest.raises(variants.InvalidVariantError, match="cards.3fam1 has no dev_cost.mat to change"):
        variants.apply({"game": "imperium", "cards": {"3fam1": {"dev_cost": {"mat": 2}}}}, "imperium",
                       imperium.VARIANT_TABLES)  # a card without a development cost
    with pytest.raises(variants.InvalidVariantError, match="sites.plains.capacity: 4 is not a whole number in 0..3"):
        variants.apply({"game": "oath", "sites": {"plains": {"capacity": 4}}}, "oath", oath.VARIANT_TABLES)


def test_a_tournament_records_its_variant_and_plays_only_in_a_process_of_that_variant(variant_file):
    printed = Config(game="scythe", agents=("random", "random"), games=4, players=2)
    fields = asdict(printed)
    del fields["variant"]  # the id of the printed game's tournaments is as before variants: old databases resume
    assert printed.id == hashlib.sha1(json.dumps(fields, sort_keys=True, default=list).encode()).hexdigest()[:16]
    recorded = variants.canonical(variants.read(variant_file))
    varied = Config(game="scythe", agents=("random", "random"), games=4, players=2, variant=recorded)
    assert varied.id != printed.id and json.loads(recorded)["faction_mats"]["rusviet"]["start_power"] == 2
    with pytest.raises(InvalidOptionError, match="the tournament is of the variant Rusviet starts with 2 power"):
        validate(varied)  # this process plays the printed game
    from meeplegym.tournament import _play_one

    with pytest.raises(InvalidOptionError, match="start it with MEEPLEGYM_VARIANT set"):
        _play_one((varied, 0, 0, ("random", "random")))  # a worker (a Ray node) without the variant plays nothing


def test_a_variant_game_is_not_replayed_in_the_printed_game(variant_file, tmp_path):
    from meeplegym.replay import GameRecord

    record = GameRecord("scythe", 2, 0, [], variant=variants.canonical(variants.read(variant_file)))
    with pytest.raises(InvalidOptionError, match="this game was played in the variant Rusviet starts with 2 power"):
        record.make_env()
    again = tmp_path / "recorded.json"  # what a database records reads back as the same variant
    again.write_text(record.variant)
    assert variants.canonical(variants.read(again)) == record.variant


def _game(seed, setup, ranks, scores):
    return {"seed": seed, "seat_setup": [{"faction": f} for f in setup], "ranks": ranks, "scores": scores}


def test_the_paired_comparison_pairs_deals_and_flags_only_a_change_beyond_chance(tmp_path):
    base, varied = [], []
    for seed in range(200):
        setup = ("a", "b") if seed % 2 else ("b", "a")
        a_seat = setup.index("a")
        base.append(_game(seed, setup, [0, 1] if seed % 4 < 2 else [1, 0], [10, 10]))  # "a" wins half
        wins_a = seed % 10 < 8  # "a" wins 80% in the variant
        ranks = [0, 1] if (a_seat == 0) == wins_a else [1, 0]
        varied.append(_game(seed, setup, ranks, [12, 10]))
    changes = {r.key: r for r in paired_changes(base, varied, 2)["faction"]}
    assert changes["a"].games == 200 and changes["a"].base == pytest.approx(0.5)
    assert changes["a"].difference == pytest.approx(0.3) and changes["a"].flagged
    assert changes["b"].difference == pytest.approx(-0.3) and changes["b"].flagged
    same = {r.key: r for r in paired_changes(base, base, 2)["faction"]}
    assert not same["a"].flagged and same["a"].difference == 0
    pytest.importorskip("matplotlib")
    from meeplegym.balance import write_paired_report

    crossed = [dict(g, seat_setup=[dict(seat, mat=f"m{k}") for k, seat in enumerate(g["seat_setup"])]) for g in base]
    page = write_paired_report(paired_changes(crossed, crossed, 2), 2, tmp_path, "t", "v").read_text()
    assert "By faction x mat: printed, variant, change" in page  # the heat maps of a pairing of two setup keys
    varied[3]["seat_setup"] = varied[3]["seat_setup"][::-1]
    with pytest.raises(ValueError, match="deal 3 is set up differently"):
        paired_changes(base, varied, 2)


def test_balance_compares_a_variant_with_the_printed_game_on_the_same_deals(variant_file, tmp_path, scythe_kernels):
    """End to end: the variant's sweep in a child process (its own kernels), the printed game's
    here, then the paired report; both sweeps are stored with what they played."""
    from typer.testing import CliRunner

    from meeplegym.balance import sweep_config
    from meeplegym.cli import app
    from meeplegym.tournament import stored_games

    db, out = tmp_path / "b.sqlite", tmp_path / "report"
    result = CliRunner().invoke(app, ["balance", "scythe", "--variant", str(variant_file), "--compare", "--agent", "random",
                                      "--games", "6", "-n", "2", "--max-turns", "6", "--db", str(db), "--out", str(out)])
    assert result.exit_code == 0, result.output
    md = (out / "report.md").read_text()
    assert "the printed game against a variant, 6 deals" in md and "start\\_power = 2" in md
    recorded = variants.canonical(variants.read(variant_file))
    varied = stored_games(db, sweep_config("scythe", "random", 6, 2, 0, 6, recorded).id)
    printed = stored_games(db, sweep_config("scythe", "random", 6, 2, 0, 6, "").id)
    assert [g["seat_setup"] for g in varied] == [g["seat_setup"] for g in printed] and len(printed) == 6
    assert (out / "printed" / "report.html").exists() and (out / "variant" / "report.html").exists()
    page = tmp_path / "replay.html"  # a variant's game replays in that variant, from what the database recorded
    replayed = CliRunner().invoke(app, ["replay", f"{sweep_config('scythe', 'random', 6, 2, 0, 6, recorded).id}:0",
                                        "--db", str(db), "--html", str(page)])
    assert replayed.exit_code == 0 and "replaying it in a child process" in replayed.output and page.exists()
    played = CliRunner().invoke(app, ["tournament", "scythe", "--agents", "random,random", "--games", "2", "--max-turns",
                                      "4", "--db", str(tmp_path / "t.sqlite"), "--variant", str(variant_file)])
    assert played.exit_code == 0, played.output
    tournament = Config(game="scythe", agents=("random", "random"), games=2, players=2, max_turns=4, variant=recorded)
    assert len(stored_games(tmp_path / "t.sqlite", tournament.id)) == 2  # stored as the variant's tournament
    wrong = CliRunner().invoke(app, ["balance", "imperium", "--variant", str(variant_file), "--db", str(db)])
    assert wrong.exit_code != 0 and "is a variant of scythe, not imperium" in " ".join(wrong.output.replace("│", " ").split())


def test_a_comparison_with_precision_plays_rounds_until_every_paired_interval_is_narrow(
        variant_file, tmp_path, scythe_kernels, monkeypatch):
    """--compare --precision: both sides play 100 deals, then 200, ...; the paired intervals are
    read after each round (here made wide after the first and narrow after the second)."""
    from typer.testing import CliRunner

    from meeplegym import balance
    from meeplegym.balance import sweep_config
    from meeplegym.cli import app
    from meeplegym.tournament import stored_games

    read = []
    monkeypatch.setattr(balance, "widest_half_interval", lambda changes: read.append(changes) or (0.3 if len(read) == 1 else 0.01))
    db, out = tmp_path / "b.sqlite", tmp_path / "report"
    result = CliRunner().invoke(app, ["balance", "scythe", "--variant", str(variant_file), "--compare", "--agent", "random",
                                      "--games", "1000", "-n", "2", "--max-turns", "2", "--precision", "0.05",
                                      "--db", str(db), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert len(read) == 2
    recorded = variants.canonical(variants.read(variant_file))
    varied = stored_games(db, sweep_config("scythe", "random", 1000, 2, 0, 2, recorded).id)
    printed = stored_games(db, sweep_config("scythe", "random", 1000, 2, 0, 2, "").id)
    assert len(printed) == len(varied) == 200  # one worker: the rounds end at 100 and 200 games exactly
    assert "every paired interval within ±0.05 after 200 deals; stopped" in " ".join(result.output.split())
    assert "the printed game against a variant, 200 deals" in (out / "report.md").read_text()


def test_a_change_is_a_verdict_only_where_every_agent_moves_it_the_same_way():
    from meeplegym.balance import Change, change_verdicts

    def change(key, difference, flagged):
        return Change(key, 100, 0.25, difference, difference - 0.05, difference + 0.05, 0.0, flagged)

    by_agent = {
        "builder": {"faction": [change("rusviet", -0.10, True), change("saxony", 0.04, True), change("nordic", 0.01, False)]},
        "rusher": {"faction": [change("rusviet", -0.08, True), change("saxony", -0.04, True), change("nordic", 0.0, False)]},
    }
    table = {v.key: v for v in change_verdicts(by_agent)["faction"]}
    assert table["rusviet"].consistent and table["rusviet"].text == "down with every agent"
    assert not table["saxony"].consistent
    assert table["saxony"].text == "flagged with builder (up), rusher (down) only"
    assert not table["nordic"].consistent and table["nordic"].text == ""
    assert [v.key for v in change_verdicts(by_agent)["faction"]][0] == "rusviet"  # the verdicts first


def test_a_comparison_with_several_agents_reports_each_and_what_they_share(variant_file, tmp_path, monkeypatch):
    """Each agent's comparison (tested end to end above) in a folder of its own, then the changes
    side by side; the comparisons themselves are stand-ins here (a bot's variant kernels would
    compile for minutes)."""
    from typer.testing import CliRunner

    from meeplegym import cli
    from meeplegym.balance import Change

    ran = []

    def compare(game, agent, path, games, players, db, out, *rest):
        ran.append((agent, out))
        moved = -0.1 if agent == "random" else -0.08
        return {"faction": [Change("rusviet", games, 0.4, moved, moved - 0.02, moved + 0.02, 0.0, True),
                            Change("saxony", games, 0.2, 0.01, -0.02, 0.04, 0.0, False)]}

    monkeypatch.setattr(cli, "_compare_variant", compare)
    out = tmp_path / "report"
    result = CliRunner().invoke(cli.app, ["balance", "scythe", "--variant", str(variant_file), "--compare", "--agent", "random",
                                          "--agent", "scythe.mcts@simulations=8", "--games", "4", "-n", "2",
                                          "--db", str(tmp_path / "b.sqlite"), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert ran == [("random", str(out / "random")), ("scythe.mcts@simulations=8", str(out / "scythe.mcts_simulations_8"))]
    md = (out / "report.md").read_text()
    assert "with random, scythe.mcts@simulations=8" in md and "## By faction: the change with every agent" in md
    assert "| rusviet | -0.100 (-0.120 to -0.080) ⚠ | -0.080 (-0.100 to -0.060) ⚠ | **down with every agent** |" in md
    assert "by faction: changed with every agent: rusviet (down)" in " ".join(result.output.split())
    assert (out / "report.html").exists()


def test_the_variants_command_lists_what_each_game_may_change():
    from typer.testing import CliRunner

    from meeplegym.cli import app

    for game, words in (("scythe", "start_power (0..16)"), ("imperium", "dev_cost.mat (0..20)"), ("oath", "favor (0..5)")):
        result = CliRunner().invoke(app, ["variants", game])
        assert result.exit_code == 0 and words in " ".join(result.output.split()), result.output
