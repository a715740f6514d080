"""Determinization (envs/imperium/hidden.py, I17 "Hidden information"): every fact hidden from a
seat is resampled, nothing it sees changes, the sample depends only on what it sees, and the
sample is a sound game that plays on to its end."""

from __future__ import annotations

import numpy as np
import pytest

from meeplegym import rng
from meeplegym.encoders import imperium as enc
from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import data as D
from meeplegym.envs.imperium import engine, hidden, invariants, state_json
from meeplegym.envs.imperium.rules.zones import face_up_tributary
from meeplegym.envs.imperium import actions as A
from meeplegym.envs.imperium.state import DEC_CARD, GDS, N_SMALL_PILES, Z_HAND, Z_PLAY
from tests.imperium import scenario as sc


def _states(n_players, seed, every=150, cap=4000, trade_routes=False):
    """Snapshots of one random game, every `every` decisions."""
    st = engine.new_game(n_players, seed=seed, trade_routes=trade_routes)
    words = rng.seed_words([seed])
    mask = np.zeros(engine.A.N_ACTIONS, dtype=np.int8)
    out = []
    for k in range(cap):
        if st[0]["terminal"]:
            break
        if k % every == every // 2:
            out.append(st.copy())
        engine.legal_mask_at(st, 0, mask)
        engine.apply_at(st, 0, rng.random_legal(mask, words, 0))
    return out


def _hand(s, p):
    return sorted(int(c) for c in np.flatnonzero((s["zone"] == Z_HAND) & (s["owner"] == p)))


@pytest.mark.rule("I17")
@pytest.mark.parametrize("n_players, trade_routes", [(2, False), (3, False), (4, False), (3, True)])
def test_the_seat_sees_the_same_game(n_players, trade_routes):
    """The seat's observation is unchanged, the state sound, and the sample plays to the end."""
    for k, st in enumerate(_states(n_players, 70 + n_players, trade_routes=trade_routes)):
        for seat in range(n_players):
            d = hidden.determinized(st, seat, seed=k)
            assert np.array_equal(enc.observation(d[0], seat), enc.observation(st[0], seat))
            assert invariants.check(d[0]) == []
            assert engine.legal_mask(d[0]).tolist() == engine.legal_mask(st[0]).tolist() or d[0]["actor"] != seat
            decisions = np.zeros(1, dtype=np.int64)
            engine.play_random(d, engine.random_words([k]), 20_000, decisions)
            assert decisions[0] > 0 and d[0]["terminal"] == 1
            assert invariants.check(d[0]) == []


@pytest.mark.parametrize("trade_routes", [False, True])
def test_the_sample_depends_only_on_what_the_seat_sees(trade_routes):
    """Resampling a resampled state with the same generator word gives the same state: the
    true hands, piles and generator word do not reach the sample."""
    for k, st in enumerate(_states(3, 5, every=300, trade_routes=trade_routes)):
        for seat in range(3):
            direct = hidden.determinized(st, seat, seed=40 + k)
            via_other = hidden.determinized(hidden.determinized(st, seat, seed=900 + k), seat, seed=40 + k)
            assert state_json.state_to_dict(via_other[0]) == state_json.state_to_dict(direct[0])


def test_every_hidden_fact_is_resampled():
    """Across samples: opponents' hands, the seat's own draw order, the main deck, the small piles
    and the fame pile change; the seat's hand and everything public stay."""
    changed = {"opponent hand": 0, "own draw order": 0, "main deck": 0, "small piles": 0, "fame pile": 0, "rng": 0}
    snapshots = _states(2, 11, every=30) + _states(2, 12, every=30)
    shuffled = 0  # snapshots whose own draw pile has two cards or more (an order to change)
    for k, st in enumerate(snapshots):
        s = st[0]
        seat = k % 2
        other = 1 - seat
        d = hidden.determinized(st, seat, seed=k)[0]
        assert _hand(d, seat) == _hand(s, seat)
        assert d["market"].tolist() == s["market"].tolist()
        assert (d["zone"] == 12).sum() == (s["zone"] == 12).sum()  # discard piles are public
        changed["opponent hand"] += _hand(d, other) != _hand(s, other)
        n = s["draw_size"][seat]
        shuffled += n >= 2
        changed["own draw order"] += d["draw_pile"][seat, :n].tolist() != s["draw_pile"][seat, :n].tolist()
        assert sorted(d["draw_pile"][seat, :n].tolist()) == sorted(s["draw_pile"][seat, :n].tolist())
        changed["main deck"] += d["main_deck"][: s["main_size"]].tolist() != s["main_deck"][: s["main_size"]].tolist()
        changed["small piles"] += d["small_pile"].tolist() != s["small_pile"].tolist()
        changed["fame pile"] += set(d["fame_pile"][1: s["fame_size"]].tolist()) != set(s["fame_pile"][1: s["fame_size"]].tolist())
        assert d["fame_pile"][0] == s["fame_pile"][0]  # King of Kings stays at the bottom (I11.1)
        changed["rng"] += d["rng"] != s["rng"]
        for q in range(2):  # the accession card stays at the bottom of each nation deck
            if s["nation_size"][q]:
                assert d["nation_deck"][q, 0] == s["nation_deck"][q, 0]
    assert len(snapshots) >= 10 and shuffled >= 5
    own = changed.pop("own draw order")
    assert own >= shuffled // 2, (shuffled, own)
    assert all(v >= len(snapshots) // 2 for v in changed.values()), (len(snapshots), changed)


@pytest.mark.rule("I17", "I13.1")
def test_the_trade_route_under_a_small_pile_is_resampled_and_the_tributary_on_it_stays():
    st = engine.new_game(2, seed=3, trade_routes=True)
    s = st[0]
    tributaries = [face_up_tributary(s, k) for k in range(N_SMALL_PILES)]
    assert min(tributaries) >= 0
    moved = 0
    for k in range(20):
        d = hidden.determinized(st, 0, seed=k)[0]
        assert [face_up_tributary(d, j) for j in range(N_SMALL_PILES)] == tributaries
        assert all(K.BANNER[d["small_pile"][j, 0]] == D.Suit.TROUTE for j in range(N_SMALL_PILES))
        moved += d["small_pile"][:, 0].tolist() != s["small_pile"][:, 0].tolist()
    assert moved >= 10  # the face-down routes are drawn from every route the seat has not seen


@pytest.mark.rule("I17", "I12", "I13.6")
def test_the_cards_a_pending_pick_looks_at_stay_for_the_seat_that_looks():
    """Welcoming's Profit looks at the top five main-deck cards: the sample keeps them for the
    player choosing (its legal picks do not move), not for the others, who have not seen them."""
    s = sc.ready(("japanese", "magyars"), trade_routes=True)
    welcoming = sc.give(s, 0, "3FAM3", Z_PLAY)
    s["card_res"][welcoming, GDS] = 3  # full (I13.6)
    sc.act(s, A.CARD + welcoming)
    assert s["actor"] == 0 and s["dec"] == DEC_CARD  # a playable card among the five (seed 0)
    st = s.reshape(1)
    top = s["main_deck"][s["main_size"] - 5: s["main_size"]].tolist()
    others_moved = 0
    for k in range(10):
        d = hidden.determinized(st, 0, seed=k)[0]
        assert d["main_deck"][d["main_size"] - 5: d["main_size"]].tolist() == top
        assert engine.legal_mask(d).tolist() == engine.legal_mask(s).tolist()
        o = hidden.determinized(st, 1, seed=k)[0]
        others_moved += o["main_deck"][o["main_size"] - 5: o["main_size"]].tolist() != top
    assert others_moved >= 5
