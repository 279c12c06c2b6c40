"""What a Verdant Arizona seat page shows while its display is typed: ``GAME.preview``.

Built from the same rule functions as the score (:mod:`scoring.arizona.rules`), over the cards
entered so far: a line or quadrant with a card missing scores nothing yet.  A complete, legal
board previews to exactly its score.  Never raises, whatever the state holds.

``Preview.points`` and ``Preview.why`` are keyed by card (``grid[r][c]``): a card's own points
are its gecko's (1 per scoring line it is in; None for a card without a gecko, whose points are
its lines' and quadrants'), its why every explanation line naming it.  ``Preview.extra`` holds
what the entry screen lights up: ``lines`` (8: rows 1-4, columns 1-4) and ``quadrants`` (4),
each ``{"label", "cells": [[r, c], ...], "paths", "complete", "scores", "one_color",
"points", "lines"}`` (``lines``: the score's lines about it: its order, its geckos, its colours)
(``scores``: in order for a line, one colour for a quadrant; ``one_color``: the line earns the
advanced colour point under the table's reading).

>>> cells = [[{"number": 4 * r + c + 1, "color": "pink"} for c in range(4)] for r in range(4)]
>>> cells[3][3] = {"number": None, "color": ""}
>>> shown = preview({"grid": cells}, {}, 2, 0)
>>> [(a["label"],
...     a["scores"]) for a in shown.extra["lines"] if a["complete"]]  # doctest: +NORMALIZE_WHITESPACE
[('Row 1', True), ('Row 2', True), ('Row 3', True), ('Column 1', True), ('Column 2', True), ('Column 3',
True)]
>>> [(q["label"], q["scores"]) for q in shown.extra["quadrants"]]
[('Top-left', True), ('Top-right', True), ('Bottom-left', True), ('Bottom-right', False)]
>>> shown.total, shown.complete, shown.messages[0].path
(12, False, 'grid[3][3].number')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import Category, Errors, FieldError, Preview, ValidationError, seat_errors, why_by_path
from .model import SIZE, Card, Display, Line, Rules, card_path, lenient_rules, parse_card, parse_table
from .rules import earns_color_point, gecko_line, gecko_points, in_order, one_color, score_display


def _cell(grid: Any, r: int, c: int) -> Card | None:
    """The card typed at row r, column c, if its number and colour read (anything else, an
    empty or malformed cell, leaves its lines incomplete)."""
    row = grid[r] if isinstance(grid, list) and r < len(grid) else None
    raw = row[c] if isinstance(row, list) and c < len(row) else None
    return parse_card(Errors(), raw, "") if isinstance(raw, dict) else None


def typed_display(state: Any) -> Display:
    """The display as typed so far (None where no card reads yet)."""
    grid = state.get("grid") if isinstance(state, dict) else None
    return Display(tuple(tuple(_cell(grid, r, c) for c in range(SIZE)) for r in range(SIZE)))


def _area(
    area: Line, scores: bool, points: int, label: str, colored: bool = False, why: Sequence[str] = ()
) -> dict[str, Any]:
    return {
        "label": label,
        "cells": [list(cell) for cell in area.cells],
        "paths": list(area.paths),
        "complete": area.complete,
        "scores": scores,
        "one_color": colored,
        "points": points,
        "lines": list(why),
    }


def _why(area: Line, categories: Sequence[Category], line_of_cards: bool = True) -> list[str]:
    """The score's lines about this row or column (``line_of_cards``) or quadrant: those naming
    exactly its cards (its order, its colours), and for a row or column its geckos' line."""
    texts = [text for c in categories if c.key != "geckos" for text, refs in c.lines if refs == area.paths]
    geckos = gecko_line(area) if line_of_cards else None
    return texts[:1] + ([geckos[0][0]] if geckos else []) + texts[1:]


def _colour_point(area: Line, rules: Rules) -> bool:
    return rules.advanced and earns_color_point(area, rules.color_lines)


def _line_points(area: Line, rules: Rules) -> int:
    """What a row or column earns: its order point, its geckos' points through it, and its
    advanced colour point."""
    ordered = in_order(area)
    geckos = sum(1 for card in area.entered if card.gecko) if ordered else 0
    return int(ordered) + geckos + int(_colour_point(area, rules))


def _board_messages(state: Any, options: Any, player_count: int) -> tuple[tuple[FieldError, ...], bool]:
    """What the full rules say about this board alone (paths relative to the seat; options
    errors keep theirs) and whether the board itself is legal."""
    board = dict(state) if isinstance(state, dict) else {}
    board["name"] = (
        board.get("name") if isinstance(board.get("name"), str) and board["name"].strip() else "Player"
    )
    table = {
        "options": options if isinstance(options, dict) else {},
        "players": [board],
        "player_count": player_count,
    }
    try:
        parse_table(table)  # the very checks of a real table
    except ValidationError as exc:
        mine = seat_errors(exc.errors)
        others = tuple(e for e in exc.errors if not e.path.startswith("players"))
        return mine + others, not mine
    except (TypeError, ValueError, RecursionError):  # never raise: a state no parser can read
        return (FieldError("", "cannot be read as a Verdant Arizona board"),), False
    return (), True


def preview(
    state: Any, options: Any = None, player_count: int = 1, position: int = 0, *, others: Sequence[Any] = ()
) -> Preview:
    """The seat page's preview of one board (see the module's doc)."""
    rules = lenient_rules(options)
    display = typed_display(state)
    categories = tuple(score_display(display, rules))
    messages, legal = _board_messages(state, options, player_count)

    geckos = gecko_points(display)
    points: dict[str, int | None] = {}
    for r, c, _card in display.cards():
        points[card_path(r, c)] = geckos.get((r, c))
    lines = [
        _area(
            area,
            in_order(area),
            _line_points(area, rules),
            area.label,
            _colour_point(area, rules),
            _why(area, categories),
        )
        for area in display.lines()
    ]
    quadrants = [
        _area(
            area,
            one_color(area),
            2 if one_color(area) else 0,
            area.label.removesuffix(" quadrant"),
            why=_why(area, categories, False),
        )
        for area in display.quadrants()
    ]
    started = any(area["complete"] for area in lines + quadrants)
    total = sum(c.points for c in categories) if started else None
    return Preview(
        total=total,
        categories=categories,
        points=points,
        why=why_by_path(categories),
        messages=messages,
        complete=legal and display.complete,
        extra={"lines": lines, "quadrants": quadrants},
    )
