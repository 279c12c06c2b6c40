"""Gretchen's Garden entry screen through the Flask test client: the row form builds the seat's
state, row changes (add, move, remove, undo), steppers without JavaScript, errors next to their
field, the htmx status block and row route, a finished play."""

from __future__ import annotations

import re

import pytest

from scoring.gretchen.examples import rulebook_example
from tests.conftest import csrf_token, mark_done, new_play
from web import store

GAME = "gretchens-garden"


def form_for(state: dict, token: str, version: int | None = None, **extra) -> dict:
    """The entry form as a phone would post it for ``state``."""
    data = {"csrf_token": token, "places": str(len(state["display"])),
            "money_plant_leaves": str(state.get("money_plant_leaves", 3)),
            "watering_can": str(state.get("watering_can", 0))}
    if version is not None:
        data["version"] = str(version)
    for i, place in enumerate(state["display"]):
        if place.get("money_plant"):
            data[f"place-{i}-kind"] = "money"
            continue
        data[f"place-{i}-kind"] = "pot"
        data[f"place-{i}-color"] = place["pot"]["color"] or ""
        data[f"place-{i}-size"] = str(place["pot"]["size"] or "")
        plant = place["plant"]
        if plant:
            data[f"place-{i}-plant"] = plant["name"]
            data[f"place-{i}-leaves"] = str(plant["leaves"])
            if plant.get("flower"):
                data[f"place-{i}-flower"] = "on"
        else:
            data[f"place-{i}-plant"] = ""
            data[f"place-{i}-leaves"] = "0"
    data.update(extra)
    return data


def steve() -> dict:
    state = dict(rulebook_example()["players"][0])
    state.pop("name")
    return state


def seat_state(app, play_id: int, position: int = 0) -> dict:
    with app.app_context():
        return store.get_play(play_id).seats[position].state


def seat_version(app, play_id: int, position: int = 0) -> int:
    with app.app_context():
        return store.get_play(play_id).seats[position].version


@pytest.fixture
def play(client, token):
    return new_play(client, token, game=GAME, players=("Steve", "Anna"))


def test_entry_page_shows_the_starting_row(client, play):
    html = client.get(f"/plays/{play}/seats/0").get_data(as_text=True)
    assert "css/gretchen.css" in html and "js/gretchen.js" in html
    # gray pot, Money Plant, gray pot: the start of a game
    assert html.count('class="gg-place gg-pot"') == 2 and html.count('class="gg-place gg-money"') == 1
    assert re.search(r'name="place-0-color" value="gray" checked', html)
    assert "Left 1" in html and "Right 1" in html
    assert html.count('<option value="') >= 18  # the plant datalist
    assert 'inputmode="numeric"' in html and 'type="number"' not in html
    assert "style=" not in html and "onclick" not in html.lower()


def test_form_post_builds_the_rulebook_row_and_its_total(app, client, token, play):
    response = client.post(f"/plays/{play}/seats/0", data=form_for(steve(), token, next="seat"))
    assert response.status_code == 303
    assert seat_state(app, play) == steve()
    html = client.get(f"/plays/{play}/seats/0").get_data(as_text=True)
    assert re.search(r'id="gg-total"[^>]*><b>73</b>', html)
    # each pot shows the engine's own lines about it
    fx2 = re.search(r'<ul id="fx-2".*?</ul>', html, re.S).group(0)
    assert "12 leaves = 12" in fx2 and "red flower = 7" in fx2 and "4 colours" in fx2
    assert "Mexican Firecracker (yellow): you own 1" in html  # the plant effects in the status


def test_typed_plant_names_are_matched_and_kept_in_catalog_spelling(app, client, token, play):
    state = steve()
    state["display"][2]["plant"]["name"] = "jelly bean plant"
    client.post(f"/plays/{play}/seats/0", data=form_for(state, token))
    assert seat_state(app, play)["display"][2]["plant"]["name"] == "Jellybean Plant"


def test_a_bad_leaf_count_is_kept_and_shown_next_to_its_field(app, client, token, play):
    state = steve()
    data = form_for(state, token, **{"place-1-leaves": "abc", "place-3-leaves": "9"})
    client.post(f"/plays/{play}/seats/0", data=data)
    stored = seat_state(app, play)["display"]
    assert stored[1]["plant"]["leaves"] == "abc"
    assert stored[3]["plant"]["leaves"] == 9
    html = client.get(f"/plays/{play}/seats/0").get_data(as_text=True)
    assert 'id="place-1-leaves" name="place-1-leaves" value="abc"' in html
    slot1 = re.search(r'<div id="err-1-leaves".*?</div>', html, re.S).group(0)
    assert "Leaves must be a whole number" in slot1
    slot3 = re.search(r'<div id="err-3-leaves".*?</div>', html, re.S).group(0)
    assert "9 leaves" in slot3 and "6" in slot3


