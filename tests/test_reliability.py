"""Nothing lost: many phones saving at once against a real server, and hard kills in the middle
of a stream of saves.  (Figures and how to repeat them: docs/reliability.md.)"""

from __future__ import annotations

import http.client
import json
import sqlite3
import threading
import time

import pytest

from tests.reliability.client import Phone, Server


@pytest.fixture
def server(tmp_path):
    srv = Server(tmp_path).start()
    yield srv
    srv.stop()


def stored_states(database: str, play_id: int) -> dict[int, dict]:
    db = sqlite3.connect(database)
    try:
        return {pos: json.loads(state) for pos, state in db.execute(
            "SELECT position, state FROM seats WHERE play_id = ? ORDER BY position", [play_id])}
    finally:
        db.close()


def logged_saves(database: str, play_id: int) -> list[tuple[int, dict]]:
    db = sqlite3.connect(database)
    try:
        return [(pos, json.loads(new)) for pos, new in db.execute(
            "SELECT s.position, e.new FROM edit_log e JOIN seats s ON s.id = e.seat_id "
            "WHERE e.play_id = ? AND e.action = 'seat saved' ORDER BY e.id", [play_id])]
    finally:
        db.close()


WRITERS = 12
SAVES_EACH = 15


def test_many_phones_saving_different_seats_at_once_lose_nothing(server):
    host = Phone(server.base)
    host.login()
    plays = [host.new_play([f"P{i}" for i in range(4)]) for _ in range(WRITERS // 4)]
    acknowledged: list[tuple[int, int, dict]] = []
    failures: list[str] = []
    lock = threading.Lock()

    def phone_loop(writer: int) -> None:
        play_id, position = plays[writer // 4], writer % 4
        phone = Phone(server.base)
        phone.login()
        for n in range(SAVES_EACH):
            state = {"points": n, "tokens": writer}
            status = phone.save(play_id, position, state)
            with lock:
                if status == 303:
                    acknowledged.append((play_id, position, state))
                else:
                    failures.append(f"writer {writer} save {n}: HTTP {status}")

    threads = [threading.Thread(target=phone_loop, args=(w,)) for w in range(WRITERS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not failures
    assert len(acknowledged) == WRITERS * SAVES_EACH
    for play_id in plays:
        stored = stored_states(server.database, play_id)
        saves = logged_saves(server.database, play_id)
        for position in range(4):
            mine = [s for (p, pos, s) in acknowledged if p == play_id and pos == position]
            assert stored[position] == mine[-1]  # the last acknowledged save is what is stored
            assert [s for pos, s in saves if pos == position] == mine  # and every one is in the log


def test_hard_kills_in_a_stream_of_saves_lose_no_acknowledged_save(tmp_path):
    server = Server(tmp_path).start()
    phone = Phone(server.base)
    phone.login()
    play_id = phone.new_play(["Ann", "Bob"])
    acknowledged: list[dict] = []
    kills = 3
    try:
        for round_ in range(kills):
            stop = threading.Event()

            def stream(stop: threading.Event = stop, round_: int = round_) -> None:
                n = 0
                while not stop.is_set():
                    state = {"points": round_ * 1000 + n, "tokens": 0}
                    try:
                        status = phone.save(play_id, 0, state)
                    except (OSError, http.client.HTTPException):
                        return  # the server died mid-request: this save was never acknowledged
                    if status == 303:
                        acknowledged.append(state)
                    n += 1

            writer = threading.Thread(target=stream)
            writer.start()
            deadline = time.monotonic() + 30
            while len([s for s in acknowledged if s["points"] >= round_ * 1000]) < 20:
                assert writer.is_alive() and time.monotonic() < deadline, "the stream of saves stopped early"
                writer.join(timeout=0.05)
            server.kill()  # SIGKILL in the middle of the stream
            stop.set()
            writer.join(timeout=30)
            db = sqlite3.connect(server.database)
            assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            db.close()
            server.start()
            phone.login()
            assert stored_states(server.database, play_id)[0] == acknowledged[-1] or (
                stored_states(server.database, play_id)[0]["points"] > acknowledged[-1]["points"]
            )  # the last acknowledged save, or one that landed while its answer was lost
            logged = [s for pos, s in logged_saves(server.database, play_id) if pos == 0]
            assert all(state in logged for state in acknowledged)
    finally:
        server.stop()
    assert len(acknowledged) >= 60
