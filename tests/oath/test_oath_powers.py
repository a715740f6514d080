"""Card powers (O7): access and cost (O7.1), Action powers as minor actions (O6.2), When-played
powers (O7.3) and Rest powers (O4.3.5), each class through cards whose programs are written."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath import effects as E
from meeplegym.envs.oath import invariants, render
from meeplegym.envs.oath import state as S
from meeplegym.envs.oath import state_json
from meeplegym.envs.oath.rules import powers
from meeplegym.errors import IllegalActionError
from tests.oath import scenario as sc
from tests.oath.scenario import ID, MOUNTAIN, PLAINS, ROCKY_COAST, SH, SH2, X2, B, word_for

SEARCH = A.MAJOR + int(D.MajorAction.SEARCH)
RED = int(D.Colour.RED)
HEARTH_BANK = int(D.Suit.HEARTH)


def card(name):
    return A.CARD + ID[name]


def keep_and_play(s, name, option):
    """Search the world deck with `name` on top, keep it, discard the rest, play it."""
    sc.world_top(s, name)
    sc.act(s, SEARCH, A.OPTION + 0, card(name))
    while s["phase"] == S.PH_SEARCH_DISCARD:
        sc.act(s, sc.legal(s)[0])
    sc.act(s, A.OPTION + option)


# ---------------------------------------------------------------- access and cost (O7.1)
@pytest.mark.rule("O7.1.1", "O6.2")
def test_action_powers_need_access():
    s = sc.ready()
    sc.move(s, "Spirit Snare", S.Z_ADVISER, 0, 1)  # a faceup adviser of the Chancellor's
    assert card("Spirit Snare") in sc.legal(s)
    sc.move(s, "Wayside Inn", S.Z_SITE, MOUNTAIN)  # the Empire rules the Mountain: ruled, pawn elsewhere
    s["supply"][0] = 5
    assert card("Wayside Inn") in sc.legal(s)
    s["site_warbands"][MOUNTAIN] = 0
    s["site_warbands"][MOUNTAIN, RED] = 1
    s["bank_warbands"][RED] -= 1
    s["bank_warbands"][S.PURPLE] += 1
    assert card("Wayside Inn") not in sc.legal(s)  # neither ruled nor where the pawn is
    s["pawn"][0] = MOUNTAIN
    assert card("Wayside Inn") in sc.legal(s)  # the pawn is there


@pytest.mark.rule("O7.1.2", "O4.3")
def test_a_cost_placed_on_a_card_blocks_it_until_the_rest():
    s = sc.ready()
    sc.move(s, "Spirit Snare", S.Z_ADVISER, 0, 1)
    s["favor_bank"][:] = [0, 0, 0, 0, 3, 0]
    sc.act(s, card("Spirit Snare"))
    assert s["phase"] == S.PH_POWER and sc.legal(s) == [A.SUIT + int(D.Suit.BEAST)]
    sc.act(s, A.SUIT + int(D.Suit.BEAST))
    assert s["secrets"][0] == 0 and s["card_secrets"][ID["Spirit Snare"]] == 1 and s["favor"][0] == 3
    assert card("Spirit Snare") not in sc.legal(s) and s["phase"] == S.PH_ACT
    s["secrets"][0] = 1
    assert card("Spirit Snare") not in sc.legal(s)  # still carrying its secret
    sc.act(s, A.END)
    assert s["card_secrets"][ID["Spirit Snare"]] == 0 and s["secrets"][0] == 2  # home at the Rest (O4.3.2)


@pytest.mark.rule("O7.1.2")
def test_a_power_that_cannot_be_paid_is_not_offered():
    s = sc.ready()
    sc.move(s, "Alchemist", S.Z_ADVISER, 0, 1)  # S, xS: place one secret and burn one
    assert card("Alchemist") not in sc.legal(s)
    s["secrets"][0] = 2
    assert card("Alchemist") in sc.legal(s)
    sc.act(s, card("Alchemist"))
    for b in (0, 0, 1, 5):
        sc.act(s, A.SUIT + b)
    assert s["favor"][0] == 2 + 4 and list(s["favor_bank"]) == [1, 2, 3, 3, 3, 2]
    assert s["secrets"][0] == 0 and s["card_secrets"][ID["Alchemist"]] == 1
    assert sc.favor_total(s) == D.FAVOR_TOTAL


# ---------------------------------------------------------------- Action powers (O6.2)
@pytest.mark.rule("O6.2", "D2")
def test_take_from_a_player_at_your_site():
    s = sc.ready()
    sc.move(s, "Charming Friend", S.Z_ADVISER, 0, 1)  # S: take 1 favor from a player here
    s["favor"][2] = 0
    sc.act(s, card("Charming Friend"))
    assert sc.legal(s) == [A.SEAT + 1, A.SEAT + 3]  # blue has no favor
    sc.act(s, A.SEAT + 3)
    assert s["favor"][3] == 0 and s["favor"][0] == 3


@pytest.mark.rule("O6.2", "D2")
def test_sleight_of_hand_never_takes_a_last_secret():
    s = sc.ready()
    sc.move(s, "Sleight of Hand", S.Z_ADVISER, 0, 1)  # F
    assert card("Sleight of Hand") not in sc.legal(s)  # everyone here has one secret only
    s["secrets"][2] = 3
    sc.act(s, card("Sleight of Hand"), A.SEAT + 2)
    assert s["secrets"][2] == 2 and s["secrets"][0] == 2 and s["card_favor"][ID["Sleight of Hand"]] == 1


@pytest.mark.rule("O6.2", "D2")
def test_wolves_kill_on_any_board_and_wizard_school_ends_the_act_phase():
    s = sc.ready()
    sc.move(s, "Wolves", S.Z_ADVISER, 0, 1)
    sc.act(s, card("Wolves"))
    assert sc.legal(s) == [A.SEAT + k for k in range(4)]  # yours allowed
    sc.act(s, A.SEAT + 1)
    assert s["board_warbands"][1] == 2 and sc.warbands_of(s, RED) == 14
    sc.move(s, "Wizard School", S.Z_SITE, PLAINS)
    s["favor"][0] = 1
    sc.act(s, card("Wizard School"))
    assert s["current"] == 1  # the Chancellor's turn ended
    assert s["secrets"][0] == 2  # one gained, one back from Wolves at the Rest


@pytest.mark.rule("O6.2", "O9.4")
def test_tavern_songs_peeks_and_is_not_offered_once_nothing_is_new():
    s = sc.ready()
    sc.discard_top(s, 0, "Scouts", "Keep")
    sc.move(s, "Tavern Songs", S.Z_ADVISER, 0, 1)
    sc.act(s, card("Tavern Songs"))
    assert all(s["known"][ID[n]] & 1 for n in ("Scouts", "Keep", "Ancient Binding"))
    assert card("Tavern Songs") not in sc.legal(s)


@pytest.mark.rule("O6.2", "D4")
def test_map_goes_to_the_bottom_of_the_relic_deck():
    s = sc.ready()
    sc.move(s, "Map", S.Z_PERSONAL, 0)
    s["supply"][0] = 1
    sc.act(s, card("Map"))
    assert s["supply"][0] == 5 and s["zone"][ID["Map"]] == S.Z_RELIC_DECK and s["relic_deck"][0] == ID["Map"]


# ---------------------------------------------------------------- When played (O7.3)
@pytest.mark.rule("O7.3", "D2")
def test_when_played_runs_for_a_faceup_play_only():
    s = sc.ready()
    board = int(s["board_warbands"][0])
    keep_and_play(s, "A Small Favor", 1)  # faceup adviser: gain 4 warbands
    assert s["board_warbands"][0] == board + 4
    s = sc.ready()
    keep_and_play(s, "A Small Favor", 2)  # facedown: no power
    assert s["board_warbands"][0] == 3


@pytest.mark.rule("O7.3", "D2")
def test_salad_days_takes_from_three_different_banks():
    s = sc.ready()
    keep_and_play(s, "Salad Days", 0)  # to the Plains: 1 Hearth favor first, then the power
    assert s["phase"] == S.PH_POWER and len(sc.legal(s)) == 6
    sc.act(s, A.SUIT + 0)
    assert A.SUIT + 0 not in sc.legal(s) and len(sc.legal(s)) == 5
    sc.act(s, A.SUIT + 1, A.SUIT + 2)
    assert s["favor"][0] == 2 + 1 + 3 and s["phase"] == S.PH_ACT


@pytest.mark.rule("O7.3", "O7.6.1", "O6.6.2")
def test_long_lost_heir_may_make_an_exile_a_citizen():
    s = sc.ready()
    sc.as_current(s, 1)
    keep_and_play(s, "Long-Lost Heir", 1)
    assert s["phase"] == S.PH_POWER and sc.legal(s) == [A.END, A.OPTION + 0]
    sc.act(s, A.OPTION + 0)
    assert s["side"][1] == S.SIDE_CITIZEN and s["supply"][1] == 7 and s["current"] == 2  # the Act phase ended
    assert sc.warbands_of(s, S.PURPLE) == 24


# ---------------------------------------------------------------- Rest (O4.3.5)
@pytest.mark.rule("O4.3.5", "D2")
def test_rest_powers_are_offered_once_each_after_the_rest():
    s = sc.ready()
    sc.move(s, "Insomnia", S.Z_ADVISER, 0, 1)
    sc.move(s, "Vow of Poverty", S.Z_ADVISER, 0, 1)  # only with no favor
    sc.act(s, A.END)
    assert s["phase"] == S.PH_REST and sc.legal(s) == [A.END, card("Insomnia")]
    sc.act(s, card("Insomnia"))
    assert s["secrets"][0] == 2 and sc.legal(s) == [A.END]
    sc.act(s, A.END)
    assert s["current"] == 1


@pytest.mark.rule("O4.3.5", "D2")
def test_naysayers_take_from_the_chancellor_while_an_exile_holds_the_title():
    s = sc.ready()
    sc.as_current(s, 1)
    sc.move(s, "Naysayers", S.Z_ADVISER, 1, 1)
    sc.act(s, A.END)
    assert s["current"] == 2  # no Rest decision: the power would do nothing
    s = sc.ready()
    sc.as_current(s, 1)
    sc.move(s, "Naysayers", S.Z_ADVISER, 1, 1)
    s["oath"] = [o.name for o in D.OATHS].index("The People")
    s["pf_holder"], s["title_holder"] = 2, 2  # blue, an Exile, keeps the title by holding the banner
    sc.act(s, A.END, card("Naysayers"))
    assert s["favor"][1] == 2 and s["favor"][0] == 1


def test_a_power_decision_refuses_other_answers():
    s = sc.ready()
    sc.move(s, "Wolves", S.Z_ADVISER, 0, 1)
    sc.act(s, card("Wolves"))
    before = s.copy()
    with pytest.raises(IllegalActionError):
        sc.act(s, A.SUIT + 0)
    assert s.tobytes() == before.tobytes()


def test_unwritten_powers_are_listed():
    written = {E.POWERED[n].name for n in E.POWERS}
    for names in E.UNWRITTEN.values():
        assert not set(names) & {n for n in written if n in names}
    assert E.UNWRITTEN["action"] == ()  # Deed Writer was the last; the Grand Scepter's are O6.4 and O6.6-O6.7


# ---------------------------------------------------------------- more Action powers (D2, D4)
@pytest.mark.rule("O6.2", "O9.4")
def test_scryer_looks_through_a_whole_discard_pile():
    s = sc.ready()
    sc.move(s, "Scryer", S.Z_ADVISER, 0, 1)
    sc.discard_top(s, 2, "Scouts", "Keep")
    sc.act(s, card("Scryer"))
    assert s["phase"] == S.PH_POWER and A.OPTION + 2 in sc.legal(s)
    sc.act(s, A.OPTION + 2)
    assert all(s["known"][int(c)] & 1 for c in s["discard"][2][:s["discard_size"][2]])


@pytest.mark.rule("O6.2")
def test_memory_of_home_and_plague_engines_move_bank_favor():
    s = sc.ready()
    sc.move(s, "Memory of Home", S.Z_ADVISER, 0, 1)  # xS
    sc.act(s, card("Memory of Home"))
    assert A.SUIT + HEARTH_BANK not in sc.legal(s)
    sc.act(s, A.SUIT + 0)
    assert s["favor_bank"][0] == 0 and s["favor_bank"][HEARTH_BANK] == 6
    s = sc.ready()
    sc.move(s, "Plague Engines", S.Z_ADVISER, 0, 1)  # S, xS: every player 1 favor per site ruled
    s["secrets"][0] = 2
    sc.act(s, card("Plague Engines"))
    assert s["favor"][0] == 0 and s["favor_bank"][int(D.Suit.ARCANE)] == 3 + 2  # 3 sites, 2 favor
    assert sc.favor_total(s) == D.FAVOR_TOTAL


@pytest.mark.rule("O6.2")
def test_forgotten_vault_chooses_and_never_burns_the_last_secret():
    s = sc.ready()
    sc.move(s, "Forgotten Vault", S.Z_SITE, PLAINS)
    sc.act(s, card("Forgotten Vault"))
    assert s["phase"] == S.PH_POWER and sc.legal(s) == [A.OPTION + 0]  # 1 secret on it: only add
    sc.act(s, A.OPTION + 0)
    assert s["ds_tokens"] == 2


@pytest.mark.rule("O6.2")
def test_siege_engines_and_relic_breaker():
    s = sc.ready()
    sc.move(s, "Siege Engines", S.Z_ADVISER, 0, 1)
    sc.act(s, card("Siege Engines"))
    assert sc.legal(s) == [A.SLOT + PLAINS]  # the only site of the Cradle with warbands
    sc.act(s, A.SLOT + PLAINS)
    assert s["site_warbands"][PLAINS, S.PURPLE] == 0 and sc.warbands_of(s, S.PURPLE) == 24
    s = sc.ready()
    s["pawn"][0] = MOUNTAIN
    sc.move(s, "Relic Breaker", S.Z_ADVISER, 0, 1)
    sc.act(s, card("Relic Breaker"), A.FACEDOWN + 0)
    assert s["relic_deck"][0] == ID["Ivory Eye"] and s["board_warbands"][0] == 6


@pytest.mark.rule("O6.2")
def test_ancient_binding_burns_secrets_to_one():
    s = sc.ready()
    sc.move(s, "Ancient Binding", S.Z_ADVISER, 0, 1)  # S, xS
    s["secrets"][:4] = [3, 4, 1, 0]
    sc.act(s, card("Ancient Binding"))
    assert list(s["secrets"][:4]) == [0, 1, 1, 0] and s["card_secrets"][ID["Ancient Binding"]] == 1


@pytest.mark.rule("O6.2", "O7.2")
def test_assassin_and_armed_mob_discard_faceup_advisers():
    s = sc.ready()
    sc.move(s, "Assassin", S.Z_ADVISER, 0, 1)
    sc.move(s, "Scouts", S.Z_ADVISER, 2, 1)
    sc.move(s, "A Small Favor", S.Z_ADVISER, 3, 1)  # locked: safe
    sc.act(s, card("Assassin"))
    assert sc.legal(s) == [card("Scouts")]
    sc.act(s, card("Scouts"))
    assert s["zone"][ID["Scouts"]] == S.Z_DISCARD
    s = sc.ready()
    sc.move(s, "Armed Mob", S.Z_SITE, PLAINS)
    sc.move(s, "Scouts", S.Z_ADVISER, 1, 1)
    assert card("Armed Mob") not in sc.legal(s)  # nobody holds the Darkest Secret
    s["ds_holder"] = 1
    sc.act(s, card("Armed Mob"), card("Scouts"))
    assert s["zone"][ID["Scouts"]] == S.Z_DISCARD


@pytest.mark.rule("O6.2", "O2.12")
def test_gambling_hall_takes_the_shields_rolled():
    s = sc.ready()
    sc.move(s, "Gambling Hall", S.Z_SITE, PLAINS)  # FF
    s["favor"][0] = 2
    s["favor_bank"][4] = 6
    s["shared_favor"] -= 3
    s["rng"] = word_for([SH2, SH, X2, B], [])
    sc.act(s, card("Gambling Hall"))
    assert len(sc.legal(s)) == 6  # 6 shields (2 + 1, doubled), from any one bank
    sc.act(s, A.SUIT + 4)
    assert s["favor"][0] == 6 and s["favor_bank"][4] == 0


@pytest.mark.rule("O6.2", "O7.3", "D4")
def test_drawing_a_relic_keeps_it_or_puts_it_under():
    s = sc.ready()
    sc.move(s, "Dowsing Sticks", S.Z_PERSONAL, 0)  # S, xF, xF
    s["favor"][0] = 2
    top = int(s["relic_deck"][s["relic_size"] - 1])
    sc.act(s, card("Dowsing Sticks"))
    assert s["phase"] == S.PH_POWER and s["known"][top] & 1 and sc.legal(s) == [A.END, A.OPTION + 0]
    sc.act(s, A.END)
    assert s["relic_deck"][0] == top
    s = sc.ready()
    top = int(s["relic_deck"][s["relic_size"] - 1])
    keep_and_play(s, "Family Heirloom", 1)
    sc.act(s, A.OPTION + 0)
    assert s["zone"][top] == S.Z_PERSONAL and s["where"][top] == 0


# ---------------------------------------------------------------- more When-played powers
@pytest.mark.rule("O7.3", "O7.2")
def test_dazzle_discards_hearth_and_order_cards_in_the_region():
    s = sc.ready()
    s["slot_faceup"][1] = 1
    sc.move(s, "Wayside Inn", S.Z_SITE, 1)
    sc.move(s, "Keep", S.Z_SITE, 1)  # locked: stays
    keep_and_play(s, "Dazzle", 1)
    assert s["zone"][ID["Longbows"]] == S.Z_DISCARD and s["zone"][ID["Wayside Inn"]] == S.Z_DISCARD
    assert s["zone"][ID["Keep"]] == S.Z_SITE


@pytest.mark.rule("O7.3")
def test_royal_tax_and_garrison():
    s = sc.ready()  # everyone is at the Plains, which the Empire rules
    keep_and_play(s, "Royal Tax", 1)
    assert s["favor"][0] == 2 + 3 and list(s["favor"][1:4]) == [0, 0, 0]
    s = sc.ready()
    board = int(s["board_warbands"][0])
    keep_and_play(s, "Garrison", 1)  # 3 sites ruled: 3 warbands, then one onto each
    assert s["board_warbands"][0] == board and list(s["site_warbands"][[0, 2, 5], S.PURPLE]) == [3, 2, 2]


@pytest.mark.rule("O7.3")
def test_counting_powers():
    s = sc.ready()
    sc.move(s, "Wolves", S.Z_SITE, 2)  # Beast cards at sites: Taming Charm? no -- Wolves
    board = int(s["board_warbands"][0])
    keep_and_play(s, "Animal Host", 0)  # itself (Beast) at the Plains, and Wolves
    assert s["board_warbands"][0] == board + 2
    s = sc.ready()
    sc.move(s, "Wayside Inn", S.Z_ADVISER, 0, 1)
    keep_and_play(s, "Fabled Feast", 1)  # Hearth cards ruled: Wayside Inn and itself
    sc.act(s, A.SUIT + 0)
    assert s["favor"][0] == 2 + 2


@pytest.mark.rule("O7.3", "D2")
def test_key_to_the_city_takes_a_site_whose_ruler_is_away():
    s = sc.ready()
    sc.as_current(s, 1)
    s["pawn"][1] = ROCKY_COAST  # the Empire rules it; the Chancellor's pawn is at the Plains
    keep_and_play(s, "Key to the City", 0)
    assert s["site_warbands"][ROCKY_COAST, S.PURPLE] == 0 and s["site_warbands"][ROCKY_COAST, RED] == 1
    assert sc.warbands_of(s, S.PURPLE) == 24 and sc.warbands_of(s, RED) == 14


@pytest.mark.rule("O7.3", "O7.6.1")
def test_bewitch_needs_more_secrets_than_the_chancellor():
    s = sc.ready()
    sc.as_current(s, 1)
    keep_and_play(s, "Bewitch", 1)
    assert s["phase"] == S.PH_ACT and s["side"][1] == S.SIDE_EXILE  # 1 secret each: no offer
    s = sc.ready()
    sc.as_current(s, 1)
    s["secrets"][1] = 2
    keep_and_play(s, "Bewitch", 1)
    sc.act(s, A.OPTION + 0)
    assert s["side"][1] == S.SIDE_CITIZEN


@pytest.mark.rule("O4.3.5", "O6.2")
def test_silver_tongue_and_taming_charm_use_the_cards_at_your_site():
    s = sc.ready()
    sc.move(s, "Silver Tongue", S.Z_ADVISER, 0, 1)
    sc.act(s, A.END)
    sc.act(s, card("Silver Tongue"))
    assert sc.legal(s) == [A.SUIT + int(D.Suit.ORDER)]  # Longbows is the only card at the Plains
    s = sc.ready()
    sc.move(s, "Taming Charm", S.Z_ADVISER, 0, 1)
    sc.move(s, "Wolves", S.Z_SITE, PLAINS)
    sc.act(s, card("Taming Charm"))
    assert sc.legal(s) == [card("Wolves")]
    sc.act(s, card("Wolves"))
    assert s["zone"][ID["Wolves"]] == S.Z_DISCARD and s["favor"][0] == 2 + 2


def test_the_coverage_document_lists_every_unwritten_power():
    text = (Path(__file__).resolve().parents[2] / "docs" / "rules_coverage.md").read_text(encoding="utf-8")
    oath = text[text.index("## Oath"):]
    for kind, names in E.UNWRITTEN.items():
        for name in names:
            assert name in oath, f"{name} ({kind}) is missing from docs/rules_coverage.md"


# ---------------------------------------------------------------- adviser limits (O7.6.4)
def _council(s, p, *names):
    for name in names:
        sc.move(s, name, S.Z_ADVISER, p, 1)


@pytest.mark.rule("O7.6.4")
def test_a_limiter_makes_you_discard_down_first():
    s = sc.ready()  # the Chancellor: one facedown adviser
    _council(s, 0, "Scouts", "Keep")
    keep_and_play(s, "Insomnia", 1)  # limit 2 with three already: two must go (Keep is locked)
    assert s["phase"] == S.PH_PLAY_REPLACE
    facedown = [c for c in range(1, S.N_CARDS) if s["zone"][c] == S.Z_ADVISER and s["where"][c] == 0
                and not s["faceup"][c]][0]
    assert sc.legal(s) == sorted([A.CARD + facedown, card("Scouts")])
    sc.act(s, card("Scouts"))
    assert s["phase"] == S.PH_PLAY_REPLACE  # still three with Insomnia
    sc.act(s, A.CARD + facedown)
    assert s["zone"][ID["Insomnia"]] == S.Z_ADVISER and s["phase"] == S.PH_ACT


@pytest.mark.rule("O7.6.4")
def test_a_limiter_with_too_many_locked_advisers_cannot_be_played_as_adviser():
    s = sc.ready()
    _council(s, 0, "Keep", "A Small Favor")  # both locked, plus the facedown one
    sc.world_top(s, "Insomnia")
    sc.act(s, SEARCH, A.OPTION + 0, card("Insomnia"))
    while s["phase"] == S.PH_SEARCH_DISCARD:
        sc.act(s, sc.legal(s)[0])
    assert A.OPTION + 1 not in sc.legal(s)  # two locked advisers and Insomnia would exceed 2
    assert A.OPTION + 2 in sc.legal(s)  # facedown it has no power (the facedown one can go)


@pytest.mark.rule("O7.6.4", "D2")
def test_pied_piper_and_family_wagon_change_the_count():
    s = sc.ready()
    _council(s, 0, "Scouts", "Keep", "Pied Piper")  # four advisers, Pied Piper not counted
    assert invariants.check(s) == []
    s = sc.ready()
    _council(s, 0, "Family Wagon", "Tents", "Rain Boots")  # Nomad advisers ignore the limit
    assert invariants.check(s) == []  # the facedown adviser is the one non-Nomad
    sc.move(s, "Scouts", S.Z_ADVISER, 0, 1)
    assert invariants.check(s) != []  # a second non-Nomad adviser


@pytest.mark.rule("O5.3", "D2")
def test_marriage_counts_as_two_hearth_advisers():
    s = sc.ready()
    _council(s, 0, "Marriage")
    sc.move(s, "Wayside Inn", S.Z_SITE, PLAINS)
    sc.act(s, A.MAJOR + int(D.MajorAction.TRADE), card("Wayside Inn"), A.OPTION + 0)
    assert s["favor"][0] == 2 + 1 + 2


# ---------------------------------------------------------------- the third batch
@pytest.mark.rule("O6.2", "D2")
def test_terror_spells_kill_two_in_your_region_for_the_darkest_secrets_holder():
    s = sc.ready()
    sc.move(s, "Terror Spells", S.Z_ADVISER, 0, 1)
    assert card("Terror Spells") not in sc.legal(s)  # only with the Darkest Secret
    s["ds_holder"] = 0
    sc.act(s, card("Terror Spells"))
    assert sc.legal(s) == [A.SLOT + PLAINS] + [A.SEAT + k for k in range(4)]
    sc.act(s, A.SEAT + 1, A.SLOT + PLAINS)
    assert s["board_warbands"][1] == 2 and s["site_warbands"][PLAINS, S.PURPLE] == 1
    assert s["phase"] == S.PH_ACT


@pytest.mark.rule("O6.2", "D2")
def test_blood_pact_sacrifices_pairs_for_secrets():
    s = sc.ready()
    sc.move(s, "Blood Pact", S.Z_ADVISER, 0, 1)
    s["secrets"][0] = 1
    s["board_warbands"][0] = 5
    s["bank_warbands"][S.PURPLE] -= 2
    sc.act(s, card("Blood Pact"))
    assert sc.legal(s) == [A.NUMBER + 2, A.NUMBER + 4]
    sc.act(s, A.NUMBER + 4)
    assert s["board_warbands"][0] == 1 and s["secrets"][0] == 2 and sc.warbands_of(s, S.PURPLE) == 24


@pytest.mark.rule("O6.2", "D2")
def test_second_chance_and_memory_of_nature():
    s = sc.ready()
    sc.move(s, "Second Chance", S.Z_ADVISER, 0, 1)  # a board of a player with an Order or Discord adviser
    assert card("Second Chance") not in sc.legal(s)  # nobody has a faceup Order or Discord adviser
    sc.move(s, "Scouts", S.Z_ADVISER, 2, 1)
    sc.act(s, card("Second Chance"))
    assert sc.legal(s) == [A.SEAT + 2]
    board = int(s["board_warbands"][0])
    sc.act(s, A.SEAT + 2)
    assert s["board_warbands"][2] == 2 and s["board_warbands"][0] == board + 1
    s = sc.ready()
    sc.move(s, "Memory of Nature", S.Z_ADVISER, 0, 1)
    sc.move(s, "Wolves", S.Z_SITE, PLAINS)  # one Beast card on the map: one favor moves
    sc.act(s, card("Memory of Nature"))
    assert A.SUIT + int(D.Suit.BEAST) not in sc.legal(s)
    sc.act(s, A.SUIT + 0)
    assert s["favor_bank"][int(D.Suit.BEAST)] == 4 and s["phase"] == S.PH_ACT


@pytest.mark.rule("O6.2", "O10")
def test_convoys_and_homesteaders():
    s = sc.ready()
    sc.move(s, "Convoys", S.Z_SITE, PLAINS)
    before = [int(c) for c in s["discard"][1][:s["discard_size"][1]]]
    sc.act(s, card("Convoys"))
    assert sc.legal(s) == [A.OPTION + 1, A.OPTION + 2]
    sc.act(s, A.OPTION + 1)
    assert s["discard_size"][1] == 0 and [int(c) for c in s["discard"][0][1:s["discard_size"][0]]] == before
    s = sc.ready()
    sc.move(s, "Homesteaders", S.Z_ADVISER, 0, 1)
    sc.move(s, "Scouts", S.Z_ADVISER, 0, 1)
    sc.act(s, card("Homesteaders"))
    assert sc.legal(s) == sorted([card("Homesteaders"), card("Scouts")])
    sc.act(s, card("Scouts"))
    assert s["zone"][ID["Scouts"]] == S.Z_SITE and s["where"][ID["Scouts"]] == PLAINS


# ---------------------------------------------------------------- the Reliquary in powers
@pytest.mark.rule("O7.3", "O7.6.1", "O2.3")
def test_royal_ambitions_makes_a_citizen_with_a_reliquary_relic():
    s = sc.ready()
    sc.as_current(s, 1)
    s["site_warbands"][:, S.PURPLE] = 0
    s["site_warbands"][[PLAINS, MOUNTAIN], RED] = 1  # red 2 sites, the Empire none
    s["bank_warbands"][S.PURPLE] += 4
    s["bank_warbands"][RED] -= 2
    keep_and_play(s, "Royal Ambitions", 1)
    sc.act(s, A.OPTION + 0)  # yes
    assert s["side"][1] == S.SIDE_CITIZEN and s["phase"] == S.PH_POWER
    relic = int(s["reliquary"][3])
    sc.act(s, A.OPTION + 3)  # the relic on Greedy, unseen
    assert s["zone"][relic] == S.Z_PERSONAL and s["where"][relic] == 1 and s["reliquary"][3] == 0
    assert s["current"] == 2  # the Act phase ended


@pytest.mark.rule("O6.2", "D4")
def test_skeleton_key_peeks_at_the_reliquary_where_the_chancellor_rules():
    s = sc.ready()
    sc.as_current(s, 1)  # red at the Plains, which the Empire rules
    sc.move(s, "Skeleton Key", S.Z_PERSONAL, 1)  # S, xS
    s["secrets"][1] = 2
    sc.act(s, card("Skeleton Key"), A.OPTION + 1)
    relic = int(s["reliquary"][1])
    assert s["known"][relic] >> 1 & 1 and sc.legal(s) == [A.END, A.OPTION + 0]
    sc.act(s, A.END)  # leave it
    assert s["reliquary"][1] == relic


@pytest.mark.rule("O7.3", "D2")
def test_dissent_collects_favor_per_suit_ruled():
    s = sc.ready()
    s["pf_holder"] = 3
    sc.move(s, "Scouts", S.Z_ADVISER, 1, 1)  # red rules an Order card
    s["favor"][1] = 3
    s["shared_favor"] -= 2
    keep_and_play(s, "Dissent", 0)  # at the Plains; the Chancellor rules Order, Arcane, Nomad, Discord
    assert s["card_favor"][ID["Dissent"]] == 3 + 1 + 0  # the Chancellor 3 of 4 (3 favor), red 1, blue 0
    assert s["favor"][0] == 0 and s["favor"][1] == 2 and s["favor"][3] == 1


@pytest.mark.rule("O7.3", "O7.6.1")
def test_ancient_pact_trades_the_darkest_secret_for_citizenship():
    s = sc.ready()
    sc.as_current(s, 1)
    s["ds_holder"] = 1
    keep_and_play(s, "Ancient Pact", 1)
    sc.act(s, A.OPTION + 0, A.OPTION + 0)  # yes; the relic on Brutal
    assert s["ds_holder"] == 0 and s["side"][1] == S.SIDE_CITIZEN and s["reliquary"][0] == 0


# ---------------------------------------------------------------- False Prophet (D2)
def _vision(name):
    return ID[name] - S.FIRST_VISION


def _prophet_on_rebellion(s):
    """Red (seat 1) plays False Prophet and puts a warband on blue's Rebellion."""
    sc.move(s, "Rebellion", S.Z_VISION_SPACE, 2)
    sc.move(s, "Faith", S.Z_VISION_SPACE, 3)
    sc.move(s, "Conquest", S.Z_VISION_SPACE, 1)  # red's own: nothing to gain there
    sc.as_current(s, 1)
    bank = int(s["bank_warbands"][RED])
    keep_and_play(s, "False Prophet", 1)
    assert s["phase"] == S.PH_POWER and sc.legal(s) == sorted([card("Rebellion"), card("Faith")])
    assert "Rebellion" in sc.legal_names(s)
    before = s.copy()
    with pytest.raises(IllegalActionError):
        sc.act(s, card("Conquest"))
    assert s.tobytes() == before.tobytes()
    sc.act(s, card("Rebellion"))
    assert s["bank_warbands"][RED] == bank - 1 and sc.warbands_of(s, RED) == D.WARBANDS[D.Colour.RED]
    assert s["prophet"][_vision("Rebellion")] == 1 and s["phase"] == S.PH_ACT
    assert invariants.check(s) == []
    saved = state_json.state_to_dict(s)
    assert saved["prophet"][_vision("Rebellion")] == 1
    assert state_json.state_from_dict(saved).tobytes() == s.tobytes()


