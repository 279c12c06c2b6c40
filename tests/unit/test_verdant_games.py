"""Two complete two-player Verdant games worked out by hand, and a property test on mutated tables.

GAME 1: Alice vs Bea, goals Going Big (plant), Color Pairs (item), Double Duty (room).

Alice (2 Green Thumbs), the home of test_verdant_scoring.py: 78 without goals.
    Going Big: Jasmine (9), Snake Plant (7) completed -> 2 x 2 = 4
    Color Pairs: flowering cat + flowering sofa -> 1 pair x 2 = 2
    Double Duty: vining room (2,1) [Jasmine, Ivy], flowering+sofa [Moth, Peace Lily], succulent+dog [Aloe, Jade] -> 3
    total 78 + 9 = 87

Bea (4 Green Thumbs)::
    Pincushion Cactus v2     Succulent room 1+succ cat   Laceleaf/ceramic           Succulent room 2             Black-Eyed Susan Vine/wood
    Succulent room 3+vin fish Zebra Haworthia/concrete   Flowering room 1+flow lamp Prayer Plant v3              Flowering room 2
    Burro's Tail/ceramic     Foliage room 1              Coral Cactus v1            Vining room 1+vining bird   Living Stone/terracotta
  Pots on the table: Alice concrete 2, wood 2, ceramic 1; Bea concrete 1, wood 1, ceramic 2 -> the
  3 of each bonus pot are all taken, so Bea's terra cotta pot is legal.
    plants    Laceleaf 5 + Susan Vine 9 + Zebra 2 + Burro's Tail 4 + Living Stone 3  = 23
    verdancy  2 + 3 + 1 = 6 -> 3                                                     =  3
    pots      concrete 3 + wood 2 + ceramic 2 x 1 + terra cotta 0                    =  7
    rooms     Succ 1+cat: Pincushion, Zebra x2 = 4; Succ 2: 0; Succ 3 (vining fish): Pincushion, Zebra,
              Burro = 3; Flow 1+lamp: Laceleaf x2 = 2; Flow 2: 0; Foliage 1: 0; Vining 1+bird: 0  = 9
    items     cat, fish, lamp, bird = 4 kinds                                        =  9
    collector succulent, flowering, vining, foliage, unusual                         =  3
    decorator no unusual room                                                        =  0
    goals     Going Big: Susan Vine (7) = 2; Color Pairs: vining fish + bird = 2; Double Duty: Succ 1, Succ 3 = 2 = 6
    total 60
  Alice wins by 27: achievements Alice 1 (70+), 2 (80+), 9 (plants 32), 14 (pots 11), 19 (collector and
  decorator), 20 and 21 (win by 10+, 15+); Bea none.

GAME 2: Cleo vs Dev, goals Apartment Living, Thumbs Up, Four Corners; 8 rooms each (rooms in the corners).

Cleo (5 Green Thumbs)::
    Succ+succ table    Jade/concrete          Succ               Aloe/wood          Succ+vining dog
    Hens and Chicks/ceramic  Succ             Christmas Cactus v3 Flow+flow chair   Amaryllis/concrete
    Succ               Coin Plant v1          Unusual            Nerve Plant/ceramic Succ
    plants 8 + 6 + 3 + 3 + 2 = 22; verdancy 3 + 1 = 4 -> 2; pots concrete 2 x 3 + wood 2 + ceramic 2 x 1 = 10
    rooms  succ+table: Jade, Hens x2 = 4; succ (0,3): Jade, Aloe, Christmas = 3; succ+dog: Aloe = 1;
           succ (2,2): Jade, Hens, Christmas = 3; flow+chair: Amaryllis x2 = 2; succ (3,1): Hens = 1;
           unusual: Nerve = 1; succ (3,5): 0                                               = 15
    items  table, dog, chair = 3 kinds = 6; collector (no vining) 0; decorator (no vining, foliage) 0
    goals  Apartment Living: Hens 3, Amaryllis 4, Nerve 4 -> 3 x 2 = 6; Thumbs Up 5; Four Corners: all succulent 4 = 15
    total 22 + 2 + 10 + 15 + 6 + 15 = 70
Dev (0 Green Thumbs)::
    Vin+vin sofa       Jasmine/concrete       Vin                Common Ivy/wood    Vin+vin cat
    Devil's Ivy v8     Vin+vin lamp           Inch Plant v4      Flow               Hoya v5
    Foliage            Arrowhead Vine/wood    Vin                Betel v0           Unusual
    plants 11 + 11 + 3 = 25; verdancy 8 + 4 + 5 + 0 = 17 -> 8; pots 3 + 2 + 2 = 7
    (2P supply 3 of each: concrete 2 + 1 and wood 1 + 2 are all taken before Cleo's 2 ceramic pots)
    rooms  vin+sofa: Jasmine, Devil's Ivy x2 = 4; vin: Jasmine, Ivy, Inch = 3; vin+cat: Ivy, Hoya x2 = 4;
           vin+lamp: Jasmine, Devil's Ivy, Inch, Arrowhead x2 = 8; flow 0; foliage 0; vin: Arrowhead, Inch, Betel = 3;
           unusual 0                                                                          = 22
    items  sofa, cat, lamp = 6; collector 0; decorator (no succulent) 0
    goals  Apartment Living: Arrowhead (4) = 2; Thumbs Up 0; Four Corners: vin, vin, foliage, unusual = 0
    total 25 + 8 + 7 + 22 + 6 + 2 = 70
  Tie on 70 broken by Green Thumbs 5 vs 0: Cleo wins.
"""

