"""Gretchen's Garden scoring: the rulebook example, each category, every plant effect, ties,
options and the registry.  Hand-computed working is written next to each expected number."""

import pytest

import scoring
from scoring import gretchen
from scoring.gretchen.examples import MONEY_PLANT, cell, gray, player, rulebook_example, table


def row(left, right):
    """A display: ``left`` (left to right), the Money Plant, then ``right``."""
    return [*left, dict(MONEY_PLANT), *right]


def score(*players, **options):
    return gretchen.GAME.score(table(*players, **options))


def cat(result, name, key):
    return result.player(name).category(key)


def others(*plants):
    """A second player with the starting row (2 pots = 4 points), holding ``plants`` (at most 2,
    0 leaves) in its gray pots.  A succulent that Ann owns more than once needs another owner in a
    2-player game: the deck has 1 of each type and every other copy is a cutting, taken from
    another player's plant, which stays in that player's row (rulebook, Setup 5 and "B) Cut")."""
    names = [*plants, None, None][:2]
    return player("Bo", [gray(names[0]), dict(MONEY_PLANT), gray(names[1])])


# ------------------------------------------------------------------------ rulebook example


def test_rulebook_example_rebuilt_scores_73_for_steve():
    result = gretchen.GAME.score(rulebook_example())
    steve = result.player("Steve")
    # leaves 2+8+10+5+7+4 = 36; flowers 2 x 7 = 14; plants 0+5+0+4+0 = 9; pots 7 x 2 = 14
    assert [(c.key, c.points) for c in steve.categories] == [
        ("leaves", 36), ("flowers", 14), ("plants", 9), ("pots", 14)]
    assert steve.total == 73
    assert result.winners == ("Steve",)


def test_rulebook_example_plant_rows_are_purple_0_yellow_5_orange_0_red_4_special_0():
    details = cat(gretchen.GAME.score(rulebook_example()), "Steve", "plants").details
    rows = [(line.split(" (")[1].split(")")[0], line.rsplit("= ", 1)[1]) for line in details[:5]]
    assert rows == [("purple", "0"), ("yellow", "5"), ("orange", "0"), ("red", "4"), ("special", "0")]
    assert len(details) == 5  # 5 plants, 5 bought pots and 2 flowers: Steve's 12 actions


def test_rulebook_example_second_player_anna_scores_48():
    anna = gretchen.GAME.score(rulebook_example()).player("Anna")
    # leaves 1+12+8+2 = 23; flower 7; Mexican Firecracker tied 5 + Aloe Vera 5 water = 10; 4 pots = 8
    assert [c.points for c in anna.categories] == [23, 7, 10, 8]
    assert anna.total == 48 and anna.rank == 2


def test_rulebook_example_scores_the_same_through_the_registry():
    result = scoring.score("gretchens-garden", rulebook_example())
    assert result.game == "gretchens-garden" and result.engine_version == "gretchen-2"
    assert [p.total for p in result.players] == [73, 48]


# ------------------------------------------------------------------------------ leaves


def test_each_leaf_scores_one_but_money_plant_leaves_score_nothing():
    result = score(player("Ann", row([gray("Coral Cactus", 2)], [cell("red", 12, "Living Stone", 11)]), money=4),
                   others())
    leaves = cat(result, "Ann", "leaves")
    assert leaves.points == 13  # 2 + 11; the Money Plant's 4 leaves are money
    assert leaves.details == ("Coral Cactus (left 1): 2 leaves = 2", "Living Stone (right 1): 11 leaves = 11",
                              "Leaves in all: 13", "Money Plant: 4 leaves, money only: 0")


def test_no_leaves_on_plants_is_explained():
    leaves = cat(score(player("Ann", money=2), others()), "Ann", "leaves")
    assert leaves.points == 0
    assert leaves.details == ("No leaves on your plants", "Money Plant: 2 leaves, money only: 0")


def test_string_of_pearls_scores_leaves_beyond_its_pot_size():
    # gray pot size 2 + 6 = 8 leaves
    result = score(player("Ann", row([gray("String of Pearls", 8)], [gray()])), others())
    assert cat(result, "Ann", "leaves").points == 8


