"""Oath observation encoder: one float32 vector per seat, from that seat's point of view.

Players appear in *relative* order, as in the other games: slot 0 is the observing seat, slot 1
the next seat in turn order, and so on (seat 0 is always the Chancellor, so the player block
also says who that is). Only what the seat could see at the table is encoded (O9.4):

- a card's whereabouts and tokens are shown only when its face is public (faceup) or the seat
  has seen it (``state.known``: its own facedown advisers, relics it peeked at, cards it drew or
  was shown); a card it cannot see has all its features zero. A seen card in a facedown pile
  shows the pile, never its position in it: the **world deck's order and size** stay private
  (O2.1), and so does the order of the discard piles;
- facedown things are counted where they lie: facedown advisers per seat, facedown relics per
  site, relics on the Reliquary spaces; a facedown **site** shows neither its name nor a card;
- the decision under way (the phase, a power's pending step, the campaign's forces, targets and
  dice, a warband move, a Citizenship offer and its bargain) is public, except cards the seat
  cannot see (a Search's draw is shown to the searcher only).

Card blocks are indexed by card id, the same index as the CARD block of the action space.
Every value is non-negative; counts are raw (favor, warbands, Supply). ``FEATURES.markdown()``
prints the table.
"""

from __future__ import annotations

import sys

import numpy as np

from meeplegym.encoders.features import EntityRows, FeatureTable, fixed, seat_major, varying
from meeplegym.encoders.features import relative_seat as _rel
from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath import effects as E
from meeplegym.envs.oath import state as ST
from meeplegym.envs.oath.rules.board import BANDITS, bandits_rule, turn_player
from meeplegym.envs.oath.rules.cards import facedown_position as _facedown_position
from meeplegym.game_kernels import encoder_kernels
from meeplegym.jit import kernel

MAX_PLAYERS = ST.MAX_PLAYERS
N_CARDS = ST.N_CARDS
N_SLOTS = ST.N_SLOTS
N_SITES = ST.N_SITES
N_SUITS = ST.N_SUITS
N_REGIONS = ST.N_REGIONS
N_PHASES = ST.N_PHASES
N_DECS = len(ST.DEC_NAMES)
N_OATHS = len(D.OATHS)
N_MAJORS = len(D.MajorAction)
N_SIDES = len(ST.SIDE_NAMES)
N_WINS = len(ST.WIN_NAMES)
SPACES = ST.RELIQUARY_SPACES
N_DISCARD_TO = 2 + ST.DISCARD_TO_WORLD_BOTTOM  # -1 (as usual), the Bracken piles, the world deck's bottom
N_WARDEN = ST.WARDEN_TO_SITE + 1
N_PLAN_FLAGS = len(E.PLAN_FLAGS)
_COL_OP = E.P.COL_OP
NONE = MAX_PLAYERS  # the "nobody" entry after the relative seats of a holder one-hot
HOLDER = seat_major(MAX_PLAYERS) + varying(1)  # the roles of such a one-hot: the seats, then nobody

# Where the seat sees a card (-1: it cannot).
WHERE_NAMES = (
    ("world deck",) + tuple(f"discard pile of region {k + 1}" for k in range(N_REGIONS))
    + tuple(f"at site slot {k + 1}" for k in range(N_SLOTS))
    + tuple(f"adviser of relative seat {k}" for k in range(MAX_PLAYERS))
    + tuple(f"revealed Vision of relative seat {k}" for k in range(MAX_PLAYERS))
    + tuple(f"personal bank of relative seat {k}" for k in range(MAX_PLAYERS))
    + tuple(f"Reliquary space {k + 1}" for k in range(SPACES))
    + ("relic deck", "Archive", "Dispossessed", "in the seat's hand (drawn)", "out of the game")
)
W_WORLD, W_DISCARD = 0, 1
W_SITE = W_DISCARD + N_REGIONS
W_ADVISER = W_SITE + N_SLOTS
W_VISION = W_ADVISER + MAX_PLAYERS
W_PERSONAL = W_VISION + MAX_PLAYERS
W_RELIQUARY = W_PERSONAL + MAX_PLAYERS
W_RELIC_DECK = W_RELIQUARY + SPACES
W_ARCHIVE, W_DISPOSSESSED, W_HAND, W_BOX = W_RELIC_DECK + 1, W_RELIC_DECK + 2, W_RELIC_DECK + 3, W_RELIC_DECK + 4
N_WHERE = len(WHERE_NAMES)
assert W_BOX == N_WHERE - 1

CARD_EXTRAS = ("faceup", "favor on it", "secrets on it", "ruined face up", "targeted by the campaign",
               "Rest power used this Rest", "modifier in use", "being played", "its power runs",
               "the relic its power drew", "the Recover target", "battle plan used by the attacking side",
               "battle plan used by the defending side", "battle plan whose dice wait on a sign",
               "in the bargain of the offer or exchange under way",
               "1 + its position among the facedown cards where it lies (how actions name it; 0 if faceup)")
