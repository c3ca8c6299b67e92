"""A `ruian-sim serve` in a subprocess for the page tests, and a small client for its API."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

FOUR_WINDS = """\
extends: ruian
name: four-winds
aborts:
  four_winds:
    action: draw
    tiles: [1z, 2z, 3z, 4z]
    window: opening
"""


def _decoded(r):
    data = r.read()
    return json.loads(data) if r.headers.get("Content-Type", "").startswith("application/json") else data.decode()


class Desk:
    def __init__(self, workspace: Path):
        self.proc = subprocess.Popen([sys.executable, "-m", "ruian_sim.cli", "serve", "--port", "0", "--workspace",
                                      str(workspace)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.url = self.proc.stdout.readline().strip()   # the first line: the URL with its token
        assert self.url.startswith("http://127.0.0.1:"), self.url + self.proc.stderr.read()
        self.base, _, self.token = self.url.partition("/?token=")

    def call(self, path: str, body: dict | None = None, token: str | None = "", headers: dict | None = None):
        """(status, JSON answer); token "" means the right one, None none at all."""
        req = urllib.request.Request(self.base + path, data=None if body is None else json.dumps(body).encode(),
                                     headers={**({"X-Token": token or self.token} if token is not None else {}),
                                              **(headers or {})})
        try:
            with urllib.request.urlopen(req, timeout=600) as r:
                return r.status, _decoded(r)
        except urllib.error.HTTPError as e:
            return e.code, _decoded(e)

    def wait(self, run_id: str, until=("done", "failed", "cancelled"), timeout: float = 900) -> dict:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            _, s = self.call(f"/api/runs/{run_id}")
            if s["state"] in until:
                return s
            time.sleep(0.3)
        raise AssertionError(f"run {run_id} still {s} after {timeout} s")

    def close(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=60)
        finally:
            self.proc.stdout.close()
            self.proc.stderr.close()
