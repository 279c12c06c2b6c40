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

EDGE = 16  # px: the band at the garden box's sides where a held finger scrolls on (static/js/vadoran.js)
_WHERE = """([r, c, x, y]) => {
  const box = document.querySelector('#garden-scroll');
  const rect = box.getBoundingClientRect();
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
  const hit = x === null ? null : document.elementFromPoint(x, y);
  const at = hit && hit.closest ? hit.closest('.sq') : null;
  const bar = document.querySelector('.seat-bar');
  return {exists: !!sq, cx: b ? b.x + b.width / 2 : null, cy: b ? b.y + b.height / 2 : null,
          left: rect.left, right: rect.right, scrolled: box.scrollLeft, bottom: bar ? bar.getBoundingClientRect().top : innerHeight,
          under: at ? [+at.dataset.r, +at.dataset.c] : null};
}"""


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


class _Finger:
    """One finger on the garden (CDP touch events), and two for panning it; counts the taps."""

    def __init__(self, phone: Phone):
        self.phone, self.page = phone, phone.page
        self.cdp = phone.page.context.new_cdp_session(phone.page)
        self.x = self.y = None

    def where(self, rc, x=None, y=None) -> dict:
        return self.page.evaluate(_WHERE, [rc[0], rc[1], x, y])

    def comfortable(self, w: dict) -> bool:
        """In reach: a finger on it is not in the box's edge band (nor under the page's bars)."""
        low = w["left"] + (4 if w["scrolled"] == 0 else EDGE + 3)
        return w["cx"] is not None and low <= w["cx"] <= w["right"] - EDGE - 3 and 70 <= w["cy"] <= w["bottom"] - 10

    def show(self, rc) -> None:
        """Bring a square into reach: the page scrolled (a swipe), the garden panned (two fingers)."""
        w = self.where(rc)
        if w["cx"] is None:
            raise RuntimeError(f"square {rc} is not on the grid")
        if not 70 <= w["cy"] <= w["bottom"] - 10:
            self.page.evaluate("dy => window.scrollBy(0, dy)", w["cy"] - 300)
            self.phone.taps += 1
            self.phone.log.append("swipe the page")
            w = self.where(rc)
        if not self.comfortable(w):
            dx = w["cx"] - (w["left"] + w["right"]) / 2
            y = w["cy"]
            fingers = [{"x": (w["left"] + w["right"]) / 2 - 30, "y": y, "id": 1}, {"x": (w["left"] + w["right"]) / 2 + 30, "y": y, "id": 2}]
            self.cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": fingers})
            for step in range(1, 9):
                moved = [{**f, "x": f["x"] - dx * step / 8} for f in fingers]
                self.cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": moved})
            self.cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
            self.phone.taps += 1
            self.phone.log.append(f"pan the garden by {dx:.0f} px")
            if not self.comfortable(self.where(rc)):
                raise RuntimeError(f"square {rc} cannot be brought into reach")

    def move(self, x: float, y: float) -> None:
        for step in range(1, 4):
            t = step / 3
            point = {"x": self.x + (x - self.x) * t, "y": self.y + (y - self.y) * t}
            self.cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
        self.x, self.y = x, y

    def hold_until_under(self, rc) -> None:
        for _ in range(400):
            if self.where(rc, self.x, self.y)["under"] == list(rc):
                return
            self.page.wait_for_timeout(10)
        raise RuntimeError(f"holding at the edge never reached {rc}")

    def stroke(self, path: list[tuple[int, int]]) -> None:
        """The finger along ``path`` (squares of the grid), lifted and put down again where the
        rest is out of reach; a row that goes on past the box's edge is followed by holding the
        finger at the edge (the garden scrolls on, and grows)."""
        i = 0
        while i < len(path):
            self.show(path[i])
            w = self.where(path[i])
            self.x, self.y = w["cx"], w["cy"]
            self.cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": self.x, "y": self.y}]})
            self.phone.taps += 1
            self.phone.log.append(f"stroke from {path[i]}")
            i += 1
            while i < len(path):
                w = self.where(path[i])
                if self.comfortable(w):
                    self.move(w["cx"], w["cy"])
                    i += 1
                    continue
                if path[i] == (path[i - 1][0], path[i - 1][1] + 1) and (not w["exists"] or w["cx"] > w["right"] - EDGE - 3):
                    self.move(w["right"] - 8, self.y)  # the row goes on past the edge: hold there
                    while i < len(path) and path[i] == (path[i - 1][0], path[i - 1][1] + 1):
                        self.hold_until_under(path[i])
                        i += 1
                    if i < len(path) and self.comfortable(self.where(path[i])):
                        continue  # the next square is in reach: on (leaving the edge stops the scrolling)
                break
            self.cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
            _settle(self.page)


BRUSHES = (("Grass", lambda t: t[0] == "g"), ("Soil", lambda t: t[0] == "s"), ("Water", lambda t: t[0] == "w"),
           ("Sand", lambda t: t[0] == "."), ("Task", lambda t: "*" in t), ("Tablet", lambda t: "7" in t),
           ("Return", lambda t: "5" in t))


