"""Planted's card catalog against the rulebook's component list and card references."""

from __future__ import annotations

from collections import Counter

import pytest

from scoring.core import normalize_name
from scoring.planted import (
    BEGINNERS,
    DECORATIONS,
    PLANTS,
    TOOLS,
    catalog_dict,
    catalog_search,
    find_item,
    find_plant,
)
from tests.shared import RULES

RULEBOOK = RULES / "planted.txt"  # ../shared/rules next to the checkout (tests/shared.py)


def test_catalog_has_42_plants_with_6_beginners_as_the_component_list_says():
    # "B. 42 Plant cards - 6 marked with "Beginner""
    assert len(PLANTS) == 42
    assert len(BEGINNERS) == 6
    assert len({normalize_name(p.name) for p in PLANTS}) == 42


def test_each_plant_type_has_14_cards_and_2_beginners():
    # 6 Beginners (2 per type) + 12 groups of three (one per type) = 14 per type
    assert Counter(p.type for p in PLANTS) == {"floor": 14, "shelf": 14, "hanging": 14}
    assert Counter(p.type for p in BEGINNERS) == {"floor": 2, "shelf": 2, "hanging": 2}


def test_decorations_are_21_cards_with_the_rulebooks_copy_counts():
    # "Decoration cards (21)": Macrame 4, Ceramic 4, Plant Stand 4, Display Shelves 3, Greenhouse 3, Workbench 3
    assert {d.key: d.count for d in DECORATIONS} == {
        "macrame_basket": 4,
        "ceramic_planter": 4,
        "plant_stand": 4,
        "display_shelves": 3,
        "indoor_greenhouse": 3,
        "workbench": 3,
    }
    assert sum(d.count for d in DECORATIONS) == 21


def test_tools_are_21_cards_with_the_rulebooks_copy_counts():
    # "Tool cards (21)": Grow Light 3, Watering Can 3, Potting Mix 3, Fertilizer 4, Window Planter 4, Spray Bottle 4
    assert {t.key: t.count for t in TOOLS} == {
        "grow_light": 3,
        "window_planter": 4,
        "watering_can": 3,
        "spray_bottle": 4,
        "potting_mix": 3,
        "fertilizer": 4,
    }
    assert sum(t.count for t in TOOLS) + sum(d.count for d in DECORATIONS) == 42  # "C. 42 Item cards"


def test_beginner_plants_are_the_six_marked_cards_each_3_3_3():
    assert sorted(p.name for p in BEGINNERS) == sorted(
        ["Golden Barrel Cactus", "Golden Pothos", "ZZ Plant", "Lucky Bamboo", "Spider Plant", "Snake Plant"]
    )
    assert all(p.growth == (3, 3, 3) for p in BEGINNERS)


@pytest.mark.parametrize(
    "name, botanical, kind, growth, resources",
    [
        ("Swiss Cheese Plant", "Monstera deliciosa", "floor", (5, 3, 2), ("Light", "Plant Food", "Plant Food")),
        ("Purple Shamrock", "Oxalis triangularis", "shelf", (7, 4, 3), ("Water", "Water", "Plant Food", "Plant Food")),
        ("Burro's Tail", "Sedum morganianum", "hanging", (5, 4), ("Light", "Light", "Light", "Plant Food")),
        ("Peace Lily", "Spathiphyllum", "floor", (4,), ("Water", "Water")),
        ("Staghorn Fern", "Platycerium", "hanging", (6,), ("Water", "Water", "Water", "Plant Food")),
    ],
)
def test_sample_plant_cards_match_the_card_reference(name, botanical, kind, growth, resources):
    plant = find_plant(name)
    assert (plant.botanical, plant.type, plant.growth, plant.resources, plant.beginner) == (
        botanical,
        kind,
        growth,
        resources,
        False,
    )


@pytest.mark.skipif(not RULEBOOK.exists(), reason="the rulebook text (../shared/rules/planted.txt next to the checkout) is not on this machine")
def test_every_plant_row_matches_the_rulebooks_card_reference_table():
    text = RULEBOOK.read_text(encoding="utf-8")
    block = text.split("Resources to feed\n")[1].split("\n\nResource Cards")[0]
    rows = [line.split("\t") for line in block.strip().splitlines()]
    assert len(rows) == 42
    for (name, botanical, kind, growth, resources), plant in zip(rows, PLANTS):
        assert normalize_name(name.replace("(Beginner)", "")) == normalize_name(plant.name)
        assert plant.beginner == name.endswith("(Beginner)")
        assert (botanical, kind) == (plant.botanical, plant.type)
        assert tuple(int(v) for v in growth.split(" / ")) == plant.growth
        assert tuple(r.strip() for r in resources.split(",")) == plant.resources


def test_plant_names_are_found_ignoring_case_punctuation_and_accents():
    assert find_plant("burros tail").name == "Burro's Tail"
    assert find_plant("  ZZ-plant ").name == "ZZ Plant"
    assert find_plant("Swiss Cheese") is None
    assert find_item(DECORATIONS, "Macrame basket").name == "Macramé Basket"


def test_catalog_search_lists_beginner_plants_first():
    # "plant" matches 3 Beginners (ZZ, Spider, Snake) and many others; Beginners lead in card order
    names = [p["name"] for p in catalog_search("plant", limit=5)]
    assert names[:3] == ["ZZ Plant", "Spider Plant", "Snake Plant"]
    assert names[3:] == ["Nerve Plant", "Arrowhead Plant"]


def test_catalog_search_with_an_empty_query_starts_with_the_six_beginners():
    found = catalog_search("", limit=10)
    assert len(found) == 10
    assert [p["beginner"] for p in found] == [True] * 6 + [False] * 4


def test_catalog_search_prefers_names_starting_with_the_query():
    # "palm" matches Sago Palm, Parlor Palm, Ponytail Palm: none starts with it, card order kept;
    # "p" starts Parlor, Prayer, ... before names that merely contain a p
    assert [p["name"] for p in catalog_search("palm")] == ["Sago Palm", "Parlor Palm", "Ponytail Palm"]
    first = catalog_search("p", limit=20)
    beginners = [p for p in first if p["beginner"]]
    others = [p["name"] for p in first if not p["beginner"]]
    assert beginners and others[0] == "Prickly Pear"


def test_catalog_search_ignores_case_and_punctuation_and_respects_the_limit():
    assert [p["name"] for p in catalog_search("BURROS")] == ["Burro's Tail"]
    assert catalog_search("fern", limit=2) == [find_plant("Maidenhair Fern").to_dict(), find_plant("Boston Fern").to_dict()]
    assert catalog_search("fern", limit=0) == []
    assert catalog_search("cactus")[0]["name"] == "Golden Barrel Cactus"


def test_catalog_search_returns_fresh_dicts_that_cannot_change_the_catalog():
    found = catalog_search("ZZ")[0]
    assert found == {
        "name": "ZZ Plant",
        "botanical": "Zamioculcas zamiifolia",
        "type": "floor",
        "growth": [3, 3, 3],
        "spaces": 3,
        "max_points": 9,
        "resources": ["Light", "Water", "Water"],
        "beginner": True,
    }
    found["growth"].append(99)
    assert find_plant("ZZ Plant").growth == (3, 3, 3)


def test_catalog_dict_holds_every_card_for_the_entry_screen():
    data = catalog_dict()
    assert (len(data["plants"]), len(data["decorations"]), len(data["tools"])) == (42, 6, 6)
    assert data["decorations"][0] == {
        "key": "macrame_basket",
        "name": "Macramé Basket",
        "count": 4,
        "text": "Gain 1 point for each Hanging plant that you own.",
    }
