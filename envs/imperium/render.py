"""ANSI text rendering of an Imperium state: the market and piles, one panel per player, and the
decision pending. Hands and piles show as sizes (what a spectator sees); cards in play show
their exhaust tokens, resources and garrison counts."""

from __future__ import annotations

import numpy as np

from meeplegym.envs.imperium import actions as A
from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import data as D
from meeplegym.envs.imperium import state as ST
from meeplegym.envs.imperium.action_names import RESOURCES, STATE_CODES, card_name, decision_text
from meeplegym.envs.imperium.effects import AUTOMA_TABLE_NAMES, TRIG_PLAY
from meeplegym.envs.imperium.rules import automa, scoring, steps, turn, zones
from meeplegym.envs.imperium.rules.zones import state_icons
from meeplegym.render import fit

BOLD, DIM, RESET = "\x1b[1m", "\x1b[2m", "\x1b[0m"
NATIONS = {int(n.code): n.name for n in D.NATIONS}
PILES = ("region", "uncivilised", "civilised")


def resources_text(amounts) -> str:
    return " ".join(f"{int(k)} {RESOURCES[r]}" for r, k in enumerate(amounts) if k)


def cards_in(s, zone, owner=None) -> list[int]:
    """The physical cards in `zone` (of `owner`, when given), ascending."""
    here = s["zone"] == zone
    if owner is not None:
        here &= s["owner"] == owner
    return [int(c) for c in np.flatnonzero(here) if K.PHYSICAL[c] == c]


def card_notes(s, c: int) -> list[str]:
    """What sits on a card in play: an exhaust token, resources, garrisoned cards."""
    notes = []
    if s["exhausted"][c]:
        notes.append("exhausted")
    if s["card_res"][c].any():
        notes.append(resources_text(s["card_res"][c]))
    under = int(np.sum((s["zone"] == ST.Z_GARRISON) & (s["host"] == c)))
    if under:
        notes.append(f"{under} garrisoned")
    return notes


def _card_in_play(s, c: int) -> str:
    notes = card_notes(s, c)
    return card_name(s, c) + (f" ({', '.join(notes)})" if notes else "")


def _market_lines(s) -> list[str]:
    lines = [f"{BOLD}Market{RESET}"]
    for slot in range(ST.MARKET_SLOTS):
        c = int(s["market"][slot])
        if c < 0:
            lines.append(f"  {slot + 1}. (empty)")
            continue
        text = f"  {slot + 1}. {card_name(s, c)}"
        if s["card_res"][c].any():
            text += f" [{resources_text(s['card_res'][c])}]"
        if s["market_unrest"][slot] >= 0:
            text += " + unrest under it"
        lines.append(text)
    piles = ", ".join(f"{PILES[k]} {int(s['small_size'][k])}" for k in range(ST.N_SMALL_PILES))
    fame = int(s["fame_size"])
    lines.append(f"  piles: {piles}; main deck {int(s['main_size'])}; unrest pile {int(s['unrest_size'])}; "
                 f"fame pile {fame} (King of Kings side {'AB'[int(s['kok_side'])]})")
    exiled = [card_name(s, c) for c in np.flatnonzero(s["zone"] == ST.Z_EXILE) if K.PHYSICAL[c] == c]
    lines.append(f"  exile: {', '.join(exiled) if exiled else '-'}")
    return lines


def _player_lines(s, p: int) -> list[str]:
    marker = ">" if p == s["actor"] and not s["terminal"] else " "
    icons = state_icons(s, p)
    state = "/".join(code for k, code in enumerate(STATE_CODES) if icons >> k & 1) or "-"
    power = int(s["power_card"][p])
    side = "AB"[int(s["face"][power])] if power >= 0 else "-"
    sizes = {name: len(cards_in(s, zone, p)) for name, zone in (
        ("hand", ST.Z_HAND), ("discard", ST.Z_DISCARD), ("history", ST.Z_HISTORY))}
    lines = [
        f"{marker} {BOLD}seat {p} {NATIONS.get(int(s['nation'][p]), '?')}{RESET} (power side {side}, {state}): "
        f"{resources_text(s['pool'][p]) or 'no resources'}; {int(s['actions'][p])} actions, "
        f"{int(s['exhaust_tokens'][p])} exhaust tokens; hand {sizes['hand']}, draw pile {int(s['draw_size'][p])}, "
        f"nation deck {int(s['nation_size'][p])}, discard {sizes['discard']}, history {sizes['history']}",
        "    in play: " + (", ".join(_card_in_play(s, c) for c in cards_in(s, ST.Z_PLAY, p)) or "-"),
    ]
    chaos = cards_in(s, ST.Z_CHAOS_PILE, p)
    if chaos or s["nation"][p] == int(D.NationCode.CUL):
        lines.append(f"    chaos pile: {len(chaos)}")
    development = cards_in(s, ST.Z_DEVELOPMENT, p)
    if development:
        lines.append(f"    {DIM}development: {', '.join(card_name(s, c) for c in development)}{RESET}")
    if s["terminal"]:
        lines.append(f"    final score {scoring.score(s, p)}")
    return lines


