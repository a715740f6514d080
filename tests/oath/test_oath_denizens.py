"""One rule test per denizen that no other test named (D2): each checks the OUTCOME of the card's
power as its D2 row restates it -- the dice a battle plan adds or removes and the rolls and
losses it changes, the cost a modifier waives or the gain it adds, an action's or a When-played
power's exact effect -- and, where cheap, that nothing happens (or nothing is offered) when the
power's condition fails.

Battle-plan positions come from `scenario.duel` (red, seat 1, attacks blue, seat 2, at the Rocky
Coast, which blue rules); the others from `scenario.ready` (the Chancellor, seat 0, at the Plains,
ruling the Plains, the Mountain and the Rocky Coast)."""

from __future__ import annotations

import pytest

from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath import state as S
from tests.oath import scenario as sc
from tests.oath.coverage_helpers import MUSTER, SEARCH, TRADE, TRAVEL, card
from tests.oath.scenario import HS, ID, MOUNTAIN, PLAINS, ROCKY_COAST, SH, SH2, SK, SW, B, duel, word_for
from tests.oath.test_oath_plans import CAMPAIGN, MINUS, PLUS, _blue_rules_the_mountain, adviser, declare, give_favor
from tests.oath.test_oath_minor import citizen
from tests.oath.test_oath_powers import keep_and_play

RED, BLUE = sc.RED, sc.BLUE
FOR_FAVOR, FOR_SECRETS = A.OPTION + 0, A.OPTION + 1  # the Trade's modes (O5.3.2)


def plans_of(s):
    """The battle plans the player now asked may use (O5.5.3), none when nobody is asked."""
    return [a for a in sc.legal(s) if a != A.END] if s["phase"] == S.PH_CAMPAIGN_PLANS else []


def finish(s):
    """Play the campaign out: occupy with one warband, no sacrifice, the first answer otherwise."""
    while s["phase"] != S.PH_ACT:
        if s["phase"] == S.PH_CAMPAIGN_OCCUPY:
            sc.act(s, A.NUMBER + 1)
        elif s["phase"] == S.PH_CAMPAIGN_SACRIFICE:
            sc.act(s, A.END)
        else:
            sc.act(s, sc.legal(s)[0])


def red_attacks_the_empire(chancellor=(), ally=(), attacker=(), dice=4):
    """Red (seat 1, an Exile with 10 warbands) campaigns against the Chancellor at the Plains, and
    yellow (seat 3, a Citizen with 2 purple warbands there) joins the defence as an Imperial Ally;
    the named cards are faceup advisers of the Chancellor, of yellow and of red."""
    s = sc.ready()
    citizen(s, 3)
    s["board_warbands"][3] = 2
    s["bank_warbands"][S.PURPLE] -= 2
    sc.as_current(s, 1)
    s["board_warbands"][1] = 10
    s["bank_warbands"][RED] -= 7
    for seat, names in ((0, chancellor), (3, ally), (1, attacker)):
        for name in names:
            adviser(s, name, seat)
    sc.act(s, CAMPAIGN, A.SEAT + 0, A.END, A.NUMBER + dice)
    assert s["phase"] == S.PH_CAMPAIGN_ALLY and s["actor"] == 3
    sc.act(s, A.OPTION + 0, A.OPTION + 0)  # yellow joins; the Chancellor lets it
    assert s["ally"][3] == 1 and s["phase"] == S.PH_CAMPAIGN_PLANS
    return s


# ================================================================== Discord
@pytest.mark.rule("D2", "O7.5")
def test_disgraced_captain_adds_four_attack_dice_against_a_site_holding_an_order_card():
    """Disgraced Captain (F, xF): +4 attack dice when a targeted site holds an Order card."""
    s = duel(red_board=6, blue_site=1, blue_board=0)
    captain = adviser(s, "Disgraced Captain", 1)
    give_favor(s, 1, 2)
    sc.move(s, "Scouts", S.Z_SITE, ROCKY_COAST)  # an Order card at the targeted site
    declare(s, 2, pawn=False)
    assert plans_of(s) == [card("Disgraced Captain")] and s["actor"] == 1
    s["rng"] = word_for([B], [SW] * 6)
    sc.act(s, card("Disgraced Captain"))
    assert s["attack_dice"] == 2 + 4 and s["attack"] == 6
    assert s["card_favor"][captain] == 1 and s["favor"][1] == 0  # one favor placed, one burned
    s = duel(red_board=6, blue_site=1, blue_board=0)  # the Plains' Longbows (Order) is not targeted
    adviser(s, "Disgraced Captain", 1)
    give_favor(s, 1, 2)
    declare(s, 2, pawn=False)
    assert card("Disgraced Captain") not in plans_of(s)


