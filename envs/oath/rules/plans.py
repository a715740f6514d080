"""Battle plans (O5.5.3, O7.5), compiled: who may use which plan, paying for it, its dice and
marks at campaign step 3, and the aftermath (O5.5.8). The plans themselves are data
(``effects.PLANS``, compiled to ``PLAN_CLAUSES``).

The attacker (always `current`) uses plans first, one at a time; then the defender, then each
Imperial Ally in seat order. The bandits use every plan they rule that has no cost, picking
each sign in their own favour. A plan is used at most once per campaign, only by a player who
rules it (O7.5.1), and may be paid for even while it carries tokens (O7.5.3); a player paying
outside their own turn puts placed favor straight into the bank of the card's suit and flips
placed secrets facedown on their board (O7.1.2). A plan that would change nothing now is not
offered.
"""

from __future__ import annotations


from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath import effects as E
from meeplegym.envs.oath.rules import board as B
from meeplegym.envs.oath.rules import cards as C
from meeplegym.envs.oath.rules import major as M
from meeplegym.envs.oath.rules import minor as N
from meeplegym.envs.oath.rules import persistent as PS
from meeplegym.envs.oath.rules.setup import board_colour, move_from_bank
from meeplegym.envs.oath.state import (
    FREE_SECOND_WIND,
    MAX_PLAYERS,
    MAX_SITE_RELICS,
    MOUNTS_SPARED,
    MOUNTS_UNASKED,
    N_CARDS,
    N_SLOTS,
    N_SUITS,
    PH_CAMPAIGN_PLAN_SIGN,
    PH_CAMPAIGN_PLANS,
    PLAN_BANDITS,
    PURPLE,
    SIDE_EXILE,
    TGT_HUNTED,
    Z_ADVISER,
    Z_PERSONAL,
    Z_SITE,
)
from meeplegym.jit import kernel, shell_kernel

CLAUSES, N_CLAUSES, PLAN_SIDE = E.PLAN_CLAUSES, E.PLAN_N_CLAUSES, E.PLAN_SIDE
COST = B.COST
ATTACKER_SIDE, DEFENDER_SIDE = 0, 1
BANDITS = B.BANDITS
SUPPLY_MAX = D.SUPPLY_MAX
HOSPITAL = D.DENIZEN_BY_NAME["Hospital"].number
WILD_MOUNTS = D.DENIZEN_BY_NAME["Wild Mounts"].number
ARCANE, ORDER, BEAST, NOMAD = int(D.Suit.ARCANE), int(D.Suit.ORDER), int(D.Suit.BEAST), int(D.Suit.NOMAD)
USED_BY_ATTACKER, USED_BY_DEFENDER = int(D.Side.ATTACKER), int(D.Side.DEFENDER)  # bits of data.Side (EITHER: both)
MAX_DICE = 100  # far beyond any pool; keeps the int8 fields safe
# marks that alone change nothing now: no other plan on the side, or a discard afterwards
ONLY_RESTRICTING = E.F_EXCLUSIVE | E.F_DISCARD_AT_END | E.F_DISCARD_IF_DEFEATED | E.F_DISCARD_UNLESS_PF


@kernel
def on_side(s, q, side):
    """q belongs to the attacking side (the attacker) or the defending side (defender, Allies)."""
    if side == ATTACKER_SIDE:
        return q == s["current"]
    return q == s["defender"] or (q != s["current"] and s["ally"][q] == 1)


@kernel
def side_of(s, u):
    return ATTACKER_SIDE if u == s["current"] else DEFENDER_SIDE


@kernel
def rules_plan(s, u, c):
    """O7.5.1: the user rules the faceup plan (pawn presence is not enough); the bandits rule
    the cards at faceup sites without warbands."""
    if not s["faceup"][c]:
        return False
    zone = s["zone"][c]
    if u == BANDITS:
        return zone == Z_SITE and B.bandits_rule(s, s["where"][c])
    if zone == Z_ADVISER or zone == Z_PERSONAL:
        return s["where"][c] == u
    return zone == Z_SITE and B.rules_site(s, u, s["where"][c])


@kernel
def has_adviser(s, q, suit):
    for c in range(1, N_CARDS):
        if s["zone"][c] == Z_ADVISER and s["where"][c] == q and s["faceup"][c] and B.card_suit(s, c) == suit:
            return True
    return False