def test_pet_rock_scores_no_leaves_and_five_points():
    result = score(player("Ann", row([gray("Pet Rock", 0)], [gray()])), others())
    assert cat(result, "Ann", "leaves").points == 0
    assert cat(result, "Ann", "plants").details == ("Pet Rock (special): = 5",)
    assert cat(result, "Ann", "plants").points == 5


# ----------------------------------------------------------------------------- flowers


def test_each_flower_scores_seven():
    result = score(player("Ann", row([cell("yellow", 6, "Ribbon Plant", 0, True)],
                                     [cell("rainbow", 4, "Snake Plant", 1, True)])), others())
    flowers = cat(result, "Ann", "flowers")
    assert flowers.points == 14  # 2 x 7
    assert flowers.details == ("Ribbon Plant (left 1): yellow flower = 7", "Snake Plant (right 1): orange flower = 7",
                               "2 flowers x 7 = 14")


def test_no_flowers_scores_zero_with_a_line():
    assert cat(score(player("Ann"), others()), "Ann", "flowers").details == ("No flowers",)


def test_rainbow_west_flowers_in_the_colour_of_its_pot():
    result = score(player("Ann", row([cell("blue", 8, "Rainbow West", 3, True)], [gray()])), others())
    assert cat(result, "Ann", "flowers").details == ("Rainbow West (left 1): blue flower = 7",)


def test_rainbow_west_in_a_rainbow_pot_takes_a_free_colour():
    result = score(player("Ann", row([cell("rainbow", 4, "Rainbow West", 3, True)], [gray()])), others())
    assert cat(result, "Ann", "flowers").points == 7
    assert "free colour" in cat(result, "Ann", "flowers").details[0]


def test_six_flowers_is_the_most_a_table_can_hold():
    # A flower takes a coloured (or rainbow) pot, a plant and the flowering: 3 of a player's 12
    # actions, so one row holds at most 4 flowers; the table's 6 flowers need two rows.
    ann = player("Ann", row(
        [cell("purple", 6, "Baby Toes", 0, True), cell("blue", 6, "Coral Cactus", 0, True)],
        [cell("green", 6, "String of Pearls", 0, True), cell("yellow", 6, "Ribbon Plant", 0, True)]))
    bo = player("Bo", row([cell("orange", 6, "Bunny Ears", 0, True)], [cell("red", 6, "Living Stone", 0, True)]))
    result = score(ann, bo)
    assert cat(result, "Ann", "flowers").points == 28  # 4 x 7
    assert cat(result, "Bo", "flowers").points == 14  # 2 x 7: 6 flowers x 7 = 42 on the table


# -------------------------------------------------------------------------------- pots


def test_each_pot_card_scores_two_and_the_money_plant_pot_does_not_by_default():
    pots = cat(score(player("Ann", row([gray(), cell("red", 6)], [cell("rainbow", 4), gray()])), others()),
               "Ann", "pots")
    assert pots.points == 8  # 4 pot cards x 2
    assert pots.details[0] == "4 pot cards (2 gray starting, 2 bought) x 2 = 8"
    assert "not a pot card = 0" in pots.details[1] and "an option counts it" in pots.details[1]


def test_option_money_plant_pot_scores_adds_two_for_its_pot():
    result = score(player("Ann"), others(), money_plant_pot_scores=True)
    pots = cat(result, "Ann", "pots")
    assert pots.points == 6  # 2 starting pots x 2 + Money Plant pot 2
    assert pots.details[1] == "Money Plant's pot, counted as a pot card (this play's option) = 2"
    assert cat(result, "Bo", "pots").points == 6


def test_option_accepts_form_strings():
    assert cat(score(player("Ann"), others(), money_plant_pot_scores="on"), "Ann", "pots").points == 6


def test_a_row_with_only_the_money_plant_has_no_pot_cards():
    pots = cat(score(player("Ann", [dict(MONEY_PLANT)]), others()), "Ann", "pots")
    assert pots.points == 0 and pots.details[0] == "No pot cards"


def test_the_largest_row_holds_12_bought_pots_and_scores_28_for_pots():
    # one pot bought per season, 12 seasons (a 13th pot is refused: test_gretchen_limits.py)
    deck = [cell(c, s) for c in gretchen.COLORS for s in (6, 8, 12)] + [cell("rainbow", 4)] * 6
    ann = player("Ann", row([gray(), *deck[:6]], [*deck[6:12], gray()]))
    pots = cat(score(ann, others()), "Ann", "pots")
    assert pots.points == 28  # (12 + 2) x 2
    assert pots.details[0] == "14 pot cards (2 gray starting, 12 bought) x 2 = 28"


