"""Load generation: Debian's ``wrk`` when it is installed (a real load generator, keep-alive
connections, latency percentiles), else a small stdlib fallback (threads with ``http.client``) so
``make bench`` still runs; the results say which one measured them.

A target is ``Target(method, paths, bodies, headers)``: requests cycle through ``paths`` and
``bodies`` (an autosave alternates between two states, for example)."""

from __future__ import annotations

import http.client
import re
import shutil
import statistics
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

WRK = shutil.which("wrk")


@dataclass
class Target:
    method: str
    paths: list[str]
    bodies: list[str] = field(default_factory=lambda: [""])
    headers: dict[str, str] = field(default_factory=dict)


def tool() -> str:
    return "wrk" if WRK else "stdlib threads (wrk not installed)"


def measure(base: str, target: Target, clients: int, seconds: float) -> dict:
    """Requests per second and p50 / p99 latency (ms) of ``target`` with ``clients`` connections."""
    if WRK:
        return _wrk(base, target, clients, seconds)
    return _threads(base, target, clients, seconds)


# ------------------------------------------------------------------------------ wrk


def _lua_string(text: str) -> str:
    level = "=" * 3
    while f"]{level}]" in text:
        level += "="
    return f"[{level}[{text}]{level}]"


def _lua(target: Target) -> str:
    """A wrk script: static method, headers and body when there is one request (wrk's fast path),
    else the requests formatted once in ``init`` and cycled through."""
    lines = [f"wrk.method = {_lua_string(target.method)}"]
    for key, value in target.headers.items():
        lines.append(f"wrk.headers[ {_lua_string(key)} ] = {_lua_string(value)}")
    if len(target.paths) == 1 and len(target.bodies) == 1:
        if target.bodies[0]:
            lines.append(f"wrk.body = {_lua_string(target.bodies[0])}")
        return "\n".join(lines) + "\n"
    lines.append("local paths = {" + ", ".join(_lua_string(p) for p in target.paths) + "}")
    lines.append("local bodies = {" + ", ".join(_lua_string(b) for b in target.bodies) + "}")
    lines.append(
        """local requests, i = {}, 0
init = function(args)
  local n = math.max(#paths, #bodies)
  for k = 1, n do
    local body = bodies[((k - 1) % #bodies) + 1]
    if body == "" then body = nil end
    requests[k] = wrk.format(nil, paths[((k - 1) % #paths) + 1], nil, body)
  end
end
request = function()
  i = (i % #requests) + 1
  return requests[i]
end
"""
    )
    return "\n".join(lines)


_UNIT = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}


def _ms(text: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text).groups()
    return float(number) * _UNIT[unit]


def _wrk(base: str, target: Target, clients: int, seconds: float) -> dict:
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as handle:
        handle.write(_lua(target))
        script = handle.name
    try:
        threads = min(clients, 2)
        command = [WRK, f"-t{threads}", f"-c{clients}", f"-d{max(1, round(seconds))}s", "--latency", "--timeout", "10s",
                   "-s", script, base + target.paths[0]]
        done = subprocess.run(command, capture_output=True, text=True, timeout=seconds + 30, check=True)
        if done.stderr.strip():  # a script error makes wrk fall back to plain GETs: refuse that
            raise RuntimeError(f"wrk: {done.stderr.strip()}")
        out = done.stdout
    finally:
        Path(script).unlink(missing_ok=True)
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    requests = int(re.search(r"(\d+) requests in", out).group(1))
    p50 = _ms(re.search(r"^\s+50%\s+(\S+)", out, re.M).group(1))
    p99 = _ms(re.search(r"^\s+99%\s+(\S+)", out, re.M).group(1))
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    errors = re.search(r"Socket errors: (.*)", out)
    return {
        "rps": rps,
        "p50_ms": p50,
        "p99_ms": p99,
        "requests": requests,
        "non_2xx_3xx": int(bad.group(1)) if bad else 0,
        "socket_errors": errors.group(1).strip() if errors else "",
    }


# ------------------------------------------------------------------------------ fallback


def _threads(base: str, target: Target, clients: int, seconds: float) -> dict:
    parts = urlsplit(base)
    latencies: list[list[float]] = [[] for _ in range(clients)]
    bad = [0] * clients
    stop = time.perf_counter() + seconds

    def client(n: int) -> None:
        conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
        i = n
        while time.perf_counter() < stop:
            i += 1
            path = target.paths[i % len(target.paths)]
            body = target.bodies[i % len(target.bodies)] or None
            start = time.perf_counter()
            conn.request(target.method, path, body=body, headers=target.headers)
            response = conn.getresponse()
            response.read()
            latencies[n].append((time.perf_counter() - start) * 1000)
            if response.status >= 400:
                bad[n] += 1
        conn.close()

    started = time.perf_counter()
    workers = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    elapsed = time.perf_counter() - started
    every = sorted(x for one in latencies for x in one)
    return {
        "rps": len(every) / elapsed,
        "p50_ms": statistics.median(every),
        "p99_ms": every[min(len(every) - 1, int(len(every) * 0.99))],
        "requests": len(every),
        "non_2xx_3xx": sum(bad),
        "socket_errors": "",
    }


class Pollers:
    """``n`` phones asking ``path`` every ``interval`` seconds in the background (the live
    updates of the play and seat pages), each with its last ETag: what the server carries while
    it answers the rest.  ``with Pollers(...) as p:`` ... ``p.stats()``."""

    def __init__(self, base: str, path: str, n: int, interval: float = 1.5, headers: dict[str, str] | None = None):
        parts = urlsplit(base)
        self.host, self.port, self.path, self.n, self.interval = parts.hostname, parts.port, path, n, interval
        self.headers = headers or {}
        self.latencies: list[float] = []
        self.statuses: dict[int, int] = {}
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self._lock = threading.Lock()

    def _run(self, offset: float) -> None:
        conn = http.client.HTTPConnection(self.host, self.port, timeout=10)
        etag = None
        self._stop.wait(offset)
        while not self._stop.is_set():
            headers = dict(self.headers)
            if etag:
                headers["If-None-Match"] = etag
            start = time.perf_counter()
            try:
                conn.request("GET", self.path, headers=headers)
                response = conn.getresponse()
                response.read()
            except (OSError, http.client.HTTPException):
                conn.close()
                conn = http.client.HTTPConnection(self.host, self.port, timeout=10)
                continue
            with self._lock:
                self.latencies.append((time.perf_counter() - start) * 1000)
                self.statuses[response.status] = self.statuses.get(response.status, 0) + 1
            etag = response.getheader("ETag") or etag
            self._stop.wait(self.interval)
        conn.close()

    def __enter__(self) -> Pollers:
        for i in range(self.n):
            thread = threading.Thread(target=self._run, args=(self.interval * i / self.n,), daemon=True)
            thread.start()
            self._threads.append(thread)
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(timeout=15)

    def stats(self) -> dict:
        every = sorted(self.latencies)
        if not every:
            return {"requests": 0, "statuses": self.statuses}
        return {
            "phones": self.n,
            "interval_s": self.interval,
            "requests": len(every),
            "rps": len(every) / max(self.interval, 1e-9) / max(1, len(every) / self.n),
            "p50_ms": statistics.median(every),
            "p99_ms": every[min(len(every) - 1, int(len(every) * 0.99))],
            "statuses": {str(k): v for k, v in sorted(self.statuses.items())},
        }
