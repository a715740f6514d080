"""Persistent and always-on powers that forbid something (O7.1.4, O7.6): in force while faceup at
a site or among the advisers; "enemies of this card's ruler" are nobody's while nobody rules it.
In the tutorial table the Chancellor (seat 0) rules the Plains, the Mountain and the Rocky Coast;
every pawn starts at the Plains."""

from __future__ import annotations

import numpy as np
import pytest

from meeplegym import rng
from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath import state as S
from meeplegym.envs.oath import state_json
from meeplegym.envs.oath.rules import board as BD
from meeplegym.envs.oath.rules import cards as C
from meeplegym.envs.oath.rules import minor as MN
from tests.oath import scenario as sc
from tests.oath.scenario import ID, MOUNTAIN, PLAINS, ROCKY_COAST, SW, B, duel, word_for
from tests.oath.test_oath_minor import citizen
from tests.oath.test_oath_powers import keep_and_play

SEARCH, MUSTER, TRADE, RECOVER, CAMPAIGN, TRAVEL = (A.MAJOR + int(a) for a in D.MajorAction)
EXILE, SELF_EXILE = A.OPTION + S.ACT_EXILE, A.OPTION + S.ACT_SELF_EXILE
TO_SITE, FACEDOWN, VISION, CONSPIRACY = A.OPTION + 0, A.OPTION + 2, A.OPTION + 3, A.OPTION + 4


def card(name):
    return A.CARD + ID[name]


def draw_and_keep(s, p, name):
    """p searches the world deck with `name` on top and keeps it: the play's options are asked."""
    sc.as_current(s, p)
    sc.world_top(s, name, "Scouts", "Tents")
    sc.act(s, SEARCH, A.OPTION + 0, card(name))
    while s["phase"] == S.PH_SEARCH_DISCARD:
        sc.act(s, sc.legal(s)[0])
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
    sc.act(s, TRADE, card("Longbows"))
    assert sc.legal(s) == [A.OPTION + 1]  # for secrets only
    s = sc.ready()
    sc.move(s, "Forest Council", S.Z_SITE, PLAINS)
    sc.move(s, "Wolves", S.Z_SITE, PLAINS)
    sc.as_current(s, 1)
    s["favor"][1] = 2
    s["secrets"][1] = 1
    sc.act(s, TRADE)
    assert card("Wolves") not in sc.legal(s) and card("Longbows") in sc.legal(s)
    sc.as_current(s, 0)
    sc.act(s, MUSTER)
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
    sc.act(s, TRAVEL, A.SLOT + MOUNTAIN)
    assert s["pawn"][1] == MOUNTAIN and s["board_warbands"][1] == board - 2
    s = sc.ready()
    sc.move(s, "Boiling Lake", S.Z_SITE, MOUNTAIN)
    board = int(s["board_warbands"][0])
    sc.act(s, TRAVEL, A.SLOT + MOUNTAIN)  # the Chancellor rules it
    assert s["board_warbands"][0] == board
    s = sc.ready()
    sc.move(s, "Grasping Vines", S.Z_SITE, ROCKY_COAST)  # its ruler rules the Plains the Exile leaves
    sc.as_current(s, 1)
    board = int(s["board_warbands"][1])
    sc.act(s, TRAVEL, A.SLOT + MOUNTAIN)
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
        sc.act(s, CAMPAIGN, A.SEAT + 2, A.END, A.NUMBER + 1)
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
        sc.act(s, CAMPAIGN, A.SEAT + 2, A.END, A.NUMBER + 1)
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
    sc.act(s, TRAVEL)
    assert A.SLOT + MOUNTAIN not in sc.legal(s) and A.SLOT + 1 in sc.legal(s)  # a site nobody rules
    s = sc.ready()
    sc.move(s, "Toll Roads", S.Z_SITE, PLAINS)
    sc.as_current(s, 1)
    favor = int(s["favor"][1]), int(s["favor"][0])
    sc.act(s, TRAVEL, A.SLOT + MOUNTAIN)
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
    sc.act(s, TRADE, card("Longbows"))
    assert sc.legal(s) == [A.OPTION + 0]  # for secrets would need 2 favor and the toll
    sc.act(s, A.OPTION + 0)
    assert s["favor"][0] == chancellor + 1 and s["card_secrets"][ID["Longbows"]] == 1
    s = sc.ready()
    sc.move(s, "Forced Labor", S.Z_SITE, MOUNTAIN)
    sc.as_current(s, 1)
    s["favor"][1] = 0
    assert SEARCH not in sc.legal(s)
    s["favor"][1] = 1
    sc.act(s, SEARCH, A.OPTION + 0)
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
    sc.act(s, CAMPAIGN, A.SEAT + 2, A.END, A.NUMBER + 1)
    assert card("Longbows") in sc.legal(s)
    sc.act(s, card("Longbows"))
    assert s["secrets"][1] == 0 and s["card_secrets"][ID["Longbows"]] == 1  # placed, in red's turn
    assert s["favor"][1] == 0 and s["shared_favor"] == shared + 1  # burned
    s = duel(red_board=6, blue_site=1, blue_board=0)
    sc.move(s, "Longbows", S.Z_ADVISER, 1)
    sc.move(s, "Gleaming Armor", S.Z_ADVISER, 2)
    s["secrets"][1] = 0
    sc.act(s, CAMPAIGN, A.SEAT + 2, A.END, A.NUMBER + 1)
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
            sc.act(s, RECOVER)
            recover = A.OPTION + 1 in sc.legal(s)
        sc.as_current(s, 1)
        sc.act(s, CAMPAIGN, A.SEAT + 0)
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
        sc.act(s, CAMPAIGN, A.SEAT + 2, card("Cup of Plenty"), A.END, A.NUMBER + 1)
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
        sc.act(s, CAMPAIGN, A.SEAT + 2)
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
        sc.act(s, PAWN, A.END, A.NUMBER + 1)
        return int(s["defense_dice"])

    assert pawn_dice(True) == pawn_dice(False) + 1


