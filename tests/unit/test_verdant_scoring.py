"""Verdant scoring: the seven standard categories, goal cards, tie-breakers, family, solo, modifications.

Alice's home (``ALICE_HOME``), worked out by hand::

    Jasmine/concrete     Vining+vining lamp        Moth Orchid v4         Flowering (empty)         Aloe/wood
    Vining+flowering cat Snake Plant/ceramic       Flowering+flower sofa  Venus Fly Trap/concrete   Succulent+succ dog
    Common Ivy v3        Foliage+foliage lamp      Peace Lily/wood        Unusual (empty)           Jade v2

    plants    Jasmine 11 + Aloe 6 + Snake Plant 7 + Venus Fly Trap 3 + Peace Lily 5  = 32
    verdancy  Moth Orchid 4 + Common Ivy 3 + Jade 2 = 9 -> 9 // 2                   =  4
    pots      concrete 2 x 3 + wood 2 x 2 + ceramic 1 x 1 = 6 + 4 + 1                = 11
    rooms     vining+lamp: Jasmine x2 = 2; flowering: Moth = 1; vining+cat (no match): Jasmine, Ivy = 2;
              flowering+sofa: Moth, Peace Lily x2 = 4; succulent+dog: Aloe, Jade x2 = 4;
              foliage+lamp: Snake x2 = 2; unusual: Venus Fly Trap = 1                     = 16
    items     lamp, cat, sofa, dog = 4 kinds (second lamp does not count)              =  9
    collector vining, flowering, succulent, foliage, unusual                           =  3
    decorator vining, flowering, succulent, foliage, unusual                           =  3
                                                                                 total = 78
"""

from __future__ import annotations

import copy

import pytest

from scoring.verdant import catalog
from tests.unit.test_verdant_support import (
    ALICE_HOME,
    BEA_HOME,
    anon,
    bob_home,
    checker,
    details,
    item,
    plain_home,
    plant,
    plants_worth,
    player,
    points,
    room,
    score,
    table,
)


def alice_alone(**options):
    return score(table(player("Alice", ALICE_HOME, green_thumbs=2), player_count=2, **options))


# ------------------------------------------------------------------------- categories


def test_alices_home_scores_every_category_as_worked_out_by_hand():
    result = alice_alone()
    got = {c.key: c.points for c in result.player("Alice").categories}
    assert got == {"plants": 32, "verdancy": 4, "pots": 11, "rooms": 16, "items": 9, "collector": 3, "decorator": 3, "goals": 0}
    assert result.player("Alice").total == 78


def test_every_category_explains_its_points_with_lines():
    result = alice_alone()
    assert details(result, "Alice", "plants")[0] == "Jasmine (row 1, card 1): 11"
    assert details(result, "Alice", "verdancy") == [
        "Verdancy on incomplete plants: Moth Orchid 4 + Common Ivy 3 + Jade 2 = 9, halved and rounded down = 4"]
    assert details(result, "Alice", "pots") == ["2 concrete pots x 3 = 6", "2 wood pots x 2 = 4", "1 ceramic pot x 1 = 1"]
    assert details(result, "Alice", "rooms")[3] == (
        "Flowering room (row 2, card 3, flowering sofa matches x2): 2 adjacent Flowering plants x 2 = 4")
    assert details(result, "Alice", "items") == ["4 different item kinds in rooms (sofa, lamp, cat, dog) = 9",
                                                 "1 duplicate token (lamp x2) does not score"]
    assert details(result, "Alice", "goals") == ["No goal cards in play"]


def test_a_home_with_nothing_scores_zero_and_says_why_in_every_category():
    result = score(table(player("Zed", plain_home()), player_count=2))
    assert result.player("Zed").total == 0
    lines = {c.key: c.details for c in result.player("Zed").categories}
    assert lines["plants"] == ("No completed plants",)
    assert lines["verdancy"] == ("No verdancy on incomplete plants",)
    assert lines["pots"] == ("No pots",)
    assert lines["rooms"][0] == "Vining room (row 1, card 2): no adjacent Vining plant = 0"
    assert lines["items"] == ("No furniture or pets placed in rooms",)
    assert lines["collector"] == ("Missing plant types: succulent, flowering, vining, unusual = 0",)
    assert lines["decorator"] == ("Missing room types: succulent, flowering, foliage, unusual = 0",)


