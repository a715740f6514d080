"""ANSI rendering of a Scythe state: the hex map row by row, then one panel per player."""

from __future__ import annotations

import numpy as np

from meeplegym.envs.scythe import data
from meeplegym.envs.scythe.rules import board, bottom
from meeplegym.envs.scythe.state import (
    BOTTOM_COST,
    BOTTOM_RESOURCE,
    FIRST_WORKER,
    MIN_CARD_VALUE,
    N_MAT_SECTIONS,
    N_TERRITORIES,
    PH_SECTION,
    PHASE_NAMES,
    RUSVIET,
    STAR_NAMES,
)

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



# The compact board (terminal play in 80 columns): 8-character cells on the hex grid, home bases at
# their places around it, rivers drawn as "~" on the edges they run along.
COMPACT_CELL = 9  # 8 characters of content and one of edge
COMPACT_TERRAIN = {
    data.Terrain.MOUNTAIN: "Mtn", data.Terrain.FARM: "Frm", data.Terrain.VILLAGE: "Vil",
    data.Terrain.FOREST: "For", data.Terrain.TUNDRA: "Tun", data.Terrain.LAKE: "Lake",
    data.Terrain.FACTORY: "Fac",
}
COMPACT_RESOURCE_LETTER = "FWMO"  # capitals: a count then "w" is workers, then "W" wood
COMPACT_LEGEND = ("Units c character, m mechs, w workers; resources F food, W wood, M metal, O oil.",
                  "Structures * Mine, ^ Monument, A Armory, L Mill; # tunnel, ? encounter, ~ river.")


def _fit(text: str, width: int = COMPACT_CELL - 1) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _compact_cell(state, loc: int) -> tuple[str, str, str]:
    """Three lines of at most 8 characters: what the location is, the units (and structures, where
    they fit) on it, its resources."""
    if loc >= data.N_TERRITORIES:
        return data.location_name(loc).split()[0].upper()[:8], _units_at(state, loc), ""
    terr = data.TERRITORIES[loc]
    head = f"{loc:>2} {COMPACT_TERRAIN[terr.terrain]}" + ("#" if terr.tunnel else "") + (
        "?" if state["encounter_token"][loc] else "")
    units = _units_at(state, loc).replace(" ", "")
    structures = "".join(f"{FACTION_LETTER[state['faction'][p]]}{STRUCTURE_LETTER[k]}"
                         for p in range(int(state["n_players"]))
                         for k, at in enumerate(state["structure_loc"][p]) if at == loc)
    res = "".join(f"{int(c)}{COMPACT_RESOURCE_LETTER[r]}" for r, c in enumerate(state["resources"][loc]) if c)
    if structures and len(units) + len(structures) < COMPACT_CELL - 1:
        return head, f"{units} {structures}".strip(), res
    return head, units, f"{structures} {res}".strip()


def _compact_places(state) -> dict[tuple[int, int], int]:
    """(col, row) -> location: the territories, and the home bases of the factions in the game at
    their virtual hexes."""
    places = {(t.col, t.row): t.id for t in data.TERRITORIES}
    for f in state["faction"][: int(state["n_players"])]:
        base = data.HOME_BASES[int(f)]  # listed in faction order
        places[(base.col, base.row)] = base.id
    return places


def _compact_map(state) -> list[str]:
    places = _compact_places(state)
    cols = max(c for c, _ in places) + 1
    rows = sorted({r for _, r in places})
    half = COMPACT_CELL // 2
    lines = []
    for row in rows:
        indent = half if row % 2 == 0 else 0  # even rows sit half a hex to the right (D1.1)
        cells = {col: _compact_cell(state, loc) for (col, r), loc in places.items() if r == row}
        for part in range(3):
            text = [" "] * (indent + cols * COMPACT_CELL)
            for col, cell in cells.items():
                x = indent + col * COMPACT_CELL
                text[x: x + COMPACT_CELL - 1] = _fit(cell[part]).ljust(COMPACT_CELL - 1)
                east = places.get((col + 1, row))
                if east is not None and data.is_river(places[(col, row)], east):
                    text[x + COMPACT_CELL - 1] = "~"
            lines.append("".join(text).rstrip())
        lines.append(_river_line(places, row, indent, cols))
    return [line for line in lines if line]  # a row with nothing on it takes one line


