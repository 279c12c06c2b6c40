"""Gretchen's Garden component and turn limits across the whole table (issue 15.2): what no box of
the game can produce is refused, naming the field and the limit; the smallest refusal and the
largest acceptance of each.  The rulebook sentence of each limit is in docs/rules/gretchens-garden.md."""

import pytest

from scoring import gretchen
from scoring.core import ValidationError
from scoring.gretchen.examples import MONEY_PLANT, cell, gray, player, table

COLOURED = [(c, s) for c in gretchen.COLORS for s in (6, 8, 12)]  # the 18 coloured pot cards


def errors_of(tbl):
    with pytest.raises(ValidationError) as caught:
        gretchen.GAME.score(tbl)
    return [(e.path, e.message) for e in caught.value.errors]


def only_error(tbl):
    (found,) = errors_of(tbl)
    return found


def row(left, right):
    return [*left, dict(MONEY_PLANT), *right]


# ------------------------------------------------------------------- 12 seasons, one action each


def test_twelve_bought_pots_are_twelve_actions_and_score():
    ann = player("Ann", row([gray(), *[cell(*k) for k in COLOURED[:6]]], [*[cell(*k) for k in COLOURED[6:12]], gray()]))
    assert gretchen.GAME.score(table(ann, player("Bo"))).player("Ann").category("pots").points == 28


def test_a_thirteenth_bought_pot_is_refused():
    ann = player("Ann", row([gray(), *[cell(*k) for k in COLOURED[:7]]], [*[cell(*k) for k in COLOURED[7:13]], gray()]))
    assert only_error(table(ann, player("Bo"))) == (
        "players[0].display", "needs 13 actions (13 bought pots, 0 plants, 0 flowers: each is one action, a buy, a "
        "cutting or a flowering): a game has 12 seasons of one action each")


def four_flowers():
    return [cell("purple", 6, "Baby Toes", 1, True), cell("blue", 6, "Coral Cactus", 1, True),
            cell("green", 6, "String of Pearls", 1, True), cell("yellow", 6, "Ribbon Plant", 1, True)]


def test_four_flowered_plants_in_bought_pots_are_twelve_actions():
    # each: buy the pot, buy (or cut) the plant, flower it = 3 actions; 4 x 3 = 12
    ann = player("Ann", row(four_flowers()[:2], four_flowers()[2:]))
    assert gretchen.GAME.score(table(ann, player("Bo"))).player("Ann").category("flowers").points == 28


def test_one_plant_more_than_twelve_actions_allow_is_refused():
    ann = player("Ann", row([gray("Living Stone"), *four_flowers()[:2]], four_flowers()[2:]))
    path, message = only_error(table(ann, player("Bo")))
    assert path == "players[0].display"
    assert message.startswith("needs 13 actions (4 bought pots, 5 plants, 4 flowers")


def test_plants_in_the_starting_pots_count_as_actions_too():
    # 2 plants in the gray pots + 5 bought pots with a plant each = 12
    kinds = ["Baby Toes", "Coral Cactus", "String of Pearls", "Ribbon Plant", "Bunny Ears"]
    pots = [cell(*k, name) for k, name in zip(COLOURED[::3], kinds)]
    ann = player("Ann", row([gray("Pet Rock"), *pots], [gray("Aloe Vera")]))
    assert gretchen.GAME.score(table(ann, player("Bo"), player("Cy"))).player("Ann").total > 0
    ann = player("Ann", row([gray("Pet Rock"), *pots], [cell("red", 6), gray("Aloe Vera")]))  # one empty pot more
    path, message = only_error(table(ann, player("Bo"), player("Cy")))
    assert path == "players[0].display" and message.startswith("needs 13 actions (6 bought pots, 7 plants, 0 flowers")


# ------------------------------------------------------------------------- cuttings


def stones(k, name="Ann"):
    return player(name, row([gray("Living Stone"), gray("Living Stone")][:k], [cell("rainbow", 4, "Living Stone")] * max(0, k - 2)))


@pytest.mark.parametrize("players, in_deck", [(2, 1), (3, 2), (4, 3)])
def test_one_row_may_hold_every_copy_the_deck_deals(players, in_deck):
    others = [player(n) for n in ("Bo", "Cy", "Dee")[: players - 1]]
    result = gretchen.GAME.score(table(stones(in_deck), *others))
    assert result.player("Ann").category("plants").points == 3 * in_deck


@pytest.mark.parametrize("players, in_deck", [(2, 1), (3, 2), (4, 3)])
def test_a_cutting_with_nobody_to_cut_from_is_refused(players, in_deck):
    others = [player(n) for n in ("Bo", "Cy", "Dee")[: players - 1]]
    path, message = only_error(table(stones(in_deck + 1), *others))
    at = in_deck if in_deck < 2 else in_deck + 1  # the first copy beyond the deck's (the Money Plant is place 2)
    assert path == f"players[0].display[{at}].plant.name"
    assert message == (
        f'is a cutting with nobody to cut from: all {in_deck + 1} "Living Stone" on the table are in Ann\'s row, '
        f"a {players}-player game deals only {in_deck} into the plant deck, and every other copy is a cutting, "
        'taken only from another player\'s "Living Stone" (which stays in their row)')


