"""Review of the Planted engine against the rulebook (planted.txt)."""

import pytest

from scoring.core import ValidationError
from scoring.planted import score


def seat(name, *plants, propagation=0, decorations=None, tools=None):
    return {"name": name, "plants": [{"name": p, "growth": g} for p, g in plants], "propagation": propagation,
            "decorations": decorations or {}, "tools": tools or {}}


def test_hand_computed_table():
    # Ann: Spider Plant 3 tokens 3+3+3 = 9; Prayer Plant (4/2/1) 2 tokens = 1+2 = 3; Bird of Paradise
    # 3 tokens = 3+4+7 = 14; Chinese Evergreen 1 token = 4; Boston Fern (5/4) 1 token = 4 -> 34.
    # Propagation 4.  Types: hanging Spider, Boston Fern; shelf Prayer, Chinese Evergreen; floor BoP.
    # Display Shelves x2: 1 set x 3 = 3 each = 6; Indoor Greenhouse: Spider, BoP, Evergreen = 3;
    # Workbench: 3 tools = 3; Macrame: 2 hanging = 2 -> 14.  Total 52, 10 plant tokens.
    # Bo: ZZ 2 tokens = 6, Ponytail 6, Staghorn 6, Inch 2+2+2 = 6 -> 24; propagation 16; Plant Stand x2:
    # ZZ, Ponytail = 2 each = 4.  Total 44.
    ann = seat("Ann", ("Spider Plant", 3), ("Prayer Plant", 2), ("Bird of Paradise", 3), ("Chinese Evergreen", 1),
               ("boston fern", 1), propagation=4,
               decorations={"display_shelves": 2, "indoor_greenhouse": 1, "workbench": 1, "macrame_basket": 1},
               tools={"grow_light": 2, "fertilizer": 1})
    bo = seat("Bo", ("ZZ Plant", 2), ("Ponytail Palm", 1), ("Staghorn Fern", 1), ("Inch Plant", 3), propagation=16,
              decorations={"plant_stand": 2})
    result = score({"players": [ann, bo]})
    assert [(p.name, p.total, p.rank) for p in result.players] == [("Ann", 52, 1), ("Bo", 44, 2)]
    assert [c.points for c in result.player("Ann").categories] == [34, 4, 14]


def test_a_table_cannot_hold_more_item_cards_than_it_was_dealt():
    # Rulebook, "Playing a round": "each player draws 6 Resource cards and 2 Item cards"; the game is 4
    # rounds, and only Resource cards are reshuffled ("When Players Are Finished Feeding").  A 2-player
    # game deals 2 x 2 x 4 = 16 Item cards, so 17 Decoration and Tool cards on the table are impossible.
    ann = seat("Ann", ("ZZ Plant", 0), decorations={"workbench": 3, "display_shelves": 3}, tools={"grow_light": 3})
    bo = seat("Bo", ("Snake Plant", 0), decorations={"plant_stand": 4}, tools={"fertilizer": 4})
    with pytest.raises(ValidationError) as caught:
        score({"players": [ann, bo]})
    assert [e.path for e in caught.value.errors] == ["players"]
    assert "17 Decoration and Tool cards" in caught.value.errors[0].message
    # 16 is possible; and with player_count 3 the same 17 cards are possible (24 dealt)
    bo["tools"] = {"fertilizer": 3}
    assert score({"players": [ann, bo]}).players
    bo["tools"] = {"fertilizer": 4}
    assert score({"players": [ann, bo], "player_count": 3}).players


def test_a_player_cannot_keep_more_item_cards_than_cards_played():
    # Rulebook: a round is 8 turns, one card played per turn, so 32 cards in 4 rounds; buying a plant
    # uses the played card ("They do not take the card's action").  5 bought plants leave 27 plays
    # for Item cards: 28 Decoration and Tool cards with 6 plants are impossible even at 5 players.
    plants = [("ZZ Plant", 0), ("Croton", 0), ("Money Tree", 0), ("Air Plant", 0), ("Peace Lily", 0),
              ("Wax Plant", 0)]
    tools = {"grow_light": 3, "window_planter": 4, "watering_can": 3, "spray_bottle": 4, "potting_mix": 3,
             "fertilizer": 4}
    ann = seat("Ann", *plants, decorations={"workbench": 3, "display_shelves": 3, "indoor_greenhouse": 1},
               tools=tools)
    with pytest.raises(ValidationError) as caught:
        score({"players": [ann, seat("Bo", ("Snake Plant", 0))], "player_count": 5})
    assert [e.path for e in caught.value.errors] == ["players[0]"]
    assert "at most 27" in caught.value.errors[0].message
    ann["decorations"]["indoor_greenhouse"] = 0
    assert score({"players": [ann, seat("Bo", ("Snake Plant", 0))], "player_count": 5}).players
