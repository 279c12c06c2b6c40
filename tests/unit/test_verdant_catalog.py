"""The Verdant catalog matches the rulebook's component list and card facts."""

from collections import Counter

import pytest

import scoring
from scoring import verdant
from scoring.verdant import catalog


def test_catalog_has_the_rulebooks_component_counts():
    # Components: 60 unique plants (12 per type), 60 unique rooms (12 per type),
    # 10 + 10 + 10 goal cards, 9 furniture/pet kinds, 3 bonus pot types + terra cotta.
    assert len(verdant.plants) == 60
    assert Counter(p["type"] for p in verdant.plants) == {t: 12 for t in catalog.TYPES}
    assert len({p["name"] for p in verdant.plants}) == 60
    assert len(verdant.rooms) == 60
    assert Counter(r["type"] for r in verdant.rooms) == {t: 12 for t in catalog.TYPES}
    assert len({(r["type"], tuple(r["edges"].values())) for r in verdant.rooms}) == 60
    assert Counter(g["deck"] for g in verdant.goals) == {"plant": 10, "item": 10, "room": 10}
    assert [i["kind"] for i in verdant.items] == ["table", "chair", "sofa", "lamp", "shelf", "fish", "bird", "cat", "dog"]
    assert Counter(i["category"] for i in verdant.items) == {"furniture": 5, "pet": 4}
    assert {p["kind"]: p["points"] for p in verdant.pots} == {"concrete": 3, "wood": 2, "ceramic": 1, "terracotta": 0}


def test_plant_requirements_match_the_card_facts_statistics():
    # cards/verdant.md: requirements 3 (x7), 4 (x13), 5 (x11), 6 (x7), 7 (x10), 8 (x8), 9 (x4)
    assert Counter(p["needs"] for p in verdant.plants) == {3: 7, 4: 13, 5: 11, 6: 7, 7: 10, 8: 8, 9: 4}
    # 18 single-condition plants (the Narrow Necessities list)
    assert sum(1 for p in verdant.plants if len(p["light"]) == 1) == 18


def test_every_room_shows_all_three_lightings_one_of_them_twice():
    for room in verdant.rooms:
        assert sorted(Counter(room["edges"].values()).values()) == [1, 1, 2], room["name"]


def test_four_goals_compare_players_and_are_the_solo_exclusions():
    assert sorted(g["name"] for g in verdant.goals if g["most"]) == [
        "Colorful Competition", "Competitive Collections", "Creature Comforts", "Furniture Aficionado"]


def test_bonus_pot_supply_follows_the_setup_chart():
    assert catalog.BONUS_POT_SUPPLY == {1: 4, 2: 3, 3: 4, 4: 5, 5: 6}


@pytest.mark.parametrize("name, expected", [
    ("Jasmine", ("vining", 9, 11, ["sun", "semi"])),
    ("moth orchid", ("flowering", 6, 7, ["semi"])),
    ("DEVILS IVY", ("vining", 9, 11, ["semi", "shade"])),
    ("Black-Eyed Susan Vine", ("vining", 7, 9, ["sun"])),
    ("prayer plant", ("foliage", 4, 3, ["semi", "shade"])),
])
def test_plants_are_found_by_normalized_name(name, expected):
    p = catalog.plant_by_name(name)
    assert (p["type"], p["needs"], p["points"], p["light"]) == expected


def test_catalog_search_finds_plants_by_substring_with_prefix_matches_first():
    names = [e["name"] for e in verdant.catalog_search("fig", kind="plant")]
    assert names == ["Creeping Fig", "Fiddle Leaf Fig"]
    assert [e["name"] for e in verdant.catalog_search("c", kind="plant", limit=3)] == [
        "Candelabra Cactus", "Chenille Plant", "Chestnut Vine"]


def test_catalog_search_filters_by_kind_and_returns_copies():
    rooms = verdant.catalog_search("unusual", kind="room", limit=20)
    assert len(rooms) == 12 and all(r["kind"] == "room" and r["type"] == "unusual" for r in rooms)
    rooms[0]["edges"]["top"] = "changed"
    assert all(r["edges"]["top"] != "changed" for r in verdant.rooms)
    both = verdant.catalog_search("i", limit=100)
    assert {e["kind"] for e in both} == {"plant", "room"}


def test_catalog_search_handles_no_match_empty_query_and_bad_arguments():
    assert verdant.catalog_search("xyzzy") == []
    assert len(verdant.catalog_search("", kind="plant")) == 10
    assert verdant.catalog_search("ivy", limit=0) == []
    with pytest.raises(ValueError):
        verdant.catalog_search("ivy", kind="goal")


def test_game_is_found_through_the_registry():
    game = scoring.get("verdant")
    assert game is verdant.GAME
    assert game.describe()["players"] == {"min": 1, "max": 5}
    assert [o.name for o in game.options] == ["variant", "goals", "modification", "goal_sets", "scenario", "one_card_rows"]
    assert game.default_options() == {"variant": "standard", "goals": [], "modification": None, "goal_sets": {}}
    blank = game.blank_player()
    assert "name" not in blank and len(blank["home"]) == 3 and all(len(r) == 5 for r in blank["home"])


def test_room_of_and_room_type_read_a_cell_by_its_card_first():
    # A named catalog room gives its card's type, whatever "type" says; an unknown name or no name
    # falls back to the type as written; anything that is not a cell has no type.
    assert catalog.room_of({"kind": "room", "name": "succulent ROOM 1"})["name"] == "Succulent room 1"
    assert catalog.room_of({"kind": "room", "name": 7}) is None and catalog.room_of("Succulent room 1") is None
    assert catalog.room_type({"kind": "room", "name": "Succulent room 1", "type": "vining"}) == "succulent"
    assert catalog.room_type({"kind": "room", "name": "Nowhere room", "type": "vining"}) == "vining"
    assert catalog.room_type({"kind": "room"}) == "" and catalog.room_type(None) == "" and catalog.room_type([]) == ""
