"""The solo campaign (I14.11) and the Supreme Leader campaign (I14.12): what a campaign carries
into a game's setup (engine.new_game's ``campaign``), and the sheet that keeps it from game to
game (envs/imperium/solo_campaign.py)."""

from __future__ import annotations

import numpy as np
import pytest

from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import engine, invariants
from meeplegym.envs.imperium.rules.scoring import automa_won
from meeplegym.envs.imperium.solo_campaign import Campaign
from meeplegym.envs.imperium.state import GDS, MAT, POP, PH_GAME_OVER, PRG, Z_BOX, Z_DRAW, Z_HAND
from meeplegym.errors import InvalidOptionError


def _solo(seed=0, trade_routes=False, supreme_leader=False, **campaign):
    return engine.new_game(1, seed, nations=["japanese"], automa="mayans", trade_routes=trade_routes,
                           supreme_leader=supreme_leader, campaign=campaign or None)[0]


def _deck(s) -> set[str]:
    """The player's cards in hand and draw pile at the start: its starting deck."""
    return {K.RECORD_IDS[c] for c in range(len(s["zone"]))
            if s["owner"][c] == 0 and s["zone"][c] in (Z_HAND, Z_DRAW)}


def _common_in_main_deck(s) -> str:
    return next(K.RECORD_IDS[c] for c in s["main_deck"][:s["main_size"]] if int(c) in engine.CAMPAIGN_COMMON)


def _index(card_id: str) -> int:
    return int(K.PHYSICAL[K.record_index(card_id)])


@pytest.mark.rule("I14.11", "I2.13")
def test_a_campaign_game_deals_the_added_card_to_the_player_and_leaves_the_removed_one_in_the_box():
    plain = _solo()
    start = _deck(plain)
    gone, common = sorted(start)[0], _common_in_main_deck(plain)
    s = _solo(added=[common], removed=[gone])
    assert _deck(s) == (start - {gone}) | {common}
    assert s["zone"][_index(gone)] == Z_BOX
    c = _index(common)  # in the player's deck only: not also in the main deck, a pile or the market
    assert c not in s["main_deck"][:s["main_size"]] and c not in s["market"]
    assert all(c not in s["small_pile"][k, :s["small_size"][k]] for k in range(len(s["small_size"])))
    assert s["main_size"] == plain["main_size"] - 1


@pytest.mark.rule("I14.11", "I2.11")
@pytest.mark.parametrize("trade_routes", [False, True])
def test_the_game_after_a_loss_starts_with_doubled_resources(trade_routes):
    plain, doubled = _solo(trade_routes=trade_routes), _solo(trade_routes=trade_routes, doubled=True)
    expected = (6, 4, 0, 2) if trade_routes else (6, 4, 2, 0)  # 2 gds instead of 2 prg (seed)
    assert tuple(int(x) for x in doubled["pool"][0, [MAT, POP, PRG, GDS]]) == expected
    assert (doubled["pool"][0] == 2 * plain["pool"][0]).all()
    automa = int(plain["automa"])
    assert (doubled["pool"][automa] == plain["pool"][automa]).all()  # the automa's are its own


@pytest.mark.rule("I14.12")
def test_supreme_leader_wins_leave_common_unrest_out_of_the_pile():
    full, two_out = _solo(supreme_leader=True), _solo(supreme_leader=True, unrest_out=2)
    in_box = [sum(s["zone"][c] == Z_BOX for c in K.COMMON_UNREST) for s in (full, two_out)]
    assert len(K.COMMON_UNREST) - in_box[0] == 10  # 12 printed, the "4" pair not in solo; +2 (I14.12)
    assert in_box[1] == in_box[0] + 2  # 8 of the 10 in the game


@pytest.mark.rule("I14.11")
@pytest.mark.parametrize("kwargs, message", [
    ({"n_players": 2, "campaign": {"doubled": True}}, "played solo"),
    ({"campaign": {"unrest_out": 1}}, "Supreme Leader campaign only"),
    ({"campaign": {"added": ["UNR1"]}}, "not a common card"),
    ({"campaign": {"added": ["JPN15"]}}, "not a common card"),
    ({"campaign": {"removed": ["MAY18"]}}, "starting deck"),
    ({"campaign": {"removed": ["nope"]}}, "unknown card id"),
    ({"campaign": {"doubled": 1}}, "True or False"),
    ({"campaign": {"wins": 2}}, "keys among"),
])
def test_bad_campaign_options_are_refused(kwargs, message):
    n = kwargs.pop("n_players", 1)
    nations = ["japanese"] + ["magyars"] * (n - 1)
    with pytest.raises(InvalidOptionError, match=message):
        engine.new_game(n, 0, nations=nations, automa="mayans" if n == 1 else None, **kwargs)


