"""The Oath AEC environment (issue 6 "Deliver" 4): options and errors, the state dict, hidden
information in observations (O9.4), rendering and rewards. What every game's env promises
(PettingZoo's tests, illegal actions, actions in words, the state dict round trip) is
tests/test_env_contract.py."""

from __future__ import annotations

import numpy as np
import pytest

from meeplegym import InvalidOptionError, InvalidStateError, make_env
from meeplegym.encoders import oath as encoder
from meeplegym.envs import oath_v0
from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import engine, invariants, state_json
from meeplegym.envs.oath import state as S
from meeplegym.envs.oath.chronicle import ChronicleState
from tests.bot_play import random_moves

PLAYERS = [2, 3, 4, 5, 6]


def snapshot(env) -> np.ndarray:
    return np.asarray(env.unwrapped.state_record).reshape(1).copy()


def states_along_a_game(n_players, seed, every):
    """Copies of the engine state every `every` decisions of a random game, to its end."""
    states = engine.new_game(n_players, seed)
    rng = np.random.default_rng(seed)
    mask = np.zeros(A.N_ACTIONS, dtype=np.int8)
    out = []
    k = 0
    while not states[0]["terminal"]:
        if k % every == 0:
            out.append(states.copy())
        engine.legal_mask_at(states, 0, mask)
        engine.apply_at(states, 0, int(rng.choice(np.flatnonzero(mask))))
        k += 1
    return out


def _obs(states, seat):
    return encoder.observation(states[0], seat)


# ---------------------------------------------------------------- PettingZoo's tests
def test_registry_builds_the_env():
    env = make_env("oath", num_players=3)
    env.reset(seed=1)
    assert env.unwrapped.metadata["name"] == "oath_v0"
    assert env.possible_agents == ["player_0", "player_1", "player_2"]


# ---------------------------------------------------------------- options and errors
@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"num_players": 1}, "num_players"),
        ({"num_players": 7}, "num_players"),
        ({"num_players": 3, "setup": "campaign"}, "setup"),
        ({"num_players": 3, "colours": ["red"]}, "colours"),
        ({"num_players": 3, "colours": ["red", "red"]}, "each board once"),
        ({"num_players": 3, "colours": ["red", "green"]}, "green"),
        ({"num_players": 3, "reward_mode": "elo"}, "reward_mode"),
        ({"num_players": 3, "max_turns": 0}, "max_turns"),
        ({"num_players": 3, "render_mode": "video"}, "render_mode"),
        ({"num_players": 3, "reconstructed_powers": "yes"}, "reconstructed_powers"),
        ({"num_players": 3, "setup": "{not json"}, "JSON"),
        ({"num_players": 3, "factions": ["nordic"]}, "unknown options"),
    ],
)
def test_bad_options_fail_at_construction(kwargs, message):
    with pytest.raises(InvalidOptionError, match=message):
        oath_v0.env(**kwargs)


@pytest.mark.rule("O1.1", "O1.3")
def test_setup_options_choose_the_table():
    tutorial = oath_v0.env(num_players=4, setup="tutorial", colours=["red", "brown", "blue"])
    tutorial.reset(seed=5)
    s = tutorial.unwrapped.state_record
    assert s["phase"] == S.PH_SETUP_KEEP  # boards given (no step 9), the Chancellor's pawn fixed (step 23)
    assert [d["colour"] for d in tutorial.unwrapped.seat_setup()] == ["purple", "red", "brown", "blue"]
    chronicle = ChronicleState.tutorial()
    from_text = oath_v0.env(num_players=4, setup=chronicle.to_json(), colours=["red", "brown", "blue"])
    from_text.reset(seed=5)
    assert from_text.unwrapped.state_record.tobytes() == s.tobytes()
    first = oath_v0.env(num_players=4)
    first.reset(seed=5)
    assert first.unwrapped.state_record["phase"] == S.PH_SETUP_BOARD
    first.reset(seed=5, options={"setup": chronicle, "colours": ["red", "brown", "blue"]})
    assert first.unwrapped.state_record.tobytes() == s.tobytes()


