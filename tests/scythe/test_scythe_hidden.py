"""Determinization (envs/scythe/hidden.py): every fact hidden from a seat is resampled, nothing
it sees changes, and the result is still a valid game.

States are sampled from seeded games at 2-5 players played by the rule-based bots and random
seats, at every few decisions and at every battle and factory decision (where hidden
commitments and the factory pool matter).
"""

from __future__ import annotations

import numpy as np
import pytest

from tests import bot_play

from meeplegym import rng
from meeplegym.agents import scythe_bots as bots
from meeplegym.encoders import scythe as encoder
from meeplegym.envs.scythe import engine, hidden, state_json
from meeplegym.envs.scythe.state import (
    COMBAT_DECK,
    HAS_ENCOUNTER,
    MIN_CARD_VALUE,
    N_CARD_VALUES,
    N_ENCOUNTER_CARDS,
    N_FACTORY_CARDS,
    N_OBJECTIVE_CARDS,
    PH_CARDS,
    PH_DIAL,
    PH_FACTORY_PICK,
    STATE_DTYPE,
)

CARD_COUNTS = np.bincount(COMBAT_DECK - MIN_CARD_VALUE, minlength=N_CARD_VALUES)
# what determinize may rewrite; every other field must come back identical
HIDDEN_FIELDS = {"rng", "deck", "hand", "objectives", "objective_deck", "factory_pool", "encounter_deck",
                 "dial", "battle_cards"}
KEY_PHASES = (PH_DIAL, PH_CARDS, PH_FACTORY_PICK)


def sample_states(n_players: int, games: int, every: int = 9, seed: int = 0) -> list[np.ndarray]:
    """One-record state copies from bot/random games: every `every`-th decision and every
    battle or factory-pick decision. Seat styles rotate builder, rusher, random."""
    out = []
    mask = np.zeros(engine.N_ACTIONS, dtype=np.int8)
    for g in range(games):
        st = engine.new_game(n_players, seed=seed * 1000 + g)
        styles = [(bots.BUILDER, bots.RUSHER, bot_play.RANDOM)[(p + g) % 3] for p in range(n_players)]
        words = np.array([rng.seed_word(seed * 1000 + g + 17)], dtype=np.uint64)
        step = 0
        while st[0]["terminal"] == 0 and step < 3000:
            if step % every == 0 or st[0]["phase"] in KEY_PHASES:
                out.append(st.copy())
            engine.legal_mask_at(st, 0, mask)
            seat = int(st[0]["actor"])
            if styles[seat] == bot_play.RANDOM:
                a = rng.random_legal(mask, words, 0)
            else:
                a = bots.policy_at(st, 0, seat, styles[seat], mask, words, 0)
            engine.apply_at(st, 0, a)
            step += 1
    return out


@pytest.fixture(scope="module")
def samples():
    return {n: sample_states(n, games=3, seed=n) for n in (2, 3, 4, 5)}


def determinized(st, seat, seed):
    out = st.copy()
    words = np.array([rng.seed_word(seed)], dtype=np.uint64)
    assert hidden.determinize_at(out, 0, seat, words, 0)
    return out


def card_totals(rec):
    total = rec["discard"].astype(np.int64) + rec["hand"].sum(0) + rec["battle_cards"].sum(0)
    deck = rec["deck"][: rec["deck_size"]]
    total += np.bincount(deck - MIN_CARD_VALUE, minlength=N_CARD_VALUES)
    return total


def test_samples_cover_battles_and_the_factory(samples):
    phases = {int(st[0]["phase"]) for sts in samples.values() for st in sts}
    assert {PH_DIAL, PH_CARDS, PH_FACTORY_PICK} <= phases


@pytest.mark.parametrize("n_players", [2, 3, 4, 5])
def test_observation_unchanged_for_the_seat(samples, n_players):
    for k, st in enumerate(samples[n_players]):
        for seat in range(n_players):
            d = determinized(st, seat, 100 * k + seat)
            assert np.array_equal(encoder.observation(d[0], seat), encoder.observation(st[0], seat)), (k, seat)
            assert np.array_equal(encoder.observation(d[0], seat, public_coins=True),
                                  encoder.observation(st[0], seat, public_coins=True))


@pytest.mark.parametrize("n_players", [2, 3, 4, 5])
def test_only_hidden_fields_change_and_own_facts_stay(samples, n_players):
    for k, st in enumerate(samples[n_players]):
        seat = k % n_players
        d = determinized(st, seat, k)
        for name in STATE_DTYPE.names:
            if name not in HIDDEN_FIELDS:
                assert np.array_equal(d[0][name], st[0][name]), name
        a, b = st[0], d[0]
        assert np.array_equal(a["hand"][seat], b["hand"][seat])
        assert np.array_equal(a["objectives"][seat], b["objectives"][seat])
        assert a["deck_size"] == b["deck_size"]
        for q in range(n_players):  # hand sizes as others see them
            assert hidden.visible_hand_size(a, q) == hidden.visible_hand_size(b, q)
        if a["battle_loc"] >= 0:
            side = 0 if seat == a["current"] else 1 if seat == a["battle_defender"] else -1
            if side >= 0:
                assert a["dial"][side] == b["dial"][side]
                assert np.array_equal(a["battle_cards"][side], b["battle_cards"][side])


