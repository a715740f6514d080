"""Imperium observation encoder: one float32 vector per seat, from that seat's point of view.

Players appear in *relative* order, as in Scythe's encoder: slot 0 is the observing seat, slot 1
the next seat in turn order, and so on. Only what the seat could see at the table is encoded
(spec I17 "Hidden information"):

- a card's whereabouts are shown only where the seat can see the card: its own hand, draw
  pile (as a set: the order never appears), nation deck (as a set), garrisoned cards and
  legends; everybody's play area, discard pile, history, development area, state card, chaos
  pile and set-aside cards; the market (slot by slot, with the unrest tucked under each card),
  the exile, and the face-up tributary at the bottom of a small pile. Cards in another seat's
  hand, draw pile, nation deck or garrison, in the main deck, fame pile or unrest pile (and
  cards out of the game) have no location: all their features are zero.
- other seats' hidden piles appear as sizes, their garrisons as a count per host card;
- the pending decision's context (the card whose text runs, the card a step picked, the cards
  the last draw brought, the event being answered) marks cards only where the seat already
  sees them, and the drawn cards only for the seat that drew them.

The fame pile is face down (I3.7, I11.1): only its size, whether only King of Kings is left and
King of Kings' side appear. Card blocks are indexed by catalogue row, the same index as the
CARD block of the action space (a B-face row stays zero: the physical card carries its face).
``FEATURES.markdown()`` prints the table.
"""

from __future__ import annotations

import sys

import numpy as np

from meeplegym import programs as P
from meeplegym.encoders.features import EntityRows, FeatureTable, fixed, seat_major, varying
from meeplegym.encoders.features import relative_seat as _rel
from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import data as D
from meeplegym.envs.imperium import effects as E
from meeplegym.envs.imperium import state as ST
from meeplegym.envs.imperium.actions import MAX_OPTIONS
from meeplegym.envs.imperium.rules import automa as AU
from meeplegym.envs.imperium.rules import frames
from meeplegym.envs.imperium.rules import scoring
from meeplegym.envs.imperium.rules import turn as T
from meeplegym.envs.imperium.rules import zones as Z
from meeplegym.game_kernels import encoder_kernels
from meeplegym.jit import kernel

MAX_PLAYERS = ST.MAX_PLAYERS
N_CARDS = ST.N_CARDS
N_RESOURCES = ST.N_RESOURCES
MARKET_SLOTS = ST.MARKET_SLOTS
N_SMALL_PILES = ST.N_SMALL_PILES
N_VARIANTS = len(ST.VARIANT_NAMES)  # state.VARIANT_* bits 0..N-1
N_PHASES = len(ST.PHASE_NAMES)
N_DECS = len(ST.DEC_NAMES)
N_NATIONS = K.N_NATIONS
N_STATE_ICONS = len(D.StateIcon)
# Room for the event kinds and opcodes the engine may still add: the layout stays put while it grows.
N_EVENT_KINDS = 20
assert max(v for k, v in vars(ST).items() if k.startswith("EV_") and isinstance(v, int)) < N_EVENT_KINDS
N_FRAME_KINDS = 3  # machine.FRAME_PLAY / FRAME_ABILITY / FRAME_SYSTEM
N_AFTER = 8  # turn.AFTER_*: back to the Activate loop, after Innovate, after the draw-up, Solstice, setup,
# after the market token; room for the solo automa's
assert max(T.AFTER_ACTIVATE, T.AFTER_INNOVATE, T.AFTER_DRAW_UP, T.AFTER_SOLSTICE, T.AFTER_SETUP,
           T.AFTER_MARKET_TOKEN, T.AFTER_AUTOMA_CARD) < N_AFTER
N_CONTROL_OPS = P.OP_NEXT + 1  # control opcodes (programs.OP_*) keep their number in the one-hot ...
N_OP_SLOTS = 80  # ... and the game's opcodes (effects.OP) follow them
assert N_CONTROL_OPS + len(E.OP) <= N_OP_SLOTS

