"""Counter-based random streams (splitmix64).

Every random draw of a hand comes from a stream keyed by (root seed, match,
hand, purpose), so results do not depend on chunking or worker count, any
hand replays alone, and two variants on the same seeds see the same walls.
A stream is one uint64 of state in a small array slot.
"""

import numpy as np

from ..jit import kernel, kernel_inline

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_K_MATCH = np.uint64(0xD1B54A32D192ED03)
_K_HAND = np.uint64(0xAEF17502108EF2D9)
_K_PURPOSE = np.uint64(0xDB4F0B9175AE2165)

# purposes
WALL = 1
DICE = 2
ASIDE_PLACES = 3   # where the tiles laid aside (flowers) lie in draw order
BOT = 8  # BOT + seat


@kernel_inline
def mix64(z):
    z = np.uint64(z)
    z = (z ^ (z >> np.uint64(30))) * _M1
    z = (z ^ (z >> np.uint64(27))) * _M2
    return z ^ (z >> np.uint64(31))


@kernel
def stream(root, match, hand, purpose):
    """Initial state of the stream for (root, match, hand, purpose)."""
    s = mix64(np.uint64(root) ^ _GOLDEN)
    s = mix64(s ^ (np.uint64(match) * _K_MATCH))
    s = mix64(s ^ (np.uint64(hand) * _K_HAND))
    return mix64(s ^ (np.uint64(purpose) * _K_PURPOSE))


@kernel_inline
def next_u64(state, slot):
    state[slot] += _GOLDEN
    return mix64(state[slot])


@kernel_inline
def below(state, slot, n):
    """Uniform integer in [0, n): the high 32 bits scaled by n (a multiply, not a
    division; the bias, under n / 2**32, is far below anything measurable)."""
    return np.int64(((next_u64(state, slot) >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


@kernel_inline
def uniform(state, slot):
    return np.float64(next_u64(state, slot) >> np.uint64(11)) * (1.0 / 9007199254740992.0)
