"""Oath action space: one flat Discrete space of atomic decisions (O11).

The phase in the state says which block is live; the legal mask says which entries in it.
Blocks (offset, size):

=========  =====  =====  =====================================================================
block      start  size   meaning
=========  =====  =====  =====================================================================
END        0      1      end the Act phase; decline; stop choosing
OPTION     1      16     option k of a choice the phase names; OPTION 0 is "yes"
MAJOR      17     6      Search / Muster / Trade / Recover / Campaign / Travel (O5)
SLOT       23     8      a map slot, Cradle top first (O0.2): a site to go to, target, place on
SEAT       31     6      a player by seat (0 = the Chancellor)
SUIT       37     6      a favor bank, Discord .. Nomad (O0.2)
NUMBER     43     41     an amount 0-40 (favor bid, dice, warbands)
CARD       84     237    a card by id (data: denizens 1-198, edifices, relics, Visions)
=========  =====  =====  =====================================================================
"""

from __future__ import annotations

from meeplegym.envs.oath import data as D
from meeplegym.envs.oath import state as S

END = 0
OPTION = 1
N_OPTIONS = 16
MAJOR = OPTION + N_OPTIONS
SLOT = MAJOR + len(D.MajorAction)
SEAT = SLOT + S.N_SLOTS
SUIT = SEAT + S.MAX_PLAYERS
NUMBER = SUIT + S.N_SUITS
MAX_NUMBER = 40
CARD = NUMBER + MAX_NUMBER + 1
N_ACTIONS = CARD + S.N_CARDS

_BLOCKS = (("end", END, 1), ("option", OPTION, N_OPTIONS), ("major", MAJOR, len(D.MajorAction)),
           ("slot", SLOT, S.N_SLOTS), ("seat", SEAT, S.MAX_PLAYERS), ("suit", SUIT, S.N_SUITS),
           ("number", NUMBER, MAX_NUMBER + 1), ("card", CARD, S.N_CARDS))


#: What OPTION k and END mean in the phases that use them (O11).
OPTION_LABELS: dict[int, tuple[str, ...]] = {
    S.PH_PEOPLES_FAVOR: ("place a favor on the People's Favor",),
    S.PH_OPPORTUNITY: ("take a favor from the site", "take a secret from the site"),
    S.PH_SEARCH_SOURCE: ("search the world deck", "search your region's discard pile"),
    S.PH_PLAY: ("play it to your site", "play it as a faceup adviser", "play it as a facedown adviser",
                "reveal it as your Vision"),
    S.PH_TRADE_MODE: ("trade for favor", "trade for secrets"),
    S.PH_RECOVER: ("recover the People's Favor", "recover the Darkest Secret"),
    S.PH_TRAVEL_FREE: ("flip a secret facedown to travel free",),
}
END_LABELS: dict[int, str] = {
    S.PH_ACT: "end the Act phase", S.PH_OPPORTUNITY: "take nothing", S.PH_PLAY: "discard it",
    S.PH_TRAVEL_FREE: "pay Supply",
}


def block_of(action: int) -> tuple[str, int]:
    """(block name, index inside the block) of an action number."""
    for name, start, size in _BLOCKS:
        if start <= action < start + size:
            return name, action - start
    raise ValueError(f"action {action} is outside 0..{N_ACTIONS - 1}")


def slot_name(state, slot: int) -> str:
    """'Plains (Cradle 1)'; a facedown site is named only by its slot (O9.4)."""
    region = D.SLOT_REGION[slot].name.capitalize()
    index = slot - D.SLOT_REGION.index(D.SLOT_REGION[slot]) + 1
    where = f"{region} {index}"
    if state is None or not state["slot_faceup"][slot]:
        return f"facedown site ({where})"
    return f"{D.SITES[int(state['slot_site'][slot])].name} ({where})"


def action_to_str(action: int, state=None) -> str:
    """An action in words; with the state, sites are named as the table shows them."""
    name, k = block_of(int(action))
    phase = int(state["phase"]) if state is not None else -1
    if name == "end":
        return END_LABELS.get(phase, "end / decline")
    if name == "option":
        if phase == S.PH_SETUP_BOARD and 0 < k < S.N_COLOURS:
            side = "Citizen" if state["citizen_board"][k] else "Exile"
            return f"take the {D.Colour(k).name.lower()} board ({side})"
        labels = OPTION_LABELS.get(phase, ())
        return labels[k] if k < len(labels) else ("yes" if k == 0 else f"option {k}")
    if name == "major":
        return D.MajorAction(k).name.capitalize()
    if name == "slot":
        return slot_name(state, k)
    if name == "seat":
        colour = D.Colour(int(state["colour"][k])).name.lower() if state is not None else None
        return f"seat {k}" + (f" ({colour})" if colour else "")
    if name == "suit":
        return f"{D.Suit(k).name.capitalize()} bank"
    if name == "number":
        return str(k)
    if k == 0 or k >= S.N_CARDS:
        return f"card {k} (no such card)"
    return S.card_name(k)
