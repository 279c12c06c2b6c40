"""Verdant Arizona's entry screen through the Flask test client: the 4 x 4 form, the learned deck
(learn on save, fill-in, contradictions and their one-tap answers), options, read-only plays."""

from __future__ import annotations

import html as html_lib
import json
import re

import pytest

from tests.conftest import mark_done, new_play
from web import store
from web.db import get_db

GAME = "verdant-arizona"

# The rulebook display of docs/api/verdant-arizona.md: 12 points.
ROBIN = [
    [(1, "yellow", True), (5, "yellow", False), (20, "pink", False), (34, "white", True)],
    [(2, "yellow", False), (6, "yellow", False), (10, "white", True), (31, "pink", False)],
    [(3, "pink", False), (7, "white", False), (25, "pink", False), (32, "white", False)],
    [(4, "white", False), (8, "pink", False), (9, "white", False), (33, "pink", False)],
]


def form_of(display, wrens="2", numbers_only=False) -> dict:
    data = {"wrens": wrens}
    for r, row in enumerate(display):
        for c, (number, color, gecko) in enumerate(row):
            data[f"g-{r}-{c}-number"] = str(number)
            data[f"g-{r}-{c}-color"] = "" if numbers_only else color
            if gecko and not numbers_only:
                data[f"g-{r}-{c}-gecko"] = "on"
    return data


def post(client, token, play_id, data, position=0, htmx=True, version=None):
    headers = {"HX-Request": "true"} if htmx else {}
    body = {"csrf_token": token, **data}
    if version is not None:
        body["version"] = str(version)
    return client.post(f"/plays/{play_id}/seats/{position}", data=body, headers=headers)


def solo_play(client, token, vera="10", name="Robin") -> int:
    return new_play(client, token, game=GAME, players=(name,), solo="on", vera_score=vera)


def stored(app, play_id):
    with app.test_request_context():
        return store.get_play(play_id)


def deck_of(app) -> dict:
    with app.test_request_context():
        rows = get_db().execute("SELECT number, color, gecko, play_id FROM arizona_cards ORDER BY number").fetchall()
        return {r["number"]: (r["color"], bool(r["gecko"]), r["play_id"]) for r in rows}


def test_the_entry_page_is_a_4_by_4_grid_of_numeric_inputs(client, token):
    play_id = solo_play(client, token)
    html = client.get(f"/plays/{play_id}/seats/0").get_data(as_text=True)
    assert len(re.findall(r'<input class="az-num" type="text" inputmode="numeric"', html)) == 16
    assert 'name="g-3-3-color"' in html and 'name="g-0-0-gecko"' in html
    assert 'id="wrens"' in html and 'inputmode="numeric"' in html
    assert "type=\"number\"" not in html
    assert "solo vs Vera: 10" in html
    assert 'style="' not in html and "onclick" not in html and "<script>" not in html
    assert 'src="/static/js/arizona.js" defer' in html


def test_a_posted_display_is_stored_as_the_state_and_scores_12(app, client, token):
    play_id = solo_play(client, token)
    response = post(client, token, play_id, form_of(ROBIN))
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert re.search(r'class="total">12<', html)
    state = stored(app, play_id).seats[0].state
    assert state["wrens"] == 2
    assert state["grid"][0][0] == {"number": 1, "color": "yellow", "gecko": True}
    assert state["grid"][3][3] == {"number": 33, "color": "pink", "gecko": False}
    # the lines and quadrants that score light up (out of band: the inputs are not replaced)
    assert re.search(r'id="az-line-row-0" class="az-mark scores"', html)
    assert re.search(r'id="az-line-col-2" class="az-mark complete"', html)
    assert re.search(r'id="az-q-0" class="az-quad scores"', html)


def test_advanced_scoring_marks_single_colour_lines(client, token):
    play_id = new_play(client, token, game=GAME, players=("Ann", "Bob"), advanced="on")
    pink_row = [[(n, "pink", False) for n in (1, 2, 3, 4)]]
    data = {f"g-0-{c}-{k}": v for c, (n, col, _g) in enumerate(pink_row[0]) for k, v in (("number", str(n)), ("color", col))}
    html = post(client, token, play_id, data).get_data(as_text=True)
    assert re.search(r'id="az-line-row-0" class="az-mark scores one-color"', html)
    assert 'class="badge done">advanced<' in client.get(f"/plays/{play_id}/seats/0").get_data(as_text=True)


def test_a_plain_post_saves_and_redirects(app, client, token):
    play_id = solo_play(client, token)
    response = post(client, token, play_id, {**form_of(ROBIN), "next": "seat"}, htmx=False)
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/plays/{play_id}/seats/0")
    assert stored(app, play_id).seats[0].total is None  # saved; not done yet
    response = post(client, token, play_id, {**form_of(ROBIN), "next": "play"}, htmx=False)
    assert response.headers["Location"].endswith(f"/plays/{play_id}")  # Done: back to the play
    assert stored(app, play_id).seats[0].total == 12


