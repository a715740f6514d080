"""The major actions Search, Muster, Trade, Recover and Travel (O5.1-O5.4, O5.6), and playing a
card (O5.1.4, also a facedown adviser's, O6.1), compiled: for each, whether it can be taken now
(`can_*`), the legal answers to its decisions and their effects. Every action ends back in the
Act phase (PH_ACT). Card powers (modifiers, When-played) are not applied yet.
"""

from __future__ import annotations

import numpy as np

from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath.rules import board as B
from meeplegym.envs.oath.rules import cards as C
from meeplegym.envs.oath.rules import persistent as PS
from meeplegym.envs.oath.rules.setup import (
    board_colour,
    DISCARD_DESTINATION,
    SITE_FAVOR,
    SITE_SECRETS,
    SLOT_REGION,
    count_vision,
    deal_relics,
    kill_on_board,
    move_from_bank,
)
from meeplegym.envs.oath.state import (
    CHANCELLOR,
    DISCARD_AS_USUAL,
    FIRST_EDIFICE,
    DISCARD_TO_PILE,
    DISCARD_TO_WORLD_BOTTOM,
    FREE_OFFERED,
    FIRST_RELIC,
    FIRST_VISION,
    GRAND_SCEPTER,
    MAX_DRAWN,
    MAX_SITE_RELICS,
    N_CARDS,
    N_SLOTS,
    N_SUITS,
    NOBODY,
    PH_ACT,
    PH_CONSPIRACY,
    PH_CROP_ROTATION,
    PH_PF_DISCARD,
    PH_PLAY,
    PH_PLAY_REPLACE,
    PH_PLAY_SITE,
    PH_RECOVER_BANK,
    PH_RECOVER_BID,
    PH_SEARCH_DISCARD,
    PH_SEARCH_KEEP,
    PH_TRAVEL_FREE,
    PURPLE,
    PLAY_FROM_SEARCH,
    SIDE_EXILE,
    TARGET_DS,
    TARGET_PF,
    WARDEN_ELSEWHERE,
    WARDEN_FIRST,
    WARDEN_NONE,
    WARDEN_SITE,
    WARDEN_TO_SITE,
    WARDEN_UNPLAYED,
    Z_ADVISER,
    Z_BOX,
    Z_DISPOSSESSED,
    Z_HAND,
    Z_PERSONAL,
    Z_SITE,
    Z_VISION_SPACE,
)
from meeplegym.jit import kernel, shell_kernel

SEARCH, MUSTER, TRADE, RECOVER, CAMPAIGN, TRAVEL = (int(a) for a in D.MajorAction)
SUPPLY_OF = np.zeros(len(D.MajorAction), dtype=np.int8)
for _a, _n in D.ACTION_SUPPLY.items():
    SUPPLY_OF[int(_a)] = _n
del _a, _n
WORLD_SEARCH_COST = np.array([D.search_cost(v) for v in range(6)], dtype=np.int8)
DS_SEARCH_COST = D.BANNERS[1].world_search_cost
TRAVEL_COST = np.array(D.TRAVEL_COST, dtype=np.int8)
SEARCH_DRAW = D.SEARCH_DRAW
DISCARD_SEARCH_COST = D.DISCARD_SEARCH_COST
MUSTER_WARBANDS = D.MUSTER_WARBANDS
SEIZURE_LOSS = D.SEIZURE_LOSS
ADVISER_LIMIT = D.ADVISER_LIMIT
LIMIT_OF = np.zeros(N_CARDS, dtype=np.int8)  # the always-on adviser limit a faceup adviser sets (O7.6.4)
for _d in D.DENIZENS:
    LIMIT_OF[_d.number] = _d.adviser_limit or 0
del _d
PIED_PIPER, FAMILY_WAGON, MARRIAGE = (D.DENIZEN_BY_NAME[n].number for n in ("Pied Piper", "Family Wagon", "Marriage"))
SUIT_OF = B.SUIT_OF
NOMAD = int(D.Suit.NOMAD)
CONSPIRACY = FIRST_VISION + [v.name for v in D.VISIONS].index("Conspiracy")
ANCIENT_BLOODLINE = D.DENIZEN_BY_NAME["Ancient Bloodline"].number
# card facts by id (D2-D4)
RESTRICTION = np.zeros(N_CARDS, dtype=np.int8)
LOCKED = np.zeros(N_CARDS, dtype=np.int8)
for _d in D.DENIZENS:
    RESTRICTION[_d.number] = int(_d.restriction)
    LOCKED[_d.number] = _d.locked
for _e in D.EDIFICE_FACES:
    RESTRICTION[_e.number] = int(_e.restriction)
    LOCKED[_e.number] = 1
del _d, _e
SITE_ONLY, ADVISER_ONLY = int(D.Restriction.SITE_ONLY), int(D.Restriction.ADVISER_ONLY)
# site facts by site id (D1)
SITE_CAPACITY = np.array([s.capacity for s in D.SITES], dtype=np.int8)
SITE_POWER = np.array([int(s.power) for s in D.SITES], dtype=np.int8)
HOMELAND = np.array([-1 if s.homeland is None else int(s.homeland) for s in D.SITES], dtype=np.int8)
HOMELAND_REWARD = np.array([-1 if s.homeland_reward is None else int(s.homeland_reward) for s in D.SITES],
                           dtype=np.int8)
RECOVER_COST = np.array([int(s.recover) for s in D.SITES], dtype=np.int8)
RECOVER_SUIT = np.array([-1 if s.recover_suit is None else int(s.recover_suit) for s in D.SITES], dtype=np.int8)
P = D.SitePower
COAST, CHARMING_VALLEY, SHROUDED_WOOD, NARROW_PASS = int(P.COAST), int(P.CHARMING_VALLEY), int(P.SHROUDED_WOOD), \
    int(P.NARROW_PASS)
MARSHES, BURIED_GIANT, HIDDEN_PLACE, RIVER = int(P.MARSHES), int(P.BURIED_GIANT), int(P.HIDDEN_PLACE), int(P.RIVER)
GREAT_SLUM = int(P.GREAT_SLUM)
del P
R = D.HomelandReward
HOME_FAVOR, HOME_WARBANDS, HOME_SECRET, HOME_RELIC = int(R.FAVOR), int(R.WARBANDS), int(R.SECRET), int(R.RELIC)
del R
BRUTAL, DECADENT, CARELESS, GREEDY = (space.index for space in D.RELIQUARY)
_ID = {**{d.name: d.number for d in D.DENIZENS}, **{r.name: r.number for r in D.RELICS}}
TENTS, FAST_STEED, FOREST_PATHS, SPECIAL_ENVOY, PORTAL, DRAGONSKIN_DRUM, TYRANT = (
    _ID[n] for n in ("Tents", "A Fast Steed", "Forest Paths", "Special Envoy", "Portal", "Dragonskin Drum", "Tyrant"))
DOWNTRODDEN, PRESSGANGS, ANIMAL_PLAYMATES, ROWDY_PUB, INITIATION_RITE, VOW_OF_BEASTKIN = (
    _ID[n] for n in ("Downtrodden", "Pressgangs", "Animal Playmates", "Rowdy Pub", "Initiation Rite", "Vow of Beastkin"))
DOWNTRODDEN_EXTRA = 2
ACTING_TROUPE, SECRET_SIGNAL, MAP_LIBRARY, OLD_OAK, BIRDSONG, AWAITED_RETURN, CUP_OF_PLENTY = (
    _ID[n] for n in ("Acting Troupe", "Secret Signal", "Map Library", "The Old Oak", "Birdsong", "Awaited Return",
                     "Cup of Plenty"))
ARCANE, ORDER_SUIT, HEARTH = int(D.Suit.ARCANE), int(D.Suit.ORDER), int(D.Suit.HEARTH)
AUGURY, NEWS_FROM_AFAR, ERRAND_BOY, OBSERVATORY, TRUTHFUL_HARP, BOOK_OF_RECORDS, WELCOMING_PARTY, WILD_CRY = (
    _ID[n] for n in ("Augury", "News from Afar", "Errand Boy", "Observatory", "Truthful Harp", "Book of Records",
                     "Welcoming Party", "Wild Cry"))
