"""Card powers that move cards between places (swaps, moves to a site, relics in and out of the
deck), that ask the other players (Revelation, Witch's Bargain) or that act on the whole map
(Riots, Bandit Chief, Levelers) -- O6.2, O7.2, O7.3, O7.6.4 and the spec rows of D2-D4."""

from __future__ import annotations

import pytest

from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath import invariants as inv
from meeplegym.envs.oath import state as S
from meeplegym.envs.oath import state_json
from meeplegym.envs.oath.rules import board as BD
from meeplegym.envs.oath.rules import campaign as K
from meeplegym.envs.oath.rules import major as M
from tests.oath import scenario as sc
from tests.oath.scenario import ID, MOUNTAIN, PLAINS, ROCKY_COAST
from tests.oath.test_oath_powers import card, keep_and_play

SEARCH = A.MAJOR + int(D.MajorAction.SEARCH)


def faceup_adviser(s, name, seat):
    return sc.move(s, name, S.Z_ADVISER, seat, 1)


def at_site(s, name, slot):
    return sc.move(s, name, S.Z_SITE, slot, 1)


# ---------------------------------------------------------------- favor and secrets
@pytest.mark.rule("O6.2", "D2")
def test_levelers_move_two_favor_from_the_fullest_bank_to_the_emptiest():
    s = sc.ready()
    faceup_adviser(s, "Levelers", 0)  # S
    s["shared_favor"] += int(s["favor_bank"].sum()) - 14
    s["favor_bank"][:] = [4, 1, 2, 4, 0, 3]
    sc.act(s, card("Levelers"))
    assert sc.legal(s) == [A.SUIT + 0, A.SUIT + 3]  # the tie for the most: the user breaks it
    sc.act(s, A.SUIT + 3)
    assert sc.legal(s) == [A.SUIT + 4]
    sc.act(s, A.SUIT + 4)
    assert list(s["favor_bank"]) == [4, 1, 2, 2, 2, 3] and s["card_secrets"][ID["Levelers"]] == 1


@pytest.mark.rule("O6.2", "O4.3", "D2")
def test_a_round_of_ale_brings_the_rest_returns_forward_except_its_own_favor():
    s = sc.ready()
    at_site(s, "A Round of Ale", PLAINS)  # F
    assert card("A Round of Ale") not in sc.legal(s)  # nothing on any card yet: nothing would change
    s["secrets"][0] -= 1
    s["card_secrets"][ID["Spirit Snare"]] = 1
    s["favor"][0] -= 1
    s["card_favor"][ID["Scouts"]] = 1  # an Order card: its favor goes to the Order bank
    s["secrets_down"][0] = 2
    order_bank = int(s["favor_bank"][int(D.Suit.ORDER)])
    favor = int(s["favor"][0])
    sc.act(s, card("A Round of Ale"))
    assert s["card_favor"][ID["A Round of Ale"]] == 1  # its own cost stays
    assert s["card_secrets"][ID["Spirit Snare"]] == 0 and s["card_favor"][ID["Scouts"]] == 0
    assert s["favor_bank"][int(D.Suit.ORDER)] == order_bank + 1 and s["favor"][0] == favor - 1
    assert s["secrets"][0] == 0 + 1 + 2 and s["secrets_down"][0] == 0
    assert sc.favor_total(s) == D.FAVOR_TOTAL


@pytest.mark.rule("O6.2", "D2")
def test_witchs_bargain_trades_with_a_player_here_until_you_stop():
    s = sc.ready()
    faceup_adviser(s, "Witch's Bargain", 0)  # S
    s["secrets"][0] = 3
    s["favor"][2] = 3
    sc.act(s, card("Witch's Bargain"))
    assert sc.legal(s) == [A.SEAT + 1, A.SEAT + 2, A.SEAT + 3]
    sc.act(s, A.SEAT + 2)
    assert sc.legal(s) == [A.END, A.OPTION + 0, A.OPTION + 1]
    assert sc.legal_names(s)[1] == "give them a secret for 2 of their favor"
    sc.act(s, A.OPTION + 0, A.OPTION + 0)  # two secrets for 3 favor (all blue has)
    assert s["secrets"][0] == 0 and s["secrets"][2] == 3 and s["favor"][0] == 2 + 3 and s["favor"][2] == 0
    sc.act(s, A.OPTION + 1)  # 2 favor back for a secret
    assert s["favor"][0] == 3 and s["favor"][2] == 2 and s["secrets"][0] == 1 and s["secrets"][2] == 2
    sc.act(s, A.END)
    assert s["phase"] == S.PH_ACT and s["actor"] == 0


