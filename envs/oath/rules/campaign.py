"""Campaign (O5.5), compiled: the defender, the declared targets and both dice pools, Imperial
Allies, battle plans (step 3, with `plans`), the rolls, skulls and sacrifice, defeat and the
attacker's victory, the Brutal Reliquary space. The attacker is always `current` (a Sneak Attack's
too, in the turn of the player it interrupted: board.turn_player); other players answer their own
decisions.
"""

from __future__ import annotations

import numpy as np

from meeplegym import rng
from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath import effects as E
from meeplegym.envs.oath.rules import board as B
from meeplegym.envs.oath.rules import cards as C
from meeplegym.envs.oath.rules import major as M
from meeplegym.envs.oath.rules import persistent as PS
from meeplegym.envs.oath.rules import plans as PL
from meeplegym.envs.oath.rules.setup import SLOT_REGION, board_colour
from meeplegym.envs.oath.state import (
    CHANCELLOR,
    FIRST_RELIC,
    FIRST_VISION,
    FREE_NONE,
    FREE_OFFERED,
    JINX_ATTACK,
    JINX_DEFENSE,
    MAX_PLAYERS,
    N_CARDS,
    N_SLOTS,
    NOBODY,
    PH_ACT,
    PH_BANISH_WHERE,
    PH_CAMPAIGN_ALLY,
    PH_CAMPAIGN_BANISH,
    PH_CAMPAIGN_BURN,
    PH_CAMPAIGN_DICE,
    PH_CAMPAIGN_LOSSES,
    PH_CAMPAIGN_OCCUPY,
    PH_CAMPAIGN_PERMIT,
    PH_CAMPAIGN_SACRIFICE,
    PH_CAMPAIGN_TARGETS,
    MOUNTS_ASKED,
    MOUNTS_SPARED,
    MOUNTS_UNASKED,
    PH_REACT,
    PURPLE,
    SIDE_CITIZEN,
    TGT_HELD,
    TGT_HUNTED,
    Z_PERSONAL,
    Z_SITE,
)
from meeplegym.jit import kernel, shell_kernel

BANDITS = B.BANDITS
CAMPAIGN_SUPPLY = int(D.ACTION_SUPPLY[D.MajorAction.CAMPAIGN])
RELIC_DEFENSE = np.zeros(N_CARDS, dtype=np.int8)
for _r in D.RELICS:
    RELIC_DEFENSE[_r.number] = _r.defense
del _r
PAWN_DEFENSE, SITE_DEFENSE = D.PAWN_DEFENSE, D.SITE_DEFENSE
OATHKEEPER_DEFENSE, USURPER_DEFENSE = D.OATHKEEPER_DEFENSE, D.USURPER_DEFENSE
HOLLOW, SWORD, SKULL = (int(f) for f in D.AttackFace)
BLANK, SHIELD, TWO_SHIELDS, DOUBLE = (int(f) for f in D.DefenseFace)
ATTACK_FACES = np.array([int(f) for f in D.ATTACK_DIE], dtype=np.int8)
DEFENSE_FACES = np.array([int(f) for f in D.DEFENSE_DIE], dtype=np.int8)
PLAINS, MOUNTAIN = int(D.SitePower.PLAINS), int(D.SitePower.MOUNTAIN)
BANDIT_CHIEF = D.DENIZEN_BY_NAME["Bandit Chief"].number
CHIEF_BANDITS = 2  # Bandit Chief (D2): while faceup, every site has 2 extra bandits
STICKY_FIRE = D.RELIC_BY_NAME["Sticky Fire"].number
OBSIDIAN_CAGE = D.RELIC_BY_NAME["Obsidian Cage"].number
GIANT_PYTHON = D.DENIZEN_BY_NAME["Giant Python"].number
# Giant Python's search for an even declaration: states (dice parity, complete, min(dice, 2))
EVEN_STATES = 2 * 2 * 3
SECOND_WIND = D.DENIZEN_BY_NAME["Second Wind"].number
RELIC_HUNTER = D.DENIZEN_BY_NAME["Relic Hunter"].number
STICKY_FIRE_FAVOR = 1  # what Sticky Fire's user gives the enemy whose force it burns (D4)
MAX_DEFENSE = 10_000  # no attack comes near: storing more would only overflow the field


# ================================================================== step 1: the defender
@kernel
def rules_for_campaign(s, p, q, slot):
    """Whether q rules a slot in a campaign p would wage on q: a Citizen the Chancellor attacks is
    not Imperial, so rules no purple site (O5.5.1)."""
    if p == CHANCELLOR and s["side"][q] == SIDE_CITIZEN:
        return B.site_colour(s, slot) == s["colour"][q] or B.crowned(s, q, slot)
    return B.rules_site(s, q, slot)


@kernel
def defender_options(s, p, mask):
    """O5.5.1: another player who rules p's site or whose pawn is there; the bandits if no player
    rules it. Returns how many."""
    here = PL.attack_site(s, p)
    # a defender who rules your site makes you target it, which The Hidden Place makes cost a secret
    blocked = hidden(s, here) and s["secrets"][p] < 1
    n = 0
    for q in range(s["n_players"]):
        rules_here = rules_for_campaign(s, p, q, here)
        if (q != p and (rules_here or s["pawn"][q] == here) and not (rules_here and blocked)
                and python_allows(s, p, q)):
            mask[A.SEAT + q] = 1
            n += 1
    if B.bandits_rule(s, here) and not blocked:
        mask[A.OPTION + 0] = 1
        n += 1
    return n


