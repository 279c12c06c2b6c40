"""Part 5: entry effort.  Playwright drives Debian's Chromium at 412 x 839 and enters each game's
reference table (the example of ``docs/api/<game>.md``) on its entry screen, counting taps and
keystrokes; the seat must then be complete with the reference total.

Each game's script is one small function ``enter_<game>(phone, page, player) -> cards`` below,
registered in ``SCRIPTS``; update it when the screen changes.  A game with its own screen and no
script is reported "not measured yet"; a game on the generic JSON textarea is measured as such."""

from __future__ import annotations

import json
import os
import re
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
    """Counts what a person does: a tap, or a key pressed (one character typed = one key).  ``words``
    counts each run of typing once (a name's first letters, a number, a key like Enter): taps +
    words is the count of interactions where typing a word is one, as docs/entry/*.md count them."""

    def __init__(self, page):
        self.page = page
        self.taps = 0
        self.keys = 0
        self.words = 0
        self.log: list[str] = []  # what was done, one line per tap (for reading a script's figure)

    def tap(self, selector: str) -> None:
        self.page.locator(selector).first.click()
        self.taps += 1
        self.log.append(f"tap {selector}")

    def type(self, text: str) -> None:
        self.page.keyboard.type(text)
        self.keys += len(text)
        self.words += 1

    def press(self, key: str, more_of_a_word: bool = False) -> None:
        self.page.keyboard.press(key)
        self.keys += 1
        self.words += 0 if more_of_a_word else 1


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
    phone.words += 1
    phone.tap("button[name=next][value=play]")
    return 0


def enter_arizona(phone: Phone, player: dict) -> int:
    """Tap the first number, then per card: its number, the gecko if it has one, its colour chip
    (the chip moves on to the next card; the common colours are chips from the first play on; a
    colour no chip offers gets "+ colour" and its name).  A card the deck knows: its number and
    Next.  After the last card the focus is on the wrens (their 0 selected): their number.  Then Done."""
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
    if player.get("wrens"):  # the last card's chip (or Next) moved on to the wrens, their 0 selected
        phone.page.locator("#f-wrens:focus").wait_for()
        phone.type(str(player["wrens"]))
    phone.tap("button[name=next][value=play]:visible")
    return cards


def _settle(page) -> None:
    """Wait until no htmx request is in flight (a save or a search answered)."""
    page.wait_for_function("() => !document.querySelector('.htmx-request')", timeout=20_000)


def _prefix(name: str, options: list[str], shown: int = 3) -> str:
    """The letters a player types into a field with a suggestion list before tapping the name: the
    shortest start of ``name`` that at most ``shown`` names of the list contain (case ignored)."""
    low = name.lower()
    for n in range(1, len(name) + 1):
        if sum(1 for o in options if low[:n] in o.lower()) <= shown:
            return name[:n].lower()
    return name.lower()


def _pick_from_list(phone: Phone, selector: str, name: str) -> None:
    """Tap a text box with a ``<datalist>``, type the first letters (see ``_prefix``), tap the
    suggestion: Playwright cannot tap the native popup, so the pick fills in the full name."""
    page = phone.page
    field = page.locator(selector)
    options = field.evaluate("f => f.list ? [...f.list.options].map(o => o.value) : []")
    phone.tap(selector)
    phone.type(_prefix(name, options))
    field.fill(name)  # the tap on the suggestion
    phone.taps += 1


def _step_to(phone: Phone, field_id: str, plus: str, minus: str, want: int) -> None:
    """Tap a stepper's + or - until the number box ``#field_id`` shows ``want``."""
    page = phone.page
    box = page.locator(f"#{field_id}")
    have = int(box.input_value() or 0)
    while have != want:
        phone.tap(plus if want > have else minus)
        have += 1 if want > have else -1
    page.wait_for_function(f"() => document.getElementById('{field_id}').value === '{want}'")


