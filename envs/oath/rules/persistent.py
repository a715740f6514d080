"""Persistent and always-on powers that forbid something (O7.1.4, O7.6), compiled: each is a
question the rules of an action ask before offering it. A power is in force while its card is
faceup at a site or among a player's advisers; "enemies of this card's ruler" are the players
who are enemies (O10) of someone who rules the card -- no one while nobody rules it.

The Darkest Secret guarded by Tome Guardians, and the relics and banners shielded by Circlet of
Command or Lost Tongue, cannot be targeted in a campaign, recovered from their holder, taken with
the Conspiracy or picked by Blackmail; an exchange (O7.6.3) is agreed, not taken, and stays open.
Sealing Ward and the Circlet add their defense dice when the pool is set (campaign.set_pools).

Which rule asks which question: playing a card (major.play_legal: Gossip, Vow of Obedience,
Secret Police, Sacred Ground), Trade and Muster (major: Vow of Poverty, Forest Council, Curfew),
Search (major: Forced Labor), travel (major.travel_cost and arrive: Toll Roads, Boiling Lake,
Grasping Vines), Campaign (campaign: Vow of Peace), battle plans (plans: Marsh Spirit, Beast
Tamer, True Names, Gleaming Armor, Insect Swarm), powers' costs (powers.can_pay, plans.usable:
Spell Breaker) and exile (minor: Council Seat). The tolls (Toll Roads, Curfew, Forced Labor) are
paid by doing the thing: an action that would need one is offered only to a player with a favor
to give, and the favor goes to the card's ruler who rules that site (the Chancellor first, for
the Empire).
"""

from __future__ import annotations

import numba as nb

from meeplegym.envs.oath import data as D
from meeplegym.envs.oath.rules import board as B
from meeplegym.envs.oath.rules import cards as C
from meeplegym.envs.oath.state import FIRST_RELIC, FIRST_VISION, N_CARDS, SIDE_CITIZEN, Z_ADVISER, Z_PERSONAL, Z_SITE

_ID = {d.name: d.number for d in D.DENIZENS}
(GOSSIP, SECRET_POLICE, SACRED_GROUND, VOW_OF_OBEDIENCE, VOW_OF_POVERTY, VOW_OF_PEACE, COUNCIL_SEAT, FOREST_COUNCIL,
 BOILING_LAKE, GRASPING_VINES, MARSH_SPIRIT, BEAST_TAMER, TRUE_NAMES, TOLL_ROADS, CURFEW, FORCED_LABOR, SPELL_BREAKER,
 GLEAMING_ARMOR, INSECT_SWARM) = (
    _ID[n] for n in ("Gossip", "Secret Police", "Sacred Ground", "Vow of Obedience", "Vow of Poverty", "Vow of Peace",
                     "Council Seat", "Forest Council", "Boiling Lake", "Grasping Vines", "Marsh Spirit", "Beast Tamer",
                     "True Names", "Toll Roads", "Curfew", "Forced Labor", "Spell Breaker", "Gleaming Armor",
                     "Insect Swarm"))
TOME_GUARDIANS, SEALING_WARD, LOST_TONGUE = _ID["Tome Guardians"], _ID["Sealing Ward"], _ID["Lost Tongue"]
CIRCLET_OF_COMMAND = D.RELIC_BY_NAME["Circlet of Command"].number
TOLL = 1  # the favor a toll costs
CONSPIRACY = FIRST_VISION + [v.name for v in D.VISIONS].index("Conspiracy")
BEAST, NOMAD = int(D.Suit.BEAST), int(D.Suit.NOMAD)
BOILING_LAKE_KILLS = 2
GRASPING_VINES_KILLS = 1


@nb.njit(cache=True)
def in_force(s, c):
    return s["faceup"][c] == 1 and (s["zone"][c] == Z_SITE or s["zone"][c] == Z_ADVISER)