# Where a card is, as the observing seat may know it (-1: it cannot see the card).
WHERE_NAMES = (
    ("own hand", "own draw pile", "own nation deck", "own garrisoned", "own legends", "play area",
     "discard pile", "history", "development area", "state card", "chaos pile", "set aside", "exile",
     "small pile (face-up tributary)")
    + tuple(f"market slot {k + 1}" for k in range(MARKET_SLOTS))
    + tuple(f"under market slot {k + 1}" for k in range(MARKET_SLOTS))
)
(W_HAND, W_DRAW, W_NATION, W_GARRISON, W_LEGENDS, W_PLAY, W_DISCARD, W_HISTORY, W_DEVELOPMENT,
 W_STATE, W_CHAOS, W_SET_ASIDE, W_EXILE, W_SMALL_PILE) = range(14)
W_MARKET = 14
W_UNDER = W_MARKET + MARKET_SLOTS
N_WHERE = len(WHERE_NAMES)

CARD_EXTRAS = (
    "mat on it", "pop on it", "prg on it", "gds on it", "exhaust token on it", "B face up",
    "free-played this turn", "cards garrisoned under it", "Solstice effect done this Solstice",
    "its text runs now (top frame)", "its text is running (any frame)", "picked by the pending step",
    "'it' of the running step (the card the last step moved)", "the event being answered",
    "brought by the seat's own last draw",
)
(X_RES, X_EXHAUSTED, X_FACE_B, X_FREE_PLAYED, X_GARRISONED, X_SOLSTICE_DONE, X_RUNNING, X_IN_STACK,
 X_SELECTED, X_IT, X_EVENT, X_DRAWN) = (0, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14)
N_CARD_EXTRAS = len(CARD_EXTRAS)
CARD_STRIDE = N_WHERE + MAX_PLAYERS + N_CARD_EXTRAS

PLAYER_COUNTS = ("hand", "draw pile", "nation deck", "discard pile", "history", "play area",
                 "development area", "garrisoned", "legends")
PLAYER_COUNT_ZONES = np.array([ST.Z_HAND, ST.Z_DRAW, ST.Z_NATION_DECK, ST.Z_DISCARD, ST.Z_HISTORY, ST.Z_PLAY,
                               ST.Z_DEVELOPMENT, ST.Z_GARRISON, ST.Z_LEGENDS], dtype=np.int8)
N_PLAYER_COUNTS = len(PLAYER_COUNTS)
TURN_FLAGS = ("avoids the attack being resolved", "ignores BARB/EMP this turn (Cultural Diversity)",
              "#production added this turn by icons treated as #production (Catamarans, Irrigation)",
              "may free-play the unrest an acquisition brings this turn (Brave)",
              "#fertile treated as #production this turn (Soil Rotation)")
PLAYER_STRIDE = 4 + N_NATIONS + 1 + N_STATE_ICONS + N_RESOURCES + 6 + N_PLAYER_COUNTS + len(TURN_FLAGS)
OPTION_STRIDE = 1 + N_OP_SLOTS + 1 + N_RESOURCES

# Upper bounds, from the caps a saved state is checked against (state.VALUE_RANGES) and the sizes
# of the piles. A score is shown up to SCORE_CAP, far above any real game's (a hand-made save could
# pile 10,000 prg into a pool).
SCORE_CAP = 1_000
_AMOUNT = int(E.CODE[:, E.C_N].max())  # the largest amount a program row names
_HAND_LIMIT = ST.MAX_COUNT + int(Z.HAND_SIZE_BONUS.clip(0).sum())
_CARD_HIGH = ((1,) * (N_WHERE + MAX_PLAYERS) + (ST.MAX_TOKENS,) * N_RESOURCES + (1, 1, 1, N_CARDS)
              + (1,) * (N_CARD_EXTRAS - X_SOLSTICE_DONE))
_PLAYER_HIGH = ((1,) * (4 + N_NATIONS + 1 + N_STATE_ICONS) + (ST.MAX_TOKENS,) * N_RESOURCES
                + (ST.MAX_COUNT, ST.MAX_COUNT, ST.MAX_COUNT, _HAND_LIMIT, 1, 1) + (N_CARDS,) * N_PLAYER_COUNTS
                + (1, 1, 127, 1, 1))  # treated_production: 0..127 on load