# ------------------------------------------------------------------------ purple: Baby Toes


def test_baby_toes_scores_five_when_both_sides_hold_as_many_plants():
    ann = player("Ann", row([gray("Baby Toes", 1), gray("Coral Cactus")], [cell("rainbow", 4, "Coral Cactus"),
                                                                           cell("rainbow", 4, "Coral Cactus")]))
    plants = cat(score(ann, others("Coral Cactus")), "Ann", "plants")
    assert plants.details[0] == "Baby Toes (purple): 2 plants left of the Money Plant, 2 right: balanced, 1 x 5 = 5"
    assert plants.points == 5


def test_baby_toes_ignores_empty_pots_when_counting_sides():
    # left: Baby Toes + empty red pot = 1 plant; right: 1 plant -> balanced
    ann = player("Ann", row([gray("Baby Toes"), cell("red", 6)], [gray("Coral Cactus")]))
    assert cat(score(ann, others()), "Ann", "plants").points == 5


def test_two_baby_toes_each_score_when_balanced():
    ann = player("Ann", row([gray("Baby Toes")], [gray("Baby Toes")]))
    assert cat(score(ann, others("Baby Toes")), "Ann", "plants").points == 10  # 2 x 5


def test_baby_toes_scores_nothing_one_plant_off_balance():
    # left 2 plants, right 1 plant: the smallest miss
    ann = player("Ann", row([gray("Baby Toes"), cell("red", 6, "Coral Cactus")], [gray("Coral Cactus")]))
    plants = cat(score(ann, others("Coral Cactus")), "Ann", "plants")
    assert plants.points == 0
    assert plants.details[0] == "Baby Toes (purple): 2 plants left of the Money Plant, 1 right: not balanced = 0"


# -------------------------------------------------------------------- purple: Calico Hearts


def test_calico_hearts_scores_its_distance_from_the_money_plant_next_to_it_is_one():
    ann = player("Ann", row([gray("Calico Hearts")], [gray()]))
    plants = cat(score(ann, others()), "Ann", "plants")
    assert plants.points == 1
    assert plants.details == ("Calico Hearts (purple): left 1 = 1 (places from the Money Plant, next to it = 1): 1",)


def test_calico_hearts_counts_empty_pots_and_plants_between_it_and_the_money_plant():
    # left 1 (next to it) = 1; right 3 (an empty pot and a plant between) = 3; total 4
    ann = player("Ann", row([gray("Calico Hearts")],
                            [cell("red", 6), cell("rainbow", 4, "Coral Cactus"), gray("Calico Hearts")]))
    plants = cat(score(ann, others("Calico Hearts")), "Ann", "plants")
    assert plants.points == 4
    assert plants.details[0].startswith("Calico Hearts (purple): left 1 = 1; right 3 = 3 ")


def test_calico_hearts_at_the_far_end_of_the_largest_row_scores_twelve():
    # 11 bought pots between it and the Money Plant, and the Calico Hearts: 12 actions
    deck = [cell(c, s) for c in gretchen.COLORS for s in (6, 8, 12)]
    ann = player("Ann", row([gray("Calico Hearts"), *deck[:11]], [gray()]))
    assert cat(score(ann, others()), "Ann", "plants").points == 12  # 11 pots between + 1


# ------------------------------------------------------------- yellow: Mexican Firecracker


def firecrackers(name, k, other_pot="rainbow"):
    pots = [gray("Mexican Firecracker"), gray("Mexican Firecracker")] + [cell(other_pot, 4, "Mexican Firecracker")] * 4
    return player(name, row(pots[:k], []))


def test_mexican_firecracker_scores_five_each_for_the_most():
    result = score(firecrackers("Ann", 2), firecrackers("Bo", 1))
    assert cat(result, "Ann", "plants").points == 10  # most: 2 x 5
    assert cat(result, "Ann", "plants").details == (
        "Mexican Firecracker (yellow): you own 2, the most (others: Bo 1): 2 x 5 = 10",)


