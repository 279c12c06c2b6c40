"""Vadoran Gardens: the one preview of a seat (issue 13.2), built from the same rules as the score:
each area's points and why by contract path, the outlines the screen draws, the running total, the
messages; a complete legal board previews to exactly its score, a half-typed one never raises."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scoring
from scoring.core import Preview
from scoring.vadoran import GAME
from tests.unit.test_vadoran import PURPLE_GARDEN, purple
from tests.unit.test_vadoran_refs import doc_example

# ---------------------------------------------------------------- preview == score


def board(player):
    return {k: v for k, v in player.items() if k != "name"}


def same_as_score(table, index):
    """The preview of seat ``index`` (its board alone) against the whole table's score."""
    options = table.get("options")
    result = GAME.score(table)
    shown = GAME.preview(board(table["players"][index]), options, len(table["players"]), index)
    player = result.players[index]
    assert shown.complete and shown.messages == ()
    assert shown.total == player.total
    assert shown.categories == player.categories
    return shown


def test_the_rulebook_garden_previews_to_its_58_points():
    shown = same_as_score({"players": [purple(), {"name": "Green", "garden": ["g"]}]}, 0)
    assert shown.total == 58


@pytest.mark.parametrize("index", [0, 1])
def test_each_board_of_the_docs_example_previews_to_its_score(index):
    same_as_score(doc_example(), index)


@pytest.mark.parametrize(
    "garden, lost, achievements",
    [
        (["g* g* g*"], {}, []),  # 3
        (["g*7 g*7 g*"], {}, []),  # 17
        (["g* s g*", "s g* s"], {}, []),  # 0: diagonal tasks
        (["g5 g5 .", "s5 w5 ."], {"animal": 2, "tool": 1, "pendant": 1}, []),  # 20
        (["g"], {}, [{"terrain": "grass", "points": 9}, {"terrain": "soil", "points": 0}]),  # 9
        (["s* s s", "s - s*", "s s* s"], {"tool": 3}, []),  # 8, the tool has no "5"
    ],
)
def test_hand_computed_boards_preview_to_their_score(garden, lost, achievements):
    player = {"name": "A", "garden": garden, "lost_items": lost, "achievements": achievements}
    same_as_score({"players": [player, {"name": "B", "garden": ["g"]}]}, 0)


def test_a_solo_board_previews_to_its_score_and_the_sisters():
    table = {"options": {"mode": "solo", "sister_achievements": [12, 9, 8]}, "players": [purple()]}
    shown = same_as_score(table, 0)
    assert shown.extra["solo"] == GAME.score(table).extra["solo"]
    assert shown.extra["solo"]["opponent_total"] == 53


def test_a_quick_entry_board_previews_its_areas_by_their_rows():
    green = doc_example()["players"][1]
    shown = GAME.preview(board(green))
    assert shown.total == 46
    assert shown.points == {"areas[0]": 15, "areas[1]": 12, "areas[2]": 0, "lost_items.animal": 5,
                            "achievements[0]": 9, "achievements[1]": 5}
    assert shown.why["areas[2]"] == ("Soil area #3, quick entry (5 squares, 2 tasks): does not score: "
                                     "2 tasks, an area needs 3 or more",)
    assert [a["path"] for a in shown.extra["areas"]] == ["areas[0]", "areas[1]", "areas[2]"]
    assert shown.extra["owners"] == []


# ------------------------------------------------------------- points, why, outlines


def test_each_area_has_its_points_at_its_first_square_and_its_line_at_every_square():
    shown = GAME.preview(board(purple()))
    assert shown.points["garden[0][0]"] == 17  # the grass area with the tablet
    assert shown.points["garden[0][4]"] == 9
    assert shown.points["garden[0][7]"] == 13
    assert shown.points["garden[3][4]"] == 0  # the sand
    assert "garden[1][1]" not in shown.points  # one entry per area, at its first square
    grass = "Grass area at row 1, column 1 (10 squares, 4 tasks, 1 tablet): scores 10 squares + 1 tablet x 7 = 17"
    for r, c in [(0, 0), (0, 3), (1, 0), (2, 1)]:
        assert shown.why[f"garden[{r}][{c}]"][0] == grass
    assert shown.why["garden[1][10]"] == (  # the water "5": its area, the sum, and the pendant
        "Water area at row 1, column 8 (13 squares, 7 tasks): scores 13 squares = 13",
        "Areas: 17 + 9 + 13 + 7 = 46",
        "Lost pendant: 1 found, 1 visible water return location (5): 1 returned x 5 = 5",
    )
    assert shown.points["lost_items.pendant"] == 5 and shown.points["lost_items.tool"] == 0
    assert shown.points["achievements[0]"] == 7