@pytest.mark.rule("D2", "O7.3")
def test_charlatan_burns_the_darkest_secrets_secrets_but_one_when_played():
    """Charlatan: played faceup, the Darkest Secret keeps exactly one of its secrets."""
    s = sc.ready()
    s["ds_holder"], s["ds_tokens"] = 2, 4
    secrets = s["secrets"].copy()
    keep_and_play(s, "Charlatan", 1)  # a faceup adviser
    assert s["ds_tokens"] == 1 and s["ds_holder"] == 2
    assert (s["secrets"] == secrets).all()  # the players' own secrets are untouched
    s = sc.ready()
    s["ds_holder"], s["ds_tokens"] = 2, 4
    keep_and_play(s, "Charlatan", 2)  # facedown: no power
    assert s["ds_tokens"] == 4


@pytest.mark.rule("D2", "O7.5", "O7.5.4")
def test_cracked_sage_adds_or_removes_four_attack_dice_against_an_arcane_adviser():
    """Cracked Sage (S, xF): ±4 attack dice if the enemy has an Arcane adviser."""
    s = duel(red_board=8, blue_site=1, blue_board=0)
    sage = adviser(s, "Cracked Sage", 1)
    adviser(s, "Augury", 2)  # Arcane, blue's
    give_favor(s, 1, 1)
    declare(s, 2, pawn=False)
    assert plans_of(s) == [card("Cracked Sage")]
    sc.act(s, card("Cracked Sage"))
    assert s["phase"] == S.PH_CAMPAIGN_PLAN_SIGN and sc.legal(s) == [PLUS, MINUS]
    sc.act(s, PLUS)
    assert s["attack_dice"] == 6
    assert s["card_secrets"][sage] == 1 and s["secrets"][1] == 0 and s["favor"][1] == 0
    s = duel(red_board=8, blue_site=1, blue_board=0)  # on the defence it takes 4 away
    adviser(s, "Cracked Sage", 2)
    adviser(s, "Augury", 1)
    give_favor(s, 2, 1)
    declare(s, 5, pawn=False)
    sc.act(s, card("Cracked Sage"), MINUS)
    assert s["attack_dice"] == 1
    s = duel(red_board=8, blue_site=1, blue_board=0)  # no Arcane adviser across the table
    adviser(s, "Cracked Sage", 1)
    give_favor(s, 1, 1)
    declare(s, 2, pawn=False)
    assert card("Cracked Sage") not in plans_of(s)


# ================================================================== Arcane
@pytest.mark.rule("D2", "O7.5", "O7.5.4")
def test_fire_talkers_move_three_attack_dice_for_the_darkest_secrets_holder():
    """Fire Talkers (S): ±3 attack dice if you hold the Darkest Secret."""
    s = duel(red_board=8, blue_site=1, blue_board=0)
    talkers = adviser(s, "Fire Talkers", 2)
    s["ds_holder"] = 2  # blue, the defender
    declare(s, 4, pawn=False)
    assert s["actor"] == 2 and plans_of(s) == [card("Fire Talkers")]
    sc.act(s, card("Fire Talkers"))
    assert sc.legal(s) == [PLUS, MINUS]
    sc.act(s, MINUS)
    assert s["attack_dice"] == 1
    assert s["card_secrets"][talkers] == 0 and s["secrets_down"][2] == 1  # paid outside blue's turn (O7.1.2)
    s = duel(red_board=8, blue_site=1, blue_board=0)
    adviser(s, "Fire Talkers", 2)
    s["ds_holder"] = 1  # the enemy holds it
    declare(s, 4, pawn=False)
    assert card("Fire Talkers") not in plans_of(s)


@pytest.mark.rule("D2", "O7.5", "O5.5.5")
def test_rusting_ray_ignores_the_hollow_swords_the_enemy_rolls():
    """Rusting Ray (S, defender): holding the Darkest Secret, the enemy's hollow swords count nothing."""
    s = duel(red_board=5, blue_site=1, blue_board=0)
    adviser(s, "Rusting Ray", 2)
    s["ds_holder"] = 2
    declare(s, 3, pawn=False)
    assert s["actor"] == 2 and plans_of(s) == [card("Rusting Ray")]
    s["rng"] = word_for([B], [HS, HS, SW])
    sc.act(s, card("Rusting Ray"))
    assert s["attack"] == 1  # two hollow swords would have added 1
    s = duel(red_board=5, blue_site=1, blue_board=0)
    adviser(s, "Rusting Ray", 2)  # without the Darkest Secret: not offered
    declare(s, 3, pawn=False)
    assert card("Rusting Ray") not in plans_of(s)
    s = duel(red_board=5, blue_site=1, blue_board=0)
    adviser(s, "Rusting Ray", 1)  # a defender's plan: never the attacker's
    s["ds_holder"] = 1
    declare(s, 3, pawn=False)
    assert s["phase"] != S.PH_CAMPAIGN_PLANS  # nobody has a plan to use: the dice were rolled


