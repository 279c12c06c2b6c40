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

from typing import Any

import scoring

from ..core import Result, build_result
from .catalog import (  # the entry screen's catalog API
    COLORS,
    FLOWERS,
    MAX_LEAVES,
    MAX_WATER,
    MONEY_PLANT_CAPACITY,
    PLANTS,
    POT_COLORS,
    POT_KINDS,
    POT_SIZES,
    SEASONS,
    SPECIAL_PLANTS,
    SUCCULENTS,
    Plant,
    PotKind,
    catalog_search,
    find_plant,
    leaf_capacity,
)
from .preview import preview
from .rules import ALOE_VERA_CAP, score_player
from .schema import CALICO_LABELS, CALICO_READINGS, MAX_PLAYERS, MIN_PLAYERS, OPTIONS_SCHEMA, PLAYER
from .state import (
    TITLE,
    Table,
    parse,
    place_name,
    starting_pot_problems,
    starting_row,
)

__all__ = [
    "ALOE_VERA_CAP",
    "COLORS",
    "FLOWERS",
    "GAME",
    "MAX_LEAVES",
    "MAX_WATER",
    "MONEY_PLANT_CAPACITY",
    "PLANTS",
    "POT_COLORS",
    "POT_KINDS",
    "POT_SIZES",
    "SEASONS",
    "SPECIAL_PLANTS",
    "SUCCULENTS",
    "Plant",
    "PotKind",
    "blank_player",
    "catalog_search",
    "find_plant",
    "leaf_capacity",
    "place_name",
    "preview",
    "score",
]

NAME = "gretchens-garden"
ENGINE_VERSION = "gretchen-3"
#: Comparisons between players (the rest of a board scores on its own).
COMPARING = "Mexican Firecracker, Ribbon Plant and Mermaid Tail"


def score(table: dict[str, Any]) -> Result:
    """Score a finished (or provisional) table; raise ValidationError listing every problem."""
    state = parse(table)
    categories = [score_player(state, i) for i in range(len(state.players))]
    return build_result(
        NAME,
        ENGINE_VERSION,
        [p.name for p in state.players],
        categories,
        warnings=warnings(state),
        no_winner=not state.everyone,
    )


def warnings(state: Table) -> list[str]:
    """What the result must say about a legal table: who is missing, rows that lost a starting pot."""
    out = []
    if state.partial:
        out.append(
            f"Scoring {len(state.players)} of {state.player_count} players: {COMPARING} "
            "compare only the players entered"
        )
    if state.one_board:
        out.append(
            f"One board scored on its own: {COMPARING} compare it with nobody; send every board "
            "of the table to compare them"
        )
    if state.note:
        out.append(state.note)
    for player in state.players:
        problems = starting_pot_problems(player)
        if problems:
            out.append(
                f"{player.name}: {' and '.join(problems)}; every row keeps its 2 gray starting pots "
                "at its two ends (rulebook, Setup 9 and Pots: bought pots go in between), and each "
                "pot card scores 2: check the row"
            )
    return out


def blank_player() -> dict[str, Any]:
    """A seat at the start of the game: the two gray starting pots either side of the Money Plant
    (3 leaves, as most seats start with; the start player and the next have 2)."""
    return starting_row()


def default_options() -> dict[str, Any]:
    return {"money_plant_pot_scores": False, "calico_hearts_distance": "places", "aloe_vera_max_4": False}


OPTIONS_LIST = (
    scoring.Option(
        "money_plant_pot_scores",
        "bool",
        False,
        "Count the Money Plant's own pot as a pot card (2 points). Off (Scorepad's reading): it is "
        "printed on the player board and does not score.",
    ),
    scoring.Option(
        "calico_hearts_distance",
        "choice",
        "places",
        "How Calico Hearts counts its distance X from the Money Plant",
        tuple(CALICO_READINGS),
        tuple(CALICO_LABELS[k] for k in CALICO_READINGS),
    ),
    scoring.Option(
        "aloe_vera_max_4",
        "bool",
        False,
        "Aloe Vera scores at most 4 (the BGA tooltip's \"max 4\"). Off (Scorepad's reading): 1 per "
        "water in the can, no cap.",
    ),
)

GAME = scoring.Game(
    menu_order=50,
    name=NAME,
    title=TITLE,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    engine_version=ENGINE_VERSION,
    score=score,
    blank_player=blank_player,
    options=OPTIONS_LIST,
    default_options=default_options,
    player_schema=PLAYER,
    options_schema=OPTIONS_SCHEMA,
    previewer=preview,
)
