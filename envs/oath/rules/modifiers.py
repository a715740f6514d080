"""Major-action modifiers (O7.4), compiled: at the start of an action the actor's mandatory
modifiers for it apply by themselves and the optional ones are offered one at a time (PH_MODIFY:
CARD to use one, paying its cost at once; END to go on). A modifier is offered only if the action
stays possible after paying for it; END only while the action is possible with those in use.
Each use modifies only the current action (`mod_on` is cleared when the action ends).

The modifiers that run, by action (where their effect lives in major.py):
- Travel (travel_mods, travel): Tents, A Fast Steed, Forest Paths, Special Envoy, Portal,
  Dragonskin Drum, Hospitality (its favor: a KIND_MODIFIER program once the travel is done) and
  the mandatory Tyrant;
- Muster (muster_card, muster): Downtrodden, Pressgangs, Animal Playmates, Rowdy Pub, Ring of
  Devotion, Knights Errant (a free campaign afterwards) and the mandatory Initiation Rite and Vow
  of Beastkin;
- Trade (trade_card, trade): Acting Troupe, Secret Signal, Map Library, The Old Oak, Birdsong,
  Awaited Return, Cup of Plenty, Small Friends and Master of Disguise (its player asked in
  PH_MODIFY_CHOICE);
- Search (search, discard_card, play_to_site, after_play): Augury, News from Afar, Errand Boy,
  Observatory, Truthful Harp, Welcoming Party, Wild Cry, Mushrooms, Cracked Horn, Bracken (its
  pile asked in PH_MODIFY_CHOICE), New Growth, Crop Rotation (its discard asked in
  PH_CROP_ROTATION), Hunting Party (a free campaign afterwards), Land Warden (a second card kept
  once the first is played: keep, second_keep), Great Spire ◊ (its swaps offered with the kept
  card: keep_legal) and the mandatory Book of Records;
- Recover (recover, pay_bid): Magician's Code and Relic Worship.
"""

from __future__ import annotations

import numpy as np

from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath.rules import board as B
from meeplegym.envs.oath.rules import cards as C
from meeplegym.envs.oath.rules import major as M
from meeplegym.envs.oath.rules import persistent as PS
from meeplegym.envs.oath.rules import powers as W
from meeplegym.envs.oath.state import (
    DISCARD_AS_USUAL,
    DISCARD_TO_PILE,
    DISCARD_TO_WORLD_BOTTOM,
    FIRST_VISION,
    N_CARDS,
    PH_MODIFY,
    PH_MODIFY_CHOICE,
    Z_ADVISER,
    Z_SITE,
)
from meeplegym.jit import kernel, shell_kernel

TRAVEL, MUSTER, TRADE, SEARCH, RECOVER = (int(D.MajorAction.TRAVEL), int(D.MajorAction.MUSTER),
                                          int(D.MajorAction.TRADE), int(D.MajorAction.SEARCH),
                                          int(D.MajorAction.RECOVER))
MODIFIES = np.full(N_CARDS, -1, dtype=np.int8)  # the action a modifier changes (D2-D4), if it runs
MANDATORY = np.zeros(N_CARDS, dtype=np.int8)
for _c in (M.TENTS, M.FAST_STEED, M.FOREST_PATHS, M.SPECIAL_ENVOY, M.PORTAL, M.DRAGONSKIN_DRUM, M.TYRANT):
    MODIFIES[_c] = TRAVEL
for _c in (M.DOWNTRODDEN, M.PRESSGANGS, M.ANIMAL_PLAYMATES, M.ROWDY_PUB, M.INITIATION_RITE, M.VOW_OF_BEASTKIN):
    MODIFIES[_c] = MUSTER
for _c in (M.ACTING_TROUPE, M.SECRET_SIGNAL, M.MAP_LIBRARY, M.OLD_OAK, M.BIRDSONG, M.AWAITED_RETURN, M.CUP_OF_PLENTY,
           M.SMALL_FRIENDS, M.MASTER_OF_DISGUISE):
    MODIFIES[_c] = TRADE
