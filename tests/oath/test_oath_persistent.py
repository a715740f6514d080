"""Persistent and always-on powers that forbid something (O7.1.4, O7.6): in force while faceup at
a site or among the advisers; "enemies of this card's ruler" are nobody's while nobody rules it.
In the tutorial table the Chancellor (seat 0) rules the Plains, the Mountain and the Rocky Coast;
every pawn starts at the Plains."""

from __future__ import annotations

import pytest

from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath import state as S
from tests.oath import scenario as sc
from tests.oath.scenario import ID, MOUNTAIN, PLAINS, ROCKY_COAST, SW, B, duel, word_for
from tests.oath.test_oath_minor import citizen

SEARCH, MUSTER, TRADE, RECOVER, CAMPAIGN, TRAVEL = (A.MAJOR + int(a) for a in D.MajorAction)
EXILE, SELF_EXILE = A.OPTION + S.ACT_EXILE, A.OPTION + S.ACT_SELF_EXILE
TO_SITE, FACEDOWN, VISION, CONSPIRACY = A.OPTION + 0, A.OPTION + 2, A.OPTION + 3, A.OPTION + 4


def card(name):
    return A.CARD + ID[name]


def draw_and_keep(s, p, name):
    """p searches the world deck with `name` on top and keeps it: the play's options are asked."""
    sc.as_current(s, p)
    sc.world_top(s, name, "Scouts", "Tents")
    sc.play(s, SEARCH, A.OPTION + 0, card(name))
    while s["phase"] == S.PH_SEARCH_DISCARD:
        sc.play(s, sc.legal(s)[0])
    assert s["phase"] == S.PH_PLAY


@pytest.mark.rule("O7.6", "D2")
def test_gossip_bars_its_rulers_enemies_from_facedown_advisers():
    s = sc.ready()
    sc.move(s, "Gossip", S.Z_SITE, PLAINS)  # ruled by the Chancellor
    draw_and_keep(s, 1, "Wolves")
    assert FACEDOWN not in sc.legal(s) and A.OPTION + 1 in sc.legal(s)
    s = sc.ready()
    sc.move(s, "Gossip", S.Z_SITE, PLAINS)
    draw_and_keep(s, 0, "Wolves")  # the ruler is nobody's enemy of itself
    assert FACEDOWN in sc.legal(s)


@pytest.mark.rule("O7.6", "D2", "D3", "O5.1.4.3")
def test_vow_of_obedience_secret_police_and_sacred_ground_keep_visions_facedown():
    s = sc.ready()
    draw_and_keep(s, 1, "Faith")
    assert VISION in sc.legal(s)  # an Exile may, as a rule
    s = sc.ready()
    sc.move(s, "Vow of Obedience", S.Z_ADVISER, 1)
    draw_and_keep(s, 1, "Faith")
    assert VISION not in sc.legal(s)
    s = sc.ready()
    sc.move(s, "Secret Police", S.Z_SITE, MOUNTAIN)  # its ruler, the Chancellor, rules the Plains too
    draw_and_keep(s, 1, "Faith")
    assert VISION not in sc.legal(s)
    s = sc.ready()
    sc.move(s, "Sacred Ground", S.Z_SITE, MOUNTAIN)  # not where the Exile stands
    draw_and_keep(s, 1, "Faith")
    assert VISION not in sc.legal(s)
    s = sc.ready()
    sc.move(s, "Sacred Ground", S.Z_SITE, MOUNTAIN)
    draw_and_keep(s, 1, "Conspiracy")
    assert CONSPIRACY in sc.legal(s)  # the Conspiracy is excepted
    s = sc.ready()
    sc.move(s, "Sacred Ground", S.Z_SITE, PLAINS)
    draw_and_keep(s, 1, "Faith")
    assert VISION in sc.legal(s)


