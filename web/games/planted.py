"""Planted's entry screen: six plant slots (a name picked from the card list and a growth stepper),
the propagation jars, and a stepper per Decoration and Tool card with the copies left on the table.

Field names of the entry form (the state contract in docs/api/planted.md):

``plants-<i>-name``, ``plants-<i>-growth`` (i = 0..5), ``propagation``, ``decorations-<key>``,
``tools-<key>``, and ``step`` (``"<field>:+1"`` / ``"<field>:-1"``): the stepper buttons are submit
buttons, so a phone without JavaScript still steps (the page posts and comes back).  With
JavaScript, ``static/js/planted.js`` steps in place and htmx autosaves.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import scoring
from scoring.core import Category, FieldError
from scoring.planted import BEGINNERS, DECORATIONS, PLANTS, TOOLS, find_item, find_plant
from scoring.planted.parse import MAX_PLANTS, MAX_PROPAGATION
from web.games import Adapter, register, whole_number

PLANT_KINDS = {"floor": "Floor", "shelf": "Shelf", "hanging": "Hanging"}


def _number(raw: Any) -> Any:
    """A typed count as the state keeps it: digits become an int, empty becomes 0, anything else
    stays the text as typed (the engine then names the field and what is allowed)."""
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    if raw is None:
        return 0
    text = str(raw).strip()
    if text == "":
        return 0
    number = whole_number(text, "+-")
    return str(raw) if number is None else number


def _count(value: Any) -> int | None:
    """An entered count as a whole number, or None when it is not one."""
    value = _number(value)
    return value if isinstance(value, int) else None


def _old_plants(old_state: dict) -> list[dict]:
    plants = old_state.get("plants") if isinstance(old_state, dict) else None
    plants = [p if isinstance(p, dict) else {} for p in plants] if isinstance(plants, list) else []
    return (plants + [{} for _ in range(MAX_PLANTS)])[: max(MAX_PLANTS, len(plants))]


def _items(state: dict, key: str) -> dict:
    raw = state.get(key) if isinstance(state, dict) else None
    return raw if isinstance(raw, dict) else {}


def _item_value(counts: dict, item) -> Any:
    """A seat's count of one card, read by key or by name (the contract accepts both)."""
    total: Any = 0
    for name, value in counts.items():
        if find_item(DECORATIONS + TOOLS, str(name)) is item:
            if isinstance(_number(value), int) and isinstance(total, int):
                total += _number(value)
            else:
                total = value
    return total


