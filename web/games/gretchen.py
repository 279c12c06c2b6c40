"""Gretchen's Garden entry screen: the row of pots as the player sees it, left to right.

The form has one group of fields per place of the row (``place-<i>-kind``, ``-color``, ``-size``,
``-plant``, ``-leaves``, ``-flower``) plus ``money_plant_leaves`` and ``watering_can``.  Row
changes (add a pot at either end, move, remove, undo) and the no-JavaScript steppers are buttons
named ``op``: a plain post applies them and redirects back; with htmx they post to this module's
``row`` route, which saves and answers the re-rendered row.  The web layer never computes a point:
the per-pot lines are the engine's preview (``scoring.gretchen.preview``), filed by contract path
(``display[i]``), and every limit shown (the Money Plant's pot, the watering can, the pot sizes)
is the engine's own constant.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Blueprint, abort, redirect, request, session, url_for
from jinja2_fragments.flask import render_block

import scoring
from scoring import gretchen
from scoring.core import FieldError
from web import store
from web.games import Adapter, register, whole_number
from web.pages import base_version, conflict_page, get_play_or_404, seat_context, seat_page, who

GAME = "gretchens-garden"
TEMPLATE = "games/gretchens-garden/entry.html"
MULTI_SIZES = gretchen.POT_SIZES["purple"]  # 6, 8, 12: the chips offered for a coloured pot
COLOR_LABELS: dict[str, str] = {}

# Which slot next to the card an error path (after ``display[i].``) is shown in, and its label.
FIELD_SLOTS = {
    "pot.color": ("pot", "Pot colour"),
    "pot.size": ("pot", "Pot size"),
    "pot": ("pot", "Pot"),
    "plant.name": ("plant", "Plant"),
    "plant": ("plant", "Plant"),
    "plant.leaves": ("leaves", "Leaves"),
    "plant.flower": ("flower", "Flower"),
    "money_plant": ("place", "Money Plant"),
    "": ("place", "This place"),
}
TOP_SLOTS = {"display": ("row", "The row"), "money_plant_leaves": ("money", "Money Plant leaves"),
             "watering_can": ("can", "Watering can")}


# ------------------------------------------------------------------------ form -> state


def _number(raw: Any) -> Any:
    """A typed count: a whole number when it reads as one, else the text as typed (the engine
    then names the field and what is allowed).  Empty means 0."""
    text = (raw or "").strip() if isinstance(raw, str) else raw
    if text in ("", None):
        return 0
    number = whole_number(text)
    return text if number is None else number


def _pot_from_form(form: Mapping[str, str], i: int) -> dict:
    color = (form.get(f"place-{i}-color") or "").strip() or None
    raw_size = (form.get(f"place-{i}-size") or "").strip()
    size: Any = whole_number(raw_size)
    if size is None:
        size = raw_size or None
    sizes = gretchen.POT_SIZES.get(color or "")
    if sizes is not None and size not in sizes:
        # A size chip left over from another colour: a one-size pot (gray, rainbow) takes its
        # size, a coloured pot asks for one of 6, 8, 12 (the engine says "is missing").
        size = sizes[0] if len(sizes) == 1 else None
    name = (form.get(f"place-{i}-plant") or "").strip()
    plant = None
    if name:
        found = gretchen.find_plant(name)
        plant = {
            "name": found.name if found else name,
            "leaves": _number(form.get(f"place-{i}-leaves")),
            "flower": form.get(f"place-{i}-flower") in ("on", "true", "1"),
        }
    return {"pot": {"color": color, "size": size}, "plant": plant}


def blank_pot() -> dict:
    return {"pot": {"color": None, "size": None}, "plant": None}


def state_from_form(form: Mapping[str, str], old_state: dict, op: str | None = None) -> dict:
    """The seat state as posted (values kept as typed), then the row change ``op`` applied."""
    state = dict(old_state) if isinstance(old_state, dict) else {}
    state.pop("name", None)
    try:
        count = int(form.get("places", ""))
    except ValueError:
        count = -1
    if 0 <= count <= 40:
        display = []
        for i in range(count):
            kind = form.get(f"place-{i}-kind")
            if kind == "money":
                display.append({"money_plant": True})
            elif kind == "pot":
                display.append(_pot_from_form(form, i))
        state["display"] = display
    if "money_plant_leaves" in form:
        state["money_plant_leaves"] = _number(form.get("money_plant_leaves"))
    if "watering_can" in form:
        state["watering_can"] = _number(form.get("watering_can"))
    if op:
        apply_op(state, op)
    return state


def _undo_key() -> str:
    args = request.view_args or {}
    return f"gretchen-undo-{args.get('play_id')}-{args.get('position')}"


def _int(text: str) -> int | None:
    try:
        return int(text)
    except (TypeError, ValueError):
        return None


def _step(value: Any, delta: int, cap: int) -> int:
    current = value if isinstance(value, int) and not isinstance(value, bool) else 0
    return max(0, min(cap, current + delta))


def apply_op(state: dict, op: str) -> None:
    """Apply one row change: ``add:left``, ``add:right``, ``remove:<i>``, ``undo``, ``left:<i>``,
    ``right:<i>`` (move one place), ``step:<field>:<delta>`` and ``full:<field>`` (steppers
    without JavaScript)."""
    display = state.get("display")
    if not isinstance(display, list):
        display = state["display"] = []
    verb, _, arg = op.partition(":")
    if verb in ("add", "remove", "undo", "left", "right"):
        # The last removed pot can be put back until the row changes again.
        if verb == "add":
            session.pop(_undo_key(), None)
            if arg == "money":
                if not any(_is_money(p) for p in display):
                    display.append({"money_plant": True})
            else:
                display.insert(0 if arg == "left" else len(display), blank_pot())
        elif verb == "remove":
            i = _int(arg)
            if i is not None and 0 <= i < len(display) and not _is_money(display[i]):
                session[_undo_key()] = {"at": i, "place": display.pop(i)}
        elif verb == "undo":
            undo = session.pop(_undo_key(), None)
            if isinstance(undo, dict) and isinstance(undo.get("place"), dict):
                at = max(0, min(len(display), _int(str(undo.get("at"))) or 0))
                display.insert(at, undo["place"])
        else:  # move one place left or right
            i = _int(arg)
            j = None if i is None else (i - 1 if verb == "left" else i + 1)
            if i is not None and j is not None and 0 <= i < len(display) and 0 <= j < len(display):
                session.pop(_undo_key(), None)
                display[i], display[j] = display[j], display[i]
    elif verb in ("step", "full"):
        field, _, delta = arg.partition(":")
        d = _int(delta) or 0
        if field == "money_plant_leaves":
            cap = gretchen.MONEY_PLANT_CAPACITY
            state[field] = cap if verb == "full" else _step(state.get(field), d, cap)
        elif field == "watering_can":
            state[field] = _step(state.get(field), d, gretchen.MAX_WATER)
        elif field.startswith("place-") and field.endswith("-leaves"):
            i = _int(field[len("place-"):-len("-leaves")])
            if i is not None and 0 <= i < len(display):
                place = display[i]
                plant = place.get("plant") if isinstance(place, dict) else None
                if isinstance(plant, dict):
                    cap = gretchen.leaf_capacity(place.get("pot"), plant.get("name"))
                    plant["leaves"] = cap if verb == "full" else _step(plant.get("leaves"), d, cap)


def _is_money(place: Any) -> bool:
    return isinstance(place, dict) and place.get("money_plant") is True


# ------------------------------------------------------------------------ state -> screen


def _label(i: int, money_at: int | None) -> str:
    """The label shown on the card: the engine's name of the place ("left 2"), capitalised."""
    return gretchen.place_name(i, money_at).capitalize()


