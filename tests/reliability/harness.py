"""What the server-hardening tests and figures need around the real server (``serve.py`` in its
own process): a server started with chosen settings (or with waitress's defaults, as Scorepad
ran before), hostile clients that trickle bytes from their own loopback address, timed requests,
and a small disk that can fill up.

    .venv/bin/python -m tests.reliability.harness    # the figures for docs/reliability.md, as JSON
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

from tests.reliability.client import ROOT, Server

# How Scorepad ran waitress before these settings (serve.py passed only ``threads``).
OLD_SERVER = (
    "import os, scoring; from tests import stubgame; scoring.register(stubgame.GAME);"
    "from waitress import serve; from app import create_app;"
    "serve(create_app(), host='127.0.0.1', port=int(os.environ['PORT']), threads=8, ident='Scorepad')"
)


class TunedServer(Server):
    """``serve.py`` (through ``tests.reliability.server``) with extra environment settings, or
    any Python ``code`` run the same way."""

    def __init__(self, instance: Path, env: dict[str, str] | None = None, code: str | None = None,
                 database: str | None = None):
        super().__init__(instance)
        self.extra = dict(env or {})
        self.code = code
        self._database = database
        self.output = instance / "server.out"

    @property
    def database(self) -> str:
        return self._database or str(self.instance / "scorepad.db")

    def start(self, wait: bool = True) -> TunedServer:
        env = dict(os.environ, PORT=str(self.port), HOST="127.0.0.1", SCOREPAD_INSTANCE=str(self.instance),
                   SCOREPAD_DATABASE=self.database, PYTHONPATH=str(ROOT))
        env.update(self.extra)
        command = [sys.executable, "-c", self.code] if self.code else [sys.executable, "-m", "tests.reliability.server"]
        self.instance.mkdir(parents=True, exist_ok=True)
        out = self.output.open("ab")
        self.process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
                                        start_new_session=True)
        out.close()
        if not wait:
            return self
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError("the server stopped: " + self.output.read_text(errors="replace")[-2000:])
            try:
                with urllib.request.urlopen(self.base + "/healthz", timeout=1) as r:
                    if r.status == 200:
                        return self
            except OSError:
                time.sleep(0.1)
        self.kill()
        raise RuntimeError("the server did not start")

    def log(self) -> str:
        return self.output.read_text(errors="replace") if self.output.exists() else ""


def connect_from(source: str, port: int, timeout: float = 10) -> socket.socket:
    """A TCP connection to 127.0.0.1:port from the loopback address ``source`` (127.0.0.2, ...):
    each source is another client to the server."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.settimeout(timeout)
    sock.bind((source, 0))
    sock.connect(("127.0.0.1", port))
    return sock


class Tricklers:
    """``count`` connections from ``source`` that each send a request one byte every ``every``
    seconds (a slowloris: never finishing, never idle)."""

    REQUEST = b"POST /players HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n" \
              b"Content-Length: 100000\r\n\r\n" + b"a" * 100000

    def __init__(self, port: int, count: int, sources: list[str], every: float = 0.5):
        self.port, self.count, self.sources, self.every = port, count, sources, every
        self.opened = 0
        self.refused = 0  # connections the server closed or refused at once
        self.closed_by_server = 0  # connections the server closed later (the request deadline)
        self.lifetimes: list[float] = []
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self._lock = threading.Lock()

    def _one(self, source: str) -> None:
        try:
            sock = connect_from(source, self.port, timeout=5)
        except OSError:
            with self._lock:
                self.refused += 1
            return
        started = time.monotonic()
        with self._lock:
            self.opened += 1
        sock.settimeout(0.05)
        sent = 0
        told_busy = False
        try:
            while not self._stop.is_set() and sent < len(self.REQUEST):
                try:
                    sock.sendall(self.REQUEST[sent:sent + 1])
                except OSError:
                    break
                sent += 1
                try:
                    data = sock.recv(4096)
                    if data.startswith(b"HTTP/1.1 503"):
                        told_busy = True  # "too many connections from this address"
                        break
                    if data == b"":
                        break  # closed by the server
                except TimeoutError:
                    pass
                except OSError:
                    break
                self._stop.wait(self.every)
            else:
                return
            with self._lock:
                if told_busy or time.monotonic() - started < 0.5:
                    self.refused += 1
                else:
                    self.closed_by_server += 1
                    self.lifetimes.append(time.monotonic() - started)
        finally:
            sock.close()

    def start(self) -> Tricklers:
        for n in range(self.count):
            t = threading.Thread(target=self._one, args=(self.sources[n % len(self.sources)],), daemon=True)
            t.start()
            self._threads.append(t)
            time.sleep(0.005)
        return self

    def stop(self) -> None:
        self._stop.set()
        for t in self._threads:
            t.join(timeout=5)