class PlantedAdapter(Adapter):
    entry_template = "games/planted/entry.html"

    def result_rows(self, result) -> list[dict]:
        """Read like the paper score pad (Plant 1 ... Plant 6, Propagation, Decorations)."""
        if result.players and result.players[0].extra.get("pad"):
            return _pad_rows(result)
        return super().result_rows(result)

    # ------------------------------------------------------------------ form -> state

    def state_from_form(self, form: Mapping[str, str], old_state: dict) -> tuple[dict, list[FieldError]]:
        old_state = old_state if isinstance(old_state, dict) else {}
        old_plants = _old_plants(old_state)
        plants = []
        for i, old in enumerate(old_plants):
            name = form.get(f"plants-{i}-name", old.get("name", ""))
            name = name.strip() if isinstance(name, str) else name
            growth = _number(form.get(f"plants-{i}-growth", old.get("growth", 0)))
            plants.append({"name": name, "growth": growth})
        state: dict[str, Any] = {
            "plants": plants,
            "propagation": _number(form.get("propagation", old_state.get("propagation", 0))),
        }
        for key, deck in (("decorations", DECORATIONS), ("tools", TOOLS)):
            old = _items(old_state, key)
            state[key] = {
                item.key: _number(form.get(f"{key}-{item.key}", old.get(item.key, 0))) for item in deck
            }
        _apply_step(state, form.get("step", ""))
        return state, []

    # ------------------------------------------------------------------ template context

    def context(self, play, seat, evaluation) -> dict:
        state = seat.state if isinstance(seat.state, dict) else {}
        errors: dict[str, list[str]] = {}
        for e in evaluation.seat_errors[seat.position]:
            errors.setdefault(e.path, []).append(e.message)

        others = [s for s in play.seats if s.position != seat.position]
        taken = {}  # plant name -> the other player holding it
        for other in others:
            for entry in _old_plants(other.state if isinstance(other.state, dict) else {}):
                plant = find_plant(entry.get("name") or "")
                if plant:
                    taken[plant.name] = other.name

        # The engine's preview of this seat: each plant's and card's points by contract path.
        options = play.options if isinstance(play.options, dict) else {}
        preview = scoring.get("planted").preview(state, options, max(1, len(play.seats)), seat.position)

        slots = []
        for i, entry in enumerate(_old_plants(state)):
            name = entry.get("name") or ""
            growth = entry.get("growth", 0)
            plant = find_plant(name) if isinstance(name, str) else None
            points = preview.points.get(f"plants[{i}]")
            # the growth spaces to draw as covered: the tokens typed, once the engine scores them
            covered = (_count(growth) or 0) if points is not None and plant is not None else 0
            slots.append(
                {
                    "index": i,
                    "name": name if isinstance(name, str) else str(name),
                    "growth": growth,
                    "plant": plant,
                    "kind": PLANT_KINDS.get(plant.type, "") if plant else "",
                    # growth spaces in the order tokens fill them: lowest first
                    "spaces": [(v, n < covered) for n, v in enumerate(reversed(plant.growth))] if plant else [],
                    "max": plant.spaces if plant else 0,
                    "points": points,
                    "full": plant is not None and covered == plant.spaces,
                }
            )

        if not any(slot["name"] for slot in slots):
            errors.pop("plants", None)  # an untouched seat: the placeholder says what to do, no red yet

        result = evaluation.seat_result(seat.position)
        categories = {c.key: c for c in result.categories} if result else {}
        decoration_lines = preview.category("decorations")

        def cards(key: str, deck) -> list[dict]:
            mine = _items(state, key)
            out = []
            for item in deck:
                elsewhere = sum(_count(_item_value(_items(o.state, key), item)) or 0 for o in others)
                value = _item_value(mine, item)
                # the engine's explanation of this card's points (decorations held only), by its path
                about = decoration_lines.lines_about(f"{key}.{item.key}") if decoration_lines and key == "decorations" else ()
                line = about[0] if about else ""
                out.append(
                    {
                        "key": item.key,
                        "name": item.name,
                        "text": item.text,
                        "deck": item.count,
                        "value": value,
                        "line": line,
                        "elsewhere": elsewhere,
                        "left": max(0, item.count - elsewhere),
                    }
                )
            return out

        return {
            "slots": slots,
            "propagation": state.get("propagation", 0),
            "max_propagation": MAX_PROPAGATION,
            "decorations": cards("decorations", DECORATIONS),
            "tools": cards("tools", TOOLS),
            "field_errors": errors,
            "categories": categories,
            "beginner_options": [p for p in BEGINNERS if p.name not in taken],
            "plant_options": [p for p in PLANTS if not p.beginner and p.name not in taken],
            "kinds": PLANT_KINDS,
        }


def _apply_step(state: dict, step: str) -> None:
    """One tap of a stepper posted without JavaScript: ``"plants-2-growth:+1"``.  Only a whole
    number steps, within 0 and the field's most (the plant's spaces, the deck's copies)."""
    field, _, delta_text = (step or "").partition(":")
    if delta_text not in ("+1", "-1"):
        return
    delta = int(delta_text)
    parts = field.split("-")
    if len(parts) == 3 and parts[0] == "plants" and whole_number(parts[1]) is not None and parts[2] == "growth":
        i = int(parts[1])
        if i >= len(state["plants"]):
            return
        plant = find_plant(state["plants"][i]["name"] or "")
        top = plant.spaces if plant else 0
        target = state["plants"][i]
        key = "growth"
    elif field == "propagation":
        top, target, key = MAX_PROPAGATION, state, "propagation"
    elif len(parts) == 2 and parts[0] in ("decorations", "tools"):
        item = find_item(DECORATIONS if parts[0] == "decorations" else TOOLS, parts[1])
        if item is None:
            return
        top, target, key = item.count, state[parts[0]], item.key
    else:
        return
    value = target.get(key)
    if isinstance(value, int) and value + delta >= 0 and (delta < 0 or value + delta <= top):
        target[key] = value + delta


register("planted", PlantedAdapter())


def _pad_rows(result) -> list[dict]:
    """The paper score pad's rows: Plant 1 ... Plant 6, Propagation, Decorations (Total is the
    table's footer).  A plant row explains itself with the Plants lines about that row's plant
    (the row's ``ref``, e.g. ``plants[2]``)."""

    rows: list[dict] = []
    labels = [entry["row"] for entry in result.players[0].extra.get("pad", []) if entry["row"] != "Total"]
    for label in labels:
        cells = []
        for player in result.players:
            entry = next((e for e in player.extra.get("pad", []) if e["row"] == label), None)
            if entry is None:
                cells.append(None)
            elif label.startswith("Plant "):
                ref = entry.get("ref")
                lines = player.category("plants").lines_about(ref) if ref else ()
                cells.append(Category("plants", label, entry["points"], lines or ("No plant in this row",)))
            else:
                key = label.lower()
                cells.append(Category(key, label, entry["points"], player.category(key).details))
        rows.append({"key": label.lower().replace(" ", "-"), "label": label, "cells": cells})
    return rows

