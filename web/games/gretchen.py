"""Gretchen's Garden entry screen: the row of pots as the player sees it, left end on top.

Fields are named by contract path (``display[2].plant.leaves``); a pot is one choice ``display[i].pot``
(``red:12``), a plant one choice ``display[i].plant.name``; ``places``: how many places the form shows.
The entry form is a whole picture of the seat; row changes (add, move, remove, undo) are the
interaction ``row`` (``POST /plays/<id>/seats/<pos>/do/row``), saved as ``set={"display": row}``
with the form's version (a stale phone's row change
over another phone's change of the row is a conflict).  Every number, line and limit is the engine's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from scoring import gretchen, paths
from scoring.core import FieldError
from scoring.schema import Obj
from web.games import (
    Adapter,
    Ask,
    SeatChange,
    UnknownAction,
    apply_step,
    preview,
    register,
    show_value,
    state_from_paths,
    whole_number,
)

GAME = gretchen.GAME.name  # "gretchens-garden": the engine names the game, the web layer reads it
TEMPLATE = "games/gretchens-garden/entry.html"
SCHEMA = gretchen.GAME.player_schema or Obj({})
POT = {k: SCHEMA.at(("display", 0, "pot", k)) for k in ("color", "size")}
PLANT_NAMES = frozenset(p.name for p in gretchen.PLANTS)
PLACE = re.compile(r"display\[(\d+)\](?:\.(.+))?$")
TOP = {
    "display": "The row of pots",
    "money_plant_leaves": "Money Plant leaves",
    "watering_can": "Watering can",
}
PARTS = {
    "pot": "pot",
    "pot.color": "pot colour",
    "pot.size": "pot size",
    "plant": "plant",
    "plant.name": "plant",
    "plant.leaves": "leaves",
    "plant.flower": "flower",
    "money_plant": "Money Plant",
}


# ------------------------------------------------------------------------ form -> state


def pot_value(pot: Any) -> str:
    """A pot as the pot picker's choice carries it: ``red:12`` (``:8`` without a colour)."""
    pot = pot if isinstance(pot, dict) else {}
    return ":".join("" if pot.get(k) is None else str(pot.get(k)) for k in ("color", "size"))


def read_pot(text: str) -> dict[str, Any]:
    color, _, size = (text or "").partition(":")
    return {k: node.from_form(v) if node else v for (k, node), v in zip(POT.items(), (color, size))}


def read_form(form: Mapping[str, str], old_state: Any) -> dict[str, Any]:
    """The seat as the form shows it: every field read at its contract path (typed as the schema
    says; text that does not read stays as typed, for the engine to name), one stepper tap without
    JavaScript (``step``) applied.  The row is the form's own (``places``), not the stored one."""
    state = {k: v for k, v in old_state.items() if k != "name"} if isinstance(old_state, dict) else {}
    count = whole_number(form.get("places", ""), max_digits=2)
    fields = {k: v for k, v in form.items() if k != "step" and not k.startswith("display")}
    if count is not None:
        row: list[dict[str, Any]] = []
        for i in range(count):
            if f"display[{i}].money_plant" in form:
                row.append({"money_plant": True})
                continue
            row.append(
                {
                    "pot": read_pot(form.get(f"display[{i}].pot", ":")),
                    "plant": {"name": "", "leaves": 0, "flower": False},
                }
            )
            fields.update({k: v for k, v in form.items() if k.startswith(f"display[{i}].plant.")})
        state["display"] = row
    state = state_from_paths(fields, state, SCHEMA)
    for place in state.get("display", []) if count is not None else []:
        plant = place.get("plant") if isinstance(place, dict) else None
        if isinstance(plant, dict):  # no name: an empty pot; a known plant in the catalog's spelling
            found = gretchen.find_plant(plant.get("name"))
            place["plant"] = (
                {**plant, "name": found.name if found else plant["name"]} if plant.get("name") else None
            )
    return apply_step(state, form.get("step", ""), SCHEMA, _most)


def _most(state: dict[str, Any], parts: paths.Path, top: int | None) -> int | None:
    """The most a stepper or Full goes to without JavaScript: a plant's leaves, as many as its pot
    and plant hold (no plant: no step); elsewhere the schema's most."""
    if len(parts) != 4 or parts[0] != "display" or parts[2:] != ("plant", "leaves"):
        return top
    place = paths.get(state, parts[:2])
    plant = place.get("plant") if isinstance(place, dict) else None
    return gretchen.leaf_capacity(place.get("pot"), plant.get("name")) if isinstance(plant, dict) else None


