"""The minor actions of O6.4-O6.8, compiled: peeking at the Reliquary, moving warbands with the
permissions they need, offering Citizenship with one binding bargain, exiling a Citizen and
self-exile; and becoming a Citizen or an Exile (O6.6.2, O6.7, O6.8), which forced-Citizenship
powers reuse.

A Citizenship offer carries one bargain from a bounded menu (issue 6: binding promises are a
proposal and an answer, not free talk). The bargain decision reads:

==============  ==============================================================
action          bargain
==============  ==============================================================
END             none
NUMBER 1-5      the Scepter holder gives that many favor
NUMBER 11-15    the Exile gives 1-5 favor
NUMBER 21-25    the Scepter holder gives 1-5 secrets
NUMBER 31-35    the Exile gives 1-5 secrets
OPTION 0 / 1    the Scepter holder gives the People's Favor / the Darkest Secret
OPTION 2 / 3    the Exile gives the People's Favor / the Darkest Secret
CARD r          relic r (not a Reliquary relic) goes from whichever of the two holds it to the other
==============  ==============================================================

Only what the giver holds can be offered, so a promise is always kept in full.
"""

from __future__ import annotations

import numpy as np

from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath.rules import board as B
from meeplegym.envs.oath.rules import cards as C
from meeplegym.envs.oath.rules import major as M
from meeplegym.envs.oath.rules import persistent as PS
from meeplegym.envs.oath.rules.setup import board_colour
from meeplegym.envs.oath.state import (
    ACT_EXILE,
    ACT_OFFER,
    ACT_SELF_EXILE,
    CHANCELLOR,
    FIRST_EDIFICE,
    FIRST_RELIC,
    FIRST_VISION,
    GRAND_SCEPTER,
    MOVE_GIVE,
    MOVE_TAKE,
    MOVE_TO_BOARD,
    MOVE_TO_SITE,
    N_CARDS,
    N_SLOTS,
    PH_ACT,
    PH_DISCARD_DOWN,
    PH_EXILE_TARGET,
    PH_MOVE_COUNT,
    PH_MOVE_WITH,
    PH_OFFER_ANSWER,
    PH_OFFER_BARGAIN,
    PH_OFFER_PEEK,
    PH_OFFER_SPACE,
    PH_OFFER_TARGET,
    PH_PERMIT,
    PH_POWER,
    PH_SHED,
    PH_SLUM,
    PURPLE,
    RELIQUARY_SPACES,
    SIDE_CITIZEN,
    SIDE_EXILE,
    Z_PERSONAL,
    Z_SITE,
)
from meeplegym.jit import kernel, shell_kernel

SUPPLY_MAX = D.SUPPLY_MAX
EXILE_PRICE = 5  # O6.7
BARGAIN_MAX = 5
FAVOR_GIVE, FAVOR_ASK, SECRETS_GIVE, SECRETS_ASK = 0, 10, 20, 30  # NUMBER offsets of the bargain menu


# ================================================================== who may do what
@kernel
def holds_scepter(s, p):
    """Holds the Grand Scepter and did not take it this turn (D4)."""
    return B.holds_relic(s, p, GRAND_SCEPTER) and s["scepter_fresh"] != p


@kernel
def own_colour_at(s, p, slot):
    """The warbands at a slot that p moves as its own: its ruling colour's."""
    return s["site_warbands"][slot, B.ruling_colour(s, p)]


@kernel
def imperial_partners(s, p, mask):
    """Imperial players whose pawn is at p's site (O6.5); SEAT marks, returns how many."""
    n = 0
    if not B.imperial(s, p):
        return 0
    for q in range(s["n_players"]):
        if q != p and B.imperial(s, q) and s["pawn"][q] == s["pawn"][p]:
            mask[A.SEAT + q] = 1
            n += 1
    return n


