"""Battle plans (O5.5.3, O7.5): who may use which plan and in what order, paying for them, the
dice they add or remove with the sign chosen, their marks on the rolls and on defeat, and the
aftermath. Red (seat 1) attacks blue (seat 2) at the Rocky Coast, which blue rules (`duel`)."""

from __future__ import annotations

import pytest

from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath import effects as E
from meeplegym.envs.oath import state as S
from meeplegym.envs.oath.rules import cards as C
from tests.oath import scenario as sc
from tests.oath.scenario import HS, ID, ROCKY_COAST, SH2, SK, SW, B, duel, word_for

CAMPAIGN = A.MAJOR + int(D.MajorAction.CAMPAIGN)
RED, BLUE = int(D.Colour.RED), int(D.Colour.BLUE)
PAWN = A.OPTION + 2
PLUS, MINUS = A.OPTION + 0, A.OPTION + 1


def adviser(s, name, seat):
    return sc.move(s, name, S.Z_ADVISER, seat)


def card(name):
    return A.CARD + ID[name]


def declare(s, dice, pawn=True):
    """Red campaigns against blue (the site, and the pawn if asked) with `dice` attack dice."""
    sc.act(s, CAMPAIGN, A.SEAT + 2, *([PAWN] if pawn else []), A.END, A.NUMBER + dice)


def give_favor(s, seat, k):
    """seat holds exactly k favor (the rest back to the shared bank)."""
    s["shared_favor"] += int(s["favor"][seat]) - k
    s["favor"][seat] = k


@pytest.mark.rule("O5.5.3", "O7.5.4")
def test_the_attacker_picks_the_sign_of_longbows_before_the_rolls():
    s = duel(red_board=5, blue_site=1, blue_board=0)
    adviser(s, "Longbows", 1)
    declare(s, 4, pawn=False)
    assert s["phase"] == S.PH_CAMPAIGN_PLANS and s["actor"] == 1
    assert sc.legal(s) == [A.END, card("Longbows")]
    sc.act(s, card("Longbows"))
    assert s["phase"] == S.PH_CAMPAIGN_PLAN_SIGN and sc.legal(s) == [PLUS, MINUS]
    assert sc.legal_names(s) == ["Longbows: +1 attack dice", "Longbows: -1 attack dice"]
    s["rng"] = word_for([B], [SW] * 5)
    sc.act(s, PLUS)  # the last plan: the rolls follow at once
    assert s["attack_dice"] == 5 and s["attack"] == 5
    assert s["plan_user"][ID["Longbows"]] == 2  # seat 1 + 1
    sc.act(s, A.NUMBER + 1)  # occupy; the campaign ends
    assert s["phase"] == S.PH_ACT and s["plan_user"].sum() == 0  # the marks are cleared


@pytest.mark.rule("O5.5.3")
def test_a_die_taken_from_an_empty_attack_pool_adds_a_defense_die():
    s = duel(red_board=3, blue_site=1, blue_board=0)
    adviser(s, "Bear Traps", 2)
    declare(s, 0, pawn=False)
    assert s["phase"] == S.PH_CAMPAIGN_PLANS and s["actor"] == 2  # red has no plan: blue is asked
    defense = int(s["defense_dice"])
    s["rng"] = word_for([B, B], [])
    sc.act(s, card("Bear Traps"))
    assert s["attack_dice"] == 0 and s["defense_dice"] == defense + 1
    assert s["board_warbands"][1] == 2  # Bear Traps killed one
    assert s["phase"] == S.PH_CAMPAIGN_SACRIFICE  # 0 against the site's 1: two sacrificed would win
    sc.act(s, A.END)
    assert s["board_warbands"][1] == 1  # defeated: half of the two die


@pytest.mark.rule("O7.5.1")
def test_only_the_ruler_of_a_plan_may_use_it():
    s = duel(red_board=5, blue_site=1, blue_board=0)
    sc.move(s, "Longbows", S.Z_SITE, ROCKY_COAST)  # blue rules the Rocky Coast; red only stands there
    declare(s, 2, pawn=False)
    assert s["phase"] == S.PH_CAMPAIGN_PLANS and s["actor"] == 2  # not offered to red
    sc.act(s, card("Longbows"), MINUS)
    assert s["attack_dice"] == 1


@pytest.mark.rule("O7.5")
def test_attacker_only_plans_are_not_offered_to_the_defender():
    s = duel()
    adviser(s, "Scouts", 2)
    adviser(s, "Keep", 1)  # a defender's plan, and site-only besides: red cannot use it as an adviser
    declare(s, 2)
    assert s["phase"] != S.PH_CAMPAIGN_PLANS


@pytest.mark.rule("O7.5.3", "O7.1.2")
def test_costs_are_paid_on_the_card_in_your_turn_and_to_the_bank_outside_it():
    s = duel(red_board=5, blue_site=1, blue_board=0)
    c = adviser(s, "Mercenaries", 1)
    adviser(s, "Extra Provisions", 2)
    give_favor(s, 1, 2)
    give_favor(s, 2, 2)
    s["card_favor"][c] = 1  # a card carrying tokens may still pay for a battle plan (O7.5.3)
    s["favor_bank"][int(D.Suit.DISCORD)] -= 1
    hearth = int(s["favor_bank"][int(D.Suit.HEARTH)])
    declare(s, 3, pawn=False)
    sc.act(s, card("Mercenaries"), PLUS)  # red has no other plan: blue's turn comes by itself
    assert s["card_favor"][c] == 2 and s["favor"][1] == 1 and s["attack_dice"] == 6
    assert s["actor"] == 2
    s["rng"] = word_for([B, B], [SW] * 6)
    sc.act(s, card("Extra Provisions"))
    assert s["favor"][2] == 1 and s["favor_bank"][int(D.Suit.HEARTH)] == hearth + 1
    assert s["card_favor"][ID["Extra Provisions"]] == 0
    assert sc.favor_total(s) == D.FAVOR_TOTAL