@pytest.mark.rule("O7.3", "D2")
def test_revelation_lets_each_player_in_turn_order_burn_favor_for_secrets():
    s = sc.ready()
    s["favor"][2] = 0
    shared = int(s["shared_favor"])
    keep_and_play(s, "Revelation", 1)  # faceup adviser of the Chancellor (seat 0, 2 favor)
    assert s["phase"] == S.PH_POWER and s["actor"] == 0 and sc.legal(s) == [A.NUMBER + k for k in range(3)]
    sc.act(s, A.NUMBER + 2)
    assert s["actor"] == 1 and sc.legal(s) == [A.NUMBER + 0, A.NUMBER + 1]  # red: 1 favor
    sc.act(s, A.NUMBER + 1)
    assert s["actor"] == 3  # blue has no favor and is not asked
    sc.act(s, A.NUMBER + 0)
    assert s["phase"] == S.PH_ACT and s["actor"] == 0
    assert list(s["favor"][:4]) == [0, 0, 0, 1] and list(s["secrets"][:4]) == [3, 2, 1, 1]
    assert s["shared_favor"] == shared + 3


# ---------------------------------------------------------------- becoming a Citizen
@pytest.mark.rule("O6.2", "O7.6.1", "D2")
def test_ballot_box_makes_an_exile_holding_the_peoples_favor_a_citizen():
    s = sc.ready()
    sc.as_current(s, 1)
    at_site(s, "Ballot Box", PLAINS)
    assert card("Ballot Box") not in sc.legal(s)  # red does not hold the People's Favor
    s["pf_holder"] = 1
    sc.act(s, card("Ballot Box"))
    assert s["side"][1] == S.SIDE_CITIZEN and s["supply"][1] == 7 and s["current"] == 2


# ---------------------------------------------------------------- swaps and moves (O7.2)
@pytest.mark.rule("O6.2", "O7.2", "D2")
def test_enchantress_swaps_with_another_players_faceup_adviser_never_a_locked_one():
    s = sc.ready()
    faceup_adviser(s, "Enchantress", 0)  # xS
    faceup_adviser(s, "Scouts", 2)
    faceup_adviser(s, "Sealing Ward", 2)  # locked
    faceup_adviser(s, "Tutor", 0)  # yours: no swap with it
    sc.act(s, card("Enchantress"))
    assert sc.legal(s) == [card("Scouts")]
    sc.act(s, card("Scouts"))
    assert (s["where"][ID["Scouts"]], s["where"][ID["Enchantress"]]) == (0, 2)
    assert s["zone"][ID["Scouts"]] == s["zone"][ID["Enchantress"]] == S.Z_ADVISER and s["secrets"][0] == 0


@pytest.mark.rule("O7.6.4", "D2")
def test_a_swap_that_breaks_an_adviser_limit_makes_its_holder_discard_down():
    s = sc.ready()
    faceup_adviser(s, "Enchantress", 0)
    faceup_adviser(s, "Scouts", 2)
    faceup_adviser(s, "Tutor", 2)
    faceup_adviser(s, "Pied Piper", 2)  # blue: 3 counted advisers and the uncounted Pied Piper
    facedown = [c for c in range(1, S.N_CARDS) if s["zone"][c] == S.Z_ADVISER and s["where"][c] == 2
                and not s["faceup"][c]]
    assert M.council_fits(s, 2, 0, False, False)
    sc.act(s, card("Enchantress"))
    assert sc.legal(s) == sorted([card("Tutor"), card("Scouts"), card("Pied Piper")])
    sc.act(s, card("Pied Piper"))  # Enchantress becomes blue's fourth counted adviser ...
    assert s["phase"] == S.PH_DISCARD_DOWN and s["actor"] == 2 and inv.check(s) == []
    assert sc.legal(s) == sorted([card("Scouts"), card("Tutor"), card("Enchantress")] + [A.CARD + c for c in facedown])
    sc.act(s, card("Tutor"))  # ... so blue discards down to three, then the Chancellor's turn goes on
    assert s["zone"][ID["Tutor"]] == S.Z_DISCARD and s["where"][ID["Enchantress"]] == 2
    assert s["where"][ID["Pied Piper"]] == 0 and s["phase"] == S.PH_ACT and s["actor"] == 0
    assert M.council_fits(s, 2, 0, False, False) and inv.check(s) == []


@pytest.mark.rule("O7.3", "D2")
def test_twin_brother_may_swap_with_another_players_faceup_nomad_adviser():
    s = sc.ready()
    faceup_adviser(s, "Elders", 2)  # Nomad
    faceup_adviser(s, "Scouts", 2)  # Order
    keep_and_play(s, "Twin Brother", 1)
    assert s["phase"] == S.PH_POWER and sc.legal(s) == [A.END, A.OPTION + 0]
    sc.act(s, A.OPTION + 0)
    assert sc.legal(s) == [card("Elders")]
    sc.act(s, card("Elders"))
    assert s["where"][ID["Elders"]] == 0 and s["where"][ID["Twin Brother"]] == 2