@kernel
def enemy_has_adviser(s, side, suit):
    for q in range(s["n_players"]):
        if on_side(s, q, 1 - side) and has_adviser(s, q, suit):
            return True
    return False


@kernel
def enemies_of(s, side):
    """The players on the other side, one bit per seat."""
    enemies = 0
    for q in range(s["n_players"]):
        if on_side(s, q, 1 - side):
            enemies |= 1 << q
    return enemies


@kernel
def side_holds(s, side, holder):
    return holder >= 0 and on_side(s, holder, side)


# where a side's force stands, by option k: the site in slot k, or the board of seat k - N_SLOTS (a
# sacrificing plan names its place as OPTION k)
FORCE_PLACES = N_SLOTS + MAX_PLAYERS


@kernel
def in_force_at(s, side, option):
    """Warbands of `side`'s force at OPTION `option` (a slot or a board, as in FORCE_PLACES)."""
    p = s["current"]
    if option < N_SLOTS:
        if side == ATTACKER_SIDE:
            return joins_force(s, p, option)
        if not s["tgt_slot"][option] or s["defender"] == BANDITS:
            return 0
        col = B.site_colour(s, option)
        return s["site_warbands"][option, col] if col >= 0 else 0
    q = option - N_SLOTS
    if q >= s["n_players"] or not on_side(s, q, side):
        return 0
    if side == DEFENDER_SIDE and not (s["pawn"][q] == attack_site(s, p) or s["tgt_slot"][s["pawn"][q]]):
        return 0
    return s["board_warbands"][q]


@kernel
def defending_force(s):
    """The warbands that would defend now (O5.5.4): at targeted sites (a bandit each when the
    bandits defend), and on the defending side's boards whose pawns stand at a targeted site or
    at the attacker's."""
    if s["defender"] == BANDITS:
        return s["tgt_slot"].sum()
    force = 0
    for option in range(FORCE_PLACES):
        force += in_force_at(s, DEFENDER_SIDE, option)
    return force


@kernel
def condition(s, u, side, c, cond):
    if cond == E.PC_ALWAYS:
        return True
    if cond == E.PC_ENEMY_HERE:
        return enemy_here(s, u, side)
    if cond == E.PC_HOLD_DS:
        return side_holds(s, side, s["ds_holder"])
    if cond == E.PC_ENEMY_ARCANE:
        return enemy_has_adviser(s, side, ARCANE)
    if cond == E.PC_ENEMY_NOMAD:
        return enemy_has_adviser(s, side, NOMAD)
    if cond == E.PC_ENEMY_NO_PF:
        return not side_holds(s, 1 - side, s["pf_holder"])
    if cond == E.PC_FORCE_LARGER:
        mine = attacking_force(s, s["current"])
        theirs = defending_force(s)
        return mine > theirs if side == ATTACKER_SIDE else theirs > mine
    if cond == E.PC_ORDER_TARGET:
        for d in range(1, N_CARDS):
            if s["zone"][d] == Z_SITE and s["tgt_slot"][s["where"][d]] and B.card_suit(s, d) == ORDER:
                return True
        return False
    if cond == E.PC_DEFENSE_POOL_4:
        return s["defense_dice"] >= 4
    return s["zone"][c] == Z_SITE and s["tgt_slot"][s["where"][c]] == 1  # PC_SITE_TARGETED


@shell_kernel
def side_rules(s, u, d):
    """d counts for u's plan: u rules it -- or, for the defender and the Allies, anyone of the
    defending side does ("you" on their plans is the whole side, O5.5.3)."""
    if u == BANDITS or side_of(s, u) == ATTACKER_SIDE:
        return rules_plan(s, u, d)
    for q in range(s["n_players"]):
        if on_side(s, q, DEFENDER_SIDE) and rules_plan(s, q, d):
            return True
    return False


@kernel
def side_adviser(s, u, d):
    """d is an adviser of u -- or, on the defence, of anyone of the defending side (O5.5.3)."""
    if s["zone"][d] != Z_ADVISER or u < 0:
        return False
    q = s["where"][d]
    return q == u or (side_of(s, u) == DEFENDER_SIDE and on_side(s, q, DEFENDER_SIDE))


