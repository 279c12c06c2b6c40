"""Vadoran Gardens: the strict contract (issue 15.1).  Every key the game does not know is refused
at every level with its path and the nearest known key; the input's JSON Schema comes from the
same declaration as the parser, and the docs example validates against it; the token grammar is
declared once, in the engine, and handed to the screens."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest

from scoring import paths
from scoring.core import ValidationError
from scoring.schema import Int
from scoring.vadoran import GAME, grammar, parse_compact
from scoring.vadoran.contract import MAX_LOST, PLAYER_SCHEMA
from scoring.vadoran.garden import MAX_COLUMNS, MAX_ROWS, TERRAIN_LETTERS
from tests.unit.test_vadoran_refs import doc_example

ROOT = Path(__file__).parents[2]


def errors_of(table):
    with pytest.raises(ValidationError) as err:
        GAME.score(table)
    return [(e.path, e.message) for e in err.value.errors]


def one(**player):
    return {"players": [{"name": "A", "garden": ["g* g* g*7"], **player}]}


# ------------------------------------------------------------------ the examples


def test_a_square_with_tablets_is_refused_instead_of_scoring_3():
    # vadoran-1 ignored "tablets" and scored 3 for what the player meant as 3 + 7 = 10
    table = {"players": [{"name": "A", "garden": [[{"terrain": "grass", "task": True, "tablets": True},
                                                    {"terrain": "grass", "task": True},
                                                    {"terrain": "grass", "task": True}]]}]}
    assert errors_of(table) == [("players[0].garden[0][0].tablets", 'is not a field here: did you mean "tablet"?')]
    table["players"][0]["garden"][0][0] = {"terrain": "grass", "task": True, "tablet": True}
    assert GAME.score(table).players[0].total == 10


def test_dificulty_is_refused_instead_of_playing_as_medium():
    table = {"options": {"mode": "solo", "dificulty": "expert"}, "players": [{"name": "A", "garden": ["g* g* g*"]}]}
    assert errors_of(table) == [("options.dificulty", 'is not a field here: did you mean "difficulty"?')]


# ------------------------------------------------------------------------ every level


@pytest.mark.parametrize(
    "table, path, message",
    [
        ({**one(), "player_cuont": 2}, "player_cuont", 'is not a field here: did you mean "player_count"?'),
        ({**one(), "option": {}}, "option", 'is not a field here: did you mean "options"?'),
        ({**one(), "options": {"mdoe": "solo"}}, "options.mdoe", 'is not a field here: did you mean "mode"?'),
        ({**one(), "options": {"sister_achievement": [1]}}, "options.sister_achievement",
         'is not a field here: did you mean "sister_achievements"?'),
        (one(gardne=["g"]), "players[0].gardne", 'is not a field here: did you mean "garden"?'),
        (one(lost_item={"tool": 1}), "players[0].lost_item", 'is not a field here: did you mean "lost_items"?'),
        (one(achievement=[]), "players[0].achievement", 'is not a field here: did you mean "achievements"?'),
        (one(achievements=[{"terrain": "soil", "point": 3}]), "players[0].achievements[0].point",
         'is not a field here: did you mean "points"?'),
        (one(achievements=[{"terrain": "soil", "points": 3, "slot": 1}]), "players[0].achievements[0].slot",
         "is not a field here: the fields here are terrain, points"),
        (one(garden=[["g", {"terrain": "soil", "retrun": "tool"}]]), "players[0].garden[0][1].retrun",
         'is not a field here: did you mean "return"?'),
        (one(garden=[[{"terrain": "soil", "Task": True}]]), "players[0].garden[0][0].Task",
         'is not a field here: did you mean "task"?'),
    ],
)
def test_an_unknown_key_is_refused_at_its_level_with_the_nearest_known_key(table, path, message):
    assert (path, message) in errors_of(table)


def test_quick_entry_keys_are_checked_inside_each_area():
    table = {"players": [{"name": "Q", "areas": [{"terrain": "grass", "squares": 5, "tasks": 3, "tablet": 1}],
                          "return_location": {"tool": 1}}]}
    assert errors_of(table) == [
        ("players[0].areas[0].tablet", 'is not a field here: did you mean "tablets"?'),
        ("players[0].return_location", 'is not a field here: did you mean "return_locations"?'),
    ]


def test_a_lost_item_that_is_not_one_is_named_once_in_the_games_words():
    assert errors_of(one(lost_items={"animals": 1})) == [
        ("players[0].lost_items.animals", 'is not a lost item: use animal, tool or pendant (did you mean "animal"?)')]


def test_every_unknown_key_is_listed_with_the_other_problems():
    table = {"options": {"mode": "coop", "dificulty": "hard"},
             "players": [{"name": "A", "garden": ["g x"], "extra": 1}]}
    assert [p for p, _ in errors_of(table)] == [
        "options.dificulty", "players[0].extra", "options.mode", "players[0].garden[0][1]"]


def test_the_entry_screens_own_keys_are_known_and_never_scored():
    table = one(garden_aside=["w* w* w*"], quick_aside={"areas": [{"terrain": "soil", "squares": 40}], "junk": 1})
    assert GAME.score(table).players[0].total == 10


# -------------------------------------------------------------------------- the schema


def test_the_docs_example_validates_against_the_published_schema():
    schema = GAME.json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(doc_example(), schema)
    published = json.loads((ROOT / "docs" / "api" / "vadoran-gardens.schema.json").read_text(encoding="utf-8"))
    assert published == schema


def test_the_schema_accepts_the_garden_as_square_objects_too():
    table = doc_example()
    table["players"][0]["garden"] = parse_compact(table["players"][0]["garden"])
    jsonschema.validate(table, GAME.json_schema())
    assert GAME.score(table).players[0].total == 58


@pytest.mark.parametrize(
    "player, path",
    [
        ({"garden": [[{"terrain": "grass", "tablets": True}]]}, ["players", 0, "garden"]),
        ({"garden": ["g"], "lost_items": {"tool": 6}}, ["players", 0, "lost_items", "tool"]),
        ({"garden": ["g"], "achievements": [{"terrain": "sand", "points": 1}]}, ["players", 0, "achievements", 0]),
        ({"garden": ["g"] * 41}, ["players", 0, "garden"]),
    ],
)
def test_the_schema_refuses_what_the_engine_refuses(player, path):
    table = {"players": [{"name": "A", **player}]}
    with pytest.raises(jsonschema.ValidationError) as err:
        jsonschema.validate(table, GAME.json_schema())
    assert list(err.value.absolute_path)[: len(path)] == path
    with pytest.raises(ValidationError):
        GAME.score(table)


def test_the_schema_carries_the_parsers_bounds():
    assert PLAYER_SCHEMA.at(paths.parse("lost_items.tool")).maximum == MAX_LOST["tool"] == 5
    assert PLAYER_SCHEMA.at(paths.parse("achievements[0].points")).maximum == 30
    assert PLAYER_SCHEMA.at(paths.parse("achievements[3]")) is None  # one per achievement card
    assert PLAYER_SCHEMA.at(paths.parse(f"garden[{MAX_ROWS - 1}][{MAX_COLUMNS - 1}].terrain")) is not None
    assert PLAYER_SCHEMA.at(paths.parse(f"garden[{MAX_ROWS}]")) is None
    assert isinstance(PLAYER_SCHEMA.at(paths.parse("areas[2].squares")), Int)
    assert PLAYER_SCHEMA.at(paths.parse("areas[0].squares")).from_form(" 12 ") == 12
    assert PLAYER_SCHEMA.at(paths.parse("garden[2][3].tablets")) is None


# ------------------------------------------------------------------------- the grammar


def test_the_grammar_is_the_parsers():
    g = grammar()
    assert g["terrains"] == TERRAIN_LETTERS == {"g": "grass", "s": "soil", "w": "water", ".": "sand"}
    assert (g["no_card"], g["markers"]) == ("-", {"task": "*", "tablet": "7", "return": "5"})
    assert g["items"] == {"a": "animal", "t": "tool", "p": "pendant"}
    assert (g["max_rows"], g["max_columns"]) == (MAX_ROWS, MAX_COLUMNS)
    token = re.compile(g["token"])
    for good in ("g", "S*", "w*A75p", ".7", "g*(long-name)", "W5"):
        assert token.fullmatch(good), good
    for bad in ("x", "-", "g*(a", "", "*", "g8"):
        assert not token.fullmatch(bad), bad


def test_the_screens_declare_no_copy_of_the_grammar():
    js = (ROOT / "static" / "js" / "vadoran.js").read_text(encoding="utf-8")
    adapter = (ROOT / "web" / "games" / "vadoran.py").read_text(encoding="utf-8")
    assert "gswGSW" not in js and "atpATP" not in js and '"g"' not in js
    assert "gswGSW" not in adapter and "atpATP" not in adapter
    assert not re.search(r'^(ITEMS|TERRAINS|ITEM_TERRAIN|MAX_ROWS|MAX_LOST)\s*=', adapter, re.M)
    template = (ROOT / "templates" / "games" / "vadoran-gardens" / "entry.html").read_text(encoding="utf-8")
    assert "data-grammar=" in template


def test_the_grammar_names_the_letter_of_sand_for_the_painter():
    # The painter keeps tasks and return locations off sand: it learns sand's letter from the
    # grammar, not from a terrain name of its own.
    assert grammar()["sand"] == "." and TERRAIN_LETTERS[grammar()["sand"]] == "sand"
    assert '"sand"' not in (ROOT / "static" / "js" / "vadoran.js").read_text(encoding="utf-8")
