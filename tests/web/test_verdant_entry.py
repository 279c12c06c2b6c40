"""Verdant's entry screen with the Flask test client: grid, cell editor, search, saves, options."""

from __future__ import annotations

import re

import pytest

from tests.conftest import mark_done, new_play
from tests.unit.test_verdant_support import ALICE_HOME
from web.games.verdant import cell_from_form


def seat_url(pid, pos=0):
    return f"/plays/{pid}/seats/{pos}"


def cell_url(pid, r, c, pos=0):
    return f"/verdant/plays/{pid}/seats/{pos}/cells/{r}/{c}"


def state(app, pid, pos=0):
    from web import store

    with app.app_context():
        return store.get_play(pid).seats[pos].state


def play(app, pid):
    from web import store

    with app.app_context():
        return store.get_play(pid)


HX = {"HX-Request": "true"}


@pytest.fixture
def pid(client, token):
    return new_play(client, token, game="verdant", players=("Alice",),
                    **{"goal-plant": "Going Big", "goal-item": "Color Pairs", "goal-room": "Double Duty"})


def fill(client, token, pid, home, green_thumbs=2):
    """Enter a home cell by cell the way the screen posts it."""
    for r, row in enumerate(home):
        for c, cell in enumerate(row):
            if cell["kind"] == "plant":
                data = {"csrf_token": token, "pick": f"{cell['name']}|{cell.get('pot', 'none')}"}
                assert client.post(cell_url(pid, r, c), data=data).status_code == 303
                if "verdancy" in cell:
                    data = {"csrf_token": token, "set": f"verdancy:{cell['verdancy']}"}
                    assert client.post(cell_url(pid, r, c), data=data).status_code == 303
            else:
                client.post(cell_url(pid, r, c), data={"csrf_token": token, "set": f"rtype:{cell['type']}"})
                item = cell.get("item")
                if item:
                    client.post(cell_url(pid, r, c), data={"csrf_token": token, "set": f"item_kind:{item['kind']}"})
                    client.post(cell_url(pid, r, c), data={"csrf_token": token, "set": f"item_color:{item['color']}"})
                else:
                    client.post(cell_url(pid, r, c), data={"csrf_token": token, "set": "item_kind:"})
    response = client.post(seat_url(pid), data={"csrf_token": token, "green_thumbs": str(green_thumbs), "storage_kind": ""})
    assert response.status_code == 303


def test_entry_page_shows_an_empty_home_and_the_options(client, pid):
    html = client.get(seat_url(pid)).get_data(as_text=True)
    assert html.count('class="vd-cell vd-empty') == 15
    assert "0 of 15 cards" in html
    assert 'name="green_thumbs"' in html and 'name="storage_kind"' in html
    assert "style=" not in html and "<script>" not in html and "onclick" not in html


def test_tapping_a_cell_without_js_opens_its_editor_and_searches(client, pid):
    response = client.get(cell_url(pid, 0, 0))
    assert response.status_code == 302 and "cell=0-0" in response.headers["Location"]
    html = client.get(seat_url(pid) + "?cell=0-0&q=jas").get_data(as_text=True)
    assert 'value="Jasmine|concrete"' in html and "Row 1, col 1" in html


def test_search_fragment_lists_plants_with_their_pot_chips(client, pid):
    html = client.get(cell_url(pid, 0, 0) + "?fragment=results&q=iv", headers=HX).get_data(as_text=True)
    assert html.lstrip().startswith('<div id="vd-results"')
    assert "Common Ivy" in html and "Devil&#39;s Ivy" in html and 'value="Common Ivy|wood"' in html
    editor = client.get(cell_url(pid, 0, 0), headers=HX).get_data(as_text=True)
    assert editor.lstrip().startswith('<section id="editor"')


def test_a_whole_home_entered_cell_by_cell_scores_the_rulebook_total(app, client, token, pid):
    fill(client, token, pid, ALICE_HOME)
    saved = state(app, pid)
    assert saved["home"] == [[_canon(c) for c in row] for row in ALICE_HOME]
    assert saved["green_thumbs"] == 2
    assert play(app, pid).evaluate().result is None  # complete, but Alice has not tapped Done
    mark_done(client, token, pid, 0)
    evaluation = play(app, pid).evaluate()
    assert evaluation.result is not None and evaluation.result.players[0].total == 87
    html = client.get(seat_url(pid)).get_data(as_text=True)
    assert "vd-home vd-done" in html and "87" in html