def test_mexican_firecracker_scores_two_each_when_not_the_most():
    result = score(firecrackers("Ann", 2), firecrackers("Bo", 1))
    assert cat(result, "Bo", "plants").points == 2  # 1 x 2
    assert cat(result, "Bo", "plants").details == (
        "Mexican Firecracker (yellow): you own 1, the most is 2 (others: Ann 2): 1 x 2 = 2",)


def test_mexican_firecracker_tied_for_the_most_scores_five_each_for_everyone_tied():
    result = score(firecrackers("Ann", 2), firecrackers("Bo", 2), player("Cy"))
    assert cat(result, "Ann", "plants").points == 10  # tied 2 = 2: 2 x 5
    assert cat(result, "Bo", "plants").points == 10
    assert "tied for the most (others: Bo 2, Cy 0)" in cat(result, "Ann", "plants").details[0]
    assert cat(result, "Cy", "plants").points == 0


def test_mexican_firecracker_three_players_two_tied_leaders_and_one_behind():
    # counts 2, 2, 1: the two tied leaders 2 x 5 = 10 each, the third 1 x 2 = 2
    result = score(firecrackers("Ann", 2), firecrackers("Bo", 2), firecrackers("Cy", 1))
    assert [cat(result, n, "plants").points for n in ("Ann", "Bo", "Cy")] == [10, 10, 2]


def test_mexican_firecracker_five_with_one_player_scores_twenty_five():
    # 5 is the most one row can own: the deck holds at most 3, the rest are cuttings of another
    # player's Mexican Firecracker (all 6 in one row are refused: test_gretchen_limits.py)
    ann = player("Ann", row([gray("Mexican Firecracker"), gray("Mexican Firecracker")],
                            [cell("rainbow", 4, "Mexican Firecracker")] * 3))
    assert cat(score(ann, others("Mexican Firecracker")), "Ann", "plants").points == 25  # 5 x 5


# ---------------------------------------------------------------------- yellow: Ribbon Plant


def test_ribbon_plant_scores_the_number_on_the_whole_table_for_each_copy():
    ann = player("Ann", row([gray("Ribbon Plant"), gray("Ribbon Plant")], []))
    bo = player("Bo", row([gray("Ribbon Plant")], [gray()]))
    result = score(ann, bo)
    # table holds 3: Ann 2 x 3 = 6, Bo 1 x 3 = 3
    assert cat(result, "Ann", "plants").points == 6
    assert cat(result, "Bo", "plants").points == 3
    assert cat(result, "Bo", "plants").details == (
        "Ribbon Plant (yellow): 3 on the table (you 1, others: Ann 2): 1 x 3 = 3",)


def test_a_lone_ribbon_plant_scores_one():
    assert cat(score(player("Ann", row([gray("Ribbon Plant")], [gray()])), others()), "Ann", "plants").points == 1


def test_all_six_ribbon_plants_across_three_players():
    ann = player("Ann", row([gray("Ribbon Plant"), gray("Ribbon Plant")], [cell("rainbow", 4, "Ribbon Plant")]))
    bo = player("Bo", row([gray("Ribbon Plant"), gray("Ribbon Plant")], []))
    cy = player("Cy", row([gray("Ribbon Plant")], [gray()]))
    result = score(ann, bo, cy)
    # 6 on the table: 3 x 6 = 18, 2 x 6 = 12, 1 x 6 = 6
    assert [cat(result, n, "plants").points for n in ("Ann", "Bo", "Cy")] == [18, 12, 6]


# --------------------------------------------------------------------- orange: Snake Plant


@pytest.mark.parametrize(
    "pot, leaves, points",
    [
        (("orange", 6), 6, 5),  # full 6 of 6
        (("orange", 6), 5, 0),  # one leaf short
        (("gray", 2), 2, 5),  # full gray pot
        (("red", 12), 12, 5),
        (("red", 12), 0, 0),
    ],
)
def test_snake_plant_scores_five_only_when_full(pot, leaves, points):
    ann = player("Ann", row([cell(*pot, "Snake Plant", leaves)], [gray()]))
    assert cat(score(ann, others()), "Ann", "plants").points == points


