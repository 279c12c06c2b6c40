"""A finished play, told to the world and played again (docs/stats.md): the score pad as an image
(``/plays/N/share.png``), read-only share links (``/s/TOKEN``, revocable, listed in Settings),
BG Stats' own import link, a rematch (``POST /plays/N/rematch``), and when and where it was played.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import threading
from collections import OrderedDict
from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_wtf import FlaskForm
from wtforms import DateTimeLocalField, StringField
from wtforms.validators import Length, Optional

import scoring
from web.data import store, times, zone
from web.data.db import get_db, now, write
from web.games import adapter
from web.routes.forms import ActionForm
from web.routes.pages import get_play_or_404, known_game_or_409, page, see_other, who
from web.server.address import public_url
from web.story import pagecache, photos, records, shareimage
from web.table import rescore

bp = Blueprint("share", __name__)

BGSTATS = "https://app.bgstatsapp.com/createPlay.html?data="
# BoardGameGeek ids we can cite (docs/stats.md): Verdant's is in the gameinfos.inc.php of the
# Board Game Arena implementation (GitHub Mathct/verdant, 'bgg_id' => 334065); Planted's is the
# objectid of "Planted: A Game of Nature & Nurture" in a BoardGameGeek plays export (XML API);
# Vadoran Gardens' is in a published BGG collection list (242149, 'Vadoran Gardens', 'base').
# Verdant Arizona's and Gretchen's Garden's could not be confirmed from a source (the Board Game
# Arena implementation of Gretchen's Garden has bgg_id 0), so BG Stats matches them by name.
BGG_IDS = {"verdant": 334065, "planted": 365104, "vadoran-gardens": 242149}
LOCATION_MAX = 80
SOLO_RIVAL = {"verdant-arizona": "Vera", "vadoran-gardens": "Your sister"}


# ---------------------------------------------------------------------- the result


def headline(play: store.Play, result: scoring.Result) -> str:
    if len(result.winners) == 1:
        winner = result.player(result.winners[0])
        return f"{winner.name} wins with {winner.total}"
    if result.winners:
        return "Shared victory: " + ", ".join(result.winners)
    if result.extra.get("solo"):
        return f"{SOLO_RIVAL.get(play.game, 'The opponent')} wins"
    return "No winner at this table"


def minutes(start: str | None, end: str | None) -> int | None:
    """The minutes from ``start`` to ``end`` (ISO times), or None when unknown or not plausible."""
    try:  # a time without a zone (an old edit log's) is read in UTC: both are, when both lack one
        a, b = times.parse(start or "", UTC), times.parse(end or "", UTC)
    except ValueError:
        return None
    length = round((b - a).total_seconds() / 60)
    return length if 0 < length <= 24 * 60 else None


def length_words(length: int | None) -> str:
    """A play's length in words.

    >>> length_words(95), length_words(45), length_words(60), length_words(None)
    ('1 h 35 min', '45 min', '1 h', '')
    """
    if length is None:
        return ""
    hours, mins = divmod(length, 60)
    if not hours:
        return f"{mins} min"
    return f"{hours} h" + (f" {mins} min" if mins else "")


def _when(value: str | None) -> str:
    """A stored time as the pages show it, in the group's zone."""
    return zone.shown(value)


def pad_for(play: store.Play, result: scoring.Result, row: dict[str, Any]) -> shareimage.Pad:
    rows = adapter(play.game).result_rows(result)
    title = play.game_info.title
    winners = tuple(i for i, p in enumerate(result.players) if p.name in result.winners)
    footer = ["Scored with Scorepad"]
    length = minutes(row.get("started_at"), row.get("finished_at"))
    if length:
        footer.append(f"played in {length_words(length)}")
    if row.get("location"):
        footer.append(f"at {row['location']}")
    return shareimage.Pad(
        game=title,
        when=_when(play.played_at),
        headline=headline(play, result),
        subline=result.tiebreak or "",
        players=tuple(p.name for p in result.players),
        winners=winners,
        rows=tuple((r["label"], tuple(str(c.points) if c else "–" for c in r["cells"])) for r in rows),
        totals=tuple(p.total for p in result.players),
        ranks=tuple(p.rank for p in result.players),
        footer=" · ".join(footer),
        records=records.share_lines(records.records_for_play(play.id)) if play.finished else (),
    )


def play_row(play_id: int) -> dict[str, Any]:
    """The columns of the play this module keeps (started, finished, location)."""
    row = (
        get_db()
        .execute("SELECT started_at, finished_at, location FROM plays WHERE id = ?", [play_id])
        .fetchone()
    )
    return dict(row) if row else {}


