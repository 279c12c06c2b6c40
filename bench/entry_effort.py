"""Part 5: entry effort.  Playwright drives Debian's Chromium at 412 x 839 and enters each game's
reference table (the example of ``docs/api/<game>.md``) on its entry screen, counting taps and
keystrokes; the seat must then be complete with the reference total.

Each game's script is one small function ``enter_<game>(phone, page, player) -> cards`` below,
registered in ``SCRIPTS``; update it when the screen changes.  A game with its own screen and no
script is reported "not measured yet"; a game on the generic JSON textarea is measured as such."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import tempfile
from pathlib import Path

import scoring

from bench import server, tables

CHROMIUM = os.environ.get("SCOREPAD_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
PHONE = {"width": 412, "height": 839}


class Phone:
    """Counts what a person does: a tap, or a key pressed (one character typed = one key)."""

    def __init__(self, page):
        self.page = page
        self.taps = 0
        self.keys = 0

    def tap(self, selector: str) -> None:
        self.page.locator(selector).first.click()
        self.taps += 1

    def type(self, text: str) -> None:
        self.page.keyboard.type(text)
        self.keys += len(text)

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.keys += 1


# ------------------------------------------------------------------------- per-game scripts


def enter_generic(phone: Phone, player: dict) -> int:
    """The generic screen: the seat's state typed as JSON into the textarea, then Done."""
    state = {k: v for k, v in player.items() if k != "name"}
    phone.tap("#state_json")
    phone.page.locator("#state_json").fill("")  # the blank state is there already: select all + delete
    phone.press("Control+A")
    phone.press("Delete")
    text = json.dumps(state)
    phone.page.keyboard.insert_text(text)  # counted as typed, without waiting per character
    phone.keys += len(text)
    phone.tap("button[name=next][value=play]")
    return 0


def enter_arizona(phone: Phone, player: dict) -> int:
    """Tap the first number, then per card: its number, the gecko if it has one, its colour chip
    (the chip moves on to the next card; a colour never seen gets "+ colour" and its name)."""
    page = phone.page
    phone.tap(".az-cell .az-num")
    cards = 0
    for r, row in enumerate(player["grid"]):
        for c, card in enumerate(row):
            cards += 1
            phone.type(str(card["number"]))
            cell = page.locator(".az-cell").nth(r * 4 + c)
            if card["gecko"] and not cell.locator(".az-gecko input").is_checked():
                cell.locator(".az-gecko").click()
                phone.taps += 1
            if cell.locator(".az-color").input_value().strip().lower() == card["color"].lower():
                phone.press("Enter")  # known from the learned deck: just move on
                continue
            chip = page.locator(f'.az-chip[data-color="{card["color"]}" i]')
            if chip.count():
                chip.first.click()
                phone.taps += 1
            else:
                phone.tap(".az-chip.az-new")
                phone.type(card["color"])
                phone.press("Enter")
    if player.get("wrens"):
        phone.tap("#wrens")
        phone.press("Control+A")
        phone.type(str(player["wrens"]))
    phone.tap("button[name=next][value=play]")
    return cards


SCRIPTS = {
    "verdant-arizona": enter_arizona,
}

# What one "card or square" is, per game, for the per-card figure of a generic entry.
UNITS = {
    "verdant": lambda p: sum(1 for row in p.get("home", []) for cell in row if cell),
    "planted": lambda p: len([x for x in p.get("plants", []) if x.get("name")]) + sum(p.get("decorations", {}).values())
    + sum(p.get("tools", {}).values()),
    "verdant-arizona": lambda p: sum(len(row) for row in p.get("grid", [])),
    "vadoran-gardens": lambda p: sum(len(row.split()) if isinstance(row, str) else len(row) for row in p.get("garden", []))
    or sum(a.get("squares", 0) for a in p.get("areas", [])),
    "gretchens-garden": lambda p: len(p.get("display", [])),
}


def _screen(game: str) -> str:
    from web.games import adapter, load_modules

    load_modules()
    template = adapter(game).entry_template
    return "generic" if template.startswith("games/_generic/") else template


def run() -> dict:
    if not Path(CHROMIUM).exists():
        return {"available": False, "why": f"Chromium not found at {CHROMIUM}"}
    from playwright.sync_api import sync_playwright

    out: dict = {"available": True, "viewport": PHONE, "games": {}}
    with tempfile.TemporaryDirectory(prefix="scorepad-entry-") as tmp:
        instance = Path(tmp)
        app = server.app_for(instance)
        plays = {}
        for name in tables.LARGE:
            game = scoring.get(name)
            screen = _screen(name)
            if not game.ready:
                out["games"][name] = {"measured": False, "why": "engine not ready"}
            elif screen != "generic" and name not in SCRIPTS:
                out["games"][name] = {"measured": False, "screen": screen, "why": "not measured yet (no script for its screen)"}
            else:
                table = tables.reference(name)
                plays[name] = (table, server.seed_play(app, name, {**table, "players": [
                    {"name": p["name"]} for p in table["players"]]}, "2026-11-29T20:00", finish=False), screen)
        with server.running(instance) as base, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            try:
                for name, (table, play_id, screen) in plays.items():
                    expected = scoring.score(name, table)
                    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
                    page = context.new_page()
                    page.set_default_timeout(10_000)
                    taps = keys = cards = 0
                    problems = []
                    for position, player in enumerate(table["players"]):
                        page.goto(f"{base}/plays/{play_id}/seats/{position}")
                        phone = Phone(page)
                        script = enter_generic if screen == "generic" else SCRIPTS[name]
                        counted = script(phone, player) or UNITS[name](player)
                        page.wait_for_load_state("networkidle")
                        taps, keys, cards = taps + phone.taps, keys + phone.keys, cards + counted
                    context.close()
                    db = sqlite3.connect(instance / "scorepad.db")
                    seats = db.execute("SELECT complete, total FROM seats WHERE play_id = ? ORDER BY position", [play_id]).fetchall()
                    db.close()
                    want = [p.total for p in expected.players]
                    if [s[1] for s in seats] != want or not all(s[0] for s in seats):
                        problems.append(f"after entry the seats are {seats}, expected totals {want}")
                    out["games"][name] = {
                        "measured": True,
                        "screen": "generic JSON textarea" if screen == "generic" else screen,
                        "players": len(table["players"]),
                        "cards": cards,
                        "taps": taps,
                        "keys": keys,
                        "per_card": (taps + keys) / cards if cards else None,
                        "taps_per_card": taps / cards if cards else None,
                        "keys_per_card": keys / cards if cards else None,
                        "problems": problems,
                    }
            finally:
                browser.close()
    return out
