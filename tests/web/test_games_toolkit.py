"""The adapter toolkit (web/games/__init__.py): a stepper tap posted without JavaScript."""

from scoring.schema import Arr, Int, Obj, Text
from web.games import apply_step, state_from_paths

BOARD = Obj({"wrens": Int(0, 3), "plants": Arr(Obj({"name": Text(), "growth": Int(0, 9)}), 6), "free": Int(0, None)})


def test_a_step_stays_within_zero_and_the_schemas_most():
    assert apply_step({"wrens": 2}, "wrens:+1", BOARD) == {"wrens": 3}
    assert apply_step({"wrens": 3}, "wrens:+1", BOARD) == {"wrens": 3}  # the most: stays
    assert apply_step({"wrens": 0}, "wrens:-1", BOARD) == {"wrens": 0}
    assert apply_step({}, "wrens:+1", BOARD) == {"wrens": 1}  # nothing yet counts from 0
    assert apply_step({"wrens": "abc"}, "wrens:+1", BOARD) == {"wrens": "abc"}  # typed text stays for the engine to name
    assert apply_step({"wrens": 1}, "wrens:+2", BOARD) == {"wrens": 1} and apply_step({"wrens": 1}, "home[x]:+1", BOARD) == {"wrens": 1}
    assert apply_step({"wrens": 1}, "wrens:full", BOARD) == {"wrens": 3}
    assert apply_step({"free": 5}, "free:full", BOARD) == {"free": 5}  # no most: Full does nothing
    assert state_from_paths({"wrens": "1", "step": "wrens:+1", "csrf_token": "t", "home[x]": "2"}, {}, BOARD) == {"wrens": 2}


def test_a_game_whose_most_depends_on_the_board_gives_it():
    def most(state, parts, top):  # a plant's growth: as many as its name's length (no name: no step)
        if parts[2:] != ("growth",):
            return top
        name = state["plants"][parts[1]].get("name")
        return len(name) if name else None

    board = {"plants": [{"name": "Ivy", "growth": 2}, {"name": "", "growth": 0}], "wrens": "x"}
    assert apply_step(board, "plants[0].growth:+1", BOARD, most)["plants"][0]["growth"] == 3
    assert apply_step(board, "plants[0].growth:full", BOARD, most)["plants"][0]["growth"] == 3
    stepped = apply_step(board, "plants[0].growth:+1", BOARD, most)
    assert apply_step(stepped, "plants[0].growth:+1", BOARD, most) == stepped  # 3 of 3
    assert apply_step(board, "plants[1].growth:+1", BOARD, most) == board  # no name: no step
    assert apply_step(board, "wrens:+1", BOARD, most)["wrens"] == 1  # with a most, unreadable text steps from 0
