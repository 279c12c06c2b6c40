"""Small builders for Gretchen's Garden tables, and the rulebook's worked example rebuilt as a
row of cards (used by the tests and the docs).

>>> cell("gray", 2, "Coral Cactus", 2)
{'pot': {'color': 'gray', 'size': 2}, 'plant': {'name': 'Coral Cactus', 'leaves': 2, 'flower': False}}
>>> cell("red", 6)
{'pot': {'color': 'red', 'size': 6}, 'plant': None}
"""

from __future__ import annotations

from typing import Any

MONEY_PLANT: dict[str, Any] = {"money_plant": True}


def cell(
    color: str, size: int, name: str | None = None, leaves: int = 0, flower: bool = False
) -> dict[str, Any]:
    """One pot of the row, empty (no ``name``) or holding a plant."""
    plant: dict[str, Any] | None = (
        None if name is None else {"name": name, "leaves": leaves, "flower": flower}
    )
    return {"pot": {"color": color, "size": size}, "plant": plant}


def gray(name: str | None = None, leaves: int = 0) -> dict[str, Any]:
    """A gray starting pot (size 2)."""
    return cell("gray", 2, name, leaves)


def player(
    name: str, display: list[dict[str, Any]] | None = None, money: int = 3, can: int = 0
) -> dict[str, Any]:
    """A player; the default row is the starting row: gray pot, Money Plant, gray pot."""
    row = display if display is not None else [gray(), dict(MONEY_PLANT), gray()]
    return {"name": name, "money_plant_leaves": money, "watering_can": can, "display": row}


def table(*players: dict[str, Any], **options: Any) -> dict[str, Any]:
    return {"options": dict(options), "players": list(players)}


def rulebook_example() -> dict[str, Any]:
    """The rulebook's final-page example rebuilt: Steve scores leaves 36, flowers 14 (two
    flowers), pots 14 (seven pots), plant rows purple 0, yellow 5, orange 0, red 4, special 0:
    73.  The rulebook gives only the score pad; this row of cards is one that produces it, and
    one a game can produce: 5 bought pots, 5 plants and 2 flowers are Steve's 12 actions (one per
    season).  Anna sits at the table so that Steve's single Mexican Firecracker ties hers for the
    most (and so that a second Mexican Firecracker, a cutting in a 2-player game, had one to be
    cut from)."""
    steve = player(
        "Steve",
        [
            gray(),  # empty starting pot
            cell("yellow", 8, "Mexican Firecracker", 8, True),  # leaves 8, yellow flower, most (tied): 5
            cell("red", 12, "Jellybean Plant", 12, True),  # leaves 12, red flower, 4 colours: 4
            cell("orange", 6, "Snake Plant", 5),  # leaves 5, not full: 0
            dict(MONEY_PLANT),  # 3 leaves: money, 0
            cell("purple", 8, "Baby Toes", 7),  # leaves 7, 3 plants left vs 2 right: 0
            cell("rainbow", 4, "Moon Cactus", 4),  # leaves 4, Steve has flowers: 0
            gray(),  # empty starting pot
        ],
        money=3,
    )
    anna = player(
        "Anna",
        [
            gray("Mexican Firecracker", 1),
            cell("green", 6, "String of Pearls", 12, True),
            dict(MONEY_PLANT),
            cell("blue", 8, "Coral Cactus", 8),
            gray("Aloe Vera", 2),
        ],
        money=4,
        can=5,
    )
    return table(steve, anna, money_plant_pot_scores=False)