# ---------------------------------------------------------------- gains and banners
def edifice(s, name, slot, ruined=False):
    """Put an edifice at a site showing the named face (tracked on its intact face's id)."""
    face = next(e for e in D.EDIFICE_FACES if e.name == name)
    c = face.number if not face.ruined else face.other_face
    sc.move(s, c, S.Z_SITE, slot)
    s["ruined"][c] = int(face.ruined)
    return c


@pytest.mark.rule("O7.6", "D2", "O5.1.4")
def test_saddle_makers_pays_for_other_players_nomad_and_order_cards():
    def holder_gain(player, name, option):
        s = sc.ready()
        sc.move(s, "Saddle Makers", S.Z_ADVISER, 2)
        s["favor_bank"][:] = 3
        favor = int(s["favor"][2])
        draw_and_keep(s, player, name)
        sc.act(s, option)
        return int(s["favor"][2]) - favor, s["favor_bank"].tolist()

    gain, banks = holder_gain(1, "Longbows", A.OPTION + 1)  # Order, a faceup adviser
    assert gain == 2 and banks[int(D.Suit.ORDER)] == 1
    assert holder_gain(1, "Tents", A.OPTION + 1)[0] == 2  # Nomad
    assert holder_gain(1, "Rangers", A.OPTION + 1)[0] == 0  # Beast
    assert holder_gain(1, "Longbows", FACEDOWN)[0] == 0  # no suit shown
    assert holder_gain(1, "Longbows", A.END)[0] == 0  # discarded, not played
    assert holder_gain(2, "Longbows", A.OPTION + 1)[0] == 0  # its holder's own play


@pytest.mark.rule("O7.6", "D2", "O2.11")
def test_chaos_cult_takes_a_favor_from_whoever_takes_the_title():
    for held in (False, True):
        s = sc.ready()
        s["oath"] = int(D.OATHS.index(next(o for o in D.OATHS if o.name == "Devotion")))
        if held:
            sc.move(s, "Chaos Cult", S.Z_ADVISER, 2)
        s["ds_holder"] = 1  # seat 1 meets the Oathkeeper goal; the Chancellor no longer does
        favor = int(s["favor"][1]), int(s["favor"][2])
        sc.act(s, SEARCH)  # the title is settled after any decision
        assert s["title_holder"] == 1
        assert (int(s["favor"][1]), int(s["favor"][2])) == ((favor[0] - 1, favor[1] + 1) if held else favor)


@pytest.mark.rule("O7.6", "D2", "O5.4", "O7.1.2")
def test_vow_of_renewal_takes_burned_favor_and_bars_the_peoples_favor():
    def recover_relic(held):
        s = sc.ready()
        if held:
            sc.move(s, "Vow of Renewal", S.Z_ADVISER, 2)
        s["pawn"][0] = MOUNTAIN  # recover here: burn 2 favor
        shared, holder = int(s["shared_favor"]), int(s["favor"][2])
        sc.act(s, RECOVER, A.FACEDOWN + 0)
        assert sc.favor_total(s) == D.FAVOR_TOTAL
        return int(s["shared_favor"]) - shared, int(s["favor"][2]) - holder

    assert recover_relic(False) == (2, 0)
    assert recover_relic(True) == (0, 2)
    s = sc.ready()
    s["favor"][0] = 5
    sc.act(s, RECOVER)
    assert A.OPTION + 0 in sc.legal(s)
    s = sc.ready()
    s["favor"][0] = 5
    sc.move(s, "Vow of Renewal", S.Z_ADVISER, 0)
    assert RECOVER not in sc.legal(s)  # the People's Favor was all there was to recover


@pytest.mark.rule("O7.6", "D2", "O5.4.4", "O6.6")
def test_vow_of_silence_bars_the_darkest_secret_and_giving_secrets_and_pays_its_recovery():
    s = sc.ready()
    sc.move(s, "Vow of Silence", S.Z_ADVISER, 2)
    s["ds_holder"], s["ds_tokens"], s["secrets"][0] = S.NOBODY, 0, 4
    secrets = int(s["secrets"][2])
    sc.act(s, RECOVER, A.OPTION + 1, A.NUMBER + 3)
    assert s["ds_holder"] == 0 and s["secrets"][2] == secrets + 3

    def ds_recoverable(vow):
        s = sc.ready()
        if vow:
            sc.move(s, "Vow of Silence", S.Z_ADVISER, 2)
        sc.as_current(s, 2)
        s["ds_holder"], s["ds_tokens"], s["secrets"][2], s["favor"][2] = S.NOBODY, 0, 4, 0
        return RECOVER in sc.legal(s)

    assert ds_recoverable(False) and not ds_recoverable(True)

    def asked_secrets(vow):
        s = sc.ready()
        s["secrets"][2] = 3
        if vow:
            sc.move(s, "Vow of Silence", S.Z_ADVISER, 2)
        sc.act(s, A.OPTION + S.ACT_OFFER, A.SEAT + 2, A.OPTION + 0)
        return A.NUMBER + MN.SECRETS_ASK + 1 in sc.legal(s)

    assert asked_secrets(False) and not asked_secrets(True)