def enter_verdant(phone: Phone, player: dict) -> int:
    """Tap the first cell; then the editor moves on to the next empty cell by itself.  A plant: type
    letters into the search until its row shows, tap its pot chip ("Not done" + a verdancy chip for
    an incomplete plant).  A room: its type chip, then "No item", or the item's kind and colour.  A
    room card given by name is entered by its type (no lighting goal needs the card itself)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    from scoring.verdant import catalog, catalog_search
    from web.games.verdant import SEARCH_LIMIT

    page = phone.page
    phone.tap("#cell-0-0")
    cards = 0
    for r, row in enumerate(player["home"]):
        for c, cell in enumerate(row):
            cards += 1
            _settle(page)
            page.locator("#editor h2", has_text=f"Row {r + 1}, card {c + 1}").wait_for()
            if cell["kind"] == "plant":
                pot = cell.get("pot") or "none"
                chip = page.locator(f'#vd-results button[value="{cell["name"]}|{pot}"]')
                page.locator("#vd-q").wait_for()
                # as few letters as make the screen's search list the card (the screen's own search)
                letters = next(cell["name"][:n].lower() for n in range(1, len(cell["name"]) + 1)
                               if any(e["name"] == cell["name"] for e in catalog_search(cell["name"][:n], kind="plant", limit=SEARCH_LIMIT)))
                page.locator("#vd-q").focus()  # the editor puts the cursor in the search (no tap)
                for n, letter in enumerate(letters):
                    phone.press(letter, more_of_a_word=n > 0)
                for _ in range(3):  # a key that landed while htmx swapped the editor: type again (not counted)
                    try:
                        chip.first.wait_for(timeout=4_000)
                        break
                    except PlaywrightTimeout:
                        page.locator("#vd-q").fill("")
                        page.locator("#vd-q").press_sequentially(letters, delay=50)
                chip.first.click()
                phone.taps += 1
                if pot == "none":
                    _settle(page)
                    phone.tap(f'#editor button[value="verdancy:{cell.get("verdancy", 0)}"]')
            else:
                rtype = cell.get("type") or catalog.room_by_name(cell["name"])["type"]
                phone.tap(f'#editor button[value="rtype:{rtype}"]')
                _settle(page)
                item = cell.get("item")
                if item is None:
                    phone.tap('#editor button[value="item_kind:"]')
                else:
                    phone.tap(f'#editor button[value="item_kind:{item["kind"]}"]')
                    _settle(page)
                    phone.tap(f'#editor button[value="item_color:{item["color"]}"]')
    _settle(page)
    if player.get("green_thumbs"):
        page.locator("#vd-thumbs label", has_text=str(player["green_thumbs"])).first.click()
        phone.taps += 1
        _settle(page)
    phone.tap("button[name=next][value=play]")
    return cards


def enter_planted(phone: Phone, player: dict) -> int:
    """Per plant: tap its name box, type a few letters, tap the suggestion, tap Growth + per token.
    Then the propagation, decoration and tool steppers (one tap per token or card), and Done."""
    page = phone.page
    cards = 0
    for i, plant in enumerate(player.get("plants", [])):
        cards += 1
        _pick_from_list(phone, f"#f-plants-{i}-name", plant["name"])
        page.locator(f"#plant-{i}-card .pl-kind").wait_for()
        for _ in range(plant.get("growth", 0)):
            phone.tap(f'button[value="plants[{i}].growth:+1"]')
    for _ in range(player.get("propagation", 0)):
        phone.tap('button[value="propagation:+1"]')
    for group in ("decorations", "tools"):
        for key, n in (player.get(group) or {}).items():
            cards += n
            for _ in range(n):
                phone.tap(f'button[value="{group}.{key}:+1"]')
    _settle(page)
    phone.tap("button[name=next][value=play]")
    return cards


def _number(phone: Phone, box: str, want: int, full: str | None = None) -> None:
    """Set the stepper's number box ``#box`` to ``want`` the way with the fewest taps and keys: its
    + or - from what it shows, Full then - (``full``: the Full button; the most from its stepper's
    data-max or the element its data-cap names), or a tap on the box (which selects it) and the
    digits typed."""
    page = phone.page
    have = int(page.input_value(f"#{box}") or 0)
    stepper = f"[data-stepper]:has(> #{box})"
    cap = None
    if full:
        source = page.get_attribute(full, "data-cap")
        cap = int(page.get_attribute(f"#{source}" if source else stepper, "data-max"))
    ways = {"steps": abs(want - have), "full": 1 + cap - want if cap is not None and cap >= want else None,
            "typed": 1 + len(str(want))}
    best = min((n, k) for k, n in ways.items() if n is not None)[1]
    if best == "steps":
        for _ in range(abs(want - have)):
            phone.tap(f"{stepper} button[data-step='{1 if want > have else -1}']")
    elif best == "full":
        phone.tap(full)
        for _ in range(cap - want):
            phone.tap(f"{stepper} button[data-step='-1']")
    else:
        phone.tap(f"#{box}")
        page.wait_for_timeout(50)  # the tap selects the number: typing replaces it
        phone.type(str(want))
    page.wait_for_function(f"() => document.getElementById('{box}').value === '{want}'")


def enter_gretchen(phone: Phone, player: dict) -> int:
    """From the starting row (gray pot, Money Plant, gray pot): each bought pot with "+ Add a pot
    here" and its colour-and-size chip (2 taps; on the left it goes next to the Money Plant, on the
    right inside the right starting pot, so the row is entered in reading order).  Then per plant its
    picker and its name (2 taps), its leaves (``_number``: Full, Full and -, + taps or typed, the
    fewest), its flower (1 tap); the Money Plant's leaves and the watering can; Done."""
    import re

    page = phone.page
    row = player["display"]
    money = next(i for i, p in enumerate(row) if p.get("money_plant"))
    assert row[0]["pot"]["color"] == row[-1]["pot"]["color"] == "gray", "the row keeps its starting pots at its ends"
    for side, bought in (("left", row[1:money]), ("right", row[money + 1:-1])):
        for place in bought:
            count = page.locator("#gg-row .gg-place").count()
            phone.tap(f'button[popovertarget="gg-add-{side}"]')
            phone.tap(f'#gg-add-{side} button[value="add:{side}:{place["pot"]["color"]}:{place["pot"]["size"]}"]')
            page.locator("#gg-row .gg-place").nth(count).wait_for()
            _settle(page)
    for i, place in enumerate(row):
        plant = place.get("plant")
        if not plant:
            continue
        phone.tap(f"#place-{i} .gg-plantbtn")
        page.locator(f"#plant-{i} label.gg-pchip").filter(has_text=re.compile(f"^{re.escape(plant['name'])}$")).click()
        phone.taps += 1
        _settle(page)
        _number(phone, f"f-display-{i}-plant-leaves", plant["leaves"], f"#place-{i} .gg-full")
        if plant.get("flower"):
            phone.tap(f"#place-{i} .gg-flower")
        _settle(page)
    _number(phone, "f-money_plant_leaves", player.get("money_plant_leaves", 3), ".gg-money .gg-full")
    _number(phone, "f-watering_can", player.get("watering_can", 0))
    page.wait_for_timeout(800)  # typing autosaves 700 ms after the last key
    _settle(page)
    phone.tap("button[name=next][value=play]")
    return len(row)


