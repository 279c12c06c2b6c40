"""Gretchen's Garden entry screen through the Flask test client: the row form (fields named by
contract path) builds the seat's state, row changes (add, move, remove, undo), steppers and Full
without JavaScript, errors next to their field, the htmx status block and row route, the two save
paths' merge, conflict and finished refusal, and the labels the conflict screen uses."""

from __future__ import annotations

import copy
import re

import pytest

from scoring import gretchen
from scoring.gretchen.examples import rulebook_example
from tests.conftest import csrf_token, mark_done, new_play
from web.data import store
from web.games import adapter

GAME = "gretchens-garden"
HTMX = {"HX-Request": "true"}


def form_for(state: dict, token: str, version: int | None = None, **extra) -> dict:
    """The entry form as a phone posts it for ``state``: every field named by its contract path."""
    data = {"csrf_token": token, "places": str(len(state["display"])),
            "money_plant_leaves": str(state.get("money_plant_leaves", 3)),
            "watering_can": str(state.get("watering_can", 0))}
    if version is not None:
        data["version"] = str(version)
    for i, place in enumerate(state["display"]):
        if place.get("money_plant"):
            data[f"display[{i}].money_plant"] = "true"
            continue
        pot = place["pot"]
        data[f"display[{i}].pot"] = f"{pot['color'] or ''}:{'' if pot['size'] is None else pot['size']}"
        plant = place["plant"]
        data[f"display[{i}].plant.name"] = plant["name"] if plant else ""
        data[f"display[{i}].plant.leaves"] = str(plant["leaves"]) if plant else "0"
        if plant and plant.get("flower"):
            data[f"display[{i}].plant.flower"] = "on"
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


def slot(html: str, path: str) -> str:
    """The message slot of a field (or of a place: ``display[3]``)."""
    found = re.search(r'<div id="err-f-' + re.escape(re.sub(r"[^A-Za-z0-9_]+", "-", path).strip("-")) + r'".*?</div>', html, re.S)
    assert found, f"no message slot for {path}"
    return found.group(0)


@pytest.fixture
def play(client, token):
    return new_play(client, token, game=GAME, players=("Steve", "Anna"))


def test_entry_page_shows_the_starting_row(client, play):
    html = client.get(f"/plays/{play}/seats/0").get_data(as_text=True)
    assert "css/gretchen.css" in html and "js/gretchen.js" in html
    # gray pot, Money Plant, gray pot: the start of a game
    assert html.count('class="gg-place gg-pot"') == 2 and html.count('class="gg-place gg-money"') == 1
    assert re.search(r'name="display\[0\]\.pot" value="gray:2"[^>]*checked', html)
    assert "Left 1" in html and "Right 1" in html
    assert html.count('name="display[0].plant.name"') == len(gretchen.PLANTS) + 1  # every plant, or none
    assert 'inputmode="numeric"' in html and 'type="number"' not in html
    assert "style=" not in html and "onclick" not in html.lower()


def test_an_untouched_seat_shows_no_points_as_if_entered(client, play):
    html = client.get(f"/plays/{play}/seats/0").get_data(as_text=True)
    assert re.search(r'id="gg-total"[^>]*><b>–</b>', html)  # not the starting row's 4
    assert re.findall(r'<span id="pts-\d" class="gg-pts-n">([^<]*)</span>', html) == ["", "", ""]
    assert "gg-cats" not in html


def test_form_post_builds_the_rulebook_row_and_its_total(app, client, token, play):
    response = client.post(f"/plays/{play}/seats/0", data=form_for(steve(), token, next="seat"))
    assert response.status_code == 303
    assert seat_state(app, play) == steve()
    html = client.get(f"/plays/{play}/seats/0").get_data(as_text=True)
    assert re.search(r'id="gg-total"[^>]*><b>73</b>', html)
    # each place shows its points from the engine's preview, the lines behind them one tap away
    points = re.findall(r'<span id="pts-\d" class="gg-pts-n">([^<]*)</span>', html)
    assert points == ["2 pts", "22 pts", "25 pts", "7 pts", "0 pts", "9 pts", "6 pts", "2 pts"]
    why2 = re.search(r'<div id="why-2-body".*?</div>', html, re.S).group(0)
    assert "12 leaves = 12" in why2 and "red flower = 7" in why2 and "4 colours" in why2
    # an empty starting pot's 2 points are explained too: by the line that counts the pot cards
    why0 = re.search(r'<div id="why-0-body".*?</div>', html, re.S).group(0)
    assert "<strong>2 points</strong>" in why0 and "7 pot cards (2 gray starting, 5 bought) x 2 = 14" in why0
    assert "Mexican Firecracker (yellow): you own 1" in html  # every line, by category, in the status


