"""Planted validation: every impossible table is refused with the field's path and what is allowed."""

from __future__ import annotations

import pytest

import scoring
from scoring.core import ValidationError
from scoring.planted import score


def seat(name, *plants, **more):
    return {"name": name, "plants": [{"name": p, "growth": g} for p, g in plants], **more}


def ann(**more):
    return seat("Ann", ("ZZ Plant", 1), **more)


def bo(**more):
    return seat("Bo", ("Snake Plant", 1), **more)


def errors_of(t):
    with pytest.raises(ValidationError) as caught:
        score(t)
    return [(e.path, e.message) for e in caught.value.errors]


def only_error(t):
    found = errors_of(t)
    assert len(found) == 1, found
    return found[0]


# ----------------------------------------------------------------------------- table and players


@pytest.mark.parametrize("t", [None, [], "table", 7])
def test_a_table_that_is_not_an_object_is_refused(t):
    path, message = only_error(t)
    assert path == "" and "must be a JSON object" in message


def test_players_must_be_a_list():
    assert only_error({"players": {"Ann": 1}}) == ("players", "must be a list of players")


@pytest.mark.parametrize(
    "n, message",
    [
        (0, "has 0 players: Planted takes 2 to 5 players; to score one board on its own, send just that board"),
        (6, "has 6 players: Planted takes 2 to 5 players (the box has 5 player boards); "
            "to score one board on its own, send just that board"),
    ],
)
def test_planted_takes_2_to_5_players(n, message):
    # Issue 15.4 replaced "has 1 player: Planted takes 2 to 5 players": one board now scores on
    # its own (test_planted_boards.py), and the messages say how to score one board.
    players = [seat(f"P{i}", (beginner, 0)) for i, beginner in
               enumerate(["ZZ Plant", "Snake Plant", "Spider Plant", "Lucky Bamboo", "Golden Pothos", "Golden Barrel Cactus"][:n])]
    path, found = only_error({"players": players})
    assert path == "players"
    assert found == message
    assert found.startswith(f"has {n} players: Planted takes 2 to 5 players")


def test_player_count_must_cover_the_players_entered_and_stay_within_5():
    path, message = only_error({"players": [ann(), bo()], "player_count": 1})
    assert path == "player_count"
    assert message.startswith("must be a whole number from 2 to 5")
    assert only_error({"players": [ann()], "player_count": 6})[0] == "player_count"
    assert only_error({"players": [ann()], "player_count": "many"})[0] == "player_count"


def test_a_player_needs_a_name_that_no_one_else_has():
    found = errors_of({"players": [ann(), seat("ann", ("Snake Plant", 0)), seat("", ("Spider Plant", 0))]})
    assert ("players[1].name", '"ann" is already the name of player 1') in found
    assert ("players[2].name", "is missing: enter the player's name") in found


def test_a_player_that_is_not_an_object_is_refused():
    path, message = only_error({"players": [ann(), "Bo"]})
    assert path == "players[1]" and "must be an object" in message


# -------------------------------------------------------------------------------------- plants


def test_a_player_without_a_plants_list_is_refused():
    path, message = only_error({"players": [ann(), {"name": "Bo"}]})
    assert path == "players[1].plants"
    assert message == "is missing: list the player's plants (their Beginner plant and up to 5 more)"


def test_plants_must_be_a_list():
    path, message = only_error({"players": [ann(), {"name": "Bo", "plants": "Snake Plant"}]})
    assert path == "players[1].plants" and message.startswith("must be a list of up to 6 plants")


def test_a_plant_entry_must_be_an_object():
    path, message = only_error({"players": [ann(), {"name": "Bo", "plants": [{"name": "Snake Plant"}, "Croton"]}]})
    assert path == "players[1].plants[1]"
    assert message == 'must be a plant like {"name": "ZZ Plant", "growth": 2}'


def test_an_unknown_plant_is_refused_with_a_suggestion():
    path, message = only_error({"players": [ann(), seat("Bo", ("Snake Plant", 0), ("Swiss Chese Plnt", 1))]})
    assert path == "players[1].plants[1].name"
    assert message == '"Swiss Chese Plnt" is not a Planted plant: did you mean "Swiss Cheese Plant"?'


def test_an_unknown_plant_with_nothing_close_asks_for_a_card_list_name():
    path, message = only_error({"players": [ann(), seat("Bo", ("Snake Plant", 0), ("Xylophone", 1))]})
    assert path == "players[1].plants[1].name"
    assert message == '"Xylophone" is not a Planted plant: choose a plant from the card list (type part of its name)'


def test_a_plant_name_must_be_text():
    path, message = only_error({"players": [ann(), {"name": "Bo", "plants": [{"name": "Snake Plant"}, {"name": 42}]}]})
    assert path == "players[1].plants[1].name" and message.startswith("must be a plant's name (text)")