_OPTION_HIGH = (1,) * (1 + N_OP_SLOTS) + (_AMOUNT,) + (1,) * N_RESOURCES
# the entities the observation describes one by one, and how many of each (FeatureTable.entity_rows)
ENTITIES = {"card": N_CARDS, "player": MAX_PLAYERS, "option": MAX_OPTIONS}
FEATURES = FeatureTable(ENTITIES)
_CARDS = FEATURES.add(
    "card", N_CARDS * CARD_STRIDE,
    f"per catalogue row (the CARD action index), {CARD_STRIDE} values: where the seat sees it, one-hot "
    f"({', '.join(WHERE_NAMES)}); its owner, one-hot by relative seat; then {', '.join(CARD_EXTRAS)}. "
    "All zero where the seat cannot see the card",
    high=_CARD_HIGH, roles=varying(N_WHERE) + seat_major(MAX_PLAYERS) + varying(N_CARD_EXTRAS), entity="card")
_PLAYERS = FEATURES.add(
    "player", MAX_PLAYERS * PLAYER_STRIDE,
    f"per relative seat, {PLAYER_STRIDE} values: seat present, its turn, deciding now, first player; nation "
    "one-hot (data.NationCode); power card on side B; state icons its state card shows (data.StateIcon: BARB, "
    "EMP, ...); pool mat, pop, prg, gds; action tokens, exhaust tokens, exhaust tokens at reset, hand limit, "
    f"King of Kings resolved, token on nation deck/development area; cards in {', '.join(PLAYER_COUNTS)}; "
    f"{', '.join(TURN_FLAGS)}",
    high=_PLAYER_HIGH,
    roles=sum((fixed(1) + (seat,) * (PLAYER_STRIDE - 1) for seat in range(MAX_PLAYERS)), ()), entity="player")  # "present" is fixed
_OWN_SCORE = FEATURES.add("own.score", 2, "the observing seat's VP if the game ended now (I10.3, up to 1,000 each way), as its "
                          "positive and negative part (unrest scores -2: observations are non-negative)",
    high=SCORE_CAP)
_GAME = FEATURES.add(
    "game", MAX_PLAYERS - 1 + 8 + 1 + N_SMALL_PILES + 4 + N_VARIANTS,
    "players one-hot (2, 3, 4); round, turns completed, Trade Routes in use, game end triggered, final round "
    "under way, rounds left after the trigger (0 before it), collapsed, game over; cards in the main deck; "
    "cards in each small pile (region, uncivilised, civilised); cards in the fame pile, only King of Kings "
    "left, King of Kings on side B, cards in the unrest pile; the I15 variants in use (low aggression, quick "
    "setup, precious cards, quick)",
    high=((1,) * (MAX_PLAYERS - 1) + (ST.MAX_TURNS, ST.MAX_TURNS, 1, 1, 1, ST.MAX_COUNT, 1, 1, ST.MAX_MAIN_DECK)
          + (ST.MAX_SMALL_PILE,) * N_SMALL_PILES + (ST.MAX_FAME, 1, 1, ST.MAX_UNREST) + (1,) * N_VARIANTS),
    roles=fixed(MAX_PLAYERS - 1) + varying(8 + 1 + N_SMALL_PILES + 4 + N_VARIANTS))
_PHASE = FEATURES.add("decision.phase", N_PHASES, "phase one-hot (state.PHASE_NAMES)")
_DEC = FEATURES.add("decision.dec", N_DECS, "pending decision inside a program, one-hot (state.DEC_NAMES)")
_TURN = FEATURES.add(
    "decision.turn", N_AFTER + MAX_PLAYERS + 1 + MAX_PLAYERS,
    "where the turn goes on when the programs finish, one-hot (turn.AFTER_*); whose Solstice effects resolve "
    "(relative seat one-hot); End-of-Solstice effects under way; whose reshuffle waits for a develop "
    "decision (relative seat one-hot)",
    roles=varying(N_AFTER) + seat_major(MAX_PLAYERS) + varying(1) + seat_major(MAX_PLAYERS))
