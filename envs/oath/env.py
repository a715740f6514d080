"""The Oath PettingZoo AEC environment (``meeplegym.envs.oath_v0``)."""

from __future__ import annotations

import numpy as np

from meeplegym.aec import OrderEnforcing, RecordGame, TurnBasedEnv, check_options
from meeplegym.encoders import oath as encoder
from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import engine, invariants, picture, render, state_json
from meeplegym.envs.oath.rules import turn
from meeplegym.envs.oath.state import SIDE_NAMES, WIN_NAMES


DEFAULT_MAX_DECISIONS = 10_000


class OathGame(RecordGame):
    engine = engine
    render = render
    state_json = state_json
    picture = picture
    name = "oath"
    num_actions = A.N_ACTIONS
    observation_size = encoder.OBS_SIZE
    observation_high = encoder.OBS_HIGH
    reset_options = ("setup", "colours", "reconstructed_powers")

    def new_state(self, n_players, seed, options):
        return engine.new_game(n_players, seed, **engine.table_options(n_players, options))

    def scores(self, states):
        """1 for the winner, 0 for everyone else (O3: one player wins; 0 for all while it goes on)."""
        s = states[0]
        out = np.zeros(int(s["n_players"]), dtype=np.int64)
        if s["terminal"]:
            out[int(s["winner"])] = 1
        return out

    def ranks(self, states):
        s = states[0]
        if not s["terminal"]:
            return [0] * int(s["n_players"])
        out = np.zeros(int(s["n_players"]), dtype=np.int64)
        turn.ranks(s, out)
        return [int(r) for r in out]

    def decision_name(self, states):
        return engine.decision_name(states[0])

    def observe(self, states, seat, out):
        encoder.encode_at(states, 0, seat, out)

    def action_to_str(self, states, action):
        return A.action_to_str(action, states[0])

    def check(self, states):
        return invariants.explain(states[0]) or None

    def victory(self, states):
        """How the game was won (O3): "usurper", "visionary", "stable regime", "war exhaustion" or
        "successor"."""
        return WIN_NAMES[int(states[0]["win_kind"])]

    def seat_setup(self, states):
        s = states[0]
        return [{"role": SIDE_NAMES[int(s["side"][p])].lower(), "colour": render.colour_name(s, p)}
                for p in range(int(s["n_players"]))]


class raw_env(TurnBasedEnv):
    """Oath for 2-6 players; seat 0 is the Chancellor. Options: setup ('first_game' default: the
    first game of a fresh chronicle, O1.2; 'tutorial': the four-player tutorial table, O1.3; or a
    ChronicleState / its JSON text), colours (the boards of seats 1.. by name; None: each player
    picks at setup step 9, as decisions), reconstructed_powers (default True, the spec's default:
    the nine edifice powers the spec marks ◊, reconstructed from one engine's code, are in force;
    False leaves those faces blank -- D3, D10), max_turns (truncation; a turn is one player's Wake, Act
    and Rest), max_decisions (truncation after that many decisions, default 10000: moving
    warbands between board and site is free (O6.5), so a policy could loop inside one turn
    forever; random games take about 100-1000), reward_mode ('rank' default: +1 to the winner, -1/(n-1) to the others; 'score':
    1/0), debug (check the engine's invariants after every action and raise InvalidStateError on
    the first broken one; slow, for finding bugs). docs/oath.md has the details."""

    metadata = {
        "name": "oath_v0",
        "render_modes": ["ansi", "human", "rgb_array"],
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(self, num_players: int = 4, render_mode=None, max_turns=None, reward_mode=None, setup=None,
                 colours=None, debug=False, max_decisions=DEFAULT_MAX_DECISIONS, reconstructed_powers=True):
        engine.check_players(num_players)
        options = {"setup": setup, "colours": colours, "reconstructed_powers": reconstructed_powers}
        super().__init__(OathGame(), num_players, render_mode, max_turns, reward_mode, options, debug, max_decisions)


def env(**kwargs):
    """The Oath AEC env wrapped in PettingZoo's order-enforcing wrapper."""
    check_options(raw_env, kwargs)
    return OrderEnforcing(raw_env(**kwargs))
