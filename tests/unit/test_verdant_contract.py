"""Verdant's strict contract: unknown keys refused at every level with the nearest known key, the
published JSON Schema (the docs example and the worked games validate), cards that cannot carry a
token, numbers in ASCII digits only, and the schema as the web layer reads it."""

from __future__ import annotations

import copy

import jsonschema
import pytest

import scoring
from scoring.core import ValidationError
from scoring.paths import parse
from scoring.verdant import GAME
from scoring.verdant import schema as vschema
from tests.unit.test_verdant_games import GAME_1, GAME_2
from tests.unit.test_verdant_refs import docs_example
from tests.unit.test_verdant_support import ALICE_HOME, BEA_HOME, errors_of, player, score, table


def errors(t):
    with pytest.raises(ValidationError) as exc:
        score(t)
    return errors_of(exc)


def base():
    return table(player("Alice", ALICE_HOME, green_thumbs=2), player_count=2)


@pytest.mark.parametrize("where, key, path, nearest", [
    ((), "playr_count", "playr_count", "player_count"),
    (("options",), "varient", "options.varient", "variant"),
    (("options",), "goal", "options.goal", "goals"),
    (("players", 0), "green_thumb", "players[0].green_thumb", "green_thumbs"),
    (("players", 0), "storag", "players[0].storag", "storage"),
    (("players", 0, "home", 0, 0), "pots", "players[0].home[0][0].pots", "pot"),
    (("players", 0, "home", 0, 0), "verdency", "players[0].home[0][0].verdency", "verdancy"),
    (("players", 0, "home", 0, 1), "itme", "players[0].home[0][1].itme", "item"),
    (("players", 0, "home", 0, 1, "item"), "colour", "players[0].home[0][1].item.colour", "color"),
])
def test_an_unknown_key_is_refused_at_every_level_with_the_nearest_known_key(where, key, path, nearest):
    t = base()
    node = t
    for part in where:
        node = node[part]
    node[key] = 1
    assert errors(t)[path] == f'is not a field here: did you mean "{nearest}"?'


def test_unknown_keys_in_edges_scenario_and_goal_sets_are_refused_too():
    t = table(player("Bea", copy.deepcopy(BEA_HOME)), player_count=2, goals=["Going Big"], scenario={"numbr": 4})
    t["players"][0]["home"][0][1]["edges"] = {"top": "sun", "rigth": "sun", "bottom": "sun", "left": "sun"}
    errs = errors(t)
    assert errs["options.scenario.numbr"] == 'is not a field here: did you mean "number"?'
    assert errs["players[0].home[0][1].edges.rigth"] == 'is not a field here: did you mean "right"?'
    t = base()
    t["options"].update(modification=4, goals=["Going Big"], goal_sets={"secnd": ["Picking Favorites"]})
    assert errors(t)["options.goal_sets.secnd"] == 'is not a field here: did you mean "second"?'


def test_a_key_far_from_every_known_one_lists_the_fields():
    t = base()
    t["players"][0]["zzz"] = 1
    assert errors(t)["players[0].zzz"] == "is not a field here: the fields here are green_thumbs, storage, home, cards, name"


def test_a_misspelt_key_no_longer_scores_silently():
    # before: "grwoth" on a plant or "green_thumb" on a player was ignored and the table scored
    t = base()
    t["players"][0]["green_thumb"] = 5
    t["options"]["goals"] = ["Thumbs Up"]
    with pytest.raises(ValidationError):
        score(t)


def test_an_item_on_a_plant_card_is_refused_naming_the_cell():
    t = base()
    t["players"][0]["home"][0][0]["item"] = {"kind": "lamp", "color": "unusual"}
    assert errors(t) == {"players[0].home[0][0].item": "a plant card holds no item token: furniture and pets go on room cards "
                                                       "(remove it, or make this cell a room)"}


@pytest.mark.parametrize("key, value, gist", [
    ("pot", "concrete", "a room card holds no pot: pots go on completed plant cards"),
    ("verdancy", 2, "a room card holds no verdancy"),
    ("points", 4, "a room card has no points"),
    ("needs", 4, "a room card needs no verdancy"),
    ("light", ["sun"], "a room card shows its lighting on its edges"),
])
def test_a_plant_token_or_number_on_a_room_card_is_refused_naming_the_cell(key, value, gist):
    t = base()
    t["players"][0]["home"][0][1][key] = value
    errs = errors(t)
    assert list(errs) == [f"players[0].home[0][1].{key}"] and errs[f"players[0].home[0][1].{key}"].startswith(gist)


