"""Page caches per play, player and game (issue 23.4, migration m014, web/story/pagecache.py): a page
keys on the scopes it shows, so a write elsewhere leaves it cached (the same ETag, a 304), and every
write that changes what it shows draws it again, whoever writes (triggers, not the app's code)."""

from __future__ import annotations

import json
import sqlite3

import pytest

from tests.conftest import new_play
from tests.web.test_story import finished_play, player_id, save, text


def etag(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.headers["ETag"]


def revisions(app) -> dict[str, int]:
    with sqlite3.connect(app.config["DATABASE"]) as db:
        return dict(db.execute("SELECT scope, n FROM cache_revisions").fetchall())


def moved(before: dict[str, int], after: dict[str, int]) -> set[str]:
    return {scope for scope, n in after.items() if before.get(scope) != n}


def test_a_result_page_stays_cached_while_another_table_saves(app, client, token):
    mine = finished_play(client, token, [30, 20])
    other = new_play(client, token, players=("Cleo", "Dan"))
    url = f"/plays/{mine}/result"
    first = etag(client, url)
    cache = app.extensions["scorepad_pagecache"]
    hits = cache.hits
    for points in (1, 2, 3):  # the other table saves (real changes)
        save(client, token, other, 0, {"points": points})
    assert client.get(url, headers={"If-None-Match": first}).status_code == 304
    assert etag(client, url) == first and cache.hits == hits + 1  # served from the cache, not drawn
    # a change of this play draws it again: its place, a share link, a player's name
    client.post(f"/plays/{mine}/when-where", data={"csrf_token": token, "location": "The shed"})
    second = etag(client, url)
    assert second != first and "The shed" in text(client.get(url))
    client.post(f"/players/{player_id(client, 'Ann')}/rename", data={"csrf_token": token, "name": "Anna"})
    assert etag(client, url) != second and "Anna" in text(client.get(url))


def test_a_later_plays_records_follow_a_correction_of_an_earlier_play(app, client, token):
    """Records compare a play with the ones before it: correcting play 1 rewrites play 2's records
    (web/data/records.py CASCADE), and play 2's cached result follows although nothing of play 2's
    own rows changed."""
    first = finished_play(client, token, [30, 20])
    second = finished_play(client, token, [40, 10])
    url = f"/plays/{second}/result"
    before = text(client.get(url))
    assert "40" in before and "record" in before.lower()
    with sqlite3.connect(app.config["DATABASE"]) as db:
        held = db.execute("SELECT kind FROM play_records WHERE play_id = ? ORDER BY n", [second]).fetchall()
    assert ("group_high",) in held  # 40 beats play 1's 30
    assert client.post(f"/plays/{first}/reopen", data={"csrf_token": token}).status_code == 303
    save(client, token, first, 0, {"points": 50, "tokens": 0})
    assert client.post(f"/plays/{first}/finish", data={"csrf_token": token}).status_code == 303
    with sqlite3.connect(app.config["DATABASE"]) as db:
        held = db.execute("SELECT kind FROM play_records WHERE play_id = ? ORDER BY n", [second]).fetchall()
    assert ("group_high",) not in held  # 40 no longer beats 50
    assert text(client.get(url)) != before


def test_a_player_page_follows_only_that_players_plays(app, client, token):
    finished_play(client, token, [30, 20])  # Ann and Bob
    other = new_play(client, token, players=("Cleo", "Dan"))  # (new names: every page's merge list moves)
    ann, bob = player_id(client, "Ann"), player_id(client, "Bob")
    page = f"/players/{ann}"
    first = etag(client, page)
    # Cleo and Dan's table saves: nothing of it is on Ann's page
    save(client, token, other, 0, {"points": 5})
    save(client, token, other, 1, {"points": 7})
    assert etag(client, page) == first
    # Bob corrects his score in the play he had with Ann: Ann's margin moves, her page is drawn again
    shared = finished_play(client, token, [30, 29])
    second = etag(client, page)
    assert second != first
    assert client.post(f"/plays/{shared}/reopen", data={"csrf_token": token}).status_code == 303
    save(client, token, shared, 1, {"points": 5, "tokens": 0})  # Bob's seat only
    assert client.post(f"/plays/{shared}/finish", data={"csrf_token": token}).status_code == 303
    assert etag(client, page) != second
    assert etag(client, f"/players/{bob}")  # and Bob's


def test_a_game_page_follows_its_finished_plays_not_the_tables_in_progress(app, client, token):
    finished_play(client, token, [30, 20])
    url = "/games/stub"
    first = etag(client, url)
    open_play = new_play(client, token)
    save(client, token, open_play, 0, {"points": 499})
    assert etag(client, url) == first  # a play in progress counts for nothing there
    for position, points in ((0, 12), (1, 10)):
        save(client, token, open_play, position, {"points": points, "tokens": 0})
    assert client.post(f"/plays/{open_play}/finish", data={"csrf_token": token}).status_code == 303
    assert etag(client, url) != first and "2 finished plays" in text(client.get(url))


def test_each_write_moves_the_scopes_it_changes(app, client, token):
    """The triggers of m014, table by table (the pages above rest on them)."""
    play_id = finished_play(client, token, [30, 20])
    open_play = new_play(client, token, players=("Ann", "Cleo"))
    ann, cleo = player_id(client, "Ann"), player_id(client, "Cleo")
    db = sqlite3.connect(app.config["DATABASE"], isolation_level=None)

    def write(sql: str, *params) -> set[str]:
        before = revisions(app)
        db.execute(sql, params)
        return moved(before, revisions(app))

    # a seat of a play in progress: that play and that player only
    assert write("UPDATE seats SET state = '{\"points\": 3}' WHERE play_id = ? AND position = 0", open_play) == {
        f"play:{open_play}", f"player:{ann}"}
    # a bare version bump of a play in progress (every save makes one): the play only
    assert write("UPDATE plays SET version = version + 1 WHERE id = ?", open_play) == {f"play:{open_play}"}
    # a seat of a finished play: its game and everyone at that table
    bob = player_id(client, "Bob")
    assert write("UPDATE seats SET total = 21 WHERE play_id = ? AND position = 1", play_id) == {
        f"play:{play_id}", f"player:{ann}", f"player:{bob}", "game:stub"}
    # a play's time (as a list shows it): its players; in progress, not its game's figures
    assert write("UPDATE plays SET played_at = '2026-11-01T10:00:00Z' WHERE id = ?", open_play) == {
        f"play:{open_play}", f"player:{ann}", f"player:{cleo}"}
    # a finished play's time: its game too
    assert write("UPDATE plays SET played_at = '2026-11-01T10:00:00Z' WHERE id = ?", play_id) == {
        f"play:{play_id}", f"player:{ann}", f"player:{bob}", "game:stub"}
    assert write("UPDATE players SET name = 'Cleo B' WHERE id = ?", cleo) == {"shared"}
    assert write("INSERT INTO settings (key, value) VALUES ('x', 'y')") == {"shared"}
    assert write("INSERT INTO share_links (token, play_id, created_at, created_by) VALUES ('t', ?, 'now', 'me')",
                 play_id) == {f"play:{play_id}"}
    assert write("INSERT INTO arizona_cards (number, color, gecko, learned_at) VALUES (1, 'red', 0, 'now')") == {"deck"}
    assert write("INSERT INTO achievement_events (player_id, shape, action, source, at, who) "
                 "VALUES (?, 'L', 'claimed', 'hand', 'now', 'me')", ann) == {"campaign"}
    # a Verdant play's date moves the campaign (its panel orders the achievements by their plays' dates)
    db.execute("UPDATE plays SET game = 'verdant' WHERE id = ?", [open_play])
    assert "campaign" in write("UPDATE plays SET played_at = '2026-11-02T10:00:00Z' WHERE id = ?", open_play)
    db.close()


def test_a_rebuild_moves_every_scoped_page(app, client, token, runner):
    play_id = finished_play(client, token, [30, 20])
    url = f"/plays/{play_id}/result"
    first = etag(client, url)
    assert runner.invoke(args=["rebuild-stats"]).exit_code == 0
    assert etag(client, url) != first


def test_the_counters_only_grow_and_stay_out_of_an_export(app, client, token):
    finished_play(client, token, [30, 20])
    with sqlite3.connect(app.config["DATABASE"]) as db, pytest.raises(sqlite3.IntegrityError, match="only grow"):
        db.execute("DELETE FROM cache_revisions")
    from web.data.backup import export_data

    assert "cache_revisions" not in json.dumps(list(export_data(app.config["DATABASE"])["tables"]))
