"""Parts 2 and 3: pages under load against the trivial route, and page weight, on ``serve.py``
(waitress) with a temporary database seeded through ``web.data.store``."""

from __future__ import annotations

import gzip
import json
import tempfile
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlencode

import scoring
from bench import load, server, tables

GAME = "verdant"  # the heaviest engine: its 5-player table is the result page and autosave load
SAVE_PLAYS = 8  # in-progress plays of GAME the autosave load writes to (5 seats each)
#: what a phone's browser says it takes (Chrome on Android); the page weight is what is sent back
BROWSER = {"Accept-Encoding": "gzip, deflate, br, zstd"}


class EntryForm(HTMLParser):
    """The fields of ``<form id="entry">`` as a browser would post them, and the page's CSS / JS."""

    def __init__(self):
        super().__init__()
        self.fields: list[tuple[str, str]] = []
        self.assets: list[str] = []
        self._in_form = 0
        self._textarea: str | None = None
        self._text = ""
        self._select: str | None = None
        self._selected: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "link" and "stylesheet" in (a.get("rel") or "").split() and a.get("href"):
            self.assets.append(a["href"])
        if tag == "script" and a.get("src"):
            self.assets.append(a["src"])
        if tag == "form" and a.get("id") == "entry":
            self._in_form = 1
        if not self._in_form or not a.get("name") or "disabled" in a:
            return
        if tag == "input":
            kind = (a.get("type") or "text").lower()
            if kind in ("submit", "button", "image", "reset", "file"):
                return
            if kind in ("checkbox", "radio") and "checked" not in a:
                return
            self.fields.append((a["name"], a.get("value") or ("on" if kind in ("checkbox", "radio") else "")))
        elif tag == "textarea":
            self._textarea, self._text = a["name"], ""
        elif tag == "select":
            self._select, self._selected = a["name"], None
        elif tag == "option" and self._select and ("selected" in a or self._selected is None):
            self._selected = a.get("value", "")

    def handle_data(self, data):
        if self._textarea is not None:
            self._text += data

    def handle_endtag(self, tag):
        if tag == "textarea" and self._textarea is not None:
            self.fields.append((self._textarea, self._text.lstrip("\n")))
            self._textarea = None
        elif tag == "select" and self._select:
            self.fields.append((self._select, self._selected or ""))
            self._select = None
        elif tag == "form" and self._in_form:
            self._in_form = 0


def parse(html: bytes) -> EntryForm:
    form = EntryForm()
    form.feed(html.decode("utf-8", "replace"))
    return form


def seed(instance: Path) -> dict:
    """The plays the benchmarks need, made the way the app makes them."""
    app = server.app_for(instance)
    made: dict = {"entry": {}}
    big = tables.large(GAME)
    made["result"] = server.seed_play(app, GAME, big, "2026-11-28T20:00")
    made["autosave"] = server.seed_play(app, GAME, big, "2026-11-28T21:00", finish=False)
    # the plays whose seats the autosave load writes to: 8 x 5 seats (see autosave_target)
    made["autosave_plays"] = [made["autosave"]] + [
        server.seed_play(app, GAME, big, f"2026-11-28T21:{n:02d}", finish=False) for n in range(1, SAVE_PLAYS)]
    for n in range(10):  # 50 finished plays for the history page (two pages of 25)
        for name in tables.GAMES:
            if scoring.get(name).ready:
                server.seed_play(app, name, tables.reference(name), f"2026-10-{1 + n:02d}T20:{n:02d}")
    for name in tables.GAMES:  # one play in progress per game: its entry page is the first load
        if scoring.get(name).ready:
            made["entry"][name] = server.seed_play(app, name, tables.reference(name), "2026-11-29T20:00", finish=False)
    return made


def first_load(base: str, path: str) -> dict:
    """A phone opening an entry page for the first time: the HTML, its stylesheets and scripts, as
    sent (compressed as the phone's ``Accept-Encoding`` allows; headers not counted)."""
    phone = server.Session(base)
    status, html, headers = phone.get(path, BROWSER)
    if status != 200:  # a game's entry screen being built may fail for a while: reported, not hidden
        return {"path": path, "status": status, "parts": {}, "raw": None, "gzip": None, "sent": None}
    parts = {"html": sizes(html, headers)}
    for asset in parse(_decoded(html, headers)).assets:
        status, body, headers = phone.get(asset, BROWSER)
        parts[asset] = sizes(body, headers) if status == 200 else {"raw": 0, "gzip": 0, "sent": 0, "missing": status}
    return {
        "path": path,
        "status": status,
        "parts": parts,
        "raw": sum(p["raw"] for p in parts.values()),
        "gzip": sum(p["gzip"] for p in parts.values()),
        "sent": sum(p["sent"] for p in parts.values()),
    }


