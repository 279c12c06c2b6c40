"""Vadoran Gardens entry: a painted garden, lost items found, achievements claimed, and a quick
mode that enters the areas directly.

The garden is kept in the seat state in the engine's compact text form (one string per row, one
token per square: ``g* g* g*7 . w5``), which is also what the page posts: a ``garden`` textarea,
one row per line.  With JavaScript the textarea is painted through a grid (static/js/vadoran.js);
without it the textarea is edited by hand.  Areas, their outlines and their points come from the
engine's preview (``scoring.get("vadoran-gardens").preview``), the token grammar and the limits
from the engine package (the page writes the grammar into a data attribute for the script); this
module only arranges them for the page.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import scoring
from scoring.core import FieldError, Preview, ValidationError
from scoring.vadoran import grammar, to_compact
from scoring.vadoran.contract import ACHIEVEMENT_TERRAINS, CATALOG, MAX_LOST, MAX_QUICK_SQUARES
from scoring.vadoran.garden import (
    ITEM_TERRAIN,
    ITEMS,
    MAX_COLUMNS,
    MAX_ROWS,
    NO_CARD,
    RETURN_PATTERN,
    TABLET_MARK,
    TASK_PATTERN,
    TERRAIN_LETTERS,
    TERRAINS,
    TOKEN_PATTERN,
)
from web.games import Adapter, register, whole_number

GAME = "vadoran-gardens"
START_ROWS, START_COLUMNS = 3, 6
QUICK_SPARE_ROWS = 3
# Keys the engine does not score (its schema knows them): what the other entry mode holds while
# this one is in use, so that flipping the quick-mode switch never throws an entered garden (or
# list of areas) away.
GARDEN_ASIDE = "garden_aside"
QUICK_ASIDE = "quick_aside"
QUICK_KEYS = ("areas", "return_locations", "unscored_squares")

_TOKEN = re.compile(TOKEN_PATTERN)
_TASK = re.compile(TASK_PATTERN)
_RETURN = re.compile(RETURN_PATTERN)
_ITEM_ALT = "|".join(ITEMS)


# ------------------------------------------------------------------ reading the form


def _number(raw: Any) -> Any:
    """A typed number: a whole number when it is one, else the text as typed (the engine then
    reports it next to its field); None when blank."""
    if raw is None:
        return None
    text = str(raw).strip()
    if text == "":
        return None
    number = whole_number(text, "-", max_digits=9)
    return text if number is None else number


def garden_rows(text: Any) -> list[str]:
    """The posted garden text as compact rows: one row per line, tokens separated by one space.
    Bad tokens are kept as typed; trailing blank lines are dropped."""
    if isinstance(text, list):
        return [" ".join(str(r).split()) if isinstance(r, str) else r for r in text]
    lines = [" ".join(line.split()) for line in str(text or "").splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def _rows_of(state: dict) -> list[str]:
    garden = state.get("garden")
    if garden is None:
        garden = state.get(GARDEN_ASIDE)
    if isinstance(garden, str):
        return garden_rows(garden)
    if isinstance(garden, list) and all(isinstance(r, str) for r in garden):
        return list(garden)
    if isinstance(garden, list):  # rows of square objects (from the API or an old state)
        try:

            return to_compact(garden)
        except ValidationError:
            return []
    return []


def grow(rows: list[str], where: str) -> list[str]:
    """Add an empty row above or below, or an empty column on the right (the path grows)."""
    width = max([len(r.split()) for r in rows] + [START_COLUMNS if not rows else 1])
    rows = [" ".join(r.split() + [NO_CARD] * (width - len(r.split()))) for r in rows] or [" ".join([NO_CARD] * width)]
    blank = " ".join([NO_CARD] * width)
    if where == "above" and len(rows) < MAX_ROWS:
        return [blank] + rows
    if where == "below" and len(rows) < MAX_ROWS:
        return rows + [blank]
    if where == "right" and width < MAX_COLUMNS:
        return [f"{r} {NO_CARD}" for r in rows]
    if where == "left" and width < MAX_COLUMNS:
        return [f"{NO_CARD} {r}" for r in rows]
    return rows


def _step(state: dict, step: str) -> None:
    """A stepper button pressed without JavaScript: ``lost_items.tool:+1``."""
    match = re.fullmatch(rf"(lost_items|return_locations)\.({_ITEM_ALT}):([+-]1)", step or "")
    if not match:
        return
    group, item, delta = match[1], match[2], int(match[3])
    values = state.get(group)
    if not isinstance(values, dict):  # a stored value of another shape: the tap starts a fresh count
        values = state[group] = {}
    current = values.get(item)
    current = current if isinstance(current, int) else 0
    values[item] = max(0, current + delta)


def _quick_from_form(form: Mapping[str, str]) -> dict:
    indexes = sorted({int(m[1]) for key in form if (m := re.fullmatch(r"qa-(\d+)-terrain", key))})
    areas: list[dict] = []
    for i in indexes:
        terrain = (form.get(f"qa-{i}-terrain") or "").strip()
        numbers = {k: _number(form.get(f"qa-{i}-{k}")) for k in ("squares", "tasks", "tablets")}
        if not terrain and all(v is None for v in numbers.values()):
            continue  # a blank row
        area: dict[str, Any] = {"terrain": terrain}
        area.update({k: v for k, v in numbers.items() if v is not None})
        areas.append(area)
    quick: dict[str, Any] = {"areas": areas}
    locations = {item: _number(form.get(f"return_locations.{item}")) for item in ITEMS}
    quick["return_locations"] = {k: v for k, v in locations.items() if v is not None}
    unscored = _number(form.get("unscored_squares"))
    if unscored is not None:
        quick["unscored_squares"] = unscored
    return quick


class VadoranAdapter(Adapter):
    entry_template = "games/vadoran-gardens/entry.html"
    options_template = "games/vadoran-gardens/options.html"
    #: the sister's points per mistake by difficulty, shown next to the choice (from the catalog)
    difficulty_x = {name: d["x"] for name, d in CATALOG["difficulties"].items()}

    def state_from_form(self, form: Mapping[str, str], old_state: dict) -> tuple[dict, list[FieldError]]:
        old = old_state if isinstance(old_state, dict) else {}
        quick_mode = form.get("entry_mode") == "quick"
        rows = garden_rows(form["garden"]) if "garden" in form else _rows_of(old)
        if form.get("grow"):
            rows = grow(rows, form["grow"])
        if any(k.startswith("qa-") for k in form) or "unscored_squares" in form:
            quick = _quick_from_form(form)
        else:
            aside = old.get(QUICK_ASIDE)
            quick = {k: old[k] for k in QUICK_KEYS if k in old} or (dict(aside) if isinstance(aside, dict) else {})

        state: dict[str, Any] = {}
        if quick_mode:
            state.update(quick)
            state.setdefault("areas", [])
            if any(t != NO_CARD for r in rows for t in r.split()):
                state[GARDEN_ASIDE] = rows
        else:
            state["garden"] = rows
            rets = quick.get("return_locations")
            if quick.get("areas") or quick.get("unscored_squares") or (any(rets.values()) if isinstance(rets, dict) else rets):
                state[QUICK_ASIDE] = quick

        if any(f"lost_items.{item}" in form for item in ITEMS):
            lost = {item: _number(form.get(f"lost_items.{item}")) for item in ITEMS}
            state["lost_items"] = {k: (0 if v is None else v) for k, v in lost.items()}
        else:
            state["lost_items"] = old.get("lost_items") or dict.fromkeys(ITEMS, 0)
        if any(f"achievement.{t}" in form for t in ACHIEVEMENT_TERRAINS):
            claimed = []
            for terrain in ACHIEVEMENT_TERRAINS:
                points = _number(form.get(f"achievement.{terrain}"))
                if points is not None:
                    claimed.append({"terrain": terrain, "points": points})
            state["achievements"] = claimed
        else:
            state["achievements"] = old.get("achievements") or []
        if form.get("step"):
            _step(state, form["step"])
        return state, []

    def options_from_form(self, form, game):
        """As the generic form, but the sister's achievements are typed as numbers with spaces or
        commas ("12 9 8"); what is not a number is kept as typed for the engine to report."""
        key = f"opt-{game.name}-sister_achievements"
        raw = (form.get(key) or "").strip()
        values = dict(form)
        values[key] = ""
        options, errors = super().options_from_form(values, game)
        numbers = [_number(p) for p in re.split(r"[\s,;\[\]]+", raw) if p]
        if all(isinstance(n, int) for n in numbers):
            options["sister_achievements"] = numbers
        else:
            errors.append(FieldError(key, "sister's achievements: type whole numbers separated by spaces, e.g. 12 9 8"))
        return options, errors

    def option_value(self, options: dict, option) -> str:
        if option.name == "sister_achievements":
            value = options.get(option.name) or []
            return " ".join(str(v) for v in value) if isinstance(value, list) else str(value)
        return super().option_value(options, option)

    def context(self, play, seat, evaluation) -> dict:
        state = seat.state if isinstance(seat.state, dict) else {}
        quick = "areas" in state and "garden" not in state
        rows = _rows_of(state)
        engine = scoring.get(GAME)
        shown = engine.preview(state, play.options, len(play.seats), seat.position)
        garden = engine.preview({"garden": rows}, play.options, len(play.seats), seat.position) if quick else shown
        errors = evaluation.seat_errors[seat.position] if seat.position < len(evaluation.seat_errors) else []
        grid = build_grid(rows, garden)
        tasks = shown.category("tasks")
        return {
            "quick": quick,
            "garden_text": "\n".join(grid["rows"]),
            "grid": grid,
            "grammar": grammar(),
            "start": {"rows": START_ROWS, "columns": START_COLUMNS},
            "quick_areas": _quick_rows(state),
            "quick_extra": _quick_extra(state),
            "lost": state.get("lost_items") if isinstance(state.get("lost_items"), dict) else {},
            "claimed": _claimed(state),
            "slots": error_slots(errors, state),
            "items": [(item, ITEM_TERRAIN[item]) for item in ITEMS],
            "max_lost": MAX_LOST,
            "max_count": MAX_QUICK_SQUARES,
            "achievement_terrains": ACHIEVEMENT_TERRAINS,
            "terrains": TERRAINS,
            "solo": (play.options or {}).get("mode") == "solo",
            "area_lines": list(tasks.details) if quick and tasks is not None and shown.total is not None else [],
        }


# ------------------------------------------------------------------ the page's data


def parse_token(token: str) -> dict:
    """How one compact token is drawn (display only: the engine judges the garden)."""
    if token == NO_CARD:
        return {"token": token, "terrain": None, "task": False, "tablet": False, "ret": False, "bad": False}
    match = _TOKEN.fullmatch(token)
    if not match:
        return {"token": token, "terrain": None, "task": False, "tablet": False, "ret": False, "bad": True}
    task = _TASK.search(match[2])
    rest = _TASK.sub("", match[2], count=1)
    return {
        "token": token,
        "terrain": TERRAIN_LETTERS[match[1].lower()],
        "task": task is not None,
        "tablet": TABLET_MARK in rest,
        "ret": _RETURN.search(rest) is not None,
        "bad": False,
    }


def _letter(i: int) -> str:
    text = ""
    i += 1
    while i:
        i, rest = divmod(i - 1, 26)
        text = chr(65 + rest) + text
    return text


def build_grid(rows: list[str], preview: Preview) -> dict:
    """The grid as drawn: rows padded to one width (at least the starting 3 x 6), each cell with
    its area, the sides where its area's outline runs, and the areas, all from the engine's preview."""
    tokens = [r.split() if isinstance(r, str) else [] for r in rows]
    if not any(tokens):
        tokens = [[NO_CARD] * START_COLUMNS for _ in range(max(START_ROWS, len(tokens)))]
    width = max(len(r) for r in tokens) or START_COLUMNS
    tokens = [r + [NO_CARD] * (width - len(r)) for r in tokens]
    found = [dict(a) for a in preview.extra.get("areas", []) if (a.get("cells") or [""])[0].startswith("garden[")]
    drawn: dict[tuple[int, int], tuple[int, str]] = {}
    lettered = 0
    for i, area in enumerate(found):
        area["letter"] = ""
        if area["terrain"] != "sand":
            area["letter"] = _letter(lettered)
            lettered += 1
        for (r, c), edges in zip(area["squares"], area["edges"]):
            drawn[(r, c)] = (i, edges)
    bad = set()
    for e in preview.messages:
        m = re.match(r"garden\[(\d+)\]\[(\d+)\]", e.path)
        if m:
            bad.add((int(m[1]), int(m[2])))
    cells = []
    for r, row in enumerate(tokens):
        out = []
        for c, token in enumerate(row):
            cell = parse_token(token)
            a, edges = drawn.get((r, c), (None, ""))
            cell.update(r=r, c=c, area=a, bad=cell["bad"] or (r, c) in bad)
            if a is not None and found[a]["letter"]:
                area = found[a]
                cell["scores"] = area["scores"]
                cell["label"] = area["letter"] if [r, c] == area["squares"][0] else ""
                cell["edges"] = edges
            out.append(cell)
        cells.append(out)
    owners = [[drawn.get((r, c), (-1, ""))[0] for c in range(width)] for r in range(len(tokens))]
    return {
        "rows": [" ".join(r) for r in tokens],
        "cells": cells,
        "width": width,
        "areas": found,
        "owners": owners,
        "marks": [{"letter": a["letter"], "scores": a["scores"]} for a in found],
    }


def _quick_rows(state: dict) -> list[dict]:
    aside = state.get(QUICK_ASIDE)
    source = state.get("areas") if "areas" in state else (aside.get("areas") if isinstance(aside, dict) else None)
    listed = [a if isinstance(a, dict) else {} for a in (source or [])] if isinstance(source, list) else []
    return listed + [{} for _ in range(QUICK_SPARE_ROWS)]


def _quick_extra(state: dict) -> dict[str, Any]:
    """The quick mode's return locations and unscored squares, from the state or set aside."""
    source = state if "areas" in state else state.get(QUICK_ASIDE)
    source = source if isinstance(source, dict) else {}
    rets = source.get("return_locations")
    return {"return_locations": rets if isinstance(rets, dict) else {}, "unscored_squares": source.get("unscored_squares")}


