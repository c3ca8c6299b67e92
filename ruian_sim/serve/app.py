"""The page's HTTP server: the standard library's, on 127.0.0.1 only, every
request refused without the random token printed in the URL (as Jupyter
does), so nothing else on the machine can drive it.  It answers with the
package's own assets and with JSON about the runs of one workspace folder,
never with any other file."""

from __future__ import annotations

import hmac
import json
import re
import secrets
import traceback
from http import HTTPStatus
from http.cookies import SimpleCookie
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from ..errors import UserError
from . import views
from .jobs import Runs

ASSETS = {"/": ("index.html", "text/html; charset=utf-8"), "/app.js": ("app.js", "text/javascript; charset=utf-8"),
          "/style.css": ("style.css", "text/css; charset=utf-8")}
COOKIE = "ruian_sim_token"
MAX_BODY = 1 << 20   # an overlay is a few lines; a megabyte is refused
LIMITS = {"hands": (10, 10_000_000), "seed": (0, 2**31 - 1)}


class Desk(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, port: int, workspace: Path):
        super().__init__(("127.0.0.1", port), Handler)
        self.token = secrets.token_urlsafe(24)
        self.workspace = Path(workspace).resolve()
        self.runs = Runs(self.workspace)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/?token={self.token}"


class Handler(BaseHTTPRequestHandler):
    server: Desk
    protocol_version = "HTTP/1.1"

    def log_message(self, fmt, *args):   # quiet: the terminal shows the URL and errors only
        pass

    # -- the gate -------------------------------------------------------------------------------
    def _token_ok(self, query: dict) -> bool:
        given = (query.get("token") or [""])[0] or self.headers.get("X-Token", "")
        if not given:
            cookie = SimpleCookie(self.headers.get("Cookie", ""))
            given = cookie[COOKIE].value if COOKIE in cookie else ""
        return bool(given) and hmac.compare_digest(given.encode(), self.server.token.encode())

    def _host_ok(self) -> bool:
        """Only this machine's names: a page elsewhere cannot rebind its DNS name to us."""
        host = self.headers.get("Host", "")
        port = self.server.server_address[1]
        return host in (f"127.0.0.1:{port}", f"localhost:{port}")

    def _route(self, method: str) -> None:
        parts = urlsplit(self.path)
        query = parse_qs(parts.query)
        if not self._host_ok():
            return self._send(HTTPStatus.FORBIDDEN, {"error": "wrong Host header"})
        if not self._token_ok(query):
            return self._send(HTTPStatus.FORBIDDEN, {"error": "this page needs its token: open the URL that "
                                                              "`ruian-sim serve` printed"})
        try:
            if method == "GET" and parts.path in ASSETS:
                return self._asset(parts.path, "token" in query)
            handler = getattr(self, f"_{method.lower()}_{_api_name(parts.path)}", None)
            if handler is None:
                return self._send(HTTPStatus.NOT_FOUND, {"error": f"nothing at {parts.path}"})
            args = _api_args(parts.path)
            body = self._body() if method == "POST" else {}
            return handler(query, body, *args)
        except _NotFound as exc:
            return self._send(HTTPStatus.NOT_FOUND, {"error": f"no run {exc.problems[0]} in this workspace"})
        except UserError as exc:
            return self._send(HTTPStatus.BAD_REQUEST, {"error": "; ".join(str(p) for p in exc.problems)})
        except Exception as exc:  # noqa: BLE001 - the page shows it; the server goes on
            traceback.print_exc()
            return self._send(HTTPStatus.INTERNAL_SERVER_ERROR, {"error": f"{type(exc).__name__}: {exc}"})

    def do_GET(self):
        self._route("GET")

    def do_POST(self):
        self._route("POST")

    # -- answers --------------------------------------------------------------------------------
    def _asset(self, path: str, set_cookie: bool) -> None:
        name, kind = ASSETS[path]
        data = resources.files("ruian_sim.serve").joinpath("assets", name).read_bytes()
        extra = {"Cache-Control": "no-store"}
        if set_cookie:   # the assets and API calls after the first page load carry the token as a cookie
            extra["Set-Cookie"] = f"{COOKIE}={self.server.token}; HttpOnly; SameSite=Strict; Path=/"
        self._raw(HTTPStatus.OK, data, kind, extra)

    def _send(self, status: HTTPStatus, obj) -> None:
        self._raw(status, json.dumps(obj, ensure_ascii=False, allow_nan=False).encode(),
                  "application/json; charset=utf-8", {"Cache-Control": "no-store"})

    def _raw(self, status: HTTPStatus, data: bytes, kind: str, extra: dict) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Content-Security-Policy", "default-src 'self'; style-src 'self'; img-src 'self' data:")
        for k, v in extra.items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(data)

    def _body(self) -> dict:
        size = int(self.headers.get("Content-Length") or 0)
        if size > MAX_BODY:
            raise UserError("request too large")
        try:
            data = json.loads(self.rfile.read(size) or b"{}")
        except ValueError:
            raise UserError("the request is not JSON") from None
        if not isinstance(data, dict):
            raise UserError("the request is not a JSON object")
        return data

    def _folder(self, run_id: str) -> Path:
        folder = self.server.runs.folder(run_id)
        if folder is None:
            raise _NotFound(run_id)
        return folder

    # -- the API: _<method>_<name>(query, body, *path args) ------------------------------------------
    def _get_games(self, query, body):
        self._send(HTTPStatus.OK, views.games())

    def _post_validate(self, query, body):
        self._send(HTTPStatus.OK, views.validate(str(body.get("text", "")), _spec(body.get("a")),
                                                 self.server.workspace / ".drafts"))

    def _get_runs(self, query, body):
        self._send(HTTPStatus.OK, {"runs": self.server.runs.listing(), "workspace": str(self.server.workspace)})

    def _post_runs(self, query, body):
        a = _spec(body.get("a"))
        text = str(body.get("text", ""))
        check = views.validate(text, a, self.server.workspace / ".drafts")
        if not check["ok"]:
            return self._send(HTTPStatus.BAD_REQUEST, {"error": "the overlay has problems", **check})
        run_id = self.server.runs.start(a, text, _int(body, "hands", 2000), _bots(body.get("bots")),
                                        _int(body, "seed", 1))
        self._send(HTTPStatus.OK, {"id": run_id})

    def _get_run(self, query, body, run_id):
        self._folder(run_id)
        self._send(HTTPStatus.OK, self.server.runs.state(run_id))

    def _post_cancel(self, query, body, run_id):
        self._folder(run_id)
        self._send(HTTPStatus.OK, {"cancelled": self.server.runs.cancel(run_id)})

    def _post_resume(self, query, body, run_id):
        self._folder(run_id)
        self._send(HTTPStatus.OK, {"resumed": self.server.runs.resume(run_id)})

    def _get_result(self, query, body, run_id):
        view = views.result(self._folder(run_id))
        if view is None:
            return self._send(HTTPStatus.NOT_FOUND, {"error": "this run has no result yet"})
        self._send(HTTPStatus.OK, view)

    def _get_hand(self, query, body, run_id):
        folder = self._folder(run_id)
        side = (query.get("side") or ["a"])[0]
        if side not in ("a", "b"):
            raise UserError("side must be a or b")
        self._send(HTTPStatus.OK, views.hand(folder, side, _int_q(query, "match"), _int_q(query, "hand")))


