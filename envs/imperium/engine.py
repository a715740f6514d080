"""The Imperium engine API: validated setup and play over the compiled rules.

``new_game`` builds a set-up game (I2, I3) whose first turn is waiting; ``legal_mask`` and
``apply`` play it one decision at a time (actions.py). The environment follows
(docs/imperium.md "Engine design").
"""

from __future__ import annotations

import numpy as np

from meeplegym import rng
from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import actions as A
from meeplegym.envs.imperium import data as D
from meeplegym.envs.imperium import effects as E
from meeplegym.envs.imperium.rules import turn
from meeplegym.envs.imperium.rules import setup
from meeplegym.envs.imperium.rules.setup import init
from meeplegym.envs.imperium.state import (
    DEC_NAMES,
    MAX_PLAYERS,
    N_CARDS,
    PH_EFFECT,
    PHASE_NAMES,
    DIFFICULTY_NAMES,
    STATE_DTYPE,
    VARIANT_NAMES,
    VARIANT_QUICK,
    VARIANT_TRAINING,
    Z_BOX,
)
from meeplegym.errors import IllegalActionError, InvalidOptionError, action_index
from meeplegym.game_kernels import engine_kernels

MIN_PLAYERS = 1  # solo: against the automa (I14), or the training mode (I15.1)

NATION_NAMES = {n.name.lower(): n.code for n in D.NATIONS}
#: nations whose every card the effect machine runs (all fourteen now; kept as a guard)
READY_NATIONS = tuple(int(n) for n in D.NationCode
                      if not any(c.nation == n and c.id in E.UNIMPLEMENTED for c in D.CARDS))


#: nations the quick variant (I15.5) cannot seat: the Cultists are not compatible with it
NOT_WITH_QUICK = (int(D.NationCode.CUL),)


def resolve_nations(nations, n_players: int, trade_routes: bool, allow_unimplemented: bool = False,
                    variants: int = 0):
    """Check the nation choices: a code per seat from names, -1 for None/'random' (dealt at setup
    from the game's seed, `setup.deal_nations`), distinct, allowed by the expansion (I2.1: six
    nations need Trade Routes) and the variants. Returns (nations, allowed): the codes random
    seats draw from are the nations the engine can play (READY_NATIONS) unless
    ``allow_unimplemented``."""
    allowed = [int(code) for code in D.NationCode if trade_routes or not K.NEEDS_TRADE_ROUTES[code]]
    if variants & VARIANT_QUICK:
        allowed = [code for code in allowed if code not in NOT_WITH_QUICK]
    if not allow_unimplemented:
        allowed = [code for code in allowed if code in READY_NATIONS]
    if nations is not None and not isinstance(nations, (list, tuple)):
        raise InvalidOptionError(f"nations: expected a list of {n_players} names (one per player), got {nations!r}")
    names = [None] * n_players if nations is None else list(nations)
    if len(names) != n_players:
        raise InvalidOptionError(f"nations: expected {n_players} entries (one per player), got {len(names)}")
    out = np.full(MAX_PLAYERS, -1, dtype=np.int8)
    for p, name in enumerate(names):
        if name is None or name == "random":
            continue
        key = str(name).lower()
        if key not in NATION_NAMES:
            raise InvalidOptionError(f"nations: unknown {name!r}; allowed: {', '.join(sorted(NATION_NAMES))} or 'random'")
        code = int(NATION_NAMES[key])
        if not trade_routes and K.NEEDS_TRADE_ROUTES[code]:
            raise InvalidOptionError(f"nations: {name!r} needs the Trade Routes expansion (I2.1); pass trade_routes=True")
        if variants & VARIANT_QUICK and code in NOT_WITH_QUICK:
            raise InvalidOptionError(f"nations: {name!r} cannot play the quick variant (I15.5: the Cultists are not "
                                     "compatible with it)")
        if code not in allowed:
            ready = ", ".join(D.NationCode(c).name.lower() for c in READY_NATIONS)
            raise InvalidOptionError(f"nations: {name!r} is not implemented yet (issue 5); ready: {ready}")
        if code in out:
            raise InvalidOptionError(f"nations: {name!r} chosen twice")
        out[p] = code
    if len([c for c in allowed if c not in out]) < names.count(None) + names.count("random"):
        raise InvalidOptionError(f"nations: not enough implemented nations for {n_players} players with these choices")
    return out, np.array(allowed, dtype=np.int8)


