"""Imperium variants (I15): low aggression, quick setup, precious cards and the quick variant,
each an option that is off unless asked for (the rulebook's default)."""

from __future__ import annotations

import pytest

from meeplegym import InvalidOptionError
from meeplegym.envs.imperium import actions as A
from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import data as D
from meeplegym.envs.imperium import effects as E
from meeplegym.envs.imperium import engine
from meeplegym.envs.imperium import state as ST
from meeplegym.envs.imperium.rules.choices import pile_ok
from meeplegym.envs.imperium.rules import zones as Z
from meeplegym.envs.imperium.state import (
    PH_CLEANUP_DISCARD,
    PH_CLEANUP_MARKET,
    PH_TURN_TYPE,
    Z_DEVELOPMENT,
    Z_DISCARD,
    Z_DRAW,
    Z_EXILE,
    Z_HAND,
    Z_MAIN_DECK,
    Z_MARKET,
    Z_SET_ASIDE,
    Z_SMALL_PILE,
)
from tests.imperium import scenario as sc

RU = D.Expansion.RU
PILE_BANNERS = (D.Suit.REG, D.Suit.UNC, D.Suit.CIV)


def _ruthless_at_table(s):
    return [r for r, c in enumerate(D.CARDS)
            if K.PHYSICAL[r] == r and c.nation is None and c.expansion == RU and s["zone"][r] != 0]


def _small_pile_cards(s, k):
    return [int(s["small_pile"][k, i]) for i in range(s["small_size"][k])]


@pytest.mark.rule("I15.2", "I3.9", "I3.12")
@pytest.mark.parametrize("seed", range(4))
def test_low_aggression_puts_the_ruthless_common_cards_into_the_main_deck(seed):
    s = engine.new_game(2, seed, low_aggression=True)[0]
    ruthless = _ruthless_at_table(s)
    assert ruthless  # without Trade Routes the ruthless set is in use (I3.3)
    for c in ruthless:  # the main deck, or one of the two market slots it fills (I3.12)
        assert s["zone"][c] == Z_MAIN_DECK or (s["zone"][c] == Z_MARKET and s["pile_index"][c] < 2), K.RECORD_IDS[c]
    base = engine.new_game(2, seed)[0]  # (held back, a ruthless tributary escapes the I3.10 removal)
    assert len(_ruthless_at_table(base)) <= len(ruthless)
    for k in range(3):  # the small piles keep their sizes
        assert s["small_size"][k] == base["small_size"][k]


@pytest.mark.rule("I15.2")
def test_without_low_aggression_ruthless_cards_reach_the_small_piles():
    in_piles = 0
    for seed in range(4):
        s = engine.new_game(2, seed)[0]
        in_piles += sum(s["zone"][c] == Z_SMALL_PILE for c in _ruthless_at_table(s))
    assert in_piles > 0


@pytest.mark.rule("I15.3", "I3.9", "I12")
def test_quick_setup_deals_the_small_piles_from_one_mix_and_break_through_searches_any():
    mixed = 0
    for seed in range(4):
        s = engine.new_game(2, seed, quick_setup=True)[0]
        base = engine.new_game(2, seed)[0]
        for k in range(3):
            assert s["small_size"][k] == base["small_size"][k]
            banners = {int(K.BANNER[c]) for c in _small_pile_cards(s, k)[1:]}  # above the tributary
            mixed += len(banners) > 1
    assert mixed >= 3
    # Break through for a REG (Innovate's program) may search any pile that holds one
    row = E.CODE[E.SYSTEM_INNOVATE[0]]
    s = engine.new_game(2, 0, quick_setup=True)[0]
    routes = [k for k in range(3) if pile_ok(s, row, k)]
    assert routes == [k for k in range(3) if Z.first_in_pile(s, k, 1 << int(D.Suit.REG)) >= 0]
    assert any(k != 0 for k in routes)
    base = engine.new_game(2, 0)[0]
    assert [k for k in range(3) if pile_ok(base, row, k)] == [0]  # sorted: the region pile


@pytest.mark.rule("I15.4", "I7.3")
def test_precious_cards_skip_the_cleanup_discard():
    s = sc.ready(("japanese", "magyars"), precious_cards=True)
    sc.give(s, 0, "JPN11")
    sc.act(s, A.END)
    assert s["phase"] == PH_CLEANUP_MARKET
    sc.act(s, A.MARKET + 0)
    assert s["phase"] != PH_CLEANUP_DISCARD and s["current"] == 1 and s["phase"] == PH_TURN_TYPE
    assert s["zone"][sc.card("JPN11")] == Z_HAND  # kept, and the hand drawn up around it

    s = sc.ready(("japanese", "magyars"))
    sc.act(s, A.END)
    sc.act(s, A.MARKET + 0)
    assert s["phase"] == PH_CLEANUP_DISCARD


