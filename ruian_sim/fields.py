"""Offsets into the flat arrays the kernels share, generated from widths.

A layout names its fields in order, each with its width; the offsets follow,
so no two fields overlap and the size is their sum.  Each offset is a plain
module-level int, which numba folds into the compiled code::

    _P = Fields()
    EP_SEATS = _P()        # one slot
    EP_PRIO = _P(4)        # four slots
    EP_SIZE = _P.size

tests/test_layouts.py holds every layout to it: the constants of a prefix,
in the order the module defines them, are exactly the fields' offsets.
"""


class Fields:
    """The next field's offset on each call; ``size`` the slots so far."""

    def __init__(self, start: int = 0):
        self.start = start
        self.size = start
        self.spans: list[tuple[int, int]] = []

    def __call__(self, width: int = 1) -> int:
        if width < 1:
            raise ValueError(f"a field is at least one slot wide, not {width}")
        at = self.size
        self.size += width
        self.spans.append((at, width))
        return at
