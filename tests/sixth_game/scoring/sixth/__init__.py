"""Sixth Garden: a test game.  Each player counts their flowers (1 point each) and their
seeds (a tie-breaker)."""

from __future__ import annotations

from typing import Any

import scoring
from scoring.core import Category, Errors, Tiebreaker, build_result, get_int, line, seating
from scoring.schema import Int, Obj, unknown_keys

PLAYER = Obj({"flowers": Int(0, 30, "flowers in the garden"), "seeds": Int(0, 9, "seeds left")})
OPTIONS = Obj({})


def score(table: dict[str, Any]) -> scoring.Result:
    errors = Errors()
    errors.items.extend(unknown_keys(GAME.table_schema() or PLAYER, table))
    seats = seating(errors, table, minimum=2, maximum=4, title="Sixth Garden")
    flowers = [get_int(errors, p, "flowers", f"players[{i}]", maximum=30) for i, p in enumerate(seats.players)]
    seeds = [get_int(errors, p, "seeds", f"players[{i}]", default=0, maximum=9) for i, p in enumerate(seats.players)]
    errors.raise_if_any()
    categories = [[Category.of("flowers", "Flowers", f or 0, [line(f"{f} flowers x 1 = {f}", "flowers")])] for f in flowers]
    note = seats.note("Sixth Garden", 2)
    return build_result("sixth", "sixth-1", [p["name"] for p in seats.players], categories,
                        tiebreakers=[Tiebreaker("most seeds", [s or 0 for s in seeds])],
                        warnings=[note] if note else [], no_winner=seats.partial or seats.one_board)


GAME = scoring.Game(
    menu_order=60,
    name="sixth",
    title="Sixth Garden",
    min_players=2,
    max_players=4,
    engine_version="sixth-1",
    score=score,
    blank_player=lambda: {"flowers": None, "seeds": 0},
    player_schema=PLAYER,
    options_schema=OPTIONS,
)