def resolve_sides(power_sides, n_players: int) -> np.ndarray:
    """Power-card side per seat, 'A' or 'B' (I2.3; default B, the rulebook's advice to beginners)."""
    sides = ["B"] * n_players if power_sides is None else power_sides
    if (not isinstance(sides, (list, tuple)) or len(sides) != n_players
            or any(not isinstance(x, str) or x.upper() not in ("A", "B") for x in sides)):
        raise InvalidOptionError(f"power_sides: one of 'A'/'B' per player ({n_players}), got {power_sides!r}")
    out = np.zeros(MAX_PLAYERS, dtype=np.int8)
    out[:n_players] = [0 if x.upper() == "A" else 1 for x in sides]
    return out


OPTION_NAMES = ("nations", "power_sides", "trade_routes", *VARIANT_NAMES, "automa", "difficulty", "supreme_leader",
                "campaign")
#: nations the automa can play (data.AUTOMA_NOT_YET lists the others, with why)
AUTOMA_NATIONS = tuple(int(n) for n in D.NationCode if n not in D.AUTOMA_NOT_YET)
NO_AUTOMA = np.array([-1, 0, 0], dtype=np.int8)


def resolve_automa(n_players: int, variants: int, automa=None, difficulty=None,
                   supreme_leader=False) -> tuple[np.ndarray, np.ndarray]:
    """The solo automa (I14) as setup's (nation, difficulty, Supreme Leader) and the nations a
    random automa is dealt from. One player without the training mode plays against it:
    ``automa`` a nation name or None/'random' (default), ``difficulty`` one of
    state.DIFFICULTY_NAMES (default 'emperor'), ``supreme_leader`` (I14.12: Overlord)."""
    solo = n_players == 1 and not variants & VARIANT_TRAINING
    if not solo:
        if automa is not None or difficulty is not None or supreme_leader:
            raise InvalidOptionError("automa, difficulty and supreme_leader are for the solo game (num_players=1, "
                                     "I14)")
        return NO_AUTOMA.copy(), np.zeros(0, dtype=np.int8)
    if not isinstance(supreme_leader, (bool, np.bool_)):
        raise InvalidOptionError(f"supreme_leader must be True or False, got {supreme_leader!r}")
    if difficulty is None:
        difficulty = "overlord" if supreme_leader else "emperor"
    if difficulty not in DIFFICULTY_NAMES:
        raise InvalidOptionError(f"difficulty: expected one of {', '.join(DIFFICULTY_NAMES)}, got {difficulty!r}")
    if supreme_leader and difficulty != "overlord":
        raise InvalidOptionError(f"supreme_leader plays at Overlord (I14.12), not {difficulty!r}")
    allowed = [code for code in AUTOMA_NATIONS if code in READY_NATIONS]
    code = -2
    if automa is not None and automa != "random":
        key = str(automa).lower()
        if key not in NATION_NAMES:
            raise InvalidOptionError(f"automa: unknown nation {automa!r}; allowed: "
                                     f"{', '.join(D.NationCode(c).name.lower() for c in allowed)} or 'random'")
        code = int(NATION_NAMES[key])
        if code not in allowed:
            raise InvalidOptionError(f"automa: {automa!r} cannot be played by the automa yet: "
                                     f"{D.AUTOMA_NOT_YET[D.NationCode(code)]}")
    return (np.array([code, DIFFICULTY_NAMES.index(difficulty), int(supreme_leader)], dtype=np.int8),
            np.array(allowed, dtype=np.int8))


CAMPAIGN_KEYS = ("added", "removed", "doubled", "unrest_out")
#: the common cards a campaign may add to a starting deck: any but the unrest cards and King of Kings
CAMPAIGN_COMMON = frozenset(int(r) for rows in (K.COMMON_BY_BANNER.ravel(), K.COMMON_FAME, K.COMMON_TRADE_ROUTES,
                                                [K.WELCOMING]) for r in rows if r >= 0 and r != K.KING_OF_KINGS)


