"""Verdant Arizona's entry screen through the Flask test client: the 4 x 4 form, the learned deck
(learn on save, fill-in, contradictions and their one-tap answers), options, read-only plays."""

from __future__ import annotations

import html as html_lib
import json
import re

import pytest

from tests.conftest import mark_done, new_play
from web.data import store
from web.data.db import get_db

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
            data[f"grid[{r}][{c}].number"] = str(number)
            data[f"grid[{r}][{c}].color"] = "" if numbers_only else color
            if gecko and not numbers_only:
                data[f"grid[{r}][{c}].gecko"] = "on"
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
    assert 'name="grid[3][3].color"' in html and 'name="grid[0][0].gecko"' in html
    assert 'id="f-wrens" name="wrens"' in html and 'inputmode="numeric"' in html
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
    assert re.search(r'id="az-line-row-0" class="az-mark-wrap scores"', html)
    assert re.search(r'id="az-line-col-2" class="az-mark-wrap complete"', html)
    assert re.search(r'id="az-q-0" class="az-quad-wrap scores"', html)
    # each mark opens the score's lines about its row, column or quadrant (the engine's words)
    assert re.search(r'popovertarget="az-line-row-0-why">.*?<div popover id="az-line-row-0-why" class="explain az-why">\s*'
                     r"<h2>Row 1: 3 points</h2>\s*<ul><li>Row 1: 1 &lt; 5 &lt; 20 &lt; 34 ascending = 1</li>"
                     r"<li>Row 1: 1 &lt; 5 &lt; 20 &lt; 34 ascending, geckos on 1 and 34 = 2</li></ul>", html, re.S)
    assert "<h2>Top-left quadrant: 2 points</h2>" in html and "all 4 yellow = 2" in html


def test_advanced_scoring_marks_single_colour_lines(client, token):
    play_id = new_play(client, token, game=GAME, players=("Ann", "Bob"), advanced="on")
    pink_row = [[(n, "pink", False) for n in (1, 2, 3, 4)]]
    data = {f"grid[0][{c}].{k}": v for c, (n, col, _g) in enumerate(pink_row[0]) for k, v in (("number", str(n)), ("color", col))}
    html = post(client, token, play_id, data).get_data(as_text=True)
    assert re.search(r'id="az-line-row-0" class="az-mark-wrap scores one-color"', html)
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
    html = post(client, token, play_id, {"grid[0][0].number": "7"}).get_data(as_text=True)
    assert "<html" not in html and "<form" not in html
    assert html.lstrip().startswith('<div id="status"')
    assert 'id="az-notes-0" class="az-notes" hx-swap-oob="true"' in html
    assert 'id="az-flag-0-0"' in html and 'id="az-summary"' in html
    assert 'name="grid[0][0].number"' not in html  # the inputs being typed in are never swapped


def test_a_bad_number_is_kept_and_its_message_is_next_to_its_cell(app, client, token):
    play_id = solo_play(client, token)
    data = form_of(ROBIN)
    data["grid[0][1].number"] = "abc"
    html = post(client, token, play_id, data).get_data(as_text=True)
    assert stored(app, play_id).seats[0].state["grid"][0][1]["number"] == "abc"
    assert re.search(r'id="az-notes-0"[^>]*hx-swap-oob="true">.*?<div id="err-f-grid-0-1" class="field-err">'
                     r'<p class="error az-note">Row 1, card 2: number must be a whole number from 1 to 99', html, re.S)
    assert 'class="az-flag bad"' in html
    page = client.get(f"/plays/{play_id}/seats/0").get_data(as_text=True)
    assert 'id="f-grid-0-1-number" name="grid[0][1].number" value="abc"' in page
    assert '<p class="error az-note">Row 1, card 2: number must be a whole number' in page
    assert re.search(r'id="f-grid-0-1-number"[^>]*aria-describedby="err-f-grid-0-1" aria-invalid="true"', page)


