"""Major-action modifiers (O7.4) through the Travel modifiers: chosen at the start of the action
and paid at once, mandatory ones applied by themselves, an action made possible only by a
modifier, and each use lasting for the one action."""

from __future__ import annotations

import pytest

from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath import state as S
from meeplegym.errors import IllegalActionError
from tests.oath import scenario as sc
from tests.oath.scenario import ID, MOUNTAIN, PLAINS, ROCKY_COAST

TRAVEL = A.MAJOR + int(D.MajorAction.TRAVEL)


def card(name):
    return A.CARD + ID[name]


@pytest.mark.rule("O7.4", "D2")
def test_tents_make_travel_within_the_region_free():
    s = sc.ready()
    sc.move(s, "Tents", S.Z_ADVISER, 0, 1)  # F
    sc.act(s, TRAVEL)
    assert s["phase"] == S.PH_MODIFY and sc.legal(s) == [A.END, card("Tents")]
    sc.act(s, card("Tents"))
    assert s["card_favor"][ID["Tents"]] == 1 and s["favor"][0] == 1  # paid at once (O7.4)
    assert sc.legal(s) == [A.END]
    sc.act(s, A.END, A.SLOT + 1)
    assert s["pawn"][0] == 1 and s["supply"][0] == 7
    assert s["mod_on"][ID["Tents"]] == 0  # one action only (O7.4.2)
    sc.act(s, TRAVEL)
    assert s["phase"] == S.PH_TRAVEL  # Tents carries its favor now: nothing to offer


@pytest.mark.rule("O7.4", "O5")
def test_a_modifier_can_make_an_action_possible():
    s = sc.ready()
    s["supply"][0] = 0
    assert TRAVEL not in sc.legal(s)
    sc.move(s, "Special Envoy", S.Z_ADVISER, 0, 1)
    assert TRAVEL in sc.legal(s)
    sc.act(s, TRAVEL)
    assert sc.legal(s) == [card("Special Envoy")]  # no END: without it the Travel cannot be paid
    sc.act(s, card("Special Envoy"), A.END, A.SLOT + ROCKY_COAST)
    assert s["pawn"][0] == ROCKY_COAST and s["current"] == 1  # the Act phase ended (Special Envoy)


@pytest.mark.rule("O7.4", "D2", "D1")
def test_forest_paths_ignore_site_powers_on_the_way_to_a_beast_card():
    s = sc.ready()
    sc.put_site(s, 3, "Narrow Pass")
    sc.move(s, "Wolves", S.Z_SITE, MOUNTAIN)
    sc.move(s, "Forest Paths", S.Z_ADVISER, 0, 1)
    s["supply"][0] = 1
    sc.act(s, TRAVEL, card("Forest Paths"), A.END)
    assert A.SLOT + MOUNTAIN in sc.legal(s)  # past the Narrow Pass, for nothing
    sc.act(s, A.SLOT + MOUNTAIN)
    assert s["pawn"][0] == MOUNTAIN and s["supply"][0] == 1


@pytest.mark.rule("O7.4", "D2", "D4")
def test_a_fast_steed_dragonskin_drum_and_the_mandatory_tyrant():
    s = sc.ready()
    sc.move(s, "A Fast Steed", S.Z_ADVISER, 0, 1)
    sc.move(s, "Dragonskin Drum", S.Z_PERSONAL, 0)
    sc.move(s, "Tyrant", S.Z_ADVISER, 0, 1)
    sc.act(s, TRAVEL)
    assert sc.legal(s) == [A.END, card("A Fast Steed"), card("Dragonskin Drum")]  # Tyrant is not asked
    sc.act(s, card("A Fast Steed"), card("Dragonskin Drum"), A.END, A.SLOT + ROCKY_COAST)
    assert s["supply"][0] == 7 and s["board_warbands"][0] == 4  # free with 3 on the board; +1
    assert s["site_warbands"][ROCKY_COAST, S.PURPLE] == 0  # Tyrant killed the Empire's own
    assert sc.warbands_of(s, S.PURPLE) == 24


MUSTER = A.MAJOR + int(D.MajorAction.MUSTER)