def test_hidden_facts_actually_change(samples):
    """A determinize that did nothing (or too little) fails here."""
    seen = dict.fromkeys(["hands", "deck", "objectives", "factory", "encounters", "rng", "commitment"], 0)
    changed = dict.fromkeys(seen, 0)
    for n_players, sts in samples.items():
        for k, st in enumerate(sts):
            a = st[0]
            seat = int(a["actor"])
            b = determinized(st, seat, 7 * k + n_players)[0]
            others = [q for q in range(n_players) if q != seat]
            checks = {
                "hands": (sum(hidden.visible_hand_size(a, q) for q in others) >= 2,
                          not np.array_equal(a["hand"][others], b["hand"][others])),
                "deck": (a["deck_size"] >= 4, not np.array_equal(a["deck"], b["deck"])),
                "objectives": ((a["objectives"][others] >= 0).any(),
                               not np.array_equal(a["objectives"][others], b["objectives"][others])),
                "factory": (a["factory_card"][seat] < 0 and (a["factory_pool"] >= 0).sum() >= 2
                            and not (a["phase"] == PH_FACTORY_PICK and a["actor"] == seat),
                            not np.array_equal(a["factory_pool"], b["factory_pool"])),
                "encounters": (True, not np.array_equal(a["encounter_deck"], b["encounter_deck"])),
                "rng": (True, a["rng"] != b["rng"]),
                "commitment": (a["phase"] in (PH_DIAL, PH_CARDS) and seat == a["battle_defender"]
                               and a["battle_step"] >= 3 and a["power"][a["current"]] >= 2,
                               a["dial"][0] != b["dial"][0] or not np.array_equal(a["battle_cards"][0], b["battle_cards"][0])),
            }
            for name, (applies, differs) in checks.items():
                if applies:
                    seen[name] += 1
                    changed[name] += bool(differs)
    for name in seen:
        assert seen[name] >= 5, f"too few samples where {name} could change"
        assert changed[name] >= 0.6 * seen[name], (name, changed[name], seen[name])


def test_resampled_states_are_valid_games(samples):
    states = []
    for n_players, sts in samples.items():
        for k, st in enumerate(sts[::4]):
            d = determinized(st, k % n_players, k)
            rec = d[0]
            assert np.array_equal(card_totals(rec), CARD_COUNTS)  # 42 combat cards, by value
            held = rec["objectives"][rec["objectives"] >= 0]
            deck = rec["objective_deck"][: rec["objective_deck_size"]]
            assert sorted(np.concatenate([held, deck]).tolist()) == list(range(N_OBJECTIVE_CARDS))
            factory = np.concatenate([rec["factory_card"][rec["factory_card"] >= 0], rec["factory_pool"][rec["factory_pool"] >= 0]])
            assert len(set(factory.tolist())) == len(factory) and factory.max(initial=0) < N_FACTORY_CARDS
            assert sorted(rec["encounter_deck"].tolist()) == list(range(N_ENCOUNTER_CARDS))
            drawn = int((HAS_ENCOUNTER == 1).sum() - rec["encounter_token"][HAS_ENCOUNTER == 1].sum())
            assert np.array_equal(rec["encounter_deck"][:drawn], st[0]["encounter_deck"][:drawn])  # drawn cards stay
            state_json.state_from_dict(state_json.state_to_dict(rec))  # the loader's validation accepts it
            states.append(d)
    batch = np.concatenate(states)
    decisions = np.zeros(len(batch), dtype=np.int64)
    engine.play_random(batch, engine.random_words(range(len(batch))), 100_000, decisions)
    assert (decisions >= 0).all() and (batch["terminal"] == 1).all()


def test_battle_commitments_are_redrawn_legally(samples):
    redrawn = 0
    for sts in samples.values():
        for k, st in enumerate(sts):
            a = st[0]
            if a["phase"] not in (PH_DIAL, PH_CARDS) or a["battle_step"] < 3:
                continue
            seat = int(a["battle_defender"])  # the attacker's choices are hidden from it
            for j in range(3):
                b = determinized(st, seat, 31 * k + j)[0]
                attacker = int(b["current"])
                assert 0 <= b["dial"][0] <= min(7, b["power"][attacker])
                assert b["battle_cards"][0].sum() <= b["card_limit"][0]
                redrawn += b["dial"][0] != a["dial"][0]
    assert redrawn > 0


def test_the_picker_keeps_the_factory_cards_it_sees(samples):
    picks = [st for sts in samples.values() for st in sts if st[0]["phase"] == PH_FACTORY_PICK]
    assert picks
    for k, st in enumerate(picks):
        picker = int(st[0]["actor"])
        assert np.array_equal(determinized(st, picker, k)[0]["factory_pool"], st[0]["factory_pool"])


def test_same_words_same_sample(samples):
    st = samples[3][len(samples[3]) // 2]
    assert determinized(st, 1, 5).tobytes() == determinized(st, 1, 5).tobytes()
    assert determinized(st, 1, 5).tobytes() != determinized(st, 1, 6).tobytes()


@pytest.mark.rule("S0.10")
def test_the_sample_depends_only_on_what_the_seat_sees(samples):
    """Resampling a resampled state with the same generator word gives the same state: the true
    hands, objectives, deck orders and generator word do not reach the sample (the search bot
    compares decisions on this basis)."""
    for n_players in (2, 4):
        for k, st in enumerate(samples[n_players][::4]):
            seat = k % n_players
            direct = determinized(st, seat, 40 + k)
            via_other = determinized(determinized(st, seat, 900 + k), seat, 40 + k)
            assert direct.tobytes() == via_other.tobytes()
