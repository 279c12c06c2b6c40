"""Scorepad's Flask application: ``create_app(test_config=None)``.

Settings come from environment variables (see ``docs/architecture.md``):

- ``SCOREPAD_DATABASE``  path of the SQLite file (default ``instance/scorepad.db``)
- ``SCOREPAD_INSTANCE``  folder for the database and the generated secret key (default ``instance/``)
- ``SCOREPAD_SECRET_KEY`` overrides the secret key generated once into ``instance/secret_key``
- ``HOST`` / ``PORT``     where ``make run`` serves (default 0.0.0.0:8000)
- ``SCOREPAD_PAGE_SIZE``  plays per history page (default 25)
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from flask import Flask
from flask_htmx import HTMX
from flask_wtf.csrf import CSRFProtect

csrf = CSRFProtect()
htmx = HTMX()


def _secret_key(instance: Path) -> str:
    if os.environ.get("SCOREPAD_SECRET_KEY"):
        return os.environ["SCOREPAD_SECRET_KEY"]
    path = instance / "secret_key"
    if not path.exists():
        instance.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as handle:
            handle.write(secrets.token_hex(32))
    return path.read_text().strip()


def create_app(test_config: dict | None = None) -> Flask:
    instance = Path(os.environ.get("SCOREPAD_INSTANCE", Path(__file__).parent / "instance")).resolve()
    app = Flask(__name__, instance_path=str(instance))
    app.config.from_mapping(
        DATABASE=os.environ.get("SCOREPAD_DATABASE", str(instance / "scorepad.db")),
        PAGE_SIZE=int(os.environ.get("SCOREPAD_PAGE_SIZE", "25")),
        MAX_CONTENT_LENGTH=1024 * 1024,
        WTF_CSRF_TIME_LIMIT=None,  # a page left open on a phone all evening still saves
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        SEND_FILE_MAX_AGE_DEFAULT=3600,
    )
    if test_config:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(instance)
    Path(app.config["DATABASE"]).parent.mkdir(parents=True, exist_ok=True)

    csrf.init_app(app)
    htmx.init_app(app)

    from web import db, errors, views

    db.init_app(app)
    errors.init_app(app)
    views.init_app(app)
    return app
