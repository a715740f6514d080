"""Moving cards between zones, compiled: the I12 keywords that need no decision once their
card is chosen (draw, discard, history, exile, acquire, market refill, take, return ...), and
the queries card programs ask (what is in play, which state a player is in, counts).

Every move goes through `put` so that leaving play releases resources (I5.7) and garrisoned
cards follow their host (I12 Abandon, Garrison).
"""

from __future__ import annotations


from meeplegym import rng
from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import data as D
from meeplegym.envs.imperium.effects import (
    ADVANCE_NAME,
    BARB_OFF,
    BARB_OFF_ADVANCE,
    BARB_OFF_ALL,
    BARB_OFF_DEVELOPMENTS,
    ENTERS_PLAY_WHEN_GAINED,
    HAND_SIZE_BONUS,
)
from meeplegym.envs.imperium.state import (
    N_RESOURCES,
    PRG,
    VARIANT_QUICK,
    VARIANT_TRAINING,
    Z_BOX,
    Z_CHAOS_PILE,
    Z_DISCARD,
    Z_DRAW,
    Z_EXILE,
    Z_FAME_PILE,
    Z_GARRISON,
    Z_HAND,
    Z_HISTORY,
    Z_MAIN_DECK,
    Z_MARKET,
    Z_NATION_DECK,
    Z_PLAY,
    Z_SET_ASIDE,
    Z_SMALL_PILE,
    Z_STATE_CARD,
    Z_UNDER_MARKET,
    Z_UNREST_PILE,
    Z_AUTOMA_SLOT,
)
from meeplegym.jit import kernel, shell_kernel

PIN = int(D.Header.PIN)
ATK = int(D.Header.ATK)
TRD = int(D.Header.TRD)
REG = int(D.Suit.REG)
TRI = int(D.Suit.TRI)
TROUTE = int(D.Suit.TROUTE)
UNREST = int(D.Suit.UNREST)
UNREST_BIT = 1 << UNREST
REG_BIT = 1 << REG
PRODUCTION = int(D.TypeIcon.PRODUCTION)
FERTILE = int(D.TypeIcon.FERTILE)
ACCESSION = int(D.Start.ACC)
DEVELOPMENT = int(D.Start.DEV)
POLYNESIANS, TAINO, INUIT = int(D.NationCode.POL), int(D.NationCode.TAI), int(D.NationCode.INU)
CULTISTS = int(D.NationCode.CUL)
CHAOS_START = int(D.Start.CHS)
OWN_STATE_PILE = int(D.SetupPile.STATE_CARD)
BARB = int(D.StateIcon.BARB)
EMP = int(D.StateIcon.EMP)


@kernel
def rec(s, c):
    """The face record of physical card c (its B face when flipped)."""
    if s["face"][c] == 1 and K.OTHER_FACE[c] >= 0:
        return K.OTHER_FACE[c]
    return c


@kernel
def state_icons(s, p):
    """Bit mask of the state icons p's state card shows (I5.4); the automa's state card shows
    the side in use (I14.3 5)."""
    if is_automa(s, p):
        return 1 << (EMP if s["automa_side"] else BARB)
    return K.STATES[rec(s, s["state_card"][p])]


@kernel
def is_automa(s, p):
    """Seat p is the solo automa (I14)."""
    return p >= 0 and p == s["automa"]


@kernel
def gain_card(s, c, p):
    """c is gained by p: into the hand, or for the automa on top of its deck (I14.5 Gaining
    cards: in the order gained, the first one lowest)."""
    if is_automa(s, p):
        put_on_draw_pile(s, p, c)
    else:
        put(s, c, Z_HAND, p)


@kernel
def put_in_slot(s, c, slot):
    """c face down under the automa's slot marker `slot` (I14.1 step 6, I14.3 4)."""
    _leave(s, c)
    s["zone"][c] = Z_AUTOMA_SLOT
    s["owner"][c] = s["automa"]
    s["pile_index"][c] = slot
    s["slot_card"][slot] = c