def test_snake_plants_are_each_explained():
    ann = player("Ann", row([gray("Snake Plant", 2)], [cell("orange", 8, "Snake Plant", 3)]))
    plants = cat(score(ann, others("Snake Plant")), "Ann", "plants")
    assert plants.details == ("Snake Plant (orange): left 1 full, 2 of 2 leaves = 5; "
                              "right 1 not full, 3 of 8 leaves = 0: 5",)


# ---------------------------------------------------------------------- orange: Bunny Ears


@pytest.mark.parametrize("leaves, points", [(0, 4), (1, -1), (2, 4), (7, -1), (12, 4)])
def test_bunny_ears_scores_four_for_even_leaves_and_minus_one_for_odd(leaves, points):
    ann = player("Ann", row([cell("red", 12, "Bunny Ears", leaves)], [gray()]))
    assert cat(score(ann, others()), "Ann", "plants").points == points


def test_bunny_ears_can_make_the_plants_row_negative():
    ann = player("Ann", row([gray("Bunny Ears", 1)], [gray("Bunny Ears", 1)]))
    result = score(ann, others("Bunny Ears"))
    assert cat(result, "Ann", "plants").points == -2  # -1 + -1
    assert cat(result, "Ann", "plants").details == (
        "Bunny Ears (orange): left 1 1 leaf, odd = -1; right 1 1 leaf, odd = -1: -2",)
    assert result.player("Ann").total == 4  # 2 leaves + (-2) + 2 pots x 2


# ---------------------------------------------------------------------- red: Jellybean Plant


def test_jellybean_counts_distinct_colours_of_plants_and_pots_but_not_gray_or_rainbow():
    # plants: red (Jellybean), blue (Coral), gray (Pet Rock); pots: green, red, rainbow, gray
    # colours: red, blue, green = 3
    ann = player("Ann", row([cell("green", 6, "Jellybean Plant"), cell("red", 6, "Coral Cactus")],
                            [cell("rainbow", 4, "Pet Rock"), gray()]))
    plants = cat(score(ann, others()), "Ann", "plants")
    assert plants.details[0] == ("Jellybean Plant (red): 3 colours among your plants and pots "
                                 "(blue, green, red; gray and rainbow do not count): 1 x 3 = 3")
    assert plants.points == 3 + 5  # Jellybean 3 + Pet Rock 5


def test_jellybean_in_a_gray_row_counts_only_its_own_red():
    ann = player("Ann", row([gray("Jellybean Plant")], [gray()]))
    assert cat(score(ann, others()), "Ann", "plants").points == 1


def test_jellybean_does_not_count_flower_colours():
    # Rainbow West flowered in a rainbow pot (some colour) adds no colour: Jellybean red only = 1
    ann = player("Ann", row([gray("Jellybean Plant")], [cell("rainbow", 4, "Rainbow West", 0, True)]))
    assert cat(score(ann, others()), "Ann", "plants").points == 1


def test_two_jellybeans_with_all_six_colours_score_twelve():
    ann = player("Ann", row(
        [cell("purple", 6, "Jellybean Plant"), cell("blue", 6, "Jellybean Plant"), cell("green", 6)],
        [cell("yellow", 6), cell("orange", 6)]))
    assert cat(score(ann, others("Jellybean Plant")), "Ann", "plants").points == 12  # 2 x 6 colours


# ------------------------------------------------------------------------- red: Living Stone


def test_living_stone_scores_three_each_not_three_per_stone_owned():
    ann = player("Ann", row([gray("Living Stone"), gray("Living Stone")], []))
    plants = cat(score(ann, others("Living Stone")), "Ann", "plants")
    assert plants.points == 6  # 2 x 3, not 2 x 2 x 3
    assert plants.details == ("Living Stone (red): 2 x 3 = 6",)


# ---------------------------------------------------------------------------- special plants


# 110: with the two Money Plants' 3 leaves, all 116 water/leaf markers (test_gretchen_limits.py)
@pytest.mark.parametrize("water, points", [(0, 0), (4, 4), (9, 9), (110, 110)])
def test_aloe_vera_scores_one_per_water_in_the_can_without_a_cap(water, points):
    ann = player("Ann", row([gray("Aloe Vera")], [gray()]), can=water)
    assert cat(score(ann, others()), "Ann", "plants").points == points