@kernel
def staying(s, p):
    """How many of p's warbands must stay at a site p rules (O6.5): one, none with the Bandit
    Crown, whose bandits hold the site for p (O7.6.5)."""
    return 0 if B.holds_relic(s, p, B.BANDIT_CROWN) else 1


@kernel
def act_options(s, p, mask):
    """The Act phase's OPTION entries for O6.5-O6.8."""
    slot = s["pawn"][p]
    if own_colour_at(s, p, slot) > staying(s, p):
        mask[A.OPTION + MOVE_TO_BOARD] = 1  # never the last
    if s["board_warbands"][p] > 0 and B.rules_site(s, p, slot) and B.places_at_sites(s, p):
        mask[A.OPTION + MOVE_TO_SITE] = 1
    partners = np.zeros(A.N_ACTIONS, dtype=np.int8)
    if imperial_partners(s, p, partners) > 0:
        if s["board_warbands"][p] > 0:
            mask[A.OPTION + MOVE_GIVE] = 1
        for q in range(s["n_players"]):
            if partners[A.SEAT + q] and s["board_warbands"][q] > 0:
                mask[A.OPTION + MOVE_TAKE] = 1
    if holds_scepter(s, p):
        if can_offer(s, p):
            mask[A.OPTION + ACT_OFFER] = 1
        for q in range(s["n_players"]):
            if exilable(s, p, q):
                mask[A.OPTION + ACT_EXILE] = 1
        for k in range(RELIQUARY_SPACES):
            r = s["reliquary"][k]
            if r > 0 and not (s["known"][r] >> p & 1):
                mask[A.FACEDOWN + A.RELIQUARY_AT + k] = 1  # O6.4
    if (s["side"][p] == SIDE_CITIZEN and not B.holds_relic(s, p, GRAND_SCEPTER) and scepter_holder(s) >= 0
            and B.spendable_favor(s, p) >= self_exile_price(s, p) and not PS.exile_proof(s, p)):
        mask[A.OPTION + ACT_SELF_EXILE] = 1


@kernel
def scepter_holder(s):
    if s["zone"][GRAND_SCEPTER] == Z_PERSONAL:
        return s["where"][GRAND_SCEPTER]
    return -1


@kernel
def start(s, p, option):
    """An Act-phase OPTION: the first step of a warband move, an offer or an exile."""
    if option <= MOVE_TAKE:
        s["move_kind"] = option
        s["move_with"] = -1
        s["phase"] = PH_MOVE_WITH if option >= MOVE_GIVE else PH_MOVE_COUNT
    elif option == ACT_OFFER:
        s["phase"] = PH_OFFER_TARGET
    elif option == ACT_EXILE:
        s["phase"] = PH_EXILE_TARGET
    else:
        self_exile(s, p)


# ================================================================== O6.5: moving warbands
@kernel
def move_with_legal(s, p, mask):
    partners = np.zeros(A.N_ACTIONS, dtype=np.int8)
    imperial_partners(s, p, partners)
    for q in range(s["n_players"]):
        if partners[A.SEAT + q] and (s["move_kind"] == MOVE_GIVE or s["board_warbands"][q] > 0):
            mask[A.SEAT + q] = 1


@kernel
def move_count_legal(s, p, mask):
    kind = s["move_kind"]
    if kind == MOVE_TO_BOARD:
        most = own_colour_at(s, p, s["pawn"][p]) - staying(s, p)
    elif kind == MOVE_TAKE:
        most = s["board_warbands"][s["move_with"]]
    else:
        most = s["board_warbands"][p]
    C.numbers_upto(mask, 1, most)


@kernel
def choose_count(s, p, k):
    """A Citizen taking warbands off a site needs the Chancellor's leave; giving or taking needs
    the other player's (O6.5)."""
    s["move_count"] = k
    kind = s["move_kind"]
    asked = -1
    if kind == MOVE_TO_BOARD and s["side"][p] == SIDE_CITIZEN:
        asked = CHANCELLOR
    elif kind == MOVE_GIVE or kind == MOVE_TAKE:
        asked = s["move_with"]
    if asked >= 0:
        s["phase"] = PH_PERMIT
        s["actor"] = asked
    else:
        do_move(s, p)


