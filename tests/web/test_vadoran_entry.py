"""The Vadoran Gardens entry screen through the Flask test client: the page, the form -> state
mapping (fields named by contract path: garden text, lost items, achievements, quick mode),
messages next to their fields, the htmx live block and its out-of-band slots, the no-JavaScript
buttons, every save path merged over another phone's change and refused on a finished play,
the solo sister's options on the seat page, labels in a player's words, and the options form."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

from tests.conftest import csrf_token, mark_done, new_play
from web.data import store

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


def version(html: str) -> str:
    return re.search(r'name="version" id="seat-version" value="(\d+)"', html).group(1)


def oob_ids(html: str) -> list[str]:
    return re.findall(r'<[^>]+id="([^"]+)"[^>]*hx-swap-oob="true"', html)


def test_entry_page_shows_the_starting_grid_brushes_and_fields_named_by_path(client, play_id):
    html = client.get(url(play_id)).get_data(as_text=True)
    assert html.count('class="sq t-none"') == 18  # 3 rows x 6 columns to start
    for brush in ("Grass", "Soil", "Water", "Sand", "Task", "Tablet", "Return", "Eraser"):
        assert f"</i>{brush}</button>" in html
    assert 'data-brush="move"' not in html  # the pan buttons (shown by the script) move a wide garden
    assert 'id="garden-pan"' in html and 'data-pan="1"' in html and 'data-pan="-1"' in html
    assert 'name="garden"' in html and 'id="mode-quick"' in html
    assert 'name="lost_items.pendant"' in html and 'id="f-lost_items-pendant"' in html
    assert 'name="achievement.water"' in html and 'name="return_locations.animal"' in html
    assert 'name="areas[0].squares"' in html and 'name="unscored_squares"' in html
    assert "data-stepper" in html and 'value="lost_items.tool:+1"' in html  # the shared stepper
    assert "js/vadoran.js" in html and "css/vadoran.css" in html and "js/stepper.js" in html
    assert 'inputmode="numeric"' in html and 'type="number"' not in html
    assert "style=" not in html and "<script>" not in html and "onclick" not in html
    assert "Garden row 1, square 1: no card" in html
    assert "<code>garden" not in html and "lost_items" not in re.sub(r'(name|id|value|for|aria-describedby)="[^"]*"', "", html)


def test_posting_the_form_stores_the_garden_and_shows_areas_and_total(app, client, token, play_id):
    response = post(client, token, play_id)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "<html" not in html and 'id="vad-live"' in html and 'id="status"' in html
    assert re.search(r'class="total">31<', html)  # 12 + 7 areas, 5 pendant, 7 achievement
    assert "A Grass</b>, 5 squares, 3 tasks, 1 tablet" in html
    assert "scores 5 squares + 1 tablet x 7 = 12" in html
    assert "C Soil</b>, 2 squares, 1 task" in html and "does not score: 1 task, an area needs 3 or more" in html
    assert "sand never scores" in html
    assert 'id="vad-total" class="mini-total" hx-swap-oob="true">31 pts<' in html
    saved = state(app, play_id)
    assert saved["garden"] == GARDEN.splitlines()
    assert saved["lost_items"] == {"animal": 0, "tool": 0, "pendant": 1}
    assert saved["achievements"] == [{"terrain": "water", "points": 7}]


def test_the_page_outlines_each_area_with_its_letter(client, token, play_id):
    post(client, token, play_id)
    html = client.get(url(play_id)).get_data(as_text=True)
    assert re.findall(r'<span class="lbl" data-text="(\w)"', html) == ["A", "B", "C"]
    first = re.search(r'<button type="button" class="sq t-grass in-area scores e-t e-l"\s+data-r="0" data-c="0"', html)
    assert first, "the top-left grass square is outlined on its top and left"
    assert html.count("in-area fails") == 2  # the soil area, which does not score
    owners = re.search(r"data-owners='([^']+)'", html).group(1)
    assert owners.startswith("[[0, 0, 0, 1, 1, 1], [0, 0, 2, 1, 1, 1], [3, 3, 2, 1, 4, 4]]")
    # a square's name says everything its marks show, in words (axe: label-content-name-mismatch)
    assert 'aria-label="Garden row 1, square 3: grass, task, tablet"' in html
    assert 'aria-label="Garden row 1, square 1: grass, task, area A"' in html
    squares = re.findall(r'<button type="button" class="sq[^>]*>(.*?)</button>', html, re.S)
    assert squares and all(re.sub(r"<[^>]+>", "", s).strip() == "" for s in squares)  # no text inside: CSS draws it


def test_a_bad_number_is_kept_and_reported_next_to_its_field(app, client, token, play_id):
    html = post(client, token, play_id, **{"achievement.grass": "lots"}).get_data(as_text=True)
    assert state(app, play_id)["achievements"][0] == {"terrain": "grass", "points": "lots"}
    slot = re.search(r'<div id="err-f-achievement-grass" class="field-err on" hx-swap-oob="true">(.*?)</div>', html, re.S)
    assert slot and "must be a whole number from 0 to 30" in slot.group(1)
    assert "<strong>Grass achievement</strong> must be a whole number" in html  # the status names the field
    page = client.get(url(play_id)).get_data(as_text=True)
    assert 'value="lots"' in page
    assert re.search(r'<div id="err-f-achievement-grass" class="field-err on"><p class="error">must be a whole number', page)


def test_a_bad_garden_token_is_kept_and_its_square_marked(app, client, token, play_id):
    post(client, token, play_id, garden="g* x w")
    assert state(app, play_id)["garden"] == ["g* x w"]
    page = client.get(url(play_id)).get_data(as_text=True)
    assert re.search(r'class="sq t-none bad"\s+data-r="0" data-c="1"', page)
    assert re.search(r'id="err-f-garden" class="field-err on"><p class="error">Garden row 1, square 2: &#34;x&#34; is not a square', page)
    assert "g* x w" in page  # the textarea keeps what was typed


def test_lost_items_beyond_the_supply_are_reported_at_the_item(client, token, play_id):
    post(client, token, play_id, **{"lost_items.tool": "4"})
    html = post(client, token, play_id, position=1, **{"lost_items.tool": "3"}).get_data(as_text=True)
    assert re.search(r'id="err-f-lost_items-tool" class="field-err on" hx-swap-oob="true"><p class="error">the players have found 7', html)


QUICK = {"entry_mode": "quick", "areas[0].terrain": "grass", "areas[0].squares": "8", "areas[0].tasks": "3",
         "areas[0].tablets": "1", "areas[1].terrain": "water", "areas[1].squares": "4", "areas[1].tasks": "2",
         "areas[1].tablets": "", "areas[2].terrain": "", "areas[2].squares": "", "areas[2].tasks": "",
         "areas[2].tablets": "", "return_locations.animal": "0", "return_locations.tool": "0",
         "return_locations.pendant": "1", "unscored_squares": ""}


def test_quick_mode_enters_areas_and_keeps_the_painted_garden_aside(app, client, token, play_id):
    post(client, token, play_id)
    fields = dict(QUICK)
    html = post(client, token, play_id, **fields).get_data(as_text=True)
    saved = state(app, play_id)
    assert "garden" not in saved and saved["garden_aside"] == GARDEN.splitlines()
    assert saved["areas"] == [{"terrain": "grass", "squares": 8, "tasks": 3, "tablets": 1},
                              {"terrain": "water", "squares": 4, "tasks": 2}]
    assert saved["return_locations"] == {"animal": 0, "tool": 0, "pendant": 1}
    assert re.search(r'class="total">27<', html)  # 15 + pendant 5 + water achievement 7
    assert "does not score: 2 tasks, an area needs 3 or more" in html
    page = client.get(url(play_id)).get_data(as_text=True)
    assert 'id="mode-quick" checked' in page and 'name="areas[1].squares" value="4"' in page
    # Back to painting: the garden is still there, the areas wait aside.
    fields["entry_mode"] = "paint"
    post(client, token, play_id, **fields)
    saved = state(app, play_id)
    assert saved["garden"] == GARDEN.splitlines() and saved["quick_aside"]["areas"][0]["squares"] == 8
    assert "areas" not in saved


def test_a_blank_quick_row_between_areas_keeps_each_message_under_its_own_row(app, client, token, play_id):
    fields = {**QUICK, "areas[1].terrain": "", "areas[1].squares": "", "areas[1].tasks": "",
              "areas[2].terrain": "soil", "areas[2].squares": "lots"}
    html = post(client, token, play_id, **fields).get_data(as_text=True)
    assert [a["terrain"] for a in state(app, play_id)["areas"]] == ["grass", "soil"]  # the blank row left out
    rows = dict(re.findall(r'<div id="err-f-areas-(\d)" class="field-err[^"]*" hx-swap-oob="true">(.*?)</div>', html, re.S))
    assert rows["1"] == "" and "whole number" in rows["2"] and rows["0"] == ""


def test_the_live_answer_updates_only_slots_the_page_has(client, token, play_id):
    """htmx:oobErrorNoTarget: every out-of-band slot of an answer is on the page, in both modes,
    also when the page gained quick-entry rows (the script's + Another area)."""
    for fields in ({}, QUICK, {**QUICK, "areas[5].terrain": "soil", "areas[5].squares": "2", "areas[5].tasks": "",
                               "areas[5].tablets": ""}):
        page = client.get(url(play_id)).get_data(as_text=True)
        added = {f"err-f-areas-{m[1]}" for key in fields if (m := re.fullmatch(r"areas\[(\d+)\]\.terrain", key))}
        on_page = set(re.findall(r'id="([^"]+)"', page)) | added
        answer = post(client, token, play_id, **fields).get_data(as_text=True)
        assert oob_ids(answer) and set(oob_ids(answer)) <= on_page, set(oob_ids(answer)) - on_page


def test_without_javascript_the_buttons_grow_the_grid_and_step_numbers(app, client, token, play_id):
    response = post(client, token, play_id, htmx=False, grow="right")
    assert response.status_code == 303
    assert state(app, play_id)["garden"][0] == "g* g* g*7 w w w -"
    post(client, token, play_id, htmx=False, grow="above")
    assert state(app, play_id)["garden"][0] == "- - - - - -"
    post(client, token, play_id, htmx=False, grow="left", garden="g g")
    assert state(app, play_id)["garden"] == ["- g g"]
    post(client, token, play_id, htmx=False, step="lost_items.tool:+1")
    assert state(app, play_id)["lost_items"]["tool"] == 1
    post(client, token, play_id, htmx=False, step="lost_items.pendant:-1", **{"lost_items.pendant": "0"})
    assert state(app, play_id)["lost_items"]["pendant"] == 0  # never below 0
    post(client, token, play_id, htmx=False, step="lost_items.pendant:+1", **{"lost_items.pendant": "5"})
    assert state(app, play_id)["lost_items"]["pendant"] == 5  # never above the box's 5
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
    assert "This play is finished." in page.split('id="entry"')[0]  # the message is at the top
    response = post(client, token, play_id, garden="w w w")
    assert response.status_code == 409
    assert "This play is finished" in response.get_data(as_text=True)


def _two_phones(app):
    a, b = app.test_client(), app.test_client()
    ta, tb = csrf_token(a), csrf_token(b)
    pid = new_play(a, ta, game=GAME, players=("Purple", "Green"))
    base = version(b.get(url(pid)).get_data(as_text=True))
    return a, ta, b, tb, pid, base


@pytest.mark.parametrize("change", ["stroke", "quick", "stepper", "grow", "done"])
def test_every_save_path_merges_over_another_phones_change(app, change):
    """Phone A claims the water achievement; phone B, still on the page as it was, makes its own
    change through one of the page's save paths: both changes stay."""
    a, ta, b, tb, pid, base = _two_phones(app)
    assert post(a, ta, pid, garden="", **{"lost_items.pendant": "0", "version": base}).status_code == 200
    fields = {"version": base, "achievement.water": "", "lost_items.pendant": "0", "garden": ""}
    fields.update({
        "stroke": {"garden": GARDEN},
        "quick": QUICK,
        "stepper": {"lost_items.tool": "1"},
        "grow": {"garden": "g g", "grow": "below"},
        "done": {"garden": GARDEN, "next": "play"},
    }[change])
    response = post(b, tb, pid, htmx=change != "done", **fields)
    assert response.status_code in (200, 303), response.get_data(as_text=True)[:500]
    saved = state(app, pid)
    assert saved["achievements"] == [{"terrain": "water", "points": 7}]  # phone A's, kept
    assert {"stroke": saved.get("garden") == GARDEN.splitlines(), "quick": saved.get("areas", [{}])[0].get("squares") == 8,
            "stepper": saved["lost_items"]["tool"] == 1, "grow": saved.get("garden") == ["g g", "- -"],
            "done": saved.get("garden") == GARDEN.splitlines()}[change]
    if change == "done":
        with app.app_context():
            assert store.get_play(pid).seats[0].done


@pytest.mark.parametrize("change", ["stroke", "quick", "stepper", "grow", "done"])
def test_every_save_path_is_refused_on_a_finished_play(app, client, token, play_id, change):
    post(client, token, play_id)
    post(client, token, play_id, position=1, garden="g* g* g*")
    mark_done(client, token, play_id, 0, 1)
    client.post(f"/plays/{play_id}/finish", data={"csrf_token": token})
    before = state(app, play_id)
    fields = {"stroke": {"garden": "w w w"}, "quick": QUICK, "stepper": {"step": "lost_items.tool:+1"},
              "grow": {"grow": "below"}, "done": {"next": "play"}}[change]
    response = post(client, token, play_id, **fields)
    assert response.status_code == 409 and "This play is finished" in response.get_data(as_text=True)
    assert state(app, play_id) == before


def test_a_phone_sends_back_only_what_it_changed_and_hears_that_its_page_is_stale(app):
    """After a merged save, a page still shows the other phone's field as it was; the script's
    ``touched`` list keeps the next save from sending that stale value back, and the answer says
    the page is stale (the script reloads it when nothing is being typed)."""
    a, ta, b, tb, pid, base = _two_phones(app)
    post(a, ta, pid, **{"version": base, "lost_items.pendant": "1", "achievement.water": ""})
    # B's page still shows no pendant; B paints the garden (its first change) ...
    answer = post(b, tb, pid, **{"version": base, "lost_items.pendant": "0", "achievement.water": "", "touched": "garden"})
    assert 'id="vad-live" data-stale="1"' in answer.get_data(as_text=True)
    newer = version(answer.get_data(as_text=True))
    with app.app_context():
        assert int(newer) == store.get_play(pid).seats[0].version  # its base is the seat as it is now ...
    again = post(b, tb, pid, **{"version": newer, "lost_items.pendant": "0", "achievement.water": "", "touched": "garden",
                                "garden": GARDEN.replace("s s*", "w s*")})
    assert again.status_code == 200  # ... so its next stroke on the same rows is no conflict with its own
    newer = version(again.get_data(as_text=True))
    # ... then claims the water achievement, its pendant field still showing 0
    answer = post(b, tb, pid, **{"version": newer, "lost_items.pendant": "0", "achievement.water": "7",
                                 "touched": "garden achievement.water", "garden": GARDEN.replace("s s*", "w s*")})
    saved = state(app, pid)
    assert saved["lost_items"]["pendant"] == 1 and saved["achievements"] == [{"terrain": "water", "points": 7}]
    assert saved["garden"] == GARDEN.replace("s s*", "w s*").splitlines()
    fresh = post(a, ta, pid, **{"version": version(answer.get_data(as_text=True)), "lost_items.pendant": "1"})
    assert 'data-stale' not in fresh.get_data(as_text=True)  # A's page shows the seat as it is


def test_a_true_conflict_names_the_place_in_a_players_words(app):
    a, ta, b, tb, pid, base = _two_phones(app)
    post(a, ta, pid, **{"version": base, "achievement.water": "7"})
    post(a, ta, pid, **{"version": str(int(base) + 1), "achievement.water": "9"})
    response = post(b, tb, pid, **{"version": str(int(base) + 1), "achievement.water": "8"})
    assert response.status_code == 409
    html = response.get_data(as_text=True)
    assert "<h2>Water achievement</h2>" in html and "achievements[" not in html.split("<form")[0]


def test_labels_name_places_as_a_player_sees_them():
    from web.games import adapter

    vadoran = adapter(GAME)
    assert vadoran.field_label("garden[2][4]") == "Garden row 3, square 5"
    assert vadoran.field_label("garden[2]") == "Garden row 3"
    assert vadoran.field_label("lost_items.pendant") == "Pendants found"
    assert vadoran.field_label("return_locations.tool") == "Tool return locations (5)"
    assert vadoran.field_label("areas[1].squares") == "Quick entry, area 2: squares"
    assert vadoran.field_label_in("achievements[0].points", {"achievements": [{"terrain": "water", "points": 7}]}) == "Water achievement"
    assert vadoran.field_label("achievements[1]") == "Achievement 2"
    assert vadoran.field_label("options.sister_achievements[1]") == "The sister's achievements"
    assert vadoran.value_label("achievements", [{"terrain": "water", "points": 7}]) == "Water 7"
    assert vadoran.value_label("garden", ["g g -", "w . -"]) == "4 squares painted"
    assert vadoran.value_label("lost_items.tool", 2) == "2"


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


@pytest.fixture
def solo(client, token):
    return new_play(client, token, game=GAME, players=("Solo",), mode="solo", difficulty="easy")


def sister(client, token, play_id, play_version, htmx=True, **fields):
    data = {"csrf_token": token, "play_version": str(play_version), **fields}
    return client.post(f"/plays/{play_id}/seats/0/do/sister", data=data, headers={"HX-Request": "true"} if htmx else {})


def test_solo_the_sisters_options_are_entered_on_the_seat_page(app, client, token, solo):
    page = client.get(url(solo)).get_data(as_text=True)
    assert 'id="sister"' in page and 'name="options.sister_achievements"' in page and "Easy (X = 1)" in page
    play_version = re.search(r'name="play_version" value="(\d+)"', page).group(1)
    response = sister(client, token, solo, play_version, **{"options.difficulty": "expert", "options.sister_achievements": "12 9"})
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert 'id="sister-live"' in html and 'id="vad-live" hx-swap-oob="true"' in html and 'data-save-state="saved"' in html
    with app.app_context():
        play = store.get_play(solo)
        assert play.options == {"mode": "solo", "difficulty": "expert", "sister_achievements": [12, 9]}
        assert int(re.search(r'name="play_version" value="(\d+)"', html).group(1)) == play.version
    post(client, token, solo)
    # the sister on expert (X = 5): the failed soil area's 2 squares x 5 = 10, no lost item left
    # unreturned (the pendant has its "5"), achievements 12 + 9 = 21: 31, against the player's 31
    page = client.get(url(solo)).get_data(as_text=True)
    assert re.search(r'class="sister-total">Your sister: <strong>31</strong> points', page)


def test_solo_a_message_about_the_sisters_options_is_shown_there_and_linked_from_the_play(app, client, token, solo):
    page = client.get(url(solo)).get_data(as_text=True)
    play_version = re.search(r'name="play_version" value="(\d+)"', page).group(1)
    html = sister(client, token, solo, play_version, **{"options.sister_achievements": "12 lots 9 8 7 6"}).get_data(as_text=True)
    assert "The sister&#39;s achievements:" in html and "on easy the sister claims at most" in html
    with app.app_context():
        assert store.get_play(solo).options["sister_achievements"] == [12, "lots", 9, 8, 7, 6]  # kept as typed
    play = client.get(f"/plays/{solo}").get_data(as_text=True)
    link = re.search(r'<a href="([^"]+)">[^<]*</a>', play.split("on easy the sister claims")[1])
    assert link and link.group(1) == f"/plays/{solo}/seats/0#f-options-sister_achievements"
    assert "options.sister_achievements" not in play


def test_outside_solo_a_message_about_the_sisters_options_links_to_the_plays_options(client, token):
    play_id = new_play(client, token, game=GAME, players=("Purple", "Green"), sister_achievements="1 2 3 4 5 6 7 8")
    play = client.get(f"/plays/{play_id}").get_data(as_text=True)
    assert "The sister&#39;s achievements" in play and 'id="sister"' not in client.get(url(play_id)).get_data(as_text=True)
    assert re.search(rf'<a href="/plays/{play_id}/edit">Change it in the play&#39;s options</a>', play)


def test_solo_the_sisters_options_merge_with_another_phones_change_and_refuse_a_finished_play(app, client, token, solo):
    page = client.get(url(solo)).get_data(as_text=True)
    stale = re.search(r'name="play_version" value="(\d+)"', page).group(1)
    assert sister(client, token, solo, stale, **{"options.difficulty": "hard"}).status_code == 200
    # another phone, on the page as it was, types her achievements: merged, both stay
    clash = sister(client, token, solo, stale, **{"options.difficulty": "expert", "options.sister_achievements": "4"})
    assert clash.status_code == 409 and "The sister&#39;s difficulty was changed on another phone meanwhile (now hard)" in clash.get_data(as_text=True)
    response = sister(client, token, solo, stale, **{"options.difficulty": "easy", "options.sister_achievements": "4"})
    assert response.status_code == 200
    with app.app_context():
        assert store.get_play(solo).options == {"mode": "solo", "difficulty": "hard", "sister_achievements": [4]}
    post(client, token, solo)
    mark_done(client, token, solo, 0)
    assert client.post(f"/plays/{solo}/finish", data={"csrf_token": token}).status_code == 303
    with app.app_context():
        now = store.get_play(solo).version
    response = sister(client, token, solo, now, **{"options.sister_achievements": "5"})
    assert response.status_code == 409 and "This play is finished" in response.get_data(as_text=True)
    with app.app_context():
        assert store.get_play(solo).options["sister_achievements"] == [4]


def test_a_typo_leaves_the_other_areas_outlined_from_the_engines_preview(client, token, play_id):
    post(client, token, play_id, garden="g* g* g*7 w w w\ng g . w* w* w5\ns s* . w* . x")
    page = client.get(url(play_id)).get_data(as_text=True)
    assert re.search(r'class="sq t-none bad"\s+data-r="2" data-c="5"', page)
    assert re.findall(r'<span class="lbl" data-text="(\w)"', page) == ["A", "B", "C"]
    assert "scores 5 squares + 1 tablet x 7 = 12" in page  # the grass area still shows its points
    owners = re.search(r"data-owners='([^']+)'", page).group(1)
    assert owners == "[[0, 0, 0, 1, 1, 1], [0, 0, 2, 1, 1, 1], [3, 3, 2, 1, 4, -1]]"


def test_the_page_hands_the_engines_grammar_to_the_script(client, play_id):
    from scoring.vadoran import grammar

    page = client.get(url(play_id)).get_data(as_text=True)
    written = re.search(r"data-grammar='([^']+)'", page).group(1)
    assert json.loads(unescape(written)) == grammar()
    assert 'data-start-rows="3" data-start-columns="6"' in page
    assert 'data-brush="g"' in page and 'data-brush="-"' in page  # the brushes come from it too
    assert 'data-max="5"' in page  # a lost item stepper stops at the box's 5
