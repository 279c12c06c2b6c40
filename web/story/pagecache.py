"""Repeat views of a read-only page answered without rendering it again (docs/performance.md).

A page decorated with :func:`cached` is rendered once per *revision of what it shows* and request
shape (path, query, htmx headers), then served from memory until one of those revisions moves.
Revisions are counters that triggers move on every insert, update and delete, whoever writes: the
app, an import, someone with the sqlite3 shell.

- ``db_revision`` (migration m006) moves with every write to a table a page shows: the pages that
  list the whole history (``/plays``, ``/games``, ``/review/YEAR``) key on it.
- ``cache_revisions`` (migration m014) holds one counter per *scope*: ``shared`` (players, settings),
  ``play:N`` (the play, its seats, links, photos, records), ``player:P`` (P's seats, the plays P sat
  at, P's records), ``game:G`` (G's finished plays), ``campaign`` (Verdant's achievements and the
  plays they fell in), ``deck`` (the learned Arizona cards) and ``epoch`` (a rebuild of the derived
  tables, an import).  A page names its scopes (:class:`Scopes`): a result page keys on its own play,
  so a save at another table leaves it cached.

The derived tables (statistics, records) change with those tables, in the same transaction, except
in a rebuild (``rebuild-stats``, an import), which moves both ``db_revision`` and ``epoch``
(``web.data.backup.rebuild_derived``).
Rendering is deterministic for given revisions and code, so a cached page is the page: the only
part that differs between visitors is the CSRF token, which is stored as a placeholder and filled
in per request.

Each answer carries an ``ETag`` (the revisions and this session's CSRF secret), so a phone that
opens the page again with ``If-None-Match`` gets a ``304`` without a body.

The cache is per process and bounded (least recently used entries go first).  ``PAGE_CACHE``
(config) or ``SCOREPAD_PAGE_CACHE=0`` (environment) turns it off.
"""

from __future__ import annotations

import functools
import hashlib
import os
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar, overload

from flask import Flask, Response, current_app, make_response, request, session
from flask_wtf.csrf import generate_csrf

from web.data.db import keep_readers, kept_read

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


@dataclass(frozen=True)
class Scopes:
    """The revisions a page depends on: ``names`` (scopes of ``cache_revisions``, with ``epoch``
    always), and, with ``games_of``, the ``game:G`` scope of every game that player has finished."""

    names: tuple[str, ...]
    games_of: int | None = None


def play_scopes(play_id: int) -> Scopes:
    """A play's result, its pictures: the play, the names, the campaign panel, the learned deck."""
    return Scopes(("shared", "campaign", "deck", f"play:{play_id}"))


def player_scopes(player_id: int) -> Scopes:
    """A player's page: the player, the names (rivals, the merge list), the campaign, each game's figures."""
    return Scopes(("shared", "campaign", f"player:{player_id}"), games_of=player_id)


def game_scopes(game: str) -> Scopes:
    return Scopes(("shared", f"game:{game}"))


_SCOPED_SQL = (
    "SELECT group_concat(scope || '=' || n, ' ') FROM (SELECT scope, n FROM cache_revisions "
    "WHERE scope IN ({marks}){games} ORDER BY scope)"
)
_GAMES_SQL = " OR scope IN (SELECT 'game:' || game FROM stat_player_game WHERE player_id = ?)"


def revision(scopes: Scopes | None = None) -> int | str | None:
    """The revision of what a page shows: of the whole database (``db_revision``) without ``scopes``,
    else the counters of those scopes (and ``epoch``), read in one statement.  A scope never written
    has no row (it reads as nothing, and its first write makes a new revision)."""
    if scopes is None:
        found: int | None = kept_read("SELECT n FROM db_revision WHERE id = 1", [])
        return found
    names = ("epoch", *scopes.names)
    games = scopes.games_of is not None
    sql = _SCOPED_SQL.format(marks=", ".join("?" * len(names)), games=_GAMES_SQL if games else "")
    params: list[Any] = [*names, *([scopes.games_of] if games else [])]
    return str(kept_read(sql, params) or "")


def _key(view_args: dict[str, Any], scopes: Callable[..., Scopes] | None) -> str:
    parts = (
        request.endpoint,
        sorted(view_args.items()),
        sorted(request.args.items(multi=True)),
        [request.headers.get(h, "") for h in _REQUEST_HEADERS],
        revision(scopes(**view_args) if scopes is not None else None),
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


View = TypeVar("View", bound=Callable[..., Any])


@overload
def cached(view: View) -> View: ...
@overload
def cached(*, scopes: Callable[..., Scopes]) -> Callable[[View], View]: ...
def cached(view: Any = None, *, scopes: Callable[..., Scopes] | None = None) -> Any:
    """Serve ``view`` (a GET view answering an HTML page) from the page cache: ``@cached`` keys it
    on the whole database's revision, ``@cached(scopes=f)`` on the scopes ``f(**view_args)`` names."""
    if view is None:
        return functools.partial(cached, scopes=scopes)

    @functools.wraps(view)
    def wrapper(**view_args: Any) -> Any:
        cache: PageCache | None = current_app.extensions.get("scorepad_pagecache")
        if cache is None or request.method != "GET":
            return view(**view_args)
        key = _key(view_args, scopes)
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
            keep_readers(app)
