"""Photos of the finished table (docs/stats.md): taken with the phone's camera, checked, turned
upright, scaled down and re-encoded by Pillow without any metadata (no EXIF, so no GPS position,
no camera serial), stored as files in ``photos/`` beside the database (``instance/photos/`` by
default) and listed in the ``photos`` table.  Each photo added, removed or restored is written in
the play's edit log.  A removed photo is hidden from the play, not deleted: the log still shows it
and one tap brings it back.  Backups and exports carry the files (web/data/backup.py)."""

from __future__ import annotations

import hashlib
import io
import os
import secrets
import shutil
import tempfile
import warnings
from pathlib import Path
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    redirect,
    render_template,
    request,
    send_file,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_wtf.csrf import CSRFError, validate_csrf
from PIL import Image, ImageOps, UnidentifiedImageError
from wtforms import ValidationError

from web.data import store
from web.data.db import get_db, now, write
from web.routes.forms import ActionForm
from web.routes.pages import get_play_or_404, who
from web.server.extensions import htmx, htmx_response

bp = Blueprint("photos", __name__)

MAX_UPLOAD = 20 * 1024 * 1024  # a phone camera's JPEG is 2-12 MB
MAX_PIXELS = 60_000_000  # larger is refused (and guards against decompression bombs)
MAX_PER_PLAY = 12
LONG_SIDE = 2048  # the stored photo
THUMB_SIDE = 480  # the one the pages show
FORMATS = {"JPEG", "PNG", "WEBP", "MPO"}  # what is accepted (MPO: the JPEG some phones write)


class PhotoRefused(ValueError):
    """An upload that is not a usable photo: the message says why, for the person who sent it."""


def folder(database: str | None = None) -> Path:
    """Where the photo files live: ``photos/`` beside the database."""
    database = database or current_app.config["DATABASE"]
    return Path(database).resolve().parent / "photos"


