"""Rounds and turns (O4), victory (O3) and the Oathkeeper title (O2.11), compiled: `legal` and
`apply` for every phase, setup's included. After each decision the game runs on by itself until
the next one: a new turn's Wake, the Rest, the end of a round, a title that changes hands.
"""

from __future__ import annotations

import numpy as np

from meeplegym import rng
from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath.rules import board as B
from meeplegym.envs.oath.rules import cards as C
from meeplegym.envs.oath.rules import campaign as K
from meeplegym.envs.oath.rules import plans as PL
from meeplegym.envs.oath.rules import major as M
from meeplegym.envs.oath.rules import minor as N
from meeplegym.envs.oath.rules import persistent as PS
from meeplegym.envs.oath.rules import modifiers as X
from meeplegym.envs.oath.rules import powers as W
from meeplegym.envs.oath.rules import setup
from meeplegym.envs.oath.state import (
    ACT_TRIBUNAL,
    CHANCELLOR,
    FIRST_RELIC,
    FIRST_VISION,
    MAX_SITE_RELICS,
    N_CARDS,
    N_SLOTS,
    N_SUITS,
    N_VISIONS,
    PH_ACT,
    PH_BANISH_WHERE,
    PH_BEGIN_TURN,
    PH_CONSPIRACY,
    PH_CROP_ROTATION,
    PH_DISCARD_DOWN,
    PH_SLUM,
    PH_PF_DISCARD,
    PH_PLAY_SITE,
    PH_POWER,
    PH_REST,
    PH_EXILE_TARGET,
    PH_FREE_CAMPAIGN,
    PH_MODIFY,
    PH_MODIFY_CHOICE,
    PH_MOVE_COUNT,
    PH_MOVE_WITH,
    PH_OFFER_ANSWER,
    PH_OFFER_BARGAIN,
    PH_OFFER_PEEK,
    PH_OFFER_SPACE,
    PH_OFFER_TARGET,
    PH_PERMIT,
    PH_CAMPAIGN_ALLY,
    PH_CAMPAIGN_BANISH,
    PH_CAMPAIGN_BURN,
    PH_CAMPAIGN_PLAN_SIGN,
    PH_CAMPAIGN_PLANS,
    PH_CAMPAIGN_DEFENDER,
    PH_CAMPAIGN_DICE,
    PH_CAMPAIGN_LOSSES,
    PH_CAMPAIGN_OCCUPY,
    PH_CAMPAIGN_PERMIT,
    PH_CAMPAIGN_SACRIFICE,
    PH_CAMPAIGN_TARGETS,
    PH_GAME_OVER,
    PH_MUSTER,
    PH_OPPORTUNITY,
    PH_PEOPLES_FAVOR,
    PH_PLAY,
    PH_PLAY_REPLACE,
    PH_RECOVER,
    PH_RECOVER_BANK,
    PH_RECOVER_BID,
    PH_SEARCH_DISCARD,
    PH_SEARCH_KEEP,
    PH_SEARCH_SOURCE,
    PH_REACT,
    PH_SHED,
    PH_TITLE,
    PH_TRADE_CARD,
    PH_TRADE_MODE,
    PH_TRAVEL,
    PH_TRAVEL_FREE,
    PLAY_FROM_ADVISER,
    FREE_NONE,
    FREE_OFFERED,
    FREE_SECOND_WIND,
    FREE_TAKEN,
    JINX_GAMBLE,
    JINX_THIEF_CAUGHT,
    JINX_THIEF_FREE,
    SIDE_CITIZEN,
    SIDE_EXILE,
    WARDEN_NONE,
    WIN_STABLE_REGIME,
    WIN_SUCCESSOR,
    WIN_USURPER,
    WIN_VISIONARY,
    WIN_WAR_EXHAUSTION,
    Z_ADVISER,
    Z_SITE,
    Z_VISION_SPACE,
)
from meeplegym.jit import kernel, shell_kernel

ROUNDS = D.ROUNDS
STABLE_REGIME_LEAST = np.zeros(ROUNDS + 1, dtype=np.int8)  # 0: no roll this round (O3.3)
for _r, _least in D.STABLE_REGIME_ROLLS.items():
    STABLE_REGIME_LEAST[_r] = _least
del _r, _least
VISION_GOAL = np.full(len(D.VISIONS), -1, dtype=np.int8)
for _k, _v in enumerate(D.VISIONS):
    if _v.goal is not None:
        VISION_GOAL[_k] = int(_v.goal)
del _k, _v
VISIONARY_ORDER = np.array([[v.name for v in D.VISIONS].index(n) for n in D.VISIONARY_PRIORITY], dtype=np.int64)
VISIONS_NEEDED = 3  # O3.2
MOB_FAVOR = D.MOB_FAVOR
SUPPLY_MAX = D.SUPPLY_MAX
EXILE_REFRESH = np.array([D.supply_refresh("exile", n) for n in range(40)], dtype=np.int8)
CHANCELLOR_REFRESH = np.array([D.supply_refresh("chancellor", n) for n in range(40)], dtype=np.int8)
OPPORTUNITY = int(D.SitePower.OPPORTUNITY)


