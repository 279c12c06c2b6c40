"""API tokens (issue 26, docs/api.md "Tokens"): a script sends ``Authorization: Bearer TOKEN``
instead of entering the access code in a browser.

- Made on Settings (*API tokens*) or with ``flask --app app token create NAME`` (the token alone on
  the last line of the output); listed with ``token list``; revoked on Settings or with
  ``token revoke NAME``.  A token is shown once, when made: only its SHA-256 is stored (a token is
  32 random bytes, so a fast hash is enough: nobody can guess one to match).
- A live token passes the access code for any request; a token that is not known (or was revoked)
  is a 401 naming the ``Authorization`` header.  Without an access code nothing changes: the
  header is not even read.
- Tokens are credentials of this instance: not in the export (web/data/backup.py), kept in a backup.
"""

from __future__ import annotations

import hashlib
import secrets
import sqlite3
import time
from datetime import UTC, datetime, timedelta
from typing import Any

import click
from flask import (
    Blueprint,
    Flask,
    abort,
    current_app,
    jsonify,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_wtf import FlaskForm
from wtforms import StringField
from wtforms.validators import DataRequired, Length

from web.data import times
from web.data.db import get_db, now, write
from web.routes.forms import ActionForm

bp = Blueprint("tokens", __name__)

PREFIX = "sp_"
NAME_MAX = 60
HINT_LENGTH = len(PREFIX) + 4
TOUCH_EVERY = 600  # seconds: how often a token's "last used" is written at most
_touched: dict[int, float] = {}


class TokenError(Exception):
    """A token that cannot be made or revoked, with the reason in a user's words."""


class TokenForm(FlaskForm):
    name = StringField(
        "Name of the new token",
        validators=[
            DataRequired("Give the token a name, such as the script or computer that uses it."),
            Length(max=NAME_MAX, message=f"At most {NAME_MAX} characters."),
        ],
        render_kw={"autocomplete": "off", "maxlength": NAME_MAX, "placeholder": "e.g. nightly export"},
    )


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def _clean_name(name: str) -> str:
    cleaned = " ".join((name or "").split())
    if not cleaned:
        raise TokenError("name: give the token a name, such as the script or computer that uses it")
    if len(cleaned) > NAME_MAX:
        raise TokenError(f"name: at most {NAME_MAX} characters (this one has {len(cleaned)})")
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in cleaned):
        raise TokenError("name: letters, digits, spaces and punctuation only")
    return cleaned


def create(name: str, who: str) -> str:
    """Make a token named ``name``; answer the token itself (the only time it is known)."""
    cleaned = _clean_name(name)
    token = PREFIX + secrets.token_urlsafe(32)
    db = get_db()
    with write(db):
        if db.execute(
            "SELECT 1 FROM api_tokens WHERE name = ? COLLATE NOCASE AND revoked_at IS NULL", [cleaned]
        ).fetchone():
            raise TokenError(
                f'name: a token named "{cleaned}" exists: revoke it first, or choose another name'
            )
        db.table("api_tokens").insert(
            {
                "name": cleaned,
                "digest": digest(token),
                "hint": token[:HINT_LENGTH],
                "created_at": now(),
                "created_by": who,
            }
        )
    return token


def tokens(include_revoked: bool = True) -> list[dict[str, Any]]:
    """Every token (live ones first, newest first), without anything that would let one be used."""
    clause = "" if include_revoked else "WHERE revoked_at IS NULL"
    rows = (
        get_db()
        .execute(
            "SELECT id, name, hint, created_at, created_by, last_used_at, revoked_at, revoked_by "
            f"FROM api_tokens {clause} "
            "ORDER BY revoked_at IS NOT NULL, created_at DESC, id DESC"
        )
        .fetchall()
    )
    return [dict(r) for r in rows]


def revoke(name: str | None = None, who: str = "", token_id: int | None = None) -> dict[str, Any]:
    """Revoke the live token of this name (or id); answer its row.  It stops working at once."""
    db = get_db()
    with write(db):
        if token_id is not None:
            row = db.execute("SELECT * FROM api_tokens WHERE id = ?", [token_id]).fetchone()
        else:
            row = db.execute(
                "SELECT * FROM api_tokens WHERE name = ? COLLATE NOCASE AND revoked_at IS NULL",
                [" ".join((name or "").split())],
            ).fetchone()
        if row is None:
            live = ", ".join(t["name"] for t in tokens(include_revoked=False)) or "none"
            raise TokenError(f'there is no live token named "{name}" (live tokens: {live})')
        if row["revoked_at"] is None:
            db.execute(
                "UPDATE api_tokens SET revoked_at = ?, revoked_by = ? WHERE id = ?", [now(), who, row["id"]]
            )
    _touched.pop(row["id"], None)
    return dict(row)


def live_token(token: str) -> dict[str, Any] | None:
    if not token.startswith(PREFIX) or len(token) > 200:
        return None
    row = (
        get_db()
        .execute(
            "SELECT id, name, last_used_at FROM api_tokens WHERE digest = ? AND revoked_at IS NULL",
            [digest(token)],
        )
        .fetchone()
    )
    return dict(row) if row else None


