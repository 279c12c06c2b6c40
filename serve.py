"""Serve Scorepad with waitress (a production WSGI server), as ``make run`` does.

Prints the address to open on a phone on the same network, and says so at once when the database
cannot be written (read-only file or folder, full disk).

Waitress reads each request completely on its event loop before a worker thread sees it, so a slow
client costs a connection, never a thread.  What this module adds to waitress's settings
(``docs/reliability.md`` has the figures):

- the request body limit is the app's (``MAX_CONTENT_LENGTH``), checked from ``Content-Length``
  before a byte of the body is read; only two routes that raise the app's limit themselves take
  more: the Settings page's import (``SCOREPAD_MAX_IMPORT_MB``) and a play's photo upload
  (``web.story.photos.MAX_UPLOAD``);
- one client address holds at most ``SCOREPAD_CLIENT_CONNECTIONS`` connections (the trusted proxy
  is exempt: it speaks for many clients), out of ``SCOREPAD_CONNECTION_LIMIT`` in all;
- a request must arrive within ``SCOREPAD_REQUEST_TIMEOUT`` seconds (plus one second per 64 KB of
  declared body), and an idle keep-alive connection is closed after ``SCOREPAD_IDLE_TIMEOUT``;
- ``SCOREPAD_PROXY=1`` makes waitress trust the forwarded headers of one proxy
  (``SCOREPAD_PROXY_ADDRESS``, default 127.0.0.1).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import socket
import sys
import time
from collections.abc import Mapping
from typing import Any

from flask import Flask
from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.parser import HTTPRequestParser
from waitress.server import MultiSocketServer, TcpWSGIServer
from waitress.task import ErrorTask, ThreadedTaskDispatcher
from waitress.utilities import RequestEntityTooLarge

from app import create_app
from web.data.bgstats import UPLOAD_PATH as BGSTATS_UPLOAD
from web.data.db import keep_open, storage_problem
from web.server.address import lan_address
from web.server.limits import IMPORT_PATH

BODY_RATE = 64 * 1024  # bytes per second a request's body may take on top of the request timeout


def _int(environ: Mapping[str, str], name: str, default: int) -> int:
    raw = environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise SystemExit(f"{name} must be a whole number (it is {raw!r})") from None
    if value < 1:
        raise SystemExit(f"{name} must be at least 1 (it is {value})")
    return value


def settings(config: Mapping[str, Any], environ: Mapping[str, str] = os.environ) -> dict[str, Any]:
    """Waitress's adjustments and Scorepad's own limits, from the app's config and the environment."""
    body = int(config["MAX_CONTENT_LENGTH"])
    proxy = environ.get("SCOREPAD_PROXY", "") == "1"
    adjustments: dict[str, Any] = {
        "host": environ.get("HOST", "0.0.0.0"),
        "port": _int(environ, "PORT", 8000),
        "threads": _int(environ, "SCOREPAD_THREADS", 32),
        "connection_limit": _int(environ, "SCOREPAD_CONNECTION_LIMIT", 500),
        "channel_timeout": _int(environ, "SCOREPAD_IDLE_TIMEOUT", 30),
        "cleanup_interval": 2,
        # waitress refuses a body of max_request_body_size bytes or more: a body of exactly
        # MAX_CONTENT_LENGTH is the app's to take.
        "max_request_body_size": body + 1,
        "max_request_header_size": 64 * 1024,
        "asyncore_use_poll": True,  # select() stops at file descriptor 1024
        "ident": "Scorepad",
        "clear_untrusted_proxy_headers": True,
    }
    if proxy:
        adjustments.update(
            trusted_proxy=environ.get("SCOREPAD_PROXY_ADDRESS", "").strip() or "127.0.0.1",
            trusted_proxy_count=1,
            trusted_proxy_headers={
                "x-forwarded-for",
                "x-forwarded-host",
                "x-forwarded-proto",
                "x-forwarded-port",
            },
        )
    limits = {
        "body": body,
        "import_body": int(config.get("IMPORT_MAX_BYTES") or body),
        "client_connections": _int(environ, "SCOREPAD_CLIENT_CONNECTIONS", 32),
        "request_timeout": _int(environ, "SCOREPAD_REQUEST_TIMEOUT", 30),
    }
    return {"adjustments": adjustments, "limits": limits}


class _Limited:
    """An Adjustments seen through a different body limit (for one request)."""

    def __init__(self, adj: Adjustments, max_body: int):
        self._adj, self.max_request_body_size = adj, max_body

    def __getattr__(self, name: str) -> Any:
        return getattr(self._adj, name)


def large_bodies(limits: Mapping[str, Any]) -> tuple[tuple[re.Pattern[str], int], ...]:
    """The POST routes that may carry more than the app's body limit, with theirs (each route
    raises ``request.max_content_length`` to the same figure)."""
    from web.story.photos import MAX_UPLOAD

    return (
        (re.compile("^" + re.escape(IMPORT_PATH) + "$"), int(limits["import_body"])),
        (
            re.compile("^" + re.escape(BGSTATS_UPLOAD) + "$"),
            int(limits["import_body"]),
        ),  # web/data/bgstats.py
        (re.compile(r"^/plays/[0-9]{1,19}/photos$"), int(MAX_UPLOAD)),
    )


class Parser(HTTPRequestParser):
    """Waitress's parser with the larger body limits of the few routes that take one."""

    large: tuple[tuple[re.Pattern[str], int], ...] = ()  # set by make_server

    def parse_header(self, header_plus: bytes) -> None:
        super().parse_header(header_plus)
        if self.command == "POST":
            for pattern, limit in self.large:
                if pattern.match(self.path):
                    self.adj: Any = _Limited(self.adj, limit + 1)
                    break


