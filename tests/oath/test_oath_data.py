"""Transcription checks for ``meeplegym.envs.oath.data`` (spec O0-O2, D1-D10).

The strongest checks re-read the spec's D1, D2 and D4 tables (``shared/specs/oath.md``) with a
small reader written here, independently of the one-off script that produced ``data.py``, and
compare every row with the committed records; they skip when the spec is not beside the
checkout (set ``OATH_SPEC`` to point at it). The counts and spot checks below are typed from the
spec's prose (D9) and the seed Law (``seed`` = shared/seeds/004_b1104feac097432a.txt) and
always run.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from pathlib import Path

import pytest

from meeplegym.envs.oath import data
from meeplegym.envs.oath.data import (
    DENIZEN_BY_NAME,
    DENIZEN_BY_NUMBER,
    DENIZENS,
    EDIFICE_BY_NUMBER,
    EDIFICE_FACES,
    RELIC_BY_NAME,
    RELICS,
    SITES,
    Ability,
    AttackFace,
    Cost,
    DefenseFace,
    Denizen,
    MajorAction,
    Region,
    Restriction,
    Side,
    Suit,
)


def _find_spec() -> Path | None:
    candidates = [os.environ.get("OATH_SPEC")] + [
        str(p / "shared" / "specs" / "oath.md") for p in Path(__file__).resolve().parents]
    return next((Path(c) for c in candidates if c and Path(c).is_file()), None)


SPEC_PATH = _find_spec()
needs_spec = pytest.mark.skipif(SPEC_PATH is None, reason="shared/specs/oath.md not found (set OATH_SPEC)")


def _table(heading: str) -> list[list[str]]:
    """The body rows of the first markdown table after the line starting with `heading`."""
    lines = SPEC_PATH.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(heading))
    rows = []
    for line in lines[start + 1:]:
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if not set(cells[0]) <= set("-:"):
                rows.append(cells)
        elif rows:
            break
    return rows[1:]


def _abilities(kind: str) -> tuple[Ability, MajorAction | None, Side | None]:
    """The spec's Type column (O7.7) read back: ability flags, modified action, side."""
    flags, modifies, side = Ability(0), None, None
    for part in (p.strip() for p in kind.split("+")):
        word = part.split(" ")[0].rstrip(":")
        if word == "Battle":
            flags |= Ability.BATTLE_PLAN
            side = Side[re.search(r"— (\w+)", part).group(1).upper()]
        elif word in ("Modifier", "Persistent"):
            flags |= Ability[word.upper()]
            m = re.search(r"(?:: |\()(\w+)", part)
            modifies = MajorAction[m.group(1).upper()] if m and m.group(1) != "mandatory" else modifies
        else:
            flags |= {"Always-on": Ability.ALWAYS_ON, "Action": Ability.ACTION, "2": Ability.ACTION,
                      "When": Ability.WHEN_PLAYED, "Rest": Ability.REST}[word]
    return flags, modifies, side


# =============================================================================== D2 denizens
SUIT_TABLES = {Suit.DISCORD: "D2.1", Suit.ARCANE: "D2.2", Suit.ORDER: "D2.3", Suit.HEARTH: "D2.4",
               Suit.BEAST: "D2.5", Suit.NOMAD: "D2.6"}


@needs_spec
@pytest.mark.rule("D2")
@pytest.mark.parametrize("suit", list(Suit), ids=lambda s: s.name)
def test_every_denizen_row_matches_the_spec(suit):
    rows = _table(f"#### {SUIT_TABLES[suit]}")
    ours = [d for d in DENIZENS if d.suit == suit]
    assert [int(r[0]) for r in rows] == [d.number for d in ours]
    for (number, name, restr, locked, cost, kind, text), d in zip(rows, ours):
        assert d.name == name and d.source == SUIT_TABLES[suit]
        # '?' cells are the D10 disagreements: the row holds the engine default
        want_restr = {"—": Restriction.NONE, "Site?": Restriction.NONE, "Site": Restriction.SITE_ONLY,
                      "Adviser": Restriction.ADVISER_ONLY}[restr]
        assert d.restriction == want_restr, name
        assert d.locked == (locked == "yes"), name
        assert d.cost == Cost.of(None if cost == "—" else cost), name
        flags, modifies, side = _abilities(kind)
        assert (d.abilities, d.modifies, d.side) == (flags, modifies, side), name
        assert d.mandatory == text.startswith("Mandatory"), name
        limit = re.search(r"adviser limit (\d)", kind)
        assert d.adviser_limit == (int(limit.group(1)) if limit else None), name