@pytest.mark.rule("O7.3", "D2")
def test_great_herd_may_swap_with_a_nomad_card_at_another_site():
    s = sc.ready()
    elders = ID["Elders"]
    slot = int(s["where"][elders])
    assert s["zone"][elders] == S.Z_SITE and slot != PLAINS
    keep_and_play(s, "Great Herd", 0)  # to the Plains
    sc.act(s, A.OPTION + 0)
    assert sc.legal(s) == [card("Elders")]
    sc.act(s, card("Elders"))
    assert s["where"][elders] == PLAINS and s["where"][ID["Great Herd"]] == slot


@pytest.mark.rule("O6.2", "D2")
def test_resettle_moves_a_nomad_adviser_to_a_site_with_room():
    s = sc.ready()
    at_site(s, "Resettle", PLAINS)
    faceup_adviser(s, "Horse Archers", 3)
    sc.act(s, card("Resettle"))
    assert sc.legal(s) == [card("Horse Archers")]
    sc.act(s, card("Horse Archers"))
    rooms = [A.SLOT + k for k in range(S.N_SLOTS) if M.site_room(s, k)]
    assert sc.legal(s) == rooms and A.SLOT + MOUNTAIN in rooms
    sc.act(s, A.SLOT + MOUNTAIN)
    assert s["zone"][ID["Horse Archers"]] == S.Z_SITE and s["where"][ID["Horse Archers"]] == MOUNTAIN


@pytest.mark.rule("O6.2", "D4")
def test_horned_mask_swaps_your_adviser_with_a_card_at_your_site():
    s = sc.ready()
    sc.move(s, "Horned Mask", S.Z_PERSONAL, 0)  # S
    faceup_adviser(s, "Scouts", 0)
    sc.act(s, card("Horned Mask"))
    assert sc.legal(s) == [card("Scouts")]
    sc.act(s, card("Scouts"))
    assert sc.legal(s) == [card("Longbows")]  # the card at the Plains
    sc.act(s, card("Longbows"))
    assert s["zone"][ID["Longbows"]] == S.Z_ADVISER and s["where"][ID["Longbows"]] == 0
    assert s["zone"][ID["Scouts"]] == S.Z_SITE and s["where"][ID["Scouts"]] == PLAINS


@pytest.mark.rule("O6.2", "O10", "D2")
def test_roving_terror_discards_a_denizen_elsewhere_and_moves_there():
    s = sc.ready()
    at_site(s, "Roving Terror", PLAINS)  # S
    taming = ID["Taming Charm"]
    slot = int(s["where"][taming])
    sc.act(s, card("Roving Terror"))
    assert card("Taming Charm") in sc.legal(s) and card("Longbows") not in sc.legal(s)  # never its own site
    sc.act(s, card("Taming Charm"))
    assert s["zone"][taming] == S.Z_DISCARD and s["where"][ID["Roving Terror"]] == slot
    assert s["card_secrets"][ID["Roving Terror"]] == 1  # its cost travels with it


@pytest.mark.rule("O6.2", "O7.6.4", "D2")
def test_pied_piper_joins_another_council_and_takes_two_favor():
    s = sc.ready()
    faceup_adviser(s, "Pied Piper", 0)  # S
    s["favor"][2] = 3
    sc.act(s, card("Pied Piper"))
    assert sc.legal(s) == [A.SEAT + 1, A.SEAT + 2, A.SEAT + 3]
    sc.act(s, A.SEAT + 2)
    assert s["zone"][ID["Pied Piper"]] == S.Z_ADVISER and s["where"][ID["Pied Piper"]] == 2
    assert s["favor"][2] == 1 and s["favor"][0] == 4


# ---------------------------------------------------------------- relics and Visions
@pytest.mark.rule("O6.2", "D2")
def test_fae_merchant_takes_a_relic_then_puts_one_back_never_the_scepter():
    s = sc.ready()
    faceup_adviser(s, "Fae Merchant", 0)  # S
    top = int(s["relic_deck"][s["relic_size"] - 1])
    size = int(s["relic_size"])
    sc.act(s, card("Fae Merchant"))
    assert s["zone"][top] == S.Z_PERSONAL and s["where"][top] == 0
    assert sc.legal(s) == [A.CARD + top]  # the Grand Scepter stays
    sc.act(s, A.CARD + top)
    assert s["relic_deck"][0] == top and s["relic_size"] == size and s["phase"] == S.PH_ACT


