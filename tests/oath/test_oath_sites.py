"""Site powers (D1, the Site Reference) that no other module checks on their own: the Homelands
other than Ancient City, the Plains and the Mountain one at a time, Narrow Pass and The Hidden
Place in a campaign, Barren Coast past a Narrow Pass, the Opportunity secret, the Drowned City's
capacity of 0, the relic Recover costs other than the Mountain's, and the Great Slum.

Positions are the tutorial table (`scenario.ready()`): the Chancellor (seat 0) rules the Plains
(slot 0), the Mountain (2) and the Rocky Coast (5); every pawn is at the Plains."""

from __future__ import annotations

import pytest

from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath import invariants
from meeplegym.envs.oath import state as S
from tests.oath import scenario as sc
from tests.oath.coverage_helpers import (
    CAMPAIGN, RECOVER, TO_SITE, TRAVEL, card, clear_site, give_site, search_keep, set_favor,
)
from tests.oath.scenario import ID, MOUNTAIN, PLAINS, ROCKY_COAST

RED = int(D.Colour.RED)
PROV_2, HINT_2 = sc.PROV_2, sc.HINT_2


def play_here(site, name, relic=None):
    """The Chancellor, with `site` replacing the Plains (emptied of cards, `relic` lying there
    facedown), searches, keeps `name` and plays it to the site; returns (state, state before
    the play)."""
    s = sc.ready()
    sc.put_site(s, PLAINS, site)
    clear_site(s, PLAINS)
    if relic:
        sc.move(s, relic, S.Z_SITE, PLAINS, faceup=0)
    search_keep(s, name)
    before = s.copy()
    sc.act(s, TO_SITE)
    return s, before


# ---------------------------------------------------------------- Homelands (D1, O5.1.4.1)
# (site, a card of its suit, a card of another suit); none of these cards has a When-played power
HOMELANDS = [
    ("Fertile Valley", "Extra Provisions", "Scouts"),  # Hearth: 1 more Hearth favor
    ("Standing Stones", "Augury", "Scouts"),  # Arcane: 1 secret
    ("Steppe", "Tents", "Scouts"),  # Nomad: 1 secret
    ("Deep Woods", "Rangers", "Scouts"),  # Beast: the relic here
    ("Wastes", "Mercenaries", "Scouts"),  # Discord: the relic here
]


@pytest.mark.rule("D1", "O5.1.4.1")
@pytest.mark.parametrize("site, same_suit, other_suit", HOMELANDS, ids=[h[0] for h in HOMELANDS])
def test_homeland_rewards_only_a_card_of_its_suit(site, same_suit, other_suit):
    """The Homeland reward comes on top of the site-play favor, and only for its own suit."""
    row = D.SITE_BY_NAME[site]
    suit = int(row.homeland)
    assert D.DENIZEN_BY_NAME[same_suit].suit == row.homeland != D.DENIZEN_BY_NAME[other_suit].suit

    def gains(name):
        s, before = play_here(site, name, relic="Map")
        return (int(s["favor"][0] - before["favor"][0]), int(s["secrets"][0] - before["secrets"][0]),
                int(before["favor_bank"][suit] - s["favor_bank"][suit]), s["zone"][ID["Map"]] == S.Z_PERSONAL)

    favor, secrets, from_suit_bank, took_relic = gains(same_suit)
    want = {
        D.HomelandReward.FAVOR: (2, 0, 2, False),  # the site-play favor and the Homeland's, both Hearth
        D.HomelandReward.SECRET: (1, 1, 1, False),
        D.HomelandReward.RELIC: (1, 0, 1, True),
    }[row.homeland_reward]
    assert (favor, secrets, from_suit_bank, took_relic) == want
    favor, secrets, _, took_relic = gains(other_suit)
    assert (favor, secrets, took_relic) == (1, 0, False)  # the site-play favor only


@pytest.mark.rule("D1", "O5.1.4.1", "O5.4.3")
def test_deep_woods_and_wastes_hand_over_the_relic_faceup_as_a_recovery():
    """The relic a Beast or Discord Homeland gives goes faceup into the player's personal bank and
    is seen by everyone, like a recovered relic."""
    s, _ = play_here("Deep Woods", "Rangers", relic="Map")
    r = ID["Map"]
    assert (s["zone"][r], s["where"][r], s["faceup"][r]) == (S.Z_PERSONAL, 0, 1)
    assert s["known"][r] == -1


