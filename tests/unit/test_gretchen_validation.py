"""Gretchen's Garden validation: every message (path and gist), and a property test that any
corrupted table gives a Result or a ValidationError, nothing else."""

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import scoring
from scoring import gretchen
from scoring.core import Result, ValidationError
from scoring.gretchen.examples import MONEY_PLANT, cell, gray, player, rulebook_example, table


def row(left, right):
    return [*left, dict(MONEY_PLANT), *right]


def errors_of(tbl):
    with pytest.raises(ValidationError) as caught:
        gretchen.GAME.score(tbl)
    return [(e.path, e.message) for e in caught.value.errors]


def only_error(tbl):
    (found,) = errors_of(tbl)
    return found


def alone(display, **kw):
    """Ann with ``display`` and Bo with the starting row."""
    return table(player("Ann", display, **kw), player("Bo"))


# ---------------------------------------------------------------------------- Money Plant


def test_a_row_without_a_money_plant_is_refused():
    path, message = only_error(alone([gray(), gray()]))
    assert path == "players[0].display"
    assert message.startswith("has no Money Plant")


def test_a_second_money_plant_is_refused_where_it_stands():
    path, message = only_error(alone([gray(), dict(MONEY_PLANT), cell("red", 6), dict(MONEY_PLANT)]))
    assert path == "players[0].display[3].money_plant"
    assert "second Money Plant" in message and "exactly one" in message


def test_money_plant_false_is_an_ordinary_place_that_needs_a_pot():
    path, message = only_error(alone([{"money_plant": False}, dict(MONEY_PLANT)]))
    assert path == "players[0].display[0].pot" and message.startswith("is missing")


def test_money_plant_as_a_potted_plant_points_to_its_own_place():
    path, message = only_error(alone(row([gray("Money Plant", 1)], [])))
    assert path == "players[0].display[0].plant.name"
    assert 'mark its place with {"money_plant": true}' in message


@pytest.mark.parametrize("money", [5, -1, "lots", None])
def test_money_plant_leaves_are_zero_to_four(money):
    tbl = alone(row([], [gray()]))
    tbl["players"][0]["money_plant_leaves"] = money
    path, message = only_error(tbl)
    assert path == "players[0].money_plant_leaves"
    assert "0 to 4" in message and "Money Plant's pot holds at most 4 leaves" in message


def test_money_plant_leaves_four_is_the_maximum_allowed():
    assert gretchen.GAME.score(alone(row([], [gray()]), money=4)).player("Ann").total == 2


@pytest.mark.parametrize("can", [117, -1, 2.5, True])
def test_watering_can_holds_zero_to_116_water(can):
    path, message = only_error(alone(row([], [gray()]), can=can))
    assert path == "players[0].watering_can" and message == "must be a whole number from 0 to 116"


# ----------------------------------------------------------------------------------- leaves


def test_leaves_above_the_pot_size_are_refused():
    path, message = only_error(alone(row([gray("Coral Cactus", 3)], [])))
    assert path == "players[0].display[0].plant.leaves"
    assert message == 'has 3 leaves: "Coral Cactus" in a size-2 pot holds 0 to 2 leaves'


def test_leaves_equal_to_the_pot_size_are_allowed():
    assert gretchen.GAME.score(alone(row([cell("red", 12, "Coral Cactus", 12)], []))).player("Ann").total == 14


def test_string_of_pearls_holds_six_more_but_not_seven_more():
    assert gretchen.GAME.score(alone(row([gray("String of Pearls", 8)], []))).player("Ann").total == 10
    path, message = only_error(alone(row([gray("String of Pearls", 9)], [])))
    assert path == "players[0].display[0].plant.leaves"
    assert message == 'has 9 leaves: "String of Pearls" in a size-2 pot holds 0 to 8 leaves (pot size + 6)'


def test_pet_rock_with_a_leaf_is_refused():
    path, message = only_error(alone(row([gray("Pet Rock", 1)], [])))
    assert path == "players[0].display[0].plant.leaves"
    assert message == "has 1 leaf: Pet Rock never holds leaves: enter 0"


