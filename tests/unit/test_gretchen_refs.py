"""Gretchen's Garden explanation lines name the parts of the table they are about (issue 13.1):
contract paths relative to the player, every one a path that exists in that player's input."""

import json
import pathlib
import re

import pytest

from scoring import gretchen
from scoring.gretchen.examples import MONEY_PLANT, cell, gray, player, rulebook_example, table
from scoring.paths import MISSING, get, parse

DOC = pathlib.Path(__file__).parents[2] / "docs" / "api" / "gretchens-garden.md"


def doc_example():
    blocks = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)]
    return next(b for b in blocks if "players" in b and "game" not in b)


def lines(result, name, key):
    return dict(result.player(name).category(key).lines)


def test_the_docs_example_carries_refs_on_every_line():
    tbl = doc_example()
    result = gretchen.GAME.score(tbl).to_dict()
    total = with_refs = 0
    for p in result["players"]:
        for c in p["categories"]:
            assert len(c["refs"]) == len(c["details"])
            total += len(c["details"])
            with_refs += sum(1 for r in c["refs"] if r)
    assert total > 20
    assert with_refs == total  # every line is about a part of the row (at least 80% required)


@pytest.mark.parametrize("options", [{}, {"money_plant_pot_scores": True, "calico_hearts_distance": "plants_between",
                                          "aloe_vera_max_4": True}])
def test_every_ref_is_a_path_of_that_players_input(options):
    cy = player("Cy", [gray("Calico Hearts", 2), cell("red", 6), dict(MONEY_PLANT), gray("Calico Hearts"),
                       cell("orange", 8, "Bunny Ears", 3)], money=4, can=7)
    dee = player("Dee", [gray("Leaf Window"), dict(MONEY_PLANT), cell("rainbow", 4, "Mermaid Tail", 2)], money=4)
    eve = player("Eve", [gray("Ribbon Plant", 1), dict(MONEY_PLANT), gray("Pet Rock")])
    for tbl in (dict(rulebook_example(), options=options), table(cy, dee, eve, **options)):
        check_refs(tbl)


def check_refs(tbl):
    result = gretchen.GAME.score(tbl)
    for raw, p in zip(tbl["players"], result.players):
        for c in p.categories:
            for text, refs in c.lines:
                assert refs, f"{p.name} {c.key}: {text!r} names nothing"
                for ref in refs:
                    assert get(raw, parse(ref)) is not MISSING, f"{p.name}: {ref} ({text!r})"


def test_leaves_flowers_and_pots_name_their_fields():
    result = gretchen.GAME.score(rulebook_example())
    leaves = lines(result, "Steve", "leaves")
    assert leaves["Jellybean Plant (left 2): 12 leaves = 12"] == ("display[2].plant.leaves",)
    assert leaves["Leaves in all: 36"] == ("display",)
    assert leaves["Money Plant: 3 leaves, money only: 0"] == ("display[4]", "money_plant_leaves")
    flowers = lines(result, "Steve", "flowers")
    assert flowers["Mexican Firecracker (left 3): yellow flower = 7"] == ("display[1].plant.flower",)
    assert flowers["2 flowers x 7 = 14"] == ("display",)
    pots = lines(result, "Steve", "pots")
    assert pots["7 pot cards (2 gray starting, 5 bought) x 2 = 14"] == tuple(
        f"display[{i}].pot" for i in (0, 1, 2, 3, 5, 6, 7))


def test_a_plant_effect_names_the_plant_and_what_it_counts():
    result = gretchen.GAME.score(rulebook_example())
    plants = lines(result, "Steve", "plants")
    baby = plants["Baby Toes (purple): 3 plants left of the Money Plant, 2 right: not balanced = 0"]
    # the Baby Toes itself, the Money Plant it is measured from, and every plant it counts
    assert baby[0] == "display[5].plant" and "display[4]" in baby
    assert set(baby[2:]) == {f"display[{i}].plant" for i in (1, 2, 3, 6)}
    jelly = next(r for t, r in plants.items() if t.startswith("Jellybean Plant"))
    assert jelly[0] == "display[2].plant"
    assert {"display[1].pot", "display[5].pot", "display[3].plant"} <= set(jelly)
    assert "display[6].pot" not in jelly  # a rainbow pot is no colour
    moon = next(r for t, r in plants.items() if t.startswith("Moon Cactus"))
    assert moon == ("display[6].plant", "display[1].plant.flower", "display[2].plant.flower")
    anna = lines(result, "Anna", "plants")
    assert next(r for t, r in anna.items() if t.startswith("Aloe Vera")) == ("display[4].plant", "watering_can")


def test_calico_hearts_names_the_money_plant_and_the_places_between():
    ann = player("Ann", [gray("Calico Hearts"), cell("red", 6), dict(MONEY_PLANT), gray()])
    for reading, counted in [("places", ("display[1]",)), ("plants_closer_plus_1", ()), ("plants_between", ())]:
        result = gretchen.GAME.score(table(ann, player("Bo"), calico_hearts_distance=reading))
        ((_, refs),) = result.player("Ann").category("plants").lines
        assert refs == ("display[0].plant", "display[2]", *counted)


def test_leaf_window_and_empty_rows_name_the_row_and_the_money_plant():
    ann = player("Ann", [gray("Leaf Window"), dict(MONEY_PLANT), gray()], money=4)
    result = gretchen.GAME.score(table(ann, player("Bo")))
    ((_, refs),) = result.player("Ann").category("plants").lines
    assert refs == ("display[0].plant", "display[1]", "money_plant_leaves")
    bo = result.player("Bo")
    assert dict(bo.category("plants").lines) == {"No plants in your collection": ("display",)}
    assert dict(bo.category("flowers").lines) == {"No flowers": ("display",)}


def test_plants_without_an_effect_are_named_by_place():
    ann = player("Ann", [gray("Coral Cactus"), dict(MONEY_PLANT), cell("rainbow", 4, "Rainbow West")])
    result = gretchen.GAME.score(table(ann, player("Bo")))
    assert dict(result.player("Ann").category("plants").lines) == {
        "No end-of-game effect: Coral Cactus, Rainbow West": ("display[0].plant", "display[2].plant")}
