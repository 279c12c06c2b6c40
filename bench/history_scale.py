"""Part 4: the history page and a player page with 100 plays and with 100,000 plays.

Five plays (one per game, the reference tables) are made through ``web.data.store``; the rest are
copies of their rows (plays and seats, with real state and breakdown JSON) inserted with
``executemany`` in one transaction, 12 players taking turns, newest play first.  Then every SQL
statement the pages run is caught (sqlite3 trace callback), timed alone and explained
(``EXPLAIN QUERY PLAN``), so a slow page names its slow query."""

from __future__ import annotations

import http.client
import sqlite3
import statistics
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from contextlib import ExitStack
from datetime import datetime, timedelta
from pathlib import Path

import scoring
from bench import load, server, tables
from bench.tables import ROOT

GROUP = [f"Player {n + 1:02d}" for n in range(30)]
GAME_PAGE = "verdant"  # /games/GAME: a fifth of the plays are Verdant's
OUT = ROOT / "bench" / "out"  # git-ignored: seeded databases kept between runs
CACHE_FROM = 10_000  # a database of at least this many plays is kept in OUT and reused


def _template_tables() -> list[tuple[str, dict]]:
    """Tables like real plays: each game at each of its player counts from 2 to 5 (within its
    limits), the first players of its large table; only the legal ones are kept."""
    out = []
    for name in tables.GAMES:
        game = scoring.get(name)
        if not game.ready:
            continue
        big = tables.large(name)
        for n in range(max(2, game.min_players), min(5, game.max_players, len(big["players"])) + 1):
            table = {**big, "players": big["players"][:n]}
            try:
                scoring.score(name, table)
            except scoring.ValidationError:
                continue
            out.append((name, table))
        ref = tables.reference(name)
        if 2 <= len(ref["players"]) <= 5 and len(ref["players"]) not in {len(t["players"]) for g, t in out if g == name}:
            out.append((name, ref))
    return out


