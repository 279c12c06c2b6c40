"""The play path through the Flask test client: start a play, fill seats, result, finish,
reopen, edit log."""

from __future__ import annotations

import json
import re

from tests.conftest import finished_play, new_play


def save(client, token, play_id, position, state, htmx=False, **extra):
    headers = {"HX-Request": "true"} if htmx else {}
    data = {"csrf_token": token, "state_json": json.dumps(state), **extra}
    return client.post(f"/plays/{play_id}/seats/{position}", data=data, headers=headers)


def test_starting_a_play_creates_players_in_seat_order(client, token):
    play_id = new_play(client, token, players=("Ann", "Bob", "Cy"))
    html = client.get(f"/plays/{play_id}").get_data(as_text=True)
    assert [m for m in re.findall(r'class="seat-name">([^<]+)<', html)] == ["Ann", "Bob", "Cy"]
    assert "<svg" in html  # the QR code of the play's address
    players = client.get("/players").get_data(as_text=True)
    assert "Ann" in players and "Cy" in players


def test_existing_players_are_reused_case_insensitively(client, token):
    finished_play(client, token, players=("Ann", "Bob"))
    finished_play(client, token, players=("ann", "BOB"))  # (the counts count finished plays: issue 17)
    html = client.get("/players").get_data(as_text=True)
    assert html.count(">Ann<") == 1
    assert "2 plays" in html


def test_new_play_without_players_is_refused_and_keeps_what_was_typed(client, token):
    response = client.post(
        "/plays", data={"csrf_token": token, "game": "stub", "played_at": "2026-11-28T20:30", "notes": "rainy night"}
    )
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "Add at least one player." in html
    assert "rainy night" in html


def test_new_play_refuses_a_player_listed_twice_and_too_many_players(client, token):
    data = {"csrf_token": token, "game": "stub", "played_at": "2026-11-28T20:30", "players-0": "Ann", "players-1": "ann"}
    response = client.post("/plays", data=data)
    assert response.status_code == 422
    assert "listed twice" in response.get_data(as_text=True)
    data = {"csrf_token": token, "game": "stub", "played_at": "2026-11-28T20:30"}
    data.update({f"players-{i}": f"P{i}" for i in range(5)})
    response = client.post("/plays", data=data)
    assert response.status_code == 422
    assert "Stub Game takes 1 to 4 players; you listed 5." in response.get_data(as_text=True)


def test_new_play_with_a_bad_option_names_the_option(client, token):
    data = {"csrf_token": token, "game": "stub", "played_at": "2026-11-28T20:30", "players-0": "Ann", "opt-stub-bonus": "lots"}
    response = client.post("/plays", data=data, headers={"HX-Request": "true"})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "bonus: enter a whole number" in html
    assert "<html" not in html  # htmx gets the form region only
    assert 'value="Ann"' in html


def test_seat_saves_even_when_incomplete_and_reports_what_is_missing(client, token):
    play_id = new_play(client, token)
    response = save(client, token, play_id, 0, {"points": None}, htmx=True)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "<html" not in html and 'id="status"' in html
    assert "1 to fill or fix" in html
    assert "<strong>Points</strong> is missing" in html  # the field by its name, not its path


def test_running_total_appears_for_a_complete_seat_while_others_are_empty(client, token):
    play_id = new_play(client, token, bonus="2")
    html = save(client, token, play_id, 0, {"points": 10}, htmx=True).get_data(as_text=True)
    assert re.search(r'class="total">12<', html)  # 10 entered + bonus 2
    assert "so far" in html


