"""The Scythe PettingZoo AEC environment (``meeplegym.envs.scythe_v0``)."""

from __future__ import annotations

import numpy as np

from meeplegym.aec import OrderEnforcing, RecordGame, TurnBasedEnv, check_options
from meeplegym.encoders import scythe as encoder
from meeplegym.envs.scythe import actions, data, engine, invariants, picture, render, state_json
from meeplegym.envs.scythe.state import PHASE_NAMES
from meeplegym.errors import InvalidOptionError

OPTION_NAMES = ("factions", "mats")


class ScytheGame(RecordGame):
    engine = engine
    render = render
    state_json = state_json
    picture = picture
    name = "scythe"
    num_actions = actions.N_ACTIONS
    observation_size = encoder.OBS_SIZE
    observation_high = encoder.OBS_HIGH
    reset_options = OPTION_NAMES

    def __init__(self, public_coins: bool = False):
        self.public_coins = bool(public_coins)

    def new_state(self, n_players, seed, options):
        unknown = set(options) - set(OPTION_NAMES)
        if unknown:
            raise InvalidOptionError(f"unknown Scythe options {sorted(unknown)}; known: {', '.join(OPTION_NAMES)}")
        return engine.new_game(n_players, seed, options.get("factions"), options.get("mats"))

    def scores(self, states):
        s = states[0]
        n = int(s["n_players"])
        if s["terminal"]:
            return s["final_score"][:n].astype(np.int64)
        return engine.current_scores(s)[:n]

    def decision_name(self, states):
        return PHASE_NAMES[states[0]["phase"]]

    def observe(self, states, seat, out):
        encoder.encode_at(states, 0, seat, self.public_coins, out)

    def action_to_str(self, states, action):
        return actions.action_to_str(states[0], action)

    def check(self, states):
        return invariants.explain(states[0]) or None

    def ranks(self, states):
        s = states[0]
        if s["terminal"]:  # S19.5 tie-breakers decide places
            return [int(r) for r in s["rank"][: s["n_players"]]]
        return super().ranks(states)

    def seat_setup(self, states):
        s = states[0]
        return [{"faction": data.Faction(int(s["faction"][p])).name.lower(), "mat": data.Mat(int(s["mat"][p])).name.lower()}
                for p in range(int(s["n_players"]))]


class raw_env(TurnBasedEnv):
    """Scythe for 2-5 players. Options: factions, mats (one name or 'random' per player),
    public_coins (opponents' coins visible, default False per S0.10), max_turns (truncation),
    reward_mode ('rank' default, 'score', 'margin'), debug (check every invariant after every
    action and raise InvalidStateError on the first broken one; slow, for finding bugs)."""

    metadata = {
        "name": "scythe_v0",
        "render_modes": ["ansi", "human", "rgb_array"],
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(self, num_players: int = 2, render_mode=None, max_turns=None, reward_mode="rank",
                 factions=None, mats=None, public_coins=False, debug=False):
        options = {}
        if factions is not None:
            options["factions"] = factions
        if mats is not None:
            options["mats"] = mats
        engine.check_players(num_players)
        super().__init__(ScytheGame(public_coins), num_players, render_mode, max_turns, reward_mode, options, debug)


def env(**kwargs):
    """The Scythe AEC env wrapped in PettingZoo's order-enforcing wrapper."""
    check_options(raw_env, kwargs)
    return OrderEnforcing(raw_env(**kwargs))
