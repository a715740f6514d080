"""Setup from a ChronicleState (O1.1 steps 1-23), compiled.

`init` runs the steps that need no decision, in the Law's order, on a zeroed record whose
``rng`` word is set, from `chronicle.SetupArrays` and the board colour of each seat (seat 0 is
the Chancellor). It leaves the game at its first setup decision: where favor goes when it runs
short (step 16), then each player's step 23 in turn order (pawn, facedown adviser, discard
order). `legal` and `apply` answer those decisions; the last one starts round 1.
"""

from __future__ import annotations

import numpy as np

from meeplegym import rng
from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath.rules import cards as C
from meeplegym.envs.oath.state import (
    DISCARD_AS_USUAL,
    CHANCELLOR,
    DRAW_AT_SETUP,
    FIRST_EDIFICE,
    FIRST_VISION,
    GRAND_SCEPTER,
    MAX_AT_SITE,
    N_CARDS,
    N_COLOURS,
    N_SITES,
    N_SLOTS,
    N_SUITS,
    N_VISIONS,
    NOBODY,
    PH_SETUP_BOARD,
    PH_SETUP_DISCARD,
    PH_SETUP_FAVOR,
    PH_SETUP_KEEP,
    PH_SETUP_PAWN,
    PH_BEGIN_TURN,
    PURPLE,
    RELIQUARY_SPACES,
    SIDE_CHANCELLOR,
    SIDE_CITIZEN,
    SIDE_EXILE,
    Z_ADVISER,
    Z_ARCHIVE,
    Z_BOX,
    Z_DISPOSSESSED,
    Z_HAND,
    Z_PERSONAL,
    Z_RELIQUARY,
    Z_SITE,
)
from meeplegym.jit import kernel

# Site facts as arrays, by site id (D1).
SITE_RELICS = np.array([s.relics for s in D.SITES], dtype=np.int8)
SITE_FAVOR = np.array([s.favor for s in D.SITES], dtype=np.int8)
SITE_SECRETS = np.array([s.secrets for s in D.SITES], dtype=np.int8)
SLOT_REGION = np.array([int(r) for r in D.SLOT_REGION], dtype=np.int8)
DISCARD_DESTINATION = np.array([int(D.DISCARD_DESTINATION[r]) for r in D.Region], dtype=np.int8)
STARTING_DECK_LAST = max(D.STARTING_DECK)
PEOPLE, DEVOTION = (D.OATHS.index(D.OATH_BY_NAME[n]) for n in ("The People", "Devotion"))
PILE_A, PILE_B = D.WORLD_DECK_PILES  # (denizens, Visions) from the top (O8.8)
N_RELICS = len(D.RELICS)
FIRST_RELIC_ID = FIRST_VISION - N_RELICS
FAVOR_TOTAL = D.FAVOR_TOTAL
FAVOR_PER_BANK = np.array([0] + [D.favor_per_bank(n) for n in range(1, D.MAX_PLAYERS + 1)], dtype=np.int8)
CHANCELLOR_FAVOR, CHANCELLOR_SECRETS = 2, 1  # step 11
OTHER_FAVOR, OTHER_SECRETS = 1, 1  # step 15
BOARD_WARBANDS = 3  # steps 12 and 15
PURPLE_WARBANDS = D.WARBANDS[D.Colour.PURPLE]  # step 8
OTHER_WARBANDS = D.WARBANDS[D.Colour.RED]  # step 9: 14 of each other colour
SUPPLY_MAX = D.SUPPLY_MAX
CRADLE_WARBANDS = 2  # step 12


