"""The production server for the benchmarks: ``serve.py`` (waitress, ``create_app()``) started as a
subprocess on 127.0.0.1 with a temporary database, seeded through the app's own functions, and a
small HTTP session (cookie jar + CSRF token) to talk to it."""

from __future__ import annotations

import http.cookiejar
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from contextlib import contextmanager
from pathlib import Path

from bench.tables import ROOT

SECRET = "bench-secret-not-for-production"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def running(instance: Path, threads: int | None = None, env: dict[str, str] | None = None):
    """Yield the base URL of ``serve.py`` serving ``instance/scorepad.db`` on 127.0.0.1 (``env``:
    more environment, e.g. ``SCOREPAD_PAGE_CACHE=0`` to render every view)."""
    port = free_port()
    extra = env or {}
    env = dict(
        os.environ,
        HOST="127.0.0.1",
        PORT=str(port),
        SCOREPAD_INSTANCE=str(instance),
        SCOREPAD_DATABASE=str(instance / "scorepad.db"),
        SCOREPAD_SECRET_KEY=SECRET,
    )
    env.pop("SCOREPAD_ACCESS_CODE", None)  # the bench measures the pages, not the access gate
    env.update(extra)
    if threads:
        env["SCOREPAD_THREADS"] = str(threads)
    log = open(instance / "serve.log", "wb")  # noqa: SIM115 (the server process outlives this block)  # a file, not a pipe: waitress logs "Task queue depth" under load
    proc = subprocess.Popen([sys.executable, "serve.py"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"serve.py exited: {(instance / 'serve.log').read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(base + "/static/icons/icon.svg", timeout=2):
                    break
            except (urllib.error.URLError, ConnectionError):
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


def app_for(instance: Path):
    """The same app ``serve.py`` builds, in this process (to seed and inspect the database)."""
    os.environ.setdefault("SCOREPAD_SECRET_KEY", SECRET)
    from app import create_app

    return create_app({"DATABASE": str(instance / "scorepad.db"), "SECRET_KEY": SECRET})


def seed_play(app, game: str, table: dict, played_at: str, finish: bool = True) -> int:
    """Create a play of ``table`` through ``web.data.store`` (as the views do) and fill every seat."""
    from web.data import store

    with app.app_context():
        ids = [store.find_or_create_player(p["name"], "bench") for p in table["players"]]
        play_id = store.create_play(game, played_at, table.get("options", {}), ids, "bench")
        for position, player in enumerate(table["players"]):
            state = {k: v for k, v in player.items() if k != "name"}
            store.save_seat(play_id, position, state, "bench", done=True)
        if finish:
            store.set_status(play_id, store.FINISHED, "bench")
    return play_id


TOKEN = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"|name="csrf_token" value="([^"]+)"')


class Session:
    """A phone: keeps its cookies, knows its CSRF token after its first page."""

    def __init__(self, base: str):
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.token = ""

    def get(self, path: str) -> tuple[int, bytes, dict]:
        return self._open(urllib.request.Request(self.base + path))

    def post(self, path: str, data: dict | list, headers: dict | None = None) -> tuple[int, bytes, dict]:
        body = urllib.parse.urlencode(data).encode()
        request = urllib.request.Request(self.base + path, data=body, headers=headers or {}, method="POST")
        return self._open(request)

    def _open(self, request) -> tuple[int, bytes, dict]:
        try:
            with self.opener.open(request, timeout=30) as response:
                body = response.read()
                status, headers = response.status, dict(response.headers)
        except urllib.error.HTTPError as exc:
            body, status, headers = exc.read(), exc.code, dict(exc.headers)
        match = TOKEN.search(body.decode("utf-8", "replace"))
        if match:
            self.token = match.group(1) or match.group(2)
        return status, body, headers

    def cookie_header(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)
