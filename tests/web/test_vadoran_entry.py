"""The Vadoran Gardens entry screen through the Flask test client: the page, the form -> state
mapping (garden text, lost items, achievements, quick mode), errors next to their fields, the htmx
live block, the no-JavaScript buttons, a finished play, and the options form."""

from __future__ import annotations

import re

import pytest

from tests.conftest import mark_done, new_play
from web import store

GAME = "vadoran-gardens"
# 5 grass squares with 3 tasks and a tablet (12), 7 water squares with 3 tasks (7), a soil area
# with 1 task (0), sand; a pendant return location.
GARDEN = "g* g* g*7 w w w\ng g . w* w* w5\ns s* . w* . ."


@pytest.fixture
def play_id(client, token):
    return new_play(client, token, game=GAME, players=("Purple", "Green"))


def url(play_id, position=0):
    return f"/plays/{play_id}/seats/{position}"


def post(client, token, play_id, htmx=True, position=0, **fields):
    data = {"csrf_token": token, "entry_mode": "paint", "garden": GARDEN,
            "lost_items.animal": "0", "lost_items.tool": "0", "lost_items.pendant": "1",
            "achievement.grass": "", "achievement.soil": "", "achievement.water": "7"}
    data.update(fields)
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(url(play_id, position), data=data, headers=headers)


def state(app, play_id, position=0):
    with app.app_context():
        return store.get_play(play_id).seats[position].state


def test_entry_page_shows_the_starting_grid_brushes_and_fields(client, play_id):
    html = client.get(url(play_id)).get_data(as_text=True)
    assert html.count('class="sq t-none"') == 18  # 3 rows x 6 columns to start
    for brush in ("Grass", "Soil", "Water", "Sand", "Task", "Tablet", "Return", "Eraser"):
        assert f"</i>{brush}</button>" in html
    assert 'name="garden"' in html and 'id="mode-quick"' in html
    assert 'name="lost_items.pendant"' in html and 'name="achievement.water"' in html
    assert "js/vadoran.js" in html and "css/vadoran.css" in html
    assert 'inputmode="numeric"' in html and 'type="number"' not in html
    assert "style=" not in html and "<script>" not in html and "onclick" not in html


def test_posting_the_form_stores_the_garden_and_shows_areas_and_total(app, client, token, play_id):
    response = post(client, token, play_id)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "<html" not in html and 'id="vad-live"' in html and 'id="status"' in html
    assert re.search(r'class="total">31<', html)  # 12 + 7 areas, 5 pendant, 7 achievement
    assert "Grass</b>, 5 squares, 3 tasks, 1 tablet" in html
    assert "scores 5 squares + 1 tablet x 7 = 12" in html
    assert "Soil</b>, 2 squares, 1 task" in html and "does not score: 1 task, an area needs 3 or more" in html
    assert "sand never scores" in html
    assert 'id="vad-total" class="mini-total" hx-swap-oob="true">31 pts<' in html
    saved = state(app, play_id)
    assert saved["garden"] == GARDEN.splitlines()
    assert saved["lost_items"] == {"animal": 0, "tool": 0, "pendant": 1}
    assert saved["achievements"] == [{"terrain": "water", "points": 7}]


def test_the_page_outlines_each_area_with_its_letter(client, token, play_id):
    post(client, token, play_id)
    html = client.get(url(play_id)).get_data(as_text=True)
    assert re.findall(r'<span class="lbl">(\w)</span>', html) == ["A", "B", "C"]
    first = re.search(r'<button type="button" class="sq t-grass in-area scores e-t e-l"\s+data-r="0" data-c="0"', html)
    assert first, "the top-left grass square is outlined on its top and left"
    assert html.count("in-area fails") == 2  # the soil area, which does not score
    owners = re.search(r"data-owners='([^']+)'", html).group(1)
    assert owners.startswith("[[0, 0, 0, 1, 1, 1], [0, 0, 2, 1, 1, 1], [3, 3, 2, 1, 4, 4]]")


def test_a_bad_number_is_kept_and_reported_next_to_its_field(app, client, token, play_id):
    html = post(client, token, play_id, **{"achievement.grass": "lots"}).get_data(as_text=True)
    assert state(app, play_id)["achievements"][0] == {"terrain": "grass", "points": "lots"}
    slot = re.search(r'<div id="err-ach-grass" class="slot" hx-swap-oob="true">(.*?)</div>', html, re.S)
    assert slot and "must be a whole number from 0 to 30" in slot.group(1)
    page = client.get(url(play_id)).get_data(as_text=True)
    assert 'value="lots"' in page
    assert re.search(r'<div id="err-ach-grass" class="slot"><p class="error">must be a whole number', page)


def test_a_bad_garden_token_is_kept_and_its_square_marked(app, client, token, play_id):
    post(client, token, play_id, garden="g* x w")
    assert state(app, play_id)["garden"] == ["g* x w"]
    page = client.get(url(play_id)).get_data(as_text=True)
    assert re.search(r'class="sq t-none bad"\s+data-r="0" data-c="1"', page)
    assert re.search(r'id="err-garden" class="slot"><p class="error">Row 1, column 2: &#34;x&#34; is not a square', page)
    assert "g* x w" in page  # the textarea keeps what was typed


def test_lost_items_beyond_the_supply_are_reported_at_the_item(client, token, play_id):
    post(client, token, play_id, **{"lost_items.tool": "4"})
    html = post(client, token, play_id, position=1, **{"lost_items.tool": "3"}).get_data(as_text=True)
    assert re.search(r'id="err-lost-tool" class="slot" hx-swap-oob="true"><p class="error">the players have found 7', html)


