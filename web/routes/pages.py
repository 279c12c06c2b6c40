"""What every route needs to answer a request: who is asking, the page or its htmx block, the
redirect after a change, a play or a 404, a seat's page and the conflict page.  Views and the
games' adapters (``web/games/*``) import these; this module imports neither of them."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, cast

from flask import abort, g, make_response, redirect, render_template, request, session, url_for
from flask.typing import ResponseReturnValue
from flask_htmx import make_response as htmx_response
from jinja2_fragments.flask import render_block
from werkzeug.wrappers import Response

import scoring
from scoring.core import FieldError
from web.data import store
from web.games import Ask, adapter
from web.routes.forms import ActionForm
from web.server.extensions import htmx
from web.table import gamedata
from web.table import service as table
from web.table.evaluate import Evaluation

HOLDER_COOKIE = "scorepad_holder"


def holder() -> str:
    """Who is holding this phone, as its player said on a seat page ("This is Ann's phone")."""
    return request.cookies.get(HOLDER_COOKIE, "").strip()[:60]


def who() -> str:
    """Who made a change, for the edit log: "Ann's phone" when the phone's holder said so, else
    the device's name (Settings), else its short id."""
    name = holder()
    if name:
        return f"{name}'s phone"
    device_name = request.cookies.get("scorepad_name", "").strip()[:40]
    return device_name or f"device {g.device[:6]}"


def _phone(signed: str) -> str:
    """Who made the other change, in a player's words: a phone nobody named is "another phone"."""
    return "another phone" if not signed or signed.startswith("device ") else signed


def fragment_asked() -> bool:
    """htmx asked for a part of the page (not Back restoring history, not a boosted link)."""
    return bool(htmx) and not htmx.boosted and not htmx.history_restore_request


def page(template: str, block: str | None = None, status: int = 200, **context: Any) -> tuple[str, int]:
    """The whole page, or only ``block`` when htmx asks (and the block is named).  A history
    restore (Back, ``HX-History-Restore-Request``) gets the whole page; every page answer varies
    by ``HX-Request`` (``web/server/security.py`` sends the ``Vary`` header)."""
    if block and fragment_asked():
        return render_block(template, block, **context), status
    return render_template(template, **context), status


def see_other(endpoint: str, **values: Any) -> Response:
    """After a successful change: a 303 redirect, or for htmx a full-page navigation."""
    url = url_for(endpoint, **values)
    if htmx:
        return cast(Response, htmx_response("", redirect=url))
    response: Response = redirect(url, code=303)
    return response


def get_play_or_404(play_id: int) -> store.Play:
    try:
        return store.get_play(play_id)
    except store.NotFound:
        abort(404)


def get_seat_or_404(play_id: int, game: str, position: int) -> store.Play:
    """For a game's own routes: play ``play_id``, a play of ``game`` with a seat ``position``; else 404."""
    found = get_play_or_404(play_id)
    if found.game != game or not 0 <= position < len(found.seats):
        abort(404)
    return found


def seat_play_or_404(play_id: int, position: int) -> store.Play:
    """The play of a seat request, with that seat, of a game this version knows (else 404 / 409)."""
    found = get_play_or_404(play_id)
    if not 0 <= position < len(found.seats):
        abort(404)
    known_game_or_409(found)
    return found


def change_meta() -> dict[str, Any]:
    """What a posted change says of itself: the version it is based on, who sends it, its id."""
    return {"base_version": base_version(), "who": who(), "change_id": change_id()}


def known_game_or_409(found: store.Play) -> None:
    """A play of a game this version does not know (an old row) can be read, not changed."""
    try:
        scoring.get(found.game)
    except KeyError:
        abort(make_response(render_template("plays/unknown_game.html", play=found), 409))


def base_version() -> int | None:
    """The version the posting form (or request) was built from (None: no concurrency check)."""
    raw = request.form.get("version") if request.form else None
    text = (raw or "").strip()
    if not text.isascii() or not text.isdigit() or len(text) > 15:
        return None
    return int(text)