@kernel
def build_world_deck(s, pool, n):
    """O8.8 from the denizens pool[:n] and the five Visions: top -> bottom, 10 denizens and 2
    random Visions shuffled, then 15 denizens and the other 3 shuffled, then the rest."""
    rng.shuffle(s, pool, n)
    visions = np.arange(FIRST_VISION, FIRST_VISION + N_VISIONS).astype(np.int16)
    rng.shuffle(s, visions, N_VISIONS)
    a_den, a_vis = min(PILE_A[0], n), PILE_A[1]
    b_den, b_vis = min(PILE_B[0], n - a_den), PILE_B[1]
    a = np.concatenate((pool[:a_den], visions[:a_vis]))
    b = np.concatenate((pool[a_den:a_den + b_den], visions[a_vis:a_vis + b_vis]))
    rng.shuffle(s, a, a.shape[0])
    rng.shuffle(s, b, b.shape[0])
    for k in range(n - 1, a_den + b_den - 1, -1):  # the rest, bottom first
        C.world_push_top(s, pool[k])
    for k in range(b.shape[0] - 1, -1, -1):
        C.world_push_top(s, b[k])
    for k in range(a.shape[0] - 1, -1, -1):
        C.world_push_top(s, a[k])


@kernel
def init(s, n, colours, oath, citizen, slot_site, slot_faceup, slot_cards, slot_ruined, world, world_n, relics,
         relic_n, dispossessed):
    """Steps 1-8, then step 9 for each non-Chancellor seat: from `colours` (seat -> colour) when
    given, otherwise as decisions (colours[1] < 0)."""
    s["n_players"] = n
    s["winner"] = -1
    s["non_imperial"] = -1
    s["defender"] = NOBODY
    s["camp_from"] = -1
    s["proposer"] = -1
    s["thief_taker"] = -1
    for k in range(N_VISIONS):
        s["prophet"][k] = -1
    s["interrupted"] = -1
    s["scepter_fresh"] = -1
    s["discard_to"] = DISCARD_AS_USUAL
    s["trade_as"] = -1
    s["oath"] = oath
    for c in range(1, N_CARDS):
        s["zone"][c] = Z_BOX
    for c in range(1, FIRST_RELIC_ID):  # denizens and edifices not placed below start in the Archive
        if C.is_edifice(c) and (c - FIRST_EDIFICE) % 2:
            continue  # a ruined face: the card is tracked under its intact face's id
        s["zone"][c] = Z_ARCHIVE
        if dispossessed[c]:
            s["zone"][c] = Z_DISPOSSESSED
    # step 1: the map, each site with its cards; empty slots get random facedown sites
    used = np.zeros(N_SITES, dtype=np.int8)
    for slot in range(N_SLOTS):
        if slot_site[slot] >= 0:
            used[slot_site[slot]] = 1
    spare = np.zeros(N_SITES, dtype=np.int16)
    n_spare = 0
    for site in range(N_SITES):
        if not used[site]:
            spare[n_spare] = site
            n_spare += 1
    rng.shuffle(s, spare, n_spare)
    for slot in range(N_SLOTS):
        if slot_site[slot] >= 0:
            s["slot_site"][slot] = slot_site[slot]
            s["slot_faceup"][slot] = slot_faceup[slot]
        else:
            n_spare -= 1
            s["slot_site"][slot] = spare[n_spare]
        for k in range(MAX_AT_SITE):
            c = slot_cards[slot, k]
            if c > 0:
                C.place(s, c, Z_SITE, slot, 0 if C.is_relic(c) else 1)
                s["ruined"][c] = slot_ruined[slot, k]
    # the relic deck: as saved (top first), or every ordinary relic not placed, shuffled, each
    # faceup site then dealt relics up to its R icons (O1.2)
    if relic_n >= 0:
        for k in range(relic_n - 1, -1, -1):
            C.relic_push_top(s, relics[k])
    else:
        deck = np.zeros(N_RELICS, dtype=np.int16)
        m = 0
        for c in range(FIRST_RELIC_ID, FIRST_VISION):
            if c != GRAND_SCEPTER and s["zone"][c] == Z_BOX:
                deck[m] = c
                m += 1
        rng.shuffle(s, deck, m)
        for k in range(m):
            C.relic_push_top(s, deck[k])
        for slot in range(N_SLOTS):
            if s["slot_faceup"][slot]:
                deal_relics(s, slot)
    # the world deck: as saved (top first), or built from the starting denizens (O8.8)
    if world_n >= 0:
        for k in range(world_n - 1, -1, -1):
            C.world_push_top(s, world[k])
    else:
        pool = np.zeros(STARTING_DECK_LAST, dtype=np.int16)
        m = 0
        for c in range(1, STARTING_DECK_LAST + 1):
            if s["zone"][c] == Z_ARCHIVE:
                pool[m] = c
                m += 1
        build_world_deck(s, pool, m)
    # steps 2-6: round, Visions track, shared bank, banners, favor banks
    s["round"] = 1
    s["visions_drawn"] = 0
    per_bank = FAVOR_PER_BANK[n]
    for b in range(N_SUITS):
        s["favor_bank"][b] = per_bank
    s["pf_holder"] = NOBODY
    s["pf_tokens"] = 1
    s["ds_holder"] = NOBODY
    s["ds_tokens"] = 1
    s["shared_favor"] = FAVOR_TOTAL - 1 - N_SUITS * per_bank
    # steps 7-8: the Chancellor's seat, board, warbands and the Grand Scepter
    for col in range(N_COLOURS):
        s["citizen_board"][col] = citizen[col]
    for p in range(n):
        s["colour"][p] = -1
        s["pawn"][p] = -1
    s["colour"][CHANCELLOR] = PURPLE
    s["side"][CHANCELLOR] = SIDE_CHANCELLOR
    s["bank_warbands"][PURPLE] = PURPLE_WARBANDS
    C.place(s, GRAND_SCEPTER, Z_PERSONAL, CHANCELLOR, 1)
    # step 9: the other boards, in turn order
    if colours[1] < 0:
        s["phase"] = PH_SETUP_BOARD
        s["current"] = 1
        s["actor"] = 1
        return
    for p in range(1, n):
        take_board(s, p, colours[p])
    after_boards(s)


