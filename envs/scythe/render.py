"""ANSI rendering of a Scythe state: the hex map row by row, then one panel per player."""

from __future__ import annotations

import numpy as np

from meeplegym.envs.scythe import data
from meeplegym.envs.scythe.state import FIRST_WORKER, MIN_CARD_VALUE, PHASE_NAMES, STAR_NAMES

CELL = 14  # characters per hex column
TERRAIN_CODE = {
    data.Terrain.MOUNTAIN: "Mtn", data.Terrain.FARM: "Frm", data.Terrain.VILLAGE: "Vil",
    data.Terrain.FOREST: "For", data.Terrain.TUNDRA: "Tun", data.Terrain.LAKE: "~~~",
    data.Terrain.FACTORY: "FACTORY",
}
FACTION_LETTER = "NRCSP"  # Nordic, Rusviet, Crimea, Saxony, Polania
RESOURCE_LETTER = "fwmo"  # food, wood, metal, oil
STRUCTURE_LETTER = "*^AL"  # Mine, Monument, Armory, milL


def _units_at(state, loc: int) -> str:
    parts = []
    for p in range(int(state["n_players"])):
        here = state["unit_loc"][p] == loc
        if not here.any():
            continue
        letter = FACTION_LETTER[state["faction"][p]]
        text = letter
        if here[0]:
            text += "c"
        mechs = int(here[1:FIRST_WORKER].sum())
        workers = int(here[FIRST_WORKER:].sum())
        if mechs:
            text += f"{mechs}m"
        if workers:
            text += f"{workers}w"
        parts.append(text)
    return " ".join(parts)


def _cell_lines(state, t: int) -> tuple[str, str, str]:
    terr = data.TERRITORIES[t]
    head = f"{TERRAIN_CODE[terr.terrain]}{t}"
    if terr.tunnel:
        head += "T"
    if state["encounter_token"][t]:
        head += "?"
    for p in range(int(state["n_players"])):
        for k, loc in enumerate(state["structure_loc"][p]):
            if loc == t:
                head += f" {FACTION_LETTER[state['faction'][p]]}{STRUCTURE_LETTER[k]}"
    res = "".join(f"{int(c)}{RESOURCE_LETTER[r]}" for r, c in enumerate(state["resources"][t]) if c)
    return head, _units_at(state, t), res


def render_text(state) -> str:
    rows: dict[int, list[int]] = {}
    for terr in data.TERRITORIES:
        rows.setdefault(terr.row, []).append(terr.id)
    lines = []
    for row in sorted(rows):
        indent = CELL // 2 if row % 2 == 0 else 0  # even rows sit half a hex to the right (D1.1)
        cells = {data.TERRITORIES[t].col: _cell_lines(state, t) for t in rows[row]}
        max_col = max(cells)
        for part in range(3):
            text = " " * indent
            for col in range(max_col + 1):
                content = cells[col][part] if col in cells else ""
                text += content[: CELL - 1].ljust(CELL)
            lines.append(text.rstrip())
        lines.append("")
    bases = []
    for base in data.HOME_BASES:
        units = _units_at(state, base.id)
        if units:
            bases.append(f"{base.name}: {units}")
    if bases:
        lines.append("Home bases: " + "; ".join(bases))
    lines.append("")
    current = int(state["current"])
    for p in range(int(state["n_players"])):
        faction = data.FACTION_MATS[state["faction"][p]].name
        mat = data.PLAYER_MATS[state["mat"][p]].name
        stars = [f"{STAR_NAMES[k]}" for k, c in enumerate(state["stars"][p]) if c]
        marker = ">" if p == current and not state["terminal"] else " "
        hand = int(state["hand"][p].sum())
        lines.append(
            f"{marker} seat {p} {faction} / {mat}: power {int(state['power'][p])}, popularity "
            f"{int(state['popularity'][p])}, ${int(state['coins'][p])}, {hand} combat cards, "
            f"{int(np.sum(state['stars'][p]))} stars ({', '.join(stars) or 'none'})"
        )
        if state["terminal"]:
            lines.append(f"    final score ${int(state['final_score'][p])}, rank {int(state['rank'][p]) + 1}")
    status = "game over" if state["terminal"] else f"seat {current} to act: {PHASE_NAMES[state['phase']]}"
    lines.append(f"Turn {int(state['turn'])}, {status}. Legend: c character, m mechs, w workers, "
                 "T tunnel, ? encounter, structures *Mine ^Monument AArmory LMill, f/w/m/o resources")
    return "\n".join(lines)




def private_text(state, seat: int) -> str:
    """What only `seat` sees of the game, for a person playing it (the board shows it as counts):
    its combat cards by value, its objective cards and its factory card."""
    cards = [str(MIN_CARD_VALUE + v) for v, n in enumerate(state["hand"][seat]) for _ in range(int(n))]
    objectives = [f"#{int(k) + 1} {data.OBJECTIVE_CARDS[int(k)].name}" for k in state["objectives"][seat] if k >= 0]
    factory = int(state["factory_card"][seat])
    return (f"your combat cards: {', '.join(cards) or 'none'}; objectives: {'; '.join(objectives) or 'none'}"
            + (f"; factory card #{factory + 1}" if factory >= 0 else ""))
