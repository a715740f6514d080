"""Scythe rules as numba kernels over a state record: one module per part of the turn."""
