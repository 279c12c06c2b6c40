"""Standard-game achievements 1-25 (rulebook "Verdant Achievements", readings in READINGS.md).

Only a multiplayer game under the standard rules earns them: no solo, no family variant, no rules
modification (a modification game earns that modification's achievement instead), no scenario
(a game is played in one achievement mode; campaign.py evaluates the scenario).
"""

from __future__ import annotations

from collections import Counter

from . import catalog as cat
from .model import GameState, PlayerState
from .rules import placed_items, room_score

# number -> (text, test(p, points_by_category, total, margin))
ACHIEVEMENTS: dict[int, str] = {
    1: "Score 70+ points.", 2: "Score 80+ points.", 3: "Score 90+ points.", 4: "Score 100+ points.",
    5: "Have 5 of a single plant type.", 6: "Have 5 of a single room type.", 7: "Complete 8 plants.",
    8: "Collect 8 unique items.", 9: "Score 30+ points from completed plants.",
    10: "Score 40+ points from completed plants.", 11: "Score 20+ points from rooms.",
    12: "Score 25+ points from rooms.", 13: "Have all items match their room.",
    14: "Score 9+ points from Bonus Pots.", 15: "Score 12+ points from Bonus Pots.",
    16: "Score 10+ points from Goal Cards.", 17: "Score 15+ points from Goal Cards.",
    18: "Have 10+ extra Verdancy Tokens.", 19: "Score both Collector and Decorator.",
    20: "Win by 10+ points.", 21: "Win by 15+ points.", 22: "Collect all 4 pets.",
    23: "Collect all 5 pieces of furniture.", 24: "Score 8 points from a single room.",
    25: "End game with 5 Green Thumb Tokens.",
}


def earned(game: GameState, p: PlayerState, points: dict[str, int], total: int, margin: int | None) -> list[int]:
    """The standard achievements this player's game earned.  ``margin`` = winner's lead over the
    best other total when this player is the sole winner, else None."""
    if game.solo or game.family or game.modification is not None or game.scenario is not None:
        return []
    items = placed_items(p)
    kinds = {i.kind for i in items}
    plant_types = Counter(c.card.type for c in p.plants)
    room_types = Counter(c.card.type for c in p.rooms)
    verdancy = sum(c.card.verdancy for c in p.plants if not c.card.complete)
    tests = {
        1: total >= 70, 2: total >= 80, 3: total >= 90, 4: total >= 100,
        5: max(plant_types.values(), default=0) >= 5,
        6: max(room_types.values(), default=0) >= 5,
        7: sum(1 for c in p.plants if c.card.complete) >= 8,
        8: len(kinds) >= 8,
        9: points["plants"] >= 30, 10: points["plants"] >= 40,
        11: points["rooms"] >= 20, 12: points["rooms"] >= 25,
        13: bool(items) and all(c.card.item.color == c.card.type for c in p.rooms if c.card.item is not None),
        14: points["pots"] >= 9, 15: points["pots"] >= 12,
        16: points["goals"] >= 10, 17: points["goals"] >= 15,
        18: verdancy >= 10,
        19: points["collector"] > 0 and points["decorator"] > 0,
        20: margin is not None and margin >= 10, 21: margin is not None and margin >= 15,
        22: set(cat.PETS) <= kinds, 23: set(cat.FURNITURE) <= kinds,
        24: any(room_score(p, c)[0] >= 8 for c in p.rooms),
        25: p.green_thumbs == 5,
    }
    return [n for n in sorted(tests) if tests[n]]
