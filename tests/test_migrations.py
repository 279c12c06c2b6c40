"""Migrating a blank database gives exactly the schema the app expects."""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime, timedelta

import pytest

from web.data.db import connect, migrate

EXPECTED = {
    "players": ["id", "name", "created_at", "merged_into"],
    "plays": [
        "id", "game", "played_at", "options", "status", "notes", "winners", "tiebreak", "engine_version",
        "created_at", "updated_at", "version", "started_at", "finished_at", "location",
        "deleted_at", "deleted_by", "status_before_delete", "set_aside_from", "source", "source_id",
        "played_zone",
    ],
    "seats": [
        "id", "play_id", "position", "player_id", "state", "complete", "total", "rank", "breakdown",
        "engine_version", "version", "updated_at", "done",
    ],
    "seat_versions": ["seat_id", "version", "state", "paths", "change_id", "who", "at"],
    "play_versions": ["play_id", "version", "paths", "details", "change_id", "who", "at"],
    "edit_log": ["id", "play_id", "seat_id", "player_id", "at", "who", "action", "old", "new"],
    "arizona_cards": ["number", "color", "gecko", "learned_at", "play_id"],
    "achievement_events": ["id", "player_id", "shape", "action", "play_id", "source", "at", "who"],
    "player_stats": ["player_id", "game", "plays", "wins", "total_sum", "best"],
    "share_links": ["token", "play_id", "created_at", "created_by", "revoked_at", "revoked_by"],
    "photos": [
        "id", "play_id", "file", "thumb", "width", "height", "bytes", "sha256", "created_at", "created_by",
        "removed_at", "removed_by",
    ],
    "stat_player_game": [
        "player_id", "game", "plays", "table_plays", "wins", "shared_wins", "solo_plays", "solo_wins", "total_sum",
        "best", "best_play_id", "best_margin", "best_margin_play_id", "last_played_at",
    ],
    "stat_player_category": [
        "player_id", "game", "category", "label", "position", "plays", "points_sum", "best", "best_play_id",
    ],
    "stat_pairs": ["game", "player_id", "rival_id", "plays", "ahead", "behind", "level"],
    "stat_game": ["game", "plays", "first_played_at", "last_played_at"],
    "api_tokens": ["id", "name", "digest", "hint", "created_at", "created_by", "last_used_at", "revoked_at", "revoked_by"],
    "settings": ["key", "value"],
}


def test_blank_database_migrates_to_the_expected_schema(tmp_path):
    path = str(tmp_path / "blank.db")
    migrate(path)
    db = connect(path)
    tables = set(db.table_names())
    assert set(EXPECTED) <= tables
    for table, columns in EXPECTED.items():
        assert [c.name for c in db[table].columns] == columns, table
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert {fk.other_table for fk in db["seats"].foreign_keys} == {"plays", "players"}
    applied = [r[0] for r in db.execute("SELECT name FROM _sqlite_migrations ORDER BY rowid")]
    assert applied[0] == "m001_initial"


def test_migrating_twice_changes_nothing(tmp_path):
    path = str(tmp_path / "twice.db")
    migrate(path)
    before = connect(path).execute("SELECT sql FROM sqlite_master ORDER BY name").fetchall()
    migrate(path)
    after = connect(path).execute("SELECT sql FROM sqlite_master ORDER BY name").fetchall()
    assert [tuple(r) for r in before] == [tuple(r) for r in after]


def test_edit_log_is_append_only(tmp_path):
    path = str(tmp_path / "log.db")
    migrate(path)
    db = connect(path)
    db.execute("INSERT INTO edit_log (at, who, action) VALUES ('2026-01-01', 'me', 'test')")
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        db.execute("UPDATE edit_log SET who = 'you'")
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        db.execute("DELETE FROM edit_log")


def test_seats_need_an_existing_play(tmp_path):
    path = str(tmp_path / "fk.db")
    migrate(path)
    db = connect(path)
    with pytest.raises(sqlite3.IntegrityError):
        db.execute("INSERT INTO seats (play_id, position, player_id, state, version, updated_at) VALUES (9, 0, 9, '{}', 1, 'x')")


def _seed_m001(db) -> None:
    db.execute("INSERT INTO players (id, name, created_at) VALUES (1, 'Ann', '2025-01-01T10:00:00')")
    db.execute("INSERT INTO players (id, name, created_at, merged_into) VALUES (2, 'Annie', '2025-01-01T10:00:00', 1)")
    db.execute(
        "INSERT INTO plays (id, game, played_at, options, status, notes, winners, created_at, updated_at) VALUES "
        "(1, 'planted', '2025-01-01T20:00', '{}', 'finished', 'old night', '[\"Ann\"]', '2025-01-01', '2025-01-01')"
    )
    db.execute(
        "INSERT INTO seats (id, play_id, position, player_id, state, complete, total, rank, breakdown, version, updated_at) "
        "VALUES (1, 1, 0, 1, '{\"propagation\": 3}', 1, 15, 1, '[]', 4, '2025-01-01')"
    )
    db.execute(
        "INSERT INTO edit_log (play_id, seat_id, player_id, at, who, action, old, new) "
        "VALUES (1, 1, 1, '2025-01-01', 'device abc', 'seat saved', '{}', '{\"propagation\": 3}')"
    )