from __future__ import annotations

import copy
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.core import Result, ValidationError
from tests.unit.test_verdant_support import ALICE_HOME, checker, item, plant, player, room, score, table

GAME_1 = table(
    player("Alice", ALICE_HOME, green_thumbs=2),
    player("Bea", checker(
        [plant("Pincushion Cactus", verdancy=2), plant("Laceleaf", "ceramic"), plant("Black-Eyed Susan Vine", "wood"),
         plant("Zebra Haworthia", "concrete"), plant("Prayer Plant", verdancy=3), plant("Burro's Tail", "ceramic"),
         plant("Coral Cactus", verdancy=1), plant("Living Stone", "terracotta")],
        [room("Succulent room 1", item("cat", "succulent")), room("Succulent room 2"),
         room("Succulent room 3", item("fish", "vining")), room("Flowering room 1", item("lamp", "flowering")),
         room("Flowering room 2"), room("Foliage room 1"), room("Vining room 1", item("bird", "vining"))]),
        green_thumbs=4),
    goals=["Going Big", "Color Pairs", "Double Duty"],
)

GAME_2 = table(
    player("Cleo", checker(
        [plant("Jade", "concrete"), plant("Aloe", "wood"), plant("Hens and Chicks", "ceramic"),
         plant("Christmas Cactus", verdancy=3), plant("Amaryllis", "concrete"), plant("Coin Plant", verdancy=1),
         plant("Nerve Plant", "ceramic")],
        [room("succulent", item("table", "succulent")), room("succulent"), room("succulent", item("dog", "vining")),
         room("succulent"), room("flowering", item("chair", "flowering")), room("succulent"), room("unusual"),
         room("succulent")], rooms_first=True), green_thumbs=5),
    player("Dev", checker(
        [plant("Jasmine", "concrete"), plant("Common Ivy", "wood"), plant("Devil's Ivy", verdancy=8),
         plant("Inch Plant", verdancy=4), plant("Hoya", verdancy=5), plant("Arrowhead Vine", "wood"),
         plant("Betel", verdancy=0)],
        [room("vining", item("sofa", "vining")), room("vining"), room("vining", item("cat", "vining")),
         room("vining", item("lamp", "vining")), room("flowering"), room("foliage"), room("vining"), room("unusual")],
        rooms_first=True), green_thumbs=0),
    goals=["Apartment Living", "Thumbs Up", "Four Corners"],
)


def _by_key(result, name):
    return {c.key: c.points for c in result.player(name).categories}


