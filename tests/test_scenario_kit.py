"""The scenario verbs shared by the three games' rules tests (tests/scenario_kit.py) behave alike
in every game: by id and by name, an illegal action changes nothing, the state JSON round-trips."""

from __future__ import annotations

import importlib

import pytest

GAMES = ("scythe", "imperium", "oath")


def _fresh(game):
    sc = importlib.import_module(f"tests.{game}.scenario")
    if game == "scythe":
        return sc, sc.load(sc.base_dict())
    return sc, sc.new()


@pytest.mark.parametrize("game", GAMES)
def test_the_verbs_act_by_id_and_by_name_alike(game):
    sc, s = _fresh(game)
    legal = sc.legal(s)
    assert legal == sorted(legal) and legal
    names = sc.legal_names(s)
    assert len(names) == len(legal) and all(isinstance(n, str) and n for n in names)
    by_id, by_name = _fresh(game)[1], _fresh(game)[1]
    sc.act(by_id, legal[-1])
    sc.act_named(by_name, names[-1])
    assert sc.state_to_dict(by_id) == sc.state_to_dict(by_name)
    sc.assert_round_trip(by_id)
    with pytest.raises(AssertionError, match="is not a legal action now; the legal ones"):
        sc.act_named(s, "no such move")


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_action_changes_nothing_in_every_game(game):
    sc, s = _fresh(game)
    illegal = next(a for a in range(10_000) if a not in set(sc.legal(s)))
    sc.assert_illegal(s, illegal)
    with pytest.raises(pytest.fail.Exception):  # the check itself fails on a legal action
        sc.assert_illegal(s, sc.legal(s)[0])
