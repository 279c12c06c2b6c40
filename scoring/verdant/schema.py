"""The shape of a Verdant table, declared once (:mod:`scoring.schema` nodes).

The same nodes refuse unknown keys at every level (``parse.parse_table`` calls
:func:`scoring.schema.unknown_keys` with :data:`TABLE`), are published as the JSON Schema
(``GET /api/schema/verdant``, ``docs/api/verdant.schema.json``), tell the web layer what each
contract path holds, and carry the bounds the parser reads with (``POINTS.maximum`` ...).

>>> from scoring.schema import unknown_keys
>>> [e.message for e in unknown_keys(PLAYER, {"green_thumb": 2})]
['is not a field here: did you mean "green_thumbs"?']
>>> [e.path for e in unknown_keys(PLAYER, {"home": [[{"kind": "plant", "name": "Jasmine", "pots": "wood"}]]})]
['home[0][0].pots']
>>> PLAYER.at(("home", 1, 2, "verdancy")).maximum, PLAYER.at(("home", 1, 2, "edges", "top")).choices
(11, ('sun', 'semi', 'shade'))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import FieldError
from ..schema import Arr, Bool, Choice, Int, JSONSchema, Node, Obj, OneOf, Text, table_schema, unknown_keys
from . import catalog as cat

MAX_PLAYERS = cat.BOX["storage_cards"]  # "5 Storage Cards": one per player
VARIANTS = ("standard", "family")
POSITION_LIMIT = 50  # |row|, |col| of a card under modification 6 (and rows/cards per row of its home)
HOME_ROWS, HOME_COLS = 3, 5
DECLARED = ("no_hand_trowel", "no_watering_can")
CAMPAIGN_MODES = ("standard", "none")

# ------------------------------------------------------------------------- the bounds

POINTS = Int(0, 20, "the points printed on the plant card (0 to 20)", blank=None)
NEEDS = Int(1, 12, "the verdancy the plant needs to complete (1 to 12)", blank=None)
#: an incomplete plant holds less than it needs, and no card needs more than 12
VERDANCY = Int(0, 11, "verdancy on an incomplete plant (0 to its needs - 1)", blank=0)
GREEN_THUMBS = Int(0, 5, "Green Thumb tokens kept at the end (0 to 5; 0 in the family variant)", blank=0)
ROW = Int(-POSITION_LIMIT, POSITION_LIMIT, "the card's row (modification 6)", nullable=False)
COL = Int(-POSITION_LIMIT, POSITION_LIMIT, "the card's column (modification 6)", nullable=False)
MODIFICATION = Int(1, 10, "the rules modification played (1 to 10), or null for none")
SCENARIO_NUMBER = Int(1, 15, "the scenario played (1 to 15)")
NAME = Text(60, "the card's name as printed")


class Null(Node):
    """Nothing: an empty cell (a gap in a home under modification 6)."""

    description = "an empty cell (a gap, under modification 6 only)"

    def json_schema(self) -> JSONSchema:
        return self._doc({"type": "null"})

    def type_error(self, value: Any) -> str | None:
        return None if value is None else "must be null"


class Card(Obj):
    """A plant or a room card.  ``foreign``: the other kind's keys (a pot on a room, an item on a
    plant): the parser refuses them with its own message naming the cell, so the unknown-key check
    leaves them alone."""

    def __init__(self, fields: Mapping[str, Node], description: str, foreign: tuple[str, ...]) -> None:
        super().__init__(fields, description, required=("kind",))
        self.foreign = foreign
        # keys whose values hold no keys of their own: a card made only of them has nothing to walk
        self.flat = frozenset(
            k for k, n in self.fields.items() if not isinstance(n, (Obj, Arr, OneOf))
        ) | set(foreign)
        # objects of leaves (item, edges): their keys are known when they are a subset of the fields
        self.shallow = {
            k: frozenset(n.fields)
            for k, n in self.fields.items()
            if isinstance(n, Obj) and not any(isinstance(m, (Obj, Arr, OneOf)) for m in n.fields.values())
        }
        self.simple = self.flat | set(self.shallow)  # the keys clean() can pass

    def clean(self, value: dict[str, Any]) -> bool:
        """No key of ``value`` (a card) needs a look: each is a plain field, the other kind's (the
        parser's to refuse), or an item or edges whose own keys are known."""
        keys = value.keys()
        if keys <= self.flat:
            return True
        if not keys <= self.simple:
            return False
        for key in keys - self.flat:
            item = value[key]
            if not (item is None or (isinstance(item, dict) and item.keys() <= self.shallow[key])):
                return False
        return True

    def walk(self, value: Any, path: str, out: list[FieldError]) -> None:
        # A home has 15 cards a player: only keys that are not known, and known values that hold
        # keys of their own (item, edges, light), are walked (the same answer as Obj.walk, faster).
        if not isinstance(value, dict) or value.keys() <= self.flat:
            return
        unknown: dict[str, Any] = {}
        for key, item in value.items():
            node = self.fields.get(key) if isinstance(key, str) else None
            if node is None:
                if key not in self.foreign:
                    unknown[key] = item
            elif item is not None and isinstance(node, (Obj, Arr, OneOf)):
                keys = self.shallow.get(key)
                if keys is not None and isinstance(item, dict) and item.keys() <= keys:
                    continue  # an item or edges with known keys only
                node.walk(item, f"{path}.{key}", out)
        if unknown:
            super().walk(unknown, path, out)

    def placed(self) -> Card:
        """The same card with its position (``cards`` under modification 6)."""
        return Card(
            {**self.fields, "row": ROW, "col": COL}, self.description + ", with its position", self.foreign
        )


