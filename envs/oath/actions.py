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
FACEDOWN   84     8      a card whose face the actor may not know, by position: 0-3 the facedown
                         relics at your site in the order they were laid there, 4-7 the relics
                         on the Reliquary spaces (naming them by id would leak their faces)
CARD       92     237    a card by id (data: denizens 1-198, edifices, relics, Visions) that the
                         actor can see: faceup, or their own
=========  =====  =====  =====================================================================
"""

from __future__ import annotations

import numpy as np

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
FACEDOWN = NUMBER + MAX_NUMBER + 1
RELIQUARY_AT = 4  # FACEDOWN + RELIQUARY_AT + k: the Reliquary's space k
CARD = FACEDOWN + S.MAX_SITE_RELICS + S.RELIQUARY_SPACES
N_ACTIONS = CARD + S.N_CARDS

_BLOCKS = (("end", END, 1), ("option", OPTION, N_OPTIONS), ("major", MAJOR, len(D.MajorAction)),
           ("slot", SLOT, S.N_SLOTS), ("seat", SEAT, S.MAX_PLAYERS), ("suit", SUIT, S.N_SUITS),
           ("number", NUMBER, MAX_NUMBER + 1), ("facedown", FACEDOWN, CARD - FACEDOWN), ("card", CARD, S.N_CARDS))


#: What OPTION k and END mean in the phases that use them (O11).
OPTION_LABELS: dict[int, tuple[str, ...]] = {
    S.PH_PEOPLES_FAVOR: ("place a favor on the People's Favor",),
    S.PH_OPPORTUNITY: ("take a favor from the site", "take a secret from the site"),
    S.PH_SEARCH_SOURCE: ("search the world deck", "search your region's discard pile",
                         "search the discard pile one region outward", "search the discard pile two regions outward"),
    S.PH_PLAY: ("play it to your site", "play it as a faceup adviser", "play it as a facedown adviser",
                "reveal it as your Vision", "play the Conspiracy faceup"),
    S.PH_CONSPIRACY: ("take the People's Favor", "take the Darkest Secret"),
    S.PH_SEARCH_KEEP: tuple(f"swap drawn card {k + 1} for a random card of the Dispossessed (Great Spire)"
                            for k in range(S.MAX_DRAWN)),
    S.PH_ACT: ("move warbands from your site to your board", "move warbands from your board to your site",
               "give warbands to an Imperial player here", "take warbands from an Imperial player here",
               "offer Citizenship", "exile a Citizen", "exile yourself",
               "negotiate a binding exchange (The Tribunal)"),
    S.PH_CAMPAIGN_DEFENDER: ("the bandits",),
    S.PH_CAMPAIGN_TARGETS: ("target the People's Favor", "target the Darkest Secret", "target the pawn and favor"),
    S.PH_CAMPAIGN_ALLY: ("join the defence",), S.PH_CAMPAIGN_PERMIT: ("let them join",),
    S.PH_CAMPAIGN_SACRIFICE: ("sacrifice exactly enough to win",), S.PH_CAMPAIGN_BURN: ("burn half their favor",),
    S.PH_PERMIT: ("permit",), S.PH_OFFER_ANSWER: ("accept Citizenship",),
    S.PH_OFFER_SPACE: tuple(f"the relic on the {r.name} space" for r in D.RELIQUARY),
    S.PH_OFFER_BARGAIN: ("the Scepter holder gives the People's Favor", "the Scepter holder gives the Darkest Secret",
                         "the Exile gives the People's Favor", "the Exile gives the Darkest Secret"),
    S.PH_CAMPAIGN_BANISH: ("banish them (the Shrouded Wood's ruler picks where)",),
    S.PH_TRADE_MODE: ("trade for favor", "trade for secrets"),
    S.PH_RECOVER: ("recover the People's Favor", "recover the Darkest Secret"),
    S.PH_TRAVEL_FREE: ("flip a secret facedown to travel free", "give Way Station's ruler a favor to travel free"),
    S.PH_MODIFY_CHOICE: tuple(f"discard onto the {where} of the {D.Region(r).name.capitalize()}'s discard pile"
                              for r in range(S.N_REGIONS) for where in ("top", "bottom")),
    S.PH_FREE_CAMPAIGN: ("campaign spending no Supply",),
    S.PH_REACT: ("lower the end die by 1", "leave the end die as rolled", "raise the end die by 1"),
}
END_LABELS: dict[int, str] = {
    S.PH_ACT: "end the Act phase", S.PH_OPPORTUNITY: "take nothing", S.PH_PLAY: "discard it",
    S.PH_TRAVEL_FREE: "pay Supply", S.PH_PF_DISCARD: "discard nothing", S.PH_CONSPIRACY: "take nothing",
    S.PH_CAMPAIGN_BANISH: "leave them", S.PH_CAMPAIGN_TARGETS: "targets declared",
    S.PH_CAMPAIGN_ALLY: "stay out", S.PH_CAMPAIGN_PERMIT: "refuse", S.PH_CAMPAIGN_SACRIFICE: "no sacrifice",
    S.PH_CAMPAIGN_BURN: "burn nothing", S.PH_PERMIT: "refuse", S.PH_OFFER_ANSWER: "decline",
    S.PH_OFFER_BARGAIN: "no bargain", S.PH_CAMPAIGN_PLANS: "no more battle plans", S.PH_FREE_CAMPAIGN: "no campaign",
    S.PH_CAMPAIGN_PLAN_SIGN: "move no more warbands", S.PH_OFFER_PEEK: "make the offer",
    S.PH_SLUM: "discard nothing", S.PH_CROP_ROTATION: "discard nothing",
    S.PH_SEARCH_KEEP: "keep no second card (Land Warden)",
}
# PH_REACT asks for a card: its OPTION 0 and its END in words
REACT_LABELS: dict[str, tuple[str, str]] = {
    "Martial Culture": ("become a Citizen (Martial Culture)", "stay an Exile"),
    "Sticky Fire": ("kill the whole enemy force and give them 1 favor (Sticky Fire)", "kill as usual"),
    "Second Wind": ("", "travel nowhere (Second Wind)"),
    "Relic Hunter": ("", "keep the relics (Relic Hunter)"),
    "Wild Mounts": ("", "discard the Nomad battle plans (Wild Mounts)"),
    "Relic Thief": ("pay to roll for the relics just taken (Relic Thief)", "let them keep the relics"),
    "Jinx": ("pay to reroll all the dice just rolled (Jinx)", "keep the roll"),
    "Sneak Attack": ("campaign against the player who just did, paying no Supply (Sneak Attack)", "do not campaign"),
}
# PH_REACT asks for a card by CARD: what picking it does
REACT_CARD_LABELS: dict[str, str] = {
    "Relic Hunter": "put {} under the relic deck (Relic Hunter)",
    "Wild Mounts": "discard {} instead of your Nomad battle plans (Wild Mounts)",
}


def plan_effect(state) -> int:
    """The effect (effects.PE_*) of the battle plan clause waiting on its user's answer."""
    from meeplegym.envs.oath import effects as E

    c = int(state["plan_card"])
    return int(E.PLAN_CLAUSES[c + 1 if state["ruined"][c] else c, int(state["plan_clause"]), E.K_EFFECT])


