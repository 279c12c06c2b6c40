"""The learned deck: what Scorepad has been told about each Verdant Arizona card.

The deck's card list (number, colour, gecko) is not published, so Scorepad learns it from the
displays players enter.  ``known`` maps a card number to ``{"color": str, "gecko": bool}``; the
web layer stores it and calls these pure functions (no database here):

* :func:`learn` adds the cards of a display and reports every contradiction,
* :func:`autofill` returns what is known about a number, so the entry screen can fill it in,
* :func:`resolve` records the player's answer to a contradiction.

Cards are read exactly as the scoring contract reads them (:func:`~scoring.arizona.model.parse_card`:
ASCII digits, the colour key, the same yes/no for the gecko), and only from the 4 x 4 display.
Colours are free names, compared by their colour key (case-insensitive, trimmed, Unicode NFC:
"Yellow " is "yellow", "rosé" typed either way is one colour); the spelling first learned is kept.
The box has 40 cards: a deck that has learned more says so (:func:`capacity_warning`).

>>> known, conflicts = learn({}, [[{"number": 17, "color": "Yellow", "gecko": True}]])
>>> autofill(known, 17), conflicts
({'color': 'Yellow', 'gecko': True}, [])
>>> known, conflicts = learn(known, [[{"number": 17, "color": "pink", "gecko": True}]])
>>> conflicts[0]["known"], conflicts[0]["entered"], conflicts[0]["path"]
({'color': 'Yellow', 'gecko': True}, {'color': 'pink', 'gecko': True}, 'grid[0][0]')
"""

from __future__ import annotations

from typing import Any

from ..core import Errors
from .model import DECK_CARDS, NUMBER_MAX, NUMBER_MIN, SIZE, color_key, parse_card, whole

Known = dict[int, dict[str, Any]]


def _number(value: Any) -> int | None:
    """A card number read as the scoring contract reads it; None for anything else.

    >>> (_number(17), _number(" 17 "), _number(17.0), _number("x"), _number(True), _number(0), _number("²"),
    ...     _number("١٧"))
    (17, 17, 17, None, None, None, None, None)
    """
    return whole(Errors(), value, "", NUMBER_MIN, NUMBER_MAX, "")


def _card(raw: Any) -> tuple[int, dict[str, Any]] | None:
    """(number, {"color", "gecko"}) of an entered card, or None when the card does not read as
    the scoring contract reads it (an unfilled cell, a bad number or gecko teaches nothing).

    >>> _card({"number": "17", "color": "Rose\u0301 ", "gecko": 1.0})
    (17, {'color': 'Rosé', 'gecko': True})
    >>> _card({"number": 17, "color": "pink", "gecko": "maybe"}) is None
    True
    """
    errors = Errors()
    card = parse_card(errors, raw, "")
    if card is None or errors:
        return None
    return card.number, {"color": card.color, "gecko": card.gecko}


def same_card(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether two entries of one number agree (colour case-insensitive and trimmed, gecko).

    >>> same_card({"color": "Yellow", "gecko": True}, {"color": " yellow ", "gecko": True})
    True
    >>> same_card({"color": "yellow", "gecko": True}, {"color": "yellow", "gecko": False})
    False
    """
    return color_key(str(a.get("color", ""))) == color_key(str(b.get("color", ""))) and bool(
        a.get("gecko")
    ) == bool(b.get("gecko"))


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
    a number or colour are skipped, and so is anything outside the 4 x 4 display; anything that
    is not a grid teaches nothing.

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
    for r, row in enumerate(grid[:SIZE]):
        if not isinstance(row, list):
            continue
        for c, raw in enumerate(row[:SIZE]):
            card = _card(raw)
            if card is None:
                continue
            number, entered = card
            if number not in updated:
                updated[number] = entered
            elif not same_card(updated[number], entered):
                conflicts.append(
                    {
                        "number": number,
                        "known": dict(updated[number]),
                        "entered": entered,
                        "path": f"{path}[{r}][{c}]",
                    }
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


def capacity_warning(known: Any) -> str | None:
    """A warning when the deck knows more cards than the box holds (40): at least one number was
    entered wrong somewhere (the play history can show where, the box cannot say which).

    >>> capacity_warning({n: {"color": "pink", "gecko": False} for n in range(1, 41)}) is None
    True
    >>> capacity_warning({n: {"color": "pink", "gecko": False} for n in range(1, 42)})
    'The deck knows 41 cards, but the box has 40: at least one card number was entered wrong'
    """
    count = len(_copy(known))
    if count <= DECK_CARDS:
        return None
    return (
        f"The deck knows {count} cards, but the box has {DECK_CARDS}: "
        "at least one card number was entered wrong"
    )


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
