"""Trade Routes (I13): the Merchant and Merchant Empire (I13.2), Trade with its three options
(I13.5), Commerce on play and through Trade (I13.4), Profit at 3 goods (I13.6), and the
trade-friendly common cards. Each test builds a position, plays actions by name and checks
where cards, goods and tokens went."""

from __future__ import annotations

import pytest

from meeplegym.envs.imperium import actions as A
from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import data as D
from meeplegym.envs.imperium import action_names, engine, hidden
from meeplegym.envs.imperium.rules.choices import can_trade
from meeplegym.envs.imperium.rules import zones as Z
from meeplegym.envs.imperium.state import (
    DEC_CARD,
    DEC_CHOOSE,
    DEC_YESNO,
    GDS,
    PH_ACTIVATE,
    Z_DISCARD,
    Z_EXILE,
    Z_HAND,
    Z_HISTORY,
    Z_MAIN_DECK,
    Z_PLAY,
)
from tests.imperium import scenario as sc

TABLE = ("japanese", "magyars")
TRADE = 1  # the Merchant's second option (I13.2)
PAY_PRG, OWN_ROUTE, OTHER_ROUTE = 0, 1, 2  # the options of Trade (I13.5)


def _ready(pool=(0, 0, 0, 0)):
    return sc.ready(TABLE, pool=pool, trade_routes=True)




def _route(s, p, card_id, gds=0) -> int:
    c = sc.give(s, p, card_id, Z_PLAY)
    s["card_res"][c, GDS] = gds
    return c


def _trade(s):
    """Exhaust seat 0's Merchant for Trade."""
    sc.act(s, A.CARD + int(s["merchant"][0]))
    assert s["dec"] == DEC_CHOOSE
    sc.option(s, TRADE)
    assert s["dec"] == DEC_CHOOSE  # which Trade option


@pytest.mark.rule("I13.2", "I13.1")
def test_merchant_flips_to_merchant_empire_for_three_goods_keeping_its_token():
    s = _ready(pool=(0, 0, 0, 3))
    merchant = int(s["merchant"][0])
    production = Z.count_in_play(s, 0, 0, 1 << int(D.TypeIcon.PRODUCTION))
    sc.act(s, A.CARD + merchant)
    sc.option(s, 2)
    assert s["face"][merchant] == 1 and s["exhausted"][merchant] == 1 and s["pool"][0, GDS] == 0
    assert Z.count_in_play(s, 0, 0, 1 << int(D.TypeIcon.PRODUCTION)) == production + 2
    assert A.CARD + merchant not in sc.legal(s)  # the token stays on it this turn


@pytest.mark.rule("I13.5", "I12")
def test_trade_pays_one_progress_for_one_good():
    s = _ready(pool=(0, 0, 2, 0))
    _trade(s)
    assert sc.options(s) == [PAY_PRG]  # no trade route in play anywhere
    sc.option(s, PAY_PRG)
    assert tuple(s["pool"][0]) == (0, 0, 1, 1) and s["phase"] == PH_ACTIVATE


@pytest.mark.rule("I13.5", "I13.4")
def test_trade_moves_a_good_onto_your_route_and_resolves_its_commerce():
    s = _ready(pool=(0, 0, 0, 1))
    andes = _route(s, 0, "3TRO8")  # Commerce: gain 2 pop and 1 prg
    _trade(s)
    assert sc.options(s) == [OWN_ROUTE]  # no prg to pay, no other player's route
    sc.option(s, OWN_ROUTE)
    assert sc.cards(s) == [andes]
    sc.act(s, A.CARD + andes)
    assert s["card_res"][andes, GDS] == 1 and tuple(s["pool"][0]) == (0, 2, 1, 0)


@pytest.mark.rule("I13.5")
def test_trade_on_another_players_route_adds_a_good_from_the_supply_and_pays_one():
    s = _ready()
    andes = _route(s, 1, "3TRO8")
    theirs = tuple(s["pool"][1])
    _trade(s)
    assert sc.options(s) == [OTHER_ROUTE]
    sc.option(s, OTHER_ROUTE)
    sc.act(s, A.CARD + andes)
    assert s["card_res"][andes, GDS] == 1  # from the supply
    assert tuple(s["pool"][0]) == (0, 2, 1, 1)  # the Commerce for the trader, then 1 gds
    assert tuple(s["pool"][1]) == theirs