(X_FACEUP, X_FAVOR, X_SECRETS, X_RUINED, X_TARGETED, X_USED, X_MODIFIER, X_PLAYING, X_POWER, X_DREW,
 X_RECOVER, X_PLAN_ATTACKER, X_PLAN_DEFENDER, X_PLAN_SIGN, X_BARGAIN, X_POSITION) = range(len(CARD_EXTRAS))
CARD_STRIDE = N_WHERE + len(CARD_EXTRAS)

SLOT_STRIDE = N_SITES + 5 + MAX_PLAYERS + N_SUITS + 1
SEAT_STRIDE = 1 + N_SIDES + ST.N_COLOURS + 9 + N_SLOTS + 2
N_BARGAINS = 1 + A.N_OPTIONS + A.MAX_NUMBER + 1  # none, OPTION k, NUMBER k

# Upper bounds, from the component counts (favor is limited: D.FAVOR_TOTAL; warbands: D.WARBANDS)
# and the caps a saved state is checked against (state.VALUE_RANGES, state.MAX_SECRETS).
MAX_SECRETS = ST.MAX_SECRETS
_FAVOR, _WARBANDS, _RELICS = D.FAVOR_TOTAL, ST.MAX_WARBANDS, ST.FIRST_VISION - ST.FIRST_RELIC
_CARD_HIGH = (1,) * (N_WHERE + 1) + (_FAVOR, MAX_SECRETS) + (1,) * (len(CARD_EXTRAS) - 4) + (N_CARDS,)
_SLOT_HIGH = (1,) * (N_SITES + 1) + (_FAVOR, MAX_SECRETS, _RELICS, 1) + (_WARBANDS,) * MAX_PLAYERS + (1,) * (N_SUITS + 1)
_SEAT_HIGH = ((1,) * (1 + N_SIDES + ST.N_COLOURS)
              + (D.SUPPLY_MAX, _FAVOR, MAX_SECRETS, MAX_SECRETS, _WARBANDS, _WARBANDS, N_CARDS, N_CARDS, _RELICS)
              + (1,) * (N_SLOTS + 2))
_GAME_HIGH = ((1,) * (MAX_PLAYERS - 1 + D.ROUNDS + 1 + N_OATHS) + (ST.MAX_COUNT, ST.MAX_TURNS) + (_FAVOR,) * (N_SUITS + 1)
              + (ST.MAX_PILE, ST.N_VISIONS, 1) * N_REGIONS + (1, ST.MAX_RELIC_DECK) + (1,) * (SPACES + 1)
              + (_WARBANDS,) * MAX_PLAYERS + (1,) * (ST.N_VISIONS * (MAX_PLAYERS + 1)))
_BANNER_HIGH = (1,) * (3 * (MAX_PLAYERS + 1)) + (1, _FAVOR, 1, MAX_SECRETS)
_POWER_HIGH = (1,) * N_DECS + (ST.MAX_COUNT, 127) + (1,) * (N_SUITS + 2)  # pw_count: 0..127 on load
_CAMPAIGN_HIGH = ((1,) * (MAX_PLAYERS + 2 + N_SLOTS + 3) + (ST.MAX_COUNT, ST.MAX_COUNT, ST.MAX_TURNS, ST.MAX_TURNS, ST.MAX_COUNT)
                  + (1,) * (2 * MAX_PLAYERS) + (127,) * N_SLOTS + (_WARBANDS,) * MAX_PLAYERS
                  + (1,) * ((N_SLOTS + 1) + (MAX_PLAYERS + 1) + 2 * N_PLAN_FLAGS) + (ST.MAX_COUNT, ST.MAX_COUNT)
                  + (1,) * N_SLOTS + (ST.MAX_COUNT,))
_ACTION_HIGH = ((1,) * (N_MAJORS + 1) + (ST.MAX_DRAWN, 127) + (1,) * (2 + N_SLOTS + 1 + MAX_PLAYERS + 1 + N_DISCARD_TO
                                                                    + MAX_PLAYERS + 1 + 1)
                + (6,) + (1,) * (N_WARDEN + MAX_PLAYERS + 1 + ST.N_JINX - 1))  # the end die; a bid: any int8
