"""Card texts that needed machinery of their own: reactions to acquiring, breaking through,
gaining from a #fertile card and taking an unrest; passives that change the acquire rule;
turn-long effects; and the Taino cards (resources on cards, Zemi, icon counts). Each test
builds a position, plays actions by name and checks where cards and resources went."""

from __future__ import annotations

import pytest

from meeplegym.envs.imperium import actions as A
from meeplegym.envs.imperium.rules import scoring
from meeplegym.envs.imperium.rules import choices, steps
from meeplegym.envs.imperium.rules import zones as Z
from meeplegym.envs.imperium.state import (
    DEC_CARD,
    DEC_CHOOSE,
    DEC_HOST,
    DEC_MARKET,
    DEC_REACT,
    DEC_ROUTE,
    DEC_YESNO,
    GDS,
    MAT,
    PH_ACTIVATE,
    POP,
    PRG,
    Z_BOX,
    Z_DEVELOPMENT,
    Z_DISCARD,
    Z_EXILE,
    Z_GARRISON,
    Z_HAND,
    Z_HISTORY,
    Z_MARKET,
    Z_PLAY,
    Z_UNREST_PILE,
)
from tests.imperium import scenario as sc

UNC_SLOT, CIV_SLOT = 3, 4  # market slots fed by the uncivilised / civilised piles (I3.12)


def _exile(s, card_id):
    return sc.give(s, -1, card_id, Z_EXILE)



# ---------------------------------------------------------------- reactions (I5.6, D7)
@pytest.mark.rule("I5.6", "C2.Fame")
def test_intrepid_answers_an_acquire_with_one_reward_and_a_break_through_with_both():
    s = sc.ready(pool=(3, 1, 0, 0))
    intrepid = sc.give(s, 0, "3FAM8", Z_PLAY)
    sc.give(s, 0, "JPN20")  # Advance: pay 3 mat => acquire UNC/CIV
    sc.play(s, "JPN20")
    sc.option(s, 0)
    sc.act(s, A.MARKET + CIV_SLOT)
    assert s["dec"] == DEC_REACT and sc.legal(s) == [A.END, A.CARD + intrepid]
    sc.act(s, A.CARD + intrepid)
    assert s["dec"] == DEC_CHOOSE and sc.options(s) == [0, 1]  # "both" only after a break through
    sc.option(s, 1)
    assert s["pool"][0, PRG] == 1 and s["exhausted"][intrepid] == 1

    s["exhausted"][intrepid] = 0
    s["exhaust_tokens"][0] += 1
    sc.give(s, 0, "JPN19")  # Clans: take unrest, pay 1 pop => break through REG
    hand = len(sc.hand(s, 0))
    sc.play(s, "JPN19")
    sc.act(s, A.RESOURCE + POP)  # pop or the prg just gained (I12 Pay)
    sc.act(s, A.MARKET + 2)
    sc.act(s, A.CARD + intrepid)
    assert sc.options(s) == [0, 1, 2]
    sc.option(s, 2)
    assert s["pool"][0, PRG] == 2
    assert len(sc.hand(s, 0)) == hand - 1 + 1 + 1 + 1  # Clans played; unrest, region and a draw


@pytest.mark.rule("I5.6", "C2.Uncivilised")
def test_vineyards_draw_two_when_a_fertile_card_in_play_gains_materials():
    s = sc.ready(("taino", "magyars"))
    vineyards = sc.give(s, 0, "3UNC10", Z_PLAY)
    sc.give(s, 0, "TAI2")  # Ayiti: #fertile region, gain 4 mat
    sc.play(s, "TAI2")
    assert s["pool"][0, MAT] == 4
    assert s["dec"] == DEC_REACT and A.CARD + vineyards in sc.legal(s)
    hand = len(sc.hand(s, 0))
    sc.act(s, A.CARD + vineyards)
    assert len(sc.hand(s, 0)) == hand + 2


