"""The Oath invariants: 500 random games across 2-6 players keep every one of them and end with
every kind of victory seen; each check catches the corruption it names."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from meeplegym import rng
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath import engine
from meeplegym.envs.oath import invariants as inv
from meeplegym.envs.oath import state as S
from meeplegym.envs.oath.chronicle import ChronicleState
from tests.oath import scenario as sc
from tests.oath.scenario import ID, PLAINS

COLOURS = ["red", "brown", "blue", "yellow", "white"]


def random_games(n, games, first_seed, max_decisions=5000):
    states = np.concatenate([engine.new_game(n, first_seed + k, colours=COLOURS[:n - 1]) for k in range(games)])
    decisions = np.zeros(games, dtype=np.int64)
    violations = np.zeros(games, dtype=np.int64)
    inv.play_random_checked(states, rng.seed_words(range(first_seed, first_seed + games)), max_decisions,
                            decisions, violations)
    return states, decisions, violations


@pytest.mark.rule("O3", "O4", "O9.3")
def test_five_hundred_random_games_keep_the_invariants_and_reach_every_victory():
    kinds = Counter()
    for n in range(2, 7):
        states, decisions, violations = random_games(n, 100, 1000 * n)
        problems = {inv.describe(v) for v in violations if v}
        assert not problems, f"{n} players: {problems}"
        assert states["terminal"].all() and (states["winner"] >= 0).all()
        kinds.update(S.WIN_NAMES[k] for k in states["win_kind"])
    assert set(kinds) == {"usurper", "visionary", "stable regime", "war exhaustion", "successor"}, kinds


@pytest.mark.soak
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_two_thousand_random_games_per_player_count(n):
    states, decisions, violations = random_games(n, 2000, 50_000 * n)
    assert not violations.any(), {inv.describe(v) for v in violations if v}


# ---------------------------------------------------------------- each check bites
def _broken(change):
    s = sc.ready()
    assert inv.check(s) == []
    change(s)
    states = s.reshape(1).copy()
    where = np.zeros(2, dtype=np.int64)
    return inv.check_at(states, 0, where), inv.explain(s)


def _set(field, index, value):
    def change(s):
        s[field][index] = value
    return change


@pytest.mark.parametrize("change, code", [
    (lambda s: s.__setitem__("n_players", 7), inv.N_PLAYERS),
    (_set("favor", 1, 5), inv.FAVOR),
    (_set("bank_warbands", int(D.Colour.RED), 0), inv.WARBANDS),
    (lambda s: sc.move(s, "Garrison", S.Z_DISCARD, 2), inv.DISCARD_PILE),
    (lambda s: s["world"].__setitem__(s["world_size"] - 1, ID["Longbows"]), inv.WORLD_DECK),
    (lambda s: s.__setitem__("relic_size", int(s["relic_size"]) - 1), inv.RELIC_DECK),
    (_set("reliquary", 0, 0), inv.RELIQUARY),
    (_set("supply", 2, 8), inv.NEGATIVE),
    (_set("card_favor", ID["Longbows"], -1), inv.TOKENS_NEGATIVE),
    (lambda s: sc.move(s, "Scouts", S.Z_SITE, 1), inv.FACEDOWN_SITE),
    (lambda s: [sc.move(s, n, S.Z_SITE, PLAINS) for n in ("Scouts", "Keep", "Wolves")], inv.CAPACITY),
    (lambda s: [sc.move(s, n, S.Z_ADVISER, 1) for n in ("Scouts", "Keep", "Wolves")], inv.ADVISERS),
    (_set("pawn", 2, 1), inv.PAWN),
    (lambda s: s.__setitem__("pf_holder", 5), inv.HOLDERS),
    (lambda s: sc.move(s, "Faith", S.Z_VISION_SPACE, 0), inv.VISION),
    (_set("slot_site", 1, 0), inv.SITES),
])
def test_each_check_catches_its_corruption(change, code):
    got, words = _broken(change)
    assert got == code, (inv.describe(got), words)
    assert words.startswith(inv.VIOLATIONS[code].split("{")[0].strip())


@pytest.mark.rule("O7.4")
def test_a_modifier_left_in_use_between_actions():
    """At the Act phase's choice no modifier is in use: the legal mask's trial of each action's
    modifiers (modifiers.possible_with_any) relies on it."""
    for change in (_set("mod_on", ID["Longbows"], 1), lambda s: s.__setitem__("trade_as", 1),
                   lambda s: s.__setitem__("discard_to", 0)):
        assert sc.ready()["phase"] == S.PH_ACT
        got, words = _broken(change)
        assert got == inv.MODIFIER_AT_ACT, words


def test_two_colours_on_a_site():
    def change(s):
        s["site_warbands"][PLAINS, int(D.Colour.RED)] = 1
        s["bank_warbands"][int(D.Colour.RED)] -= 1
    got, _ = _broken(change)
    assert got == inv.TWO_COLOURS


def archive_chronicle(seed):
    """A chronicle whose world deck mixes the whole denizen box (the Archive's cards come into
    play only through the Chronicle, so first games never meet them)."""
    rng_ = np.random.default_rng(seed)
    chronicle = ChronicleState.first_game()
    placed = {n for _site, denizens, _relics in D.FIRST_GAME.faceup.values() for n in denizens}
    pool = [d.name for d in D.DENIZENS if d.number not in placed]
    deck = list(rng_.choice(pool, 70, replace=False)) + [v.name for v in D.VISIONS]
    rng_.shuffle(deck)
    chronicle.world_deck = deck
    return chronicle


@pytest.mark.rule("O1.1", "O7")
@pytest.mark.parametrize("n", [3, 5])
def test_random_games_over_the_whole_box_keep_the_invariants(n):
    states = np.concatenate([engine.new_game(n, k, archive_chronicle(k), colours=COLOURS[:n - 1])
                             for k in range(60)])
    decisions = np.zeros(len(states), dtype=np.int64)
    violations = np.zeros(len(states), dtype=np.int64)
    inv.play_random_checked(states, rng.seed_words(range(len(states))), 5000, decisions, violations)
    assert not violations.any(), {inv.describe(v) for v in violations if v}
