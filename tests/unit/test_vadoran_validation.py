"""Vadoran Gardens: every validation message (path and gist) and a fuzzing property."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scoring
from scoring.core import Result, ValidationError
from scoring.vadoran import GAME, parse_compact, to_compact
from scoring.vadoran.garden import read_compact


def base():
    return {
        "options": {"mode": "standard"},
        "players": [
            {"name": "Purple", "garden": ["g* g* g*7 w5", ". s5 s -"],
             "lost_items": {"animal": 0, "tool": 1, "pendant": 1},
             "achievements": [{"terrain": "water", "points": 7}]},
            {"name": "Green", "garden": [[{"terrain": "grass", "task": True}, None]]},
        ],
    }


def errors_of(table):
    with pytest.raises(ValidationError) as err:
        GAME.score(table)
    return [(e.path, e.message) for e in err.value.errors]


def only_error(table):
    found = errors_of(table)
    assert len(found) == 1, found
    return found[0]


def with_garden(garden, **player):
    t = base()
    t["players"][0]["garden"] = garden
    t["players"][0].update(player)
    return t


def test_base_table_is_valid_and_scores_27_for_purple():
    # grass: 3 squares, 3 tasks, tablet = 3 + 7 = 10; pendant to the w5 and tool to the s5 = 2 x 5 = 10;
    # water achievement 7.  10 + 10 + 7 = 27.
    result = GAME.score(base())
    assert [c.points for c in result.player("Purple").categories] == [10, 10, 7]
    assert result.player("Purple").total == 27


# ------------------------------------------------------------------------ garden


@pytest.mark.parametrize(
    "garden, path, gist",
    [
        (5, "players[0].garden", "must be a list of rows"),
        ({"rows": ["g"]}, "players[0].garden", "must be a list of rows"),
        ([5], "players[0].garden[0]", "must be a list of squares or a compact string"),
        ([[5]], "players[0].garden[0][0]", "must be a square object"),
        ([[{"task": True}]], "players[0].garden[0][0].terrain", "is missing: choose grass, soil, water or sand"),
        ([[{"terrain": "lava"}]], "players[0].garden[0][0].terrain",
         '"lava" is not a terrain: choose grass, soil, water or sand'),
        ([[{"terrain": 3}]], "players[0].garden[0][0].terrain", "3 is not a terrain"),
        ([[{"terrain": "grass", "task": 7}]], "players[0].garden[0][0].task", "7 is not a task"),
        ([[{"terrain": "grass", "task": "has space"}]], "players[0].garden[0][0].task", "is not a task"),
        ([[{"terrain": "sand", "task": True}]], "players[0].garden[0][0].task",
         "sand has no tasks: tasks lie on grass, soil or water"),
        ([[{"terrain": "grass", "tablet": "maybe"}]], "players[0].garden[0][0].tablet", "must be true or false"),
        ([[{"terrain": "grass", "return": "coin"}]], "players[0].garden[0][0].return",
         '"coin" is not a lost item: choose animal, tool or pendant'),
        ([[{"terrain": "water", "return": "animal"}]], "players[0].garden[0][0].return",
         "a lost animal is returned to grass, but this square is water: "
         "a water return location takes a lost pendant"),
        ([[{"terrain": "sand", "return": "tool"}]], "players[0].garden[0][0].return", "never to sand"),
        (["g x"], "players[0].garden[0][1]", '"x" is not a square: write g (grass), s (soil), w (water)'),
        (["g*Z9"], "players[0].garden[0][0]", "is not a square"),
        (["g**"], "players[0].garden[0][0]", 'repeats the marker *'),
        (["-7"], "players[0].garden[0][0]", "- means no card, so it takes no markers"),
        ([".*"], "players[0].garden[0][0]", "sand has no tasks"),
        ([".5"], "players[0].garden[0][0]", "sand has no return locations"),
        (["w5a"], "players[0].garden[0][0]", "a lost animal is returned to grass, but this square is water"),
        (["g*(a!)"], "players[0].garden[0][0]", "a task symbol in brackets is letters, digits"),
        (["g*()"], "players[0].garden[0][0]", "a task symbol in brackets is letters, digits"),
        ([], "players[0].garden", "has no squares: paint at least one square"),
        ([[None], "- -", ""], "players[0].garden", "has no squares"),
        (["g"] * 41, "players[0].garden", "has 41 rows: a garden has at most 40"),
        ([" ".join(["g"] * 41)], "players[0].garden[0]", "has 41 squares: a row has at most 40"),
    ],
)
def test_garden_problem_is_named_with_its_path(garden, path, gist):
    where, message = only_error(with_garden(garden))
    assert where == path
    assert gist in message


def test_largest_grid_is_accepted_and_one_more_row_or_column_is_not():
    # The entry grid holds 40 x 40 places (blank padding included); the squares painted in it are
    # bounded by the path (test_vadoran_limits.py).
    rows = [" ".join(["-"] * 40)] * 40
    rows[0] = "g " + " ".join(["-"] * 39)
    assert GAME.score(with_garden(rows)).player("Purple").category("tasks").points == 0
    assert only_error(with_garden(rows + ["g"]))[0] == "players[0].garden"
    assert only_error(with_garden([rows[0] + " -"] + rows[1:]))[0] == "players[0].garden[0]"


def test_every_garden_problem_is_reported_at_once():
    found = errors_of(with_garden(["g x .*", [{"terrain": "mud"}, 4]]))
    assert [p for p, _ in found] == [
        "players[0].garden[0][1]", "players[0].garden[0][2]",
        "players[0].garden[1][0].terrain", "players[0].garden[1][1]"]


def test_missing_garden_and_areas_is_refused():
    t = base()
    del t["players"][1]["garden"]
    assert only_error(t) == ("players[1].garden", "is missing: paint the garden (or enter its areas in quick mode)")


def test_garden_and_quick_areas_together_are_refused():
    t = with_garden(["g"], areas=[{"terrain": "grass", "squares": 1}])
    assert only_error(t) == ("players[0].areas", "give either the painted garden or the quick-entry areas, not both")


@pytest.mark.parametrize("key, value", [("return_locations", {"animal": 1}), ("unscored_squares", 3)])
def test_quick_entry_keys_with_a_painted_garden_are_refused(key, value):
    where, message = only_error(with_garden(["g"], **{key: value}))
    assert where == f"players[0].{key}"
    assert "is for quick entry" in message


def test_functions_for_the_entry_screen_name_the_garden_path():
    for fn in (read_compact, parse_compact, to_compact):
        with pytest.raises(ValidationError) as err:
            fn(["g", "q"])
        assert [e.path for e in err.value.errors] == ["garden[1][0]"]


# ------------------------------------------------------------------- quick entry


def quick(areas_, **extra):
    t = base()
    t["players"][1] = {"name": "Green", "areas": areas_, **extra}
    return t


@pytest.mark.parametrize(
    "areas_, extra, path, gist",
    [
        ("grass", {}, "players[1].areas", "must be a list of areas"),
        ([3], {}, "players[1].areas[0]", "must be an area"),
        ([{"squares": 2}], {}, "players[1].areas[0].terrain", "is missing: choose grass, soil, water or sand"),
        ([{"terrain": "lava", "squares": 2}], {}, "players[1].areas[0].terrain", '"lava" is not a terrain'),
        ([{"terrain": "grass"}], {}, "players[1].areas[0].squares", "is missing: enter a whole number from 1 to 400"),
        ([{"terrain": "grass", "squares": 0}], {}, "players[1].areas[0].squares", "must be a whole number from 1 to 400"),
        ([{"terrain": "grass", "squares": 2, "tasks": -1}], {}, "players[1].areas[0].tasks",
         "must be a whole number from 0 to 400"),
        ([{"terrain": "grass", "squares": 2, "tablets": 3}], {}, "players[1].areas[0].tablets",
         "3 tablets cannot lie on 2 squares: at most one per square"),
        ([{"terrain": "grass", "squares": 2, "tasks": 3}], {}, "players[1].areas[0].tasks",
         "3 tasks cannot lie on 2 squares"),
        ([{"terrain": "sand", "squares": 4, "tasks": 3}], {}, "players[1].areas[0].tasks", "sand has no tasks"),
        ([], {}, "players[1].areas", "has no squares: enter at least one area"),
        ([{"terrain": "grass", "squares": 2}], {"return_locations": [1]}, "players[1].return_locations",
         "must be an object"),
        ([{"terrain": "grass", "squares": 2}], {"return_locations": {"coin": 1}}, "players[1].return_locations.coin",
         "is not a lost item: use animal, tool or pendant"),
        ([{"terrain": "grass", "squares": 2}], {"return_locations": {"tool": -2}}, "players[1].return_locations.tool",
         "must be a whole number from 0 to 400"),
        ([{"terrain": "grass", "squares": 2}], {"unscored_squares": -1}, "players[1].unscored_squares",
         "must be a whole number from 0 to 400"),
    ],
)
def test_quick_entry_problem_is_named_with_its_path(areas_, extra, path, gist):
    where, message = only_error(quick(areas_, **extra))
    assert where == path
    assert gist in message


# ------------------------------------------------------------ lost items, achievements


@pytest.mark.parametrize(
    "lost, path, gist",
    [
        ([1, 0, 1], "players[0].lost_items", "must be an object such as"),
        ({"animals": 1}, "players[0].lost_items.animals", "is not a lost item: use animal, tool or pendant"),
        ({"tool": -1}, "players[0].lost_items.tool", "must be a whole number from 0 to 5"),
        ({"tool": 6}, "players[0].lost_items.tool", "must be a whole number from 0 to 5"),
        ({"tool": 1.5}, "players[0].lost_items.tool", "must be a whole number from 0 to 5"),
        ({"tool": True}, "players[0].lost_items.tool", "must be a whole number from 0 to 5"),
    ],
)
def test_lost_item_problem_is_named_with_its_path(lost, path, gist):
    where, message = only_error(with_garden(["g"], lost_items=lost))
    assert (where, gist in message) == (path, True)


def test_players_together_cannot_find_more_than_the_five_items_of_a_kind():
    t = base()
    t["players"][0]["lost_items"] = {"animal": 3}
    t["players"][1]["lost_items"] = {"animal": 3}
    assert only_error(t) == ("players[1].lost_items.animal",
                             "the players have found 6 lost animals in all: the game has only 5")
    t["players"][1]["lost_items"] = {"animal": 2}  # 5 in all: fine
    assert GAME.score(t).player("Green").category("lost_items").points == 0


@pytest.mark.parametrize(
    "achievements, path, gist",
    [
        ({"terrain": "water"}, "players[0].achievements", "must be a list of claimed achievements"),
        ([{"terrain": t, "points": 1} for t in ("grass", "soil", "water", "grass")], "players[0].achievements",
         "has 4 achievements: a player claims at most 3"),
        ([7], "players[0].achievements[0]", "must be an achievement such as"),
        ([{"points": 7}], "players[0].achievements[0].terrain", "is missing: choose the grass, soil or water"),
        ([{"terrain": "sand", "points": 7}], "players[0].achievements[0].terrain",
         '"sand" is not an achievement card: choose grass, soil or water'),
        ([{"terrain": "water", "points": 7}, {"terrain": "WATER", "points": 3}], "players[0].achievements[1].terrain",
         "the water achievement is already listed: a player claims each achievement card once"),
        ([{"terrain": "water"}], "players[0].achievements[0].points", "is missing: enter a whole number from 0 to 30"),
        ([{"terrain": "water", "points": -2}], "players[0].achievements[0].points", "from 0 to 30"),
        ([{"terrain": "water", "points": 31}], "players[0].achievements[0].points", "from 0 to 30"),
        ([{"terrain": "water", "points": "seven"}], "players[0].achievements[0].points", "from 0 to 30"),
    ],
)
def test_achievement_problem_is_named_with_its_path(achievements, path, gist):
    where, message = only_error(with_garden(["g"], achievements=achievements))
    assert (where, gist in message) == (path, True)


def test_achievement_worth_30_is_the_largest_accepted():
    t = with_garden(["g"], achievements=[{"terrain": "soil", "points": 30}])
    assert GAME.score(t).player("Purple").category("achievements").points == 30


# ------------------------------------------------------------------- options, table


def solo_table(**options):
    t = base()
    del t["players"][1]
    t["options"] = {"mode": "solo", **options}
    return t


@pytest.mark.parametrize(
    "table, path, gist",
    [
        ({**base(), "options": {"mode": "coop"}}, "options.mode",
         '"coop" is not allowed: choose one of standard, advanced, solo'),
        ({**base(), "options": {"difficulty": "insane"}}, "options.difficulty",
         "choose one of easy, medium, hard, expert"),
        ({**base(), "options": {"mode": "solo"}}, "options.mode",
         "solo is played by 1 player against the sister: this table has 2"),
        ({**solo_table(), "player_count": 2}, "options.mode", "this table has 2"),
        (solo_table(sister_achievements=5), "options.sister_achievements", "must be a list of the points"),
        (solo_table(sister_achievements=[1, 2, 3, 4]), "options.sister_achievements",
         "has 4 achievements: on medium the sister claims at most 3"),
        (solo_table(difficulty="easy", sister_achievements=[1, 2, 3]), "options.sister_achievements",
         "on easy the sister claims at most 2"),
        (solo_table(sister_achievements=[-1]), "options.sister_achievements[0]", "must be a whole number from 0 to 30"),
        ({**base(), "player_count": 1}, "player_count", "must be a whole number from 2 to 4"),
        ({**base(), "player_count": 5}, "player_count", "must be a whole number from 2 to 4"),
        ({"players": []}, "players", "has 0 players: this game takes 1 to 4"),
        ({"players": [{"name": f"P{i}", "garden": ["g"]} for i in range(5)]}, "players",
         "has 5 players: this game takes 1 to 4"),
        ({"players": [{"name": "A", "garden": ["g"]}, {"name": "a", "garden": ["g"]}]}, "players[1].name",
         "is already the name of player 1"),
        ([], "", "the table must be a JSON object"),
        ({**base(), "options": "solo"}, "options", "must be an object"),
    ],
)
def test_option_and_table_problem_is_named_with_its_path(table, path, gist):
    found = errors_of(table)
    assert any(where == path and gist in message for where, message in found), found


def test_expert_sister_may_claim_six_achievements():
    t = solo_table(difficulty="expert", sister_achievements=[1, 1, 1, 1, 1, 1])
    # failed squares: water w5 (1) + soil s5 s (2) = 3, x 5 = 15; both items returned; 6 x 1.  21.
    assert GAME.score(t).extra["solo"]["opponent_total"] == 21


def test_every_problem_in_the_table_is_listed_together():
    t = base()
    t["options"]["mode"] = "coop"
    t["players"][0]["lost_items"] = {"tool": -1}
    t["players"][1]["garden"] = ["x"]
    assert [p for p, _ in errors_of(t)] == ["options.mode", "players[0].lost_items.tool", "players[1].garden[0][0]"]


# ----------------------------------------------------------------------- fuzzing

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.floats(allow_nan=True)
    | st.text(max_size=12) | st.sampled_from(["g*", "w5", ".", "-", "grass", "sand", "animal", "solo", "7", "-3"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, prefix + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _paths(item, prefix + (i,))


def _solo_quick():
    return {"options": {"mode": "solo", "difficulty": "hard", "sister_achievements": [3, 4]},
            "players": [{"name": "Q", "areas": [{"terrain": "grass", "squares": 5, "tasks": 3, "tablets": 1}],
                         "return_locations": {"tool": 1}, "unscored_squares": 2, "lost_items": {"tool": 2},
                         "achievements": [{"terrain": "soil", "points": 4}]}]}


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_corrupted_tables_only_ever_give_a_result_or_a_validation_error(data):
    table = copy.deepcopy(data.draw(st.sampled_from([base(), _solo_quick()])))
    for _ in range(data.draw(st.integers(1, 3))):
        paths = list(_paths(table))
        path = data.draw(st.sampled_from(paths))
        value = data.draw(json_values)
        if not path:
            table = value
            continue
        parent = table
        for key in path[:-1]:
            parent = parent[key]
        parent[path[-1]] = value
    try:
        result = scoring.score("vadoran-gardens", table)
    except ValidationError as err:
        assert err.errors and all(e.message for e in err.errors)
    else:
        assert isinstance(result, Result)
        for p in result.players:
            assert p.total == sum(c.points for c in p.categories)
            assert all(c.details for c in p.categories)
