"""Gretchen's Garden card catalog: the 12 succulents, the 6 special plants and the pot kinds.

Loaded once from ``catalog.json`` (inside this package).  Facts come from
``shared/cards/gretchens-garden.md``; component counts from the rulebook.

>>> len(SUCCULENTS), len(SPECIAL_PLANTS), len(POT_KINDS)
(12, 6, 20)
>>> find_plant("string of pearls").color
'green'
>>> [p["name"] for p in catalog_search("cact")]
['Coral Cactus', 'Moon Cactus']
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..core import normalize_name

_DATA = json.loads((Path(__file__).with_name("catalog.json")).read_text(encoding="utf-8"))

#: The six colours of the game.  Gray (starting pots, special plants, Money Plant) is not a
#: colour, and rainbow is wild (rulebook, "Plants" and "Pots").
COLORS: tuple[str, ...] = tuple(_DATA["colors"])
#: Every pot colour the entry screen may offer, in the issue's order.
POT_COLORS: tuple[str, ...] = COLORS + ("rainbow", "gray")
#: Order in which the rulebook scores plant effects ("purple, yellow, orange, red, and special").
SCORING_ORDER: tuple[str, ...] = ("purple", "yellow", "orange", "red", "special")


@dataclass(frozen=True)
class Plant:
    """A plant card: a succulent (coloured, set A or B, 6 copies) or a special plant (1 copy)."""

    name: str
    color: str  # one of COLORS, "gray" or "rainbow" (Rainbow West)
    set: str  # "A", "B" or "special"
    copies: int
    timing: str  # "end" (scores at the end) or "in-game" (no end-of-game points)
    effect: str

    @property
    def special(self) -> bool:
        return self.set == "special"

    @property
    def scoring_group(self) -> str:
        """The row of the rulebook's scoring order this plant belongs to (or its colour)."""
        return "special" if self.special else self.color

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class PotKind:
    """A kind of pot card: its colour, size (leaves a plant in it may hold), water to grow."""

    kind: str  # "small", "medium", "large", "rainbow" or "starting"
    color: str
    size: int
    water: int
    copies: int  # copies in the game (starting pots: 8 in the box, 2 per player)

    @property
    def label(self) -> str:
        if self.kind == "starting":
            return "gray starting pot"
        return f"{self.color} pot (size {self.size})"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


SUCCULENTS: tuple[Plant, ...] = tuple(
    Plant(p["name"], p["color"], p["set"], p["copies"], p["timing"], p["effect"]) for p in _DATA["succulents"]
)
SPECIAL_PLANTS: tuple[Plant, ...] = tuple(
    Plant(p["name"], p["color"], "special", p["copies"], p["timing"], p["effect"])
    for p in _DATA["special_plants"]
)
PLANTS: tuple[Plant, ...] = SUCCULENTS + SPECIAL_PLANTS
PLANTS_BY_KEY: dict[str, Plant] = {normalize_name(p.name): p for p in PLANTS}

POT_KINDS: tuple[PotKind, ...] = tuple(
    PotKind(p["kind"], color, p["size"], p["water"], p["copies"])
    for p in _DATA["pots"]
    for color in (COLORS if p["color"] == "*" else (p["color"],))
)
#: Allowed pot sizes per pot colour, e.g. ``POT_SIZES["purple"] == (6, 8, 12)``.
POT_SIZES: dict[str, tuple[int, ...]] = {
    color: tuple(sorted(k.size for k in POT_KINDS if k.color == color)) for color in POT_COLORS
}
STARTING_POTS_PER_PLAYER = 2
MONEY_PLANT: dict[str, Any] = dict(_DATA["money_plant"])
MONEY_PLANT_CAPACITY: int = MONEY_PLANT["pot_size"]
#: How many special plants go into the plant deck for 2, 3 and 4 players (rulebook, Setup 5).
SPECIAL_PLANTS_IN_DECK: dict[int, int] = {int(k): v for k, v in _DATA["special_plants_in_deck"].items()}
#: How many copies of each succulent go into the plant deck for 2, 3 and 4 players (rulebook,
#: Setup 5); the other copies stay in the supply piles, taken only as cuttings.
SUCCULENTS_IN_DECK: dict[int, int] = {int(k): v for k, v in _DATA["succulents_in_deck"].items()}
#: String of Pearls holds this many leaves more than its pot's size.
PEARLS_BONUS = 6
#: The largest number of leaves any plant can hold (the largest pot, String of Pearls' bonus).
MAX_LEAVES: int = max(k.size for k in POT_KINDS) + PEARLS_BONUS
#: "The game is played over 12 seasons", each player choosing "exactly one" action per season.
SEASONS: int = _DATA["seasons"]
#: Flowers in the box: one per colour (rulebook, Components "6 flowers").
FLOWERS: int = _DATA["flowers"]
#: Double-sided water/leaf markers and "4 leaves" markers (rulebook, Components).
MARKERS: int = _DATA["markers"]["water_or_leaf"]
FOUR_LEAF_MARKERS: int = _DATA["markers"]["four_leaves"]
#: No watering can holds more water than the game has markers.
MAX_WATER: int = MARKERS


