"""Vadoran Gardens: what the box and the turn structure make impossible is refused, naming the
field and the limit; what only the lessons drawn could explain is a warning (issue 15.2).  Each
limit: its smallest refusal and its largest acceptance.  The sentences are in
docs/rules/vadoran-gardens.md, "Limits"."""

from __future__ import annotations

import pytest

from scoring.core import ValidationError
from scoring.vadoran import GAME
from scoring.vadoran.contract import LESSONS, MOST_ROUNDS, STANDARD
from tests.unit.test_vadoran import zigzag


def errors_of(table):
    with pytest.raises(ValidationError) as err:
        GAME.score(table)
    return [(e.path, e.message) for e in err.value.errors]


def table(garden=None, mode="standard", **player):
    seat = {"name": "A", **({"garden": garden} if garden is not None else {}), **player}
    return {"options": {"mode": mode}, "players": [seat, {"name": "B", "garden": ["g"]}]}


def painted(rows):
    return sum(t != "-" for r in rows for t in r.split())


def staircase(cards=10):
    """Each card 2 rows down and 2 columns right of the one before: the tallest and widest path."""
    squares = {(r + 2 * k, c + 2 * k) for k in range(cards) for r in range(3) for c in range(3)}
    side = max(max(p) for p in squares) + 1
    return [" ".join("s" if (r, c) in squares else "-" for c in range(side)) for r in range(side)]


# ------------------------------------------------------------------ the path's bounds


def test_the_bounds_come_from_the_cards_and_the_rounds():
    # 10 cards of 3 x 3; each later card covers at least 1 square of the card before: 9 + 9 x 8
    assert (STANDARD.squares, STANDARD.rows, STANDARD.columns) == (81, 21, 21)
    # lessons: 23 lesson cards, 2 face up, one drawn a round: at most 22 rounds, each a Focus pair
    # (15 squares, 14 of them new): 15 + 21 x 14
    assert (MOST_ROUNDS, LESSONS.squares) == (22, 309)


def test_the_widest_standard_path_is_accepted_with_81_squares():
    rows = zigzag(token="g")
    assert (painted(rows), len(rows), len(rows[0].split())) == (81, 5, 21)
    assert GAME.score(table(rows)).players[0].category("tasks").points == 0


def test_the_tallest_and_widest_standard_path_is_accepted():
    rows = staircase()
    assert (painted(rows), len(rows)) == (81, 21)
    assert GAME.score(table(rows)).players[0].total == 0


def test_82_squares_in_a_standard_game_are_refused():
    rows = zigzag(token="g")
    rows[0] = rows[0][:-1] + "g"  # one more square in the top right corner
    assert painted(rows) == 82
    assert errors_of(table(rows)) == [(
        "players[0].garden",
        "has 82 visible squares: a standard game shows at most 81 (10 pathway cards of 3 x 3 squares, each "
        "laid over at least 1 square of the right-most column of the card before)",
    )]


def test_the_issues_garden_of_1600_squares_is_refused():
    rows = [" ".join(["g*"] * 40)] * 40
    found = errors_of(table(rows))
    assert [p for p, _ in found] == ["players[0].garden"] * 3
    assert found[0][1].startswith("has 1600 visible squares: a standard game shows at most 81")
    assert found[1][1].startswith("spans 40 rows: the path of a standard game spans at most 21")


@pytest.mark.parametrize("rows, what", [([" ".join(["w"] * 22)], "22 columns"), (["w"] * 22, "22 rows")])
def test_a_garden_spanning_22_rows_or_columns_is_refused(rows, what):
    assert errors_of(table(rows)) == [(
        "players[0].garden",
        f"spans {what}: the path of a standard game spans at most 21 (each card covers a square of the "
        "right-most column of the card before, so it lies at most 2 rows up or down and 2 columns to the right of it)",
    )]


def test_blank_padding_does_not_count():
    rows = ["- " * 30 + "-"] * 3 + zigzag(token="g") + ["- " * 30 + "-"] * 10
    assert GAME.score(table(rows)).players[0].total == 0


def test_lessons_allow_more_squares_with_a_warning():
    rows = zigzag(token="g")
    rows[0] = rows[0][:-1] + "g"  # 82 squares: a Focus lesson could do it
    result = GAME.score(table(rows, mode="advanced"))
    assert result.warnings == (
        "A's garden has 82 visible squares: 10 cards show at most 81 squares over 21 rows and 21 columns, so it "
        "needs Focus or Overtime lessons: check the garden if none came up",)
    assert GAME.score(table(zigzag(token="g"), mode="advanced")).warnings == ()