def test_a_complete_board_previews_to_its_score_on_the_page(app, client, token, play):
    client.post(f"/plays/{play}/seats/0", data=form_for(steve(), token))
    html = client.get(f"/plays/{play}/seats/0").get_data(as_text=True)
    points = [int(n) for n in re.findall(r'<span id="pts-\d" class="gg-pts-n">(\d+) pts</span>', html)]
    assert sum(points) == 73  # the places' points add up to the total: 2 + 22 + 25 + 7 + 0 + 9 + 6 + 2


def test_typed_plant_names_are_matched_and_kept_in_catalog_spelling(app, client, token, play):
    state = steve()
    state["display"][2]["plant"]["name"] = "jelly bean plant"
    client.post(f"/plays/{play}/seats/0", data=form_for(state, token))
    assert seat_state(app, play)["display"][2]["plant"]["name"] == "Jellybean Plant"


def test_a_bad_leaf_count_is_kept_and_shown_next_to_its_field(app, client, token, play):
    data = form_for(steve(), token, **{"display[1].plant.leaves": "abc", "display[3].plant.leaves": "9"})
    client.post(f"/plays/{play}/seats/0", data=data)
    stored = seat_state(app, play)["display"]
    assert stored[1]["plant"]["leaves"] == "abc"
    assert stored[3]["plant"]["leaves"] == 9
    html = client.get(f"/plays/{play}/seats/0").get_data(as_text=True)
    assert 'id="f-display-1-plant-leaves" name="display[1].plant.leaves" value="abc"' in html
    assert "Leaves must be a whole number" in slot(html, "display[1].plant.leaves")
    assert "9 leaves" in slot(html, "display[3].plant.leaves") and "6" in slot(html, "display[3].plant.leaves")
    # the problems list names the place as the player sees it, not by its path
    assert "<strong>Place 4 (Snake Plant): leaves</strong> has 9 leaves" in html
    assert "display[3]" not in re.search(r'<details class="problems".*?</details>', html, re.S).group(0)


def test_unknown_plant_and_missing_size_show_on_their_card(app, client, token, play):
    data = form_for(steve(), token, **{"display[5].plant.name": "Dandelion", "display[1].pot": "yellow:"})
    client.post(f"/plays/{play}/seats/0", data=data)
    assert seat_state(app, play)["display"][1]["pot"] == {"color": "yellow", "size": None}
    html = client.get(f"/plays/{play}/seats/0").get_data(as_text=True)
    assert "Dandelion" in slot(html, "display[5]")
    assert "Pot size is missing: a yellow pot has size 6, 8 or 12" in slot(html, "display[1]")
    # what was entered stays chosen in its picker, so the next save keeps it
    assert re.search(r'value="Dandelion"[^>]*checked>Dandelion \(as entered\)', html)
    assert re.search(r'value="yellow:"[^>]*checked>Yellow: size\? \(as entered\)', html)


def test_a_pot_choice_is_its_colour_and_size_and_an_odd_one_is_kept_as_typed(app, client, token, play):
    data = form_for({"display": [{"pot": {"color": "gray", "size": 8}, "plant": None}, {"money_plant": True},
                                 {"pot": {"color": "red", "size": 12}, "plant": None}]}, token)
    client.post(f"/plays/{play}/seats/0", data=data)
    display = seat_state(app, play)["display"]
    assert display[2]["pot"] == {"color": "red", "size": 12}
    assert display[0]["pot"] == {"color": "gray", "size": 8}  # as typed: the engine names it
    html = client.get(f"/plays/{play}/seats/0").get_data(as_text=True)
    assert "gray" in slot(html, "display[0]").lower() and "2" in slot(html, "display[0]")


def test_typed_text_is_escaped(client, token, play):
    data = form_for(steve(), token, **{"display[0].plant.name": "<script>x</script>"})
    client.post(f"/plays/{play}/seats/0", data=data)
    html = client.get(f"/plays/{play}/seats/0").get_data(as_text=True)
    assert "<script>x</script>" not in html and "&lt;script&gt;x&lt;/script&gt;" in html


