"""The IS-MCTS agents (agents/mcts.py and each game's <game>_mcts.py): options, legal and complete
play in every phase, reproducible from the search's word, blind to hidden facts (S0.10, I17,
O9.4), every seat valued for itself, a tree that keeps its counts, and strength over random
play at a tiny budget. The ladders against the rule-based bots are in benchmarks/RESULTS.md."""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType

import numpy as np
import pytest

from meeplegym import rng
from meeplegym.agents import agent_names, imperium_bots, imperium_mcts, make_agent, oath_bots, oath_mcts, play_match
from meeplegym.agents import scythe_bots, scythe_mcts
from meeplegym.agents.mcts import ACTION, FIRST, NEXT, NO_VALUE, VISITS, keep_best_half, new_tree, squashed_margins
from meeplegym.agents.registry import split_options
from meeplegym.envs.imperium import engine as imperium_engine
from meeplegym.envs.imperium import hidden as imperium_hidden
from meeplegym.envs.oath import engine as oath_engine
from meeplegym.envs.oath import hidden as oath_hidden
from meeplegym.envs.scythe import engine as scythe_engine
from meeplegym.envs.scythe import hidden as scythe_hidden
from tests import bot_play


@dataclass(frozen=True)
class Game:
    name: str
    engine: ModuleType
    hidden: ModuleType
    bots: ModuleType
    mcts: ModuleType

    def searched_points(self, n_players, seed, limit, every=3):
        """Searched decisions (state copy, seat, mask) met in a game between the rule-based bots:
        every `every`-th one, up to `limit`."""
        points, seen = [], [0]

        def keep(st, seat, mask, a):
            if len(points) < limit and self.mcts.searched_at(st, 0, mask):
                seen[0] += 1
                if seen[0] % every == 1:
                    points.append((st.copy(), seat, mask.copy()))

        bot_play.play_engine(self.engine, self.bots.policy_at, self.mcts.N_ACTIONS, n_players, seed,
                             [p % 2 for p in range(n_players)], seed, keep)
        return points


SCYTHE = Game("scythe", scythe_engine, scythe_hidden, scythe_bots, scythe_mcts)
IMPERIUM = Game("imperium", imperium_engine, imperium_hidden, imperium_bots, imperium_mcts)
OATH = Game("oath", oath_engine, oath_hidden, oath_bots, oath_mcts)
GAMES = pytest.mark.parametrize("game", [SCYTHE, IMPERIUM, OATH], ids=lambda g: g.name)


def grown(game, point, simulations, word=7, c=0.5, widen=1.0, value=NO_VALUE):
    """The tree `simulations` simulations grow for a decision point, and the search's word after."""
    st, seat, mask = point
    nodes, sums = new_tree(simulations + 1, game.mcts.MAX_PLAYERS)
    words = rng.seed_words([word])
    used = game.mcts.grow(st, 0, seat, 0, mask, words, 0, nodes, sums, 1, simulations, c, widen, value)
    return nodes[:used], sums[:used], words


def children(nodes, node=0):
    out, child = [], nodes[node, FIRST]
    while child >= 0:
        out.append(child)
        child = nodes[child, NEXT]
    return out


# ---------------------------------------------------------------- registry and options
@GAMES
def test_registered_with_checked_options(game):
    name = f"{game.name}.mcts"
    assert name in agent_names(game.name) and name not in agent_names("scythe" if game.name != "scythe" else "oath")
    bot = make_agent(name, game=game.name, seed=1)
    assert bot.needs_state and bot.simulations == type(bot).default_count >= 256 and bot.seconds is None
    options = make_agent(name, seed=1, simulations=3, c=0.2, widen=2, consider=4).kernel_options
    assert options[:5] == (3, 0.2, 2.0, True, 4) and options[5].shape == (0, game.mcts.N_ACTIONS)
    assert options[6][1].size == 0  # no learned value: the rollouts value every leaf
    assert make_agent(name, seed=1, root="ucb").kernel_options[3] is False
    assert make_agent(name, seed=1, style=game.bots.STYLE_NAMES[1]).style == 1
    for bad in ({"simulations": 0}, {"simulations": 2.5}, {"seconds": 0}, {"simulations": 2, "seconds": 1.0},
                {"style": "x"}, {"c": -1}, {"widen": 0}, {"root": "puct"},
                {"consider": 0}, {"consider": 1.5}, {"prior": "no/such/policy.pt"}, {"value": "no/such/policy.pt"},
                {"value_weight": 1.5}, {"value_scale": 0}):
        with pytest.raises(ValueError):
            make_agent(name, seed=1, **bad)