def _automa_lines(s) -> list[str]:
    """The automa's panel (I14): its table side, slots (face down), piles, pool and score."""
    a = int(s["automa"])
    slots = " ".join("[?]" if c >= 0 else "[ ]" for c in s["slot_card"])
    die = f"on slot {int(s['die']) + 1}" if s["die"] >= 0 else "not on a slot"
    sizes = {name: len(cards_in(s, zone, a)) for name, zone in (
        ("discard", ST.Z_DISCARD), ("history", ST.Z_HISTORY))}
    lines = [
        f"  {BOLD}automa {NATIONS.get(int(s['nation'][a]), '?')}{RESET} ({ST.DIFFICULTY_NAMES[int(s['difficulty'])]}"
        f"{', Supreme Leader' if s['supreme_leader'] else ''}; {AUTOMA_TABLE_NAMES[int(s['automa_table'])]} table, "
        f"{('Barbarian', 'Empire')[int(s['automa_side'])]} side): {resources_text(s['pool'][a]) or 'no resources'}; "
        f"deck {int(s['draw_size'][a])}, dynasty pile {int(s['nation_size'][a])}, discard {sizes['discard']}, "
        f"history {sizes['history']}; slots {slots}, die {die}",
        "    in play: " + (", ".join(_card_in_play(s, c) for c in cards_in(s, ST.Z_PLAY, a)) or "-"),
    ]
    if s["terminal"]:
        lines.append(f"    final score {automa.score(s)}")
    return lines


def render_text(state) -> str:
    s = state
    lines = [f"{BOLD}Imperium: Horizons{RESET}, round {int(s['round'])}, turn {int(s['turn'])}"
             + (" (game end triggered)" if s["game_end_triggered"] else "")]
    lines += _market_lines(s)
    lines.append("")
    for p in range(int(s["n_players"])):
        lines += _player_lines(s, p)
    if s["automa"] >= 0:
        lines += _automa_lines(s)
    if s["terminal"]:
        result = ""
        if s["automa"] >= 0:
            result = " The automa wins." if scoring.automa_won(s) else " You beat the automa."
        lines.append("Game over" + (" (collapse)" if s["collapsed"] else "") + "." + result)
    else:
        lines.append(f"Seat {int(s['actor'])} to act: {decision_text(s)}")
    return "\n".join(lines)


def private_text(s, seat: int) -> str:
    """What only `seat` sees of the game, for a person playing it (the board shows it as counts):
    the cards in its hand, by name."""
    hand = [card_name(s, c) for c in cards_in(s, ST.Z_HAND, seat)]
    return f"your hand: {', '.join(hand) or 'empty'}"


def compact_text(s) -> str:
    """The table in 80 columns, for terminal play: ``render_text``'s lines wrapped, each continuation
    indented."""
    return fit(render_text(s))


def _python(kernel):
    """A rule's plain Python function: a person's reasons are read without compiling anything."""
    return getattr(kernel, "py_func", kernel)


def unavailable_text(state) -> list[str]:
    """Why cards in the hand cannot be played, in the Activate loop (I5), for a person playing: no
    action left (I5.1), a state icon that is not the player's state (I5.4), a card that cannot be
    played, or a text that can do nothing now with its costs paid (I6.3). Reads the rules' own
    functions on a copy of the state (the cost probe plays on it)."""
    if state["phase"] != ST.PH_ACTIVATE:
        return []
    s = state.copy()
    p = int(s["actor"])
    mask = np.zeros(A.N_ACTIONS, dtype=np.int8)
    _python(turn.legal)(s, mask)
    notes = []
    for c in cards_in(s, ST.Z_HAND, p):
        if mask[A.CARD + c]:
            continue
        record = int(_python(zones.rec)(s, c))
        if s["actions"][p] == 0 and not _python(turn.plays_free)(s, c):
            why = "no action left this turn (I5.1)"
        elif not s["ignore_state_turn"][p] and not _python(zones.state_allows)(s, p, c):
            why = "its state icon is not your state (I5.4)"
        elif steps.HAS_PROGRAM[record, TRIG_PLAY] and steps.ENTRY[record, TRIG_PLAY] == 0:
            why = "it cannot be played"
        else:
            why = "its text can do nothing now, or its cost cannot be paid (I6.3)"
        notes.append(f"{card_name(s, c)}: {why}")
    return notes

