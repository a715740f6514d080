"""Game setup (I2 player setup, I3 shared setup), compiled.

`init` expects a zeroed record whose ``rng`` word is set (engine.new_game does both) and the
already-validated options: one nation per seat, the power side per seat (0 = A, 1 = B),
whether Trade Routes is in use and the I15 variants (state.VARIANT_* bits), and what a solo
campaign carries from game to game (I14.11-I14.12, the CAMPAIGN_* layout below).
"""

from __future__ import annotations

import numpy as np

from meeplegym import rng
from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import data as D
from meeplegym.envs.imperium import effects as E
from meeplegym.envs.imperium.rules import automa as AU
from meeplegym.envs.imperium.rules.zones import tuck_unrest
from meeplegym.envs.imperium.state import (
    GDS,
    MARKET_SLOTS,
    MAT,
    N_CARDS,
    N_SMALL_PILES,
    PH_TURN_TYPE,
    POP,
    PRG,
    QUICK_EXILED,
    QUICK_MARTIAN_PRG_REMOVED,
    QUICK_NATION_TO_DISCARD,
    TRAINING_EXILED,
    VARIANT_LOW_AGGRESSION,
    VARIANT_QUICK,
    VARIANT_QUICK_SETUP,
    VARIANT_TRAINING,
    Z_BOX,
    Z_CHAOS_PILE,
    Z_DEVELOPMENT,
    Z_DISCARD,
    Z_DRAW,
    Z_EXILE,
    Z_FAME_PILE,
    Z_GARRISON,
    Z_HAND,
    Z_MAIN_DECK,
    Z_MARKET,
    Z_NATION_DECK,
    Z_PLAY,
    Z_SET_ASIDE,
    Z_SMALL_PILE,
    Z_STATE_CARD,
    Z_UNREST_PILE,
    Z_AUTOMA_SLOT,
)
from meeplegym.jit import kernel

# Pile sizes per player count, index = players (I3.8; solo uses the 2-player numbers, I14.1).
FAME_SIZE = np.array([0] + [D.FAME_PILE_SIZE[n] for n in range(1, 5)], dtype=np.int16)
SMALL_SIZE = np.array([0] + [D.SMALL_PILE_SIZE[n] for n in range(1, 5)], dtype=np.int16)
TRIBUTARIES_REMOVED = np.array([0] + [D.TRIBUTARIES_REMOVED[n] for n in range(1, 5)], dtype=np.int16)
CIV = int(D.Suit.CIV)
RU, TF = int(D.Expansion.RU), int(D.Expansion.TF)
P_POWER, P_STATE, P_IN_PLAY, P_ACC, P_DEV, P_NAT, P_DRAW, P_SUP, P_CHAOS = (int(p) for p in D.SetupPile)
CULTISTS, MARTIANS, INUIT = int(D.NationCode.CUL), int(D.NationCode.MRT), int(D.NationCode.INU)
POLYNESIANS = int(D.NationCode.POL)
START_MAT = D.START_RESOURCES[D.Resource.MAT]
START_POP = D.START_RESOURCES[D.Resource.POP]
START_PRG = D.START_RESOURCES[D.Resource.PRG]
START_GDS_TRADE_ROUTES = D.START_RESOURCES_TRADE_ROUTES[D.Resource.GDS]
MAYANS = int(D.NationCode.MAY)
# I14.1 10: nation cards the automa sets up apart (the Mayans' Headpieces set aside, Martian
# Cryostasis into the dynasty pile as a development card, Polynesian Overpopulation removed)
HEADPIECE_NAME = K.NAME_ID[K.record_index("MAY8")]
CRYOSTASIS = K.PHYSICAL[K.record_index("MRT23")]
KAYAKS, IMAQ, NUNAVIK = (K.PHYSICAL[K.record_index(x)] for x in ("INU15", "INU12", "INU11"))
BARB_ICON = int(D.StateIcon.BARB)
OVERPOPULATION = K.PHYSICAL[K.record_index("POL17")]
GENERIC_TABLE = list(E.AUTOMA_TABLE_NAMES).index("generic")
SUPREME_EXTRA_UNREST_PLAYERS = 3  # I14.12: the 2 extra common unrest are the "3+" ones (UNR9-10)
MARTIAN_PRG = np.array([D.MARTIAN_EXTRA_PRG[D.Face.A], D.MARTIAN_EXTRA_PRG[D.Face.B]], dtype=np.int16)
# What a solo campaign carries into a game (I14.11-I14.12), one int16 array: whether the player's
# starting resources are doubled (after a loss), how many common unrest cards stay out of the pile
# (Supreme Leader wins), then the common cards added to the player's starting deck and the
# starting cards returned to the box, CAMPAIGN_CARDS each, -1 padded (one per win, and the fifth
# win ends the campaign).
CAMPAIGN_DOUBLED, CAMPAIGN_UNREST_OUT, CAMPAIGN_ADDED = 0, 1, 2
CAMPAIGN_CARDS = 4
CAMPAIGN_REMOVED = CAMPAIGN_ADDED + CAMPAIGN_CARDS
CAMPAIGN_SIZE = CAMPAIGN_REMOVED + CAMPAIGN_CARDS
NO_CAMPAIGN = np.array([0, 0] + [-1] * (2 * CAMPAIGN_CARDS), dtype=np.int16)


