"""Planted (Buffalo Games): end-of-game scoring.

A player scores the growth spaces covered on each of their (at most 6) plants, 1 point per
Growth token on the propagation jars, and their Decoration cards.  Ties go to the most Growth
tokens on plant cards, then are shared.  See ``docs/rules/planted.md`` and ``docs/api/planted.md``.

>>> result = score({"players": [
...     {"name": "Ann", "plants": [{"name": "Snake Plant", "growth": 1},
...                                {"name": "Purple Shamrock", "growth": 2}],
...      "propagation": 2, "decorations": {"ceramic_planter": 2, "plant_stand": 1}},
...     {"name": "Bo", "plants": [{"name": "ZZ Plant", "growth": 3}]}]})
>>> [(p.name, p.total, p.rank) for p in result.players]
[('Ann', 15, 1), ('Bo', 9, 2)]

One board scores on its own (the rulebook's scoring example is one player's table), with no winner:

>>> one = score({"players": [{"name": "Ann", "plants": [{"name": "Snake Plant", "growth": 1},
...     {"name": "Purple Shamrock", "growth": 2}], "propagation": 2,
...     "decorations": {"ceramic_planter": 2, "plant_stand": 1}}]})
>>> one.players[0].total, one.winners, one.warnings
(15, (), ('One board scored on its own (Planted is played by 2 or more): no winner',))
"""

from __future__ import annotations

from typing import Any

from .. import Game
from ..core import Result, Tiebreaker, build_result
from . import schema
from .catalog import (  # noqa: F401  (public names for the entry screen)
    BEGINNERS,
    DECORATIONS,
    PLANT_TYPES,
    PLANTS,
    TOOLS,
    Item,
    Plant,
    catalog_dict,
    catalog_search,
    find_item,
    find_plant,
)
from .parse import MAX_PLANTS, MAX_PLAYERS, MIN_PLAYERS, PlayerState, Table, parse
from .preview import preview
from .rules import score_player

ENGINE_VERSION = "planted-3"
GROWTH_TOKENS_IN_BOX = 65  # "65 Growth tokens" (the rulebook's contents)
TIEBREAK_LABEL = "most Growth tokens on plant cards"


def pad_rows(player: PlayerState, plants: int, propagation: int, decorations: int) -> list[dict[str, Any]]:
    """The paper score pad's rows for one player: Plant 1 ... Plant 6 (in the order the plants
    were entered; ``plant`` is None for an empty row), Propagation, Decorations, Total.  ``ref``:
    the contract path the row is about (``plants[i]`` for a plant row, as entered; None for an
    empty row and for Total), so a row takes its lines by ref (:meth:`Category.lines_about`)."""
    rows: list[dict[str, Any]] = []
    for i in range(MAX_PLANTS):
        holding = player.plants[i] if i < len(player.plants) else None
        rows.append(
            {
                "row": f"Plant {i + 1}",
                "points": holding.points if holding else 0,
                "plant": holding.plant.name if holding else None,
                "ref": holding.path if holding else None,
            }
        )
    rows.append({"row": "Propagation", "points": propagation, "plant": None, "ref": "propagation"})
    rows.append({"row": "Decorations", "points": decorations, "plant": None, "ref": "decorations"})
    rows.append({"row": "Total", "points": plants + propagation + decorations, "plant": None, "ref": None})
    return rows


def score_table(table: Table) -> Result:
    names = [p.name for p in table.players]
    categories = [score_player(p) for p in table.players]
    extras = [
        {
            "pad": pad_rows(p, *(c.points for c in cats)),
            "growth_tokens": p.plant_growth_tokens,
        }
        for p, cats in zip(table.players, categories)
    ]
    used = sum(p.plant_growth_tokens + p.propagation for p in table.players)
    warnings = []
    seats = table.seating
    note = seats.note("Planted", MIN_PLAYERS) if seats is not None else None
    if note:
        warnings.append(note)
    if used > GROWTH_TOKENS_IN_BOX:
        warnings.append(
            f"The box holds {GROWTH_TOKENS_IN_BOX} Growth tokens but this table shows {used}: check the counts"
        )
    return build_result(
        "planted",
        ENGINE_VERSION,
        names,
        categories,
        tiebreakers=[Tiebreaker(TIEBREAK_LABEL, [p.plant_growth_tokens for p in table.players])],
        player_extra=extras,
        warnings=warnings,
        no_winner=seats is not None and (seats.partial or seats.one_board),
    )


def score(table: Any) -> Result:
    """Score a finished Planted table (raises ValidationError for an impossible one)."""
    return score_table(parse(table))


def blank_player() -> dict[str, Any]:
    """An empty seat: six empty plant slots, no tokens, no cards.

    >>> blank = blank_player(); len(blank["plants"]), blank["plants"][0], blank["propagation"]
    (6, {'name': '', 'growth': 0}, 0)
    """
    return {
        "plants": [{"name": "", "growth": 0} for _ in range(MAX_PLANTS)],
        "propagation": 0,
        "decorations": {d.key: 0 for d in DECORATIONS},
        "tools": {t.key: 0 for t in TOOLS},
    }


def default_options() -> dict[str, Any]:
    """Planted has no options: the rulebook leaves nothing to choose."""
    return {}


GAME = Game(
    menu_order=20,
    name="planted",
    title="Planted",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    engine_version=ENGINE_VERSION,
    score=score,
    blank_player=blank_player,
    options=(),
    default_options=default_options,
    player_schema=schema.PLAYER,
    options_schema=schema.OPTIONS,
    previewer=preview,
)
