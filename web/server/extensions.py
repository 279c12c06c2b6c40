"""The Flask extensions, created once and bound to the app by ``create_app`` (so that modules
needing them import this module, not ``app``)."""

from __future__ import annotations

from flask_htmx import HTMX
from flask_wtf.csrf import CSRFProtect

csrf = CSRFProtect()
htmx = HTMX()
