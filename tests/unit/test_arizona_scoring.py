"""Verdant Arizona scoring: every category, both options, ties, solo, the registry and the catalog."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import scoring
from scoring.arizona import GAME, blank_player, default_options
from scoring.arizona.model import CATALOG
from scoring.arizona.rules import chain, order

# ------------------------------------------------------------------------------ helpers


def grid(numbers, colors="pink", geckos=()):
    """A display from a 4 x 4 list of numbers, one colour (str) or a 4 x 4 list of colours,
    and the numbers of the cards that show a gecko."""
    return [
        [
            {
                "number": n,
                "color": colors if isinstance(colors, str) else colors[r][c],
                "gecko": n in set(geckos),
            }
            for c, n in enumerate(row)
        ]
        for r, row in enumerate(numbers)
    ]


def table(*players, advanced=False, solo=None, **extra):
    """A two-player (or given) table; each player is (numbers, colors, geckos, wrens)."""
    seats = []
    for i, (numbers, colors, geckos, wrens) in enumerate(players):
        seats.append({"name": f"P{i + 1}", "wrens": wrens, "grid": grid(numbers, colors, geckos)})
    return {"options": {"advanced": advanced, "solo": solo}, "players": seats, **extra}


def points(result, player, key):
    return result.players[player].category(key).points


def details(result, player, key):
    return list(result.players[player].category(key).details)


# 4 rows in order, 2 columns in order (rulebook: "4 valid rows and 2 valid columns ... 6 points").
FOUR_ROWS_TWO_COLUMNS = [
    [1, 5, 20, 34],
    [2, 6, 10, 31],
    [3, 7, 25, 32],
    [4, 8, 9, 33],
]
# Every neighbouring pair alternates high/low, so no row or column is in order.
ZIGZAG = [
    [16, 1, 15, 2],
    [3, 14, 4, 13],
    [12, 5, 11, 6],
    [7, 10, 8, 9],
]
# Two colours in a checkerboard: no quadrant, row or column is of one colour.
CHECKER = [["pink" if (r + c) % 2 == 0 else "white" for c in range(4)] for r in range(4)]
# 1..16 in reading order: all 4 rows and all 4 columns ascending.
ASCENDING = [[4 * r + c + 1 for c in range(4)] for r in range(4)]
# Each 2x2 corner in its own colour.
CORNERS = [
    ["white", "white", "pink", "pink"],
    ["white", "white", "pink", "pink"],
    ["yellow", "yellow", "green", "green"],
    ["yellow", "yellow", "green", "green"],
]
# Second displays use numbers above 40 so that no card number is on the table twice.
OTHER = [[56 - (4 * r + c) for c in range(4)] for r in range(4)]  # 56..41: all 8 lines descending
ZIGZAG2 = [[n + 60 for n in row] for row in ZIGZAG]  # 61..76, no line in order


def solo(numbers, colors="pink", geckos=(), vera=10, wrens=0):
    return {
        "options": {"solo": {"vera_score": vera}},
        "players": [{"name": "Solo", "wrens": wrens, "grid": grid(numbers, colors, geckos)}],
    }


# ------------------------------------------------------------------------ rows and columns


def test_rulebook_order_examples_2_7_33_34_is_valid_and_7_2_33_34_is_not():
    assert order([2, 7, 33, 34]) == "ascending"
    assert order([7, 2, 33, 34]) is None


def test_four_valid_rows_and_two_valid_columns_score_six_as_in_the_rulebook():
    result = GAME.score(table((FOUR_ROWS_TWO_COLUMNS, CHECKER, (), 0), (ZIGZAG2, CHECKER, (), 0)))
    # rows 1-4 ascending (1<5<20<34, 2<6<10<31, 3<7<25<32, 4<8<9<33) = 4;
    # columns 1 (1<2<3<4) and 2 (5<6<7<8) = 2; column 3 (20>10<25>9), column 4 (34>31<32<33) = 0
    assert points(result, 0, "lines") == 6
    assert details(result, 0, "lines") == [
        "Row 1: 1 < 5 < 20 < 34 ascending = 1",
        "Row 2: 2 < 6 < 10 < 31 ascending = 1",
        "Row 3: 3 < 7 < 25 < 32 ascending = 1",
        "Row 4: 4 < 8 < 9 < 33 ascending = 1",
        "Column 1: 1 < 2 < 3 < 4 ascending = 1",
        "Column 2: 5 < 6 < 7 < 8 ascending = 1",
        "Column 3: 20 > 10 < 25 > 9 not in order = 0",
        "Column 4: 34 > 31 < 32 < 33 not in order = 0",
    ]


def test_descending_lines_score_like_ascending_ones():
    result = GAME.score(table((OTHER, CHECKER, (), 0), (ZIGZAG, CHECKER, (), 0)))
    # 56 55 54 53 / 52 ... : rows fall left to right, columns fall top to bottom: 8 lines
    assert points(result, 0, "lines") == 8
    assert details(result, 0, "lines")[0] == "Row 1: 56 > 55 > 54 > 53 descending = 1"
    assert details(result, 0, "lines")[4] == "Column 1: 56 > 52 > 48 > 44 descending = 1"


def test_rows_read_left_to_right_and_columns_top_to_bottom():
    # Row 1 is 1 < 2 < 3 < 4 read left to right; transposing the grid puts it in column 1.
    numbers = [[1, 2, 3, 4], [16, 5, 15, 6], [7, 14, 8, 13], [12, 9, 11, 10]]
    transposed = [[n + 20 for n in col] for col in zip(*numbers)]
    result = GAME.score(table((numbers, CHECKER, (), 0), (transposed, "pink", (), 0)))
    assert details(result, 0, "lines")[0] == "Row 1: 1 < 2 < 3 < 4 ascending = 1"
    assert details(result, 1, "lines")[4] == "Column 1: 21 < 22 < 23 < 24 ascending = 1"
    # player 1: row 1 only (row 2 16>5<15, col 1 1<16>7<12, col 2 2<5<14>9, col 3 3<15>8<11,
    # col 4 4<6<13>10) = 1; player 2 is the mirror image = 1
    assert points(result, 0, "lines") == points(result, 1, "lines") == 1


def test_a_line_with_its_last_two_numbers_swapped_does_not_score():
    numbers = [[1, 2, 4, 3]] + ZIGZAG[1:]
    numbers[1] = [30, 14, 31, 13]  # keep every column out of order: 1<30>12, 2>14.., 4<31>11, 3<13>6
    result = GAME.score(table((numbers, CHECKER, (), 0), (OTHER, CHECKER, (), 0)))
    assert details(result, 0, "lines")[0] == "Row 1: 1 < 2 < 4 > 3 not in order = 0"
    assert points(result, 0, "lines") == 0


def test_chain_shows_every_comparison():
    assert chain([3, 9, 21, 30]) == "3 < 9 < 21 < 30"
    assert chain([30, 9, 21, 3]) == "30 > 9 < 21 > 3"


# --------------------------------------------------------------------------------- geckos


def test_rulebook_gecko_example_one_gecko_in_row_and_column_two_in_rows_only_scores_four():
    # gecko on 1: row 1 and column 1 both in order = 2; gecko on 10: row 2 in order, column 3
    # not = 1; gecko on 34: row 1 in order, column 4 not = 1; total 4
    result = GAME.score(table((FOUR_ROWS_TWO_COLUMNS, CHECKER, (1, 10, 34), 0), (ZIGZAG2, CHECKER, (), 0)))
    assert points(result, 0, "geckos") == 4
    assert details(result, 0, "geckos") == [
        "Row 1: 1 < 5 < 20 < 34 ascending, geckos on 1 and 34 = 2",
        "Row 2: 2 < 6 < 10 < 31 ascending, gecko on 10 = 1",
        "Column 1: 1 < 2 < 3 < 4 ascending, gecko on 1 = 1",
    ]
    assert points(result, 0, "lines") == 6  # geckos add to the lines, never replace them


def test_issue_example_row_2_names_the_line_and_the_gecko():
    numbers = [[16, 1, 15, 2], [3, 9, 21, 30], [12, 5, 11, 6], [7, 10, 8, 4]]
    result = GAME.score(table((numbers, CHECKER, (9,), 0), (ZIGZAG2, "pink", (), 0)))
    assert "Row 2: 3 < 9 < 21 < 30 ascending = 1" in details(result, 0, "lines")
    assert details(result, 0, "geckos") == ["Row 2: 3 < 9 < 21 < 30 ascending, gecko on 9 = 1"]
    # columns: 16>3<12>7, 1<9>5<10, 15<21>11>8, 2<30>6>4: none in order, so 1 + gecko 1 = 2
    assert points(result, 0, "lines") + points(result, 0, "geckos") == 2


def test_geckos_in_lines_out_of_order_score_nothing_and_say_why():
    result = GAME.score(table((ZIGZAG, CHECKER, (16, 9), 0), (OTHER, CHECKER, (), 0)))
    assert points(result, 0, "geckos") == 0
    assert details(result, 0, "geckos") == [
        "Gecko on 16 (row 1, column 1): neither line is in order = 0",
        "Gecko on 9 (row 4, column 4): neither line is in order = 0",
    ]


def test_a_display_without_geckos_says_so():
    result = GAME.score(table((ASCENDING, "pink", (), 0), (OTHER, CHECKER, (), 0)))
    assert points(result, 0, "geckos") == 0
    assert details(result, 0, "geckos") == ["No geckos in the display = 0"]


# ------------------------------------------------------------------------------ quadrants


def test_rulebook_quadrant_example_one_yellow_corner_scores_two():
    colors = [row[:] for row in CHECKER]
    for r in (0, 1):
        for c in (0, 1):
            colors[r][c] = "yellow"
    result = GAME.score(table((ZIGZAG, colors, (), 0), (OTHER, CHECKER, (), 0)))
    assert points(result, 0, "quadrants") == 2
    assert details(result, 0, "quadrants") == [
        "Top-left quadrant (16, 1, 3, 14): all 4 yellow = 2",
        "Top-right quadrant (15, 2, 4, 13): 2 pink, 2 white, not one colour = 0",
        "Bottom-left quadrant (12, 5, 7, 10): 2 pink, 2 white, not one colour = 0",
        "Bottom-right quadrant (11, 6, 8, 9): 2 pink, 2 white, not one colour = 0",
    ]


def test_four_single_colour_corners_score_eight():
    result = GAME.score(table((ZIGZAG, CORNERS, (), 0), (OTHER, CHECKER, (), 0)))
    # 4 quadrants x 2 = 8
    assert points(result, 0, "quadrants") == 8
    assert [line.split(": ")[1] for line in details(result, 0, "quadrants")] == [
        "all 4 white = 2",
        "all 4 pink = 2",
        "all 4 yellow = 2",
        "all 4 green = 2",
    ]


def test_a_quadrant_with_three_cards_of_one_colour_scores_nothing():
    colors = [row[:] for row in CORNERS]
    colors[1][1] = "pink"
    result = GAME.score(table((ZIGZAG, colors, (), 0), (OTHER, CHECKER, (), 0)))
    assert points(result, 0, "quadrants") == 6  # 3 corners x 2
    assert details(result, 0, "quadrants")[0] == "Top-left quadrant (16, 1, 3, 14): 3 white, 1 pink, not one colour = 0"


def test_colour_names_match_case_insensitively_and_trimmed():
    colors = [row[:] for row in CHECKER]
    colors[0][0], colors[0][1], colors[1][0], colors[1][1] = "Yellow", " yellow", "YELLOW ", "yellow"
    result = GAME.score(table((ZIGZAG, colors, (), 0), (OTHER, CHECKER, (), 0)))
    assert points(result, 0, "quadrants") == 2
    assert details(result, 0, "quadrants")[0] == "Top-left quadrant (16, 1, 3, 14): all 4 Yellow = 2"


def test_the_centre_block_is_not_a_quadrant():
    colors = [row[:] for row in CHECKER]
    for r in (1, 2):
        for c in (1, 2):
            colors[r][c] = "green"
    result = GAME.score(table((ZIGZAG, colors, (), 0), (OTHER, CHECKER, (), 0)))
    assert points(result, 0, "quadrants") == 0


# ------------------------------------------------------------------ advanced: colour lines


def test_colors_category_exists_only_with_the_advanced_option():
    standard = GAME.score(table((ZIGZAG, CHECKER, (), 0), (OTHER, CHECKER, (), 0)))
    advanced = GAME.score(table((ZIGZAG, CHECKER, (), 0), (OTHER, CHECKER, (), 0), advanced=True))
    assert [c.key for c in standard.players[0].categories] == ["lines", "geckos", "quadrants"]
    assert [c.key for c in advanced.players[0].categories] == ["lines", "geckos", "quadrants", "colors"]


def test_advanced_single_colour_rows_score_whether_or_not_in_order():
    colors = [["white"] * 4, ["pink"] * 4, ["white", "pink", "white", "pink"], ["Green"] * 3 + ["green "]]
    result = GAME.score(table((ZIGZAG, colors, (), 0), (OTHER, CHECKER, (), 0), advanced=True))
    # rows 1, 2 and 4 single colour (none in order) = 3; columns mixed = 0
    assert points(result, 0, "colors") == 3
    assert details(result, 0, "colors")[:4] == [
        "Row 1: all 4 white (in order or not) = 1",
        "Row 2: all 4 pink (in order or not) = 1",
        "Row 3: 2 white, 2 pink, not one colour = 0",
        "Row 4: all 4 Green (in order or not) = 1",
    ]
    assert points(result, 0, "lines") == 0


def test_advanced_counts_single_colour_columns_too():
    colors = [["white", "pink", "yellow", "green"]] * 4
    result = GAME.score(table((ASCENDING, colors, (), 0), (OTHER, CHECKER, (), 0), advanced=True))
    # columns 1-4 one colour each = 4; rows have 4 colours = 0
    assert points(result, 0, "colors") == 4
    assert details(result, 0, "colors")[4] == "Column 1: all 4 white (in order or not) = 1"
    assert details(result, 0, "colors")[0] == "Row 1: 1 white, 1 pink, 1 yellow, 1 green, not one colour = 0"


# ------------------------------------------------------------------------ empty and maximum


def test_a_display_that_scores_nothing_explains_every_zero():
    result = GAME.score(table((ZIGZAG, CHECKER, (), 0), (OTHER, CHECKER, (), 0), advanced=True))
    player = result.players[0]
    assert player.total == 0
    assert all(c.points == 0 and c.details for c in player.categories)
    assert len(player.category("lines").details) == 8
    assert len(player.category("colors").details) == 8
    assert len(player.category("quadrants").details) == 4


def test_the_maximum_display_scores_fifty_six_with_advanced_scoring():
    everything = range(1, 17)
    result = GAME.score(table((ASCENDING, "pink", everything, 0), (OTHER, CHECKER, (), 0), advanced=True))
    # lines 8; geckos 16 cards x 2 lines = 32; quadrants 4 x 2 = 8; colours 8 lines = 8
    assert [c.points for c in result.players[0].categories] == [8, 32, 8, 8]
    assert result.players[0].total == 56


def test_totals_are_the_sum_of_categories_and_every_point_is_explained():
    result = GAME.score(table((FOUR_ROWS_TWO_COLUMNS, CORNERS, (1, 10, 34), 3), (OTHER, "pink", (45, 50), 1)))
    for player in result.players:
        assert player.total == sum(c.points for c in player.categories)
        for category in player.categories:
            # every explanation line ends with "= n" and those n add up to the category
            assert sum(int(line.rsplit("= ", 1)[1]) for line in category.details) == category.points


# --------------------------------------------------------------------------- tie-breakers


def test_a_higher_total_wins_without_a_tiebreak():
    result = GAME.score(table((ASCENDING, "pink", (), 0), (ZIGZAG2, CHECKER, (), 5)))
    # P1: 8 lines + 8 quadrants = 16; P2: 0
    assert [p.total for p in result.players] == [16, 0]
    assert [p.rank for p in result.players] == [1, 2]
    assert result.winners == ("P1",)
    assert result.tiebreak is None


def test_a_tie_is_broken_by_most_cactus_wrens():
    tied = GAME.score(table((ASCENDING, CHECKER, (), 2), (OTHER, CHECKER, (), 3)))
    # both: 8 lines, no geckos, checker colours = 8; wrens 2 vs 3
    assert [p.total for p in tied.players] == [8, 8]
    assert [p.rank for p in tied.players] == [2, 1]
    assert tied.winners == ("P2",)
    assert tied.tiebreak == "Tie on 8 points broken by most cactus wrens (3 vs 2)"


def test_a_tie_on_points_and_wrens_is_a_draw():
    tied = GAME.score(table((ASCENDING, CHECKER, (), 4), (OTHER, CHECKER, (), 4)))
    assert [p.rank for p in tied.players] == [1, 1]
    assert tied.winners == ("P1", "P2")
    assert tied.tiebreak == "Tie on 8 points not broken by most cactus wrens (4 each): shared victory"


def test_a_tie_on_zero_with_no_wrens_is_a_draw():
    second = [[n + 16 for n in row] for row in ZIGZAG]
    tied = GAME.score(table((ZIGZAG, CHECKER, (), 0), (second, CHECKER, (), 0)))
    assert [p.total for p in tied.players] == [0, 0]
    assert tied.winners == ("P1", "P2")


# ---------------------------------------------------------------------------------- solo


def test_solo_player_who_beats_vera_wins():
    result = GAME.score(solo(ASCENDING, vera=15))
    # 8 lines + 8 quadrants = 16 > 15
    assert result.players[0].total == 16
    assert result.extra["solo"] == {"opponent_total": 15, "player_wins": True}
    assert result.to_dict()["solo"] == {"opponent_total": 15, "player_wins": True}
    assert result.winners == ("Solo",)


def test_solo_player_who_ties_vera_loses_because_they_must_beat_her():
    result = GAME.score(solo(ASCENDING, vera=16, wrens=5))
    assert result.extra["solo"] == {"opponent_total": 16, "player_wins": False}
    assert result.winners == ()
    assert result.tiebreak == "Tie with Vera on 16 points: the player must beat Vera's score, so Vera wins"


def test_solo_player_below_vera_loses():
    result = GAME.score(solo(ZIGZAG, CHECKER, vera=1))
    assert result.extra["solo"] == {"opponent_total": 1, "player_wins": False}
    assert result.winners == ()
    assert result.tiebreak is None
    assert result.players[0].rank == 1


def test_solo_with_advanced_scoring_counts_colour_lines_against_vera():
    result = GAME.score({**solo(ASCENDING, vera=20), "options": {"advanced": True, "solo": {"vera_score": "20"}}})
    # 8 lines + 8 quadrants + 8 one-colour lines = 24 > 20
    assert result.players[0].total == 24
    assert result.extra["solo"] == {"opponent_total": 20, "player_wins": True}


def test_a_two_player_result_has_no_solo_key():
    result = GAME.score(table((ASCENDING, CHECKER, (), 0), (OTHER, CHECKER, (), 0)))
    assert "solo" not in result.to_dict()


# ------------------------------------------------------------- registry, options, catalog


def test_the_registry_finds_verdant_arizona_and_scores_through_it():
    assert scoring.get("verdant-arizona") is GAME
    result = scoring.score("verdant-arizona", table((ASCENDING, "pink", (1,), 2), (OTHER, CHECKER, (), 0)))
    # P1: 8 lines + gecko on 1 in row 1 and column 1 (2) + 8 quadrants = 18; P2: 8 lines
    assert [p.total for p in result.players] == [18, 8]
    assert result.game == "verdant-arizona"
    assert result.engine_version == "arizona-2"  # bumped: one board, colour reading, strict keys


def test_game_describes_players_and_options():
    described = GAME.describe()
    assert described["players"] == {"min": 1, "max": 2}
    # color_lines: the advanced colour point's open reading (issue 15.5)
    assert [o["name"] for o in described["options"]] == ["advanced", "solo", "color_lines"]
    assert default_options() == {"advanced": False, "solo": None, "color_lines": "every"}


def test_default_options_score_a_two_player_game():
    data = table((ASCENDING, CHECKER, (), 0), (OTHER, CHECKER, (), 0))
    data["options"] = default_options()
    assert [p.total for p in GAME.score(data).players] == [8, 8]


def test_blank_player_is_an_empty_four_by_four_display():
    seat = blank_player()
    assert "name" not in seat
    assert seat["wrens"] == 0
    assert len(seat["grid"]) == 4 and all(len(row) == 4 for row in seat["grid"])
    assert blank_player() is not seat and blank_player()["grid"][0] is not seat["grid"][0]


def test_catalog_counts_match_the_rulebook_component_list():
    assert CATALOG["components"]["cactus_cards"] == 40
    assert CATALOG["components"]["cactus_wren_tokens"] == 15
    assert CATALOG["display"] == {"rows": 4, "columns": 4}
    # two displays of 16 cards fit in the deck, and every card can get its own number
    assert CATALOG["components"]["cactus_cards"] >= 2 * 16
    assert CATALOG["card_number"]["max"] - CATALOG["card_number"]["min"] + 1 >= 40


def test_catalog_counts_are_the_ones_printed_in_the_rulebook_text():
    rulebook = Path(__file__).resolve().parents[3] / "shared" / "rules" / "verdant-arizona.txt"
    if not rulebook.exists():
        pytest.skip("rulebook text not available in this checkout")
    text = rulebook.read_text(encoding="utf-8")
    assert f"{CATALOG['components']['cactus_cards']} cactus cards" in text
    assert f"{CATALOG['components']['cactus_wren_tokens']} cactus wren tokens" in text


def test_player_count_lets_one_seat_of_a_two_player_game_be_scored_without_vera():
    data = table((ASCENDING, CHECKER, (), 0), player_count=2)
    data["options"] = {"advanced": False, "solo": None}
    result = GAME.score(data)
    assert [p.total for p in result.players] == [8]
    assert "solo" not in result.extra


def test_the_api_doc_example_is_the_engines_real_output():
    doc = Path(__file__).resolve().parents[2] / "docs" / "api" / "verdant-arizona.md"
    blocks = doc.read_text(encoding="utf-8").split("```json\n")[1:]
    example, expected = (json.loads(block.split("```")[0]) for block in blocks[:2])
    # Robin: 4 rows + 2 columns = 6; geckos 1 (row and column), 10 and 34 (rows) = 4; yellow corner 2
    # Galen: 8 descending lines + green and pink corners 4 = 12; tie broken by wrens 3 vs 2
    assert GAME.score(example).to_dict() == expected
    assert [p["total"] for p in expected["players"]] == [12, 12]
    assert expected["winners"] == ["Galen"]