def change_id() -> str | None:
    """The phone's id of this change (a resend of the same change carries the same id)."""
    raw = (request.form.get("change_id") or request.headers.get("X-Change-Id") or "").strip()
    return raw[:64] if raw and raw.replace("-", "").isalnum() else None


def conflict_page(
    found: store.Play, conflict: table.Conflict, position: int | None = None
) -> ResponseReturnValue:
    """Someone else changed the same place since this phone loaded it: show each place by its
    name, both values, one tap to keep either; every other change of both phones is kept."""
    seat_ = (
        conflict.seat
        if conflict.seat is not None
        else (found.seats[position] if position is not None else None)
    )
    game_adapter = adapter(found.game)
    state = seat_.state if seat_ is not None else None
    rows = [
        {
            "path": path,
            "label": game_adapter.field_label_in(path, state),
            "yours": game_adapter.value_label(path, yours),
            "theirs": game_adapter.value_label(path, theirs),
            "by": _phone(conflict.by.get(path, "")),
        }
        for path, yours, theirs in conflict.conflicts
    ]
    context = dict(
        play=found,
        seat=seat_,
        conflict=conflict,
        rows=rows,
        action=ActionForm(),
        changes=json.dumps(conflict.changes, ensure_ascii=False, sort_keys=True),
    )
    if htmx:
        return cast(
            Response,
            htmx_response(
                render_block("plays/conflict.html", "content", **context),
                409,
                retarget="#main",
                reswap="innerHTML",
                push_url=False,
            ),
        )
    return render_template("plays/conflict.html", **context), 409


FINISHED_MESSAGE = "This play is finished: reopen it on the play page to change a score."
DELETED_MESSAGE = "This play was deleted: restore it on the play page to change a score."


def live_context(found: store.Play, position: int | None = None) -> dict[str, Any]:
    """What base.html needs to start static/js/seat.js on a play or seat page."""
    url = url_for("live.live", play_id=found.id)
    return {
        "play": found.id,
        "seat": position,
        "url": url if position is None else f"{url}?seat={position}",
        "seats_url": url_for("main.play", play_id=found.id, fragment="seats"),
        "version": found.version,
        "status": found.status,
        "player": found.seats[position].name if position is not None and position < len(found.seats) else "",
        "banner": "",
    }


def memo_key(play_id: int, position: int) -> str:
    """The session key of what a phone keeps for one seat (an adapter's ``memo``)."""
    return f"seat-memo-{play_id}-{position}"


def remember(found: store.Play, position: int, memo: Mapping[str, Any] | None) -> None:
    """Keep an interaction's ``memo`` (``SeatChange.memo``) in this phone's session for the seat."""
    if memo is not None:
        key = memo_key(found.id, position)
        session[key] = {**(session.get(key) or {}), **memo}


def ask(
    found: store.Play, position: int, ui: Mapping[str, Any] | None = None, before: Ask | None = None
) -> Ask:
    """What this request brings to the seat's adapter, as plain data (see ``web.games.Ask``).
    ``before``: the one the request began with (its game data read again only when a change may
    have moved it: Arizona's deck)."""
    memo = session.get(memo_key(found.id, position))
    posted = request.method == "POST"
    reread = before is None or gamedata.changes(found.game)
    return Ask(
        form=request.form if posted else {},
        args=request.args,
        posted=posted,
        fragment=fragment_asked(),
        memo=memo if isinstance(memo, dict) else {},
        ui=ui or {},
        data=gamedata.load(found.game) if reread or before is None else before.data,
        links={
            "seat": url_for("main.seat", play_id=found.id, position=0),
            "edit": url_for("main.edit_play", play_id=found.id),
        },
    )


