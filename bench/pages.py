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


def sizes(body: bytes) -> dict:
    return {"raw": len(body), "gzip": len(gzip.compress(body, 6, mtime=0))}


def seed(instance: Path) -> dict:
    """The plays the benchmarks need, made the way the app makes them."""
    app = server.app_for(instance)
    made: dict = {"entry": {}}
    big = tables.large(GAME)
    made["result"] = server.seed_play(app, GAME, big, "2026-11-28T20:00")
    made["autosave"] = server.seed_play(app, GAME, big, "2026-11-28T21:00", finish=False)
    for n in range(10):  # 50 finished plays for the history page (two pages of 25)
        for name in tables.GAMES:
            if scoring.get(name).ready:
                server.seed_play(app, name, tables.reference(name), f"2026-10-{1 + n:02d}T20:{n:02d}")
    for name in tables.GAMES:  # one play in progress per game: its entry page is the first load
        if scoring.get(name).ready:
            made["entry"][name] = server.seed_play(app, name, tables.reference(name), "2026-11-29T20:00", finish=False)
    return made


def first_load(base: str, path: str) -> dict:
    """A phone opening an entry page for the first time: the HTML, its stylesheets and scripts."""
    phone = server.Session(base)
    status, html, _ = phone.get(path)
    if status != 200:  # a game's entry screen being built may fail for a while: reported, not hidden
        return {"path": path, "status": status, "parts": {}, "raw": None, "gzip": None}
    parts = {"html": sizes(html)}
    for asset in parse(html).assets:
        status, body, _ = phone.get(asset)
        parts[asset] = sizes(body) if status == 200 else {"raw": 0, "gzip": 0, "missing": status}
    return {
        "path": path,
        "status": status,
        "parts": parts,
        "raw": sum(p["raw"] for p in parts.values()),
        "gzip": sum(p["gzip"] for p in parts.values()),
    }


def autosave(base: str, play_id: int, position: int = 0) -> tuple[load.Target, dict]:
    """The autosave POST a phone sends (htmx, CSRF header, the entry form's fields), as a load
    target, and the size of one response.  With the generic JSON entry the two alternating bodies
    differ (a real change, logged and rescored); with a game's own form the fields are posted as
    the page shows them (an unchanged save: still parsed, compared, rescored and rendered)."""
    phone = server.Session(base)
    path = f"/plays/{play_id}/seats/{position}"
    status, html, _ = phone.get(path)
    if status != 200:
        raise LookupError(f"{path} answers {status}")
    fields = [(k, v) for k, v in parse(html).fields if k != "version"]
    headers = {
        "Content-Type": "application/x-www-form-urlencoded",
        "Cookie": phone.cookie_header(),
        "X-CSRFToken": phone.token,
        "HX-Request": "true",
    }
    bodies = [urlencode(fields)]
    if any(k == "state_json" for k, _ in fields):
        state = json.loads(dict(fields)["state_json"])
        changed = dict(state, green_thumbs=(state.get("green_thumbs", 0) + 1) % 6)
        bodies.append(urlencode([(k, json.dumps(changed) if k == "state_json" else v) for k, v in fields]))
    status, body, _ = phone.post(path, fields, {"HX-Request": "true", "X-CSRFToken": phone.token})
    assert status == 200, (path, status, body[:500])
    return load.Target("POST", [path], bodies, headers), {"path": path, "status": status, **sizes(body)}


def _live_target(base: str, play_id: int) -> load.Target:
    """A phone's live poll of a play that does not change: answered 304 from its ETag."""
    phone = server.Session(base)
    status, _, headers = phone.get(f"/plays/{play_id}/live")
    etag = {k.lower(): v for k, v in headers.items()}.get("etag", "")
    return load.Target("GET", [f"/plays/{play_id}/live"], headers={"If-None-Match": etag, "Cookie": phone.cookie_header()})


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
        # The load client is one address standing for up to 40 phones (20 saving, 20 polling):
        # serve.py's per-address cap (32, against one visitor holding every connection) would
        # refuse some of them with 503, which no table of phones, each with its own address, sees.
        with server.running(instance, env={"SCOREPAD_CLIENT_CONNECTIONS": "64"}) as base:
            probe = server.Session(base)
            trivial_path = "/healthz" if probe.get("/healthz")[0] == 200 else "/static/icons/icon.svg"
            # The autosave of the Verdant 5-player table; while Verdant's entry screen is being
            # built and fails, the first game whose entry screen works (reported).
            candidates = [(GAME, made["autosave"])] + [(g, p) for g, p in made["entry"].items() if g != GAME]
            autosave_notes = []
            for save_game, save_play in candidates:
                try:
                    save_target, save_size = autosave(base, save_play)
                    break
                except LookupError as exc:
                    autosave_notes.append(f"{save_game}: {exc}")
            else:
                raise RuntimeError("no entry screen works: " + "; ".join(autosave_notes))
            save_size.update(game=save_game, notes=autosave_notes)
            api_body = json.dumps(tables.large(GAME))
            targets = {
                "trivial": load.Target("GET", [trivial_path]),
                "result page": load.Target("GET", [f"/plays/{made['result']}/result"]),
                "history page": load.Target("GET", ["/plays"]),
                "autosave POST": save_target,
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
                if n >= 20:
                    # the same saves while 20 more phones keep their pages live (a poll each 1.5 s)
                    live_path = f"/plays/{save_play}/live?seat=1"
                    with load.Pollers(base, live_path, 20, 1.5, {"Cookie": save_target.headers["Cookie"]}) as pollers:
                        rows["autosave POST, 20 phones live"] = load.measure(base, targets["autosave POST"], n, seconds)
                        rows["trivial, 20 phones live"] = load.measure(base, targets["trivial"], n, seconds)
                    live_polls = pollers.stats()
                again = load.measure(base, targets["trivial"], n, seconds)
                if again["p50_ms"] < rows["trivial"]["p50_ms"]:  # the better baseline: ratios err high
                    rows["trivial"] = again
                base_row = rows["trivial"]
                for row in rows.values():
                    row["rps_ratio"] = row["rps"] / base_row["rps"]
                    row["p50_ratio"] = row["p50_ms"] / base_row["p50_ms"]
                    row["p99_ratio"] = row["p99_ms"] / base_row["p99_ms"]
                under_load[str(n)] = rows
        # Every view rendered (the page cache off): what a first view after a change costs.
        with server.running(instance, env={"SCOREPAD_PAGE_CACHE": "0"}) as base:
            uncached = {
                "trivial": load.measure(base, load.Target("GET", [trivial_path]), 1, seconds),
                "result page": load.measure(base, load.Target("GET", [f"/plays/{made['result']}/result"]), 1, seconds),
                "history page": load.measure(base, load.Target("GET", ["/plays"]), 1, seconds),
            }
        drawn = share_render(instance, made["result"])
    return {
        "live_polls": live_polls,
        "game": GAME,
        "uncached_1_client": uncached,
        "share_render": drawn,
        "trivial_route": trivial_path,
        "load_tool": load.tool(),
        "seconds_each": seconds,
        "server": "serve.py (waitress, SCOREPAD_THREADS default 32) on 127.0.0.1",
        "under_load": under_load,
        "weight": weight,
    }
