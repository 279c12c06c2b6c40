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
import json

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


ANY = "_any"  # marks a plant that may be any card of its type (resolved by table())


def anon(ptype, points=None, needs=None, pot=None, verdancy=None, light=None):
    """A plant entered by its attributes.  Without ``points`` and ``needs`` it is *any* card of
    ``ptype``: :func:`table` gives it the first catalog card of that type no other plant of the
    table is (with more needs than its verdancy, and the given ``light``), by name.  The box has
    12 plants of each type and a plant entered by attributes must be a card (docs/rules/verdant.md),
    so a fixture never invents one."""
    cell = {"kind": "plant", "type": ptype}
    if points is not None or needs is not None:
        cell.update(points=points, needs=needs)
    else:
        cell[ANY] = True
    if pot is not None:
        cell["pot"] = pot
    if verdancy is not None:
        cell["verdancy"] = verdancy
    if light is not None:
        cell["light"] = light
    return cell


def unused(t, ptype, n=1):
    """``n`` names of plant cards of ``ptype`` that no plant of table ``t`` is (to put in a table
    after it is built)."""
    taken = {c.get("name") for p in t["players"] for c in _cells(p.get("home", p.get("cards")))}
    names = [c["name"] for c in catalog.PLANTS if c["type"] == ptype and c["name"] not in taken]
    assert len(names) >= n, (ptype, n)
    return names[:n]


def card_like(ptype, points, needs, pot=None, verdancy=None):
    """A plant entered by the attributes of a real card (``points`` and ``needs`` of one of them)."""
    assert catalog.plants_like(ptype, points, needs), (ptype, points, needs)
    return anon(ptype, points, needs, pot=pot, verdancy=verdancy)


def _cells(home):
    if isinstance(home, list):
        for row in home:
            if isinstance(row, list):
                yield from (c for c in row if isinstance(c, dict))
            elif isinstance(row, dict):
                yield row


def resolve(players):
    """Give every *any* plant (see :func:`anon`) of these players a card of its own, in place."""
    used = {catalog.plant_by_name(c["name"])["name"] for p in players for c in _cells(p.get("home", p.get("cards")))
            if c.get("kind") == "plant" and isinstance(c.get("name"), str) and catalog.plant_by_name(c["name"])}
    # cards a plant entered by its attributes could be are left to it
    claimed = {(c.get("type"), c.get("points"), c.get("needs")) for p in players for c in _cells(p.get("home", p.get("cards")))
               if c.get("kind") == "plant" and "points" in c and not c.get(ANY)}
    for p in players:
        for c in _cells(p.get("home", p.get("cards"))):
            if not c.pop(ANY, False) or c.get("kind") != "plant":
                continue  # a cell a test turned into a room keeps its type
            light = c.pop("light", None)
            verdancy = c.get("verdancy") or 0
            fits = [card for card in catalog.PLANTS
                    if card["type"] == c["type"] and card["name"] not in used and card["needs"] > verdancy
                    and (light is None or sorted(card["light"]) == sorted(light))]
            fits.sort(key=lambda card: (card["type"], card["points"], card["needs"]) in claimed)
            if not fits:
                raise AssertionError(f"no {c['type']} plant card is left for this fixture (light {light}, verdancy {verdancy})")
            used.add(fits[0]["name"])
            del c["type"]
            c["name"] = fits[0]["name"]
    return players


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


def resolved(home, *others):
    """A copy of ``home`` with its *any* plants given cards none of ``others`` (the other homes of
    its table) has: for a home stored seat by seat, as the web tests do."""
    homes = [{"home": json.loads(json.dumps(h))} for h in (*others, home)]
    return resolve(homes)[-1]["home"]


def plants_worth(target, types=("vining", "succulent", "foliage", "unusual"), count=None, most=8, exclude=()):
    """Catalog plants of ``types`` whose printed points add up to exactly ``target``: at most
    ``most`` of them (exactly ``count`` when given), the highest first, none named in ``exclude``.
    For fixtures that need a completed-plants total; AssertionError when no such set exists."""
    pool = sorted((c for c in catalog.PLANTS if c["type"] in types and c["name"] not in exclude),
                  key=lambda c: (-c["points"], c["id"]))
    # best[(n, s)] = names of n cards worth s, built card by card (each card once)
    best = {(0, 0): ()}
    for card in pool:
        for (n, s), names in list(best.items()):
            key = (n + 1, s + card["points"])
            if n < most and key[1] <= target and key not in best:
                best[key] = names + (card["name"],)
    sizes = [count] if count is not None else range(0, most + 1)
    for n in sizes:
        if (n, target) in best:
            return [catalog.plant_by_name(name) for name in best[(n, target)]]
    raise AssertionError(f"no {count or most} plants of {types} are worth {target}")


def table(*players, player_count=None, **options):
    # a JSON round trip, not deepcopy: a fixture may repeat one cell object ([anon("foliage")] * 4)
    t = {"options": options, "players": resolve(json.loads(json.dumps(list(players))))}
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
