"""Imperium scoring (I10.3-I10.5, I1.12) on hand-built positions."""

from __future__ import annotations

import numpy as np
import pytest

from meeplegym.envs.imperium import actions as A
from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import data as D
from meeplegym.envs.imperium import engine
from meeplegym.envs.imperium import state as S
from meeplegym.envs.imperium.rules import scoring, turn, zones
from meeplegym.envs.imperium.rules.setup import build_table
from tests.imperium import scenario as sc


@pytest.fixture
def s():
    """A 2-player game with every card of seat 0 moved out of the scored zones."""
    st = engine.new_game(2, 4, nations=["japanese", "magyars"], power_sides=["A", "A"], allow_unimplemented=True)[0]
    for c in range(S.N_CARDS):
        if st["owner"][c] == 0 and c != st["state_card"][0]:
            st["zone"][c] = S.Z_BOX
    st["pool"][0] = 0
    return st


def give(st, card_id, zone, p=0, host=-1):
    c = K.PHYSICAL[K.record_index(card_id)]
    st["zone"][c] = zone
    st["owner"][c] = p
    st["host"][c] = host
    build_table(st)  # the card may come from the box (another nation's)
    return c


def first(pred):
    return next(c.id for r, c in enumerate(D.CARDS) if K.PHYSICAL[r] == r and pred(c))


@pytest.mark.rule("I10.3", "I1.12")
def test_fixed_vp_counts_only_in_scored_zones(s):
    assert scoring.score(s, 0) == 0
    give(s, "UNR1", S.Z_HAND)
    give(s, "UNR2", S.Z_HISTORY)
    assert scoring.score(s, 0) == -4
    give(s, "UNR3", S.Z_NATION_DECK)  # the nation deck and development area do not score
    give(s, "UNR4", S.Z_DEVELOPMENT)
    assert scoring.score(s, 0) == -4
    give(s, "UNR5", S.Z_GARRISON, host=0)  # garrisoned cards score (I10.3)
    assert scoring.score(s, 0) == -6


@pytest.mark.rule("I10.3")
def test_progress_is_one_vp_each(s):
    s["pool"][0] = [7, 7, 3, 7]
    assert scoring.score(s, 0) == 3


@pytest.mark.rule("I1.12", "I10.3")
def test_variable_vp_by_suit_and_the_cap(s):
    oracle = give(s, "3UNC9", S.Z_DISCARD)  # var: 2VP per FAME
    fame = [r for r in K.COMMON_FAME][:3]
    for r in fame:
        s["zone"][r], s["owner"][r] = S.Z_HISTORY, 0
    build_table(s)
    assert scoring.card_vp(s, 0, oracle) == 6
    catamarans = give(s, "3UNC11", S.Z_PLAY)  # var: 2VP per #ocean
    oceans = [r for r in range(K.N_RECORDS) if K.PHYSICAL[r] == r and K.TYPES[r, D.TypeIcon.OCEAN]
              and s["owner"][r] != 1][:6]
    assert sum(K.TYPES[r, D.TypeIcon.OCEAN] for r in oceans) >= 6
    for r in oceans:
        s["zone"][r], s["owner"][r] = S.Z_HAND, 0
    build_table(s)
    assert scoring.card_vp(s, 0, catamarans) == 10  # 12 or more, capped (I1.12)


@pytest.mark.rule("I1.12")
def test_conditional_vp(s):
    mask = give(s, "3UNC24", S.Z_HAND)  # Golden Mask: cond 2VP if in history
    assert scoring.card_vp(s, 0, mask) == 0
    s["zone"][mask] = S.Z_HISTORY
    assert scoring.card_vp(s, 0, mask) == 2


@pytest.mark.rule("I1.12")
def test_resources_in_the_pool(s):
    card_id = first(lambda c: isinstance(c.vp, D.VarVP) and c.vp.per.kind == D.CountKind.RESOURCE
                    and c.vp.per.zone == D.Zone.POOL)
    vp = D.CARD_BY_ID[card_id].vp
    c = give(s, card_id, S.Z_PLAY)
    res = vp.per.resources[0] if vp.per.resources else D.Resource.MAT
    s["pool"][0, res] = 2 * vp.divisor + (vp.divisor - 1)  # two full groups and a partial one
    assert scoring.card_vp(s, 0, c) == min(10, 2 * vp.amount)


@pytest.mark.rule("I1.12", "I12")
def test_garrisoned_cards_here(s):
    library = give(s, "ABB6", S.Z_PLAY)  # var: 1VP per GARRISONED card here
    give(s, "UNR1", S.Z_GARRISON, host=library)
    give(s, "UNR2", S.Z_GARRISON, host=library)
    give(s, "UNR3", S.Z_GARRISON, host=K.PHYSICAL[K.record_index("3UNC9")])  # under another card
    assert scoring.card_vp(s, 0, library) == 2


@pytest.mark.rule("I10.3", "I2.3")
def test_power_card_scores_by_its_face_up():
    st = engine.new_game(2, 1, nations=["japanese", "magyars"], power_sides=["B", "A"], allow_unimplemented=True)[0]
    power = st["power_card"][0]  # Japanese side B: var 2VP per CIV
    civ = sum(1 for c in range(S.N_CARDS) if K.PHYSICAL[c] == c and scoring.is_scored(st, 0, c)
              and K.SUITS[zones.rec(st, c)] & (1 << D.Suit.CIV))
    assert scoring.card_vp(st, 0, power) == min(10, 2 * civ)
    st["face"][power] = 0  # side A has no VP
    assert scoring.card_vp(st, 0, power) == 0