@kernel
def in_game(s, r):
    """Card row r is used at this table: I3.3 (ruthless xor trade-friendly common cards) and
    I3.5 / I2.12 (player-count markers; 1-2 players drop 3+ and 4)."""
    if K.MIN_PLAYERS[r] > max(s["n_players"], 2):
        return False
    if K.NATION[r] < 0:
        excluded = RU if s["trade_routes"] else TF
        if K.EXPANSION[r] == excluded:
            return False
    return True


@kernel
def _place(s, c, zone, owner):
    s["zone"][c] = zone
    s["owner"][c] = owner


@kernel
def _push_small(s, k, c):
    """Card c on top of small pile k."""
    s["small_pile"][k, s["small_size"][k]] = c
    s["small_size"][k] += 1
    _place(s, c, Z_SMALL_PILE, -1)
    s["pile_index"][c] = k


@kernel
def _push_unrest(s, c):
    s["unrest_pile"][s["unrest_size"]] = c
    s["unrest_size"] += 1
    _place(s, c, Z_UNREST_PILE, -1)


@kernel
def held_back(s, r):
    """I15.2 low aggression: a common ruthless card used at this table starts in the main deck."""
    return (s["variants"] & VARIANT_LOW_AGGRESSION) != 0 and K.NATION[r] < 0 and K.EXPANSION[r] == RU


@kernel
def _collect(s, rows, out):
    """The rows of `rows` (-1 padded) used at this table and not held back, into out; returns
    how many."""
    n = 0
    for r in rows:  # (still in the box: not a campaign card already in the player's deck)
        if r >= 0 and in_game(s, r) and not held_back(s, r) and s["zone"][r] == Z_BOX:
            out[n] = r
            n += 1
    return n


@kernel
def _reveal(s, slot, c):
    s["market"][slot] = c
    _place(s, c, Z_MARKET, -1)
    s["pile_index"][c] = slot


@kernel
def _deal_small_piles(s, n, cards, m, first, last, aside, n_aside):
    """Shuffle cards[:m], deal the I3.8 pile size of them onto each small pile first..last-1 and
    the rest into `aside` (the main deck); returns the new count of `aside`."""
    rng.shuffle(s, cards, m)
    i = 0
    for k in range(first, last):
        for _ in range(min(m - i, SMALL_SIZE[n])):
            _push_small(s, k, cards[i])
            i += 1
    for j in range(i, m):
        aside[n_aside] = cards[j]
        n_aside += 1
    return n_aside