MAGICIANS_CODE, RELIC_WORSHIP = _ID["Magician's Code"], _ID["Relic Worship"]
MUSHROOMS, CRACKED_HORN, BRACKEN, NEW_GROWTH, HUNTING_PARTY, CROP_ROTATION = (
    _ID[n] for n in ("Mushrooms", "Cracked Horn", "Bracken", "New Growth", "Hunting Party", "Crop Rotation"))
KNIGHTS_ERRANT, RING_OF_DEVOTION, RING_EXTRA = _ID["Knights Errant"], _ID["Ring of Devotion"], 2
SMALL_FRIENDS, MASTER_OF_DISGUISE, HOSPITALITY = _ID["Small Friends"], _ID["Master of Disguise"], _ID["Hospitality"]
SALT_THE_EARTH = _ID["Salt the Earth"]
LAND_WARDEN = _ID["Land Warden"]
GREAT_SPIRE = {e.name: e.number for e in D.EDIFICE_FACES}["Great Spire"]  # a Search modifier while intact (D3)
MAGICIANS_GIFT, RELIC_WORSHIP_SUPPLY = 2, 3
FAST_STEED_MOST = 3
BEAST = int(D.Suit.BEAST)
GREEDY_EXTRA, GREEDY_MOST = 2, 2  # D7: two more cards; a Search costing at most 2
CRADLE, HINTERLAND = int(D.Region.CRADLE), int(D.Region.HINTERLAND)
RC = D.RecoverCost
PLACE_3_FAVOR, BURN_2_FAVOR, BURN_1_SECRET, BURN_2_SECRETS = int(RC.PLACE_3_FAVOR), int(RC.BURN_2_FAVOR), \
    int(RC.BURN_1_SECRET), int(RC.BURN_2_SECRETS)
del RC


TRAVEL_BY_GIANT, TRAVEL_BY_STATION, TRAVEL_PAYING = 0, 1, -1  # OPTION k of PH_TRAVEL_FREE; END pays


@kernel
def spend(s, p, k):
    s["supply"][p] -= k


@kernel
def site_of(s, p):
    return s["slot_site"][s["pawn"][p]]


# ================================================================== Search (O5.1)
@kernel
def world_search_cost(s, p):
    if s["mod_on"][NEWS_FROM_AFAR]:
        return 0  # D2: spend no Supply for this search
    if s["ds_holder"] == p:
        return DS_SEARCH_COST  # the Darkest Secret (D6)
    return WORLD_SEARCH_COST[min(s["visions_drawn"], WORLD_SEARCH_COST.shape[0] - 1)]


@kernel
def discard_search_cost(s):
    return 0 if s["mod_on"][NEWS_FROM_AFAR] or s["mod_on"][MUSHROOMS] else DISCARD_SEARCH_COST


@kernel
def can_search_world(s, p):
    if s["mod_on"][MUSHROOMS] or B.spendable_favor(s, p) < PS.toll_due(s, p, PS.FORCED_LABOR, s["pawn"][p]):
        return False  # D3: the card comes from your region's discard pile; Forced Labor's toll
    cost = world_search_cost(s, p)
    if reliquary_power(s, p, GREEDY) and cost > GREEDY_MOST:
        return False  # Greedy (D7): a Search may not cost more than 2
    return s["world_size"] > 0 and s["supply"][p] >= cost


@kernel
def pile_of(s, p, k):
    """The region of search source OPTION 1 + k: your region's pile (k = 0), or the one k
    regions outward."""
    return (SLOT_REGION[s["pawn"][p]] + k) % 3


@kernel
def can_search_pile(s, p, k):
    """A discard pile as the source: your region's; another with Errand Boy, or with the
    Observatory while your pawn is at its site (D2); with Mushrooms only yours (D3)."""
    if (k > 0 and s["mod_on"][MUSHROOMS]) or B.spendable_favor(s, p) < PS.toll_due(s, p, PS.FORCED_LABOR, s["pawn"][p]):
        return False
    if k > 0 and not (s["mod_on"][ERRAND_BOY] or (s["mod_on"][OBSERVATORY] and s["zone"][OBSERVATORY] == Z_SITE
                                                   and s["where"][OBSERVATORY] == s["pawn"][p])):
        return False
    return s["discard_size"][pile_of(s, p, k)] > 0 and s["supply"][p] >= discard_search_cost(s)


@shell_kernel
def can_search_discard(s, p):
    for k in range(3):
        if can_search_pile(s, p, k):
            return True
    return False


@kernel
def search(s, p, source):
    """Pay and draw (O5.1.1-O5.1.2): from the world deck (source -1) one at a time, stopping at a
    Vision, or from the top of discard pile `source` (pile_of). Marshes draw one fewer (D1);
    Augury one more, Truthful Harp two more, every drawn card then revealed (D2, D4); Mushrooms
    exactly one, from the bottom (D3). Hunting Party offers a free campaign after a search of the
    world deck (D2)."""
    PS.pay_toll(s, p, PS.FORCED_LABOR, s["pawn"][p])
    want = SEARCH_DRAW - (1 if SITE_POWER[site_of(s, p)] == MARSHES else 0)
    if reliquary_power(s, p, GREEDY):
        want += GREEDY_EXTRA
    if s["mod_on"][AUGURY]:
        want += 1
    if s["mod_on"][TRUTHFUL_HARP]:
        want += 2
    s["n_drawn"] = 0
    if source < 0:
        if s["mod_on"][HUNTING_PARTY]:
            s["free_campaign"] = FREE_OFFERED
        spend(s, p, world_search_cost(s, p))
        while s["n_drawn"] < want and s["world_size"] > 0:
            c = C.world_take_top(s)
            take_drawn(s, p, c)
            if C.is_vision(c):
                count_vision(s, c)
                break
    else:
        spend(s, p, discard_search_cost(s))
        region = pile_of(s, p, source)
        if s["mod_on"][MUSHROOMS]:
            take_drawn(s, p, C.discard_take_bottom(s, region))
        while s["n_drawn"] < want and s["discard_size"][region] > 0 and not s["mod_on"][MUSHROOMS]:
            take_drawn(s, p, C.discard_take_top(s, region))
    if s["mod_on"][TRUTHFUL_HARP]:
        for k in range(s["n_drawn"]):
            s["known"][s["drawn"][k]] = -1
    s["spire_swapped"] = 0
    s["warden"] = WARDEN_NONE
    s["phase"] = PH_SEARCH_KEEP
    if s["n_drawn"] == 0:
        clear_mods(s)
        s["phase"] = PH_ACT


@kernel
def after_play(s, p):
    """The Search modifiers that act when a kept card is played (D2): Welcoming Party a Hearth
    favor, Wild Cry a Supply and 2 warbands for a Beast card. Then the Search is over, unless
    Land Warden's second card is still to come (its modifiers then stay in use)."""
    c = s["playing"]
    played = s["zone"][c] == Z_SITE or s["zone"][c] == Z_ADVISER or s["zone"][c] == Z_VISION_SPACE
    if played and s["play_from"] == PLAY_FROM_SEARCH:
        if s["mod_on"][WELCOMING_PARTY] and C.is_denizen(c):
            B.gain_from_bank(s, p, HEARTH, 1)
        if s["mod_on"][WILD_CRY] and s["faceup"][c] and B.SUIT_OF[c] == BEAST:
            s["supply"][p] = min(D.SUPPLY_MAX, s["supply"][p] + 1)
            move_from_bank(s, p, 2)
    if s["warden"] == WARDEN_FIRST:
        elsewhere = played or s["zone"][c] == Z_BOX  # the Conspiracy played faceup goes to the box (O5.1.4.4)
        s["warden"] = WARDEN_SITE if s["zone"][c] == Z_SITE else WARDEN_ELSEWHERE if elsewhere else WARDEN_UNPLAYED
        return
    s["warden"] = WARDEN_NONE
    clear_mods(s)


@kernel
def take_drawn(s, p, c):
    s["drawn"][s["n_drawn"]] = c
    s["n_drawn"] += 1
    C.place(s, c, Z_HAND, p, 0)
    s["known"][c] |= 1 << p