@pytest.mark.rule("I15")
def test_variants_are_checked_at_construction():
    with pytest.raises(InvalidOptionError, match="unknown Imperium variant"):
        engine.new_game(2, 0, quick_variant=True)
    with pytest.raises(InvalidOptionError, match="must be True or False"):
        engine.new_game(2, 0, low_aggression="yes")
    with pytest.raises(InvalidOptionError, match="unknown Imperium options"):
        engine.table_options(2, {"low_agression": True})
    assert engine.table_options(2, {"precious_cards": True})["precious_cards"] is True
    assert engine.new_game(2, 0)[0]["variants"] == 0


@pytest.mark.rule("I15.5")
def test_quick_variant_setup_exiles_ten_main_deck_cards_and_discards_two_nation_cards():
    quick = engine.new_game(2, 3, nations=["japanese", "magyars"], quick=True)[0]
    base = engine.new_game(2, 3, nations=["japanese", "magyars"])[0]
    assert int(quick["main_size"]) == int(base["main_size"]) - 10
    assert sum(quick["zone"][c] == Z_EXILE for c in range(K.N_RECORDS)) == 10
    for p in range(2):
        assert int(quick["nation_size"][p]) == int(base["nation_size"][p]) - 2
        assert K.START[quick["nation_deck"][p, 0]] == D.Start.ACC  # the accession card stays
        discard = [c for c in range(K.N_RECORDS) if quick["zone"][c] == Z_DISCARD and quick["owner"][c] == p]
        assert len(discard) == 2 and all(K.START[c] == D.Start.NAT for c in discard)


@pytest.mark.rule("I15.5", "I8.3")
def test_quick_variant_removes_a_development_card_when_the_accession_card_arrives():
    s = sc.ready(("japanese", "magyars"), quick=True)
    p = 0
    while s["nation_size"][p] > 1:  # only the accession card left in the nation deck
        Z.put(s, int(s["nation_deck"][p, s["nation_size"][p] - 1]), Z_DISCARD, p)
    for c in range(K.N_RECORDS):  # an empty draw pile: the next draw reshuffles (I8.2)
        if s["zone"][c] == Z_DRAW and s["owner"][c] == p:
            Z.put(s, c, Z_DISCARD, p)
    development = sorted(c for c in range(K.N_RECORDS) if s["zone"][c] == Z_DEVELOPMENT and s["owner"][c] == p)
    sc.give(s, 0, "3REG7")  # a region whose text draws a card
    sc.play(s, "3REG7")
    assert sc.cards(s) == development  # remove one of them from the game
    sc.act(s, A.CARD + development[0])
    assert s["zone"][development[0]] == Z_SET_ASIDE


@pytest.mark.rule("I15.5", "I10.2")
def test_quick_variant_ends_with_the_round_of_the_trigger():
    s = sc.ready(("japanese", "magyars"), quick=True)
    Z.trigger_game_end(s)
    assert int(s["rounds_left"]) == 1
    s = sc.ready(("japanese", "magyars"))
    Z.trigger_game_end(s)
    assert int(s["rounds_left"]) == 2


@pytest.mark.rule("I15.5")
def test_quick_variant_refuses_the_cultists():
    with pytest.raises(InvalidOptionError, match="quick variant"):
        engine.new_game(2, 0, nations=["cultists", None], quick=True, allow_unimplemented=True)
    assert engine.NATION_NAMES["cultists"] in engine.NOT_WITH_QUICK


@pytest.mark.rule("I15.5", "I16")
def test_quick_inuit_start_without_resources_and_choose_a_summer_and_a_winter_development_card():
    s = engine.new_game(2, 0, nations=["japanese", "inuit"], quick=True)[0]
    assert tuple(s["pool"][1]) == (0, 0, 0, 0) and tuple(s["pool"][0]) != (0, 0, 0, 0)
    assert s["current"] == 0 and s["actor"] == 1  # before the first turn, the Inuit choose
    summer = [c for c in sc.cards(s)]
    assert summer and all(K.STATES[c] == 1 << int(D.StateIcon.EMP) for c in summer)
    assert all(s["zone"][c] == Z_DEVELOPMENT and s["owner"][c] == 1 for c in summer)
    sc.act(s, A.CARD + summer[0])
    winter = sc.cards(s)
    assert winter and all(K.STATES[c] == 1 << int(D.StateIcon.BARB) for c in winter)
    sc.act(s, A.CARD + winter[-1])
    assert s["zone"][summer[0]] == Z_DISCARD and s["zone"][winter[-1]] == Z_DISCARD
    assert s["phase"] == PH_TURN_TYPE and s["actor"] == 0 and s["current"] == 0
    kayaks = sc.card("INU15")  # no state icon: neither season's, it stays
    assert s["zone"][kayaks] == Z_DEVELOPMENT


