"""The picture of an Imperium state (``render_mode="rgb_array"``): what a spectator sees.

Top, the market: one tile per slot with the card shown there, its resources and any unrest
tucked under it (I3.13), then the piles (small piles, main deck, unrest, fame with King of
Kings' side) and the exiled cards. Below, one panel per seat: nation, power side, state icons,
pool resources, action and exhaust tokens, the sizes of hand, draw pile, nation deck, discard
pile, history and development area, then every card in play as a tile (exhausted, resources,
garrisoned cards). Hands and piles are sizes only, as at the table. Each tile's stripe is its
banner colour (I1.6).
"""

from __future__ import annotations


from meeplegym import drawing as d
from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import data as D
from meeplegym.envs.imperium import state as ST
from meeplegym.envs.imperium.action_names import RESOURCES, STATE_CODES, card_name, decision_text
from meeplegym.envs.imperium.rules import scoring
from meeplegym.envs.imperium.render import NATIONS, PILES, card_notes, cards_in, resources_text
from meeplegym.envs.imperium.rules.zones import rec, state_icons

WIDTH = 1100
TILE_W, TILE_H = 150, 64
PLAY_W, PLAY_H = 128, 52
PANEL_HEIGHT = 176
PLAY_ROWS = 2
MARKET_Y = 40
PANELS_Y = 170
BANNER_COLOUR = {  # I1.6 banner colours
    int(D.Suit.REG): (235, 200, 60), int(D.Suit.UNC): (90, 160, 80), int(D.Suit.CIV): (205, 205, 205),
    int(D.Suit.TRI): (70, 120, 200), int(D.Suit.FAME): (140, 80, 170), int(D.Suit.UNREST): (200, 50, 50),
    int(D.Suit.GADGET): (230, 130, 190), int(D.Suit.POWER): (30, 30, 30), int(D.Suit.TROUTE): (150, 100, 60),
}
NO_BANNER = (160, 160, 160)
RESOURCE_COLOUR = ((150, 110, 70), (200, 80, 60), (60, 130, 200), (200, 160, 40))  # mat, pop, prg, gds


def banner_colour(s, c: int):
    return BANNER_COLOUR.get(int(K.BANNER[rec(s, c)]), NO_BANNER)


def _market(draw, s) -> None:
    d.text(draw, (12, MARKET_Y - 4), "market", 12)
    for slot in range(ST.MARKET_SLOTS):
        x = 70 + slot * (TILE_W + 8)
        c = int(s["market"][slot])
        if c < 0:
            draw.rounded_rectangle((x, MARKET_Y, x + TILE_W, MARKET_Y + TILE_H), radius=5, outline=d.MUTED)
            d.text(draw, (x + TILE_W // 2, MARKET_Y + TILE_H // 2), "(empty)", 11, d.MUTED, "mm")
            continue
        lines = [resources_text(s["card_res"][c])]
        if s["market_unrest"][slot] >= 0:
            lines.append("+ unrest under it")
        d.card(draw, x, MARKET_Y, TILE_W, TILE_H, f"{slot + 1}. {card_name(s, c)}", banner_colour(s, c), lines)
    piles = "   ".join(f"{PILES[k]} {int(s['small_size'][k])}" for k in range(ST.N_SMALL_PILES))
    d.text(draw, (70, MARKET_Y + TILE_H + 10),
           f"piles: {piles}   main deck {int(s['main_size'])}   unrest {int(s['unrest_size'])}   "
           f"fame {int(s['fame_size'])} (King of Kings side {'AB'[int(s['kok_side'])]})", 12)
    exiled = [card_name(s, c) for c in cards_in(s, ST.Z_EXILE)]
    d.text(draw, (70, MARKET_Y + TILE_H + 28), d.fit(draw, "exile: " + (", ".join(exiled) or "-"), WIDTH - 90, 12), 12,
           d.SECONDARY)


def _panel(draw, s, p: int, y: int) -> None:
    acting = not s["terminal"] and p == int(s["actor"])
    colour = d.SEAT_COLOURS[p]
    draw.rectangle((8, y, WIDTH - 8, y + PANEL_HEIGHT - 8), outline=d.INK if acting else d.MUTED,
                   width=3 if acting else 1, fill=(255, 255, 255))
    draw.rectangle((16, y + 8, 30, y + 22), fill=colour)
    icons = state_icons(s, p)
    state = "/".join(code for k, code in enumerate(STATE_CODES) if icons >> k & 1) or "-"
    power = int(s["power_card"][p])
    side = "AB"[int(s["face"][power])] if power >= 0 else "-"
    title = f"seat {p}: {NATIONS.get(int(s['nation'][p]), '?')} (power {side}, {state})"
    d.text(draw, (38, y + 8), title + ("  <- to act" if acting else ""), 13)
    x = 430
    for r, amount in enumerate(s["pool"][p]):
        draw.ellipse((x, y + 8, x + 14, y + 22), fill=RESOURCE_COLOUR[r], outline=d.INK)
        d.text(draw, (x + 18, y + 8), f"{int(amount)} {RESOURCES[r]}", 12)
        x += 78
    d.text(draw, (x + 10, y + 8), f"{int(s['actions'][p])} actions, {int(s['exhaust_tokens'][p])} exhaust", 12)
    sizes = (f"hand {len(cards_in(s, ST.Z_HAND, p))} · draw {int(s['draw_size'][p])} · "
             f"nation deck {int(s['nation_size'][p])} · discard {len(cards_in(s, ST.Z_DISCARD, p))} · "
             f"history {len(cards_in(s, ST.Z_HISTORY, p))} · development {len(cards_in(s, ST.Z_DEVELOPMENT, p))}")
    if s["terminal"]:
        sizes += f"   final score {scoring.score(s, p)}"
    d.text(draw, (38, y + 28), sizes, 12, d.SECONDARY)
    in_play = cards_in(s, ST.Z_PLAY, p)
    per_row = (WIDTH - 40) // (PLAY_W + 6)
    shown = in_play[: PLAY_ROWS * per_row]
    for i, c in enumerate(shown):
        row, col = divmod(i, per_row)
        d.card(draw, 16 + col * (PLAY_W + 6), y + 46 + row * (PLAY_H + 6), PLAY_W, PLAY_H, card_name(s, c),
               banner_colour(s, c), card_notes(s, c)[:2])
    if len(in_play) > len(shown):
        d.text(draw, (WIDTH - 16, y + PANEL_HEIGHT - 22), f"+{len(in_play) - len(shown)} more in play", 10,
               d.MUTED, "ra")


def picture(s):
    """The Pillow image of state record `s`."""
    d.require_pillow()
    n = int(s["n_players"])
    image, draw = d.canvas(WIDTH, PANELS_Y + n * PANEL_HEIGHT + 10)
    status = "game over" + (" (collapse)" if s["collapsed"] else "") if s["terminal"] else \
        f"seat {int(s['actor'])} to act: {decision_text(s)}"
    head = f"Imperium: Horizons, round {int(s['round'])}" + (" (game end triggered)" if s["game_end_triggered"] else "")
    d.text(draw, (12, 10), d.fit(draw, f"{head}. {status}", WIDTH - 24, 14), 14)
    _market(draw, s)
    for p in range(n):
        _panel(draw, s, p, PANELS_Y + p * PANEL_HEIGHT)
    return image


def rgb_array(s):
    return d.to_array(picture(s))