def test_upgrading_from_every_earlier_schema_version_keeps_the_data(tmp_path):
    from migrations.migrations import migrations

    names = [m.name for m in migrations._migrations]
    for index, _name in enumerate(names):
        path = str(tmp_path / f"at-{index}.db")
        db = connect(path)
        migrations.apply(db, stop_before=names[index + 1] if index + 1 < len(names) else None)
        _seed_m001(db)
        db.conn.close()
        migrate(path)  # what start-up does: bring it to the newest schema
        db = connect(path)
        assert [r[0] for r in db.execute("SELECT name FROM _sqlite_migrations ORDER BY rowid")] == names
        rows = lambda sql: [tuple(r) for r in db.execute(sql).fetchall()]  # noqa: E731, B023
        assert rows("SELECT name, merged_into FROM players ORDER BY id") == [("Ann", None), ("Annie", 1)]
        assert rows("SELECT notes, winners, status FROM plays") == [("old night", '["Ann"]', "finished")]
        assert rows("SELECT state, total, rank, version FROM seats") == [('{"propagation": 3}', 15, 1, 4)]
        assert rows("SELECT who, action FROM edit_log") == [("device abc", "seat saved")]
        if index < names.index("m004_player_stats"):  # m004 backfills the statistics of old plays
            assert rows("SELECT player_id, game, plays, wins, total_sum, best FROM player_stats") == [
                (1, "planted", 1, 1, 15, 15)
            ]
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        db.conn.close()


def test_m006_fills_the_story_of_plays_made_before_it(tmp_path):
    """A database at m004 with a finished play (finished at 21:10, reopened, finished again at
    22:00) and one in progress: m006 dates both from their creation and the first finish, and
    builds the statistics from the seats."""
    from sqlite_utils import Database

    from migrations import migrations as m

    db = Database(str(tmp_path / "old.db"))
    for step in (m.m001_initial, m.m002_arizona_deck, m.m003_verdant_campaign, m.m004_player_stats):
        step(db)
    db["players"].insert_all([{"id": 1, "name": "Ann", "created_at": "t"}, {"id": 2, "name": "Bob", "created_at": "t"}])
    for play_id, status in ((1, "finished"), (2, "in_progress")):
        db["plays"].insert({"id": play_id, "game": "stub", "played_at": "2026-11-01T20:00", "status": status,
                            "winners": '["Ann"]', "created_at": "2026-11-01T20:00:00", "updated_at": "2026-11-02T09:00:00"})
        for position, (player, total, rank) in enumerate(((1, 30, 1), (2, 20, 2))):
            db["seats"].insert({"play_id": play_id, "position": position, "player_id": player, "total": total, "rank": rank,
                                "breakdown": f'[{{"key": "points", "label": "Points", "points": {total}}}]',
                                "updated_at": "t"})
    for at in ("2026-11-01T21:10:00", "2026-11-01T22:00:00"):
        db["edit_log"].insert({"play_id": 1, "at": at, "who": "x", "action": "play finished"})
    m.m006_story_sharing_photos_stats(db)
    rows = {r["id"]: r for r in db.query("SELECT id, started_at, finished_at, location FROM plays")}
    assert rows[1] == {"id": 1, "started_at": "2026-11-01T20:00:00", "finished_at": "2026-11-01T21:10:00", "location": None}
    assert rows[2]["finished_at"] is None and rows[2]["started_at"] == "2026-11-01T20:00:00"
    stats = {r["player_id"]: r for r in db.query("SELECT * FROM stat_player_game")}
    assert (stats[1]["plays"], stats[1]["wins"], stats[1]["best"], stats[1]["best_margin"]) == (1, 1, 30, 10)
    assert (stats[2]["plays"], stats[2]["wins"], stats[2]["best_margin"]) == (1, 0, None)
    pairs = {(r["player_id"], r["rival_id"]): (r["ahead"], r["behind"]) for r in db.query("SELECT * FROM stat_pairs")}
    assert pairs == {(1, 2): (1, 0), (2, 1): (0, 1)}
    assert [r["plays"] for r in db.query("SELECT plays FROM stat_game")] == [1]
    db.execute("INSERT INTO plays (game, played_at, created_at, updated_at) VALUES ('stub', 'x', 'c', 'u')")
    assert db.execute("SELECT started_at FROM plays WHERE played_at = 'x'").fetchone()[0] == "c"  # the trigger
    assert db.execute("SELECT n FROM db_revision").fetchone()[0] >= 1