@pytest.mark.rule("O7.6", "D3", "O5.3")
def test_vow_of_poverty_and_forest_council_on_trade_and_muster():
    s = sc.ready()
    sc.move(s, "Vow of Poverty", S.Z_ADVISER, 0)
    sc.play(s, TRADE, card("Longbows"))
    assert sc.legal(s) == [A.OPTION + 1]  # for secrets only
    s = sc.ready()
    sc.move(s, "Forest Council", S.Z_SITE, PLAINS)
    sc.move(s, "Wolves", S.Z_SITE, PLAINS)
    sc.as_current(s, 1)
    s["favor"][1] = 2
    s["secrets"][1] = 1
    sc.play(s, TRADE)
    assert card("Wolves") not in sc.legal(s) and card("Longbows") in sc.legal(s)
    sc.as_current(s, 0)
    sc.play(s, MUSTER)
    assert card("Wolves") in sc.legal(s)  # its ruler is not barred


@pytest.mark.rule("O7.6", "D2", "O6.7")
def test_council_seat_protects_a_citizen_from_exile_even_by_themselves():
    s = sc.ready()
    citizen(s, 3)
    s["favor"][0] = s["favor"][3] = 6
    assert EXILE in sc.legal(s)
    sc.as_current(s, 3)
    assert SELF_EXILE in sc.legal(s)
    sc.move(s, "Council Seat", S.Z_ADVISER, 3)
    assert SELF_EXILE not in sc.legal(s)
    sc.as_current(s, 0)
    assert EXILE not in sc.legal(s)


@pytest.mark.rule("O7.6", "D3", "O5.6")
def test_boiling_lake_and_grasping_vines_kill_travellers_warbands():
    s = sc.ready()
    sc.move(s, "Boiling Lake", S.Z_SITE, MOUNTAIN)
    sc.as_current(s, 1)
    board = int(s["board_warbands"][1])
    sc.play(s, TRAVEL, A.SLOT + MOUNTAIN)
    assert s["pawn"][1] == MOUNTAIN and s["board_warbands"][1] == board - 2
    s = sc.ready()
    sc.move(s, "Boiling Lake", S.Z_SITE, MOUNTAIN)
    board = int(s["board_warbands"][0])
    sc.play(s, TRAVEL, A.SLOT + MOUNTAIN)  # the Chancellor rules it
    assert s["board_warbands"][0] == board
    s = sc.ready()
    sc.move(s, "Grasping Vines", S.Z_SITE, ROCKY_COAST)  # its ruler rules the Plains the Exile leaves
    sc.as_current(s, 1)
    board = int(s["board_warbands"][1])
    sc.play(s, TRAVEL, A.SLOT + MOUNTAIN)
    assert s["board_warbands"][1] == board - 1


@pytest.mark.rule("O7.6", "D2", "O5.5.5")
def test_vow_of_peace_forbids_campaigns_and_sacrifices_against_its_holder():
    s = sc.ready()
    sc.as_current(s, 1)
    assert CAMPAIGN in sc.legal(s)
    sc.move(s, "Vow of Peace", S.Z_ADVISER, 1)
    assert CAMPAIGN not in sc.legal(s)
    for vow in (False, True):
        s = duel(red_board=6, blue_site=2, blue_board=0)
        if vow:
            sc.move(s, "Vow of Peace", S.Z_ADVISER, 2)
        s["rng"] = word_for([B], [SW])
        sc.play(s, CAMPAIGN, A.SEAT + 2, A.END, A.NUMBER + 1)
        assert s["attack"] == 1 and s["defense"] == 2
        assert (s["phase"] == S.PH_CAMPAIGN_SACRIFICE) != vow  # with the Vow: lost, unsacrificed
    assert s["board_warbands"][1] == 3


@pytest.mark.rule("O7.6", "O7.5", "D2", "D3")
def test_marsh_spirit_beast_tamer_and_true_names_bar_battle_plans():
    def offered(*blue_advisers, marsh=False):
        """The plans red (seat 1) is offered against blue, holding Longbows (Order), Rangers
        (Beast) and Mercenaries (Discord)."""
        s = duel(red_board=6, blue_site=1, blue_board=0)
        for name in ("Longbows", "Rangers", "Mercenaries"):
            sc.move(s, name, S.Z_ADVISER, 1)
        for name in blue_advisers:
            sc.move(s, name, S.Z_ADVISER, 2)
        if marsh:
            sc.move(s, "Marsh Spirit", S.Z_SITE, ROCKY_COAST)  # the targeted site
        sc.play(s, CAMPAIGN, A.SEAT + 2, A.END, A.NUMBER + 1)
        return {a - A.CARD for a in sc.legal(s) if a >= A.CARD} if s["phase"] == S.PH_CAMPAIGN_PLANS else set()

    assert offered() == {ID["Longbows"], ID["Rangers"], ID["Mercenaries"]}
    assert offered(marsh=True) == set()
    assert offered("Beast Tamer") == {ID["Longbows"], ID["Mercenaries"]}  # no Beast (or Nomad) plan
    assert offered("True Names", "Scouts") == {ID["Mercenaries"]}  # blue's Beast and Order advisers


