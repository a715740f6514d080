"""Terminal play as a person sees it (issue 51): `meeplegym play` driven through tmux in an 80×24
terminal. The screen must not wrap, and at the person's decision it must show what the other seat
did last."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from meeplegym import make_env
from meeplegym.agents import make_agent
from meeplegym.agents.match import agent_action

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")

WIDTH, HEIGHT = 80, 24
PROMPT = "choose (number"
SEED = 5


class Terminal:
    """One tmux server of its own (a private socket in `folder`) running one command in a WIDTH×HEIGHT window."""

    def __init__(self, command: str, folder: Path):
        self.tmux = ["tmux", "-S", str(folder / "tmux.socket"), "-f", os.devnull]
        subprocess.run([*self.tmux, "new-session", "-d", "-x", str(WIDTH), "-y", str(HEIGHT), command], check=True)

    def screen(self) -> list[str]:
        """The visible window, line by line."""
        return self._capture([])

    def history(self) -> list[str]:
        """Everything printed, a line each as the program wrote it (lines the terminal wrapped rejoined)."""
        return self._capture(["-J", "-S", "-"])

    def _capture(self, options: list[str]) -> list[str]:
        out = subprocess.run([*self.tmux, "capture-pane", "-p", *options], check=True, capture_output=True, text=True)
        return out.stdout.rstrip("\n").split("\n")

    def type(self, keys: str) -> None:
        subprocess.run([*self.tmux, "send-keys", keys, "Enter"], check=True)

    def wait_for_prompt(self, prompts: int, timeout: float = 300.0) -> None:
        """Until the `prompts`-th prompt has been printed and the program waits at it."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if sum(PROMPT in line for line in self.history()) >= prompts and PROMPT in self.screen()[-1]:
                return
            time.sleep(0.5)
        raise AssertionError("no prompt on the screen:\n" + "\n".join(self.screen()))

    def close(self) -> None:
        subprocess.run([*self.tmux, "kill-server"], check=False, capture_output=True)


def opponent_actions(game: str, opponent: str, decisions: int) -> list[str]:
    """What the other seat did, as play names it, between the person's `decisions`-th decision and
    their next, in the game `meeplegym play` plays with these options when the person takes the
    first action of the menu each time."""
    env = make_env(game, num_players=2)
    env.reset(seed=SEED)
    raw = env.unwrapped
    bot = make_agent(opponent, game=game, seed=SEED * 31 + 1)
    done, since = 0, []
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            break
        if raw.agent_name_mapping[agent] == 0:
            if done == decisions:
                break
            env.step(raw.legal_actions()[0])
            done, since = done + 1, []
        else:
            action = agent_action(bot, raw, 1, obs)
            since.append(f"seat 1, {raw.decision_name()}: {raw.action_to_str(int(action))}")
            env.step(action)
    return since


def words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("game, opponent", [("scythe", "scythe.builder"), ("imperium", "imperium.expander"),
                                            ("oath", "oath.warlord")])
def test_terminal_play_fits_80_columns_and_shows_the_last_opponent_action(game, opponent, tmp_path):
    meeplegym = Path(sys.executable).with_name("meeplegym")
    terminal = Terminal(f"{meeplegym} play {game} --seed {SEED} --opponents {opponent}", tmp_path)
    try:
        terminal.wait_for_prompt(1)
        decisions, expected = 0, []
        while not expected and decisions < 12:  # until the other seat has acted between two of yours
            terminal.type("0")
            decisions += 1
            terminal.wait_for_prompt(decisions + 1)
            expected = opponent_actions(game, opponent, decisions)
        assert expected, "the other seat never acted"
        screen = "\n".join(terminal.screen())
        assert "since your last decision:" in screen
        assert words(expected[-1]) in words(screen), (expected[-1], screen)  # Rich may wrap a long line
        wrapped = [line for line in terminal.history() if len(line.rstrip()) > WIDTH]
        assert not wrapped, wrapped
    finally:
        terminal.close()


@pytest.mark.parametrize("game, players", [("scythe", 5), ("imperium", 4), ("oath", 4)])
def test_every_compact_board_fits_80_columns(game, players):
    """The compact board at many positions of a crowded game (the tmux test sees only a few)."""
    from meeplegym.render import visible_width

    env = make_env(game, num_players=players)
    env.reset(seed=1)
    raw, rng = env.unwrapped, np.random.default_rng(1)
    widest = 0
    for decision in range(600):
        if raw.game.is_terminal(raw._state):
            break
        if decision % 20 == 0:
            widest = max(widest, *(visible_width(line) for line in
                                   raw.game.render.compact_text(raw.state_record).split("\n")))
        env.step(int(rng.choice(raw.legal_actions())))
    assert 60 < widest <= WIDTH


