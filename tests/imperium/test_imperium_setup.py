"""Imperium setup (I2 player setup, I3 shared setup): piles, market, players, options."""

from __future__ import annotations

import numpy as np
import pytest

from meeplegym import InvalidOptionError
from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import data as D
from meeplegym.envs.imperium import engine
from meeplegym.envs.imperium import state as S

TABLES = [(n, tr, seed) for n in (2, 3, 4) for tr in (False, True) for seed in (0, 1, 2)]


def game(n, tr, seed, **kw):
    return engine.new_game(n, seed, trade_routes=tr, allow_unimplemented=True, **kw)[0]


def common_in_game(n, tr):
    """Physical common/shared/trade-route rows the table uses (I3.3, I3.5)."""
    excluded = D.Expansion.RU if tr else D.Expansion.TF
    rows = []
    for r, c in enumerate(D.CARDS):
        if K.PHYSICAL[r] != r or c.nation is not None or c.start == D.Start.STATE:
            continue
        if c.deck == D.Deck.TRADE_ROUTES and (not tr or c.banner == D.Suit.POWER):
            continue
        if c.expansion == excluded or K.MIN_PLAYERS[r] > max(n, 2):
            continue
        rows.append(r)
    return rows


@pytest.mark.rule("I3.7", "I3.8", "I11.1")
@pytest.mark.parametrize("n, tr, seed", TABLES)
def test_fame_pile(n, tr, seed):
    s = game(n, tr, seed)
    assert s["fame_size"] == 1 + D.FAME_PILE_SIZE[n] + (1 if tr else 0)
    assert s["fame_pile"][0] == K.KING_OF_KINGS and s["kok_side"] == 0
    above = s["fame_pile"][1 : s["fame_size"]]
    assert all(K.BANNER[c] == D.Suit.FAME for c in above)
    assert (K.WELCOMING in above) or not tr or len(above) < 8  # trimmed unseen sometimes
    assert K.WELCOMING not in above or tr


@pytest.mark.rule("I3.9", "I3.10", "I3.12", "I13.1")
@pytest.mark.parametrize("n, tr, seed", TABLES)
def test_small_piles_market_and_tributaries(n, tr, seed):
    s = game(n, tr, seed)
    base = 1 if tr else 0
    for k, suit in enumerate((D.Suit.REG, D.Suit.UNC, D.Suit.CIV)):
        pile = s["small_pile"][k, : s["small_size"][k]]
        assert s["small_size"][k] == base + 1 + D.SMALL_PILE_SIZE[n] - 1  # one card revealed
        if tr:
            assert K.BANNER[pile[0]] == D.Suit.TROUTE  # [R] default: the route at the very bottom
        assert K.BANNER[pile[base]] == D.Suit.TRI  # the face-up tributary under the pile
        assert all(K.BANNER[c] == suit for c in pile[base + 1 :])
        assert K.BANNER[s["market"][2 + k]] == suit  # slots 3-5: region, uncivilised, civilised
        assert all(s["zone"][c] == S.Z_SMALL_PILE and s["pile_index"][c] == k for c in pile)
    for slot in range(5):
        c = s["market"][slot]
        assert s["zone"][c] == S.Z_MARKET and s["pile_index"][c] == slot
        if slot < 2:
            assert K.BANNER[c] in (D.Suit.REG, D.Suit.UNC, D.Suit.CIV, D.Suit.TRI, D.Suit.TROUTE)


@pytest.mark.rule("I3.13", "I3.14")
@pytest.mark.parametrize("n, tr, seed", TABLES)
def test_unrest_tucked_under_non_regions_and_progress_on_civilised(n, tr, seed):
    s = game(n, tr, seed)
    for slot in range(5):
        c = s["market"][slot]
        u = s["market_unrest"][slot]
        if K.SUITS[c] & (1 << D.Suit.REG):
            assert u == -1
        else:
            assert K.BANNER[u] == D.Suit.UNREST and s["zone"][u] == S.Z_UNDER_MARKET
        assert s["card_res"][c, S.PRG] == (1 if K.BANNER[c] == D.Suit.CIV else 0)
        assert s["card_res"][c].sum() == s["card_res"][c, S.PRG]


@pytest.mark.rule("I3.3", "I3.5", "I3.6", "I3.10", "I3.11")
@pytest.mark.parametrize("n, tr, seed", TABLES)
def test_common_cards_all_accounted_for(n, tr, seed):
    """Every used common card is in exactly one place; only the trimmed fame cards and the
    removed tributaries go back to the box unseen."""
    s = game(n, tr, seed)
    rows = common_in_game(n, tr)
    in_box = [r for r in rows if s["zone"][r] == S.Z_BOX]
    fame_used = 1 + D.FAME_PILE_SIZE[n] + (1 if tr else 0)
    fame_total = sum(1 for r in rows if K.BANNER[r] == D.Suit.FAME)
    assert len(in_box) == (fame_total - fame_used) + D.TRIBUTARIES_REMOVED[n]
    assert all(K.BANNER[r] in (D.Suit.FAME, D.Suit.TRI) for r in in_box)
    # nothing excluded by I3.3 / I3.5 is in the game
    used = set(rows)
    for r, c in enumerate(D.CARDS):
        if K.PHYSICAL[r] == r and c.nation is None and r not in used:
            assert s["zone"][r] == S.Z_BOX or c.start == D.Start.STATE or c.banner == D.Suit.POWER, c.id
    # ordered piles agree with the zone of each card
    main = s["main_deck"][: s["main_size"]]
    assert sorted(main) == sorted(np.flatnonzero(s["zone"] == S.Z_MAIN_DECK))
    unrest = s["unrest_pile"][: s["unrest_size"]]
    assert sorted(unrest) == sorted(np.flatnonzero(s["zone"] == S.Z_UNREST_PILE))
    tucked = sum(1 for u in s["market_unrest"] if u >= 0)
    common_unrest = D.COMMON_UNREST[n]
    sup = sum(1 for r in np.flatnonzero(s["zone"] == S.Z_UNREST_PILE) if K.NATION[r] >= 0) + sum(
        1 for u in s["market_unrest"] if u >= 0 and K.NATION[u] >= 0)
    assert s["unrest_size"] + tucked == common_unrest + sup