def test_growth_tokens_on_an_empty_slot_are_refused():
    path, message = only_error({"players": [ann(), {"name": "Bo", "plants": [{"name": "Snake Plant"}, {"name": "", "growth": 2}]}]})
    assert path == "players[1].plants[1].name"
    assert message == "is empty: choose the plant these growth tokens are on"


@pytest.mark.parametrize(
    "plant, growth, problem, spaces",
    [
        ("Purple Shamrock", 4, "4 Growth tokens are too many", '"Purple Shamrock" has 3 growth spaces, so it holds 0 to 3'),
        ("Fiddle Leaf Fig", 3, "3 Growth tokens are too many", '"Fiddle Leaf Fig" has 2 growth spaces, so it holds 0 to 2'),
        ("Peace Lily", 2, "2 Growth tokens are too many", '"Peace Lily" has 1 growth space, so it holds 0 to 1'),
        ("Peace Lily", -1, "cannot be negative", '"Peace Lily" has 1 growth space, so it holds 0 to 1'),
        ("Peace Lily", "lots", "must be a whole number", '"Peace Lily" has 1 growth space, so it holds 0 to 1'),
        ("Peace Lily", 1.5, "must be a whole number", '"Peace Lily" has 1 growth space, so it holds 0 to 1'),
        ("Peace Lily", 10**30, "1000000000000000000000000000000 Growth tokens are too many", '"Peace Lily" has 1'),
    ],
)
def test_more_growth_tokens_than_spaces_or_a_negative_count_is_refused(plant, growth, problem, spaces):
    path, message = only_error({"players": [ann(), seat("Bo", ("Snake Plant", 0), (plant, growth))]})
    assert path == "players[1].plants[1].growth"
    assert message.startswith(problem + ": " + spaces)


def test_growth_at_exactly_the_number_of_spaces_is_allowed():
    result = score({"players": [ann(), seat("Bo", ("Snake Plant", 0), ("Fiddle Leaf Fig", 2))]})
    assert result.player("Bo").total == 9  # 4 + 5


def test_more_than_6_plants_is_refused():
    seven = [("ZZ Plant", 0), ("Croton", 0), ("Money Tree", 0), ("Aloe Vera", 0), ("Air Plant", 0), ("Peace Lily", 0),
             ("Corn Plant", 0)]
    path, message = only_error({"players": [seat("Ann", *seven), bo()]})
    assert (path, message) == ("players[0].plants", "has 7 plants: a player holds at most 6")
    score({"players": [seat("Ann", *seven[:6]), bo()]})  # 6 is fine


def test_a_player_without_a_beginner_plant_is_refused():
    path, message = only_error({"players": [seat("Ann", ("Croton", 1)), bo()]})
    assert path == "players[0].plants"
    assert message == (
        "has no Beginner plant: each player holds exactly one (Golden Barrel Cactus, Golden Pothos, "
        "ZZ Plant, Lucky Bamboo, Spider Plant or Snake Plant)"
    )


def test_a_player_with_no_plants_at_all_is_told_to_add_the_beginner_plant():
    path, message = only_error({"players": [{"name": "Ann", "plants": []}, bo()]})
    assert path == "players[0].plants" and message.startswith("has no Beginner plant")


def test_a_player_with_two_beginner_plants_is_refused():
    path, message = only_error({"players": [seat("Ann", ("ZZ Plant", 0), ("Spider Plant", 2)), bo()]})
    assert (path, message) == (
        "players[0].plants",
        "has 2 Beginner plants (ZZ Plant, Spider Plant): each player holds exactly one",
    )


def test_the_beginner_check_waits_until_every_plant_name_is_readable():
    # "Snak Plant" is probably the Beginner: one error on the name, none about the Beginner plant
    path, _ = only_error({"players": [ann(), seat("Bo", ("Snak Plant", 1))]})
    assert path == "players[1].plants[0].name"


def test_a_plant_card_on_two_players_tables_is_refused():
    path, message = only_error({"players": [seat("Ann", ("ZZ Plant", 0), ("Croton", 1)),
                                            seat("Bo", ("Snake Plant", 0), ("croton", 2))]})
    assert path == "players[1].plants[1].name"
    assert message == '"Croton" is already plant 2 of Ann: every plant card exists once'


def test_the_same_plant_twice_on_one_table_is_refused():
    path, message = only_error({"players": [seat("Ann", ("ZZ Plant", 0), ("Croton", 1), ("Croton", 0)), bo()]})
    assert path == "players[0].plants[2].name"
    assert message == '"Croton" is already plant 2 of this player: every plant card exists once'


def test_a_beginner_plant_on_two_tables_is_refused():
    path, message = only_error({"players": [ann(), seat("Bo", ("ZZ Plant", 0))]})
    assert path == "players[1].plants[0].name" and "already plant 1 of Ann" in message


# ---------------------------------------------------------------------------------- propagation


@pytest.mark.parametrize("value", [-1, 100, "three", True, [3], 2.5])
def test_propagation_must_be_a_whole_number_from_0_to_99(value):
    assert only_error({"players": [ann(propagation=value), bo()]}) == (
        "players[0].propagation",
        "must be a whole number from 0 to 99",
    )