@pytest.mark.rule("O7.4", "D2")
def test_pressgangs_and_downtrodden():
    s = sc.ready()
    sc.move(s, "Pressgangs", S.Z_ADVISER, 0, 1)
    sc.move(s, "Downtrodden", S.Z_ADVISER, 0, 1)
    s["card_favor"][ID["Longbows"]] = 1  # already used this turn
    s["favor"][0] -= 1
    s["favor_bank"][:] = [3, 3, 2, 3, 3, 3]  # Order strictly poorest
    s["shared_favor"] += 1
    sc.act(s, MUSTER)
    assert sc.legal(s) == [card("Pressgangs")]  # no END: without Pressgangs nothing to muster on
    sc.act(s, card("Pressgangs"), card("Downtrodden"), A.END)
    board = int(s["board_warbands"][0])
    sc.act(s, card("Longbows"))
    assert s["board_warbands"][0] == board + 2 + 2 and s["card_favor"][ID["Longbows"]] == 2


@pytest.mark.rule("O7.4", "D2")
def test_animal_playmates_muster_on_a_beast_card_for_no_supply():
    s = sc.ready()
    s["supply"][0] = 0
    sc.move(s, "Wolves", S.Z_SITE, PLAINS)
    sc.move(s, "Animal Playmates", S.Z_ADVISER, 0, 1)
    assert MUSTER in sc.legal(s)
    sc.act(s, MUSTER, card("Animal Playmates"), A.END)
    assert sc.legal(s) == [card("Wolves")]  # Longbows would still cost a Supply
    sc.act(s, card("Wolves"))
    assert s["supply"][0] == 0 and s["board_warbands"][0] == 5


@pytest.mark.rule("O7.4.1", "D2")
def test_mandatory_initiation_rite_and_vow_of_beastkin():
    s = sc.ready()
    sc.move(s, "Initiation Rite", S.Z_ADVISER, 0, 1)
    s["secrets"][0] = 0
    assert MUSTER not in sc.legal(s)  # it must place a secret, and there is none
    s["secrets"][0] = 1
    sc.act(s, MUSTER)
    assert s["phase"] == S.PH_MUSTER  # nothing optional to ask
    sc.act(s, card("Longbows"))
    assert s["card_secrets"][ID["Longbows"]] == 1 and s["favor"][0] == 2 and s["secrets"][0] == 0
    s = sc.ready()
    sc.move(s, "Vow of Beastkin", S.Z_ADVISER, 0, 1)  # Beast: Longbows (Order) matches no adviser
    assert MUSTER not in sc.legal(s)
    sc.move(s, "Scouts", S.Z_ADVISER, 0, 1)
    board = int(s["board_warbands"][0])
    sc.act(s, MUSTER, card("Longbows"))
    assert s["board_warbands"][0] == board + 3


TRADE = A.MAJOR + int(D.MajorAction.TRADE)


@pytest.mark.rule("O7.4", "D2", "D4")
def test_trade_modifiers_waive_the_supply():
    s = sc.ready()
    s["supply"][0] = 0
    sc.move(s, "Cup of Plenty", S.Z_PERSONAL, 0)
    sc.move(s, "Scouts", S.Z_ADVISER, 0, 1)  # matches Longbows (Order)
    assert TRADE in sc.legal(s)
    sc.act(s, TRADE, card("Cup of Plenty"), A.END, card("Longbows"), A.OPTION + 0)
    assert s["supply"][0] == 0 and s["favor"][0] == 2 + 2
    s = sc.ready()
    s["supply"][0] = 0
    sc.move(s, "Awaited Return", S.Z_ADVISER, 0, 1)
    sc.act(s, TRADE, card("Awaited Return"), A.END, card("Longbows"), A.OPTION + 1)
    assert s["supply"][0] == 0 and s["board_warbands"][0] == 2 and sc.warbands_of(s, S.PURPLE) == 24


