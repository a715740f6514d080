"""Oath rules, compiled: one module per part of the Law."""
