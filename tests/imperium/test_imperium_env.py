"""The Imperium AEC environment (spec I17): options and errors, the state dict, hidden information in
observations, rendering, rewards. What every game's env promises (PettingZoo's tests, illegal
actions, actions in words, the state dict round trip) is tests/test_env_contract.py."""

from __future__ import annotations

import numpy as np
import pytest

from meeplegym import InvalidOptionError, InvalidStateError, make_env
from meeplegym.encoders import imperium as encoder
from meeplegym.envs import imperium_v0
from meeplegym.envs.imperium import actions as A
from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import data as D
from meeplegym.envs.imperium import invariants, state_json
from meeplegym.envs.imperium.state import (
    N_CARDS,
    N_SMALL_PILES,
    VARIANT_NAMES,
    Z_DRAW,
    Z_GARRISON,
    Z_HAND,
)
from tests.bot_play import random_moves

NATIONS = {1: ["magyars"], 2: ["magyars", "japanese"], 3: ["magyars", "japanese", "taino"],
           4: ["magyars", "japanese", "taino", "inuit"]}  # the four playable nations


def make(n_players=2, **kw):
    return imperium_v0.env(num_players=n_players, nations=NATIONS[n_players], **kw)


def snapshot(env) -> np.ndarray:
    """A one-record copy of the env's state."""
    return np.asarray(env.unwrapped.state_record).reshape(1).copy()


def states_along_a_game(n_players, seed, every):
    """Copies of the state every `every` decisions of a random game, to its end."""
    env = make(n_players)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    out = []
    while not env.unwrapped.state_record["terminal"]:
        out.append(snapshot(env))
        random_moves(env, rng, every)
    return out


# ---------------------------------------------------------------- PettingZoo's tests
def test_registry_builds_the_env():
    env = make_env("imperium", num_players=2, nations=NATIONS[2])
    env.reset(seed=1)
    assert env.unwrapped.metadata["name"] == "imperium_v0"


# ---------------------------------------------------------------- options and errors
@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"num_players": 1, "automa": "romans"}, "unknown nation"),
        ({"num_players": 5}, "num_players"),
        ({"num_players": 2, "nations": ["magyars"]}, "expected 2"),
        ({"num_players": 2, "nations": "magyars"}, "list"),
        ({"num_players": 2, "nations": ["magyars", "romans"]}, "unknown 'romans'"),
        ({"num_players": 2, "nations": ["magyars", "magyars"]}, "chosen twice"),
        ({"num_players": 2, "nations": ["magyars", "guptas"]}, "Trade Routes"),
        ({"num_players": 2, "power_sides": ["A", "C"]}, "power_sides"),
        ({"num_players": 2, "power_sides": ["A"]}, "power_sides"),
        ({"num_players": 2, "trade_routes": "yes"}, "trade_routes"),
        ({"num_players": 2, "reward_mode": "elo"}, "reward_mode"),
        ({"num_players": 2, "max_turns": 0}, "max_turns"),
        ({"num_players": 2, "render_mode": "svg"}, "render_mode"),
        ({"num_players": 2, "factions": ["nordic", "rusviet"]}, "unknown options"),
    ],
)
def test_bad_options_fail_at_construction(kwargs, message):
    with pytest.raises(InvalidOptionError, match=message):
        imperium_v0.env(**kwargs)


@pytest.mark.rule("I13", "I2.1")
def test_trade_routes_tables_play_to_the_end_and_their_nations_need_the_expansion():
    env = make(3, trade_routes=True)
    env.reset(seed=3)
    random_moves(env, np.random.default_rng(3), 100_000)
    assert env.unwrapped.state_record["terminal"]
    with pytest.raises(InvalidOptionError, match="needs the Trade Routes"):
        imperium_v0.env(num_players=2, nations=["abbasids", None])


@pytest.mark.rule("I2.1", "I2.3")
def test_seat_setup_and_reset_options():
    env = make(2, power_sides=["A", "B"])
    env.reset(seed=2)
    assert env.unwrapped.seat_setup() == [{"nation": "magyars", "power_side": "A"},
                                          {"nation": "japanese", "power_side": "B"}]
    env.reset(seed=2, options={"nations": ["japanese", "magyars"], "power_sides": ["B", "B"]})
    assert env.unwrapped.seat_setup() == [{"nation": "japanese", "power_side": "B"},
                                          {"nation": "magyars", "power_side": "B"}]