@pytest.mark.rule("D2", "O7.4")
def test_portal_makes_travel_to_its_site_free_and_ignores_site_powers():
    """Portal (S, site): travel to or from its site spends no Supply and ignores site powers."""
    s = sc.ready()
    sc.put_site(s, 3, "Narrow Pass")  # the only way into the Provinces, unless site powers are ignored
    portal = sc.move(s, "Portal", S.Z_SITE, MOUNTAIN)  # the Chancellor rules the Mountain
    sc.act(s, TRAVEL, A.END)
    assert A.SLOT + MOUNTAIN not in sc.legal(s)  # without the Portal the Narrow Pass bars the way
    s = sc.ready()
    sc.put_site(s, 3, "Narrow Pass")
    portal = sc.move(s, "Portal", S.Z_SITE, MOUNTAIN)
    sc.act(s, TRAVEL, card("Portal"), A.END)
    assert s["card_secrets"][portal] == 1 and s["secrets"][0] == 0
    assert A.SLOT + MOUNTAIN in sc.legal(s)
    sc.act(s, A.SLOT + MOUNTAIN)
    assert s["pawn"][0] == MOUNTAIN and s["supply"][0] == 7  # Cradle to Provinces would cost 2
    s = sc.ready()
    sc.move(s, "Portal", S.Z_SITE, MOUNTAIN)
    sc.act(s, TRAVEL, card("Portal"), A.END, A.SLOT + ROCKY_COAST)  # neither to nor from its site
    assert s["pawn"][0] == ROCKY_COAST and s["supply"][0] == 7 - 4
    s = sc.ready()
    sc.move(s, "Portal", S.Z_SITE, MOUNTAIN)
    s["pawn"][0] = MOUNTAIN
    sc.act(s, TRAVEL, card("Portal"), A.END, A.SLOT + ROCKY_COAST)  # from its site
    assert s["pawn"][0] == ROCKY_COAST and s["supply"][0] == 7  # Provinces to Hinterland would cost 2


@pytest.mark.rule("D2", "O7.4", "O5.1.2")
def test_observatory_lets_its_visitor_search_any_discard_pile():
    """Observatory (site): with your pawn at its site you may draw from any one discard pile."""
    hinterland = int(D.Region.HINTERLAND)
    s = sc.ready()
    sc.move(s, "Observatory", S.Z_SITE, PLAINS)  # the Chancellor's pawn is at the Plains
    sc.discard_top(s, hinterland, "Scouts")
    sc.act(s, SEARCH)
    assert sc.legal(s) == [A.END, card("Observatory")]
    sc.act(s, A.END)
    assert A.OPTION + 3 not in sc.legal(s)  # two regions out: not without the Observatory
    s = sc.ready()
    sc.move(s, "Observatory", S.Z_SITE, PLAINS)
    sc.discard_top(s, hinterland, "Scouts")
    sc.act(s, SEARCH, card("Observatory"), A.END)
    assert A.OPTION + 3 in sc.legal(s)
    pile = int(s["discard_size"][hinterland])  # Scouts on top of the Horse Archers
    sc.act(s, A.OPTION + 3)  # the Hinterland's pile
    assert s["n_drawn"] == pile and ID["Scouts"] in s["drawn"][:pile].tolist()
    assert s["discard_size"][hinterland] == 0 and s["supply"][0] == 7 - 2
    s = sc.ready()
    sc.move(s, "Observatory", S.Z_SITE, MOUNTAIN)  # ruled, but the pawn is elsewhere
    sc.discard_top(s, hinterland, "Scouts")
    sc.act(s, SEARCH, card("Observatory"), A.END)  # offered (ruled), but it does nothing from afar
    assert s["phase"] == S.PH_SEARCH_SOURCE and A.OPTION + 3 not in sc.legal(s)


@pytest.mark.rule("D2", "O7.5", "O7.5.4")
def test_cracking_ground_moves_one_attack_die_per_targeted_site():
    """Cracking Ground (xS): ±1 attack die for each targeted site."""
    s = duel(red_board=8, blue_site=1, blue_board=0)
    _blue_rules_the_mountain(s, 1)
    adviser(s, "Cracking Ground", 1)
    sc.act(s, CAMPAIGN, A.SEAT + 2, A.SLOT + MOUNTAIN, A.END, A.NUMBER + 3)
    assert s["tgt_slot"][ROCKY_COAST] == 1 and s["tgt_slot"][MOUNTAIN] == 1
    assert plans_of(s) == [card("Cracking Ground")]
    dice = int(s["attack_dice"])  # 3 declared, less the Mountain's die (D1)
    sc.act(s, card("Cracking Ground"), PLUS)
    assert s["attack_dice"] == dice + 2 and s["secrets"][1] == 0  # the secret is burned
    assert s["card_secrets"][ID["Cracking Ground"]] == 0
    s = duel(red_board=8, blue_site=1, blue_board=0)  # one site targeted: one die
    adviser(s, "Cracking Ground", 1)
    declare(s, 3, pawn=False)
    sc.act(s, card("Cracking Ground"), MINUS)
    assert s["attack_dice"] == 3 - 1


