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
