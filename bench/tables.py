"""Tables for the benchmarks: each game's reference table (the example of ``docs/api/<game>.md``)
and a large legal table (Verdant: 5 players with goal cards; the others at their maximum player
count), built from the game's catalog and checked by scoring it.

The games are the registry's (``GAMES``); a game without a large table of its own here is
benchmarked with its reference table.

>>> sorted(LARGE) == sorted(GAMES)
True
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import scoring

ROOT = Path(__file__).resolve().parent.parent
NAMES = ["Ann", "Bea", "Cy", "Dev", "Eve"]


def reference(game: str) -> dict:
    """The input table of the example in ``docs/api/<game>.md`` (the first JSON block with players)."""
    text = (ROOT / "docs" / "api" / f"{game}.md").read_text()
    for block in re.findall(r"```json\n(.*?)```", text, re.S):
        try:
            data = json.loads(block)
        except json.JSONDecodeError:
            continue
        if isinstance(data, dict) and "players" in data and "game" not in data:
            return data
    raise LookupError(f"no example table in docs/api/{game}.md")


# ----------------------------------------------------------------------------- Verdant


def verdant() -> dict:
    """5 players, 15 cards each (8 plants and 7 rooms in a checkerboard), every plant named from the
    catalog (40 of the 60), every room a catalog card with an item token, 3 goal cards (one per
    deck, lighting ones included so the edges and light are checked)."""
    from scoring import verdant as v
    from scoring.verdant import catalog as c

    plants = list(v.plants)
    rooms = list(v.rooms)
    items = [(i["kind"], t) for t in ("succulent", "flowering", "foliage", "vining", "unusual") for i in v.items]
    supply = c.BONUS_POT_SUPPLY[5]
    pots = ["concrete"] * supply + ["wood"] * supply + ["ceramic"] * supply
    players = []
    pi = ri = ii = 0
    for n, name in enumerate(NAMES):
        home = []
        for r in range(3):
            row = []
            for col in range(5):
                if (r + col) % 2 == 0:
                    plant = plants[pi]
                    pi += 1
                    cell = {"kind": "plant", "name": plant["name"]}
                    if pi % 3 == 0:
                        cell["verdancy"] = max(0, plant["needs"] - 1)
                    else:
                        cell["pot"] = pots.pop() if pots else "terracotta"
                    row.append(cell)
                else:
                    room = rooms[ri]
                    ri += 1
                    kind, colour = items[ii]
                    ii += 1
                    row.append({"kind": "room", "name": room["name"], "item": {"kind": kind, "color": colour}})
            home.append(row)
        players.append({"name": name, "green_thumbs": n % 6, "storage": None, "home": home})
    goals = ["Perfect Conditions", "Pot Pairs", "Perfect Ambiance"]
    return {"options": {"goals": goals}, "players": players}


# ----------------------------------------------------------------------------- Planted


def planted() -> dict:
    """5 players, 6 plants each (one Beginner), propagation, decorations and tools within the deck."""
    from scoring import planted as p

    beginners = [x for x in p.PLANTS if x.beginner]
    others = [x for x in p.PLANTS if not x.beginner]
    players = []
    decorations = [d.key for d in p.DECORATIONS]
    tools = [t.key for t in p.TOOLS]
    for n, name in enumerate(NAMES):
        chosen = [beginners[n % len(beginners)]] + others[n * 5 : n * 5 + 5]
        players.append(
            {
                "name": name,
                "plants": [{"name": x.name, "growth": min(x.spaces, 1 + (i % 3))} for i, x in enumerate(chosen)],
                "propagation": 2,
                "decorations": {decorations[n % 6]: 1, decorations[(n + 1) % 6]: 1},
                "tools": {tools[n % 6]: 1},
            }
        )
    return {"options": {}, "players": players}


# ----------------------------------------------------------------------------- Arizona


def arizona() -> dict:
    """2 players (the maximum), advanced scoring, 16 numbered cards each."""
    colours = ["yellow", "pink", "white", "green"]
    players = []
    number = 1
    for n, name in enumerate(NAMES[:2]):
        grid = []
        for r in range(4):
            row = []
            for col in range(4):
                row.append({"number": number, "color": colours[(r + (col // 2) + n) % 4], "gecko": number % 5 == 0})
                number += 1
            grid.append(row)
        players.append({"name": name, "wrens": 3 + n, "grid": grid})
    return {"options": {"advanced": True, "solo": None}, "players": players}


# ----------------------------------------------------------------------------- Vadoran


def vadoran() -> dict:
    """4 players (the maximum), each with the rulebook's painted garden (6 x 12 squares)."""
    ref = reference("vadoran-gardens")
    garden = next(p for p in ref["players"] if "garden" in p)
    players = []
    for _n, name in enumerate(NAMES[:4]):
        player = copy.deepcopy(garden)
        player["name"] = name
        players.append(player)
    return {"options": {"mode": "advanced"}, "players": players}


# ----------------------------------------------------------------------------- Gretchen


def gretchen() -> dict:
    """4 players (the maximum): each row holds the Money Plant, 2 gray pots, 3 coloured pots and
    1 rainbow pot, all planted, and at most 2 flowers: 4 bought pots, 6 plants and 2 flowers are
    the 12 actions of a game (one per season)."""
    from scoring import gretchen as g

    coloured = [k for k in g.POT_KINDS if k.color not in ("gray", "rainbow")]
    one_per_colour: dict[str, str] = {}  # a game uses one succulent of each colour
    for x in g.PLANTS:
        if x.copies > 1 and x.name != "String of Pearls":
            one_per_colour.setdefault(x.color, x.name)
    colours = list(one_per_colour)
    flowered: set[str] = set()  # each colour flowers once per game
    players = []
    ki = si = 0
    for n, name in enumerate(NAMES[:4]):
        display = []
        pots = [{"color": "gray", "size": 2}] * 2 + [{"color": k.color, "size": k.size} for k in coloured[ki : ki + 3]]
        ki += 3
        flowers = 0
        pots.append({"color": "rainbow", "size": 4})
        for i, pot in enumerate(pots):
            colour = pot["color"] if pot["color"] in one_per_colour else colours[si % len(colours)]
            si += 1
            flower = colour not in flowered and pot["color"] in (colour, "rainbow") and flowers < 2
            if flower:
                flowered.add(colour)
                flowers += 1
            plant = {"name": one_per_colour[colour], "leaves": pot["size"] - (i % 2), "flower": flower}
            display.append({"pot": dict(pot), "plant": plant})
            if i == 2:
                display.append({"money_plant": True})
        players.append({"name": name, "money_plant_leaves": 3, "watering_can": 4 + n, "display": display})
    return {"options": {"money_plant_pot_scores": False}, "players": players}


LARGE = {
    "verdant": verdant,
    "planted": planted,
    "verdant-arizona": arizona,
    "vadoran-gardens": vadoran,
    "gretchens-garden": gretchen,
}


GAMES = [g.name for g in scoring.games() if g.ready and g.name != "stub"]


def large(game: str) -> dict:
    """The game's large legal table (its reference table when there is no builder for it)."""
    return LARGE[game]() if game in LARGE else reference(game)
