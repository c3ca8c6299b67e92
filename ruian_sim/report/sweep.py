"""The report's sweep section: each chosen metric against the parameter with its 95% band
(and the paired difference to the first point), a heat map for a grid, the solve's search."""

from __future__ import annotations

import html


def _esc(x) -> str:
    return html.escape(str(x))


def _label(v) -> str:
    return v if isinstance(v, str) else f"{v:g}" if isinstance(v, float) else str(v)


def _off(param: dict) -> dict:
    """{label of a value: what it means} for the values sweep.json marks ``off`` (0: no cap)."""
    return {_label(o["value"]): o["label"] for o in param.get("off", [])}


def placement(param: dict) -> tuple[dict, list, set]:
    """Where each value goes on the x axis: ({value's label: x}, [(x, tick label)], labels of
    the values kept off the line).  Numeric values
    sit at themselves; a value the rules give a meaning of its own (``0``: no cap) is no point
    of that scale, so it sits apart, past the largest, named by its meaning and joined to
    nothing; text values are categories in order."""
    vals, off = param["values"], _off(param)
    plain = [v for v in vals if _label(v) not in off]
    if not param.get("numeric") or not plain:
        return {_label(v): i for i, v in enumerate(vals)}, [(i, _label(v) + (f" ({off[_label(v)]})" if _label(v)
                                                                            in off else "")) for i, v in
                                                           enumerate(vals)], set(off)
    pos = {_label(v): v for v in plain}
    ticks = [(v, _label(v)) for v in sorted(plain)[::-(-len(plain) // 10)]]   # at most 10 numbers
    lo, hi = min(plain), max(plain)
    # clearly past the last step, so it does not read as the next value
    gap = max((hi - lo) * 0.25, 1.5 if param.get("integer") else 0) or 1
    for k, v in enumerate(v for v in vals if _label(v) in off):
        pos[_label(v)] = hi + gap * (k + 1)
        ticks.append((pos[_label(v)], f"{_label(v)} ({off[_label(v)]})"))
    return pos, ticks, set(off)


def _line(points, param, metric, png, plt, plain, diff=False, solve=None):
    fig, ax = plt.subplots(figsize=(8, 3.2))
    path = param["path"]
    pos, ticks, apart = placement(param)
    color = "#4c78a8" if not diff else "#e45756"
    xs, ys, lo, hi, odd = [], [], [], [], []
    for p in points:
        m = (p["diff_to_first"] if diff else p["metrics"]).get(metric)
        if m is None:
            continue
        v = _label(p["values"][path])
        row = (pos[v], m["value"], m["ci95"][0], m["ci95"][1])
        if v in apart:
            odd.append(row)
            continue
        xs.append(row[0])
        ys.append(row[1])
        lo.append(row[2])
        hi.append(row[3])
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    xs, ys, lo, hi = ([s[i] for i in order] for s in (xs, ys, lo, hi))
    ax.fill_between(xs, lo, hi, color=color, alpha=0.25, lw=0, label="paired 95% CI" if diff else "95% CI")
    ax.plot(xs, ys, marker="o", color=color)
    if odd:   # apart from the line: a marker with its interval, past a dotted rule
        ax.axvline((max(xs) + min(x for x, *_ in odd)) / 2 if xs else min(x for x, *_ in odd) - 0.5,
                   color="#999", lw=0.8, ls=":")
        ax.errorbar([r[0] for r in odd], [r[1] for r in odd],
                    yerr=[[r[1] - r[2] for r in odd], [r[3] - r[1] for r in odd]], fmt="s", color=color,
                    capsize=4)
    if diff:
        ax.axhline(0, color="#444", lw=0.8)
    if solve:
        ax.axhline(solve["target"], color="#54a24b", lw=1, ls="--", label=f"target {solve['target']:g}")
        if solve.get("interval"):
            ax.axvspan(*solve["interval"], color="#54a24b", alpha=0.12, label="answer's 95% interval")
    if ticks:
        ax.set_xticks([x for x, _ in ticks], [t for _, t in ticks])
    ax.set_xlabel(path)
    ax.set_ylabel(plain(metric if not diff else f"Δ {metric} vs first"))
    first = _categories(param)[param["values"].index(points[0]["values"][path])]
    ax.set_title(plain(f"{metric}: this point − the first ({first})" if diff
                       else f"{metric} against {path}"))
    ax.legend(fontsize=8)
    return png(fig)


def _heat(points, params, metric, png, plt, plain):
    import numpy as np

    p1, p2 = params
    v1, v2 = [_label(v) for v in p1["values"]], [_label(v) for v in p2["values"]]
    grid = np.full((len(v1), len(v2)), np.nan)
    half = np.full_like(grid, np.nan)
    for p in points:
        m = p["metrics"].get(metric)
        if m is None:
            continue
        i, j = v1.index(_label(p["values"][p1["path"]])), v2.index(_label(p["values"][p2["path"]]))
        grid[i, j] = m["value"]
        half[i, j] = (m["ci95"][1] - m["ci95"][0]) / 2
    fig, ax = plt.subplots(figsize=(1.1 * len(v2) + 3, 0.6 * len(v1) + 2))
    im = ax.imshow(grid, cmap="viridis", aspect="auto", origin="lower")
    for i in range(len(v1)):
        for j in range(len(v2)):
            if not np.isnan(grid[i, j]):
                ax.text(j, i, f"{grid[i, j]:.3g}\n±{half[i, j]:.2g}", ha="center", va="center", fontsize=7,
                        color="white" if grid[i, j] < np.nanmean(grid) else "black")
    ax.set_xticks(range(len(v2)), _categories(p2))
    ax.set_yticks(range(len(v1)), _categories(p1))
    ax.set_xlabel(p2["path"])
    ax.set_ylabel(p1["path"])
    ax.set_title(plain(f"{metric} (± half-width of the 95% CI)"))
    fig.colorbar(im, ax=ax)
    return png(fig)


def _hands(points) -> str:
    """Hands a point: one figure, or the range (a point's rules may make the same matches shorter)."""
    n = sorted({p["hands"] for p in points})
    return f"{n[0]:,} hands each" if len(n) == 1 else f"{n[0]:,} to {n[-1]:,} hands a point (see the table)"


def _categories(param: dict) -> list[str]:
    """A heat map's labels in the values' order, a value with a meaning of its own named by it."""
    off = _off(param)
    return [f"{_label(v)} ({off[_label(v)]})" if _label(v) in off else _label(v) for v in param["values"]]


def sweep_html(s: dict, png, plt, plain) -> str:
    params, points = s["params"], s["points"]
    metrics = s.get("metrics_shown") or []
    solve = s.get("solve")
    names = ", ".join(p["path"] for p in params)
    plays = ("each played" if s["plays"] >= len(points)
             else f"{s['plays']} played; the others re-score the same hands")
    out = [f"<h2>Sweep: {_esc(names)}</h2>",
           (f"<p>{_esc(s['rules']['name'])}, {len(points)} points, {_hands(points)} "
            f"({plays}), seed {s['seed']}, bots {_esc(s['bots'])}. Every point is played on the same "
            f"seeds, so neighbouring points differ only by the rule; bands are 95% intervals over "
            f"matches.</p>")]
    for w in s.get("warnings", []):
        out.append(f"<p class='warn'>{_esc(w)}</p>")
    if solve:
        r = solve
        if r["met"]:
            a, b = r["bracket"]
            ans = (f"between {_esc(r['param'])} = {a} and {b} (interpolated {r['root']:.2f})"
                   if r["integer"] and a != b else f"{_esc(r['param'])} = {r['root']:.4g}")
            ans += f"; 95% interval {r['interval'][0]:g} .. {r['interval'][1]:g}"
        else:
            ans = "none in the range"
        out.append(f"<div class='summary'><p><b>Solve {_esc(r['goal'])}</b>: {ans}.</p></div>")
    if len(params) == 1:
        for m in metrics:
            out.append(_line(points, params[0], m, png, plt, plain,
                             solve=solve if solve and m == solve["metric"] and not solve.get("other") else None))
            if any(p["diff_to_first"].get(m) for p in points):
                out.append(_line(points, params[0], m, png, plt, plain, diff=True))
    else:
        for m in metrics:
            out.append(_heat(points, params, m, png, plt, plain))
    uneven = len({p["hands"] for p in points}) > 1
    head = "".join(f"<th>{_esc(p['path'])}</th>" for p in params) + "<th>play</th>" + \
        ("<th>hands</th>" if uneven else "") + "".join(
        f"<th>{_esc(m)} [95% CI]<br>Δ vs first [paired CI]</th>" for m in metrics)
    rows = []
    for p in points:
        cells = "".join(f"<td>{_esc(_categories(q)[q['values'].index(p['values'][q['path']])])}</td>"
                        for q in params)
        why = p.get("why", "")
        cells += (f"<td title='{_esc(why)}'>{'played' if p['replayed'] else 're-scored'}"
                  f"<br><small>{_esc(why.partition(': ')[2])}</small></td>")
        if uneven:
            cells += f"<td>{p['hands']:,}</td>"
        for m in metrics:
            x, d = p["metrics"].get(m), p["diff_to_first"].get(m)
            cell = f"{x['value']:.4f} [{x['ci95'][0]:.4f}, {x['ci95'][1]:.4f}]" if x else "-"
            if d:
                cell += f"<br>{d['value']:+.4f} [{d['ci95'][0]:+.4f}, {d['ci95'][1]:+.4f}]"
            cells += f"<td style='white-space:nowrap'>{cell}</td>"
        rows.append(f"<tr>{cells}</tr>")
    out.append(f"<table style='font-size:.8em'><tr>{head}</tr>{''.join(rows)}</table>")
    return "\n".join(out)
