"""What every route needs to answer a request: who is asking, the page or its htmx block, the
redirect after a change, a play or a 404, a seat's page and the conflict page.  Views and the
games' adapters (``web/games/*``) import these; this module imports neither of them."""

from __future__ import annotations

from flask import abort, g, make_response, redirect, render_template, request, url_for
from jinja2_fragments.flask import render_block

import scoring
from web import store
from web.conflicts import differences
from web.forms import ActionForm
from web.games import adapter


def who() -> str:
    """Who made a change, for the edit log: this device's name, else its short id."""
    name = request.cookies.get("scorepad_name", "").strip()[:40]
    return name or f"device {g.device[:6]}"


def page(template: str, block: str | None = None, status: int = 200, **context):
    """The whole page, or only ``block`` when htmx asks (and the block is named).  A history
    restore (Back, ``HX-History-Restore-Request``) gets the whole page; every page answer varies
    by ``HX-Request`` (``web/security.py`` sends the ``Vary`` header)."""
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


def known_game_or_409(found: store.Play) -> None:
    """A play of a game this version does not know (an old row) can be read, not changed."""
    try:
        scoring.get(found.game)
    except KeyError:
        abort(make_response(render_template("plays/unknown_game.html", play=found), 409))


def base_version() -> int | None:
    """The seat version the posting form was built from (None: no concurrency check)."""
    try:
        return int(request.form["version"])
    except (KeyError, ValueError):
        return None


def conflict_page(found: store.Play, conflict: store.Conflict):
    """Someone else saved this seat since this phone loaded it: show both, let the player choose."""
    seat_ = conflict.seat
    context = dict(play=found, seat=seat_, mine=conflict.mine, rows=differences(seat_.state, conflict.mine),
                   action=ActionForm())
    if request.headers.get("HX-Request"):
        headers = {"HX-Retarget": "#main", "HX-Reswap": "innerHTML", "HX-Push-Url": "false"}
        return render_block("plays/conflict.html", "content", **context), 409, headers
    return render_template("plays/conflict.html", **context), 409


def seat_page(found: store.Play, position: int, evaluation, form_errors=None, status=200, block=None, typed=None):
    """The entry page of one seat (or one of its blocks): game adapters' own routes use it too."""
    context = seat_context(found, position, evaluation, form_errors, typed)
    return page(adapter(found.game).entry_template, block, status, **context)


def seat_context(found: store.Play, position: int, evaluation, form_errors=None, typed=None) -> dict:
    """The template variables of a seat's entry page (the game adapter's own included)."""
    seat_ = found.seats[position]
    return dict(
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
        **adapter(found.game).context(found, seat_, evaluation),
    )