@pytest.mark.rule("I5.6", "C4.MAG")
def test_blood_oath_looks_at_the_nation_deck_when_taking_an_unrest():
    s = sc.ready(("magyars", "japanese"))
    sc.give(s, 0, "MAG14", Z_PLAY)  # Blood Oath
    deck = s["nation_deck"][0, : s["nation_size"][0]].copy()
    assert len(deck) >= 3
    sc.give(s, 0, "3UNC8")  # Priesthood: take an unrest
    sc.play(s, "3UNC8")
    assert s["dec"] == DEC_YESNO and s["actor"] == 0
    assert s["fr_it"][s["depth"] - 1] == deck[-1]  # the card looked at is the top one
    sc.yes(s)
    after = s["nation_deck"][0, : s["nation_size"][0]]
    assert after[0] == deck[0]  # the accession card stays at the bottom (I12)
    assert after[1] == deck[-1] and list(after[2:]) == list(deck[1:-1])


# ---------------------------------------------------------------- passives changing the acquire rule
@pytest.mark.rule("C2.Uncivilised")
def test_navigation_makes_exiled_regions_acquirable_as_if_in_the_market():
    s = sc.ready(pool=(0, 2, 0, 0))
    region = _exile(s, "3REG9")
    sc.give(s, 0, "MAG18")  # pay 2 pop => acquire REG/TRI (a Magyar card, dealt to seat 0 for the test)
    sc.play(s, "MAG18")
    sc.option(s, 0)
    assert A.CARD + region not in sc.legal(s)

    s = sc.ready(pool=(0, 2, 0, 0))
    region = _exile(s, "3REG9")
    sc.give(s, 0, "3UNC1", Z_PLAY)  # Navigation
    sc.give(s, 0, "MAG18")
    unrest = int(s["unrest_size"])
    sc.play(s, "MAG18")
    sc.option(s, 0)
    assert A.CARD + region in sc.legal(s)
    sc.pick(s, "3REG9")
    assert s["zone"][region] == Z_HAND and s["unrest_size"] == unrest  # a region: no unrest


@pytest.mark.rule("C2.Uncivilised", "I5.1")
def test_navigation_plays_a_region_from_the_discard_pile_for_an_action():
    s = sc.ready(("taino", "magyars"))
    nav = sc.give(s, 0, "3UNC1", Z_PLAY)
    sea = sc.give(s, 0, "TAI5", Z_DISCARD)  # Caribbean Sea: #ocean, no text
    sc.act(s, A.CARD + nav)
    assert s["dec"] == DEC_CARD and sc.legal(s) == [A.CARD + sea]
    sc.pick(s, "TAI5")
    assert s["zone"][sea] == Z_PLAY and s["actions"][0] == 2  # the play spent an action ...
    assert s["pool"][0, GDS] == 1 and s["free_played"][sea] == 0  # ... and was not a free play


@pytest.mark.rule("C2.Civilised")
def test_epic_poetry_breaks_through_an_exiled_card_instead_and_is_recalled():
    s = sc.ready(pool=(3, 0, 0, 0))
    poetry = sc.give(s, 0, "3CIV2", Z_PLAY)
    exiled = _exile(s, "3CIV13")
    region = _exile(s, "3REG9")
    sc.give(s, 0, "JPN20")  # Advance: pay 3 mat => acquire UNC/CIV
    unrest = int(s["unrest_size"])
    sc.play(s, "JPN20")
    sc.option(s, 0)
    legal = sc.legal(s)
    assert A.CARD + exiled in legal and A.CARD + region not in legal
    sc.pick(s, "3CIV13")
    assert s["zone"][exiled] == Z_HAND and s["zone"][poetry] == Z_HAND
    assert s["unrest_size"] == unrest  # a break through: no unrest taken (I12)


# ---------------------------------------------------------------- turn-long effects and other words
@pytest.mark.rule("C2.Fame", "I12")
def test_brave_lets_the_unrest_taken_with_an_acquired_card_be_played_at_once():
    s = sc.ready(pool=(3, 1, 0, 0))
    sc.give(s, 0, "3FAM7")  # Brave (free action)
    sc.give(s, 0, "JPN20")
    tucked = int(s["market_unrest"][UNC_SLOT])
    assert tucked >= 0
    sc.play(s, "3FAM7")
    assert s["actions"][0] == 3 and s["play_unrest_turn"][0] == 1
    sc.play(s, "JPN20")
    sc.option(s, 0)
    sc.act(s, A.MARKET + UNC_SLOT)
    assert s["zone"][tucked] == Z_HAND and s["dec"] == DEC_YESNO
    sc.yes(s)  # free-play the unrest ...
    assert sc.legal(s) == [A.CARD + tucked]
    sc.act(s, A.CARD + tucked)
    sc.option(s, 0)  # ... pay 1 pop => return it
    assert s["zone"][tucked] == Z_UNREST_PILE and s["pool"][0, POP] == 0
    assert s["actions"][0] == 2  # only Advance took an action


