"""Vadoran Gardens: who is at the table (issue 15.4, 15.6), ties at every rank, and the smaller
items of issue 15 (an overlong token cut in its message, non-ASCII digits, plurals)."""

from __future__ import annotations

import pytest

from scoring.core import ValidationError
from scoring.vadoran import GAME
from scoring.vadoran.garden import MAX_ROW_TEXT
from tests.unit.test_vadoran import player, purple


def errors_of(table):
    with pytest.raises(ValidationError) as err:
        GAME.score(table)
    return [(e.path, e.message) for e in err.value.errors]


# ------------------------------------------------------------------------- one board


def test_the_rulebook_example_board_scores_on_its_own():
    # Purple's garden, lost items and achievement, sent alone: 46 + 5 + 7 = 58, no winner
    result = GAME.score({"players": [purple()]})
    assert (result.players[0].total, result.players[0].rank, result.winners) == (58, 1, ())
    assert result.warnings == ("One player without solo mode: choose mode solo to score your sister",)
    assert "solo" not in result.extra


def test_one_board_with_player_count_1_scores_on_its_own_too():
    result = GAME.score({"players": [purple()], "player_count": 1})
    assert (result.players[0].total, result.winners) == (58, ())


def test_one_board_in_solo_mode_is_a_solo_game_against_the_sister():
    result = GAME.score({"options": {"mode": "solo", "sister_achievements": [12, 9, 8]}, "players": [purple()]})
    assert result.winners == ("Purple",)  # 58 beats her 53
    assert result.extra["solo"]["opponent_total"] == 53
    assert result.warnings == ()


def test_a_partial_table_scores_every_board_and_names_no_winner():
    result = GAME.score({"players": [purple(), player("Green", ["g* g* g*"])], "player_count": 4})
    assert [p.total for p in result.players] == [58, 3]
    assert [p.rank for p in result.players] == [1, 2]
    assert result.winners == ()
    assert result.warnings == ("2 of 4 boards: every board is scored, no winner is named until all are in",)


def test_the_whole_table_names_its_winner():
    result = GAME.score({"players": [purple(), player("Green", ["g* g* g*"])], "player_count": 2})
    assert result.winners == ("Purple",) and result.warnings == ()


@pytest.mark.parametrize("count", [1, 0, 5, "two"])
def test_a_player_count_below_the_boards_sent_says_how_to_score_one_board(count):
    found = errors_of({"players": [purple(), player("Green", ["g"])], "player_count": count})
    assert found == [("player_count", "must be a whole number from 2 to 4 (at least the 2 boards sent); "
                      "to score one board on its own, send just that board")]


def test_solo_needs_one_board():
    found = errors_of({"options": {"mode": "solo"}, "players": [purple(), player("Green", ["g"])]})
    assert found == [("options.mode", "solo is played by 1 player against the sister: this table has 2; "
                      "choose standard or advanced for more players")]


# ------------------------------------------------------------------------------ ties


def test_a_tie_below_first_place_is_broken_by_most_achievements_and_says_so():
    a = player("A", ["g* g* g* g g g g g g g"])  # 10
    b = player("B", ["g* g* g*"], achievements=[("grass", 2)])  # 3 + 2 = 5, 1 achievement
    c = player("C", ["g* g* g* g g"])  # 5, none
    result = GAME.score({"players": [a, b, c]})
    assert [p.rank for p in result.players] == [1, 2, 3]
    assert [p.tiebreak for p in result.players] == [
        None, "Tie on 5 points broken by most achievements (1 vs 0)", "Tie on 5 points broken by most achievements (1 vs 0)"]
    assert result.tiebreak is None


def test_a_tie_below_first_place_then_by_returned_lost_items():
    a = player("A", ["g* g* g* g g g g g g g"])  # 10
    b = player("B", ["g* g* g* w5"], {"pendant": 1}, [("soil", 0)])  # 3 + 5 + 0 = 8, 1 returned
    c = player("C", ["g* g* g* g g g g g"], {"tool": 1}, [("soil", 0)])  # 8, its tool has no "5"
    result = GAME.score({"players": [a, b, c]})
    assert [p.rank for p in result.players] == [1, 2, 3]
    assert result.players[1].tiebreak == ("Tie on 8 points broken by most achievements (1 each), "
                                          "then most returned lost items (1 vs 0)")


