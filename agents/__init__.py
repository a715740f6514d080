"""Agents: random and rule-based players."""
