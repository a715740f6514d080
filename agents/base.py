"""The agent protocol shared by every bundled and user agent.

An agent answers one decision with ``act(observation, action_mask, info) -> int`` and a batch of
them with ``act_batch(observations, action_masks, infos=None) -> int64 array``. Every agent is
seedable (``seed(n)`` restarts its random stream), so a match replays exactly.

``info`` is a dict the match runner fills for each decision:

- ``seat``: the acting seat;
- ``game``: the game's registry name;
- ``state``: the engine state as a one-record array. Agents may read only what ``seat`` could
  see at the table (public facts and the seat's own hidden facts). The search bot samples the
  rest (determinization); tests perturb hidden facts and check that no agent's choice moves.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

import numpy as np

from meeplegym import rng, warmup


class Agent(ABC):
    """Base class: subclasses implement `act`; `act_batch` loops unless overridden."""

    name: str = "agent"
    #: True when the agent needs ``info["state"]`` (rule-based and search bots); observation-only
    #: agents (random, trained policies) work with any PettingZoo loop.
    needs_state: bool = False

    def __init__(self, seed: int | None = None):
        self.seed(seed)

    def seed(self, seed: int | None = None) -> None:
        self.rng = np.random.default_rng(seed)

    @abstractmethod
    def act(self, observation, action_mask, info=None) -> int: ...

    def act_batch(self, observations, action_masks, infos=None) -> np.ndarray:
        infos = infos if infos is not None else [None] * len(action_masks)
        return np.array([self.act(o, m, i) for o, m, i in zip(observations, action_masks, infos)], dtype=np.int64)

    def seated_bot(self) -> tuple[int, float] | None:
        """``(style, epsilon)`` when every move of this agent is its game's rule-based policy in
        that style, or with probability epsilon a uniformly random legal action: the vector API can
        then play it in compiled code (`VectorEnv.play_bots`, as the trainer's opponents are
        played). None for an agent that must be asked from Python."""
        return None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


class EngineBot(Agent):
    """A bot whose policy is a compiled kernel over the engine state record, with a style.

    Subclasses name the game's kernels as static methods: ``policy_at(states, b, seat, style,
    mask, words, i) -> action`` answers states[b]; ``act_states(states, seats, styles, masks,
    words, out)`` answers a batch in one call. The kernels' only randomness is the generator
    word ``words[i]``, drawn here from the agent's seeded stream. ``kernel_options`` are passed
    to both kernels after their usual arguments (e.g. a search bot's budget).
    """

    name = "bot"
    style = 0
    needs_state = True
    policy_at = None
    act_states = None
    kernel_options: tuple = ()
    rule_based = False  # its moves are the game's rule-based policy (agents/<game>_bots.py) alone

    def seated_bot(self) -> tuple[int, float] | None:
        return (int(self.style), 0.0) if self.rule_based else None

    def __init__(self, seed: int | None = None):
        warmup.announce(self.name.split(".")[0], "bots", kernel=self.policy_at)
        super().__init__(seed)

    def seed(self, seed=None) -> None:
        super().seed(seed)
        self.words = np.array([rng.seed_word(int(self.rng.integers(0, 2**62)))], dtype=np.uint64)

    def act(self, observation, action_mask, info=None) -> int:
        if info is None or "state" not in info:
            raise ValueError(f"{self.name} needs info['state'] and info['seat'] (run it with agents.play_match)")
        mask = np.ascontiguousarray(action_mask, dtype=np.int8)
        legal_actions(mask)
        return int(self.policy_at(info["state"], 0, int(info["seat"]), self.style, mask, self.words, 0,
                                  *self.options_for(observation, info["state"])))

    def act_batch(self, observations, action_masks, infos=None) -> np.ndarray:
        if infos is None:
            raise ValueError(f"{self.name} needs infos with 'state' and 'seat'")
        masks = np.ascontiguousarray(action_masks, dtype=np.int8)
        states, seats = batch_records(infos)
        styles = np.full(len(infos), self.style, dtype=np.int64)
        words = rng.seed_words(self.rng.integers(0, 2**62, size=len(infos)))
        out = np.empty(len(infos), dtype=np.int64)
        self.act_states(states, seats, styles, masks, words, out, *self.options_for(observations, states))
        return out

    def options_for(self, observations, states) -> tuple:
        """The kernels' arguments after their usual ones, for one decision's observation and
        record or a batch's: the agent's ``kernel_options`` unless something it computes from
        them joins them."""
        return self.kernel_options


class SearchAgent(EngineBot):
    """An engine bot that thinks about the decisions its game searches, for a count of `unit`
    (samples, simulations; ``default_count``) or for ``seconds`` each (at least one), with
    ``style``, the rule-based style of its own moves (one of ``styles``). Both are checked here."""

    unit = "samples"
    default_count = 1
    styles: tuple[str, ...] = ()

    def __init__(self, seed: int | None = None, count: int | None = None, seconds: float | None = None,
                 style: str | None = None):
        if count is not None and seconds is not None:
            raise ValueError(f"give {self.unit} or seconds, not both")
        if count is not None and (isinstance(count, bool) or int(count) != count or count < 1):
            raise ValueError(f"{self.unit} must be a positive integer, got {count!r}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be positive, got {seconds!r}")
        if style is not None:
            if style not in self.styles:
                raise ValueError(f"unknown style {style!r}; choose from {', '.join(self.styles)}")
            self.style = self.styles.index(style)
        self.count = int(count) if count is not None else self.default_count
        self.seconds = seconds
        super().__init__(seed)

    def act(self, observation, action_mask, info=None) -> int:
        if self.seconds is None or info is None or "state" not in info:
            return super().act(observation, action_mask, info)
        mask = np.ascontiguousarray(action_mask, dtype=np.int8)
        legal_actions(mask)
        return int(self.think(info["state"], int(info["seat"]), mask, observation))

    def think(self, states, seat: int, mask, observation=None) -> int:
        """The action for states[0] (seen by seat as `observation`) after thinking ``seconds``
        (the clock-bound search)."""
        raise NotImplementedError

    def act_batch(self, observations, action_masks, infos=None) -> np.ndarray:
        if self.seconds is not None:  # a clock per decision: one at a time
            return Agent.act_batch(self, observations, action_masks, infos)
        return super().act_batch(observations, action_masks, infos)


def batch_records(infos) -> tuple[np.ndarray, np.ndarray]:
    """The engine records (one row per decision) and seats of a batch of infos."""
    if hasattr(infos, "states"):  # a StateBatch (training/opponents.py) holds the rows as one array already
        return infos.states, np.asarray(infos.seats, dtype=np.int64)
    # concatenating record rows one by one is slow (numpy promotes the fields of each): only for plain lists
    return (np.concatenate([info["state"][:1] for info in infos]),
            np.array([int(info["seat"]) for info in infos], dtype=np.int64))


def legal_actions(action_mask) -> np.ndarray:
    """Indices of the legal actions; a clear error when there is none (a finished game)."""
    legal = np.flatnonzero(action_mask)
    if legal.size == 0:
        raise ValueError("no legal action in the mask (is the game over, or is it another seat's turn?)")
    return legal
