"""Playing a game at the engine level with a game's bot policy in some seats: the loop the bot
tests of every game share."""

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
