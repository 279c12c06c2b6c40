"""The shape of a Gretchen's Garden table, declared once (:mod:`scoring.schema` nodes).

The parser (:mod:`.state`) refuses every key these nodes do not know, the JSON Schema
(``GET /api/schema/gretchens-garden``, ``docs/api/gretchens-garden.schema.json``) is generated from
them, and the web layer reads a typed field's type and limits from them.  The bounds are the
catalog's (:mod:`.catalog`), the same constants the parser checks against.

>>> PLAYER.at(("display", 3, "plant", "leaves")).maximum, PLAYER.at(("watering_can",)).maximum
(18, 116)
>>> [e.path for e in unknown_keys(PLAYER, {"display": [{"pot": {"colour": "red"}}]}, "players[0]")]
['players[0].display[0].pot.colour']
"""

from __future__ import annotations

from ..schema import Arr, Bool, Choice, Int, Obj, Text, table_schema, unknown_keys
from .catalog import (
    MAX_LEAVES,
    MAX_WATER,
    MONEY_PLANT_CAPACITY,
    PLANTS,
    POT_COLORS,
    POT_KINDS,
    STARTING_POTS_PER_PLAYER,
)

__all__ = ["CALICO_LABELS", "CALICO_READINGS", "OPTIONS_SCHEMA", "PLACE", "PLAYER", "TABLE", "unknown_keys"]

MIN_PLAYERS, MAX_PLAYERS = 2, 4
#: 24 pots in the pot deck + 2 starting pots + the Money Plant.
MAX_DISPLAY = sum(k.copies for k in POT_KINDS if k.kind != "starting") + STARTING_POTS_PER_PLAYER + 1

#: The readings of Calico Hearts' distance (READINGS.md, card facts section 6), the project's first.
CALICO_READINGS: dict[str, str] = {
    "places": "places from the Money Plant, next to it = 1",
    "plants_closer_plus_1": "BGA's count: plants closer to the Money Plant on the same side, plus 1",
    "plants_between": "the tooltip's count: plants between it and the Money Plant",
}
#: The same readings as the options form offers them.
CALICO_LABELS: dict[str, str] = {
    "places": "Places from the Money Plant, next to it = 1, empty pots between count (Scorepad's reading)",
    "plants_closer_plus_1": "BGA's count: the plants closer on the same side, plus 1",
    "plants_between": "The card's tooltip: the plants between it and the Money Plant",
}

POT = Obj(
    {
        "color": Choice((*POT_COLORS, "grey"), "the pot's colour (gray: a starting pot)", nullable=False),
        "size": Int(
            min(k.size for k in POT_KINDS),
            max(k.size for k in POT_KINDS),
            "the pot size printed on the card: 6, 8 or 12 for a colour, 4 rainbow, 2 gray",
            nullable=False,
        ),
    },
    "a pot card",
    required=("color", "size"),
)

PLANT = Obj(
    {
        "name": Text(60, "one of the 18 plants: " + ", ".join(p.name for p in PLANTS), nullable=False),
        "leaves": Int(
            0,
            MAX_LEAVES,
            "leaves on it: 0 to its pot's size (String of Pearls 6 more, Pet Rock 0)",
            nullable=False,
            blank=0,
        ),
        "flower": Bool("it has flowered (7 points)"),
    },
    "the plant in this pot (null: an empty pot)",
    required=("name", "leaves"),
    nullable=True,
)

PLACE = Obj(
    {
        "money_plant": Bool('true on the Money Plant\'s place, which has no "pot" or "plant"'),
        "pot": POT,
        "plant": PLANT,
    },
    'one place of the row: a pot card with or without a plant, or the Money Plant {"money_plant": true}',
)

PLAYER = Obj(
    {
        "money_plant_leaves": Int(
            0,
            MONEY_PLANT_CAPACITY,
            "leaves on the Money Plant (money, 0 points; 4 = full)",
            nullable=False,
            blank=0,
        ),
        "watering_can": Int(
            0, MAX_WATER, "water left in the watering can (Aloe Vera)", nullable=False, blank=0
        ),
        "display": Arr(
            PLACE, MAX_DISPLAY, "the row of cards, left to right, the Money Plant in its place", min_items=1
        ),
    },
    "one player's collection at the end of the game",
    required=("money_plant_leaves", "watering_can", "display"),
)

OPTIONS_SCHEMA = Obj(
    {
        "money_plant_pot_scores": Bool("the Money Plant's own pot also scores 2 points (BGA); default false"),
        "calico_hearts_distance": Choice(
            tuple(CALICO_READINGS),
            "how Calico Hearts counts its distance: "
            + "; ".join(f"{k} = {v}" for k, v in CALICO_READINGS.items()),
        ),
        "aloe_vera_max_4": Bool("Aloe Vera scores at most 4 (the BGA tooltip's cap); default false: no cap"),
    },
    "the game's options",
)

TABLE = table_schema(PLAYER, OPTIONS_SCHEMA, max_players=MAX_PLAYERS, title="Gretchen's Garden")
