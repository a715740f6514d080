"""The Imperium: Horizons PettingZoo AEC environment (``meeplegym.envs.imperium_v0``)."""

from __future__ import annotations

import numpy as np

from meeplegym.aec import OrderEnforcing, RecordGame, TurnBasedEnv, check_options
from meeplegym.encoders import imperium as encoder
from meeplegym.envs.imperium import action_names, engine, invariants, picture, render, state_json
from meeplegym.envs.imperium import actions as A
from meeplegym.envs.imperium import data as D
from meeplegym.envs.imperium.rules import scoring

NATION_NAMES = {int(n.code): n.name.lower() for n in D.NATIONS}


class ImperiumGame(RecordGame):
    engine = engine
    render = render
    state_json = state_json
    picture = picture
    name = "imperium"
    num_actions = A.N_ACTIONS
    observation_size = encoder.OBS_SIZE
    observation_high = encoder.OBS_HIGH
    reset_options = ("nations", "power_sides")

    def new_state(self, n_players, seed, options):
        return engine.new_game(n_players, seed, **engine.table_options(n_players, options))

    def scores(self, states):
        out = np.zeros(int(states[0]["n_players"]), dtype=np.int64)
        scoring.final_scores(states[0], out)
        return out

    def ranks(self, states):
        """I10.4 by VP; after a collapse (I10.5) fewest unrest first, VP breaking ties. Against
        the automa: 0 when the player beat it, 1 when it won (ties and collapses, I14.8-I14.9)."""
        s = states[0]
        out = np.zeros(int(s["n_players"]), dtype=np.int64)
        scoring.ranks(s, s["collapsed"], out)
        return [int(r) for r in out]

    def decision_name(self, states):
        return action_names.decision_text(states[0])

    def observe(self, states, seat, out):
        encoder.encode_at(states, 0, seat, out)

    def action_to_str(self, states, action):
        return action_names.action_to_str(states[0], action)

    def check(self, states):
        return invariants.explain(states[0]) or None

    def victory(self, states):
        """I10.3-I10.4 by VP, or I10.5: the unrest pile ran out ("chaos" when the Cultists win it
        with an empty chaos pile, I16)."""
        if not states[0]["collapsed"]:
            return "scoring"
        return "chaos" if states[0]["collapse_chaos"] >= 0 else "collapse"

    def seat_setup(self, states):
        s = states[0]
        return [{"nation": NATION_NAMES[int(s["nation"][p])], "power_side": "AB"[int(s["face"][s["power_card"][p]])]}
                for p in range(int(s["n_players"]))]


class raw_env(TurnBasedEnv):
    """Imperium: Horizons for 1-4 players. Options: nations (one name, 'random' or None per
    player; default all random), power_sides ('A'/'B' per player; default B, I2.3),
    trade_routes (the Trade Routes expansion, I13), the I15 variants low_aggression,
    quick_setup, precious_cards and quick (each False by default, as in the rulebook), training
    (the solo training mode, I15.1: num_players=1); one player otherwise plays against the
    automa (I14): automa (its nation, default random), difficulty ('chieftain', 'warlord',
    'emperor' default, 'sovereign', 'overlord'), supreme_leader (I14.12); max_turns (truncation),
    reward_mode ('rank' default, 'score', 'margin'; solo: 'score'), debug (check the
    engine's invariants after every action and raise InvalidStateError on the first broken
    one; slow, for finding bugs). docs/imperium.md has the table."""

    metadata = {
        "name": "imperium_v0",
        "render_modes": ["ansi", "human", "rgb_array"],
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(self, num_players: int = 2, render_mode=None, max_turns=None, reward_mode=None,
                 nations=None, power_sides=None, trade_routes=False, low_aggression=False, quick_setup=False,
                 precious_cards=False, quick=False, training=False, automa=None, difficulty=None,
                 supreme_leader=False, debug=False):
        engine.check_players(num_players)
        options = {"nations": nations, "power_sides": power_sides, "trade_routes": trade_routes,
                   "low_aggression": low_aggression, "quick_setup": quick_setup, "precious_cards": precious_cards,
                   "quick": quick, "training": training, "automa": automa, "difficulty": difficulty,
                   "supreme_leader": supreme_leader}
        super().__init__(ImperiumGame(), num_players, render_mode, max_turns, reward_mode, options, debug)


def env(**kwargs):
    """The Imperium AEC env wrapped in PettingZoo's order-enforcing wrapper."""
    check_options(raw_env, kwargs)
    return OrderEnforcing(raw_env(**kwargs))