def test_options_in_an_agent_name():
    assert split_options("scythe.mcts") == ("scythe.mcts", {})
    assert split_options("scythe.mcts@simulations=256,c=0.3,style=rusher") == (
        "scythe.mcts", {"simulations": 256, "c": 0.3, "style": "rusher"})
    bot = make_agent("scythe.mcts@simulations=5,style=rusher", game="scythe", seed=1)
    assert bot.name == "scythe.mcts@simulations=5,style=rusher" and bot.simulations == 5 and bot.style == 1
    for bad in ("scythe.mcts@simulations", "scythe.mcts@=3", "scythe.mcts@budget=3", "scythe.builder@samples=2"):
        with pytest.raises(ValueError, match="simulations|key=value|budget|samples"):
            make_agent(bad, seed=1)


# ---------------------------------------------------------------- legal, complete play
@GAMES
@pytest.mark.parametrize("n_players", [2, 3])
def test_plays_whole_games_through_the_env(game, n_players):
    """MCTS seats through the AEC env (which rejects any illegal action) answer every phase: at 2
    players one searching by halving at the root and one by the clock; at 3, a UCB root, a
    rule-based bot and a UCB root by the clock."""
    agents = [make_agent(f"{game.name}.mcts", seed=1, simulations=3, root="halving" if n_players == 2 else "ucb"),
              make_agent(f"{game.name}.{game.bots.STYLE_NAMES[1]}", seed=2),
              make_agent("random", seed=3)][:n_players]
    if n_players == 2:
        agents[1] = make_agent(f"{game.name}.mcts", seed=4, seconds=0.002, style=game.bots.STYLE_NAMES[1])
    else:
        agents[2] = make_agent(f"{game.name}.mcts", seed=3, seconds=0.002, root="ucb")
    result = play_match(game.name, agents, seed=50 + n_players)
    assert not result.truncated and result.decisions > 0
    shared = len(set(result.scores)) == 1 and len(set(result.rewards)) == 1
    assert max(result.rewards) == 1.0 or shared


@GAMES
@pytest.mark.parametrize("halving", [True, False], ids=["halving", "ucb"])
def test_batch_kernel_agrees_with_single_decisions(game, halving):
    points = game.searched_points(2, 61, 4)
    no_keys = np.zeros((0, game.mcts.N_ACTIONS))
    bot_play.assert_batch_agrees(game.mcts.search_states, game.mcts.search_at, points, 6, 0.5, 1.0, halving, 3,
                                 no_keys, NO_VALUE)


# ---------------------------------------------------------------- the tree
@GAMES
def test_the_tree_counts_every_simulation_once(game):
    """Every simulation passes the root and one of its children; children are legal actions of
    the root, each once, no more than widening allows; every node's visits are at least its
    children's (a node is visited, then its child); value sums stay within [0, visits] per seat."""
    for point in game.searched_points(2, 71, 3):
        mask = point[2]
        nodes, sums, _ = grown(game, point, 40)
        kids = children(nodes)
        actions = [int(nodes[k, ACTION]) for k in kids]
        assert nodes[0, VISITS] == 40 and sum(nodes[k, VISITS] for k in kids) == 40
        assert len(set(actions)) == len(actions) and all(mask[a] for a in actions)
        assert 1 <= len(kids) <= min(int(mask.sum()), int(np.sqrt(41)) + 1)
        for node in range(len(nodes)):
            assert nodes[node, VISITS] >= sum(nodes[k, VISITS] for k in children(nodes, node))
            assert (sums[node] >= 0).all() and (sums[node] <= nodes[node, VISITS] + 1e-9).all()


def opened(game, point, word=7):
    """The root of a halving search opened on every branched action: (nodes, sums, children, k, words)."""
    st, seat, mask = point
    nodes, sums = new_tree(4096, game.mcts.MAX_PLAYERS)
    kids = np.empty(game.mcts.N_ACTIONS, dtype=np.int64)
    words = rng.seed_words([word])
    k = game.mcts.open_root(st, 0, seat, 0, mask, words, 0, nodes, kids, game.mcts.N_ACTIONS,
                            np.zeros((0, game.mcts.N_ACTIONS)))
    return nodes, sums, kids, k, words