@pytest.mark.rule("D9")
def test_denizen_counts_and_the_first_game_deck():
    assert sorted(DENIZEN_BY_NUMBER) == list(range(1, 199))
    assert len(DENIZEN_BY_NAME) == 198  # names are unique
    assert Counter(d.suit for d in DENIZENS) == {s: 33 for s in Suit}
    starting = {s: sorted(d.number for d in DENIZENS if d.suit == s and d.starting_deck) for s in Suit}
    assert starting == {  # D9, typed from its prose
        Suit.DISCORD: [12, 15, 16, 17, 18, 19, 20, 21, 22],
        Suit.ARCANE: [9, 31, 32, 33, 34, 35, 36, 37, 38],
        Suit.ORDER: [1, 2, 3, 4, 5, 6, 7, 8, 10],
        Suit.HEARTH: [13, 47, 48, 49, 50, 51, 52, 53, 54],
        Suit.BEAST: [11, 39, 40, 41, 42, 43, 44, 45, 46],
        Suit.NOMAD: [14, 23, 24, 25, 26, 27, 28, 29, 30],
    }
    assert set(data.STARTING_DECK) | set(data.ARCHIVE_DENIZENS) == set(DENIZEN_BY_NUMBER)


@pytest.mark.rule("D9", "D10")
def test_restriction_totals_count_the_tts_flags():
    """D9's totals are TTS's flags; two rows hold a different engine default (D10)."""
    def flags(d: Denizen):
        return data.TTS_FLAGS.get(d.number, (d.restriction, d.locked))

    site_only = Counter(d.suit for d in DENIZENS if flags(d)[0] == Restriction.SITE_ONLY)
    assert site_only == {Suit.ORDER: 9, Suit.DISCORD: 6, Suit.ARCANE: 5, Suit.HEARTH: 10,
                         Suit.BEAST: 7, Suit.NOMAD: 8}
    assert sum(flags(d)[0] == Restriction.ADVISER_ONLY for d in DENIZENS) == 53
    assert sum(flags(d)[1] for d in DENIZENS) == 30
    assert DENIZEN_BY_NAME["Garrison"].restriction == Restriction.NONE
    assert not DENIZEN_BY_NAME["Master of Disguise"].locked


@pytest.mark.rule("O7.6.4")
def test_adviser_limiters():
    limited = {d.name: d.adviser_limit for d in DENIZENS if d.adviser_limit is not None}
    assert limited == {"Assassin": 2, "Silver Tongue": 2, "Insomnia": 2}
    assert data.ADVISER_LIMIT == 3


# =============================================================================== D1 sites
@needs_spec
@pytest.mark.rule("D1")
def test_every_site_row_matches_the_spec():
    rows = _table("## D1.")
    assert [r[0] for r in rows] == [s.name for s in SITES]
    assert [s.id for s in SITES] == list(range(23))
    for (name, capacity, prompt, recover, _power), site in zip(rows, SITES):
        assert site.capacity == int(capacity), name
        prompt_counts = dict.fromkeys(("favor", "secret", "secrets", "R"), 0)
        for n, what in re.findall(r"(\d+) (favor|secrets?|R)\b", prompt):
            prompt_counts[what] += int(n)
        assert (site.favor, site.secrets, site.relics) == (
            prompt_counts["favor"], prompt_counts["secret"] + prompt_counts["secrets"], prompt_counts["R"]), name
        m = re.match(r"place 3 favor in the (\w+) bank", recover)
        if m:
            assert (site.recover, site.recover_suit) == (data.RecoverCost.PLACE_3_FAVOR, Suit[m.group(1).upper()])
        else:
            want = {"burn 2 favor": data.RecoverCost.BURN_2_FAVOR, "burn 1 secret": data.RecoverCost.BURN_1_SECRET,
                    "burn 2 secrets": data.RecoverCost.BURN_2_SECRETS}.get(recover, data.RecoverCost.NONE)
            assert site.recover == want, name
        homeland = re.search(r"Homeland \((\w+)\)", _power)
        assert site.homeland == (Suit[homeland.group(1).upper()] if homeland else None), name


