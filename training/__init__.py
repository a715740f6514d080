"""Training scripts and helpers."""
