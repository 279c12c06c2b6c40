"""Part 4: the history page and a player page with 100 plays and with 100,000 plays.

Five plays (one per game, the reference tables) are made through ``web.data.store``; the rest are
copies of their rows (plays and seats, with real state and breakdown JSON) inserted with
``executemany`` in one transaction, 12 players taking turns, newest play first.  Then every SQL
statement the pages run is caught (sqlite3 trace callback), timed alone and explained
(``EXPLAIN QUERY PLAN``), so a slow page names its slow query."""

from __future__ import annotations

import sqlite3
import statistics
import tempfile
import time
from contextlib import ExitStack
from datetime import datetime, timedelta
from pathlib import Path

import scoring
from bench import load, server, tables

GROUP = [f"Player {n + 1:02d}" for n in range(12)]
GAME_PAGE = "verdant"  # /games/GAME: a fifth of the plays are Verdant's


def seed(instance: Path, plays: int) -> dict:
    app = server.app_for(instance)
    templates = [
        server.seed_play(app, name, tables.reference(name), "2020-01-01T20:00")
        for name in tables.GAMES
        if scoring.get(name).ready
    ]
    from web.data import store

    with app.app_context():
        group = [store.find_or_create_player(name, "bench") for name in GROUP]
    started = time.perf_counter()
    conn = sqlite3.connect(instance / "scorepad.db", isolation_level=None)
    conn.row_factory = sqlite3.Row
    marks = ",".join("?" * len(templates))
    play_rows = {r["id"]: dict(r) for r in conn.execute(f"SELECT * FROM plays WHERE id IN ({marks})", templates)}
    seat_rows: dict[int, list[dict]] = {}
    for r in conn.execute(f"SELECT * FROM seats WHERE play_id IN ({marks}) ORDER BY position", templates):
        seat_rows.setdefault(r["play_id"], []).append(dict(r))
    first = conn.execute("SELECT MAX(id) FROM plays").fetchone()[0] + 1
    newest = datetime(2026, 11, 28, 20, 0)
    new_plays, new_seats = [], []
    for i in range(plays - len(templates)):
        template = templates[i % len(templates)]
        play = dict(play_rows[template], id=first + i)
        stamp = (newest - timedelta(minutes=37 * i)).isoformat(timespec="minutes")
        play.update(played_at=stamp, created_at=stamp, updated_at=stamp)
        new_plays.append(play)
        for j, seat in enumerate(seat_rows[template]):
            new_seats.append(dict(seat, id=None, play_id=play["id"], player_id=group[(i + 5 * j) % len(group)]))
    pcols, scols = list(new_plays[0]) if new_plays else [], [c for c in seat_rows[templates[0]][0] if c != "id"]
    conn.execute("BEGIN")
    if new_plays:
        conn.executemany(
            f"INSERT INTO plays ({','.join(pcols)}) VALUES ({','.join('?' * len(pcols))})",
            [[p[c] for c in pcols] for p in new_plays],
        )
        conn.executemany(
            f"INSERT INTO seats ({','.join(scols)}) VALUES ({','.join('?' * len(scols))})",
            [[s[c] for c in scols] for s in new_seats],
        )
    # The copied rows bypass web.data.store, so rebuild the per-player statistics the way migration
    # m004 backfills them (the app keeps them current on every finish, reopen and merge).
    from migrations.migrations import PLAYER_STATS_SQL

    conn.execute("DELETE FROM player_stats")
    conn.execute("INSERT INTO player_stats " + PLAYER_STATS_SQL.format(where=""))
    from web.data import aggregates  # the game and player pages' statistics (docs/stats.md), the same way

    aggregates.rebuild(conn)
    conn.execute("COMMIT")
    counts = {t: conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in ("plays", "seats", "players")}
    top = conn.execute(
        "SELECT player_id, COUNT(*) AS n FROM seats GROUP BY player_id ORDER BY n DESC LIMIT 1"
    ).fetchone()
    conn.close()
    return {
        "counts": counts,
        "player_id": top["player_id"],
        "player_plays": top["n"],
        "seed_seconds": time.perf_counter() - started,
        "db_bytes": (instance / "scorepad.db").stat().st_size,
    }


def queries(instance: Path, paths: list[str]) -> dict:
    """Every statement each page runs, timed alone (median of 5) with its query plan."""
    import web.data.db as wdb

    app = server.app_for(instance)
    caught: list[str] = []
    original = wdb.connect

    def tracing(path: str, **options):  # (read_only=: the read-only serving connection)
        db = original(path, **options)
        db.conn.set_trace_callback(caught.append)
        return db

    out: dict[str, list] = {}
    wdb.connect = tracing
    try:
        client = app.test_client()
        for path in paths:
            caught.clear()
            assert client.get(path).status_code == 200, path
            out[path] = [q for q in caught if q.lstrip().upper().startswith("SELECT")]
    finally:
        wdb.connect = original
    conn = sqlite3.connect(instance / "scorepad.db")
    report: dict[str, list] = {}
    for path, statements in out.items():
        rows = []
        for sql in dict.fromkeys(statements):
            times = []
            for _ in range(5):
                start = time.perf_counter_ns()
                conn.execute(sql).fetchall()
                times.append((time.perf_counter_ns() - start) / 1e6)
            plan = [r[3] for r in conn.execute("EXPLAIN QUERY PLAN " + sql)]
            rows.append({"sql": " ".join(sql.split()), "ms": statistics.median(times), "plan": plan})
        rows.sort(key=lambda r: -r["ms"])
        report[path] = rows
    conn.close()
    return report


def run(sizes: tuple[int, ...] = (100, 100_000), seconds: float = 2.0, rounds: int = 3) -> dict:
    """Both databases are served at once and measured in turns (``rounds`` times, ``seconds / rounds``
    per page each time), keeping each page's best p50: a busy machine slows one size's turn, not a
    whole size, so the ratio measures the history's size rather than the moment."""
    out: dict = {"sizes": {}}
    with ExitStack() as stack:
        servers = {}
        for size in sizes:
            instance = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix=f"scorepad-history-{size}-")))
            seeded = seed(instance, size)
            pages = {
                "history page": "/plays",
                "player page": f"/players/{seeded['player_id']}",
                "history filtered by player": f"/plays?player={seeded['player_id']}",
                "game page": f"/games/{GAME_PAGE}",
            }
            # Every view rendered (no page cache): the scale of the work, not of the cache.
            base = stack.enter_context(server.running(instance, env={"SCOREPAD_PAGE_CACHE": "0"}))
            servers[size] = (instance, seeded, pages, base)
            out["sizes"][str(size)] = {"seeded": seeded, "pages": {}}
        for _ in range(rounds):
            for size, (_instance, _seeded, pages, base) in servers.items():
                best = out["sizes"][str(size)]["pages"]
                for name, path in pages.items():
                    timing = load.measure(base, load.Target("GET", [path]), 1, seconds / rounds)
                    if name not in best or (timing["requests"] and timing["p50_ms"] < best[name]["p50_ms"]):
                        best[name] = timing
        instance, _seeded, pages, _base = servers[max(sizes)]
        out["sizes"][str(max(sizes))]["queries"] = queries(instance, list(pages.values()))
    small, large = out["sizes"][str(min(sizes))], out["sizes"][str(max(sizes))]
    out["ratio_p50"] = {
        name: (large["pages"][name]["p50_ms"] / small["pages"][name]["p50_ms"])
        if large["pages"][name]["requests"] and small["pages"][name]["requests"] else None  # none finished in time
        for name in small["pages"]
    }
    return out
