"""What every Imperium state must satisfy: the engine's debug-mode checks, in one place.

``check_into(s, where)`` is a numba kernel: 0 when the state record is consistent, otherwise
the code of the first broken invariant (``VIOLATIONS[code]`` says it in words), with the seat
or pile in ``where[0]`` and the card in ``where[1]`` (-1 when it does not apply). ``check(s)``
is the same as a list of messages (empty when sound), for the env's debug mode, the state
loader (``state_json.state_from_dict``) and the tests. The kernel never indexes outside the
record whatever its bytes hold, so it also validates loaded states.

Invariants: every card in exactly one place -- a B face is never tracked, the table list is
the ascending list of the cards out of the box, and each ordered pile (draw piles and nation
decks per seat, the main deck, the fame pile, the unrest pile, the three small piles, the
market slots) lists exactly the cards whose zone (and owner) say they are there, each once;
resources and tokens never negative; garrisoned cards under a card in play; King of Kings at
the bottom of the fame pile (I11.1); no program running outside a decision; and (in
``play_random_checked``) a live state always has a legal action.

``play_random_checked`` is ``engine.play_random`` with the check after every decision, for the
playout tests and ``benchmarks/soak.py``.
"""

from __future__ import annotations

import sys

import numpy as np

from meeplegym.violations import Violations, card_details
from meeplegym.envs.imperium import actions as A
from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium.rules import turn
from meeplegym.envs.imperium.state import (
    MARKET_SLOTS,
    MAX_PLAYERS,
    N_CARDS,
    N_RESOURCES,
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
    Z_STATE_CARD,
    Z_UNDER_MARKET,
    Z_UNREST_PILE,
    Z_AUTOMA_SLOT,
    AUTOMA_SLOTS,
)
from meeplegym.game_kernels import checked_kernels
from meeplegym.jit import kernel

_TABLE = (
    ("OK", "consistent"),
    ("N_PLAYERS", "n_players outside 1..4"),
    ("B_FACE", "a B face is tracked as a card"),
    ("TABLE_LIST", "table_cards: not the ascending list of the cards out of the box"),
    ("DRAW_PILE", "draw pile {seat}: its order and its cards' zones disagree"),
    ("NATION_DECK", "nation deck {seat}: its order and its cards' zones disagree"),
    ("MAIN_DECK", "main deck: its order and its cards' zones disagree"),
    ("FAME_PILE", "fame pile: its order and its cards' zones disagree"),
    ("UNREST_PILE", "unrest pile: its order and its cards' zones disagree"),
    ("SMALL_PILES", "small pile {seat}: its order and its cards' zones disagree"),
    ("MARKET_SLOT", "market slot {seat}: its card or tucked unrest is not marked there"),
    ("MARKET_COUNT", "market: more cards marked in the market than in its slots"),
    ("POOL_NEGATIVE", "player {seat}: negative pool"),
    ("TOKENS_NEGATIVE", "player {seat}: negative tokens"),
    ("CARD_RES_NEGATIVE", "negative resources on a card"),
    ("GARRISON_HOST", "garrisoned under a card not in play"),
    ("KING_OF_KINGS", "King of Kings left the bottom of the fame pile (I11.1)"),
    ("PROGRAM_OUTSIDE", "a program is running outside a decision"),
    ("NO_LEGAL_ACTION", "a live state without a legal action"),
    ("NOT_FINISHED", "game still running after max_decisions"),
    ("STATE_CARD", "player {seat}: the state card is not the one card in their state-card place"),
    ("AUTOMA", "the automa: its seat, deck, dynasty pile, slots, die or pool disagree with its cards (I14)"),
    ("ILLEGAL_CHOICE", "a policy chose an action its legal mask forbids (step_checked)"),
)
VIOLATIONS: dict[int, str] = {code: message for code, (_, message) in enumerate(_TABLE)}
CODES: dict[str, int] = {name: code for code, (name, _) in enumerate(_TABLE)}

