"""Oath: Chronicles of Empire and Exile: component data so far; the engine and the AEC env are
being built (docs/rules_coverage.md)."""
