"""Limits on guessing the access code (issue 26, docs/reliability.md "Guessing the code").

Two limits, both on *wrong* codes, both checked before a code is judged (a guess refused is not
judged, so it tells nothing, right or wrong):

- **per client**: at most ``ACCESS_ATTEMPTS`` (5) wrong codes in ``ACCESS_WINDOW`` (300) seconds
  from one client.  A client is its IPv4 address, or its IPv6 **/64** (one home or phone network
  is given a whole /64: counted per address, it could guess without end);
- **over everyone**: at most ``ACCESS_ATTEMPTS_ALL`` (30, ``SCOREPAD_ACCESS_GUESSES_PER_MINUTE``)
  wrong codes in ``ACCESS_WINDOW_ALL`` (60) seconds from all clients together; beyond, every new
  guess waits until the oldest of those leaves the window.  However many addresses guess, the code
  is tried at most 30 times a minute.

Devices already admitted (their session holds the code's digest) and API tokens never meet
either limit: they never come to ``/access``.  A new device may have to wait a minute while
someone is guessing: that is the price of the second limit, and the wait is said.

A guess takes its place in both windows *before* it is judged (``begin``), and gives it back when
it was right (``right``), so forty guesses sent at the same moment are judged thirty at most, not
as many as were in flight.
"""

from __future__ import annotations

import contextlib
import ipaddress
import math
import os
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from flask import Flask

PRUNE_AT = 10_000  # clients remembered before the ones with no recent failure are forgotten


def client_key(address: str | None) -> str:
    """What one client is, for the limit: an IPv4 address, or an IPv6 address's /64.

    >>> client_key("203.0.113.5"), client_key("2001:db8:1:2:aaaa::1"), client_key("2001:db8:1:2::ffff")
    ('203.0.113.5', '2001:db8:1:2::/64', '2001:db8:1:2::/64')
    >>> client_key("::ffff:198.51.100.7"), client_key("fe80::1%eth0"), client_key(""), client_key("not an ip")
    ('198.51.100.7', 'fe80::/64', 'unknown', 'not an ip')
    """
    if not address:
        return "unknown"
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0].strip("[]"))
    except ValueError:
        return address[:100]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def _seconds(remaining: float) -> int:
    """Whole seconds to wait, rounded up, at least one."""
    return max(1, math.ceil(remaining))


@dataclass(frozen=True)
class Wait:
    seconds: int  # 0: the guess may be judged now
    everyone: bool = False  # True: the limit over all clients, not this client's own


@dataclass(frozen=True)
class Ticket:
    key: str
    at: float


class GuessLimits:
    def __init__(
        self,
        per_client: int = 5,
        client_window: float = 300.0,
        overall: int = 30,
        overall_window: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.per_client, self.client_window = per_client, client_window
        self.overall, self.overall_window = overall, overall_window
        self._clock = clock
        self._clients: dict[str, deque[float]] = {}
        self._all: deque[float] = deque()
        self._lock = threading.Lock()

    def _recent(self, key: str, now: float) -> deque[float]:
        failures = self._clients.setdefault(key, deque())
        while failures and now - failures[0] >= self.client_window:
            failures.popleft()
        return failures

    def _wait(self, key: str, now: float) -> Wait:
        mine = self._recent(key, now)
        if len(mine) >= self.per_client:
            return Wait(_seconds(self.client_window - (now - mine[-self.per_client])))
        while self._all and now - self._all[0] >= self.overall_window:
            self._all.popleft()
        if len(self._all) >= self.overall:
            return Wait(_seconds(self.overall_window - (now - self._all[-self.overall])), everyone=True)
        return Wait(0)

    def wait(self, address: str | None) -> Wait:
        """How long this client must wait before a guess is judged (``seconds`` 0: not at all)."""
        with self._lock:
            return self._wait(client_key(address), self._clock())

    def begin(self, address: str | None) -> Wait | Ticket:
        """Take a place for a guess in both windows, or say how long to wait."""
        key = client_key(address)
        with self._lock:
            now = self._clock()
            waiting = self._wait(key, now)
            if waiting.seconds:
                return waiting
            self._clients[key].append(now)
            self._all.append(now)
            if len(self._clients) > PRUNE_AT:
                self._prune(now)
            return Ticket(key, now)

    def right(self, ticket: Ticket) -> None:
        """The guess was the code: it counts in neither window, and the client starts afresh."""
        with self._lock:
            self._clients.pop(ticket.key, None)
            with contextlib.suppress(ValueError):  # (already out of the window)
                self._all.remove(ticket.at)

    def _prune(self, now: float) -> None:
        for key in [
            k
            for k, failures in self._clients.items()
            if not failures or now - failures[-1] >= self.client_window
        ]:
            del self._clients[key]


def init_app(app: Flask) -> None:
    app.extensions["scorepad_guesses"] = GuessLimits(
        per_client=int(app.config.get("ACCESS_ATTEMPTS", 5)),
        client_window=float(app.config.get("ACCESS_WINDOW", 300)),
        overall=int(
            app.config.get("ACCESS_ATTEMPTS_ALL", os.environ.get("SCOREPAD_ACCESS_GUESSES_PER_MINUTE") or 30)
        ),
        overall_window=float(app.config.get("ACCESS_WINDOW_ALL", 60)),
    )
