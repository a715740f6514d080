"""What every Oath state must satisfy: the engine's debug-mode checks, in one place.

``check_into(s, where)`` is a numba kernel: 0 when the state record is consistent, otherwise
the code of the first broken invariant (``VIOLATIONS[code]`` says it in words), with the seat,
slot or pile in ``where[0]`` and the card in ``where[1]`` (-1 when it does not apply). ``check``,
``explain`` and ``describe`` say it in words (meeplegym.violations). The kernel never indexes
outside the record whatever its bytes hold, so it can also validate loaded states.

Invariants: favor is conserved (36 in all, O2.13, O9.3); each colour's warbands are conserved
(24 purple, 14 of the others); each ordered pile (world deck, discard piles, relic deck) lists
exactly the cards whose zone says they are there, each once; the Reliquary spaces and their
relics agree; no count is negative and Supply stays in 0..7; a site holds warbands of one colour
at most, no cards when facedown and no more denizens and edifices than its capacity; nobody has
more advisers than the limit; every pawn stands on a faceup site; banners, the title and the
Grand Scepter are held by seats of the game; only Exiles have a revealed Vision; a Sneak Attack
campaign interrupts another seat's turn; and (in
``play_random_checked``) a live state always has a legal action.
"""

from __future__ import annotations

import sys

import numpy as np

from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath import state as S
from meeplegym.envs.oath.rules import turn
from meeplegym.envs.oath.rules.major import SITE_CAPACITY, council_fits, council_keeps
from meeplegym.envs.oath.state import (
    DISCARD_AS_USUAL,
    FIRST_RELIC,
    GRAND_SCEPTER,
    MAX_PILE,
    MAX_PLAYERS,
    MAX_RELIC_DECK,
    N_CARDS,
    N_COLOURS,
    N_REGIONS,
    N_SITES,
    N_SLOTS,
    N_SUITS,
    N_VISIONS,
    NOBODY,
    PH_ACT,
    PH_BEGIN_TURN,
    PH_DISCARD_DOWN,
    PH_SLUM,
    PH_TITLE,
    PURPLE,
    RELIQUARY_SPACES,
    SIDE_EXILE,
    Z_DISCARD,
    Z_PERSONAL,
    Z_RELIC_DECK,
    Z_RELIQUARY,
    Z_SITE,
    Z_VISION_SPACE,
    Z_WORLD_DECK,
)
from meeplegym.violations import Violations, card_details
from meeplegym.game_kernels import checked_kernels
from meeplegym.jit import kernel

_TABLE = (
    ("OK", "consistent"),
    ("N_PLAYERS", "n_players outside 2..6"),
    ("FAVOR", "favor is not conserved (36 in all)"),
    ("WARBANDS", "colour {seat}: its warbands are not conserved"),
    ("WORLD_DECK", "world deck: its order and its cards' zones disagree"),
    ("DISCARD_PILE", "discard pile {seat}: its order and its cards' zones disagree"),
    ("RELIC_DECK", "relic deck: its order and its cards' zones disagree"),
    ("RELIQUARY", "Reliquary space {seat}: its relic is not marked there"),
    ("NEGATIVE", "seat {seat}: a negative count or Supply outside 0..7"),
    ("TOKENS_NEGATIVE", "negative tokens on a card, a site, a bank or a banner"),
    ("TWO_COLOURS", "slot {seat}: warbands of two colours"),
    ("FACEDOWN_SITE", "slot {seat}: a facedown site holds cards"),
    ("CAPACITY", "slot {seat}: more denizens and edifices than its capacity"),
    ("ADVISERS", "seat {seat}: more advisers than the limit"),
    ("PAWN", "seat {seat}: the pawn is not on a faceup site"),
    ("HOLDERS", "a banner, the title or the Grand Scepter held by no seat of the game"),
    ("VISION", "seat {seat}: a revealed Vision held by a non-Exile, or two"),
    ("SITES", "slot {seat}: not a site, or a site in two slots"),
    ("NO_LEGAL_ACTION", "a live state without a legal action"),
    ("NOT_FINISHED", "game still running after max_decisions"),
    ("INTERRUPTED", "a Sneak Attack interrupts the turn of no seat of the game, or its own attacker's"),
    ("MODIFIER_AT_ACT", "a modifier still in use at the Act phase's choice, between actions (O7.4)"),
    ("ILLEGAL_CHOICE", "a policy chose an action its legal mask forbids (step_checked)"),
)
VIOLATIONS: dict[int, str] = {code: message for code, (_, message) in enumerate(_TABLE)}
CODES: dict[str, int] = {name: code for code, (name, _) in enumerate(_TABLE)}

