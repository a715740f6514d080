"""Training: a single-learner view of the multi-seat games and the trainers that use it.

- `opponents`: `SeatAdapter` (one learner seat per game, the others played by an opponent pool
  over the vector API) and `OpponentPool`;
- `envs`: the Gymnasium single-agent envs, ``gymnasium.make("meeplegym/Scythe-v0", ...)``;
- `sb3`: a stable-baselines3 `VecEnv` over `SeatAdapter` (MaskablePPO-ready);
- `ppo`: a single-file PPO in torch over batched tensors; `maskable`: MaskablePPO training;
- `evaluate`: win rate against an opponent with seats swapped.

Importing this package registers the Gymnasium ids and nothing else: the entry points are
strings, so neither torch nor the engine is imported until ``gymnasium.make``.
"""

import gymnasium


def env_id(game: str) -> str:
    """The Gymnasium id of a game's single-seat env, e.g. ``meeplegym/Scythe-v0``."""
    return f"meeplegym/{game.title()}-v0"


def register_envs() -> None:
    """Register ``meeplegym/<Game>-v0`` for every game with a vector API (idempotent)."""
    from meeplegym.registry import GAMES

    for name, entry in GAMES.items():
        if entry.vector is None or env_id(name) in gymnasium.registry:
            continue
        gymnasium.register(env_id(name), entry_point="meeplegym.training.envs:SingleSeatEnv", kwargs={"game": name})


register_envs()

__all__ = ["env_id", "register_envs"]