# ================================================================== decisions
# Two switches over the phases, one case each: `legal` (what the pending decision allows) and
# `apply` (play one of those actions). A phase's "can do" and "do" are a pair: the rules module's
# (M.play_legal / M.play, K.targets_legal / K.declare ...), or for the decisions the turn answers
# itself, `_<phase>_legal` / `_<phase>` below. tests/oath/test_oath_turn.py checks that both
# switches handle every phase.
@kernel
def legal(s, mask):
    """mask[a] = 1 for each legal action of the pending decision, every other entry 0."""
    mask[:] = 0
    phase = s["phase"]
    p = s["actor"]
    if phase < PH_BEGIN_TURN:
        setup.legal(s, mask)
    elif phase == PH_PEOPLES_FAVOR:
        peoples_favor_legal(s, p, mask)
    elif phase == PH_OPPORTUNITY:
        _opportunity_legal(s, p, mask)
    elif phase == PH_ACT:
        act_legal(s, p, mask)
    elif phase == PH_SEARCH_SOURCE:
        _search_source_legal(s, p, mask)
    elif phase == PH_SEARCH_KEEP:
        M.keep_legal(s, p, mask)
    elif phase == PH_SEARCH_DISCARD:
        _search_discard_legal(s, mask)
    elif phase == PH_PLAY:
        M.play_legal(s, p, mask)
    elif phase == PH_PLAY_REPLACE:
        M.replace_legal(s, p, mask)
    elif phase == PH_MUSTER:
        _muster_legal(s, p, mask)
    elif phase == PH_TRADE_CARD:
        _trade_card_legal(s, p, mask)
    elif phase == PH_TRADE_MODE:
        M.trade_mode_legal(s, p, mask)
    elif phase == PH_RECOVER:
        M.recover_legal(s, p, mask)
    elif phase == PH_RECOVER_BID:
        M.bid_legal(s, p, mask)
    elif phase == PH_RECOVER_BANK:
        _recover_bank_legal(mask)
    elif phase == PH_TRAVEL:
        M.travel_legal(s, s["current"], mask)  # the Shrouded Wood's ruler may be choosing (D1)
    elif phase == PH_PF_DISCARD:
        M.pf_discard_legal(s, p, mask)
    elif phase == PH_PLAY_SITE:
        M.play_site_legal(s, p, mask)
    elif phase == PH_CROP_ROTATION:
        M.rotation_legal(s, p, mask)
    elif phase == PH_CONSPIRACY:
        M.conspiracy_legal(s, p, mask)
    elif phase == PH_BANISH_WHERE:
        K.destinations(s, mask)
    elif phase == PH_TRAVEL_FREE:
        M.free_travel_legal(s, p, mask)
    elif phase == PH_CAMPAIGN_DEFENDER:
        K.defender_options(s, p, mask)
    elif phase == PH_CAMPAIGN_TARGETS:
        K.targets_legal(s, p, mask)
    elif phase == PH_CAMPAIGN_DICE:
        K.dice_legal(s, p, mask)
    elif phase == PH_CAMPAIGN_ALLY:
        _yes_or_no(mask)
    elif phase == PH_CAMPAIGN_PERMIT:
        _yes_or_no(mask)
    elif phase == PH_CAMPAIGN_SACRIFICE:
        _yes_or_no(mask)
    elif phase == PH_CAMPAIGN_BURN:
        _yes_or_no(mask)
    elif phase == PH_CAMPAIGN_LOSSES:
        K.losses_legal(s, mask)
    elif phase == PH_CAMPAIGN_PLANS:
        PL.legal(s, p, mask)
    elif phase == PH_CAMPAIGN_PLAN_SIGN:
        PL.sign_legal(s, mask)
    elif phase == PH_CAMPAIGN_OCCUPY:
        K.occupy_legal(s, s["current"], mask)
    elif phase == PH_CAMPAIGN_BANISH:
        K.banish_legal(s, s["current"], mask)
    elif phase == PH_MOVE_WITH:
        N.move_with_legal(s, p, mask)
    elif phase == PH_MOVE_COUNT:
        N.move_count_legal(s, p, mask)
    elif phase == PH_PERMIT:
        _yes_or_no(mask)
    elif phase == PH_OFFER_ANSWER:
        _yes_or_no(mask)
    elif phase == PH_OFFER_TARGET:
        N.offer_target_legal(s, p, mask)
    elif phase == PH_OFFER_SPACE:
        N.offer_space_legal(s, mask)
    elif phase == PH_OFFER_BARGAIN:
        N.bargain_legal(s, p, mask)
    elif phase == PH_OFFER_PEEK:
        N.peek_offer_legal(s, p, mask)
    elif phase == PH_SHED:
        N.shed_legal(s, p, mask)
    elif phase == PH_DISCARD_DOWN:
        N.discard_down_legal(s, p, mask)
    elif phase == PH_SLUM:
        N.slum_legal(s, p, mask)
    elif phase == PH_EXILE_TARGET:
        N.exile_target_legal(s, p, mask)
    elif phase == PH_POWER:
        W.legal(s, s["current"], mask)  # a program runs for the current player, whoever answers its step
    elif phase == PH_REST:
        _rest_legal(s, p, mask)
    elif phase == PH_MODIFY:
        X.legal(s, p, mask)
    elif phase == PH_MODIFY_CHOICE:
        X.choice_legal(s, p, mask)
    elif phase == PH_FREE_CAMPAIGN:
        _yes_or_no(mask)
    elif phase == PH_TITLE:
        _title_legal(s, mask)
    elif phase == PH_REACT:
        _react_legal(s, p, mask)


