"""Table builders shared by the Verdant tests (no tests of its own, except its self-check).

Home layout used throughout: plants where row + col is even (8 plants, 7 rooms),
``checker(plants, rooms)`` fills them in reading order::

    P0 R0 P1 R1 P2
    R2 P3 R3 P4 R4
    P5 R5 P6 R6 P7

``checker(plants, rooms, rooms_first=True)`` swaps the pattern (8 rooms with the rooms in the
corners, 7 plants).
"""

from __future__ import annotations

import copy

import scoring
from scoring.verdant import catalog


def plant(name, pot=None, verdancy=None, **extra):
    cell = {"kind": "plant", "name": name}
    if pot is not None:
        cell["pot"] = pot
    if verdancy is not None:
        cell["verdancy"] = verdancy
    cell.update(extra)
    return cell


def anon(ptype, points=4, needs=5, pot=None, verdancy=None, light=None):
    """A plant entered by its attributes (no catalog identity, so no duplicate check)."""
    cell = {"kind": "plant", "type": ptype, "points": points, "needs": needs}
    if pot is not None:
        cell["pot"] = pot
    if verdancy is not None:
        cell["verdancy"] = verdancy
    if light is not None:
        cell["light"] = light
    return cell


def item(kind, color):
    return {"kind": kind, "color": color}


def room(type_or_name, item_=None, edges=None):
    cell = {"kind": "room"}
    if type_or_name in catalog.TYPES:
        cell["type"] = type_or_name
    else:
        cell["name"] = type_or_name
    if item_ is not None:
        cell["item"] = item_
    if edges is not None:
        cell["edges"] = edges
    return cell


def checker(plants, rooms, rooms_first=False):
    plants, rooms = list(plants), list(rooms)
    first, second = (rooms, plants) if rooms_first else (plants, rooms)
    assert len(first) == 8 and len(second) == 7, (len(first), len(second))
    home = []
    for r in range(3):
        row = []
        for c in range(5):
            row.append(first.pop(0) if (r + c) % 2 == 0 else second.pop(0))
        home.append(row)
    return home


def player(name, home, green_thumbs=0, storage=None):
    return {"name": name, "green_thumbs": green_thumbs, "storage": storage, "home": copy.deepcopy(home)}


def table(*players, player_count=None, **options):
    t = {"options": options, "players": list(players)}
    if player_count is not None:
        t["player_count"] = player_count
    return t


def score(t):
    return scoring.score("verdant", t)


def points(result, who, key=None):
    p = result.player(who)
    return p.total if key is None else p.category(key).points


def details(result, who, key):
    return list(result.player(who).category(key).details)


def errors_of(exc_info):
    return {e.path: e.message for e in exc_info.value.errors}


# ----------------------------------------------------------------------------- fixtures

# Alice: worked out by hand in test_verdant_scoring.py (78 points without goals)
ALICE_HOME = checker(
    [plant("Jasmine", "concrete"), plant("Moth Orchid", verdancy=4), plant("Aloe", "wood"),
     plant("Snake Plant", "ceramic"), plant("Venus Fly Trap", "concrete"), plant("Common Ivy", verdancy=3),
     plant("Peace Lily", "wood"), plant("Jade", verdancy=2)],
    [room("vining", item("lamp", "vining")), room("flowering"), room("vining", item("cat", "flowering")),
     room("flowering", item("sofa", "flowering")), room("succulent", item("dog", "succulent")),
     room("foliage", item("lamp", "foliage")), room("unusual")],
)

# Bea: every card named, for the lighting goals (worked out in test_verdant_scoring.py)
BEA_HOME = checker(
    [plant("Pincushion Cactus"), plant("Peace Lily"), plant("Black-Eyed Susan Vine"), plant("Zebra Haworthia"),
     plant("Prayer Plant"), plant("Burro's Tail"), plant("Coral Cactus"), plant("Living Stone")],
    [room("Succulent room 1"), room("Succulent room 2"), room("Succulent room 3"), room("Flowering room 1"),
     room("Flowering room 2"), room("Foliage room 1"), room("Vining room 1")],
)


def plain_home(ptype="foliage", rtype="vining", **kw):
    """8 anonymous incomplete plants of one type around 7 empty rooms of one type."""
    return checker([anon(ptype, **kw) for _ in range(8)], [room(rtype) for _ in range(7)])


def bob_home():
    """``plain_home()`` holding one concrete (home[2][0]) and one wood pot (home[2][2]): next to Alice
    (2 concrete, 2 wood, 1 ceramic) in a 2-player game this takes the third concrete and wood pot of
    the supply, so Alice's ceramic pot is legal ("the highest value Bonus Pot Token remaining")."""
    home = plain_home()
    home[2][0] = anon("foliage", pot="concrete")
    home[2][2] = anon("foliage", pot="wood")
    return home


def test_support_builders_make_a_valid_checkerboard():
    result = score(table(player("Alice", ALICE_HOME), player_count=2))
    assert result.player("Alice").total == 78