@pytest.mark.rule("O6.2", "O5.1", "D2")
def test_oracle_draws_the_vision_nearest_the_top_as_if_searched():
    s = sc.ready()
    sc.as_current(s, 1)
    at_site(s, "Oracle", PLAINS)  # SS
    s["secrets"][1] = 2
    sc.world_top(s, "Scouts", "Tutor", "Faith")
    vision = ID["Faith"]
    drawn = int(s["visions_drawn"])
    size = int(s["world_size"])
    sc.act(s, card("Oracle"))
    assert s["phase"] == S.PH_PLAY and s["playing"] == vision and s["visions_drawn"] == drawn + 1
    assert s["world_size"] == size - 1 and [int(c) for c in s["world"][size - 3:size - 1]] == [ID["Tutor"], ID["Scouts"]]
    sc.act(s, A.OPTION + 3)  # reveal it as red's Vision
    assert s["zone"][vision] == S.Z_VISION_SPACE and s["where"][vision] == 1 and s["phase"] == S.PH_ACT


# ---------------------------------------------------------------- the whole map
@pytest.mark.rule("O7.3", "D2")
def test_riots_under_the_mob_discard_the_most_common_suit_on_the_map():
    s = sc.ready()
    keep_and_play(s, "Riots", 0)  # the People's Favor is not the Mob: nothing
    assert s["phase"] == S.PH_ACT and s["zone"][ID["Taming Charm"]] == S.Z_SITE
    s = sc.ready()
    s["pf_mob"] = 1
    at_site(s, "Scouts", MOUNTAIN)  # Order: Longbows and Scouts, two
    keep_and_play(s, "Riots", 0)  # Riots (Discord) at the Plains
    assert sc.legal(s) == [A.SUIT + int(D.Suit.ORDER)]
    sc.act(s, A.SUIT + int(D.Suit.ORDER))
    assert s["zone"][ID["Scouts"]] == s["zone"][ID["Longbows"]] == S.Z_DISCARD
    assert s["zone"][ID["Riots"]] == S.Z_SITE and s["zone"][ID["Taming Charm"]] == S.Z_SITE


@pytest.mark.rule("O7.3", "O7.1.4", "O5.5", "D2")
def test_bandit_chief_kills_a_warband_at_each_site_and_adds_two_bandits_everywhere():
    s = sc.ready()
    before = s["site_warbands"].copy()
    assert K.bandits_per_site(s) == 1
    keep_and_play(s, "Bandit Chief", 0)
    after = s["site_warbands"]
    for slot in range(S.N_SLOTS):
        assert after[slot].sum() == max(0, before[slot].sum() - 1)
    assert K.bandits_per_site(s) == 3
    assert s["site_warbands"][ROCKY_COAST].sum() == 0


# ---------------------------------------------------------------- edifices and the Dispossessed
def edifice(s, intact, slot, ruined):
    c = sc.move(s, intact, S.Z_SITE, slot, 1)
    s["ruined"][c] = int(ruined)
    return c


def dispossess(s, *names):
    return [sc.move(s, name, S.Z_DISPOSSESSED, 0, 0) for name in names]


@pytest.mark.rule("O6.2", "D3")
def test_broken_forge_repairs_itself_and_ancient_forge_draws_a_relic():
    s = sc.ready()
    forge = edifice(s, "Ancient Forge", PLAINS, ruined=True)  # Broken Forge: FF, SS
    s["secrets"][0] = 2
    assert sc.legal_names(s).count("Broken Forge") == 1
    sc.act(s, A.CARD + forge)
    assert s["ruined"][forge] == 0 and s["card_favor"][forge] == 2 and s["card_secrets"][forge] == 2
    assert A.CARD + forge not in sc.legal(s)  # carrying tokens until the Rest
    s["card_favor"][forge] = s["card_secrets"][forge] = 0
    s["secrets"][0] = 1
    s["favor"][0] = 2
    top = int(s["relic_deck"][s["relic_size"] - 1])
    sc.act(s, A.CARD + forge)  # Ancient Forge: FF, xS -- draw a relic, keep it or put it under
    assert sc.legal(s) == [A.END, A.OPTION + 0]
    sc.act(s, A.OPTION + 0)
    assert s["zone"][top] == S.Z_PERSONAL and s["where"][top] == 0


@pytest.mark.rule("O6.2", "D3")
def test_fallen_spire_trades_the_top_denizens_of_the_discard_pile_with_the_dispossessed():
    s = sc.ready()
    spire = edifice(s, "Great Spire", PLAINS, ruined=True)  # Fallen Spire: S, xS
    s["secrets"][0] = 2
    assert A.CARD + spire not in sc.legal(s)  # the Dispossessed is empty
    away = set(dispossess(s, "Wolves", "Rangers", "Scouts"))
    sc.discard_top(s, 0, "Tutor", "Elders", "Faith")  # Cradle: Faith (a Vision) on top
    sc.act(s, A.CARD + spire)
    assert sc.legal(s) == [A.NUMBER + k for k in range(1, 6)]
    sc.act(s, A.NUMBER + 2)
    size = int(s["discard_size"][0])
    pile = [int(c) for c in s["discard"][0][:size]]
    assert pile[-1] == ID["Faith"] and set(pile[-3:-1]) <= away  # Visions are skipped
    assert s["zone"][ID["Elders"]] == s["zone"][ID["Tutor"]] == S.Z_DISPOSSESSED
    assert all(not s["known"][c] for c in pile[-3:-1])  # swapped in unseen


