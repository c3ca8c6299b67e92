"""The per-seat charts of a run: points per hand and their distribution by place from the
dealer (the dealer, the next to play, ...).  Players take turns to deal, so a player's
number says little; where a seat sits from the dealer is what pays differently.  A
summary written before these figures were kept is drawn by player, as it was."""

from __future__ import annotations


def seat_names(seats: int) -> list[str]:
    """Seats by place from the dealer in turn order: the dealer, the next to play, ..., the
    last before the dealer."""
    names = ["dealer"]
    for k in range(1, seats):
        names.append("next after the dealer" if k == 1 else "last before the dealer" if k == seats - 1
                     else f"{k} seats after the dealer")
    return names


def seat_charts(s: dict, bars, png, plt, label) -> list[str]:
    """Points per hand by seat (bars with 95% CIs) and the distribution of one hand's points."""
    e, ci = s["extra"], s["ci95"]
    rel = e.get("points_from_dealer")
    if rel and "points_from_dealer" in ci:
        names = seat_names(len(rel))
        out = [bars(names, rel, ci["points_from_dealer"],
                    "Points per hand by seat from the dealer (players take turns to deal)", "points", False)]
        series = list(zip(names, e.get("points_hist_from_dealer") or []))
    else:
        players = len(s["seat_points_mean"])
        out = [bars([f"player {p}" for p in range(players)], s["seat_points_mean"], ci["seat_points_mean"],
                    "Points per hand by player (seat 0 is East when a match starts)", "points", False)]
        series = [(f"player {p}", h) for p, h in enumerate(e.get("points_hist") or [])]
    if series:
        fig, ax = plt.subplots(figsize=(8, 3.2))
        for name, h in series:
            xs = sorted(int(k) for k in h)
            total = sum(h.values()) or 1
            ax.plot(xs, [h[str(x)] / total for x in xs], marker=".", label=label(name))
        ax.set_yscale("log")
        ax.set_title("Distribution of one hand's points")
        ax.set_xlabel("points in a hand")
        ax.set_ylabel("share of hands")
        ax.legend()
        out.append(png(fig))
    return out
