"""Combat (S14) and the combat abilities (S13.3): battles after a Move, in the attacker's order.

A battle walks through ordered steps (``battle_step``), each either automatic or a decision of
the seat in ``actor``:

    0 attacker's pre-combat ability  (Artillery is a choice; Scout and Disarm are automatic)
    1 defender's pre-combat ability
    2 attacker's dial   3 attacker's cards   4 defender's dial   5 defender's cards
    6 reveal and resolve; a Nordic loser with Seaworthy may choose a lake to retreat to
    7 retreat, consolation card, combat star; then the next battle or the rest of the turn

The dial and cards are chosen one side after the other but stay hidden from the other side
until step 6 (the encoder shows only what a seat may see).
"""

import numpy as np

from meeplegym import rng
from meeplegym.envs.scythe import actions as A
from meeplegym.envs.scythe.data import Structure
from meeplegym.envs.scythe.rules.board import has_ability, touches, units_at, workers_on_territory
from meeplegym.envs.scythe.rules.gains import draw_cards, end_game, gain_popularity, gain_power, star_count
from meeplegym.envs.scythe.state import (
    ABILITY_COMBAT,
    ABILITY_MOVEMENT,
    CRIMEA,
    DISARM_INCLUDES_MINE,
    FACTION_BASE,
    FIRST_MECH,
    FIRST_WORKER,
    IS_TUNNEL,
    LAKE,
    MAX_COMBAT_STARS,
    MAX_DIAL,
    MIN_CARD_VALUE,
    N_CARD_VALUES,
    N_TERRITORIES,
    N_UNITS,
    NORDIC,
    PH_ARTILLERY,
    PH_CARDS,
    PH_COMBAT_ORDER,
    PH_DIAL,
    PH_RETREAT,
    POLANIA,
    RUSVIET,
    SAXONY,
    STAR_COMBAT,
    STARS_TO_END,
    TERRAIN,
)
from meeplegym.jit import kernel, shell_kernel

MINE = int(Structure.MINE)


@kernel
def _combat_units_at(s, p, t):
    return units_at(s, p, t, 0, FIRST_WORKER)


@kernel
def _defender_at(s, t):
    """The other player with a character/mech on t, or -1: a battle is pending there (S14.1)."""
    p = s["current"]
    if _combat_units_at(s, p, t) == 0:
        return -1
    for q in range(s["n_players"]):
        if q != p and _combat_units_at(s, q, t) > 0:
            return q
    return -1


@kernel
def battles_left(s):
    count = 0
    for t in range(N_TERRITORIES):
        if _defender_at(s, t) >= 0:
            count += 1
    return count


@kernel
def _side_seat(s, side):
    return s["current"] if side == 0 else s["battle_defender"]


# ---------------------------------------------------------------- the sequence of battles
@kernel
def begin_combats(s):
    """After a Move (S14.1): True when battles are pending and the attacker now orders them."""
    if battles_left(s) == 0:
        return False
    s["actor"] = s["current"]
    s["phase"] = PH_COMBAT_ORDER
    return True


@kernel
def legal_combat_order(s, mask):
    for t in range(N_TERRITORIES):
        if _defender_at(s, t) >= 0:
            mask[A.LOCATION + t] = 1


@kernel
def start_battle(s, t):
    p = s["current"]
    d = _defender_at(s, t)
    s["battle_loc"] = t
    s["battle_defender"] = d
    s["battle_step"] = 0
    s["battle_winner"] = -1
    s["dial"][:] = 0
    s["battle_cards"][:] = 0
    for side in range(2):
        q = p if side == 0 else d
        limit = _combat_units_at(s, q, t)  # one card per own character/mech there (S14.4)
        if s["faction"][q] == RUSVIET and has_ability(s, q, ABILITY_COMBAT) and workers_on_territory(s, q, t) > 0:
            limit += 1  # People's Army (S13.3)
        s["card_limit"][side] = limit