@kernel
def permit(s, p, yes):
    s["actor"] = p
    if yes:
        do_move(s, p)
    else:
        s["phase"] = PH_ACT


@kernel
def do_move(s, p):
    k = s["move_count"]
    kind = s["move_kind"]
    slot = s["pawn"][p]
    col = B.ruling_colour(s, p)
    if kind == MOVE_TO_BOARD:
        s["site_warbands"][slot, col] -= k
        s["board_warbands"][p] += k
    elif kind == MOVE_TO_SITE:
        s["board_warbands"][p] -= k
        s["site_warbands"][slot, col] += k
    elif kind == MOVE_GIVE:
        s["board_warbands"][p] -= k
        s["board_warbands"][s["move_with"]] += k
    else:
        s["board_warbands"][s["move_with"]] -= k
        s["board_warbands"][p] += k
    s["phase"] = PH_ACT


@kernel
def regroup_legal(s, p, mask):
    """Powers that move p's warbands one at a time between the board and the sites p rules (D2
    Messenger, Warning Signals): SLOT k, one from the board onto site k; OPTION k, one from site
    k back to the board, never its last. Moves off sites come first: once one has gone onto a
    site (`regroup_onto`), none comes back -- every arrangement stays reachable and the moves
    end. Returns how many moves there are."""
    col = board_colour(s, p)
    n = 0
    for slot in range(N_SLOTS):
        if B.rules_site(s, p, slot) and (s["site_warbands"][slot, col] > 0 or B.crowned(s, p, slot)):
            if s["board_warbands"][p] > 0 and B.places_at_sites(s, p):
                mask[A.SLOT + slot] = 1
                n += 1
            if not s["regroup_onto"] and s["site_warbands"][slot, col] > staying(s, p):
                mask[A.OPTION + slot] = 1
                n += 1
    return n


@kernel
def regroup_moves(s, p):
    mask = np.zeros(A.N_ACTIONS, dtype=np.int8)
    return regroup_legal(s, p, mask)


@kernel
def regroup(s, p, a):
    col = board_colour(s, p)
    if a >= A.SLOT:
        s["regroup_onto"] = 1
        s["board_warbands"][p] -= 1
        s["site_warbands"][a - A.SLOT, col] += 1
    else:
        s["board_warbands"][p] += 1
        s["site_warbands"][a - A.OPTION, col] -= 1


# ================================================================== O6.6: Citizenship
@kernel
def can_offer(s, p):
    if not holds_scepter(s, p):
        return False
    spaces = False
    for k in range(RELIQUARY_SPACES):
        spaces = spaces or s["reliquary"][k] > 0
    if not spaces:
        return False
    for q in range(s["n_players"]):
        if s["side"][q] == SIDE_EXILE:
            return True
    return False


@kernel
def offer_target_legal(s, p, mask):
    for q in range(s["n_players"]):
        if s["side"][q] == SIDE_EXILE:
            mask[A.SEAT + q] = 1


@kernel
def offer_space_legal(s, mask):
    for k in range(RELIQUARY_SPACES):
        if s["reliquary"][k] > 0:
            mask[A.OPTION + k] = 1


