"""The seed's wall procedure, written from the rule text for the referee.

Only the array layout is shared with the engine (table/wall.py): position
``stack * height + level`` (level 0 on top), side s holding stacks
``s * stacks .. s * stacks + stacks - 1`` from its left end to its right end,
so that going from a wall's left end to its right end goes the way play goes
(counterclockwise, towards the 下家).  Everything else is the rule text:
count the dice total from the 开门人's wall, from its right end when counting
clockwise (from its left end otherwise), going on along the next wall that
way (clockwise: the 上家's); draw from the stack after the last one counted,
in the drawing direction; take replacements from the other end, starting at
the last stack counted; the turned tile is the bottom tile of that stack.
"""

from __future__ import annotations


def _next_stack(side: int, i: int, clockwise: bool, sides: int, stacks: int) -> tuple[int, int]:
    """The neighbouring stack going clockwise (towards the left end, then the 上家's wall)."""
    if clockwise:
        return (side, i - 1) if i > 0 else ((side - 1) % sides, stacks - 1)
    return (side, i + 1) if i < stacks - 1 else ((side + 1) % sides, 0)


class WallWalk:
    def __init__(self, rules, opener: int, count: int):
        w = rules.wall
        self.sides, self.stacks, self.h = w.sides, w.stacks_per_side, w.stack_height
        side = opener % self.sides
        cw = w.count == "clockwise"
        here = (side, self.stacks - 1 if cw else 0)
        for _ in range(count - 1):
            here = _next_stack(*here, cw, self.sides, self.stacks)
        self.break_stack = here
        self.draw_cw = w.draw == "clockwise"

    def _stacks(self, start, clockwise: bool):
        here = start
        for _ in range(self.sides * self.stacks):
            yield here
            here = _next_stack(*here, clockwise, self.sides, self.stacks)

    def _positions(self, stacks):
        for side, i in stacks:
            j = side * self.stacks + i
            for level in range(self.h):
                yield j * self.h + level

    def head(self):
        """Ring positions in the order the head of the wall is drawn."""
        first = _next_stack(*self.break_stack, self.draw_cw, self.sides, self.stacks)
        return list(self._positions(self._stacks(first, self.draw_cw)))

    def tail(self):
        """Ring positions in the order replacements are taken (top tile first)."""
        return list(self._positions(self._stacks(self.break_stack, not self.draw_cw)))

    def turned(self) -> int:
        side, i = self.break_stack
        return (side * self.stacks + i) * self.h + self.h - 1