@pytest.mark.rule("I15")
@pytest.mark.parametrize("variant", sorted(VARIANT_NAMES))
def test_each_variant_is_an_env_option(variant):
    """The variants reach the game through the env (rulebook default: off), and survive a reset."""
    n = 1 if variant == "training" else 2  # the training mode is solo (I15.1)
    assert make(2).unwrapped.state_record["variants"] == 0
    env = make(n, **{variant: True})
    env.reset(seed=5)
    assert env.unwrapped.state_record["variants"] == VARIANT_NAMES[variant]
    with pytest.raises(InvalidOptionError, match=f"{variant} must be True or False"):
        make(n, **{variant: "yes"})


def test_max_turns_truncates_every_agent():
    env = make(2, max_turns=6)
    env.reset(seed=2)
    random_moves(env, np.random.default_rng(1), 2000)
    assert all(env.truncations.values()) and not any(env.terminations.values())
    assert env.unwrapped.turn_count == 6
    assert len(env.infos[env.agent_selection]["scores_at_truncation"]) == 2


def test_debug_mode_checks_invariants_along_a_game():
    env = make(3, debug=True)
    env.reset(seed=5)
    random_moves(env, np.random.default_rng(5), 300)


@pytest.mark.rule("I10.4", "I10.5")
@pytest.mark.parametrize("players, mode", [(2, "rank"), (3, "rank"), (4, "score"), (3, "margin")])
def test_terminal_rewards(players, mode):
    env = make(players, reward_mode=mode)
    env.reset(seed=4)
    rewards = {a: 0.0 for a in env.possible_agents}
    rng = np.random.default_rng(3)
    for agent in env.agent_iter(max_iter=100_000):
        obs, reward, term, trunc, info = env.last()
        rewards[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    game = env.unwrapped
    assert game.state_record["terminal"] == 1
    scores = game.scores().astype(float)
    got = np.array([rewards[a] for a in env.possible_agents])
    if mode == "rank":  # first +1, last -1, ties share (DESIGN "Rewards")
        ranks = game.ranks()
        assert got.sum() == pytest.approx(0.0)
        for i in range(players):
            for j in range(players):
                assert (ranks[i] < ranks[j]) == (got[i] > got[j] + 1e-9)
    elif mode == "score":
        assert np.allclose(got, scores)
    else:
        assert np.allclose(got, [scores[i] - np.delete(scores, i).max() for i in range(players)])


# ---------------------------------------------------------------- actions in words
def test_action_words_name_cards_and_options():
    env = make(2)
    env.reset(seed=3)
    game = env.unwrapped
    assert [game.action_to_str(A.TURN_TYPE + k) for k in range(3)] == ["activate", "innovate", "revolt"]
    env.step(A.TURN_TYPE + A.ACTIVATE)
    words = [game.action_to_str(a) for a in game.legal_actions()]
    assert words[0] == "end turn"
    hand = [c for c in range(N_CARDS) if game.state_record["zone"][c] == Z_HAND
            and game.state_record["owner"][c] == game.state_record["actor"]]
    assert any(w.startswith("play ") and D.CARDS[c].name in w for w in words for c in hand)
    assert "outside" in game.action_to_str(A.N_ACTIONS)


# ---------------------------------------------------------------- the state dict
def _mid_game_dict():
    env = make(3)
    env.reset(seed=12)
    random_moves(env, np.random.default_rng(12), 120)
    return env.unwrapped.state_to_dict()


def test_state_dict_names_cards():
    d = _mid_game_dict()
    assert all(card_id in K.RECORD_IDS for card_id in d["cards"])
    assert d["card_defaults"]["zone"] == "box"
    assert all(c is None or c in K.RECORD_IDS for c in d["market"])
    assert all(isinstance(c, str) for pile in d["draw_pile"] for c in pile)
    assert d["nation"][:3] == NATIONS[3]


def test_state_dict_names_the_program_a_frame_runs():
    """Frames point into their card's own program, so a save outlives edits to other programs."""
    checked = 0
    for states in states_along_a_game(2, 14, 1):
        s = states[0]
        if s["depth"] and s["fr_card"][s["depth"] - 1] >= 0:
            program, row = state_json.state_to_dict(s)["fr_pc"][-1]
            assert program.split()[0] in (K.RECORD_IDS[s["fr_rec"][s["depth"] - 1]], "empty")
            checked += 1
    assert checked > 10


def _one_frame(d, pc):
    """One running frame whose program counter is `pc` (the other frame fields blank)."""
    d["depth"] = 1
    for name in state_json.LIVE_COUNT:
        if name.startswith("fr_"):
            d[name] = [None if name in state_json.CARD_VALUED else 0]
    d["fr_pc"] = [pc]


@pytest.mark.parametrize(
    "edit, message",
    [
        (lambda d: d.update(game="scythe"), "game"),
        (lambda d: d.update(format=99), "format"),
        (lambda d: d.update(colour="red"), "unknown keys"),
        (lambda d: d.pop("pool"), "pool: missing"),
        (lambda d: d.update(pool=[[1, 2]]), "pool"),
        (lambda d: d.update(phase="lunch"), "phase"),
        (lambda d: d["cards"].update(NOPE1={"zone": "hand"}), "unknown card id"),
        (lambda d: d["cards"][next(iter(d["cards"]))].update(zone="attic"), "zone"),
        (lambda d: d["cards"][next(iter(d["cards"]))].update(owner=7), "owner"),
        (lambda d: next(pile for pile in d["draw_pile"] if pile).pop(), "draw_pile"),
        (lambda d: d["market"].__setitem__(0, "XYZ"), "unknown card id"),
        (lambda d: d["pool"][0].__setitem__(0, 1.5), "integer"),
        (lambda d: d.update(actor=3), "actor"),
        (lambda d: _one_frame(d, ["JPN23 PLAY", 99]), "fr_pc"),
        (lambda d: _one_frame(d, ["JPN23 SOLSTICE", 0]), "unknown program"),
        (lambda d: d["cards"].update({d["draw_pile"][1][0]: {"zone": "hand", "owner": 1}}), "draw pile 1"),
    ],
)
def test_corrupted_state_dicts_are_refused(edit, message):
    d = _mid_game_dict()
    edit(d)
    with pytest.raises(InvalidStateError, match=message):
        state_json.state_from_dict(d)


def test_load_state_dict_restores_a_game():
    env = make(2)
    env.reset(seed=9)
    random_moves(env, np.random.default_rng(2), 140)
    saved = env.unwrapped.state_to_dict()
    other = make(2)
    other.reset(seed=1)
    other.unwrapped.load_state_dict(saved)
    selection = env.agent_selection
    assert other.agent_selection == selection
    assert np.array_equal(other.observe(selection)["observation"], env.observe(selection)["observation"])
    with pytest.raises(InvalidOptionError):
        make(3).unwrapped.load_state_dict(saved)


# ---------------------------------------------------------------- hidden information
def _obs(states, seat):
    return encoder.observation(states[0], seat)


def _sound(states):
    assert invariants.check(states[0]) == []
    return states


def _shuffled_hidden_orders(states, rng):
    """Every face-down order reshuffled (draw piles, nation decks above the accession card,
    the main deck, small piles above their face-up tributary, the fame pile above King of
    Kings, the unrest pile) and another RNG word."""
    out = states.copy()
    s = out[0]
    for p in range(int(s["n_players"])):
        rng.shuffle(s["draw_pile"][p, : s["draw_size"][p]])
        rng.shuffle(s["nation_deck"][p, 1: s["nation_size"][p]])
    rng.shuffle(s["main_deck"][: s["main_size"]])
    for k in range(N_SMALL_PILES):
        rng.shuffle(s["small_pile"][k, 1: s["small_size"][k]])
    rng.shuffle(s["fame_pile"][1: s["fame_size"]])
    rng.shuffle(s["unrest_pile"][: s["unrest_size"]])
    s["rng"] ^= np.uint64(0x9E3779B97F4A7C15)
    return _sound(out)


def _swapped_hand_and_draw(states, p):
    """p's first hand card and first draw-pile card change places (same sizes, other cards)."""
    s = states[0]
    hand = [c for c in range(N_CARDS) if s["zone"][c] == Z_HAND and s["owner"][c] == p]
    if not hand or s["draw_size"][p] == 0:
        return None
    out = states.copy()
    t = out[0]
    h, d = hand[0], int(t["draw_pile"][p, 0])
    t["draw_pile"][p, 0] = h
    t["zone"][h], t["zone"][d] = Z_DRAW, Z_HAND
    return _sound(out)


def _swapped_garrison(states, p):
    """One of p's garrisoned cards trades places with a card of p's hand."""
    s = states[0]
    garrisoned = [c for c in range(N_CARDS) if s["zone"][c] == Z_GARRISON and s["owner"][c] == p]
    hand = [c for c in range(N_CARDS) if s["zone"][c] == Z_HAND and s["owner"][c] == p]
    if not garrisoned or not hand:
        return None
    out = states.copy()
    t = out[0]
    g, h = garrisoned[0], hand[0]
    t["zone"][g], t["zone"][h] = Z_HAND, Z_GARRISON
    t["host"][h], t["host"][g] = t["host"][g], -1
    return _sound(out)


@pytest.mark.rule("I17")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_observations_never_show_hidden_orders(players):
    """No seat, the owner included, can tell any face-down order or the RNG word."""
    rng = np.random.default_rng(players)
    for states in states_along_a_game(players, 30 + players, 23):
        other = _shuffled_hidden_orders(states, rng)
        for seat in range(players):
            assert np.array_equal(_obs(states, seat), _obs(other, seat))


@pytest.mark.rule("I17")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_hands_are_seen_by_their_owner_only(players):
    checked = 0
    for states in states_along_a_game(players, 40 + players, 17):
        for p in range(players):
            other = _swapped_hand_and_draw(states, p)
            if other is None:
                continue
            checked += 1
            assert not np.array_equal(_obs(states, p), _obs(other, p))
            for seat in range(players):
                if seat != p:
                    assert np.array_equal(_obs(states, seat), _obs(other, seat))
    assert checked > 20


@pytest.mark.rule("I17", "I12")
def test_garrisoned_cards_are_seen_by_their_owner_only():
    """Garrisoned cards lie face down: the others see how many lie under each host, not which."""
    checked = 0
    for seed in range(50, 60):
        for states in states_along_a_game(3, seed, 13):
            for p in range(3):
                other = _swapped_garrison(states, p)
                if other is None:
                    continue
                checked += 1
                assert not np.array_equal(_obs(states, p), _obs(other, p))
                for seat in range(3):
                    if seat != p:
                        assert np.array_equal(_obs(states, seat), _obs(other, seat))
        if checked >= 5:
            break
    assert checked >= 5


@pytest.mark.rule("I17")
def test_observation_is_relative_to_the_seat():
    env = make(3)
    env.reset(seed=6)
    random_moves(env, np.random.default_rng(6), 50)
    states = snapshot(env)
    player = encoder.FEATURES["player"]
    for seat in range(3):
        obs = _obs(states, seat)
        assert obs[player.offset + 4 + int(states[0]["nation"][seat])] == 1.0  # own nation in slot 0
        assert obs.dtype == np.float32 and obs.shape == (encoder.OBS_SIZE,)


@pytest.mark.rule("I17", "I3.10", "I3.12")
def test_observation_shows_what_the_seat_sees():
    """Own hand and the market by slot; the face-up tributaries under the small piles to all;
    nothing of an opponent's hand."""
    env = make(2)
    env.reset(seed=8)
    s = env.unwrapped.state_record
    card = encoder.FEATURES["card"].offset

    def where(obs, c):
        block = obs[card + c * encoder.CARD_STRIDE: card + (c + 1) * encoder.CARD_STRIDE]
        return [encoder.WHERE_NAMES[w] for w in np.flatnonzero(block[: encoder.N_WHERE])]

    mine, theirs = _obs(snapshot(env), 0), _obs(snapshot(env), 1)
    for c in range(N_CARDS):
        if s["zone"][c] == Z_HAND:
            assert where(mine, c) == (["own hand"] if s["owner"][c] == 0 else [])
    for slot in range(5):
        assert where(theirs, int(s["market"][slot])) == [f"market slot {slot + 1}"]
    for k in range(N_SMALL_PILES):
        bottom = int(s["small_pile"][k, 0])
        assert where(mine, bottom) == where(theirs, bottom) == ["small pile (face-up tributary)"]
        assert where(mine, int(s["small_pile"][k, 1])) == []


def test_feature_table_covers_the_vector():
    features = encoder.FEATURES.features
    assert features[0].offset == 0
    for a, b in zip(features, features[1:]):
        assert b.offset == a.offset + a.size
    assert features[-1].offset + features[-1].size == encoder.OBS_SIZE


# ---------------------------------------------------------------- rendering
def test_render_shows_the_market_the_players_and_the_decision():
    env = make(3, render_mode="ansi")
    env.reset(seed=7)
    rng = np.random.default_rng(7)
    for _ in range(6):
        text = env.render()
        assert env.unwrapped.decision_name() in text
        assert "Market" in text and "seat 2" in text
        random_moves(env, rng, 37)
