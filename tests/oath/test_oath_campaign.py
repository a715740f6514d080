"""Campaign (O5.5) without battle plans (test_oath_plans.py has those): the defender, targets and pools, Imperial Allies, the
rolls with chosen dice (the spec's worked example), sacrifice, defeat and the attacker's victory.
Dice are fixed by searching the game's generator for a word that rolls the faces a test needs."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath import state as S
from meeplegym.envs.oath.rules import campaign as K
from tests.oath import scenario as sc
from tests.oath.scenario import HS, ID, MOUNTAIN, PLAINS, ROCKY_COAST, SK, SW, B, SH, X2, duel, word_for

CAMPAIGN = A.MAJOR + int(D.MajorAction.CAMPAIGN)
RED, BLUE = int(D.Colour.RED), int(D.Colour.BLUE)
PAWN = A.OPTION + 2


# ---------------------------------------------------------------- the declaration
@pytest.mark.rule("O5.5.1")
def test_defenders_are_rulers_of_your_site_or_pawns_there():
    s = duel()
    sc.act(s, CAMPAIGN)
    assert sc.legal(s) == [A.SEAT + 2]  # blue rules the site; nobody else is here
    s = sc.ready()
    sc.as_current(s, 1)
    s["pawn"][1] = 1
    s["slot_faceup"][1] = 1  # a faceup site with no warbands: the bandits rule it
    sc.act(s, CAMPAIGN)
    assert sc.legal(s) == [A.OPTION + 0]


@pytest.mark.rule("O5.5.2")
def test_your_site_is_declared_when_the_defender_rules_it():
    s = duel()
    sc.act(s, CAMPAIGN, A.SEAT + 2)
    assert s["tgt_slot"][ROCKY_COAST] == 1 and s["supply"][1] == 7 - 2
    # other targets: the pawn (blue holds no relic or banner); the declaration is complete
    assert sc.legal(s) == [A.END, PAWN]


@pytest.mark.rule("O5.5.2")
def test_a_target_at_your_site_is_required():
    s = sc.ready()
    sc.as_current(s, 1)  # red at the Plains, the Chancellor's pawn there too
    s["site_warbands"][PLAINS] = 0
    s["site_warbands"][PLAINS, RED] = 1  # red rules its own site
    sc.act(s, CAMPAIGN, A.SEAT + 0)
    assert A.END not in sc.legal(s)  # the Empire's sites are elsewhere: a pawn target is needed
    assert A.SLOT + MOUNTAIN in sc.legal(s) and PAWN in sc.legal(s)
    sc.act(s, A.SLOT + MOUNTAIN)
    assert A.END not in sc.legal(s)
    sc.act(s, PAWN)
    assert A.END in sc.legal(s)


@pytest.mark.rule("O5.5.2", "D1")
def test_a_pawn_target_at_the_plains_adds_the_plains_attack_die():
    """The Plains: +1 attack die "if any declared target is at this site"; the defender's pawn,
    banners and relics are targets at your site (O5.5.2), so they count (issue 47's re-check)."""
    s = sc.ready()
    sc.as_current(s, 1)  # red at the Plains, the Chancellor's pawn there too
    s["site_warbands"][PLAINS] = 0
    s["site_warbands"][PLAINS, RED] = 1  # red rules its own site: the Plains are not a site target
    sc.act(s, CAMPAIGN, A.SEAT + 0, PAWN, A.END, A.NUMBER + 3)
    assert s["tgt_slot"].sum() == 0 and s["attack_dice"] == 3 + 1


@pytest.mark.rule("O5.5.2", "D1", "O2.11")
def test_pools_count_targets_sites_and_the_title():
    s = sc.ready()
    sc.as_current(s, 1)  # red against the Chancellor, who holds the title (Oathkeeper: +1)
    sc.move(s, "Map", S.Z_PERSONAL, 0)  # relic dice 3
    s["pf_holder"], s["pf_tokens"] = 0, 2
    s["board_warbands"][1] = 5
    s["bank_warbands"][RED] -= 2
    sc.act(s, CAMPAIGN, A.SEAT + 0)  # the Plains are declared: 1 die
    sc.act(s, A.SLOT + MOUNTAIN, A.CARD + ID["Map"], A.OPTION + 0, PAWN, A.END)
    assert sc.legal(s) == [A.NUMBER + k for k in range(6)]
    before = s.copy()
    sc.act(s, A.NUMBER + 3)
    # Plains +1 and Mountain -1 attack die; defense 1 + 1 + 3 (Map) + 2 (banner) + 2 (pawn) + 1 (title)
    assert before["phase"] == S.PH_CAMPAIGN_DICE
    assert s["attack_dice"] == 3 and s["defense_dice"] == 10


# ---------------------------------------------------------------- the worked example (O5.5)
@pytest.mark.rule("O5.5.4", "O5.5.5", "O5.5.6", "O2.12")
def test_the_specs_worked_campaign_example():
    s = duel()
    sc.act(s, CAMPAIGN, A.SEAT + 2, PAWN, A.END)
    s["rng"] = word_for([SH, X2, B], [HS, HS, SW, SK])
    sc.act(s, A.NUMBER + 4)
    # attack 1 (two hollow) + 1 + 2 = 4 and the skull killed one; defense 2 x 1 shield + 2 + 3 = 7
    assert (s["attack"], s["defense"]) == (4, 7)
    # a win would need 4 sacrificed of 3 left: no sacrifice is offered; red loses 3 // 2 = 1
    assert s["phase"] == S.PH_ACT and s["board_warbands"][1] == 2
    assert s["site_warbands"][ROCKY_COAST, BLUE] == 2 and s["board_warbands"][2] == 3
    assert sc.warbands_of(s, RED) == 14 and sc.warbands_of(s, BLUE) == 14


@pytest.mark.rule("O5.5.5", "O9.5")
def test_sacrifice_is_exactly_what_wins():
    s = duel(red_board=6, blue_site=1, blue_board=0)
    sc.act(s, CAMPAIGN, A.SEAT + 2, A.END)  # the site alone: 1 die, 1 warband
    s["rng"] = word_for([SH], [HS, SW])
    sc.act(s, A.NUMBER + 2)
    assert (s["attack"], s["defense"]) == (1, 2) and s["phase"] == S.PH_CAMPAIGN_SACRIFICE
    sc.act(s, A.OPTION + 0)
    assert s["attack"] == 3 and s["board_warbands"][1] == 4  # 2 sacrificed: 3 > 2
    # the defeated force (the site's 1) loses 0; the rest goes to blue's board; red occupies
    assert s["phase"] == S.PH_CAMPAIGN_OCCUPY and s["board_warbands"][2] == 1
    sc.act(s, A.NUMBER + 2)
    assert s["site_warbands"][ROCKY_COAST, RED] == 2 and s["board_warbands"][1] == 2
    assert s["phase"] == S.PH_ACT and sc.warbands_of(s, RED) == 14  # the sacrificed went back to the bank


@pytest.mark.rule("O5.5.6", "O5.5.7")
def test_victory_losses_chosen_by_the_defeated_then_occupy_banish_and_burn():
    s = duel(red_board=8, blue_site=1, blue_board=2)
    s["favor"][2] += 4
    s["shared_favor"] -= 4
    sc.act(s, CAMPAIGN, A.SEAT + 2, PAWN, A.END)
    s["rng"] = word_for([B, B, B], [SW] * 4)
    sc.act(s, A.NUMBER + 4)
    assert (s["attack"], s["defense"]) == (4, 3)
    # the defending force of 3 loses 1: blue chooses where
    assert s["phase"] == S.PH_CAMPAIGN_LOSSES and s["actor"] == 2
    assert sc.legal(s) == [A.SLOT + ROCKY_COAST, A.SEAT + 2]
    sc.act(s, A.SEAT + 2)
    # the rest (1 at the site) goes to blue's board
    assert s["board_warbands"][2] == 2 and s["site_warbands"][ROCKY_COAST, BLUE] == 0
    assert s["actor"] == 1 and s["phase"] == S.PH_CAMPAIGN_OCCUPY
    sc.act(s, A.NUMBER + 3)
    assert s["site_warbands"][ROCKY_COAST, RED] == 3 and s["board_warbands"][1] == 5
    assert s["phase"] == S.PH_CAMPAIGN_BANISH and A.END in sc.legal(s)
    sc.act(s, A.SLOT + MOUNTAIN)
    assert s["pawn"][2] == MOUNTAIN and s["phase"] == S.PH_CAMPAIGN_BURN
    shared = int(s["shared_favor"])
    sc.act(s, A.OPTION + 0)
    assert s["favor"][2] == 3 and s["shared_favor"] == shared + 2 and s["phase"] == S.PH_ACT
    assert sc.warbands_of(s, BLUE) == 14 and sc.favor_total(s) == D.FAVOR_TOTAL


@pytest.mark.rule("O5.5.7", "O2.5")
def test_seized_banners_lose_two_tokens_and_the_peoples_favor_turns_mob():
    s = duel(red_board=8, blue_site=1, blue_board=0)
    s["pf_holder"], s["pf_tokens"], s["ds_holder"], s["ds_tokens"] = 2, 4, 2, 2
    s["shared_favor"] -= 3
    sc.act(s, CAMPAIGN, A.SEAT + 2, A.OPTION + 0, A.OPTION + 1, A.END)
    s["rng"] = word_for([B] * 7, [SK])
    sc.act(s, A.NUMBER + 1)
    assert (s["attack"], s["defense"]) == (2, 1) and s["board_warbands"][1] == 7  # the skull
    sc.act(s, A.NUMBER + 0)  # leave the site empty
    assert (s["pf_holder"], s["pf_tokens"], s["pf_mob"]) == (1, 2, 1)
    assert (s["ds_holder"], s["ds_tokens"]) == (1, 1)  # never below one
    assert sc.favor_total(s) == D.FAVOR_TOTAL


@pytest.mark.rule("O5.5.2", "O6.9")
def test_the_chancellor_and_a_willing_citizen_defend_together():
    s = sc.ready()
    s["side"][3] = S.SIDE_CITIZEN  # yellow: a Citizen, its pawn at the Plains with everyone's
    s["board_warbands"][3] = 0
    s["bank_warbands"][int(D.Colour.YELLOW)] += 3
    sc.as_current(s, 1)
    s["board_warbands"][1] = 10
    s["bank_warbands"][RED] -= 7
    sc.act(s, CAMPAIGN, A.SEAT + 0, A.END)  # the Plains (declared), against the Empire
    sc.act(s, A.NUMBER + 9)  # and the Plains add one (D1)
    assert s["attack_dice"] == 10
    assert s["phase"] == S.PH_CAMPAIGN_ALLY and s["actor"] == 3
    s["board_warbands"][3] = 2  # yellow's purple warbands
    s["bank_warbands"][S.PURPLE] -= 2
    sc.act(s, A.OPTION + 0)
    assert s["phase"] == S.PH_CAMPAIGN_PERMIT and s["actor"] == 0
    sc.act(s, A.OPTION + 0)
    assert s["phase"] == S.PH_CAMPAIGN_PLANS and s["actor"] == 0  # Longbows, at the Plains the Chancellor rules
    sc.act(s, A.END)
    assert s["phase"] == S.PH_CAMPAIGN_PLANS and s["actor"] == 3  # yellow, an Imperial Ally, rules it too
    s["rng"] = word_for([B, B], [HS] * 10)
    sc.act(s, A.END)
    # defense: 2 warbands at the Plains + the Chancellor's board 3 + yellow's board 2
    assert s["defense"] == 2 + 3 + 2 and s["attack"] == 5
    sc.act(s, A.END)  # no sacrifice    assert s["board_warbands"][1] == 5  # red lost half of 10


@pytest.mark.rule("O5.5.7", "D1")
def test_the_shrouded_woods_ruler_picks_where_the_banished_go():
    s = duel(red_board=8, blue_site=0, blue_board=0)
    sc.put_site(s, ROCKY_COAST, "Shrouded Wood")
    s["site_warbands"][ROCKY_COAST, S.PURPLE] = 1  # the Empire rules it
    s["bank_warbands"][S.PURPLE] -= 1
    sc.act(s, CAMPAIGN, A.SEAT + 2, PAWN, A.END)
    s["rng"] = word_for([B, B], [SW] * 3)
    sc.act(s, A.NUMBER + 3)
    assert s["phase"] == S.PH_CAMPAIGN_BANISH and sc.legal(s) == [A.END, A.OPTION + 0]
    sc.act(s, A.OPTION + 0)
    assert s["phase"] == S.PH_BANISH_WHERE and s["actor"] == 0
    sc.act(s, A.SLOT + 6)
    assert s["pawn"][2] == 6 and s["actor"] == 1 and s["phase"] == S.PH_ACT


# ---------------------------------------------------------------- campaigning through a power (D2)
def _red_rules_the_mountain(s, stationed):
    s["bank_warbands"][S.PURPLE] += int(s["site_warbands"][MOUNTAIN, S.PURPLE])
    s["site_warbands"][MOUNTAIN] = 0
    s["site_warbands"][MOUNTAIN, RED] = stationed
    s["bank_warbands"][RED] -= stationed


@pytest.mark.rule("O5.5.1", "O5.5.2", "O5.5.6", "D2")
def test_captains_campaign_at_a_ruled_site_for_free_with_the_warbands_stationed_there():
    s = duel(red_board=0)
    _red_rules_the_mountain(s, 2)
    sc.move(s, "Captains", S.Z_SITE, MOUNTAIN)  # F
    s["pawn"][3] = MOUNTAIN  # yellow visits red's site
    s["bank_warbands"][int(D.Colour.YELLOW)] += int(s["board_warbands"][3])
    s["board_warbands"][3] = 0
    sc.act(s, A.CARD + ID["Captains"])
    assert sc.legal(s) == [A.SLOT + MOUNTAIN]  # the only site red rules
    sc.act(s, A.SLOT + MOUNTAIN)
    assert s["phase"] == S.PH_CAMPAIGN_DEFENDER and s["camp_from"] == MOUNTAIN
    assert sc.legal(s) == [A.SEAT + 3]  # as if red's pawn were at the Mountain: blue is not there
    sc.act(s, A.SEAT + 3)
    assert s["supply"][1] == 7  # no Supply spent
    assert A.END not in sc.legal(s)  # a target at the Mountain is still needed: yellow's pawn
    sc.act(s, PAWN, A.END)
    assert sc.legal(s) == [A.NUMBER + k for k in range(3)]  # the force: the 2 stationed warbands
    s["rng"] = word_for([SH, SH], [SW])
    sc.act(s, A.NUMBER + 2)
    assert s["attack_dice"] == 2 - 1  # the Mountain's -1: yellow's pawn is a target there (D1)
    assert (s["attack"], s["defense"]) == (1, 2) and s["phase"] == S.PH_CAMPAIGN_SACRIFICE
    sc.act(s, A.END)  # defeated: half the force of 2 dies, at the Mountain (the board is empty)
    assert s["site_warbands"][MOUNTAIN, RED] == 1 and s["phase"] == S.PH_ACT and s["camp_from"] == -1
    assert sc.warbands_of(s, RED) == 14


@pytest.mark.rule("O5.5.2", "O7.5", "D2")
def test_encirclement_counts_the_warbands_stationed_at_a_captains_site():
    s = duel(red_board=0)
    _red_rules_the_mountain(s, 2)
    sc.move(s, "Captains", S.Z_SITE, MOUNTAIN)
    sc.move(s, "Encirclement", S.Z_ADVISER, 1, 1)  # F: force_larger, attack +-2
    s["shared_favor"] -= 2 - int(s["favor"][1])
    s["favor"][1] = 2  # one for Captains, one for Encirclement
    s["pawn"][3] = MOUNTAIN
    s["bank_warbands"][int(D.Colour.YELLOW)] += int(s["board_warbands"][3])
    s["board_warbands"][3] = 0
    sc.act(s, A.CARD + ID["Captains"], A.SLOT + MOUNTAIN, A.SEAT + 3, A.OPTION + 2, A.END, A.NUMBER + 1)
    # red's board is empty, but its force is the 2 stationed warbands against yellow's none
    assert s["phase"] == S.PH_CAMPAIGN_PLANS and A.CARD + ID["Encirclement"] in sc.legal(s)


@pytest.mark.rule("O5.5.1", "D2")
def test_wild_allies_campaign_at_a_site_holding_a_beast_card():
    s = duel()
    sc.move(s, "Wild Allies", S.Z_ADVISER, 1, 1)  # S
    s["secrets"][1] = 1
    assert A.CARD + ID["Wild Allies"] not in sc.legal(s)  # no Beast card at any site
    s["slot_faceup"][1] = 1  # a faceup site without warbands: the bandits rule it
    sc.move(s, "Wolves", S.Z_SITE, 1)
    sc.act(s, A.CARD + ID["Wild Allies"])
    assert sc.legal(s) == [A.SLOT + 1]
    sc.act(s, A.SLOT + 1)
    assert sc.legal(s) == [A.OPTION + 0]  # the bandits there, not blue at red's own site
    sc.act(s, A.OPTION + 0)
    assert s["tgt_slot"][1] == 1 and s["supply"][1] == 7 and s["card_secrets"][ID["Wild Allies"]] == 1


@pytest.mark.rule("O5.5.1", "O5.5.2", "D2")
def test_giant_python_asks_for_targets_adding_an_even_total_of_defense_dice():
    campaign = A.MAJOR + int(D.MajorAction.CAMPAIGN)
    s = duel()
    assert campaign in sc.legal(s)
    sc.move(s, "Giant Python", S.Z_ADVISER, 2, 1)
    assert campaign not in sc.legal(s)  # blue's site (1 die) and pawn (2): never an even total
    cauldron = sc.move(s, "Cursed Cauldron", S.Z_PERSONAL, 2)  # 3 dice
    sc.act(s, campaign)
    assert sc.legal(s) == [A.SEAT + 2]
    sc.act(s, A.SEAT + 2)  # blue rules the Rocky Coast: 1 die declared
    assert sc.legal(s) == [A.OPTION + 2, A.CARD + cauldron]  # no END while odd
    sc.act(s, A.OPTION + 2)  # 3: only the Cauldron makes it even
    assert sc.legal(s) == [A.CARD + cauldron]
    sc.act(s, A.CARD + cauldron)
    assert sc.legal(s) == [A.END]
    sc.act(s, A.END, A.NUMBER + 2)
    assert s["defense_dice"] == 1 + 2 + 3


def _fits(counts, expected, trials):
    """A chi-square test at p = 0.001, outcomes expected fewer than 5 times pooled into one."""
    rare = [k for k, p in expected.items() if trials * p < 5]
    cells = [(counts.get(k, 0), trials * p) for k, p in expected.items() if k not in rare]
    cells.append((sum(counts.get(k, 0) for k in rare), trials * sum(expected[k] for k in rare)))
    cells = [(seen, want) for seen, want in cells if want > 0]
    stat = sum((seen - want) ** 2 / want for seen, want in cells)
    df = len(cells) - 1
    critical = df * (1 - 2 / (9 * df) + 3.09 * (2 / (9 * df)) ** 0.5) ** 3  # Wilson-Hilferty, z(0.999)
    return set(counts) <= set(expected) and stat < critical


def _exact(n, score):
    """The exact distribution of score(faces) over every roll of n dice (6**n equally likely)."""
    out = Counter()
    for faces in itertools.product(range(6), repeat=n):
        out[score(faces)] += 1 / 6 ** n
    return out


@pytest.mark.rule("O2.12", "O5.5.4", "O5.5.5")
@pytest.mark.parametrize("n", [1, 2, 3])
def test_the_dice_roll_with_the_frequencies_of_their_faces(n):
    """The engine's rolls against the faces of O2.12 counted by hand: defense -- shields, doubled per
    x2 face; attack -- swords, a hollow sword worth half (rounded down), a skull face two swords
    and a skull. 6000 rolls each (the generator is seeded: the test is deterministic)."""
    defense = [D.DefenseFace(f) for f in D.DEFENSE_DIE]
    attack = [D.AttackFace(f) for f in D.ATTACK_DIE]

    def shields(faces):
        got = sum({D.DefenseFace.SHIELD: 1, D.DefenseFace.TWO_SHIELDS: 2}.get(defense[f], 0) for f in faces)
        return got * 2 ** sum(defense[f] == D.DefenseFace.DOUBLE for f in faces)

    def swords(faces):
        hollow = sum(attack[f] == D.AttackFace.HOLLOW_SWORD for f in faces)
        full = sum({D.AttackFace.SWORD: 1, D.AttackFace.SWORDS_SKULL: 2}.get(attack[f], 0) for f in faces)
        return full + hollow // 2, sum(attack[f] == D.AttackFace.SWORDS_SKULL for f in faces)

    s = sc.ready()
    trials = 6000
    rolled = Counter(int(K.roll_shields(s, n)) for _ in range(trials))
    expected = _exact(n, shields)
    assert _fits(rolled, expected, trials)
    s["attack_dice"] = n
    s["plan_flags"][:] = 0
    rolled = Counter()
    for _ in range(trials):
        K.roll_attack(s)
        rolled[int(s["attack"]), int(s["skulls"])] += 1
    assert _fits(rolled, _exact(n, swords), trials)