@pytest.mark.rule("D2", "O9.4")
def test_the_table_shows_a_false_prophet_warband_on_its_vision():
    s = sc.ready()
    before = render.render_text(s)
    _prophet_on_rebellion(s)
    blue_line = next(line for line in render.render_text(s).splitlines() if "seat 2 (blue)" in line)
    assert "Vision Rebellion False Prophet: red" in blue_line
    assert "False Prophet" not in before
    assert render.prophet_note(s, ID["Faith"]) == ""  # no warband on Faith


@pytest.mark.rule("O7.3", "D2", "O3.2")
def test_false_prophet_counts_another_players_vision_as_its_own():
    s = sc.ready()
    _prophet_on_rebellion(s)
    s["pf_holder"], s["pf_tokens"], s["favor"][1] = 1, 2, 1  # red meets Rebellion's goal
    s["visions_drawn"] = 3
    for _ in range(20):
        if s["terminal"]:
            break
        sc.act(s, A.OPTION + 0 if s["phase"] == S.PH_PEOPLES_FAVOR else A.END)
    assert s["winner"] == 1 and s["win_kind"] == S.WIN_VISIONARY  # at red's next Wake
    s = sc.ready()  # the Chancellor is no Exile: nothing happens
    sc.move(s, "Rebellion", S.Z_VISION_SPACE, 2)
    keep_and_play(s, "False Prophet", 1)
    assert s["phase"] == S.PH_ACT and (s["prophet"] == -1).all()