@kernel
def apply(s, a):
    """Play legal action a, then run on to the next decision."""
    phase = s["phase"]
    p = s["actor"]
    if phase < PH_BEGIN_TURN:
        setup.apply(s, a)
    elif phase == PH_PEOPLES_FAVOR:
        peoples_favor(s, p, a)
    elif phase == PH_OPPORTUNITY:
        _opportunity(s, p, a)
    elif phase == PH_ACT:
        act(s, p, a)
    elif phase == PH_SEARCH_SOURCE:
        M.search(s, p, a - A.OPTION - 1)
    elif phase == PH_SEARCH_KEEP:
        _search_keep(s, p, a)
    elif phase == PH_SEARCH_DISCARD:
        M.discard_drawn(s, p, a - A.CARD)
    elif phase == PH_PLAY:
        M.play(s, p, a)
    elif phase == PH_PLAY_REPLACE:
        M.replace(s, p, a - A.CARD)
    elif phase == PH_MUSTER:
        M.muster(s, p, a - A.CARD)
    elif phase == PH_TRADE_CARD:
        _trade_card(s, a)
    elif phase == PH_TRADE_MODE:
        M.trade(s, p, s["target"], a == A.OPTION + 0)
    elif phase == PH_RECOVER:
        M.recover(s, p, a)
    elif phase == PH_RECOVER_BID:
        M.pay_bid(s, p, a - A.NUMBER)
    elif phase == PH_RECOVER_BANK:
        M.take_pf(s, p, a - A.SUIT)
    elif phase == PH_TRAVEL:
        _travel(s, a)
    elif phase == PH_PF_DISCARD:
        M.pf_discard(s, p, a)
    elif phase == PH_PLAY_SITE:
        M.to_site(s, p, a - A.SLOT)
    elif phase == PH_CROP_ROTATION:
        M.rotation(s, p, a)
    elif phase == PH_CONSPIRACY:
        M.conspiracy(s, p, a)
    elif phase == PH_BANISH_WHERE:
        K.banish_to(s, s["current"], a - A.SLOT)
    elif phase == PH_TRAVEL_FREE:
        _travel_free(s, p, a)
    elif phase == PH_CAMPAIGN_DEFENDER:
        K.choose_defender(s, p, a)
    elif phase == PH_CAMPAIGN_TARGETS:
        K.declare(s, p, a)
    elif phase == PH_CAMPAIGN_DICE:
        K.set_pools(s, p, a - A.NUMBER)
    elif phase == PH_CAMPAIGN_ALLY:
        K.answer_ally(s, s["current"], a)
    elif phase == PH_CAMPAIGN_PERMIT:
        K.permit_ally(s, s["current"], a)
    elif phase == PH_CAMPAIGN_SACRIFICE:
        K.sacrifice(s, p, a)
    elif phase == PH_CAMPAIGN_BURN:
        K.burn(s, p, a)
    elif phase == PH_CAMPAIGN_LOSSES:
        K.take_loss(s, s["current"], a)
    elif phase == PH_CAMPAIGN_PLANS:
        K.use_plan(s, s["current"], a)
    elif phase == PH_CAMPAIGN_PLAN_SIGN:
        K.plan_sign(s, s["current"], a)
    elif phase == PH_CAMPAIGN_OCCUPY:
        K.occupy(s, p, a - A.NUMBER)
    elif phase == PH_CAMPAIGN_BANISH:
        K.banish(s, p, a)
    elif phase == PH_MOVE_WITH:
        _move_with(s, a)
    elif phase == PH_MOVE_COUNT:
        N.choose_count(s, p, a - A.NUMBER)
    elif phase == PH_PERMIT:
        N.permit(s, s["current"], a == A.OPTION + 0)
    elif phase == PH_OFFER_ANSWER:
        N.answer_offer(s, s["current"], a == A.OPTION + 0)
    elif phase == PH_OFFER_TARGET:
        N.offer_step(s, p, a)
    elif phase == PH_OFFER_SPACE:
        N.offer_step(s, p, a)
    elif phase == PH_OFFER_BARGAIN:
        N.offer_step(s, p, a)
    elif phase == PH_OFFER_PEEK:
        N.offer_step(s, p, a)
    elif phase == PH_SHED:
        _shed(s, p, a)
    elif phase == PH_DISCARD_DOWN:
        _discard_down(s, p, a)
    elif phase == PH_SLUM:
        _slum(s, p, a)
    elif phase == PH_EXILE_TARGET:
        N.exile_citizen(s, p, a - A.SEAT)
    elif phase == PH_POWER:
        W.answer(s, s["current"], a)
    elif phase == PH_REST:
        _rest(s, p, a)
    elif phase == PH_MODIFY:
        _modify(s, p, a)
    elif phase == PH_MODIFY_CHOICE:
        X.choose(s, a)
    elif phase == PH_FREE_CAMPAIGN:
        _free_campaign(s, a)
    elif phase == PH_TITLE:
        _title(s, a)
    elif phase == PH_REACT:
        react(s, a)
    if (phase == PH_PLAY or phase == PH_PLAY_REPLACE or phase == PH_PLAY_SITE or phase == PH_CONSPIRACY
            or phase == PH_PF_DISCARD or phase == PH_CROP_ROTATION) and s["phase"] == PH_ACT:
        M.after_play(s, p)  # O5.1.4.1: modifiers acting on the play, then the card's own power
        PS.card_played(s, p, s["playing"])
        s["actor"] = s["current"]  # a False Prophet's Vision was played by another player (D2)
        when_played(s, p)
    run_on(s)