# the entities the observation describes one by one, and how many of each (FeatureTable.entity_rows)
ENTITIES = {"card": N_CARDS, "slot": N_SLOTS, "seat": MAX_PLAYERS}
FEATURES = FeatureTable(ENTITIES)
_CARDS = FEATURES.add(
    "card", N_CARDS * CARD_STRIDE,
    f"per card id (the CARD action index; 0 and the ruined faces stay zero), {CARD_STRIDE} values: where the "
    f"seat sees it, one-hot ({', '.join(WHERE_NAMES)}); then {', '.join(CARD_EXTRAS)}. All zero where the seat "
    "cannot see the card",
    high=_CARD_HIGH, roles=varying(W_ADVISER) + seat_major(MAX_PLAYERS) * 3 + varying(N_WHERE - W_RELIQUARY)
    + varying(len(CARD_EXTRAS)), entity="card")
_SLOTS = FEATURES.add(
    "slot", N_SLOTS * SLOT_STRIDE,
    f"per map slot (O0.2 order), {SLOT_STRIDE} values: the site one-hot (data.SITES order; zero while facedown, "
    "unless the seat has seen it: Ivory Eye); "
    "faceup; favor and secrets lying on the site card; facedown relics beside it; bandits defend it (faceup, "
    "no warbands, no Bandit Crown held); warbands per relative seat of their colour (purple: the Chancellor's); suits discarded from "
    "it this turn (D1 Homeland), one bit per suit; it changes hands in the exchange under way, or has just and "
    "waits on its new ruler's warbands (Deed Writer)",
    high=_SLOT_HIGH, roles=varying(N_SITES + 5) + seat_major(MAX_PLAYERS) + varying(N_SUITS + 1), entity="slot")
_SEATS = FEATURES.add(
    "seat", MAX_PLAYERS * SEAT_STRIDE,
    f"per relative seat, {SEAT_STRIDE} values: present; side one-hot (Chancellor, Exile, Citizen); board colour "
    "one-hot; Supply, favor, secrets faceup, secrets facedown, warbands on the board, warbands in its colour's "
    "personal bank, faceup advisers, facedown advisers, relics held; pawn slot one-hot; its turn; deciding now",
    high=_SEAT_HIGH,
    roles=sum((fixed(1) + (seat,) * (SEAT_STRIDE - 1) for seat in range(MAX_PLAYERS)), ()), entity="seat")  # "present" is fixed
_GAME = FEATURES.add(
    "game", (MAX_PLAYERS - 1) + (D.ROUNDS + 1) + N_OATHS + 1 + 1 + N_SUITS + 1 + 3 * N_REGIONS + 1 + 1 + SPACES + 1
    + MAX_PLAYERS + ST.N_VISIONS * (MAX_PLAYERS + 1),
    "players one-hot (2-6); round one-hot (0 = setup, 1-8); the Oath one-hot (data.OATHS); Visions drawn; turns "
    "completed; favor in each bank (O0.2 suit order); favor in the shared bank; per discard pile: its cards, the "
    "Visions in it and a Vision on top (their backs are public, O9.4); a Vision on top of the world deck (the "
    "top card's back is public, O2.1); relics in the relic deck; a relic on each Reliquary space; game over; "
    "warbands on the Obsidian Cage per relative seat of their colour (purple: the Chancellor's); per Vision "
    "(data.VISIONS order), whose False Prophet warband is on it (relative seat one-hot, then nobody)",
    high=_GAME_HIGH,
    roles=fixed(MAX_PLAYERS - 1) + varying((D.ROUNDS + 1) + N_OATHS + 1 + 1 + N_SUITS + 1 + 3 * N_REGIONS + 1 + 1
                                           + SPACES + 1) + seat_major(MAX_PLAYERS) + HOLDER * ST.N_VISIONS)
_BANNERS = FEATURES.add(
    "banners", 3 * (MAX_PLAYERS + 1) + 4,
    "holder one-hot (relative seat, then nobody) of the Oathkeeper title, the People's Favor and the Darkest "
    "Secret; the title on its Usurper side; favor on the People's Favor; it is on its Mob side; secrets on the "
    "Darkest Secret",
    high=_BANNER_HIGH, roles=HOLDER * 3 + varying(4))
_WINNER = FEATURES.add("winner", (MAX_PLAYERS + 1) + N_WINS,
                       "the winner (relative seat one-hot, then nobody) and how they won (state.WIN_NAMES)",
                       roles=HOLDER + varying(N_WINS))
_PHASE = FEATURES.add("decision.phase", N_PHASES, "phase one-hot (state.PHASE_NAMES)")
_POWER = FEATURES.add(
    "decision.power", N_DECS + 3 + N_SUITS + 1,
    "a power's pending decision one-hot (state.DEC_NAMES; zero outside the power phase); units still to "
    "resolve in its step; what its last count step counted; banks already used by a 'distinct' step (one bit "
    "per suit); the Act phase ends after this decision; the power is a site's (The Tribunal)",
    high=_POWER_HIGH)
