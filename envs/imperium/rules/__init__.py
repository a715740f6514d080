"""The Imperium rules as numba kernels over the state record, one module per part of the game."""
