"""Information-set Monte-Carlo tree search over a game's compiled engine, written once for every game.

The search answers a decision of seat ``seat`` in record ``states[b]`` (single-observer IS-MCTS,
Cowling, Powley and Whitehouse 2012). Each **simulation**

1. draws a **world**: the record with every fact hidden from the seat resampled by the game's
   ``determinize`` (from the search's own generator word, so the true hands, decks and the
   state's generator word never reach a decision);
2. walks down the **tree** from the root. A tree node is a decision the game marks as searched
   (``game.searched``), of any seat; the decisions in between (how to carry out a choice) are the
   game's simulation policy's (``game.between``). At a node, a child is an action; only the
   children legal in this world compete (a child's *availability* counts the simulations in
   which it was legal), by UCB on **the acting seat's own value** (its mean rescaled to [0, 1]
   over the competing children, as MuZero rescales its values): every node keeps a value per
   seat, so each seat plays for itself (multi-player, not zero-sum);
3. **widens** a node progressively: a node seen ``n`` times may hold ``widen * sqrt(n)`` children
   (at least one), so a wide decision is not spread thin. The first child is the game's prior
   action (``game.prior``, the rule-based policy: with one simulation the search plays as the
   bot would), later ones are drawn uniformly from the untried legal actions;
4. **rolls out** from the new node with the simulation policy until the game's horizon
   (``game.horizon``) and values the state reached for every seat in [0, 1] (``game.values``);
5. **backs up** each seat's value along the path.

How the root shares the simulations is the agent's ``root`` option. By default (``halving``) it
is **sequential halving** (Karnin, Koren and Somekh 2013; the root of Gumbel MuZero): the root
opens a child for every action it may branch on (at most one per simulation, the prior's first),
and in rounds each child still in gets an equal share of the simulations, every child played in
the same worlds with the same draws (common random numbers: the children's values then differ by
their actions, not by their luck; one world's value differences between actions are about 0.01),
after which the better half by mean value stays; the last one left is played. Below the root the
tree grows as above. With ``ucb`` the root is a node like any other and the action played is its
most visited child (ties broken by value, then at random). The only randomness is the search's
generator word ``words[i]``: for a given word the search is reproducible, and it reads only what
its seat can see.

A game's search module (``agents/<game>_mcts.py``) names what differs, as module attributes the
template reads: ``N_ACTIONS``, ``MAX_PLAYERS``, ``STATE_DTYPE``, ``N_STYLES``, the rules'
``legal`` / ``apply``, the hidden module's ``determinize``, and ``searched(s, mask)``,
``policy(s, seat, style, mask, words, i)`` (the rule-based play at decisions not searched, at
the table and in the simulations),
``branches(s, mask)`` (narrows in place the actions a node may branch on; the policy's own
choice outside them is played without a search: ``branched(s, a)``), ``prior``
(same arguments), ``horizon(s, start_turn, steps)`` (a rollout that started in turn `start_turn` and
took `steps` decisions ends here), ``beyond(s, root_turn)`` (a simulation of the decision taken in
turn `root_turn`, in the tree or out of it, ends here: every simulation is valued at the same
horizon) and ``values(s, seat, style, out)`` (out[q]: seat q's value in
[0, 1]; `seat` and `style` are the searcher's). For a learned value (the agent's ``value``
option) it names ``encode_seat(s, seat, out)`` (the seat's observation, ``OBS_SIZE`` long) and
its vector module's ``finish`` (the scores of a game cut short now).
"""

from __future__ import annotations

import math
import time
from pathlib import Path

import numpy as np

from meeplegym import rng
from meeplegym.agents.base import SearchAgent, batch_records
from meeplegym.agents.learned_value import network_value
from meeplegym.jit import kernel, kernel_for, shell_kernel