@pytest.mark.rule("O5.5.3")
def test_specialist_silences_the_defender():
    s = duel(red_board=5, blue_site=1, blue_board=0)
    adviser(s, "Specialist", 1)
    adviser(s, "Extra Provisions", 2)
    give_favor(s, 1, 2)
    give_favor(s, 2, 1)
    declare(s, 2, pawn=False)
    s["rng"] = word_for([B], [SW, SW])
    sc.act(s, card("Specialist"))
    assert s["phase"] == S.PH_CAMPAIGN_OCCUPY and s["favor"][2] == 1  # blue was never asked


@pytest.mark.rule("O5.5.3")
def test_code_of_honor_allows_no_other_plan_on_its_side():
    s = duel(red_board=5, blue_site=1, blue_board=0)
    adviser(s, "Code of Honor", 1)
    adviser(s, "Longbows", 1)
    declare(s, 2, pawn=False)
    s["rng"] = word_for([B], [SW] * 3)
    sc.act(s, card("Longbows"), PLUS)  # Code of Honor after another plan: not offered, so the rolls follow
    assert s["phase"] == S.PH_CAMPAIGN_OCCUPY and s["plan_user"][ID["Code of Honor"]] == 0
    s2 = duel(red_board=5, blue_site=1, blue_board=0)
    adviser(s2, "Code of Honor", 1)
    adviser(s2, "Longbows", 1)
    declare(s2, 2, pawn=False)
    s2["rng"] = word_for([B], [SW] * 4)
    sc.act(s2, card("Code of Honor"), PLUS)
    assert s2["attack"] == 4 and s2["plan_user"][ID["Longbows"]] == 0  # nothing more was offered


@pytest.mark.rule("O5.5.6")
@pytest.mark.parametrize("plan, killed", [("Shield Wall", 3), ("Billowing Fog", 0), (None, 1)])
def test_a_defeated_defenders_losses_with_their_plans(plan, killed):
    s = duel(red_board=8, blue_site=1, blue_board=2)
    if plan:
        adviser(s, plan, 2)
        give_favor(s, 2, 1)
        s["secrets"][2] = 1
    bank = int(s["bank_warbands"][BLUE])
    s["rng"] = word_for([B] * (5 if plan == "Shield Wall" else 3), [SW] * 4)  # no plan: rolled at once
    declare(s, 4)
    if plan:
        assert s["actor"] == 2
        sc.act(s, card(plan))
    # attack 4 beats defense 3 (the site's 1 and the board's 2); blue picks losses only while two places hold them
    while s["phase"] == S.PH_CAMPAIGN_LOSSES:
        sc.act(s, sc.legal(s)[0])
    assert sc.warbands_of(s, BLUE) == 14
    assert int(s["bank_warbands"][BLUE]) - bank == killed


@pytest.mark.rule("O5.5.8")
def test_victorious_plans_pay_out_and_plans_that_say_so_are_discarded():
    s = duel(red_board=8, blue_site=1, blue_board=0)
    honors = adviser(s, "Battle Honors", 1)
    archers = adviser(s, "Horse Archers", 1)
    mercs = adviser(s, "Mercenaries", 1)
    give_favor(s, 1, 1)
    order = int(s["favor_bank"][int(D.Suit.ORDER)])
    declare(s, 2, pawn=False)
    sc.act(s, card("Battle Honors"), card("Horse Archers"), PLUS)
    s["rng"] = word_for([B], [SW] * 8)
    sc.act(s, card("Mercenaries"), PLUS)
    assert s["attack"] == 8 and s["phase"] == S.PH_CAMPAIGN_OCCUPY
    sc.act(s, A.NUMBER + 1)
    assert s["favor"][1] == 2 and s["favor_bank"][int(D.Suit.ORDER)] == order - 2
    assert s["zone"][archers] == S.Z_DISCARD  # "at end, discard"
    assert s["zone"][mercs] == S.Z_ADVISER and s["zone"][honors] == S.Z_ADVISER  # Mercenaries: only when defeated


def test_mercenaries_are_discarded_when_defeated():
    s = duel(red_board=5, blue_site=2, blue_board=3)
    mercs = adviser(s, "Mercenaries", 1)
    give_favor(s, 1, 1)
    declare(s, 1)
    s["rng"] = word_for([B] * 5, [])
    sc.act(s, card("Mercenaries"), MINUS)  # a bad choice, and legal: 0 dice, a defense die more
    assert s["phase"] == S.PH_ACT and s["zone"][mercs] == S.Z_DISCARD


@pytest.mark.rule("O5.5.3")
def test_the_bandits_use_their_costless_plans_in_their_favour():
    s = duel(red_board=5, blue_site=1, blue_board=0)
    s["site_warbands"][ROCKY_COAST, BLUE] = 0
    s["bank_warbands"][BLUE] += 1
    sc.move(s, "Longbows", S.Z_SITE, ROCKY_COAST)  # the bandits rule the warband-free Rocky Coast
    sc.move(s, "Extra Provisions", S.Z_SITE, ROCKY_COAST)  # costs a favor: the bandits never use it
    sc.act(s, CAMPAIGN, A.OPTION + 0, A.END)
    s["rng"] = word_for([B], [SW] * 2)
    sc.act(s, A.NUMBER + 3)
    assert s["attack_dice"] == 2 and s["defense_dice"] == 1  # Longbows -1; Extra Provisions unused


