"""The one place a refused change becomes an answer.  The table service and the store raise
domain exceptions; each has one handler here that answers JSON for the API (``/api/``, the
shapes of docs/api.md) and the page or the fragment for a phone:

=====================  ======================================  ==========================================
exception              API (JSON)                               a page / htmx
=====================  ======================================  ==========================================
store.NotFound         404 ``{"errors": [...]}``                the 404 page
table.Finished         409 ``{"error": "finished"}``            the seat's status with the message (seat
table.Deleted          409 ``{"error": "deleted"}``             routes), else the play page
table.Conflict         409 ``{"conflicts", "version"}``         the conflict page (a seat), the seat's
                                                                status naming the option (play options)
table.Refused          422 ``{"errors": [...]}``                the seat's status with the errors
table.NotReady         409 ``{"error": "not complete", ...}``   what each seat still lacks (with links)
UnknownAction          404                                      the 404 page
=====================  ======================================  ==========================================
"""

from __future__ import annotations

from typing import Any

from flask import Flask, current_app, jsonify, request
from flask.typing import ResponseReturnValue
from flask_htmx import make_response as htmx_response
from werkzeug.exceptions import BadRequest, HTTPException, NotFound

from scoring.core import FieldError
from web.data import store
from web.games import UnknownAction, adapter
from web.routes.pages import (
    DELETED_MESSAGE,
    FINISHED_MESSAGE,
    conflict_page,
    page,
    seat_blocks,
    seat_page,
    see_other,
)
from web.server.extensions import htmx
from web.table import service as table
from web.table import words

Answer = ResponseReturnValue


def _http(status: int) -> Answer:
    """The app's own answer to an HTTP error (its 404 page, its JSON for the API)."""
    exc: HTTPException = NotFound() if status == 404 else BadRequest()
    return current_app.handle_http_exception(exc)


def _api() -> bool:
    return request.path.startswith("/api/")


def _seat_request() -> tuple[int, int] | None:
    """(play id, seat position) when the request is about one seat's page."""
    args = request.view_args or {}
    if "play_id" in args and "position" in args:
        return int(args["play_id"]), int(args["position"])
    return None


def _seat_status(
    play_id: int, position: int, errors: list[FieldError], status: int, conflict: bool = False
) -> Answer:
    """The seat's page (its status block for htmx) with ``errors`` at the top, and what was typed;
    after a game's interaction, the page says that change was not saved (``ui["refused"]``)."""
    fresh = store.get_play(play_id)
    if not 0 <= position < len(fresh.seats):
        return _http(404)
    action = (request.view_args or {}).get("action")
    ui = {"refused": action, "conflict": conflict} if action else {}
    game_adapter = adapter(fresh.game)
    if (
        htmx and action is not None and action in game_adapter.refusal_blocks
    ):  # answered in place, by the interaction's own blocks
        return seat_blocks(
            fresh,
            position,
            fresh.evaluate(),
            game_adapter.refusal_blocks[action],
            ui=ui,
            status=status,
            form_errors=errors,
            oob_status=True,
        )
    body, code = seat_page(
        fresh, position, fresh.evaluate(), errors, status, "status", typed=request.form, ui=ui
    )
    if htmx and action:  # an interaction swaps elsewhere: its answer goes to the seat's status
        answer: Answer = htmx_response(body, code, retarget=game_adapter.status_target, reswap="outerHTML")
        return answer
    return body, code


def not_found(exc: store.NotFound) -> Answer:
    if _api():
        return jsonify({"errors": [{"path": "", "message": "not found"}]}), 404
    return _http(404)


def unknown_action(exc: UnknownAction) -> Answer:
    return _http(exc.status)


def finished(exc: table.Finished) -> Answer:
    deleted = isinstance(exc, table.Deleted)
    if _api():
        return jsonify({"error": "deleted" if deleted else "finished"}), 409
    seat = _seat_request()
    if seat is None:
        return see_other(
            "main.play", play_id=int((request.view_args or {}).get("play_id", exc.args[0] if exc.args else 0))
        )
    return _seat_status(*seat, [FieldError("", DELETED_MESSAGE if deleted else FINISHED_MESSAGE)], 409)


def conflict(exc: table.Conflict) -> Answer:
    if _api():
        return jsonify(exc.to_dict()), 409
    seat = _seat_request()
    if seat is None:
        return _http(400)
    play_id, position = seat
    found = store.get_play(play_id)
    if exc.seat is None:  # the play's options, typed on a seat page (Vera's score, the sister's)
        game_adapter = adapter(found.game)
        errors = [
            FieldError(
                "",
                f"{game_adapter.field_label(path)} was changed on another phone meanwhile "
                f"(now {game_adapter.value_label(path, theirs)}): check it and save again.",
            )
            for path, _, theirs in exc.conflicts
        ]
        return _seat_status(play_id, position, errors, 409, conflict=True)
    return conflict_page(found, exc, position)


def refused(exc: table.Refused) -> Answer:
    if _api():
        return jsonify({"errors": [e.to_dict() for e in exc.errors]}), exc.status
    seat = _seat_request()
    if seat is None:
        return _http(400)
    return _seat_status(*seat, exc.errors, exc.status)


def not_ready(exc: table.NotReady) -> Answer:
    play_id = int((request.view_args or {}).get("play_id", 0))
    found = store.get_play(play_id)
    evaluation = exc.evaluation
    if _api():
        waiting = [
            {
                "position": s.position,
                "player": s.name,
                "done": s.done,
                "errors": [e.to_dict() for e in evaluation.seat_errors[s.position]],
            }
            for s in found.seats
            if not evaluation.complete(s.position)
        ]
        return jsonify({"error": "not complete", "seats": waiting}), 409
    return not_ready_page(found, evaluation)


def not_ready_page(found: store.Play, evaluation: Any) -> Answer:
    """What each seat still lacks, each with a link to where it is entered (issue 17)."""
    return page(
        "plays/not_ready.html",
        None,
        409,
        play=found,
        evaluation=evaluation,
        lacking=words.seats_lacking(found, evaluation),
        table_messages=words.table_messages(found, evaluation.table_errors),
    )


def init_app(app: Flask) -> None:
    app.register_error_handler(store.NotFound, not_found)
    app.register_error_handler(UnknownAction, unknown_action)
    app.register_error_handler(table.Finished, finished)  # table.Deleted is a kind of Finished
    app.register_error_handler(table.Conflict, conflict)
    app.register_error_handler(table.Refused, refused)
    app.register_error_handler(table.NotReady, not_ready)
