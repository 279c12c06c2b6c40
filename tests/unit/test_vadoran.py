"""Vadoran Gardens scoring: the rulebook's example, hand-computed gardens, ties, modes, quick entry."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

import scoring
from scoring.core import ValidationError
from scoring.vadoran import GAME, OPTIONS, blank_player, default_options
from scoring.vadoran.rules import CATALOG

# The rulebook's scoring example (page 12-13, Purple), rebuilt square by square.  Reading order of
# the 13 areas (as the rulebook counts 13):
#   grass  r1c1  10 squares, 4 tasks, tablet  -> 10 + 7 = 17
#   soil   r1c5   9 squares, 5 tasks          -> 9
#   water  r1c8  13 squares, 7 tasks, "5"     -> 13
#   water  r3c3   2 squares, 1 task           -> 0   (sister: 2 squares)
#   soil   r4c2   1 square                    -> 0   (sister: 1)
#   grass  r4c4   7 squares, 3 tasks          -> 7
#   sand   r4c5   6 squares (no tasks)        -> 0   (sister: sand is never counted)
#   grass  r4c11, soil r5c7, water r5c8, water r6c11: 1 square each -> 0 (sister: 4 x 1)
#   soil   r5c9   2 squares, 1 task; water r6c1 2 squares             -> 0 (sister: 2 x 2)
# Tasks 17 + 9 + 13 + 7 = 46; lost items: pendant returned to the "5" = 5, tool has no soil "5" = 0;
# water achievement after Green = 7.  Total 58.
PURPLE_GARDEN = [
    "g*  g   g   g*  s   s*  s*  w*  w   w*  w   w*",
    "g7  g*  g   g*  s   s*  s   w   w*  w*  w5  w*",
    "g   g   w*  -   s*  s   s*  w   w*  w   -   -",
    "-   s   w   g   .   .   .   .   .   .   g   -",
    "g*  g*  g   g   g*  g   s   w   s*  s   -   -",
    "w   w   -   -   -   -   -   -   -   -   w   -",
]


def purple(**changes):
    data = {
        "name": "Purple",
        "garden": list(PURPLE_GARDEN),
        "lost_items": {"animal": 0, "tool": 1, "pendant": 1},
        "achievements": [{"terrain": "water", "points": 7}],
    }
    data.update(changes)
    return data


def player(name, garden, lost=None, achievements=None):
    data = {"name": name, "garden": garden}
    if lost is not None:
        data["lost_items"] = lost
    if achievements is not None:
        data["achievements"] = [{"terrain": t, "points": p} for t, p in achievements]
    return data


def table(*players, **options):
    return {"options": options, "players": list(players)}


def points(result, name):
    p = result.player(name)
    return {c.key: c.points for c in p.categories}


# ----------------------------------------------------------------- rulebook example


def test_rulebook_example_purple_scores_46_plus_5_plus_7_is_58():
    result = GAME.score(table(purple(), player("Green", ["g"])))
    assert points(result, "Purple") == {"tasks": 46, "lost_items": 5, "achievements": 7}
    assert result.player("Purple").total == 58


def test_rulebook_example_lists_each_of_its_13_areas_with_its_score():
    details = GAME.score(table(purple(), player("Green", ["g"]))).player("Purple").category("tasks").details
    area_lines = [line for line in details if " area " in line]
    assert len(area_lines) == 13
    assert area_lines[0] == ("Grass area at row 1, column 1 (10 squares, 4 tasks, 1 tablet): "
                             "scores 10 squares + 1 tablet x 7 = 17")
    assert area_lines[1] == "Soil area at row 1, column 5 (9 squares, 5 tasks): scores 9 squares = 9"
    assert area_lines[2] == "Water area at row 1, column 8 (13 squares, 7 tasks): scores 13 squares = 13"
    assert area_lines[5] == "Grass area at row 4, column 4 (7 squares, 3 tasks): scores 7 squares = 7"
    assert area_lines[6] == "Sand area at row 4, column 5 (6 squares): sand never scores"
    assert area_lines[3] == ("Water area at row 3, column 3 (2 squares, 1 task): "
                             "does not score: 1 task, an area needs 3 or more")
    assert details[-1] == "Areas: 17 + 9 + 13 + 7 = 46"


def test_rulebook_example_explains_the_returned_pendant_and_the_tool_without_a_location():
    lines = GAME.score(table(purple(), player("Green", ["g"]))).player("Purple").category("lost_items").details
    assert lines == (
        "Lost tool: 1 found, 0 visible soil return locations (5): 0 returned x 5 = 0; "
        "1 without a location goes back to the box",
        "Lost pendant: 1 found, 1 visible water return location (5): 1 returned x 5 = 5",
    )


def test_rulebook_solo_example_sister_on_medium_scores_22_plus_2_plus_29_is_53():
    # failed squares: 2 + 1 + 1 + 1 + 1 + 1 + 2 + 2 = 11 outside Purple's scoring areas, x 2 = 22;
    # 1 tool found but not returned x 2 = 2; her achievements 12 + 9 + 8 = 29.  53 < 58.
    result = GAME.score(table(purple(), mode="solo", difficulty="medium", sister_achievements=[12, 9, 8]))
    solo = result.to_dict()["solo"]
    assert solo["opponent_total"] == 53
    assert solo["player_wins"] is True
    assert solo["details"][:2] == [
        "Difficulty medium: X = 2",
        "Failed tasks: 11 grass, soil or water squares outside your scoring areas x 2 = 22",
    ]
    assert "Lost items: 1 found but not returned (1 tool) x 2 = 2" in solo["details"]
    assert "Achievements: 12 + 9 + 8 = 29" in solo["details"]
    assert "Sister total: 22 + 2 + 29 = 53" in solo["details"]
    assert solo["details"][-1] == "You win: 58 vs 53"
    assert result.winners == ("Purple",)
    assert result.players[0].rank == 1


def test_rulebook_solo_example_lists_each_failed_area_for_the_sister():
    solo = GAME.score(table(purple(), mode="solo", sister_achievements=[12, 9, 8])).extra["solo"]
    area_lines = [line for line in solo["details"] if line.startswith("  ")]
    # 8 failed areas: 2, 1, 1, 1, 1, 2, 2, 1 squares (sand is not counted)
    assert [line.rsplit("= ", 1)[1] for line in area_lines] == ["4", "2", "2", "2", "2", "4", "4", "2"]
    assert area_lines[0] == "  Water area at row 3, column 3: 2 x 2 = 4"


def test_rulebook_example_scores_the_same_through_the_registry():
    result = scoring.score("vadoran-gardens", table(purple(), player("Green", ["g"])))
    assert result.player("Purple").total == 58
    assert result.winners == ("Purple",)


def test_api_doc_example_output_is_what_the_engine_produces():
    text = (Path(__file__).parents[2] / "docs/api/vadoran-gardens.md").read_text(encoding="utf-8")
    blocks = [b.split("\n", 1)[1] for b in text.split("```json")[1:]]
    blocks = [b.split("```", 1)[0] for b in blocks]
    example_in, example_out = json.loads(blocks[-2]), json.loads(blocks[-1])
    assert scoring.score("vadoran-gardens", example_in).to_dict() == example_out
    assert example_out["players"][0]["total"] == 58


def test_structured_and_compact_gardens_score_the_same():
    from scoring.vadoran import parse_compact

    structured = purple(garden=parse_compact(PURPLE_GARDEN))
    assert GAME.score(table(structured, player("G", ["g"]))).to_dict() == \
        GAME.score(table(purple(), player("G", ["g"]))).to_dict()


# ------------------------------------------------------------------------- areas


@pytest.mark.parametrize(
    "garden, expected, why",
    [
        (["g* g* g*"], 3, "3 tasks in a row: 3 squares"),
        (["g* g*"], 0, "2 tasks is the smallest miss"),
        (["g* s g*", "s g* s"], 0, "three grass tasks touching only diagonally are three areas of 1 task"),
        (["g* g* . g* g*"], 0, "sand splits 4 tasks into two areas of 2"),
        (["g* g* g g* g*"], 5, "the same row joined by grass: 5 squares, 4 tasks"),
        (["g* g* - g*"], 0, "no card splits the area too"),
        (["g*", "g* g*"], 3, "rows of different length still connect downwards: 3 squares"),
        (["s* s* s*", "w* w* w*"], 6, "soil 3 + water 3: different terrains are different areas"),
        (["g*7 g* g*"], 10, "a tablet: 3 squares + 7"),
        (["g*7 g*7 g*"], 17, "two tablets: 3 squares + 2 x 7"),
        (["g*7 g*"], 0, "a tablet on an area with 2 tasks scores nothing"),
        (["g* g* g*", ". .7 ."], 3, "a tablet on sand never scores"),
        (["w5 w5 w5"], 0, "return locations are not tasks"),
    ],
)
def test_area_scores_hand_computed(garden, expected, why):
    assert points(GAME.score(table(player("A", garden))), "A")["tasks"] == expected, why


def test_areas_touching_only_diagonally_are_listed_separately():
    lines = GAME.score(table(player("A", ["g* s g*", "s g* s"]))).player("A").category("tasks").details
    grass = [line for line in lines if line.startswith("Grass")]
    assert len(grass) == 3
    assert lines[-1] == "No grass, soil or water area has 3 or more tasks: 0"


def zigzag(cards=10, token="g*"):
    """The widest path of ``cards`` cards: each card 2 columns right of the one before, alternately
    2 rows down and up, so it covers exactly 1 square (the corner) of the card before."""
    squares = {(r + 2 * (k % 2), c + 2 * k) for k in range(cards) for r in range(3) for c in range(3)}
    rows, columns = max(r for r, _ in squares) + 1, max(c for _, c in squares) + 1
    return [" ".join(token if (r, c) in squares else "-" for c in range(columns)) for r in range(rows)]


def test_largest_standard_garden_scores_every_square_of_one_area():
    # 10 cards of 9 squares, each laid over 1 square of the card before: 9 + 9 x 8 = 81 squares,
    # all grass with a task, a tablet in the corner: 81 + 7 = 88.  (vadoran-1 scored a 40 x 40
    # garden of 1,600 squares; no path of 10 cards shows one: see test_vadoran_limits.py.)
    rows = zigzag()
    rows[0] = "g*7" + rows[0][2:]
    assert sum(t != "-" for r in rows for t in r.split()) == 81
    assert points(GAME.score(table(player("A", rows))), "A")["tasks"] == 88


def test_named_task_symbols_count_like_plain_tasks():
    assert points(GAME.score(table(player("A", ["w*A w*A w*(crab)"]))), "A")["tasks"] == 3


# -------------------------------------------------------------------- lost items


@pytest.mark.parametrize(
    "garden, lost, expected, why",
    [
        (["g5 g5 .", "s5 w5 ."], {"animal": 2, "tool": 1, "pendant": 1}, 20, "4 items, 4 locations: 4 x 5"),
        (["g5 g5 . g5"], {"animal": 3}, 15, "3 animals, 3 grass locations"),
        (["g5 g5 ."], {"animal": 3}, 10, "3 animals but only 2 grass locations: min = 2, x 5"),
        (["g5 . ."], {"animal": 0}, 0, "a location without a found item scores nothing"),
        (["w5 w5 ."], {"tool": 2}, 0, "tools go to soil: water locations do not take them"),
        (["s5 s5 s5 s5 s5"], {"tool": 5}, 25, "all 5 tools of the game returned"),
    ],
)
def test_lost_items_score_five_per_item_returned_to_a_matching_location(garden, lost, expected, why):
    assert points(GAME.score(table(player("A", garden, lost))), "A")["lost_items"] == expected, why


def test_returned_lost_item_scores_even_outside_a_scoring_area():
    result = GAME.score(table(player("A", ["g5"], {"animal": 1})))
    assert points(result, "A") == {"tasks": 0, "lost_items": 5, "achievements": 0}


def test_no_lost_items_found_gets_a_line_saying_so():
    assert GAME.score(table(player("A", ["g5"]))).player("A").category("lost_items").details == \
        ("No lost items found: 0",)


def test_lost_items_with_no_location_at_all_explain_the_zero():
    lines = GAME.score(table(player("A", ["g"], {"pendant": 2}))).player("A").category("lost_items").details
    assert lines[0] == ("Lost pendant: 2 found, 0 visible water return locations (5): 0 returned x 5 = 0; "
                        "2 without a location go back to the box")
    assert lines[-1] == "No lost item could be returned: 0"


# ------------------------------------------------------------------- achievements


def test_achievements_score_the_numbers_entered():
    result = GAME.score(table(player("A", ["g"], achievements=[("grass", 9), ("soil", 0), ("water", 12)])))
    assert points(result, "A")["achievements"] == 21  # 9 + 0 + 12
    assert result.player("A").category("achievements").details[-1] == "9 + 0 + 12 = 21"


def test_no_achievements_gets_a_line_saying_so():
    assert GAME.score(table(player("A", ["g"]))).player("A").category("achievements").details == \
        ("No achievements claimed: 0",)


def test_achievement_terrain_is_matched_case_insensitively():
    result = GAME.score(table(player("A", ["g"], achievements=[(" Water ", 4)])))
    assert result.player("A").category("achievements").details == ("Water achievement: 4 (the number under the figure)",)


# ---------------------------------------------------------------------------- ties


def test_tie_is_broken_by_most_achievements():
    a = player("A", ["g* g* g*"], achievements=[("grass", 7)])  # 3 + 7 = 10, 1 achievement
    b = player("B", ["g* g* g* g g g g"], achievements=[("soil", 1), ("water", 2)])  # 7 + 3 = 10, 2
    result = GAME.score(table(a, b))
    assert [p.total for p in result.players] == [10, 10]
    assert result.winners == ("B",)
    assert [p.rank for p in result.players] == [2, 1]
    assert result.tiebreak == "Tie on 10 points broken by most achievements (2 vs 1)"


def test_tie_on_achievements_is_broken_by_most_returned_lost_items():
    a = player("A", ["g* g* g* w5"], {"pendant": 1}, [("grass", 2)])  # 3 + 5 + 2 = 10, 1 returned
    b = player("B", ["g* g* g* g g g g g"], {"tool": 1}, [("soil", 2)])  # 8 + 0 + 2 = 10, tool not returned
    result = GAME.score(table(a, b))
    assert result.winners == ("A",)
    assert result.tiebreak == ("Tie on 10 points broken by most achievements (1 each), "
                               "then most returned lost items (1 vs 0)")


def test_tie_after_every_tie_breaker_is_a_shared_victory():
    a = player("A", ["g* g* g* w5"], {"pendant": 1}, [("grass", 2)])  # 3 + 5 + 2 = 10, 1 achievement, 1 returned
    b = player("B", ["s* s* s*", "g5"], {"animal": 1}, [("water", 2)])  # 3 + 5 + 2 = 10, 1 achievement, 1 returned
    c = player("C", ["g"])  # 0
    result = GAME.score(table(a, b, c))
    assert [p.total for p in result.players] == [10, 10, 0]
    assert [p.rank for p in result.players] == [1, 1, 3]
    assert result.winners == ("A", "B")
    assert result.tiebreak == ("Tie on 10 points not broken by most achievements (1 each), "
                               "then most returned lost items (1 each): shared victory")


def test_tie_below_first_place_is_ranked_by_the_same_tie_breakers():
    a = player("A", ["g* g* g* g g g g g g g"])  # 10
    b = player("B", ["g* g* g*"], achievements=[("grass", 2)])  # 5, 1 achievement
    c = player("C", ["g* g* g* g g"])  # 5, no achievement
    result = GAME.score(table(a, b, c))
    assert [p.rank for p in result.players] == [1, 2, 3]
    assert result.tiebreak is None


# ---------------------------------------------------------------------------- modes


def test_advanced_mode_scores_like_standard():
    standard = GAME.score(table(purple(), player("G", ["g"]), mode="standard")).to_dict()
    advanced = GAME.score(table(purple(), player("G", ["g"]), mode="advanced")).to_dict()
    assert advanced == standard


@pytest.mark.parametrize("difficulty, expected", [("easy", 11), ("medium", 18), ("hard", 25), ("expert", 39)])
def test_sister_scores_x_per_failed_square_and_unreturned_item_by_difficulty(difficulty, expected):
    # grass 3 scores; failed: soil 3 squares + water 2 squares = 5; sand (2) never counts;
    # 2 tools found, no soil "5": 2 unreturned.  Sister = 5X + 2X + 4 = 7X + 4.
    garden = ["g* g* g* . s s", "w w - . s* -"]
    t = table(player("Solo", garden, {"tool": 2}), mode="solo", difficulty=difficulty, sister_achievements=[4])
    assert GAME.score(t).extra["solo"]["opponent_total"] == expected


def test_sister_wins_when_she_scores_more():
    t = table(player("Solo", ["g* g* g*", "w w w"]), mode="solo", difficulty="expert", sister_achievements=[])
    result = GAME.score(t)  # player 3; sister 3 water squares x 5 = 15
    solo = result.extra["solo"]
    assert (solo["opponent_total"], solo["player_wins"]) == (15, False)
    assert solo["details"][-1] == "Your sister wins: 3 vs 15"
    assert "Achievements: none claimed: 0" in solo["details"]
    assert result.winners == ()
    assert result.players[0].rank == 2


def test_solo_tie_goes_to_the_sister_with_more_achievements():
    # player: 4 + 6 = 10 with 1 achievement; sister: 5 + 5 = 10 with 2
    t = table(player("Solo", ["g* g* g* g"], achievements=[("grass", 6)]), mode="solo", sister_achievements=[5, 5])
    solo = GAME.score(t).extra["solo"]
    assert solo["player_wins"] is False
    assert solo["details"][-1] == "Your sister wins: Tie on 10 points broken by most achievements (2 vs 1)"


def test_solo_tie_goes_to_the_player_with_more_achievements():
    t = table(player("Solo", ["g* g* g* g"], achievements=[("grass", 3), ("soil", 3)]),
              mode="solo", sister_achievements=[10])
    result = GAME.score(t)
    assert result.extra["solo"]["player_wins"] is True
    assert result.tiebreak == "Tie on 10 points broken by most achievements (2 vs 1)"


def test_solo_tie_on_achievements_goes_to_the_player_who_returned_a_lost_item():
    # easy: player 3 + 5 + 2 = 10; sister 1 failed water square x 1 + 9 = 10; she returns no items
    t = table(player("Solo", ["g* g* g* w5"], {"pendant": 1}, [("grass", 2)]),
              mode="solo", difficulty="easy", sister_achievements=[9])
    solo = GAME.score(t).extra["solo"]
    assert (solo["opponent_total"], solo["player_wins"]) == (10, True)
    assert solo["details"][-1] == ("You win: Tie on 10 points broken by most achievements (1 each), "
                                   "then most returned lost items (1 vs 0)")


def test_solo_tie_after_every_tie_breaker_is_shared():
    t = table(player("Solo", ["g* g* g* g"], achievements=[("grass", 6)]), mode="solo", sister_achievements=[10])
    result = GAME.score(t)
    assert result.extra["solo"]["player_wins"] is True
    assert result.extra["solo"]["details"][-1].startswith("Shared victory: Tie on 10 points not broken by")
    assert result.winners == ("Solo",)


def test_one_player_without_solo_mode_gets_a_warning_and_no_sister():
    result = GAME.score(table(player("A", ["g"])))
    assert "solo" not in result.extra
    assert result.warnings == ("One player without solo mode: choose mode solo to score your sister",)


def test_sister_achievements_outside_solo_are_ignored_with_a_warning():
    result = GAME.score(table(player("A", ["g"]), player("B", ["g"]), sister_achievements=[5]))
    assert result.warnings == ("Sister achievements are only scored in solo mode",)


def test_player_count_larger_than_the_seats_scored_gives_a_running_total_and_no_winner():
    # A partial table (issue 15.6): every board is scored, no winner is named until all are in.
    result = GAME.score({**table(player("A", ["g* g* g*"])), "player_count": 3})
    assert result.player("A").total == 3
    assert result.warnings == ("1 of 3 boards: every board is scored, no winner is named until all are in",)
    assert result.winners == ()


# ---------------------------------------------------------------------- quick entry


def test_quick_entry_scores_areas_entered_directly():
    p = {"name": "Q", "areas": [
        {"terrain": "grass", "squares": 10, "tasks": 4, "tablets": 1},  # 17
        {"terrain": "Soil", "squares": "9", "tasks": 5},  # 9 (tablets default 0)
        {"terrain": "water", "squares": 4, "tasks": 2, "tablets": 1},  # 0: 2 tasks
        {"terrain": "sand", "squares": 3},  # 0
    ], "return_locations": {"pendant": 1}, "lost_items": {"pendant": 2, "tool": 1}}
    result = GAME.score(table(p))
    assert points(result, "Q") == {"tasks": 26, "lost_items": 5, "achievements": 0}
    lines = result.player("Q").category("tasks").details
    assert lines[0] == ("Grass area #1, quick entry (10 squares, 4 tasks, 1 tablet): "
                        "scores 10 squares + 1 tablet x 7 = 17")
    assert lines[3] == "Sand area #4, quick entry (3 squares): sand never scores"


def test_quick_entry_matches_the_painted_rulebook_garden():
    quick = purple(garden=None, areas=[
        {"terrain": "grass", "squares": 10, "tasks": 4, "tablets": 1},
        {"terrain": "soil", "squares": 9, "tasks": 5},
        {"terrain": "water", "squares": 13, "tasks": 7},
        {"terrain": "grass", "squares": 7, "tasks": 3},
    ], unscored_squares=11, return_locations={"pendant": 1})
    del quick["garden"]
    result = GAME.score(table(quick, mode="solo", sister_achievements=[12, 9, 8]))
    assert result.players[0].total == 58
    assert result.extra["solo"]["opponent_total"] == 53
    assert "  11 other squares (quick entry): 11 x 2 = 22" in result.extra["solo"]["details"]


def test_quick_entry_non_scoring_areas_count_for_the_sister():
    p = {"name": "Q", "areas": [{"terrain": "water", "squares": 4, "tasks": 2}], "unscored_squares": 3}
    solo = GAME.score(table(p, mode="solo", difficulty="hard")).extra["solo"]
    assert solo["opponent_total"] == 21  # (4 + 3) x 3


def test_quick_entry_with_only_unscored_squares_is_allowed():
    p = {"name": "Q", "areas": [], "unscored_squares": 5}
    result = GAME.score(table(p))
    assert result.player("Q").category("tasks").details == (
        "5 other grass, soil or water squares (quick entry, in no listed area): do not score",
        "No grass, soil or water area has 3 or more tasks: 0",
    )


# ------------------------------------------------------------------ game and catalog


def test_game_describes_itself_for_the_api():
    described = GAME.describe()
    assert described["players"] == {"min": 1, "max": 4}
    assert [o["name"] for o in described["options"]] == ["mode", "difficulty", "sister_achievements"]
    assert described["options"][0]["choices"] == ["standard", "advanced", "solo"]
    assert described["options"][1]["choices"] == ["easy", "medium", "hard", "expert"]
    assert default_options() == {o.name: o.default for o in OPTIONS}
    assert scoring.get("vadoran-gardens") is GAME


def test_blank_player_has_an_empty_garden_and_no_findings():
    seat = blank_player()
    assert seat == {"garden": [], "lost_items": {"animal": 0, "tool": 0, "pendant": 0}, "achievements": []}
    assert "name" not in seat
    with pytest.raises(ValidationError) as err:  # an unfilled seat does not score
        GAME.score(table({"name": "A", **seat}))
    assert [e.path for e in err.value.errors] == ["players[0].garden"]


def test_catalog_counts_match_the_rulebook_component_list():
    # Contents: 80 pathway cards, 23 lesson cards, 4 sets of 4 figures, 4 extra black figures,
    # 3 sets of 5 lost items, 3 sets of 6 achievement cards (1 of each type in play).
    assert CATALOG["pathway_cards"] == 80
    assert CATALOG["lesson_cards"] == 23
    assert CATALOG["figure_colours"] * CATALOG["figures_per_colour"] == 16
    assert CATALOG["black_figures"] == 4
    assert CATALOG["lost_items"] == {"animal": 5, "tool": 5, "pendant": 5}
    assert CATALOG["lost_item_terrain"] == {"animal": "grass", "tool": "soil", "pendant": "water"}
    assert CATALOG["achievement_decks"] == {"grass": 6, "soil": 6, "water": 6}
    assert CATALOG["achievements_in_play"] == 3
    assert CATALOG["cards_in_path"] == {"standard": 10, "overtime": 11}
    # Solo: easy 3 figures X = 1, medium 4 X = 2, hard 5 X = 3, expert 7 X = 5
    assert {k: (v["figures"], v["x"]) for k, v in CATALOG["difficulties"].items()} == {
        "easy": (3, 1), "medium": (4, 2), "hard": (5, 3), "expert": (7, 5)}


def test_scoring_does_not_change_the_input_table():
    t = table(purple(), player("G", ["g"]))
    before = copy.deepcopy(t)
    GAME.score(t)
    assert t == before