_ACTION = FEATURES.add(
    "decision.action", (N_MAJORS + 1) + 1 + 1 + 2 + (N_SLOTS + 1) + (MAX_PLAYERS + 1) + N_DISCARD_TO
    + (MAX_PLAYERS + 1) + 1 + 1 + N_WARDEN + (MAX_PLAYERS + 1) + (ST.N_JINX - 1),
    "the major action whose modifiers are being chosen one-hot (then none); cards drawn by the Search under way; "
    "favor or secrets bid for a banner; the Recover target is the People's Favor / the Darkest Secret; the "
    "Travel destination one-hot (then none); who took the Grand Scepter this turn (relative seat, then nobody); "
    "where this action's discards go one-hot (as usual, Bracken's discard pile of region 1-3 on top / on the "
    "bottom, the bottom of the world deck: Cracked Horn); whose advisers count for this trade (Master of "
    "Disguise: relative seat, then nobody); a free campaign is offered or under way (Hunting Party, Knights "
    "Errant); the end die rolled, while Squalid District's ruler may change it; Land Warden's second card one-hot "
    "(state.WARDEN_*: none, the first card being played, the first played to a site, elsewhere, not played, the "
    "second to go to a site); the attacker of a Sneak Attack "
    "campaign in another player's turn (relative seat, then nobody); the roll Jinx's ruler may reroll one-hot "
    "(a campaign's defense pool, its attack pool, Gambling Hall's dice, Relic Thief's dice showing a shield, "
    "showing none)",
    high=_ACTION_HIGH,
    roles=varying((N_MAJORS + 1) + 1 + 1 + 2 + (N_SLOTS + 1)) + HOLDER + varying(N_DISCARD_TO) + HOLDER
    + varying(1 + 1 + N_WARDEN) + HOLDER + varying(ST.N_JINX - 1))
_CAMPAIGN = FEATURES.add(
    "decision.campaign", (MAX_PLAYERS + 2) + N_SLOTS + 3 + 5 + 2 * MAX_PLAYERS + N_SLOTS + MAX_PLAYERS
    + (N_SLOTS + 1) + (MAX_PLAYERS + 1) + 2 * N_PLAN_FLAGS + 2 + N_SLOTS + 1,
    "the defender one-hot (relative seat, the bandits, none); targeted sites; the People's Favor, the Darkest "
    "Secret, the pawn targeted; attack dice, defense dice, attack, defense, defending warbands still to kill; "
    "allies joined and the non-Imperial Citizen (relative seats); the defending force per site and per board "
    "(relative seat); the site being occupied one-hot (then none); the Citizen being asked to join as an ally "
    "(relative seat, then nobody); the battle plans' marks on the attacking, then the defending side "
    "(effects.PLAN_FLAGS, one bit each); warbands of the attacking, then the defending side killed so far; the "
    "site a power campaigns at as if the attacker's pawn were there (Captains, Wild Allies), one-hot; skulls "
    "rolled, killing once Jinx's ruler keeps the roll",
    high=_CAMPAIGN_HIGH,
    roles=seat_major(MAX_PLAYERS) + varying(2 + N_SLOTS + 3 + 5) + seat_major(MAX_PLAYERS) * 2 + varying(N_SLOTS)
    + seat_major(MAX_PLAYERS) + varying(N_SLOTS + 1) + HOLDER + varying(2 * N_PLAN_FLAGS + 2 + N_SLOTS + 1))
_MOVE = FEATURES.add(
    "decision.move", 4 + (MAX_PLAYERS + 1) + 1,
    "the warband move under way (to board, to site, give, take) one-hot; with whom (relative seat, then "
    "nobody); how many",
    high=(1,) * (4 + MAX_PLAYERS + 1) + (ST.MAX_COUNT,), roles=varying(4) + HOLDER + varying(1))
_OFFER = FEATURES.add(
    "decision.offer", (MAX_PLAYERS + 1) + (SPACES + 1) + 2 * N_BARGAINS + (MAX_PLAYERS + 1),
    "the Citizenship offer or a power's exchange (O7.6.3) under way: with whom (relative seat, then nobody); the "
    "Reliquary space offered (then none); the bargain, or what the exchange asks, one-hot (none, OPTION k, NUMBER "
    "k as in actions.py; a card is marked on the card); what the exchange gives, the same way; who proposes it "
    "(The Gathering's players in turn; relative seat, then nobody)",
    roles=HOLDER + varying((SPACES + 1) + 2 * N_BARGAINS) + HOLDER)
OBS_SIZE = FEATURES.size
OBS_HIGH = FEATURES.high()  # every element's upper bound (all are at least 0)


def live_columns(num_players: int) -> np.ndarray:
    """The elements that can change at a table of `num_players`."""
    return FEATURES.live_columns(num_players)


# map slots in one region are joined (O0.2: a region's sites lie side by side; travel between
# regions costs more)
SLOT_ADJACENCY = np.array([[a != b and D.SLOT_REGION[a] == D.SLOT_REGION[b] for b in range(N_SLOTS)]
                           for a in range(N_SLOTS)])