def test_moon_cactus_scores_seven_without_flowers_in_your_own_collection():
    ann = player("Ann", row([gray("Moon Cactus")], [gray()]))
    bo = player("Bo", row([cell("red", 6, "Living Stone", 0, True)], [gray()]))
    result = score(ann, bo)
    assert cat(result, "Ann", "plants").details == ("Moon Cactus (special): no flower in your collection = 7",)
    assert cat(result, "Ann", "plants").points == 7


def test_moon_cactus_scores_nothing_with_one_flower():
    ann = player("Ann", row([gray("Moon Cactus")], [cell("red", 6, "Living Stone", 0, True)]))
    plants = cat(score(ann, others()), "Ann", "plants")
    assert plants.points == 3  # Living Stone 3, Moon Cactus 0
    assert plants.details[1] == "Moon Cactus (special): 1 flower in your collection = 0"


@pytest.mark.parametrize("money, points", [(4, 7), (3, 0), (0, 0)])
def test_leaf_window_scores_seven_when_the_money_plant_is_full(money, points):
    ann = player("Ann", row([gray("Leaf Window")], [gray()]), money=money)
    assert cat(score(ann, others()), "Ann", "plants").points == points


def mermaid(plants_for_bo):
    """Ann: Mermaid Tail and 2 Coral Cactus; Bo: ``plants_for_bo`` plants (a Coral Cactus first,
    which Ann's second one was cut from, then one each of other types)."""
    ann = player("Ann", row([gray("Mermaid Tail"), gray("Coral Cactus")], [cell("rainbow", 4, "Coral Cactus")]))
    kinds = ["Coral Cactus", "Living Stone", "Bunny Ears", "Ribbon Plant"][:plants_for_bo]
    bo_plants = [cell("rainbow", 4, kind) for kind in kinds]
    return score(ann, player("Bo", row([gray(), gray()], bo_plants)))


def test_mermaid_tail_scores_seven_for_the_most_plants():
    plants = cat(mermaid(2), "Ann", "plants")  # Ann 3 plants, Bo 2
    assert plants.points == 7
    assert plants.details == ("Mermaid Tail (special): you have 3 plants, the most (others: Bo 2) = 7",
                              "No end-of-game effect: Coral Cactus")


def test_mermaid_tail_tied_for_the_most_plants_still_scores_seven():
    plants = cat(mermaid(3), "Ann", "plants")  # 3 = 3
    assert plants.points == 7
    assert "tied for the most" in plants.details[0]


def test_mermaid_tail_one_plant_short_of_the_most_scores_nothing():
    plants = cat(mermaid(4), "Ann", "plants")  # 3 < 4
    assert plants.points == 0
    assert plants.details[0] == "Mermaid Tail (special): you have 3 plants, the most is 4 (others: Bo 4) = 0"


def test_mermaid_tail_does_not_count_empty_pots_as_plants():
    # Bo has 2 gray pots, both empty, and no plants: Ann's 3 plants are the most
    ann = player("Ann", row([gray("Mermaid Tail"), gray("Coral Cactus")], [cell("rainbow", 4, "String of Pearls")]))
    result = score(ann, player("Bo", row([gray(), gray()], [])))
    assert cat(result, "Ann", "plants").points == 7


# ---------------------------------------------------------------------------- plants row


def test_plant_effects_are_listed_in_the_rulebook_order_purple_yellow_orange_red_special():
    ann = player("Ann", row(
        [gray("Pet Rock"), gray("Living Stone"), cell("rainbow", 4, "Bunny Ears", 2)],
        [cell("rainbow", 4, "Ribbon Plant"), cell("rainbow", 4, "Baby Toes"), cell("rainbow", 4, "String of Pearls")]))
    details = cat(score(ann, others()), "Ann", "plants").details
    assert [d.split(":")[0] for d in details] == [
        "Baby Toes (purple)", "Ribbon Plant (yellow)", "Bunny Ears (orange)", "Living Stone (red)",
        "Pet Rock (special)", "No end-of-game effect"]
    # Baby Toes 3 = 3 balanced 5 + Ribbon 1 + Bunny 4 + Living Stone 3 + Pet Rock 5 = 18
    assert cat(score(ann, others()), "Ann", "plants").points == 18


def test_no_plants_at_all_is_explained():
    plants = cat(score(player("Ann"), others()), "Ann", "plants")
    assert plants.points == 0 and plants.details == ("No plants in your collection",)


