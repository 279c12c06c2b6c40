"""Planted: the component limits across the whole table (issue 15.2), each at its smallest refusal
and its largest acceptance, and the smaller items of issue 15."""

from __future__ import annotations

import pytest

from scoring.core import ValidationError
from scoring.planted import BEGINNERS, score


def seat(name, *plants, **more):
    return {"name": name, "plants": [{"name": p, "growth": g} for p, g in plants], **more}


def errors_of(table):
    with pytest.raises(ValidationError) as caught:
        score(table)
    return [(e.path, e.message) for e in caught.value.errors]


def bo(**more):
    return seat("Bo", ("Snake Plant", 1), **more)


# ------------------------------------------------------------------------------------ the box


def test_five_player_boards_five_players_at_most():
    # "5 player boards"
    five = [seat(f"P{i}", (b.name, 0)) for i, b in enumerate(BEGINNERS[:5])]
    assert len(score({"players": five}).players) == 5
    six = [seat(f"P{i}", (b.name, 0)) for i, b in enumerate(BEGINNERS)]
    assert errors_of({"players": six})[0][0] == "players"
    assert len(score({"players": five[:2], "player_count": 5}).players) == 2
    assert errors_of({"players": five[:2], "player_count": 6})[0][0] == "player_count"


def test_six_plants_at_most_and_six_entries_at_most():
    # "A player may have a maximum of 6 Plant cards."  The list holds at most 6 entries, empty slots
    # included (the entry screen sends six): 6 entries score, a 7th (even an empty one) is refused.
    six = [{"name": "ZZ Plant", "growth": 0}] + [{"name": "", "growth": 0}] * 5
    assert score({"players": [{"name": "Ann", "plants": six}, bo()]}).players
    seven = six + [{"name": "", "growth": 0}]
    assert errors_of({"players": [{"name": "Ann", "plants": seven}, bo()]}) == [(
        "players[0].plants",
        "has 7 entries (1 plant and 6 empty slots): a player holds at most 6 plants, so the list has at most 6 entries",
    )]


def test_every_plant_card_exists_once_even_with_a_growth_that_does_not_read():
    # Before, a plant whose growth was invalid skipped the duplicate check.
    found = errors_of({"players": [seat("Ann", ("ZZ Plant", 1), ("Croton", 9)), seat("Bo", ("Snake Plant", 0), ("Croton", 1))]})
    assert found == [
        ("players[0].plants[1].growth", '9 Growth tokens are too many: "Croton" has 3 growth spaces, so it holds 0 to 3 Growth tokens'),
        ("players[1].plants[1].name", '"Croton" is already plant 2 of Ann: every plant card exists once'),
    ]
    found = errors_of({"players": [seat("Ann", ("ZZ Plant", 1), ("Croton", "x"), ("Croton", 1)), bo()]})
    assert [p for p, _ in found] == ["players[0].plants[1].growth", "players[0].plants[2].name"]


def test_a_beginner_plant_with_a_bad_growth_is_still_the_beginner_plant():
    # Before, "has no Beginner plant" came as a false second error.
    assert errors_of({"players": [seat("Ann", ("ZZ Plant", 4), ("Croton", 1)), bo()]}) == [
        ("players[0].plants[0].growth", '4 Growth tokens are too many: "ZZ Plant" has 3 growth spaces, so it holds 0 to 3 Growth tokens'),
    ]
    found = errors_of({"players": [seat("Ann", ("ZZ Plant", -1), ("Spider Plant", 1)), bo()]})
    assert [p for p, _ in found] == ["players[0].plants[0].growth", "players[0].plants"]
    assert found[1][1].startswith("has 2 Beginner plants (ZZ Plant, Spider Plant)")


def test_growth_tokens_over_the_boxs_65_are_a_warning():
    # "65 Growth tokens": Ann 3 on plants + 59 on the jars, Bo 3 -> 65, no warning; 66 warns (the
    # rulebook has no rule for an empty supply; see docs/rules/planted.md, Limits).
    assert score({"players": [seat("Ann", ("ZZ Plant", 3), propagation=59), seat("Bo", ("Snake Plant", 3))]}).warnings == ()
    result = score({"players": [seat("Ann", ("ZZ Plant", 3), propagation=60), seat("Bo", ("Snake Plant", 3))]})
    assert result.warnings == ("The box holds 65 Growth tokens but this table shows 66: check the counts",)


# ------------------------------------------------------------------------------- smaller items


@pytest.mark.parametrize("digits", ["３", "٣", "²", "३"])
def test_digits_other_than_ascii_are_not_read_as_numbers_anywhere(digits):
    assert errors_of({"players": [seat("Ann", ("ZZ Plant", digits)), bo()]}) == [
        ("players[0].plants[0].growth", 'must be a whole number: "ZZ Plant" has 3 growth spaces, so it holds 0 to 3 Growth tokens'),
    ]
    assert errors_of({"players": [seat("Ann", ("ZZ Plant", 1), propagation=digits), bo()]}) == [
        ("players[0].propagation", "must be a whole number from 0 to 99"),
    ]
    assert errors_of({"players": [seat("Ann", ("ZZ Plant", 1), decorations={"workbench": digits}), bo()]}) == [
        ("players[0].decorations.workbench", "must be a whole number from 0 to 3: the deck has 3 Workbench cards"),
    ]
    assert errors_of({"players": [seat("Ann", ("ZZ Plant", 1)), bo()], "player_count": digits})[0][0] == "player_count"


def test_ascii_digits_in_text_are_read():
    result = score({"players": [seat("Ann", ("ZZ Plant", " 3 "), propagation="2", decorations={"workbench": "1"}), bo()],
                    "player_count": "3"})
    assert result.players[0].total == 9 + 2 + 0


def test_a_number_too_long_to_print_is_refused_without_a_crash():
    # Python will not write out an int of more than 4,300 digits
    found = errors_of({"players": [seat("Ann", ("ZZ Plant", 10**5000)), bo()]})
    assert found == [("players[0].plants[0].growth",
                      'Over 10^100 Growth tokens are too many: "ZZ Plant" has 3 growth spaces, so it holds 0 to 3 Growth tokens')]
    assert errors_of({"players": [seat("Ann", ("ZZ Plant", 1), propagation=10**5000), bo()]})[0][0] == "players[0].propagation"


def test_counts_of_one_read_in_the_singular():
    six = ["ZZ Plant", "Croton", "Money Tree", "Air Plant", "Peace Lily", "Wax Plant"]
    found = errors_of({"players": [{"name": "Ann", "plants": [{"name": n} for n in six] + [{}]}, bo()]})
    assert found == [("players[0].plants", "has 7 entries (6 plants and 1 empty slot): a player holds at most 6 plants, "
                                           "so the list has at most 6 entries")]
    assert errors_of({"players": [seat("Ann", ("ZZ Plant", 1), ("Peace Lily", 2)), bo()]})[0][1].startswith(
        '2 Growth tokens are too many: "Peace Lily" has 1 growth space,')