@kernel
def campaign_supply(s):
    """The Supply a campaign costs: none for the free one of Hunting Party or Knights Errant (D2)."""
    return 0 if s["free_campaign"] != FREE_NONE else CAMPAIGN_SUPPLY


@kernel
def can_campaign(s, p):
    if s["supply"][p] < campaign_supply(s) or not PS.may_campaign(s, p):
        return False
    mask = np.zeros(A.N_ACTIONS, dtype=np.int8)
    return defender_options(s, p, mask) > 0


@shell_kernel
def can_campaign_at(s, p, slot):
    """Whether p could campaign at `slot` as if the pawn were there (Captains, Wild Allies: no
    Supply spent)."""
    if not PS.may_campaign(s, p):
        return False
    was = s["camp_from"]
    s["camp_from"] = slot
    mask = np.zeros(A.N_ACTIONS, dtype=np.int8)
    ok = defender_options(s, p, mask) > 0
    s["camp_from"] = was
    return ok


@shell_kernel
def choose_defender(s, p, a):
    """Pay, name the defender, settle who is Imperial this campaign, and reset the declaration.
    A target the declaration must hold (your site, when the defender rules it) is declared."""
    M.spend(s, p, campaign_supply(s))
    s["free_campaign"] = FREE_NONE
    open_campaign(s, p, BANDITS if a == A.OPTION + 0 else a - A.SEAT)


@kernel
def open_campaign(s, p, q):
    """p campaigns against q, whatever it cost: the declaration starts."""
    name_defender(s, p, q)
    s["camp_killed"][:] = 0
    for k in range(MAX_PLAYERS):
        s["ally"][k] = 0
    here = PL.attack_site(s, p)
    if defender_rules(s, here):
        declare_site(s, p, here)
    s["phase"] = PH_CAMPAIGN_TARGETS


@kernel
def name_defender(s, p, q):
    """q defends: settle who is Imperial this campaign; no target is declared yet."""
    s["defender"] = q
    s["non_imperial"] = -1
    if q != BANDITS and s["side"][p] == SIDE_CITIZEN and B.imperial(s, q):
        s["non_imperial"] = p  # a Citizen attacking the Empire
    elif q != BANDITS and p == CHANCELLOR and s["side"][q] == SIDE_CITIZEN:
        s["non_imperial"] = q  # the Chancellor attacking a Citizen
    clear_targets(s)


@kernel
def clear_targets(s):
    for slot in range(N_SLOTS):
        s["tgt_slot"][slot] = 0
    for c in range(N_CARDS):
        s["tgt_card"][c] = 0
    s["tgt_pf"] = 0
    s["tgt_ds"] = 0
    s["tgt_pawn"] = 0


# ================================================================== Giant Python (D2)
@kernel
def coiled(s):
    """The defender holds Giant Python: the targets must add an even total (2, 4, ...) of dice."""
    q = s["defender"]
    return q != BANDITS and PS.holds(s, q, GIANT_PYTHON)


@shell_kernel
def even_declared(s, p):
    dice = target_dice(s, p)
    return dice >= 2 and dice % 2 == 0


@kernel
def is_site_target(a):
    return A.SLOT <= a < A.SLOT + N_SLOTS


@kernel
def flag_target(s, p, a):
    """Mark target action a as declared, in the flags only (no secret spent), a site with its
    Narrow Pass; returns the Pass slot newly marked (-1: none), for `unflag_target`."""
    if not is_site_target(a):
        mark_target(s, a, 1)
        return -1
    s["tgt_slot"][a - A.SLOT] = 1
    gate = pass_gate(s, p, a - A.SLOT)
    if gate < 0 or s["tgt_slot"][gate]:
        return -1
    s["tgt_slot"][gate] = 1
    return gate


@kernel
def unflag_target(s, a, gate):
    if not is_site_target(a):
        mark_target(s, a, 0)
        return
    s["tgt_slot"][a - A.SLOT] = 0
    if gate >= 0:
        s["tgt_slot"][gate] = 0


@kernel
def even_state(parity, complete, low):
    """A state of the search for an even declaration: dice parity, complete, min(dice, 2)."""
    return (parity % 2) * 6 + (3 if complete else 0) + min(low, 2)