def entity_rows(num_players: int) -> list[EntityRows]:
    """Each kind of entity's rows in the live layout: the cards, the map's slots (joined within
    their region) and the table's seats (relative)."""
    return FEATURES.entity_tables(num_players, {"slot": SLOT_ADJACENCY})


_PURPLE = ST.PURPLE
_SIDE_EXILE = ST.SIDE_EXILE
_TRAVEL_PHASES = (ST.PH_TRAVEL, ST.PH_TRAVEL_FREE)
_RECOVER_PHASES = (ST.PH_RECOVER_BID, ST.PH_RECOVER_BANK)
_MOVE_PHASES = (ST.PH_MOVE_COUNT, ST.PH_MOVE_WITH, ST.PH_PERMIT)
_OFFER_PHASES = (ST.PH_OFFER_SPACE, ST.PH_OFFER_BARGAIN, ST.PH_OFFER_ANSWER, ST.PH_OFFER_PEEK)


@kernel
def sees(s, seat, c):
    """Whether `seat` knows card c's face (O9.4)."""
    return s["faceup"][c] != 0 or (s["known"][c] >> seat) & 1 != 0


@kernel
def where(s, seat, c):
    """Where `seat` sees card c (W_*), or -1 where it cannot see it."""
    if c == 0 or not sees(s, seat, c):
        return -1
    z = int(s["zone"][c])
    w = int(s["where"][c])  # int8 arithmetic would wrap in pure-Python mode
    n = int(s["n_players"])
    if z == ST.Z_WORLD_DECK:
        return W_WORLD
    if z == ST.Z_DISCARD:
        return W_DISCARD + w
    if z == ST.Z_SITE:
        return W_SITE + w
    if z == ST.Z_ADVISER:
        return W_ADVISER + _rel(seat, w, n)
    if z == ST.Z_VISION_SPACE:
        return W_VISION + _rel(seat, w, n)
    if z == ST.Z_PERSONAL:
        return W_PERSONAL + _rel(seat, w, n)
    if z == ST.Z_RELIQUARY:
        return W_RELIQUARY + w
    if z == ST.Z_RELIC_DECK:
        return W_RELIC_DECK
    if z == ST.Z_ARCHIVE:
        return W_ARCHIVE
    if z == ST.Z_DISPOSSESSED:
        return W_DISPOSSESSED
    if z == ST.Z_HAND:
        return W_HAND if w == seat else -1
    return W_BOX


@kernel
def _holder(out, at, seat, holder, n):
    """A holder one-hot: relative seat, or the entry after them for nobody."""
    out[at + (_rel(seat, holder, n) if 0 <= holder < n else NONE)] = 1.0