# ------------------------------------------------------------------------- Vadoran Gardens

CELL = 40  # px: the smallest square (static/js/vadoran.js CELL_MIN), the size of a garden wider than its box
_WHERE = """([r, c]) => {
  const sq = document.querySelector(`#garden .sq[data-r='${r}'][data-c='${c}']`);
  let b = sq ? sq.getBoundingClientRect() : null;
  if (!sq) {  // not on the grid yet: where it will be when the grid grows to the right or down
    const rows = document.querySelectorAll('#garden tr');
    const row = rows[Math.min(r, rows.length - 1)];
    const cells = row ? row.querySelectorAll('.sq') : [];
    const last = cells[Math.min(c, cells.length - 1)];
    if (last) {
      const l = last.getBoundingClientRect();
      b = {x: l.x + (c - +last.dataset.c) * l.width, y: l.y + (r - +last.dataset.r) * l.height, width: l.width, height: l.height};
    }
  }
  const rect = document.querySelector('#garden-scroll').getBoundingClientRect();
  const bar = document.querySelector('.seat-bar'), head = document.querySelector('.top');
  return {cx: b ? b.x + b.width / 2 : null, cy: b ? b.y + b.height / 2 : null, left: rect.left, right: rect.right,
          top: head ? head.getBoundingClientRect().bottom : 0, bottom: bar ? bar.getBoundingClientRect().top : innerHeight};
}"""
# The screen between the page's sticky bars: the header (the app's name and menu) and the seat bar.
_ON_SCREEN = """(e) => {
  const b = e.getBoundingClientRect();
  const bar = document.querySelector('.seat-bar'), head = document.querySelector('.top');
  const bottom = bar && !bar.contains(e) ? bar.getBoundingClientRect().top : innerHeight;
  return b.top >= (head ? head.getBoundingClientRect().bottom : 0) && b.bottom <= bottom;
}"""


