"""Importing a BG Stats export (web/data/bgstats.py, docs/bgstats.md): the plays of the five games as
typed totals, with a preview, idempotent by BG Stats' uuids, refused whole when damaged; the
typed plays count in wins and head to head, not in the statistics per category, never rescore."""

from __future__ import annotations

import copy
import io
import json
import re
import time

import pytest

from tests.conftest import csrf_token

EXPORT = {
    "games": [
        {"id": 1, "name": "Planted: A Game of Nature & Nurture", "bggId": 365104},
        {"id": 2, "name": "Verdant Arizona", "bggId": 0},  # no BGG id known: matched by name
        {"id": 3, "name": "Catan", "bggId": 13},
        {"id": 4, "name": "Vadoran Gardens", "bggId": 242149},
    ],
    "players": [{"id": 10, "name": "Ann"}, {"id": 11, "name": "Bob"}, {"id": 12, "name": "Cleo"}],
    "locations": [{"id": 5, "name": "The club"}],
    "plays": [
        {"uuid": "u-1", "gameRefId": 1, "playDate": "2026-11-20 19:00:00", "durationMin": 45, "locationRefId": 5,
         "comments": "Bob's first game", "playerScores": [
             {"playerRefId": 10, "score": "41", "winner": False, "startPlayer": False, "seatOrder": 2},
             {"playerRefId": 11, "score": "47", "winner": True, "startPlayer": True, "seatOrder": 1}]},
        {"uuid": "u-2", "gameRefId": 2, "playDate": "2026-11-21 18:30:00", "playerScores": [
            {"playerRefId": 10, "score": 30, "winner": True, "seatOrder": 1},
            {"playerRefId": 12, "score": 30, "winner": True, "seatOrder": 2, "startPlayer": True}]},
        {"uuid": "u-3", "gameRefId": 3, "playDate": "2026-11-22 18:30:00", "playerScores": [
            {"playerRefId": 10, "score": 9, "winner": True}]},
        {"uuid": "u-4", "gameRefId": 1, "playDate": "2026-11-23 18:30:00", "ignored": True, "playerScores": [
            {"playerRefId": 10, "score": 9, "winner": True}]},
        {"uuid": "u-5", "gameRefId": 4, "playDate": "2026-11-24 10:00:00", "playerScores": [
            {"playerRefId": 12, "score": "55", "winner": True}]},
    ],
}


@pytest.fixture
def berlin(monkeypatch):
    """The server's zone is Europe/Berlin (UTC+1 in November): BG Stats' playDate is UTC."""
    monkeypatch.setenv("TZ", "Europe/Berlin")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def write(tmp_path, data, name="export.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return str(path)


def cli(runner, *args):
    return runner.invoke(args=["import-bgstats", *args])


def rows(app, sql, args=()):
    from web.data.db import connect

    db = connect(app.config["DATABASE"])
    try:
        return [tuple(r) for r in db.execute(sql, list(args)).fetchall()]
    finally:
        db.conn.close()


def test_a_dry_run_says_what_it_would_add_and_adds_nothing(app, runner, tmp_path):
    result = cli(runner, write(tmp_path, EXPORT), "--dry-run")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:3] == ["Planted: 1 play", "Vadoran Gardens: 1 play", "Verdant Arizona: 1 play"]
    assert "skipped, marked ignored in BG Stats: 1" in lines and "skipped, plays of other games (Catan): 1" in lines
    assert "players: 0 found, 3 new (Bob, Ann, Cleo)" in lines
    assert lines[-1] == "Dry run: 3 plays would be added; nothing was."
    assert rows(app, "SELECT COUNT(*) FROM plays") == [(0,)] and rows(app, "SELECT COUNT(*) FROM players") == [(0,)]


