"""The session (table clock) parts of a report."""

from __future__ import annotations


def session_html(s: dict, bars, png, plt_, esc) -> str:
    plt = plt_()
    ci = s["ci95"]
    kind, size = next(iter(s["session"].items()))
    fig, ax = plt.subplots(figsize=(8, 3))
    ax.hist(s["session_minutes_all"], bins=30, color="#72b7b2")
    ax.set_title(f"Session length: {s['sessions']} sessions of {size:g} {kind}")
    ax.set_xlabel("minutes")
    ax.set_ylabel("sessions")
    rows = "".join(f"<tr><td>{esc(k.replace('_', ' '))}</td><td>{s[k]:.2f}</td>"
                   f"<td>[{ci[k][0]:.2f}, {ci[k][1]:.2f}]</td></tr>"
                   for k in ("hands_per_hour", "minutes_per_hand", "hands_per_round"))
    m = s["session_minutes"]
    rows += (f"<tr><td>session minutes</td><td>{m['mean']:.1f}</td><td>[{ci['session_minutes'][0]:.1f}, "
             f"{ci['session_minutes'][1]:.1f}]</td></tr>")
    return (f"<h2>Sessions: {esc(s['rules']['name'])}</h2><p>A table's clock (SimPy): each hand's actions "
            f"come from the engine's records, each action's time from the rules' <code>timing</code> "
            f"section (assumed times unless you measured your own).</p>{png(fig)}"
            f"<table><tr><th>figure</th><th>value</th><th>95% CI</th></tr>{rows}</table>")


def session_compare_html(c: dict, esc) -> str:
    from ..runner.compare import _ci, _p

    rows = "".join(f"<tr><td>{esc(k.replace('_', ' '))}</td><td>{m['a']:.3f}</td><td>{m['b']:.3f}</td>"
                   f"<td>{m['diff']:+.3f}</td><td>{_ci(m['ci95'], 3)}</td>"
                   f"<td>{_p(m['p'])}</td></tr>" for k, m in c["metrics"].items())
    return ("<h3>Sessions (paired: session i plays the same walls under both rules)</h3>"
            "<table><tr><th>figure</th><th>A</th><th>B</th><th>B − A</th><th>paired 95% CI</th><th>p</th></tr>"
            f"{rows}</table>")
