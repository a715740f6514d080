"""Final rewards from places and scores, compiled, the same for every game and both APIs (the AEC
env and the vector kernels). DESIGN "Rewards": ``rank`` maps places to [-1, 1], ``score`` is
the final score, ``margin`` the score minus the best other seat's."""

from __future__ import annotations


from meeplegym.errors import InvalidOptionError
from meeplegym.jit import kernel

#: reward_mode names in the order the kernels number them
REWARD_MODES = ("rank", "score", "margin")
RANK, SCORE, MARGIN = 0, 1, 2


def resolve_reward_mode(reward_mode: str | None, num_players: int) -> str:
    """The reward mode of a table: 'rank' by default, 'score' for one player, who has neither
    places nor opponents to rank or beat (so 'rank' and 'margin' are refused there)."""
    if reward_mode is None:
        return "score" if num_players == 1 else "rank"
    if reward_mode not in REWARD_MODES:
        raise InvalidOptionError(f"reward_mode must be one of {REWARD_MODES}, got {reward_mode!r}")
    if num_players == 1 and reward_mode != "score":
        raise InvalidOptionError(f"reward_mode {reward_mode!r} needs opponents; a solo game uses 'score'")
    return reward_mode


@kernel
def rank_rewards(ranks, n, out):
    """Places (0 = first, ties share a place) of n seats to rewards: first +1, last -1, tied seats
    share the mean of the places they span."""
    for p in range(n):
        tied = 0
        for q in range(n):
            if ranks[q] == ranks[p]:
                tied += 1
        place = ranks[p] + (tied - 1) / 2.0
        out[p] = 1.0 - 2.0 * place / (n - 1)


@kernel
def final_rewards(mode, ranks, scores, n, out):
    """out[:n] for a finished game under reward mode `mode` (RANK, SCORE or MARGIN)."""
    if mode == RANK:
        rank_rewards(ranks, n, out)
        return
    for p in range(n):
        if mode == SCORE:
            out[p] = scores[p]
            continue
        best_other = -(2**62)
        for q in range(n):
            if q != p and scores[q] > best_other:
                best_other = scores[q]
        out[p] = scores[p] - best_other
