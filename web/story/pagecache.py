"""Repeat views of a read-only page answered without rendering it again (docs/performance.md).

A page decorated with :func:`cached` is rendered once per *revision of the database* and request
shape (path, query, htmx headers), then served from memory until anything is written.  The
revision is a counter that triggers move on every insert, update and delete of the tables pages
show (migration m006), whoever writes: the app, an import, someone with the sqlite3 shell.  The
derived tables (statistics, records) have no such trigger: they change with those tables, in the
same transaction, except in a rebuild (``rebuild-stats``, an import), which moves the revision itself
(``web.data.backup.rebuild_derived``).
Rendering is deterministic for a given revision and code, so a cached page is the page: the only
part that differs between visitors is the CSRF token, which is stored as a placeholder and filled
in per request.

Each answer carries an ``ETag`` (the revision and this session's CSRF secret), so a phone that
opens the page again with ``If-None-Match`` gets a ``304`` without a body.

The cache is per process and bounded (least recently used entries go first).  ``PAGE_CACHE``
(config) or ``SCOREPAD_PAGE_CACHE=0`` (environment) turns it off.
"""

from __future__ import annotations

import functools
import hashlib
import os
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from flask import Flask, Response, current_app, make_response, request, session
from flask_wtf.csrf import generate_csrf

from web.data.db import get_db

PLACEHOLDER = "\x00scorepad-csrf\x00"
VARY = "HX-Request, HX-Boosted, HX-History-Restore-Request, Cookie"
_REQUEST_HEADERS = ("HX-Request", "HX-Boosted", "HX-History-Restore-Request", "HX-Target")
_SKIP_HEADERS = {"content-length", "set-cookie", "etag", "vary", "cache-control"}


class PageCache:
    def __init__(self, size: int = 256):
        self.size = size
        self._entries: OrderedDict[str, tuple[str, list[tuple[str, str]]]] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    def get(self, key: str) -> tuple[str, list[tuple[str, str]]] | None:
        with self._lock:
            found = self._entries.get(key)
            if found is None:
                self.misses += 1
                return None
            self._entries.move_to_end(key)
            self.hits += 1
            return found

    def put(self, key: str, body: str, headers: list[tuple[str, str]]) -> None:
        with self._lock:
            self._entries[key] = (body, headers)
            self._entries.move_to_end(key)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()


def revision() -> int | None:
    """The database's revision (``db_revision``, moved by a trigger on every write to a table a
    page shows: see migration m006).  Read on a connection this thread keeps open, so a page
    served from the cache opens no connection of its own (opening one costs more than the rest
    of the answer); under test, on the request's own connection."""
    readers: _Readers | None = current_app.extensions.get("scorepad_revision_readers")
    if readers is None or current_app.config.get("DATABASE_READ_ONLY"):
        # (a database served read-only is read the way web.data.db.get_db opens it: on a read-only
        # disk a plain connection cannot even open it)
        row = get_db().execute("SELECT n FROM db_revision WHERE id = 1").fetchone()
    else:
        row = readers.connection().execute("SELECT n FROM db_revision WHERE id = 1").fetchone()
    return row[0] if row else None


class _Readers(threading.local):
    """One read connection per server thread, for :func:`revision`."""

    def __init__(self, path: str):
        self.path = path
        self.conn: sqlite3.Connection | None = None

    def connection(self) -> sqlite3.Connection:
        if self.conn is None:
            self.conn = sqlite3.connect(self.path, timeout=15, isolation_level=None, check_same_thread=False)
        return self.conn


def _key(view_args: dict[str, Any]) -> str:
    parts = (
        request.endpoint,
        sorted(view_args.items()),
        sorted(request.args.items(multi=True)),
        [request.headers.get(h, "") for h in _REQUEST_HEADERS],
        revision(),
    )
    return hashlib.blake2b(repr(parts).encode(), digest_size=16).hexdigest()


def _etag(key: str) -> str:
    generate_csrf()  # this session's CSRF secret exists from here on
    secret = str(session.get(current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token"), ""))
    return hashlib.blake2b(f"{key}:{secret}".encode(), digest_size=12).hexdigest()


def _finish(response: Response, etag: str) -> Response:
    response.set_etag(etag)
    response.headers["Vary"] = VARY
    response.headers["Cache-Control"] = "private, no-cache"
    return response


def cached(view: Callable[..., Any]) -> Callable[..., Any]:
    """Serve ``view`` (a GET view answering an HTML page) from the page cache."""

    @functools.wraps(view)
    def wrapper(**view_args: Any) -> Any:
        cache: PageCache | None = current_app.extensions.get("scorepad_pagecache")
        if cache is None or request.method != "GET":
            return view(**view_args)
        key = _key(view_args)
        etag = _etag(key)
        if request.if_none_match.contains(etag):
            return _finish(current_app.response_class(status=304), etag)
        token = generate_csrf()
        found = cache.get(key)
        if found is not None:
            body, headers = found
            response = current_app.response_class(body.replace(PLACEHOLDER, token), mimetype="text/html")
            for name, value in headers:
                response.headers[name] = value
            return _finish(response, etag)
        response = make_response(view(**view_args))
        if response.status_code != 200 or response.mimetype != "text/html" or response.direct_passthrough:
            return response
        html = response.get_data(as_text=True)
        headers = [(k, v) for k, v in response.headers.items() if k.lower() not in _SKIP_HEADERS]
        cache.put(key, html.replace(token, PLACEHOLDER), headers)
        return _finish(response, etag)

    return wrapper


def init_app(app: Flask) -> None:
    setting = app.config.get("PAGE_CACHE")
    if setting is None:
        setting = os.environ.get("SCOREPAD_PAGE_CACHE", "1") != "0"
    if setting:
        app.extensions["scorepad_pagecache"] = PageCache(int(app.config.get("PAGE_CACHE_SIZE", 256)))
        if not app.testing:  # a test app lives for one test: no connections kept beyond its requests
            app.extensions["scorepad_revision_readers"] = _Readers(app.config["DATABASE"])