class _Pictures:
    """Drawn pictures by (play, revision, theme): a repeat view is not drawn again."""

    def __init__(self, size: int = 64):
        self.size, self._items, self._lock = size, OrderedDict[tuple[Any, ...], bytes](), threading.Lock()

    def get(self, key: tuple[Any, ...]) -> bytes | None:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: tuple[Any, ...], data: bytes) -> None:
        with self._lock:
            self._items[key] = data
            while len(self._items) > self.size:
                self._items.popitem(last=False)


def _png(play: store.Play, theme: str, download: bool) -> Response:
    theme = theme if theme in shareimage.THEMES else "light"
    revision = pagecache.revision(pagecache.play_scopes(play.id))
    etag = hashlib.blake2b(f"{play.id}:{revision}:{theme}".encode(), digest_size=12).hexdigest()
    if request.if_none_match.contains(etag):
        response = current_app.response_class(status=304)
    else:
        pictures: _Pictures = current_app.extensions.setdefault("scorepad_share_pictures", _Pictures())
        data = pictures.get((play.id, revision, theme))
        if data is None:
            evaluation = rescore.shown(play)  # (a play being rechecked: its stored totals)
            if evaluation.result is None:
                abort(409)
            data = shareimage.render(pad_for(play, evaluation.result, play_row(play.id)), theme)
            pictures.put((play.id, revision, theme), data)
        response = current_app.response_class(data, mimetype="image/png")
    response.set_etag(etag)
    response.headers["Cache-Control"] = "private, no-cache"
    if download:
        response.headers["Content-Disposition"] = f'attachment; filename="{file_name(play)}"'
    return response


def file_name(play: store.Play) -> str:
    return f"scorepad-{play.game}-{zone.shown(play.played_at, '%Y-%m-%d')}-{play.id}.png"


@bp.get("/plays/<int:play_id>/share.png")
def share_png(play_id: int) -> ResponseReturnValue:
    found = get_play_or_404(play_id)
    known_game_or_409(found)
    return _png(found, request.args.get("theme", "light"), request.args.get("download") == "1")


# ------------------------------------------------------------------- share links


def links(play_id: int | None = None, active: bool = True) -> list[dict[str, Any]]:
    where, args = [], []
    if play_id is not None:
        where.append("s.play_id = ?")
        args.append(play_id)
    if active:
        where.append("s.revoked_at IS NULL")
    clause = ("WHERE " + " AND ".join(where)) if where else ""
    rows = (
        get_db()
        .execute(
            "SELECT s.*, pl.game, pl.played_at FROM share_links s "
            f"JOIN plays pl ON pl.id = s.play_id {clause} "
            f"ORDER BY s.created_at DESC, s.token",
            args,
        )
        .fetchall()
    )
    return [dict(r, url=public_url(url_for("share.shared", token=r["token"]))) for r in rows]


def _active_link(token: str) -> dict[str, Any] | None:
    row = (
        get_db()
        .execute("SELECT * FROM share_links WHERE token = ? AND revoked_at IS NULL", [token])
        .fetchone()
    )
    return dict(row) if row else None


@bp.post("/plays/<int:play_id>/share-link")
def create_link(play_id: int) -> ResponseReturnValue:
    found = get_play_or_404(play_id)
    if not ActionForm().validate():
        abort(400)
    if not found.finished:
        abort(make_response(render_template("story/not_finished.html", play=found, what="share it"), 409))
    db = get_db()
    with write(db):
        if not links(play_id):
            token = secrets.token_urlsafe(16)
            db.table("share_links").insert(
                {"token": token, "play_id": play_id, "created_at": now(), "created_by": who()}
            )
            store.log(play_id, None, who(), "share link created", None, {"token": token[:6] + "…"})
    return redirect(url_for("main.result", play_id=play_id) + "#share", code=303)


@bp.post("/share-links/<token>/revoke")
def revoke_link(token: str) -> ResponseReturnValue:
    if not ActionForm().validate():
        abort(400)
    db = get_db()
    with write(db):
        row = db.execute("SELECT * FROM share_links WHERE token = ?", [token]).fetchone()
        if row is None:
            abort(404)
        if row["revoked_at"] is None:
            db.execute(
                "UPDATE share_links SET revoked_at = ?, revoked_by = ? WHERE token = ?", [now(), who(), token]
            )
            store.log(row["play_id"], None, who(), "share link revoked", {"token": token[:6] + "…"}, None)
    if request.form.get("next") == "settings":
        return redirect(url_for("main.settings") + "#share-links", code=303)
    return redirect(url_for("main.result", play_id=row["play_id"]) + "#share", code=303)


