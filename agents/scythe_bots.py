"""Rule-based Scythe bots: numba policies over the state record, with named styles.

``policy(s, seat, style, mask, words, i)`` answers the decision pending in record ``s`` for
``seat`` with a legal action of ``mask``; ``act_states`` does a batch in one compiled call. The
policies read only what ``seat`` sees at the table (the facts ``encoders.scythe.encode`` shows
it): public board and tracks, opponents' card *counts*, its own hand, objectives, dial and cards.
They never read opponents' coins, cards, objectives or secret battle choices, the decks, the
factory cards (except while choosing one) or the state's ``rng`` word; the tests check this with
``envs.scythe.hidden.determinize``. Their only randomness is ``words[i]`` (tie-breaks and the
fallback to a random legal action), so a seeded bot replays exactly.

Styles (one policy, different weights and targets):

- ``BUILDER`` (``scythe.builder``): economy first. Produce on a village for workers, spread
  workers onto the resources the next bottom actions need, Trade for the missing ones, upgrade
  Produce and popularity, enlist and build for the ongoing bonuses, keep popularity up, and
  collect the upgrade / mech / structure / recruit / worker stars; it fights only sure battles.
- ``RUSHER`` (``scythe.rusher``): military first. Deploy mechs early (Speed and the combat
  ability first), Bolster power and cards, march the character and mechs at opponents' units
  and attack when its dial and cards beat what the defender can plausibly show, take their
  territories, chase both combat stars, and fill in the economy around it.

How a turn is chosen: every section is scored as its best top option plus its bottom action
(affordable with what the top option yields); each later decision of the turn re-derives the
same plan from the state. Movement uses breadth-first search under the real step rules
(``rules.board.can_step``): workers go where the production potential rises most, the character
to encounters and the Factory, mechs to free territories, to ferry workers across rivers, and
(rusher) to battles it expects to win. Combat: the opponent's hand is modelled as dealt from the
cards the bot has not seen, the opponent is assumed to dial its most and add its best cards, and
the bot commits the dial and cards with the best expected worth (which may be nothing at all).
"""

from __future__ import annotations

import sys

import numpy as np

from meeplegym import rng
from meeplegym.agents.base import EngineBot
from meeplegym.envs.scythe import actions as A
from meeplegym.envs.scythe import data
from meeplegym.envs.scythe.hidden import CARD_COUNTS, visible_hand_size
from meeplegym.envs.scythe.rules.board import (
    can_step,
    control,
    has_ability,
    is_tunnel_for,
    occupancy,
    units_at,
    workers_off_mat,
)
from meeplegym.envs.scythe.rules.bottom import any_placement, upgrade_targets
from meeplegym.envs.scythe.rules.combat import hand_size
from meeplegym.envs.scythe.rules.gains import star_count
from meeplegym.envs.scythe.rules.scoring import structure_bonus_count
from meeplegym.envs.scythe.rules.top import produce_cost_payable
from meeplegym.envs.scythe.state import (
    ABILITY_COMBAT,
    ABILITY_MOVEMENT,
    ABILITY_SPEED,
    BOTTOM_COINS,
    BOTTOM_COST,
    BOTTOM_RESOURCE,
    CHARACTER,
    CRIMEA,
    EFFECT_FACTORY,
    FACTION_BASE,
    FACTORY,
    FACTORY_SECTION,
    FIRST_MECH,
    FIRST_WORKER,
    LAKE,
    MAT_TOP,
    MAX_DIAL,
    MAX_PLAYERS,
    MIN_CARD_VALUE,
    N_BOTTOM,
    N_CARD_VALUES,
    N_LOCATIONS,
    N_MAT_SECTIONS,
    N_MECHS,
    N_RESOURCES,
    N_STRUCTURES,
    N_TERRITORIES,
    N_TOP_SLOTS,
    N_UNITS,
    N_WORKERS,
    NEIGHBOURS,
    NORDIC,
    PH_ARTILLERY,
    PH_BOTTOM,
    PH_BUILD_LOC,
    PH_BUILD_STRUCTURE,
    PH_CARDS,
    PH_COMBAT_ORDER,
    PH_DEPLOY_LOC,
    PH_DEPLOY_MECH,
    PH_DIAL,
    PH_EFFECT,
    PH_ENCOUNTER,
    PH_ENLIST_BONUS,
    PH_ENLIST_RECRUIT,
    PH_FACTORY_CARD_COST,
    PH_FACTORY_PICK,
    PH_MOVE_SELECT,
    PH_MOVE_UNIT,
    PH_OBJECTIVE,
    PH_PAY,
    PH_PRODUCE_AMOUNT,
    PH_PRODUCE_SELECT,
    PH_RETREAT,
    PH_SECTION,
    PH_TOP,
    PH_TRADE_LOC,
    PH_UPGRADE_FROM,
    PH_UPGRADE_TO,
    POLANIA,
    PRODUCE_COST,
    PRODUCT,
    ROB_AMOUNT,
    ROB_KIND,
    RUSVIET,
    SAXONY,
    SLOT_VALUE,
    SPECIAL_CANDIDATES,
    STAR_COMBAT,
    STAR_POPULARITY,
    STAR_POWER,
    STARS_TO_END,
    TERRAIN,
    TUNNELS,
    VILLAGE,
)
from meeplegym.game_kernels import bot_kernels
from meeplegym.jit import kernel, shell_kernel

BUILDER = 0
RUSHER = 1
STYLE_NAMES = ("builder", "rusher")

Op = data.Op
U = data.UpgradeSlot
MINE = int(data.Structure.MINE)
MONUMENT = int(data.Structure.MONUMENT)
ARMORY = int(data.Structure.ARMORY)
MILL = int(data.Structure.MILL)
TOP_MOVE = int(data.TopAction.MOVE)
TOP_BOLSTER = int(data.TopAction.BOLSTER)
TOP_TRADE = int(data.TopAction.TRADE)
TOP_PRODUCE_ACTION = int(data.TopAction.PRODUCE)
R_POWER = int(data.RecruitBonus.POWER)
R_COINS = int(data.RecruitBonus.COINS)
R_POPULARITY = int(data.RecruitBonus.POPULARITY)
R_CARDS = int(data.RecruitBonus.COMBAT_CARDS)
ENCOUNTER_PROGRAM = data.ENCOUNTER_PROGRAM
ENCOUNTER_COST = data.ENCOUNTER_COST
FACTORY_PROGRAM = data.FACTORY_PROGRAM
FACTORY_COST = data.FACTORY_COST
COST_COINS = int(data.CostKind.COINS)
COST_POPULARITY = int(data.CostKind.POPULARITY)
COST_POWER = int(data.CostKind.POWER)
COST_CARD = int(data.CostKind.COMBAT_CARD)
TRADE_FIRST = np.array([p[0] for p in A.TRADE_PAIRS], dtype=np.int64)
TRADE_SECOND = np.array([p[1] for p in A.TRADE_PAIRS], dtype=np.int64)
FAR = 99

# ---------------------------------------------------------------- style weights (coins-ish units)
W_UPG, W_DEP, W_BLD, W_ENL = 0, 1, 2, 3  # one more cube / mech / structure / recruit (index = bottom action)
W_WORKER = 4  # a worker produced while the mat still has workers
W_POWER = 5  # a point of power below the target
W_CARD = 6  # a combat card below the target hand size
W_POP = 7  # a point of popularity (x3 below 7, x1.8 below 13, x0.6 above: the end-game rates)
W_TERR = 8  # a territory held
W_ENC = 9  # the character reaching an encounter token
W_FACT = 10  # the character reaching the Factory before it holds a factory card
W_ATTACK = 11  # appetite for winning a battle while a combat star is still open (the star apart)
W_DISPLACE = 12  # each enemy worker sent home by walking in (popularity cost apart)
POWER_TARGET = 13  # power kept for fights (raised while an enemy fighter is near)
CARD_TARGET = 14  # hand size kept for fights
COERCE_HAND = 15  # Crimea: spend a card as a resource when holding at least this many
GAMMA = 16  # discount per extra step to a movement target
RISK = 17  # penalty for a worker next to an enemy character/mech

PARAMS = np.array(
    [
        # upg  dep  bld  enl  wkr  pow   card  pop  terr enc  fact atk   disp  ptgt ctgt coerce gamma risk
        [7.0, 6.5, 5.0, 6.0, 3.0, 0.35, 0.30, 1.3, 0.8, 5.0, 4.0, 4.0, -2.0, 6.0, 2.0, 1.0, 0.6, 1.5],  # builder
        [4.5, 8.0, 2.5, 4.5, 2.0, 1.00, 0.90, 0.7, 0.9, 4.0, 3.0, 14.0, 0.8, 12.0, 4.0, 4.0, 0.75, 0.2],  # rusher
    ],
    dtype=np.float64,
)
# value of one more step on each top-row slot (data.UpgradeSlot order) when choosing a cube
UPGRADE_SLOT_PREF = np.array(
    [
        # move units, move coins, bolster power, bolster cards, trade popularity, produce
        [3.0, 1.5, 2.0, 0.5, 4.0, 6.0],
        [6.0, 1.0, 5.0, 3.0, 2.0, 4.0],
    ],
    dtype=np.float64,
)
# order of mech abilities to unlock (riverwalk, movement, combat, speed): higher first
MECH_PREF = np.array([[3.0, 2.0, 1.0, 4.0], [2.0, 1.0, 3.0, 4.0]], dtype=np.float64)
# order of structures (mine, monument, armory, mill): higher first
STRUCTURE_PREF = np.array([[1.0, 3.0, 2.0, 4.0], [2.0, 3.0, 4.0, 1.0]], dtype=np.float64)
STAR_VALUE = 5.0  # a star on the triumph track, in coins (plus the end it brings nearer)
SURPLUS = 0.3  # a resource token beyond what the next actions need (scores half a coin pair)