def test_a_tie_below_first_place_that_survives_every_tie_breaker_is_a_shared_rank():
    a = player("A", ["g* g* g* g g g g g g g"])  # 10
    b = player("B", ["g* g* g*"])  # 3
    c = player("C", ["s* s* s*"])  # 3
    d = player("D", ["g"])  # 0
    result = GAME.score({"players": [a, b, c, d]})
    assert [p.rank for p in result.players] == [1, 2, 2, 4]
    assert result.players[1].tiebreak == result.players[2].tiebreak == (
        "Tie on 3 points not broken by most achievements (0 each), then most returned lost items (0 each): "
        "shared rank 2")


def test_a_solo_tie_carries_its_tie_break_on_the_players_line():
    t = {"options": {"mode": "solo", "sister_achievements": [5, 5]},
         "players": [player("Solo", ["g* g* g* g"], achievements=[("grass", 6)])]}
    result = GAME.score(t)  # 10 against 10: she has 2 achievements, the player 1
    assert result.players[0].tiebreak == "Tie on 10 points broken by most achievements (2 vs 1)"
    assert result.players[0].rank == 2 and result.winners == ()


# ----------------------------------------------------------------- the smaller items


def test_an_overlong_token_is_cut_in_its_message():
    token = "g" * 500
    ((path, message),) = errors_of({"players": [{"name": "A", "garden": [token]}]})
    assert path == "players[0].garden[0][0]"
    assert message.startswith('"' + "g" * 36 + '..." is not a square')
    assert len(message) < 200


def test_an_overlong_row_or_terrain_is_refused_without_echoing_it():
    ((_, message),) = errors_of({"players": [{"name": "A", "garden": ["g " * MAX_ROW_TEXT]}]})
    assert message == f"is too long: a row is at most {MAX_ROW_TEXT} characters"
    ((_, message),) = errors_of({"players": [{"name": "A", "garden": [[{"terrain": "x" * 300}]]}]})
    assert len(message) < 100
    ((_, message),) = errors_of({"players": [{"name": "A", "garden": [[{"terrain": "grass", "task": 10**5000}]]}]})
    assert message.startswith("a number of more than 4000 digits is not a task")


@pytest.mark.parametrize("digit", ["٣", "３", "³", "໓"])
def test_non_ascii_digits_are_never_read_as_numbers(digit):
    seat = {"name": "A", "garden": ["g"], "lost_items": {"tool": digit},
            "achievements": [{"terrain": "grass", "points": digit}]}
    quick = {"name": "Q", "areas": [{"terrain": "grass", "squares": digit, "tasks": digit}],
             "unscored_squares": digit, "return_locations": {"tool": digit}}
    solo = {"mode": "solo", "sister_achievements": [digit]}
    assert [p for p, _ in errors_of({"players": [seat]})] == ["players[0].lost_items.tool",
                                                               "players[0].achievements[0].points"]
    assert [p for p, _ in errors_of({"players": [quick]})] == [
        "players[0].areas[0].squares", "players[0].areas[0].tasks", "players[0].return_locations.tool",
        "players[0].unscored_squares"]
    assert [p for p, _ in errors_of({"options": solo, "players": [player("A", ["g"])]})] == [
        "options.sister_achievements[0]"]
    assert errors_of({"players": [{"name": "A", "garden": [f"g*{digit}"]}]})[0][0] == "players[0].garden[0][0]"
    assert GAME.score({"players": [{"name": "A", "garden": ["g"], "lost_items": {"tool": "3"}}]}).players[0].total == 0


def test_one_of_something_is_singular():
    quick = {"name": "Q", "areas": [{"terrain": "grass", "squares": 1, "tasks": 2}]}
    assert errors_of({"players": [quick]}) == [
        ("players[0].areas[0].tasks", "2 tasks cannot lie on 1 square: at most one per square")]
    one = {"name": "Q", "areas": [{"terrain": "grass", "squares": 3, "tasks": 3}], "unscored_squares": 1,
           "lost_items": {"tool": 2}}
    result = GAME.score({"options": {"mode": "solo"}, "players": [one]})
    assert "1 other grass, soil or water square (quick entry, in no listed area): does not score" in \
        result.players[0].category("tasks").details
    details = result.extra["solo"]["details"]
    assert details[1] == "Failed tasks: 1 grass, soil or water square outside your scoring areas x 2 = 2"
    assert "  1 other square (quick entry): 1 x 2 = 2" in details
    assert "Lost items: 2 found but not returned (2 tools) x 2 = 4" in details