@pytest.mark.parametrize("leaves, gist", [(-1, "must be a whole number"), ("two", "must be a whole number"),
                                          (None, "is missing"), (1.5, "must be a whole number")])
def test_leaves_must_be_a_whole_number(leaves, gist):
    tbl = alone(row([gray("Coral Cactus")], []))
    tbl["players"][0]["display"][0]["plant"]["leaves"] = leaves
    path, message = only_error(tbl)
    assert path == "players[0].display[0].plant.leaves" and message.startswith(gist)
    assert "holds 0 to 2 leaves" in message


def test_leaves_from_a_form_string_are_accepted():
    tbl = alone(row([gray("Coral Cactus")], []))
    tbl["players"][0]["display"][0]["plant"]["leaves"] = "2"
    assert gretchen.GAME.score(tbl).player("Ann").category("leaves").points == 2


# ---------------------------------------------------------------------------------- flowers


def test_a_flower_in_a_pot_of_another_colour_is_refused():
    path, message = only_error(alone(row([cell("red", 6, "Coral Cactus", 0, True)], [])))
    assert path == "players[0].display[0].plant.flower"
    assert message == '"Coral Cactus" is blue and cannot flower in a red pot: it needs a blue or rainbow pot'


def test_a_flower_in_a_gray_pot_is_refused_even_for_rainbow_west():
    for name in ("Coral Cactus", "Rainbow West"):
        path, message = only_error(alone(row([cell("gray", 2, name, 0, True)], [])))
        assert path == "players[0].display[0].plant.flower"
        assert f'"{name}" cannot flower in a gray pot' in message and "gray is not a colour" in message


def test_a_gray_special_plant_never_flowers():
    path, message = only_error(alone(row([cell("rainbow", 4, "Moon Cactus", 0, True)], [])))
    assert path == "players[0].display[0].plant.flower"
    assert message.startswith('"Moon Cactus" is gray and cannot flower')


def test_rainbow_pots_and_rainbow_west_are_the_flowering_exceptions():
    ok = alone(row([cell("rainbow", 4, "Coral Cactus", 0, True)], [cell("red", 6, "Rainbow West", 0, True)]))
    assert gretchen.GAME.score(ok).player("Ann").category("flowers").points == 14


def test_a_colour_flowered_twice_on_the_table_is_refused():
    tbl = table(player("Ann", row([cell("red", 6, "Living Stone", 0, True)], [])),
                player("Bo", row([cell("rainbow", 4, "Living Stone", 0, True)], [])))
    path, message = only_error(tbl)
    assert path == "players[1].display[0].plant.flower"
    assert message == ('the red flower is already on "Living Stone" (Ann\'s row, left 1): '
                       "each colour flowers only once per game")


def test_rainbow_west_cannot_take_a_colour_another_plant_flowered_in():
    tbl = alone(row([cell("blue", 6, "Coral Cactus", 0, True)], [cell("blue", 8, "Rainbow West", 0, True)]))
    path, message = only_error(tbl)
    assert path == "players[0].display[2].plant.flower" and "blue flower is already on" in message


def test_rainbow_west_in_a_rainbow_pot_needs_a_colour_still_free():
    # a flower takes 3 actions (pot, plant, flowering): Ann's 4 and Bo's 3 are two rows' worth
    four = [cell("purple", 6, "Baby Toes", 0, True), cell("blue", 6, "Coral Cactus", 0, True),
            cell("green", 6, "String of Pearls", 0, True), cell("yellow", 6, "Ribbon Plant", 0, True)]
    two = [cell("orange", 6, "Bunny Ears", 0, True), cell("red", 6, "Living Stone", 0, True)]
    ann = player("Ann", row(four, []))
    tbl = table(ann, player("Bo", row(two, [cell("rainbow", 4, "Rainbow West", 0, True)])))
    path, message = only_error(tbl)
    assert path == "players[1].display[3].plant.flower"
    assert message.startswith("Rainbow West has no free flower colour left")
    # five flowers elsewhere leave one colour free: allowed (6 flowers x 7 = 42)
    tbl = table(ann, player("Bo", row(two[:1], [cell("rainbow", 4, "Rainbow West", 0, True)])))
    result = gretchen.GAME.score(tbl)
    assert sum(p.category("flowers").points for p in result.players) == 42