# ================================================================ the seat's view
@kernel
def _i(x):
    return np.int64(x)


@kernel
def _slot(s, p, slot):
    return _i(SLOT_VALUE[slot, s["upgraded"][p, slot]])


@kernel
def _bottom_cost(s, p, b):
    return _i(BOTTOM_COST[s["mat"][p], b]) - _i(s["covered"][p, b])


@kernel
def _left(s, p, b):
    """How many more times bottom action b still gives its primary benefit."""
    if b == 0:
        cubes = 0
        for k in range(N_TOP_SLOTS):
            if s["upgraded"][p, k] == 0:
                cubes += 1
        return min(cubes, upgrade_targets(s, p))
    n = 0
    if b == 1:
        for m in range(N_MECHS):
            if s["unit_loc"][p, FIRST_MECH + m] < 0:
                n += 1
    elif b == 2:
        for k in range(N_STRUCTURES):
            if s["structure_loc"][p, k] < 0:
                n += 1
    else:
        for k in range(N_BOTTOM):
            if s["recruited"][p, k] == 0:
                n += 1
    return n


@kernel
def _structure_at(s, t):
    for q in range(s["n_players"]):
        for k in range(N_STRUCTURES):
            if s["structure_loc"][q, k] == t:
                return q
    return -1


@kernel
def _tokens(s, t):
    n = 0
    for r in range(N_RESOURCES):
        n += _i(s["resources"][t, r])
    return n


@kernel
def _enemy_fighters(s, p, t):
    """Characters and mechs of other seats on location t."""
    n = 0
    for q in range(s["n_players"]):
        if q != p:
            n += units_at(s, q, t, 0, FIRST_WORKER)
    return n


@kernel
def _enemy_workers(s, p, t):
    n = 0
    for q in range(s["n_players"]):
        if q != p:
            n += units_at(s, q, t, FIRST_WORKER, N_UNITS)
    return n


@kernel
def _fighter_owner(s, p, t):
    for q in range(s["n_players"]):
        if q != p and units_at(s, q, t, 0, FIRST_WORKER) > 0:
            return q
    return -1


@kernel
def _near_enemy(s, p, t):
    """An enemy character/mech stands on t or next to it."""
    if _enemy_fighters(s, p, t) > 0:
        return True
    for k in range(NEIGHBOURS.shape[1]):
        y = NEIGHBOURS[t, k]
        if y >= 0 and _enemy_fighters(s, p, y) > 0:
            return True
    return False


@kernel
def _stock(s, p, ctrl, out):
    out[:] = 0
    for t in range(N_TERRITORIES):
        if ctrl[t] == p:
            for r in range(N_RESOURCES):
                out[r] += s["resources"][t, r]


@kernel
def _coercion(s, p):
    if s["faction"][p] != CRIMEA or s["coercion_used"] == 1:
        return 0
    return 1 if hand_size(s, p) > 0 else 0


# ================================================================ values
@kernel
def _pop_step(pop, style):
    # the end-game rates step up at 7 and 13 (D4): a point below a threshold is worth most
    w = PARAMS[style, W_POP]
    if pop < 7:
        return 3.0 * w
    if pop < 13:
        return 1.8 * w
    if pop < 18:
        return 0.6 * w
    return 0.0


@kernel
def _chase(s, p):
    """How much the last stars matter: near the end the power/popularity tracks become goals."""
    stars = star_count(s, p)
    if stars >= STARS_TO_END - 1 or s["turn"] > 80 * s["n_players"]:
        return 3.0  # the last star ends the game (and a game must end)
    if stars >= 4 or s["turn"] > 50 * s["n_players"]:
        return 1.0  # late, or a long game: finish it through the tracks
    return 0.35 if stars == 3 else 0.1


@kernel
def popularity_value(s, p, style, delta):
    pop = _i(s["popularity"][p])
    value = 0.0
    if delta >= 0:
        for k in range(delta):
            if pop + k < 18:
                value += _pop_step(pop + k, style)
        if s["stars"][p, STAR_POPULARITY] == 0 and pop < 18:
            value += min(delta, 18 - pop) * STAR_VALUE * _chase(s, p) / (18 - pop)
    else:
        for k in range(-delta):
            if pop - k - 1 >= 0:
                value -= _pop_step(pop - k - 1, style)
    return value


@kernel
def _threat(s, p):
    """The highest power among opponents with a character/mech on or next to a territory
    where p has units (0 when nobody threatens p)."""
    best = 0
    for q in range(s["n_players"]):
        if q == p:
            continue
        for u in range(FIRST_WORKER):
            y = s["unit_loc"][q, u]
            if y < 0 or y >= N_TERRITORIES:
                continue
            near = units_at(s, p, y, 0, N_UNITS) > 0
            for k in range(NEIGHBOURS.shape[1]):
                z = NEIGHBOURS[y, k]
                if not near and 0 <= z < N_TERRITORIES and units_at(s, p, z, 0, N_UNITS) > 0:
                    near = True
            if near:
                best = max(best, _i(s["power"][q]))
                break
    return best


@kernel
def power_value(s, p, style, delta):
    pw = _i(s["power"][p])
    w = PARAMS[style, W_POWER]
    target = PARAMS[style, POWER_TARGET]
    threat = _threat(s, p)
    if threat > 0:  # an enemy fighter next door: keep enough power to defend
        target = max(target, min(threat + 2.0, 12.0))
        w = max(w, 0.8)
    value = 0.0
    if delta >= 0:
        for k in range(delta):
            if pw + k < 16:
                value += w if pw + k < target else 0.3 * w
        if s["stars"][p, STAR_POWER] == 0 and pw < 16:
            value += min(delta, 16 - pw) * STAR_VALUE * _chase(s, p) / (16 - pw)
    else:
        for k in range(-delta):
            if pw - k - 1 >= 0:
                value -= w if pw - k - 1 < target else 0.3 * w
    return value


@kernel
def cards_value(s, p, style, delta):
    held = hand_size(s, p)
    target = PARAMS[style, CARD_TARGET]
    w = PARAMS[style, W_CARD]
    value = 0.0
    for k in range(delta):
        value += w if held + k < target else 0.3 * w
    return value


@kernel
def bottom_value(s, p, style, b):
    """The primary benefit of bottom action b now (0 when nothing is left to gain)."""
    if _left(s, p, b) == 0:
        return 0.0
    value = PARAMS[style, b]
    if _left(s, p, b) == 1:
        value += STAR_VALUE * 0.6  # the star for completing the row
    return value


@kernel
def _resource_values(s, p, style, stock, need, hi):
    """hi[r]: value of a token of r while need[r] more are wanted (the next two uses of the
    bottom action paid with r); past that a token is worth SURPLUS."""
    for b in range(N_BOTTOM):
        r = BOTTOM_RESOURCE[b]
        left = _left(s, p, b)
        cost = _bottom_cost(s, p, b)
        if left > 0 and cost > 0:
            want = cost * min(left, 2)
            need[r] = max(0, want - stock[r])
            hi[r] = max(SURPLUS, bottom_value(s, p, style, b) / cost)
        else:
            need[r] = 0
            hi[r] = SURPLUS


@kernel
def _token_gain_value(r, k, need, hi):
    n = need[r]
    return hi[r] * min(k, n) + SURPLUS * max(0, k - n)


@kernel
def _territory_yield(s, p, style, t, k, need, hi, mat_left):
    """Value of producing with k producers on territory t."""
    terr = TERRAIN[t]
    if terr == VILLAGE:
        return PARAMS[style, W_WORKER] * min(k, mat_left)
    r = PRODUCT[terr]
    if r < 0:
        return 0.0
    return _token_gain_value(r, k, need, hi)


@kernel
def _potential(s, p, style, wc, need, hi, mat_left, slots):
    """What one Produce would yield with own workers wc[t] on each territory: the best `slots`
    territories plus the Mill's extra one."""
    mill = s["structure_loc"][p, MILL]
    top = np.zeros(4)
    mill_value = 0.0
    for t in range(N_TERRITORIES):
        k = wc[t]
        if t == mill:
            mill_value = _territory_yield(s, p, style, t, k + 1, need, hi, mat_left)
            continue
        if k == 0:
            continue
        v = _territory_yield(s, p, style, t, k, need, hi, mat_left)
        for j in range(slots):  # insertion into the best `slots`
            if v > top[j]:
                for m in range(slots - 1, j, -1):
                    top[m] = top[m - 1]
                top[j] = v
                break
    total = mill_value
    for j in range(slots):
        total += top[j]
    return total


@kernel
def _own_worker_counts(s, p, wc):
    wc[:] = 0
    for u in range(FIRST_WORKER, N_UNITS):
        t = s["unit_loc"][p, u]
        if 0 <= t < N_TERRITORIES:
            wc[t] += 1


# ================================================================ movement
@kernel
def _stops_at(s, p, u, y):
    """A unit that enters y may go no further this Move (S3.8, S3.9, S3.11)."""
    if y >= N_TERRITORIES:
        return False
    if u < FIRST_WORKER:
        if _enemy_fighters(s, p, y) > 0 or _enemy_workers(s, p, y) > 0:
            return True
        if u == CHARACTER and s["encounter_token"][y] == 1:
            return True
    return False


