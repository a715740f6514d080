"""The rule-based Scythe bots (agents/scythe_bots.py): legal and complete play at every player
count, reproducible decisions, blind to hidden facts, two styles that follow their plans, and
both far stronger than random play."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from tests import bot_play

from meeplegym import rng
from meeplegym.agents import agent_names, make_agent, play_match
from meeplegym.agents import scythe_bots as bots
from meeplegym.envs.scythe import actions as A
from meeplegym.envs.scythe import engine, hidden
from meeplegym.envs.scythe.state import (
    FIRST_MECH,
    FIRST_WORKER,
    PH_CARDS,
    PH_DIAL,
    PH_ENCOUNTER,
    PH_FACTORY_PICK,
    PH_SECTION,
    PH_TOP,
)

ROOT = Path(__file__).resolve().parents[2]
NAMES = ("scythe.builder", "scythe.rusher")
STYLE = {"scythe.builder": bots.BUILDER, "scythe.rusher": bots.RUSHER}


def play_engine(n_players, seed, styles, words_seed, on_decision=None, cap=20_000):
    return bot_play.play_engine(engine, bots.policy_at, A.N_ACTIONS, n_players, seed, styles, words_seed,
                                on_decision, cap)


# ---------------------------------------------------------------- registry and protocol
def test_registered_for_scythe():
    for name in NAMES:
        assert name in agent_names("scythe")
        agent = make_agent(name, game="scythe", seed=1)
        assert agent.name == name and agent.needs_state
        assert agent.style == STYLE[name]
    with pytest.raises(ValueError):
        make_agent("scythe.builder", game="imperium")


@pytest.mark.parametrize("n_players", [2, 3, 4, 5])
def test_bots_play_whole_games_through_the_env(n_players):
    """Mixed tables through the AEC env (which rejects any illegal action): every game ends."""
    lineup = ["scythe.builder", "scythe.rusher", "random"]
    for g in range(3):
        names = [lineup[(p + g) % 3] for p in range(n_players)]
        agents = [make_agent(name, seed=10 * g + p) for p, name in enumerate(names)]
        result = play_match("scythe", agents, seed=100 * n_players + g)
        assert not result.truncated and result.decisions > 0
        assert max(result.rewards) == 1.0


def test_act_batch_and_act_states_agree_with_policy():
    points = []

    def keep(st, seat, mask, a):
        if len(points) < 400 and st[0]["turn"] % 3 == 0:
            points.append((st.copy(), seat, mask.copy()))

    play_engine(3, 41, [bots.BUILDER, bots.RUSHER, bots.BUILDER], 5, keep)
    bot_play.assert_batch_agrees(bots.act_states, bots.policy_at, points, agent=make_agent("scythe.rusher", seed=3),
                                 game="scythe")


# ---------------------------------------------------------------- reproducibility
def test_same_seeds_same_game():
    def run(seed_a, seed_b):
        agents = [make_agent("scythe.builder", seed=seed_a), make_agent("scythe.rusher", seed=seed_b)]
        return play_match("scythe", agents, seed=77, record=True).actions

    first = run(1, 2)
    assert first == run(1, 2)
    agent = make_agent("scythe.builder", seed=9)
    words = agent.words.copy()
    agent.seed(9)
    assert np.array_equal(agent.words, words)
    agent.seed(10)
    assert not np.array_equal(agent.words, words)


# ---------------------------------------------------------------- hidden information
@pytest.mark.parametrize("n_players", [2, 3, 4, 5])
def test_decisions_ignore_hidden_facts(n_players):
    """At sampled decisions (all battle, encounter and factory decisions among them) the acting
    bot's choice, and what it draws from its generator, are the same after its hidden facts are
    resampled (hidden.determinize) and after opponents' private coins change."""
    phases = set()
    checked = [0]

    def check(st, seat, mask, a):
        ph = int(st[0]["phase"])
        if ph not in (PH_DIAL, PH_CARDS, PH_FACTORY_PICK, PH_ENCOUNTER, PH_SECTION, PH_TOP) and st[0]["turn"] % 4:
            return
        phases.add(ph)
        style = styles[seat]
        if style == bot_play.RANDOM:
            return
        base_words = np.array([rng.seed_word(checked[0])], dtype=np.uint64)
        expect_words = base_words.copy()
        expect = bots.policy_at(st, 0, seat, style, mask, expect_words, 0)
        for k in range(2):
            other = st.copy()
            dw = np.array([rng.seed_word(1000 + 3 * checked[0] + k)], dtype=np.uint64)
            assert hidden.determinize_at(other, 0, seat, dw, 0)
            if k == 1:
                for q in range(n_players):
                    if q != seat:
                        other[0]["coins"][q] += 17 * (q + 1)
            other_mask = np.zeros_like(mask)
            engine.legal_mask_at(other, 0, other_mask)
            assert np.array_equal(other_mask, mask)
            w = base_words.copy()
            got = bots.policy_at(other, 0, seat, style, mask, w, 0)
            assert got == expect, (A.action_to_str(st[0], expect), A.action_to_str(st[0], got))
            assert w[0] == expect_words[0]
        checked[0] += 1

    for g in range(2):
        styles = [(bots.RUSHER, bots.BUILDER, bot_play.RANDOM)[(p + g) % 3] for p in range(n_players)]
        play_engine(n_players, 900 + 10 * n_players + g, styles, g, check)
    assert checked[0] > 100
    assert {PH_DIAL, PH_CARDS} <= phases or n_players > 2


