"""Building Imperium positions for rules tests: a set-up game whose cards are then moved where a
test needs them, and small helpers to play actions by name."""

from __future__ import annotations


from meeplegym.envs.imperium import actions as A
from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import effects as E
from meeplegym.envs.imperium import engine
from meeplegym.envs.imperium.rules import turn
from meeplegym.envs.imperium.rules import frames
from meeplegym.envs.imperium.rules import zones as Z
from meeplegym.envs.imperium.state import (PH_ACTIVATE, PH_CLEANUP_MARKET, Z_BOX, Z_DISCARD, Z_DRAW, Z_HAND, Z_HISTORY,
                                            Z_MARKET)
from meeplegym.envs.imperium.action_names import action_to_str
from meeplegym.envs.imperium.state_json import state_from_dict, state_to_dict
from tests.scenario_kit import ScenarioKit

# the verbs every game's scenario module shares (tests/scenario_kit.py)
act, legal, legal_names, act_named, assert_illegal, assert_round_trip = ScenarioKit(
    engine.step, engine.legal_mask, action_to_str, state_to_dict, state_from_dict).verbs()


def card(card_id: str) -> int:
    return int(K.PHYSICAL[K.record_index(card_id)])


def new(nations=("japanese", "magyars"), seed=0, **kw):
    return engine.new_game(len(nations), seed, nations=list(nations), allow_unimplemented=True, **kw)[0]


def ready(nations=("japanese", "magyars"), pool=(0, 0, 0, 0), **kw):
    """Seat 0 about to act (Activate turn), with an empty hand and the given pool."""
    s = new(nations, **kw)
    empty_hand(s, 0)
    s["pool"][0] = pool
    for c in s["market"]:
        s["card_res"][c] = 0  # the setup progress on slot 5 (I3.14) would blur the counts
    activate(s)
    assert s["phase"] == PH_ACTIVATE
    return s


def run_solstice(s, card_id: str, p: int = 0, trigger: int = E.TRIG_SOLSTICE):
    """Start the Solstice (or End-of-Solstice) effect of one of p's cards in the middle of p's
    Activate turn (the effect alone, without playing the round out); decisions then go through
    `act`."""
    c = card(card_id)
    r = Z.rec(s, c)
    frames.push(s, c, r, frames.ENTRY[r, trigger], frames.FRAME_ABILITY, p)
    s["after"] = turn.AFTER_ACTIVATE
    turn._settle(s)


def until_activate(s):
    """Answer every pending decision with its first legal action until the Activate loop is
    back (the tail of an effect a test does not look at)."""
    while s["phase"] != PH_ACTIVATE:
        act(s, legal(s)[0])


def cleanup_token(s):
    """End the current Activate turn and put the cleanup market token (I7.1) on market slot 1;
    returns what that card gained (mat, pop, prg, gds)."""
    act(s, A.END)
    assert s["phase"] == PH_CLEANUP_MARKET
    c = int(s["market"][0])
    before = s["card_res"][c].copy()
    act(s, A.MARKET + 0)
    return tuple(int(x) for x in s["card_res"][c] - before)


def hand(s, p) -> list[int]:
    return [c for c in range(K.N_RECORDS) if s["zone"][c] == Z_HAND and s["owner"][c] == p]


def ids(cards) -> list[str]:
    return sorted(K.RECORD_IDS[c] for c in cards)


def empty_hand(s, p):
    """Move p's hand to the discard pile (a test then deals the cards it needs)."""
    for c in hand(s, p):
        Z.put(s, c, Z_DISCARD, p)


def give(s, p, card_id: str, zone=Z_HAND) -> int:
    """Put a card into p's hand (or play area / discard pile / draw-pile top) from wherever it is."""
    c = card(card_id)
    if zone == Z_DRAW:
        Z.put_on_draw_pile(s, p, c)
    else:
        Z.put(s, c, zone, p)
    return c


def to_market(s, slot: int, card_id: str) -> int:
    """Replace the card of a market slot by `card_id` (the old one goes to the box)."""
    c = card(card_id)
    old = s["market"][slot]
    Z.put(s, old, Z_BOX, -1)
    Z.put(s, c, Z_MARKET, -1)
    s["market"][slot] = c
    s["pile_index"][c] = slot
    return c


def options(s) -> list[int]:
    """The option numbers legal at a choice (CHOOSE, may)."""
    return sorted(a - A.OPTION for a in legal(s))


def cards(s) -> list[int]:
    """The cards legal to pick now."""
    return sorted(a - A.CARD for a in legal(s) if a >= A.CARD)


def activate(s):
    act(s, A.TURN_TYPE + A.ACTIVATE)


def play(s, card_id: str):
    act(s, A.CARD + card(card_id))


def pick(s, card_id: str):
    act(s, A.CARD + card(card_id))


def option(s, k: int):
    act(s, A.OPTION + k)


def yes(s):
    act(s, A.OPTION)


def no(s):
    act(s, A.END)



def with_miyabi(n_players=2):
    """Seat 0 (Japanese) has Miyabi in history and three unrest cards in three scored zones
    (hand, draw pile, discard pile); returns the state and those cards."""
    s = new(("japanese", "magyars", "inuit")[:n_players])
    give(s, 0, "JPN6", Z_HISTORY)
    held = [Z.take_unrest(s, 0) for _ in range(3)]  # into the hand
    Z.put_on_draw_pile(s, 0, held[1])
    Z.put(s, held[2], Z_DISCARD, 0)
    return s, held
