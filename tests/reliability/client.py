"""A phone as an HTTP client (stdlib only): keeps its cookies, knows its CSRF token, saves seats."""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Phone:
    def __init__(self, base: str):
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), NoRedirect)
        self.token = ""

    def request(self, method: str, path: str, data: dict | None = None, timeout: float = 20) -> tuple[int, str, dict]:
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        req = urllib.request.Request(self.base + path, data=body, method=method)
        try:
            with self.opener.open(req, timeout=timeout) as response:
                return response.status, response.read().decode(), dict(response.headers)
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read().decode(), dict(exc.headers)

    def json(self, method: str, path: str, body: dict | None = None, timeout: float = 20) -> tuple[int, dict]:
        """A JSON API call (docs/api.md): the status and the decoded answer."""
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"} if data is not None else {})
        try:
            with self.opener.open(req, timeout=timeout) as response:
                return response.status, json.loads(response.read().decode() or "null")
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read().decode() or "null")

    def login(self) -> None:
        _, html, _ = self.request("GET", "/players")
        self.token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html).group(1)

    def new_play(self, players: list[str]) -> int:
        data = {"csrf_token": self.token, "game": "stub", "played_at": "2026-11-28T20:30"}
        data.update({f"players-{i}": name for i, name in enumerate(players)})
        status, _, headers = self.request("POST", "/plays", data)
        assert status == 303, status
        return int(headers["Location"].rstrip("/").split("/")[-1])

    def save(self, play_id: int, position: int, state: dict, version: int | None = None) -> int:
        data = {"csrf_token": self.token, "state_json": json.dumps(state)}
        if version is not None:
            data["version"] = str(version)
        status, _, _ = self.request("POST", f"/plays/{play_id}/seats/{position}", data)
        return status


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``python -m tests.reliability.server`` in its own process group, killable with SIGKILL."""

    def __init__(self, instance: Path):
        self.instance = instance
        self.port = free_port()
        self.process: subprocess.Popen | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def database(self) -> str:
        return str(self.instance / "scorepad.db")

    def start(self) -> Server:
        env = dict(os.environ, PORT=str(self.port), HOST="127.0.0.1", SCOREPAD_INSTANCE=str(self.instance),
                   SCOREPAD_DATABASE=self.database, PYTHONPATH=str(ROOT))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.reliability.server"], cwd=ROOT, env=env,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        )
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.base + "/healthz", timeout=1) as r:
                    if r.status == 200:
                        return self
            except OSError:
                time.sleep(0.1)
        self.kill()
        raise RuntimeError("the server did not start")

    def kill(self) -> None:
        """Hard kill: SIGKILL, no chance to flush or close anything."""
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()
