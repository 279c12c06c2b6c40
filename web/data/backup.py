"""Backups: a consistent copy of the live database (SQLite's backup API), and a JSON export of
everything that an empty instance can import.  Export -> import -> export is identical.

- A backup is written to a temporary file next to the target and renamed into place only after
  the copy passed ``PRAGMA integrity_check``: a backup killed half-way leaves no file at the
  target (only a ``.partial`` file), never an empty database that looks fine.
- An export is written the same way, and never over a SQLite file (``export-json
  instance/scorepad.db`` would otherwise replace the live database with JSON).
- An import checks every row before it writes anything (the file's shape, each column's type,
  that JSON columns parse to the right kind of value, that every reference holds, that no id
  repeats) and names the first bad row; it then writes everything in one transaction and rebuilds
  the derived tables (player statistics) from what it wrote.  ``flask --app app rebuild-stats``
  rebuilds them at any time.
- The Settings page downloads a backup, and uploads an export into an empty instance: the upload
  is checked and summarised first ("12 players, 85 plays ..."), and applied only when confirmed.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import os
import re
import secrets
import shutil
import sqlite3
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click
from flask import (
    Blueprint,
    Flask,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    send_file,
    url_for,
)
from flask.typing import ResponseReturnValue
from sqlite_utils import Database

import scoring
from migrations.migrations import PLAYER_STATS_SQL, naive_times_in
from migrations.migrations import migrations as all_migrations
from scoring import jsontext
from scoring.text import clean_name, name_problem
from web.data import aggregates, times, zone
from web.data.db import connect, migrate, storage_failure
from web.routes.forms import ActionForm
from web.server.limits import IMPORT_PATH, NAME_MAX
from web.story import photos

FORMAT = "scorepad-export"
FORMAT_VERSION = 1
SKIP = {
    "_sqlite_migrations",
    "db_revision",
    "cache_revisions",
    "api_tokens",
}  # db_revision, cache_revisions: counters of writes (web/story/pagecache.py);
# api_tokens: this instance's credentials
# The group's settings (its time zone): exported with the data; an instance with only settings is
# still empty, and an import carrying settings replaces them.
SETTINGS = {"settings"}
SQLITE_MAGIC = b"SQLite format 3\x00"
INT_MIN, INT_MAX = -(2**63), 2**63 - 1

# Tables computed from the others: not imported from the file, rebuilt after every import (the
# player statistics, and the story's statistics: web/data/aggregates.py).
DERIVED: set[str] = {"player_stats", *aggregates.TABLES, *aggregates.FACTS, *aggregates.INDEXES}
PLAYER_STATS_REBUILD = "INSERT INTO player_stats " + PLAYER_STATS_SQL.format(where="")

# Text columns that hold JSON, and the kind of value each must hold (None: any JSON value).
JSON_COLUMNS: dict[tuple[str, str], type | None] = {
    ("plays", "options"): dict,
    ("plays", "winners"): list,
    ("seats", "state"): dict,
    ("seats", "breakdown"): list,
    ("edit_log", "old"): None,
    ("edit_log", "new"): None,
    ("seat_versions", "state"): dict,
    ("seat_versions", "paths"): list,
    ("play_versions", "details"): dict,
    ("play_versions", "paths"): list,
}
# Columns that take one of a few words.
# (a deleted play keeps its rows, restorable; a set-aside play holds the seats removed from a play
# after something was entered in them: both are the group's data, exported and imported whole)
CHOICES: dict[tuple[str, str], tuple[str, ...]] = {
    ("plays", "status"): ("in_progress", "finished", "deleted", "set_aside"),
    ("plays", "status_before_delete"): ("in_progress", "finished"),
}

LABELS = {  # (one, many)
    "players": ("player", "players"),
    "plays": ("play", "plays"),
    "seats": ("seat", "seats"),
    "edit_log": ("edit log entry", "edit log entries"),
    "arizona_cards": ("learned Verdant Arizona card", "learned Verdant Arizona cards"),
    "achievement_events": ("Verdant campaign event", "Verdant campaign events"),
    "photos": ("photo", "photos"),
    "photo files": ("photo file", "photo files"),
    "share_links": ("share link", "share links"),
    "seat_versions": ("recorded seat version", "recorded seat versions"),
    "play_versions": ("recorded play version", "recorded play versions"),
}


def count_of(table: str, n: int) -> str:
    """ "1 play", "12 edit log entries", "3 rows of table_x".

    >>> count_of("plays", 1), count_of("edit_log", 1200), count_of("other", 2)
    ('1 play', '1,200 edit log entries', '2 rows of other')
    """
    one, many = LABELS.get(table, (f"row of {table}", f"rows of {table}"))
    return f"{n:,} {one if n == 1 else many}"


def _day(stamp: str | None) -> str:
    """A stored time's day in the group's zone."""
    moment = times.local(stamp, zone.group_zone())
    return moment.strftime("%-d %b %Y") if moment else (stamp or "")[:10]


bp = Blueprint("backup", __name__)


# ------------------------------------------------------------------------ backups


def _progress(status: int, remaining: int, total: int) -> None:
    """Called after each step of a backup copy (tests replace it to kill the copy half-way)."""


def _is_sqlite(path: Path) -> bool:
    try:
        with path.open("rb") as handle:
            return handle.read(16) == SQLITE_MAGIC
    except OSError:
        return False


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except OSError:
        return False


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def backup_database(source: str, target: str, read_only: bool = False) -> str:
    """Copy the live database to ``target`` with SQLite's online backup API (safe while the app
    is serving), into a temporary file that is checked and only then renamed to ``target``."""
    final = Path(target)
    if _same_file(final, Path(source)):
        raise click.ClickException(f"{target} is the live database: choose another file for the backup")
    if final.exists() and (final.is_dir() or not _is_sqlite(final)):
        raise click.ClickException(f"{target} exists and is not a database backup: choose another file")
    final.parent.mkdir(parents=True, exist_ok=True)
    partial = final.with_name(f".{final.name}.partial")
    partial.unlink(missing_ok=True)
    src = connect(source, read_only=read_only).conn
    try:
        dst = sqlite3.connect(partial)
        try:
            src.backup(dst, pages=256, progress=lambda s, r, t: _progress(s, r, t))
            (status,) = dst.execute("PRAGMA integrity_check").fetchone()
            if status != "ok":
                raise RuntimeError(f"the copy failed its integrity check: {status}")
            dst.commit()
        finally:
            dst.close()
        with partial.open("rb+") as handle:
            os.fsync(handle.fileno())
        os.replace(partial, final)
        _fsync_dir(final.parent)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    finally:
        src.close()
    return str(final)


# ------------------------------------------------------------------------ export


def _tables(db: Database) -> list[str]:
    return [t for t in db.table_names() if t not in SKIP and not t.startswith("sqlite_")]


def export_data(path: str, read_only: bool = False) -> dict[str, Any]:
    """Every row of every table, in primary-key order, with the schema version it came from."""
    db = connect(path, read_only=read_only)
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
        data["files"] = {"photos": photos.export_files(path)}  # the photos of the table (web/story/photos.py)
        return data
    finally:
        db.conn.close()


def dump(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=False)


def write_export(text: str, target: str, database: str) -> str:
    """Write an export to ``target`` (via a temporary file); never over a SQLite file."""
    final = Path(target)
    if final.is_dir():
        raise click.ClickException(f"{target} is a folder: give the export a file name")
    if _same_file(final, Path(database)) or _is_sqlite(final):
        raise click.ClickException(
            f"{target} is a SQLite database: the export would overwrite it. Choose a .json file name"
        )
    final.parent.mkdir(parents=True, exist_ok=True)
    partial = final.with_name(f".{final.name}.partial")
    try:
        with partial.open("w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(partial, final)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    return str(final)


# ------------------------------------------------------------------------ import


class ImportRefused(Exception):
    pass


@dataclass
class ImportPlan:
    """A checked export, ready to write into an empty instance."""

    data: dict[str, Any]
    counts: dict[str, int]  # rows per table that will be written (derived tables excluded)
    games: dict[str, int] = field(default_factory=dict)  # plays per game
    first_played: str | None = None
    last_played: str | None = None
    migrations: list[str] = field(default_factory=list)
    older: bool = False  # made by an earlier version of Scorepad (fewer migrations)
    photo_files: dict[str, str] = field(
        default_factory=dict
    )  # path in photos/ -> base64 (web/story/photos.py)

    def summary(self) -> list[str]:
        """What the import will add, in words, one line per kind of row it has.

        >>> ImportPlan({}, {"players": 3, "plays": 2, "seats": 0}, {"chess": 2},
        ...            "2025-01-03T20:00", "2026-11-28T21:00").summary()
        ['3 players', '2 plays (chess 2), played from 3 Jan 2025 to 28 Nov 2026']
        """
        lines = []
        for table, n in {**self.counts, "photo files": len(self.photo_files)}.items():
            if not n:
                continue
            line = count_of(table, n)
            if table == "plays" and self.games:
                line += " (" + ", ".join(f"{_game_title(g)} {k:,}" for g, k in self.games.items()) + ")"
                first, last = _day(self.first_played), _day(self.last_played)
                if first:
                    line += f", played {first}" if first == last else f", played from {first} to {last}"
            lines.append(line)
        return lines


def _game_title(name: str) -> str:
    try:
        return scoring.get(name).title
    except KeyError:
        return name


@dataclass
class _Column:
    name: str
    kind: str  # INTEGER, TEXT, REAL, ... (upper case)
    not_null: bool
    default: Any
    pk: bool


def _schema(db: Database, table: str) -> dict[str, _Column]:
    return {
        r["name"]: _Column(
            r["name"], (r["type"] or "").upper(), bool(r["notnull"]), r["dflt_value"], bool(r["pk"])
        )
        for r in db.execute(f"PRAGMA table_info([{table}])").fetchall()
    }


def _unique_keys(db: Database, table: str) -> list[tuple[str, ...]]:
    keys: list[tuple[str, ...]] = []
    pks = [
        r["name"]
        for r in sorted(db.execute(f"PRAGMA table_info([{table}])").fetchall(), key=lambda r: r["pk"])
        if r["pk"]
    ]
    if pks:
        keys.append(tuple(pks))
    for index in db.execute(f"PRAGMA index_list([{table}])").fetchall():
        if index["unique"] and index["origin"] != "pk":
            cols = tuple(r["name"] for r in db.execute(f"PRAGMA index_info([{index['name']}])").fetchall())
            if cols and all(cols) and cols not in keys:
                keys.append(cols)
    return keys


def _foreign_keys(db: Database, table: str) -> list[tuple[str, str, str]]:
    """(column, other table, other column) for each single-column reference of ``table``."""
    return [
        (r["from"], r["table"], r["to"]) for r in db.execute(f"PRAGMA foreign_key_list([{table}])").fetchall()
    ]


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not allowed in JSON")


class _KeyTwice(ValueError):
    """An object of the JSON gives a key twice (its path: ``tables.plays.rows``)."""


def _parse_json(text: str) -> Any:
    value = jsontext.loads_keeping_duplicates(text, parse_constant=_no_constants)
    twice = jsontext.duplicate_keys(value)
    if twice:
        raise _KeyTwice(f"the key at {twice[0].path} appears twice in its object: keep one")
    return value


def _kind_name(kind: type | None) -> str:
    return "a JSON object" if kind is dict else "a JSON list" if kind is list else "JSON"


def _value_problem(table: str, column: _Column, value: Any) -> str | None:
    if value is None:
        if column.not_null or column.pk:
            return f"{column.name} is empty (null), and it may not be"
        return None
    problem = _type_problem(column, value) or _json_problem(table, column, value)
    if problem:
        return problem
    choices = CHOICES.get((table, column.name))
    if choices and value not in choices:
        return f"{column.name} must be one of {', '.join(choices)}, not {value!r}"[:160]
    if (table, column.name) == ("players", "name"):
        return _name_problem(value)
    return None


def _type_problem(column: _Column, value: Any) -> str | None:
    """Why ``value`` (not null) does not fit the column's declared type, or None."""
    if column.kind.startswith("INT"):
        if isinstance(value, bool) or not isinstance(value, int):
            return f"{column.name} must be a whole number, not {json.dumps(value, ensure_ascii=False)[:40]}"
        if not INT_MIN <= value <= INT_MAX:
            return f"{column.name} is out of range ({value})"
    elif column.kind in ("TEXT", "") or "CHAR" in column.kind or "CLOB" in column.kind:
        if not isinstance(value, str):
            return f"{column.name} must be text, not {json.dumps(value, ensure_ascii=False)[:40]}"
        if "\x00" in value:
            return f"{column.name} contains a NUL character"
    elif column.kind in ("REAL", "FLOAT", "DOUBLE"):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            return f"{column.name} must be a number"
    elif not isinstance(value, (str, int, float)) or isinstance(value, bool):
        return f"{column.name} must be a number or text"
    return None


