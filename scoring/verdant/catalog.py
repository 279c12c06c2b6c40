"""The Verdant card catalog: 60 plants, 60 rooms, 30 goals, 9 item kinds, 4 pots.

Loaded once from ``catalog.json`` (facts from ``shared/cards/verdant.md``).

>>> len(PLANTS), len(ROOMS), len(GOALS), len(ITEMS), len(POTS)
(60, 60, 30, 9, 4)
>>> plant_by_name("devils ivy")["name"]
"Devil's Ivy"
>>> [r["name"] for r in search("succulent room 1", "room")][:3]
['Succulent room 1', 'Succulent room 10', 'Succulent room 11']
"""

from __future__ import annotations

import copy
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..core import normalize_name

_DATA = json.loads((Path(__file__).with_name("catalog.json")).read_text(encoding="utf-8"))

TYPES: tuple[str, ...] = ("succulent", "flowering", "foliage", "vining", "unusual")
LIGHTS: tuple[str, ...] = ("sun", "semi", "shade")
EDGES: tuple[str, ...] = ("top", "right", "bottom", "left")
FURNITURE: tuple[str, ...] = ("table", "chair", "sofa", "lamp", "shelf")
PETS: tuple[str, ...] = ("fish", "bird", "cat", "dog")
ITEM_KINDS: tuple[str, ...] = FURNITURE + PETS
NURTURE: tuple[str, ...] = tuple(_DATA["nurture"])
POT_KINDS: tuple[str, ...] = ("concrete", "wood", "ceramic", "terracotta")
BONUS_POTS: tuple[str, ...] = ("concrete", "wood", "ceramic")
DECKS: tuple[str, ...] = ("plant", "item", "room")

PLANTS: tuple[dict[str, Any], ...] = tuple(_DATA["plants"])
ROOMS: tuple[dict[str, Any], ...] = tuple(_DATA["rooms"])
GOALS: tuple[dict[str, Any], ...] = tuple(_DATA["goals"])
ITEMS: tuple[dict[str, Any], ...] = tuple(_DATA["items"])
POTS: tuple[dict[str, Any], ...] = tuple(_DATA["pots"])
POT_POINTS: dict[str, int] = {p["kind"]: p["points"] for p in POTS}
# bonus pots of EACH bonus type in the supply, by player count (READINGS.md)
BONUS_POT_SUPPLY: dict[int, int] = {int(k): v for k, v in _DATA["bonus_pot_supply"].items()}

#: What the box holds (rulebook, "Components"): the limits of a whole table (docs/rules/verdant.md).
BOX: dict[str, int] = {str(k): int(v) for k, v in _DATA["box"].items()}

_PLANTS_BY_NAME = {normalize_name(p["name"]): p for p in PLANTS}
_ROOMS_BY_NAME = {normalize_name(r["name"]): r for r in ROOMS}
_ROOMS_BY_FACE = {(r["type"], tuple(r["edges"][e] for e in EDGES)): r for r in ROOMS}
_GOALS_BY_NAME = {normalize_name(g["name"]): g for g in GOALS}
# each card's name exactly as printed -> what a look-up of that name finds (the usual spelling)
_PLANTS_BY_PRINTED = {p["name"]: _PLANTS_BY_NAME[normalize_name(p["name"])] for p in PLANTS}
_ROOMS_BY_PRINTED = {r["name"]: _ROOMS_BY_NAME[normalize_name(r["name"])] for r in ROOMS}


@lru_cache(maxsize=4096)
def _fold_short(name: str) -> str:
    return normalize_name(name)


def fold(name: str) -> str:
    """``normalize_name(name)``, remembered for short strings: the same names and words ("wood",
    "vining", "Jasmine") come back in every cell of every table scored."""
    return _fold_short(name) if type(name) is str and len(name) <= 64 else normalize_name(name)


def plant_by_name(name: str) -> dict[str, Any] | None:
    """The catalog plant called ``name`` (normalized match), or None."""
    if type(name) is str:
        found = _PLANTS_BY_PRINTED.get(name)
        if found is not None:
            return found
    return _PLANTS_BY_NAME.get(fold(name))


def plant_by_printed_name(name: str) -> dict[str, Any] | None:
    """The catalog plant whose printed name is exactly ``name`` (what :func:`plant_by_name` finds
    for it), or None for any other spelling."""
    return _PLANTS_BY_PRINTED.get(name)