def test_a_cutting_is_fine_when_another_player_holds_that_succulent():
    # 2 players: the deck's one Living Stone and 4 cuttings, whichever row the first one is in
    result = gretchen.GAME.score(table(stones(4), stones(1, "Bo")))
    assert [p.category("plants").points for p in result.players] == [12, 3]


def test_cuttings_are_not_judged_while_seats_are_missing_or_a_board_is_alone():
    tbl = table(stones(3), player("Bo"))
    tbl["player_count"] = 3  # Cy, not entered yet, may hold the Living Stone they were cut from
    assert gretchen.GAME.score(tbl).player("Ann").total > 0
    assert gretchen.GAME.score(table(stones(3))).player("Ann").total > 0  # one board on its own


def test_special_plants_are_never_cuttings():
    # the deck holds every special plant there is (1 copy each): a second copy is already refused
    ann = player("Ann", row([gray("Pet Rock")], [gray()]))
    bo = player("Bo", row([gray("Pet Rock")], [gray()]))
    path, message = only_error(table(ann, bo))
    assert path == "players[1].display[0].plant.name" and "too many" in message


# ------------------------------------------------------------------ the Money Plant's place


@pytest.mark.parametrize("extra, path", [
    ({"plant": {"name": "Living Stone", "leaves": 1}}, "players[0].display[1].plant"),
    ({"pot": {"color": "red", "size": 6}}, "players[0].display[1].pot"),
])
def test_a_place_that_is_both_the_money_plant_and_a_pot_or_plant_is_refused(extra, path):
    ann = player("Ann", [gray(), {"money_plant": True, **extra}, gray()])
    found, message = only_error(table(ann, player("Bo")))
    assert found == path and message.startswith("is on the Money Plant's place")


def test_the_money_plant_place_may_say_it_has_no_pot_and_no_plant():
    ann = player("Ann", [gray(), {"money_plant": True, "pot": None, "plant": None}, gray()])
    assert gretchen.GAME.score(table(ann, player("Bo"))).player("Ann").total == 4


# ----------------------------------------------------------- 116 water/leaf markers, 26 "4 leaves"


def cans(a, b, money=0):
    return table(player("Ann", money=money, can=a), player("Bo", money=0, can=b))


def test_all_116_markers_as_water_in_the_cans_are_accepted():
    assert gretchen.GAME.score(cans(58, 58)).players[0].total == 4


def test_one_marker_more_than_the_box_has_is_refused():
    assert only_error(cans(58, 59)) == (
        "players", 'hold 0 leaves and 117 water in watering cans: that takes 117 of the game\'s 116 water/leaf '
        'markers (its 26 "4 leaves" markers count 4 leaves each, on one plant)')
    path, message = only_error(cans(58, 58, money=1))  # one leaf on a Money Plant is one marker too
    assert path == "players" and message.startswith("hold 1 leaves and 116 water")


def test_four_leaves_on_one_plant_can_be_one_four_leaves_marker():
    assert gretchen.GAME.score(cans(58, 58, money=4)).players[0].total == 4


def full_rows():
    """Two rows of 6 full plants in the 6 large and 6 medium pots (12 actions each): 15 "4 leaves"
    markers each, 30 in all, 4 more than the box's 26, so 16 leaves must be single markers."""
    ann = [("purple", 12, "Baby Toes"), ("blue", 12, "Coral Cactus"), ("green", 12, "String of Pearls"),
           ("yellow", 8, "Mexican Firecracker"), ("orange", 8, "Snake Plant"), ("red", 8, "Jellybean Plant")]
    bo = [("yellow", 12, "Mexican Firecracker"), ("orange", 12, "Snake Plant"), ("red", 12, "Jellybean Plant"),
          ("purple", 8, "Baby Toes"), ("blue", 8, "Coral Cactus"), ("green", 8, "String of Pearls")]
    return [[cell(c, s, name, s) for c, s, name in cards] for cards in (ann, bo)]


@pytest.mark.parametrize("water, ok", [(100, True), (101, False)])
def test_when_the_four_leaves_markers_run_out_single_markers_take_their_place(water, ok):
    a, b = full_rows()
    tbl = table(player("Ann", row(a[:3], a[3:]), money=0, can=water // 2),
                player("Bo", row(b[:3], b[3:]), money=0, can=water - water // 2))
    if ok:  # 16 singles for the leaves + 100 water = 116
        assert gretchen.GAME.score(tbl).players[0].category("leaves").points == 60
    else:
        path, message = only_error(tbl)
        assert path == "players" and message.startswith("hold 120 leaves and 101 water in watering cans: that takes 117")