def _touch(row: dict[str, Any]) -> None:
    """Note when the token was last used, at most every ``TOUCH_EVERY`` seconds (a write per request
    would queue a script's reads behind the table's saves).  A database that cannot be written
    (read-only, full) still lets the token in."""
    moment = time.monotonic()
    if moment - _touched.get(row["id"], -TOUCH_EVERY) < TOUCH_EVERY:
        return
    _touched[row["id"]] = moment
    last = row.get("last_used_at")
    try:
        if last and times.parse(last, UTC) > datetime.now(UTC) - timedelta(seconds=TOUCH_EVERY):
            return
    except ValueError:
        pass
    try:
        db = get_db()
        with write(db):
            db.execute("UPDATE api_tokens SET last_used_at = ? WHERE id = ?", [now(), row["id"]])
    except sqlite3.Error:
        pass


# ------------------------------------------------------------------ the Authorization header


def bearer_sent() -> bool:
    """Whether this request names a token (``Authorization: Bearer ...``)."""
    scheme, _, _ = request.headers.get("Authorization", "").strip().partition(" ")
    return scheme.lower() == "bearer"


def bearer_refusal() -> ResponseReturnValue | None:
    """None when the request's bearer token is live (it passes the access code), else the 401."""
    token = request.headers.get("Authorization", "").strip().partition(" ")[2].strip()
    row = live_token(token) if token else None
    if row is not None:
        _touch(row)
        return None
    message = (
        "this token is not one of this Scorepad's live tokens (revoked, mistyped or from another instance): "
        "make one on Settings -> API tokens or with flask --app app token create NAME"
    )
    response = jsonify({"errors": [{"path": "Authorization", "message": message}]})
    response.status_code = 401
    response.headers["WWW-Authenticate"] = 'Bearer error="invalid_token"'
    return response


# ------------------------------------------------------------------ Settings


def _who() -> str:
    from web.routes.pages import (
        who,  # (late: web.routes.pages needs a request's device, this module is loaded at start)
    )

    return who()


@bp.post("/settings/tokens")
def create_token() -> ResponseReturnValue:
    form = TokenForm()
    made: str | None = None
    error: str | None = None
    if form.validate():
        try:
            made = create(form.name.data or "", _who())
        except TokenError as exc:
            error = str(exc).removeprefix("name: ")
            form.name.errors = [error[0].upper() + error[1:] + "."]
    response = make_response(
        render_template(
            "tokens/page.html",
            form=form,
            made=made,
            made_name=" ".join((form.name.data or "").split()),
            api_url=url_for("plays_list.plays", _external=True),
        )
    )
    response.status_code = 200 if made else 422
    response.headers["Cache-Control"] = "no-store"  # the token is shown once: no copy in any cache
    return response


@bp.post("/settings/tokens/<int:token_id>/revoke")
def revoke_token(token_id: int) -> ResponseReturnValue:
    if not ActionForm().validate():
        abort(400)
    try:
        revoke(token_id=token_id, who=_who())
    except TokenError:
        abort(404)
    return redirect(url_for("main.settings") + "#api-tokens", code=303)


# ------------------------------------------------------------------ command line


def _cli(app: Flask) -> None:
    @app.cli.group("token")
    def token_group() -> None:
        """Make, list and revoke API tokens (Authorization: Bearer TOKEN passes the access code)."""

    @token_group.command("create")
    @click.argument("name")
    def token_create(name: str) -> None:
        """Make a token NAME; the token is printed alone on the last line (shown only this once)."""
        try:
            made = create(name, "the command line")
        except TokenError as exc:
            raise click.ClickException(str(exc)) from exc
        if not current_app.config.get("ACCESS_CODE"):
            click.echo(
                "Note: SCOREPAD_ACCESS_CODE is not set, so this Scorepad is open and needs no token.",
                err=True,
            )
        click.echo(
            f'Token "{" ".join(name.split())}" made. Keep it somewhere safe: it is shown only this once.'
        )
        click.echo(made)

    @token_group.command("list")
    def token_list() -> None:
        """List the tokens: name, its first characters, when made, when last used, revoked."""
        found = tokens()
        if not found:
            click.echo("No API tokens.")
        for t in found:
            state = f"revoked {t['revoked_at']} by {t['revoked_by']}" if t["revoked_at"] else "live"
            click.echo(
                f"{t['name']}\t{t['hint']}…\tmade {t['created_at']} by {t['created_by']}\t"
                f"last used {t['last_used_at'] or 'never'}\t{state}"
            )

    @token_group.command("revoke")
    @click.argument("name")
    def token_revoke(name: str) -> None:
        """Revoke the live token NAME: it stops working at once."""
        try:
            row = revoke(name, "the command line")
        except TokenError as exc:
            raise click.ClickException(str(exc)) from exc
        click.echo(f'Token "{row["name"]}" revoked.')


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
    _cli(app)

    @app.context_processor
    def _tokens_for_templates() -> dict[str, Any]:
        return {"api_tokens": tokens, "token_form": TokenForm}
