"""Imperium: Horizons (issue 4): component data first; engine, env and encoders to follow."""