def _json_problem(table: str, column: _Column, value: Any) -> str | None:
    """Why ``value`` of a JSON column is not JSON of the kind the column holds (a key twice
    included), or None."""
    if (table, column.name) not in JSON_COLUMNS:
        return None
    kind = JSON_COLUMNS[(table, column.name)]
    try:
        parsed = _parse_json(value)
    except _KeyTwice as exc:
        return f"{column.name}: {exc}"
    except (ValueError, RecursionError) as exc:
        reason = (
            exc.msg
            if isinstance(exc, json.JSONDecodeError)
            else ("nested too deeply" if isinstance(exc, RecursionError) else str(exc))
        )
        return f"{column.name} is not valid JSON ({reason})"
    if kind is not None and not isinstance(parsed, kind):
        return f"{column.name} must hold {_kind_name(kind)}"
    return None


def _check_plays(tables: dict[str, Any]) -> None:
    """Every play (its rows already checked one column at a time) as a page would show it: its
    game known, its options read by the engine at a table of its seats' number."""
    plays, seats = tables.get("plays"), tables.get("seats")
    if not isinstance(plays, dict):
        return
    counts: dict[Any, int] = {}
    if isinstance(seats, dict) and "play_id" in seats["columns"]:
        at = seats["columns"].index("play_id")
        for row in seats["rows"]:
            counts[row[at]] = counts.get(row[at], 0) + 1
    columns = plays["columns"]
    for number, row in enumerate(plays["rows"], start=1):
        play = dict(zip(columns, row, strict=True))
        problem = _play_problem(play, counts.get(play.get("id"), 0))
        if problem:
            raise ImportRefused(f"{_where('plays', number, columns, row)}: {problem}")


