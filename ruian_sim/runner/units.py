"""What each figure is measured in, from its name: a share (of hands or of wins), points a
hand, a count a hand, ...  A share's interval is kept within [0, 1]; a chart holds the
figures of one unit only (a share of ±0.01 beside flowers_mean's −5.5 says nothing).

Names are read in either form, internal (``seat_points_mean.0``) or public
(``seat_points_mean_0``).  A figure whose unit is not known here has none: the
test over every figure the accumulators make (tests/runner/test_units.py) then fails,
so a new figure must say what it is measured in.
"""

from __future__ import annotations

SHARE = "share"                     # of hands or of wins: drawn in percentage points
POINTS = "points per hand"
EVENTS = "events per hand"          # kongs, claims, flowers, winners, penalties
TURNS = "turns per hand"            # the game's length, ten times any other count: its own chart
HANDS = "hands per match"

# (name or prefix, unit); the first that matches wins, exact names before prefixes
UNITS: tuple[tuple[str, str], ...] = (
    ("seat_points_mean", POINTS), ("dealer_points_mean", POINTS), ("nondealer_points_mean", POINTS),
    ("dealer_advantage", POINTS), ("money_per_hand", POINTS), ("points_from_dealer", POINTS),
    ("flow_mean", POINTS),
    ("win_value_mean", "value per win"), ("win_points_mean", "table points per win"),
    ("win_tai_mean", "tai per win"), ("win_times_mean", "times per win"),
    ("turns_mean", TURNS), ("hands_per_match", HANDS),
    ("kongs_mean", EVENTS), ("claims_mean", EVENTS), ("flowers_mean", EVENTS), ("winners_mean", EVENTS),
    ("penalty_rate", EVENTS),       # penalties a hand (a hand may have several), not a share
    ("outcome", SHARE), ("draw_rate", SHARE), ("dealer_win_rate", SHARE), ("dealer_kept_rate", SHARE),
    ("seat_win_rate", SHARE), ("win_rate", SHARE), ("shape", SHARE), ("hard_rate", SHARE),
    ("times", SHARE), ("item", SHARE), ("penalty_hand_rate", SHARE), ("wild_held_win_rate", SHARE),
    ("passed_win_rate", SHARE), ("blocked_win_rate", SHARE), ("multiple_winners_rate", SHARE),
    ("winners", SHARE), ("draw_settled_rate", SHARE), ("play_on_rate", SHARE),
)

# figures that are not shares (means a hand, a win or a match), by name or prefix; not the
# seats from the dealer, which exist only by index (points_from_dealer_0 ...): `sweep --metric`
# takes these names, and a bare prefix would be a metric it accepts and cannot show
MEANS = tuple(name for name, unit in UNITS if unit != SHARE and name != "points_from_dealer")


def unit_of(name: str) -> str | None:
    """The unit of a figure (internal or public name); None for a name not listed."""
    head = name.replace(".", "_")
    for prefix, unit in UNITS:
        if head == prefix or head.startswith((prefix + "_", prefix + "s_")):   # shape_x, shapes.x
            return unit
    return None


def by_unit(names) -> dict[str, list[str]]:
    """The names grouped by unit, each group in the order given (unknown ones left out)."""
    out: dict[str, list[str]] = {}
    for n in names:
        u = unit_of(n)
        if u is not None:
            out.setdefault(u, []).append(n)
    return out
