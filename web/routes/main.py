"""Scorepad's routes: one short view per URL and method.  A view returns the whole page, or for
an htmx request just the region that changed (a named block of the same template)."""

from __future__ import annotations

import json
import secrets
from typing import Any

from flask import (
    Blueprint,
    Flask,
    abort,
    current_app,
    g,
    jsonify,
    make_response,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from markupsafe import escape
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response

import scoring
from scoring import jsontext
from scoring.core import ValidationError
from web import story
from web.data import store, times, zone
from web.data.backup import dump, export_data
from web.games import SeatChange, adapter, errors_at, field_id, lines_at, load_modules
from web.routes import api as plays_api
from web.routes import board, check, manage
from web.routes.forms import (
    MAX_SEATS,
    ActionForm,
    DeviceForm,
    MergeForm,
    NewPlayForm,
    PlayDetailsForm,
    PlayerForm,
    ZoneForm,
)
from web.routes.pages import (
    FINISHED_MESSAGE,
    HOLDER_COOKIE,
    base_version,
    change_id,
    change_meta,
    get_play_or_404,
    known_game_or_409,
    live_context,
    page,
    remember,
    seat_ask,
    seat_blocks,
    seat_page,
    seat_play_or_404,
    seat_request,
    see_other,
    who,
)
from web.server import limits
from web.server.address import lan_address, public_url, qr_svg  # noqa: F401 (lan_address: serve.py's)
from web.server.extensions import csrf, htmx
from web.story import campaign, pagecache, review
from web.story.pagecache import cached
from web.table import arizona_deck, damage, gamedata, live, refusals, rescore, words
from web.table import service as table

bp = Blueprint("main", __name__)
api = Blueprint("api", __name__, url_prefix="/api")

DEVICE_COOKIE = "scorepad_device"


# ------------------------------------------------------------------------ helpers


def ready_games() -> list[scoring.Game]:
    return [g_ for g_ in scoring.games() if g_.ready]


def _option_forms(games: list[scoring.Game], options: dict[str, Any] | None) -> dict[str, dict[str, Any]]:
    """Each game's options form: its template and what it shows (``Adapter.options_view``)."""
    return {
        g_.name: {
            "template": adapter(g_.name).options_template,
            "ov": adapter(g_.name).options_view(g_, options),
        }
        for g_ in games
    }


# ------------------------------------------------------------------------ home


@bp.get("/healthz")
def healthz() -> ResponseReturnValue:
    """A trivial route: the baseline for benchmarks and a liveness check."""
    return "ok", 200, {"Content-Type": "text/plain"}


@bp.get("/")
def home() -> ResponseReturnValue:
    plays, _ = store.history(None, None, 1, 5)
    return page(
        "home.html",
        recent=plays,
        games=scoring.games(),
        abandoned=manage.abandoned_plays(),
        action=ActionForm(),
        review_year=review.home_year(review.today()),
    )


# ------------------------------------------------------------------------ players


@bp.get("/players")
def players() -> ResponseReturnValue:
    return page("players/list.html", players=store.list_players(), form=PlayerForm())


@bp.post("/players")
def create_player() -> ResponseReturnValue:
    form = PlayerForm()
    if not form.validate():
        return page("players/list.html", "create", 422, players=store.list_players(), form=form)
    existing = store.player_by_name(form.name.data)
    if existing:
        form.name.errors.append(f'"{existing["name"]}" is already a player.')
        return page("players/list.html", "create", 422, players=store.list_players(), form=form)
    player_id = store.create_player(form.name.data, who())
    return see_other("main.player", player_id=player_id)


@bp.get("/players/<int:player_id>")
@cached(scopes=pagecache.player_scopes)  # repeat views: not rendered again (web/story/pagecache.py)
def player(player_id: int) -> ResponseReturnValue:
    try:
        found = store.get_player(player_id)
    except store.NotFound:
        abort(404)
    if found["merged_into"]:
        return see_other("main.player", player_id=found["merged_into"])
    return _player_page(found, PlayerForm(name=found["name"]), _merge_form(player_id))


def _merge_form(player_id: int, formdata: Any = None) -> MergeForm:
    form = MergeForm(formdata=formdata) if formdata is not None else MergeForm()
    form.keep.choices = [(p["id"], p["name"]) for p in store.player_names() if p["id"] != player_id]
    return form


def _player_page(
    found: dict[str, Any], rename: PlayerForm, merge: MergeForm, status: int = 200, block: str | None = None
) -> tuple[str, int]:
    return page(
        "players/detail.html",
        block,
        status,
        player=found,
        plays=store.player_plays(found["id"]),
        stats=store.player_stats(found["id"]),
        panels=[(template, context(found)) for template, context in gamedata.player_panels()],
        rename=rename,
        merge=merge,
    )


@bp.post("/players/<int:player_id>/rename")
def rename_player(player_id: int) -> ResponseReturnValue:
    try:
        found = store.get_player(player_id)
    except store.NotFound:
        abort(404)
    form = PlayerForm()
    if form.validate():
        other = store.player_by_name(form.name.data)
        if other and other["id"] != player_id:
            form.name.errors.append(f'"{other["name"]}" is another player: merge them instead.')
        else:
            store.rename_player(player_id, form.name.data, who())
            return see_other("main.player", player_id=player_id)
    return _player_page(found, form, _merge_form(player_id), 422, "rename")


@bp.post("/players/<int:player_id>/merge")
def merge_player(player_id: int) -> ResponseReturnValue:
    try:
        found = store.get_player(player_id)
    except store.NotFound:
        abort(404)
    form = _merge_form(player_id, request.form)
    if not form.validate():
        return _player_page(found, PlayerForm(name=found["name"]), form, 422, "merge")
    store.merge_players(player_id, form.keep.data, who())
    return see_other("main.player", player_id=form.keep.data)


# ------------------------------------------------------------------------ plays


def _new_play_form(formdata: Any = None) -> NewPlayForm:
    form = NewPlayForm(formdata=formdata) if formdata is not None else NewPlayForm()
    form.game.choices = [(g_.name, g_.title) for g_ in ready_games()]
    return form


def _options_summaries(form: Any) -> dict[str, str]:
    """Each ready game's line over its folded options: the options as ``form`` shows them (the
    defaults while the form carries none of the game's fields)."""
    lines = {}
    for g_ in ready_games():
        shown = any(k.startswith(f"opt-{g_.name}-") for k in form)
        options = adapter(g_.name).options_from_form(form, g_)[0] if shown else {}
        lines[g_.name] = adapter(g_.name).options_summary(g_, options)
    return lines


def _new_play_page(
    form: NewPlayForm,
    option_errors: dict[str, str] | None = None,
    status: int = 200,
    block: str | None = None,
    focus: str = "",
) -> tuple[str, int]:
    return page(
        "plays/new.html",
        block,
        status,
        form=form,
        games=scoring.games(),
        option_forms=_option_forms(ready_games(), None),
        option_summaries=_options_summaries(request.form if request.method == "POST" else {}),
        option_errors=option_errors or {},
        known_players=store.player_names(),
        last_players=store.last_players(),
        max_seats=MAX_SEATS,
        focus=focus,
        posted=request.form if request.method == "POST" else {},
    )


def _seat_fields(op: str) -> tuple[NewPlayForm, str]:
    """The New play form again after a tap on "+ Add a player", "Remove" or "Same players as last
    time" (no JavaScript needed; nothing is stored): everything typed stays."""
    names = [
        (request.form.get(k) or "")
        for k in sorted(
            (k for k in request.form if k.startswith("players-") and k[8:].isdigit() and len(k) < 12),
            key=lambda k: int(k[8:]),
        )
    ]
    focus = ""
    if op == "add" and len(names) < MAX_SEATS:
        names.append("")
        focus = f"players-{len(names) - 1}"
    elif op.startswith("remove-") and op[7:].isdigit() and int(op[7:]) < len(names) and len(names) > 1:
        names.pop(int(op[7:]))
    elif op == "last":
        names = store.last_players()[:MAX_SEATS] or names
    data = MultiDict([(k, v) for k, v in request.form.items(multi=True) if not k.startswith("players-")])
    for i, name in enumerate(names or [""]):
        data.add(f"players-{i}", name)
    form = _new_play_form(data)
    return form, focus


@bp.get("/plays/new")
def new_play() -> ResponseReturnValue:
    form = _new_play_form()
    if request.args.get("game") in {g_.name for g_ in ready_games()}:
        form.game.data = request.args["game"]
    return _new_play_page(form)


@bp.get("/plays/new/options")
def new_play_options() -> ResponseReturnValue:
    """The line over a game's folded options on the New play form, for the options as the form
    shows them now (``?game=NAME`` and the form's option fields; htmx asks on every change)."""
    name = request.args.get("game", "")
    if name not in {g_.name for g_ in ready_games()}:
        abort(404)
    line = _options_summaries(request.args)[name]
    return str(escape(line)), 200, {"Content-Type": "text/html; charset=utf-8"}


@bp.post("/plays")
def create_play() -> ResponseReturnValue:
    op = request.form.get("op") or "start"
    if op != "start":
        form, focus = _seat_fields(op)
        return _new_play_page(form, status=200, block="form", focus=focus)
    form = _new_play_form(request.form)
    option_errors: dict[str, str] = {}
    valid = form.validate()
    options: dict[str, Any] = {}
    if form.game.data in {g_.name for g_ in ready_games()}:
        game = scoring.get(form.game.data)
        names = [e.data.strip() for e in form.players.entries if (e.data or "").strip()]
        if names and not game.min_players <= len(names) <= game.max_players:
            form.players.errors.append(
                f"{game.title} takes {game.min_players} to {game.max_players} players; "
                f"you listed {len(names)}."
            )
            valid = False
        options, errors = adapter(game.name).options_from_form(request.form, game)
        option_errors = {e.path: e.message for e in errors}
        valid = valid and not errors
    if not valid:
        return _new_play_page(form, option_errors, 422, "form")
    player_ids = [store.find_or_create_player(n, who()) for n in names]
    typed = form.played_at.data or zone.local_input(times.now())  # naive: the group's zone
    play_id = store.create_play(
        game.name, zone.to_utc(typed), options, player_ids, who(), form.notes.data or "",
        played_zone=zone.typed_in(typed),
    )
    return see_other("main.play", play_id=play_id)


@bp.get("/plays/<int:play_id>")
def play(play_id: int) -> ResponseReturnValue:
    found = get_play_or_404(play_id)
    evaluation = rescore.shown(found)  # (a play being rechecked: its stored totals)
    url = public_url(url_for("main.play", play_id=play_id))
    return page(
        "plays/play.html",
        "seats" if request.args.get("fragment") == "seats" else None,
        play=found,
        evaluation=evaluation,
        share_url=url,
        qr=qr_svg(url),
        action=ActionForm(),
        live=live_context(found),
        open_on=live.open_on(play_id),
        abandoned=manage.is_abandoned(found),
        table_messages=words.table_messages(found, evaluation.table_errors),
    )


@bp.get("/plays/<int:play_id>/seats/<int:position>")
def seat(play_id: int, position: int) -> ResponseReturnValue:
    """A seat's entry page; ``?fragment=NAME`` with htmx: one of the page's named blocks (the
    game's ``fragments``: the Verdant cell editor and its search results)."""
    found = get_play_or_404(play_id)
    if not 0 <= position < len(found.seats):
        abort(404)
    if found.deleted:  # the play page says so, with the button that restores it
        return see_other("main.play", play_id=play_id)
    known_game_or_409(found)
    asked = request.args.get("fragment")
    if htmx and asked in adapter(found.game).fragments:
        return seat_page(found, position, found.evaluate(), block=asked)
    return damage.guarded_seat_page(found, position, who())


def _change(found: store.Play, position: int, change: SeatChange, **extra: Any) -> table.Outcome:
    """One seat change through the table service, with what the request says of its base."""
    return table.change_seat(found.id, position, change, known=found, **change_meta(), **extra)


@bp.post("/plays/<int:play_id>/seats/<int:position>")
def save_seat(play_id: int, position: int) -> ResponseReturnValue:
    """A seat's entry form: autosaved by htmx (answered with the status block), or posted whole
    (Save, or Done: marks the seat done and goes to the play page)."""
    found = store.get_play(play_id)  # (store.NotFound: the 404 page, web/table/refusals.py)
    asked = seat_ask(found, position)
    change = adapter(found.game).change_from_form(asked, found.seats[position])
    outcome = table.change_seat(found.id, position, change, known=found, **change_meta())
    if outcome.errors:
        return seat_page(
            outcome.play, position, outcome.evaluation, outcome.errors, 422, "status", typed=request.form
        )
    if change.done:  # (an htmx Done, sent through the phone's save queue, goes there too: HX-Redirect)
        return see_other("main.play", play_id=play_id)
    if htmx:
        return seat_page(
            outcome.play,
            position,
            outcome.evaluation,
            block="status",
            shown_version=outcome.shown_version,
            before=asked,
        )
    return see_other("main.seat", play_id=play_id, position=position)


@bp.post("/plays/<int:play_id>/seats/<int:position>/do/<action>")
def seat_action(play_id: int, position: int, action: str) -> ResponseReturnValue:
    """A game's own interaction on a seat page (``Adapter.interact``: a Verdant cell, a Gretchen's
    Garden row operation, an Arizona deck contradiction, Vera's score, the sister's options),
    through the same table service; htmx gets the game's blocks for it, a plain post the page."""
    found, asked = seat_request(play_id, position)
    game_adapter = adapter(found.game)
    change = game_adapter.interact(action, asked, found, found.seats[position])  # UnknownAction: 404
    play_version = limits.query_int(request.form.get("play_version") or request.form.get("version") or "")
    if change.play_options is not None:  # options typed on the seat page (Vera's score, the sister's)
        meta = change_meta()
        outcome = table.change_options(
            found.id,
            position,
            change,
            play_version=play_version,
            who=meta["who"],
            change_id=meta["change_id"],
        )
    else:
        outcome = _change(found, position, change)
    ui = game_adapter.ui_after(action, change, outcome.play, outcome.play.seats[position], outcome.evaluation)
    blocks = game_adapter.interaction_blocks.get(action, ("status",))
    if not htmx or not blocks:  # (no blocks: the page again)
        remember(found, position, change.memo)
        query, anchor = game_adapter.after_redirect(ui)
        return see_other(
            "main.seat", play_id=play_id, position=position, _anchor=anchor.lstrip("#") or None, **query
        )
    return seat_blocks(
        outcome.play,
        position,
        outcome.evaluation,
        blocks,
        ui=ui,
        before=asked,
        memo=change.memo,
        oob_status=len(blocks) > 1,
    )


@bp.post("/plays/<int:play_id>/seats/<int:position>/done")
def mark_done(play_id: int, position: int) -> ResponseReturnValue:
    """Done without the entry form (the play page, a test, a phone with no JavaScript):
    ``undo=1`` takes it back.  A seat with something to fill or fix is not marked."""
    found = seat_play_or_404(play_id, position)
    if not ActionForm().validate():
        abort(400)
    _change(found, position, SeatChange(done=request.form.get("undo") != "1"))
    return see_other("main.play", play_id=play_id)


@bp.post("/plays/<int:play_id>/seats/<int:position>/resolve")
def resolve_seat(play_id: int, position: int) -> ResponseReturnValue:
    """After a conflict: apply every change this phone asked for, with the value chosen for each
    place both phones changed (``keep-<path>``: "yours" or "theirs"; a lone ``keep`` for one)."""
    found = seat_play_or_404(play_id, position)
    if not ActionForm().validate():
        abort(400)
    try:
        changes = json.loads(request.form.get("changes", ""))
    except (ValueError, RecursionError):  # not JSON, or a number of 5,000 digits
        abort(400)
    if not isinstance(changes, dict):
        abort(400)
    lone = request.form.get("keep")
    chosen = {
        path: value
        for path, value in changes.items()
        if (request.form.get(f"keep-{path}") or lone or "yours") == "yours"
    }
    _change(found, position, SeatChange(set=chosen, action="seat saved (conflict resolved)"))
    return see_other("main.seat", play_id=play_id, position=position)


@bp.get("/plays/<int:play_id>/result")
@cached(scopes=pagecache.play_scopes)  # repeat views: not rendered again (web/story/pagecache.py)
def result(play_id: int) -> ResponseReturnValue:
    found = get_play_or_404(play_id)
    evaluation = rescore.shown(found)  # (a play being rechecked: its stored totals)
    if evaluation.result is None:
        return refusals.not_ready_page(found, evaluation)
    game_adapter = adapter(found.game)
    return page(
        "plays/result.html",
        play=found,
        result=evaluation.result,
        rows=game_adapter.result_rows(evaluation.result),
        action=ActionForm(),
        **gamedata.result_panel(found, evaluation.result),
    )


@bp.post("/plays/<int:play_id>/finish")
def finish_play(play_id: int) -> ResponseReturnValue:
    """Finish: every seat complete (else what each lacks, web.table.refusals); a deleted play: its page."""
    get_play_or_404(play_id)
    if not ActionForm().validate():
        abort(400)
    table.change_play(play_id, who=who(), base_version=None, status=store.FINISHED, change_id=change_id())
    return see_other("main.result", play_id=play_id)


@bp.post("/plays/<int:play_id>/reopen")
def reopen_play(play_id: int) -> ResponseReturnValue:
    get_play_or_404(play_id)
    if not ActionForm().validate():
        abort(400)
    table.change_play(play_id, who=who(), base_version=None, status=store.IN_PROGRESS, change_id=change_id())
    return see_other("main.play", play_id=play_id)


@bp.route("/plays/<int:play_id>/edit", methods=["GET", "POST"])
def edit_play(play_id: int) -> ResponseReturnValue:
    found = get_play_or_404(play_id)
    if found.deleted:  # the play page says so, with the button that restores it
        return see_other("main.play", play_id=play_id)
    known_game_or_409(found)
    game = found.game_info
    form = PlayDetailsForm()
    option_errors: dict[str, str] = {}
    if request.method == "GET":
        form.played_at.data = zone.local_input(found.played_at)
        form.notes.data = found.notes
    elif form.validate():
        options, errors = adapter(found.game).options_from_form(request.form, game)
        option_errors = {e.path: e.message for e in errors}
        if not errors:
            typed = form.played_at.data
            # the time as the form showed it stays the stored one (an hour the clocks pass twice
            # shows its second pass as typed, which would read back as the first: zoneinfo fold=0)
            retyped = typed is not None and typed != zone.local_input(found.played_at)
            played = zone.to_utc(typed) if retyped else found.played_at
            try:
                table.change_play(
                    play_id,
                    who=who(),
                    base_version=base_version(),
                    change_id=change_id(),
                    fields={"played_at": played, "options": options, "notes": form.notes.data or ""},
                    played_zone=zone.typed_in(typed) if retyped else None,
                )
            except table.Finished:
                option_errors = {"": FINISHED_MESSAGE}
            except table.Conflict as conflict:
                found = get_play_or_404(play_id)  # the form's next save is based on what is stored now
                for path, _, theirs in conflict.conflicts:
                    now = words.play_value(path, theirs)
                    message = (
                        f"was changed on another phone meanwhile (it is now {now}): check it and save again"
                    )
                    if path == "notes":
                        form.notes.errors = [*form.notes.errors, f"The notes {message}."]
                    elif path == "played_at":
                        form.played_at.errors = [*form.played_at.errors, f"The date {message}."]
                    else:
                        key = path.removeprefix("options.").split(".")[0].split("[")[0]
                        option_errors[f"opt-{game.name}-{key}"] = f"This option {message}."
            else:
                return see_other("main.play", play_id=play_id)
    status = 422 if request.method == "POST" else 200
    return page(
        "plays/edit.html",
        "form" if status == 422 else None,
        status,
        play=found,
        form=form,
        game=game,
        option_forms=_option_forms([game], found.options),
        option_errors=option_errors,
        posted=request.form if request.method == "POST" else None,
    )


@bp.get("/plays/<int:play_id>/log")
def play_log(play_id: int) -> ResponseReturnValue:
    found = get_play_or_404(play_id)
    entries = store.play_log(play_id)
    chosen: int | str | None = request.args.get("seat") or None
    if chosen not in (None, "play"):
        chosen = (
            int(chosen) if str(chosen).isascii() and str(chosen).isdigit() and len(str(chosen)) < 12 else None
        )
    seats = {e["seat_id"]: e["player"] or "A player" for e in reversed(entries) if e["seat_id"] is not None}
    seats.update({s.id: s.name for s in found.seats})
    return page(
        "plays/log.html",
        play=found,
        entries=entries,
        chosen=chosen,
        seats=seats,
        groups=words.story(found, entries, dict((p["id"], p["name"]) for p in store.player_names()), chosen),
    )


@bp.get("/plays")
@cached  # repeat views are served without rendering again (web/story/pagecache.py)
def history() -> ResponseReturnValue:
    game = request.args.get("game") or None
    if game and game not in {g_.name for g_ in scoring.games()}:
        game = None
    raw_player, raw_page = request.args.get("player") or "", request.args.get("page") or ""
    player_id = limits.query_int(raw_player) or None
    page_no = max(1, limits.query_int(raw_page) or 1)  # text that is not a number: page 1
    size = current_app.config["PAGE_SIZE"]
    if limits.overflows(raw_page) or limits.overflows(raw_player) or (page_no - 1) * size > limits.ID_MAX:
        abort(404)  # a number past anything SQLite can hold
    found = store.history_page(game, player_id, size, page=page_no, before=_history_key("before"),
                               after=_history_key("after"))  # past the last page: "No older plays."
    if found.first:
        page_no = 1  # (the plays newer than a key fill less than a page: the first page)
    elif page_no == 1:
        page_no = 2  # (a key without its page number: not the first page, at least the second)
    return page(
        "plays/history.html",
        "results" if htmx else None,
        plays=found.plays,
        more=found.older,
        page_no=page_no,
        older_key=_key_text(found.key(-1)),
        newer_key=_key_text(found.key(0)),
        game=game,
        player_id=player_id,
        games=scoring.games(),
        players=store.player_names(),
        deleted_plays=store.deleted_plays() if page_no == 1 and not game and not player_id else [],
        just_deleted=_just_deleted(),
        action=ActionForm(),
    )


def _history_key(name: str) -> store.HistoryKey | None:
    """A history page's key from the address (``?before=PLAYED_AT~ID``, ``?after=...``): None when
    absent or not one (the page is then found by its number)."""
    played_at, _, raw_id = (request.args.get(name) or "").rpartition("~")
    play_id = limits.query_int(raw_id) if raw_id.isascii() and raw_id.isdigit() else None
    if not played_at or play_id is None or len(played_at) > 64:
        return None
    return played_at, play_id


def _key_text(key: store.HistoryKey | None) -> str | None:
    return f"{key[0]}~{key[1]}" if key else None


def _just_deleted() -> store.Play | None:
    """The play this phone just deleted (``?deleted=N``), for the "Undo" at the top."""
    raw = request.args.get("deleted") or ""
    if not raw.isascii() or not raw.isdigit() or len(raw) > 12:
        return None
    try:
        found = store.get_play(int(raw))
    except store.NotFound:
        return None
    return found if found.status == store.DELETED else None


# ------------------------------------------------------------------------ settings


@bp.get("/settings")
def settings() -> ResponseReturnValue:
    form = DeviceForm(name=request.cookies.get("scorepad_name", ""))
    return _settings_page(form)


def _settings_page(
    form: DeviceForm, status: int = 200, block: str | None = None, zone_form: ZoneForm | None = None
) -> tuple[str, int]:
    if zone_form is None:
        zone_form = ZoneForm(formdata=None, timezone=zone.chosen_name() or "")
    return page(
        "settings.html",
        block,
        status,
        form=form,
        zone_form=zone_form,
        zone_names=times.zone_names(),
        zone_now=zone.group_zone_name(),
        zone_default=zone.default_name(),
        zone_clock=zone.shown(times.now(), "%H:%M"),
        device=g.device[:6],
        access_code=bool(current_app.config.get("ACCESS_CODE")),
        database=current_app.config["DATABASE"],
    )


@bp.post("/settings/device")
def set_device_name() -> ResponseReturnValue:
    form = DeviceForm()
    if not form.validate():
        return _settings_page(form, 422, "device")
    response = make_response(see_other("main.settings"))
    name = (form.name.data or "").strip()
    response.set_cookie("scorepad_name", name, max_age=10 * 365 * 86400, samesite="Lax", httponly=True)
    return response


@bp.post("/settings/timezone")
def set_time_zone() -> ResponseReturnValue:
    """The group's time zone (web/data/zone.py): every page shows times in it and every form and the
    API read a time typed without a zone in it.  Empty: back to the default.  Stored times (UTC) stay."""
    zone_form = ZoneForm()
    if not zone_form.validate():
        device = DeviceForm(formdata=None, name=request.cookies.get("scorepad_name", ""))
        return _settings_page(device, 422, "timezone", zone_form)
    zone.choose((zone_form.timezone.data or "").strip() or None)
    return see_other("main.settings")


@bp.post("/plays/<int:play_id>/seats/<int:position>/holder")
def set_holder(play_id: int, position: int) -> ResponseReturnValue:
    """ "This is Ann's phone": who holds this phone, for the edit log ("Ann's phone") and the play
    page ("open on Ann's phone").  ``name`` empty: forget it."""
    found = get_play_or_404(play_id)
    if not 0 <= position < len(found.seats) or not ActionForm().validate():
        abort(400)
    name = (request.form.get("name") or "").strip()[:60]
    response = make_response(see_other("main.seat", play_id=play_id, position=position))
    if name:
        response.set_cookie(HOLDER_COOKIE, name, max_age=400 * 86400, samesite="Lax", httponly=True)
    else:
        response.delete_cookie(HOLDER_COOKIE)
    return response


@bp.get("/settings/export.json")
def export_json() -> ResponseReturnValue:

    stamp = zone.shown(times.now(), "%Y%m%d-%H%M")
    return current_app.response_class(
        dump(export_data(current_app.config["DATABASE"])),
        mimetype="application/json",
        headers={
            "Content-Disposition": f'attachment; filename="scorepad-export-{stamp}.json"',
            "Cache-Control": "no-store",
        },
    )


# ------------------------------------------------------------------------ API


@api.get("/games")
def api_games() -> ResponseReturnValue:
    return jsonify({"games": [g_.describe() for g_ in scoring.games()]})


def _known_game(game: str) -> scoring.Game | None:
    try:
        return scoring.get(game)
    except KeyError:
        return None


def _not_a_game(game: str) -> ResponseReturnValue:
    names = ", ".join(g_.name for g_ in scoring.games())
    message = f'"{game}" is not a game: choose one of {names}'
    return jsonify({"errors": [{"path": "game", "message": message}]}), 404


@api.get("/schema/<game>")
def api_schema(game: str) -> ResponseReturnValue:
    """The game's input as a JSON Schema (the same declaration the engine refuses unknown keys by)."""
    found = _known_game(game)
    if found is None:
        return _not_a_game(game)
    schema = found.json_schema()
    if schema is None:
        return jsonify(
            {"errors": [{"path": "game", "message": f"{found.title} does not publish a schema yet"}]}
        ), 404
    return jsonify(schema)


@api.post("/score/<game>")
def api_score(game: str) -> ResponseReturnValue:
    found = _known_game(game)
    if found is None:
        return _not_a_game(game)
    if request.mimetype != "application/json":
        return jsonify(
            {"errors": [{"path": "", "message": "send the table as JSON (Content-Type: application/json)"}]}
        ), 422
    table, problems = jsontext.load(request.get_data(cache=False))
    if problems:
        return jsonify({"errors": [e.to_dict() for e in problems]}), 422
    try:
        result = scoring.score(found.name, table)
    except ValidationError as exc:
        return jsonify(exc.to_dict()), 422
    return jsonify(result.to_dict())


# ------------------------------------------------------------------------ wiring


def _assign_device() -> None:
    g.device = request.cookies.get(DEVICE_COOKIE) or ""
    if len(g.device) != 16 or not g.device.isalnum():
        g.device = secrets.token_hex(8)
        g.new_device = True


def _remember_device(response: Response) -> Response:
    if g.get("new_device"):
        response.set_cookie(DEVICE_COOKIE, g.device, max_age=10 * 365 * 86400, httponly=True, samesite="Lax")
    return response


def init_app(app: Flask) -> None:
    csrf.exempt(api)
    app.register_blueprint(bp)
    app.register_blueprint(api)
    app.register_blueprint(live.bp)
    app.register_blueprint(check.bp)
    app.register_blueprint(manage.bp)  # delete, restore, players and seat order, a log entry in full
    app.register_blueprint(board.bp)  # /plays/N/board: the shared screen (issue 27)
    csrf.exempt(plays_api.bp)
    app.register_blueprint(plays_api.bp)
    load_modules()  # the game adapters (they define no routes)
    app.register_blueprint(campaign.verdant)  # the Verdant campaign's fills and undos
    app.register_blueprint(arizona_deck.bp)  # Arizona's learned deck page
    story.init_app(app)  # statistics, sharing, photos, the page cache (issue 18)
    app.before_request(_assign_device)
    app.after_request(_remember_device)

    app.add_template_filter(field_id, "field_id")
    app.add_template_filter(errors_at, "errors_at")
    app.add_template_filter(lines_at, "lines_at")

    stylesheets = {
        g_.name: adapter(g_.name).stylesheet for g_ in scoring.games() if adapter(g_.name).stylesheet
    }

    @app.context_processor
    def globals_() -> dict[str, Any]:
        return {
            "game_title": _title,
            "game_stylesheets": stylesheets,
            "all_games": scoring.games,
        }


def _title(name: str) -> str:
    try:
        return scoring.get(name).title
    except KeyError:
        return name