@nb.njit(cache=True)
def holds(s, p, c):
    """p has c among their faceup advisers (the Vows bind their holder)."""
    return in_force(s, c) and s["zone"][c] == Z_ADVISER and s["where"][c] == p


@nb.njit(cache=True)
def barring_ruler(s, c, p, slot):
    """A ruler of c, of whom p is an enemy, who also rules the site at slot (slot < 0: any); the
    lowest seat (the Chancellor, for the Empire); -1 if none."""
    if not in_force(s, c):
        return -1
    for q in range(s["n_players"]):
        if B.rules_card(s, q, c) and B.enemy(s, q, p) and (slot < 0 or B.rules_site(s, q, slot)):
            return q
    return -1


@nb.njit(cache=True)
def ruler_bars(s, c, p, slot):
    return barring_ruler(s, c, p, slot) >= 0


@nb.njit(cache=True)
def pay_toll(s, p, c, slot):
    """p gives the toll of c (Toll Roads, Curfew, Forced Labor) for the site at slot, if one is due."""
    q = barring_ruler(s, c, p, slot)
    if q >= 0:
        s["favor"][p] -= TOLL
        s["favor"][q] += TOLL


@nb.njit(cache=True)
def toll_due(s, p, c, slot):
    return TOLL if ruler_bars(s, c, p, slot) else 0


@nb.njit(cache=True)
def spell_broken(s, p, c):
    """Spell Breaker (D3): its ruler's enemies use no power whose cost places or burns secrets."""
    f = C.face(s, c)
    return (B.COST[f, 1] > 0 or B.COST[f, 3] > 0) and ruler_bars(s, SPELL_BREAKER, p, -1)


# ================================================================== playing cards
@nb.njit(cache=True)
def may_play_facedown_adviser(s, p):
    """Gossip (D2): its ruler's enemies play no card as a facedown adviser."""
    return not ruler_bars(s, GOSSIP, p, -1)


@nb.njit(cache=True)
def may_play_vision_faceup(s, p, v):
    """Vow of Obedience binds its holder; Secret Police its ruler's enemies standing at a site
    that ruler rules; Sacred Ground everyone away from its site, the Conspiracy excepted (D2-D3)."""
    if holds(s, p, VOW_OF_OBEDIENCE) or ruler_bars(s, SECRET_POLICE, p, s["pawn"][p]):
        return False
    if v != CONSPIRACY and in_force(s, SACRED_GROUND) and s["zone"][SACRED_GROUND] == Z_SITE:
        return s["pawn"][p] == s["where"][SACRED_GROUND]
    return True


# ================================================================== Trade, Muster, Campaign, exile
@nb.njit(cache=True)
def gains_trade_favor(s, p):
    """Vow of Poverty (D3): its holder gains no favor from Trade."""
    return not holds(s, p, VOW_OF_POVERTY)


@nb.njit(cache=True)
def forest_closed(s, p, c):
    """Forest Council (D3): its ruler's enemies neither trade with nor muster on Beast cards."""
    return B.card_suit(s, c) == BEAST and ruler_bars(s, FOREST_COUNCIL, p, -1)


@nb.njit(cache=True)
def may_campaign(s, p):
    """Vow of Peace (D2): its holder cannot campaign."""
    return not holds(s, p, VOW_OF_PEACE)


@nb.njit(cache=True)
def exile_proof(s, q):
    """Council Seat (D2): a Citizen holding it cannot be exiled, not even by themselves."""
    return s["side"][q] == SIDE_CITIZEN and holds(s, q, COUNCIL_SEAT)


@nb.njit(cache=True)
def ds_guarded(s, p):
    """Tome Guardians (D2): its ruler's enemies cannot target or take the Darkest Secret; nor
    can anyone the holder's Circlet or Lost Tongue shields it from."""
    return ruler_bars(s, TOME_GUARDIANS, p, -1) or shielded(s, p, s["ds_holder"], 0)


@nb.njit(cache=True)
def pf_guarded(s, p):
    return shielded(s, p, s["pf_holder"], 0)


