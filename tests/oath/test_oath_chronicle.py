"""The Chronicle between games (O8): each step on a finished tutorial table (seat 0 purple, then
red, blue, yellow; the Chancellor rules the Plains, the Mountain and the Rocky Coast), and
chronicles of whole games."""

from __future__ import annotations

import pytest

from meeplegym.agents import RandomAgent
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath import engine
from meeplegym.envs.oath import state as S
from meeplegym.envs.oath.chronicle import ChronicleState
from meeplegym.envs.oath.chronicle_play import play_chronicle
from meeplegym.envs.oath.chronicle_step import chronicle_log, chronicle_step
from meeplegym.errors import InvalidOptionError, InvalidStateError
from tests.oath import scenario as sc
from tests.oath.scenario import ID, MOUNTAIN, PLAINS, ROCKY_COAST
from tests.oath.test_oath_persistent import edifice

RED, BLUE, YELLOW = 1, 2, 3  # seats
RED_COLOUR, YELLOW_COLOUR = int(D.Colour.RED), int(D.Colour.YELLOW)


def finished(winner=0, kind=S.WIN_STABLE_REGIME):
    """The tutorial table ended at once, every adviser kept at setup shuffled back into the world
    deck (so that each test names the advisers it means)."""
    s = sc.ready()
    s["terminal"], s["winner"], s["win_kind"], s["phase"] = 1, winner, kind, S.PH_GAME_OVER
    for c in range(1, S.FIRST_EDIFICE):
        if s["zone"][c] == S.Z_ADVISER:
            sc.world_top(s, c)
    return s


def answers(**by_kind):
    """A chooser answering each kind of decision with the first option containing the given
    words, and failing on any decision it was not told about (so a test sees what is asked)."""
    asked = []
    by_kind.setdefault("suit", "Discord")  # with no advisers any suit may be named

    def choose(decision):
        asked.append(decision)
        words = by_kind[decision.kind]
        return next(k for k, option in enumerate(decision.options) if words in option)

    choose.asked = asked
    return choose


def usurping_red(s):
    """Red, an Exile, holds the title on its Usurper side and rules the Rocky Coast."""
    s["title_holder"], s["usurper"] = RED, 1
    s["site_warbands"][ROCKY_COAST, S.PURPLE] = 0
    s["site_warbands"][ROCKY_COAST, RED_COLOUR] = 2
    return s


def sites(chronicle):
    return [(e.site, e.faceup, e.cards, e.relics) for e in chronicle.sites]


def denizens_everywhere(chronicle):
    """Every denizen named in a ChronicleState, with how often."""
    named = chronicle.world_deck + chronicle.dispossessed + [c for e in chronicle.sites for c in e.cards]
    return [n for n in named if n in S.CARD_IDS and S.card_kind(S.CARD_IDS[n]) == "denizen"]


# ---------------------------------------------------------------- O8.1
@pytest.mark.rule("O8.1", "O3.2", "D5")
def test_a_win_only_through_a_vision_vows_its_oath_without_asking():
    s = finished(RED, S.WIN_VISIONARY)
    sc.move(s, "Faith", S.Z_VISION_SPACE, RED)
    choose = answers(offer="do not", suit="Order")
    assert chronicle_step(s, choose).oath == "Devotion" and "oath" not in {d.kind for d in choose.asked}


@pytest.mark.rule("O8.1", "O8.10", "D8")
def test_any_other_win_lets_the_winner_vow_any_other_oath():
    s = usurping_red(finished(RED, S.WIN_USURPER))
    sc.move(s, "Faith", S.Z_VISION_SPACE, RED)  # a Vision met too would make it several ways
    choose = answers(oath="Devotion", offer="do not")
    assert chronicle_step(s, choose).oath == "Devotion"
    oath = next(d for d in choose.asked if d.kind == "oath")
    assert oath.seat == RED and oath.colour == "red" and set(oath.options) == {"The People", "Devotion", "Protection"}