def test_a_bad_wren_count_is_kept_and_shown_under_the_stepper(app, client, token):
    play_id = solo_play(client, token)
    html = post(client, token, play_id, form_of(ROBIN, wrens="lots")).get_data(as_text=True)
    assert stored(app, play_id).seats[0].state["wrens"] == "lots"
    assert re.search(r'<div id="err-f-wrens" class="field-err on" hx-swap-oob="true"><p class="error">must be a whole number from 0 to 15', html)
    assert "<strong>Wrens</strong> must be a whole number from 0 to 15" in html  # in the status list, by its name


def test_empty_cells_are_not_flagged_while_the_display_is_being_filled(client, token):
    play_id = solo_play(client, token)
    html = post(client, token, play_id, {"grid[0][0].number": "7"}).get_data(as_text=True)
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
    assert len(re.findall(r'name="grid\[\d\]\[\d\]\.gecko"[^>]*disabled>', html)) == 16
    assert 'id="az-chips"' not in html and ">Done<" not in html
    assert post(client, token, play_id, form_of(ROBIN, wrens="3")).status_code == 409


# ------------------------------------------------------------------------------ the learned deck


def test_saving_a_seat_teaches_the_deck_its_complete_cards(app, client, token):
    play_id = solo_play(client, token)
    post(client, token, play_id, {"grid[0][0].number": "17", "grid[0][0].color": "Yellow", "grid[0][0].gecko": "on", "grid[0][1].number": "18"})
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
    # the colours used, most used first, then starter names up to five chips
    assert re.findall(r'class="az-chip az-c-(\w+)" data-color', page) == ["pink", "white", "yellow", "green", "blue"]


def test_a_typo_corrected_in_the_same_play_corrects_the_deck(app, client, token):
    play_id = solo_play(client, token)
    post(client, token, play_id, {"grid[0][0].number": "17", "grid[0][0].color": "pnik"})
    post(client, token, play_id, {"grid[0][0].number": "17", "grid[0][0].color": "pink"})
    assert deck_of(app) == {17: ("pink", False, play_id)}
    post(client, token, play_id, {"grid[0][0].number": "71", "grid[0][0].color": "pink"})
    assert deck_of(app) == {71: ("pink", False, play_id)}  # 17 was a typo: forgotten


def test_a_contradiction_is_flagged_with_both_values_and_one_tap_answers(app, client, token):
    first = solo_play(client, token)
    post(client, token, first, {"grid[0][0].number": "17", "grid[0][0].color": "yellow", "grid[0][0].gecko": "on"})
    second = solo_play(client, token, name="Ana")
    html = post(client, token, second, {"grid[1][2].number": "17", "grid[1][2].color": "pink", "grid[1][2].gecko": "on"}).get_data(as_text=True)
    assert deck_of(app)[17] == ("yellow", True, first)  # the deck keeps its value until answered
    notes = re.search(r'<div id="az-notes-1" class="az-notes" hx-swap-oob="true">(.*?)</div>\s*</div>', html, re.S).group(1)
    assert "Card 17" in notes and "row 2, card 3" in notes
    assert "yellow with gecko" in notes and "pink with gecko" in notes
    assert f'formaction="/plays/{second}/seats/0/do/resolve" class="button" name="resolve" value="deck:1-2"' in notes
    assert 'value="entered:1-2"' in notes
    assert 'class="az-flag conflict"' in html

    # "Keep the deck's": the cell takes the deck's colour
    response = client.post(f"/plays/{second}/seats/0/do/resolve", data={"csrf_token": token, "resolve": "deck:1-2"})
    assert response.status_code == 303
    assert stored(app, second).seats[0].state["grid"][1][2] == {"number": 17, "color": "yellow", "gecko": True}
    assert "az-conflict-1-2" not in client.get(f"/plays/{second}/seats/0").get_data(as_text=True)


