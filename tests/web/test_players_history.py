"""Players (create, rename, merge, list, page) and the history (filters, pages, fragments)."""

from __future__ import annotations

import re

from tests.conftest import finished_play, new_play


def player_id(client, name: str) -> int:
    html = client.get("/players").get_data(as_text=True)
    return int(re.search(rf'href="/players/(\d+)"><strong>{name}</strong>', html).group(1))


def test_create_player_then_refuse_a_duplicate_and_an_empty_name(client, token):
    assert client.post("/players", data={"csrf_token": token, "name": "Ann"}).status_code == 303
    response = client.post("/players", data={"csrf_token": token, "name": "ann"})
    assert response.status_code == 422
    assert "already a player" in response.get_data(as_text=True)
    response = client.post("/players", data={"csrf_token": token, "name": "  "}, headers={"HX-Request": "true"})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "Enter a name." in html and 'aria-invalid="true"' in html and "<html" not in html


def test_player_name_longer_than_60_is_refused_and_kept(client, token):
    long = "x" * 61
    response = client.post("/players", data={"csrf_token": token, "name": long})
    assert response.status_code == 422
    assert "at most 60 characters" in response.get_data(as_text=True)
    assert long in response.get_data(as_text=True)


def test_rename_player(client, token):
    client.post("/players", data={"csrf_token": token, "name": "Ann"})
    pid = player_id(client, "Ann")
    assert client.post(f"/players/{pid}/rename", data={"csrf_token": token, "name": "Anna"}).status_code == 303
    assert "Anna" in client.get(f"/players/{pid}").get_data(as_text=True)


def test_merge_moves_plays_and_redirects_the_duplicate(client, token):
    finished_play(client, token, players=("Ann", "Bob"))  # (the counts count finished plays: issue 17)
    finished_play(client, token, players=("Annie", "Bob"))
    ann, annie = player_id(client, "Ann"), player_id(client, "Annie")
    response = client.post(f"/players/{annie}/merge", data={"csrf_token": token, "keep": str(ann)})
    assert response.status_code == 303
    html = client.get("/players").get_data(as_text=True)
    assert "Annie" not in html
    assert re.search(r"<strong>Ann</strong>\s*<span class=\"muted\">2 plays", html)
    assert client.get(f"/players/{annie}").status_code == 303  # the old page leads to the kept player


def test_merge_into_unknown_player_is_422(client, token):
    client.post("/players", data={"csrf_token": token, "name": "Ann"})
    client.post("/players", data={"csrf_token": token, "name": "Bob"})
    pid = player_id(client, "Ann")
    response = client.post(f"/players/{pid}/merge", data={"csrf_token": token, "keep": "999"})
    assert response.status_code == 422
    assert "Not a valid choice" in response.get_data(as_text=True)


def test_history_is_newest_first_filterable_and_paginated(app, client, token):
    app.config["PAGE_SIZE"] = 2
    for date, names in (("2026-01-01T10:00", ("Ann", "Bob")), ("2026-03-01T10:00", ("Ann",)), ("2026-02-01T10:00", ("Bob",))):
        data = {"csrf_token": token, "game": "stub", "played_at": date}
        data.update({f"players-{i}": n for i, n in enumerate(names)})
        assert client.post("/plays", data=data).status_code == 303
    html = client.get("/plays").get_data(as_text=True)
    assert "Page 1" in html and "Older →" in html and "← Newer" not in html
    dates = re.findall(r"\w{3} (\d\d \w{3} 2026)", html)
    assert dates == ["01 Mar 2026", "01 Feb 2026"]
    html = client.get("/plays?page=2").get_data(as_text=True)
    assert re.findall(r"\w{3} (\d\d \w{3} 2026)", html) == ["01 Jan 2026"]
    assert "← Newer" in html and "Older →" not in html
    assert "No older plays." in client.get("/plays?page=3").get_data(as_text=True)
    bob = player_id(client, "Bob")
    html = client.get(f"/plays?player={bob}").get_data(as_text=True)
    assert re.findall(r"\w{3} (\d\d \w{3} 2026)", html) == ["01 Feb 2026", "01 Jan 2026"]
    fragment = client.get(f"/plays?player={bob}", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert fragment.lstrip().startswith('<section id="results">')
    assert client.get("/plays?page=abc&player=x").status_code == 200
    assert "No plays match." in client.get("/plays?game=planted").get_data(as_text=True)


def test_player_page_lists_their_plays(client, token):
    new_play(client, token, players=("Ann",))
    pid = player_id(client, "Ann")
    html = client.get(f"/players/{pid}").get_data(as_text=True)
    assert "Stub Game" in html


def test_player_page_shows_stats_per_game_over_finished_plays(client, token):
    import json

    for points in (10, 14):
        play_id = new_play(client, token, players=("Ann", "Bob"))
        for position, state in enumerate(({"points": points}, {"points": 12})):
            client.post(f"/plays/{play_id}/seats/{position}", data={"csrf_token": token, "state_json": json.dumps(state), "next": "play"})
        client.post(f"/plays/{play_id}/finish", data={"csrf_token": token})
    new_play(client, token, players=("Ann",))  # in progress: not counted
    html = client.get(f"/players/{player_id(client, 'Ann')}").get_data(as_text=True)
    # Ann: 10 (lost to 12) and 14 (won): 2 plays, 1 win, average 12.0, best 14
    assert re.search(r"Stub Game</th><td>2</td><td>1</td><td>12.0</td><td>14</td>", html)


def test_stats_follow_finish_reopen_option_edits_and_merges(client, token):
    import json

    def play(names, points, bonus="0"):
        play_id = new_play(client, token, players=names, bonus=bonus)
        for position, p in enumerate(points):
            client.post(f"/plays/{play_id}/seats/{position}", data={"csrf_token": token, "state_json": json.dumps({"points": p}), "next": "play"})
        client.post(f"/plays/{play_id}/finish", data={"csrf_token": token})
        return play_id

    def stats(name):
        html = client.get(f"/players/{player_id(client, name)}").get_data(as_text=True)
        match = re.search(r"Stub Game</th><td>(\d+)</td><td>(\d+)</td><td>([\d.]+)</td><td>(\d+)</td>", html)
        return match.groups() if match else None

    first = play(("Ann", "Bob"), (10, 5))
    assert stats("Ann") == ("1", "1", "10.0", "10")
    client.post(f"/plays/{first}/reopen", data={"csrf_token": token})
    assert stats("Ann") is None  # an in-progress play is not counted
    client.post(f"/plays/{first}/finish", data={"csrf_token": token})
    # Editing a finished play's options changes its totals, and the stats with them: 10 + 4 = 14.
    client.post(f"/plays/{first}/edit", data={"csrf_token": token, "played_at": "2026-11-28T20:30", "opt-stub-bonus": "4"})
    assert stats("Ann") == ("1", "1", "14.0", "14")
    play(("Annie", "Bob"), (2, 7))
    ann, annie = player_id(client, "Ann"), player_id(client, "Annie")
    client.post(f"/players/{annie}/merge", data={"csrf_token": token, "keep": str(ann)})
    # Ann now: 14 (won) and 2 (lost): 2 plays, 1 win, average 8.0, best 14
    assert stats("Ann") == ("2", "1", "8.0", "14")