_FRAME = FEATURES.add(
    "decision.frame", 1 + N_FRAME_KINDS + 2 * MAX_PLAYERS + 3,
    "programs running (stack depth); the top frame's kind one-hot (card played, ability, rules procedure), "
    "its owner and the player it affects now (relative seat one-hots), repetitions of the current 'up to', "
    "MAYs taken since the last 'each', it runs a rules procedure (King of Kings, Innovate, draw-up)",
    high=(ST.MAX_DEPTH,) + (1,) * (N_FRAME_KINDS + 2 * MAX_PLAYERS) + (ST.MAX_COUNT, ST.MAX_COUNT, 1),
    roles=varying(1 + N_FRAME_KINDS) + seat_major(MAX_PLAYERS) * 2 + varying(3))
_STEP = FEATURES.add(
    "decision.step", N_OP_SLOTS + 1 + N_RESOURCES + 2 + N_RESOURCES,
    f"the pending row of the top frame: opcode one-hot (programs.OP_* 0-8, then effects.OP in order; room for "
    f"{N_OP_SLOTS}), its amount, its resource one-hot; progress inside the step (stage, picks left); resources "
    "still owed by the payment under way (mat, pop, prg, gds)",
    high=(1,) * N_OP_SLOTS + (_AMOUNT,) + (1,) * N_RESOURCES + (frames.LOOK_ORDER + ST.MAX_DRAWN, ST.MAX_TOKENS)
         + (ST.MAX_COUNT,) * N_RESOURCES)
_OPTIONS = FEATURES.add(
    "decision.options", MAX_OPTIONS * OPTION_STRIDE,
    f"per CHOOSE option (up to {MAX_OPTIONS}), {OPTION_STRIDE} values: the pending CHOOSE has this option; "
    "its first row's opcode one-hot, amount and resource one-hot",
    high=_OPTION_HIGH, entity="option")
_EVENT = FEATURES.add(
    "decision.event", 1 + N_EVENT_KINDS + MAX_PLAYERS,
    f"events waiting for reactions; the first one's kind one-hot (state.EV_*, room for {N_EVENT_KINDS}) and "
    "player (relative seat one-hot)",
    high=(ST.MAX_EVENTS,) + (1,) * (N_EVENT_KINDS + MAX_PLAYERS),
    roles=varying(1 + N_EVENT_KINDS) + seat_major(MAX_PLAYERS))
N_DIFFICULTIES = len(ST.DIFFICULTY_NAMES)
_AUTOMA = FEATURES.add(
    "automa", 1 + N_DIFFICULTIES + 2 + ST.AUTOMA_SLOTS + 1 + ST.AUTOMA_SLOTS + 2,
    "the solo automa (I14; its seat is the next relative seat in the player block): playing; difficulty "
    "one-hot (state.DIFFICULTY_NAMES); Supreme Leader mode; its state card on the Empire side; the die's slot "
    "one-hot (slots 1-6), the die set aside; a face-down card under each slot marker; its score if the game "
    "ended now (positive and negative part, up to 1,000 each)",
    high=(1,) * (1 + N_DIFFICULTIES + 2 + ST.AUTOMA_SLOTS + 1 + ST.AUTOMA_SLOTS) + (SCORE_CAP, SCORE_CAP))
OBS_SIZE = FEATURES.size
OBS_HIGH = FEATURES.high()  # every element's upper bound (all are at least 0)


def live_columns(num_players: int) -> np.ndarray:
    """The elements that can change at a table of `num_players` (the solo game's automa sits in
    relative seat 1, so one player fills two seats)."""
    return FEATURES.live_columns(2 if num_players == 1 else num_players)


def entity_rows(num_players: int) -> list[EntityRows]:
    """Each kind of entity's rows in the live layout: the catalogue's cards, the table's seats
    (relative; the automa's too) and the options of a pending CHOOSE. No board joins them."""
    return FEATURES.entity_tables(2 if num_players == 1 else num_players)

_CODE = E.CODE
_OPTIONS_TABLE = E.OPTIONS
_COL_OP, _COL_N, _COL_RES = P.COL_OP, E.C_N, E.C_RES
_FIRST_GAME_OP = P.FIRST_GAME_OP
_OP_CHOOSE = P.OP_CHOOSE
_SELECTING_OPS = np.array([E.OP_GARRISON, E.OP_DEVELOP, E.OP_SWAP_EXILED], dtype=np.int32)  # op_sel holds a card