@pytest.mark.rule("O7.6", "D3", "O5.5.2", "O5.4.4")
def test_halls_of_debate_and_mockery_on_the_peoples_favor():
    for hall in (False, True):
        s = duel(red_board=6, blue_site=1, blue_board=0)
        s["pf_holder"] = 2
        if hall:
            edifice(s, "Hall of Debate", MOUNTAIN)
        sc.act(s, CAMPAIGN, A.SEAT + 2)
        assert (A.OPTION + 0 in sc.legal(s)) != hall
    for hall in (False, True):
        s = sc.ready()
        s["pf_tokens"], s["pf_holder"], s["pf_mob"], s["favor"][0] = 1, 2, 0, 5
        if hall:
            edifice(s, "Hall of Mockery", MOUNTAIN)
        sc.act(s, RECOVER, A.OPTION + 0, A.NUMBER + 2, A.SUIT + 0)
        assert s["pf_holder"] == 0 and s["pf_mob"] == int(hall)


@pytest.mark.rule("O7.6", "D3", "O5.1.4")
def test_ruined_temple_bars_its_rulers_enemies_from_playing_beasts_faceup():
    for face in ("Forest Temple", "Ruined Temple"):
        s = sc.ready()
        edifice(s, face, MOUNTAIN)  # ruled by the Chancellor
        draw_and_keep(s, 1, "Rangers")  # Beast
        faceup = {TO_SITE, A.OPTION + 1} & set(sc.legal(s))
        assert (faceup == set()) == (face == "Ruined Temple") and FACEDOWN in sc.legal(s)
    s = sc.ready()
    edifice(s, "Ruined Temple", MOUNTAIN)
    draw_and_keep(s, 0, "Rangers")  # its ruler is not barred
    assert A.OPTION + 1 in sc.legal(s)


@pytest.mark.rule("O7.6", "D3", "O5.5.2")
def test_sprawling_rampart_adds_a_die_to_each_targeted_site_of_its_ruler():
    def defense_dice(rampart_at):
        s = duel(red_board=6, blue_site=1, blue_board=0)
        sc.move(s, "Longbows", S.Z_ADVISER, 1)  # so that the campaign stops at the battle plans
        if rampart_at is not None:
            edifice(s, "Sprawling Rampart", rampart_at)
        sc.act(s, CAMPAIGN, A.SEAT + 2, A.END, A.NUMBER + 1)  # the Rocky Coast is targeted
        assert s["phase"] == S.PH_CAMPAIGN_PLANS
        return int(s["defense_dice"])

    assert defense_dice(ROCKY_COAST) == defense_dice(None) + 1  # blue rules the Rampart's site
    assert defense_dice(PLAINS) == defense_dice(None)  # the Empire's Rampart


# ---------------------------------------------------------------- reactions: a holder's decision in another's turn
@pytest.mark.rule("O7.6", "D2", "O5.5")
def test_herald_gains_a_favor_of_its_holders_choice_after_a_campaign_against_a_player():
    s = duel(red_board=6, blue_site=1, blue_board=0)
    sc.move(s, "Herald", S.Z_ADVISER, 3)
    s["favor_bank"][:] = 0
    s["favor_bank"][int(D.Suit.ARCANE)] = 2
    favor = int(s["favor"][3])
    sc.act(s, CAMPAIGN, A.SEAT + 2, A.END, A.NUMBER + 1)
    while s["phase"] not in (S.PH_ACT, S.PH_REACT):
        sc.act(s, sc.legal(s)[0])
    assert s["phase"] == S.PH_REACT and s["actor"] == 3
    assert sc.legal(s) == [A.SUIT + int(D.Suit.ARCANE)]  # only a bank with favor
    sc.act(s, A.SUIT + int(D.Suit.ARCANE))
    assert s["favor"][3] == favor + 1 and s["phase"] == S.PH_ACT and s["actor"] == 1
    s = duel(red_board=6, blue_site=1, blue_board=0)
    sc.move(s, "Herald", S.Z_ADVISER, 1)  # its holder's own campaign
    sc.act(s, CAMPAIGN, A.SEAT + 2, A.END, A.NUMBER + 1)
    while s["phase"] not in (S.PH_ACT, S.PH_REACT):
        sc.act(s, sc.legal(s)[0])
    assert s["phase"] == S.PH_ACT


@pytest.mark.rule("O7.6", "D2", "O5.1.4.3")
def test_book_binders_gains_two_favor_after_another_player_reveals_a_vision():
    s = sc.ready()
    sc.move(s, "Book Binders", S.Z_ADVISER, 2)
    s["favor_bank"][:] = 3
    favor = int(s["favor"][2])
    draw_and_keep(s, 1, "Faith")
    sc.act(s, VISION)
    assert s["phase"] == S.PH_REACT and s["actor"] == 2 and len(sc.legal(s)) == S.N_SUITS
    sc.act(s, A.SUIT + int(D.Suit.HEARTH))
    assert s["favor"][2] == favor + 2 and s["favor_bank"][int(D.Suit.HEARTH)] == 1
    assert s["phase"] == S.PH_ACT and s["current"] == s["actor"] == 1
    assert sc.favor_total(s) == D.FAVOR_TOTAL