# ----------------------------------------------------------------------- decorations and tools


def test_decorations_must_be_an_object_of_counts():
    path, message = only_error({"players": [ann(decorations=["workbench"]), bo()]})
    assert path == "players[0].decorations"
    assert message.startswith('must be an object of Decoration card counts like {"macrame_basket": 0')


def test_an_unknown_decoration_is_refused():
    path, message = only_error({"players": [ann(decorations={"gnome": 1}), bo()]})
    assert path == "players[0].decorations.gnome"
    assert message == ('"gnome" is not a Planted Decoration card: choose from macrame_basket, ceramic_planter, '
                       "plant_stand, display_shelves, indoor_greenhouse, workbench")


def test_an_unknown_tool_is_refused():
    path, message = only_error({"players": [ann(tools={"trowel": 1}), bo()]})
    assert path == "players[0].tools.trowel"
    assert message.startswith('"trowel" is not a Planted Tool card: choose from grow_light, window_planter')


def test_tools_must_be_an_object_of_counts():
    path, message = only_error({"players": [ann(tools=3), bo()]})
    assert path == "players[0].tools" and message.startswith("must be an object of Tool card counts")


@pytest.mark.parametrize(
    "key, value, message",
    [
        ("display_shelves", 4, "must be a whole number from 0 to 3: the deck has 3 Display Shelves cards"),
        ("macrame_basket", -1, "must be a whole number from 0 to 4: the deck has 4 Macramé Basket cards"),
        ("workbench", "x", "must be a whole number from 0 to 3: the deck has 3 Workbench cards"),
    ],
)
def test_a_decoration_count_beyond_the_deck_or_negative_is_refused(key, value, message):
    assert only_error({"players": [ann(decorations={key: value}), bo()]}) == (f"players[0].decorations.{key}", message)


def test_a_negative_tool_count_is_refused():
    assert only_error({"players": [ann(tools={"spray_bottle": -2}), bo()]}) == (
        "players[0].tools.spray_bottle",
        "must be a whole number from 0 to 4: the deck has 4 Spray Bottle cards",
    )


def test_more_copies_of_a_decoration_across_the_table_than_the_deck_has_is_refused():
    # Display Shelves: deck 3; Ann 2 + Bo 2 = 4
    path, message = only_error({"players": [ann(decorations={"display_shelves": 2}), bo(decorations={"display_shelves": 2})]})
    assert path == "players[1].decorations.display_shelves"
    assert message == "4 Display Shelves cards on the table (Ann 2, Bo 2) but the deck has only 3"


def test_all_copies_of_a_decoration_across_the_table_is_allowed():
    result = score({"players": [ann(decorations={"display_shelves": 1}), bo(decorations={"display_shelves": 2})]})
    assert result.player("Bo").category("decorations").points == 0  # Bo has 1 floor plant only: 0 sets


def test_more_copies_of_a_tool_across_the_table_than_the_deck_has_is_refused():
    # Grow Light: deck 3; Ann 1 + Bo 1 + Cy 2 = 4 -> the error sits on Cy, who takes it over
    players = [ann(tools={"grow_light": 1}), bo(tools={"grow_light": 1}),
               seat("Cy", ("Spider Plant", 0), tools={"grow_light": 2})]
    path, message = only_error({"players": players})
    assert path == "players[2].tools.grow_light"
    assert message == "4 Grow Light cards on the table (Ann 1, Bo 1, Cy 2) but the deck has only 3"


def test_the_same_decoration_written_twice_by_one_player_adds_up_against_the_deck():
    path, message = only_error({"players": [ann(decorations={"workbench": 2, "Workbench": 2}), bo()]})
    assert path == "players[0].decorations.workbench"
    assert message.startswith("4 Workbench cards on the table (Ann 4)")


def test_missing_or_empty_decoration_and_tool_counts_are_zero():
    result = score({"players": [ann(decorations={"workbench": ""}, tools=None), bo(decorations=None)]})
    assert result.player("Ann").category("decorations").details == ("No Decoration cards",)


# ----------------------------------------------------------------------------------- all at once


def test_every_problem_is_reported_at_once():
    t = {
        "players": [
            seat("Ann", ("ZZ Plant", 5), ("Foo", 1), propagation=-3, decorations={"workbench": 9}),
            seat("Bo", ("Croton", 1), tools={"fertilizer": "x"}),
        ]
    }
    paths = [path for path, _ in errors_of(t)]
    assert paths == [
        "players[0].plants[0].growth",
        "players[0].plants[1].name",
        "players[0].propagation",
        "players[0].decorations.workbench",
        "players[1].plants",
        "players[1].tools.fertilizer",
    ]


def test_the_registry_refuses_an_impossible_table_the_same_way():
    with pytest.raises(ValidationError) as caught:
        scoring.score("planted", {"players": [seat("Ann", ("Croton", 1)), bo()]})
    assert caught.value.to_dict()["errors"][0]["path"] == "players[0].plants"
