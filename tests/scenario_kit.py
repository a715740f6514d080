"""The verbs every game's scenario module shares, so a rules test reads the same in the three games.

Each ``tests/<game>/scenario.py`` builds positions its own way (Scythe edits the state JSON of a
fresh game; Imperium and Oath move pieces in a set-up record) and takes these verbs from one
`ScenarioKit`, made from the game's engine and public API:

- ``act(s, *actions)``: apply action ids one after the other, each checked for legality;
- ``legal(s)``: the legal action ids, ascending;
- ``legal_names(s)``: their texts (``action_to_str``), in the same order;
- ``act_named(s, *texts)``: apply the legal actions with these texts; an unknown text is an error
  that lists the legal ones, so a test reads like the game's log;
- ``assert_illegal(s, action)``: the action raises `IllegalActionError` and the state, as
  ``state_to_dict`` shows it, is exactly as before;
- ``assert_round_trip(s)``: the state through ``state_to_dict`` / ``state_from_dict`` comes back
  the same.

Tests import their game's module one way: ``from tests.<game> import scenario as sc``.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from meeplegym import IllegalActionError


class ScenarioKit:
    """The shared verbs over one game: `step(s, action)` and `legal_mask(s)` are the engine's,
    `action_to_str(s, action)` names an action, and `state_to_dict` / `state_from_dict` (a
    one-record array) are the game's state JSON (the public API)."""

    def __init__(self, step: Callable, legal_mask: Callable, action_to_str: Callable, state_to_dict: Callable,
                 state_from_dict: Callable):
        self.step, self.legal_mask, self.action_to_str = step, legal_mask, action_to_str
        self.state_to_dict, self.state_from_dict = state_to_dict, state_from_dict

    def act(self, s, *actions: int):
        for a in actions:
            self.step(s, a)
        return s

    def legal(self, s) -> list[int]:
        return [int(a) for a in np.flatnonzero(self.legal_mask(s))]

    def legal_names(self, s) -> list[str]:
        return [self.action_to_str(s, a) for a in self.legal(s)]

    def act_named(self, s, *texts: str):
        for text in texts:
            names = self.legal_names(s)
            if names.count(text) != 1:
                problem = "is not a legal action now" if text not in names else "names several legal actions"
                raise AssertionError(f"{text!r} {problem}; the legal ones: {names}")
            self.step(s, self.legal(s)[names.index(text)])
        return s

    def assert_illegal(self, s, action) -> None:
        before = self.state_to_dict(s)
        with pytest.raises(IllegalActionError):
            self.step(s, action)
        assert self.state_to_dict(s) == before

    def assert_round_trip(self, s) -> None:
        d = self.state_to_dict(s)
        assert self.state_to_dict(self.state_from_dict(d)[0]) == d

    def verbs(self) -> tuple:
        """(act, legal, legal_names, act_named, assert_illegal, assert_round_trip), for a scenario
        module to bind under these names."""
        return (self.act, self.legal, self.legal_names, self.act_named, self.assert_illegal, self.assert_round_trip)
