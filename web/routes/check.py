"""Check one board: any single board scored on its own, storing nothing (issue 15.4).

For settling a dispute about one player, or reproducing a rulebook example: the board of a seat
(``/check?play=N&seat=P``), or one typed as the contract's JSON.  The board is judged at its own
table (issue 24.1): a seat's board by its play's player count and options (a 5-player Verdant
board has 5 concrete pots, a 3-player one keeps its "most" goals); a typed board by the player
count and options chosen on the form (1: a solo game where the game has one, with its solo
rating; else one board with no winner).  The options are the picked game's options form, the
same fields as the New play form (``Adapter.options_from_form``); a JSON box stays as the
advanced way to give them.  The score pad shows every point with its explanation,
and no rank for a lone board.  Nothing is written.
"""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, abort, request
from flask.typing import ResponseReturnValue
from werkzeug.datastructures import MultiDict

import scoring
from scoring import jsontext
from scoring.core import FieldError
from web.data import store
from web.games import adapter, whole_number
from web.routes.forms import ActionForm
from web.routes.pages import page

bp = Blueprint("check", __name__)


def _games() -> list[scoring.Game]:
    return [g for g in scoring.games() if g.ready]


def _score(
    game: scoring.Game, board: Any, options: Any, name: str, count: int = 1
) -> tuple[scoring.Result | None, list[FieldError]]:
    if not isinstance(board, dict):
        return None, [FieldError("board", "must be a JSON object: one player's table")]
    if not isinstance(options, dict):
        return None, [FieldError("options", "must be a JSON object")]
    table = {"options": options, "players": [{**board, "name": name}], "player_count": count}
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
    options_text = request.form.get("options", "")  # the advanced fallback: the options as JSON
    stored: Any = None  # options shown in the form's fields (a seat's play's)
    name = (request.form.get("name") or "").strip()[:60] or "Player"
    count = whole_number(request.form.get("player_count") or "1")
    source = None
    if request.method == "GET" and request.args.get("play"):
        try:
            found = store.get_play(int(request.args["play"]))
            seat = found.seats[int(request.args.get("seat", "0"))]
        except (store.NotFound, ValueError, IndexError, OverflowError):
            abort(404)
        game = scoring.get(found.game)
        choice, name, source, count = found.game, seat.name, found, len(found.seats)
        board_text = json.dumps(seat.state, indent=2, ensure_ascii=False)
        stored = found.options
    result, errors = None, []
    option_errors: dict[str, str] = {}
    if request.method == "POST" and not ActionForm().validate():
        abort(400)
    if count is None or not 1 <= count <= game.max_players:
        errors = [
            FieldError("player_count", f"choose the number of players at the table: 1 to {game.max_players}")
        ]
        count = 1
    elif board_text.strip():
        board, problems = jsontext.load(board_text)
        more: list[FieldError] = []
        if source is not None:  # a seat's board: its play's options, as stored
            options = stored if stored is not None else {}
        elif options_text.strip():
            options, more = jsontext.load(options_text)
        else:  # the options form's fields, read as the New play form reads them, at this table
            options, typed = _options_from_fields(game, count, name)
            option_errors = {e.path: e.message for e in typed}
        errors = [FieldError("board" + (f".{e.path}" if e.path else ""), e.message) for e in problems] + [
            FieldError("options" + (f".{e.path}" if e.path else ""), e.message) for e in more
        ]
        if not errors and not option_errors:
            result, errors = _score(game, board, options, name, count)
    rows = adapter(game.name).result_rows(result) if result is not None else []
    status = 422 if (errors or option_errors) and request.method == "POST" else 200
    return page(
        "check.html",
        None,
        status,
        games=games,
        game=game,
        choice=choice,
        board_text=board_text,
        options_text=options_text,
        name=name,
        result=result,
        rows=rows,
        errors=errors,
        source=source,
        action=ActionForm(),
        count=count,
        most_players=max(g.max_players for g in games),
        solo=_solo(result),
        option_forms={
            g.name: {"template": adapter(g.name).options_template,
                     "ov": adapter(g.name).options_view(g, stored if g.name == choice else None)}
            for g in games
        },
        option_errors=option_errors,
        posted=request.form if request.method == "POST" else None,
        stored=stored,
    )


def _options_from_fields(
    game: scoring.Game, count: int, name: str
) -> tuple[dict[str, Any], list[FieldError]]:
    """The picked game's options from the options form's fields (``opt-<game>-...``), as the New
    play form reads them; the adapter's checks see a table of ``count`` players (their seats'
    fields, ``players-N``, are what the New play form counts)."""
    seats = {f"players-{i}": name if i == 0 else f"Player {i + 1}" for i in range(count)}
    fields = {k: v for k, v in request.form.items() if not k.startswith("players-")}
    form = MultiDict([*fields.items(), *seats.items()])
    for key in request.form:  # a multi-select or checkboxes keep every value
        if key in fields and len(request.form.getlist(key)) > 1:
            form.setlist(key, request.form.getlist(key))
    return adapter(game.name).options_from_form(form, game)


def _solo(result: scoring.Result | None) -> dict[str, Any] | None:
    """A solo game's outcome in words: Verdant's rating on the rulebook's chart, or the score of
    the opponent (Vera, the sister) and who won."""
    if result is None or len(result.players) != 1:
        return None
    player = result.players[0]
    own = player.extra.get("solo")
    if isinstance(own, dict) and "rating" in own:
        return {"rating": own.get("rating") or "below the solo chart", "threshold": own.get("threshold")}
    table = result.extra.get("solo")
    if isinstance(table, dict) and table.get("opponent_total") is not None:
        return {"opponent": table["opponent_total"], "wins": bool(table.get("player_wins"))}
    return None