@kernel
def _shared_setup(s, n):
    """I3.6-I3.14 (the unrest pile gets the nations' SUP cards in _player_setup first)."""
    tmp = np.empty(128, dtype=np.int16)
    aside = np.empty(128, dtype=np.int16)
    n_aside = 0
    for k in range(N_SMALL_PILES + 1):  # I15.2: the held-back cards go into the main deck
        for r in K.COMMON_BY_BANNER[k]:
            if r >= 0 and in_game(s, r) and held_back(s, r) and s["zone"][r] == Z_BOX:
                aside[n_aside] = r
                n_aside += 1
    # I3.7 fame pile: King of Kings side A at the bottom, the rest shuffled and trimmed unseen
    s["fame_pile"][0] = K.KING_OF_KINGS
    _place(s, K.KING_OF_KINGS, Z_FAME_PILE, -1)
    s["kok_side"] = 0
    m = _collect(s, K.COMMON_FAME, tmp)
    if s["trade_routes"] and s["zone"][K.WELCOMING] == Z_BOX:
        tmp[m] = K.WELCOMING
        m += 1
    rng.shuffle(s, tmp, m)
    size = min(m, FAME_SIZE[n] + (D.FAME_PILE_TRADE_ROUTES_EXTRA if s["trade_routes"] else 0))
    for i in range(size):
        s["fame_pile"][1 + i] = tmp[i]
        _place(s, tmp[i], Z_FAME_PILE, -1)
    s["fame_size"] = 1 + size
    # I3.10 tributaries (and I13.1 trade routes) at the bottom of the three small piles
    m = _collect(s, K.COMMON_BY_BANNER[3], tmp)
    rng.shuffle(s, tmp, m)
    under = np.full(N_SMALL_PILES, -1, dtype=np.int16)
    for k in range(N_SMALL_PILES):
        under[k] = tmp[k]
    removed = TRIBUTARIES_REMOVED[n]
    for i in range(N_SMALL_PILES + removed, m):
        aside[n_aside] = tmp[i]
        n_aside += 1
    if s["trade_routes"]:
        routes = np.empty(16, dtype=np.int16)
        t = _collect(s, K.COMMON_TRADE_ROUTES, routes)
        rng.shuffle(s, routes, t)
        for k in range(N_SMALL_PILES):  # [R] config: the route goes under the tributary
            _push_small(s, k, routes[k])
        for i in range(N_SMALL_PILES, t):
            aside[n_aside] = routes[i]
            n_aside += 1
    for k in range(N_SMALL_PILES):
        _push_small(s, k, under[k])
    # I3.9 small piles: region, uncivilised, civilised, the rest set aside for the main deck;
    # I15.3 quick setup: the three kinds shuffled together and dealt in the same sizes
    if s["variants"] & VARIANT_QUICK_SETUP:
        m = 0
        for k in range(N_SMALL_PILES):
            m += _collect(s, K.COMMON_BY_BANNER[k], tmp[m:])
        n_aside = _deal_small_piles(s, n, tmp, m, 0, N_SMALL_PILES, aside, n_aside)
    else:
        for k in range(N_SMALL_PILES):
            m = _collect(s, K.COMMON_BY_BANNER[k], tmp)
            n_aside = _deal_small_piles(s, n, tmp, m, k, k + 1, aside, n_aside)
    # I3.11 main deck
    rng.shuffle(s, aside, n_aside)
    for i in range(n_aside):
        s["main_deck"][i] = aside[i]
        _place(s, aside[i], Z_MAIN_DECK, -1)
    s["main_size"] = n_aside
    # I3.12 market: slots 1-2 from the main deck, 3-5 from the region/uncivilised/civilised piles
    s["market"][:] = -1
    s["market_unrest"][:] = -1
    for slot in range(2):
        s["main_size"] -= 1
        _reveal(s, slot, s["main_deck"][s["main_size"]])
    for k in range(N_SMALL_PILES):
        s["small_size"][k] -= 1
        _reveal(s, 2 + k, s["small_pile"][k, s["small_size"][k]])
    for slot in range(MARKET_SLOTS):
        tuck_unrest(s, slot)  # I3.13
        c = s["market"][slot]
        if K.BANNER[c] == CIV:  # I3.14 [R]
            s["card_res"][c, PRG] += D.CIVILISED_MARKET_PRG