@pytest.mark.rule("C2.Uncivilised")
def test_trade_caravans_moves_materials_onto_two_different_market_cards():
    s = sc.ready(("magyars", "japanese"), pool=(2, 0, 0, 0))
    caravans = sc.give(s, 0, "3UNC4", Z_PLAY)
    sc.act(s, A.CARD + caravans)
    sc.option(s, 0)
    assert s["dec"] == DEC_MARKET and len(sc.legal(s)) == 5
    first = int(s["market"][1])
    sc.act(s, A.MARKET + 1)
    assert A.MARKET + 1 not in sc.legal(s) and len(sc.legal(s)) == 4  # a different card
    second = int(s["market"][3])
    sc.act(s, A.MARKET + 3)
    assert s["card_res"][first, MAT] == 1 and s["card_res"][second, MAT] == 1
    assert s["pool"][0].tolist() == [0, 0, 0, 1]


@pytest.mark.rule("C2.Fame", "I12")
def test_determined_garrisons_under_an_empty_region_and_triggers_it():
    s = sc.ready(pool=(0, 0, 0, 0))
    busy = sc.give(s, 0, "JPN17", Z_PLAY)  # Kyushu, with a card under it
    Z.garrison(s, sc.give(s, 0, "JPN9"), busy)
    bogs = sc.give(s, 0, "3REG9", Z_PLAY)  # Bogs: gain 2 mat; exile market; may garrison
    sc.give(s, 0, "3FAM4")
    tucked = sc.give(s, 0, "JPN5")
    sc.play(s, "3FAM4")
    assert s["dec"] == DEC_ROUTE
    sc.act(s, A.PILE + 0)  # break through the region pile
    sc.yes(s)
    sc.pick(s, "JPN5")  # only Bogs may host it (Kyushu already holds a card): no host decision
    assert s["dec"] != DEC_HOST and s["zone"][tucked] == Z_GARRISON and s["host"][tucked] == bogs
    assert s["pool"][0, MAT] == 2  # Bogs' play effect ran


# ---------------------------------------------------------------- Taino (C4.TAI, I16)
def _taino(pool=(0, 0, 0, 0)):
    return sc.ready(("taino", "magyars"), pool)


@pytest.mark.rule("C4.TAI")
def test_zemi_holds_at_most_two_garrisoned_unrest():
    s = _taino()
    zemi = sc.give(s, 0, "TAI21", Z_PLAY)
    unrest = [sc.give(s, 0, u) for u in ("TAI22", "TAI23", "TAI11")]
    sc.act(s, A.CARD + zemi)
    sc.option(s, 0)
    for u in unrest[:2]:
        sc.yes(s)
        sc.act(s, A.CARD + u)
    assert all(s["zone"][u] == Z_GARRISON and s["host"][u] == zemi for u in unrest[:2])
    assert s["zone"][unrest[2]] == Z_HAND and s["phase"] == PH_ACTIVATE  # the loop ended at 2


@pytest.mark.rule("C4.TAI")
def test_zemi_takes_up_to_five_population_and_materials():
    s = _taino(pool=(4, 4, 0, 0))
    zemi = sc.give(s, 0, "TAI21", Z_PLAY)
    sc.act(s, A.CARD + zemi)
    sc.option(s, 1)
    for k in range(5):
        sc.yes(s)
        sc.option(s, k % 2)  # pop, mat, pop, mat, pop
    assert s["card_res"][zemi].tolist() == [2, 3, 0, 0] and s["pool"][0].tolist() == [2, 1, 0, 0]
    assert s["phase"] == PH_ACTIVATE