@kernel
def scale(s, u, kind):
    if kind == E.PS_ONE:
        return 1
    if kind == E.PS_ENEMY_KILLED:
        side = DEFENDER_SIDE if u == BANDITS else side_of(s, u)
        return s["camp_killed"][1 - side]
    if kind == E.PS_SUITS_RULED:
        suits = 0
        for d in range(1, N_CARDS):
            suit = B.card_suit(s, d)
            if suit >= 0 and suit != ARCANE and side_rules(s, u, d):
                suits |= 1 << suit
        n = 0
        for b in range(N_SUITS):
            n += (suits >> b) & 1
        return n
    n = 0
    if kind == E.PS_TARGETED_SITE:
        for slot in range(N_SLOTS):
            n += s["tgt_slot"][slot]
        return n
    for d in range(1, N_CARDS):
        if not s["faceup"][d]:
            continue
        suit = B.card_suit(s, d)
        if kind == E.PS_BEAST_ADVISER:
            if suit == BEAST and side_adviser(s, u, d):
                n += 1
        elif kind == E.PS_NOMAD_RULED:
            if suit == NOMAD and side_rules(s, u, d):
                n += 1
        elif s["zone"][d] == Z_SITE and suit == BEAST:  # PS_BEAST_AT_SITES
            n += 1
    return n


@kernel
def clause_amounts(s, u, f, k):
    """The dice amount of clause k of plan face f, and its alternative (±A|B), both scaled."""
    row = CLAUSES[f, k]
    times = scale(s, u, row[E.K_SCALE])
    return row[E.K_N] * times, row[E.K_N2] * times


# ================================================================== who may use what
@kernel
def does_something(s, u, side, c, f):
    for k in range(N_CLAUSES[f]):
        effect = CLAUSES[f, k, E.K_EFFECT]
        if not condition(s, u, side, c, CLAUSES[f, k, E.K_COND]):
            continue
        if effect == E.PE_SACRIFICE:
            if sacrifice_places(s, side, 0) > 0:
                return True
        elif effect == E.PE_REGROUP:
            if u >= 0 and N.regroup_moves(s, u) > 0:
                return True
        elif effect == E.PE_HUNT:
            if hunt_options(s) > 0:
                return True
        elif effect == E.PE_HOSPITAL:
            if u >= 0 and side_force(s, side) > 0:
                return True
        elif effect == E.PE_MOUNTS:
            if u >= 0 and mounts_worth(s, u):
                return True
        elif effect == E.PE_PEACE and u >= 0:  # the cost and any surcharge, then a favor per die
            more_secrets, more_favor = PS.plan_surcharge(s, enemies_of(s, side))
            if B.can_afford(s, u, c, more_secrets, more_favor + s["defense_dice"]):
                return True
        elif effect != E.PE_FLAG or CLAUSES[f, k, E.K_N] & ~ONLY_RESTRICTING:
            return True
    return False


@kernel
def side_used_any(s, side):
    for c in range(1, N_CARDS):
        if s["plan_user"][c] > 0 and side_of_user(s, s["plan_user"][c]) == side:
            return True
    return False


@kernel
def side_of_user(s, user):
    """The side of a plan_user value (seat + 1, or PLAN_BANDITS)."""
    return DEFENDER_SIDE if user == PLAN_BANDITS else side_of(s, user - 1)


@kernel
def usable(s, u, c):
    f = C.face(s, c)
    if PLAN_SIDE[f] == 0 or s["plan_user"][c] != 0 or not rules_plan(s, u, c):
        return False
    side = ATTACKER_SIDE if u != BANDITS and side_of(s, u) == ATTACKER_SIDE else DEFENDER_SIDE
    if not PLAN_SIDE[f] & (USED_BY_ATTACKER if side == ATTACKER_SIDE else USED_BY_DEFENDER):
        return False
    if s["plan_flags"][side] & E.F_EXCLUSIVE:
        return False
    enemies = enemies_of(s, side)
    if PS.plan_barred(s, c, side == ATTACKER_SIDE, enemies):
        return False
    more_secrets, more_favor = PS.plan_surcharge(s, enemies)
    for k in range(N_CLAUSES[f]):
        row = CLAUSES[f, k]
        if row[E.K_EFFECT] == E.PE_FLAG and row[E.K_N] & E.F_EXCLUSIVE and side_used_any(s, side):
            return False
    if u == BANDITS:  # they pay nothing, so they use no plan that costs something, surcharges included
        if COST[f, 0] or COST[f, 1] or COST[f, 2] or COST[f, 3] or more_secrets or more_favor:
            return False
        for k in range(N_CLAUSES[f]):  # nor one that sacrifices or moves: bandits are no pieces
            if CLAUSES[f, k, E.K_EFFECT] == E.PE_SACRIFICE or CLAUSES[f, k, E.K_EFFECT] == E.PE_REGROUP:
                return False
    elif not B.can_afford(s, u, c, more_secrets, more_favor) or PS.spell_broken(s, u, c):
        return False
    return does_something(s, u, side, c, f)