def test_correcting_the_deck_from_a_contradiction(app, client, token):
    first = solo_play(client, token)
    post(client, token, first, {"grid[0][0].number": "17", "grid[0][0].color": "yellow"})
    second = solo_play(client, token, name="Ana")
    post(client, token, second, {"grid[0][0].number": "17", "grid[0][0].color": "pink"})
    response = client.post(f"/plays/{second}/seats/0/do/resolve", data={"csrf_token": token, "resolve": "entered:0-0"})
    assert response.status_code == 303
    assert deck_of(app)[17] == ("pink", False, second)
    assert stored(app, second).seats[0].state["grid"][0][0]["color"] == "pink"
    # the first play now disagrees with the corrected deck, and says so
    assert 'id="az-conflict-0-0"' in client.get(f"/plays/{first}/seats/0").get_data(as_text=True)


def test_resolve_needs_the_csrf_token_and_a_real_cell(client, token):
    play_id = solo_play(client, token)
    assert client.post(f"/plays/{play_id}/seats/0/do/resolve", data={"resolve": "deck:0-0"}).status_code == 400
    assert client.post(f"/plays/{play_id}/seats/0/do/resolve", data={"csrf_token": token, "resolve": "deck:9-9"}).status_code == 400
    assert client.post(f"/plays/{play_id}/seats/5/do/resolve", data={"csrf_token": token, "resolve": "deck:0-0"}).status_code == 404


def test_the_deck_page_lists_what_was_learned(client, token):
    play_id = solo_play(client, token)
    post(client, token, play_id, {"grid[0][0].number": "17", "grid[0][0].color": "<b>yellow</b>", "grid[0][0].gecko": "on"})
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
    assert 'href="#f-options-solo-vera_score">Enter it</a>' in html  # the field on this page


def test_correcting_the_deck_is_written_in_the_edit_log(client, token):
    from web.table import arizona_deck as adapter_module

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
    post(client, token, play_id, {"grid[0][0].number": "17", "grid[0][0].color": "Rose\u0301 "})  # NFD, trailing space
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
    data = {f"grid[0][{c}].{k}": v for c, (n, col) in enumerate(row) for k, v in (("number", str(n)), ("color", col))}
    html = post(client, token, play_id, data).get_data(as_text=True)
    assert re.search(r'id="az-line-row-0" class="az-mark-wrap complete"', html)
    assert "one-color" not in re.search(r'id="az-line-row-0"[^>]*>', html).group(0)


# ------------------------------------------------------------ the save paths: versions, merges, finished


def version_on_page(html: str) -> int:
    return int(re.search(r'name="version" id="seat-version" value="(\d+)"', html).group(1))


def play_version_on_page(html: str) -> int:
    return int(re.search(r'name="play_version" id="az-play-version" value="(\d+)"', html).group(1))


def two_phones(app):
    from tests.conftest import csrf_token

    a, b = app.test_client(), app.test_client()
    return (a, csrf_token(a)), (b, csrf_token(b))


def test_a_stale_phone_entering_another_card_is_merged_and_both_cards_stay(app):
    (a, ta), (b, tb) = two_phones(app)
    play_id = solo_play(a, ta)
    version = version_on_page(b.get(f"/plays/{play_id}/seats/0").get_data(as_text=True))
    empty = {f"grid[{r}][{c}].number": "" for r in range(4) for c in range(4)}
    assert post(a, ta, play_id, {**empty, "grid[0][0].number": "7", "grid[0][0].color": "pink"}, version=version).status_code == 200
    # phone B still shows the empty display: its picture says only card 3, 4 changed
    response = post(b, tb, play_id, {**empty, "grid[2][3].number": "30", "grid[2][3].color": "white"}, version=version)
    assert response.status_code == 200
    grid = stored(app, play_id).seats[0].state["grid"]
    assert grid[0][0] == {"number": 7, "color": "pink", "gecko": False}
    assert grid[2][3] == {"number": 30, "color": "white", "gecko": False}


