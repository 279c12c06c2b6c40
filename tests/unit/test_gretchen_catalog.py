"""Gretchen's Garden catalog: counts against the rulebook's component list, search, leaf caps."""

from collections import Counter

import pytest

from scoring import gretchen
from scoring.gretchen import catalog


# Rulebook, "Components": 36 A-succulents, 36 B-succulents, 6 special plants, 24 pots,
# 8 starting pots.  Setup 3: each set has 6 types, one per colour.
def test_set_a_has_six_types_of_six_cards_for_36_a_succulents():
    set_a = [p for p in gretchen.SUCCULENTS if p.set == "A"]
    assert len(set_a) == 6
    assert sum(p.copies for p in set_a) == 36


def test_set_b_has_six_types_of_six_cards_for_36_b_succulents():
    set_b = [p for p in gretchen.SUCCULENTS if p.set == "B"]
    assert len(set_b) == 6
    assert sum(p.copies for p in set_b) == 36


def test_each_set_has_one_succulent_of_each_colour():
    for set_name in "AB":
        colours = sorted(p.color for p in gretchen.SUCCULENTS if p.set == set_name)
        assert colours == sorted(gretchen.COLORS)


def test_there_are_six_special_plants_one_copy_each():
    assert len(gretchen.SPECIAL_PLANTS) == 6
    assert sum(p.copies for p in gretchen.SPECIAL_PLANTS) == 6
    assert {p.color for p in gretchen.SPECIAL_PLANTS} == {"gray", "rainbow"}


def test_pot_deck_has_24_pots_and_there_are_8_starting_pots():
    deck = [k for k in gretchen.POT_KINDS if k.kind != "starting"]
    starting = [k for k in gretchen.POT_KINDS if k.kind == "starting"]
    assert sum(k.copies for k in deck) == 24
    assert sum(k.copies for k in starting) == 8


def test_each_colour_has_a_small_medium_and_large_pot():
    # card facts §3: size 6 / 8 / 12 needing 2 / 3 / 4 water; rainbow 4 / 1; gray 2 / 1
    for colour in gretchen.COLORS:
        assert [(k.size, k.water) for k in gretchen.POT_KINDS if k.color == colour] == [(6, 2), (8, 3), (12, 4)]
    assert [(k.size, k.water, k.copies) for k in gretchen.POT_KINDS if k.color == "rainbow"] == [(4, 1, 6)]
    assert [(k.size, k.water) for k in gretchen.POT_KINDS if k.color == "gray"] == [(2, 1)]


def test_plant_names_are_unique_after_normalising():
    keys = Counter(catalog.normalize_name(p.name) for p in gretchen.PLANTS)
    assert max(keys.values()) == 1 and len(keys) == 18


def test_every_plant_has_an_effect_text_and_a_timing():
    for plant in gretchen.PLANTS:
        assert plant.effect and plant.timing in {"end", "in-game"}


def test_green_and_blue_succulents_have_no_end_of_game_effect():
    for plant in gretchen.SUCCULENTS:
        assert (plant.timing == "in-game") == (plant.color in {"green", "blue"})


def test_catalog_search_finds_plants_by_a_few_letters_ignoring_case_and_spacing():
    assert [p["name"] for p in gretchen.catalog_search("MEXI")] == ["Mexican Firecracker"]
    assert [p["name"] for p in gretchen.catalog_search("string of")] == ["String of Dolphins", "String of Pearls"]
    assert [p["name"] for p in gretchen.catalog_search("petr")] == ["Pet Rock"]


def test_catalog_search_puts_names_starting_with_the_query_first():
    # "st": String of Dolphins, String of Pearls start with it; Living Stone and Rainbow West
    # only contain it (then catalog order)
    assert [p["name"] for p in gretchen.catalog_search("st")] == [
        "String of Dolphins", "String of Pearls", "Living Stone", "Rainbow West"]


def test_catalog_search_returns_colour_and_effect_for_the_entry_screen():
    (hit,) = gretchen.catalog_search("jelly")
    assert hit["color"] == "red" and hit["set"] == "A" and "colour" in hit["effect"]


def test_catalog_search_honours_the_limit_and_lists_the_catalog_for_an_empty_query():
    assert len(gretchen.catalog_search("")) == 10
    assert len(gretchen.catalog_search("", limit=50)) == 18
    assert gretchen.catalog_search("a", limit=2) == gretchen.catalog_search("a")[:2]
    assert gretchen.catalog_search("a", limit=0) == []


def test_catalog_search_answers_nothing_for_a_query_that_is_not_text():
    assert gretchen.catalog_search(None) == gretchen.catalog_search("")
    assert gretchen.catalog_search("zzz") == []


def test_catalog_search_does_not_offer_the_money_plant():
    assert gretchen.catalog_search("money") == []


@pytest.mark.parametrize(
    "pot, plant, expected",
    [
        ({"color": "gray", "size": 2}, "Coral Cactus", 2),
        ({"color": "red", "size": 12}, "Jellybean Plant", 12),
        ({"color": "rainbow", "size": 4}, None, 4),
        ({"color": "gray", "size": 2}, "String of Pearls", 8),  # 2 + 6
        ({"color": "green", "size": 12}, "string of pearls", 18),  # 12 + 6, name normalised
        ({"color": "rainbow", "size": 4}, "Pet Rock", 0),  # never holds leaves
        ({"color": "blue", "size": "8"}, "Coral Cactus", 8),  # form strings
        (6, "Snake Plant", 6),
        ({"color": "blue"}, "Coral Cactus", 0),  # no size yet
        ({"color": "blue", "size": "big"}, "Coral Cactus", 0),
        ({"color": "blue", "size": True}, "Coral Cactus", 0),
        ({"color": "blue", "size": 10**40}, "Coral Cactus", 0),
        (float("inf"), "Coral Cactus", 0),
        (None, None, 0),
    ],
)
def test_leaf_capacity_caps_the_entry_stepper(pot, plant, expected):
    assert gretchen.leaf_capacity(pot, plant) == expected


def test_find_plant_matches_names_with_normalize_name():
    assert catalog.find_plant("  baby-toes ").name == "Baby Toes"
    assert catalog.find_plant(3) is None