def _canon(cell):
    cell = dict(cell)
    if cell["kind"] == "room":
        cell.setdefault("item", None)
    return cell


def test_a_pick_moves_the_editor_to_the_next_empty_cell(client, token, pid):
    response = client.post(cell_url(pid, 0, 0), data={"csrf_token": token, "pick": "Jasmine|concrete"})
    assert response.headers["Location"].endswith("?cell=0-1#editor")
    response = client.post(cell_url(pid, 0, 2), data={"csrf_token": token, "pick": "Moth Orchid|none"})
    assert response.headers["Location"].endswith("?cell=0-2#editor")  # stays: its verdancy comes next


def test_htmx_cell_save_returns_the_status_block_with_the_grid_and_editor_out_of_band(app, client, token, pid):
    response = client.post(cell_url(pid, 0, 0), data={"csrf_token": token, "pick": "Jasmine|concrete"}, headers=HX)
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="status"')
    assert 'id="home" class="vd-home" hx-swap-oob="true"' in html
    assert '<section id="editor" class="vd-editor" hx-swap-oob="true"' in html and "Row 1, col 2" in html
    assert "14 points so far" in html.replace("</span>", "").replace('<span class="total">', "") or ">14<" in html
    assert state(app, pid)["home"][0][0] == {"kind": "plant", "name": "Jasmine", "pot": "concrete"}


def test_main_form_htmx_post_returns_only_the_status_block(app, client, token, pid):
    response = client.post(seat_url(pid), data={"csrf_token": token, "green_thumbs": "3", "storage_kind": "fertilizer"}, headers=HX)
    html = response.get_data(as_text=True)
    assert html.lstrip().startswith('<div id="status"') and "<html" not in html
    saved = state(app, pid)
    assert saved["green_thumbs"] == 3 and saved["storage"] == "fertilizer"
    assert 'id="editor"' not in html  # the main form never replaces the cell editor
    client.post(seat_url(pid), data={"csrf_token": token, "green_thumbs": "3", "storage_kind": "cat", "storage_color": "vining"})
    assert state(app, pid)["storage"] == {"kind": "cat", "color": "vining"}


def test_a_bad_hand_typed_value_is_kept_and_shown_next_to_its_field(app, client, token, pid):
    data = {"csrf_token": token, "manual": "1", "type": "vining", "points": "abc", "needs": "9", "pot": "wood"}
    client.post(cell_url(pid, 1, 1), data=data)
    assert state(app, pid)["home"][1][1] == {"kind": "plant", "type": "vining", "points": "abc", "needs": 9, "pot": "wood"}
    html = client.get(seat_url(pid) + "?cell=1-1").get_data(as_text=True)
    assert 'value="abc"' in html
    start = html.index('id="vd-m-points"')
    assert 'id="err-points"' in html[start:start + 400] and "0 to 20" in html[start:start + 600]
    assert 'id="cell-1-1"' in html and "vd-bad" in html


def test_green_thumbs_out_of_range_is_shown_next_to_the_tokens(app, client, token, pid):
    response = client.post(seat_url(pid), data={"csrf_token": token, "green_thumbs": "7"}, headers=HX)
    html = response.get_data(as_text=True)
    assert state(app, pid)["green_thumbs"] == 7
    assert '<div id="err-green_thumbs" hx-swap-oob="true"><p class="error">is 7: a player keeps at most 5' in html


def test_room_chips_set_type_item_and_colour(app, client, token, pid):
    def post(v):
        return client.post(cell_url(pid, 0, 1), data={"csrf_token": token, "set": v})
    post("rtype:vining")
    assert state(app, pid)["home"][0][1] == {"kind": "room", "item": None, "type": "vining"}
    post("item_kind:lamp")
    assert state(app, pid)["home"][0][1]["item"] == {"kind": "lamp", "color": "vining"}  # colour follows the room
    response = post("item_color:foliage")
    assert state(app, pid)["home"][0][1]["item"] == {"kind": "lamp", "color": "foliage"}
    assert response.headers["Location"].endswith("cell=0-2#editor")  # on to the next empty cell
    client.post(cell_url(pid, 0, 1), data={"csrf_token": token, "room": "Vining room 3"})
    assert state(app, pid)["home"][0][1] == {"kind": "room", "item": {"kind": "lamp", "color": "foliage"}, "name": "Vining room 3"}
    client.post(cell_url(pid, 0, 1), data={"csrf_token": token, "clear": "1"})
    assert state(app, pid)["home"][0][1] is None