def test_the_import_keeps_date_length_place_notes_scores_winners_start_player_and_seat_order(app, runner, tmp_path, berlin):
    result = cli(runner, write(tmp_path, EXPORT))
    assert result.exit_code == 0 and result.output.splitlines()[-1] == "Imported 3 plays (3 new players)."
    plays = rows(app, "SELECT game, played_at, started_at, finished_at, location, notes, status, winners, engine_version, "
                      "source, source_id FROM plays ORDER BY id")
    # playDate 19:00 UTC is stored as it is, in UTC (web/data/times.py); 45 minutes: finished 19:45
    assert plays[0] == ("planted", "2026-11-20T19:00:00Z", "2026-11-20T19:00:00Z", "2026-11-20T19:45:00Z", "The club",
                        "Bob's first game", "finished", '["Bob"]', None, "bgstats", "u-1")
    with app.test_request_context():
        from web.data import zone

        zone.choose("Europe/Berlin")
    assert "Fri 20 Nov 2026, 20:00" in app.test_client().get("/plays/1/result").get_data(as_text=True)  # UTC+1
    assert plays[1][0] == "verdant-arizona" and json.loads(plays[1][7]) == ["Cleo", "Ann"]  # in seat order
    assert plays[2][0] == "vadoran-gardens" and plays[2][10] == "u-5"
    seats = rows(app, "SELECT s.play_id, s.position, p.name, s.total, s.rank, s.breakdown, s.state FROM seats s "
                      "JOIN players p ON p.id = s.player_id ORDER BY s.play_id, s.position")
    # Planted: seatOrder Bob 1, Ann 2, Bob started: Bob first; Bob 47 wins, Ann 41 second
    # Arizona: a shared victory at 30-30, Cleo started: Cleo first, both rank 1
    assert seats == [(1, 0, "Bob", 47, 1, None, "{}"), (1, 1, "Ann", 41, 2, None, "{}"),
                     (2, 0, "Cleo", 30, 1, None, "{}"), (2, 1, "Ann", 30, 1, None, "{}"),
                     (3, 0, "Cleo", 55, 1, None, "{}")]


def test_importing_the_same_file_twice_adds_nothing(app, runner, tmp_path):
    path = write(tmp_path, EXPORT)
    assert cli(runner, path).exit_code == 0
    again = cli(runner, path)
    assert again.exit_code == 0 and "skipped, already imported: 3" in again.output
    assert again.output.splitlines()[-1] == "Imported 0 plays (0 new players)."
    assert rows(app, "SELECT COUNT(*) FROM plays") == [(3,)] and rows(app, "SELECT COUNT(*) FROM players") == [(3,)]
    # a later export with one more play adds that one only
    later = copy.deepcopy(EXPORT)
    later["plays"].append({"uuid": "u-6", "gameRefId": 1, "playDate": "2026-11-30 19:00:00",
                           "playerScores": [{"playerRefId": 10, "score": 50, "winner": True}, {"playerRefId": 11, "score": 40}]})
    assert cli(runner, write(tmp_path, later, "later.json")).output.splitlines()[-1] == "Imported 1 plays (0 new players)."


def damaged(change):
    data = copy.deepcopy(EXPORT)
    change(data)
    return data


@pytest.mark.parametrize(("data", "words"), [
    ("not json at all", "not JSON"),
    ({"games": []}, 'no "plays" list'),
    (damaged(lambda d: d["plays"][0].update(gameRefId=99)), "plays[0] names game 99, which the file does not list"),
    (damaged(lambda d: d["plays"][1]["playerScores"][0].update(playerRefId=77)),
     "plays[1].playerScores[0] names player 77, whom the file does not list"),
    (damaged(lambda d: d["plays"][0]["playerScores"][1].update(score="lots")), "plays[0].playerScores[1].score is 'lots'"),
    (damaged(lambda d: d["plays"][0]["playerScores"][1].update(score="4.5")), "whole-number scores"),
    (damaged(lambda d: d["plays"][0].update(playDate="yesterday")), "plays[0].playDate is 'yesterday'"),
    (damaged(lambda d: d["plays"][4].update(uuid="u-1")), "plays[4] repeats the uuid"),
    (damaged(lambda d: d["plays"][0].pop("uuid")), "plays[0] has no uuid"),
    (damaged(lambda d: d.update(players="Ann")), '"players" must be a list'),
])
def test_a_damaged_file_is_refused_with_the_reason_and_nothing_is_added(app, runner, tmp_path, data, words):
    path = tmp_path / "bad.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    result = cli(runner, str(path))
    assert result.exit_code == 1 and words in result.output and "Nothing was added." in result.output
    assert rows(app, "SELECT COUNT(*) FROM plays") == [(0,)] and rows(app, "SELECT COUNT(*) FROM players") == [(0,)]