@kernel
def bargain_legal(s, p, mask):
    q = s["offer_target"]
    mask[A.END] = 1
    if q == p:
        return
    for k in range(1, BARGAIN_MAX + 1):
        if B.spendable_favor(s, p) >= k:
            mask[A.NUMBER + FAVOR_GIVE + k] = 1
        if B.spendable_favor(s, q) >= k:
            mask[A.NUMBER + FAVOR_ASK + k] = 1
        if s["secrets"][p] >= k and PS.gives_secrets(s, p):
            mask[A.NUMBER + SECRETS_GIVE + k] = 1
        if s["secrets"][q] >= k and PS.gives_secrets(s, q):
            mask[A.NUMBER + SECRETS_ASK + k] = 1
    if s["pf_holder"] == p:
        mask[A.OPTION + 0] = 1
    if s["ds_holder"] == p:
        mask[A.OPTION + 1] = 1
    if s["pf_holder"] == q:
        mask[A.OPTION + 2] = 1
    if s["ds_holder"] == q:
        mask[A.OPTION + 3] = 1
    for r in range(FIRST_RELIC, FIRST_VISION):
        if B.holds_relic(s, p, r) or B.holds_relic(s, q, r):
            mask[A.CARD + r] = 1


@kernel
def offer_step(s, p, a):
    phase = s["phase"]
    if phase == PH_OFFER_TARGET:
        s["offer_target"] = a - A.SEAT
        s["phase"] = PH_OFFER_SPACE
    elif phase == PH_OFFER_SPACE:
        s["offer_space"] = a - A.OPTION
        s["phase"] = PH_OFFER_BARGAIN
    elif phase == PH_OFFER_BARGAIN:
        s["bargain"] = a
        s["phase"] = PH_OFFER_PEEK if peek_offer_legal(s, p, np.zeros(A.N_ACTIONS, dtype=np.int8)) else PH_OFFER_ANSWER
    elif a == A.END:
        s["phase"] = PH_OFFER_ANSWER
    else:
        s["known"][s["reliquary"][a - A.FACEDOWN - A.RELIQUARY_AT]] |= 1 << s["offer_target"]
    if s["phase"] == PH_OFFER_ANSWER:
        s["actor"] = s["offer_target"]


@kernel
def peek_offer_legal(s, p, mask):
    """O6.6.1: the Reliquary relics the Scepter holder may let the offered Exile peek at (those
    the Exile has not seen); END makes the offer. How many."""
    q = s["offer_target"]
    n = 0
    for k in range(RELIQUARY_SPACES):
        r = s["reliquary"][k]
        if q != p and r > 0 and not (s["known"][r] >> q & 1):
            mask[A.FACEDOWN + A.RELIQUARY_AT + k] = 1
            n += 1
    mask[A.END] = 1
    return n


@shell_kernel
def answer_offer(s, p, accept):
    """O6.6.2: on acceptance the Exile becomes a Citizen, takes the Reliquary relic, the bargain
    is kept and the Chancellor gains the space's modifier."""
    q = s["offer_target"]
    s["actor"] = p
    s["phase"] = PH_ACT
    if not accept:
        return
    space = s["offer_space"]
    r = s["reliquary"][space]
    s["reliquary"][space] = 0
    M.take_relic(s, q, r)
    keep_bargain(s, p, q, s["bargain"])
    become_citizen(s, q)


@kernel
def keep_bargain(s, p, q, a):
    if a == A.END:
        return
    if a >= A.CARD:
        r = a - A.CARD
        M.receive_relic(s, q if B.holds_relic(s, p, r) else p, r)  # agreed, not taken (O7.6.3)
    elif a >= A.NUMBER:
        k = a - A.NUMBER
        kind = k // 10 * 10
        k -= kind
        giver, taker = (p, q) if kind == FAVOR_GIVE or kind == SECRETS_GIVE else (q, p)
        if kind == FAVOR_GIVE or kind == FAVOR_ASK:
            B.give_favor(s, giver, taker, k)
        else:
            s["secrets"][giver] -= k
            s["secrets"][taker] += k
    else:
        option = a - A.OPTION
        taker = q if option < 2 else p
        if option % 2 == 0:
            s["pf_holder"] = taker
        else:
            s["ds_holder"] = taker


