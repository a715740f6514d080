"""The vector API: a whole batch of games advanced by one compiled call per step.

``make_vector(game, batch, num_players=2, seed=0, **options)`` builds a `VectorEnv`. Each
``step(actions)`` takes one action per game (for the seat acting in that game), applies them
all in a numba ``prange`` loop and returns a `VectorStep` of numpy arrays: the seat to act next
in every game, its observation and legal mask, per-seat rewards, and done flags.

Auto-reset is *same-step* (Gymnasium's ``SAME_STEP`` mode, as Pgx and EnvPool do): when a game
ends at a step, that step reports its rewards and ``terminated`` (or ``truncated``) and already
returns the first decision of a fresh game in the same slot. A finished game's final scores are
in ``final_scores`` on that step.

Seeding matches the AEC env exactly: slot ``b`` plays games with seeds ``seed + b``,
``seed + b + batch``, ``seed + b + 2 * batch``, ...; ``game_seeds`` holds each slot's current
seed, so any game of the batch can be replayed alone with ``env.reset(seed=...)``.

The arrays of a `VectorStep` are buffers the next ``step`` overwrites; copy what you keep.
"""

from __future__ import annotations

import functools
import importlib
from abc import ABC, abstractmethod
from concurrent import futures
from dataclasses import dataclass

import numba as nb
import numpy as np

from meeplegym import jit, rng
from meeplegym.errors import IllegalActionError, InvalidOptionError
from meeplegym.rewards import REWARD_MODES, resolve_reward_mode
from meeplegym.seated_bots import NO_BOT
from meeplegym.jit import kernel

#: batches at least this large step on numba's thread pool; smaller ones in one thread
PARALLEL_FROM = 64


@functools.cache
def _bot_threads(threads: int) -> futures.ThreadPoolExecutor:
    """The threads that run the seated bots on parts of a batch (`VectorGame.play_bots`)."""
    return futures.ThreadPoolExecutor(threads, thread_name_prefix="meeplegym-bots")


SEED_LIMIT = 2**62  # |seed|: game_seeds are int64 and grow by the batch size per finished game
#: reward_mode names as the kernels number them
REWARD_MODE_CODES = {name: i for i, name in enumerate(REWARD_MODES)}


@kernel
def first_illegal(masks, actions, active):
    """Index of the first active game whose action is out of range or masked out; -1 if none."""
    for b in range(actions.shape[0]):
        if not active[b]:
            continue
        a = actions[b]
        if a < 0 or a >= masks.shape[1] or masks[b, a] == 0:
            return b
    return -1


