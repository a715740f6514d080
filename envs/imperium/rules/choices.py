"""What the effect machine's steps may choose from: conditions (IF, ``require``), counts ("per"),
the cards a step may pick, market slots and piles, and what a card or a player can do now. Reads
the state and changes nothing, but for `can_profit`'s and the development tests' scratch work.
"""

from __future__ import annotations

from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import effects as E
from meeplegym.envs.imperium.rules import automa as AU
from meeplegym.envs.imperium.rules import zones as Z
from meeplegym.envs.imperium.rules.frames import (
    AFTER_SETUP_CHOICE,
    AFTER_SOLSTICE_EFFECT,
    CEREMONIAL_GATHERING,
    CITY_TYPES,
    C_CARD,
    C_MAX,
    C_N,
    C_PER,
    C_PER_DIV,
    C_PER_MASK,
    C_RES,
    C_SRC,
    C_SUITS,
    C_TYPES,
    EPIC_POETRY,
    FL,
    GADGET_BIT,
    INUIT,
    LOOK_ORDER,
    MANA,
    MANA_DISCARD,
    MANA_LEGENDS,
    NAVIGATION,
    OP,
    PILE_SUIT,
    PREPARE_THE_CEREMONY,
    PROFIT_GDS,
    REACTOR_EXPLOSION,
    SWAP_SUITS,
    TROUTE_BIT,
    UNC_CIV,
    UNREST_SUIT,
    VOYAGING,
)
from meeplegym.envs.imperium.rules.payment import (
    cut_mat_cost,
    payable,
)
from meeplegym.envs.imperium.state import (
    GDS,
    MARKET_SLOTS,
    N_RESOURCES,
    N_SMALL_PILES,
    PRG,
    VARIANT_QUICK_SETUP,
    Z_DEVELOPMENT,
    Z_DISCARD,
    Z_DRAW,
    Z_EXILE,
    Z_FAME_PILE,
    Z_GARRISON,
    Z_HAND,
    Z_HISTORY,
    Z_MAIN_DECK,
    Z_NATION_DECK,
    Z_PLAY,
    Z_SET_ASIDE,
)
from meeplegym.jit import kernel, shell_kernel

# ---------------------------------------------------------------- conditions
@kernel
def _in_zone_of(s, card, zone, p):
    return card >= 0 and s["zone"][card] == zone and s["owner"][card] == p


@kernel
def _condition_filter(s, c, row):
    flags = row[C_SRC]  # a condition keeps its filter's flags there
    return Z.matches(s, c, row[C_SUITS], row[C_TYPES], (flags & E.F_PINNED) != 0, (flags & E.F_ATTACK) != 0, False)


@kernel
def condition(s, f, row, p):
    holds = _condition(s, f, row, p)
    return not holds if row[C_PER] == 1 else holds  # ``not COND``


@kernel
def _condition(s, f, row, p):
    kind = row[C_N]
    if kind == E.COND_STATE:
        return (Z.state_icons(s, p) >> row[C_RES]) & 1 == 1
    if kind == E.COND_IN_HISTORY:
        return _in_zone_of(s, row[C_CARD], Z_HISTORY, p)
    if kind == E.COND_IN_PLAY:
        for c in Z.table(s):
            if s["zone"][c] == Z_PLAY and s["owner"][c] == p and _condition_filter(s, c, row):
                return True
        return False
    if kind == E.COND_MISSING:
        if not _in_zone_of(s, row[C_CARD], Z_PLAY, p):
            return True
        return row[C_RES] >= 0 and not _in_zone_of(s, row[C_RES], Z_PLAY, p)
    if kind == E.COND_GARRISONED_HERE:
        return Z.has_garrison(s, s["fr_card"][f])
    if kind == E.COND_IT:
        it = s["fr_it"][f]
        return it >= 0 and _condition_filter(s, it, row)
    if kind == E.COND_IT_RES:
        return s["fr_it"][f] >= 0 and s["fr_it_res"][f] == row[C_RES]
    if kind == E.COND_IT_IS:
        return s["fr_it"][f] == row[C_CARD]
    if kind == E.COND_END_TRIGGERED:
        return s["game_end_triggered"] != 0
    if kind == E.COND_FAME_EMPTY:
        return Z.fame_cards_above_king(s) == 0
    if kind == E.COND_NO_PRG:
        return s["pool"][p, PRG] == 0
    if kind == E.COND_MANA:
        return mana(s, p) >= row[C_RES]
    if kind == E.COND_RETURNED_UNREST_FROM_HAND:
        return s["returned_unrest_turn"][p] != 0
    if kind == E.COND_MY_TURN:  # the owner's own turn: not the Solstice, not a setup decision
        after = s["after"]
        return s["current"] == s["fr_owner"][f] and after != AFTER_SOLSTICE_EFFECT and after != AFTER_SETUP_CHOICE
    if kind == E.COND_UNREST_IN_DISCARD:
        for c in Z.table(s):
            if _in_zone_of(s, c, Z_DISCARD, p) and _is_unrest(s, c):
                return True
        return False
    if kind == E.COND_IT_VP:  # the card just revealed is worth N VP to the automa (I14.9)
        it = s["fr_it"][f]
        return it >= 0 and AU.card_value(Z.rec(s, it)) == row[C_RES]
    if kind == E.COND_ICONS_HERE:
        return garrisoned_icons(s, s["fr_card"][f]) >= row[C_RES]
    if kind == E.COND_IT_HITS_REGIONS:  # the attack a defence answers (Dhar Tichitt)
        it = s["fr_it"][f]
        return it >= 0 and E.ATTACK_HITS_REGIONS[Z.rec(s, it)] == 1
    if kind == E.COND_EVENT:  # the event the running reaction answers is still first in the queue
        return s["n_events"] > 0 and s["ev_kind"][0] == row[C_RES]
    if kind == E.COND_HAS_GARRISONED_REGION:
        for c in Z.table(s):
            if s["zone"][c] == Z_PLAY and s["owner"][c] == p and (K.SUITS[Z.rec(s, c)] & Z.REG_BIT) and Z.has_garrison(s, c):
                return True
        return False
    return False


