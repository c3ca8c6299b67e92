"""The session (table clock) part of a report; filled in with `ruian-sim session`."""

from __future__ import annotations


def session_html(s: dict, bars, png, plt, esc) -> str:
    return f"<h2>Sessions: {esc(s.get('rules', {}).get('name', ''))}</h2><p>(no session figures)</p>"
