"""Player names that only look different (issue 24.4), at every place a name comes in: the
players page, the New play form, the plays API and imports."""

from __future__ import annotations

import copy

import pytest

from tests.conftest import new_play
from tests.web.test_imports import _set, empty, export  # noqa: F401  (the export fixture)
from web.data.backup import ImportRefused, import_data

COMPOSED, DECOMPOSED = "Ann\u00e9", "Anne\u0301"  # one name, typed on two keyboards


def test_a_name_typed_with_a_combining_accent_is_the_player_of_the_composed_name(app, client, token):
    first = new_play(client, token, players=(COMPOSED, "Bob"))
    second = new_play(client, token, players=(DECOMPOSED, "bob"))
    html = client.get("/players").get_data(as_text=True)
    assert html.count(f">{COMPOSED}<") == 1 and DECOMPOSED not in html
    with app.app_context():
        from web.data.db import get_db

        seats = get_db().execute("SELECT play_id, player_id FROM seats WHERE position = 0 ORDER BY play_id").fetchall()
        assert [s["player_id"] for s in seats if s["play_id"] in (first, second)] == [1, 1]


def test_case_beyond_ascii_finds_the_same_player(client, token):
    new_play(client, token, players=("Émile", "Bob"))
    new_play(client, token, players=("émile", "Bob"))
    assert client.get("/players").get_data(as_text=True).count(">Émile<") == 1


def test_the_new_play_form_refuses_the_same_name_twice_however_typed(client, token):
    data = {"csrf_token": token, "game": "stub", "played_at": "2026-11-28T20:30",
            "players-0": COMPOSED, "players-1": DECOMPOSED}
    response = client.post("/plays", data=data)
    assert response.status_code == 422 and "is listed twice" in response.get_data(as_text=True)


@pytest.mark.parametrize("name, words", [
    ("Ann\u200b", "This name holds an invisible character (U+200B ZERO WIDTH SPACE) after &#34;Ann&#34;"),
    ("Bo\u202eb", "This name holds a bidirectional mark (U+202E RIGHT-TO-LEFT OVERRIDE)"),
])
def test_the_forms_refuse_hidden_characters_in_a_name(client, token, name, words):
    data = {"csrf_token": token, "game": "stub", "played_at": "2026-11-28T20:30", "players-0": name, "players-1": "Cy"}
    response = client.post("/plays", data=data)
    assert response.status_code == 422 and words in response.get_data(as_text=True)
    response = client.post("/players", data={"csrf_token": token, "name": name})
    assert response.status_code == 422 and words in response.get_data(as_text=True)
    assert "Cy" not in client.get("/players").get_data(as_text=True)  # nothing stored


def test_renaming_refuses_hidden_characters_and_stores_nfc(client, token):
    new_play(client, token, players=("Ann", "Bob"))
    response = client.post("/players/1/rename", data={"csrf_token": token, "name": "Ann\u2066"})
    assert response.status_code == 422 and "bidirectional mark (U+2066 LEFT-TO-RIGHT ISOLATE)" in response.get_data(as_text=True)
    assert client.post("/players/1/rename", data={"csrf_token": token, "name": DECOMPOSED}).status_code == 303
    assert f">{COMPOSED}<" in client.get("/players").get_data(as_text=True)


def test_the_plays_api_refuses_hidden_characters_and_nfc_twins(client):
    response = client.post("/api/plays", json={"game": "planted", "players": ["Ann\u200b", COMPOSED, DECOMPOSED]})
    assert response.status_code == 422
    assert response.get_json()["errors"] == [
        {"path": "players[0]", "message": 'holds an invisible character (U+200B ZERO WIDTH SPACE) after "Ann": type the '
                                          "name without it"},
        {"path": "players[2]", "message": f'"{COMPOSED}" is listed twice'}]
    body = client.post("/api/plays", json={"game": "planted", "players": [DECOMPOSED, "Bob"]}).get_json()
    assert body["seats"][0]["player"] == COMPOSED  # stored in NFC


@pytest.mark.parametrize("name, words", [
    ("Ann\u202e", "players, row 1 (id 1): name holds a bidirectional mark (U+202E RIGHT-TO-LEFT OVERRIDE)"),
    ("x" * 61, "players, row 1 (id 1): name is too long: at most 60 characters (it has 61)"),
    ("x" * 10_000, "players, row 1 (id 1): name is too long: at most 60 characters (it has 10,000)"),
])
def test_an_import_refuses_a_name_no_form_would_take_with_its_row(export, tmp_path, name, words):  # noqa: F811
    target = str(tmp_path / "target.db")
    with pytest.raises(ImportRefused) as refused:
        import_data(target, copy.deepcopy(_set(export, "players", 0, "name", name)))
    assert str(refused.value).startswith(words), str(refused.value)
    assert empty(target)