def test_max_turns_truncates_every_agent():
    env = oath_v0.env(num_players=3, max_turns=2)
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(5000):
        if any(env.truncations.values()) or any(env.terminations.values()):
            break
        random_moves(env, rng, 1)
    assert all(env.truncations.values())
    assert env.unwrapped.turn_count == 2
    assert env.infos["player_0"]["scores_at_truncation"] == [0, 0, 0]


def test_max_decisions_truncates_a_game_that_loops_inside_a_turn():
    """Moving warbands to and fro is free (O6.5), so a turn can last forever: the decision cap
    ends the episode where max_turns never would."""
    env = oath_v0.env(num_players=3, max_decisions=60, max_turns=50)
    env.reset(seed=2)
    steps = 0
    while not any(env.truncations.values()):
        mask = env.observe(env.agent_selection)["action_mask"]
        to_and_fro = [a for a in (A.OPTION + 0, A.OPTION + 1, A.NUMBER + 1) if mask[a]]
        env.step(to_and_fro[0] if to_and_fro else int(np.flatnonzero(mask)[-1]))
        steps += 1
    assert steps == 60 and env.unwrapped.turn_count < 50
    with pytest.raises(InvalidOptionError, match="max_decisions"):
        oath_v0.env(num_players=3, max_decisions=0)


def test_debug_mode_checks_invariants_along_a_game():
    env = oath_v0.env(num_players=3, debug=True)
    env.reset(seed=4)
    random_moves(env, np.random.default_rng(4), 300)  # raises InvalidStateError on a broken invariant


# ---------------------------------------------------------------- rewards
@pytest.mark.rule("O3")
@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_winner_gets_one_and_the_others_share_the_rest(players):
    env = oath_v0.env(num_players=players)
    env.reset(seed=players)
    random_moves(env, np.random.default_rng(players), 100_000)
    s = env.unwrapped.state_record
    assert s["terminal"] and all(env.terminations.values())
    winner = f"player_{int(s['winner'])}"
    rewards = {a: env._cumulative_rewards[a] for a in env.possible_agents}
    assert rewards[winner] == 1.0
    for a in env.possible_agents:
        if a != winner:
            assert rewards[a] == pytest.approx(-1.0 / (players - 1))
    assert env.unwrapped.victory() == S.WIN_NAMES[int(s["win_kind"])] != "none"
    assert env.infos[winner]["final_scores"][int(s["winner"])] == 1
    assert sum(env.infos[winner]["final_scores"]) == 1


# ---------------------------------------------------------------- actions in words
# ---------------------------------------------------------------- the state dict
def test_state_dict_names_cards_and_phases():
    env = oath_v0.env(num_players=4, setup="tutorial", colours=["red", "brown", "blue"])
    env.reset(seed=1)
    d = env.unwrapped.state_to_dict()
    assert d["phase"] == "setup: adviser"
    assert d["cards"]["Grand Scepter"]["zone"] == "personal bank"
    assert d["colour"][:4] == ["purple", "red", "brown", "blue"]
    assert all(isinstance(c, str) for c in d["world"])


def test_a_power_in_progress_is_saved_by_its_program_name():
    for states in states_along_a_game(4, 3, 1):
        if states[0]["phase"] == S.PH_POWER:
            d = state_json.state_to_dict(states[0])
            program, row = d["pw_pc"]
            assert program.startswith(S.card_name(int(states[0]["pw_card"])))
            assert state_json.state_from_dict(d).tobytes() == states.tobytes()
            return
    pytest.skip("no power decision in this game")


def _edit(d, path, value):
    *head, last = path
    for key in head:
        d = d[key]
    d[last] = value