class VectorGame(ABC):
    """A game's batched kernels, as the shared `VectorEnv` calls them: the game's vector module
    (``kernels``, whose batch kernels ``meeplegym.game_kernels.vector_kernels`` made) run on the
    table that ``configure`` sets (``setup_args``, the tuple the module's ``start`` reads, and
    ``max_decisions``, 0 for no limit). ``decisions`` holds each slot's decisions so far in its
    current game."""

    name: str
    num_actions: int
    observation_size: int
    observation_high: np.ndarray  # each observation element's upper bound
    state_dtype: np.dtype
    kernels = None
    setup_args: tuple = ()
    max_decisions: int = 0
    decisions = np.zeros(0, dtype=np.int64)

    @abstractmethod
    def configure(self, num_players: int, options: dict) -> None:
        """Validate options (raise InvalidOptionError) and keep what the kernels need."""

    @abstractmethod
    def decision_name(self, state) -> str: ...

    def _counters(self, batch: int) -> np.ndarray:
        if self.decisions.shape[0] != batch:
            self.decisions = np.zeros(batch, dtype=np.int64)
        return self.decisions

    def reset(self, states, seed_words, obs, masks, seats, with_obs: bool) -> None:
        self.kernels.reset_batch(states, seed_words, self.setup_args, self._counters(states.shape[0]), with_obs, obs,
                                 masks, seats)

    def step(self, states, actions, active, seed_words, max_turns: int, reward_mode: int, with_obs: bool,
             obs, masks, seats, rewards, scores, terminated, truncated, final_seats, final_obs) -> None:
        k = self.kernels
        step_batch = k.step_batch if states.shape[0] >= PARALLEL_FROM else k.step_batch_serial
        step_batch(states, actions, active, seed_words, self.setup_args, self._counters(states.shape[0]), max_turns,
                   self.max_decisions, reward_mode, with_obs, obs, masks, seats, rewards, scores, terminated,
                   truncated, final_seats, final_obs)

    def play_bots(self, states, rows, styles, epsilons, words, budget, moves, seed_words, max_turns: int,
                  reward_mode: int, with_obs: bool, obs, masks, seats, rewards, scores, terminated, truncated,
                  final_seats, final_obs) -> int:
        """The seated bots' moves in the games of `rows` (meeplegym.seated_bots); the first row whose
        bot found no legal move, else -1. With more than one numba thread (numba.set_num_threads,
        the trainers' --env-threads) the rows are shared out among that many Python threads: the
        kernel lets go of the GIL, and each game touches only its own row of every array."""
        decisions = self._counters(states.shape[0])

        def play(part):
            return self.kernels.play_bots(states, part, styles, epsilons, words, budget, moves, seed_words,
                                          self.setup_args, decisions, max_turns, self.max_decisions, reward_mode,
                                          with_obs, obs, masks, seats, rewards, scores, terminated, truncated,
                                          final_seats, final_obs)

        threads = min(nb.get_num_threads(), rows.size)
        if threads < 2 or jit.interpreted_games:
            return play(rows)
        parts = [_bot_threads(threads).submit(play, np.ascontiguousarray(rows[i::threads])) for i in range(threads)]
        futures.wait(parts)  # all of them, before an error leaves (a transactional step restores the batch)
        stuck = [b for b in (part.result() for part in parts) if b >= 0]
        return min(stuck, default=-1)

    def scores_now(self, states, reward_mode: int, out) -> None:
        """out[b] = game b's scores if it were cut short now."""
        self.kernels.scores_now(states, reward_mode, out)

    def observe(self, states, rows, seats, out) -> None:
        """out[k] = the game in slot rows[k] from seat seats[k]'s view."""
        self.kernels.observe_rows(states, rows, seats, self.setup_args, out)

    def restart(self, states, rows, seed_words, obs, masks, seats, with_obs: bool) -> None:
        """Start a new game in each slot of `rows` from seed_words[row]."""
        self.kernels.restart_rows(states, rows, seed_words, self.setup_args, self._counters(states.shape[0]),
                                  with_obs, obs, masks, seats)


@dataclass
class VectorStep:
    """One step of a batch. Row b is game b; rewards/final_scores have one column per seat."""

    seat: np.ndarray  # (batch,) int64: seat to act now
    observation: np.ndarray | None  # (batch, observation_size) float32, from `seat`'s view
    action_mask: np.ndarray  # (batch, num_actions) int8
    rewards: np.ndarray  # (batch, num_players) float32: nonzero only when a game ended here
    terminated: np.ndarray  # (batch,) bool: the game ended by the rules at this step
    truncated: np.ndarray  # (batch,) bool: the game reached max_turns (Oath: or max_decisions) at this step
    final_scores: np.ndarray  # (batch, num_players) int64: scores of the game that just ended
    #: (batch, observation_size) float32 when the step was given final_seats: in each row whose game
    #: ended at this step, that game's last state seen by final_seats[row] (other rows: stale)
    final_observation: np.ndarray | None = None


