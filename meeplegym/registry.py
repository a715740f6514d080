"""Which games exist and how to build their environments, by name."""

from __future__ import annotations

import importlib
from dataclasses import dataclass


@dataclass(frozen=True)
class GameEntry:
    name: str
    module: str  # module exposing env(**options) and raw_env
    players: tuple[int, int]
    summary: str
    vector: str | None = None  # "module:VectorGame class" for make_vector


GAMES: dict[str, GameEntry] = {
    "scythe": GameEntry(
        "scythe",
        "meeplegym.envs.scythe_v0",
        (2, 5),
        "Scythe base game, complete: economy, movement, combat, mech and faction abilities, "
        "encounters, the Factory, objectives, scoring (see docs/rules_coverage.md).",
        vector="meeplegym.envs.scythe.vector:ScytheVectorGame",
    ),
    "imperium": GameEntry(
        "imperium",
        "meeplegym.envs.imperium_v0",
        (2, 4),  # tables of players; one player plays the solo training mode (training=True)
        "Imperium: Horizons: the turn, the effect machine, the common deck, Trade Routes, all 14 nations and "
        "the variants for 2-4 players; alone (num_players=1) against the automa (I14; not yet the Cultist "
        "automa) or in the solo training mode (training=True) (docs/imperium.md, docs/rules_coverage.md).",
        vector="meeplegym.envs.imperium.vector:ImperiumVectorGame",
    ),
    "oath": GameEntry(
        "oath",
        "meeplegym.envs.oath_v0",
        (2, 6),
        "Oath: whole games -- the setup from a ChronicleState, the turn, every major and minor action, the title, "
        "every victory and every card power of the base box -- and the Chronicle between games "
        "(chronicle_step, `meeplegym chronicle`; docs/oath.md).",
        vector="meeplegym.envs.oath.vector:OathVectorGame",
    ),
}


def make_env(game: str, **options):
    """Build the PettingZoo AEC environment of `game` with `options`."""
    try:
        entry = GAMES[game]
    except KeyError:
        raise KeyError(f"unknown game {game!r}; available: {', '.join(sorted(GAMES))}") from None
    return importlib.import_module(entry.module).env(**options)
