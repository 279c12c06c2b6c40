"""Duplicate keys in JSON are refused with their path (issue 24.5): the command line, /api/score,
the plays API, /check and imports all read JSON through scoring.jsontext, which keeps no "last
one wins" (parsers differ on which one counts)."""

from __future__ import annotations

import copy
import io
import json
import sys

import pytest

from scoring import __main__ as cli
from scoring import jsontext
from tests.web.test_imports import _set, empty, export  # noqa: F401  (the export fixture)
from web.data.backup import ImportRefused, import_data, read_export

TWICE = "appears twice in this object: keep one"
TABLE = b'{"players": [{"name": "Ann", "points": 3, "points": 30}]}'


def test_the_reader_names_every_key_given_twice_at_its_path():
    value, errors = jsontext.load(b'{"options": {"bonus": 1, "bonus": 2}, "players": [{"name": "A"}, '
                                  b'{"name": "B", "x": {"y": 1, "y": 1, "y": 2}}], "options": {}}')
    assert value is None
    # "options" twice, and "bonus" twice inside the first one (which the second would replace)
    assert [e.to_dict() for e in errors] == [
        {"path": "options", "message": TWICE},
        {"path": "options.bonus", "message": TWICE},
        {"path": "players[1].x.y", "message": TWICE}]  # once for the key, however often it repeats


def test_keys_that_differ_only_in_case_or_that_repeat_in_other_objects_are_not_twice():
    value, errors = jsontext.load(b'{"a": {"k": 1}, "b": {"k": 2}, "K": 1, "k": 2}')
    assert errors == [] and value == {"a": {"k": 1}, "b": {"k": 2}, "K": 1, "k": 2}


def test_the_command_line_refuses_a_key_twice(tmp_path, monkeypatch):
    path = tmp_path / "table.json"
    path.write_bytes(TABLE)
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    assert cli.main(["planted", str(path)]) == 2
    assert json.loads(out.getvalue()) == {"errors": [{"path": "players[0].points", "message": TWICE}]}


def test_api_score_refuses_a_key_twice(client):
    response = client.post("/api/score/stub", data=TABLE, content_type="application/json")
    assert response.status_code == 422
    assert response.get_json() == {"errors": [{"path": "players[0].points", "message": TWICE}]}


def test_the_plays_api_refuses_a_key_twice_when_starting_and_changing_a_seat(client):
    response = client.post("/api/plays", data=b'{"game": "planted", "players": ["Ann"], "players": ["Ann", "Bob"]}',
                           content_type="application/json")
    assert response.status_code == 422
    assert response.get_json() == {"errors": [{"path": "players", "message": TWICE}]}
    assert client.get("/api/plays/1").status_code == 404  # nothing stored
    play = client.post("/api/plays", json={"game": "planted", "players": ["Ann", "Bob"]}).get_json()
    response = client.patch(f"/api/plays/{play['id']}/seats/0", content_type="application/json",
                            data=b'{"base_version": 1, "set": {"propagation": 2, "propagation": 5}}')
    assert response.status_code == 422
    assert response.get_json() == {"errors": [{"path": "set.propagation", "message": TWICE}]}
    assert client.get(f"/api/plays/{play['id']}").get_json()["seats"][0]["version"] == 1  # unchanged


def test_check_refuses_a_board_with_a_key_twice(client, token):
    response = client.post("/check", data={"csrf_token": token, "game": "planted",
                                           "board": '{"propagation": 2, "propagation": 3}'})
    assert response.status_code == 422
    assert "propagation" in response.get_data(as_text=True) and TWICE in response.get_data(as_text=True)


def test_an_export_file_with_a_key_twice_is_refused_with_its_path():
    raw = b'{"format": "scorepad-export", "tables": {"plays": {"columns": [], "rows": [], "rows": []}}}'
    with pytest.raises(ImportRefused) as refused:
        read_export(raw)
    assert str(refused.value) == ("this file is not a Scorepad export (the key at tables.plays.rows appears twice in its "
                                  "object: keep one)")


def test_a_stored_state_with_a_key_twice_is_refused_with_its_row(export, tmp_path):  # noqa: F811
    bad = _set(export, "seats", 0, "state", '{"points": 9, "tokens": 2, "points": 90}')
    target = str(tmp_path / "target.db")
    with pytest.raises(ImportRefused) as refused:
        import_data(target, copy.deepcopy(bad))
    assert str(refused.value) == ("seats, row 1 (id 1): state: the key at points appears twice in its object: "
                                  "keep one")
    assert empty(target)