@kernel
def swap_board(s, p, to_colour, from_colour):
    """Replace p's board warbands by as many of `to_colour` as its bank holds (O6.6.2, O6.7)."""
    k = s["board_warbands"][p]
    s["bank_warbands"][from_colour] += k
    k = min(k, s["bank_warbands"][to_colour])
    s["bank_warbands"][to_colour] -= k
    s["board_warbands"][p] = k


@kernel
def own_warbands(s, q):
    """q's warbands of their own colour on their board and on the map."""
    n = s["board_warbands"][q]
    for slot in range(N_SLOTS):
        n += s["site_warbands"][slot, s["colour"][q]]
    return n


@kernel
def become_citizen(s, q):
    """O6.6.2 without the offer (forced Citizenship reuses it). When purple cannot replace all of
    the Exile's warbands, the Exile first picks the ones that go (PH_SHED), and the game comes
    back here (`resume_phase`, a running program's PH_POWER included) once the rest fit."""
    if own_warbands(s, q) > s["bank_warbands"][PURPLE]:
        set_aside(s, PH_SHED, q)
        return
    flip_to_citizen(s, q)


@kernel
def set_aside(s, phase, q):
    """Ask q something in between (PH_SHED, PH_DISCARD_DOWN, PH_SLUM); `resume` goes back."""
    s["resume_phase"] = s["phase"]
    s["resume_actor"] = s["actor"]
    s["phase"] = phase
    s["actor"] = q


@kernel
def resume(s):
    s["phase"] = s["resume_phase"]
    s["actor"] = s["resume_actor"]


@kernel
def shed_legal(s, q, mask):
    """PH_SHED: one of q's warbands to go: at a site (SLOT) or on the board (SEAT q)."""
    for slot in range(N_SLOTS):
        if s["site_warbands"][slot, s["colour"][q]] > 0:
            mask[A.SLOT + slot] = 1
    if s["board_warbands"][q] > 0:
        mask[A.SEAT + q] = 1


@shell_kernel
def shed(s, q, a):
    """One warband back to q's bank; once purple can replace the rest, q becomes a Citizen and
    the game goes back to where the Citizenship happened."""
    own = s["colour"][q]
    if a >= A.SEAT:
        s["board_warbands"][q] -= 1
    else:
        s["site_warbands"][a - A.SLOT, own] -= 1
    s["bank_warbands"][own] += 1
    if own_warbands(s, q) <= s["bank_warbands"][PURPLE]:
        resume(s)
        back = s["phase"]
        flip_to_citizen(s, q)
        if back == PH_POWER:  # its program goes on; the Act phase still ends with it
            s["phase"] = PH_POWER


@kernel
def flip_to_citizen(s, q):
    """O6.6.2 once purple can replace every warband of q's: the board flips; warbands on the
    board and on the map turn purple; the revealed Vision is discarded; a Usurper title turns
    Oathkeeper; the Act phase ends if it is q's turn; Supply to 7."""
    own = s["colour"][q]
    s["side"][q] = SIDE_CITIZEN
    swap_board(s, q, PURPLE, own)
    for slot in range(N_SLOTS):
        k = s["site_warbands"][slot, own]
        if k > 0:
            s["site_warbands"][slot, own] = 0
            s["bank_warbands"][own] += k
            k = min(k, s["bank_warbands"][PURPLE])
            s["bank_warbands"][PURPLE] -= k
            s["site_warbands"][slot, PURPLE] += k
    M.discard_revealed(s, q)
    if s["title_holder"] == q:
        s["usurper"] = 0
    s["supply"][q] = SUPPLY_MAX
    if B.turn_player(s) == q:
        s["actor"] = q
        s["phase"] = PH_ACT
        s["end_act"] = 1


# ================================================================== D1: the Great Slum
@kernel
def note_slum(s, c):
    """A power just moved c to a site: at the faceup Great Slum holding another denizen that may
    be discarded, its mover is asked (slum_due) whether to discard one, as if first (D1)."""
    if s["zone"][c] != Z_SITE or not M.slum(s, s["where"][c]):
        return
    for d in range(1, FIRST_EDIFICE):
        if d != c and M.rotatable_denizen(s, d, s["where"][c]):
            s["slum_card"] = c
            return