OK = 0
N_PLAYERS = 1
FAVOR = 2
WARBANDS = 3
WORLD_DECK = 4
DISCARD_PILE = 5
RELIC_DECK = 6
RELIQUARY = 7
NEGATIVE = 8
TOKENS_NEGATIVE = 9
TWO_COLOURS = 10
FACEDOWN_SITE = 11
CAPACITY = 12
ADVISERS = 13
PAWN = 14
HOLDERS = 15
VISION = 16
SITES = 17
NO_LEGAL_ACTION = 18
NOT_FINISHED = 19
INTERRUPTED = 20
MODIFIER_AT_ACT = 21
ILLEGAL_CHOICE = 22

# The literals above are what numba freezes into the kernels; keep them equal to the table.
assert all(globals()[name] == code for name, code in CODES.items()), "code constants out of step with _TABLE"

FAVOR_TOTAL = D.FAVOR_TOTAL
WARBANDS_OF = np.array([D.WARBANDS[c] for c in D.Colour], dtype=np.int64)
SUPPLY_MAX = D.SUPPLY_MAX


@kernel
def _pile(s, cards, size, capacity, zone, where, seen, out):
    """The pile lists exactly the cards whose zone and place say they are there, each once."""
    if size < 0 or size > capacity:
        return False
    for k in range(N_CARDS):
        seen[k] = 0
    for k in range(size):
        c = cards[k]
        if c <= 0 or c >= N_CARDS or seen[c] or s["zone"][c] != zone or (where >= 0 and s["where"][c] != where):
            out[1] = c if 0 < c < N_CARDS else -1
            return False
        seen[c] = 1
    for c in range(1, N_CARDS):
        if s["zone"][c] == zone and (where < 0 or s["where"][c] == where) and not seen[c]:
            out[1] = c
            return False
    return True


