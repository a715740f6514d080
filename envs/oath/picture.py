"""The picture of an Oath state (``render_mode="rgb_array"``): what a spectator sees (O9.4).

Top, the round, the Oath, the Visions drawn, the title and the banners, the favor banks, and who
decides what. Then the map, region by region (the Cradle, the Provinces, the Hinterland, each
slot top to bottom): the site's name (a facedown site shows only its back), the warbands on it
by colour, the pawns, the cards there as tiles with their suit's stripe and their tokens, and
the facedown relics beside it counted. Below, one panel per seat in turn order: board colour
and side, Supply, favor, secrets (faceup + facedown), warbands on the board and in the bank,
the advisers (a facedown one as a back), the relics and banners held and a revealed Vision.
"""

from __future__ import annotations

from meeplegym import drawing as d
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath.render import cards_at, colour_name, prophet_note
from meeplegym.envs.oath.state import (
    DEC_NAMES,
    PH_GAME_OVER,
    PH_POWER,
    PHASE_NAMES,
    SIDE_NAMES,
    WIN_NAMES,
    Z_ADVISER,
    Z_PERSONAL,
    Z_SITE,
    Z_VISION_SPACE,
    card_kind,
    card_name,
)

WIDTH = 1180
TILE_W, TILE_H = 118, 40
MAP_Y = 64
SLOT_H = 118
PANEL_H = 118
BOARD_COLOUR = {  # O2.2 board colours; brown is printed black
    int(D.Colour.PURPLE): (120, 60, 150), int(D.Colour.RED): (190, 50, 45), int(D.Colour.BROWN): (70, 60, 55),
    int(D.Colour.BLUE): (50, 100, 190), int(D.Colour.YELLOW): (220, 175, 30), int(D.Colour.WHITE): (225, 225, 220),
}
SUIT_COLOUR = {  # the suits' card colours
    int(D.Suit.DISCORD): (60, 50, 50), int(D.Suit.ARCANE): (140, 90, 180), int(D.Suit.ORDER): (190, 60, 50),
    int(D.Suit.HEARTH): (225, 140, 50), int(D.Suit.BEAST): (80, 150, 70), int(D.Suit.NOMAD): (60, 150, 170),
}
NO_SUIT = (170, 170, 170)
RELIC_COLOUR = (150, 120, 60)
BACK = (110, 100, 90)


def suit_colour(c: int):
    kind = card_kind(c)
    if kind == "relic":
        return RELIC_COLOUR
    if kind == "vision":
        return (40, 40, 40)
    face = D.DENIZEN_BY_NUMBER.get(c) if kind == "denizen" else D.EDIFICE_BY_NUMBER.get(c)
    return SUIT_COLOUR.get(int(face.suit), NO_SUIT) if face is not None and face.suit is not None else NO_SUIT