class FriendlyErrorTask(ErrorTask):
    """Waitress's own answers (too large, bad request) in words a person can act on."""

    def execute(self) -> None:
        error = self.request.error
        if not isinstance(error, RequestEntityTooLarge):
            super().execute()
            return
        limit = self.request.adj.max_request_body_size - 1
        size = f"{limit // (1024 * 1024)} MB" if limit >= 1024 * 1024 else f"{max(1, limit // 1024)} KB"
        path = getattr(self.request, "path", "") or ""
        if path.startswith("/api/"):
            body = json.dumps(
                {"errors": [{"path": "", "message": f"the request is too large ({size} at most)"}]}
            )
            content_type = "application/json"
        else:
            body = (
                "<!doctype html><html lang=en><meta charset=utf-8><meta name=viewport "
                "content='width=device-width,initial-scale=1'><title>Too much at once · Scorepad</title>"
                f"<h1>That was too much to send at once</h1><p>Scorepad takes at most {size} in one request. "
                "Nothing was saved. <a href='/'>Home</a></p></html>"
            )
            content_type = "text/html; charset=utf-8"
        data = body.encode()
        self.status = "413 Request Entity Too Large"
        self.response_headers.extend([("Content-Type", content_type), ("Cache-Control", "no-store")])
        self.set_close_on_finish()
        self.content_length = len(data)
        self.write(data)


_BUSY_TEXT = b"Too many connections from this address at once: try again.\n"
BUSY = (
    b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n"
    b"Retry-After: 5\r\nContent-Length: %d\r\n\r\n%s" % (len(_BUSY_TEXT), _BUSY_TEXT)
)


class Channel(HTTPChannel):
    parser_class = Parser
    error_task_class = FriendlyErrorTask
    client_connections = 32  # set by make_server
    request_started = 0.0

    def __init__(
        self, server: Any, sock: socket.socket, addr: Any, adj: Adjustments,
        map: dict[int, Any] | None = None,  # noqa: A002 (waitress's own name for it)
    ) -> None:
        super().__init__(server, sock, addr, adj, map=map)
        client = addr[0] if isinstance(addr, tuple) and addr else None
        proxy = adj.trusted_proxy
        if client is None or proxy == "*" or client == proxy:
            return
        held = sum(1 for ch in list(server.active_channels.values()) if ch.addr and ch.addr[0] == client)
        if held > self.client_connections:
            with contextlib.suppress(OSError):
                sock.send(BUSY)
            self.close()

    def received(self, data: bytes) -> bool:
        if self.request is None and data:
            self.request_started = time.time()
        taken: bool = super().received(data)
        return taken


class Server(TcpWSGIServer):
    channel_class = Channel
    request_timeout = 30  # set by make_server

    def maintenance(self, now: float) -> None:
        """Close idle connections (waitress), and any whose request has been arriving for too long
        (a client trickling a byte now and then to hold a connection)."""
        super().maintenance(now)
        for channel in list(self.active_channels.values()):
            request = getattr(channel, "request", None)
            started = getattr(channel, "request_started", 0.0)
            if request is None or request.completed or not started:
                continue
            allowed = self.request_timeout + max(0, request.content_length) / BODY_RATE
            if now - started > allowed:
                channel.will_close = True


def make_server(
    app: Flask, config: Mapping[str, Any], environ: Mapping[str, str] = os.environ
) -> Server | MultiSocketServer:
    """The waitress server with Scorepad's limits (like ``waitress.create_server``, one socket per
    address the host resolves to)."""
    chosen = settings(config, environ)
    limits = chosen["limits"]
    adj = Adjustments(**chosen["adjustments"])
    parser = type("ScorepadParser", (Parser,), {"large": large_bodies(limits)})
    channel = type(
        "ScorepadChannel",
        (Channel,),
        {"parser_class": parser, "client_connections": limits["client_connections"]},
    )
    server_class = type(
        "ScorepadServer", (Server,), {"channel_class": channel, "request_timeout": limits["request_timeout"]}
    )
    socket_map: dict[str, Any] = {}
    dispatcher = ThreadedTaskDispatcher()
    dispatcher.set_thread_count(adj.threads)
    servers = [
        server_class(app, socket_map, dispatcher=dispatcher, adj=adj, sockinfo=info) for info in adj.listen
    ]
    if len(servers) == 1:
        return servers[0]
    listen = [(s.effective_host, s.effective_port) for s in servers]
    return MultiSocketServer(socket_map, adj, listen, dispatcher, servers[-1].log_info)


def main() -> None:
    app = create_app({"SERVER_TRUSTS_PROXY": True})
    keep_open(app)
    server = make_server(app, app.config)
    chosen = settings(app.config)["adjustments"]
    host, port = chosen["host"], chosen["port"]
    lan = lan_address()
    print(f"Scorepad is running. Database: {app.config['DATABASE']}")
    problem = storage_problem(app.config["DATABASE"])
    if problem:
        print(f"  WARNING: {problem}", file=sys.stderr, flush=True)
    if chosen.get("trusted_proxy"):
        print(f"  Behind a proxy: trusting X-Forwarded-For/Proto/Host/Port from {chosen['trusted_proxy']}")
    print(f"  On this computer:      http://localhost:{port}/")
    if lan and host in ("0.0.0.0", "::"):
        print(f"  On a phone (same Wi-Fi): http://{lan}:{port}/")
    print("Stop it with Ctrl+C.", flush=True)
    server.run()


if __name__ == "__main__":
    main()