@kernel
def even_reachable(s, p):
    """Whether declaring more of the targets on offer can make the declaration complete with an
    even total of 2 or more dice: each target's dice are added to every state reached so far."""
    options = np.zeros(A.N_ACTIONS, dtype=np.int8)
    target_options(s, p, options)
    dice = target_dice(s, p)
    reach = np.zeros(EVEN_STATES, dtype=np.bool_)
    reach[even_state(dice, declaration_complete(s, p), dice)] = True
    for a in np.flatnonzero(options):
        gate = flag_target(s, p, a)
        added = target_dice(s, p) - dice
        completes = declaration_complete(s, p)
        unflag_target(s, a, gate)
        step = reach.copy()
        for k in range(EVEN_STATES):
            if reach[k]:
                step[even_state(k // 6 + added, k // 3 % 2 == 1 or completes, k % 3 + added)] = True
        reach = step
    return reach[even_state(0, True, 2)]


@shell_kernel
def python_allows(s, p, q):
    """q may be named the defender unless q holds Giant Python and no declaration against q can
    add an even total. Tried on the state and undone (the targets are clear outside a campaign)."""
    if not PS.holds(s, q, GIANT_PYTHON):
        return True
    defender, non_imperial = s["defender"], s["non_imperial"]
    name_defender(s, p, q)
    here = PL.attack_site(s, p)
    if defender_rules(s, here):
        s["tgt_slot"][here] = 1
    ok = even_reachable(s, p)
    clear_targets(s)
    s["defender"] = defender
    s["non_imperial"] = non_imperial
    return ok


# ================================================================== step 2: targets and pools
@kernel
def defender_rules(s, slot):
    q = s["defender"]
    if q == BANDITS:
        return B.bandits_rule(s, slot)
    return B.rules_site(s, q, slot)


@kernel
def pass_gate(s, p, slot):
    """Narrow Pass (D1): a target in another region with a faceup Narrow Pass that p does not
    rule needs the Pass targeted too; -1 if no such Pass, else its slot."""
    region = SLOT_REGION[slot]
    if region == SLOT_REGION[PL.attack_site(s, p)]:
        return -1
    gate = M.narrow_pass_in(s, region)
    if gate < 0 or gate == slot or B.rules_site(s, p, gate):
        return -1
    return gate


@shell_kernel
def site_targetable(s, p, slot):
    if s["tgt_slot"][slot] or not defender_rules(s, slot):
        return False
    gate = pass_gate(s, p, slot)
    if gate >= 0 and not s["tgt_slot"][gate] and not defender_rules(s, gate):
        return False  # the Pass cannot be targeted, so nothing beyond it can
    secrets = s["secrets"][p]
    if hidden(s, slot):
        secrets -= 1
    if gate >= 0 and not s["tgt_slot"][gate] and hidden(s, gate):
        secrets -= 1
    return secrets >= 0


@kernel
def hidden(s, slot):
    """The Hidden Place (D1): targets there cost a secret flipped facedown."""
    return s["slot_faceup"][slot] and M.SITE_POWER[s["slot_site"][slot]] == M.HIDDEN_PLACE


@kernel
def declare_site(s, p, slot):
    """Declare a site, and the Narrow Pass in front of it if the rules ask for it (the Pass is
    in its own region, so it needs no gate of its own)."""
    gate = pass_gate(s, p, slot)
    for k in range(2):
        target = np.int64(slot) if k == 0 else np.int64(gate)
        if target >= 0 and not s["tgt_slot"][target]:
            s["tgt_slot"][target] = 1
            if hidden(s, target):
                s["secrets"][p] -= 1
                s["secrets_down"][p] += 1


@kernel
def pawn_here(s, p):
    q = s["defender"]
    return q != BANDITS and s["pawn"][q] == PL.attack_site(s, p)


@shell_kernel
def targets_legal(s, p, mask):
    """The targets on offer; against Giant Python only those after which an even total stays
    reachable, and END once it is even -- or, should no even total be reachable any more, as
    usual (never a dead end)."""
    target_options(s, p, mask)
    complete = declaration_complete(s, p)
    if coiled(s) and even_reachable(s, p):
        for a in np.flatnonzero(mask):
            gate = flag_target(s, p, a)
            if not even_reachable(s, p):
                mask[a] = 0
            unflag_target(s, a, gate)
        complete = complete and even_declared(s, p)
    if complete:
        mask[A.END] = 1


@kernel
def target_options(s, p, mask):
    q = s["defender"]
    for slot in range(N_SLOTS):
        if site_targetable(s, p, slot):
            mask[A.SLOT + slot] = 1
    if pawn_here(s, p):
        for r in range(FIRST_RELIC, FIRST_VISION):
            if (s["zone"][r] == Z_PERSONAL and s["where"][r] == q and not s["tgt_card"][r]
                    and not PS.relic_guarded(s, p, r)):
                mask[A.CARD + r] = 1
        if s["pf_holder"] == q and not s["tgt_pf"] and not PS.pf_campaign_guarded(s, p):
            mask[A.OPTION + 0] = 1
        if s["ds_holder"] == q and not s["tgt_ds"] and not PS.ds_guarded(s, p):
            mask[A.OPTION + 1] = 1
        if not s["tgt_pawn"]:
            mask[A.OPTION + 2] = 1


@kernel
def declaration_complete(s, p):
    """O5.5.2: at least one target at your site."""
    return s["tgt_slot"][PL.attack_site(s, p)] or held_target(s)


@kernel
def held_target(s):
    """A target the defender holds -- their pawn, a banner or a relic -- is declared: such targets
    are at your site, where the defender's pawn must stand (O5.5.2)."""
    if s["tgt_pawn"] or s["tgt_pf"] or s["tgt_ds"]:
        return True
    for r in range(FIRST_RELIC, FIRST_VISION):
        if s["tgt_card"][r] == TGT_HELD:
            return True
    return False


@shell_kernel
def declare(s, p, a):
    if a == A.END:
        s["phase"] = PH_CAMPAIGN_DICE
    elif is_site_target(a):
        declare_site(s, p, a - A.SLOT)
    else:
        mark_target(s, a, 1)


@kernel
def mark_target(s, a, on):
    """Mark (on = 1) or clear a relic (CARD), banner (OPTION 0, 1) or pawn (OPTION 2) target."""
    if a >= A.CARD:
        s["tgt_card"][a - A.CARD] = TGT_HELD if on else 0
    elif a == A.OPTION + 0:
        s["tgt_pf"] = on
    elif a == A.OPTION + 1:
        s["tgt_ds"] = on
    else:
        s["tgt_pawn"] = on


@shell_kernel
def dice_legal(s, p, mask):
    """0 up to your force's warbands (O5.5.2)."""
    C.numbers_upto(mask, 0, PL.attacking_force(s, p))


@kernel
def occupy_legal(s, p, mask):
    """O5.5.7 I: how many of your board's warbands occupy the won site (warbands stationed at the
    site a power campaigned at stay there)."""
    C.numbers_upto(mask, 0, s["board_warbands"][p])


@kernel
def imperial_defence(s):
    q = s["defender"]
    return q != BANDITS and B.imperial(s, q)


@kernel
def target_dice(s, p):
    """The defense dice the declared targets add (O5.5.2): each site, and with the defender's pawn
    at your site their targeted relics, banners and pawn, with the powers adding to them."""
    defense = 0
    for slot in range(N_SLOTS):
        if s["tgt_slot"][slot]:
            defense += SITE_DEFENSE + PS.rampart_die(s, slot)
    if pawn_here(s, p):
        for r in range(FIRST_RELIC, FIRST_VISION):
            if s["tgt_card"][r] == TGT_HELD:
                defense += RELIC_DEFENSE[r]
        defense += PS.extra_defense(s)
        if s["tgt_pf"]:
            defense += s["pf_tokens"]
        if s["tgt_ds"]:
            defense += s["ds_tokens"]
        if s["tgt_pawn"]:
            defense += PAWN_DEFENSE
    return defense


@kernel
def set_pools(s, p, k):
    """The attack pool of k dice, the site modifiers (D1), then the defense pool (O5.5.2). A die
    taken from an empty attack pool adds a defense die instead (O5.5.3)."""
    attack = k
    defense = target_dice(s, p)
    plains = False
    mountain = False
    here = PL.attack_site(s, p)
    for slot in range(N_SLOTS):
        if s["tgt_slot"][slot] or (slot == here and held_target(s)):  # D1: "any declared target at this site"
            power = M.SITE_POWER[s["slot_site"][slot]]
            plains = plains or power == PLAINS
            mountain = mountain or power == MOUNTAIN
    if plains:
        attack += 1
    if mountain:
        if attack > 0:
            attack -= 1
        else:
            defense += 1
    h = s["title_holder"]
    q = s["defender"]
    if h >= 0 and q != BANDITS and (h == q or (h == CHANCELLOR and imperial_defence(s))):
        defense += USURPER_DEFENSE if s["usurper"] else OATHKEEPER_DEFENSE
    s["attack_dice"] = attack
    s["defense_dice"] = defense
    if imperial_defence(s) and q != CHANCELLOR:
        s["ally"][CHANCELLOR] = 1  # the Chancellor always joins an Imperial defence
    s["asked"] = 0
    ask_next_ally(s, p)


# ================================================================== Allies
@kernel
def at_targeted_or_attackers_site(s, p, q):
    where = s["pawn"][q]
    return where == PL.attack_site(s, p) or s["tgt_slot"][where] == 1


@kernel
def may_join(s, p, q):
    """O5.5.2: a Citizen other than the attacker and the defender, at a targeted site or the
    attacker's, may join an Imperial defence."""
    return (imperial_defence(s) and q != p and q != s["defender"] and s["side"][q] == SIDE_CITIZEN
            and B.imperial(s, q) and not s["ally"][q] and at_targeted_or_attackers_site(s, p, q))


@kernel
def ask_next_ally(s, p):
    while s["asked"] < s["n_players"]:
        q = s["asked"]
        s["asked"] += 1
        if may_join(s, p, q):
            s["phase"] = PH_CAMPAIGN_ALLY
            s["actor"] = q
            return
    s["plan_next"] = -1
    plans_next(s, p)


@shell_kernel
def answer_ally(s, p, a):
    if a == A.END:
        ask_next_ally(s, p)
        return
    s["phase"] = PH_CAMPAIGN_PERMIT
    s["actor"] = s["defender"]


@shell_kernel
def permit_ally(s, p, a):
    if a == A.OPTION + 0:
        s["ally"][s["asked"] - 1] = 1
    ask_next_ally(s, p)


# ================================================================== step 3: battle plans
@kernel
def plans_next(s, p):
    """O5.5.3: the next player with a battle plan to use, else the rolls."""
    if not PL.offer(s):
        s["actor"] = p
        roll(s, p)


@shell_kernel
def use_plan(s, p, a):
    if a == A.END:
        s["plan_next"] += 1
        plans_next(s, p)
    elif PL.use(s, s["actor"], a - A.CARD):
        plans_next(s, p)


@shell_kernel
def plan_sign(s, p, a):
    if PL.answer_sign(s, s["actor"], a):
        plans_next(s, p)


# ================================================================== steps 4-5: the rolls
@kernel
def bandits_per_site(s):
    """One bandit defends each targeted site; Bandit Chief faceup at a site adds two (D2,
    persistent)."""
    chief = s["zone"][BANDIT_CHIEF] == Z_SITE and s["faceup"][BANDIT_CHIEF] == 1
    return 1 + (CHIEF_BANDITS if chief else 0)



@kernel
def count_force(s, p):
    """O5.5.4: the defending force -- the warbands at targeted sites (a bandit each, or three
    with Bandit Chief), and the boards of the defender and the Allies whose pawns stand at a
    targeted site or at the attacker's -- noted where it stands; returns its size. The bandits
    at a targeted site the defender rules through the Bandit Crown add to it too, but are not
    noted: they are never killed, moved or sacrificed (O7.6.5)."""
    q = s["defender"]
    defense = 0
    for slot in range(N_SLOTS):
        s["force_site"][slot] = 0
        if s["tgt_slot"][slot]:
            if q == BANDITS:
                s["force_site"][slot] = bandits_per_site(s)
            elif B.site_colour(s, slot) >= 0:
                s["force_site"][slot] = s["site_warbands"][slot, B.site_colour(s, slot)]
            elif B.crowned(s, q, slot):
                defense += bandits_per_site(s)
            defense += s["force_site"][slot]
    for k in range(MAX_PLAYERS):
        s["force_board"][k] = 0
    if q != BANDITS:
        for k in range(s["n_players"]):
            if (k == q or s["ally"][k]) and at_targeted_or_attackers_site(s, p, k):
                s["force_board"][k] = s["board_warbands"][k]
                defense += s["board_warbands"][k]
    return defense


@shell_kernel
def roll(s, p):
    """O5.5.4-O5.5.5: roll defense, count the defending force, roll attack (skulls kill at once),
    with the battle plans' marks (O7.5). Right after each roll, a roller who rules Jinx may pay
    to reroll it (D2): the defender their defense pool (the bandits roll for nobody), the
    attacker their attack pool; only the kept roll counts, its skulls included."""
    attackers = s["plan_flags"][PL.ATTACKER_SIDE]
    defenders = s["plan_flags"][PL.DEFENDER_SIDE]
    if (attackers | defenders) & E.F_WIN_NOW:  # Hearts and Minds, Peace Envoy (D2): no roll
        count_force(s, p)
        s["attack"] = 1 if attackers & E.F_WIN_NOW else 0
        s["defense"] = 0
        resolve(s, p)
        return
    s["attack"] = 0
    roll_defense(s, p)
    if not PS.ask_jinx(s, s["defender"], s["defense_dice"], JINX_DEFENSE):
        attack_roll(s, p)


@kernel
def roll_defense(s, p):
    attackers = s["plan_flags"][PL.ATTACKER_SIDE]
    shields = roll_shields(s, s["defense_dice"], attackers & E.F_IGNORE_SHIELDS != 0, attackers & E.F_WAR_TORTOISE != 0)
    s["defense"] = min(shields + count_force(s, p), MAX_DEFENSE)


@kernel
def attack_pool(s):
    return s["attack_dice"] // 2 if s["plan_flags"][PL.DEFENDER_SIDE] & E.F_HALF_POOL else s["attack_dice"]


@kernel
def roll_attack(s):
    """The attack and the skulls that will kill the attacker's warbands, as rolled."""
    attackers = s["plan_flags"][PL.ATTACKER_SIDE]
    defenders = s["plan_flags"][PL.DEFENDER_SIDE]
    swords = 0
    hollow = 0
    skulls = 0
    for _ in range(attack_pool(s)):
        face = ATTACK_FACES[rng.below(s, 6)]
        if face == HOLLOW:
            if not defenders & E.F_IGNORE_HOLLOW:
                hollow += 1
        elif face == SWORD:
            swords += 1
        else:
            if not defenders & E.F_WAR_TORTOISE:
                swords += 2
            if not attackers & E.F_IGNORE_SKULLS:
                skulls += 1
    attack = swords + hollow // 2
    s["attack"] = 2 * attack if attackers & E.F_DOUBLE_ATTACK else attack
    s["skulls"] = skulls


@kernel
def attack_roll(s, p):
    roll_attack(s)
    if not PS.ask_jinx(s, p, attack_pool(s), JINX_ATTACK):
        rolled(s, p)


@shell_kernel
def jinx_rerolled(s, roll, reroll):
    """Jinx's answer on a campaign roll: the kept or rerolled pool, then the next roll or the result."""
    p = s["current"]
    s["actor"] = p
    if roll == JINX_DEFENSE:
        if reroll:
            roll_defense(s, p)
        attack_roll(s, p)
    else:
        if reroll:
            roll_attack(s)
        rolled(s, p)


@kernel
def rolled(s, p):
    """O5.5.5: the kept attack roll's skulls kill, then a sacrifice may decide the battle."""
    PL.kill_attackers(s, s["skulls"])
    s["skulls"] = 0
    need = sacrifice_needed(s, p)
    if s["attack"] <= s["defense"] and 0 < need <= PL.attacking_force(s, p) and not peace_defends(s):
        s["phase"] = PH_CAMPAIGN_SACRIFICE
    else:
        resolve(s, p)


@kernel
def sacrifice_worth(s, p):
    """What one sacrificed warband adds to the attack: 1, or 3 with Zealots while the defending
    force is larger than yours (D2)."""
    zealots = s["plan_flags"][PL.ATTACKER_SIDE] & E.F_ZEALOTS
    return 3 if zealots and defeated_force(s) > PL.attacking_force(s, p) else 1


@kernel
def sacrifice_needed(s, p):
    """The warbands to sacrifice to win by exactly enough (O9.5)."""
    worth = sacrifice_worth(s, p)
    return (s["defense"] - s["attack"] + 1 + worth - 1) // worth


@kernel
def roll_shields(s, n, ignore_single=False, ignore_double=False):
    """The shield total of n defense dice: shields rolled, doubled per x2 face (O2.12); the
    doubling is capped far beyond any attack so that it fits every field it is stored in. A
    battle plan may make the single- or the two-shields faces count nothing (Rain Boots, War
    Tortoise)."""
    shields = 0
    doubles = 0
    for _ in range(n):
        face = DEFENSE_FACES[rng.below(s, 6)]
        if face == SHIELD:
            if not ignore_single:
                shields += 1
        elif face == TWO_SHIELDS:
            if not ignore_double:
                shields += 2
        elif face == DOUBLE:
            doubles += 1
    return np.int64(shields) * (1 << min(doubles, 10))


@kernel
def peace_defends(s):
    """Vow of Peace (D2): no sacrifice raises the attack against a side that holds it."""
    for q in range(s["n_players"]):
        if PL.on_side(s, q, PL.DEFENDER_SIDE) and PS.holds(s, q, PS.VOW_OF_PEACE):
            return True
    return False


@shell_kernel
def sacrifice(s, p, a):
    if a == A.OPTION + 0:
        worth = sacrifice_worth(s, p)
        need = sacrifice_needed(s, p)
        PL.kill_attackers(s, need)
        s["attack"] += need * worth
    resolve(s, p)


# ================================================================== steps 6-7: defeat and victory
@kernel
def defeated_force(s):
    """The defending force as rolled (O5.5.4), warbands still standing."""
    force = 0
    for slot in range(N_SLOTS):
        force += s["force_site"][slot]
    for k in range(MAX_PLAYERS):
        force += s["force_board"][k]
    return force


@kernel
def resolve(s, p):
    if s["attack"] > s["defense"]:
        if s["defender"] == BANDITS:
            occupy_next(s, p, 0)  # bandits hide: nothing to kill
            return
        s["kills"] = killed(s, p, PL.DEFENDER_SIDE, defeated_force(s))
        if not ask_sticky_fire(s, PL.ATTACKER_SIDE, defeated_force(s)):
            losses_next(s, p)
    else:  # O5.5.6
        s["kills"] = killed(s, p, PL.ATTACKER_SIDE, PL.attacking_force(s, p))
        if not ask_sticky_fire(s, PL.DEFENDER_SIDE, PL.attacking_force(s, p)):
            defeat_attacker(s, p)


@kernel
def defeat_attacker(s, p):
    PL.kill_attackers(s, s["kills"])
    s["kills"] = 0
    if caged(s, PL.DEFENDER_SIDE):  # the survivors, the board's and those at sites
        s["cage_warbands"][board_colour(s, p)] += PL.take_attackers(s, p, PL.attacking_force(s, p))
    end(s, p)


@kernel
def caged(s, victor):
    """Obsidian Cage (D4): used by the victorious side, which takes the defeated force's
    surviving warbands onto it."""
    return PL.used_by_player_of(s, OBSIDIAN_CAGE, victor)


@kernel
def ask_sticky_fire(s, victor, force):
    """Sticky Fire (D4): its user, on the victorious side, may kill the whole defeated force when
    more than the usual losses would die (PH_REACT); not a force that Billowing Fog or Traveling
    Doctor spare. True when asked."""
    if not PL.used_by_player_of(s, STICKY_FIRE, victor):
        return False
    if s["plan_flags"][1 - victor] & E.F_NONE_KILLED or s["kills"] >= force:
        return False
    s["react_card"] = STICKY_FIRE
    s["phase"] = PH_REACT
    s["actor"] = s["plan_user"][STICKY_FIRE] - 1
    return True


@shell_kernel
def answer_sticky_fire(s, kill_all):
    """The whole defeated force dies (and its user gives that enemy a favor if able), or the
    usual losses."""
    p = s["current"]
    u = s["actor"]
    attacker_won = s["attack"] > s["defense"]
    s["react_card"] = 0
    s["actor"] = p
    if kill_all:
        enemy = s["defender"] if attacker_won else p
        give = min(STICKY_FIRE_FAVOR, B.spendable_favor(s, u))
        B.give_favor(s, u, enemy, give)
        s["kills"] = defeated_force(s) if attacker_won else PL.attacking_force(s, p)
    if attacker_won:
        losses_next(s, p)
    else:
        defeat_attacker(s, p)


@kernel
def killed(s, p, side, force):
    """How much of a defeated force dies: half; all with Brutal (D7) or Shield Wall; none with
    Billowing Fog or Traveling Doctor, which ignore powers that would kill it all (D2)."""
    flags = s["plan_flags"][side]
    if flags & E.F_NONE_KILLED:
        return 0
    if flags & E.F_ALL_KILLED or M.reliquary_power(s, p, M.BRUTAL):
        return force
    return force // 2


@kernel
def loss_chooser(s):
    """The Chancellor picks the Imperial side's losses, the defeated player their own (O5.5.6)."""
    return CHANCELLOR if imperial_defence(s) else s["defender"]


@kernel
def losses_legal(s, mask):
    for slot in range(N_SLOTS):
        if s["force_site"][slot] > 0:
            mask[A.SLOT + slot] = 1
    for k in range(s["n_players"]):
        if s["force_board"][k] > 0:
            mask[A.SEAT + k] = 1


@kernel
def losses_next(s, p):
    """Ask for the next loss while the choice matters: warbands in two or more places, and not
    all of them to die."""
    while s["kills"] > 0:
        mask = np.zeros(A.N_ACTIONS, dtype=np.int8)
        losses_legal(s, mask)
        if mask.sum() > 1 and s["kills"] < defeated_force(s):
            s["phase"] = PH_CAMPAIGN_LOSSES
            s["actor"] = loss_chooser(s)
            return
        kill_at(s, np.flatnonzero(mask)[0])
    rout(s, p)


@kernel
def kill_at(s, a):
    """One loss of the defeated defending force, at a targeted site (SLOT) or on a board (SEAT)."""
    s["kills"] -= 1
    if a < A.SEAT:
        slot = a - A.SLOT
        col = B.site_colour(s, slot)
        to = PL.hospital_slot(s, PL.DEFENDER_SIDE, col)
        s["site_warbands"][slot, col] -= 1
        s["force_site"][slot] -= 1
    else:
        k = a - A.SEAT
        col = board_colour(s, k)
        to = PL.hospital_slot(s, PL.DEFENDER_SIDE, col)
        s["force_board"][k] -= 1
        s["board_warbands"][k] -= 1
    PL.fall(s, PL.DEFENDER_SIDE, col, 1, to)


@shell_kernel
def take_loss(s, p, a):
    kill_at(s, a)
    s["actor"] = p
    losses_next(s, p)


@kernel
def rout(s, p):
    """The rest of the defeated force goes to its boards: purple to the Chancellor's (O5.5.7 I),
    any other colour to the defender's -- or, the whole rest, onto the victor's Obsidian Cage.
    Every warband at a targeted site leaves it, Hospital's patients too (D2)."""
    cage = caged(s, PL.ATTACKER_SIDE)
    for slot in range(N_SLOTS):
        if s["tgt_slot"][slot] and B.site_colour(s, slot) >= 0:
            col = B.site_colour(s, slot)
            k = s["site_warbands"][slot, col]
            s["site_warbands"][slot, col] = 0
            owner = CHANCELLOR if col == PURPLE else s["defender"]
            if cage:
                s["cage_warbands"][col] += k
            else:
                s["board_warbands"][owner] += k
            s["force_site"][slot] = 0
    for k in range(s["n_players"]):
        if cage and s["force_board"][k] > 0:
            s["board_warbands"][k] -= s["force_board"][k]
            s["cage_warbands"][board_colour(s, k)] += s["force_board"][k]
            s["force_board"][k] = 0
    s["actor"] = p
    occupy_next(s, p, 0)


@kernel
def occupy_next(s, p, start):
    """O5.5.7 I: for each targeted site in turn, how many warbands of your force move onto it."""
    for slot in range(start, N_SLOTS):
        if (s["tgt_slot"][slot] and s["board_warbands"][p] > 0 and B.site_colour(s, slot) < 0
                and B.places_at_sites(s, p)):
            s["camp_slot"] = slot
            s["phase"] = PH_CAMPAIGN_OCCUPY
            return
    spoils(s, p)


@shell_kernel
def occupy(s, p, k):
    slot = s["camp_slot"]
    s["board_warbands"][p] -= k
    s["site_warbands"][slot, board_colour(s, p)] += k
    occupy_next(s, p, slot + 1)


@shell_kernel
def spoils(s, p):
    """O5.5.7 II-III: targeted relics change hands (and Relic Hunter's user may put the ones it
    took at sites under the relic deck), then the banners (seized ones lose tokens), then the
    pawn may be banished and half the favor burned."""
    hunted = False
    for r in range(FIRST_RELIC, FIRST_VISION):
        if s["tgt_card"][r]:
            M.take_relic(s, p, r)
            hunted = hunted or s["tgt_card"][r] == TGT_HUNTED
    if hunted:
        s["react_card"] = RELIC_HUNTER
        s["phase"] = PH_REACT
        s["actor"] = p
        return
    banners_and_pawn(s, p)


@kernel
def relic_hunter_legal(s, mask):
    """A relic Relic Hunter took to put under the relic deck (CARD), or keep the rest (END)."""
    for r in range(FIRST_RELIC, FIRST_VISION):
        if s["tgt_card"][r] == TGT_HUNTED:
            mask[A.CARD + r] = 1
    mask[A.END] = 1


@shell_kernel
def answer_relic_hunter(s, a):
    p = s["current"]
    if a != A.END:
        r = a - A.CARD
        C.relic_push_bottom(s, r)
        s["tgt_card"][r] = 0
        mask = np.zeros(A.N_ACTIONS, dtype=np.int8)
        relic_hunter_legal(s, mask)
        if mask.sum() > 1:
            return  # more relics to keep or put back
    s["react_card"] = 0
    banners_and_pawn(s, p)


@kernel
def banners_and_pawn(s, p):
    if s["tgt_pf"]:
        M.seize_pf(s, p)
    if s["tgt_ds"]:
        M.seize_ds(s, p)
    if s["tgt_pawn"] and s["plan_flags"][PL.ATTACKER_SIDE] & E.F_BURN_SECRETS:
        burn_secrets_but_one(s, s["defender"])
    if s["tgt_pawn"]:
        s["phase"] = PH_CAMPAIGN_BANISH
    else:
        end(s, p)


@kernel
def banish_chooser(s, p):
    """Who picks the banished defender's destination: the attacker, unless an enemy of the
    defender rules the Shrouded Wood they stand in (D1)."""
    q = M.shrouded_chooser(s, s["defender"])
    return p if q < 0 else q


@kernel
def destinations(s, mask):
    """Any site the defender could travel to, for free (O5.5.7 III)."""
    q = s["defender"]
    here = s["pawn"][q]
    for slot in range(N_SLOTS):
        if slot != here and M.travel_cost(s, q, slot) >= 0:
            mask[A.SLOT + slot] = 1


@shell_kernel
def banish_legal(s, p, mask):
    """The attacker banishes (a SLOT; OPTION 0 when the Shrouded Wood's ruler picks where) or
    leaves the defender (END)."""
    if banish_chooser(s, p) == p:
        destinations(s, mask)
    else:
        mask[A.OPTION + 0] = 1
    mask[A.END] = 1


@shell_kernel
def banish(s, p, a):
    if a == A.OPTION + 0:
        s["phase"] = PH_BANISH_WHERE
        s["actor"] = banish_chooser(s, p)
        return
    if a != A.END:
        banish_to(s, p, a - A.SLOT)
        return
    after_banish(s, p)


@kernel
def banish_to(s, p, to):
    q = s["defender"]
    s["actor"] = p
    s["pawn"][q] = to
    if not s["slot_faceup"][to]:
        M.reveal(s, to)
    after_banish(s, p)


@kernel
def burn_secrets_but_one(s, q):
    """Book Burning (D2): the defender burns every secret on their board but one."""
    keep = 1
    s["secrets"][q] = min(s["secrets"][q], keep)
    s["secrets_down"][q] = min(s["secrets_down"][q], keep - s["secrets"][q])


@kernel
def favor_burned(s):
    """O5.5.7 III: half the defender's favor; all of it with Slander (D2)."""
    q = s["defender"]
    return s["favor"][q] if s["plan_flags"][PL.ATTACKER_SIDE] & E.F_BURN_ALL else s["favor"][q] // 2


@kernel
def after_banish(s, p):
    if favor_burned(s) > 0:
        s["phase"] = PH_CAMPAIGN_BURN
    else:
        end(s, p)


@shell_kernel
def burn(s, p, a):
    if a == A.OPTION + 0:
        q = s["defender"]
        k = favor_burned(s)
        s["favor"][q] -= k
        B.burn_favor(s, k)
    end(s, p)


@kernel
def end(s, p):
    """The campaign is over: Wild Mounts' question first, then the aftermath (O5.5.8)."""
    if s["wild_mounts"] == MOUNTS_UNASKED:
        u = PL.mounts_user(s)
        if u >= 0:
            s["wild_mounts"] = MOUNTS_ASKED
            s["react_card"] = PL.WILD_MOUNTS
            s["phase"] = PH_REACT
            s["actor"] = u
            return
    martial = PL.aftermath(s)
    if s["defender"] != BANDITS:
        PS.reaction_due(s, PS.REACT_HERALD, p)  # D2: after a campaign against a player
    sneak = PS.holder_of(s, PS.SNEAK_ATTACK)
    if sneak >= 0 and sneak != p:  # D2: after another player's campaign
        s["react_due"] |= 1 << PS.REACT_SNEAK_ATTACK
    s["non_imperial"] = -1
    s["defender"] = NOBODY
    s["camp_from"] = -1
    clear_targets(s)  # none outside a campaign (Giant Python's check relies on it)
    s["force_site"][:] = 0
    s["force_board"][:] = 0
    s["actor"] = p
    s["phase"] = PH_ACT
    if martial >= 0:  # Martial Culture (D2): its user may become a Citizen now
        s["react_card"] = PS.MARTIAL_CULTURE
        s["phase"] = PH_REACT
        s["actor"] = martial


# ================================================================== Wild Mounts (D2)
@shell_kernel
def wild_mounts_legal(s, mask):
    """A Beast card its user rules to discard instead of their Nomad plans (CARD), or not (END)."""
    u = s["actor"]
    for c in range(1, N_CARDS):
        if PL.beast_to_discard(s, u, c):
            mask[A.CARD + c] = 1
    mask[A.END] = 1


@shell_kernel
def answer_wild_mounts(s, a):
    u = s["actor"]
    if a != A.END:
        M.discard_card(s, u, a - A.CARD)
        s["wild_mounts"] = MOUNTS_SPARED
    s["react_card"] = 0
    end(s, s["current"])


# ================================================================== Second Wind (D2)
@shell_kernel
def second_wind_legal(s, p, mask):
    """Any site p could travel to, spending no Supply (SLOT), or staying (END)."""
    for slot in range(N_SLOTS):
        if M.travel_cost(s, p, slot) >= 0:
            mask[A.SLOT + slot] = 1
    mask[A.END] = 1


@kernel
def ask_second_wind(s):
    """Once the victorious campaign's action is over: the travel (a power's travel, O7.6.2), then
    the free campaign offered as Hunting Party's is."""
    s["free_campaign"] = FREE_OFFERED
    s["react_card"] = SECOND_WIND
    s["phase"] = PH_REACT
    s["actor"] = s["current"]


@shell_kernel
def second_wind_travel(s, a):
    p = s["current"]
    s["react_card"] = 0
    s["phase"] = PH_ACT
    if a != A.END:
        M.arrive(s, p, a - A.SLOT, False)


# ================================================================== Sneak Attack (D2)
@shell_kernel
def can_sneak_attack(s, h, q):
    """h could campaign naming q the defender (O5.5.1, Giant Python and Vow of Peace allowing)."""
    mask = np.zeros(A.N_ACTIONS, dtype=np.int8)
    if PS.may_campaign(s, h):
        defender_options(s, h, mask)
    return mask[A.SEAT + q] == 1


@shell_kernel
def ask_sneak_attack(s):
    """Once the campaign's action and its reactions are over: Sneak Attack's holder, if another
    player than the one who just campaigned and able to campaign against them, is asked (PH_REACT).
    True when asked."""
    s["react_due"] &= ~(1 << PS.REACT_SNEAK_ATTACK)
    h = PS.holder_of(s, PS.SNEAK_ATTACK)
    p = s["current"]
    if h < 0 or h == p or not can_sneak_attack(s, h, p):
        return False
    s["react_card"] = PS.SNEAK_ATTACK
    s["phase"] = PH_REACT
    s["actor"] = h
    return True


@shell_kernel
def answer_sneak_attack(s, campaign):
    """The holder campaigns against the player who just did, spending no Supply, in that player's
    turn: the holder is `current` (the attacker) until the campaign and its aftermath are over,
    the free campaign that turn may still offer kept aside (sneak_attack_over)."""
    h = s["actor"]
    p = s["current"]
    s["react_card"] = 0
    s["phase"] = PH_ACT
    s["actor"] = p
    if not campaign:
        return
    s["interrupted"] = p
    s["interrupted_free"] = s["free_campaign"]
    s["free_campaign"] = FREE_NONE
    s["current"] = h
    s["actor"] = h
    open_campaign(s, h, p)


@kernel
def sneak_attack_over(s):
    """The interrupted player's turn goes on in their Act phase, with their free campaign."""
    p = s["interrupted"]
    s["current"] = p
    s["actor"] = p
    s["free_campaign"] = s["interrupted_free"]
    s["interrupted"] = -1
    s["interrupted_free"] = FREE_NONE
