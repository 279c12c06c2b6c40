"""Planted scoring: plants, propagation, decorations, tie-breaker and the score pad."""

from __future__ import annotations

import pytest

import scoring
from scoring.planted import GAME, blank_player, catalog_search, find_plant, score


def seat(name, *plants, propagation=0, decorations=None, tools=None):
    """One player: ``plants`` are (plant name, growth tokens) pairs."""
    data = {"name": name, "plants": [{"name": p, "growth": g} for p, g in plants], "propagation": propagation}
    if decorations is not None:
        data["decorations"] = decorations
    if tools is not None:
        data["tools"] = tools
    return data


def table(*players, **extra):
    return {"options": {}, "players": list(players), **extra}


def other():
    """A second player who scores 0 and stays out of the way (the Golden Pothos Beginner)."""
    return seat("Other", ("Golden Pothos", 0))


def lines(result, player, key):
    return list(result.player(player).category(key).details)


def points(result, player, key):
    return result.player(player).category(key).points


# ----------------------------------------------------------------------------- rulebook example


@pytest.mark.parametrize(
    "beginner, big",
    [("Snake Plant", "Purple Shamrock"), ("Lucky Bamboo", "Bird of Paradise")],
)
def test_rulebook_scoring_example_totals_15_points(beginner, big):
    # Rulebook "Scoring example": a plant with its 3 space covered (3), a plant with its 3 & 4
    # spaces covered (7) = 10; 2 propagation tokens = 2; 2 Ceramic Planters with 1 shelf plant
    # = 2 and a Plant Stand with 1 floor plant = 1.  10 + 2 + 3 = 15.
    result = score(
        table(
            seat("Ann", (beginner, 1), (big, 2), propagation=2, decorations={"ceramic_planter": 2, "plant_stand": 1}),
            other(),
        )
    )
    ann = result.player("Ann")
    assert [(c.key, c.points) for c in ann.categories] == [("plants", 10), ("propagation", 2), ("decorations", 3)]
    assert ann.total == 15
    assert lines(result, "Ann", "plants")[:2] == [f"{beginner}: 1 token covers 3 = 3", f"{big}: 2 tokens cover 3 + 4 = 7"]
    assert lines(result, "Ann", "propagation") == ["2 tokens on the propagation jars x 1 = 2"]
    shelf = beginner if find_plant(beginner).type == "shelf" else big
    floor = big if shelf == beginner else beginner
    assert lines(result, "Ann", "decorations") == [
        f"Ceramic Planter x2: 1 shelf plant ({shelf}) = 1 each, 2 in all",
        f"Plant Stand: 1 floor plant ({floor}) = 1",
    ]


def test_rulebook_example_scores_the_same_through_the_registry():
    t = table(
        seat("Ann", ("Snake Plant", 1), ("Purple Shamrock", 2), propagation=2,
             decorations={"ceramic_planter": 2, "plant_stand": 1}),
        other(),
    )
    result = scoring.score("planted", t)
    assert result.game == "planted" and result.engine_version == "planted-3"
    assert [(p.name, p.total, p.rank) for p in result.players] == [("Ann", 15, 1), ("Other", 0, 2)]
    assert result.winners == ("Ann",)
    assert scoring.get("planted") is GAME


# ------------------------------------------------------------------------------------- plants