@pytest.mark.parametrize("flower", ["maybe", 2, [True]])
def test_flower_must_be_true_or_false(flower):
    tbl = alone(row([gray("Coral Cactus")], []))
    tbl["players"][0]["display"][0]["plant"]["flower"] = flower
    assert only_error(tbl) == ("players[0].display[0].plant.flower", "must be true or false")


# ------------------------------------------------------------------- one succulent per colour


def test_two_different_succulents_of_one_colour_on_the_table_are_refused():
    tbl = table(player("Ann", row([gray("Living Stone")], [])), player("Bo", row([gray("Jellybean Plant")], [])))
    path, message = only_error(tbl)
    assert path == "players[1].display[0].plant.name"
    assert message == ('"Jellybean Plant" and "Living Stone" (Ann\'s row, left 1) are both red: '
                       "a game uses only one succulent of each colour")


def test_two_different_succulents_of_one_colour_in_one_row_are_refused():
    path, message = only_error(alone(row([gray("Baby Toes")], [gray("Calico Hearts")])))
    assert path == "players[0].display[2].plant.name" and "both purple" in message


# ---------------------------------------------------------------------------------- copies


def test_a_seventh_copy_of_a_succulent_is_refused():
    ann = player("Ann", row([gray("Snake Plant"), gray("Snake Plant")], [cell("rainbow", 4, "Snake Plant")] * 3))
    bo = player("Bo", row([gray("Snake Plant"), gray("Snake Plant")], []))
    path, message = only_error(table(ann, bo))
    assert path == "players[1].display[1].plant.name"
    assert message == 'is one "Snake Plant" too many: the game has only 6 copies'


def test_a_second_copy_of_a_special_plant_is_refused():
    tbl = table(player("Ann", row([gray("Pet Rock")], [])), player("Bo", row([gray("Pet Rock")], [])))
    assert only_error(tbl) == ("players[1].display[0].plant.name",
                               'is one "Pet Rock" too many: the game has only 1 copy')


@pytest.mark.parametrize("players, allowed", [(2, 3), (3, 4)])
def test_more_special_plants_than_the_player_count_deals_are_refused(players, allowed):
    specials = ["Aloe Vera", "Moon Cactus", "Leaf Window", "Mermaid Tail", "Pet Rock"][: allowed + 1]
    ann = player("Ann", row([gray(specials[0]), gray(specials[1])], [cell("rainbow", 4, s) for s in specials[2:]]))
    seats = [ann] + [player(n) for n in ("Bo", "Cy")[: players - 1]]
    path, message = only_error(table(*seats))
    assert path == f"players[0].display[{allowed + 1}].plant.name"
    assert message == (f"is one special plant too many: a {players}-player game deals only {allowed} "
                       "special plants into the deck")
    # one fewer is fine
    ann["display"].pop()
    assert gretchen.GAME.score(table(*seats)).player("Ann")


def test_a_four_player_game_may_hold_all_six_special_plants():
    names = ["Aloe Vera", "Moon Cactus", "Leaf Window", "Mermaid Tail", "Pet Rock", "Rainbow West"]
    ann = player("Ann", row([gray(names[0]), gray(names[1])], [cell("rainbow", 4, n) for n in names[2:]]))
    result = gretchen.GAME.score(table(ann, player("Bo"), player("Cy"), player("Dee")))
    # Aloe 0 + Moon 7 + Leaf Window 0 (3 leaves) + Mermaid 7 (6 plants vs 0) + Pet Rock 5 = 19
    assert result.player("Ann").category("plants").points == 19


def test_a_coloured_pot_exists_once_on_the_table():
    tbl = table(player("Ann", row([cell("red", 6)], [])), player("Bo", row([cell("red", 6)], [])))
    assert only_error(tbl) == ("players[1].display[0].pot", "is one red pot (size 6) too many: the game has only 1")