def test_extra_verdancy_halves_the_total_not_each_plant():
    # 3 + 3 = 6 -> 3 (halving each plant would give 1 + 1 = 2)
    home = plain_home()
    home[0][0] = anon("foliage", verdancy=3)
    home[0][2] = anon("foliage", verdancy=3)
    assert points(score(table(player("V", home), player_count=2)), "V", "verdancy") == 3


def test_one_verdancy_rounds_down_to_zero_with_an_explanation():
    home = plain_home()
    home[0][0] = anon("foliage", verdancy=1)
    result = score(table(player("V", home), player_count=2))
    assert points(result, "V", "verdancy") == 0
    assert details(result, "V", "verdancy") == ["Verdancy on incomplete plants: Lucky Bamboo 1 = 1, halved and rounded down = 0"]


def test_terra_cotta_pots_score_nothing_and_are_listed():
    home = plain_home()
    home[0][0] = anon("foliage", pot="terracotta")
    result = score(table(player("Solo", home)))
    assert points(result, "Solo", "pots") == 0
    assert details(result, "Solo", "pots") == ["No bonus pots", "1 terra cotta pot x 0 = 0"]


def test_room_scores_double_with_matching_item_and_single_with_another_colour():
    home = plain_home(ptype="vining")  # every room is vining, every plant vining
    home[0][1] = room("vining", item("lamp", "vining"))      # R0 touches 3 plants: 3 x 2 = 6
    home[1][0] = room("vining", item("cat", "flowering"))    # R2 touches 3 plants: 3 x 1 = 3
    lines = details(score(table(player("R", home), player_count=2)), "R", "rooms")
    assert lines[0] == "Vining room (row 1, card 2, vining lamp matches x2): 3 adjacent Vining plants x 2 = 6"
    assert lines[2] == "Vining room (row 2, card 1): 3 adjacent Vining plants x 1 = 3"


def test_the_best_room_scores_eight_four_matching_plants_doubled():
    home = plain_home(ptype="flowering", rtype="unusual")
    home[1][2] = room("flowering", item("sofa", "flowering"))  # centre room touches 4 flowering plants
    result = score(table(player("R", home), player_count=2))
    assert points(result, "R", "rooms") == 8


@pytest.mark.parametrize("kinds, expected", [(0, 0), (1, 1), (2, 3), (3, 6), (4, 9), (5, 12), (6, 16), (7, 20), (8, 25)])
def test_furniture_and_pets_follow_the_rulebook_scale(kinds, expected):
    rooms = [room("vining", item(catalog.ITEM_KINDS[i], "succulent") if i < kinds else None) for i in range(8)]
    home = checker([anon("foliage") for _ in range(7)], rooms, rooms_first=True)
    assert points(score(table(player("I", home), player_count=2)), "I", "items") == expected


def test_a_stored_item_does_not_count_for_furniture_and_pets():
    home = plain_home()
    home[0][1] = room("vining", item("lamp", "vining"))
    result = score(table(player("I", home, storage=item("cat", "vining")), player_count=2))
    assert points(result, "I", "items") == 1
    assert details(result, "I", "items")[-1] == "The stored vining cat is not in the home and does not count"