# ================================================================== Order
@pytest.mark.rule("D2", "O7.5", "O5.5.5")
def test_outriders_ignore_the_skulls_the_attacker_rolls():
    """Outriders (attacker): the skulls you roll kill none of your warbands; their swords still count."""
    s = duel(red_board=8, blue_site=4, blue_board=0)
    adviser(s, "Outriders", 1)
    declare(s, 3, pawn=False)
    assert plans_of(s) == [card("Outriders")]
    s["rng"] = word_for([B], [SK, SK, SW])
    sc.act(s, card("Outriders"))
    assert s["attack"] == 2 + 2 + 1 and s["board_warbands"][1] == 8
    s = duel(red_board=8, blue_site=4, blue_board=0)
    adviser(s, "Outriders", 2)  # an attacker's plan: not the defender's
    declare(s, 3, pawn=False)
    assert s["phase"] != S.PH_CAMPAIGN_PLANS


@pytest.mark.rule("D2", "O7.5", "O5.5.8")
def test_field_promotion_gains_three_warbands_for_the_victor():
    """Field Promotion (F): if you are victorious, gain 3 warbands."""
    s = duel(red_board=8, blue_site=1, blue_board=0)
    promo = adviser(s, "Field Promotion", 1)
    give_favor(s, 1, 1)
    bank = int(s["bank_warbands"][RED])
    declare(s, 4, pawn=False)
    s["rng"] = word_for([B], [SW] * 4)
    sc.act(s, card("Field Promotion"))
    assert s["card_favor"][promo] == 1 and s["attack"] == 4
    sc.act(s, A.NUMBER + 1)  # victorious: one warband onto the Rocky Coast
    assert s["phase"] == S.PH_ACT
    assert s["board_warbands"][1] == 8 - 1 + 3 and s["bank_warbands"][RED] == bank - 3
    s = duel(red_board=8, blue_site=1, blue_board=0)  # defeated: nothing gained
    adviser(s, "Field Promotion", 1)
    give_favor(s, 1, 1)
    bank = int(s["bank_warbands"][RED])
    declare(s, 4, pawn=False)
    s["rng"] = word_for([SH2], [HS] * 4)
    sc.act(s, card("Field Promotion"))
    assert (s["attack"], s["defense"]) == (2, 3)
    finish(s)
    assert s["board_warbands"][1] == 8 - 4 and s["bank_warbands"][RED] == bank + 4
    s = duel(red_board=4, blue_site=2, blue_board=0)  # a victorious defender gains them too
    adviser(s, "Field Promotion", 2)
    give_favor(s, 2, 1)
    declare(s, 2, pawn=False)
    s["rng"] = word_for([B], [HS, HS])
    sc.act(s, card("Field Promotion"))
    assert (s["attack"], s["defense"]) == (1, 2)
    finish(s)
    assert s["board_warbands"][2] == 0 + 3 and s["site_warbands"][ROCKY_COAST, BLUE] == 2


# ================================================================== Hearth
@pytest.mark.rule("D2", "O7.5", "O5.5.6")
def test_traveling_doctor_spares_a_defeated_force_and_is_discarded():
    """Traveling Doctor: if you are defeated none of your force dies and the Doctor is discarded."""
    s = duel(red_board=8, blue_site=1, blue_board=0)
    doctor = adviser(s, "Traveling Doctor", 1)
    declare(s, 4, pawn=False)
    assert plans_of(s) == [card("Traveling Doctor")]
    s["rng"] = word_for([SH2], [HS] * 4)
    sc.act(s, card("Traveling Doctor"))
    assert (s["attack"], s["defense"]) == (2, 3)
    finish(s)
    assert s["board_warbands"][1] == 8 and s["zone"][doctor] == S.Z_DISCARD  # half (4) would have died
    s = duel(red_board=8, blue_site=1, blue_board=0)  # victorious: the Doctor stays
    doctor = adviser(s, "Traveling Doctor", 1)
    declare(s, 4, pawn=False)
    s["rng"] = word_for([B], [SW] * 4)
    sc.act(s, card("Traveling Doctor"))
    finish(s)
    assert s["zone"][doctor] == S.Z_ADVISER and s["board_warbands"][1] == 8 - 1