@kernel
def encode(s, seat, out):
    """Write `seat`'s observation of record s into out (every element)."""
    out[:] = 0.0
    n = int(s["n_players"])
    phase = int(s["phase"])
    seat_of_colour = np.full(ST.N_COLOURS, -1, dtype=np.int64)
    for p in range(n):
        if s["colour"][p] >= 0:
            seat_of_colour[s["colour"][p]] = p
    # ------------------------------------------------------------ cards
    advisers_up = np.zeros(MAX_PLAYERS, dtype=np.int64)
    advisers_down = np.zeros(MAX_PLAYERS, dtype=np.int64)
    relics_held = np.zeros(MAX_PLAYERS, dtype=np.int64)
    relics_at = np.zeros(N_SLOTS, dtype=np.int64)
    # the cards named by the Citizenship bargain or a power's exchange under way (-1: none)
    exchanging = _exchanging(s)
    bargained = exchanging or phase == _OFFER_PHASES[1] or phase == _OFFER_PHASES[2] or phase == _OFFER_PHASES[3]
    asked = s["bargain"] - A.CARD if bargained else -1
    given = s["bargain_give"] - A.CARD if exchanging else -1
    for c in range(1, N_CARDS):
        z = int(s["zone"][c])
        if z == ST.Z_ADVISER:
            if s["faceup"][c]:
                advisers_up[s["where"][c]] += 1
            else:
                advisers_down[s["where"][c]] += 1
        elif z == ST.Z_PERSONAL and c >= ST.FIRST_RELIC:
            relics_held[s["where"][c]] += 1
        elif z == ST.Z_SITE and c >= ST.FIRST_RELIC and not s["faceup"][c]:
            relics_at[s["where"][c]] += 1
        w = where(s, seat, c)
        if w < 0:
            continue
        at = _CARDS + c * CARD_STRIDE
        out[at + w] = 1.0
        x = at + N_WHERE
        out[x + X_FACEUP] = s["faceup"][c] != 0
        out[x + X_FAVOR] = s["card_favor"][c]
        out[x + X_SECRETS] = s["card_secrets"][c]
        out[x + X_RUINED] = s["ruined"][c] != 0
        out[x + X_TARGETED] = s["tgt_card"][c] != 0
        out[x + X_USED] = s["used"][c] != 0
        out[x + X_MODIFIER] = s["mod_on"][c] != 0
        out[x + X_PLAYING] = s["playing"] == c
        out[x + X_POWER] = ((s["pw_card"] == c and phase == ST.PH_POWER)
                            or (s["react_card"] == c and phase == ST.PH_REACT))
        out[x + X_DREW] = s["pw_it"] == c and phase == ST.PH_POWER
        out[x + X_BARGAIN] = c == asked or c == given
        out[x + X_RECOVER] = s["target"] == c and (phase == _RECOVER_PHASES[0] or phase == _RECOVER_PHASES[1])
        if not s["faceup"][c] and (z == ST.Z_ADVISER or z == ST.Z_SITE):
            out[x + X_POSITION] = 1 + _facedown_position(s, c)
        user = int(s["plan_user"][c])
        if user > 0:
            defending = user == ST.PLAN_BANDITS or user - 1 != s["current"]
            out[x + (X_PLAN_DEFENDER if defending else X_PLAN_ATTACKER)] = 1.0
        out[x + X_PLAN_SIGN] = s["plan_card"] == c and phase == ST.PH_CAMPAIGN_PLAN_SIGN
    # ------------------------------------------------------------ the map
    for k in range(N_SLOTS):
        at = _SLOTS + k * SLOT_STRIDE
        faceup = s["slot_faceup"][k] != 0
        if (faceup or (s["slot_known"][k] >> seat) & 1) and s["slot_site"][k] >= 0:
            out[at + int(s["slot_site"][k])] = 1.0
        x = at + N_SITES
        out[x] = faceup
        out[x + 1] = s["slot_favor"][k]
        out[x + 2] = s["slot_secrets"][k]
        out[x + 3] = relics_at[k]
        bands = 0
        for col in range(ST.N_COLOURS):
            bands += s["site_warbands"][k, col]
            p = seat_of_colour[col]
            if p >= 0:
                out[x + 5 + _rel(seat, p, n)] += s["site_warbands"][k, col]
        out[x + 4] = bandits_rule(s, k)  # (not while the Bandit Crown makes them its holder's)
        for b in range(N_SUITS):
            out[x + 5 + MAX_PLAYERS + b] = (s["site_discards"][k] >> b) & 1
        out[x + 5 + MAX_PLAYERS + N_SUITS] = (s["deed_taker"][k] > 0 or (exchanging and (
            s["bargain"] == A.SLOT + k or s["bargain_give"] == A.SLOT + k)))
    # ------------------------------------------------------------ the players
    for p in range(n):
        at = _SEATS + _rel(seat, p, n) * SEAT_STRIDE
        out[at] = 1.0
        out[at + 1 + int(s["side"][p])] = 1.0
        x = at + 1 + N_SIDES
        colour = int(s["colour"][p])
        if colour >= 0:
            out[x + colour] = 1.0
        x += ST.N_COLOURS
        out[x] = s["supply"][p]
        out[x + 1] = s["favor"][p]
        out[x + 2] = s["secrets"][p]
        out[x + 3] = s["secrets_down"][p]
        out[x + 4] = s["board_warbands"][p]
        bank_colour = _PURPLE if s["side"][p] != _SIDE_EXILE else colour
        out[x + 5] = s["bank_warbands"][bank_colour] if bank_colour >= 0 else 0
        out[x + 6] = advisers_up[p]
        out[x + 7] = advisers_down[p]
        out[x + 8] = relics_held[p]
        x += 9
        if s["pawn"][p] >= 0:
            out[x + int(s["pawn"][p])] = 1.0
        x += N_SLOTS
        out[x] = turn_player(s) == p and phase != ST.PH_GAME_OVER
        out[x + 1] = s["actor"] == p and phase != ST.PH_GAME_OVER
    # ------------------------------------------------------------ the game
    at = _GAME
    out[at + n - 2] = 1.0
    at += MAX_PLAYERS - 1
    out[at + int(s["round"])] = 1.0
    at += D.ROUNDS + 1
    out[at + int(s["oath"])] = 1.0
    at += N_OATHS
    out[at] = s["visions_drawn"]
    out[at + 1] = s["turn"]
    at += 2
    for b in range(N_SUITS):
        out[at + b] = s["favor_bank"][b]
    at += N_SUITS
    out[at] = s["shared_favor"]
    at += 1
    for r in range(N_REGIONS):
        size = int(s["discard_size"][r])
        out[at + 3 * r] = size
        for k in range(size):
            out[at + 3 * r + 1] += s["discard"][r, k] >= ST.FIRST_VISION
        out[at + 3 * r + 2] = size > 0 and s["discard"][r, size - 1] >= ST.FIRST_VISION
    at += 3 * N_REGIONS
    out[at] = s["world_size"] > 0 and s["world"][s["world_size"] - 1] >= ST.FIRST_VISION
    at += 1
    out[at] = s["relic_size"]
    at += 1
    for k in range(SPACES):
        out[at + k] = s["reliquary"][k] > 0
    at += SPACES
    out[at] = s["terminal"] != 0
    at += 1
    for col in range(ST.N_COLOURS):
        if seat_of_colour[col] >= 0:
            out[at + _rel(seat, seat_of_colour[col], n)] += s["cage_warbands"][col]
    at += MAX_PLAYERS
    for k in range(ST.N_VISIONS):
        _holder(out, at + k * (MAX_PLAYERS + 1), seat, s["prophet"][k], n)
    # ------------------------------------------------------------ banners and title
    at = _BANNERS
    _holder(out, at, seat, s["title_holder"], n)
    _holder(out, at + MAX_PLAYERS + 1, seat, s["pf_holder"], n)
    _holder(out, at + 2 * (MAX_PLAYERS + 1), seat, s["ds_holder"], n)
    at += 3 * (MAX_PLAYERS + 1)
    out[at] = s["usurper"] != 0
    out[at + 1] = s["pf_tokens"]
    out[at + 2] = s["pf_mob"] != 0
    out[at + 3] = s["ds_tokens"]
    _holder(out, _WINNER, seat, s["winner"], n)
    out[_WINNER + MAX_PLAYERS + 1 + int(s["win_kind"])] = 1.0
    # ------------------------------------------------------------ the decision under way
    out[_PHASE + phase] = 1.0
    if phase == ST.PH_POWER:
        out[_POWER + int(s["pw_dec"])] = 1.0
        out[_POWER + N_DECS] = max(0, s["pw_left"])  # -1: the step has not counted its units yet
    if phase == ST.PH_POWER or s["jinx_roll"] == ST.JINX_GAMBLE:
        out[_POWER + N_DECS + 1] = max(0, s["pw_count"])
        for b in range(N_SUITS):
            out[_POWER + N_DECS + 2 + b] = (s["pw_banks"] >> b) & 1
    out[_POWER + N_DECS + 2 + N_SUITS] = s["end_act"] != 0
    out[_POWER + N_DECS + 3 + N_SUITS] = phase == ST.PH_POWER and s["pw_card"] == 0
    at = _ACTION
    modifying = phase == ST.PH_MODIFY or phase == ST.PH_MODIFY_CHOICE
    out[at + (int(s["mod_action"]) if modifying and 0 <= s["mod_action"] < N_MAJORS else N_MAJORS)] = 1.0
    at += N_MAJORS + 1
    out[at] = s["n_drawn"]
    out[at + 1] = s["bid"]
    recovering = phase == _RECOVER_PHASES[0] or phase == _RECOVER_PHASES[1]
    out[at + 2] = recovering and s["target"] == ST.TARGET_PF
    out[at + 3] = recovering and s["target"] == ST.TARGET_DS
    at += 4
    travelling = phase == _TRAVEL_PHASES[0] or phase == _TRAVEL_PHASES[1]
    out[at + (int(s["target"]) if travelling and 0 <= s["target"] < N_SLOTS else N_SLOTS)] = 1.0
    at += N_SLOTS + 1
    _holder(out, at, seat, s["scepter_fresh"], n)
    at += MAX_PLAYERS + 1
    out[at + 1 + int(s["discard_to"])] = 1.0
    at += N_DISCARD_TO
    _holder(out, at, seat, s["trade_as"], n)
    out[at + MAX_PLAYERS + 1] = s["free_campaign"] != ST.FREE_NONE
    out[at + MAX_PLAYERS + 2] = s["end_die"]
    out[at + MAX_PLAYERS + 3 + int(s["warden"])] = 1.0
    at += MAX_PLAYERS + 3 + N_WARDEN
    _holder(out, at, seat, s["current"] if s["interrupted"] >= 0 else -1, n)
    at += MAX_PLAYERS + 1
    if s["jinx_roll"] != ST.JINX_NONE:
        out[at + int(s["jinx_roll"]) - 1] = 1.0
    _encode_campaign(s, seat, n, out)
    at = _MOVE
    moving = phase == _MOVE_PHASES[0] or phase == _MOVE_PHASES[1] or phase == _MOVE_PHASES[2]
    if moving:
        out[at + int(s["move_kind"])] = 1.0
        _holder(out, at + 4, seat, s["move_with"], n)
        out[at + 4 + MAX_PLAYERS + 1] = s["move_count"]
    at = _OFFER
    exchanging = _exchanging(s)
    op = E.CODE[s["pw_pc"], _COL_OP]
    partnered = phase == ST.PH_POWER and (E.WITH_PARTNER[op] or E.BY_POSITION[op])  # a step with a picked player
    offering = phase == _OFFER_PHASES[0] or phase == _OFFER_PHASES[1] or phase == _OFFER_PHASES[2] or (
        phase == _OFFER_PHASES[3])
    if offering or partnered:
        _holder(out, at, seat, s["offer_target"], n)
        at += MAX_PLAYERS + 1
        space = int(s["offer_space"])
        out[at + (space if 0 <= space < SPACES and not partnered else SPACES)] = 1.0
        at += SPACES + 1
        _bargain(out, at, s["bargain"] if not partnered or exchanging else A.END)
        _bargain(out, at + N_BARGAINS, s["bargain_give"] if exchanging else A.END)
        _holder(out, at + 2 * N_BARGAINS, seat, s["proposer"] if partnered else -1, n)


