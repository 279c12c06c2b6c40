"""The service worker where the browser allows one (issue 26; static/js/sw.js): ``/sw.js`` at the
site's root, so that it may keep pages of the whole site, and ``/offline``, the page it shows for
a navigation with no connection.  Both are open without the access code (web/server/security.py
OPEN_PATHS): neither holds any data."""

from __future__ import annotations

from flask import Blueprint, current_app, render_template, send_from_directory
from flask.typing import ResponseReturnValue

bp = Blueprint("offline", __name__)


@bp.get("/sw.js")
def service_worker() -> ResponseReturnValue:
    response = send_from_directory(
        current_app.static_folder or "static", "js/sw.js", mimetype="text/javascript", max_age=0
    )
    response.headers["Cache-Control"] = "no-cache"  # a new version is picked up at the next visit
    return response


@bp.get("/offline")
def offline() -> ResponseReturnValue:
    return render_template("offline.html")