@kernel
def _automatic_ability(s, side):
    """Scout and Disarm, which need no decision (S13.3)."""
    q = _side_seat(s, side)
    opponent = _side_seat(s, 1 - side)
    if not has_ability(s, q, ABILITY_COMBAT):
        return
    faction = s["faction"][q]
    t = s["battle_loc"]
    if faction == CRIMEA:  # Scout: a random card from the opponent's hand
        held = 0
        for v in range(N_CARD_VALUES):
            held += s["hand"][opponent, v]
        if held > 0:
            pick = rng.below(s, held)
            for v in range(N_CARD_VALUES):
                if pick < s["hand"][opponent, v]:
                    s["hand"][opponent, v] -= 1
                    s["hand"][q, v] += 1
                    break
                pick -= s["hand"][opponent, v]
    elif faction == SAXONY:  # Disarm: on a tunnel (or the Saxony Mine, E3)
        if IS_TUNNEL[t] == 1 or (DISARM_INCLUDES_MINE and s["structure_loc"][q, MINE] == t):
            gain_power(s, opponent, -2)


@kernel
def _wants_artillery_choice(s, side):
    q = _side_seat(s, side)
    return s["faction"][q] == NORDIC and has_ability(s, q, ABILITY_COMBAT) and s["power"][q] >= 1


@kernel
def advance_battle(s):
    """Run automatic steps until a decision is needed. True when the combats are over."""
    while True:
        step = s["battle_step"]
        if step <= 1:
            if _wants_artillery_choice(s, step):
                s["actor"] = _side_seat(s, step)
                s["phase"] = PH_ARTILLERY
                return False
            _automatic_ability(s, step)
            s["battle_step"] = step + 1
        elif step <= 5:
            side = 0 if step <= 3 else 1
            s["actor"] = _side_seat(s, side)
            s["phase"] = PH_DIAL if step % 2 == 0 else PH_CARDS
            if s["phase"] == PH_CARDS and (s["card_limit"][side] == 0 or hand_size(s, s["actor"]) == 0):
                s["battle_step"] = step + 1  # nothing to add: only "done" would be legal
                continue
            return False
        elif step == 6:
            _reveal(s)
            if _retreat_choice(s):
                return False
            s["battle_step"] = 7
        else:
            return _finish_battle(s, -1)


@kernel
def hand_size(s, q):
    total = 0
    for v in range(N_CARD_VALUES):
        total += s["hand"][q, v]
    return total


# ---------------------------------------------------------------- decisions
@kernel
def legal_battle(s, mask):
    q = s["actor"]
    side = 0 if q == s["current"] else 1
    ph = s["phase"]
    if ph == PH_ARTILLERY:
        mask[A.PASS] = 1
        mask[A.USE_ABILITY] = 1
    elif ph == PH_DIAL:
        for d in range(min(MAX_DIAL, s["power"][q]) + 1):
            mask[A.DIAL + d] = 1
    elif ph == PH_CARDS:
        mask[A.PASS] = 1
        committed = 0
        for v in range(N_CARD_VALUES):
            committed += s["battle_cards"][side, v]
        if committed < s["card_limit"][side]:
            for v in range(N_CARD_VALUES):
                if s["hand"][q, v] > 0:
                    mask[A.CARD + v] = 1
    elif ph == PH_RETREAT:
        loser = _side_seat(s, 1 - s["battle_winner"])
        mask[A.LOCATION + FACTION_BASE[s["faction"][loser]]] = 1
        t = s["battle_loc"]
        for lake in range(N_TERRITORIES):
            if TERRAIN[lake] == LAKE and touches(t, lake) and _lake_open(s, loser, lake):
                mask[A.LOCATION + lake] = 1


@kernel
def apply_battle(s, a):
    """Returns True when the combats are over (or the game is): the caller moves on."""
    q = s["actor"]
    side = 0 if q == s["current"] else 1
    ph = s["phase"]
    if ph == PH_ARTILLERY:
        if a == A.USE_ABILITY:  # Artillery: pay 1 power, the opponent loses 2 (S13.3)
            gain_power(s, q, -1)
            gain_power(s, _side_seat(s, 1 - side), -2)
        s["battle_step"] += 1
    elif ph == PH_DIAL:
        s["dial"][side] = a - A.DIAL
        s["battle_step"] += 1
    elif ph == PH_CARDS:
        if a == A.PASS:
            s["battle_step"] += 1
        else:
            v = a - A.CARD
            s["hand"][q, v] -= 1
            s["battle_cards"][side, v] += 1
            return False
    else:
        return _finish_battle(s, a - A.LOCATION)
    return advance_battle(s)


