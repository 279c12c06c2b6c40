"""One SQLite connection per request (on ``flask.g``), WAL mode, foreign keys on, migrations at
start-up; and what to say when the storage fails (a read-only database, a full disk).

A database that cannot be written is still served for reading: start-up says so, every page that
only reads works, and every save answers 503 "The server cannot save: ..." (``web/server/errors.py``)."""

from __future__ import annotations

import errno
import json
import os
import shutil
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

import click
from flask import Flask, current_app, g
from sqlite_utils import Database

from migrations.migrations import apply as apply_migrations
from migrations.migrations import naive_times_in
from web.data import times


def connect(path: str, read_only: bool = False) -> Database:
    """A connection to ``path``.  ``read_only``: open it for reading only (the file or its folder
    cannot be written; on a read-only disk the WAL index cannot be created either, so the file is
    read as it stands)."""
    if read_only:
        uri = f"file:{quote(str(Path(path).resolve()))}?mode=ro"
        folder = Path(path).resolve().parent
        if (not os.access(folder, os.W_OK) or _disk_full_now(path)) and not Path(f"{path}-shm").exists():
            uri += "&immutable=1"  # no WAL index can be made: read the file as it stands
        conn = sqlite3.connect(uri, uri=True, timeout=15, isolation_level=None, check_same_thread=False)
    else:
        conn = sqlite3.connect(path, timeout=15, isolation_level=None, check_same_thread=False)
    conn.row_factory = sqlite3.Row
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA busy_timeout = 15000")
    conn.execute("PRAGMA synchronous = NORMAL")
    return Database(conn)


def get_db() -> Database:
    if "db" not in g:
        path = current_app.config["DATABASE"]
        read_only = bool(current_app.config.get("DATABASE_READ_ONLY")) and not can_write(path)
        g.db = connect(path, read_only=read_only)
    db: Database = g.db
    return db


class _KeptReaders(threading.local):
    """One read connection per server thread, kept open across requests (:func:`kept_read`)."""

    def __init__(self, path: str):
        self.path = path
        self.conn: sqlite3.Connection | None = None

    def connection(self) -> sqlite3.Connection:
        if self.conn is None:
            self.conn = sqlite3.connect(self.path, timeout=15, isolation_level=None, check_same_thread=False)
        return self.conn


def keep_readers(app: Flask) -> None:
    """Give each of ``app``'s server threads a read connection it keeps (the page cache sets this up
    when it is on, outside tests: a test app lives for one test)."""
    app.extensions["scorepad_kept_readers"] = _KeptReaders(app.config["DATABASE"])


def kept_read(sql: str, params: list[Any]) -> Any:
    """The first column of the first row of one read, on the connection this thread keeps open, so
    an answer that needs nothing else of the database (a page from the page cache: its revisions,
    whether its play was typed in BG Stats) opens no connection of its own: opening one costs more
    than the rest of such an answer.  Without kept readers (tests, a database served read-only, the
    page cache off), on the request's own connection."""
    readers: _KeptReaders | None = current_app.extensions.get("scorepad_kept_readers")
    if readers is None or current_app.config.get("DATABASE_READ_ONLY"):
        # (a database served read-only is read the way get_db opens it: on a read-only disk a plain
        # connection cannot even open it)
        row = get_db().execute(sql, params).fetchone()
    else:
        row = readers.connection().execute(sql, params).fetchone()
    return row[0] if row else None


# ------------------------------------------------------------------- failing storage

READ_ONLY = "read-only"
FULL = "full"
BUSY = "busy"

STORAGE_MESSAGES = {
    FULL: "The server cannot save: its disk is full.",
    READ_ONLY: "The server cannot save: its database is read-only.",
    BUSY: "The server is busy saving other changes: try again in a moment.",
}


def storage_failure(exc: BaseException) -> str | None:
    """``FULL``, ``READ_ONLY`` or ``BUSY`` when ``exc`` says the storage refused a write, else None."""
    if isinstance(exc, sqlite3.OperationalError):
        name = getattr(exc, "sqlite_errorname", "") or ""
        text = str(exc).lower()
        if name.startswith("SQLITE_FULL") or "database or disk is full" in text:
            return FULL
        if name.startswith("SQLITE_READONLY") or "readonly database" in text or "read-only" in text:
            return READ_ONLY
        if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "database is locked" in text:
            return BUSY
        if name.startswith(("SQLITE_IOERR", "SQLITE_CANTOPEN")) and _disk_full_now():
            return FULL
        return None
    if isinstance(exc, OSError):
        if exc.errno in (errno.ENOSPC, errno.EDQUOT):
            return FULL
        if exc.errno == errno.EROFS:
            return READ_ONLY
    return None


def _disk_full_now(path: str | None = None) -> bool:
    """Whether the disk holding the database has (next to) no room left: SQLite says "disk I/O
    error" when it cannot create the WAL index on a full disk."""
    try:
        target = Path(path or current_app.config["DATABASE"]).resolve().parent
        return shutil.disk_usage(target).free < 64 * 1024
    except (OSError, RuntimeError):
        return False