@pytest.mark.rule("O7.6", "D2", "O5.6")
def test_toll_roads_charge_a_favor_to_enter_its_rulers_sites():
    s = sc.ready()
    sc.move(s, "Toll Roads", S.Z_SITE, PLAINS)  # the Chancellor rules the Plains and the Mountain
    sc.as_current(s, 1)
    s["favor"][1] = 0
    sc.play(s, TRAVEL)
    assert A.SLOT + MOUNTAIN not in sc.legal(s) and A.SLOT + 1 in sc.legal(s)  # a site nobody rules
    s = sc.ready()
    sc.move(s, "Toll Roads", S.Z_SITE, PLAINS)
    sc.as_current(s, 1)
    favor = int(s["favor"][1]), int(s["favor"][0])
    sc.play(s, TRAVEL, A.SLOT + MOUNTAIN)
    assert (int(s["favor"][1]), int(s["favor"][0])) == (favor[0] - 1, favor[1] + 1)


@pytest.mark.rule("O7.6", "D2", "O5.3", "O5.1")
def test_curfew_and_forced_labor_tolls_on_trade_and_search():
    s = sc.ready()
    sc.move(s, "Curfew", S.Z_SITE, MOUNTAIN)  # its ruler, the Chancellor, rules the Plains' Longbows
    sc.as_current(s, 1)
    s["favor"][1], s["secrets"][1] = 0, 1
    assert TRADE not in sc.legal(s)
    s["favor"][1] = 1
    chancellor = int(s["favor"][0])
    sc.play(s, TRADE, card("Longbows"))
    assert sc.legal(s) == [A.OPTION + 0]  # for secrets would need 2 favor and the toll
    sc.play(s, A.OPTION + 0)
    assert s["favor"][0] == chancellor + 1 and s["card_secrets"][ID["Longbows"]] == 1
    s = sc.ready()
    sc.move(s, "Forced Labor", S.Z_SITE, MOUNTAIN)
    sc.as_current(s, 1)
    s["favor"][1] = 0
    assert SEARCH not in sc.legal(s)
    s["favor"][1] = 1
    sc.play(s, SEARCH, A.OPTION + 0)
    assert s["favor"][1] == 0 and s["favor"][0] == chancellor + 1


@pytest.mark.rule("O7.6", "O7.1.2", "D3")
def test_spell_breaker_bars_powers_paid_with_secrets():
    s = sc.ready()
    sc.move(s, "Wolves", S.Z_ADVISER, 1)  # Action, cost: a secret placed
    sc.as_current(s, 1)
    s["secrets"][1] = 1
    assert card("Wolves") in sc.legal(s)
    sc.move(s, "Spell Breaker", S.Z_SITE, MOUNTAIN)
    assert card("Wolves") not in sc.legal(s)


@pytest.mark.rule("O7.6", "O7.5", "D2", "D3")
def test_gleaming_armor_and_insect_swarm_make_enemy_plans_dearer():
    s = duel(red_board=6, blue_site=1, blue_board=0)
    sc.move(s, "Longbows", S.Z_ADVISER, 1)  # costless
    sc.move(s, "Gleaming Armor", S.Z_ADVISER, 2)
    sc.move(s, "Insect Swarm", S.Z_ADVISER, 2)
    s["favor"][1], s["secrets"][1] = 1, 1
    shared = int(s["shared_favor"])
    sc.play(s, CAMPAIGN, A.SEAT + 2, A.END, A.NUMBER + 1)
    assert card("Longbows") in sc.legal(s)
    sc.play(s, card("Longbows"))
    assert s["secrets"][1] == 0 and s["card_secrets"][ID["Longbows"]] == 1  # placed, in red's turn
    assert s["favor"][1] == 0 and s["shared_favor"] == shared + 1  # burned
    s = duel(red_board=6, blue_site=1, blue_board=0)
    sc.move(s, "Longbows", S.Z_ADVISER, 1)
    sc.move(s, "Gleaming Armor", S.Z_ADVISER, 2)
    s["secrets"][1] = 0
    sc.play(s, CAMPAIGN, A.SEAT + 2, A.END, A.NUMBER + 1)
    assert s["phase"] != S.PH_CAMPAIGN_PLANS  # no secret for the surcharge: nothing to offer


