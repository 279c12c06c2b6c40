"""What a Planted seat page shows while its player types: each plant's points (``plants[i]``),
each Decoration card's (``decorations.<key>``), the propagation jars', the running total and what
is still to fill or fix, from the same parser and rules as the score.

>>> p = preview({"plants": [{"name": "Snake Plant", "growth": 1}, {"name": "Purple Shamrock", "growth": 2}],
...              "propagation": 2, "decorations": {"ceramic_planter": 2, "plant_stand": 1}})
>>> p.total, p.complete, p.points["plants[1]"], p.points["decorations.ceramic_planter"]
(15, True, 7, 2)
>>> p = preview({"plants": [{"name": "", "growth": 0}, {"name": "ZZ Plant", "growth": 9},
...     {"name": "Croton"}]})
>>> p.total, p.points["plants[0]"], p.points["plants[1]"], p.points["plants[2]"], [m.path for m in p.messages]
(0, None, None, 0, ['plants[1].growth'])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import FieldError, Preview, seat_errors, why_by_path
from .catalog import DECORATIONS
from .parse import PlayerState, blank_state, check
from .rules import decoration_points, score_player


def _has_anything(player: PlayerState) -> bool:
    return bool(player.plants) or player.propagation > 0 or player.item_cards > 0


def preview(
    state: Any, options: Any = None, player_count: int = 1, position: int = 0, *, others: Sequence[Any] = ()
) -> Preview:
    """The preview of one seat's board (``state``, without the name) at a table of
    ``player_count`` players.  Never raises: what does not read yet scores nothing and is named
    in ``messages`` (paths relative to the seat)."""
    board = dict(state) if isinstance(state, dict) else {}
    board["name"] = board.get("name") or "Player"
    table = {
        "options": options if isinstance(options, dict) else {},
        "players": [board],
        "player_count": player_count,
    }
    checked = check(table)
    player = checked.players[0] if checked.players else blank_state("Player")
    categories = score_player(player)

    points: dict[str, int | None] = {}
    raw = board.get("plants")
    for i in range(len(raw) if isinstance(raw, list) else 0):
        points[f"plants[{i}]"] = None  # an empty slot, or one that does not read yet
    for holding in player.plants:
        points[holding.path] = holding.points
    points["propagation"] = player.propagation
    held = decoration_points(player)
    for item in DECORATIONS:
        points[f"decorations.{item.key}"] = held[item.key][0] if item.key in held else None

    errors = checked.errors.items
    messages: tuple[FieldError, ...] = seat_errors(errors) + tuple(
        e for e in errors if not e.path.startswith("players[")
    )
    anything = _has_anything(player)
    return Preview(
        total=sum(c.points for c in categories) if anything else None,
        categories=categories,
        points=points,
        why=why_by_path(categories),
        messages=messages,
        complete=not errors,
        extra={"growth_tokens": player.plant_growth_tokens},
    )
