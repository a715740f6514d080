"""Game environments: one sub-package per game."""
