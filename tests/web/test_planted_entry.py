"""Planted's entry screen through the Flask test client: the form builds the seat's state as typed,
the engine's messages sit next to their fields, htmx gets the status block with live points."""

from __future__ import annotations

import re

import pytest

from tests.conftest import mark_done, new_play
from web.games import adapter

ANN = {  # the rulebook's scoring example: 15 points
    "plants-0-name": "Snake Plant",
    "plants-0-growth": "1",
    "plants-1-name": "Purple Shamrock",
    "plants-1-growth": "2",
    "propagation": "2",
    "decorations-ceramic_planter": "2",
    "decorations-plant_stand": "1",
}


def post(client, token, play_id, position, fields, htmx=False, **extra):
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(f"/plays/{play_id}/seats/{position}", data={"csrf_token": token, **fields, **extra}, headers=headers)


def stored(app, play_id, position):
    from web import store

    with app.app_context():
        return store.get_play(play_id).seats[position]


@pytest.fixture
def play_id(client, token):
    return new_play(client, token, game="planted", players=("Ann", "Bo"))


def test_entry_page_has_six_plant_slots_steppers_and_the_beginner_list(client, play_id):
    response = client.get(f"/plays/{play_id}/seats/0")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "state_json" not in html  # not the generic JSON editor
    for i in range(6):
        assert f'name="plants-{i}-name"' in html and f'name="plants-{i}-growth"' in html
    assert 'list="pl-beginners"' in html
    beginners = re.search(r'<datalist id="pl-beginners">(.*?)</datalist>', html, re.S).group(1)
    assert re.findall(r'option value="([^"]+)"', beginners) == [
        "Golden Barrel Cactus", "Golden Pothos", "ZZ Plant", "Lucky Bamboo", "Spider Plant", "Snake Plant"]
    assert 'inputmode="numeric"' in html and 'type="number"' not in html
    assert 'value="decorations-workbench:+1"' in html and 'value="tools-fertilizer:-1"' in html
    assert "style=" not in html and "onclick" not in html and "<script>" not in html
    assert '<div id="err-plants" class="pl-err"></div>' in html  # no red on an untouched seat
    assert "1 to fill or fix" in html
    assert html.count(">4 left<") == 6  # the cards with 4 copies in the deck
    assert html.count(">3 left<") == 6


def test_a_form_post_stores_the_state_and_the_running_total(app, client, token, play_id):
    response = post(client, token, play_id, 0, ANN)
    assert response.status_code == 303
    seat = stored(app, play_id, 0)
    assert seat.state["plants"][:2] == [{"name": "Snake Plant", "growth": 1}, {"name": "Purple Shamrock", "growth": 2}]
    assert seat.state["plants"][2:] == [{"name": "", "growth": 0}] * 4
    assert seat.state["propagation"] == 2
    assert seat.state["decorations"] == {
        "macrame_basket": 0, "ceramic_planter": 2, "plant_stand": 1,
        "display_shelves": 0, "indoor_greenhouse": 0, "workbench": 0}
    assert seat.state["tools"]["grow_light"] == 0
    html = client.get(f"/plays/{play_id}/seats/0").get_data(as_text=True)
    assert re.search(r'class="total">15<', html)
    assert re.search(r'id="pl-total"[^>]*><strong>15</strong> pts', html)
    assert re.search(r'id="plant-1-points"[^>]*>7 pts<', html)
    assert "Ceramic Planter x2: 1 shelf plant (Purple Shamrock) = 1 each, 2 in all" in html


def test_a_bad_growth_is_kept_and_its_message_is_next_to_its_field(app, client, token, play_id):
    fields = dict(ANN, **{"plants-1-growth": "abc", "plants-2-name": "Swis chese", "decorations-workbench": "7"})
    post(client, token, play_id, 0, fields)
    seat = stored(app, play_id, 0)
    assert seat.state["plants"][1]["growth"] == "abc"
    assert seat.state["plants"][2]["name"] == "Swis chese"
    assert seat.state["decorations"]["workbench"] == 7
    html = client.get(f"/plays/{play_id}/seats/0").get_data(as_text=True)
    assert 'value="abc"' in html and 'value="Swis chese"' in html
    slot = re.search(r'<div id="err-plants-1-growth" class="pl-err on">(.*?)</div>', html).group(1)
    assert 'must be a whole number: &#34;Purple Shamrock&#34; has 3 growth spaces' in slot
    slot = re.search(r'<div id="err-plants-2-name" class="pl-err on">(.*?)</div>', html).group(1)
    assert "did you mean &#34;Swiss Cheese Plant&#34;?" in slot
    slot = re.search(r'<div id="err-decorations-workbench" class="pl-err on">(.*?)</div>', html).group(1)
    assert "must be a whole number from 0 to 3" in slot


