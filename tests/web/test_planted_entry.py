"""Planted's entry screen through the Flask test client: fields named by contract path build the
seat's state as typed, the engine's messages sit next to their fields, htmx gets the status block
with live points, two phones merge, conflicts and the edit log speak of places by their names.
Every template here renders under StrictUndefined."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest

from tests.conftest import csrf_token, mark_done, new_play
from web.games import adapter

ANN = {  # the rulebook's scoring example: 15 points
    "plants[0].name": "Snake Plant",
    "plants[0].growth": "1",
    "plants[1].name": "Purple Shamrock",
    "plants[1].growth": "2",
    "propagation": "2",
    "decorations.ceramic_planter": "2",
    "decorations.plant_stand": "1",
}


def post(client, token, play_id, position, fields, htmx=False, **extra):
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(f"/plays/{play_id}/seats/{position}", data={"csrf_token": token, **fields, **extra}, headers=headers)


def stored(app, play_id, position):
    from web.data import store

    with app.app_context():
        return store.get_play(play_id).seats[position]


def version_on_page(html: str) -> int:
    return int(re.search(r'name="version" id="seat-version" value="(\d+)"', html).group(1))


class _Text(HTMLParser):
    """The words a player sees: text outside tags, scripts and styles."""

    def __init__(self):
        super().__init__()
        self.parts, self._skip = [], 0

    def handle_starttag(self, tag, attrs):
        self._skip += tag in ("script", "style", "datalist")

    def handle_endtag(self, tag):
        self._skip -= tag in ("script", "style", "datalist")

    def handle_data(self, data):
        if not self._skip:
            self.parts.append(data)


def visible_text(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    return re.sub(r"\s+", " ", " ".join(parser.parts))


DEVELOPER_WORDS = re.compile(r"plants\[|decorations\.|tools\.|\.py\b|\.md\b|READINGS|planted-\d|state_json|None\b|undefined")
WRONG_PLURAL = re.compile(r"(?<![\d.,])1 (points|pts|plants|cards|tokens|copies|seats|spaces|Growth tokens)\b")


@pytest.fixture
def play_id(client, token):
    return new_play(client, token, game="planted", players=("Ann", "Bo"))


def test_entry_page_has_six_plant_slots_steppers_and_the_beginner_list(client, play_id):
    response = client.get(f"/plays/{play_id}/seats/0")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "state_json" not in html  # not the generic JSON editor
    for i in range(6):
        assert f'name="plants[{i}].name"' in html and f'name="plants[{i}].growth"' in html
        assert f'id="f-plants-{i}-name"' in html and f'id="f-plants-{i}-growth"' in html
    assert 'list="pl-beginners"' in html
    beginners = re.search(r'<datalist id="pl-beginners">(.*?)</datalist>', html, re.S).group(1)
    assert re.findall(r'option value="([^"]+)"', beginners) == [
        "Golden Barrel Cactus", "Golden Pothos", "ZZ Plant", "Lucky Bamboo", "Spider Plant", "Snake Plant"]
    assert 'data-spaces="3"' in beginners  # the growth stepper's most, read by planted.js
    assert 'inputmode="numeric"' in html and 'type="number"' not in html
    assert 'value="decorations.workbench:+1"' in html and 'value="tools.fertilizer:-1"' in html
    assert html.count("data-stepper") == 6 + 1 + 6 + 6  # the shared stepper macro
    assert "style=" not in html and "onclick" not in html and "<script>" not in html
    assert '<div id="err-f-plants" class="field-err"></div>' in html  # no red on an untouched seat
    assert "1 to fill or fix" in html
    assert html.count(">4 left<") == 6  # the cards with 4 copies in the deck
    assert html.count(">3 left<") == 6
    assert '<label for="f-plants-0-name">Beginner plant</label>' in html
    assert '<label for="f-propagation">Propagation jars</label>' in html


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
    fields = dict(ANN, **{"plants[1].growth": "abc", "plants[2].name": "Swis chese", "decorations.workbench": "7"})
    post(client, token, play_id, 0, fields)
    seat = stored(app, play_id, 0)
    assert seat.state["plants"][1]["growth"] == "abc"
    assert seat.state["plants"][2]["name"] == "Swis chese"
    assert seat.state["decorations"]["workbench"] == 7
    html = client.get(f"/plays/{play_id}/seats/0").get_data(as_text=True)
    assert 'value="abc"' in html and 'value="Swis chese"' in html
    slot = re.search(r'<div id="err-f-plants-1-growth" class="field-err on">(.*?)</div>', html).group(1)
    assert 'must be a whole number: &#34;Purple Shamrock&#34; has 3 growth spaces' in slot
    slot = re.search(r'<div id="err-f-plants-2-name" class="field-err on">(.*?)</div>', html).group(1)
    assert "did you mean &#34;Swiss Cheese Plant&#34;?" in slot
    assert re.search(r'id="f-plants-2-name"[^>]*aria-invalid="true"', html, re.S)
    slot = re.search(r'<div id="err-f-decorations-workbench" class="field-err on">(.*?)</div>', html).group(1)
    assert "must be a whole number from 0 to 3" in slot
    # the status lists them by the names on the screen, not by code paths
    problems = re.search(r'<details class="problems".*?</details>', html, re.S).group(0)
    assert "<strong>Growth on Purple Shamrock</strong> must be a whole number" in problems
    assert "<strong>Plant 3</strong> &#34;Swis chese&#34; is not a Planted plant" in problems
    assert "<strong>Workbench cards</strong> must be a whole number from 0 to 3" in problems
    assert "<code>" not in problems


def test_the_htmx_post_returns_the_status_block_with_out_of_band_points_and_messages(client, token, play_id):
    response = post(client, token, play_id, 0, dict(ANN, **{"plants[1].growth": "4"}), htmx=True)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "<html" not in html and 'id="status"' in html
    assert 'name="plants[0].name"' not in html  # no text input is replaced while typing
    assert re.search(r'id="plant-0-points" class="pl-points" hx-swap-oob="true">3 pts<', html)
    assert re.search(r'id="err-f-plants-1-growth" class="field-err on" hx-swap-oob="true"><p class="error">4 Growth tokens are too many', html)
    response = post(client, token, play_id, 0, ANN, htmx=True)
    html = response.get_data(as_text=True)
    assert '<div id="err-f-plants-1-growth" class="field-err" hx-swap-oob="true"></div>' in html  # the message clears
    assert re.search(r'id="pl-total" class="pl-total" hx-swap-oob="true"><strong>15</strong>', html)
    assert re.search(r'id="plant-1-card"[^>]*hx-swap-oob="true"', html)
    assert len(re.findall(r'class="pl-space on"', html)) == 3  # 1 + 2 growth spaces covered


def test_no_beginner_plant_is_reported_under_the_plants(client, token, play_id):
    html = post(client, token, play_id, 0, {"plants[0].name": "Croton", "plants[0].growth": "1"}, htmx=True).get_data(as_text=True)
    assert re.search(r'id="err-f-plants" class="field-err on"[^>]*><p class="error">has no Beginner plant', html)


def test_copies_left_count_the_other_seats(client, token, play_id):
    post(client, token, play_id, 0, ANN)
    html = client.get(f"/plays/{play_id}/seats/1").get_data(as_text=True)
    info = re.search(r'id="f-decorations-ceramic_planter-info"[^>]*data-max="(\d)"[^>]*>(.*?)</div>', html, re.S)
    assert info.group(1) == "2"
    assert "2 left" in info.group(2) and "2 with Ann" in info.group(2)
    assert 'data-max-from="f-decorations-ceramic_planter-info"' in html  # the stepper stops there
    # the plants on Ann's table are not offered to Bo
    plants = re.search(r'<datalist id="pl-beginners">(.*?)</datalist>', html, re.S).group(1)
    assert "Snake Plant" not in plants
    assert "Purple Shamrock" not in re.search(r'<datalist id="pl-plants">(.*?)</datalist>', html, re.S).group(1)


def test_stepper_buttons_step_without_javascript_within_the_plants_spaces(app, client, token, play_id):
    post(client, token, play_id, 0, ANN, step="plants[1].growth:+1")
    assert stored(app, play_id, 0).state["plants"][1]["growth"] == 3
    post(client, token, play_id, 0, dict(ANN, **{"plants[1].growth": "3"}), step="plants[1].growth:+1")
    assert stored(app, play_id, 0).state["plants"][1]["growth"] == 3  # Purple Shamrock has 3 spaces
    post(client, token, play_id, 0, dict(ANN, **{"plants[2].name": "Prickly Pear", "plants[2].growth": "2"}),
         step="plants[2].growth:+1")
    assert stored(app, play_id, 0).state["plants"][2]["growth"] == 2  # Prickly Pear has 2 (the schema allows 3)
    post(client, token, play_id, 0, dict(ANN, **{"plants[2].name": "", "plants[2].growth": "0"}))
    post(client, token, play_id, 0, dict(ANN, propagation="0"), step="propagation:-1")
    assert stored(app, play_id, 0).state["propagation"] == 0
    post(client, token, play_id, 0, ANN, step="tools.grow_light:+1")
    assert stored(app, play_id, 0).state["tools"]["grow_light"] == 1
    post(client, token, play_id, 0, dict(ANN, **{"plants[2].growth": "0"}), step="plants[2].growth:+1")
    assert stored(app, play_id, 0).state["plants"][2]["growth"] == 0  # no plant picked: no tokens
    post(client, token, play_id, 0, dict(ANN, **{"decorations.workbench": "3"}), step="decorations.workbench:+1")
    assert stored(app, play_id, 0).state["decorations"]["workbench"] == 3  # the deck has 3
    for nonsense in ("nonsense:+9", "plants[9].growth:+1", "plants[x:+1", "propagation:+2", ":"):
        assert post(client, token, play_id, 0, ANN, step=nonsense).status_code == 303
    assert stored(app, play_id, 0).state["propagation"] == 2


def test_state_from_form_keeps_what_is_not_posted_and_typed_text(app):
    planted = adapter("planted")
    old = {"plants": [{"name": "ZZ Plant", "growth": 2}] + [{"name": "", "growth": 0}] * 5,
           "propagation": 4, "decorations": {"workbench": 1}, "tools": {"grow_light": 2}}
    state, errors = planted.state_from_form({"propagation": " 5 ", "tools.grow_light": "two"}, old)
    assert errors == []
    assert state["plants"][0] == {"name": "ZZ Plant", "growth": 2}
    assert state["propagation"] == 5
    assert state["decorations"]["workbench"] == 1 and state["decorations"]["plant_stand"] == 0
    assert state["tools"]["grow_light"] == "two"
    # a signed number is read as one (the engine says it cannot be negative); an emptied box is blank
    state, _ = planted.state_from_form({"propagation": "-1", "plants[0].growth": ""}, old)
    assert state["propagation"] == -1 and state["plants"][0]["growth"] is None
    # a field the board does not have is not read
    state, _ = planted.state_from_form({"plants[0].colour": "red", "score": "99", "plants[7].name": "Croton"}, old)
    assert "colour" not in state["plants"][0] and "score" not in state and len(state["plants"]) == 6


def test_cards_written_by_their_name_are_read_once_by_their_key(app):
    # the API takes a card's printed name as its key; the form shows and saves it by its key
    planted = adapter("planted")
    old = {"plants": [{"name": "ZZ Plant", "growth": 1}], "decorations": {"Plant Stand": 1, "workbench": 0}}
    state, _ = planted.state_from_form({"decorations.plant_stand": "1"}, old)
    assert state["decorations"]["plant_stand"] == 1 and "Plant Stand" not in state["decorations"]
    assert len(state["plants"]) == 6


def test_an_emptied_box_and_negative_numbers_are_named_not_crashed(client, token, play_id):
    fields = dict(ANN, propagation="-1", **{"plants[0].growth": ""})
    html = post(client, token, play_id, 0, fields, htmx=True).get_data(as_text=True)
    assert re.search(r'id="err-f-propagation" class="field-err on"[^>]*><p class="error">[^<]*0', html)
    assert re.search(r'id="plant-0-points"[^>]*>0 pts<', html)  # an empty growth box: no tokens


def test_typed_text_is_escaped(client, token, play_id):
    post(client, token, play_id, 0, {"plants[0].name": '<img src=x onerror="alert(1)">'})
    html = client.get(f"/plays/{play_id}/seats/0").get_data(as_text=True)
    assert "<img src=x" not in html
    assert "&lt;img src=x" in html


def test_a_finished_play_is_read_only(app, client, token, play_id):
    post(client, token, play_id, 0, ANN)
    post(client, token, play_id, 1, {"plants[0].name": "ZZ Plant", "plants[0].growth": "3"})
    mark_done(client, token, play_id, 0, 1)
    assert client.post(f"/plays/{play_id}/finish", data={"csrf_token": token}).status_code == 303
    html = client.get(f"/plays/{play_id}/seats/0").get_data(as_text=True)
    assert "hx-post" not in html
    assert re.search(r'id="f-plants-0-name"[^>]*readonly', html, re.S)
    assert re.search(r'value="plants\[0\].growth:\+1"[^>]*disabled', html)
    assert ">Done</button>" not in html
    assert "This play is finished." in html  # at the top (the shared seat header)
    response = post(client, token, play_id, 0, dict(ANN, propagation="9"), htmx=True)
    assert response.status_code == 409
    assert "This play is finished" in response.get_data(as_text=True)
    assert 'data-save-state="failed"' in response.get_data(as_text=True)
    response = post(client, token, play_id, 0, dict(ANN, propagation="9"))
    assert response.status_code == 409
    assert stored(app, play_id, 0).state["propagation"] == 2  # nothing changed


def test_result_reads_like_the_paper_score_pad(client, token):
    from scoring.planted import GAME

    play_id = new_play(client, token, game="planted", players=("Ann", "Bo"))
    tables = [
        {"plants": [{"name": "Snake Plant", "growth": 1}, {"name": "Purple Shamrock", "growth": 2}], "propagation": 2,
         "decorations": {"ceramic_planter": 2, "plant_stand": 1}},
        {"plants": [{"name": "ZZ Plant", "growth": 3}, {"name": "Croton", "growth": 1}], "propagation": 1,
         "decorations": {"workbench": 1}, "tools": {"grow_light": 1, "spray_bottle": 2}},
    ]
    from web.data.db import connect, dumps

    db = connect(client.application.config["DATABASE"])
    for position, state in enumerate(tables):
        db.execute("UPDATE seats SET done = 1, state = ? WHERE play_id = ? AND position = ?", [dumps(state), play_id, position])
    db.conn.close()
    html = client.get(f"/plays/{play_id}/result").get_data(as_text=True)
    labels = re.findall(r'<th scope="row">([^<]+)</th>', html)
    # (plant rows empty for every player are left out: both hold two plants)
    assert labels[:4] == ["Plant 1", "Plant 2", "Propagation", "Decorations"]
    assert "Snake Plant: 1 token covers 3 = 3" in html  # Plant 1's explanation for Ann
    assert GAME.engine_version not in html  # no engine id on a player's screen


def test_one_point_reads_in_the_singular(client, token, play_id):
    # ZZ Plant without tokens and 1 token on the jars: 1 point (was "1 pts")
    post(client, token, play_id, 0, {"plants[0].name": "ZZ Plant", "plants[0].growth": "0", "propagation": "1"})
    post(client, token, play_id, 1, {"plants[0].name": "Snake Plant", "plants[0].growth": "1"})
    html = client.get(f"/plays/{play_id}/seats/0").get_data(as_text=True)
    assert re.search(r'id="pl-total"[^>]*><strong>1</strong> pt<', html)
    assert re.search(r'id="pl-propagation-points"[^>]*>1 pt<', html)
    assert re.search(r'id="plant-0-points"[^>]*>0 pts<', html)
    assert re.search(r'class="total">1</span> point so far', html)  # the status block
    mark_done(client, token, play_id, 0)
    assert "✓ 1 pt\n" in client.get(f"/plays/{play_id}").get_data(as_text=True)  # the play page


def test_a_seat_shows_the_engines_preview_while_another_field_is_wrong(client, token, play_id):
    # The plant slots and the decoration lines come from the engine's preview, by contract path:
    # a typo in plant 4 does not hide the points of what reads.
    fields = dict(ANN, **{"plants[3].name": "Swis chese", "plants[3].growth": "1"})
    html = post(client, token, play_id, 0, fields, htmx=True).get_data(as_text=True)
    assert re.search(r'id="plant-1-points" class="pl-points" hx-swap-oob="true">7 pts<', html)
    assert re.search(r'id="plant-3-points" class="pl-points" hx-swap-oob="true"></span>', html)
    assert "Ceramic Planter x2: 1 shelf plant (Purple Shamrock) = 1 each, 2 in all" in html
    assert re.search(r'id="pl-total" class="pl-total" hx-swap-oob="true"><strong>15</strong> pts<a class="pl-fix" href="#status">1 to fix', html)


def test_the_pad_row_of_a_plant_takes_that_plants_lines_by_its_path(client, token):
    play_id = new_play(client, token, game="planted", players=("Ann", "Bo"))
    # Ann's Croton sits in slot 4 (plants[3]) after two empty slots: it is Plant 2 of the pad
    post(client, token, play_id, 0, {"plants[0].name": "ZZ Plant", "plants[0].growth": "1",
                                     "plants[3].name": "Croton", "plants[3].growth": "2"})
    post(client, token, play_id, 1, {"plants[0].name": "Snake Plant", "plants[0].growth": "1"})
    mark_done(client, token, play_id, 0, 1)
    html = client.get(f"/plays/{play_id}/result").get_data(as_text=True)
    row = re.search(r'<th scope="row">Plant 2</th>(.*?)</tr>', html, re.S).group(1)
    assert "Croton: 2 tokens cover 2 + 3 = 5" in row and "ZZ Plant:" not in row


# ------------------------------------------------------------------ two phones, one seat


class _Form(HTMLParser):
    """The fields the entry form posts, as a browser would (inputs only: the steppers' buttons
    post nothing with JavaScript on)."""

    def __init__(self):
        super().__init__()
        self.fields, self._inside = {}, False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and a.get("id") == "entry":
            self._inside = True
        elif tag == "input" and self._inside and a.get("name"):
            self.fields[a["name"]] = a.get("value") or ""

    def handle_endtag(self, tag):
        if tag == "form":
            self._inside = False


def open_seat(phone, play_id, position=0) -> dict:
    """What a phone has after opening a seat: every field of the form (the version included)."""
    parser = _Form()
    parser.feed(phone.get(f"/plays/{play_id}/seats/{position}").get_data(as_text=True))
    return parser.fields


def two_phones(app):
    phone_a, phone_b = app.test_client(), app.test_client()
    token = csrf_token(phone_a)
    csrf_token(phone_b)
    play_id = new_play(phone_a, token, game="planted", players=("Ann", "Bo"))
    return phone_a, phone_b, play_id


def send(phone, play_id, fields, htmx=True, position=0):
    headers = {"HX-Request": "true"} if htmx else {}
    return phone.post(f"/plays/{play_id}/seats/{position}", data=fields, headers=headers)


def test_a_stale_phone_changing_another_card_is_merged_and_both_changes_stay(app):
    # The case: phone 2, on an older version, changes Plant Stand; phone 1 had changed the
    # propagation jars.  Both stay, nothing is reverted, no conflict.
    phone_a, phone_b, play_id = two_phones(app)
    first = {**open_seat(phone_a, play_id), **ANN}
    assert send(phone_a, play_id, first).status_code == 200
    a = open_seat(phone_a, play_id)
    b = open_seat(phone_b, play_id)  # phone B loads the seat with Ann's table
    assert send(phone_a, play_id, {**a, "propagation": "4"}).status_code == 200
    response = send(phone_b, play_id, {**b, "decorations.plant_stand": "2"})  # stale: propagation still 2 here
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    # the form keeps its base version (it does not show phone A's jars yet: the live check reloads
    # it), and it carries every value as the server has it now, which planted.js puts into the
    # fields this phone has not touched
    assert version_on_page(html) == int(b["version"])
    values = json.loads(re.search(r"id=\"pl-values\" hidden data-values='([^']*)'", html).group(1))
    assert values["propagation"] == "4" and values["decorations.plant_stand"] == "2"
    seat = stored(app, play_id, 0)
    assert seat.state["propagation"] == 4 and seat.state["decorations"]["plant_stand"] == 2
    assert seat.state["plants"][1] == {"name": "Purple Shamrock", "growth": 2}
    assert re.search(r'id="pl-total"[^>]*><strong>18</strong>', html)  # 15 + 2 jars + 1 Plant Stand point


def test_a_true_conflict_names_the_place_as_the_player_sees_it_and_one_tap_keeps_either(app):
    phone_a, phone_b, play_id = two_phones(app)
    start = {**open_seat(phone_a, play_id), **ANN, "plants[2].name": "Croton", "plants[2].growth": "1"}
    send(phone_a, play_id, start)
    a, b = open_seat(phone_a, play_id), open_seat(phone_b, play_id)
    send(phone_a, play_id, {**a, "plants[2].growth": "2", "propagation": "3"})
    response = send(phone_b, play_id, {**b, "plants[2].growth": "0", "decorations.workbench": "1"})
    assert response.status_code == 409
    assert response.headers["HX-Retarget"] == "#main"
    html = response.get_data(as_text=True)
    assert "<h2>Growth on Croton</h2>" in html
    assert re.search(r'value="yours">Keep this phone\'s: <strong>0</strong>', html)
    # (phone B never said whose phone it is: "another phone", never its id "device 2440e7")
    assert re.search(r"value=\"theirs\">Keep another phone's: <strong>2</strong>", html)
    assert "Propagation" not in html and "Workbench" not in html  # not conflicts: kept either way
    assert not DEVELOPER_WORDS.search(visible_text(html))
    changes = re.search(r'name="changes" value="([^"]+)"', html).group(1).replace("&#34;", '"')
    current = re.search(r'name="version" value="(\d+)"', html).group(1)
    token_b = csrf_token(phone_b)
    # one tap on "Keep another phone's": the button names the place it decides, nothing else
    keep = re.search(r'<button class="button" type="submit" name="([^"]+)" value="theirs">', html).group(1)
    assert keep == "keep-plants[2].growth"
    answer = phone_b.post(f"/plays/{play_id}/seats/0/resolve",
                          data={"csrf_token": token_b, "changes": changes, "version": current, keep: "theirs"})
    assert answer.status_code == 303
    seat = stored(app, play_id, 0)
    assert seat.state["plants"][2] == {"name": "Croton", "growth": 2}  # phone A's growth kept
    assert seat.state["propagation"] == 3  # phone A's other change
    assert seat.state["decorations"]["workbench"] == 1  # phone B's other change


def test_a_conflict_on_the_jars_and_a_card_lists_both_by_name(app):
    phone_a, phone_b, play_id = two_phones(app)
    send(phone_a, play_id, {**open_seat(phone_a, play_id), **ANN})
    a, b = open_seat(phone_a, play_id), open_seat(phone_b, play_id)
    send(phone_a, play_id, {**a, "propagation": "3", "decorations.plant_stand": "0"})
    html = send(phone_b, play_id, {**b, "propagation": "5", "decorations.plant_stand": "2"}).get_data(as_text=True)
    assert "<legend>Propagation jars</legend>" in html and "<legend>Plant Stand cards</legend>" in html
    assert "decorations.plant_stand" not in visible_text(html)


def test_a_save_to_a_finished_play_is_refused_and_changes_nothing(app):
    phone_a, phone_b, play_id = two_phones(app)
    send(phone_a, play_id, {**open_seat(phone_a, play_id), **ANN})
    send(phone_a, play_id, {**open_seat(phone_a, play_id, 1), "plants[0].name": "ZZ Plant"}, position=1)
    stale = open_seat(phone_b, play_id)
    token = csrf_token(phone_a)
    mark_done(phone_a, token, play_id, 0, 1)
    assert phone_a.post(f"/plays/{play_id}/finish", data={"csrf_token": token}).status_code == 303
    response = send(phone_b, play_id, {**stale, "propagation": "7"})
    assert response.status_code == 409
    assert "Not saved: this play is finished." in response.get_data(as_text=True)
    stepped = send(phone_b, play_id, {**stale, "step": "propagation:+1"}, htmx=False)
    assert stepped.status_code == 409
    assert stored(app, play_id, 0).state["propagation"] == 2


def test_field_and_value_labels_are_a_players_words(app):
    planted = adapter("planted")
    state = {"plants": [{"name": "ZZ Plant", "growth": 1}, {"name": ""}, {"name": "croton", "growth": 2}]}
    cases = {
        "plants[0].name": "Beginner plant", "plants[0]": "Beginner plant (ZZ Plant)", "plants[0].growth": "Growth on ZZ Plant",
        "plants[1].growth": "Growth on plant 2", "plants[2]": "Plant 3 (Croton)", "plants[2].name": "Plant 3",
        "plants[2].growth": "Growth on Croton", "plants[5].growth": "Growth on plant 6", "plants": "Plants",
        "propagation": "Propagation jars", "decorations.plant_stand": "Plant Stand cards",
        "decorations.Plant Stand": "Plant Stand cards", "tools.grow_light": "Grow Light cards",
        "decorations": "Decoration cards", "tools": "Tool cards", "": "This seat",
    }
    assert {path: planted.field_label_in(path, state) for path in cases} == cases
    assert planted.field_label("plants[0].growth") == "Growth on the beginner plant"
    assert planted.field_label("plants[") == "plants["  # not a path: shown as it is
    assert planted.value_label("plants[2]", {"name": "Croton", "growth": 1}) == "Croton, 1 Growth token"
    assert planted.value_label("plants[2]", {"name": "Croton", "growth": 2}) == "Croton, 2 Growth tokens"
    assert planted.value_label("plants[2]", {"name": "", "growth": 0}) == "empty"
    assert planted.value_label("plants", [{"name": "ZZ Plant", "growth": 3}, {"name": ""}]) == "ZZ Plant, 3 Growth tokens"
    assert planted.value_label("decorations", {"plant_stand": 1, "workbench": 0, "Ceramic Planter": 2}) == "Plant Stand 1, Ceramic Planter 2"
    assert planted.value_label("decorations", {}) == "none"
    assert planted.value_label("plants[2].growth", None) == "–"
    assert planted.value_label("plants[2].growth", 3) == "3"


def test_no_developer_words_and_no_wrong_plurals_on_the_seat_page(client, token, play_id):
    # an empty seat, a half-typed one with errors, one with single counts everywhere
    pages = [client.get(f"/plays/{play_id}/seats/0").get_data(as_text=True)]
    post(client, token, play_id, 0, dict(ANN, **{"plants[2].name": "Swis chese", "plants[1].growth": "9",
                                                 "tools.grow_light": "x"}))
    pages.append(client.get(f"/plays/{play_id}/seats/0").get_data(as_text=True))
    post(client, token, play_id, 1, {"plants[0].name": "ZZ Plant", "plants[0].growth": "1", "propagation": "1",
                                     "decorations.workbench": "1", "tools.grow_light": "1"})
    pages.append(client.get(f"/plays/{play_id}/seats/0").get_data(as_text=True))
    pages.append(client.get(f"/plays/{play_id}/seats/1").get_data(as_text=True))
    pages.append(client.get(f"/plays/{play_id}").get_data(as_text=True))
    for html in pages:
        text = visible_text(html)
        assert not DEVELOPER_WORDS.search(text), DEVELOPER_WORDS.search(text)
        assert not WRONG_PLURAL.search(text), WRONG_PLURAL.search(text)
    assert "1 with Bo" in visible_text(pages[2])  # Bo's Workbench, seen from Ann's seat


def test_the_edit_log_names_each_change_by_its_place(app):
    phone_a, phone_b, play_id = two_phones(app)
    send(phone_a, play_id, {**open_seat(phone_a, play_id), **ANN, "plants[2].name": "Croton", "plants[2].growth": "2"})
    a, b = open_seat(phone_a, play_id), open_seat(phone_b, play_id)
    send(phone_a, play_id, {**a, "plants[2].growth": "3", "decorations.plant_stand": "2"})
    send(phone_b, play_id, {**b, "plants[2].growth": "1"})  # a conflict: kept in the log, not applied
    html = phone_a.get(f"/plays/{play_id}/log").get_data(as_text=True)
    # the log as a story (web.table.words.story): one group per phone, minute and seat, newest first;
    # each place once, with every value it took
    groups = re.findall(r'<ul class="log-lines">(.*?)</ul>', html, re.S)
    assert '<strong>Growth on Croton</strong> 3 → 1 <span class="muted">(not applied)</span>' in groups[0]
    assert "another phone had changed the same place" in groups[0]
    assert "<li><strong>Growth on Croton</strong> 0 → 2 → 3</li>" in groups[1]
    assert "<li><strong>Plant Stand cards</strong> 0 → 1 → 2</li>" in groups[1]
    assert "<li><strong>Plant 3</strong> – → Croton</li>" in groups[1]
    assert "<li><strong>Propagation jars</strong> 0 → 2</li>" in groups[1]
    assert "Plant Stand cards</strong> 2 → 2" not in html
    assert not DEVELOPER_WORDS.search(visible_text(re.sub(r"<details[^>]*>.*?</details>", "", html, flags=re.S)))  # the JSON is behind "Details"


@pytest.mark.parametrize("stored", [None, [1, 2], "text", 5, {"plants": "x", "decorations": [1], "tools": {"Grow Light": "2"}},
                                    {"plants": [None, 3, {"name": 7, "growth": [1]}] * 3, "propagation": {"a": 1}}])
def test_a_seat_state_of_another_shape_still_opens_steps_and_saves(app, client, token, play_id, stored):
    from web.data.db import connect

    db = connect(app.config["DATABASE"])
    db.execute("UPDATE seats SET state = ? WHERE play_id = ? AND position = 0", [json.dumps(stored), play_id])
    db.conn.close()
    assert client.get(f"/plays/{play_id}/seats/0").status_code == 200
    assert post(client, token, play_id, 0, {}, step="tools.grow_light:+1").status_code == 303
    assert post(client, token, play_id, 0, {"plants[0].name": "ZZ Plant"}, step="plants[0].growth:+1").status_code == 303
    assert client.get(f"/plays/{play_id}/seats/0").status_code == 200
    assert post(client, token, play_id, 0, dict(ANN), htmx=True).status_code == 200
    assert client.get(f"/plays/{play_id}/log").status_code == 200


def test_a_problem_of_the_whole_table_shows_under_the_cards_in_words(client, token, play_id):
    # a 2-player game deals 16 Item cards (2 per player in each of the 4 rounds): 9 + 8 is one too many
    post(client, token, play_id, 0, dict(ANN, **{"decorations.macrame_basket": "4", "decorations.ceramic_planter": "4"}))
    html = post(client, token, play_id, 1, {"plants[0].name": "ZZ Plant", "decorations.display_shelves": "3",
                                            "decorations.indoor_greenhouse": "3", "decorations.workbench": "2"},
                htmx=True).get_data(as_text=True)
    box = re.search(r'<div id="pl-table-errors" class="pl-table-errors" hx-swap-oob="true">(.*?)</div>', html, re.S).group(1)
    assert "Players: hold 17 Decoration and Tool cards together (Ann 9, Bo 8), but a 2-player game deals only 16" in box
    page = client.get(f"/plays/{play_id}/seats/0").get_data(as_text=True)
    assert "Players: hold 17 Decoration and Tool cards together" in page
