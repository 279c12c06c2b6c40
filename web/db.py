"""One SQLite connection per request (on ``flask.g``), WAL mode, foreign keys on, migrations at
start-up."""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

import click
from flask import Flask, current_app, g
from sqlite_utils import Database

from migrations.migrations import apply as apply_migrations


def connect(path: str) -> Database:
    conn = sqlite3.connect(path, timeout=15, isolation_level=None, check_same_thread=False)
    conn.row_factory = sqlite3.Row
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA busy_timeout = 15000")
    conn.execute("PRAGMA synchronous = NORMAL")
    return Database(conn)


def get_db() -> Database:
    if "db" not in g:
        g.db = connect(current_app.config["DATABASE"])
    return g.db


_writers: dict[str, threading.Lock] = {}
_writers_guard = threading.Lock()


def _writer_lock(db: Database) -> threading.Lock:
    """One lock per database file in this process: the threads of the server take turns at
    writing here, in order, instead of in SQLite's busy handler (which sleeps 1, 2, 5 ... 100 ms
    between tries, and made a queue of 20 saves wait for seconds).  Other processes (the command
    line, a second server) still meet SQLite's own lock and its busy timeout."""
    row = db.execute("PRAGMA database_list").fetchone()
    key = row[2] if row is not None else ""
    with _writers_guard:
        return _writers.setdefault(key, threading.Lock())


@contextmanager
def write(db: Database) -> Iterator[Database]:
    """A write transaction that takes the write lock at once (BEGIN IMMEDIATE), so two phones
    saving at the same moment queue behind each other instead of failing on a lock upgrade."""
    if db.conn.in_transaction:
        with db.atomic():
            yield db
        return
    with _writer_lock(db):
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            if db.conn.in_transaction:
                db.execute("ROLLBACK")
            raise
        else:
            db.execute("COMMIT")


def close_db(exc: BaseException | None = None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.conn.close()


def migrate(path: str) -> None:
    db = connect(path)
    try:
        db.execute("PRAGMA journal_mode = WAL")
        apply_migrations(db)
    finally:
        db.conn.close()


def now() -> str:
    return datetime.now().isoformat(timespec="seconds")


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def loads(text: str | None, default: Any = None) -> Any:
    if text is None or text == "":
        return default
    return json.loads(text)


@click.command("migrate")
def migrate_command() -> None:
    """Apply pending migrations to the configured database."""
    migrate(current_app.config["DATABASE"])
    click.echo(f"Database ready: {current_app.config['DATABASE']}")


def init_app(app: Flask) -> None:
    migrate(app.config["DATABASE"])
    app.teardown_appcontext(close_db)
    app.cli.add_command(migrate_command)

