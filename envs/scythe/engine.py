"""The Scythe engine API: pure functions over state records (see DESIGN "Engine").

Kernels (numba, ``cache=True``): ``init``, ``legal_mask_at``, ``apply_at``, ``returns``, and batched
``play_random`` (the last three made by `meeplegym.game_kernels` over ``rules.turn``). Python
front: ``new_game`` (validated options), ``legal_mask`` and ``step`` (checks legality, raises
``IllegalActionError`` and changes nothing on an illegal action).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from meeplegym import rng
from meeplegym.envs.scythe import actions as A
from meeplegym.envs.scythe import data
from meeplegym.envs.scythe.rules.scoring import N_TIEBREAKS, score_keys
from meeplegym.envs.scythe.rules.setup import init
from meeplegym.envs.scythe.rules import turn
from meeplegym.envs.scythe.state import MAX_PLAYERS, PHASE_NAMES, STATE_DTYPE
from meeplegym.errors import IllegalActionError, InvalidOptionError, action_index
from meeplegym.rewards import rank_rewards
from meeplegym.game_kernels import engine_kernels
from meeplegym.jit import kernel

__all__ = [
    "init", "legal_mask", "legal_mask_at", "apply_at", "returns", "new_game", "step", "play_random", "current_scores",
    "resolve_factions", "resolve_mats", "random_words", "N_ACTIONS",
]

N_ACTIONS = A.N_ACTIONS
MIN_PLAYERS = 2


legal_mask_at, apply_at, play_random = engine_kernels(turn, N_ACTIONS, __name__)


@kernel
def returns(s, out):
    """Final rank mapped to [-1, 1]; tied players share the mean of the places they span."""
    out[:] = 0.0
    if s["terminal"]:
        rank_rewards(s["rank"], s["n_players"], out)


def current_scores(state) -> np.ndarray:
    """Each seat's score if the game ended now (S19.3), e.g. at a max_turns truncation."""
    keys = np.zeros((MAX_PLAYERS, N_TIEBREAKS), dtype=np.int64)
    score_keys(state, keys)
    return keys[:, 0].copy()


def _resolve(names: Sequence[str | int] | None, enum, n_players: int, what: str) -> np.ndarray:
    out = np.full(MAX_PLAYERS, -1, dtype=np.int8)
    if names is None:
        return out
    if isinstance(names, (str, bytes)) or not isinstance(names, Iterable):
        raise InvalidOptionError(f"{what}: expected a list of {n_players} names (one per player), got {names!r}")
    names = list(names)
    if len(names) != n_players:
        raise InvalidOptionError(f"{what}: expected {n_players} entries (one per player), got {len(names)}")
    allowed = [m.name.lower() for m in enum]
    seen = set()
    for i, name in enumerate(names):
        if name is None or (isinstance(name, str) and name == "random"):
            continue
        if isinstance(name, str):
            key = name.lower()
            if key not in allowed:
                raise InvalidOptionError(f"{what}: unknown {name!r}; allowed: {', '.join(allowed)} or 'random'")
            key = allowed.index(key)
        elif isinstance(name, (int, np.integer)) and not isinstance(name, (bool, np.bool_)):
            key = int(name)
            if not 0 <= key < len(allowed):
                raise InvalidOptionError(f"{what}: index {key} out of range 0..{len(allowed) - 1}")
        else:
            raise InvalidOptionError(f"{what}: {name!r} is neither a name ({', '.join(allowed)}, 'random') nor an index")
        if key in seen:
            raise InvalidOptionError(f"{what}: {allowed[key]!r} chosen twice")
        seen.add(key)
        out[i] = key
    return out


def resolve_factions(factions, n_players):
    return _resolve(factions, data.Faction, n_players, "factions")


def resolve_mats(mats, n_players):
    return _resolve(mats, data.Mat, n_players, "mats")


random_words = rng.seed_words  # generator words for play_random's choosers, one per seed


def check_players(n_players) -> int:
    if not isinstance(n_players, (int, np.integer)) or not MIN_PLAYERS <= n_players <= MAX_PLAYERS:
        raise InvalidOptionError(f"num_players must be an integer in {MIN_PLAYERS}..{MAX_PLAYERS}, got {n_players!r}")
    return int(n_players)


def new_game(n_players: int = 2, seed: int = 0, factions=None, mats=None) -> np.ndarray:
    """A one-record state array holding a freshly set-up game.

    factions / mats: one name (or 'random'/None) per player, e.g. ("nordic", "crimea");
    by default both are dealt at random (S1.5).
    """
    n_players = check_players(n_players)
    chosen_factions = resolve_factions(factions, n_players)
    chosen_mats = resolve_mats(mats, n_players)
    states = np.zeros(1, dtype=STATE_DTYPE)
    states[0]["rng"] = rng.seed_word(seed)
    init(states[0], n_players, chosen_factions, chosen_mats)
    return states


def legal_mask(state) -> np.ndarray:
    """The legal actions of the state record's pending decision: int8, one per action."""
    mask = np.zeros(N_ACTIONS, dtype=np.int8)
    turn.legal(state, mask)
    return mask


def step(state, action: int, mask: np.ndarray | None = None) -> None:
    """Apply `action` to the state record after checking it against the legal mask."""
    if mask is None:
        mask = legal_mask(state)
    a = action_index(action)
    if not 0 <= a < N_ACTIONS or mask[a] == 0:
        phase = int(state["phase"])
        raise IllegalActionError(action, PHASE_NAMES[phase], int(mask.sum()))
    turn.apply(state, a)
