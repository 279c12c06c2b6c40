"""Rescoring never blocks the table (issue 23.2), against the real server (serve.py's waitress in its
own process): with stale plays in the database the server answers at once, a seat save at the
table goes through while the start-up rescore runs, a play still waiting shows its stored totals
with the note, and once the rescore is done every play shows the running engine's."""

from __future__ import annotations

import json
import sqlite3
import time

from app import create_app
from tests.conftest import csrf_token, new_play
from tests.reliability.client import Phone
from tests.reliability.harness import TunedServer
from tests.web.test_rescore import _finish

NOTE = "Being rechecked by the new rules: the totals may change."
PLAYS = 40
# serve.py's app with the stub game, pausing 0.2 s between two rescored plays (default 0.002 s), so
# the rescore of PLAYS plays lasts at least 8 s: long enough to look at the table while it runs.
SERVER = (
    "import os, scoring; from tests import stubgame; scoring.register(stubgame.GAME);"
    "from waitress import serve; from app import create_app;"
    "serve(create_app({'RESCORE_PAUSE': 0.2}), host='127.0.0.1', port=int(os.environ['PORT']), threads=8)"
)


def _stale(db_path: str) -> int:
    db = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    try:
        return int(db.execute("SELECT COUNT(*) FROM plays WHERE engine_version = 'stub-0'").fetchone()[0])
    finally:
        db.close()


def _seed(db_path: str) -> tuple[list[int], int]:
    """PLAYS finished plays (10 to 5 each) marked as scored by engine "stub-0", the last one's stored
    pad saying 99 to 5; and one play in progress."""
    app = create_app({"DATABASE": db_path, "SECRET_KEY": "k", "TESTING": True, "RESCORE_ON_START": False})
    client = app.test_client()
    token = csrf_token(client)
    ids = [_finish(client, token) for _ in range(PLAYS)]
    open_play = new_play(client, token, players=("Cleo", "Dan"))
    db = sqlite3.connect(db_path)
    with db:
        db.execute("UPDATE plays SET engine_version = 'stub-0' WHERE status = 'finished'")
        (breakdown,) = db.execute("SELECT breakdown FROM seats WHERE play_id = ? AND position = 0", [ids[-1]]).fetchone()
        categories = json.loads(breakdown)
        categories[0]["points"] += 89
        db.execute("UPDATE seats SET total = 99, breakdown = ? WHERE play_id = ? AND position = 0",
                   [json.dumps(categories), ids[-1]])
    db.close()
    return ids, open_play


def test_the_server_answers_and_saves_while_it_rescores_and_shows_the_stored_totals_meanwhile(tmp_path):
    instance = tmp_path / "instance"
    instance.mkdir()
    ids, open_play = _seed(str(instance / "scorepad.db"))
    server = TunedServer(instance, code=SERVER).start()  # returns once /healthz answers
    try:
        database = server.database
        assert _stale(database) > 0  # the server answers before the rescore is done
        phone = Phone(server.base)
        phone.login()
        status, page, _ = phone.request("GET", f"/plays/{ids[-1]}/result")
        # (rescored in id order, the last play goes last: still stale after the page, so during it)
        assert status == 200 and _stale(database) > 0, "the rescore ended before the page was read"
        assert NOTE in page and ">99<" in page and ">10<" not in page  # the stored pad, with the note
        assert phone.save(open_play, 0, {"points": 7}) == 303  # the table saves meanwhile
        assert _stale(database) > 0
        with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
            saved = db.execute("SELECT state FROM seats WHERE play_id = ? AND position = 0", [open_play]).fetchone()[0]
        assert json.loads(saved)["points"] == 7
        deadline = time.monotonic() + 120
        while _stale(database) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert _stale(database) == 0, "the start-up rescore did not finish in 2 minutes"
        status, page, _ = phone.request("GET", f"/plays/{ids[-1]}/result")
        assert status == 200 and NOTE not in page and ">10<" in page and ">99<" not in page
        status, history, _ = phone.request("GET", "/plays")
        assert NOTE not in history and "Ann 99" not in history
    finally:
        server.stop()
