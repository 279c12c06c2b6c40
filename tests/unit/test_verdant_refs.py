"""Every explanation line names the parts of the player's table it is about (contract paths
relative to the player): a plant line its cell, a pot line the pots it counts, a room line the
room, the plants (and the item) it counts, a goal line the cells it counts."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import scoring
from scoring import paths
from tests.unit.test_verdant_games import GAME_1, GAME_2
from tests.unit.test_verdant_support import ALICE_HOME, BEA_HOME, anon, item, player, room, score, table

DOCS = Path(__file__).resolve().parents[2] / "docs" / "api" / "verdant.md"


def docs_example() -> dict:
    text = DOCS.read_text(encoding="utf-8")
    section = text[text.index("## Example"):]
    return json.loads(re.findall(r"```json\n(.*?)```", section, re.S)[0])


def lines(result, name):
    return [(c.key, text, refs) for c in result.player(name).categories for text, refs in c.lines]


def test_the_docs_example_carries_refs_on_every_line_and_each_ref_is_in_the_input():
    table_ = docs_example()
    data = scoring.score("verdant", table_).to_dict()
    total = with_refs = 0
    for i, p in enumerate(data["players"]):
        for category in p["categories"]:
            assert len(category["refs"]) == len(category["details"])
            for refs in category["refs"]:
                total += 1
                with_refs += bool(refs)
                for ref in refs:
                    assert paths.get(table_["players"][i], paths.parse(ref)) is not paths.MISSING, ref
    assert total == 46 and with_refs == total  # the issue asks for 80%: every line of this example is about a part


@pytest.mark.parametrize("table_", [GAME_1, GAME_2,
                                    table(player("S", ALICE_HOME, storage="fertilizer"), goals=["Going Big", "Backup Plan", "Four Corners"]),
                                    table(player("F", BEA_HOME), player_count=2, variant="family", goals=["Thumbs Up"])],
                         ids=["game1", "game2", "solo", "family"])
def test_every_ref_of_every_line_is_a_path_of_that_players_input(table_):
    result = scoring.score("verdant", table_)
    for i, p in enumerate(result.players):
        for c in p.categories:
            for text, refs in c.lines:
                for ref in refs:
                    assert paths.get(table_["players"][i], paths.parse(ref)) is not paths.MISSING, (text, ref)


def test_a_plant_line_names_its_cell_and_a_pot_line_the_pots_it_counts():
    result = score(table(player("Alice", ALICE_HOME, green_thumbs=2), player_count=2))
    got = {(k, t): r for k, t, r in lines(result, "Alice")}
    assert got[("plants", "Jasmine (row 1, card 1): 11")] == ("home[0][0]",)
    assert got[("pots", "2 concrete pots x 3 = 6")] == ("home[0][0].pot", "home[1][3].pot")
    assert got[("pots", "1 ceramic pot x 1 = 1")] == ("home[1][1].pot",)
    verdancy = next(r for k, t, r in lines(result, "Alice") if k == "verdancy")
    assert verdancy == ("home[0][2]", "home[2][0]", "home[2][4]")  # Moth Orchid, Common Ivy, Jade


def test_a_room_line_names_the_room_the_plants_it_counts_and_its_matching_item():
    result = score(table(player("Alice", ALICE_HOME, green_thumbs=2), player_count=2))
    rooms = dict((t, r) for k, t, r in lines(result, "Alice") if k == "rooms")
    # Vining room (0,1) with a vining lamp: Jasmine (0,0) is its only vining neighbour
    assert rooms["Vining room (row 1, card 2, vining lamp matches x2): 1 adjacent Vining plant x 2 = 2"] == (
        "home[0][1]", "home[0][0]", "home[0][1].item")
    # Vining room (1,0) with a flowering cat: Jasmine (0,0) and Common Ivy (2,0); the cat does not count
    assert rooms["Vining room (row 2, card 1): 2 adjacent Vining plants x 1 = 2"] == ("home[1][0]", "home[0][0]", "home[2][0]")
    # Common Ivy (2,0) also touches the Foliage room (2,1), which does not count it: only one line names it
    assert result.player("Alice").category("rooms").lines_about("home[2][0]") == (
        "Vining room (row 2, card 1): 2 adjacent Vining plants x 1 = 2",)


def test_the_items_line_names_one_token_of_each_kind_and_the_duplicates_their_own():
    result = score(table(player("Alice", ALICE_HOME, green_thumbs=2, storage=item("bird", "unusual")), player_count=2))
    items = [(t, r) for k, t, r in lines(result, "Alice") if k == "items"]
    assert items == [
        ("4 different item kinds in rooms (sofa, lamp, cat, dog) = 9", ("home[1][2].item", "home[0][1].item", "home[1][0].item", "home[1][4].item")),
        ("1 duplicate token (lamp x2) does not score", ("home[2][1].item",)),
        ("The stored unusual bird is not in the home and does not count", ("storage",)),
    ]


@pytest.mark.parametrize("goal, refs", [
    ("Going Big", ("home[0][0]", "home[1][1]")),                   # Jasmine, Snake Plant
    ("Thumbs Up", ("green_thumbs",)),
    ("Pot Pairs", ("home[0][0].pot", "home[1][3].pot", "home[0][4].pot", "home[2][2].pot")),
    ("Color Pairs", ("home[1][0].item", "home[1][2].item")),      # flowering cat + flowering sofa
    ("Double Duty", ("home[1][0]", "home[1][2]", "home[1][4]")),
    ("Four Corners", ("home[0][0]", "home[0][4]", "home[2][0]", "home[2][4]")),
    ("Mixing It Up", ("home[0][0]", "home[0][2]", "home[0][4]", "home[1][1]", "home[1][3]", "home[2][0]", "home[2][2]", "home[2][4]")),
])
def test_a_goal_line_names_the_cells_it_counts(goal, refs):
    result = score(table(player("Alice", ALICE_HOME, green_thumbs=2), player_count=2, goals=[goal]))
    assert result.player("Alice").category("goals").refs == (refs,)


def test_a_goal_that_counts_nothing_names_the_cells_it_looked_at():
    result = score(table(player("Alice", ALICE_HOME, green_thumbs=2), player_count=2, goals=["Delayed Gratification"]))
    (text, refs), = result.player("Alice").category("goals").lines
    assert text == "Delayed Gratification: 0 terra cotta pots x 2 = 0"
    assert len(refs) == 8 and all(re.fullmatch(r"home\[\d\]\[\d\]", r) for r in refs)


def test_a_home_of_free_cards_names_cards_by_their_index():
    cards = [dict(anon("vining") if c % 2 == 0 else room("vining"), row=0, col=c) for c in range(15)]
    result = score(table({"name": "Long", "cards": cards}, modification=6))
    first_room = result.player("Long").category("rooms").lines[0]
    assert first_room[1] == ("cards[1]", "cards[2]", "cards[0]")  # the room, then its neighbours right and left


def test_lines_about_the_whole_table_name_nothing():
    result = score(table(player("Alice", ALICE_HOME), player_count=2))
    assert result.player("Alice").category("goals").lines == (("No goal cards in play", ()),)
