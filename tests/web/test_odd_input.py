"""Odd input through the entry forms and routes: kept as typed or refused with a status, never a
500.  ("²" passes ``str.isdigit`` but not ``int``.)"""

from __future__ import annotations

import pytest

from tests.conftest import new_play

ENTRY_POSTS = {
    "planted": {"propagation": "²", "plants[0].growth": "--5", "step": "plants[²].growth:+1"},
    "verdant-arizona": {"g-0-0-number": "²", "g-0-1-number": "³", "g-0-1-color": "red", "wrens": "²"},
    "gretchens-garden": {"places": "1", "display[0].pot": "red:²", "display[0].plant.name": "x",
                         "display[0].plant.leaves": "²", "money_plant_leaves": "²", "watering_can": "³",
                         "step": "display[²].plant.leaves:+1"},
    "vadoran-gardens": {"lost_items.tool": "²", "achievement.grass": "²"},
    "verdant": {"green_thumbs": "--5"},
}


@pytest.mark.parametrize("game", sorted(ENTRY_POSTS))
def test_superscript_digits_and_double_signs_are_kept_as_typed_not_a_500(client, token, game):
    options = {"mode": "none"} if game == "verdant" else {}
    pid = new_play(client, token, game, **options)
    response = client.post(f"/plays/{pid}/seats/0", data={"csrf_token": token, **ENTRY_POSTS[game]})
    assert response.status_code == 303
    assert client.get(f"/plays/{pid}/seats/0").status_code == 200
    assert client.get(f"/plays/{pid}").status_code == 200


def test_verdant_cell_parameter_with_odd_digits_opens_no_editor(client, token):
    pid = new_play(client, token, "verdant", mode="none")
    assert client.get(f"/plays/{pid}/seats/0?cell=²-0").status_code == 200


def test_arizona_vera_score_in_odd_digits_is_refused_next_to_the_field(client, token):
    data = {"csrf_token": token, "game": "verdant-arizona", "played_at": "2026-11-28T20:30", "players-0": "Ann",
            "opt-verdant-arizona-solo": "on", "opt-verdant-arizona-vera_score": "²"}
    response = client.post("/plays", data=data)
    assert response.status_code == 422
    assert "Vera&#39;s score: enter a whole number from 0 to 999" in response.get_data(as_text=True)


def test_campaign_fill_with_an_odd_position_is_refused(client, token):
    pid = new_play(client, token, "verdant", mode="standard")
    response = client.post(f"/verdant/plays/{pid}/campaign/fill", data={"csrf_token": token, "position": "²", "shape": "x"})
    assert response.status_code in (409, 422)
    response = client.post("/verdant/players/1/campaign/undo", data={"csrf_token": token, "shape": "x", "play": "²"})
    assert response.status_code == 422


@pytest.mark.parametrize("stored", [None, [1, 2], "text", 5, {"lost_items": [1], "quick_aside": [1], "return_locations": 3}])
def test_vadoran_seat_state_of_another_shape_still_opens_and_steps(app, client, token, stored):
    import json

    from web.data.db import connect

    pid = new_play(client, token, "vadoran-gardens")
    db = connect(app.config["DATABASE"])
    db.execute("UPDATE seats SET state = ? WHERE play_id = ?", [json.dumps(stored), pid])
    db.conn.close()
    assert client.get(f"/plays/{pid}/seats/0").status_code == 200
    response = client.post(f"/plays/{pid}/seats/0", data={"csrf_token": token, "step": "lost_items.tool:+1"})
    assert response.status_code == 303
    assert client.get(f"/plays/{pid}/seats/0").status_code == 200


def test_a_play_of_a_game_this_version_does_not_know_is_shown_and_refuses_changes(app, client, token):
    from web.data.db import connect

    pid = new_play(client, token, "planted")
    db = connect(app.config["DATABASE"])
    db.execute("UPDATE plays SET game = 'oldgame' WHERE id = ?", [pid])
    db.conn.close()
    page = client.get(f"/plays/{pid}")
    assert page.status_code == 200
    assert "is not a game this version of Scorepad knows" in page.get_data(as_text=True)
    for url in (f"/plays/{pid}/log", "/plays", "/", "/players/1"):
        assert client.get(url).status_code == 200, url
    assert client.get(f"/plays/{pid}/result").status_code == 409
    assert client.get(f"/plays/{pid}/seats/0").status_code == 409
    assert client.get(f"/plays/{pid}/edit").status_code == 409
    for url, data in ((f"/plays/{pid}/seats/0", {}), (f"/plays/{pid}/seats/0/resolve", {"mine": "{}"}),
                      (f"/plays/{pid}/edit", {}), (f"/plays/{pid}/finish", {})):
        assert client.post(url, data={"csrf_token": token, **data}).status_code == 409, url