@kernel
def _bfs(s, p, u, x, cu, wk, ctrl, dist, first):
    """Steps from x for p's unit class of u under the real step rules (rules.board.can_step,
    with the engine's candidates: neighbours, tunnels and the own Mine, the movement ability's
    links), not beyond where the unit would have to stop; first[z] = the first step on a
    shortest way to z."""
    dist[:] = FAR
    first[:] = -1
    queue = np.empty(N_LOCATIONS, dtype=np.int64)
    dist[x] = 0
    head = 0
    tail = 1
    queue[0] = x
    special = u < FIRST_WORKER and has_ability(s, p, ABILITY_MOVEMENT)
    faction = s["faction"][p]
    mine = s["structure_loc"][p, MINE]
    while head < tail:
        y = queue[head]
        head += 1
        if y != x and _stops_at(s, p, u, y):
            continue
        n_cand = NEIGHBOURS.shape[1]
        tunnel = is_tunnel_for(s, p, y) or special
        if tunnel:
            n_cand += TUNNELS.shape[0] + 1
        if special:
            n_cand += SPECIAL_CANDIDATES.shape[1]
        for c in range(n_cand):
            if c < NEIGHBOURS.shape[1]:
                z = NEIGHBOURS[y, c]
            elif tunnel and c < NEIGHBOURS.shape[1] + TUNNELS.shape[0]:
                z = TUNNELS[c - NEIGHBOURS.shape[1]]
            elif tunnel and c == NEIGHBOURS.shape[1] + TUNNELS.shape[0]:
                z = mine
            else:
                k = c - NEIGHBOURS.shape[1] - (TUNNELS.shape[0] + 1 if tunnel else 0)
                z = SPECIAL_CANDIDATES[faction, k]
            if z < 0 or dist[z] != FAR:
                continue  # known already: no need to ask the rules again
            if can_step(s, p, u, y, z, cu, wk, ctrl):
                dist[z] = dist[y] + 1
                first[z] = z if y == x else first[y]
                queue[tail] = z
                tail += 1


@kernel
def _alone_at(s, p, u, x):
    """Unit u is p's only unit on territory x and no own structure holds it."""
    if x < 0 or x >= N_TERRITORIES:
        return False
    for v in range(N_UNITS):
        if v != u and s["unit_loc"][p, v] == x:
            return False
    for k in range(N_STRUCTURES):
        if s["structure_loc"][p, k] == x:
            return False
    return True


@kernel
def _best_cards(s, p, hand_extra, limit):
    """Sum of the best `limit` cards of p's hand (plus cards it committed, hand_extra)."""
    total = 0
    left = limit
    for v in range(N_CARD_VALUES - 1, -1, -1):
        have = _i(s["hand"][p, v]) + _i(hand_extra[v])
        take = min(have, left)
        total += take * (v + MIN_CARD_VALUE)
        left -= take
        if left == 0:
            break
    return total


@kernel
def _unseen_counts(s, p, out):
    """Combat cards p has not seen, by value: the deck minus its hand, its committed cards and
    the discard pile (what the opponents and the deck hold between them)."""
    for v in range(N_CARD_VALUES):
        out[v] = CARD_COUNTS[v] - _i(s["hand"][p, v]) - _i(s["discard"][v])
    side = -1
    if s["battle_loc"] >= 0:
        side = 0 if p == s["current"] else (1 if p == s["battle_defender"] else -1)
    if side >= 0:
        for v in range(N_CARD_VALUES):
            out[v] -= s["battle_cards"][side, v]
    for v in range(N_CARD_VALUES):
        out[v] = max(0, out[v])


@kernel
def _attack_value(s, p, style, t, arriving):
    """Expected worth of attacking the enemy character/mechs on t with `arriving` more own
    character/mechs (those already there count too); very negative when it looks lost."""
    q = _fighter_owner(s, p, t)
    mine_there = units_at(s, p, t, 0, FIRST_WORKER) + arriving
    limit = mine_there + (1 if _peoples_army(s, p, t) else 0)
    opp_limit = units_at(s, q, t, 0, FIRST_WORKER) + (1 if _peoples_army(s, q, t) else 0)
    hand = np.zeros(N_CARD_VALUES, dtype=np.int64)
    for v in range(N_CARD_VALUES):
        hand[v] = s["hand"][p, v]
    if s["faction"][q] == CRIMEA and has_ability(s, q, ABILITY_COMBAT):
        for v in range(N_CARD_VALUES):  # Scout takes a card: plan without the lowest
            if hand[v] > 0:
                hand[v] -= 1
                break
    my_power, opp_power = _powers_after_abilities(s, p, q, t)
    unseen = np.zeros(N_CARD_VALUES, dtype=np.int64)
    _unseen_counts(s, p, unseen)
    committed = np.zeros(N_CARD_VALUES, dtype=np.int64)
    cards = np.zeros(N_CARD_VALUES, dtype=np.int64)
    v_win = _win_value(s, p, style, t, True)
    ev, _, pwin = _commit(s, p, style, hand, committed, limit, min(MAX_DIAL, my_power), -1,
                          min(MAX_DIAL, opp_power), visible_hand_size(s, q), opp_limit, unseen, 0, v_win, cards)
    if pwin < 0.5 or ev <= 1.5:
        return -20.0
    workers = _enemy_workers(s, p, t)
    camaraderie = s["faction"][p] == POLANIA and has_ability(s, p, ABILITY_COMBAT)
    value = ev - (1.0 - pwin) * PARAMS[style, W_TERR]
    if not camaraderie:
        value += pwin * popularity_value(s, p, style, -workers)
    return value


@kernel
def _peoples_army(s, q, t):
    return s["faction"][q] == RUSVIET and has_ability(s, q, ABILITY_COMBAT) and units_at(s, q, t, FIRST_WORKER, N_UNITS) > 0


@kernel
def _powers_after_abilities(s, p, q, t):
    """Power of attacker p and defender q on t once the pre-combat abilities have hit: Disarm
    on tunnels (or the Saxon Mine), Artillery when the Nordic would use it."""
    my_power = _i(s["power"][p])
    opp_power = _i(s["power"][q])
    for k in range(2):
        a = p if k == 0 else q
        if not has_ability(s, a, ABILITY_COMBAT):
            continue
        if s["faction"][a] == SAXONY and t < N_TERRITORIES and is_tunnel_for(s, a, t):
            if k == 0:
                opp_power = max(0, opp_power - 2)
            else:
                my_power = max(0, my_power - 2)
        elif s["faction"][a] == NORDIC:
            if k == 0 and my_power >= 2 and opp_power >= 1:
                my_power -= 1
                opp_power = max(0, opp_power - 2)
            elif k == 1 and opp_power >= 2 and my_power >= 1:
                opp_power -= 1
                my_power = max(0, my_power - 2)
    return my_power, opp_power


@kernel
def _win_value(s, p, style, t, attacking):
    """What winning the battle on t is worth to p: the combat star if still open, holding the
    territory and its tokens, not sending own units home (and the style's appetite)."""
    value = 0.0
    if (s["stars"][p, STAR_COMBAT] < 2 or s["faction"][p] == SAXONY) and star_count(s, p) < STARS_TO_END:
        value += PARAMS[style, W_ATTACK] if attacking else 0.5 * PARAMS[style, W_ATTACK]
        value += STAR_VALUE * (2.0 if star_count(s, p) == STARS_TO_END - 1 else 1.0)
    # with no star left to win, only the territory is at stake (and it may well swing back)
    value += PARAMS[style, W_TERR] + SURPLUS * _tokens(s, t)
    value += 1.0 * units_at(s, p, t, FIRST_WORKER, N_UNITS)
    return value


@kernel
def _fighter_target(s, p, style, u, x, z, ctrl, wc, need, hi, mat_left, slots, p0, near, need_site, in_reach):
    """Worth of p's character/mech u (from x) standing on z after its move; in_reach: z can be
    reached within this Move (only then can it take workers along)."""
    if z < 0 or z >= N_TERRITORIES:
        return 0.0  # bases: only Wayfare; nothing to gain there
    if _enemy_fighters(s, p, z) > 0:
        return _attack_value(s, p, style, z, 1)
    value = 0.0
    enemy_w = _enemy_workers(s, p, z)
    if enemy_w > 0:
        value += enemy_w * PARAMS[style, W_DISPLACE] + popularity_value(s, p, style, -enemy_w)
    if u == CHARACTER:
        if s["encounter_token"][z] == 1:
            value += PARAMS[style, W_ENC]
        if z == FACTORY and s["factory_card"][p] < 0 and s["factory_pool"][0] >= 0:
            value += PARAMS[style, W_FACT]
    if ctrl[z] != p and units_at(s, p, z, 0, N_UNITS) == 0:
        claim = 1.0 if u != CHARACTER else 0.6
        value += claim * PARAMS[style, W_TERR] + SURPLUS * _tokens(s, z)
    if u >= FIRST_MECH and in_reach and need_site and wc[z] >= 2 and (x >= N_TERRITORIES or wc[x] == 0):
        value += 0.6 * bottom_value(s, p, style, 2)  # fetch workers to carry them to a free site
    if u >= FIRST_MECH and in_reach and x < N_TERRITORIES and wc[x] >= 2 and TERRAIN[z] != LAKE and enemy_w == 0:
        # ferry a worker to where it is worth more (workers cannot cross rivers on foot)
        gain = _worker_target(s, p, style, x, z, ctrl, wc, need, hi, mat_left, slots, p0, near, need_site)
        if ctrl[z] != p:
            gain -= PARAMS[style, W_TERR]  # the mech's own claim counted it
        value += max(0.0, gain)
    return value


