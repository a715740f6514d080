"""Consistency checks of an Imperium state, for tests and debugging (plain Python).

`check(s)` returns the list of broken invariants (empty when the state is sound): every card
in exactly one place, every card out of the box in the table list and the ordered piles agreeing with the per-card zones, resources and
tokens never negative, garrisoned cards under a card in play, King of Kings at the bottom of
the fame pile (I11.1), no program running outside a decision.
"""

from __future__ import annotations

import numpy as np

from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium.state import (
    MARKET_SLOTS,
    N_SMALL_PILES,
    PH_EFFECT,
    Z_BOX,
    Z_DRAW,
    Z_FAME_PILE,
    Z_GARRISON,
    Z_MAIN_DECK,
    Z_MARKET,
    Z_NATION_DECK,
    Z_PLAY,
    Z_SMALL_PILE,
    Z_UNDER_MARKET,
    Z_UNREST_PILE,
)


def _pile(problems, s, name, cards, zone, owner=None):
    cards = [int(c) for c in cards]
    if len(set(cards)) != len(cards):
        problems.append(f"{name}: a card appears twice")
    for c in cards:
        if s["zone"][c] != zone or (owner is not None and s["owner"][c] != owner):
            problems.append(f"{name}: {K.RECORD_IDS[c]} is listed but its zone is {s['zone'][c]}")
    members = [c for c in range(K.N_RECORDS) if s["zone"][c] == zone and (owner is None or s["owner"][c] == owner)]
    return cards, members


def check(s) -> list[str]:
    problems: list[str] = []
    n = int(s["n_players"])
    for c in range(K.N_RECORDS):
        if K.PHYSICAL[c] != c and s["zone"][c] != Z_BOX:
            problems.append(f"{K.RECORD_IDS[c]}: a B face is tracked as a card")
    listed = [int(c) for c in s["table_cards"][: s["n_table_cards"]]]
    out_of_box = [c for c in range(K.N_RECORDS) if K.PHYSICAL[c] == c and s["zone"][c] != Z_BOX]
    if listed != sorted(set(listed)) or not set(out_of_box) <= set(listed):
        problems.append("table_cards: not the ascending list of the cards out of the box")
    for p in range(n):
        cards, members = _pile(problems, s, f"draw pile {p}", s["draw_pile"][p, : s["draw_size"][p]], Z_DRAW, p)
        if sorted(cards) != sorted(members):
            problems.append(f"draw pile {p}: order {len(cards)} cards, zone {len(members)}")
        cards, members = _pile(problems, s, f"nation deck {p}", s["nation_deck"][p, : s["nation_size"][p]], Z_NATION_DECK, p)
        if sorted(cards) != sorted(members):
            problems.append(f"nation deck {p}: order {len(cards)} cards, zone {len(members)}")
        if (s["pool"][p] < 0).any():
            problems.append(f"player {p}: negative pool {s['pool'][p].tolist()}")
        if s["actions"][p] < 0 or s["exhaust_tokens"][p] < 0:
            problems.append(f"player {p}: negative tokens")
    for name, cards, zone in (
        ("main deck", s["main_deck"][: s["main_size"]], Z_MAIN_DECK),
        ("fame pile", s["fame_pile"][: s["fame_size"]], Z_FAME_PILE),
        ("unrest pile", s["unrest_pile"][: s["unrest_size"]], Z_UNREST_PILE),
    ):
        listed, members = _pile(problems, s, name, cards, zone)
        if sorted(listed) != sorted(members):
            problems.append(f"{name}: order {len(listed)} cards, zone {len(members)}")
    small = []
    for k in range(N_SMALL_PILES):
        small += [int(c) for c in s["small_pile"][k, : s["small_size"][k]]]
    if sorted(small) != [c for c in range(K.N_RECORDS) if s["zone"][c] == Z_SMALL_PILE]:
        problems.append("small piles disagree with the zones")
    for slot in range(MARKET_SLOTS):
        c, u = int(s["market"][slot]), int(s["market_unrest"][slot])
        if c >= 0 and (s["zone"][c] != Z_MARKET or s["pile_index"][c] != slot):
            problems.append(f"market slot {slot}: {K.RECORD_IDS[c]} not marked there")
        if u >= 0 and (s["zone"][u] != Z_UNDER_MARKET or s["pile_index"][u] != slot):
            problems.append(f"market slot {slot}: tucked {K.RECORD_IDS[u]} not marked there")
    if sum(1 for c in range(K.N_RECORDS) if s["zone"][c] == Z_MARKET) != int((s["market"] >= 0).sum()):
        problems.append("market zone count disagrees with the slots")
    if (s["card_res"] < 0).any():
        problems.append("negative resources on a card")
    for c in np.flatnonzero(s["zone"] == Z_GARRISON):
        host = s["host"][c]
        if host < 0 or s["zone"][host] != Z_PLAY:
            problems.append(f"{K.RECORD_IDS[c]}: garrisoned under a card not in play")
    if s["fame_size"] > 0 and s["fame_pile"][0] != K.KING_OF_KINGS:
        problems.append("King of Kings left the bottom of the fame pile (I11.1)")
    if s["phase"] != PH_EFFECT and s["depth"] != 0 and not s["terminal"]:
        problems.append("a program is running outside a decision")
    return problems