# ------------------------------------------------------------------ the decisions the turn answers itself
@shell_kernel
def _yes_or_no(mask):
    """OPTION 0 (yes: join, permit, sacrifice, burn, accept, campaign for free) or END (no)."""
    mask[A.OPTION + 0] = 1
    mask[A.END] = 1


@shell_kernel
def _opportunity_legal(s, p, mask):
    """O4.1.4: a favor or a secret from the site of your pawn, if it holds one, or nothing."""
    slot = s["pawn"][p]
    mask[A.END] = 1
    if s["slot_favor"][slot] > 0:
        mask[A.OPTION + 0] = 1
    if s["slot_secrets"][slot] > 0:
        mask[A.OPTION + 1] = 1


@shell_kernel
def _opportunity(s, p, a):
    slot = s["pawn"][p]
    if a == A.OPTION + 0:
        s["slot_favor"][slot] -= 1
        B.add_favor(s, p, 1)
    elif a == A.OPTION + 1:
        s["slot_secrets"][slot] -= 1
        s["secrets"][p] += 1
    s["phase"] = PH_ACT


@shell_kernel
def _search_source_legal(s, p, mask):
    """O5.1.2: the world deck, or a discard pile some regions outward of yours."""
    if M.can_search_world(s, p):
        mask[A.OPTION + 0] = 1
    for k in range(3):
        if M.can_search_pile(s, p, k):
            mask[A.OPTION + 1 + k] = 1


@shell_kernel
def _search_keep(s, p, a):
    """O5.1.3: keep a drawn card, none (END), or first swap one with Great Spire (OPTION k, D3)."""
    if a >= A.CARD:
        M.keep(s, p, a - A.CARD)
    elif a == A.END:
        M.keep_none(s, p)
    else:
        M.spire_swap(s, p, a - A.OPTION)


@shell_kernel
def _search_discard_legal(s, mask):
    """O5.1.3: the drawn cards not kept, discarded one at a time (the order matters)."""
    for k in range(s["n_drawn"]):
        mask[A.CARD + s["drawn"][k]] = 1


@shell_kernel
def _muster_legal(s, p, mask):
    for c in range(1, FIRST_RELIC):
        if M.muster_card(s, p, c):
            mask[A.CARD + c] = 1


@shell_kernel
def _trade_card_legal(s, p, mask):
    for c in range(1, FIRST_RELIC):
        if M.trade_card(s, p, c):
            mask[A.CARD + c] = 1


@shell_kernel
def _trade_card(s, a):
    """O5.3.2: the card to trade with; how to trade (for favor or secrets) comes next."""
    s["target"] = a - A.CARD
    s["phase"] = PH_TRADE_MODE


@shell_kernel
def _recover_bank_legal(mask):
    for b in range(N_SUITS):
        mask[A.SUIT + b] = 1


@shell_kernel
def _travel(s, a):
    """O5.6.1: the destination, chosen by the current player (or the Shrouded Wood's ruler, D1)."""
    s["actor"] = s["current"]
    hosted = s["mod_on"][M.HOSPITALITY]
    M.choose_destination(s, s["current"], a - A.SLOT)
    host(s, hosted)


@shell_kernel
def _travel_free(s, p, a):
    """How to pay for the travel: a site's or card's way (OPTION k), or the Supply (END)."""
    hosted = s["mod_on"][M.HOSPITALITY]
    M.travel(s, p, s["target"], M.TRAVEL_PAYING if a == A.END else a - A.OPTION)
    host(s, hosted)