@kernel
def _worker_target(s, p, style, x, z, ctrl, wc, need, hi, mat_left, slots, p0, near, need_site):
    """Change in worth when one of p's workers walks from x to territory z."""
    if z >= N_TERRITORIES or TERRAIN[z] == LAKE:
        return -1.0
    if x < N_TERRITORIES:
        wc[x] -= 1
    wc[z] += 1
    value = _potential(s, p, style, wc, need, hi, mat_left, slots) - p0
    wc[z] -= 1
    if x < N_TERRITORIES:
        wc[x] += 1
    if ctrl[z] != p:
        value += PARAMS[style, W_TERR]
    if near[z] == 1:
        value -= PARAMS[style, RISK]
    if need_site and wc[z] == 0 and _structure_at(s, z) < 0:
        value += 0.6 * bottom_value(s, p, style, 2)  # somewhere to build again
    return value


@kernel
def _plan_unit(s, p, style, u, cu, wk, ctrl, wc, need, hi, mat_left, slots, p0, near, need_site, dist, first):
    """(gain, target, first step) of moving p's unit u; gain <= 0 means better left alone."""
    x = s["unit_loc"][p, u]
    if x < 0:
        return -1.0, -1, -1
    _bfs(s, p, u, x, cu, wk, ctrl, dist, first)
    gamma = PARAMS[style, GAMMA]
    if s["selected"] == u and s["stepped"] >= 1:
        reach = _i(s["steps_left"])
    else:
        reach = (2 if u < FIRST_WORKER and has_ability(s, p, ABILITY_SPEED) else 1) + _i(s["factory_move"])
    best = -1e9
    target = -1
    for z in range(N_LOCATIONS):
        d = dist[z]
        if d == FAR or d == 0:
            continue
        if u >= FIRST_WORKER:
            v = _worker_target(s, p, style, x, z, ctrl, wc, need, hi, mat_left, slots, p0, near, need_site)
        else:
            v = _fighter_target(s, p, style, u, x, z, ctrl, wc, need, hi, mat_left, slots, p0, near, need_site, d <= reach)
        if v > 0:
            v *= gamma ** (d - 1)
        else:
            v -= 0.01 * d
        if v > best:
            best = v
            target = z
    if target < 0:
        return -1.0, -1, -1
    leave = 0.0
    if _alone_at(s, p, u, x):
        leave = PARAMS[style, W_TERR]
    return best - leave, target, first[target]


@kernel
def _econ(s, p, style, ctrl, stock, need, hi, wc, near):
    """Fill stock/need/hi/wc and near[t] (an enemy character/mech on or next to t); returns
    (mat workers left, produce slots, potential now, whether a structure needs a free site)."""
    _stock(s, p, ctrl, stock)
    _resource_values(s, p, style, stock, need, hi)
    _own_worker_counts(s, p, wc)
    for t in range(N_TERRITORIES):
        near[t] = 1 if _near_enemy(s, p, t) else 0
    mat_left = N_WORKERS - workers_off_mat(s, p)
    slots = _slot(s, p, U.PRODUCE_TERRITORIES)
    p0 = _potential(s, p, style, wc, need, hi, mat_left, slots)
    need_site = _left(s, p, 2) > 0 and not any_placement(s, p, ctrl, True)
    return mat_left, slots, p0, need_site


@kernel
def _move_gains(s, p, style, units_allowed, gains, steps, targets):
    """gains[u], steps[u], targets[u]: the planned move of every unit allowed
    (units_allowed[u] = 1): its worth, first step and destination."""
    ctrl = np.empty(N_TERRITORIES, dtype=np.int8)
    control(s, ctrl)
    cu = np.zeros((N_LOCATIONS, MAX_PLAYERS), dtype=np.int16)
    wk = np.zeros((N_LOCATIONS, MAX_PLAYERS), dtype=np.int16)
    occupancy(s, cu, wk)
    stock = np.zeros(N_RESOURCES, dtype=np.int64)
    need = np.zeros(N_RESOURCES, dtype=np.int64)
    hi = np.zeros(N_RESOURCES)
    wc = np.zeros(N_TERRITORIES, dtype=np.int64)
    near = np.zeros(N_TERRITORIES, dtype=np.int8)
    mat_left, slots, p0, need_site = _econ(s, p, style, ctrl, stock, need, hi, wc, near)
    dist = np.empty(N_LOCATIONS, dtype=np.int64)
    first = np.empty(N_LOCATIONS, dtype=np.int64)
    done_worker_loc = np.full(N_LOCATIONS, -1, dtype=np.int64)  # worker plans shared per location
    for u in range(N_UNITS):
        gains[u] = -1.0
        steps[u] = -1
        targets[u] = -1
        if units_allowed[u] == 0:
            continue
        x = s["unit_loc"][p, u]
        if x < 0:
            continue
        if u >= FIRST_WORKER and done_worker_loc[x] >= 0:
            w = done_worker_loc[x]
            gains[u] = gains[w] - 0.05  # the second worker from a stack gains a little less
            steps[u] = steps[w]
            targets[u] = targets[w]
            continue
        g, target, step = _plan_unit(s, p, style, u, cu, wk, ctrl, wc, need, hi, mat_left, slots, p0, near,
                                     need_site, dist, first)
        gains[u] = g
        steps[u] = step
        targets[u] = target
        if u >= FIRST_WORKER:
            done_worker_loc[x] = u


@kernel
def _move_total(s, p, style, count):
    """Worth of a Move of up to `count` units: the best `count` unit plans."""
    allowed = np.ones(N_UNITS, dtype=np.int8)
    gains = np.empty(N_UNITS)
    steps = np.empty(N_UNITS, dtype=np.int64)
    targets = np.empty(N_UNITS, dtype=np.int64)
    _move_gains(s, p, style, allowed, gains, steps, targets)
    order = np.argsort(-gains)
    total = 0.0
    for j in range(min(count, N_UNITS)):
        g = gains[order[j]]
        if g > 0:
            total += g
    return total


# ================================================================ sections and top actions
@kernel
def _bottom_worth(s, p, style, b, extra, ctrl, stock):
    """Taking bottom action b after the top action brought `extra` tokens (0 if unaffordable)."""
    r = BOTTOM_RESOURCE[b]
    cost = _bottom_cost(s, p, b)
    if stock[r] + extra[r] + _coercion(s, p) < cost:
        # part of the way there: the tokens gathered count through their own values
        return 0.0
    value = bottom_value(s, p, style, b) + _i(BOTTOM_COINS[s["mat"][p], b])
    if s["recruited"][p, b] == 1:
        value += _bonus_value(s, p, style, ROB_KIND[b], ROB_AMOUNT[b])
    if b == 1 and _left(s, p, b) > 0 and not any_placement(s, p, ctrl, False):
        value -= bottom_value(s, p, style, b)
    if b == 2 and _left(s, p, b) > 0 and not any_placement(s, p, ctrl, True):
        value -= bottom_value(s, p, style, b)
    return value - SURPLUS * cost


@kernel
def _bonus_value(s, p, style, kind, amount):
    if kind == R_POWER:
        return power_value(s, p, style, amount)
    if kind == R_COINS:
        return float(amount)
    if kind == R_POPULARITY:
        return popularity_value(s, p, style, amount)
    return cards_value(s, p, style, amount)


@kernel
def _produce_plan(s, p, style, slots, ctrl, need, hi, extra, free):
    """Worth of a Produce on the best `slots` territories (+ the Mill); extra[r] receives the
    tokens it would make."""
    mat_left = N_WORKERS - workers_off_mat(s, p)
    mill = s["structure_loc"][p, MILL] if free == 0 else -1
    vals = np.zeros(N_TERRITORIES)
    amount = np.zeros(N_TERRITORIES, dtype=np.int64)
    for t in range(N_TERRITORIES):
        if ctrl[t] != p:
            continue
        k = units_at(s, p, t, FIRST_WORKER, N_UNITS) + (1 if t == mill else 0)
        if TERRAIN[t] == VILLAGE:
            k = min(k, mat_left)
        elif PRODUCT[TERRAIN[t]] < 0:
            k = 0
        if k == 0:
            continue
        amount[t] = k
        vals[t] = _territory_yield(s, p, style, t, k, need, hi, mat_left)
    total = 0.0
    if mill >= 0 and amount[mill] > 0:
        total += vals[mill]
        if TERRAIN[mill] != VILLAGE:
            extra[PRODUCT[TERRAIN[mill]]] += amount[mill]
        vals[mill] = 0.0
    for _ in range(slots):
        best = -1
        for t in range(N_TERRITORIES):
            if vals[t] > 0 and (best < 0 or vals[t] > vals[best]):
                best = t
        if best < 0:
            break
        total += vals[best]
        if TERRAIN[best] != VILLAGE:
            extra[PRODUCT[TERRAIN[best]]] += amount[best]
        vals[best] = 0.0
    return total