OK = 0
N_PLAYERS = 1
B_FACE = 2
TABLE_LIST = 3
DRAW_PILE = 4
NATION_DECK = 5
MAIN_DECK = 6
FAME_PILE = 7
UNREST_PILE = 8
SMALL_PILES = 9
MARKET_SLOT = 10
MARKET_COUNT = 11
POOL_NEGATIVE = 12
TOKENS_NEGATIVE = 13
CARD_RES_NEGATIVE = 14
GARRISON_HOST = 15
KING_OF_KINGS = 16
PROGRAM_OUTSIDE = 17
NO_LEGAL_ACTION = 18
NOT_FINISHED = 19
STATE_CARD = 20
AUTOMA = 21
ILLEGAL_CHOICE = 22

# The literals above are what numba freezes into the kernels; keep them equal to the table.
assert all(globals()[name] == code for name, code in CODES.items()), "code constants out of step with _TABLE"

PHYSICAL = K.PHYSICAL
KING_OF_KINGS_CARD = K.KING_OF_KINGS
ANYONE = -2  # a pile with no owner


@kernel
def _pile(s, cards, size, zone, owner, seen, where):
    """Whether pile cards[:size] lists exactly the cards in `zone` (of `owner`), each once."""
    if size < 0 or size > cards.shape[0]:
        return False
    seen[:] = 0
    for k in range(size):
        c = cards[k]
        if c < 0 or c >= N_CARDS or seen[c] or s["zone"][c] != zone or (owner != ANYONE and s["owner"][c] != owner):
            where[1] = c if 0 <= c < N_CARDS else -1
            return False
        seen[c] = 1
    members = 0
    for c in range(N_CARDS):
        if s["zone"][c] == zone and (owner == ANYONE or s["owner"][c] == owner):
            members += 1
            if not seen[c]:
                where[1] = c
    return members == size


@kernel
def _automa_ok(s, seen, where):
    """The solo automa (I14): its seat follows the player's; its deck and dynasty pile list its
    cards there; each slot's card is marked under that slot and no other card is; the die is on
    a slot or aside; its pool is not negative. Without an automa, no card is in a slot."""
    a = s["automa"]
    slotted = 0
    for c in range(N_CARDS):
        if s["zone"][c] == Z_AUTOMA_SLOT:
            slotted += 1
            where[1] = c
    if a < 0:
        return a == -1 and slotted == 0
    where[1] = -1
    if a != s["n_players"] or a >= MAX_PLAYERS or s["automa_side"] < 0 or s["automa_side"] > 1:
        return False
    if s["die"] < -1 or s["die"] >= AUTOMA_SLOTS:
        return False
    if not _pile(s, s["draw_pile"][a], s["draw_size"][a], Z_DRAW, a, seen, where):
        return False
    if not _pile(s, s["nation_deck"][a], s["nation_size"][a], Z_NATION_DECK, a, seen, where):
        return False
    for r in range(N_RESOURCES):
        if s["pool"][a, r] < 0:
            return False
    for k in range(AUTOMA_SLOTS):
        c = s["slot_card"][k]
        if c >= N_CARDS or (c >= 0 and (s["zone"][c] != Z_AUTOMA_SLOT or s["pile_index"][c] != k)):
            where[1] = c
            return False
        if c >= 0:
            slotted -= 1
    return slotted == 0


