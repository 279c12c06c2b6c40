"""The plays API (docs/api.md): start a play, read it, change a seat at contract paths (merged
over other phones' changes), finish it; every answer of the contract, and bad input refused
with the path named and nothing stored."""

from __future__ import annotations

import pytest

JSON = {"Content-Type": "application/json"}


def start(client, game="planted", players=("Ann", "Bob"), **more):
    response = client.post("/api/plays", json={"game": game, "players": list(players), **more})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def patch(client, play_id, position, body):
    return client.patch(f"/api/plays/{play_id}/seats/{position}", json=body)


def test_starting_a_play_answers_its_id_address_and_seats(client):
    body = start(client, played_at="2026-11-28T20:30")
    assert set(body) == {"id", "url", "seats"}
    assert body["url"].endswith(f"/plays/{body['id']}")
    assert [(s["position"], s["player"], s["version"]) for s in body["seats"]] == [(0, "Ann", 1), (1, "Bob", 1)]
    play = client.get(f"/api/plays/{body['id']}").get_json()
    # typed without a zone: the group's (UTC under test, tests/conftest.py), stored and answered in UTC
    assert play["played_at"] == "2026-11-28T20:30:00Z" and play["status"] == "in_progress"


@pytest.mark.parametrize(
    ("body", "path", "words"),
    [
        ({"game": "chess", "players": ["Ann"]}, "game", "must be one of verdant"),
        ({"game": "planted", "players": []}, "players", "list of the players"),
        ({"game": "planted", "players": ["Ann", "ann"]}, "players[1]", "listed twice"),
        ({"game": "planted", "players": ["A", "B", "C", "D", "E", "F"]}, "players", "takes 2 to 5"),
        ({"game": "planted", "players": ["Ann", "x" * 61]}, "players[1]", "at most 60"),
        ({"game": "planted", "players": ["Ann", "Bob"], "played_at": "yesterday"}, "played_at", "date and time"),
        ({"game": "vadoran-gardens", "players": ["Ann"], "options": {"dificulty": "expert"}}, "options.dificulty",
         'did you mean "difficulty"'),
    ],
)
def test_a_play_that_cannot_start_is_422_with_the_field_named(client, body, path, words):
    response = client.post("/api/plays", json=body)
    assert response.status_code == 422
    errors = response.get_json()["errors"]
    assert any(e["path"] == path and words in e["message"] for e in errors), errors
    assert client.get("/api/plays/1").status_code == 404  # nothing was stored


def test_a_body_that_is_not_json_is_415(client):
    response = client.post("/api/plays", data='{"game": "planted"}', headers={"Content-Type": "text/plain"})
    assert response.status_code == 415
    assert "application/json" in response.get_json()["errors"][0]["message"]


def test_the_play_reads_as_the_contract_says_and_has_no_result_until_every_seat_is_done(client):
    play_id = start(client)["id"]
    play = client.get(f"/api/plays/{play_id}").get_json()
    assert set(play) >= {"id", "game", "status", "options", "version", "seats", "result"}
    assert set(play["seats"][0]) == {"position", "player", "state", "version", "done", "complete", "total", "errors"}
    assert play["result"] is None and not play["seats"][0]["complete"]
    assert play["seats"][0]["errors"]  # a blank Planted seat has no Beginner plant yet


def _fill(client, play_id, position, plant, growth, done=True):
    seat = client.get(f"/api/plays/{play_id}").get_json()["seats"][position]
    body = {"base_version": seat["version"], "set": {"plants[0].name": plant, "plants[0].growth": growth}}
    if done:
        body["done"] = True
    response = patch(client, play_id, position, body)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_patch_sets_values_at_contract_paths_and_done_makes_the_seat_complete(client):
    play_id = start(client)["id"]
    answer = _fill(client, play_id, 0, "ZZ Plant", 2, done=False)
    assert set(answer) >= {"version", "state", "merged"}
    assert answer["state"]["plants"][0] == {"name": "ZZ Plant", "growth": 2}
    assert answer["merged"] is False
    play = client.get(f"/api/plays/{play_id}").get_json()
    assert play["seats"][0]["complete"] is False and play["seats"][0]["total"] is not None
    answer = patch(client, play_id, 0, {"base_version": answer["version"], "set": {}, "done": True}).get_json()
    assert answer["done"] is True
    _fill(client, play_id, 1, "Snake Plant", 1)
    play = client.get(f"/api/plays/{play_id}").get_json()
    assert all(s["complete"] for s in play["seats"])
    assert play["result"]["players"][0]["name"] == "Ann"  # the scoring contract's result


