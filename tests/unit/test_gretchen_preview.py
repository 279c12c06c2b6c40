"""Gretchen's Garden seat preview (issue 13.2): what the seat page shows while a player types,
from the same rules as the score.  A complete legal board previews to exactly its score; a
half-typed one previews what reads, place by place, and never raises."""

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import scoring
from scoring import gretchen
from scoring.core import Preview
from scoring.gretchen.examples import MONEY_PLANT, cell, gray, player, rulebook_example, table


def seats(tbl):
    return [{k: v for k, v in p.items()} for p in tbl["players"]]


def review_table():
    """tests/unit/test_gretchen_review.py's hand-computed table (Ann 64, Bo 50)."""
    ann = player("Ann", [gray("Calico Hearts", 2), cell("purple", 6, "Calico Hearts", 6, True),
                         cell("red", 8, "Jellybean Plant", 3), MONEY_PLANT, cell("rainbow", 4, "String of Pearls", 3),
                         cell("orange", 12, "Snake Plant", 12), gray("Ribbon Plant", 1)], money=4, can=6)
    bo = player("Bo", [gray("Ribbon Plant", 2), MONEY_PLANT, cell("yellow", 6, "Ribbon Plant", 6, True),
                       cell("blue", 6, "Coral Cactus", 4), cell("green", 8, "Aloe Vera", 8), gray("Calico Hearts")],
                money=4, can=3)
    return table(ann, bo)


def three_players():
    cy = player("Cy", [gray("Calico Hearts", 2), cell("red", 6), dict(MONEY_PLANT), gray("Calico Hearts"),
                       cell("orange", 8, "Bunny Ears", 3)], money=4, can=7)
    dee = player("Dee", [gray("Leaf Window"), dict(MONEY_PLANT), cell("rainbow", 4, "Mermaid Tail", 2)], money=4)
    eve = player("Eve", [gray("Ribbon Plant", 1), dict(MONEY_PLANT), gray("Pet Rock")])
    return table(cy, dee, eve, aloe_vera_max_4=True, calico_hearts_distance="plants_closer_plus_1")


WORKED = [rulebook_example, review_table, three_players]


@pytest.mark.parametrize("build", WORKED)
def test_a_complete_legal_board_previews_to_exactly_its_score(build):
    tbl = build()
    result = gretchen.GAME.score(tbl)
    boards = seats(tbl)
    for i, board in enumerate(boards):
        others = boards[:i] + boards[i + 1:]
        seen = gretchen.GAME.previewer(board, tbl["options"], len(boards), i, others=others)
        mine = result.players[i]
        assert seen.complete and seen.messages == ()
        assert seen.total == mine.total
        assert seen.categories == mine.categories  # the same lines and refs, not just the number
        # each place's points add up to the total
        assert sum(v for v in seen.points.values() if v is not None) == mine.total
        assert all(v is not None for v in seen.points.values())


@pytest.mark.parametrize("build", WORKED)
def test_a_board_alone_previews_to_its_score_as_one_board(build):
    tbl = build()
    for board in seats(tbl):
        seen = gretchen.GAME.preview(board, tbl["options"])
        alone = gretchen.GAME.score({"options": tbl["options"], "players": [board]})
        assert (seen.total, seen.categories) == (alone.players[0].total, alone.players[0].categories)


def test_the_preview_is_what_game_preview_gives():
    steve = seats(rulebook_example())[0]
    assert isinstance(gretchen.GAME.preview(steve, {}, 2, 0), Preview)
    assert gretchen.GAME.preview(steve, {}, 2, 0) == gretchen.preview(steve, {}, 2, 0)


def test_each_place_has_its_points_and_its_own_lines():
    steve, anna = seats(rulebook_example())
    seen = gretchen.preview(steve, {}, 2, 0, others=[anna])
    # Jellybean Plant, left 2: 12 leaves + red flower 7 + 4 colours 4 + its red pot 2 = 25
    assert seen.points["display[2]"] == 25
    assert seen.why["display[2]"] == (
        "Jellybean Plant (left 2): 12 leaves = 12", "Jellybean Plant (left 2): red flower = 7",
        "Jellybean Plant (red): 4 colours among your plants and pots (purple, yellow, orange, red; gray and "
        "rainbow do not count): 1 x 4 = 4")
    # Mexican Firecracker, left 3: 8 + 7 + tied for the most 5 + pot 2 = 22
    assert seen.points["display[1]"] == 22
    assert "you own 1, tied for the most (others: Anna 1)" in seen.why["display[1]"][2]
    # an empty starting pot: its pot card's 2, and no line of its own
    assert seen.points["display[0]"] == 2 and seen.why["display[0]"] == ()
    # the Money Plant: money, and its pot (not a pot card by default)
    assert seen.points["display[4]"] == 0
    assert seen.why["display[4]"][0] == "Money Plant: 3 leaves, money only: 0"
    assert "7 pot cards (2 gray starting, 5 bought) x 2 = 14" in seen.why["display"]
    assert seen.why["money_plant_leaves"] == ("Money Plant: 3 leaves, money only: 0",)
    assert seen.extra["compared_with"] == ["Anna"]


def test_the_money_plant_pot_option_puts_two_points_on_its_place():
    seen = gretchen.preview(gretchen.blank_player(), {"money_plant_pot_scores": True}, 2, 0)
    assert seen.points == {"display[0]": 2, "display[1]": 2, "display[2]": 2} and seen.total == 6