# Saved, and the page shows it: nothing queued or on its way, and (painting) the areas drawn are the
# garden's.  What is below the garden moves as the areas' list changes: a finger waits for it to stop.
_STILL = """(painted) => {
  const s = document.getElementById('status'), a = document.getElementById('vad-areas'), t = document.getElementById('garden-text');
  return !!s && s.dataset.saveState === 'saved' && !document.querySelector('.htmx-request')
    && (!painted || !a || !t || a.dataset.garden === t.value);
}"""


def _still(phone: Phone, painted: bool) -> None:
    phone.page.wait_for_function(_STILL, arg=painted, timeout=30_000)


def _reach(phone: Phone, selector: str, force: bool = False) -> None:
    """A thing below or above the screen (or under its sticky header) is brought up by a swipe of
    the page (counted as a tap): to just under the header, so that what follows it is on the screen too."""
    thing = phone.page.locator(selector).first
    if force or not thing.evaluate(_ON_SCREEN):
        thing.evaluate("e => { const head = document.querySelector('.top');"
                       " window.scrollBy(0, e.getBoundingClientRect().top - (head ? head.getBoundingClientRect().bottom : 0) - 6); }")
        phone.taps += 1
        phone.log.append("swipe the page")


def _touch(phone: Phone, selector: str, what: str = "") -> None:
    """A finger's tap on a thing (swiped onto the screen first if it is not there): touch events at
    its middle, as a phone sends them (Playwright's own tap scrolls the page by itself)."""
    _reach(phone, selector)
    box = phone.page.locator(selector).first.bounding_box()
    cdp = phone.page.context.new_cdp_session(phone.page)
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()
    phone.taps += 1
    phone.log.append(what or f"tap {selector}")


def _components(grid: list[list[str]], test) -> list[list[tuple[int, int]]]:
    """The squares where ``test(token)`` holds, in groups joined side by side (a stroke each)."""
    todo = {(r, c) for r, row in enumerate(grid) for c, token in enumerate(row) if test(token)}
    groups = []
    while todo:
        group, stack = [], [min(todo)]
        todo.discard(stack[0])
        while stack:
            r, c = stack.pop()
            group.append((r, c))
            for n in ((r, c + 1), (r + 1, c), (r - 1, c), (r, c - 1)):
                if n in todo:
                    todo.discard(n)
                    stack.append(n)
        groups.append(group)
    return groups