@kernel
def take_board(s, p, col):
    """Step 9: seat p takes the board of colour `col` on its chronicled side, and its warbands."""
    s["colour"][p] = col
    s["side"][p] = SIDE_CITIZEN if s["citizen_board"][col] else SIDE_EXILE
    s["bank_warbands"][col] = OTHER_WARBANDS


@kernel
def after_boards(s):
    """Steps 10-22, then the first decision of step 16 or 23."""
    n = s["n_players"]
    for p in range(n):
        s["supply"][p] = SUPPLY_MAX
    # step 11
    gain_favor_from_shared(s, CHANCELLOR, CHANCELLOR_FAVOR)
    s["secrets"][CHANCELLOR] += CHANCELLOR_SECRETS
    # step 12: the Chancellor's warbands
    move_from_bank(s, CHANCELLOR, BOARD_WARBANDS)
    top = top_cradle_site(s)
    for slot in range(N_SLOTS):
        if s["slot_faceup"][slot]:
            count = CRADLE_WARBANDS if slot == top else (1 if holds_denizen_or_intact(s, slot) else 0)
            count = min(count, s["bank_warbands"][PURPLE])
            s["bank_warbands"][PURPLE] -= count
            s["site_warbands"][slot, PURPLE] += count
    # steps 13-14: the Oath's banner, the title
    if s["oath"] == PEOPLE:
        s["pf_holder"] = CHANCELLOR
    elif s["oath"] == DEVOTION:
        s["ds_holder"] = CHANCELLOR
    s["title_holder"] = CHANCELLOR
    s["usurper"] = 0
    # step 15: Exiles and Citizens
    for p in range(1, n):
        gain_favor_from_shared(s, p, OTHER_FAVOR)
        s["secrets"][p] += OTHER_SECRETS
        move_from_bank(s, p, BOARD_WARBANDS)
    # step 16: reveal prompts on faceup sites; what favor cannot cover waits for the Chancellor
    for slot in range(N_SLOTS):
        if s["slot_faceup"][slot]:
            site = s["slot_site"][slot]
            s["slot_secrets"][slot] += SITE_SECRETS[site]
            s["favor_owed"][slot] = SITE_FAVOR[site]
    owed = 0
    for slot in range(N_SLOTS):
        owed += s["favor_owed"][slot]
    if owed <= s["shared_favor"]:
        for slot in range(N_SLOTS):
            s["slot_favor"][slot] += s["favor_owed"][slot]
            s["shared_favor"] -= s["favor_owed"][slot]
            s["favor_owed"][slot] = 0
    # steps 17-18: the Reliquary
    for space in range(RELIQUARY_SPACES):
        c = C.relic_take_top(s)
        s["reliquary"][space] = c
        if c > 0:
            C.place(s, c, Z_RELIQUARY, space, 0)
    # steps 19-22: three cards to the discard piles, three to each player, from the bottom
    for region in range(3):
        c = C.world_take_bottom(s)
        if c > 0:
            count_vision(s, c)
            C.discard_push(s, region, c)
    for p in range(n):
        for _ in range(DRAW_AT_SETUP):
            c = C.world_take_bottom(s)
            if c > 0:
                count_vision(s, c)
                C.place(s, c, Z_HAND, p, 0)
                s["known"][c] |= 1 << p
    s["current"] = CHANCELLOR
    if s["shared_favor"] > 0 and favor_still_owed(s):
        s["phase"] = PH_SETUP_FAVOR
        s["actor"] = CHANCELLOR
    else:
        clear_owed(s)
        begin_step_23(s, CHANCELLOR)


