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
Tamer, True Names, Gleaming Armor, Insect Swarm), powers' costs (persistent.payable, plans.usable:
Spell Breaker), exile (minor: Council Seat), the banners (campaign and major: Vow of Renewal,
Vow of Silence, Hall of Debate, Hall of Mockery), playing a card (turn: Saddle Makers) and the
title (turn: Chaos Cult). Burned favor goes through board.burn_favor (Vow of Renewal). Herald,
Book Binders and Relic Thief are reactions: queued in `react_due` by the action that sets them
off and asked of their holder (PH_REACT: a bank, or whether to roll) once that action is over;
Sneak Attack's holder is asked last, once another player's campaign and its reactions are over
(campaign.ask_sneak_attack). Squalid District's ruler is asked at the end die (turn.end_round),
Jinx's ruler right after rolling attack or defense dice (campaign.roll, Gambling Hall's gamble in
powers.run, Relic Thief's roll). The tolls (Toll Roads, Curfew, Forced Labor) are paid by doing
the thing: an action that would need one is offered only to a player with a favor to give, and
the favor goes to the card's ruler who rules that site (the Chancellor first, for the Empire).
"""

from __future__ import annotations

import numpy as np

from meeplegym import rng
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath.rules import board as B
from meeplegym.envs.oath.rules import cards as C
from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath.rules.setup import SLOT_REGION
from meeplegym.envs.oath.state import (
    FIRST_EDIFICE,
    FIRST_RELIC,
    FIRST_VISION,
    JINX_NONE,
    JINX_THIEF_CAUGHT,
    JINX_THIEF_FREE,
    N_CARDS,
    N_SUITS,
    PH_ACT,
    PH_REACT,
    SIDE_CITIZEN,
    Z_ADVISER,
    Z_PERSONAL,
    Z_SITE,
)
from meeplegym.jit import kernel, shell_kernel

_ID = {d.name: d.number for d in D.DENIZENS}
(GOSSIP, SECRET_POLICE, SACRED_GROUND, VOW_OF_OBEDIENCE, VOW_OF_POVERTY, VOW_OF_PEACE, COUNCIL_SEAT, FOREST_COUNCIL,
 BOILING_LAKE, GRASPING_VINES, MARSH_SPIRIT, BEAST_TAMER, TRUE_NAMES, TOLL_ROADS, CURFEW, FORCED_LABOR, SPELL_BREAKER,
 GLEAMING_ARMOR, INSECT_SWARM) = (
    _ID[n] for n in ("Gossip", "Secret Police", "Sacred Ground", "Vow of Obedience", "Vow of Poverty", "Vow of Peace",
                     "Council Seat", "Forest Council", "Boiling Lake", "Grasping Vines", "Marsh Spirit", "Beast Tamer",
                     "True Names", "Toll Roads", "Curfew", "Forced Labor", "Spell Breaker", "Gleaming Armor",
                     "Insect Swarm"))
TOME_GUARDIANS, SEALING_WARD, LOST_TONGUE = _ID["Tome Guardians"], _ID["Sealing Ward"], _ID["Lost Tongue"]
VOW_OF_UNION = _ID["Vow of Union"]
CHAOS_CULT, SADDLE_MAKERS, VOW_OF_SILENCE, VOW_OF_RENEWAL, HERALD, BOOK_BINDERS, WAY_STATION = (
    _ID[n] for n in ("Chaos Cult", "Saddle Makers", "Vow of Silence", "Vow of Renewal", "Herald", "Book Binders",
                     "Way Station"))
_FACE = {e.name: e.number for e in D.EDIFICE_FACES}
SPRAWLING_RAMPART, HALL_OF_DEBATE, HALL_OF_MOCKERY, RUINED_TEMPLE, SQUALID_DISTRICT = (
    _FACE[n] for n in ("Sprawling Rampart", "Hall of Debate", "Hall of Mockery", "Ruined Temple", "Squalid District"))
SQUALID_CARD = SQUALID_DISTRICT - 1  # tracked on its intact face, Festival District
# Reactions asked of an adviser's holder once the action under way is over (bit k of
# `react_due`): Herald after a campaign against a player and Book Binders after a Vision faceup
# (gains, the bank chosen), Relic Thief after relics taken in its holder's region (a roll).
REACT_HERALD, REACT_BOOK_BINDERS, REACT_RELIC_THIEF = 0, 1, 2
RELIC_THIEF = _ID["Relic Thief"]
REACTION_CARD = np.array([HERALD, BOOK_BINDERS, RELIC_THIEF], dtype=np.int16)
REACTION_FAVOR = np.array([1, 2, 0], dtype=np.int8)
# Sneak Attack (D2) after another player's campaign: asked last, once every reaction above is
# settled, since whether its holder can campaign depends on the position (campaign.ask_sneak_attack).
REACT_SNEAK_ATTACK = REACTION_CARD.shape[0]
SNEAK_ATTACK = _ID["Sneak Attack"]
SHIELD_FACES = np.array([f in (D.DefenseFace.SHIELD, D.DefenseFace.TWO_SHIELDS) for f in D.DEFENSE_DIE],
                        dtype=np.bool_)
CIRCLET_OF_COMMAND = D.RELIC_BY_NAME["Circlet of Command"].number
MARTIAL_CULTURE = D.DENIZEN_BY_NAME["Martial Culture"].number  # its choice after a campaign is asked as a reaction
TOLL = 1  # the favor a toll costs
CONSPIRACY = FIRST_VISION + [v.name for v in D.VISIONS].index("Conspiracy")
BEAST, NOMAD, ORDER = int(D.Suit.BEAST), int(D.Suit.NOMAD), int(D.Suit.ORDER)
SADDLE_FAVOR = 2
BOILING_LAKE_KILLS = 2
GRASPING_VINES_KILLS = 1


@kernel
def tracked(c):
    """The id a card is tracked under: an edifice's ruined face lives on its intact face's id."""
    return c - 1 if C.is_edifice(c) and (c - FIRST_EDIFICE) % 2 == 1 else c


@kernel
def in_force(s, c):
    """c (a card id, or an edifice face) is faceup at a site or among the advisers -- an edifice
    only while it shows that face."""
    t = tracked(c)
    if C.is_edifice(c) and (C.face(s, t) != c or C.blank(s, c)):
        return False
    return s["faceup"][t] == 1 and (s["zone"][t] == Z_SITE or s["zone"][t] == Z_ADVISER)


@kernel
def holds(s, p, c):
    """p has c among their faceup advisers (the Vows bind their holder)."""
    return in_force(s, c) and s["zone"][c] == Z_ADVISER and s["where"][c] == p


@kernel
def holder_of(s, c):
    """The seat holding c as a faceup adviser, -1 if none."""
    return s["where"][c] if in_force(s, c) and s["zone"][c] == Z_ADVISER else -1


@kernel
def barring_ruler(s, c, p, slot):
    """A ruler of c, of whom p is an enemy, who also rules the site at slot (slot < 0: any); the
    lowest seat (the Chancellor, for the Empire); -1 if none."""
    if not in_force(s, c):
        return -1
    t = tracked(c)
    for q in range(s["n_players"]):
        if B.rules_card(s, q, t) and B.enemy(s, q, p) and (slot < 0 or B.rules_site(s, q, slot)):
            return q
    return -1


@kernel
def ruler_bars(s, c, p, slot):
    return barring_ruler(s, c, p, slot) >= 0


@kernel
def pay_toll(s, p, c, slot):
    """p gives the toll of c (Toll Roads, Curfew, Forced Labor) for the site at slot, if one is due."""
    q = barring_ruler(s, c, p, slot)
    if q >= 0:
        B.give_favor(s, p, q, TOLL)


@kernel
def toll_due(s, p, c, slot):
    return TOLL if ruler_bars(s, c, p, slot) else 0


@kernel
def spell_broken(s, p, c):
    """Spell Breaker (D3): its ruler's enemies use no power whose cost places or burns secrets."""
    f = C.face(s, c)
    return (B.COST[f, 1] > 0 or B.COST[f, 3] > 0) and ruler_bars(s, SPELL_BREAKER, p, -1)


