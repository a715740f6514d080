"""Scythe (base game): data, state, rules kernels, actions, environment."""
