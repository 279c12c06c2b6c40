"""Planted: one board on its own, partial tables (issue 15.4, 15.6) and ties at every rank (15.6)."""

from __future__ import annotations

import pytest

import scoring
from scoring.core import ValidationError
from scoring.planted import score


def seat(name, *plants, **more):
    return {"name": name, "plants": [{"name": p, "growth": g} for p, g in plants], **more}


def errors_of(table):
    with pytest.raises(ValidationError) as caught:
        score(table)
    return [(e.path, e.message) for e in caught.value.errors]


ONE_BOARD = "One board scored on its own (Planted is played by 2 or more): no winner"

# ------------------------------------------------------------------------------------ one board


@pytest.mark.parametrize("beginner, big", [("Snake Plant", "Purple Shamrock"), ("Lucky Bamboo", "Bird of Paradise")])
def test_the_rulebooks_scoring_example_scores_as_the_single_board_it_is(beginner, big):
    # Rulebook "Scoring example": one player's table.  3 + (3 + 4) = 10 on plants, 2 on the jars,
    # 2 Ceramic Planters x 1 shelf plant + 1 Plant Stand x 1 floor plant = 3 -> 15.
    # Before: refused with "has 1 player: Planted takes 2 to 5 players".
    ann = seat("Ann", (beginner, 1), (big, 2), propagation=2, decorations={"ceramic_planter": 2, "plant_stand": 1})
    for table in ({"players": [ann]}, {"players": [ann], "player_count": 1}):
        result = scoring.score("planted", table)
        assert [(p.name, p.total, p.rank) for p in result.players] == [("Ann", 15, 1)]
        assert [c.points for c in result.players[0].categories] == [10, 2, 3]
        assert result.winners == () and result.tiebreak is None
        assert result.warnings == (ONE_BOARD,)
        assert result.players[0].tiebreak is None


def test_one_board_is_still_checked_like_any_board():
    assert errors_of({"players": [seat("Ann", ("Croton", 1))]})[0][0] == "players[0].plants"


def test_one_board_is_not_held_to_a_one_player_tables_item_cards():
    # A lone board comes from a table of 2 to 5 (not known): only the player's own limit applies.
    # 27 Item cards with 6 plants (5 bought: 32 - 5 = 27) is possible; 28 is not.
    plants = [("ZZ Plant", 0), ("Croton", 0), ("Money Tree", 0), ("Air Plant", 0), ("Peace Lily", 0), ("Wax Plant", 0)]
    tools = {"grow_light": 3, "window_planter": 4, "watering_can": 3, "spray_bottle": 4, "potting_mix": 3, "fertilizer": 4}
    ann = seat("Ann", *plants, decorations={"workbench": 3, "display_shelves": 3}, tools=tools)
    # Workbench x3 x 21 Tool cards = 63; Display Shelves x3 x min(2 hanging, 1 shelf, 3 floor) = 1 set x 3 = 9
    assert score({"players": [ann]}).players[0].category("decorations").points == 63 + 9
    ann["decorations"]["indoor_greenhouse"] = 1
    assert errors_of({"players": [ann]}) == [(
        "players[0]",
        "holds 28 Decoration and Tool cards, but a player plays only 32 cards in the game and Ann used 5 of them "
        "to buy plants: at most 27",
    )]


def test_player_count_messages_say_how_to_score_one_board():
    ann, bo = seat("Ann", ("ZZ Plant", 1)), seat("Bo", ("Snake Plant", 1))
    assert errors_of({"players": [ann, bo], "player_count": 1}) == [(
        "player_count",
        "must be a whole number from 2 to 5 (at least the 2 boards sent); to score one board on its own, send just that board",
    )]
    assert errors_of({"players": []})[0][1].endswith("to score one board on its own, send just that board")
    assert errors_of({"players": [ann], "player_count": 0}) == [("player_count", "must be a whole number from 1 to 5")]


# --------------------------------------------------------------------------------- partial table


