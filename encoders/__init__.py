"""Per-game observation encoders."""
