"""meeplegym's numba cache (meeplegym/_numba_cache.py): a kernel compiled against another version
of a module it reads (card programs are constants frozen into the kernels) must never be loaded,
and an edit to one game must not throw away the other games' compiled kernels."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from meeplegym import _numba_cache

_PROBE = ("import numba, os, meeplegym; from numba.core import config; "
          "from meeplegym.envs.scythe import engine; "
          "print(config.CACHE_DIR); print(os.environ['NUMBA_CACHE_DIR']); "
          "print(type(engine.apply_at._cache._impl._locator).__name__)")


def test_meeplegyms_cache_folder_and_locator_are_used_even_when_numba_was_imported_first(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "NUMBA_CACHE_LOCATOR_CLASSES")}
    env["XDG_CACHE_HOME"] = str(tmp_path)
    out = subprocess.run([sys.executable, "-c", _PROBE], env=env, capture_output=True, text=True, check=True)
    used, chosen, locator = out.stdout.split()
    assert used == chosen  # numba reads the folder meeplegym chose, not its per-file default ('')
    assert used.startswith(str(tmp_path / "meeplegym" / "numba"))
    assert locator == "GameSourceLocator"


def _imports(tree: ast.Module, top_level_only: bool = False) -> set[str]:
    """The last component of every module a file imports, and of every name it imports from one
    (at module level only: what its kernels can see as globals)."""
    names = set()
    for node in (tree.body if top_level_only else ast.walk(tree)):
        if isinstance(node, ast.Import):
            names.update(alias.name.rsplit(".", 1)[-1] for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            names.add((node.module or "").rsplit(".", 1)[-1])
            names.update(alias.name for alias in node.names)
    return names


def _defines_kernels(source: str) -> bool:
    return any(f"@{d}" in source for d in ("kernel", "parallel_kernel", "shell_kernel")) or "njit" in source


def test_modules_left_out_of_the_cache_stamp_are_out_of_every_kernels_reach():
    outside = {name.removesuffix(".py") for name in _numba_cache.OUTSIDE_KERNELS}
    kernel_files = 0
    for base in _numba_cache._source_dirs():
        for path in base.rglob("*.py"):
            source = path.read_text()
            if path.name in _numba_cache.OUTSIDE_KERNELS:
                assert not _defines_kernels(source), f"{path} defines kernels"
                continue
            if _defines_kernels(source):
                kernel_files += 1
                reached = _imports(ast.parse(source), top_level_only=True) & outside
                assert not reached, f"{path} defines kernels and imports {reached}: its cache must follow them"
    assert kernel_files > 20  # the walk saw the engines


def test_every_kernel_is_compiled_through_meeplegym_jit():
    """One decorator, so that every kernel gets the typed-scalar calls and the cache (issue 45)."""
    for path in _numba_cache.kernel_sources():
        if path.name != "jit.py":
            assert "njit" not in path.read_text(), f"{path}: use @kernel / @parallel_kernel from meeplegym.jit"


def test_sources_are_sorted_into_their_games():
    by_game = {}
    for path in _numba_cache.kernel_sources():
        by_game.setdefault(_numba_cache.game_of(path), []).append(path.as_posix())
    assert any(p.endswith("envs/scythe/rules/combat.py") for p in by_game["scythe"])
    assert any(p.endswith("agents/imperium_bots.py") for p in by_game["imperium"])
    assert any(p.endswith("encoders/oath.py") for p in by_game["oath"])
    assert any(p.endswith("meeplegym/rng.py") for p in by_game[None])
    assert not any("/envs/" in p and "/envs/__init__" not in p for p in by_game[None])


def test_no_games_kernels_import_another_games_modules():
    """A game's kernels are stamped with the shared sources and their own game's only, which is
    sound while no game's source imports another game's."""
    for path in _numba_cache.kernel_sources():
        game = _numba_cache.game_of(path)
        if game is None:
            continue
        text = path.read_text()
        for other in _numba_cache.GAME_NAMES:
            if other != game:
                assert f"meeplegym.envs.{other}" not in text and f"meeplegym.agents.{other}_" not in text, (
                    f"{path} ({game}) imports {other}")


@pytest.fixture
def source_copy(tmp_path):
    """The kernel sources in a folder laid out as an installed meeplegym."""
    package = _numba_cache._PACKAGE_DIR
    target = tmp_path / "meeplegym"
    shutil.copytree(package, target, ignore=shutil.ignore_patterns("__pycache__"))
    for name in _numba_cache._KERNEL_PACKAGES:
        if not (target / name).exists():
            shutil.copytree(package.parent / name, target / name, ignore=shutil.ignore_patterns("__pycache__"))
    return target


def _digests(package: Path) -> dict:
    return {game: _numba_cache.engine_digest(game, package) for game in (*_numba_cache.GAME_NAMES, None)}


def test_an_edit_to_one_game_restamps_that_game_alone(source_copy):
    before = _digests(source_copy)
    assert len(set(before.values())) == 4
    with (source_copy / "envs" / "oath" / "rules" / "major.py").open("a") as f:
        f.write("# an edit\n")
    after = _digests(source_copy)
    assert [g for g in before if before[g] != after[g]] == ["oath", None]


def test_an_edit_to_shared_machinery_restamps_every_game(source_copy):
    before = _digests(source_copy)
    with (source_copy / "rng.py").open("a") as f:
        f.write("# an edit\n")
    after = _digests(source_copy)
    assert all(before[g] != after[g] for g in before)


def test_a_users_automa_table_file_stamps_imperium_alone(tmp_path, monkeypatch):
    """Imperium's user automa tables are compiled into its kernels: another file, another stamp."""
    monkeypatch.delenv("MEEPLEGYM_IMPERIUM_AUTOMA_TABLES", raising=False)
    plain = _digests(_numba_cache._PACKAGE_DIR)
    tables = tmp_path / "tables.json"
    tables.write_text('{"mayans": {}}')
    monkeypatch.setenv("MEEPLEGYM_IMPERIUM_AUTOMA_TABLES", str(tables))
    first = _digests(_numba_cache._PACKAGE_DIR)
    tables.write_text('{"magyars": {}}')
    second = _digests(_numba_cache._PACKAGE_DIR)
    assert len({plain["imperium"], first["imperium"], second["imperium"]}) == 3
    assert plain["scythe"] == first["scythe"] == second["scythe"]