@kernel
def garrisoned_icons(s, h):
    """How many different icons the cards garrisoned under h show: suits but UNREST, and type
    icons; state icons are not icons here (I16 Cultists, Ceremony of the Key: seed PT l.1764)."""
    suits = 0
    types = 0
    for g in Z.table(s):
        if s["zone"][g] == Z_GARRISON and s["host"][g] == h:
            r = Z.rec(s, g)
            suits |= K.SUITS[r]
            for t in range(K.N_TYPES):
                if K.TYPES[r, t] > 0:
                    types |= 1 << t
    suits &= ~(1 << UNREST_SUIT)
    n = 0
    while suits:
        n += suits & 1
        suits >>= 1
    while types:
        n += types & 1
        types >>= 1
    return n


@kernel
def ceremony(s, p):
    """p's ceremony card in play (I16 Cultists), -1 if none."""
    for c in (PREPARE_THE_CEREMONY, CEREMONIAL_GATHERING):
        if _in_zone_of(s, c, Z_PLAY, p):
            return c
    return -1


# ---------------------------------------------------------------- counts ("per")
@kernel
def amount(s, f, row):
    n = row[C_N]
    per = row[C_PER]
    if per == E.PER_NONE:
        return n
    owner = s["fr_owner"][f]
    if per == E.PER_SUIT:
        k = Z.count_in_play(s, owner, row[C_PER_MASK], 0)
    elif per == E.PER_TYPE:
        k = Z.count_in_play(s, owner, 0, row[C_PER_MASK])
    elif per == E.PER_DID:
        k = s["fr_did"][f]
    elif per == E.PER_DISTINCT:  # how many of the listed icons you have at least one of
        k = 0
        for t in range(K.N_TYPES):
            if (row[C_PER_MASK] >> t) & 1 and Z.count_in_play(s, owner, 0, 1 << t) > 0:
                k += 1
    elif per == E.PER_ABANDONED:  # icons on the cards the last abandon step removed (Rebellion)
        k = 0
        for i in range(s["n_abandoned"]):
            k += _icons(s, s["abandoned"][i], row[C_PER_MASK])
    elif per == E.PER_MANA:
        k = mana(s, owner)
    elif per == E.PER_HAND_GAP:  # cleanup draw-up (I7.4)
        k = max(0, Z.hand_limit(s, owner) - Z.count_in_zone(s, owner, Z_HAND))
    else:  # PER_PLAYERS_CITY (Taxation)
        k = Z.players_with_at_least(s, owner, CITY_TYPES)
    total = n * (k // row[C_PER_DIV])
    if row[C_MAX] >= 0:
        total = min(total, row[C_MAX])
    return total


@kernel
def mana(s, p):
    """How many mana cards p has: the cards garrisoned under p's Mana card (I16)."""
    if s["owner"][MANA] != p or s["zone"][MANA] != Z_PLAY:
        return 0
    return _garrisoned_under(s, MANA)


@kernel
def voyaging(s, p):
    """p's state card shows Voyaging: no drawing from the draw pile, gained cards to the discard
    pile (I16 Polynesians)."""
    return (Z.state_icons(s, p) >> VOYAGING) & 1 == 1


@kernel
def gathers_pop(s, p):
    """p's Ceremonial Gathering is in play: the pop p gains goes onto it (I16 Cultists)."""
    return _in_zone_of(s, CEREMONIAL_GATHERING, Z_PLAY, p) and s["face"][CEREMONIAL_GATHERING] == 0


# ---------------------------------------------------------------- card choices
@kernel
def _source_ok(s, c, src, p):
    z = s["zone"][c]
    if s["owner"][c] != p:
        return False
    if z == Z_PLAY and E.IS_CEREMONY[Z.rec(s, c)]:
        return False  # it leaves play only through its own Solstice text (I16 Cultists)
    if src == E.SRC_HAND:
        return z == Z_HAND
    if src == E.SRC_DISCARD:
        return z == Z_DISCARD
    if src == E.SRC_HAND_OR_DISCARD:
        return z == Z_HAND or z == Z_DISCARD
    if src == E.SRC_PLAY:
        return z == Z_PLAY
    if src == E.SRC_HISTORY:
        return z == Z_HISTORY
    if src == E.SRC_HAND_OR_PLAY:
        return z == Z_HAND or z == Z_PLAY
    if src == E.SRC_SET_ASIDE:  # the Mayan automa's Headpieces (I14.1 10)
        return z == Z_SET_ASIDE
    return False


@kernel
def _same_name(s, c, other):
    return K.NAME_ID[Z.rec(s, c)] == K.NAME_ID[other]


@kernel
def _filter(s, c, row):
    fl = row[FL]
    if (fl & E.F_STATE_CARD) and (K.STATES[Z.rec(s, c)] & row[E.C_STATES]) == 0:
        return False
    if fl & E.F_EXCEPT:
        if (K.SUITS[Z.rec(s, c)] & row[E.C_EXCEPT]) != 0:
            return False
        if Z.has_type(s, c, row[E.C_EXCEPT] >> E.EXCEPT_TYPES_SHIFT):  # "REG without #ocean"
            return False
    if (fl & E.F_NAMED) and not _same_name(s, c, row[C_CARD]):
        return False
    if (fl & E.F_NOT_NAMED) and _same_name(s, c, row[C_CARD]):
        return False
    if fl & E.F_SUIT_OR_TYPE:  # "#city/#metropolis/REG": a suit or a type icon of the list
        if (K.SUITS[Z.rec(s, c)] & row[C_SUITS]) == 0 and not Z.has_type(s, c, row[C_TYPES]):
            return False
        return Z.matches(s, c, 0, 0, (fl & E.F_PINNED) != 0, (fl & E.F_ATTACK) != 0, (fl & E.F_NOT_UNREST) != 0)
    return Z.matches(s, c, row[C_SUITS], row[C_TYPES], (fl & E.F_PINNED) != 0, (fl & E.F_ATTACK) != 0,
                     (fl & E.F_NOT_UNREST) != 0)


@kernel
def _icons(s, c, types):
    """Type icons of the filter on card c (I1.8: repeated icons count twice)."""
    r = Z.rec(s, c)
    n = 0
    for t in range(K.N_TYPES):
        if (types >> t) & 1:
            n += K.TYPES[r, t]
    return n


@kernel
def _in_play_pinned(s, c, p):
    return s["zone"][c] == Z_PLAY and s["owner"][c] == p and Z.is_pinned(s, c)


@kernel
def _is_unrest(s, c):
    return (K.SUITS[Z.rec(s, c)] & Z.UNREST_BIT) != 0


@kernel
def _is_region(s, c):
    return (K.SUITS[Z.rec(s, c)] & Z.REG_BIT) != 0


@kernel
def _garrisoned_under(s, h):
    n = 0
    for g in Z.table(s):
        if s["zone"][g] == Z_GARRISON and s["host"][g] == h:
            n += 1
    return n


@kernel
def _has_garrisoned(s, h, types):
    """A card is garrisoned under h (one with any of the type icons `types`, when not 0)."""
    for g in Z.table(s):
        if s["zone"][g] == Z_GARRISON and s["host"][g] == h and (types == 0 or Z.has_type(s, g, types)):
            return True
    return False


@kernel
def _host_ok(s, f, row, h, p):
    if E.MAX_GARRISONED[Z.rec(s, h)] < 127 and _garrisoned_under(s, h) >= E.MAX_GARRISONED[Z.rec(s, h)]:
        return False  # Zemi holds at most 2
    if row[C_PER] == E.HOST_HERE:
        return h == s["fr_card"][f]
    if row[C_PER] == E.HOST_CARD:
        return h == row[C_CARD] and _in_zone_of(s, h, Z_PLAY, p)
    if row[C_PER] == E.HOST_CEREMONY:
        return h >= 0 and h == ceremony(s, p)
    if s["zone"][h] != Z_PLAY or s["owner"][h] != p or not _is_region(s, h):
        return False
    if row[C_PER] == E.HOST_EMPTY and Z.has_garrison(s, h):
        return False
    return row[C_PER_MASK] == 0 or Z.has_type(s, h, row[C_PER_MASK])


@kernel
def _any_host(s, f, row, p):
    for h in Z.table(s):
        if _host_ok(s, f, row, h, p):
            return True
    return False


@kernel
def _was_drawn(s, c):
    """c is one of the cards the last draw brought (``of:drawn``)."""
    for i in range(s["n_drawn"]):
        if s["drawn"][i] == c:
            return True
    return False


@kernel
def _eligible(s, f, row, c):
    """`eligible` without testing a free-played card's own text: what the playability test of
    the card that free-plays it uses (numba cannot type the recursion, and one level is what
    the rules need: the free-played card is tested when it is picked)."""
    op = row[OP]
    p = s["fr_player"][f]
    this = s["fr_card"][f]
    fl = row[FL]
    src = row[C_SRC]
    if op == E.OP_DISCARD and src == E.SRC_CARD:  # a card garrisoned under the named card: spending mana
        return s["zone"][c] == Z_GARRISON and s["host"][c] == row[C_CARD] and s["owner"][c] == p and _filter(s, c, row)
    if op == E.OP_DISCARD:
        if not (s["zone"][c] == Z_HAND and s["owner"][c] == p and c != this and _filter(s, c, row)):
            return False
        if (fl & E.F_SOME_NOT_NAMED) and s["op_stage"] != 0 and s["op_left"] == 1 and s["op_sel"] == 0:
            return not _same_name(s, c, row[C_CARD])  # the last pick must be the one not so named
        return (fl & E.F_OF_DRAWN) == 0 or _was_drawn(s, c)
    if op == E.OP_DRAW and src == E.SRC_CARD:  # a card garrisoned under the named card
        return s["zone"][c] == Z_GARRISON and s["host"][c] == row[C_CARD] and s["owner"][c] == p
    if op == E.OP_DRAW and src == E.SRC_MERCHANT:  # ... under your Merchant Empire (I13.2)
        return s["zone"][c] == Z_GARRISON and s["host"][c] == s["merchant"][p] and s["owner"][c] == p
    if op == E.OP_FIND:  # find F: one of your matching cards in hand, discard, draw pile or nation deck
        z = s["zone"][c]
        if s["owner"][c] != p or not _filter(s, c, row):
            return False
        if z == Z_NATION_DECK:
            return (fl & E.F_NOT_NATION) == 0 and findable_in_nation_deck(s, c)
        return z == Z_HAND or z == Z_DISCARD or z == Z_DRAW or (z == Z_PLAY and src == E.SRC_PLAY)
    if op == E.OP_LEGENDS and src == E.SRC_CARD:  # mana into legends
        return s["zone"][c] == Z_GARRISON and s["host"][c] == row[C_CARD] and s["owner"][c] == p
    if op == E.OP_HISTORY or op == E.OP_PLACE_TOP or op == E.OP_DRAW or op == E.OP_LEGENDS:
        if src < 0:
            src = E.SRC_HAND
        if c == REACTOR_EXPLOSION and s["pool"][p, PRG] > 0:
            return False  # it leaves play only into history, and only without prg (I16 Martians)
        return c != this and _source_ok(s, c, src, p) and _filter(s, c, row)
    if op == E.OP_MOVE:  # to:pinned
        return _in_play_pinned(s, c, p)
    if op == E.OP_EXILE and src == E.SRC_HERE:  # one garrisoned under this card (Frozen Waste)
        return s["zone"][c] == Z_GARRISON and s["host"][c] == this and _filter(s, c, row)
    if op == E.OP_EXILE:
        return c != this and _source_ok(s, c, E.SRC_HISTORY if src < 0 else src, p) and _filter(s, c, row)
    if op == E.OP_ABANDON and src == E.SRC_GARRISON:  # a card garrisoned under one of your regions
        h = s["host"][c]
        return s["zone"][c] == Z_GARRISON and h >= 0 and _in_zone_of(s, h, Z_PLAY, p) and _filter(s, c, row)
    if op == E.OP_RECALL or op == E.OP_ABANDON:
        if c == REACTOR_EXPLOSION or not (_in_play_pinned(s, c, p) and _filter(s, c, row)):
            return False
        if (fl & E.F_GARRISONED) == 0:
            return True
        return _has_garrisoned(s, c, row[C_PER_MASK])
    if op == E.OP_RETURN_UNREST:
        if src == E.SRC_CARD:
            return _is_unrest(s, c) and s["zone"][c] == Z_GARRISON and s["host"][c] == row[C_CARD] and s["owner"][c] == p
        if src < 0:
            src = E.SRC_HAND
        return c != this and _is_unrest(s, c) and _source_ok(s, c, src, p)
    if op == E.OP_TRADE_ROUTE or op == E.OP_COMMERCE:
        if s["zone"][c] != Z_PLAY or (K.SUITS[Z.rec(s, c)] & TROUTE_BIT) == 0 or s["owner"][c] < 0 or c == this:
            return False  # (Mediterranean Circle resolved through Trade never resolves itself again)
        if (s["owner"][c] == p) == ((fl & E.F_OTHER) != 0):
            return False
        return op == E.OP_COMMERCE or s["card_res"][c, GDS] < PROFIT_GDS
    if op == E.OP_FREE_PLAY:
        if src == E.SRC_MAIN:  # one of the top N main-deck cards (Welcoming's Profit)
            if _ordering_main(s, f, row):
                return _main_unordered(s, c, row)
            if not (_in_main_top(s, c, row[C_N]) and _filter(s, c, row)):
                return False
            return Z.state_allows(s, p, c)
        if fl & E.F_IT:
            if c != s["fr_it"][f] or s["zone"][c] != Z_HAND or s["owner"][c] != p:
                return False
        elif fl & E.F_PAID_PLAY:
            if not (c != this and _source_ok(s, c, src, p) and _filter(s, c, row)):
                return False
        elif not (c != this and _source_ok(s, c, E.SRC_HAND if src < 0 else src, p) and _filter(s, c, row)
                  and s["free_played"][c] == 0):
            return False  # from the hand unless a pile is named (Mediterranean Circle: the discard pile)
        if (fl & E.F_OF_DRAWN) and not _was_drawn(s, c):  # "one of them" (Western Silk Road)
            return False
        if row[C_CARD] >= 0 and c != row[C_CARD]:
            return False
        return (fl & E.F_IGNORE_STATE) != 0 or Z.state_allows(s, p, c)
    if op == E.OP_GIVE:
        src = E.SRC_HAND if src < 0 else src
        return _source_ok(s, c, src, s["fr_owner"][f]) and c != this
    if op == E.OP_GARRISON:
        if s["op_stage"] >= 2:
            return _host_ok(s, f, row, c, p)
        src = E.SRC_HAND if src < 0 else src
        return c != this and _source_ok(s, c, src, p) and E.CANNOT_GARRISON[Z.rec(s, c)] == 0 and _filter(s, c, row)
    if op == E.OP_RETURN_XTOKEN:  # from another card: Mayan Writing cannot free its own token
        return s["owner"][c] == p and s["exhausted"][c] == 1 and c != this and _filter(s, c, row)
    if op == E.OP_ACQUIRE or op == E.OP_BREAK_THROUGH:
        return s["zone"][c] == Z_EXILE and (_exile_route(s, f, row, c, p) or _instead_of(s, f, row, c, p))
    if op == E.OP_SWAP_EXILED:
        return s["op_stage"] < 2 and s["zone"][c] == Z_EXILE and (K.SUITS[Z.rec(s, c)] & SWAP_SUITS) != 0
    if op == E.OP_SWAP_MARKET:
        return (s["op_stage"] < 2 and _in_zone_of(s, c, Z_HAND, p) and _filter(s, c, row)
                and swap_slot_for(s, c) >= 0)
    if op == E.OP_ORDER_NATION:  # which of the top N goes back on top
        return _nation_top(s, p, c, row[C_N])
    if op == E.OP_SWAP_NATION:  # a card from hand, then one of the top N of the nation deck
        if s["op_stage"] < 2:
            return c != this and _in_zone_of(s, c, Z_HAND, p) and _filter(s, c, row) and _nation_top(s, p, -1, row[C_N])
        return _nation_top(s, p, c, row[C_N])
    if op == E.OP_MAIN_BOTTOM:
        return s["zone"][c] == Z_EXILE and _filter(s, c, row)
    if op == E.OP_LOOK_FAME:
        top = s["fame_size"] - 1
        for i in range(looked_fame_cards(s, f, row)):
            j = top - i
            if j >= 1 and s["fame_pile"][j] == c:  # index 0 is King of Kings (I11.1)
                return True
        return False
    if op == E.OP_DEVELOP:
        return (s["zone"][c] == Z_DEVELOPMENT and s["owner"][c] == p and _filter(s, c, row)
                and _develop_ok(s, p, c, (fl & E.F_FREE) != 0))
    if op == E.OP_REMOVE:
        return s["zone"][c] == Z_DEVELOPMENT and s["owner"][c] == p and _filter(s, c, row)
    return False


@kernel
def _nation_top(s, p, c, n):
    """c is one of the top n cards of p's nation deck, not the accession card (I12 Look); with
    c = -1: there is such a card."""
    size = s["nation_size"][p]
    for i in range(max(0, size - n), size):
        d = s["nation_deck"][p, i]
        if K.START[Z.rec(s, d)] != Z.ACCESSION and (c < 0 or d == c):
            return True
    return False


@kernel
def _in_main_top(s, c, n):
    if s["zone"][c] != Z_MAIN_DECK:
        return False
    for i in range(max(0, s["main_size"] - n), s["main_size"]):
        if s["main_deck"][i] == c:
            return True
    return False


@kernel
def findable_in_nation_deck(s, c):
    """I12 Find searches the nation deck, but not the accession card."""
    return s["zone"][c] == Z_NATION_DECK and K.START[Z.rec(s, c)] != Z.ACCESSION


@kernel
def _exile_route(s, f, row, c, p):
    """Exiled card c may be gained by this Acquire / Break through as such: the text allows the
    exile, or Navigation in p's play area makes exiled regions acquirable (its passive)."""
    if not _filter(s, c, row):
        return False
    if row[FL] & (E.F_FROM_EXILE | E.F_ALSO_EXILE):
        return True
    return (row[OP] == E.OP_ACQUIRE and _is_region(s, c) and _in_zone_of(s, NAVIGATION, Z_PLAY, p)
            and not Z.is_automa(s, p))  # the automa's cards' texts are ignored (I14.3 2.2)


@shell_kernel
def _instead_of(s, f, row, c, p):
    """Epic Poetry's passive: when p would acquire or break through an UNC/CIV card, p may
    instead break through an exiled card of that suit (rule decision: "would" = the step could
    take a card of that suit by its own routes, docs/imperium.md)."""
    suit = K.SUITS[Z.rec(s, c)] & UNC_CIV
    if suit == 0 or not _in_zone_of(s, EPIC_POETRY, Z_PLAY, p) or (row[FL] & E.F_FROM_EXILE) or Z.is_automa(s, p):
        return False
    if row[C_SUITS] & suit:
        return row[OP] == E.OP_BREAK_THROUGH or _market_has(s, f, row, suit)
    return row[C_SUITS] == 0 and _market_has(s, f, row, suit)


@kernel
def _market_has(s, f, row, suits):
    for slot in range(MARKET_SLOTS):
        if market_ok(s, f, row, slot) and (K.SUITS[Z.rec(s, s["market"][slot])] & suits):
            return True
    return False


@kernel
def pick_screen(s, f, row):
    """(owner, zone) that every card the pick of `row` may take has, -2 for any: loops over the
    table test it inline before calling `eligible`, whose call costs more than the test."""
    op = row[OP]
    if op == E.OP_ACQUIRE or op == E.OP_BREAK_THROUGH or op == E.OP_SWAP_EXILED or op == E.OP_MAIN_BOTTOM:
        return -2, Z_EXILE
    if op == E.OP_LOOK_FAME:
        return -2, Z_FAME_PILE
    if op == E.OP_GIVE:
        return s["fr_owner"][f], -2
    if op == E.OP_FREE_PLAY and row[C_SRC] == E.SRC_MAIN:
        return -2, Z_MAIN_DECK
    if op == E.OP_TRADE_ROUTE or op == E.OP_COMMERCE:
        return -2, Z_PLAY
    if op == E.OP_ORDER_NATION:
        return s["fr_player"][f], Z_NATION_DECK
    if op == E.OP_GARRISON and s["op_stage"] >= 2:
        return -2, -2  # the host: `_host_ok` decides
    return s["fr_player"][f], -2  # every other pick takes one of the affected player's cards


@kernel
def screened_out(s, c, owner, zone):
    return (owner != -2 and s["owner"][c] != owner) or (zone != -2 and s["zone"][c] != zone)


@kernel
def count_eligible(s, f, row):
    """Eligible picks as the playability test sees them (see `_eligible`)."""
    owner, zone = pick_screen(s, f, row)
    n = 0
    for c in Z.table(s):
        if not screened_out(s, c, owner, zone) and _eligible(s, f, row, c):
            n += 1
    return n


# ---------------------------------------------------------------- looked-at cards (I12 Look, D18)
@kernel
def _ordering_main(s, f, row):
    """Frame f's free play from the top of the main deck (Welcoming's Profit) has its card and
    asks the order in which the other looked-at cards go back (D18)."""
    return (row[OP] == E.OP_FREE_PLAY and row[C_SRC] == E.SRC_MAIN and f == s["depth"] - 1
            and s["op_stage"] >= LOOK_ORDER)


@kernel
def main_looked_left(s, row):
    """How many of the main-deck cards the free play of `row` looked at still wait for their
    place: the top N but the card played (op_sel) and those put back on top already."""
    looked = min(row[C_N], s["main_size"])
    return looked - (s["op_stage"] - LOOK_ORDER) - (1 if s["op_sel"] >= 0 else 0)


@kernel
def _main_unordered(s, c, row):
    """c is a looked-at main-deck card still waiting for its place (see `main_looked_left`)."""
    if c == s["op_sel"] or s["zone"][c] != Z_MAIN_DECK:
        return False
    placed = s["op_stage"] - LOOK_ORDER
    for i in range(max(0, s["main_size"] - row[C_N]), s["main_size"] - placed):
        if s["main_deck"][i] == c:
            return True
    return False


@kernel
def looked_fame_cards(s, f, row):
    """How many cards from the top of the fame pile a Look of frame f's `row` is looking at: N,
    and once one is taken, the N - 1 going back (whose order its player chooses, D18)."""
    ordering = f == s["depth"] - 1 and s["op_stage"] == LOOK_ORDER
    return row[C_N] - 1 if ordering else row[C_N]


# ---------------------------------------------------------------- market slots and piles
@kernel
def market_ok(s, f, row, slot):
    """Market slot is a legal pick for the pending market decision."""
    c = s["market"][slot]
    if c < 0:
        return False
    op = row[OP]
    fl = row[FL]
    if op == E.OP_EXILE:
        return Z.market_card_resources(s, c) == 0  # I12 Exile
    if op == E.OP_GAIN:  # gain all from:market
        return Z.market_card_resources(s, c) > 0
    if op == E.OP_MOVE and (fl & E.F_SPREAD):
        return (s["op_sel"] >> slot) & 1 == 0 or s["op_stage"] == 0  # a different card each time
    if op == E.OP_ADD or op == E.OP_MOVE or op == E.OP_SWAP_EXILED:
        return True
    if op == E.OP_SWAP_MARKET:  # a card sharing a suit (not GADGET) with the one from hand
        sel = s["op_sel"]
        return sel >= 0 and (K.SUITS[Z.rec(s, c)] & K.SUITS[Z.rec(s, sel)] & ~GADGET_BIT) != 0
    if op == E.OP_ACQUIRE or op == E.OP_BREAK_THROUGH:
        if (fl & E.F_FROM_EXILE) != 0:
            return False
        if (fl & E.F_SLOTS) and (row[C_PER_MASK] >> slot) & 1 == 0:
            return False
        if row[C_RES] >= 0 and s["card_res"][c, row[C_RES]] == 0:  # with:RES
            return False
        return _filter(s, c, row)
    return False


@shell_kernel
def any_market_ok(s, f, row):
    """Some market slot holds a card the step may take or act on."""
    for slot in range(MARKET_SLOTS):
        if market_ok(s, f, row, slot):
            return True
    return False


@shell_kernel
def _it_in_hand(s, f):
    """``it`` (the card the last step took) is in its taker's hand."""
    it = s["fr_it"][f]
    return it >= 0 and s["zone"][it] == Z_HAND


@kernel
def pile_ok(s, row, k):
    """Break-through route (b)/(c) through small pile k (0-2) or the main deck (k = 3)."""
    suits = row[C_SUITS]
    if row[FL] & E.F_FROM_EXILE:
        return False
    unsorted = (s["variants"] & VARIANT_QUICK_SETUP) != 0  # I15.3: any pile may hold the suit
    any_pile = False
    for j in range(N_SMALL_PILES):
        own = unsorted or (suits >> PILE_SUIT[j]) & 1
        if (own or (suits & ~0b111) != 0) and Z.first_in_pile(s, j, suits) >= 0:
            any_pile = True
            if j == k:
                return True
    if k == N_SMALL_PILES:
        return not any_pile
    return False


@kernel
def swap_possible(s, f, row):
    """I12 Swap of an exiled card: one to take and a market card to trade places with (the
    market may have run empty once the main deck is out)."""
    for slot in range(MARKET_SLOTS):
        if market_ok(s, f, row, slot):
            return count_eligible(s, f, row) > 0
    return False


@kernel
def swap_slot_for(s, c):
    """A market slot whose card shares a suit other than GADGET with c (Sharing Our Secrets),
    -1 if none."""
    suits = K.SUITS[Z.rec(s, c)] & ~GADGET_BIT
    for slot in range(MARKET_SLOTS):
        m = s["market"][slot]
        if m >= 0 and (K.SUITS[Z.rec(s, m)] & suits) != 0:
            return slot
    return -1


# ---------------------------------------------------------------- what a card or a player can do
@kernel
def _develop_ok(s, p, c, free):
    r = Z.rec(s, c)
    if s["nation"][p] == INUIT and K.STATES[r] != 0 and (K.STATES[r] & Z.state_icons(s, p)) == 0:
        return False  # Summer / Winter: no developing cards of the other state (I16)
    for k in range(2):  # "«Baghdad» must be in play", "Saint Stephen I in your history" (C0 Dev cost)
        other = E.DEV_NEEDS[r, k]
        where = Z_PLAY if E.DEV_NEEDS_WHERE[r, k] == E.DEV_IN_PLAY else Z_HISTORY
        if other >= 0 and not _in_zone_of(s, other, where, p):
            return False
    if E.DEV_LAST[r]:  # "cannot be developed unless it is the last card in the development area"
        for d in Z.table(s):
            if d != c and s["zone"][d] == Z_DEVELOPMENT and s["owner"][d] == p:
                return False
    if free or _cost_waived(s, p, c):
        return True
    if K.DEV_COST[c, MANA_DISCARD] + K.DEV_COST[c, MANA_LEGENDS] > mana(s, p):
        return False  # a cost in mana (I16 Polynesians)
    need = s["pay_need"].copy()
    for k in range(N_RESOURCES):
        need[k] = K.DEV_COST[c, k]
    cut_mat_cost(s, p, need)
    return payable(s, p, need)


@kernel
def _cost_waived(s, p, c):
    """Kayaks develop for free while Imaq is in p's play area (its printed cost)."""
    other = E.DEV_FREE_WITH[Z.rec(s, c)]
    return other >= 0 and _in_zone_of(s, other, Z_PLAY, p)


@kernel
def mana_ok(s, p, c):
    """c may pay the next mana of a development cost: one of p's mana cards."""
    return s["zone"][c] == Z_GARRISON and s["host"][c] == MANA and s["owner"][c] == p


@kernel
def exilable_it(s, f, p):
    """``exile it``: the card the last step took, revealed or free-played, while it is still
    p's in hand, play, discard pile or history (Teleportation, Resurrection Stone)."""
    it = s["fr_it"][f]
    if it < 0 or s["owner"][it] != p:
        return False
    z = s["zone"][it]
    return z == Z_HAND or z == Z_PLAY or z == Z_DISCARD or z == Z_HISTORY


@kernel
def can_trade(s, p):
    """One of the three Trade options (I13.5) can be taken: 1 prg to pay, or a trade route in play
    with room for a good (one of p's own needs a good in p's pool)."""
    if s["pool"][p, PRG] > 0:
        return True
    for c in Z.table(s):
        if s["zone"][c] == Z_PLAY and (K.SUITS[Z.rec(s, c)] & TROUTE_BIT) and s["card_res"][c, GDS] < PROFIT_GDS:
            q = s["owner"][c]
            if q >= 0 and (q != p or s["pool"][p, GDS] > 0):
                return True
    return False


@kernel
def can_profit(s, p, c):
    """I13.6: p's full trade route in play, on p's Activate turn, with an action to spend."""
    return (s["zone"][c] == Z_PLAY and s["owner"][c] == p and (K.SUITS[Z.rec(s, c)] & TROUTE_BIT) != 0
            and s["card_res"][c, GDS] >= PROFIT_GDS and s["actions"][p] > 0)


# ---------------------------------------------------------------- the automa's choices (I14.4, I14.5)
@kernel
def resolvable(s, f, row, p):
    """The card a ``resolve`` step would resolve, -1 if none: the top of the automa's deck or
    dynasty pile, of the main deck, or the card the last step gained (``it``)."""
    src = row[C_SRC]
    if row[FL] & E.F_IT:
        it = s["fr_it"][f]
        if it >= 0 and s["owner"][it] == p and (s["zone"][it] == Z_HAND or s["zone"][it] == Z_DRAW
                                                 or s["zone"][it] == Z_DISCARD):
            return it
        return -1
    if src == E.SRC_DYNASTY:
        return s["nation_deck"][p, s["nation_size"][p] - 1] if s["nation_size"][p] > 0 else -1
    if src == E.SRC_MAIN:
        return s["main_deck"][s["main_size"] - 1] if s["main_size"] > 0 else -1
    return s["draw_pile"][p, s["draw_size"][p] - 1] if s["draw_size"][p] > 0 else -1


@kernel
def next_full_route(s, p):
    """The automa's trade route in play holding 3 gds that it played most recently, -1 if none."""
    best = -1
    for c in Z.table(s):
        if (_in_zone_of(s, c, Z_PLAY, p) and (K.SUITS[Z.rec(s, c)] & TROUTE_BIT) != 0
                and s["card_res"][c, GDS] >= PROFIT_GDS
                and (best < 0 or s["played_order"][c] > s["played_order"][best])):
            best = c
    return best


@kernel
def automa_trade_route(s, p):
    """The trade route the automa trades on (I14.5 Trade): in play, not full; the most gds on it,
    then the automa's own, then the one listed first in the I14.6 table; -1 if none."""
    best = -1
    for c in Z.table(s):
        if (s["zone"][c] != Z_PLAY or s["owner"][c] < 0 or (K.SUITS[Z.rec(s, c)] & TROUTE_BIT) == 0
                or s["card_res"][c, GDS] >= PROFIT_GDS):
            continue
        if best < 0:
            best = c
            continue
        if s["card_res"][c, GDS] != s["card_res"][best, GDS]:
            if s["card_res"][c, GDS] > s["card_res"][best, GDS]:
                best = c
            continue
        own, best_own = s["owner"][c] == p, s["owner"][best] == p
        if own != best_own:
            if own:
                best = c
            continue
        if E.AUTOMA_TRADE_RANK[Z.rec(s, c)] < E.AUTOMA_TRADE_RANK[Z.rec(s, best)]:
            best = c
    return best