def test_a_half_typed_row_scores_what_reads_and_says_what_to_fix():
    steve, anna = seats(rulebook_example())
    typing = copy.deepcopy(steve)
    typing["display"][2]["plant"]["leaves"] = 13  # one leaf too many for a size-12 pot
    typing["display"][6]["plant"]["name"] = "Moon Cac"  # still typing
    seen = gretchen.preview(typing, {}, 2, 0, others=[anna])
    assert not seen.complete
    assert [m.path for m in seen.messages] == ["display[2].plant.leaves", "display[6].plant.name"]
    assert seen.points["display[2]"] is None and seen.points["display[6]"] is None
    # What reads: leaves 8 + 5 + 7 = 20; flower (Mexican Firecracker) 7; plants: Baby Toes 2 plants
    # left (Mexican Firecracker, Snake Plant), 1 right (Baby Toes): 0, Mexican Firecracker tied 5,
    # Snake Plant not full 0 -> 5; pots: the 5 places that read (0, 1, 3, 5, 7) x 2 = 10 -> 42
    assert [c.points for c in seen.categories] == [20, 7, 5, 10]
    assert seen.total == 42
    assert seen.points["display[1]"] == 8 + 7 + 5 + 2


def test_a_row_without_its_money_plant_yet_scores_everything_but_the_distances():
    row = [gray("Calico Hearts", 2), cell("red", 6, "Baby Toes", 3), gray("Living Stone", 1)]
    seen = gretchen.preview({"money_plant_leaves": 3, "watering_can": 0, "display": row}, {}, 2, 0)
    assert [m.path for m in seen.messages] == ["display"]
    assert seen.messages[0].message.startswith("has no Money Plant")
    assert seen.points["display[0]"] is None and seen.points["display[1]"] is None  # measured from it
    assert seen.points["display[2]"] == 1 + 3 + 2  # a leaf, Living Stone 3, its pot
    # leaves 2 + 3 + 1 = 6; plants: Living Stone 3; pots 3 x 2 = 6 -> 15
    assert seen.total == 15
    assert any("waits for the Money Plant" in line for line in seen.why["display[0]"])
    assert "Calico Hearts (place 1)" in seen.why["display[0]"][0]


@pytest.mark.parametrize("state", [None, "x", [], {}, {"display": "row"}, {"display": [None] * 30}])
def test_nothing_to_score_gives_no_total_and_says_why(state):
    seen = gretchen.preview(state, {}, 2, 0)
    assert seen.total is None and not seen.complete and seen.messages


def test_the_untouched_starting_row_is_told_apart():
    blank = gretchen.blank_player()
    seen = gretchen.preview(blank, {}, 2, 0)
    assert seen.complete and seen.total == 4 and seen.extra["untouched"] is True
    touched = copy.deepcopy(blank)
    touched["money_plant_leaves"] = 2  # the start player's 2 leaves
    assert gretchen.preview(touched, {}, 2, 0).extra["untouched"] is False
    assert gretchen.preview(dict(blank, name="Ann"), {}, 2, 0).extra["untouched"] is True


def test_other_seats_that_do_not_read_yet_are_not_compared():
    steve, anna = seats(rulebook_example())
    broken = copy.deepcopy(anna)
    broken["display"][0]["plant"]["leaves"] = "x"
    seen = gretchen.preview(steve, {}, 2, 0, others=[broken])
    assert seen.complete  # Steve's own board is fine
    assert seen.extra["compared_with"] == []
    assert "you own 1, the most (others: nobody else entered)" in seen.why["display[1]"][2]


def test_table_problems_at_this_seat_are_in_its_messages():
    steve, anna = seats(rulebook_example())
    twin = copy.deepcopy(anna)
    twin["display"][3] = cell("red", 12, "Living Stone", 3)  # Steve's red 12 pot is the only one
    seen = gretchen.preview(twin, {}, 2, 1, others=[steve])
    assert [m.path for m in seen.messages] == ["display[3].pot", "display[3].plant.name"]
    assert not seen.complete and seen.total is not None


def test_options_that_do_not_read_are_messages_and_the_defaults_apply():
    seen = gretchen.preview(gretchen.blank_player(), {"aloe_vera_max": True}, 2, 0)
    assert [m.path for m in seen.messages] == ["options.aloe_vera_max"]
    assert seen.total == 4


# ------------------------------------------------------------------------------ never raises

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, prefix + (index,))


def _corrupt(data, value):
    for _ in range(data.draw(st.integers(0, 3))):
        path = data.draw(st.sampled_from(list(_paths(value))))
        if not path:
            value = data.draw(JSON)
            continue
        parent = value
        for step in path[:-1]:
            parent = parent[step]
        if data.draw(st.booleans()):
            del parent[path[-1]]
        else:
            parent[path[-1]] = data.draw(JSON)
    return value


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_fuzzed_states_never_raise(data):
    steve, anna = copy.deepcopy(seats(rulebook_example()))
    state = _corrupt(data, {k: v for k, v in steve.items() if k != "name"})
    others = data.draw(st.sampled_from([None, [anna], [_corrupt(data, anna)], ["x"]]))
    options = data.draw(st.sampled_from([None, {}, {"calico_hearts_distance": "plants_between"}, "x"]) | JSON)
    count = data.draw(st.integers(-1, 6))
    position = data.draw(st.integers(-1, 4))
    seen = gretchen.GAME.previewer(state, options, count, position, others=others)
    assert isinstance(seen, Preview)
    seen.to_dict()
    if seen.total is not None:
        assert seen.total == sum(c.points for c in seen.categories)
    if seen.complete:
        assert not seen.messages


def test_scoring_get_routes_to_the_preview():
    seen = scoring.get("gretchens-garden").preview(gretchen.blank_player(), {}, 2, 1)
    assert seen.total == 4