@kernel
def _op_slot(op):
    """Index of an opcode in the one-hot: control opcodes first, then the game's."""
    if op < _FIRST_GAME_OP:
        return op
    return N_CONTROL_OPS + op - _FIRST_GAME_OP


@kernel
def where(s, seat, c):
    """Where `seat` sees physical card c (W_*), or -1 if it cannot see it (I17)."""
    z = int(s["zone"][c])
    own = s["owner"][c] == seat
    if z == ST.Z_HAND:
        return W_HAND if own else -1
    if z == ST.Z_DRAW:
        return W_DRAW if own else -1
    if z == ST.Z_NATION_DECK:
        return W_NATION if own else -1
    if z == ST.Z_GARRISON:
        return W_GARRISON if own else -1
    if z == ST.Z_LEGENDS:
        return W_LEGENDS if own else -1
    if z == ST.Z_PLAY:
        return W_PLAY
    if z == ST.Z_DISCARD:
        return W_DISCARD
    if z == ST.Z_HISTORY:
        return W_HISTORY
    if z == ST.Z_DEVELOPMENT:
        return W_DEVELOPMENT
    if z == ST.Z_STATE_CARD:
        return W_STATE
    if z == ST.Z_CHAOS_PILE:
        return W_CHAOS
    if z == ST.Z_SET_ASIDE:
        return W_SET_ASIDE
    if z == ST.Z_EXILE:
        return W_EXILE
    if z == ST.Z_MARKET:
        return W_MARKET + int(s["pile_index"][c])
    if z == ST.Z_UNDER_MARKET:
        return W_UNDER + int(s["pile_index"][c])
    if z == ST.Z_SMALL_PILE:
        k = int(s["pile_index"][c])
        if c == Z.face_up_tributary(s, k):
            return W_SMALL_PILE
    return -1  # main deck, fame pile, unrest pile, out of the game, and any zone added later


@kernel
def _mark(s, seat, out, c, extra):
    """Flag a context feature on card c, only where the seat sees c."""
    if 0 <= c < N_CARDS and where(s, seat, c) >= 0:
        out[_CARDS + int(c) * CARD_STRIDE + N_WHERE + MAX_PLAYERS + extra] = 1.0


@kernel
def _seat_one_hot(out, offset, seat, p, n):
    if 0 <= p < n:
        out[offset + _rel(seat, p, n)] = 1.0


@kernel
def _encode_cards(s, seat, out):
    n = Z.n_seats(s)
    garrisoned = np.zeros(N_CARDS, dtype=np.int32)
    for g in Z.table(s):
        if s["zone"][g] == ST.Z_GARRISON and s["host"][g] >= 0:
            garrisoned[s["host"][g]] += 1
    for c in Z.table(s):
        w = where(s, seat, c)
        if w < 0:
            continue
        base = _CARDS + c * CARD_STRIDE
        out[base + w] = 1.0
        _seat_one_hot(out, base + N_WHERE, seat, s["owner"][c], n)
        x = base + N_WHERE + MAX_PLAYERS
        for r in range(N_RESOURCES):
            out[x + X_RES + r] = s["card_res"][c, r]
        out[x + X_EXHAUSTED] = s["exhausted"][c]
        out[x + X_FACE_B] = s["face"][c]
        out[x + X_FREE_PLAYED] = s["free_played"][c]
        out[x + X_GARRISONED] = garrisoned[c]
        out[x + X_SOLSTICE_DONE] = s["solstice_done"][c]