def test_plants_without_end_of_game_effects_are_named_once():
    ann = player("Ann", row([gray("Coral Cactus"), gray("Coral Cactus")], [cell("rainbow", 4, "Rainbow West")]))
    plants = cat(score(ann, others("Coral Cactus")), "Ann", "plants")
    assert plants.points == 0 and plants.details == ("No end-of-game effect: Coral Cactus, Rainbow West",)


# ------------------------------------------------------------------------------ ranking


def test_equal_totals_share_the_victory():
    result = score(player("Ann"), player("Bo"), player("Cy", row([gray("Living Stone")], [gray()])))
    # Ann 4, Bo 4, Cy 4 + 3 = 7
    assert [p.rank for p in result.players] == [2, 2, 1]
    result = score(player("Ann"), player("Bo"))
    assert [p.rank for p in result.players] == [1, 1]
    assert result.winners == ("Ann", "Bo")
    assert result.tiebreak == "Tie on 4 points: shared victory"


def test_three_way_ranks_skip_after_a_shared_first_place():
    cy = player("Cy", [dict(MONEY_PLANT), gray()])  # 1 pot: 2 points
    result = score(player("Ann"), player("Bo"), cy)
    assert [p.rank for p in result.players] == [1, 1, 3]


def test_the_starting_row_scores_four_for_its_two_pots():
    blank = {"name": "Ann", **gretchen.GAME.blank_player()}
    result = scoring.score("gretchens-garden", {"players": [blank, {**blank, "name": "Bo"}]})
    assert [p.total for p in result.players] == [4, 4]


# -------------------------------------------------------------------- provisional subsets


def test_scoring_a_subset_of_seats_warns_that_majorities_compare_only_entered_players():
    tbl = table(firecrackers("Ann", 1))
    tbl["player_count"] = 3
    result = scoring.score("gretchens-garden", tbl)
    assert cat(result, "Ann", "plants").points == 5  # most among the players entered
    assert result.warnings[0] == ("Scoring 1 of 3 players: Mexican Firecracker, Ribbon Plant and Mermaid Tail "
                                  "compare only the players entered")


def test_a_full_table_has_no_warnings():
    assert gretchen.GAME.score(rulebook_example()).warnings == ()


# -------------------------------------------------------------------------------- registry


def test_the_registry_describes_the_game_and_its_option():
    game = scoring.get("gretchens-garden")
    info = game.describe()
    assert info["status"] == "ready" and info["players"] == {"min": 2, "max": 4}
    assert info["options"][0] == {"name": "money_plant_pot_scores", "kind": "bool", "default": False,
                                  "description": game.options[0].description}
    # the open readings of READINGS.md, each an option with the project's reading as default
    assert [(o["name"], o["default"], o.get("choices")) for o in info["options"][1:]] == [
        ("calico_hearts_distance", "places", ["places", "plants_closer_plus_1", "plants_between"]),
        ("aloe_vera_max_4", False, None)]
    assert game.default_options() == {"money_plant_pot_scores": False, "calico_hearts_distance": "places",
                                      "aloe_vera_max_4": False}


def test_blank_player_is_the_starting_row_and_a_fresh_copy_each_time():
    first = gretchen.GAME.blank_player()
    first["display"].append("changed")
    second = gretchen.GAME.blank_player()
    assert "name" not in second
    assert second["display"] == [gray(), {"money_plant": True}, gray()]
    assert second["money_plant_leaves"] == 3 and second["watering_can"] == 0


def test_result_serialises_to_json_shape():
    data = gretchen.GAME.score(rulebook_example()).to_dict()
    assert [c["key"] for c in data["players"][0]["categories"]] == ["leaves", "flowers", "plants", "pots"]
    assert data["players"][0]["total"] == 73


def test_the_api_doc_example_is_the_engine_output_for_the_rulebook_example():
    import json
    import pathlib
    import re

    doc = (pathlib.Path(__file__).parents[2] / "docs" / "api" / "gretchens-garden.md").read_text(encoding="utf-8")
    blocks = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", doc, re.S)]
    example_in, example_out = blocks[-2], blocks[-1]
    assert example_in == rulebook_example()
    assert example_out == gretchen.GAME.score(example_in).to_dict()
