"""The reliability figures for docs/reliability.md:

    .venv/bin/python -m tests.reliability.load [--writers 20] [--saves 50] [--kills 5]

Starts the production server (waitress) in its own process on 127.0.0.1 with a fresh database,
lets ``writers`` phones save their own seats ``saves`` times each at once, then streams saves into
one seat while killing the server with SIGKILL ``kills`` times.  Checks that every acknowledged save
is stored and logged and that the database passes PRAGMA integrity_check after each kill.
"""

from __future__ import annotations

import argparse
import http.client
import json
import sqlite3
import tempfile
import threading
import time
from pathlib import Path

from tests.reliability.client import Phone, Server


def concurrent(server: Server, writers: int, saves: int) -> dict:
    host = Phone(server.base)
    host.login()
    plays = [host.new_play([f"P{i}" for i in range(4)]) for _ in range((writers + 3) // 4)]
    acked: list[tuple[int, int, dict]] = []
    errors: list[int] = []
    lock = threading.Lock()

    def loop(w: int) -> None:
        phone = Phone(server.base)
        phone.login()
        for n in range(saves):
            state = {"points": n, "tokens": w}
            status = phone.save(plays[w // 4], w % 4, state)
            with lock:
                (acked.append((plays[w // 4], w % 4, state)) if status == 303 else errors.append(status))

    started = time.perf_counter()
    threads = [threading.Thread(target=loop, args=(w,)) for w in range(writers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - started
    db = sqlite3.connect(server.database)
    lost = 0
    for play_id in plays:
        log = [(pos, json.loads(new)) for pos, new in db.execute(
            "SELECT s.position, e.new FROM edit_log e JOIN seats s ON s.id = e.seat_id WHERE e.play_id = ? "
            "AND e.action = 'seat saved' ORDER BY e.id", [play_id])]
        for play, pos, state in acked:
            if play == play_id and (pos, state) not in log:
                lost += 1
    db.close()
    return {"writers": writers, "saves_acknowledged": len(acked), "errors": len(errors), "lost": lost,
            "seconds": round(elapsed, 2), "saves_per_second": round(len(acked) / elapsed, 1)}


def kills(server: Server, count: int) -> dict:
    phone = Phone(server.base)
    phone.login()
    play_id = phone.new_play(["Ann"])
    acked: list[dict] = []
    integrity: list[str] = []
    for round_ in range(count):
        stop = threading.Event()

        def stream(stop: threading.Event = stop, round_: int = round_) -> None:
            n = 0
            while not stop.is_set():
                state = {"points": round_ * 100000 + n}
                try:
                    if phone.save(play_id, 0, state) == 303:
                        acked.append(state)
                except (OSError, http.client.HTTPException):
                    return
                n += 1

        t = threading.Thread(target=stream)
        t.start()
        time.sleep(0.3 + 0.1 * round_)
        server.kill()
        stop.set()
        t.join()
        db = sqlite3.connect(server.database)
        integrity.append(db.execute("PRAGMA integrity_check").fetchone()[0])
        db.close()
        server.start()
        phone.login()
    db = sqlite3.connect(server.database)
    logged = [json.loads(r[0]) for r in db.execute(
        "SELECT new FROM edit_log WHERE play_id = ? AND action = 'seat saved'", [play_id])]
    db.close()
    lost = sum(1 for s in acked if s not in logged)
    return {"hard_kills": count, "saves_acknowledged": len(acked), "lost": lost,
            "integrity_checks_ok": sum(1 for r in integrity if r == "ok")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--writers", type=int, default=20)
    parser.add_argument("--saves", type=int, default=50)
    parser.add_argument("--kills", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp)).start()
        try:
            print(json.dumps({"concurrent": concurrent(server, args.writers, args.saves),
                              "kills": kills(server, args.kills)}, indent=2))
        finally:
            server.stop()


if __name__ == "__main__":
    main()
