"""The seed's worked turn (PT l.845-900, "EXEMPLO DE TURNO"), step by step.

Japanese, Barbarian, power side A, last player of a 3-player game against the Taino and the
Magyars, third turn. Hand: Glory, Prince Shotoku Taishi, Kansai, Advance and an unrest; in
play: Appeal to China, Shinto and one region. Metropolis waits in the market with three tokens
once Appeal to China has added one. The steps below are the seed's numbers.
"""

from __future__ import annotations

import pytest

from meeplegym.envs.imperium import actions as A
from meeplegym.envs.imperium import engine
from meeplegym.envs.imperium.rules import zones as Z
from meeplegym.envs.imperium.state import (
    DEC_CHOOSE,
    DEC_MARKET,
    DEC_PAY,
    DEC_REACT,
    DEC_YESNO,
    GDS,
    MAT,
    PH_ACTIVATE,
    PH_CLEANUP_DISCARD,
    PH_CLEANUP_MARKET,
    PH_TURN_TYPE,
    POP,
    PRG,
    Z_BOX,
    Z_DISCARD,
    Z_DRAW,
    Z_HAND,
    Z_HISTORY,
    Z_NATION_DECK,
    Z_PLAY,
    Z_SMALL_PILE,
    Z_UNDER_MARKET,
    Z_UNREST_PILE,
)
from tests.imperium import scenario as sc

JP = 2  # the Japanese sit last (seed: "você é o último jogador da rodada")


def _position():
    s = engine.new_game(3, 11, nations=["taino", "magyars", "japanese"], power_sides=["B", "B", "A"],
                        allow_unimplemented=True)[0]
    # every Japanese card out of the way, then dealt as in the example
    for c in range(len(s["zone"])):
        if s["owner"][c] == JP and s["zone"][c] in (Z_HAND, Z_DRAW, Z_DISCARD, Z_NATION_DECK):
            Z.put(s, c, Z_BOX, -1)
    for rid in ("JPN21", "JPN22", "JPN16", "JPN20", "JPN23"):  # Glory, Shotoku, Kansai, Advance, unrest
        sc.give(s, JP, rid)
    for rid in ("JPN15", "JPN18", "JPN17"):  # Appeal to China, Shinto, Kyushu in play
        sc.give(s, JP, rid, Z_PLAY)
    for rid in ("JPN11", "JPN12", "JPN13", "JPN24", "JPN19"):  # draw pile, Clans on top, then an unrest
        sc.give(s, JP, rid, Z_DRAW)
    # nation deck: the accession card, Kanji, Nara on top
    s["nation_size"][JP] = 0
    for rid in ("JPN2", "JPN9", "JPN14"):
        c = sc.card(rid)
        Z.put(s, c, Z_NATION_DECK, JP)
        s["nation_deck"][JP, s["nation_size"][JP]] = c
        s["nation_size"][JP] += 1
    s["pool"][JP] = (4, 3, 0, 0)
    # market: Metropolis (civilised slot) with 2 prg and an unrest under it; Lagoon in the region
    # slot; Mercenaries on top of the civilised pile
    metro = sc.to_market(s, 4, "3CIV6")
    s["card_res"][metro] = (0, 0, 2, 0)
    sc.to_market(s, 2, "3REG3")
    under = int(s["market_unrest"][4])
    if under < 0:
        under = int(s["unrest_pile"][s["unrest_size"] - 1])
        Z.put(s, under, Z_UNDER_MARKET, -1)
        s["market_unrest"][4] = under
        s["pile_index"][under] = 4
    merc = sc.card("3CIV13")
    Z.put(s, merc, Z_BOX, -1)
    Z.put(s, merc, Z_SMALL_PILE, -1)
    s["small_pile"][2, s["small_size"][2]] = merc
    s["small_size"][2] += 1
    s["pile_index"][merc] = 2
    while s["unrest_size"] > 2:  # "only 1 unrest left" after Metropolis's slot takes one
        Z.put(s, int(s["unrest_pile"][s["unrest_size"] - 1]), Z_BOX, -1)
    s["current"] = s["actor"] = JP
    s["round"] = 3
    s["phase"] = PH_TURN_TYPE
    return s, metro, under