for _c in (M.AUGURY, M.NEWS_FROM_AFAR, M.ERRAND_BOY, M.OBSERVATORY, M.TRUTHFUL_HARP, M.BOOK_OF_RECORDS,
           M.WELCOMING_PARTY, M.WILD_CRY, M.MUSHROOMS, M.CRACKED_HORN, M.BRACKEN, M.NEW_GROWTH, M.HUNTING_PARTY,
           M.CROP_ROTATION, M.LAND_WARDEN):
    MODIFIES[_c] = SEARCH
MODIFIES[M.KNIGHTS_ERRANT] = MODIFIES[M.RING_OF_DEVOTION] = MUSTER
MODIFIES[M.HOSPITALITY] = TRAVEL
MODIFIES[M.MAGICIANS_CODE] = MODIFIES[M.RELIC_WORSHIP] = RECOVER
MODIFIES[M.GREAT_SPIRE] = SEARCH  # an edifice's id is its intact face: a ruin modifies nothing
MANDATORY[M.TYRANT] = MANDATORY[M.INITIATION_RITE] = MANDATORY[M.VOW_OF_BEASTKIN] = MANDATORY[M.BOOK_OF_RECORDS] = 1
# The modifiers of each major action in card order, so that the Act phase's legal mask, asked
# at every decision, looks at a handful of cards instead of every card (issue 8's profile).
N_MAJORS = len(D.MajorAction)
MODIFIER_COUNT = np.array([int((MODIFIES == k).sum()) for k in range(N_MAJORS)], dtype=np.int64)
MODIFIERS_OF = np.zeros((N_MAJORS, int(MODIFIER_COUNT.max())), dtype=np.int64)
for _k in range(N_MAJORS):
    MODIFIERS_OF[_k, : MODIFIER_COUNT[_k]] = np.flatnonzero(MODIFIES == _k)
del _c, _k


@kernel
def possible(s, p, action):
    """The action can go on with the modifiers in use."""
    if action == TRAVEL:
        return M.can_travel(s, p)
    if action == TRADE:
        return M.can_trade(s, p)
    if action == SEARCH:
        return M.can_search_world(s, p) or M.can_search_discard(s, p)
    if action == RECOVER:
        return M.can_recover(s, p)
    return M.can_muster(s, p)


@shell_kernel
def access(s, p, c, action):
    """O7.1.1, and for a Trade with Small Friends a card at a site holding a Beast card too (D3);
    once Master of Disguise is in use, none of p's own advisers (D2)."""
    if s["trade_as"] >= 0 and s["zone"][c] == Z_ADVISER and s["where"][c] == p:
        return False
    if W.has_access(s, p, c):
        return True
    return action == TRADE and s["zone"][c] == Z_SITE and M.counts_as_here(s, p, s["where"][c])


@kernel
def excluded(s, p, c):
    """Modifiers that cannot go together: Cracked Horn and Bracken each send every discard
    somewhere; Master of Disguise sets aside p's own advisers, so none of them may be in use."""
    if c == M.CRACKED_HORN or c == M.BRACKEN:
        return s["discard_to"] != DISCARD_AS_USUAL
    if c == M.MASTER_OF_DISGUISE:
        for d in range(1, FIRST_VISION):
            if s["mod_on"][d] and s["zone"][d] == Z_ADVISER and s["where"][d] == p:
                return True
    return False


@kernel
def offered(s, p, c, action):
    """An optional modifier p may add now: it runs, p has access and can pay, and the action
    stays possible once it is paid for."""
    if MODIFIES[c] != action or MANDATORY[c] or s["mod_on"][c] or s["ruined"][c] or C.blank(s, c) or excluded(s, p, c):
        return False
    if not access(s, p, c, action) or not PS.payable(s, p, c):
        return False
    # the trial payment may draw on the Nomad bank (Vow of Kinship) and burn to another player
    # (Vow of Renewal): every favor count it can touch is put back
    favor, banks, secrets = s["favor"].copy(), s["favor_bank"].copy(), s["secrets"][p]
    card_favor, card_secrets, shared = s["card_favor"][c], s["card_secrets"][c], s["shared_favor"]
    B.pay_cost(s, p, c)
    s["mod_on"][c] = 1
    ok = possible(s, p, action)
    if c == M.MASTER_OF_DISGUISE:
        ok = False
        for q in range(s["n_players"]):
            ok = ok or disguise_fits(s, p, q)
    s["mod_on"][c] = 0  # put back exactly what the trial payment changed
    s["favor"][:] = favor
    s["favor_bank"][:] = banks
    s["secrets"][p] = secrets
    s["card_favor"][c], s["card_secrets"][c], s["shared_favor"] = card_favor, card_secrets, shared
    return ok


