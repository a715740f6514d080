"""Keep numba's on-disk cache honest across files, and its thread pool polite.

numba keys a cached kernel on the file that defines it, so editing a helper in another module
leaves callers' caches stale (a known numba limitation). We point NUMBA_CACHE_DIR at a folder
named by a hash of all engine sources, so any edit starts a fresh cache. Must run before the
first `@njit(cache=True)` decorator executes, hence it is imported first by `meeplegym`. numba
reads its settings once, when it is imported: if something imported numba before us (pytest
resolving the ``numba.NumbaDeprecationWarning`` filter in pyproject.toml, a user's script), the
settings are read again, or numba would keep its per-file caches beside the sources.
"""

import hashlib
import os
import sys
from pathlib import Path

_KERNEL_PACKAGES = ("envs", "encoders", "agents")
# Modules no kernel can reach: they define none and no module that does imports them (the test
# suite checks both), so editing them (the CLI, pictures, tournaments) keeps the compiled cache.
OUTSIDE_KERNELS = frozenset({"cli.py", "tournament.py", "balance.py", "replay.py", "drawing.py", "stats.py",
                             "solo_campaign.py",
                             "picture.py", "render.py", "match.py"})


def _source_dirs(package_dir: Path) -> list[Path]:
    # Installed: everything lives under meeplegym/. Editable: envs/ and encoders/ are siblings.
    dirs = [package_dir]
    for name in _KERNEL_PACKAGES:
        sibling = package_dir.parent / name
        if not (package_dir / name).is_dir() and sibling.is_dir():
            dirs.append(sibling)
    return dirs


def _source_digest(package_dir: Path) -> str:
    # numba's cache key ignores NUMBA_BOUNDSCHECK: kernels compiled without bounds checks
    # would be loaded into a checked run, so the flag is part of the folder name.
    return engine_digest(package_dir, f"boundscheck={os.environ.get('NUMBA_BOUNDSCHECK', '')}")


def engine_digest(package_dir: Path | None = None, salt: str = "") -> str:
    """A hash of everything compiled into the kernels: the engine, encoder and agent sources
    and a user's automa tables. The bot soak's ledgers carry it, so that games played on other
    sources are never counted for these."""
    package_dir = Path(__file__).resolve().parent if package_dir is None else package_dir
    h = hashlib.sha1()
    h.update(salt.encode())
    for base in _source_dirs(package_dir):
        for path in sorted(base.rglob("*.py")):
            if path.name in OUTSIDE_KERNELS:
                continue
            h.update(path.name.encode())
            h.update(path.read_bytes())
    # data compiled into the kernels from outside the sources: the user's Imperium automa tables
    # (envs/imperium/automa_tables.py reads the file this variable names)
    tables = os.environ.get("MEEPLEGYM_IMPERIUM_AUTOMA_TABLES")
    if tables and Path(tables).is_file():
        h.update(Path(tables).read_bytes())
    return h.hexdigest()[:16]


def configure() -> None:
    # numba's OpenMP thread pool spins while waiting by default; on a small machine shared with
    # any other busy process that stalls every parallel step (measured on 2 cores: 32k instead
    # of 380k decisions/s). Passive waiting costs nothing measurable when the machine is idle.
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    if "NUMBA_CACHE_DIR" not in os.environ:
        package_dir = Path(__file__).resolve().parent
        base = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "meeplegym" / "numba"
        os.environ["NUMBA_CACHE_DIR"] = str(base / _source_digest(package_dir))
    if "numba" in sys.modules:
        from numba.core import config

        if config.CACHE_DIR != os.environ["NUMBA_CACHE_DIR"]:
            config.reload_config()