@shell_kernel
def legal(s, u, mask):
    for c in range(1, N_CARDS):
        if usable(s, u, c):
            mask[A.CARD + c] = 1
    mask[A.END] = 1


@shell_kernel
def any_usable(s, u):
    for c in range(1, N_CARDS):
        if usable(s, u, c):
            return True
    return False


# ================================================================== using a plan
@kernel
def add_attack(s, k):
    """k attack dice more (or fewer); a die taken from an empty attack pool adds a defense die
    instead (O5.5.3)."""
    if k >= 0:
        s["attack_dice"] = min(MAX_DICE, s["attack_dice"] + k)
        return
    taken = min(-k, s["attack_dice"])
    s["attack_dice"] -= taken
    s["defense_dice"] = min(MAX_DICE, s["defense_dice"] + (-k - taken))


@kernel
def add_defense(s, k):
    s["defense_dice"] = min(MAX_DICE, max(0, s["defense_dice"] + k))


@kernel
def add_dice(s, effect, k):
    if effect == E.PE_ATTACK:
        add_attack(s, k)
    else:
        add_defense(s, k)


@shell_kernel
def signed_amount(s, u, f, k, option):
    """The amount OPTION `option` picks for signed clause k: +N, -N, then +M, -M (±N|M)."""
    n, n2 = clause_amounts(s, u, f, k)
    amount = n if option < 2 else n2
    return amount if option % 2 == 0 else -amount


@kernel
def n_signs(f, k):
    return 4 if CLAUSES[f, k, E.K_N2] > 0 and CLAUSES[f, k, E.K_EFFECT] != E.PE_WIN_FAVOR else 2


@kernel
def run_clauses(s, u, c, start):
    """Resolve the immediate clauses of plan c from `start`; False when a sign is asked."""
    f = C.face(s, c)
    side = DEFENDER_SIDE if u == BANDITS else side_of(s, u)
    for k in range(start, N_CLAUSES[f]):
        row = CLAUSES[f, k]
        if not condition(s, u, side, c, row[E.K_COND]):
            continue
        effect = row[E.K_EFFECT]
        if effect == E.PE_ATTACK or effect == E.PE_DEFENSE:
            if row[E.K_SIGNED]:
                if u == BANDITS:  # in the bandits' favour: fewer attack dice, more defense dice
                    n, n2 = clause_amounts(s, u, f, k)
                    most = max(n, n2)
                    add_dice(s, effect, -most if effect == E.PE_ATTACK else most)
                    continue
                s["plan_card"] = c
                s["plan_clause"] = k
                s["phase"] = PH_CAMPAIGN_PLAN_SIGN
                s["actor"] = u
                return False
            n, _ = clause_amounts(s, u, f, k)
            add_dice(s, effect, n)
        elif effect == E.PE_SUPPLY and u >= 0:
            s["supply"][u] = min(SUPPLY_MAX, s["supply"][u] + row[E.K_N])
        elif effect == E.PE_KILL_ATTACKER:
            kill_attackers(s, row[E.K_N])
        elif effect == E.PE_SACRIFICE:
            places = sacrifice_places(s, side, 0)
            if places == 0:
                continue
            if places > 1:  # the user picks where the warband dies
                s["plan_card"] = c
                s["plan_clause"] = k
                s["phase"] = PH_CAMPAIGN_PLAN_SIGN
                s["actor"] = u
                return False
            sacrifice_at(s, side, sacrifice_places(s, side, 1))
            add_defense(s, row[E.K_N])
        elif effect == E.PE_PEACE and u >= 0:
            make_peace(s, u, side)
        elif ((effect == E.PE_REGROUP and u >= 0 and N.regroup_moves(s, u) > 0)
              or (effect == E.PE_HUNT and hunt_options(s) > 0)):
            s["plan_card"] = c
            s["plan_clause"] = k
            s["phase"] = PH_CAMPAIGN_PLAN_SIGN
            s["actor"] = u
            return False
        elif effect == E.PE_FLAG:
            s["plan_flags"][side] |= row[E.K_N]
    return True