class VectorEnv:
    """A batch of games of one kind; see the module docstring."""

    def __init__(self, game: VectorGame, batch: int, num_players: int = 2, seed: int = 0,
                 max_turns: int | None = None, reward_mode: str | None = None, observations: bool = True,
                 transactional: bool = False, **options):
        if isinstance(batch, (bool, np.bool_)) or not isinstance(batch, (int, np.integer)) or batch < 1:
            raise InvalidOptionError(f"batch must be a positive integer, got {batch!r}")
        if max_turns is not None and (isinstance(max_turns, (bool, np.bool_))
                                      or not isinstance(max_turns, (int, np.integer)) or max_turns < 1):
            raise InvalidOptionError(f"max_turns must be a positive integer or None, got {max_turns!r}")
        reward_mode = resolve_reward_mode(reward_mode, num_players)
        game.configure(num_players, options)
        self.game = game
        self.batch = int(batch)
        self.num_players = int(num_players)
        self.max_turns = int(max_turns or 0)
        self.reward_mode = reward_mode
        self.observations = bool(observations)
        if not isinstance(transactional, (bool, np.bool_)):
            raise InvalidOptionError(f"transactional must be True or False, got {transactional!r}")
        self.transactional = bool(transactional)
        self.num_actions = game.num_actions
        self.observation_size = game.observation_size
        self.observation_high = game.observation_high
        b = self.batch
        self.states = np.zeros(b, dtype=game.state_dtype)
        self._seed_words = np.zeros(b, dtype=np.uint64)
        self.game_seeds = np.zeros(b, dtype=np.int64)
        self.episodes = np.zeros(b, dtype=np.int64)  # games finished per slot
        self._obs = np.zeros((b, game.observation_size) if self.observations else (1, 1), dtype=np.float32)
        self._masks = np.zeros((b, game.num_actions), dtype=np.int8)
        self._seats = np.zeros(b, dtype=np.int64)
        self._rewards = np.zeros((b, self.num_players), dtype=np.float32)
        self._scores = np.zeros((b, self.num_players), dtype=np.int64)
        self._terminated = np.zeros(b, dtype=np.bool_)
        self._truncated = np.zeros(b, dtype=np.bool_)
        self._rows = np.arange(b, dtype=np.int64)
        self._all_active = np.ones(b, dtype=np.bool_)
        self._undo: list[np.ndarray] | None = None
        self._no_seats = np.zeros(0, dtype=np.int64)
        self._final_obs = np.zeros((0, 1), dtype=np.float32)  # made on the first step given final_seats
        self._with_final = False  # the last step was given final_seats
        self.reset(seed)

    def reset(self, seed: int | None = None) -> VectorStep:
        """Start every slot afresh; slot b plays seed + b first."""
        if seed is not None and (isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer))
                                 or not -SEED_LIMIT <= seed <= SEED_LIMIT):
            raise InvalidOptionError(f"seed must be an integer within ±2**62 (each slot's seed is an int64 that "
                                     f"grows by the batch size per game), got {seed!r}")
        self.seed = int(seed) if seed is not None else int(rng.seed_word(id(self)) >> np.uint64(2))
        self.game_seeds[:] = self.seed + self._rows
        self.episodes[:] = 0
        self._seed_words[:] = [rng.seed_word(s) for s in self.game_seeds]
        self.game.reset(self.states, self._seed_words, self._obs, self._masks, self._seats, self.observations)
        self._rewards[:] = 0
        self._scores[:] = 0
        self._terminated[:] = False
        self._truncated[:] = False
        self._with_final = False
        self._prepare_next_seeds(self._rows)
        return self._result()

    def step(self, actions, active=None, final_seats=None) -> VectorStep:
        """Apply one action per game. Any illegal action raises IllegalActionError naming its game
        and nothing changes in any game. With ``transactional=True`` an error inside the engine
        changes nothing either (the step is undone; see `_save` for its cost). `active` (bool per
        game, optional) pauses the games where it is False: their actions are ignored and their
        rows stay as they were, with no reward and no done flag (e.g. while other seats of a
        multi-agent batch are being answered). `final_seats` (a seat per game, optional; needs
        observations) fills ``final_observation``: a game that ends at this step restarts in the
        same step, and this is its last state as that seat saw it (what a learner bootstraps from)."""
        if jit.interpreted_games:  # a first run: switch to the compiled kernels once they are in
            from meeplegym import warmup

            warmup.poll()
        actions = np.asarray(actions)
        if actions.shape != (self.batch,) or not np.issubdtype(actions.dtype, np.integer):
            raise IllegalActionError(actions if actions.size <= 8 else f"array{actions.shape}",
                                     f"a batch of {self.batch} integer actions", None)
        actions = actions.astype(np.int64, copy=False)
        if active is None:
            active = self._all_active
        else:
            active = _flags(active, self.batch)
        final_seats = self._final_seats(final_seats)
        b = first_illegal(self._masks, actions, active)
        if b >= 0:
            raise IllegalActionError(int(actions[b]), self.game.decision_name(self.states[b]),
                                     int(self._masks[b].sum()), game=b)
        if self.transactional:
            self._save()
        try:
            self.game.step(self.states, actions, active, self._seed_words, self.max_turns,
                           REWARD_MODE_CODES[self.reward_mode],
                           self.observations, self._obs, self._masks, self._seats, self._rewards, self._scores,
                           self._terminated, self._truncated, final_seats, self._final_obs)
        except Exception as err:
            if self.transactional:
                self._restore()
                err.add_note("meeplegym: the step was undone; every game of the batch is as it was before it")
            else:
                err.add_note("meeplegym: the batch may be partly stepped; make_vector(..., transactional=True) "
                             "undoes a failed step")
            raise
        self._finished_at_step(final_seats)
        return self._result()

    def play_bots(self, rows, styles, epsilons, words, budget=None, final_seats=None) -> np.ndarray:
        """Let the rule-based bots seated in some seats move, in compiled code, in the games of
        `rows`, until each waits on a seat without a bot, ends, or has made `budget[b]` moves here
        (None: no limit). A seat's bot is its game's rule-based policy in style ``styles[b, seat]``
        (the bots' style numbers; ``seated_bots.NO_BOT``, -1: no bot in that seat) that plays a
        uniformly random legal action with probability ``epsilons[b, seat]`` (float64) instead;
        ``words[b]`` (uint64, advanced in place) is game b's generator. Returns each game's moves
        (int64, 0 outside `rows`). The rows of `rows` report what their last move's step reported
        (a game that ended restarts in its row, with `final_seats` as in `step`); the other rows
        report no reward and no done flag, as paused games do in `step`. The bots' moves are legal
        by construction; only an engine fault raises (undone under ``transactional=True``)."""
        rows = np.unique(np.asarray(rows, dtype=np.int64))
        if rows.size and (rows[0] < 0 or rows[-1] >= self.batch):
            raise IndexError(f"rows must be in 0..{self.batch - 1}, got {rows.tolist()[:8]}")
        shape = (self.batch, self.num_players)
        styles, epsilons = np.asarray(styles), np.asarray(epsilons)
        if styles.shape != shape or epsilons.shape != shape or words.shape != (self.batch,):
            raise ValueError(f"styles and epsilons must have shape {shape} and words ({self.batch},), got "
                             f"{styles.shape}, {epsilons.shape} and {words.shape}")
        if words.dtype != np.uint64:
            raise ValueError(f"words must be uint64 generator words (meeplegym.rng.seed_words), got {words.dtype}")
        if not ((epsilons >= 0) & (epsilons <= 1)).all():
            raise ValueError("epsilons are probabilities in [0, 1]")
        styles_known = self.game.kernels.bots.STYLE_NAMES
        if not ((styles == NO_BOT) | ((styles >= 0) & (styles < len(styles_known)))).all():
            raise ValueError(f"styles are -1 (no bot) or a style of the game's bots: "
                             f"{', '.join(f'{i} ({name})' for i, name in enumerate(styles_known))}; "
                             f"got {sorted(set(styles.ravel().tolist()))}")
        budget = np.full(self.batch, np.iinfo(np.int64).max) if budget is None else np.asarray(budget, np.int64)
        final_seats = self._final_seats(final_seats)
        moves = np.zeros(self.batch, dtype=np.int64)
        self._rewards[:] = 0
        self._terminated[:] = False
        self._truncated[:] = False
        if self.transactional:
            self._save()
        try:
            stuck = self.game.play_bots(self.states, rows, styles.astype(np.int64, copy=False),
                                        epsilons.astype(np.float64, copy=False), words, budget, moves,
                                        self._seed_words, self.max_turns, REWARD_MODE_CODES[self.reward_mode],
                                        self.observations, self._obs, self._masks, self._seats, self._rewards,
                                        self._scores, self._terminated, self._truncated, final_seats, self._final_obs)
            if stuck >= 0:
                raise RuntimeError(f"game {stuck}: the bot in seat {self._seats[stuck]} found no legal move in a "
                                   f"running game ({self.game.decision_name(self.states[stuck])})")
        except Exception as err:
            if self.transactional:
                self._restore()
                err.add_note("meeplegym: the bots' moves were undone; every game of the batch is as it was")
            raise
        self._finished_at_step(final_seats)
        return moves

    def _finished_at_step(self, final_seats) -> None:
        """Bookkeeping for the games that ended (and restarted) at the last step."""
        if self._terminated.any() or self._truncated.any():
            done = np.flatnonzero(self._terminated | self._truncated)
            self.episodes[done] += 1
            self.game_seeds[done] += self.batch
            self._prepare_next_seeds(done)
        self._with_final = final_seats.shape[0] > 0

    def _final_seats(self, final_seats) -> np.ndarray:
        if final_seats is None:
            return self._no_seats
        if not self.observations:
            raise InvalidOptionError("final_seats needs observations (make_vector(..., observations=True))")
        seats = np.asarray(final_seats)
        if seats.shape != (self.batch,) or not np.issubdtype(seats.dtype, np.integer) \
                or seats.min() < 0 or seats.max() >= self.num_players:
            raise ValueError(f"final_seats must be {self.batch} seats in 0..{self.num_players - 1}, "
                             f"got {seats.tolist()[:8]}")
        if self._final_obs.shape[0] != self.batch:
            self._final_obs = np.zeros((self.batch, self.observation_size), dtype=np.float32)
        return seats.astype(np.int64, copy=False)

    def observe(self, rows, seats) -> np.ndarray:
        """The games in slots `rows` as seats `seats` (one per row) see them now: (len(rows),
        observation_size) float32, a new array."""
        rows = np.asarray(rows, dtype=np.int64)
        seats = np.asarray(seats, dtype=np.int64)
        if rows.shape != seats.shape or rows.ndim != 1:
            raise ValueError(f"rows and seats must be 1-d and of one length, got {rows.shape} and {seats.shape}")
        if rows.size and (rows.min() < 0 or rows.max() >= self.batch or seats.min() < 0
                          or seats.max() >= self.num_players):
            raise IndexError(f"rows must be in 0..{self.batch - 1} and seats in 0..{self.num_players - 1}")
        out = np.zeros((rows.size, self.observation_size), dtype=np.float32)
        self.game.observe(self.states, rows, seats, out)
        return out

    def scores(self) -> np.ndarray:
        """Every game's scores as it stands, (batch, num_players) int64, a new array: what a
        truncation now would report in ``final_scores`` (Scythe's coins with the end-game
        bonuses, Imperium's VP; Oath's zeros, as it scores only its winner)."""
        out = np.zeros((self.batch, self.num_players), dtype=np.int64)
        self.game.scores_now(self.states, REWARD_MODE_CODES[self.reward_mode], out)
        return out

    def restart(self, rows) -> VectorStep:
        """Abandon the games in `rows` and start each slot's next game (its seed sequence goes on
        as after a finished game); those rows report ``truncated``, no reward and no scores."""
        given = np.asarray(rows)
        if given.size and not np.issubdtype(given.dtype, np.integer):
            raise ValueError(f"rows must be integers (slots of the batch), got {given.dtype} {given.tolist()[:8]}")
        rows = np.unique(given.astype(np.int64))
        if rows.size and (rows[0] < 0 or rows[-1] >= self.batch):
            raise IndexError(f"rows must be in 0..{self.batch - 1}, got {rows.tolist()}")
        self.game.restart(self.states, rows, self._seed_words, self._obs, self._masks, self._seats, self.observations)
        self._rewards[rows] = 0  # the other rows keep what the last step reported
        self._scores[rows] = 0
        self._terminated[rows] = False
        self._truncated[rows] = True
        self._with_final = False
        self.episodes[rows] += 1
        self.game_seeds[rows] += self.batch
        self._prepare_next_seeds(rows)
        return self._result()

    def _buffers(self) -> list[np.ndarray]:
        """Everything a step writes: the games and what the last step reported."""
        return [self.states, self._seed_words, self._obs, self._masks, self._seats, self._rewards, self._scores,
                self._terminated, self._truncated]

    def _save(self) -> None:
        """Copy what a step writes into buffers made on the first step. It is opt-in: the copy
        costs about as much as a masks-only step itself (a batch of 1,024 Imperium records is 13.6 MB
        to copy, 2-4 ms, against ~1.9 ms for the step), while the AEC env's copy of one record is a
        small share of its step and always on. Only an engine fault raises mid-step: a corrupt
        state, or an index past an array under NUMBA_BOUNDSCHECK=1."""
        if self._undo is None:
            self._undo = [np.empty_like(a) for a in self._buffers()]
        for saved, a in zip(self._undo, self._buffers()):
            np.copyto(saved, a)

    def _restore(self) -> None:
        for saved, a in zip(self._undo, self._buffers()):
            np.copyto(a, saved)

    @property
    def last_step(self) -> VectorStep:
        """What the last reset/step/restart returned (the same buffers)."""
        return self._result()

    def action_masks(self) -> np.ndarray:
        """The current legal masks (batch, num_actions), e.g. for MaskablePPO."""
        return self._masks

    def _prepare_next_seeds(self, slots) -> None:
        # The kernel starts a finished slot's next game from these words without calling Python.
        for b in slots:
            self._seed_words[b] = rng.seed_word(int(self.game_seeds[b]) + self.batch)

    def _result(self) -> VectorStep:
        return VectorStep(self._seats, self._obs if self.observations else None, self._masks, self._rewards,
                          self._terminated, self._truncated, self._scores,
                          self._final_obs if self._with_final else None)


