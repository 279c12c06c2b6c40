"""Planted's cards as data: 42 plants, 6 Decoration cards and 6 Tool cards (``catalog.json``).

The data file is read once, at import.  Every value is immutable; ``to_dict()`` gives a fresh
JSON-ready copy for the web layer.

>>> len(PLANTS), sum(p.beginner for p in PLANTS)
(42, 6)
>>> find_plant("swiss cheese plant").growth
(5, 3, 2)
>>> [p["name"] for p in catalog_search("fern")]
['Maidenhair Fern', 'Boston Fern', 'Staghorn Fern']
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core import normalize_name

PLANT_TYPES: tuple[str, ...] = ("floor", "shelf", "hanging")


@dataclass(frozen=True)
class Plant:
    """One Plant card.  ``growth`` lists the growth spaces from the top (highest value) down."""

    name: str
    botanical: str
    type: str  # "floor" | "shelf" | "hanging"
    growth: tuple[int, ...]
    resources: tuple[str, ...]
    beginner: bool

    @property
    def spaces(self) -> int:
        return len(self.growth)

    def covered(self, tokens: int) -> tuple[int, ...]:
        """The values of the spaces ``tokens`` Growth tokens cover, lowest space first
        (tokens fill a plant from its lowest space up; READINGS.md).

        >>> find_plant("Bird of Paradise").covered(2)
        (3, 4)
        >>> find_plant("Bird of Paradise").covered(0)
        ()
        """
        if tokens <= 0:
            return ()
        return tuple(reversed(self.growth))[:tokens]

    def points(self, tokens: int) -> int:
        """Points for ``tokens`` Growth tokens: the sum of the bottom ``tokens`` spaces.

        >>> [find_plant("Purple Shamrock").points(n) for n in range(4)]
        [0, 3, 7, 14]
        """
        return sum(self.covered(tokens))

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "botanical": self.botanical,
            "type": self.type,
            "growth": list(self.growth),
            "spaces": self.spaces,
            "max_points": sum(self.growth),
            "resources": list(self.resources),
            "beginner": self.beginner,
        }


@dataclass(frozen=True)
class Item:
    """A Decoration or Tool card and how many copies the deck has."""

    key: str  # the key in a player's "decorations" / "tools" object, e.g. "macrame_basket"
    name: str
    count: int
    text: str

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "name": self.name, "count": self.count, "text": self.text}


def fold(name: str) -> str:
    """:func:`scoring.core.normalize_name` that also ignores accents ("Macramé" = "macrame").

    >>> fold("Macramé Basket") == fold("macrame_basket")
    True
    """
    bare = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return normalize_name(bare)  # the accents dropped before NFKC (normalize_name) could put them back


def _load() -> dict[str, Any]:
    with open(Path(__file__).with_name("catalog.json"), encoding="utf-8") as handle:
        data: dict[str, Any] = json.load(handle)
    return data


_DATA = _load()

PLANTS: tuple[Plant, ...] = tuple(
    Plant(
        name=p["name"],
        botanical=p["botanical"],
        type=p["type"],
        growth=tuple(p["growth"]),
        resources=tuple(p["resources"]),
        beginner=bool(p["beginner"]),
    )
    for p in _DATA["plants"]
)
DECORATIONS: tuple[Item, ...] = tuple(Item(**d) for d in _DATA["decorations"])
TOOLS: tuple[Item, ...] = tuple(Item(**t) for t in _DATA["tools"])
BEGINNERS: tuple[Plant, ...] = tuple(p for p in PLANTS if p.beginner)

_PLANT_BY_KEY: dict[str, Plant] = {fold(p.name): p for p in PLANTS}
# each deck's cards by folded key and folded name (find_item's fast path)
_ITEMS_BY_FOLD: dict[tuple[Item, ...], dict[str, Item]] = {
    deck: {folded: item for item in deck for folded in (fold(item.key), fold(item.name))}
    for deck in (DECORATIONS, TOOLS)
}
_ORDER: dict[str, int] = {p.name: i for i, p in enumerate(PLANTS)}


def find_plant(name: str) -> Plant | None:
    """The plant whose name matches ``name`` (case, punctuation, spacing and accents ignored)."""
    return _PLANT_BY_KEY.get(fold(name)) if isinstance(name, str) else None


def find_item(items: tuple[Item, ...], key: str) -> Item | None:
    """The Decoration or Tool card whose key or name matches ``key``.

    >>> find_item(DECORATIONS, "Macramé Basket").key
    'macrame_basket'
    """
    if not isinstance(key, str):
        return None
    folded = fold(key)
    known = _ITEMS_BY_FOLD.get(items)
    if known is not None:
        return known.get(folded)
    for item in items:
        if folded in (fold(item.key), fold(item.name)):
            return item
    return None


def catalog_search(query: str, limit: int = 10) -> list[dict[str, Any]]:
    """Plants whose name contains ``query`` (compared with ``normalize_name``), as dicts for the
    entry screen: Beginner plants first, then names that start with the query, then the rulebook's
    order.  An empty query lists every plant (up to ``limit``).

    >>> [p["name"] for p in catalog_search("plant", limit=3)]
    ['ZZ Plant', 'Spider Plant', 'Snake Plant']
    >>> [p["name"] for p in catalog_search("PRICKLY")]
    ['Prickly Pear']
    >>> catalog_search("no such plant")
    []
    """
    folded = fold(query) if isinstance(query, str) else ""
    found = [p for p in PLANTS if folded in fold(p.name)]
    found.sort(key=lambda p: (not p.beginner, not fold(p.name).startswith(folded), _ORDER[p.name]))
    return [p.to_dict() for p in found[: max(0, int(limit))]]


def catalog_dict() -> dict[str, Any]:
    """The whole catalog as a fresh JSON-ready dict: ``plants``, ``decorations``, ``tools``."""
    return {
        "plants": [p.to_dict() for p in PLANTS],
        "decorations": [d.to_dict() for d in DECORATIONS],
        "tools": [t.to_dict() for t in TOOLS],
    }
