"""The Python side of a game's invariant checks, the same for every game that uses it.

A game's ``invariants`` module lists its invariants as ``(NAME, message)`` rows (code = row
number, 0 = consistent; a message may name ``{seat}``) and compiles ``check_at(states, i,
where)``, which returns the code of the first broken one with the seat or pile in ``where[0]``
and the card in ``where[1]`` (-1 when they do not apply). `Violations` turns that into words.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np


class Violations:
    def __init__(self, table: tuple[tuple[str, str], ...], check_at, card_name: Callable[[int], str]):
        self.messages: dict[int, str] = {code: message for code, (_, message) in enumerate(table)}
        self.codes: dict[str, int] = {name: code for code, (name, _) in enumerate(table)}
        self._check_at = check_at
        self._card_name = card_name

    def describe(self, code: int) -> str:
        """The invariant a code names, in words."""
        try:
            return self.messages[int(code)].replace(" {seat}", "")
        except KeyError:
            return f"unknown invariant code {code!r}"

    def explain(self, s) -> str:
        """The first broken invariant of record s with its seat or pile and card; '' when sound."""
        states = np.empty(1, dtype=s.dtype)
        states[0] = s
        where = np.zeros(2, dtype=np.int64)
        code = int(self._check_at(states, 0, where))
        if code == 0:
            return ""
        text = self.messages[code].replace("{seat}", str(int(where[0])))
        if where[1] >= 0:
            text += f" ({self._card_name(int(where[1]))})"
        return text

    def check(self, s) -> list[str]:
        """The broken invariants of record s in words: empty when the state is sound, else the
        first one found (``explain``)."""
        text = self.explain(s)
        return [text] if text else []
