"""Text helpers shared by the games' terminal renderings (each game's ``render.py``)."""

from __future__ import annotations

import re

ANSI = re.compile(r"\x1b\[[0-9;]*m")
TERMINAL_WIDTH = 80


def visible_width(text: str) -> int:
    """Columns `text` takes on a terminal: its ANSI styling takes none."""
    return len(ANSI.sub("", text))


def wrap(line: str, width: int = TERMINAL_WIDTH, indent: int = 4) -> list[str]:
    """`line` broken at spaces into lines of at most `width` columns, the later ones indented by
    `indent` more than the first (a word longer than a line is cut)."""
    lead = len(line) - len(line.lstrip(" "))
    pad = " " * (lead + indent)
    lines, current = [], line[:lead]
    for word in line[lead:].split(" "):
        candidate = f"{current} {word}" if current.strip() else current + word
        if visible_width(candidate) <= width or not current.strip():
            current = candidate
        else:
            lines.append(current)
            current = pad + word
        while visible_width(current) > width:  # one word wider than the line
            lines.append(current[:width])
            current = pad + current[width:]
    lines.append(current)
    return lines


def fit(text: str, width: int = TERMINAL_WIDTH) -> str:
    """Every line of `text` wrapped to `width` columns (see ``wrap``)."""
    return "\n".join(part for line in text.split("\n") for part in wrap(line, width))