@kernel
def _stack_accession_and_nation(s, p, rows, size):
    """Onto p's nation deck, above its first `size` cards: the accession card, then the nation
    cards shuffled on it (I2.9-I2.10; the automa's dynasty pile, I14.1 5). Returns the new size
    and where the nation cards start."""
    accession = rows[P_ACC, 0]
    if accession >= 0:
        s["nation_deck"][p, size] = accession
        _place(s, accession, Z_NATION_DECK, p)
        size += 1
    start = size
    for c in rows[P_NAT]:
        if c >= 0 and in_game(s, c):
            s["nation_deck"][p, size] = c
            _place(s, c, Z_NATION_DECK, p)
            size += 1
    rng.shuffle(s, s["nation_deck"][p, start:], size - start)
    return size, start


@kernel
def _player_setup(s, p, nation, side, campaign):
    """I2.3-I2.16 for seat p (the opening hand is drawn after the unrest pile is built); seat 0's
    starting deck and resources as the solo campaign has them (CAMPAIGN_*)."""
    rows = K.NATION_ROWS[nation]
    power = rows[P_POWER, 0]
    _place(s, power, Z_PLAY, p)
    s["face"][power] = side
    s["power_card"][p] = power
    own_state = rows[P_STATE, 0]
    standard = K.STANDARD_STATE_CARDS[p]
    if own_state >= 0 and nation != CULTISTS:  # I2.5: Inuit, Martians, Polynesians, Taino
        s["state_card"][p] = own_state
        _place(s, own_state, Z_STATE_CARD, p)
    else:
        s["state_card"][p] = standard
        _place(s, standard, Z_STATE_CARD, p)
        if own_state >= 0:  # Cultists: their own card waits under the standard one
            _place(s, own_state, Z_SET_ASIDE, p)
    s["actions"][p] = D.ACTION_TOKENS  # I2.6
    s["base_exhaust"][p] = K.BASE_EXHAUST[nation] + (D.TRADE_ROUTES_EXTRA_EXHAUST if s["trade_routes"] else 0)
    s["exhaust_tokens"][p] = s["base_exhaust"][p]
    if s["trade_routes"]:  # I2.7
        merchant = K.MERCHANTS[p]
        s["merchant"][p] = merchant
        _place(s, merchant, Z_PLAY, p)
    else:
        s["merchant"][p] = -1
    for k in range(rows.shape[1]):
        c = rows[P_IN_PLAY, k]
        if c >= 0 and in_game(s, c):  # the Cultists' second ceremony card waits under the first (I2.4)
            _place(s, c, Z_SET_ASIDE if nation == CULTISTS and k > 0 else Z_PLAY, p)
    for c in rows[P_DEV]:  # I2.8
        if c >= 0 and in_game(s, c):
            _place(s, c, Z_DEVELOPMENT, p)
    # I2.9-I2.10 nation deck: the accession card at the bottom, the nation cards shuffled on it
    size, start = _stack_accession_and_nation(s, p, rows, 0)
    quick = (s["variants"] & VARIANT_QUICK) != 0
    discarded = 0
    for _ in range(QUICK_NATION_TO_DISCARD if quick else 0):  # I15.5
        if size > start:
            size -= 1
            _place(s, s["nation_deck"][p, size], Z_DISCARD, p)
            discarded += 1
    if nation == POLYNESIANS and discarded > 0:  # I15.5: one of them as mana, chosen at random
        mana = s["nation_deck"][p, size + rng.below(s, discarded)]
        _place(s, mana, Z_GARRISON, p)
        s["host"][mana] = rows[P_IN_PLAY, 0]  # the Mana card
    s["nation_size"][p] = size
    # I2.11 starting resources; I14.11: doubled in the campaign game after a loss
    times = 2 if p == 0 and campaign[CAMPAIGN_DOUBLED] else 1
    s["pool"][p, MAT] = START_MAT * times
    s["pool"][p, POP] = START_POP * times
    if s["trade_routes"]:  # 1 gds instead of the 1 prg [R]
        s["pool"][p, GDS] = START_GDS_TRADE_ROUTES * times
    else:
        s["pool"][p, PRG] = START_PRG * times
    if nation == MARTIANS:
        s["pool"][p, PRG] += MARTIAN_PRG[side] - (QUICK_MARTIAN_PRG_REMOVED if quick else 0)
    if nation == INUIT and quick:  # I15.5: no starting resources (their two development cards: turn.start)
        s["pool"][p, :] = 0
    # I2.12 the nation's unrest cards join the shared unrest pile
    for c in rows[P_SUP]:
        if c >= 0 and in_game(s, c):
            _push_unrest(s, c)
    # I2.13 starting draw deck, with the campaign's cards added and returned to the box (I14.11);
    # I2.14 chaos pile
    size = 0
    for c in rows[P_DRAW]:
        if c >= 0 and in_game(s, c) and not (p == 0 and _listed(campaign, CAMPAIGN_REMOVED, c)):
            s["draw_pile"][p, size] = c
            _place(s, c, Z_DRAW, p)
            size += 1
    for k in range(CAMPAIGN_CARDS if p == 0 else 0):
        c = campaign[CAMPAIGN_ADDED + k]
        if c >= 0:
            s["draw_pile"][p, size] = c
            _place(s, c, Z_DRAW, p)
            size += 1
    rng.shuffle(s, s["draw_pile"][p], size)
    s["draw_size"][p] = size
    for c in rows[P_CHAOS]:
        if c >= 0 and in_game(s, c):
            _place(s, c, Z_CHAOS_PILE, p)
    s["hand_limit"][p] = D.HAND_LIMIT
    s["nation"][p] = nation