def _errors_by_slot(errors, places: int) -> tuple[list[dict[str, list[str]]], dict[str, list[str]]]:
    per_place: list[dict[str, list[str]]] = [{} for _ in range(places)]
    top: dict[str, list[str]] = {}
    for e in errors:
        path = e.path or ""
        if path.startswith("display[") and "]" in path:
            i = _int(path[len("display["):path.index("]")])
            rest = path[path.index("]") + 1:].lstrip(".")
            if i is not None and 0 <= i < places:
                slot, label = FIELD_SLOTS.get(rest, ("place", "This place"))
                per_place[i].setdefault(slot, []).append(f"{label} {e.message}")
                continue
        slot, label = TOP_SLOTS.get(path, ("row", path or "This seat"))
        top.setdefault(slot, []).append(f"{label} {e.message}")
    return per_place, top


def places_view(state: dict, errors, seen) -> tuple[list[dict], dict[str, list[str]]]:
    """Each place of the row as the card shows it; ``seen`` is the engine's preview of the seat
    (its lines about each place, by contract path)."""
    display = state.get("display") if isinstance(state, dict) else None
    if not isinstance(display, list):
        display = []
    money = [i for i, p in enumerate(display) if _is_money(p)]
    money_at = money[0] if len(money) == 1 else None
    per_place, top = _errors_by_slot(errors, len(display))
    places = []
    for i, raw in enumerate(display):
        view: dict[str, Any] = {"i": i, "label": _label(i, money_at), "errors": per_place[i],
                                "first": i == 0, "last": i == len(display) - 1}
        if _is_money(raw):
            view.update(kind="money", label="Money Plant")
        else:
            raw = raw if isinstance(raw, dict) else {}
            pot = raw.get("pot") if isinstance(raw.get("pot"), dict) else {}
            plant = raw.get("plant") if isinstance(raw.get("plant"), dict) else None
            color = pot.get("color") if isinstance(pot.get("color"), str) else None
            name = plant.get("name") if plant and isinstance(plant.get("name"), str) else ""
            found = gretchen.find_plant(name)
            view.update(
                kind="pot",
                color=color.strip().lower().replace("grey", "gray") if color else None,
                size=pot.get("size"),
                name=name,
                leaves=plant.get("leaves", 0) if plant else 0,
                flower=bool(plant.get("flower")) if plant else False,
                plant=found,
                cap=gretchen.leaf_capacity(pot, name),
                lines=list(seen.why.get(f"display[{i}]", ())),
                points=seen.points.get(f"display[{i}]"),
            )
        places.append(view)
    return places, top


