"""The learned Verdant Arizona deck: learn, autofill, contradictions, resolve."""

from __future__ import annotations

import copy
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.arizona import GAME, blank_player
from scoring.arizona.deck import autofill, learn, learn_table, resolve, same_card

COLORS = ["white", "pink", "yellow", "green"]


def display(offset=0):
    """1..16 (plus offset); colour by column; geckos on multiples of 5."""
    return [
        [{"number": offset + 4 * r + c + 1, "color": COLORS[c], "gecko": (offset + 4 * r + c + 1) % 5 == 0} for c in range(4)]
        for r in range(4)
    ]


def test_learning_a_display_remembers_all_sixteen_cards():
    known, conflicts = learn({}, display())
    assert conflicts == []
    assert sorted(known) == list(range(1, 17))
    assert known[5] == {"color": "white", "gecko": True}  # row 2, column 1; 5 shows a gecko
    assert known[7] == {"color": "yellow", "gecko": False}


def test_learning_does_not_change_the_known_dict_passed_in():
    before = {17: {"color": "yellow", "gecko": True}}
    snapshot = copy.deepcopy(before)
    known, _ = learn(before, display())
    assert before == snapshot
    assert 17 in known and 1 in known


def test_autofill_returns_the_colour_and_gecko_of_a_known_card():
    known, _ = learn({}, [[{"number": 17, "color": "yellow", "gecko": True}]])
    assert autofill(known, 17) == {"color": "yellow", "gecko": True}
    assert autofill(known, "17") == {"color": "yellow", "gecko": True}


def test_autofill_of_an_unknown_or_unusable_number_is_none():
    known, _ = learn({}, display())
    assert autofill(known, 17) is None
    assert autofill(known, None) is None
    assert autofill(known, "seventeen") is None
    assert autofill(known, True) is None
    assert autofill({}, 1) is None


def test_autofill_gives_a_copy_that_cannot_change_the_deck():
    known = {17: {"color": "yellow", "gecko": True}}
    filled = autofill(known, 17)
    filled["color"] = "pink"
    assert known[17]["color"] == "yellow"


def test_entering_a_known_card_with_another_colour_is_a_conflict():
    known, _ = learn({}, [[{"number": 17, "color": "yellow", "gecko": True}]])
    grid = [[{"number": 3, "color": "white", "gecko": False}, {"number": 17, "color": "pink", "gecko": True}]]
    updated, conflicts = learn(known, grid)
    assert conflicts == [
        {
            "number": 17,
            "known": {"color": "yellow", "gecko": True},
            "entered": {"color": "pink", "gecko": True},
            "path": "grid[0][1]",
        }
    ]
    # the conflict is left for the player: 17 stays yellow, the other card is still learned
    assert updated[17] == {"color": "yellow", "gecko": True}
    assert updated[3] == {"color": "white", "gecko": False}


def test_entering_a_known_card_without_its_gecko_is_a_conflict():
    known = {17: {"color": "yellow", "gecko": True}}
    _, conflicts = learn(known, [[{"number": 17, "color": "yellow", "gecko": False}]])
    assert [(c["number"], c["entered"]) for c in conflicts] == [(17, {"color": "yellow", "gecko": False})]


def test_colours_that_differ_only_in_case_and_spaces_are_no_conflict_and_keep_the_first_spelling():
    known = {17: {"color": "Yellow", "gecko": True}}
    updated, conflicts = learn(known, [[{"number": 17, "color": "  yellow ", "gecko": True}]])
    assert conflicts == []
    assert updated[17]["color"] == "Yellow"
    assert same_card({"color": "Light  Pink", "gecko": False}, {"color": "light pink", "gecko": False})


def test_one_number_entered_twice_with_different_colours_in_one_display_is_a_conflict():
    grid = [[{"number": 9, "color": "green", "gecko": False}], [{"number": 9, "color": "pink", "gecko": False}]]
    updated, conflicts = learn({}, grid)
    assert updated[9]["color"] == "green"
    assert [(c["path"], c["known"]["color"], c["entered"]["color"]) for c in conflicts] == [("grid[1][0]", "green", "pink")]