def room_by_printed_name(name: str) -> dict[str, Any] | None:
    """The catalog room whose printed name is exactly ``name`` (what :func:`room_by_name` finds
    for it), or None for any other spelling."""
    return _ROOMS_BY_PRINTED.get(name)


def room_by_name(name: str) -> dict[str, Any] | None:
    """The catalog room called ``name`` ("Vining room 3"), or None."""
    if type(name) is str:
        found = _ROOMS_BY_PRINTED.get(name)
        if found is not None:
            return found
    return _ROOMS_BY_NAME.get(fold(name))


def room_of(cell: Any) -> dict[str, Any] | None:
    """The catalog room card a cell of a home names (``{"kind": "room", "name": ...}``), or None."""
    name = cell.get("name") if isinstance(cell, dict) else None
    return room_by_name(name) if isinstance(name, str) else None


def room_type(cell: Any) -> str:
    """A room cell's type: its card's when it names a catalog room, else its ``type`` as written ("" if none).

    >>> (room_type({"name": "Succulent room 1", "type": "vining"}), room_type({"type": "vining"}),
    ...     room_type(None))
    ('succulent', 'vining', '')
    """
    card = room_of(cell)
    return str(card["type"]) if card else str(cell.get("type") or "") if isinstance(cell, dict) else ""


def room_by_face(room_type: str, edges: dict[str, str]) -> dict[str, Any] | None:
    """The catalog room of ``room_type`` with exactly these edge lightings, or None.

    >>> room_by_face("succulent", {"top": "sun", "right": "shade", "bottom": "semi", "left": "sun"})["id"]
    1
    """
    return _ROOMS_BY_FACE.get((room_type, tuple(edges.get(e) for e in EDGES)))


def plants_like(
    plant_type: str, points: int, needs: int, light: tuple[str, ...] | None = None
) -> list[dict[str, Any]]:
    """The catalog plants of ``plant_type`` that score ``points`` and need ``needs`` (and prefer
    exactly ``light``, when given): the cards a plant entered by its attributes can be.

    >>> [p["name"] for p in plants_like("vining", 11, 9)]
    ['Jasmine', 'Common Ivy', "Devil's Ivy", 'Chestnut Vine']
    >>> plants_like("foliage", 4, 5)
    []
    """
    return [
        p
        for p in PLANTS
        if p["type"] == plant_type
        and p["points"] == points
        and p["needs"] == needs
        and (light is None or tuple(x for x in LIGHTS if x in p["light"]) == light)
    ]


def goal_by_name(name: str) -> dict[str, Any] | None:
    """The goal card called ``name`` (normalized match), or None.

    >>> goal_by_name("pot pairs")["deck"]
    'item'
    """
    return _GOALS_BY_NAME.get(fold(name))


def search(query: str, kind: str | None = None, limit: int = 10) -> list[dict[str, Any]]:
    """Catalog entries whose name contains ``query`` (normalized), names that start with it first.

    ``kind`` is None (plants and rooms), "plant" or "room".  Each entry is a fresh dict with a
    ``"kind"`` key added.  An empty query lists the first ``limit`` entries.

    >>> [p["name"] for p in search("ivy", "plant")]
    ['Common Ivy', "Devil's Ivy"]
    >>> search("zz")[0]["kind"], search("zz")[0]["needs"]
    ('plant', 6)
    """
    if kind not in (None, "plant", "room"):
        raise ValueError('kind must be None, "plant" or "room"')
    if not isinstance(query, str) or not isinstance(limit, int) or limit <= 0:
        return []
    wanted = normalize_name(query)
    pools: list[tuple[str, tuple[dict[str, Any], ...]]] = []
    if kind in (None, "plant"):
        pools.append(("plant", PLANTS))
    if kind in (None, "room"):
        pools.append(("room", ROOMS))
    starts: list[dict[str, Any]] = []
    contains: list[dict[str, Any]] = []
    for label, pool in pools:
        for entry in sorted(pool, key=lambda e: (normalize_name(e["name"]), e["id"])):
            key = normalize_name(entry["name"])
            if wanted not in key:
                continue
            found = dict(copy.deepcopy(entry), kind=label)
            (starts if key.startswith(wanted) else contains).append(found)
    return (starts + contains)[:limit]