@kernel
def _top_option_value(s, p, style, option, b, ctrl, stock, need, hi, with_bottom):
    """Worth of top option `option` (offset in the TOP block) followed by bottom action b
    (b < 0: none), for the current player p."""
    extra = np.zeros(N_RESOURCES, dtype=np.int64)
    value = 0.0
    coins = _i(s["coins"][p])
    if option == A.TOP_MOVE:
        value = _move_total(s, p, style, _slot(s, p, U.MOVE_UNITS))
    elif option == A.TOP_GAIN:
        gain = _slot(s, p, U.MOVE_COINS)
        value = float(gain) + 3.0 * max(0, min(3 - coins, gain))  # broke, nothing that costs $1 is open
    elif option == A.TOP_POWER or option == A.TOP_CARDS:
        if coins < 1:
            return -1e9
        value = -1.0
        if option == A.TOP_POWER:
            value += power_value(s, p, style, _slot(s, p, U.BOLSTER_POWER))
        else:
            value += cards_value(s, p, style, _slot(s, p, U.BOLSTER_CARDS))
        if s["structure_loc"][p, MONUMENT] >= 0:
            value += popularity_value(s, p, style, 1)
    elif option == A.TOP_POPULARITY or (A.TOP_TRADE_PAIR <= option < A.TOP_PRODUCE):
        if coins < 1:
            return -1e9
        value = -1.0
        if s["structure_loc"][p, ARMORY] >= 0:
            value += power_value(s, p, style, 1)
        if option == A.TOP_POPULARITY:
            value += popularity_value(s, p, style, _slot(s, p, U.TRADE_POPULARITY))
        else:
            pair = option - A.TOP_TRADE_PAIR
            r1 = TRADE_FIRST[pair]
            r2 = TRADE_SECOND[pair]
            value += _token_gain_value(r1, 1, need, hi)
            need_r1 = need[r1]
            need[r1] = max(0, need_r1 - 1)
            value += _token_gain_value(r2, 1, need, hi)
            need[r1] = need_r1
            extra[r1] += 1
            extra[r2] += 1
    else:  # Produce
        w = workers_off_mat(s, p)
        value = power_value(s, p, style, -_i(PRODUCE_COST[w, 0]))  # the worker-track cost (S6.1)
        value += popularity_value(s, p, style, -_i(PRODUCE_COST[w, 1])) - _i(PRODUCE_COST[w, 2])
        value += _produce_plan(s, p, style, _slot(s, p, U.PRODUCE_TERRITORIES), ctrl, need, hi, extra, 0)
    if with_bottom and b >= 0:
        value += _bottom_worth(s, p, style, b, extra, ctrl, stock)
    return value


@kernel
def _top_legal(s, p, option, ctrl, top):
    coins = _i(s["coins"][p])
    if top == TOP_MOVE:
        return option == A.TOP_MOVE or option == A.TOP_GAIN
    if top == TOP_BOLSTER:
        return (option == A.TOP_POWER or option == A.TOP_CARDS) and coins >= 1
    if top == TOP_TRADE:
        if coins < 1:
            return False
        if option == A.TOP_POPULARITY:
            return True
        if A.TOP_TRADE_PAIR <= option < A.TOP_PRODUCE:
            for t in range(N_TERRITORIES):
                if ctrl[t] == p and units_at(s, p, t, FIRST_WORKER, N_UNITS) > 0:
                    return True
        return False
    if option != A.TOP_PRODUCE:
        return False
    return produce_cost_payable(s, p)


@shell_kernel
def _section_value(s, p, style, k, ctrl, stock, need, hi):
    """Best top option of section k (or none) plus its bottom action."""
    if k == FACTORY_SECTION:
        value = max(0.0, _factory_top_value(s, p, style, s["factory_card"][p]))
        g = _move_total(s, p, style, 1)
        return value + max(0.0, g * 1.3)
    top = MAT_TOP[s["mat"][p], k]
    extra = np.zeros(N_RESOURCES, dtype=np.int64)
    best = _bottom_worth(s, p, style, k, extra, ctrl, stock)  # skip the top action
    for option in range(A.TOP_PRODUCE + 1):
        if _top_legal(s, p, option, ctrl, top):
            v = _top_option_value(s, p, style, option, k, ctrl, stock, need, hi, True)
            if v > best:
                best = v
    return best


# ================================================================ card programs
@kernel
def _op_value(s, p, style, op, amount, operand, need, hi, build_ok):
    if op == Op.COINS:
        return float(amount)
    if op == Op.POPULARITY:
        return popularity_value(s, p, style, amount)
    if op == Op.POWER:
        return power_value(s, p, style, amount)
    if op == Op.COMBAT_CARDS:
        return cards_value(s, p, style, amount)
    if op == Op.RESOURCE:
        return _token_gain_value(operand, amount, need, hi)
    if op == Op.ANY_RESOURCES:
        best = 0.0
        for r in range(N_RESOURCES):
            best = max(best, _token_gain_value(r, amount, need, hi))
        return best
    if op == Op.WORKER:
        return PARAMS[style, W_WORKER] * min(amount, N_WORKERS - workers_off_mat(s, p))
    if op == Op.BUILD:
        return bottom_value(s, p, style, 2) if build_ok else 0.0
    if op == Op.DEPLOY:
        return bottom_value(s, p, style, 1)
    if op == Op.ENLIST:
        return bottom_value(s, p, style, 3)
    if op == Op.UPGRADE:
        return bottom_value(s, p, style, 0)
    if op == Op.PRODUCE:
        ctrl = np.empty(N_TERRITORIES, dtype=np.int8)
        control(s, ctrl)
        extra = np.zeros(N_RESOURCES, dtype=np.int64)
        return _produce_plan(s, p, style, amount, ctrl, need, hi, extra, 1)
    return 0.0


@kernel
def _steps_value(s, p, style, prog, start, end, need, hi, build_ok):
    """Worth of the plain steps start..end-1 of a compiled program (no CHOOSE inside)."""
    value = 0.0
    for i in range(start, end):
        op = prog[i, 0]
        if op != Op.NOP and op != Op.CHOOSE:
            value += _op_value(s, p, style, op, _i(prog[i, 1]), _i(prog[i, 2]), need, hi, build_ok)
    return value


@kernel
def _program_value(s, p, style, prog, start, end, need, hi, build_ok):
    """Worth of running steps start..end-1 of a compiled program; a CHOOSE takes its best
    alternative (alternatives never nest; no recursion, which numba's cache mishandles)."""
    value = 0.0
    i = start
    while i < end:
        op = prog[i, 0]
        if op == Op.CHOOSE:
            amount = _i(prog[i, 1])
            width = _i(prog[i, 2])
            best = -1e9
            for k in range(amount):
                a0 = i + 1 + k * width
                best = max(best, _steps_value(s, p, style, prog, a0, a0 + width, need, hi, build_ok))
            value += best
            i = i + 1 + amount * width
            continue
        value += _steps_value(s, p, style, prog, i, i + 1, need, hi, build_ok)
        i += 1
    return value


@kernel
def _needs(s, p, style, need, hi):
    ctrl = np.empty(N_TERRITORIES, dtype=np.int8)
    control(s, ctrl)
    stock = np.zeros(N_RESOURCES, dtype=np.int64)
    _stock(s, p, ctrl, stock)
    _resource_values(s, p, style, stock, need, hi)


@kernel
def _factory_top_value(s, p, style, card):
    need = np.zeros(N_RESOURCES, dtype=np.int64)
    hi = np.zeros(N_RESOURCES)
    _needs(s, p, style, need, hi)
    value = _program_value(s, p, style, FACTORY_PROGRAM[card], 0, FACTORY_PROGRAM.shape[1], need, hi, True)
    for part in range(FACTORY_COST.shape[1]):
        kind = FACTORY_COST[card, part, 0]
        amount = _i(FACTORY_COST[card, part, 1])
        if kind == COST_COINS:
            if s["coins"][p] < amount:
                return -1e9
            value -= amount
        elif kind == COST_POPULARITY:
            if s["popularity"][p] < amount:
                return -1e9
            value += popularity_value(s, p, style, -amount)
        elif kind == COST_POWER:
            if s["power"][p] < amount:
                return -1e9
            value += power_value(s, p, style, -amount)
        elif kind == COST_CARD:
            if hand_size(s, p) < amount:
                return -1e9
            value -= amount * max(0.3, PARAMS[style, W_CARD])
    return value


@shell_kernel
def _encounter_option_value(s, p, style, card, k):
    need = np.zeros(N_RESOURCES, dtype=np.int64)
    hi = np.zeros(N_RESOURCES)
    _needs(s, p, style, need, hi)
    t = s["effect_loc"]
    build_ok = t >= 0 and _structure_at(s, t) < 0
    value = _program_value(s, p, style, ENCOUNTER_PROGRAM[card, k], 0, ENCOUNTER_PROGRAM.shape[2], need, hi, build_ok)
    kind = ENCOUNTER_COST[card, k, 0]
    amount = _i(ENCOUNTER_COST[card, k, 1])
    if kind == COST_COINS:
        value -= amount
    elif kind == COST_POPULARITY:
        value += popularity_value(s, p, style, -amount)
    return value


# ================================================================ combat
COMB = np.zeros((64, 64))  # binomial coefficients for the card odds
for _n in range(64):
    COMB[_n, 0] = 1.0
    for _k in range(1, _n + 1):
        COMB[_n, _k] = COMB[_n - 1, _k - 1] + (COMB[_n - 1, _k] if _k < _n else 0.0)
MAX_SHOW = 48


@kernel
def _opponent_cards_cdf(unseen, held, k, cdf):
    """cdf[x] = P(the best k of `held` cards dealt from the unseen pool sum to <= x)."""
    pmf = np.zeros(MAX_SHOW)
    total_unseen = 0
    for v in range(N_CARD_VALUES):
        total_unseen += unseen[v]
    held = min(held, total_unseen)
    weight = 0.0
    for c5 in range(min(unseen[3], held) + 1):
        for c4 in range(min(unseen[2], held - c5) + 1):
            for c3 in range(min(unseen[1], held - c5 - c4) + 1):
                c2 = held - c5 - c4 - c3
                if c2 > unseen[0]:
                    continue
                w = COMB[unseen[3], c5] * COMB[unseen[2], c4] * COMB[unseen[1], c3] * COMB[unseen[0], c2]
                left = k
                show = 0
                counts = (c2, c3, c4, c5)
                for v in range(N_CARD_VALUES - 1, -1, -1):
                    take = min(counts[v], left)
                    show += take * (v + MIN_CARD_VALUE)
                    left -= take
                pmf[min(show, MAX_SHOW - 1)] += w
                weight += w
    acc = 0.0
    for x in range(MAX_SHOW):
        acc += pmf[x]
        cdf[x] = acc / weight if weight > 0 else 1.0


