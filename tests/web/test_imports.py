"""Imports, exports and backups you can trust (issue 16, item 6): every row checked before any is
written, the first bad one named; derived tables rebuilt; every earlier release's export imports;
backups and exports written to a temporary file and renamed into place; the Settings page's
backup download and checked import upload."""

from __future__ import annotations

import copy
import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from app import create_app
from tests.conftest import csrf_token, new_play
from web.data.backup import (
    ImportRefused,
    backup_database,
    dump,
    export_data,
    import_data,
    plan_import,
    read_export,
)
from web.data.db import connect

ROOT = Path(__file__).resolve().parents[2]


def seed(client, token):
    play_id = new_play(client, token, players=("Ann", "Bob"), bonus="1")
    for position, state in enumerate(({"points": 9, "tokens": 2}, {"points": 7, "tokens": 1})):
        client.post(f"/plays/{play_id}/seats/{position}",
                    data={"csrf_token": token, "state_json": json.dumps(state), "next": "play"})  # Done
    client.post(f"/plays/{play_id}/finish", data={"csrf_token": token})
    new_play(client, token, players=("Ann", "Cy"))
    return play_id


@pytest.fixture
def export(app, client, token):
    seed(client, token)
    return export_data(app.config["DATABASE"])


def rows(path: str, sql: str) -> list[tuple]:
    db = connect(path)
    try:
        return [tuple(r) for r in db.execute(sql).fetchall()]
    finally:
        db.conn.close()


def empty(path: str) -> bool:
    if not os.path.exists(path):
        return True
    db = connect(path)
    try:
        return all(db.execute(f"SELECT COUNT(*) FROM [{t}]").fetchone()[0] == 0
                   for t in db.table_names() if not t.startswith(("_", "sqlite_")))
    finally:
        db.conn.close()


def _set(data, table, row, column, value):
    data = copy.deepcopy(data)
    content = data["tables"][table]
    content["rows"][row][content["columns"].index(column)] = value
    return data


def _hostile(export: dict) -> list[tuple[str, object, str]]:
    """(what, file content, words the refusal must contain)."""
    seats = export["tables"]["seats"]
    more_rows = copy.deepcopy(export)
    more_rows["tables"]["seats"]["rows"].append(copy.deepcopy(seats["rows"][0]))
    no_table = copy.deepcopy(export)
    del no_table["tables"]["plays"]
    injected = copy.deepcopy(export)
    injected["tables"]["players"]["columns"][1] = "name) VALUES (1); DROP TABLE plays; --"
    nested = copy.deepcopy(export)
    nested["tables"]["seats"]["rows"][0] = [[[]]] * len(seats["columns"])
    return [
        ("a list, not an object", [1, 2, 3], "not a Scorepad export"),
        ("another format", {"format": "csv"}, "not a Scorepad export"),
        ("a future format version", dict(export, format_version=2), "format 2 is not supported"),
        ("a newer schema", dict(export, migrations=export["migrations"] + ["m999_future"]), "newer Scorepad"),
        ("migrations not a list", dict(export, migrations="m001"), "migrations"),
        ("tables not an object", dict(export, tables=[1]), '"tables" must be an object'),
        ("an unknown table", dict(export, tables={**export["tables"], "sqlite_master": {"columns": [], "rows": []}}),
         "unknown table 'sqlite_master'"),
        ("a table without rows", dict(export, tables={**export["tables"], "players": {"columns": ["id"]}}),
         'players: expected {"columns"'),
        ("an unknown column", injected, "unknown columns in players"),
        ("a missing column", _drop_column(export, "seats", "player_id"), "seats: the export has no column player_id"),
        ("a short row", _short_row(export), "seats, row 1: expected a list of"),
        ("a row of lists", nested, "seats, row 1"),
        ("text in an id", _set(export, "players", 0, "id", "one"), "players, row 1: id must be a whole number"),
        ("a float in an id", _set(export, "players", 0, "id", 1.5), "id must be a whole number"),
        ("true as an id", _set(export, "players", 0, "id", True), "id must be a whole number"),
        ("an id past SQLite", _set(export, "players", 0, "id", 2**70), "out of range"),
        ("a number for a name", _set(export, "players", 0, "name", 5), "name must be text"),
        ("a missing name", _set(export, "players", 0, "name", None), "name is empty (null)"),
        ("damaged JSON in a state", _set(export, "seats", 1, "state", '{"points": 9,'), "seats, row 2 (id 2): state is not valid JSON"),
        ("a state that is a list", _set(export, "seats", 0, "state", "[1, 2]"), "state must hold a JSON object"),
        ("NaN in a state", _set(export, "seats", 0, "state", '{"points": NaN}'), "NaN is not allowed"),
        ("damaged winners", _set(export, "plays", 0, "winners", "[\"Ann\""), "plays, row 1 (id 1): winners is not valid JSON"),
        ("damaged options", _set(export, "plays", 0, "options", "{"), "options is not valid JSON"),
        ("damaged edit log", _set(export, "edit_log", 2, "new", "{x}"), "edit_log, row 3 (id 3): new is not valid JSON"),
        ("an unknown status", _set(export, "plays", 0, "status", "paused"), "status must be one of in_progress, finished"),
        ("a seat of no play", _set(export, "seats", 0, "play_id", 99), "seats, row 1 (id 1): play_id 99 refers to plays id 99"),
        ("a seat of no player", _set(export, "seats", 0, "player_id", 42), "player_id 42 refers to players id 42"),
        ("a play missing", no_table, "play_id 1 refers to plays id 1, which is not in the export"),
        ("a merge into nobody", _set(export, "players", 0, "merged_into", 77), "merged_into 77 refers to players id 77"),
        ("a repeated id", _set(export, "players", 1, "id", 1), "players, row 2 (id 1): id 1 appears twice"),
        ("two seats in one place", _set(more_rows, "seats", len(seats["rows"]), "id", 999), "play_id, position"),
        ("a NUL in a name", _set(export, "players", 0, "name", "A\x00B"), "NUL"),
        ("files not an object", dict(export, files=[1]), '"files" must be'),
        ("a photo outside its folder", dict(export, files={"photos": {"../../secret_key.jpg": "AAAA"}}),
         "is not a photo's place"),
        ("a photo that is not base64", dict(export, files={"photos": {"1/a.jpg": "not base64!"}}), "is not base64"),
    ]


