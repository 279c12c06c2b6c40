"""Gretchen's Garden open readings as options (issue 15.5), one board and partial tables (15.4),
ties at every rank (15.6).  Every number is worked by hand in the comment next to it."""

import pytest

from scoring import gretchen
from scoring.gretchen.examples import MONEY_PLANT, cell, gray, player, rulebook_example, table


def calico_table(reading=None):
    """Ann's row, places 0..7 (left 3, left 2, left 1, Money Plant, right 1 .. right 4):
        0 gray (Calico Hearts) | 1 red 6 (empty) | 2 rainbow 4 (Living Stone) | 3 Money Plant |
        4 gray (Calico Hearts) | 5 blue 6 (Coral Cactus) | 6 orange 6 (empty) | 7 purple 6 (Calico Hearts)
    Bo: gray (Calico Hearts) | Money Plant | gray: the Calico Hearts Ann's cuttings were cut from."""
    ann = player("Ann", [gray("Calico Hearts"), cell("red", 6), cell("rainbow", 4, "Living Stone"), dict(MONEY_PLANT),
                         gray("Calico Hearts"), cell("blue", 6, "Coral Cactus"), cell("orange", 6),
                         cell("purple", 6, "Calico Hearts")])
    bo = player("Bo", [gray("Calico Hearts"), dict(MONEY_PLANT), gray()])
    options = {} if reading is None else {"calico_hearts_distance": reading}
    return table(ann, bo, **options)


@pytest.mark.parametrize("reading, line, ann, bo", [
    # places from the Money Plant (READINGS.md), empty pots count: left 3 = 3, right 1 = 1, right 4 = 4 -> 8
    (None, "left 3 = 3; right 1 = 1; right 4 = 4 (places from the Money Plant, next to it = 1): 8", 8, 1),
    ("places", "left 3 = 3; right 1 = 1; right 4 = 4 (places from the Money Plant, next to it = 1): 8", 8, 1),
    # BGA: plants closer on its side + 1: left 3 has the Living Stone closer (1 + 1 = 2); right 1
    # nothing (0 + 1); right 4 the Calico Hearts and the Coral Cactus (2 + 1 = 3) -> 6
    ("plants_closer_plus_1", "left 3 = 2; right 1 = 1; right 4 = 3 (BGA's count: plants closer to the Money "
     "Plant on the same side, plus 1): 6", 6, 1),
    # the tooltip: plants between it and the Money Plant: 1, 0, 2 -> 3; Bo's, next to it, 0
    ("plants_between", "left 3 = 1; right 1 = 0; right 4 = 2 (the tooltip's count: plants between it and the "
     "Money Plant): 3", 3, 0),
])
def test_calico_hearts_under_each_reading(reading, line, ann, bo):
    result = gretchen.GAME.score(calico_table(reading))
    plants = result.player("Ann").category("plants")
    assert plants.details[0] == "Calico Hearts (purple): " + line
    assert plants.points == ann + 3  # and Living Stone 3
    # Ann: plants + pots 7 x 2 = 14; Bo: Calico Hearts + pots 2 x 2 = 4
    assert [p.total for p in result.players] == [ann + 3 + 14, bo + 4]


def test_the_calico_hearts_readings_can_change_the_ranks():
    # Bo adds a green 12 pot holding a String of Pearls with 16 leaves: his Calico Hearts (next to
    # the Money Plant: 1, 1 or 0) + 16 leaves + 3 pots x 2 = 23, 23 or 22; Ann 25, 23 or 20
    def ranks(reading):
        tbl = calico_table(reading)
        tbl["players"][1]["display"].insert(2, cell("green", 12, "String of Pearls", 16))
        return [(p.name, p.total, p.rank) for p in gretchen.GAME.score(tbl).players]
    assert ranks("places") == [("Ann", 25, 1), ("Bo", 23, 2)]
    assert ranks("plants_closer_plus_1") == [("Ann", 23, 1), ("Bo", 23, 1)]
    assert ranks("plants_between") == [("Ann", 20, 2), ("Bo", 22, 1)]


