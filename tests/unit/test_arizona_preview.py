"""The entry screen's preview of which lines and quadrants of a part-filled display score."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.arizona import blank_player
from scoring.arizona.preview import preview


def cell(number, color="pink", gecko=False):
    return {"number": number, "color": color, "gecko": gecko}


def test_a_blank_display_has_nothing_complete_and_nothing_scoring():
    shown = preview(blank_player()["grid"])
    assert len(shown["lines"]) == 8 and len(shown["quadrants"]) == 4
    assert not any(item["complete"] or item["scores"] for item in shown["lines"] + shown["quadrants"])


def test_a_row_lights_up_once_its_four_cards_are_in_order():
    grid = blank_player()["grid"]
    grid[1] = [cell(3), cell(9), cell(21)] + [grid[1][3]]
    row2 = preview(grid)["lines"][1]
    assert (row2["label"], row2["complete"], row2["scores"]) == ("Row 2", False, False)
    grid[1][3] = cell(30)
    row2 = preview(grid)["lines"][1]
    assert (row2["complete"], row2["scores"]) == (True, True)
    assert row2["cells"] == [[1, 0], [1, 1], [1, 2], [1, 3]]


def test_a_complete_column_out_of_order_does_not_light_up():
    grid = blank_player()["grid"]
    for r, n in enumerate([5, 2, 7, 8]):
        grid[r][0] = cell(n)
    column1 = preview(grid)["lines"][4]
    assert (column1["label"], column1["complete"], column1["scores"]) == ("Column 1", True, False)


def test_a_quadrant_lights_up_when_its_four_cards_share_a_colour_in_any_spelling():
    grid = blank_player()["grid"]
    grid[2][2], grid[2][3], grid[3][2] = cell(1, "Yellow"), cell(2, "yellow "), cell(3, "YELLOW")
    assert preview(grid)["quadrants"][3]["complete"] is False
    grid[3][3] = cell(4, "pink")
    assert preview(grid)["quadrants"][3]["scores"] is False
    grid[3][3] = cell(4, "yellow")
    bottom_right = preview(grid)["quadrants"][3]
    assert (bottom_right["label"], bottom_right["scores"]) == ("Bottom-right", True)


def test_advanced_preview_marks_single_colour_lines_whatever_their_order():
    grid = blank_player()["grid"]
    grid[0] = [cell(9, "white"), cell(2, "white"), cell(7, "White"), cell(1, "white")]
    row1 = preview(grid, advanced=True)["lines"][0]
    assert (row1["scores"], row1["one_color"]) == (False, True)
    assert "one_color" not in preview(grid)["lines"][0]


def test_a_line_with_a_repeated_number_does_not_score():
    grid = blank_player()["grid"]
    grid[0] = [cell(1), cell(2), cell(2), cell(3)]
    assert preview(grid)["lines"][0]["scores"] is False


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.sampled_from(["number", "color", "gecko", "x"]), inner),
    max_leaves=30,
)


@settings(max_examples=200, deadline=None)
@given(json_values)
def test_preview_never_raises_on_anything_typed(grid):
    shown = preview(grid)
    assert len(shown["lines"]) == 8 and len(shown["quadrants"]) == 4