def test_a_stale_phone_keeps_its_base_so_its_next_saves_never_undo_the_other_phones_card(app):
    (a, ta), (b, tb) = two_phones(app)
    play_id = solo_play(a, ta)
    version = version_on_page(b.get(f"/plays/{play_id}/seats/0").get_data(as_text=True))
    post(a, ta, play_id, {"grid[0][0].number": "7", "grid[0][0].color": "pink"}, version=version)
    # B's form never showed card 1: each of its saves sends it empty, on the base its form shows
    for typed in ({"grid[3][3].number": "30"}, {"grid[3][3].number": "30"}, {"grid[3][3].number": "30", "grid[3][3].color": "white"}):
        response = post(b, tb, play_id, {"grid[0][0].number": "", "grid[0][0].color": "", **typed}, version=version)
        assert response.status_code == 200
        version = version_on_page(response.get_data(as_text=True))
        assert stored(app, play_id).seats[0].state["grid"][0][0] == {"number": 7, "color": "pink", "gecko": False}
    assert stored(app, play_id).seats[0].state["grid"][3][3] == {"number": 30, "color": "white", "gecko": False}
    assert version < stored(app, play_id).seats[0].version  # so the live check tells B to reload


def test_two_phones_changing_one_card_see_it_by_its_name_with_both_values(app):
    (a, ta), (b, tb) = two_phones(app)
    play_id = solo_play(a, ta)
    version = version_on_page(b.get(f"/plays/{play_id}/seats/0").get_data(as_text=True))
    assert post(a, ta, play_id, {"grid[1][2].number": "12"}, version=version).status_code == 200
    response = post(b, tb, play_id, {"grid[1][2].number": "21"}, version=version)
    assert response.status_code == 409 and response.headers["HX-Retarget"] == "#main"
    html = response.get_data(as_text=True)
    assert "<h2>Row 2, card 3: number</h2>" in html and "grid[" not in html.split("<form", 1)[1].split('name="changes"')[0]
    assert re.search(r"Keep this phone's: <strong>21</strong>", html) and re.search(r"'s: <strong>12</strong>", html)
    assert stored(app, play_id).seats[0].state["grid"][1][2]["number"] == 12  # nothing overwritten


def test_the_field_names_and_values_a_player_reads():
    from web.games import adapter

    arizona = adapter(GAME)
    assert arizona.field_label("grid[1][2].number") == "Row 2, card 3: number"
    assert arizona.field_label("grid[1][2].color") == "Row 2, card 3: colour"
    assert arizona.field_label("grid[0][3].gecko") == "Row 1, card 4: gecko"
    assert arizona.field_label("grid[3][0]") == "Row 4, card 1" and arizona.field_label("grid[2]") == "Row 3"
    assert arizona.field_label("wrens") == "Wrens" and arizona.field_label("options.solo.vera_score") == "Vera's score"
    assert arizona.value_label("grid[0][0].gecko", True) == "gecko" and arizona.value_label("grid[0][0].gecko", False) == "no gecko"
    assert arizona.value_label("grid[0][0]", {"number": 17, "color": "pink", "gecko": True}) == "17 pink, gecko"
    assert arizona.value_label("grid[0][0].number", None) == "–"


def test_a_finished_play_refuses_every_save_path_and_keeps_the_deck(app, client, token):
    first = solo_play(client, token)
    post(client, token, first, {"grid[0][0].number": "17", "grid[0][0].color": "yellow"})
    play_id = solo_play(client, token, name="Ana")
    post(client, token, play_id, form_of(ROBIN))
    post(client, token, play_id, {"grid[0][0].number": "17", "grid[0][0].color": "pink"})  # a contradiction
    mark_done(client, token, play_id, 0)
    assert client.post(f"/plays/{play_id}/finish", data={"csrf_token": token}).status_code == 303
    before = stored(app, play_id).seats[0].state
    assert post(client, token, play_id, {"grid[0][1].number": "6"}).status_code == 409  # the entry form
    assert post(client, token, play_id, {"step": "wrens:+1"}, htmx=False).status_code == 409  # a stepper tap
    for keep in ("deck", "entered"):
        response = client.post(f"/plays/{play_id}/seats/0/do/resolve", data={"csrf_token": token, "resolve": f"{keep}:0-0"})
        assert response.status_code == 409 and "This play is finished" in response.get_data(as_text=True)
    assert stored(app, play_id).seats[0].state == before
    assert deck_of(app)[17] == ("yellow", False, first)  # not corrected by a refused change


