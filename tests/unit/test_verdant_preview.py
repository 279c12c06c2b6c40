"""The seat page's preview (``GAME.preview``, a ``scoring.core.Preview``): equal to ``score`` on
complete homes, sensible on partial ones, never raising."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import scoring
from scoring.core import Preview
from scoring.verdant import GAME, blank_player
from scoring.verdant.preview import expected_kind, preview
from tests.unit.test_verdant_games import GAME_1, GAME_2
from tests.unit.test_verdant_support import ALICE_HOME, BEA_HOME, card_like, player, room

COMPARING = ("Competitive Collections", "Creature Comforts", "Furniture Aficionado", "Colorful Competition")


def test_the_game_previews_through_its_previewer():
    out = GAME.preview(player("Alice", ALICE_HOME), {}, 2, 0)
    assert isinstance(out, Preview) and GAME.previewer is preview
    assert scoring.get("verdant").preview(player("Alice", ALICE_HOME), {}, 2).total == out.total == 78


@pytest.mark.parametrize("table_", [GAME_1, GAME_2], ids=["game1", "game2"])
def test_preview_of_a_complete_home_equals_the_engine_score(table_):
    result = scoring.score("verdant", table_)
    for i, p in enumerate(table_["players"]):
        if any(g in COMPARING for g in table_["options"].get("goals", [])):
            continue
        out = preview(p, table_["options"], len(table_["players"]), i)
        assert out.complete and out.messages == ()
        assert out.total == result.players[i].total
        assert {c.key: c.points for c in out.categories} == {c.key: c.points for c in result.players[i].categories}
        assert [c.details for c in out.categories] == [c.details for c in result.players[i].categories]


def test_goals_comparing_players_compare_the_other_seats_boards():
    table_ = copy.deepcopy(GAME_1)
    table_["options"]["goals"] = ["Competitive Collections", "Creature Comforts", "Colorful Competition"]
    result = scoring.score("verdant", table_)
    for i, p in enumerate(table_["players"]):
        others = [o for j, o in enumerate(table_["players"]) if j != i]
        out = GAME.preview(p, table_["options"], 2, i, others=others)
        assert out.total == result.players[i].total
        assert out.category("goals") == result.players[i].category("goals")
    alone = GAME.preview(table_["players"][1], table_["options"], 2, 1)  # Bea, compared with nobody
    assert alone.category("goals").points > result.players[1].category("goals").points


def test_broken_or_junk_other_boards_do_not_break_the_preview():
    out = GAME.preview(player("Alice", ALICE_HOME), {"goals": ["Creature Comforts"]}, 3, 0,
                       others=[None, "x", {"home": "garbage"}, {"home": [[{"kind": "room", "type": "vining",
                                                                             "item": {"kind": "cat", "color": "unusual"}}]]}])
    assert out.total is not None


@pytest.mark.parametrize("table_", [GAME_1, GAME_2], ids=["game1", "game2"])
def test_a_complete_board_previews_to_its_score_as_one_board_of_its_table(table_):
    # a board scored alone as one of the table's boards (player_count = the whole table): the same rules
    for i, p in enumerate(table_["players"]):
        alone = scoring.score("verdant", {"options": table_["options"], "players": [p], "player_count": len(table_["players"])})
        out = preview(p, table_["options"], len(table_["players"]), i)
        assert out.total == alone.players[0].total
        assert out.categories == alone.players[0].categories


def test_family_and_solo_previews_equal_the_engine():
    home = copy.deepcopy(ALICE_HOME)
    for row in home:
        for cell in row:
            if cell["kind"] == "plant":
                cell.pop("verdancy", None)
    table_ = {"options": {"variant": "family"}, "players": [player("Solo", home)]}
    out = preview(table_["players"][0], table_["options"], 1)
    assert out.complete and out.total == scoring.score("verdant", table_).players[0].total


def test_per_card_points_add_up_to_plants_pots_and_rooms():
    p = player("Alice", ALICE_HOME, green_thumbs=2)
    out = preview(p, {}, 2)
    cats = {c.key: c.points for c in out.categories}
    cards = sum(v or 0 for v in out.points.values())
    assert cards == cats["plants"] + cats["pots"] + cats["rooms"]
    assert out.points["home[0][0]"] == 14 and out.why["home[0][0]"] == ("Jasmine (row 1, card 1): 11", "1 concrete pot x 3 = 3")
    assert out.points["home[0][2]"] is None  # Moth Orchid, incomplete: verdancy is pooled
    assert "halved" in out.why["home[0][2]"][1]
    assert out.extra["cells"]["home[0][2]"] == {"kind": "plant", "label": "Moth Orchid", "type": "flowering", "needs": 6}
    assert out.extra["cells"]["home[0][1]"] == {"kind": "room", "label": "Vining room", "type": "vining", "needs": None}


def test_partial_home_scores_the_cards_that_are_there_and_skips_broken_ones():
    p = blank_player()
    p["home"][0][0] = {"kind": "plant", "name": "Jasmine", "pot": "concrete"}
    p["home"][0][1] = room("vining")
    p["home"][1][1] = {"kind": "plant", "name": "Jasmne", "pot": "wood"}  # misspelt: skipped
    p["home"][2][2] = card_like("foliage", 4, 4) | {"points": "abc"}  # kept as typed: skipped
    p["green_thumbs"] = "x"
    out = preview(p, {"goals": ["Going Big"]}, 3)
    assert out.extra["filled"] == 2 and not out.complete and out.extra["size"] == 15
    assert out.total == 11 + 3 + 1 + 2  # Jasmine, concrete, vining room, Going Big
    assert set(out.points) == {"home[0][0]", "home[0][1]"} == set(out.extra["cells"])
    # what to fill or fix, relative to the seat, from the engine's own checks
    paths = {m.path for m in out.messages}
    assert {"home[1][1].name", "home[2][2].points", "green_thumbs", "home[0][2]"} <= paths
    assert next(m.message for m in out.messages if m.path == "home[0][2]").startswith("is empty")
    assert out.errors_at("home[1][1]")[0].message.startswith('"Jasmne" is not a Verdant plant card')


def test_an_empty_home_totals_nothing_yet_and_expects_nothing():
    out = preview(blank_player(), {}, 2)
    assert out.total is None and out.extra["filled"] == 0 and out.points == {}
    assert set(out.extra["expected"].values()) == {None}


def test_every_empty_cell_is_told_what_it_can_hold():
    p = blank_player()
    p["home"][1][2] = {"kind": "room"}
    out = preview(p, {}, 2)
    assert out.extra["expected"]["home[0][0]"] == "plant" and out.extra["expected"]["home[0][1]"] == "room"
    assert "home[1][2]" not in out.extra["expected"]


def test_a_board_that_breaks_only_a_table_wide_limit_is_not_complete():
    home = copy.deepcopy(BEA_HOME)
    home[2][4] = {"kind": "plant", "name": "Living Stone", "pot": "terracotta", "item": {"kind": "cat", "color": "vining"}}
    out = preview(player("Bea", home), {}, 2)
    assert not out.complete
    assert [m.path for m in out.messages] == ["home[2][4].item"]
    assert "a plant card holds no item token" in out.messages[0].message


def test_modification_5_previews_the_seats_own_goal_set():
    options = {"modification": 5, "goal_sets": {"players": [["Going Big"], ["Thumbs Up"]]}}
    first = preview(player("A", ALICE_HOME, green_thumbs=2), options, 2, 0)
    second = preview(player("B", ALICE_HOME, green_thumbs=2), options, 2, 1)
    assert first.category("goals").details == ("Going Big: 2 completed plants needing 7 or more (Jasmine, Snake Plant) x 2 = 4",)
    assert second.category("goals").details == ("Thumbs Up: 2 Green Thumb tokens x 1 = 2",)
    assert first.complete and second.complete


def test_preview_never_fails_on_junk():
    for junk in (None, {}, {"home": "x"}, {"home": [[1, "a"], None]}, {"home": [[{"kind": "dragon"}]]}, [], "x"):
        out = preview(junk, {"modification": "x", "variant": 3, "goals": "nope"}, 99)
        assert out.total is None or out.total >= 0
        assert not out.complete


def test_expected_kind_follows_the_checkerboard():
    home = blank_player()["home"]
    assert expected_kind(home, 0, 0) is None
    home[1][2] = {"kind": "room"}
    assert [expected_kind(home, 0, c) for c in range(5)] == ["plant", "room", "plant", "room", "plant"]


json_leaf = st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.text(max_size=8) | st.sampled_from(
    ["plant", "room", "Jasmine", "vining", "terracotta", "concrete", "lamp", "sun", "٣", "３"])
json_values = st.recursive(json_leaf, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
    st.sampled_from(["kind", "name", "type", "pot", "verdancy", "points", "needs", "item", "edges", "light", "color", "x"]),
    inner, max_size=4), max_leaves=10)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_hypothesis_fuzzed_seats_preview_without_raising(data):
    state = copy.deepcopy(data.draw(st.sampled_from([player("A", ALICE_HOME), player("B", BEA_HOME), blank_player()])))
    for _ in range(data.draw(st.integers(1, 4))):
        r, c = data.draw(st.integers(0, 2)), data.draw(st.integers(0, 4))
        state["home"][r][c] = data.draw(json_values)
    if data.draw(st.booleans()):
        state[data.draw(st.sampled_from(["green_thumbs", "storage", "home", "grwoth"]))] = data.draw(json_values)
    options = data.draw(st.sampled_from([{}, {"goals": ["Perfect Conditions", "Pot Pairs", "Four Corners"]},
                                         {"modification": 6}, {"variant": "family"}, {"modification": 5, "goal_sets": "x"}]))
    count, position = data.draw(st.integers(-1, 7)), data.draw(st.integers(-1, 6))
    out = preview(state, options, count, position)
    assert isinstance(out, Preview)
    assert out.total is None or isinstance(out.total, int)
    if out.complete:  # a board legal on its own scores, as one board of its table, to the preview's total
        seats = count if 1 <= count <= 5 else 1
        table_ = {"options": options, "players": [dict(state, name="A")]}
        if seats > 1:
            table_["player_count"] = seats
        assert scoring.score("verdant", table_).players[0].total == out.total