@kernel
def payable(s, p, c):
    """O7.1.2: p can pay card c's power now -- tokens to place need a card carrying none (until
    the Rest), everything is paid from p's board -- and Spell Breaker allows it."""
    f = C.face(s, c)
    if (B.COST[f, 0] or B.COST[f, 1]) and (s["card_favor"][c] > 0 or s["card_secrets"][c] > 0):
        return False
    return B.can_afford(s, p, c) and not spell_broken(s, p, c)


# ================================================================== playing cards
@shell_kernel
def may_play_facedown_adviser(s, p):
    """Gossip (D2): its ruler's enemies play no card as a facedown adviser."""
    return not ruler_bars(s, GOSSIP, p, -1)


@shell_kernel
def may_play_vision_faceup(s, p, v):
    """Vow of Obedience binds its holder; Secret Police its ruler's enemies standing at a site
    that ruler rules; Sacred Ground everyone away from its site, the Conspiracy excepted (D2-D3)."""
    if holds(s, p, VOW_OF_OBEDIENCE) or ruler_bars(s, SECRET_POLICE, p, s["pawn"][p]):
        return False
    if v != CONSPIRACY and in_force(s, SACRED_GROUND) and s["zone"][SACRED_GROUND] == Z_SITE:
        return s["pawn"][p] == s["where"][SACRED_GROUND]
    return True


