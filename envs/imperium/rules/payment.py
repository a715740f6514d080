"""Paying a cost (I12 Pay, D5): whether a player can pay, and paying unit by unit, asking only
where more than one resource could pay the next unit."""

from __future__ import annotations

from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import effects as E
from meeplegym.envs.imperium.rules import zones as Z
from meeplegym.envs.imperium.rules.frames import (
    CHAN_BUDDHISM,
    GREAT_WEALTH,
    NEXT,
    _wait,
    is_alien,
    take_unrest,
)
from meeplegym.envs.imperium.state import (
    DEC_PAY,
    GDS,
    MAT,
    N_RESOURCES,
    POP,
    PRG,
    Z_PLAY,
)
from meeplegym.jit import kernel, shell_kernel

# ---------------------------------------------------------------- payment (I12 Pay)
@kernel
def payable(s, p, need):
    """Can p pay `need` (mat, pop, prg, gds) with I12 substitution: 1 prg or 1 gds for 1 pop or
    2 mat; prg and gds themselves have no substitute. The automa spends exactly what is asked
    (I14.3 2.7, I14.4 Spend)."""
    if Z.is_automa(s, p):
        for r in range(N_RESOURCES):
            if s["pool"][p, r] < need[r]:
                return False
        return True
    prg = (0 if s["no_prg_pay"] else s["pool"][p, PRG]) - need[PRG]
    gds = s["pool"][p, GDS] - need[GDS]
    if prg < 0 or gds < 0:
        return False
    short_pop = max(0, need[POP] - s["pool"][p, POP])
    short_mat = max(0, need[MAT] - s["pool"][p, MAT])
    return short_pop + (short_mat + 1) // 2 <= prg + gds


@kernel
def pay_options(s, p, out):
    """Resources that may pay the next owed unit without making the rest unpayable; returns how
    many. Owed pop is paid before owed mat; prg and gds owed as themselves are paid directly."""
    need = s["pay_need"]
    n = 0
    base = POP if need[POP] > 0 else MAT
    for r in (base, PRG, GDS):
        if s["pool"][p, r] <= 0 or (r == PRG and s["no_prg_pay"]):
            continue
        rest = need.copy()
        covered = 1 if (r == base or base == POP) else min(2, need[MAT])
        rest[base] -= covered
        s["pool"][p, r] -= 1
        ok = payable(s, p, rest)
        s["pool"][p, r] += 1
        if ok:
            out[n] = r
            n += 1
    return n


@kernel
def cut_mat_cost(s, p, need):
    """Great Wealth's passive: each mat cost of its owner is 1 lower (a cost of 1 mat is free)."""
    if need[MAT] > 0 and s["zone"][GREAT_WEALTH] == Z_PLAY and s["owner"][GREAT_WEALTH] == p and not Z.is_automa(s, p):
        need[MAT] -= 1


@kernel
def unrest_cost(s, f, p, n):
    """A cost of n mat or n cards in frame f's text: 1 lower (at least 1) when the text is an
    unrest card's (its only text is its play) and p has Chan Buddhism in play."""
    c = s["fr_card"][f]
    if c < 0 or s["zone"][CHAN_BUDDHISM] != Z_PLAY or s["owner"][CHAN_BUDDHISM] != p:
        return n
    if (K.SUITS[Z.rec(s, c)] & Z.UNREST_BIT) == 0:
        return n
    return max(min(n, 1), n - 1)


@kernel
def no_prg_for(s, f, p):
    """Alien: "you cannot pay prg for unrest costs" -- the text of frame f is an unrest card's."""
    c = s["fr_card"][f]
    return c >= 0 and is_alien(s, p) and (K.SUITS[Z.rec(s, c)] & Z.UNREST_BIT) != 0


@kernel
def _spend(s, p, r, n):
    """n of resource r leave p's pool: to the supply, to the seat `pay_to` names (Dhar
    Tichitt's payment to the attacker), or paid goods onto Glass Working. An Alien takes an
    unrest for each prg paid (I16 Martians)."""
    s["pool"][p, r] -= n
    if r == PRG and is_alien(s, p):
        for _ in range(n):
            take_unrest(s, p)
    if s["pay_to"] >= 0:
        s["pool"][s["pay_to"], r] += n
        return
    if r == GDS and n > 0:
        for c in Z.table(s):
            if E.KEEPS_PAID_GDS[Z.rec(s, c)] and s["zone"][c] == Z_PLAY and s["owner"][c] == p:
                s["card_res"][c, GDS] += n
                return


@shell_kernel
def _pay_with(s, p, r):
    need = s["pay_need"]
    base = POP if need[POP] > 0 else MAT
    _spend(s, p, r, 1)
    if r == base or base == POP:
        need[base] -= 1
    else:
        need[MAT] -= min(2, need[MAT])


@kernel
def pay_step(s, p, choice):
    """Pay `pay_need` unit by unit: a decision only where more than one resource can pay the
    next unit (D5). Returns NEXT when paid in full."""
    need = s["pay_need"]
    if choice >= 0:
        _pay_with(s, p, choice)
    opts = need.copy()  # scratch of the right size
    while need[POP] > 0 or need[MAT] > 0:
        n = pay_options(s, p, opts)
        if n == 0:
            raise RuntimeError("imperium: payment started that cannot be completed")
        if n > 1:
            return _wait(s, DEC_PAY, p)
        _pay_with(s, p, opts[0])
    for r in (PRG, GDS):
        _spend(s, p, r, need[r])
        need[r] = 0
    return NEXT
