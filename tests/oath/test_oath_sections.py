"""Spec sections that no other rules test cites: the conventions (O0.1 term map, O0.2 fixed
orderings, O0.4 source keys), player counts (O1.4), the denizen and Vision decks (O2.6, O2.7),
the goal references (O2.10), the Usurper win (O3.1) and the classification of card powers
(O7.7). Each checks the engine, or the data against the spec's own tables (those skip when the
spec is not beside the checkout, as in test_oath_data.py)."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from meeplegym.envs import oath_v0
from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath import effects as E
from meeplegym.envs.oath import engine
from meeplegym.envs.oath import state as S
from meeplegym.envs.oath.rules import board as BD
from meeplegym.envs.oath.rules import modifiers as MO
from meeplegym.envs.oath.rules import turn
from meeplegym.errors import InvalidOptionError
from tests.oath import scenario as sc
from tests.oath.coverage_helpers import (
    RECOVER, SEARCH, SPEC_PATH, give_site, needs_spec, search_keep, set_favor, spec_abilities, spec_table,
)
from tests.oath.scenario import ID, MOUNTAIN, PLAINS, ROCKY_COAST

RED = int(D.Colour.RED)
G = D.GoalKind


def spec_section(heading: str) -> str:
    """The spec's text from the line starting with `heading` to the next heading."""
    text = SPEC_PATH.read_text(encoding="utf-8")
    start = text.index("\n" + heading) + 1
    end = re.compile(r"\n#{2,4} ").search(text, start + len(heading))
    return text[start:end.start() if end else None]


# ---------------------------------------------------------------- O0.1 term map
@needs_spec
@pytest.mark.rule("O0.1")
def test_the_engine_speaks_the_term_maps_english_terms():
    """The suits, the six major actions and the three board sides are named as the term map
    names them, in the data and in the action names the env shows."""
    section = spec_section("### O0.1")
    suits = re.search(r"suits: ([\w, ]+)", section).group(1).strip().split(", ")
    assert [s.name.title() for s in D.Suit] == suits
    actions = re.findall(r"\*\*(\w+)\*\*(?: \(major action\))?", section)
    assert [a.name.title() for a in D.MajorAction] == actions
    s = sc.ready()
    assert [A.action_to_str(A.MAJOR + int(a), s) for a in D.MajorAction] == actions
    assert [A.action_to_str(A.SUIT + int(b), s) for b in D.Suit] == [f"{name} bank" for name in suits]
    for side in S.SIDE_NAMES:
        assert f"| {side} |" in section


# ---------------------------------------------------------------- O0.2 fixed orderings
@pytest.mark.rule("O0.2")
def test_slots_run_cradle_provinces_hinterland_top_to_bottom():
    """Slots 0-7 are Cradle 1-2, Provinces 1-3, Hinterland 1-3, in the data and in the names the
    env gives them."""
    s = sc.ready()
    names = [re.search(r"\((\w+ \d)\)", A.action_to_str(A.SLOT + k, s)).group(1) for k in range(D.SLOTS)]
    assert names == ["Cradle 1", "Cradle 2", "Provinces 1", "Provinces 2", "Provinces 3",
                     "Hinterland 1", "Hinterland 2", "Hinterland 3"]
    assert [D.Region(r).name.title() for r in D.SLOT_REGION] == [n.split()[0] for n in names]


@pytest.mark.rule("O0.2", "O10", "O5.1.3")
@pytest.mark.parametrize("at, pile", [(PLAINS, D.Region.PROVINCES), (MOUNTAIN, D.Region.HINTERLAND),
                                      (ROCKY_COAST, D.Region.CRADLE)], ids=["cradle", "provinces", "hinterland"])
def test_discards_go_one_region_outward_and_the_hinterland_wraps_to_the_cradle(at, pile):
    """A Search's discards land on the pile one region outward of the searcher's pawn; from the
    Hinterland that is the Cradle's pile."""
    s = sc.ready()
    s["pawn"][0] = at
    sc.world_top(s, "Wrestlers", "Keep")
    sizes = s["discard_size"].copy()
    search_keep(s, "Scouts")  # Scouts on top of those two: kept, they are discarded
    grown = (s["discard_size"] - sizes).tolist()
    assert grown == [2 * (r == pile) for r in range(3)]
    landed = s["discard"][pile][sizes[pile]:s["discard_size"][pile]]
    assert {S.card_name(int(c)) for c in landed} == {"Wrestlers", "Keep"}


@pytest.mark.rule("O0.2", "O4")
def test_turns_go_clockwise_from_the_purple_chancellor():
    """Seat 0 is the purple Chancellor; turns pass 0, 1, 2, 3 and the round advances after the
    last seat."""
    s = sc.ready()
    assert s["colour"][0] == S.PURPLE and s["side"][0] == S.SIDE_CHANCELLOR
    assert S.PURPLE not in s["colour"][1:s["n_players"]].tolist()
    seen = []
    for _ in range(4):
        sc.act(s, A.END)
        seen.append((int(s["current"]), int(s["round"])))
    assert seen == [(1, 1), (2, 1), (3, 1), (0, 2)]