@kernel
def _listed(campaign, first, c):
    for k in range(first, first + CAMPAIGN_CARDS):
        if campaign[k] == c:
            return True
    return False


@kernel
def draw_from_pile(s, p):
    """Top card of p's draw pile into hand (no reshuffle here); returns it or -1."""
    if s["draw_size"][p] == 0:
        return -1
    s["draw_size"][p] -= 1
    c = s["draw_pile"][p, s["draw_size"][p]]
    s["zone"][c] = Z_HAND
    return c


@kernel
def build_table(s):
    """List the physical cards out of the box, ascending (state field `table_cards`)."""
    n = 0
    s["table_cards"][:] = 0
    for c in range(N_CARDS):
        if K.PHYSICAL[c] == c and s["zone"][c] != Z_BOX:
            s["table_cards"][n] = c
            n += 1
    s["n_table_cards"] = n


@kernel
def deal_nations(s, nations, allowed):
    """Nation per seat: the chosen ones, and for each -1 a random one (from the state's generator)
    among the `allowed` codes nobody holds yet."""
    out = nations.copy()
    pool = np.empty(allowed.shape[0], dtype=np.int8)
    for p in range(s["n_players"]):
        if out[p] >= 0:
            continue
        m = 0
        for code in allowed:
            taken = False
            for q in range(s["n_players"]):
                taken = taken or out[q] == code
            if not taken:
                pool[m] = code
                m += 1
        out[p] = pool[rng.below(s, m)]
    return out


@kernel
def automa_table_for(nation):
    """The automa table of a nation: its own (data.AUTOMA_TABLES, or a user's file) or the
    designed generic one (C7.2)."""
    for t in range(E.AUTOMA_NATION.shape[0]):
        if E.AUTOMA_NATION[t] == nation:
            return t
    return GENERIC_TABLE