@pytest.mark.rule("O7.3", "D2", "O5.1.4.3")
def test_a_prophesied_vision_replaced_goes_to_the_prophet_as_if_searched():
    s = sc.ready()
    _prophet_on_rebellion(s)
    s["phase"] = S.PH_ACT
    sc.as_current(s, 2)  # blue reveals another Vision: Rebellion is discarded from under red's warband
    bank = int(s["bank_warbands"][RED])
    sc.move(s, "Conquest", S.Z_BOX)
    keep_and_play(s, "Conquest", 3)
    assert s["bank_warbands"][RED] == bank + 1 and s["prophet"][_vision("Rebellion")] == -1
    assert (s["phase"], s["actor"], s["playing"]) == (S.PH_PLAY, 1, ID["Rebellion"])
    assert (s["zone"][ID["Rebellion"]], s["where"][ID["Rebellion"]]) == (S.Z_HAND, 1)
    assert A.OPTION + 3 in sc.legal(s) and "reveal it as your Vision" in sc.legal_names(s)
    sc.act(s, A.OPTION + 3)  # red's own Vision (none now: Conquest went to blue) is Rebellion
    assert (s["zone"][ID["Rebellion"]], s["where"][ID["Rebellion"]]) == (S.Z_VISION_SPACE, 1)
    assert (s["phase"], s["actor"], s["current"]) == (S.PH_ACT, 2, 2)  # blue's turn goes on
    assert invariants.check(s) == []