def test_battle_decisions_are_blind():
    """Every dial and card decision of a few rusher-vs-rusher games (both sides, with the
    opponent's commitment hidden) is unchanged when the seat's hidden facts are resampled."""
    n = 0

    def check(st, seat, mask, a):
        nonlocal n
        if st[0]["phase"] not in (PH_DIAL, PH_CARDS):
            return
        expect = bots.policy_at(st, 0, seat, bots.RUSHER, mask, np.array([rng.seed_word(n)], dtype=np.uint64), 0)
        for k in range(3):
            other = st.copy()
            assert hidden.determinize_at(other, 0, seat, np.array([rng.seed_word(50 * n + k)], dtype=np.uint64), 0)
            got = bots.policy_at(other, 0, seat, bots.RUSHER, mask, np.array([rng.seed_word(n)], dtype=np.uint64), 0)
            assert got == expect
        n += 1

    for g in range(3):
        play_engine(2, 300 + g, [bots.RUSHER, bots.RUSHER], g, check)
    assert n >= 10


# ---------------------------------------------------------------- styles
def _style_stats(games=8):
    """Per style, from builder-vs-rusher games with seats swapped: first turn (own turns) with a
    mech out, battles started, Bolster-power actions, structures and upgrades at the end,
    Produce actions, final popularity."""
    stats = {s: {k: [] for k in ("first_mech", "attacks", "bolster", "structures", "upgrades", "produce", "popularity")}
             for s in (bots.BUILDER, bots.RUSHER)}
    for g in range(games):
        styles = [bots.BUILDER, bots.RUSHER] if g % 2 == 0 else [bots.RUSHER, bots.BUILDER]
        per_seat = {p: {"first_mech": 99, "attacks": 0, "bolster": 0, "produce": 0} for p in range(2)}

        def count(st, seat, mask, a):
            s = st[0]
            if s["phase"] == PH_DIAL and seat == s["current"]:
                per_seat[seat]["attacks"] += 1
            if s["phase"] == PH_TOP:
                per_seat[seat]["bolster"] += a == A.TOP + A.TOP_POWER
                per_seat[seat]["produce"] += a == A.TOP + A.TOP_PRODUCE
            for p in range(2):
                if per_seat[p]["first_mech"] == 99 and (s["unit_loc"][p, FIRST_MECH:FIRST_WORKER] >= 0).any():
                    per_seat[p]["first_mech"] = int(s["turn"]) // 2

        st = play_engine(2, 4000 + g // 2, styles, g, count)
        for p in range(2):
            d = stats[styles[p]]
            for k, v in per_seat[p].items():
                d[k].append(v)
            d["structures"].append(int((st[0]["structure_loc"][p] >= 0).sum()))
            d["upgrades"].append(int(st[0]["upgraded"][p].sum()))
            d["popularity"].append(int(st[0]["popularity"][p]))
    return {s: {k: float(np.mean(v)) for k, v in d.items()} for s, d in stats.items()}


def test_styles_follow_their_plans():
    stats = _style_stats(24)
    b, r = stats[bots.BUILDER], stats[bots.RUSHER]
    assert r["first_mech"] + 5 <= b["first_mech"]  # the rusher deploys mechs early
    assert r["attacks"] > 1.3 * b["attacks"]  # and starts more battles
    assert r["bolster"] > 1.5 * b["bolster"]  # building power for them
    assert b["structures"] >= r["structures"] + 0.5  # the builder builds
    assert b["upgrades"] >= r["upgrades"] + 0.8  # and upgrades
    assert b["popularity"] >= r["popularity"] + 1  # and keeps its people happy


# ---------------------------------------------------------------- strength
@pytest.mark.parametrize("name", NAMES)
def test_each_style_beats_random(name):
    wins = 0
    games = 30
    for g in range(games):
        bot, rand = make_agent(name, seed=g), make_agent("random", seed=g + 1000)
        agents = [bot, rand] if g % 2 == 0 else [rand, bot]
        result = play_match("scythe", agents, seed=20_000 + g // 2)
        wins += result.rewards[agents.index(bot)] == 1.0
    assert wins >= 0.85 * games


# ---------------------------------------------------------------- docs
def test_docs_example_runs():
    text = (ROOT / "docs" / "agents.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert blocks
    for code in blocks:
        exec(compile(code, "docs/agents.md", "exec"), {})