@pytest.mark.rule("D1", "O2.8")
def test_sites_relics_and_homelands():
    assert sum(s.relics for s in SITES) == 16  # D1 totals: 16 R icons for 20 ordinary relics
    assert len(RELICS) - 1 == 20
    homelands = {s.homeland for s in SITES if s.homeland is not None}
    assert homelands == set(Suit)  # one Homeland per suit
    assert data.SITE_BY_NAME["Drowned City"].capacity == 0
    assert {s.name for s in SITES if s.power == data.SitePower.OPPORTUNITY} == {"Mine", "Salt Flats", "Drowned City"}
    assert {s.name for s in SITES if s.power == data.SitePower.COAST} == {"Barren Coast", "Lush Coast", "Rocky Coast"}
    with pytest.raises(ValueError):  # a relic with nothing to recover it by
        data.Site(99, "Nowhere", 1, relics=1)


# =============================================================================== D3, D4
@needs_spec
@pytest.mark.rule("D4")
def test_every_relic_row_matches_the_spec():
    rows = _table("## D4.")
    assert [(int(r[0]), r[1]) for r in rows] == [(r.number, r.name) for r in RELICS]
    for (number, name, dice, cost, kind, text), relic in zip(rows, RELICS):
        assert relic.defense == int(dice), name
        assert relic.cost == Cost.of(None if cost == "—" else cost), name
        flags, modifies, side = _abilities(kind.replace("either +", "either side +").replace(" (mandatory)", ""))
        assert (relic.abilities, relic.modifies, relic.side) == (flags, modifies, side), name
        assert relic.mandatory == ("mandatory" in kind), name


@pytest.mark.rule("D4", "O2.4")
def test_relic_numbers_and_the_grand_scepter():
    assert sorted(r.number for r in RELICS) == list(range(211, 232))
    assert data.GRAND_SCEPTER.number == 231 and data.GRAND_SCEPTER.defense == 5
    assert RELIC_BY_NAME["Circlet of Command"].number == 225  # [LG oath-225]
    assert RELIC_BY_NAME["Dowsing Sticks"].cost == Cost(0, 1, 2, 0)


@pytest.mark.rule("D3", "O2.9")
def test_edifices_pair_an_intact_and_a_ruined_face():
    assert sorted(EDIFICE_BY_NUMBER) == list(range(199, 211))
    intact = [e for e in EDIFICE_FACES if not e.ruined]
    assert sorted(e.suit for e in intact) == list(Suit)  # one edifice per suit
    for e in EDIFICE_FACES:
        other = EDIFICE_BY_NUMBER[e.other_face]
        assert other.other_face == e.number and other.ruined != e.ruined
        assert e.restriction == Restriction.SITE_ONLY and e.locked
    assert not EDIFICE_BY_NUMBER[208].reconstructed  # Fallen Spire's wording is public [LG oath-208]
    assert EDIFICE_BY_NUMBER[207].reconstructed


# =============================================================================== D5-D8
@pytest.mark.rule("D5", "D8", "O8.1")
def test_visions_and_oaths_share_goals():
    for oath in data.OATHS:
        vision = data.VISION_BY_NAME[oath.vision]
        assert vision.goal == oath.oathkeeper and vision.oath == oath.name
    assert data.VISION_BY_NAME["Conspiracy"].goal is None
    assert [v.id for v in data.VISIONS] == list(range(232, 237))
    # seed 1 step 13: these two Oaths hand the Chancellor a banner
    assert {o.name: o.chancellor_banner for o in data.OATHS if o.chancellor_banner} == {
        "The People": "People's Favor", "Devotion": "Darkest Secret"}


# =============================================================================== numbers
@pytest.mark.rule("O2.12")
def test_dice_faces():
    assert Counter(data.ATTACK_DIE) == {AttackFace.HOLLOW_SWORD: 3, AttackFace.SWORD: 2, AttackFace.SWORDS_SKULL: 1}
    assert Counter(data.DEFENSE_DIE) == {DefenseFace.BLANK: 2, DefenseFace.SHIELD: 2,
                                         DefenseFace.TWO_SHIELDS: 1, DefenseFace.DOUBLE: 1}
    assert len(data.END_DIE) == 6