# ---------------------------------------------------------------- I15.1 the training mode (solo)
def _plain_turn(s, exile: bool = False):
    """One training turn without playing a card: Activate, end, the timer token on slot 1, the
    optional exile (the first eligible card when `exile`), no discard, then the Solstice."""
    sc.activate(s)
    sc.act(s, A.END)
    assert s["phase"] == PH_CLEANUP_MARKET
    sc.act(s, A.MARKET + 0)
    assert s["dec"] == ST.DEC_YESNO and s["actor"] == 0  # may exile a market card (the opponent)
    if exile:
        sc.yes(s)
        sc.act(s, sc.legal(s)[0])
    else:
        sc.no(s)
    assert s["phase"] == PH_CLEANUP_DISCARD
    sc.act(s, A.END)
    while s["phase"] not in (PH_TURN_TYPE, ST.PH_GAME_OVER):  # Solstice decisions, if any
        sc.act(s, sc.legal(s)[0])


@pytest.mark.rule("I15.1", "I3.5", "I10.2")
def test_training_mode_exiles_15_main_deck_cards_and_ends_after_12_turns():
    two = engine.new_game(2, 5, nations=["japanese", "magyars"])[0]
    s = engine.new_game(1, 5, nations=["japanese"], training=True)[0]
    assert s["n_players"] == 1 and sum(s["zone"] == Z_EXILE) == 15
    # the 2-player shared setup: the same common cards at the table (the fame pile's, drawn at
    # random, as many), 15 fewer in the main deck
    def common(state):
        return {c for c in range(K.N_RECORDS) if K.PHYSICAL[c] == c and K.NATION[c] < 0
                and K.BANNER[c] != D.Suit.FAME and c not in K.STANDARD_STATE_CARDS and state["zone"][c] != ST.Z_BOX}
    assert common(s) == common(two) and s["fame_size"] == two["fame_size"]
    assert s["main_size"] == two["main_size"] - 15
    for turn in range(12):
        assert s["phase"] == PH_TURN_TYPE and s["round"] == turn + 1
        _plain_turn(s)
    assert s["phase"] == ST.PH_GAME_OVER and not s["game_end_triggered"] and not s["collapsed"]


@pytest.mark.rule("I15.1", "I7.1", "I12")
def test_training_cleanup_places_the_timer_token_then_may_exile_a_market_card():
    s = engine.new_game(1, 1, nations=["japanese"], training=True)[0]
    first = int(s["market"][0])
    prg = int(s["card_res"][first, ST.PRG])
    exiled = sum(s["zone"] == Z_EXILE)
    _plain_turn(s, exile=True)
    assert s["card_res"][first, ST.PRG] == prg + 1
    assert sum(s["zone"] == Z_EXILE) == exiled + 1


@pytest.mark.rule("I15.1", "I10.1", "I10.2")
def test_training_mode_ends_with_the_round_in_which_a_card_triggers_the_end():
    s = engine.new_game(1, 2, nations=["japanese"], training=True)[0]
    Z.trigger_game_end(s)  # as King of Kings side A would
    _plain_turn(s)
    assert s["phase"] == ST.PH_GAME_OVER and s["round"] == 2


@pytest.mark.rule("I15.1")
def test_the_training_mode_is_solo_and_plays_without_the_automa():
    assert engine.new_game(1, 0, training=True)[0]["automa"] == -1
    assert engine.new_game(1, 0)[0]["automa"] >= 0  # one player without it: against the automa (I14)
    with pytest.raises(InvalidOptionError, match="solo"):
        engine.new_game(2, 0, training=True)
    from meeplegym.envs import imperium_v0
    env = imperium_v0.env(num_players=1, training=True)
    assert env.unwrapped.reward_mode == "score" and env.unwrapped.possible_agents == ["player_0"]
    with pytest.raises(InvalidOptionError, match="score"):
        imperium_v0.env(num_players=1, training=True, reward_mode="rank")