@pytest.mark.rule("O7.4", "D2")
def test_acting_troupe_and_secret_signal_change_the_gain():
    s = sc.ready()
    sc.move(s, "Acting Troupe", S.Z_ADVISER, 0, 1)  # Arcane, treated as Order for this trade
    sc.act(s, TRADE, card("Acting Troupe"), A.END, card("Longbows"), A.OPTION + 0)
    assert s["favor"][0] == 2 + 2
    s = sc.ready()
    sc.move(s, "Secret Signal", S.Z_ADVISER, 0, 1)  # one favor becomes two
    sc.act(s, TRADE, card("Secret Signal"), A.END, card("Longbows"), A.OPTION + 0)
    assert s["favor"][0] == 2 + 2


@pytest.mark.rule("O7.4", "D2")
def test_map_library_trades_across_the_region():
    s = sc.ready()
    s["slot_faceup"][1] = 1
    sc.move(s, "Map Library", S.Z_SITE, PLAINS)
    sc.move(s, "Wayside Inn", S.Z_SITE, 1)
    sc.act(s, TRADE)
    sc.act(s, card("Map Library"), A.END)
    assert card("Wayside Inn") in sc.legal(s)
    sc.act(s, card("Wayside Inn"), A.OPTION + 0)
    assert s["card_secrets"][ID["Wayside Inn"]] == 1


SEARCH = A.MAJOR + int(D.MajorAction.SEARCH)


@pytest.mark.rule("O7.4", "D2", "D4")
def test_search_modifiers_change_cost_source_and_draw():
    s = sc.ready()
    sc.move(s, "News from Afar", S.Z_ADVISER, 0, 1)  # FF
    sc.move(s, "Augury", S.Z_ADVISER, 0, 1)
    s["favor"][0] = 2
    sc.act(s, SEARCH, card("News from Afar"), card("Augury"), A.END, A.OPTION + 0)
    assert s["supply"][0] == 7 and s["n_drawn"] == 4
    s = sc.ready()
    sc.move(s, "Errand Boy", S.Z_ADVISER, 0, 1)  # F: another region's pile
    sc.act(s, SEARCH)
    sc.act(s, card("Errand Boy"), A.END)
    assert sc.legal(s) == [A.OPTION + 0, A.OPTION + 1, A.OPTION + 2, A.OPTION + 3]
    sc.act(s, A.OPTION + 3)  # two regions out from the Cradle: the Hinterland's pile
    assert s["discard_size"][2] == 0 and s["supply"][0] == 5


@pytest.mark.rule("O7.4.1", "D4")
def test_book_of_records_trades_the_site_favor_for_a_secret():
    s = sc.ready()
    sc.move(s, "Book of Records", S.Z_PERSONAL, 0)
    sc.world_top(s, "Scouts")
    sc.act(s, SEARCH)
    assert s["phase"] == S.PH_SEARCH_SOURCE  # mandatory, and nothing optional to ask
    sc.act(s, A.OPTION + 0, card("Scouts"))
    while s["phase"] == S.PH_SEARCH_DISCARD:
        sc.act(s, sc.legal(s)[0])
    sc.act(s, A.OPTION + 0)
    assert s["favor"][0] == 2 and s["secrets"][0] == 2


@pytest.mark.rule("O7.4", "D2")
def test_wild_cry_and_welcoming_party_pay_on_the_play():
    s = sc.ready()
    sc.move(s, "Wild Cry", S.Z_ADVISER, 0, 1)
    s["slot_faceup"][1] = 1
    sc.move(s, "Welcoming Party", S.Z_SITE, 1)
    s["pawn"][0] = 1  # the Lush Coast: Welcoming Party there is in reach
    sc.world_top(s, "Wolves")
    board = int(s["board_warbands"][0])
    sc.act(s, SEARCH, card("Wild Cry"), card("Welcoming Party"), A.END, A.OPTION + 0, card("Wolves"))
    while s["phase"] == S.PH_SEARCH_DISCARD:
        sc.act(s, sc.legal(s)[0])
    sc.act(s, A.OPTION + 1)  # Wolves, a Beast card, as a faceup adviser
    assert s["board_warbands"][0] == board + 2 and s["supply"][0] == 7 - 2 + 1
    assert s["favor"][0] == 2 + 1 and s["mod_on"].sum() == 0


RECOVER = A.MAJOR + int(D.MajorAction.RECOVER)


