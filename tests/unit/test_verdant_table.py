"""Who is at the table: one board, partial tables, ties at every rank, the rules-modification
achievement, and the one open reading with two scores (rows holding a single card, option
``one_card_rows``)."""

from __future__ import annotations

import pytest

from scoring.core import ValidationError
from tests.unit.test_verdant_achievements import duel, total_home
from tests.unit.test_verdant_support import (
    ALICE_HOME,
    anon,
    errors_of,
    plain_home,
    plant,
    player,
    room,
    score,
    table,
    unused,
)

NOTE = "2 of 3 boards: every board is scored, no winner is named until all are in"


# ------------------------------------------------------------------------------ one board


def test_one_board_sent_alone_is_a_solo_game_with_its_rating():
    result = score(table(player("Solo", ALICE_HOME, green_thumbs=2)))
    assert result.player("Solo").total == 78 and result.player("Solo").extra["solo"]["rating"] == "You're getting it!"
    assert result.warnings == () and result.winners == ("Solo",)


def test_one_board_of_a_bigger_table_is_scored_with_no_winner():
    result = score(table(player("Alice", ALICE_HOME, green_thumbs=2), player_count=2))
    assert result.player("Alice").total == 78 and result.winners == () and result.tiebreak is None
    assert result.warnings == ("1 of 2 boards: every board is scored, no winner is named until all are in",)
    assert "solo" not in result.player("Alice").extra


def test_a_player_count_below_the_boards_sent_says_how_to_score_one_board():
    t = duel(10)
    t["player_count"] = 1
    with pytest.raises(ValidationError) as exc:
        score(t)
    assert errors_of(exc) == {"player_count": "must be a whole number from 2 to 5 (at least the 2 boards sent); to score "
                                              "one board on its own, send just that board"}


# --------------------------------------------------------------------------- partial table


def test_a_partial_table_names_no_winner_and_awards_no_win_by():
    t = duel(15)          # A 15, B 0: A wins by 15 (achievements 20 and 21) when the table is whole
    whole = score(t)
    assert whole.winners == ("A",) and {20, 21} <= set(whole.player("A").extra["achievements"]["standard"])
    t["player_count"] = 3  # a third player's board is still missing
    partial = score(t)
    assert partial.winners == () and partial.tiebreak is None
    assert [p.rank for p in partial.players] == [1, 2]  # ranks among the boards sent
    assert NOTE in partial.warnings
    assert not {20, 21} & set(partial.player("A").extra["achievements"]["standard"])


def test_a_partial_table_still_earns_what_needs_no_other_player():
    t = table(player("A", total_home(100)), player("B", plain_home("unusual", "succulent")), player_count=3)
    assert score(t).player("A").extra["achievements"]["standard"] == [1, 2, 3, 4, 5, 6, 9, 10]


def test_a_partial_table_warns_that_goals_comparing_players_can_still_change():
    t = duel(10)
    t["player_count"] = 3
    t["options"]["goals"] = ["Creature Comforts"]
    warnings = score(t).warnings
    assert warnings == (NOTE, "Creature Comforts compares players: scored among the 2 boards sent, it can change once every "
                              "board is in")


# ---------------------------------------------------------------------- ties at every rank


def _three(thumbs_b, thumbs_c):
    """A 20 points, B and C 10 each (a completed plant in a concrete pot), Green Thumbs as given."""
    def home(ptype, rtype, name):
        h = plain_home(ptype, rtype)
        h[0][0] = plant(name, "concrete")
        return h
    return table(player("A", home("foliage", "vining", "Elephant's Ear"), green_thumbs=0),  # 9 + 3 = 12 ...
                 player("B", home("unusual", "succulent", "Sensitive Plant"), green_thumbs=thumbs_b),  # 6 + 3 = 9
                 player("C", home("flowering", "foliage", "Bush Lily"), green_thumbs=thumbs_c))  # 6 + 3 = 9


def test_a_tie_below_first_place_is_broken_by_the_rulebooks_tie_breaker():
    result = score(_three(3, 1))
    assert [p.total for p in result.players] == [12, 9, 9]
    assert [p.rank for p in result.players] == [1, 2, 3] and result.winners == ("A",)
    assert result.tiebreak is None  # first place was not tied
    assert [p.tiebreak for p in result.players] == [None, "Tie on 9 points broken by most Green Thumb tokens (3 vs 1)",
                                                    "Tie on 9 points broken by most Green Thumb tokens (3 vs 1)"]


def test_a_tie_below_first_place_left_by_the_tie_breaker_is_a_shared_rank():
    result = score(_three(2, 2))
    assert [p.rank for p in result.players] == [1, 2, 2]
    assert result.player("B").tiebreak == "Tie on 9 points not broken by most Green Thumb tokens (2 each): shared rank 2"