@kernel
def _commit(s, p, style, hand, committed, limit, my_dial_max, fixed_dial, opp_dial, opp_held, opp_limit,
            unseen, tie, v_win, cards_out):
    """The commitment with the best expected worth, assuming the opponent dials its most and
    adds its best cards out of a hand dealt from the cards p has not seen.

    hand: p's cards available (with those already committed); committed: cards already added
    (kept); fixed_dial >= 0 when the dial is already set. Returns (worth, dial, win chance);
    cards_out[v] = the cards to have committed in all."""
    cdf = np.zeros(MAX_SHOW)
    _opponent_cards_cdf(unseen, opp_held, min(opp_limit, opp_held), cdf)
    order = np.zeros(16, dtype=np.int64)  # p's cards, best first, committed ones leading
    n_cards = 0
    for v in range(N_CARD_VALUES - 1, -1, -1):
        for _ in range(committed[v]):
            if n_cards < 16:
                order[n_cards] = v
                n_cards += 1
    n_fixed = n_cards
    for v in range(N_CARD_VALUES - 1, -1, -1):
        for _ in range(hand[v] - committed[v]):
            if n_cards < 16:
                order[n_cards] = v
                n_cards += 1
    max_cards = max(n_fixed, min(limit, n_cards))
    best_ev = -1e18
    best_dial = 0
    best_j = n_fixed
    best_p = 0.0
    lo_d = 0 if fixed_dial < 0 else fixed_dial
    hi_d = my_dial_max if fixed_dial < 0 else fixed_dial
    card_w = max(0.3, PARAMS[style, W_CARD])
    for d in range(lo_d, hi_d + 1):
        cost_d = -power_value(s, p, style, -d)
        csum = 0
        for j in range(n_cards + 1):
            if j > 0:
                csum += order[j - 1] + MIN_CARD_VALUE
            if j < n_fixed:
                continue
            if j > max_cards:
                break
            need = d + csum - opp_dial - tie  # the opponent's cards must sum to <= this
            if need < 0:
                pwin = 0.0
            elif need >= MAX_SHOW:
                pwin = 1.0
            else:
                pwin = cdf[need]
            ev = pwin * v_win - cost_d - (j - n_fixed) * card_w
            if d > 0 or j > 0:
                ev += (1.0 - pwin) * card_w  # the loser's consolation card
            if ev > best_ev + 1e-9:
                best_ev = ev
                best_dial = d
                best_j = j
                best_p = pwin
    cards_out[:] = 0
    for j in range(best_j):
        cards_out[order[j]] += 1
    return best_ev, best_dial, best_p


@kernel
def _combat_plan(s, p, style, side, cards_out):
    """The dial and cards p commits in the battle in progress; cards_out[v] = cards by value in
    all. Reads only p's hand and commitment, both power tracks, the card limits and the
    opponent's visible hand size."""
    q = s["battle_defender"] if side == 0 else s["current"]
    t = s["battle_loc"]
    committed = np.zeros(N_CARD_VALUES, dtype=np.int64)
    hand = np.zeros(N_CARD_VALUES, dtype=np.int64)
    for v in range(N_CARD_VALUES):
        committed[v] = s["battle_cards"][side, v]
        hand[v] = _i(s["hand"][p, v]) + committed[v]
    unseen = np.zeros(N_CARD_VALUES, dtype=np.int64)
    _unseen_counts(s, p, unseen)
    fixed = -1
    if s["phase"] == PH_CARDS:
        fixed = _i(s["dial"][side])  # own dial, already set
    v_win = _win_value(s, p, style, t, side == 0)
    _, dial, _ = _commit(s, p, style, hand, committed, _i(s["card_limit"][side]), min(MAX_DIAL, _i(s["power"][p])),
                         fixed, min(MAX_DIAL, _i(s["power"][q])), visible_hand_size(s, q), _i(s["card_limit"][1 - side]),
                         unseen, 0 if side == 0 else 1, v_win, cards_out)
    return dial


@kernel
def _battle_margin(s, p, t):
    """Own best showing minus the opponent's visible best dial, for ordering battles."""
    q = _fighter_owner(s, p, t)
    zero = np.zeros(N_CARD_VALUES, dtype=np.int64)
    mine = min(MAX_DIAL, _i(s["power"][p])) + _best_cards(s, p, zero, units_at(s, p, t, 0, FIRST_WORKER))
    return mine - min(MAX_DIAL, _i(s["power"][q])) - 3 * min(units_at(s, q, t, 0, FIRST_WORKER), visible_hand_size(s, q))


# ================================================================ choosing among legal actions
@kernel
def _argmax_masked(values, mask, offset, n, words, i):
    """The legal action offset+k with the highest values[k] (random among exact ties)."""
    best = -1e18
    count = 0
    pick = -1
    for k in range(n):
        if mask[offset + k] == 1:
            v = values[k]
            if v > best + 1e-9:
                best = v
                pick = offset + k
                count = 1
            elif abs(v - best) <= 1e-9:
                count += 1
                if rng.below_at(words, i, count) == 0:
                    pick = offset + k
    return pick


@kernel
def _choose_upgrade_from(s, p, style, mask, offset, words, i):
    values = np.zeros(N_TOP_SLOTS)
    for k in range(N_TOP_SLOTS):
        values[k] = UPGRADE_SLOT_PREF[style, k]
    return _argmax_masked(values, mask, offset, N_TOP_SLOTS, words, i)


@kernel
def _choose_upgrade_to(s, p, style, mask, offset, words, i):
    values = np.zeros(N_BOTTOM)
    for b in range(N_BOTTOM):
        values[b] = PARAMS[style, b] * (_left(s, p, b) + 0.5) + 0.1 * _bottom_cost(s, p, b)
    return _argmax_masked(values, mask, offset, N_BOTTOM, words, i)


@kernel
def _choose_mech(s, p, style, mask, offset, words, i):
    values = np.zeros(N_MECHS)
    for m in range(N_MECHS):
        values[m] = MECH_PREF[style, m]
    return _argmax_masked(values, mask, offset, N_MECHS, words, i)


@kernel
def _choose_structure(s, p, style, mask, offset, words, i):
    values = np.zeros(N_STRUCTURES)
    for k in range(N_STRUCTURES):
        values[k] = STRUCTURE_PREF[style, k]
    return _argmax_masked(values, mask, offset, N_STRUCTURES, words, i)


@kernel
def _choose_recruit(s, p, style, mask, offset, words, i):
    values = np.zeros(N_BOTTOM)
    for b in range(N_BOTTOM):
        values[b] = _bonus_value(s, p, style, ROB_KIND[b], ROB_AMOUNT[b]) * (1.0 + _left(s, p, b))
    return _argmax_masked(values, mask, offset, N_BOTTOM, words, i)


@kernel
def _choose_one_time(s, p, style, mask, offset, words, i):
    values = np.zeros(4)
    for k in range(4):
        values[k] = _bonus_value(s, p, style, k, 2)
    return _argmax_masked(values, mask, offset, 4, words, i)


@kernel
def _distance_to_enemy(s, p, t):
    """Hex distance (axial) from t to the nearest enemy unit on the map."""
    best = FAR
    for q in range(s["n_players"]):
        if q == p:
            continue
        for u in range(N_UNITS):
            y = s["unit_loc"][q, u]
            if 0 <= y < N_TERRITORIES:
                best = min(best, _hex_distance(t, y))
    return best


AXIAL_Q = np.array([t.q for t in data.TERRITORIES], dtype=np.int64)
AXIAL_R = np.array([t.r for t in data.TERRITORIES], dtype=np.int64)


@kernel
def _hex_distance(a, b):
    dq = AXIAL_Q[a] - AXIAL_Q[b]
    dr = AXIAL_R[a] - AXIAL_R[b]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


@kernel
def _choose_location(s, p, style, mask, words, i, kind):
    """A LOCATION for placing things. kind: 0 trade/any resources, 1 deploy, 2 build
    (structure pending in s['pending'] or the effect), 3 payment source, 4 retreat."""
    values = np.full(N_LOCATIONS, -1e9)
    ctrl = np.empty(N_TERRITORIES, dtype=np.int8)
    control(s, ctrl)
    need = np.zeros(N_RESOURCES, dtype=np.int64)
    hi = np.zeros(N_RESOURCES)
    _needs(s, p, style, need, hi)
    mat_left = N_WORKERS - workers_off_mat(s, p)
    for t in range(N_LOCATIONS):
        if mask[A.LOCATION + t] == 0:
            continue
        if t >= N_TERRITORIES:
            values[t] = 1.0 if t == FACTION_BASE[s["faction"][p]] else 0.0
            continue
        own_workers = units_at(s, p, t, FIRST_WORKER, N_UNITS)
        v = 0.0
        if kind == 0:
            v = own_workers - (2.0 if _near_enemy(s, p, t) else 0.0)
        elif kind == 1:
            if style == RUSHER:
                v = -_distance_to_enemy(s, p, t) + 0.1 * own_workers
            else:
                v = own_workers + (1.5 if _near_enemy(s, p, t) else 0.0) + (0.5 if t == FACTORY else 0.0)
        elif kind == 2:
            k = s["pending"]  # the structure chosen (bottom Build and factory card alike)
            if k == MILL:
                v = _territory_yield(s, p, style, t, own_workers + 1, need, hi, mat_left)
            elif 0 <= k < N_STRUCTURES:
                # what the structure-bonus tile would count with the structure here (the
                # engine's own count, on the record put back at once)
                old = s["structure_loc"][p, k]
                s["structure_loc"][p, k] = t
                v = 3.0 * structure_bonus_count(s, p)
                s["structure_loc"][p, k] = old
                v += 0.2 * own_workers - (1.0 if _near_enemy(s, p, t) else 0.0)
        elif kind == 3:
            r = s["pay_resource"]
            v = _i(s["resources"][t, r]) + (3.0 if _near_enemy(s, p, t) else 0.0)  # spend what could be lost
        values[t] = v
    return _argmax_masked(values, mask, A.LOCATION, N_LOCATIONS, words, i)


