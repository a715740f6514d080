"""Imperium: Horizons: component data, the compiled engine and effect machine, the AEC env and the
batched kernels (docs/imperium.md)."""
