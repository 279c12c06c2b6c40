"""Rescoring never blocks the table (issue 23.2): while stale plays wait to be rescored their pages
say so, Settings shows the progress, `flask --app app rescore` draws a progress bar, and a seat
save elsewhere goes through between two plays of a rescore."""

from __future__ import annotations

import sqlite3
import threading

from app import create_app
from tests.conftest import csrf_token
from tests.web.test_rescore import _finish
from web.table import rescore

NOTE = "Being rechecked by the new rules: the totals may change."


def _stale_app(tmp_path, plays=3, stale=2):
    """An app with ``plays`` finished Stub plays, the first ``stale`` of them marked as scored by
    an engine version that is not the running one ("stub-0"), as after an engine change."""
    config = {"DATABASE": str(tmp_path / "p.db"), "SECRET_KEY": "k", "TESTING": True, "RESCORE_ON_START": False}
    app = create_app(config)
    client = app.test_client()
    token = csrf_token(client)
    ids = [_finish(client, token, points=(10 + i, 5)) for i in range(plays)]
    db = sqlite3.connect(config["DATABASE"])
    with db:
        db.executemany("UPDATE plays SET engine_version = 'stub-0' WHERE id = ?", [[i] for i in ids[:stale]])
    db.close()
    return app, client, token, ids


def test_pages_say_a_stale_play_is_being_rechecked_and_settings_shows_the_progress(tmp_path):
    app, client, _token, ids = _stale_app(tmp_path)
    stale, fresh = ids[0], ids[2]
    assert NOTE in client.get(f"/plays/{stale}").get_data(as_text=True)
    assert NOTE in client.get(f"/plays/{stale}/result").get_data(as_text=True)
    assert NOTE not in client.get(f"/plays/{fresh}").get_data(as_text=True)
    assert NOTE not in client.get(f"/plays/{fresh}/result").get_data(as_text=True)
    # the history: one note per stale row (2 of the 3 plays)
    assert client.get("/plays").get_data(as_text=True).count(NOTE) == 2
    # Settings: nothing rescored yet, 2 plays stale
    assert "Rechecking plays under the new rules: 0 of 2 done." in client.get("/settings").get_data(as_text=True)
    with app.app_context():
        assert rescore.still_to_recheck() == 2
        rescore.rescore(stale)
        assert rescore.still_to_recheck() == 1
    assert NOTE not in client.get(f"/plays/{stale}").get_data(as_text=True)
    # (this process knew of no start-up total: the plays left are the total)
    assert "Rechecking plays under the new rules: 0 of 1 done." in client.get("/settings").get_data(as_text=True)
    app.extensions["scorepad_rescore_progress"].total = 2  # as a start-up rescore of 2 would have set it
    assert "Rechecking plays under the new rules: 1 of 2 done." in client.get("/settings").get_data(as_text=True)
    with app.app_context():
        rescore.rescore(ids[1])
    assert "Rechecking plays" not in client.get("/settings").get_data(as_text=True)
    assert NOTE not in client.get("/plays").get_data(as_text=True)


def test_the_command_line_draws_a_progress_bar_and_prints_the_changed_plays(tmp_path):
    app, _client, _token, ids = _stale_app(tmp_path)
    result = app.test_cli_runner().invoke(args=["rescore"])
    assert result.exit_code == 0, result.output
    assert "Rechecking plays under the new rules" in result.output  # the bar's label
    # the stub engine gives the same totals again: no play changed, no lines
    assert f"play {ids[0]}:" not in result.output
    assert "Rescored 2 plays." in result.output