@pytest.mark.rule("D2", "O7.5", "O5.5.6")
def test_traveling_doctor_spares_a_defeated_defending_force_and_outlasts_sticky_fire():
    """Traveling Doctor: a defeated defending force all survives and goes home; Sticky Fire cannot kill it all."""
    s = duel(red_board=8, blue_site=2, blue_board=3)
    doctor = adviser(s, "Traveling Doctor", 2)
    declare(s, 6)  # the site and the pawn: 3 defense dice
    s["rng"] = word_for([B] * 3, [SW] * 6)
    sc.act(s, card("Traveling Doctor"))
    assert (s["attack"], s["defense"]) == (6, 5)
    finish(s)
    assert s["board_warbands"][2] == 3 + 2 and s["site_warbands"][ROCKY_COAST, BLUE] == 0  # none killed (2 would die)
    assert sc.warbands_of(s, BLUE) == 14 and s["zone"][doctor] == S.Z_DISCARD
    s = duel(red_board=4, blue_site=2, blue_board=0)
    sc.move(s, "Sticky Fire", S.Z_PERSONAL, 2)
    doctor = adviser(s, "Traveling Doctor", 1)
    give_favor(s, 2, 1)
    declare(s, 2, pawn=False)
    sc.act(s, card("Traveling Doctor"))
    s["rng"] = word_for([B], [HS, HS])
    sc.act(s, card("Sticky Fire"), A.END)  # 1 against 2, no sacrifice: red is defeated
    assert s["phase"] == S.PH_ACT and s["board_warbands"][1] == 4 and s["zone"][doctor] == S.Z_DISCARD


@pytest.mark.rule("D2", "O6.2")
def test_storyteller_adds_a_secret_to_the_darkest_secret():
    """Storyteller (F): Action -- one secret from the shared bank onto the Darkest Secret."""
    s = sc.ready()
    teller = sc.move(s, "Storyteller", S.Z_ADVISER, 0, 1)
    s["ds_holder"], s["ds_tokens"] = 2, 1
    secrets = s["secrets"].copy()
    assert card("Storyteller") in sc.legal(s)
    sc.act(s, card("Storyteller"))
    assert s["phase"] == S.PH_ACT and s["ds_tokens"] == 2 and s["ds_holder"] == 2
    assert (s["secrets"] == secrets).all()  # nobody's own secrets pay for it
    assert s["card_favor"][teller] == 1 and s["favor"][0] == 1
    assert card("Storyteller") not in sc.legal(s)  # it carries its favor until the Rest


@pytest.mark.rule("D2", "O7.5", "O7.5.4")
def test_village_constable_moves_two_attack_dice_unless_the_enemy_holds_the_peoples_favor():
    """Village Constable (site): ±2 attack dice unless your enemy holds the People's Favor."""
    for pf_holder in (-1, 2):  # nobody, or blue itself
        s = duel(red_board=8, blue_site=1, blue_board=0)
        sc.move(s, "Village Constable", S.Z_SITE, ROCKY_COAST)  # blue rules it
        s["pf_holder"] = pf_holder
        declare(s, 4, pawn=False)
        assert s["actor"] == 2 and plans_of(s) == [card("Village Constable")]
        sc.act(s, card("Village Constable"), MINUS)
        assert s["attack_dice"] == 2
    s = duel(red_board=8, blue_site=1, blue_board=0)
    sc.move(s, "Village Constable", S.Z_SITE, ROCKY_COAST)
    s["pf_holder"] = 1  # red, the enemy
    declare(s, 4, pawn=False)
    assert card("Village Constable") not in plans_of(s)


@pytest.mark.rule("D2", "O7.5", "O5.5.5")
def test_the_great_levy_adds_three_dice_and_ignores_skulls_unless_the_enemy_holds_the_peoples_favor():
    """The Great Levy (FF): ±3 attack dice and your skulls kill nothing, unless the enemy holds the People's Favor."""
    s = duel(red_board=8, blue_site=4, blue_board=0)
    levy = adviser(s, "The Great Levy", 1)
    give_favor(s, 1, 2)
    declare(s, 2, pawn=False)
    assert plans_of(s) == [card("The Great Levy")]
    sc.act(s, card("The Great Levy"))
    assert s["card_favor"][levy] == 2 and s["favor"][1] == 0
    s["rng"] = word_for([B], [SK, SK, SW, SW, HS])
    sc.act(s, PLUS)
    assert s["attack_dice"] == 5 and s["attack"] == 2 + 2 + 1 + 1 + 0
    assert s["board_warbands"][1] == 8  # two skulls rolled, none killed
    s = duel(red_board=8, blue_site=4, blue_board=0)
    adviser(s, "The Great Levy", 1)
    give_favor(s, 1, 2)
    s["pf_holder"] = 2  # the enemy holds the People's Favor
    declare(s, 2, pawn=False)
    assert card("The Great Levy") not in plans_of(s)


