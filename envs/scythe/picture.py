"""The picture of a Scythe state (``render_mode="rgb_array"``): the whole public state at a glance.

Left, the map (spec D1): each territory a hexagon in its terrain's colour with its id, tunnels
(a dark notch), encounter tokens still there (a gold disc), rivers (thick blue edges), the home
bases (discs in the faction's colour, pale for factions not in the game, the two inactive ones
grey); on it each faction's structures (a square with the structure's letter), character (a large
disc), mechs (a square with their count), workers (a small disc with their count) and the
resources lying there. Right, one panel per seat: faction and player mat, power and popularity
tracks, coins, combat cards, stars by kind, what is still on the mat (mechs, structures,
recruits, upgrades, workers), the section chosen last; then whose decision it is, or the final
scores.
"""

from __future__ import annotations

import math

from meeplegym import drawing as d
from meeplegym.envs.scythe import data
from meeplegym.envs.scythe.render import RESOURCE_LETTER
from meeplegym.envs.scythe.state import (
    CHARACTER,
    FIRST_MECH,
    FIRST_WORKER,
    N_STAR_KINDS,
    OFF_BOARD,
    PHASE_NAMES,
    STAR_NAMES,
)

HEX = 40  # hexagon radius in pixels
MARGIN = 28
PANEL_X = 650
PANEL_HEIGHT = 118
WIDTH = 1090
RESOURCE_FONT = 12
RESOURCE_GAP = 3

TERRAIN_COLOUR = {
    data.Terrain.MOUNTAIN: (170, 165, 160), data.Terrain.FARM: (236, 214, 120),
    data.Terrain.VILLAGE: (222, 170, 120), data.Terrain.FOREST: (96, 150, 90),
    data.Terrain.TUNDRA: (178, 214, 200), data.Terrain.LAKE: (120, 170, 225),
    data.Terrain.FACTORY: (165, 120, 175),
}
FACTION_COLOUR = {  # the colours of the factions' pieces
    data.Faction.NORDIC: (45, 95, 190), data.Faction.RUSVIET: (200, 45, 45),
    data.Faction.CRIMEA: (240, 200, 40), data.Faction.SAXONY: (40, 40, 40),
    data.Faction.POLANIA: (250, 250, 250),
}
RIVER = (40, 110, 210)
ENCOUNTER = (230, 180, 30)
RESOURCE_COLOUR = ((190, 120, 0), (120, 70, 30), (90, 90, 110), (20, 20, 20))  # food, wood, metal, oil
STRUCTURE_LETTER = "MnAL"  # Mine, moNument, Armory, miLl (data.Structure order)


def centre(col: int, row: int) -> tuple[float, float]:
    """Pixel centre of an offset-coordinate hex (even rows half a hex to the right, D1.1)."""
    w = math.sqrt(3) * HEX
    return MARGIN + w * (col + (0.5 if row % 2 == 0 else 0.0)) + w / 2, MARGIN + 1.5 * HEX * row + HEX


def _location_centres() -> dict[int, tuple[float, float]]:
    out = {t.id: centre(t.col, t.row) for t in data.TERRITORIES}
    out.update({b.id: centre(b.col, b.row) for b in data.HOME_BASES})
    return out


CENTRES = _location_centres()


def _map(draw, s) -> None:
    for t in data.TERRITORIES:
        cx, cy = CENTRES[t.id]
        draw.polygon(d.hexagon(cx, cy, HEX), fill=TERRAIN_COLOUR[t.terrain], outline=(90, 90, 90))
        d.text(draw, (cx, cy - HEX + 5), str(t.id), 12, d.INK, "mt")
        if t.tunnel:
            draw.pieslice((cx - 28, cy - 24, cx - 10, cy - 6), 180, 360, fill=(70, 60, 55))
        if s["encounter_token"][t.id]:
            draw.ellipse((cx + 11, cy - 27, cx + 24, cy - 14), fill=ENCOUNTER, outline=d.INK)
    for a, b in data.RIVERS:
        draw.line(d.shared_edge(CENTRES[a], CENTRES[b], HEX), fill=RIVER, width=5)
    playing = {int(f) for f in s["faction"][: s["n_players"]]}
    for base in data.HOME_BASES:
        cx, cy = CENTRES[base.id]
        colour = _base_colour(base.faction, playing)
        draw.ellipse((cx - 26, cy - 26, cx + 26, cy + 26), fill=colour, outline=d.INK, width=2)