def test_the_htmx_post_returns_only_the_status_block_and_its_out_of_band_regions(client, token):
    play_id = solo_play(client, token)
    html = post(client, token, play_id, {"g-0-0-number": "7"}).get_data(as_text=True)
    assert "<html" not in html and "<form" not in html
    assert html.lstrip().startswith('<div id="status"')
    assert 'id="az-notes-0" class="az-notes" hx-swap-oob="true"' in html
    assert 'id="az-flag-0-0"' in html and 'id="az-summary"' in html
    assert 'name="g-0-0-number"' not in html  # the inputs being typed in are never swapped


def test_a_bad_number_is_kept_and_its_message_is_next_to_its_cell(app, client, token):
    play_id = solo_play(client, token)
    data = form_of(ROBIN)
    data["g-0-1-number"] = "abc"
    html = post(client, token, play_id, data).get_data(as_text=True)
    assert stored(app, play_id).seats[0].state["grid"][0][1]["number"] == "abc"
    assert re.search(r'id="az-notes-0"[^>]*hx-swap-oob="true">\s*<p class="error az-note" id="az-error-0-1">'
                     r"Row 1, column 2 number: must be a whole number from 1 to 99", html)
    assert 'class="az-flag bad"' in html
    page = client.get(f"/plays/{play_id}/seats/0").get_data(as_text=True)
    assert 'id="g-0-1-number" name="g-0-1-number" value="abc"' in page
    assert 'id="az-error-0-1">Row 1, column 2 number: must be a whole number' in page


def test_a_bad_wren_count_is_kept_and_shown_under_the_stepper(app, client, token):
    play_id = solo_play(client, token)
    html = post(client, token, play_id, form_of(ROBIN, wrens="lots")).get_data(as_text=True)
    assert stored(app, play_id).seats[0].state["wrens"] == "lots"
    assert re.search(r'<div id="az-wrens-error" hx-swap-oob="true"><p class="error">Cactus wrens: must be a whole number from 0 to 15', html)


def test_empty_cells_are_not_flagged_while_the_display_is_being_filled(client, token):
    play_id = solo_play(client, token)
    html = post(client, token, play_id, {"g-0-0-number": "7"}).get_data(as_text=True)
    assert 'id="az-flag-3-3" class="az-flag"' in html  # untouched: no mark
    assert 'id="az-flag-0-0" class="az-flag missing"' in html  # a number without its colour yet
    assert 'class="error az-note"' not in html
    assert "15 of 16 cards still to enter" in html  # one line in the status, not 30
    assert "<summary>2 to fill or fix</summary>" in html  # that line and 0-0's missing colour


def test_a_finished_play_is_read_only(client, token):
    play_id = solo_play(client, token)
    post(client, token, play_id, form_of(ROBIN))
    mark_done(client, token, play_id, 0)
    assert client.post(f"/plays/{play_id}/finish", data={"csrf_token": token}).status_code == 303
    html = client.get(f"/plays/{play_id}/seats/0").get_data(as_text=True)
    assert "hx-post" not in html
    assert len(re.findall(r'class="az-num"[^>]*\sreadonly>', html)) == 16
    assert len(re.findall(r'name="g-\d-\d-gecko"[^>]*disabled>', html)) == 16
    assert 'id="az-chips"' not in html and ">Done<" not in html
    assert post(client, token, play_id, form_of(ROBIN, wrens="3")).status_code == 409


# ------------------------------------------------------------------------------ the learned deck


def test_saving_a_seat_teaches_the_deck_its_complete_cards(app, client, token):
    play_id = solo_play(client, token)
    post(client, token, play_id, {"g-0-0-number": "17", "g-0-0-color": "Yellow", "g-0-0-gecko": "on", "g-0-1-number": "18"})
    assert deck_of(app) == {17: ("Yellow", True, play_id)}  # 18 has no colour yet: nothing learned


def test_the_second_play_needs_only_the_numbers(app, client, token):
    first = solo_play(client, token)
    post(client, token, first, form_of(ROBIN))
    second = new_play(client, token, game=GAME, players=("Robin", "Galen"))
    html = post(client, token, second, form_of(ROBIN, numbers_only=True)).get_data(as_text=True)
    state = stored(app, second).seats[0].state
    assert state["grid"][0][0] == {"number": 1, "color": "yellow", "gecko": True}
    assert state["grid"][1][2] == {"number": 10, "color": "white", "gecko": True}
    assert re.search(r'class="total">12<', html)
    page = client.get(f"/plays/{second}/seats/0").get_data(as_text=True)
    assert 'data-deck=\'{"1": {"color": "yellow", "gecko": true}' in page  # for the instant fill-in
    assert re.findall(r'class="az-chip az-c-(\w+)" data-color', page) == ["pink", "white", "yellow"]