def seat_request(play_id: int, position: int) -> tuple[store.Play, Ask]:
    """A seat request's play (with that seat, of a game this version knows; else 404 / 409) and
    what the request brings to its adapter."""
    found = get_play_or_404(play_id)
    return found, seat_ask(found, position)


def seat_ask(found: store.Play, position: int) -> Ask:
    """What a seat request of ``found`` brings to its adapter: 404 without that seat, 409 for a
    game this version does not know (an old row can be read, not changed)."""
    if not 0 <= position < len(found.seats):
        abort(404)
    known_game_or_409(found)
    return ask(found, position)


def seat_page(
    found: store.Play,
    position: int,
    evaluation: Evaluation,
    form_errors: Sequence[FieldError] | None = None,
    status: int = 200,
    block: str | None = None,
    *,
    typed: Mapping[str, Any] | None = None,
    ui: Mapping[str, Any] | None = None,
    shown_version: int | None = None,
    before: Ask | None = None,
) -> tuple[str, int]:
    """The entry page of one seat (or one of its blocks)."""
    context = seat_context(
        found,
        position,
        evaluation,
        form_errors,
        typed=typed,
        ui=ui,
        shown_version=shown_version,
        before=before,
    )
    return page(adapter(found.game).entry_template, block, status, **context)


def seat_blocks(
    found: store.Play,
    position: int,
    evaluation: Evaluation,
    blocks: Sequence[str],
    ui: Mapping[str, Any] | None = None,
    status: int = 200,
    form_errors: Sequence[FieldError] | None = None,
    before: Ask | None = None,
    memo: Mapping[str, Any] | None = None,
    **extra: Any,
) -> tuple[str, int]:
    """Several blocks of a seat's entry page, one after the other (the first swapped in, the
    others out of band): a game interaction's htmx answer (``memo``: kept for the seat first)."""
    remember(found, position, memo)
    context = {**seat_context(found, position, evaluation, form_errors, ui=ui, before=before), **extra}
    template = adapter(found.game).entry_template
    return "".join(render_block(template, block, **context) for block in blocks), status


def seat_context(
    found: store.Play,
    position: int,
    evaluation: Evaluation,
    form_errors: Sequence[FieldError] | None = None,
    *,
    typed: Mapping[str, Any] | None = None,
    ui: Mapping[str, Any] | None = None,
    shown_version: int | None = None,
    before: Ask | None = None,
) -> dict[str, Any]:
    """The template variables of a seat's entry page (the game adapter's view model included)."""
    seat_ = found.seats[position]
    game_adapter = adapter(found.game)
    ui = ui or {}
    errors = evaluation.seat_errors[position]
    # every place the page names, in the player's words (``field_label(path)`` in the templates
    # is a look-up in this table: the page is drawn from data, not by calling the adapter)
    view = game_adapter.view(found, seat_, evaluation, ask(found, position, ui, before))
    named = {e.path for e in [*errors, *evaluation.table_errors, *(form_errors or [])]} | {""}
    labels = view.pop("labels", {})  # an adapter names its own places in its view (one call)
    labels.update({path: game_adapter.field_label_in(path, seat_.state) for path in named - set(labels)})
    actions = {
        name: url_for("main.seat_action", play_id=found.id, position=position, action=name)
        for name in (*game_adapter.interaction_blocks, *game_adapter.refusal_blocks)
    }

    return dict(
        live=live_context(found, position),
        shown_version=shown_version,
        save_state="saved" if request.method == "POST" else "",
        holder_name=holder(),
        play=found,
        seat=seat_,
        evaluation=evaluation,
        errors=errors,
        table_errors=evaluation.table_errors,
        seat_result=evaluation.seat_result(position),
        form_errors={e.path: e.message for e in (form_errors or [])},
        typed=typed or {},
        action=ActionForm(),
        action_url=actions.get,  # where a game's interaction posts (``Adapter.interact``)
        refused_change=bool(ui.get("refused")),
        game=found.game_info,
        field_label=labels.get,
        **view,
    )
