"""404, 500, expired-page (CSRF), too-large and failing-storage responses in the app's style.

Failing storage (a full disk, a read-only database, a write lock held too long) is a 503 with a
sentence that says which ("The server cannot save: its disk is full."), for pages, htmx requests
and the JSON API alike, so a phone can tell a save that did not land from one that did.  Reads
keep working: only the request that tried to write gets the 503.  The operator sees one line in
the server's log per kind of failure per minute.
"""

from __future__ import annotations

import re
import sqlite3
import threading
import time

from flask import Flask, current_app, jsonify, render_template, request
from flask.typing import ResponseReturnValue
from flask_wtf.csrf import CSRFError
from jinja2_fragments.flask import render_block
from werkzeug.exceptions import HTTPException

import scoring
from scoring import paths
from scoring.forms import humanize_path
from web.data.db import BUSY, FULL, READ_ONLY, STORAGE_MESSAGES, storage_failure
from web.server.extensions import htmx, htmx_response
from web.server.limits import TooLarge
from web.server.security import cross_site, refuse_cross_site

STORAGE_CODES = {FULL: "disk-full", READ_ONLY: "read-only", BUSY: "busy"}
STORAGE_ADVICE = {
    FULL: "Whoever runs Scorepad needs to free some space on the disk that holds its database.",
    READ_ONLY: "Whoever runs Scorepad needs to make its database file and its folder writable again.",
    BUSY: "Other phones are saving at the same moment.",
}
LOG_EVERY = 60.0  # seconds between two log lines about the same storage failure

_logged: dict[str, float] = {}
_log_lock = threading.Lock()


def _wants_json() -> bool:
    return request.path.startswith("/api/")


def _typed_fields() -> list[tuple[str, str]]:
    return [(k, v) for k, v in request.form.items(multi=True) if k != "csrf_token"]


#: the fields of the forms a page expires on, in a player's words; the rest are the form's own
#: bookkeeping (which button, which version the page showed) and are sent again unseen
_FIELD_WORDS = {
    "game": "Game", "played_at": "Played", "notes": "Notes", "name": "Name", "state_json": "Entered"
}
_BOOKKEEPING = {"op", "next", "touched", "step", "version", "play_version", "position", "change_id", "event",
                "why", "cell", "close", "entry_mode", "declared", "shape", "manual", "play", "token"}