# ---------------------------------------------------------------- the Plains and the Mountain (D1, O5.5.2)
def attack_dice_declared(at, chosen=3):
    """Red (3 warbands on its board) campaigns against the Chancellor from `at`, which the
    Empire rules and so is declared alone, with `chosen` attack dice; returns the pool."""
    s = sc.ready()
    sc.as_current(s, 1)
    s["pawn"][1] = at
    sc.act(s, CAMPAIGN, A.SEAT + 0, A.END, A.NUMBER + chosen)
    assert s["phase"] == S.PH_CAMPAIGN_PLANS  # Longbows, the Empire's: the pools are built, nothing rolled
    assert s["tgt_slot"].tolist() == [int(k == at) for k in range(D.SLOTS)]
    return int(s["attack_dice"])


@pytest.mark.rule("D1", "O5.5.2")
def test_the_plains_add_and_the_mountain_removes_an_attack_die_each_on_its_own():
    """With a single site declared, the Plains add one attack die and the Mountain removes one;
    an ordinary site changes nothing (the pools test elsewhere declares both, which cancel)."""
    assert attack_dice_declared(ROCKY_COAST) == 3
    assert attack_dice_declared(PLAINS) == 4
    assert attack_dice_declared(MOUNTAIN) == 2


# ---------------------------------------------------------------- Narrow Pass and The Hidden Place in a campaign
@pytest.mark.rule("D1", "O5.5.2")
def test_narrow_pass_must_be_targeted_with_any_target_beyond_it():
    """Campaigning from the Cradle at the Mountain (Provinces) also targets the Provinces' Narrow
    Pass, which the attacker does not rule; a Pass the defender does not rule closes the region."""
    s = sc.ready()
    sc.put_site(s, PROV_2, "Narrow Pass")
    give_site(s, PROV_2, S.PURPLE)  # the Empire rules the Pass as well
    sc.as_current(s, 1)  # red at the Plains
    sc.act(s, CAMPAIGN, A.SEAT + 0, A.SLOT + MOUNTAIN)
    assert s["tgt_slot"][MOUNTAIN] == 1 and s["tgt_slot"][PROV_2] == 1
    assert s["tgt_slot"][ROCKY_COAST] == 0  # the Hinterland has no Pass
    s = sc.ready()
    sc.put_site(s, PROV_2, "Narrow Pass")
    give_site(s, PROV_2, RED)  # red's own Pass: the Mountain is declared alone
    sc.as_current(s, 1)
    sc.act(s, CAMPAIGN, A.SEAT + 0, A.SLOT + MOUNTAIN)
    assert s["tgt_slot"][MOUNTAIN] == 1 and s["tgt_slot"][PROV_2] == 0
    s = sc.ready()
    sc.put_site(s, PROV_2, "Narrow Pass")  # faceup, no warbands: the bandits' Pass
    sc.as_current(s, 1)
    sc.act(s, CAMPAIGN, A.SEAT + 0)
    assert A.SLOT + MOUNTAIN not in sc.legal(s) and A.SLOT + ROCKY_COAST in sc.legal(s)


@pytest.mark.rule("D1", "O5.5.2")
def test_the_hidden_place_is_targeted_only_by_flipping_a_secret():
    """Declaring The Hidden Place as a target costs a secret flipped facedown; without one it is
    not offered."""
    s = sc.ready()
    sc.put_site(s, PROV_2, "The Hidden Place")
    give_site(s, PROV_2, S.PURPLE)
    sc.as_current(s, 1)
    s["secrets"][1] = 0
    sc.act(s, CAMPAIGN, A.SEAT + 0)
    assert A.SLOT + PROV_2 not in sc.legal(s) and A.SLOT + MOUNTAIN in sc.legal(s)
    s = sc.ready()
    sc.put_site(s, PROV_2, "The Hidden Place")
    give_site(s, PROV_2, S.PURPLE)
    sc.as_current(s, 1)
    s["secrets"][1] = 2
    sc.act(s, CAMPAIGN, A.SEAT + 0, A.SLOT + PROV_2)
    assert s["tgt_slot"][PROV_2] == 1 and s["secrets"][1] == 1 and s["secrets_down"][1] == 1