def _coding(headers: dict) -> str | None:
    return {k.lower(): v for k, v in headers.items()}.get("content-encoding")


def _decoded(body: bytes, headers: dict) -> bytes:
    return server.decode(body, _coding(headers))


def sizes(body: bytes, headers: dict | None = None) -> dict:
    """A body's size as sent (``sent``, with its coding), decoded (``raw``) and as ``gzip -6``."""
    plain = _decoded(body, headers or {})
    return {"raw": len(plain), "gzip": len(gzip.compress(plain, 6, mtime=0)), "sent": len(body),
            "coding": _coding(headers or {})}


def _seat_bodies(phone: server.Session, path: str) -> tuple[str, str]:
    """Two autosave bodies of a seat's own entry form (its fields as the page shows them) that
    differ in the Green Thumb count: sending them in turn changes the seat every time."""
    status, html, headers = phone.get(path)
    if status != 200:
        raise LookupError(f"{path} answers {status}")
    fields = [(k, v) for k, v in parse(_decoded(html, headers)).fields if k != "version"]
    if not any(k == "green_thumbs" for k, _ in fields):
        raise LookupError(f"{path}: no green_thumbs field to change")
    return tuple(urlencode([(k, str(n) if k == "green_thumbs" else v) for k, v in fields]) for n in (1, 2))  # type: ignore[return-value]