def test_empty_cells_teach_nothing():
    known, conflicts = learn({}, blank_player()["grid"])
    assert known == {} and conflicts == []
    half = [[{"number": 4, "color": "", "gecko": True}, {"number": None, "color": "pink", "gecko": False}]]
    assert learn({}, half) == ({}, [])


def test_garbage_teaches_nothing_and_never_raises():
    assert learn({}, "not a grid") == ({}, [])
    assert learn({}, [None, ["x", {"number": "x", "color": 4}]]) == ({}, [])
    assert learn("not a dict", display())[0][1] == {"color": "white", "gecko": False}


def test_a_deck_read_back_from_json_with_string_keys_still_works():
    known, _ = learn({}, display())
    stored = json.loads(json.dumps(known))  # keys become "1", "2", ...
    assert autofill(stored, 5) == {"color": "white", "gecko": True}
    _, conflicts = learn(stored, [[{"number": 5, "color": "pink", "gecko": True}]])
    assert conflicts[0]["known"] == {"color": "white", "gecko": True}


def test_learning_a_table_names_each_conflict_by_player_and_cell():
    table = {
        "players": [
            {"name": "Ana", "grid": display()},  # card 2 sits in column 2: pink
            {"name": "Ben", "grid": [[{"number": 30, "color": "white"}, {"number": 2, "color": "green"}]]},
        ]
    }
    known, conflicts = learn_table({}, table)
    assert len(known) == 17  # Ana's 16 and Ben's 30
    assert known[30] == {"color": "white", "gecko": False}  # a missing gecko means none
    assert conflicts == [
        {
            "number": 2,
            "known": {"color": "pink", "gecko": False},
            "entered": {"color": "green", "gecko": False},
            "path": "players[1].grid[0][1]",
        }
    ]


def test_resolving_a_conflict_records_the_players_answer():
    known = {17: {"color": "yellow", "gecko": True}}
    fixed = resolve(known, 17, {"color": " Pink ", "gecko": False})
    assert fixed[17] == {"color": "Pink", "gecko": False}
    assert known[17] == {"color": "yellow", "gecko": True}
    assert resolve(known, 17, {"color": "", "gecko": True}) == known  # nothing usable: unchanged


def test_the_second_game_with_the_same_deck_needs_only_the_numbers():
    first = {
        "options": {"advanced": False, "solo": None},
        "players": [{"name": "Ana", "wrens": 1, "grid": display()}, {"name": "Ben", "wrens": 0, "grid": display(20)}],
    }
    known, conflicts = learn_table({}, first)
    assert conflicts == []
    # Second game: the same cards dealt to other seats, entered by number alone.
    numbers = [[[card["number"] for card in row] for row in player["grid"]] for player in first["players"]]
    second_grids = [[[{"number": n, **autofill(known, n)} for n in row] for row in grid] for grid in reversed(numbers)]
    second = {
        "options": {"advanced": False, "solo": None},
        "players": [{"name": "Ana", "wrens": 0, "grid": second_grids[0]}, {"name": "Ben", "wrens": 1, "grid": second_grids[1]}],
    }
    assert second_grids[1] == first["players"][0]["grid"]
    first_totals = [p.total for p in GAME.score(first).players]
    assert [p.total for p in GAME.score(second).players] == list(reversed(first_totals))


card = st.fixed_dictionaries(
    {"number": st.integers(min_value=1, max_value=40), "color": st.sampled_from(COLORS + ["Pink", " white"]), "gecko": st.booleans()}
)
grids = st.lists(st.lists(card, min_size=4, max_size=4), min_size=4, max_size=4)


@settings(max_examples=200, deadline=None)
@given(grids, grids)
def test_learning_keeps_the_first_value_and_flags_every_disagreement(first, second):
    known, _ = learn({}, first)
    updated, conflicts = learn(known, second)
    # every known card keeps its value; every number is known after learning
    assert all(updated[n] == v for n, v in known.items())
    assert {c["number"] for row in first + second for c in row} == set(updated)
    # a conflict is exactly a card of the second grid that disagrees with the deck
    disagreeing = [
        (r, c) for r, row in enumerate(second) for c, entry in enumerate(row) if not same_card(updated[entry["number"]], entry)
    ]
    assert [c["path"] for c in conflicts] == [f"grid[{r}][{c}]" for r, c in disagreeing]
    # learning the same grid again changes nothing
    assert learn(updated, second)[0] == updated