def test_a_top_level_key_sets_its_whole_value(client):
    play_id = start(client)["id"]
    plants = [{"name": "ZZ Plant", "growth": 3}] + [{"name": "", "growth": 0}] * 5
    answer = patch(client, play_id, 0, {"base_version": 1, "set": {"plants": plants, "propagation": 4}}).get_json()
    assert answer["state"]["plants"] == plants and answer["state"]["propagation"] == 4


def test_a_stale_change_of_another_path_is_merged_and_both_stay(client):
    play_id = start(client)["id"]
    first = patch(client, play_id, 0, {"base_version": 1, "set": {"propagation": 5}}).get_json()
    second = patch(client, play_id, 0, {"base_version": 1, "set": {"decorations.plant_stand": 1}})
    assert second.status_code == 200
    body = second.get_json()
    assert body["merged"] is True and body["version"] > first["version"]
    assert body["state"]["propagation"] == 5 and body["state"]["decorations"]["plant_stand"] == 1


def test_a_stale_change_of_the_same_path_to_another_value_is_a_409_naming_both_values(client):
    play_id = start(client)["id"]
    patch(client, play_id, 0, {"base_version": 1, "set": {"propagation": 5}})
    response = patch(client, play_id, 0, {"base_version": 1, "set": {"propagation": 7, "decorations.workbench": 1}})
    assert response.status_code == 409
    body = response.get_json()
    assert body["conflicts"] == [{"path": "propagation", "yours": 7, "theirs": 5}]
    assert isinstance(body["version"], int)
    state = client.get(f"/api/plays/{play_id}").get_json()["seats"][0]["state"]
    assert state["propagation"] == 5 and state["decorations"]["workbench"] == 0  # nothing of it stored
    # the same value as the other phone's is no conflict
    same = patch(client, play_id, 0, {"base_version": 1, "set": {"propagation": 5}})
    assert same.status_code == 200


def test_a_base_version_from_the_future_or_another_seat_is_a_409(client):
    play_id = start(client)["id"]
    other = patch(client, play_id, 1, {"base_version": 1, "set": {"propagation": 2}}).get_json()["version"]
    assert patch(client, play_id, 0, {"base_version": 99, "set": {"propagation": 1}}).status_code == 409
    response = patch(client, play_id, 0, {"base_version": other, "set": {"propagation": 1}})
    assert response.status_code == 409
    assert "not a version of this seat" in response.get_json()["error"]


@pytest.mark.parametrize(
    ("change", "path", "words"),
    [
        ({"propogation": 5}, "set.propogation", "not a place"),
        ({"plants[9].growth": 1}, "set.plants[9].growth", "not a place"),
        ({"plants[0].grwoth": 1}, "set.plants[0].grwoth", "not a place"),
        ({"propagation": "lots"}, "set.propagation", "whole number"),
        ({"plants": {"name": "x"}}, "set.plants", "must be a list"),
        ({"plants[0]": {"name": "ZZ Plant", "grwoth": 3}}, "set.plants[0].grwoth", 'did you mean "growth"'),
        ({"home[0]]": 1}, "set.home[0]]", "is not a path"),
        ({"name": "Eve"}, "set.name", "not a place"),
    ],
)
def test_a_patch_with_an_unknown_path_or_a_wrong_type_is_422_and_stores_nothing(client, change, path, words):
    play_id = start(client)["id"]
    response = patch(client, play_id, 0, {"base_version": 1, "set": change})
    assert response.status_code == 422
    errors = response.get_json()["errors"]
    assert any(e["path"] == path and words in e["message"] for e in errors), errors
    assert client.get(f"/api/plays/{play_id}").get_json()["seats"][0]["version"] == 1


def test_a_patch_needs_its_base_version(client):
    play_id = start(client)["id"]
    response = patch(client, play_id, 0, {"set": {"propagation": 1}})
    assert response.status_code == 422 and response.get_json()["errors"][0]["path"] == "base_version"