def clean(data: bytes, long_side: int = LONG_SIDE) -> tuple[bytes, int, int]:
    """The photo upright, at most ``long_side`` pixels long, as a JPEG with no metadata at all.
    Returns the JPEG and its size."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data))
            if image.format not in FORMATS:
                raise PhotoRefused(f"is a {image.format} file: send a photo (JPEG, PNG or WebP)")
            if image.width * image.height > MAX_PIXELS:
                raise PhotoRefused(
                    f"has {image.width} x {image.height} pixels: at most {MAX_PIXELS // 1_000_000} million"
                )
            if image.format in ("JPEG", "MPO"):
                image.draft("RGB", (long_side, long_side))  # decode at a reduced scale: less memory, faster
            image.load()
    except (UnidentifiedImageError, Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        raise PhotoRefused("is not a photo this server can read (JPEG, PNG or WebP)") from exc
    except (OSError, SyntaxError, ValueError) as exc:
        raise PhotoRefused("could not be read: the file is damaged or incomplete") from exc
    upright = ImageOps.exif_transpose(image).convert("RGB")  # the camera's orientation, applied to the pixels
    upright.thumbnail((long_side, long_side), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    # A new image from the pixels only: no exif=, no xmp, no comment; Pillow writes none of them.
    Image.frombytes("RGB", upright.size, upright.tobytes()).save(
        out, "JPEG", quality=85, optimize=True, progressive=True
    )
    return out.getvalue(), upright.width, upright.height


def _write_atomic(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".upload-")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def for_play(play_id: int, removed: bool = False) -> list[dict[str, Any]]:
    rows = (
        get_db()
        .execute(
            "SELECT * FROM photos WHERE play_id = ? AND (removed_at IS NULL) != ? ORDER BY id",
            [play_id, int(removed)],
        )
        .fetchall()
    )
    return [dict(r) for r in rows]


def add(play_id: int, data: bytes, who_: str) -> int:
    if len(for_play(play_id)) >= MAX_PER_PLAY:
        raise PhotoRefused(
            f"would be photo {MAX_PER_PLAY + 1}: a play keeps at most {MAX_PER_PLAY} (remove one first)"
        )
    photo, width, height = clean(data)
    thumb, _, _ = clean(photo, THUMB_SIDE)
    name = secrets.token_hex(8)
    rel, rel_thumb = f"{play_id}/{name}.jpg", f"{play_id}/{name}.thumb.jpg"
    base = folder()
    _write_atomic(base / rel, photo)
    _write_atomic(base / rel_thumb, thumb)
    db = get_db()
    with write(db):
        photo_id = int(
            db.table("photos")
            .insert(
                {
                    "play_id": play_id,
                    "file": rel,
                    "thumb": rel_thumb,
                    "width": width,
                    "height": height,
                    "bytes": len(photo),
                    "sha256": hashlib.sha256(photo).hexdigest(),
                    "created_at": now(),
                    "created_by": who_,
                }
            )
            .last_pk
            or 0
        )
        store.log(play_id, None, who_, "photo added", None,
                  {"photo": photo_id, "width": width, "height": height, "bytes": len(photo)})
    return photo_id


def get_photo(play_id: int, photo_id: int) -> dict[str, Any]:
    row = (
        get_db().execute("SELECT * FROM photos WHERE id = ? AND play_id = ?", [photo_id, play_id]).fetchone()
    )
    if row is None:
        abort(404)
    return dict(row)


# ---------------------------------------------------------------------------- routes


@bp.post("/plays/<int:play_id>/photos")
def upload(play_id: int) -> ResponseReturnValue:
    """Exempt from the app-wide CSRF check, which would read the body under the app's 1 MB limit
    before this route could raise it: the same check is made here, after."""
    request.max_content_length = MAX_UPLOAD  # this route only: the app's limit stays 1 MB elsewhere
    try:
        validate_csrf(request.form.get("csrf_token") or request.headers.get("X-CSRFToken"))
    except ValidationError as exc:
        raise CSRFError(exc.args[0]) from exc
    found = get_play_or_404(play_id)
    files = [f for f in request.files.getlist("photo") if f and f.filename]
    error = None
    if not files:
        error = "Choose a photo first (tap Take or choose a photo)."
    else:
        try:
            for f in files:
                add(play_id, f.read(MAX_UPLOAD + 1), who())
        except PhotoRefused as exc:
            error = f"The photo {exc}."
    if error:
        return render_template("story/photo_refused.html", play=found, error=error), 422
    if htmx:
        return htmx_response("", 204, redirect=url_for("main.result", play_id=play_id) + "#photos")
    target = "main.result" if found.finished else "main.play"
    return redirect(url_for(target, play_id=play_id) + "#photos", code=303)


@bp.get("/plays/<int:play_id>/photos/<int:photo_id>.jpg")
def photo_file(play_id: int, photo_id: int) -> ResponseReturnValue:
    return _send(get_photo(play_id, photo_id)["file"])


@bp.get("/plays/<int:play_id>/photos/<int:photo_id>.thumb.jpg")
def photo_thumb(play_id: int, photo_id: int) -> ResponseReturnValue:
    return _send(get_photo(play_id, photo_id)["thumb"])


def _send(rel: str) -> Response:
    path = (folder() / rel).resolve()
    if folder() not in path.parents or not path.is_file():
        abort(404)
    response = send_file(path, mimetype="image/jpeg", conditional=True, etag=True, max_age=0)
    response.headers["Cache-Control"] = "private, max-age=31536000, immutable"  # a photo's file never changes
    return response


@bp.post("/plays/<int:play_id>/photos/<int:photo_id>/remove", defaults={"action": "remove"})
@bp.post("/plays/<int:play_id>/photos/<int:photo_id>/restore", defaults={"action": "restore"})
def change(play_id: int, photo_id: int, action: str) -> ResponseReturnValue:
    get_play_or_404(play_id)
    if not ActionForm().validate():
        abort(400)
    photo = get_photo(play_id, photo_id)
    db = get_db()
    with write(db):
        if action == "remove" and photo["removed_at"] is None:
            db.execute(
                "UPDATE photos SET removed_at = ?, removed_by = ? WHERE id = ?", [now(), who(), photo_id]
            )
            store.log(play_id, None, who(), "photo removed", {"photo": photo_id}, None)
        elif action == "restore" and photo["removed_at"] is not None:
            if len(for_play(play_id)) >= MAX_PER_PLAY:
                return render_template(
                    "story/photo_refused.html",
                    play=get_play_or_404(play_id),
                    error=f"A play keeps at most {MAX_PER_PLAY} photos: remove one first.",
                ), 422
            db.execute("UPDATE photos SET removed_at = NULL, removed_by = NULL WHERE id = ?", [photo_id])
            store.log(play_id, None, who(), "photo restored", None, {"photo": photo_id})
    return redirect(url_for("main.result", play_id=play_id) + "#photos", code=303)


# --------------------------------------------------------------------------- backups


def copy_folder(database: str, target_database: str) -> str | None:
    """Copy the photo files of ``database`` next to its backup ``target_database`` (a folder
    ``<backup name>-photos``).  Files are written once and never changed, so copying while the
    app runs is safe.  Returns the folder, or None when there are no photos."""
    source = folder(database)
    if not source.is_dir():
        return None
    target = Path(target_database).with_suffix("")
    target = target.with_name(target.name + "-photos")
    shutil.copytree(source, target, dirs_exist_ok=True, ignore=shutil.ignore_patterns(".upload-*"))
    return str(target)


def export_files(database: str) -> dict[str, str]:
    """Every photo file as base64, by its path in ``photos/`` (for the JSON export)."""
    import base64

    source = folder(database)
    out: dict[str, str] = {}
    if source.is_dir():
        for path in sorted(source.rglob("*.jpg")):
            out[path.relative_to(source).as_posix()] = base64.b64encode(path.read_bytes()).decode("ascii")
    return out


def import_files(database: str, files: dict[str, str]) -> int:
    """Write the photo files of an export (see :func:`export_files`) beside ``database``."""
    import base64

    target = folder(database)
    count = 0
    for rel, data in (files or {}).items():
        path = (target / rel).resolve()
        if target.resolve() not in path.parents or not rel.endswith(".jpg"):
            raise ValueError(f"photo path {rel!r} is outside the photos folder")
        _write_atomic(path, base64.b64decode(data, validate=True))
        count += 1
    return count