@pytest.mark.rule("O7.3", "O7.6", "D2")
def test_book_binders_pays_for_a_prophesied_vision_played_in_another_players_turn():
    s = sc.ready()
    _prophet_on_rebellion(s)
    s["phase"] = S.PH_ACT
    sc.as_current(s, 2)
    sc.move(s, "Book Binders", S.Z_ADVISER, 2, 1)
    sc.move(s, "Conquest", S.Z_BOX)
    keep_and_play(s, "Conquest", 3)  # blue's own Vision: its Book Binders pays nothing
    assert (s["phase"], s["actor"]) == (S.PH_PLAY, 1)
    favor = int(s["favor"][2])
    sc.act(s, A.OPTION + 3)  # red reveals Rebellion in blue's turn: blue's Book Binders pays blue
    assert (s["phase"], s["actor"], s["react_card"]) == (S.PH_REACT, 2, ID["Book Binders"])
    sc.act(s, sc.legal(s)[0])
    assert s["favor"][2] == favor + 2 and (s["phase"], s["actor"]) == (S.PH_ACT, 2)


@pytest.mark.rule("O7.3", "D2", "O6.6.2")
def test_a_prophesied_vision_discarded_by_citizenship_kills_the_warband():
    s = sc.ready()
    _prophet_on_rebellion(s)
    sc.as_current(s, 0)
    s["supply"][2] = 2
    sc.act(s, A.OPTION + S.ACT_OFFER, A.SEAT + 2, A.OPTION + 0, A.END, A.END, A.OPTION + 0)  # no bargain, no peek; blue accepts
    assert s["side"][2] == S.SIDE_CITIZEN and s["prophet"][_vision("Rebellion")] == -1
    assert (s["phase"], s["actor"]) == (S.PH_PLAY, 1) and sc.legal(s)[0] == A.END
    sc.act(s, A.END)  # red discards it, as from a Search
    assert s["zone"][ID["Rebellion"]] == S.Z_DISCARD and (s["phase"], s["actor"]) == (S.PH_ACT, 0)
    assert sc.warbands_of(s, RED) == D.WARBANDS[D.Colour.RED] and invariants.check(s) == []


