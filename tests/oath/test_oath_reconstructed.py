"""The ◊ edifice powers behind the `reconstructed_powers` option (D3, D10): the spec marks nine
edifice faces whose printed wording was not found and which it reconstructs from one engine's
code; the default plays them as the spec restates them, False leaves those faces blank. The
faces the spec does not mark (Sprawling Rampart, Bandit Rampart, Fallen Spire) work either way."""

from __future__ import annotations

import pytest

from meeplegym.envs import oath_v0
from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath import engine
from meeplegym.envs.oath import state as S
from meeplegym.errors import InvalidOptionError
from tests.oath import scenario as sc
from tests.oath.scenario import MOUNTAIN, PLAINS
from tests.oath.test_oath_persistent import RECOVER, edifice

MARKED = {"Hall of Debate", "Hall of Mockery", "Forest Temple", "Ruined Temple", "Festival District",
          "Squalid District", "Great Spire", "Ancient Forge", "Broken Forge"}


@pytest.mark.rule("D3", "D10")
def test_the_data_marks_exactly_the_faces_the_spec_marks():
    assert {e.name for e in D.EDIFICE_FACES if e.reconstructed} == MARKED


@pytest.mark.rule("D3", "D10", "O10")
def test_the_option_defaults_to_the_spec_and_refuses_anything_but_a_bool():
    assert engine.new_game(3, 0)[0]["reconstructed"] == 1
    assert engine.new_game(3, 0, reconstructed_powers=False)[0]["reconstructed"] == 0
    env = oath_v0.env(num_players=3, reconstructed_powers=False)
    env.reset(seed=1)
    assert env.unwrapped._state[0]["reconstructed"] == 0
    with pytest.raises(InvalidOptionError, match="reconstructed_powers"):
        oath_v0.env(num_players=3, reconstructed_powers="no")


def with_blank_faces(s):
    s["reconstructed"] = 0
    return s


@pytest.mark.rule("D3", "O6.2", "O7.4")
def test_without_reconstructed_powers_the_marked_actions_and_modifier_are_not_offered():
    for blank in (False, True):
        s = sc.ready()
        if blank:
            with_blank_faces(s)
        forge = edifice(s, "Broken Forge", PLAINS)  # FF, SS: the Chancellor rules the Plains
        spire = edifice(s, "Fallen Spire", MOUNTAIN)  # not marked: S, xS
        sc.move(s, "Wolves", S.Z_DISPOSSESSED, 0, 0)  # something for the Fallen Spire to swap
        sc.discard_top(s, 0, "Tutor")
        s["secrets"][0], s["favor"][0] = 3, 3
        legal = sc.legal(s)
        assert (A.CARD + forge in legal) != blank
        assert A.CARD + spire in legal


@pytest.mark.rule("D3", "O5.4.4")
def test_without_reconstructed_powers_hall_of_mockery_leaves_the_peoples_favor_as_it_was():
    for blank in (False, True):
        s = sc.ready()
        if blank:
            with_blank_faces(s)
        s["pf_tokens"], s["pf_holder"], s["pf_mob"], s["favor"][0] = 1, 2, 0, 5
        edifice(s, "Hall of Mockery", MOUNTAIN)
        sc.act(s, RECOVER, A.OPTION + 0, A.NUMBER + 2, A.SUIT + 0)
        assert s["pf_holder"] == 0 and s["pf_mob"] == int(not blank)
