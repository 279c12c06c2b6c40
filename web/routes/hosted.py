"""What a hosted instance and the apps around it need (issue 26), registered from ``create_app``
in one line: the plays list of the API (``web/routes/plays_list.py``), API tokens
(``web/server/tokens.py``), every cookie Secure on HTTPS (``web/server/cookies.py``), the link
preview picture (``web/story/preview.py``), the BG Stats import (``web/data/bgstats.py``)."""

from __future__ import annotations

from flask import Flask

from web.data import bgstats
from web.routes import offline, plays_list
from web.server import cookies, tokens
from web.story import preview


def init_app(app: Flask) -> None:
    app.register_blueprint(plays_list.bp)
    app.register_blueprint(preview.bp)  # /s/TOKEN/preview.png: the 1200 x 630 link preview
    tokens.init_app(app)
    cookies.init_app(app)  # every cookie Secure on HTTPS
    app.register_blueprint(offline.bp)  # /sw.js and /offline: the service worker where the browser allows one
    bgstats.init_app(app)  # import a BG Stats export: Settings, flask import-bgstats, typed plays' pages
