"""Who rules what, and the Oathkeeper title, compiled (O2.11, O6.6.3, O10 Rule).

A site holds warbands of at most one colour. A seat rules a site holding warbands of its
colour; Imperial players (the Chancellor and every Citizen) jointly rule the sites with purple
warbands; the bandits rule faceup sites with no warbands. A seat also rules its advisers and
every card at the sites it rules.
"""

from __future__ import annotations

import numpy as np

from meeplegym.envs.oath import data as D
from meeplegym.envs.oath.rules import cards as C
from meeplegym.envs.oath.state import (
    CHANCELLOR,
    FIRST_RELIC,
    FIRST_VISION,
    GRAND_SCEPTER,
    N_CARDS,
    N_COLOURS,
    N_SLOTS,
    NOBODY,
    PURPLE,
    SIDE_EXILE,
    Z_ADVISER,
    Z_PERSONAL,
    Z_SITE,
)
from meeplegym.jit import kernel

G_MOST_SITES, G_PF, G_DS, G_MOST_RELICS, G_SCEPTER, G_MORE_THAN_IMPERIALS = (int(g) for g in D.GoalKind)
OATHKEEPER_GOAL = np.array([int(o.oathkeeper) for o in D.OATHS], dtype=np.int8)
SUCCESSOR_GOAL = np.array([int(o.successor) for o in D.OATHS], dtype=np.int8)
BANDITS = -2  # the bandits, as a ruler or a defender
MARRIAGE = D.DENIZEN_BY_NAME["Marriage"].number
RING_OF_DEVOTION = D.RELIC_BY_NAME["Ring of Devotion"].number
GRAND_MASK = D.RELIC_BY_NAME["Grand Mask"].number
BANDIT_CROWN = D.RELIC_BY_NAME["Bandit Crown"].number
VOW_OF_RENEWAL = D.DENIZEN_BY_NAME["Vow of Renewal"].number
VOW_OF_KINSHIP = D.DENIZEN_BY_NAME["Vow of Kinship"].number
NOMAD = int(D.Suit.NOMAD)
SUITLESS = -1
# cost of each card's power (D2-D4): favor and secrets placed, favor and secrets burned
COST = np.zeros((N_CARDS, 4), dtype=np.int8)
for _r in (*D.DENIZENS, *D.RELICS, *D.EDIFICE_FACES):
    COST[_r.number] = tuple(_r.cost)
del _r
SUIT_OF = np.full(N_CARDS, SUITLESS, dtype=np.int8)  # intact faces only; relics and Visions have none
for _d in D.DENIZENS:
    SUIT_OF[_d.number] = int(_d.suit)
for _e in D.EDIFICE_FACES:
    if not _e.ruined:
        SUIT_OF[_e.number] = int(_e.suit)
del _d, _e


@kernel
def imperial(s, p):
    """The Chancellor and the Citizens, except a Citizen on the other side of the campaign under
    way (O5.5.1)."""
    return s["side"][p] != SIDE_EXILE and s["non_imperial"] != p


@kernel
def ruling_colour(s, p):
    """The colour of the warbands that make p a ruler: purple for Imperial players."""
    return PURPLE if imperial(s, p) else s["colour"][p]


@kernel
def site_colour(s, slot):
    """The colour of the warbands at a site, -1 if none."""
    for col in range(N_COLOURS):
        if s["site_warbands"][slot, col] > 0:
            return col
    return -1


@kernel
def rules_site(s, p, slot):
    col = site_colour(s, slot)
    return col == ruling_colour(s, p) if col >= 0 else crowned(s, p, slot)


@kernel
def crown_holder(s):
    """D4, O7.6.5 Bandit Crown: who holds it, -1 nobody."""
    return s["where"][BANDIT_CROWN] if s["zone"][BANDIT_CROWN] == Z_PERSONAL else -1


@kernel
def crowned(s, p, slot):
    """The Bandit Crown's holder treats the bandits as their warbands, so rules every faceup site
    with no warbands (and the bandits rule none)."""
    return crown_holder(s) == p and s["slot_faceup"][slot] == 1 and site_colour(s, slot) < 0


@kernel
def rules_card(s, p, c):
    """O10 Rule: your advisers, your relics, every card at a site you rule (see rules_cards_at)."""
    zone = s["zone"][c]
    if zone == Z_ADVISER or zone == Z_PERSONAL:
        return s["where"][c] == p
    return zone == Z_SITE and rules_cards_at(s, p, s["where"][c])


@kernel
def turn_player(s):
    """Whose turn it is: `current`, except during a Sneak Attack campaign (D2), whose attacker is
    `current` in the turn of the player it interrupted."""
    return s["interrupted"] if s["interrupted"] >= 0 else s["current"]