@GAMES
def test_halving_weighs_every_child_on_the_same_worlds(game):
    """A round of sequential halving plays each root child in the same worlds with the same draws
    (common random numbers): a child's visits and values are the same whichever other children
    share the round; every child legal in every world gets each sample; the better half by mean
    value for the seat stays, best first."""
    for point in game.searched_points(2, 97, 3):
        st, seat, mask = point
        nodes, sums, kids, k, words = opened(game, point)
        if k < 2:
            continue
        assert set(int(nodes[c, ACTION]) for c in kids[:k]) <= set(np.flatnonzero(mask))
        used = game.mcts.halve(st, 0, seat, 0, words, 0, nodes, sums, k + 1, kids, k, 5, 0.5, 1.0, NO_VALUE)
        assert nodes[0, VISITS] == sum(nodes[c, VISITS] for c in kids[:k]) and max(nodes[kids[:k], VISITS]) == 5
        alone_nodes, alone_sums, alone_kids, _, alone_words = opened(game, point)
        game.mcts.halve(st, 0, seat, 0, alone_words, 0, alone_nodes, alone_sums, k + 1, alone_kids[1:], 1, 5,
                        0.5, 1.0, NO_VALUE)
        assert alone_words[0] == words[0]
        assert alone_nodes[alone_kids[1], VISITS] == nodes[kids[1], VISITS]
        np.testing.assert_allclose(alone_sums[alone_kids[1]], sums[kids[1]])
        means = {int(c): sums[c, seat] / max(nodes[c, VISITS], 1) for c in kids[:k]}
        kept = keep_best_half(nodes, sums, kids, k, seat)
        assert kept == (k + 1) // 2 and used <= 4096
        assert [means[int(c)] for c in kids[:k]] == sorted(means.values(), reverse=True)


def biased_policy(game, tmp_path, favoured, n_players=2):
    """An exported policy for `game` whose logits are a bias alone: 50 for each action in
    `favoured`, 0 for the others (the observation does not matter)."""
    import torch

    from meeplegym.agents.policy_agent import build_actor, save_policy
    from meeplegym.registry import make_env

    env = make_env(game.name, num_players=n_players)
    size = env.unwrapped.game.observation_size
    actor = build_actor(size, [4], game.mcts.N_ACTIONS)
    with torch.no_grad():
        for layer in (actor[0], actor[-1]):
            layer.weight.zero_()
            layer.bias.zero_()
        actor[-1].bias[list(favoured)] = 50.0
    return save_policy(tmp_path / "policy.pt", actor, game=game.name, num_players=n_players, hidden=[4],
                       activation="relu", obs_mean=torch.zeros(size), obs_var=torch.ones(size)), size


@GAMES
def test_a_learned_prior_chooses_the_root_children_to_weigh(game, tmp_path):
    """With a learned prior (an exported policy's logits plus Gumbel noise), halving weighs the
    actions the policy ranks first: weighing one, the search plays the policy's favourite even
    where the rule-based policy would not; a policy of another game, another table size or with
    a UCB root is refused by name."""
    points = game.searched_points(2, 97, 6)
    overruled = 0
    for k, (st, seat, mask) in enumerate(points):
        bot = game.bots.policy_at(st, 0, seat, 0, mask, rng.seed_words([k]), 0)
        agent = make_agent(f"{game.name}.mcts", seed=k, simulations=16, consider=1)
        if agent.policy_choice(st, 0, seat, agent.style, mask, agent.words.copy(), 0) >= 0:
            continue  # the policy's own choice outside the tree: nothing is searched
        here = mask.copy()
        game.mcts.branches(st[0], here)
        favourite = max(a for a in np.flatnonzero(here) if a != bot) if here.sum() > 1 else bot
        path, size = biased_policy(game, tmp_path, [favourite])
        agent = make_agent(f"{game.name}.mcts", seed=k, simulations=16, consider=1, prior=str(path))
        assert agent.act(np.zeros(size, dtype=np.float32), mask, {"state": st, "seat": seat}) == favourite
        overruled += favourite != bot
    assert overruled >= 2
    other = SCYTHE if game is not SCYTHE else IMPERIUM
    path, size = biased_policy(other, tmp_path, [0])
    with pytest.raises(ValueError, match="policy for"):
        make_agent(f"{game.name}.mcts", prior=str(path))
    path, size = biased_policy(game, tmp_path, [0])
    with pytest.raises(ValueError, match="root=halving"):
        make_agent(f"{game.name}.mcts", prior=str(path), root="ucb")
    st, seat, mask = points[0]
    with pytest.raises(ValueError, match="observations of"):
        make_agent(f"{game.name}.mcts", prior=str(path)).act(np.zeros(size + 1), mask, {"state": st, "seat": seat})