def test_resolve_goes_through_the_version_a_stale_phone_merges_and_keeps_the_other_card(app):
    (a, ta), (b, tb) = two_phones(app)
    first = solo_play(a, ta)
    post(a, ta, first, {"grid[0][0].number": "17", "grid[0][0].color": "yellow", "grid[0][0].gecko": "on"})
    play_id = solo_play(a, ta, name="Ana")
    post(a, ta, play_id, {"grid[1][2].number": "17", "grid[1][2].color": "pink"})
    page = b.get(f"/plays/{play_id}/seats/0").get_data(as_text=True)
    version = version_on_page(page)
    post(a, ta, play_id, {"grid[3][3].number": "40", "grid[3][3].color": "green"})  # phone A, meanwhile
    # phone B taps "Keep the deck's" with its whole (stale) form
    form = {"grid[1][2].number": "17", "grid[1][2].color": "pink", "grid[3][3].number": "", "grid[3][3].color": ""}
    response = b.post(f"/plays/{play_id}/seats/0/do/resolve",
                      data={"csrf_token": tb, "version": str(version), "resolve": "deck:1-2", **form})
    assert response.status_code == 303
    grid = stored(app, play_id).seats[0].state["grid"]
    assert grid[1][2] == {"number": 17, "color": "yellow", "gecko": True}  # the deck's card
    assert grid[3][3] == {"number": 40, "color": "green", "gecko": False}  # phone A's card stays
    log = a.get(f"/plays/{play_id}/log").get_data(as_text=True)
    assert "seat saved (deck contradiction)" in log


def test_resolve_of_a_card_another_phone_changed_meanwhile_is_a_conflict_and_corrects_nothing(app):
    (a, ta), (b, tb) = two_phones(app)
    first = solo_play(a, ta)
    post(a, ta, first, {"grid[0][0].number": "17", "grid[0][0].color": "yellow"})
    play_id = solo_play(a, ta, name="Ana")
    post(a, ta, play_id, {"grid[1][2].number": "17", "grid[1][2].color": "pink"})
    version = version_on_page(b.get(f"/plays/{play_id}/seats/0").get_data(as_text=True))
    post(a, ta, play_id, {"grid[1][2].number": "17", "grid[1][2].color": "white"})  # phone A changes the card
    # phone B (stale) taps "Correct the deck to pink": its form still shows pink...
    response = b.post(f"/plays/{play_id}/seats/0/do/resolve", headers={"HX-Request": "true"},
                      data={"csrf_token": tb, "version": str(version), "resolve": "entered:1-2",
                            "grid[1][2].number": "17", "grid[1][2].color": "pink"})
    # ...which A changed to white: B's picture does not change the card, so the seat keeps white and
    # the deck is corrected only from the card as stored (white), never from B's stale pink
    assert response.status_code == 200 and response.headers.get("HX-Redirect")
    assert stored(app, play_id).seats[0].state["grid"][1][2]["color"] == "white"
    assert deck_of(app)[17][0] != "pink"
    # B really changing the card (keep the deck's = yellow) against A's white is a conflict by name
    response = b.post(f"/plays/{play_id}/seats/0/do/resolve", headers={"HX-Request": "true"},
                      data={"csrf_token": tb, "version": str(version), "resolve": "deck:1-2",
                            "grid[1][2].number": "17", "grid[1][2].color": "pink"})
    assert response.status_code == 409 and "Row 2, card 3: colour" in response.get_data(as_text=True)
    assert stored(app, play_id).seats[0].state["grid"][1][2]["color"] == "white"