class _NotFound(UserError):
    pass


_API = re.compile(r"^/api/([a-z]+)(?:/([0-9a-f-]+)(?:/([a-z]+))?)?$")


def _api_name(path: str) -> str:
    """/api/games -> games; /api/runs/ID -> run; /api/runs/ID/cancel -> cancel."""
    m = _API.match(path)
    if not m:
        return "-"
    if m.group(2) is None:
        return m.group(1)
    return m.group(3) or "run"


def _api_args(path: str) -> tuple:
    m = _API.match(path)
    return (m.group(2),) if m and m.group(2) else ()


def _spec(value) -> str:
    """A: a built-in game, optionally with built-in variants (ruian+flowers); never a path."""
    from ..ruleset import builtin_names

    names = builtin_names()
    parts = str(value or "").split("+")
    if parts[0] not in names["rules"] or any(v not in names["variants"] for v in parts[1:]):
        raise UserError(f"A must be a built-in game with built-in variants, not {value!r}")
    return "+".join(parts)


def _bots(value) -> str:
    text = str(value or "smart")
    if not re.fullmatch(r"[a-z0-9_:=.,]+", text):
        raise UserError(f"bots: {text!r} is not a bots spec (e.g. smart or greedy,smart,smart,smart)")
    return text


def _int(body: dict, key: str, default: int) -> int:
    value = body.get(key, default)
    lo, hi = LIMITS[key]
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise UserError(f"{key} must be a whole number from {lo:,} to {hi:,}")
    return value


def _int_q(query: dict, key: str) -> int:
    raw = (query.get(key) or ["0"])[0]
    if not raw.isdigit():
        raise UserError(f"{key} must be a whole number")
    return int(raw)