def test_the_largest_garden_with_lessons_is_accepted_and_one_more_square_is_not():
    rows = [" ".join(["g"] * 40)] * 7 + [" ".join(["g"] * 29 + ["-"] * 11)]
    assert painted(rows) == 309
    solo = {"options": {"mode": "solo"}, "players": [{"name": "A", "garden": rows}]}
    assert GAME.score(solo).players[0].total == 0
    rows[-1] = " ".join(["g"] * 30 + ["-"] * 10)
    assert errors_of(solo) == [("players[0].garden", "has 310 visible squares: a game with lessons shows at "
                                "most 309 (at most 22 rounds, as Overtime lessons add rounds from the 23 lesson "
                                "cards, each at most a Focus pair of cards showing 15 squares)")]


# ----------------------------------------------------------------------- quick entry


def quick(areas, mode="standard", **extra):
    return table(None, mode, areas=areas, **extra)


def test_quick_entry_holds_at_most_the_squares_a_path_shows():
    assert GAME.score(quick([{"terrain": "grass", "squares": 71, "tasks": 3}], unscored_squares=10)).players[0].total == 71
    assert errors_of(quick([{"terrain": "grass", "squares": 71, "tasks": 3}], unscored_squares=11)) == [(
        "players[0].areas",
        "82 squares in all (the areas and the other squares): a standard game shows at most 81 (10 pathway cards "
        "of 3 x 3 squares, each laid over at least 1 square of the right-most column of the card before)",
    )]
    with_lessons = GAME.score(quick([{"terrain": "grass", "squares": 82, "tasks": 3}], "advanced"))
    assert with_lessons.players[0].total == 82
    assert with_lessons.warnings[0].startswith("A's garden has 82 visible squares: 10 cards show at most 81")


def test_quick_return_locations_need_squares_of_their_terrain():
    # a grass "5" needs a grass square: none listed and no other squares
    assert errors_of(quick([{"terrain": "soil", "squares": 4}], return_locations={"animal": 1})) == [(
        "players[0].return_locations.animal",
        "1 grass return location (5), but the garden has no grass square (no grass area, no other squares): "
        "a lost animal is returned to a grass square marked 5",
    )]
    # 2 soil squares hold at most 2 soil "5"s; the other squares could be soil too
    ok = quick([{"terrain": "soil", "squares": 2}], return_locations={"tool": 3}, unscored_squares=1, lost_items={"tool": 3})
    assert GAME.score(ok).players[0].category("lost_items").points == 15
    assert errors_of(quick([{"terrain": "soil", "squares": 2}], return_locations={"tool": 3})) == [(
        "players[0].return_locations.tool",
        "3 soil return locations (5), but the soil areas and other squares hold only 2 squares: a lost tool is "
        "returned to a soil square marked 5",
    )]


# ------------------------------------------------------------ lost items, achievements


def test_five_lost_items_of_a_kind_at_the_table_and_not_six():
    t = table(["g"], lost_items={"pendant": 5})
    assert GAME.score(t).players[0].category("lost_items").points == 0
    t["players"][1]["lost_items"] = {"pendant": 1}
    assert errors_of(t) == [("players[1].lost_items.pendant",
                             "the players have found 6 lost pendants in all: the game has only 5")]
    assert errors_of(table(["g"], lost_items={"pendant": 6})) == [
        ("players[0].lost_items.pendant", "must be a whole number from 0 to 5")]


def test_three_achievements_a_player_and_not_four():
    three = [{"terrain": t, "points": 30} for t in ("grass", "soil", "water")]
    assert GAME.score(table(["g"], achievements=three)).players[0].total == 90
    assert errors_of(table(["g"], achievements=three + [{"terrain": "grass", "points": 1}]))[0][0] == "players[0].achievements"
    assert errors_of(table(["g"], achievements=[{"terrain": "soil", "points": 31}])) == [
        ("players[0].achievements[0].points", "must be a whole number from 0 to 30")]


def test_four_players_and_not_five():
    four = {"players": [{"name": f"P{i}", "garden": ["g"]} for i in range(4)]}
    assert len(GAME.score(four).players) == 4
    five = {"players": [{"name": f"P{i}", "garden": ["g"]} for i in range(5)]}
    assert ("players", "has 5 players: this game takes 1 to 4") in errors_of(five)


@pytest.mark.parametrize("difficulty, figures", [("easy", 3), ("medium", 4), ("hard", 5), ("expert", 7)])
def test_the_sister_claims_one_fewer_achievement_than_her_figures(difficulty, figures):
    def solo(n):
        return {"options": {"mode": "solo", "difficulty": difficulty, "sister_achievements": [1] * n},
                "players": [{"name": "A", "garden": ["g"]}]}
    assert GAME.score(solo(figures - 1)).extra["solo"]["opponent_total"] > 0
    assert errors_of(solo(figures))[0][0] == "options.sister_achievements"


def test_a_tablet_or_a_task_per_square_and_no_more():
    assert GAME.score(quick([{"terrain": "grass", "squares": 3, "tasks": 3, "tablets": 3}])).players[0].total == 24
    assert errors_of(quick([{"terrain": "grass", "squares": 3, "tasks": 3, "tablets": 4}])) == [
        ("players[0].areas[0].tablets", "4 tablets cannot lie on 3 squares: at most one per square")]