def test_the_wren_stepper_steps_without_javascript_and_an_unticked_gecko_is_no_gecko(app, client, token):
    play_id = solo_play(client, token)
    post(client, token, play_id, form_of(ROBIN, wrens="2"))
    response = post(client, token, play_id, {"wrens": "2", "step": "wrens:+1"}, htmx=False)
    assert response.status_code == 303 and stored(app, play_id).seats[0].state["wrens"] == 3
    post(client, token, play_id, {"wrens": "15", "step": "wrens:+1"}, htmx=False)  # the most there is
    assert stored(app, play_id).seats[0].state["wrens"] == 15
    assert stored(app, play_id).seats[0].state["grid"][0][0]["gecko"] is True
    post(client, token, play_id, {"grid[0][0].number": "1", "grid[0][0].color": "yellow"})  # box not ticked
    assert stored(app, play_id).seats[0].state["grid"][0][0] == {"number": 1, "color": "yellow", "gecko": False}


def test_done_with_a_bad_number_stays_on_the_seat_with_the_apps_own_message(app, client, token):
    play_id = solo_play(client, token)
    data = {**form_of(ROBIN), "grid[0][1].number": "100", "next": "play"}
    response = post(client, token, play_id, data)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "Not done yet: fill or fix what is listed here first." in html
    assert "Row 1, card 2: number must be a whole number from 1 to 99" in html
    assert stored(app, play_id).seats[0].state["grid"][0][1]["number"] == 100 and not stored(app, play_id).seats[0].done
    page = client.get(f"/plays/{play_id}/seats/0").get_data(as_text=True)
    assert "novalidate" in page and 'pattern="' not in page  # no browser validation bubble over the app's message


# ------------------------------------------------------------ Vera's score on the solo seat


def test_solo_without_veras_score_is_not_waiting_for_anyone_and_every_message_links_to_the_field(app, client, token):
    play_id = solo_play(client, token, vera="")
    post(client, token, play_id, form_of(ROBIN))
    mark_done(client, token, play_id, 0)
    seat = client.get(f"/plays/{play_id}/seats/0").get_data(as_text=True)
    assert "Waiting for" not in seat and "waiting for" not in seat
    assert 'id="f-options-solo-vera_score" name="options.solo.vera_score"' in seat
    assert 'href="#f-options-solo-vera_score">Enter it</a>' in seat
    link = f'href="/plays/{play_id}/seats/0#f-options-solo-vera_score">Enter Vera&#39;s score</a>'
    for page in (client.get(f"/plays/{play_id}"), client.get(f"/plays/{play_id}/result")):
        html = page.get_data(as_text=True)
        assert "Vera&#39;s score is missing: enter a whole number from 0 to 999" in html and link in html
        assert "options.solo" not in html


def test_veras_score_is_saved_with_the_plays_options_by_the_play_version(app, client, token):
    play_id = solo_play(client, token, vera="")
    post(client, token, play_id, form_of(ROBIN))
    mark_done(client, token, play_id, 0)
    page = client.get(f"/plays/{play_id}/seats/0").get_data(as_text=True)
    version = play_version_on_page(page)
    response = client.post(f"/plays/{play_id}/seats/0/do/vera", headers={"HX-Request": "true"},
                           data={"csrf_token": token, "play_version": str(version), "options.solo.vera_score": "11"})
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert html.lstrip().startswith('<div id="status"') and 'data-save-state="saved"' in html
    assert "see the result" in html  # the seat was waiting only for Vera's score
    assert f'id="az-play-version" value="{version + 1}" hx-swap-oob="true"' in html
    play = stored(app, play_id)
    assert play.options["solo"] == {"vera_score": 11} and play.version == version + 1
    assert client.get(f"/plays/{play_id}/result").status_code == 200
    assert "play details changed" in client.get(f"/plays/{play_id}/log").get_data(as_text=True)