@kernel
def check_into(s, where):
    """0, or the first broken invariant's code; where = [seat or pile, card] of the finding."""
    where[0] = -1
    where[1] = -1
    n = s["n_players"]
    if n < 1 or n > MAX_PLAYERS:
        return N_PLAYERS
    for c in range(N_CARDS):
        if PHYSICAL[c] != c and s["zone"][c] != Z_BOX:
            where[1] = c
            return B_FACE
    seen = np.zeros(N_CARDS, dtype=np.int8)
    listed = s["n_table_cards"]
    if listed < 0 or listed > N_CARDS:
        return TABLE_LIST
    for k in range(listed):
        c = s["table_cards"][k]
        if c < 0 or c >= N_CARDS or (k > 0 and c <= s["table_cards"][k - 1]):
            return TABLE_LIST
        seen[c] = 1
    for c in range(N_CARDS):
        if PHYSICAL[c] == c and s["zone"][c] != Z_BOX and not seen[c]:
            where[1] = c
            return TABLE_LIST
    for p in range(n):
        where[0] = p
        if not _pile(s, s["draw_pile"][p], s["draw_size"][p], Z_DRAW, p, seen, where):
            return DRAW_PILE
        if not _pile(s, s["nation_deck"][p], s["nation_size"][p], Z_NATION_DECK, p, seen, where):
            return NATION_DECK
        for r in range(N_RESOURCES):
            if s["pool"][p, r] < 0:
                return POOL_NEGATIVE
        if s["actions"][p] < 0 or s["exhaust_tokens"][p] < 0:
            return TOKENS_NEGATIVE
        sc = s["state_card"][p]  # one card shows the state, the one state_card names (I2.5, I16)
        if sc < 0 or sc >= N_CARDS or s["zone"][sc] != Z_STATE_CARD or s["owner"][sc] != p:
            return STATE_CARD
        shown = 0
        for c in range(N_CARDS):
            if s["zone"][c] == Z_STATE_CARD and s["owner"][c] == p:
                shown += 1
        if shown != 1:
            return STATE_CARD
    where[0] = -1
    if not _automa_ok(s, seen, where):
        return AUTOMA
    if not _pile(s, s["main_deck"], s["main_size"], Z_MAIN_DECK, ANYONE, seen, where):
        return MAIN_DECK
    if not _pile(s, s["fame_pile"], s["fame_size"], Z_FAME_PILE, ANYONE, seen, where):
        return FAME_PILE
    if not _pile(s, s["unrest_pile"], s["unrest_size"], Z_UNREST_PILE, ANYONE, seen, where):
        return UNREST_PILE
    # the small piles: each lists its own cards once; together, every card in the zone
    seen[:] = 0
    total = 0
    for k in range(N_SMALL_PILES):
        size = s["small_size"][k]
        where[0] = k
        if size < 0 or size > s["small_pile"].shape[1]:
            return SMALL_PILES
        for j in range(size):
            c = s["small_pile"][k, j]
            if c < 0 or c >= N_CARDS or seen[c] or s["zone"][c] != Z_SMALL_PILE or s["pile_index"][c] != k:
                return SMALL_PILES  # pile_index: the pile the engine takes c out of (zones.put)
            seen[c] = 1
        total += size
    where[0] = -1
    for c in range(N_CARDS):
        if s["zone"][c] == Z_SMALL_PILE:
            total -= 1
    if total != 0:
        return SMALL_PILES
    in_slots = 0
    for slot in range(MARKET_SLOTS):
        where[0] = slot
        c = s["market"][slot]
        u = s["market_unrest"][slot]
        if c >= N_CARDS or (c >= 0 and (s["zone"][c] != Z_MARKET or s["pile_index"][c] != slot)):
            where[1] = c
            return MARKET_SLOT
        if u >= N_CARDS or (u >= 0 and (s["zone"][u] != Z_UNDER_MARKET or s["pile_index"][u] != slot)):
            where[1] = u
            return MARKET_SLOT
        if c >= 0:
            in_slots += 1
    where[0] = -1
    for c in range(N_CARDS):
        if s["zone"][c] == Z_MARKET:
            in_slots -= 1
    if in_slots != 0:
        return MARKET_COUNT
    for c in range(N_CARDS):
        where[1] = c
        for r in range(N_RESOURCES):
            if s["card_res"][c, r] < 0:
                return CARD_RES_NEGATIVE
        if s["zone"][c] == Z_GARRISON:
            host = s["host"][c]
            if host < 0 or host >= N_CARDS or s["zone"][host] != Z_PLAY:
                return GARRISON_HOST
    where[1] = -1
    if s["fame_size"] > 0 and s["fame_pile"][0] != KING_OF_KINGS_CARD:
        return KING_OF_KINGS
    if s["phase"] != PH_EFFECT and s["depth"] != 0 and not s["terminal"]:
        return PROGRAM_OUTSIDE
    return OK


check_loaded_into = check_into  # a loaded position is held to every check

check_at, await_decision, diagnose_at, play_random_checked, start_checked, step_checked = checked_kernels(
    turn, sys.modules[__name__], A.N_ACTIONS, __name__)


# ---------------------------------------------------------------- Python helpers
_WORDS = Violations(_TABLE, diagnose_at, card_details(lambda card: K.RECORD_IDS[card]))
describe, diagnose, explain, check = _WORDS.describe, _WORDS.diagnose, _WORDS.explain, _WORDS.check