# ---------------------------------------------------------------- O8.2
@pytest.mark.rule("O8.2", "O6.6")
def test_an_exile_winner_flips_the_citizens_and_may_make_other_exiles_citizens():
    for answer in ("accept", "decline"):
        s = usurping_red(finished(RED, S.WIN_USURPER))
        s["site_warbands"][ROCKY_COAST, RED_COLOUR] = 0
        s["site_warbands"][ROCKY_COAST, YELLOW_COLOUR] = 3  # yellow rules it, red no site
        s["side"][BLUE] = S.SIDE_CITIZEN
        choose = answers(oath="Devotion", offer="offer it", answer=answer)
        chronicle = chronicle_step(s, choose)
        offered = [d.colour for d in choose.asked if d.kind == "answer"]
        assert offered == ["yellow"]  # blue was just flipped: no offer
        assert chronicle.citizens == (["yellow"] if answer == "accept" else [])
        # yellow's site became red's, so it is the one the winner keeps (O8.3.2)
        kept = [e.site for e in chronicle.sites if e.cards]
        assert kept == (["Rocky Coast"] if answer == "accept" else [])
        assert chronicle.previous_winner == "red"


@pytest.mark.rule("O8.2", "O8.7")
def test_an_imperial_winner_offers_nothing_and_boards_keep_their_side():
    s = finished(0)
    s["side"][BLUE] = S.SIDE_CITIZEN
    choose = answers(oath="People", build="neither")
    assert chronicle_step(s, choose).citizens == ["blue"]
    assert {d.kind for d in choose.asked} == {"oath", "build", "suit"}


# ---------------------------------------------------------------- O8.3
@pytest.mark.rule("O8.3", "O8.3.5")
def test_the_winners_sites_are_pushed_inward_and_each_region_gets_a_faceup_site():
    s = finished(0)  # purple rules the three faceup sites
    chronicle = chronicle_step(s, answers(oath="People", build="neither"))
    got = sites(chronicle)
    assert got[0][:3] == ("Plains", True, ["Longbows"])
    assert got[1][:3] == ("Mountain", True, ["Taming Charm"]) and got[1][3] == ["Ivory Eye"]
    assert got[2][:3] == ("Rocky Coast", True, ["Elders"])  # pulled from the Hinterland
    assert [faceup for _, faceup, _, _ in got[3:]] == [False, False, True, False, False]  # the Hinterland's top
    assert len({e.site for e in chronicle.sites}) == 8


@pytest.mark.rule("O8.3", "O8.3.2", "O8.3.3", "O8.3.5")
def test_unruled_sites_go_and_intact_edifices_there_fall_to_ruins_at_the_bottom_of_the_map():
    s = usurping_red(finished(RED, S.WIN_USURPER))
    edifice(s, "Sprawling Rampart", PLAINS)  # intact, not red's: ruined, Longbows discarded
    edifice(s, "Hall of Debate", MOUNTAIN)
    ivory = ID["Ivory Eye"]
    chronicle = chronicle_step(s, answers(oath="Devotion", offer="do not", suit="Order"))
    got = sites(chronicle)
    assert got[0] == ("Rocky Coast", True, ["Elders"], [])
    # the set-aside ruins fill the Hinterland from the bottom, the last set aside lowest
    assert got[7] == ("Mountain", True, ["Hall of Mockery"], ["Ivory Eye"])
    assert got[6] == ("Plains", True, ["Bandit Rampart"], [])
    assert [faceup for _, faceup, _, _ in got[1:6]] == [False, True, False, False, False]  # the Provinces' top
    assert "Longbows" not in [c for e in chronicle.sites for c in e.cards] and ivory


