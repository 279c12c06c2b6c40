"""Verdant review: two whole tables worked out by hand, and impossible states the engine accepted.

Rulebook lines are quoted from shared/rules/verdant.txt.
"""

from __future__ import annotations

import copy

import pytest

from scoring.core import ValidationError
from tests.unit.test_verdant_support import errors_of, item, plant, room, score


def _room(name=None, rtype=None, item_=None):
    cell = room(name or rtype, item_)
    return cell


# --------------------------------------------------------------------- hand table 1: solo
#
#   Pincushion C  | Succulent 1 (chair succ) | Moth Orchid v5 | Flowering 1        | Jasmine C
#   Foliage 1 (dog vining) | Aloe W | Vining 1 (cat vining) | Peace Lily Ce | Unusual 1 (lamp unusual)
#   Snake Plant T | Succulent 4 (chair flowering) | Coral Cactus v3 | Vining 5 | Devil's Ivy W
#
# Edges (card file §3, top/right/bottom/left): Succ1 sun/shade/semi/sun, Flow1 semi/sun/semi/shade,
# Fol1 semi/shade/semi/sun, Vin1 semi/shade/semi/sun, Unu1 sun/sun/semi/shade, Succ4 shade/semi/sun/sun,
# Vin5 shade/sun/shade/semi.
SOLO = {"options": {"goals": ["Against All Odds", "The Spice of Life", "Perfect Ambiance"]},
        "players": [{"name": "Sol", "green_thumbs": 3, "storage": "fertilizer", "home": [
            [plant("Pincushion Cactus", "concrete"), _room("Succulent room 1", item_=item("chair", "succulent")),
             plant("Moth Orchid", verdancy=5), _room("Flowering room 1"), plant("Jasmine", "concrete")],
            [_room("Foliage room 1", item_=item("dog", "vining")), plant("Aloe", "wood"),
             _room("Vining room 1", item_=item("cat", "vining")), plant("Peace Lily", "ceramic"),
             _room("Unusual room 1", item_=item("lamp", "unusual"))],
            [plant("Snake Plant", "terracotta"), _room("Succulent room 4", item_=item("chair", "flowering")),
             plant("Coral Cactus", verdancy=3), _room("Vining room 5"), plant("Devil's Ivy", "wood")]]}]}


def test_hand_table_solo_with_the_lighting_goals():
    # 1 Completed plants: Pincushion 3 + Jasmine 11 + Aloe 6 + Peace Lily 5 + Snake 7 + Devil's Ivy 11 = 43
    # 2 Extra verdancy "total ... divided by 2, rounded down": (5 + 3) // 2 = 4
    # 3 Bonus pots: concrete 2x3 + wood 2x2 + ceramic 1 + terra cotta 0 = 11 (solo: any pot order)
    # 4 Rooms "1 point per adjacent matching plant ... doubled": Succ1 (chair succ) Pincushion+Aloe 2x2 = 4,
    #   Flow1 Moth+Peace Lily 2, Fol1 (vining dog) Snake 1, Vin1 0, Unu1 0, Succ4 Aloe 1, Vin5 Devil's Ivy 1 = 9
    # 5 Furniture and pets: chair, dog, cat, lamp = 4 unique = 9 (second chair does not score)
    # 6 + 7: all 5 plant types, all 5 room types = 3 + 3
    # Goals: Against All Odds - Coral Cactus (sun) meets semi, semi, semi = 1 x 2 = 2;
    #   Spice of Life min(2, 2, 1, 1) = 1 x 4 = 4; Perfect Ambiance - only Unusual room 1
    #   (sun to Jasmine, shade to Peace Lily, semi to Devil's Ivy) = 1
    # Total 43 + 4 + 11 + 9 + 9 + 3 + 3 + 7 = 89 -> solo chart "80+ Very Good!"
    result = score(copy.deepcopy(SOLO))
    sol = result.player("Sol")
    assert {c.key: c.points for c in sol.categories} == {
        "plants": 43, "verdancy": 4, "pots": 11, "rooms": 9, "items": 9, "collector": 3, "decorator": 3, "goals": 7}
    assert sol.total == 89
    assert sol.extra["solo"] == {"rating": "Very Good!", "threshold": 80}
    for c in sol.categories:  # the explanation lines add up to the category
        ends = [int(line.rsplit("= ", 1)[1]) for line in c.details if "= " in line and line.rsplit("= ", 1)[1].isdigit()]
        if c.key in ("pots", "rooms", "goals"):
            assert sum(ends) == c.points, c.key