def _typed_words(fields: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """What was typed, as the page expired, with the labels a player saw: the New play form's
    seats, game and only the picked game's options ("Plant goal", never
    ``opt-verdant-goal-plant``), a seat's fields by their place ("Plants 3: growth")."""
    picked = dict(fields).get("game", "")
    games = {g.name: g for g in scoring.games()}
    shown = []
    for name, value in fields:
        if not value.strip() or name in _BOOKKEEPING:
            continue
        if name.startswith("opt-"):
            owner = max((g for g in games if name.startswith(f"opt-{g}-")), key=len, default="")
            if owner != picked or picked not in games:  # ("opt-verdant-arizona-..." is not Verdant's)
                continue  # another game's options: not what was picked
            label = _option_words(games[picked], name[len(picked) + 5:])
        elif (seat := re.fullmatch(r"players-(\d{1,3})", name)) is not None:
            label = f"Seat {int(seat[1]) + 1}"
        elif name in _FIELD_WORDS:
            label = _FIELD_WORDS[name]
        else:
            label = humanize_path(name) if paths.try_parse(name) else name.replace("_", " ").capitalize()
        shown.append((label, games[value].title if name == "game" and value in games else value))
    return shown


def _option_words(game: scoring.Game, key: str) -> str:
    """An option field's label: ``goal-plant`` -> "Plant goal", ``vera_score`` -> "Vera score"."""
    deck, _, what = key.partition("-")
    if what and deck in ("goal", "second"):  # Verdant's goal cards, one select per deck
        return f"{what.capitalize()} goal" if deck == "goal" else f"Second {what} goal"
    for option in game.options:
        if option.name == key:
            return option.description.split(" (")[0].split(". ")[0].split(":")[0].rstrip(".")
    return key.replace("-", " ").replace("_", " ").capitalize()


def storage_response(kind: str, exc: BaseException | None = None) -> ResponseReturnValue:
    """The 503 answer to a write the storage refused."""
    message = STORAGE_MESSAGES[kind]
    _log_storage(kind, exc)
    headers = {"Retry-After": "5" if kind == BUSY else "60", "Cache-Control": "no-store"}
    if _wants_json():
        body = {"error": STORAGE_CODES[kind], "errors": [{"path": "", "message": message}]}
        return jsonify(body), 503, headers
    context = {"message": message, "advice": STORAGE_ADVICE[kind], "fields": _typed_fields(),
               "action": request.path, "resend": request.method == "POST"}
    if htmx:
        return render_block("errors/storage.html", "content", **context), 503, headers
    return render_template("errors/storage.html", **context), 503, headers


def _log_storage(kind: str, exc: BaseException | None) -> None:
    now = time.monotonic()
    with _log_lock:
        if now - _logged.get(kind, -LOG_EVERY) < LOG_EVERY:
            return
        _logged[kind] = now
    current_app.logger.error(
        "%s (%s) on %s %s; reads still work. [logged at most once a minute]",
        STORAGE_MESSAGES[kind], exc, request.method, request.path,
    )


def not_found(exc: HTTPException) -> ResponseReturnValue:
    if _wants_json():
        return jsonify({"errors": [{"path": "", "message": "not found"}]}), 404
    return render_template("errors/404.html"), 404


def not_allowed(exc: HTTPException) -> ResponseReturnValue:
    if _wants_json():
        return jsonify({"errors": [{"path": "", "message": "method not allowed"}]}), 405
    return render_template("errors/404.html"), 405


def too_large(exc: HTTPException) -> ResponseReturnValue:
    limit = request.max_content_length or current_app.config["MAX_CONTENT_LENGTH"]
    size = f"{limit // (1024 * 1024)} MB" if limit >= 1024 * 1024 else f"{max(1, limit // 1024)} KB"
    if _wants_json():
        message = f"the request is too large ({size} at most)"
        return jsonify({"errors": [{"path": "", "message": message}]}), 413
    return render_template("errors/500.html",
                           message=f"That was too much to send at once ({size} at most)."), 413


def refused_too_large(exc: TooLarge) -> ResponseReturnValue:
    problems = [{"path": p.path, "message": p.message} for p in exc.problems]
    if _wants_json():
        return jsonify({"errors": problems}), 422
    shown = [{"path": humanize_path(p.path) if p.path else "", "message": p.message} for p in exc.problems]
    context = {"title": "Too long to save", "heading": "That is too long to save",
               "problems": shown, "message": "Nothing was saved. Shorten it and send it again."}
    if htmx:
        return render_block("errors/refused.html", "content", **context), 422
    return render_template("errors/refused.html", **context), 422


def storage_failed(exc: sqlite3.OperationalError) -> ResponseReturnValue:
    kind = storage_failure(exc)
    if kind is None:
        current_app.logger.exception("Database error on %s %s", request.method, request.path)
        return server_error(exc)
    return storage_response(kind, exc)


def os_failed(exc: OSError) -> ResponseReturnValue:
    kind = storage_failure(exc)
    if kind is None:
        current_app.logger.exception("Error on %s %s", request.method, request.path)
        return server_error(exc)
    return storage_response(kind, exc)


def server_error(exc: Exception) -> ResponseReturnValue:
    if _wants_json():
        return jsonify({"errors": [{"path": "", "message": "server error"}]}), 500
    return render_template("errors/500.html"), 500


def expired(exc: CSRFError) -> ResponseReturnValue:
    """The page was open too long or the session cookie is gone: show what was typed, with a
    fresh token, so one tap sends it again.  Only for a request from this site: one from
    another site was refused before this (``web/server/security.py``), and is refused here too."""
    if cross_site():
        return refuse_cross_site()
    fields = _typed_fields()
    context = {
        "fields": fields, "typed": _typed_words(fields), "action": request.path, "reason": exc.description
    }
    if htmx:
        body = render_block("errors/expired.html", "content", **context)
        return htmx_response(body, 400, retarget="main", reswap="innerHTML")
    return render_template("errors/expired.html", **context), 400


def init_app(app: Flask) -> None:
    app.register_error_handler(404, not_found)
    app.register_error_handler(405, not_allowed)
    app.register_error_handler(413, too_large)
    app.register_error_handler(TooLarge, refused_too_large)
    app.register_error_handler(sqlite3.OperationalError, storage_failed)
    app.register_error_handler(OSError, os_failed)
    app.register_error_handler(500, server_error)
    app.register_error_handler(CSRFError, expired)
