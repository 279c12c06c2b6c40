"""Records and milestones the moment they fall (issue 27, item 2; docs/stats.md "Records").

The stub game scores ``points`` (+ bonus 0); every play here is played at the same time
(2026-11-28T20:30), so "before" is by play id.  Each expectation is worked by hand in a comment."""

from __future__ import annotations

import re

import pytest

from tests.web.test_story import finished_play, save, text
from web.data import records as data_records
from web.data.db import get_db
from web.story.records import Record, records_for_play
from web.table import service


def kinds(app, play_id):
    with app.app_context():
        return [(r.kind, r.player, r.value) for r in records_for_play(play_id)]


def test_the_first_play_of_a_game_sets_no_record_but_a_first_win(app, client, token):
    # Ann 30 Bob 20: nothing before it to beat (no high, no best, no margin to beat); Ann's first win.
    first = finished_play(client, token, [30, 20])
    assert kinds(app, first) == [("first_win", "Ann", 1)]
    with app.app_context():
        (record,) = records_for_play(first)
    assert isinstance(record, Record) and record.text == "First win in Stub Game: Ann"


def test_a_higher_total_is_a_group_high_and_equalling_it_is_not(app, client, token):
    finished_play(client, token, [30, 20])  # #1: high 30 (Ann), Ann best 30, Bob best 20, margin 10
    # #2 Ann 25 Bob 40: 40 > 30 -> Bob's group high (told instead of his personal best 40 > 20);
    # Bob's first win; margin 15 > 10 -> biggest win.
    second = finished_play(client, token, [25, 40])
    assert kinds(app, second) == [("group_high", "Bob", 40), ("biggest_win", "Bob", 15), ("first_win", "Bob", 1)]
    with app.app_context():
        texts = [r.text for r in records_for_play(second)]
    assert texts[0] == "New group high score: Bob, 40 in Stub Game (was Ann's 30)"
    assert texts[1] == "Biggest win in Stub Game: Bob by 15 points (was Ann's 10)"
    # #3 Ann 40 Bob 10: Ann equals the high of 40 (not a record: equalling is not beating) and beats
    # her own 30 -> personal best; margin 30 > 15 -> biggest win; Ann has won before (#1).
    third = finished_play(client, token, [40, 10])
    assert kinds(app, third) == [("personal_best", "Ann", 40), ("biggest_win", "Ann", 30)]
    # #4 Ann 40 Bob 39: Ann equals her best of 40: nothing.
    assert kinds(app, finished_play(client, token, [40, 39])) == []


def test_a_streak_of_exactly_three_is_told_and_two_is_not(app, client, token):
    finished_play(client, token, [10, 20])  # Bob wins (first win)
    two = [finished_play(client, token, [30, 20]) for _ in range(2)]  # Ann wins twice in a row
    # The second of Ann's wins: 2 in a row, below the streak of 3 -> no streak.  (30 equals her best.)
    assert kinds(app, two[1]) == []
    third = finished_play(client, token, [30, 20])  # 3 in a row
    assert kinds(app, third) == [("streak", "Ann", 3)]
    with app.app_context():
        assert records_for_play(third)[0].text == "Ann has won 3 Stub Game plays in a row"
    assert kinds(app, finished_play(client, token, [30, 20])) == [("streak", "Ann", 4)]
    finished_play(client, token, [10, 20])  # Bob breaks it
    assert kinds(app, finished_play(client, token, [30, 20])) == []  # Ann: 1 in a row again


