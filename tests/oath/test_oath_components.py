"""Component powers no other module checks: the relics Truthful Harp and Oracular Pig (D4), the
Bandit Rampart (the ruined face of the Sprawling Rampart, D3) and the Sanctuary Vision (D5).

The other relics, edifice faces, the four Reliquary spaces (test_oath_minor.py: Greedy, Decadent,
Careless, Brutal), both banners and the other Visions are checked elsewhere; Forest Temple acts
only in the Chronicle (O8)."""

from __future__ import annotations

import pytest

from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath import state as S
from tests.oath import scenario as sc
from tests.oath.coverage_helpers import CAMPAIGN, SEARCH, card, edifice, give_site
from tests.oath.scenario import B, ID, ROCKY_COAST, SW, duel, word_for

EVERYONE = -1  # `known` with every seat's bit set: a revealed card (O10 Reveal)
BLUE = int(D.Colour.BLUE)


# ---------------------------------------------------------------- Truthful Harp (D4, O7.4)
def search_world(harp):
    """The Chancellor searches the world deck, with Truthful Harp (held) in use or not; the top
    five cards are known to nobody beforehand."""
    s = sc.ready()
    sc.move(s, "Truthful Harp", S.Z_PERSONAL, 0)
    top = ("Scouts", "Wrestlers", "Keep", "Tents", "Wolves")
    sc.world_top(s, *top)
    for name in top:
        s["known"][ID[name]] = 0
    sc.act(s, SEARCH, *([card("Truthful Harp")] if harp else []), A.END, A.OPTION + 0)
    return s, [ID[name] for name in top]


@pytest.mark.rule("D4", "O7.4", "O5.1.2")
def test_truthful_harp_draws_two_more_and_reveals_them_all():
    """The Harp makes the Search draw five, and every drawn card is revealed to all players;
    without it three are drawn and only the searcher sees them."""
    s, top = search_world(harp=True)
    assert [int(c) for c in s["drawn"][:s["n_drawn"]]] == top
    assert all(s["known"][c] == EVERYONE for c in top)
    s, top = search_world(harp=False)
    assert [int(c) for c in s["drawn"][:s["n_drawn"]]] == top[:3]
    assert all(s["known"][c] == 1 << 0 for c in top[:3])  # the Chancellor's bit only


# ---------------------------------------------------------------- Oracular Pig (D4, O6.2)
@pytest.mark.rule("D4", "O6.2", "O9.4")
def test_oracular_pig_peeks_at_the_top_three_cards_of_the_world_deck():
    """The Pig's holder learns the top three world-deck cards, nobody else does, the fourth stays
    unknown and the deck keeps its order and size."""
    s = sc.ready()
    sc.move(s, "Oracular Pig", S.Z_PERSONAL, 1)
    sc.as_current(s, 1)
    top = ("Scouts", "Wrestlers", "Keep", "Tents")
    sc.world_top(s, *top)
    for name in top:
        s["known"][ID[name]] = 0
    deck = s["world"][:s["world_size"]].copy()
    assert card("Oracular Pig") in sc.legal(s)
    sc.act(s, card("Oracular Pig"))
    assert [int(s["known"][ID[name]]) for name in top] == [1 << 1] * 3 + [0]
    assert (s["world"][:s["world_size"]] == deck).all() and s["phase"] == S.PH_ACT


# ---------------------------------------------------------------- Bandit Rampart (D3, O5.5.3)
def defended_by_rampart(rampart_at):
    """Red attacks blue's Rocky Coast with 4 dice; blue rules the Bandit Rampart at `rampart_at`.
    Blue uses every plan offered; returns the attack pool once the plans are over."""
    s = duel(red_board=5, blue_site=1, blue_board=0)
    if rampart_at != ROCKY_COAST:
        sc.put_site(s, rampart_at, "River")
        give_site(s, rampart_at, BLUE)
    rampart = edifice(s, "Bandit Rampart", rampart_at)
    sc.act(s, CAMPAIGN, A.SEAT + 2, A.END)  # the Rocky Coast alone
    s["rng"] = word_for([B], [SW] * 4)
    sc.act(s, A.NUMBER + 4)
    offered = s["phase"] == S.PH_CAMPAIGN_PLANS and A.CARD + rampart in sc.legal(s)
    if offered:
        sc.act(s, A.CARD + rampart)
    return offered, int(s["attack_dice"])


@pytest.mark.rule("D3", "O5.5.3", "O7.5")
def test_bandit_rampart_removes_two_attack_dice_when_its_site_is_targeted():
    """The defender's Bandit Rampart takes 2 dice off the attack pool when its site is a target,
    and does nothing for a site that is not targeted."""
    assert defended_by_rampart(ROCKY_COAST) == (True, 2)
    _, dice = defended_by_rampart(sc.HINT_2)  # offered or not, it must change nothing
    assert dice == 4


# ---------------------------------------------------------------- Sanctuary (D5, O3.2)
def red_wakes_with_sanctuary(*relics, banner=None, drawn=3):
    """Red, an Exile with Sanctuary revealed, holds `relics` (and `banner`); the Chancellor holds
    the Grand Scepter only. Returns the state after red's Wake."""
    s = sc.ready()
    sc.move(s, "Sanctuary", S.Z_VISION_SPACE, 1)
    s["visions_drawn"] = drawn
    for name in relics:
        sc.move(s, name, S.Z_PERSONAL, 1)
    if banner:
        s[banner] = 1
    sc.act(s, A.END)  # the Chancellor's turn ends; red wakes
    return s


@pytest.mark.rule("D5", "O3.2")
def test_sanctuary_wins_with_strictly_the_most_relics_and_banners():
    """Sanctuary: strictly more relics and banners together than anyone (the Chancellor's Grand
    Scepter counts); a tie is no win, and neither is a Vision before the third is drawn."""
    assert not red_wakes_with_sanctuary("Map")["terminal"]  # 1 against the Scepter's 1
    s = red_wakes_with_sanctuary("Map", "Whistle")
    assert s["terminal"] and s["winner"] == 1 and s["win_kind"] == S.WIN_VISIONARY
    s = red_wakes_with_sanctuary("Map", banner="ds_holder")  # a banner counts like a relic
    assert s["terminal"] and s["winner"] == 1
    assert not red_wakes_with_sanctuary("Map", "Whistle", drawn=2)["terminal"]
