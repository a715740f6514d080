"""Agents by name, so the CLI, tournaments and training can say ``random`` or ``scythe.builder``.

Names are ``<game>.<style>`` for game-specific bots and a bare name for agents that play any
game; ``policy:PATH`` names an exported policy (``runs/x/policy.pt``), so trained agents join
matches and tournaments by the same kind of name. ``make_agent(name, game=..., seed=...)`` builds one; ``agent_names(game)`` lists what
plays a game.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from meeplegym.agents.base import Agent


@dataclass(frozen=True)
class AgentEntry:
    name: str
    target: str  # "module:Class"
    games: tuple[str, ...] | None  # None: plays every game
    summary: str


AGENTS: dict[str, AgentEntry] = {}


def register(name: str, target: str, games: tuple[str, ...] | None, summary: str) -> None:
    if name in AGENTS:
        raise ValueError(f"agent {name!r} is already registered")
    AGENTS[name] = AgentEntry(name, target, games, summary)


register("random", "meeplegym.agents.random_agent:RandomAgent", None, "uniformly random legal actions")
register("scythe.builder", "meeplegym.agents.scythe_bots:BuilderBot", ("scythe",),
         "rule-based Scythe bot, economy first: workers, upgrades, structures, recruits, popularity")
register("scythe.rusher", "meeplegym.agents.scythe_bots:RusherBot", ("scythe",),
         "rule-based Scythe bot, military first: early mechs, power and cards, attacks it expects to win")
register("imperium.expander", "meeplegym.agents.imperium_bots:ExpanderBot", ("imperium",),
         "rule-based Imperium bot: regions, tributaries and materials, pressure on the leader")
register("imperium.scholar", "meeplegym.agents.imperium_bots:ScholarBot", ("imperium",),
         "rule-based Imperium bot: civilised cards, fame, progress and history")
register("oath.warlord", "meeplegym.agents.oath_bots:WarlordBot", ("oath",),
         "rule-based Oath bot, military: warbands, sites and relics, each choice played out to the end of its action")
register("oath.steward", "meeplegym.agents.oath_bots:StewardBot", ("oath",),
         "rule-based Oath bot, economy: favor, secrets, advisers and banners, each choice played out to the end of "
         "its action")
register("scythe.search", "meeplegym.agents.scythe_search:ScytheSearchBot", ("scythe",),
         "search bot: each section choice played out to the end of the game in sampled worlds "
         "(options: samples=8 or seconds=..., style=builder)")
register("imperium.search", "meeplegym.agents.imperium_search:ImperiumSearchBot", ("imperium",),
         "search bot: turn types and card plays played out to the end of the turn in sampled worlds "
         "(options: samples=8 or seconds=..., style=expander)")
register("policy", "meeplegym.agents.policy_agent:PolicyAgent", None,
         "a trained policy loaded from an exported policy.pt: make_agent('policy', path=...) (needs torch)")


def agent_names(game: str | None = None) -> list[str]:
    return sorted(n for n, e in AGENTS.items() if game is None or e.games is None or game in e.games)


POLICY_PREFIX = "policy:"  # "policy:runs/x/policy.pt" names an exported policy by its path


def make_agent(name: str, game: str | None = None, seed: int | None = None, **kwargs) -> Agent:
    """Build the agent registered as `name`, or the exported policy a ``policy:PATH`` name points
    to (checking it plays `game` when given)."""
    if name.startswith(POLICY_PREFIX):
        from meeplegym.agents.policy_agent import PolicyAgent

        agent = PolicyAgent(seed=seed, path=name.removeprefix(POLICY_PREFIX), **kwargs)
        if game is not None and agent.game != game:
            raise ValueError(f"{name} was trained on {agent.game}, not {game!r}")
        agent.name = name  # as asked for: results and ratings then name the file that played
        return agent
    try:
        entry = AGENTS[name]
    except KeyError:
        raise KeyError(f"unknown agent {name!r}; available: {', '.join(agent_names(game))}") from None
    if game is not None and entry.games is not None and game not in entry.games:
        raise ValueError(f"agent {name!r} plays {', '.join(entry.games)}, not {game!r}")
    module, cls = entry.target.split(":")
    return getattr(importlib.import_module(module), cls)(seed=seed, **kwargs)
