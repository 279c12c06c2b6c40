"""Gretchen's Garden strict input (issue 15.1): the schema declared in scoring/gretchen/schema.py
refuses every unknown key at every level, with its path and the nearest known key, is published
as JSON Schema, and carries the parser's own bounds."""

import json
import pathlib
import re

import jsonschema
import pytest

from scoring import gretchen
from scoring.core import ValidationError
from scoring.gretchen import catalog, schema
from scoring.gretchen.examples import MONEY_PLANT, gray, player, rulebook_example, table

ROOT = pathlib.Path(__file__).parents[2]


def errors_of(tbl):
    with pytest.raises(ValidationError) as caught:
        gretchen.GAME.score(tbl)
    return [(e.path, e.message) for e in caught.value.errors]


def docs_example():
    text = (ROOT / "docs" / "api" / "gretchens-garden.md").read_text(encoding="utf-8")
    blocks = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", text, re.S)]
    return next(b for b in blocks if "players" in b and "game" not in b)


def test_the_docs_example_validates_against_the_published_schema():
    document = gretchen.GAME.json_schema()
    jsonschema.Draft202012Validator.check_schema(document)
    jsonschema.validate(docs_example(), document)
    published = json.loads((ROOT / "docs" / "api" / "gretchens-garden.schema.json").read_text(encoding="utf-8"))
    assert published == document


@pytest.mark.parametrize("tbl", [
    rulebook_example(),
    table(player("Ann"), player("Bo"), money_plant_pot_scores=True, calico_hearts_distance="plants_between",
          aloe_vera_max_4=False),
    {"players": [{"name": "Ann", **gretchen.blank_player()}], "player_count": 3},
])
def test_tables_the_engine_scores_validate(tbl):
    gretchen.GAME.score(tbl)
    jsonschema.validate(tbl, gretchen.GAME.json_schema())


@pytest.mark.parametrize("where, bad, path, message", [
    # table level
    ("table", {"playercount": 2}, "playercount", 'is not a field here: did you mean "player_count"?'),
    # options
    ("options", {"calico_heart_distance": "places"}, "options.calico_heart_distance",
     'is not a field here: did you mean "calico_hearts_distance"?'),
    # a player
    ("player", {"watering_cans": 3}, "players[0].watering_cans", 'is not a field here: did you mean "watering_can"?'),
    ("player", {"moneyplant_leaves": 3}, "players[0].moneyplant_leaves",
     'is not a field here: did you mean "money_plant_leaves"?'),
    # a place of the row, its pot, its plant
    ("place", {"moneyplant": True}, "players[0].display[1].moneyplant", 'is not a field here: did you mean "money_plant"?'),
    ("pot", {"colour": "gray"}, "players[0].display[0].pot.colour", 'is not a field here: did you mean "color"?'),
    ("plant", {"flowr": True}, "players[0].display[0].plant.flowr", 'is not a field here: did you mean "flower"?'),
    ("plant", {"grwoth": 3}, "players[0].display[0].plant.grwoth",
     "is not a field here: the fields here are name, leaves, flower"),
])
def test_unknown_keys_are_refused_at_every_level(where, bad, path, message):
    tbl = table(player("Ann", [gray("Living Stone", 1), dict(MONEY_PLANT), gray()]), player("Bo"))
    ann = tbl["players"][0]
    target = {"table": tbl, "options": tbl["options"], "player": ann, "place": ann["display"][1],
              "pot": ann["display"][0]["pot"], "plant": ann["display"][0]["plant"]}[where]
    target.update(bad)
    assert (path, message) in errors_of(tbl)


def test_a_misspelt_key_is_refused_even_when_the_rest_scores():
    # issue 15: a silently ignored key gives a wrong score with no word
    tbl = rulebook_example()
    tbl["players"][1]["wateringcan"] = tbl["players"][1].pop("watering_can")
    errors = errors_of(tbl)
    assert ("players[1].wateringcan", 'is not a field here: did you mean "watering_can"?') in errors


def test_the_schema_carries_the_parsers_bounds():
    player_node = gretchen.GAME.player_schema
    assert player_node.at(("money_plant_leaves",)).maximum == catalog.MONEY_PLANT_CAPACITY == 4
    assert player_node.at(("watering_can",)).maximum == catalog.MAX_WATER == 116
    assert player_node.at(("display",)).max_items == schema.MAX_DISPLAY == 27
    assert player_node.at(("display", 26, "plant", "leaves")).maximum == catalog.MAX_LEAVES == 18
    assert player_node.at(("display", 27)) is None
    assert set(player_node.at(("display", 0, "pot", "color")).choices) == {*catalog.POT_COLORS, "grey"}
    assert player_node.at(("display", 0, "pot", "size")).from_form("12") == 12
    assert player_node.at(("display", 0, "plant", "leaves")).from_form("") == 0
    options = gretchen.GAME.options_schema
    assert options.at(("calico_hearts_distance",)).choices == tuple(schema.CALICO_READINGS)
    assert [o.name for o in gretchen.GAME.options] == list(options.fields)