def test_a_bad_veras_score_is_refused_next_to_the_field_and_nothing_is_stored(app, client, token):
    play_id = solo_play(client, token, vera="9")
    version = play_version_on_page(client.get(f"/plays/{play_id}/seats/0").get_data(as_text=True))
    for typed in ("lots", "1000", "-1"):
        response = client.post(f"/plays/{play_id}/seats/0/do/vera", headers={"HX-Request": "true"},
                               data={"csrf_token": token, "play_version": str(version), "options.solo.vera_score": typed})
        assert response.status_code == 422
        html = response.get_data(as_text=True)
        assert 'data-save-state="failed"' in html and "Not saved" in html
        assert re.search(r'id="err-f-options-solo-vera_score" class="field-err" hx-swap-oob="true"><p class="error">Not saved: '
                         r"Vera&#39;s score must be a whole number from 0 to 999", html)
        assert 'name="options.solo.vera_score"' not in html  # what was typed stays in the field
    assert stored(app, play_id).options["solo"] == {"vera_score": 9}


def test_veras_score_changed_on_another_phone_meanwhile_is_a_conflict_showing_the_other_value(app):
    (a, ta), (b, tb) = two_phones(app)
    play_id = solo_play(a, ta, vera="")
    version = play_version_on_page(b.get(f"/plays/{play_id}/seats/0").get_data(as_text=True))
    assert a.post(f"/plays/{play_id}/seats/0/do/vera", headers={"HX-Request": "true"},
                  data={"csrf_token": ta, "play_version": str(version), "options.solo.vera_score": "30"}).status_code == 200
    post(a, ta, play_id, {"grid[0][0].number": "7"})  # and a card: another version of the play
    response = b.post(f"/plays/{play_id}/seats/0/do/vera", headers={"HX-Request": "true"},
                      data={"csrf_token": tb, "play_version": str(version), "options.solo.vera_score": "27"})
    assert response.status_code == 409
    html = response.get_data(as_text=True)
    assert "Vera&#39;s score was changed on another phone meanwhile (now 30)" in html
    assert re.search(r'<form id="az-vera"[^>]*hx-swap-oob="true">', html) and 'value="30"' in html  # the field shows it
    assert stored(app, play_id).options["solo"] == {"vera_score": 30}
    # B's own earlier typing is not a conflict with itself: based on the new version it saves
    ok = b.post(f"/plays/{play_id}/seats/0/do/vera", headers={"HX-Request": "true"},
                data={"csrf_token": tb, "play_version": str(play_version_on_page(html)), "options.solo.vera_score": "27"})
    assert ok.status_code == 200 and stored(app, play_id).options["solo"] == {"vera_score": 27}


def test_veras_score_is_only_for_a_solo_play_in_progress(app, client, token):
    two = new_play(client, token, game=GAME, players=("Ann", "Bob"))
    assert 'name="options.solo.vera_score"' not in client.get(f"/plays/{two}/seats/0").get_data(as_text=True)
    response = client.post(f"/plays/{two}/seats/0/do/vera", data={"csrf_token": token, "options.solo.vera_score": "5"})
    assert response.status_code == 409 and stored(app, two).options["solo"] is None
    solo = solo_play(client, token, vera="8")
    post(client, token, solo, form_of(ROBIN))
    mark_done(client, token, solo, 0)
    client.post(f"/plays/{solo}/finish", data={"csrf_token": token})
    response = client.post(f"/plays/{solo}/seats/0/do/vera", data={"csrf_token": token, "options.solo.vera_score": "5"})
    assert response.status_code == 409 and stored(app, solo).options["solo"] == {"vera_score": 8}
    assert 'readonly' in re.search(r'<input[^>]*name="options.solo.vera_score"[^>]*>', client.get(f"/plays/{solo}/seats/0").get_data(as_text=True)).group(0)
