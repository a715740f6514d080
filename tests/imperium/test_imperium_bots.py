"""The rule-based Imperium bots (agents/imperium_bots.py): legal and complete play at every player
count, reproducible decisions, blind to hidden facts (I17), two styles that follow different
scoring routes, and both far stronger than random play."""

from __future__ import annotations

import numpy as np
import pytest

from meeplegym import rng
from meeplegym.agents import agent_names, imperium_bots as bots, make_agent, play_match
from meeplegym.envs.imperium import actions as A
from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import data as D
from meeplegym.envs.imperium import engine, hidden
from meeplegym.envs.imperium.rules import scoring
from meeplegym.envs.imperium.state import PH_ACTIVATE, PH_EFFECT, PH_INNOVATE, PH_TURN_TYPE, Z_HISTORY
from tests import bot_play

NAMES = ("imperium.expander", "imperium.scholar")
#: the nations the bots' weights were tuned with; they do not plan for the Martians' way out of
#: Reactor Explosion (going native) nor the Polynesians' mana, so their strength is measured here
BOT_NATIONS = ("japanese", "magyars", "mayans", "inuit", "taino")
STYLE = {"imperium.expander": bots.EXPANDER, "imperium.scholar": bots.SCHOLAR}


def play_engine(n_players, seed, styles, words_seed, on_decision=None, **options):
    return bot_play.play_engine(engine, bots.policy_at, A.N_ACTIONS, n_players, seed, styles, words_seed, on_decision,
                                **options)


def _place(st, seat):
    out = np.zeros(int(st[0]["n_players"]), dtype=np.int64)
    scoring.ranks(st[0], st[0]["collapsed"], out)
    return int(out[seat])


# ---------------------------------------------------------------- registry and protocol
def test_registered_for_imperium():
    for name in NAMES:
        assert name in agent_names("imperium") and name not in agent_names("scythe")
        agent = make_agent(name, game="imperium", seed=1)
        assert agent.name == name and agent.needs_state and agent.style == STYLE[name]
    with pytest.raises(ValueError):
        make_agent("imperium.scholar", game="scythe")


@pytest.mark.parametrize("n_players", [2, 3, 4])
def test_bots_play_whole_games_through_the_env(n_players):
    """Mixed tables through the AEC env (which rejects any illegal action): every game ends."""
    lineup = ["imperium.expander", "imperium.scholar", "random"]
    for g in range(2):
        names = [lineup[(p + g) % 3] for p in range(n_players)]
        agents = [make_agent(name, seed=10 * g + p) for p, name in enumerate(names)]
        result = play_match("imperium", agents, seed=100 * n_players + g)
        assert not result.truncated and result.decisions > 0
        assert max(result.rewards) == 1.0


@pytest.mark.rule("I15.1")
def test_bots_play_the_solo_training_mode_for_score_better_than_random():
    """Alone, the reward is the final VP (I15.1): the bots play whole games and outscore random."""
    scores = {"imperium.scholar": [], "random": []}
    for g in range(4):
        for name in scores:
            result = play_match("imperium", [make_agent(name, seed=g)], seed=700 + g, training=True,
                                nations=["japanese"])
            assert not result.truncated and result.rewards[0] == result.scores[0]
            scores[name].append(result.scores[0])
    assert np.mean(scores["imperium.scholar"]) > np.mean(scores["random"]) + 10


def test_act_batch_and_act_states_agree_with_policy():
    points = []

    def keep(st, seat, mask, a):
        if len(points) < 300 and mask.sum() > 1:
            points.append((st.copy(), seat, mask.copy()))

    play_engine(3, 41, [bots.EXPANDER, bots.SCHOLAR, bots.EXPANDER], 5, keep)
    bot_play.assert_batch_agrees(bots.act_states, bots.policy_at, points, agent=make_agent("imperium.scholar", seed=3),
                                 game="imperium")


