"""The effect machine and the turn: card programs, I12 keywords, turn types, cleanup, reshuffle,
Solstice, game end and collapse. Each test builds a position, plays actions by name and checks
where cards and resources went."""

from __future__ import annotations

import ast
import inspect

import numpy as np
import pytest

from meeplegym import IllegalActionError
from meeplegym import programs as P
from meeplegym.envs.imperium import action_names
from meeplegym.envs.imperium import actions as A
from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import effects as E
from meeplegym.envs.imperium import engine, invariants
from meeplegym.envs.imperium.rules import steps
from meeplegym.envs.imperium.rules.payment import payable
from meeplegym.envs.imperium.rules import zones as Z
from meeplegym.envs.imperium.state import (
    DEC_ALLOT,
    DEC_CARD,
    DEC_CHOOSE,
    DEC_MARKET,
    DEC_REACT,
    DEC_ROUTE,
    DEC_YESNO,
    PH_ACTIVATE,
    PH_CLEANUP_DISCARD,
    PH_CLEANUP_MARKET,
    PH_EFFECT,
    PH_GAME_OVER,
    PH_SOLSTICE,
    PH_TURN_TYPE,
    POP,
    PRG,
    Z_BOX,
    Z_DISCARD,
    Z_DRAW,
    Z_EXILE,
    Z_FAME_PILE,
    Z_GARRISON,
    Z_HAND,
    Z_HISTORY,
    Z_MARKET,
    Z_NATION_DECK,
    Z_PLAY,
    Z_UNREST_PILE,
)
from tests.imperium import scenario as sc


def set_pool(s, p, mat=0, pop=0, prg=0, gds=0):
    s["pool"][p] = (mat, pop, prg, gds)


def an_unrest_in_pile(s):
    return int(s["unrest_pile"][s["unrest_size"] - 1])


# ---------------------------------------------------------------- the compiler
class _Words(P.Vocabulary):
    def step(self, words, flags):
        if words[0] not in ("a", "b", "c"):
            raise ValueError("unknown keyword")
        return {P.COL_OP: P.FIRST_GAME_OP + "abc".index(words[0])}, flags

    def condition(self, words):
        return {}


def test_choose_may_and_costs_compile_to_jumps():
    out = P.Compiled()
    start = P.compile_program("a => choose { b | may c }; a", _Words(), out, "test")
    rows = out.rows
    assert rows[start][P.COL_FLAGS] & P.F_COST  # `a` before => is a cost (I6.5)
    choose = rows[start + 1]
    assert choose[P.COL_OP] == P.OP_CHOOSE and choose[2] == 2
    (s1, e1), (s2, e2) = out.options[choose[3]], out.options[choose[3] + 1]
    assert rows[s1][P.COL_OP] == P.FIRST_GAME_OP + 1  # b
    assert rows[s2][P.COL_OP] == P.OP_MAY and rows[rows[s2][P.COL_JUMP] - 1][P.COL_OP] == P.FIRST_GAME_OP + 2
    for end in (e1, e2):  # every option ends by jumping past the CHOOSE
        assert rows[end][P.COL_OP] == P.OP_JMP and rows[end][P.COL_JUMP] == choose[P.COL_JUMP]
    assert rows[choose[P.COL_JUMP]][P.COL_OP] == P.FIRST_GAME_OP  # the final `a`
    assert not rows[choose[P.COL_JUMP]][P.COL_FLAGS] & P.F_COST


def test_bad_program_names_the_card():
    with pytest.raises(P.ProgramError, match="XYZ1 PLAY.*unknown keyword"):
        P.compile_program("a; zap 2", _Words(), P.Compiled(), "XYZ1 PLAY")
    with pytest.raises(P.ProgramError, match="at least two"):
        P.compile_program("choose { a }", _Words(), P.Compiled(), "t")


def test_every_card_text_compiles_and_unrest_shares_one_program():
    # the Cultists' chaos cards and ceremony cards have texts of their own (C4.CUL)
    unrest = [c.id for c in E.D.CARDS if c.banner == E.D.Suit.UNREST
              and c.start != E.D.Start.CHS and c.id not in E.CEREMONY_CARDS]
    entries = {int(E.ENTRY[E.K.record_index(i), E.TRIG_PLAY]) for i in unrest}
    assert len(entries) == 1 and entries != {0}
    chaos = {int(E.ENTRY[E.K.record_index(c.id), E.TRIG_PLAY]) for c in E.D.CARDS if c.start == E.D.Start.CHS}
    assert len(chaos) == 1 and chaos.isdisjoint(entries | {0})
    assert E.UNIMPLEMENTED == {}  # every Horizons card text runs