def writable(path: str) -> bool:
    """Whether the database file (and its folder, where SQLite keeps the WAL) can be written."""
    target = Path(path)
    folder = target.resolve().parent
    if target.exists() and not os.access(target, os.W_OK):
        return False
    return os.access(folder, os.W_OK)


def can_write(path: str) -> bool:
    """Whether a write could land now: the files are writable and the disk has room."""
    return writable(path) and not _disk_full_now(path)


LOW_SPACE = 50 * 1024 * 1024


def storage_problem(path: str) -> str | None:
    """What an operator should know at start-up about where the database lives, or None."""
    if not writable(path):
        return (
            f"the database {path} is read-only: Scorepad shows what is stored but cannot save anything "
            "until the file and its folder can be written (saving works again as soon as they can)."
        )
    try:
        free = shutil.disk_usage(Path(path).resolve().parent).free
    except OSError:
        return None
    if free < 1024 * 1024:
        return (
            f"the disk holding {path} is full: Scorepad shows what is stored but cannot save anything "
            "until some space is freed (saving works again as soon as there is)."
        )
    if free < LOW_SPACE:
        return (
            f"only {free // (1024 * 1024)} MB free on the disk holding {path}: when it is full, "
            "Scorepad keeps showing plays but cannot save."
        )
    return None


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


def migrate(path: str, zone: str | None = None) -> None:
    """Apply pending migrations; ``zone``: the group's, which a time stored without one was typed
    in (m011; None: ``SCOREPAD_TIMEZONE``, else the server's)."""
    db = connect(path)
    try:
        db.execute("PRAGMA journal_mode = WAL")
        with naive_times_in(zone):
            apply_migrations(db)
    finally:
        db.conn.close()


def now() -> str:
    """Now, as every time is stored: UTC, ``2026-11-28T19:30:00Z`` (web/data/times.py)."""
    return times.now()


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def loads(text: str | None, default: Any = None) -> Any:
    if text is None or text == "":
        return default
    return json.loads(text)


@click.command("migrate")
def migrate_command() -> None:
    """Apply pending migrations to the configured database."""
    if current_app.config.get("DATABASE_READ_ONLY"):  # start() found nothing pending
        click.echo(
            f"Database ready (read-only: it can be read, not saved to): {current_app.config['DATABASE']}"
        )
        return
    migrate(current_app.config["DATABASE"], current_app.config.get("TIMEZONE"))
    click.echo(f"Database ready: {current_app.config['DATABASE']}")


class StorageRefused(SystemExit):
    """The database cannot be opened or upgraded at start-up: the message says what to do (a
    SystemExit, so ``make run`` and ``serve.py`` stop with that sentence, not a traceback)."""

    def __init__(self, message: str):
        super().__init__(f"Scorepad cannot start: {message}")


def pending_migrations(path: str) -> list[str]:
    """The migrations a database still needs (read without writing anything)."""
    from migrations.migrations import migrations as all_migrations

    db = connect(path, read_only=True)
    try:
        return [m.name for m in all_migrations.pending(db)]
    finally:
        db.conn.close()


def start(app: Flask) -> None:
    """Migrate the database; one that cannot be written is served read-only when it needs no
    upgrade (and start-up says so)."""
    path = app.config["DATABASE"]
    if writable(path) or not Path(path).exists():
        try:
            migrate(path, app.config.get("TIMEZONE"))
            app.config["DATABASE_READ_ONLY"] = False
            return
        except sqlite3.OperationalError as exc:
            full = storage_failure(exc) == FULL or _disk_full_now(path)
            if not full and storage_failure(exc) != READ_ONLY and "unable to open" not in str(exc):
                raise
            if full and not Path(path).exists():
                raise StorageRefused(
                    f"the disk holding {path} is full: free some space and start it again"
                ) from exc
    if not Path(path).exists():
        raise StorageRefused(f"cannot create the database {path}: its folder is read-only")
    try:
        pending = pending_migrations(path)
    except sqlite3.DatabaseError as exc:
        raise StorageRefused(f"cannot read the database {path}: {exc}") from exc
    why = "is on a full disk" if writable(path) else "is read-only"
    if pending:
        fix = "free some space" if writable(path) else "make the file and its folder writable"
        raise StorageRefused(f"the database {path} {why} and needs an upgrade ({', '.join(pending)}): {fix} "
                             "and start Scorepad again")
    app.config["DATABASE_READ_ONLY"] = True
    app.logger.warning("The database %s %s: plays can be read, nothing can be saved.", path, why)


def keep_open(app: Flask) -> None:
    """Hold one idle connection for the server's lifetime (``serve.py``).  SQLite removes the WAL
    and its index when the last connection closes, and a new connection must create them again,
    which fails on a full disk: with this one open they stay, so reads keep working when the disk
    is full (and no request pays for a checkpoint of the whole WAL at its end).  It holds no
    transaction, so it never blocks a checkpoint."""
    path = app.config["DATABASE"]
    keeper = connect(path, read_only=bool(app.config.get("DATABASE_READ_ONLY")))
    keeper.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchall()
    app.extensions["scorepad_db_keeper"] = keeper


def init_app(app: Flask) -> None:
    start(app)
    app.teardown_appcontext(close_db)
    app.cli.add_command(migrate_command)