def test_htmx_autosave_returns_only_the_status_with_out_of_band_slots(app, client, token, play):
    response = client.post(f"/plays/{play}/seats/0", data=form_for(steve(), token), headers=HTMX)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert html.lstrip().startswith('<div id="gg-status"')
    assert "<html" not in html and "gg-kinds" not in html
    assert 'id="seat-version"' in html  # the next autosave carries the new version
    assert re.search(r'<div id="why-2-body" class="gg-why-body" hx-swap-oob="true">', html)
    assert '<span id="pts-2" class="gg-pts-n" hx-swap-oob="true">25 pts</span>' in html
    assert '<span id="cap-5" data-max="8" hx-swap-oob="true">8</span>' in html
    assert '<span id="plantname-2" class="gg-btext" hx-swap-oob="true">Jellybean Plant</span>' in html
    assert re.search(r'id="gg-total"[^>]*hx-swap-oob="true"><b>73</b>', html)


def test_htmx_autosave_ignores_a_row_button(app, client, token, play):
    """htmx may send the last clicked row button's name with an autosave: the entry form never
    applies a row change (only the row route does)."""
    client.post(f"/plays/{play}/seats/0", data=form_for(steve(), token, op="remove:1"), headers=HTMX)
    assert seat_state(app, play) == steve()


def test_steppers_and_full_without_javascript_are_capped_by_the_pot(app, client, token, play):
    url = f"/plays/{play}/seats/0"
    client.post(url, data=form_for(steve(), token))
    client.post(url, data=form_for(seat_state(app, play), token, step="display[1].plant.leaves:+1"))  # 8 of 8: stays
    assert seat_state(app, play)["display"][1]["plant"]["leaves"] == 8
    client.post(url, data=form_for(seat_state(app, play), token, step="display[3].plant.leaves:+1"))
    assert seat_state(app, play)["display"][3]["plant"]["leaves"] == 6
    client.post(url, data=form_for(seat_state(app, play), token, step="display[5].plant.leaves:-1"))
    assert seat_state(app, play)["display"][5]["plant"]["leaves"] == 6
    client.post(url, data=form_for(seat_state(app, play), token, step="display[5].plant.leaves:full"))
    assert seat_state(app, play)["display"][5]["plant"]["leaves"] == 8
    client.post(url, data=form_for(seat_state(app, play), token, step="money_plant_leaves:full"))
    client.post(url, data=form_for(seat_state(app, play), token, step="watering_can:+1"))
    state = seat_state(app, play)
    assert state["money_plant_leaves"] == gretchen.MONEY_PLANT_CAPACITY and state["watering_can"] == 1


def test_add_pots_next_to_the_money_plant_and_inside_the_right_starting_pot(app, client, token, play):
    """A bought pot goes between the starting pots (rulebook, Pots): "+ Add a pot here" on the left
    puts it next to the Money Plant, on the right just inside the right starting pot, so a row
    entered top to bottom reads in order."""
    url = f"/plays/{play}/seats/0/do/row"
    start = seat_state(app, play)
    response = client.post(url, data=form_for(start, token, op="add:left:yellow:8"))
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/plays/{play}/seats/0")
    client.post(url, data=form_for(seat_state(app, play), token, op="add:left:red:12"))
    client.post(url, data=form_for(seat_state(app, play), token, op="add:right:rainbow:4"))
    client.post(url, data=form_for(seat_state(app, play), token, op="add:right"))  # a pot, colour later
    display = seat_state(app, play)["display"]
    assert [p.get("pot") for p in display] == [
        {"color": "gray", "size": 2}, {"color": "yellow", "size": 8}, {"color": "red", "size": 12}, None,
        {"color": "rainbow", "size": 4}, {"color": None, "size": None}, {"color": "gray", "size": 2}]
    assert display[3] == {"money_plant": True}
    client.post(url, data=form_for(seat_state(app, play), token, op="left:3"))  # Money Plant one place left
    assert seat_state(app, play)["display"][2] == {"money_plant": True}
    html = client.get(f"/plays/{play}/seats/0").get_data(as_text=True)
    assert "Pot colour is missing: choose one of purple" in slot(html, "display[5]")