@needs_spec
@pytest.mark.rule("O0.2")
def test_suits_and_favor_banks_follow_the_spec_order():
    """The suit enum, the favor banks and the People's Favor's bank order all follow the spec's
    Discord -> Arcane -> Order -> Hearth -> Beast -> Nomad order."""
    order = re.search(r"\*\*Suit / favor-bank order\*\*[^:]*: ([^.(]+)", spec_section("### O0.2")).group(1)
    assert [w.strip() for w in order.split("→") if w.strip()] == [s.name.title() for s in D.Suit]
    # the returned favor of a recovered People's Favor goes round in that order, wrapping (O5.4.4)
    s = sc.ready()
    s["shared_favor"] += int(s["favor_bank"].sum()) - 4  # empty banks; 4 more favor on the banner
    s["favor_bank"][:] = 0
    s["pf_tokens"], s["pf_holder"] = 5, 2
    set_favor(s, 0, 6)
    sc.act(s, RECOVER, A.OPTION + 0, A.NUMBER + 6, A.SUIT + int(D.Suit.HEARTH))
    assert s["favor_bank"].tolist() == [1, 1, 0, 1, 1, 1]  # Hearth, Beast, Nomad, Discord, Arcane
    assert sc.favor_total(s) == D.FAVOR_TOTAL


# ---------------------------------------------------------------- O0.4 source keys
@needs_spec
@pytest.mark.rule("O0.4")
def test_data_cites_only_the_specs_sections_and_source_keys():
    """Every record names a spec table that exists, and every source the engine defaults (D10)
    and the data module cite is one of the O0.4 keys."""
    text = SPEC_PATH.read_text(encoding="utf-8")
    headings = set(re.findall(r"^#{2,4} ((?:[DO]\d+)(?:\.\d+)*)", text, re.M))
    records = [*D.SITES, *D.DENIZENS, *D.EDIFICE_FACES, *D.RELICS, *D.VISIONS, *D.BANNERS, *D.RELIQUARY,
               *D.OATHS, D.FIRST_GAME, D.TUTORIAL]
    assert {r.source for r in records} <= headings
    keys = set(re.findall(r"`\[([A-Z-]+)\]`", spec_section("### O0.4")))
    assert {"SEED", "LAW-EN", "TTS", "LC", "OD", "LG", "TSX"} <= keys
    cited = {w for row in D.ENGINE_DEFAULTS for w in re.findall(r"\b[A-Z][A-Z-]+\b", row.finding + " " + row.default)}
    module = re.findall(r"\b(TTS|LC|TSX|OD|LG|LAW-EN|SEED)\b", open(D.__file__, encoding="utf-8").read())
    assert cited <= keys and set(module) <= keys


# ---------------------------------------------------------------- O1.4 player counts
@pytest.mark.rule("O1.4")
@pytest.mark.parametrize("n", [1, 7])
def test_the_env_refuses_one_or_seven_players(n):
    """Only 2-6 players: the env and the engine refuse 1 (no solo bot) and 7."""
    with pytest.raises(InvalidOptionError):
        oath_v0.env(num_players=n)
    with pytest.raises(InvalidOptionError):
        engine.new_game(n, 0)


@pytest.mark.rule("O1.4", "O1.1")
@pytest.mark.parametrize("n, per_bank", [(2, 3), (3, 3), (4, 3), (5, 4), (6, 4)])
def test_each_player_count_sets_up_with_its_favor_per_bank(n, per_bank):
    """2-4 players put 3 favor in each bank, 5-6 players 4; one Chancellor and n - 1 others."""
    s = sc.new(n)
    assert s["n_players"] == n and s["favor_bank"].tolist() == [per_bank] * 6
    assert s["side"][:n].tolist() == [S.SIDE_CHANCELLOR] + [S.SIDE_EXILE] * (n - 1)
    assert sc.favor_total(s) == D.FAVOR_TOTAL


# ---------------------------------------------------------------- O2.6 denizens, O2.7 Visions
@pytest.mark.rule("O2.6", "O1.2")
@pytest.mark.parametrize("n", [2, 6])
def test_a_game_holds_all_198_denizens_33_of_each_suit(n):
    """After setup every denizen is somewhere in play or in the Archive (Nos. 55-198), none in
    the box, and the engine gives each the suit of its table: 33 per suit."""
    s = sc.new(n)
    denizens = range(1, 199)
    assert all(s["zone"][c] != S.Z_BOX for c in denizens)
    assert sorted(c for c in denizens if s["zone"][c] == S.Z_ARCHIVE) == list(D.ARCHIVE_DENIZENS)
    assert Counter(int(BD.SUIT_OF[c]) for c in denizens) == {int(suit): 33 for suit in D.Suit}
    assert all(BD.SUIT_OF[c] == D.DENIZEN_BY_NUMBER[c].suit for c in denizens)


