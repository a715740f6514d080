"""Chronicles of many Oath games: each game set up from the Chronicle its predecessor's winner
wrote (O8), played by the same players.

The players keep their identity across games, not their seats: the previous winner sits at seat 0
as the Chancellor (O1.1 step 7, the engine's default), the others in a seeded shuffle, and every
non-Chancellor picks a board at setup step 9 as an in-game decision (O8.10). Each game is
recorded (a `GameRecord` whose options hold its ChronicleState, so `meeplegym replay` re-runs it)
and followed by `chronicle_step`. A player's Chronicle decisions go to the agent's
``chronicle_choice(decision) -> index`` when it has one, otherwise to a chooser drawn at random
from the player's own seeded stream.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterator

import numpy as np

from meeplegym.agents.base import Agent
from meeplegym.agents.match import MatchResult, play_game
from meeplegym.envs.oath.chronicle import ChronicleState
from meeplegym.envs.oath.chronicle_step import ChronicleDecision, chronicle_log, random_chooser
from meeplegym.errors import InvalidOptionError
from meeplegym.replay import GameRecord


@dataclass
class ChronicleGame:
    """One game of a chronicle: what it was set up from, how it went, what its winner wrote."""

    index: int  # 1-based (ChronicleState.game_index)
    setup: ChronicleState
    seats: list[int]  # seats[k] = the player (an index into the agents) at seat k
    result: MatchResult
    record: GameRecord
    winner: int  # the winning player, -1 if the game was cut short
    chronicle_log: list[str]  # the Chronicle's steps in words (empty if cut short)
    next_setup: ChronicleState | None  # None if the game was cut short: the chronicle stops


def play_chronicle(agents: list[Agent], games: int, seed: int = 0, chronicle: ChronicleState | None = None,
                   max_turns: int | None = None, progress: Callable[[int, int], None] | None = None,
                   **options) -> Iterator[ChronicleGame]:
    """Play `games` games of one chronicle (starting from `chronicle`, default a fresh one, O1.2)
    with len(agents) players; yields each game as it ends. `options` go to the Oath env
    (e.g. reconstructed_powers). A game cut short by max_turns has no winner, so it ends the
    chronicle."""
    if not 2 <= len(agents) <= 6:
        raise InvalidOptionError(f"a chronicle needs 2-6 agents, got {len(agents)}")
    if games < 1:
        raise InvalidOptionError(f"games must be at least 1, got {games}")
    setup = chronicle or ChronicleState.first_game()
    shuffle = np.random.default_rng(seed)
    choosers = [getattr(a, "chronicle_choice", None) or random_chooser(seed * 7919 + k) for k, a in enumerate(agents)]
    seats = list(range(len(agents)))
    for g in range(games):
        game_seed = seed + g
        result, final = play_game("oath", [agents[p] for p in seats], game_seed, max_turns, record=True,
                                  setup=setup.to_json(), **options)
        record = GameRecord("oath", len(agents), game_seed, result.actions, {"setup": setup.to_json(), **options},
                            max_turns, result.agents)
        won = not result.truncated and int(final[0]["winner"]) >= 0
        winner = seats[int(final[0]["winner"])] if won else -1
        next_setup, log = None, []
        if won:
            def choose(decision: ChronicleDecision) -> int:
                return int(choosers[seats[decision.seat]](decision))

            next_setup, log = chronicle_log(final, choose, game_index=setup.game_index)
        yield ChronicleGame(setup.game_index, setup, list(seats), result, record, winner, log, next_setup)
        if progress is not None:
            progress(g + 1, games)
        if next_setup is None:
            return
        others = [p for p in seats if p != winner]
        shuffle.shuffle(others)
        seats, setup = [winner] + others, next_setup