def test_remove_a_pot_then_undo(app, client, token, play):
    client.post(f"/plays/{play}/seats/0", data=form_for(steve(), token))
    url = f"/plays/{play}/seats/0/do/row"
    client.post(url, data=form_for(seat_state(app, play), token, op="remove:2"))
    display = seat_state(app, play)["display"]
    assert len(display) == 7 and display[2]["plant"]["name"] == "Snake Plant"
    html = client.get(f"/plays/{play}/seats/0").get_data(as_text=True)
    assert "Removed red 12 pot: Jellybean Plant, 12 leaves, flower" in html
    client.post(url, data=form_for(seat_state(app, play), token, op="remove:3"))  # the Money Plant stays
    assert len(seat_state(app, play)["display"]) == 7
    client.post(url, data=form_for(seat_state(app, play), token, op="undo"))
    assert seat_state(app, play) == steve()
    assert "Removed" not in client.get(f"/plays/{play}/seats/0").get_data(as_text=True)
    log = client.get(f"/plays/{play}/log").get_data(as_text=True)
    assert "Jellybean Plant" in log  # the removed pot is in the edit log too


def test_a_row_change_without_javascript_keeps_what_else_was_typed(app, client, token, play):
    url = f"/plays/{play}/seats/0/do/row"
    data = form_for(seat_state(app, play), token, op="add:left:blue:6", watering_can="5", money_plant_leaves="4")
    client.post(url, data=data)
    state = seat_state(app, play)
    assert state["watering_can"] == 5 and state["money_plant_leaves"] == 4 and len(state["display"]) == 4


def test_htmx_row_route_answers_the_row_and_the_status(app, client, token, play):
    url = f"/plays/{play}/seats/0/do/row"
    version = seat_version(app, play)
    response = client.post(url, data=form_for(seat_state(app, play), token, version, op="add:left"), headers=HTMX)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert html.lstrip().startswith('<div id="gg-row"')
    assert '<div id="gg-status" hx-swap-oob="true">' in html
    assert 'id="gg-total" class="gg-total" hx-swap-oob="true"' in html
    assert html.count('class="gg-place gg-pot"') == 3
    assert len(seat_state(app, play)["display"]) == 4


# ------------------------------------------------------------------ two phones, one seat


def test_a_stale_autosave_of_another_field_is_merged(app, client, token, play):
    base = seat_version(app, play)
    first = form_for(steve(), token, base)
    assert client.post(f"/plays/{play}/seats/0", data=first, headers=HTMX).status_code == 200
    # the other phone still shows the starting row, and changes only the watering can
    other = app.test_client()
    stale = form_for(gretchen.blank_player(), csrf_token(other), base, watering_can="6")
    assert other.post(f"/plays/{play}/seats/0", data=stale, headers=HTMX).status_code == 200
    assert seat_state(app, play) == {**steve(), "watering_can": 6}


def test_a_stale_row_change_over_another_field_is_merged(app, client, token, play):
    base = seat_version(app, play)
    client.post(f"/plays/{play}/seats/0", data=form_for(gretchen.blank_player(), token, base, watering_can="3"),
                headers=HTMX)
    other = app.test_client()
    stale = form_for(gretchen.blank_player(), csrf_token(other), base, op="add:left:red:6")
    response = other.post(f"/plays/{play}/seats/0/do/row", data=stale, headers=HTMX)
    assert response.status_code == 200
    state = seat_state(app, play)
    assert state["watering_can"] == 3 and state["display"][1]["pot"] == {"color": "red", "size": 6}


def test_a_stale_row_change_over_another_phones_change_of_the_row_is_a_conflict(app, client, token, play):
    client.post(f"/plays/{play}/seats/0", data=form_for(steve(), token), headers=HTMX)
    base = seat_version(app, play)
    moved = copy.deepcopy(steve())
    moved["display"][3]["plant"]["leaves"] = 6  # this phone fills the Snake Plant
    assert client.post(f"/plays/{play}/seats/0", data=form_for(moved, token, base), headers=HTMX).status_code == 200
    other = app.test_client()
    stale = form_for(steve(), csrf_token(other), base, op="remove:7")  # the other phone, not yet told
    response = other.post(f"/plays/{play}/seats/0/do/row", data=stale, headers=HTMX)
    assert response.status_code == 409 and response.headers["HX-Retarget"] == "#main"
    html = response.get_data(as_text=True)
    assert "<h2>The row of pots</h2>" in html and "display" not in re.sub(r'name="[^"]*"|value="[^"]*"', "", html)
    assert "7 places:" in html and "8 places:" in html  # both rows, in words
    assert seat_state(app, play) == moved  # nothing was silently reverted
    # the player keeps the other phone's row: the Snake Plant's 6 leaves stay, the pot is not removed
    token_b = csrf_token(other)
    changes = re.search(r'name="changes" value="([^"]*)"', html).group(1).replace("&#34;", '"').replace("&quot;", '"')
    kept = other.post(f"/plays/{play}/seats/0/resolve",
                      data={"csrf_token": token_b, "changes": changes, "keep": "theirs",
                            "version": str(seat_version(app, play))})
    assert kept.status_code == 303 and seat_state(app, play) == moved


