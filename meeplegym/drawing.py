"""Pillow helpers shared by the games' pictures (``render_mode="rgb_array"``).

A picture is drawn once per call from the state record, so replays can draw every step. Only
Pillow is needed; text uses Pillow's bundled scalable font, so no system font is required.
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

BACKGROUND = (246, 243, 236)
INK = (35, 35, 35)
MUTED = (120, 120, 120)
SECONDARY = (80, 80, 80)  # a panel's second line of text: lighter than INK, legible at 12 px
#: One colour per seat for games without faction colours (Imperium, Oath).
SEAT_COLOURS = ((200, 60, 50), (50, 100, 190), (60, 150, 70), (215, 160, 30), (130, 70, 160), (40, 150, 160))


def require_pillow() -> None:
    import importlib.util

    if importlib.util.find_spec("PIL") is None:
        raise ImportError("render_mode='rgb_array' needs Pillow: pip install 'meeplegym[viz]'")


@lru_cache(maxsize=16)
def font(size: int):
    from PIL import ImageFont

    return ImageFont.load_default(size=size)


def canvas(width: int, height: int):
    """A blank picture and its drawing context."""
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (width, height), BACKGROUND)
    return image, ImageDraw.Draw(image)


def to_array(image) -> np.ndarray:
    """The picture as the (height, width, 3) uint8 array Gymnasium's rgb_array asks for."""
    return np.asarray(image, dtype=np.uint8).copy()


def hexagon(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    """Corners of a pointy-top hexagon, clockwise from the top."""
    return [(cx + radius * math.sin(math.pi / 3 * k), cy - radius * math.cos(math.pi / 3 * k)) for k in range(6)]


def shared_edge(a: tuple[float, float], b: tuple[float, float], radius: float):
    """The edge two touching pointy-top hexagons of this radius share, as two points."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    ux, uy = -dy / length, dx / length  # along the edge
    half = radius / 2
    return (mx - ux * half, my - uy * half), (mx + ux * half, my + uy * half)


def text(draw, xy, words: str, size: int = 12, fill=INK, anchor: str = "la") -> None:
    draw.text(xy, words, font=font(size), fill=fill, anchor=anchor)


def bar(draw, x: int, y: int, width: int, value: float, maximum: float, fill, label: str) -> None:
    """A labelled track: `value` of `maximum` filled."""
    draw.rectangle((x, y, x + width, y + 9), outline=MUTED, fill=(255, 255, 255))
    if maximum > 0 and value > 0:
        draw.rectangle((x, y, x + int(width * min(value, maximum) / maximum), y + 9), fill=fill)
    text(draw, (x + width + 6, y - 2), label, 11)


def readable_on(colour) -> tuple[int, int, int]:
    """Black or white, whichever reads better on `colour`."""
    r, g, b = colour[:3]
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else (255, 255, 255)


def fit(draw, words: str, width: int, size: int) -> str:
    """`words` cut with an ellipsis to fit `width` pixels."""
    if draw.textlength(words, font=font(size)) <= width:
        return words
    while words and draw.textlength(words + "…", font=font(size)) > width:
        words = words[:-1]
    return words + "…"


def card(draw, x: int, y: int, width: int, height: int, title: str, banner, lines=(), highlight: bool = False) -> None:
    """A card tile: a banner stripe in its colour, its title, then small lines of detail."""
    draw.rounded_rectangle((x, y, x + width, y + height), radius=5, fill=(255, 255, 255),
                           outline=INK if highlight else MUTED, width=3 if highlight else 1)
    draw.rectangle((x + 3, y + 3, x + width - 3, y + 10), fill=banner)
    text(draw, (x + 5, y + 13), fit(draw, title, width - 8, 11), 11)
    for i, line in enumerate(lines):
        text(draw, (x + 5, y + 27 + 12 * i), fit(draw, line, width - 8, 10), 10, MUTED)