def test_collector_and_decorator_need_all_five_types_and_miss_with_four():
    types = list(catalog.TYPES)
    plants = [anon(types[i % 5]) for i in range(8)]
    rooms = [room(types[i % 5]) for i in range(7)]
    result = score(table(player("C", checker(plants, rooms)), player_count=2))
    assert (points(result, "C", "collector"), points(result, "C", "decorator")) == (3, 3)
    plants = [anon(types[i % 4]) for i in range(8)]   # no unusual plant
    rooms = [room(types[1 + i % 4]) for i in range(7)]  # no succulent room
    result = score(table(player("C", checker(plants, rooms)), player_count=2))
    assert (points(result, "C", "collector"), points(result, "C", "decorator")) == (0, 0)
    assert details(result, "C", "collector") == ["Missing plant types: unusual = 0"]


# ------------------------------------------------------------------------------ goals


@pytest.mark.parametrize("goal, expected", [
    ("Apartment Living", 2),        # Venus Fly Trap (needs 3) completed: 1 x 2
    ("Going Big", 4),               # Jasmine (9), Snake Plant (7): 2 x 2
    ("On Vacation", 2),             # Jade holds 2 (Moth 4, Ivy 3 do not): 1 x 2
    ("Coordinated Alignment", 0),   # no row of plants all one type
    ("Picking Favorites", 0),       # all 5 plant types present
    ("Mixing It Up", 6),            # rows [vin, flo, suc], [fol, unu], [vin, flo, suc]: 3 x 2
    ("Every Shade of Green", 5),    # needs 9, 6, 5, 7, 3, 9, 5, 7 -> {3, 5, 6, 7, 9}
    ("Pot Pairs", 4),               # concrete 2 -> 1 pair, wood 2 -> 1 pair, ceramic 1: 2 x 2
    ("Thumbs Up", 2),               # 2 Green Thumbs
    ("Picky Potter", 2),            # lacks terra cotta only: 1 x 2
    ("Delayed Gratification", 0),   # no terra cotta
    ("Color Pairs", 2),             # flowering cat + flowering sofa: 1 pair x 2
    ("The Spice of Life", 0),       # no terra cotta, so no full set
    ("Backup Plan", 0),             # empty storage
    ("Clear the Way", 0),           # every row has a room with an item
    ("Triple Treatment", 0),        # at most 2 rooms of a type
    ("Matchy Matchy", 4),           # vining lamp, flowering sofa, succulent dog, foliage lamp
    ("Double Duty", 3),             # rooms at (2,1) vining, (2,3) flowering, (2,5) succulent touch 2 matches
    ("Color Minimalist", 0),        # all 5 room types present
    ("Coordinated Corridors", 0),   # rooms rows [vin, flo], [vin, flo, suc], [fol, unu]
    ("Diversified Designer", 6),    # each row of rooms all different: 3 x 2
    ("Chaotic Coordinator", 0),     # every room touches at least one plant of its type
    ("Four Corners", 0),            # the corners are plants
])
def test_each_goal_on_alices_home_as_worked_out_by_hand(goal, expected):
    result = alice_alone(goals=[goal])
    assert points(result, "Alice", "goals") == expected
    assert details(result, "Alice", "goals")[0].startswith(goal + ": ")


@pytest.mark.parametrize("goal, expected", [
    ("Coordinated Alignment", 9),   # 3 rows of foliage plants x 3
    ("Coordinated Corridors", 9),   # 3 rows of vining rooms x 3
    ("Picking Favorites", 8),       # 4 missing plant types x 2
    ("Color Minimalist", 8),        # 4 missing room types x 2
    ("On Vacation", 16),            # 8 incomplete plants with 0 verdancy x 2
    ("Every Shade of Green", 4),    # the first 8 foliage cards need 6, 8, 6, 6, 7, 4, 7, 7 -> {4, 6, 7, 8}
    ("Clear the Way", 12),          # 3 rows with every room empty x 4
    ("Triple Treatment", 3),        # 7 vining rooms: 1 type x 3
    ("Chaotic Coordinator", 14),    # 7 rooms, none touching a vining plant: 7 x 2
    ("Mixing It Up", 0), ("Diversified Designer", 0), ("Double Duty", 0), ("Matchy Matchy", 0),
])
def test_each_goal_on_a_plain_home_of_one_plant_and_one_room_type(goal, expected):
    result = score(table(player("P", plain_home()), player_count=2, goals=[goal]))
    assert points(result, "P", "goals") == expected


