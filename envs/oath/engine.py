"""The Oath engine API: validated setup and play over the compiled rules.

``new_game`` sets a game up from a ChronicleState (O1.1; the first game of a fresh chronicle
by default, O1.2) and leaves it at its first decision; ``legal_mask`` and ``step`` play it one
decision at a time (actions.py). The engine runs one whole game: the setup, the turn (Wake, Act,
Rest), the six major actions, the minor actions, the title, every victory and every card power
(docs/rules_coverage.md). The Chronicle between games is `chronicle.chronicle_step`.
``play_random`` plays whole games in compiled code (benchmarks).
"""

from __future__ import annotations

import numpy as np

from meeplegym import rng
from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath.chronicle import COLOUR_NAMES, ChronicleState
from meeplegym.envs.oath.rules import setup, turn
from meeplegym.envs.oath.state import DRAW_AT_SETUP, PHASE_NAMES, STATE_DTYPE
from meeplegym.errors import IllegalActionError, InvalidOptionError, action_index
from meeplegym.game_kernels import engine_kernels


def check_players(n_players) -> int:
    if isinstance(n_players, bool) or not isinstance(n_players, (int, np.integer)):
        raise InvalidOptionError(f"num_players must be an integer, got {n_players!r}")
    if not D.MIN_PLAYERS <= n_players <= D.MAX_PLAYERS:
        raise InvalidOptionError(f"num_players must be {D.MIN_PLAYERS}-{D.MAX_PLAYERS}, got {n_players}")
    return int(n_players)


def resolve_colours(colours, n_players: int) -> np.ndarray:
    """Seat -> colour: seat 0 is purple (the Chancellor); the others' boards are chosen at setup
    step 9 (None: as decisions) or given here by name."""
    out = np.full(n_players, -1, dtype=np.int8)
    out[0] = D.Colour.PURPLE
    if colours is None:
        return out
    colours = list(colours)
    if len(colours) != n_players - 1:
        raise InvalidOptionError(f"colours: one board for each of the {n_players - 1} non-Chancellor seats, "
                                 f"got {len(colours)}")
    for k, name in enumerate(colours):
        if name not in COLOUR_NAMES[1:]:
            raise InvalidOptionError(f"colours: {name!r} is not one of {COLOUR_NAMES[1:]}")
        out[k + 1] = COLOUR_NAMES.index(name)
    if len(set(out.tolist())) != n_players:
        raise InvalidOptionError(f"colours: each board once, got {colours}")
    return out


def new_game(n_players: int = 4, seed: int = 0, chronicle: ChronicleState | None = None,
             colours=None, reconstructed_powers: bool = True) -> np.ndarray:
    """A one-record state array holding a game set up from `chronicle` (default: the first game
    of a fresh chronicle, O1.2), waiting on its first setup decision. ``colours``: the boards of
    seats 1.. by name ('red', 'brown', 'blue', 'yellow', 'white'); None lets each player choose
    (O1.1 step 9). ``reconstructed_powers``: the nine edifice powers the spec marks ◊ (printed
    wording not found, reconstructed from one engine's code, D3) are in force -- the spec's
    default; False leaves those faces blank."""
    n_players = check_players(n_players)
    if not isinstance(reconstructed_powers, (bool, np.bool_)):
        raise InvalidOptionError(f"reconstructed_powers must be True or False, got {reconstructed_powers!r}")
    chronicle = ChronicleState.first_game() if chronicle is None else chronicle
    arrays = chronicle.arrays()
    if arrays.world_n >= 0 and arrays.world_n < DRAW_AT_SETUP * (n_players + 1):
        raise InvalidOptionError(f"world_deck: setup deals {DRAW_AT_SETUP * (n_players + 1)} cards for "
                                 f"{n_players} players, the deck has {arrays.world_n}")
    states = np.zeros(1, dtype=STATE_DTYPE)
    states[0]["rng"] = rng.seed_word(seed)
    states[0]["reconstructed"] = int(reconstructed_powers)
    setup.init(states[0], n_players, resolve_colours(colours, n_players), arrays.oath, arrays.citizen,
               arrays.slot_site, arrays.slot_faceup, arrays.slot_cards, arrays.slot_ruined, arrays.world,
               arrays.world_n, arrays.relics, arrays.relic_n, arrays.dispossessed)
    return states


SETUPS = ("first_game", "tutorial")


def table_options(n_players: int, options: dict) -> dict:
    """The env's options as new_game's keywords: ``setup`` ('first_game' default, 'tutorial', a
    ChronicleState or its JSON text), ``colours`` and ``reconstructed_powers`` (default True)."""
    setup_option = options.get("setup")
    if setup_option is None or setup_option == "first_game":
        chronicle = ChronicleState.first_game()
    elif setup_option == "tutorial":
        chronicle = ChronicleState.tutorial()
    elif isinstance(setup_option, ChronicleState):
        chronicle = setup_option
    elif isinstance(setup_option, str) and setup_option.lstrip().startswith("{"):
        chronicle = ChronicleState.from_json(setup_option)
    else:
        raise InvalidOptionError(f"setup must be one of {SETUPS}, a ChronicleState or its JSON text, "
                                 f"got {setup_option!r}")
    reconstructed = options.get("reconstructed_powers")
    return {"chronicle": chronicle, "colours": options.get("colours"),
            "reconstructed_powers": True if reconstructed is None else reconstructed}


legal_mask_at, apply_at, play_random = engine_kernels(turn, A.N_ACTIONS, __name__)
random_words = rng.seed_words  # generator words for play_random's choosers, one per seed


def decision_name(state) -> str:
    return PHASE_NAMES[int(state["phase"])]


def legal_mask(state) -> np.ndarray:
    """The legal actions of the state record's pending decision: int8, one per action."""
    mask = np.zeros(A.N_ACTIONS, dtype=np.int8)
    turn.legal(state, mask)
    return mask


def step(state, action: int) -> None:
    """Play one action; an illegal one raises IllegalActionError and changes nothing."""
    mask = legal_mask(state)
    a = action_index(action)
    if not 0 <= a < A.N_ACTIONS or not mask[a]:
        raise IllegalActionError(action, decision_name(state), int(mask.sum()))
    turn.apply(state, a)
