"""Planted's input, declared once (:mod:`scoring.schema`): the parser's bounds, the keys it knows,
the JSON Schema of ``GET /api/schema/planted`` and the types the entry screen reads its fields as.

>>> from scoring.schema import unknown_keys
>>> [e.message for e in unknown_keys(TABLE, {"players": [{"name": "Ann", "propogation": 5,
...     "plants": [{"name": "ZZ Plant", "grwoth": 3}]}]})]
['is not a field here: did you mean "propagation"?', 'is not a field here: did you mean "growth"?']
>>> PLAYER.at(("plants", 0, "growth")).maximum, PLAYER.at(("decorations", "workbench")).maximum
(3, 3)
"""

from __future__ import annotations

from ..schema import Arr, Int, Obj, Text, table_schema
from .catalog import DECORATIONS, PLANTS, TOOLS, Item

MIN_PLAYERS = 2
MAX_PLAYERS = 5  # "5 player boards"
MAX_PLANTS = 6  # "A player may have a maximum of 6 Plant cards."
MAX_GROWTH = max(p.spaces for p in PLANTS)  # the most growth spaces any plant card has: 3
MAX_PROPAGATION = 65  # the box's 65 Growth tokens (READINGS.md): no jar holds more
NAME_LENGTH = 60

PLANT = Obj(
    {
        "name": Text(
            NAME_LENGTH,
            "a plant of the card list (case, punctuation, spacing and accents ignored); empty or null: an "
            "empty slot",
        ),
        "growth": Int(
            0, MAX_GROWTH, "Growth tokens on the card: 0 to the plant's growth spaces (missing: 0)"
        ),
    },
    'one plant card, like {"name": "ZZ Plant", "growth": 2}',
)


def _cards(deck: tuple[Item, ...], kind: str) -> Obj:
    """Counts of the Decoration or Tool cards a player has, by key (or by the card's name)."""
    return Obj(
        {item.key: Int(0, item.count, f"{item.name} cards (the deck has {item.count})") for item in deck},
        f"{kind} cards the player has, by key (a card's printed name is read as its key); missing: 0",
        other=Int(
            0, max(item.count for item in deck), f'a {kind} card written by its name, e.g. "{deck[0].name}"'
        ),
        other_names=[item.key for item in deck],
        nullable=True,
        closed=True,  # the keys; a card's printed name in any spelling is read beyond the schema
    )


PLAYER = Obj(
    {
        "plants": Arr(
            PLANT,
            MAX_PLANTS,
            f"the player's plant cards: their Beginner plant and up to {MAX_PLANTS - 1} more",
        ),
        "propagation": Int(0, MAX_PROPAGATION, "Growth tokens on the propagation jars (missing: 0)"),
        "decorations": _cards(DECORATIONS, "Decoration"),
        "tools": _cards(TOOLS, "Tool"),
    },
    "one player's table at the end of the game",
    required=("plants",),
)

OPTIONS_SCHEMA = Obj({}, "Planted has no options: the rulebook leaves no scoring choice open", nullable=True)

TABLE = table_schema(PLAYER, OPTIONS_SCHEMA, max_players=MAX_PLAYERS, title="Planted")