def test_a_templates_copies_are_cached_apart_with_their_games_stamps():
    """Each game's copy of a shared template (meeplegym.game_kernels) has a cache folder of its own
    and a stamp from its game's sources: shared, the three games would write one index, and an
    edit to one game would leave another's copy stale or throw it away."""
    from meeplegym.envs.oath import engine as oath_engine
    from meeplegym.envs.scythe import engine as scythe_engine

    stamps = set()
    for game, engine in (("scythe", scythe_engine), ("oath", oath_engine)):
        locator = engine.play_random._cache._impl._locator
        assert Path(locator._cache_path).name == f"meeplegym.envs.{game}.engine"
        template = Path(_numba_cache.__file__).with_name("game_kernels.py").resolve()
        stamp = locator.get_source_stamp()
        assert stamp == _numba_cache.kernel_stamp((template, Path(engine.__file__).resolve()))
        stamps.add(stamp)
    assert len(stamps) == 2


def _reach_names(package: Path, module: str) -> set[str]:
    start = _numba_cache.module_path(module, package)
    return {p.relative_to(package).as_posix() for p in _numba_cache.reach((start,), package)}


def test_a_kernel_is_stamped_with_what_its_module_imports(source_copy):
    """An engine kernel reaches its game's rules and the machinery under them, not another game,
    not the agents; the search reaches the rules it searches, its bots and the search template."""
    engine = _reach_names(source_copy, "meeplegym.envs.scythe.engine")
    assert {"envs/scythe/rules/turn.py", "envs/scythe/rules/combat.py", "rng.py", "jit.py",
            "game_kernels.py"} <= engine
    assert not any(name.startswith(("envs/oath", "envs/imperium", "agents/")) for name in engine)
    search = _reach_names(source_copy, "meeplegym.agents.scythe_mcts")
    assert {"agents/mcts.py", "agents/scythe_bots.py", "agents/scythe_mcts.py", "envs/scythe/rules/turn.py",
            "envs/scythe/rules/combat.py", "envs/scythe/hidden.py"} <= search
    assert not any(name in search for name in _numba_cache.OUTSIDE_KERNELS)


