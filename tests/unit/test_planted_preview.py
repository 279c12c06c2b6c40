"""Planted's one preview (issue 13.2): what a seat page shows while its player types, from the same
parser and rules as the score."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import scoring
from scoring.core import Preview, why_by_path
from scoring.planted import GAME, blank_player, score
from scoring.planted.preview import preview
from tests.unit.test_planted_property import json_values, valid_tables
from tests.unit.test_planted_refs import docs_example


def seat(*plants, **more):
    return {"plants": [{"name": p, "growth": g} for p, g in plants], **more}


def board(player: dict) -> dict:
    return {k: v for k, v in player.items() if k != "name"}


RULEBOOK = seat(("Snake Plant", 1), ("Purple Shamrock", 2), propagation=2,
                decorations={"ceramic_planter": 2, "plant_stand": 1})
HAND_COMPUTED = seat(("Spider Plant", 3), ("Prayer Plant", 2), ("Bird of Paradise", 3), ("Chinese Evergreen", 1),
                     ("boston fern", 1), propagation=4,
                     decorations={"display_shelves": 2, "indoor_greenhouse": 1, "workbench": 1, "macrame_basket": 1},
                     tools={"grow_light": 2, "fertilizer": 1})  # test_planted_review: 52 = 34 + 4 + 14
LARGEST = seat(("ZZ Plant", 3), ("Purple Shamrock", 3), ("Mistletoe Cactus", 3), ("Bird of Paradise", 3),
               ("Watermelon Peperomia", 2), ("Boston Fern", 2), propagation=99,
               decorations={"display_shelves": 3, "indoor_greenhouse": 3, "workbench": 3},
               tools={"grow_light": 3, "window_planter": 4, "watering_can": 3, "spray_bottle": 4, "potting_mix": 3,
                      "fertilizer": 1})  # test_planted_scoring: 258 = 69 + 99 + 90


def test_the_game_previews_through_its_own_previewer():
    assert GAME.previewer is preview
    assert isinstance(scoring.get("planted").preview(RULEBOOK, {}, 2, 0), Preview)


@pytest.mark.parametrize(
    "state, player_count, total",
    [(RULEBOOK, 1, 15), (RULEBOOK, 2, 15), (HAND_COMPUTED, 2, 52), (LARGEST, 5, 258)],
)
def test_a_complete_legal_board_previews_to_exactly_its_score(state, player_count, total):
    shown = GAME.preview(state, {}, player_count, 0)
    scored = score({"players": [dict(state, name="Ann")], "player_count": player_count}).players[0]
    assert shown.complete and shown.messages == ()
    assert shown.total == scored.total == total
    assert shown.categories == scored.categories
    assert shown.why == why_by_path(scored.categories)
    assert shown.why["plants[0]"][0] == scored.category("plants").lines_about("plants[0]")[0]


def test_every_board_of_the_docs_example_previews_to_its_score_at_its_table():
    table = docs_example()
    result = score(table)
    for position, player in enumerate(table["players"]):
        shown = GAME.preview(board(player), table["options"], len(table["players"]), position)
        assert shown.complete
        assert (shown.total, shown.categories) == (result.players[position].total, result.players[position].categories)


def test_the_rulebook_example_previews_per_plant_and_per_card():
    shown = GAME.preview(RULEBOOK, {}, 2, 0)
    # Snake Plant 3, Purple Shamrock 3 + 4 = 7; 2 propagation; Ceramic Planter x2 x 1 shelf = 2, Plant Stand 1
    assert shown.points == {
        "plants[0]": 3, "plants[1]": 7, "propagation": 2,
        "decorations.macrame_basket": None, "decorations.ceramic_planter": 2, "decorations.plant_stand": 1,
        "decorations.display_shelves": None, "decorations.indoor_greenhouse": None, "decorations.workbench": None,
    }
    assert shown.why["decorations.ceramic_planter"] == ("Ceramic Planter x2: 1 shelf plant (Purple Shamrock) = 1 each, 2 in all",)
    assert shown.extra == {"growth_tokens": 3}


def test_a_blank_seat_previews_nothing_yet_and_asks_for_the_beginner_plant():
    shown = GAME.preview(blank_player(), {}, 3, 1)
    assert shown.total is None and not shown.complete
    assert all(shown.points[f"plants[{i}]"] is None for i in range(6))
    assert [(m.path, m.message[:26]) for m in shown.messages] == [("plants", "has no Beginner plant: eac")]


def test_a_half_typed_board_previews_what_reads_and_names_the_rest():
    state = blank_player()
    state["plants"][0] = {"name": "ZZ Plant", "growth": 2}  # 3 + 3 = 6
    state["plants"][1] = {"name": "Swis chese", "growth": 1}  # a typo: scores nothing yet
    state["plants"][2] = {"name": "Croton", "growth": "abc"}  # a growth that does not read
    state["plants"][3] = {"name": "Peace Lily", "growth": "1"}  # 4, fully grown
    state["propagation"] = "3"
    state["decorations"]["plant_stand"] = 2  # floor plants read: ZZ Plant, Peace Lily -> 2 each, 4
    state["tools"]["grow_light"] = 7  # more than the deck's 3
    shown = GAME.preview(state, {}, 2, 0)
    assert [shown.points[f"plants[{i}]"] for i in range(6)] == [6, None, None, 4, None, None]
    assert shown.points["propagation"] == 3
    assert shown.points["decorations.plant_stand"] == 4
    assert shown.total == 6 + 4 + 3 + 4
    assert not shown.complete
    assert [m.path for m in shown.messages] == ["plants[1].name", "plants[2].growth", "tools.grow_light"]
    assert shown.errors_at("plants[1]")[0].message == '"Swis chese" is not a Planted plant: did you mean "Swiss Cheese Plant"?'


def test_the_preview_judges_the_board_at_its_table_size():
    # 17 Item cards are more than a 2-player table is dealt (16), not more than a 3-player one (24)
    state = seat(("ZZ Plant", 0), decorations={"workbench": 3, "display_shelves": 3, "plant_stand": 4},
                 tools={"grow_light": 3, "fertilizer": 4})
    assert GAME.preview(state, {}, 3, 0).complete
    shown = GAME.preview(state, {}, 2, 0)
    assert [m.path for m in shown.messages] == ["players"]
    # it still shows its points: ZZ Plant 0; Workbench x3 x 7 Tool cards = 21, Display Shelves 0 sets,
    # Plant Stand x4 x 1 floor plant = 4 -> 25
    assert shown.total == 25


def test_an_unknown_key_in_the_board_is_a_message_not_a_crash():
    shown = GAME.preview({"plants": [{"name": "ZZ Plant", "grwoth": 3}], "propogation": 5}, None, 2, 0)
    assert [(m.path, m.message) for m in shown.messages] == [
        ("plants[0].grwoth", 'is not a field here: did you mean "growth"?'),
        ("propogation", 'is not a field here: did you mean "propagation"?'),
    ]
    assert shown.points["plants[0]"] == 0 and shown.total == 0


@pytest.mark.parametrize("state", [None, [], "x", 7, {"plants": "ZZ"}, {"plants": [None, 3, "x"]},
                                   {"decorations": [1]}, {"name": 5, "plants": []}])
def test_odd_states_preview_without_raising(state):
    shown = GAME.preview(state, "not options", 0, 0)
    assert isinstance(shown, Preview) and not shown.complete and shown.messages


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(valid_tables(), st.data())
def test_fuzzed_states_preview_without_raising(table, data):
    state = copy.deepcopy(board(table["players"][0]))
    for _ in range(data.draw(st.integers(0, 3))):
        key = data.draw(st.sampled_from(["plants", "propagation", "decorations", "tools", "extra"]))
        if key == "plants" and state.get("plants") and isinstance(state["plants"], list):
            i = data.draw(st.integers(0, len(state["plants"]) - 1))
            state["plants"][i] = data.draw(json_values)
        else:
            state[key] = data.draw(json_values)
    shown = GAME.preview(state, data.draw(json_values), data.draw(st.integers(-2, 8)), 0)
    assert isinstance(shown, Preview)
    if shown.total is not None:
        assert shown.total == sum(c.points for c in shown.categories)
    if shown.complete:
        assert shown.messages == ()


@settings(max_examples=100, deadline=None)
@given(valid_tables())
def test_every_legal_board_previews_to_its_score(table):
    result = score(table)
    for position, player in enumerate(table["players"]):
        shown = GAME.preview(board(player), {}, len(table["players"]), position)
        assert shown.complete
        assert shown.total == result.players[position].total
        assert shown.categories == result.players[position].categories
        plants = [shown.points[f"plants[{i}]"] for i in range(len(player["plants"]))]
        assert plants == [row["points"] for row in result.players[position].extra["pad"][: len(plants)]]