@kernel
def state_allows(s, p, c):
    """p's state card lets card c be played (I5.4): c shows no state icon or one of p's. Science
    takes the BARB icon off p's Advance cards, Reactor Explosion off p's development cards,
    Prepare the Ceremony off all p's cards."""
    r = rec(s, c)
    icons = K.STATES[r]
    if (icons >> BARB) & 1:
        kind = BARB_OFF_ADVANCE if K.NAME_ID[r] == ADVANCE_NAME else (
            BARB_OFF_DEVELOPMENTS if K.START[r] == DEVELOPMENT else 0)
        for h in table(s):
            off = BARB_OFF[rec(s, h)]
            if off != 0 and (off == kind or off == BARB_OFF_ALL) and s["zone"][h] == Z_PLAY and s["owner"][h] == p:
                icons &= ~(1 << BARB)  # (Prepare the Ceremony: all of p's cards)
                break
    if s["ignore_emp_next"][p]:  # Mana: the next card played ignores its EMP icon
        icons &= ~(1 << EMP)
    return icons == 0 or (icons & state_icons(s, p)) != 0


@kernel
def is_pinned(s, c):
    return K.HEADER[rec(s, c)] == PIN


@kernel
def has_type(s, c, types):
    r = rec(s, c)
    for t in range(K.N_TYPES):
        if (types >> t) & 1 and K.TYPES[r, t] > 0:
            return True
    return False


@kernel
def matches(s, c, suits, types, pinned, attack, not_unrest):
    """Card c passes a program filter: any of the suits, any of the type icons, pinned, attack."""
    r = rec(s, c)
    if suits != 0 and (K.SUITS[r] & suits) == 0:
        return False
    if types != 0 and not has_type(s, c, types):
        return False
    if pinned and K.HEADER[r] != PIN:
        return False
    if attack and K.HEADER[r] != ATK:
        return False
    if not_unrest and (K.SUITS[r] & UNREST_BIT) != 0:
        return False
    return True


@kernel
def count_in_play(s, p, suits, types):
    """Suit or type icons among p's cards in play (I1.6, I1.8: repeated icons count twice;
    garrisoned cards are not in play, I12 Garrison)."""
    n = 0
    for c in table(s):
        if s["zone"][c] != Z_PLAY or s["owner"][c] != p:
            continue
        r = rec(s, c)
        if suits != 0:
            for k in range(K.N_SUITS):
                if (suits >> k) & 1:
                    n += K.SUIT_COUNT[r, k]
        for t in range(K.N_TYPES):
            if (types >> t) & 1:
                n += K.TYPES[r, t]
    for t in range(K.N_TYPES):  # I12 Treat as (Catamarans, Irrigation)
        if (types >> t) & 1:
            n -= s["treated_icons"][p, t]
    if (types >> PRODUCTION) & 1:
        n += s["treated_production"][p]
    if s["fertile_as_production"][p] and ((types >> FERTILE) & 1) != ((types >> PRODUCTION) & 1):
        # Soil Rotation (I12 Treat as): each #fertile in play is a #production instead
        fertile = 0
        for c in table(s):
            if s["zone"][c] == Z_PLAY and s["owner"][c] == p:
                fertile += K.TYPES[rec(s, c), FERTILE]
        n += fertile if (types >> PRODUCTION) & 1 else -fertile
    return n


@kernel
def hand_limit(s, p):
    """I7.4 plus passive hand-size changes of cards in play (Couriers); the automa has no hand."""
    if is_automa(s, p):
        return 0
    n = s["hand_limit"][p]
    for c in table(s):
        if s["zone"][c] == Z_PLAY and s["owner"][c] == p:
            n += HAND_SIZE_BONUS[rec(s, c)]
    if s["nation"][p] == INUIT and s["face"][s["state_card"][p]] == 0:
        n -= 2  # Summer (I16): the draw-up after a Summer turn
    return n


# ---------------------------------------------------------------- moving one card
@kernel
def _remove_from_order(pile, size, c):
    """Take c out of an ordered pile; returns the new size (unchanged if absent)."""
    for i in range(size):
        if pile[i] == c:
            for j in range(i, size - 1):
                pile[j] = pile[j + 1]
            return size - 1
    return size


@kernel
def table(s):
    """The physical cards at this table, ascending: what loops over cards walk (the rest of the
    catalogue stays in the box all game)."""
    return s["table_cards"][: s["n_table_cards"]]


@kernel
def _join_table(s, c):
    """A card taken out of the box (rules tests do this) joins the table list in order, unless it
    was at the table before."""
    for d in table(s):
        if d == c:
            return
    i = s["n_table_cards"]
    while i > 0 and s["table_cards"][i - 1] > c:
        s["table_cards"][i] = s["table_cards"][i - 1]
        i -= 1
    s["table_cards"][i] = c
    s["n_table_cards"] += 1