@kernel
def slum_due(s, p):
    if s["slum_card"] == 0:
        return False
    set_aside(s, PH_SLUM, p)
    return True


@shell_kernel
def slum_legal(s, p, mask):
    """CARD a denizen at the Great Slum other than the one moved there; END only while the site
    keeps its capacity (a card moved to a full Great Slum needs the discard)."""
    c = s["slum_card"]
    slot = s["where"][c]
    for d in range(1, FIRST_EDIFICE):
        if d != c and M.rotatable_denizen(s, d, slot):
            mask[A.CARD + d] = 1
    if M.within_capacity(s, slot):
        mask[A.END] = 1


@kernel
def slum_discard(s, p, a):
    if a != A.END:
        M.discard_card(s, p, a - A.CARD)
    s["slum_card"] = 0
    resume(s)


# ================================================================== O7.6.4: discarding down
@kernel
def over_limit(s):
    """The first player whose advisers break their limits (a swap or an exchange brought a limiter
    or one adviser too many), -1 if none."""
    for q in range(s["n_players"]):
        if not M.council_fits(s, q, 0, False, False):
            return q
    return -1


@kernel
def discard_down_due(s):
    """After a swap or an exchange of advisers: each player over their limit discards advisers
    down to it, one at a time (PH_DISCARD_DOWN), before the power goes on. True if one must."""
    q = over_limit(s)
    if q < 0:
        return False
    set_aside(s, PH_DISCARD_DOWN, q)
    return True


@kernel
def discard_down_legal(s, q, mask):
    for c in range(1, N_CARDS):
        if M.discardable_adviser(s, q, c):
            mask[A.CARD + c] = 1


@shell_kernel
def discard_down(s, q, c):
    M.discard_card(s, q, c)
    q = over_limit(s)
    if q >= 0:
        s["actor"] = q
    else:
        resume(s)


@kernel
def become_exile(s, q):
    """O6.7-O6.8: the board flips and its purple warbands become q's own; Supply to 7."""
    s["side"][q] = SIDE_EXILE
    swap_board(s, q, s["colour"][q], PURPLE)
    s["supply"][q] = SUPPLY_MAX


# ================================================================== O6.7, O6.8: exile
@kernel
def status_marks(s, p):
    """1 for the title, 1 for the People's Favor (O6.7's price adjustments)."""
    return (1 if s["title_holder"] == p else 0) + (1 if s["pf_holder"] == p else 0)


@kernel
def exile_price(s, p, q):
    return EXILE_PRICE + status_marks(s, q) - status_marks(s, p)


@kernel
def exilable(s, p, q):
    """O6.7: a Citizen other than p whose price p can pay, not protected by Council Seat (D2)."""
    return (q != p and s["side"][q] == SIDE_CITIZEN and B.spendable_favor(s, p) >= exile_price(s, p, q)
            and not PS.exile_proof(s, q))


@shell_kernel
def exile_target_legal(s, p, mask):
    for q in range(s["n_players"]):
        if exilable(s, p, q):
            mask[A.SEAT + q] = 1


@kernel
def exile_citizen(s, p, q):
    B.give_favor(s, p, q, exile_price(s, p, q))
    become_exile(s, q)
    s["phase"] = PH_ACT


@kernel
def self_exile_price(s, p):
    secrets = s["secrets"][p]
    for c in range(1, N_CARDS):
        secrets += s["card_secrets"][c]
    return secrets + s["board_warbands"][p]


@kernel
def self_exile(s, p):
    B.give_favor(s, p, scepter_holder(s), self_exile_price(s, p))
    become_exile(s, p)
    s["phase"] = PH_ACT
    s["end_act"] = 1  # O6.8: the Act phase ends