@pytest.mark.rule("O2.7", "O1.2", "O8.8")
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_five_visions_start_in_the_world_deck(seed):
    """A first game puts all five Visions in the world deck, within its top 30 cards (O8.8), so
    the setup draws from the bottom meet none and the track starts at 0; four Visions carry a
    goal, the Conspiracy none."""
    s = sc.new(3, seed=seed)
    world = s["world"][:s["world_size"]].tolist()  # index 0 is the bottom
    depth = {v.name: len(world) - 1 - world.index(v.id) for v in D.VISIONS}
    assert max(depth.values()) < 30 and s["visions_drawn"] == 0
    assert [v.name for v in D.VISIONS if v.goal is None] == ["Conspiracy"]


@pytest.mark.rule("O2.7", "O5.1.2")
def test_a_vision_drawn_from_a_discard_pile_neither_stops_the_draw_nor_counts():
    """Only a Vision drawn from the world deck advances the track and stops the draw."""
    s = sc.ready()
    sc.discard_top(s, 0, "Scouts", "Wrestlers", "Faith")  # Faith on top of the Cradle pile
    drawn = int(s["visions_drawn"])
    sc.act(s, SEARCH, A.OPTION + 1)
    assert s["n_drawn"] == 3 and ID["Faith"] in s["drawn"][:3].tolist()
    assert s["visions_drawn"] == drawn


# ---------------------------------------------------------------- O2.10 goal references
GOAL_WORDS = [  # how the D8 table words each goal, most specific first
    ("more relics + banners than the Chancellor", G.MORE_RELICS_BANNERS_THAN_IMPERIALS),
    ("most relics + banners", G.MOST_RELICS_BANNERS), ("most sites", G.MOST_SITES),
    ("People's Favor", G.PEOPLES_FAVOR), ("Darkest Secret", G.DARKEST_SECRET), ("Grand Scepter", G.GRAND_SCEPTER),
]


def goal_of(words: str) -> D.GoalKind:
    return next(goal for phrase, goal in GOAL_WORDS if phrase in words)


@needs_spec
@pytest.mark.rule("O2.10", "D8")
def test_each_oaths_goals_and_setup_banner_match_the_spec():
    """Four Oaths; each one's Oathkeeper goal, Successor goal, setup banner and Vision are those
    of the D8 table."""
    rows = spec_table("## D8.")
    assert [r[0] for r in rows] == [o.name for o in D.OATHS]
    for (name, keeper, successor, setup, vision), oath in zip(rows, D.OATHS):
        assert (oath.oathkeeper, oath.successor, oath.vision) == (goal_of(keeper), goal_of(successor), vision), name
        banner = re.search(r"starts with the (.+)$", setup)
        assert oath.chancellor_banner == (banner.group(1) if banner else None), name


def title_after(oath, **change):
    """The Chancellor holds the title under `oath`; red gets `change` (`sites`: red rules the
    Mountain and the Rocky Coast, `relics`: Map and Whistle, or a banner field set to red); the
    title is settled. Returns its holder."""
    s = sc.ready()
    s["oath"] = [o.name for o in D.OATHS].index(oath)
    assert s["title_holder"] == 0
    if change.get("sites"):
        give_site(s, MOUNTAIN, RED)
        give_site(s, ROCKY_COAST, RED)
    for name in change.get("relics", ()):
        sc.move(s, name, S.Z_PERSONAL, 1)
    for banner in change.get("banners", ()):
        s[banner] = 1
    turn.settle_title(s)
    return int(s["title_holder"])


@pytest.mark.rule("O2.10", "O2.11", "D8")
def test_the_title_follows_the_oathkeeper_goal_of_the_oath_in_force():
    """The same position gives the title to red under the Oath whose goal red meets, and leaves
    it with the Chancellor under the others."""
    assert title_after("Supremacy", sites=True) == 1
    assert title_after("Protection", sites=True) == 0
    assert title_after("The People", banners=["pf_holder"]) == 1
    assert title_after("Devotion", banners=["pf_holder"]) == 0
    assert title_after("Devotion", banners=["ds_holder"]) == 1
    assert title_after("The People", banners=["ds_holder"]) == 0
    assert title_after("Protection", relics=["Map", "Whistle"]) == 1  # 2 against the Scepter
    assert title_after("Protection", relics=["Map"]) == 0  # a tie: the holder keeps it
    assert title_after("Supremacy", relics=["Map", "Whistle"]) == 0


