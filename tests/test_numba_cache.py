"""meeplegym keeps numba's compiled kernels in a folder named by a hash of the engine sources
(meeplegym/_numba_cache.py): a kernel compiled against another version of a module it reads
(card programs are constants frozen into the kernels) must never be loaded."""

from __future__ import annotations

import os
import subprocess
import sys

_PROBE = ("import numba, os, meeplegym; from numba.core import config; "
          "print(config.CACHE_DIR); print(os.environ['NUMBA_CACHE_DIR'])")


def test_the_source_hashed_cache_folder_is_used_even_when_numba_was_imported_first(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env["XDG_CACHE_HOME"] = str(tmp_path)
    out = subprocess.run([sys.executable, "-c", _PROBE], env=env, capture_output=True, text=True, check=True)
    used, chosen = out.stdout.split()
    assert used == chosen  # numba reads the folder meeplegym chose, not its per-file default ('')
    assert used.startswith(str(tmp_path / "meeplegym" / "numba"))


def _imports(tree) -> set[str]:
    """The last component of every module a file imports, and of every name it imports from one."""
    import ast

    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.rsplit(".", 1)[-1] for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            names.add((node.module or "").rsplit(".", 1)[-1])
            names.update(alias.name for alias in node.names)
    return names


def test_modules_left_out_of_the_cache_hash_are_out_of_every_kernels_reach():
    import ast
    from pathlib import Path

    from meeplegym import _numba_cache

    package = Path(_numba_cache.__file__).resolve().parent
    outside = {name.removesuffix(".py") for name in _numba_cache.OUTSIDE_KERNELS}
    kernel_files = 0
    for base in _numba_cache._source_dirs(package):
        for path in base.rglob("*.py"):
            source = path.read_text()
            if path.name in _numba_cache.OUTSIDE_KERNELS:
                assert "numba" not in _imports(ast.parse(source)) and "njit" not in source, f"{path} defines kernels"
                continue
            if "njit" in source:
                kernel_files += 1
                reached = _imports(ast.parse(source)) & outside
                assert not reached, f"{path} defines kernels and imports {reached}: its cache must follow them"
    assert kernel_files > 20  # the walk saw the engines


def test_a_users_automa_table_file_keys_the_cache_folder(tmp_path, monkeypatch):
    """Imperium's user automa tables are compiled into the kernels: another file, another folder."""
    from pathlib import Path

    from meeplegym import _numba_cache

    package = Path(_numba_cache.__file__).resolve().parent
    monkeypatch.delenv("MEEPLEGYM_IMPERIUM_AUTOMA_TABLES", raising=False)
    plain = _numba_cache._source_digest(package)
    tables = tmp_path / "tables.json"
    tables.write_text('{"mayans": {}}')
    monkeypatch.setenv("MEEPLEGYM_IMPERIUM_AUTOMA_TABLES", str(tables))
    first = _numba_cache._source_digest(package)
    tables.write_text('{"magyars": {}}')
    assert len({plain, first, _numba_cache._source_digest(package)}) == 3
