"""The group's time zone (issue 26): the Settings page's choice (the ``settings`` table, key
``timezone``), else ``SCOREPAD_TIMEZONE`` (checked at start-up), else the server's zone.  Every
time a page shows and every time a form or the API takes without a zone goes through it
(web/data/times.py converts)."""

from __future__ import annotations

import sqlite3
from typing import Any
from zoneinfo import ZoneInfo

from flask import Flask, current_app, g, has_app_context

from web.data import times
from web.data.db import get_db, write

KEY = "timezone"


class ZoneRefused(SystemExit):
    """``SCOREPAD_TIMEZONE`` names no zone: start-up stops with the reason (a SystemExit, like the
    database's refusals in web/data/db.py, so ``make run`` and ``serve.py`` print it, not a traceback)."""

    def __init__(self, problem: str):
        super().__init__(f"Scorepad cannot start: SCOREPAD_TIMEZONE {problem}")


def init_app(app: Flask) -> None:
    """``SCOREPAD_TIMEZONE`` (app.config ``TIMEZONE``) must name a zone: start-up refuses another."""
    name = app.config.get("TIMEZONE")
    if name:
        problem = times.zone_problem(name)
        if problem:
            raise ZoneRefused(problem)
        app.config["TIMEZONE"] = name.strip()

    @app.template_filter("when")
    def when(value: str | None) -> str:
        """A stored time in the group's zone: Sat 28 Nov 2026, 20:30."""
        return times.shown(value, group_zone()) if value else ""

    @app.template_filter("when_short")
    def when_short(value: str | None) -> str:
        """A time of today (in the group's zone) as 20:31, another day as Sat 28 Nov, 20:31."""
        return times.shown_short(value, group_zone()) if value else ""


def default_name() -> str:
    """The zone when Settings names none: ``SCOREPAD_TIMEZONE``, else the server's."""
    return str(current_app.config.get("TIMEZONE") or times.server_zone_name())


def chosen_name() -> str | None:
    """The zone the Settings page chose (None: it chose none)."""
    try:
        row = get_db().execute("SELECT value FROM settings WHERE key = ?", [KEY]).fetchone()
    except sqlite3.OperationalError:  # a read-only database not yet migrated: no settings table
        return None
    value = row[0] if row else None
    return value if value and times.zone_problem(value) is None else None


def group_zone_name() -> str:
    """The group's zone; outside an app (a unit test, a script importing a module) the server's."""
    if not has_app_context():
        return times.server_zone_name()
    if "group_zone" not in g:
        g.group_zone = chosen_name() or default_name()
    return str(g.group_zone)


def group_zone() -> ZoneInfo:
    if not has_app_context():
        return times.zone(times.server_zone_name())
    if "group_zone_info" not in g:
        g.group_zone_info = times.zone(group_zone_name())
    found: ZoneInfo = g.group_zone_info
    return found


def choose(name: str | None) -> None:
    """Set the group's zone (None or empty: back to the default).  The caller checked the name."""
    db = get_db()
    with write(db):
        if name:
            db.execute(
                "INSERT INTO settings (key, value) VALUES (?, ?) "
                "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                [KEY, name.strip()],
            )
        else:
            db.execute("DELETE FROM settings WHERE key = ?", [KEY])
    g.pop("group_zone", None)
    g.pop("group_zone_info", None)


def to_utc(value: Any) -> str:
    """A typed time (text or datetime; naive: the group's zone) as stored.  ValueError if not one."""
    return times.to_utc(value, group_zone())


def typed_in(value: Any) -> str:
    return times.typed_in(value, group_zone())


def shown(value: str | None, fmt: str = times.LONG) -> str:
    return times.shown(value, group_zone(), fmt)


def local_input(value: str | None) -> Any:
    return times.local_input(value, group_zone())
