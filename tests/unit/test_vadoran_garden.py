"""Vadoran Gardens: the compact text form and the areas the entry screen outlines."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.core import ValidationError
from scoring.vadoran import GAME, parse_compact, to_compact
from scoring.vadoran.garden import compact_rows, read_compact

AREA_KEYS = ("terrain", "squares", "size", "tasks", "tablets", "return_locations", "scores", "points", "reason")


def areas(rows):
    """The areas the entry screen outlines: the preview's (``areas()`` of vadoran-1 went into it)."""
    found = GAME.preview({"garden": rows})
    bad = [m for m in found.messages if m.path.startswith("garden[")]
    if bad:
        raise ValidationError(bad)
    return [{k: a[k] for k in AREA_KEYS} for a in found.extra["areas"]]


def test_compact_tokens_become_square_objects():
    assert parse_compact(["g s* w7 .", "- s5 w*A5 g*(bird)7"]) == [
        [
            {"terrain": "grass", "task": None, "tablet": False, "return": None},
            {"terrain": "soil", "task": True, "tablet": False, "return": None},
            {"terrain": "water", "task": None, "tablet": True, "return": None},
            {"terrain": "sand", "task": None, "tablet": False, "return": None},
        ],
        [
            None,
            {"terrain": "soil", "task": None, "tablet": False, "return": "tool"},
            {"terrain": "water", "task": "A", "tablet": False, "return": "pendant"},
            {"terrain": "grass", "task": "bird", "tablet": True, "return": None},
        ],
    ]


def test_compact_markers_come_in_any_order_and_letters_in_any_case():
    assert parse_compact(["G7*"]) == parse_compact(["g*7"])
    assert parse_compact(["w5p"]) == parse_compact(["w5"])


def test_compact_form_round_trips_through_square_objects():
    rows = ["g* g* g*7 . -", "s5 w*B w5 g*(two-words) ."]
    assert to_compact(parse_compact(rows)) == rows


def test_to_compact_accepts_square_objects_and_mixed_rows():
    garden = [[{"terrain": "Grass", "task": "x"}, None], "w5 ."]
    assert to_compact(garden) == ["g*X -", "w5 ."]


def test_compact_garden_may_be_one_text_with_a_row_per_line():
    assert parse_compact("g* s\n- w5") == parse_compact(["g* s", "- w5"])


def test_empty_row_string_is_a_row_without_cards():
    assert parse_compact(["g", ""]) == [[{"terrain": "grass", "task": None, "tablet": False, "return": None}], []]


def test_areas_give_squares_tasks_tablets_and_why_for_the_entry_screen():
    found = areas(["g* g* .", "g*7 w5 ."])
    assert found == [
        {"terrain": "grass", "squares": [[0, 0], [0, 1], [1, 0]], "size": 3, "tasks": 3, "tablets": 1,
         "return_locations": 0, "scores": True, "points": 10, "reason": "scores 3 squares + 1 tablet x 7 = 10"},
        {"terrain": "sand", "squares": [[0, 2], [1, 2]], "size": 2, "tasks": 0, "tablets": 0,
         "return_locations": 0, "scores": False, "points": 0, "reason": "sand never scores"},
        {"terrain": "water", "squares": [[1, 1]], "size": 1, "tasks": 0, "tablets": 0,
         "return_locations": 1, "scores": False, "points": 0,
         "reason": "does not score: no tasks, an area needs 3 or more"},
    ]


def test_areas_do_not_join_diagonally():
    found = areas(["g* s", "s g*"])
    assert [(a["terrain"], a["squares"]) for a in found] == [
        ("grass", [[0, 0]]), ("soil", [[0, 1]]), ("soil", [[1, 0]]), ("grass", [[1, 1]])]


def test_area_wrapping_around_a_hole_is_one_area():
    # a ring of 8 soil squares around a missing card: one area, 8 squares, 3 tasks -> 8
    found = areas(["s* s s", "s - s*", "s s* s"])
    assert [(a["size"], a["points"]) for a in found] == [(8, 8)]


def test_areas_refuse_a_garden_that_cannot_be_scored():
    with pytest.raises(ValidationError) as err:
        areas(["g", ". *"])
    assert [e.path for e in err.value.errors] == ["garden[1][1]"]
    with pytest.raises(ValidationError) as err:
        read_compact(["g", ". *"])
    assert [e.path for e in err.value.errors] == ["garden[1][1]"]


# ------------------------------------------------------------------------ properties

token = st.builds(
    lambda t, task, tablet, ret: t + (task if t not in ".-" else "") + (tablet if t != "-" else "")
    + (ret if t not in ".-" else ""),
    st.sampled_from(["g", "s", "w", ".", "-"]),
    st.sampled_from(["", "*", "*A", "*(fox)"]),
    st.sampled_from(["", "7"]),
    st.sampled_from(["", "5"]),
)
garden = st.lists(st.lists(token, min_size=1, max_size=8).map(" ".join), min_size=1, max_size=8).filter(
    lambda rows: any(tok != "-" for row in rows for tok in row.split()))


@settings(max_examples=150, deadline=None)
@given(garden)
def test_every_square_belongs_to_exactly_one_area_and_points_follow_the_rule(rows):
    found = areas(rows)
    squares = [tuple(sq) for a in found for sq in a["squares"]]
    painted = [(r, c) for r, row in enumerate(rows) for c, tok in enumerate(row.split()) if tok != "-"]
    assert sorted(squares) == sorted(painted)
    for a in found:
        expected = a["size"] + 7 * a["tablets"] if a["terrain"] != "sand" and a["tasks"] >= 3 else 0
        assert a["points"] == expected


@settings(max_examples=150, deadline=None)
@given(garden)
def test_compact_form_round_trips_for_any_garden(rows):
    assert parse_compact(to_compact(rows)) == parse_compact(rows)


def test_compact_rows_reads_every_form_of_a_garden_as_rows_of_tokens():
    # Text with a row per line: runs of spaces become one, bad tokens stay as typed, blank rows in
    # the middle stay (a row without cards) and trailing blank rows go.
    assert compact_rows("g  s\n\n w x \n \n") == ["g s", "", "w x"]
    assert compact_rows(["g  s", "w", "", " "]) == ["g s", "w"] and compact_rows([]) == [] and compact_rows("") == []
    # Rows of square objects (the API's form) are written compactly; one the engine refuses is no rows.
    assert compact_rows([[{"terrain": "water", "task": "b", "tablet": True}, None, {"terrain": "sand"}]]) == ["w*B7 - ."]
    assert compact_rows([[{"terrain": "lava"}]]) == [] and compact_rows(None) == [] and compact_rows(3) == []
