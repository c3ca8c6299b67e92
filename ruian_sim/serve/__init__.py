"""`ruian-sim serve`: the designer's desk, a local web page to pick a game,
edit a rule change with the validator's errors as you type, run a
comparison and read what the change did (see app.py for the server, jobs.py
for the runs, views.py for what the page shows, assets/ for the page)."""

from __future__ import annotations

import sys
from pathlib import Path


def serve(port: int, workspace: Path, open_browser: bool = False) -> int:
    from .app import Desk

    desk = Desk(port, workspace)
    print(desk.url, flush=True)   # the first line: the URL with its token, for people and for scripts
    print(f"ruian-sim serve: workspace {desk.workspace}; Ctrl-C stops the server (running comparisons "
          f"save their work and can be resumed from the page)", file=sys.stderr, flush=True)
    if open_browser:
        import webbrowser

        webbrowser.open(desk.url)
    from .. import interrupt

    try:
        desk.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:   # Ctrl-C is how a server is stopped: exit 0 (SIGTERM keeps its 143)
        print("ruian-sim serve: stopped", file=sys.stderr, flush=True)
        return interrupt.EXIT_INTERRUPTED if interrupt.terminated() else 0
    finally:
        desk.runs.stop_all()
        desk.server_close()
    return 0