def autosave_target(base: str, plays: list[int], clients: int) -> tuple[load.Target, dict]:
    """The autosave POST phones send (htmx, CSRF header, the entry form's own fields), each a real
    change: every load thread cycles through its own seats (twice as many as its connections), each
    visit to a seat sending the other of its two bodies, so a seat is never sent the state it has.
    Also the size of one response as sent to a browser."""
    phone = server.Session(base)
    threads = load.executors(clients)
    per_thread = 2 * -(-clients // threads)
    seats = [(play, position) for play in plays for position in range(5)]
    if len(seats) < threads * per_thread:
        raise ValueError(f"{clients} clients need {threads * per_thread} seats, {len(seats)} seeded")
    groups = []
    for t in range(threads):
        mine = seats[t * per_thread:(t + 1) * per_thread]
        bodies = {seat: _seat_bodies(phone, f"/plays/{seat[0]}/seats/{seat[1]}") for seat in mine}
        # round k visits seat k % n with body (k // n) % 2: A to every seat, then B to every seat, ...
        groups.append([(f"/plays/{play}/seats/{pos}", bodies[(play, pos)][k]) for k in (0, 1) for play, pos in mine])
    headers = {
        "Content-Type": "application/x-www-form-urlencoded",
        "Cookie": phone.cookie_header(),
        "X-CSRFToken": phone.token,
        "HX-Request": "true",
    }
    path, body = groups[0][0]
    status, answer, answer_headers = phone.post(path, dict(_pairs(body)), {**BROWSER, "HX-Request": "true", "X-CSRFToken": phone.token})
    assert status == 200, (path, status, answer[:500])
    return (load.Target("POST", [path], [body], headers, groups=groups),
            {"path": path, "status": status, **sizes(answer, answer_headers)})


def _pairs(body: str) -> list[tuple[str, str]]:
    from urllib.parse import parse_qsl

    return parse_qsl(body, keep_blank_values=True)


def seat_versions(instance: Path, plays: list[int]) -> int:
    """How many seat versions ``plays`` have: each real change of a seat writes one (and its
    edit-log line); an unchanged save writes none."""
    import sqlite3

    conn = sqlite3.connect(f"file:{instance / 'scorepad.db'}?mode=ro", uri=True)
    try:
        marks = ",".join("?" * len(plays))
        return int(conn.execute(f"SELECT COUNT(*) FROM seat_versions WHERE seat_id IN "
                                f"(SELECT id FROM seats WHERE play_id IN ({marks}))", plays).fetchone()[0])
    finally:
        conn.close()


def measure_saves(base: str, instance: Path, plays: list[int], clients: int, seconds: float) -> dict:
    """The autosave load at ``clients`` connections, with how many of its requests changed a seat."""
    target, _ = autosave_target(base, plays, clients)
    before = seat_versions(instance, plays)
    row = load.measure(base, target, clients, seconds)
    row["real_changes"] = seat_versions(instance, plays) - before
    return row


def _live_target(base: str, play_id: int) -> load.Target:
    """A phone's live poll of a play that does not change: answered 304 from its ETag."""
    phone = server.Session(base)
    status, _, headers = phone.get(f"/plays/{play_id}/live")
    etag = {k.lower(): v for k, v in headers.items()}.get("etag", "")
    return load.Target("GET", [f"/plays/{play_id}/live"], headers={"If-None-Match": etag, "Cookie": phone.cookie_header()})


class Saver:
    """Another table saving in the background (issue 23.4): one phone sending a real change to a
    seat of ``play_id`` ``per_second`` times a second (its two bodies in turn), while the pages of
    other plays are measured.  ``with Saver(...) as s:`` ... ``s.saves`` (answered 200)."""

    def __init__(self, base: str, play_id: int, per_second: float = 5.0):
        import threading

        self.phone = server.Session(base)
        self.path = f"/plays/{play_id}/seats/4"
        self.bodies = _seat_bodies(self.phone, self.path)
        self.interval = 1 / per_second
        self.saves = self.refused = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        import time

        headers = {**BROWSER, "HX-Request": "true", "X-CSRFToken": self.phone.token}
        k = 0
        while not self._stop.is_set():
            started = time.perf_counter()
            status, _, _ = self.phone.post(self.path, _pairs(self.bodies[k % 2]), headers)
            k += 1
            if status == 200:
                self.saves += 1
            else:
                self.refused += 1
            self._stop.wait(max(0.0, self.interval - (time.perf_counter() - started)))

    def __enter__(self) -> Saver:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(timeout=15)


def share_render(instance: Path, play_id: int, rounds: int = 15) -> dict:
    """``share.png`` drawn from scratch (no picture cache): the 5-player Verdant pad, light and dark,
    in this process; median and worst of ``rounds`` drawings (fonts loaded once, as in a server)."""
    import statistics
    import time

    from web.data import store
    from web.story import share, shareimage

    app = server.app_for(instance)
    with app.app_context():
        play = store.get_play(play_id)
        pad = share.pad_for(play, play.evaluate().result, share.play_row(play_id))
    sizes = {}
    times, cpu = [], []
    for theme in ("light", "dark"):
        sizes[theme] = len(shareimage.render(pad, theme))  # the fonts' first load is not counted
    for i in range(rounds):
        started, started_cpu = time.perf_counter(), time.process_time()
        shareimage.render(pad, "dark" if i % 2 else "light")
        times.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - started_cpu) * 1000)
    # CPU time is the drawing's own cost; wall time adds whatever else the machine is doing.
    return {"median_ms": statistics.median(times), "max_ms": max(times), "cpu_median_ms": statistics.median(cpu),
            "cpu_max_ms": max(cpu), "bytes": sizes, "players": len(pad.players), "rows": len(pad.rows)}


