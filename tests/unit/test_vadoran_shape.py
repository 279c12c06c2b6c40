"""Vadoran gardens that no path of cards can make (issue 24.6, READINGS.md "Vadoran Gardens"):
a painting in separate pieces, or of fewer than 9 squares, is scored as painted with a warning
that names the garden and says what to check; never refused."""

from __future__ import annotations

import pytest

from scoring.vadoran import GAME
from tests.unit.test_vadoran import player, table

NINE = ["g* g* g*", "g g g", "g g g"]  # one card: 9 squares, one grass area with 3 tasks = 9
TAIL = ("but pathway cards make one piece of at least 9 squares (each card is 3 x 3 and overlaps the one before): "
        "check the painting. It is scored as painted, since squares that score nothing may be left unpainted")


def warned(garden):
    result = GAME.score(table(player("Ann", garden), player("Bo", NINE)))
    return result, [w for w in result.warnings if w.startswith("Ann's")], result.players[0].extra.get("warnings")


def test_one_card_is_a_garden_and_says_nothing():
    result, mine, own = warned(NINE)
    assert result.players[0].total == 9 and mine == [] and own is None
    assert result.warnings == ()


def test_two_islands_are_scored_as_painted_with_a_warning_naming_the_garden():
    # one card (9 squares, 9 points) and, two columns away, a lone water square with a task (0)
    garden = ["g* g* g* - w*", "g g g - -", "g g g - -"]
    result, mine, own = warned(garden)
    assert result.players[0].total == 9  # scored, not refused
    note = (f"Ann's garden shows 10 squares in 2 separate pieces (9 squares from row 1, column 1; 1 square from "
            f"row 1, column 5), {TAIL}")
    assert mine == [note] and own == [note]
    assert result.winners == ("Ann", "Bo")  # 9 each: the warning changes no score or rank


def test_squares_touching_only_at_a_corner_are_separate_pieces():
    garden = ["g* g* g* -", "g g g -", "g g g -", "- - - s"]
    assert "2 separate pieces (9 squares from row 1, column 1; 1 square from row 4, column 4)" in warned(garden)[1][0]


def test_eight_squares_in_one_piece_is_the_smallest_miss():
    result, mine, own = warned(["g* g* g*", "g g g", "g g -"])
    assert result.players[0].total == 8  # 8 grass squares, 3 tasks
    assert mine == own == [f"Ann's garden shows only 8 squares, {TAIL}"]


def test_unpainted_squares_inside_one_piece_say_nothing():
    # a ring of 16 around 4 unpainted squares: one piece
    ring = ["g g g g g g", "g - - - - g", "g g g g g g"]
    assert warned(ring)[1] == []


def test_quick_entry_has_no_painting_to_check():
    quick = {"name": "Ann", "areas": [{"terrain": "grass", "squares": 3, "tasks": 3}]}
    result = GAME.score(table(quick, player("Bo", NINE)))
    assert result.warnings == () and "warnings" not in result.players[0].extra


@pytest.mark.parametrize("pieces, shown", [(5, "; 1 more)"), (4, "1 square from row 1, column 7)")])
def test_many_pieces_are_listed_four_at_most(pieces, shown):
    garden = [" ".join(["g", "-"] * pieces)]  # single grass squares, each with no card beside it
    note = warned(garden)[1][0]
    assert f"in {pieces} separate pieces" in note and shown in note