@pytest.mark.parametrize(
    "plant, tokens, expected",
    [
        ("Purple Shamrock", 0, 0),
        ("Purple Shamrock", 1, 3),  # bottom space 3
        ("Purple Shamrock", 2, 7),  # 3 + 4 (READINGS example)
        ("Purple Shamrock", 3, 14),  # 3 + 4 + 7
        ("Swiss Cheese Plant", 1, 2),  # 5 / 3 / 2: bottom 2
        ("Swiss Cheese Plant", 2, 5),  # 2 + 3
        ("Swiss Cheese Plant", 3, 10),  # 2 + 3 + 5
        ("Prayer Plant", 1, 1),  # 4 / 2 / 1: bottom 1
        ("Prayer Plant", 3, 7),  # 1 + 2 + 4
        ("Fiddle Leaf Fig", 1, 4),  # 5 / 4: bottom 4
        ("Fiddle Leaf Fig", 2, 9),  # 4 + 5
        ("Ponytail Palm", 1, 6),  # single space 6
        ("ZZ Plant", 2, 6),  # 3 + 3
    ],
)
def test_growth_tokens_cover_a_plant_from_its_lowest_space_up(plant, tokens, expected):
    players = [seat("Ann", ("Spider Plant", 0), (plant, tokens))] if plant != "ZZ Plant" else [seat("Ann", (plant, tokens))]
    result = score(table(*players, other()))
    assert points(result, "Ann", "plants") == expected


def test_plant_lines_show_each_covered_space_and_full_growth():
    result = score(
        table(seat("Ann", ("Snake Plant", 0), ("Swiss Cheese Plant", 2), ("Mistletoe Cactus", 3), ("Peace Lily", 1)), other())
    )
    # 0 + (2 + 3) + (3 + 4 + 7) + 4 = 23
    assert points(result, "Ann", "plants") == 23
    assert lines(result, "Ann", "plants") == [
        "Snake Plant: no Growth tokens = 0",
        "Swiss Cheese Plant: 2 tokens cover 2 + 3 = 5",
        "Mistletoe Cactus: 3 tokens cover 3 + 4 + 7 = 14 (fully grown)",
        "Peace Lily: 1 token covers 4 = 4 (fully grown)",
        "Growth tokens fill each plant from its lowest space up (Scorepad's reading of the rulebook)",
    ]


def test_a_plant_one_token_short_of_full_growth_is_not_fully_grown():
    result = score(table(seat("Ann", ("ZZ Plant", 2), decorations={"indoor_greenhouse": 1}), other()))
    assert lines(result, "Ann", "plants")[0] == "ZZ Plant: 2 tokens cover 3 + 3 = 6"
    assert points(result, "Ann", "decorations") == 0


def test_names_are_matched_loosely_and_shown_as_printed():
    result = score(table(seat("Ann", ("snake PLANT", 1), ("burros tail", 2)), other()))
    # Snake Plant 3 + Burro's Tail 4 + 5 = 12
    assert points(result, "Ann", "plants") == 12
    assert lines(result, "Ann", "plants")[1] == "Burro's Tail: 2 tokens cover 4 + 5 = 9 (fully grown)"


def test_empty_plant_slots_from_the_entry_screen_are_skipped():
    player = blank_player()
    player["name"] = "Ann"
    player["plants"][2] = {"name": "Golden Barrel Cactus", "growth": "2"}
    player["plants"][4] = {"name": "Croton", "growth": 1}
    result = score(table(player, other()))
    # Golden Barrel Cactus 3 + 3 = 6, Croton 2 = 8
    assert points(result, "Ann", "plants") == 8
    assert [row["plant"] for row in result.player("Ann").extra["pad"][:3]] == ["Golden Barrel Cactus", "Croton", None]


def test_missing_growth_counts_as_zero_tokens():
    result = score(table({"name": "Ann", "plants": [{"name": "ZZ Plant"}]}, other()))
    assert points(result, "Ann", "plants") == 0
    assert lines(result, "Ann", "plants")[0] == "ZZ Plant: no Growth tokens = 0"


# -------------------------------------------------------------------------------- propagation


def test_propagation_scores_1_point_per_token():
    result = score(table(seat("Ann", ("ZZ Plant", 0), propagation=7), other()))
    assert points(result, "Ann", "propagation") == 7
    assert lines(result, "Ann", "propagation") == ["7 tokens on the propagation jars x 1 = 7"]


