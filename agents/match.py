"""Play one game between agents through the game's AEC env: the loop tournaments, the strength
ladder and the CLI share."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from meeplegym.agents.base import Agent
from meeplegym.registry import make_env


@dataclass
class MatchResult:
    seed: int
    agents: list[str]  # agent name per seat
    scores: list[int]  # final score per seat (scores at truncation if cut short)
    rewards: list[float]  # terminal reward per seat (rank in [-1, 1] by default)
    decisions: int
    turns: int
    truncated: bool
    ranks: list[int] = field(default_factory=list)  # 0 = first; ties share
    seat_setup: list[dict] = field(default_factory=list)  # faction/mat/nation/... per seat
    actions: list[int] = field(default_factory=list)  # the whole game, for replays
    victory: str = ""  # how it was won (the game's own words, e.g. "collapse"); "" if cut short


def agent_action(agent: Agent, raw, seat: int, obs: dict) -> int:
    """`agent`'s choice for `seat` in the unwrapped env `raw`, given the seat's observation dict;
    bots that read the state get it in the info, as the agent protocol says."""
    info = {"seat": seat, "game": raw.game.name}
    if agent.needs_state:
        info["state"] = raw._state
    return int(agent.act(obs["observation"], obs["action_mask"], info))


def play_match(game: str, agents: list[Agent], seed: int, max_turns: int | None = None,
               record: bool = False, **options) -> MatchResult:
    """Play one game, seat i played by agents[i]; `options` go to the env (factions, ...)."""
    return play_game(game, agents, seed, max_turns, record, **options)[0]


def play_game(game: str, agents: list[Agent], seed: int, max_turns: int | None = None,
              record: bool = False, **options) -> tuple[MatchResult, np.ndarray]:
    """`play_match`, and the game's final engine state (what Oath's Chronicle is written from)."""
    env = make_env(game, num_players=len(agents), max_turns=max_turns, **options)
    env.reset(seed=seed)
    raw = env.unwrapped
    rewards = np.zeros(len(agents))
    actions: list[int] = []
    decisions = 0
    truncated = False
    for name in env.agent_iter():
        obs, reward, terminated, trunc, _ = env.last()
        seat = raw.agent_name_mapping[name]
        rewards[seat] += reward
        if terminated or trunc:
            truncated |= trunc
            env.step(None)
            continue
        action = agent_action(agents[seat], raw, seat, obs)
        env.step(action)
        decisions += 1
        if record:
            actions.append(action)
    result = MatchResult(seed, [a.name for a in agents], [int(x) for x in raw.scores()], rewards.tolist(), decisions,
                         raw.turn_count, truncated, raw.ranks(), raw.seat_setup(), actions, raw.victory() or "")
    return result, raw._state.copy()