def resolve_campaign(campaign, nation: int, trade_routes: bool, automa: np.ndarray) -> np.ndarray:
    """What a solo campaign carries into this game (I14.11-I14.12) as setup's CAMPAIGN_* array,
    from {"added": common card ids joining the player's starting deck, "removed": ids of that
    deck's cards returned to the box, "doubled": bool (the game after a loss), "unrest_out": common
    unrest cards left out of the pile (Supreme Leader)}; None: no campaign. `solo_campaign.Campaign`
    keeps this from game to game."""
    if campaign is None:
        return setup.NO_CAMPAIGN.copy()
    if not isinstance(campaign, dict) or set(campaign) - set(CAMPAIGN_KEYS):
        raise InvalidOptionError(f"campaign: a dict with keys among {', '.join(CAMPAIGN_KEYS)}, got {campaign!r}")
    if automa[0] == -1:
        raise InvalidOptionError("campaign: the campaign is played solo against the automa (I14.11): num_players=1")
    out = setup.NO_CAMPAIGN.copy()
    doubled, unrest_out = campaign.get("doubled", False), campaign.get("unrest_out", 0)
    if not isinstance(doubled, (bool, np.bool_)):
        raise InvalidOptionError(f"campaign: doubled must be True or False, got {doubled!r}")
    if isinstance(unrest_out, bool) or not isinstance(unrest_out, (int, np.integer)) or not 0 <= unrest_out <= setup.CAMPAIGN_CARDS:
        raise InvalidOptionError(f"campaign: unrest_out must be an integer in 0..{setup.CAMPAIGN_CARDS} (I14.12), "
                                 f"got {unrest_out!r}")
    if unrest_out and not automa[2]:
        raise InvalidOptionError("campaign: unrest cards stay out of the pile in the Supreme Leader campaign only (I14.12)")
    out[setup.CAMPAIGN_DOUBLED], out[setup.CAMPAIGN_UNREST_OUT] = int(doubled), int(unrest_out)
    excluded = setup.RU if trade_routes else setup.TF
    starting = {int(c) for c in K.NATION_ROWS[nation, setup.P_DRAW] if c >= 0} if nation >= 0 else set()
    for key, first, fits, why in (
            ("added", setup.CAMPAIGN_ADDED,
             lambda r: r in CAMPAIGN_COMMON and K.MIN_PLAYERS[r] <= 2 and K.EXPANSION[r] != excluded,
             "a common card of this table, not an unrest card (I14.11)"),
            ("removed", setup.CAMPAIGN_REMOVED, lambda r: r in starting,
             "a card of the player's starting deck (I14.11; name the nation)")):
        ids = campaign.get(key, [])
        if not isinstance(ids, (list, tuple)) or len(ids) > setup.CAMPAIGN_CARDS or len(set(ids)) != len(ids):
            raise InvalidOptionError(f"campaign: {key} must list at most {setup.CAMPAIGN_CARDS} distinct card ids,"
                                     f" got {ids!r}")
        for k, card_id in enumerate(ids):
            try:
                r = int(K.PHYSICAL[K.record_index(str(card_id))])
            except KeyError:
                raise InvalidOptionError(f"campaign: {key}: unknown card id {card_id!r}") from None
            if not fits(r):
                raise InvalidOptionError(f"campaign: {key}: {card_id!r} is not {why}")
            out[first + k] = r
    return out


def resolve_variants(variants: dict) -> int:
    """The I15 variants as state.VARIANT_* bits, from {name: bool} (rulebook default: all off)."""
    bits = 0
    for name, on in variants.items():
        if name not in VARIANT_NAMES:
            raise InvalidOptionError(f"unknown Imperium variant {name!r}; known: {', '.join(VARIANT_NAMES)}")
        if not isinstance(on, (bool, np.bool_)):
            raise InvalidOptionError(f"{name} must be True or False, got {on!r}")
        bits |= VARIANT_NAMES[name] if on else 0
    return bits


def table_options(n_players: int, options: dict) -> dict:
    """The env / vector options as ``new_game`` keywords, with the checks ``new_game`` leaves to
    its callers (unknown names, types)."""
    unknown = set(options) - set(OPTION_NAMES)
    if unknown:
        raise InvalidOptionError(f"unknown Imperium options {sorted(unknown)}; known: {', '.join(OPTION_NAMES)}")
    trade_routes = options.get("trade_routes", False)
    if not isinstance(trade_routes, (bool, np.bool_)):
        raise InvalidOptionError(f"trade_routes must be True or False, got {trade_routes!r}")
    variants = {name: options[name] for name in VARIANT_NAMES if name in options}
    resolve_variants(variants)
    solo = {name: options[name] for name in ("automa", "difficulty", "supreme_leader", "campaign") if options.get(name)}
    return {"nations": options.get("nations"), "power_sides": options.get("power_sides"), "trade_routes": bool(trade_routes),
            **variants, **solo}


def check_players(n_players) -> int:
    if not isinstance(n_players, (int, np.integer)) or not MIN_PLAYERS <= n_players <= MAX_PLAYERS:
        raise InvalidOptionError(f"num_players must be an integer in {MIN_PLAYERS}..{MAX_PLAYERS}, got {n_players!r}")
    return int(n_players)


def check_solo(n_players: int, variants: int) -> None:
    """The training mode (I15.1) is solo."""
    training = bool(variants & VARIANT_TRAINING)
    if training and n_players != 1:
        raise InvalidOptionError(f"training: the training mode (I15.1) is solo, num_players must be 1, got {n_players}")