@pytest.mark.rule("O5.5.5")
def test_the_marks_of_lancers_rangers_and_mounted_patrol():
    s = duel(red_board=8, blue_site=4, blue_board=0)
    adviser(s, "Lancers", 1)
    adviser(s, "Rangers", 1)
    give_favor(s, 1, 1)
    declare(s, 3, pawn=False)
    s["rng"] = word_for([B], [SK, SK, SW])
    sc.act(s, card("Lancers"), card("Rangers"))  # the defense pool holds 1 die: no +2
    assert s["attack"] == 2 * (2 + 2 + 1)  # doubled
    assert s["board_warbands"][1] == 8  # the skulls killed nothing
    s2 = duel(red_board=8, blue_site=1, blue_board=0)
    adviser(s2, "Mounted Patrol", 2)
    declare(s2, 4, pawn=False)
    s2["rng"] = word_for([B], [SW, SW])
    sc.act(s2, card("Mounted Patrol"))
    assert s2["attack"] == 2  # only half of the four dice were rolled


@pytest.mark.rule("O5.5.5", "O9.5")
def test_zealots_sacrifice_three_at_a_time_while_outnumbered():
    s = duel(red_board=3, blue_site=2, blue_board=3)
    adviser(s, "Zealots", 1)
    give_favor(s, 1, 1)
    declare(s, 1)
    s["rng"] = word_for([B, B, B], [HS])
    sc.act(s, card("Zealots"))
    # defense 0 + 2 + 3 = 5 against 0: 6 needed, 2 sacrificed warbands at 3 each (force 5 > 3)
    assert s["phase"] == S.PH_CAMPAIGN_SACRIFICE
    sc.act(s, A.OPTION + 0)
    assert s["attack"] == 6 and s["board_warbands"][1] == 1


@pytest.mark.rule("O5.5.7")
def test_slander_burns_all_the_favor_and_book_burning_the_secrets_but_one():
    s = duel(red_board=8, blue_site=1, blue_board=0)
    adviser(s, "Slander", 1)
    adviser(s, "Book Burning", 1)
    give_favor(s, 1, 1)
    give_favor(s, 2, 3)
    s["secrets"][2], s["secrets_down"][2] = 2, 2
    declare(s, 4)
    s["rng"] = word_for([B] * 3, [SW] * 4)
    sc.act(s, card("Slander"), card("Book Burning"))
    assert s["phase"] == S.PH_CAMPAIGN_OCCUPY
    sc.act(s, A.NUMBER + 1, A.END)  # occupy, leave the pawn
    assert s["secrets"][2] + s["secrets_down"][2] == 1
    sc.act(s, A.OPTION + 0)
    assert s["favor"][2] == 0 and sc.favor_total(s) == D.FAVOR_TOTAL


def test_every_written_plan_is_a_battle_plan_of_the_spec():
    for number, text in E.PLANS.items():
        assert E.PLAN_SIDE[number] in (1, 2, 3), text
    assert set(E.UNWRITTEN["battle plan"]).isdisjoint(
        {D.DENIZEN_BY_NUMBER[n].name for n in E.PLANS if n in D.DENIZEN_BY_NUMBER})


@pytest.mark.rule("O5.5.8", "D2", "D4")
def test_military_parade_and_cursed_cauldron_pay_the_victor():
    s = duel(red_board=8, blue_site=1, blue_board=2)
    sc.move(s, "Cursed Cauldron", S.Z_PERSONAL, 1)
    adviser(s, "Military Parade", 1)
    adviser(s, "Scouts", 2)  # Order
    adviser(s, "Wolves", 2)  # Beast
    adviser(s, "Tents", 2)
    s["faceup"][ID["Tents"]] = 0  # a facedown adviser shows no bank
    banks = s["favor_bank"].copy()
    favor = int(s["favor"][1])
    declare(s, 4, pawn=False)
    sc.act(s, card("Cursed Cauldron"))
    s["rng"] = word_for([B], [SW] * 4)  # one defense die, and the defending force's 3
    sc.act(s, card("Military Parade"))
    while s["phase"] == S.PH_CAMPAIGN_LOSSES:  # half of 3 dies: the site's warband first
        sc.act(s, sc.legal(s)[0])
    assert s["camp_killed"].tolist() == [0, 1]
    sc.act(s, A.NUMBER + 1)  # occupy the Rocky Coast
    assert s["phase"] == S.PH_ACT
    assert s["board_warbands"][1] == 8 - 1 + 1  # one gained per enemy warband killed
    gained = (banks - s["favor_bank"]).tolist()
    assert gained[int(D.Suit.ORDER)] == 1 and gained[int(D.Suit.BEAST)] == 1 and sum(gained) == 2
    assert s["favor"][1] == favor + 2