def test_propagation_with_one_token_and_with_none_explains_itself():
    result = score(table(seat("Ann", ("ZZ Plant", 0), propagation=1), other()))
    assert lines(result, "Ann", "propagation") == ["1 token on the propagation jars x 1 = 1"]
    assert lines(result, "Other", "propagation") == ["No Growth tokens on the propagation jars"]
    assert points(result, "Other", "propagation") == 0


def test_missing_propagation_counts_as_zero():
    result = score(table({"name": "Ann", "plants": [{"name": "ZZ Plant", "growth": 1}]}, other()))
    assert points(result, "Ann", "propagation") == 0


# -------------------------------------------------------------------------------- decorations

# Ann's garden for the decoration tests: 2 hanging, 1 shelf, 3 floor plants, 2 of them fully grown.
GARDEN = [
    ("Spider Plant", 1),  # hanging, Beginner
    ("Air Plant", 1),  # hanging, fully grown (single space)
    ("Croton", 0),  # shelf
    ("Money Tree", 2),  # floor
    ("Dragon Tree", 1),  # floor, fully grown
    ("Peace Lily", 0),  # floor
]


def decorated(decorations, tools=None):
    return score(table(seat("Ann", *GARDEN, decorations=decorations, tools=tools), other()))


@pytest.mark.parametrize(
    "key, expected, line",
    [
        ("macrame_basket", 2, "Macramé Basket: 2 hanging plants (Spider Plant, Air Plant) = 2"),
        ("ceramic_planter", 1, "Ceramic Planter: 1 shelf plant (Croton) = 1"),
        ("plant_stand", 3, "Plant Stand: 3 floor plants (Money Tree, Dragon Tree, Peace Lily) = 3"),
        (
            "display_shelves",
            3,  # min(2 hanging, 1 shelf, 3 floor) = 1 set x 3
            "Display Shelves: 1 complete set of 1 hanging + 1 shelf + 1 floor plant (2 hanging, 1 shelf, 3 floor)"
            " x 3 = 3 (Scorepad's reading: 3 points per complete set)",
        ),
        ("indoor_greenhouse", 2, "Indoor Greenhouse: 2 fully grown plants (Air Plant, Dragon Tree) = 2"),
    ],
)
def test_each_decoration_scores_as_the_rulebook_table_says(key, expected, line):
    result = decorated({key: 1})
    assert points(result, "Ann", "decorations") == expected
    assert lines(result, "Ann", "decorations") == [line]


def test_workbench_scores_1_per_tool_card_of_any_kind():
    result = decorated({"workbench": 1}, tools={"grow_light": 2, "spray_bottle": 1, "fertilizer": 4})
    # 2 + 1 + 4 = 7 Tool cards
    assert points(result, "Ann", "decorations") == 7
    assert lines(result, "Ann", "decorations") == [
        "Workbench: 7 Tool cards (Grow Light x2, Spray Bottle x1, Fertilizer x4) = 7"
    ]


def test_tool_cards_alone_score_nothing():
    result = decorated({}, tools={"grow_light": 3, "watering_can": 3})
    assert points(result, "Ann", "decorations") == 0
    assert lines(result, "Ann", "decorations") == ["No Decoration cards"]


def test_copies_of_a_decoration_score_separately():
    result = decorated({"plant_stand": 4, "display_shelves": 2})
    # Plant Stand 4 x 3 floor = 12; Display Shelves 2 x (1 set x 3) = 6; 12 + 6 = 18
    assert points(result, "Ann", "decorations") == 18
    assert lines(result, "Ann", "decorations")[0] == (
        "Plant Stand x4: 3 floor plants (Money Tree, Dragon Tree, Peace Lily) = 3 each, 12 in all"
    )


