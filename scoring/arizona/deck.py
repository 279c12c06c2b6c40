"""The learned deck: what Scorepad has been told about each Verdant Arizona card.

The deck's card list (number, colour, gecko) is not published, so Scorepad learns it from the
displays players enter.  ``known`` maps a card number to ``{"color": str, "gecko": bool}``; the
web layer stores it and calls these pure functions (no database here):

* :func:`learn` adds the cards of a display and reports every contradiction,
* :func:`autofill` returns what is known about a number, so the entry screen can fill it in,
* :func:`resolve` records the player's answer to a contradiction.

Colours are free names, compared case-insensitively and trimmed ("Yellow " is "yellow"); the
spelling first learned is kept.

>>> known, conflicts = learn({}, [[{"number": 17, "color": "Yellow", "gecko": True}]])
>>> autofill(known, 17), conflicts
({'color': 'Yellow', 'gecko': True}, [])
>>> known, conflicts = learn(known, [[{"number": 17, "color": "pink", "gecko": True}]])
>>> conflicts[0]["known"], conflicts[0]["entered"], conflicts[0]["path"]
({'color': 'Yellow', 'gecko': True}, {'color': 'pink', 'gecko': True}, 'grid[0][0]')
"""

from __future__ import annotations

import re
from typing import Any

from .model import NUMBER_MAX, NUMBER_MIN, color_key, color_label

Known = dict[int, dict[str, Any]]


def _number(value: Any) -> int | None:
    """A card number from an int or a string of digits; None for anything else.

    >>> _number(17), _number(" 17 "), _number("x"), _number(True), _number(0), _number("²")
    (17, 17, None, None, None, None)
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, str) and re.fullmatch(r"[0-9]{1,9}", value.strip()):
        value = int(value.strip())
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int) and NUMBER_MIN <= value <= NUMBER_MAX:
        return value
    return None


def _card(raw: Any) -> tuple[int, dict[str, Any]] | None:
    """(number, {"color", "gecko"}) of an entered card, or None when its number or colour is
    missing (an unfilled cell teaches nothing)."""
    if not isinstance(raw, dict):
        return None
    number = _number(raw.get("number"))
    color = raw.get("color")
    if number is None or not isinstance(color, str) or not color.strip():
        return None
    gecko = raw.get("gecko")
    if isinstance(gecko, str):
        gecko = gecko.strip().lower() in {"1", "true", "on", "yes"}
    return number, {"color": color_label(color), "gecko": bool(gecko)}


def same_card(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether two entries of one number agree (colour case-insensitive and trimmed, gecko).

    >>> same_card({"color": "Yellow", "gecko": True}, {"color": " yellow ", "gecko": True})
    True
    >>> same_card({"color": "yellow", "gecko": True}, {"color": "yellow", "gecko": False})
    False
    """
    return color_key(str(a.get("color", ""))) == color_key(str(b.get("color", ""))) and bool(a.get("gecko")) == bool(
        b.get("gecko")
    )


def _copy(known: Any) -> Known:
    """A fresh copy of ``known`` with int keys (a JSON round trip turns keys into strings)."""
    out: Known = {}
    if not isinstance(known, dict):
        return out
    for key, value in known.items():
        number = _number(key)
        if number is not None and isinstance(value, dict):
            out[number] = {"color": value.get("color"), "gecko": bool(value.get("gecko"))}
    return out


def learn(known: Known, grid: Any, *, path: str = "grid") -> tuple[Known, list[dict[str, Any]]]:
    """Learn the cards of one display.

    Returns ``(updated_known, conflicts)``: a new dict (``known`` is not changed) with every card
    not known before, and one conflict ``{"number", "known", "entered", "path"}`` for each card
    that contradicts what is known (including an earlier card of the same display).  A
    contradicted card keeps its known value until the player calls :func:`resolve`.  Cells without
    a number or colour are skipped; anything that is not a grid teaches nothing.

    >>> known, conflicts = learn({5: {"color": "pink", "gecko": False}},
    ...                          [[{"number": 5, "color": "PINK ", "gecko": False},
    ...                            {"number": 6, "color": "white", "gecko": True}]])
    >>> known, conflicts
    ({5: {'color': 'pink', 'gecko': False}, 6: {'color': 'white', 'gecko': True}}, [])
    """
    updated = _copy(known)
    conflicts: list[dict[str, Any]] = []
    if not isinstance(grid, list):
        return updated, conflicts
    for r, row in enumerate(grid):
        if not isinstance(row, list):
            continue
        for c, raw in enumerate(row):
            card = _card(raw)
            if card is None:
                continue
            number, entered = card
            if number not in updated:
                updated[number] = entered
            elif not same_card(updated[number], entered):
                conflicts.append(
                    {"number": number, "known": dict(updated[number]), "entered": entered, "path": f"{path}[{r}][{c}]"}
                )
    return updated, conflicts


def learn_table(known: Known, table: Any) -> tuple[Known, list[dict[str, Any]]]:
    """:func:`learn` every player's grid of a table; conflict paths are
    ``players[i].grid[r][c]``.

    >>> grid = [[{"number": 9, "color": "green", "gecko": False}]]
    >>> other = [[{"number": 9, "color": "pink", "gecko": False}]]
    >>> known, conflicts = learn_table({}, {"players": [{"grid": grid}, {"grid": other}]})
    >>> [c["path"] for c in conflicts]
    ['players[1].grid[0][0]']
    """
    updated = _copy(known)
    conflicts: list[dict[str, Any]] = []
    players = table.get("players") if isinstance(table, dict) else None
    for i, player in enumerate(players if isinstance(players, list) else []):
        if isinstance(player, dict):
            updated, found = learn(updated, player.get("grid"), path=f"players[{i}].grid")
            conflicts.extend(found)
    return updated, conflicts


def autofill(known: Known, number: Any) -> dict[str, Any] | None:
    """What is known about card ``number`` (a copy), or None if it has not been seen.

    >>> autofill({17: {"color": "yellow", "gecko": True}}, "17")
    {'color': 'yellow', 'gecko': True}
    >>> autofill({17: {"color": "yellow", "gecko": True}}, 18) is None
    True
    """
    found = _number(number)
    if found is None:
        return None
    entry = _copy(known).get(found)
    return dict(entry) if entry else None


def resolve(known: Known, number: Any, card: dict[str, Any]) -> Known:
    """Record the player's answer to a contradiction: card ``number`` is ``card``
    (``{"color", "gecko"}``).  Returns a new dict; ``known`` is unchanged.  An unusable number
    or colour changes nothing.

    >>> resolve({17: {"color": "yellow", "gecko": True}}, 17, {"color": "pink", "gecko": True})
    {17: {'color': 'pink', 'gecko': True}}
    """
    updated = _copy(known)
    entry = _card({**card, "number": number}) if isinstance(card, dict) else None
    if entry is not None:
        updated[entry[0]] = entry[1]
    return updated