def _walk(group: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """A finger's path through a group from its top-left square: each step to a side neighbour
    (right first), back over painted squares where the group branches (not at the end)."""
    cells, seen, path = set(group), set(), []

    def visit(rc):
        seen.add(rc)
        path.append(rc)
        for n in ((rc[0], rc[1] + 1), (rc[0] + 1, rc[1]), (rc[0] - 1, rc[1]), (rc[0], rc[1] - 1)):
            if n in cells and n not in seen:
                visit(n)
                path.append(rc)

    visit(min(group))
    while len(path) > 1 and path[-1] in path[:-1]:
        path.pop()
    return path


BRUSHES = (("Grass", lambda t: t[0] == "g"), ("Soil", lambda t: t[0] == "s"), ("Water", lambda t: t[0] == "w"),
           ("Sand", lambda t: t[0] == "."), ("Task", lambda t: "*" in t), ("Tablet", lambda t: "7" in t),
           ("Return", lambda t: "5" in t))
TERRAIN_BRUSHES = ("Grass", "Soil", "Water", "Sand")

Stroke = tuple[str, int, list[tuple[int, int]]]  # brush, view, the squares of the grid in the finger's order


def _in_view(cells, view: int, seen: int, step: int) -> bool:
    return all(view * step <= c < view * step + seen for _, c in cells)


def _pieces(path, seen: int, step: int, least: int) -> list[tuple[int, list[tuple[int, int]]]]:
    """``path`` in the views it is painted in (the first view from ``least`` that holds all of it;
    else the longest runs, each in the view that holds it)."""
    views = range(least, 40)
    whole = next((v for v in views if _in_view(path, v, seen, step)), None)
    if whole is not None:
        return [(whole, path)]
    out, i = [], 0
    while i < len(path):
        best = max(((v, next((j for j in range(i, len(path)) if not _in_view([path[j]], v, seen, step)), len(path)))
                    for v in views if _in_view([path[i]], v, seen, step)), key=lambda vj: (vj[1], -vj[0]))
        out.append((best[0], path[i:best[1]]))
        i = best[1]
    return out


def _plan(grid: list[list[str]], seen: int, step: int, first: str) -> list[Stroke]:
    """The strokes, view by view from the left (view v shows the grid's columns ``v * step`` to
    ``v * step + seen - 1``: the pan buttons move the garden ``step`` squares): in each view the
    terrains that fit it (brush by brush, the brush in use first), then the markers whose squares
    are painted by then (a marker needs its square's terrain).  The garden's top-left square is
    row 2, square 2 of the starting grid.

    >>> _plan([["g*", "g", "s*"]], seen=8, step=4, first="Grass")
    [('Grass', 0, [(1, 1), (1, 2)]), ('Soil', 0, [(1, 3)]), ('Task', 0, [(1, 1)]), ('Task', 0, [(1, 3)])]
    """
    painted_in: dict[tuple[int, int], int] = {}
    strokes: list[Stroke] = []
    for name, test in BRUSHES:
        for group in _components(grid, test):
            path = _walk([(r + 1, c + 1) for r, c in group])
            least = max((painted_in.get(rc, 0) for rc in path), default=0) if name not in TERRAIN_BRUSHES else 0
            for view, piece in _pieces(path, seen, step, least):
                strokes.append((name, view, piece))
                if name in TERRAIN_BRUSHES:
                    painted_in.update(dict.fromkeys(piece, view))
    order: list[Stroke] = []
    brush = first
    for view in sorted({v for _, v, _ in strokes}):
        here = [s for s in strokes if s[1] == view]
        for kind in (TERRAIN_BRUSHES, tuple(n for n, _ in BRUSHES if n not in TERRAIN_BRUSHES)):
            names = sorted({n for n, _, _ in here if n in kind}, key=lambda n: (n != brush, [b for b, _ in BRUSHES].index(n)))
            for name in names:
                order.extend(sorted((s for s in here if s[0] == name), key=lambda s: (min(c for _, c in s[2]), s[2])))
                brush = name
    return order


class _Finger:
    """One finger on the garden (CDP touch events) and the pan buttons; counts every tap, stroke
    and swipe of the page.  Nothing waits for time: each step waits for what the page shows."""

    def __init__(self, phone: Phone):
        self.phone, self.page = phone, phone.page
        self.cdp = phone.page.context.new_cdp_session(phone.page)
        self.view = 0

    def where(self, rc) -> dict:
        return self.page.evaluate(_WHERE, [rc[0], rc[1]])

    def pan_to(self, view: int) -> None:
        while self.view != view:
            button = "#garden-pan [data-pan='1']" if view > self.view else "#garden-pan [data-pan='-1']"
            _touch(self.phone, button, "pan right" if view > self.view else "pan left")
            self.view += 1 if view > self.view else -1

    def stroke(self, view: int, path: list[tuple[int, int]]) -> None:
        """The finger down on the path's first square, through the others, lifted on the last."""
        self.pan_to(view)
        ys = [self.where(rc) for rc in path]
        if any(not w["top"] + 10 <= w["cy"] <= w["bottom"] - 10 for w in ys):  # the brushes and the garden, on the screen
            _reach(self.phone, ".brushes", force=True)
        w = self.where(path[0])
        x, y = w["cx"], w["cy"]
        self.cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        self.phone.taps += 1
        self.phone.log.append(f"stroke {path}")
        for rc in path[1:]:
            w = self.where(rc)
            if not (w["left"] + 2 < w["cx"] < w["right"] - 2 and w["top"] + 10 <= w["cy"] <= w["bottom"] - 10):
                raise RuntimeError(f"square {rc} is out of reach in view {view}")
            for step in (1, 2):
                point = {"x": x + (w["cx"] - x) * step / 2, "y": y + (w["cy"] - y) * step / 2}
                self.cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
            x, y = w["cx"], w["cy"]
        self.cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def _paint(phone: Phone, garden: list[str]) -> int:
    """Paint a garden, from its top-left square at row 2, square 2 of the starting grid (the grid
    grows by itself at its edges, so nothing is tapped to grow it): the strokes of :func:`_plan`,
    each a finger's path through a connected group (:func:`_walk`); a brush tapped when it
    changes; the pan buttons tapped to bring the next part of the garden in; the page swiped when
    what comes next is off the screen."""
    page = phone.page
    grid = [row.split() for row in garden]
    page.locator("#garden .sq").first.wait_for()
    finger = _Finger(phone)
    width = page.locator("#garden-scroll").evaluate("b => b.clientWidth")
    seen, step = width // CELL, -(-width // (2 * CELL))  # squares fully on screen; a pan's move (half, rounded up)
    brush = page.locator(".brush[aria-pressed=true]").inner_text().strip()
    for name, view, path in _plan(grid, seen, step, brush):
        if name != brush:
            _touch(phone, f".brush:has-text('{name}')", f"brush {name}")
            brush = name
        finger.stroke(view, path)
    return sum(1 for row in grid for t in row if t != "-")


def _number_field(phone: Phone, selector: str, value) -> None:
    if value in (None, "", 0):
        return
    _touch(phone, selector)
    phone.type(str(value))


def enter_vadoran(phone: Phone, player: dict) -> int:
    """A painted garden (``garden``): see :func:`_paint` (no taps to grow the grid: it grows by
    itself).  Quick mode (``areas``): the switch, then per area its terrain (select: 2 taps) and
    its numbers typed.  Then the lost items and return locations (a tap per item on the steppers'
    +), the achievements typed, Done (which saves the whole form: nothing waits for an autosave).
    Returns the squares (painted) or the areas' squares (quick)."""
    page = phone.page
    squares = 0
    if player.get("garden") is not None:
        squares = _paint(phone, player["garden"])
    else:
        page.locator("label", has_text="Quick: areas only").tap()
        phone.taps += 1
        for i, area in enumerate(player.get("areas", [])):
            if not page.locator(f"select[name='areas[{i}].terrain']").count():
                _reach(phone, "#qa-add")
                phone.tap("#qa-add")
                page.locator(f"select[name='areas[{i}].terrain']").wait_for()
            _reach(phone, f"select[name='areas[{i}].terrain']")
            page.select_option(f"select[name='areas[{i}].terrain']", area["terrain"])
            phone.taps += 2  # open the list, pick
            for key in ("squares", "tasks", "tablets"):
                _number_field(phone, f"input[name='areas[{i}].{key}']", area.get(key))
            squares += area.get("squares", 0)
        for item, n in (player.get("return_locations") or {}).items():
            for _ in range(n):
                _touch(phone, f'button[value="return_locations.{item}:+1"]')
        if player.get("unscored_squares") and page.locator("#f-unscored_squares").is_visible():
            _number_field(phone, "#f-unscored_squares", player["unscored_squares"])
    painted = player.get("garden") is not None
    for item, n in (player.get("lost_items") or {}).items():
        for _ in range(n):
            _still(phone, painted)
            _touch(phone, f'button[value="lost_items.{item}:+1"]')
    for claim in player.get("achievements", []):
        _still(phone, painted)
        _number_field(phone, f"#f-achievement-{claim['terrain']}", claim["points"])
    _touch(phone, "button[name=next][value=play]")
    page.wait_for_url(re.compile(r"/plays/\d+$"), timeout=20_000)  # Done is saved, then the play page
    return squares


SCRIPTS = {
    "verdant": enter_verdant,
    "planted": enter_planted,
    "verdant-arizona": enter_arizona,
    "gretchens-garden": enter_gretchen,
    "vadoran-gardens": enter_vadoran,
}

#: Issue 17's targets in taps for one seat of a game's reference table: (seat, most taps, what it is).
SEAT_TARGETS = {
    "vadoran-gardens": (0, 45, "the rulebook garden (Purple: the garden painted, lost items, the achievement, Done)"),
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


def run(only: tuple[str, ...] = ()) -> dict:
    """Every game's entry (or only the games named, for trying one script:
    ``python -c "from bench import entry_effort as e; print(e.run(('planted',)))"``)."""
    if not Path(CHROMIUM).exists():
        return {"available": False, "why": f"Chromium not found at {CHROMIUM}"}
    from playwright.sync_api import sync_playwright

    out: dict = {"available": True, "viewport": PHONE, "games": {}}
    with tempfile.TemporaryDirectory(prefix="scorepad-entry-") as tmp:
        instance = Path(tmp)
        app = server.app_for(instance)
        plays = {}
        for name in tables.GAMES:
            if only and name not in only:
                continue
            game = scoring.get(name)
            screen = _screen(name)
            if not game.ready:
                out["games"][name] = {"measured": False, "why": "engine not ready"}
            elif screen != "generic" and name not in SCRIPTS:
                out["games"][name] = {"measured": False, "screen": screen, "why": "not measured yet (no script for its screen)"}
            else:
                table = tables.reference(name)
                # every seat as a new play has it: the game's blank state
                plays[name] = (table, server.seed_play(app, name, {**table, "players": [
                    {**game.blank_player(), "name": p["name"]} for p in table["players"]]}, "2026-11-29T20:00",
                    finish=False), screen)
        with server.running(instance) as base, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            try:
                for name, (table, play_id, screen) in plays.items():
                    expected = scoring.score(name, table)
                    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
                    page = context.new_page()
                    page.set_default_timeout(10_000)
                    taps = keys = words = cards = 0
                    problems = []
                    per_seat = []
                    for position, player in enumerate(table["players"]):
                        # the last seat's Done may still be taking the page to the play page (its save
                        # queue, then a redirect): leave it first, so that navigation is not the next one's
                        page.goto("about:blank")
                        page.goto(f"{base}/plays/{play_id}/seats/{position}")
                        phone = Phone(page)
                        script = enter_generic if screen == "generic" else SCRIPTS[name]
                        counted = script(phone, player) or UNITS[name](player)
                        page.wait_for_load_state("networkidle")
                        taps, keys, cards = taps + phone.taps, keys + phone.keys, cards + counted
                        words += phone.words
                        per_seat.append({"player": player["name"], "taps": phone.taps, "keys": phone.keys,
                                      "words": phone.words, "cards": counted, "steps": phone.log})
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
                        "words": words,
                        "per_card": (taps + keys) / cards if cards else None,
                        "interactions_per_card": (taps + words) / cards if cards else None,
                        "taps_per_card": taps / cards if cards else None,
                        "keys_per_card": keys / cards if cards else None,
                        "problems": problems,
                        "seats": per_seat,
                        **({"target": {"seat": SEAT_TARGETS[name][0], "most": SEAT_TARGETS[name][1], "what": SEAT_TARGETS[name][2],
                                       "taps": per_seat[SEAT_TARGETS[name][0]]["taps"]}} if name in SEAT_TARGETS else {}),
                    }
            finally:
                browser.close()
    return out