@pytest.mark.rule("O8.3.1", "O8.8", "D3")
def test_an_imperial_winner_builds_an_edifice_of_the_denizens_suit_or_repairs_a_ruin():
    s = finished(0)
    choose = answers(oath="People", build="build")
    chronicle = chronicle_step(s, choose)
    build = next(d for d in choose.asked if d.kind == "build")
    # Longbows (Order), Taming Charm (Arcane), Elders (Nomad): one edifice for each
    assert set(build.options) == {"neither", "build Sprawling Rampart at Plains in place of Longbows",
                                  "build Great Spire at Mountain in place of Taming Charm",
                                  "build Ancient Forge at Rocky Coast in place of Elders"}
    assert chronicle.sites[0].cards == ["Sprawling Rampart"] and "Longbows" in chronicle.world_deck
    s = finished(0)
    edifice(s, "Bandit Rampart", MOUNTAIN)
    choose = answers(oath="People", build="repair")
    chronicle = chronicle_step(s, choose)
    assert "repair Sprawling Rampart at Mountain" in next(d for d in choose.asked if d.kind == "build").options
    assert chronicle.sites[1].cards == ["Taming Charm", "Sprawling Rampart"]


@pytest.mark.rule("O8.3", "D3", "O7.7")
def test_forest_temple_makes_every_site_with_a_beast_the_winners_unless_the_table_leaves_it_blank():
    for reconstructed in (1, 0):
        s = usurping_red(finished(RED, S.WIN_USURPER))
        s["reconstructed"] = reconstructed
        edifice(s, "Forest Temple", PLAINS)  # purple's: it falls to ruins
        sc.move(s, "Rangers", S.Z_SITE, MOUNTAIN)  # a Beast
        chronicle = chronicle_step(s, answers(oath="Devotion", offer="do not", suit="Order"))
        mountain = next(e for e in chronicle.sites if e.site == "Mountain")
        # with the temple the Mountain counts as red's and keeps its cards
        assert (mountain.cards == ["Taming Charm", "Rangers"]) == bool(reconstructed)


# ---------------------------------------------------------------- O8.4, O8.5, O8.8
@pytest.mark.rule("O8.4", "O0.2")
def test_six_archive_cards_join_three_two_one_from_the_winners_most_common_suit_in_bank_order():
    s = usurping_red(finished(RED, S.WIN_USURPER))
    for name in ("Rangers", "Wolves", "Scouts"):  # Beast, Beast, Order
        sc.move(s, name, S.Z_ADVISER, RED)
    archive = {c for c in range(1, S.FIRST_EDIFICE) if s["zone"][c] == S.Z_ARCHIVE}
    chronicle = chronicle_step(s, answers(oath="Devotion", offer="do not"))
    added = [S.CARD_IDS[n] for n in chronicle.world_deck if S.CARD_IDS[n] in archive]
    suits = sorted(D.DENIZEN_BY_NUMBER[c].suit.name for c in added)
    assert suits == ["BEAST"] * 3 + ["DISCORD"] + ["NOMAD"] * 2


@pytest.mark.rule("O8.4", "O8.10")
def test_the_winner_breaks_a_tie_for_the_most_common_suit():
    s = finished(0)
    for name in ("Rangers", "Scouts"):  # Beast, Order
        sc.move(s, name, S.Z_ADVISER, 0)
    choose = answers(oath="People", build="neither", suit="Order")
    chronicle_step(s, choose)
    assert next(d for d in choose.asked if d.kind == "suit").options == ("Order", "Beast")


