"""Phones in step: what the play page and every seat page poll to learn, within 2 s, that another
phone changed a seat, marked it done, or finished or reopened the play; and which seats are open
on which phone.

``GET /plays/N/live`` answers a small JSON (below) with an ETag; a phone asking again with
``If-None-Match`` gets 304 while nothing changed, which costs one indexed read.  Every change of a
play moves its ``version`` (web/data/store.py), so the ETag is the version, the status and the phones
present.  Presence is kept in memory (it is only "who is looking now"): a seat page's poll says it
is open on this phone; the play page shows it for 10 s after the last poll.
"""

from __future__ import annotations

import hashlib
import threading
import time
from typing import Any

from flask import Blueprint, Response, abort, g, jsonify, request, url_for
from flask.typing import ResponseReturnValue

from web.data.db import get_db
from web.routes.pages import holder, who
from web.table import words

bp = Blueprint("live", __name__)

PRESENT_FOR = 10.0  # seconds a seat counts as open on a phone after its last poll

_presence: dict[int, dict[tuple[int, str], tuple[str, float]]] = {}  # play -> (seat, device) -> (name, seen)
_lock = threading.Lock()


def _seen(play_id: int, position: int, device: str, name: str) -> None:
    now = time.monotonic()
    with _lock:
        table = _presence.setdefault(play_id, {})
        table[(position, device)] = (name, now)
        for key in [k for k, (_, t) in table.items() if now - t > PRESENT_FOR]:
            del table[key]


def open_on(play_id: int) -> dict[int, list[str]]:
    """Seat position -> the phones (by holder, device name or short id) it is open on now."""
    now = time.monotonic()
    out: dict[int, list[str]] = {}
    with _lock:
        for (position, _), (name, t) in sorted(_presence.get(play_id, {}).items()):
            if now - t <= PRESENT_FOR and name not in out.get(position, []):
                out.setdefault(position, []).append(name)
    return out


@bp.get("/plays/<int:play_id>/live")
def live(play_id: int) -> ResponseReturnValue:
    db = get_db()
    row = db.execute("SELECT version, status FROM plays WHERE id = ?", [play_id]).fetchone()
    if row is None:
        abort(404)
    seat_arg = request.args.get("seat", "")
    if seat_arg.isascii() and seat_arg.isdigit() and len(seat_arg) < 4:
        _seen(
            play_id,
            int(seat_arg),
            g.device,
            who() if holder() or request.cookies.get("scorepad_name") else "a phone",
        )
    present = open_on(play_id)
    digest = hashlib.blake2s(repr(sorted(present.items())).encode(), digest_size=6).hexdigest()
    etag = f'W/"{row["version"]}-{row["status"]}-{digest}"'
    if request.headers.get("If-None-Match") == etag:
        return Response(status=304, headers={"ETag": etag, "Cache-Control": "no-cache"})
    seats = db.execute(
        "SELECT s.position, s.version, s.done, s.complete, s.total, p.name, "
        "(SELECT v.who FROM seat_versions v WHERE v.seat_id = s.id AND v.version = s.version) AS by "
        "FROM seats s JOIN players p ON p.id = s.player_id WHERE s.play_id = ? ORDER BY s.position",
        [play_id],
    ).fetchall()
    finished_by = None
    if row["status"] == "finished":
        last = db.execute(
            "SELECT who FROM play_versions WHERE play_id = ? ORDER BY version DESC LIMIT 1", [play_id]
        ).fetchone()
        finished_by = last["who"] if last else None
    signed = {finished_by, *(s["by"] for s in seats)}
    if any(isinstance(w, str) and w.startswith("device ") for w in signed):  # a phone nobody named
        rows = db.execute(
            "SELECT e.who, e.seat_id, p.name AS player FROM edit_log e "
            "LEFT JOIN players p ON p.id = e.player_id WHERE e.play_id = ? AND e.who LIKE 'device %'",
            [play_id],
        ).fetchall()
        phones = words.phone_names(dict(r) for r in rows)
    else:
        phones = {}
    finished_by = phones.get(finished_by or "", finished_by)
    body: dict[str, Any] = {
        "id": play_id,
        "version": row["version"],
        "status": row["status"],
        "finished_by": finished_by,
        "ready": bool(seats) and all(s["complete"] for s in seats),
        "play_url": url_for("main.play", play_id=play_id),
        "result_url": url_for("main.result", play_id=play_id),
        "seats": [
            {
                "position": s["position"],
                "player": s["name"],
                "version": s["version"],
                "done": bool(s["done"]),
                "complete": bool(s["complete"]),
                "total": s["total"] if s["complete"] else None,
                "by": phones.get(s["by"] or "", s["by"]),
                "open_on": present.get(s["position"], []),
            }
            for s in seats
        ],
    }
    response = jsonify(body)
    response.headers["ETag"] = etag
    response.headers["Cache-Control"] = "no-cache"
    return response