def _play_problem(play: dict[str, Any], seats: int) -> str | None:
    """A play no page could show: a game this Scorepad does not know, or options its engine refuses
    (what the New play form and the plays API check: unknown keys, values of the wrong kind)."""
    game_name = play.get("game")
    try:
        game = scoring.get(str(game_name))
    except KeyError:
        known = ", ".join(g.name for g in scoring.games() if g.ready)
        return f"game {str(game_name)[:40]!r} is not a game this Scorepad knows (it knows {known})"
    options = _parse_json(play["options"]) if isinstance(play.get("options"), str) else {}
    if not isinstance(options, dict):
        return None  # "options must hold a JSON object" is said by the column check
    from scoring.schema import unknown_keys

    found = unknown_keys(game.options_schema, options, "options") if game.options_schema is not None else []
    if not found:
        count = min(max(seats, game.min_players, 1), game.max_players)
        blank = {
            "options": options,
            "players": [{**game.blank_player(), "name": f"Player {i + 1}"} for i in range(count)],
        }
        try:
            game.score(blank)
        except scoring.ValidationError as exc:
            found = [e for e in exc.errors if e.path.startswith("options")]
        except Exception as exc:  # an engine that cannot read these options at all: no page could either
            return f"options cannot be read by the {game.title} engine ({type(exc).__name__})"
    if found:
        return f"{found[0].path}: {found[0].message}"[:200]
    return None


