"""Stored totals follow the engine: plays scored by an older engine version are rescored at
start-up (in the background) and by ``flask --app app rescore`` (docs/architecture.md)."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable

import click
from flask import Flask
from flask.cli import with_appcontext

import scoring
from web.data.aggregates import play_changed
from web.data.db import get_db, write
from web.data.store import _log, get_play
from web.table.service import recompute_play


@click.command("rescore")
@with_appcontext
def rescore_command() -> None:
    """Rescore every play whose totals were computed by an older engine version."""

    def say(play_id: int, lines: list[str]) -> None:
        click.echo(f"play {play_id}: " + ("; ".join(lines) if lines else "totals unchanged"))

    count = rescore_stale("flask rescore", say)
    click.echo(f"Rescored {count} play{'s' if count != 1 else ''}.")


def rescore_in_background(app: Flask) -> threading.Thread | None:
    """At start-up: rescore the stale plays in a background thread (the pages answer meanwhile;
    each play is one transaction).  None when there is nothing to do."""

    def run() -> None:
        with app.app_context():
            try:
                count = rescore_stale("Scorepad (start-up)")
            except sqlite3.Error as exc:  # e.g. a read-only database: the plays keep their totals
                app.logger.warning("rescoring at start-up stopped: %s", exc)
                return
            if count:
                app.logger.info("rescored %d plays with the current engines", count)

    with app.app_context():
        try:
            if not stale_plays(limit=1):
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


def stale_plays(limit: int | None = None) -> list[int]:
    """The plays whose stored totals were computed by another version of their game's engine
    than the one running now (any change to a score or a validation bumps a game's version)."""
    current = {g.name: g.engine_version for g in scoring.games() if g.ready}
    out: list[int] = []
    for row in (
        get_db()
        .execute("SELECT id, game, engine_version FROM plays WHERE engine_version IS NOT NULL ORDER BY id")
        .fetchall()
    ):
        if row["game"] in current and row["engine_version"] != current[row["game"]]:
            out.append(row["id"])
            if limit is not None and len(out) >= limit:
                break
    return out


def rescore(play_id: int, who: str = "Scorepad") -> list[str]:
    """Rescore one play with the engine running now, in one transaction: its stored totals,
    ranks, winners and its players' statistics follow, and each changed total is written to the
    edit log ("rescored by engine verdant-2: 73 -> 71").  Returns those lines."""
    db = get_db()
    with write(db):
        before = get_play(play_id)
        row = db.execute("SELECT engine_version FROM plays WHERE id = ?", [play_id]).fetchone()
        old_version = row["engine_version"] if row else None
        play, evaluation = recompute_play(play_id)
        version = play.game_info.engine_version
        lines: list[str] = []
        for old, new in zip(before.seats, play.seats):
            if old.total != new.total:
                lines.append(f"{new.name}: rescored by engine {version}: {old.total} -> {new.total}")
                _log(
                    play_id,
                    new.id,
                    new.player_id,
                    who,
                    "rescored",
                    {"total": old.total, "engine": old_version},
                    {"total": new.total, "engine": version},
                )
        if not lines:
            _log(play_id, None, None, who, "rescored", {"engine": old_version}, {"engine": version})
        if evaluation.result is None and old_version is not None:
            lines.append(f"no longer scores under engine {version}: a seat needs a correction")
        play_changed(play_id)
    return lines


def rescore_stale(who: str = "Scorepad", progress: Callable[[int, list[str]], None] | None = None) -> int:
    """Rescore every stale play (see :func:`stale_plays`), one transaction each; the count."""
    count = 0
    for play_id in stale_plays():
        lines = rescore(play_id, who)
        count += 1
        if progress is not None:
            progress(play_id, lines)
    return count