@kernel
def _choose_effect(s, p, style, mask, words, i):
    """A step of an encounter's or factory card's program."""
    if s["effect_source"] == EFFECT_FACTORY:
        prog = FACTORY_PROGRAM[s["effect_card"]]
    else:
        prog = ENCOUNTER_PROGRAM[s["effect_card"], s["effect_option"]]
    pc = s["effect_pc"]
    op = prog[pc, 0]
    amount = _i(prog[pc, 1])
    operand = _i(prog[pc, 2])
    if op == Op.CHOOSE:
        need = np.zeros(N_RESOURCES, dtype=np.int64)
        hi = np.zeros(N_RESOURCES)
        _needs(s, p, style, need, hi)
        values = np.zeros(3)
        for k in range(amount):
            a0 = pc + 1 + k * operand
            values[k] = _steps_value(s, p, style, prog, a0, a0 + operand, need, hi, True)
        return _argmax_masked(values, mask, A.OPTION, 3, words, i)
    if mask[A.LOCATION:A.AMOUNT].sum() > 0:
        kind = 0
        if op == Op.BUILD:
            kind = 2
        elif op == Op.DEPLOY:
            kind = 1
        return _choose_location(s, p, style, mask, words, i, kind)
    if op == Op.ANY_RESOURCES:
        need = np.zeros(N_RESOURCES, dtype=np.int64)
        hi = np.zeros(N_RESOURCES)
        _needs(s, p, style, need, hi)
        values = np.zeros(N_RESOURCES)
        for r in range(N_RESOURCES):
            values[r] = hi[r] if need[r] > 0 else SURPLUS
        return _argmax_masked(values, mask, A.GAIN_RESOURCE, N_RESOURCES, words, i)
    for k in range(A.MAX_AMOUNT, -1, -1):  # gains: take all that is offered
        if mask[A.AMOUNT + k] == 1:
            return A.AMOUNT + k
    if mask[A.STRUCTURE:A.RECRUIT].sum() > 0:
        return _choose_structure(s, p, style, mask, A.STRUCTURE, words, i)
    if mask[A.MECH:A.STRUCTURE].sum() > 0:
        return _choose_mech(s, p, style, mask, A.MECH, words, i)
    if mask[A.RECRUIT:A.ONE_TIME].sum() > 0:
        return _choose_recruit(s, p, style, mask, A.RECRUIT, words, i)
    if mask[A.ONE_TIME:A.BOTTOM_TAKE].sum() > 0:
        return _choose_one_time(s, p, style, mask, A.ONE_TIME, words, i)
    if mask[A.UPGRADE_FROM:A.UPGRADE_TO].sum() > 0:
        return _choose_upgrade_from(s, p, style, mask, A.UPGRADE_FROM, words, i)
    if mask[A.UPGRADE_TO:A.MECH].sum() > 0:
        return _choose_upgrade_to(s, p, style, mask, A.UPGRADE_TO, words, i)
    return rng.random_legal(mask, words, i)


@kernel
def _choose_move_unit(s, p, style, mask, words, i):
    """Load, step or stop for the selected unit."""
    u = s["selected"]
    x = s["unit_loc"][p, u]
    allowed = np.zeros(N_UNITS, dtype=np.int8)
    allowed[u] = 1
    gains = np.empty(N_UNITS)
    steps = np.empty(N_UNITS, dtype=np.int64)
    targets = np.empty(N_UNITS, dtype=np.int64)
    _move_gains(s, p, style, allowed, gains, steps, targets)
    step = steps[u]
    go = gains[u] > 0 or s["stepped"] == 0
    if s["stepped"] == 0 and 0 <= x < N_TERRITORIES and step >= 0:
        # take the resources along when nothing of ours will hold the territory
        if _alone_at(s, p, u, x) and _enemy_fighters(s, p, step) == 0:
            for r in range(N_RESOURCES):
                left = _i(s["resources"][x, r]) - _i(s["cargo_resources"][r])
                if left > 1 and mask[A.LOAD_ALL + r] == 1:
                    return A.LOAD_ALL + r
                if left == 1 and mask[A.LOAD_RESOURCE + r] == 1:
                    return A.LOAD_RESOURCE + r
        # a mech ferries workers that would rather be where it goes
        if FIRST_MECH <= u < FIRST_WORKER and step < N_TERRITORIES and TERRAIN[step] != LAKE \
                and _enemy_fighters(s, p, step) == 0 and _enemy_workers(s, p, step) == 0:
            here = 0
            loaded = 0
            for w in range(N_WORKERS):
                if s["unit_loc"][p, FIRST_WORKER + w] == x:
                    here += 1
                    loaded += s["cargo_workers"][w]
            goal = targets[u] if 0 <= targets[u] < N_TERRITORIES and TERRAIN[targets[u]] != LAKE else step
            if here - loaded >= 2 and _worker_move_gain(s, p, style, x, goal, loaded) > 0.3:
                for w in range(N_WORKERS):
                    if mask[A.LOAD_WORKER + w] == 1:
                        return A.LOAD_WORKER + w
    if s["stepped"] >= 1 and step == s["move_origin"][u]:
        go = False  # a second step straight back would undo the first
    if go and step >= 0 and mask[A.LOCATION + step] == 1:
        return A.LOCATION + step
    if mask[A.PASS] == 1:
        return A.PASS
    # no planned step is legal: the best single step by the same worth
    return _best_single_step(s, p, style, u, x, mask, words, i)


@shell_kernel
def _worker_move_gain(s, p, style, x, z, loaded):
    """Gain of carrying one more worker from x to z when `loaded` already ride along."""
    ctrl = np.empty(N_TERRITORIES, dtype=np.int8)
    control(s, ctrl)
    stock = np.zeros(N_RESOURCES, dtype=np.int64)
    need = np.zeros(N_RESOURCES, dtype=np.int64)
    hi = np.zeros(N_RESOURCES)
    wc = np.zeros(N_TERRITORIES, dtype=np.int64)
    near = np.zeros(N_TERRITORIES, dtype=np.int8)
    mat_left, slots, p0, need_site = _econ(s, p, style, ctrl, stock, need, hi, wc, near)
    wc[x] -= loaded
    wc[z] += loaded
    p0 = _potential(s, p, style, wc, need, hi, mat_left, slots)
    gain = _worker_target(s, p, style, x, z, ctrl, wc, need, hi, mat_left, slots, p0, near, need_site)
    if loaded > 0 and ctrl[z] != p:
        gain -= PARAMS[style, W_TERR]  # the first one already claims z
    return gain


@shell_kernel
def _best_single_step(s, p, style, u, x, mask, words, i):
    ctrl = np.empty(N_TERRITORIES, dtype=np.int8)
    control(s, ctrl)
    stock = np.zeros(N_RESOURCES, dtype=np.int64)
    need = np.zeros(N_RESOURCES, dtype=np.int64)
    hi = np.zeros(N_RESOURCES)
    wc = np.zeros(N_TERRITORIES, dtype=np.int64)
    near = np.zeros(N_TERRITORIES, dtype=np.int8)
    mat_left, slots, p0, need_site = _econ(s, p, style, ctrl, stock, need, hi, wc, near)
    values = np.full(N_LOCATIONS, -1e9)
    for z in range(N_LOCATIONS):
        if mask[A.LOCATION + z] == 1:
            if u >= FIRST_WORKER:
                values[z] = _worker_target(s, p, style, x, z, ctrl, wc, need, hi, mat_left, slots, p0, near, need_site)
            else:
                values[z] = _fighter_target(s, p, style, u, x, z, ctrl, wc, need, hi, mat_left, slots, p0, near, need_site, True)
    pick = _argmax_masked(values, mask, A.LOCATION, N_LOCATIONS, words, i)
    if pick < 0:
        return rng.random_legal(mask, words, i)
    return pick


# ================================================================ the policy
@shell_kernel
def policy(s, seat, style, mask, words, i):
    """A legal action of `mask` for `seat` in record `s`, by `style`; randomness from words[i].
    Returns -1 only when nothing is legal."""
    a = _decide(s, seat, style, mask, words, i)
    if a < 0 or a >= mask.shape[0] or mask[a] == 0:
        return rng.random_legal(mask, words, i)  # a decision the heuristics do not cover
    return a