def test_a_blank_score_is_kept_as_no_total_and_ranked_last(app, runner, tmp_path):
    data = damaged(lambda d: d["plays"][0]["playerScores"][0].update(score=""))
    assert cli(runner, write(tmp_path, data)).exit_code == 0
    assert rows(app, "SELECT total, rank FROM seats WHERE play_id = 1 ORDER BY position") == [(47, 1), (None, 2)]


def test_typed_plays_count_in_wins_and_head_to_head_not_per_category_and_never_rescore(app, runner, tmp_path, client):
    assert cli(runner, write(tmp_path, EXPORT)).exit_code == 0
    wins = rows(app, "SELECT p.name, s.game, s.plays, s.wins, s.best FROM stat_player_game s JOIN players p ON p.id = s.player_id "
                     "WHERE s.game = 'planted' ORDER BY p.name")
    assert wins == [("Ann", "planted", 1, 0, 41), ("Bob", "planted", 1, 1, 47)]
    pairs = rows(app, "SELECT a.name, b.name, s.ahead, s.behind FROM stat_pairs s JOIN players a ON a.id = s.player_id "
                      "JOIN players b ON b.id = s.rival_id WHERE s.game = 'planted' ORDER BY a.name")
    assert pairs == [("Ann", "Bob", 0, 1), ("Bob", "Ann", 1, 0)]
    assert rows(app, "SELECT COUNT(*) FROM stat_player_category") == [(0,)]
    with app.app_context():
        from web.table.rescore import stale_plays

        assert stale_plays() == []  # no engine version: nothing to rescore, ever
    for page in ("/games/planted", "/games/verdant-arizona", "/plays", "/players", "/players/1", "/"):
        assert client.get(page).status_code == 200, page


def test_a_typed_play_shows_its_totals_and_cannot_be_changed_only_deleted(app, runner, tmp_path, client, token):
    assert cli(runner, write(tmp_path, EXPORT)).exit_code == 0
    history = client.get("/plays").get_data(as_text=True)
    assert history.count("typed in BG Stats") == 3
    for page in ("/plays/1", "/plays/1/result", "/plays/1/seats/0", "/plays/1/edit"):
        html = client.get(page).get_data(as_text=True)
        assert "typed in BG Stats" in html and "Bob wins" in html and "47" in html and "The club" in html, page
    api = client.get("/api/plays/1").get_json()
    assert (api["source"], api["status"], api["winners"], api["result"]) == ("bgstats", "finished", ["Bob"], None)
    assert [(s["player"], s["total"], s["rank"], s["complete"]) for s in api["seats"]] == [("Bob", 47, 1, True), ("Ann", 41, 2, True)]
    refused = client.post("/plays/1/reopen", data={"csrf_token": token})
    assert refused.status_code == 409 and "cannot be changed here" in refused.get_data(as_text=True)
    api = client.patch("/api/plays/1/seats/0", json={"base_version": 1, "set": {"propagation": 3}})
    assert api.status_code == 409 and api.get_json()["error"] == "typed"
    assert client.post("/plays/1/delete", data={"csrf_token": token}).status_code == 303
    assert "typed in BG Stats" in client.get("/plays/1").get_data(as_text=True)  # deleted, still shown, restorable
    assert rows(app, "SELECT status FROM plays WHERE id = 1") == [("deleted",)]
    # deleted here, then the same file again: the play stays deleted, nothing is added twice
    assert cli(runner, write(tmp_path, EXPORT)).output.splitlines()[-1] == "Imported 0 plays (0 new players)."


