"""CSRF on every state-changing route, the JSON API, static files the phone needs."""

from __future__ import annotations

import json
import re

import pytest

import scoring
from tests.conftest import new_play

STATE_CHANGING = {"POST", "PUT", "PATCH", "DELETE"}
NO_CSRF = {"api.api_score"}  # no side effects: documented in docs/api.md
# The plays API takes JSON only (415 otherwise): no form of another site can send it, and a
# script of another site cannot without a CORS preflight this server never grants (tested in
# tests/web/test_plays_api.py).
NO_CSRF |= {"plays_api.create_play", "plays_api.change_seat", "plays_api.finish"}


def concrete(rule) -> str:
    return re.sub(r"<(?:int:)?[^>]+>", "1", rule.rule)


def test_every_state_changing_route_needs_a_csrf_token(app, client, token):
    new_play(client, token)  # play 1 with seats 0 and 1 exists, so routes reach their CSRF check
    checked = 0
    for rule in app.url_map.iter_rules():
        methods = (rule.methods or set()) & STATE_CHANGING
        if not methods or rule.endpoint in NO_CSRF:
            continue
        for method in methods:
            response = client.open(concrete(rule), method=method, data={"name": "Zed", "state_json": "{}"})
            assert response.status_code == 400, (rule.rule, method, response.status_code)
            html = response.get_data(as_text=True)
            assert "This page expired" in html, rule.rule
            checked += 1
    assert checked >= 8  # players x3, plays, seat, finish, reopen, edit


def test_expired_page_keeps_what_was_typed_and_sends_it_again(client, token):
    play_id = new_play(client, token)
    response = client.post(f"/plays/{play_id}/seats/0", data={"state_json": '{"points": 42}'})
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert 'name="state_json" value="{&#34;points&#34;: 42}"' in html
    fresh = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    again = client.post(f"/plays/{play_id}/seats/0", data={"csrf_token": fresh, "state_json": '{"points": 42}'})
    assert again.status_code == 303


def test_expired_htmx_save_retargets_the_main_region(client, token):
    play_id = new_play(client, token)
    response = client.post(f"/plays/{play_id}/seats/0", data={"state_json": "{}"}, headers={"HX-Request": "true"})
    assert response.status_code == 400
    assert response.headers["HX-Retarget"] == "main"
    assert "<html" not in response.get_data(as_text=True)


def test_api_games_lists_every_game_with_its_status_and_options(client):
    games = client.get("/api/games").get_json()["games"]
    names = [g["name"] for g in games]
    assert names == [g.name for g in scoring.games()]
    stub = next(g for g in games if g["name"] == "stub")
    assert stub["status"] == "ready"
    assert stub["options"] == [{"name": "bonus", "kind": "int", "default": 0, "description": "Bonus points for everyone"}]
    for game in games:
        assert game["status"] in ("ready", "coming soon")


def test_api_score_returns_the_result_without_a_csrf_token(client):
    table = {"options": {"bonus": 1}, "players": [{"name": "Ann", "points": 5, "tokens": 0}, {"name": "Bob", "points": 7}]}
    response = client.post("/api/score/stub", json=table)
    assert response.status_code == 200
    result = response.get_json()
    assert [p["total"] for p in result["players"]] == [6, 8]
    assert [p["rank"] for p in result["players"]] == [2, 1]
    assert result["winners"] == ["Bob"]
    assert result["players"][0]["categories"][0] == {
        "key": "points", "label": "Points", "points": 5, "details": ["5 points as entered"], "refs": [["points"]]
    }


def test_api_score_invalid_table_is_422_with_paths(client):
    response = client.post("/api/score/stub", json={"players": [{"name": "Ann", "points": -1}]})
    assert response.status_code == 422
    assert response.get_json() == {
        "errors": [{"path": "players[0].points", "message": "must be a whole number from 0 to 500"}]
    }


@pytest.mark.parametrize("body", ["not json", "[1, 2", ""])
def test_api_score_garbage_body_is_422(client, body):
    response = client.post("/api/score/stub", data=body, content_type="application/json")
    assert response.status_code == 422
    assert response.get_json()["errors"][0]["path"] == ""


def test_api_score_unknown_game_is_404_json(client):
    response = client.post("/api/score/chess", json={})
    assert response.status_code == 404
    assert "is not a game" in response.get_json()["errors"][0]["message"]


def test_manifest_and_icons_are_served(client):
    response = client.get("/static/manifest.webmanifest")
    manifest = json.loads(response.get_data(as_text=True))
    response.close()
    assert manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        response = client.get(icon["src"])
        assert response.status_code == 200, icon["src"]
        response.close()


def test_pages_load_htmx_from_the_vendor_folder_and_configure_422_swaps(client):
    html = client.get("/").get_data(as_text=True)
    assert "/static/vendor/htmx.min.js" in html
    config = json.loads(re.search(r"name=\"htmx-config\" content='([^']+)'", html).group(1))
    assert {"code": "422", "swap": True, "error": False} in config["responseHandling"]
    assert 'hx-headers=\'{"X-CSRFToken": "' in html