@pytest.mark.rule("D2", "O7.4", "O5.2")
def test_rowdy_pub_musters_one_extra_warband_on_itself():
    """Rowdy Pub (site): mustering on Rowdy Pub gains one extra warband."""
    s = sc.ready()
    pub = sc.move(s, "Rowdy Pub", S.Z_SITE, PLAINS)
    board = int(s["board_warbands"][0])
    sc.act(s, MUSTER, card("Rowdy Pub"), A.END, card("Rowdy Pub"))
    assert s["board_warbands"][0] == board + 2 + 1
    assert s["card_favor"][pub] == 1 and s["supply"][0] == 7 - 1
    s = sc.ready()
    sc.move(s, "Rowdy Pub", S.Z_SITE, PLAINS)
    board = int(s["board_warbands"][0])
    sc.act(s, MUSTER, card("Rowdy Pub"), A.END, card("Longbows"))  # mustering on another card
    assert s["board_warbands"][0] == board + 2


# ================================================================== Beast
@pytest.mark.rule("D2", "O7.4", "O5.3")
def test_the_old_oak_gives_an_extra_secret_to_a_trader_with_a_beast_adviser():
    """The Old Oak (site): trading with it for secrets gains 1 more secret with a Beast adviser."""
    s = sc.ready()
    oak = sc.move(s, "The Old Oak", S.Z_SITE, PLAINS)
    sc.move(s, "Wolves", S.Z_ADVISER, 0, 1)  # one Beast adviser
    secrets = int(s["secrets"][0])
    sc.act(s, TRADE, card("The Old Oak"), A.END, card("The Old Oak"), FOR_SECRETS)
    assert s["secrets"][0] == secrets + 1 + 1  # one per matching adviser, one more for the Oak
    assert s["card_favor"][oak] == 2
    s = sc.ready()
    sc.move(s, "The Old Oak", S.Z_SITE, PLAINS)  # no Beast adviser: no extra secret
    secrets = int(s["secrets"][0])
    sc.act(s, TRADE, card("The Old Oak"), A.END, card("The Old Oak"), FOR_SECRETS)
    assert s["secrets"][0] == secrets  # no matching adviser, no Beast adviser: nothing at all


@pytest.mark.rule("D2", "O7.5", "O7.5.4")
def test_nature_worship_moves_one_attack_die_per_beast_adviser():
    """Nature Worship (S): ±1 attack die for each Beast adviser you have."""
    s = duel(red_board=8, blue_site=1, blue_board=0)
    adviser(s, "Nature Worship", 1)  # Beast itself
    adviser(s, "Wolves", 1)  # Beast
    sc.move(s, "Bracken", S.Z_SITE, sc.PLAINS)  # a Beast card at a site: no adviser, not counted
    declare(s, 3, pawn=False)
    sc.act(s, card("Nature Worship"), PLUS)
    assert s["attack_dice"] == 3 + 2 and s["secrets"][1] == 0


@pytest.mark.rule("D2", "O7.5", "O5.5.3")
def test_nature_worship_on_the_defence_counts_the_beast_advisers_of_the_whole_defending_side():
    """Nature Worship used by the defender counts its Imperial Ally's Beast advisers too."""
    s = red_attacks_the_empire(chancellor=["Nature Worship"], ally=["Wolves"])
    assert s["actor"] == 0 and card("Nature Worship") in plans_of(s)
    dice = int(s["attack_dice"])
    sc.act(s, card("Nature Worship"), MINUS)
    assert s["attack_dice"] == dice - 2  # Nature Worship (the Chancellor's) and Wolves (yellow's)


@pytest.mark.rule("D2", "O7.4", "O5.3.1")
def test_birdsong_trades_with_beast_and_nomad_cards_for_no_supply():
    """Birdsong (adviser): no Supply to trade with a Beast or Nomad card."""
    s = sc.ready()
    s["supply"][0] = 0
    sc.move(s, "Birdsong", S.Z_ADVISER, 0, 1)
    sc.move(s, "Wolves", S.Z_SITE, PLAINS)  # Beast
    sc.act(s, TRADE)
    assert sc.legal(s) == [card("Birdsong")]  # only with it can the Trade be paid
    sc.act(s, card("Birdsong"), A.END)
    assert sc.legal(s) == [card("Wolves")]  # Longbows (Order) would still cost a Supply
    favor = int(s["favor"][0])
    sc.act(s, card("Wolves"), FOR_FAVOR)
    assert s["supply"][0] == 0 and s["favor"][0] == favor + 1 + 1  # Birdsong is a Beast adviser too


@pytest.mark.rule("D2", "O7.3", "O7.2")
def test_threatening_roar_discards_the_nomad_and_beast_cards_of_your_region():
    """Threatening Roar: played, every Nomad and Beast card at the sites of your region is discarded."""
    s = sc.ready()
    s["slot_faceup"][sc.CRADLE_2] = 1
    sc.move(s, "Wolves", S.Z_SITE, sc.CRADLE_2)  # Beast, in the Cradle
    sc.move(s, "Tents", S.Z_SITE, PLAINS)  # Nomad, in the Cradle
    sc.move(s, "Scouts", S.Z_SITE, sc.CRADLE_2)  # Order: stays
    sc.move(s, "Nature Worship", S.Z_SITE, MOUNTAIN)  # Beast, in the Provinces: stays
    keep_and_play(s, "Threatening Roar", 1)
    assert s["zone"][ID["Wolves"]] == S.Z_DISCARD and s["zone"][ID["Tents"]] == S.Z_DISCARD
    assert s["zone"][ID["Scouts"]] == S.Z_SITE and s["zone"][ID["Longbows"]] == S.Z_SITE
    assert s["zone"][ID["Nature Worship"]] == S.Z_SITE and s["zone"][ID["Elders"]] == S.Z_SITE


