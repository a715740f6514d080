"""Helpers for the coverage tests (test_oath_sites.py, test_oath_components.py,
test_oath_sections.py): the existing modules' helpers re-exported under one roof, and the few
position edits those tests share. Positions start from `scenario.ready()` (the tutorial table: the
Chancellor, seat 0, rules the Plains, the Mountain and the Rocky Coast; every pawn at the Plains)."""

from __future__ import annotations

from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath import state as S
from tests.oath import scenario as sc
from tests.oath.scenario import ID

# reused as they are: the spec reader of the data tests and the edifice placer of the persistent tests
from tests.oath.test_oath_data import SPEC_PATH, _abilities as spec_abilities, _table as spec_table, needs_spec
from tests.oath.test_oath_persistent import edifice

__all__ = ["SPEC_PATH", "spec_abilities", "spec_table", "needs_spec", "edifice", "SEARCH", "MUSTER", "TRADE",
           "RECOVER", "CAMPAIGN", "TRAVEL", "TO_SITE", "card", "search_keep", "clear_site", "give_site", "set_favor"]

SEARCH, MUSTER, TRADE, RECOVER, CAMPAIGN, TRAVEL = (A.MAJOR + int(a) for a in D.MajorAction)
TO_SITE = A.OPTION + 0  # where a kept card goes (O5.1.4): OPTION 0 = your site


def card(name):
    return A.CARD + ID[name]


def search_keep(s, name, *modifiers):
    """Search the world deck with `name` on top, using `modifiers` (card names), keep `name` and
    discard the rest; the game then asks where the kept card goes."""
    sc.world_top(s, name)
    sc.act(s, SEARCH)
    if modifiers:
        sc.act(s, *(card(m) for m in modifiers), A.END)
    sc.act(s, A.OPTION + 0, card(name))
    while s["phase"] == S.PH_SEARCH_DISCARD:
        sc.act(s, sc.legal(s)[0])


def clear_site(s, slot):
    """Send every denizen and edifice at `slot` to the box (relics and warbands stay)."""
    for c in range(1, S.FIRST_RELIC):
        if s["zone"][c] == S.Z_SITE and s["where"][c] == slot:
            sc.move(s, int(c), S.Z_BOX)


def give_site(s, slot, colour, k=1):
    """`colour` alone rules `slot` with k warbands; the warbands there go home first."""
    for col in range(len(D.Colour)):
        s["bank_warbands"][col] += int(s["site_warbands"][slot, col])
    s["site_warbands"][slot] = 0
    s["site_warbands"][slot, colour] = k
    s["bank_warbands"][colour] -= k


def set_favor(s, seat, k):
    """`seat` holds exactly k favor, the difference from or to the shared bank."""
    s["shared_favor"] += int(s["favor"][seat]) - k
    s["favor"][seat] = k