def test_scythe_says_which_bottom_actions_a_turn_would_skip_and_the_engine_skips_exactly_those():
    """issue 51: an unaffordable bottom action was skipped without a word. At the choice of a section,
    play names each section whose bottom action the seat cannot pay for; taking that section and
    skipping its top action must end the turn without a bottom-action decision, and only then."""
    from meeplegym.envs.scythe import actions as A
    from meeplegym.envs.scythe import render
    from meeplegym.envs.scythe.state import PH_BOTTOM, PH_OBJECTIVE, PH_SECTION, PH_TOP

    env = make_env("scythe", num_players=3)
    env.reset(seed=2)
    raw, rng = env.unwrapped, np.random.default_rng(2)
    checked = {True: 0, False: 0}
    for _ in range(3000):
        if raw.game.is_terminal(raw._state):
            break
        if raw.state_record["phase"] == PH_SECTION:
            notes = " ".join(render.unavailable_text(raw.state_record))
            seat, saved = int(raw.state_record["current"]), raw.state_to_dict()
            for action in raw.legal_actions():
                section = action - A.SECTION
                if section >= 4:  # the factory card's section: its bottom move is free
                    continue
                env.step(action)
                while raw.state_record["phase"] in (PH_TOP, PH_OBJECTIVE) and raw.state_record["current"] == seat:
                    env.step(A.PASS)  # skip the top action; keep objectives hidden
                offered = raw.state_record["phase"] == PH_BOTTOM and raw.state_record["current"] == seat
                skipped = f"Section {section + 1}'s bottom action" in notes
                assert offered != skipped, (section, notes)
                checked[skipped] += 1
                raw.load_state_dict(saved)
        env.step(int(rng.choice(raw.legal_actions())))
    assert checked[True] >= 5 and checked[False] >= 5, checked


def _notes_along_a_random_game(game: str, players: int, seed: int, decisions: int, phase: int):
    """At each decision of a seeded random game that is in `phase`: the state, what play prints
    about unavailable choices (read without changing the state: the rules' probes run on a copy),
    and the legal mask."""
    env = make_env(game, num_players=players)
    env.reset(seed=seed)
    raw, rng = env.unwrapped, np.random.default_rng(seed)
    for _ in range(decisions):
        if raw.game.is_terminal(raw._state):
            return
        state = raw.state_record
        if state["phase"] == phase:
            before = state.tobytes()
            notes = raw.game.render.unavailable_text(state)
            assert state.tobytes() == before
            yield state, notes, raw._legal_mask()
        env.step(int(rng.choice(raw.legal_actions())))


def test_oath_says_why_each_missing_major_action_is_missing():
    """issue 51: at the choice of an action, play names every major action the mask leaves out, and
    only those, with its Supply cost when the Supply held is short of it (O5)."""
    from meeplegym.envs.oath import actions as A
    from meeplegym.envs.oath.data import MajorAction
    from meeplegym.envs.oath.state import PH_ACT

    kinds = {"costs": 0, "lacks": 0}
    for state, notes, mask in _notes_along_a_random_game("oath", 3, 2, 800, PH_ACT):
        notes = {note.split(":")[0]: note for note in notes}
        for action in MajorAction:
            name = action.name.title()
            assert (name in notes) == (mask[A.MAJOR + int(action)] == 0), (name, notes)
            if name in notes and "costs" in notes[name]:
                cost, held = (int(w) for w in notes[name].replace(",", "").split() if w.isdigit())
                assert held == state["supply"][state["actor"]] < cost
                kinds["costs"] += 1
            elif name in notes:
                kinds["lacks"] += 1
    assert kinds["costs"] >= 10 and kinds["lacks"] >= 10, kinds


def test_imperium_says_why_each_card_in_hand_cannot_be_played():
    """issue 51: in the Activate loop, play names every card of the hand the mask leaves out, and
    only those, with the rule that keeps it there (I5.1 no action left, I5.4 the state icon, I6.3)."""
    from meeplegym.envs.imperium import actions as A
    from meeplegym.envs.imperium import render
    from meeplegym.envs.imperium.action_names import card_name
    from meeplegym.envs.imperium.state import PH_ACTIVATE, Z_HAND

    reasons = {}
    for state, notes, mask in _notes_along_a_random_game("imperium", 2, 3, 900, PH_ACTIVATE):
        missing = [card_name(state, c) for c in render.cards_in(state, Z_HAND, int(state["actor"]))
                   if not mask[A.CARD + c]]
        assert [note.split(": ")[0] for note in notes] == missing
        assert all(state["actions"][state["actor"]] == 0 for note in notes if "no action left" in note)
        for note in notes:
            reasons[note.split("(")[-1]] = reasons.get(note.split("(")[-1], 0) + 1
    assert {"I5.1)", "I5.4)", "I6.3)"} <= set(reasons), reasons