ITEM = Obj(
    {
        "kind": Choice(
            cat.ITEM_KINDS,
            "furniture (table, chair, sofa, lamp, shelf) or pet (fish, bird, cat, dog)",
            nullable=False,
        ),
        "color": Choice(cat.TYPES, "its colour: one of the 5 types", nullable=False),
    },
    "a furniture or pet token",
    required=("kind", "color"),
    nullable=True,
)

_PLANT_FIELDS: dict[str, Node] = {
    "kind": Choice(("plant",), nullable=False),
    "name": Text(60, "one of the 60 plant cards (or give type, points and needs)"),
    "type": Choice(cat.TYPES, "the plant's type, when it is entered by its attributes"),
    "points": POINTS,
    "needs": NEEDS,
    "light": Arr(
        Choice(cat.LIGHTS, nullable=False),
        3,
        "the lighting the plant prefers (1 to 3; only for the lighting goals)",
    ),
    "pot": Choice(cat.POT_KINDS, "the pot of a completed plant (none: incomplete)"),
    "verdancy": VERDANCY,
}
_ROOM_FIELDS: dict[str, Node] = {
    "kind": Choice(("room",), nullable=False),
    "name": Text(60, 'one of the 60 room cards, named like "Vining room 3" (or give its type)'),
    "type": Choice(cat.TYPES, "the room's type"),
    "edges": Obj(
        {e: Choice(cat.LIGHTS, nullable=False) for e in cat.EDGES},
        "the lighting of each edge, read upright (only for the lighting goals)",
        required=cat.EDGES,
        nullable=True,
    ),
    "item": ITEM,
}
PLANT = Card(_PLANT_FIELDS, "a plant card", foreign=("item", "edges"))
ROOM = Card(_ROOM_FIELDS, "a room card", foreign=("pot", "verdancy", "points", "needs", "light"))


def _kind(value: Any) -> str | None:
    kind = value.get("kind") if isinstance(value, dict) else None
    folded = kind.strip().lower() if isinstance(kind, str) else None
    return folded if folded in ("plant", "room") else None


def _pick(plant: Node, room: Node) -> Any:
    by_kind = {"plant": plant, "room": room}

    def pick(value: Any) -> Node | None:
        kind = value.get("kind") if isinstance(value, dict) else None
        found = by_kind.get(kind) if isinstance(kind, str) else None  # the usual spelling, without folding
        return found if found is not None else by_kind.get(_kind(value) or "")

    return pick


CELL = OneOf(
    PLANT,
    ROOM,
    Null(),
    pick=_pick(PLANT, ROOM),
    description="a plant or a room card (null: not filled in yet)",
)
PLACED = OneOf(
    PLANT.placed(),
    ROOM.placed(),
    pick=_pick(PLANT.placed(), ROOM.placed()),
    description="a card with its position",
)
STORAGE = OneOf(
    Choice(cat.NURTURE, "a nurture token"),
    ITEM,
    pick=lambda v: ITEM if isinstance(v, dict) else None,
    description="the token in storage: a nurture token, a furniture or pet token, or null",
)


