"""Rule-based bots seated at a batch of games, played in compiled code: written once for every game.

A learner trained against the bundled bots (training/opponents.py) waits on them most of the
time. Answered from Python, each of their decisions is a round trip: pick the games waiting on
a bot, call its batch kernel, step the batch, encode an observation no bot reads. Here each
game's vector module gets one kernel, ``play_bots``, that lets the bots move in a game until it
waits on a seat they do not hold, and encodes only the observation of that decision.

A seat's bot is its game's rule-based policy (``policy(s, seat, style, mask, words, i)`` of
``agents/<game>_bots.py``) in one style, weakened by a probability of a uniformly random legal
action (``agents/weakened.py``; probability 1 is the random agent). Each game draws from its own
generator word, so the moves do not depend on which other games are in the batch.
"""

from __future__ import annotations

import numpy as np

from meeplegym import rng
from meeplegym.jit import kernel_for, threadable_kernel

NO_BOT = -1  # a seat's style where no compiled bot sits (the learner, an agent answered from Python)
_UNIT = 1 << 53  # a draw in [0, 2**53): the resolution of a seat's probability of a random move


def seated_bot_kernels(game, bots, module_name: str):
    """``play_bots`` for a game's vector module `game` (its ``encode`` and the ``step_one`` of
    ``game_kernels.vector_kernels``) and bots module `bots`."""
    # threadable: VectorGame.play_bots runs it on parts of the batch in threads, one per numba thread
    @kernel_for(module_name, threadable_kernel)
    def play_bots(states, rows, styles, epsilons, words, budget, moves, seed_words, setup_args, decisions,
                  max_turns, max_decisions, reward_mode, with_obs, obs, masks, seats, rewards, scores, terminated,
                  truncated, final_seats, final_obs):
        """In each game b of `rows`, while the seat to move, q, holds a bot (styles[b, q] >=
        0) and the game has made fewer than budget[b] moves here: the bot plays a uniformly
        random legal action with probability epsilons[b, q], else its policy in style
        styles[b, q], drawing from words[b]. Each move is a step of the vector API (``step_one``:
        rewards, scores and the final observation of a game that ends, which restarts in its
        row); a game stops after the move that ends it. moves[b]: the moves made. The observation
        of the decision each game then waits on is encoded once, at the end (`with_obs`).
        Returns the first row whose bot found no legal move (a broken state), else -1."""
        acts = np.zeros(states.shape[0], dtype=np.int64)
        active = np.zeros(states.shape[0], dtype=np.bool_)
        for b in rows:
            active[b] = True
            moves[b] = 0
            while moves[b] < budget[b]:
                seat = seats[b]
                style = styles[b, seat]
                if style < 0:
                    break
                if epsilons[b, seat] > 0.0 and rng.below_at(words, b, _UNIT) < epsilons[b, seat] * _UNIT:
                    acts[b] = rng.random_legal(masks[b], words, b)
                else:
                    acts[b] = bots.policy(states[b], seat, style, masks[b], words, b)
                if acts[b] < 0:
                    return b
                game.step_one(states, b, acts, active, seed_words, setup_args, decisions, max_turns, max_decisions,
                              reward_mode, False, obs, masks, seats, rewards, scores, terminated, truncated,
                              final_seats, final_obs)
                moves[b] += 1
                if terminated[b] or truncated[b]:
                    break
            if with_obs:  # the mask and seat are current: each step_one wrote them
                game.encode(states[b], seats[b], setup_args, obs[b])
            active[b] = False
        return -1

    return play_bots