def is_money(place: Any) -> bool:
    return isinstance(place, dict) and place.get("money_plant") is True  # the Money Plant's place


def add_points(display: list[Any]) -> tuple[int, int]:
    """Where "+ Add a pot here" puts a bought pot: next to the Money Plant on the left, inside the gray
    starting pot on the right (rulebook, Pots: bought pots go between), so a row typed top down reads
    in order."""
    gray = [
        isinstance(p, dict) and isinstance(p.get("pot"), dict) and p["pot"].get("color") == "gray"
        for p in display
    ]
    money = next((i for i, p in enumerate(display) if is_money(p)), None)
    left = money if money is not None else int(bool(gray) and gray[0])
    return left, max(left, len(display) - 1 if len(display) > max(1, left + 1) and gray[-1] else len(display))


def apply_op(display: list[Any], op: str, undo: Any) -> tuple[list[Any], Any]:
    """One row change: ``add:left`` / ``add:right`` (``add:left:red:12`` with its pot), ``add:money``,
    ``remove:<i>``, ``undo``, ``left:<i>`` / ``right:<i>`` (move one place).  Returns the new row and what
    Undo keeps (the last removed pot, until the row changes again; ``...``: unchanged)."""
    display = list(display)
    verb, _, arg = op.partition(":")
    where, _, kind = arg.partition(":")
    i = whole_number(where, max_digits=3)
    j = (i or 0) + (-1 if verb == "left" else 1)
    if verb == "add" and where == "money" and not any(is_money(p) for p in display):
        display.append({"money_plant": True})
    elif verb == "add" and where in ("left", "right"):
        display.insert(add_points(display)[where == "right"], {"pot": read_pot(kind or ":"), "plant": None})
    elif verb == "remove" and i is not None and i < len(display) and not is_money(display[i]):
        return display, {"at": i, "place": display.pop(i)}
    elif verb == "undo" and isinstance(undo, dict) and isinstance(undo.get("place"), dict):
        display.insert(max(0, min(len(display), whole_number(str(undo.get("at"))) or 0)), undo["place"])
    elif verb in ("left", "right") and i is not None and 0 <= j < len(display) and i < len(display):
        display[i], display[j] = display[j], display[i]
    else:
        return display, ...
    return display, None


# ------------------------------------------------------------------------ state -> screen


def capacity(place: Any) -> int:
    """How many leaves the plant at ``place`` may hold (its pot and plant, the engine's rule)."""
    got = place if isinstance(place, dict) else {}
    plant = got.get("plant")
    return gretchen.leaf_capacity(got.get("pot"), plant.get("name") if isinstance(plant, dict) else None)


def place_text(place: Any, short: bool = False) -> str:
    """A place in words: "red 12 pot: Jellybean Plant, 12 leaves, flower" (short: "Jellybean Plant")."""
    if is_money(place):
        return "Money Plant"
    got = place if isinstance(place, dict) else {}
    pot, plant = (got[k] if isinstance(got.get(k), dict) else {} for k in ("pot", "plant"))
    if short:
        return str(plant.get("name") or "")
    kind = " ".join(str(v) for v in (pot.get("color"), pot.get("size")) if v not in (None, ""))
    flower = ", flower" if plant.get("flower") else ""
    return (f"{kind} pot" if kind else "a pot") + (
        f": {plant.get('name')}, {show_value(plant.get('leaves'))} leaves{flower}" if plant else ""
    )