def test_a_partial_table_scores_every_board_and_names_no_winner():
    # player_count 3, two boards in: Ann ZZ 3 + 3 = 6, Bo Snake 3
    table = {"players": [seat("Ann", ("ZZ Plant", 2)), seat("Bo", ("Snake Plant", 1))], "player_count": 3}
    result = score(table)
    assert [(p.total, p.rank) for p in result.players] == [(6, 1), (3, 2)]
    assert result.winners == ()
    assert result.warnings == ("2 of 3 boards: every board is scored, no winner is named until all are in",)
    full = score({"players": table["players"]})
    assert full.winners == ("Ann",) and full.warnings == ()


# ------------------------------------------------------------------------------ ties at every rank


def test_a_tie_below_first_place_is_broken_by_growth_tokens_and_says_so():
    # Ann: Spider Plant 3 tokens = 9 + Peace Lily 4 = 13, first alone.
    # Bo: ZZ Plant 1 token = 3 + 3 propagation = 6 (1 token on plants); Cy: Snake Plant 2 tokens = 6 (2 tokens).
    # Bo and Cy tie on 6; Cy has more Growth tokens on plant cards -> Cy 2nd, Bo 3rd.
    result = score({"players": [seat("Ann", ("Spider Plant", 3), ("Peace Lily", 1)),
                                seat("Bo", ("ZZ Plant", 1), propagation=3), seat("Cy", ("Snake Plant", 2))]})
    assert [(p.name, p.total, p.rank) for p in result.players] == [("Ann", 13, 1), ("Bo", 6, 3), ("Cy", 6, 2)]
    note = "Tie on 6 points broken by most Growth tokens on plant cards (2 vs 1)"
    assert [p.tiebreak for p in result.players] == [None, note, note]
    assert result.tiebreak is None  # first place was not tied
    assert result.to_dict()["players"][1]["tiebreak"] == note


def test_the_issues_two_players_on_15_below_first_place():
    # Dee: Bird of Paradise 3 + 4 + 7 = 14 + Dragon Tree 5 + ZZ 3 + 3 + 3 = 9 -> 28, first.
    # Ann: the rulebook example, 15 with 3 tokens on plants.  Bo: ZZ... (taken) -> Golden Pothos 3 x 3 = 9 +
    # Croton 2 = 11, propagation 1, Workbench with 3 tools = 3 -> 15 with 4 tokens on plants.
    dee = seat("Dee", ("ZZ Plant", 3), ("Bird of Paradise", 3), ("Dragon Tree", 1))
    ann = seat("Ann", ("Snake Plant", 1), ("Purple Shamrock", 2), propagation=2,
               decorations={"ceramic_planter": 2, "plant_stand": 1})
    bo = seat("Bo", ("Golden Pothos", 3), ("Croton", 1), propagation=1, decorations={"workbench": 1},
              tools={"grow_light": 1, "spray_bottle": 2})
    result = score({"players": [dee, ann, bo]})
    assert [(p.total, p.rank) for p in result.players] == [(28, 1), (15, 3), (15, 2)]
    assert result.player("Ann").tiebreak == result.player("Bo").tiebreak == (
        "Tie on 15 points broken by most Growth tokens on plant cards (4 vs 3)")
    assert result.winners == ("Dee",)


def test_a_tie_below_first_place_that_growth_tokens_do_not_break_is_a_shared_rank():
    # Ann 13 first; Bo ZZ 2 tokens = 6, Cy Snake 2 tokens = 6: 2 tokens each -> both rank 2
    result = score({"players": [seat("Ann", ("Spider Plant", 3), ("Peace Lily", 1)),
                                seat("Bo", ("ZZ Plant", 2)), seat("Cy", ("Snake Plant", 2))]})
    assert [p.rank for p in result.players] == [1, 2, 2]
    note = "Tie on 6 points not broken by most Growth tokens on plant cards (2 each): shared rank 2"
    assert [p.tiebreak for p in result.players] == [None, note, note]


def test_a_partial_table_still_says_how_its_ties_stand():
    result = score({"players": [seat("Bo", ("ZZ Plant", 2)), seat("Cy", ("Snake Plant", 2))], "player_count": 4})
    assert result.winners == () and result.tiebreak is None
    assert result.players[0].tiebreak == "Tie on 6 points not broken by most Growth tokens on plant cards (2 each): shared victory"