@kernel
def _encode_players(s, seat, out):
    n = Z.n_seats(s)
    counts = np.zeros((MAX_PLAYERS, N_PLAYER_COUNTS), dtype=np.int32)
    for c in Z.table(s):
        p = int(s["owner"][c])
        if p < 0 or p >= n:
            continue
        for k in range(N_PLAYER_COUNTS):
            if s["zone"][c] == PLAYER_COUNT_ZONES[k]:
                counts[p, k] += 1
    for p in range(n):
        b = _PLAYERS + _rel(seat, p, n) * PLAYER_STRIDE
        out[b] = 1.0
        out[b + 1] = 1.0 if p == s["current"] else 0.0
        out[b + 2] = 1.0 if p == s["actor"] and s["terminal"] == 0 else 0.0
        out[b + 3] = 1.0 if p == s["first_player"] else 0.0
        b += 4
        if 0 <= s["nation"][p] < N_NATIONS:
            out[b + int(s["nation"][p])] = 1.0
        b += N_NATIONS
        if s["power_card"][p] >= 0:
            out[b] = s["face"][s["power_card"][p]]
        b += 1
        if s["state_card"][p] >= 0 or Z.is_automa(s, p):
            icons = Z.state_icons(s, p)
            for i in range(N_STATE_ICONS):
                out[b + i] = (icons >> i) & 1
        b += N_STATE_ICONS
        for r in range(N_RESOURCES):
            out[b + r] = s["pool"][p, r]
        b += N_RESOURCES
        out[b] = s["actions"][p]
        out[b + 1] = s["exhaust_tokens"][p]
        out[b + 2] = s["base_exhaust"][p]
        out[b + 3] = Z.hand_limit(s, p)
        out[b + 4] = s["kok_used"][p]
        out[b + 5] = s["deck_token"][p]
        b += 6
        for k in range(N_PLAYER_COUNTS):
            out[b + k] = counts[p, k]
        b += N_PLAYER_COUNTS
        out[b] = s["avoid"][p]
        out[b + 1] = s["ignore_state_turn"][p]
        out[b + 2] = s["treated_production"][p]
        out[b + 3] = s["play_unrest_turn"][p]
        out[b + 4] = s["fertile_as_production"][p]


@kernel
def _encode_game(s, out):
    n = int(s["n_players"])
    b = _GAME
    if 2 <= n <= MAX_PLAYERS:
        out[b + n - 2] = 1.0
    b += MAX_PLAYERS - 1
    out[b] = s["round"]
    out[b + 1] = s["turn"]
    out[b + 2] = s["trade_routes"]
    out[b + 3] = s["game_end_triggered"]
    out[b + 4] = s["final_round"]
    out[b + 5] = max(0, s["rounds_left"])  # -1 before the trigger; observations are non-negative
    out[b + 6] = s["collapsed"]
    out[b + 7] = s["terminal"]
    out[b + 8] = s["main_size"]
    b += 9
    for k in range(N_SMALL_PILES):
        out[b + k] = s["small_size"][k]
    b += N_SMALL_PILES
    out[b] = s["fame_size"]
    out[b + 1] = 1.0 if s["fame_size"] == 1 and s["fame_pile"][0] == K.KING_OF_KINGS else 0.0
    out[b + 2] = s["kok_side"]
    out[b + 3] = s["unrest_size"]
    b += 4
    for k in range(N_VARIANTS):
        out[b + k] = (s["variants"] >> k) & 1


@kernel
def _encode_row(out, offset, row):
    """Opcode one-hot, amount and resource one-hot of one program row."""
    out[offset + _op_slot(int(row[_COL_OP]))] = 1.0
    out[offset + N_OP_SLOTS] = row[_COL_N]
    res = int(row[_COL_RES])
    if row[_COL_OP] >= _FIRST_GAME_OP and 0 <= res < N_RESOURCES:
        out[offset + N_OP_SLOTS + 1 + res] = 1.0