@pytest.mark.rule("D2", "O7.5", "O5.5.5", "O5.5.4")
def test_war_tortoise_ignores_the_enemys_skull_and_double_shield_faces():
    """War Tortoise (F): the enemy's swords+skull and two-shields faces add nothing; their skulls still kill."""
    s = duel(red_board=5, blue_site=1, blue_board=0)
    adviser(s, "War Tortoise", 2)  # on the defence
    declare(s, 4, pawn=False)
    assert s["actor"] == 2 and plans_of(s) == [card("War Tortoise")]
    s["rng"] = word_for([B], [SK, SW, HS, HS])
    sc.act(s, card("War Tortoise"))
    assert s["attack"] == 0 + 1 + 1  # the skull face's two swords count nothing
    assert s["board_warbands"][1] == 5 - 1  # its skull still kills
    s = duel(red_board=8, blue_site=1, blue_board=0)  # on the attack
    adviser(s, "War Tortoise", 1)
    give_favor(s, 1, 1)
    declare(s, 4)  # the site and the pawn: 3 defense dice
    s["rng"] = word_for([SH2, SH, B], [HS] * 4)
    sc.act(s, card("War Tortoise"))
    assert s["defense"] == 1 + 1  # one shield counted (not three), and the site's warband


@pytest.mark.rule("D2", "O7.5", "O7.5.4")
def test_walled_garden_adds_a_defense_die_per_beast_card_at_any_site_when_its_site_is_targeted():
    """Walled Garden (site, defender): ±1 defense die per Beast card at any site, if its site is targeted."""
    s = duel(red_board=8, blue_site=1, blue_board=0)
    sc.move(s, "Walled Garden", S.Z_SITE, ROCKY_COAST)  # Beast, blue's, at the targeted site
    sc.move(s, "Wolves", S.Z_SITE, PLAINS)  # Beast, at another player's site: counted too
    sc.move(s, "Bracken", S.Z_ADVISER, 2, 1)  # Beast, an adviser: not at a site
    declare(s, 4, pawn=False)
    assert s["actor"] == 2 and plans_of(s) == [card("Walled Garden")]
    dice = int(s["defense_dice"])
    sc.act(s, card("Walled Garden"))
    assert sc.legal(s) == [PLUS, MINUS]
    s["rng"] = word_for([B] * (dice + 2), [SW] * 4)
    sc.act(s, PLUS)
    assert s["defense_dice"] == dice + 2
    s = duel(red_board=8, blue_site=1, blue_board=0)
    _blue_rules_the_mountain(s, 1)
    sc.move(s, "Walled Garden", S.Z_SITE, MOUNTAIN)  # blue's, but the Mountain is not targeted
    declare(s, 4, pawn=False)
    assert card("Walled Garden") not in plans_of(s)


# ================================================================== Nomad
@pytest.mark.rule("D2", "O7.3", "O7.2")
def test_faithful_friend_gains_four_supply_when_played():
    """Faithful Friend (adviser-only, locked): played, gain 4 Supply (never above 7)."""
    s = sc.ready()
    s["supply"][0] = 3
    sc.world_top(s, "Faithful Friend")
    sc.act(s, SEARCH, A.OPTION + 0, card("Faithful Friend"))
    while s["phase"] == S.PH_SEARCH_DISCARD:
        sc.act(s, sc.legal(s)[0])
    supply = int(s["supply"][0])
    assert A.OPTION + 0 not in sc.legal(s)  # adviser-only: never to a site
    sc.act(s, A.OPTION + 1)
    assert s["supply"][0] == supply + 4
    s = sc.ready()
    s["supply"][0] = 7
    keep_and_play(s, "Faithful Friend", 1)
    assert s["supply"][0] == 7  # capped
    s = sc.ready()
    s["supply"][0] = 3
    keep_and_play(s, "Faithful Friend", 2)  # facedown: no power
    assert s["supply"][0] == 3 - 2