@kernel
def _leave(s, c):
    """c leaves its zone: ordered piles forget it; leaving play releases resources to the owner's
    pool and drops an exhaust token (I5.7)."""
    z = s["zone"][c]
    p = s["owner"][c]
    if z == Z_BOX:
        _join_table(s, c)
    elif z == Z_DRAW:
        s["draw_size"][p] = _remove_from_order(s["draw_pile"][p], s["draw_size"][p], c)
    elif z == Z_NATION_DECK:
        s["nation_size"][p] = _remove_from_order(s["nation_deck"][p], s["nation_size"][p], c)
    elif z == Z_UNREST_PILE:
        s["unrest_size"] = _remove_from_order(s["unrest_pile"], s["unrest_size"], c)
    elif z == Z_FAME_PILE:
        s["fame_size"] = _remove_from_order(s["fame_pile"], s["fame_size"], c)
    elif z == Z_MAIN_DECK:
        s["main_size"] = _remove_from_order(s["main_deck"], s["main_size"], c)
    elif z == Z_SMALL_PILE:
        k = s["pile_index"][c]
        s["small_size"][k] = _remove_from_order(s["small_pile"][k], s["small_size"][k], c)
    elif z == Z_MARKET:
        s["market"][s["pile_index"][c]] = -1
    elif z == Z_UNDER_MARKET:
        s["market_unrest"][s["pile_index"][c]] = -1
    elif z == Z_AUTOMA_SLOT:
        s["slot_card"][s["pile_index"][c]] = -1
    if p >= 0:
        for k in range(N_RESOURCES):
            if s["card_res"][c, k] > 0:
                if z == Z_PLAY:
                    s["pool"][p, k] += s["card_res"][c, k]
                s["card_res"][c, k] = 0
    s["exhausted"][c] = 0
    s["pile_index"][c] = -1
    s["host"][c] = -1


@kernel
def put(s, c, zone, owner):
    """Move c to an unordered zone (hand, play, discard, history, exile, development ...)."""
    leaving_play = s["zone"][c] == Z_PLAY
    _leave(s, c)
    s["zone"][c] = zone
    s["owner"][c] = owner
    if leaving_play and zone != Z_PLAY:
        _release_garrison(s, c, zone == Z_HISTORY)


@kernel
def _release_garrison(s, host, to_history):
    """The cards garrisoned under a host leaving play follow it (I12 Garrison): into history with
    it, to the discard pile otherwise (abandon, seed PT l.1429; recall [R]; rule decision for
    exile and the rest, docs/imperium.md)."""
    for g in table(s):
        if s["zone"][g] == Z_GARRISON and s["host"][g] == host:
            _leave(s, g)
            s["zone"][g] = Z_HISTORY if to_history else Z_DISCARD


@kernel
def put_on_draw_pile(s, p, c):
    """c on top of p's draw pile (I12 Place)."""
    _leave(s, c)
    s["draw_pile"][p, s["draw_size"][p]] = c
    s["draw_size"][p] += 1
    s["zone"][c] = Z_DRAW
    s["owner"][c] = p


@kernel
def push_unrest(s, c):
    """c back on top of the unrest pile (I12 Return)."""
    _leave(s, c)
    s["unrest_pile"][s["unrest_size"]] = c
    s["unrest_size"] += 1
    s["zone"][c] = Z_UNREST_PILE
    s["owner"][c] = -1


@kernel
def is_chaos(s, c):
    return K.START[c] == CHAOS_START


@kernel
def cultist(s):
    """The Cultists' seat, -1 when nobody plays them."""
    for p in range(s["n_players"]):
        if s["nation"][p] == CULTISTS:
            return p
    return -1


@kernel
def return_unrest(s, c):
    """I12 Return of an unrest card: a chaos card goes back to the Cultists' chaos pile (I16,
    I12 Return [D]), any other onto the unrest pile."""
    if is_chaos(s, c):
        put(s, c, Z_CHAOS_PILE, cultist(s))
    else:
        push_unrest(s, c)


@kernel
def top_chaos(s):
    """A card of the chaos pile (they are alike), -1 when it is empty."""
    for c in table(s):
        if s["zone"][c] == Z_CHAOS_PILE:
            return c
    return -1