def test_a_true_conflict_on_one_place_names_it_as_the_player_sees_it(app, client, token, play):
    client.post(f"/plays/{play}/seats/0", data=form_for(steve(), token), headers=HTMX)
    base = seat_version(app, play)
    mine = copy.deepcopy(steve())
    mine["display"][2]["plant"]["leaves"] = 11
    client.post(f"/plays/{play}/seats/0", data=form_for(mine, token, base), headers=HTMX)
    other = app.test_client()
    theirs = copy.deepcopy(steve())
    theirs["display"][2]["plant"]["leaves"] = 10
    response = other.post(f"/plays/{play}/seats/0", data=form_for(theirs, csrf_token(other), base), headers=HTMX)
    assert response.status_code == 409
    html = response.get_data(as_text=True)
    assert "<h2>Place 3 (Jellybean Plant): leaves</h2>" in html
    assert re.search(r"Keep this phone's: <strong>10</strong>", html) and re.search(r"'s: <strong>11</strong>", html)


def test_both_save_paths_refuse_a_finished_play(app, client, token, play):
    client.post(f"/plays/{play}/seats/0", data=form_for(steve(), token))
    mark_done(client, token, play, 0, 1)
    assert client.post(f"/plays/{play}/finish", data={"csrf_token": token}).status_code == 303
    html = client.get(f"/plays/{play}/seats/0").get_data(as_text=True)
    assert '<fieldset class="gg-body" disabled>' in html
    assert "This play is finished." in html and "read-only" in html
    row = client.post(f"/plays/{play}/seats/0/do/row", data=form_for(steve(), token, op="add:left"), headers=HTMX)
    assert row.status_code == 409
    assert row.headers["HX-Retarget"] == "#gg-status"
    assert "Not saved: this play is finished." in row.get_data(as_text=True)
    changed = form_for(steve(), token, watering_can="9")
    form = client.post(f"/plays/{play}/seats/0", data=changed, headers=HTMX)
    assert form.status_code == 409 and "Not saved: this play is finished." in form.get_data(as_text=True)
    assert seat_state(app, play) == steve()


def test_field_and_value_labels_are_in_a_players_words(app, client, token, play):
    client.post(f"/plays/{play}/seats/0", data=form_for(steve(), token))
    labels, board = adapter(GAME), seat_state(app, play)
    if True:  # the labels name the plant at a place from the seat's board (no request needed)
        assert labels.field_label_in("display[2].plant.leaves", board) == "Place 3 (Jellybean Plant): leaves"
        assert labels.field_label_in("display[1].pot.size", board) == "Place 2 (Mexican Firecracker): pot size"
        assert labels.field_label_in("display[4]", board) == "Place 5 (Money Plant)"
        assert labels.field_label_in("display[0].plant", board) == "Place 1: plant"
        assert labels.field_label("money_plant_leaves") == "Money Plant leaves"
        assert labels.field_label("watering_can") == "Watering can"
        assert labels.field_label("display") == "The row of pots"
        assert labels.value_label("display[2].pot", {"color": "red", "size": 12}) == "red 12 pot"
        assert labels.value_label("display[0].plant", None) == "no plant (an empty pot)"
        assert labels.value_label("display[2].plant.flower", True) == "flower"
        assert labels.value_label("display[2]", steve()["display"][2]) == "red 12 pot: Jellybean Plant, 12 leaves, flower"


@pytest.mark.parametrize("stored", [None, [1, 2], "text", {"display": "x"},
                                    {"display": [1, "x", None, {"pot": 5, "plant": "y"}, {"pot": {"color": 3}, "plant": {}}]}])