# ---------------------------------------------------------------- Barren Coast (D1, O5.6.1)
@pytest.mark.rule("D1", "O5.6.1")
def test_barren_coast_sails_to_another_coast_for_one_past_a_narrow_pass():
    """From the Barren Coast (Cradle) to the Rocky Coast (Hinterland) costs 1, not 4, and the
    Hinterland's Narrow Pass does not stop it; every other Hinterland site stays out of reach."""
    s = sc.ready()
    sc.put_site(s, sc.CRADLE_2, "Barren Coast")
    sc.put_site(s, HINT_2, "Narrow Pass")
    s["pawn"][0] = sc.CRADLE_2
    s["supply"][0] = 1
    sc.act(s, TRAVEL)
    assert sc.legal(s) == [A.SLOT + PLAINS, A.SLOT + ROCKY_COAST]
    sc.act(s, A.SLOT + ROCKY_COAST)
    assert s["pawn"][0] == ROCKY_COAST and s["supply"][0] == 0


# ---------------------------------------------------------------- Opportunity and the Drowned City (D1, O4.1.4)
@pytest.mark.rule("D1", "O4.1.4")
@pytest.mark.parametrize("site", ["Salt Flats", "Drowned City"])
def test_opportunity_sites_give_a_secret_at_the_wake(site):
    """At the end of the Wake a pawn at an Opportunity site may take one secret from it."""
    s = sc.ready()
    sc.put_site(s, sc.CRADLE_2, site)
    s["slot_secrets"][sc.CRADLE_2] = 2
    s["pawn"][1] = sc.CRADLE_2
    secrets = int(s["secrets"][1])
    sc.act(s, A.END)  # the Chancellor's turn ends; red wakes at the site
    assert s["phase"] == S.PH_OPPORTUNITY and s["current"] == 1
    sc.act(s, A.OPTION + 1)
    assert s["secrets"][1] == secrets + 1 and s["slot_secrets"][sc.CRADLE_2] == 1 and s["phase"] == S.PH_ACT


@pytest.mark.rule("D1", "O4.1.4")
def test_an_emptied_opportunity_site_asks_nothing():
    """With no favor or secret left on it, the site offers nothing at the Wake."""
    s = sc.ready()
    sc.put_site(s, sc.CRADLE_2, "Salt Flats")
    s["pawn"][1] = sc.CRADLE_2
    sc.act(s, A.END)
    assert s["current"] == 1 and s["phase"] == S.PH_ACT


@pytest.mark.rule("D1", "O2.8", "O5.1.4.1")
def test_the_drowned_city_holds_no_cards():
    """Capacity 0: a kept card cannot be played to the Drowned City."""
    s = sc.ready()
    sc.put_site(s, sc.CRADLE_2, "Drowned City")
    s["pawn"][0] = sc.CRADLE_2
    search_keep(s, "Scouts")
    assert TO_SITE not in sc.legal(s) and A.OPTION + 1 in sc.legal(s)  # an adviser is still fine


