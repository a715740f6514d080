"""The Scythe AEC environment: errors, options, rewards, observations. What every game's env
promises (PettingZoo's tests, illegal actions, actions in words, the state dict round trip) is
tests/test_env_contract.py."""

import numpy as np
import pytest

from meeplegym import InvalidOptionError
from meeplegym.encoders import scythe as encoder
from meeplegym.envs import scythe_v0
from meeplegym.envs.scythe import actions as A
from meeplegym.envs.scythe.state_json import state_from_dict, state_to_dict
from tests.bot_play import random_moves


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"num_players": 1}, "num_players"),
        ({"num_players": 6}, "num_players"),
        ({"num_players": 2, "factions": ["nordic"]}, "expected 2"),
        ({"num_players": 2, "factions": ["nordic", "albion"]}, "unknown 'albion'"),
        ({"num_players": 2, "factions": ["crimea", "crimea"]}, "chosen twice"),
        ({"num_players": 2, "mats": ["industrial", "steampunk"]}, "unknown 'steampunk'"),
        ({"num_players": 2, "reward_mode": "elo"}, "reward_mode"),
        ({"num_players": 2, "max_turns": 0}, "max_turns"),
        ({"num_players": 2, "render_mode": "svg"}, "render_mode"),
    ],
)
def test_bad_options_fail_at_construction(kwargs, message):
    with pytest.raises(InvalidOptionError, match=message):
        scythe_v0.env(**kwargs)


@pytest.mark.rule("S1.5")
def test_chosen_factions_and_mats_are_seated_in_faction_order():
    env = scythe_v0.env(num_players=3, factions=["polania", "nordic", "crimea"], mats=["mechanical", "industrial", "patriotic"])
    env.reset(seed=5)
    d = env.unwrapped.state_to_dict()
    assert [(p["faction"], p["mat"]) for p in d["players"]] == [
        ("nordic", "industrial"), ("crimea", "patriotic"), ("polania", "mechanical"),
    ]
    assert d["current"] == 0  # Industrial is mat 1 (S1.9)


def test_max_turns_truncates_every_agent():
    env = scythe_v0.env(num_players=2, max_turns=6)
    env.reset(seed=2)
    random_moves(env, np.random.default_rng(1), 500)
    assert all(env.truncations.values()) and not any(env.terminations.values())
    assert env.unwrapped.turn_count == 6
    assert len(env.infos[env.agent_selection]["scores_at_truncation"]) == 2