def test_a_typo_corrected_in_the_same_play_corrects_the_deck(app, client, token):
    play_id = solo_play(client, token)
    post(client, token, play_id, {"g-0-0-number": "17", "g-0-0-color": "pnik"})
    post(client, token, play_id, {"g-0-0-number": "17", "g-0-0-color": "pink"})
    assert deck_of(app) == {17: ("pink", False, play_id)}
    post(client, token, play_id, {"g-0-0-number": "71", "g-0-0-color": "pink"})
    assert deck_of(app) == {71: ("pink", False, play_id)}  # 17 was a typo: forgotten


def test_a_contradiction_is_flagged_with_both_values_and_one_tap_answers(app, client, token):
    first = solo_play(client, token)
    post(client, token, first, {"g-0-0-number": "17", "g-0-0-color": "yellow", "g-0-0-gecko": "on"})
    second = solo_play(client, token, name="Ana")
    html = post(client, token, second, {"g-1-2-number": "17", "g-1-2-color": "pink", "g-1-2-gecko": "on"}).get_data(as_text=True)
    assert deck_of(app)[17] == ("yellow", True, first)  # the deck keeps its value until answered
    notes = re.search(r'<div id="az-notes-1" class="az-notes" hx-swap-oob="true">(.*?)</div>\s*</div>', html, re.S).group(1)
    assert "Card 17" in notes and "row 2, column 3" in notes
    assert "yellow with gecko" in notes and "pink with gecko" in notes
    assert 'form="az-resolve" class="button" name="resolve" value="deck:1-2"' in notes
    assert 'value="entered:1-2"' in notes
    assert 'class="az-flag conflict"' in html

    # "Keep the deck's": the cell takes the deck's colour
    response = client.post(f"/arizona/plays/{second}/seats/0/resolve", data={"csrf_token": token, "resolve": "deck:1-2"})
    assert response.status_code == 303
    assert stored(app, second).seats[0].state["grid"][1][2] == {"number": 17, "color": "yellow", "gecko": True}
    assert "az-conflict-1-2" not in client.get(f"/plays/{second}/seats/0").get_data(as_text=True)


def test_correcting_the_deck_from_a_contradiction(app, client, token):
    first = solo_play(client, token)
    post(client, token, first, {"g-0-0-number": "17", "g-0-0-color": "yellow"})
    second = solo_play(client, token, name="Ana")
    post(client, token, second, {"g-0-0-number": "17", "g-0-0-color": "pink"})
    response = client.post(f"/arizona/plays/{second}/seats/0/resolve", data={"csrf_token": token, "resolve": "entered:0-0"})
    assert response.status_code == 303
    assert deck_of(app)[17] == ("pink", False, second)
    assert stored(app, second).seats[0].state["grid"][0][0]["color"] == "pink"
    # the first play now disagrees with the corrected deck, and says so
    assert 'id="az-conflict-0-0"' in client.get(f"/plays/{first}/seats/0").get_data(as_text=True)


def test_resolve_needs_the_csrf_token_and_a_real_cell(client, token):
    play_id = solo_play(client, token)
    assert client.post(f"/arizona/plays/{play_id}/seats/0/resolve", data={"resolve": "deck:0-0"}).status_code == 400
    assert client.post(f"/arizona/plays/{play_id}/seats/0/resolve", data={"csrf_token": token, "resolve": "deck:9-9"}).status_code == 400
    assert client.post(f"/arizona/plays/{play_id}/seats/5/resolve", data={"csrf_token": token, "resolve": "deck:0-0"}).status_code == 404


def test_the_deck_page_lists_what_was_learned(client, token):
    play_id = solo_play(client, token)
    post(client, token, play_id, {"g-0-0-number": "17", "g-0-0-color": "<b>yellow</b>", "g-0-0-gecko": "on"})
    html = client.get("/arizona/deck").get_data(as_text=True)
    assert "<th scope=\"row\">17</th>" in html
    assert "&lt;b&gt;yellow&lt;/b&gt;" in html and "<b>yellow" not in html


# ------------------------------------------------------------------------------ options


def test_solo_against_vera_options_form(app, client, token):
    play_id = solo_play(client, token, vera="24")
    assert stored(app, play_id).options == {"advanced": False, "solo": {"vera_score": 24}}
    two = new_play(client, token, game=GAME, players=("A", "B"), advanced="on")
    assert stored(app, two).options == {"advanced": True, "solo": None}
    html = client.get(f"/plays/{play_id}/edit").get_data(as_text=True)
    assert 'id="opt-verdant-arizona-solo" checked' in html
    assert 'id="opt-verdant-arizona-vera_score" value="24"' in html


