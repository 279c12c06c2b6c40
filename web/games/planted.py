"""Planted's entry screen: six plant slots (a name from the card list, a growth stepper), the
propagation jars, a stepper per Decoration and Tool card with the copies left on the table.
Fields are named by contract path (``plants[2].growth``, ``decorations.plant_stand``) and read
through the engine's ``player_schema``; points, card lines and messages come from the engine, by
path.  Without JavaScript a stepper button posts ``step`` = ``plants[2].growth:+1``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring import paths
from scoring.core import Category, FieldError
from scoring.planted import GAME
from scoring.planted.catalog import BEGINNERS, DECORATIONS, PLANTS, TOOLS, find_item, find_plant
from scoring.planted.schema import MAX_PLANTS
from web.games import Adapter, Ask, apply_step, register, show_value, state_from_paths

DECKS = {"decorations": DECORATIONS, "tools": TOOLS}
WORDS = {
    "plants": "Plants",
    "propagation": "Propagation jars",
    "decorations": "Decoration cards",
    "tools": "Tool cards",
}


def _plants(state: Any) -> list[dict[str, Any]]:
    """The seat's plant slots, at least six (an entry that is not a plant reads as an empty slot)."""
    raw = state.get("plants") if isinstance(state, dict) else None
    plants = [p if isinstance(p, dict) else {} for p in raw] if isinstance(raw, list) else []
    return plants + [{"name": "", "growth": 0} for _ in range(MAX_PLANTS - len(plants))]


def _plant(entry: dict[str, Any]) -> Any:
    name = entry.get("name")
    return find_plant(name) if isinstance(name, str) else None


def _counts(state: Any, key: str) -> dict[str, Any]:
    """A seat's Decoration or Tool counts by card key (the contract also takes a card's name)."""
    raw = state.get(key) if isinstance(state, dict) else None
    out: dict[str, Any] = {}
    for name, value in raw.items() if isinstance(raw, dict) else ():
        card = getattr(find_item(DECKS[key], str(name)), "key", str(name))
        have = out.get(card)
        out[card] = (
            have + value
            if isinstance(have, int) and isinstance(value, int)
            else (value if have in (None, 0) else have)
        )
    return out


def _card_name(key: str) -> str:
    item = find_item(DECORATIONS + TOOLS, key)
    return item.name if item else key


def _slot_label(index: int) -> str:
    return "Beginner plant" if index == 0 else f"Plant {index + 1}"


def _no_room(state: dict[str, Any], step: str) -> bool:
    """A growth + on a slot with no plant yet, or on a plant whose spaces are all covered."""
    where, _, delta = step.rpartition(":")
    parts = paths.try_parse(where) or ()
    if (
        delta != "+1"
        or len(parts) != 3
        or (parts[0], parts[2]) != ("plants", "growth")
        or not isinstance(parts[1], int)
    ):
        return False
    entry = (_plants(state) + [{}] * parts[1])[parts[1]]
    plant, growth = _plant(entry), entry.get("growth")
    return plant is None or (isinstance(growth, int) and growth >= plant.spaces)