def _name_problem(value: str) -> str | None:
    """A player's name as the New play form would take it: at most NAME_MAX characters, nothing
    invisible (scoring/text.py)."""
    if not clean_name(value):
        return "name is empty"
    if len(clean_name(value)) > NAME_MAX:
        return f"name is too long: at most {NAME_MAX} characters (it has {len(clean_name(value)):,})"
    problem = name_problem(value)
    return f"name {problem}" if problem else None


def _where(table: str, number: int, columns: list[str], row: list[Any]) -> str:
    ident = ""
    if "id" in columns:
        value = row[columns.index("id")] if len(row) > columns.index("id") else None
        if isinstance(value, int) and not isinstance(value, bool):
            ident = f" (id {value})"
    return f"{table}, row {number}{ident}"


def _order(tables: dict[str, Any], db: Database) -> list[str]:
    """Tables in an order where each comes after the tables it refers to (self-references aside)."""
    remaining = list(tables)
    refs = {
        t: {other for _, other, _ in _foreign_keys(db, t) if other != t and other in tables}
        for t in remaining
    }
    ordered: list[str] = []
    while remaining:
        ready = [t for t in remaining if refs[t] <= set(ordered)] or remaining[:1]
        ordered.append(ready[0])
        remaining.remove(ready[0])
    return ordered


def _check_table(db: Database, table: str, content: Any, references: list[tuple[Any, ...]]) -> int:
    """Check one table's columns and rows (types, JSON, unique keys); collect its references to
    other rows in ``references`` (checked once every table is read).  Returns its row count."""
    if (
        not isinstance(content, dict)
        or not isinstance(content.get("columns"), list)
        or not isinstance(content.get("rows"), list)
    ):
        raise ImportRefused(f'{table}: expected {{"columns": [...], "rows": [...]}}')
    columns = content["columns"]
    schema = _schema(db, table)
    _check_columns(table, columns, schema)
    uniques = [k for k in _unique_keys(db, table) if all(c in columns for c in k)]
    seen: dict[tuple[str, ...], set[tuple[Any, ...]]] = {k: set() for k in uniques}
    fks = [(c, other, to) for c, other, to in _foreign_keys(db, table) if c in columns]
    for number, row in enumerate(content["rows"], start=1):
        if not isinstance(row, list) or len(row) != len(columns):
            raise ImportRefused(f"{table}, row {number}: expected a list of {len(columns)} values")
        _check_values(table, number, columns, row, schema)
        for key in uniques:
            value = tuple(row[columns.index(c)] for c in key)
            if None in value:
                continue
            if value in seen[key]:
                raise ImportRefused(
                    f"{_where(table, number, columns, row)}: {', '.join(key)} "
                    f"{', '.join(map(str, value))} appears twice"
                )
            seen[key].add(value)
        for column, other, to in fks:
            value = row[columns.index(column)]
            if value is not None:
                references.append((table, number, column, value, other, to, columns, row))
    return len(content["rows"])


def _check_columns(table: str, columns: list[Any], schema: dict[str, _Column]) -> None:
    """The export's column names for ``table``: distinct text, each known, none required missing."""
    if not all(isinstance(c, str) for c in columns) or len(set(columns)) != len(columns):
        raise ImportRefused(f"{table}: the column names must be distinct pieces of text")
    unknown_columns = [c for c in columns if c not in schema]
    if unknown_columns:
        raise ImportRefused(f"unknown columns in {table}: {sorted(unknown_columns)[:5]}")
    missing = [
        c.name
        for c in schema.values()
        if c.name not in columns and (c.not_null or c.pk) and c.default is None
    ]
    if missing:
        raise ImportRefused(f"{table}: the export has no column {', '.join(missing)}")