@pytest.mark.rule("O7.6", "D3", "O3.3")
def test_squalid_district_lets_its_ruler_change_the_end_die():
    def end_round_5(squalid, die, change=None):
        s = sc.ready()
        if squalid:
            edifice(s, "Squalid District", MOUNTAIN)  # ruled by the Chancellor
        s["round"] = 5  # the Chancellor holds the title: the end die is rolled, winning on a 6
        sc.as_current(s, 3)
        s["rng"] = next(w for w in (rng.seed_word(k) for k in range(1, 1000)) if _die(w) == die)
        sc.act(s, A.END)
        while s["phase"] == S.PH_REST:
            sc.act(s, A.END)
        if change is not None:
            assert s["phase"] == S.PH_REACT and s["actor"] == 0
            saved = state_json.state_to_dict(s)
            assert saved["react_card"] == "Festival District" and saved["end_die"] == die
            assert state_json.state_from_dict(saved).tobytes() == s.tobytes()
            sc.act(s, A.OPTION + change)
        return s

    assert end_round_5(False, 5)["round"] == 6
    assert end_round_5(True, 5, change=2)["winner"] == 0  # raised to a 6
    assert end_round_5(True, 5, change=1)["round"] == 6
    assert end_round_5(True, 6, change=0)["round"] == 6  # lowered to a 5
    assert end_round_5(True, 3)["round"] == 6  # no change would matter: nothing asked


def _die(word):
    rec = np.zeros(1, dtype=[("rng", np.uint64)])[0]
    rec["rng"] = word
    return 1 + rng.below(rec, 6)


@pytest.mark.rule("O7.6", "D3", "O5.6")
def test_way_station_travel_free_for_its_ruler_or_for_a_favor_to_its_ruler():
    s = sc.ready()
    sc.move(s, "Way Station", S.Z_SITE, ROCKY_COAST)  # the Chancellor rules it
    supply = int(s["supply"][0])
    sc.act(s, TRAVEL, A.SLOT + ROCKY_COAST)
    assert s["pawn"][0] == ROCKY_COAST and s["supply"][0] == supply  # its ruler: no Supply
    s = sc.ready()
    sc.move(s, "Way Station", S.Z_SITE, ROCKY_COAST)
    sc.as_current(s, 1)
    s["favor"][1], s["supply"][1] = 1, 0
    favor = int(s["favor"][0])
    sc.act(s, TRAVEL)
    assert A.SLOT + ROCKY_COAST in sc.legal(s) and A.SLOT + MOUNTAIN not in sc.legal(s)
    sc.act(s, A.SLOT + ROCKY_COAST)  # the only way: a favor to the Chancellor
    assert s["pawn"][1] == ROCKY_COAST and (s["favor"][1], s["favor"][0]) == (0, favor + 1)
    s = sc.ready()
    sc.move(s, "Way Station", S.Z_SITE, ROCKY_COAST)
    sc.as_current(s, 1)
    s["favor"][1] = 1
    supply = int(s["supply"][1])
    sc.act(s, TRAVEL, A.SLOT + ROCKY_COAST)
    assert s["phase"] == S.PH_TRAVEL_FREE and sc.legal(s) == [A.END, A.OPTION + 1]
    sc.act(s, A.END)  # pay Supply instead
    assert s["favor"][1] == 1 and s["supply"][1] < supply


@pytest.mark.rule("O7.1.1", "O10", "D4")
def test_grand_mask_lets_an_exile_rule_the_cards_at_imperial_sites_in_their_own_turn():
    from meeplegym.envs.oath.rules import board as BD

    s = sc.ready()
    school = sc.move(s, "Wizard School", S.Z_SITE, MOUNTAIN)  # F; the Chancellor rules the Mountain
    s["favor"][1] = max(1, int(s["favor"][1]))
    sc.as_current(s, 1)  # red, an Exile, stands at the Plains
    assert card("Wizard School") not in sc.legal(s)
    sc.move(s, "Grand Mask", S.Z_PERSONAL, 1)
    assert card("Wizard School") in sc.legal(s)  # red rules it: access without being there
    assert BD.rules_card(s, 1, school) and not BD.rules_card(s, 0, school)  # the Chancellor does not
    assert not BD.rules_site(s, 1, MOUNTAIN)  # the site itself stays the Chancellor's
    sc.as_current(s, 0)  # not in red's turn
    assert BD.rules_card(s, 0, school) and not BD.rules_card(s, 1, school)
    sc.as_current(s, 1)
    citizen(s, 1)  # a Citizen gains nothing by it: the Imperial players all rule the card, as usual
    assert BD.rules_card(s, 0, school) and BD.rules_card(s, 1, school)


def _roving_terror_targets(bloodline, seat):
    """The denizens `seat` may discard with Roving Terror at the Plains: Scouts at the Mountain
    (the Chancellor's) or Tents at a site nobody rules."""
    s = sc.ready()
    if bloodline:
        sc.move(s, "Ancient Bloodline", S.Z_ADVISER, 0, 1)  # the Chancellor's
    sc.move(s, "Roving Terror", S.Z_SITE, PLAINS)  # S
    sc.move(s, "Scouts", S.Z_SITE, MOUNTAIN)
    sc.move(s, "Tents", S.Z_SITE, sc.CRADLE_2)
    s["secrets"][seat] = 1
    sc.as_current(s, seat)
    sc.act(s, card("Roving Terror"))
    return {name for name in ("Scouts", "Tents") if card(name) in sc.legal(s)}