@pytest.mark.rule("O7.4", "D2")
def test_magicians_code_and_relic_worship():
    s = sc.ready()
    sc.move(s, "Magician's Code", S.Z_ADVISER, 0, 1)  # FF
    s["secrets"][0] = 0
    s["ds_tokens"] = 1
    assert RECOVER in sc.legal(s)  # the two secrets it brings outbid the one on the banner
    sc.act(s, RECOVER, card("Magician's Code"), A.END, A.OPTION + 1)
    assert sc.legal(s) == [A.NUMBER + 0]  # none of your own needed (nor had)
    sc.act(s, A.NUMBER + 0)
    assert (s["ds_holder"], s["ds_tokens"], s["secrets"][0]) == (0, 2, 1)  # one of the old back
    s = sc.ready()
    s["pawn"][0] = MOUNTAIN
    s["supply"][0] = 2
    sc.move(s, "Relic Worship", S.Z_ADVISER, 0, 1)
    sc.act(s, RECOVER, card("Relic Worship"), A.END, A.FACEDOWN + 0)
    assert s["supply"][0] == 2 - 1 + 3 and s["zone"][ID["Ivory Eye"]] == S.Z_PERSONAL


def kept_and_played(s, keep, option):
    """Keep `keep` from the Search's draw, discard the others in the order offered (the last one
    goes by itself), then play it; the discarded cards in order."""
    others = [int(c) for c in s["drawn"][:s["n_drawn"]] if c != ID[keep]]
    sc.act(s, card(keep))
    discarded = []
    while s["phase"] == S.PH_SEARCH_DISCARD:
        a = sc.legal(s)[0]
        discarded.append(a - A.CARD)
        sc.act(s, a)
    discarded += [c for c in others if c not in discarded]
    sc.act(s, option)
    return discarded


@pytest.mark.rule("O7.4", "D3")
def test_mushrooms_draw_one_card_from_the_bottom_of_your_pile_for_no_supply():
    s = sc.ready()
    sc.move(s, "Mushrooms", S.Z_SITE, PLAINS)  # S, placed on it
    sc.discard_top(s, 0, "Scouts", "Wolves", "Tents")
    bottom = int(s["discard"][0][0])
    size = int(s["discard_size"][0])
    sc.act(s, SEARCH, card("Mushrooms"), A.END)
    assert sc.legal(s) == [A.OPTION + 1]  # your region's pile only, never the world deck
    sc.act(s, A.OPTION + 1)
    assert s["n_drawn"] == 1 and s["drawn"][0] == bottom and s["discard_size"][0] == size - 1
    assert s["supply"][0] == 7 and s["card_secrets"][ID["Mushrooms"]] == 1


@pytest.mark.rule("O7.4", "D4")
def test_cracked_horn_sends_the_discards_under_the_world_deck():
    s = sc.ready()
    sc.move(s, "Cracked Horn", S.Z_PERSONAL, 0)
    sc.world_top(s, "Scouts", "Wolves", "Tents")
    piles = s["discard_size"].copy()
    sc.act(s, SEARCH, card("Cracked Horn"), A.END, A.OPTION + 0)
    world = int(s["world_size"])
    discarded = kept_and_played(s, "Scouts", A.OPTION + 1)
    assert sorted(discarded) == sorted([ID["Wolves"], ID["Tents"]])
    assert list(s["world"][:2]) == discarded[::-1]  # the last one discarded lies at the very bottom
    assert s["world_size"] == world + 2 and (s["discard_size"] == piles).all()
    assert s["discard_to"] == S.DISCARD_AS_USUAL  # for this action only