@kernel
def deal_relics(s, slot):
    """Facedown relics from the deck beside a faceup site, up to its R icons (O5.6.2, O1.2)."""
    have = 0
    for c in range(FIRST_RELIC_ID, FIRST_VISION):
        if s["zone"][c] == Z_SITE and s["where"][c] == slot:
            have += 1
    for _ in range(SITE_RELICS[s["slot_site"][slot]] - have):
        c = C.relic_take_top(s)
        if c == 0:
            return
        C.place(s, c, Z_SITE, slot, 0)


@kernel
def count_vision(s, c):
    """A Vision taken from the world deck advances the Visions Drawn track (O1.1 step 22)."""
    if C.is_vision(c):
        s["visions_drawn"] += 1


@kernel
def gain_favor_from_shared(s, p, k):
    k = min(k, s["shared_favor"])
    s["shared_favor"] -= k
    s["favor"][p] += k


@kernel
def board_colour(s, p):
    """The colour of the warbands on p's board: purple for the Chancellor and Citizens."""
    return PURPLE if s["side"][p] != SIDE_EXILE else s["colour"][p]


@kernel
def move_from_bank(s, p, k):
    col = board_colour(s, p)
    k = min(k, s["bank_warbands"][col])
    s["bank_warbands"][col] -= k
    s["board_warbands"][p] += k


@kernel
def kill_on_board(s, p, k):
    """Kill k warbands on p's board (as many as there are): back to their colour's bank."""
    k = min(k, s["board_warbands"][p])
    s["board_warbands"][p] -= k
    s["bank_warbands"][board_colour(s, p)] += k


@kernel
def top_cradle_site(s):
    """The topmost faceup Cradle slot (O1.1 steps 12 and 23); -1 if none."""
    for slot in range(N_SLOTS):
        if SLOT_REGION[slot] == 0 and s["slot_faceup"][slot]:
            return slot
    return -1


@kernel
def holds_denizen_or_intact(s, slot):
    for c in range(1, FIRST_RELIC_ID):
        if s["zone"][c] == Z_SITE and s["where"][c] == slot and (C.is_denizen(c) or s["ruined"][c] == 0):
            return True
    return False