def test_an_edit_to_the_search_recompiles_the_search_not_the_engines(source_copy):
    """agents/mcts.py is imported by each game's search and by no engine: editing it keeps every
    engine's compiled kernels (the stamp any edit under agents/ used to change)."""
    def stamps():
        for cached in (_numba_cache.kernel_stamp, _numba_cache.reach):
            cached.cache_clear()
        return {module: _numba_cache.kernel_stamp((_numba_cache.module_path(module, source_copy),), source_copy)
                for module in ("meeplegym.envs.scythe.engine", "meeplegym.envs.oath.engine",
                               "meeplegym.agents.scythe_mcts", "meeplegym.agents.oath_mcts")}

    before = stamps()
    with (source_copy / "agents" / "mcts.py").open("a") as f:
        f.write("# an edit\n")
    after = stamps()
    assert [m for m in before if before[m] != after[m]] == ["meeplegym.agents.scythe_mcts", "meeplegym.agents.oath_mcts"]
    with (source_copy / "rng.py").open("a") as f:
        f.write("# an edit\n")
    assert all(after[m] != stamp for m, stamp in stamps().items())


_TEMPLATE_PROBE = ("import numpy as np; from meeplegym.envs.scythe import engine; "
                   "from meeplegym.envs.imperium import engine as ie, invariants as iv; "
                   "s = engine.new_game(2, 0); engine.legal_mask_at(s, 0, np.zeros(engine.N_ACTIONS, np.int8)); "
                   "t = ie.new_game(2, 0); iv.start_checked(t, np.zeros((1, ie.A.N_ACTIONS), np.int8), np.zeros(1, np.int64)); "
                   "print(sum(engine.legal_mask_at.stats.cache_hits.values()), sum(iv.start_checked.stats.cache_hits.values()))")


def test_a_templates_copy_loads_from_the_cache_in_a_fresh_process():
    """numba rebuilds a cached kernel by importing its module: a template's copy names the game's;
    and a copy calling another copy must not hold it in its closure (a fresh id per process in
    numba's cache key: never a hit)."""
    runs = [subprocess.run([sys.executable, "-c", _TEMPLATE_PROBE], capture_output=True, text=True, check=True)
            for _ in range(2)]  # the first may compile, on a cold cache
    assert runs[1].stdout.split()[-2:] == ["1", "1"], runs[1].stderr


def test_a_modules_digest_follows_what_those_modules_reach(source_copy, tmp_path):
    """A strength ladder's ledger is keyed by what its games are played on (benchmarks/strength.py):
    an edit the ladder's modules cannot reach keeps it, one they reach (or another policy file)
    does not."""
    ladder = ["meeplegym.envs.scythe_v0", "meeplegym.agents.match", "meeplegym.agents.scythe_mcts",
              "meeplegym.agents.scythe_bots"]
    policy = tmp_path / "policy.pt"
    policy.write_bytes(b"weights")

    def digest():
        return _numba_cache.modules_digest(ladder, [policy], source_copy)

    def edit(name):
        with (source_copy / name).open("a") as f:
            f.write("# an edit\n")

    before = digest()
    for unreached in ("agents/scythe_search.py", "agents/oath_bots.py", "agents/imperium_mcts.py", "cli.py"):
        edit(unreached)
        assert digest() == before, unreached
    for reached in ("agents/match.py", "agents/mcts.py", "envs/scythe/rules/combat.py", "rng.py"):
        edit(reached)
        assert digest() != before, reached
        before = digest()
    policy.write_bytes(b"other weights")
    assert digest() != before
    with pytest.raises(ValueError, match="meeplegym.agents.nothing"):
        _numba_cache.modules_digest(["meeplegym.agents.nothing"], (), source_copy)