@pytest.mark.rule("O7.5.4", "D2")
def test_kindred_warriors_ignore_skulls_and_count_the_suits_you_rule():
    s = duel(red_board=4, blue_site=1, blue_board=2)
    adviser(s, "Kindred Warriors", 1)  # Arcane: not counted
    adviser(s, "Hunting Party", 1)  # Order
    adviser(s, "Wolves", 1)  # Beast
    s["secrets"][1] = 1
    declare(s, 1, pawn=False)
    sc.act(s, card("Kindred Warriors"))
    assert s["phase"] == S.PH_CAMPAIGN_PLAN_SIGN
    s["rng"] = word_for([B], [SK] * 3)
    sc.act(s, PLUS)  # Order and Beast: 1 + 2 attack dice
    assert s["attack"] == 6 and s["board_warbands"][1] == 4  # three skulls rolled, none killed
    assert s["camp_killed"].tolist() == [0, 0]


@pytest.mark.rule("O7.5", "D2", "O5.5.6")
def test_hearts_and_minds_makes_the_defence_victorious_without_a_roll():
    for holds_pf in (False, True):
        s = duel(red_board=6, blue_site=1, blue_board=0)
        hearts = sc.move(s, "Hearts and Minds", S.Z_SITE, ROCKY_COAST)  # blue rules it
        give_favor(s, 2, 3)
        if holds_pf:
            s["pf_holder"] = 2
        declare(s, 4, pawn=False)
        assert s["actor"] == 2 and card("Hearts and Minds") in sc.legal(s)
        word = int(s["rng"])
        sc.act(s, card("Hearts and Minds"))
        assert s["phase"] == S.PH_ACT and int(s["rng"]) == word  # no die was rolled
        assert s["board_warbands"][1] == 3  # red's defeated force (its board of 6) loses half
        assert s["site_warbands"][ROCKY_COAST, BLUE] == 1
        assert (s["zone"][hearts] == S.Z_DISCARD) != holds_pf  # kept by the People's Favor's holder


@pytest.mark.rule("O5.5.3", "O5.5.4", "D2")
def test_wrestlers_sacrifice_a_warband_of_the_defending_force_where_its_user_picks():
    s = duel(red_board=5, blue_site=2, blue_board=3)
    adviser(s, "Wrestlers", 2)
    declare(s, 3)  # the site and the pawn: 1 + 2 defense dice
    assert s["actor"] == 2 and sc.legal(s) == [A.END, card("Wrestlers")]
    sc.act(s, card("Wrestlers"))
    assert s["phase"] == S.PH_CAMPAIGN_PLAN_SIGN
    assert sc.legal(s) == [A.OPTION + ROCKY_COAST, A.OPTION + S.N_SLOTS + 2]  # the site, or blue's board
    assert "sacrifice a warband at the board of seat 2" in sc.legal_names(s)[1]
    s["rng"] = word_for([B] * 4, [SW] * 3)
    sc.act(s, A.OPTION + S.N_SLOTS + 2)
    assert s["defense_dice"] == 4 and s["board_warbands"][2] == 2
    assert s["defense"] == 4 and s["attack"] == 3  # the force: 2 at the site, 2 on the board
    sc.act(s, A.END)  # no sacrifice: red is defeated
    assert s["site_warbands"][ROCKY_COAST, BLUE] == 2 and s["board_warbands"][1] == 5 - 2
    assert sc.warbands_of(s, BLUE) == 14


@pytest.mark.rule("O5.5.3", "D2")
def test_wrestlers_with_one_place_to_sacrifice_from_ask_nothing_and_need_a_warband():
    s = duel(red_board=5, blue_site=2, blue_board=0)
    adviser(s, "Wrestlers", 2)
    declare(s, 2, pawn=False)
    sc.act(s, card("Wrestlers"))
    assert s["site_warbands"][ROCKY_COAST, BLUE] == 1 and s["defense_dice"] == 2
    s = duel(red_board=5, blue_site=1, blue_board=0)
    adviser(s, "Wrestlers", 2)
    s["site_warbands"][ROCKY_COAST, BLUE] = 0  # a site without warbands: the bandits' to defend
    s["bank_warbands"][BLUE] += 1
    sc.act(s, CAMPAIGN, A.OPTION + 0)
    assert s["defender"] == -2 and card("Wrestlers") not in sc.legal(s)


def _martial_culture_for_red(s):
    mountain = sc.MOUNTAIN
    s["bank_warbands"][S.PURPLE] += int(s["site_warbands"][mountain, S.PURPLE])
    s["site_warbands"][mountain] = 0
    s["site_warbands"][mountain, RED] = 1
    s["bank_warbands"][RED] -= 1
    sc.move(s, "Martial Culture", S.Z_SITE, mountain)


@pytest.mark.rule("O5.5.8", "O6.6.2", "D2")
def test_martial_culture_lets_an_exile_who_defeats_an_exile_become_a_citizen():
    s = duel(red_board=8, blue_site=1, blue_board=0)
    _martial_culture_for_red(s)
    declare(s, 4, pawn=False)
    assert sc.legal(s) == [A.END, card("Martial Culture")]
    s["rng"] = word_for([B], [SW] * 4)
    sc.act(s, card("Martial Culture"))
    sc.act(s, A.NUMBER + 1)  # red won: it occupies the Rocky Coast, then decides
    assert s["phase"] == S.PH_REACT and s["actor"] == 1 and sc.legal(s) == [A.END, A.OPTION + 0]
    assert sc.legal_names(s) == ["stay an Exile", "become a Citizen (Martial Culture)"]
    sc.act(s, A.OPTION + 0)
    assert s["side"][1] == S.SIDE_CITIZEN and s["current"] != 1  # red's Act phase ended
    assert s["site_warbands"][ROCKY_COAST, S.PURPLE] == 1  # its warbands turned purple