def test_a_seventh_rainbow_pot_is_refused():
    tbl = table(player("Ann", row([cell("rainbow", 4)] * 4, [])), player("Bo", row([cell("rainbow", 4)] * 3, [])))
    assert only_error(tbl) == ("players[1].display[2].pot", "is one rainbow pot (size 4) too many: the game has only 6")


def test_a_third_gray_starting_pot_is_refused():
    path, message = only_error(alone(row([gray(), gray()], [gray()])))
    assert path == "players[0].display[3].pot" and "only 2 gray starting pots" in message


# ------------------------------------------------------------------------------ names, pots


def test_an_unknown_plant_name_is_refused_with_the_names_allowed():
    path, message = only_error(alone(row([gray("Cactus Jack")], [])))
    assert path == "players[0].display[0].plant.name"
    assert message.startswith('"Cactus Jack" is not a plant of Gretchen\'s Garden: choose one of Baby Toes')
    assert "Rainbow West" in message


def test_plant_names_match_ignoring_case_punctuation_and_spacing():
    result = gretchen.GAME.score(alone(row([gray("living-STONE ")], [])))
    assert result.player("Ann").category("plants").details == ("Living Stone (red): 1 x 3 = 3",)


@pytest.mark.parametrize("name, gist", [("", "is missing"), (None, "is missing"), (7, "is not a plant")])
def test_a_plant_needs_a_name(name, gist):
    tbl = alone(row([gray("Coral Cactus")], []))
    tbl["players"][0]["display"][0]["plant"]["name"] = name
    path, message = only_error(tbl)
    assert path == "players[0].display[0].plant.name" and gist in message


def test_an_unknown_pot_colour_is_refused():
    assert only_error(alone(row([cell("pink", 6)], []))) == (
        "players[0].display[0].pot.color",
        '"pink" is not a pot colour: choose one of purple, blue, green, yellow, orange, red, rainbow, gray')


def test_grey_spelling_is_a_gray_pot():
    assert gretchen.GAME.score(alone(row([cell("Grey", 2)], [gray()]))).player("Ann").total == 4


@pytest.mark.parametrize("colour, size, allowed", [
    ("red", 7, "6, 8 or 12"), ("gray", 4, "2"), ("rainbow", 6, "4"), ("blue", "big", "6, 8 or 12")])
def test_a_pot_size_must_exist_for_its_colour(colour, size, allowed):
    path, message = only_error(alone(row([cell(colour, size)], [])))
    assert path == "players[0].display[0].pot.size"
    assert message == f"cannot be {size!r}: a {colour} pot has size {allowed}"


def test_a_pot_without_a_size_is_refused():
    tbl = alone(row([{"pot": {"color": "red"}, "plant": None}], []))
    assert only_error(tbl) == ("players[0].display[0].pot.size", "is missing: a red pot has size 6, 8 or 12")


@pytest.mark.parametrize("cell_value, path, gist", [
    ("pot", "players[0].display[0]", "must be a pot"),
    ({"pot": "red"}, "players[0].display[0].pot", "must be a pot"),
    ({"pot": {"size": 6}}, "players[0].display[0].pot.color", "is missing: choose one of"),
    ({"pot": {"color": "gray", "size": 2}, "plant": "Coral"}, "players[0].display[0].plant", "must be null"),
])
def test_malformed_places_in_the_row_are_refused(cell_value, path, gist):
    found_path, message = only_error(alone(row([cell_value], [])))
    assert found_path == path and message.startswith(gist)


def test_a_row_longer_than_every_pot_in_the_game_is_refused():
    path, message = only_error(alone(row([cell("rainbow", 4)] * 14, [cell("rainbow", 4)] * 14)))
    assert path == "players[0].display" and message.startswith("has 29 places: at most 27")


def test_display_must_be_a_list():
    tbl = alone("gray, money, gray")
    assert only_error(tbl) == ("players[0].display",
                               'must be the row of cards, left to right: pots and one {"money_plant": true}')