@pytest.mark.rule("I4.2", "I4.4")
@pytest.mark.parametrize("seed, table", [(200000775, {"trade_routes": True, "low_aggression": True,
                                                      "quick_setup": True, "precious_cards": True}),
                                         (200001804, {})])
def test_bots_innovate_rather_than_pass_turn_after_turn(seed, table):
    """Two 2-player games of the bot soak (issue 13, its seeds and tables): both bots activated
    and ended the turn at once, round after round, with nothing left to draw, so the game never
    ended (past 600 rounds, 20,000 decisions). A bot whose search would end an Activate turn at
    once Innovates instead, gaining a card, and both games end."""
    from meeplegym.agents.soak import play_bots_checked, rotating_styles

    states = engine.new_game(2, seed, **engine.table_options(2, table))
    styles = rotating_styles("imperium", 1, 2, seed - 200000000)  # the soak's seats for that game
    played = play_bots_checked("imperium", states, styles, [seed + 2**32], max_decisions=20_000)
    assert played.violations[0] == 0 and states[0]["terminal"]
    assert played.decisions[0] < 3_000 and states[0]["round"] < 60


@pytest.mark.rule("I4.4", "I10.1")
def test_bots_end_a_game_where_nobody_wants_to_end_it():
    """A 2-player game of the bot soak (issue 13, seed 200013020, expander against scholar): the
    scholar, far behind with only its last development card left, never reshuffled to develop it;
    the expander, who expected that to end the game, activated every turn for a little progress.
    Neither took a card from the supply, and the game was at round 734 after 20,000 decisions.
    Past round STALL_ROUND the bots Innovate, the main deck runs out and the game ends."""
    from meeplegym.agents.soak import play_bots_checked, rotating_styles

    seed = 200013020
    states = engine.new_game(2, seed)
    styles = rotating_styles("imperium", 1, 2, seed - 200000000)
    assert [bots.STYLE_NAMES[k] for k in styles[0]] == ["expander", "scholar"]
    played = play_bots_checked("imperium", states, styles, [seed + 2**32], max_decisions=20_000)
    assert played.violations[0] == 0 and states[0]["terminal"]
    assert bots.STALL_ROUND < states[0]["round"] < bots.STALL_ROUND + 30  # it had stalled, and the guard ended it


def test_same_seeds_same_game():
    def run(seed_a, seed_b):
        agents = [make_agent("imperium.expander", seed=seed_a), make_agent("imperium.scholar", seed=seed_b)]
        return play_match("imperium", agents, seed=77, record=True).actions

    first = run(1, 2)
    assert first == run(1, 2)
    assert first != run(1, 3)  # the bots' own generator breaks ties and samples hidden facts


# ---------------------------------------------------------------- hidden information (I17)
@pytest.mark.parametrize("n_players", [2, 3])
def test_decisions_ignore_hidden_facts(n_players):
    """At every searched decision of a few games (card plays, options, targets, reactions,
    Innovate), the bot's choice and what it draws from its generator are the same after the
    hidden facts are resampled: other hands, every pile's order, the generator word."""
    checked = [0]

    def check(st, seat, mask, a):
        if styles[seat] == bot_play.RANDOM or mask.sum() < 2 or st[0]["phase"] not in (PH_EFFECT, PH_INNOVATE, 2):
            return
        base = rng.seed_words([checked[0]])
        expect_words = base.copy()
        expect = bots.policy_at(st, 0, seat, styles[seat], mask, expect_words, 0)
        other = hidden.determinized(st, seat, seed=1000 + checked[0])
        assert other[0]["rng"] != st[0]["rng"]
        w = base.copy()
        assert bots.policy_at(other, 0, seat, styles[seat], mask, w, 0) == expect
        assert w[0] == expect_words[0]
        checked[0] += 1

    for g in range(2):
        styles = [(bots.EXPANDER, bots.SCHOLAR, bot_play.RANDOM)[(p + g) % 3] for p in range(n_players)]
        play_engine(n_players, 900 + 10 * n_players + g, styles, g, check)
    assert checked[0] > 100