@pytest.mark.rule("I16")
def test_martians_score_progress_by_threes_while_alien():
    st = engine.new_game(2, 1, nations=["martians", "magyars"], allow_unimplemented=True)[0]
    base = scoring.score(st, 0) - st["pool"][0, S.PRG] // 3
    st["pool"][0, S.PRG] = 20
    assert scoring.score(st, 0) == base + 6
    alien = st["state_card"][0]
    st["face"][alien] = 1  # Gone Native: 1 VP each again
    assert scoring.score(st, 0) == base + 20


@pytest.mark.rule("I10.4", "I10.5")
def test_ranks_by_vp_and_after_a_collapse_by_unrest():
    st = engine.new_game(3, 2, nations=["japanese", "magyars", "inuit"], allow_unimplemented=True)[0]
    vp = [scoring.score(st, p) for p in range(3)]
    unrest = [scoring.unrest_held(st, p) for p in range(3)]
    out = np.zeros(3, np.int64)
    scoring.ranks(st, False, out)
    assert list(out) == [sum(v > vp[p] for v in vp) for p in range(3)]
    scoring.note_collapse(st)
    scoring.ranks(st, True, out)
    expected = [sum((unrest[q], -vp[q]) < (unrest[p], -vp[p]) for q in range(3)) for p in range(3)]
    assert list(out) == expected


# ---------------------------------------------------------------- Miyabi: unrest returned before scoring
def _unrest_of(st, p):
    return sorted(c for c in zones.table(st) if scoring.returnable(st, p, c))


@pytest.mark.rule("C4.JPN", "I10.3")
def test_miyabi_returns_up_to_two_unrest_from_any_scored_zone_before_scoring():
    """The seed on Miyabi: when scoring is triggered, it returns unrest from any scored area
    (hand, play area, discard, draw pile, history ...); a seat without it is not asked."""
    st, held = sc.with_miyabi()
    assert scoring.returns_allowed(st, 0) == 2 and scoring.returns_allowed(st, 1) == 0
    vp = [scoring.score(st, p) for p in range(2)]
    st["rounds_left"] = 1
    turn._end_round(st)  # the final round is over (I10.2)
    assert st["phase"] == S.PH_SCORING_RETURN and st["actor"] == 0 and not st["terminal"]
    assert sc.cards(st) == _unrest_of(st, 0) and set(held) <= set(sc.cards(st)) and A.END in sc.legal(st)
    sc.act(st, A.CARD + held[1])  # from the draw pile
    assert st["zone"][held[1]] == S.Z_UNREST_PILE and st["returns_left"] == 1 and not st["terminal"]
    sc.act(st, A.CARD + held[2])  # from the discard pile: two, and the game is over
    assert st["terminal"] and st["phase"] == S.PH_GAME_OVER and st["zone"][held[0]] == S.Z_HAND
    assert scoring.score(st, 0) == vp[0] + 4 and scoring.score(st, 1) == vp[1]

    st, held = sc.with_miyabi()
    st["rounds_left"] = 1
    turn._end_round(st)
    sc.act(st, A.END)  # fewer, or none: "up to 2"
    assert st["terminal"] and all(st["zone"][c] != S.Z_UNREST_PILE for c in held)


@pytest.mark.rule("C4.JPN", "I10.5")
def test_after_a_collapse_miyabi_only_serves_a_vp_tie_break_and_leaves_the_unrest_ranking():
    """The seed on Miyabi: a collapse has no scoring, but players tied on unrest are ranked by VP,
    and they may return unrest for it; the returns do not change the unrest tie."""
    def collapse(unrest):
        """A collapse with seat p holding unrest[p] unrest cards; seat 2 takes the last one."""
        st, _ = sc.with_miyabi(3)
        for p in range(3):
            for c in _unrest_of(st, p):
                zones.put(st, c, S.Z_BOX, -1)
            for _ in range(unrest[p] - (p == 2)):
                zones.put(st, int(st["unrest_pile"][st["unrest_size"] - 1]), S.Z_DISCARD, p)
        while st["unrest_size"] > 1:
            zones.put(st, int(st["unrest_pile"][st["unrest_size"] - 1]), S.Z_BOX, -1)
        st["pool"][:, S.PRG] = 0
        gap = scoring.score(st, 1) - scoring.score(st, 0)  # seat 0 two VP behind seat 1
        st["pool"][0 if gap >= 2 else 1, S.PRG] += abs(gap - 2)
        assert scoring.score(st, 1) - scoring.score(st, 0) == 2
        zones.take_unrest(st, 2)
        assert st["collapsed"]
        turn._settle(st)
        return st

    st = collapse([2, 2, 1])  # seat 2 wins; seats 0 and 1 tie on unrest and VP decide
    assert st["phase"] == S.PH_SCORING_RETURN and st["actor"] == 0
    for c in sc.cards(st)[:2]:
        sc.act(st, A.CARD + c)
    assert st["terminal"] and scoring.unrest_held(st, 0) == 0 < scoring.unrest_held(st, 2)
    out = np.zeros(3, np.int64)
    scoring.ranks(st, True, out)
    assert list(out) == [1, 2, 0]  # the unrest counts of the collapse; Miyabi's returns won the tie

    st = collapse([1, 2, 3])  # seat 0 wins alone on unrest: nothing to break, nobody is asked
    assert st["terminal"] and scoring.unrest_held(st, 0) == 1