def test_checkerboard_shows_only_the_kind_a_cell_can_hold(client, token, pid):
    client.post(cell_url(pid, 0, 0), data={"csrf_token": token, "pick": "Jasmine|concrete"})
    room_cell = client.get(seat_url(pid) + "?cell=0-1").get_data(as_text=True)
    assert "Room type" in room_cell and 'id="vd-q"' not in room_cell
    plant_cell = client.get(seat_url(pid) + "?cell=1-1").get_data(as_text=True)
    assert 'id="vd-q"' in plant_cell and "Room type" not in plant_cell


def test_cell_from_form_keeps_verdancy_and_pot_exclusive():
    cell, advance = cell_from_form({"set": "verdancy:4"}, {"kind": "plant", "name": "Moth Orchid", "pot": "wood"})
    assert cell == {"kind": "plant", "name": "Moth Orchid", "verdancy": 4} and advance
    cell, advance = cell_from_form({"set": "pot:ceramic"}, cell)
    assert cell == {"kind": "plant", "name": "Moth Orchid", "pot": "ceramic"} and advance


def test_a_finished_play_is_read_only(app, client, token, pid):
    fill(client, token, pid, ALICE_HOME)
    mark_done(client, token, pid, 0)
    assert client.post(f"/plays/{pid}/finish", data={"csrf_token": token}).status_code == 303
    html = client.get(seat_url(pid)).get_data(as_text=True)
    assert "popovertarget=\"why-0-0\"" in html and "hx-get" not in html.split('id="home"')[1].split("</div>")[0]
    assert "Jasmine (row 1, col 1): 11" in html
    response = client.post(cell_url(pid, 0, 0), data={"csrf_token": token, "clear": "1"}, headers=HX)
    assert response.status_code == 409
    assert state(app, pid)["home"][0][0]["name"] == "Jasmine"


def test_options_form_builds_goals_modification_and_goal_sets(app, client, token):
    html = client.get("/plays/new?game=verdant").get_data(as_text=True)
    assert 'name="opt-verdant-goal-plant"' in html and "Going Big" in html and 'name="opt-verdant-modification"' in html
    pid = new_play(client, token, game="verdant", players=("Ann", "Bob"), variant="family",
                   **{"goal-plant": "Going Big", "goal-room": "Double Duty", "modification": "4",
                      "second-plant": "Apartment Living", "second-room": "Four Corners"})
    assert play(app, pid).options == {"variant": "family", "goals": ["Going Big", "Double Duty"], "modification": 4,
                                      "goal_sets": {"second": ["Apartment Living", "Four Corners"]}}
    pid = new_play(client, token, game="verdant", players=("Ann", "Bob"), modification="5",
                   **{"player-goals": "Going Big, Pot Pairs\nApartment Living; Thumbs Up"})
    assert play(app, pid).options["goal_sets"] == {"players": [["Going Big", "Pot Pairs"], ["Apartment Living", "Thumbs Up"]]}
    edit = client.get(f"/plays/{pid}/edit").get_data(as_text=True)
    assert "Going Big, Pot Pairs\nApartment Living, Thumbs Up" in edit


def test_options_form_refuses_a_most_goal_in_solo_next_to_the_goals(client, token):
    data = {"csrf_token": token, "game": "verdant", "players-0": "Solo", "opt-verdant-goal-item": "Creature Comforts"}
    response = client.post("/plays", data=data)
    assert response.status_code == 422
    assert "compares players, so it is removed in solo" in response.get_data(as_text=True)


def test_the_one_card_rows_reading_is_an_option_of_the_form(app, client, token):
    html = client.get("/plays/new?game=verdant").get_data(as_text=True)
    assert 'name="opt-verdant-one_card_rows"' in html
    pid = new_play(client, token, game="verdant", players=("Ann", "Bob"), modification="6", one_card_rows="on")
    assert play(app, pid).options["one_card_rows"] is True
    edit = client.get(f"/plays/{pid}/edit").get_data(as_text=True)
    assert re.search(r'name="opt-verdant-one_card_rows" value="on" checked', edit)
    pid = new_play(client, token, game="verdant", players=("Ann", "Bob"))
    assert "one_card_rows" not in play(app, pid).options
