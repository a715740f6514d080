"""One learner against an opponent pool, over the vector API.

`SeatAdapter` turns a multi-seat `meeplegym.make_vector` batch into a single-learner batch: in
every game one seat is the learner's (a fixed seat, rotated game by game, or drawn at random) and
the other seats are played by agents drawn from an `OpponentPool` (registered agents by name,
`Agent` objects, or exported policies by path, e.g. earlier snapshots of the learner). Each
``step(actions)`` applies the learner's actions, then lets the opponents move, in batches, until
every game waits on the learner again, and reports:

- the learner's observation and legal mask in every game (nothing from other seats);
- the learner-seat reward earned since its previous decision (the game's end may come on an
  opponent's move; it is credited to the learner's last action);
- ``done`` per game when the learner's game ended, with the new game's first learner decision
  already in its row (same-step auto-reset, like the vector API).

The rule-based bots of the pool (weakened or not, and ``random`` beside them: `Agent.seated_bot`)
are not asked from Python: `VectorEnv.play_bots` plays their seats in compiled code until each
game waits on the learner or on an agent that is (a search agent, a policy, the delegate), and
encodes only the observations someone reads. Each game slot draws their moves from a generator
of its own. A pool of only ``random`` agents is asked from Python.

Batched calling convention for agents that need the engine state (``Agent.needs_state``):
``act_batch(observations, masks, infos)`` receives ``infos`` as a `StateBatch`: a read-only
sequence of per-row dicts ``{"seat", "game", "state"}`` (what ``act`` gets, so
``Agent.act_batch``'s default loop works) that also carries the whole batch as arrays,
``infos.states`` (record array, one row per decision), ``infos.seats`` (int64) and
``infos.game``, for agents that decide a batch in one compiled call. ``infos["states"]`` and
``infos["seats"]`` read the same arrays.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from gymnasium import spaces

from meeplegym import rng as words_rng, warmup
from meeplegym.agents.base import Agent
from meeplegym.agents.delegate import check_delegation, strategic_rows
from meeplegym.agents.registry import AGENTS, make_agent, split_options
from meeplegym.errors import IllegalActionError, InvalidOptionError
from meeplegym.seated_bots import NO_BOT
from meeplegym.vector import VectorEnv, make_vector

SEAT_MODES = ("rotate", "random")
OBSERVATIONS = ("full", "live")
SAMPLING_MODES = ("uniform", "pfsp")


class StateBatch(Sequence):
    """``infos`` for a batch of decisions of agents that read the state (see the module doc)."""

    def __init__(self, game: str, states: np.ndarray, seats: np.ndarray):
        self.game = game
        self.states = states
        self.seats = seats

    def __len__(self) -> int:
        return len(self.seats)

    def __getitem__(self, i):
        if isinstance(i, str):  # infos["states"], infos["seats"], infos["game"]
            if i not in ("states", "seats", "game"):
                raise KeyError(i)
            return getattr(self, i)
        if isinstance(i, (slice, np.ndarray)):  # a sub-batch: a slice, or row indices / a bool mask
            return StateBatch(self.game, self.states[i], self.seats[i])
        return {"seat": int(self.seats[i]), "game": self.game, "state": self.states[i:i + 1]}


def _is_policy_path(spec: str) -> bool:
    return spec.startswith("policy:") or spec.endswith(".pt") or Path(spec).is_file()


class OpponentPool:
    """The agents that may sit in the learner's opponents' seats, with sampling weights.

    Entries are registered agent names (``"random"``, ``"scythe.builder"``, a weakened
    ``"scythe.builder@epsilon=0.5"``), `Agent` objects, or paths to exported policies
    (``"runs/x/policy.pt"`` or ``"policy:runs/x/policy.pt"``). Indices never change once given
    out: `replace` swaps the agent in a slot (e.g. a newer snapshot of the learner) and
    `set_weight` retires one (weight 0).

    `sampling` is ``"uniform"`` (each agent in proportion to its weight) or ``"pfsp"``,
    prioritised fictitious self-play (AlphaStar's "hard" weighting): the weight is multiplied
    by ``(1 - w) ** pfsp_power``, w the learner's recent win rate against that agent
    (`record_games` keeps it; 0.5 before any game), so the opponents the learner beats least
    are met most. Each keeps at least ``PFSP_FLOOR`` of its weight, so its win rate stays current
    and an opponent the learner has mastered still shows up now and then."""

    PFSP_FLOOR = 0.05
    WIN_MEMORY = 0.99  # per game against an agent, its older games count this much less: about the last 100

    def __init__(self, opponents, game: str = "scythe", seed: int | None = 0, weights=None,
                 sampling: str = "uniform", pfsp_power: float = 2.0):
        if sampling not in SAMPLING_MODES:
            raise InvalidOptionError(f"opponent sampling must be one of {SAMPLING_MODES}, got {sampling!r}")
        if not pfsp_power >= 0:
            raise InvalidOptionError(f"pfsp_power must be at least 0, got {pfsp_power!r}")
        self.sampling, self.pfsp_power = sampling, float(pfsp_power)
        if isinstance(opponents, (str, Agent)):
            opponents = [opponents]
        opponents = list(opponents)
        if not opponents:
            raise InvalidOptionError("the opponent pool needs at least one agent")
        if weights is not None and len(weights) != len(opponents):
            raise InvalidOptionError(f"{len(weights)} weights for {len(opponents)} opponents")
        self.game = game
        self.base_seed = 0 if seed is None else int(seed)
        self.agents: list[Agent] = []
        self.weights: list[float] = []
        self.wins: list[float] = []  # the learner's wins against each agent, older games decayed
        self.games: list[float] = []  # its games against each agent, decayed alike
        for i, spec in enumerate(opponents):
            self.add(spec, 1.0 if weights is None else float(weights[i]))

    def resolve(self, spec) -> Agent:
        """An `Agent` from a name, a policy path or an Agent."""
        seed = self.base_seed + 7919 * (len(self.agents) + 1)
        if isinstance(spec, Agent):
            return spec
        if not isinstance(spec, str):
            raise InvalidOptionError(f"an opponent is an agent name, a policy path or an Agent, got {spec!r}")
        if split_options(spec)[0] in AGENTS:  # a name, options after '@' included
            try:
                return make_agent(spec, game=self.game, seed=seed)
            except ValueError as e:  # an option the agent does not take, or a value out of its range
                raise InvalidOptionError(str(e)) from None
        if _is_policy_path(spec):
            path = spec.removeprefix("policy:")
            return make_agent("policy", game=self.game, seed=seed, path=path)
        raise InvalidOptionError(f"unknown opponent {spec!r}: not a registered agent "
                                 f"({', '.join(sorted(AGENTS))}) nor a policy file")

    def add(self, spec, weight: float = 1.0) -> int:
        agent = self.resolve(spec)
        self.agents.append(agent)
        self.weights.append(float(weight))
        self.wins.append(0.0)
        self.games.append(0.0)
        return len(self.agents) - 1

    def replace(self, index: int, spec) -> None:
        """A new agent in slot `index`; the learner's record against the old one is forgotten."""
        self.agents[index] = self.resolve(spec)
        self.wins[index] = self.games[index] = 0.0

    def set_weight(self, index: int, weight: float) -> None:
        self.weights[index] = float(weight)

    def seed(self, seed: int) -> None:
        """Reseed every agent from `seed` (deterministic per slot)."""
        self.base_seed = int(seed)
        for i, agent in enumerate(self.agents):
            agent.seed(self.base_seed + 7919 * (i + 1))

    def record_games(self, opponents: np.ndarray, wins: np.ndarray) -> None:
        """The learner's results: `wins[g]` (1, a tie's share, or 0) in finished game g against the pool
        indices in row g of `opponents` (-1 marks the learner's seat; each opponent seat counts)."""
        for row, win in zip(np.atleast_2d(opponents), np.atleast_1d(wins)):
            for k in row[row >= 0]:
                self.wins[k] = self.WIN_MEMORY * self.wins[k] + float(win)
                self.games[k] = self.WIN_MEMORY * self.games[k] + 1.0

    def win_rates(self) -> np.ndarray:
        """The learner's recent win rate against each agent, 0.5 (one imagined drawn game) before any."""
        return (np.asarray(self.wins) + 0.5) / (np.asarray(self.games) + 1.0)

    def sampling_weights(self) -> np.ndarray:
        """The probability of drawing each agent for a seat."""
        w = np.asarray(self.weights, dtype=np.float64)
        if self.sampling == "pfsp":
            w = w * np.maximum((1.0 - self.win_rates()) ** self.pfsp_power, self.PFSP_FLOOR)
        if w.sum() <= 0:
            raise InvalidOptionError("every opponent in the pool has weight 0")
        return w / w.sum()

    def sample(self, rng: np.random.Generator, size) -> np.ndarray:
        p = self.sampling_weights()
        if len(p) == 1:
            return np.zeros(size, dtype=np.int64)
        return rng.choice(len(p), size=size, p=p)

    @property
    def names(self) -> list[str]:
        return [a.name for a in self.agents]

    def __len__(self) -> int:
        return len(self.agents)


@dataclass
class SeatStep:
    """One learner step of a batch (row b is game slot b). Buffers: copy what you keep."""

    action_mask: np.ndarray  # (batch, num_actions) int8
    reward: np.ndarray  # (batch,) float32: learner-seat reward since its previous decision
    done: np.ndarray  # (batch,) bool: the learner's game ended (terminated or truncated)
    terminated: np.ndarray  # (batch,) bool
    truncated: np.ndarray  # (batch,) bool
    # Of the game that just ended in each `done` row:
    episode_return: np.ndarray  # (batch,) float32: learner-seat reward over the game
    episode_length: np.ndarray  # (batch,) int64: learner decisions in the game
    episode_seat: np.ndarray  # (batch,) int64: the seat the learner played
    episode_win: np.ndarray  # (batch,) float32: 1 sole top score, 1/k for a k-way tie at the top, 0 else
    final_scores: np.ndarray  # (batch, num_players) int64
    episode_seed: np.ndarray  # (batch,) int64: replay the game with env.reset(seed=...)
    episode_opponents: np.ndarray  # (batch, num_players) int64: pool index per seat, -1 learner
    final_observation: np.ndarray  # (batch, obs_size) float32: the learner's view of the state the game ended in
    learner_view: Callable[[], np.ndarray] = field(repr=False, compare=False)

    @property
    def observation(self) -> np.ndarray:
        """(batch, obs_size) float32: the learner's view at its next decision. The live layout's
        copy is made at the first read of a step (a trainer reading the nonzero entries straight
        from the whole observation never makes it)."""
        return self.learner_view()


def live_columns(game: str, num_players: int) -> np.ndarray:
    """The observation elements that can change in a game of `num_players` (the game's encoder's
    ``live_columns``): the rest are fixed by the table or about seats it does not have."""
    return importlib.import_module(f"meeplegym.encoders.{game}").live_columns(num_players)


def entity_rows(game: str, num_players: int) -> list:
    """Each kind of entity's elements in the live layout at a table of `num_players`, one row per
    entity (the game encoder's ``entity_rows``: what ``--network entities`` reads)."""
    return importlib.import_module(f"meeplegym.encoders.{game}").entity_rows(num_players)


def phase_columns(game: str, observation_columns: np.ndarray | None) -> np.ndarray:
    """Where the network's input holds the observation's ``decision.phase`` one-hot: in the whole
    observation, or among `observation_columns` (the live layout keeps every phase element)."""
    phase = importlib.import_module(f"meeplegym.encoders.{game}").FEATURES["decision.phase"]
    whole = np.arange(phase.offset, phase.offset + phase.size)
    if observation_columns is None:
        return whole
    at = np.searchsorted(observation_columns, whole)
    if not np.array_equal(np.asarray(observation_columns)[np.minimum(at, len(observation_columns) - 1)], whole):
        raise ValueError(f"{game}'s observation layout leaves out some of decision.phase")
    return at


def _step_rows(venv: VectorEnv, rows: np.ndarray, actions: np.ndarray, final_seats: np.ndarray) -> None:
    """Advance only the games in `rows` by one decision each; the others are untouched. A game
    that ends leaves its last state as final_seats[slot] saw it in ``final_observation``."""
    full = np.zeros(venv.batch, dtype=np.int64)
    full[rows] = actions
    active = np.zeros(venv.batch, dtype=np.bool_)
    active[rows] = True
    venv.step(full, active=active, final_seats=final_seats)


class SeatAdapter:
    """A batch of games seen from one learner seat; see the module docstring.

    `seat` is a seat number, ``"rotate"`` (slot b plays seat ``(b + g) % num_players`` in its
    g-th game, so seats are balanced) or ``"random"`` (drawn per game). Opponents are drawn per
    game and per seat from the pool (`OpponentPool.sampling_weights`); each finished game's result
    goes back to the pool (`OpponentPool.record_games`). `max_decisions` cuts a game
    short (``truncated``, no reward, scores 0) after that many decisions of all seats: a guard
    against decision cycles that a deterministic policy may never leave (the turn counter, and
    so ``max_turns``, does not move inside a turn). `delegate` (a bundled bot's name) keeps only
    the learner seat's strategic decisions for the learner and plays the rest of its turns
    (``agents/delegate.py``). `observation` is ``"full"`` (the encoder's whole vector) or ``"live"``
    (only the elements that can change at this table, `live_columns`: ``observation_columns``
    lists them); the opponents, the delegate and teachers always get whole observations. Other
    keyword options go to `make_vector` (``max_turns``, ``reward_mode``, the game's own options).
    """

    def __init__(self, game: str = "scythe", batch: int = 8, num_players: int = 2, opponents=("random",),
                 seat: int | str = "rotate", seed: int = 0, weights=None, record: bool = False,
                 max_decisions: int | None = 20_000, delegate: str | None = None, observation: str = "full",
                 **options):
        if isinstance(seat, str) and seat not in SEAT_MODES:
            raise InvalidOptionError(f"seat must be a seat number or one of {SEAT_MODES}, got {seat!r}")
        if not isinstance(seat, str) and not 0 <= int(seat) < num_players:
            raise InvalidOptionError(f"seat must be in 0..{num_players - 1}, got {seat!r}")
        self.game = game
        self.seat_mode = seat
        if observation not in OBSERVATIONS:
            raise InvalidOptionError(f"observation must be one of {OBSERVATIONS}, got {observation!r}")
        self.venv = make_vector(game, batch, num_players=num_players, seed=seed, observations=True, **options)
        self.batch = self.venv.batch
        self.num_players = self.venv.num_players
        self.num_actions = self.venv.num_actions
        # "live": only the elements that can change at this table (encoders' FeatureTable.live_columns)
        self.observation_columns = live_columns(game, self.num_players) if observation == "live" else None
        cols = slice(None) if self.observation_columns is None else self.observation_columns
        high = self.venv.observation_high[cols]  # the learner's observations: one seat's, in the encoder's bounds
        self.observation_size = high.size
        self.observation_space = spaces.Box(np.zeros_like(high), high, dtype=np.float32)
        self.pool = opponents if isinstance(opponents, OpponentPool) else OpponentPool(opponents, game, seed, weights)
        if delegate:
            check_delegation(game, delegate)
        self.delegate = make_agent(delegate, game=game, seed=seed) if delegate else None
        self.record = record
        self.max_decisions = int(max_decisions) if max_decisions else 0
        b, n = self.batch, self.num_players
        self.learner_seat = np.zeros(b, dtype=np.int64)
        self.opponent_of = np.full((b, n), -1, dtype=np.int64)
        self.games_started = np.zeros(b, dtype=np.int64)
        self._game_index = 0
        self._seed_of_game = np.zeros(b, dtype=np.int64)
        self._return = np.zeros(b, dtype=np.float32)
        self._length = np.zeros(b, dtype=np.int64)
        self._decisions = np.zeros(b, dtype=np.int64)  # all seats' decisions in each slot's game
        # the seated bots (VectorEnv.play_bots) of each slot's game: style per seat (NO_BOT: asked from Python)
        self._bot_styles = np.full((b, n), NO_BOT, dtype=np.int64)
        self._bot_epsilons = np.zeros((b, n))
        self._bot_words = np.zeros(b, dtype=np.uint64)
        self._rows = np.arange(b)
        self._live = None if self.observation_columns is None else np.zeros((b, self.observation_size), np.float32)
        self._live_is_current = False
        self._out = SeatStep(
            action_mask=self.venv.last_step.action_mask, reward=np.zeros(b, np.float32),
            done=np.zeros(b, bool), terminated=np.zeros(b, bool), truncated=np.zeros(b, bool),
            episode_return=np.zeros(b, np.float32), episode_length=np.zeros(b, np.int64),
            episode_seat=np.zeros(b, np.int64), episode_win=np.zeros(b, np.float32),
            final_scores=np.zeros((b, n), np.int64), episode_seed=np.zeros(b, np.int64),
            episode_opponents=np.full((b, n), -1, np.int64),
            final_observation=np.zeros((b, self.observation_size), np.float32),
            learner_view=self._learner_observation,
        )
        self.actions: list[list[int]] = [[] for _ in range(b)]  # this game's actions per slot, when record
        self.opponent_seconds = 0.0  # time in the opponents' (and the delegate's) moves so far: where training waits
        self.finished_actions: dict[int, list[int]] = {}  # slot -> actions of its game that ended last
        self.skipped_games = 0  # games that ended before the learner's first decision
        self.capped_games = 0  # games cut short by max_decisions
        self.reset(seed)

    # ---------------------------------------------------------------- API
    def reset(self, seed: int | None = None, game_index: int = 0) -> SeatStep:
        """Start every slot afresh (slot b plays seed + b first) and play the opponents up to
        the learner's first decision. `game_index` offsets the seat rotation."""
        seed = self.venv.seed + self.batch if seed is None else int(seed)
        self.venv.reset(seed)
        self.rng = np.random.default_rng([seed, 0x5EA7])
        self._bot_words[:] = words_rng.seed_words(np.random.default_rng([seed, 0xB075]).integers(2**62, size=self.batch))
        self.pool.seed(seed)
        if self.delegate is not None:
            self.delegate.seed(seed + 1)
        self._game_index = int(game_index)
        self.games_started[:] = 0
        self._return[:] = 0
        self._length[:] = 0
        self.skipped_games = 0
        self.capped_games = 0
        for row in self.actions:
            row.clear()
        self._clear_out()
        self._new_games(self._rows)
        self._play_opponents(np.ones(self.batch, dtype=bool), fresh=np.ones(self.batch, dtype=bool))
        self._observations_moved()
        return self._out

    def step(self, actions, active=None) -> SeatStep:
        """Apply the learner's action in every game (every row of `active`, a bool mask, when
        given: the other games stay as they are) and play the opponents until each game waits
        on the learner again."""
        actions = np.asarray(actions)
        if actions.shape != (self.batch,) or not np.issubdtype(actions.dtype, np.integer):
            raise IllegalActionError(actions if actions.size <= 8 else f"array{actions.shape}",
                                     f"a batch of {self.batch} integer actions", None)
        active = np.ones(self.batch, dtype=bool) if active is None else np.asarray(active, dtype=bool)
        self._clear_out()
        rows = np.flatnonzero(active)
        if rows.size == 0:
            return self._out
        if self.record:
            for b in rows:
                self.actions[b].append(int(actions[b]))
        _step_rows(self.venv, rows, actions[rows].astype(np.int64, copy=False), self.learner_seat)
        self._length[rows] += 1
        fresh = np.zeros(self.batch, dtype=bool)
        self._collect(rows, fresh)
        self._play_opponents(active, fresh)
        self._observations_moved()
        return self._out

    def action_masks(self) -> np.ndarray:
        """The learner's legal masks now, (batch, num_actions) bool."""
        return self.venv.last_step.action_mask.astype(bool)

    def score_margins(self) -> np.ndarray:
        """Each game's learner-seat score minus the best other seat's, as the game stands now
        (`VectorEnv.scores`: Scythe's and Imperium's running counts; Oath has no score before its
        end, so 0 there); float64 (batch,). Alone at the table, the seat's own score."""
        scores = self.venv.scores().astype(np.float64)
        mine = scores[self._rows, self.learner_seat]
        if self.num_players == 1:
            return mine
        scores[self._rows, self.learner_seat] = -np.inf
        return mine - scores.max(axis=1)

    @property
    def observation(self) -> np.ndarray:
        """The learner's observation in every game, in the adapter's layout (`observation_columns`)."""
        return self._learner_observation()

    @property
    def whole_observation(self) -> np.ndarray:
        """The learner's observation in every game with every element of the encoder's vector,
        whatever the layout: its `observation_columns` are the live layout's."""
        return self.venv.last_step.observation

    def _learner_view(self, observations: np.ndarray) -> np.ndarray:
        return observations if self.observation_columns is None else observations[:, self.observation_columns]

    def _learner_observation(self) -> np.ndarray:
        if self._live is None:
            return self.venv.last_step.observation
        if not self._live_is_current:
            np.take(self.venv.last_step.observation, self.observation_columns, axis=1, out=self._live)
            self._live_is_current = True
        return self._live

    def _observations_moved(self) -> None:
        """The vector env's observations changed: the live layout's copy is out of date."""
        self._live_is_current = False

    @property
    def action_mask(self) -> np.ndarray:
        return self.venv.last_step.action_mask

    # ---------------------------------------------------------------- internals
    def _clear_out(self) -> None:
        o = self._out
        for arr in (o.reward, o.done, o.terminated, o.truncated):
            arr[:] = 0

    def _new_games(self, slots: np.ndarray) -> None:
        """Choose the learner's seat and the opponents for the games starting in `slots`."""
        n = self.num_players
        if self.seat_mode == "rotate":
            seats = (slots + self._game_index + self.games_started[slots]) % n
        elif self.seat_mode == "random":
            seats = self.rng.integers(n, size=slots.size)
        else:
            seats = np.full(slots.size, int(self.seat_mode))
        self.learner_seat[slots] = seats
        picks = self.pool.sample(self.rng, (slots.size, n))
        picks[np.arange(slots.size), seats] = -1
        self.opponent_of[slots] = picks
        self._seat_bots(slots)
        self.games_started[slots] += 1
        self._seed_of_game[slots] = self.venv.game_seeds[slots]
        self._return[slots] = 0
        self._length[slots] = 0
        self._decisions[slots] = 0

    def _seat_bots(self, slots: np.ndarray) -> None:
        """The seated bots of the games starting in `slots`: each opponent that `VectorEnv.play_bots`
        can play (its `Agent.seated_bot`), unless the games are recorded move by move or the pool
        holds no rule-based bot (`random` alone costs little from Python, and seating it would
        compile the bots' kernels for a run that plays none)."""
        self._bot_styles[slots] = NO_BOT
        self._bot_epsilons[slots] = 0.0
        seated = [agent.seated_bot() for agent in self.pool.agents]
        if self.record or not any(bot is not None and bot[1] < 1.0 for bot in seated):
            return
        for slot in slots:
            for seat, k in enumerate(self.opponent_of[slot]):
                if k >= 0 and seated[k] is not None:
                    self._bot_styles[slot, seat], self._bot_epsilons[slot, seat] = seated[k]

    def _collect(self, rows: np.ndarray, fresh: np.ndarray, moves: np.ndarray | int = 1) -> None:
        """Credit the learner-seat rewards of the games just stepped (by `moves` decisions each)
        and close the ones that ended; `fresh` marks slots whose game started during this learner step."""
        v, o = self.venv, self._out
        self._decisions[rows] += moves
        r = v.last_step.rewards[rows, self.learner_seat[rows]]
        ended = v.last_step.terminated[rows] | v.last_step.truncated[rows]
        if ended.any():
            o.final_observation[rows[ended]] = self._learner_view(v.last_step.final_observation[rows[ended]])
        if self.max_decisions:
            capped = ~ended & (self._decisions[rows] >= self.max_decisions)
            if capped.any():
                cut = rows[capped]
                o.final_observation[cut] = self._learner_view(v.observe(cut, self.learner_seat[cut]))
                v.restart(cut)
                self.capped_games += int(capped.sum())
                ended |= capped
        credit = ~fresh[rows]  # a game that ended before the learner moved in it is not its episode
        o.reward[rows] += np.where(credit, r, 0.0)
        self._return[rows] += np.where(credit, r, 0.0)
        if not ended.any():
            return
        done = rows[ended]
        skipped = done[fresh[done]]
        self.skipped_games += int(skipped.size)
        real = done[~fresh[done]]
        if real.size:
            o.done[real] = True
            o.terminated[real] = v.last_step.terminated[real]
            o.truncated[real] = v.last_step.truncated[real]
            o.episode_return[real] = self._return[real]
            o.episode_length[real] = self._length[real]
            o.episode_seat[real] = self.learner_seat[real]
            o.final_scores[real] = v.last_step.final_scores[real]
            o.episode_seed[real] = self._seed_of_game[real]
            o.episode_opponents[real] = self.opponent_of[real]
            scores = v.last_step.final_scores[real]
            mine = scores[np.arange(real.size), self.learner_seat[real]]
            top = scores.max(axis=1)
            share = 1.0 / (scores == top[:, None]).sum(axis=1)
            o.episode_win[real] = np.where(v.last_step.terminated[real] & (mine == top), share, 0.0)
            finished = real[v.last_step.terminated[real]]  # a game cut short is neither won nor lost
            self.pool.record_games(self.opponent_of[finished], o.episode_win[finished])
        if self.record:
            for b in done:
                self.finished_actions[int(b)] = self.actions[b]
                self.actions[b] = []
        fresh[done] = True
        self._new_games(done)

    def _play_opponents(self, active: np.ndarray, fresh: np.ndarray) -> None:
        """Let the opponents (and the learner's delegate) decide, in batches per agent, until
        every active game waits on the learner; their time adds to `opponent_seconds`."""
        started = time.perf_counter()
        try:
            self._play_opponents_untimed(active, fresh)
        finally:
            self.opponent_seconds += time.perf_counter() - started

    def _play_opponents_untimed(self, active: np.ndarray, fresh: np.ndarray) -> None:
        v = self.venv
        while True:
            self._play_seated_bots(active, fresh)
            mine = active & (v.last_step.seat == self.learner_seat)
            rows = np.flatnonzero(active & ~mine)
            if self.delegate is not None and mine.any():
                own = np.flatnonzero(mine)
                rows = np.sort(np.concatenate([rows, own[~strategic_rows(self.game, v.states[own],
                                                                        v.last_step.action_mask[own])]]))
            if rows.size == 0:
                return
            seats = v.last_step.seat[rows]
            who = self.opponent_of[rows, seats]  # -1: the learner's delegate
            actions = np.empty(rows.size, dtype=np.int64)
            for k in np.unique(who):
                pick = np.flatnonzero(who == k)
                sub = rows[pick]
                agent = self.delegate if k < 0 else self.pool.agents[k]
                infos = StateBatch(self.game, v.states[sub], seats[pick]) if agent.needs_state else None
                actions[pick] = agent.act_batch(v.last_step.observation[sub], v.last_step.action_mask[sub], infos)
            if self.record:
                for b, a in zip(rows, actions):
                    self.actions[b].append(int(a))
            _step_rows(v, rows, actions, self.learner_seat)
            self._collect(rows, fresh)

    def _play_seated_bots(self, active: np.ndarray, fresh: np.ndarray) -> None:
        """Let the seated bots move in compiled code in every active game that waits on one, until
        none does (a game that ends starts the next, whose bots may move first)."""
        v = self.venv
        while True:
            rows = np.flatnonzero(active & (self._bot_styles[self._rows, v.last_step.seat] != NO_BOT))
            if rows.size == 0:
                return
            warmup.announce(self.game, "bots", kernel=v.game.kernels.play_bots)
            budget = self.max_decisions - self._decisions if self.max_decisions else None
            moves = v.play_bots(rows, self._bot_styles, self._bot_epsilons, self._bot_words, budget,
                                final_seats=self.learner_seat)
            self._collect(rows, fresh, moves[rows])