# ---------------------------------------------------------------- Pay (I12)
@pytest.mark.rule("I12")
@pytest.mark.parametrize(
    "pool, need, ok",
    [
        ((3, 0, 0, 0), (3, 0, 0, 0), True),
        ((1, 0, 1, 0), (3, 0, 0, 0), True),  # 1 prg pays 2 mat
        ((0, 0, 0, 1), (0, 1, 0, 0), True),  # 1 gds pays 1 pop
        ((5, 0, 0, 0), (0, 1, 0, 0), False),  # mat never replaces pop
        ((0, 0, 1, 0), (0, 1, 1, 0), False),  # the prg owed cannot also pay the pop
        ((0, 1, 0, 0), (0, 0, 1, 0), False),  # prg itself has no substitute
        ((1, 1, 1, 1), (4, 2, 0, 0), False),
        ((2, 1, 1, 1), (4, 2, 0, 0), True),
    ],
)
def test_payment_substitution(pool, need, ok):
    s = sc.new()
    s["pool"][0] = pool
    assert payable(s, 0, np.array(need, dtype=np.int8)) == ok


# ---------------------------------------------------------------- playing cards
def _ready(nations=("japanese", "magyars"), seed=0):
    """Seat 0 (Japanese, Barbarian) about to act, with an empty hand."""
    s = sc.new(nations, seed)
    sc.empty_hand(s, 0)
    sc.activate(s)
    assert s["phase"] == PH_ACTIVATE
    return s


@pytest.mark.rule("I12", "C1")
def test_unrest_returned_by_discarding_two_cards():
    s = _ready()
    u = sc.give(s, 0, "JPN23")
    a, b = sc.give(s, 0, "JPN16"), sc.give(s, 0, "JPN17")
    set_pool(s, 0)
    sc.play(s, "JPN23")
    assert s["phase"] == PH_EFFECT and s["dec"] == DEC_CHOOSE
    assert sc.legal(s) == [A.OPTION + 1]  # no pop and no mat: only "discard 2 cards"
    sc.option(s, 1)
    sc.pick(s, "JPN16")
    sc.pick(s, "JPN17")
    assert s["zone"][u] == Z_UNREST_PILE and s["unrest_pile"][s["unrest_size"] - 1] == u
    assert s["zone"][a] == Z_DISCARD and s["zone"][b] == Z_DISCARD
    assert s["actions"][0] == 2 and s["phase"] == PH_ACTIVATE


@pytest.mark.rule("I12", "C1")
def test_unrest_pop_cost_paid_with_progress():
    s = _ready()
    sc.give(s, 0, "JPN23")
    set_pool(s, 0, prg=2)
    sc.play(s, "JPN23")
    sc.option(s, 0)  # pay 1 pop: prg is the only way, so no payment decision
    assert s["pool"][0].tolist() == [0, 0, 1, 0]


@pytest.mark.rule("I6.7", "I12")
def test_card_whose_costs_cannot_be_paid_is_not_playable():
    s = _ready()
    adv = sc.give(s, 0, "JPN20")  # Advance: pay 3 mat => acquire ¦ pay 5 mat => break through
    set_pool(s, 0, mat=2)
    assert A.CARD + adv not in sc.legal(s)
    set_pool(s, 0, mat=3)
    sc.play(s, "JPN20")
    assert s["dec"] == DEC_CHOOSE and sc.legal(s) == [A.OPTION]