# ------------------------------------------------------------------ table, players, options


def test_one_board_alone_scores_on_its_own_with_no_winner():
    # issue 15.4: a single board is scored on its own (a dispute about one row, a rulebook example)
    result = gretchen.GAME.score(table(player("Ann")))
    assert result.player("Ann").total == 4 and result.winners == ()
    assert any("One board scored on its own" in w for w in result.warnings)


def test_one_seat_scores_when_player_count_says_the_game_has_more():
    tbl = table(player("Ann"))
    tbl["player_count"] = 2
    assert scoring.score("gretchens-garden", tbl).player("Ann").total == 4


@pytest.mark.parametrize("count", [1, 5, "three", 2])
def test_player_count_must_be_from_the_seats_entered_to_four(count):
    tbl = table(player("Ann"), player("Bo"), player("Cy"))
    tbl["player_count"] = count
    path, message = only_error(tbl)
    assert path == "player_count" and message.startswith("must be a whole number from 3 to 4")


def test_five_players_are_refused():
    tbl = table(*(player(n) for n in ("A", "B", "C", "D", "E")))
    assert ("players", "has 5 players: Gretchen's Garden is for 2 to 4 players; to score one board on its own, "
            "send just that board") in errors_of(tbl)


def test_unknown_options_are_refused_naming_the_option():
    # issue 15.1: the schema refuses unknown keys at every level, naming the known ones
    assert only_error(table(player("Ann"), player("Bo"), aloe_cap=True)) == (
        "options.aloe_cap", "is not a field here: the fields here are money_plant_pot_scores, "
        "calico_hearts_distance, aloe_vera_max_4")
    assert only_error(table(player("Ann"), player("Bo"), money_plant_pot_score=True)) == (
        "options.money_plant_pot_score", 'is not a field here: did you mean "money_plant_pot_scores"?')


def test_option_must_be_true_or_false():
    assert only_error(table(player("Ann"), player("Bo"), money_plant_pot_scores="maybe")) == (
        "options.money_plant_pot_scores", "must be true or false")


def test_duplicate_player_names_are_refused():
    assert only_error(table(player("Ann"), player("ann"))) == (
        "players[1].name", '"ann" is already the name of player 1')


def test_every_problem_is_listed_at_once():
    tbl = table(player("Ann", [gray("Pet Rock", 1), gray("Cactus Jack")]), player("Bo", money=9))
    paths = [p for p, _ in errors_of(tbl)]
    assert paths == ["players[0].display[0].plant.leaves", "players[0].display[1].plant.name",
                     "players[0].display", "players[1].money_plant_leaves"]


@pytest.mark.parametrize("bad", [None, [], "table", 3, {"players": "x"}, {"players": []}])
def test_a_table_that_is_not_a_table_is_refused(bad):
    assert errors_of(bad)


# --------------------------------------------------------------------------- property test

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)


def _paths(value, prefix=()):
    """Every path into a JSON value (keys and indexes), the root included."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, prefix + (index,))


def _set(root, path, value):
    if not path:
        return value
    target = root
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return root


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_corrupted_tables_only_ever_give_a_result_or_a_validation_error(data):
    tbl = copy.deepcopy(rulebook_example())
    for _ in range(data.draw(st.integers(1, 3))):
        paths = list(_paths(tbl))
        path = data.draw(st.sampled_from(paths))
        if path and data.draw(st.booleans()):  # drop the field or list item
            parent = tbl
            for step in path[:-1]:
                parent = parent[step]
            del parent[path[-1]]
        else:
            tbl = _set(tbl, path, data.draw(JSON))
    try:
        result = gretchen.GAME.score(tbl)
    except ValidationError as exc:
        assert exc.errors and all(e.path is not None and e.message for e in exc.errors)
        json.dumps(exc.to_dict())
    else:
        assert isinstance(result, Result)
        json.dumps(result.to_dict())
        for p in result.players:
            assert p.total == sum(c.points for c in p.categories)
            assert all(c.details for c in p.categories)
