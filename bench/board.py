"""The board of a play (``/plays/N/board``, issue 27.1): its first load on a fresh screen, as sent.

Two states of the same 5-player Verdant table (the benchmarks' large one): before the end (the
join screen: the QR code inline, each seat's progress) and the reveal (the whole pad, the winner,
the share picture of the last step).  A first load is the HTML, every stylesheet and script it
links and, for the reveal, the share picture the page holds (``share.png``, light: what a browser
in light mode fetches; the picture is in the page from the start so that without JavaScript it
shows), each as sent with the browser's ``Accept-Encoding``; headers not counted."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

from bench import pages, server, tables

GAME = pages.GAME


def _with_picture(base: str, path: str, load: dict) -> dict:
    """``load`` (pages.first_load) plus the pictures the page's ``<img src>`` fetch at once."""
    phone = server.Session(base)
    status, html, headers = phone.get(path, pages.BROWSER)
    plain = pages._decoded(html, headers).decode()
    for src in re.findall(r'<img[^>]* src="([^"]+)"', plain):
        status, body, headers = phone.get(src.replace("&amp;", "&"), pages.BROWSER)
        part = pages.sizes(body, headers) if status == 200 else {"raw": 0, "gzip": 0, "sent": 0, "missing": status}
        load["parts"][src] = part
        for key in ("raw", "gzip", "sent"):
            load[key] += part[key]
    return load


def run() -> dict:
    with tempfile.TemporaryDirectory(prefix="scorepad-bench-board-") as tmp:
        instance = Path(tmp)
        app = server.app_for(instance)
        big = tables.large(GAME)
        waiting = server.seed_play(app, GAME, big, "2026-11-29T20:00", finish=False)
        with app.app_context():  # one seat not done yet: the join screen
            from web.table import service

            service.save_seat(waiting, 4, {k: v for k, v in big["players"][4].items() if k != "name"}, "bench",
                              done=False)
        finished = server.seed_play(app, GAME, big, "2026-11-29T21:00")
        with server.running(instance) as base:
            loads = {
                "waiting": pages.first_load(base, f"/plays/{waiting}/board"),
                "reveal": _with_picture(base, f"/plays/{finished}/board",
                                        pages.first_load(base, f"/plays/{finished}/board")),
            }
    return {"first_load": loads, "players": len(big["players"]), "accept_encoding": pages.BROWSER["Accept-Encoding"]}
