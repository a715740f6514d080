"""Building Oath positions for rules tests: a set-up game (the tutorial table, or the first game
at any player count) whose pieces are then moved where a test needs them, and helpers to play
actions by name."""

from __future__ import annotations

import numpy as np

from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath import engine
from meeplegym.envs.oath import state as S
from meeplegym.envs.oath.chronicle import ChronicleState
from meeplegym import rng
from meeplegym.envs.oath.rules import campaign as K
from meeplegym.envs.oath.rules import cards as C
from meeplegym.envs.oath.state_json import state_from_dict, state_to_dict
from tests.scenario_kit import ScenarioKit

# the verbs every game's scenario module shares (tests/scenario_kit.py); Oath names an action (action, state)
act, legal, legal_names, act_named, assert_illegal, assert_round_trip = ScenarioKit(
    engine.step, engine.legal_mask, lambda s, a: A.action_to_str(a, s), state_to_dict, state_from_dict).verbs()

ID = S.CARD_IDS
COLOURS = ["red", "blue", "yellow", "brown", "white"]
PLAINS, CRADLE_2, MOUNTAIN, PROV_2, PROV_3, ROCKY_COAST, HINT_2, HINT_3 = range(8)
RED, BLUE = int(D.Colour.RED), int(D.Colour.BLUE)
HS, SW, SK = (int(f) for f in D.AttackFace)
B, SH, SH2, X2 = (int(f) for f in D.DefenseFace)


def slot_of(s, site: str) -> int:
    return int(np.flatnonzero(s["slot_site"] == D.SITE_BY_NAME[site].id)[0])


def new(n=4, seed=0, chronicle=None):
    """A game after setup: step 23 answered with the first legal choices."""
    chronicle = ChronicleState.tutorial() if chronicle is None and n == 4 else chronicle
    s = engine.new_game(n, seed, chronicle, colours=COLOURS[:n - 1])[0]
    while s["phase"] < S.PH_BEGIN_TURN and s["phase"] != S.PH_ACT:
        engine.step(s, int(np.flatnonzero(engine.legal_mask(s))[0]))
    return s


def ready(n=4, seed=0, chronicle=None):
    """Seat 0 in its Act phase of round 1."""
    s = new(n, seed, chronicle)
    assert s["phase"] == S.PH_ACT and s["current"] == 0, S.PHASE_NAMES[s["phase"]]
    return s


def as_current(s, p, phase=S.PH_ACT):
    """Make it p's turn at `phase` (a test shortcut past the other players' turns)."""
    s["current"] = p
    s["actor"] = p
    s["phase"] = phase


def put_site(s, slot: int, site: str, faceup=True):
    """Swap `site` into `slot` (its old slot takes the site that was here)."""
    new_id = D.SITE_BY_NAME[site].id
    old = np.flatnonzero(s["slot_site"] == new_id)
    if len(old):
        s["slot_site"][old[0]] = s["slot_site"][slot]
    s["slot_site"][slot] = new_id
    s["slot_faceup"][slot] = int(faceup)


def move(s, name_or_id, zone, where=0, faceup=1):
    """Take a card out of any pile it is in and put it in an unordered zone."""
    c = ID[name_or_id] if isinstance(name_or_id, str) else name_or_id
    if s["zone"][c] == S.Z_WORLD_DECK:
        _unpile(s["world"], "world_size", s, c)
    elif s["zone"][c] == S.Z_DISCARD:
        region = int(s["where"][c])
        pile = list(s["discard"][region][:s["discard_size"][region]])
        pile.remove(c)
        s["discard"][region] = 0
        s["discard"][region][:len(pile)] = pile
        s["discard_size"][region] = len(pile)
    elif s["zone"][c] == S.Z_RELIC_DECK:
        _unpile(s["relic_deck"], "relic_size", s, c)
    C.place(s, c, zone, where, faceup)
    return c


def _unpile(arr, size_field, s, c):
    pile = list(arr[:s[size_field]])
    pile.remove(c)
    arr[:] = 0
    arr[:len(pile)] = pile
    s[size_field] = len(pile)


def world_top(s, *names):
    """Put cards on top of the world deck, the first named on the very top."""
    for name in reversed(names):
        c = move(s, name, S.Z_BOX)
        C.world_push_top(s, c)


def discard_top(s, region, *names):
    """Put cards on top of a region's discard pile, the last named on top."""
    for name in names:
        C.discard_push(s, region, move(s, name, S.Z_BOX))


def favor_total(s):
    n = int(s["n_players"])
    return (int(s["favor_bank"].sum()) + int(s["shared_favor"]) + int(s["favor"][:n].sum())
            + int(s["slot_favor"].sum()) + int(s["pf_tokens"]) + int(s["card_favor"].sum()))


def warbands_of(s, colour):
    n = int(s["n_players"])
    on_boards = sum(int(s["board_warbands"][p]) for p in range(n)
                    if (S.PURPLE if s["side"][p] != S.SIDE_EXILE else s["colour"][p]) == colour)
    prophets = sum(1 for q in s["prophet"] if q >= 0 and s["colour"][q] == colour)
    return (int(s["bank_warbands"][colour]) + int(s["site_warbands"][:, colour].sum()) + on_boards
            + int(s["cage_warbands"][colour]) + prophets)


# ---------------------------------------------------------------- dice and duels
def word_for(defense, attack):
    """A generator word whose next rolls are the defense faces, then the attack faces (as
    multisets, in the engine's order: defense first, O5.5.4-O5.5.5)."""
    return word_for_rolls(("defense", defense), ("attack", attack))


def word_for_rolls(*rolls):
    """A generator word whose next rolls are these, in order: ("defense" or "attack", faces), the
    faces as multisets (a reroll is one more roll)."""
    dice = {"defense": K.DEFENSE_FACES, "attack": K.ATTACK_FACES}
    rec = np.zeros(1, dtype=[("rng", np.uint64)])[0]
    for seed in range(1, 200_000):
        rec["rng"] = start = rng.seed_word(seed)
        if all(sorted(int(dice[kind][rng.below(rec, 6)]) for _ in faces) == sorted(faces) for kind, faces in rolls):
            return start
    raise AssertionError("no such word")


def duel(red_board=4, blue_site=2, blue_board=3):
    """Red (seat 1, current) and blue (seat 2) at the Rocky Coast, which blue rules."""
    s = ready()
    as_current(s, 1)
    s["pawn"][1] = s["pawn"][2] = ROCKY_COAST
    s["site_warbands"][ROCKY_COAST] = 0
    s["bank_warbands"][S.PURPLE] += 1
    s["site_warbands"][ROCKY_COAST, BLUE] = blue_site
    s["bank_warbands"][BLUE] -= blue_site
    for seat, colour, k in ((1, RED, red_board), (2, BLUE, blue_board)):
        s["bank_warbands"][colour] += int(s["board_warbands"][seat]) - k
        s["board_warbands"][seat] = k
    return s