def test_clear_the_way_misses_a_row_with_one_item():
    home = plain_home()
    home[1][2] = room("vining", item("bird", "vining"))  # the middle row is no longer clear: 2 x 4
    assert points(score(table(player("P", home), player_count=2, goals=["Clear the Way"])), "P", "goals") == 8


def test_triple_treatment_misses_with_two_rooms_of_a_type():
    types = ["vining", "vining", "flowering", "flowering", "foliage", "foliage", "unusual"]
    home = checker([anon("foliage") for _ in range(8)], [room(t) for t in types])
    assert points(score(table(player("P", home), player_count=2, goals=["Triple Treatment"])), "P", "goals") == 0


def test_pot_goals_count_pairs_sets_and_terra_cotta():
    # solo: terra cotta may be taken any time; 4 of each bonus pot in the supply
    pots = ["concrete", "concrete", "wood", "ceramic", "terracotta", "terracotta", "terracotta"]
    home = checker([anon("foliage", pot=p) for p in pots] + [anon("foliage")], [room("vining") for _ in range(7)])
    def goal(name):
        return points(score(table(player("S", home), goals=[name])), "S", "goals")
    assert goal("Pot Pairs") == 4               # concrete 1 pair + terra cotta 1 pair (3 // 2): 2 x 2
    assert goal("The Spice of Life") == 4       # min(2, 1, 1, 3) = 1 set x 4
    assert goal("Delayed Gratification") == 6   # 3 terra cotta x 2
    assert goal("Picky Potter") == 0            # has all 4 types


def test_backup_plan_needs_a_nurture_token_in_storage_not_an_item():
    def goal(storage):
        return points(score(table(player("S", plain_home(), storage=storage), player_count=2, goals=["Backup Plan"])), "S", "goals")
    assert goal("watering_can") == 4
    assert goal("Hand Trowel") == 4
    assert goal(item("cat", "vining")) == 0
    assert goal(None) == 0


def test_thumbs_up_scores_each_green_thumb():
    result = score(table(player("S", plain_home(), green_thumbs=5), player_count=2, goals=["Thumbs Up"]))
    assert details(result, "S", "goals") == ["Thumbs Up: 5 Green Thumb tokens x 1 = 5"]


def _corners_home(corner_types):
    rooms = ["vining"] * 8
    for index, t in zip((0, 2, 5, 7), corner_types):  # R0, R2, R5, R7 are the corners when rooms come first
        rooms[index] = t
    return checker([anon("foliage") for _ in range(7)], [room(t) for t in rooms], rooms_first=True)


@pytest.mark.parametrize("corners, expected", [
    (["unusual"] * 4, 4),                                    # all the same
    (["unusual", "flowering", "foliage", "succulent"], 4),   # all different
    (["unusual", "unusual", "foliage", "succulent"], 0),     # 3 types: neither
    (["unusual", "unusual", "unusual", "succulent"], 0),     # one off all-the-same
])
def test_four_corners_needs_four_corner_rooms_all_same_or_all_different(corners, expected):
    result = score(table(player("C", _corners_home(corners)), player_count=2, goals=["Four Corners"]))
    assert points(result, "C", "goals") == expected