@shell_kernel
def _move_with(s, a):
    """O6.5: the Imperial player at your site to give warbands to or take them from."""
    s["move_with"] = a - A.SEAT
    s["phase"] = PH_MOVE_COUNT


@shell_kernel
def _shed(s, p, a):
    N.shed(s, p, a)
    _power_goes_on(s)


@shell_kernel
def _discard_down(s, p, a):
    N.discard_down(s, p, a - A.CARD)
    _power_goes_on(s)


@shell_kernel
def _slum(s, p, a):
    N.slum_discard(s, p, a)
    _power_goes_on(s)


@shell_kernel
def _power_goes_on(s):
    """The power that asked for a shed, a discard-down or a Great Slum discard goes on."""
    if s["phase"] == PH_POWER:
        W.go_on(s, s["current"])


@shell_kernel
def _rest_legal(s, p, mask):
    """O4.3.5: a Rest power to use, or pass the turn (END)."""
    W.rest_legal(s, p, mask)
    mask[A.END] = 1


@shell_kernel
def _rest(s, p, a):
    if a == A.END:
        pass_turn(s, p)
    else:
        s["used"][a - A.CARD] = 1
        W.start(s, p, a - A.CARD, W.KIND_REST, PH_REST)


@shell_kernel
def _modify(s, p, a):
    """O7.4: an optional modifier of the action under way, or go on with it; a travel goes on."""
    X.apply(s, p, a)
    if s["phase"] == PH_TRAVEL:
        enter_travel(s, p)


@shell_kernel
def _free_campaign(s, a):
    """D2 Hunting Party, Knights Errant: campaign now spending no Supply (OPTION 0), or not."""
    s["free_campaign"] = FREE_TAKEN if a == A.OPTION + 0 else FREE_NONE
    s["phase"] = PH_CAMPAIGN_DEFENDER if a == A.OPTION + 0 else PH_ACT


@shell_kernel
def _title_legal(s, mask):
    """O2.11: the title holder picks which qualifying player takes it."""
    out = np.zeros(s["n_players"], dtype=np.int8)
    B.title_candidates(s, out)
    for q in range(s["n_players"]):
        if out[q]:
            mask[A.SEAT + q] = 1


@shell_kernel
def _title(s, a):
    take_title(s, a - A.SEAT)
    s["phase"] = s["title_return"]
    s["actor"] = s["title_actor"]


@shell_kernel
def _react_legal(s, p, mask):
    """A card's holder answering outside the usual order (`react_card`); `react` plays the answer."""
    if s["react_card"] == K.SECOND_WIND:
        K.second_wind_legal(s, p, mask)
    elif s["react_card"] == K.STICKY_FIRE:
        _yes_or_no(mask)
    elif s["react_card"] == K.RELIC_HUNTER:
        K.relic_hunter_legal(s, mask)
    elif s["react_card"] == PL.WILD_MOUNTS:
        K.wild_mounts_legal(s, mask)
    else:
        PS.react_legal(s, mask)


@shell_kernel
def when_played(s, p):
    """O7.3: a card just played faceup runs its When-played power (after the site's favor and
    Homeland, which the play itself resolved)."""
    c = s["playing"]
    if s["faceup"][c] and (s["zone"][c] == Z_SITE or s["zone"][c] == Z_ADVISER) and W.ENTRY[c, W.KIND_PLAYED] > 0:
        W.start(s, p, c, W.KIND_PLAYED, PH_ACT)


@shell_kernel
def host(s, hosted):
    """Hospitality (D3), once its travel is done: a favor from a bank matching the new site and
    an adviser."""
    if hosted and s["phase"] == PH_ACT:
        W.start(s, s["current"], M.HOSPITALITY, W.KIND_MODIFIER, PH_ACT)


# ================================================================== running on between decisions
@kernel
def run_on(s):
    """Settle the title, then do what needs no decision until one is due or the game ends."""
    B.kinship_sweep(s)  # D2: the Vow of Kinship's holder's favor, as the card takes effect
    while s["terminal"] == 0:
        if s["phase"] >= PH_BEGIN_TURN and s["phase"] != PH_TITLE and settle_title(s):
            return
        if s["phase"] == PH_BEGIN_TURN:
            wake(s)
        elif s["phase"] == PH_ACT and s["warden"] != WARDEN_NONE:
            M.second_keep(s, s["current"])  # the Search goes on: Land Warden's second card
            if s["phase"] != PH_ACT:
                return
        elif s["phase"] == PH_ACT and s["prophet_due"]:
            M.play_prophesied(s)
            return
        elif s["phase"] == PH_ACT and s["react_due"] and PS.next_reaction(s):
            return
        elif s["phase"] == PH_ACT and s["react_due"]:  # only Sneak Attack's is left
            if K.ask_sneak_attack(s):
                return
        elif s["phase"] == PH_ACT and s["end_act"] and s["interrupted"] < 0:  # not the Sneak Attack's turn
            s["end_act"] = 0
            s["free_campaign"] = FREE_NONE
            rest(s, s["current"])
        elif s["phase"] == PH_ACT and s["free_campaign"] == FREE_SECOND_WIND:
            K.ask_second_wind(s)
            return
        elif s["phase"] == PH_ACT and s["free_campaign"] == FREE_OFFERED:
            # Hunting Party, Knights Errant: once the action (and any power it set off) is done
            if K.can_campaign(s, s["current"]):
                s["phase"] = PH_FREE_CAMPAIGN
                s["actor"] = s["current"]
                return
            s["free_campaign"] = FREE_NONE
        elif s["phase"] == PH_ACT and s["interrupted"] >= 0:
            K.sneak_attack_over(s)
        else:
            return