@pytest.mark.rule("C4.TAI")
def test_cacique_returns_an_unrest_from_zemi_and_spends_its_population():
    s = _taino()
    zemi = sc.give(s, 0, "TAI21", Z_PLAY)
    u = sc.give(s, 0, "TAI22")
    Z.garrison(s, u, zemi)
    s["card_res"][zemi, POP] = 1
    tributary = sc.to_market(s, 0, "3TRI4")
    sc.give(s, 0, "TAI18")
    sc.play(s, "TAI18")
    sc.yes(s)
    sc.act(s, A.CARD + u)
    assert s["zone"][u] == Z_UNREST_PILE and s["card_res"][zemi, MAT] == 1
    sc.yes(s)  # pay 1 pop from Zemi => acquire TRI
    assert s["card_res"][zemi, POP] == 0 and s["dec"] == DEC_MARKET
    sc.act(s, A.MARKET + 0)
    assert s["zone"][tributary] == Z_HAND


@pytest.mark.rule("C4.TAI", "I1.8")
def test_migration_abandons_cards_showing_six_production_icons():
    s = _taino(pool=(0, 1, 0, 0))
    valley = sc.give(s, 0, "3REG10", Z_PLAY)  # 2 #production
    scrub = sc.give(s, 0, "3REG8", Z_PLAY)  # 2
    pannonia = sc.give(s, 0, "MAG7", Z_PLAY)  # 2
    sea = sc.give(s, 0, "TAI5", Z_PLAY)  # none: cannot be abandoned for Migration
    migration = sc.give(s, 0, "TAI8")
    assert A.CARD + migration in sc.legal(s)
    sc.play(s, "TAI8")
    assert A.CARD + sea not in sc.legal(s)
    for c in (valley, scrub, pannonia):
        sc.act(s, A.CARD + c)
    assert all(s["zone"][c] == Z_DISCARD for c in (valley, scrub, pannonia))
    assert s["dec"] == DEC_CARD and sc.legal(s) == [A.CARD + sea]  # the pop goes onto a pinned card
    sc.act(s, A.CARD + sea)
    assert s["card_res"][sea, POP] == 1


@pytest.mark.rule("C4.TAI", "I1.8")
def test_migration_is_unplayable_without_six_production_icons():
    s = _taino(pool=(0, 1, 0, 0))
    sc.give(s, 0, "3REG10", Z_PLAY)
    sc.give(s, 0, "3REG8", Z_PLAY)
    migration = sc.give(s, 0, "TAI8")
    assert A.CARD + migration not in sc.legal(s)


@pytest.mark.rule("C4.TAI", "I12")
def test_bohio_chooses_once_per_fertile_river_and_ocean_icon():
    s = _taino()
    sc.give(s, 0, "3REG12", Z_PLAY)  # #production #river #fertile: 2 counted icons
    sc.give(s, 0, "TAI5", Z_PLAY)  # #ocean: 1
    sc.give(s, 0, "TAI17")
    sc.play(s, "TAI17")
    sc.no(s)  # the other player declines to draw
    for k in (0, 1, 0):
        assert s["dec"] == DEC_CHOOSE and s["actor"] == 0
        sc.option(s, k)
    assert s["pool"][0].tolist() == [4, 1, 0, 0] and s["phase"] == PH_ACTIVATE


@pytest.mark.rule("C4.TAI", "I12")
def test_soil_rotation_treats_fertile_icons_as_production_for_the_turn():
    s = _taino(pool=(2, 0, 0, 0))
    sc.give(s, 0, "3REG12", Z_PLAY)  # #production #river #fertile
    production = 1 << int(Z.D.TypeIcon.PRODUCTION)
    fertile = 1 << int(Z.D.TypeIcon.FERTILE)
    region = sc.give(s, 0, "JPN17", Z_DISCARD)
    sc.give(s, 0, "TAI13")
    sc.play(s, "TAI13")
    assert Z.count_in_play(s, 0, 0, production) == 2 and Z.count_in_play(s, 0, 0, fertile) == 0
    sc.option(s, 0)  # draw a region from the discard pile
    sc.act(s, A.CARD + region)
    assert s["zone"][region] == Z_HAND
    sc.act(s, A.END)
    sc.act(s, A.MARKET + 0)
    assert Z.count_in_play(s, 0, 0, fertile) == 1  # over at cleanup (I7.2)