@pytest.mark.rule("O7.2", "O7.6", "D2")
def test_ancient_bloodline_locks_the_cards_at_its_holders_sites_for_the_holders_enemies():
    assert _roving_terror_targets(False, 1) == {"Scouts", "Tents"}
    assert _roving_terror_targets(True, 1) == {"Tents"}  # red is the Chancellor's enemy
    assert _roving_terror_targets(True, 0) == {"Scouts", "Tents"}  # the holder is not its own enemy


@pytest.mark.rule("O7.6", "D2", "O5.4")
def test_relic_thief_rolls_for_relics_taken_in_its_holders_region():
    def recover(thief_at, faces, answer=A.OPTION + 0):
        s = sc.ready()
        sc.as_current(s, 1)
        s["pawn"][1] = MOUNTAIN  # the Mountain's recover cost: burn 2 favor
        s["pawn"][2] = thief_at
        thief = sc.move(s, "Relic Thief", S.Z_ADVISER, 2)  # F, S
        s["secrets"][2] = 1
        for seat, k in ((1, 3), (2, 1)):
            s["shared_favor"] -= k - int(s["favor"][seat])
            s["favor"][seat] = k
        relic = C.site_relic(s, MOUNTAIN, 0)
        discord = int(s["favor_bank"][int(D.Suit.DISCORD)])
        s["rng"] = word_for(faces, [])
        sc.act(s, RECOVER, A.FACEDOWN + 0)
        if s["phase"] != S.PH_REACT:
            return s, relic, None
        assert s["actor"] == 2 and s["react_card"] == thief and sc.legal(s) == [A.END, A.OPTION + 0]
        assert sc.legal_names(s) == ["let them keep the relics", "pay to roll for the relics just taken (Relic Thief)"]
        sc.act(s, answer)
        assert s["phase"] == S.PH_ACT and s["actor"] == 1
        return s, relic, int(s["favor_bank"][int(D.Suit.DISCORD)]) - discord

    s, relic, paid = recover(sc.PROV_2, [B])  # the Provinces, as the Mountain: no shield rolled
    assert s["where"][relic] == 2 and s["zone"][relic] == S.Z_PERSONAL and paid == 1  # the favor, outside its turn
    assert s["secrets"][2] == 0 and s["secrets_down"][2] == 1
    s, relic, paid = recover(sc.PROV_2, [sc.SH])
    assert s["where"][relic] == 1 and paid == 1  # a shield: red keeps it, the cost is paid all the same
    s, relic, paid = recover(sc.PROV_2, [B], answer=A.END)
    assert s["where"][relic] == 1 and paid == 0
    s, relic, paid = recover(ROCKY_COAST, [B])  # another region: not asked
    assert paid is None and s["where"][relic] == 1 and s["phase"] == S.PH_ACT


def _red_rules_the_mountain(s, warbands):
    s["bank_warbands"][S.PURPLE] += int(s["site_warbands"][MOUNTAIN, S.PURPLE])
    s["site_warbands"][MOUNTAIN] = 0
    s["site_warbands"][MOUNTAIN, sc.RED] = warbands
    s["bank_warbands"][sc.RED] -= warbands


@pytest.mark.rule("O7.6", "D2", "O5.5.2", "O5.5.5")
def test_vow_of_union_brings_the_warbands_at_ruled_sites_into_the_attack():
    s = duel(red_board=2, blue_site=1, blue_board=0)
    _red_rules_the_mountain(s, 3)
    sc.move(s, "Vow of Union", S.Z_ADVISER, 1)
    sc.act(s, CAMPAIGN, A.SEAT + 2, A.END)
    assert sc.legal(s)[-1] == A.NUMBER + 5  # the board's 2 and the Mountain's 3
    s["rng"] = word_for([B], [sc.SK] * 3 + [sc.HS] * 2)
    sc.act(s, A.NUMBER + 5)
    assert s["board_warbands"][1] == 0 and s["site_warbands"][MOUNTAIN, sc.RED] == 2  # the skulls: board first
    assert s["phase"] == S.PH_ACT and s["site_warbands"][ROCKY_COAST, sc.BLUE] == 0  # won, nobody to occupy
    s = duel(red_board=2, blue_site=1, blue_board=0)
    _red_rules_the_mountain(s, 3)
    sc.act(s, CAMPAIGN, A.SEAT + 2, A.END)
    assert sc.legal(s)[-1] == A.NUMBER + 2  # without the Vow: the board alone


@pytest.mark.rule("O7.6", "D2", "O5.6")
def test_vow_of_union_keeps_its_holder_at_a_ruled_site_while_the_board_holds_warbands():
    def may_travel(board):
        s = sc.ready()
        sc.as_current(s, 1)
        _red_rules_the_mountain(s, 1)
        s["pawn"][1] = MOUNTAIN
        s["bank_warbands"][sc.RED] += int(s["board_warbands"][1]) - board
        s["board_warbands"][1] = board
        sc.move(s, "Vow of Union", S.Z_ADVISER, 1)
        return TRAVEL in sc.legal(s)

    assert may_travel(0) and not may_travel(2)