def test_the_htmx_post_returns_the_status_block_with_out_of_band_points_and_messages(client, token, play_id):
    response = post(client, token, play_id, 0, dict(ANN, **{"plants-1-growth": "4"}), htmx=True)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "<html" not in html and 'id="status"' in html
    assert 'name="plants-0-name"' not in html  # no text input is replaced while typing
    assert re.search(r'id="plant-0-points" class="pl-points" hx-swap-oob="true">3 pts<', html)
    assert re.search(r'id="err-plants-1-growth" class="pl-err on" hx-swap-oob="true"><p class="error">4 Growth tokens are too many', html)
    response = post(client, token, play_id, 0, ANN, htmx=True)
    html = response.get_data(as_text=True)
    assert '<div id="err-plants-1-growth" class="pl-err" hx-swap-oob="true"></div>' in html  # the message clears
    assert re.search(r'id="pl-total" class="pl-total" hx-swap-oob="true"><strong>15</strong>', html)
    assert re.search(r'id="plant-1-card"[^>]*hx-swap-oob="true"', html)
    assert len(re.findall(r'class="pl-space on"', html)) == 3  # 1 + 2 growth spaces covered


def test_no_beginner_plant_is_reported_under_the_plants(client, token, play_id):
    html = post(client, token, play_id, 0, {"plants-0-name": "Croton", "plants-0-growth": "1"}, htmx=True).get_data(as_text=True)
    assert re.search(r'id="err-plants" class="pl-err on"[^>]*><p class="error">has no Beginner plant', html)


def test_copies_left_count_the_other_seats(client, token, play_id):
    post(client, token, play_id, 0, ANN)
    html = client.get(f"/plays/{play_id}/seats/1").get_data(as_text=True)
    info = re.search(r'id="decorations-ceramic_planter-info"[^>]*data-max="(\d)"[^>]*>(.*?)</div>', html, re.S)
    assert info.group(1) == "2"
    assert "2 left" in info.group(2) and "2 at other seats" in info.group(2)
    # the plants on Ann's table are not offered to Bo
    plants = re.search(r'<datalist id="pl-beginners">(.*?)</datalist>', html, re.S).group(1)
    assert "Snake Plant" not in plants
    assert "Purple Shamrock" not in re.search(r'<datalist id="pl-plants">(.*?)</datalist>', html, re.S).group(1)


def test_stepper_buttons_step_without_javascript_within_the_plants_spaces(app, client, token, play_id):
    post(client, token, play_id, 0, ANN, step="plants-1-growth:+1")
    assert stored(app, play_id, 0).state["plants"][1]["growth"] == 3
    post(client, token, play_id, 0, dict(ANN, **{"plants-1-growth": "3"}), step="plants-1-growth:+1")
    assert stored(app, play_id, 0).state["plants"][1]["growth"] == 3  # Purple Shamrock has 3 spaces
    post(client, token, play_id, 0, dict(ANN, propagation="0"), step="propagation:-1")
    assert stored(app, play_id, 0).state["propagation"] == 0
    post(client, token, play_id, 0, ANN, step="tools-grow_light:+1")
    assert stored(app, play_id, 0).state["tools"]["grow_light"] == 1
    post(client, token, play_id, 0, dict(ANN, **{"plants-2-growth": "0"}), step="plants-2-growth:+1")
    assert stored(app, play_id, 0).state["plants"][2]["growth"] == 0  # no plant picked: no tokens
    response = post(client, token, play_id, 0, ANN, step="nonsense:+9")
    assert response.status_code == 303


def test_state_from_form_keeps_what_is_not_posted_and_typed_text():
    planted = adapter("planted")
    old = {"plants": [{"name": "ZZ Plant", "growth": 2}] + [{"name": "", "growth": 0}] * 5,
           "propagation": 4, "decorations": {"workbench": 1}, "tools": {"grow_light": 2}}
    state, errors = planted.state_from_form({"propagation": " 5 ", "tools-grow_light": "two"}, old)
    assert errors == []
    assert state["plants"][0] == {"name": "ZZ Plant", "growth": 2}
    assert state["propagation"] == 5
    assert state["decorations"]["workbench"] == 1
    assert state["tools"]["grow_light"] == "two"
    state, _ = planted.state_from_form({"propagation": "-1", "plants-0-growth": ""}, old)
    assert state["propagation"] == -1 and state["plants"][0]["growth"] == 0


def test_typed_text_is_escaped(client, token, play_id):
    post(client, token, play_id, 0, {"plants-0-name": '<img src=x onerror="alert(1)">'})
    html = client.get(f"/plays/{play_id}/seats/0").get_data(as_text=True)
    assert "<img src=x" not in html
    assert "&lt;img src=x" in html


