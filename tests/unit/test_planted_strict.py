"""Planted's strict contract (issue 15.1): keys the game does not know are refused at every level
with the nearest known key, and the published JSON Schema is the parser's own declaration."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from scoring.core import ValidationError
from scoring.planted import GAME, blank_player, score
from scoring.planted import schema as planted_schema
from tests.unit.test_planted_refs import docs_example

SCHEMA_FILE = Path(__file__).resolve().parents[2] / "docs" / "api" / "planted.schema.json"


def seat(name, *plants, **more):
    return {"name": name, "plants": [{"name": p, "growth": g} for p, g in plants], **more}


def errors_of(table):
    with pytest.raises(ValidationError) as caught:
        score(table)
    return [(e.path, e.message) for e in caught.value.errors]


def bo():
    return seat("Bo", ("Snake Plant", 1))


def test_the_issues_misspelt_propagation_is_refused_with_the_key_it_meant():
    # Before: "propogation": 5 was ignored and scored 0.
    assert errors_of({"players": [seat("Ann", ("ZZ Plant", 1), propogation=5), bo()]}) == [
        ("players[0].propogation", 'is not a field here: did you mean "propagation"?'),
    ]


def test_the_issues_misspelt_growth_is_refused_with_the_key_it_meant():
    # Before: {"name": "ZZ Plant", "grwoth": 3} scored 0.
    table = {"players": [{"name": "Ann", "plants": [{"name": "ZZ Plant", "grwoth": 3}]}, bo()]}
    assert errors_of(table) == [("players[0].plants[0].grwoth", 'is not a field here: did you mean "growth"?')]


@pytest.mark.parametrize(
    "table, path, message",
    [
        ({"players": [seat("Ann", ("ZZ Plant", 1)), bo()], "player_cuont": 3},
         "player_cuont", 'is not a field here: did you mean "player_count"?'),
        ({"players": [seat("Ann", ("ZZ Plant", 1)), bo()], "options": {"variant": "x"}},
         "options.variant", "is not a field here"),
        ({"players": [seat("Ann", ("ZZ Plant", 1)), bo()], "extra": 1},
         "extra", "is not a field here: the fields here are options, players, player_count"),
        ({"players": [seat("Ann", ("ZZ Plant", 1), nmae="x"), bo()]},
         "players[0].nmae", 'is not a field here: did you mean "name"?'),
        ({"players": [seat("Ann", ("ZZ Plant", 1), decoration={"workbench": 1}), bo()]},
         "players[0].decoration", 'is not a field here: did you mean "decorations"?'),
        ({"players": [seat("Ann", ("ZZ Plant", 1), tool={}), bo()]},
         "players[0].tool", 'is not a field here: did you mean "tools"?'),
    ],
)
def test_unknown_keys_are_refused_at_every_level(table, path, message):
    assert errors_of(table) == [(path, message)]


def test_a_misspelt_card_key_is_refused_with_the_card_it_meant():
    assert errors_of({"players": [seat("Ann", ("ZZ Plant", 1), decorations={"workbech": 1}), bo()]}) == [
        ("players[0].decorations.workbech", '"workbech" is not a Planted Decoration card: did you mean "workbench"?'),
    ]
    assert errors_of({"players": [seat("Ann", ("ZZ Plant", 1), tools={"Grow Lite": 1}), bo()]}) == [
        ("players[0].tools.Grow Lite", '"Grow Lite" is not a Planted Tool card: did you mean "grow_light"?'),
    ]


def test_every_problem_is_still_reported_with_the_unknown_keys():
    table = {"players": [{"name": "Ann", "plants": [{"name": "ZZ Plant", "growth": 9, "grwoth": 1}], "propogation": 1},
                         bo()]}
    assert [p for p, _ in errors_of(table)] == ["players[0].plants[0].grwoth", "players[0].propogation",
                                                "players[0].plants[0].growth"]


def test_the_known_keys_of_every_level_score():
    t = {"options": {}, "player_count": 2, "players": [
        {"name": "Ann", "plants": [{"name": "ZZ Plant", "growth": 1}], "propagation": 1,
         "decorations": {"workbench": 1, "Macramé Basket": 1}, "tools": {"grow_light": 1}}, bo()]}
    assert [p.total for p in score(t).players] == [3 + 1 + 1 + 0, 3]  # ZZ 3, 1 jar, Workbench 1 tool, no hanging plant
    assert score(dict(t, options=None)).players


def test_the_published_schema_is_the_parsers_declaration():
    assert GAME.player_schema is planted_schema.PLAYER
    assert GAME.options_schema is planted_schema.OPTIONS
    assert GAME.table_schema().json_schema() == planted_schema.TABLE.json_schema()
    assert json.loads(SCHEMA_FILE.read_text(encoding="utf-8")) == GAME.json_schema()


def test_the_schema_carries_the_parsers_bounds():
    from scoring.planted.parse import MAX_PLANTS, MAX_PROPAGATION

    player = GAME.player_schema
    assert player.at(("plants",)).max_items == MAX_PLANTS == 6
    assert player.at(("plants", 5, "growth")).maximum == 3 and player.at(("plants", 6, "growth")) is None
    assert player.at(("propagation",)).maximum == MAX_PROPAGATION
    assert player.at(("decorations", "display_shelves")).maximum == 3
    assert player.at(("tools", "fertilizer")).maximum == 4
    assert player.at(("plants", 0, "growth")).from_form("2") == 2
    assert player.at(("plants", 0, "growth")).from_form("３") == "３"  # fullwidth digits are not read


def test_the_docs_example_and_a_blank_seat_validate_against_the_json_schema():
    schema = GAME.json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(docs_example(), schema)
    jsonschema.validate({"players": [dict(blank_player(), name="Ann")], "player_count": 3}, schema)


@pytest.mark.parametrize(
    "table",
    [
        {"players": [{"name": "Ann", "plants": [], "propogation": 5}]},
        {"players": [{"name": "Ann", "plants": [{"name": "ZZ Plant", "grwoth": 3}]}]},
        {"players": [{"name": "Ann", "plants": [{"name": "ZZ Plant", "growth": 4}]}]},
        {"players": [{"name": "Ann", "plants": [{"name": "x"}] * 7}]},
        {"players": [{"name": "Ann", "plants": [], "decorations": {"workbench": 4}}]},
        {"players": [{"name": "Ann", "plants": []}], "options": {"x": 1}},
        {"players": [{"name": f"P{i}", "plants": []} for i in range(6)]},
    ],
)
def test_the_json_schema_refuses_what_the_parser_refuses(table):
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(table, GAME.json_schema())
    with pytest.raises(ValidationError):
        score(table)