def test_one_plant_feeds_several_decorations():
    # Dragon Tree (floor, fully grown) alone with the Beginner ZZ Plant (floor, no tokens):
    # Plant Stand 2 floor = 2, Indoor Greenhouse 1 grown = 1, Display Shelves 0 sets = 0 -> 3
    result = score(
        table(
            seat("Ann", ("ZZ Plant", 0), ("Dragon Tree", 1),
                 decorations={"plant_stand": 1, "indoor_greenhouse": 1, "display_shelves": 1}),
            other(),
        )
    )
    assert points(result, "Ann", "decorations") == 3
    assert lines(result, "Ann", "decorations") == [
        "Plant Stand: 2 floor plants (ZZ Plant, Dragon Tree) = 2",
        "Display Shelves: 0 complete sets of 1 hanging + 1 shelf + 1 floor plant (0 hanging, 0 shelf, 2 floor)"
        " x 3 = 0 (Scorepad's reading: 3 points per complete set)",
        "Indoor Greenhouse: 1 fully grown plant (Dragon Tree) = 1",
    ]


def test_display_shelves_count_only_complete_sets():
    # 2 hanging, 2 shelf, 2 floor -> 2 sets x 3 = 6; with one floor plant fewer -> 1 set = 3
    full = [("Spider Plant", 0), ("Air Plant", 0), ("Croton", 0), ("Aloe Vera", 0), ("Money Tree", 0), ("Peace Lily", 0)]
    result = score(table(seat("Ann", *full, decorations={"display_shelves": 1}), other()))
    assert points(result, "Ann", "decorations") == 6
    result = score(table(seat("Ann", *full[:5], decorations={"display_shelves": 1}), other()))
    assert points(result, "Ann", "decorations") == 3


def test_decorations_worth_nothing_still_explain_why():
    result = score(
        table(seat("Ann", ("ZZ Plant", 0), decorations={"macrame_basket": 1, "ceramic_planter": 1,
                                                          "indoor_greenhouse": 1, "workbench": 1}), other())
    )
    assert points(result, "Ann", "decorations") == 0
    assert lines(result, "Ann", "decorations") == [
        "Macramé Basket: no hanging plants = 0",
        "Ceramic Planter: no shelf plants = 0",
        "Indoor Greenhouse: no fully grown plants = 0",
        "Workbench: no Tool cards = 0",
    ]


def test_decoration_keys_may_be_written_as_card_names():
    result = decorated({"Macramé Basket": 1, "Plant stand": "2"})
    # Macrame 2 hanging = 2; Plant Stand 2 x 3 floor = 6
    assert points(result, "Ann", "decorations") == 8


def test_the_largest_possible_seat_scores_258():
    # 6 fully grown plants: ZZ 9 + Purple Shamrock 14 + Mistletoe Cactus 14 + Bird of Paradise 14
    # + Watermelon Peperomia 9 + Boston Fern 9 = 69 (2 floor, 2 shelf, 2 hanging, 6 grown).
    # Propagation at its cap 99.  A player plays 32 cards (8 turns x 4 rounds) and used 5 to buy
    # plants, so keeps at most 27 Item cards (and only in a 4- or 5-player game: the table is dealt
    # 8 Item cards per player).  Best 27: 3 Display Shelves, 3 Indoor Greenhouse, 3 Workbench and 18
    # Tool cards (a Tool is worth 3 through the Workbenches, a Macrame/Ceramic/Stand only 2):
    # Shelves 3 x 2 sets x 3 = 18, Greenhouse 3 x 6 = 18, Workbench 3 x 18 tools = 54 -> 90.
    # 69 + 99 + 90 = 258.
    plants = [("ZZ Plant", 3), ("Purple Shamrock", 3), ("Mistletoe Cactus", 3), ("Bird of Paradise", 3),
              ("Watermelon Peperomia", 2), ("Boston Fern", 2)]
    decorations = {"display_shelves": 3, "indoor_greenhouse": 3, "workbench": 3}
    tools = {"grow_light": 3, "window_planter": 4, "watering_can": 3, "spray_bottle": 4, "potting_mix": 3,
             "fertilizer": 1}
    result = score(table(seat("Ann", *plants, propagation=99, decorations=decorations, tools=tools), other(),
                         player_count=5))
    ann = result.player("Ann")
    assert [c.points for c in ann.categories] == [69, 99, 90]
    assert ann.total == 258