@pytest.mark.rule("I12", "I3.13")
def test_acquire_takes_resources_and_the_unrest_and_refills():
    s = _ready()
    sc.give(s, 0, "JPN20")
    set_pool(s, 0, mat=3)
    slot = next(k for k in range(5) if s["market"][k] >= 0 and E.K.BANNER[s["market"][k]] in (1, 2))
    target = int(s["market"][slot])
    s["card_res"][target] = (0, 0, 2, 1)
    tucked = int(s["market_unrest"][slot])
    pile_before = int(s["unrest_size"])
    sc.play(s, "JPN20")
    sc.option(s, 0)
    assert s["dec"] == DEC_MARKET
    sc.act(s, A.MARKET + slot)
    assert s["zone"][target] == Z_HAND and s["owner"][target] == 0
    assert s["pool"][0].tolist() == [0, 0, 2, 1]
    assert s["card_res"][target].tolist() == [0, 0, 0, 0]
    assert tucked < 0 or (s["zone"][tucked] == Z_HAND and s["owner"][tucked] == 0)
    new = s["market"][slot]
    assert new >= 0 and new != target and s["zone"][new] == Z_MARKET
    if not Z.matches(s, new, 1 << 0, 0, False, False, False):  # a non-region gets an unrest
        assert s["market_unrest"][slot] >= 0 and s["unrest_size"] == pile_before - 1


@pytest.mark.rule("I1.4", "I7.1", "I12")
def test_a_market_card_holds_and_hands_over_more_tokens_than_a_byte_counts():
    """Resources are unlimited (I1.4). Found by the bot soak (issue 13): in two 2-player games
    (seeds 200000775 and 200001804) the bots never acquired one market card and kept putting
    their cleanup token (I7.1) on it; at 128 the count on the card wrapped to -128."""
    s = sc.ready()
    c = int(s["market"][0])
    s["card_res"][c, PRG] = 127
    assert sc.cleanup_token(s) == (0, 0, 1, 0)
    assert s["card_res"][c, PRG] == 128
    assert invariants.check(s) == []

    s = _ready()  # whoever acquires it takes every token (I12 Acquire)
    sc.give(s, 0, "JPN20")
    set_pool(s, 0, mat=3)
    slot = next(k for k in range(5) if s["market"][k] >= 0 and E.K.BANNER[s["market"][k]] in (1, 2))
    s["card_res"][int(s["market"][slot])] = (0, 0, 300, 0)
    sc.play(s, "JPN20")
    sc.option(s, 0)
    sc.act(s, A.MARKET + slot)
    assert s["pool"][0].tolist() == [0, 0, 300, 0]
    assert invariants.check(s) == []


@pytest.mark.rule("I12")
def test_break_through_from_the_market_returns_its_unrest():
    s = _ready()
    sc.give(s, 0, "JPN19")  # Clans: take unrest, pay 1 pop => break through REG
    set_pool(s, 0, pop=1)
    slot = 2  # the region slot (I3.12)
    region = sc.to_market(s, slot, "3REG9")
    s["market_unrest"][slot] = -1
    sc.play(s, "JPN19")
    assert PH_EFFECT == s["phase"]
    legal = sc.legal(s)
    assert A.MARKET + slot in legal and A.PILE + 0 in legal  # market or the region pile
    assert A.PILE + 3 not in legal  # the main deck only once the region pile has none (I12)
    sc.act(s, A.MARKET + slot)
    assert s["zone"][region] == Z_HAND


@pytest.mark.rule("I12")
def test_a_market_card_with_resources_cannot_be_exiled():
    s = _ready()
    sc.give(s, 0, "JPN17")
    sc.give(s, 0, "3REG10")  # Valley: exile a card from the market, may garrison
    loaded = int(s["market"][0])
    s["card_res"][loaded, PRG] = 1
    sc.play(s, "3REG10")
    assert s["dec"] == DEC_MARKET
    legal = sc.legal(s)
    assert A.MARKET + 0 not in legal and len(legal) >= 1
    slot = legal[0] - A.MARKET
    gone = int(s["market"][slot])
    sc.act(s, legal[0])
    assert s["zone"][gone] == Z_EXILE and s["market"][slot] != gone


@pytest.mark.rule("I12")
def test_garrison_under_the_region_and_follow_it_when_abandoned():
    s = _ready()
    kyushu = sc.give(s, 0, "JPN17")
    other = sc.give(s, 0, "JPN16")
    sc.play(s, "JPN17")  # Kyushu: may garrison a card
    assert s["dec"] == DEC_YESNO
    sc.yes(s)
    assert s["dec"] == DEC_CARD
    sc.pick(s, "JPN16")  # the only region in play is the host: no host decision
    assert s["zone"][other] == Z_GARRISON and s["host"][other] == kyushu
    assert s["phase"] == PH_ACTIVATE
    Z.put(s, kyushu, Z_DISCARD, 0)  # abandon (I12): the garrisoned card goes along
    assert s["zone"][other] == Z_DISCARD


