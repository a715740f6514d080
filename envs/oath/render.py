"""ANSI text rendering of an Oath state, as a spectator sees the table (O9.4): the round, the
banners and the title, the map slot by slot (site, warbands, the cards there, facedown relics
counted), one line per player, and the decision pending. Facedown cards show as "facedown";
the world deck shows no size (it is private) and the discard piles their sizes."""

from __future__ import annotations

import numpy as np

from meeplegym.envs.oath import data as D
from meeplegym.envs.oath.actions import slot_name
from meeplegym.envs.oath.rules import campaign, major, modifiers
from meeplegym.envs.oath.state import (
    DEC_NAMES,
    FIRST_VISION,
    PH_ACT,
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


def _python(kernel):
    """A rule's plain Python function: a person's reasons are read without compiling anything."""
    return getattr(kernel, "py_func", kernel)


# what a major action needs besides Supply, for the reason that names it (O5.1-O5.6)
_NOTHING_TO = {D.MajorAction.SEARCH: "no deck or discard pile you may search now",
               D.MajorAction.MUSTER: "no card you may muster with now (each takes a favor or a secret)",
               D.MajorAction.TRADE: "no denizen you may trade with now",
               D.MajorAction.RECOVER: "nothing here you may recover now",
               D.MajorAction.CAMPAIGN: "no one you may campaign against now",
               D.MajorAction.TRAVEL: "no site you may travel to now"}


def _cheapest_supply(s, p: int, action: D.MajorAction) -> int:
    """The least Supply `action` can cost p now, by the rules' own costs; -1 if nothing can be paid for."""
    if action == D.MajorAction.SEARCH:
        return min(int(_python(major.world_search_cost)(s, p)), int(_python(major.discard_search_cost)(s)))
    if action == D.MajorAction.CAMPAIGN:
        return int(_python(campaign.campaign_supply)(s))
    if action == D.MajorAction.TRAVEL:
        costs = [int(_python(major.travel_cost)(s, p, to)) for to in range(len(s["slot_site"]))]
        return min((c for c in costs if c >= 0), default=-1)
    return int(major.SUPPLY_OF[int(action)])


def unavailable_text(state) -> list[str]:
    """Why major actions are missing at the choice of an action (O4.2), for a person playing: the
    Supply the action costs at least against the Supply held (O5), or, with the Supply there, what
    it lacks. Reads the rules' own functions on a copy of the state (they try modifiers on it)."""
    if state["phase"] != PH_ACT:
        return []
    s = state.copy()
    p = int(s["actor"])
    notes = []
    for action in D.MajorAction:
        can = (_python(campaign.can_campaign)(s, p) if action == D.MajorAction.CAMPAIGN
               else _python(modifiers.possible_with_any)(s, p, int(action)))
        if can:
            continue
        cost, supply = _cheapest_supply(s, p, action), int(s["supply"][p])
        if cost > supply:
            notes.append(f"{action.name.title()}: costs {cost} Supply, you have {supply}")
        else:
            notes.append(f"{action.name.title()}: {_NOTHING_TO[action]}")
    return notes