@pytest.mark.rule("O8.4", "O8.5")
def test_an_archive_that_runs_short_is_healed_from_the_largest_dispossessed_suit():
    s = finished(0)
    for name in ("Rangers",):  # Beast is the most common suit
        sc.move(s, name, S.Z_ADVISER, 0)
    beasts = [c for c in range(1, S.FIRST_EDIFICE)
              if s["zone"][c] == S.Z_ARCHIVE and D.DENIZEN_BY_NUMBER[c].suit == D.Suit.BEAST]
    for c in beasts[:-2]:  # two Beasts left in the Archive: three cannot be drawn
        s["zone"][c] = S.Z_DISPOSSESSED
    hearths = [c for c in range(1, S.FIRST_EDIFICE)
               if s["zone"][c] == S.Z_ARCHIVE and D.DENIZEN_BY_NUMBER[c].suit == D.Suit.HEARTH][:3]
    for c in hearths:
        s["zone"][c] = S.Z_DISPOSSESSED
    chronicle = chronicle_step(s, answers(oath="People", build="neither"))
    deck = {S.CARD_IDS[n] for n in chronicle.world_deck}
    assert len(deck & set(beasts[:-2])) == 6 and not deck & set(hearths)
    assert len(chronicle.dispossessed) == 6  # the healed ones went back; O8.5 adds six
    ev = engine.new_game(4, 0, chronicle, colours=sc.COLOURS[:3])[0]
    assert all(ev["zone"][c] == S.Z_ARCHIVE for c in hearths)


@pytest.mark.rule("O8.5", "O8.8", "O8.9")
def test_six_discards_or_losers_advisers_go_to_the_dispossessed_and_the_deck_holds_the_visions_in_place():
    s = usurping_red(finished(RED, S.WIN_USURPER))
    sc.move(s, "Scouts", S.Z_ADVISER, BLUE)
    sc.move(s, "Wolves", S.Z_ADVISER, RED)  # the winner's adviser stays in play
    # the discard piles, the losers' advisers, and the cards at the sites red does not rule
    pool = {c for c in range(1, S.FIRST_EDIFICE) if s["zone"][c] in (S.Z_DISCARD, S.Z_ADVISER)} - {ID["Wolves"]}
    pool |= {ID["Longbows"], ID["Taming Charm"]}
    chronicle = chronicle_step(s, answers(oath="Devotion", offer="do not", suit="Beast"))
    gone = {S.CARD_IDS[n] for n in chronicle.dispossessed}
    assert len(gone) == 6 and gone <= pool
    deck = chronicle.world_deck
    visions = {v.name for v in D.VISIONS}
    assert sum(n in visions for n in deck[:12]) == 2 and sum(n in visions for n in deck[12:30]) == 3
    assert "Wolves" in deck
    named = denizens_everywhere(chronicle)
    assert len(named) == len(set(named))  # each denizen once


# ---------------------------------------------------------------- O8.6
@pytest.mark.rule("O8.6")
def test_the_winners_and_the_reliquarys_relics_go_on_top_and_faceup_sites_are_topped_up():
    s = finished(0)
    mine = sc.move(s, "Map", S.Z_PERSONAL, 0)
    lost = sc.move(s, "Whistle", S.Z_PERSONAL, BLUE)
    sc.move(s, "Ivory Eye", S.Z_RELIC_DECK)  # the Mountain (one R) lacks its relic
    reliquary = {int(c) for c in s["reliquary"] if c}
    chronicle = chronicle_step(s, answers(oath="People", build="neither"))
    deck = [S.CARD_IDS[n] for n in chronicle.relic_deck]
    assert set(deck[:5]) == reliquary | {mine} and lost in deck[5:]
    assert S.GRAND_SCEPTER not in deck
    assert len(chronicle.sites[1].relics) == 1  # the Mountain
    held = deck + [S.CARD_IDS[r] for e in chronicle.sites for r in e.relics]
    assert sorted(held) == sorted(set(range(S.FIRST_RELIC, S.FIRST_VISION)) - {S.GRAND_SCEPTER})


# ---------------------------------------------------------------- O8.9, O8.10
@pytest.mark.rule("O8.9", "O8.10", "O1.1")
def test_the_written_chronicle_round_trips_and_sets_the_next_game_up():
    s = usurping_red(finished(RED, S.WIN_USURPER))
    chronicle = chronicle_step(s, answers(oath="Protection", offer="do not", suit="Order"), game_index=3)
    again = ChronicleState.from_json(chronicle.to_json())
    assert again == chronicle and again.game_index == 4 and again.oath == "Protection"
    nxt = engine.new_game(3, 9, again, colours=["yellow", "red"])[0]
    assert nxt["slot_site"][0] == D.SITE_BY_NAME["Rocky Coast"].id and nxt["oath"] == 3
    for name in again.dispossessed:
        assert nxt["zone"][S.CARD_IDS[name]] == S.Z_DISPOSSESSED