@bp.get("/s/<token>")
def shared(token: str) -> ResponseReturnValue:
    """The read-only result behind a share link: nothing else of this Scorepad is reachable."""
    link = _active_link(token)
    if link is None:
        return render_template("story/shared_gone.html"), 404
    found = get_play_or_404(link["play_id"])
    if found.deleted:  # the link stays revoked-looking until the play is restored (issue 25)
        return render_template("story/shared_gone.html", deleted=True), 404
    evaluation = rescore.shown(found) if found.finished else None
    result = evaluation.result if evaluation else None
    response = make_response(
        render_template(
            "story/shared.html",
            play=found,
            result=result,
            token=token,
            rows=adapter(found.game).result_rows(result) if result else [],
            headline=headline(found, result) if result else "",
            when=play_row(found.id),
            image_url=public_url(
                url_for("preview.shared_preview", token=token)
            ),  # 1200 x 630 (web/story/preview.py)
            page_url=public_url(url_for("share.shared", token=token)),
            image_alt=shareimage.image_alt(pad_for(found, result, play_row(found.id))) if result else "",
            length=length_words(
                minutes(play_row(found.id).get("started_at"), play_row(found.id).get("finished_at"))
            ),
        )
    )
    response.headers["Cache-Control"] = "no-store"  # a revoked link stops working at once
    response.headers["X-Robots-Tag"] = "noindex"
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


def shared_finished_play(token: str) -> store.Play:
    """The finished play behind an active share link (its pictures), else 404."""
    link = _active_link(token)
    if link is None:
        abort(404)
    found = get_play_or_404(link["play_id"])
    if not found.finished:
        abort(404)
    return found


@bp.get("/s/<token>/share.png")
def shared_png(token: str) -> ResponseReturnValue:
    found = shared_finished_play(token)
    return _png(found, request.args.get("theme", "light"), False)


# ------------------------------------------------------------------------ BG Stats


def instance_id() -> str:
    """A short id of this Scorepad (from its secret key, which it does not reveal), so that plays
    of two Scorepads never share a ``sourcePlayId`` in BG Stats."""
    return hmac.new(str(current_app.secret_key).encode(), b"bgstats", "sha256").hexdigest()[:8]


def bgstats_play(play: store.Play, result: scoring.Result, row: dict[str, Any]) -> dict[str, Any]:
    """The play in BG Stats' import format (docs/stats.md): playDate in UTC, as BG Stats reads it."""
    try:
        played = times.parse(play.played_at, zone.group_zone()).astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S")
    except ValueError:
        played = play.played_at
    game: dict[str, Any] = {
        "name": play.game_info.title,
        "sourceGameId": play.game,
        "highestWins": True,
        "noPoints": False,
    }
    if play.game in BGG_IDS:
        game["bggId"] = BGG_IDS[play.game]
    prefix = instance_id()
    data: dict[str, Any] = {
        "sourceName": "Scorepad",
        "sourcePlayId": f"{prefix}-{play.id}",
        "playDate": played,
        "game": game,
        "players": [
            {
                "name": p.name,
                "score": p.total,
                "rank": p.rank,
                "winner": p.name in result.winners,
                "startPlayer": seat.position == 0,
                "sourcePlayerId": f"{prefix}-{seat.player_id}",
            }
            for seat, p in zip(play.seats, result.players)
        ],
    }
    length = minutes(row.get("started_at"), row.get("finished_at"))
    if length:
        data["durationMin"] = length
    if row.get("location"):
        data["location"] = row["location"]
    if (play.notes or "").strip():
        data["comments"] = play.notes.strip()  # the play's notes, as BG Stats' comments
    return data


def bgstats_url(play: store.Play, result: scoring.Result, row: dict[str, Any]) -> str:
    text = json.dumps(bgstats_play(play, result, row), ensure_ascii=False, separators=(",", ":"))
    return BGSTATS + quote(text, safe="")


# ------------------------------------------------------------------------- rematch


@bp.post("/plays/<int:play_id>/rematch")
def rematch(play_id: int) -> ResponseReturnValue:
    """Same game, options and players, the seat order rotated by one; straight to the new play."""
    found = get_play_or_404(play_id)
    known_game_or_409(found)
    if not ActionForm().validate():
        abort(400)
    if not found.finished:
        abort(
            make_response(render_template("story/not_finished.html", play=found, what="start a rematch"), 409)
        )
    players = [s.player_id for s in found.seats]
    players = players[1:] + players[:1]
    new_id = store.create_play(
        found.game, times.now(), found.options, players, who(), played_zone=zone.group_zone_name()
    )
    place = play_row(play_id).get("location")
    db = get_db()
    with write(db):
        if place:
            db.execute("UPDATE plays SET location = ? WHERE id = ?", [place, new_id])
        store.log(new_id, None, who(), "rematch", None, {"of_play": play_id, "location": place})
    return see_other("main.play", play_id=new_id)