# ---------------------------------------------------------------- O3.1 Usurper win
def red_usurper_at_the_chancellors_turn():
    """Red rules the Mountain and the Rocky Coast (more than the Empire's Plains) and holds the
    title on its Usurper side, during the Chancellor's Act phase."""
    s = sc.ready()
    give_site(s, MOUNTAIN, RED)
    give_site(s, ROCKY_COAST, RED)
    s["title_holder"], s["usurper"] = 1, 1
    return s


@pytest.mark.rule("O3.1", "O4.1.2")
def test_the_usurper_wins_at_their_own_wake_before_acting():
    """An Exile holding the Usurper side wins at the start of their own turn, not during another
    player's, and before any Act-phase decision."""
    s = red_usurper_at_the_chancellors_turn()
    sc.act(s, A.MAJOR + int(D.MajorAction.MUSTER), A.CARD + ID["Longbows"])
    assert not s["terminal"] and s["current"] == 0  # the Chancellor's turn goes on
    sc.act(s, A.END)
    assert s["terminal"] and (s["winner"], s["win_kind"]) == (1, S.WIN_USURPER)
    assert s["current"] == 1 and s["round"] == 1


@pytest.mark.rule("O3.1", "O3.2", "O4.1.2")
def test_the_usurper_win_is_checked_before_a_vision():
    """An Exile who is both Usurper and Visionary wins as Usurper (O3.1 is checked first)."""
    s = red_usurper_at_the_chancellors_turn()
    sc.move(s, "Conquest", S.Z_VISION_SPACE, 1)
    s["visions_drawn"] = 3
    sc.act(s, A.END)
    assert (s["winner"], s["win_kind"]) == (1, S.WIN_USURPER)


@pytest.mark.rule("O3.1", "O4.1.3")
def test_the_oathkeeper_side_is_no_usurper_win_yet():
    """Holding the title on its Oathkeeper side at the Wake wins nothing: it flips to Usurper and
    the Exile acts."""
    s = red_usurper_at_the_chancellors_turn()
    s["usurper"] = 0
    sc.act(s, A.END)
    assert not s["terminal"] and s["usurper"] == 1 and s["phase"] == S.PH_ACT and s["current"] == 1


# ---------------------------------------------------------------- O7.7 classification of powers
@pytest.mark.rule("O7.7", "D2", "D3", "D4")
def test_the_engine_dispatches_each_power_by_its_class():
    """Every card the data classes as Action / When played / Rest has a program of that kind,
    every Modifier changes the action it names (mandatory as stated), every battle plan has a plan
    for its side, and no card has a program of a class it lacks. The Grand Scepter's Actions are
    minor actions (O6.4, O6.6, O6.7)."""
    for number, record in E.POWERED.items():
        for kind, ability in E._KIND_OF_ABILITY.items():
            if kind == E.KIND_MODIFIER or record is D.GRAND_SCEPTER:
                continue
            assert bool(E.ENTRY[number, kind]) == bool(record.abilities & ability), (record.name, E.KIND_NAMES[kind])
        is_modifier = bool(record.abilities & D.Ability.MODIFIER)
        want = int(record.modifies) if is_modifier else -1
        assert (MO.MODIFIES[number], bool(MO.MANDATORY[number])) == (want, record.mandatory), record.name
        assert E.PLAN_SIDE[number] == (int(record.side) if record.side else 0), record.name


# The D3 table words each face's class at the start of its power text
EDIFICE_CLASS = re.compile(r"— (Persistent|Battle plan|Chronicle effect|Action|Modifier)"
                           r"(?: \((\w+)\)|, (defender|attacker))?")


@needs_spec
@pytest.mark.rule("O7.7", "D3")
def test_each_edifice_face_has_the_class_its_text_gives():
    """The D3 table has no Type column: each face's class (and modified action or battle-plan
    side, and cost) is read from the start of its power text and compared with the data."""
    faces = {}
    for row in spec_table("## D3."):
        for number, text in ((row[0], row[2]), (row[3], row[4])):
            kind, action, side = EDIFICE_CLASS.search(text).groups()
            cost = re.search(r", cost ([^:]+):", text)
            faces[int(number)] = (kind, action, side, D.Cost.of(cost.group(1) if cost else None))
    assert sorted(faces) == sorted(D.EDIFICE_BY_NUMBER)
    for number, (kind, action, side, cost) in faces.items():
        face = D.EDIFICE_BY_NUMBER[number]
        assert face.cost == cost, face.name
        if kind == "Chronicle effect":
            assert face.abilities == D.Ability.CHRONICLE, face.name
            continue
        flags, modifies, plan_side = spec_abilities(
            f"Battle plan — {side}" if kind == "Battle plan" else f"{kind}: {action}" if action else kind)
        assert (face.abilities, face.modifies, face.side) == (flags, modifies, plan_side), face.name