@pytest.mark.rule("O7.4", "D3")
def test_bracken_puts_every_discard_on_a_pile_of_your_choice():
    s = sc.ready()
    sc.move(s, "Bracken", S.Z_ADVISER, 0, 1)
    sc.move(s, "Cracked Horn", S.Z_PERSONAL, 0)
    sc.world_top(s, "Scouts", "Wolves", "Tents")
    sc.act(s, SEARCH, card("Bracken"))
    assert s["phase"] == S.PH_MODIFY_CHOICE and sc.legal(s) == [A.OPTION + k for k in range(6)]
    hinterland = int(D.Region.HINTERLAND)
    sc.act(s, A.OPTION + 2 * hinterland + 1)  # the bottom of the Hinterland's pile
    assert sc.legal(s) == [A.END]  # Cracked Horn would send the same discards elsewhere
    sc.act(s, A.END, A.OPTION + 0)
    old = list(s["discard"][hinterland][:s["discard_size"][hinterland]])
    discarded = kept_and_played(s, "Scouts", A.OPTION + 1)
    pile = list(s["discard"][hinterland][:s["discard_size"][hinterland]])
    assert pile == discarded[::-1] + old


@pytest.mark.rule("O7.4", "D3")
def test_new_growth_plays_a_beast_or_hearth_card_to_any_site_with_room():
    s = sc.ready()
    sc.move(s, "New Growth", S.Z_ADVISER, 0, 1)
    sc.world_top(s, "Wolves", "Scouts", "Tents")
    sc.act(s, SEARCH, card("New Growth"), A.END, A.OPTION + 0)
    kept_and_played(s, "Wolves", A.OPTION + 0)
    assert s["phase"] == S.PH_PLAY_SITE
    assert {PLAINS, MOUNTAIN, ROCKY_COAST} <= {a - A.SLOT for a in sc.legal(s)}
    sc.act(s, A.SLOT + ROCKY_COAST)
    assert (s["zone"][ID["Wolves"]], s["where"][ID["Wolves"]]) == (S.Z_SITE, ROCKY_COAST)
    s = sc.ready()
    sc.move(s, "New Growth", S.Z_ADVISER, 0, 1)
    sc.world_top(s, "Scouts", "Wolves", "Tents")
    sc.act(s, SEARCH, card("New Growth"), A.END, A.OPTION + 0)
    kept_and_played(s, "Scouts", A.OPTION + 0)  # an Order card: your own site, as always
    assert (s["zone"][ID["Scouts"]], s["where"][ID["Scouts"]]) == (S.Z_SITE, PLAINS)


CAMPAIGN = A.MAJOR + int(D.MajorAction.CAMPAIGN)


@pytest.mark.rule("O7.4", "D2", "O5.5")
def test_hunting_party_offers_a_free_campaign_after_searching_the_world_deck():
    s = sc.ready()
    sc.as_current(s, 1)  # an Exile at the Plains, which the Chancellor rules
    sc.move(s, "Hunting Party", S.Z_ADVISER, 1, 1)
    sc.world_top(s, "Scouts", "Wolves", "Tents")
    supply = int(s["supply"][1])
    sc.act(s, SEARCH, card("Hunting Party"), A.END, A.OPTION + 0)
    kept_and_played(s, "Scouts", A.OPTION + 1)
    assert s["phase"] == S.PH_FREE_CAMPAIGN and sc.legal(s) == [A.END, A.OPTION + 0]
    sc.act(s, A.OPTION + 0)
    assert s["phase"] == S.PH_CAMPAIGN_DEFENDER
    sc.act(s, sc.legal(s)[0])
    assert s["supply"][1] == supply - 2 and s["free_campaign"] == S.FREE_NONE  # the Search's 2 only
    s = sc.ready()
    sc.as_current(s, 1)
    sc.move(s, "Hunting Party", S.Z_ADVISER, 1, 1)
    sc.discard_top(s, 0, "Scouts")
    sc.act(s, SEARCH, card("Hunting Party"), A.END, A.OPTION + 1)
    kept_and_played(s, "Scouts", A.OPTION + 1)
    assert s["phase"] == S.PH_ACT  # a discard pile searched: no campaign


