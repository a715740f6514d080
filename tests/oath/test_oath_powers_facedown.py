"""Powers that reach facedown cards (D2, D4; O9.4): Inquisitor, Dream Thief and Ivory Eye. A
facedown card is named by its holder (a player or a site) and its position there, never by its
id, which would tell the actor its face."""

from __future__ import annotations

import numpy as np
import pytest

from meeplegym.encoders import oath as encoder
from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import state as S
from meeplegym.envs.oath.rules import cards as C
from tests.oath import scenario as sc
from tests.oath.scenario import ID, MOUNTAIN, PLAINS, ROCKY_COAST
from tests.oath.test_oath_powers import card

CONSPIRACY = ID["Conspiracy"]


def facedown_advisers(s, seat):
    return [C.nth_facedown(s, S.Z_ADVISER, seat, k) for k in range(C.count_facedown(s, S.Z_ADVISER, seat))]


def knows(s, seat, c):
    return bool(int(s["known"][c]) >> seat & 1)


def sees_site(s, seat, slot):
    """Whether seat's observation names the site in `slot`."""
    obs = encoder.observation(s, seat)
    at = encoder._SLOTS + slot * encoder.SLOT_STRIDE
    return obs[at:at + encoder.N_SITES].sum() == 1


# ---------------------------------------------------------------- naming facedown cards (O9.4)
@pytest.mark.rule("O9.4")
def test_facedown_advisers_are_named_by_position_in_the_order_they_joined():
    s = sc.ready()
    first = facedown_advisers(s, 1)[0]  # the one kept at setup (O1.1 step 23)
    later = sc.move(s, "Conspiracy", S.Z_ADVISER, 1, 0)
    s["known"][later] |= 1 << 1  # its holder has seen it
    assert facedown_advisers(s, 1) == [first, later]
    obs = encoder.observation(s, 1)  # the holder sees both and where each stands
    for c, k in ((first, 1), (later, 2)):
        assert obs[encoder._CARDS + c * encoder.CARD_STRIDE + encoder.N_WHERE + encoder.X_POSITION] == k
    other = encoder.observation(s, 2)
    assert other[encoder._CARDS + later * encoder.CARD_STRIDE:][:encoder.CARD_STRIDE].sum() == 0


# ---------------------------------------------------------------- Inquisitor (D2)
@pytest.mark.rule("O6.2", "D2")
def test_inquisitor_peeks_at_an_adviser_here_and_pays_its_holder_the_favor():
    s = sc.ready()
    sc.move(s, "Inquisitor", S.Z_ADVISER, 0, 1)  # F
    s["pawn"][3] = MOUNTAIN  # away: not asked
    favor = s["favor"].copy()
    sc.act(s, card("Inquisitor"))
    assert sc.legal(s) == [A.SEAT + 1, A.SEAT + 2]  # players here with a facedown adviser
    sc.act(s, A.SEAT + 2)
    assert sc.legal(s) == [A.OPTION + 0] and s["pw_dec"] == S.DEC_OPTION
    target = facedown_advisers(s, 2)[0]
    assert not knows(s, 0, target)
    sc.act(s, A.OPTION + 0)
    assert knows(s, 0, target) and s["zone"][target] == S.Z_ADVISER and s["where"][target] == 2
    assert s["favor"][0] == favor[0] - 1 and s["favor"][2] == favor[2] + 1  # the favor placed on Inquisitor
    assert s["card_favor"][ID["Inquisitor"]] == 0 and s["phase"] == S.PH_ACT


@pytest.mark.rule("O6.2", "D2", "O5.1.4")
def test_inquisitor_finding_the_conspiracy_takes_it_to_play_or_discard():
    s = sc.ready()
    sc.move(s, "Inquisitor", S.Z_ADVISER, 0, 1)
    sc.move(s, "Conspiracy", S.Z_ADVISER, 1, 0)  # red's second facedown adviser
    favor = s["favor"].copy()
    sc.act(s, card("Inquisitor"), A.SEAT + 1, A.OPTION + 1)
    assert s["phase"] == S.PH_PLAY and s["playing"] == CONSPIRACY
    assert s["zone"][CONSPIRACY] == S.Z_HAND and s["where"][CONSPIRACY] == 0
    assert s["favor"][1] == favor[1] and s["card_favor"][ID["Inquisitor"]] == 1  # no payment to red
    assert A.END in sc.legal(s)  # discarding it is allowed
    sc.act(s, A.END)
    assert s["zone"][CONSPIRACY] == S.Z_DISCARD and s["phase"] == S.PH_ACT