@pytest.mark.rule("O5.5.8", "D2")
def test_martial_culture_asks_nothing_of_a_defeated_user():
    s = duel(red_board=8, blue_site=1, blue_board=0)
    _martial_culture_for_red(s)
    declare(s, 4, pawn=False)
    s["rng"] = word_for([SH2], [HS] * 4)
    sc.act(s, card("Martial Culture"))
    assert (s["attack"], s["defense"]) == (2, 3)
    sc.act(s, A.END)  # no sacrifice: red is defeated
    assert s["phase"] == S.PH_ACT and s["side"][1] == S.SIDE_EXILE


def _blue_rules_the_mountain(s, warbands):
    s["bank_warbands"][S.PURPLE] += int(s["site_warbands"][sc.MOUNTAIN, S.PURPLE])
    s["site_warbands"][sc.MOUNTAIN] = 0
    s["site_warbands"][sc.MOUNTAIN, BLUE] = warbands
    s["bank_warbands"][BLUE] -= warbands


@pytest.mark.rule("O5.5.3", "O5.5.4", "D2")
def test_warning_signals_move_the_defenders_warbands_before_the_rolls():
    s = duel(red_board=8, blue_site=2, blue_board=2)
    _blue_rules_the_mountain(s, 3)
    signals = adviser(s, "Warning Signals", 2)
    declare(s, 4)  # the site and the pawn: 1 + 2 defense dice, and 1 for blue's title (two sites ruled)
    assert s["actor"] == 2 and sc.legal(s) == [A.END, card("Warning Signals")] and s["defense_dice"] == 4
    sc.act(s, card("Warning Signals"))
    off = [A.OPTION + sc.MOUNTAIN, A.OPTION + ROCKY_COAST]
    onto = [A.SLOT + sc.MOUNTAIN, A.SLOT + ROCKY_COAST]
    assert s["phase"] == S.PH_CAMPAIGN_PLAN_SIGN and sc.legal(s) == [A.END, *off, *onto]
    sc.act(s, off[0], off[0])  # two off the Mountain: its last warband stays
    assert s["site_warbands"][sc.MOUNTAIN, BLUE] == 1 and s["board_warbands"][2] == 4
    assert sc.legal(s) == [A.END, off[1], *onto]
    sc.act(s, onto[1])  # once one goes onto a site, none comes off
    assert sc.legal(s) == [A.END, *onto]
    assert sc.legal_names(s)[2].startswith("Warning Signals: a warband from your board to Rocky Coast")
    s["rng"] = word_for([B] * 4, [SW] * 4)
    sc.act(s, A.END)
    assert s["defense"] == 3 + 3  # the force: 3 at the targeted site and 3 on blue's board (its pawn is there)
    sc.act(s, A.END)  # no sacrifice: red is defeated
    assert s["zone"][signals] == S.Z_DISCARD  # at end, discard
    assert sc.warbands_of(s, BLUE) == 14


@pytest.mark.rule("O5.5.3", "D2")
def test_warning_signals_are_not_offered_when_no_warband_can_move():
    s = duel(red_board=8, blue_site=1, blue_board=0)
    adviser(s, "Warning Signals", 2)
    adviser(s, "Extra Provisions", 2)  # so that blue is asked for plans
    declare(s, 4, pawn=False)
    assert s["actor"] == 2 and sc.legal(s) == [A.END, card("Extra Provisions")]


@pytest.mark.rule("O5.5.6", "O5.5.8", "D4")
def test_sticky_fire_lets_the_victorious_attacker_kill_the_whole_defending_force():
    for burn in (True, False):
        s = duel(red_board=8, blue_site=2, blue_board=3)
        sc.move(s, "Sticky Fire", S.Z_PERSONAL, 1)
        give_favor(s, 1, 2)
        give_favor(s, 2, 1)
        declare(s, 6)  # the site and the pawn: 1 + 2 defense dice
        s["rng"] = word_for([B] * 3, [SW] * 6)
        sc.act(s, card("Sticky Fire"))
        assert (s["attack"], s["defense"]) == (6, 5)  # the defending force: 2 at the site, 3 on the board
        assert s["phase"] == S.PH_REACT and s["actor"] == 1 and sc.legal(s) == [A.END, A.OPTION + 0]
        assert sc.legal_names(s) == ["kill as usual",
                                     "kill the whole enemy force and give them 1 favor (Sticky Fire)"]
        if burn:
            sc.act(s, A.OPTION + 0)  # every warband dies: no loss is asked
            assert s["camp_killed"].tolist() == [0, 5] and s["favor"].tolist()[1:3] == [1, 2]
            assert s["phase"] == S.PH_CAMPAIGN_OCCUPY
        else:
            sc.act(s, A.END)
            assert s["phase"] == S.PH_CAMPAIGN_LOSSES and s["kills"] == 2  # half, where blue picks
            assert s["favor"].tolist()[1:3] == [2, 1]