# ---------------------------------------------------------------- resolution
@kernel
def _total(s, side):
    total = np.int32(s["dial"][side])
    for v in range(N_CARD_VALUES):
        total += s["battle_cards"][side, v] * (v + MIN_CARD_VALUE)
    return total


@kernel
def _reveal(s):
    """Both reveal; ties go to the attacker; dials are paid, cards discarded (S14.5-S14.6)."""
    attacker_total = _total(s, 0)
    defender_total = _total(s, 1)
    s["battle_winner"] = 0 if attacker_total >= defender_total else 1
    for side in range(2):
        gain_power(s, _side_seat(s, side), -s["dial"][side])


@kernel
def _lake_open(s, q, lake):
    """A lake the Nordic loser may retreat to: no enemy character/mech stands there."""
    for other in range(s["n_players"]):
        if other != q and _combat_units_at(s, other, lake) > 0:
            return False
    return True


@kernel
def _retreat_choice(s):
    """A losing Nordic with Seaworthy chooses home base or an adjacent lake (S14.8 [DECISION])."""
    loser = _side_seat(s, 1 - s["battle_winner"])
    if s["faction"][loser] != NORDIC or not has_ability(s, loser, ABILITY_MOVEMENT):
        return False
    t = s["battle_loc"]
    for lake in range(N_TERRITORIES):
        if TERRAIN[lake] == LAKE and touches(t, lake) and _lake_open(s, loser, lake):
            s["actor"] = loser
            s["phase"] = PH_RETREAT
            return True
    return False


@kernel
def _finish_battle(s, destination):
    """Retreat, popularity, consolation card and star (S14.7-S14.9). True when no battle is
    left (or the game ended); otherwise the attacker chooses the next one."""
    t = s["battle_loc"]
    winner_side = s["battle_winner"]
    winner = _side_seat(s, winner_side)
    loser = _side_seat(s, 1 - winner_side)
    base = FACTION_BASE[s["faction"][loser]]
    if destination < 0:
        destination = base
    mech_to_lake = False
    for u in range(FIRST_WORKER):
        if s["unit_loc"][loser, u] == t:
            s["unit_loc"][loser, u] = destination
            if u >= FIRST_MECH and destination != base:
                mech_to_lake = True
    workers = 0
    for u in range(FIRST_WORKER, N_UNITS):
        if s["unit_loc"][loser, u] == t:
            s["unit_loc"][loser, u] = destination if mech_to_lake else base
            workers += 1
    if winner_side == 0 and workers > 0:
        s["retreats_forced"] += workers
        camaraderie = s["faction"][winner] == POLANIA and has_ability(s, winner, ABILITY_COMBAT)
        if not camaraderie:
            gain_popularity(s, winner, -workers)
    for side in range(2):
        for v in range(N_CARD_VALUES):
            s["discard"][v] += s["battle_cards"][side, v]
    revealed = s["dial"][1 - winner_side]
    for v in range(N_CARD_VALUES):
        revealed += s["battle_cards"][1 - winner_side, v]
    s["battle_cards"][:] = 0
    if revealed > 0:
        draw_cards(s, loser, 1)  # consolation (S14.9)
    s["battle_loc"] = -1
    s["battle_defender"] = -1
    s["battle_winner"] = -1
    s["battle_step"] = 0
    s["dial"][:] = 0
    s["card_limit"][:] = 0
    s["actor"] = s["current"]
    if _combat_star(s, winner):
        return True
    if battles_left(s) > 0:
        s["phase"] = PH_COMBAT_ORDER
        return False
    return True


@shell_kernel
def _combat_star(s, q):
    """A combat star for the winner (max 2, Saxony unlimited); the 6th ends the game at once,
    and units that would still have fought go back where they came from (S14.10)."""
    if s["stars"][q, STAR_COMBAT] >= MAX_COMBAT_STARS and s["faction"][q] != SAXONY:
        return False
    if star_count(s, q) >= STARS_TO_END:
        return False
    s["stars"][q, STAR_COMBAT] += 1
    if star_count(s, q) < STARS_TO_END:
        return False
    p = s["current"]
    for t in range(N_TERRITORIES):
        if _defender_at(s, t) >= 0:
            for u in range(N_UNITS):
                if s["unit_loc"][p, u] == t and s["move_origin"][u] >= 0:
                    s["unit_loc"][p, u] = s["move_origin"][u]
    end_game(s)
    return True