def test_m011_stores_every_time_in_utc_with_the_zone_it_was_typed_in(tmp_path):
    """A database at m010 with the values the issue found mixed in one column: a time typed without
    a zone (the form's, read in the group's zone, Europe/Berlin here), one the API kept with its
    offset, a date alone, and the same in the edit log (append-only: its guard is back after)."""
    from migrations.migrations import migrations

    path = str(tmp_path / "old.db")
    db = connect(path)
    migrations.apply(db, stop_before="m011_times_in_utc")
    db.execute("INSERT INTO players (id, name, created_at) VALUES (1, 'Ann', '2026-07-01T10:00:00')")
    for play_id, played_at in ((1, "2026-11-28T20:30"), (2, "2026-11-30T21:00:00+01:00"), (3, "2026-11-30T20:00:00Z")):
        db.execute(
            "INSERT INTO plays (id, game, played_at, options, status, created_at, updated_at, finished_at) "
            "VALUES (?, 'stub', ?, '{}', 'finished', '2026-11-28T20:00:05', '2026-11-28T22:10:00', '2026-11-28T22:10:00')",
            [play_id, played_at],
        )
        db.execute(
            "INSERT INTO play_versions (play_id, version, paths, details, who, at) VALUES (?, 1, '[]', ?, 'me', '2026-11-28')",
            [play_id, json.dumps({"played_at": played_at, "options": {}, "notes": ""})],
        )
    db.execute("INSERT INTO edit_log (play_id, at, who, action) VALUES (1, '2026-03-29T02:30:00', 'me', 'gap')")
    db.execute("INSERT INTO edit_log (play_id, at, who, action) VALUES (1, '2026-10-25T02:30:00', 'me', 'fold')")
    db.execute("INSERT INTO stat_game (game, plays, first_played_at, last_played_at) "
               "VALUES ('stub', 3, '2026-11-28T20:30', '2026-11-30T21:00:00+01:00')")
    db.conn.close()
    migrate(path, "Europe/Berlin")
    db = connect(path)
    rows = lambda sql: [tuple(r) for r in db.execute(sql).fetchall()]  # noqa: E731
    # November is UTC+1 in Berlin, July UTC+2; an offset is converted, Z stays
    assert rows("SELECT played_at, played_zone, created_at, updated_at, finished_at FROM plays ORDER BY id") == [
        ("2026-11-28T19:30:00Z", "Europe/Berlin", "2026-11-28T19:00:05Z", "2026-11-28T21:10:00Z", "2026-11-28T21:10:00Z"),
        ("2026-11-30T20:00:00Z", "+01:00", "2026-11-28T19:00:05Z", "2026-11-28T21:10:00Z", "2026-11-28T21:10:00Z"),
        ("2026-11-30T20:00:00Z", "Z", "2026-11-28T19:00:05Z", "2026-11-28T21:10:00Z", "2026-11-28T21:10:00Z"),
    ]
    assert rows("SELECT created_at FROM players") == [("2026-07-01T08:00:00Z",)]
    assert [json.loads(r[0])["played_at"] for r in rows("SELECT details FROM play_versions ORDER BY play_id")] == [
        "2026-11-28T19:30:00Z", "2026-11-30T20:00:00Z", "2026-11-30T20:00:00Z"]
    assert rows("SELECT at FROM play_versions LIMIT 1") == [("2026-11-27T23:00:00Z",)]  # a date: its midnight
    # the hour skipped in March is read at +01:00, the hour passed twice in October as its first pass
    assert rows("SELECT action, at FROM edit_log ORDER BY id") == [("gap", "2026-03-29T01:30:00Z"),
                                                                   ("fold", "2026-10-25T00:30:00Z")]
    assert rows("SELECT first_played_at, last_played_at FROM stat_game") == [("2026-11-28T19:30:00Z", "2026-11-30T20:00:00Z")]
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        db.execute("UPDATE edit_log SET who = 'you'")
    for table in [t for t in db.table_names() if not t.startswith("_")]:  # every time Scorepad keeps:
        for column in [c.name for c in db[table].columns if c.name == "at" or c.name.endswith("_at")]:
            for (value,) in db.execute(f"SELECT [{column}] FROM [{table}] WHERE [{column}] IS NOT NULL"):
                # ISO 8601 in UTC, one shape (sqlite-utils' own _sqlite_migrations aside)
                assert datetime.fromisoformat(value).utcoffset() == timedelta(0) and value.endswith("Z"), (table, value)


def test_m011_reads_old_times_in_scorepad_timezone_else_the_server_zone(tmp_path, monkeypatch):
    from migrations.migrations import migrations

    for zone, expected in (("America/New_York", "2026-11-29T01:30:00Z"), (None, "2026-11-28T20:30:00Z")):
        if zone:
            monkeypatch.setenv("SCOREPAD_TIMEZONE", zone)  # New York: UTC-5 in November
        else:
            monkeypatch.delenv("SCOREPAD_TIMEZONE", raising=False)
            monkeypatch.setenv("TZ", "UTC")  # the server's zone
        path = str(tmp_path / f"{zone or 'server'}.db".replace("/", "-"))
        db = connect(path)
        migrations.apply(db, stop_before="m011_times_in_utc")
        db.execute("INSERT INTO plays (id, game, played_at, options, status, created_at, updated_at) "
                   "VALUES (1, 'stub', '2026-11-28T20:30', '{}', 'in_progress', 'x', 'x')")
        db.conn.close()
        migrate(path)
        assert connect(path).execute("SELECT played_at, updated_at FROM plays").fetchone()[:] == (expected, "x")