def _drop_column(export, table, column):
    data = copy.deepcopy(export)
    content = data["tables"][table]
    index = content["columns"].index(column)
    content["columns"].pop(index)
    for row in content["rows"]:
        row.pop(index)
    return data


def _short_row(export):
    data = copy.deepcopy(export)
    data["tables"]["seats"]["rows"][0] = data["tables"]["seats"]["rows"][0][:-1]
    return data


def test_every_hostile_export_is_refused_with_its_first_bad_row_named_and_nothing_written(export, tmp_path):
    cases = _hostile(export)
    assert len(cases) >= 35
    for n, (what, content, words) in enumerate(cases):
        target = str(tmp_path / f"target-{n}.db")
        with pytest.raises(ImportRefused) as refused:
            import_data(target, json.loads(json.dumps(content)))
        assert words in str(refused.value), (what, str(refused.value))
        assert empty(target), what


@pytest.mark.parametrize("raw, words", [
    (b"", "not JSON"),
    (b"{", "not JSON"),
    (b"\xff\xfe{}", "not UTF-8"),
    (b"SQLite format 3\x00" + b"\0" * 100, "SQLite database, not an export"),
    (b"[" * 100_000, "nested too deeply"),
    (b'{"format": "scorepad-export", "x": Infinity}', "Infinity is not allowed"),
])
def test_files_that_are_not_json_are_refused_in_words(raw, words):
    with pytest.raises(ImportRefused, match=words):
        read_export(raw)


def test_a_good_export_imports_once_and_rebuilds_the_statistics(export, tmp_path):
    target = str(tmp_path / "fresh.db")
    stats = export["tables"]["player_stats"]["rows"]
    assert stats  # Ann and Bob finished a play
    tampered = copy.deepcopy(export)
    tampered["tables"]["player_stats"]["rows"] = [[1, "stub", 99, 99, 999, 999]]  # stale or forged
    counts = import_data(target, tampered)
    assert "player_stats" not in counts  # derived: rebuilt, never taken from the file
    assert [list(r) for r in rows(target, "SELECT * FROM player_stats ORDER BY player_id, game")] == stats
    plan = plan_import(str(tmp_path / "other.db"), export)
    assert plan.summary()[:2] == ["3 players", "2 plays (Stub Game 2), played 28 Nov 2026"]