# ---------------------------------------------------------------- relic Recover costs (D1, O5.4.2)
@pytest.mark.rule("D1", "O5.4.2")
@pytest.mark.parametrize("site", ["Steppe", "Standing Stones", "Ancient City", "Deep Woods", "Marshes"])
def test_a_relic_costs_what_its_site_prints(site):
    """Recovering a relic lying at the site pays the site's cost: 3 favor into the named bank,
    or 2 secrets or 1 secret burned; a player who cannot pay is not offered the relic."""
    row = D.SITE_BY_NAME[site]

    def recover(favor, secrets):
        s = sc.ready()
        sc.put_site(s, PLAINS, site)
        sc.move(s, "Map", S.Z_SITE, PLAINS, faceup=0)
        set_favor(s, 0, favor)
        s["secrets"][0] = secrets
        return s

    def relic_offered(s):
        if RECOVER not in sc.legal(s):
            return False  # nothing at all to recover (the banners want more than is held)
        sc.act(s, RECOVER)
        return A.FACEDOWN + 0 in sc.legal(s)

    need_favor, need_secrets = {D.RecoverCost.PLACE_3_FAVOR: (3, 0), D.RecoverCost.BURN_2_SECRETS: (0, 2),
                                D.RecoverCost.BURN_1_SECRET: (0, 1)}[row.recover]
    assert not relic_offered(recover(max(need_favor - 1, 0), max(need_secrets - 1, 0)))
    s = recover(need_favor + 1, need_secrets + 1)
    assert relic_offered(s)
    banks = s["favor_bank"].copy()
    sc.act(s, A.FACEDOWN + 0)
    assert s["zone"][ID["Map"]] == S.Z_PERSONAL and s["where"][ID["Map"]] == 0
    assert (s["favor"][0], s["secrets"][0]) == (1, 1)
    paid_to = (s["favor_bank"] - banks).tolist()
    assert paid_to == [3 * (row.recover_suit is not None and b == int(row.recover_suit)) for b in range(6)]
    assert sc.favor_total(s) == D.FAVOR_TOTAL


# ---------------------------------------------------------------- Great Slum (D1)
@pytest.mark.rule("D1", "O5.1.4.1")
def test_great_slum_lets_you_discard_a_card_there_before_playing_to_it():
    """Playing a card to the Great Slum first offers to discard a card already there."""
    s = sc.ready()
    sc.put_site(s, PLAINS, "Great Slum")  # Longbows stays at the slot
    search_keep(s, "Scouts")
    sc.act(s, TO_SITE)
    assert card("Longbows") in sc.legal(s) and A.END in sc.legal(s)  # may, not must
    sc.act(s, card("Longbows"))
    assert s["zone"][ID["Longbows"]] == S.Z_DISCARD and s["where"][ID["Longbows"]] == int(D.Region.PROVINCES)
    assert s["zone"][ID["Scouts"]] == S.Z_SITE and s["where"][ID["Scouts"]] == PLAINS
    # a full Great Slum (capacity 3) still takes a card: the discard first makes the room
    s = sc.ready()
    sc.put_site(s, PLAINS, "Great Slum")
    sc.move(s, "Wolves", S.Z_SITE, PLAINS)
    sc.move(s, "Rangers", S.Z_SITE, PLAINS)
    search_keep(s, "Scouts")
    assert TO_SITE in sc.legal(s)
    sc.act(s, TO_SITE)
    assert A.END not in sc.legal(s) and card("Wolves") in sc.legal(s)  # now a must
    sc.act(s, card("Wolves"))
    assert s["zone"][ID["Scouts"]] == S.Z_SITE and s["zone"][ID["Wolves"]] == S.Z_DISCARD


@pytest.mark.rule("D1", "O6.2")
def test_great_slum_asks_a_power_that_moves_a_card_there_too():
    """Homesteaders moving an adviser onto the Great Slum lets its user discard another card there
    first: a choice while the site has room, a must when it is full."""
    for full in (False, True):
        s = sc.ready()
        sc.put_site(s, PLAINS, "Great Slum")  # the Chancellor's site; Longbows stays
        if full:
            sc.move(s, "Wolves", S.Z_SITE, PLAINS)
            sc.move(s, "Rangers", S.Z_SITE, PLAINS)
        sc.move(s, "Homesteaders", S.Z_ADVISER, 0)
        sc.move(s, "Scouts", S.Z_ADVISER, 0)
        sc.act(s, card("Homesteaders"), card("Scouts"))
        assert s["phase"] == S.PH_SLUM and s["zone"][ID["Scouts"]] == S.Z_SITE
        assert card("Longbows") in sc.legal(s) and card("Scouts") not in sc.legal(s)
        assert (A.END in sc.legal(s)) != full
        assert invariants.explain(s) == ""  # one over the capacity only while the discard is asked
        sc.act(s, card("Longbows"))
        assert s["zone"][ID["Longbows"]] == S.Z_DISCARD and s["phase"] == S.PH_ACT and s["slum_card"] == 0