@kernel
def use(s, u, c):
    """u uses plan c; False while its dice wait on a sign."""
    if u != BANDITS:
        more_secrets, more_favor = PS.plan_surcharge(s, enemies_of(s, side_of(s, u)))
        B.pay_cost(s, u, c, more_secrets, more_favor)  # on a card carrying tokens too (O7.5.3)
        s["plan_user"][c] = u + 1
    else:
        s["plan_user"][c] = PLAN_BANDITS
    return run_clauses(s, u, c, 0)


@kernel
def sign_legal(s, mask):
    """The sign of a plan's dice (O7.5.4), or where a sacrificing plan's warband dies."""
    f = C.face(s, s["plan_card"])
    k = s["plan_clause"]
    if CLAUSES[f, k, E.K_EFFECT] == E.PE_REGROUP:
        N.regroup_legal(s, s["actor"], mask)
        mask[A.END] = 1
        return
    if CLAUSES[f, k, E.K_EFFECT] == E.PE_HUNT:
        for slot in range(N_SLOTS):
            if next_hunted(s, slot) > 0:
                mask[A.SLOT + slot] = 1
        mask[A.END] = 1
        return
    if CLAUSES[f, k, E.K_EFFECT] == E.PE_SACRIFICE:
        side = side_of(s, s["actor"])
        for option in range(FORCE_PLACES):
            if in_force_at(s, side, option) > 0:
                mask[A.OPTION + option] = 1
        return
    for option in range(n_signs(f, k)):
        mask[A.OPTION + option] = 1


@kernel
def answer_sign(s, u, a):
    """Apply the chosen sign, then the plan's remaining clauses; False if another sign is asked."""
    c = s["plan_card"]
    f = C.face(s, c)
    k = s["plan_clause"]
    if CLAUSES[f, k, E.K_EFFECT] == E.PE_REGROUP:
        if a != A.END:
            N.regroup(s, u, a)
            if N.regroup_moves(s, u) > 0:
                return False  # more warbands may move
        s["regroup_onto"] = 0
    elif CLAUSES[f, k, E.K_EFFECT] == E.PE_HUNT:
        if a != A.END:
            s["tgt_card"][next_hunted(s, a - A.SLOT)] = TGT_HUNTED
            add_defense(s, 1)
            if hunt_options(s) > 0:
                return False  # more relics may be targeted
    elif CLAUSES[f, k, E.K_EFFECT] == E.PE_SACRIFICE:
        side = side_of(s, u)
        sacrifice_at(s, side, a - A.OPTION)
        add_defense(s, CLAUSES[f, k, E.K_N])
    else:
        add_dice(s, CLAUSES[f, k, E.K_EFFECT], signed_amount(s, u, f, k, a - A.OPTION))
    s["plan_card"] = 0
    s["plan_clause"] = 0
    return run_clauses(s, u, c, k + 1)


@kernel
def enemy_leader(s, side):
    """Who leads the enemy of `side`: the defender (or the bandits), or the attacker."""
    return s["defender"] if side == ATTACKER_SIDE else s["current"]


@kernel
def enemy_here(s, u, side):
    """The enemy leader's pawn is at u's site (for the attacker, the site it campaigns at)."""
    q = enemy_leader(s, side)
    if u < 0 or q < 0:
        return False
    here = attack_site(s, u) if side == ATTACKER_SIDE else s["pawn"][u]
    return s["pawn"][q] == here