@pytest.mark.rule("O5.5.6", "D4", "D2")
def test_sticky_fire_on_the_defence_kills_the_whole_defeated_attacking_force():
    s = duel(red_board=4, blue_site=2, blue_board=0)
    sc.move(s, "Sticky Fire", S.Z_PERSONAL, 2)
    give_favor(s, 1, 0)
    give_favor(s, 2, 1)
    declare(s, 2, pawn=False)
    assert s["actor"] == 2
    s["rng"] = word_for([B], [HS, HS])
    sc.act(s, card("Sticky Fire"))
    assert (s["attack"], s["defense"]) == (1, 2)
    sc.act(s, A.END)  # no sacrifice: red is defeated
    assert s["phase"] == S.PH_REACT and s["actor"] == 2
    sc.act(s, A.OPTION + 0)
    assert s["board_warbands"][1] == 0 and s["favor"].tolist()[1:3] == [1, 0]
    assert s["phase"] == S.PH_ACT and s["actor"] == 1
    s = duel(red_board=4, blue_site=2, blue_board=0)  # a force Billowing Fog spares is not asked about
    sc.move(s, "Sticky Fire", S.Z_PERSONAL, 2)
    adviser(s, "Billowing Fog", 1)
    s["secrets"][1] = 2
    declare(s, 2, pawn=False)
    sc.act(s, card("Billowing Fog"))
    s["rng"] = word_for([B], [HS, HS])
    sc.act(s, card("Sticky Fire"), A.END)
    assert s["phase"] == S.PH_ACT and s["board_warbands"][1] == 4


@pytest.mark.rule("O5.5.8", "O7.6.2", "D2")
def test_second_wind_travels_and_campaigns_again_spending_no_supply():
    s = duel(red_board=8, blue_site=1, blue_board=0)
    wind = adviser(s, "Second Wind", 1)  # S, xF
    give_favor(s, 1, 2)
    s["secrets"][1] = 1
    declare(s, 4, pawn=False)
    s["rng"] = word_for([B], [SW] * 4)
    sc.act(s, card("Second Wind"))
    assert s["card_secrets"][wind] == 1 and s["favor"][1] == 1
    sc.act(s, A.NUMBER + 1)  # red won: it occupies the Rocky Coast
    assert s["phase"] == S.PH_REACT and s["actor"] == 1 and s["react_card"] == wind
    assert A.END in sc.legal(s) and A.SLOT + sc.PLAINS in sc.legal(s) and A.SLOT + ROCKY_COAST not in sc.legal(s)
    supply = int(s["supply"][1])
    sc.act(s, A.SLOT + sc.PLAINS)
    assert s["pawn"][1] == sc.PLAINS and s["supply"][1] == supply
    assert s["phase"] == S.PH_FREE_CAMPAIGN and s["actor"] == 1
    sc.act(s, A.OPTION + 0, A.SEAT + 0)  # the Chancellor rules the Plains
    assert s["supply"][1] == supply and s["defender"] == 0


@pytest.mark.rule("O5.5.8", "D2")
def test_second_wind_gives_nothing_to_a_defeated_attacker():
    s = duel(red_board=8, blue_site=1, blue_board=0)
    adviser(s, "Second Wind", 1)
    give_favor(s, 1, 2)
    s["secrets"][1] = 1
    declare(s, 4, pawn=False)
    s["rng"] = word_for([SH2], [HS] * 4)
    sc.act(s, card("Second Wind"), A.END)  # 2 against 3, no sacrifice
    assert s["phase"] == S.PH_ACT and s["pawn"][1] == ROCKY_COAST and s["free_campaign"] == S.FREE_NONE


@pytest.mark.rule("O5.5.7", "O6.2", "D4")
def test_obsidian_cage_holds_the_defeated_defenders_survivors_until_its_action_frees_them():
    s = duel(red_board=8, blue_site=2, blue_board=3)
    cage = sc.move(s, "Obsidian Cage", S.Z_PERSONAL, 1)
    declare(s, 6)  # the site and the pawn: 1 + 2 defense dice
    s["rng"] = word_for([B] * 3, [SW] * 6)
    sc.act(s, card("Obsidian Cage"))
    assert (s["attack"], s["defense"]) == (6, 5)
    while s["phase"] != S.PH_ACT:  # blue loses 2 of 5, red occupies with one, banishes nobody, burns nothing
        sc.act(s, A.NUMBER + 1 if s["phase"] == S.PH_CAMPAIGN_OCCUPY else sc.legal(s)[0])
    assert s["cage_warbands"][BLUE] == 3 and s["board_warbands"][2] == 0  # the survivors, the board's too
    assert s["site_warbands"][ROCKY_COAST].tolist()[BLUE] == 0 and sc.warbands_of(s, BLUE) == 14
    assert s["zone"][cage] == S.Z_PERSONAL  # a relic is kept
    sc.act(s, card("Obsidian Cage"))
    assert sc.legal(s) == [A.END, A.SEAT + 2]  # blue's colour: blue's board
    sc.act(s, A.SEAT + 2, A.SEAT + 2, A.END)
    assert s["cage_warbands"][BLUE] == 1 and s["board_warbands"][2] == 2 and s["phase"] == S.PH_ACT


@pytest.mark.rule("O5.5.6", "D4")
def test_obsidian_cage_on_the_defence_takes_the_defeated_attackers_survivors():
    s = duel(red_board=4, blue_site=2, blue_board=0)
    sc.move(s, "Obsidian Cage", S.Z_PERSONAL, 2)
    declare(s, 2, pawn=False)
    s["rng"] = word_for([B], [HS, HS])
    sc.act(s, card("Obsidian Cage"), A.END)  # 1 against 2, no sacrifice: red is defeated
    assert s["board_warbands"][1] == 0 and s["cage_warbands"][RED] == 2  # half died, the rest caged
    assert sc.warbands_of(s, RED) == 14 and s["phase"] == S.PH_ACT