def valued_policy(game, tmp_path, constant=None, n_players=2):
    """An exported policy for `game` with a value: random weights, or with `constant` a value of
    that number whatever the observation (its hidden layer off)."""
    import torch
    from torch import nn

    from meeplegym.agents.policy_agent import build_actor, save_policy
    from meeplegym.registry import make_env

    size = make_env(game.name, num_players=n_players).unwrapped.game.observation_size
    torch.manual_seed(3)
    actor, head = build_actor(size, [8], game.mcts.N_ACTIONS), nn.Linear(8, 1)
    if constant is not None:
        with torch.no_grad():
            actor[0].weight.zero_()
            actor[0].bias.zero_()
            head.bias.fill_(constant)
    return save_policy(tmp_path / "valued.pt", actor, game=game.name, num_players=n_players, hidden=[8],
                       activation="relu", obs_mean=torch.zeros(size), obs_var=torch.ones(size), value_head=head)


@GAMES
def test_a_learned_value_values_the_leaves(game, tmp_path):
    """At weight 1 the network values every simulation's leaf and no rollout runs: a constant
    value v gives each seat logistic(v / scale) at every node. At weight 0 the search is the
    rollouts' alone, tree for tree; in between, each value is the weighted mean of the two."""
    point = game.searched_points(2, 89, 1)[0]
    path = str(valued_policy(game, tmp_path, constant=0.3))
    alone = make_agent(f"{game.name}.mcts", value=path, value_weight=1.0, value_scale=0.2).value
    nodes, sums, _ = grown(game, point, 16, value=alone)
    expected = 1 / (1 + np.exp(-0.3 / 0.2))
    np.testing.assert_allclose(sums[:, :2] / nodes[:, VISITS][:, None], expected, rtol=1e-5)
    rollouts, rollout_sums, _ = grown(game, point, 16)
    off = make_agent(f"{game.name}.mcts", value=path, value_weight=0.0).value
    nodes, sums, _ = grown(game, point, 16, value=off)
    np.testing.assert_array_equal(nodes, rollouts)
    np.testing.assert_array_equal(sums, rollout_sums)
    half = make_agent(f"{game.name}.mcts", value=path, value_weight=0.5, value_scale=0.2).value
    nodes, sums, _ = grown(game, point, 1, value=half)
    single, single_sums, _ = grown(game, point, 1)
    np.testing.assert_allclose(sums[0, :2], 0.5 * single_sums[0, :2] + 0.5 * expected)
    without = valued_policy(game, tmp_path)
    torch = pytest.importorskip("torch")
    blob = torch.load(without, weights_only=True)
    blob["value"] = None
    torch.save(blob, without)
    with pytest.raises(ValueError, match="has no value"):
        make_agent(f"{game.name}.mcts", value=str(without))


@pytest.mark.parametrize("seconds", [None, 0.05])
def test_a_learned_value_plays_at_the_player_count_it_was_trained_at(tmp_path, seconds):
    """A network reads its own table size's observation layout: at another table the search
    refuses, naming both counts, in the budgeted and the clock-bound search alike."""
    path = str(valued_policy(SCYTHE, tmp_path, n_players=2))
    st, seat, mask = SCYTHE.searched_points(3, 89, 1)[0]
    budget = {"simulations": 2} if seconds is None else {"seconds": seconds}
    agent = make_agent("scythe.mcts", value=path, **budget)
    with pytest.raises(ValueError, match="trained at 2 players, not at 3"):
        agent.act(None, mask, {"state": st, "seat": seat})
    st2, seat2, mask2 = SCYTHE.searched_points(2, 89, 1)[0]
    assert mask2[agent.act(None, mask2, {"state": st2, "seat": seat2})]


