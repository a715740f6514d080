"""meeplegym: reinforcement-learning environments for heavy strategy board games."""

from meeplegym import _numba_cache

_numba_cache.configure()

from meeplegym.errors import IllegalActionError, InvalidOptionError, InvalidStateError  # noqa: E402
from meeplegym.registry import GAMES, make_env  # noqa: E402
from meeplegym.vector import VectorEnv, make_vector  # noqa: E402
from meeplegym import training as _training  # noqa: E402,F401  registers gymnasium ids "meeplegym/<Game>-v0"

__version__ = "0.1.0"
__all__ = ["IllegalActionError", "InvalidOptionError", "InvalidStateError", "GAMES", "make_env", "make_vector", "VectorEnv"]