def plan_sign_label(state, k: int) -> str:
    """OPTION k of a battle plan's signed dice (O7.5.4): +N, -N, then +M, -M; for a plan that
    sacrifices a warband, where it dies (the site in slot k, or the board of seat k - 8)."""
    from meeplegym.envs.oath import effects as E

    c = int(state["plan_card"])
    row = E.PLAN_CLAUSES[c + 1 if state["ruined"][c] else c, int(state["plan_clause"])]
    if row[E.K_EFFECT] == E.PE_REGROUP:  # its SLOT actions: see action_to_str
        return f"{S.card_name(c)}: a warband from {slot_name(state, k)} to your board"
    if row[E.K_EFFECT] == E.PE_SACRIFICE:
        where = slot_name(state, k) if k < S.N_SLOTS else f"the board of seat {k - S.N_SLOTS}"
        return f"{S.card_name(c)}: sacrifice a warband at {where} for {int(row[E.K_N])} defense dice"
    amount = int(row[E.K_N] if k < 2 else row[E.K_N2])
    what = E.PLAN_EFFECTS[int(row[E.K_EFFECT])]
    per = f" per {E.PLAN_SCALES[int(row[E.K_SCALE])].replace('_', ' ')}" if row[E.K_SCALE] else ""
    return f"{S.card_name(c)}: {'+' if k % 2 == 0 else '-'}{amount} {what} dice{per}"


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
        if phase == S.PH_REACT:
            return REACT_LABELS.get(S.card_name(int(state["react_card"])), ("", "end / decline"))[1]
        if phase == S.PH_CAMPAIGN_PLAN_SIGN:
            from meeplegym.envs.oath import effects as E

            return "target no more relics" if plan_effect(state) == E.PE_HUNT else END_LABELS[phase]
        return END_LABELS.get(phase, "end / decline")
    if name == "option":
        if phase == S.PH_SETUP_BOARD and 0 < k < S.N_COLOURS:
            side = "Citizen" if state["citizen_board"][k] else "Exile"
            return f"take the {D.Colour(k).name.lower()} board ({side})"
        if phase == S.PH_CAMPAIGN_PLAN_SIGN:
            return plan_sign_label(state, k)
        if phase == S.PH_REACT and S.card_name(int(state["react_card"])) in REACT_LABELS:
            return REACT_LABELS[S.card_name(int(state["react_card"]))][0]
        if phase == S.PH_POWER:
            from meeplegym.envs.oath import effects as E

            step_labels = E.STEP_OPTION_LABELS.get(int(E.CODE[int(state["pw_pc"]), E.P.COL_OP]), ())
            if k < len(step_labels):
                return step_labels[k]
        labels = OPTION_LABELS.get(phase, ())
        return labels[k] if k < len(labels) else ("yes" if k == 0 else f"option {k}")
    if name == "major":
        return D.MajorAction(k).name.capitalize()
    if name == "slot":
        if phase == S.PH_CAMPAIGN_PLAN_SIGN:  # a regrouping plan (Warning Signals) or Relic Hunter
            from meeplegym.envs.oath import effects as E

            if plan_effect(state) == E.PE_HUNT:
                return f"{S.card_name(int(state['plan_card']))}: target a facedown relic at {slot_name(state, k)}"
            return f"{S.card_name(int(state['plan_card']))}: a warband from your board to {slot_name(state, k)}"
        if phase == S.PH_POWER and int(state["pw_dec"]) == S.DEC_BARGAIN:
            return f"{slot_name(state, k)} changes hands"
        if phase == S.PH_SHED:
            return f"remove your warband at {slot_name(state, k)}"
        return slot_name(state, k)
    if name == "seat":
        if phase == S.PH_SHED:
            return "remove a warband from your board"
        colour = D.Colour(int(state["colour"][k])).name.lower() if state is not None else None
        return f"seat {k}" + (f" ({colour})" if colour else "")
    if name == "suit":
        return f"{D.Suit(k).name.capitalize()} bank"
    if name == "number":
        exchange = phase == S.PH_POWER and int(state["pw_dec"]) == S.DEC_BARGAIN
        if (phase == S.PH_OFFER_BARGAIN or exchange) and 0 < k % 10 <= 5 and k < 40:
            giver, taker, verb = ("you", "they", "give") if exchange else ("the Scepter holder", "the Exile", "gives")
            who = giver if (k // 10) % 2 == 0 else taker
            what = "favor" if k < 20 else "secrets"
            return f"{who} {verb} {k % 10} {what}"
        if phase == S.PH_POWER and state["deed_taker"].any():  # Deed Writer's new ruler garrisons
            slot = int(np.flatnonzero(state["deed_taker"])[0])
            return f"put {k} warband{'s' if k != 1 else ''} on {slot_name(state, slot)}"
        return str(k)
    if name == "facedown":
        if k >= RELIQUARY_AT:
            relic = f"the relic on the {D.RELIQUARY[k - RELIQUARY_AT].name} space"
            return f"let them peek at {relic}" if phase == S.PH_OFFER_PEEK else relic
        return f"facedown relic {k + 1} at your site"
    if k == 0 or k >= S.N_CARDS:
        return f"card {k} (no such card)"
    if state is not None and state["ruined"][k]:
        return S.card_name(k + 1)  # an edifice is tracked on its intact face
    if phase == S.PH_REACT and S.card_name(int(state["react_card"])) in REACT_CARD_LABELS:
        return REACT_CARD_LABELS[S.card_name(int(state["react_card"]))].format(S.card_name(k))
    return S.card_name(k)