def _release_export(tmp_path: Path, index: int, names: list[str]) -> dict:
    """What the release whose newest migration is ``names[index]`` exported: its schema, data a
    group would have had (a finished play with totals), exported."""
    from migrations.migrations import migrations

    path = str(tmp_path / f"release-{index}.db")
    db = connect(path)
    migrations.apply(db, stop_before=names[index + 1] if index + 1 < len(names) else None)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("INSERT INTO players (id, name, created_at) VALUES (1, 'Ann', '2025-01-01T10:00:00')")
    db.execute("INSERT INTO players (id, name, created_at) VALUES (2, 'Bob', '2025-01-01T10:00:00')")
    db.execute("INSERT INTO players (id, name, created_at, merged_into) VALUES (3, 'Annie', '2025-01-01T10:00:00', 1)")
    db.execute(
        "INSERT INTO plays (id, game, played_at, options, status, notes, winners, created_at, updated_at) VALUES "
        "(1, 'planted', '2025-01-01T20:00', '{}', 'finished', 'old night', '[\"Ann\"]', '2025-01-01', '2025-01-01')"
    )
    for seat, (player, total, rank) in enumerate(((1, 15, 1), (2, 11, 2))):
        db.execute(
            "INSERT INTO seats (id, play_id, position, player_id, state, complete, total, rank, breakdown, version, "
            "updated_at) VALUES (?, 1, ?, ?, '{\"propagation\": 3}', 1, ?, ?, '[]', 2, '2025-01-01')",
            [seat + 1, seat, player, total, rank],
        )
    db.execute("INSERT INTO edit_log (play_id, seat_id, player_id, at, who, action, old, new) "
               "VALUES (1, 1, 1, '2025-01-01', 'device abc', 'seat saved', '{}', '{\"propagation\": 3}')")
    if "player_stats" in db.table_names():
        db.execute("DELETE FROM player_stats")  # as that release kept them (or forgot to)
    db.conn.close()
    data = export_data(path)
    assert data["migrations"] == names[: index + 1]
    return json.loads(dump(data))


def test_an_export_from_each_earlier_release_imports_with_statistics(tmp_path):
    from migrations.migrations import migrations

    names = [m.name for m in migrations._migrations]
    for index in range(len(names)):
        data = _release_export(tmp_path, index, names)
        target = str(tmp_path / f"now-{index}.db")
        counts = import_data(target, data)
        assert counts["plays"] == 1 and counts["seats"] == 2 and counts["players"] == 3, names[index]
        assert rows(target, "SELECT player_id, game, plays, wins, total_sum, best FROM player_stats ORDER BY player_id") == [
            (1, "planted", 1, 1, 15, 15), (2, "planted", 1, 0, 11, 11)], names[index]
        assert rows(target, "PRAGMA integrity_check") == [("ok",)]
        # Brought up to date as an upgrade would: (m005) the complete seats are done, each seat has
        # its version on record and the play's version counter is past them.
        if index < names.index("m005_live_table"):
            assert rows(target, "SELECT done FROM seats ORDER BY id") == [(1,), (1,)], names[index]
            assert rows(target, "SELECT seat_id, version FROM seat_versions ORDER BY seat_id") == [(1, 2), (2, 2)]
            assert rows(target, "SELECT version FROM plays") == [(2,)], names[index]
        client = create_app({"DATABASE": target, "SECRET_KEY": "k"}).test_client()
        page = client.get("/players/1")
        assert page.status_code == 200 and "15" in page.get_data(as_text=True), names[index]
        # The imported play can be reopened and changed, with the version its page shows.
        token = csrf_token(client, "/plays/1")
        assert client.post("/plays/1/reopen", data={"csrf_token": token}).status_code == 303, names[index]
        html = client.get("/plays/1/seats/0").get_data(as_text=True)
        version = re.search(r'name="version" id="seat-version" value="(\d+)"', html).group(1)
        saved = client.post("/plays/1/seats/0", data={"csrf_token": token, "version": version, "propagation": "4"})
        assert saved.status_code == 303, (names[index], saved.status_code)
        assert json.loads(rows(target, "SELECT state FROM seats WHERE id = 1")[0][0])["propagation"] == 4