# the columns of a tree's int64 node table
ACTION, FIRST, NEXT, VISITS, AVAIL = range(5)
N_COLUMNS = 5
ROLLOUT_CAP = 5000  # decisions a simulation may take after the tree, a safety net over every horizon
# a learned value's knobs (float64, the fourth part of a search's `value` argument)
VALUE_WEIGHT, VALUE_SHIFT, VALUE_SCALE = range(3)
N_KNOBS = 3
# no learned value: the rollouts value every leaf
NO_VALUE = (np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32),
            np.zeros(N_KNOBS))


@kernel
def squashed_margins(raw, n, scale, out):
    """out[q] = the logistic of (raw[q] - the best other raw value) / scale, for q < n: a seat's
    value in [0, 1] from per-seat evaluations that need not share a zero."""
    out[:] = 0.0
    for q in range(n):
        other = -np.inf
        for r in range(n):
            if r != q:
                other = max(other, raw[r])
        margin = raw[q] - other if n > 1 else raw[q]
        out[q] = 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, margin / scale))))


@kernel
def every_action(s, mask):
    """``branches`` for a game whose tree branches on every legal action of a searched decision."""


@kernel
def any_action(s, a):
    """``branched`` for such a game."""
    return True


@kernel
def select(nodes, sums, node, mask, p, c):
    """The legal child of `node` with the best UCB for seat p, its mean value rescaled to [0, 1]
    over the legal children (values differ by little between actions in these games; the
    rescaling keeps `c` meaningful in every game and every phase); -1 when none is legal.
    Counts each legal child's availability; also returns how many are legal."""
    low = np.inf
    high = -np.inf
    legal_children = 0
    child = nodes[node, FIRST]
    while child >= 0:
        if mask[nodes[child, ACTION]]:
            nodes[child, AVAIL] += 1
            legal_children += 1
            mean = sums[child, p] / nodes[child, VISITS]
            low = min(low, mean)
            high = max(high, mean)
        child = nodes[child, NEXT]
    spread = high - low if high > low else 1.0
    best = -1
    best_u = -np.inf
    child = nodes[node, FIRST]
    while child >= 0:
        if mask[nodes[child, ACTION]]:
            n = nodes[child, VISITS]
            u = (sums[child, p] / n - low) / spread + c * math.sqrt(math.log(nodes[child, AVAIL]) / n)
            if u > best_u:
                best_u = u
                best = child
        child = nodes[child, NEXT]
    return best, legal_children


@kernel
def untried(nodes, node, mask, scratch):
    """scratch = the legal actions of `mask` with no child of `node` yet."""
    scratch[:] = mask
    child = nodes[node, FIRST]
    while child >= 0:
        scratch[nodes[child, ACTION]] = 0
        child = nodes[child, NEXT]


@kernel
def add_child(nodes, node, action, used):
    nodes[used, ACTION] = action
    nodes[used, FIRST] = -1
    nodes[used, NEXT] = nodes[node, FIRST]
    nodes[used, VISITS] = 0
    nodes[used, AVAIL] = 1
    nodes[node, FIRST] = used


@kernel
def choose(nodes, sums, seat, words, i):
    """The root's most visited child's action (ties: the better value for seat, then at random)."""
    best = -1
    best_n = -1
    best_v = -np.inf
    ties = 0
    child = nodes[0, FIRST]
    while child >= 0:
        n = nodes[child, VISITS]
        v = sums[child, seat] / max(n, 1)
        if n > best_n or (n == best_n and v > best_v + 1e-12):
            best, best_n, best_v, ties = child, n, v, 1
        elif n == best_n and v > best_v - 1e-12:
            ties += 1
            if rng.below_at(words, i, ties) == 0:
                best = child
        child = nodes[child, NEXT]
    return nodes[best, ACTION]


@kernel
def next_sample(nodes):
    """The number of the search's next sample (world drawn), kept in the root's AVAIL column (the
    root is no node's child); the opponents play every style in turn, by sample."""
    k = nodes[0, AVAIL]
    nodes[0, AVAIL] = k + 1
    return k


@kernel
def halving_rounds(m):
    """The rounds of sequential halving that take m root children down to one."""
    rounds = 0
    while m > 1:
        m = (m + 1) // 2
        rounds += 1
    return rounds