# Bea's home, every card named (edges top/right/bottom/left):
#   Pincushion Cactus [sun]   Succulent room 1 (sun shade semi sun)   Peace Lily [semi shade]  Succulent room 2 (semi sun sun shade)  Black-Eyed Susan Vine [sun]
#   Succulent room 3 (sun sun shade semi)  Zebra Haworthia [all]  Flowering room 1 (semi sun semi shade)  Prayer Plant [semi shade]  Flowering room 2 (semi shade semi sun)
#   Burro's Tail [semi]   Foliage room 1 (semi shade semi sun)   Coral Cactus [sun]   Vining room 1 (semi shade semi sun)   Living Stone [sun]
# Edges facing each plant:
#   Pincushion: sun, sun -> perfect          Peace Lily: shade, shade, semi -> perfect
#   Susan Vine: sun, semi -> mixed           Zebra: semi, sun, shade, semi -> perfect (all three)
#   Prayer: sun, sun, sun, semi -> mixed     Burro's Tail: shade, sun -> none match
#   Coral: semi, shade, sun -> mixed         Living Stone: semi, shade -> none match
# Rooms: Succulent room 1 shows sun to Pincushion, shade to Peace Lily, semi to Zebra -> perfect;
#   every other room has an edge a plant does not like (e.g. Vining room 1 shows shade to Living Stone).
@pytest.mark.parametrize("goal, expected", [("Perfect Conditions", 3), ("Against All Odds", 4), ("Perfect Ambiance", 1)])
def test_lighting_goals_on_beas_home(goal, expected):
    assert points(score(table(player("Bea", BEA_HOME), goals=[goal])), "Bea", "goals") == expected


@pytest.mark.parametrize("goal, expected", [("Perfect Conditions", 3), ("Against All Odds", 4), ("Perfect Ambiance", 1)])
def test_lighting_goals_work_the_same_for_cards_given_by_attributes(goal, expected):
    home = copy.deepcopy(BEA_HOME)
    home[0][0] = anon("succulent", points=3, needs=3, light=["sun"])  # = Pincushion Cactus
    home[0][1] = room("succulent", edges={"top": "sun", "right": "shade", "bottom": "semi", "left": "sun"})
    assert points(score(table(player("Bea", home), goals=[goal])), "Bea", "goals") == expected


def test_perfect_conditions_gains_the_plant_once_every_edge_it_sees_is_liked():
    # Prayer Plant [semi, shade] sees sun, sun, sun, semi and misses; Spider Plant [sun, semi, shade]
    # in its place likes every edge: 3 -> 4
    home = copy.deepcopy(BEA_HOME)
    home[1][3] = plant("Spider Plant")
    assert points(score(table(player("Bea", home), goals=["Perfect Conditions"])), "Bea", "goals") == 4


def _typed_home(plant_types, room_types, items=()):
    plants = [anon(t) for t in plant_types]
    rooms = [room(t, items[i] if i < len(items) else None) for i, t in enumerate(room_types)]
    return checker(plants, rooms)


def test_competitive_collections_scores_each_plant_type_with_friendly_ties():
    a = _typed_home(["vining"] * 3 + ["foliage"] * 3 + ["succulent"] * 2, ["vining"] * 7)
    b = _typed_home(["vining"] * 3 + ["foliage"] * 2 + ["unusual"] * 3, ["succulent"] * 7)  # the box has 12 rooms a type
    c = _typed_home(["flowering"] * 8, ["unusual"] * 7)
    result = score(table(player("A", a), player("B", b), player("C", c), goals=["Competitive Collections"]))
    # vining 3-3-0: A and B tie; foliage 3-2-0: A; succulent 2-0-0: A; unusual 0-3-0: B; flowering 0-0-8: C
    assert [points(result, n, "goals") for n in "ABC"] == [6, 4, 2]
    assert details(result, "A", "goals") == [
        "Competitive Collections: the most plants (friendly ties count) of 3 types: succulent 2, foliage 3, vining 3 x 2 = 6"]


def test_colorful_competition_scores_each_room_type_and_nobody_wins_an_absent_type():
    a = _typed_home(["foliage"] * 8, ["vining"] * 4 + ["flowering"] * 3)
    b = _typed_home(["succulent"] * 8, ["vining"] * 4 + ["unusual"] * 3)  # the box has 12 plants a type
    result = score(table(player("A", a), player("B", b), goals=["Colorful Competition"]))
    # vining 4-4 tie, flowering A, unusual B; succulent and foliage: nobody has one
    assert [points(result, n, "goals") for n in "AB"] == [4, 4]