def _base_colour(faction, playing: set[int]) -> tuple[int, int, int]:
    """A seated faction's colour; pale for a faction not in this game; grey for the two bases
    no faction starts on."""
    if faction is None:
        return (200, 200, 200)
    colour = FACTION_COLOUR[faction]
    return colour if int(faction) in playing else tuple((c + 3 * 235) // 4 for c in colour)


def _units(draw, s, p: int, cx: float, y: float, units) -> None:
    """Workers, character and mechs of seat p in one row centred on cx."""
    colour = FACTION_COLOUR[data.Faction(int(s["faction"][p]))]
    ink = d.readable_on(colour)
    workers = int(units[FIRST_WORKER:].sum())
    if workers:
        draw.ellipse((cx - 13, y - 7, cx + 1, y + 7), fill=colour, outline=d.INK)
        d.text(draw, (cx - 6, y), str(workers), 10, ink, "mm")
    if units[CHARACTER]:
        draw.ellipse((cx + 2, y - 9, cx + 20, y + 9), fill=colour, outline=d.INK, width=3)
    mechs = int(units[FIRST_MECH:FIRST_WORKER].sum())
    if mechs:
        draw.rectangle((cx + 21, y - 7, cx + 35, y + 7), fill=colour, outline=d.INK)
        d.text(draw, (cx + 28, y), str(mechs), 10, ink, "mm")


def _pieces(draw, s) -> None:
    n = int(s["n_players"])
    for p in range(n):
        colour = FACTION_COLOUR[data.Faction(int(s["faction"][p]))]
        for k, loc in enumerate(s["structure_loc"][p]):
            if loc != OFF_BOARD:
                cx, cy = CENTRES[int(loc)]
                draw.rectangle((cx - 30, cy - 9, cx - 16, cy + 5), fill=colour, outline=d.INK)
                d.text(draw, (cx - 23, cy - 2), STRUCTURE_LETTER[k], 10, d.readable_on(colour), "mm")
    for loc, (cx, cy) in CENTRES.items():
        here = [p for p in range(n) if (s["unit_loc"][p] == loc).any()]
        for row, p in enumerate(here):  # two factions share a hex only during a battle
            _units(draw, s, p, cx, cy - 2 + 15 * row, s["unit_loc"][p] == loc)
    for t in data.TERRITORIES:
        _resource_labels(draw, s["resources"][t.id], *CENTRES[t.id])


def _resource_labels(draw, resources, cx: float, cy: float) -> None:
    """A territory's resources as one row of labels ("2m"), centred below its units, each on a white
    box as wide as its text, with a gap between boxes."""
    labels = [(f"{int(c)}{RESOURCE_LETTER[r]}", RESOURCE_COLOUR[r]) for r, c in enumerate(resources) if c]
    widths = [draw.textlength(label, font=d.font(RESOURCE_FONT)) + 4 for label, _ in labels]
    x = cx - (sum(widths) + RESOURCE_GAP * (len(labels) - 1)) / 2
    for (label, colour), width in zip(labels, widths):
        draw.rectangle((x, cy + 14, x + width, cy + 29), fill=(255, 255, 255), outline=colour)
        d.text(draw, (x + width / 2, cy + 22), label, RESOURCE_FONT, colour, "mm")
        x += width + RESOURCE_GAP


def _panel(draw, s, p: int, y: int) -> None:
    faction = data.Faction(int(s["faction"][p]))
    colour = FACTION_COLOUR[faction]
    acting = not s["terminal"] and p == int(s["actor"])
    draw.rectangle((PANEL_X, y, WIDTH - 12, y + PANEL_HEIGHT - 8), outline=d.INK if acting else d.MUTED,
                   width=3 if acting else 1, fill=(255, 255, 255))
    draw.rectangle((PANEL_X + 8, y + 8, PANEL_X + 24, y + 24), fill=colour, outline=d.INK)
    mat = data.PLAYER_MATS[int(s["mat"][p])]
    title = f"seat {p}: {data.FACTION_MATS[faction].name} / {mat.name}"
    d.text(draw, (PANEL_X + 32, y + 8), title + ("  <- to act" if acting else ""), 13)
    d.bar(draw, PANEL_X + 10, y + 34, 150, int(s["power"][p]), data.MAX_POWER, (200, 60, 50), f"power {int(s['power'][p])}")
    d.bar(draw, PANEL_X + 10, y + 50, 150, int(s["popularity"][p]), data.MAX_POPULARITY, (60, 150, 70),
          f"popularity {int(s['popularity'][p])}")
    d.text(draw, (PANEL_X + 250, y + 32), f"${int(s['coins'][p])}   {int(s['hand'][p].sum())} combat cards", 12)
    on_mat = (f"on mat: {int((s['unit_loc'][p][FIRST_MECH:FIRST_WORKER] == OFF_BOARD).sum())} mechs, "
              f"{int((s['structure_loc'][p] == OFF_BOARD).sum())} structures, "
              f"{int((s['recruited'][p] == 0).sum())} recruits, {int((s['upgraded'][p] == 0).sum())} upgrades, "
              f"{int((s['unit_loc'][p][FIRST_WORKER:] == OFF_BOARD).sum())} workers")
    d.text(draw, (PANEL_X + 10, y + 68), on_mat, 11)
    stars = ", ".join(STAR_NAMES[k] + ("" if s["stars"][p][k] == 1 else f" x{int(s['stars'][p][k])}")
                      for k in range(N_STAR_KINDS) if s["stars"][p][k])
    for k in range(data.STARS_PER_PLAYER):
        x = PANEL_X + 10 + 14 * k
        filled = k < int(s["stars"][p].sum())
        draw.regular_polygon((x + 5, y + 91, 6), 5, fill=ENCOUNTER if filled else (255, 255, 255), outline=d.INK)
    d.text(draw, (PANEL_X + 100, y + 84), stars or "no stars", 11)
    last = int(s["last_section"][p])
    if last >= 0:
        d.text(draw, (PANEL_X + 250, y + 50), f"last section: {data.TopAction(mat.top_order[last]).name.lower()}", 11)
    if s["terminal"]:
        d.text(draw, (WIDTH - 20, y + 8), f"${int(s['final_score'][p])}  place {int(s['rank'][p]) + 1}", 13,
               d.INK, "ra")


def picture(s):
    """The Pillow image of state record `s`."""
    d.require_pillow()
    n = int(s["n_players"])
    height = max(int(max(y for _, y in CENTRES.values())) + 2 * HEX, 60 + n * PANEL_HEIGHT)
    image, draw = d.canvas(WIDTH, height)
    _map(draw, s)
    _pieces(draw, s)
    status = ("game over" if s["terminal"]
              else f"seat {int(s['actor'])} to decide: {PHASE_NAMES[s['phase']]}")
    d.text(draw, (PANEL_X, 10), f"Scythe, turn {int(s['turn'])}: {status}", 14)
    for p in range(n):
        _panel(draw, s, p, 36 + p * PANEL_HEIGHT)
    d.text(draw, (MARGIN, height - 36), "disc: character · square: mechs · small disc: workers · lettered square: "
           "structure (Mine, moNument, Armory, miLl)", 13, d.INK)
    d.text(draw, (MARGIN, height - 18), "gold disc: encounter · notch: tunnel · blue edge: river · "
           "f/w/m/o: food, wood, metal, oil", 13, d.INK)
    return image


def rgb_array(s):
    return d.to_array(picture(s))
