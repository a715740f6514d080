"""A seat's decisions split in two: the strategic ones, and the rest handed to a delegate agent.

A game's **strategic decisions** are the ones its search bot searches (``searched`` in
``agents/<game>_search.py``): in Scythe the mat section each turn (S6), the choice that sets the
whole turn; in Imperium the turn type and each choice of the Activate loop. Oath has no search
bot; its strategic decision is the Act phase's next step (O4.2: which major action, a minor action,
or ending the turn). Everything in between (Scythe: which top option, where each unit moves, what
to build, combat; Oath: a campaign's targets and dice, what to search and keep) is tactics.

Training with ``--delegate scythe.builder`` puts a learner on the strategic decisions only, with
the rule-based bot carrying out each chosen section: the options framework's split of a policy
over macro-actions above scripted controllers. The exported policy records its delegate, and
`PolicyAgent` hands the same decisions to it when it plays (``agents/policy_agent.py``).
"""

from __future__ import annotations

import functools
import importlib

import numpy as np

from meeplegym.envs.oath.state import PH_ACT
from meeplegym.errors import InvalidOptionError
from meeplegym.jit import kernel


@kernel
def oath_act_choice(states, b, mask):
    """Oath's strategic decision: the next step of the Act phase (O4.2), when there is a choice."""
    return states[b]["phase"] == PH_ACT and mask.sum() >= 2


# game -> "module:kernel", a `(states, b, mask) -> bool` kernel that marks the strategic decisions
STRATEGIC_KERNELS = {
    "scythe": "meeplegym.agents.scythe_search:searched",
    "imperium": "meeplegym.agents.imperium_search:searched",
    "oath": "meeplegym.agents.delegate:oath_act_choice",
}


def check_delegation(game: str, delegate: str) -> None:
    """Refuse a delegate for a game without strategic decisions, or a delegate that does not play it."""
    from meeplegym.agents.registry import AGENTS

    if game not in STRATEGIC_KERNELS:
        raise InvalidOptionError(f"--delegate: {game} has no strategic decisions to keep (games with them: "
                                 f"{', '.join(sorted(STRATEGIC_KERNELS))})")
    entry = AGENTS.get(delegate)
    if entry is None or entry.games is None or game not in entry.games:  # games None: random, policy
        names = sorted(n for n, e in AGENTS.items() if e.games is not None and game in e.games)
        raise InvalidOptionError(f"--delegate must be one of {game}'s bundled bots ({', '.join(names)}), got {delegate!r}")


@functools.cache
def _strategic_kernel(game: str):
    module, kernel = STRATEGIC_KERNELS[game].split(":")
    return getattr(importlib.import_module(module), kernel)


def strategic_rows(game: str, states: np.ndarray, masks: np.ndarray) -> np.ndarray:
    """Which rows of a batch (engine records and their legal masks) wait on a strategic decision."""
    strategic = _strategic_kernel(game)  # looked up once: this runs at every step of a training batch
    masks = np.ascontiguousarray(masks, dtype=np.int8)
    return np.array([bool(strategic(states, b, masks[b])) for b in range(len(states))], dtype=bool)