def run(seconds: float = 2.0, clients: tuple[int, ...] = (1, 20)) -> dict:
    with tempfile.TemporaryDirectory(prefix="scorepad-bench-") as tmp:
        instance = Path(tmp)
        made = seed(instance)
        plays = made["autosave_plays"]
        # The load client is one address standing for up to 40 phones (20 saving, 20 polling):
        # serve.py's per-address cap (32, against one visitor holding every connection) would
        # refuse some of them with 503, which no table of phones, each with its own address, sees.
        with server.running(instance, env={"SCOREPAD_CLIENT_CONNECTIONS": "64"}) as base:
            probe = server.Session(base)
            trivial_path = "/healthz" if probe.get("/healthz")[0] == 200 else "/static/icons/icon.svg"
            save_target, save_size = autosave_target(base, plays, 1)
            save_size.update(game=GAME, notes=[])
            api_body = json.dumps(tables.large(GAME))
            targets = {
                "trivial": load.Target("GET", [trivial_path]),
                "result page": load.Target("GET", [f"/plays/{made['result']}/result"]),
                "history page": load.Target("GET", ["/plays"]),
                "score API POST": load.Target(
                    "POST", [f"/api/score/{GAME}"], [api_body], {"Content-Type": "application/json"}
                ),
                "share.png": load.Target("GET", [f"/plays/{made['result']}/share.png"]),
            }
            for name, target in targets.items():  # each answers 2xx before it is loaded
                if target.method == "GET":
                    status = probe.get(target.paths[0])[0]
                    assert status == 200, (name, status)
            weight = {
                "entry_first_load": {g: first_load(base, f"/plays/{p}/seats/0") for g, p in made["entry"].items()},
                "autosave_response": save_size,
                "accept_encoding": BROWSER["Accept-Encoding"],
            }
            under_load: dict = {}
            live_polls: dict = {}
            probe_live = probe.get(f"/plays/{made['result']}/live")[0]
            assert probe_live == 200, ("live", probe_live)
            targets["live poll (nothing changed: 304)"] = _live_target(base, made["result"])
            for n in clients:
                rows = {}
                rows["trivial"] = load.measure(base, targets["trivial"], n, seconds)
                for name, target in targets.items():
                    if name != "trivial":
                        rows[name] = load.measure(base, target, n, seconds)
                rows["autosave POST"] = measure_saves(base, instance, plays, n, seconds)
                if n >= 20:
                    # the same saves while 20 more phones keep their pages live (a poll each 1.5 s)
                    live_path = f"/plays/{plays[0]}/live?seat=1"
                    with load.Pollers(base, live_path, 20, 1.5, {"Cookie": save_target.headers["Cookie"]}) as pollers:
                        rows["autosave POST, 20 phones live"] = measure_saves(base, instance, plays, n, seconds)
                        rows["trivial, 20 phones live"] = load.measure(base, targets["trivial"], n, seconds)
                    live_polls = pollers.stats()
                    # the result page of a finished play while another table saves 5 times a second:
                    # its cache keys on its own play (m014), so those saves leave it cached
                    with Saver(base, plays[-1]) as saver:
                        row = load.measure(base, targets["result page"], n, seconds)
                    row["other_table_saves"], row["other_table_refused"] = saver.saves, saver.refused
                    rows["result page, another table saving 5/s"] = row
                again = load.measure(base, targets["trivial"], n, seconds)
                if again["p50_ms"] < rows["trivial"]["p50_ms"]:  # the better baseline: ratios err high
                    rows["trivial"] = again
                _ratios(rows)
                under_load[str(n)] = rows
        # Every view rendered (the page cache off): what a first view after a change costs, at 1
        # client and at 20.
        uncached: dict = {}
        with server.running(instance, env={"SCOREPAD_PAGE_CACHE": "0", "SCOREPAD_CLIENT_CONNECTIONS": "64"}) as base:
            for n in clients:
                rows = {
                    "trivial": load.measure(base, load.Target("GET", [trivial_path]), n, seconds),
                    "result page": load.measure(base, load.Target("GET", [f"/plays/{made['result']}/result"]), n, seconds),
                    "history page": load.measure(base, load.Target("GET", ["/plays"]), n, seconds),
                }
                again = load.measure(base, load.Target("GET", [trivial_path]), n, seconds)
                if again["p50_ms"] < rows["trivial"]["p50_ms"]:
                    rows["trivial"] = again
                _ratios(rows)
                uncached[str(n)] = rows
        drawn = share_render(instance, made["result"])
    return {
        "live_polls": live_polls,
        "game": GAME,
        "uncached": uncached,
        "share_render": drawn,
        "trivial_route": trivial_path,
        "load_tool": load.tool(),
        "seconds_each": seconds,
        "server": "serve.py (waitress, SCOREPAD_THREADS default 32) on 127.0.0.1",
        "under_load": under_load,
        "weight": weight,
    }


def _ratios(rows: dict) -> None:
    base_row = rows["trivial"]
    for row in rows.values():
        row["rps_ratio"] = row["rps"] / base_row["rps"]
        row["p50_ratio"] = row["p50_ms"] / base_row["p50_ms"]
        row["p99_ratio"] = row["p99_ms"] / base_row["p99_ms"]