@kernel
def make_peace(s, u, side):
    """Peace Envoy (D2): u gives the enemy leader a favor per die in the defense pool; u's side is
    victorious at once and no warband of the other side dies."""
    q = enemy_leader(s, side)
    give = min(s["defense_dice"], B.spendable_favor(s, u))
    B.give_favor(s, u, q, give)
    s["plan_flags"][side] |= E.F_WIN_NOW
    s["plan_flags"][1 - side] |= E.F_NONE_KILLED


# ================================================================== the order of use
@kernel
def planner(s, k):
    """The k-th planner of the defending side: the defender, then the Allies by seat; -1: none."""
    if k == 0:
        return s["defender"]
    q = k - 1
    if q < s["n_players"] and q != s["defender"] and q != s["current"] and s["ally"][q]:
        return q
    return -1


@kernel
def offer(s):
    """Ask the next player with a usable plan (True), or finish step 3 (False). The bandits use
    theirs on their own."""
    while True:
        k = s["plan_next"]
        if (s["plan_flags"][ATTACKER_SIDE] | s["plan_flags"][DEFENDER_SIDE]) & E.F_WIN_NOW:
            return False  # a side is victorious immediately: no more plans
        if k == -1:
            q = s["current"]
        elif k > s["n_players"] or s["plan_flags"][ATTACKER_SIDE] & E.F_SILENCE_DEFENDER:
            return False
        else:
            q = planner(s, k)
        if q == BANDITS:
            for c in range(1, N_CARDS):
                if usable(s, BANDITS, c):
                    use(s, BANDITS, c)
        elif q >= 0 and any_usable(s, q):
            s["phase"] = PH_CAMPAIGN_PLANS
            s["actor"] = q
            return True
        s["plan_next"] += 1


@kernel
def attack_site(s, p):
    """The site p campaigns at: p's pawn's, or the one a power lets p campaign at as if the pawn
    were there (Captains, Wild Allies, D2)."""
    return s["camp_from"] if s["camp_from"] >= 0 else s["pawn"][p]


@kernel
def joins_force(s, p, slot):
    """p's warbands at `slot` that join p's attacking force: those at the site of a campaign waged
    through such a power, and with Vow of Union (D2) those at every site p rules -- unless they
    defend it (the site is a target: a Citizen's purple warbands, in a campaign against the
    Empire, O5.5.1) or are not p's in this campaign (a non-Imperial Citizen's)."""
    col = board_colour(s, p)
    if s["tgt_slot"][slot] or (col == PURPLE and s["non_imperial"] == p):
        return 0
    if slot == s["camp_from"] or (PS.holds(s, p, PS.VOW_OF_UNION) and B.rules_site(s, p, slot)):
        return s["site_warbands"][slot, col]
    return 0


@shell_kernel
def stationed(s, p):
    """p's warbands at sites that join p's attacking force (`joins_force`)."""
    n = 0
    for slot in range(N_SLOTS):
        n += joins_force(s, p, slot)
    return n


@kernel
def attacking_force(s, p):
    """O5.5.2: the warbands on p's board, and any stationed at the site p campaigns at."""
    return s["board_warbands"][p] + stationed(s, p)


@kernel
def kill_attackers(s, k):
    """k warbands of the attacking force die (as many as there are): those on the board first,
    then those at sites (`joins_force`) in slot order."""
    p = s["current"]
    k = min(k, attacking_force(s, p))
    col = board_colour(s, p)
    to = hospital_slot(s, ATTACKER_SIDE, col)
    fall(s, ATTACKER_SIDE, col, take_attackers(s, p, k), to)


@kernel
def take_attackers(s, p, k):
    """Take up to k warbands of p's attacking force off the map, the board's first, then those
    at sites in slot order; returns how many."""
    taken = min(k, s["board_warbands"][p])
    s["board_warbands"][p] -= taken
    col = board_colour(s, p)
    for slot in range(N_SLOTS):
        here = min(k - taken, joins_force(s, p, slot))
        s["site_warbands"][slot, col] -= here
        taken += here
    return taken


# ================================================================== dying, and Hospital (D2)
@kernel
def used_by_player_of(s, c, side):
    """Plan c was used in this campaign by a player (not the bandits) of `side`."""
    user = s["plan_user"][c]
    return user > 0 and user != PLAN_BANDITS and side_of_user(s, user) == side


