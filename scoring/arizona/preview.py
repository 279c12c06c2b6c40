"""Which lines and quadrants of a display being entered already score (for the entry screen).

The entry screen lights up each scoring line and quadrant as the display is completed; the web
layer never computes a point, so it asks :func:`preview`.  It takes the player's ``grid`` as typed
so far (cells may be empty or malformed: they simply leave their lines incomplete) and never
raises.

>>> cells = [[{"number": 4 * r + c + 1, "color": "pink"} for c in range(4)] for r in range(4)]
>>> cells[3][3] = {"number": None, "color": ""}
>>> shown = preview(cells)
>>> [(line["label"], line["scores"]) for line in shown["lines"] if line["complete"]]
[('Row 1', True), ('Row 2', True), ('Row 3', True), ('Column 1', True), ('Column 2', True), ('Column 3', True)]
>>> [(q["label"], q["scores"]) for q in shown["quadrants"]]
[('Top-left', True), ('Top-right', True), ('Bottom-left', True), ('Bottom-right', False)]
"""

from __future__ import annotations

from typing import Any

from ..core import Errors
from .model import SIZE, Card, parse_card
from .rules import QUADRANTS, order


def _cell(grid: Any, r: int, c: int) -> Card | None:
    try:
        raw = grid[r][c]
    except (TypeError, IndexError, KeyError):
        return None
    return parse_card(Errors(), raw, "")


def preview(grid: Any, *, advanced: bool = False) -> dict[str, list[dict[str, Any]]]:
    """For each of the 8 lines and 4 quadrants: its cells, whether all its cards are filled in
    (``complete``) and whether it scores (``scores``: a complete line in order, a complete
    quadrant of one colour; with ``advanced``, lines also say ``one_color``)."""
    cells = [[_cell(grid, r, c) for c in range(SIZE)] for r in range(SIZE)]
    lines = []
    positions = [(f"Row {r + 1}", [(r, c) for c in range(SIZE)]) for r in range(SIZE)]
    positions += [(f"Column {c + 1}", [(r, c) for r in range(SIZE)]) for c in range(SIZE)]
    for label, where in positions:
        cards = [cells[r][c] for r, c in where]
        complete = all(card is not None for card in cards)
        numbers = [card.number for card in cards if card is not None]
        entry: dict[str, Any] = {
            "label": label,
            "cells": [list(p) for p in where],
            "complete": complete,
            "scores": complete and len(set(numbers)) == SIZE and order(numbers) is not None,
        }
        if advanced:
            entry["one_color"] = complete and len({card.color_key for card in cards if card}) == 1
        lines.append(entry)
    quadrants = []
    for label, top, left in QUADRANTS:
        where = [(top + r, left + c) for r in range(SIZE // 2) for c in range(SIZE // 2)]
        cards = [cells[r][c] for r, c in where]
        complete = all(card is not None for card in cards)
        quadrants.append(
            {
                "label": label.replace(" quadrant", ""),
                "cells": [list(p) for p in where],
                "complete": complete,
                "scores": complete and len({card.color_key for card in cards if card}) == 1,
            }
        )
    return {"lines": lines, "quadrants": quadrants}