def timed_get(base: str, path: str = "/players", timeout: float = 15) -> tuple[int | None, float]:
    """(status or None when it failed or timed out, seconds)."""
    started = time.monotonic()
    try:
        with urllib.request.urlopen(base + path, timeout=timeout) as r:
            r.read()
            return r.status, time.monotonic() - started
    except urllib.error.HTTPError as exc:
        return exc.code, time.monotonic() - started
    except OSError:
        return None, time.monotonic() - started


def normal_requests(base: str, count: int, every: float = 0.2, timeout: float = 15) -> dict:
    """``count`` plain page loads one after another while something else goes on."""
    results = []
    for _ in range(count):
        results.append(timed_get(base, timeout=timeout))
        time.sleep(every)
    times = sorted(t for s, t in results if s == 200)
    return {"requests": count, "answered": len(times), "failed": count - len(times),
            "median_ms": round(times[len(times) // 2] * 1000) if times else None,
            "max_ms": round(times[-1] * 1000) if times else None}


def body_read_before_413(port: int, path: str = "/access", declared: int = 100 * 1024 * 1024,
                         chunked: bool = False, source: str = "127.0.0.1") -> dict:
    """Send a body far larger than allowed and count how much of it went out before the server
    answered (and so, at most, what it read).  With ``chunked`` the body has no Content-Length."""
    sock = connect_from(source, port, timeout=10)
    head = f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
    head += "Transfer-Encoding: chunked\r\n\r\n" if chunked else f"Content-Length: {declared}\r\n\r\n"
    sock.sendall(head.encode())
    piece = b"a" * 65536
    chunk = (b"%x\r\n" % len(piece)) + piece + b"\r\n" if chunked else piece
    sent, answer = 0, b""
    sock.settimeout(0.01)
    started = time.monotonic()
    while sent < declared and time.monotonic() - started < 30:
        try:
            answer += sock.recv(65536)
            if answer:
                break
        except TimeoutError:
            pass
        except OSError:
            break
        try:
            sock.sendall(chunk)
            sent += len(piece)
        except OSError:
            break
    sock.settimeout(5)
    with contextlib.suppress(OSError):
        while True:  # the whole answer: the server closes the connection after it
            data = sock.recv(65536)
            if not data:
                break
            answer += data
    sock.close()
    status = int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/") else None
    return {"status": status, "sent_before_answer": sent, "answer": answer[:2000].decode("latin-1")}


@contextlib.contextmanager
def small_disk(megabytes: int = 4) -> Iterator[Path | None]:
    """A tmpfs of ``megabytes`` MB (a disk that fills up), or None when this machine cannot mount
    one (not root)."""
    folder = Path(tempfile.mkdtemp(prefix="scorepad-disk-"))
    mounted = False
    if os.geteuid() == 0:
        mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={megabytes}m", "tmpfs", str(folder)],
                                 capture_output=True).returncode == 0
    try:
        yield folder if mounted else None
    finally:
        if mounted:
            subprocess.run(["umount", "-l", str(folder)], capture_output=True)
        with contextlib.suppress(OSError):
            folder.rmdir()


@contextlib.contextmanager
def read_only_view(folder: Path) -> Iterator[Path | None]:
    """``folder`` seen through a read-only bind mount (what a disk remounted read-only looks
    like), or None when this machine cannot mount (not root)."""
    view = Path(tempfile.mkdtemp(prefix="scorepad-ro-"))
    mounted = False
    if os.geteuid() == 0:
        mounted = subprocess.run(["mount", "--bind", str(folder), str(view)], capture_output=True).returncode == 0
        if mounted and subprocess.run(["mount", "-o", "remount,ro,bind", str(view)],
                                      capture_output=True).returncode != 0:
            subprocess.run(["umount", "-l", str(view)], capture_output=True)
            mounted = False
    try:
        yield view if mounted else None
    finally:
        if mounted:
            subprocess.run(["umount", "-l", str(view)], capture_output=True)
        with contextlib.suppress(OSError):
            view.rmdir()


def fill(folder: Path) -> int:
    """Fill the disk holding ``folder`` to the last byte; returns the bytes written."""
    written = 0
    with (folder / "filler").open("wb", buffering=0) as handle:
        block = b"\0" * 65536
        while True:
            try:
                handle.write(block)
                handle.flush()
                written += len(block)
            except OSError:
                break
        with contextlib.suppress(OSError):
            while True:
                handle.write(b"\0")
                handle.flush()
                written += 1
    return written


# ------------------------------------------------------------------------ the figures


def slow_client_figures(slow: int = 110, sources: int = 1) -> dict:
    """Normal page loads while ``slow`` trickling connections (from ``sources`` addresses) hold
    on, against waitress as Scorepad ran it before and against serve.py now."""
    out = {}
    for name, code, env in (("before (waitress defaults, threads=8)", OLD_SERVER, {}),
                            ("now (serve.py)", None, {})):
        with tempfile.TemporaryDirectory() as tmp:
            server = TunedServer(Path(tmp), env=env, code=code).start()
            try:
                addresses = [f"127.0.0.{2 + i}" for i in range(sources)]
                tricklers = Tricklers(server.port, slow, addresses, every=1.0).start()
                time.sleep(2)
                normal = normal_requests(server.base, 10, every=0.5, timeout=10)
                tricklers.stop()
                out[name] = {"slow_connections": slow, "slow_addresses": sources,
                             "slow_held": tricklers.opened - tricklers.refused,
                             "slow_refused_at_once": tricklers.refused, "normal": normal}
            finally:
                server.stop()
    return out


def deadline_figure(timeout: int = 5) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        server = TunedServer(Path(tmp), env={"SCOREPAD_REQUEST_TIMEOUT": str(timeout)}).start()
        try:
            tricklers = Tricklers(server.port, 10, ["127.0.0.9"], every=0.5).start()
            time.sleep(timeout + 6)
            tricklers.stop()
            return {"request_timeout": timeout, "trickling": 10, "closed_by_server": tricklers.closed_by_server,
                    "held_seconds_max": round(max(tricklers.lifetimes), 1) if tricklers.lifetimes else None}
        finally:
            server.stop()


def body_figures() -> dict:
    out = {}
    for name, code in (("before (waitress defaults)", OLD_SERVER), ("now (serve.py)", None)):
        with tempfile.TemporaryDirectory() as tmp:
            env = {"SCOREPAD_ACCESS_CODE": "sesame"}
            server = TunedServer(Path(tmp), env=env, code=code).start()
            try:
                big = body_read_before_413(server.port, declared=100 * 1024 * 1024)
                chunked = body_read_before_413(server.port, declared=100 * 1024 * 1024, chunked=True)
                out[name] = {"content_length_100MB": {k: big[k] for k in ("status", "sent_before_answer")},
                             "chunked_100MB": {k: chunked[k] for k in ("status", "sent_before_answer")}}
            finally:
                server.stop()
    return out


def main() -> None:
    figures = {
        "slow clients, one address": slow_client_figures(110, 1),
        "slow clients, ten addresses": slow_client_figures(200, 10),
        "request deadline": deadline_figure(),
        "bodies": body_figures(),
    }
    print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