@pytest.mark.rule("I2.3", "I2.6", "I2.8", "I2.9", "I2.10", "I2.11", "I2.13", "I2.16")
@pytest.mark.parametrize("n, tr, seed", TABLES)
def test_player_setup(n, tr, seed):
    s = game(n, tr, seed)
    for p in range(n):
        nation = D.NATIONS[s["nation"][p]]
        rows = K.NATION_ROWS[nation.code]
        assert np.sum((s["zone"] == S.Z_HAND) & (s["owner"] == p)) == D.OPENING_HAND
        expected_pool = [3, 2, 0, 1] if tr else [3, 2, 1, 0]
        if nation.code == D.NationCode.MRT:
            expected_pool[S.PRG] += D.MARTIAN_EXTRA_PRG[D.Face(s["face"][s["power_card"][p]])]
        assert list(s["pool"][p]) == expected_pool
        assert s["actions"][p] == 3
        assert s["exhaust_tokens"][p] == nation.base_exhaust_tokens + (1 if tr else 0)
        assert s["face"][s["power_card"][p]] == 1  # side B by default
        assert (s["merchant"][p] >= 0) == tr
        dev = [c for c in rows[D.SetupPile.DEVELOPMENT] if c >= 0]
        assert all(s["zone"][c] == S.Z_DEVELOPMENT and s["owner"][c] == p for c in dev)
        acc = rows[D.SetupPile.ACCESSION, 0]
        if acc >= 0:
            assert s["nation_deck"][p, 0] == acc  # I2.9: the accession card stays at the bottom
        n_nat = sum(1 for c in rows[D.SetupPile.NATION_DECK] if c >= 0 and K.MIN_PLAYERS[c] <= max(n, 2))
        assert s["nation_size"][p] == n_nat + (1 if acc >= 0 else 0)
        n_draw = sum(1 for c in rows[D.SetupPile.DRAW_DECK] if c >= 0 and K.MIN_PLAYERS[c] <= max(n, 2))
        assert s["draw_size"][p] + D.OPENING_HAND == n_draw


@pytest.mark.rule("I2.5")
def test_state_cards():
    s = engine.new_game(4, 3, nations=["inuit", "japanese", "taino", "cultists"], allow_unimplemented=True)[0]
    inuit_state = K.record_index("INU25A")
    assert s["state_card"][0] == inuit_state and s["face"][inuit_state] == 0  # Summer
    assert s["state_card"][2] == K.record_index("TAI24A")
    for p in (1, 3):  # the standard card, Barbarian side up; the Cultists keep theirs under it
        assert s["state_card"][p] in K.STANDARD_STATE_CARDS and s["face"][s["state_card"][p]] == 0
    assert s["zone"][K.record_index("CUL30A")] == S.Z_SET_ASIDE


def test_same_seed_same_game_and_seeds_differ():
    a = engine.new_game(3, 5, nations=["magyars", "japanese", "inuit"], allow_unimplemented=True)
    b = engine.new_game(3, 5, nations=["magyars", "japanese", "inuit"], allow_unimplemented=True)
    c = engine.new_game(3, 6, nations=["magyars", "japanese", "inuit"], allow_unimplemented=True)
    assert a.tobytes() == b.tobytes() and a.tobytes() != c.tobytes()


def test_state_fits_the_budget():
    assert S.STATE_DTYPE.itemsize <= 16 * 1024  # issue 8 target: state <= 16 KiB per game


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(n_players=5), "num_players"),
        (dict(nations=["guptas", "japanese"]), "Trade Routes"),
        (dict(nations=["japanese", "japanese"]), "twice"),
        (dict(nations=["romans", "japanese"]), "unknown"),
        (dict(nations=["japanese"]), "expected 2"),
        (dict(power_sides=["A", "C"]), "power_sides"),
    ],
)
def test_bad_options(kwargs, message):
    with pytest.raises(InvalidOptionError, match=message):
        engine.new_game(**kwargs)


@pytest.mark.rule("I2.1")
def test_random_nations_respect_the_expansion():
    for seed in range(30):
        s = engine.new_game(4, seed, allow_unimplemented=True)[0]
        assert not any(K.NEEDS_TRADE_ROUTES[n] for n in s["nation"][:4])
        assert len(set(s["nation"][:4])) == 4