# ---------------------------------------------------------------- Dream Thief (D2)
@pytest.mark.rule("O6.2", "D2")
def test_dream_thief_swaps_two_facedown_advisers_of_different_players_unseen():
    s = sc.ready()
    sc.move(s, "Dream Thief", S.Z_ADVISER, 0, 1)  # FF
    red, yellow = facedown_advisers(s, 1)[0], facedown_advisers(s, 3)[0]
    sc.act(s, card("Dream Thief"))
    assert sc.legal(s) == [A.SEAT + q for q in range(4)]  # your own facedown adviser may go too
    sc.act(s, A.SEAT + 1, A.OPTION + 0)
    assert sc.legal(s) == [A.SEAT + 0, A.SEAT + 2, A.SEAT + 3]  # never the first one's holder
    sc.act(s, A.SEAT + 3, A.OPTION + 0)
    assert (s["where"][red], s["where"][yellow]) == (3, 1)
    assert s["faceup"][red] == 0 and s["faceup"][yellow] == 0
    assert knows(s, 3, red) and knows(s, 1, yellow)  # each sees its new adviser
    assert not knows(s, 0, red) and not knows(s, 0, yellow)  # the thief sees neither
    assert s["card_favor"][ID["Dream Thief"]] == 2 and s["phase"] == S.PH_ACT


@pytest.mark.rule("O6.2", "D2")
def test_dream_thief_needs_two_players_with_facedown_advisers():
    s = sc.ready()
    sc.move(s, "Dream Thief", S.Z_ADVISER, 0, 1)
    for q in (0, 2, 3):
        for c in facedown_advisers(s, q):
            C.discard_push(s, 0, c)
    assert card("Dream Thief") not in sc.legal(s)
    sc.move(s, "Wolves", S.Z_ADVISER, 2, 0)
    assert card("Dream Thief") in sc.legal(s)


# ---------------------------------------------------------------- Ivory Eye (D4)
@pytest.mark.rule("O6.2", "D4", "O9.4")
def test_ivory_eye_peeks_at_a_facedown_site_for_its_user_alone():
    s = sc.ready()
    sc.move(s, "Ivory Eye", S.Z_PERSONAL, 0)  # S
    s["secrets"][0] = 1
    facedown_slots = [k for k in range(S.N_SLOTS) if not s["slot_faceup"][k]]
    sc.act(s, card("Ivory Eye"))
    offered = sc.legal(s)
    assert [A.SLOT + k for k in facedown_slots] == [a for a in offered if A.SLOT <= a < A.SEAT]
    assert [A.SEAT + 1, A.SEAT + 2, A.SEAT + 3] == [a for a in offered if A.SEAT <= a < A.SUIT]
    slot = facedown_slots[0]
    assert not sees_site(s, 0, slot)
    sc.act(s, A.SLOT + slot)
    assert s["phase"] == S.PH_ACT and s["slot_faceup"][slot] == 0
    assert sees_site(s, 0, slot) and not sees_site(s, 1, slot)
    assert s["card_secrets"][ID["Ivory Eye"]] == 1


@pytest.mark.rule("O6.2", "D4", "O9.4")
def test_ivory_eye_peeks_at_a_relic_at_any_site_or_another_players_adviser_never_one_seen():
    s = sc.ready()
    sc.move(s, "Ivory Eye", S.Z_PERSONAL, 0)
    s["secrets"][0] = 3
    relic = sc.move(s, "Map", S.Z_SITE, ROCKY_COAST, 0)
    sc.act(s, card("Ivory Eye"))
    assert A.SLOT + ROCKY_COAST in sc.legal(s) and A.SLOT + PLAINS not in sc.legal(s)
    sc.act(s, A.SLOT + ROCKY_COAST)
    assert sc.legal(s) == [A.OPTION + 0]
    sc.act(s, A.OPTION + 0)
    assert knows(s, 0, relic) and not knows(s, 1, relic) and s["zone"][relic] == S.Z_SITE
    assert card("Ivory Eye") not in sc.legal(s)  # the Eye carries its secret until the Rest
    s["card_secrets"][ID["Ivory Eye"]] = 0
    sc.act(s, card("Ivory Eye"))
    assert A.SLOT + ROCKY_COAST not in sc.legal(s)  # nothing unseen there any more
    sc.act(s, A.SEAT + 2, A.OPTION + 0)
    assert knows(s, 0, facedown_advisers(s, 2)[0])
    s["card_secrets"][ID["Ivory Eye"]] = 0
    sc.act(s, card("Ivory Eye"))
    assert A.SEAT + 2 not in sc.legal(s) and A.SEAT + 1 in sc.legal(s)
    assert np.all(s["slot_known"] == 0)
