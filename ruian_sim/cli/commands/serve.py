"""`ruian-sim serve`: the designer's desk in a browser, on this machine only."""

from __future__ import annotations

from pathlib import Path

from ..options import examples, nonneg


def register(sub) -> None:
    p = sub.add_parser("serve", help="a local web page: edit a rule change, compare it, read what it does",
                       description="Serves a page on 127.0.0.1 to pick a game and variants, edit an overlay "
                                   "with the validator's errors as you type, run a comparison with live "
                                   "progress and cancel, read its figures with CIs and replay any hand. The "
                                   "first line printed is the page's URL with its access token; requests "
                                   "without the token are refused. Runs are kept in the workspace folder "
                                   "and listed on the page.",
                       **examples("ruian-sim serve", "ruian-sim serve --port 8765 --workspace ~/mahjong-runs --open"))
    p.add_argument("--port", type=nonneg, default=8765, metavar="N",
                   help="the port on 127.0.0.1 (default 8765; 0 picks a free one)")
    p.add_argument("--workspace", type=Path, default=Path("ruian-sim-runs"), metavar="DIR",
                   help="where runs are kept (default ./ruian-sim-runs)")
    p.add_argument("--open", action="store_true", help="open the page in the default browser")
    p.set_defaults(func=cmd_serve)


def cmd_serve(args) -> int:
    from ...serve import serve

    try:
        return serve(args.port, args.workspace, args.open)
    except OSError as exc:
        if exc.errno in (98, 48):   # EADDRINUSE on Linux, macOS
            from ...errors import UserError

            raise UserError(f"--port {args.port}: already in use on 127.0.0.1 (choose another, or 0 for any)") from None
        raise