def _make_template(app, game: str, table: dict, played_at: str) -> int | None:
    """A play made through ``web.data.store`` and the table service as phones make it: each seat
    entered in two saves (a first part, then the rest: two seat versions and their edit-log lines),
    then finished."""
    from web.data import store
    from web.table import service

    with app.app_context():
        ids = [store.find_or_create_player(f"Template {i}", "bench") for i in range(len(table["players"]))]
        play_id = store.create_play(game, played_at, table.get("options", {}), ids, "bench")
        for position, player in enumerate(table["players"]):
            state = {k: v for k, v in player.items() if k != "name"}
            keys = list(state)
            first = {k: state[k] for k in keys[: max(1, len(keys) // 2)]}
            service.save_seat(play_id, position, {**scoring.get(game).blank_player(), **first}, "phone")
            service.save_seat(play_id, position, {**scoring.get(game).blank_player(), **state}, "phone", done=True)
        try:
            service.set_status(play_id, store.FINISHED, "phone")
        except service.NotReady:  # the engine wants more of this table than its players hold: left out
            service.delete_play(play_id, "bench")
            return None
    return play_id


def _cache_key(plays: int) -> str:
    import hashlib

    digest = hashlib.sha256()
    import inspect

    for fn in (seed, _template_tables, _make_template):  # what makes the database, not the measurements
        digest.update(inspect.getsource(fn).encode())
    digest.update(repr(GROUP).encode())
    for path in (ROOT / "bench" / "tables.py", ROOT / "migrations" / "migrations.py"):
        digest.update(path.read_bytes())
    digest.update(repr(sorted((g.name, g.engine_version) for g in scoring.games())).encode())
    return f"history-{plays}-{digest.hexdigest()[:12]}"


def seed(instance: Path, plays: int) -> dict:
    """``plays`` finished plays like real ones in ``instance/scorepad.db``.  A few dozen template plays
    are made through ``web.data.store`` (every game at 2-5 players, each seat entered in two saves); the
    rest are copies of all their rows (plays, seats, seat versions, play versions, edit log) written
    with ``executemany``, 30 players taking turns, newest first; then the statistics are rebuilt the
    way the migrations backfill them.  From ``CACHE_FROM`` plays the database is kept in
    ``bench/out/`` and copied from there next time."""
    import json
    import shutil

    key = _cache_key(plays)
    cached, facts = OUT / f"{key}.db", OUT / f"{key}.json"
    if plays >= CACHE_FROM and cached.exists() and facts.exists():
        started = time.perf_counter()
        shutil.copyfile(cached, instance / "scorepad.db")
        out = json.loads(facts.read_text())
        out["copied_from_cache_seconds"] = time.perf_counter() - started
        return out
    app = server.app_for(instance)
    specs = _template_tables()
    templates, made = [], []
    for g, t in specs:
        play = _make_template(app, g, t, "2020-01-01T20:00")
        if play is not None:
            templates.append(play)
            made.append(f"{g} x {len(t['players'])}")
    from web.data import store

    with app.app_context():
        group = [store.find_or_create_player(name, "bench") for name in GROUP]
    started = time.perf_counter()
    conn = sqlite3.connect(instance / "scorepad.db", isolation_level=None)
    conn.row_factory = sqlite3.Row
    marks = ",".join("?" * len(templates))

    def rows(sql: str) -> list[dict]:
        return [dict(r) for r in conn.execute(sql, templates)]

    play_rows = {r["id"]: r for r in rows(f"SELECT * FROM plays WHERE id IN ({marks})")}
    seats: dict[int, list[dict]] = {}
    for r in rows(f"SELECT * FROM seats WHERE play_id IN ({marks}) ORDER BY position"):
        seats.setdefault(r["play_id"], []).append(r)
    seat_play = {seat["id"]: pid for pid, found in seats.items() for seat in found}
    versions: dict[int, list[dict]] = {}
    for r in rows(f"SELECT * FROM seat_versions WHERE seat_id IN (SELECT id FROM seats WHERE play_id IN ({marks}))"):
        versions.setdefault(seat_play[r["seat_id"]], []).append(r)
    play_versions: dict[int, list[dict]] = {}
    for r in rows(f"SELECT * FROM play_versions WHERE play_id IN ({marks})"):
        play_versions.setdefault(r["play_id"], []).append(r)
    logs: dict[int, list[dict]] = {}
    for r in rows(f"SELECT * FROM edit_log WHERE play_id IN ({marks}) ORDER BY id"):
        logs.setdefault(r["play_id"], []).append(r)
    next_play = conn.execute("SELECT MAX(id) FROM plays").fetchone()[0] + 1
    next_seat = conn.execute("SELECT MAX(id) FROM seats").fetchone()[0] + 1
    newest = datetime(2026, 11, 28, 20, 0)
    out_rows: dict[str, list[dict]] = {"plays": [], "seats": [], "seat_versions": [], "play_versions": [], "edit_log": []}
    for i in range(plays - len(templates)):
        template = templates[i % len(templates)]
        play_id = next_play + i
        stamp = (newest - timedelta(minutes=37 * i)).strftime("%Y-%m-%dT%H:%M:%SZ")  # (as the store writes a time: UTC)
        out_rows["plays"].append(dict(play_rows[template], id=play_id, played_at=stamp, created_at=stamp,
                                      updated_at=stamp, started_at=stamp, finished_at=stamp))
        new_seat, new_player = {}, {}
        for j, seat in enumerate(seats[template]):
            player = group[(7 * i + j) % len(group)]
            new_seat[seat["id"]], new_player[seat["player_id"]] = next_seat, player
            out_rows["seats"].append(dict(seat, id=next_seat, play_id=play_id, player_id=player, updated_at=stamp))
            next_seat += 1
        for v in versions.get(template, ()):
            out_rows["seat_versions"].append(dict(v, seat_id=new_seat[v["seat_id"]], at=stamp))
        for v in play_versions.get(template, ()):
            out_rows["play_versions"].append(dict(v, play_id=play_id, at=stamp))
        for entry in logs.get(template, ()):
            out_rows["edit_log"].append(dict(entry, id=None, play_id=play_id, at=stamp,
                                             seat_id=new_seat.get(entry["seat_id"]) if entry["seat_id"] else None,
                                             player_id=new_player.get(entry["player_id"]) if entry["player_id"] else None))
    conn.execute("BEGIN")
    for table, new in out_rows.items():
        if not new:
            continue
        columns = [c for c in new[0] if not (table == "edit_log" and c == "id")]
        conn.executemany(f"INSERT INTO {table} ({','.join(columns)}) VALUES ({','.join('?' * len(columns))})",
                         ([r[c] for c in columns] for r in new))
    # The copied rows bypass web.data.store, so rebuild the per-player statistics the way migration
    # m004 backfills them (the app keeps them current on every finish, reopen and merge).
    from migrations.migrations import PLAYER_STATS_SQL

    conn.execute("DELETE FROM player_stats")
    conn.execute("INSERT INTO player_stats " + PLAYER_STATS_SQL.format(where=""))
    from web.data import aggregates  # the game and player pages' statistics (docs/stats.md), the same way

    aggregates.rebuild(conn)
    conn.execute("COMMIT")
    counts = {t: conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]
              for t in ("plays", "seats", "players", "seat_versions", "play_versions", "edit_log")}
    sizes = {str(n): c for n, c in conn.execute(
        "SELECT n, COUNT(*) FROM (SELECT COUNT(*) AS n FROM seats GROUP BY play_id) GROUP BY n")}
    top = conn.execute(
        "SELECT player_id, COUNT(*) AS n FROM seats GROUP BY player_id ORDER BY n DESC LIMIT 1"
    ).fetchone()
    conn.close()
    out = {
        "counts": counts,
        "players_per_play": sizes,
        "templates": made,
        "player_id": top["player_id"],
        "player_plays": top["n"],
        "seed_seconds": time.perf_counter() - started,
        "db_bytes": (instance / "scorepad.db").stat().st_size,
    }
    if plays >= CACHE_FROM:
        OUT.mkdir(parents=True, exist_ok=True)
        for old in OUT.glob(f"history-{plays}-*"):
            old.unlink()
        shutil.copyfile(instance / "scorepad.db", cached)
        facts.write_text(json.dumps(out))
    return out


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


def timed_gets(base: str, path: str, repeat: int) -> dict:
    """``repeat`` GETs of ``path`` one after another (after one not counted): wall time each, the
    median as ``p50_ms`` and the worst as ``p99_ms`` (for a page too slow for a load run's window)."""
    phone = server.Session(base)
    phone.get(path)
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        status, _, _ = phone.get(path)
        times.append((time.perf_counter() - started) * 1000)
        assert status == 200, (path, status)
    return {"p50_ms": statistics.median(times), "p99_ms": max(times), "requests": repeat, "rps": 0.0,
            "non_2xx_3xx": 0, "socket_errors": "", "ms": times, "how": "sequential GETs"}


def finish_times(instance: Path, base: str, repeat: int = 5) -> dict:
    """Tapping Finish on a play of the Verdant 5-player table (every seat entered and done), through
    the server: the wall time of each ``POST /plays/N/finish`` (its answer is a redirect)."""
    app = server.app_for(instance)
    made = [server.seed_play(app, "verdant", tables.large("verdant"), "2026-11-29T19:00", finish=False) for _ in range(repeat)]
    phone = server.Session(base)
    times = []
    for play_id in made:
        status, _, _ = phone.get(f"/plays/{play_id}")
        assert status == 200, status
        started = time.perf_counter()
        request = urllib.request.Request(f"{base}/plays/{play_id}/finish", method="POST",
                                         data=urllib.parse.urlencode({"csrf_token": phone.token}).encode())
        status = _no_redirect(phone, request)
        times.append((time.perf_counter() - started) * 1000)
        assert status == 303, status
    return {"median_ms": statistics.median(times), "max_ms": max(times), "ms": times}


def _no_redirect(phone: server.Session, request) -> int:
    class Stop(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(phone.jar), Stop)
    try:
        with opener.open(request, timeout=120) as response:
            response.read()
            return int(response.status)
    except urllib.error.HTTPError as exc:
        exc.read()
        return int(exc.code)


def export_times(base: str) -> dict:
    """``GET /export.csv`` (every play): time to the first byte of the body and to the last, and
    its size, as a phone with a session reads it."""
    phone = server.Session(base)
    phone.get("/")
    parts = urllib.parse.urlsplit(base)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=600)
    started = time.perf_counter()
    conn.request("GET", "/export.csv", headers={"Cookie": phone.cookie_header()})
    response = conn.getresponse()
    first = response.read(1)
    first_ms = (time.perf_counter() - started) * 1000
    size = len(first)
    while True:
        block = response.read(1 << 16)
        if not block:
            break
        size += len(block)
    total_ms = (time.perf_counter() - started) * 1000
    conn.close()
    return {"status": response.status, "first_byte_ms": first_ms, "total_ms": total_ms, "bytes": size}


def backup_time(instance: Path) -> dict:
    """``flask backup``'s work (SQLite's online backup, the integrity check, fsync) in this process."""
    from web.data import backup

    target = instance / "bench-backup.db"
    started, cpu = time.perf_counter(), time.process_time()
    backup.backup_database(str(instance / "scorepad.db"), str(target))
    out = {"wall_s": time.perf_counter() - started, "cpu_s": time.process_time() - cpu,
           "bytes": target.stat().st_size}
    target.unlink()
    return out


STALE = 1_000


def _stale_count(db: Path) -> int:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return int(conn.execute("SELECT COUNT(*) FROM plays WHERE engine_version = 'bench-stale'").fetchone()[0])
    finally:
        conn.close()


def stale_saves(instance: Path, seconds: float) -> dict:
    """One phone's autosaves (real changes) on the large database: first with nothing to rescore,
    then on a copy where ``STALE`` finished plays carry an old engine version, so the server
    rescores them in the background from its start; the saves' p99 in both, and how many stale
    plays were rescored while the saves were measured."""
    import shutil

    from bench import pages

    app = server.app_for(instance)
    plays = [server.seed_play(app, pages.GAME, tables.large(pages.GAME), "2026-11-29T18:00", finish=False)
             for _ in range(2)]
    with server.running(instance) as base:
        idle = pages.measure_saves(base, instance, plays, 1, seconds)
    stale_dir = instance / "stale"
    stale_dir.mkdir()
    shutil.copyfile(instance / "scorepad.db", stale_dir / "scorepad.db")
    conn = sqlite3.connect(stale_dir / "scorepad.db")
    conn.execute("UPDATE plays SET engine_version = 'bench-stale' WHERE id IN "
                 "(SELECT id FROM plays WHERE status = 'finished' ORDER BY id DESC LIMIT ?)", [STALE])
    conn.commit()
    conn.close()
    try:
        with server.running(stale_dir) as base:
            before = _stale_count(stale_dir / "scorepad.db")
            started = time.perf_counter()
            busy = pages.measure_saves(base, stale_dir, plays, 1, max(10.0, seconds))
            elapsed = time.perf_counter() - started
            after = _stale_count(stale_dir / "scorepad.db")
    finally:
        shutil.rmtree(stale_dir, ignore_errors=True)
    return {"idle": idle, "rescoring": busy, "stale_at_start": STALE, "stale_when_measured": before,
            "rescored_while_measured": before - after, "measured_s": elapsed,
            "p99_ratio": busy["p99_ms"] / idle["p99_ms"] if idle["p99_ms"] else None}


def oldest_page(instance: Path, size: int = 25) -> str:
    """The address of the history's last page (the oldest plays), as its "Older" link names it: the
    page number and the key (played_at, id) of the last play on the page before (issue 23.6)."""
    conn = sqlite3.connect(instance / "scorepad.db")
    try:
        shown = conn.execute("SELECT COUNT(*) FROM plays WHERE status IN ('in_progress', 'finished')").fetchone()[0]
        pages = max(1, -(-shown // size))
        if pages == 1:
            return "/plays"
        played_at, play_id = conn.execute(
            "SELECT played_at, id FROM plays WHERE status IN ('in_progress', 'finished') "
            "ORDER BY played_at DESC, id DESC LIMIT 1 OFFSET ?", [(pages - 1) * size - 1]).fetchone()
    finally:
        conn.close()
    return f"/plays?page={pages}&before={urllib.parse.quote(f'{played_at}~{play_id}')}"


def run(sizes: tuple[int, ...] = (100, 100_000), seconds: float = 2.0, rounds: int = 3) -> dict:
    """Both databases are served at once and measured in turns (``rounds`` times, ``seconds / rounds``
    per page each time), keeping each page's best p50: a busy machine slows one size's turn, not a
    whole size, so the ratio measures the history's size rather than the moment.  Then at each size
    Finish and ``/export.csv``, and at the larger a backup and the saves while plays are rescored;
    each of those that fails is reported with its error, the rest still measured."""
    out: dict = {"sizes": {}}
    with ExitStack() as stack:
        servers = {}
        for size in sizes:
            instance = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix=f"scorepad-history-{size}-")))
            seeded = seed(instance, size)
            pages = {
                "history page": "/plays",
                "oldest history page": oldest_page(instance),
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
        for size, (instance, _seeded, pages, base) in servers.items():
            here = out["sizes"][str(size)]
            # /players may take longer than a turn: timed by whole requests instead
            here["pages"]["players list"] = timed_gets(base, "/players", 5)
            pages["players list"] = "/players"
            here["finish"] = _attempt(lambda: finish_times(instance, base))  # noqa: B023 (called here)
            here["export_csv"] = _attempt(lambda: export_times(base))  # noqa: B023 (called here)
        instance, _seeded, pages, _base = servers[max(sizes)]
        out["sizes"][str(max(sizes))]["queries"] = queries(instance, list(pages.values()))
        big = out["sizes"][str(max(sizes))]
        big["backup"] = _attempt(lambda: backup_time(instance))
        big["stale_saves"] = _attempt(lambda: stale_saves(instance, max(seconds, 2.0)))
    small, large = out["sizes"][str(min(sizes))], out["sizes"][str(max(sizes))]
    out["ratio_p50"] = {
        name: (large["pages"][name]["p50_ms"] / small["pages"][name]["p50_ms"])
        if large["pages"][name]["requests"] and small["pages"][name]["requests"] else None  # none finished in time
        for name in small["pages"]
    }
    if not small["finish"].get("failed") and not large["finish"].get("failed"):
        out["ratio_finish"] = large["finish"]["median_ms"] / small["finish"]["median_ms"]
    return out


def _attempt(step) -> dict:
    """``step()``, or its failure with the error (the other measurements still run)."""
    try:
        result: dict = step()
        return result
    except Exception as exc:
        return {"failed": True, "error": f"{type(exc).__name__}: {exc}"[:1000]}
