"""What every route needs to answer a request: who is asking, the page or its htmx block, the
redirect after a change, a play or a 404, a seat's page and the conflict page.  Views and the
games' adapters (``web/games/*``) import these; this module imports neither of them."""

from __future__ import annotations

import json

from flask import abort, g, make_response, redirect, render_template, request, url_for
from jinja2_fragments.flask import render_block

import scoring
from scoring.core import FieldError
from web.data import store
from web.games import adapter
from web.routes.forms import ActionForm

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


def page(template: str, block: str | None = None, status: int = 200, **context):
    """The whole page, or only ``block`` when htmx asks (and the block is named).  A history
    restore (Back, ``HX-History-Restore-Request``) gets the whole page; every page answer varies
    by ``HX-Request`` (``web/server/security.py`` sends the ``Vary`` header)."""
    if (block and request.headers.get("HX-Request") and not request.headers.get("HX-Boosted")
            and not request.headers.get("HX-History-Restore-Request")):
        return render_block(template, block, **context), status
    return render_template(template, **context), status


def see_other(endpoint: str, **values):
    """After a successful change: a 303 redirect, or for htmx a full-page navigation."""
    url = url_for(endpoint, **values)
    if request.headers.get("HX-Request"):
        return "", 200, {"HX-Redirect": url}
    return redirect(url, code=303)


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


def conflict_page(found: store.Play, conflict: store.Conflict, position: int | None = None):
    """Someone else changed the same place since this phone loaded it: show each place by its
    name, both values, one tap to keep either; every other change of both phones is kept."""
    seat_ = conflict.seat if conflict.seat is not None else (found.seats[position] if position is not None else None)
    game_adapter = adapter(found.game)
    state = seat_.state if seat_ is not None else None
    rows = [
        {"path": path, "label": game_adapter.field_label_in(path, state), "yours": game_adapter.value_label(path, yours),
         "theirs": game_adapter.value_label(path, theirs), "by": conflict.by.get(path, "another phone")}
        for path, yours, theirs in conflict.conflicts
    ]
    context = dict(play=found, seat=seat_, conflict=conflict, rows=rows, action=ActionForm(),
                   changes=json.dumps(conflict.changes, ensure_ascii=False, sort_keys=True))
    if request.headers.get("HX-Request"):
        headers = {"HX-Retarget": "#main", "HX-Reswap": "innerHTML", "HX-Push-Url": "false"}
        return render_block("plays/conflict.html", "content", **context), 409, headers
    return render_template("plays/conflict.html", **context), 409


FINISHED_MESSAGE = "This play is finished: reopen it on the play page to change a score."
DELETED_MESSAGE = "This play was deleted: restore it on the play page to change a score."


def apply_seat_change(
    found: store.Play,
    position: int,
    *,
    state: dict | None = None,
    set: dict | None = None,  # noqa: A002 (the store's word)
    done: bool | None = None,
    action: str = "seat saved",
    block: str | None = "status",
):
    """Send one phone's change of a seat through the one save path (:func:`store.change_seat`),
    with the base version and change id the request carries.  Returns the :class:`store.Saved`,
    or the answer to send instead: the conflict page (409), the finished message (409)."""
    try:
        saved = store.change_seat(found.id, position, who=who(), base_version=base_version(), state=state,
                                  set=set, done=done, change_id=change_id(), action=action)
    except store.Finished as refused:
        fresh = store.get_play(found.id)
        message = DELETED_MESSAGE if isinstance(refused, store.Deleted) else FINISHED_MESSAGE
        return seat_page(fresh, position, fresh.evaluate(), [FieldError("", message)], 409, block,
                         typed=request.form)
    except store.Conflict as conflict:
        return conflict_page(found, conflict, position)
    base = base_version()
    if state is not None and base is not None and (saved.merged or not saved.changed) and base < saved.play.seats[position].version:
        g.shown_version = base  # the form does not show the others' changes: it keeps its base (see _status.html)
    adapter(found.game).after_save(saved.play, position)
    return saved


def live_context(found: store.Play, position: int | None = None) -> dict:
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


def seat_page(found: store.Play, position: int, evaluation, form_errors=None, status=200, block=None, typed=None):
    """The entry page of one seat (or one of its blocks): game adapters' own routes use it too."""
    context = seat_context(found, position, evaluation, form_errors, typed)
    return page(adapter(found.game).entry_template, block, status, **context)


def seat_context(found: store.Play, position: int, evaluation, form_errors=None, typed=None) -> dict:
    """The template variables of a seat's entry page (the game adapter's own included)."""
    seat_ = found.seats[position]
    return dict(
        live=live_context(found, position),
        shown_version=g.get("shown_version"),
        save_state="saved" if request.method == "POST" else "",
        holder_name=holder(),
        play=found,
        seat=seat_,
        evaluation=evaluation,
        errors=evaluation.seat_errors[position],
        table_errors=evaluation.table_errors,
        seat_result=evaluation.seat_result(position),
        form_errors={e.path: e.message for e in (form_errors or [])},
        typed=typed or {},
        action=ActionForm(),
        game=found.game_info,
        # the status names each place as the player sees it (an adapter's context may pass its own)
        **{"field_label": lambda path: adapter(found.game).field_label_in(path, seat_.state),
           **adapter(found.game).context(found, seat_, evaluation)},
    )