def test_unknown_plant_and_missing_size_show_on_their_card(app, client, token, play):
    state = steve()
    data = form_for(state, token, **{"place-5-plant": "Dandelion", "place-1-size": ""})
    client.post(f"/plays/{play}/seats/0", data=data)
    html = client.get(f"/plays/{play}/seats/0").get_data(as_text=True)
    assert "Dandelion" in re.search(r'<div id="err-5-plant".*?</div>', html, re.S).group(0)
    assert "Pot size is missing: a yellow pot has size 6, 8 or 12" in re.search(
        r'<div id="err-1-pot".*?</div>', html, re.S).group(0)


def test_a_size_left_from_another_colour_follows_the_colour(app, client, token, play):
    data = form_for({"display": [{"pot": {"color": "gray", "size": 8}, "plant": None}, {"money_plant": True},
                                 {"pot": {"color": "red", "size": 2}, "plant": None}]}, token)
    client.post(f"/plays/{play}/seats/0", data=data)
    display = seat_state(app, play)["display"]
    assert display[0]["pot"] == {"color": "gray", "size": 2}  # one size: taken
    assert display[2]["pot"] == {"color": "red", "size": None}  # the player picks 6, 8 or 12


def test_typed_text_is_escaped(client, token, play):
    data = form_for(steve(), token, **{"place-0-plant": "<script>x</script>"})
    client.post(f"/plays/{play}/seats/0", data=data)
    html = client.get(f"/plays/{play}/seats/0").get_data(as_text=True)
    assert "<script>x</script>" not in html and "&lt;script&gt;x&lt;/script&gt;" in html


def test_htmx_autosave_returns_only_the_status_with_out_of_band_slots(app, client, token, play):
    response = client.post(f"/plays/{play}/seats/0", data=form_for(steve(), token), headers={"HX-Request": "true"})
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert html.lstrip().startswith('<div id="gg-status"')
    assert "<html" not in html and "gg-colors" not in html
    assert 'id="seat-version"' in html  # the next autosave carries the new version
    assert 'id="fx-2" class="gg-fx" hx-swap-oob="true"' in html
    assert 'id="cap-5" class="gg-cap" data-cap="8" hx-swap-oob="true"' in html
    assert re.search(r'id="gg-total"[^>]*hx-swap-oob="true"><b>73</b>', html)


def test_htmx_autosave_ignores_the_last_tapped_button(app, client, token, play):
    """htmx sends the last clicked button's name with an autosave: a stepper's op must not apply twice."""
    data = form_for(steve(), token, op="step:place-1-leaves:-1")
    client.post(f"/plays/{play}/seats/0", data=data, headers={"HX-Request": "true"})
    assert seat_state(app, play)["display"][1]["plant"]["leaves"] == 8


def test_steppers_without_javascript_are_capped_by_the_pot(app, client, token, play):
    url = f"/plays/{play}/seats/0"
    client.post(url, data=form_for(steve(), token))
    state = seat_state(app, play)
    client.post(url, data=form_for(state, token, op="step:place-1-leaves:1"))  # 8 of 8: stays
    assert seat_state(app, play)["display"][1]["plant"]["leaves"] == 8
    client.post(url, data=form_for(seat_state(app, play), token, op="step:place-3-leaves:1"))
    assert seat_state(app, play)["display"][3]["plant"]["leaves"] == 6
    client.post(url, data=form_for(seat_state(app, play), token, op="full:place-2-leaves"))
    assert seat_state(app, play)["display"][2]["plant"]["leaves"] == 12
    client.post(url, data=form_for(seat_state(app, play), token, op="full:money_plant_leaves"))
    client.post(url, data=form_for(seat_state(app, play), token, op="step:watering_can:1"))
    state = seat_state(app, play)
    assert state["money_plant_leaves"] == 4 and state["watering_can"] == 1


def test_add_pots_at_both_ends_and_move_without_javascript(app, client, token, play):
    url = f"/plays/{play}/seats/0"
    start = seat_state(app, play)
    response = client.post(url, data=form_for(start, token, op="add:left"))
    assert response.status_code == 303 and response.headers["Location"].endswith(url)
    client.post(url, data=form_for(seat_state(app, play), token, op="add:right"))
    display = seat_state(app, play)["display"]
    assert len(display) == 5
    assert display[0] == display[4] == {"pot": {"color": None, "size": None}, "plant": None}
    assert display[2] == {"money_plant": True}
    client.post(url, data=form_for(seat_state(app, play), token, op="left:2"))  # Money Plant one place left
    assert seat_state(app, play)["display"][1] == {"money_plant": True}
    html = client.get(url).get_data(as_text=True)
    assert "Color is missing" not in html
    assert "Pot colour is missing: choose one of purple" in html


