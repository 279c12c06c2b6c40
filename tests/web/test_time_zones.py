"""The group's time zone (issue 26 item 4, docs/architecture.md "Time zones"): times are stored in
UTC with the zone they were typed in; the API, the JSON export and /export.csv write them in
UTC (``Z``), every row alike; the pages show them in the group's zone, which the Settings page
chooses (else SCOREPAD_TIMEZONE, else the server's)."""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import UTC, datetime, timedelta
from html import unescape

import pytest

from app import create_app
from tests.conftest import csrf_token, new_play

HX = {"HX-Request": "true"}


def choose_zone(client, name: str):
    return client.post("/settings/timezone", data={"csrf_token": csrf_token(client, "/settings"), "timezone": name})


def stored(app, sql: str, args=()):
    with app.app_context():
        from web.data.db import get_db

        return [tuple(r) for r in get_db().execute(sql, args).fetchall()]


def api_play(client, played_at, game="stub", players=("Ann", "Bob")):
    body = {"game": game, "players": list(players)}
    if played_at is not None:
        body["played_at"] = played_at
    response = client.post("/api/plays", json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()["id"]


def finish(client, play_id, points=(10, 20)):
    for position, value in enumerate(points):
        version = client.get(f"/api/plays/{play_id}").get_json()["seats"][position]["version"]
        response = client.patch(f"/api/plays/{play_id}/seats/{position}",
                                json={"base_version": version, "set": {"points": value}, "done": True})
        assert response.status_code == 200, response.get_json()
    assert client.post(f"/api/plays/{play_id}/finish").status_code == 200


def test_a_time_typed_on_the_new_play_form_in_berlin_is_stored_in_utc_and_shown_as_typed(app, client, token):
    assert choose_zone(client, "Europe/Berlin").status_code == 303
    play_id = new_play(client, token)  # played_at 2026-11-28T20:30, typed in Berlin (UTC+1 in November)
    assert stored(app, "SELECT played_at, played_zone FROM plays") == [("2026-11-28T19:30:00Z", "Europe/Berlin")]
    assert "Sat 28 Nov 2026, 20:30" in client.get(f"/plays/{play_id}").get_data(as_text=True)
    edit = client.get(f"/plays/{play_id}/edit").get_data(as_text=True)
    assert 'value="2026-11-28T20:30"' in edit  # the form shows it back as typed
    assert client.get(f"/api/plays/{play_id}").get_json()["played_at"] == "2026-11-28T19:30:00Z"


def test_the_new_play_form_offers_now_in_the_group_zone(client):
    choose_zone(client, "Asia/Kolkata")  # UTC+05:30, no summer time
    html = client.get("/plays/new").get_data(as_text=True)
    offered = re.search(r'id="played_at"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*id="played_at"', html)
    value = datetime.fromisoformat(offered.group(1) or offered.group(2))
    kolkata_now = datetime.now(UTC).replace(tzinfo=None) + timedelta(hours=5, minutes=30)
    assert abs(value - kolkata_now) < timedelta(minutes=2)


def test_changing_the_date_on_the_edit_form_stores_utc_and_the_zone_it_was_typed_in(app, client, token):
    play_id = new_play(client, token)  # the group's zone is UTC under test: 20:30Z
    choose_zone(client, "America/New_York")
    edit_token = csrf_token(client, f"/plays/{play_id}/edit")
    version = re.search(r'name="version"[^>]*value="(\d+)"', client.get(f"/plays/{play_id}/edit").get_data(as_text=True))
    data = {"csrf_token": edit_token, "played_at": "2026-11-28T18:00", "notes": "", "opt-stub-bonus": "0"}
    if version:
        data["version"] = version.group(1)
    assert client.post(f"/plays/{play_id}/edit", data=data).status_code == 303
    # 18:00 in New York (EST, UTC-5) is 23:00Z
    assert stored(app, "SELECT played_at, played_zone FROM plays") == [("2026-11-28T23:00:00Z", "America/New_York")]
    log = stored(app, "SELECT new FROM edit_log WHERE action = 'play details changed'")
    assert json.loads(log[0][0])["played_at"] == "2026-11-28T23:00:00Z"


def test_saving_the_edit_form_unchanged_keeps_a_time_the_clocks_passed_twice(app, client, token):
    """01:30Z on 25 October 2026 is the second 02:30 in Berlin (CET); the form shows 02:30, which
    typed would read as the first (fold=0, 00:30Z): saved unchanged, the stored time stays."""
    choose_zone(client, "Europe/Berlin")
    play_id = api_play(client, "2026-10-25T02:30+01:00")
    assert stored(app, "SELECT played_at FROM plays") == [("2026-10-25T01:30:00Z",)]
    html = client.get(f"/plays/{play_id}/edit").get_data(as_text=True)
    assert 'value="2026-10-25T02:30"' in html
    data = {"csrf_token": csrf_token(client, f"/plays/{play_id}/edit"), "played_at": "2026-10-25T02:30",
            "notes": "kept", "opt-stub-bonus": "0"}
    assert client.post(f"/plays/{play_id}/edit", data=data).status_code == 303
    assert stored(app, "SELECT played_at, notes FROM plays") == [("2026-10-25T01:30:00Z", "kept")]


def test_the_api_converts_an_offset_and_reads_a_naive_time_in_the_group_zone(app, client):
    choose_zone(client, "Europe/Berlin")
    with_offset = api_play(client, "2026-11-30T21:00:00+01:00")
    naive = api_play(client, "2026-11-28T20:30")
    gap = api_play(client, "2026-03-29T02:30")  # the hour Berlin's clocks skip: read at +01:00
    fold = api_play(client, "2026-10-25T02:30")  # the hour passed twice: its first pass, +02:00
    now = api_play(client, None)
    rows = dict((r[0], r[1:]) for r in stored(app, "SELECT id, played_at, played_zone FROM plays"))
    assert rows[with_offset] == ("2026-11-30T20:00:00Z", "+01:00")
    assert rows[naive] == ("2026-11-28T19:30:00Z", "Europe/Berlin")
    assert rows[gap] == ("2026-03-29T01:30:00Z", "Europe/Berlin")
    assert rows[fold] == ("2026-10-25T00:30:00Z", "Europe/Berlin")
    assert abs(datetime.fromisoformat(rows[now][0]) - datetime.now(UTC)) < timedelta(minutes=2)
    body = client.get(f"/api/plays/{with_offset}").get_json()
    assert body["played_at"] == "2026-11-30T20:00:00Z" and body["played_zone"] == "+01:00"
    assert "Mon 30 Nov 2026, 21:00" in client.get(f"/plays/{with_offset}").get_data(as_text=True)
    assert "Sun 29 Mar 2026, 03:30" in client.get(f"/plays/{gap}").get_data(as_text=True)  # 01:30Z is CEST
    refused = client.post("/api/plays", json={"game": "stub", "players": ["Ann"], "played_at": "28/11/2026 20:30"})
    assert refused.status_code == 422
    assert refused.get_json()["errors"][0]["path"] == "played_at"


def test_the_plays_list_answers_utc_and_reads_since_in_the_group_zone(client):
    choose_zone(client, "Europe/Berlin")
    late = api_play(client, "2026-11-05T00:30")  # Berlin: 23:30Z on the 4th
    api_play(client, "2026-11-04T23:30")  # Berlin: 22:30Z on the 4th
    body = client.get("/api/plays?since=2026-11-05").get_json()  # from midnight in Berlin: 23:00Z
    assert [p["id"] for p in body["plays"]] == [late]
    assert body["plays"][0]["played_at"] == "2026-11-04T23:30:00Z"
    assert [p["id"] for p in client.get("/api/plays?since=2026-11-04T23:00:00Z").get_json()["plays"]] == [late]


def test_every_time_of_the_csv_and_the_json_export_is_iso_8601_with_the_same_offset(app, client, token):
    choose_zone(client, "Europe/Berlin")
    plays = [new_play(client, token), api_play(client, "2026-11-30T21:00:00+01:00"),
             api_play(client, "2026-07-01T20:00"), api_play(client, "2026-10-25T02:30-04:00")]
    for play_id in plays:
        finish(client, play_id)
    text = client.get("/export.csv").get_data(as_text=True)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == 4 * 2 * 2  # 4 plays x 2 seats x (Points, Bonus)
    for column in ("played_at", "finished_at"):
        values = [datetime.fromisoformat(r[column]) for r in rows]  # strict: every row parses
        assert all(v.utcoffset() == timedelta(0) for v in values), column  # and carries the same offset
        assert all(r[column].endswith("Z") and len(r[column]) == 20 for r in rows), column  # one shape
    assert {r["played_at"] for r in rows} == {"2026-11-28T19:30:00Z", "2026-11-30T20:00:00Z",
                                              "2026-07-01T18:00:00Z", "2026-10-25T06:30:00Z"}
    export = client.get("/settings/export.json").get_json()
    times = [
        (table, column, value)
        for table, content in export["tables"].items()
        for i, column in enumerate(content["columns"])
        if column == "at" or column.endswith("_at")
        for value in (row[i] for row in content["rows"])
        if value is not None
    ]
    assert {t for t, _, _ in times} >= {"plays", "seats", "edit_log", "play_versions", "players"}
    for table, column, value in times:
        assert datetime.fromisoformat(value).utcoffset() == timedelta(0) and value.endswith("Z"), (table, column, value)


def test_changing_the_zone_on_settings_changes_what_pages_show_not_what_is_stored(app, client):
    play_id = api_play(client, "2026-11-28T19:30:00Z")
    assert "Sat 28 Nov 2026, 19:30" in client.get(f"/plays/{play_id}").get_data(as_text=True)  # UTC under test
    assert choose_zone(client, "Asia/Tokyo").status_code == 303
    page = client.get(f"/plays/{play_id}").get_data(as_text=True)
    assert "Sun 29 Nov 2026, 04:30" in page  # Tokyo is UTC+9: 04:30 the next day
    assert "Sun 29 Nov 2026, 04:30" in client.get("/plays").get_data(as_text=True)  # the history too
    assert stored(app, "SELECT played_at FROM plays") == [("2026-11-28T19:30:00Z",)]
    assert client.get(f"/api/plays/{play_id}").get_json()["played_at"] == "2026-11-28T19:30:00Z"
    settings = client.get("/settings").get_data(as_text=True)
    assert 'value="Asia/Tokyo"' in settings and '<datalist id="zone-names">' in settings
    assert '<option value="Europe/Berlin">' in settings
    assert choose_zone(client, "").status_code == 303  # empty: back to the default (UTC here)
    assert "Sat 28 Nov 2026, 19:30" in client.get(f"/plays/{play_id}").get_data(as_text=True)
    assert stored(app, "SELECT key, value FROM settings") == []


def test_settings_refuses_an_unknown_zone_naming_the_field(app, client):
    response = client.post("/settings/timezone", headers=HX,
                           data={"csrf_token": csrf_token(client, "/settings"), "timezone": "Europe/Berln"})
    assert response.status_code == 422
    html = unescape(response.get_data(as_text=True))
    assert 'Time zone: "Europe/Berln" is not a time zone: use an IANA name like Europe/Berlin' in html
    assert 'aria-invalid="true"' in html and "<html" not in html  # the form's region only
    assert stored(app, "SELECT key, value FROM settings") == []


def test_an_unknown_zone_in_the_environment_stops_start_up_with_the_reason(tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREPAD_TIMEZONE", "Mars/Olympus")
    with pytest.raises(SystemExit, match='SCOREPAD_TIMEZONE "Mars/Olympus" is not a time zone: use an IANA name'):
        create_app({"DATABASE": str(tmp_path / "z.db"), "SECRET_KEY": "x", "TESTING": True})
    monkeypatch.setenv("SCOREPAD_TIMEZONE", "Europe/Berlin")
    app = create_app({"DATABASE": str(tmp_path / "z.db"), "SECRET_KEY": "x", "TESTING": True})
    with app.test_request_context():
        from web.data import zone

        assert zone.group_zone_name() == "Europe/Berlin"


def test_the_when_and_where_form_reads_and_shows_the_group_zone(app, client, token):
    choose_zone(client, "Europe/Berlin")
    play_id = new_play(client, token)
    form_token = csrf_token(client, f"/plays/{play_id}/when-where")
    response = client.post(f"/plays/{play_id}/when-where", data={
        "csrf_token": form_token, "started_at": "2026-11-28T20:30", "finished_at": "2026-11-28T22:05", "location": ""})
    assert response.status_code == 303
    # 20:30 and 22:05 in Berlin (UTC+1)
    assert stored(app, "SELECT started_at, finished_at FROM plays") == [("2026-11-28T19:30:00Z", "2026-11-28T21:05:00Z")]
    html = client.get(f"/plays/{play_id}/when-where").get_data(as_text=True)
    assert 'value="2026-11-28T20:30"' in html and 'value="2026-11-28T22:05"' in html


def _export_with_times(app, played_at: list[str]):
    from web.data.backup import export_data

    data = export_data(app.config["DATABASE"])
    plays = data["tables"]["plays"]
    at = plays["columns"].index("played_at")
    for row, value in zip(plays["rows"], played_at, strict=True):
        row[at] = value
    return data


def test_the_json_import_stores_times_without_a_zone_as_typed_in_the_group_zone(app, client, token, tmp_path):
    from web.data.backup import dump, import_data

    new_play(client, token)
    new_play(client, token)
    data = _export_with_times(app, ["2026-11-28T20:30", "2026-11-30T21:00:00+01:00"])  # as a script wrote it
    target = create_app({"DATABASE": str(tmp_path / "new.db"), "SECRET_KEY": "k", "TESTING": True,
                         "TIMEZONE": "Europe/Berlin"})
    with target.app_context():
        import_data(target.config["DATABASE"], json.loads(dump(data)))
    assert stored(target, "SELECT played_at FROM plays ORDER BY id") == [("2026-11-28T19:30:00Z",),
                                                                       ("2026-11-30T20:00:00Z",)]


def test_an_export_made_before_m011_is_imported_with_its_times_read_in_the_group_zone(app, client, token, tmp_path):
    from web.data.backup import dump, import_data

    new_play(client, token)
    data = _export_with_times(app, ["2026-07-01T20:30"])
    # the export as the release before m011 wrote it: no settings table, no played_zone column
    data["migrations"].remove("m011_times_in_utc")
    data["tables"].pop("settings", None)
    plays = data["tables"]["plays"]
    drop = plays["columns"].index("played_zone")
    plays["columns"].pop(drop)
    for row in plays["rows"]:
        row.pop(drop)
    for content in data["tables"].values():  # its other times were local too (UTC here: 20:30Z, 20:30)
        for i, column in enumerate(content["columns"]):
            if column == "at" or column.endswith("_at"):
                for row in content["rows"]:
                    row[i] = row[i].removesuffix("Z") if isinstance(row[i], str) else row[i]
    target = create_app({"DATABASE": str(tmp_path / "old.db"), "SECRET_KEY": "k", "TESTING": True,
                         "TIMEZONE": "Europe/Berlin"})
    with target.app_context():
        import_data(target.config["DATABASE"], json.loads(dump(data)))
    # July in Berlin is UTC+2
    assert stored(target, "SELECT played_at, played_zone FROM plays") == [("2026-07-01T18:30:00Z", "Europe/Berlin")]
