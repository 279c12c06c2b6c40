"""``GET /api/plays``: the plays, newest first, a page at a time (docs/api.md "List plays").

    GET /api/plays?game=planted&player=Ann&status=finished&since=2026-11-01&limit=50&cursor=...

Pages are cut by a keyset on ``(played_at, id)`` (the index ``plays(played_at, id)``), not by
OFFSET: the next page starts after the last play of this one, so a play added or deleted meanwhile
neither repeats a play nor skips one, and page 1000 costs what page 1 does.  ``next`` is an opaque
cursor for the following page (``null`` on the last one)."""

from __future__ import annotations

import base64
import binascii
import json
from typing import Any

from flask import Blueprint, jsonify, request, url_for
from flask.typing import ResponseReturnValue

import scoring
from scoring.core import FieldError
from web.data import store, zone
from web.data.db import get_db

bp = Blueprint("plays_list", __name__, url_prefix="/api")

DEFAULT_LIMIT = 50
MAX_LIMIT = 200
STATUSES = (store.IN_PROGRESS, store.FINISHED, store.DELETED)
FILTERS = ("game", "player", "status", "since", "limit", "cursor")


def encode_cursor(played_at: str, play_id: int) -> str:
    raw = json.dumps([played_at, play_id], separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_cursor(text: str) -> tuple[str, int] | None:
    """The (played_at, id) a cursor names, or None if it is not one this server gave."""
    if len(text) > 200:
        return None
    try:
        value = json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
    except (binascii.Error, ValueError, UnicodeDecodeError):
        return None
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not isinstance(value[0], str)
        or isinstance(value[1], bool)
        or not isinstance(value[1], int)
    ):
        return None
    return value[0], value[1]


def _filters(args: Any, errors: list[FieldError]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    unknown = [k for k in args if k not in FILTERS]
    errors.extend(FieldError(k, "is not a filter of this list: use " + ", ".join(FILTERS)) for k in unknown)
    game = args.get("game")
    if game is not None:
        known = [g.name for g in scoring.games() if g.name != "stub" or game == "stub"]
        if game not in known:
            errors.append(FieldError("game", "must be one of " + ", ".join(known)))
        out["game"] = game
    player = args.get("player")
    if player is not None:
        found = store.player_by_name(player) if player.strip() else None
        if found is None:
            errors.append(FieldError("player", f'there is no player named "{player[:60]}"'))
        else:
            out["player_id"] = found["id"]
    status = args.get("status")
    if status is not None:
        if status not in STATUSES:
            errors.append(FieldError("status", "must be one of " + ", ".join(STATUSES)))
        out["status"] = status
    since = args.get("since")
    if since is not None:
        try:  # a date or time without a zone is the group's; compared in UTC, as stored
            out["since"] = zone.to_utc(since)
        except (ValueError, OverflowError):
            errors.append(
                FieldError(
                    "since",
                    "must be a date or date and time like 2026-11-01, 2026-11-01T18:00 (the group's zone) "
                    "or 2026-11-01T18:00:00+01:00",
                )
            )
            out["since"] = since
    limit = args.get("limit", str(DEFAULT_LIMIT))
    if not limit.isdigit() or not 1 <= int(limit) <= MAX_LIMIT:
        errors.append(FieldError("limit", f"must be a whole number from 1 to {MAX_LIMIT}"))
    else:
        out["limit"] = int(limit)
    cursor = args.get("cursor")
    if cursor is not None:
        after = decode_cursor(cursor)
        if after is None:
            errors.append(
                FieldError("cursor", 'is not a cursor this list gave: use the "next" of the previous page')
            )
        out["after"] = after
    return out


def list_plays(
    game: str | None = None,
    player_id: int | None = None,
    status: str | None = None,
    since: str | None = None,
    after: tuple[str, int] | None = None,
    limit: int = DEFAULT_LIMIT,
) -> tuple[list[dict[str, Any]], tuple[str, int] | None]:
    """One page of plays newest first, and the (played_at, id) to continue after (None: no more)."""
    # by default what the history shows: in progress and finished (a deleted play only when asked)
    where = ["pl.status IN (?, ?)"] if status is None else ["pl.status = ?"]
    args: list[Any] = list(store.SHOWN) if status is None else [status]
    # One player's plays: a walk of their own rows of player_plays (m015, the play's game and time),
    # each play read by key (the status a filter then, not an index to search).
    source, t = "plays pl", "pl"
    if player_id:
        source, t = "player_plays t CROSS JOIN plays pl ON pl.id = t.play_id", "t"
        where = ["t.player_id = ?", "+" + where[0]]
        args.insert(0, player_id)
    if game:
        where.append(f"{t}.game = ?")
        args.append(game)
    if since:
        where.append(f"{t}.played_at >= ?")
        args.append(since)
    key = f"{t}.played_at, {t}.{'play_id' if player_id else 'id'}"
    if after:
        where.append(f"({key}) < (?, ?)")
        args.extend(after)
    db = get_db()
    rows = db.execute(
        f"SELECT pl.id, pl.game, pl.status, pl.played_at, pl.winners, pl.notes FROM {source} WHERE "
        + " AND ".join(where)
        + f" ORDER BY {key.replace(',', ' DESC,')} DESC LIMIT ?",
        args + [limit + 1],
    ).fetchall()
    more = len(rows) > limit
    rows = rows[:limit]
    seats: dict[int, list[dict[str, Any]]] = {}
    if rows:
        ids = [r["id"] for r in rows]
        for r in db.execute(
            "SELECT s.play_id, s.position, s.total, s.rank, p.name FROM seats s "
            "JOIN players p ON p.id = s.player_id "
            f"WHERE s.play_id IN ({','.join('?' * len(ids))}) ORDER BY s.play_id, s.position",
            ids,
        ).fetchall():
            seats.setdefault(r["play_id"], []).append(
                {"position": r["position"], "player": r["name"], "total": r["total"], "rank": r["rank"]}
            )
    plays = [
        {
            "id": r["id"],
            "game": r["game"],
            "status": r["status"],
            "played_at": r["played_at"],
            "winners": store._read_list(r["winners"]) if r["status"] == store.FINISHED else [],
            "notes": r["notes"] or "",
            "seats": seats.get(r["id"], []),
        }
        for r in rows
    ]
    last = (rows[-1]["played_at"], rows[-1]["id"]) if more and rows else None
    return plays, last


@bp.get("/plays")
def plays() -> ResponseReturnValue:
    errors: list[FieldError] = []
    filters = _filters(request.args, errors)
    if errors:
        return jsonify({"errors": [e.to_dict() for e in errors]}), 422
    found, last = list_plays(**filters)
    for play in found:
        play["url"] = url_for("plays_api.get_play", play_id=play["id"], _external=True)
    answer: dict[str, Any] = {"plays": found, "next": None, "next_url": None}
    if last is not None:
        cursor = encode_cursor(*last)
        answer["next"] = cursor
        kept = {k: v for k, v in request.args.items() if k != "cursor"}
        answer["next_url"] = url_for("plays_list.plays", **kept, cursor=cursor, _external=True)
    return jsonify(answer)