@pytest.mark.parametrize(
    "path, value, message",
    [
        (("game",), "scythe", "game"),
        (("phase",), "lunch", "phase"),
        (("world",), ["No Such Card"], "world"),
        (("cards", "Grand Scepter", "zone"), "pocket", "zone"),
        (("favor",), [99, 0, 0, 0, 0, 0], "inconsistent state"),
        (("actor",), 5, "actor"),
        (("cards", "Nowhere Card"), {"zone": "site"}, "unknown card"),
        (("turn",), "three", "turn"),
        # values a compiled kernel would index past an array with (issue 47's fuzzer; without
        # bounds checks they loaded and corrupted memory)
        (("prophet",), [100, -1, -1, -1, -1], r"prophet\[0\]: 100 outside -1\.\.3"),
        (("camp_from",), 100, r"camp_from: 100 outside -1\.\.7"),
        (("cards", "Grand Scepter", "plan_user"), 127, r"Grand Scepter\.plan_user: 127 outside 0\.\.4"),
        (("cards", "Grand Scepter", "where"), 40, r"Grand Scepter\.where: 40 outside"),
        (("prophet_due",), -2, r"prophet_due: -2 outside 0\.\.31"),
        (("prophet_due",), 1, r"prophet_due: .* is due to be played from a False Prophet's warband but is not in hand"),
    ],
)
def test_corrupted_state_dicts_are_refused(path, value, message):
    states = states_along_a_game(4, 7, 60)[2]
    d = state_json.state_to_dict(states[0])
    _edit(d, path, value)
    with pytest.raises(InvalidStateError, match=message):
        state_json.state_from_dict(d)


def test_load_state_dict_restores_a_game():
    env = oath_v0.env(num_players=3)
    env.reset(seed=8)
    random_moves(env, np.random.default_rng(8), 120)
    saved = env.unwrapped.state_to_dict()
    follow = np.random.default_rng(99)
    random_moves(env, follow, 200)
    after = env.unwrapped.state_record.tobytes()
    other = oath_v0.env(num_players=3)
    other.reset(seed=0)
    other.unwrapped.load_state_dict(saved)
    random_moves(other, np.random.default_rng(99), 200)
    assert other.unwrapped.state_record.tobytes() == after
    with pytest.raises(InvalidOptionError, match="players"):
        oath_v0.env(num_players=4).unwrapped.load_state_dict(saved)


# ---------------------------------------------------------------- hidden information (O9.4)
def _world_below_top_shuffled(states, rng):
    """The world deck's cards below the top one in another order (their backs and order are private)."""
    out = states.copy()
    s = out[0]
    n = int(s["world_size"])
    if n < 3:
        return None
    s["world"][: n - 1] = rng.permutation(s["world"][: n - 1])
    return out


@pytest.mark.rule("O9.4", "O2.1")
@pytest.mark.parametrize("players", [3, 6])
def test_observations_never_show_the_world_deck_order(players):
    rng = np.random.default_rng(players)
    checked = 0
    for states in states_along_a_game(players, 30 + players, 19):
        other = _world_below_top_shuffled(states, rng)
        if other is None:
            continue
        checked += 1
        assert invariants.check(other[0]) == []
        for seat in range(players):
            assert np.array_equal(_obs(states, seat), _obs(other, seat))
    assert checked > 5


def _swapped_adviser(states, p):
    """p's facedown adviser swapped with a world-deck denizen below the top that nobody has seen:
    only p can tell."""
    s0 = states[0]
    advisers = [c for c in np.flatnonzero((s0["zone"] == S.Z_ADVISER) & (s0["where"] == p) & (s0["faceup"] == 0))
                if c < S.FIRST_EDIFICE and s0["known"][c] == 1 << p]
    unseen = [int(s0["world"][k]) for k in range(int(s0["world_size"]) - 1)
              if s0["world"][k] < S.FIRST_EDIFICE and s0["known"][s0["world"][k]] == 0]
    if not advisers or not unseen:
        return None
    out = states.copy()
    s = out[0]
    c, w = int(advisers[0]), unseen[0]
    for name in state_json.CODEC.card_fields:
        s[name][c], s[name][w] = s0[name][w], s0[name][c]
    k = int(np.flatnonzero(s0["world"][: s0["world_size"]] == w)[0])
    s["world"][k] = c
    return out


