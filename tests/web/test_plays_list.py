"""GET /api/plays (docs/api.md "List plays"): newest first, filtered by game, player, status and
since, a page at a time by a keyset cursor on (played_at, id); a bad filter is 422 naming it."""

from __future__ import annotations

import pytest


def start(client, game="stub", players=("Ann", "Bob"), played_at="2026-11-28T20:30"):
    response = client.post("/api/plays", json={"game": game, "players": list(players), "played_at": played_at})
    assert response.status_code == 201, response.get_json()
    return response.get_json()["id"]


def finish(client, play_id, points):
    for position, value in enumerate(points):
        version = client.get(f"/api/plays/{play_id}").get_json()["seats"][position]["version"]
        response = client.patch(f"/api/plays/{play_id}/seats/{position}",
                                json={"base_version": version, "set": {"points": value}, "done": True})
        assert response.status_code == 200, response.get_json()
    assert client.post(f"/api/plays/{play_id}/finish").status_code == 200


def listed(client, query=""):
    response = client.get("/api/plays" + query)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_an_empty_instance_lists_no_plays_and_no_next_page(client):
    assert listed(client) == {"plays": [], "next": None, "next_url": None}


def test_plays_are_listed_newest_first_with_their_seats_totals_and_winners(client):
    older = start(client, played_at="2026-11-01T19:00")
    newer = start(client, players=("Cleo", "Ann"), played_at="2026-11-20T21:15")
    finish(client, older, [12, 30])  # Bob 30 beats Ann 12
    body = listed(client)
    assert [p["id"] for p in body["plays"]] == [newer, older]
    first, second = body["plays"]
    assert (first["status"], first["winners"], first["played_at"]) == ("in_progress", [], "2026-11-20T21:15:00Z")
    assert [(s["position"], s["player"], s["total"]) for s in first["seats"]] == [(0, "Cleo", None), (1, "Ann", None)]
    assert second["status"] == "finished" and second["winners"] == ["Bob"]
    assert [(s["player"], s["total"], s["rank"]) for s in second["seats"]] == [("Ann", 12, 2), ("Bob", 30, 1)]
    assert second["url"].endswith(f"/api/plays/{older}")


def test_filters_by_game_player_status_and_since_combine(client):
    a = start(client, players=("Ann", "Bob"), played_at="2026-10-01T20:00")
    b = start(client, players=("Cleo", "Bob"), played_at="2026-11-05T20:00")
    c = start(client, game="planted", players=("Ann", "Cleo"), played_at="2026-11-06T20:00")
    finish(client, b, [5, 6])
    ids = lambda query: [p["id"] for p in listed(client, query)["plays"]]  # noqa: E731
    assert ids("?game=stub") == [b, a]
    assert ids("?player=ann") == [c, a]  # a player's name, in any case
    assert ids("?player=Bob&status=finished") == [b]
    assert ids("?status=in_progress") == [c, a]
    assert ids("?since=2026-11-05") == [c, b]  # a date: from its first minute on
    assert ids("?since=2026-11-05T20:00") == [c, b]  # the smallest miss is out, the exact time in
    assert ids("?since=2026-11-05T20:01") == [c]
    assert ids("?game=stub&player=Cleo&since=2026-11-01") == [b]


def test_a_deleted_play_is_listed_only_when_asked_for(client, token):
    kept, gone = start(client, played_at="2026-11-01T20:00"), start(client, played_at="2026-11-02T20:00")
    assert client.post(f"/plays/{gone}/delete", data={"csrf_token": token}).status_code in (200, 303)
    assert [p["id"] for p in listed(client)["plays"]] == [kept]
    assert [p["id"] for p in listed(client, "?status=deleted")["plays"]] == [gone]


def test_pages_follow_the_cursor_and_plays_at_the_same_time_are_neither_repeated_nor_skipped(client):
    # five plays: three at 20:00 (same played_at: the id breaks the tie), two later
    ids = [start(client, played_at=at) for at in
           ("2026-11-01T20:00", "2026-11-01T20:00", "2026-11-01T20:00", "2026-11-02T20:00", "2026-11-03T20:00")]
    first = listed(client, "?limit=2")
    assert [p["id"] for p in first["plays"]] == [ids[4], ids[3]]
    assert first["next"] and first["next_url"].endswith("cursor=" + first["next"])
    second = listed(client, "?limit=2&cursor=" + first["next"])
    assert [p["id"] for p in second["plays"]] == [ids[2], ids[1]]
    # a play added meanwhile before the cursor does not shift the next page (no OFFSET)
    start(client, played_at="2026-12-01T20:00")
    third = listed(client, "?limit=2&cursor=" + second["next"])
    assert [p["id"] for p in third["plays"]] == [ids[0]] and third["next"] is None


def test_a_page_exactly_full_has_no_next_page(client):
    start(client, played_at="2026-11-01T20:00")
    start(client, played_at="2026-11-02T20:00")
    body = listed(client, "?limit=2")
    assert len(body["plays"]) == 2 and body["next"] is None


def test_the_next_url_keeps_the_filters(client):
    for day in (1, 2, 3):
        start(client, played_at=f"2026-11-0{day}T20:00")
    start(client, game="planted", played_at="2026-11-04T20:00")
    first = listed(client, "?game=stub&limit=1")
    query = first["next_url"].split("/api/plays", 1)[1]
    assert "game=stub" in query and "limit=1" in query
    assert [(p["game"], p["played_at"]) for p in listed(client, query)["plays"]] == [("stub", "2026-11-02T20:00:00Z")]


@pytest.mark.parametrize(
    ("query", "field", "words"),
    [
        ("?game=chess", "game", "must be one of"),
        ("?player=Zed", "player", 'no player named "Zed"'),
        ("?status=lost", "status", "must be one of in_progress, finished, deleted"),
        ("?since=last+week", "since", "date or date and time"),
        ("?limit=0", "limit", "from 1 to 200"),
        ("?limit=201", "limit", "from 1 to 200"),
        ("?limit=ten", "limit", "whole number"),
        ("?cursor=not-a-cursor", "cursor", "not a cursor this list gave"),
        ("?cursor=" + "A" * 300, "cursor", "not a cursor"),
        ("?page=2", "page", "not a filter"),
    ],
)
def test_a_bad_filter_is_422_naming_it(client, query, field, words):
    start(client)
    response = client.get("/api/plays" + query)
    assert response.status_code == 422
    errors = response.get_json()["errors"]
    assert any(e["path"] == field and words in e["message"] for e in errors), errors


def test_the_largest_page_is_accepted(client):
    start(client)
    assert len(listed(client, "?limit=200")["plays"]) == 1


def test_the_cursor_is_read_back_as_it_was_written():
    from web.routes.plays_list import decode_cursor, encode_cursor

    assert decode_cursor(encode_cursor("2026-11-01T20:00+01:00", 42)) == ("2026-11-01T20:00+01:00", 42)
    assert decode_cursor(encode_cursor("x", True)) is None  # a boolean is not an id