@kernel
def take_title(s, q):
    B.take_title(s, q)
    PS.title_taken(s, q)


@shell_kernel
def settle_title(s):
    """O2.11, checked after every change: a single qualifier takes the title; among several the
    holder chooses (PH_TITLE, True returned: a decision is due)."""
    out = np.zeros(s["n_players"], dtype=np.int8)
    n = B.title_candidates(s, out)
    if n == 0:
        return False
    if n == 1:
        for q in range(s["n_players"]):
            if out[q]:
                take_title(s, q)
        return False
    s["title_return"] = s["phase"]
    s["title_actor"] = s["actor"]
    s["phase"] = PH_TITLE
    s["actor"] = s["title_holder"]
    return True


# ================================================================== Wake (O4.1)
@shell_kernel
def wake(s):
    p = s["current"]
    s["actor"] = p
    s["scepter_fresh"] = -1
    s["free_campaign"] = FREE_NONE
    M.clear_mods(s)
    for slot in range(N_SLOTS):
        s["site_discards"][slot] = 0
    s["wake_left"] = 0
    if s["pf_holder"] == p:
        s["wake_left"] = 2 if s["pf_mob"] else 1
    wake_next(s)


@kernel
def peoples_favor_legal(s, p, mask):
    """O4.1.1 I: place a favor (OPTION 0) or return one to a bank with the fewest favor (SUIT);
    with exactly one favor on it you must place, unless you have none."""
    if B.spendable_favor(s, p) > 0:
        mask[A.OPTION + 0] = 1
    if s["pf_tokens"] > 1 or (s["pf_tokens"] == 1 and s["favor"][p] == 0):  # Nomad-bank favor is never forced (D2)
        fewest = 127
        for b in range(N_SUITS):
            fewest = min(fewest, s["favor_bank"][b])
        for b in range(N_SUITS):
            if s["favor_bank"][b] == fewest:
                mask[A.SUIT + b] = 1


@shell_kernel
def peoples_favor(s, p, a):
    if a == A.OPTION + 0:
        B.spend_favor(s, p, 1)
        s["pf_tokens"] += 1
    else:
        s["pf_tokens"] -= 1
        s["favor_bank"][a - A.SUIT] += 1
    s["wake_left"] -= 1
    wake_next(s)


@kernel
def wake_next(s):
    """The rest of the Wake after each People's Favor step, then the Act phase."""
    p = s["current"]
    while s["wake_left"] > 0:
        mask = np.zeros(A.N_ACTIONS, dtype=np.int8)
        peoples_favor_legal(s, p, mask)
        if mask.sum() > 0:
            s["phase"] = PH_PEOPLES_FAVOR
            return
        s["wake_left"] -= 1  # nothing to place or return
    if s["pf_holder"] == p and s["pf_tokens"] >= MOB_FAVOR:
        s["pf_mob"] = 1  # O4.1.1 III
    if s["side"][p] == SIDE_EXILE:
        if s["title_holder"] == p and s["usurper"]:  # O4.1.2, O3.1
            win(s, p, WIN_USURPER)
            return
        for k in range(N_VISIONS):
            if visionary(s, p, k):  # O3.2
                win(s, p, WIN_VISIONARY)
                return
        if s["title_holder"] == p:
            s["usurper"] = 1  # O4.1.3
    s["phase"] = PH_ACT
    slot = s["pawn"][p]
    if (site_power_at(s, slot) == OPPORTUNITY and (s["slot_favor"][slot] > 0 or s["slot_secrets"][slot] > 0)):
        s["phase"] = PH_OPPORTUNITY  # O4.1.4


@kernel
def site_power_at(s, slot):
    return M.SITE_POWER[s["slot_site"][slot]] if s["slot_faceup"][slot] else 0


@kernel
def counts_vision(s, p, k):
    """p has Vision k (index into data.VISIONS) revealed: on p's board, or another's Vision
    carrying p's False Prophet warband (D2)."""
    v = FIRST_VISION + k
    return s["zone"][v] == Z_VISION_SPACE and (s["where"][v] == p or s["prophet"][k] == p)


@kernel
def visionary(s, p, k):
    """O3.2: p wins with Vision k, revealed and its goal met."""
    return (counts_vision(s, p, k) and s["visions_drawn"] >= VISIONS_NEEDED and VISION_GOAL[k] >= 0
            and B.meets_goal(s, p, VISION_GOAL[k], True))