@pytest.mark.rule("I14.11")
def test_the_sheet_raises_the_level_after_each_win_and_doubles_after_a_loss_until_the_next_win():
    state = _solo()
    camp = Campaign("japanese")
    assert camp.level == "chieftain" and not camp.carried["doubled"]
    camp.record_result("mayans", False)
    assert camp.losses == 1 and camp.carried["doubled"] and camp.level == "chieftain"
    camp.record_result("mayans", False)  # a second loss does not double again: still just doubled
    assert camp.carried["doubled"] and camp.options("mayans")["campaign"]["doubled"] is True
    camp.record_result("mayans", True)
    assert camp.beaten == ["mayans"] and not camp.doubled and camp.level == "warlord"
    with pytest.raises(InvalidOptionError, match="choose the last win's card"):
        camp.options("sassanids")
    choices = camp.rewards(state)
    assert choices and all(kind == "remove" for kind, _ in choices)  # nothing gained at the start
    camp.choose_reward(state, *choices[0])
    assert camp.removed == [choices[0][1]] and camp.carried["removed"] == camp.removed
    with pytest.raises(InvalidOptionError, match="beaten already"):
        camp.options("mayans")
    assert camp.options("sassanids")["difficulty"] == "warlord"


@pytest.mark.rule("I14.11", "I14.12")
def test_the_campaign_ends_at_the_fourth_loss_or_with_overlord_beaten():
    lost = Campaign("japanese")
    for _ in range(4):
        lost.record_result("mayans", False)
    assert lost.over and not lost.won
    with pytest.raises(InvalidOptionError, match="over"):
        lost.options("mayans")
    late = Campaign("japanese", start="overlord")
    late.record_result("mayans", True)
    assert late.won and late.over and not late.reward_due
    supreme = Campaign("japanese", supreme_leader=True)
    for k, nation in enumerate(["mayans", "sassanids", "tang", "taino"]):
        supreme.record_result(nation, True)
        supreme.reward_due = False  # (the card choice is the test above)
        assert supreme.unrest_out == k + 1 and supreme.level == "overlord" and not supreme.over
    supreme.record_result("magyars", False)
    assert supreme.unrest_out == 3  # a loss puts one back
    assert Campaign.from_dict(supreme.to_dict()) == supreme


@pytest.mark.rule("I14.11", "I14.8")
def test_a_finished_game_is_recorded_as_the_engine_scores_it_and_its_gained_cards_can_join_the_deck():
    camp = Campaign("japanese")
    states = camp.new_game("mayans", seed=5)
    engine.play_random(states, engine.random_words([5]), 100_000, np.zeros(1, dtype=np.int64))
    s = states[0]
    won = not automa_won(s)
    assert camp.record(s) == ("win" if won else "loss")
    assert (camp.wins, camp.losses) == ((1, 0) if won else (0, 1))
    camp.reward_due = True  # whatever the result, the choices this game would offer
    gained = [card_id for kind, card_id in camp.rewards(s) if kind == "add"]
    for card_id in gained:
        c = _index(card_id)
        assert s["owner"][c] == 0 and int(c) in engine.CAMPAIGN_COMMON
    camp.choose_reward(s, *(("add", gained[0]) if gained else camp.rewards(s)[0]))
    nxt = camp.new_game("sassanids", seed=6)[0]
    if gained:
        assert gained[0] in _deck(nxt)


@pytest.mark.rule("I14.11", "I14.12")
@pytest.mark.parametrize("seed", [0, 1])
def test_a_campaign_game_plays_to_its_end_with_every_invariant_holding(seed):
    states = engine.new_game(1, seed, nations=["japanese"], automa="mayans", supreme_leader=True,
                             campaign={"added": ["3CIV10"], "removed": ["JPN15"], "doubled": True, "unrest_out": 3})
    decisions, violations = np.zeros(1, dtype=np.int64), np.zeros(1, dtype=np.int64)
    invariants.play_random_checked(states, engine.random_words([seed]), 20_000, decisions, violations)
    assert violations[0] == invariants.OK, invariants.describe(violations[0])
    assert states[0]["phase"] == PH_GAME_OVER and decisions[0] > 50