@pytest.mark.rule("O7.3", "D2")
def test_pilgrimage_trades_the_denizens_at_your_site_through_the_dispossessed():
    s = sc.ready()
    dispossess(s, "Wolves", "Rangers")
    size = int(s["discard_size"][0])
    keep_and_play(s, "Pilgrimage", 1)  # an adviser; Longbows at the Plains
    assert s["zone"][ID["Longbows"]] in (S.Z_DISPOSSESSED, S.Z_DISCARD)
    assert s["discard_size"][0] == size + 1
    drawn = int(s["discard"][0][size])
    assert drawn in (ID["Wolves"], ID["Rangers"], ID["Longbows"]) and s["known"][drawn] == 1  # seen by seat 0 only
    assert sum(1 for c in range(1, S.N_CARDS) if s["zone"][c] == S.Z_DISPOSSESSED) == 2


@pytest.mark.rule("O7.3", "O7.6", "D2")
def test_salt_the_earth_clears_its_site_and_leaves_room_for_one():
    s = sc.ready()
    at_site(s, "Keep", PLAINS)  # a locked card: Salt the Earth may not go there
    sc.world_top(s, "Salt the Earth")
    sc.act(s, SEARCH, A.OPTION + 0, card("Salt the Earth"))
    while s["phase"] == S.PH_SEARCH_DISCARD:
        sc.act(s, sc.legal(s)[0])
    assert A.OPTION + 0 not in sc.legal(s)
    s = sc.ready()
    for name in ("Scouts", "Tutor", "Elders"):
        if M.site_room(s, PLAINS):
            at_site(s, name, PLAINS)
    assert not M.site_room(s, PLAINS)  # the Plains is full: Salt the Earth ignores the capacity
    keep_and_play(s, "Salt the Earth", 0)
    assert s["zone"][ID["Longbows"]] == S.Z_DISCARD
    assert [c for c in range(1, S.FIRST_RELIC) if s["zone"][c] == S.Z_SITE and s["where"][c] == PLAINS] == [
        ID["Salt the Earth"]]
    assert s["where"][ID["Salt the Earth"]] == PLAINS and not M.site_room(s, PLAINS)  # capacity 1 from now on


# ---------------------------------------------------------------- asking the holder
@pytest.mark.rule("O7.3", "D2")
def test_blackmail_takes_a_relic_unless_its_holder_pays_three_favor():
    for favor, paid in ((3, True), (2, False)):
        s = sc.ready()
        relic = sc.move(s, "Whistle", S.Z_PERSONAL, 2)
        s["favor"][2] = favor
        keep_and_play(s, "Blackmail", 1)
        assert sc.legal(s) == [A.CARD + relic]
        sc.act(s, A.CARD + relic)
        if paid:
            assert s["actor"] == 2 and sc.legal(s) == [A.END, A.OPTION + 0]
            sc.act(s, A.OPTION + 0)
            assert s["where"][relic] == 2 and s["favor"][2] == 0 and s["favor"][0] == 5
        else:  # cannot pay: the relic goes, nothing is asked
            assert s["where"][relic] == 0 and s["favor"][2] == 2
        assert s["phase"] == S.PH_ACT and s["actor"] == 0


# ---------------------------------------------------------------- warbands and pawns
@pytest.mark.rule("O6.2", "D2")
def test_messenger_moves_warbands_between_board_and_ruled_sites_never_the_last():
    s = sc.ready()
    faceup_adviser(s, "Messenger", 0)  # F
    board = int(s["board_warbands"][0])
    sc.act(s, card("Messenger"))
    assert A.SLOT + PLAINS in sc.legal(s) and A.OPTION + PLAINS in sc.legal(s)  # 2 at the Plains
    assert A.OPTION + MOUNTAIN not in sc.legal(s) and A.SLOT + MOUNTAIN in sc.legal(s)  # 1 at the Mountain
    assert A.SLOT + sc.CRADLE_2 not in sc.legal(s)  # nobody rules it
    sc.act(s, A.OPTION + PLAINS, A.SLOT + MOUNTAIN, A.SLOT + MOUNTAIN)
    assert s["site_warbands"][PLAINS, S.PURPLE] == 1 and s["site_warbands"][MOUNTAIN, S.PURPLE] == 3
    assert s["board_warbands"][0] == board - 1
    sc.act(s, A.END)
    assert s["phase"] == S.PH_ACT