# ================================================================== Act (O4.2)
@shell_kernel
def act_legal(s, p, mask):
    N.act_options(s, p, mask)
    W.action_legal(s, p, mask)  # O6.2
    if W.tribunal_open(s, p):
        mask[A.OPTION + ACT_TRIBUNAL] = 1
    for k in range(6):
        if K.can_campaign(s, p) if k == M.CAMPAIGN else X.possible_with_any(s, p, k):
            mask[A.MAJOR + k] = 1
    for c in range(1, N_CARDS):
        if s["zone"][c] == Z_ADVISER and s["where"][c] == p and not s["faceup"][c]:
            mask[A.CARD + c] = 1  # O6.1: play or discard a facedown adviser
    for k in range(MAX_SITE_RELICS):
        r = C.site_relic(s, s["pawn"][p], k)
        if r > 0 and not (s["known"][r] >> p & 1):
            mask[A.FACEDOWN + k] = 1  # O6.3: peek at a facedown relic at your site
    mask[A.END] = 1


@kernel
def act(s, p, a):
    if a == A.END:
        rest(s, p)
        return
    if a >= A.CARD:
        c = a - A.CARD
        if s["zone"][c] == Z_ADVISER and not s["faceup"][c]:
            s["playing"] = c
            s["play_from"] = PLAY_FROM_ADVISER
            s["phase"] = PH_PLAY
        else:
            W.use_action(s, p, c, PH_ACT)
        return
    if a >= A.FACEDOWN:  # a peek (O6.3, O6.4)
        k = a - A.FACEDOWN
        r = C.site_relic(s, s["pawn"][p], k) if k < A.RELIQUARY_AT else s["reliquary"][k - A.RELIQUARY_AT]
        s["known"][r] |= 1 << p
        return
    if a == A.OPTION + ACT_TRIBUNAL:
        W.use_tribunal(s, p, PH_ACT)
        return
    if a < A.MAJOR:
        N.start(s, p, a - A.OPTION)
        return
    k = a - A.MAJOR
    if k == M.SEARCH:
        X.begin(s, p, M.SEARCH, PH_SEARCH_SOURCE)
    elif k == M.MUSTER:
        X.begin(s, p, M.MUSTER, PH_MUSTER)
    elif k == M.TRADE:
        X.begin(s, p, M.TRADE, PH_TRADE_CARD)
    elif k == M.RECOVER:
        X.begin(s, p, M.RECOVER, PH_RECOVER)
    elif k == M.CAMPAIGN:
        s["phase"] = PH_CAMPAIGN_DEFENDER
    else:
        X.begin(s, p, M.TRAVEL, PH_TRAVEL)
        if s["phase"] == PH_TRAVEL:
            enter_travel(s, p)


@kernel
def enter_travel(s, p):
    """The destination is chosen by the traveller, or by the Shrouded Wood's enemy ruler (D1)."""
    s["phase"] = PH_TRAVEL
    chooser = M.shrouded_chooser(s, p)
    if chooser >= 0:
        s["actor"] = chooser


# ================================================================== Rest (O4.3) and the round
@kernel
def rest(s, p):
    """O4.3.1-4: tokens on cards go home, secrets flip faceup, Supply refreshes and is saved."""
    for c in range(1, N_CARDS):
        if s["card_favor"][c] > 0 or s["card_secrets"][c] > 0:
            M.return_tokens(s, c, p, False)
    s["secrets"][p] += s["secrets_down"][p]
    s["secrets_down"][p] = 0
    if s["side"][p] == SIDE_CITIZEN:
        refresh = s["supply"][CHANCELLOR]
    elif p == CHANCELLOR:
        refresh = CHANCELLOR_REFRESH[min(s["bank_warbands"][B.ruling_colour(s, p)], 39)]
    else:
        refresh = EXILE_REFRESH[min(s["bank_warbands"][s["colour"][p]], 39)]
    s["supply"][p] = min(SUPPLY_MAX, refresh + s["supply"][p])
    for c in range(N_CARDS):
        s["used"][c] = 0
    mask = np.zeros(A.N_ACTIONS, dtype=np.int8)
    if W.rest_legal(s, p, mask) > 0:
        s["phase"] = PH_REST  # O4.3.5
        s["actor"] = p
        return
    pass_turn(s, p)


@kernel
def pass_turn(s, p):
    """Play passes clockwise; after the last player, the round ends."""
    s["turn"] += 1
    if p + 1 < s["n_players"]:
        s["current"] = p + 1
        s["phase"] = PH_BEGIN_TURN
        return
    end_round(s)


@kernel
def imperial_title(s):
    h = s["title_holder"]
    return h >= 0 and B.imperial(s, h)