@kernel
def check_into(s, where):
    where[0] = -1
    where[1] = -1
    n = s["n_players"]
    if n < D.MIN_PLAYERS or n > MAX_PLAYERS:
        return N_PLAYERS
    # sites and pieces on the map
    for slot in range(N_SLOTS):
        where[0] = slot
        site = s["slot_site"][slot]
        if site < 0 or site >= N_SITES:
            return SITES
        for other in range(slot):
            if s["slot_site"][other] == site:
                return SITES
        colours = 0
        for col in range(N_COLOURS):
            if s["site_warbands"][slot, col] < 0:
                return TOKENS_NEGATIVE
            if s["site_warbands"][slot, col] > 0:
                colours += 1
        if colours > 1:
            return TWO_COLOURS
        if s["slot_favor"][slot] < 0 or s["slot_secrets"][slot] < 0:
            return TOKENS_NEGATIVE
        cards = 0
        for c in range(1, N_CARDS):
            if s["zone"][c] == Z_SITE and s["where"][c] == slot:
                if not s["slot_faceup"][slot]:
                    where[1] = c
                    return FACEDOWN_SITE
                if c < FIRST_RELIC:
                    cards += 1
        slumming = s["phase"] == PH_SLUM or (s["phase"] == PH_TITLE and s["title_return"] == PH_SLUM)
        moved = s["slum_card"] > 0 and s["where"][s["slum_card"]] == slot
        if cards > SITE_CAPACITY[site] + (1 if slumming and moved else 0):
            return CAPACITY  # one over only while a card moved to the Great Slum waits on its discard (D1)
    # favor and warbands conserved
    where[0] = -1
    favor = np.int64(s["shared_favor"]) + s["pf_tokens"]
    for b in range(N_SUITS):
        if s["favor_bank"][b] < 0:
            return TOKENS_NEGATIVE
        favor += s["favor_bank"][b]
    for slot in range(N_SLOTS):
        favor += s["slot_favor"][slot]
    for c in range(N_CARDS):
        if s["card_favor"][c] < 0 or s["card_secrets"][c] < 0:
            where[1] = c
            return TOKENS_NEGATIVE
        favor += s["card_favor"][c]
    if s["shared_favor"] < 0 or s["pf_tokens"] < 0 or s["ds_tokens"] < 0:
        return TOKENS_NEGATIVE
    for p in range(n):
        where[0] = p
        if (s["favor"][p] < 0 or s["secrets"][p] < 0 or s["secrets_down"][p] < 0 or s["board_warbands"][p] < 0
                or s["supply"][p] < 0 or s["supply"][p] > SUPPLY_MAX):
            return NEGATIVE
        favor += s["favor"][p]
    where[0] = -1
    if favor != FAVOR_TOTAL:
        return FAVOR
    for col in range(N_COLOURS):
        where[0] = col
        total = np.int64(s["bank_warbands"][col])
        if total < 0:
            return WARBANDS
        for slot in range(N_SLOTS):
            total += s["site_warbands"][slot, col]
        total += s["cage_warbands"][col]
        for k in range(N_VISIONS):  # False Prophet warbands on Visions
            q = s["prophet"][k]
            if q >= 0 and s["colour"][q] == col:
                total += 1
        in_game = col == PURPLE
        for p in range(n):
            if s["colour"][p] == col:
                in_game = True
            board = PURPLE if s["side"][p] != SIDE_EXILE else s["colour"][p]
            if board == col:
                total += s["board_warbands"][p]
        if in_game and total != WARBANDS_OF[col]:
            return WARBANDS
    # ordered piles
    where[0] = -1
    seen = np.zeros(N_CARDS, dtype=np.int8)
    if not _pile(s, s["world"], s["world_size"], MAX_PILE, Z_WORLD_DECK, -1, seen, where):
        return WORLD_DECK
    for region in range(N_REGIONS):
        where[0] = region
        if not _pile(s, s["discard"][region], s["discard_size"][region], MAX_PILE, Z_DISCARD, region, seen,
                     where):
            return DISCARD_PILE
    where[0] = -1
    if not _pile(s, s["relic_deck"], s["relic_size"], MAX_RELIC_DECK, Z_RELIC_DECK, -1, seen, where):
        return RELIC_DECK
    for k in range(RELIQUARY_SPACES):
        where[0] = k
        r = s["reliquary"][k]
        if r < 0 or r >= N_CARDS or (r > 0 and (s["zone"][r] != Z_RELIQUARY or s["where"][r] != k)):
            return RELIQUARY
    for c in range(1, N_CARDS):
        if s["zone"][c] == Z_RELIQUARY:
            k = s["where"][c]
            if k < 0 or k >= RELIQUARY_SPACES or s["reliquary"][k] != c:
                where[0] = k
                where[1] = c
                return RELIQUARY
    # players
    where[1] = -1
    for p in range(n):
        where[0] = p
        visions = 0
        for c in range(1, N_CARDS):
            if s["where"][c] == p and s["zone"][c] == Z_VISION_SPACE:
                visions += 1
        discarding = s["phase"] == PH_DISCARD_DOWN or (s["phase"] == PH_TITLE and s["title_return"] == PH_DISCARD_DOWN)
        if not council_fits(s, p, 0, False, False) and not (discarding and council_keeps(s, p)):
            return ADVISERS  # over the limit only while discarding down to it (O7.6.4)
        if visions > 1 or (visions == 1 and s["side"][p] != SIDE_EXILE):
            return VISION
        pawn = s["pawn"][p]
        if pawn < -1 or pawn >= N_SLOTS or (pawn >= 0 and not s["slot_faceup"][pawn]):
            return PAWN
        if pawn == -1 and s["phase"] >= PH_BEGIN_TURN:
            return PAWN  # placed at setup step 23
    where[0] = -1
    for holder in (s["pf_holder"], s["ds_holder"], s["title_holder"]):
        if holder != NOBODY and (holder < 0 or holder >= n):
            return HOLDERS
    if s["zone"][GRAND_SCEPTER] != Z_PERSONAL or s["where"][GRAND_SCEPTER] < 0 or s["where"][GRAND_SCEPTER] >= n:
        return HOLDERS
    interrupted = s["interrupted"]
    if interrupted != -1 and (interrupted < 0 or interrupted >= n or interrupted == s["current"]):
        return INTERRUPTED
    if s["phase"] == PH_ACT and (s["discard_to"] != DISCARD_AS_USUAL or s["trade_as"] != -1):
        return MODIFIER_AT_ACT
    if s["phase"] == PH_ACT:
        for c in range(N_CARDS):
            if s["mod_on"][c]:
                return MODIFIER_AT_ACT
    return OK


check_loaded_into = check_into  # a loaded position is held to every check

check_at, await_decision, diagnose_at, play_random_checked, start_checked, step_checked = checked_kernels(
    turn, sys.modules[__name__], A.N_ACTIONS, __name__)


# ---------------------------------------------------------------- Python helpers
_WORDS = Violations(_TABLE, diagnose_at, card_details(S.card_name))
describe, diagnose, explain, check = _WORDS.describe, _WORDS.diagnose, _WORDS.explain, _WORDS.check
