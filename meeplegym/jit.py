"""The one way meeplegym compiles a kernel: ``@kernel``, ``@parallel_kernel`` for prange loops and
``@shell_kernel`` for thin shells typed into their callers (docs/architecture.md, "Compiling").

All are ``numba.njit(cache=True)`` with one change in how a call from another kernel is typed:
a literal integer or boolean argument (``zones.put(s, p, ZONE_HAND, c)``) as a plain int64 /
bool, and any integer scalar narrower than 64 bits or signed (a state field's int8) as int64.
numba's default compiles the callee once per distinct literal value and per integer width, each
a full compile of its callee tree, saved to the cache as its own object: that was a third of the
engines' signatures (issue 45). uint64 (random words) keeps its type. A kernel that really needs
a literal (a heterogeneous tuple index) fails to type here, loudly, at its first compile. String
literals (record field names) are kept.

A game in `interpreted_games` runs its kernels as plain Python instead of compiling them: how the
env answers at once on a cold cache while another process compiles (`meeplegym.warmup.first_run`).
A kernel called from Python with no compiled version for its arguments asks its dispatcher's
``_compile_for_args`` for one; for such a game that returns the kernel's Python function, whose
calls to other kernels take the same way. The bots' kernels (meeplegym.agents) always compile: a
search bot's playouts in Python would take minutes a decision.
"""

from __future__ import annotations

import threading

import numba as nb
import numpy as np
from numba.core import types
from numba.core.dispatcher import OmittedArg

interpreted_games: set[str] = set()
_python_calls = threading.local()  # .open: a kernel runs as Python on this thread


def _plain(t):
    """The type a kernel is compiled for when called with an argument of type `t`."""
    t = types.unliteral(t) if isinstance(t, (types.IntegerLiteral, types.BooleanLiteral)) else t
    if isinstance(t, types.Integer) and (t.signed or t.bitwidth < 64):
        return types.int64  # a state field's int8 and a loop's int64 share one compile
    return t


def _typed_scalars(dispatcher):
    if not hasattr(dispatcher, "get_call_template"):
        return dispatcher  # NUMBA_DISABLE_JIT=1: the plain Python function
    call_template = dispatcher.get_call_template

    def get_call_template(args, kws):
        return call_template(tuple(_plain(a) for a in args), {k: _plain(v) for k, v in kws.items()})

    # numba asks the dispatcher instance for this when a kernel calls it (types.Dispatcher.get_call_type)
    dispatcher.get_call_template = get_call_template
    return dispatcher


def _python_while_interpreted(dispatcher):
    """Let `dispatcher` run as Python while its game is in `interpreted_games` (see above)."""
    if not hasattr(dispatcher, "_compile_for_args"):
        return dispatcher  # NUMBA_DISABLE_JIT=1
    module = dispatcher.py_func.__module__
    if module.startswith("meeplegym.agents"):
        return dispatcher
    from meeplegym._numba_cache import game_of_module

    game = game_of_module(module)
    compile_for_args = dispatcher._compile_for_args
    py_func = dispatcher.py_func

    def as_python(*args):
        args = [a.value if isinstance(a, OmittedArg) else a for a in args]
        if getattr(_python_calls, "open", False):
            return py_func(*args)
        # numba's own arithmetic widens a state field's int8 to int64; numpy's keeps int8 and
        # would wrap where numba does not: an overflow is an error here, never a different game
        _python_calls.open = True
        try:
            with np.errstate(over="raise", divide="raise", invalid="raise"):
                return py_func(*args)
        finally:
            _python_calls.open = False

    def compiled_or_python(*args, **kws):
        if interpreted_games and (game in interpreted_games or game is None):
            return as_python  # numba calls what this returns, with the same arguments
        return compile_for_args(*args, **kws)

    dispatcher._compile_for_args = compiled_or_python
    return dispatcher


def kernel(fn):
    """A compiled, cached engine function; see the module docstring."""
    return _python_while_interpreted(_typed_scalars(nb.njit(cache=True)(fn)))


def shell_kernel(fn):
    """A kernel typed into each kernel that calls it instead of compiled on its own: for a thin
    shell over big callees (the vector API's per-game step, a bot's policy) called from a few
    entry points. numba links a compiled kernel's whole callee tree into it and optimises it
    again, so each layer of shells costs a compile of everything below it; typed in place, a
    shell costs a typing of its own few lines per caller."""
    return _python_while_interpreted(_typed_scalars(nb.njit(cache=True, inline="always")(fn)))


def parallel_kernel(fn):
    """A kernel whose ``nb.prange`` loops run on numba's thread pool."""
    return _python_while_interpreted(_typed_scalars(nb.njit(parallel=True, cache=True)(fn)))


def threadable_kernel(fn):
    """A kernel that lets go of the GIL while it runs: Python threads can run it on different
    games of a batch at once (`VectorGame.play_bots`)."""
    return _python_while_interpreted(_typed_scalars(nb.njit(cache=True, nogil=True)(fn)))


def kernel_for(module_name, compile=None):
    """``@kernel`` for a function that one of meeplegym's templates (`meeplegym.game_kernels`)
    makes for a game: compiled and cached as a function of the game's module `module_name`.

    numba cannot cache a kernel that is handed another compiled function as an argument, so a
    template is a Python function that defines its kernels around the game's modules (closure
    variables, which numba freezes as constants, like globals). Each game's copy must be cached
    apart: numba names a cache entry by the source file and the function's qualified name, the
    same for every copy, and rebuilds a loaded entry by importing the function's module. Naming
    the function after the game's module gives each copy its own folder and an importable home,
    and the cache stamps it with the sources that module reaches (`meeplegym._numba_cache`).
    `compile` is the decorator (``kernel`` by default; ``shell_kernel``, ``parallel_kernel``,
    ``threadable_kernel``)."""
    def decorate(fn):
        fn.__module__ = module_name
        fn.__qualname__ = fn.__name__
        return (compile or kernel)(fn)
    return decorate
