"""--until-ci METRIC=HALFWIDTH (compare, duel): the target's text, the width
of a paired interval, and what the progress bar and the last line say."""

from __future__ import annotations

from ..errors import UserError


def parse_until(text: str | None) -> tuple[str, float] | None:
    """(metric, half-width), or None when not given."""
    if not text:
        return None
    name, sep, value = text.partition("=")
    try:
        width = float(value)
    except ValueError:
        width = -1.0
    if not sep or not name or not width > 0 or width == float("inf"):
        raise UserError(f"--until-ci {text!r}: expected METRIC=HALFWIDTH, e.g. draw_rate=0.002")
    return name, width


def half_width(ci95) -> float:
    lo, hi = ci95
    return (hi - lo) / 2


def progress_note(name: str, half: float, width: float) -> str:
    """Beside the progress bar, after each chunk taken."""
    return f"{name} ±{half:.3g}, wanted <{width:g}"


def verdict(name: str, half: float, width: float, hands: int) -> str:
    """The line printed after the table."""
    reached = "reached" if half < width else "NOT reached within the budget"
    return f"--until-ci {name}: half-width {half:.5f} {reached} after {hands:,} hands"