@kernel
def _inuit_dynasty(dev, m):
    """I14.1 10, the Inuit automa (seed PT l.1818-1824): from its development cards in ascending
    automa value, Kayaks at the bottom, then Winter (BARB) and Summer (EMP) cards alternating,
    each in ascending value, a Winter card on top (the 3-VP one the seed names: there is one
    more of them), then Imaq and Nunavik, Nunavik uppermost. Rewrites dev; returns its size."""
    winter = np.empty(m, dtype=np.int16)
    summer = np.empty(m, dtype=np.int16)
    n_winter = 0
    n_summer = 0
    for i in range(m):
        c = dev[i]
        if c == KAYAKS or c == IMAQ or c == NUNAVIK:
            continue
        if (K.STATES[c] >> BARB_ICON) & 1:
            winter[n_winter] = c
            n_winter += 1
        else:
            summer[n_summer] = c
            n_summer += 1
    dev[0] = KAYAKS
    n = 1
    first_winter = n_winter > n_summer  # so that the last one laid down is a Winter card
    i = 0
    j = 0
    while i < n_winter or j < n_summer:
        take_winter = (first_winter if (i + j) % 2 == 0 else not first_winter)
        if (take_winter and i < n_winter) or j >= n_summer:
            dev[n] = winter[i]
            i += 1
        else:
            dev[n] = summer[j]
            j += 1
        n += 1
    dev[n] = IMAQ
    dev[n + 1] = NUNAVIK
    return n + 2


@kernel
def _automa_setup(s, a, nation, difficulty, supreme):
    """I14.1 for the automa at seat a: its power card in play (only to hold its history), no state
    card, action or exhaust tokens; the dynasty pile (development cards by automa value, the
    highest on top, ties at random; the accession card on them; the nation cards shuffled on
    top); its SUP cards into the unrest pile, its other special cards back to the box; the
    starting deck shuffled, one card dealt under each slot marker in use, the rest its deck;
    starting resources by difficulty; the nation changes of I14.1 10."""
    rows = K.NATION_ROWS[nation]
    s["automa"] = a
    s["nation"][a] = nation
    s["automa_table"] = automa_table_for(nation)
    s["automa_side"] = 0
    s["difficulty"] = difficulty
    s["supreme_leader"] = supreme
    s["die"] = -1
    s["slot_card"][:] = -1
    power = rows[P_POWER, 0]
    _place(s, power, Z_PLAY, a)
    s["power_card"][a] = power
    s["hand_limit"][a] = 0
    s["merchant"][a] = -1
    if s["trade_routes"]:  # its Merchant card, Merchant side up, its text ignored (I14.1 9)
        merchant = K.MERCHANTS[a]
        s["merchant"][a] = merchant
        _place(s, merchant, Z_PLAY, a)
    # the dynasty pile, bottom to top: development cards by value (the highest on top)
    dev = np.empty(32, dtype=np.int16)
    m = 0
    for c in rows[P_DEV]:
        if c < 0 or not in_game(s, c):
            continue
        if nation == MAYANS and K.NAME_ID[c] == HEADPIECE_NAME:
            _place(s, c, Z_SET_ASIDE, a)
        elif nation == POLYNESIANS:
            _place(s, c, Z_SET_ASIDE, a)  # the discovery deck: no dynasty cards
        else:
            dev[m] = c
            m += 1
    if nation == MARTIANS:
        dev[m] = CRYOSTASIS
        m += 1
    rng.shuffle(s, dev, m)  # ties in random order: a stable sort of a shuffled list
    for i in range(1, m):
        j = i
        while j > 0 and AU.card_value(dev[j - 1]) > AU.card_value(dev[j]):
            dev[j - 1], dev[j] = dev[j], dev[j - 1]
            j -= 1
    if nation == INUIT:
        m = _inuit_dynasty(dev, m)
    size = 0
    for i in range(m):
        s["nation_deck"][a, size] = dev[i]
        _place(s, dev[i], Z_NATION_DECK, a)
        size += 1
    size, _ = _stack_accession_and_nation(s, a, rows, size)
    s["nation_size"][a] = size
    for c in rows[P_SUP]:
        if c >= 0 and in_game(s, c):
            _push_unrest(s, c)
    size = 0
    for c in rows[P_DRAW]:
        if c >= 0 and in_game(s, c) and c != CRYOSTASIS and c != OVERPOPULATION:
            s["draw_pile"][a, size] = c
            _place(s, c, Z_DRAW, a)
            size += 1
    rng.shuffle(s, s["draw_pile"][a], size)
    s["draw_size"][a] = size
    for k in range(AU.SLOTS[difficulty]):
        if s["draw_size"][a] > 0:
            s["draw_size"][a] -= 1
            c = s["draw_pile"][a, s["draw_size"][a]]
            _place(s, c, Z_AUTOMA_SLOT, a)
            s["pile_index"][c] = k
            s["slot_card"][k] = c
    for r in range(4):  # mat, pop, prg, gds; with Trade Routes gds for the prg (I14.10)
        s["pool"][a, r] = AU.START_RESOURCES[difficulty, r]
    if s["trade_routes"]:
        s["pool"][a, GDS] += s["pool"][a, PRG]
        s["pool"][a, PRG] = 0