def test_creature_comforts_and_furniture_aficionado_go_to_the_most_with_friendly_ties():
    a = _typed_home(["foliage"] * 8, ["vining"] * 7, [item("cat", "vining"), item("dog", "vining"), item("lamp", "vining"),
                                                     item("sofa", "vining"), item("table", "vining")])
    b = _typed_home(["unusual"] * 8, ["succulent"] * 7, [item("cat", "unusual"), item("bird", "unusual"), item("lamp", "unusual")])
    c = _typed_home(["flowering"] * 8, ["foliage"] * 7, [item("fish", "foliage")])
    result = score(table(player("A", a), player("B", b), player("C", c), goals=["Creature Comforts"]))
    assert [points(result, n, "goals") for n in "ABC"] == [4, 4, 0]  # pets 2, 2, 1
    assert details(result, "C", "goals") == ["Creature Comforts: 1 pet, fewer than the most (2) = 0"]
    result = score(table(player("A", a), player("B", b), player("C", c), goals=["Furniture Aficionado"]))
    assert [points(result, n, "goals") for n in "ABC"] == [4, 0, 0]  # furniture 3, 1, 0
    assert details(result, "C", "goals") == ["Furniture Aficionado: no furniture = 0"]


def test_three_goal_cards_add_up_one_per_deck():
    # Going Big 4 + Pot Pairs 4 + Matchy Matchy 4
    result = alice_alone(goals=["going big", "POT PAIRS", "Matchy-Matchy"])
    assert points(result, "Alice", "goals") == 12
    assert points(result, "Alice") == 78 + 12


# ------------------------------------------------------------------------ tie-breakers


def test_a_tie_is_broken_by_most_green_thumbs():
    result = score(table(player("A", plain_home(), green_thumbs=1), player("B", plain_home("unusual", "succulent"), green_thumbs=3)))
    assert [p.rank for p in result.players] == [2, 1]
    assert result.winners == ("B",)
    assert result.tiebreak == "Tie on 0 points broken by most Green Thumb tokens (3 vs 1)"


def test_a_tie_with_equal_green_thumbs_is_a_shared_victory():
    # homes of plants around rooms of another type score 0 (the box has 12 plants and 12 rooms a type)
    a, b = plain_home("foliage", "flowering"), plain_home("unusual", "succulent")
    result = score(table(player("A", a, green_thumbs=2), player("B", b, green_thumbs=2),
                         player("C", plain_home(ptype="vining"), green_thumbs=5)))
    # C's vining plants touch vining rooms: C leads alone
    assert result.winners == ("C",)
    result = score(table(player("A", a, green_thumbs=2), player("B", b, green_thumbs=2),
                         player("C", plain_home("flowering", "unusual"), green_thumbs=1)))
    assert [p.rank for p in result.players] == [1, 1, 3]
    assert result.winners == ("A", "B")
    # all three are level on 0: Green Thumbs 2, 2, 1 leave A and B level, C third
    assert result.tiebreak == "Tie on 0 points partly broken by most Green Thumb tokens (2, 2 vs 1): shared victory, rank 3"
    assert [p.tiebreak for p in result.players] == [
        "Tie on 0 points partly broken by most Green Thumb tokens (2, 2 vs 1): shared victory"] * 2 + [
        "Tie on 0 points broken by most Green Thumb tokens (2, 2 vs 1): rank 3"]


# ----------------------------------------------------------------------------- family


def _family_alice():
    home = copy.deepcopy(ALICE_HOME)
    for r, c in ((0, 2), (2, 0), (2, 4)):
        del home[r][c]["verdancy"]
    return home


