"""Scorepad's Flask application: ``create_app(test_config=None)``.

Settings come from environment variables (see ``docs/architecture.md``):

- ``SCOREPAD_DATABASE``  path of the SQLite file (default ``instance/scorepad.db``)
- ``SCOREPAD_INSTANCE``  folder for the database and the generated secret key (default ``instance/``)
- ``SCOREPAD_SECRET_KEY`` overrides the secret key generated once into ``instance/secret_key``
- ``HOST`` / ``PORT``     where ``make run`` serves (default 0.0.0.0:8000)
- ``SCOREPAD_PAGE_SIZE``  plays per history page (default 25)
- ``SCOREPAD_ACCESS_CODE`` when set, every device must enter this code once
- ``SCOREPAD_HTTPS=1``     always mark every cookie Secure (they are anyway on HTTPS requests)
- ``SCOREPAD_PROXY=1``     trust one reverse proxy's X-Forwarded-For/Proto/Host (under ``serve.py``
  waitress does it, for the proxy at ``SCOREPAD_PROXY_ADDRESS``; under another server, ProxyFix)
- ``SCOREPAD_PUBLIC_URL``  the address phones should use (QR codes), e.g. https://scores.example
- ``SCOREPAD_TIMEZONE``    the group's time zone, an IANA name like Europe/Berlin (default the server's;
  the Settings page can choose another); an unknown name stops start-up with the reason
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

from flask import Flask
from jinja2 import StrictUndefined

from web.data import backup, db, zone
from web.routes import hosted
from web.routes import main as views
from web.server import assets, errors, limits, security
from web.server.extensions import csrf, htmx
from web.table import refusals, rescore


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


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
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
        MAX_FORM_MEMORY_SIZE=512 * 1024,
        ACCESS_CODE=os.environ.get("SCOREPAD_ACCESS_CODE") or None,
        SESSION_COOKIE_SECURE=os.environ.get("SCOREPAD_HTTPS", "") == "1",
        PERMANENT_SESSION_LIFETIME=400 * 86400,
        PUBLIC_URL=os.environ.get("SCOREPAD_PUBLIC_URL") or None,
        TIMEZONE=os.environ.get("SCOREPAD_TIMEZONE") or None,
    )
    if test_config:
        app.config.from_mapping(test_config)
    if (
        app.config.get("STRICT_TEMPLATES", app.config.get("TESTING"))
        or os.environ.get("SCOREPAD_STRICT_TEMPLATES") == "1"
    ):
        app.jinja_env.undefined = StrictUndefined  # under test, a template using an unset name fails
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(instance)
    Path(app.config["DATABASE"]).parent.mkdir(parents=True, exist_ok=True)

    zone.init_app(app)  # first: an unknown SCOREPAD_TIMEZONE stops start-up before the database opens
    limits.init_app(app)  # before any route: ids in addresses stay within SQLite's range
    security.init_app(app)  # first: a device without the access code meets nothing else
    csrf.init_app(app)
    htmx.init_app(app)
    db.init_app(app)
    rescore.init_app(app)
    errors.init_app(app)
    refusals.init_app(app)  # a refused change answered in one place (JSON for /api/, else the page)
    views.init_app(app)
    backup.init_app(app)
    hosted.init_app(
        app
    )  # issue 26: the plays list, API tokens, Secure cookies, guessing limits (web/routes/hosted.py)
    assets.init_app(app)  # last: compression sees every other hook's answer (web/server/assets.py)
    # Behind a reverse proxy that sets X-Forwarded-*: serve.py has waitress trust it (waitress drops
    # those headers otherwise, so ProxyFix would see nothing); under another server, ProxyFix.
    if os.environ.get("SCOREPAD_PROXY") == "1" and not app.config.get("SERVER_TRUSTS_PROXY"):
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1, x_proto=1, x_host=1)  # type: ignore[method-assign]
    return app
