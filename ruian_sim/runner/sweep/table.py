"""A sweep printed for a terminal: a block of points (their values, played or re-scored, and
their hands where a point's rules made its matches shorter or longer), then one block per
metric (value, 95% CI, the difference to the first point and its paired CI), each a few
dozen columns wide, however many metrics are shown; a value the schema gives a meaning of
its own says it (``0 (no cap)``)."""

from __future__ import annotations

from ...ruleset.special import meaning, off_values
from .params import _show


def value_label(value, path: str) -> str:
    """A parameter's value as shown: ``0 (no cap)`` where the schema says what 0 means."""
    off = off_values(path)
    text = _show(value)
    said = meaning(off, value)
    return f"{text} ({said})" if said else text


def hands_differ(s: dict) -> bool:
    return len({p["hands"] for p in s["points"]}) > 1


def format_sweep(s: dict) -> str:
    from ..compare import _ci, _grid, _known, _num

    params = [p["path"] for p in s["params"]]
    metrics = s["metrics_shown"]
    hands = sorted({p["hands"] for p in s["points"]})
    # the same matches at every point, but a rule can make them last a different number of hands
    each = f"{hands[0]:,} hands each" if len(hands) == 1 else f"{hands[0]:,} to {hands[-1]:,} hands a point"
    lines = [(f"{s['rules']['name']}: sweep of {', '.join(params)} over {len(s['points'])} points "
              f"({s['plays']} played, the rest re-scored)"),
             f"  {each} (--hands {s['hands']:,}, counted on the first point), seed {s['seed']}, bots {s['bots']}"]

    def where(p) -> list[str]:
        return [value_label(p["values"][q], q) for q in params]

    uneven = hands_differ(s)
    rows = [params + ["play"] + (["hands"] if uneven else [])]
    for p in s["points"]:
        rows.append(where(p) + ["played" if p["replayed"] else "re-scored"] + ([f"{p['hands']:,}"] if uneven else []))
    lines += ["  " + r for r in _grid(rows, right={len(params) + 1})]
    for m in metrics:
        rows = [params + ["value", "95% CI", "Δ vs first", "paired 95% CI"]]
        for p in s["points"]:
            x, d = p["metrics"].get(m), p["diff_to_first"].get(m)
            value = f"{x['value']:.4f}" if x else "-"
            ci = _ci(x["ci95"]) if x and _known(x["ci95"][0]) and _known(x["ci95"][1]) else "none" if x else "-"
            rows.append(where(p) + [value, ci.replace("+", "") if ci.startswith("[") else ci,
                                    _num(d["value"]) if d else "-", _ci(d["ci95"]) if d else "-"])
        lines.append(m)
        lines += ["  " + r for r in _grid(rows, right={len(params), len(params) + 2})]
    lines.append("play per point:")
    for p in s["points"]:
        at = ", ".join(f"{q}={v}" for q, v in zip(params, where(p)))
        lines.append(f"  {at}: {p.get('why') or ('played' if p['replayed'] else 're-scored')}")
    for w in s.get("warnings", []):
        lines.append(f"warning: {w}")
    return "\n".join(lines) + "\n"
