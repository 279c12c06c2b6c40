"""Check one board: any single board scored on its own, storing nothing (issue 15.4).

For settling a dispute about one player, or reproducing a rulebook example: the board of a seat
(``/check?play=N&seat=P``), or one typed as the contract's JSON.  The board is scored alone
(``player_count`` 1: no winner, the game's solo options decide a solo game), and the score pad
shows every point with its explanation.  Nothing is written.
"""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, abort, request
from flask.typing import ResponseReturnValue

import scoring
from scoring import jsontext
from scoring.core import FieldError
from web.data import store
from web.games import adapter
from web.routes.forms import ActionForm
from web.routes.pages import page

bp = Blueprint("check", __name__)


def _games() -> list[scoring.Game]:
    return [g for g in scoring.games() if g.ready]


def _score(
    game: scoring.Game, board: Any, options: Any, name: str
) -> tuple[scoring.Result | None, list[FieldError]]:
    if not isinstance(board, dict):
        return None, [FieldError("board", "must be a JSON object: one player's table")]
    if not isinstance(options, dict):
        return None, [FieldError("options", "must be a JSON object")]
    table = {"options": options, "players": [{**board, "name": name}], "player_count": 1}
    try:
        return scoring.score(game.name, table), []
    except scoring.ValidationError as exc:
        return None, exc.errors


@bp.route("/check", methods=["GET", "POST"])
def check() -> ResponseReturnValue:
    games = _games()
    names = {g.name for g in games}
    choice = request.values.get("game") or games[0].name
    if choice not in names:
        choice = games[0].name
    game = scoring.get(choice)
    board_text = request.form.get("board", "")
    options_text = request.form.get("options", "")
    name = (request.form.get("name") or "").strip()[:60] or "Player"
    source = None
    if request.method == "GET" and request.args.get("play"):
        try:
            found = store.get_play(int(request.args["play"]))
            seat = found.seats[int(request.args.get("seat", "0"))]
        except (store.NotFound, ValueError, IndexError, OverflowError):
            abort(404)
        game = scoring.get(found.game)
        choice, name, source = found.game, seat.name, found
        board_text = json.dumps(seat.state, indent=2, ensure_ascii=False)
        options_text = json.dumps(found.options, indent=2, ensure_ascii=False)
    result, errors = None, []
    if request.method == "POST" and not ActionForm().validate():
        abort(400)
    if board_text.strip():
        board, problems = jsontext.load(board_text)
        options, more = jsontext.load(options_text) if options_text.strip() else ({}, [])
        errors = [FieldError("board" + (f".{e.path}" if e.path else ""), e.message) for e in problems] + [
            FieldError("options" + (f".{e.path}" if e.path else ""), e.message) for e in more]
        if not errors:
            result, errors = _score(game, board, options, name)
    rows = adapter(game.name).result_rows(result) if result is not None else []
    status = 422 if errors and request.method == "POST" else 200
    return page("check.html", None, status, games=games, game=game, choice=choice, board_text=board_text,
                options_text=options_text, name=name, result=result, rows=rows, errors=errors, source=source,
                action=ActionForm())