@nb.njit(cache=True)
def relic_guarded(s, p, r):
    return s["zone"][r] == Z_PERSONAL and shielded(s, p, s["where"][r], r)


@nb.njit(cache=True)
def shielded(s, p, holder, r):
    """Whether p may not target or take `holder`'s banner (r = 0) or relic r: the Circlet of
    Command shields its holder's banners and other relics (D4); Lost Tongue its holder's relics
    and banners from players who rule no Nomad card (D3)."""
    if holder < 0 or holder == p:
        return False
    if B.holds_relic(s, holder, CIRCLET_OF_COMMAND) and r != CIRCLET_OF_COMMAND:
        return True
    return holds(s, holder, LOST_TONGUE) and not rules_suit(s, p, NOMAD)


@nb.njit(cache=True)
def rules_suit(s, p, suit):
    for d in range(1, N_CARDS):
        if B.card_suit(s, d) == suit and B.rules_card(s, p, d):
            return True
    return False


# ================================================================== travel
@nb.njit(cache=True)
def travel_kills(s, p, here, to):
    """Warbands p must kill off their board on moving from `here` to `to`: two at Boiling Lake's
    site unless p rules it, one leaving a site ruled by a ruler of Grasping Vines whose enemy p is."""
    k = 0
    if in_force(s, BOILING_LAKE) and s["zone"][BOILING_LAKE] == Z_SITE and s["where"][BOILING_LAKE] == to \
            and not B.rules_card(s, p, BOILING_LAKE):
        k += BOILING_LAKE_KILLS
    if here >= 0 and ruler_bars(s, GRASPING_VINES, p, here):
        k += GRASPING_VINES_KILLS
    return k


# ================================================================== battle plans
@nb.njit(cache=True)
def plan_barred(s, c, user_targets, enemies):
    """Whether plan c is barred to its user: Marsh Spirit to a user whose side targets its site,
    Beast Tamer a Beast or Nomad plan against its holder, True Names a plan matching one of its
    holder's advisers. `enemies` has bit q set for each player on the other side."""
    if user_targets and in_force(s, MARSH_SPIRIT) and s["zone"][MARSH_SPIRIT] == Z_SITE \
            and s["tgt_slot"][s["where"][MARSH_SPIRIT]]:
        return True
    suit = B.card_suit(s, c)
    if suit < 0:
        return False
    for q in range(s["n_players"]):
        if not enemies >> q & 1:
            continue
        if (suit == BEAST or suit == NOMAD) and holds(s, q, BEAST_TAMER):
            return True
        if holds(s, q, TRUE_NAMES):
            for d in range(1, N_CARDS):
                if s["zone"][d] == Z_ADVISER and s["where"][d] == q and B.card_suit(s, d) == suit:
                    return True
    return False


@nb.njit(cache=True)
def plan_surcharge(s, enemies):
    """(secrets placed, favor burned) a battle plan costs its user beyond its own cost: one per
    Gleaming Armor and per Insect Swarm held on the enemy side (D2-D3)."""
    secrets = 0
    favor = 0
    for q in range(s["n_players"]):
        if enemies >> q & 1:
            secrets += holds(s, q, GLEAMING_ARMOR)
            favor += holds(s, q, INSECT_SWARM)
    return secrets, favor


@nb.njit(cache=True)
def extra_defense(s):
    """Defense dice the targets bring beyond their own (O5.5.2): Sealing Ward one for each targeted
    relic its holder holds (D2), the Circlet of Command one when its holder's pawn is targeted (D4)."""
    n = 0
    for r in range(FIRST_RELIC, FIRST_VISION):
        if s["tgt_card"][r] and s["zone"][r] == Z_PERSONAL and holds(s, s["where"][r], SEALING_WARD):
            n += 1
    q = s["defender"]
    if s["tgt_pawn"] and q >= 0 and B.holds_relic(s, q, CIRCLET_OF_COMMAND):
        n += 1
    return n