def missing_programs(state) -> list[str]:
    """Ids of the cards at this table whose text the effect machine cannot run yet."""
    out = []
    for c in range(N_CARDS):
        if K.PHYSICAL[c] != c or state["zone"][c] == Z_BOX:
            continue
        for r in (c, int(K.OTHER_FACE[c])):
            if r >= 0 and K.RECORD_IDS[r] in E.UNIMPLEMENTED:
                out.append(K.RECORD_IDS[r])
    return out


def setup_arguments(n_players: int, nations, power_sides, trade_routes, allow_unimplemented, automa, difficulty,
                    supreme_leader, variants: dict, campaign=None) -> tuple:
    """The checked options as `setup.init`'s arguments after the state: (n_players, trade_routes,
    nations, allowed, sides, variant bits, automa, automa_allowed, campaign)."""
    bits = resolve_variants(variants)
    check_solo(n_players, bits)
    automa_args, automa_allowed = resolve_automa(n_players, bits, automa, difficulty, supreme_leader)
    chosen, allowed = resolve_nations(nations, n_players, bool(trade_routes), allow_unimplemented, bits)
    if automa_args[0] >= 0 and automa_args[0] == chosen[0]:
        raise InvalidOptionError("automa: the automa cannot play the player's own nation")
    if automa_args[0] >= 0:
        allowed = allowed[allowed != automa_args[0]]  # a random player nation is not the automa's
    sides = resolve_sides(power_sides, n_players)
    carried = resolve_campaign(campaign, int(chosen[0]), bool(trade_routes), automa_args)
    return (n_players, 1 if trade_routes else 0, chosen, allowed, sides, bits, automa_args, automa_allowed, carried)


def new_game(n_players: int = 2, seed: int = 0, nations=None, power_sides=None, trade_routes: bool = False,
             allow_unimplemented: bool = False, automa=None, difficulty=None, supreme_leader=False,
             campaign=None, **variants) -> np.ndarray:
    """A one-record state array holding a freshly set-up game (I2, I3), its first turn waiting.
    ``variants``: the I15 variants by name (``low_aggression``, ``quick_setup``,
    ``precious_cards``, ``quick``, ``training``), each True or False (default False, as in the
    rulebook). One player plays against the automa (I14: ``automa`` its nation or random,
    ``difficulty`` 'chieftain' ... 'overlord', default 'emperor', ``supreme_leader``), or the
    training mode (``training=True``, I15.1). ``campaign``: what a solo campaign carries into this
    game (`resolve_campaign`; `solo_campaign.Campaign` plays the series, I14.11-I14.12).

    A table that would deal a card whose text has no program (effects.UNIMPLEMENTED, empty now)
    is refused unless ``allow_unimplemented`` -- for engine tests only: such cards would then
    have no effect, which is not the game.
    """
    n_players = check_players(n_players)
    args = setup_arguments(n_players, nations, power_sides, trade_routes, allow_unimplemented, automa, difficulty,
                           supreme_leader, variants, campaign)
    states = np.zeros(1, dtype=STATE_DTYPE)
    states[0]["rng"] = rng.seed_word(seed)
    init(states[0], *args)
    if not allow_unimplemented:
        missing = missing_programs(states[0])
        if missing:
            raise InvalidOptionError(f"these cards are not implemented yet (issue 5): {', '.join(missing)}")
    turn.start(states[0])
    return states


def decision_name(state) -> str:
    """The pending decision in words: the phase, and inside a program what it asks."""
    phase = int(state["phase"])
    if phase == PH_EFFECT:
        return f"{PHASE_NAMES[phase]}: {DEC_NAMES[int(state['dec'])]}"
    return PHASE_NAMES[phase]


def legal_mask(state) -> np.ndarray:
    """The legal actions of the state record's pending decision: int8, one per action."""
    mask = np.zeros(A.N_ACTIONS, dtype=np.int8)
    turn.legal(state, mask)
    return mask


def step(state, action: int) -> None:
    """Play one action; an illegal one raises IllegalActionError and changes nothing. Actions
    are integers (numpy's included); anything else -- a bool, a float, a string -- is illegal."""
    mask = legal_mask(state)
    a = action_index(action)
    if not 0 <= a < A.N_ACTIONS or not mask[a]:
        raise IllegalActionError(action, decision_name(state), int(mask.sum()))
    turn.apply(state, a)


# ---------------------------------------------------------------- kernels over a state array
# The env and batch code pass a state array and an index: numba dispatches on an array far
# faster than on a record scalar (meeplegym.aec.Game). They do not check legality: callers do.
legal_mask_at, apply_at, play_random = engine_kernels(turn, A.N_ACTIONS, __name__)
random_words = rng.seed_words  # generator words for play_random's choosers, one per seed