def tile(draw, s, c: int, x: int, y: int, note: str = "") -> None:
    """A card as the table shows it: its face (the face an edifice shows) and tokens, or a back."""
    if not s["faceup"][c]:
        draw.rounded_rectangle((x, y, x + TILE_W, y + TILE_H), radius=5, fill=BACK, outline=d.MUTED)
        d.text(draw, (x + TILE_W // 2, y + TILE_H // 2), "facedown", 10, (235, 235, 235), "mm")
        return
    face = c + 1 if s["ruined"][c] else c
    tokens = [f"{int(s[f][c])} {w}" for f, w in (("card_favor", "favor"), ("card_secrets", "secret")) if s[f][c]]
    lines = [", ".join(tokens or [note])] if tokens or note else ()
    d.card(draw, x, y, TILE_W, TILE_H, card_name(face), suit_colour(face), lines)


def chip(draw, x: int, y: int, colour: int, count: int) -> int:
    """A warband count in its colour; returns the x after it."""
    fill = BOARD_COLOUR[colour]
    draw.rounded_rectangle((x, y, x + 30, y + 16), radius=4, fill=fill, outline=d.INK)
    d.text(draw, (x + 15, y + 8), str(count), 11, d.readable_on(fill), "mm")
    return x + 36


def holder(s, p: int) -> str:
    return "the bank" if p < 0 else f"seat {p} ({colour_name(s, p)})"


def _header(draw, s) -> None:
    oath = D.OATHS[int(s["oath"])].name
    title = "nobody" if s["title_holder"] < 0 else holder(s, int(s["title_holder"]))
    d.text(draw, (12, 8), f"Oath of {oath}, round {int(s['round'])}/8, Visions drawn {int(s['visions_drawn'])}. "
           f"Oathkeeper title: {title}{' (Usurper side)' if s['usurper'] else ''}", 14)
    banners = (f"People's Favor: {holder(s, int(s['pf_holder']))}, {int(s['pf_tokens'])} favor"
               f"{' (Mob)' if s['pf_mob'] else ''}.  Darkest Secret: {holder(s, int(s['ds_holder']))}, "
               f"{int(s['ds_tokens'])} secret{'s' if s['ds_tokens'] != 1 else ''}.  Favor banks: "
               + ", ".join(f"{suit.name.title()} {int(s['favor_bank'][int(suit)])}" for suit in D.Suit))
    d.text(draw, (12, 28), d.fit(draw, banners, WIDTH - 24, 12), 12)
    if s["phase"] == PH_GAME_OVER:
        status = f"Game over: {holder(s, int(s['winner']))} wins ({WIN_NAMES[int(s['win_kind'])]})"
    else:
        status = f"{holder(s, int(s['actor']))} decides: {PHASE_NAMES[int(s['phase'])]}"
        if s["phase"] == PH_POWER:
            power = card_name(int(s["pw_card"])) if s["pw_card"] else "The Tribunal"
            status += f" ({power}: {DEC_NAMES[int(s['pw_dec'])]})"
    d.text(draw, (12, 44), d.fit(draw, status, WIDTH - 24, 12), 12, d.MUTED)


def _slot(draw, s, k: int, x: int, y: int, width: int) -> None:
    faceup = bool(s["slot_faceup"][k])
    draw.rounded_rectangle((x, y, x + width, y + SLOT_H - 8), radius=6, fill=(255, 255, 255) if faceup else (228, 224, 216),
                           outline=d.MUTED)
    site = D.SITES[int(s["slot_site"][k])]
    d.text(draw, (x + 8, y + 6), site.name if faceup else "facedown site", 13, d.INK if faceup else d.MUTED)
    cx = x + 8
    for col in range(len(BOARD_COLOUR)):
        if s["site_warbands"][k, col]:
            cx = chip(draw, cx, y + 24, col, int(s["site_warbands"][k, col]))
    for p in range(int(s["n_players"])):
        if s["pawn"][p] == k and s["colour"][p] >= 0:
            fill = BOARD_COLOUR[int(s["colour"][p])]
            draw.ellipse((cx, y + 24, cx + 16, y + 40), fill=fill, outline=d.INK)
            cx += 22
    here = cards_at(s, Z_SITE, k)
    relics = [c for c in here if card_kind(c) == "relic"]
    tokens = [f"{int(s[f][k])} {w}" for f, w in (("slot_favor", "favor"), ("slot_secrets", "secrets")) if s[f][k]]
    notes = ([f"{len(relics)} facedown relic{'s' * (len(relics) != 1)}"] if relics else []) + tokens
    if notes:
        d.text(draw, (x + width - 8, y + 6), ", ".join(notes), 12, d.SECONDARY, "ra")
    for i, c in enumerate(c for c in here if card_kind(c) != "relic"):
        tile(draw, s, c, x + 8 + i * (TILE_W + 6), y + 48)


def _map(draw, s) -> None:
    width = (WIDTH - 40) // 3
    for r, region in enumerate(D.Region):
        x = 12 + r * (width + 8)
        d.text(draw, (x, MAP_Y), region.name.title(), 13)
        slots = [k for k in range(D.SLOTS) if D.SLOT_REGION[k] == region]
        for i, k in enumerate(slots):
            _slot(draw, s, k, x, MAP_Y + 18 + i * SLOT_H, width)


def _panel(draw, s, p: int, y: int) -> None:
    colour = int(s["colour"][p])
    fill = BOARD_COLOUR.get(colour, (200, 200, 200))
    actor = p == s["actor"] and s["phase"] != PH_GAME_OVER
    draw.rounded_rectangle((8, y, WIDTH - 8, y + PANEL_H - 8), radius=6, fill=(255, 255, 255),
                           outline=d.INK if actor else d.MUTED, width=3 if actor else 1)
    draw.rectangle((12, y + 4, 26, y + PANEL_H - 12), fill=fill)
    side = SIDE_NAMES[int(s["side"][p])] if colour >= 0 else "no board yet"
    bank = int(s["bank_warbands"][colour]) if colour >= 0 else 0
    d.text(draw, (34, y + 8), f"seat {p}: {colour_name(s, p)}, {side}", 13)
    d.text(draw, (34, y + 26), f"Supply {int(s['supply'][p])}, favor {int(s['favor'][p])}, secrets "
           f"{int(s['secrets'][p])} + {int(s['secrets_down'][p])} facedown, warbands {int(s['board_warbands'][p])} "
           f"on the board, {bank} in the bank", 12, d.SECONDARY)
    held = cards_at(s, Z_PERSONAL, p)
    banners = [name for name, who in (("People's Favor", "pf_holder"), ("Darkest Secret", "ds_holder")) if s[who] == p]
    extra = ", ".join([card_name(c) for c in held] + banners)
    if extra:
        d.text(draw, (WIDTH - 16, y + 8), d.fit(draw, "holds " + extra, WIDTH // 2, 12), 12, d.INK, "ra")
    advisers = cards_at(s, Z_ADVISER, p)
    for i, c in enumerate(advisers):
        tile(draw, s, c, 34 + i * (TILE_W + 6), y + 44)
    for c in cards_at(s, Z_VISION_SPACE, p):
        tile(draw, s, c, 34 + len(advisers) * (TILE_W + 6) + 16, y + 44, prophet_note(s, c) or "revealed Vision")


def picture(s):
    """The Pillow image of state record `s`."""
    d.require_pillow()
    n = int(s["n_players"])
    panels_y = MAP_Y + 24 + 3 * SLOT_H
    image, draw = d.canvas(WIDTH, panels_y + n * PANEL_H + 8)
    _header(draw, s)
    _map(draw, s)
    for p in range(n):
        _panel(draw, s, p, panels_y + p * PANEL_H)
    return image


def rgb_array(s):
    return d.to_array(picture(s))
