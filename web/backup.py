"""Backups: a consistent copy of the live database (SQLite's backup API), and a JSON export of
everything that an empty instance can import.  Export -> import -> export is identical."""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime
from pathlib import Path
from typing import Any

import click
from flask import Flask, current_app

from web import aggregates, photos
from web.db import connect, migrate

FORMAT = "scorepad-export"
FORMAT_VERSION = 1
SKIP = {"_sqlite_migrations", "db_revision"}  # db_revision: a counter of writes (web/pagecache.py)


def backup_database(source: str, target: str) -> str:
    """Copy the live database to ``target`` with SQLite's online backup API (safe while the app
    is serving) and check the copy."""
    Path(target).parent.mkdir(parents=True, exist_ok=True)
    src = sqlite3.connect(source, timeout=30)
    dst = sqlite3.connect(target)
    try:
        src.backup(dst)
        (status,) = dst.execute("PRAGMA integrity_check").fetchone()
        if status != "ok":
            raise RuntimeError(f"the copy failed its integrity check: {status}")
    finally:
        dst.close()
        src.close()
    return target


def _tables(db) -> list[str]:
    return [t for t in db.table_names() if t not in SKIP and not t.startswith("sqlite_")]


def export_data(path: str) -> dict[str, Any]:
    """Every row of every table, in primary-key order, with the schema version it came from."""
    db = connect(path)
    try:
        data: dict[str, Any] = {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "migrations": [r[0] for r in db.execute("SELECT name FROM _sqlite_migrations ORDER BY rowid")],
            "tables": {},
        }
        for table in _tables(db):
            columns = [c.name for c in db[table].columns]
            order = ", ".join(db.table(table).pks) if db.table(table).pks != ["rowid"] else "rowid"
            rows = db.execute(f"SELECT {', '.join(columns)} FROM [{table}] ORDER BY {order}").fetchall()
            data["tables"][table] = {"columns": columns, "rows": [list(r) for r in rows]}
        data["files"] = {"photos": photos.export_files(path)}  # the photos of the table (web/photos.py)
        return data
    finally:
        db.conn.close()


class ImportRefused(Exception):
    pass


def import_data(path: str, data: dict[str, Any]) -> dict[str, int]:
    """Load an export into an empty instance (migrated first).  Returns rows per table."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ImportRefused("this file is not a Scorepad export")
    if data.get("format_version") != FORMAT_VERSION:
        raise ImportRefused(f"export format {data.get('format_version')} is not supported (this is {FORMAT_VERSION})")
    migrate(path)
    db = connect(path)
    try:
        applied = [r[0] for r in db.execute("SELECT name FROM _sqlite_migrations ORDER BY rowid")]
        unknown = [m for m in data.get("migrations", []) if m not in applied]
        if unknown:
            raise ImportRefused("the export comes from a newer Scorepad (migrations " + ", ".join(unknown) + ")")
        tables = _tables(db)
        if any(db.execute(f"SELECT 1 FROM [{t}] LIMIT 1").fetchone() for t in tables):
            raise ImportRefused("this instance already has data: import only into an empty instance")
        counts: dict[str, int] = {}
        db.execute("BEGIN IMMEDIATE")
        try:
            db.execute("PRAGMA defer_foreign_keys = ON")
            for table, content in data.get("tables", {}).items():
                if table not in tables:
                    raise ImportRefused(f"unknown table {table!r} in the export")
                known = {c.name for c in db[table].columns}
                columns = content["columns"]
                if not set(columns) <= known:
                    raise ImportRefused(f"unknown columns in {table}: {sorted(set(columns) - known)}")
                marks = ", ".join("?" for _ in columns)
                db.conn.executemany(
                    f"INSERT INTO [{table}] ({', '.join(columns)}) VALUES ({marks})", content["rows"]
                )
                counts[table] = len(content["rows"])
            aggregates.rebuild(db)  # the story's statistics are derived: rebuilt from the imported plays
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        files = data.get("files")
        counts["photo files"] = photos.import_files(path, (files.get("photos") if isinstance(files, dict) else None) or {})
        return counts
    finally:
        db.conn.close()


def dump(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=False)


def init_app(app: Flask) -> None:
    @app.cli.command("backup")
    @click.argument("target", required=False)
    def backup_command(target: str | None) -> None:
        """Write a consistent copy of the database (default: instance/backups/scorepad-<time>.db)."""
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        target = target or str(Path(current_app.instance_path) / "backups" / f"scorepad-{stamp}.db")
        click.echo(f"Backup written: {backup_database(current_app.config['DATABASE'], target)}")
        copied = photos.copy_folder(current_app.config["DATABASE"], target)
        if copied:
            click.echo(f"Photos copied: {copied}")

    @app.cli.command("export-json")
    @click.argument("target", type=click.Path(dir_okay=False, writable=True))
    def export_command(target: str) -> None:
        """Export every player, play, seat state, result and edit log entry as JSON."""
        Path(target).write_text(dump(export_data(current_app.config["DATABASE"])), encoding="utf-8")
        click.echo(f"Export written: {target}")

    @app.cli.command("import-json")
    @click.argument("source", type=click.Path(exists=True, dir_okay=False))
    def import_command(source: str) -> None:
        """Import an export into this (empty) instance."""
        try:
            counts = import_data(current_app.config["DATABASE"], json.loads(Path(source).read_text(encoding="utf-8")))
        except (ImportRefused, json.JSONDecodeError) as exc:
            raise click.ClickException(str(exc)) from exc
        click.echo("Imported: " + ", ".join(f"{n} {t}" for t, n in counts.items()))