@pytest.mark.rule("O7.6", "D2")
def test_vow_of_kinship_keeps_its_holders_favor_in_the_nomad_bank():
    s = sc.ready()  # the Chancellor holds 2 favor
    s["supply"][0] = 7
    nomad, beast = int(D.Suit.NOMAD), int(D.Suit.BEAST)
    nomads = int(s["favor_bank"][nomad])
    keep_and_play(s, "Vow of Kinship", 1)  # a faceup adviser: all the holder's favor moves there
    assert s["favor"][0] == 0 and s["favor_bank"][nomad] == nomads + 2
    sc.act(s, MUSTER, A.CARD + ID["Longbows"])  # spending: Muster's favor comes from the Nomad bank
    assert s["card_favor"][ID["Longbows"]] == 1 and s["favor_bank"][nomad] == nomads + 1 and s["favor"][0] == 0
    beasts = int(s["favor_bank"][beast])
    keep_and_play(s, "Wolves", 0)  # gaining: the play's favor from the Beast bank goes into the Nomad bank
    assert s["favor"][0] == 0 and s["favor_bank"][beast] == beasts - 1 and s["favor_bank"][nomad] == nomads + 2
    # taking: nothing of it can be taken -- it is not on the holder's board -- but favor given arrives there
    sc.as_current(s, 1)
    sc.move(s, "Witch's Bargain", S.Z_ADVISER, 1)
    s["favor"][1] += 2
    s["shared_favor"] -= 2
    sc.act(s, A.CARD + ID["Witch's Bargain"], A.SEAT + 0)
    assert sc.legal(s) == [A.END, A.OPTION + 1]  # not "a secret for 2 of their favor"
    sc.act(s, A.OPTION + 1, A.END)
    assert s["favor"][0] == 0 and s["favor_bank"][nomad] == nomads + 4 and s["secrets"][1] == 2
    assert sc.favor_total(s) == D.FAVOR_TOTAL


@pytest.mark.rule("O7.6.5", "O5.5.1", "O5.5.4", "O5.5.6", "D4")
def test_bandit_crown_rules_the_empty_sites_and_defends_them_with_bandits_that_never_die():
    for dice, red_wins in (([SW], False), ([SW, SW], True)):
        s = duel(red_board=4, blue_site=2, blue_board=0)  # red and blue at the Rocky Coast, which blue rules
        s["slot_faceup"][1] = 1  # a faceup site with no warbands: the bandits rule it
        assert not BD.rules_site(s, 2, 1) and BD.bandits_rule(s, 1)
        sc.move(s, "Bandit Crown", S.Z_PERSONAL, 2)
        assert BD.rules_site(s, 2, 1) and not BD.bandits_rule(s, 1) and BD.sites_ruled(s, 2) == 2
        s["pawn"][1] = 1
        sc.act(s, CAMPAIGN)
        assert sc.legal(s) == [A.SEAT + 2]  # blue defends it: no bandits to fight there
        sc.act(s, A.SEAT + 2)
        assert s["tgt_slot"][1] == 1  # blue rules red's site: it is a target
        s["rng"] = word_for([B], dice)
        sc.act(s, A.END, A.NUMBER + len(dice))
        assert s["defense"] == 1  # no shield: the site's one bandit is blue's force
        board = int(s["board_warbands"][1])
        if red_wins:  # the bandit hides: nothing of blue's dies, red occupies
            assert s["phase"] == S.PH_CAMPAIGN_OCCUPY and s["board_warbands"][2] == 0
        else:
            assert s["phase"] == S.PH_CAMPAIGN_SACRIFICE
            sc.act(s, A.END)
            assert s["board_warbands"][1] == board - board // 2


@pytest.mark.rule("O7.6.5", "O6.5", "D4")
def test_bandit_crown_lets_its_holder_take_the_last_warband_off_a_site():
    s = duel(red_board=4, blue_site=2, blue_board=0)
    sc.as_current(s, 2)
    sc.act(s, A.OPTION + S.MOVE_TO_BOARD)
    assert sc.legal(s) == [A.NUMBER + 1]  # never the last
    s = duel(red_board=4, blue_site=2, blue_board=0)
    sc.as_current(s, 2)
    sc.move(s, "Bandit Crown", S.Z_PERSONAL, 2)
    sc.act(s, A.OPTION + S.MOVE_TO_BOARD)
    assert sc.legal(s) == [A.NUMBER + 1, A.NUMBER + 2]  # the bandits hold the site for blue
    sc.act(s, A.NUMBER + 2)
    assert s["site_warbands"][ROCKY_COAST].sum() == 0 and BD.rules_site(s, 2, ROCKY_COAST)
# ---------------------------------------------------------------- Jinx (D2)
def _red_attacks_blues_site(red_board, blue_site, *rolls):
    """Red (seat 1) campaigns against blue at the Rocky Coast, the site alone (1 defense die),
    the rolls fixed to `rolls` (word_for_rolls); the attack dice are asked next."""
    s = duel(red_board=red_board, blue_site=blue_site, blue_board=0)
    sc.act(s, CAMPAIGN, A.SEAT + 2, A.END)
    s["rng"] = sc.word_for_rolls(*rolls)
    return s