@kernel
def favor_still_owed(s):
    for slot in range(N_SLOTS):
        if s["favor_owed"][slot] > 0:
            return True
    return False


@kernel
def clear_owed(s):
    for slot in range(N_SLOTS):
        s["favor_owed"][slot] = 0


@kernel
def begin_step_23(s, p):
    """Player p's turn at step 23: the Chancellor's pawn goes to the top Cradle site without a
    choice; everyone else picks a faceup site."""
    s["current"] = p
    s["actor"] = p
    if p == CHANCELLOR:
        s["pawn"][p] = top_cradle_site(s)
        s["phase"] = PH_SETUP_KEEP
    else:
        s["phase"] = PH_SETUP_PAWN


@kernel
def board_taken(s, col):
    for p in range(s["n_players"]):
        if s["colour"][p] == col:
            return True
    return False


@kernel
def legal(s, mask):
    """The setup decisions (steps 9, 16 and 23)."""
    phase = s["phase"]
    p = s["actor"]
    if phase == PH_SETUP_BOARD:
        for col in range(1, N_COLOURS):
            if not board_taken(s, col):
                mask[A.OPTION + col] = 1
    elif phase == PH_SETUP_FAVOR:
        for slot in range(N_SLOTS):
            if s["favor_owed"][slot] > 0:
                mask[A.SLOT + slot] = 1
    elif phase == PH_SETUP_PAWN:
        for slot in range(N_SLOTS):
            if s["slot_faceup"][slot]:
                mask[A.SLOT + slot] = 1
    else:  # keep or discard: one of the cards in hand
        for c in range(1, N_CARDS):
            if s["zone"][c] == Z_HAND and s["where"][c] == p:
                mask[A.CARD + c] = 1


@kernel
def apply(s, a):
    phase = s["phase"]
    p = s["actor"]
    if phase == PH_SETUP_BOARD:
        take_board(s, p, a - A.OPTION)
        if p + 1 < s["n_players"]:
            s["current"] = p + 1
            s["actor"] = p + 1
        else:
            after_boards(s)
    elif phase == PH_SETUP_FAVOR:
        slot = a - A.SLOT
        s["favor_owed"][slot] -= 1
        s["slot_favor"][slot] += 1
        s["shared_favor"] -= 1
        if s["shared_favor"] == 0 or not favor_still_owed(s):
            clear_owed(s)
            begin_step_23(s, CHANCELLOR)
    elif phase == PH_SETUP_PAWN:
        s["pawn"][p] = a - A.SLOT
        s["phase"] = PH_SETUP_KEEP
    elif phase == PH_SETUP_KEEP:
        C.place(s, a - A.CARD, Z_ADVISER, p, 0)
        s["phase"] = PH_SETUP_DISCARD
        finish_discards(s, p)
    else:
        discard_from_hand(s, p, a - A.CARD)
        finish_discards(s, p)


@kernel
def discard_from_hand(s, p, c):
    """O10 Discard: onto the pile one region outward from p's pawn; p has seen it."""
    C.discard_push(s, DISCARD_DESTINATION[SLOT_REGION[s["pawn"][p]]], c)
    s["known"][c] |= 1 << p


@kernel
def finish_discards(s, p):
    """The order of the discards is a choice while two or more remain; the last one follows. Then
    the next player, and after the last one round 1 begins."""
    if C.count_in(s, Z_HAND, p) > 1:
        return
    for c in range(1, N_CARDS):
        if s["zone"][c] == Z_HAND and s["where"][c] == p:
            discard_from_hand(s, p, c)
    if p + 1 < s["n_players"]:
        begin_step_23(s, p + 1)
    else:
        s["current"] = CHANCELLOR
        s["actor"] = CHANCELLOR
        s["phase"] = PH_BEGIN_TURN
