"""Backups and the JSON export / import round trip."""

from __future__ import annotations

import json
import sqlite3

import pytest

from app import create_app
from tests.conftest import new_play
from web.data.backup import ImportRefused, backup_database, dump, export_data, import_data


def seed(client, token):
    play_id = new_play(client, token, players=("Ann", "Bob"), bonus="1")
    for position, state in enumerate(({"points": 9, "tokens": 2}, {"points": 9, "tokens": 1})):
        client.post(f"/plays/{play_id}/seats/{position}", data={"csrf_token": token, "state_json": json.dumps(state), "next": "play"})
    client.post(f"/plays/{play_id}/finish", data={"csrf_token": token})
    new_play(client, token, players=("Ann", "Cy"))
    return play_id


def test_backup_is_a_consistent_copy_with_every_row(app, client, token, tmp_path):
    seed(client, token)
    target = backup_database(app.config["DATABASE"], str(tmp_path / "copy.db"))
    copy = sqlite3.connect(target)
    assert copy.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert copy.execute("SELECT COUNT(*) FROM plays").fetchone()[0] == 2
    assert copy.execute("SELECT COUNT(*) FROM seats WHERE total IS NOT NULL").fetchone()[0] == 2
    copy.close()


def test_backup_command_writes_into_instance_backups(app, client, token, runner):
    seed(client, token)
    result = runner.invoke(args=["backup"])
    assert result.exit_code == 0 and "Backup written" in result.output


def test_export_import_export_is_identical(app, client, token, tmp_path):
    seed(client, token)
    first = export_data(app.config["DATABASE"])
    assert {"players", "plays", "seats", "edit_log"} <= set(first["tables"])
    assert len(first["tables"]["edit_log"]["rows"]) >= 5
    fresh = str(tmp_path / "fresh.db")
    counts = import_data(fresh, json.loads(dump(first)))
    assert counts["plays"] == 2 and counts["players"] == 3
    assert dump(export_data(fresh)) == dump(first)
    # The imported instance serves the same result.
    other = create_app({"DATABASE": fresh, "SECRET_KEY": "k"}).test_client()
    assert "Ann wins" in other.get("/plays/1/result").get_data(as_text=True)


def test_import_refuses_a_non_empty_instance_and_foreign_files(app, client, token, tmp_path):
    seed(client, token)
    data = export_data(app.config["DATABASE"])
    with pytest.raises(ImportRefused, match="already has data"):
        import_data(app.config["DATABASE"], data)
    with pytest.raises(ImportRefused, match="not a Scorepad export"):
        import_data(str(tmp_path / "x.db"), {"hello": 1})
    newer = dict(data, migrations=data["migrations"] + ["m999_future"])
    with pytest.raises(ImportRefused, match="newer Scorepad"):
        import_data(str(tmp_path / "y.db"), newer)


def test_import_command_round_trip(app, client, token, tmp_path):
    seed(client, token)
    path = tmp_path / "export.json"
    assert app.test_cli_runner().invoke(args=["export-json", str(path)]).exit_code == 0
    target = create_app({"DATABASE": str(tmp_path / "target.db"), "SECRET_KEY": "k"})
    result = target.test_cli_runner().invoke(args=["import-json", str(path)])
    assert result.exit_code == 0, result.output
    assert "2 plays" in result.output
    again = target.test_cli_runner().invoke(args=["import-json", str(path)])
    assert again.exit_code != 0 and "already has data" in again.output


def test_settings_page_offers_the_export_download(client, token):
    seed(client, token)
    html = client.get("/settings").get_data(as_text=True)
    assert "Download the export" in html and "is <strong>open</strong>" in html
    response = client.get("/settings/export.json")
    assert response.status_code == 200
    assert "attachment" in response.headers["Content-Disposition"]
    assert response.get_json()["format"] == "scorepad-export"


def test_device_name_signs_the_edit_log(client, token):
    assert client.post("/settings/device", data={"csrf_token": token, "name": "Rosa's phone"}).status_code == 303
    play_id = new_play(client, token)
    assert "by Rosa&#39;s phone" in client.get(f"/plays/{play_id}/log").get_data(as_text=True)
    response = client.post("/settings/device", data={"csrf_token": token, "name": "x" * 41})
    assert response.status_code == 422 and "at most 40" in response.get_data(as_text=True)


def test_an_export_with_a_deleted_play_and_seats_set_aside_imports_whole(app, client, token, tmp_path):
    """A deleted play (kept, restorable) and the seats set aside when players were removed from a play
    (a play of status set_aside) are part of the data: the export imports again, row for row."""
    from tests.web.test_screens import _players_form, save
    from web.data import store

    seed(client, token)
    gone = new_play(client, token, players=("Dee", "Eve"))
    assert client.post(f"/plays/{gone}/delete", data={"csrf_token": token}).status_code == 303
    play_id = new_play(client, token, players=("Ann", "Bob", "Cy"))
    save(client, token, play_id, 1, {"points": 20})
    with app.app_context():
        ann, _bob, _cy = store.get_play(play_id).seats
    assert _players_form(client, play_id, token, [(ann.id, "Ann")]).status_code == 303  # Bob's entries set aside
    first = export_data(app.config["DATABASE"])
    statuses = sorted(r[first["tables"]["plays"]["columns"].index("status")] for r in first["tables"]["plays"]["rows"])
    assert "deleted" in statuses and "set_aside" in statuses
    fresh = str(tmp_path / "fresh.db")
    import_data(fresh, json.loads(dump(first)))
    assert dump(export_data(fresh)) == dump(first)