@kernel
def hospital_slot(s, side, col):
    """Where `side`'s warbands of colour col go when they would die: Hospital's site while the
    player of that side who used it still rules it with warbands of that colour (their own, or
    the Empire's purple for an Imperial user); -1: they die. Asked before they leave their place,
    so that a warband at Hospital's site itself counts towards ruling it."""
    if not used_by_player_of(s, HOSPITAL, side) or s["zone"][HOSPITAL] != Z_SITE:
        return -1
    slot = s["where"][HOSPITAL]
    if not B.rules_site(s, s["plan_user"][HOSPITAL] - 1, slot) or B.site_colour(s, slot) != col:
        return -1
    return slot


@kernel
def fall(s, side, col, k, to):
    """k warbands of `side`, of colour col, already taken off where they stood, go to Hospital's
    site `to` -- or, for -1, die: back to their bank, counted for Cursed Cauldron."""
    if to >= 0:
        s["site_warbands"][to, col] += k
        return
    s["bank_warbands"][col] += k
    s["camp_killed"][side] += k


@shell_kernel
def side_force(s, side):
    """The warbands of `side`'s force now."""
    return attacking_force(s, s["current"]) if side == ATTACKER_SIDE else defending_force(s)


# ================================================================== Relic Hunter (D2)
@kernel
def next_hunted(s, slot):
    """The next facedown relic at targeted site `slot` that Relic Hunter may still target, in the
    order they were laid there (they are named by place, never by face); 0: none. Ancient
    Bloodline locks them all alike."""
    if not s["tgt_slot"][slot]:
        return 0
    for k in range(MAX_SITE_RELICS):
        r = C.site_relic(s, slot, k)
        if r == 0:
            return 0
        if not s["tgt_card"][r] and not M.locked(s, r):
            return r
    return 0


@kernel
def hunt_options(s):
    n = 0
    for slot in range(N_SLOTS):
        if next_hunted(s, slot) > 0:
            n += 1
    return n


# ================================================================== Wild Mounts (D2)
@kernel
def discarded_after(s, c, won, u):
    """Whether plan c, used by u (-1: the bandits) on a side that won or lost, is to be discarded
    once the campaign is over (O5.5.8)."""
    f = C.face(s, c)
    for k in range(N_CLAUSES[f]):
        row = CLAUSES[f, k]
        if row[E.K_EFFECT] != E.PE_FLAG:
            continue
        if row[E.K_N] & E.F_DISCARD_AT_END or (not won and row[E.K_N] & E.F_DISCARD_IF_DEFEATED):
            return True
        if row[E.K_N] & E.F_DISCARD_UNLESS_PF and not (u >= 0 and s["pf_holder"] == u):
            return True
    return False


@kernel
def beast_to_discard(s, u, c):
    """c is a faceup Beast card u rules and may discard (not a locked card, O7.2)."""
    return B.card_suit(s, c) == BEAST and rules_plan(s, u, c) and not M.LOCKED[c]


@shell_kernel
def mounts_worth(s, u):
    """Wild Mounts can change something: u rules a Beast card to discard and a faceup Nomad plan
    that a campaign's end may discard."""
    beast = False
    nomad = False
    for c in range(1, N_CARDS):
        beast = beast or beast_to_discard(s, u, c)
        if B.card_suit(s, c) == NOMAD and PLAN_SIDE[C.face(s, c)] != 0 and rules_plan(s, u, c):
            nomad = nomad or discarded_after(s, c, False, -1)
    return beast and nomad


@shell_kernel
def mounts_user(s):
    """The player Wild Mounts now asks whether to discard a Beast card instead of their Nomad
    plans: its user, when some Nomad plan they used is about to be discarded; -1: nobody."""
    if not (used_by_player_of(s, WILD_MOUNTS, ATTACKER_SIDE) or used_by_player_of(s, WILD_MOUNTS, DEFENDER_SIDE)):
        return -1
    user = s["plan_user"][WILD_MOUNTS]
    u = user - 1
    won = (side_of_user(s, user) == ATTACKER_SIDE) == (s["attack"] > s["defense"])
    nomad = False
    for c in range(1, N_CARDS):
        if (s["plan_user"][c] == user and B.card_suit(s, c) == NOMAD and on_display(s, c)
                and discarded_after(s, c, won, u)):
            nomad = True
    if not nomad:
        return -1
    for c in range(1, N_CARDS):
        if beast_to_discard(s, u, c):
            return u
    return -1