@pytest.mark.rule("O7.6", "D2", "O5.5.5", "O7.1.2")
def test_jinx_rerolls_the_attack_and_only_the_kept_rolls_skulls_kill():
    def attack(answer, secrets=1, carrying=0):
        s = _red_attacks_blues_site(4, 1, ("defense", [B]), ("attack", [sc.SK, sc.SK]), ("attack", [SW, SW]))
        jinx = sc.move(s, "Jinx", S.Z_ADVISER, 1)  # S
        s["secrets"][1] = secrets
        s["card_secrets"][jinx] = carrying
        sc.act(s, A.NUMBER + 2)
        if s["phase"] != S.PH_REACT:
            return s, jinx
        # the first roll: 4 swords and two skulls that have not killed yet
        assert s["actor"] == 1 and s["react_card"] == jinx and s["jinx_roll"] == S.JINX_ATTACK
        assert (s["attack"], s["defense"], s["skulls"]) == (4, 1, 2) and s["board_warbands"][1] == 4
        assert sc.legal_names(s) == ["keep the roll", "pay to reroll all the dice just rolled (Jinx)"]
        sc.act(s, answer)
        assert s["jinx_roll"] == S.JINX_NONE and s["react_card"] == 0
        return s, jinx

    s, jinx = attack(A.OPTION + 0)
    assert s["attack"] == 2 and s["board_warbands"][1] == 4  # rerolled once: no skull, still 2 > 1
    assert s["secrets"][1] == 0 and s["card_secrets"][jinx] == 1  # the red turn's cost goes onto the card
    assert s["phase"] == S.PH_CAMPAIGN_OCCUPY
    s, jinx = attack(A.END)
    assert s["attack"] == 4 and s["board_warbands"][1] == 2 and s["secrets"][1] == 1  # kept: the skulls kill
    s, jinx = attack(None, secrets=0)  # its cost cannot be paid: not asked
    assert s["board_warbands"][1] == 2 and s["phase"] == S.PH_CAMPAIGN_OCCUPY
    s, jinx = attack(None, secrets=1, carrying=1)  # its secret from an earlier reroll is on it until the Rest
    assert s["board_warbands"][1] == 2 and s["phase"] == S.PH_CAMPAIGN_OCCUPY


@pytest.mark.rule("O7.6", "D2", "O5.5.4", "O7.1.2")
def test_jinx_lets_the_defender_who_rules_it_reroll_the_defense_before_the_attack_is_rolled():
    s = _red_attacks_blues_site(4, 2, ("defense", [sc.SH2]), ("defense", [B]), ("attack", [SW, SW, SW]))
    jinx = sc.move(s, "Jinx", S.Z_SITE, ROCKY_COAST)  # at blue's site: blue rules it
    s["secrets"][1] = s["secrets"][2] = 1
    sc.act(s, A.NUMBER + 3)
    assert s["phase"] == S.PH_REACT and s["actor"] == 2 and s["jinx_roll"] == S.JINX_DEFENSE
    assert (s["attack"], s["defense"]) == (0, 4)  # two shields and the site's two warbands; no attack yet
    sc.act(s, A.OPTION + 0)
    # rerolled: a blank, 2 in all, and red's 3 swords win; red rules no Jinx, so is not asked
    assert (s["attack"], s["defense"]) == (3, 2) and s["phase"] == S.PH_CAMPAIGN_OCCUPY
    assert s["secrets"][2] == 0 and s["secrets_down"][2] == 1 and s["card_secrets"][jinx] == 0  # outside its turn
    assert s["secrets"][1] == 1


@pytest.mark.rule("O7.6", "D2", "O6.2", "O2.12")
def test_jinx_rerolls_gambling_hall_and_relic_thief_dice():
    s = sc.ready()
    sc.move(s, "Gambling Hall", S.Z_SITE, PLAINS)  # FF
    sc.move(s, "Jinx", S.Z_ADVISER, 0)
    s["favor"][0], s["secrets"][0] = 2, 1
    s["favor_bank"][4] = 6
    s["shared_favor"] -= 3
    s["rng"] = sc.word_for_rolls(("defense", [B] * 4), ("defense", [sc.SH2, sc.SH, sc.X2, B]))
    sc.act(s, card("Gambling Hall"))
    assert s["phase"] == S.PH_REACT and s["actor"] == 0 and s["jinx_roll"] == S.JINX_GAMBLE and s["pw_count"] == 0
    sc.act(s, A.OPTION + 0)
    assert s["phase"] == S.PH_POWER and len(sc.legal(s)) == 6  # the reroll's 6 shields, from any one bank
    sc.act(s, A.SUIT + 4)
    assert s["favor"][0] == 6 and s["secrets"][0] == 0

    s = sc.ready()
    sc.as_current(s, 1)
    s["pawn"][1], s["pawn"][2] = MOUNTAIN, sc.PROV_2  # the same region
    sc.move(s, "Relic Thief", S.Z_ADVISER, 2)  # F, S
    sc.move(s, "Jinx", S.Z_ADVISER, 2)  # S
    s["secrets"][2] = 2
    for seat, k in ((1, 3), (2, 1)):
        s["shared_favor"] -= k - int(s["favor"][seat])
        s["favor"][seat] = k
    relic = C.site_relic(s, MOUNTAIN, 0)
    s["rng"] = sc.word_for_rolls(("defense", [sc.SH]), ("defense", [B]))
    sc.act(s, RECOVER, A.FACEDOWN + 0, A.OPTION + 0)  # blue pays and rolls a shield: caught
    assert s["phase"] == S.PH_REACT and s["actor"] == 2 and s["jinx_roll"] == S.JINX_THIEF_CAUGHT
    sc.act(s, A.OPTION + 0)  # rerolled: a blank, blue takes the relic
    assert s["where"][relic] == 2 and s["secrets"][2] == 0 and s["secrets_down"][2] == 2
    assert s["phase"] == S.PH_ACT and s["actor"] == 1 and s["thief_taker"] == -1


# ---------------------------------------------------------------- Sneak Attack (D2)
YELLOW = int(D.Colour.YELLOW)
PAWN = A.OPTION + 2


def _yellow_sneaks(s, at, board=4):
    """Yellow (seat 3) holds Sneak Attack, its pawn at slot `at` with `board` warbands."""
    s["pawn"][3] = at
    s["bank_warbands"][YELLOW] += int(s["board_warbands"][3]) - board
    s["board_warbands"][3] = board
    return sc.move(s, "Sneak Attack", S.Z_ADVISER, 3)