@kernel
def _exchanging(s):
    op = E.CODE[s["pw_pc"], _COL_OP]
    return s["phase"] == ST.PH_POWER and (op == E.OP_EXCHANGE or op == E.OP_GATHERING)


@kernel
def _bargain(out, at, b):
    if A.OPTION <= b < A.OPTION + A.N_OPTIONS:
        out[at + 1 + b - A.OPTION] = 1.0
    elif A.NUMBER <= b <= A.NUMBER + A.MAX_NUMBER:
        out[at + 1 + A.N_OPTIONS + b - A.NUMBER] = 1.0
    else:
        out[at] = 1.0  # none, or a card (marked on the card)


@kernel
def _encode_campaign(s, seat, n, out):
    phase = int(s["phase"])
    reacting = phase == ST.PH_REACT and s["defender"] != ST.NOBODY  # a reaction inside the campaign (Jinx)
    if not (ST.PH_CAMPAIGN_DEFENDER <= phase <= ST.PH_CAMPAIGN_BURN or phase == ST.PH_BANISH_WHERE
            or phase == ST.PH_CAMPAIGN_PLANS or phase == ST.PH_CAMPAIGN_PLAN_SIGN or reacting):
        return
    at = _CAMPAIGN
    d = int(s["defender"])
    if 0 <= d < n:
        out[at + _rel(seat, d, n)] = 1.0
    elif d == BANDITS and phase != ST.PH_CAMPAIGN_DEFENDER:
        out[at + MAX_PLAYERS] = 1.0
    else:
        out[at + MAX_PLAYERS + 1] = 1.0
    at += MAX_PLAYERS + 2
    for k in range(N_SLOTS):
        out[at + k] = s["tgt_slot"][k] != 0
    at += N_SLOTS
    out[at] = s["tgt_pf"] != 0
    out[at + 1] = s["tgt_ds"] != 0
    out[at + 2] = s["tgt_pawn"] != 0
    at += 3
    out[at] = s["attack_dice"]
    out[at + 1] = s["defense_dice"]
    out[at + 2] = max(0, s["attack"])
    out[at + 3] = max(0, s["defense"])
    out[at + 4] = s["kills"]
    at += 5
    for p in range(n):
        r = _rel(seat, p, n)
        out[at + r] = s["ally"][p] != 0
        out[at + MAX_PLAYERS + r] = s["non_imperial"] == p
    at += 2 * MAX_PLAYERS
    for k in range(N_SLOTS):
        out[at + k] = s["force_site"][k]
    at += N_SLOTS
    for p in range(n):
        out[at + _rel(seat, p, n)] = s["force_board"][p]
    at += MAX_PLAYERS
    camp = int(s["camp_slot"])
    out[at + (camp if phase == ST.PH_CAMPAIGN_OCCUPY and 0 <= camp < N_SLOTS else N_SLOTS)] = 1.0
    at += N_SLOTS + 1
    asked = s["asked"] - 1 if phase == ST.PH_CAMPAIGN_ALLY or phase == ST.PH_CAMPAIGN_PERMIT else -1
    _holder(out, at, seat, asked, n)
    at += MAX_PLAYERS + 1
    for side in range(2):
        for b in range(N_PLAN_FLAGS):
            out[at + side * N_PLAN_FLAGS + b] = (s["plan_flags"][side] >> b) & 1
    at += 2 * N_PLAN_FLAGS
    out[at] = s["camp_killed"][0]
    out[at + 1] = s["camp_killed"][1]
    at += 2
    if 0 <= s["camp_from"] < N_SLOTS:
        out[at + int(s["camp_from"])] = 1.0
    out[at + N_SLOTS] = s["skulls"]


encode_at, observation = encoder_kernels(sys.modules[__name__], __name__)
