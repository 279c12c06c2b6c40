"""Every Verdant Arizona explanation line names the cards it is about (issue 13.1): a row or
column its four cards, a quadrant its four, a gecko line its gecko cards, a colour line its
line's cards; the docs example carries refs on every line and each ref exists in the input."""

from __future__ import annotations

import json
from pathlib import Path

from scoring import paths
from scoring.arizona import GAME
from tests.unit.test_arizona_scoring import ASCENDING, CHECKER, OTHER, ZIGZAG, grid, table

DOC = Path(__file__).resolve().parents[2] / "docs" / "api" / "verdant-arizona.md"


def docs_example():
    blocks = DOC.read_text(encoding="utf-8").split("```json\n")[1:]
    return json.loads(blocks[0].split("```")[0])


def test_the_docs_example_has_refs_on_every_category_line_and_each_ref_exists():
    table_ = docs_example()
    result = GAME.score(table_).to_dict()
    total = with_refs = 0
    for player, seat in zip(result["players"], table_["players"]):
        for category in player["categories"]:
            assert len(category["refs"]) == len(category["details"])
            for refs in category["refs"]:
                total += 1
                with_refs += bool(refs)
                for ref in refs:
                    assert paths.get(seat, paths.parse(ref)) is not paths.MISSING, ref
    # 15 lines for Robin, 13 for Galen: all name cards (or, for "no geckos", the display)
    assert (total, with_refs) == (28, 28)
    assert with_refs / total >= 0.8


def test_a_row_and_a_column_name_their_four_cards_in_reading_order():
    robin = GAME.score(docs_example()).players[0]
    lines = dict(robin.category("lines").lines)
    assert lines["Row 2: 2 < 6 < 10 < 31 ascending = 1"] == ("grid[1][0]", "grid[1][1]", "grid[1][2]", "grid[1][3]")
    assert lines["Column 3: 20 > 10 < 25 > 9 not in order = 0"] == ("grid[0][2]", "grid[1][2]", "grid[2][2]", "grid[3][2]")


def test_a_gecko_line_names_only_its_gecko_cards():
    robin = GAME.score(docs_example()).players[0]
    geckos = dict(robin.category("geckos").lines)
    assert geckos["Row 1: 1 < 5 < 20 < 34 ascending, geckos on 1 and 34 = 2"] == ("grid[0][0]", "grid[0][3]")
    assert geckos["Column 1: 1 < 2 < 3 < 4 ascending, gecko on 1 = 1"] == ("grid[0][0]",)


def test_an_unscored_gecko_and_a_display_without_geckos_name_the_card_and_the_display():
    result = GAME.score(table((ZIGZAG, CHECKER, (16,), 0), (OTHER, CHECKER, (), 0)))
    assert result.players[0].category("geckos").lines == (
        ("Gecko on 16 (row 1, column 1): neither line is in order = 0", ("grid[0][0]",)),
    )
    assert result.players[1].category("geckos").lines == (("No geckos in the display = 0", ("grid",)),)


def test_a_quadrant_names_its_four_cards():
    galen = GAME.score(docs_example()).players[1]
    quadrants = dict(galen.category("quadrants").lines)
    assert quadrants["Bottom-right quadrant (26, 24, 21, 19): all 4 pink = 2"] == (
        "grid[2][2]",
        "grid[2][3]",
        "grid[3][2]",
        "grid[3][3]",
    )


def test_a_colour_line_names_the_cards_of_its_colour():
    colors = [["white"] * 4] + [row for row in CHECKER[1:]]
    result = GAME.score(table((ASCENDING, colors, (), 0), (OTHER, CHECKER, (), 0), advanced=True))
    lines = result.players[0].category("colors").lines
    assert lines[0] == ("Row 1: all 4 white (in order or not) = 1", ("grid[0][0]", "grid[0][1]", "grid[0][2]", "grid[0][3]"))


def test_a_cards_lines_are_found_by_its_path():
    robin = GAME.score(docs_example()).players[0]
    about = [text for category in robin.categories for text in category.lines_about("grid[0][0]")]
    assert about == [
        "Row 1: 1 < 5 < 20 < 34 ascending = 1",
        "Column 1: 1 < 2 < 3 < 4 ascending = 1",
        "Row 1: 1 < 5 < 20 < 34 ascending, geckos on 1 and 34 = 2",
        "Column 1: 1 < 2 < 3 < 4 ascending, gecko on 1 = 1",
        "Top-left quadrant (1, 5, 2, 6): all 4 yellow = 2",
    ]


def test_every_ref_of_a_random_board_is_a_card_of_the_display():
    board = grid([[n + 40 for n in row] for row in ZIGZAG], CHECKER, (41, 56))
    result = GAME.score({"players": [{"name": "A", "grid": board}]})
    for category in result.players[0].categories:
        for _text, refs in category.lines:
            assert refs
            for ref in refs:
                assert paths.get({"grid": board}, paths.parse(ref)) is not paths.MISSING