# ------------------------------------------------------------------ when and where


class WhenWhereForm(FlaskForm):
    started_at = DateTimeLocalField("Started", format="%Y-%m-%dT%H:%M", validators=[Optional()])
    finished_at = DateTimeLocalField("Finished", format="%Y-%m-%dT%H:%M", validators=[Optional()])
    location = StringField(
        "Where",
        validators=[Optional(), Length(max=LOCATION_MAX, message=f"Use at most {LOCATION_MAX} characters.")],
        render_kw={
            "maxlength": LOCATION_MAX,
            "autocomplete": "off",
            "placeholder": "e.g. Ann's kitchen",
            "list": "known-places",
        },
    )

    def validate(self, extra_validators: Any = None) -> bool:
        ok: bool = super().validate(extra_validators)
        if (
            ok
            and self.started_at.data
            and self.finished_at.data
            and self.finished_at.data < self.started_at.data
        ):
            self.finished_at.errors = [*self.finished_at.errors, "Finished must be after Started."]
            ok = False
        return ok


def known_places(limit: int = 20) -> list[str]:
    rows = (
        get_db()
        .execute(
            "SELECT location FROM plays WHERE location IS NOT NULL AND location != '' "
            "GROUP BY location ORDER BY MAX(played_at) DESC LIMIT ?",
            [limit],
        )
        .fetchall()
    )
    return [r[0] for r in rows]


def when_where_form(play_id: int, formdata: Any = None) -> WhenWhereForm:
    if formdata is not None:
        return WhenWhereForm(formdata=formdata)
    row = play_row(play_id)
    form = WhenWhereForm(formdata=None)
    for name in ("started_at", "finished_at"):
        getattr(form, name).data = zone.local_input(row.get(name))  # the group's zone, to the minute
    form.location.data = row.get("location") or ""
    return form


@bp.post("/plays/<int:play_id>/when-where")
def when_where(play_id: int) -> ResponseReturnValue:
    found = get_play_or_404(play_id)
    form = when_where_form(play_id, request.form)
    if not form.validate():
        return page("story/when_where.html", None, 422, play=found, form=form, places=known_places())
    old = play_row(play_id)

    def stamp(value: datetime | None, name: str) -> str | None:
        """Typed in the group's zone, stored in UTC; the minute the form showed keeps the stored time."""
        if value is not None and value == zone.local_input(old.get(name)):
            return str(old[name])
        return zone.to_utc(value) if value else None

    new = {
        "started_at": stamp(form.started_at.data, "started_at"),
        "finished_at": stamp(form.finished_at.data, "finished_at"),
        "location": (form.location.data or "").strip() or None,
    }
    db = get_db()
    with write(db):
        if new != old:
            db.execute(
                "UPDATE plays SET started_at = ?, finished_at = ?, location = ? WHERE id = ?",
                [new["started_at"], new["finished_at"], new["location"], play_id],
            )
            store.log(play_id, None, who(), "length and place changed", old, new)
    return redirect(
        url_for("main.result" if found.finished else "main.play", play_id=play_id) + "#when", code=303
    )


@bp.get("/plays/<int:play_id>/when-where")
def when_where_page(play_id: int) -> ResponseReturnValue:
    found = get_play_or_404(play_id)
    return page("story/when_where.html", play=found, form=when_where_form(play_id), places=known_places())


# ----------------------------------------------------------------- the result page


def play_story(play: store.Play, result: scoring.Result | None) -> dict[str, Any]:
    """What the result page's story block shows (templates/story/result_block.html)."""
    row = play_row(play.id)
    length = minutes(row.get("started_at"), row.get("finished_at"))
    return {
        "row": row,
        "length": length_words(length),
        "started": _when(row.get("started_at")),
        "finished": _when(row.get("finished_at")),
        "links": links(play.id),
        "bgstats": bgstats_url(play, result, row) if result is not None and play.finished else None,
        "file_name": file_name(play),
        "photos": photos.for_play(play.id),
        "photo_limit": photos.MAX_PER_PLAY,
        "share_text": f"{play.game_info.title}: {headline(play, result)}" if result is not None else "",
    }