# ------------------------------------------------------------------------ ties and the score pad


def test_a_tie_goes_to_the_most_growth_tokens_on_plant_cards():
    # Ann: Peace Lily 1 token = 4 + propagation 5 = 9 (1 plant token)
    # Bo: ZZ Plant 3 tokens = 9 (3 plant tokens) -> Bo wins the tie
    ann = seat("Ann", ("Snake Plant", 0), ("Peace Lily", 1), propagation=5)
    bo = seat("Bo", ("ZZ Plant", 3))
    result = score(table(ann, bo))
    assert [p.total for p in result.players] == [9, 9]
    assert [p.rank for p in result.players] == [2, 1]
    assert result.winners == ("Bo",)
    assert result.tiebreak == "Tie on 9 points broken by most Growth tokens on plant cards (3 vs 1)"
    assert result.player("Ann").extra["growth_tokens"] == 1


def test_propagation_tokens_do_not_count_for_the_tie_breaker():
    # Ann: ZZ 2 tokens = 6 + 0; Bo: Snake 1 token = 3 + 3 propagation = 6 -> Ann 2 vs Bo 1 plant tokens
    result = score(table(seat("Ann", ("ZZ Plant", 2)), seat("Bo", ("Snake Plant", 1), propagation=3)))
    assert result.winners == ("Ann",)
    assert [p.rank for p in result.players] == [1, 2]


def test_a_tie_on_points_and_growth_tokens_is_a_shared_victory():
    # Ann: ZZ 2 tokens = 6; Bo: Snake 2 tokens = 6; Cy: Spider 1 token = 3
    result = score(table(seat("Ann", ("ZZ Plant", 2)), seat("Bo", ("Snake Plant", 2)), seat("Cy", ("Spider Plant", 1))))
    assert [p.rank for p in result.players] == [1, 1, 3]
    assert result.winners == ("Ann", "Bo")
    assert result.tiebreak == "Tie on 6 points not broken by most Growth tokens on plant cards (2 each): shared victory"


def test_the_tie_breaker_also_orders_players_below_first_place():
    # Ann 12 wins; Bo: ZZ 1 token = 3 + 3 propagation = 6 (1 token); Cy: Snake 2 tokens = 6 (2 tokens)
    result = score(
        table(
            seat("Ann", ("Spider Plant", 3), ("Peace Lily", 1), decorations={}),
            seat("Bo", ("ZZ Plant", 1), propagation=3),
            seat("Cy", ("Snake Plant", 2)),
        )
    )
    assert [p.total for p in result.players] == [13, 6, 6]
    assert [p.rank for p in result.players] == [1, 3, 2]
    assert result.tiebreak is None


def test_score_pad_rows_read_like_the_paper_pad():
    result = score(
        table(seat("Ann", ("Snake Plant", 1), ("Purple Shamrock", 2), propagation=2,
                   decorations={"ceramic_planter": 2, "plant_stand": 1}), other())
    )
    # Each row also names the contract path it is about ("ref", issue 13): the rows are otherwise
    # as before.
    assert result.player("Ann").extra["pad"] == [
        {"row": "Plant 1", "points": 3, "plant": "Snake Plant", "ref": "plants[0]"},
        {"row": "Plant 2", "points": 7, "plant": "Purple Shamrock", "ref": "plants[1]"},
        {"row": "Plant 3", "points": 0, "plant": None, "ref": None},
        {"row": "Plant 4", "points": 0, "plant": None, "ref": None},
        {"row": "Plant 5", "points": 0, "plant": None, "ref": None},
        {"row": "Plant 6", "points": 0, "plant": None, "ref": None},
        {"row": "Propagation", "points": 2, "plant": None, "ref": "propagation"},
        {"row": "Decorations", "points": 3, "plant": None, "ref": "decorations"},
        {"row": "Total", "points": 15, "plant": None, "ref": None},
    ]
    assert result.to_dict()["players"][0]["pad"][-1] == {"row": "Total", "points": 15, "plant": None, "ref": None}