@kernel
def take_unrest(s, p):
    """The top unrest into p's hand (I12 Take); the last one triggers collapse (I10.5).
    Returns the card or -1."""
    if s["unrest_size"] == 0:
        return -1
    c = s["unrest_pile"][s["unrest_size"] - 1]
    gain_card(s, c, p)
    if s["unrest_size"] == 0:
        s["collapsed"] = 1
    return c


@kernel
def garrison(s, c, host):
    """Tuck c under host. A card garrisoned from play (the Inuit's history, I16) takes the cards
    garrisoned under it along, under the same host (I12 Garrison: they follow their host)."""
    leaving_play = s["zone"][c] == Z_PLAY
    _leave(s, c)
    s["zone"][c] = Z_GARRISON
    s["owner"][c] = s["owner"][host]
    s["host"][c] = host
    if leaving_play:
        for g in table(s):
            if s["zone"][g] == Z_GARRISON and s["host"][g] == c:
                s["host"][g] = host


@kernel
def has_garrison(s, host):
    for g in table(s):
        if s["zone"][g] == Z_GARRISON and s["host"][g] == host:
            return True
    return False


# ---------------------------------------------------------------- the draw pile (I8)
@kernel
def shuffle_discard_into_draw(s, p):
    """I8.5: the discard pile becomes a new draw pile."""
    n = s["draw_size"][p]
    for c in table(s):
        if s["zone"][c] == Z_DISCARD and s["owner"][c] == p:
            s["draw_pile"][p, n] = c
            s["zone"][c] = Z_DRAW
            n += 1
    s["draw_size"][p] = n
    rng.shuffle(s, s["draw_pile"][p], n)


@kernel
def count_in_zone(s, p, zone):
    """How many of p's cards are in `zone` (hand, discard pile ...)."""
    n = 0
    for c in table(s):
        if s["zone"][c] == zone and s["owner"][c] == p:
            n += 1
    return n


@kernel
def draw_top(s, p):
    """Top card of p's draw pile into hand, -1 when the pile is empty (the caller reshuffles)."""
    if s["draw_size"][p] == 0:
        return -1
    c = s["draw_pile"][p, s["draw_size"][p] - 1]
    put(s, c, Z_HAND, p)
    return c


@kernel
def nation_deck_step(s, p):
    """I8.2-I8.3 when it applies: the top nation card to the discard pile, an exhaust token onto
    the deck (or the development area once empty), and the accession card flips the state.
    Returns True when it ran."""
    if s["deck_token"][p] or s["exhaust_tokens"][p] == 0 or s["nation_size"][p] == 0:
        return False
    gain_nation_top(s, p)
    s["exhaust_tokens"][p] -= 1
    s["deck_token"][p] = 1
    return True


@kernel
def gain_nation_top(s, p):
    """The top card of p's nation deck into p's discard pile (I8.3); the accession card flips the
    state card, or goes into play without flipping it (Reactor Explosion, I16 Martians)."""
    size = s["nation_size"][p]
    c = s["nation_deck"][p, size - 1]
    accession = size == 1 and K.START[c] == ACCESSION
    if accession and ENTERS_PLAY_WHEN_GAINED[c]:
        put(s, c, Z_PLAY, p)
        return c
    put(s, c, Z_DISCARD, p)
    if accession and s["nation"][p] != POLYNESIANS and s["nation"][p] != TAINO:
        flip_state(s, p)  # I8.3 step 3; Polynesians and Taino do not flip (I16)
    return c


@kernel
def show_state(s, p, icons):
    """p's state card turns to the face showing one of `icons`, taken from p's standard state card
    and the nation's own one; the card it replaces is set aside (I16 Cultists: back to BARB,
    "replace your state card with the CORRUPT one", "flip it to its SUMMONED side")."""
    own = K.NATION_ROWS[s["nation"][p], OWN_STATE_PILE, 0]
    for k in range(2):
        c = K.STANDARD_STATE_CARDS[p] if k == 0 else own
        if c < 0:
            continue
        for face in range(2):
            r = c if face == 0 else K.OTHER_FACE[c]
            if r >= 0 and (K.STATES[r] & icons) != 0:
                old = s["state_card"][p]
                if old != c:
                    put(s, old, Z_SET_ASIDE, p)
                    put(s, c, Z_STATE_CARD, p)
                    s["state_card"][p] = c
                s["face"][c] = face
                return