@kernel
def may_play_faceup(s, p, c):
    """Ruined Temple (D3): its ruler's enemies play no Beast card faceup."""
    return not (B.SUIT_OF[c] == BEAST and ruler_bars(s, RUINED_TEMPLE, p, -1))


@shell_kernel
def card_played(s, p, c):
    """Saddle Makers (D2): after another player plays a Nomad or Order card faceup, its holder
    gains 2 favor from that card's bank."""
    h = holder_of(s, SADDLE_MAKERS)
    suit = B.card_suit(s, c)
    played = s["zone"][c] == Z_SITE or s["zone"][c] == Z_ADVISER  # not discarded
    if h >= 0 and h != p and played and (suit == NOMAD or suit == ORDER):
        B.gain_from_bank(s, h, suit, SADDLE_FAVOR)


# ================================================================== reactions (PH_REACT)
@kernel
def reaction_due(s, k, by):
    """Queue reaction k if its card's holder is not `by`, the player whose play or campaign set it
    off (a False Prophet's Vision is played outside its player's turn)."""
    h = holder_of(s, REACTION_CARD[k])
    if h >= 0 and h != by:
        s["react_due"] |= 1 << k


@shell_kernel
def next_reaction(s):
    """Ask the next queued reaction's holder for a bank or a roll (PH_REACT); False once none is
    left to ask (a holder gone, or every bank empty). A queued Sneak Attack is left for run_on."""
    for k in range(REACTION_CARD.shape[0]):
        if not s["react_due"] >> k & 1:
            continue
        s["react_due"] &= ~(1 << k)
        h = holder_of(s, REACTION_CARD[k])
        if k == REACT_RELIC_THIEF and not may_steal(s, h):
            forget_stolen(s)
        elif h >= 0 and (k == REACT_RELIC_THIEF or s["favor_bank"].sum() > 0):
            s["react_card"] = REACTION_CARD[k]
            s["phase"] = PH_REACT
            s["actor"] = h
            return True
    return False