def _flags(active, batch: int) -> np.ndarray:
    """`active` as one bool per game: bools, or the integers 0 and 1; anything else is refused,
    not rounded (0.5 is neither)."""
    given = np.asarray(active)
    if given.shape != (batch,):
        raise ValueError(f"active must have shape ({batch},), got {given.shape}")
    if given.dtype != np.bool_ and not (np.issubdtype(given.dtype, np.integer) and np.isin(given, (0, 1)).all()):
        raise ValueError(f"active must hold booleans (or 0 and 1), got {given.dtype} {given.tolist()[:8]}")
    return given.astype(np.bool_, copy=False)


def make_vector(game: str, batch: int, num_players: int = 2, seed: int = 0, **options) -> VectorEnv:
    """A `VectorEnv` of `batch` games of `game`. Options: max_turns, reward_mode ('rank' by default,
    'score', 'margin'; one player: 'score'), observations (False skips encoding, for agents that read only masks),
    transactional (True: a step the engine fails is undone, at the cost of copying the batch each step), and the
    game's own options (e.g. Scythe factions, mats, public_coins; Oath setup, colours, reconstructed_powers
    and max_decisions, the per-game decision cap the Oath AEC env also has, default 10000)."""
    from meeplegym.registry import GAMES

    try:
        entry = GAMES[game]
    except KeyError:
        raise KeyError(f"unknown game {game!r}; available: {', '.join(sorted(GAMES))}") from None
    if entry.vector is None:
        raise NotImplementedError(f"{game} has no vector API yet")
    module, cls = entry.vector.split(":")
    from meeplegym import warmup  # in here: no kernel module may import what the cache stamp leaves out

    warmup.first_run(game, ("vector",))
    return VectorEnv(getattr(importlib.import_module(module), cls)(), batch, num_players, seed, **options)
