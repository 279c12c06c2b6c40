"""Verdant Arizona validation: every message names its field and what is allowed, and random
corruptions of a valid table only ever give a Result or a ValidationError."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import scoring
from scoring.arizona import GAME, blank_player
from scoring.core import Result, ValidationError


def good_grid(offset=0, color="pink"):
    return [[{"number": offset + 4 * r + c + 1, "color": color, "gecko": False} for c in range(4)] for r in range(4)]


def good_table():
    return {
        "options": {"advanced": False, "solo": None},
        "players": [
            {"name": "Ana", "wrens": 2, "grid": good_grid(0)},
            {"name": "Ben", "wrens": 1, "grid": good_grid(20, "white")},
        ],
    }


def errors_of(table):
    with pytest.raises(ValidationError) as caught:
        GAME.score(table)
    return [(e.path, e.message) for e in caught.value.errors]


def only_error(table):
    errors = errors_of(table)
    assert len(errors) == 1, errors
    return errors[0]


def changed(mutate):
    table = good_table()
    mutate(table)
    return table


def test_the_good_table_is_valid():
    # 8 lines + 8 quadrants each
    assert [p.total for p in GAME.score(good_table()).players] == [16, 16]


# ------------------------------------------------------------------------------ the grid


def _set(path_fn, value):
    def mutate(table):
        holder, key = path_fn(table)
        holder[key] = value

    return mutate


def _delete(path_fn):
    def mutate(table):
        holder, key = path_fn(table)
        del holder[key]

    return mutate


P0 = lambda t: (t["players"][0], "grid")  # noqa: E731
ROW1 = lambda t: (t["players"][0]["grid"], 1)  # noqa: E731
CARD = lambda t: (t["players"][0]["grid"][1], 2)  # noqa: E731
NUMBER = lambda t: (t["players"][0]["grid"][1][2], "number")  # noqa: E731
COLOR = lambda t: (t["players"][0]["grid"][1][2], "color")  # noqa: E731
GECKO = lambda t: (t["players"][0]["grid"][1][2], "gecko")  # noqa: E731
WRENS = lambda t: (t["players"][1], "wrens")  # noqa: E731


@pytest.mark.parametrize(
    "mutate, path, gist",
    [
        (_delete(P0), "players[0].grid", "is missing: enter the display, 4 rows of 4 cards"),
        (_set(P0, "all cards"), "players[0].grid", "must be the display: a list of 4 rows of 4 cards"),
        (_set(P0, good_grid()[:3]), "players[0].grid", "has 3 rows: a finished display has 4 rows of 4 cards"),
        (_set(ROW1, {"a": 1}), "players[0].grid[1]", "must be a row: a list of 4 cards"),
        (_set(ROW1, good_grid()[1][:3]), "players[0].grid[1]", "has 3 cards: a finished row has 4 cards"),
        (_set(CARD, 7), "players[0].grid[1][2]", "must be a card: {"),
        (_delete(NUMBER), "players[0].grid[1][2].number", "is missing: enter a whole number from 1 to 99"),
        (_set(NUMBER, ""), "players[0].grid[1][2].number", "is missing: enter a whole number from 1 to 99"),
        (_set(NUMBER, "seven"), "players[0].grid[1][2].number", "must be a whole number from 1 to 99"),
        (_set(NUMBER, 0), "players[0].grid[1][2].number", "must be a whole number from 1 to 99"),
        (_set(NUMBER, 100), "players[0].grid[1][2].number", "must be a whole number from 1 to 99"),
        (_set(NUMBER, 10**30), "players[0].grid[1][2].number", "must be a whole number from 1 to 99"),
        (_set(NUMBER, 7.5), "players[0].grid[1][2].number", "must be a whole number from 1 to 99"),
        (_set(NUMBER, True), "players[0].grid[1][2].number", "must be a whole number from 1 to 99"),
        (_set(NUMBER, [7]), "players[0].grid[1][2].number", "must be a whole number from 1 to 99"),
        (_delete(COLOR), "players[0].grid[1][2].color", "is missing: enter the card's colour"),
        (_set(COLOR, "   "), "players[0].grid[1][2].color", "is missing: enter the card's colour"),
        (_set(COLOR, 3), "players[0].grid[1][2].color", "must be the name of a colour"),
        (_set(COLOR, {"name": "pink"}), "players[0].grid[1][2].color", "must be the name of a colour"),
        (_set(COLOR, "p" * 31), "players[0].grid[1][2].color", "is too long: a colour name has at most 30"),
        (_set(GECKO, "maybe"), "players[0].grid[1][2].gecko", "must be true (the card shows a gecko) or false"),
        (_set(GECKO, 2), "players[0].grid[1][2].gecko", "must be true (the card shows a gecko) or false"),
        (_set(WRENS, -1), "players[1].wrens", "must be a whole number from 0 to 15"),
        (_set(WRENS, 16), "players[1].wrens", "must be a whole number from 0 to 15"),
        (_set(WRENS, "two"), "players[1].wrens", "must be a whole number from 0 to 15"),
    ],
)
def test_each_bad_field_is_named_with_what_is_allowed(mutate, path, gist):
    found_path, message = only_error(changed(mutate))
    assert found_path == path
    assert gist in message


def test_a_card_number_used_twice_in_one_display_is_refused_at_the_second_card():
    def mutate(table):
        table["players"][0]["grid"][3][3]["number"] = 1  # 1 is also at row 1, column 1

    assert only_error(changed(mutate)) == (
        "players[0].grid[3][3].number",
        "card 1 is already on the table at players[0].grid[0][0]: every card is in the deck once",
    )


def test_a_card_number_used_by_both_players_is_refused():
    def mutate(table):
        table["players"][1]["grid"][0][1]["number"] = 5  # Ana's row 2, column 1 is 5

    path, message = only_error(changed(mutate))
    assert path == "players[1].grid[0][1].number"
    assert "card 5 is already on the table at players[0].grid[1][0]" in message


def test_the_players_cannot_hold_more_than_the_fifteen_wren_tokens_together():
    def mutate(table):
        table["players"][0]["wrens"] = 8
        table["players"][1]["wrens"] = 8

    assert only_error(changed(mutate)) == (
        "players",
        "hold 16 cactus wrens together: the game has only 15 wren tokens",
    )


def test_fifteen_wrens_together_is_allowed():
    def mutate(table):
        table["players"][0]["wrens"] = 15
        table["players"][1]["wrens"] = 0

    assert GAME.score(changed(mutate)).players[0].total == 16


def test_missing_wrens_count_as_none_and_digit_strings_are_accepted():
    def mutate(table):
        del table["players"][0]["wrens"]
        table["players"][1]["wrens"] = "3"
        table["players"][0]["grid"][0][0]["number"] = "1"
        table["players"][0]["grid"][0][1]["gecko"] = "on"

    result = GAME.score(changed(mutate))
    # a gecko on 2: row 1 and column 2 are in order = 2 more for Ana
    assert [p.total for p in result.players] == [18, 16]


def test_a_blank_seat_lists_every_missing_number_and_colour():
    table = good_table()
    table["players"][1] = {"name": "Ben", **blank_player()}
    errors = errors_of(table)
    assert len(errors) == 32  # 16 numbers + 16 colours
    assert ("players[1].grid[0][0].number", "is missing: enter a whole number from 1 to 99 (the number printed on the card)") in errors
    assert ("players[1].grid[3][3].color", 'is missing: enter the card\'s colour, e.g. "yellow"') in errors


def test_every_problem_is_reported_at_once():
    def mutate(table):
        table["players"][0]["grid"][0][0]["number"] = -4
        table["players"][0]["grid"][2][1]["color"] = None
        table["players"][1]["wrens"] = -1
        table["options"]["advanced"] = "sometimes"

    paths = [path for path, _ in errors_of(changed(mutate))]
    assert sorted(paths) == sorted(
        ["options.advanced", "players[0].grid[0][0].number", "players[0].grid[2][1].color", "players[1].wrens"]
    )


# -------------------------------------------------------------------- table and options


@pytest.mark.parametrize(
    "mutate, path, gist",
    [
        (lambda t: t["options"].update(advanced="sometimes"), "options.advanced", "must be true (advanced scoring"),
        (lambda t: t.update(options=[1]), "options", "must be an object"),
        (lambda t: t["options"].update(solo={"vera_score": 12}), "options.solo", "is for the one-player game against Vera: this game has 2 players"),
        (lambda t: t.update(player_count=3), "player_count", "must be 2: the number of players in the game"),
        (lambda t: t.update(player_count="many"), "player_count", "must be 2: the number of players in the game"),
        (lambda t: t["players"].append({"name": "Cy", "grid": good_grid(60)}), "players", "has 3 players: this game takes 1 to 2"),
        (lambda t: t["players"][1].update(name="ana"), "players[1].name", "is already the name of player 1"),
        (lambda t: t["players"][1].pop("name"), "players[1].name", "is missing: enter the player's name"),
        (lambda t: t["players"].__setitem__(1, "Ben"), "players[1]", "must be an object"),
        (lambda t: t["players"].__setitem__(1, {"name": "Ben"}), "players[1].grid", "is missing: enter the display"),
        (lambda t: t.update(players={}), "players", "must be a list of players"),
    ],
)
def test_bad_table_level_fields_are_named(mutate, path, gist):
    found_path, message = only_error(changed(mutate))
    assert found_path == path
    assert gist in message


def test_a_table_that_is_not_an_object_is_refused():
    assert only_error([1, 2]) == ("", 'the table must be a JSON object: {"options": {...}, "players": [...]}')


def test_no_players_is_refused():
    assert only_error({"players": []}) == ("players", "has 0 players: this game takes 1 to 2")


def solo_table(solo):
    return {"options": {"solo": solo}, "players": [{"name": "Ana", "wrens": 0, "grid": good_grid()}]}


@pytest.mark.parametrize(
    "solo, path, gist",
    [
        ("12", "options.solo", 'must be null (a two-player game) or {"vera_score": N}'),
        ({}, "options.solo.vera_score", "is missing: enter a whole number from 0 to 999"),
        ({"vera_score": -1}, "options.solo.vera_score", "must be a whole number from 0 to 999"),
        ({"vera_score": 1000}, "options.solo.vera_score", "must be a whole number from 0 to 999"),
        ({"vera_score": "lots"}, "options.solo.vera_score", "must be a whole number from 0 to 999"),
    ],
)
def test_solo_options_are_checked(solo, path, gist):
    found_path, message = only_error(solo_table(solo))
    assert found_path == path
    assert gist in message


def test_vera_score_of_zero_and_of_999_are_allowed():
    assert GAME.score(solo_table({"vera_score": 0})).extra["solo"]["player_wins"] is True
    assert GAME.score(solo_table({"vera_score": 999})).extra["solo"]["player_wins"] is False


def test_validation_errors_come_through_the_registry_too():
    table = good_table()
    table["players"][0]["grid"][0][0]["color"] = ""
    with pytest.raises(ValidationError) as caught:
        scoring.score("verdant-arizona", table)
    assert caught.value.errors[0].path == "players[0].grid[0][0].color"


# --------------------------------------------------------------------------- property


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**20), max_value=10**20)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=8)
    | st.sampled_from(["", "7", " 12 ", "pink", "true", "1e9", "-3"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=10,
)


def _paths(value, prefix=()):
    """Every place inside a JSON value: (path of keys) for each dict entry and list item."""
    yield prefix
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _paths(child, prefix + (key,))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from _paths(child, prefix + (index,))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), solo=st.booleans())
def test_corrupted_tables_give_a_result_or_a_validation_error(data, solo):
    table = good_table()
    if solo:
        table = solo_table({"vera_score": 5})
    for _ in range(data.draw(st.integers(min_value=1, max_value=3))):
        paths = [p for p in _paths(table) if p]
        if not paths:
            break
        path = data.draw(st.sampled_from(paths))
        holder = table
        for key in path[:-1]:
            holder = holder[key]
        if data.draw(st.booleans()) and isinstance(holder, dict):
            del holder[path[-1]]
        else:
            holder[path[-1]] = data.draw(json_values)
    snapshot = copy.deepcopy(table)
    try:
        result = GAME.score(table)
    except ValidationError as exc:
        assert exc.errors and all(isinstance(e.path, str) and e.message for e in exc.errors)
    else:
        assert isinstance(result, Result)
        json.dumps(result.to_dict())
    assert table == snapshot or json.dumps(table, default=str) == json.dumps(snapshot, default=str)


def test_vera_score_as_typed_reads_like_the_engines_option():
    # The solo seat page and the options form read Vera's score with the engine's rule: ASCII
    # digits from 0 to VERA_MAX (999), blank is "not entered yet"; anything else says the rule.
    from scoring.arizona.model import VERA_MAX, VERA_RULE, read_vera_score

    assert read_vera_score(" 48 ") == (48, "") and read_vera_score("0") == (0, "") and read_vera_score(str(VERA_MAX)) == (VERA_MAX, "")
    assert read_vera_score("") == (None, "") and read_vera_score("   ") == (None, "")
    for bad in (str(VERA_MAX + 1), "-3", "4.5", "²", "forty"):
        assert read_vera_score(bad) == (None, "must be " + VERA_RULE), bad
    assert VERA_RULE == "a whole number from 0 to 999 (Vera's final score from her reference card)"