def test_rebuild_stats_command_recomputes_them(app, client, token, runner):
    seed(client, token)
    db = connect(app.config["DATABASE"])
    before = [tuple(r) for r in db.execute("SELECT * FROM player_stats ORDER BY player_id").fetchall()]
    db.execute("DELETE FROM player_stats")
    db.conn.close()
    result = runner.invoke(args=["rebuild-stats"])
    assert result.exit_code == 0 and "Player statistics rebuilt: 2 rows for 2 players." in result.output
    assert rows(app.config["DATABASE"], "SELECT * FROM player_stats ORDER BY player_id") == before


def test_import_command_names_the_bad_row_and_writes_nothing(export, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(dump(_set(export, "seats", 1, "state", "{oops")), encoding="utf-8")
    target = create_app({"DATABASE": str(tmp_path / "t.db"), "SECRET_KEY": "k"})
    result = target.test_cli_runner().invoke(args=["import-json", str(path)])
    assert result.exit_code != 0 and "seats, row 2 (id 2): state is not valid JSON" in result.output
    assert empty(str(tmp_path / "t.db"))
    path.write_bytes(b"\xff\xfe")
    result = target.test_cli_runner().invoke(args=["import-json", str(path)])
    assert result.exit_code != 0 and "not UTF-8" in result.output and "Traceback" not in result.output


# ------------------------------------------------------------------------ exports and backups


def test_export_refuses_to_write_over_a_sqlite_file(app, client, token, runner, tmp_path):
    seed(client, token)
    live = app.config["DATABASE"]
    size = os.path.getsize(live)
    result = runner.invoke(args=["export-json", live])
    assert result.exit_code != 0 and "is a SQLite database: the export would overwrite it" in result.output
    assert os.path.getsize(live) == size and rows(live, "SELECT COUNT(*) FROM plays") == [(2,)]
    other = tmp_path / "old-backup.db"
    backup_database(live, str(other))
    assert runner.invoke(args=["export-json", str(other)]).exit_code != 0
    good = tmp_path / "export.json"
    assert runner.invoke(args=["export-json", str(good)]).exit_code == 0
    assert json.loads(good.read_text())["format"] == "scorepad-export"
    assert not list(tmp_path.glob(".*.partial"))


def test_a_backup_that_fails_its_check_leaves_nothing_at_the_target(app, client, token, tmp_path, monkeypatch):
    import web.data.backup as backup

    seed(client, token)
    target = tmp_path / "b.db"

    def broken(status, remaining, total):
        raise RuntimeError("the copy was interrupted")

    monkeypatch.setattr(backup, "_progress", broken)
    with pytest.raises(RuntimeError):
        backup_database(app.config["DATABASE"], str(target))
    assert not target.exists() and not list(tmp_path.glob(".b.db.partial"))


def test_a_backup_killed_mid_copy_leaves_no_database_at_the_target(app, client, token, tmp_path):
    seed(client, token)
    db = connect(app.config["DATABASE"])
    db.execute("CREATE TABLE padding (x BLOB)")
    db.execute("INSERT INTO padding SELECT randomblob(4000) FROM (WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL "
               "SELECT i + 1 FROM n WHERE i < 3000) SELECT i FROM n)")  # ~12 MB: many backup steps
    db.conn.close()
    target = tmp_path / "killed.db"
    script = (
        "import os, signal, sys; import web.data.backup as b\n"
        "def kill(status, remaining, total):\n"
        "    if remaining < total // 2: os.kill(os.getpid(), signal.SIGKILL)\n"
        "b._progress = kill\n"
        "b.backup_database(sys.argv[1], sys.argv[2])\n"
    )
    done = subprocess.run([sys.executable, "-c", script, app.config["DATABASE"], str(target)], cwd=ROOT,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True, timeout=60)
    assert done.returncode == -signal.SIGKILL
    assert not target.exists()  # before: an empty database that passed integrity_check
    assert (tmp_path / ".killed.db.partial").exists()  # the half-written copy, under another name
    backup_database(app.config["DATABASE"], str(target))  # the next backup writes over it and completes
    assert rows(str(target), "SELECT COUNT(*) FROM plays") == [(2,)]
    assert not (tmp_path / ".killed.db.partial").exists()


def test_a_backup_refuses_the_live_database_and_files_that_are_not_backups(app, tmp_path):
    import click

    with pytest.raises(click.ClickException, match="is the live database"):
        backup_database(app.config["DATABASE"], app.config["DATABASE"])
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes")
    with pytest.raises(click.ClickException, match="is not a database backup"):
        backup_database(app.config["DATABASE"], str(notes))
    assert notes.read_text() == "my notes"


# ------------------------------------------------------------------------ the Settings page


def test_settings_downloads_a_backup_of_the_database(client, token):
    seed(client, token)
    with client.get("/settings/backup.db") as response:
        assert response.status_code == 200
        assert "attachment" in response.headers["Content-Disposition"] and ".db" in response.headers["Content-Disposition"]
        data = response.get_data()
    assert data.startswith(b"SQLite format 3\x00")
    assert "Download a backup" in client.get("/settings").get_data(as_text=True)


def _upload(client, token, content: bytes, name="scorepad-export.json"):
    """The browser's multipart upload, encoded here in memory (the test client would spool a large
    one to a temporary file it never closes)."""
    boundary = "scorepad-test-boundary"
    body = (f'--{boundary}\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n{token}\r\n'
            f'--{boundary}\r\nContent-Disposition: form-data; name="export"; filename="{name}"\r\n'
            "Content-Type: application/json\r\n\r\n").encode() + content + f"\r\n--{boundary}--\r\n".encode()
    return client.post("/settings/import", data=body, content_type=f"multipart/form-data; boundary={boundary}")


def test_settings_import_shows_what_it_will_add_then_applies_it(export, tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "empty.db"), "SECRET_KEY": "k"})
    client = app.test_client()
    token = csrf_token(client, "/settings")
    assert "Check the file" in client.get("/settings").get_data(as_text=True)
    response = _upload(client, token, dump(export).encode())
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "This will add" in html and "3 players" in html and "2 plays (Stub Game 2)" in html
    assert empty(str(tmp_path / "empty.db"))  # nothing written yet
    pending = re.search(r'name="token" value="([^"]+)"', html).group(1)
    response = client.post("/settings/import/confirm", data={"csrf_token": token, "token": pending})
    assert response.status_code == 303
    assert "Imported: 3 players, 2 plays" in client.get("/settings").get_data(as_text=True)
    assert rows(str(tmp_path / "empty.db"), "SELECT COUNT(*) FROM plays") == [(2,)]
    assert rows(str(tmp_path / "empty.db"), "SELECT COUNT(*) FROM player_stats") == [(2,)]
    again = client.post("/settings/import/confirm", data={"csrf_token": token, "token": pending})
    assert again.status_code == 409  # used once


