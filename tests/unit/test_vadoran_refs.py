"""Vadoran Gardens: every explanation line names the parts of the player's table it is about
(issue 13.1): an area by all its squares ``garden[r][c]``, a quick-entry area by ``areas[i]``,
a lost item by ``lost_items.<kind>`` and its return locations, an achievement by ``achievements[i]``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from scoring import paths
from scoring.vadoran import GAME, parse_compact

DOC = Path(__file__).parents[2] / "docs" / "api" / "vadoran-gardens.md"


def doc_example():
    section = re.search(r"^## Example[^\n]*\n(.*?)(?=^## |\Z)", DOC.read_text(encoding="utf-8"), flags=re.S | re.M)
    return json.loads(re.findall(r"```json\n(.*?)```", section.group(1), flags=re.S)[0])


def as_squares(player):
    """The player's input with a compact garden written as square objects: ``garden[r][c]`` names
    the c-th token of row r, so in this form the path reaches the square itself."""
    if isinstance(player.get("garden"), (list, str)):
        return {**player, "garden": parse_compact(player["garden"])}
    return player


def lines_of(result, name):
    return [(c.key, text, refs) for c in result.player(name).categories for text, refs in c.lines]


def test_every_line_of_the_docs_example_names_the_parts_it_is_about():
    table = doc_example()
    result = GAME.score(table)
    lines = [line for p in result.players for line in lines_of(result, p.name)]
    with_refs = [line for line in lines if line[2]]
    assert len(with_refs) / len(lines) >= 0.8
    assert with_refs == lines  # here every line is about a part of the table


@pytest.mark.parametrize("index", [0, 1])
def test_every_ref_of_the_docs_example_is_a_path_in_that_players_input(index):
    table = doc_example()
    player = table["players"][index]
    result = GAME.score(table)
    for _, text, refs in lines_of(result, player["name"]):
        for ref in refs:
            assert paths.get(as_squares(player), paths.parse(ref)) is not paths.MISSING, (text, ref)


def test_the_json_result_carries_refs_parallel_to_details():
    data = GAME.score(doc_example()).to_dict()
    for player in data["players"]:
        for category in player["categories"]:
            assert len(category["refs"]) == len(category["details"])
            assert all(isinstance(r, list) for r in category["refs"])


def test_an_area_line_names_every_square_of_the_area():
    result = GAME.score(doc_example())
    tasks = result.player("Purple").category("tasks")
    # The rulebook's grass area (10 squares, 4 tasks, the tablet): rows 1-3, columns 1-4
    first = tasks.lines[0]
    assert first[0].startswith("Grass area at row 1, column 1 (10 squares")
    assert first[1] == ("garden[0][0]", "garden[0][1]", "garden[0][2]", "garden[0][3]", "garden[1][0]",
                        "garden[1][1]", "garden[1][2]", "garden[1][3]", "garden[2][0]", "garden[2][1]")
    sand = next(refs for text, refs in tasks.lines if text.startswith("Sand"))
    assert sand == tuple(f"garden[3][{c}]" for c in range(4, 10))
    # the sum line is about the four scoring areas: 10 + 9 + 13 + 7 squares
    total = tasks.lines[-1]
    assert total[0] == "Areas: 17 + 9 + 13 + 7 = 46" and len(total[1]) == 39 and "garden[0][0]" in total[1]


def test_lost_item_lines_name_the_item_and_its_return_locations():
    result = GAME.score(doc_example())
    lost = result.player("Purple").category("lost_items").lines
    assert lost[0][1] == ("lost_items.tool",)  # no soil "5" in the garden
    assert lost[1][1] == ("lost_items.pendant", "garden[1][10]")  # the water square marked 5
    green = result.player("Green").category("lost_items").lines
    assert green[0][1] == ("lost_items.animal", "return_locations.animal")


def test_quick_entry_lines_name_their_own_rows():
    tasks = GAME.score(doc_example()).player("Green").category("tasks")
    assert [refs for _, refs in tasks.lines] == [("areas[0]",), ("areas[1]",), ("areas[2]",), ("unscored_squares",),
                                                 ("areas[0]", "areas[1]")]


def test_achievement_lines_name_the_claim_by_its_place_in_the_list():
    achievements = GAME.score(doc_example()).player("Green").category("achievements")
    assert achievements.lines == (
        ("Water achievement: 9 (the number under the figure)", ("achievements[0]",)),
        ("Grass achievement: 5 (the number under the figure)", ("achievements[1]",)),
        ("9 + 5 = 14", ("achievements[0]", "achievements[1]")),
    )


def test_lines_about_nothing_found_name_the_part_only_when_the_input_has_it():
    given = GAME.score({"players": [{"name": "A", "garden": ["g* g"], "lost_items": {}, "achievements": []}]})
    bare = GAME.score({"players": [{"name": "A", "garden": ["g* g"]}]})
    assert [c.refs for c in given.players[0].categories] == [
        (("garden[0][0]", "garden[0][1]"), ("garden",)), (("lost_items",),), (("achievements",),)]
    assert [c.refs[-1] for c in bare.players[0].categories] == [("garden",), (), ()]


def test_a_line_about_no_item_returned_names_the_items_found():
    lost = GAME.score({"players": [{"name": "A", "garden": ["g"], "lost_items": {"tool": 1, "pendant": 2}}]})
    lines = lost.players[0].category("lost_items").lines
    assert lines[-1] == ("No lost item could be returned: 0", ("lost_items.tool", "lost_items.pendant"))


def test_the_sisters_lines_carry_refs_too():
    table = doc_example()
    table["players"] = table["players"][:1]
    table["options"] = {"mode": "solo", "sister_achievements": [12, 9, 8]}
    solo = GAME.score(table).to_dict()["solo"]
    assert len(solo["refs"]) == len(solo["details"])
    failed = dict(zip(solo["details"], solo["refs"]))
    assert failed["  Water area at row 3, column 3: 2 x 2 = 4"] == ["garden[2][2]", "garden[3][2]"]
    assert failed["Lost items: 1 found but not returned (1 tool) x 2 = 2"] == ["lost_items.tool"]
    assert len(failed["Failed tasks: 11 grass, soil or water squares outside your scoring areas x 2 = 22"]) == 11