@kernel
def drop_drawn(s, c):
    """Remove c from the drawn list."""
    k = 0
    for j in range(s["n_drawn"]):
        if s["drawn"][j] != c:
            s["drawn"][k] = s["drawn"][j]
            k += 1
    for j in range(k, MAX_DRAWN):
        s["drawn"][j] = 0
    s["n_drawn"] = k


@shell_kernel
def keep_legal(s, p, mask):
    """CARD: the drawn card to keep; with Great Spire (D3), before that, OPTION k: the k-th drawn
    card, a denizen not swapped yet, trades places with a random card of the Dispossessed. Land
    Warden's second card (D2): CARD a card it allows (second_keepable), END none."""
    if s["warden"] != WARDEN_NONE:
        mask[A.END] = 1
        for k in range(s["n_drawn"]):
            if second_keepable(s, p, s["drawn"][k]):
                mask[A.CARD + s["drawn"][k]] = 1
        return
    for k in range(s["n_drawn"]):
        mask[A.CARD + s["drawn"][k]] = 1
        if spire_swappable(s, k):
            mask[A.OPTION + k] = 1


@kernel
def spire_swappable(s, k):
    return (s["mod_on"][GREAT_SPIRE] == 1 and C.is_denizen(s["drawn"][k]) and not s["spire_swapped"] >> k & 1
            and C.len_dispossessed(s) > 0)


@kernel
def spire_swap(s, p, k):
    """Great Spire (D3): the k-th drawn card goes to the Dispossessed; a random card of it takes its
    place among the drawn cards, seen by p alone."""
    c = s["drawn"][k]
    into = C.random_dispossessed(s)
    C.place(s, c, Z_DISPOSSESSED, 0, 0)
    s["drawn"][k] = into
    C.place(s, into, Z_HAND, p, 0)
    s["known"][into] = 1 << p
    s["spire_swapped"] |= 1 << k


@kernel
def keep(s, p, c):
    """O5.1.3: c is kept; the others are discarded one at a time in the order chosen. With Land
    Warden (D2) the others are held while this first card is played, its When-played power
    included (turn.run_on then asks for the second: second_keep)."""
    drop_drawn(s, c)
    s["playing"] = c
    s["play_from"] = PLAY_FROM_SEARCH
    if s["warden"] == WARDEN_NONE and s["mod_on"][LAND_WARDEN] and s["n_drawn"] > 0:
        s["warden"] = WARDEN_FIRST
        s["phase"] = PH_PLAY
        return
    s["warden"] = WARDEN_TO_SITE if s["warden"] == WARDEN_ELSEWHERE else WARDEN_NONE
    discard_rest(s, p)


@kernel
def second_keepable(s, p, c):
    """Land Warden (D2): after a first card played to a site, any drawn card; after one played
    elsewhere, only a card that can be played to a site now; after one discarded, none."""
    if s["warden"] == WARDEN_SITE:
        return True
    if s["warden"] != WARDEN_ELSEWHERE:
        return False
    first = s["playing"]
    s["playing"] = c
    ok = may_play_to_site(s, p, c)
    s["playing"] = first
    return ok


@shell_kernel
def second_keep(s, p):
    """Once the first card's play is over: the searcher is asked for Land Warden's second card if
    one is allowed, else the rest of the draw is discarded and the Search is over."""
    for k in range(s["n_drawn"]):
        if second_keepable(s, p, s["drawn"][k]):
            s["phase"] = PH_SEARCH_KEEP
            s["actor"] = p
            return
    keep_none(s, p)


@kernel
def keep_none(s, p):
    """No second card: the rest of the draw is discarded, in the order chosen."""
    s["warden"] = WARDEN_NONE
    s["playing"] = 0
    discard_rest(s, p)


@kernel
def discard_rest(s, p):
    """The cards drawn and not kept are discarded (in the order chosen when there are two or
    more); then the kept card is played, or, with none kept, the Search is over."""
    if s["n_drawn"] > 1:
        s["phase"] = PH_SEARCH_DISCARD
        return
    if s["n_drawn"] == 1:
        discard_card(s, p, s["drawn"][0])
        drop_drawn(s, s["drawn"][0])
    s["phase"] = PH_PLAY
    if s["playing"] == 0:
        clear_mods(s)
        s["phase"] = PH_ACT


@shell_kernel
def discard_drawn(s, p, c):
    discard_card(s, p, c)
    drop_drawn(s, c)
    discard_rest(s, p)


