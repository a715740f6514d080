"""Oath determinization (envs/oath/hidden.py): a sample of the faces a seat cannot see that
agrees with everything the seat sees (O9.4), is a whole legal game, and depends on nothing
hidden."""

from __future__ import annotations

import numpy as np
import pytest

from meeplegym import rng
from meeplegym.encoders import oath as enc
from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import engine, hidden
from meeplegym.envs.oath import invariants as inv
from meeplegym.envs.oath.state import FIRST_RELIC, FIRST_VISION, Z_ADVISER


def _positions(n_players, seed, every=11, steps=500):
    """States along a random game, every `every` decisions."""
    st = engine.new_game(n_players, seed=seed)
    words = rng.seed_words([seed])
    mask = np.zeros(A.N_ACTIONS, np.int8)
    for step in range(steps):
        if st[0]["terminal"]:
            break
        if step % every == 0:
            yield st.copy()
        engine.legal_mask_at(st, 0, mask)
        engine.apply_at(st, 0, rng.random_legal(mask, words, 0))


def _sees(s, seat):
    return np.array([c != 0 and bool(enc.sees(s, seat, c)) for c in range(len(s["zone"]))])


@pytest.mark.rule("O9.4")
@pytest.mark.parametrize("n_players", [2, 4, 6])
def test_a_sample_is_a_legal_game_the_seat_cannot_tell_apart(n_players):
    """Each sample: every invariant holds, before and after random play goes on from it; the seat's
    observation is unchanged (card backs included: Visions stay Visions); every card and site the
    seat sees stays where it is; the seat's legal actions are unchanged; and hidden faces (cards
    and facedown sites) do move."""
    where = np.zeros(2, np.int64)
    mask, sample_mask = np.zeros(A.N_ACTIONS, np.int8), np.zeros(A.N_ACTIONS, np.int8)
    moved = sites_moved = checked = 0
    positions = [st for g in range(3) for st in _positions(n_players, 30 + 10 * g + n_players, every=5)]
    for k, st in enumerate(positions):
        s = st[0]
        engine.legal_mask_at(st, 0, mask)
        for seat in range(n_players):
            d = hidden.determinized(st, seat, seed=k)
            assert inv.check_into(d[0], where) == inv.OK, (k, seat, inv.VIOLATIONS[int(inv.check_into(d[0], where))])
            assert np.array_equal(enc.observation(s, seat), enc.observation(d[0], seat)), (k, seat)
            seen = _sees(s, seat)
            assert np.array_equal(d[0]["zone"][seen], s["zone"][seen])
            assert np.array_equal(d[0]["where"][seen], s["where"][seen])
            assert d[0]["rng"] != s["rng"]
            if seat == s["actor"]:
                engine.legal_mask_at(d, 0, sample_mask)
                assert np.array_equal(mask, sample_mask), (k, seat, int(s["phase"]))
            moved += not np.array_equal(d[0]["world"], s["world"])
            sites_moved += not np.array_equal(d[0]["slot_site"], s["slot_site"])
            hidden_sites = [k for k in range(len(s["slot_site"])) if s["slot_site"][k] >= 0 and not s["slot_faceup"][k]
                            and not s["slot_known"][k] >> seat & 1]
            assert sorted(d[0]["slot_site"][hidden_sites]) == sorted(s["slot_site"][hidden_sites])
            shown = [k for k in range(len(s["slot_site"])) if k not in hidden_sites]
            assert np.array_equal(d[0]["slot_site"][shown], s["slot_site"][shown])
            words = rng.seed_words([k])
            for _ in range(40):  # the sample plays on as a game
                if d[0]["terminal"]:
                    break
                engine.legal_mask_at(d, 0, sample_mask)
                engine.apply_at(d, 0, rng.random_legal(sample_mask, words, 0))
                assert inv.check_into(d[0], where) == inv.OK
            checked += 1
    assert checked > 60 and moved > checked // 2 and sites_moved > 0


@pytest.mark.rule("O9.4")
def test_a_sample_depends_only_on_what_the_seat_sees():
    """Resampling a sample from the same word gives the very same bytes as resampling the true
    state: nothing hidden leaks through the order of the places or of the pool."""
    positions = list(_positions(4, 7, every=13))
    assert len(positions) >= 8
    for k, st in enumerate(positions):
        for seat in range(4):
            a = hidden.determinized(st, seat, seed=100 + k)
            other = hidden.determinized(st, seat, seed=900 + k)  # the same table with other hidden faces
            b = hidden.determinized(other, seat, seed=100 + k)
            assert a.tobytes() == b.tobytes(), (k, seat)


@pytest.mark.rule("O9.4")
def test_pools_keep_card_kinds_apart():
    """Denizens, Visions and relics each stay in their own kind's places; the world deck keeps its
    size and every seat the number of facedown advisers it had."""
    st = next(p for p in _positions(5, 3, every=97) if p[0]["round"] >= 2)
    s = st[0]
    for seat in range(5):
        d = hidden.determinized(st, seat, seed=seat)[0]
        assert d["world_size"] == s["world_size"]
        assert np.array_equal(d["world"][: d["world_size"]] >= FIRST_VISION, s["world"][: s["world_size"]] >= FIRST_VISION)
        for c in range(FIRST_RELIC, FIRST_VISION):  # a relic lies only where a relic lay
            assert (d["zone"][c], d["where"][c]) in {(s["zone"][r], s["where"][r]) for r in range(FIRST_RELIC, FIRST_VISION)}
        for q in range(5):
            down = lambda x: int(((x["zone"] == Z_ADVISER) & (x["where"] == q) & (x["faceup"] == 0)).sum())  # noqa: E731
            assert down(d) == down(s)