def test_the_outlines_follow_each_area():
    shown = GAME.preview({"garden": ["g* g* .", "g*7 w5 ."]})
    grass, sand, water = shown.extra["areas"]
    assert (grass["terrain"], grass["squares"], grass["cells"]) == (
        "grass", [[0, 0], [0, 1], [1, 0]], ["garden[0][0]", "garden[0][1]", "garden[1][0]"])
    # (0,0) is open to the right and below; (0,1) closes on three sides; (1,0) on three
    assert grass["edges"] == ["tl", "trb", "rbl"]
    assert sand["edges"] == ["trl", "rbl"] and water["edges"] == ["trbl"]
    assert shown.extra["owners"] == [[0, 0, 1], [0, 2, 1]]
    assert grass["reason"] == "scores 3 squares + 1 tablet x 7 = 10" and grass["points"] == 10
    assert json.loads(json.dumps(shown.to_dict()))["points"]["garden[0][0]"] == 10  # JSON as it is


def test_the_preview_is_the_game_s_own():
    assert GAME.previewer is not None
    assert isinstance(scoring.get("vadoran-gardens").preview({"garden": ["g"]}), Preview)


# ------------------------------------------------------------------ half-typed boards


def test_a_blank_seat_has_no_total_yet_and_says_what_to_fill():
    shown = GAME.preview(GAME.blank_player())
    assert shown.total is None and not shown.complete
    assert [(m.path, m.message) for m in shown.messages] == [
        ("garden", "has no squares: paint at least one square of grass, soil, water or sand")]


def test_an_unreadable_square_is_left_out_and_the_rest_still_scores():
    # The first row's grass (3 tasks, tablet) scores 3 + 7 = 10 although row 2 has a typo
    shown = GAME.preview({"garden": ["g* g* g*7", "g x w"]})
    assert [m.path for m in shown.messages] == ["garden[1][1]"]
    assert shown.points["garden[0][0]"] == 11  # 4 squares (the g below joins) + 7
    assert shown.total == 11 and not shown.complete
    assert shown.extra["owners"] == [[0, 0, 0], [0, -1, 1]]


def test_a_bad_number_elsewhere_leaves_the_garden_s_points():
    shown = GAME.preview({"garden": ["g* g* g*"], "achievements": [{"terrain": "grass", "points": "lots"}],
                          "lost_items": {"tool": 9}})
    assert shown.total == 3
    assert [m.path for m in shown.messages] == ["lost_items.tool", "achievements[0].points"]
    assert shown.errors_at("achievements")[0].message == "must be a whole number from 0 to 30"


def test_unknown_keys_and_bad_options_are_messages_not_exceptions():
    shown = GAME.preview({"garden": [[{"terrain": "grass", "tablets": True}]], "name": "Ada"},
                         {"dificulty": "expert", "mode": "solo"}, 2)
    assert [(m.path, m.message) for m in shown.messages] == [
        ("garden[0][0].tablets", 'is not a field here: did you mean "tablet"?'),
        ("options.dificulty", 'is not a field here: did you mean "difficulty"?'),
        ("options.mode", "solo is played by 1 player against the sister: this table has 2; "
                         "choose standard or advanced for more players"),
    ]
    assert shown.total == 0


def test_a_garden_beyond_the_path_still_previews_with_the_refusal():
    rows = [" ".join(["g"] * 30)] * 3  # 90 squares, 30 columns: no standard path shows them
    shown = GAME.preview({"garden": rows}, {"mode": "standard"})
    assert [m.path for m in shown.messages] == ["garden", "garden"]
    assert shown.total == 0 and shown.extra["areas"][0]["size"] == 90


# ------------------------------------------------------------------------- fuzzing

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=True) | st.text(max_size=10)
    | st.sampled_from(["g*", "w5", "s*7", ".", "-", "grass", "sand", "x", "solo", "٣", "10", PURPLE_GARDEN[0]]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
        st.sampled_from(["garden", "areas", "lost_items", "achievements", "terrain", "squares", "tasks", "tool",
                         "points", "return_locations", "unscored_squares", "tablet", "task", "mode"]) | st.text(max_size=6),
        inner, max_size=5),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(json_values, json_values, st.integers(-2, 6))
def test_any_state_previews_without_raising(state, options, count):
    shown = GAME.preview(copy.deepcopy(state), options, count, 0)
    assert isinstance(shown, Preview)
    json.dumps(shown.to_dict())
    if shown.total is not None:
        assert shown.total == sum(c.points for c in shown.categories)
    assert shown.complete == (not shown.messages)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(st.sampled_from(["g", "g*", "s*", "w*7", "w5", ".", "-", "x", "s5"]), max_size=7)
                .map(" ".join), max_size=6))
def test_a_legal_painted_board_previews_to_its_score(rows):
    shown = GAME.preview({"garden": rows})
    if shown.complete:
        result = GAME.score({"players": [{"name": "A", "garden": rows}]})
        assert (shown.total, shown.categories) == (result.players[0].total, result.players[0].categories)