@shell_kernel
def squalid_ruler(s):
    """Who may change the end die (Squalid District ◊, D3): its ruler (the lowest seat, the
    Chancellor for the Empire); -1 if it is not showing or the bandits rule it."""
    if not in_force(s, SQUALID_DISTRICT):
        return -1
    for q in range(s["n_players"]):
        if B.rules_card(s, q, SQUALID_CARD):
            return q
    return -1


# ================================================================== Jinx (D2)
JINX = _ID["Jinx"]


@shell_kernel
def may_jinx(s, q):
    """q, who just rolled attack or defense dice, rules Jinx and can pay its cost (Spell Breaker
    allowing) to reroll them."""
    return q >= 0 and in_force(s, JINX) and B.rules_card(s, q, JINX) and payable(s, q, JINX)


@kernel
def ask_jinx(s, q, dice, roll):
    """Jinx: q, who just made `roll` (JINX_*) of `dice` attack or defense dice, may pay its cost to
    reroll them all, once (PH_REACT). True when asked."""
    if dice <= 0 or not may_jinx(s, q):
        return False
    s["jinx_roll"] = roll
    s["react_card"] = JINX
    s["phase"] = PH_REACT
    s["actor"] = q
    return True


@kernel
def jinx_answered(s, reroll):
    """Jinx's ruler pays for the reroll (outside their turn: favor to the bank, the secret
    facedown) or keeps the roll; returns the roll (JINX_*) for its rules to go on with."""
    roll = s["jinx_roll"]
    if reroll:
        B.pay_cost(s, s["actor"], JINX)
    s["jinx_roll"] = JINX_NONE
    s["react_card"] = 0
    return roll


# ================================================================== Vow of Union (D2)
@shell_kernel
def union_binds(s, p):
    """p holds Vow of Union, stands at a site they rule and has warbands on the board: p travels
    nowhere (the warbands at the sites p rules join p's campaigns: plans.joins_force)."""
    return holds(s, p, VOW_OF_UNION) and s["board_warbands"][p] > 0 and B.rules_site(s, p, s["pawn"][p])


# ================================================================== Relic Thief (D2)
@kernel
def relic_taken(s, p, r):
    """p took relic r: Relic Thief's holder, if another player whose pawn is in p's region, is
    asked once the action is over. The relics of one taker per action are at stake."""
    h = holder_of(s, RELIC_THIEF)
    if h < 0 or h == p or SLOT_REGION[s["pawn"][h]] != SLOT_REGION[s["pawn"][p]]:
        return
    if s["thief_taker"] >= 0 and s["thief_taker"] != p:
        return
    s["thief_taker"] = p
    s["thief_relics"] |= 1 << (r - FIRST_RELIC)
    s["react_due"] |= 1 << REACT_RELIC_THIEF


@kernel
def stolen_count(s):
    """The relics at stake that their taker still holds."""
    n = 0
    for r in range(FIRST_RELIC, FIRST_VISION):
        if s["thief_relics"] >> (r - FIRST_RELIC) & 1 and s["zone"][r] == Z_PERSONAL and s["where"][r] == s["thief_taker"]:
            n += 1
    return n


@shell_kernel
def may_steal(s, h):
    """h holds Relic Thief, can pay its cost (Spell Breaker allowing) and the taker still holds
    some of the relics."""
    return h >= 0 and h != s["thief_taker"] and payable(s, h, RELIC_THIEF) and stolen_count(s) > 0


@kernel
def forget_stolen(s):
    s["thief_taker"] = -1
    s["thief_relics"] = 0


@shell_kernel
def steal(s, pay):
    """Relic Thief's holder pays and rolls a defense die per relic at stake (Jinx may reroll
    them); with no shield and no two-shields face, they take those relics. The acting player's
    turn goes on."""
    if not pay:
        stolen(s, True)
        return
    h = s["actor"]
    B.pay_cost(s, h, RELIC_THIEF)
    caught = thief_caught(s)
    if not ask_jinx(s, h, stolen_count(s), JINX_THIEF_CAUGHT if caught else JINX_THIEF_FREE):
        stolen(s, caught)


