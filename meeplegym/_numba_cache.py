"""Where numba keeps meeplegym's compiled kernels, and when a cached kernel is stale.

numba saves each compiled function beside a stamp of the one file that defines it, so an edit
to a helper in another module would leave its callers' cached code stale (a known numba
limitation; card programs are constants frozen into the kernels, too). meeplegym's locator,
`GameSourceLocator`, stamps a kernel with a digest of every source it can reach instead: its
module's file and every kernel source that file imports, directly or not (`reach`; a kernel
can call only what its module's names lead to). An edit to one game recompiles that game alone;
an edit to the search (agents/mcts.py) recompiles the search agents, not the engines; an edit to
machinery every kernel imports (meeplegym/rng.py, meeplegym/jit.py) recompiles all three games.
A game's copy of a shared template (`meeplegym.game_kernels`, `meeplegym.agents.mcts`) reaches
from the game module it is named after.
numba takes the locator through NUMBA_CACHE_LOCATOR_CLASSES, set here before any kernel is
decorated, hence this module is imported first by `meeplegym`. numba reads its settings once,
when it is imported: if something imported numba before us (pytest resolving the
``numba.NumbaDeprecationWarning`` filter in pyproject.toml, a user's script), they are read again.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import os
from pathlib import Path

from numba.core import config
from numba.core.caching import UserProvidedCacheLocator

from meeplegym import variants

GAME_NAMES = ("scythe", "imperium", "oath")
_KERNEL_PACKAGES = ("envs", "encoders", "agents")
# Modules no kernel can reach: they define none and no module that does imports them (the test
# suite checks both), so editing them (the CLI, pictures, tournaments, the state loaders) keeps the
# compiled cache and the bot soak's ledgers.
OUTSIDE_KERNELS = frozenset({"cli.py", "tournament.py", "balance.py", "replay.py", "drawing.py", "stats.py",
                             "solo_campaign.py", "picture.py", "render.py", "match.py", "warmup.py", "state_json.py"})
_PACKAGE_DIR = Path(__file__).resolve().parent


def _source_dirs(package_dir: Path = _PACKAGE_DIR) -> list[Path]:
    # Installed: everything lives under meeplegym/. Editable: envs/ and encoders/ are siblings.
    dirs = [package_dir]
    for name in _KERNEL_PACKAGES:
        sibling = package_dir.parent / name
        if not (package_dir / name).is_dir() and sibling.is_dir():
            dirs.append(sibling)
    return dirs


def game_of(path: Path) -> str | None:
    """The game a source file belongs to (envs/oath/..., encoders/oath.py, agents/oath_bots.py),
    or None for shared machinery."""
    return _game_named(*path.parent.parts[-2:], path.stem)


def game_of_module(name: str) -> str | None:
    """The game a module belongs to (meeplegym.envs.oath.turn, meeplegym.encoders.oath), or None."""
    return _game_named(*name.split("."))


def _game_named(*parts: str) -> str | None:
    for part in parts:
        for game in GAME_NAMES:
            if part == game or part.startswith(game + "_"):
                return game
    return None


def kernel_sources(package_dir: Path = _PACKAGE_DIR) -> list[Path]:
    """Every source file whose code can be compiled into a kernel, in a fixed order."""
    return [path for base in _source_dirs(package_dir) for path in sorted(base.rglob("*.py"))
            if path.name not in OUTSIDE_KERNELS]


def _digest(sources, salt: str) -> str:
    """A hash of the `sources` (file names and contents, in order) and of the data compiled into
    the kernels from outside them: when one of them is envs/imperium/automa_tables.py, the user's
    Imperium automa tables it reads; when one is the data module of the game of this process's
    variant (`meeplegym.variants`), what the variant changes."""
    h = hashlib.sha1(salt.encode())
    for path in sources:
        h.update(path.name.encode())
        h.update(path.read_bytes())
    tables = os.environ.get("MEEPLEGYM_IMPERIUM_AUTOMA_TABLES")
    if tables and Path(tables).is_file() and any(path.name == "automa_tables.py" for path in sources):
        h.update(Path(tables).read_bytes())
    variant = variants.active()
    if variant and any(path.name == "data.py" and game_of(path) == variant["game"] for path in sources):
        h.update(variants.digest(variant).encode())
    return h.hexdigest()[:16]


def engine_digest(game: str | None = None, package_dir: Path = _PACKAGE_DIR, salt: str = "") -> str:
    """A hash of everything compiled into `game`'s kernels (every game's when None): the shared
    sources, the game's own and, for Imperium, a user's automa tables. The bot soak's ledgers
    carry it, so that games played on other sources are never counted for these."""
    return _digest([path for path in kernel_sources(package_dir) if game is None or game_of(path) in (None, game)],
                   salt)


def modules_digest(modules, files=(), package_dir: Path = _PACKAGE_DIR) -> str:
    """A hash of every source the named modules (``meeplegym.agents.scythe_mcts``) import,
    directly or not, themselves included, and of `files` (a policy an agent loads): what games
    played by those modules depend on. Narrower than `engine_digest`: an edit to a module none of
    them reaches (another agent of the game, another game's sources) keeps it."""
    starts = tuple(module_path(name, package_dir) for name in modules)
    missing = [name for name, path in zip(modules, starts) if path is None]
    if missing:
        raise ValueError(f"not a module of meeplegym: {', '.join(missing)}")
    return _digest([*reach(starts, package_dir), *(Path(f) for f in files)], "")


def module_path(name: str, package_dir: Path = _PACKAGE_DIR) -> Path | None:
    """The source file of module `name` (meeplegym.envs.oath.engine), in an installed or an editable
    layout; None for a module not ours or not a file (a package's attribute)."""
    parts = name.split(".")
    if parts[0] != "meeplegym":
        return None
    root = package_dir
    if len(parts) > 1 and parts[1] in _KERNEL_PACKAGES and not (package_dir / parts[1]).is_dir():
        root = package_dir.parent  # editable: envs/, encoders/ and agents/ lie beside meeplegym/
    base = root.joinpath(*parts[1:])
    for candidate in (base.with_suffix(".py") if len(parts) > 1 else None, base / "__init__.py"):
        if candidate is not None and candidate.is_file():
            return candidate.resolve()
    return None


@functools.cache
def _imported(path: Path, package_dir: Path) -> tuple[Path, ...]:
    """The files of ours that `path` imports (anywhere in it: a conservative reading)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found += [module_path(alias.name, package_dir) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:  # a submodule, else a name defined in the module itself
                found.append(module_path(f"{node.module}.{alias.name}", package_dir)
                             or module_path(node.module, package_dir))
    return tuple(sorted({p for p in found if p is not None}))


@functools.cache
def reach(starts: tuple[Path, ...], package_dir: Path = _PACKAGE_DIR) -> tuple[Path, ...]:
    """The kernel sources `starts` import, directly or not, themselves included: all a kernel
    defined there can compile in. A start outside the kernels (agents/match.py) is read too."""
    starts = tuple(p.resolve() for p in starts)
    seen: set[Path] = set()
    todo = list(starts)
    while todo:
        path = todo.pop()
        if path in seen or (path.name in OUTSIDE_KERNELS and path not in starts):
            continue
        seen.add(path)
        todo += _imported(path, package_dir)
    return tuple(sorted(seen))


@functools.cache
def kernel_stamp(starts: tuple[Path, ...], package_dir: Path = _PACKAGE_DIR) -> str:
    """The stamp of a kernel defined in `starts` (its file; a template's copy: also the module it
    is named after): a digest of every source it reaches and, when those read them, a user's
    Imperium automa tables."""
    # numba's cache key ignores NUMBA_BOUNDSCHECK: the folder keeps the two kinds apart, and so
    # does the stamp, for a user who names one folder for both
    return _digest(reach(starts, package_dir), f"boundscheck={os.environ.get('NUMBA_BOUNDSCHECK', '')}")


class GameSourceLocator(UserProvidedCacheLocator):
    """numba's NUMBA_CACHE_DIR locator, but a kernel is fresh while the sources of its game are
    unchanged (see the module docstring), and its folder is named by its module, not by where
    the checkout lies: two checkouts of the same sources (a CI clone, a worktree, Ray workers)
    share their compiled kernels."""

    def __init__(self, py_func, py_file):
        super().__init__(py_func, py_file)
        self._module = py_func.__module__
        self._cache_path = os.path.join(config.CACHE_DIR, py_func.__module__)

    @classmethod
    def from_function(cls, py_func, py_file):
        path = Path(py_file).resolve()
        if not any(path.is_relative_to(base) for base in _source_dirs()):
            return None  # not ours: numba's own locators take it
        return super().from_function(py_func, py_file)

    def get_source_stamp(self):
        starts = [Path(self._py_file).resolve()]
        named = module_path(self._module)  # a template's copy: the game module it is named after
        if named is not None and named not in starts:
            starts.append(named)
        return kernel_stamp(tuple(starts))


def cache_dir() -> Path:
    """The folder of this process's compiled kernels; bounds-checked kernels (NUMBA_BOUNDSCHECK=1,
    as `make test` runs) live apart, since numba would load either into the other kind of run, and
    so do a variant's."""
    base = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "meeplegym" / "numba"
    folder = base / ("boundscheck" if os.environ.get("NUMBA_BOUNDSCHECK") == "1" else "default")
    variant = variants.active()  # its kernels apart: numba keeps one build of a function per folder
    return folder / f"variant-{variants.digest(variant)}" if variant else folder


def configure() -> None:
    # numba's OpenMP thread pool spins while waiting by default; on a small machine shared with
    # any other busy process that stalls every parallel step (measured on 2 cores: 32k instead
    # of 380k decisions/s). Passive waiting costs nothing measurable when the machine is idle.
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    os.environ.setdefault("NUMBA_CACHE_DIR", str(cache_dir()))
    locators = f"{__name__}.GameSourceLocator,UserProvidedCacheLocator,InTreeCacheLocator"
    os.environ.setdefault("NUMBA_CACHE_LOCATOR_CLASSES", locators)
    if (config.CACHE_DIR, config.CACHE_LOCATOR_CLASSES) != (os.environ["NUMBA_CACHE_DIR"],
                                                           os.environ["NUMBA_CACHE_LOCATOR_CLASSES"]):
        config.reload_config()


def is_cached(dispatcher) -> bool:
    """Whether numba's cache holds `dispatcher` compiled from the present sources (for at least
    one signature): its next first call loads instead of compiling."""
    try:
        return bool(dispatcher._cache._cache_file._load_index())
    except AttributeError:  # NUMBA_DISABLE_JIT, or a numba whose cache is laid out otherwise
        return True