@pytest.mark.rule("O5.5.3", "O5.5.6", "D2")
def test_peace_envoy_on_the_defence_pays_a_favor_per_die_and_wins_with_nobody_killed():
    s = duel(red_board=5, blue_site=2, blue_board=3)
    adviser(s, "Peace Envoy", 2)  # F
    give_favor(s, 1, 0)
    give_favor(s, 2, 4)
    declare(s, 3)  # the site and the pawn: 3 defense dice
    assert s["actor"] == 2 and card("Peace Envoy") in sc.legal(s)
    word = int(s["rng"])
    sc.act(s, card("Peace Envoy"))
    assert int(s["rng"]) == word and s["phase"] == S.PH_ACT  # victorious at once, no die rolled
    assert s["favor"][1] == 3 and s["favor"][2] == 0  # 1 for the cost (to the bank), 3 to red
    assert s["board_warbands"][1] == 5 and s["site_warbands"][ROCKY_COAST, BLUE] == 2  # nobody killed
    assert s["force_site"].sum() == 0 and s["force_board"].sum() == 0  # no force shown once it is over


@pytest.mark.rule("O5.5.3", "O5.5.7", "D2")
def test_peace_envoy_needs_the_enemy_at_your_site_and_wins_the_attack_without_killing():
    s = duel(red_board=5, blue_site=2, blue_board=3)
    adviser(s, "Peace Envoy", 1)
    give_favor(s, 1, 4)
    give_favor(s, 2, 0)
    s["pawn"][2] = sc.PLAINS  # blue is away: no peace to make
    declare(s, 3, pawn=False)
    assert s["phase"] != S.PH_CAMPAIGN_PLANS or card("Peace Envoy") not in sc.legal(s)
    s = duel(red_board=5, blue_site=2, blue_board=3)
    adviser(s, "Peace Envoy", 1)
    give_favor(s, 1, 4)
    give_favor(s, 2, 0)
    declare(s, 3, pawn=False)  # the site: 1 defense die
    sc.act(s, card("Peace Envoy"))
    assert s["favor"][1] == 4 - 1 - 1 and s["favor"][2] == 1  # the cost on the card, a favor per die to blue
    assert s["phase"] == S.PH_CAMPAIGN_OCCUPY and s["camp_killed"].tolist() == [0, 0]
    assert s["site_warbands"][ROCKY_COAST, BLUE] == 0 and s["board_warbands"][2] == 3 + 2  # routed home


@pytest.mark.rule("O5.5.6", "O5.5.7", "D2")
def test_hospital_takes_the_defenders_losses_to_its_site_instead_of_killing_them():
    s = duel(red_board=8, blue_site=2, blue_board=3)
    _blue_rules_the_mountain(s, 1)
    sc.move(s, "Hospital", S.Z_SITE, sc.MOUNTAIN)
    bank = int(s["bank_warbands"][BLUE])
    declare(s, 6)  # the site and the pawn: 1 + 2 defense dice, and 1 for blue's title
    assert s["actor"] == 2 and sc.legal(s) == [A.END, card("Hospital")]
    s["rng"] = word_for([B] * 4, [SW] * 6)
    sc.act(s, card("Hospital"))
    assert (s["attack"], s["defense"]) == (6, 5) and s["phase"] == S.PH_CAMPAIGN_LOSSES
    sc.act(s, A.SLOT + ROCKY_COAST, A.SEAT + 2)  # the two losses blue picks
    assert s["site_warbands"][sc.MOUNTAIN, BLUE] == 3 and s["bank_warbands"][BLUE] == bank
    assert s["camp_killed"].tolist() == [0, 0]  # nobody died (Cursed Cauldron would gain nothing)
    assert s["board_warbands"][2] == 2 + 1  # the rest routed home, the site's survivor too
    assert s["site_warbands"][ROCKY_COAST, BLUE] == 0 and sc.warbands_of(s, BLUE) == 14


@pytest.mark.rule("O5.5.5", "O5.5.6", "D2")
def test_hospital_takes_the_attackers_skull_and_defeat_losses_while_its_user_rules_its_site():
    s = duel(red_board=4, blue_site=2, blue_board=0)
    sc.move(s, "Hospital", S.Z_SITE, sc.MOUNTAIN)
    declare(s, 2, pawn=False)  # the Chancellor rules the Mountain: red may not use its Hospital
    assert s["phase"] != S.PH_CAMPAIGN_PLANS or card("Hospital") not in sc.legal(s)
    s = duel(red_board=4, blue_site=2, blue_board=0)
    s["bank_warbands"][S.PURPLE] += int(s["site_warbands"][sc.MOUNTAIN, S.PURPLE])
    s["site_warbands"][sc.MOUNTAIN] = 0
    s["site_warbands"][sc.MOUNTAIN, RED] = 1
    s["bank_warbands"][RED] -= 1
    sc.move(s, "Hospital", S.Z_SITE, sc.MOUNTAIN)
    bank = int(s["bank_warbands"][RED])
    declare(s, 2, pawn=False)
    assert s["actor"] == 1 and sc.legal(s) == [A.END, card("Hospital")]
    s["rng"] = word_for([SH2], [SK, HS])
    sc.act(s, card("Hospital"))  # the skull: a warband to the Mountain, not to the bank
    assert s["board_warbands"][1] == 3 and s["site_warbands"][sc.MOUNTAIN, RED] == 2
    assert (s["attack"], s["defense"]) == (2, 4)
    sc.act(s, A.END)  # no sacrifice: defeated, and half of the 3 goes to the Mountain too
    assert s["board_warbands"][1] == 2 and s["site_warbands"][sc.MOUNTAIN, RED] == 3
    assert s["bank_warbands"][RED] == bank and s["phase"] == S.PH_ACT