@kernel
def thief_caught(s):
    """A defense die per relic at stake: whether any shows a shield or two shields."""
    caught = False
    for _ in range(stolen_count(s)):
        caught = SHIELD_FACES[rng.below(s, 6)] or caught
    return caught


@kernel
def thief_rerolled(s, roll, reroll):
    """Jinx's answer on Relic Thief's dice: the kept roll, or a new one, decides."""
    stolen(s, thief_caught(s) if reroll else roll == JINX_THIEF_CAUGHT)


@kernel
def stolen(s, caught):
    """Unless caught, the holder asked (`actor`) takes the relics at stake that their taker still holds."""
    if not caught:
        for r in range(FIRST_RELIC, FIRST_VISION):
            if (s["thief_relics"] >> (r - FIRST_RELIC) & 1 and s["zone"][r] == Z_PERSONAL
                    and s["where"][r] == s["thief_taker"]):
                C.place(s, r, Z_PERSONAL, s["actor"], 1)
    forget_stolen(s)
    s["react_card"] = 0
    s["phase"] = PH_ACT
    s["actor"] = s["current"]


@kernel
def react_legal(s, mask):
    c = s["react_card"]
    if c == MARTIAL_CULTURE or c == RELIC_THIEF or c == JINX or c == SNEAK_ATTACK:  # yes or no
        mask[A.OPTION + 0] = 1
        mask[A.END] = 1
        return
    if s["react_card"] == SQUALID_CARD:
        for k in range(3):
            mask[A.OPTION + k] = 1
        return
    for b in range(N_SUITS):
        if s["favor_bank"][b] > 0:
            mask[A.SUIT + b] = 1


@kernel
def gain_reaction(s, b):
    """The holder asked takes the reaction's favor from bank b; the acting player's turn goes on."""
    c = s["react_card"]
    k = REACTION_FAVOR[0]
    for j in range(REACTION_CARD.shape[0]):
        if REACTION_CARD[j] == c:
            k = REACTION_FAVOR[j]
    B.gain_from_bank(s, s["actor"], b, k)
    s["react_card"] = 0
    s["phase"] = PH_ACT
    s["actor"] = s["current"]


# ================================================================== the title and the banners
@kernel
def title_taken(s, q):
    """Chaos Cult (D2): after another player takes the Oathkeeper title, its holder takes a favor
    from them."""
    h = holder_of(s, CHAOS_CULT)
    if h >= 0 and h != q and s["favor"][q] > 0:  # taken: from their board only (B.kin)
        s["favor"][q] -= 1
        B.add_favor(s, h, 1)


@shell_kernel
def may_recover_pf(s, p):
    """Vow of Renewal (D2) binds its holder: no recovering the People's Favor."""
    return not holds(s, p, VOW_OF_RENEWAL) and not pf_guarded(s, p)


@shell_kernel
def may_recover_ds(s, p):
    """Vow of Silence (D2) binds its holder: no recovering the Darkest Secret."""
    return not holds(s, p, VOW_OF_SILENCE) and not ds_guarded(s, p)


@kernel
def ds_recovered(s, k):
    """Vow of Silence (D2): whenever anyone recovers the Darkest Secret placing k secrets on it,
    its holder gains k secrets."""
    h = holder_of(s, VOW_OF_SILENCE)
    if h >= 0:
        s["secrets"][h] += k


@kernel
def gives_secrets(s, p):
    """Vow of Silence (D2): its holder gives secrets to no one (bargains, exchanges, trades)."""
    return not holds(s, p, VOW_OF_SILENCE)


@kernel
def pf_recovered_mob(s):
    """Hall of Mockery ◊ (D3): the People's Favor, whenever recovered, shows its Mob side."""
    return in_force(s, HALL_OF_MOCKERY)


@shell_kernel
def pf_campaign_guarded(s, p):
    """Hall of Debate ◊ (D3): nobody targets the People's Favor in a campaign."""
    return in_force(s, HALL_OF_DEBATE) or pf_guarded(s, p)