@kernel
def discard_card(s, p, c):
    """O10 Discard, by p: onto the pile one region outward from the card's region (a card at a
    site) or from p's pawn; favor on it to its suit's bank, secrets to p's board facedown. The
    card loses every token and is known to p. The discards of a Search with Cracked Horn or Bracken
    go where its `discard_to` says (D3, D4), except those of a power that a card played in it set
    off (Land Warden's first card's When-played power, D2)."""
    region = SLOT_REGION[s["pawn"][p]]
    if s["zone"][c] == Z_SITE:
        region = SLOT_REGION[s["where"][c]]
        suit = B.card_suit(s, c)
        if suit >= 0:
            s["site_discards"][s["where"][c]] |= 1 << suit  # Homeland's anti-cycling clause (D1)
    return_tokens(s, c, p, True)
    s["ruined"][c] = 0
    to = s["discard_to"] if p == s["current"] and s["pw_card"] == 0 else DISCARD_AS_USUAL
    if to == DISCARD_TO_WORLD_BOTTOM:
        C.world_push_bottom(s, c)
    elif to >= DISCARD_TO_PILE:
        if (to - DISCARD_TO_PILE) % 2:
            C.discard_push_bottom(s, (to - DISCARD_TO_PILE) // 2, c)
        else:
            C.discard_push(s, (to - DISCARD_TO_PILE) // 2, c)
    else:
        C.discard_push(s, DISCARD_DESTINATION[region], c)
    s["known"][c] |= 1 << p


@kernel
def return_tokens(s, c, p, secrets_down):
    """Favor on c to its suit's bank (a ruin's to the shared bank, D10), secrets to p's board."""
    suit = B.SUIT_OF[c] if not s["ruined"][c] else -1
    if suit >= 0:
        s["favor_bank"][suit] += s["card_favor"][c]
    else:
        s["shared_favor"] += s["card_favor"][c]
    s["card_favor"][c] = 0
    if secrets_down:
        s["secrets_down"][p] += s["card_secrets"][c]
    else:
        s["secrets"][p] += s["card_secrets"][c]
    s["card_secrets"][c] = 0


@kernel
def locked(s, c):
    """c may not be discarded, moved or swapped (O7.2) by the player whose turn it is (every such
    change happens in its player's turn): a locked card, or -- Ancient Bloodline (D2) -- a
    denizen or relic at a site that the Bloodline's holder rules, to that holder's enemies."""
    if LOCKED[c]:
        return True
    h = PS.holder_of(s, ANCIENT_BLOODLINE)
    return (h >= 0 and s["zone"][c] == Z_SITE and B.enemy(s, h, s["current"])
            and B.rules_site(s, h, s["where"][c]))


# ================================================================== playing a card (O5.1.4, O6.1)
@kernel
def discardable_adviser(s, p, c):
    """An adviser p may discard to make room: not a faceup locked card (O7.2)."""
    return s["zone"][c] == Z_ADVISER and s["where"][c] == p and not (s["faceup"][c] and LOCKED[c])


@kernel
def council_member(s, p, d, c, faceup, drop):
    """For council_fits: (card, faceup) of the d-th member looked at, card 0 to skip it; d ==
    N_CARDS stands for the incoming card c."""
    if d == N_CARDS:
        return c, faceup
    if d == c or s["zone"][d] != Z_ADVISER or s["where"][d] != p or (drop and discardable_adviser(s, p, d)):
        return 0, False
    return d, s["faceup"][d] == 1


@kernel
def council_fits(s, p, c, faceup, drop):
    """O2.2, O7.6.4: whether p's advisers, with card c added (faceup or not; c = 0 for none)
    and, with `drop`, without every adviser p could discard, keep the limits: the lowest limit
    among faceup limiters (else 3); Pied Piper never counts; with Family Wagon faceup, Nomad
    advisers do not count and at most one adviser is not a faceup Nomad."""
    limit = ADVISER_LIMIT
    wagon = False
    for d in range(1, N_CARDS + 1):
        card, up = council_member(s, p, d, c, faceup, drop)
        if card > 0 and up:
            if LIMIT_OF[card] > 0:
                limit = min(limit, LIMIT_OF[card])
            wagon = wagon or card == FAMILY_WAGON
    counted = 0
    not_nomad = 0
    for d in range(1, N_CARDS + 1):
        card, up = council_member(s, p, d, c, faceup, drop)
        if card == 0:
            continue
        nomad = up and SUIT_OF[card] == NOMAD
        if not nomad:
            not_nomad += 1
        if not (up and card == PIED_PIPER) and not (wagon and nomad):
            counted += 1
    return counted <= limit and (not wagon or not_nomad <= 1)


@kernel
def council_keeps(s, p):
    """Whether p's advisers keep their limits, if need be once p has discarded down (O7.6.4)."""
    return council_fits(s, p, 0, False, False) or council_fits(s, p, 0, False, True)


@kernel
def room_for_adviser(s, p, c, faceup):
    """Whether c can join p's advisers, if need be after p discards advisers first."""
    return council_fits(s, p, c, faceup, False) or council_fits(s, p, c, faceup, True)


@kernel
def site_room(s, slot):
    """A faceup site holding fewer cards than its capacity (1 where Salt the Earth lies, D2)."""
    have = np.zeros(16, dtype=np.int16)
    salted = s["zone"][SALT_THE_EARTH] == Z_SITE and s["where"][SALT_THE_EARTH] == slot
    capacity = 1 if salted else SITE_CAPACITY[s["slot_site"][slot]]
    return s["slot_faceup"][slot] == 1 and B.cards_at(s, slot, have) < capacity


@kernel
def within_capacity(s, slot):
    have = np.zeros(16, dtype=np.int16)
    return B.cards_at(s, slot, have) <= SITE_CAPACITY[s["slot_site"][slot]]


@kernel
def room_for_play(s, c, slot):
    """Whether c may be played to the site at slot: room under its capacity; Salt the Earth
    ignores the capacity but refuses a site holding a locked card (D2)."""
    if c != SALT_THE_EARTH:
        return site_room(s, slot)
    if not s["slot_faceup"][slot]:
        return False
    for d in range(1, FIRST_VISION):  # a relic too, under Ancient Bloodline
        if s["zone"][d] == Z_SITE and s["where"][d] == slot and locked(s, d):
            return False
    return True


@kernel
def discardable_at_site(s, c, region):
    """A denizen or edifice at a site of `region` that may be discarded (not locked, O7.2)."""
    return c < FIRST_RELIC and s["zone"][c] == Z_SITE and SLOT_REGION[s["where"][c]] == region and not locked(s, c)


@kernel
def grows_anywhere(s, p, c):
    """New Growth (D3): a Beast or Hearth card kept by this Search may go to any site with room."""
    return (s["mod_on"][NEW_GROWTH] and s["play_from"] == PLAY_FROM_SEARCH
            and (SUIT_OF[c] == BEAST or SUIT_OF[c] == HEARTH))


@kernel
def rotates(s):
    """Crop Rotation (D3): a card this Search plays to a site may first replace a denizen there."""
    return s["mod_on"][CROP_ROTATION] and s["play_from"] == PLAY_FROM_SEARCH


@kernel
def slum(s, slot):
    """The faceup Great Slum (D1): a card played to it may first discard a card there."""
    return s["slot_faceup"][slot] == 1 and SITE_POWER[s["slot_site"][slot]] == GREAT_SLUM


@kernel
def slum_takes(s, slot):
    """A card moved to the site at slot fits: room, or the Great Slum with a denizen to discard."""
    return site_room(s, slot) or (slum(s, slot) and rotatable(s, slot))


@kernel
def clears_first(s, slot):
    """A card played to the site at slot may first discard one there: Crop Rotation's (D3) or
    the Great Slum's (D1)."""
    return (rotates(s) or slum(s, slot)) and rotatable(s, slot)


@kernel
def rotatable_denizen(s, d, slot):
    """d, a denizen at the site at slot that Crop Rotation or the Great Slum may discard (never a
    locked one, O7.2)."""
    return s["zone"][d] == Z_SITE and s["where"][d] == slot and not locked(s, d)


@kernel
def rotatable(s, slot):
    for d in range(1, FIRST_EDIFICE):
        if rotatable_denizen(s, d, slot):
            return True
    return False


@kernel
def fits(s, c, slot):
    """c may go to the site at slot: room for it, or a denizen to replace (Crop Rotation, the
    Great Slum)."""
    return room_for_play(s, c, slot) or (s["slot_faceup"][slot] == 1 and clears_first(s, slot))


@shell_kernel
def room_on_map(s, c):
    for slot in range(N_SLOTS):
        if fits(s, c, slot):
            return True
    return False


@shell_kernel
def can_play_to_site(s, p):
    """O5.1.4.1: your site has room; the People's Favor's holder may use any site of the region,
    and may first discard a card there to make room; with New Growth any site of the map (D3);
    with Crop Rotation a site full of denizens too (D3)."""
    c = s["playing"]
    if grows_anywhere(s, p, c) and room_on_map(s, c):
        return True
    if s["pf_holder"] != p:
        return fits(s, c, s["pawn"][p])
    region = SLOT_REGION[s["pawn"][p]]
    for slot in range(N_SLOTS):
        if SLOT_REGION[slot] == region and fits(s, c, slot):
            return True
    if c == SALT_THE_EARTH:
        return False
    for c in range(1, FIRST_RELIC):
        if discardable_at_site(s, c, region):
            return True
    return False


@kernel
def may_play_to_site(s, p, c):
    """c, the card being played, may go faceup to a site (O5.1.4.1)."""
    return (not C.is_vision(c) and PS.may_play_faceup(s, p, c) and RESTRICTION[c] != ADVISER_ONLY
            and can_play_to_site(s, p))


@shell_kernel
def play_legal(s, p, mask):
    """O5.1.4; Land Warden's second card after a first played elsewhere goes to a site (D2)."""
    c = s["playing"]
    if may_play_to_site(s, p, c):
        mask[A.OPTION + 0] = 1
    if s["warden"] == WARDEN_TO_SITE:
        return
    vision = C.is_vision(c)
    faceup = not vision and PS.may_play_faceup(s, p, c)
    if faceup and RESTRICTION[c] != SITE_ONLY and room_for_adviser(s, p, c, True):
        mask[A.OPTION + 1] = 1
    if s["play_from"] == PLAY_FROM_SEARCH and room_for_adviser(s, p, c, False) and PS.may_play_facedown_adviser(s, p):
        mask[A.OPTION + 2] = 1
    faceup_vision = vision and PS.may_play_vision_faceup(s, p, c)
    if faceup_vision and c != CONSPIRACY and s["side"][p] == SIDE_EXILE:
        mask[A.OPTION + 3] = 1
    if faceup_vision and c == CONSPIRACY:
        mask[A.OPTION + 4] = 1  # anyone may play it faceup (O5.1.4.4)
    mask[A.END] = 1


@shell_kernel
def pf_discard_legal(s, p, mask):
    region = SLOT_REGION[s["pawn"][p]]
    for c in range(1, FIRST_RELIC):
        if discardable_at_site(s, c, region):
            mask[A.CARD + c] = 1
    c = s["playing"]
    for slot in range(N_SLOTS):
        if fits(s, c, slot) and (SLOT_REGION[slot] == region or grows_anywhere(s, p, c)):
            mask[A.END] = 1


@kernel
def pf_discard(s, p, a):
    if a != A.END:
        discard_card(s, p, a - A.CARD)
    s["phase"] = PH_PLAY_SITE


@shell_kernel
def play_site_legal(s, p, mask):
    region = SLOT_REGION[s["pawn"][p]]
    anywhere = grows_anywhere(s, p, s["playing"])
    for slot in range(N_SLOTS):
        if (SLOT_REGION[slot] == region or anywhere) and fits(s, s["playing"], slot):
            mask[A.SLOT + slot] = 1


@kernel
def to_site(s, p, slot):
    """The kept card goes to the site at slot, Crop Rotation's or the Great Slum's discard asked
    first if it may apply."""
    if clears_first(s, slot):
        s["target"] = slot
        s["phase"] = PH_CROP_ROTATION
        return
    play_to_site(s, p, s["playing"], slot)


@shell_kernel
def rotation_legal(s, p, mask):
    slot = s["target"]
    for d in range(1, FIRST_EDIFICE):
        if rotatable_denizen(s, d, slot):
            mask[A.CARD + d] = 1
    if room_for_play(s, s["playing"], slot):
        mask[A.END] = 1


@shell_kernel
def rotation(s, p, a):
    if a != A.END:
        discard_card(s, p, a - A.CARD)
    play_to_site(s, p, s["playing"], s["target"])


# ------------------------------------------------------------------ the Conspiracy (O5.1.4.4)
@kernel
def conspirator_target(s, p, q):
    """q's pawn is at p's site and at least two of p's faceup advisers share a suit with some
    faceup adviser of q (the Law's reading, D10)."""
    if q == p or s["pawn"][q] != s["pawn"][p]:
        return False
    shared = 0
    for c in range(1, N_CARDS):
        if s["zone"][c] == Z_ADVISER and s["where"][c] == p:
            suit = B.card_suit(s, c)
            if suit >= 0 and B.matching_advisers(s, q, suit) > 0:
                shared += 1
    return shared >= 2


@shell_kernel
def conspiracy_legal(s, p, mask):
    mask[A.END] = 1
    if s["secrets"][p] < 1:
        return
    for q in range(s["n_players"]):
        if conspirator_target(s, p, q):
            for r in range(FIRST_RELIC, FIRST_VISION):
                if B.holds_relic(s, q, r) and not PS.relic_guarded(s, p, r):
                    mask[A.CARD + r] = 1
            if s["pf_holder"] == q and not PS.pf_guarded(s, p):
                mask[A.OPTION + 0] = 1
            if s["ds_holder"] == q and not PS.ds_guarded(s, p):
                mask[A.OPTION + 1] = 1


@shell_kernel
def conspiracy(s, p, a):
    """Burn a secret to take the relic or banner chosen; the Conspiracy then goes to the box."""
    if a != A.END:
        s["secrets"][p] -= 1
        if a >= A.CARD:
            take_relic(s, p, a - A.CARD)
        elif a == A.OPTION + 0:
            seize_pf(s, p)
        else:
            seize_ds(s, p)
    C.place(s, CONSPIRACY, Z_BOX, 0, 1)
    s["phase"] = PH_ACT


@kernel
def seize_pf(s, p):
    """O2.5: a banner taken other than by Recover loses 2 tokens (never its last); the People's
    Favor burns its favor and shows its Mob side."""
    lose = min(SEIZURE_LOSS, max(s["pf_tokens"] - 1, 0))
    s["pf_tokens"] -= lose
    B.burn_favor(s, lose)
    s["pf_mob"] = 1
    s["pf_holder"] = p


@kernel
def seize_ds(s, p):
    lose = min(SEIZURE_LOSS, max(s["ds_tokens"] - 1, 0))
    s["ds_tokens"] -= lose
    s["ds_holder"] = p


@kernel
def play(s, p, a):
    c = s["playing"]
    if a == A.END:
        discard_card(s, p, c)
        s["phase"] = PH_ACT
        return
    option = a - A.OPTION
    s["target"] = option  # remembered while an adviser makes room
    if option == 0 and s["pf_holder"] == p:
        s["phase"] = PH_PLAY_SITE if c == SALT_THE_EARTH else PH_PF_DISCARD
    elif option == 0 and grows_anywhere(s, p, c):
        s["phase"] = PH_PLAY_SITE
    elif option == 0:
        to_site(s, p, s["pawn"][p])
    elif option == 4:
        PS.reaction_due(s, PS.REACT_BOOK_BINDERS, p)  # D2: after a Vision played faceup
        s["phase"] = PH_CONSPIRACY
    elif option == 3:
        PS.reaction_due(s, PS.REACT_BOOK_BINDERS, p)
        discard_revealed(s, p)
        C.place(s, c, Z_VISION_SPACE, p, 1)
        s["phase"] = PH_ACT
    elif council_fits(s, p, c, option == 1, False):
        to_advisers(s, p, c, option == 1)
    else:
        s["phase"] = PH_PLAY_REPLACE  # discard advisers first, one at a time (O5.1.4.2, O7.6.4)


@kernel
def discard_revealed(s, p):
    """p's revealed Vision is discarded (O5.1.4.3, O6.6.2). Under a False Prophet warband (D2) the
    warband dies and the Vision goes to that warband's player instead, to be played or discarded
    as if searched once the action under way is over (turn.run_on: play_prophesied)."""
    for v in range(FIRST_VISION, N_CARDS):
        if s["zone"][v] == Z_VISION_SPACE and s["where"][v] == p:
            q = s["prophet"][v - FIRST_VISION]
            if q < 0:
                discard_card(s, p, v)
                continue
            s["prophet"][v - FIRST_VISION] = -1
            s["bank_warbands"][s["colour"][q]] += 1
            C.place(s, v, Z_HAND, q, 1)
            s["prophet_due"] |= 1 << (v - FIRST_VISION)


@kernel
def play_prophesied(s):
    """The first Vision due to a False Prophet's player (D2) is theirs to play or discard as if
    searched (PH_PLAY); the current player's turn goes on afterwards."""
    k = 0
    while not s["prophet_due"] >> k & 1:
        k += 1
    s["prophet_due"] &= ~(1 << k)
    s["playing"] = FIRST_VISION + k
    s["play_from"] = PLAY_FROM_SEARCH
    s["phase"] = PH_PLAY
    s["actor"] = s["where"][FIRST_VISION + k]


@kernel
def replace_legal(s, p, mask):
    for d in range(1, N_CARDS):
        if d != s["playing"] and discardable_adviser(s, p, d):
            mask[A.CARD + d] = 1


@shell_kernel
def replace(s, p, d):
    discard_card(s, p, d)
    if council_fits(s, p, s["playing"], s["target"] == 1, False):
        to_advisers(s, p, s["playing"], s["target"] == 1)


@kernel
def to_advisers(s, p, c, faceup):
    C.place(s, c, Z_ADVISER, p, 1 if faceup else 0)
    s["known"][c] |= 1 << p
    if faceup:
        s["known"][c] = -1  # everyone sees a faceup card
    s["phase"] = PH_ACT


@kernel
def play_to_site(s, p, c, slot):
    """O5.1.4.1: faceup at the site; 1 favor from its suit's bank; then the Homeland power."""
    C.place(s, c, Z_SITE, slot, 1)
    s["known"][c] = -1
    suit = B.SUIT_OF[c]
    if s["mod_on"][BOOK_OF_RECORDS]:
        s["secrets"][p] += 1  # D4, mandatory: a secret instead of the favor
    else:
        B.gain_from_bank(s, p, suit, 1)
    site = s["slot_site"][slot]
    if HOMELAND[site] == suit and not (s["site_discards"][slot] >> suit & 1):
        reward = HOMELAND_REWARD[site]
        if reward == HOME_FAVOR:
            B.gain_from_bank(s, p, suit, 1)
        elif reward == HOME_WARBANDS:
            move_from_bank(s, p, 2)
        elif reward == HOME_SECRET:
            s["secrets"][p] += 1
        else:
            for r in range(FIRST_RELIC, FIRST_VISION):
                if s["zone"][r] == Z_SITE and s["where"][r] == slot:
                    take_relic(s, p, r)
                    break
    s["phase"] = PH_ACT


@kernel
def take_relic(s, p, r):
    """p takes relic r (Relic Thief's holder may then roll for it, D2)."""
    receive_relic(s, p, r)
    PS.relic_taken(s, p, r)


@kernel
def receive_relic(s, p, r):
    """Relic r goes faceup to p, by a taking or an exchange."""
    C.place(s, r, Z_PERSONAL, p, 1)
    s["known"][r] = -1
    if r == GRAND_SCEPTER:
        s["scepter_fresh"] = p  # unusable by its taker this turn (D4)


@kernel
def reliquary_power(s, p, space):
    """The Chancellor has the modifier of every Reliquary space whose relic has left (O2.3)."""
    return p == CHANCELLOR and s["reliquary"][space] == 0


# ================================================================== Muster and Trade (O5.2, O5.3)
@kernel
def muster_card(s, p, c):
    """A card p may muster on with the modifiers in use (O5.2.1): usable (Pressgangs: even one
    carrying tokens), matching one of p's advisers under Vow of Beastkin, and payable -- the Supply
    (none for a Beast card with Animal Playmates) and the favor (a secret under Initiation Rite)."""
    if not (c < FIRST_RELIC and s["zone"][c] == Z_SITE and s["where"][c] == s["pawn"][p] and not s["ruined"][c]):
        return False
    if not s["mod_on"][PRESSGANGS] and (s["card_favor"][c] > 0 or s["card_secrets"][c] > 0):
        return False
    if PS.forest_closed(s, p, c):
        return False
    suit = B.SUIT_OF[c]
    if s["mod_on"][VOW_OF_BEASTKIN] and B.matching_advisers(s, p, suit) == 0:
        return False
    if (s["secrets"][p] if s["mod_on"][INITIATION_RITE] else B.spendable_favor(s, p)) < 1:
        return False
    return s["supply"][p] >= muster_supply(s, c)


@kernel
def muster_supply(s, c):
    return 0 if s["mod_on"][ANIMAL_PLAYMATES] and B.SUIT_OF[c] == BEAST else SUPPLY_OF[MUSTER]


@shell_kernel
def can_muster(s, p):
    for c in range(1, FIRST_RELIC):
        if muster_card(s, p, c):
            return True
    return False


@kernel
def muster(s, p, c):
    """O5.2 with the modifiers in use: Initiation Rite places a secret, River (ruled), Downtrodden
    (the card's bank strictly poorest), Rowdy Pub (mustering on it), Vow of Beastkin and Ring of
    Devotion add warbands; Knights Errant offers a free campaign afterwards."""
    spend(s, p, muster_supply(s, c))
    if s["mod_on"][INITIATION_RITE]:
        s["secrets"][p] -= 1
        s["card_secrets"][c] += 1
    else:
        B.spend_favor(s, p, 1)
        s["card_favor"][c] += 1
    k = MUSTER_WARBANDS
    slot = s["pawn"][p]
    if SITE_POWER[s["slot_site"][slot]] == RIVER and B.rules_site(s, p, slot):
        k += 1
    suit = B.SUIT_OF[c]
    if s["mod_on"][DOWNTRODDEN] and suit >= 0 and poorest_bank(s, suit):
        k += DOWNTRODDEN_EXTRA
    if s["mod_on"][ROWDY_PUB] and c == ROWDY_PUB:
        k += 1
    if s["mod_on"][VOW_OF_BEASTKIN]:
        k += 1
    if s["mod_on"][RING_OF_DEVOTION]:
        k += RING_EXTRA
    if s["mod_on"][KNIGHTS_ERRANT]:
        s["free_campaign"] = FREE_OFFERED
    move_from_bank(s, p, k)
    clear_mods(s)
    s["phase"] = PH_ACT


@kernel
def poorest_bank(s, suit):
    """The bank of `suit` holds strictly the fewest favor."""
    for b in range(N_SUITS):
        if b != suit and s["favor_bank"][b] <= s["favor_bank"][suit]:
            return False
    return True


@kernel
def counts_as_here(s, p, slot):
    """Your pawn's site, or for a Trade with Small Friends any site holding a Beast card (D3)."""
    return slot == s["pawn"][p] or (s["mod_on"][SMALL_FRIENDS] and holds_suit(s, slot, BEAST))


@kernel
def trader(s, p):
    """Whose advisers count for p's trade: another player's with Master of Disguise (D2)."""
    return s["trade_as"] if s["trade_as"] >= 0 else p


@kernel
def trade_card(s, p, c):
    """A card p may trade with under the modifiers in use (O5.3): at p's site (with Map Library,
    while p's pawn is at its site, at any site of the region; Small Friends: see counts_as_here),
    carrying no tokens, not a ruin, and the Supply payable (none with Birdsong for a Beast or Nomad
    card, Cup of Plenty for a card matching an adviser of p's, or Awaited Return for a sacrificed
    warband)."""
    if not (c < FIRST_RELIC and s["zone"][c] == Z_SITE and not s["ruined"][c]
            and s["card_favor"][c] == 0 and s["card_secrets"][c] == 0):
        return False
    if PS.forest_closed(s, p, c) or not (for_favor_payable(s, p, c) or for_secrets_payable(s, p, c)):
        return False
    slot = s["where"][c]
    if not counts_as_here(s, p, slot):
        library = s["where"][MAP_LIBRARY]
        if not (s["mod_on"][MAP_LIBRARY] and s["zone"][MAP_LIBRARY] == Z_SITE and counts_as_here(s, p, library)
                and SLOT_REGION[slot] == SLOT_REGION[library]):
            return False
    return s["supply"][p] >= trade_supply(s, p, c)


@kernel
def trade_supply(s, p, c):
    suit = B.SUIT_OF[c]
    if s["mod_on"][BIRDSONG] and (suit == BEAST or suit == NOMAD):
        return 0
    if s["mod_on"][CUP_OF_PLENTY] and B.matching_advisers(s, trader(s, p), suit) > 0:
        return 0
    if s["mod_on"][AWAITED_RETURN] and s["board_warbands"][p] > 0:
        return 0
    return SUPPLY_OF[TRADE]


@shell_kernel
def can_trade(s, p):
    for c in range(1, FIRST_RELIC):
        if trade_card(s, p, c):
            return True
    return False


@kernel
def for_favor_payable(s, p, c):
    """Trading with c for favor (O5.3.2): a secret placed (a favor with Careless, D7), Curfew's
    toll on top (D3); never under Vow of Poverty (D3)."""
    toll = PS.toll_due(s, p, PS.CURFEW, s["where"][c])
    if not PS.gains_trade_favor(s, p):
        return False
    if reliquary_power(s, p, CARELESS):
        return B.spendable_favor(s, p) >= 1 + toll
    return s["secrets"][p] >= 1 and B.spendable_favor(s, p) >= toll


@kernel
def for_secrets_payable(s, p, c):
    """Trading with c for secrets: 2 favor placed, Curfew's toll on top."""
    return B.spendable_favor(s, p) >= 2 + PS.toll_due(s, p, PS.CURFEW, s["where"][c])


@shell_kernel
def trade_mode_legal(s, p, mask):
    c = s["target"]
    if for_favor_payable(s, p, c):
        mask[A.OPTION + 0] = 1
    if for_secrets_payable(s, p, c):
        mask[A.OPTION + 1] = 1


@kernel
def trade(s, p, c, for_favor):
    """O5.3.2 with the modifiers in use: Acting Troupe matches a Beast or Order card instead of an
    Arcane one, Secret Signal makes a lone favor two, The Old Oak adds a secret for a Beast
    adviser's holder; Awaited Return's waived Supply costs a warband; Curfew takes its toll."""
    PS.pay_toll(s, p, PS.CURFEW, s["where"][c])
    cost = trade_supply(s, p, c)
    if cost == 0 and s["mod_on"][AWAITED_RETURN] and not free_trade_otherwise(s, p, c):
        s["board_warbands"][p] -= 1  # the sacrifice that waived the Supply
        s["bank_warbands"][board_colour(s, p)] += 1
    spend(s, p, cost)
    suit = B.SUIT_OF[c]
    matches = B.matching_advisers(s, trader(s, p), suit)
    if s["mod_on"][ACTING_TROUPE]:
        if suit == BEAST or suit == ORDER_SUIT:
            matches += 1
        elif suit == ARCANE:
            matches -= 1
    if for_favor:
        if reliquary_power(s, p, CARELESS):
            B.spend_favor(s, p, 1)  # Careless (D7): a favor instead of the secret
            s["card_favor"][c] += 1
        else:
            s["secrets"][p] -= 1
            s["card_secrets"][c] += 1
        gained = min(1 + matches, s["favor_bank"][suit])
        if s["mod_on"][SECRET_SIGNAL] and gained == 1:
            gained = min(2, s["favor_bank"][suit])
        B.gain_from_bank(s, p, suit, gained)
    else:
        B.spend_favor(s, p, 2)
        s["card_favor"][c] += 2
        s["secrets"][p] += matches
        if s["mod_on"][OLD_OAK] and c == OLD_OAK and B.matching_advisers(s, trader(s, p), BEAST) > 0:
            s["secrets"][p] += 1
    clear_mods(s)
    s["phase"] = PH_ACT


@kernel
def free_trade_otherwise(s, p, c):
    """Whether Birdsong or Cup of Plenty already waive the Supply (so no warband need go)."""
    suit = B.SUIT_OF[c]
    return ((s["mod_on"][BIRDSONG] and (suit == BEAST or suit == NOMAD))
            or (s["mod_on"][CUP_OF_PLENTY] and B.matching_advisers(s, trader(s, p), suit) > 0))


# ================================================================== Recover (O5.4)
@kernel
def can_pay_relic(s, p, slot):
    cost = RECOVER_COST[s["slot_site"][slot]]
    if cost == PLACE_3_FAVOR:
        return B.spendable_favor(s, p) >= 3
    if cost == BURN_2_FAVOR:
        return B.spendable_favor(s, p) >= 2
    if cost == BURN_1_SECRET:
        return s["secrets"][p] >= 1
    if cost == BURN_2_SECRETS:
        return s["secrets"][p] >= 2
    return False


@kernel
def ds_reachable(s, p):
    """O5.4.1: the Darkest Secret from another holder needs a suited card at their site that
    matches none of their faceup advisers."""
    h = s["ds_holder"]
    if h == NOBODY or h == p:
        return True
    slot = s["pawn"][h]
    for c in range(1, FIRST_RELIC):
        if s["zone"][c] == Z_SITE and s["where"][c] == slot:
            suit = B.card_suit(s, c)
            if suit >= 0 and B.matching_advisers(s, h, suit) == 0:
                return True
    return False


@kernel
def recover_legal(s, p, mask):
    """FACEDOWN k: the k-th facedown relic at your site; OPTION 0/1: a banner."""
    slot = s["pawn"][p]
    if can_pay_relic(s, p, slot):
        for k in range(MAX_SITE_RELICS):
            r = C.site_relic(s, slot, k)
            if r > 0 and not locked(s, r):
                mask[A.FACEDOWN + k] = 1
    if B.spendable_favor(s, p) > s["pf_tokens"] and PS.may_recover_pf(s, p):
        mask[A.OPTION + 0] = 1
    if s["secrets"][p] + ds_gift(s) > s["ds_tokens"] and ds_reachable(s, p) and PS.may_recover_ds(s, p):
        mask[A.OPTION + 1] = 1


@kernel
def ds_gift(s):
    """Magician's Code (D2): 2 secrets gained and added to what is paid for the Darkest Secret."""
    return MAGICIANS_GIFT if s["mod_on"][MAGICIANS_CODE] else 0


@shell_kernel
def can_recover(s, p):
    if s["supply"][p] < SUPPLY_OF[RECOVER]:
        return False
    mask = np.zeros(A.N_ACTIONS, dtype=np.int8)
    recover_legal(s, p, mask)
    return mask.sum() > 0


@kernel
def recover(s, p, a):
    spend(s, p, SUPPLY_OF[RECOVER])
    if a >= A.FACEDOWN:
        r = C.site_relic(s, s["pawn"][p], a - A.FACEDOWN)
        cost = RECOVER_COST[site_of(s, p)]
        if cost == PLACE_3_FAVOR:
            B.spend_favor(s, p, 3)
            s["favor_bank"][RECOVER_SUIT[site_of(s, p)]] += 3
        elif cost == BURN_2_FAVOR:
            B.spend_favor(s, p, 2)
            B.burn_favor(s, 2)
        elif cost == BURN_1_SECRET:
            s["secrets"][p] -= 1
        else:
            s["secrets"][p] -= 2
        take_relic(s, p, r)
        if s["mod_on"][RELIC_WORSHIP]:  # D2: after recovering a relic, 3 Supply
            s["supply"][p] = min(D.SUPPLY_MAX, s["supply"][p] + RELIC_WORSHIP_SUPPLY)
        clear_mods(s)
        s["phase"] = PH_ACT
        return
    s["target"] = TARGET_PF if a == A.OPTION + 0 else TARGET_DS
    s["phase"] = PH_RECOVER_BID


@kernel
def bid_legal(s, p, mask):
    if s["target"] == TARGET_PF:
        low, high = s["pf_tokens"] + 1, B.spendable_favor(s, p)
    else:  # your own secrets paid; Magician's Code's two come on top
        low, high = max(0, s["ds_tokens"] + 1 - ds_gift(s)), s["secrets"][p]
    C.numbers_upto(mask, low, high)


@kernel
def pay_bid(s, p, k):
    """O5.4.3-O5.4.4 for a banner, paying k."""
    if s["target"] == TARGET_DS:
        old, holder = s["ds_tokens"], s["ds_holder"]
        s["secrets"][p] -= k
        s["ds_tokens"] = k + ds_gift(s)
        s["ds_holder"] = p
        PS.ds_recovered(s, k)
        clear_mods(s)
        if holder == p:
            s["secrets"][p] += old
        else:
            s["secrets"][p] += min(old, 1)
            if holder != NOBODY:
                s["secrets"][holder] += old - min(old, 1)
        s["phase"] = PH_ACT
        return
    s["bid"] = k  # paid when the old favor goes, so that no favor is ever in between
    if s["pf_tokens"] == 0:
        take_pf(s, p, 0)
    else:
        s["phase"] = PH_RECOVER_BANK


@kernel
def take_pf(s, p, first_bank):
    """The People's Favor's old favor goes to the banks one at a time from `first_bank` in bank
    order (O5.4.4, D10); it flips off its Mob side and the payment goes onto it."""
    old = s["pf_tokens"]
    B.spend_favor(s, p, s["bid"])
    for k in range(old):
        s["favor_bank"][(first_bank + k) % N_SUITS] += 1
    s["pf_tokens"] = s["bid"]
    s["pf_mob"] = 1 if PS.pf_recovered_mob(s) else 0
    s["pf_holder"] = p
    s["bid"] = 0
    clear_mods(s)
    s["phase"] = PH_ACT


# ================================================================== Travel (O5.6)
@kernel
def narrow_pass_in(s, region):
    """The faceup Narrow Pass's slot in a region, -1 if none (D1)."""
    for slot in range(N_SLOTS):
        if SLOT_REGION[slot] == region and s["slot_faceup"][slot] and SITE_POWER[s["slot_site"][slot]] == NARROW_PASS:
            return slot
    return -1


@kernel
def travel_cost(s, p, to):
    """Supply to travel from p's site to slot `to` by paying (O5.6.1 and the site powers of D1);
    -1 if that destination cannot be reached by paying."""
    here = s["pawn"][p]
    if to == here or PS.union_binds(s, p):
        return -1
    site_here = s["slot_site"][here]
    power_here = SITE_POWER[site_here] if s["slot_faceup"][here] else 0
    power_to = SITE_POWER[s["slot_site"][to]] if s["slot_faceup"][to] else 0
    free, ignore = travel_mods(s, p, here, to)
    if ignore:  # Forest Paths, Portal: site powers do not apply to this travel
        power_here = 0
        power_to = 0
    cost = TRAVEL_COST[SLOT_REGION[here], SLOT_REGION[to]]
    ignore_pass = ignore
    if power_here == COAST and power_to == COAST:
        cost = 1
        ignore_pass = True
    if power_here == SHROUDED_WOOD:
        cost = 2
        ignore_pass = True
    elif power_here == CHARMING_VALLEY:
        cost += 1
    if reliquary_power(s, p, DECADENT):  # D7: into the Cradle free, to the Hinterland one more
        if SLOT_REGION[to] == CRADLE and SLOT_REGION[here] != CRADLE:
            cost = 0
        elif SLOT_REGION[to] == HINTERLAND:
            cost += 1
    if not ignore_pass and SLOT_REGION[to] != SLOT_REGION[here]:
        gate = narrow_pass_in(s, SLOT_REGION[to])
        if gate >= 0 and gate != to:
            return -1
    if power_to == HIDDEN_PLACE and power_here != SHROUDED_WOOD and s["secrets"][p] < 1:
        return -1
    if B.spendable_favor(s, p) < PS.toll_due(s, p, PS.TOLL_ROADS, to):
        return -1
    return 0 if free or PS.station_free(s, p, to) else cost


@kernel
def travel_mods(s, p, here, to):
    """(free, ignoring site powers) from the Travel modifiers in use (D2, D4): Tents within the
    region, A Fast Steed with three warbands or fewer on the board, Special Envoy always, Forest
    Paths to a site holding a Beast card, Portal to or from its site."""
    free = False
    ignore = False
    if s["mod_on"][TENTS] and SLOT_REGION[to] == SLOT_REGION[here]:
        free = True
    if s["mod_on"][FAST_STEED] and s["board_warbands"][p] <= FAST_STEED_MOST:
        free = True
    if s["mod_on"][SPECIAL_ENVOY]:
        free = True
    if s["mod_on"][FOREST_PATHS] and holds_suit(s, to, BEAST):
        free = True
        ignore = True
    if s["mod_on"][PORTAL] and (s["where"][PORTAL] == to or s["where"][PORTAL] == here):
        free = True
        ignore = True
    return free, ignore


@kernel
def holds_suit(s, slot, suit):
    for c in range(1, FIRST_RELIC):
        if s["zone"][c] == Z_SITE and s["where"][c] == slot and B.card_suit(s, c) == suit:
            return True
    return False


@kernel
def clear_mods(s):
    for c in range(N_CARDS):
        s["mod_on"][c] = 0
    s["discard_to"] = DISCARD_AS_USUAL
    s["trade_as"] = -1


@kernel
def shrouded_chooser(s, p):
    """Shrouded Wood (D1): the enemy who rules it (the Chancellor for the Empire) picks where p
    goes when p leaves it, whoever makes p travel; -1 when nobody such rules it."""
    here = s["pawn"][p]
    if not s["slot_faceup"][here] or SITE_POWER[s["slot_site"][here]] != SHROUDED_WOOD:
        return -1
    col = B.site_colour(s, here)
    if col < 0:  # the bandits', or the Bandit Crown's holder's (O7.6.5)
        ruler = B.crown_holder(s)
        return ruler if ruler >= 0 and B.enemy(s, p, ruler) else -1
    ruler = CHANCELLOR
    if col != PURPLE:
        for q in range(s["n_players"]):
            if s["colour"][q] == col and not B.imperial(s, q):
                ruler = q
    return ruler if B.enemy(s, p, ruler) else -1


@kernel
def free_by_giant(s, p, to):
    """Buried Giant (D1): flip a secret facedown to travel away for no Supply, ignoring Narrow Pass."""
    here = s["pawn"][p]
    if not s["slot_faceup"][here] or SITE_POWER[s["slot_site"][here]] != BURIED_GIANT or to == here:
        return False
    hidden = s["slot_faceup"][to] and SITE_POWER[s["slot_site"][to]] == HIDDEN_PLACE
    return s["secrets"][p] >= (2 if hidden else 1) and B.spendable_favor(s, p) >= PS.toll_due(s, p, PS.TOLL_ROADS, to)


@kernel
def free_by_station(s, p, to):
    """Way Station (D3): give its ruler a favor to travel there spending no Supply (offered where
    the travel costs some)."""
    return (PS.station_keeper(s, p, to) >= 0 and travel_cost(s, p, to) > 0
            and B.spendable_favor(s, p) >= 1 + PS.toll_due(s, p, PS.TOLL_ROADS, to))


@kernel
def travel_legal(s, p, mask):
    for slot in range(N_SLOTS):
        cost = travel_cost(s, p, slot)
        if (cost >= 0 and cost <= s["supply"][p]) or free_by_giant(s, p, slot) or free_by_station(s, p, slot):
            mask[A.SLOT + slot] = 1


@kernel
def free_travel_legal(s, p, mask):
    """PH_TRAVEL_FREE: OPTION 0 Buried Giant's secret, OPTION 1 Way Station's favor, END pay Supply."""
    to = s["target"]
    cost = travel_cost(s, p, to)
    if free_by_giant(s, p, to):
        mask[A.OPTION + TRAVEL_BY_GIANT] = 1
    if free_by_station(s, p, to):
        mask[A.OPTION + TRAVEL_BY_STATION] = 1
    if cost >= 0 and cost <= s["supply"][p]:
        mask[A.END] = 1


@shell_kernel
def can_travel(s, p):
    mask = np.zeros(A.N_ACTIONS, dtype=np.int8)
    travel_legal(s, p, mask)
    return mask.sum() > 0


@shell_kernel
def choose_destination(s, p, to):
    """The way to pay is asked only when there are several (PH_TRAVEL_FREE)."""
    s["target"] = to
    mask = np.zeros(A.N_ACTIONS, dtype=np.int8)
    free_travel_legal(s, p, mask)
    if mask.sum() > 1:
        s["phase"] = PH_TRAVEL_FREE
    elif mask[A.END]:
        travel(s, p, to, TRAVEL_PAYING)
    else:
        travel(s, p, to, TRAVEL_BY_GIANT if mask[A.OPTION + TRAVEL_BY_GIANT] else TRAVEL_BY_STATION)


@kernel
def travel(s, p, to, how):
    """O5.6.2: move the pawn, flipping secrets facedown as the sites ask, and reveal a facedown
    destination (its relics and tokens). `how`: paying Supply, by Buried Giant's secret or by
    Way Station's favor."""
    if how == TRAVEL_BY_GIANT:
        s["secrets"][p] -= 1
        s["secrets_down"][p] += 1
    elif how == TRAVEL_BY_STATION:
        B.give_favor(s, p, PS.station_keeper(s, p, to), 1)
    else:
        spend(s, p, travel_cost(s, p, to))
    _, ignore = travel_mods(s, p, s["pawn"][p], to)
    arrive(s, p, to, ignore)
    if s["mod_on"][DRAGONSKIN_DRUM]:
        move_from_bank(s, p, 1)  # D4: after traveling, gain a warband
    if s["mod_on"][TYRANT]:  # D2, mandatory: kill a warband at the destination if able
        col = B.site_colour(s, to)
        if col >= 0:
            s["site_warbands"][to, col] -= 1
            s["bank_warbands"][col] += 1
    if s["mod_on"][SPECIAL_ENVOY]:
        s["end_act"] = 1
    clear_mods(s)
    s["phase"] = PH_ACT


@kernel
def arrive(s, p, to, ignore_sites):
    """The pawn moves (O5.6.2), flipping a secret facedown to enter The Hidden Place (unless
    from the Shrouded Wood, or site powers are ignored), and a facedown destination is revealed.
    Powers that make a player travel "spending no Supply" (O7.6.2) call this directly."""
    here = s["pawn"][p]
    kill_on_board(s, p, PS.travel_kills(s, p, here, to))  # Boiling Lake, Grasping Vines (D3)
    PS.pay_toll(s, p, PS.TOLL_ROADS, to)
    if (s["slot_faceup"][to] and SITE_POWER[s["slot_site"][to]] == HIDDEN_PLACE and not ignore_sites
            and not (s["slot_faceup"][here] and SITE_POWER[s["slot_site"][here]] == SHROUDED_WOOD)):
        s["secrets"][p] -= 1
        s["secrets_down"][p] += 1
    s["pawn"][p] = to
    if not s["slot_faceup"][to]:
        reveal(s, to)


@kernel
def reveal(s, slot):
    """Flip a site faceup: deal its relics, put its favor and secrets from the shared bank."""
    s["slot_faceup"][slot] = 1
    site = s["slot_site"][slot]
    deal_relics(s, slot)
    k = min(SITE_FAVOR[site], s["shared_favor"])
    s["shared_favor"] -= k
    s["slot_favor"][slot] += k
    s["slot_secrets"][slot] += SITE_SECRETS[site]