# ---------------------------------------------------------------- styles
def _owned(s, p, banners):
    return sum(1 for c in range(K.N_RECORDS) if scoring.is_scored(s, p, c) and K.BANNER[c] in banners)


def test_styles_follow_their_scoring_routes():
    """Expander vs scholar with seats swapped: the expander ends with more region, uncivilised and
    tributary cards; the scholar with more civilised and fame cards and more cards in history."""
    expansion = (int(D.Suit.REG), int(D.Suit.UNC), int(D.Suit.TRI))
    culture = (int(D.Suit.CIV), int(D.Suit.FAME))
    totals = {style: np.zeros(3) for style in (bots.EXPANDER, bots.SCHOLAR)}
    games = 48  # 24 left the expansion margin (about one card over 96 games) to the seeds' noise
    for g in range(games):
        styles = [bots.EXPANDER, bots.SCHOLAR] if g % 2 == 0 else [bots.SCHOLAR, bots.EXPANDER]
        nations = [BOT_NATIONS[g // 2 % len(BOT_NATIONS)], BOT_NATIONS[(g // 2 + 1) % len(BOT_NATIONS)]]
        s = play_engine(2, 500 + g // 2, styles, g, nations=nations)[0]
        for p in range(2):
            history = int(((s["zone"] == Z_HISTORY) & (s["owner"] == p)).sum())
            totals[styles[p]] += (_owned(s, p, expansion), _owned(s, p, culture), history)
    e, c = totals[bots.EXPANDER] / games, totals[bots.SCHOLAR] / games
    assert e[0] >= c[0] + 0.5, (e, c)
    assert c[1] >= e[1] + 0.8, (e, c)
    assert c[2] >= e[2] + 1.0, (e, c)


# ---------------------------------------------------------------- strength
@pytest.mark.parametrize("style", [bots.EXPANDER, bots.SCHOLAR])
def test_each_style_beats_random(style):
    games = 30
    wins = 0
    for g in range(games):
        styles = [style, bot_play.RANDOM] if g % 2 == 0 else [bot_play.RANDOM, style]
        nations = [None, None]  # the bot plays one of BOT_NATIONS, the random player any nation
        nations[styles.index(style)] = BOT_NATIONS[g % len(BOT_NATIONS)]
        st = play_engine(2, 20_000 + g // 2, styles, g, nations=nations)
        wins += _place(st, styles.index(style)) == 0
    assert wins >= 0.9 * games


@pytest.mark.rule("C4.JPN", "I10.3")
def test_bots_return_unrest_before_scoring_with_miyabi():
    """Each unrest card returned is 2 VP more: the bot returns two, then the game is scored."""
    from meeplegym.envs.imperium.rules import turn
    from tests.imperium import scenario as sc

    st, _ = sc.with_miyabi()
    vp = scoring.score(st, 0)
    st["rounds_left"] = 1
    turn._end_round(st)
    states = np.empty(1, dtype=st.dtype)
    states[0] = st
    words = rng.seed_words([5])
    mask = np.zeros(A.N_ACTIONS, dtype=np.int8)
    while not states[0]["terminal"]:
        engine.legal_mask_at(states, 0, mask)
        action = bots.policy_at(states, 0, 0, bots.SCHOLAR, mask, words, 0)
        assert action != A.END
        engine.apply_at(states, 0, action)
    assert scoring.score(states[0], 0) == vp + 4


def test_a_delegate_leaves_the_learner_only_its_turn_types_and_activate_choices():
    """D2, D3: with `--delegate`, a learner chooses its turn type and each Activate-loop step; the bot
    carries each choice out."""
    phases, _ = bot_play.learner_phases_with_a_delegate("imperium", "imperium.expander", 60)
    assert set(phases) == {PH_TURN_TYPE, PH_ACTIVATE}