class GretchenAdapter(Adapter):
    entry_template = TEMPLATE

    status_target = "#gg-status"
    interaction_blocks = {"row": ("row", "status")}

    def field_label(self, path: str, short: bool = False, state: Any = None) -> str:
        """ "Place 3 (Jellybean Plant): leaves" (the plant named from ``state``, the seat's board);
        ``short``, on the place's own card: "Leaves"."""
        match = PLACE.match(path)
        if not match:
            return TOP.get(path, super().field_label(path))
        if short:
            return PARTS.get(match.group(2) or "", "This place").capitalize()
        display = state.get("display") if isinstance(state, dict) else None
        i = int(match.group(1))
        name = place_text(display[i], short=True) if isinstance(display, list) and i < len(display) else ""
        where = f"Place {i + 1}" + (f" ({name})" if name else "")
        return f"{where}: {PARTS[match.group(2)]}" if match.group(2) in PARTS else where

    def value_label(self, path: str, value: Any) -> str:
        match = PLACE.match(path)
        part = match.groups() if match else ("", "-")
        if path == "display" and isinstance(value, list):
            return f"{len(value)} places: " + "; ".join(place_text(p) for p in value)
        if part[1] is None or (part[1] == "pot" and isinstance(value, dict)):
            return place_text(value if part[1] is None else {"pot": value})
        if part[1] == "plant" and value in (None, paths.MISSING):
            return "no plant (an empty pot)"
        if part[1] == "plant.flower":
            return "flower" if value else "no flower"
        return show_value(value)

    def field_label_in(self, path: str, state: Any) -> str:
        return self.field_label(path, state=state)

    def state_from_form(
        self, form: Mapping[str, str], old_state: dict[str, Any], data: Mapping[str, Any] | None = None
    ) -> tuple[dict[str, Any], list[FieldError]]:
        return read_form(form, old_state), []

    def interact(self, action: str, ask: Ask, play: Any, seat: Any) -> SeatChange:
        """``row``: a row change of the row as this phone showed it, saved as ``display`` with the
        form's version (without JavaScript the whole form came along: the money and the can typed
        are kept too).  Undo keeps the last removed pot in the phone's session (``memo``)."""
        if action != "row":
            raise UnknownAction(action)
        picture = read_form(ask.form, seat.state)
        display, undo = apply_op(
            picture.get("display", []), str(ask.form.get("op", "")), ask.memo.get("undo")
        )
        extra = (
            {}
            if ask.fragment
            else {k: picture[k] for k in ("money_plant_leaves", "watering_can") if k in ask.form}
        )
        return SeatChange(
            set={"display": display, **extra},
            action="row changed",
            memo=None if undo is ... else {"undo": undo},
        )

    def view(self, play: Any, seat: Any, evaluation: Any, ask: Ask) -> dict[str, Any]:
        others = [
            {**(s.state if isinstance(s.state, dict) else {}), "name": s.name}
            for s in play.seats
            if s.position != seat.position
        ]
        board = seat.state if isinstance(seat.state, dict) else {}
        seen = preview(
            GAME, {**board, "name": seat.name}, play.options, len(play.seats), seat.position, others
        )
        display = board.get("display")
        display = display if isinstance(display, list) else []
        money = [i for i, p in enumerate(display) if is_money(p)]
        money_at = money[0] if len(money) == 1 else None
        undo = ask.memo.get("undo")
        undo = undo if isinstance(undo, dict) and isinstance(undo.get("place"), dict) else None
        problems = evaluation.seat_errors[seat.position]
        return {
            "labels": {e.path: self.field_label(e.path, state=board) for e in problems},
            "places": display,
            "money_at": money_at,
            "has_money": bool(money),
            "add_at": add_points(display),
            "blank": bool(seen.extra.get("untouched")) and not seat.done,
            "preview": seen,  # no points as if entered
            "undo": undo,
            "undo_text": place_text(undo["place"]) if undo else "",
            # the engine's facts the page shows, as data (the template never calls the engine)
            "pot_colors": gretchen.POT_COLORS,
            "pot_sizes": gretchen.POT_SIZES,
            "plants": gretchen.PLANTS,
            "max_water": gretchen.MAX_WATER,
            "money_capacity": gretchen.MONEY_PLANT_CAPACITY,
            "capacities": [capacity(p) for p in display],
            "place_names": {i: gretchen.place_name(i, money_at) for i in range(-1, len(display) + 2)},
            "pot_values": [pot_value(p.get("pot") if isinstance(p, dict) else None) for p in display],
            "place_texts": [place_text(p) for p in display],
            "plant_names": PLANT_NAMES,
            # each message's field on the place's own card ("Leaves"), looked up by the templates
            "part_label": {e.path: self.field_label(e.path, short=True) for e in problems}.get,
            "aloe_cap": gretchen.ALOE_VERA_CAP if play.options.get("aloe_vera_max_4") else None,
        }


ADAPTER = GretchenAdapter()
register(GAME, ADAPTER)