@shell_kernel
def possible_with_any(s, p, action):
    """Whether the action can be taken at all, under its mandatory modifiers: as it is, or with
    some single optional modifier (O5: an action whose cost cannot be paid is illegal). Asked in
    the Act phase, when no modifier is in use (an invariant: invariants.MODIFIER_AT_ACT), so only
    the action's own modifiers are touched; leaves none in use."""
    n = MODIFIER_COUNT[action]
    for k in range(n):  # the mandatory ones apply
        c = MODIFIERS_OF[action, k]
        if MANDATORY[c] and W.has_access(s, p, c):
            s["mod_on"][c] = 1
    ok = possible(s, p, action)
    for k in range(n):
        if ok:
            break
        ok = offered(s, p, MODIFIERS_OF[action, k], action)
    for k in range(n):
        s["mod_on"][MODIFIERS_OF[action, k]] = 0
    return ok


@shell_kernel
def mandatory(s, p, action):
    M.clear_mods(s)
    for k in range(MODIFIER_COUNT[action]):
        c = MODIFIERS_OF[action, k]
        if MANDATORY[c] and W.has_access(s, p, c):
            s["mod_on"][c] = 1


@shell_kernel
def begin(s, p, action, next_phase):
    """Start an action's modifiers: the mandatory ones apply, the optional ones are asked for."""
    mandatory(s, p, action)
    s["mod_action"] = action
    s["mod_next"] = next_phase
    s["phase"] = next_phase
    for k in range(MODIFIER_COUNT[action]):
        if offered(s, p, MODIFIERS_OF[action, k], action):
            s["phase"] = PH_MODIFY
            return


@shell_kernel
def choice_legal(s, p, mask):
    """PH_MODIFY_CHOICE: Bracken's pile, top or bottom (OPTION 2 * region + bottom); Master of
    Disguise's player, another seat whose advisers keep the trade possible."""
    if s["mod_action"] == SEARCH:
        for k in range(6):
            mask[A.OPTION + k] = 1
        return
    for q in range(s["n_players"]):
        if disguise_fits(s, p, q):
            mask[A.SEAT + q] = 1


@kernel
def disguise_fits(s, p, q):
    """Whether p's trade stays possible acting with q's advisers (Master of Disguise)."""
    if q == p:
        return False
    s["trade_as"] = q
    ok = possible(s, p, TRADE)
    s["trade_as"] = -1
    return ok


@kernel
def choose(s, a):
    if a >= A.SEAT:
        s["trade_as"] = a - A.SEAT
    else:
        s["discard_to"] = DISCARD_TO_PILE + a - A.OPTION
    s["phase"] = PH_MODIFY


@shell_kernel
def legal(s, p, mask):
    action = s["mod_action"]
    for k in range(MODIFIER_COUNT[action]):
        c = MODIFIERS_OF[action, k]
        if offered(s, p, c, action):
            mask[A.CARD + c] = 1
    if possible(s, p, action):
        mask[A.END] = 1


@kernel
def apply(s, p, a):
    if a == A.END:
        s["phase"] = s["mod_next"]
        return
    c = a - A.CARD
    B.pay_cost(s, p, c)
    s["mod_on"][c] = 1
    if c == M.CRACKED_HORN:
        s["discard_to"] = DISCARD_TO_WORLD_BOTTOM
    elif c == M.BRACKEN or c == M.MASTER_OF_DISGUISE:
        s["phase"] = PH_MODIFY_CHOICE