@pytest.mark.rule("O7.4", "D2", "D4")
def test_knights_errant_and_ring_of_devotion_after_and_during_muster():
    s = sc.ready()
    sc.as_current(s, 1)
    sc.move(s, "Knights Errant", S.Z_ADVISER, 1, 1)
    sc.move(s, "Ring of Devotion", S.Z_PERSONAL, 1)
    board = int(s["board_warbands"][1])
    sc.act(s, MUSTER, card("Knights Errant"), card("Ring of Devotion"), A.END, card("Longbows"))
    assert s["board_warbands"][1] == board + 2 + 2
    assert s["phase"] == S.PH_FREE_CAMPAIGN
    sc.act(s, A.END)  # declined
    assert s["phase"] == S.PH_ACT and s["free_campaign"] == S.FREE_NONE
    assert CAMPAIGN in sc.legal(s)  # the ordinary campaign, paid as usual
    s["site_warbands"][PLAINS] = 0
    s["site_warbands"][PLAINS, sc.RED] = 1
    assert A.OPTION + S.MOVE_TO_SITE not in sc.legal(s)  # the Ring's holder places no warbands at sites
    assert A.OPTION + S.MOVE_TO_BOARD not in sc.legal(s)  # (never the last)


@pytest.mark.rule("O7.4", "D3")
def test_small_friends_trade_at_a_site_holding_a_beast_card():
    s = sc.ready()
    sc.move(s, "Small Friends", S.Z_ADVISER, 0, 1)
    sc.move(s, "Wolves", S.Z_SITE, MOUNTAIN)
    sc.move(s, "Scouts", S.Z_SITE, ROCKY_COAST)  # no Beast card there
    sc.act(s, TRADE, card("Small Friends"), A.END)
    assert card("Wolves") in sc.legal(s) and card("Longbows") in sc.legal(s)
    assert card("Scouts") not in sc.legal(s)
    sc.act(s, card("Wolves"), A.OPTION + 0)
    assert s["card_secrets"][ID["Wolves"]] == 1


@pytest.mark.rule("O7.4", "D2")
def test_master_of_disguise_trades_with_another_players_advisers():
    s = sc.ready()
    sc.move(s, "Master of Disguise", S.Z_ADVISER, 0, 1)  # S
    sc.move(s, "Pressgangs", S.Z_ADVISER, 0, 1)  # yours, Order: does not count once disguised
    sc.move(s, "Scouts", S.Z_ADVISER, 2, 1)
    sc.move(s, "Hunting Party", S.Z_ADVISER, 2, 1)
    s["secrets"][0] = 2
    favor = int(s["favor"][0])
    sc.act(s, TRADE, card("Master of Disguise"))
    assert s["phase"] == S.PH_MODIFY_CHOICE
    assert sc.legal(s) == [A.SEAT + 1, A.SEAT + 2, A.SEAT + 3]
    sc.act(s, A.SEAT + 2, A.END, card("Longbows"), A.OPTION + 0)
    assert s["favor"][0] == favor + 1 + 2 and s["trade_as"] == -1


@pytest.mark.rule("O7.4", "D3")
def test_hospitality_gains_a_favor_matching_the_new_site_and_an_adviser():
    s = sc.ready()
    sc.move(s, "Hospitality", S.Z_ADVISER, 0, 1)  # Nomad
    sc.move(s, "Tents", S.Z_SITE, MOUNTAIN)  # Nomad
    sc.move(s, "Wolves", S.Z_SITE, MOUNTAIN)  # Beast, matching none of your advisers
    favor = int(s["favor"][0])
    sc.act(s, TRAVEL, card("Hospitality"), A.END, A.SLOT + MOUNTAIN)
    assert s["phase"] == S.PH_POWER and sc.legal(s) == [A.SUIT + int(D.Suit.NOMAD)]
    sc.act(s, A.SUIT + int(D.Suit.NOMAD))
    assert s["favor"][0] == favor + 1 and s["phase"] == S.PH_ACT