# --------------------------------------------------------------- hand table 2: two players
#
# Ana and Ben: 8 rooms each (rooms in the corners), rooms by type only.  Pot supply 2P: 3 of each;
# used concrete 2 + 1 = 3, wood 1 + 2 = 3, ceramic 0 + 3 = 3, so Ben's terra cotta is legal.
def _duo():
    ana = [[room("succulent", item("cat", "succulent")), plant("Jade", "concrete"), room("vining"), plant("Hoya", "concrete"),
            room("flowering", item("fish", "flowering"))],
           [plant("Aloe", "wood"), room("succulent", item("dog", "foliage")), plant("Inch Plant", verdancy=4),
            room("vining", item("bird", "vining")), plant("Bird of Paradise", verdancy=6)],
           [room("foliage"), plant("ZZ Plant", verdancy=1), room("unusual", item("table", "unusual")),
            plant("Hens and Chicks", verdancy=0), room("vining", item("sofa", "succulent"))]]
    ben = [[room("unusual", item("cat", "unusual")), plant("Candelabra Cactus", "concrete"), room("unusual", item("fish", "unusual")),
            plant("Corpse Flower", "wood"), room("flowering")],
           [plant("Venus Fly Trap", "wood"), room("foliage", item("chair", "foliage")), plant("Amaryllis", "ceramic"),
            room("flowering", item("lamp", "vining")), plant("African Violet", "ceramic")],
           [room("unusual"), plant("Coin Plant", "ceramic"), room("flowering", item("shelf", "flowering")),
            plant("Arrowhead Vine", "terracotta"), room("unusual")]]
    return {"options": {"goals": ["Competitive Collections", "Creature Comforts", "Four Corners"]},
            "players": [{"name": "Ana", "green_thumbs": 2, "home": ana}, {"name": "Ben", "green_thumbs": 5, "home": ben}]}


def test_hand_table_two_players_with_the_most_goals_and_achievements():
    # Ana: plants Jade 8 + Hoya 8 + Aloe 6 = 22; verdancy (4 + 6 + 1 + 0) // 2 = 5; pots 2x3 + 2 = 8;
    #   rooms 4 + 2 + 2 + 2 + 4 + 1 + 0 + 0 = 15; items cat fish dog bird table sofa = 6 unique = 16;
    #   collector 0 (no unusual plant); decorator 3.
    # Ben: plants 10 + 10 + 3 + 3 + 4 + 4 + 3 = 37; verdancy 0; pots 3 + 2x2 + 3x1 + 0 = 10;
    #   rooms 2 + 2 + 1 + 2 + 2 + 1 + 2 + 0 = 12; items cat fish chair lamp shelf = 5 = 12; collector 3; decorator 0.
    # Competitive Collections, "score each of the 5 plant types separately ... friendly ties":
    #   succulent 3-1 Ana, flowering 1-2 Ben, foliage 1-1 both, vining 2-1 Ana, unusual 0-2 Ben -> 6 and 6.
    # Creature Comforts: pets 4 vs 2 -> Ana 4. Four Corners: Ana succulent/flowering/foliage/vining all
    #   different = 4; Ben unusual/flowering/unusual/unusual = 0.
    # Ana 22 + 5 + 8 + 15 + 16 + 0 + 3 + 14 = 83; Ben 37 + 0 + 10 + 12 + 12 + 3 + 0 + 6 = 80.
    result = score(_duo())
    ana, ben = result.player("Ana"), result.player("Ben")
    assert {c.key: c.points for c in ana.categories} == {
        "plants": 22, "verdancy": 5, "pots": 8, "rooms": 15, "items": 16, "collector": 0, "decorator": 3, "goals": 14}
    assert {c.key: c.points for c in ben.categories} == {
        "plants": 37, "verdancy": 0, "pots": 10, "rooms": 12, "items": 12, "collector": 3, "decorator": 0, "goals": 6}
    assert (ana.total, ben.total, result.winners) == (83, 80, ("Ana",))
    # Ana: 70+, 80+, 10+ from goals (14), 10+ extra verdancy (11), all 4 pets; won by 3 only.
    # Ben: 70+, 80+, 30+ from plants (37), 9+ from pots (10), 5 Green Thumbs.
    assert ana.extra["achievements"]["standard"] == [1, 2, 16, 18, 22]
    assert ben.extra["achievements"]["standard"] == [1, 2, 9, 14, 25]


# ------------------------------------------------------------- pot order (impossible states)
#
# verdant.txt, "5. Completing Plants and adding Pots": "pot the plant by adding the highest value
# Bonus Pot Token remaining from the supply. If no Bonus Pot Tokens remain in the supply, you will
# take a terra cotta Pot Token."  Pots never leave a plant, so in a multiplayer standard game a
# wood pot on the table means every concrete pot of the supply is on the table, and a ceramic pot
# means every concrete and wood pot is.  (Solo uses the pot row; the family variant lets players
# "choose ANY of the Pot Tokens".)