def test_remove_a_pot_then_undo(app, client, token, play):
    url = f"/plays/{play}/seats/0"
    client.post(url, data=form_for(steve(), token))
    client.post(url, data=form_for(seat_state(app, play), token, op="remove:2"))
    display = seat_state(app, play)["display"]
    assert len(display) == 7 and display[2]["plant"]["name"] == "Snake Plant"
    html = client.get(url).get_data(as_text=True)
    assert "Removed red 12 pot with Jellybean Plant" in html
    client.post(url, data=form_for(seat_state(app, play), token, op="remove:3"))  # the Money Plant stays
    assert len(seat_state(app, play)["display"]) == 7
    client.post(url, data=form_for(seat_state(app, play), token, op="undo"))
    assert seat_state(app, play) == steve()
    assert "Removed" not in client.get(url).get_data(as_text=True)
    log = client.get(f"/plays/{play}/log").get_data(as_text=True)
    assert "Jellybean Plant" in log  # the removed pot is in the edit log too


def test_htmx_row_route_answers_the_row_and_the_status(app, client, token, play):
    url = f"/plays/{play}/seats/0/gretchen/row"
    version = seat_version(app, play)
    response = client.post(url, data=form_for(seat_state(app, play), token, version, op="add:left"),
                           headers={"HX-Request": "true"})
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert html.lstrip().startswith('<div id="gg-row"')
    assert '<div id="gg-status" hx-swap-oob="true">' in html
    assert 'id="gg-total" class="gg-total" hx-swap-oob="true"' in html
    assert html.count('class="gg-place gg-pot"') == 3
    assert len(seat_state(app, play)["display"]) == 4
    # a stale form (another phone saved meanwhile) does not overwrite: the conflict page answers
    stale = client.post(url, data=form_for(seat_state(app, play), token, version, op="add:left"),
                        headers={"HX-Request": "true"})
    assert stale.status_code == 409
    assert len(seat_state(app, play)["display"]) == 4


def test_finished_play_is_read_only(app, client, token, play):
    client.post(f"/plays/{play}/seats/0", data=form_for(steve(), token))
    mark_done(client, token, play, 0, 1)
    assert client.post(f"/plays/{play}/finish", data={"csrf_token": token}).status_code == 303
    html = client.get(f"/plays/{play}/seats/0").get_data(as_text=True)
    assert '<fieldset class="gg-body" disabled>' in html
    assert "reopen it to change a score" in html
    response = client.post(f"/plays/{play}/seats/0/gretchen/row", data=form_for(steve(), token, op="add:left"),
                           headers={"HX-Request": "true"})
    assert response.status_code == 409
    assert response.headers["HX-Retarget"] == "#gg-status"
    assert seat_state(app, play) == steve()


def test_option_money_plant_pot_scores(app, client, token):
    play = new_play(client, token, game=GAME, players=("Steve", "Anna"), money_plant_pot_scores="on")
    client.post(f"/plays/{play}/seats/0", data=form_for(steve(), token))
    html = client.get(f"/plays/{play}/seats/0").get_data(as_text=True)
    assert re.search(r'id="gg-total"[^>]*><b>75</b>', html)


def test_row_route_is_only_for_this_game(client, token):
    other = new_play(client, token)  # the stub game
    response = client.post(f"/plays/{other}/seats/0/gretchen/row", data={"csrf_token": csrf_token(client)},
                           headers={"HX-Request": "true"})
    assert response.status_code == 404


def test_each_place_shows_the_engines_preview_lines_while_the_row_is_half_typed(app, client, token, play):
    # a plant name still being typed at place 6: the seat does not score yet ("–"), but every place
    # that reads shows its lines from the engine's preview, compared with Anna's row
    data = form_for(steve(), token, **{"place-6-plant": "Moon Cac"})
    client.post(f"/plays/{play}/seats/0", data=data)
    html = client.get(f"/plays/{play}/seats/0").get_data(as_text=True)
    assert re.search(r'id="gg-total"[^>]*><b>–</b>', html)
    fx1 = re.search(r'<ul id="fx-1".*?</ul>', html, re.S).group(0)
    assert "Mexican Firecracker (left 3): 8 leaves = 8" in fx1
    assert "you own 1, the most (others: Anna 0)" in fx1
    assert re.search(r'<ul id="fx-6" class="gg-fx"></ul>', html)  # the place that does not read: nothing yet


def test_the_limits_shown_are_the_engines(client, play):
    from scoring import gretchen

    html = client.get(f"/plays/{play}/seats/0").get_data(as_text=True)
    assert 'id="money_plant_leaves" name="money_plant_leaves" value="3"' in html
    assert f'data-max="{gretchen.MONEY_PLANT_CAPACITY}"' in html and f'data-max="{gretchen.MAX_WATER}"' in html
    assert f"Starting pot, size {gretchen.POT_SIZES['gray'][0]}" in html