@pytest.mark.rule("I12")
def test_free_action_keyword_spends_no_action():
    s = _ready()
    sc.give(s, 0, "3UNC9")  # Oracle (BARB, free action): draw 2 and discard one of them
    drawn_before = set(sc.hand(s, 0))
    sc.play(s, "3UNC9")
    assert s["actions"][0] == 3
    new = [c for c in sc.hand(s, 0) if c not in drawn_before]
    assert len(new) == 2 and s["dec"] == DEC_CARD
    assert sorted(a - A.CARD for a in sc.legal(s)) == sorted(new)  # only the drawn cards (of:drawn)
    sc.act(s, A.CARD + new[0])
    assert s["zone"][new[0]] == Z_DISCARD and s["zone"][new[1]] == Z_HAND


@pytest.mark.rule("I5.4")
def test_state_icon_restricts_playing():
    s = _ready()
    emp = sc.give(s, 0, "3CIV13")  # Mercenaries: EMP only
    set_pool(s, 0, pop=1)
    assert A.CARD + emp not in sc.legal(s)
    Z.flip_state(s, 0)
    assert A.CARD + emp in sc.legal(s)


@pytest.mark.rule("I12", "C4.JPN")
def test_find_and_free_play_ignoring_the_state():
    """Prince Shotoku Taishi's second option (the seed's worked turn, steps 4-5)."""
    s = _ready()
    sc.give(s, 0, "JPN22")
    metro = sc.give(s, 0, "3CIV6")  # Metropolis: EMP, pinned, Solstice only
    kanji = sc.card("JPN9")
    assert s["zone"][kanji] in (Z_DRAW, Z_NATION_DECK)
    sc.play(s, "JPN22")
    assert A.OPTION + 1 in sc.legal(s)
    sc.option(s, 1)
    sc.pick(s, "3CIV6")
    assert s["zone"][metro] == Z_PLAY and s["free_played"][metro] == 1
    assert s["zone"][kanji] == Z_HAND
    assert s["zone"][sc.card("JPN22")] == Z_HISTORY
    assert s["actions"][0] == 2  # only Shotoku spent an action


# ---------------------------------------------------------------- turn types (I4)
@pytest.mark.rule("I4.4")
def test_innovate_discards_the_hand_and_breaks_through():
    s = sc.new()
    before = sc.hand(s, 0)
    sc.act(s, A.TURN_TYPE + A.INNOVATE)
    assert all(s["zone"][c] == Z_DISCARD for c in before)
    sc.act(s, A.SUIT + 2)  # civilised
    assert s["phase"] == PH_EFFECT and s["dec"] == DEC_ROUTE
    route = sc.legal(s)[0]
    sc.act(s, route)
    gained = [c for c in sc.hand(s, 0)]
    assert len(gained) == 1 and E.K.SUITS[gained[0]] & (1 << 2)
    assert s["phase"] == PH_CLEANUP_MARKET


@pytest.mark.rule("I4.5")
def test_revolt_returns_unrest_for_free():
    s = sc.new()
    sc.empty_hand(s, 0)
    u = sc.give(s, 0, "JPN23")
    keep = sc.give(s, 0, "JPN16")
    set_pool(s, 0)
    sc.act(s, A.TURN_TYPE + A.REVOLT)
    assert sc.legal(s) == sorted([A.END, A.CARD + u])
    sc.act(s, A.CARD + u)
    assert s["zone"][u] == Z_UNREST_PILE and s["zone"][keep] == Z_HAND
    sc.act(s, A.END)
    assert s["phase"] == PH_CLEANUP_MARKET