def _red_loses_to_blue(s):
    """Red's campaign against blue's site (1 die against 3 warbands), red defeated and losing 2 of 4."""
    sc.act(s, CAMPAIGN, A.SEAT + 2, A.END)
    s["rng"] = word_for([B], [sc.HS])
    sc.act(s, A.NUMBER + 1, A.END)  # no sacrifice


@pytest.mark.rule("O7.6", "D2", "O5.5.1", "O4.2")
def test_sneak_attack_campaigns_against_the_player_who_just_did_then_their_turn_goes_on():
    s = duel(red_board=4, blue_site=3, blue_board=0)
    sneak = _yellow_sneaks(s, ROCKY_COAST)
    red_supply, yellow_supply, turn = int(s["supply"][1]), int(s["supply"][3]), int(s["turn"])
    _red_loses_to_blue(s)
    assert s["board_warbands"][1] == 2 and s["defender"] == S.NOBODY
    assert s["phase"] == S.PH_REACT and s["actor"] == 3 and s["react_card"] == sneak
    assert sc.legal_names(s) == ["do not campaign",
                                 "campaign against the player who just did, paying no Supply (Sneak Attack)"]
    sc.act(s, A.OPTION + 0)
    # yellow attacks red, spending no Supply, in red's turn; blue, who rules the site, is not the defender
    assert s["phase"] == S.PH_CAMPAIGN_TARGETS and s["current"] == 3 and s["actor"] == 3 and s["interrupted"] == 1
    assert s["defender"] == 1 and s["supply"][3] == yellow_supply
    assert sc.legal(s) == [PAWN]  # red rules nothing here: its pawn is the target at yellow's site
    sc.act(s, PAWN, A.END)
    s["rng"] = word_for([B, B], [SW] * 4)
    sc.act(s, A.NUMBER + 4)
    assert (s["attack"], s["defense"]) == (4, 2)  # no shield, red's board of 2
    while s["phase"] != S.PH_ACT:  # red loses 1, yellow banishes nobody and burns nothing
        assert s["phase"] in (S.PH_CAMPAIGN_BANISH, S.PH_CAMPAIGN_BURN) and s["actor"] == 3
        sc.act(s, A.END)
    # red's turn goes on in its Act phase; yellow's campaign set off no second Sneak Attack
    assert s["current"] == 1 and s["actor"] == 1 and s["interrupted"] == -1 and s["turn"] == turn
    assert s["board_warbands"][1] == 1 and s["supply"][1] == red_supply - 2 and s["supply"][3] == yellow_supply
    assert CAMPAIGN in sc.legal(s) and s["free_campaign"] == S.FREE_NONE


@pytest.mark.rule("O7.6", "D2", "O5.5.1")
def test_sneak_attack_is_asked_only_after_another_player_it_can_campaign_against():
    s = duel(red_board=4, blue_site=3, blue_board=0)
    _yellow_sneaks(s, MOUNTAIN)  # red neither stands at nor rules yellow's site
    _red_loses_to_blue(s)
    assert s["phase"] == S.PH_ACT and s["current"] == 1 and s["actor"] == 1 and s["react_due"] == 0
    s = duel(red_board=4, blue_site=3, blue_board=0)
    _yellow_sneaks(s, ROCKY_COAST)
    sc.move(s, "Vow of Peace", S.Z_ADVISER, 3)  # its holder cannot campaign
    _red_loses_to_blue(s)
    assert s["phase"] == S.PH_ACT and s["actor"] == 1
    s = duel(red_board=4, blue_site=3, blue_board=0)
    _yellow_sneaks(s, ROCKY_COAST)
    sc.as_current(s, 3)  # yellow's own campaign: nobody else's to answer
    sc.act(s, CAMPAIGN, A.SEAT + 2, A.END)
    s["rng"] = word_for([B], [sc.HS])
    sc.act(s, A.NUMBER + 1, A.END)
    assert s["phase"] == S.PH_ACT and s["current"] == 3 and s["actor"] == 3


@pytest.mark.rule("O7.6", "D2", "O5.5.8")
def test_after_a_sneak_attack_the_interrupted_player_still_gets_second_winds_campaign():
    s = duel(red_board=8, blue_site=1, blue_board=0)
    sc.move(s, "Second Wind", S.Z_ADVISER, 1)  # S, xF
    s["shared_favor"] -= 2 - int(s["favor"][1])
    s["favor"][1], s["secrets"][1] = 2, 1
    sneak = _yellow_sneaks(s, ROCKY_COAST, board=0)
    sc.act(s, CAMPAIGN, A.SEAT + 2, A.END, A.NUMBER + 4)
    s["rng"] = word_for([B], [SW] * 4)
    sc.act(s, card("Second Wind"), A.NUMBER + 1)  # red won and occupies the Rocky Coast with one
    assert s["phase"] == S.PH_REACT and s["react_card"] == sneak and s["free_campaign"] == S.FREE_SECOND_WIND
    sc.act(s, A.OPTION + 0)
    assert s["current"] == 3 and s["free_campaign"] == S.FREE_NONE and s["tgt_slot"][ROCKY_COAST] == 1
    sc.act(s, A.END, A.NUMBER + 0)  # red rules yellow's site now: it is the target; no warbands to roll
    assert s["phase"] == S.PH_REACT and s["react_card"] == ID["Second Wind"]
    assert s["current"] == 1 and s["actor"] == 1 and s["interrupted"] == -1  # red's travel, then its campaign