@pytest.mark.rule("I13.5")
def test_welcoming_through_trade_gives_the_action_to_the_trader_and_the_draw_to_its_owner():
    s = _ready()
    welcoming = _route(s, 1, "3FAM3")
    actions = int(s["actions"][0])
    hand1 = len(sc.hand(s, 1))
    _trade(s)
    sc.option(s, OTHER_ROUTE)
    sc.act(s, A.CARD + welcoming)
    assert s["actions"][0] == actions + 1
    assert s["dec"] == DEC_YESNO and s["actor"] == 1  # the owner of this card decides
    sc.yes(s)
    assert len(sc.hand(s, 1)) == hand1 + 1 and s["actor"] == 0


@pytest.mark.rule("I13.6")
def test_a_full_route_takes_no_trade_and_profits_for_an_action():
    s = _ready(pool=(0, 0, 0, 1))
    swahili = _route(s, 0, "3TRO6", gds=3)  # Profit: break through UNC (exile included)
    assert not can_trade(s, 0)  # a good to move, but the only route is full
    assert A.CARD + swahili in sc.legal(s)
    hand = len(sc.hand(s, 0))
    sc.act(s, A.CARD + swahili)
    while s["phase"] != PH_ACTIVATE:
        sc.act(s, sc.legal(s)[0])  # the break-through route
    assert s["actions"][0] == 2 and s["pool"][0, GDS] == 4
    assert s["zone"][swahili] == Z_DISCARD and len(sc.hand(s, 0)) >= hand + 1


@pytest.mark.rule("I13.6", "C3")
def test_andes_highway_profit_exiles_itself_instead_of_the_discard_pile():
    s = _ready()
    andes = _route(s, 0, "3TRO8", gds=3)  # Profit: place a card on your deck => top fame card
    sc.give(s, 0, "JPN20")
    fame = int(s["fame_pile"][s["fame_size"] - 1])
    sc.act(s, A.CARD + andes)
    sc.pick(s, "JPN20")
    assert s["zone"][andes] == Z_EXILE and s["zone"][fame] == Z_HAND


@pytest.mark.rule("I13.4")
def test_a_route_played_from_hand_resolves_its_commerce_without_goods_and_stays():
    s = _ready()
    sc.give(s, 0, "3TRO8")
    sc.play(s, "3TRO8")
    assert s["zone"][sc.card("3TRO8")] == Z_PLAY and s["actions"][0] == 2
    assert tuple(s["pool"][0]) == (0, 2, 1, 0)


@pytest.mark.rule("I13.5", "C2.Uncivilised")
def test_golden_mask_trades_in_a_game_without_trade_routes():
    s = sc.ready(TABLE, pool=(0, 0, 1, 0))
    sc.give(s, 0, "3UNC24")  # Golden Mask: choose draw from discard / 1 gds / Trade
    sc.play(s, "3UNC24")
    sc.option(s, 2)
    assert sc.options(s) == [PAY_PRG]
    sc.option(s, PAY_PRG)
    assert tuple(s["pool"][0]) == (0, 0, 0, 1)


@pytest.mark.rule("C3", "I12")
def test_jade_trade_acquires_only_from_the_first_two_market_slots():
    s = _ready()
    sc.give(s, 0, "3TRO3")
    sc.give(s, 0, "JPN20")
    sc.play(s, "3TRO3")
    sc.pick(s, "JPN20")  # place it on the deck
    assert sorted(a - A.MARKET for a in sc.legal(s)) == [0, 1]


@pytest.mark.rule("C2.Civilised", "I5.8")
def test_warehouse_returns_only_the_merchants_exhaust_token():
    s = _ready(pool=(0, 0, 1, 0))
    warehouse = sc.give(s, 0, "3CIV7", Z_PLAY)
    merchant = int(s["merchant"][0])
    _trade(s)
    sc.option(s, PAY_PRG)
    assert s["exhausted"][merchant] == 1
    sc.act(s, A.CARD + warehouse)
    assert s["dec"] == DEC_CARD and sc.cards(s) == [merchant]
    sc.act(s, A.CARD + merchant)
    assert s["exhausted"][merchant] == 0 and s["exhausted"][warehouse] == 1


@pytest.mark.rule("I13.1", "I3.3")
def test_trade_route_tables_start_with_every_card_implemented():
    for seed in range(3):
        s = sc.new(TABLE, seed=seed, trade_routes=True)
        in_game = [K.RECORD_IDS[c] for c in range(K.N_RECORDS) if s["zone"][c] != 0]
        assert any(cid.startswith("3TRO") for cid in in_game)
    engine.new_game(2, 0, nations=list(TABLE), trade_routes=True)  # not refused any more


