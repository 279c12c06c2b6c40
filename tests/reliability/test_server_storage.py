"""Failing storage against the real server (serve.py in its own process): a disk that fills up
while people save, and a database on a disk that is read-only at start-up.  Both need to mount a
small disk (root); the same answers are also tested without mounting in tests/web/test_hardening.py
(SQLite's page limit stands in for the full disk)."""

from __future__ import annotations

import json

import pytest

from tests.reliability.client import Phone
from tests.reliability.harness import TunedServer, fill, read_only_view, small_disk
from web.data.db import migrate


def test_a_full_disk_refuses_saves_clearly_and_keeps_serving_reads(tmp_path):
    with small_disk(8) as disk:
        if disk is None:
            pytest.skip("cannot mount a small disk here (needs root)")
        server = TunedServer(tmp_path / "instance", database=str(disk / "scorepad.db")).start()
        try:
            phone = Phone(server.base)
            phone.login()
            play_id = phone.new_play(["Ann", "Bob"])
            assert phone.save(play_id, 0, {"points": 3, "tokens": 1}) == 303
            fill(disk)
            refused = 0
            for n in range(20):  # the WAL may still have room for a save or two
                status, body, headers = phone.request(
                    "POST", f"/plays/{play_id}/seats/0",
                    {"csrf_token": phone.token, "state_json": json.dumps({"points": n, "tokens": 2, "pad": "x" * 150})})
                if status == 503:
                    refused += 1
                    assert "The server cannot save: its disk is full." in body
                    assert "Send again" in body  # what was typed comes back with the answer
                    assert headers.get("Retry-After")
                else:
                    assert status == 303
            assert refused >= 15
            status, body, _ = phone.request("GET", f"/plays/{play_id}")
            assert status == 200 and "Ann" in body  # reads keep working
            for url in ("/plays", "/players", "/players/1", "/"):
                assert phone.request("GET", url)[0] == 200, url
            api = phone.request("POST", "/players", {"csrf_token": phone.token, "name": "Cy"})
            assert api[0] == 503
            log = server.log()
            assert "The server cannot save: its disk is full." in log  # what the operator sees
            assert log.count("its disk is full") <= 2  # once a minute, not once a request
            (disk / "filler").unlink()
            assert phone.save(play_id, 0, {"points": 9, "tokens": 3}) == 303  # space again: saves again
        finally:
            server.stop()


def test_a_read_only_database_is_served_for_reading_and_start_up_says_so(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    database = folder / "scorepad.db"
    seed = TunedServer(tmp_path / "seed", database=str(database)).start()
    phone = Phone(seed.base)
    phone.login()
    play_id = phone.new_play(["Ann", "Bob"])
    assert phone.save(play_id, 0, {"points": 4, "tokens": 1}) == 303
    seed.stop()
    migrate(str(database))  # checkpointed and closed
    with read_only_view(folder) as view:
        if view is None:
            pytest.skip("cannot mount a read-only view here (needs root)")
        server = TunedServer(tmp_path / "instance", database=str(view / "scorepad.db")).start()
        try:
            assert "WARNING: the database" in server.log() and "is read-only" in server.log()
            phone = Phone(server.base)
            phone.login()
            status, body, _ = phone.request("GET", f"/plays/{play_id}/seats/0")
            assert status == 200
            for url in (f"/plays/{play_id}", "/plays", "/players", "/players/1", "/"):
                assert phone.request("GET", url)[0] == 200, url
            status, body, _ = phone.request("POST", f"/plays/{play_id}/seats/0",
                                            {"csrf_token": phone.token, "state_json": '{"points": 5}'})
            assert status == 503 and "The server cannot save: its database is read-only." in body
            status, body, headers = phone.request("POST", "/api/score/stub", None)
            assert status in (415, 422)  # scoring without saving still works
            assert "cannot save" in phone.request("GET", "/settings")[1]
        finally:
            server.stop()


def test_a_server_started_on_a_full_disk_serves_reads_and_says_so(tmp_path):
    with small_disk(8) as disk:
        if disk is None:
            pytest.skip("cannot mount a small disk here (needs root)")
        database = str(disk / "scorepad.db")
        seed = TunedServer(tmp_path / "seed", database=database).start()
        phone = Phone(seed.base)
        phone.login()
        play_id = phone.new_play(["Ann", "Bob"])
        seed.stop()  # a clean stop: SQLite folds the WAL in and removes it
        fill(disk)
        server = TunedServer(tmp_path / "instance", database=database).start()
        try:
            assert "WARNING: the disk holding" in server.log() and "is full" in server.log()
            phone = Phone(server.base)
            phone.login()
            assert phone.request("GET", f"/plays/{play_id}")[0] == 200
            answers = [phone.request("POST", f"/plays/{play_id}/seats/0", {
                "csrf_token": phone.token, "state_json": json.dumps({"points": n, "pad": "x" * 150})}) for n in range(20)]
            refused = [body for status, body, _ in answers if status == 503]
            assert len(refused) >= 15 and all("The server cannot save" in body for body in refused)
            assert {status for status, _, _ in answers} <= {303, 503}  # (free pages inside the file may take one)
            assert phone.request("GET", f"/plays/{play_id}/seats/0")[0] == 200
            (disk / "filler").unlink()
            assert phone.save(play_id, 0, {"points": 6, "tokens": 0}) == 303  # room again: no restart
        finally:
            server.stop()