@kernel
def end_round(s):
    """O3.3 at the end of rounds 5-7, O3.4 at the end of round 8, else the next round. The
    round's end is nobody's turn: the Chancellor, who starts the next round, is marked current
    (no Exile wears the Grand Mask for Squalid District's choice)."""
    s["current"] = CHANCELLOR
    r = s["round"]
    if r >= ROUNDS:
        war_exhaustion(s)
        return
    least = STABLE_REGIME_LEAST[r]
    if least > 0 and imperial_title(s):
        die = 1 + rng.below(s, 6)
        q = PS.squalid_ruler(s)
        if q >= 0 and die - 1 < least <= die + 1:  # Squalid District's ruler can change the outcome
            s["end_die"] = die
            s["react_card"] = PS.SQUALID_CARD
            s["phase"] = PH_REACT
            s["actor"] = q
            return
        end_die(s, die)
        return
    next_round(s)


@kernel
def end_die(s, die):
    """O3.3: the Chancellor wins on the round's number or more; otherwise the next round."""
    if die >= STABLE_REGIME_LEAST[s["round"]]:
        chancellor_wins(s, WIN_STABLE_REGIME)
    else:
        next_round(s)


@kernel
def next_round(s):
    s["round"] += 1
    s["current"] = CHANCELLOR
    s["phase"] = PH_BEGIN_TURN


@kernel
def react(s, a):
    """A card's holder answers outside the usual order (PH_REACT): the end die's change, the bank
    to gain from, Martial Culture's Citizenship, Sticky Fire's burning, Second Wind's travel, the
    relics Relic Hunter took, Wild Mounts' discard, Relic Thief's roll, Jinx's reroll, Sneak
    Attack's campaign."""
    if s["react_card"] == K.STICKY_FIRE:
        K.answer_sticky_fire(s, a == A.OPTION + 0)
    elif s["react_card"] == K.RELIC_HUNTER:
        K.answer_relic_hunter(s, a)
    elif s["react_card"] == PL.WILD_MOUNTS:
        K.answer_wild_mounts(s, a)
    elif s["react_card"] == PS.RELIC_THIEF:
        PS.steal(s, a == A.OPTION + 0)
    elif s["react_card"] == PS.JINX:
        reroll = a == A.OPTION + 0
        roll = PS.jinx_answered(s, reroll)
        if roll == JINX_GAMBLE:
            W.gamble_rerolled(s, reroll)
        elif roll == JINX_THIEF_CAUGHT or roll == JINX_THIEF_FREE:
            PS.thief_rerolled(s, roll, reroll)
        else:
            K.jinx_rerolled(s, roll, reroll)
    elif s["react_card"] == PS.SNEAK_ATTACK:
        K.answer_sneak_attack(s, a == A.OPTION + 0)
    elif s["react_card"] == K.SECOND_WIND:
        K.second_wind_travel(s, a)
    elif s["react_card"] == PS.MARTIAL_CULTURE:
        q = s["actor"]
        s["react_card"] = 0
        s["phase"] = PH_ACT
        s["actor"] = s["current"]
        if a == A.OPTION + 0:
            N.become_citizen(s, q)  # no Reliquary relic; the Act phase ends if it is q's turn
    elif s["react_card"] == PS.SQUALID_CARD:
        die = s["end_die"] + a - A.OPTION - 1
        s["react_card"] = 0
        s["end_die"] = 0
        end_die(s, die)
    else:
        PS.gain_reaction(s, a - A.SUIT)


@shell_kernel
def war_exhaustion(s):
    """O3.4, in order: an Imperial Oathkeeper, an Exile Usurper, a Visionary, else the Empire."""
    if imperial_title(s):
        chancellor_wins(s, WIN_WAR_EXHAUSTION)
        return
    h = s["title_holder"]
    if h >= 0 and s["side"][h] == SIDE_EXILE and s["usurper"]:
        win(s, h, WIN_WAR_EXHAUSTION)
        return
    for k in range(VISIONARY_ORDER.shape[0]):
        for p in range(s["n_players"]):
            if s["side"][p] == SIDE_EXILE and visionary(s, p, VISIONARY_ORDER[k]):
                win(s, p, WIN_WAR_EXHAUSTION)
                return
    chancellor_wins(s, WIN_WAR_EXHAUSTION)


@kernel
def chancellor_wins(s, kind):
    """O3.3.1: a Citizen who meets the Oath's Successor goal wins instead of the Chancellor."""
    goal = B.SUCCESSOR_GOAL[s["oath"]]
    for p in range(s["n_players"]):
        if s["side"][p] == SIDE_CITIZEN and B.goal_score(s, p, goal) > 0:
            win(s, p, WIN_SUCCESSOR)
            return
    win(s, CHANCELLOR, kind)


@kernel
def win(s, p, kind):
    s["winner"] = p
    s["win_kind"] = kind
    s["terminal"] = 1
    s["phase"] = PH_GAME_OVER
    s["actor"] = p


@kernel
def ranks(s, out):
    """Places for rewards: the winner first, everyone else shares second (O3: one winner)."""
    for p in range(s["n_players"]):
        out[p] = 0 if p == s["winner"] else 1