@kernel
def flip_state(s, p):
    """Turn p's state card over (I8.3, Flip). Nations whose state card does not flip are the
    caller's to exclude (I16)."""
    sc = s["state_card"][p]
    s["face"][sc] = 1 - s["face"][sc]


# ---------------------------------------------------------------- market (I3.12, I12)
@kernel
def is_region(c):
    return (K.SUITS[c] & REG_BIT) != 0


@kernel
def tuck_unrest(s, slot):
    """Tuck the top unrest card under the market card of `slot` (I3.13, I12 Acquire step 5);
    regions get none. Returns False when the unrest pile is empty (collapse is the caller's)."""
    if is_region(s["market"][slot]):
        return True
    if s["unrest_size"] == 0:
        return False
    s["unrest_size"] -= 1
    u = s["unrest_pile"][s["unrest_size"]]
    s["market_unrest"][slot] = u
    s["zone"][u] = Z_UNDER_MARKET
    s["pile_index"][u] = slot
    return True


@kernel
def refill(s, slot):
    """Refill a market slot (I12 Acquire 4-5): slots 1-2 from the main deck, 3-5 from their small
    pile or the main deck once it is empty; a non-region gets an unrest tucked under it.
    Returns False if nothing could fill it. An empty main deck triggers the game end (I10.1)."""
    c = -1
    if slot >= 2 and s["small_size"][slot - 2] > 0:
        k = slot - 2
        c = s["small_pile"][k, s["small_size"][k] - 1]
    elif s["main_size"] > 0:
        c = s["main_deck"][s["main_size"] - 1]
    if c < 0:
        note_main_deck(s)
        return False
    _leave(s, c)
    s["market"][slot] = c
    s["zone"][c] = Z_MARKET
    s["owner"][c] = -1
    s["pile_index"][c] = slot
    note_main_deck(s)
    if not tuck_unrest(s, slot) or s["unrest_size"] == 0:
        s["collapsed"] = 1  # I10.5: no unrest left
    return True


@kernel
def note_main_deck(s):
    if s["main_size"] == 0 and s["rounds_left"] < 0:
        trigger_game_end(s)


@kernel
def trigger_game_end(s):
    """I10.1-I10.2: finish this round, then one more (the quick variant, I15.5, and the training
    mode, I15.1: no extra round); a second trigger changes nothing."""
    if s["rounds_left"] < 0:
        s["game_end_triggered"] = 1
        s["rounds_left"] = 1 if s["variants"] & (VARIANT_QUICK | VARIANT_TRAINING) else 2


@kernel
def market_card_resources(s, c):
    n = 0
    for k in range(N_RESOURCES):
        n += s["card_res"][c, k]
    return n


@shell_kernel
def take_market_card(s, slot, p, unrest_to_hand):
    """Acquire / Break through (a) from the market (I12): resources to p's pool, the card to hand,
    the tucked unrest to p's hand (Acquire) or back to the pile (Break through), refill.
    Returns the card."""
    c = s["market"][slot]
    for k in range(N_RESOURCES):
        s["pool"][p, k] += s["card_res"][c, k]
        s["card_res"][c, k] = 0
    u = s["market_unrest"][slot]
    gain_card(s, c, p)
    if u >= 0:
        if unrest_to_hand:
            gain_card(s, u, p)
        else:
            push_unrest(s, u)
    refill(s, slot)
    return c


@shell_kernel
def exile_market_card(s, slot):
    """I12 Exile of a market card: its unrest back to the pile, the card to the exile, refill."""
    c = s["market"][slot]
    u = s["market_unrest"][slot]
    if u >= 0:
        push_unrest(s, u)
    put(s, c, Z_EXILE, -1)
    refill(s, slot)


@kernel
def swap_into_market(s, slot, c):
    """I12 Swap: exiled card c takes the place of the card in `slot`, which goes to the exile;
    the resources and the tucked unrest stay in the slot [R]."""
    old = s["market"][slot]
    _leave(s, c)
    s["zone"][old] = Z_EXILE
    s["pile_index"][old] = -1
    s["market"][slot] = c
    s["zone"][c] = Z_MARKET
    s["owner"][c] = -1
    s["pile_index"][c] = slot
    for k in range(N_RESOURCES):
        s["card_res"][c, k] = s["card_res"][old, k]
        s["card_res"][old, k] = 0


