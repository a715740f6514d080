"""Playing games in tests: at the engine level with a game's bot policy in some seats (the loop
the bot tests of every game share), and random legal moves through an AEC env."""

from __future__ import annotations

import numpy as np

from meeplegym import rng

RANDOM = -1  # a seat style: uniformly random legal actions


def play_engine(engine, policy_at, n_actions, n_players, seed, styles, words_seed, on_decision=None, cap=20_000,
                **options):
    """Play one game through `engine` (new_game with `options`, legal_mask_at, apply_at); styles[p] is a bot
    style for `policy_at` (one kernel, or one per seat) or RANDOM. on_decision(state_array, seat, mask, action) is called
    before each action is applied; every action is checked against the legal mask."""
    st = engine.new_game(n_players, seed=seed, **options)
    words = np.array([rng.seed_word(words_seed)], dtype=np.uint64)
    mask = np.zeros(n_actions, dtype=np.int8)
    policies = policy_at if isinstance(policy_at, (list, tuple)) else [policy_at] * n_players
    for _ in range(cap):
        if st[0]["terminal"]:
            break
        engine.legal_mask_at(st, 0, mask)
        seat = int(st[0]["actor"])
        if styles[seat] == RANDOM:
            a = rng.random_legal(mask, words, 0)
        else:
            a = policies[seat](st, 0, seat, styles[seat], mask, words, 0)
        assert mask[a] == 1, (a, int(st[0]["phase"]))
        if on_decision is not None:
            on_decision(st, seat, mask, a)
        engine.apply_at(st, 0, a)
    return st


def assert_batch_agrees(act_states, policy_at, points, *extra, agent=None, game=None):
    """A bot's batch kernel `act_states` answers each decision point (state array, seat, mask) as
    its one-decision kernel `policy_at` does (styles alternating 0/1, one generator word per
    point, `extra` kernel arguments after both), and legally; with `agent`, so does its
    `act_batch` over the same points as per-decision infos."""
    states = np.concatenate([p[0] for p in points])
    seats = np.array([p[1] for p in points], dtype=np.int64)
    masks = np.stack([p[2] for p in points])
    styles = np.array([k % 2 for k in range(len(points))], dtype=np.int64)
    words = rng.seed_words(range(len(points)))
    out = np.zeros(len(points), dtype=np.int64)
    act_states(states, seats, styles, masks, words.copy(), out, *extra)
    for k in range(len(points)):
        assert out[k] == policy_at(states, k, seats[k], styles[k], masks[k], words[k:k + 1].copy(), 0, *extra)
        assert masks[k, out[k]] == 1
    if agent is not None:
        infos = [{"seat": int(seats[k]), "game": game, "state": states[k:k + 1]} for k in range(len(points))]
        batch = agent.act_batch(None, masks, infos)
        assert all(masks[k, batch[k]] == 1 for k in range(len(points)))


def learner_phases_with_a_delegate(game, delegate, decisions, seed=0, batch=4):
    """Drive a `SeatAdapter` whose learner seat hands its tactics to `delegate`, the learner
    playing random legal moves; returns the phases of the learner's decisions and how many games ended.
    Every decision it is asked must be one of its own seat's strategic decisions with a choice."""
    from meeplegym.agents import RandomAgent
    from meeplegym.agents.delegate import strategic_rows
    from meeplegym.training.opponents import SeatAdapter

    adapter = SeatAdapter(game, batch, 2, [delegate], seed=seed, delegate=delegate)
    out = adapter.reset(seed)
    learner = RandomAgent(seed)
    phases, ended = [], 0
    for _ in range(decisions):
        states = adapter.venv.states
        assert (states["actor"] == adapter.learner_seat).all()
        assert (out.action_mask.sum(axis=1) >= 2).all() and strategic_rows(game, states, out.action_mask).all()
        phases += [int(p) for p in states["phase"]]
        out = adapter.step(learner.act_batch(out.observation, out.action_mask))
        ended += int(out.done.sum())
    return phases, ended


def random_moves(env, rng, decisions: int):
    """Advance an AEC env with `decisions` random legal actions, stopping at the end; returns it."""
    for _ in range(decisions):
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            break
        env.step(int(rng.choice(np.flatnonzero(env.observe(agent)["action_mask"]))))
    return env
