"""Track changes (S0.4), combat-card draws (S4.3), recruit bonuses (S10-S11), stars and the end
of the game (S18, S19.1)."""


from meeplegym import rng
from meeplegym.envs.scythe.data import RecruitBonus
from meeplegym.envs.scythe.rules.board import count_set, mechs_deployed, structures_built, workers_off_mat
from meeplegym.envs.scythe.rules.scoring import finish
from meeplegym.envs.scythe.state import (
    FIRST_MECH,
    FIRST_WORKER,
    MAX_POPULARITY,
    MAX_POWER,
    MIN_CARD_VALUE,
    N_BOTTOM,
    N_CARD_VALUES,
    N_STAR_KINDS,
    N_STRUCTURES,
    N_TOP_SLOTS,
    N_UNITS,
    PH_GAME_OVER,
    STAR_MECHS,
    STAR_POPULARITY,
    STAR_POWER,
    STAR_RECRUITS,
    STAR_STRUCTURES,
    STAR_UPGRADES,
    STAR_WORKERS,
    STARS_TO_END,
)
from meeplegym.jit import kernel


@kernel
def gain_power(s, p, amount):
    s["power"][p] = max(0, min(MAX_POWER, s["power"][p] + amount))


@kernel
def gain_popularity(s, p, amount):
    s["popularity"][p] = max(0, min(MAX_POPULARITY, s["popularity"][p] + amount))


@kernel
def gain_coins(s, p, amount):
    s["coins"][p] = max(0, s["coins"][p] + amount)


@kernel
def _reshuffle(s):
    n = 0
    for v in range(N_CARD_VALUES):
        for _ in range(s["discard"][v]):
            s["deck"][n] = v + MIN_CARD_VALUE
            n += 1
        s["discard"][v] = 0
    rng.shuffle(s, s["deck"], n)
    s["deck_size"] = n


@kernel
def draw_cards(s, p, count):
    """Draw from the top; an empty deck first takes the shuffled discard pile (S4.3)."""
    for _ in range(count):
        if s["deck_size"] == 0:
            _reshuffle(s)
            if s["deck_size"] == 0:
                return
        size = s["deck_size"] - 1
        s["hand"][p, s["deck"][size] - MIN_CARD_VALUE] += 1
        s["deck"][size] = 0
        s["deck_size"] = size


@kernel
def gain_bonus(s, p, kind, amount):
    """A recruit bonus (one-time slot or ongoing circle) of the given data.RecruitBonus kind."""
    if kind == RecruitBonus.POWER:
        gain_power(s, p, amount)
    elif kind == RecruitBonus.COINS:
        gain_coins(s, p, amount)
    elif kind == RecruitBonus.POPULARITY:
        gain_popularity(s, p, amount)
    else:
        draw_cards(s, p, amount)


@kernel
def star_count(s, p):
    total = 0
    for k in range(N_STAR_KINDS):
        total += s["stars"][p, k]
    return total


@kernel
def _award(s, p, kind, reached):
    if reached and s["stars"][p, kind] == 0 and star_count(s, p) < STARS_TO_END:
        s["stars"][p, kind] = 1


@kernel
def check_stars(s, p):
    """Place every star p has newly earned (S18.1); end the game at the 6th (S19.1).

    Returns True when the game ended.
    """
    _award(s, p, STAR_UPGRADES, count_set(s["upgraded"][p], N_TOP_SLOTS) == N_TOP_SLOTS)
    _award(s, p, STAR_MECHS, mechs_deployed(s, p) == FIRST_WORKER - FIRST_MECH)
    _award(s, p, STAR_STRUCTURES, structures_built(s, p) == N_STRUCTURES)
    _award(s, p, STAR_RECRUITS, count_set(s["recruited"][p], N_BOTTOM) == N_BOTTOM)
    _award(s, p, STAR_WORKERS, workers_off_mat(s, p) == N_UNITS - FIRST_WORKER)
    _award(s, p, STAR_POPULARITY, s["popularity"][p] >= MAX_POPULARITY)
    _award(s, p, STAR_POWER, s["power"][p] >= MAX_POWER)
    if star_count(s, p) >= STARS_TO_END:
        end_game(s)
        return True
    return False


@kernel
def end_game(s):
    s["phase"] = PH_GAME_OVER
    s["terminal"] = 1
    finish(s)