class PlantedAdapter(Adapter):
    entry_template = "games/planted/entry.html"

    def field_label(self, path: str, state: Any = None) -> str:
        """A place as the player sees it: "Beginner plant", "Plant 3 (Croton)", "Growth on Croton",
        "Propagation jars", "Plant Stand cards" (``state``: the seat, for the plant's name)."""
        parts = paths.try_parse(path)
        if parts is None:  # a card written by its name ("decorations.Plant Stand")
            head, _, card = path.partition(".")
            return f"{_card_name(card)} cards" if head in DECKS and card else path
        if len(parts) >= 2 and parts[0] == "plants" and isinstance(parts[1], int):
            label, plant = _slot_label(parts[1]), _plant((_plants(state) + [{}] * parts[1])[parts[1]])
            if parts[2:] == ("growth",):
                return (
                    f"Growth on {plant.name}"
                    if plant
                    else f"Growth on {'the ' if parts[1] == 0 else ''}{label.lower()}"
                )
            return f"{label} ({plant.name})" if plant and parts[2:] != ("name",) else label
        if len(parts) == 2 and parts[0] in DECKS:
            return f"{_card_name(str(parts[1]))} cards"
        if len(parts) == 1 and parts[0] in WORDS:
            return WORDS[str(parts[0])]
        return super().field_label(path)

    def field_label_in(self, path: str, state: Any) -> str:
        return self.field_label(path, state)

    def value_label(self, path: str, value: Any) -> str:
        """A plant slot as "Croton, 2 Growth tokens"; card counts as "Plant Stand 1, Workbench 2"."""
        if isinstance(value, dict) and "name" in value:
            n = value.get("growth") or 0
            return (
                f"{show_value(value['name'])}, {n} Growth token{'' if n == 1 else 's'}"
                if value["name"]
                else "empty"
            )
        if isinstance(value, list):
            return (
                "; ".join(self.value_label(path, v) for v in value if isinstance(v, dict) and v.get("name"))
                or "no plants"
            )
        if isinstance(value, dict):
            return (
                ", ".join(f"{_card_name(str(k))} {v}" for k, v in value.items() if v not in (0, None, ""))
                or "none"
            )
        return show_value(value)

    def result_rows(self, result: Any) -> list[dict[str, Any]]:
        """Read like the paper score pad (Plant 1 ... Plant 6, Propagation, Decorations)."""
        if result.players and result.players[0].extra.get("pad"):
            return _pad_rows(result)
        return super().result_rows(result)

    def state_from_form(
        self, form: Mapping[str, str], old_state: dict[str, Any], data: Mapping[str, Any] | None = None
    ) -> tuple[dict[str, Any], list[FieldError]]:
        """The whole seat as the form shows it: six slots and every card by its key, the typed values
        read as the schema says (digits become numbers, other text stays as typed for the engine)."""
        old = dict(old_state) if isinstance(old_state, dict) else {}
        old["plants"] = _plants(old)
        for key, deck in DECKS.items():
            old[key] = {item.key: 0 for item in deck} | _counts(old, key)
        state = state_from_paths({k: v for k, v in form.items() if k != "step"}, old, GAME.player_schema)
        step = form.get("step", "")
        if step and not _no_room(state, step):
            state = apply_step(state, step, GAME.player_schema)
        return state, []

    def view(self, play: Any, seat: Any, evaluation: Any, ask: Ask) -> dict[str, Any]:
        state = seat.state if isinstance(seat.state, dict) else {}
        others = [s for s in play.seats if s.position != seat.position]
        taken = {p.name for o in others for entry in _plants(o.state) if (p := _plant(entry))}
        preview = GAME.preview(
            state,
            play.options if isinstance(play.options, dict) else {},
            max(1, len(play.seats)),
            seat.position,
        )
        slots = []
        for i, entry in enumerate(_plants(state)):
            plant, name, growth = _plant(entry), entry.get("name"), entry.get("growth")
            points = preview.points.get(f"plants[{i}]")
            slots.append(
                {
                    "index": i,
                    "path": f"plants[{i}]",
                    "label": _slot_label(i),
                    "plant": plant,
                    "points": points,
                    "name": "" if name is None else str(name),
                    "growth": growth,
                    "max": plant.spaces if plant else 0,
                    # the growth spaces drawn as covered: the tokens typed, once the engine scores them
                    "covered": growth
                    if points is not None and plant is not None and isinstance(growth, int)
                    else 0,
                }
            )
        errors = list(evaluation.seat_errors[seat.position])
        if not any(slot["name"] for slot in slots):  # an untouched seat: no red next to the plants yet
            errors = [e for e in errors if e.path != "plants"]
        return {
            "slots": slots,
            "propagation": state.get("propagation", 0),
            "field_errors": errors,
            "preview": preview,
            "decks": [(key, _cards(state, others, key, preview)) for key in DECKS],
            "beginner_options": [p for p in BEGINNERS if p.name not in taken],
            "plant_options": [p for p in PLANTS if not p.beginner and p.name not in taken],
        }


def _cards(state: dict[str, Any], others: list[Any], key: str, preview: Any) -> list[dict[str, Any]]:
    """Each Decoration or Tool card: this seat's count, who else holds copies, the copies left
    for this seat, and the engine's lines about it (a Decoration's points, by its path)."""
    mine, out = _counts(state, key), []
    for item in DECKS[key]:
        held = [
            (o.name, n) for o in others if isinstance(n := _counts(o.state, key).get(item.key), int) and n > 0
        ]
        path = f"{key}.{item.key}"
        out.append(
            {
                "key": item.key,
                "path": path,
                "name": item.name,
                "text": item.text,
                "value": mine.get(item.key, 0),
                "held": held,
                "left": max(0, item.count - sum(n for _, n in held)),
                "lines": preview.why.get(path, ()),
            }
        )
    return out


register(GAME.name, PlantedAdapter())


def _pad_rows(result: Any) -> list[dict[str, Any]]:
    """The paper score pad's rows: Plant 1 ... Plant 6, Propagation, Decorations (Total is the footer);
    a plant row takes the Plants lines about that row's plant (its ``ref``, e.g. ``plants[2]``).  A
    plant row empty for every player (nobody grew a plant in it) is left out: it says nothing."""
    rows: list[dict[str, Any]] = []
    labels = [entry["row"] for entry in result.players[0].extra.get("pad", []) if entry["row"] != "Total"]
    for label in labels:
        cells: list[Category | None] = []
        held = [e for p in result.players for e in p.extra.get("pad", []) if e["row"] == label and e["ref"]]
        if label.startswith("Plant ") and not held:
            continue
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