@pytest.mark.rule("O6.2", "O7.6.2", "D4")
def test_whistle_calls_a_pawn_to_your_site_for_free():
    s = sc.ready()
    sc.move(s, "Whistle", S.Z_PERSONAL, 0)  # S
    s["pawn"][2] = MOUNTAIN
    supply = int(s["supply"][2])
    sc.act(s, card("Whistle"))
    assert sc.legal(s) == [A.SEAT + 2]
    sc.act(s, A.SEAT + 2)
    assert s["pawn"][2] == PLAINS and s["supply"][2] == supply and s["secrets"][2] == 2
    assert s["card_secrets"][ID["Whistle"]] == 0


@pytest.mark.rule("O6.2", "O7.6.2", "O5.6", "D2")
def test_palanquin_carries_a_player_at_your_site_with_you():
    s = sc.ready()
    faceup_adviser(s, "Palanquin", 0)  # F
    supply = int(s["supply"][1])
    sc.act(s, card("Palanquin"), A.SEAT + 1)
    assert A.SLOT + MOUNTAIN in sc.legal(s) and A.SLOT + PLAINS not in sc.legal(s)
    hint = 7
    assert not s["slot_faceup"][hint]
    sc.act(s, A.SLOT + hint)
    assert s["pawn"][0] == s["pawn"][1] == hint and s["slot_faceup"][hint] and s["supply"][1] == supply


@pytest.mark.rule("O6.2", "O7.6.2", "D4")
def test_brass_horse_travels_to_a_site_of_the_revealed_suit():
    s = sc.ready()
    sc.move(s, "Brass Horse", S.Z_PERSONAL, 0)  # S
    at_site(s, "Wolves", MOUNTAIN)
    sc.discard_top(s, 0, "Rangers")  # a Beast card on top of the Cradle's pile
    supply = int(s["supply"][0])
    sc.act(s, card("Brass Horse"))
    assert s["known"][ID["Rangers"]] == -1 and sc.legal(s) == [A.SLOT + MOUNTAIN]
    sc.act(s, A.SLOT + MOUNTAIN)
    assert s["pawn"][0] == MOUNTAIN and s["supply"][0] == supply


# ---------------------------------------------------------------- binding exchanges (O7.6.3)
@pytest.mark.rule("O7.6.3", "O6.2", "D2")
def test_tinkers_fair_is_a_binding_exchange_the_partner_accepts_or_declines():
    for accept in (True, False):
        s = sc.ready()
        at_site(s, "Tinker's Fair", PLAINS)
        relic = sc.move(s, "Whistle", S.Z_PERSONAL, 3)
        s["pawn"][3] = MOUNTAIN  # any player, wherever their pawn is
        sc.act(s, card("Tinker's Fair"))
        assert sc.legal(s) == [A.SEAT + 1, A.SEAT + 2, A.SEAT + 3]
        sc.act(s, A.SEAT + 3)
        give = sc.legal(s)
        assert A.END in give and A.NUMBER + 2 in give and A.NUMBER + 3 not in give  # 2 favor at most
        assert sc.legal_names(s)[give.index(A.NUMBER + 2)] == "you give 2 favor"
        assert A.CARD + S.GRAND_SCEPTER in give and A.CARD + relic not in give
        sc.act(s, A.NUMBER + 2)
        ask = sc.legal(s)
        assert A.CARD + relic in ask and A.CARD + S.GRAND_SCEPTER not in ask and A.NUMBER + 10 + 1 in ask
        sc.act(s, A.CARD + relic)
        assert s["actor"] == 3 and sc.legal(s) == [A.END, A.OPTION + 0]
        sc.act(s, A.OPTION + 0 if accept else A.END)
        assert s["phase"] == S.PH_ACT and s["actor"] == 0 and s["offer_target"] == S.NOBODY
        assert (s["where"][relic], s["favor"][0], s["favor"][3]) == ((0, 0, 3) if accept else (3, 2, 1))