@pytest.mark.rule("I13.5", "C3")
def test_mediterranean_circle_resolved_through_trade_never_resolves_itself_again():
    s = _ready()
    circle = _route(s, 1, "3TRO9")  # Commerce: resolve the Commerce of another player's route
    andes = _route(s, 1, "3TRO8")
    _trade(s)
    sc.option(s, OTHER_ROUTE)
    sc.act(s, A.CARD + circle)
    if s["dec"] == DEC_CHOOSE:
        sc.option(s, 0)
    assert sc.cards(s) == [andes]  # not the Circle itself: that would never end
    sc.act(s, A.CARD + andes)
    assert tuple(s["pool"][0]) == (0, 2, 1, 1) and s["card_res"][circle, GDS] == 1


@pytest.mark.rule("I13.4", "C3")
def test_mediterranean_circle_free_plays_a_trade_route_from_the_discard_pile():
    s = _ready()
    andes = sc.give(s, 0, "3TRO8", Z_DISCARD)
    sc.give(s, 0, "3TRO9")
    sc.play(s, "3TRO9")
    assert s["dec"] == DEC_CHOOSE and sc.options(s) == [1]  # no other player's route to resolve
    sc.option(s, 1)
    assert sc.cards(s) == [andes]  # only the trade route of the discard pile
    sc.pick(s, "3TRO8")
    assert s["zone"][andes] == Z_PLAY and tuple(s["pool"][0]) == (0, 2, 1, 0)
    assert s["actions"][0] == 2  # Mediterranean Circle took the action, the route none


@pytest.mark.rule("I13.5")
def test_a_trade_chain_nests_programs_deeper_than_eight():
    """Found by the bot soak (issue 13): in this 3-player Trade Routes position, the bot's search
    follows a legal chain (Merchant Empire's Trade, The Nile Corridor's Commerce free-playing
    Imports, whose Trade reaches the Corridor's Commerce again ...) 8 programs deep, where the
    engine's frame stack used to end with "effect programs nested too deeply". The stack now
    holds 48 frames: the bot answers, and the chain plays on."""
    import json
    from pathlib import Path

    import numpy as np

    from meeplegym.agents import imperium_bots as bots
    from meeplegym.envs.imperium import state_json

    text = (Path(__file__).parent / "data" / "deep_commerce_state.json").read_text()
    states = state_json.state_from_dict(json.loads(text))
    words = np.array([7247060908854017427], dtype=np.uint64)  # the bot's generator at that decision
    mask = np.zeros(A.N_ACTIONS, dtype=np.int8)
    engine.legal_mask_at(states, 0, mask)
    seat = int(states[0]["actor"])
    action = bots.policy_at(states, 0, seat, bots.SCHOLAR, mask, words, 0)  # the soak's style at that seat
    assert mask[action] == 1


@pytest.mark.rule("I13.6", "I12", "I17")
def test_welcoming_profit_returns_the_four_cards_it_did_not_play_in_the_order_its_player_chooses():
    """Welcoming's Profit looks at the top 5 main-deck cards and free-plays one; the other four go
    back in any order (I12 Look, D18): its player puts them back one by one, the top one first,
    before the free-played card resolves. The seat that looks keeps them in its samples."""
    s = _ready()
    welcoming = _route(s, 0, "3FAM3", gds=3)
    size = int(s["main_size"])
    below = s["main_deck"][:size - 5].tolist()
    looked = s["main_deck"][size - 5:size].tolist()
    sc.act(s, A.CARD + welcoming)
    assert s["dec"] == DEC_CARD and set(sc.cards(s)) <= set(looked)
    played = sc.cards(s)[0]
    sc.act(s, A.CARD + played)
    back = sorted(c for c in looked if c != played)
    chosen = []
    for left in (4, 3, 2):
        assert s["dec"] == DEC_CARD and s["actor"] == 0 and sc.cards(s) == sorted(set(back) - set(chosen))
        assert s["zone"][played] == Z_MAIN_DECK  # it is played once the others are back
        pick = sc.cards(s)[-1] if left != 3 else sc.cards(s)[0]
        assert "back on the main deck" in action_names.action_to_str(s, A.CARD + pick)
        if left == 3:  # the seat that looks keeps the five where they are; nobody else knows them
            st = s.reshape(1)
            assert hidden.determinized(st, 0, seed=1)[0]["main_deck"][size - 5:size].tolist() == \
                s["main_deck"][size - 5:size].tolist()
        chosen.append(pick)
        sc.act(s, A.CARD + pick)
    last = (set(back) - set(chosen)).pop()
    assert int(s["main_size"]) == size - 1  # only the free-played card left the deck
    assert s["main_deck"][:size - 1].tolist() == below + [last] + chosen[::-1]
    assert s["zone"][played] != Z_MAIN_DECK and s["zone"][welcoming] == Z_HISTORY
