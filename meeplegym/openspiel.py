"""meeplegym's games as OpenSpiel games, so OpenSpiel's algorithms run on them.

``import meeplegym.openspiel`` registers ``meeplegym_scythe``, ``meeplegym_imperium`` and
``meeplegym_oath`` with pyspiel::

    import pyspiel
    import meeplegym.openspiel  # noqa: F401  (registers the games)
    game = pyspiel.load_game("meeplegym_oath", {"players": 3, "rng_seed": 7})

Parameters: ``players`` (the game's table sizes, default 2), ``rng_seed`` (the games dealt by
this game object, in order; -1 draws one at random) and ``max_decisions`` (a game still going
after that many decisions ends as a draw: OpenSpiel games must end; no game reaches the default).

What OpenSpiel sees (docs/interop.md):

- sequential, **sampled stochastic** (the engine deals and rolls from the state's own generator
  word, so a state's future is fixed and a clone replays it; ``resample_from_infostate`` deals
  a new one), imperfect information, **zero-sum** terminal returns: each seat's reward in
  ``rank`` mode (first +1, last -1, ties share);
- action ids are the env's (``num_distinct_actions`` = the env's action count) with the env's
  ``action_to_str``; ``str(state)`` is the env's text render;
- the observation tensor and the information-state tensor are both the seat's observation from
  the game's encoder (the env's ``observation``): it is **not** a perfect-recall history, so
  algorithms that need perfect recall for guarantees (CFR) have none here. Their strings name
  the seat to act, the decision and a digest of the tensor;
- ``resample_from_infostate(player, sampler)`` redeals everything `player` cannot see, with the
  game's own ``determinize`` (as meeplegym's search does): ``ISMCTSBot`` works without a
  resampler of its own.

Saving: ``state_to_dict(state)`` / ``load_state(game, d)`` go through the env's validated state
dicts (JSON). OpenSpiel's own ``serialize_game_and_state`` of a Python game pickles the state's
attributes, and unpickling runs code: never deserialize such a string you were handed.
"""

from __future__ import annotations

import hashlib
import importlib
import secrets

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from meeplegym import rng
from meeplegym.errors import IllegalActionError, InvalidOptionError
from meeplegym.registry import GAMES, make_env

PREFIX = "meeplegym_"
DEFAULT_MAX_DECISIONS = 20_000  # a random 6-player Oath game takes ~1,700 decisions, Scythe's 5-player ~2,300


class MeepleGame(pyspiel.Game):
    """One meeplegym game at one table size; `game_name` is set per registered subclass."""

    game_name: str

    def __init__(self, params=None):
        params = dict(params or {})
        players = int(params.get("players", GAMES[self.game_name].players[0]))
        self.max_decisions = int(params.get("max_decisions", DEFAULT_MAX_DECISIONS))
        if self.max_decisions < 1:
            raise InvalidOptionError(f"max_decisions must be positive, got {self.max_decisions}")
        seed = int(params.get("rng_seed", -1))
        self.env = make_env(self.game_name, num_players=players).unwrapped  # checks the table size
        self.adapter = self.env.game
        self._seeds = np.random.default_rng(secrets.randbits(63) if seed < 0 else seed)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.adapter.num_actions,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.max_decisions,
        )
        super().__init__(_game_type(self.game_name), info, params)

    def new_initial_state(self, params=None):
        return MeepleState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return SeatObserver(self, iig_obs_type, params)

    def deal(self) -> np.ndarray:
        """The next game of this game object's stream of seeds."""
        return self.env.new_game_state(int(self._seeds.integers(2**62)))


