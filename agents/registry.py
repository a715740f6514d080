"""Agents by name, so the CLI, tournaments and training can say ``random`` or ``scythe.builder``.

Names are ``<game>.<style>`` for game-specific bots and a bare name for agents that play any
game; ``policy:PATH`` names an exported policy (``runs/x/policy.pt``), so trained agents join
matches and tournaments by the same kind of name. ``NAME@key=value,key=value`` sets an agent's
options in its name (``scythe.mcts@simulations=256,c=0.3``), so a tournament or a ladder can pit
configurations of one agent against each other; the agent keeps the whole name. The option
``epsilon`` weakens any agent (``scythe.builder@epsilon=0.3`` plays a random legal action 30% of
the time, `agents/weakened.py`). ``make_agent(name, game=..., seed=...)`` builds one;
``agent_names(game)`` lists what plays a game.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from meeplegym.agents.base import Agent
from meeplegym.agents.weakened import Weakened


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
register("scythe.mcts", "meeplegym.agents.scythe_mcts:ScytheMcts", ("scythe",),
         "IS-MCTS over every seat's section choices, whole-game rollouts by the rule-based bots "
         "(options: simulations=256 or seconds=..., style=builder, c=0.5, widen=1.0)")
register("imperium.mcts", "meeplegym.agents.imperium_mcts:ImperiumMcts", ("imperium",),
         "IS-MCTS over every seat's turn types and card plays up to the searcher's next turn, valued "
         "there by the bots' evaluation "
         "(options: simulations=512 or seconds=..., style=expander, c=0.5, widen=1.0)")
register("oath.mcts", "meeplegym.agents.oath_mcts:OathMcts", ("oath",),
         "IS-MCTS over every seat's Act-phase choices, the rule-based bot for the rest "
         "(options: simulations=512 or seconds=..., style=warlord, c=0.5, widen=1.0)")
register("policy", "meeplegym.agents.policy_agent:PolicyAgent", None,
         "a trained policy loaded from an exported policy.pt: make_agent('policy', path=...) (needs torch)")


def agent_names(game: str | None = None) -> list[str]:
    return sorted(n for n, e in AGENTS.items() if game is None or e.games is None or game in e.games)


POLICY_PREFIX = "policy:"  # "policy:runs/x/policy.pt" names an exported policy by its path
OPTIONS_MARK = "@"  # "scythe.mcts@simulations=256" names an agent with options


def split_options(name: str) -> tuple[str, dict]:
    """``("scythe.mcts", {"simulations": 256, "c": 0.3})`` from ``"scythe.mcts@simulations=256,c=0.3"``:
    values read as int, then float, else kept as text (a style's name)."""
    base, mark, spec = name.partition(OPTIONS_MARK)
    if not mark:
        return name, {}
    options = {}
    for item in spec.split(","):
        key, eq, text = item.partition("=")
        if not eq or not key.isidentifier():
            raise ValueError(f"agent options must read key=value,key=value; got {item!r} in {name!r}")
        for parse in (int, float, str):
            try:
                options[key] = parse(text)
                break
            except ValueError:
                continue
    return base, options


def agent_list(text: str) -> list[str]:
    """The agent names of a comma-separated list, options included: in
    ``"random,scythe.mcts@simulations=64,c=0.3,scythe.builder"`` the piece ``c=0.3`` holds an
    ``=`` (no agent's name does), so it is an option of the name before it."""
    names: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        if "=" in piece and OPTIONS_MARK not in piece and names and OPTIONS_MARK in names[-1]:
            names[-1] += "," + piece
        else:
            names.append(piece)
    return names


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
    name, named_options = split_options(full_name := name)
    kwargs = {**named_options, **kwargs}
    try:
        entry = AGENTS[name]
    except KeyError:
        raise KeyError(f"unknown agent {name!r}; available: {', '.join(agent_names(game))}") from None
    if game is not None and entry.games is not None and game not in entry.games:
        raise ValueError(f"agent {name!r} plays {', '.join(entry.games)}, not {game!r}")
    epsilon = kwargs.pop("epsilon", None)
    module, cls = entry.target.split(":")
    try:
        agent = getattr(importlib.import_module(module), cls)(seed=seed, **kwargs)
    except TypeError as e:
        if not kwargs:
            raise
        raise ValueError(f"agent {name!r}: {e}") from None  # an option the agent does not take
    if epsilon is not None:
        try:
            agent = Weakened(agent, epsilon, seed)
        except ValueError as e:
            raise ValueError(f"agent {full_name!r}: {e}") from None
    if named_options:
        agent.name = full_name  # results and ratings tell the configurations apart
    return agent