@pytest.mark.parametrize("mode", ["rank", "score", "margin"])
def test_terminal_rewards(mode):
    env = scythe_v0.env(num_players=3, reward_mode=mode)
    env.reset(seed=4)
    rewards = {a: 0.0 for a in env.possible_agents}
    rng = np.random.default_rng(3)
    for agent in env.agent_iter(max_iter=200_000):
        obs, reward, term, trunc, info = env.last()
        rewards[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    state = env.unwrapped.state_record
    assert state["terminal"] == 1
    scores = state["final_score"][:3].astype(float)
    got = np.array([rewards[a] for a in env.possible_agents])
    if mode == "rank":
        assert got.sum() == pytest.approx(0.0)
        assert got[np.argmax(scores)] == pytest.approx(max(got))
    elif mode == "score":
        assert np.allclose(got, scores)
    else:
        assert np.allclose(got, [scores[i] - np.delete(scores, i).max() for i in range(3)])


def test_every_legal_action_has_a_distinct_name():
    env = scythe_v0.env(num_players=4)
    env.reset(seed=8)
    rng = np.random.default_rng(5)
    for _ in range(1500):
        agent = env.agent_selection
        if env.terminations[agent]:
            break
        legal = np.flatnonzero(env.observe(agent)["action_mask"])
        names = [env.unwrapped.action_to_str(int(a)) for a in legal]
        assert all(names) and len(set(names)) == len(names), names
        env.step(int(rng.choice(legal)))


@pytest.mark.rule("S0.10")
def test_observation_hides_what_the_table_hides():
    """Seat 0's view is the same whatever the opponent's card values, objectives, coins
    (private by default), deck order and RNG word; the opponent's card count does show."""
    env = scythe_v0.env(num_players=2, factions=["nordic", "saxony"])
    env.reset(seed=3)
    d = env.unwrapped.state_to_dict()
    base = encoder.observation(state_from_dict(d)[0], 0)
    hidden = state_to_dict(state_from_dict(d)[0])
    opp = hidden["players"][1]
    # Re-deal the opponent's hand from the pooled deck + hand: same count, other values.
    held = [int(v) for v, c in opp["combat_cards"].items() for _ in range(c)]
    pool = sorted(hidden["combat_deck"] + held)
    new_hand, new_deck = pool[-len(held):], pool[: -len(held)]
    assert sorted(new_hand) != sorted(held)
    opp["combat_cards"] = {v: new_hand.count(int(v)) for v in opp["combat_cards"]}
    hidden["combat_deck"] = new_deck[::-1]
    opp["objectives"] = [23, 22]
    opp["coins"] += 17
    hidden["rng"] = 12345
    hidden["factory_pool"] = [12, 11, 10]
    assert np.array_equal(encoder.observation(state_from_dict(hidden)[0], 0), base)
    # but a public change is seen
    opp["power"] = 0 if opp["power"] else 1
    assert not np.array_equal(encoder.observation(state_from_dict(hidden)[0], 0), base)


def _own_unit_rows(env, agent):
    """The observer's own.unit_location block: (unit, location)."""
    feature = next(f for f in encoder.FEATURES.features if f.name == "own.unit_location")
    block = env.observe(agent)["observation"][feature.offset:feature.offset + feature.size]
    return block.reshape(-1, A.AMOUNT - A.LOCATION)  # one column per location action


def test_own_units_are_located_by_the_index_the_unit_actions_use():
    """The unit actions (UNIT + u) name units by index, so the observation says where each of the
    observer's own units stands: one-hot rows that follow a Move, and all zeros on the mat."""
    env = scythe_v0.env(num_players=2, factions=["nordic", "saxony"])
    env.reset(seed=4)
    agent_rng = np.random.default_rng(6)
    moved = 0
    for _ in range(400):
        agent = env.agent_selection
        if env.terminations[agent]:
            break
        rows = _own_unit_rows(env, agent)
        units = state_from_dict(env.unwrapped.state_to_dict())[0]["unit_loc"][env.agents.index(agent)]
        on_board = units >= 0
        assert (rows.sum(1) == on_board).all()  # one location per unit on the board, none for the mat
        assert (rows[on_board].argmax(1) == units[on_board]).all()
        mask = env.observe(agent)["action_mask"]
        unit_actions = np.flatnonzero(mask[A.UNIT:A.UNIT + 13])
        if unit_actions.size:  # select a unit, step it, and its row follows
            u = int(agent_rng.choice(unit_actions))
            env.step(A.UNIT + u)
            targets = np.flatnonzero(env.observe(agent)["action_mask"][A.LOCATION:A.AMOUNT])
            if env.agent_selection == agent and targets.size:
                z = int(agent_rng.choice(targets))
                env.step(A.LOCATION + z)
                assert _own_unit_rows(env, agent)[u].argmax() == z and _own_unit_rows(env, agent)[u].sum() == 1
                moved += 1
            continue
        env.step(int(agent_rng.choice(np.flatnonzero(mask))))
    assert moved >= 5


def _block(observation, name, width):
    feature = next(f for f in encoder.FEATURES.features if f.name == name)
    return observation[feature.offset:feature.offset + feature.size].reshape(-1, width)


def test_what_each_player_can_pay_with_is_what_the_bottom_actions_accept():
    """player.resources sums the tokens on each player's controlled territories (S0.6), and
    player.can_pay_bottom says what the rules' own affordability check says (no Crimea here,
    whose Coercion the flags leave out), from either seat's view."""
    from meeplegym.envs.scythe.rules.board import new_control
    from meeplegym.envs.scythe.rules.bottom import can_afford_bottom

    env = scythe_v0.env(num_players=2, factions=["nordic", "saxony"])
    env.reset(seed=11)
    rng = np.random.default_rng(3)
    seen_tokens = seen_payable = 0
    for _ in range(600):
        if env.terminations[env.agent_selection]:
            break
        s = state_from_dict(env.unwrapped.state_to_dict())[0]
        ctrl = new_control(s)
        for seat in (0, 1):
            obs = encoder.observation(s, seat)
            for rel, p in ((0, seat), (1, 1 - seat)):
                tokens = s["resources"][:len(ctrl)][ctrl == p].sum(0)
                assert (_block(obs, "player.resources", 4)[rel] == tokens).all()
                payable = [bool(can_afford_bottom(s, p, b, ctrl)) for b in range(4)]
                assert list(_block(obs, "player.can_pay_bottom", 4)[rel] == 1) == payable
                seen_tokens += int(tokens.sum() > 0)
                seen_payable += sum(payable)
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
    assert seen_tokens > 100 and seen_payable > 100


def test_feature_table_covers_the_vector():
    features = encoder.FEATURES.features
    assert features[0].offset == 0
    for a, b in zip(features, features[1:]):
        assert b.offset == a.offset + a.size
    assert features[-1].offset + features[-1].size == encoder.OBS_SIZE


def test_load_state_dict_restores_a_game():
    env = scythe_v0.env(num_players=2)
    env.reset(seed=9)
    random_moves(env, np.random.default_rng(2), 120)
    saved = env.unwrapped.state_to_dict()
    selection = env.agent_selection
    other = scythe_v0.env(num_players=2)
    other.reset(seed=1)
    other.unwrapped.load_state_dict(saved)
    assert other.agent_selection == selection
    assert np.array_equal(other.observe(selection)["observation"], env.observe(selection)["observation"])
    with pytest.raises(InvalidOptionError):
        scythe_v0.env(num_players=3).unwrapped.load_state_dict(saved)


@pytest.mark.rule("S0.10")
@pytest.mark.parametrize("seat", [0, 1, 2, 3, 4])
def test_each_seat_sees_nothing_of_the_others_hidden_facts(seat):
    """Five players mid-game: re-dealing every other seat's card values, objectives and coins
    (private by default), the deck order, the factory pool and the RNG leaves this seat's
    observation unchanged; changing its own hand does not."""
    env = scythe_v0.env(num_players=5)
    env.reset(seed=21)
    random_moves(env, np.random.default_rng(4), 300)
    d = env.unwrapped.state_to_dict()
    base = encoder.observation(state_from_dict(d)[0], seat)
    other = state_to_dict(state_from_dict(d)[0])
    others = [p for i, p in enumerate(other["players"]) if i != seat]
    held = [int(v) for p in others for v, c in p["combat_cards"].items() for _ in range(c)]
    pool = sorted(other["combat_deck"] + held, reverse=True)  # the best cards to the others
    for p in others:
        n = sum(p["combat_cards"].values())
        take, pool = pool[:n], pool[n:]
        p["combat_cards"] = {v: take.count(int(v)) for v in p["combat_cards"]}
        p["coins"] += 11
    other["combat_deck"] = pool[::-1]
    spare = [c for c in range(1, 24) if c not in other["objective_deck"]
             and all(c not in p["objectives"] for p in other["players"])]
    mine = set(other["players"][seat]["objectives"])
    deck_and_others = [c for c in other["objective_deck"]] + [c for p in others for c in p["objectives"] if c]
    deck_and_others.reverse()
    for p in others:
        p["objectives"] = [deck_and_others.pop() if c else None for c in p["objectives"]]
    other["objective_deck"] = deck_and_others + spare
    assert mine == set(other["players"][seat]["objectives"])
    other["factory_pool"] = other["factory_pool"][::-1]
    other["rng"] = 987654321
    assert other != d
    assert np.array_equal(encoder.observation(state_from_dict(other)[0], seat), base)
    own = other["players"][seat]
    values = [int(v) for v, c in own["combat_cards"].items() for _ in range(c)]
    if values and other["combat_deck"] and any(v != values[0] for v in other["combat_deck"]):
        swap = next(v for v in other["combat_deck"] if v != values[0])
        other["combat_deck"].remove(swap)
        other["combat_deck"].append(values[0])
        own["combat_cards"][str(values[0])] -= 1
        own["combat_cards"][str(swap)] += 1
        assert not np.array_equal(encoder.observation(state_from_dict(other)[0], seat), base)


def test_unknown_options_are_named():
    with pytest.raises(InvalidOptionError, match=r"unknown options \['colour'\].*known: num_players"):
        scythe_v0.env(num_players=2, colour="red")


def test_debug_mode_checks_invariants_after_every_action():
    """debug=True runs the engine's invariant checks (envs/scythe/invariants.py) after each
    action: a clean game runs through, a corrupted state is caught on the next action."""
    env = scythe_v0.env(num_players=2, debug=True)
    env.reset(seed=2)
    random_moves(env, np.random.default_rng(1), 300)
    env.unwrapped.state_record["power"][0] = 99  # outside 0..16 (S0.4)
    mask = env.observe(env.agent_selection)["action_mask"]
    from meeplegym import InvalidStateError

    with pytest.raises(InvalidStateError, match="power"):
        env.step(int(np.flatnonzero(mask)[0]))
