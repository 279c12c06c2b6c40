"""One board scored on its own, storing nothing (issue 15.4), and each game's input published as
a JSON Schema that the documented example validates against (issue 15.1)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest

import scoring
from tests.conftest import new_play

ROOT = Path(__file__).resolve().parents[2]
GAMES = [g.name for g in scoring.games() if g.ready and g.name != "stub"]


def example(game: str) -> dict:
    text = (ROOT / "docs" / "api" / f"{game}.md").read_text(encoding="utf-8")
    section = re.search(r"^## Example[^\n]*\n(.*?)(?=^## |\Z)", text, flags=re.S | re.M).group(1)
    return json.loads(re.findall(r"```json\n(.*?)```", section, flags=re.S)[0])


@pytest.mark.parametrize("game", [
    pytest.param(g, marks=pytest.mark.xfail(strict=True, reason="its engine has not declared its schema yet"))
    if scoring.get(g).player_schema is None else g for g in GAMES])
def test_each_game_publishes_its_schema_and_the_docs_example_validates(client, game):
    response = client.get(f"/api/schema/{game}")
    assert response.status_code == 200
    schema = response.get_json()
    assert schema["$schema"].startswith("https://json-schema.org/")
    jsonschema.validate(example(game), schema)
    on_disk = json.loads((ROOT / "docs" / "api" / f"{game}.schema.json").read_text(encoding="utf-8"))
    assert on_disk == schema  # docs/api/GAME.schema.json is the same document


def test_an_unknown_game_has_no_schema(client):
    assert client.get("/api/schema/chess").status_code == 404


@pytest.mark.parametrize("game", GAMES)
def test_one_board_of_the_docs_example_scores_on_its_own_and_nothing_is_stored(app, client, token, game):
    table = example(game)
    board = {k: v for k, v in table["players"][0].items() if k != "name"}
    response = client.post("/check", data={"csrf_token": token, "game": game, "name": table["players"][0]["name"],
                                           "board": json.dumps(board), "options": json.dumps(table.get("options", {}))})
    assert response.status_code == 200, response.get_data(as_text=True)[-2000:]
    html = response.get_data(as_text=True)
    alone = scoring.score(game, {"options": table.get("options", {}), "players": [table["players"][0]], "player_count": 1})
    assert "points</h2>" in html and f": {alone.players[0].total} points" in html
    assert 'class="pad"' in html
    with app.app_context():
        from web.data.db import get_db

        assert get_db().execute("SELECT COUNT(*) FROM plays").fetchone()[0] == 0


def test_a_seat_can_be_checked_on_its_own_from_its_page(client, token):
    play_id = new_play(client, token, players=("Ann", "Bob"))
    client.post(f"/plays/{play_id}/seats/0", data={"csrf_token": token, "state_json": '{"points": 9, "tokens": 1}'})
    seat = client.get(f"/plays/{play_id}/seats/0").get_data(as_text=True)
    assert f"/check?play={play_id}&amp;seat=0" in seat
    html = client.get(f"/check?play={play_id}&seat=0").get_data(as_text=True)
    assert "Ann: 9 points" in html  # stub: 9 points, no bonus
    assert "9 points as entered" in html


def test_a_bad_board_names_what_to_fix(client, token):
    response = client.post("/check", data={"csrf_token": token, "game": "planted", "board": '{"propogation": 2}'})
    assert response.status_code == 422
    assert "propogation" in response.get_data(as_text=True) and "did you mean" in response.get_data(as_text=True)
    response = client.post("/check", data={"csrf_token": token, "game": "planted", "board": "{not json"})
    assert response.status_code == 422 and "is not valid JSON" in response.get_data(as_text=True)