# ---------------------------------------------------------------- cleanup and reshuffle (I7, I8)
@pytest.mark.rule("I7.1", "I7.2", "I7.3", "I7.4")
def test_cleanup_token_reset_discard_and_draw_up():
    s = sc.new()
    sc.activate(s)
    s["actions"][0] = 0
    s["exhaust_tokens"][0] = 1
    sc.act(s, A.END)
    assert s["phase"] == PH_CLEANUP_MARKET
    target = int(s["market"][4])
    before = int(s["card_res"][target, PRG])
    sc.act(s, A.MARKET + 4)
    assert s["card_res"][target, PRG] == before + 1
    assert s["actions"][0] == 3 and s["exhaust_tokens"][0] == 5
    assert s["phase"] == PH_CLEANUP_DISCARD
    dropped = sc.hand(s, 0)[:2]
    for c in dropped:
        sc.pick(s, E.K.RECORD_IDS[c])
    sc.act(s, A.END)
    assert len(sc.hand(s, 0)) == 5
    assert s["current"] == 1 and s["phase"] == PH_TURN_TYPE


@pytest.mark.rule("I8.2", "I8.3", "I8.5")
def test_reshuffle_takes_the_top_nation_card():
    s = sc.new()
    sc.activate(s)
    while s["draw_size"][0] > 0:  # empty the draw pile into the discard pile
        Z.put(s, int(s["draw_pile"][0, s["draw_size"][0] - 1]), Z_DISCARD, 0)
    top = int(s["nation_deck"][0, s["nation_size"][0] - 1])
    size = int(s["nation_size"][0])
    sc.act(s, A.END)
    sc.act(s, A.MARKET + 0)
    for c in sc.hand(s, 0):
        sc.pick(s, E.K.RECORD_IDS[c])
    sc.act(s, A.END)
    assert s["nation_size"][0] == size - 1
    assert s["owner"][top] == 0 and s["zone"][top] in (Z_HAND, Z_DRAW)
    assert s["deck_token"][0] == 1 and s["exhaust_tokens"][0] == 4
    assert len(sc.hand(s, 0)) == 5


@pytest.mark.rule("I8.3")
def test_accession_card_flips_the_state():
    s = sc.new()
    while s["nation_size"][0] > 1:
        Z.put(s, int(s["nation_deck"][0, s["nation_size"][0] - 1]), Z_BOX, -1)
    assert Z.state_icons(s, 0) == 1 << 0  # Barbarian
    assert Z.nation_deck_step(s, 0)
    assert s["zone"][sc.card("JPN2")] == Z_DISCARD
    assert Z.state_icons(s, 0) == 1 << 1  # Empire


# ---------------------------------------------------------------- Solstice, fame, game end
def _finish_turn(s):
    if s["phase"] == PH_TURN_TYPE:
        sc.activate(s)
    sc.act(s, A.END)
    sc.act(s, A.MARKET + 0)
    sc.act(s, A.END)


@pytest.mark.rule("I9.1", "I9.4")
def test_solstice_effects_resolve_after_the_round():
    s = sc.new()
    metro = sc.give(s, 0, "3CIV6", Z_PLAY)
    city = sc.give(s, 0, "3UNC17", Z_PLAY)  # City: may discard => choose
    set_pool(s, 0)
    _finish_turn(s)
    _finish_turn(s)
    assert s["phase"] == PH_SOLSTICE and s["actor"] == 0
    assert sorted(sc.legal(s)) == sorted([A.CARD + metro, A.CARD + city])  # own order (I9.4)
    sc.act(s, A.CARD + metro)
    assert s["dec"] == DEC_CHOOSE
    sc.option(s, 1)  # gain 1 pop
    assert s["pool"][0, POP] == 1
    assert s["dec"] == DEC_YESNO  # City's MAY comes next, without asking the order again
    sc.no(s)
    assert s["phase"] == PH_TURN_TYPE and s["round"] == 2 and s["current"] == 0


@pytest.mark.rule("I11.3", "I11.4", "I11.5", "I10.1")
def test_king_of_kings_resolves_when_it_is_the_only_fame_card():
    s = _ready()
    while s["fame_size"] > 1:
        Z.put(s, int(s["fame_pile"][s["fame_size"] - 1]), Z_BOX, -1)
    set_pool(s, 0, mat=0)
    s["pool"][0, PRG] = 0
    # Glory: abandon 3 REG => look at the top 2 fame cards, take one
    for rid in ("JPN16", "JPN17", "JPN12"):
        sc.give(s, 0, rid, Z_PLAY)
    sc.give(s, 0, "JPN21")
    sc.play(s, "JPN21")
    for rid in ("JPN16", "JPN17", "JPN12"):
        sc.pick(s, rid)
    assert s["pool"][0, PRG] == 6  # side A while Barbarian
    assert s["kok_side"] == 1 and s["kok_used"][0] == 1 and s["game_end_triggered"] == 1
    assert s["zone"][sc.card("3FAM10A")] == Z_FAME_PILE  # it never leaves the fame pile


