"""The entry screen's running score: equal to ``score`` on complete homes, sensible on partial ones."""

from __future__ import annotations

import copy

import pytest

import scoring
from scoring.verdant import blank_player
from scoring.verdant.preview import expected_kind, preview
from tests.unit.test_verdant_games import GAME_1, GAME_2
from tests.unit.test_verdant_support import ALICE_HOME, anon, player, room


@pytest.mark.parametrize("table", [GAME_1, GAME_2], ids=["game1", "game2"])
def test_preview_of_a_complete_home_equals_the_engine_score(table):
    result = scoring.score("verdant", table)
    for i, p in enumerate(table["players"]):
        if any(g in ("Competitive Collections", "Creature Comforts", "Furniture Aficionado", "Colorful Competition")
               for g in table["options"].get("goals", [])):
            continue
        out = preview(p, table["options"], len(table["players"]), i)
        assert out["complete"]
        assert out["total_so_far"] == result.players[i].total
        assert {k: c["points"] for k, c in out["categories"].items()} == {c.key: c.points for c in result.players[i].categories}


def test_family_and_solo_previews_equal_the_engine():
    home = copy.deepcopy(ALICE_HOME)
    for row in home:
        for cell in row:
            if cell["kind"] == "plant":
                cell.pop("verdancy", None)
    table = {"options": {"variant": "family"}, "players": [player("Solo", home)]}
    assert preview(table["players"][0], table["options"], 1)["total_so_far"] == scoring.score("verdant", table).players[0].total


def test_per_card_points_add_up_to_plants_pots_and_rooms():
    p = player("Alice", ALICE_HOME, green_thumbs=2)
    out = preview(p, {}, 2)
    cats = out["categories"]
    cards = sum(c["points"] or 0 for c in out["cells"].values())
    assert cards == cats["plants"]["points"] + cats["pots"]["points"] + cats["rooms"]["points"]
    jasmine = out["cells"][(0, 0)]
    assert jasmine["points"] == 14 and jasmine["why"] == ["Jasmine (row 1, col 1): 11", "1 concrete pot x 3 = 3"]
    assert out["cells"][(0, 2)]["points"] is None  # Moth Orchid, incomplete: verdancy is pooled
    assert "halved" in out["cells"][(0, 2)]["why"][1]


def test_partial_home_scores_the_cards_that_are_there_and_skips_broken_ones():
    p = blank_player()
    p["home"][0][0] = {"kind": "plant", "name": "Jasmine", "pot": "concrete"}
    p["home"][0][1] = room("vining")
    p["home"][1][1] = {"kind": "plant", "name": "Jasmne", "pot": "wood"}  # misspelt: skipped
    p["home"][2][2] = anon("foliage", points="abc")  # kept as typed: skipped
    p["green_thumbs"] = "x"
    out = preview(p, {"goals": ["Going Big"]}, 3)
    assert out["filled"] == 2 and not out["complete"] and out["size"] == 15
    assert out["total_so_far"] == 11 + 3 + 1 + 2  # Jasmine, concrete, vining room, Going Big
    assert set(out["cells"]) == {(0, 0), (0, 1)}


def test_preview_never_fails_on_junk():
    for junk in (None, {}, {"home": "x"}, {"home": [[1, "a"], None]}, {"home": [[{"kind": "dragon"}]]}):
        out = preview(junk, {"modification": "x", "variant": 3, "goals": "nope"}, 99)
        assert out["total_so_far"] >= 0


def test_expected_kind_follows_the_checkerboard():
    home = blank_player()["home"]
    assert expected_kind(home, 0, 0) is None
    home[1][2] = {"kind": "room"}
    assert [expected_kind(home, 0, c) for c in range(5)] == ["plant", "room", "plant", "room", "plant"]