@kernel
def _encode_decision(s, seat, out):
    n = Z.n_seats(s)
    out[_PHASE + int(s["phase"])] = 1.0
    out[_DEC + int(s["dec"])] = 1.0
    if 0 <= s["after"] < N_AFTER:
        out[_TURN + int(s["after"])] = 1.0
    _seat_one_hot(out, _TURN + N_AFTER, seat, s["solstice_player"], n)
    out[_TURN + N_AFTER + MAX_PLAYERS] = s["solstice_end"]
    _seat_one_hot(out, _TURN + N_AFTER + MAX_PLAYERS + 1, seat, s["reshuffling"], n)

    depth = int(s["depth"])
    out[_FRAME] = depth
    for f in range(depth):
        _mark(s, seat, out, s["fr_card"][f], X_IN_STACK)
    if depth > 0 and s["phase"] == ST.PH_EFFECT:
        f = depth - 1
        if 0 <= s["fr_kind"][f] < N_FRAME_KINDS:
            out[_FRAME + 1 + int(s["fr_kind"][f])] = 1.0
        _seat_one_hot(out, _FRAME + 1 + N_FRAME_KINDS, seat, s["fr_owner"][f], n)
        _seat_one_hot(out, _FRAME + 1 + N_FRAME_KINDS + MAX_PLAYERS, seat, s["fr_player"][f], n)
        b = _FRAME + 1 + N_FRAME_KINDS + 2 * MAX_PLAYERS
        out[b] = s["fr_loop"][f]
        out[b + 1] = s["fr_did"][f]
        out[b + 2] = 1.0 if s["fr_card"][f] < 0 else 0.0
        _mark(s, seat, out, s["fr_card"][f], X_RUNNING)
        _mark(s, seat, out, s["fr_it"][f], X_IT)
        row = _CODE[s["fr_pc"][f]]
        _encode_row(out, _STEP, row)
        out[_STEP + N_OP_SLOTS + 1 + N_RESOURCES] = s["op_stage"]
        out[_STEP + N_OP_SLOTS + 2 + N_RESOURCES] = s["op_left"]
        for r in range(N_RESOURCES):
            out[_STEP + N_OP_SLOTS + 3 + N_RESOURCES + r] = s["pay_need"][r]
        selecting = s["reshuffling"] >= 0
        for op in _SELECTING_OPS:
            if row[_COL_OP] == op:
                selecting = True
        if selecting:
            _mark(s, seat, out, s["op_sel"], X_SELECTED)
        if row[_COL_OP] == _OP_CHOOSE:
            for k in range(min(row[_COL_N], MAX_OPTIONS)):
                b = _OPTIONS + k * OPTION_STRIDE
                out[b] = 1.0
                _encode_row(out, b + 1, _CODE[_OPTIONS_TABLE[row[_COL_RES] + k][0]])
    for i in range(s["n_drawn"]):
        c = int(s["drawn"][i])
        if 0 <= c < N_CARDS and s["owner"][c] == seat:
            _mark(s, seat, out, c, X_DRAWN)
    out[_EVENT] = s["n_events"]
    if s["n_events"] > 0:
        if 0 <= s["ev_kind"][0] < N_EVENT_KINDS:
            out[_EVENT + 1 + int(s["ev_kind"][0])] = 1.0
        _seat_one_hot(out, _EVENT + 1 + N_EVENT_KINDS, seat, s["ev_player"][0], n)
        _mark(s, seat, out, s["ev_card"][0], X_EVENT)


@kernel
def encode(s, seat, out):
    """Write seat's observation of state s into out (float32, OBS_SIZE)."""
    out[:] = 0.0
    _encode_cards(s, seat, out)
    _encode_players(s, seat, out)
    vp = scoring.score(s, seat)
    out[_OWN_SCORE] = min(max(vp, 0), SCORE_CAP)
    out[_OWN_SCORE + 1] = min(max(-vp, 0), SCORE_CAP)
    _encode_game(s, out)
    _encode_decision(s, seat, out)
    if s["automa"] >= 0:
        _encode_automa(s, out)


@kernel
def _encode_automa(s, out):
    b = _AUTOMA
    out[b] = 1.0
    out[b + 1 + int(s["difficulty"])] = 1.0
    b += 1 + N_DIFFICULTIES
    out[b] = s["supreme_leader"]
    out[b + 1] = s["automa_side"]
    b += 2
    if s["die"] >= 0:
        out[b + int(s["die"])] = 1.0
    else:
        out[b + ST.AUTOMA_SLOTS] = 1.0
    b += ST.AUTOMA_SLOTS + 1
    for k in range(ST.AUTOMA_SLOTS):
        out[b + k] = 1.0 if s["slot_card"][k] >= 0 else 0.0
    b += ST.AUTOMA_SLOTS
    vp = AU.score(s)
    out[b] = min(max(vp, 0), SCORE_CAP)
    out[b + 1] = min(max(-vp, 0), SCORE_CAP)


encode_at, observation = encoder_kernels(sys.modules[__name__], __name__)