@kernel
def rules_cards_at(s, p, slot):
    """p rules the cards at the site in slot: its ruler does -- except at an Imperial site during
    the turn of an Exile who holds the Grand Mask, whose cards that Exile rules instead (D4; a
    battle plan is ruled as its site is, plans.rules_plan)."""
    wearer = turn_player(s)
    if (site_colour(s, slot) == PURPLE and s["side"][wearer] == SIDE_EXILE
            and holds_relic(s, wearer, GRAND_MASK)):
        return p == wearer
    return rules_site(s, p, slot)


@kernel
def enemy(s, p, q):
    """O10 Enemy: an Imperial player's enemies are the Exiles; an Exile's (or a Citizen's outside
    the Empire for a campaign) every other player."""
    if p == q:
        return False
    if imperial(s, p):
        return not imperial(s, q)
    return True


@kernel
def bandits_rule(s, slot):
    return s["slot_faceup"][slot] == 1 and site_colour(s, slot) < 0 and crown_holder(s) < 0


@kernel
def can_afford(s, p, c, more_secrets=0, more_favor=0):
    """Whether p's board holds the favor and secrets card c's power costs (O7.1.2; an edifice's
    cost is the one of the face it shows), with secrets to place and favor to burn on top."""
    f = C.face(s, c)
    return (spendable_favor(s, p) >= COST[f, 0] + COST[f, 2] + more_favor
            and s["secrets"][p] >= COST[f, 1] + COST[f, 3] + more_secrets)


@kernel
def pay_cost(s, p, c, more_secrets=0, more_favor=0):
    """O7.1.2: p pays card c's cost from their board (with secrets to place and favor to burn on
    top), burned favor to the shared bank; placed tokens go on the card in p's own turn,
    otherwise placed favor to its suit's bank and placed secrets facedown on p's board."""
    f = C.face(s, c)
    place_f, place_s = COST[f, 0], COST[f, 1] + more_secrets
    burn_f, burn_s = COST[f, 2] + more_favor, COST[f, 3]
    spend_favor(s, p, place_f + burn_f)
    burn_favor(s, burn_f)
    s["secrets"][p] -= place_s + burn_s
    if p == turn_player(s):
        s["card_favor"][c] += place_f
        s["card_secrets"][c] += place_s
        return
    suit = card_suit(s, c)
    if suit >= 0:
        s["favor_bank"][suit] += place_f
    else:
        s["shared_favor"] += place_f
    s["secrets_down"][p] += place_s


@kernel
def gain_from_bank(s, p, suit, k):
    """p gains k favor from a suit's bank, as much as it holds."""
    k = min(k, s["favor_bank"][suit])
    s["favor_bank"][suit] -= k
    add_favor(s, p, k)


@kernel
def burn_favor(s, k):
    """k favor burned goes to the shared bank -- or to whoever holds the Vow of Renewal, who takes
    it instead (D2)."""
    c = VOW_OF_RENEWAL
    if s["zone"][c] == Z_ADVISER and s["faceup"][c]:
        add_favor(s, s["where"][c], k)
    else:
        s["shared_favor"] += k


# Vow of Kinship (D2): its holder's favor lives in the Nomad bank. Favor gained or taken goes
# there; favor spent (costs, payments, what they give away) may come from there; what others
# take from them or burn of theirs is only what is on their board (its FAQ), which stays empty.
@kernel
def kin(s, p):
    c = VOW_OF_KINSHIP
    return s["zone"][c] == Z_ADVISER and s["faceup"][c] == 1 and s["where"][c] == p


@kernel
def add_favor(s, p, k):
    """k favor arrives on p's board (into the Nomad bank for the Vow of Kinship's holder)."""
    if kin(s, p):
        s["favor_bank"][NOMAD] += k
    else:
        s["favor"][p] += k


@kernel
def spendable_favor(s, p):
    """The favor p can spend or give: their board's, and the Nomad bank's for the Vow of
    Kinship's holder."""
    return s["favor"][p] + (s["favor_bank"][NOMAD] if kin(s, p) else 0)


@kernel
def spend_favor(s, p, k):
    """p pays k favor (see spendable_favor): from their board first, then the Nomad bank."""
    board = min(k, s["favor"][p])
    s["favor"][p] -= board
    s["favor_bank"][NOMAD] -= k - board


@kernel
def give_favor(s, p, q, k):
    """p pays k favor to q."""
    spend_favor(s, p, k)
    add_favor(s, q, k)


