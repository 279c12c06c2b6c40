"""What a phone downloads, made small and cached (issue 23.5).

**Compression.**  Responses are compressed when the client accepts it (``Accept-Encoding``), by
Flask-Compress: zstd, brotli or gzip, the first of those the client takes in that order.  Only text
that shrinks is compressed (HTML, CSS, JavaScript, JSON, SVG, the manifest; at least
``COMPRESS_MIN_SIZE``, 500 bytes).  The streamed ``/export.csv`` and backups, photos and pictures
(``share.png``) are sent as they are, so a streamed download's first bytes still leave at once (the
JSON export is one body: it is compressed whole).  A static file is a streamed response: it is
compressed as it is sent (zstd or brotli; Flask-Compress streams no gzip).

Pages carry the visitor's CSRF token, so a compressed page is in principle open to BREACH-style
guessing by someone who can both inject text into the page and watch its size on the wire; the
app runs on a table's local network or behind HTTPS for one group, and the token only guards the
visitor's own session.  ``SCOREPAD_COMPRESS=0`` turns compression off.

A compressed answer with a strong ``ETag`` carries the tag with the coding added
(``"abc:br"``, Flask-Compress's way: one representation, one tag).  A phone sends that tag back in
``If-None-Match``; :class:`ConditionalTags` takes the coding off before the app sees it, so every
view's own check (the page cache, ``share.png``, static files) compares its own tags, and puts it
back on the ``304``.

**Static files** are linked with a content hash: ``url_for('static', filename='css/app.css')``
gives ``/static/css/app.css?v=<12 hex digits of its SHA-256>`` (a ``url_defaults`` hook: the
templates stay as they were).  A request whose ``v`` is the file's current hash is answered with
``Cache-Control: public, max-age=31536000, immutable`` (a new version of the file is a new
address); any other request for a static file (no ``v``, an old one) gets ``no-cache``: the phone
asks again each time and gets a ``304`` while the file is unchanged.  The hash is worked out once
per version of the file (its size and modification time).
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask, current_app, request
from flask_compress import Compress
from werkzeug.security import safe_join

#: the types worth compressing (text); everything else is sent as it is
COMPRESSED_TYPES = [
    "text/html",
    "text/css",
    "text/javascript",
    "application/javascript",
    "application/json",
    "application/manifest+json",
    "image/svg+xml",
    "text/plain",
]
CODINGS = ("zstd", "br", "gzip")
YEAR = 365 * 86400
ORIGINAL_TAGS = "scorepad.if_none_match"  # the WSGI environ key of the If-None-Match as sent

compress = Compress()


class ConditionalTags:
    """WSGI middleware: ``If-None-Match`` without the content coding Flask-Compress adds to a
    strong ETag (``"abc:br"`` -> ``"abc"``); the header as sent is kept in the environ."""

    def __init__(self, app: Callable[..., Iterable[bytes]]) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        sent = environ.get("HTTP_IF_NONE_MATCH")
        if sent and ":" in sent:
            environ[ORIGINAL_TAGS] = sent
            environ["HTTP_IF_NONE_MATCH"] = strip_codings(sent)
        return self.app(environ, start_response)


def strip_codings(header: str) -> str:
    """``If-None-Match`` with each tag's ``:zstd`` / ``:br`` / ``:gzip`` suffix taken off.

    >>> strip_codings('"abc:br", W/"x", "d:e:gzip"')
    '"abc", W/"x", "d:e"'
    """
    out = []
    for part in header.split(","):
        tag = part.strip()
        for coding in CODINGS:
            end = f':{coding}"'
            if tag.endswith(end):
                tag = tag[: -len(end)] + '"'
                break
        out.append(tag)
    return ", ".join(out)


def _coded_304(response: Any) -> Any:
    """A ``304`` answers with the tag the phone holds (the coded one it sent), not the bare one."""
    sent = request.environ.get(ORIGINAL_TAGS)
    if response.status_code != 304 or not sent:
        return response
    tag, weak = response.get_etag()
    if tag and not weak:
        for coding in CODINGS:
            if f'"{tag}:{coding}"' in sent:
                response.set_etag(f"{tag}:{coding}")
                break
    return response


_versions: dict[str, tuple[int, int, str]] = {}  # filename -> (size, mtime_ns, hash)
_lock = threading.Lock()


def version(filename: str, folder: str | None = None) -> str | None:
    """The first 12 hex digits of the SHA-256 of static file ``filename`` (None if there is none)."""
    root = folder or current_app.static_folder
    path = safe_join(root, filename) if root else None
    if path is None:
        return None
    try:
        stat = os.stat(path)
    except OSError:
        return None
    known = _versions.get(path)
    if known is not None and known[0] == stat.st_size and known[1] == stat.st_mtime_ns:
        return known[2]
    digest = hashlib.sha256()
    try:
        with open(path, "rb") as handle:
            for block in iter(lambda: handle.read(1 << 16), b""):
                digest.update(block)
    except OSError:
        return None
    found = digest.hexdigest()[:12]
    with _lock:
        _versions[path] = (stat.st_size, stat.st_mtime_ns, found)
    return found


def _versioned_url(endpoint: str, values: dict[str, Any]) -> None:
    if endpoint == "static" and "v" not in values and isinstance(values.get("filename"), str):
        found = version(values["filename"])
        if found is not None:
            values["v"] = found


def _static_caching(response: Any) -> Any:
    if request.endpoint != "static" or response.status_code not in (200, 304):
        return response
    filename = (request.view_args or {}).get("filename")
    wanted = request.args.get("v")
    if wanted and isinstance(filename, str) and wanted == version(filename):
        response.headers["Cache-Control"] = f"public, max-age={YEAR}, immutable"
    else:
        response.headers["Cache-Control"] = "no-cache"
    return response


def _close_the_file(response: Any) -> Any:
    """A streamed answer (a static file) that Flask-Compress wraps in its compressor: the file is
    closed when the answer is (the wrapper alone would leave that to the garbage collector)."""
    inner = response.response
    if response.is_streamed and callable(getattr(inner, "close", None)):
        response.call_on_close(inner.close)
    return response


def init_app(app: Flask) -> None:
    app.config.setdefault("COMPRESS_REGISTER", os.environ.get("SCOREPAD_COMPRESS", "1") != "0")
    app.config.setdefault("COMPRESS_MIMETYPES", COMPRESSED_TYPES)
    app.config.setdefault("COMPRESS_ALGORITHM", list(CODINGS))
    app.config.setdefault("COMPRESS_ALGORITHM_STREAMING", ["zstd", "br"])  # Flask-Compress streams no gzip
    app.url_defaults(_versioned_url)
    app.after_request(_static_caching)
    app.after_request(_coded_304)  # after_request runs last-registered first: this one after compression
    compress.init_app(app)
    app.after_request(_close_the_file)  # registered after compression: runs before it
    app.wsgi_app = ConditionalTags(app.wsgi_app)  # type: ignore[method-assign]