def test_a_seat_state_of_another_shape_still_opens_saves_and_changes_its_row(app, client, token, play, stored):
    import json

    from web.data.db import connect

    db = connect(app.config["DATABASE"])
    db.execute("UPDATE seats SET state = ? WHERE play_id = ? AND position = 0", [json.dumps(stored), play])
    db.conn.close()
    html = client.get(f"/plays/{play}/seats/0").get_data(as_text=True)
    assert 'id="gg-row"' in html
    places = int(re.search(r'name="places" value="(\d+)"', html).group(1))
    data = {"csrf_token": token, "places": str(places), "watering_can": "2"}
    assert client.post(f"/plays/{play}/seats/0", data=data, headers=HTMX).status_code == 200
    row = client.post(f"/plays/{play}/seats/0/do/row", data={**data, "op": "add:left:red:6"}, headers=HTMX)
    assert row.status_code == 200
    assert seat_state(app, play)["watering_can"] == 2 and len(seat_state(app, play)["display"]) == places + 1


@pytest.mark.parametrize("op", ["", "add", "add:up", "add:left:red", "add:left::", "remove:99", "remove:-1", "remove:x",
                                "left:0", "right:2", "left:99", "undo", "swap:1"])
def test_odd_row_changes_change_nothing_or_what_they_say(app, client, token, play, op):
    start = seat_state(app, play)
    response = client.post(f"/plays/{play}/seats/0/do/row", data=form_for(start, token, op=op), headers=HTMX)
    assert response.status_code == 200
    after = seat_state(app, play)["display"]
    if op == "add:left:red":  # a colour without its size: the card asks for the size
        assert len(after) == 4 and after[1] == {"pot": {"color": "red", "size": None}, "plant": None}
    elif op == "add:left::":  # no kind at all: a blank pot, the player picks it on its card
        assert len(after) == 4 and after[1] == {"pot": {"color": None, "size": None}, "plant": None}
    else:
        assert after == start["display"]


# ------------------------------------------------------------------ options, limits


def test_option_money_plant_pot_scores(app, client, token):
    play = new_play(client, token, game=GAME, players=("Steve", "Anna"), money_plant_pot_scores="on")
    client.post(f"/plays/{play}/seats/0", data=form_for(steve(), token))
    html = client.get(f"/plays/{play}/seats/0").get_data(as_text=True)
    assert re.search(r'id="gg-total"[^>]*><b>75</b>', html)


def test_the_can_hint_follows_the_aloe_vera_option(client, token, play):
    assert "1 per water left in your can." in client.get(f"/plays/{play}/seats/0").get_data(as_text=True)
    capped = new_play(client, token, game=GAME, players=("Steve", "Anna"), aloe_vera_max_4="on")
    html = client.get(f"/plays/{capped}/seats/0").get_data(as_text=True)
    assert f"1 per water left in your can, at most {gretchen.ALOE_VERA_CAP} (this play's option)" in html


def test_row_route_is_only_for_this_game(client, token):
    other = new_play(client, token)  # the stub game
    response = client.post(f"/plays/{other}/seats/0/do/row", data={"csrf_token": csrf_token(client)},
                           headers=HTMX)
    assert response.status_code == 404


def test_each_place_shows_the_engines_preview_while_the_row_is_half_typed(app, client, token, play):
    # an unknown plant at place 6: the seat does not score yet ("–"), but every place that reads
    # shows its points and lines from the engine's preview, compared with Anna's row
    data = form_for(steve(), token, **{"display[6].plant.name": "Moon Cac"})
    client.post(f"/plays/{play}/seats/0", data=data)
    html = client.get(f"/plays/{play}/seats/0").get_data(as_text=True)
    assert re.search(r'id="gg-total"[^>]*><b>–</b>', html)
    why1 = re.search(r'<div id="why-1-body".*?</div>', html, re.S).group(0)
    assert "Mexican Firecracker (left 3): 8 leaves = 8" in why1
    assert "you own 1, the most (others: Anna 0)" in why1
    assert '<span id="pts-6" class="gg-pts-n">– pts</span>' in html  # the place that does not read
    assert "Fix what the card says first." in re.search(r'<div id="why-6-body".*?</div>', html, re.S).group(0)


def test_the_limits_shown_are_the_engines(client, play):
    html = client.get(f"/plays/{play}/seats/0").get_data(as_text=True)
    assert 'id="f-money_plant_leaves" name="money_plant_leaves" value="3"' in html
    assert f'data-max="{gretchen.MONEY_PLANT_CAPACITY}"' in html and f'data-max="{gretchen.MAX_WATER}"' in html
    for color, sizes in gretchen.POT_SIZES.items():
        for size in sizes:
            assert f'value="{color}:{size}"' in html  # every pot card of the deck, and no other
    assert html.count('name="display[0].pot"') == sum(len(s) for s in gretchen.POT_SIZES.values())