def test_family_variant_scores_completed_plants_five_each_and_ignores_pots_and_verdancy():
    # 5 completed x 5 = 25; rooms 16, items 9, collector 3, decorator 3 -> 56
    result = score(table(player("Alice", _family_alice()), player_count=2, variant="family"))
    got = {c.key: c.points for c in result.player("Alice").categories}
    assert got == {"plants": 25, "verdancy": 0, "pots": 0, "rooms": 16, "items": 9, "collector": 3, "decorator": 3, "goals": 0}
    assert details(result, "Alice", "pots") == ["Family variant: pots do not score"]
    assert details(result, "Alice", "verdancy") == ["Family variant: no verdancy is used"]


def test_family_ties_are_broken_by_most_completed_plants():
    a = plain_home()
    a[0][0] = anon("foliage", pot="ceramic")                           # 5 (plant) + 1 (one item kind) = 6
    a[0][1] = room("vining", item("lamp", "succulent"))
    b = _typed_home(["unusual"] * 8, ["succulent"] * 7, [item("cat", "succulent"), item("dog", "succulent"), item("bird", "succulent")])
    result = score(table(player("A", a), player("B", b), variant="family"))  # B: 3 kinds = 6, no completed plant
    # (B's succulent rooms touch no succulent plant; A's one item kind: 1)
    assert [p.total for p in result.players] == [6, 6]
    assert result.winners == ("A",)
    assert result.tiebreak == "Tie on 6 points broken by most completed plants (1 vs 0)"


# ------------------------------------------------------------------------------- solo


def _solo_home(total):
    """A solo home worth exactly ``total`` (up to 122): completed plants of 4 types around 7
    flowering rooms (no flowering plant: rooms, Collector and Decorator score 0), in terra cotta
    pots (allowed any time in solo) or, past 82 points, bonus pots (the solo supply has 4 of
    each), then up to 7 item kinds (none of its room's colour)."""
    steps = (0, 1, 3, 6, 9, 12, 16, 20)
    extra = max(0, total - 82)
    pots_points = min(extra, 20)  # 4 concrete + 4 wood on the 8 plants
    items = next(s for s in steps if s >= extra - pots_points)
    pots_points = extra - items
    chosen = plants_worth(total - extra)
    pots = []
    for kind, worth in (("concrete", 3), ("wood", 2), ("ceramic", 1)):
        while pots_points >= worth and pots.count(kind) < 4 and len(pots) < len(chosen):
            pots.append(kind)
            pots_points -= worth
    assert pots_points == 0, total
    plants = [plant(c["name"], pots[i] if i < len(pots) else "terracotta") for i, c in enumerate(chosen)]
    plants += [anon("unusual") for _ in range(8 - len(plants))]
    kinds = ["table", "chair", "sofa", "lamp", "fish", "bird", "cat"][: steps.index(items)]
    return checker(plants, [room("flowering", item(k, "succulent")) for k in kinds] + [room("flowering")] * (7 - len(kinds)))


@pytest.mark.parametrize("total, rating", [
    (59, None), (60, "A good start!"), (69, "A good start!"), (70, "You're getting it!"), (80, "Very Good!"),
    (89, "Very Good!"), (90, "Excellent!"), (99, "Excellent!"), (100, "Elite!"), (118, "Elite!"),
])
def test_solo_rating_follows_the_chart(total, rating):
    result = score(table(player("Solo", _solo_home(total))))
    assert result.player("Solo").total == total
    assert result.player("Solo").extra["solo"]["rating"] == rating
    assert result.winners == ("Solo",)


def test_a_subset_of_a_bigger_game_is_not_solo():
    result = score(table(player("A", plain_home()), player_count=3))
    assert "solo" not in result.player("A").extra


def test_solo_may_hold_four_bonus_pots_of_a_type_but_not_five():
    pots = ["concrete"] * 4
    home = checker([anon("foliage", pot=p) for p in pots] + [anon("foliage")] * 4, [room("vining")] * 7)
    assert points(score(table(player("S", home))), "S", "pots") == 12
    home[2][0] = anon("foliage", pot="concrete")
    with pytest.raises(Exception) as exc:
        score(table(player("S", home)))
    assert "a 1-player game has 4 concrete pots" in str(exc.value)


