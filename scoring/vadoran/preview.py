"""What a Vadoran Gardens seat page shows while its player paints or types: each area's points
and why (by contract path), the outlines of the areas, the running total and what to fix.

Built from the same rules as the score (:mod:`scoring.vadoran.rules`), on a board that may be
half-typed: an unreadable square is left out (and named in ``messages``), every part that reads
is scored.  A complete, legal board previews to exactly its score.

>>> p = preview({"garden": ["g* g* g*7 w", "g . x w"]})
>>> p.total, p.points["garden[0][0]"], p.complete
(11, 11, False)
>>> p.why["garden[1][0]"][0]
'Grass area at row 1, column 1 (4 squares, 3 tasks, 1 tablet): scores 4 squares + 1 tablet x 7 = 11'
>>> [m.path for m in p.messages], p.extra["owners"]
(['garden[1][2]'], [[0, 0, 0, 1], [0, 2, -1, 1]])
>>> p.extra["areas"][0]["edges"]
['tl', 'tb', 'trb', 'rbl']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import Errors, FieldError, Preview, why_by_path
from ..schema import PLAYER_NAME, unknown_keys
from .contract import OPTIONS_SCHEMA, PLAYER_SCHEMA, bounds_for
from .garden import ITEMS, outline
from .rules import (
    LOST_ITEM_POINTS,
    categories,
    read_options,
    read_player,
    returned,
    score_sister,
    with_unknown_keys,
)

_BOARD = PLAYER_SCHEMA.with_fields(name=PLAYER_NAME)


def preview(
    state: Any, options: Any = None, player_count: int = 1, position: int = 0, *, others: Sequence[Any] = ()
) -> Preview:
    """The seat's preview (``position`` does not change a Vadoran board's points)."""
    errors = Errors()
    board: dict[str, Any] = state if isinstance(state, dict) else {}
    if state is not None and not isinstance(state, dict):
        errors.add("", "must be an object: the player's garden, lost items and achievements")
    count = player_count if isinstance(player_count, int) and not isinstance(player_count, bool) else None
    opts = read_options(errors, {"options": options if isinstance(options, dict) else {}}, count)
    player = read_player(errors, board, "", bounds_for(opts.mode if opts else None), lenient=True)
    assert player is not None  # lenient: always a board
    with_unknown_keys(errors, unknown_keys(_BOARD, board) + unknown_keys(OPTIONS_SCHEMA, options, "options"))
    pad = categories(player)
    entered = bool(
        player.areas or player.unscored_squares or any(player.found.values()) or player.achievements
    )
    total = sum(c.points for c in pad) if entered else None

    points: dict[str, int | None] = {}
    for area in player.areas:
        if area.path:
            points[area.path] = area.points
    back = returned(player)
    for item in ITEMS:
        if player.found[item]:
            points[f"lost_items.{item}"] = back[item] * LOST_ITEM_POINTS
    for achievement in player.achievements:
        points[f"achievements[{achievement.index}]"] = achievement.points

    sides = outline(player.areas)
    owner = {sq: i for i, area in enumerate(player.areas) for sq in area.squares}
    extra: dict[str, Any] = {
        "areas": [
            {**area.to_dict(), "cells": list(area.paths), "edges": [sides[sq] for sq in area.squares]}
            for area in player.areas
        ],
        "owners": [[owner.get((r, c), -1) for c in range(len(row))] for r, row in enumerate(player.grid)],
    }
    if opts is not None and opts.mode == "solo" and entered:
        extra["solo"], _ = score_sister(player, total or 0, opts)
    messages = tuple(FieldError(e.path, e.message) for e in errors.items)
    return Preview(total, tuple(pad), points, why_by_path(pad), messages, not messages, extra)