@pytest.mark.rule("O9.4", "O2.2")
@pytest.mark.parametrize("players", [3, 5])
def test_facedown_advisers_are_seen_by_their_holder_only(players):
    checked = 0
    for states in states_along_a_game(players, 40 + players, 13):
        for p in range(players):
            other = _swapped_adviser(states, p)
            if other is None:
                continue
            checked += 1
            assert invariants.check(other[0]) == []
            assert not np.array_equal(_obs(states, p), _obs(other, p))
            for seat in range(players):
                if seat != p:
                    assert np.array_equal(_obs(states, seat), _obs(other, seat))
    assert checked > 10


@pytest.mark.rule("O9.4")
def test_facedown_sites_hide_their_name():
    env = oath_v0.env(num_players=4)
    env.reset(seed=3)
    states = snapshot(env)
    s = states[0]
    slots = encoder.FEATURES["slot"]
    down = int(np.flatnonzero(s["slot_faceup"][: S.N_SLOTS] == 0)[0])
    up = int(np.flatnonzero(s["slot_faceup"][: S.N_SLOTS])[0])
    obs = _obs(states, 0)
    at = slots.offset + down * encoder.SLOT_STRIDE
    assert obs[at: at + S.N_SITES].sum() == 0
    at = slots.offset + up * encoder.SLOT_STRIDE
    assert obs[at + int(s["slot_site"][up])] == 1.0


def test_observation_is_relative_to_the_seat():
    for states in states_along_a_game(4, 6, 97)[1:3]:
        s = states[0]
        seats = encoder.FEATURES["seat"]
        for seat in range(4):
            obs = _obs(states, seat)
            assert obs.dtype == np.float32 and obs.shape == (encoder.OBS_SIZE,) and obs.min() >= 0
            for p in range(4):
                at = seats.offset + ((p - seat) % 4) * encoder.SEAT_STRIDE
                assert obs[at + 1 + int(s["side"][p])] == 1.0
                assert obs[at + 1 + encoder.N_SIDES + int(s["colour"][p])] == 1.0
                assert obs[at + 1 + encoder.N_SIDES + S.N_COLOURS + 1] == s["favor"][p]


@pytest.mark.parametrize("players", PLAYERS)
def test_observations_stay_inside_the_observation_space(players):
    space = oath_v0.env(num_players=players).observation_space("player_0")["observation"]
    for states in states_along_a_game(players, 60 + players, 3):
        for seat in range(players):
            obs = _obs(states, seat)
            assert space.contains(obs), (S.PHASE_NAMES[int(states[0]["phase"])], obs.min(), obs.max())


def test_feature_table_covers_the_vector():
    features = encoder.FEATURES.features
    assert features[0].offset == 0
    for a, b in zip(features, features[1:]):
        assert b.offset == a.offset + a.size
    assert features[-1].offset + features[-1].size == encoder.OBS_SIZE
    assert "O9.4" in encoder.__doc__ and "| `card` |" in encoder.FEATURES.markdown()


# ---------------------------------------------------------------- rendering
def test_render_shows_the_map_the_players_and_the_decision():
    env = oath_v0.env(num_players=4, render_mode="ansi", setup="tutorial", colours=["red", "brown", "blue"])
    env.reset(seed=2)
    random_moves(env, np.random.default_rng(2), 30)
    text = env.render()
    s = env.unwrapped.state_record
    assert "Oath of" in text and "decides:" in text
    for slot in range(S.N_SLOTS):
        assert A.slot_name(s, slot) in text
    assert "facedown site" in text  # the tutorial starts with facedown sites (O1.3)
    for p in range(4):
        assert f"seat {p} ({['purple', 'red', 'brown', 'blue'][p]})" in text