@pytest.mark.rule("I16", "I10.3")
def test_taino_score_resources_on_their_cards_as_if_in_the_pool():
    s = _taino()
    zemi = sc.give(s, 0, "TAI21", Z_PLAY)
    base = scoring.score(s, 0)
    s["card_res"][zemi, PRG] = 3
    assert scoring.score(s, 0) == base + 3 + 0  # 3 prg; Zemi's own VP needs 5 resources
    s["card_res"][zemi, MAT] = 2
    assert scoring.score(s, 0) == base + 3 + 1  # and now Zemi shows 5 resources
    other = sc.give(s, 1, "MAG7", Z_PLAY)
    before = scoring.score(s, 1)
    s["card_res"][other, PRG] = 3
    assert scoring.score(s, 1) == before  # the Magyars' progress on cards does not count


# ---------------------------------------------------------------- Inuit (C4.INU, I16)
def _inuit(pool=(0, 0, 0, 0), side="A"):
    """Seat 0 plays the Inuit (Summer: EMP) and is about to act with an empty hand."""
    s = sc.new(("inuit", "magyars"), power_sides=[side, "B"])
    sc.empty_hand(s, 0)
    s["pool"][0] = pool
    sc.activate(s)
    return s


def _winter(s):
    s["face"][s["state_card"][0]] = 1


def _end_turn(s):
    """End seat 0's Activate turn: cleanup token on slot 1, keep the hand, draw up."""
    sc.act(s, A.END)
    sc.act(s, A.MARKET + 0)
    sc.act(s, A.END)


@pytest.mark.rule("I16", "I7.4")
def test_inuit_seasons_turn_after_every_turn_and_summer_draws_two_fewer():
    s = _inuit()
    state = s["state_card"][0]
    assert s["face"][state] == 0 and Z.hand_limit(s, 0) == 5 - 2  # Summer
    _end_turn(s)
    assert len(sc.hand(s, 0)) == 3  # drawn up to the Summer limit ...
    assert s["face"][state] == 1 and Z.hand_limit(s, 0) == 5  # ... then Winter
    assert s["current"] == 1


@pytest.mark.rule("I16", "C4.INU")
def test_inuit_history_is_the_discard_pile_with_an_unrest_in_winter():
    s = _inuit(pool=(0, 5, 0, 0))
    exploration = sc.give(s, 0, "INU14")
    jpn = sc.give(s, 0, "JPN5")
    unrest = int(s["unrest_size"])
    steps.to_history(s, jpn, 0)
    assert s["zone"][jpn] == Z_DISCARD and s["unrest_size"] == unrest  # Summer: just discarded
    _winter(s)
    steps.to_history(s, exploration, 0)
    assert s["zone"][exploration] == Z_DISCARD and s["unrest_size"] == unrest - 1  # Winter: + an unrest
    oral = sc.give(s, 0, "INU13", Z_PLAY)
    steps.to_history(s, jpn, 0)
    assert s["zone"][jpn] == Z_GARRISON and s["host"][jpn] == oral  # Oral History overrides
    assert s["unrest_size"] == unrest - 1


@pytest.mark.rule("I12", "I16")
def test_a_host_put_into_history_takes_its_garrisoned_cards_along():
    s = _inuit()
    glacier = sc.give(s, 0, "3REG6", Z_PLAY)
    tucked = sc.give(s, 0, "3REG1")
    Z.garrison(s, tucked, glacier)
    oral = sc.give(s, 0, "INU13", Z_PLAY)
    steps.to_history(s, glacier, 0)  # the Inuit history: under Oral History, with its garrison
    assert s["host"][glacier] == oral and s["zone"][tucked] == Z_GARRISON and s["host"][tucked] == oral
    s = sc.new()
    glacier = sc.give(s, 0, "3REG6", Z_PLAY)
    tucked = sc.give(s, 0, "3REG1")
    Z.garrison(s, tucked, glacier)
    steps.to_history(s, glacier, 0)
    assert s["zone"][glacier] == Z_HISTORY and s["zone"][tucked] == Z_HISTORY and s["owner"][tucked] == 0


@pytest.mark.rule("C4.INU")
def test_inuit_power_a_adds_one_to_small_material_gains():
    s = _inuit(side="A")
    sc.give(s, 0, "INU2")  # Nunavut: choose gain 1 mat | gain 1 pop
    sc.play(s, "INU2")
    sc.option(s, 0)
    assert s["pool"][0, MAT] == 2
    s = _inuit(side="B")
    sc.give(s, 0, "INU2")
    sc.play(s, "INU2")
    sc.option(s, 0)
    assert s["pool"][0, MAT] == 1