@pytest.mark.rule("D2", "O7.5", "O7.5.4", "O5.5.8")
def test_mountain_giant_moves_one_or_three_attack_dice_and_is_discarded():
    """Mountain Giant (S): ±1 or ±3 attack dice; at the end, discarded."""
    s = duel(red_board=8, blue_site=1, blue_board=0)
    giant = adviser(s, "Mountain Giant", 1)
    declare(s, 2, pawn=False)
    sc.act(s, card("Mountain Giant"))
    assert sc.legal(s) == [A.OPTION + k for k in range(4)]
    s["rng"] = word_for([B], [SW] * 5)
    sc.act(s, A.OPTION + 2)  # +3
    assert s["attack_dice"] == 5 and s["card_secrets"][giant] == 1
    finish(s)
    assert s["zone"][giant] == S.Z_DISCARD
    s = duel(red_board=8, blue_site=1, blue_board=0)
    adviser(s, "Mountain Giant", 2)
    declare(s, 4, pawn=False)
    sc.act(s, card("Mountain Giant"), A.OPTION + 1)  # -1
    assert s["attack_dice"] == 3


@pytest.mark.rule("D2", "O7.5", "O7.5.4", "O5.5.8")
def test_rival_khan_moves_four_attack_dice_against_a_nomad_adviser_and_is_discarded():
    """Rival Khan: ±4 attack dice if the enemy has a Nomad adviser; at the end, discarded."""
    s = duel(red_board=8, blue_site=1, blue_board=0)
    khan = adviser(s, "Rival Khan", 1)
    adviser(s, "Tents", 2)  # Nomad, blue's
    declare(s, 2, pawn=False)
    assert plans_of(s) == [card("Rival Khan")]
    s["rng"] = word_for([B], [SW] * 6)
    sc.act(s, card("Rival Khan"), PLUS)
    assert s["attack_dice"] == 6
    finish(s)
    assert s["zone"][khan] == S.Z_DISCARD
    s = duel(red_board=8, blue_site=1, blue_board=0)
    khan = adviser(s, "Rival Khan", 1)  # blue has no Nomad adviser (Elders at its site is no adviser)
    declare(s, 2, pawn=False)
    assert card("Rival Khan") not in plans_of(s)
    s = red_attacks_the_empire(ally=["Tents"], attacker=["Rival Khan"])  # an Imperial Ally is an enemy too
    assert s["actor"] == 1 and plans_of(s) == [card("Rival Khan")]


@pytest.mark.rule("D2", "O7.5", "O7.5.4", "O5.5.8")
def test_great_crusade_moves_one_attack_die_per_nomad_card_ruled_and_is_discarded():
    """Great Crusade: ±1 attack die for each Nomad card you rule; at the end, discarded."""
    s = duel(red_board=8, blue_site=1, blue_board=0)
    crusade = adviser(s, "Great Crusade", 2)  # Nomad, blue's adviser
    adviser(s, "Tents", 2)  # Nomad, blue's adviser
    # the Elders (Nomad) lie at the Rocky Coast, which blue rules; Horse Archers (Nomad) is red's
    adviser(s, "Horse Archers", 1)
    declare(s, 5, pawn=False)
    sc.act(s, A.END)  # red uses no plan
    assert s["actor"] == 2 and card("Great Crusade") in plans_of(s)
    s["rng"] = word_for([B], [SW] * 2)
    sc.act(s, card("Great Crusade"), MINUS)
    assert s["attack_dice"] == 5 - 3
    finish(s)
    assert s["zone"][crusade] == S.Z_DISCARD


@pytest.mark.rule("D2", "O7.5", "O5.5.3")
def test_great_crusade_on_the_defence_counts_the_nomad_cards_the_whole_defending_side_rules():
    """Great Crusade used by the defender counts the Nomad cards its Imperial Ally rules too."""
    s = red_attacks_the_empire(chancellor=["Great Crusade"], ally=["Tents"])
    assert s["actor"] == 0 and card("Great Crusade") in plans_of(s)
    dice = int(s["attack_dice"])
    sc.act(s, card("Great Crusade"), MINUS)
    # Great Crusade, the Elders at the Rocky Coast (an Imperial site), and yellow's Tents
    assert s["attack_dice"] == dice - 3


@pytest.mark.rule("D2", "O7.5", "O5.5.8")
def test_storm_caller_adds_two_defense_dice_and_is_discarded():
    """Storm Caller (defender): +2 defense dice; at the end, discarded."""
    s = duel(red_board=8, blue_site=1, blue_board=0)
    caller = adviser(s, "Storm Caller", 2)
    declare(s, 4, pawn=False)
    assert s["actor"] == 2 and plans_of(s) == [card("Storm Caller")]
    dice = int(s["defense_dice"])
    s["rng"] = word_for([B] * (dice + 2), [SW] * 4)
    sc.act(s, card("Storm Caller"))
    assert s["defense_dice"] == dice + 2 and s["attack_dice"] == 4
    finish(s)
    assert s["zone"][caller] == S.Z_DISCARD
    s = duel(red_board=8, blue_site=1, blue_board=0)
    adviser(s, "Storm Caller", 1)  # a defender's plan: never the attacker's
    declare(s, 4, pawn=False)
    assert s["phase"] != S.PH_CAMPAIGN_PLANS