class Grid(Arr):
    """The home: rows of cells.  Walked in one loop: a cell whose keys are all plain fields of its
    card (the usual case) is passed without building its path."""

    def __init__(self, cell: OneOf, by_kind: dict[str, Card], description: str) -> None:
        super().__init__(
            Arr(cell, POSITION_LIMIT, "a row of cards, left to right"), POSITION_LIMIT, description
        )
        self.cell = cell
        self.by_kind = by_kind

    def walk(self, value: Any, path: str, out: list[FieldError]) -> None:
        if not isinstance(value, list):
            return
        by_kind = self.by_kind
        for r, row in enumerate(value):
            if not isinstance(row, list):
                continue
            for c, cell in enumerate(row):
                if not isinstance(cell, dict):
                    continue
                kind = cell.get("kind")
                card = by_kind.get(kind) if isinstance(kind, str) else None
                if card is not None and card.clean(cell):
                    continue
                self.cell.walk(cell, f"{path}[{r}][{c}]", out)


PLAYER = Obj(
    {
        "green_thumbs": GREEN_THUMBS,
        "storage": STORAGE,
        "home": Grid(
            CELL,
            {"plant": PLANT, "room": ROOM},
            "3 rows of 5 cards, top row first (modification 6: rows of any length, null for a gap)",
        ),
        "cards": Arr(
            PLACED, POSITION_LIMIT, "modification 6 only, instead of home: the 15 cards with their positions"
        ),
    },
    "a player's finished home",
)

_GOAL_NAME = Text(
    60,
    "a goal card's name, as printed (any case and spacing is read too)",
    nullable=False,
    enum=[g["name"] for g in cat.GOALS],
)
_GOAL_SET = Arr(_GOAL_NAME, 3, "goal cards by name, one per deck (plant, item, room)")
OPTIONS_SCHEMA = Obj(
    {
        "variant": Choice(VARIANTS, "standard rules, or the family variant"),
        "goals": _GOAL_SET,
        "modification": MODIFICATION,
        "goal_sets": Obj(
            {
                "second": Arr(_GOAL_NAME, 3, "modification 4: the second goal set"),
                "players": Arr(
                    _GOAL_SET, MAX_PLAYERS, "modification 5: one goal set per player, in player order"
                ),
            },
            "the goal sets of modifications 4 and 5",
            nullable=True,
        ),
        "scenario": Obj(
            {
                "number": SCENARIO_NUMBER,
                "declared": OneOf(
                    Arr(Choice(DECLARED, nullable=False), 2, "what every player declares"),
                    Arr(Arr(Choice(DECLARED, nullable=False), 2), MAX_PLAYERS, "one list per player"),
                    description="objectives the table cannot show, declared by the players",
                ),
            },
            "the achievement scenario played (standard rules, no modification)",
            nullable=True,
        ),
        "one_card_rows": Bool(
            "row goals: a row holding a single card of the kind counts (modification 6 only; default: no)"
        ),
        "campaign": Choice(
            CAMPAIGN_MODES, "the achievement mode chosen on the pad (does not change the score)"
        ),
    },
    "the game's options",
)

_MODIFICATION_6 = {
    "properties": {
        "options": {
            "properties": {"modification": {"const": 6}},
            "required": ["modification"],
            "type": "object",
        }
    },
    "required": ["options"],
}
_ROW_OF_5 = {"type": "array", "minItems": HOME_COLS, "maxItems": HOME_COLS, "items": {"type": "object"}}
#: the shape of a finished home, as the engine reads it: 3 rows of 5 cards (no empty cell) and no
#: ``cards``, unless modification 6 (any shape): then ``home`` as rows (null for a gap) or the 15
#: ``cards`` with their positions
HOME_SHAPE = {
    "if": _MODIFICATION_6,
    "then": {
        "properties": {
            "players": {
                "items": {
                    "anyOf": [
                        {
                            "required": ["cards"],
                            "properties": {"cards": {"type": "array", "minItems": 15, "maxItems": 15}},
                        },
                        {"required": ["home"], "properties": {"cards": {"type": "null"}}},
                    ]
                }
            }
        }
    },
    "else": {
        "properties": {
            "players": {
                "items": {
                    "required": ["home"],
                    "properties": {
                        "home": {"minItems": HOME_ROWS, "maxItems": HOME_ROWS, "items": _ROW_OF_5},
                        "cards": {"type": "null"},
                    },
                }
            }
        }
    },
}

TABLE = table_schema(PLAYER, OPTIONS_SCHEMA, max_players=MAX_PLAYERS, title="Verdant", rules=[HOME_SHAPE])


def unknown(table: Any) -> list[FieldError]:
    """The keys of ``table`` that Verdant does not know, at any depth (see ``scoring.schema``)."""
    return unknown_keys(TABLE, table)
