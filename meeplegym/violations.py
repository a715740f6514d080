"""The Python side of a game's invariant checks, the same for every game.

A game's ``invariants`` module lists its invariants as ``(NAME, message)`` rows (code = row
number, 0 = consistent; a message may name ``{seat}``) and compiles, from
``meeplegym.game_kernels.checked_kernels``, ``diagnose_at(states, i, where, loaded)``: the code of
the first broken invariant of states[i] (or NO_LEGAL_ACTION for a live state without a legal
action), with [seat or pile, item] in ``where`` (-1 where they do not apply). `Violations` turns
that into words: the message, then in brackets what the game's ``details(code, seat, item, s)``
names (the card, the unit, the phase ...).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

Details = Callable[[int, int, int, np.void], list[str]]


def card_details(card_name: Callable[[int], str]) -> Details:
    """`details` for a game whose `where` item is a card: its name, when one is named."""
    return lambda code, seat, card, s: [card_name(card)] if card >= 0 else []


class Violations:
    def __init__(self, table: tuple[tuple[str, str], ...], diagnose_at, details: Details):
        self.messages: dict[int, str] = {code: message for code, (_, message) in enumerate(table)}
        self.codes: dict[str, int] = {name: code for code, (name, _) in enumerate(table)}
        self._diagnose_at = diagnose_at
        self._details = details

    def describe(self, code: int) -> str:
        """The invariant a code names, in words."""
        try:
            return self.messages[int(code)].replace(" {seat}", "")
        except KeyError:
            return f"unknown invariant code {code!r}"

    def diagnose(self, s, loaded: bool = False) -> tuple[int, int, int]:
        """(code, seat or pile, item) of the first broken invariant of record s, checked on a
        copy; code 0 when sound. `loaded`: the checks of a loaded position."""
        states = np.empty(1, dtype=s.dtype)
        states[0] = s
        where = np.full(2, -1, dtype=np.int64)
        code = int(self._diagnose_at(states, 0, where, loaded))
        return code, int(where[0]), int(where[1])

    def code(self, s, loaded: bool = False) -> int:
        """The code of the first broken invariant of record s; 0 when sound."""
        return self.diagnose(s, loaded)[0]

    def explain(self, s, loaded: bool = False) -> str:
        """The first broken invariant of record s with what it concerns; '' when sound."""
        code, seat, item = self.diagnose(s, loaded)
        if code == 0:
            return ""
        message = self.messages[code]
        text = message.replace("{seat}", str(seat))
        parts = self._details(code, seat, item, s)
        return text + (f" ({', '.join(parts)})" if parts else "")

    def check(self, s, loaded: bool = False) -> list[str]:
        """The broken invariants of record s in words: empty when the state is sound, else the
        first one found (``explain``)."""
        text = self.explain(s, loaded)
        return [text] if text else []