@pytest.mark.rule("O7.4", "D3", "O5.1.4.1")
def test_crop_rotation_discards_a_denizen_to_make_room_for_the_play():
    from meeplegym.envs.oath.rules import major as M

    s = sc.ready()
    sc.move(s, "Crop Rotation", S.Z_ADVISER, 0, 1)
    for name in ("Wolves", "Tents", "Homesteaders", "Elders"):  # fill the Plains
        if M.site_room(s, PLAINS):
            sc.move(s, name, S.Z_SITE, PLAINS)
    assert not M.site_room(s, PLAINS)
    sc.world_top(s, "Scouts", "Augury", "Pressgangs")
    sc.act(s, SEARCH, card("Crop Rotation"), A.END, A.OPTION + 0)
    kept_and_played(s, "Scouts", A.OPTION + 0)  # to the full site: only Crop Rotation allows it
    assert s["phase"] == S.PH_CROP_ROTATION
    at_plains = [a - A.CARD for a in sc.legal(s)]
    assert ID["Wolves"] in at_plains and A.END - A.CARD not in at_plains  # no room: a discard is due
    sc.act(s, card("Wolves"))
    assert s["zone"][ID["Wolves"]] == S.Z_DISCARD
    assert (s["zone"][ID["Scouts"]], s["where"][ID["Scouts"]]) == (S.Z_SITE, PLAINS)
    assert s["phase"] == S.PH_ACT and s["mod_on"].sum() == 0


@pytest.mark.rule("O7.4", "D3")
def test_great_spire_swaps_drawn_denizens_for_random_cards_of_the_dispossessed():
    s = sc.ready()
    spire = sc.move(s, "Great Spire", S.Z_SITE, PLAINS)  # S; the Chancellor rules the Plains
    s["secrets"][0] = 1
    dispossessed = {sc.move(s, name, S.Z_DISPOSSESSED) for name in ("Tents", "Bear Traps")}
    sc.world_top(s, "Scouts", "Wolves", "Longbows")
    sc.act(s, SEARCH, card("Great Spire"), A.END, A.OPTION + 0)
    assert s["card_secrets"][spire] == 1 and s["phase"] == S.PH_SEARCH_KEEP
    drawn = [card("Scouts"), card("Wolves"), card("Longbows")]
    assert sc.legal(s) == [A.OPTION + 0, A.OPTION + 1, A.OPTION + 2, *sorted(drawn)]
    sc.act(s, A.OPTION + 1)  # Wolves, the second card drawn
    new = int(s["drawn"][1])
    assert s["zone"][ID["Wolves"]] == S.Z_DISPOSSESSED and new in dispossessed
    assert s["zone"][new] == S.Z_HAND and s["known"][new] == 1 << 0  # seen by the searcher alone
    assert A.OPTION + 1 not in sc.legal(s) and A.CARD + new in sc.legal(s)  # once per drawn card
    sc.act(s, A.CARD + new)
    assert s["playing"] == new and s["phase"] == S.PH_SEARCH_DISCARD
    s = sc.ready()
    sc.move(s, "Great Spire", S.Z_SITE, PLAINS)
    s["ruined"][ID["Great Spire"]] = 1  # the Fallen Spire modifies nothing
    s["secrets"][0] = 1
    sc.act(s, SEARCH)
    assert s["phase"] == S.PH_SEARCH_SOURCE


def _search_with_land_warden(s, *top, mods=()):
    sc.move(s, "Land Warden", S.Z_ADVISER, 0, 1)  # F
    sc.world_top(s, *top)
    sc.act(s, SEARCH, card("Land Warden"), *(card(m) for m in mods), A.END, A.OPTION + 0)
    assert s["card_favor"][ID["Land Warden"]] == 1 and s["phase"] == S.PH_SEARCH_KEEP


@pytest.mark.rule("O7.4", "D2", "O5.1.4")
def test_land_warden_plays_a_second_card_after_one_played_to_a_site():
    s = sc.ready()
    sc.move(s, "Welcoming Party", S.Z_SITE, PLAINS)  # both plays are the Search's: a Hearth favor each
    _search_with_land_warden(s, "Scouts", "Wolves", "Longbows", mods=("Welcoming Party",))
    favor = int(s["favor"][0])
    sc.act(s, card("Scouts"))
    assert s["phase"] == S.PH_PLAY and s["n_drawn"] == 2  # the rest is held, not discarded yet
    assert s["zone"][ID["Wolves"]] == S.Z_HAND
    sc.act(s, A.OPTION + 0)
    assert (s["zone"][ID["Scouts"]], s["where"][ID["Scouts"]]) == (S.Z_SITE, PLAINS)
    assert s["phase"] == S.PH_SEARCH_KEEP and sc.legal(s) == sorted([A.END, card("Wolves"), card("Longbows")])
    assert sc.legal_names(s)[0] == "keep no second card (Land Warden)"
    sc.act(s, card("Wolves"))
    assert s["zone"][ID["Longbows"]] == S.Z_DISCARD  # the last one goes by itself
    assert A.END in sc.legal(s) and A.OPTION + 1 in sc.legal(s)  # any play after one to a site
    sc.act(s, A.OPTION + 1)
    assert s["zone"][ID["Wolves"]] == S.Z_ADVISER and s["phase"] == S.PH_ACT
    assert s["favor"][0] == favor + 1 + 1 + 1  # the site's favor, then Welcoming Party's for each
    assert s["mod_on"].sum() == 0 and s["warden"] == S.WARDEN_NONE