class MeepleState(pyspiel.State):
    """A game in progress: the engine's one-record state array and the decisions taken.

    The game is dealt on first use, not in ``__init__``: OpenSpiel's clone of a Python state
    makes a new initial state and then copies the attributes over it, and dealing there would
    spend a seed of the game's stream on every clone."""

    def __init__(self, game):
        super().__init__(game)
        self._states = None
        self._decisions = 0

    @property
    def record(self) -> np.ndarray:
        """The engine's state (a one-record array: the env's `Game` adapter takes it as it is)."""
        if self._states is None:
            self._states = self.get_game().deal()
        return self._states

    def clone(self):
        self.record  # a clone of a state never used must copy its deal, not make its own
        return super().clone()

    # ------------------------------------------------------------- OpenSpiel's State API
    def current_player(self):
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return self.get_game().adapter.current_player(self.record)

    def is_terminal(self):
        game = self.get_game()
        return game.adapter.is_terminal(self.record) or self._decisions >= game.max_decisions

    def _legal_actions(self, player):
        return np.flatnonzero(self._mask()).tolist()

    def _apply_action(self, action):
        game = self.get_game()
        if not (0 <= action < game.adapter.num_actions and self._mask()[action]):
            raise IllegalActionError(action, game.adapter.decision_name(self.record), int(self._mask().sum()))
        before = self.record.copy()
        try:
            game.adapter.apply(self.record, int(action))
        except Exception:
            self._states = before  # the step is a transaction, as in the env
            raise
        self._decisions += 1

    def _action_to_string(self, player, action):
        return self.get_game().adapter.action_to_str(self.record, int(action))

    def returns(self):
        game = self.get_game()
        if not game.adapter.is_terminal(self.record):
            return [0.0] * game.num_players()  # still going, or cut at max_decisions: a draw
        return game.adapter.final_rewards(self.record, "rank").tolist()

    def __str__(self):
        return self.get_game().adapter.render_text(self.record)

    def resample_from_infostate(self, player_id, probability_sampler):
        """A copy of this state with every fact hidden from `player_id` dealt anew, drawn with
        `probability_sampler` (OpenSpiel's; called once for a seed)."""
        world = self.clone()
        words = rng.seed_words([int(probability_sampler() * 2**62)])
        if not _hidden(self.get_game().game_name).determinize(world.record[0], player_id, words, 0):
            raise RuntimeError(f"could not redeal the hidden cards of seat {player_id}: the state breaks card conservation")
        return world

    # ------------------------------------------------------------- helpers
    def _mask(self) -> np.ndarray:
        mask = np.zeros(self.get_game().adapter.num_actions, dtype=np.int8)
        self.get_game().adapter.legal_mask(self.record, mask)
        return mask


class SeatObserver:
    """The seat's observation (the env's encoder), as OpenSpiel's Python observer interface."""

    def __init__(self, game: MeepleGame, iig_obs_type, params):
        if params:
            raise InvalidOptionError(f"the meeplegym observers take no parameters, got {params}")
        if iig_obs_type is not None and (iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
                                         or not iig_obs_type.public_info):
            raise InvalidOptionError("meeplegym observes a game only as one seat sees it (its own private "
                                     "information and the public one)")
        self.adapter = game.adapter
        self.tensor = np.zeros(game.adapter.observation_size, dtype=np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: MeepleState, player: int) -> None:
        self.adapter.observe(state.record, player, self.tensor)

    def string_from(self, state: MeepleState, player: int) -> str:
        self.set_from(state, player)
        digest = hashlib.blake2b(self.tensor.tobytes(), digest_size=8).hexdigest()
        if state.is_terminal():
            return f"seat {player}: game over, observation {digest}"
        actor = self.adapter.current_player(state.record)
        return f"seat {player}: seat {actor} to act ({self.adapter.decision_name(state.record)}), observation {digest}"


class StandingsEvaluator(mcts.Evaluator):
    """Values a state by where the seats stand now (their rank rewards by the current scores)
    instead of a random rollout to the end: OpenSpiel's ``MCTSBot`` and ``ISMCTSBot`` with it
    search a meeplegym game in about the time of a few decisions. The prior is uniform."""

    def evaluate(self, state):
        game = state.get_game()
        record = state.record
        if game.adapter.is_terminal(record):
            return np.asarray(state.returns())
        return game.adapter.final_rewards(record, "rank")

    def prior(self, state):
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


def state_to_dict(state: MeepleState) -> dict:
    """The state's saved form: the env's validated state dict (JSON-safe)."""
    return state.get_game().adapter.state_to_dict(state.record)


def load_state(game: MeepleGame, d: dict) -> MeepleState:
    """A state of `game` from a saved dict (checked field by field, as the env's load_state_dict)."""
    records = game.adapter.state_from_dict(d)
    players = int(records[0]["n_players"])
    if players != game.num_players():
        raise InvalidOptionError(f"state has {players} players, this game was loaded for {game.num_players()}")
    state = game.new_initial_state()
    state._states = records
    return state


def _hidden(game_name: str):
    return importlib.import_module(f"meeplegym.envs.{game_name}.hidden")


def _game_type(game_name: str) -> pyspiel.GameType:
    low, high = GAMES[game_name].players
    return pyspiel.GameType(
        short_name=PREFIX + game_name,
        long_name=f"meeplegym {game_name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": low, "rng_seed": -1, "max_decisions": DEFAULT_MAX_DECISIONS},
    )


def _register() -> None:
    for name in GAMES:
        if PREFIX + name in pyspiel.registered_names():
            continue
        game_class = type(f"{name.capitalize()}Game", (MeepleGame,), {"game_name": name, "__module__": __name__})
        pyspiel.register_game(_game_type(name), game_class)


_register()