def test_family_ties_below_first_place_go_by_completed_plants():
    t = _three(0, 0)
    t["options"]["variant"] = "family"
    t["players"][2]["home"][0][2] = plant(unused(t, "flowering")[0], "ceramic")  # C: a second completed plant
    t["players"][1]["home"][0][2]["verdancy"] = 0
    result = score(t)
    # family: 5 per completed plant; A 5, B 5, C 10
    assert [p.total for p in result.players] == [5, 5, 10]
    assert result.player("A").tiebreak == "Tie on 5 points not broken by most completed plants (1 each): shared rank 2"


# ---------------------------------------------------------- the rules-modification achievement


@pytest.mark.parametrize("players, count, variant, expected", [
    (2, None, "standard", 7),     # a multiplayer game under the standard rules with one modification
    (1, None, "standard", None),  # solo: "a multiplayer game of Verdant"
    (2, None, "family", None),    # family: "following the standard rules"
    (1, 3, "standard", 7),        # one board of a 3-player game: multiplayer all the same
])
def test_the_modification_achievement_needs_a_multiplayer_game_under_the_standard_rules(players, count, variant, expected):
    boards = [player("A", plain_home())] + ([player("B", plain_home("unusual", "succulent"))] if players == 2 else [])
    result = score(table(*boards, player_count=count, modification=7, variant=variant))
    assert all(p.extra["achievements"]["modification"] == expected for p in result.players)
    assert all(p.extra["achievements"]["standard"] == [] for p in result.players)


# ------------------------------------------------------------- rows holding a single card


def _single_row_home():
    """Modification 6, 15 cards in a checkerboard, row 3 holding a single plant::

        P R P R P R P      row 1: 4 vining plants (all one type)
        R P R P R P R      row 2: vining, foliage, vining (mixed)
        P . . . . . .      row 3: one foliage plant alone
    """
    types = {1: "vining", 3: "foliage", 5: "vining"}
    cards = [dict(anon("vining") if c % 2 == 0 else room("vining"), row=0, col=c) for c in range(7)]
    cards += [dict(anon(types[c]) if c % 2 == 1 else room("unusual"), row=1, col=c) for c in range(7)]
    cards.append(dict(anon("foliage"), row=2, col=0))
    return cards


@pytest.mark.parametrize("option, goal, said", [
    (None, "Coordinated Alignment",
     "Coordinated Alignment: 1 row of plants all one type (rows 1) x 3 = 3; a row with a single plant does not count"),
    (False, "Mixing It Up", "Mixing It Up: 0 rows of plants all different types x 2 = 0; a row with a single plant does not count"),
    (True, "Coordinated Alignment", "Coordinated Alignment: 2 rows of plants all one type (rows 1, 3) x 3 = 6; a row with a "
                                    "single plant counts (option one_card_rows)"),
    (True, "Mixing It Up", "Mixing It Up: 1 row of plants all different types (rows 3) x 2 = 2; a row with a single plant "
                           "counts (option one_card_rows)"),
])
def test_a_row_holding_a_single_plant_counts_only_under_the_option_and_the_line_says_which(option, goal, said):
    options = {"modification": 6, "goals": [goal]}
    if option is not None:
        options["one_card_rows"] = option
    result = score(table({"name": "Z", "cards": _single_row_home()}, player_count=2, **options))
    assert result.player("Z").category("goals").details == (said,)


def test_rooms_follow_the_same_reading():
    # row 1's 3 vining rooms are all one type, row 2's 4 unusual rooms too, row 3 has no room
    options = {"modification": 6, "goals": ["Coordinated Corridors"], "one_card_rows": True}
    result = score(table({"name": "Z", "cards": _single_row_home()}, player_count=2, **options))
    assert result.player("Z").category("goals").details == ("Coordinated Corridors: 2 rows of rooms all one type (rows 1, 2) x 3 = 6",)


def test_the_standard_five_by_three_home_never_mentions_the_reading():
    result = score(table(player("Alice", ALICE_HOME), player_count=2, goals=["Mixing It Up"], one_card_rows=True))
    assert result.player("Alice").category("goals").details == (
        "Mixing It Up: 3 rows of plants all different types (rows 1, 2, 3) x 2 = 6",)


def test_the_rulebooks_own_example_on_one_board_seven_extra_verdancy_scores_three():
    # "For example: 7 extra verdancy = 3 points." (End Game & Scoring, 2): one board on its own
    home = plain_home()
    home[0][0] = anon("foliage", verdancy=4)
    home[0][2] = anon("foliage", verdancy=3)
    result = score(table(player("One", home)))
    assert result.player("One").category("verdancy").points == 3
    assert result.player("One").category("verdancy").details[0].endswith("= 7, halved and rounded down = 3")