@pytest.mark.rule("O2.2", "O4.3.3")
def test_supply_refresh_steps():
    exile = [data.supply_refresh("exile", n) for n in range(15)]
    assert exile == [4] * 4 + [5] * 5 + [6] * 6
    chancellor = [data.supply_refresh("chancellor", n) for n in range(25)]
    assert chancellor == [3] * 4 + [4] * 7 + [5] * 7 + [6] * 7


@pytest.mark.rule("O2.1", "O5.1.1", "O5.6.1")
def test_search_and_travel_costs():
    assert [data.search_cost(v) for v in range(6)] == [2, 3, 3, 4, 4, 4]
    assert data.DISCARD_SEARCH_COST == 2
    # seed 5.6.1: Cradle 1/2/4, Provinces 2 anywhere, Hinterland 4/2/3
    assert data.TRAVEL_COST == ((1, 2, 4), (2, 2, 2), (4, 2, 3))
    assert data.SLOT_REGION.count(Region.CRADLE) == 2 and data.SLOT_REGION.count(Region.HINTERLAND) == 3
    assert data.DISCARD_DESTINATION[Region.HINTERLAND] == Region.CRADLE


@pytest.mark.rule("O3.3")
def test_stable_regime_rolls():
    # seed 3.3: round 5 on a 6, round 6 on 5-6, round 7 on 3-6
    assert {r: sum(f >= least for f in data.END_DIE) for r, least in data.STABLE_REGIME_ROLLS.items()} == {5: 1, 6: 2, 7: 4}


@pytest.mark.rule("O1.1", "O2.13")
def test_setup_counts():
    assert data.WARBANDS[data.Colour.PURPLE] == 24 and sum(data.WARBANDS.values()) == 94
    assert [data.favor_per_bank(n) for n in range(2, 7)] == [3, 3, 3, 4, 4]
    assert 6 * data.favor_per_bank(6) + 1 <= data.FAVOR_TOTAL  # the banks and the People's Favor fit


# =============================================================================== setups
@pytest.mark.rule("O1.2", "D9")
def test_first_game_places_three_denizens_from_the_starting_deck():
    placed = [n for _site, denizens, _relics in data.FIRST_GAME.faceup.values() for n in denizens]
    assert sorted(placed) == [4, 26, 37]
    assert [data.SLOT_REGION[slot] for slot in sorted(data.FIRST_GAME.faceup)] == list(Region)
    assert {DENIZEN_BY_NUMBER[n].name for n in placed} == {"Longbows", "Taming Charm", "Elders"}


@pytest.mark.rule("O1.3", "O8.8")
def test_tutorial_decks_are_the_first_game_decks():
    t = data.TUTORIAL
    visions = [i for i, name in enumerate(t.world_deck) if name in data.VISION_BY_NAME]
    assert len(visions) == 5 and sum(i < 12 for i in visions) == 2 and all(i < 30 for i in visions)
    denizens = [DENIZEN_BY_NAME[n].number for n in t.world_deck if n not in data.VISION_BY_NAME]
    placed = [n for _site, ds, _relics in t.faceup.values() for n in ds]
    assert sorted(denizens + placed) == list(data.STARTING_DECK)
    relics = list(t.relic_deck) + [r for _site, _ds, rs in t.faceup.values() for r in rs]
    assert sorted(relics) == sorted(r.name for r in RELICS if r is not data.GRAND_SCEPTER)
    sites = [s for s, _ds, _rs in t.faceup.values()] + list(t.facedown.values())
    assert len(set(sites)) == data.SLOTS and set(sites) <= set(data.SITE_BY_NAME)


# =============================================================================== records
@pytest.mark.rule("O0.3")
def test_cost_notation():
    assert Cost.of("S, xF") == Cost(0, 1, 1, 0)
    assert Cost.of("FFF") == Cost(3, 0, 0, 0) and Cost.of("FFF").places
    assert not Cost.of("xS").places and str(Cost.of("F, S")) == "F, S"
    for bad in ("Q", "xFS", "x"):
        with pytest.raises(ValueError):
            Cost.of(bad)


def test_records_refuse_inconsistent_powers():
    with pytest.raises(ValueError):  # a battle-plan side on a non-battle plan
        Denizen(cost=Cost(), abilities=Ability.ACTION, modifies=None, side=Side.EITHER, mandatory=False, source="x")
    with pytest.raises(ValueError):  # a mandatory Action
        Denizen(cost=Cost(), abilities=Ability.ACTION, modifies=None, side=None, mandatory=True, source="x")
