"""Transcription checks for ``meeplegym.envs.imperium.data`` (spec I1-I3, C0-C4).

The strongest checks re-read the spec (``shared/specs/imperium.md``) with a small table
reader written here, independently of the one-off generator that produced ``data.py``,
and compare every C1-C4 row with the committed records: ids, names, every icon column,
the VP rule (rendered back to the spec's notation), the development cost and the trigger
kinds.  They skip when the spec is not beside the checkout (set ``IMPERIUM_SPEC`` to point
at it).  The expected counts and spot checks below are typed from the spec's prose and
the seed rulebook (``seed PT l.N`` = line N of shared/seeds/001_536c6dbce7700501.txt) and
always run.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from pathlib import Path

import pytest

from meeplegym.envs.imperium import data
from meeplegym.envs.imperium.data import (
    CARD_BY_ID,
    CARDS,
    COMMON_CARDS,
    NATION_CARDS,
    NATIONS,
    SHARED_CARDS,
    TRADE_ROUTE_CARDS,
    Aggression,
    CondVP,
    Count,
    CountKind,
    Deck,
    DevConditionKind,
    DevCost,
    Expansion,
    Face,
    FixedVP,
    Header,
    NationCode,
    PlayerCount,
    Resource,
    SetupPile,
    Start,
    StateIcon,
    Suit,
    Trigger,
    TypeIcon,
    UnstructuredVP,
    VarVP,
    Zone,
)

ROOT = Path(__file__).resolve().parents[2]


# =============================================================================== spec
def _find_spec() -> Path | None:
    here = Path(__file__).resolve()
    candidates = [os.environ.get("IMPERIUM_SPEC")] + [
        str(p / "shared" / "specs" / "imperium.md") for p in here.parents]
    for c in candidates:
        if c and Path(c).is_file():
            return Path(c)
    return None


SPEC_PATH = _find_spec()
needs_spec = pytest.mark.skipif(SPEC_PATH is None,
                                reason="shared/specs/imperium.md not found (set IMPERIUM_SPEC)")

COLUMNS = ("Id", "Name", "Suit", "State", "Types", "Hdr", "Start", "Pl", "Exp", "VP", "Dev cost", "Effect")


def _spec_rows() -> list[tuple[str, dict[str, str]]]:
    """(section, row) for every card row of the C1-C4 tables, section as cited in sources
    (``C1``, ``C2.Fame``, ``C3``, ``C4.ABB``...)."""
    text = SPEC_PATH.read_text(encoding="utf-8")
    part = text[text.index("\n### C1."):text.index("\n### C5.")]
    rows, section = [], None
    for line in part.splitlines():
        m = re.match(r"^#{3,4} (C\d(?:\.\w+)?)[ .]", line)
        if m:
            section = m.group(1)
            continue
        if not line.startswith("| ") or line.startswith(("| Id ", "| Side ", "|---")):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == len(COLUMNS):
            rows.append((section, dict(zip(COLUMNS, cells))))
    return rows


def _ids(cell: str) -> list[str]:
    m = re.fullmatch(r"(.*?)(?: \(×(\d+)\))?", cell)
    ids = [i.strip() for i in m.group(1).split(",")]
    assert m.group(2) is None or int(m.group(2)) == len(ids), cell
    return ids


def _spec_triggers(effect: str) -> list[str]:
    out = []
    for t in re.findall(r"\*\*([A-Z-]+(?:\[[a-z-]+\])?(?:\(\w+\))?):?\*\*", effect):
        if t not in out:
            out.append(t)
    return out


def _normalise_vp(s: str) -> str:
    """The spec words a few equal rules two ways; data.py renders one of them."""
    for a, b in (("in your history", "in history"), ("per 1 ", "per "),
                 ("card GARRISONED here", "GARRISONED card here"), ("if not in-play", "unless in-play")):
        s = s.replace(a, b)
    return s


# ===================================================================== independent counts
def _physical(cards):
    return {c.physical: c for c in cards}


def _by_section(prefix):
    return [c for c in CARDS if c.source.startswith(f"imperium.md {prefix},")]


def test_common_deck_sizes_per_section():
    # spec C2 headings and composition list; seed PT l.251-256
    expected = {"C2.Fame": 8, "C2.Uncivilised": 25, "C2.Civilised": 18, "C2.Region": 14, "C2.Tributary": 13}
    for section, n in expected.items():
        cards = _by_section(section)
        assert len(cards) == n, section
        assert all(c.deck is Deck.COMMON and c.face is None for c in cards)
    assert len(COMMON_CARDS) == 78
    banners = Counter(c.banner for c in COMMON_CARDS)
    assert banners == {Suit.FAME: 8, Suit.UNC: 25, Suit.CIV: 18, Suit.REG: 14, Suit.TRI: 13}
    # seed counts include King of Kings among the 9 fame cards and the 12 unrest
    assert data.COMMON_SUIT_COUNTS[Suit.FAME] == 8 + 1
    assert data.COMMON_SUIT_COUNTS[Suit.UNREST] == 12
    for suit in (Suit.UNC, Suit.CIV, Suit.REG, Suit.TRI):
        assert data.COMMON_SUIT_COUNTS[suit] == banners[suit]
    assert sum(1 for c in COMMON_CARDS if c.name == "Supreme") == 2  # "2x Supreme plus 6 singles"


def test_corner_icons_in_the_common_deck():
    def marks(suit, exp):
        return sum(1 for c in COMMON_CARDS if c.banner is suit and c.expansion is exp)

    # spec C2 composition list (S2 data): uncivilised 4 RU / 3 TF, civilised 3 RU / 3 TF,
    # region 1 TF, tributary 2 RU / 1 TF.
    assert (marks(Suit.UNC, Expansion.RU), marks(Suit.UNC, Expansion.TF)) == (4, 3)
    assert (marks(Suit.CIV, Expansion.RU), marks(Suit.CIV, Expansion.TF)) == (3, 3)
    assert (marks(Suit.REG, Expansion.RU), marks(Suit.REG, Expansion.TF)) == (0, 1)
    assert (marks(Suit.TRI, Expansion.RU), marks(Suit.TRI, Expansion.TF)) == (2, 1)
    # the seed's table (PT l.252-255) is what CORNER_ICON_COUNTS records ...
    for suit in (Suit.UNC, Suit.REG, Suit.TRI):
        for exp in Expansion:
            assert data.CORNER_ICON_COUNTS[suit][exp] == marks(suit, exp)
    assert data.CORNER_ICON_COUNTS[Suit.CIV] == {Expansion.RU: 3, Expansion.TF: 2}
    # ... and the civilised TF mismatch is a documented seed difference.
    assert {c.id for c in COMMON_CARDS if c.banner is Suit.CIV and c.expansion is Expansion.TF} == {
        "3CIV4", "3CIV7", "3CIV18"}
    assert any("C2.Civilised" in d.section and "(3, 2)" in d.seed for d in data.SEED_DIFFERENCES)
    assert not any(c.expansion is Expansion.RU for c in CARDS if c.deck is not Deck.COMMON)


def test_shared_components():
    # spec C1, I1.1, I1.3, I3.6
    unrest = [c for c in SHARED_CARDS if c.name == "Unrest"]
    assert [c.id for c in unrest] == [f"UNR{k}" for k in range(1, 13)]
    assert Counter(c.players for c in unrest) == {None: 8, PlayerCount.THREE_PLUS: 2, PlayerCount.FOUR: 2}
    assert all(c.suits == (Suit.UNREST,) and c.vp == FixedVP(-2) for c in unrest)
    for n, common in data.COMMON_UNREST.items():
        usable = [c for c in unrest if c.players is None or c.players.min_players <= max(n, 2)]
        assert len(usable) == common, n
    kok = [c for c in SHARED_CARDS if c.name == "King of Kings"]
    assert [(c.face, c.header) for c in kok] == [(Face.A, Header.A_SIDE), (Face.B, Header.B_SIDE)]
    assert all(c.triggers == (Trigger.ON_GAIN,) and c.suits == (Suit.FAME,) for c in kok)
    states = [c for c in SHARED_CARDS if c.header is Header.STATE]
    assert len(_physical(states)) == data.COMPONENT_COUNTS["standard state cards"] == 4
    assert Counter(c.states for c in states) == {(StateIcon.BARB,): 4, (StateIcon.EMP,): 4}


def test_trade_routes_expansion_cards():
    # spec C3, I1.3 (14 cards: 1 fame, 4 merchants, 9 trade routes); seed PT l.329-333
    physical = _physical(TRADE_ROUTE_CARDS)
    assert len(physical) == data.COMPONENT_COUNTS["Trade Routes cards"] == 14
    merchants = [c for c in TRADE_ROUTE_CARDS if c.id.startswith("MERC")]
    assert len(merchants) == 8 and len(_physical(merchants)) == 4
    assert {c.name for c in merchants if c.face is Face.A} == {"Merchant"}
    assert {c.name for c in merchants if c.face is Face.B} == {"Merchant Empire"}
    assert [CARD_BY_ID[f"MERC{k}A"].players for k in range(1, 5)] == [
        None, PlayerCount.TWO_PLUS, PlayerCount.THREE_PLUS, PlayerCount.FOUR]
    assert all(c.types.count(TypeIcon.PRODUCTION) == 2 for c in merchants if c.face is Face.B)
    routes = [c for c in TRADE_ROUTE_CARDS if c.id.startswith("3TRO")]
    assert len(routes) == 9 and all(c.suits == (Suit.TROUTE,) and c.header is Header.TRD for c in routes)
    assert [c.id for c in routes if c.players is not None] == ["3TRO9"]  # Mediterranean Circle is 3+
    welcoming = CARD_BY_ID["3FAM3"]
    assert welcoming.name == "Welcoming" and welcoming.suits == (Suit.FAME, Suit.TROUTE)
    assert all(c.expansion is Expansion.TF for c in TRADE_ROUTE_CARDS)  # "All are TF"
    for c in TRADE_ROUTE_CARDS:
        if Suit.TROUTE in c.suits:
            assert c.triggers == (Trigger.COMMERCE, Trigger.PROFIT), c.id


# Seed component list (PT l.260-273) and spec I1.2.
SEED_NATION_COUNTS = {
    NationCode.ABB: 23, NationCode.AKS: 23, NationCode.CUL: 29, NationCode.GUP: 24, NationCode.INU: 25,
    NationCode.JPN: 24, NationCode.MAG: 27, NationCode.MRT: 29, NationCode.MAY: 28, NationCode.POL: 29,
    NationCode.SAS: 24, NationCode.TAI: 24, NationCode.TAN: 27, NationCode.WAG: 23,
}


def test_nation_records():
    assert [n.code for n in NATIONS] == list(NationCode)
    assert {n.code: n.seed_card_count for n in NATIONS} == SEED_NATION_COUNTS
    # spec I2.1; seed PT l.988-993
    assert {n.code for n in NATIONS if n.trade_routes_required} == {
        NationCode.ABB, NationCode.AKS, NationCode.GUP, NationCode.SAS, NationCode.TAN, NationCode.WAG}
    # spec I2.6; seed PT l.525
    assert {n.code for n in NATIONS if n.base_exhaust_tokens == 3} == {
        NationCode.CUL, NationCode.INU, NationCode.POL, NationCode.TAI}
    assert all(n.base_exhaust_tokens in (data.EXHAUST_TOKENS, data.EXHAUST_TOKENS_REDUCED) for n in NATIONS)
    # seed nation descriptions (PT l.1628-2030)
    by = data.NATION_BY_CODE
    assert by[NationCode.SAS].aggression is Aggression.AGGRESSIVE
    assert {c for c, n in by.items() if n.aggression is Aggression.RUTHLESS} == {NationCode.CUL, NationCode.MAG}
    assert {c for c, n in by.items() if n.aggression is Aggression.PARTIALLY_PACIFIC} == {
        NationCode.MRT, NationCode.MAY, NationCode.TAI}
    assert by[NationCode.JPN].seed_code == "JAP" and by[NationCode.WAG].seed_code == "UAG"


@pytest.mark.parametrize("nation", list(NationCode), ids=lambda n: n.name)
def test_nation_composition_as_stated(nation):
    n = data.NATION_BY_CODE[nation]
    stated = dict(n.composition)
    got = data.composition(nation)
    physical = len(_physical(NATION_CARDS[nation]))
    if nation is NationCode.CUL:
        # Documented difference: the stated line counts the 4 faces of the two
        # double-sided ceremony cards; 30 physical cards vs the seed's 29.
        ceremony = [c for c in NATION_CARDS[nation] if data.setup_pile(c) is SetupPile.IN_PLAY]
        assert len(ceremony) == stated[SetupPile.IN_PLAY] == 4 and got[SetupPile.IN_PLAY] == 2
        assert {k: v for k, v in got.items() if k is not SetupPile.IN_PLAY} == {
            k: v for k, v in stated.items() if k is not SetupPile.IN_PLAY}
        assert (physical, n.composition_total, n.seed_card_count) == (30, 32, 29)
        assert any(d.section.startswith("C4.CUL") for d in data.SEED_DIFFERENCES)
        return
    assert got == stated
    assert sum(stated.values()) == n.composition_total == physical == n.seed_card_count


def test_nation_cards_belong_to_their_nation():
    for code, cards in NATION_CARDS.items():
        assert cards and all(c.deck is Deck.NATION and c.nation is code for c in cards)
        assert all(c.source.startswith(f"imperium.md C4.{code.name}, row ") for c in cards)
        assert all(c.start is not None for c in cards)
        power = [c for c in cards if data.setup_pile(c) is SetupPile.POWER_CARD]
        assert [(c.face, c.header) for c in power] == [(Face.A, Header.A_SIDE), (Face.B, Header.B_SIDE)]
        # trade-routes nations: every card TF (spec C4 intro); others: none
        tf = {c.expansion is Expansion.TF for c in cards}
        assert tf == {data.NATION_BY_CODE[code].trade_routes_required}, code
    assert all(c.nation is None and c.start is None for c in COMMON_CARDS)


# ======================================================================== integrity
def test_ids_unique_and_faces_paired():
    ids = [c.id for c in CARDS]
    assert len(ids) == len(set(ids)) == len(CARD_BY_ID)
    faces = Counter(c.physical for c in CARDS if c.face is not None)
    assert set(faces.values()) == {2}, [p for p, n in faces.items() if n != 2]
    for c in CARDS:
        if c.face is not None:
            assert c.id == c.physical + c.face.name
    # every card of C1-C4: 22 shared + 78 common + 18 trade-routes faces + nations
    assert len(CARDS) == 22 + 78 + 18 + sum(len(v) for v in NATION_CARDS.values())


def test_sources_cite_a_section_and_row():
    sections = {"C1", "C3"} | {f"C2.{s}" for s in ("Fame", "Uncivilised", "Civilised", "Region", "Tributary")}
    sections |= {f"C4.{n.name}" for n in NationCode}
    for c in CARDS:
        m = re.fullmatch(r"imperium\.md (\S+), row (.+)", c.source)
        assert m and m.group(1) in sections, c.source
        assert c.id in m.group(2) or c.deck is Deck.SHARED, c.source


def test_vp_rules_structured():
    assert data.VP_UNSTRUCTURED == frozenset()
    for c in CARDS:
        assert c.vp is None or isinstance(c.vp, (FixedVP, VarVP, CondVP)), c.id
        assert not isinstance(c.vp, UnstructuredVP)
        if isinstance(c.vp, VarVP):
            assert c.vp.amount > 0 and c.vp.divisor >= 1


def test_development_costs():
    for c in CARDS:
        assert (c.dev_cost is not None) == (c.start is Start.DEV), c.id
        if c.dev_cost is None:
            continue
        names = {x.name for x in NATION_CARDS[c.nation]}
        for cond in c.dev_cost.conditions:
            if cond.kind is DevConditionKind.LAST_IN_DEVELOPMENT_AREA:
                assert cond.card is None
            else:
                assert cond.card in names, (c.id, cond)


def test_no_numba_or_numpy_in_the_data_module():
    src = Path(data.__file__).read_text()
    assert not re.search(r"^\s*(import|from)\s+(numba|numpy)\b", src, re.M)


# ======================================================================== spot checks
def test_spot_checks():
    rr = CARD_BY_ID["3UNC14"]  # River Raiders (also the seed's example, PT l.420)
    assert (rr.name, rr.suits, rr.states, rr.header, rr.expansion) == (
        "River Raiders", (Suit.UNC,), (StateIcon.BARB,), Header.ATK, Expansion.RU)
    assert rr.vp == VarVP(2, Count(CountKind.TYPE_ICON, icons=(TypeIcon.RIVER,)))
    assert rr.vp.notation() == "var: 2VP per #river" and rr.triggers == (Trigger.PLAY,)
    assert rr.source == "imperium.md C2.Uncivilised, row 3UNC14"

    valley = CARD_BY_ID["3REG10"]
    assert valley.types.count(TypeIcon.PRODUCTION) == 2 and valley.vp is None

    nunavut = CARD_BY_ID["INU2"]  # counts as 2 regions (spec I16)
    assert nunavut.suits == (Suit.REG, Suit.REG)

    assert CARD_BY_ID["3FAM1"].vp == FixedVP(11) and CARD_BY_ID["3FAM2"].name == "Supreme"
    assert CARD_BY_ID["JPN6"].vp == FixedVP(2, return_unrest=2)  # Miyabi, seed PT l.1596
    assert CARD_BY_ID["TAN3"].vp == CondVP(4, Zone.IN_PLAY, otherwise=2)
    assert CARD_BY_ID["TAN23"].vp == CondVP(-2, Zone.IN_PLAY, negated=True)
    assert CARD_BY_ID["MRT7"].vp == CondVP(-5, Zone.HISTORY, negated=True)
    assert CARD_BY_ID["MRT7"].suits == (Suit.GADGET, Suit.UNC)
    assert CARD_BY_ID["3TRO1"].vp == VarVP(1, Count(CountKind.STATE_ICON, states=(StateIcon.BARB,),
                                                    only_suits=(Suit.UNC, Suit.REG, Suit.TRI)))
    assert CARD_BY_ID["TAN1B"].vp.notation() == "var: 1VP per PINNED in-play, except REG"
    assert CARD_BY_ID["ABB4"].vp == VarVP(1, Count(CountKind.RESOURCE, resources=(Resource.GDS,),
                                                   zone=Zone.HERE), divisor=2)

    holy = CARD_BY_ID["MAG5"]
    assert holy.dev_cost.resources() == {Resource.MAT: 3, Resource.POP: 4}
    assert [x.card for x in holy.dev_cost.conditions] == ["Saint Stephen I", "Conversion to Christianity"]
    assert CARD_BY_ID["AKS8"].dev_cost.conditions[0].kind is DevConditionKind.FREE_IF_IN_PLAY
    assert CARD_BY_ID["POL4"].dev_cost == DevCost(
        mana_legends=1, conditions=(data.DevCondition(DevConditionKind.LAST_IN_DEVELOPMENT_AREA),))
    assert CARD_BY_ID["POL5"].dev_cost.mana_discard == 3
    assert CARD_BY_ID["GUP5"].dev_cost == DevCost(mat=2, pop=2, gds=2)

    assert CARD_BY_ID["CUL30A"].states == (StateIcon.CORR,) and CARD_BY_ID["CUL30A"].start is Start.STATE
    assert CARD_BY_ID["POL29A"].states == (StateIcon.ISLE, StateIcon.BARB)
    assert CARD_BY_ID["CUL4"].states == (StateIcon.CORR, StateIcon.SUMM)
    assert CARD_BY_ID["CUL28"].players is PlayerCount.THREE_PLUS and CARD_BY_ID["CUL28"].start is Start.CHS
    assert CARD_BY_ID["3FAM8"].triggers == (Trigger.FREE_ACTION, Trigger.EXHAUST)
    assert CARD_BY_ID["MRT23"].triggers == (Trigger.PLAY, Trigger.EXHAUST, Trigger.SOLSTICE)
    assert CARD_BY_ID["TAN1A"].triggers == (Trigger.PASSIVE, Trigger.EXHAUST, Trigger.END_OF_SOLSTICE)
    assert CARD_BY_ID["CUL25"].triggers == (Trigger.PLAY, Trigger.NOTE)
    assert CARD_BY_ID["GUP24"].triggers == (Trigger.SETUP, Trigger.PLAY)
    assert CARD_BY_ID["WAG1B"].types == (TypeIcon.PRODUCTION, TypeIcon.PRODUCTION)


def test_setup_numbers():
    # spec I2.6, I2.11, I2.16, I3.8, I3.12; seed PT l.523-559, l.591-604
    assert data.START_RESOURCES == {Resource.MAT: 3, Resource.POP: 2, Resource.PRG: 1}
    assert data.START_RESOURCES_TRADE_ROUTES == {Resource.MAT: 3, Resource.POP: 2, Resource.GDS: 1}
    assert data.MARTIAN_EXTRA_PRG == {Face.A: 25, Face.B: 20}
    assert (data.ACTION_TOKENS, data.EXHAUST_TOKENS, data.TRADE_ROUTES_EXTRA_EXHAUST) == (3, 5, 1)
    assert data.OPENING_HAND == data.HAND_LIMIT == 5
    assert data.MARKET_SLOTS == len(data.MARKET_SLOT_SOURCE) == 5
    assert data.MARKET_SLOT_SOURCE.count(None) == 2
    for n in range(data.MIN_PLAYERS, data.MAX_PLAYERS + 1):
        assert data.FAME_PILE_SIZE[n] == data.SMALL_PILE_SIZE[n] == {1: 6, 2: 6, 3: 7, 4: 8}[n]
        assert data.TRIBUTARIES_REMOVED[n] == {1: 2, 2: 2, 3: 1, 4: 0}[n]
        assert data.COMMON_UNREST[n] == {1: 8, 2: 8, 3: 10, 4: 12}[n]
        # enough fame cards for the largest pile, with and without Trade Routes
        fame = [c for c in COMMON_CARDS if c.banner is Suit.FAME]
        assert len(fame) >= data.FAME_PILE_SIZE[n]
        assert len(fame) + 1 >= data.FAME_PILE_SIZE[n] + data.FAME_PILE_TRADE_ROUTES_EXTRA
    assert data.TRIBUTARIES_FACE_UP == 3 and data.VP_CAP_PER_CARD == 10 and data.PROFIT_GDS == 3
    assert data.COMPONENT_COUNTS["exhaust tokens"] == 21 and data.COMPONENT_COUNTS["gds tokens"] == 36


def test_docs_describe_the_data_and_the_differences():
    text = (ROOT / "docs" / "imperium.md").read_text()
    assert "## Data sources" in text and "## Rule decisions" in text
    for d in data.SEED_DIFFERENCES:
        assert d.section.split(",")[0].split()[0] in text, d.section


# ================================================================ against the spec
@needs_spec
def test_every_spec_row_is_transcribed():
    rows = _spec_rows()
    seen = []
    for section, row in rows:
        ids = _ids(row["Id"])
        for card_id in ids:
            c = CARD_BY_ID[card_id]
            seen.append(card_id)
            where = f"{section} {card_id}"
            assert c.source.startswith(f"imperium.md {section}, row "), where
            assert c.name == row["Name"], where
            assert [s.code for s in c.suits] == (row["Suit"].split("+") if row["Suit"] else []), where
            assert [s.code for s in c.states] == (row["State"].split("/") if row["State"] else []), where
            assert [t.code for t in c.types] == row["Types"].split(), where
            assert (c.header.code if c.header is not None else "") == row["Hdr"], where
            assert (c.start.code if c.start is not None else "") == row["Start"], where
            assert (c.players.code if c.players is not None else "") == row["Pl"], where
            assert (c.expansion.code if c.expansion is not None else "") == row["Exp"], where
            assert (c.vp.notation() if c.vp is not None else "") == _normalise_vp(row["VP"]), where
            expected_trig = _spec_triggers(row["Effect"])
            got_trig = [t.code for t in c.triggers]
            if card_id == "MRT23":  # its exhaust ability is written unbolded (see data.py)
                assert "Exhaust:" in row["Effect"]
                got_trig.remove("EXHAUST")
            assert got_trig == expected_trig, where
            _check_cost(c, row["Dev cost"], where)
    # every C1-C4 card except the prose-only C1 ones (King of Kings, state cards) is a row
    prose = {c.id for c in SHARED_CARDS if c.name != "Unrest"}
    assert sorted(seen) == sorted(c.id for c in CARDS if c.id not in prose)


def _check_cost(card, cell: str, where: str):
    if not cell:
        assert card.dev_cost is None, where
        return
    cost = card.dev_cost
    head = re.split(r" ¦ | «|\. ", cell.removeprefix("Development cost: "))[0]
    amounts = {Resource.from_code(r): int(n) for n, r in re.findall(r"(\d+)(mat|pop|prg|gds)\b", head)}
    assert cost.resources() == amounts, where
    mana = re.search(r"(DISCARD|LEGENDS\()\s*(\d+) mana", cell)
    assert (cost.mana_discard, cost.mana_legends) == (
        (int(mana.group(2)), 0) if mana and mana.group(1) == "DISCARD" else
        (0, int(mana.group(2))) if mana else (0, 0)), where
    named = [n for n in re.findall(r"«([^»]+)»", cell) if not n.startswith("Cannot")]
    assert [x.card for x in cost.conditions if x.card] == named, where
    assert any(x.kind is DevConditionKind.LAST_IN_DEVELOPMENT_AREA for x in cost.conditions) == (
        "last card in the development area" in cell), where


@needs_spec
def test_spec_vocabulary_is_covered_by_the_enums():
    rows = _spec_rows()
    col_enum = {"Suit": (Suit, "+"), "State": (StateIcon, "/"), "Types": (TypeIcon, None),
                "Hdr": (Header, "|"), "Start": (Start, "|"), "Pl": (PlayerCount, "|"), "Exp": (Expansion, "|")}
    for col, (enum, sep) in col_enum.items():
        codes = set()
        for _, row in rows:
            if row[col]:
                codes |= set(row[col].split(sep) if sep else row[col].split())
        for code in codes:
            enum.from_code(code)  # raises on an unknown code
    for _, row in rows:
        for t in _spec_triggers(row["Effect"]):
            Trigger.from_code(t)
    # and the I1.6 / I1.7 / I1.8 / I1.10 legend tables list nothing the enums lack
    text = SPEC_PATH.read_text(encoding="utf-8")
    i1 = text[text.index("### I1."):text.index("### I2.")]
    for code in re.findall(r"`(#[a-z]+)`", i1):
        TypeIcon.from_code(code)
    assert {t.code for t in TypeIcon} <= set(re.findall(r"`(#[a-z]+)`", i1))
    suit_table = i1[i1.index("**I1.6"):i1.index("**I1.7")]
    assert {s.code for s in Suit} == set(re.findall(r"^\| `([A-Z]+)` \|", suit_table, re.M))
    state_table = i1[i1.index("**I1.7"):i1.index("**I1.8")]
    assert {s.code for s in StateIcon} == set(re.findall(r"^\| `([A-Z]+)` \|", state_table, re.M))
    start_table = i1[i1.index("**I1.10"):i1.index("**I1.11")]
    assert {s.code for s in Start} - {"STATE"} == set(re.findall(r"^\| `([A-Z]+)`", start_table, re.M))


@needs_spec
def test_stated_compositions_match_the_spec_headers():
    text = SPEC_PATH.read_text(encoding="utf-8")
    words = {"power card": SetupPile.POWER_CARD, "special state card": SetupPile.STATE_CARD,
             "other in-play": SetupPile.IN_PLAY, "accession": SetupPile.ACCESSION,
             "development": SetupPile.DEVELOPMENT, "nation deck": SetupPile.NATION_DECK,
             "starting draw deck": SetupPile.DRAW_DECK, "to unrest pile": SetupPile.UNREST_PILE,
             "chaos pile": SetupPile.CHAOS_PILE}
    aggression = {"Pacific": Aggression.PACIFIC, "Partially pacific": Aggression.PARTIALLY_PACIFIC,
                  "Aggressive": Aggression.AGGRESSIVE, "Ruthless": Aggression.RUTHLESS}
    for n in NATIONS:
        block = re.search(rf"^#### C4\.{n.code.name} (.+?)\n(.*?)\n\| Id", text, re.S | re.M)
        assert block and block.group(1) == n.name
        head = block.group(2)
        m = re.search(r"Aggression: ([\w ]+)\. Trade Routes required: (yes|no)\. "
                      r"Seed component count: (\d+) cards", head)
        assert (aggression[m.group(1)], m.group(2) == "yes", int(m.group(3))) == (
            n.aggression, n.trade_routes_required, n.seed_card_count)
        comp = re.search(r"Composition \(data\): (.*) — total (\d+)\.", head)
        stated = {words[w.strip()]: int(k) for w, k in re.findall(r"([a-z -]+?) (\d+)(?:,|$)", comp.group(1).strip())}
        assert stated == dict(n.composition) and int(comp.group(2)) == n.composition_total, n.code