def _claimed(state: dict) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in state.get("achievements") or []:
        if isinstance(item, dict) and isinstance(item.get("terrain"), str):
            out.setdefault(item["terrain"].strip().lower(), item.get("points"))
    return out


def error_slots(errors: list[FieldError], state: dict | None = None) -> dict[str, list[str]]:
    """The seat's engine errors sorted into the slots shown next to the fields."""
    slots: dict[str, list[str]] = {}
    listed = (state or {}).get("achievements")
    achievement_index = {
        i: a["terrain"].strip().lower()
        for i, a in enumerate(listed if isinstance(listed, list) else [])
        if isinstance(a, dict) and isinstance(a.get("terrain"), str)
    }

    def add(slot: str, message: str) -> None:
        slots.setdefault(slot, []).append(message)

    for e in errors:
        path = e.path
        if m := re.match(r"garden\[(\d+)\]\[(\d+)\]", path):
            add("garden", f"Row {int(m[1]) + 1}, column {int(m[2]) + 1}: {e.message}")
        elif path.startswith("garden") or (path == "areas" and "either" in e.message):
            add("garden", e.message)
        elif m := re.fullmatch(rf"lost_items\.({_ITEM_ALT})", path):
            add(f"lost-{m[1]}", e.message)
        elif path.startswith("lost_items"):
            add("lost", e.message)
        elif m := re.match(r"achievements\[(\d+)\]", path):
            add(f"ach-{achievement_index.get(int(m[1]), m[1])}", e.message)
        elif path.startswith("achievements"):
            add("ach", e.message)
        elif m := re.match(r"areas\[(\d+)\]\.?(\w*)", path):
            field = m[2] or "area"
            add(f"qa-{m[1]}", f"{field}: {e.message}" if m[2] else e.message)
        elif path.startswith("areas"):
            add("quick", e.message)
        elif m := re.fullmatch(rf"return_locations\.({_ITEM_ALT})", path):
            add(f"ret-{m[1]}", e.message)
        elif path.startswith("return_locations") or path.startswith("unscored_squares"):
            add("quick-extra", e.message)
    return slots


register(GAME, VadoranAdapter())