def _shown(value: Any) -> str:
    return "" if value is None else str(value)


class GretchenAdapter(Adapter):
    entry_template = TEMPLATE

    def state_from_form(self, form, old_state):
        # An htmx autosave carries the last tapped button's name too: only a plain post (no
        # JavaScript) applies the op of the button that submitted it.
        op = None if request.headers.get("HX-Request") else form.get("op")
        return state_from_form(form, old_state, op), []

    def context(self, play, seat, evaluation) -> dict:
        seat_result = evaluation.seat_result(seat.position)
        others = [{**(s.state if isinstance(s.state, dict) else {}), "name": s.name}
                  for s in play.seats if s.position != seat.position]
        mine = {**(seat.state if isinstance(seat.state, dict) else {}), "name": seat.name}
        seen = scoring.get(GAME).preview(mine, play.options, len(play.seats), seat.position, others=others)
        places, top = places_view(seat.state, evaluation.seat_errors[seat.position], seen)
        undo = session.get(f"gretchen-undo-{play.id}-{seat.position}")
        return {
            "places": places,
            "top_errors": top,
            "undo": undo if isinstance(undo, dict) else None,
            "undo_text": _undo_text(undo),
            "plants": gretchen.PLANTS,
            "pot_colors": gretchen.POT_COLORS,
            "color_labels": COLOR_LABELS,
            "multi_sizes": MULTI_SIZES,
            "pot_sizes": gretchen.POT_SIZES,
            "shown": _shown,
            "money_capacity": gretchen.MONEY_PLANT_CAPACITY,
            "max_water": gretchen.MAX_WATER,
            "preview": seen,
            "category": lambda key: next((c for c in seat_result.categories if c.key == key), None)
            if seat_result else None,
        }


def _undo_text(undo: Any) -> str:
    if not isinstance(undo, dict) or not isinstance(undo.get("place"), dict):
        return ""
    place = undo["place"]
    pot = place.get("pot") if isinstance(place.get("pot"), dict) else {}
    bits = " ".join(_shown(v) for v in (pot.get("color"), pot.get("size")) if v not in (None, ""))
    text = f"{bits} pot" if bits else "a pot"
    plant = place.get("plant")
    if isinstance(plant, dict) and plant.get("name"):
        text += f" with {plant['name']}"
    return text


ADAPTER = GretchenAdapter()
register(GAME, ADAPTER)


# ------------------------------------------------------------------------ the row route (htmx)

bp = Blueprint("gretchen", __name__)


@bp.post("/plays/<int:play_id>/seats/<int:position>/gretchen/row")
def row(play_id: int, position: int):
    """Apply a row change (add, move, remove, undo), save, answer the new row and the status."""

    found = get_play_or_404(play_id)
    if found.game != GAME or not 0 <= position < len(found.seats):
        abort(404)
    if found.finished:
        body, status = seat_page(found, position, found.evaluate(),
                                  [FieldError("", "This play is finished: reopen it to change a score.")], 409, "status")
        return body, status, {"HX-Retarget": "#gg-status", "HX-Reswap": "outerHTML"}
    state = state_from_form(request.form, found.seats[position].state, request.form.get("op"))
    try:
        found, evaluation, _ = store.save_seat(play_id, position, state, who(), base_version())
    except store.Conflict as conflict:
        return conflict_page(found, conflict)
    if not request.headers.get("HX-Request"):
        return redirect(url_for("main.seat", play_id=play_id, position=position), code=303)
    context = {**seat_context(found, position, evaluation), "oob_status": True}
    html = render_block(TEMPLATE, "row", **context) + render_block(TEMPLATE, "status", **context)
    return html + render_block(TEMPLATE, "total", **context)