def upload(client, data, name="bgstats.json"):
    token = csrf_token(client, "/settings")
    raw = data.encode() if isinstance(data, str) else json.dumps(data).encode()
    return client.post("/settings/bgstats", data={"csrf_token": token, "file": (io.BytesIO(raw), name)},
                       content_type="multipart/form-data")


def test_settings_previews_then_imports_with_players_mapped(app, client, token):
    client.post("/players", data={"csrf_token": token, "name": "Annie"})  # the group calls Ann "Annie"
    client.post("/players", data={"csrf_token": token, "name": "bob"})  # and has a Bob already
    page = upload(client, EXPORT)
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "3 plays to add" in html and "Planted: 1" in html and "1 plays of other games (Catan)" in html
    digest = re.search(r'name="file" value="([0-9a-f]{64})"', html).group(1)
    refs = dict(re.findall(r'<option value="(\d+)" selected>([^<]+)</option>', html))
    assert list(refs.values()) == ["bob"]  # Bob is found by name; Ann and Cleo would be new
    assert rows(app, "SELECT COUNT(*) FROM plays") == [(0,)]  # the preview wrote nothing
    annie = rows(app, "SELECT id FROM players WHERE name = 'Annie'")[0][0]
    bob = rows(app, "SELECT id FROM players WHERE name = 'bob'")[0][0]
    done = client.post("/settings/bgstats/import", data={"csrf_token": csrf_token(client, "/settings"), "file": digest,
                                                         "player-10": str(annie), "player-11": str(bob), "player-12": ""})
    assert done.status_code == 200 and "3 plays imported, 1 new player" in done.get_data(as_text=True)
    assert rows(app, "SELECT DISTINCT p.name FROM seats s JOIN players p ON p.id = s.player_id ORDER BY p.name") == [
        ("Annie",), ("Cleo",), ("bob",)]
    again = client.post("/settings/bgstats/import", data={"csrf_token": csrf_token(client, "/settings"), "file": digest})
    assert again.status_code == 422 and "expired" in again.get_data(as_text=True)


@pytest.mark.parametrize(("data", "words"), [
    ("{ not json", "not JSON"),
    (damaged(lambda d: d["plays"][0].update(gameRefId=99)), "names game 99"),
])
def test_settings_refuses_a_damaged_file_with_the_reason(app, client, data, words):
    response = upload(client, data)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert words in html and "Nothing was added" in html
    assert rows(app, "SELECT COUNT(*) FROM plays") == [(0,)]


def test_settings_says_when_there_is_nothing_to_add(client):
    response = upload(client, {"games": [], "players": [], "locations": [], "plays": []})
    assert response.status_code == 200 and "Nothing to add" in response.get_data(as_text=True)


def test_a_typed_play_is_marked_on_the_home_and_player_pages_and_moves_with_an_export(app, runner, tmp_path, client):
    from app import create_app

    assert cli(runner, write(tmp_path, EXPORT)).exit_code == 0
    assert "typed in BG Stats" in client.get("/").get_data(as_text=True)
    assert "typed in BG Stats" in client.get("/players/1").get_data(as_text=True)
    export = tmp_path / "scorepad.json"
    assert runner.invoke(args=["export-json", str(export)]).exit_code == 0
    other = create_app({"DATABASE": str(tmp_path / "other.db"), "SECRET_KEY": "k", "TESTING": True})
    assert other.test_cli_runner().invoke(args=["import-json", str(export)]).exit_code == 0
    assert rows(other, "SELECT source, source_id FROM plays ORDER BY id") == [("bgstats", "u-1"), ("bgstats", "u-2"),
                                                                               ("bgstats", "u-5")]
    # the same BG Stats file into the new instance adds nothing: the uuids came along
    assert cli(other.test_cli_runner(), write(tmp_path, EXPORT)).output.splitlines()[-1] == "Imported 0 plays (0 new players)."