TERRAIN_BRUSHES = ("Grass", "Soil", "Water", "Sand")


def _plan(grid: list[list[str]], reach: int, first: str) -> list[tuple[str, list[tuple[int, int]]]]:
    """The strokes, in order: a stroke per connected group of a terrain, then of tasks, tablets and
    return locations (a marker needs its square's terrain).  ``reach``: the last column a finger
    reaches with the garden scrolled to its left end; groups beyond it are painted with the garden
    scrolled right.  The terrains first on the left (brush by brush, from the brush in use), then
    on the right (from the brush in use, then the left-most group first: the garden grows to the
    right as it is painted); then the markers on the right, then back on the left, ordered so that
    the brush in use carries over."""
    groups = {name: [_walk([(r + 1, c + 1) for r, c in g]) for g in _components(grid, test)] for name, test in BRUSHES}
    left = {name: [g for g in gs if max(c for _, c in g) <= reach] for name, gs in groups.items()}
    right = {name: [g for g in gs if max(c for _, c in g) > reach] for name, gs in groups.items()}
    order: list[tuple[str, list[tuple[int, int]]]] = []

    def add(names, side):
        for name in names:
            order.extend((name, g) for g in sorted(side[name], key=lambda g: min(c for _, c in g)))

    terrains = sorted(TERRAIN_BRUSHES, key=lambda n: n != first)
    add(terrains, left)
    last = next((n for n, _ in reversed(order)), first)
    add(sorted((n for n in TERRAIN_BRUSHES if right[n]), key=lambda n: (n != last, min(min(c for _, c in g) for g in right[n]))), right)
    markers = [n for n, _ in BRUSHES if n not in TERRAIN_BRUSHES]
    both = [n for n in markers if left[n] and right[n]]
    add([n for n in markers if right[n] and n not in both] + both, right)
    add(both + [n for n in markers if left[n] and n not in both], left)
    return order


def _paint(phone: Phone, garden: list[str]) -> int:
    """Paint a garden, from its top-left square at row 2, square 2 of the starting grid (the grid
    grows by itself at its edges, so nothing is tapped to grow it): the strokes of :func:`_plan`,
    each a finger's path through a connected group (:func:`_walk`); a brush tapped when it
    changes; the garden panned with two fingers, or the page scrolled, when a group is out of
    reach; a row that goes on past the box's edge followed by holding the finger at the edge."""
    page = phone.page
    grid = [row.split() for row in garden]
    page.locator("#garden .sq").first.wait_for()
    finger = _Finger(phone)
    box = page.locator("#garden-scroll").bounding_box()
    reach = int((box["width"] - EDGE - 3) / 40 - 0.5)  # squares of 40 px once the garden is wider than the box
    brush = page.locator(".brush[aria-pressed=true]").inner_text().strip()
    for name, path in _plan(grid, reach, brush):
        if name != brush:
            page.locator(".brush", has_text=name).tap()
            phone.taps += 1
            phone.log.append(f"brush {name}")
            brush = name
        finger.stroke(path)
    return sum(1 for row in grid for t in row if t != "-")


def _number_field(phone: Phone, selector: str, value) -> None:
    if value in (None, "", 0):
        return
    phone.tap(selector)
    phone.type(str(value))


def enter_vadoran(phone: Phone, player: dict) -> int:
    """A painted garden (``garden``): see :func:`_paint` (no taps to grow the grid: it grows by
    itself).  Quick mode (``areas``): the switch, then per area its terrain (select: 2 taps) and
    its numbers typed.  Then the lost items and return locations (a tap per item on the steppers'
    +), the achievements typed, Done.  Returns the squares (painted) or the areas' squares (quick)."""
    page = phone.page
    squares = 0
    if player.get("garden") is not None:
        squares = _paint(phone, player["garden"])
    else:
        page.locator("label", has_text="Quick: areas only").tap()
        phone.taps += 1
        for i, area in enumerate(player.get("areas", [])):
            if not page.locator(f"select[name='areas[{i}].terrain']").count():
                phone.tap("#qa-add")
                page.locator(f"select[name='areas[{i}].terrain']").wait_for()
            page.select_option(f"select[name='areas[{i}].terrain']", area["terrain"])
            phone.taps += 2  # open the list, pick
            for key in ("squares", "tasks", "tablets"):
                _number_field(phone, f"input[name='areas[{i}].{key}']", area.get(key))
            squares += area.get("squares", 0)
        for item, n in (player.get("return_locations") or {}).items():
            for _ in range(n):
                phone.tap(f'button[value="return_locations.{item}:+1"]')
        if player.get("unscored_squares") and page.locator("#f-unscored_squares").is_visible():
            _number_field(phone, "#f-unscored_squares", player["unscored_squares"])
    _settle(page)
    for item, n in (player.get("lost_items") or {}).items():
        for _ in range(n):
            phone.tap(f'button[value="lost_items.{item}:+1"]')
    for claim in player.get("achievements", []):
        _number_field(phone, f"#f-achievement-{claim['terrain']}", claim["points"])
    page.wait_for_timeout(800)  # typing autosaves 700 ms after the last key
    _settle(page)
    phone.tap("button[name=next][value=play]")
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