def test_settings_import_refuses_a_bad_file_in_words_and_a_non_empty_instance(export, client, token):
    bad = _set(export, "seats", 0, "state", "{")
    response = _upload(client, token, dump(bad).encode())
    # This instance already has the seeded plays: refused before the rows are even read.
    assert response.status_code == 422 and "already has data" in response.get_data(as_text=True)
    html = client.get("/settings").get_data(as_text=True)
    assert "Imports go only into an empty Scorepad" in html


def test_settings_import_names_the_first_bad_row(export, tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "e.db"), "SECRET_KEY": "k"})
    client = app.test_client()
    token = csrf_token(client, "/settings")
    response = _upload(client, token, dump(_set(export, "seats", 1, "state", "{")).encode())
    assert response.status_code == 422
    assert "Not imported: seats, row 2 (id 2): state is not valid JSON" in response.get_data(as_text=True)
    response = _upload(client, token, b"not json")
    assert response.status_code == 422 and "this file is not JSON" in response.get_data(as_text=True)
    assert _upload(client, token, b"").status_code == 422  # no file chosen
    assert empty(str(tmp_path / "e.db"))


def test_the_import_upload_may_be_larger_than_other_requests(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "e.db"), "SECRET_KEY": "k", "IMPORT_MAX_BYTES": 3 * 1024 * 1024})
    client = app.test_client()
    token = csrf_token(client, "/settings")
    big = b'{"format": "scorepad-export", "pad": "' + b"x" * (2 * 1024 * 1024) + b'"}'
    with _upload(client, token, big) as response:  # (closing the response closes the spooled body)
        assert response.status_code == 422 and "format None is not supported" in response.get_data(as_text=True)
    with client.post("/players", data={"csrf_token": token, "name": "x" * (2 * 1024 * 1024)}) as response:
        assert response.status_code == 413