def test_deleting_the_record_play_removes_its_records_and_the_previous_best_is_back(app, client, token):
    finished_play(client, token, [20, 30])  # #1 Bob 30 wins: high 30 (Bob), margin 10
    record = finished_play(client, token, [50, 20])  # #2 Ann 50: group high (was Bob's 30), margin 30, first win
    assert kinds(app, record) == [("group_high", "Ann", 50), ("biggest_win", "Ann", 30), ("first_win", "Ann", 1)]
    later = finished_play(client, token, [45, 20])  # #3 Ann 45 < 50, margin 25 < 30, 2 wins in a row: nothing
    assert kinds(app, later) == []
    with app.app_context():
        service.delete_play(record, "test")
    # #2 gone: its records go, and #3 is measured against #1 again: 45 > 30 -> group high (was
    # Bob's 30), margin 25 > 10 -> biggest win, and it is Ann's first win now.
    assert kinds(app, record) == []
    assert kinds(app, later) == [("group_high", "Ann", 45), ("biggest_win", "Ann", 25), ("first_win", "Ann", 1)]
    with app.app_context():
        assert get_db().execute("SELECT COUNT(*) FROM play_records WHERE play_id = ?", [record]).fetchone()[0] == 0
        service.restore_play(record, "test")
    assert kinds(app, record)[0] == ("group_high", "Ann", 50)
    assert kinds(app, later) == []  # 50 stands before it again


def test_reopening_removes_the_records_and_a_correction_recomputes_them(app, client, token):
    finished_play(client, token, [30, 20])
    play = finished_play(client, token, [35, 20])  # Ann 35 > 30: group high
    assert kinds(app, play)[0] == ("group_high", "Ann", 35)
    assert client.post(f"/plays/{play}/reopen", data={"csrf_token": token}).status_code == 303
    assert kinds(app, play) == []
    save(client, token, play, 0, {"points": 28, "tokens": 0})  # corrected: 28 < 30, no record
    assert client.post(f"/plays/{play}/finish", data={"csrf_token": token}).status_code == 303
    assert kinds(app, play) == []


def test_the_result_page_and_the_share_image_tell_the_records(app, client, token):
    finished_play(client, token, [30, 20])
    play = finished_play(client, token, [25, 40])
    html = text(client.get(f"/plays/{play}/result"))
    section = re.search(r'<section class="card play-records".*?</section>', html, re.S).group(0)
    assert "New group high score: Bob, 40 in Stub Game (was Ann&#39;s 30)" in section
    assert "First win in Stub Game: Bob" in section
    with app.app_context():
        from web.data import store
        from web.story import share

        found = store.get_play(play)
        pad = share.pad_for(found, found.evaluate().result, share.play_row(play))
    assert pad.records == ("New group high score: Bob, 40 in Stub Game (was Ann's 30)",
                           "Biggest win in Stub Game: Bob by 15 points (was Ann's 10)",
                           "First win in Stub Game: Bob")
    assert client.get(f"/plays/{play}/share.png").status_code == 200


def test_a_play_in_progress_has_no_records(app, client, token):
    from tests.conftest import new_play

    play = new_play(client, token)
    assert kinds(app, play) == []
    assert kinds(app, 999999) == []


@pytest.mark.parametrize("scores", [[[30, 20], [25, 40], [40, 10], [10, 20], [50, 49], [50, 60], [61, 0]]])
def test_the_rebuild_pass_finds_the_same_records_as_the_finishes(app, client, token, scores):
    ids = [finished_play(client, token, s) for s in scores]
    with app.app_context():
        db = get_db()
        before = db.execute("SELECT * FROM play_records ORDER BY play_id, n").fetchall()
        data_records.rebuild(db)
        after = db.execute("SELECT * FROM play_records ORDER BY play_id, n").fetchall()
    assert [tuple(r) for r in before] == [tuple(r) for r in after]
    assert {r["play_id"] for r in before} <= set(ids)


def test_deleting_a_win_inside_a_streak_shortens_the_later_streaks(app, client, token):
    wins = [finished_play(client, token, [30 + n, 20]) for n in range(5)]  # Ann wins 5 in a row
    # Streaks told at the 3rd, 4th and 5th win: 3, 4, 5 (the 5th read from the 4th's stored streak).
    assert [k for k in kinds(app, wins[4]) if k[0] == "streak"] == [("streak", "Ann", 5)]
    with app.app_context():
        service.delete_play(wins[1], "test")
    # Without the 2nd: the 3rd is Ann's 2nd win in a row (no streak), the 4th her 3rd, the 5th her 4th.
    streaks = [[k for k in kinds(app, w) if k[0] == "streak"] for w in (wins[2], wins[3], wins[4])]
    assert streaks == [[], [("streak", "Ann", 3)], [("streak", "Ann", 4)]]