def test_a_seat_save_in_another_play_goes_through_between_two_rescored_plays(tmp_path):
    app, client, token, ids = _stale_app(tmp_path)
    from tests.conftest import new_play

    other = new_play(client, token, players=("Cy", "Di"), bonus="0")
    first_done, go_on = threading.Event(), threading.Event()
    done: list[int] = []

    def each(play_id, lines):
        done.append(play_id)
        first_done.set()
        assert go_on.wait(timeout=30)

    def run():
        with app.app_context():
            rescore.rescore_stale("test", each)

    thread = threading.Thread(target=run)
    thread.start()
    try:
        assert first_done.wait(timeout=30)
        # the rescore is between its two plays: the write lock is free, the save is not kept waiting
        response = client.post(f"/plays/{other}/seats/0", data={"csrf_token": token, "state_json": '{"points": 7}'})
        assert response.status_code in (200, 303), response.status_code
    finally:
        go_on.set()
        thread.join(timeout=30)
    assert done == ids[:2]
    with app.app_context():
        assert rescore.still_to_recheck() == 0


def test_the_start_up_rescore_keeps_a_progress_record(tmp_path):
    app, _client, _token, ids = _stale_app(tmp_path, plays=3, stale=2)
    restarted = create_app({**app.config, "RESCORE_ON_START": True})
    progress = restarted.extensions["scorepad_rescore_progress"]
    assert progress.total == 2 and progress.started_at  # counted before the thread started
    restarted.extensions["scorepad_rescore"].join(timeout=30)
    assert (progress.done, progress.failed, progress.running, progress.current, progress.stopped) == (
        2, set(), False, None, None)
    page = restarted.test_client().get("/settings").get_data(as_text=True)
    assert "Rechecking plays" not in page
    assert NOTE not in restarted.test_client().get(f"/plays/{ids[0]}").get_data(as_text=True)


def test_a_play_being_rechecked_shows_the_totals_stored_until_its_rescore(tmp_path):
    """While a play waits for its rescore its result page, its picture and the history show the same
    totals: the stored ones (the rules that scored it), with the note; the rescore then stores and
    shows the running engine's.  Hand-worked: the stub scores points + bonus, so (10, 5) is 10 to 5;
    the stored pad says 99 to 5 (as if the old rules had counted 89 more for the first seat)."""
    import json

    app, client, _token, ids = _stale_app(tmp_path, plays=1, stale=1)
    (play_id,) = ids
    db = sqlite3.connect(app.config["DATABASE"])
    with db:
        (breakdown,) = db.execute("SELECT breakdown FROM seats WHERE play_id = ? AND position = 0", [play_id]).fetchone()
        categories = json.loads(breakdown)
        categories[0]["points"] += 89
        db.execute("UPDATE seats SET total = 99, breakdown = ? WHERE play_id = ? AND position = 0",
                   [json.dumps(categories), play_id])
    db.close()
    page = client.get(f"/plays/{play_id}/result").get_data(as_text=True)
    assert NOTE in page and ">99<" in page and ">10<" not in page
    history = client.get("/plays").get_data(as_text=True)
    assert "Ann 99" in history  # the history row: the same stored total
    with app.app_context():
        rescore.rescore(play_id)
    page = client.get(f"/plays/{play_id}/result").get_data(as_text=True)
    assert NOTE not in page and ">10<" in page and ">99<" not in page


def test_a_rescore_that_moves_no_total_leaves_the_later_plays_records_alone(tmp_path):
    """A rescore that stores the same totals changes nothing the records are made of: neither this
    play's records nor the later plays' are rewritten (their cache revisions do not move), so a
    rescore at 100,000 plays does not recompute 50 later plays' records per play (docs/performance.md)."""
    app, _client, _token, ids = _stale_app(tmp_path, plays=3, stale=1)

    def state():
        with sqlite3.connect(app.config["DATABASE"]) as db:
            scopes = dict(db.execute("SELECT scope, n FROM cache_revisions WHERE scope LIKE 'play:%'").fetchall())
            held = db.execute("SELECT * FROM play_records ORDER BY play_id, n").fetchall()
        return {i: scopes.get(f"play:{i}") for i in ids}, held

    scopes, held = state()
    with app.app_context():
        assert rescore.rescore(ids[0]) == []  # the same totals under the running engine
    after, held_after = state()
    assert held_after == held
    assert after[ids[1]] == scopes[ids[1]] and after[ids[2]] == scopes[ids[2]]  # later plays untouched
    assert after[ids[0]] != scopes[ids[0]]  # (the play itself: its engine version was written)