@pytest.mark.rule("I4.3", "I5.5", "I5.6", "I8.3", "I9.1", "I12", "C4.JPN")
def test_the_japanese_turn_with_shotoku_taishi_and_metropolis():
    s, metro, under = _position()
    sc.act(s, A.TURN_TYPE + A.ACTIVATE)  # "Você escolhe Ativar"

    # 1: exhaust Appeal to China (pay 1 mat), add 1 token to Metropolis
    sc.play(s, "JPN15")
    assert s["dec"] == DEC_CHOOSE
    sc.option(s, 1)
    assert s["dec"] == DEC_MARKET
    sc.act(s, A.MARKET + 4)
    assert s["card_res"][metro].tolist() == [0, 0, 2, 1] and s["pool"][JP, MAT] == 3

    # 2A: Advance, pay 3 mat to acquire Metropolis with its three tokens and the unrest under it
    sc.play(s, "JPN20")
    sc.option(s, 0)
    sc.act(s, A.MARKET + 4)
    assert s["zone"][metro] == Z_HAND and s["zone"][under] == Z_HAND
    assert s["pool"][JP].tolist() == [0, 3, 2, 1]
    assert s["market"][4] == sc.card("3CIV13")  # Mercenaries comes out, with a new unrest
    assert s["market_unrest"][4] >= 0 and s["unrest_size"] == 1  # "apenas 1 desordem na pilha"
    # 2B: Advance to the discard pile
    assert s["zone"][sc.card("JPN20")] == Z_DISCARD and s["actions"][JP] == 2

    # 3: play an unrest, discarding Glory and the other unrest
    sc.play(s, "JPN23")
    sc.option(s, 1)
    sc.pick(s, "JPN21")
    sc.act(s, A.CARD + under)
    assert s["zone"][sc.card("JPN23")] == Z_UNREST_PILE and s["unrest_size"] == 2
    assert s["actions"][JP] == 1

    # 4-5: Shotoku, second option: free play Metropolis ignoring EMP, find Kanji
    sc.play(s, "JPN22")
    sc.option(s, 1)
    sc.act(s, A.CARD + metro)
    assert s["zone"][metro] == Z_PLAY and s["zone"][sc.card("JPN9")] == Z_HAND
    assert s["nation_deck"][JP, s["nation_size"][JP] - 1] == sc.card("JPN14")  # Nara left on top

    # 6: Metropolis is civilised: Shinto reacts, gain 1 pop and draw 2 (Clans and an unrest)
    assert s["dec"] == DEC_REACT and A.CARD + sc.card("JPN18") in sc.legal(s)
    sc.play(s, "JPN18")
    assert s["pool"][JP, POP] == 4
    assert s["zone"][sc.card("JPN19")] == Z_HAND and s["zone"][sc.card("JPN24")] == Z_HAND
    assert s["zone"][sc.card("JPN22")] == Z_HISTORY  # then Shotoku goes to history
    assert s["phase"] == PH_ACTIVATE and s["actions"][JP] == 0

    # 7: the power card (side A): pay 2 pop and discard Kanji to gain an action
    sc.play(s, "JPN1A")
    assert s["dec"] == DEC_PAY  # pop, or progress/goods in its place (I12 Pay)
    sc.act(s, A.RESOURCE + POP)
    sc.act(s, A.RESOURCE + POP)
    sc.pick(s, "JPN9")
    assert s["actions"][JP] == 1 and s["pool"][JP, POP] == 2
    assert s["zone"][sc.card("JPN9")] == Z_DISCARD

    # 8: play Kansai with the extra action: gain 1 mat, decline to garrison
    sc.play(s, "JPN16")
    assert s["dec"] == DEC_YESNO
    sc.no(s)
    assert s["pool"][JP].tolist() == [1, 2, 2, 1] and s["zone"][sc.card("JPN16")] == Z_PLAY
    assert s["actions"][JP] == 0

    # 9: cleanup: the market token goes on Lagoon; tokens back to the state card
    sc.act(s, A.END)
    assert s["phase"] == PH_CLEANUP_MARKET
    lagoon = sc.card("3REG3")
    sc.act(s, A.MARKET + 2)
    assert s["card_res"][lagoon, PRG] == 1
    assert s["actions"][JP] == 3 and s["exhaust_tokens"][JP] == 5
    assert not any(s["exhausted"][sc.card(r)] for r in ("JPN15", "JPN18", "JPN1A"))

    # 10: discard the unrest (A), keep Clans, draw 4: three from the deck, then the reshuffle
    # puts Nara from the nation deck into the discard pile (B) and shuffles (C), draw the last (D)
    assert s["phase"] == PH_CLEANUP_DISCARD
    sc.pick(s, "JPN24")
    sc.act(s, A.END)
    assert s["zone"][sc.card("JPN14")] in (Z_HAND, Z_DRAW)  # Nara came out of the nation deck
    assert s["nation_size"][JP] == 1 and s["deck_token"][JP] == 1 and s["exhaust_tokens"][JP] == 4
    assert len(sc.hand(s, JP)) == 5 and s["zone"][sc.card("JPN19")] == Z_HAND

    # 11: the Solstice: Metropolis offers 1 mat, 1 pop or a card; take the pop
    while s["phase"] != PH_TURN_TYPE and s["actor"] != JP:  # the other seats resolve theirs first
        sc.act(s, sc.legal(s)[0])
    assert s["actor"] == JP and s["dec"] == DEC_CHOOSE
    sc.option(s, 1)
    assert s["pool"][JP, POP] == 3
    assert s["phase"] == PH_TURN_TYPE and s["round"] == 4
    assert s["pool"][JP, GDS] == 1