def _ben_without_pots(t, keep=((1, 0),)):
    for r, row in enumerate(t["players"][1]["home"]):
        for c, cell in enumerate(row):
            if cell["kind"] == "plant" and (r, c) not in keep:
                cell.pop("pot", None)
                cell["verdancy"] = 0
    return t


def test_a_wood_pot_while_a_concrete_pot_is_left_is_refused():
    # 2P supply 3 concrete: Ana holds 2, so 1 concrete is left, yet Ana's Aloe and Ben's Venus Fly
    # Trap hold wood pots: both are named
    t = _ben_without_pots(_duo())
    with pytest.raises(ValidationError) as exc:
        score(t)
    errors = errors_of(exc)
    assert sorted(errors) == ["players[0].home[1][0].pot", "players[1].home[1][0].pot"]
    assert errors["players[1].home[1][0].pot"].startswith("is wood while higher bonus pots are still in the supply (1 concrete)")


def test_a_ceramic_pot_while_wood_is_left_is_refused():
    # concrete 3 of 3 (Ben has the third), wood 1 of 3 (Ana's Aloe): a ceramic pot is impossible
    t = _ben_without_pots(_duo(), keep=((0, 1), (1, 2)))
    with pytest.raises(ValidationError) as exc:
        score(t)
    assert list(errors_of(exc)) == ["players[1].home[1][2].pot"]
    assert "(2 wood)" in errors_of(exc)["players[1].home[1][2].pot"]


def test_pot_order_is_not_checked_in_solo_family_or_for_some_seats():
    # solo: the pot row hands out any pot; family: "choose ANY of the Pot Tokens"; player_count 3
    # with 2 players entered: the missing seat may hold the higher pots
    assert score(copy.deepcopy(SOLO)).player("Sol").total == 89
    t = _ben_without_pots(_duo())
    t["player_count"] = 3
    assert score(t).player("Ben").category("pots").points == 2
    t = _ben_without_pots(_duo())
    t["options"]["variant"] = "family"
    for p in t["players"]:
        p["green_thumbs"] = 0
        for row in p["home"]:
            for cell in row:
                cell.pop("verdancy", None)
    assert score(t).player("Ben").category("plants").points == 5


# ------------------------------------------------------------------ modification 7: no storage
#
# "7. Play without Item Storage - tokens must be played on the turn they were drafted, or
# discarded."  A stored token is impossible, and it would score Backup Plan's 4 points.


def test_modification_7_refuses_a_stored_token():
    t = copy.deepcopy(SOLO)
    t["options"] = {"goals": ["Against All Odds", "Backup Plan", "Perfect Ambiance"], "modification": 7}
    with pytest.raises(ValidationError) as exc:
        score(t)
    errors = errors_of(exc)
    assert list(errors) == ["players[0].storage"]
    assert "modification 7" in errors["players[0].storage"]
    t["players"][0]["storage"] = None
    assert score(t).player("Sol").category("goals").points == 2 + 0 + 1


# -------------------------------------------------------- modification 1: lighting must match
#
# "1. All lighting conditions must match when placing cards."  READINGS (same words in scenarios
# 8 and 13): every edge where a plant touches a room shows one of the plant's conditions.  A home
# with a known mismatching edge cannot happen under this modification.


def test_modification_1_refuses_a_known_mismatching_edge():
    t = copy.deepcopy(SOLO)
    t["options"] = {"modification": 1}
    with pytest.raises(ValidationError) as exc:
        score(t)
    errors = errors_of(exc)
    # Pincushion Cactus (sun) meets the semi top edge of Foliage room 1 below it
    assert "players[0].home[0][0]" in errors
    assert "modification 1" in errors["players[0].home[0][0]"]


def test_modification_1_accepts_a_home_where_every_edge_matches_or_is_unknown():
    # every plant prefers all three conditions: each edge matches
    t = copy.deepcopy(SOLO)
    t["options"] = {"modification": 1}
    home = t["players"][0]["home"]
    names = iter(["Zebra Haworthia", "Angel Wing Begonia", "False Shamrock", "Spider Plant", "ZZ Plant",
                  "Hoya", "Kangaroo Vine", "Nerve Plant"])
    for row in home:
        for cell in row:
            if cell["kind"] == "plant":
                cell["name"] = next(names)
                cell.pop("pot", None)
                cell["verdancy"] = 0
    assert score(t).player("Sol").category("plants").points == 0
    # rooms given by type only: the lighting is unknown, nothing to check
    for row in home:
        for cell in row:
            if cell["kind"] == "room":
                cell["type"] = cell.pop("name").split()[0].lower()
    home[0][0] = plant("Pincushion Cactus")
    assert score(t).player("Sol").total >= 0