@pytest.mark.parametrize(
    "players, options, message",
    [
        (("Ann",), {"solo": "on", "vera_score": "lots"}, "Vera&#39;s score: enter a whole number from 0 to 999"),
        (("Ann", "Bob"), {"solo": "on", "vera_score": "10"}, "Solo against Vera is for one player: you listed 2."),
        (("Ann",), {}, "One player plays solo against Vera"),
    ],
)
def test_impossible_options_are_refused_next_to_their_field(client, token, players, options, message):
    data = {"csrf_token": token, "game": GAME, "played_at": "2026-11-28T20:30"}
    data.update({f"players-{i}": n for i, n in enumerate(players)})
    data.update({f"opt-{GAME}-{k}": v for k, v in options.items()})
    response = client.post("/plays", data=data)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert message in html
    if "vera_score" in options:
        assert f'value="{options["vera_score"]}"' in html  # what was typed stays


def test_a_solo_play_without_veras_score_yet_asks_for_it_on_the_seat(client, token):
    play_id = solo_play(client, token, vera="")
    html = post(client, token, play_id, form_of(ROBIN)).get_data(as_text=True)
    assert "Vera's score is missing: enter a whole number from 0 to 999" in html
    assert f'href="/plays/{play_id}/edit"' in html


def test_correcting_the_deck_is_written_in_the_edit_log(client, token):
    from web.games import arizona as adapter_module

    play_id = new_play(client, token, game="verdant-arizona", players=("Robin",), solo="on", vera_score="10")
    with client.application.app_context():
        adapter_module._write(17, {"color": "yellow", "gecko": True}, None)
        adapter_module.correct_card(17, {"color": "pink", "gecko": False}, play_id, "Robin's phone")
        assert adapter_module.known_cards()[17]["color"] == "pink"
    log = client.get(f"/plays/{play_id}/log").get_data(as_text=True)
    assert "arizona deck corrected" in log and "by Robin&#39;s phone" in log


# ------------------------------------------------------------ the engine's colour key and limits


def test_the_page_carries_the_engines_colour_keys_and_limits_for_the_script(client, token):
    play_id = solo_play(client, token)
    post(client, token, play_id, {"g-0-0-number": "17", "g-0-0-color": "Rose\u0301 "})  # NFD, trailing space
    html = client.get(f"/plays/{play_id}/seats/0").get_data(as_text=True)
    # the cell, its flag and the chip all carry the engine's key (NFC, case-folded)
    assert 'id="az-cell-0-0" data-r="0" data-c="0" data-key="ros\u00e9"' in html
    assert re.search(r'id="az-flag-0-0"[^>]*data-label="Ros\u00e9" data-key="ros\u00e9"', html)
    assert 'data-color="Ros\u00e9" data-key="ros\u00e9"' in html  # the chip
    colors = json.loads(html_lib.unescape(re.search(r"data-colors='([^']*)'", html).group(1)))
    assert colors == {"Ros\u00e9": {"key": "ros\u00e9", "tint": "az-c-ros"}}
    assert 'data-number-max="99"' in html and 'data-max="15"' in html


def test_the_script_declares_no_colour_rule_and_no_limit_of_its_own():
    from pathlib import Path

    script = (Path(__file__).resolve().parents[2] / "static" / "js" / "arizona.js").read_text(encoding="utf-8")
    for copy in ("toLowerCase", "normalize(", "\\s+", "15", "30", "99"):
        assert copy not in script.split("*/", 1)[1], copy


def test_the_advanced_colour_points_reading_is_an_option_of_the_play(app, client, token):
    play_id = new_play(client, token, game=GAME, players=("Ann", "Bob"), advanced="on", color_lines="in_order")
    assert stored(app, play_id).options == {"advanced": True, "solo": None, "color_lines": "in_order"}
    html = client.get(f"/plays/{play_id}/edit").get_data(as_text=True)
    assert 'id="opt-verdant-arizona-color_lines-in_order" value="in_order" checked' in html
    # a white row out of order earns no colour point under this reading: not marked
    row = [(9, "white"), (2, "white"), (7, "white"), (1, "white")]
    data = {f"g-0-{c}-{k}": v for c, (n, col) in enumerate(row) for k, v in (("number", str(n)), ("color", col))}
    html = post(client, token, play_id, data).get_data(as_text=True)
    assert re.search(r'id="az-line-row-0" class="az-mark complete"', html)
    assert "one-color" not in re.search(r'id="az-line-row-0"[^>]*>', html).group(0)