@pytest.mark.rule("I10.5")
def test_taking_the_last_unrest_collapses_the_game():
    s = _ready()
    while s["unrest_size"] > 1:
        Z.put(s, an_unrest_in_pile(s), Z_BOX, -1)
    sc.give(s, 0, "JPN7")  # Shogun (EMP): take unrest => break through
    Z.flip_state(s, 0)
    sc.play(s, "JPN7")
    assert s["phase"] == PH_GAME_OVER and s["terminal"] and s["collapsed"]


@pytest.mark.rule("I10.1", "I10.2")
def test_after_the_trigger_the_round_and_one_more_are_played():
    s = sc.new()
    Z.trigger_game_end(s)
    for _ in range(2):  # this round
        _finish_turn(s)
    assert not s["terminal"] and s["round"] == 2
    for _ in range(2):  # one more full round
        _finish_turn(s)
    assert s["terminal"] and s["phase"] == PH_GAME_OVER


# ---------------------------------------------------------------- bad input
def test_illegal_action_raises_and_changes_nothing():
    s = sc.new()
    before = s.copy()
    with pytest.raises(IllegalActionError):
        engine.step(s, A.END)  # END is not legal when choosing the turn type
    with pytest.raises(IllegalActionError):
        engine.step(s, A.N_ACTIONS)
    assert s.tobytes() == before.tobytes()


def test_a_table_with_unimplemented_cards_is_refused(monkeypatch):
    """Every Horizons card runs now; a card whose program were missing would refuse the table."""
    engine.new_game(2, 0, nations=["martians", "cultists"])
    monkeypatch.setitem(E.UNIMPLEMENTED, "CUL5", ["PLAY"])
    with pytest.raises(Exception, match="not implemented yet"):
        engine.new_game(2, 0, nations=["martians", "cultists"])



def test_rules_coverage_lists_every_unimplemented_card_of_the_first_nations():
    from pathlib import Path

    page = (Path(__file__).parents[2] / "docs" / "rules_coverage.md").read_text()
    for card_id in E.UNIMPLEMENTED:
        card = E.D.CARD_BY_ID[card_id]
        if card.nation in (None, E.D.NationCode.JPN, E.D.NationCode.MAG) and card.expansion != E.D.Expansion.TF \
                and card.deck != E.D.Deck.TRADE_ROUTES:
            assert card_id in page, f"{card_id} ({card.name}) is not implemented but not listed"


# ---------------------------------------------------------------- attacks and defences (I12 Attack, D8)
def _attack_position():
    """Seat 0 (Magyars, Barbarian) holds Plundering; seat 1 (Japanese) has Kansai in play."""
    s = sc.new(("magyars", "japanese"))
    sc.empty_hand(s, 0)
    sc.give(s, 0, "MAG6")  # Plundering: draw 1, each other player recalls a REG, steal 1 prg from EMP
    kansai = sc.give(s, 1, "JPN16", Z_PLAY)
    sc.activate(s)
    return s, kansai


@pytest.mark.rule("I12", "C4.MAG")
def test_defence_avoids_the_attack_on_another_players_turn():
    s, kansai = _attack_position()
    archers = sc.give(s, 1, "MAG15", Z_PLAY)  # Mounted Archers: exhaust to avoid an attack
    tokens = int(s["exhaust_tokens"][1])
    sc.play(s, "MAG6")
    assert s["dec"] == DEC_REACT and s["actor"] == 1  # the defender decides (D8)
    assert sorted(sc.legal(s)) == [A.END, A.CARD + archers]
    sc.act(s, A.CARD + archers)
    assert s["exhausted"][archers] == 1 and s["exhaust_tokens"][1] == tokens - 1
    assert s["zone"][kansai] == Z_PLAY  # not recalled
    assert s["phase"] == PH_ACTIVATE and s["actor"] == 0 and not s["avoid"].any()


