"""The Imperium engine API (work in progress, issue 4): validated setup over the compiled rules.

So far: ``new_game`` builds a fully set-up game (I2, I3). Turns, the effect machine and the
environment follow (docs/imperium.md "Engine design").
"""

from __future__ import annotations

import numpy as np

from meeplegym import rng
from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import data as D
from meeplegym.envs.imperium.rules.setup import init
from meeplegym.envs.imperium.state import MAX_PLAYERS, STATE_DTYPE
from meeplegym.errors import InvalidOptionError

MIN_PLAYERS = 2  # solo (1 player) needs the automa, issue 5

NATION_NAMES = {n.name.lower(): n.code for n in D.NATIONS}


def resolve_nations(nations, n_players: int, trade_routes: bool, seed: int) -> np.ndarray:
    """One nation per seat from names (or None/'random'), distinct, allowed by the expansion
    (I2.1: six nations need Trade Routes); random picks come from the seed."""
    allowed = [int(code) for code in D.NationCode if trade_routes or not K.NEEDS_TRADE_ROUTES[code]]
    names = [None] * n_players if nations is None else list(nations)
    if len(names) != n_players:
        raise InvalidOptionError(f"nations: expected {n_players} entries (one per player), got {len(names)}")
    chosen: list[int | None] = []
    for name in names:
        if name is None or name == "random":
            chosen.append(None)
            continue
        key = str(name).lower()
        if key not in NATION_NAMES:
            raise InvalidOptionError(f"nations: unknown {name!r}; allowed: {', '.join(sorted(NATION_NAMES))} or 'random'")
        code = int(NATION_NAMES[key])
        if code not in allowed:
            raise InvalidOptionError(f"nations: {name!r} needs the Trade Routes expansion (I2.1); pass trade_routes=True")
        if code in chosen:
            raise InvalidOptionError(f"nations: {name!r} chosen twice")
        chosen.append(code)
    pool = [c for c in allowed if c not in chosen]
    picker = np.random.default_rng(seed)
    out = np.full(MAX_PLAYERS, -1, dtype=np.int8)
    for p, code in enumerate(chosen):
        if code is None:
            code = pool.pop(int(picker.integers(len(pool))))
        out[p] = code
    return out


def resolve_sides(power_sides, n_players: int) -> np.ndarray:
    """Power-card side per seat, 'A' or 'B' (I2.3; default B, the rulebook's advice to beginners)."""
    sides = ["B"] * n_players if power_sides is None else list(power_sides)
    if len(sides) != n_players or any(str(x).upper() not in ("A", "B") for x in sides):
        raise InvalidOptionError(f"power_sides: one of 'A'/'B' per player ({n_players}), got {power_sides!r}")
    out = np.zeros(MAX_PLAYERS, dtype=np.int8)
    out[:n_players] = [0 if str(x).upper() == "A" else 1 for x in sides]
    return out


def check_players(n_players) -> int:
    if not isinstance(n_players, (int, np.integer)) or not MIN_PLAYERS <= n_players <= MAX_PLAYERS:
        raise InvalidOptionError(f"num_players must be an integer in {MIN_PLAYERS}..{MAX_PLAYERS}, got {n_players!r}")
    return int(n_players)


def new_game(n_players: int = 2, seed: int = 0, nations=None, power_sides=None, trade_routes: bool = False) -> np.ndarray:
    """A one-record state array holding a freshly set-up game (I2, I3)."""
    n_players = check_players(n_players)
    chosen = resolve_nations(nations, n_players, bool(trade_routes), seed)
    sides = resolve_sides(power_sides, n_players)
    states = np.zeros(1, dtype=STATE_DTYPE)
    states[0]["rng"] = rng.seed_word(seed)
    init(states[0], n_players, 1 if trade_routes else 0, chosen, sides)
    return states
