"""Setup from a ChronicleState (O1.1-O1.3, O8.8): the tutorial fixture card by card, the first
game's built world deck, the Oath's banner, Citizens, and the setup decisions (steps 9, 16, 23)
with their legality."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath import engine
from meeplegym.envs.oath import state as S
from meeplegym.envs.oath.chronicle import ChronicleState, SiteEntry
from meeplegym.errors import IllegalActionError, InvalidOptionError
from tests.oath.scenario import favor_total, warbands_of

ID = S.CARD_IDS


def names(s, zone, where=None):
    return {S.card_name(c) for c in range(1, S.N_CARDS)
            if s["zone"][c] == zone and (where is None or s["where"][c] == where)}


def pile(s, region):
    """A discard pile, bottom first."""
    return [S.card_name(int(c)) for c in s["discard"][region][:s["discard_size"][region]]]


def tutorial():
    return engine.new_game(4, 0, ChronicleState.tutorial(), colours=["red", "blue", "yellow"])[0]


def finish_setup(s, seed=0):
    """Random legal answers to every setup decision."""
    rng = np.random.default_rng(seed)
    while s["phase"] < S.PH_BEGIN_TURN:
        engine.step(s, int(rng.choice(np.flatnonzero(engine.legal_mask(s)))))


# ---------------------------------------------------------------- the tutorial, card by card
@pytest.mark.rule("O1.3", "O1.1")
def test_tutorial_deals_from_the_bottom_of_the_world_deck():
    s = tutorial()
    # step 19: the three bottom cards, one per region (Ancient Binding is the very bottom)
    assert [pile(s, r) for r in range(3)] == [["Ancient Binding"], ["Wayside Inn"], ["Horse Archers"]]
    # step 20: three each, in turn order, continuing up from the bottom
    assert names(s, S.Z_HAND, 0) == {"Forest Paths", "Wolves", "Spirit Snare"}
    assert names(s, S.Z_HAND, 1) == {"Animal Playmates", "Key to the City", "Sleight of Hand"}
    assert names(s, S.Z_HAND, 3) == {"A Small Favor", "Tinker's Fair", "Wrestlers"}
    assert s["world_size"] == 56 - 3 - 12 and S.card_name(int(s["world"][s["world_size"] - 1])) == "Garrison"
    assert s["visions_drawn"] == 0  # no Vision among the bottom fifteen (step 22)
    # step 17: the top four relics cover the Reliquary; the rest stay in order
    assert [S.card_name(int(c)) for c in s["reliquary"]] == list(D.TUTORIAL.relic_deck[:4])
    assert S.card_name(int(s["relic_deck"][s["relic_size"] - 1])) == D.TUTORIAL.relic_deck[4]
    assert s["relic_size"] == 15
    assert names(s, S.Z_SITE, 2) == {"Taming Charm", "Ivory Eye"} and not s["faceup"][ID["Ivory Eye"]]


@pytest.mark.rule("O1.1")
def test_tutorial_tokens_warbands_and_title():
    s = tutorial()
    assert [D.Colour(int(c)).name for c in s["colour"][:4]] == ["PURPLE", "RED", "BLUE", "YELLOW"]
    assert list(s["side"][:4]) == [S.SIDE_CHANCELLOR] + [S.SIDE_EXILE] * 3
    # steps 11 and 15: the Chancellor 2 favor and a secret, the others one of each
    assert list(s["favor"][:4]) == [2, 1, 1, 1] and list(s["secrets"][:4]) == [1, 1, 1, 1]
    assert list(s["favor_bank"]) == [3] * 6 and s["pf_tokens"] == 1 and s["ds_tokens"] == 1
    assert favor_total(s) == D.FAVOR_TOTAL and s["shared_favor"] == 36 - 1 - 18 - 5
    # step 12: 3 on the board, 2 on the top Cradle site, 1 on each other faceup site with a denizen
    assert list(s["site_warbands"][:, S.PURPLE]) == [2, 0, 1, 0, 0, 1, 0, 0]
    assert list(s["board_warbands"][:4]) == [3, 3, 3, 3]
    assert s["bank_warbands"][S.PURPLE] == 24 - 3 - 4 and s["bank_warbands"][D.Colour.RED] == 14 - 3
    assert s["bank_warbands"][D.Colour.WHITE] == 0  # not in this game
    # steps 13-14: Supremacy gives no banner; the Chancellor is the Oathkeeper
    assert s["pf_holder"] == S.NOBODY and s["ds_holder"] == S.NOBODY
    assert s["title_holder"] == S.CHANCELLOR and not s["usurper"]
    assert list(s["supply"][:4]) == [7] * 4
    assert s["zone"][S.GRAND_SCEPTER] == S.Z_PERSONAL and s["where"][S.GRAND_SCEPTER] == S.CHANCELLOR


@pytest.mark.rule("O1.1", "O9.4")
def test_each_player_has_seen_only_their_own_cards():
    s = tutorial()
    for p in range(4):
        for c in range(1, S.N_CARDS):
            if s["zone"][c] == S.Z_HAND:
                assert bool(s["known"][c] >> p & 1) == (s["where"][c] == p)
    assert not any(s["known"][int(c)] for c in s["discard"][0][:1])  # dealt unseen (step 19)


# ---------------------------------------------------------------- step 23
@pytest.mark.rule("O1.1", "O10")
def test_step_23_pawn_adviser_and_discard_order():
    s = tutorial()
    # the Chancellor's pawn is on the top Cradle site without a choice; the first decision is the adviser
    assert s["phase"] == S.PH_SETUP_KEEP and s["pawn"][0] == 0
    engine.step(s, A.CARD + ID["Wolves"])
    assert s["zone"][ID["Wolves"]] == S.Z_ADVISER and not s["faceup"][ID["Wolves"]]
    assert s["phase"] == S.PH_SETUP_DISCARD
    engine.step(s, A.CARD + ID["Spirit Snare"])  # first down, so under Forest Paths
    # from the Cradle, discards go to the Provinces pile (O10 Discard)
    assert pile(s, 1) == ["Wayside Inn", "Spirit Snare", "Forest Paths"]
    assert s["phase"] == S.PH_SETUP_PAWN and s["actor"] == 1
    before = s.copy()
    with pytest.raises(IllegalActionError):
        engine.step(s, A.SLOT + 1)  # a facedown site
    assert s.tobytes() == before.tobytes()
    engine.step(s, A.SLOT + 5)  # Rocky Coast, in the Hinterland
    engine.step(s, A.CARD + ID["Sleight of Hand"])
    engine.step(s, A.CARD + ID["Animal Playmates"])
    assert pile(s, 0) == ["Ancient Binding", "Animal Playmates", "Key to the City"]  # Hinterland -> Cradle
    finish_setup(s)
    assert s["phase"] == S.PH_ACT and s["actor"] == 0 and s["round"] == 1  # the first Wake ran on by itself
    assert all(s["pawn"][p] >= 0 and s["slot_faceup"][s["pawn"][p]] for p in range(4))
    assert Counter(int(s["where"][c]) for c in range(1, S.N_CARDS) if s["zone"][c] == S.Z_ADVISER) == {
        0: 1, 1: 1, 2: 1, 3: 1}
    assert sum(int(x) for x in s["discard_size"]) == 3 + 4 * 2


# ---------------------------------------------------------------- the first game (O1.2)
@pytest.mark.rule("O1.2", "O8.8")
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_first_game_world_deck_is_built_per_o8_8(n):
    s = engine.new_game(n, 10 + n, colours=["red", "brown", "blue", "yellow", "white"][:n - 1])[0]
    # all 51 starting denizens not on the map and the five Visions, from the world deck or dealt
    dealt = {c for c in range(1, S.N_CARDS) if s["zone"][c] in (S.Z_WORLD_DECK, S.Z_DISCARD, S.Z_HAND)}
    assert dealt == (set(D.STARTING_DECK) - {4, 26, 37}) | set(range(S.FIRST_VISION, S.N_CARDS))
    # Visions: 2 in the top 12 and 3 in the next 18; the bottom 26 are denizens, so setup draws none
    top_first = [int(c) for c in s["world"][:s["world_size"]][::-1]]
    visions = [k for k, c in enumerate(top_first) if c >= S.FIRST_VISION]
    assert sum(k < 12 for k in visions) == 2 and sum(12 <= k < 30 for k in visions) == 3
    assert s["visions_drawn"] == 0
    # the Mountain is dealt its one relic; four cover the Reliquary; the Scepter is the Chancellor's
    assert sum(1 for c in range(S.FIRST_RELIC, S.FIRST_VISION) if s["zone"][c] == S.Z_SITE) == 1
    assert s["relic_size"] == 20 - 1 - 4
    archive = [c for c in range(1, S.FIRST_RELIC) if s["zone"][c] == S.Z_ARCHIVE]
    assert len(archive) == 144 + 6
    assert favor_total(s) == D.FAVOR_TOTAL
    assert list(s["favor_bank"]) == [D.favor_per_bank(n)] * 6
    for colour in [S.PURPLE] + [int(c) for c in s["colour"][1:n]]:
        assert warbands_of(s, colour) == D.WARBANDS[D.Colour(colour)]


@pytest.mark.rule("O1.2")
def test_first_game_facedown_sites_are_dealt_at_random():
    fixed = {"Plains", "Mountain", "Rocky Coast"}
    deals = set()
    for seed in range(6):
        s = engine.new_game(2, seed, colours=["red"])[0]
        sites = [D.SITES[int(x)].name for x in s["slot_site"]]
        assert len(set(sites)) == 8 and [sites[0], sites[2], sites[5]] == ["Plains", "Mountain", "Rocky Coast"]
        assert sum(s["slot_faceup"]) == 3
        deals.add(tuple(sites))
        assert not fixed & {sites[k] for k in (1, 3, 4, 6, 7)}
    assert len(deals) > 1
    a, b = engine.new_game(2, 7, colours=["red"])[0], engine.new_game(2, 7, colours=["red"])[0]
    assert a.tobytes() == b.tobytes()  # one seed, one table


# ---------------------------------------------------------------- chronicled sides and Oaths
@pytest.mark.rule("O1.1", "D8")
@pytest.mark.parametrize("oath, holder", [("The People", "pf_holder"), ("Devotion", "ds_holder")])
def test_the_oath_hands_the_chancellor_its_banner(oath, holder):
    chronicle = ChronicleState.first_game()
    chronicle.oath = oath
    s = engine.new_game(3, 0, chronicle, colours=["red", "blue"])[0]
    assert s[holder] == S.CHANCELLOR
    other = "ds_holder" if holder == "pf_holder" else "pf_holder"
    assert s[other] == S.NOBODY and s["oath"] == D.OATHS.index(D.OATH_BY_NAME[oath])


@pytest.mark.rule("O1.1", "O6.6.3")
def test_a_citizen_board_starts_with_purple_warbands():
    chronicle = ChronicleState.first_game()
    chronicle.citizens = ["red"]
    s = engine.new_game(3, 0, chronicle, colours=["red", "blue"])[0]
    assert list(s["side"][:3]) == [S.SIDE_CHANCELLOR, S.SIDE_CITIZEN, S.SIDE_EXILE]
    assert s["board_warbands"][1] == 3
    assert s["bank_warbands"][D.Colour.RED] == 14  # its own warbands stay in the bank
    assert s["bank_warbands"][S.PURPLE] == 24 - 3 - 4 - 3
    assert warbands_of(s, S.PURPLE) == 24 and warbands_of(s, int(D.Colour.RED)) == 14


@pytest.mark.rule("O1.1", "O11")
def test_step_9_boards_are_chosen_in_turn_order():
    chronicle = ChronicleState.first_game()
    chronicle.citizens = ["blue"]
    s = engine.new_game(3, 0, chronicle)[0]
    assert s["phase"] == S.PH_SETUP_BOARD and s["actor"] == 1
    assert np.flatnonzero(engine.legal_mask(s)).tolist() == [A.OPTION + c for c in range(1, 6)]
    engine.step(s, A.OPTION + int(D.Colour.BLUE))
    before = s.copy()
    with pytest.raises(IllegalActionError):
        engine.step(s, A.OPTION + int(D.Colour.BLUE))  # taken
    assert s.tobytes() == before.tobytes()
    engine.step(s, A.OPTION + int(D.Colour.WHITE))
    assert list(s["side"][:3]) == [S.SIDE_CHANCELLOR, S.SIDE_CITIZEN, S.SIDE_EXILE]
    assert s["phase"] == S.PH_SETUP_KEEP and s["favor"][2] == 1  # steps 10-22 ran after the last board


@pytest.mark.rule("O1.1")
def test_step_16_the_chancellor_places_favor_that_runs_short():
    chronicle = ChronicleState.first_game()
    chronicle.sites[1] = SiteEntry("Mine", True)  # 3 favor
    chronicle.sites[3] = SiteEntry("Salt Flats", True)  # 2 favor and a secret
    s = engine.new_game(6, 0, chronicle, colours=["red", "brown", "blue", "yellow", "white"])[0]
    # 36 - 1 (People's Favor) - 24 (banks) - 2 - 5 (players) leaves 4 for 5 owed
    assert s["phase"] == S.PH_SETUP_FAVOR and s["actor"] == 0 and s["shared_favor"] == 4
    assert s["slot_secrets"][3] == 1  # secrets never run short (O9.3)
    assert np.flatnonzero(engine.legal_mask(s)).tolist() == [A.SLOT + 1, A.SLOT + 3]
    engine.step(s, A.SLOT + 3)
    engine.step(s, A.SLOT + 3)
    # Salt Flats is owed only 2: the rest can only go to the Mine
    assert s["slot_favor"][3] == 2 and np.flatnonzero(engine.legal_mask(s)).tolist() == [A.SLOT + 1]
    engine.step(s, A.SLOT + 1)
    engine.step(s, A.SLOT + 1)
    assert s["shared_favor"] == 0 and s["slot_favor"][1] == 2 and s["phase"] == S.PH_SETUP_KEEP
    assert favor_total(s) == D.FAVOR_TOTAL
    # step 12: a faceup site with no denizen gets no warband
    assert s["site_warbands"][1, S.PURPLE] == 0 and s["site_warbands"][3, S.PURPLE] == 0


# ---------------------------------------------------------------- bad input
@pytest.mark.rule("O8.9")
def test_chronicle_state_round_trips_through_json():
    chronicle = ChronicleState.tutorial()
    chronicle.citizens = ["yellow"]
    again = ChronicleState.from_json(chronicle.to_json())
    assert again == chronicle
    a = engine.new_game(4, 5, chronicle, colours=["red", "blue", "yellow"])[0]
    b = engine.new_game(4, 5, again, colours=["red", "blue", "yellow"])[0]
    assert a.tobytes() == b.tobytes()


def _bad(change):
    chronicle = ChronicleState.tutorial()
    change(chronicle)
    return chronicle


@pytest.mark.parametrize("chronicle, colours, n", [
    (_bad(lambda c: setattr(c, "oath", "Greed")), None, 4),
    (_bad(lambda c: setattr(c, "citizens", ["purple"])), None, 4),
    (_bad(lambda c: c.sites.__setitem__(1, SiteEntry("Atlantis"))), None, 4),
    (_bad(lambda c: c.sites.__setitem__(1, SiteEntry("Plains"))), None, 4),  # twice on the map
    (_bad(lambda c: c.sites.__setitem__(1, SiteEntry("River", False, ["Wolves"]))), None, 4),  # facedown
    (_bad(lambda c: c.sites.__setitem__(1, SiteEntry("River", True, ["Longbows"]))), None, 4),  # twice
    (_bad(lambda c: c.sites.__setitem__(1, SiteEntry("Wastes", True, ["Wolves", "Scouts"]))), None, 4),  # capacity
    (_bad(lambda c: setattr(c, "world_deck", c.world_deck[:20])), None, 4),  # no Visions left in it
    (_bad(lambda c: setattr(c, "world_deck", c.world_deck[:4] + list(D.VISION_BY_NAME))), None, 4),  # 9 < 15
    (_bad(lambda c: c.sites.__setitem__(0, SiteEntry("Plains"))), None, 4),  # no faceup Cradle site
    (ChronicleState.tutorial(), ["red", "red", "blue"], 4),
    (ChronicleState.tutorial(), ["red", "green", "blue"], 4),
    (ChronicleState.tutorial(), ["red"], 4),
    (ChronicleState.tutorial(), None, 7),
])
def test_bad_chronicles_and_options_fail_at_construction(chronicle, colours, n):
    with pytest.raises(InvalidOptionError):
        engine.new_game(n, 0, chronicle, colours=colours)


def test_action_names():
    s = tutorial()
    assert A.action_to_str(A.SLOT + 0, s) == "Plains (Cradle 1)"
    assert A.action_to_str(A.SLOT + 1, s) == "facedown site (Cradle 2)"  # its name is hidden (O9.4)
    assert A.action_to_str(A.CARD + 231) == "Grand Scepter"
    assert A.action_to_str(A.MAJOR + 4) == "Campaign" and A.action_to_str(A.SUIT + 5) == "Nomad bank"
    assert A.action_to_str(A.SEAT + 1, s) == "seat 1 (red)"
    assert A.action_to_str(A.END, s) == "end / decline"  # the adviser choice has no END
    t = engine.new_game(3, 0)[0]
    assert A.action_to_str(A.OPTION + 2, t) == "take the brown board (Exile)"
    assert {A.block_of(a)[0] for a in range(A.N_ACTIONS)} == {
        "end", "option", "major", "slot", "seat", "suit", "number", "facedown", "card"}
    with pytest.raises(ValueError):
        A.block_of(A.N_ACTIONS)