def _river_line(places: dict, row: int, indent: int, cols: int) -> str:
    """The gap below `row`: "~" under a cell's south-west or south-east half where that edge is a river."""
    text = [" "] * (indent + cols * COMPACT_CELL)
    half = COMPACT_CELL // 2
    for (col, r), loc in places.items():
        if r != row:
            continue
        x = indent + col * COMPACT_CELL
        south_west, south_east = ((col, row + 1), (col + 1, row + 1)) if row % 2 == 0 else \
            ((col - 1, row + 1), (col, row + 1))
        for start, below in ((x, south_west), (x + half, south_east)):
            if below in places and data.is_river(loc, places[below]):
                text[start: start + half] = "~" * half
    return "".join(text).rstrip()


def compact_text(state) -> str:
    """The board in 80 columns, for terminal play: the map, then a line per seat and whose turn it is."""
    lines = _compact_map(state)
    current = int(state["current"])
    for p in range(int(state["n_players"])):
        marker = ">" if p == current and not state["terminal"] else " "
        faction = data.FACTION_MATS[state["faction"][p]].name
        mat = data.PLAYER_MATS[state["mat"][p]].name
        text = (f"{marker} seat {p} {FACTION_LETTER[state['faction'][p]]} {faction}/{mat}: power "
                f"{int(state['power'][p])}, pop {int(state['popularity'][p])}, ${int(state['coins'][p])}, "
                f"cards {int(state['hand'][p].sum())}, stars {int(np.sum(state['stars'][p]))}")
        lines.append(text)
        if state["terminal"]:
            lines.append(f"    final score ${int(state['final_score'][p])}, rank {int(state['rank'][p]) + 1}")
    status = "game over" if state["terminal"] else f"seat {current} to act: {PHASE_NAMES[state['phase']]}"
    lines += [f"Turn {int(state['turn'])}, {status}.", *COMPACT_LEGEND]
    return "\n".join(lines)


def private_text(state, seat: int) -> str:
    """What only `seat` sees of the game, for a person playing it (the board shows it as counts):
    its combat cards by value, its objective cards and its factory card."""
    cards = [str(MIN_CARD_VALUE + v) for v, n in enumerate(state["hand"][seat]) for _ in range(int(n))]
    objectives = [f"#{int(k) + 1} {data.OBJECTIVE_CARDS[int(k)].name}" for k in state["objectives"][seat] if k >= 0]
    factory = int(state["factory_card"][seat])
    return (f"your combat cards: {', '.join(cards) or 'none'}; objectives: {'; '.join(objectives) or 'none'}"
            + (f"; factory card #{factory + 1}" if factory >= 0 else ""))


def _python(kernel):
    """A rule's plain Python function: a person's reasons are read without compiling anything."""
    return getattr(kernel, "py_func", kernel)


def unavailable_text(state) -> list[str]:
    """Why choices of the current decision are missing or will be cut short, for a person playing:
    at the choice of a mat section, the section chosen last turn (S2.1) and each bottom action the
    seat cannot pay for now, which the turn then skips (S0.7)."""
    if state["phase"] != PH_SECTION or state["terminal"]:
        return []
    p = int(state["current"])
    mat = data.PLAYER_MATS[state["mat"][p]]
    last = int(state["last_section"][p]) if state["faction"][p] != RUSVIET else -1  # Relentless (S12.1)
    notes = []
    if 0 <= last < N_MAT_SECTIONS:
        notes.append(f"Section {last + 1} ({mat.top_order[last].name.title()}): not this turn, "
                     "you chose it last turn")
    control = np.empty(N_TERRITORIES, dtype=np.int8)
    _python(board.control)(state, control)
    coercion = 1 if _python(bottom.coercion_available)(state, p) else 0
    for b in range(N_MAT_SECTIONS):
        resource = int(BOTTOM_RESOURCE[b])
        cost = int(BOTTOM_COST[state["mat"][p], b]) - int(state["covered"][p, b])
        held = int(_python(board.controlled_total)(state, p, resource, control))
        if b != last and held + coercion < cost:
            name = data.Resource(resource).name.lower()
            notes.append(f"Section {b + 1}'s bottom action ({data.BottomAction(b).name.title()}) costs {cost} "
                         f"{name}, you control {held}{' (+1 by Coercion)' if coercion else ''}: "
                         "the turn would skip it")
    return notes