@pytest.mark.rule("O7.4", "D2", "O5.1.4")
def test_land_warden_sends_the_second_card_to_a_site_after_one_played_elsewhere():
    s = sc.ready()
    _search_with_land_warden(s, "Wolves", "Assassin", "Scouts")
    sc.act(s, card("Wolves"), A.OPTION + 1)  # the first as a faceup adviser
    assert sc.legal(s) == [A.END, card("Scouts")]  # Assassin (adviser-only) can go to no site
    before = s.copy()
    with pytest.raises(IllegalActionError):
        sc.act(s, card("Assassin"))
    assert s.tobytes() == before.tobytes()
    sc.act(s, card("Scouts"))
    assert s["zone"][ID["Assassin"]] == S.Z_DISCARD
    assert sc.legal(s) == [A.OPTION + 0]  # to a site, and nowhere else (no discard either)
    sc.act(s, A.OPTION + 0)
    assert (s["zone"][ID["Scouts"]], s["where"][ID["Scouts"]]) == (S.Z_SITE, PLAINS)
    assert s["phase"] == S.PH_ACT and s["mod_on"].sum() == 0
    s = sc.ready()
    _search_with_land_warden(s, "Scouts", "Assassin", "Conspiracy")
    sc.act(s, card("Conspiracy"), A.OPTION + 4, A.END)  # played faceup, then to the box: not to a site
    assert s["zone"][ID["Conspiracy"]] == S.Z_BOX and sc.legal(s) == [A.END, card("Scouts")]


@pytest.mark.rule("O7.4", "D2", "O5.1.3")
def test_land_warden_offers_no_second_card_that_could_break_its_proviso():
    from meeplegym.envs.oath.rules import major as M

    s = sc.ready()
    sc.move(s, "Land Warden", S.Z_ADVISER, 0, 1)
    sc.world_top(s, "Wolves", "Scouts", "Longbows")
    for name in ("Tents", "Homesteaders", "Elders", "Augury"):  # fill the Plains
        if M.site_room(s, PLAINS):
            sc.move(s, name, S.Z_SITE, PLAINS)
    sc.act(s, SEARCH, card("Land Warden"), A.END, A.OPTION + 0)
    sc.act(s, card("Wolves"), A.OPTION + 1)  # elsewhere, and no site has room for a second
    assert s["phase"] == S.PH_SEARCH_DISCARD and sc.legal(s) == sorted([card("Scouts"), card("Longbows")])
    sc.act(s, card("Longbows"))
    assert s["phase"] == S.PH_ACT and s["zone"][ID["Scouts"]] == S.Z_DISCARD and s["mod_on"].sum() == 0
    s = sc.ready()
    _search_with_land_warden(s, "Wolves", "Scouts", "Longbows")
    sc.act(s, card("Wolves"), A.END)  # the first discarded: only played cards count, none more kept
    assert s["phase"] == S.PH_SEARCH_DISCARD
    s = sc.ready()
    _search_with_land_warden(s, "Wolves", "Scouts", "Longbows")
    sc.act(s, card("Wolves"), A.OPTION + 0, A.END)  # a second card declined
    assert s["phase"] == S.PH_SEARCH_DISCARD and s["playing"] == 0
    sc.act(s, card("Scouts"))
    pile = int(s["where"][ID["Longbows"]])
    assert s["phase"] == S.PH_ACT and s["discard"][pile, s["discard_size"][pile] - 1] == ID["Longbows"]