def test_game_1_alice_beats_bea_87_to_60_as_worked_out_by_hand():
    result = score(GAME_1)
    assert _by_key(result, "Alice") == {"plants": 32, "verdancy": 4, "pots": 11, "rooms": 16, "items": 9,
                                        "collector": 3, "decorator": 3, "goals": 9}
    assert _by_key(result, "Bea") == {"plants": 23, "verdancy": 3, "pots": 7, "rooms": 9, "items": 9,
                                      "collector": 3, "decorator": 0, "goals": 6}
    assert [(p.name, p.total, p.rank) for p in result.players] == [("Alice", 87, 1), ("Bea", 60, 2)]
    assert result.winners == ("Alice",) and result.tiebreak is None
    assert result.player("Alice").extra["achievements"]["standard"] == [1, 2, 9, 14, 19, 20, 21]
    assert result.player("Bea").extra["achievements"]["standard"] == []


def test_game_2_cleo_and_dev_tie_on_70_and_green_thumbs_decide():
    result = score(GAME_2)
    assert _by_key(result, "Cleo") == {"plants": 22, "verdancy": 2, "pots": 10, "rooms": 15, "items": 6,
                                       "collector": 0, "decorator": 0, "goals": 15}
    assert _by_key(result, "Dev") == {"plants": 25, "verdancy": 8, "pots": 7, "rooms": 22, "items": 6,
                                      "collector": 0, "decorator": 0, "goals": 2}
    assert [(p.name, p.total, p.rank) for p in result.players] == [("Cleo", 70, 1), ("Dev", 70, 2)]
    assert result.winners == ("Cleo",)
    assert result.tiebreak == "Tie on 70 points broken by most Green Thumb tokens (5 vs 0)"
    assert result.player("Cleo").extra["achievements"]["standard"] == [1, 6, 14, 16, 17, 25]
    assert result.player("Dev").extra["achievements"]["standard"] == [1, 5, 6, 11, 13, 18, 24]
    assert result.player("Cleo").category("goals").details == (
        "Apartment Living: 3 completed plants needing 4 or less (Hens and Chicks, Amaryllis, Nerve Plant) x 2 = 6",
        "Thumbs Up: 5 Green Thumb tokens x 1 = 5",
        "Four Corners: the four corner rooms are all succulent = 4",
    )


def test_game_results_serialise_to_json():
    data = score(GAME_1).to_dict()
    assert json.loads(json.dumps(data))["players"][0]["achievements"] == {"standard": [1, 2, 9, 14, 19, 20, 21], "modification": None}


# ------------------------------------------------------------------------ property test

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.floats(allow_nan=True) | st.text(max_size=12)
    | st.sampled_from(["sun", "plant", "room", "vining", "concrete", "terracotta", "Jasmine", "lamp", "Pot Pairs", "fertilizer"]),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8) | st.sampled_from(
        ["kind", "name", "pot", "verdancy", "type", "edges", "item", "color", "light", "row", "col"]), children, max_size=4),
    max_leaves=8,
)


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, prefix + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _paths(value, prefix + (i,))


BASES = [GAME_1, GAME_2, table(player("Solo", ALICE_HOME)), dict(GAME_1, options={"modification": 6}),
         dict(GAME_1, options={"modification": 4, "goals": ["Going Big"], "goal_sets": {"second": ["Pot Pairs"]}})]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_tables_only_ever_give_a_result_or_a_validation_error(data):
    t = copy.deepcopy(data.draw(st.sampled_from(BASES)))
    for _ in range(data.draw(st.integers(1, 3))):
        paths = list(_paths(t))
        path = data.draw(st.sampled_from(paths))
        value = data.draw(json_values)
        if not path:
            t = value
            continue
        node = t
        for key in path[:-1]:
            node = node[key]
        if data.draw(st.booleans()) and isinstance(node, dict):
            node.pop(path[-1], None)
        else:
            node[path[-1]] = value
    try:
        result = score(t)
    except ValidationError as exc:
        assert exc.errors and all(isinstance(e.path, str) and e.message for e in exc.errors)
    else:
        assert isinstance(result, Result)
        json.dumps(result.to_dict())