def _check_values(
    table: str, number: int, columns: list[str], row: list[Any], schema: dict[str, _Column]
) -> None:
    """Each value of one row fits its column (type, JSON, choices)."""
    for name, value in zip(columns, row, strict=True):
        problem = _value_problem(table, schema[name], value)
        if problem:
            raise ImportRefused(f"{_where(table, number, columns, row)}: {problem}")


def plan_import(path: str, data: Any) -> ImportPlan:
    """Check an export against this (migrated, empty) instance without writing a row.  Raises
    :class:`ImportRefused` naming the first problem (the table and row)."""
    migrations_, tables = _check_header(data)
    migrate(path)
    db = connect(path)
    try:
        applied = [r[0] for r in db.execute("SELECT name FROM _sqlite_migrations ORDER BY rowid")]
        unknown = [m for m in migrations_ if m not in applied]
        if unknown:
            raise ImportRefused(
                "the export comes from a newer Scorepad (migrations " + ", ".join(unknown)[:200] + ")"
            )
        known_tables = _tables(db)
        if any(
            db.execute(f"SELECT 1 FROM [{t}] LIMIT 1").fetchone() for t in known_tables if t not in DERIVED
        ):
            raise ImportRefused("this instance already has data: import only into an empty instance")
        for table in tables:
            if table not in known_tables:
                raise ImportRefused(f"unknown table {str(table)[:60]!r} in the export")
        counts: dict[str, int] = {}
        references: list[tuple[str, int, str, Any, str, str, list[str], list[Any]]] = []
        for table in _order(tables, db):
            if table in DERIVED:
                continue
            counts[table] = _check_table(db, table, tables[table], references)
        _check_references(tables, references)
        _check_plays(tables)
        plan = ImportPlan(
            data=data,
            counts=counts,
            migrations=list(migrations_),
            older=len(migrations_) < len(applied),
            photo_files=_check_files(data.get("files")),
        )
        _summarise_plays(plan, tables.get("plays"))
        return plan
    finally:
        db.conn.close()