@pytest.mark.rule("O5.5.3", "O5.5.7", "D2")
def test_relic_hunter_targets_facedown_relics_at_targeted_sites_and_may_put_them_under_the_deck():
    for keep in (True, False):
        s = duel(red_board=8, blue_site=1, blue_board=0)
        for k in range(S.MAX_SITE_RELICS):  # one known relic at the Rocky Coast, none at the Mountain
            for slot in (ROCKY_COAST, sc.MOUNTAIN):
                r = C.site_relic(s, slot, 0)
                if r:
                    C.relic_push_bottom(s, r)
        relic = sc.move(s, "Book of Records", S.Z_SITE, ROCKY_COAST, faceup=0)
        sc.move(s, "Map", S.Z_SITE, sc.MOUNTAIN, faceup=0)  # not targeted: out of reach
        adviser(s, "Relic Hunter", 1)
        declare(s, 4, pawn=False)
        assert s["actor"] == 1 and sc.legal(s) == [A.END, card("Relic Hunter")]
        dice = int(s["defense_dice"])
        sc.act(s, card("Relic Hunter"))
        assert s["phase"] == S.PH_CAMPAIGN_PLAN_SIGN and sc.legal(s) == [A.END, A.SLOT + ROCKY_COAST]
        assert sc.legal_names(s)[1] == "Relic Hunter: target a facedown relic at Rocky Coast (Hinterland 1)"
        s["rng"] = word_for([B] * (dice + 1), [SW] * 4)
        sc.act(s, A.SLOT + ROCKY_COAST)  # the only one: the rolls follow
        assert s["defense_dice"] == dice + 1 and s["tgt_card"][relic] == S.TGT_HUNTED
        sc.act(s, A.NUMBER + 1)  # red won and occupies
        assert s["zone"][relic] == S.Z_PERSONAL and s["where"][relic] == 1
        assert s["phase"] == S.PH_REACT and s["actor"] == 1 and sc.legal(s) == [A.END, A.CARD + relic]
        assert sc.legal_names(s) == ["keep the relics (Relic Hunter)",
                                     "put Book of Records under the relic deck (Relic Hunter)"]
        sc.act(s, A.END if keep else A.CARD + relic)
        assert s["phase"] == S.PH_ACT and s["tgt_card"].sum() == 0
        if keep:
            assert s["zone"][relic] == S.Z_PERSONAL and s["where"][relic] == 1
        else:
            assert s["zone"][relic] == S.Z_RELIC_DECK and s["relic_deck"][0] == relic


@pytest.mark.rule("O5.5.3", "D2")
def test_relic_hunter_is_not_offered_without_a_relic_at_a_targeted_site():
    s = duel(red_board=8, blue_site=1, blue_board=0)
    for k in range(S.MAX_SITE_RELICS):
        r = C.site_relic(s, ROCKY_COAST, 0)
        if r:
            C.relic_push_bottom(s, r)
    adviser(s, "Relic Hunter", 1)
    declare(s, 4, pawn=False)
    assert s["phase"] != S.PH_CAMPAIGN_PLANS or card("Relic Hunter") not in sc.legal(s)


@pytest.mark.rule("O5.5.8", "D2")
def test_wild_mounts_discards_a_beast_card_instead_of_the_nomad_plans():
    for spare in (True, False):
        s = duel(red_board=8, blue_site=1, blue_board=0)
        archers = adviser(s, "Horse Archers", 1)
        mounts = adviser(s, "Wild Mounts", 1)
        wolves = adviser(s, "Wolves", 1)
        declare(s, 3, pawn=False)
        assert sc.legal(s) == [A.END, card("Horse Archers"), card("Wild Mounts")]
        s["rng"] = word_for([B], [SW] * 6)
        sc.act(s, card("Horse Archers"), PLUS, card("Wild Mounts"))
        sc.act(s, A.NUMBER + 1)  # red won and occupies: the campaign is over
        assert s["phase"] == S.PH_REACT and s["actor"] == 1 and sc.legal(s) == [A.END, A.CARD + wolves]
        assert sc.legal_names(s) == ["discard the Nomad battle plans (Wild Mounts)",
                                     "discard Wolves instead of your Nomad battle plans (Wild Mounts)"]
        sc.act(s, A.CARD + wolves if spare else A.END)
        assert s["phase"] == S.PH_ACT and s["plan_user"].sum() == 0 and s["wild_mounts"] == S.MOUNTS_UNASKED
        assert (s["zone"][archers] == S.Z_ADVISER) == spare
        assert (s["zone"][wolves] == S.Z_ADVISER) == (not spare)
        assert s["zone"][mounts] == S.Z_ADVISER


@pytest.mark.rule("O5.5.3", "D2")
def test_wild_mounts_is_offered_only_with_a_beast_card_and_a_discarding_nomad_plan():
    s = duel(red_board=8, blue_site=1, blue_board=0)
    adviser(s, "Wild Mounts", 1)
    adviser(s, "Horse Archers", 1)  # no Beast card to discard instead
    declare(s, 3, pawn=False)
    assert sc.legal(s) == [A.END, card("Horse Archers")]
    s = duel(red_board=8, blue_site=1, blue_board=0)
    adviser(s, "Wild Mounts", 1)
    adviser(s, "Wolves", 1)  # no Nomad plan to spare
    declare(s, 3, pawn=False)
    assert s["phase"] != S.PH_CAMPAIGN_PLANS