def test_a_change_sent_twice_with_its_change_id_is_applied_once(client):
    play_id = start(client)["id"]
    body = {"base_version": 1, "set": {"propagation": 3}, "change_id": "phone-1-change-7"}
    first = patch(client, play_id, 0, body).get_json()
    again = patch(client, play_id, 0, body)
    assert again.status_code == 200 and again.get_json()["version"] == first["version"]
    log = client.get(f"/plays/{play_id}/log").get_data(as_text=True)
    assert log.count("seat saved (API)") == 1


def test_finish_is_409_while_a_seat_is_not_complete_then_200_with_the_result(client):
    play_id = start(client)["id"]
    _fill(client, play_id, 0, "ZZ Plant", 2)
    response = client.post(f"/api/plays/{play_id}/finish")
    assert response.status_code == 409
    assert [s["player"] for s in response.get_json()["seats"]] == ["Bob"]
    _fill(client, play_id, 1, "Snake Plant", 1)
    response = client.post(f"/api/plays/{play_id}/finish")
    assert response.status_code == 200
    body = response.get_json()
    assert body["status"] == "finished" and body["result"]["winners"]


def test_a_finished_play_refuses_every_change_with_finished(client):
    play_id = start(client)["id"]
    _fill(client, play_id, 0, "ZZ Plant", 2)
    _fill(client, play_id, 1, "Snake Plant", 1)
    client.post(f"/api/plays/{play_id}/finish")
    version = client.get(f"/api/plays/{play_id}").get_json()["seats"][0]["version"]
    response = patch(client, play_id, 0, {"base_version": version, "set": {"propagation": 9}})
    assert response.status_code == 409 and response.get_json() == {"error": "finished"}


def test_unknown_plays_and_seats_are_404(client):
    assert client.get("/api/plays/42").status_code == 404
    play_id = start(client)["id"]
    assert patch(client, play_id, 5, {"base_version": 1, "set": {}}).status_code == 404


def test_the_api_sends_no_cross_origin_permission(client):
    response = client.get("/api/plays/1", headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in response.headers
    preflight = client.options("/api/plays", headers={"Origin": "https://evil.example",
                                                       "Access-Control-Request-Method": "POST"})
    assert "Access-Control-Allow-Origin" not in preflight.headers


@pytest.mark.parametrize(
    ("game", "players", "change"),
    [
        ("verdant", ["Ann", "Bob"], {"home[0][0]": {"kind": "plant", "name": "Jasmine", "pot": "concrete"}}),
        ("planted", ["Ann", "Bob"], {"plants[0].growth": 2}),
        ("verdant-arizona", ["Ann", "Bob"], {"grid[1][2].number": 10, "grid[1][2].color": "white"}),
        ("vadoran-gardens", ["Ann", "Bob"], {"lost_items.pendant": 1}),
        ("gretchens-garden", ["Ann", "Bob"], {"money_plant_leaves": 4, "watering_can": 2}),
    ],
)
def test_the_documented_paths_of_each_game_are_accepted(client, game, players, change):
    play_id = start(client, game=game, players=players)["id"]
    response = patch(client, play_id, 0, {"base_version": 1, "set": change})
    assert response.status_code == 200, response.get_json()
    state = response.get_json()["state"]
    from scoring import paths

    for path, value in change.items():
        assert paths.get(state, paths.parse(path)) == value


@pytest.mark.parametrize(("players", "options", "path", "words"), [
    (["Ann"], {"campaign": "standard"}, "options.campaign", "a solo game earns no standard achievements"),
    (["Ann", "Bob"], {"campaign": "standard", "variant": "family"}, "options.variant",
     "the family variant earns no achievements"),
])
def test_a_verdant_standard_campaign_is_refused_for_solo_and_family_plays(client, players, options, path, words):
    # issue 24.8: as the New play form refuses the "standard game" achievement mode there
    response = client.post("/api/plays", json={"game": "verdant", "players": players, "options": options})
    assert response.status_code == 422
    errors = response.get_json()["errors"]
    assert any(e["path"] == path and words in e["message"] for e in errors), errors
    assert client.get("/api/plays/1").status_code == 404  # nothing stored


def test_a_verdant_standard_campaign_of_two_players_starts(client):
    response = client.post("/api/plays", json={"game": "verdant", "players": ["Ann", "Bob"],
                                               "options": {"campaign": "standard"}})
    assert response.status_code == 201, response.get_json()