# ---------------------------------------------------------------- one "can do" and one "do" per asking step
def _opcodes(test):
    """The opcodes a switch case tests for: `op == E.OP_X`, or several joined by `or`."""
    parts = test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or) else [test]
    for part in parts:
        assert isinstance(part, ast.Compare) and ast.unparse(part.left) == "op", ast.unparse(test)
    return [ast.unparse(part.comparators[0]) for part in parts]


def _switch_cases(name):
    """{opcode constant: the function its case calls} for a switch of rules/powers.py (plain
    `if`s that return, or one if/elif chain)."""
    tree = ast.parse(inspect.getsource(powers))
    switch = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == name)
    cases = {}
    nodes = [n for n in switch.body if isinstance(n, ast.If)]
    while nodes:
        node = nodes.pop(0)
        (call,) = node.body
        for constant in _opcodes(node.test):
            assert constant not in cases, f"{name} has two cases for {constant}"
            cases[constant] = call.value.func.id
        nodes += [n for n in node.orelse if isinstance(n, ast.If)]
    return cases


def test_every_asking_step_has_one_pair_named_alike_in_both_switches():
    """`choices` (can do) and `resolve` (do) handle the same opcodes, each through its own
    `_<step>_choices` / `_<step>` pair, and every opcode that can ask a decision is there."""
    asked = _switch_cases("choices")
    answered = _switch_cases("resolve")
    assert set(asked) == set(answered), set(asked) ^ set(answered)
    for constant, function in answered.items():
        assert asked[constant] == f"{function}_choices", (constant, asked[constant], function)
        assert callable(getattr(powers, function)) and callable(getattr(powers, asked[constant]))
    tree = ast.parse(inspect.getsource(powers.decision_of.py_func if hasattr(powers.decision_of, "py_func")
                                       else powers.decision_of))
    asking = {ast.unparse(n) for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr.startswith("OP_")}
    assert asking == set(asked), asking ^ set(asked)


def test_opcode_constants_are_named_from_the_table():
    for name, code in E.OP.items():
        assert getattr(E, f"OP_{name.upper()}") == code, name
    assert sorted(E.OP.values()) == list(range(min(E.OP.values()), min(E.OP.values()) + len(E.OP)))