@kernel
def keep_best_half(nodes, sums, children, m, seat):
    """Order children[:m] by their mean value for seat, best first (stable); returns how many stay
    (the better half, rounded up)."""
    for k in range(1, m):
        child = children[k]
        v = sums[child, seat] / max(nodes[child, VISITS], 1)
        j = k
        while j > 0 and sums[children[j - 1], seat] / max(nodes[children[j - 1], VISITS], 1) < v:
            children[j] = children[j - 1]
            j -= 1
        children[j] = child
    return (m + 1) // 2


@kernel
def new_tree(capacity, max_players):
    """An empty tree for `capacity` nodes: the node table (root only) and the value sums per seat."""
    nodes = np.zeros((capacity, N_COLUMNS), dtype=np.int64)
    nodes[0, ACTION] = nodes[0, FIRST] = nodes[0, NEXT] = -1
    return nodes, np.zeros((capacity, max_players))


def mcts_kernels(game, module_name: str):
    """The search's kernels over the game's search module `game` (module doc), compiled and cached
    as `module_name`'s, in this order: ``searched_at``, ``policy_choice``, ``learned_values``,
    ``simulate``, ``grow``, ``open_root``, ``halve``, ``search_at``, ``search_states``. The module
    must bind them under these names: a copy calls another through it, since a compiled function
    in a copy's closure pickles a fresh id into numba's cache key in every process, and the copy
    would compile again in each (tests/test_signatures.py)."""
    kernel = kernel_for(module_name)
    shell = kernel_for(module_name, shell_kernel)

    @kernel
    def searched_at(states, b, mask):
        return game.searched(states[b], mask)

    @shell
    def policy_choice(states, b, seat, style, mask, words, i):
        """The game policy's action where the search does not think: a decision the tree does not
        search, or a choice of the policy the tree does not branch on; -1 where it does."""
        if not game.searched(states[b], mask):
            return game.policy(states[b], seat, style, mask, words, i)
        peek = words[i:i + 1].copy()
        a = game.policy(states[b], seat, style, mask, peek, 0)
        if game.branched(states[b], a):
            return -1
        words[i] = peek[0]  # as if the policy had played
        return a

    @shell
    def learned_values(s, value, obs, out):
        """out[q]: seat q's learned value of `s` (``value``: a `ValueNetwork` and its knobs),
        the trainer's estimate with its shaping potential added back, squashed to [0, 1]."""
        position, layout, weights, knobs = value
        scores = np.zeros(game.MAX_PLAYERS, dtype=np.int64)
        game.finish(s, 0, False, np.zeros(game.MAX_PLAYERS), scores)  # the scores if the game were cut short now
        n = s["n_players"]
        for q in range(n):
            game.encode_seat(s, q, obs)
            other = -np.inf
            for r in range(n):
                if r != q:
                    other = max(other, float(scores[r]))
            margin = scores[q] - other if n > 1 else float(scores[q])
            v = network_value(obs, position, layout, weights) + knobs[VALUE_SHIFT] * margin
            out[q] = 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, v / knobs[VALUE_SCALE]))))

    @kernel
    def simulate(s, root_turn, seat, style, opponent_style, words, i, nodes, sums, path, depth, used,
                 root_mask, root_prior, c, widen, here, scratch, values, value, obs, learned):
        """Play world `s` on from tree node path[depth]: down the tree, widening it by one node at
        most, then the rollout (module doc); value the state reached and back the values up the
        path. At the root only `root_mask`'s actions compete, and the first child opened there is
        `root_prior` (when >= 0). With a learned `value` (its layout has entries) the state where
        the rollout starts (or where the walk stops short of one, unless the game is over) is
        valued by it too, and the rollout's value weighs 1 - its weight (at weight 1 there is no
        rollout). Returns the nodes used and the root prior still to open."""
        node = path[depth]
        steps = 0
        start_turn = s["turn"]
        weight = value[3][VALUE_WEIGHT] if value[1].shape[0] > 0 else 0.0
        valued = False
        while s["terminal"] == 0 and steps < ROLLOUT_CAP and not game.beyond(s, root_turn):
            if node < 0 and weight > 0.0 and not valued:  # the leaf: where the rollout starts
                game.learned_values(s, value, obs, learned)
                valued = True
                if weight >= 1.0:
                    break
            game.legal(s, here)
            if node == 0:  # the root's actions are the seat's own, legal in the true state
                for a in range(game.N_ACTIONS):
                    here[a] = here[a] & root_mask[a]
            if node < 0 or (node > 0 and not game.searched(s, here)):  # the root is searched
                if node < 0 and game.horizon(s, start_turn, steps):
                    break
                p = s["actor"]
                game.apply(s, game.policy(s, p, style if p == seat else opponent_style, here, words, i))
                steps += 1
                continue
            p = s["actor"]
            game.branches(s, here)
            child, legal_children = select(nodes, sums, node, here, p, c)
            allowed = max(1.0, widen * math.sqrt(nodes[node, VISITS] + 1.0))
            if legal_children < here.sum() and legal_children < allowed and used < nodes.shape[0]:
                untried(nodes, node, here, scratch)
                if node == 0 and root_prior >= 0:
                    a = root_prior
                    root_prior = -1
                else:
                    a = game.prior(s, p, style if p == seat else opponent_style, here, words, i)
                if a < 0 or scratch[a] == 0:
                    a = rng.random_legal(scratch, words, i)
                add_child(nodes, node, a, used)
                depth += 1
                path[depth] = used
                used += 1
                game.apply(s, a)
                start_turn = s["turn"]
                node = -1  # out of the tree: the rollout
                steps = 0
                continue
            if child < 0:
                break
            depth += 1
            path[depth] = child
            node = child
            game.apply(s, nodes[child, ACTION])
        if weight > 0.0 and not valued and s["terminal"] == 0:  # stopped in the tree or at the horizon: a leaf too
            game.learned_values(s, value, obs, learned)
            valued = True
        if valued and weight >= 1.0:
            values[:] = learned
        else:
            game.values(s, seat, style, values)
            if valued:
                for q in range(game.MAX_PLAYERS):
                    values[q] = (1.0 - weight) * values[q] + weight * learned[q]
        for k in range(depth + 1):
            nodes[path[k], VISITS] += 1
            for q in range(game.MAX_PLAYERS):
                sums[path[k], q] += values[q]
        return used, root_prior

    @kernel
    def grow(states, b, seat, style, mask, words, i, nodes, sums, used, simulations, c, widen, value):
        """Run `simulations` simulations from the root by UCB (module doc) into the tree (nodes,
        sums) of `used` nodes, for seat's decision in states[b] whose legal actions are `mask`;
        returns the nodes used. Stops early when the tree is full."""
        world = np.empty(1, dtype=game.STATE_DTYPE)
        here = np.zeros(game.N_ACTIONS, dtype=np.int8)
        scratch = np.zeros(game.N_ACTIONS, dtype=np.int8)
        path = np.empty(nodes.shape[0] + 1, dtype=np.int64)
        values = np.zeros(game.MAX_PLAYERS)
        learned = np.zeros(game.MAX_PLAYERS)
        obs = np.zeros(game.OBS_SIZE, dtype=np.float32)
        # the root's first child: the game's prior on the true record (it reads only what the seat
        # sees), so that one simulation plays what the rule-based policy plays at the table
        root_prior = game.prior(states[b], seat, style, mask, words, i) if used == 1 else -1
        for _ in range(simulations):
            if used >= nodes.shape[0]:
                break
            world[0] = states[b]
            game.determinize(world[0], seat, words, i)
            path[0] = 0
            opponent_style = next_sample(nodes) % game.N_STYLES
            used, root_prior = game.simulate(world[0], states[b]["turn"], seat, style, opponent_style, words, i,
                                             nodes, sums, path, 0, used, mask, root_prior, c, widen, here,
                                             scratch, values, value, obs, learned)
        return used

    @kernel
    def open_root(states, b, seat, style, mask, words, i, nodes, children, limit, keys):
        """Give the root a child for each action it will weigh, at most `limit` of those the tree
        branches on in `mask`; children[:k] = their nodes. Without `keys` (no rows) the game's
        prior comes first (so that one simulation plays as the rule-based policy), then others at
        random; with them, the actions of the highest keys[b] (a learned prior's logits plus
        Gumbel noise: Gumbel MuZero's sample of the actions to weigh). Returns k (the tree then
        uses k + 1 nodes)."""
        first = game.prior(states[b], seat, style, mask, words, i)  # as the policy would draw it at the table
        here = mask.copy()
        game.branches(states[b], here)
        order = np.flatnonzero(here)
        if keys.shape[0] > 0:
            order = order[np.argsort(-keys[b][order], kind="mergesort")]
        else:
            rng.shuffle_at(order, order.shape[0], words, i)
            for k in range(order.shape[0]):
                if order[k] == first:
                    order[0], order[k] = order[k], order[0]
        k = min(order.shape[0], limit)
        for j in range(k):
            add_child(nodes, 0, order[j], j + 1)
            children[j] = j + 1
        return k

    @kernel
    def halve(states, b, seat, style, words, i, nodes, sums, used, children, m, samples, c, widen, value):
        """One round of sequential halving at the root: `samples` samples for each of the root
        children children[:m]. A sample is one world and one stream of rollout draws shared by
        every child (common random numbers: the children's values then differ by their actions,
        not by their luck); below each child the tree grows as in ``grow``. Returns the nodes used."""
        world = np.empty(1, dtype=game.STATE_DTYPE)
        line = np.empty(1, dtype=game.STATE_DTYPE)
        line_words = np.zeros(1, dtype=np.uint64)
        in_world = np.zeros(game.N_ACTIONS, dtype=np.int8)
        here = np.zeros(game.N_ACTIONS, dtype=np.int8)
        scratch = np.zeros(game.N_ACTIONS, dtype=np.int8)
        path = np.empty(nodes.shape[0] + 1, dtype=np.int64)
        values = np.zeros(game.MAX_PLAYERS)
        learned = np.zeros(game.MAX_PLAYERS)
        obs = np.zeros(game.OBS_SIZE, dtype=np.float32)
        for _ in range(samples):
            opponent_style = next_sample(nodes) % game.N_STYLES
            world[0] = states[b]
            game.determinize(world[0], seat, words, i)
            game.legal(world[0], in_world)
            word = rng.fresh_word_at(words, i)
            for k in range(m):
                child = children[k]
                if not in_world[nodes[child, ACTION]]:
                    continue  # not legal in this world: the child's mean stands on the others
                line[0] = world[0]
                game.apply(line[0], nodes[child, ACTION])
                line_words[0] = word
                path[0] = 0
                path[1] = child
                used, _ = game.simulate(line[0], states[b]["turn"], seat, style, opponent_style, line_words, 0,
                                        nodes, sums, path, 1, used, in_world, -1, c, widen, here, scratch, values,
                                        value, obs, learned)
        return used

    @kernel
    def search_at(states, b, seat, style, mask, words, i, simulations, c, widen, halving, consider, keys, value):
        """The search's action for seat in states[b] (the game's policy where nothing is searched):
        by sequential halving at the root when `halving` (weighing at most `consider` children,
        chosen by keys[b] when `keys` has rows: ``open_root``), else by UCB from the root."""
        a = game.policy_choice(states, b, seat, style, mask, words, i)
        if a >= 0:
            return a
        if not halving:
            nodes, sums = new_tree(simulations + 1, game.MAX_PLAYERS)
            game.grow(states, b, seat, style, mask, words, i, nodes, sums, 1, simulations, c, widen, value)
            return choose(nodes, sums, seat, words, i)
        children = np.empty(game.N_ACTIONS, dtype=np.int64)
        nodes, sums = new_tree(simulations + game.N_ACTIONS + 1, game.MAX_PLAYERS)
        m = game.open_root(states, b, seat, style, mask, words, i, nodes, children, min(simulations, consider), keys)
        used = m + 1
        rounds = halving_rounds(m)
        while m > 1:
            used = game.halve(states, b, seat, style, words, i, nodes, sums, used, children, m,
                              max(1, simulations // (rounds * m)), c, widen, value)
            m = keep_best_half(nodes, sums, children, m, seat)
        return nodes[children[0], ACTION]

    @kernel
    def search_states(states, seats, styles, masks, words, out, simulations, c, widen, halving, consider, keys,
                      value):
        """out[b] = search_at(states, b, seats[b], styles[b], masks[b], words, b, ...) for the batch."""
        for b in range(states.shape[0]):
            out[b] = game.search_at(states, b, seats[b], styles[b], masks[b], words, b, simulations, c, widen,
                                    halving, consider, keys, value)

    return searched_at, policy_choice, learned_values, simulate, grow, open_root, halve, search_at, search_states


def evaluation_values(game, module_name: str):
    """``values`` for a game that values a seat by its rule-based bots' evaluation of the state
    (``game.evaluate(s, q, game.WEIGHTS[style])`` at the searcher's style) over the best other
    seat's, squashed by ``game.VALUE_SCALE`` (a finished game: 1 for its winner, as the
    evaluations give a win a thousand points), compiled as `module_name`'s."""
    shell = kernel_for(module_name, shell_kernel)

    @shell
    def values(s, seat, style, out):
        raw = np.empty(game.MAX_PLAYERS)
        for q in range(s["n_players"]):
            raw[q] = game.evaluate(s, q, game.WEIGHTS[style])
        squashed_margins(raw, s["n_players"], game.VALUE_SCALE, out)

    return values


class MctsBot(SearchAgent):
    """A game's IS-MCTS agent (module doc). Options:

    - ``simulations`` (default ``default_count``) or ``seconds`` per searched decision (think
      for this long instead; at least one simulation);
    - ``style``: the rule-based style of the seat's own moves between searched decisions, in the
      simulations and at the table; the others are simulated in every style in turn;
    - ``root``: how the root's children share the simulations: ``halving`` (sequential halving,
      each round on the same worlds and draws for every child still in, Karnin et al. 2013; the
      default) or ``ucb`` (UCB as at every other node, the most visited child wins);
    - ``consider``: with ``halving``, the most root children weighed (default: every action the
      tree branches on; never more than the simulations);
    - ``prior``: an exported policy (``policy.pt`` of ``meeplegym train``) whose logits, plus
      Gumbel noise from the agent's stream, choose the root children to weigh (with ``halving``:
      the ``consider`` best; Gumbel MuZero's root) instead of the rule-based policy and chance;
    - ``value``: an exported policy with a value (``PolicyAgent.values``; a plain, not an entity,
      network); its value of a simulation's leaf, for every seat, weighs ``value_weight`` (default
      1: no rollouts) against the rollout's, after the trainer's shaping potential is added back
      and the sum squashed by the logistic of (value / ``value_scale``, default 0.1);
    - ``c``: the UCB exploration constant (over each node's values rescaled to [0, 1]; default 0.5);
    - ``widen``: children a node may hold per square root of its visits (default 1.0).

    A subclass names its game's search module, ``search_module``, whose kernels (made by
    ``mcts_kernels``) it plays with."""

    name = "mcts"
    unit = "simulations"
    default_count = 64
    search_module = None
    roots = ("halving", "ucb")

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        m = cls.search_module
        cls.max_players, cls.n_actions = m.MAX_PLAYERS, m.N_ACTIONS
        for attr, made in (("searched", m.searched_at), ("policy_choice", m.policy_choice), ("grow", m.grow),
                           ("open_root", m.open_root), ("halve", m.halve),
                           ("policy_at", m.search_at), ("act_states", m.search_states)):
            setattr(cls, attr, staticmethod(made))

    def __init__(self, seed: int | None = None, simulations: int | None = None, seconds: float | None = None,
                 style: str | None = None, root: str = "halving", consider: int | None = None, prior=None,
                 c: float = 0.5, widen: float = 1.0, value=None, value_weight: float = 1.0, value_scale: float = 0.1):
        if root not in self.roots:
            raise ValueError(f"unknown root {root!r}; choose from {', '.join(self.roots)}")
        if consider is not None and (isinstance(consider, bool) or int(consider) != consider or consider < 1):
            raise ValueError(f"consider must be a positive integer, got {consider!r}")
        if prior is not None and root != "halving":
            raise ValueError("a learned prior chooses the root children that halving weighs: give root=halving")
        if not c >= 0:
            raise ValueError(f"c must be >= 0, got {c!r}")
        if not widen > 0:
            raise ValueError(f"widen must be positive, got {widen!r}")
        if not 0 <= value_weight <= 1 or not value_scale > 0:
            raise ValueError(f"value_weight must be in [0, 1] and value_scale positive, got {value_weight!r} and "
                             f"{value_scale!r}")
        super().__init__(seed, simulations, seconds, style)
        self.simulations = self.count
        self.root, self.c, self.widen = root, float(c), float(widen)
        self.consider = int(consider) if consider is not None else self.n_actions
        self.prior = self.learned_prior(prior) if prior is not None else None
        self.value = NO_VALUE if value is None else self.learned_value(value, value_weight, value_scale)
        self.kernel_options = (self.simulations, self.c, self.widen, root == "halving", self.consider,
                               np.zeros((0, self.n_actions)), self.value)

    def learned_prior(self, prior):
        """`prior` as a PolicyAgent: an exported policy's path, or a PolicyAgent already made (a
        trainer's network as it stands: expert iteration, training/ppo.py's ``--expert``)."""
        from meeplegym.agents.policy_agent import PolicyAgent  # torch, only for a learned prior

        if isinstance(prior, PolicyAgent):
            policy = prior
        elif not Path(prior).is_file():
            raise ValueError(f"prior {prior}: no such file (give an exported policy.pt)")
        else:
            policy = PolicyAgent(path=prior)
        game = self.name.split(".")[0]
        if policy.game != game or policy.num_actions != self.n_actions:
            raise ValueError(f"prior {policy.name} is a policy for {policy.game} ({policy.num_actions} actions), "
                             f"not for {game} ({self.n_actions})")
        return policy

    def learned_value(self, value, weight: float, scale: float) -> tuple:
        """The search's `value` argument for an exported policy with a value (``learned_prior``'s
        argument): the packed network and its knobs; the shift adds the trainer's shaping
        potential back (``meta["shaping_coef"]`` times the score margin)."""
        from meeplegym.agents.learned_value import pack_value

        policy = self.learned_prior(value)
        network = pack_value(policy, self.search_module.OBS_SIZE)
        self.value_players = policy.num_players  # a network reads the layout of its table's size
        knobs = np.zeros(N_KNOBS)
        knobs[VALUE_WEIGHT], knobs[VALUE_SCALE] = weight, scale
        knobs[VALUE_SHIFT] = float(policy.meta.get("shaping_coef") or 0.0)
        return (*network, knobs)

    def guide(self, prior) -> None:
        """Search with `prior` (``learned_prior``'s argument) from now on."""
        if self.root != "halving":
            raise ValueError("a learned prior chooses the root children that halving weighs: give root=halving")
        self.prior = self.learned_prior(prior)

    def root_keys(self, observations) -> np.ndarray:
        """The learned prior's logits for each observation plus Gumbel noise from the agent's stream."""
        if observations is None or np.asarray(observations).dtype == object:
            raise ValueError(f"{self.name} with a learned prior reads the seat's observation: pass it to act")
        observations = np.atleast_2d(np.asarray(observations, dtype=np.float32))  # one decision: a batch of one
        logits = self.prior.logits(observations).cpu().numpy().astype(np.float64)
        return logits - np.log(-np.log(self.rng.random(logits.shape)))

    def check_table(self, states) -> None:
        """A learned value reads the observation layout of the player count it was trained at."""
        players = set(np.unique(states["n_players"]).tolist())
        if self.value is not NO_VALUE and players != {self.value_players}:
            raise ValueError(f"{self.name}: its value was trained at {self.value_players} players, not at "
                             f"{', '.join(map(str, sorted(players)))}")

    def options_for(self, observations, states) -> tuple:
        self.check_table(states)
        if self.prior is None:
            return self.kernel_options
        return self.kernel_options[:5] + (self.root_keys(observations), self.value)

    def search_targets(self, observations, action_masks, infos) -> np.ndarray:
        """The search's action for each decision of the batch that it searches, and -1 for those
        its rule-based policy answers without a search (``policy_choice``): expert iteration
        learns only from the former. Only the searched rows are searched."""
        if self.seconds is not None:
            raise ValueError(f"{self.name} gives search targets for a budget of simulations, not of seconds")
        masks = np.ascontiguousarray(action_masks, dtype=np.int8)
        states, seats = batch_records(infos)
        words = rng.seed_words(self.rng.integers(0, 2**62, size=len(seats)))
        probe = words.copy()  # search_at asks policy_choice first, with the same word: the same answer
        searched = np.array([self.policy_choice(states, b, int(seats[b]), self.style, masks[b], probe, b) < 0
                             for b in range(len(seats))], dtype=bool)
        targets = np.full(len(seats), -1, dtype=np.int64)
        rows = np.flatnonzero(searched)
        if rows.size:
            found = np.empty(rows.size, dtype=np.int64)
            styles = np.full(rows.size, self.style, dtype=np.int64)
            self.act_states(states[rows], seats[rows], styles, masks[rows], words[rows], found,
                            *self.options_for(np.asarray(observations)[rows], states[rows]))
            targets[rows] = found
        return targets

    def think(self, states, seat: int, mask, observation=None) -> int:
        a = self.policy_choice(states, 0, seat, self.style, mask, self.words, 0)
        if a >= 0:
            return a
        self.check_table(states[:1])
        deadline = time.perf_counter() + self.seconds
        nodes, sums = new_tree(1024 + self.n_actions, self.max_players)
        if self.root == "ucb":
            used = 1
            while used == 1 or time.perf_counter() < deadline:
                nodes, sums = room_for(nodes, sums, used + 64)  # a simulation adds one node at most
                used = self.grow(states, 0, seat, self.style, mask, self.words, 0, nodes, sums, used, 16,
                                 self.c, self.widen, self.value)
            return choose(nodes, sums, seat, self.words, 0)
        children = np.empty(self.n_actions, dtype=np.int64)
        keys = self.options_for(observation, states[:1])[5]
        m = self.open_root(states, 0, seat, self.style, mask, self.words, 0, nodes, children, self.consider, keys)
        used = m + 1
        rounds_left = halving_rounds(m)
        while m > 1:  # each round thinks for an equal share of the time left, one sample at least
            round_end = time.perf_counter() + (deadline - time.perf_counter()) / rounds_left
            done = 0
            while done == 0 or time.perf_counter() < round_end:
                nodes, sums = room_for(nodes, sums, used + m)
                used = self.halve(states, 0, seat, self.style, self.words, 0, nodes, sums, used, children, m, 1,
                                  self.c, self.widen, self.value)
                done += 1
            m = keep_best_half(nodes, sums, children, m, seat)
            rounds_left -= 1
        return int(nodes[children[0], ACTION])


def room_for(nodes, sums, needed):
    """The tree's tables, doubled while they hold fewer than `needed` nodes."""
    while nodes.shape[0] < needed:
        nodes = np.concatenate([nodes, np.zeros_like(nodes)])
        sums = np.concatenate([sums, np.zeros_like(sums)])
    return nodes, sums