@pytest.mark.rule("O7.6.3", "O6.2", "D2")
def test_deed_writer_hands_a_ruled_site_over_and_its_new_ruler_garrisons_it():
    s = sc.ready()
    faceup_adviser(s, "Deed Writer", 0)
    red = int(D.Colour.RED)
    totals = (sc.warbands_of(s, red), sc.warbands_of(s, S.PURPLE))
    sc.act(s, card("Deed Writer"), A.SEAT + 1)
    give = sc.legal(s)
    assert [a for a in give if A.SLOT <= a < A.SEAT] == [A.SLOT + PLAINS, A.SLOT + MOUNTAIN, A.SLOT + ROCKY_COAST]
    assert sc.legal_names(s)[give.index(A.SLOT + MOUNTAIN)] == "Mountain (Provinces 1) changes hands"
    sc.act(s, A.SLOT + MOUNTAIN)
    assert not any(A.SLOT <= a < A.SEAT for a in sc.legal(s))  # red rules no site to give back
    sc.act(s, A.NUMBER + 10 + 1)  # for 1 of red's favor
    assert s["actor"] == 1
    sc.act(s, A.OPTION + 0)
    # the old ruler's warband is back on the Chancellor's board; red picks how many of its own go there
    assert s["site_warbands"][MOUNTAIN].sum() == 0 and s["board_warbands"][0] == 4
    assert s["actor"] == 1 and sc.legal(s) == [A.NUMBER + k for k in (1, 2, 3)]  # never none: red must rule it
    assert sc.legal_names(s)[1] == "put 2 warbands on Mountain (Provinces 1)"
    sc.act(s, A.NUMBER + 2)
    assert s["site_warbands"][MOUNTAIN, red] == 2 and s["board_warbands"][1] == 1
    assert (s["favor"][0], s["favor"][1]) == (3, 0)
    assert s["phase"] == S.PH_ACT and s["actor"] == 0 and not s["deed_taker"].any()
    assert (sc.warbands_of(s, red), sc.warbands_of(s, S.PURPLE)) == totals


@pytest.mark.rule("O7.6.3", "O6.6.3", "D2")
def test_deed_writer_trades_no_site_between_imperial_players_nor_to_one_who_cannot_garrison_it():
    s = sc.ready()
    faceup_adviser(s, "Deed Writer", 0)
    s["side"][2] = S.SIDE_CITIZEN  # blue already rules every Imperial site
    s["board_warbands"][3] = 0  # yellow has no warband to rule a site with
    sc.move(s, "Ring of Devotion", S.Z_PERSONAL, 1)  # red puts no warbands at sites
    for partner in (1, 2, 3):
        sc.act(s, card("Deed Writer"), A.SEAT + partner)
        assert not any(A.SLOT <= a < A.SEAT for a in sc.legal(s)), partner
        sc.act(s, A.END, A.NUMBER + 10 + 1, A.END)  # ask a favor for nothing; declined
        assert s["phase"] == S.PH_ACT


@pytest.mark.rule("O7.6.3", "O7.6.5", "D2", "D4")
def test_deed_writer_hands_a_site_to_the_bandit_crowns_holder_who_needs_no_warband_there():
    s = sc.ready()
    faceup_adviser(s, "Deed Writer", 0)
    sc.move(s, "Bandit Crown", S.Z_PERSONAL, 2)
    s["bank_warbands"][int(D.Colour.BLUE)] += int(s["board_warbands"][2])
    s["board_warbands"][2] = 0  # blue has no warband, yet its bandits would hold the site
    sc.act(s, card("Deed Writer"), A.SEAT + 2, A.SLOT + MOUNTAIN, A.END, A.OPTION + 0)
    assert s["actor"] == 2 and sc.legal(s) == [A.NUMBER + 0]
    sc.act(s, A.NUMBER + 0)
    assert s["site_warbands"][MOUNTAIN].sum() == 0 and s["board_warbands"][0] == 4
    assert s["phase"] == S.PH_ACT and BD.rules_site(s, 2, MOUNTAIN) and not BD.rules_site(s, 0, MOUNTAIN)


@pytest.mark.rule("O7.6.3", "D1")
def test_the_tribunal_negotiates_a_binding_exchange_of_favor_and_secrets_with_any_player():
    s = sc.ready()
    sc.put_site(s, PLAINS, "The Tribunal")  # the Chancellor's pawn is here and purple rules it
    option = A.OPTION + S.ACT_TRIBUNAL
    assert option in sc.legal(s)
    assert sc.legal_names(s)[sc.legal(s).index(option)] == "negotiate a binding exchange (The Tribunal)"
    s["pawn"][3] = MOUNTAIN
    sc.act(s, option)
    assert s["phase"] == S.PH_POWER and s["pw_card"] == 0 and sc.legal(s) == [A.SEAT + 1, A.SEAT + 2, A.SEAT + 3]
    sc.act(s, A.SEAT + 3, A.NUMBER + 2)  # 2 favor ...
    assert all(a < A.CARD for a in sc.legal(s))  # favor and secrets only: no relic, no adviser
    sc.act(s, A.NUMBER + 30 + 1)  # ... for a secret
    saved = state_json.state_to_dict(s)
    assert saved["pw_pc"][0] == "The Tribunal action"
    assert state_json.state_from_dict(saved).tobytes() == s.tobytes()
    sc.act(s, A.OPTION + 0)
    assert (s["favor"][0], s["favor"][3], s["secrets"][0], s["secrets"][3]) == (0, 3, 2, 0)
    assert s["phase"] == S.PH_ACT and s["actor"] == 0
    # neither ruling it nor standing there: closed (a facedown Tribunal is closed too)
    sc.as_current(s, 3)
    assert option not in sc.legal(s)
    s["pawn"][3] = PLAINS
    assert option in sc.legal(s)
    s["shared_favor"] += int(s["favor"][:4].sum())
    s["favor"][:4] = s["secrets"][:4] = 0  # nobody has anything to exchange: closed
    assert option not in sc.legal(s)
    s["secrets"][1] = 1
    sc.act(s, option)
    assert sc.legal(s) == [A.SEAT + 1]  # only a partner with whom some exchange can be made
    sc.act(s, A.SEAT + 1, A.END, A.NUMBER + 30 + 1, A.END)
    s["slot_faceup"][PLAINS] = 0
    assert option not in sc.legal(s)