def test_quick_mode_enters_areas_and_keeps_the_painted_garden_aside(app, client, token, play_id):
    post(client, token, play_id)
    fields = {"entry_mode": "quick", "qa-0-terrain": "grass", "qa-0-squares": "8", "qa-0-tasks": "3", "qa-0-tablets": "1",
              "qa-1-terrain": "water", "qa-1-squares": "4", "qa-1-tasks": "2", "qa-1-tablets": "",
              "qa-2-terrain": "", "qa-2-squares": "", "qa-2-tasks": "", "qa-2-tablets": "",
              "return_locations.animal": "0", "return_locations.tool": "0", "return_locations.pendant": "1",
              "unscored_squares": ""}
    html = post(client, token, play_id, **fields).get_data(as_text=True)
    saved = state(app, play_id)
    assert "garden" not in saved and saved["garden_aside"] == GARDEN.splitlines()
    assert saved["areas"] == [{"terrain": "grass", "squares": 8, "tasks": 3, "tablets": 1},
                              {"terrain": "water", "squares": 4, "tasks": 2}]
    assert saved["return_locations"] == {"animal": 0, "tool": 0, "pendant": 1}
    assert re.search(r'class="total">27<', html)  # 15 + pendant 5 + water achievement 7
    assert "does not score: 2 tasks, an area needs 3 or more" in html
    page = client.get(url(play_id)).get_data(as_text=True)
    assert 'id="mode-quick" checked' in page and 'name="qa-1-squares" value="4"' in page
    # Back to painting: the garden is still there, the areas wait aside.
    fields["entry_mode"] = "paint"
    post(client, token, play_id, **fields)
    saved = state(app, play_id)
    assert saved["garden"] == GARDEN.splitlines() and saved["quick_aside"]["areas"][0]["squares"] == 8
    assert "areas" not in saved


def test_without_javascript_the_buttons_grow_the_grid_and_step_numbers(app, client, token, play_id):
    response = post(client, token, play_id, htmx=False, grow="right")
    assert response.status_code == 303
    assert state(app, play_id)["garden"][0] == "g* g* g*7 w w w -"
    post(client, token, play_id, htmx=False, grow="above")
    assert state(app, play_id)["garden"][0] == "- - - - - -"
    post(client, token, play_id, htmx=False, step="lost_items.tool:+1")
    assert state(app, play_id)["lost_items"]["tool"] == 1
    post(client, token, play_id, htmx=False, step="lost_items.pendant:-1", **{"lost_items.pendant": "0"})
    assert state(app, play_id)["lost_items"]["pendant"] == 0  # never below 0
    page = client.get(url(play_id)).get_data(as_text=True)
    assert '<details class="as-text" open>' in page  # the text form is open until the script takes over


def test_a_finished_play_is_read_only(client, token, play_id):
    post(client, token, play_id)
    post(client, token, play_id, position=1, garden="g* g* g*")
    mark_done(client, token, play_id, 0, 1)
    assert client.post(f"/plays/{play_id}/finish", data={"csrf_token": token}).status_code == 303
    page = client.get(url(play_id)).get_data(as_text=True)
    assert '<fieldset class="vad-body" disabled>' in page
    assert 'value="play">Done</button>' not in page and "readonly" in page
    response = post(client, token, play_id, garden="w w w")
    assert response.status_code == 409
    assert "This play is finished" in response.get_data(as_text=True)


def test_options_take_the_sisters_achievements_as_plain_numbers(app, client, token):
    play_id = new_play(client, token, game=GAME, players=("Solo",), mode="solo", difficulty="hard",
                       sister_achievements="12, 9 8")
    with app.app_context():
        assert store.get_play(play_id).options == {"mode": "solo", "difficulty": "hard", "sister_achievements": [12, 9, 8]}
    edit = client.get(f"/plays/{play_id}/edit").get_data(as_text=True)
    assert 'value="12 9 8"' in edit and "Hard (X = 3)" in edit
    data = {"csrf_token": token, "game": GAME, "played_at": "2026-11-28T20:30", "players-0": "Solo",
            f"opt-{GAME}-mode": "solo", f"opt-{GAME}-sister_achievements": "12 lots"}
    response = client.post("/plays", data=data)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "type whole numbers separated by spaces" in html and 'value="12 lots"' in html


def test_a_typo_leaves_the_other_areas_outlined_from_the_engines_preview(client, token, play_id):
    post(client, token, play_id, garden="g* g* g*7 w w w\ng g . w* w* w5\ns s* . w* . x")
    page = client.get(url(play_id)).get_data(as_text=True)
    assert re.search(r'class="sq t-none bad"\s+data-r="2" data-c="5"', page)
    assert re.findall(r'<span class="lbl">(\w)</span>', page) == ["A", "B", "C"]
    assert "scores 5 squares + 1 tablet x 7 = 12" in page  # the grass area still shows its points
    owners = re.search(r"data-owners='([^']+)'", page).group(1)
    assert owners == "[[0, 0, 0, 1, 1, 1], [0, 0, 2, 1, 1, 1], [3, 3, 2, 1, 4, -1]]"


def test_the_page_hands_the_engines_grammar_to_the_script(client, play_id):
    import json
    from html import unescape

    from scoring.vadoran import grammar

    page = client.get(url(play_id)).get_data(as_text=True)
    written = re.search(r"data-grammar='([^']+)'", page).group(1)
    assert json.loads(unescape(written)) == grammar()
    assert 'data-start-rows="3" data-start-columns="6"' in page
    assert 'data-brush="g"' in page and 'data-brush="-"' in page  # the brushes come from it too
    assert 'data-max="5"' in page  # a lost item stepper stops at the box's 5
