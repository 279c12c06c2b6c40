"""Reading what a player typed into a board, by contract path: pure functions the web layer's game
adapters translate forms with (``web/games``), kept beside the schema they read by.  A form's
field is named by its contract path (``plants[2].growth``); :func:`set_at` reads the typed text as
the game's schema says (digits in a number field become a number; text that does not read stays
as typed, for the engine to name next to its field); :func:`apply_step` is a stepper's tap
without JavaScript.  Nothing here knows HTML or HTTP."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from scoring import paths
from scoring.schema import Node

#: the fields of a seat form that are not places of the board
NOT_PLACES = ("csrf_token", "next", "version", "change_id", "step")


def whole_number(text: Any, signs: str = "", max_digits: int | None = None) -> int | None:
    """``text`` read as a whole number: ASCII digits after an optional sign from ``signs``, at
    most ``max_digits`` of them; else None.  Every adapter reads typed numbers through this
    (``str.isdigit`` alone also accepts "²", which ``int`` refuses).

    >>> whole_number(" 12 "), whole_number("-3", "-"), whole_number("-3"), whole_number("²")
    (12, -3, None, None)
    """
    if not isinstance(text, str):
        return None
    text = text.strip()
    digits = text[1:] if text[:1] and text[:1] in signs else text
    if not digits or not digits.isascii() or not digits.isdigit():
        return None
    # 19: SQLite's range; int() stops at 4,300
    if len(digits) > (max_digits if max_digits is not None else 19):
        return None
    return int(text)


def set_at(state: Any, path: str, text: Any, schema: Node | None = None) -> dict[str, Any]:
    """``state`` with the value typed for ``path`` put there, read as the player's ``schema``
    (the game's ``player_schema``) says: digits in a number field become a number; text that does
    not read stays as typed, for the engine to name next to its field.  A path the schema does not
    have is left out.

    >>> from scoring.schema import Arr, Int, Obj, Text
    >>> board = Obj({"plants": Arr(Obj({"name": Text(), "growth": Int(0, 9)}), 6)})
    >>> set_at({"plants": [{"name": "Croton", "growth": 1}]}, "plants[0].growth", "3", board)
    {'plants': [{'name': 'Croton', 'growth': 3}]}
    >>> set_at({}, "plants[9].growth", "3", board)
    {}
    """
    parts = paths.try_parse(path)
    node = schema.at(parts) if schema is not None and parts is not None else None
    if parts is None or (schema is not None and node is None):
        return state if isinstance(state, dict) else {}
    value = node.from_form(text) if node is not None and isinstance(text, str) else text
    out = paths.set_(state if isinstance(state, dict) else {}, parts, value)
    return out if isinstance(out, dict) else {}


def state_from_paths(form: Mapping[str, str], old_state: Any, schema: Node | None) -> dict[str, Any]:
    """The seat's state with every form field named by a contract path read into it
    (:func:`set_at`), and one stepper tap posted without JavaScript (``step`` = ``path:+1``)
    applied.  Fields that are not paths of the board (the CSRF token, ``next``, ``version``...)
    are ignored; everything not in the form keeps its old value.

    >>> from scoring.schema import Int, Obj
    >>> board = Obj({"propagation": Int(0, 40), "wrens": Int(0, 15)})
    >>> state_from_paths({"propagation": "4", "csrf_token": "x", "step": "wrens:+1"}, {"wrens": 2}, board)
    {'wrens': 3, 'propagation': 4}
    """
    state: dict[str, Any] = dict(old_state) if isinstance(old_state, dict) else {}
    for name, text in form.items():
        if name not in NOT_PLACES:
            state = set_at(state, name, text, schema)  # a name that is no path of the board is left out
    return apply_step(state, form.get("step", ""), schema)


def apply_step(
    state: dict[str, Any],
    step: str,
    schema: Node | None,
    most: Callable[[dict[str, Any], paths.Path, int | None], int | None] | None = None,
) -> dict[str, Any]:
    """One tap of a stepper posted without JavaScript: ``"plants[2].growth:+1"``, or ``:full`` (the
    most).  Only a whole number steps, within 0 and the schema's maximum for that place; a game
    whose most depends on the board passes ``most(state, parts, maximum)``: it answers the most
    there, or None (no step), and its blank or unreadable value steps from 0."""
    where, _, delta_text = (step or "").rpartition(":")
    if delta_text not in ("+1", "-1", "full") or not where:
        return state
    parts = paths.try_parse(where)
    if parts is None:
        return state
    node = schema.at(parts) if schema is not None else None
    value = paths.get(state, parts)
    if not isinstance(value, int) or isinstance(value, bool):
        value = 0 if value in (None, "", paths.MISSING) or most is not None else None
    top: int | None = getattr(node, "maximum", None)
    top = most(state, parts, top) if most is not None else top
    if value is None or (most is not None and top is None):
        return state
    new = top if delta_text == "full" else value + int(delta_text)
    low = getattr(node, "minimum", 0)
    if new is None or new < (low if low is not None else 0) or (top is not None and new > top):
        return state
    out = paths.set_(state, parts, new)
    return out if isinstance(out, dict) else state


def humanize_path(path: str) -> str:
    """A readable name for a contract path when the game has no better one:
    ``decorations.plant_stand`` -> "Decorations: plant stand", ``plants[2].growth`` -> "Plants 3: growth".

    >>> humanize_path("decorations.plant_stand"), humanize_path("plants[2].growth"), humanize_path("")
    ('Decorations: plant stand', 'Plants 3: growth', 'This seat')
    """
    parts = paths.try_parse(path)
    if parts is None:
        return path
    words: list[str] = []
    for part in parts:
        if isinstance(part, int):
            if words:
                words[-1] += f" {part + 1}"
            else:
                words.append(f"Number {part + 1}")
        else:
            words.append(part.replace("_", " "))
    if not words:
        return "This seat"
    text = ": ".join(words)
    return text[0].upper() + text[1:]


def show_value(value: Any) -> str:
    """A value as a player reads it: nothing is "–", a card is its words, not JSON."""
    if value is None or value is paths.MISSING or value == "":
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return ", ".join(show_value(v) for v in value.values() if v not in (None, "", False, [], {})) or "–"
    if isinstance(value, list):
        return "; ".join(show_value(v) for v in value) or "–"
    return str(value)