@kernel
def kinship_sweep(s):
    """The Vow of Kinship's holder moves all their favor into the Nomad bank as it takes effect."""
    c = VOW_OF_KINSHIP
    if s["zone"][c] == Z_ADVISER and s["faceup"][c] == 1 and s["favor"][s["where"][c]] > 0:
        p = s["where"][c]
        s["favor_bank"][NOMAD] += s["favor"][p]
        s["favor"][p] = 0


@kernel
def card_suit(s, c):
    """A faceup card's suit; facedown cards, ruins, relics and Visions have none (O10 Match)."""
    if not s["faceup"][c] or s["ruined"][c]:
        return SUITLESS
    return SUIT_OF[c]


@kernel
def matching_advisers(s, p, suit):
    """p's faceup advisers of `suit` (O5.3.2); Marriage counts as two Hearth advisers (D2)."""
    k = 0
    if suit < 0:
        return 0
    for c in range(1, FIRST_RELIC):
        if s["zone"][c] == Z_ADVISER and s["where"][c] == p and card_suit(s, c) == suit:
            k += 2 if c == MARRIAGE else 1
    return k


@kernel
def sites_ruled(s, p):
    k = 0
    for slot in range(N_SLOTS):
        if rules_site(s, p, slot):
            k += 1
    return k


@kernel
def relics_and_banners(s, p):
    """Relics in p's personal bank and banners p holds (Reliquary relics never count, O2.3)."""
    k = 0
    for c in range(FIRST_RELIC, FIRST_VISION):
        if s["zone"][c] == Z_PERSONAL and s["where"][c] == p:
            k += 1
    return k + (s["pf_holder"] == p) + (s["ds_holder"] == p)


@kernel
def goal_score(s, p, goal):
    """How far p goes toward a goal: a count for "most" goals, 0/1 for holding something.
    Under Supremacy the Empire counts as one (every Imperial player has the purple count)."""
    if goal == G_MOST_SITES:
        return sites_ruled(s, p)
    if goal == G_PF:
        return 1 if s["pf_holder"] == p else 0
    if goal == G_DS:
        return 1 if s["ds_holder"] == p else 0
    if goal == G_MOST_RELICS:
        return relics_and_banners(s, p)
    if goal == G_SCEPTER:
        return 1 if s["zone"][GRAND_SCEPTER] == Z_PERSONAL and s["where"][GRAND_SCEPTER] == p else 0
    # Supremacy's Successor: more relics and banners than the Chancellor and every other Citizen
    mine = relics_and_banners(s, p)
    for q in range(s["n_players"]):
        if q != p and imperial(s, q) and relics_and_banners(s, q) >= mine:
            return 0
    return 1


@kernel
def meets_goal(s, p, goal, strict=False):
    """p meets the goal: holds the thing, or for a "most" goal nobody has more (ties count for
    the title, O2.11) -- or, `strict`, everybody else has less (a Vision's goal, O3.2)."""
    mine = goal_score(s, p, goal)
    if mine == 0:
        return False
    if goal != G_MOST_SITES and goal != G_MOST_RELICS:
        return True
    for q in range(s["n_players"]):
        if q != p and (goal_score(s, q, goal) >= mine if strict else goal_score(s, q, goal) > mine):
            return False
    return True


@kernel
def title_candidates(s, out):
    """Fills out[p] = 1 for the players who may take the Oathkeeper title from its holder, and
    returns how many: none while the holder meets the goal (O2.11). Under Supremacy an Imperial
    holder stands for the Empire, so only an Exile can take it from the Empire."""
    goal = OATHKEEPER_GOAL[s["oath"]]
    holder = s["title_holder"]
    n = 0
    for p in range(s["n_players"]):
        out[p] = 0
    if holder != NOBODY and meets_goal(s, holder, goal):
        return 0
    for p in range(s["n_players"]):
        if meets_goal(s, p, goal) and not (goal == G_MOST_SITES and imperial(s, p) and p != CHANCELLOR):
            out[p] = 1
            n += 1
    return n


@kernel
def take_title(s, p):
    """p takes the title, Oathkeeper side up (O2.11)."""
    s["title_holder"] = p
    s["usurper"] = 0


@kernel
def cards_at(s, slot, out):
    """Denizens and edifices at a site (not relics); returns how many, ids in out."""
    n = 0
    for c in range(1, FIRST_RELIC):
        if s["zone"][c] == Z_SITE and s["where"][c] == slot:
            out[n] = c
            n += 1
    return n


@kernel
def holds_relic(s, p, c):
    return C.is_relic(c) and s["zone"][c] == Z_PERSONAL and s["where"][c] == p


@kernel
def places_at_sites(s, p):
    """Whether p may place warbands at sites: not while holding the Ring of Devotion (D4, always-on)."""
    return not holds_relic(s, p, RING_OF_DEVOTION)
