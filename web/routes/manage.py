"""Putting a play right (issue 17, "no dead ends"): delete a mistaken play and undo it from the
history, discard an abandoned one, change its players and seat order while it is in progress,
and read any edit-log entry in full.  Every change goes through ``web.data.store`` inside one write
transaction (``delete_play``, ``restore_play``, ``change_players``), is logged, and moves the
database's revision, so the page cache (web/story/pagecache.py) and the statistics follow.

An **abandoned** play is one in progress that nobody has changed for ``ABANDONED_AFTER_HOURS``
(config, 24 by default: the game night is over).  The home page lists them with one tap to
discard (a soft delete, undoable like any other), and the play page says so at the top."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from flask import Blueprint, abort, current_app, jsonify, request, url_for
from flask.typing import ResponseReturnValue
from werkzeug.datastructures import MultiDict

from web.data import store, times
from web.routes.forms import NAME_MAX, ActionForm
from web.routes.pages import base_version, change_id, get_play_or_404, page, see_other, who
from web.table import service as table

bp = Blueprint("manage", __name__)

ABANDONED_AFTER_HOURS = 24
MAX_ROWS = 12  # rows the players page reads back (more than any game seats)


def abandoned_cutoff() -> str:
    hours = float(current_app.config.get("ABANDONED_AFTER_HOURS", ABANDONED_AFTER_HOURS))
    return (datetime.now(UTC) - timedelta(hours=hours)).strftime(times.STORED)  # compared with updated_at


def is_abandoned(play: store.Play) -> bool:
    return play.status == store.IN_PROGRESS and play.updated_at < abandoned_cutoff()


def abandoned_plays() -> list[dict[str, Any]]:
    return store.abandoned_plays(abandoned_cutoff())


# ------------------------------------------------------------------ delete, restore


@bp.post("/plays/<int:play_id>/delete")
def delete(play_id: int) -> ResponseReturnValue:
    """Delete a play (soft: undone from the history or the play's page).  ``why=abandoned``:
    discarded because nobody finished it."""
    get_play_or_404(play_id)
    if not ActionForm().validate():
        abort(400)
    action = "play discarded" if request.form.get("why") == "abandoned" else "play deleted"
    try:
        table.delete_play(play_id, who(), action=action, change_id=change_id())
    except store.NotFound:
        abort(404)
    return see_other("main.history", deleted=play_id)


@bp.post("/plays/<int:play_id>/restore")
def restore(play_id: int) -> ResponseReturnValue:
    get_play_or_404(play_id)
    if not ActionForm().validate():
        abort(400)
    try:
        table.restore_play(play_id, who(), change_id=change_id())
    except store.NotFound:
        abort(404)
    return see_other("main.play", play_id=play_id)


# ------------------------------------------------------------------ players and seat order


def _rows_from(form: MultiDict[str, str]) -> list[dict[str, Any]]:
    """The rows the players page posted, in order: ``{"seat": id or None, "name": text}``."""
    rows = []
    for i in range(MAX_ROWS):
        seat, name = form.get(f"seat-{i}"), form.get(f"name-{i}")
        if seat is None and name is None:
            continue
        seat_id = int(seat) if seat and seat.isascii() and seat.isdigit() and len(seat) < 12 else None
        rows.append({"seat": seat_id, "name": (name or "")[: NAME_MAX * 2]})
    return rows


def _apply_op(rows: list[dict[str, Any]], op: str) -> list[dict[str, Any]]:
    """Move a row up or down, remove it, or add a blank one (no JavaScript needed)."""
    rows = [dict(r) for r in rows]
    what, _, where = op.partition("-")
    index = int(where) if where.isascii() and where.isdigit() and len(where) < 4 else -1
    if what == "add" and len(rows) < MAX_ROWS:
        rows.append({"seat": None, "name": ""})
    elif what == "remove" and 0 <= index < len(rows):
        rows.pop(index)
    elif what == "up" and 0 < index < len(rows):
        rows[index - 1], rows[index] = rows[index], rows[index - 1]
    elif what == "down" and 0 <= index < len(rows) - 1:
        rows[index + 1], rows[index] = rows[index], rows[index + 1]
    return rows


def _players_page(
    found: store.Play,
    rows: list[dict[str, Any]],
    errors: dict[str, str] | None = None,
    status: int = 200,
    version: int | None = None,
    focus: str = "",
) -> tuple[str, int]:
    by_id = {s.id: s for s in found.seats}
    evaluation = found.evaluate()
    shown = []
    for i, row in enumerate(rows):
        seat = by_id.get(row["seat"]) if row["seat"] is not None else None
        entered = seat is not None and seat.version > 1
        total = evaluation.seat_result(seat.position) if seat is not None else None
        shown.append(
            {
                **row,
                "index": i,
                "seat_obj": seat,
                "entered": entered,
                "total": total.total if total is not None and entered else None,
                "was": seat.name if seat is not None else "",
            }
        )
    game = found.game_info
    return page(
        "plays/players.html",
        "form" if request.method == "POST" else None,
        status,
        play=found,
        rows=shown,
        errors=errors or {},
        version=found.version if version is None else version,
        game=game,
        action=ActionForm(),
        known_players=store.player_names(),
        removed=[s for s in found.seats if s.id not in {r["seat"] for r in rows}],
        focus=focus,
    )


@bp.route("/plays/<int:play_id>/players", methods=["GET", "POST"])
def players(play_id: int) -> ResponseReturnValue:
    """Who sits at a play in progress, in which order: change a name (the seat keeps what was
    entered), move a seat up or down, add one, remove one; Save writes it all at once."""
    found = get_play_or_404(play_id)
    if found.deleted:
        return see_other("main.play", play_id=play_id)
    if found.finished:  # (the page says so, with the button to reopen it)
        return _players_page(found, [{"seat": s.id, "name": s.name} for s in found.seats], status=409)
    if request.method == "GET":
        return _players_page(found, [{"seat": s.id, "name": s.name} for s in found.seats])
    if not ActionForm().validate():
        abort(400)
    rows = _rows_from(request.form)
    op = request.form.get("op") or "save"
    if op != "save":
        moved = _apply_op(rows, op)
        focus = "name-" + str(len(moved) - 1) if op == "add" else ""
        return _players_page(found, moved, version=base_version(), focus=focus)
    errors = _check_rows(rows, found)
    if errors:
        return _players_page(found, rows, errors, 422, version=base_version())
    plan = [
        (r["seat"], store.find_or_create_player(r["name"].strip(), who())) for r in rows if r["name"].strip()
    ]
    try:
        table.change_players(
            play_id, who=who(), base_version=base_version(), seats=plan, change_id=change_id()
        )
    except table.Deleted:
        return see_other("main.play", play_id=play_id)
    except table.Finished:
        return _players_page(
            get_play_or_404(play_id),
            rows,
            {"": "This play is finished: reopen it to change its players."},
            409,
        )
    except table.Conflict:
        fresh = get_play_or_404(play_id)
        message = (
            "The players were changed on another phone meanwhile: this is how they are now. "
            "Make your change again if it is still needed."
        )
        return _players_page(fresh, [{"seat": s.id, "name": s.name} for s in fresh.seats], {"": message}, 409)
    except table.BadChange as bad:
        return _players_page(
            found, rows, {"": " ".join(e.message for e in bad.errors)}, 422, version=base_version()
        )
    return see_other("main.play", play_id=play_id)


def _check_rows(rows: list[dict[str, Any]], found: store.Play) -> dict[str, str]:
    errors: dict[str, str] = {}
    seen: dict[str, int] = {}
    for i, row in enumerate(rows):
        name = row["name"].strip()
        if not name:
            if row["seat"] is not None:
                errors[f"name-{i}"] = "Enter a name, or remove this seat."
            continue
        if len(name) > NAME_MAX:
            errors[f"name-{i}"] = f"Use at most {NAME_MAX} characters."
        elif name.casefold() in seen:
            errors[f"name-{i}"] = (
                f"{name} sits at seat {seen[name.casefold()] + 1} already: each player sits once."
            )
        seen.setdefault(name.casefold(), i)
    count = sum(1 for r in rows if r["name"].strip())
    game = found.game_info
    if not game.min_players <= count <= game.max_players:
        errors[""] = (
            f"{game.title} takes {game.min_players} to {game.max_players} players; this lists {count}."
        )
    return errors


# ------------------------------------------------------------------ the edit log, in full


@bp.get("/plays/<int:play_id>/log/<int:entry_id>")
def log_entry(play_id: int, entry_id: int) -> ResponseReturnValue:
    """One edit-log entry exactly as stored (before and after in full): the evidence behind a
    line of the story."""
    get_play_or_404(play_id)
    entry = next((e for e in store.play_log(play_id) if e["id"] == entry_id), None)
    if entry is None:
        abort(404)
    body = {k: entry.get(k) for k in ("id", "at", "who", "action", "seat_id", "player", "old", "new")}
    body["play"] = url_for("main.play", play_id=play_id)
    response = jsonify(body)
    response.headers["Cache-Control"] = "no-store"
    return response