@pytest.mark.rule("I12")
def test_declined_defence_lets_the_attack_through():
    s, kansai = _attack_position()
    sc.give(s, 1, "MAG15", Z_PLAY)
    sc.play(s, "MAG6")
    sc.no(s)
    assert s["actor"] == 1 and s["dec"] == DEC_CARD  # the affected player picks the region (D19)
    sc.act(s, A.CARD + kansai)
    assert s["zone"][kansai] == Z_HAND and s["owner"][kansai] == 1  # recalled to hand


@pytest.mark.rule("I12", "C2.Uncivilised")
def test_protection_pays_whoever_the_attack_affects():
    s, kansai = _attack_position()
    sc.give(s, 1, "3UNC23", Z_PLAY)  # Protection: gain 1 gds and may draw when attacked
    s["pool"][1, :] = 0
    hand = len(sc.hand(s, 1))
    sc.play(s, "MAG6")
    assert s["dec"] == DEC_YESNO and s["actor"] == 1
    sc.yes(s)
    assert s["pool"][1].tolist() == [0, 0, 0, 1] and len(sc.hand(s, 1)) == hand + 1
    sc.act(s, A.CARD + kansai)  # Protection does not avoid the attack: the recall follows
    assert s["zone"][kansai] == Z_HAND


# ---------------------------------------------------------------- "for the rest of the turn"
@pytest.mark.rule("I12", "C2.Uncivilised")
def test_catamarans_treat_an_ocean_as_four_production_for_the_turn():
    s = sc.new(("magyars", "japanese"))
    sc.empty_hand(s, 0)
    sc.give(s, 0, "3REG14", Z_PLAY)  # Distant Island: #production #ocean
    sc.give(s, 0, "3UNC11", Z_PLAY)  # Catamarans
    sc.give(s, 0, "MAG20")  # Hunters and Nomads: gain 1 mat per #production/#hunt in play
    s["pool"][0, :] = 0
    sc.activate(s)
    sc.play(s, "3UNC11")
    assert Z.count_in_play(s, 0, 0, 1 << E.D.TypeIcon.OCEAN) == 0  # the ocean is no longer there
    sc.play(s, "MAG20")
    assert s["pool"][0, 0] == 5  # 1 + 4 production
    sc.act(s, A.END)
    sc.act(s, A.MARKET + 0)
    assert s["treated_production"][0] == 0 and s["treated_icons"][0].sum() == 0  # gone at cleanup (I7.2)


@pytest.mark.rule("I12", "I5.4", "C2.Uncivilised")
def test_cultural_diversity_ignores_state_icons_for_the_rest_of_the_turn():
    s = _ready()
    sc.give(s, 0, "3UNC19")
    merc = sc.give(s, 0, "3CIV13")  # Mercenaries: EMP, the player is Barbarian
    sc.give(s, 0, "JPN16")
    set_pool(s, 0, pop=1)
    assert A.CARD + merc not in sc.legal(s)
    sc.play(s, "3UNC19")
    sc.pick(s, "JPN16")  # the discard is the cost (not an unrest)
    assert A.CARD + merc in sc.legal(s) and s["actions"][0] == 3  # a free action


def _warfare_with_unrest_left(n_players, left):
    """Seat 0 about to play Warfare (3UNC5: pay 3 pop; others { take unrest }; ...) with `left`
    cards in the unrest pile; returns the state and the unrest cards still in the pile."""
    s = _ready(("japanese", "magyars", "taino", "inuit")[:n_players])
    while s["unrest_size"] > left:
        Z.put(s, an_unrest_in_pile(s), Z_BOX, -1)
    sc.give(s, 0, "3UNC5")
    set_pool(s, 0, pop=3)
    return s, [int(c) for c in s["unrest_pile"][:left]]


def _unrest_in_hands(s):
    return np.array([sum(1 for c in sc.hand(s, p) if K.SUITS[Z.rec(s, c)] & Z.UNREST_BIT)
                     for p in range(s["n_players"])])


@pytest.mark.rule("I10.5", "I17")
def test_when_the_pile_cannot_serve_everyone_the_active_player_allots_the_last_unrest():
    """D15: two opponents are due an unrest and one card is left: the active player chooses who
    takes it, the other takes none, and the game collapses."""
    s, _ = _warfare_with_unrest_left(3, 1)
    held = _unrest_in_hands(s)
    sc.play(s, "3UNC5")
    assert s["phase"] == PH_EFFECT and s["dec"] == DEC_ALLOT and s["actor"] == 0
    assert sc.options(s) == [1, 2]  # the seats the block hands unrest to, never the player itself
    before = s.tobytes()
    with pytest.raises(IllegalActionError):
        sc.option(s, 0)
    assert s.tobytes() == before
    sc.option(s, 2)
    assert s["terminal"] and s["collapsed"] and s["unrest_size"] == 0
    assert list(_unrest_in_hands(s) - held) == [0, 0, 1]  # in turn order seat 1 would have taken it