@pytest.mark.rule("O7.6.3", "O7.6.4", "D3")
def test_festival_district_exchanges_advisers_and_a_full_council_discards_down():
    s = sc.ready()
    edifice(s, "Festival District", PLAINS, ruined=False)
    faceup_adviser(s, "Scouts", 0)
    faceup_adviser(s, "Tutor", 2)
    faceup_adviser(s, "Elders", 2)  # blue: 3 advisers (one facedown)
    sc.act(s, A.CARD + ID["Festival District"], A.SEAT + 2)
    assert A.CARD + ID["Scouts"] in sc.legal(s)  # blue would hold four, then discard one
    sc.act(s, A.CARD + ID["Scouts"], A.NUMBER + 10 + 1, A.OPTION + 0)  # for a favor, accepted
    assert s["phase"] == S.PH_DISCARD_DOWN and s["actor"] == 2 and s["where"][ID["Scouts"]] == 2
    sc.act(s, A.CARD + ID["Elders"])
    assert s["zone"][ID["Elders"]] == S.Z_DISCARD and s["phase"] == S.PH_ACT and s["actor"] == 0
    s = sc.ready()
    edifice(s, "Festival District", PLAINS, ruined=False)
    faceup_adviser(s, "Tutor", 2)
    sc.act(s, A.CARD + ID["Festival District"], A.SEAT + 2)
    sc.act(s, A.END)  # give nothing ...
    assert A.END not in sc.legal(s)  # ... then something must be asked
    assert A.CARD + ID["Tutor"] in sc.legal(s) and A.CARD + ID["Battle Honors"] not in sc.legal(s)  # not facedown
    sc.act(s, A.CARD + ID["Tutor"], A.OPTION + 0)
    assert s["where"][ID["Tutor"]] == 0 and s["zone"][ID["Tutor"]] == S.Z_ADVISER


@pytest.mark.rule("O7.6.3", "O7.3", "D2")
def test_the_gathering_calls_the_players_then_each_there_may_propose_an_exchange():
    s = sc.ready()
    s["pawn"][2], s["pawn"][3] = MOUNTAIN, ROCKY_COAST
    s["supply"][0] = 7
    keep_and_play(s, "The Gathering", 0)
    assert s["phase"] == S.PH_POWER and s["actor"] == 2  # the Chancellor and red are there already
    assert sc.legal_names(s) == ["end / decline", "move your pawn to The Gathering"]
    sc.act(s, A.OPTION + 0)
    assert s["pawn"][2] == PLAINS and s["actor"] == 3
    sc.act(s, A.END)
    assert s["pawn"][3] == ROCKY_COAST
    # the exchanges: the card's player first, with a partner there
    assert s["actor"] == 0 and s["proposer"] == 0 and s["pw_dec"] == S.DEC_SEAT
    assert sc.legal(s) == [A.END, A.SEAT + 1, A.SEAT + 2]
    s["secrets"][2] = 2
    favor = s["favor"].copy()
    sc.act(s, A.SEAT + 2, A.NUMBER + 1)  # the Chancellor gives 1 favor ...
    sc.act(s, A.NUMBER + 30 + 1)  # ... for 1 of blue's secrets
    assert s["actor"] == 2 and sc.legal(s) == [A.END, A.OPTION + 0]
    sc.act(s, A.OPTION + 0)
    assert (s["favor"][0], s["favor"][2]) == (favor[0] - 1, favor[2] + 1) and s["secrets"][2] == 1
    # then red, then blue propose in turn; yellow, away, is not asked
    assert s["actor"] == 1 and s["proposer"] == 1
    sc.act(s, A.END)
    assert s["actor"] == 2 and s["proposer"] == 2 and A.SEAT + 3 not in sc.legal(s)
    sc.act(s, A.END)
    assert s["phase"] == S.PH_ACT and s["proposer"] == -1 and s["offer_target"] == S.NOBODY
