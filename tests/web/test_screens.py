"""The shared screens of issue 17 through the test client: deleting and restoring a play (with the
statistics and the page cache following), abandoned plays, counts of finished plays, changing the
players and seat order, the New play form's seat fields, what each seat lacks (with links), the
result in words and the edit log as a story."""

from __future__ import annotations

import json
import re
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from tests.conftest import finished_play, mark_done, new_play
from web.data import store
from web.data.db import get_db
from web.table import service as table


def save(client, token, play_id, position, state, **extra):
    data = {"csrf_token": token, "state_json": json.dumps(state), **extra}
    return client.post(f"/plays/{play_id}/seats/{position}", data=data)


def post(client, url, token, **data):
    return client.post(url, data={"csrf_token": token, **data})


def player_row(html: str, name: str) -> str:
    match = re.search(rf"<strong>{name}</strong>\s*<span class=\"muted\">([^<]*)</span>", html)
    assert match, f"{name} is not in the players list"
    return match.group(1).strip()


def stats_rows(app, table: str) -> list[tuple]:
    with app.app_context():
        return [tuple(r) for r in get_db().execute(f"SELECT * FROM {table} ORDER BY 1, 2")]


# ------------------------------------------------------------------ delete and restore


def test_deleting_a_finished_play_takes_it_out_of_history_counts_and_statistics_and_restore_puts_it_back(
        app, client, token):
    kept = finished_play(client, token, players=("Ann", "Bob"), points=[30, 20])
    gone = finished_play(client, token, players=("Ann", "Bob"), points=[5, 50])
    before = {t: stats_rows(app, t) for t in ("player_stats", "stat_player_game", "stat_game", "stat_pairs")}
    history = client.get("/plays").get_data(as_text=True)
    assert f'href="/plays/{gone}/result"' in history
    assert player_row(client.get("/players").get_data(as_text=True), "Bob") == "2 plays, 1 win"

    response = post(client, f"/plays/{gone}/delete", token)
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/plays?deleted={gone}")
    history = client.get(f"/plays?deleted={gone}").get_data(as_text=True)
    assert f'href="/plays/{gone}/result"' not in history and f'href="/plays/{kept}/result"' in history
    assert "Deleted:" in history and f'action="/plays/{gone}/restore"' in history  # the Undo
    assert "Deleted plays (1)" in history
    assert player_row(client.get("/players").get_data(as_text=True), "Bob") == "1 play"
    with app.app_context():
        bob = store.player_by_name("Bob")["id"]
        assert store.player_stats(bob) == [{"game": "stub", "plays": 1, "wins": 0, "average": 20.0, "best": 20}]
        assert [r["id"] for r in store.player_plays(bob)] == [kept]
    assert stats_rows(app, "stat_game")[0][1] == 1  # one finished stub play counted
    player_page = client.get(f"/players/{bob}").get_data(as_text=True)
    assert f"/plays/{gone}/" not in player_page

    log = client.get(f"/plays/{gone}/log").get_data(as_text=True)
    assert "Deleted the play" in log
    assert post(client, f"/plays/{gone}/restore", token).status_code == 303
    after = {t: stats_rows(app, t) for t in before}
    assert after == before  # every statistic exactly as it was
    assert f'href="/plays/{gone}/result"' in client.get("/plays").get_data(as_text=True)
    assert "Restored the play" in client.get(f"/plays/{gone}/log").get_data(as_text=True)
    with app.app_context():
        assert store.get_play(gone).status == store.FINISHED


