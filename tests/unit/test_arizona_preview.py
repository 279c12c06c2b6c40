"""GAME.preview: what a Verdant Arizona seat shows while its display is typed (which lines and
quadrants already score, each card's points and lines, the running total), from the same rules
as the score; a complete legal board previews to exactly its score."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.arizona import GAME, blank_player
from scoring.core import Preview
from tests.unit.test_arizona_scoring import (
    ASCENDING,
    CHECKER,
    CORNERS,
    FOUR_ROWS_TWO_COLUMNS,
    OTHER,
    ZIGZAG,
    ZIGZAG2,
    grid,
)


def cell(number, color="pink", gecko=False):
    return {"number": number, "color": color, "gecko": gecko}


def shown(state, options=None, player_count=2):
    return GAME.preview(state, options or {}, player_count, 0)


def lines_of(state, options=None):
    return shown(state, options).extra["lines"]


def quadrants_of(state, options=None):
    return shown(state, options).extra["quadrants"]


def blank():
    return blank_player()


# ------------------------------------------------------------------ what the screen lights up


def test_a_blank_display_has_nothing_complete_nothing_scoring_and_no_total():
    preview = shown(blank())
    assert isinstance(preview, Preview)
    assert len(preview.extra["lines"]) == 8 and len(preview.extra["quadrants"]) == 4
    assert not any(item["complete"] or item["scores"] for item in preview.extra["lines"] + preview.extra["quadrants"])
    assert preview.total is None and preview.complete is False and preview.points == {}
    # 16 numbers and 16 colours to enter, each at its card's path relative to the seat
    assert len(preview.messages) == 32
    assert preview.messages[0].path == "grid[0][0].number"


def test_a_row_lights_up_once_its_four_cards_are_in_order():
    state = blank()
    state["grid"][1] = [cell(3), cell(9), cell(21)] + [state["grid"][1][3]]
    row2 = lines_of(state)[1]
    assert (row2["label"], row2["complete"], row2["scores"]) == ("Row 2", False, False)
    state["grid"][1][3] = cell(30)
    row2 = lines_of(state)[1]
    assert (row2["complete"], row2["scores"], row2["points"]) == (True, True, 1)
    assert row2["cells"] == [[1, 0], [1, 1], [1, 2], [1, 3]]
    assert row2["paths"] == ["grid[1][0]", "grid[1][1]", "grid[1][2]", "grid[1][3]"]


def test_a_complete_column_out_of_order_does_not_light_up():
    state = blank()
    for r, n in enumerate([5, 2, 7, 8]):
        state["grid"][r][0] = cell(n)
    column1 = lines_of(state)[4]
    assert (column1["label"], column1["complete"], column1["scores"], column1["points"]) == ("Column 1", True, False, 0)


def test_a_quadrant_lights_up_when_its_four_cards_share_a_colour_in_any_spelling():
    state = blank()
    g = state["grid"]
    g[2][2], g[2][3], g[3][2] = cell(1, "Yellow"), cell(2, "yellow "), cell(3, "YELLOW")
    assert quadrants_of(state)[3]["complete"] is False
    g[3][3] = cell(4, "pink")
    assert quadrants_of(state)[3]["scores"] is False
    g[3][3] = cell(4, "yellow")
    bottom_right = quadrants_of(state)[3]
    assert (bottom_right["label"], bottom_right["scores"], bottom_right["points"]) == ("Bottom-right", True, 2)


def test_advanced_preview_marks_single_colour_lines_whatever_their_order():
    state = blank()
    state["grid"][0] = [cell(9, "white"), cell(2, "white"), cell(7, "White"), cell(1, "white")]
    row1 = lines_of(state, {"advanced": True})[0]
    assert (row1["scores"], row1["one_color"], row1["points"]) == (False, True, 1)
    assert lines_of(state)[0]["one_color"] is False  # standard scoring: no colour point


def test_under_the_in_order_reading_only_an_ordered_single_colour_line_is_marked():
    state = blank()
    state["grid"][0] = [cell(9, "white"), cell(2, "white"), cell(7, "white"), cell(1, "white")]
    state["grid"][1] = [cell(3, "pink"), cell(4, "pink"), cell(5, "pink"), cell(6, "pink")]
    rows = lines_of(state, {"advanced": True, "color_lines": "in_order"})
    assert (rows[0]["one_color"], rows[0]["points"]) == (False, 0)  # 9 > 2 < 7 > 1
    assert (rows[1]["one_color"], rows[1]["points"]) == (True, 2)  # in order 1 + colour 1


def test_a_line_with_a_repeated_number_does_not_score():
    state = blank()
    state["grid"][0] = [cell(1), cell(2), cell(2), cell(3)]
    assert lines_of(state)[0]["scores"] is False


# --------------------------------------------------------------------- partial points


def test_a_half_typed_board_previews_the_points_of_what_is_complete():
    state = blank()
    # Row 1: 1 < 5 < 20 < 34 with geckos on 1 and 34; column 1 only has 1 and 2 so far.
    state["grid"][0] = [cell(1, "yellow", True), cell(5, "yellow"), cell(20, "pink"), cell(34, "white", True)]
    state["grid"][1][0], state["grid"][1][1] = cell(2, "yellow"), cell(6, "yellow")
    preview = shown(state)
    # lines: row 1 = 1; geckos: row 1 has 2 = 2; top-left quadrant 1, 5, 2, 6 all yellow = 2: 5
    assert preview.total == 5
    assert [c.points for c in preview.categories] == [1, 2, 2]
    assert preview.points == {
        "grid[0][0]": 1,  # gecko in row 1 (column 1 is not complete yet)
        "grid[0][1]": None,
        "grid[0][2]": None,
        "grid[0][3]": 1,
        "grid[1][0]": None,
        "grid[1][1]": None,
    }
    lines = preview.category("lines")
    assert lines is not None and lines.details[1] == "Row 2: 2 of 4 cards entered so far = 0"
    geckos = preview.category("geckos")
    assert geckos is not None and geckos.details == (
        "Row 1: 1 < 5 < 20 < 34 ascending, geckos on 1 and 34 = 2",
    )
    assert preview.why["grid[1][1]"] == (
        "Row 2: 2 of 4 cards entered so far = 0",
        "Column 2: 2 of 4 cards entered so far = 0",
        "Top-left quadrant (1, 5, 2, 6): all 4 yellow = 2",
    )
    assert preview.complete is False


def test_a_gecko_whose_lines_are_not_complete_says_so_rather_than_neither():
    state = blank()
    state["grid"][0][0] = cell(16, "pink", True)
    geckos = shown(state).category("geckos")
    assert geckos is not None
    assert geckos.details == ("Gecko on 16 (row 1, column 1): no line in order yet = 0",)
    assert shown(state).points == {"grid[0][0]": 0}


def test_a_board_with_every_card_but_one_bad_field_is_not_complete_and_names_the_field():
    state = {"wrens": 2, "grid": grid(ASCENDING)}
    state["grid"][2][1]["number"] = "abc"
    preview = shown(state)
    assert preview.complete is False
    assert [(m.path, m.message) for m in preview.messages] == [
        ("grid[2][1].number", "must be a whole number from 1 to 99 (the number printed on the card)")
    ]
    # the cards that read still score: rows 1, 2, 4 and columns 1, 3, 4 in order = 6;
    # quadrants top-left, top-right and bottom-right all pink = 6 (bottom-left misses 2, 1) = 12
    assert preview.total == 12


def test_table_level_problems_are_messages_but_the_board_is_still_complete():
    state = {"wrens": 0, "grid": grid(ASCENDING)}
    preview = GAME.preview(state, {"solo": {"vera_score": None}}, 1, 0)
    assert preview.complete is True
    assert [(m.path, m.message) for m in preview.messages] == [
        ("options.solo.vera_score", "is missing: enter a whole number from 0 to 999 (Vera's final score from her reference card)")
    ]
    assert preview.total == 16


def test_unknown_keys_of_the_board_are_messages_relative_to_the_seat():
    state = {"wrens": 0, "grid": grid(ASCENDING)}
    state["grid"][0][0]["geko"] = True
    preview = shown(state)
    assert [(m.path, m.message) for m in preview.messages] == [("grid[0][0].geko", 'is not a field here: did you mean "gecko"?')]
    assert preview.complete is False


# ---------------------------------------------------------- a complete board: exactly its score


def _docs_boards():
    doc = Path(__file__).resolve().parents[2] / "docs" / "api" / "verdant-arizona.md"
    example = json.loads(doc.read_text(encoding="utf-8").split("```json\n")[1].split("```")[0])
    return [(p["name"], {k: v for k, v in p.items() if k != "name"}) for p in example["players"]]


WORKED = [
    # the rulebook's examples: 4 rows and 2 columns, three geckos, one yellow corner
    ("four rows two columns", {"wrens": 0, "grid": grid(FOUR_ROWS_TWO_COLUMNS, CHECKER, (1, 10, 34))}),
    ("corners", {"wrens": 1, "grid": grid(ZIGZAG, CORNERS)}),
    ("maximum", {"wrens": 0, "grid": grid(ASCENDING, "pink", range(1, 17))}),
    ("nothing", {"wrens": 0, "grid": grid(ZIGZAG2, CHECKER, (61,))}),
    ("descending", {"wrens": 3, "grid": grid(OTHER, CHECKER)}),
    *_docs_boards(),
]


@pytest.mark.parametrize("options", [{}, {"advanced": True}, {"advanced": True, "color_lines": "in_order"}])
@pytest.mark.parametrize("name, board", WORKED, ids=[w[0] for w in WORKED])
def test_a_complete_legal_board_previews_to_exactly_its_score(name, board, options):
    result = GAME.score({"options": options, "players": [{"name": name, **board}]})
    preview = GAME.preview(copy.deepcopy(board), options, 1, 0)
    assert preview.complete is True and preview.messages == ()
    assert preview.total == result.players[0].total
    assert [c.to_dict() for c in preview.categories] == [c.to_dict() for c in result.players[0].categories]
    # every card's own points are its gecko's: 1 per scoring line it is in
    geckos = result.players[0].category("geckos").points
    assert sum(p for p in preview.points.values() if p) == geckos


def test_the_maximum_board_previews_56_with_every_card_worth_two():
    board = {"wrens": 0, "grid": grid(ASCENDING, "pink", range(1, 17))}
    preview = GAME.preview(board, {"advanced": True}, 2, 0)
    # lines 8 + geckos 32 + quadrants 8 + colour lines 8
    assert preview.total == 56
    assert set(preview.points.values()) == {2} and len(preview.points) == 16
    assert all(line["points"] == 1 + 4 + 1 for line in preview.extra["lines"])


def test_the_preview_is_json_ready():
    preview = shown({"wrens": 1, "grid": grid(ASCENDING)})
    data = json.loads(json.dumps(preview.to_dict()))
    assert data["total"] == 16 and data["complete"] is True
    # no geckos: no card scores on its own (its lines and quadrants do)
    assert len(data["lines"]) == 8 and data["points"] == {f"grid[{r}][{c}]": None for r in range(4) for c in range(4)}


# ------------------------------------------------------------------------- never raises


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=5)
    | st.dictionaries(st.sampled_from(["number", "color", "gecko", "grid", "wrens", "x"]), inner),
    max_leaves=30,
)


@settings(max_examples=200, deadline=None)
@given(json_values, json_values, st.integers(min_value=-3, max_value=5))
def test_preview_never_raises_on_anything_typed(state, options, player_count):
    preview = GAME.preview(state, options, player_count, 0)
    assert len(preview.extra["lines"]) == 8 and len(preview.extra["quadrants"]) == 4
    json.dumps(preview.to_dict())


cards = st.fixed_dictionaries(
    {
        "number": st.one_of(st.none(), st.integers(min_value=0, max_value=100), st.sampled_from(["", "7", "x"])),
        "color": st.sampled_from(["", "pink", "Pink ", "white", "rose\u0301", "ros\u00e9"]),
        "gecko": st.booleans(),
    }
)
boards = st.fixed_dictionaries(
    {"wrens": st.integers(min_value=0, max_value=3), "grid": st.lists(st.lists(cards, min_size=4, max_size=4), min_size=4, max_size=4)}
)


@settings(max_examples=150, deadline=None)
@given(boards, st.booleans())
def test_a_fuzzed_board_previews_to_its_score_whenever_it_scores(board, advanced):
    preview = GAME.preview(board, {"advanced": advanced}, 2, 0)
    try:
        result = GAME.score({"options": {"advanced": advanced}, "players": [{"name": "A", **board}], "player_count": 2})
    except Exception:
        assert preview.complete is False and preview.messages
        return
    assert preview.complete is True
    assert preview.total == result.players[0].total


# ------------------------------------------------------------ each area's own lines (its popover)

ROBIN = [
    [(1, "yellow", True), (5, "yellow", False), (20, "pink", False), (34, "white", True)],
    [(2, "yellow", False), (6, "yellow", False), (10, "white", True), (31, "pink", False)],
    [(3, "pink", False), (7, "white", False), (25, "pink", False), (32, "white", False)],
    [(4, "white", False), (8, "pink", False), (9, "white", False), (33, "pink", False)],
]


def test_each_line_and_quadrant_carries_the_scores_lines_about_it():
    state = {"grid": [[cell(n, col, g) for n, col, g in row] for row in ROBIN]}
    preview = shown(state, {"advanced": True})
    areas = {a["label"]: a for a in preview.extra["lines"] + preview.extra["quadrants"]}
    # row 1 scores 1 for its order, 2 for the geckos on 1 and 34, 0 for colour: 3, as its points say
    assert areas["Row 1"]["lines"] == [
        "Row 1: 1 < 5 < 20 < 34 ascending = 1",
        "Row 1: 1 < 5 < 20 < 34 ascending, geckos on 1 and 34 = 2",
        "Row 1: 2 yellow, 1 pink, 1 white, not one colour = 0",
    ] and areas["Row 1"]["points"] == 3
    # column 1's gecko line is column 1's, not row 1's (both hold card 1)
    assert areas["Column 1"]["lines"][1] == "Column 1: 1 < 2 < 3 < 4 ascending, gecko on 1 = 1"
    assert areas["Column 3"]["lines"] == ["Column 3: 20 > 10 < 25 > 9 not in order = 0",
                                          "Column 3: 2 pink, 2 white, not one colour = 0"]
    assert areas["Top-left"]["lines"] == ["Top-left quadrant (1, 5, 2, 6): all 4 yellow = 2"]
    # every line shown for an area is a line of the score, and every scoring line of the score is
    # shown for some area (no point is explained nowhere)
    all_lines = {text for c in preview.categories for text, _ in c.lines}
    shown_lines = {text for a in areas.values() for text in a["lines"]}
    assert shown_lines <= all_lines
    assert {text for c in preview.categories for text, _ in c.lines if not text.endswith("= 0")} <= shown_lines


def test_an_area_not_complete_yet_says_so_in_its_lines():
    state = {"grid": [[cell(n, col, g) for n, col, g in row] for row in ROBIN]}
    state["grid"][0][0] = {"number": None, "color": "", "gecko": False}
    areas = {a["label"]: a for a in shown(state).extra["lines"] + shown(state).extra["quadrants"]}
    assert areas["Row 1"]["lines"] == ["Row 1: 3 of 4 cards entered so far = 0"]
    assert areas["Top-left"]["lines"] == ["Top-left quadrant: 3 of 4 cards entered so far = 0"]
