"""Gretchen's Garden (game ``gretchens-garden``): score each player's row of pots, plants,
leaves and flowers after the twelfth season.

Categories: ``leaves`` (1 per leaf, not on the Money Plant), ``flowers`` (7 each), ``plants``
(every plant effect, in the rulebook's order purple, yellow, orange, red, special) and ``pots``
(2 per pot card).  Ties are shared victories.  See ``docs/rules/gretchens-garden.md``.

>>> table = {"players": [
...     {"name": "Ann", "money_plant_leaves": 2, "watering_can": 0, "display": [
...         {"pot": {"color": "gray", "size": 2}, "plant": {"name": "Living Stone", "leaves": 2}},
...         {"money_plant": True},
...         {"pot": {"color": "gray", "size": 2}, "plant": None}]},
...     {"name": "Bo", "money_plant_leaves": 3, "watering_can": 0, "display": [
...         {"pot": {"color": "gray", "size": 2}, "plant": None}, {"money_plant": True},
...         {"pot": {"color": "gray", "size": 2}, "plant": None}]}]}
>>> result = GAME.score(table)
>>> [(p.name, p.total, p.rank) for p in result.players]
[('Ann', 9, 1), ('Bo', 4, 2)]
>>> result.player("Ann").category("plants").details
('Living Stone (red): 1 x 3 = 3',)
"""

from __future__ import annotations

import scoring

from ..core import Result, build_result
from .catalog import (  # noqa: F401  (the entry screen's catalog API)
    COLORS,
    PLANTS,
    POT_COLORS,
    POT_KINDS,
    POT_SIZES,
    SPECIAL_PLANTS,
    SUCCULENTS,
    Plant,
    PotKind,
    catalog_search,
    find_plant,
    leaf_capacity,
)
from .rules import score_player
from .state import MAX_PLAYERS, MIN_PLAYERS, parse, starting_pot_problems

NAME = "gretchens-garden"
ENGINE_VERSION = "gretchen-1"


def score(table: dict) -> Result:
    """Score a finished (or provisional) table; raise ValidationError listing every problem."""
    state = parse(table)
    categories = [score_player(state, i) for i in range(len(state.players))]
    warnings = []
    if state.player_count > len(state.players):
        warnings.append(f"Scoring {len(state.players)} of {state.player_count} players: Mexican Firecracker, "
                        "Ribbon Plant and Mermaid Tail compare only the players entered")
    for player in state.players:
        problems = starting_pot_problems(player)
        if problems:
            warnings.append(f"{player.name}: {' and '.join(problems)}; every row keeps its 2 gray starting pots "
                            "at its two ends (rulebook, Setup 9 and Pots: bought pots go in between), and each "
                            "pot card scores 2: check the row")
    return build_result(NAME, ENGINE_VERSION, [p.name for p in state.players], categories, warnings=warnings)


def blank_player() -> dict:
    """A seat at the start of the game: the two gray starting pots either side of the Money Plant
    (3 leaves, as most seats start with; the start player and the next have 2)."""
    return {
        "money_plant_leaves": 3,
        "watering_can": 0,
        "display": [
            {"pot": {"color": "gray", "size": 2}, "plant": None},
            {"money_plant": True},
            {"pot": {"color": "gray", "size": 2}, "plant": None},
        ],
    }


def default_options() -> dict:
    return {"money_plant_pot_scores": False}


OPTIONS = (
    scoring.Option(
        "money_plant_pot_scores",
        "bool",
        False,
        "Count the Money Plant's own pot as a pot card (2 points). Off: it is printed on the player "
        "board and does not score (READINGS.md).",
    ),
)

GAME = scoring.Game(
    name=NAME,
    title="Gretchen's Garden",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    engine_version=ENGINE_VERSION,
    score=score,
    blank_player=blank_player,
    options=OPTIONS,
    default_options=default_options,
)