def test_each_seat_is_valued_for_itself():
    """A seat's values are its own margin over the best other, squashed: the leader's above 1/2,
    the others' below, and a 3-seat table is not zero-sum (each trailing seat measures against the
    leader)."""
    out = np.zeros(4)
    squashed_margins(np.array([10.0, 4.0, 2.0, 99.0]), 3, 5.0, out)
    assert out[0] > 0.5 > out[1] > out[2] and out[3] == 0.0
    assert out[1] == pytest.approx(1 / (1 + np.exp(6 / 5))) and out[0] == pytest.approx(1 / (1 + np.exp(-6 / 5)))


# ---------------------------------------------------------------- reproducible, blind to hidden facts
@GAMES
@pytest.mark.parametrize("learned", [False, True], ids=["rollouts", "learned-value"])
@pytest.mark.rule("S0.10", "I17", "O9.4")
def test_decisions_ignore_hidden_facts(game, learned, tmp_path):
    """The whole tree (its shape, visits and values), the action and the search's word are the same
    after every fact hidden from the seat is resampled (others' hands, decks, the state's own
    generator word) and again for the same word: only the search's word drives it. A learned value
    reads the simulations' worlds only, so the same holds with one mixed in."""
    points = game.searched_points(2, 83, 4)
    assert len(points) == 4
    value = NO_VALUE
    if learned:
        value = make_agent(f"{game.name}.mcts", value=str(valued_policy(game, tmp_path)), value_weight=0.5).value
    for k, (st, seat, mask) in enumerate(points):
        nodes, sums, words = grown(game, (st, seat, mask), 24, word=k, value=value)
        other = game.hidden.determinized(st, seat, seed=500 + k)
        assert other[0]["rng"] != st[0]["rng"]
        other_nodes, other_sums, other_words = grown(game, (other, seat, mask), 24, word=k, value=value)
        np.testing.assert_array_equal(other_nodes, nodes)
        np.testing.assert_array_equal(other_sums, sums)
        assert other_words[0] == words[0]
        for halving in (True, False):
            options = (24, 0.5, 1.0, halving, game.mcts.N_ACTIONS, np.zeros((0, game.mcts.N_ACTIONS)), value)
            expect = game.mcts.search_at(st, 0, seat, 0, mask, rng.seed_words([k]), 0, *options)
            assert game.mcts.search_at(other, 0, seat, 0, mask, rng.seed_words([k]), 0, *options) == expect
            assert mask[expect]


@GAMES
def test_one_simulation_plays_the_rule_based_choice(game):
    """The first child is the rule-based policy's action (the prior): with one simulation the
    search plays as the bot it rolls out with."""
    for k, (st, seat, mask) in enumerate(game.searched_points(2, 91, 3)):
        bot = game.bots.policy_at(st, 0, seat, 0, mask, rng.seed_words([k]), 0)
        for halving in (True, False):
            options = (1, 0.5, 1.0, halving, game.mcts.N_ACTIONS, np.zeros((0, game.mcts.N_ACTIONS)), NO_VALUE)
            assert game.mcts.search_at(st, 0, seat, 0, mask, rng.seed_words([k]), 0, *options) == bot


# ---------------------------------------------------------------- strength
@GAMES
def test_a_tiny_budget_beats_random(game):
    """Four simulations per searched decision win every game against random play from either seat."""
    for g in range(4):
        agents = [make_agent(f"{game.name}.mcts", seed=g, simulations=4), make_agent("random", seed=g)]
        if g % 2:
            agents.reverse()
        result = play_match(game.name, agents, seed=200 + g)
        assert result.rewards[g % 2] == 1.0, (g, result.scores)


def test_a_list_of_agents_keeps_each_names_options():
    from meeplegym.agents import agent_list

    assert agent_list("random, scythe.mcts@simulations=64,c=0.3 ,scythe.builder") == [
        "random", "scythe.mcts@simulations=64,c=0.3", "scythe.builder"]
    assert agent_list("scythe.mcts@c=0.3,scythe.mcts@c=1,widen=2") == ["scythe.mcts@c=0.3", "scythe.mcts@c=1,widen=2"]