@pytest.mark.rule("O7.6", "D2", "O5.4", "O5.5.2")
def test_tome_guardians_keep_the_darkest_secret_from_its_rulers_enemies():
    def offers(guarded):
        s = sc.ready()
        s["ds_holder"] = 0  # the Chancellor, at the Plains with every pawn
        if guarded:
            sc.move(s, "Tome Guardians", S.Z_SITE, MOUNTAIN)
        sc.as_current(s, 1)
        s["secrets"][1] = 5
        recover = RECOVER in sc.legal(s)
        if recover:
            sc.play(s, RECOVER)
            recover = A.OPTION + 1 in sc.legal(s)
        sc.as_current(s, 1)
        sc.play(s, CAMPAIGN, A.SEAT + 0)
        return recover, A.OPTION + 1 in sc.legal(s)

    assert offers(False) == (True, True)
    assert offers(True) == (False, False)


@pytest.mark.rule("O7.6", "D2", "O5.5.2")
def test_sealing_ward_adds_a_defense_die_per_targeted_relic():
    def defense_dice(sealed):
        s = duel(red_board=6, blue_site=1, blue_board=0)
        sc.move(s, "Longbows", S.Z_ADVISER, 1)  # so that the campaign stops at the battle plans
        sc.move(s, "Cup of Plenty", S.Z_PERSONAL, 2)
        if sealed:
            sc.move(s, "Sealing Ward", S.Z_ADVISER, 2)
        sc.play(s, CAMPAIGN, A.SEAT + 2, card("Cup of Plenty"), A.END, A.NUMBER + 1)
        assert s["phase"] == S.PH_CAMPAIGN_PLANS
        return int(s["defense_dice"])

    assert defense_dice(True) == defense_dice(False) + 1


@pytest.mark.rule("O7.6", "D3", "D4", "O5.5.2")
def test_circlet_of_command_and_lost_tongue_shield_relics_and_banners():
    PAWN = A.OPTION + 2

    def targets(*setup):
        """The relic and banner targets red may declare against blue, who holds Cup of Plenty and
        the People's Favor."""
        s = duel(red_board=6, blue_site=1, blue_board=0)
        sc.move(s, "Cup of Plenty", S.Z_PERSONAL, 2)
        s["pf_holder"] = 2
        for name, zone, seat in setup:
            sc.move(s, name, zone, seat)
        sc.play(s, CAMPAIGN, A.SEAT + 2)
        return s, {a for a in sc.legal(s) if a >= A.CARD or a == A.OPTION + 0}

    _, free = targets()
    assert free == {card("Cup of Plenty"), A.OPTION + 0}
    s, circlet = targets(("Circlet of Command", S.Z_PERSONAL, 2))
    assert circlet == {card("Circlet of Command")}  # the Circlet itself stays open
    _, tongue = targets(("Lost Tongue", S.Z_ADVISER, 2))
    assert tongue == set()
    _, nomad = targets(("Lost Tongue", S.Z_ADVISER, 2), ("Tents", S.Z_ADVISER, 1))
    assert nomad == free  # red rules a Nomad card

    def pawn_dice(circlet):
        s, _ = targets(*([("Circlet of Command", S.Z_PERSONAL, 2)] if circlet else []))
        sc.move(s, "Longbows", S.Z_ADVISER, 1)  # so that the campaign stops at the battle plans
        sc.play(s, PAWN, A.END, A.NUMBER + 1)
        return int(s["defense_dice"])

    assert pawn_dice(True) == pawn_dice(False) + 1
