"""A running score for a Verdant home that is still being filled in (the entry screen's live total).

:func:`scoring.verdant.score` refuses a home with empty or broken cells.  :func:`preview` scores
what is there: every cell that parses on its own is placed, the others are skipped, and the
engine's own rule functions (``rules.score_player``, ``rules.room_score`` ...) do the arithmetic,
so a complete home previews to exactly its real score (tested against ``score``).  It also gives
each card its own points and explanation for the finished-home picture.

Only this one player is known here: goals that compare players ("the most ...") are scored as if
no one else played.  Table-wide checks (the same card twice, the pot supply) are left to ``score``.

>>> from scoring.verdant import blank_player
>>> p = blank_player()
>>> p["home"][0][0] = {"kind": "plant", "name": "Jasmine", "pot": "concrete"}
>>> p["home"][0][1] = {"kind": "room", "type": "vining"}
>>> out = preview(p, {})
>>> out["total_so_far"], out["cells"][(0, 0)]["points"], out["cells"][(0, 1)]["points"]
(15, 14, 1)
>>> expected_kind(p["home"], 2, 4), expected_kind(p["home"], 1, 0)
('plant', 'room')
"""

from __future__ import annotations

from typing import Any

from ..core import Errors, options_of, to_int
from . import catalog as cat
from .model import Cell, GameState, Plant, PlayerState
from .parse import MAX_PLAYERS, VARIANTS, _item, _norm_word, parse_cell, parse_goals
from .rules import CATEGORY_LABELS, bonus_pots, completed_plants, room_score, score_player


def _rows(home: Any) -> list[list[Any]]:
    if not isinstance(home, list):
        return []
    return [row if isinstance(row, list) else [] for row in home]


def expected_kind(home: Any, row: int, col: int) -> str | None:
    """"plant" or "room" for the cell at (row, col), following the checkerboard from the first
    cell that says what it is; None while the home is empty."""
    for r, cells in enumerate(_rows(home)):
        for c, cell in enumerate(cells):
            kind = _norm_word(cell.get("kind"), ("plant", "room")) if isinstance(cell, dict) else None
            if kind:
                same = (r + c) % 2 == (row + col) % 2
                return kind if same else ("room" if kind == "plant" else "plant")
    return None


def _goals(options: dict, player_count: int, position: int, solo: bool, modification: int | None) -> tuple:
    scratch = Errors()
    sets, _ = parse_goals(scratch, {"options": options}, player_count, modification, solo)
    return sets[position] if 0 <= position < len(sets) else ()


def preview(player_state: Any, options: Any = None, player_count: int = 1, position: int = 0) -> dict[str, Any]:
    """Score what is entered so far.

    Returns ``{"total_so_far", "categories": {key: {"label", "points", "lines"}}, "cells":
    {(r, c): {"kind", "label", "points", "why"}}, "filled", "size", "complete"}``.  ``points`` of a
    card is what it scores by itself (a plant's printed points plus its pot; a room's bonus); an
    incomplete plant's verdancy is pooled with the others, so its own ``points`` is None.
    ``position`` is the seat (modification 5 deals a goal set per player).
    """
    state = player_state if isinstance(player_state, dict) else {}
    options = options_of({"options": options}) if isinstance(options, dict) else {}
    player_count = player_count if isinstance(player_count, int) and 1 <= player_count <= MAX_PLAYERS else 1
    variant = _norm_word(options.get("variant"), VARIANTS) or "standard"
    family = variant == "family"
    scratch = Errors()
    modification = None
    if options.get("modification") not in (None, ""):
        modification = to_int(scratch, options.get("modification"), "", minimum=1, maximum=10)

    cells: list[Cell] = []
    size = 0
    for r, row in enumerate(_rows(state.get("home"))):
        for c, data in enumerate(row):
            size += 1
            if data in (None, {}):
                continue
            card = parse_cell(Errors(), data, f"home[{r}][{c}]", family)
            if card is not None:
                cells.append(Cell(r, c, card, f"home[{r}][{c}]"))

    thumbs = to_int(Errors(), state.get("green_thumbs"), "", minimum=0, maximum=0 if family else 5) or 0
    raw_storage = state.get("storage")
    storage = None
    if isinstance(raw_storage, dict):
        storage = _item(Errors(), raw_storage, "storage")
    elif raw_storage not in (None, ""):
        storage = _norm_word(raw_storage, cat.NURTURE)

    goals = _goals(options, player_count, position, player_count == 1, modification)
    player = PlayerState(str(state.get("name") or "player"), thumbs, storage, tuple(cells), goals, position)
    game = GameState(variant, modification, player_count, (player,))
    scored = score_player(game, player)

    per_cell: dict[tuple[int, int], dict[str, Any]] = {}
    for cell in cells:
        alone = PlayerState(player.name, 0, None, (cell,), (), position)
        card = cell.card
        if isinstance(card, Plant):
            if card.complete:
                plant_pts, plant_lines = completed_plants(alone, family)
                pot_pts, pot_lines = bonus_pots(alone, family)
                points, why = plant_pts + pot_pts, plant_lines + pot_lines
            else:
                points = None
                why = [f"Incomplete: {card.verdancy} verdancy (needs {card.needs})"] + (
                    scored["verdancy"][1] if not family else [])
            per_cell[(cell.row, cell.col)] = {"kind": "plant", "label": card.label(), "points": points, "why": why,
                                              "type": card.type, "needs": card.needs}
        else:
            points, line = room_score(player, cell)
            per_cell[(cell.row, cell.col)] = {"kind": "room", "label": card.label(), "points": points, "why": [line],
                                              "type": card.type}
    return {
        "total_so_far": sum(points for points, _ in scored.values()),
        "categories": {k: {"label": CATEGORY_LABELS[k], "points": pts, "lines": list(lines)} for k, (pts, lines) in scored.items()},
        "cells": per_cell,
        "filled": len(cells),
        "size": size,
        "complete": size > 0 and len(cells) == size,
    }