def test_a_finished_play_is_read_only(client, token, play_id):
    post(client, token, play_id, 0, ANN)
    post(client, token, play_id, 1, {"plants-0-name": "ZZ Plant", "plants-0-growth": "3"})
    mark_done(client, token, play_id, 0, 1)
    assert client.post(f"/plays/{play_id}/finish", data={"csrf_token": token}).status_code == 303
    html = client.get(f"/plays/{play_id}/seats/0").get_data(as_text=True)
    assert "hx-post" not in html
    assert re.search(r'id="plants-0-name"[^>]*readonly', html, re.S)
    assert re.search(r'value="plants-0-growth:\+1"[^>]*disabled', html)
    assert ">Done</button>" not in html
    response = post(client, token, play_id, 0, dict(ANN, propagation="9"), htmx=True)
    assert response.status_code == 409
    assert "This play is finished" in response.get_data(as_text=True)


def test_result_reads_like_the_paper_score_pad(client, token):
    import re as _re

    from scoring.planted import GAME

    play_id = new_play(client, token, game="planted", players=("Ann", "Bo"))
    tables = [
        {"plants": [{"name": "Snake Plant", "growth": 1}, {"name": "Purple Shamrock", "growth": 2}], "propagation": 2,
         "decorations": {"ceramic_planter": 2, "plant_stand": 1}},
        {"plants": [{"name": "ZZ Plant", "growth": 3}, {"name": "Croton", "growth": 1}], "propagation": 1,
         "decorations": {"workbench": 1}, "tools": {"grow_light": 1, "spray_bottle": 2}},
    ]
    from web.db import connect, dumps

    db = connect(client.application.config["DATABASE"])
    for position, state in enumerate(tables):
        db.execute("UPDATE seats SET done = 1, state = ? WHERE play_id = ? AND position = ?", [dumps(state), play_id, position])
    db.conn.close()
    html = client.get(f"/plays/{play_id}/result").get_data(as_text=True)
    labels = _re.findall(r'<th scope="row">([^<]+)</th>', html)
    assert labels[:8] == ["Plant 1", "Plant 2", "Plant 3", "Plant 4", "Plant 5", "Plant 6", "Propagation", "Decorations"]
    assert "Snake Plant: 1 token covers 3 = 3" in html  # Plant 1's explanation for Ann
    assert GAME.engine_version in html


def test_one_point_reads_in_the_singular(client, token, play_id):
    # ZZ Plant without tokens and 1 token on the jars: 1 point (was "1 pts")
    post(client, token, play_id, 0, {"plants-0-name": "ZZ Plant", "plants-0-growth": "0", "propagation": "1"})
    post(client, token, play_id, 1, {"plants-0-name": "Snake Plant", "plants-0-growth": "1"})
    html = client.get(f"/plays/{play_id}/seats/0").get_data(as_text=True)
    assert re.search(r'id="pl-total"[^>]*><strong>1</strong> pt<', html)
    assert re.search(r'id="pl-propagation-points"[^>]*>1 pt<', html)
    assert re.search(r'id="plant-0-points"[^>]*>0 pts<', html)


def test_a_seat_shows_the_engines_preview_while_another_field_is_wrong(client, token, play_id):
    # The plant slots and the decoration lines come from the engine's preview, by contract path:
    # a typo in plant 3 does not hide the points of what reads.
    fields = dict(ANN, **{"plants-3-name": "Swis chese", "plants-3-growth": "1"})
    html = post(client, token, play_id, 0, fields, htmx=True).get_data(as_text=True)
    assert re.search(r'id="plant-1-points" class="pl-points" hx-swap-oob="true">7 pts<', html)
    assert re.search(r'id="plant-3-points" class="pl-points" hx-swap-oob="true"></span>', html)
    assert "Ceramic Planter x2: 1 shelf plant (Purple Shamrock) = 1 each, 2 in all" in html


def test_the_pad_row_of_a_plant_takes_that_plants_lines_by_its_path(client, token):
    play_id = new_play(client, token, game="planted", players=("Ann", "Bo"))
    # Ann's Croton sits in slot 4 (plants[3]) after two empty slots: it is Plant 2 of the pad
    post(client, token, play_id, 0, {"plants-0-name": "ZZ Plant", "plants-0-growth": "1",
                                     "plants-3-name": "Croton", "plants-3-growth": "2"})
    post(client, token, play_id, 1, {"plants-0-name": "Snake Plant", "plants-0-growth": "1"})
    mark_done(client, token, play_id, 0, 1)
    html = client.get(f"/plays/{play_id}/result").get_data(as_text=True)
    row = re.search(r'<th scope="row">Plant 2</th>(.*?)</tr>', html, re.S).group(1)
    assert "Croton: 2 tokens cover 2 + 3 = 5" in row and "ZZ Plant:" not in row