def find_plant(name: Any) -> Plant | None:
    """The plant called ``name`` (matched with ``normalize_name``), or None.

    >>> find_plant("MEXICAN fire-cracker").name
    'Mexican Firecracker'
    >>> find_plant("Money Plant") is None
    True
    """
    if not isinstance(name, str):
        return None
    return PLANTS_BY_KEY.get(normalize_name(name))


def pot_kind(color: str, size: int) -> PotKind | None:
    """The pot kind of this colour and size, or None if the game has no such pot.

    >>> pot_kind("rainbow", 4).copies
    6
    >>> pot_kind("gray", 4) is None
    True
    """
    for kind in POT_KINDS:
        if kind.color == color and kind.size == size:
            return kind
    return None


def catalog_search(query: Any, limit: int = 10) -> list[dict[str, Any]]:
    """Plants whose name contains ``query`` (compared with ``normalize_name``), for the entry
    screen's "type a few letters" box.  Names starting with the query come first, then the
    others, each in catalog order; an empty query lists the catalog.  Returns plain dicts
    (``name``, ``color``, ``set``, ``copies``, ``timing``, ``effect``).

    >>> [p["name"] for p in catalog_search("baby")]
    ['Baby Toes', 'Baby Sun Rose']
    >>> [p["name"] for p in catalog_search("rose")]
    ['Baby Sun Rose']
    >>> catalog_search("xyz")
    []
    >>> len(catalog_search("", limit=3))
    3
    """
    key = normalize_name(query) if isinstance(query, str) else ""
    try:
        limit = max(0, int(limit))
    except (TypeError, ValueError):
        limit = 10
    keyed = [(normalize_name(p.name), p) for p in PLANTS]
    starts = [p for k, p in keyed if k.startswith(key)]
    inside = [p for k, p in keyed if key in k and not k.startswith(key)]
    return [p.to_dict() for p in (starts + inside)[:limit]]


def leaf_capacity(pot: Any, plant_name: Any = None) -> int:
    """How many leaves a plant may hold in ``pot``: the pot's size, 6 more for String of
    Pearls, 0 for Pet Rock (it never holds leaves).  ``pot`` is a pot object
    (``{"color": ..., "size": ...}``) or a size; an unreadable pot holds 0 (the entry stepper
    then caps at 0 until the pot is filled in; the engine reports the real error).

    >>> leaf_capacity({"color": "gray", "size": 2}, "Coral Cactus")
    2
    >>> leaf_capacity({"color": "green", "size": 8}, "string of pearls")
    14
    >>> leaf_capacity(4, "Pet Rock")
    0
    >>> leaf_capacity({"color": "red"}, "Living Stone")
    0
    """
    size_value: Any = pot.get("size") if isinstance(pot, dict) else pot
    if isinstance(size_value, bool):
        return 0
    try:
        size = int(size_value)
    except (TypeError, ValueError, OverflowError):
        return 0
    if isinstance(size_value, float) and not size_value.is_integer():
        return 0
    if size < 0 or size > max(POT_SIZES["purple"]):
        return 0
    plant = find_plant(plant_name)
    if plant is not None and plant.name == "Pet Rock":
        return 0
    if plant is not None and plant.name == "String of Pearls":
        return size + PEARLS_BONUS
    return size