@kernel
def on_display(s, c):
    """c is faceup at a site or among advisers (a plan that can still be discarded)."""
    return s["faceup"][c] == 1 and (s["zone"][c] == Z_SITE or s["zone"][c] == Z_ADVISER)


# ================================================================== a plan's sacrifice (Wrestlers)
@kernel
def sacrifice_places(s, side, upto):
    """How many places hold warbands of `side`'s force; with upto > 0, the option of the upto-th
    such place instead (-1 if there are fewer)."""
    n = 0
    for option in range(FORCE_PLACES):
        if in_force_at(s, side, option) > 0:
            n += 1
            if n == upto:
                return option
    return n if upto == 0 else -1


@kernel
def sacrifice_at(s, side, option):
    """One warband of `side`'s force dies at OPTION `option` (a site's, or a board's)."""
    if option >= N_SLOTS:
        q = option - N_SLOTS
        col = board_colour(s, q)
        to = hospital_slot(s, side, col)
        s["board_warbands"][q] -= 1
    else:
        col = B.site_colour(s, option)
        to = hospital_slot(s, side, col)
        s["site_warbands"][option, col] -= 1
    fall(s, side, col, 1, to)


# ================================================================== the aftermath (O5.5.6, O5.5.8)
@kernel
def aftermath(s):
    """Victors' plans pay out, then the plans that say so are discarded; every mark is cleared.
    Returns the seat that Martial Culture lets become a Citizen, -1 for none."""
    attacker_won = s["attack"] > s["defense"]
    martial = -1
    mounted = s["plan_user"][WILD_MOUNTS] if s["wild_mounts"] == MOUNTS_SPARED else 0
    for c in range(1, N_CARDS):
        user = s["plan_user"][c]
        if user == 0:
            continue
        s["plan_user"][c] = 0
        side = side_of_user(s, user)
        won = (side == ATTACKER_SIDE) == attacker_won
        u = user - 1 if user != PLAN_BANDITS else -1
        f = C.face(s, c)
        discard = discarded_after(s, c, won, u) and not (user == mounted and B.card_suit(s, c) == NOMAD)
        for k in range(N_CLAUSES[f]):
            row = CLAUSES[f, k]
            effect = row[E.K_EFFECT]
            if won and u >= 0 and effect == E.PE_WIN_FAVOR:
                take = min(row[E.K_N], s["favor_bank"][row[E.K_N2]])
                s["favor_bank"][row[E.K_N2]] -= take
                B.add_favor(s, u, take)
            elif won and u >= 0 and effect == E.PE_WIN_WARBANDS:
                move_from_bank(s, u, clause_amounts(s, u, f, k)[0])
            elif won and u >= 0 and effect == E.PE_PARADE:
                parade(s, u, side)
            elif won and u >= 0 and effect == E.PE_MARTIAL and exile_beats_exile(s, u, side):
                martial = u
            elif won and u >= 0 and effect == E.PE_TRAVEL_CAMPAIGN:
                s["free_campaign"] = FREE_SECOND_WIND
        if discard and on_display(s, c):
            M.discard_card(s, u if u >= 0 else s["current"], c)
    s["plan_flags"][:] = 0
    s["wild_mounts"] = MOUNTS_UNASKED
    s["plan_next"] = -1
    return martial


@kernel
def exile_beats_exile(s, u, side):
    """Martial Culture (D2): u, an Exile, has defeated another Exile (the enemy side's leader)."""
    enemy = s["defender"] if side == ATTACKER_SIDE else s["current"]
    return s["side"][u] == SIDE_EXILE and enemy >= 0 and s["side"][enemy] == SIDE_EXILE


@kernel
def parade(s, u, side):
    """Military Parade (D2): u gains 1 favor from the bank of each faceup adviser of the enemy side."""
    for q in range(s["n_players"]):
        if on_side(s, q, 1 - side):
            for d in range(1, N_CARDS):
                if s["zone"][d] == Z_ADVISER and s["where"][d] == q and B.card_suit(s, d) >= 0:
                    B.gain_from_bank(s, u, B.card_suit(s, d), 1)
