"""ANSI text rendering of an Oath state, as a spectator sees the table (O9.4): the round, the
banners and the title, the map slot by slot (site, warbands, the cards there, facedown relics
counted), one line per player, and the decision pending. Facedown cards show as "facedown";
the world deck shows no size (it is private) and the discard piles their sizes."""

from __future__ import annotations

import numpy as np

from meeplegym.envs.oath import data as D
from meeplegym.envs.oath.actions import slot_name
from meeplegym.envs.oath.state import (
    DEC_NAMES,
    FIRST_VISION,
    PH_GAME_OVER,
    PH_POWER,
    PHASE_NAMES,
    SIDE_NAMES,
    WIN_NAMES,
    Z_ADVISER,
    Z_HAND,
    Z_PERSONAL,
    Z_SITE,
    Z_VISION_SPACE,
    card_name,
)
from meeplegym.render import fit

BOLD, DIM, RESET = "\x1b[1m", "\x1b[2m", "\x1b[0m"
SUITS = tuple(s.name.capitalize() for s in D.Suit)


def colour_name(s, p: int) -> str:
    c = int(s["colour"][p])
    return D.Colour(c).name.lower() if c >= 0 else "no board yet"


def seat_text(s, p: int) -> str:
    return f"seat {p} ({colour_name(s, p)})" if p >= 0 else "nobody"


def card_text(s, c: int) -> str:
    """A card as the table shows it, with the tokens on it."""
    if not s["faceup"][c]:
        return "facedown"
    text = card_name(c + 1 if s["ruined"][c] else c)
    tokens = [f"{int(s[f][c])} {w}" for f, w in (("card_favor", "favor"), ("card_secrets", "secrets")) if s[f][c]]
    return f"{text} [{', '.join(tokens)}]" if tokens else text


def prophet_note(s, c: int) -> str:
    """Whose False Prophet warband sits on revealed Vision `c` (D2), or ''."""
    seat = int(s["prophet"][c - FIRST_VISION])
    return f"False Prophet: {colour_name(s, seat)}" if seat >= 0 else ""


def cards_at(s, zone: int, where: int) -> list[int]:
    return [int(c) for c in np.flatnonzero((s["zone"] == zone) & (s["where"] == where)) if c > 0]


def render_text(s) -> str:
    n = int(s["n_players"])
    oath = D.OATHS[int(s["oath"])].name
    lines = [f"{BOLD}Oath of {oath}{RESET} - round {int(s['round'])}/8, turns played {int(s['turn'])}, "
             f"Visions drawn {int(s['visions_drawn'])}"]
    title = "nobody" if s["title_holder"] < 0 else seat_text(s, int(s["title_holder"]))
    lines.append(f"Oathkeeper title: {title}{' (Usurper side)' if s['usurper'] else ''}; "
                 f"People's Favor: {seat_text(s, int(s['pf_holder']))} ({int(s['pf_tokens'])} favor"
                 f"{', Mob' if s['pf_mob'] else ''}); Darkest Secret: {seat_text(s, int(s['ds_holder']))} "
                 f"({int(s['ds_tokens'])} secrets)")
    lines.append("Favor banks: " + ", ".join(f"{SUITS[b]} {int(s['favor_bank'][b])}" for b in range(len(SUITS)))
                 + f"; shared bank {int(s['shared_favor'])}")
    lines.append("Discard piles: " + ", ".join(f"{r.name.capitalize()} {int(s['discard_size'][r])}"
                                                for r in D.Region) + f"; relic deck {int(s['relic_size'])}")
    lines.append(f"{BOLD}Map{RESET}")
    for k in range(D.SLOTS):
        bands = [f"{int(s['site_warbands'][k, c])} {D.Colour(c).name.lower()}"
                 for c in range(len(D.Colour)) if s["site_warbands"][k, c]]
        pawns = [f"seat {p}" for p in range(n) if s["pawn"][p] == k]
        cards = [card_text(s, c) for c in cards_at(s, Z_SITE, k)]
        parts = [slot_name(s, k)]
        if bands:
            parts.append("warbands " + ", ".join(bands))
        if pawns:
            parts.append("pawns " + ", ".join(pawns))
        if cards:
            parts.append("cards " + ", ".join(cards))
        lines.append("  " + "; ".join(parts))
    lines.append(f"{BOLD}Players{RESET}")
    for p in range(n):
        advisers = [card_text(s, c) for c in cards_at(s, Z_ADVISER, p)]
        held = [card_text(s, c) for c in cards_at(s, Z_PERSONAL, p)]
        vision = [" ".join(filter(None, (card_text(s, c), prophet_note(s, c)))) for c in cards_at(s, Z_VISION_SPACE, p)]
        colour = int(s["colour"][p])
        bank = int(s["bank_warbands"][colour]) if colour >= 0 else 0
        marker = ">" if p == s["actor"] and s["phase"] != PH_GAME_OVER else " "
        lines.append(
            f"{marker} {seat_text(s, p)} {SIDE_NAMES[int(s['side'][p])] if colour >= 0 else ''}: Supply {int(s['supply'][p])}, favor "
            f"{int(s['favor'][p])}, secrets {int(s['secrets'][p])}+{int(s['secrets_down'][p])} facedown, warbands "
            f"{int(s['board_warbands'][p])} on board / {bank} in bank; advisers: {', '.join(advisers) or 'none'}"
            + (f"; holds {', '.join(held)}" if held else "") + (f"; Vision {vision[0]}" if vision else ""))
    if s["phase"] == PH_GAME_OVER:
        lines.append(f"{BOLD}Game over{RESET}: {seat_text(s, int(s['winner']))} wins ({WIN_NAMES[int(s['win_kind'])]})")
    else:
        decision = PHASE_NAMES[int(s["phase"])]
        if s["phase"] == PH_POWER:
            power = card_name(int(s["pw_card"])) if s["pw_card"] else "The Tribunal"  # the one site power run
            decision += f" ({power}: {DEC_NAMES[int(s['pw_dec'])]})"
        lines.append(f"{DIM}{seat_text(s, int(s['actor']))} decides: {decision}{RESET}")
    return "\n".join(lines)


def private_text(s, seat: int) -> str:
    """What only `seat` sees of the game, for a person playing it (the board shows "facedown"):
    its facedown advisers and the cards in its hand, by name."""
    down = [card_name(c) for c in cards_at(s, Z_ADVISER, seat) if not s["faceup"][c]]
    hand = [card_name(c) for c in cards_at(s, Z_HAND, seat)]
    return (f"your facedown advisers: {', '.join(down) or 'none'}"
            + (f"; in your hand: {', '.join(hand)}" if hand else ""))


def compact_text(s) -> str:
    """The table in 80 columns, for terminal play: ``render_text``'s lines wrapped, each continuation
    indented."""
    return fit(render_text(s))