# ================================================================== Trade, Muster, Campaign, exile
@kernel
def gains_trade_favor(s, p):
    """Vow of Poverty (D3): its holder gains no favor from Trade."""
    return not holds(s, p, VOW_OF_POVERTY)


@kernel
def forest_closed(s, p, c):
    """Forest Council (D3): its ruler's enemies neither trade with nor muster on Beast cards."""
    return B.card_suit(s, c) == BEAST and ruler_bars(s, FOREST_COUNCIL, p, -1)


@kernel
def may_campaign(s, p):
    """Vow of Peace (D2): its holder cannot campaign."""
    return not holds(s, p, VOW_OF_PEACE)


@kernel
def exile_proof(s, q):
    """Council Seat (D2): a Citizen holding it cannot be exiled, not even by themselves."""
    return s["side"][q] == SIDE_CITIZEN and holds(s, q, COUNCIL_SEAT)


@kernel
def ds_guarded(s, p):
    """Tome Guardians (D2): its ruler's enemies cannot target or take the Darkest Secret; nor
    can anyone the holder's Circlet or Lost Tongue shields it from."""
    return ruler_bars(s, TOME_GUARDIANS, p, -1) or shielded(s, p, s["ds_holder"], 0)


@kernel
def pf_guarded(s, p):
    return shielded(s, p, s["pf_holder"], 0)


@kernel
def relic_guarded(s, p, r):
    return s["zone"][r] == Z_PERSONAL and shielded(s, p, s["where"][r], r)


@kernel
def shielded(s, p, holder, r):
    """Whether p may not target or take `holder`'s banner (r = 0) or relic r: the Circlet of
    Command shields its holder's banners and other relics (D4); Lost Tongue its holder's relics
    and banners from players who rule no Nomad card (D3)."""
    if holder < 0 or holder == p:
        return False
    if B.holds_relic(s, holder, CIRCLET_OF_COMMAND) and r != CIRCLET_OF_COMMAND:
        return True
    return holds(s, holder, LOST_TONGUE) and not rules_suit(s, p, NOMAD)


@shell_kernel
def rules_suit(s, p, suit):
    for d in range(1, N_CARDS):
        if B.card_suit(s, d) == suit and B.rules_card(s, p, d):
            return True
    return False


# ================================================================== travel
@shell_kernel
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


@kernel
def station_at(s, to):
    return in_force(s, WAY_STATION) and s["zone"][WAY_STATION] == Z_SITE and s["where"][WAY_STATION] == to


@shell_kernel
def station_free(s, p, to):
    """Way Station (D3): its ruler travels to its site spending no Supply."""
    return station_at(s, to) and B.rules_card(s, p, WAY_STATION)


@kernel
def station_keeper(s, p, to):
    """Way Station (D3): the ruler (the lowest seat, the Chancellor for the Empire) p may give a
    favor to, to travel to its site spending no Supply; -1 if none (the bandits take no favor)."""
    if not station_at(s, to):
        return -1
    for q in range(s["n_players"]):
        if q != p and B.rules_card(s, q, WAY_STATION):
            return q
    return -1


# ================================================================== battle plans
@kernel
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
        if holds(s, q, TRUE_NAMES) and B.matching_advisers(s, q, suit) > 0:
            return True
    return False


@kernel
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


@kernel
def rampart_die(s, slot):
    """Sprawling Rampart (D3): a targeted site ruled by the Rampart's ruler (the same warbands'
    colour, or the bandits) defends with one die more."""
    if not in_force(s, SPRAWLING_RAMPART):
        return 0
    home = s["where"][SPRAWLING_RAMPART]
    col = B.site_colour(s, home)
    if col >= 0:
        return 1 if B.site_colour(s, slot) == col else 0
    return 1 if B.bandits_rule(s, slot) else 0


@kernel
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
