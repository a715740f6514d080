"""Agents: the shared protocol, bundled agents by name, and the match loop."""

from meeplegym.agents.base import Agent, legal_actions
from meeplegym.agents.match import MatchResult, play_game, play_match
from meeplegym.agents.random_agent import RandomAgent
from meeplegym.agents.registry import AGENTS, agent_list, agent_names, make_agent, register

__all__ = ["Agent", "legal_actions", "RandomAgent", "AGENTS", "agent_list", "agent_names", "make_agent", "register",
           "MatchResult", "play_game", "play_match"]