def test_an_unknown_calico_reading_is_refused_naming_the_readings():
    tbl = calico_table("nearest")
    with pytest.raises(gretchen.scoring.ValidationError) as caught:
        gretchen.GAME.score(tbl)
    assert [(e.path, e.message) for e in caught.value.errors] == [
        ("options.calico_hearts_distance", '"nearest" is not allowed: choose one of places, plants_closer_plus_1, '
         "plants_between")]


def aloe(water, **options):
    ann = player("Ann", [gray("Aloe Vera"), dict(MONEY_PLANT), gray()], can=water)
    return gretchen.GAME.score(table(ann, player("Bo"), **options)).player("Ann").category("plants")


@pytest.mark.parametrize("water, uncapped, capped", [(0, 0, 0), (3, 3, 3), (4, 4, 4), (5, 5, 4), (7, 7, 4)])
def test_aloe_vera_with_and_without_the_cap_of_4(water, uncapped, capped):
    assert aloe(water).points == uncapped
    assert aloe(water, aloe_vera_max_4=True).points == capped


def test_the_aloe_vera_line_names_the_reading():
    # the reading in a player's words (no file names or option ids on a player's screen)
    assert aloe(7).details == ("Aloe Vera (special): 7 water in your watering can x 1 = 7 (no cap)",)
    assert aloe(7, aloe_vera_max_4=True).details == (
        "Aloe Vera (special): 7 water in your watering can x 1, at most 4 (this play's option, the online game's "
        "tooltip) = 4",)


# ------------------------------------------------------------------------------- one board


def test_the_rulebook_example_scores_as_a_single_board():
    steve = rulebook_example()["players"][0]
    result = gretchen.GAME.score({"players": [steve]})
    # leaves 36, flowers 14, plants 9 (Mexican Firecracker: 1, the most at a table of one), pots 14
    assert [c.points for c in result.players[0].categories] == [36, 14, 9, 14]
    assert result.players[0].total == 73 and result.players[0].rank == 1
    assert result.winners == ()
    assert result.warnings == (
        "One board scored on its own: Mexican Firecracker, Ribbon Plant and Mermaid Tail compare it with nobody; "
        "send every board of the table to compare them",
        "One board scored on its own (Gretchen's Garden is played by 2 or more): no winner")


def test_player_count_one_is_one_board_too():
    anna = rulebook_example()["players"][1]
    result = gretchen.GAME.score({"players": [anna], "player_count": 1})
    assert result.players[0].total == 48 and result.winners == ()


def test_a_partial_table_names_no_winner():
    tbl = rulebook_example()
    tbl["player_count"] = 3
    result = gretchen.GAME.score(tbl)
    assert [(p.total, p.rank) for p in result.players] == [(73, 1), (48, 2)]
    assert result.winners == ()
    assert result.warnings[1] == "2 of 3 boards: every board is scored, no winner is named until all are in"


# ------------------------------------------------------------------------------------ ties


def test_a_tie_below_first_place_is_shared_and_says_so():
    # Gretchen's Garden has no tie-breaker ("In case of a tie, enjoy your shared victory"): a tie at
    # any rank is shared.  Ann 4 + Living Stone 3 = 7; Bo 4; Cy 4
    ann = player("Ann", [gray("Living Stone"), dict(MONEY_PLANT), gray()])
    result = gretchen.GAME.score(table(ann, player("Bo"), player("Cy")))
    assert [(p.total, p.rank, p.tiebreak) for p in result.players] == [
        (7, 1, None), (4, 2, "Tie on 4 points: shared rank 2"), (4, 2, "Tie on 4 points: shared rank 2")]
    assert result.winners == ("Ann",) and result.tiebreak is None


def test_a_tie_for_first_is_a_shared_victory():
    result = gretchen.GAME.score(table(player("Ann"), player("Bo"), player("Cy", [dict(MONEY_PLANT), gray()])))
    assert [(p.rank, p.tiebreak) for p in result.players] == [
        (1, "Tie on 4 points: shared victory"), (1, "Tie on 4 points: shared victory"), (3, None)]
    assert result.winners == ("Ann", "Bo")
