"""Every Verdant validation message: the path of the cell and the gist of what is allowed."""

from __future__ import annotations

import copy

import pytest

from scoring.core import ValidationError
from scoring.verdant.catalog import TYPES
from tests.unit.test_verdant_support import (
    ALICE_HOME,
    BEA_HOME,
    anon,
    bob_home,
    card_like,
    checker,
    errors_of,
    item,
    plain_home,
    plant,
    player,
    room,
    score,
    table,
    unused,
)


def base():
    """A legal two-player table: Alice (named cards, 2 concrete, 2 wood, 1 ceramic) and Bob (anonymous
    cards, 1 concrete, 1 wood)."""
    return table(player("Alice", ALICE_HOME, green_thumbs=2), player("Bob", bob_home()))


def test_the_base_table_is_legal():
    assert score(base()).player("Alice").total == 78


def _set(path):
    """A mutator that sets the value at a path of keys/indexes."""
    *_parents, last = path[:-1], path[-1]
    def mutate(t, value):
        node = t
        for key in path[:-1]:
            node = node[key]
        if value is _DELETE:
            del node[last]
        else:
            node[last] = value
    return mutate


_DELETE = object()
A = ("players", 0)
HOME = A + ("home",)


CASES = [
    # (id, keys to set, value, expected path, gist of the message)
    ("player count below the seats", ("player_count",), 1, "player_count", "at least the 2 boards sent"),
    ("player count above five", ("player_count",), 6, "player_count", "to 5"),
    ("player count not a number", ("player_count",), "two", "player_count", "whole number"),
    ("unknown variant", ("options", "variant"), "expert", "options.variant", "standard, family"),
    ("modification out of range", ("options", "modification"), 11, "options.modification", "from 1 to 10"),
    ("modification zero", ("options", "modification"), 0, "options.modification", "from 1 to 10"),
    ("home missing", HOME, _DELETE, "players[0].home", "3 rows of 5"),
    ("home with two rows", HOME, [[None] * 5] * 2, "players[0].home", "has 2 rows"),
    ("home not a list", HOME, "garden", "players[0].home", "3 rows of 5"),
    ("row of four", HOME + (1,), [None] * 4, "players[0].home[1]", "has 4 cards: each row of the home holds 5 cards"),
    ("empty cell", HOME + (1, 2), None, "players[0].home[1][2]", "is empty"),
    ("cell without a kind", HOME + (1, 2), {"name": "Jasmine"}, "players[0].home[1][2]", "plant or a room card"),
    ("cell that is a number", HOME + (1, 2), 7, "players[0].home[1][2]", "plant or a room card"),
    ("plant next to plant", HOME + (0, 1), card_like("vining", 5, 5), "players[0].home[0][1]", "is a plant next to the plant at home[0][0]"),
    ("room next to room", HOME + (0, 0), room("vining"), "players[0].home[0][1]", "is a room next to the room at home[0][0]"),
    ("unknown plant name", HOME + (0, 0, "name"), "Jasmin", "players[0].home[0][0].name", 'did you mean "Jasmine"'),
    ("plant name not text", HOME + (0, 0, "name"), 12, "players[0].home[0][0].name", "plant card's name"),
    ("plant type disagrees", HOME + (0, 0, "type"), "succulent", "players[0].home[0][0].type", '"Jasmine" has type vining'),
    ("plant points disagree", HOME + (0, 0, "points"), 9, "players[0].home[0][0].points", "has points 11"),
    ("plant needs disagree", HOME + (0, 0, "needs"), 8, "players[0].home[0][0].needs", "has needs 9"),
    ("plant light disagrees", HOME + (0, 0, "light"), ["shade"], "players[0].home[0][0].light", "prefers sun, semi"),
    ("anonymous plant without type", HOME + (0, 0), {"kind": "plant", "points": 3, "needs": 4}, "players[0].home[0][0].type", "is missing"),
    ("anonymous plant with a bad type", HOME + (0, 0), anon("cactus", 4, 5), "players[0].home[0][0].type", "succulent, flowering"),
    ("anonymous plant without points", HOME + (0, 0), {"kind": "plant", "type": "vining", "needs": 4}, "players[0].home[0][0].points", "is missing"),
    ("anonymous plant with huge points", HOME + (0, 0), anon("vining", points=10**9), "players[0].home[0][0].points", "from 0 to 20"),
    ("anonymous plant without needs", HOME + (0, 0), {"kind": "plant", "type": "vining", "points": 4}, "players[0].home[0][0].needs", "is missing"),
    ("anonymous plant with bad light", HOME + (0, 0), anon("vining", 5, 5, light=["moon"]), "players[0].home[0][0].light", "1 to 3 different lighting"),
    ("anonymous plant with repeated light", HOME + (0, 0), anon("vining", 5, 5, light=["sun", "sun"]), "players[0].home[0][0].light", "1 to 3 different"),
    ("unknown pot", HOME + (0, 0, "pot"), "gold", "players[0].home[0][0].pot", "concrete, wood, ceramic, terracotta"),
    ("pot and verdancy", HOME + (0, 0, "verdancy"), 2, "players[0].home[0][0].verdancy", "both a pot and 2 verdancy"),
    ("verdancy that completes", HOME + (0, 2, "verdancy"), 6, "players[0].home[0][2].verdancy",
     '"Moth Orchid" needs 6 verdancy to complete: an incomplete plant holds 0 to 5'),
    ("negative verdancy", HOME + (0, 2, "verdancy"), -1, "players[0].home[0][2].verdancy", "from 0 to 11"),
    ("verdancy as words", HOME + (0, 2, "verdancy"), "lots", "players[0].home[0][2].verdancy", "whole number"),
    ("unknown room name", HOME + (0, 1), room("Garden room 1"), "players[0].home[0][1].name", 'like "Vining room 3"'),
    ("room without type", HOME + (0, 1), {"kind": "room"}, "players[0].home[0][1].type", "is missing"),
    ("room with a bad type", HOME + (0, 1, "type"), "kitchen", "players[0].home[0][1].type", "succulent, flowering"),
    ("room edges not an object", HOME + (0, 1, "edges"), ["sun"], "players[0].home[0][1].edges", '"top": "sun"'),
    ("room edge unknown", HOME + (0, 1, "edges"), {"top": "sun", "right": "dark", "bottom": "sun", "left": "sun"},
     "players[0].home[0][1].edges.right", "sun, semi, shade"),
    ("room edges no card has", HOME + (0, 1, "edges"), {"top": "sun", "right": "sun", "bottom": "sun", "left": "sun"},
     "players[0].home[0][1].edges", "no vining room card has these edges"),
    ("named room with other edges", HOME + (0, 1), room("Vining room 1", edges={"top": "sun", "right": "sun", "bottom": "shade", "left": "semi"}),
     "players[0].home[0][1].edges", '"Vining room 1" has top semi, right shade'),
    ("named room with another type", HOME + (0, 1), {"kind": "room", "name": "Vining room 1", "type": "unusual"},
     "players[0].home[0][1].type", '"Vining room 1" is vining'),
    ("item not an object", HOME + (0, 1, "item"), "lamp", "players[0].home[0][1].item", '{"kind": "lamp", "color": "vining"}'),
    ("item of unknown kind", HOME + (0, 1, "item"), item("rug", "vining"), "players[0].home[0][1].item.kind", "table, chair, sofa"),
    ("item of unknown colour", HOME + (0, 1, "item"), item("lamp", "red"), "players[0].home[0][1].item.color", "succulent, flowering"),
    ("unknown stored token", A + ("storage",), "shovel", "players[0].storage", "fertilizer, hand_trowel, watering_can"),
    ("stored item of unknown kind", A + ("storage",), item("rug", "vining"), "players[0].storage.kind", "table, chair"),
    ("six green thumbs", A + ("green_thumbs",), 6, "players[0].green_thumbs", "at most 5 Green Thumb tokens"),
    ("negative green thumbs", A + ("green_thumbs",), -1, "players[0].green_thumbs", "at least 0"),
    ("green thumbs as a list", A + ("green_thumbs",), [1], "players[0].green_thumbs", "whole number"),
    ("cards without modification 6", A + ("cards",), [], "players[0].cards", "only used under modification 6"),
    ("missing name", A + ("name",), "", "players[0].name", "is missing"),
]