# ----------------------------------------------------------------------- modifications


def test_modification_4_each_player_scores_the_better_card_of_each_deck():
    t = table(player("Alice", ALICE_HOME), player("Bob", bob_home()), modification=4,
              goals=["Picking Favorites", "Matchy Matchy"], goal_sets={"second": ["Mixing It Up", "Triple Treatment"]})
    result = score(t)
    # Alice: Picking Favorites 0 vs Mixing It Up 6 -> 6; Matchy Matchy 4 vs Triple Treatment 0 -> 4
    assert points(result, "Alice", "goals") == 10
    assert details(result, "Alice", "goals") == [
        "Mixing It Up: 3 rows of plants all different types (rows 1, 2, 3) x 2 = 6 (chosen over Picking Favorites, which scores 0)",
        "Matchy Matchy: 4 rooms with an item of their colour x 1 = 4 (chosen over Triple Treatment, which scores 0)",
    ]
    # Bob: Picking Favorites 8 vs Mixing It Up 0 -> 8; Matchy Matchy 0 vs Triple Treatment 3 (7 vining rooms) -> 3
    assert points(result, "Bob", "goals") == 11
    assert details(result, "Bob", "goals")[1].startswith("Triple Treatment: 1 room type with 3+ rooms (vining 7) x 3 = 3 (chosen over Matchy")
    assert result.player("Bob").extra["achievements"] == {"standard": [], "modification": 4}


def test_modification_5_each_player_scores_their_own_goal_set_and_most_goals_compare_everyone():
    bob = bob_home()
    bob[0][1] = room("vining", item("fish", "unusual"))
    t = table(player("Alice", ALICE_HOME), player("Bob", bob), modification=5,
              goal_sets={"players": [["Mixing It Up", "Color Pairs"], ["Picking Favorites", "Creature Comforts"]]})
    result = score(t)
    assert points(result, "Alice", "goals") == 6 + 2
    # Bob: Picking Favorites 8; Creature Comforts: 1 pet, but Alice has 2 (cat, dog) -> 0
    assert points(result, "Bob", "goals") == 8
    assert details(result, "Bob", "goals")[1] == "Creature Comforts: 1 pet, fewer than the most (2) = 0"


def test_modification_6_rows_and_corners_follow_the_free_shape():
    # one row of 15: plant, room, ... -> 8 vining plants in row 1, 7 vining rooms
    cards = [dict(anon("vining") if c % 2 == 0 else room("vining"), row=0, col=c) for c in range(15)]
    t = table({"name": "Long", "cards": cards}, modification=6, goals=["Coordinated Alignment", "Clear the Way", "Four Corners"])
    result = score(t)
    # Coordinated Alignment: 1 row x 3; Clear the Way: 1 row x 4; Four Corners: the corners are plants -> 0
    assert points(result, "Long", "goals") == 7
    assert points(result, "Long", "rooms") == 14


def test_modification_6_allows_nine_rooms_and_caps_item_kinds_at_the_printed_scale():
    # a comb: plants at row 1 cols 1,3,5,7 and row 0/2 rooms... use a plus shape of rooms around plants
    cards = []
    plant_cells = [(1, 1), (1, 3), (1, 5), (1, 7)]
    room_cells = [(0, 1), (2, 1), (1, 0), (1, 2), (0, 3), (2, 3), (1, 4), (0, 5), (2, 5), (1, 6), (0, 7)]
    for r, c in plant_cells:
        cards.append(dict(anon("vining"), row=r, col=c))
    for i, (r, c) in enumerate(room_cells):
        cards.append(dict(room("vining", item(catalog.ITEM_KINDS[i % 9], catalog.TYPES[i // 9])), row=r, col=c))
    assert len(cards) == 15
    result = score(table({"name": "Comb", "cards": cards}, modification=6))
    assert points(result, "Comb", "items") == 25
    assert "(the scale ends at 8 kinds)" in details(result, "Comb", "items")[0]