@kernel
def swap_hand_into_market(s, slot, c, p):
    """Sharing Our Secrets (I12 Swap): p's card c takes the place of the card in `slot`, which
    goes to p's hand without its resources or tucked unrest: they stay in the slot [R]."""
    old = s["market"][slot]
    res = s["card_res"][old].copy()
    s["card_res"][old, :] = 0
    put(s, old, Z_HAND, p)
    _leave(s, c)
    s["market"][slot] = c
    s["zone"][c] = Z_MARKET
    s["owner"][c] = -1
    s["pile_index"][c] = slot
    s["card_res"][c, :] = res


@kernel
def swap_with_nation(s, p, c, n):
    """Landing Site: p's card c (in hand) and nation-deck card n change places."""
    for i in range(s["nation_size"][p]):
        if s["nation_deck"][p, i] == n:
            put(s, n, Z_HAND, p)  # leaves the ordered deck: re-insert c at the same depth
            size = s["nation_size"][p]
            s["nation_deck"][p, i + 1:size + 1] = s["nation_deck"][p, i:size].copy()
            _leave(s, c)
            s["nation_deck"][p, i] = c
            s["nation_size"][p] = size + 1
            s["zone"][c] = Z_NATION_DECK
            s["owner"][c] = p
            return


@kernel
def put_main_bottom(s, c):
    """c goes to the bottom of the main deck (Fracture of Time)."""
    _leave(s, c)
    n = s["main_size"]
    s["main_deck"][1:n + 1] = s["main_deck"][0:n].copy()
    s["main_deck"][0] = c
    s["main_size"] = n + 1
    s["zone"][c] = Z_MAIN_DECK
    s["owner"][c] = -1


@kernel
def first_in_pile(s, k, suits):
    """Index from the top of small pile k of the first card of the suits (I12 Break through b),
    -1 if none."""
    for i in range(s["small_size"][k] - 1, -1, -1):
        if K.SUITS[s["small_pile"][k, i]] & suits:
            return i
    return -1


@kernel
def face_up_tributary(s, k):
    """The face-up tributary at the bottom of small pile k (I3.10), -1 once it is gone; with Trade
    Routes it lies on the pile's face-down trade route (I13.1)."""
    n = s["small_size"][k]
    i = 1 if n > 1 and K.BANNER[rec(s, s["small_pile"][k, 0])] == TROUTE else 0
    if i < n and K.BANNER[rec(s, s["small_pile"][k, i])] == TRI:
        return s["small_pile"][k, i]
    return -1


@kernel
def break_through_main_deck(s, p, suits, exile_revealed):
    """I12 Break through (c): reveal from the main deck until a card of the suits appears and take
    it; the others are exiled [R] (or go to the bottom). Without one, gain 2 prg [R]. Returns the
    card or -1."""
    while s["main_size"] > 0:
        c = s["main_deck"][s["main_size"] - 1]
        if K.SUITS[c] & suits:
            put(s, c, Z_HAND, p)
            note_main_deck(s)
            return c
        if exile_revealed:
            put(s, c, Z_EXILE, -1)
        else:
            break
    s["pool"][p, PRG] += 2
    note_main_deck(s)
    return -1


# ---------------------------------------------------------------- fame pile (I11)
@kernel
def fame_cards_above_king(s):
    return s["fame_size"] - 1 if s["fame_size"] > 0 and s["fame_pile"][0] == K.KING_OF_KINGS else s["fame_size"]


@kernel
def to_top(pile, size, c):
    """Move card c of the ordered pile[:size] to its top, the cards above it one place down (a
    looked-at card put back on top, D18)."""
    top = size - 1
    j = top
    while j > 0 and pile[j] != c:
        j -= 1
    for i in range(j, top):
        pile[i] = pile[i + 1]
    pile[top] = c


@kernel
def players_with_at_least(s, p, types):
    """Players (p included) with as many or more of the type icons in play as p (Taxation)."""
    mine = count_in_play(s, p, 0, types)
    n = 0
    for q in range(s["n_players"]):
        if count_in_play(s, q, 0, types) >= mine:
            n += 1
    return n


@kernel
def n_seats(s):
    """Seats at the table: the players, and the automa's after them (I14)."""
    return s["n_players"] + (1 if s["automa"] >= 0 else 0)


@kernel
def next_player(s, p):
    """Turn order: the seats, then the automa's (I14.2: you, then the automa)."""
    return (p + 1) % n_seats(s)

