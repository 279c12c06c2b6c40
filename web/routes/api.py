"""The plays API: JSON in and out, on the same store functions as the pages (docs/api.md).

    POST  /api/plays                   start a play                  201 | 422
    GET   /api/plays/N                 the play, its seats, the result when every seat is complete
    PATCH /api/plays/N/seats/P         change a seat at contract paths, merged   200 | 409 | 422
    POST  /api/plays/N/finish          finish it (every seat complete)           200 | 409

Requests with a body must say ``Content-Type: application/json`` (415 otherwise).  No
cross-origin access: no CORS headers are sent (a browser on another site cannot read an answer,
nor send JSON without a preflight this server refuses).  The access code guards this API like the
pages (401 without it).  The CSRF token is not needed: a form on another site cannot send JSON.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, request, url_for
from flask.typing import ResponseReturnValue

import scoring
from scoring import jsontext, paths
from scoring.core import FieldError
from scoring.schema import unknown_keys
from scoring.text import clean_name, name_key, name_problem
from scoring.verdant import GAME as VERDANT
from web.data import store, times, zone
from web.games import SeatChange
from web.routes.pages import who
from web.server.limits import ID_MAX
from web.table import service as table

bp = Blueprint("plays_api", __name__, url_prefix="/api")

MAX_NAME = 60


def _errors(errors: list[FieldError], status: int = 422) -> tuple[Response, int]:
    return jsonify({"errors": [e.to_dict() for e in errors]}), status


def _json_body() -> tuple[Any, ResponseReturnValue | None]:
    """The request's JSON body, or the answer to send instead (415 / 422)."""
    if request.mimetype != "application/json":
        return None, _errors([FieldError("", "send JSON with Content-Type: application/json")], 415)
    body, problems = jsontext.load(request.get_data(cache=False))
    if problems:
        return None, _errors(problems)
    if not isinstance(body, dict):
        return None, _errors([FieldError("", "must be a JSON object")])
    return body, None


def _play_or_404(play_id: int) -> tuple[Any, ResponseReturnValue | None]:
    try:
        return store.get_play(play_id), None
    except store.NotFound:
        return None, _errors([FieldError("", f"there is no play {play_id}")], 404)


# ------------------------------------------------------------------------ start


def _players(body: dict[str, Any], game: scoring.Game, errors: list[FieldError]) -> list[str]:
    names = body.get("players")
    if not isinstance(names, list) or not names:
        errors.append(FieldError("players", "must be a list of the players' names in seat order"))
        return []
    out: list[str] = []
    for i, name in enumerate(names):
        where = f"players[{i}]"
        if not isinstance(name, str) or not name.strip():
            errors.append(FieldError(where, "must be a name"))
        elif len(clean_name(name)) > MAX_NAME:
            errors.append(FieldError(where, f"is too long: at most {MAX_NAME} characters"))
        elif name_problem(name):
            errors.append(FieldError(where, str(name_problem(name))))
        elif name_key(name) in {name_key(n) for n in out}:  # NFC, any case
            errors.append(FieldError(where, f'"{clean_name(name)}" is listed twice'))
        else:
            out.append(clean_name(name))
    if not game.min_players <= len(names) <= game.max_players:
        errors.append(
            FieldError(
                "players",
                f"has {len(names)} players: {game.title} takes {game.min_players} to {game.max_players}",
            )
        )
    return out


def _options(
    body: dict[str, Any], game: scoring.Game, names: list[str], errors: list[FieldError]
) -> dict[str, Any]:
    options = body.get("options", game.default_options())
    if not isinstance(options, dict):
        errors.append(FieldError("options", "must be an object"))
        return {}
    if game.options_schema is not None:
        errors.extend(unknown_keys(game.options_schema, options, "options"))
    # what the engine says of these options at a table of blank boards
    table = {
        "options": options,
        "players": [{**game.blank_player(), "name": n} for n in names]
        or [{**game.blank_player(), "name": "Player"}],
    }
    try:
        scoring.score(game.name, table)
    except scoring.ValidationError as exc:
        seen = {(e.path, e.message) for e in errors}
        errors.extend(
            e for e in exc.errors if e.path.startswith("options") and (e.path, e.message) not in seen
        )
    errors.extend(_campaign_problems(game, options, len(names)))
    return options


def _campaign_problems(game: scoring.Game, options: dict[str, Any], players: int) -> list[FieldError]:
    """Verdant's ``campaign: "standard"`` under the rulebook's conditions, as the New play form
    checks them (no solo, family variant or rules modification: scoring.verdant.campaign)."""
    if game.name != VERDANT.name or options.get("campaign") != "standard":
        return []
    from scoring.verdant import campaign

    where = {"mode": "options.campaign", "variant": "options.variant", "modification": "options.modification"}
    return [
        FieldError(where.get(key, "options.campaign"), why)
        for key, why in campaign.mode_problems("standard", options, players)
    ]


@bp.post("/plays")
def create_play() -> ResponseReturnValue:
    body, refusal = _json_body()
    if refusal:
        return refusal
    errors: list[FieldError] = []
    try:
        game = scoring.get(str(body.get("game")))
        if not game.ready:
            raise KeyError(game.name)
    except KeyError:
        ready = ", ".join(g.name for g in scoring.games() if g.ready)
        return _errors([FieldError("game", f"must be one of {ready}")])
    names = _players(body, game, errors)
    options = _options(body, game, names, errors)
    played_at = body.get("played_at")
    if played_at is None:
        played_at = zone.local_input(times.now()).isoformat()  # now, in the group's zone
    elif not isinstance(played_at, str) or len(played_at) > 32 or not _is_datetime(played_at):
        errors.append(
            FieldError(
                "played_at",
                "must be a date and time like 2026-11-28T20:30 (the group's zone) "
                "or 2026-11-28T20:30:00+01:00",
            )
        )
    if errors:
        return _errors(errors)
    player_ids = [store.find_or_create_player(n, who()) for n in names]
    play_id = store.create_play(
        game.name, zone.to_utc(played_at), options, player_ids, who(), played_zone=zone.typed_in(played_at)
    )
    play = store.get_play(play_id)
    return jsonify(
        {
            "id": play_id,
            "url": url_for("main.play", play_id=play_id, _external=True),
            "seats": [{"position": s.position, "player": s.name, "version": s.version} for s in play.seats],
        }
    ), 201