def test_bad_json_is_refused_with_422_and_the_typed_text_stays(client, token):
    play_id = new_play(client, token)
    response = client.post(
        f"/plays/{play_id}/seats/0", data={"csrf_token": token, "state_json": '{"points": 1'}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 422
    assert "is not valid JSON" in response.get_data(as_text=True)


def test_whole_path_to_result_finish_and_reopen(client, token):
    play_id = new_play(client, token, bonus="1")
    assert client.get(f"/plays/{play_id}/result").status_code == 409  # not every seat is complete
    assert save(client, token, play_id, 0, {"points": 10, "tokens": 1}).status_code == 303
    assert client.get(f"/plays/{play_id}/result").status_code == 409  # Ann has not tapped Done
    assert save(client, token, play_id, 0, {"points": 10, "tokens": 1}, next="play").status_code == 303
    assert save(client, token, play_id, 1, {"points": 10, "tokens": 3}, next="play").headers["Location"].endswith(
        f"/plays/{play_id}"
    )
    html = client.get(f"/plays/{play_id}/result").get_data(as_text=True)
    assert "Bob wins" in html
    assert "Tie on 11 points broken by most tokens (3 vs 1)" in html
    assert "10 points as entered" in html  # the explanation behind a number
    assert re.search(r'class="total">11<', html)

    response = client.post(f"/plays/{play_id}/finish", data={"csrf_token": token})
    assert response.status_code == 303
    history = client.get("/plays").get_data(as_text=True)
    assert "finished" in history and "Bob 11" in history

    # A finished play refuses edits until it is reopened.
    assert save(client, token, play_id, 0, {"points": 30}, htmx=True).status_code == 409
    client.post(f"/plays/{play_id}/reopen", data={"csrf_token": token})
    save(client, token, play_id, 0, {"points": 30, "tokens": 1})
    html = client.get(f"/plays/{play_id}/result").get_data(as_text=True)
    assert "Ann wins" in html

    log = client.get(f"/plays/{play_id}/log").get_data(as_text=True)
    for action in ("play created", "seat saved", "play finished", "play reopened"):
        assert action in log
    assert "&#34;points&#34;: 30" in log or '"points": 30' in log


def test_unchanged_save_writes_no_log_entry(app, client, token):
    play_id = new_play(client, token)
    save(client, token, play_id, 0, {"points": 3, "tokens": 0})
    save(client, token, play_id, 0, {"points": 3, "tokens": 0})
    from web.data.db import connect

    db = connect(app.config["DATABASE"])
    assert db.execute("SELECT COUNT(*) FROM edit_log WHERE action = 'seat saved'").fetchone()[0] == 1


def test_editing_options_recomputes_and_is_logged(client, token):
    play_id = new_play(client, token, bonus="0")
    save(client, token, play_id, 0, {"points": 4}, next="play")
    save(client, token, play_id, 1, {"points": 5}, next="play")
    response = client.post(
        f"/plays/{play_id}/edit",
        data={"csrf_token": token, "played_at": "2026-11-27T19:00", "opt-stub-bonus": "5", "notes": "moved"},
    )
    assert response.status_code == 303
    html = client.get(f"/plays/{play_id}/result").get_data(as_text=True)
    assert re.search(r'class="total">10<', html)
    assert "play details changed" in client.get(f"/plays/{play_id}/log").get_data(as_text=True)


def test_unknown_play_and_seat_are_404_in_the_app_style(client):
    for url in ("/plays/999", "/plays/999/seats/0", "/plays/999/result", "/players/999"):
        response = client.get(url)
        assert response.status_code == 404
        assert "Nothing here" in response.get_data(as_text=True)


def test_seat_out_of_range_is_404(client, token):
    play_id = new_play(client, token)
    assert client.get(f"/plays/{play_id}/seats/7").status_code == 404


def test_every_ready_game_has_a_working_edit_page(client, token):
    import scoring

    for game in scoring.games():
        if not game.ready or game.name == "stub":
            continue
        players = ("Ann",) if game.min_players == 1 else ("Ann", "Bob")
        data = {"csrf_token": token, "game": game.name, "played_at": "2026-11-28T20:30"}
        data.update({f"players-{i}": n for i, n in enumerate(players)})
        if game.name == "verdant-arizona":
            data["opt-verdant-arizona-solo"] = "on"
        response = client.post("/plays", data=data)
        assert response.status_code == 303, (game.name, response.get_data(as_text=True)[:300])
        play_url = response.headers["Location"]
        assert client.get(play_url + "/edit").status_code == 200, game.name
        assert client.get(play_url + "/seats/0").status_code == 200, game.name


def test_solo_results_say_who_won_against_the_games_opponent(client, token):
    data = {"csrf_token": token, "game": "vadoran-gardens", "played_at": "2026-11-28T20:30", "players-0": "Purple",
            "opt-vadoran-gardens-mode": "solo", "opt-vadoran-gardens-difficulty": "medium",
            "opt-vadoran-gardens-sister_achievements": "12 9 8"}
    play_url = client.post("/plays", data=data).headers["Location"]
    from web.data.db import connect, dumps

    db = connect(client.application.config["DATABASE"])
    state = {"garden": ["g*5 g* g*", "w w w"], "lost_items": {"animal": 1, "tool": 0, "pendant": 0}, "achievements": []}
    db.execute("UPDATE seats SET done = 1, state = ? WHERE play_id = ?", [dumps(state), int(play_url.rsplit("/", 1)[1])])
    db.conn.close()
    html = client.get(play_url + "/result").get_data(as_text=True)
    # Purple: grass area of 3 squares with 3 tasks = 3, animal returned 5 -> 8; sister (medium, X = 2):
    # 3 water squares outside scoring areas x 2 = 6, achievements 12 + 9 + 8 = 29 -> 35.
    assert "Solo: Purple 8, Your sister 35" in html
    assert "Your sister wins this time." in html
    assert "Achievements: 12 + 9 + 8 = 29" in html
    assert "&#34;opponent_total&#34;" not in html and '"opponent_total"' not in html


def test_verdant_solo_result_shows_the_rating_from_the_chart(client, token):
    import copy

    from tests.unit.test_verdant_review import SOLO
    from web.data.db import connect, dumps

    data = {"csrf_token": token, "game": "verdant", "played_at": "2026-11-28T20:30", "players-0": "Sol"}
    for deck, goal in enumerate(SOLO["options"]["goals"]):
        data[f"opt-verdant-goal-{deck}"] = goal
    play_url = client.post("/plays", data=data).headers["Location"]
    play_id = int(play_url.rsplit("/", 1)[1])
    table = copy.deepcopy(SOLO)
    db = connect(client.application.config["DATABASE"])
    db.execute("UPDATE plays SET options = ? WHERE id = ?", [dumps(table["options"]), play_id])
    state = {k: v for k, v in table["players"][0].items() if k != "name"}
    db.execute("UPDATE seats SET done = 1, state = ? WHERE play_id = ?", [dumps(state), play_id])
    db.conn.close()
    html = client.get(play_url + "/result").get_data(as_text=True)
    # 89 points (worked out in tests/unit/test_verdant_review.py) -> "80+ Very Good!"
    assert '<p class="winner">Sol: Very Good!</p>' in html
    assert "rulebook's solo chart: 89 points (80 or more)" in html
    assert "Sol wins" not in html  # a solo score is rated, not won against nobody


def test_a_phone_says_whose_it_is_and_the_edit_log_names_that_person(client, token):
    play_id = new_play(client, token, players=("Ann", "Bob"))
    page = client.get(f"/plays/{play_id}/seats/0").get_data(as_text=True)
    assert "Whose phone is this?" in page
    response = client.post(f"/plays/{play_id}/seats/0/holder", data={"csrf_token": token, "name": "Ann"})
    assert response.status_code == 303
    assert "This is Ann's phone." in client.get(f"/plays/{play_id}/seats/0").get_data(as_text=True)
    save(client, token, play_id, 0, {"points": 3})
    log = client.get(f"/plays/{play_id}/log").get_data(as_text=True)
    assert "Ann&#39;s phone" in log or "Ann's phone" in log
    client.post(f"/plays/{play_id}/seats/0/holder", data={"csrf_token": token, "name": ""})
    assert "Whose phone is this?" in client.get(f"/plays/{play_id}/seats/0").get_data(as_text=True)