@pytest.mark.rule("C4.INU", "I5.6")
def test_kayaks_acquire_in_winter_and_react_to_ocean_materials_in_summer():
    s = _inuit(pool=(0, 1, 0, 0))
    kayaks = sc.give(s, 0, "INU15", Z_PLAY)
    assert A.CARD + kayaks not in sc.legal(s)  # Summer: only the reaction
    sc.give(s, 0, "INU2")  # Nunavut has an #ocean: its mat gain is the event
    sc.play(s, "INU2")
    sc.option(s, 0)
    assert s["dec"] == DEC_REACT and A.CARD + kayaks in sc.legal(s)
    sc.act(s, A.CARD + kayaks)
    assert s["zone"][kayaks] == Z_HAND and s["pool"][0, PRG] == 2  # recalled => 2 prg

    s = _inuit(pool=(0, 1, 0, 0))
    _winter(s)
    kayaks = sc.give(s, 0, "INU15", Z_PLAY)
    assert A.CARD + kayaks in sc.legal(s)  # Winter: the Activate-loop ability
    sc.act(s, A.CARD + kayaks)
    assert s["card_res"][kayaks, POP] == 1 and s["dec"] == DEC_MARKET


@pytest.mark.rule("C4.INU", "I8.4")
def test_kayaks_develop_for_free_with_imaq_in_play():
    s = _inuit()
    kayaks = sc.card("INU15")
    assert s["zone"][kayaks] == Z_DEVELOPMENT
    assert not choices._develop_ok(s, 0, kayaks, False)  # 3 mat, none in the pool
    sc.give(s, 0, "INU12", Z_PLAY)
    assert choices._develop_ok(s, 0, kayaks, False)


@pytest.mark.rule("C4.INU", "I5.6")
def test_dog_sleds_answer_a_region_without_ocean_only():
    s = _inuit()
    sc.give(s, 0, "INU9", Z_PLAY)
    sc.give(s, 0, "INU4")  # Nunatsiavut: no #ocean
    sc.play(s, "INU4")
    sc.act(s, sc.legal(s)[0])  # exile a market card
    assert s["dec"] == DEC_YESNO  # Dog Sleds: may choose ...
    sc.yes(s)
    hand = len(sc.hand(s, 0))
    sc.option(s, 0)
    assert len(sc.hand(s, 0)) == hand + 1
    s = _inuit()
    sc.give(s, 0, "INU9", Z_PLAY)
    sc.give(s, 0, "INU2")  # Nunavut has an #ocean
    sc.play(s, "INU2")
    sc.option(s, 1)
    assert s["phase"] == PH_ACTIVATE  # no Dog Sleds question


# ---------------------------------------------------------------- Swap (I12)
@pytest.mark.rule("I12", "C2.Region")
def test_heath_swaps_an_exiled_card_with_a_market_card_and_offers_no_swap_into_an_empty_market():
    """Found by the bot soak (issue 13): once the main deck was out and the market empty, Heath
    still offered its swap, and after the exiled card was picked no market card was left to
    pick: a decision without a legal action."""
    s = sc.ready(("japanese", "magyars", "mayans"))
    exiled = _exile(s, "3UNC16")
    sc.give(s, 0, "3REG13")
    old = int(s["market"][0])
    sc.play(s, "3REG13")
    assert sc.options(s) == [0, 1]  # exile a market card | swap an exiled one
    sc.option(s, 1)
    sc.pick(s, "3UNC16")
    sc.act(s, A.MARKET + 0)
    assert s["market"][0] == exiled and s["zone"][exiled] == Z_MARKET and s["zone"][old] == Z_EXILE

    s = sc.ready(("japanese", "magyars", "mayans"))
    exiled = _exile(s, "3UNC16")
    for c in s["market"]:
        Z.put(s, int(c), Z_BOX, -1)
    sc.give(s, 0, "3REG13")
    sc.play(s, "3REG13")
    while s["phase"] != PH_ACTIVATE:
        legal = sc.legal(s)
        assert legal and not (s["dec"] == DEC_CHOOSE and A.OPTION + 1 in legal)
        sc.act(s, legal[0])
    assert s["zone"][exiled] == Z_EXILE