def _is_datetime(text: str) -> bool:
    try:
        zone.to_utc(text)
    except (ValueError, OverflowError):
        return False
    return True


# ------------------------------------------------------------------------ read


def play_json(play: store.Play) -> dict[str, Any]:
    evaluation = play.evaluate()
    seats = []
    for s in play.seats:
        result = evaluation.seat_result(s.position)
        seats.append(
            {
                "position": s.position,
                "player": s.name,
                "state": s.state,
                "version": s.version,
                "done": s.done,
                "complete": evaluation.complete(s.position),
                "total": result.total if result is not None and evaluation.valid(s.position) else None,
                "errors": [e.to_dict() for e in evaluation.seat_errors[s.position]],
            }
        )
    return {
        "id": play.id,
        "game": play.game,
        "status": play.status,
        "options": play.options,
        "version": play.version,
        "played_at": play.played_at,
        "played_zone": play.played_zone,
        "seats": seats,
        "result": evaluation.result.to_dict() if evaluation.result is not None else None,
    }


@bp.get("/plays/<int:play_id>", endpoint="get_play")
def play_resource(play_id: int) -> ResponseReturnValue:
    play, refusal = _play_or_404(play_id)
    if refusal:
        return refusal
    return jsonify(play_json(play))


# ------------------------------------------------------------------------ change a seat


def _check_set(game: scoring.Game, changes: Any) -> list[FieldError]:
    """Every path of ``set`` must be a place of this game's board and its value of the right type."""
    if not isinstance(changes, dict):
        return [FieldError("set", 'must be an object of contract paths and values, like {"propagation": 3}')]
    schema = game.player_schema
    errors: list[FieldError] = []
    for path, value in changes.items():
        where = f"set.{path}" if isinstance(path, str) else "set"
        try:
            parts = paths.parse(path)
        except paths.PathError as exc:
            errors.append(FieldError(where, str(exc)))
            continue
        if not parts or parts == ("name",):
            errors.append(FieldError(where, "is not a place in a player's table"))
            continue
        node = schema.at(parts) if schema is not None else None
        if schema is not None and node is None:
            errors.append(FieldError(where, f"is not a place in a {game.title} player's table"))
            continue
        if node is not None:
            problem = node.type_error(value)
            if problem:
                errors.append(FieldError(where, problem))
                continue
            errors.extend(FieldError(f"set.{e.path}", e.message) for e in unknown_keys(node, value, path))
    return errors


@bp.patch("/plays/<int:play_id>/seats/<int:position>")
def change_seat(play_id: int, position: int) -> ResponseReturnValue:
    body, refusal = _json_body()
    if refusal:
        return refusal
    play, refusal = _play_or_404(play_id)
    if refusal:
        return refusal
    if not 0 <= position < len(play.seats):
        return _errors([FieldError("", f"play {play_id} has no seat {position}")], 404)
    try:
        game = scoring.get(play.game)
    except KeyError:
        return _errors(
            [FieldError("game", f'"{play.game}" is not a game this version knows: the play cannot change')],
            409,
        )
    errors: list[FieldError] = []
    base = body.get("base_version")
    if isinstance(base, bool) or not isinstance(base, int) or not 0 <= base <= ID_MAX:
        errors.append(FieldError("base_version", "must be the version of the seat this change is based on"))
    done = body.get("done")
    if done is not None and not isinstance(done, bool):
        errors.append(FieldError("done", "must be true or false"))
    changes = body.get("set", {})
    errors.extend(_check_set(game, changes))
    unknown = [k for k in body if k not in ("base_version", "set", "done", "change_id")]
    errors.extend(
        FieldError(k, "is not a field of this request: send base_version, set, done") for k in unknown
    )
    change_id = body.get("change_id")
    if change_id is not None and (not isinstance(change_id, str) or not 0 < len(change_id) <= 64):
        errors.append(FieldError("change_id", "must be a short text that names this change"))
    if errors:
        return _errors(errors)
    # refusals (finished, deleted, conflict) are answered by web.table.refusals
    outcome = table.change_seat(
        play_id,
        position,
        SeatChange(set=changes or None, done=done, action="seat saved (API)"),
        base_version=base,
        who=who(),
        change_id=change_id,
        strict_done=False,
        known=play,
    )
    seat = outcome.play.seats[position]
    return jsonify(
        {"version": seat.version, "state": seat.state, "merged": outcome.merged, "done": seat.done}
    )


# ------------------------------------------------------------------------ finish


@bp.post("/plays/<int:play_id>/finish")
def finish(play_id: int) -> ResponseReturnValue:
    if request.content_length and request.mimetype != "application/json":
        return _errors([FieldError("", "send JSON with Content-Type: application/json")], 415)
    play, refusal = _play_or_404(play_id)
    if refusal:
        return refusal
    play = table.change_play(
        play_id, who=who(), base_version=None, status=store.FINISHED
    )  # refusals: web.table.refusals
    evaluation = play.evaluate()
    return jsonify(
        {
            "status": play.status,
            "version": play.version,
            "result": evaluation.result.to_dict() if evaluation.result else None,
        }
    )