def test_the_page_cache_sees_a_deletion(app, client, token):
    play_id = finished_play(client, token)
    first = client.get("/plays")
    assert first.status_code == 200 and first.headers.get("ETag")
    assert client.get("/plays", headers={"If-None-Match": first.headers["ETag"]}).status_code == 304
    assert f'href="/plays/{play_id}/result"' in client.get("/plays").get_data(as_text=True)
    assert app.extensions["scorepad_pagecache"].hits >= 1  # served from the cache until the deletion
    post(client, f"/plays/{play_id}/delete", token)
    again = client.get("/plays", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 200  # not the cached page
    assert f'href="/plays/{play_id}/result"' not in again.get_data(as_text=True)


def test_a_deleted_play_refuses_every_change_and_says_so(client, token):
    play_id = new_play(client, token)
    save(client, token, play_id, 0, {"points": 3})
    post(client, f"/plays/{play_id}/delete", token)
    page = client.get(f"/plays/{play_id}").get_data(as_text=True)
    assert "This play was deleted" in page and f'action="/plays/{play_id}/restore"' in page
    seat = client.get(f"/plays/{play_id}/seats/0")
    assert seat.status_code == 303 and seat.headers["Location"].endswith(f"/plays/{play_id}")
    refused = client.post(f"/plays/{play_id}/seats/1", headers={"HX-Request": "true"},
                          data={"csrf_token": token, "state_json": '{"points": 9}'})
    html = refused.get_data(as_text=True)
    assert refused.status_code == 409 and 'data-save-state="failed"' in html and "this play is deleted" in html
    assert "Saved" not in html
    api = client.patch(f"/api/plays/{play_id}/seats/1", json={"base_version": 1, "set": {"points": 9}})
    assert api.status_code == 409 and api.get_json() == {"error": "deleted"}
    assert client.post(f"/api/plays/{play_id}/finish").get_json() == {"error": "deleted"}
    for action in ("finish", "reopen"):
        assert post(client, f"/plays/{play_id}/{action}", token).headers["Location"].endswith(f"/plays/{play_id}")
    edit = post(client, f"/plays/{play_id}/edit", token, played_at="2026-11-28T20:30", notes="x")
    assert edit.status_code == 303 and edit.headers["Location"].endswith(f"/plays/{play_id}")
    with client.application.app_context():
        play = store.get_play(play_id)
        assert play.status == store.DELETED and play.seats[1].state == {"points": None, "tokens": 0}
        assert play.notes == ""


def test_deleting_twice_or_a_missing_play(client, token):
    play_id = new_play(client, token)
    assert post(client, f"/plays/{play_id}/delete", token).status_code == 303
    assert post(client, f"/plays/{play_id}/delete", token).status_code == 303
    log = client.get(f"/plays/{play_id}/log").get_data(as_text=True)
    assert log.count("Deleted the play") == 1
    assert post(client, "/plays/999/delete", token).status_code == 404
    assert client.post(f"/plays/{play_id}/restore", data={}).status_code == 400  # no CSRF token


# ------------------------------------------------------------------ abandoned plays, counts


def _age(app, play_id: int, hours: float) -> None:
    stamp = (datetime.now() - timedelta(hours=hours)).isoformat(timespec="seconds")
    with app.app_context():
        get_db().execute("UPDATE plays SET updated_at = ? WHERE id = ?", [stamp, play_id])


def test_an_abandoned_play_is_offered_for_discarding_and_discarded_softly(app, client, token):
    old = new_play(client, token, players=("Ann", "Bob"))
    fresh = new_play(client, token, players=("Cy", "Dee"))
    _age(app, old, 30)
    home = client.get("/").get_data(as_text=True)
    assert "Never finished" in home and f'action="/plays/{old}/delete"' in home
    assert f'action="/plays/{fresh}/delete"' not in home
    page = client.get(f"/plays/{old}").get_data(as_text=True)
    assert "Nobody has changed this play since" in page
    assert "Nobody has changed" not in client.get(f"/plays/{fresh}").get_data(as_text=True)
    assert post(client, f"/plays/{old}/delete", token, why="abandoned").status_code == 303
    assert "Never finished" not in client.get("/").get_data(as_text=True)
    assert "Discarded the play" in client.get(f"/plays/{old}/log").get_data(as_text=True)
    assert f'action="/plays/{old}/restore"' in client.get("/plays").get_data(as_text=True)


def test_player_counts_count_finished_plays_only(client, token):
    finished_play(client, token, players=("Ann", "Bob"), points=[9, 1])
    new_play(client, token, players=("Ann", "Bob"))  # in progress: not counted
    abandoned = new_play(client, token, players=("Ann", "Bob"))
    post(client, f"/plays/{abandoned}/delete", token, why="abandoned")
    html = client.get("/players").get_data(as_text=True)
    assert player_row(html, "Ann") == "1 play, 1 win"
    assert player_row(html, "Bob") == "1 play"
    post(client, "/players", token, name="Zoe")
    assert player_row(client.get("/players").get_data(as_text=True), "Zoe") == "0 plays"


# ------------------------------------------------------------------ players and seat order


def _players_form(client, play_id, token, rows, op="save", version=None):
    html = client.get(f"/plays/{play_id}/players").get_data(as_text=True)
    if version is None:
        version = re.search(r'name="version" value="(\d+)"', html).group(1)
    data = {"csrf_token": token, "version": str(version), "op": op}
    for i, (seat, name) in enumerate(rows):
        data[f"seat-{i}"] = "new" if seat is None else str(seat)
        data[f"name-{i}"] = name
    return client.post(f"/plays/{play_id}/players", data=data)


def test_reordering_and_renaming_seats_keeps_what_each_seat_entered(app, client, token):
    play_id = new_play(client, token, players=("Ann", "Bob", "Cy"))
    save(client, token, play_id, 0, {"points": 10})
    save(client, token, play_id, 1, {"points": 20})
    with app.app_context():
        ann, bob, cy = store.get_play(play_id).seats
    response = _players_form(client, play_id, token, [(cy.id, "Cy"), (ann.id, "Ann"), (bob.id, "Rob")])
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    with app.app_context():
        seats = store.get_play(play_id).seats
        assert [(s.name, s.state.get("points"), s.id) for s in seats] == [
            ("Cy", None, cy.id), ("Ann", 10, ann.id), ("Rob", 20, bob.id)]
        assert store.player_by_name("Rob") is not None  # a new player for Bob's seat
    log = client.get(f"/plays/{play_id}/log").get_data(as_text=True)
    assert "Players, in seat order" in log and "Ann, Bob, Cy → Cy, Ann, Rob" in log


def test_adding_and_removing_seats(app, client, token):
    play_id = new_play(client, token, players=("Ann", "Bob", "Cy"))
    save(client, token, play_id, 1, {"points": 20})
    with app.app_context():
        ann, bob, cy = store.get_play(play_id).seats
    response = _players_form(client, play_id, token, [(ann.id, "Ann"), (None, "Dee")])  # Bob and Cy leave
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    with app.app_context():
        play = store.get_play(play_id)
        assert [s.name for s in play.seats] == ["Ann", "Dee"]
        assert play.seats[1].state == {"points": None, "tokens": 0} and play.seats[1].version == play.version
        db = get_db()
        assert db.execute("SELECT COUNT(*) FROM seats WHERE player_id = ?", [cy.player_id]).fetchone()[0] == 0  # nothing entered
        kept = db.execute("SELECT s.state, p.status, p.set_aside_from FROM seats s JOIN plays p ON p.id = s.play_id "
                          "WHERE s.id = ?", [bob.id]).fetchone()
        assert json.loads(kept["state"]) == {"points": 20}  # Bob's entries are kept
        assert kept["status"] == store.SET_ASIDE and kept["set_aside_from"] == play_id
        removed = [e for e in store.play_log(play_id) if e["action"] == "seat removed"]
        assert len(removed) == 1 and removed[0]["old"] == {"points": 20}
    history = client.get("/plays").get_data(as_text=True)
    assert history.count('class="row-head"') == 1  # the set-aside seats are not a play of the history
    log = client.get(f"/plays/{play_id}/log").get_data(as_text=True)
    assert "Removed this seat (seat 2)" in log and "points" in log
    assert client.get(f"/plays/{play_id}/log?seat={bob.id}").status_code == 200


def test_moving_a_seat_without_saving_changes_nothing(app, client, token):
    play_id = new_play(client, token, players=("Ann", "Bob"))
    with app.app_context():
        ann, bob = store.get_play(play_id).seats
        version = store.get_play(play_id).version
    response = _players_form(client, play_id, token, [(ann.id, "Ann"), (bob.id, "Bob")], op="down-0")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert re.search(r'id="name-0" name="name-0" value="Bob"', html) and re.search(r'id="name-1" name="name-1" value="Ann"', html)
    added = _players_form(client, play_id, token, [(ann.id, "Ann"), (bob.id, "Bob")], op="add")
    assert added.get_data(as_text=True).count('list="known-players"') == 3
    removed = _players_form(client, play_id, token, [(ann.id, "Ann"), (bob.id, "Bob")], op="remove-1")
    assert 'name="name-1"' not in removed.get_data(as_text=True) and "Removed: Bob" in removed.get_data(as_text=True)
    with app.app_context():
        assert store.get_play(play_id).version == version
        assert [s.name for s in store.get_play(play_id).seats] == ["Ann", "Bob"]


def test_a_bad_seat_plan_is_refused_with_everything_typed_kept(app, client, token):
    play_id = new_play(client, token, players=("Ann", "Bob"))
    with app.app_context():
        ann, bob = store.get_play(play_id).seats
    twice = _players_form(client, play_id, token, [(ann.id, "Ann"), (bob.id, "ann")])
    html = twice.get_data(as_text=True)
    assert twice.status_code == 422 and "sits at seat 1 already" in html and 'value="ann"' in html
    blank = _players_form(client, play_id, token, [(ann.id, "Ann"), (bob.id, " ")])
    assert blank.status_code == 422 and "Enter a name, or remove this seat." in blank.get_data(as_text=True)
    many = _players_form(client, play_id, token, [(ann.id, "Ann"), (bob.id, "Bob"), (None, "C"), (None, "D"), (None, "E")])
    assert many.status_code == 422 and "Stub Game takes 1 to 4 players; this lists 5." in many.get_data(as_text=True)
    with app.app_context():
        assert [s.name for s in store.get_play(play_id).seats] == ["Ann", "Bob"]


def test_two_phones_changing_the_players_at_once_do_not_overwrite_each_other(app, client, token):
    play_id = new_play(client, token, players=("Ann", "Bob"))
    with app.app_context():
        ann, bob = store.get_play(play_id).seats
        version = store.get_play(play_id).version
    save(client, token, play_id, 0, {"points": 4})  # a seat's own save meanwhile is not a conflict
    first = _players_form(client, play_id, token, [(bob.id, "Bob"), (ann.id, "Ann")], version=version)
    assert first.status_code == 303
    second = _players_form(client, play_id, token, [(ann.id, "Ann"), (bob.id, "Bob"), (None, "Cy")], version=version)
    html = second.get_data(as_text=True)
    assert second.status_code == 409 and "changed on another phone meanwhile" in html
    with app.app_context():
        assert [s.name for s in store.get_play(play_id).seats] == ["Bob", "Ann"]
        assert store.get_play(play_id).seats[1].state["points"] == 4


def test_a_phone_still_on_the_old_seat_order_cannot_type_into_another_players_seat(app, client, token):
    play_id = new_play(client, token, players=("Ann", "Bob"))
    with app.app_context():
        ann, bob = store.get_play(play_id).seats
    _players_form(client, play_id, token, [(bob.id, "Bob"), (ann.id, "Ann")])
    # Ann's phone still shows seat 0 at its old version and saves there
    stale = client.patch(f"/api/plays/{play_id}/seats/0", json={"base_version": ann.version, "set": {"points": 7}})
    assert stale.status_code == 409
    with app.app_context():
        assert store.get_play(play_id).seats[0].state["points"] is None  # Bob's seat is untouched


def test_the_players_of_a_finished_or_deleted_play_do_not_change_here(app, client, token):
    play_id = finished_play(client, token)
    page = client.get(f"/plays/{play_id}/players")
    assert page.status_code == 409 and "reopen it" in page.get_data(as_text=True)
    with app.app_context():
        ann, bob = store.get_play(play_id).seats
        with pytest.raises(table.Finished):
            table.change_players(play_id, who="t", base_version=None, seats=[(bob.id, bob.player_id)])
    post(client, f"/plays/{play_id}/delete", token)
    assert client.get(f"/plays/{play_id}/players").status_code == 303


# ------------------------------------------------------------------ the New play form


def test_new_play_form_has_as_many_seat_fields_as_players_with_add_and_remove(client, token):
    html = client.get("/plays/new").get_data(as_text=True)
    assert html.count('list="known-players"') == 2
    data = {"csrf_token": token, "game": "stub", "players-0": "Ann", "players-1": "Bob", "notes": "kept", "op": "add"}
    added = client.post("/plays", data=data, headers={"HX-Request": "true"})
    html = added.get_data(as_text=True)
    assert added.status_code == 200 and html.count('list="known-players"') == 3
    assert 'value="Ann"' in html and 'value="Bob"' in html and "kept" in html and "<html" not in html
    assert 'id="players-2"' in html and "autofocus" in html
    removed = client.post("/plays", data={**data, "op": "remove-0"}).get_data(as_text=True)
    assert 'value="Ann"' not in removed and 'value="Bob"' in removed
    with client.application.app_context():
        assert store.history(None, None, 1, 10)[0] == []  # nothing was started


def test_same_players_as_last_time_fills_the_last_plays_players_in_seat_order(client, token):
    assert "Same players as last time" not in client.get("/plays/new").get_data(as_text=True)
    new_play(client, token, players=("Cy", "Ann", "Bob"))
    html = client.get("/plays/new").get_data(as_text=True)
    assert "Same players as last time: Cy, Ann, Bob" in html
    filled = client.post("/plays", data={"csrf_token": token, "op": "last", "players-0": "", "players-1": ""})
    values = re.findall(r'id="players-\d" [^>]*value="([^"]*)"|value="([^"]*)"[^>]*id="players-\d"',
                        filled.get_data(as_text=True))
    assert [a or b for a, b in values] == ["Cy", "Ann", "Bob"]


def test_each_games_options_are_inside_its_own_choice(client):
    """The CSS shows the options block of the picked game only: each game's options sit in its own
    .game-option, next to that game's radio button (the rule matches `> .game-choice input[name=game]`)."""
    html = client.get("/plays/new").get_data(as_text=True)
    blocks = re.findall(r'<div class="game-option">(.*?)</div>\s*(?=<div class="game-option">|<label class="choice disabled"|\s*</fieldset>)',
                        html, re.S)
    assert blocks
    for block in blocks:
        assert block.count('name="game"') == 1 and 'class="choice game-choice"' in block
    css = Path("static/css/app.css").read_text(encoding="utf-8")
    assert ".game-option:has(> .game-choice input[name=game]:checked) > .options { display: block; }" in css
    assert ".game-option:has(input[type=radio]:checked)" not in css


# ------------------------------------------------------------------ what is missing, in words


def test_not_ready_page_lists_what_each_seat_lacks_with_links(client, token):
    play_id = new_play(client, token, players=("Ann", "Bob", "Cy"))
    save(client, token, play_id, 0, {"points": 5})
    save(client, token, play_id, 1, {"points": "lots"})
    mark_done(client, token, play_id, 0)
    response = client.get(f"/plays/{play_id}/result")
    html = response.get_data(as_text=True)
    assert response.status_code == 409
    assert "Done and complete" in html  # Ann
    assert f'<a href="/plays/{play_id}/seats/1#f-points">Points</a>:' in html  # Bob's problem, by name, linked
    assert "<code>" not in html and "players[1]" not in html
    assert f'href="/plays/{play_id}/seats/2"' in html and "Nothing entered yet" in html  # Cy


def test_a_seat_that_scores_but_is_not_done_says_tap_done(client, token):
    play_id = new_play(client, token, players=("Ann",))
    save(client, token, play_id, 0, {"points": 5})
    html = post(client, f"/plays/{play_id}/finish", token).get_data(as_text=True)
    assert "has not tapped Done" in html and f'href="/plays/{play_id}/seats/0"' in html


def test_a_message_about_the_options_links_to_the_edit_page(app, client, token):
    play_id = new_play(client, token, players=("Ann",), bonus="3")
    with app.app_context():
        get_db().execute("UPDATE plays SET options = ? WHERE id = ?", ['{"bonus": 99}', play_id])
    html = client.get(f"/plays/{play_id}").get_data(as_text=True)
    assert "Bonus points for everyone:" in html and f'href="/plays/{play_id}/edit"' in html
    assert "options.bonus" not in html


def test_status_block_names_problems_by_field_name(client, token):
    play_id = new_play(client, token, players=("Ann",))
    html = client.post(f"/plays/{play_id}/seats/0", data={"csrf_token": token, "state_json": '{"points": "x"}'},
                       headers={"HX-Request": "true"}).get_data(as_text=True)
    assert "<strong>Points</strong>" in html and "<code>" not in html


# ------------------------------------------------------------------ the result in words


def test_the_new_play_forms_options_are_in_words(client):
    """Every game's options on the New play form: no file names, no option keys, no code paths
    (the Gretchen's Garden readings were "(READINGS.md)" and "plants_closer_plus_1")."""
    html = client.get("/plays/new").get_data(as_text=True)
    main = html[html.index("<main"):]
    shown = [re.sub(r"<[^>]+>", "", t).strip()
             for t in re.findall(r"<(?:label|option|legend|summary)[^>]*>(.*?)</(?:label|option|legend|summary)>", main, re.S)]
    assert any("Calico Hearts" in t for t in shown)
    assert "BGA&#39;s count: the plants closer on the same side, plus 1" in shown
    for text in shown:
        assert not re.search(r"READINGS|\.md\b|[a-z]_[a-z]|options\.", text), text


def test_result_page_has_no_developer_words(client, token):
    play_id = finished_play(client, token)
    html = client.get(f"/plays/{play_id}/result").get_data(as_text=True)
    for words in ("Scored by", "stub-1", "More from the rules engine", "READINGS.md", "engine"):
        assert words not in html


def test_verdant_solo_result_gives_the_rating_not_a_win(app, client, token):
    example = Path("docs/api/verdant.md").read_text(encoding="utf-8")
    game1 = json.loads(re.search(r"Input \(`/tmp/verdant_game1.json`\):\n\n```json\n(.*?)```", example, re.S).group(1))
    ALICE = {k: v for k, v in game1["players"][0].items() if k != "name"}
    with app.app_context():
        alice = store.find_or_create_player("Alice", "t")
        play_id = store.create_play("verdant", "2026-11-28T20:30", {}, [alice], "t")
        table.save_seat(play_id, 0, ALICE, "t", done=True)
    html = client.get(f"/plays/{play_id}/result").get_data(as_text=True)
    assert "Alice wins" not in html
    assert re.search(r'<p class="winner">Alice: [A-Z][^<]+</p>', html)
    assert "rated on the rulebook's solo chart" in html


def test_explanations_are_popovers_with_their_heading_and_close_button(client, token):
    play_id = finished_play(client, token, points=[1, 2])
    html = client.get(f"/plays/{play_id}/result").get_data(as_text=True)
    popover = re.search(r'<div popover id="x-0-points" class="explain"[^>]*>(.*?)</div>', html, re.S).group(1)
    assert '<p class="explain-head"' in popover and "1 point<" in popover
    assert '<p class="explain-foot"><button type="button" class="button" popovertarget="x-0-points" popovertargetaction="hide">Close</button>' in popover
    css = Path("static/css/app.css").read_text(encoding="utf-8")
    assert "max-height: calc(100dvh - 24px); overflow-y: auto;" in css and "text-align: left;" in css