@pytest.mark.rule("I10.5")
def test_the_allotment_takes_as_many_choices_as_cards_left_and_each_seat_once():
    s, _ = _warfare_with_unrest_left(4, 2)
    held = _unrest_in_hands(s)
    sc.play(s, "3UNC5")
    sc.option(s, 3)
    assert s["dec"] == DEC_ALLOT and sc.options(s) == [1, 2]  # seat 3 is served, one card left to allot
    assert "seat 1 takes one of the last unrest cards" in action_names.action_to_str(s, A.OPTION + 1)
    sc.option(s, 1)
    assert s["collapsed"] and list(_unrest_in_hands(s) - held) == [0, 1, 0, 1]


@pytest.mark.rule("I10.5")
def test_with_enough_unrest_left_nobody_is_asked_and_each_opponent_takes_one():
    s, _ = _warfare_with_unrest_left(3, 2)
    held = _unrest_in_hands(s)
    sc.play(s, "3UNC5")
    assert s["dec"] != DEC_ALLOT
    assert s["collapsed"] and list(_unrest_in_hands(s) - held) == [0, 1, 1]


@pytest.mark.rule("I12", "I17")
def test_a_look_at_three_fame_cards_returns_the_other_two_in_the_order_its_player_chooses():
    """I12 Look: the cards looked at go back in any order; after taking one of three, the
    player chooses which of the other two goes on top (D18). A Look at two returns one: no order."""
    s = _ready(("taino", "magyars"))
    size = int(s["fame_size"])
    below = int(s["fame_pile"][size - 4])
    low, middle, high = (int(c) for c in s["fame_pile"][size - 3:size])
    sc.give(s, 0, "TAI3")  # Enriquillo: look_fame 3; history this
    sc.play(s, "TAI3")
    assert sc.cards(s) == sorted([low, middle, high])
    sc.act(s, A.CARD + middle)
    assert s["dec"] == DEC_CARD and sc.cards(s) == sorted([low, high])  # which goes back on top
    assert "back on top of the fame pile" in action_names.action_to_str(s, A.CARD + low)
    sc.act(s, A.CARD + low)
    size = int(s["fame_size"])
    assert [int(c) for c in s["fame_pile"][size - 3:size]] == [below, high, low]
    assert s["zone"][middle] == Z_HAND and s["zone"][sc.card("TAI3")] == Z_HISTORY


# ---------------------------------------------------------------- one can-do and one do per opcode
def _switch_cases(function_name):
    """{opcode constant: the function its case returns the call of} for a switch in rules/steps.py."""
    tree = ast.parse(inspect.getsource(steps))
    switch = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == function_name)
    cases = {}
    for node in switch.body:
        if isinstance(node, ast.If):
            assert isinstance(node.test, ast.Compare) and ast.unparse(node.test.left) == "op", ast.unparse(node.test)
            constant = ast.unparse(node.test.comparators[0])
            assert constant not in cases, f"{function_name} has two cases for {constant}"
            (ret,) = node.body
            cases[constant] = ret.value.func.id
    return cases


@pytest.mark.parametrize("switch, suffix", [("step_ok", "_ok"), ("_step", "")])
def test_every_opcode_has_one_case_calling_its_own_pair(switch, suffix):
    cases = _switch_cases(switch)
    expected = {f"E.OP_{name.upper()}": f"_op_{name}{suffix}" for name in E.OP}
    assert set(cases) == set(expected), f"{switch} misses {set(expected) - set(cases)}, has extra {set(cases) - set(expected)}"
    for constant, function in cases.items():
        assert function == expected[constant], (constant, function)
        assert callable(getattr(steps, function))


def test_opcode_constants_are_named_from_the_table():
    for name, code in E.OP.items():
        assert getattr(E, f"OP_{name.upper()}") == code, name
    assert len(set(E.OP.values())) == len(E.OP)