@pytest.mark.rule("O8.10")
def test_the_chronicle_is_a_function_of_the_game_and_refuses_a_game_that_goes_on_or_a_bad_answer():
    first, log = chronicle_log(finished(0))
    assert chronicle_step(finished(0)) == first and log[0].startswith("O8.1 purple")
    assert chronicle_step(finished(0), seed=1) != first  # the draws come from the generator
    with pytest.raises(InvalidStateError, match="after a game ends"):
        chronicle_step(sc.ready())
    with pytest.raises(InvalidOptionError, match="option index"):
        chronicle_step(finished(0), lambda d: 7)


@pytest.mark.rule("O8", "O8.10", "O1.1")
def test_a_chronicle_of_twenty_random_games_sets_each_game_up_from_the_last_ones_end():
    agents = [RandomAgent(seed=k) for k in range(4)]
    games = list(play_chronicle(agents, 20, seed=11))
    assert [g.index for g in games] == list(range(1, 21))
    for before, after in zip(games, games[1:]):
        assert after.setup == before.next_setup
        assert after.seats[0] == before.winner  # the winner is the next Chancellor
        assert sorted(after.seats) == [0, 1, 2, 3]
        assert before.next_setup.previous_winner != "" and after.setup.game_index == before.index + 1
        # the new game's map is the one the Chronicle saved (O1.1 step 1)
        s = engine.new_game(4, after.record.seed, after.setup)[0]
        for k, entry in enumerate(after.setup.sites):
            assert D.SITES[int(s["slot_site"][k])].name == entry.site and bool(s["slot_faceup"][k]) == entry.faceup
        named = denizens_everywhere(after.setup)
        assert len(named) == len(set(named))
    grown = [len(g.setup.dispossessed) for g in games]
    assert grown[:3] == [0, 6, 12]  # six a game until the Archive runs short
    for game in games[:2]:  # each record replays to the same end
        env = game.record.make_env()
        env.reset(seed=game.record.seed)
        for a in game.record.actions:
            env.step(a)
        assert env.unwrapped.victory() == game.result.victory


@pytest.mark.rule("O8.9", "O8.10")
def test_the_chronicle_command_records_each_game_and_goes_on_from_a_saved_chronicle(tmp_path):
    from typer.testing import CliRunner

    from meeplegym.cli import app
    from meeplegym.replay import load_record

    runner = CliRunner()
    result = runner.invoke(app, ["chronicle", "--agents", "random,random,random", "--games", "2", "--seed", "3",
                                 "--out", str(tmp_path / "a")])
    assert result.exit_code == 0, result.output
    written = ChronicleState.from_json((tmp_path / "a" / "chronicle-1.json").read_text())
    assert written.game_index == 2
    assert load_record(tmp_path / "a" / "game-2.json").options["setup"] == written.to_json()
    page = tmp_path / "game-2.html"  # a chronicle's game replays in the viewer from its record
    replayed = runner.invoke(app, ["replay", str(tmp_path / "a" / "game-2.json"), "--html", str(page)])
    assert replayed.exit_code == 0, replayed.output
    assert page.read_text().count("data:image/png;base64,") > 10
    result = runner.invoke(app, ["chronicle", "--agents", "random,random,random", "--games", "1",
                                 "--from", str(tmp_path / "a" / "chronicle-1.json"), "--out", str(tmp_path / "b")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "b" / "game-2.json").exists() and (tmp_path / "b" / "chronicle-2.json").exists()
    bad = runner.invoke(app, ["chronicle", "--agents", "random,nobody", "--out", str(tmp_path / "c")])
    assert bad.exit_code != 0 and "nobody" in bad.output