def test_edges_on_a_plant_are_refused_and_empty_values_of_the_other_kind_are_accepted():
    t = base()
    t["players"][0]["home"][0][0]["edges"] = {"top": "sun", "right": "sun", "bottom": "sun", "left": "sun"}
    assert "a plant card has no edges" in errors(t)["players[0].home[0][0].edges"]
    t = base()
    t["players"][0]["home"][0][0]["item"] = None       # "no item" on a plant: nothing there
    t["players"][0]["home"][0][1]["pot"] = ""          # an empty pot field on a room
    assert score(t).player("Alice").total == 78


@pytest.mark.parametrize("key, value, path, message", [
    ("points", "٣", "players[0].home[0][0].points", "must be a whole number from 0 to 20"),
    ("points", "３", "players[0].home[0][0].points", "must be a whole number from 0 to 20"),
    ("needs", "²", "players[0].home[0][0].needs", "must be a whole number from 1 to 12"),
])
def test_non_ascii_digits_are_not_read_as_numbers_in_a_plant(key, value, path, message):
    t = base()
    t["players"][0]["home"][0][0] = {"kind": "plant", "type": "vining", "points": 11, "needs": 9, "pot": "concrete"}
    t["players"][0]["home"][0][0][key] = value
    assert errors(t)[path] == message


@pytest.mark.parametrize("where, value, path", [
    (("players", 0, "green_thumbs"), "٢", "players[0].green_thumbs"),
    (("players", 0, "home", 0, 2, "verdancy"), "４", "players[0].home[0][2].verdancy"),
    (("options", "modification"), "٤", "options.modification"),
    (("player_count",), "٢", "player_count"),
])
def test_non_ascii_digits_are_refused_in_every_number_field(where, value, path):
    t = base()
    node = t
    for part in where[:-1]:
        node = node[part]
    node[where[-1]] = value
    assert "whole number" in errors(t)[path]


def test_ascii_digit_strings_from_forms_are_still_read():
    t = base()
    t["players"][0]["green_thumbs"] = " 2 "
    t["players"][0]["home"][0][2]["verdancy"] = "4"
    assert score(t).player("Alice").total == 78


# ---------------------------------------------------------------------------- JSON Schema


def validator():
    schema = GAME.json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize("table_", [docs_example(), GAME_1, GAME_2], ids=["docs example", "game 1", "game 2"])
def test_the_docs_example_and_the_worked_games_validate_against_the_json_schema(table_):
    assert list(validator().iter_errors(table_)) == []


def test_the_json_schema_refuses_what_the_engine_refuses_as_unknown():
    t = copy.deepcopy(GAME_1)
    t["players"][0]["home"][0][0]["grwoth"] = 3
    assert any("grwoth" in e.message for e in validator().iter_errors(t))
    t = copy.deepcopy(GAME_1)
    t["players"][0]["home"][0][0]["item"] = {"kind": "cat", "color": "vining"}  # an item on a plant
    assert list(validator().iter_errors(t))


def test_the_published_schema_file_is_the_engines():
    import json
    from pathlib import Path

    published = json.loads((Path(__file__).resolve().parents[2] / "docs" / "api" / "verdant.schema.json").read_text(encoding="utf-8"))
    assert published == GAME.json_schema()


def test_the_schema_carries_the_parsers_bounds_and_the_web_reads_typed_values_by_it():
    node = GAME.table_schema().at(parse("players[0].home[1][2].verdancy"))
    assert (node.minimum, node.maximum) == (0, 11) and node is vschema.VERDANCY
    player_node = GAME.player_schema
    assert player_node.at(parse("home[1][2].points")).from_form("7") == 7
    assert player_node.at(parse("home[1][2].points")).from_form("٣") == "٣"  # kept as typed: the engine names it
    assert player_node.at(parse("green_thumbs")).from_form("") == 0
    assert player_node.at(parse("home[1][2].item.color")).choices == scoring.verdant._catalog.TYPES
    assert player_node.at(parse("home[1][2].shelf")) is None
    assert GAME.options_schema.at(parse("one_card_rows")).from_form("on") is True