def test_more_growth_tokens_than_the_box_holds_gives_a_warning():
    # Box: 65 Growth tokens.  Ann 3 plant tokens + 60 propagation = 63; Bo 3 = 66 in all
    result = score(table(seat("Ann", ("ZZ Plant", 3), propagation=60), seat("Bo", ("Snake Plant", 3))))
    assert result.warnings == ("The box holds 65 Growth tokens but this table shows 66: check the counts",)
    result = score(table(seat("Ann", ("ZZ Plant", 3), propagation=59), seat("Bo", ("Snake Plant", 3))))
    assert result.warnings == ()


# -------------------------------------------------------------------------- the game's contract


def test_game_describes_itself_for_the_games_api():
    assert GAME.describe() == {
        "name": "planted",
        "title": "Planted",
        "status": "ready",
        "players": {"min": 2, "max": 5},
        "engine_version": "planted-3",
        "options": [],
    }
    assert GAME.default_options() == {}


def test_blank_player_has_six_empty_slots_and_every_card_key():
    blank = blank_player()
    assert "name" not in blank
    assert blank["plants"] == [{"name": "", "growth": 0}] * 6
    assert blank["propagation"] == 0
    assert set(blank["decorations"]) == {"macrame_basket", "ceramic_planter", "plant_stand", "display_shelves",
                                         "indoor_greenhouse", "workbench"}
    assert set(blank["tools"]) == {"grow_light", "window_planter", "watering_can", "spray_bottle", "potting_mix",
                                   "fertilizer"}
    assert all(v == 0 for v in [*blank["decorations"].values(), *blank["tools"].values()])


def test_a_provisional_total_scores_one_seat_of_a_bigger_game():
    # player_count 4 with one seat entered: Ann's ZZ Plant 1 token = 3
    result = score(table(seat("Ann", ("ZZ Plant", 1)), player_count=4))
    assert [(p.name, p.total) for p in result.players] == [("Ann", 3)]


def test_catalog_search_first_hit_for_a_beginner_query_scores():
    name = catalog_search("snake")[0]["name"]
    result = score(table(seat("Ann", (name, 3)), other()))
    assert points(result, "Ann", "plants") == 9  # 3 + 3 + 3


def test_the_api_docs_example_is_a_tie_won_on_growth_tokens():
    # docs/api/planted.md: Ann is the rulebook example (15, 3 plant tokens); Bo: ZZ 3 + 3 + 3 = 9,
    # Croton 2 = 11, propagation 1, Workbench with 3 tools = 3 -> 15 with 4 plant tokens.
    t = table(
        seat("Ann", ("Snake Plant", 1), ("Purple Shamrock", 2), propagation=2,
             decorations={"ceramic_planter": 2, "plant_stand": 1}, tools={}),
        seat("Bo", ("ZZ Plant", 3), ("Croton", 1), propagation=1, decorations={"workbench": 1},
             tools={"grow_light": 1, "spray_bottle": 2}),
    )
    result = score(t)
    assert [(p.name, p.total, p.rank) for p in result.players] == [("Ann", 15, 2), ("Bo", 15, 1)]
    assert result.tiebreak == "Tie on 15 points broken by most Growth tokens on plant cards (4 vs 3)"
    assert lines(result, "Bo", "decorations") == ["Workbench: 3 Tool cards (Grow Light x1, Spray Bottle x2) = 3"]


def test_the_api_docs_example_output_is_what_the_engine_produces():
    import json
    import re
    from pathlib import Path

    doc = Path(__file__).resolve().parents[2] / "docs" / "api" / "planted.md"
    blocks = re.findall(r"```json\n(.*?)```", doc.read_text(encoding="utf-8"), flags=re.S)
    given, shown = (json.loads(b) for b in blocks[-2:])
    assert score(given).to_dict() == shown