def _check_header(data: Any) -> tuple[list[str], dict[str, Any]]:
    """The export's format, its migration names and its tables, checked: (migrations, tables)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ImportRefused("this file is not a Scorepad export")
    if data.get("format_version") != FORMAT_VERSION:
        raise ImportRefused(
            f"export format {str(data.get('format_version'))[:20]} is not supported (this is "
            f"{FORMAT_VERSION})"
        )
    migrations_ = data.get("migrations", [])
    if not isinstance(migrations_, list) or not all(isinstance(m, str) for m in migrations_):
        raise ImportRefused('"migrations" must be a list of migration names')
    tables = data.get("tables")
    if not isinstance(tables, dict):
        raise ImportRefused('"tables" must be an object of tables')
    return migrations_, tables


def _check_references(
    tables: dict[str, Any], references: list[tuple[str, int, str, Any, str, str, list[str], list[Any]]]
) -> None:
    """Every reference collected by :func:`_check_table` names a row that is in the export."""
    found: dict[tuple[str, str], set[Any]] = {}
    for table, number, column, value, other, to, columns, row in references:
        if (other, to) not in found:
            content = tables.get(other) if other not in DERIVED else None
            found[(other, to)] = (
                {r[content["columns"].index(to)] for r in content["rows"]}
                if content is not None and to in content["columns"]
                else set()
            )
        if value not in found[(other, to)]:
            raise ImportRefused(
                f"{_where(table, number, columns, row)}: {column} {value} refers to "
                f"{other} {to} {value}, which is not in the export"
            )


def _summarise_plays(plan: ImportPlan, plays: Any) -> None:
    """The plan's plays per game and first and last dates, from the export's ``plays`` table."""
    if isinstance(plays, dict) and plays.get("rows"):
        cols = plays["columns"]
        if "game" in cols:
            for row in plays["rows"]:
                plan.games[row[cols.index("game")]] = plan.games.get(row[cols.index("game")], 0) + 1
        if "played_at" in cols:
            dates = sorted(row[cols.index("played_at")] for row in plays["rows"])
            plan.first_played, plan.last_played = dates[0], dates[-1]


PHOTO_NAME = re.compile(r"^[A-Za-z0-9_-]{1,40}/[A-Za-z0-9_.-]{1,80}\.jpg$")


def _check_files(files: Any) -> dict[str, str]:
    """The photo files of an export (``{"photos": {"PLAY/NAME.jpg": base64}}``), checked: names
    inside the photos folder, contents that decode."""
    if files is None:
        return {}
    if not isinstance(files, dict) or not isinstance(files.get("photos", {}), dict):
        raise ImportRefused('"files" must be {"photos": {"PLAY/NAME.jpg": "base64", ...}}')
    found: dict[str, str] = files.get("photos", {})
    for number, (name, data) in enumerate(found.items(), start=1):
        if not isinstance(name, str) or not PHOTO_NAME.match(name) or ".." in name:
            raise ImportRefused(
                f"photo file {number}: {str(name)[:60]!r} is not a photo's place (PLAY/NAME.jpg)"
            )
        if not isinstance(data, str):
            raise ImportRefused(f"photo file {name}: must be base64 text")
        try:
            base64.b64decode(data, validate=True)
        except (ValueError, binascii.Error) as exc:
            raise ImportRefused(f"photo file {name}: is not base64 ({exc})") from exc
    return found


def rebuild_derived(db: Database) -> dict[str, int]:
    """Recompute every derived table (player statistics, the story's statistics) from the stored
    plays, inside the caller's transaction.  Returns rows per table."""
    db.execute("DELETE FROM player_stats")
    db.execute(PLAYER_STATS_REBUILD)
    aggregates.rebuild(db)
    # The derived tables have no db_revision triggers (m006 counts the tables a write goes to, and
    # these move with them), but a rebuild changes them alone: a page cached from the old figures
    # (web/story/pagecache.py) must be drawn again, by a server running beside this command too; the
    # pages keyed on scopes (m014) all key on the epoch.
    db.execute("INSERT INTO db_revision (id, n) VALUES (1, 1) ON CONFLICT(id) DO UPDATE SET n = n + 1")
    db.execute(
        "INSERT INTO cache_revisions (scope, n) VALUES ('epoch', 1) "
        "ON CONFLICT(scope) DO UPDATE SET n = n + 1"
    )
    return {table: db.execute(f"SELECT COUNT(*) FROM [{table}]").fetchone()[0] for table in sorted(DERIVED)}


def _insert(db: Database, tables: dict[str, Any]) -> None:
    for table in _order(tables, db):
        if table in DERIVED:
            continue
        columns = tables[table]["columns"]
        marks = ", ".join("?" for _ in columns)
        names = ", ".join(f"[{c}]" for c in columns)
        db.conn.executemany(f"INSERT INTO [{table}] ({names}) VALUES ({marks})", tables[table]["rows"])


def upgraded_tables(plan: ImportPlan, folder: str | None = None) -> dict[str, Any]:
    """The export's rows as this version keeps them.  An export from an earlier release is loaded
    into a scratch database at that release's schema and migrated like an upgrade (a migration may
    fill new columns and tables from the old rows: the live table's versions, the Done marks), then
    read back; an export from this release is taken as it is."""
    names = [m.name for m in all_migrations._migrations]
    missing = [n for n in names if n not in plan.migrations]
    here = _importing_zone()
    if not missing:
        return _times_in_utc(plan.data["tables"], here)
    with tempfile.TemporaryDirectory(prefix="scorepad-import-", dir=folder) as scratch:
        path = str(Path(scratch) / "upgrade.db")
        db = connect(path)
        try:
            all_migrations.apply(db, stop_before=missing[0])
            db.execute("BEGIN")
            db.execute("PRAGMA defer_foreign_keys = ON")
            _insert(db, plan.data["tables"])
            db.execute("COMMIT")
            with naive_times_in(here):  # m011 reads a time without a zone in the group's
                all_migrations.apply(db)
        except sqlite3.Error as exc:
            raise ImportRefused(f"the export could not be brought up to this version: {exc}") from exc
        finally:
            db.conn.close()
        upgraded: dict[str, Any] = export_data(path)["tables"]
        return upgraded


def _importing_zone() -> str | None:
    """The group's zone, which an export's times without a zone were typed in (None outside a request
    or command: m011's own default)."""
    try:
        return zone.group_zone_name()
    except RuntimeError:
        return None


def _times_in_utc(tables: dict[str, Any], name: str | None) -> dict[str, Any]:
    """An export of this version, its times as this version stores them: a time written without a
    zone (by hand, or by a script) read in the group's zone, one with an offset converted."""
    here = times.zone(name or times.server_zone_name())
    out: dict[str, Any] = {}
    for table, content in tables.items():
        columns = content["columns"]
        timed = [i for i, c in enumerate(columns) if c == "at" or c.endswith("_at")]
        if not timed:
            out[table] = content
            continue
        rows = [
            [times.stored_or_same(v, here) if i in timed else v for i, v in enumerate(r)]
            for r in content["rows"]
        ]
        out[table] = {**content, "rows": rows}
    return out


def apply_import(path: str, plan: ImportPlan) -> dict[str, int]:
    """Write a checked export in one transaction, then rebuild the derived tables."""
    tables = upgraded_tables(plan, str(Path(path).resolve().parent))
    db = connect(path)
    try:
        db.execute("BEGIN IMMEDIATE")
        try:
            if any(
                db.execute(f"SELECT 1 FROM [{t}] LIMIT 1").fetchone()
                for t in _tables(db)
                if t not in DERIVED and t not in SETTINGS
            ):
                raise ImportRefused("this instance already has data: import only into an empty instance")
            if any(tables.get(t, {}).get("rows") for t in SETTINGS):  # the export's group settings win
                for t in SETTINGS:
                    db.execute(f"DELETE FROM [{t}]")
            db.execute("PRAGMA defer_foreign_keys = ON")
            _insert(db, tables)
            broken = db.execute("PRAGMA foreign_key_check").fetchone()
            if broken:
                raise ImportRefused(f"{broken[0]}: row {broken[1]} refers to a missing {broken[2]}")
            rebuild_derived(db)
            db.execute("COMMIT")
        except BaseException:
            if db.conn.in_transaction:
                db.execute("ROLLBACK")
            raise
        counts = dict(plan.counts)
        counts["photo files"] = photos.import_files(path, plan.photo_files)
        return counts
    finally:
        db.conn.close()


def import_data(path: str, data: Any) -> dict[str, int]:
    """Load an export into an empty instance (migrated first): every row is checked before any is
    written.  Returns rows per table."""
    try:
        plan = plan_import(path, data)
        return apply_import(path, plan)
    except sqlite3.IntegrityError as exc:  # a constraint the checks above do not know of
        raise ImportRefused(f"the export breaks a rule of the database: {exc}") from exc


def read_export(raw: bytes) -> Any:
    """The JSON of an export file; :class:`ImportRefused` when it is not JSON."""
    if raw.startswith(SQLITE_MAGIC):
        raise ImportRefused(
            "this is a SQLite database, not an export: restore a database backup by copying it "
            "in place of the database while Scorepad is stopped"
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ImportRefused(f"this file is not UTF-8 text (byte {exc.start})") from exc
    try:
        return _parse_json(text)
    except json.JSONDecodeError as exc:
        raise ImportRefused(
            f"this file is not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
        ) from exc
    except RecursionError as exc:
        raise ImportRefused("this file is not a Scorepad export (it is nested too deeply)") from exc
    except _KeyTwice as exc:
        raise ImportRefused(f"this file is not a Scorepad export ({str(exc)[:200]})") from exc
    except ValueError as exc:
        raise ImportRefused(f"this file is not a Scorepad export ({str(exc)[:80]})") from exc


# ------------------------------------------------------------------------ the Settings page


PENDING_MAX_AGE = 3600  # seconds an uploaded export waits for its confirmation
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{16,64}$")


def _pending_dir() -> Path:
    return Path(current_app.instance_path) / "imports"


def _clean_pending() -> None:
    folder = _pending_dir()
    if not folder.is_dir():
        return
    for item in folder.glob("pending-*.json"):
        try:
            if time.time() - item.stat().st_mtime > PENDING_MAX_AGE:
                item.unlink()
        except OSError:
            pass


def instance_is_empty() -> bool:
    db = connect(current_app.config["DATABASE"], read_only=bool(current_app.config.get("DATABASE_READ_ONLY")))
    try:
        return not any(
            db.execute(f"SELECT 1 FROM [{t}] LIMIT 1").fetchone()
            for t in _tables(db)
            if t not in DERIVED and t not in SETTINGS
        )
    finally:
        db.conn.close()


def data_status() -> dict[str, Any]:
    """What the Settings page's backup and import sections show (called from the template)."""
    return {
        "empty": instance_is_empty(),
        "read_only": bool(current_app.config.get("DATABASE_READ_ONLY")),
        "import_limit_mb": current_app.config["IMPORT_MAX_BYTES"] // (1024 * 1024),
    }


def _import_page(status: int = 200, **context: Any) -> tuple[str, int]:
    context.setdefault("error", None)
    context.setdefault("plan", None)
    context.setdefault("token", None)
    context.setdefault("filename", None)
    return render_template("settings_import.html", status=data_status(), **context), status


@bp.get("/settings/backup.db")
def download_backup() -> ResponseReturnValue:
    """A consistent copy of the whole database, as a file to keep."""
    folder = Path(tempfile.mkdtemp(prefix="scorepad-backup-"))
    stamp = zone.shown(times.now(), "%Y%m%d-%H%M")
    try:
        copy = backup_database(
            current_app.config["DATABASE"],
            str(folder / "scorepad.db"),
            read_only=bool(current_app.config.get("DATABASE_READ_ONLY")),
        )
        handle = open(copy, "rb")  # noqa: SIM115 (closed by the response)
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    response = send_file(
        handle,
        mimetype="application/vnd.sqlite3",
        as_attachment=True,
        download_name=f"scorepad-{stamp}.db",
        max_age=0,
    )
    response.headers["Cache-Control"] = "no-store"
    response.call_on_close(lambda: shutil.rmtree(folder, ignore_errors=True))
    return response


@bp.post(IMPORT_PATH)
def upload_import() -> ResponseReturnValue:
    """Check an uploaded export and show what it would add; nothing is written yet."""
    if not ActionForm().validate():
        return _import_page(400, error="The form expired: open Settings again and choose the file again.")
    upload = request.files.get("export")
    if upload is None or not upload.filename:
        return _import_page(422, error="Choose the export file (a .json file from “Download the export”).")
    raw = upload.read()
    try:
        data = read_export(raw)
        plan = plan_import(current_app.config["DATABASE"], data)
    except ImportRefused as exc:
        return _import_page(422, error=f"Not imported: {exc}.", filename=upload.filename)
    _clean_pending()
    folder = _pending_dir()
    folder.mkdir(parents=True, exist_ok=True)
    token = secrets.token_urlsafe(24)
    (folder / f"pending-{token}.json").write_bytes(raw)
    return _import_page(plan=plan, token=token, filename=upload.filename)


@bp.post(IMPORT_PATH + "/confirm")
def confirm_import() -> ResponseReturnValue:
    token = request.form.get("token", "")
    if not ActionForm().validate() or not _TOKEN.match(token):
        return _import_page(400, error="The form expired: choose the file again.")
    pending = _pending_dir() / f"pending-{token}.json"
    if not pending.is_file():
        return _import_page(
            409, error="That upload is no longer waiting (it is kept for an hour): choose the file again."
        )
    try:
        counts = import_data(current_app.config["DATABASE"], read_export(pending.read_bytes()))
    except ImportRefused as exc:
        return _import_page(422, error=f"Not imported: {exc}.")
    finally:
        pending.unlink(missing_ok=True)
    flash(
        "Imported: "
        + ", ".join(count_of(t, n) for t, n in counts.items() if n)
        + ". Player statistics rebuilt.",
        "import",
    )
    return redirect(url_for("main.settings") + "#import", code=303)


# ------------------------------------------------------------------------ commands and wiring


def _refuse(exc: BaseException) -> click.ClickException:
    kind = storage_failure(exc)
    if kind == "full":
        return click.ClickException(f"the disk is full: {exc}")
    if kind == "read-only":
        return click.ClickException(f"the target cannot be written (read-only): {exc}")
    return click.ClickException(str(exc))


def init_app(app: Flask) -> None:
    app.config.setdefault(
        "IMPORT_MAX_BYTES", int(float(os.environ.get("SCOREPAD_MAX_IMPORT_MB") or "32") * 1024 * 1024)
    )
    app.register_blueprint(bp)
    app.add_template_global(data_status, "data_status")

    @app.cli.command("backup")
    @click.argument("target", required=False)
    def backup_command(target: str | None) -> None:
        """Write a consistent copy of the database (default: instance/backups/scorepad-<time>.db)."""
        stamp = zone.shown(times.now(), "%Y%m%d-%H%M%S")
        target = target or str(Path(current_app.instance_path) / "backups" / f"scorepad-{stamp}.db")
        try:
            written = backup_database(
                current_app.config["DATABASE"],
                target,
                read_only=bool(current_app.config.get("DATABASE_READ_ONLY")),
            )
        except (OSError, sqlite3.Error, RuntimeError) as exc:
            raise _refuse(exc) from exc
        click.echo(f"Backup written: {written}")
        copied = photos.copy_folder(current_app.config["DATABASE"], written)
        if copied:
            click.echo(f"Photos copied: {copied}")

    @app.cli.command("export-json")
    @click.argument("target", type=click.Path(dir_okay=False))
    def export_command(target: str) -> None:
        """Export every player, play, seat state, result and edit log entry as JSON."""
        database = current_app.config["DATABASE"]
        text = dump(export_data(database, read_only=bool(current_app.config.get("DATABASE_READ_ONLY"))))
        try:
            written = write_export(text, target, database)
        except OSError as exc:
            raise _refuse(exc) from exc
        click.echo(f"Export written: {written}")

    @app.cli.command("import-json")
    @click.argument("source", type=click.Path(exists=True, dir_okay=False))
    def import_command(source: str) -> None:
        """Import an export into this (empty) instance; every row is checked before any is written."""
        try:
            counts = import_data(current_app.config["DATABASE"], read_export(Path(source).read_bytes()))
        except ImportRefused as exc:
            raise click.ClickException(str(exc)) from exc
        except (OSError, sqlite3.OperationalError) as exc:
            raise _refuse(exc) from exc
        click.echo("Imported: " + ", ".join(f"{n} {t}" for t, n in counts.items()))
        click.echo("Player statistics rebuilt.")

    @app.cli.command("rebuild-stats")
    def rebuild_stats_command() -> None:
        """Recompute the player statistics from the stored plays (after an import or a repair)."""
        db = connect(current_app.config["DATABASE"])
        try:
            db.execute("BEGIN IMMEDIATE")
            try:
                counts = rebuild_derived(db)
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
            players = db.execute("SELECT COUNT(DISTINCT player_id) FROM player_stats").fetchone()[0]
        except sqlite3.OperationalError as exc:
            raise _refuse(exc) from exc
        finally:
            db.conn.close()
        click.echo(f"Player statistics rebuilt: {counts['player_stats']} rows for {players} players.")
