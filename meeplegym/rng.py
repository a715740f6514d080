"""Chance that lives inside a game state.

Every game record has a ``rng`` field (uint64). Kernels draw from it with xorshift64, which
uses only shifts and xors, so it behaves identically compiled and under NUMBA_DISABLE_JIT=1
(numpy would warn on uint64 multiply overflow in pure Python). Seeds are mixed in Python with
splitmix64 so nearby user seeds give unrelated streams.
"""

import numpy as np
from meeplegym.jit import kernel

_MASK64 = (1 << 64) - 1


def seed_word(seed: int) -> np.uint64:
    """splitmix64 of `seed`: a non-zero 64-bit starting word for a state's generator."""
    z = (int(seed) + 0x9E3779B97F4A7C15) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    z ^= z >> 31
    return np.uint64(z or 0x2545F4914F6CDD1D)


def seed_words(seeds) -> np.ndarray:
    """One generator word per seed (e.g. for the random choosers of an engine's ``play_random``)."""
    return np.array([seed_word(seed) for seed in seeds], dtype=np.uint64)


@kernel
def xorshift(x):
    x ^= x << np.uint64(13)
    x ^= x >> np.uint64(7)
    x ^= x << np.uint64(17)
    return x


@kernel
def _scale(x, n):
    """A uniform integer in [0, n) from a word. The modulo bias is < n / 2**64, negligible."""
    return np.int64((x >> np.uint64(11)) % np.uint64(n))


@kernel
def below(s, n):
    """Draw from a state record's own generator (its ``rng`` field)."""
    x = xorshift(s["rng"])
    s["rng"] = x
    return _scale(x, n)


@kernel
def below_at(words, i, n):
    """Draw from words[i], a generator kept outside any state (e.g. a random agent's)."""
    x = xorshift(words[i])
    words[i] = x
    return _scale(x, n)


@kernel
def shuffle(s, arr, n):
    """Fisher-Yates shuffle of arr[:n] in place."""
    for i in range(n - 1, 0, -1):
        j = below(s, i + 1)
        tmp = arr[i]
        arr[i] = arr[j]
        arr[j] = tmp


_OFFSET = np.uint64(0x9E3779B97F4A7C15)


@kernel
def fresh_word_at(words, i):
    """A new generator word for a state, drawn from words[i] (which advances) but on a shifted
    stream, so the state's later chance does not replay the caller's own draws; never zero."""
    x = xorshift(words[i])
    words[i] = x
    y = xorshift(x ^ _OFFSET)
    return y if y != 0 else _OFFSET


@kernel
def shuffle_at(arr, n, words, i):
    """Fisher-Yates shuffle of arr[:n] in place, drawing from words[i] (not from a state)."""
    for k in range(n - 1, 0, -1):
        j = below_at(words, i, k + 1)
        tmp = arr[k]
        arr[k] = arr[j]
        arr[j] = tmp


@kernel
def random_legal(mask, words, i):
    """A uniformly random legal action of `mask` (int8 0/1), drawn from words[i]; -1 if none."""
    n = 0
    for a in range(mask.shape[0]):
        n += mask[a]
    if n == 0:
        return -1
    pick = below_at(words, i, n)
    for a in range(mask.shape[0]):
        if mask[a] == 1:
            if pick == 0:
                return a
            pick -= 1
    return -1
