"""Exceptions shared by every game."""

import numpy as np


class MeepleGymError(Exception):
    """Base class of meeplegym's own errors."""


class IllegalActionError(MeepleGymError, ValueError):
    """An action that is not legal at the current decision point.

    Raised before anything is changed: the game state is exactly as it was.
    """

    def __init__(self, action, decision: str, legal_count: int | None = None, game: int | None = None):
        self.action = action
        self.decision = decision
        self.legal_count = legal_count
        self.game = game  # index in the batch, for the vector API
        where = f" in game {game} of the batch" if game is not None else ""
        extra = f" ({legal_count} legal actions)" if legal_count is not None else ""
        super().__init__(f"illegal action {action!r} at decision '{decision}'{where}{extra}")


class InvalidOptionError(MeepleGymError, ValueError):
    """A constructor option outside what the game allows."""


class InvalidStateError(MeepleGymError, ValueError):
    """A state dictionary that fails validation; nothing was loaded."""


def action_index(action) -> int:
    """`action` as an int, or -1 for anything that is not an integer (bools included)."""
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        return -1
    return int(action)