@pytest.mark.parametrize("keys, value, path, gist", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_each_impossible_state_is_refused_naming_the_cell(keys, value, path, gist):
    t = base()
    _set(keys)(t, value)
    with pytest.raises(ValidationError) as exc:
        score(t)
    errors = errors_of(exc)
    assert path in errors, errors
    assert gist in errors[path]


@pytest.mark.parametrize("bad, path", [
    (None, ""), ([], ""), ({"players": "Alice"}, "players"), ({"players": []}, "players"),
    ({"players": ["Alice"]}, "players[0]"),
])
def test_malformed_tables_are_refused(bad, path):
    with pytest.raises(ValidationError) as exc:
        score(bad)
    assert path in errors_of(exc)


def test_six_players_are_refused_with_the_allowed_count():
    # 48 plants of the 5 types in turn (the box has 12 of each)
    homes = [checker([anon(TYPES[(8 * i + k) % 5]) for k in range(8)], [room("vining")] * 7) for i in range(6)]
    t = table(*[player(f"P{i}", homes[i]) for i in range(6)])
    with pytest.raises(ValidationError) as exc:
        score(t)
    assert "this game takes 1 to 5" in errors_of(exc)["players"]


def test_the_same_plant_card_twice_on_the_table_is_refused():
    t = base()
    t["players"][1]["home"][0][0] = plant("Jasmine", "wood")
    with pytest.raises(ValidationError) as exc:
        score(t)
    assert errors_of(exc)["players[1].home[0][0].name"] == '"Jasmine" is already at players[0].home[0][0]: each plant card exists once'


def test_the_same_room_card_twice_is_refused_whether_named_or_given_by_edges():
    t = table(player("Bea", BEA_HOME), player("Cy", plain_home()))
    edges = {"top": "sun", "right": "shade", "bottom": "semi", "left": "sun"}  # = Succulent room 1
    t["players"][1]["home"][0][1] = room("succulent", edges=edges)
    with pytest.raises(ValidationError) as exc:
        score(t)
    assert "same room card (Succulent room 1) as players[0].home[0][1]" in errors_of(exc)["players[1].home[0][1]"]


def test_the_same_item_token_twice_is_refused_in_rooms_and_in_storage():
    t = base()
    t["players"][1]["home"][0][1] = room("vining", item("lamp", "vining"))
    t["players"][1]["storage"] = item("cat", "flowering")
    with pytest.raises(ValidationError) as exc:
        score(t)
    errors = errors_of(exc)
    assert "Vining lamp token is already at players[0].home[0][1].item" in errors["players[1].home[0][1].item"]
    assert "Flowering cat token is already at players[0].home[1][0].item" in errors["players[1].storage"]


def test_a_fourth_concrete_pot_in_a_two_player_game_is_refused():
    # Alice has 2 concrete pots, Bob 1 (home[2][0]); one more at home[0][0] makes 4 of a supply of 3,
    # and the 4th in reading order is home[2][0]
    t = base()
    t["players"][1]["home"][0][0] = plant(unused(t, "foliage")[0], "concrete")
    with pytest.raises(ValidationError) as exc:
        score(t)
    errors = errors_of(exc)
    assert list(errors) == ["players[1].home[2][0].pot"]
    assert errors["players[1].home[2][0].pot"].startswith("is the 4th concrete pot on the table: a 2-player game has 3 concrete pots")


def test_three_concrete_pots_in_a_two_player_game_are_allowed():
    # Alice 2 + Bob 1: every concrete pot of the supply, then the wood pots
    assert score(base()).player("Bob").category("pots").points == 3 + 2


def test_a_terra_cotta_pot_while_bonus_pots_remain_is_refused():
    # supply 3 each; used: concrete 3, wood 3, ceramic 1 -> 2 ceramic left
    t = base()
    t["players"][1]["home"][0][0] = plant(unused(t, "foliage")[0], "terracotta")
    with pytest.raises(ValidationError) as exc:
        score(t)
    assert list(errors_of(exc)) == ["players[1].home[0][0].pot"]
    message = errors_of(exc)["players[1].home[0][0].pot"]
    assert "while bonus pots are still in the supply (2 ceramic)" in message


def test_a_terra_cotta_pot_is_allowed_once_every_bonus_pot_is_taken():
    t = base()
    spare = unused(t, "foliage", 3) + unused(t, "unusual", 2)
    for col, pot in zip((0, 2, 4), ("concrete", "wood", "ceramic")):
        t["players"][1]["home"][0][col] = plant(spare.pop(0), pot)
    t["players"][1]["home"][2][0] = plant(spare.pop(0), "ceramic")
    t["players"][1]["home"][2][2] = plant(spare.pop(0), "terracotta")
    assert score(t).player("Bob").category("pots").points == 3 + 2 + 1 + 1


def test_terra_cotta_is_not_checked_in_solo_family_or_when_only_some_seats_are_scored():
    home = plain_home()
    home[0][0] = anon("foliage", pot="terracotta")
    assert score(table(player("Solo", home))).player("Solo").category("pots").points == 0
    assert score(table(player("A", home), player("B", plain_home("unusual", "succulent")), variant="family")).player("A").category("plants").points == 5
    assert score(table(player("A", home), player_count=3)).player("A").total >= 0


def test_the_family_variant_refuses_verdancy_and_green_thumbs():
    home = plain_home()
    home[0][0] = anon("foliage", verdancy=2)
    with pytest.raises(ValidationError) as exc:
        score(table(player("A", home, green_thumbs=1), player("B", plain_home("unusual", "succulent")), variant="family"))
    errors = errors_of(exc)
    assert "family variant uses no verdancy" in errors["players[0].home[0][0].verdancy"]
    assert "family variant uses no Green Thumb tokens" in errors["players[0].green_thumbs"]


GOAL_CASES = [
    ("goals not a list", {"goals": "Pot Pairs"}, "options.goals", "must be a list of goal card names"),
    ("goal not text", {"goals": [3]}, "options.goals[0]", "name of a goal card"),
    ("unknown goal", {"goals": ["Pot Pears"]}, "options.goals[0]", 'is not a Verdant goal card (did you mean "Pot Pairs"?)'),
    ("two goals from one deck", {"goals": ["Pot Pairs", "Thumbs Up"]}, "options.goals[1]", "second item goal"),
    ("goal sets without a modification", {"goal_sets": {"second": ["Going Big"]}}, "options.goal_sets", "only used with modification 4"),
    ("goal sets not an object", {"modification": 4, "goal_sets": ["x"]}, "options.goal_sets", "must be an object"),
    ("modification 4 with an unknown key", {"modification": 4, "goals": ["Pot Pairs"], "goal_sets": {"second": ["Thumbs Up"], "third": []}},
     "options.goal_sets", 'holds only "second"'),
    ("modification 4 second set misses a deck", {"modification": 4, "goals": ["Pot Pairs", "Going Big"], "goal_sets": {"second": ["Thumbs Up"]}},
     "options.goal_sets.second", "a second card for each deck that options.goals has (plant, item)"),
    ("modification 4 same card twice", {"modification": 4, "goals": ["Pot Pairs"], "goal_sets": {"second": ["pot pairs"]}},
     "options.goal_sets.second[0]", "already in options.goals"),
    ("modification 5 with shared goals", {"modification": 5, "goals": ["Pot Pairs"]}, "options.goals", "their own goal set"),
    ("modification 5 sets of the wrong count", {"modification": 5, "goal_sets": {"players": [["Pot Pairs"]]}},
     "options.goal_sets.players", "list of 2 goal sets"),
    ("modification 5 one card dealt twice", {"modification": 5, "goal_sets": {"players": [["Pot Pairs"], ["Pot Pairs"]]}},
     "options.goal_sets.players[1][0]", "already dealt to player 1"),
    ("modification 5 with an unknown key", {"modification": 5, "goal_sets": {"players": [[], []], "x": 1}},
     "options.goal_sets", 'holds only "players"'),
]


@pytest.mark.parametrize("options, path, gist", [c[1:] for c in GOAL_CASES], ids=[c[0] for c in GOAL_CASES])
def test_goal_cards_not_in_the_deck_or_badly_dealt_are_refused(options, path, gist):
    t = base()
    t["options"].update(options)
    with pytest.raises(ValidationError) as exc:
        score(t)
    errors = errors_of(exc)
    assert path in errors, errors
    assert gist in errors[path]


@pytest.mark.parametrize("goal, deck, index", [
    ("Competitive Collections", "plant", 0), ("Creature Comforts", "item", 1),
    ("Furniture Aficionado", "item", 1), ("Colorful Competition", "room", 2),
])
def test_solo_refuses_each_most_goal_naming_the_options_goal(goal, deck, index):
    goals = ["Going Big", "Pot Pairs", "Matchy Matchy"]
    goals[index] = goal
    with pytest.raises(ValidationError) as exc:
        score(table(player("Solo", plain_home()), goals=goals))
    message = errors_of(exc)[f"options.goals[{index}]"]
    assert message.startswith(f'"{goal}" compares players, so it is removed in solo: choose another {deck} goal')


def test_solo_refuses_a_most_goal_in_the_second_set_of_modification_4():
    t = table(player("Solo", plain_home()), modification=4, goals=["Going Big"], goal_sets={"second": ["Competitive Collections"]})
    with pytest.raises(ValidationError) as exc:
        score(t)
    assert "removed in solo" in errors_of(exc)["options.goal_sets.second[0]"]


def test_a_lighting_goal_needs_the_lighting_of_cards_given_by_attributes():
    home = copy.deepcopy(BEA_HOME)
    home[0][0] = anon("succulent", points=3, needs=3)  # no light
    home[0][1] = room("succulent")  # no edges
    for goal in ("Perfect Conditions", "Against All Odds", "Perfect Ambiance"):
        with pytest.raises(ValidationError) as exc:
            score(table(player("Bea", home), goals=[goal]))
        errors = errors_of(exc)
        assert errors["players[0].home[0][0].light"].startswith(f'is needed for the goal "{goal}"')
        assert errors["players[0].home[0][1].edges"].startswith(f'is needed for the goal "{goal}"')
    # without a lighting goal the same home scores
    assert score(table(player("Bea", home), goals=["Going Big"])).player("Bea").total >= 0


def test_every_problem_is_listed_at_once():
    t = base()
    t["players"][0]["green_thumbs"] = 9
    t["players"][0]["home"][0][0]["name"] = "Nope"
    t["players"][1]["home"][2][4] = None
    t["options"]["goals"] = ["Nope"]
    with pytest.raises(ValidationError) as exc:
        score(t)
    assert set(errors_of(exc)) == {"players[0].green_thumbs", "players[0].home[0][0].name", "players[1].home[2][4]", "options.goals[0]"}


# ------------------------------------------------------------------ modification 6 shapes


def _line_of_cards():
    """15 cards in one long row: plant, room, plant, ... (8 plants, 7 rooms)."""
    return [dict(anon("vining") if c % 2 == 0 else room("vining"), row=0, col=c) for c in range(15)]


def test_modification_6_accepts_15_connected_cards_in_any_shape():
    result = score(table({"name": "Long", "cards": _line_of_cards()}, modification=6))
    # each of the 7 rooms touches 2 vining plants: 7 x 2 = 14
    assert result.player("Long").category("rooms").points == 14


@pytest.mark.parametrize("mutate, path, gist", [
    (lambda cards: cards.pop(), "players[0].cards", "has 14 cards: a finished home has 15"),
    (lambda cards: cards[14].update(row=2, col=14), "players[0].cards[14]", "not connected to the rest of the home"),
    (lambda cards: cards[14].update(col=0), "players[0].cards[14]", "one card per position"),
    (lambda cards: cards[3].update(row="up"), "players[0].cards[3].row", "from -50 to 50"),
    (lambda cards: cards.__setitem__(3, "card"), "players[0].cards[3]", "with its position"),
    (lambda cards: cards[14].update(row=1, col=13, kind="room"), "players[0].cards[14]", "room next to the room"),
])
def test_modification_6_refuses_impossible_shapes(mutate, path, gist):
    cards = _line_of_cards()
    mutate(cards)
    with pytest.raises(ValidationError) as exc:
        score(table({"name": "Long", "cards": cards}, modification=6))
    errors = errors_of(exc)
    assert path in errors, errors
    assert gist in errors[path]


def test_modification_6_accepts_a_grid_with_gaps_and_refuses_cards_that_are_not_a_list():
    rows = [[anon("vining") if c % 2 == 0 else room("vining") for c in range(15)]]
    assert score(table({"name": "Long", "home": rows}, modification=6)).player("Long").category("rooms").points == 14
    with pytest.raises(ValidationError) as exc:
        score(table({"name": "Long", "cards": "all"}, modification=6))
    assert "must be a list of cards" in errors_of(exc)["players[0].cards"]