@kernel
def _decide(s, seat, style, mask, words, i):
    p = seat
    ph = s["phase"]
    n_legal = 0
    only = -1
    for a in range(mask.shape[0]):
        if mask[a] == 1:
            n_legal += 1
            only = a
    if n_legal <= 1:
        return only
    if ph == PH_SECTION:
        ctrl = np.empty(N_TERRITORIES, dtype=np.int8)
        control(s, ctrl)
        stock = np.zeros(N_RESOURCES, dtype=np.int64)
        need = np.zeros(N_RESOURCES, dtype=np.int64)
        hi = np.zeros(N_RESOURCES)
        _stock(s, p, ctrl, stock)
        _resource_values(s, p, style, stock, need, hi)
        values = np.full(5, -1e9)
        for k in range(5):
            if mask[A.SECTION + k] == 1:
                values[k] = _section_value(s, p, style, k, ctrl, stock, need, hi)
        return _argmax_masked(values, mask, A.SECTION, 5, words, i)
    if ph == PH_TOP:
        if mask[A.FACTORY_TOP] == 1:
            return A.FACTORY_TOP if _factory_top_value(s, p, style, s["factory_card"][p]) > 0 else A.PASS
        ctrl = np.empty(N_TERRITORIES, dtype=np.int8)
        control(s, ctrl)
        stock = np.zeros(N_RESOURCES, dtype=np.int64)
        need = np.zeros(N_RESOURCES, dtype=np.int64)
        hi = np.zeros(N_RESOURCES)
        _stock(s, p, ctrl, stock)
        _resource_values(s, p, style, stock, need, hi)
        b = s["section"] if s["section"] < N_MAT_SECTIONS else -1
        extra = np.zeros(N_RESOURCES, dtype=np.int64)
        skip = _bottom_worth(s, p, style, b, extra, ctrl, stock) if b >= 0 else 0.0
        values = np.full(16, -1e9)
        for option in range(16):
            if mask[A.TOP + option] == 1:
                values[option] = _top_option_value(s, p, style, option, b, ctrl, stock, need, hi, True)
        pick = _argmax_masked(values, mask, A.TOP, 16, words, i)
        if pick < 0 or values[pick - A.TOP] <= skip:
            return A.PASS
        return pick
    if ph == PH_MOVE_SELECT:
        allowed = np.zeros(N_UNITS, dtype=np.int8)
        for u in range(N_UNITS):
            allowed[u] = mask[A.UNIT + u]
        gains = np.empty(N_UNITS)
        steps = np.empty(N_UNITS, dtype=np.int64)
        targets = np.empty(N_UNITS, dtype=np.int64)
        _move_gains(s, p, style, allowed, gains, steps, targets)
        values = np.full(N_UNITS, -1e9)
        for u in range(N_UNITS):
            if allowed[u] == 1 and steps[u] >= 0:
                values[u] = gains[u]
        pick = _argmax_masked(values, mask, A.UNIT, N_UNITS, words, i)
        if pick < 0 or values[pick - A.UNIT] <= 0.05:
            return A.PASS
        return pick
    if ph == PH_MOVE_UNIT:
        return _choose_move_unit(s, p, style, mask, words, i)
    if ph == PH_TRADE_LOC:
        return _choose_location(s, p, style, mask, words, i, 0)
    if ph == PH_PRODUCE_SELECT:
        need = np.zeros(N_RESOURCES, dtype=np.int64)
        hi = np.zeros(N_RESOURCES)
        _needs(s, p, style, need, hi)
        mat_left = N_WORKERS - workers_off_mat(s, p)
        values = np.full(N_LOCATIONS, -1e9)
        mill = s["structure_loc"][p, MILL] if s["produce_free"] == 0 else -1
        for t in range(N_TERRITORIES):
            if mask[A.LOCATION + t] == 1:
                k = units_at(s, p, t, FIRST_WORKER, N_UNITS) + (1 if t == mill else 0)
                values[t] = _territory_yield(s, p, style, t, k, need, hi, mat_left)
                if t == mill:
                    values[t] += 100.0  # the Mill's territory is a free extra one
        pick = _argmax_masked(values, mask, A.LOCATION, N_LOCATIONS, words, i)
        if pick < 0 or values[pick - A.LOCATION] <= 0:
            return A.PASS
        return pick
    if ph == PH_PRODUCE_AMOUNT:
        for k in range(A.MAX_AMOUNT, -1, -1):
            if mask[A.AMOUNT + k] == 1:
                return A.AMOUNT + k
    if ph == PH_BOTTOM:
        if s["section"] >= N_MAT_SECTIONS:
            return A.BOTTOM_TAKE if _move_total(s, p, style, 1) > 0 else A.PASS
        ctrl = np.empty(N_TERRITORIES, dtype=np.int8)
        control(s, ctrl)
        stock = np.zeros(N_RESOURCES, dtype=np.int64)
        _stock(s, p, ctrl, stock)
        extra = np.zeros(N_RESOURCES, dtype=np.int64)
        if _bottom_worth(s, p, style, s["section"], extra, ctrl, stock) > 0 and mask[A.BOTTOM_TAKE] == 1:
            return A.BOTTOM_TAKE
        return A.PASS
    if ph == PH_PAY:
        sources = mask[A.LOCATION:A.AMOUNT].sum()
        for v in range(N_CARD_VALUES):
            if mask[A.CARD + v] == 1 and (sources == 0 or hand_size(s, p) >= PARAMS[style, COERCE_HAND]):
                return A.CARD + v  # Coercion with the lowest card
        return _choose_location(s, p, style, mask, words, i, 3)
    if ph == PH_UPGRADE_FROM:
        return _choose_upgrade_from(s, p, style, mask, A.UPGRADE_FROM, words, i)
    if ph == PH_UPGRADE_TO:
        return _choose_upgrade_to(s, p, style, mask, A.UPGRADE_TO, words, i)
    if ph == PH_DEPLOY_MECH:
        return _choose_mech(s, p, style, mask, A.MECH, words, i)
    if ph == PH_DEPLOY_LOC:
        return _choose_location(s, p, style, mask, words, i, 1)
    if ph == PH_BUILD_STRUCTURE:
        return _choose_structure(s, p, style, mask, A.STRUCTURE, words, i)
    if ph == PH_BUILD_LOC:
        return _choose_location(s, p, style, mask, words, i, 2)
    if ph == PH_ENLIST_RECRUIT:
        return _choose_recruit(s, p, style, mask, A.RECRUIT, words, i)
    if ph == PH_ENLIST_BONUS:
        return _choose_one_time(s, p, style, mask, A.ONE_TIME, words, i)
    if ph == PH_OBJECTIVE:
        for k in range(2):
            if mask[A.REVEAL_OBJECTIVE + k] == 1:
                return A.REVEAL_OBJECTIVE + k  # a star now
        return A.PASS
    if ph == PH_COMBAT_ORDER:
        values = np.full(N_LOCATIONS, -1e9)
        for t in range(N_TERRITORIES):
            if mask[A.LOCATION + t] == 1:
                values[t] = _battle_margin(s, p, t)
        return _argmax_masked(values, mask, A.LOCATION, N_LOCATIONS, words, i)
    if ph == PH_ARTILLERY:
        side = 0 if p == s["current"] else 1
        q = s["battle_defender"] if side == 0 else s["current"]
        if s["power"][q] >= 1 and s["power"][p] >= 2:
            return A.USE_ABILITY
        return A.PASS
    if ph == PH_DIAL or ph == PH_CARDS:
        side = 0 if p == s["current"] else 1
        cards = np.zeros(N_CARD_VALUES, dtype=np.int64)
        dial = _combat_plan(s, p, style, side, cards)
        if ph == PH_DIAL:
            if mask[A.DIAL + dial] == 1:
                return A.DIAL + dial
            for d in range(MAX_DIAL, -1, -1):
                if mask[A.DIAL + d] == 1:
                    return A.DIAL + d
        for v in range(N_CARD_VALUES - 1, -1, -1):
            if cards[v] > s["battle_cards"][side, v] and mask[A.CARD + v] == 1:
                return A.CARD + v
        return A.PASS
    if ph == PH_RETREAT:
        return _choose_location(s, p, style, mask, words, i, 4)
    if ph == PH_ENCOUNTER:
        values = np.full(3, -1e9)
        for k in range(3):
            if mask[A.OPTION + k] == 1:
                values[k] = _encounter_option_value(s, p, style, s["effect_card"], k)
        pick = _argmax_masked(values, mask, A.OPTION, 3, words, i)
        if mask[A.PASS] == 1 and (pick < 0 or values[pick - A.OPTION] <= 0):
            return A.PASS
        return pick
    if ph == PH_EFFECT:
        return _choose_effect(s, p, style, mask, words, i)
    if ph == PH_FACTORY_PICK:
        values = np.full(6, -1e9)
        for k in range(6):
            if mask[A.FACTORY_PICK + k] == 1:
                values[k] = _factory_top_value(s, p, style, s["factory_pool"][k])
        return _argmax_masked(values, mask, A.FACTORY_PICK, 6, words, i)
    if ph == PH_FACTORY_CARD_COST:
        for v in range(N_CARD_VALUES):
            if mask[A.CARD + v] == 1:
                return A.CARD + v  # the lowest card
    return rng.random_legal(mask, words, i)


policy_at, act_states = bot_kernels(sys.modules[__name__], __name__)


# ================================================================ agents
class ScytheBot(EngineBot):
    """A rule-based Scythe bot of one style; reads ``info["state"]`` as its seat sees it."""

    name = "scythe.bot"
    policy_at = staticmethod(policy_at)
    act_states = staticmethod(act_states)
    rule_based = True


class BuilderBot(ScytheBot):
    """``scythe.builder``: economy first (see the module doc)."""

    name = "scythe.builder"
    style = BUILDER


class RusherBot(ScytheBot):
    """``scythe.rusher``: mechs, power and battles first (see the module doc)."""

    name = "scythe.rusher"
    style = RUSHER
