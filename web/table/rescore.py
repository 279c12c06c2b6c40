"""Stored totals follow the engine: plays scored by an older engine version are rescored at
start-up (in the background) and by ``flask --app app rescore`` (docs/architecture.md)."""

from __future__ import annotations

import sqlite3
import threading

import click
from flask import Flask
from flask.cli import with_appcontext

from web.data import store


@click.command("rescore")
@with_appcontext
def rescore_command() -> None:
    """Rescore every play whose totals were computed by an older engine version."""

    def say(play_id: int, lines: list[str]) -> None:
        click.echo(f"play {play_id}: " + ("; ".join(lines) if lines else "totals unchanged"))

    count = store.rescore_stale("flask rescore", say)
    click.echo(f"Rescored {count} play{'s' if count != 1 else ''}.")


def rescore_in_background(app: Flask) -> threading.Thread | None:
    """At start-up: rescore the stale plays in a background thread (the pages answer meanwhile;
    each play is one transaction).  None when there is nothing to do."""

    def run() -> None:
        with app.app_context():
            try:
                count = store.rescore_stale("Scorepad (start-up)")
            except sqlite3.Error as exc:  # e.g. a read-only database: the plays keep their totals
                app.logger.warning("rescoring at start-up stopped: %s", exc)
                return
            if count:
                app.logger.info("rescored %d plays with the current engines", count)

    with app.app_context():
        try:
            if not store.stale_plays(limit=1):
                return None
        except sqlite3.Error:
            return None
    thread = threading.Thread(target=run, name="scorepad-rescore", daemon=True)
    thread.start()
    return thread


def init_app(app: Flask) -> None:
    app.cli.add_command(rescore_command)
    if app.config.get("RESCORE_ON_START", True):
        app.extensions["scorepad_rescore"] = rescore_in_background(app)