@kernel
def init(s, n_players, trade_routes, nations, allowed, sides, variants, automa, automa_allowed, campaign):
    """Set up a game (I2, I3). nations: a code per seat, -1 for a random one of `allowed`.
    automa: (nation, difficulty, Supreme Leader) of the solo automa (I14): nation -1 for no
    automa, -2 for a random one of `automa_allowed` other than the player's. campaign: what a
    solo campaign carries into this game (CAMPAIGN_*; NO_CAMPAIGN outside one)."""
    s["n_players"] = n_players
    s["trade_routes"] = trade_routes
    s["variants"] = variants
    s["zone"][:] = Z_BOX
    s["owner"][:] = -1
    s["pile_index"][:] = -1
    s["host"][:] = -1
    s["nation"][:] = -1
    s["power_card"][:] = -1
    s["state_card"][:] = -1
    s["merchant"][:] = -1
    s["automa"] = -1
    s["die"] = -1
    s["slot_card"][:] = -1
    nations = deal_nations(s, nations, allowed)
    for p in range(n_players):
        _player_setup(s, p, nations[p], sides[p], campaign)
    if automa[0] != -1:
        nation = automa[0]
        if nation < 0:
            pool = np.empty(automa_allowed.shape[0], dtype=np.int8)
            m = 0
            for code in automa_allowed:
                if code != nations[0]:
                    pool[m] = code
                    m += 1
            nation = pool[rng.below(s, m)]
        _automa_setup(s, n_players, nation, automa[1], automa[2])
    # I3.6 common unrest by player count (the markers give 8 / 10 / 12), shuffled with the nations'
    for r in K.COMMON_UNREST:  # I14.12 Supreme Leader: 10 instead of 8
        if in_game(s, r) or (s["supreme_leader"] and K.MIN_PLAYERS[r] == SUPREME_EXTRA_UNREST_PLAYERS):
            _push_unrest(s, r)
    for _ in range(campaign[CAMPAIGN_UNREST_OUT]):  # I14.12: one common unrest out per campaign win
        s["unrest_size"] -= 1  # (the common ones were pushed last)
        _place(s, s["unrest_pile"][s["unrest_size"]], Z_BOX, -1)
    rng.shuffle(s, s["unrest_pile"], s["unrest_size"])
    _shared_setup(s, max(n_players, 2))  # I15.1: solo uses the 2-player numbers
    exiled = QUICK_EXILED if s["variants"] & VARIANT_QUICK else 0  # I15.5: after the market is built
    if s["variants"] & VARIANT_TRAINING:
        exiled = TRAINING_EXILED  # I15.1
    for _ in range(min(exiled, s["main_size"])):
        s["main_size"] -= 1
        _place(s, s["main_deck"][s["main_size"]], Z_EXILE, -1)
    for p in range(n_players):  # I2.16 opening hand
        for _ in range(D.OPENING_HAND):
            draw_from_pile(s, p)
    build_table(s)
    s["first_player"] = 0  # I3.15: seat 0 starts; seats are dealt at random by the caller
    s["current"] = 0
    s["actor"] = 0
    s["phase"] = PH_TURN_TYPE
