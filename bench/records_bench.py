"""Part 5 (issue 27): the records of a finished play and the year in review at 100 and 100,000 plays.

The databases are seeded as part 4 seeds them (``history_scale.seed``: real template plays, the rest
copies, then every derived table rebuilt, the records' ``stat_seat`` and ``play_records`` included).

- **Records of a finished play**: a Verdant 5-player play is made and finished through the table
  service (the records are computed inside that Finish); then, in this process, the same work again
  on its own, timed: ``web.data.records.refresh_play`` (its ``stat_seat`` rows, its records, the later
  plays of its game: none, it is the newest) inside a write transaction that is rolled back, and
  ``web.story.records.records_for_play`` (what the result page and the shared screen read).  CPU and
  wall time, median of the rounds.
- **``/review/YEAR``**: served by serve.py, one client, p50 against the trivial route measured in the
  same turns; with the page cache (as a second look at the page is served) and without it
  (``SCOREPAD_PAGE_CACHE=0``: the first view after a change).  The year is the seed's newest (2026).
"""

from __future__ import annotations

import statistics
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

from bench import history_scale, load, server, tables

YEAR = 2026


def records_times(instance: Path, rounds: int = 30) -> dict:
    from web.data import records as data_records
    from web.data.db import get_db, write
    from web.story.records import records_for_play

    app = server.app_for(instance)
    play_id = server.seed_play(app, "verdant", tables.large("verdant"), "2026-11-29T19:00")
    wall, cpu, read = [], [], []
    with app.app_context():
        db = get_db()
        found = len(records_for_play(play_id))

        class Rollback(Exception):
            pass

        for _ in range(rounds):
            try:
                with write(db):
                    t0, c0 = time.perf_counter(), time.process_time()
                    data_records.refresh_play(db, play_id)
                    wall.append((time.perf_counter() - t0) * 1000)
                    cpu.append((time.process_time() - c0) * 1000)
                    raise Rollback
            except Rollback:
                pass
            t0 = time.perf_counter()
            records_for_play(play_id)
            read.append((time.perf_counter() - t0) * 1000)
    return {"play_id": play_id, "records": found, "compute_wall_ms": statistics.median(wall),
            "compute_cpu_ms": statistics.median(cpu), "compute_worst_ms": max(wall),
            "read_ms": statistics.median(read), "rounds": rounds}


def review_times(base: str, seconds: float, rounds: int = 3) -> dict:
    best: dict = {}
    for _ in range(rounds):
        for name, path in (("trivial", "/healthz"), ("review", f"/review/{YEAR}")):
            timing = load.measure(base, load.Target("GET", [path]), 1, seconds / rounds)
            if name not in best or (timing["requests"] and timing["p50_ms"] < best[name]["p50_ms"]):
                best[name] = timing
    best["ratio_p50"] = best["review"]["p50_ms"] / best["trivial"]["p50_ms"] if best["trivial"]["p50_ms"] else None
    return best


def run(sizes: tuple[int, ...] = (100, 100_000), seconds: float = 3.0) -> dict:
    from bench.__main__ import (
        machine,  # this part's own machine and load tool (the report's header is the last run's)
    )

    out: dict = {"sizes": {}, "year": YEAR, "machine": machine()}
    with ExitStack() as stack:
        for size in sizes:
            instance = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix=f"scorepad-records-{size}-")))
            seeded = history_scale.seed(instance, size)
            here: dict = {"seeded": {k: seeded.get(k) for k in ("counts", "seed_seconds")}}
            here["records"] = records_times(instance)
            with server.running(instance) as base:
                here["review_cached"] = review_times(base, seconds)
            with server.running(instance, env={"SCOREPAD_PAGE_CACHE": "0"}) as base:
                here["review_rendered"] = review_times(base, seconds)
            out["sizes"][str(size)] = here
    return out
