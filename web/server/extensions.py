"""The Flask extensions, created once and bound to the app by ``create_app`` (so that modules
needing them import this module, not ``app``)."""

from __future__ import annotations

from typing import Any

import flask_htmx
from flask import Response
from flask_htmx import HTMX
from flask_wtf.csrf import CSRFProtect

csrf = CSRFProtect()
htmx = HTMX()


def htmx_response(*args: Any, redirect: str | None = None, retarget: str | None = None,
                  reswap: str | None = None) -> Response:
    """``flask_htmx.make_response`` (``flask.make_response`` plus the htmx response headers it
    names: ``HX-Redirect``, ``HX-Retarget``, ``HX-Reswap``), typed: flask-htmx ships no types."""
    response: Response = flask_htmx.make_response(*args, redirect=redirect, retarget=retarget, reswap=reswap)
    return response
