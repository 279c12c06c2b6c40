"""Words a player reads (issue 25, item 6): a phone nobody named is the phone of the player whose
seat it changed ("Bea's phone") or "another phone", never "device 39086b"; the page-expired form
lists what was typed by its labels; no CSV column names on the Statistics page; the server's own
part of Settings; empty plant rows hidden on the Planted result."""

from __future__ import annotations

import json
import re
from html import unescape

from tests.conftest import csrf_token, new_play

DEVICE = re.compile(r"device [0-9a-f]{6}")


def test_a_phone_nobody_named_is_the_phone_of_the_seat_it_changed(client, token):
    play_id = new_play(client, token, players=("Ann", "Bea"))
    # this client never said whose phone it is and has no name in Settings: it signs "device xxxxxx"
    response = client.post(f"/plays/{play_id}/seats/1", data={"csrf_token": token, "state_json": json.dumps({"points": 7})})
    assert response.status_code == 303
    log = unescape(client.get(f"/plays/{play_id}/log").get_data(as_text=True))
    assert "<strong>Bea's phone</strong>" in log
    assert not DEVICE.search(log), DEVICE.search(log)
    live = client.get(f"/plays/{play_id}/live").get_json()
    assert live["seats"][1]["by"] == "Bea's phone"


def test_a_phone_that_changed_two_seats_or_none_is_another_phone(client, token):
    play_id = new_play(client, token, players=("Ann", "Bea"))
    for position in (0, 1):
        client.post(f"/plays/{play_id}/seats/{position}",
                    data={"csrf_token": token, "state_json": json.dumps({"points": 3 + position}), "next": "play"})
    assert client.post(f"/plays/{play_id}/finish", data={"csrf_token": token}).status_code == 303
    live = client.get(f"/plays/{play_id}/live").get_json()
    assert live["finished_by"] == "another phone"
    log = unescape(client.get(f"/plays/{play_id}/log").get_data(as_text=True))
    assert "another phone" in log and not DEVICE.search(log)


def test_the_options_line_of_the_new_play_form_follows_the_fields(client):
    # GET /plays/new/options: the line over the folded options, for the fields the form shows now
    assert client.get("/plays/new/options?game=verdant").get_data(as_text=True) == (
        "Standard · no goal cards · no modification · no campaign")
    line = client.get("/plays/new/options?game=verdant-arizona&opt-verdant-arizona-advanced=on"
                      "&opt-verdant-arizona-color_lines=every&opt-verdant-arizona-solo=on"
                      "&opt-verdant-arizona-vera_score=58").get_data(as_text=True)
    assert line == "Advanced scoring · solo against Vera (Vera: 58)"
    assert client.get("/plays/new/options?game=nope").status_code == 404
    csrf_token(client)  # (the form still renders)


def test_the_expired_new_play_form_lists_what_was_typed_by_its_labels(client):
    client.get("/plays/new")
    form = {"game": "verdant", "players-0": "Ann", "players-1": "Bea", "played_at": "2026-11-28T20:30",
            "notes": "rainy", "op": "start",
            "opt-verdant-variant": "standard", "opt-verdant-goal-plant": "Picking Favorites",
            "opt-verdant-mode": "none", "opt-planted-nothing": "x", "opt-vadoran-gardens-mode": "solo",
            "opt-verdant-arizona-vera_score": "58"}
    response = client.post("/plays", data=form)  # no csrf_token: the page expired
    assert response.status_code == 400
    html = unescape(response.get_data(as_text=True))
    shown = re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", html)
    assert shown == [("Game", "Verdant"), ("Seat 1", "Ann"), ("Seat 2", "Bea"), ("Played", "2026-11-28T20:30"),
                     ("Notes", "rainy"), ("Standard rules, or the family variant", "standard"),
                     ("Plant goal", "Picking Favorites"), ("Mode", "none")], shown
    listed = html.split("<dl", 1)[1].split("</dl>", 1)[0]
    assert "opt-" not in listed and "vera" not in listed.lower()
    # everything is still sent again, as it was typed
    assert 'name="opt-verdant-goal-plant" value="Picking Favorites"' in html


def test_the_statistics_page_names_no_csv_column(client):
    html = client.get("/games").get_data(as_text=True)
    main = html.split("<main", 1)[1]
    for column in ("play_id", "played_at", "finished_at"):
        assert column not in main, column


def test_settings_keep_the_database_path_and_make_backup_in_the_servers_part(client, app):
    html = client.get("/settings").get_data(as_text=True)
    part = html.split('<details class="card server-part" id="server">', 1)[1].split("</details>", 1)[0]
    assert "For whoever runs the server" in part
    assert app.config["DATABASE"] in part and "make backup" in part
    rest = html.replace(part, "")
    assert app.config["DATABASE"] not in rest and "make backup" not in rest
    assert not DEVICE.search(html.split("<main", 1)[1])


def test_the_planted_result_leaves_out_plant_rows_empty_for_every_player(app):
    import random

    import scoring
    from tests.story_seed import planted_table
    from web.games import adapter

    rng = random.Random(3)
    while True:  # a valid table: every player holds 2 to 4 plants (a beginner plant and 1 to 3 more)
        table = planted_table(rng, ["Ann", "Bo"])
        try:
            result = scoring.score("planted", table)
            break
        except scoring.ValidationError:
            continue
    most = max(len(p["plants"]) for p in table["players"])
    labels = [row["label"] for row in adapter("planted").result_rows(result)]
    # Plant 1 .. Plant <most> (someone grew a plant in each), then the two other rows of the pad
    assert labels == [f"Plant {i}" for i in range(1, most + 1)] + ["Propagation", "Decorations"], labels
    assert most < 6


def test_the_verdant_explanation_names_a_place_as_the_seat_does(app):
    import scoring
    from tests.e2e.test_screens import _example
    from web.games import adapter

    result = scoring.score("verdant", _example("verdant", "## Example"))
    lines = [line for p in result.players for c in p.categories for line in c.details]
    # the seat page calls home[0][0] "Row 1, card 1"; an explanation says "(row 1, card 1)" mid-sentence
    assert adapter("verdant").field_label("home[0][0]") == "Row 1, card 1"
    assert any("(row 1, card 1" in line for line in lines), lines[:5]
    assert not any(re.search(r"row \d+, col \d+", line) for line in lines)
