"""/check judges a board at its own table (issue 24.1): a seat by its play's player count and
options, a typed board by the player count and options chosen on the form; a solo board shows its
solo rating, a lone board no rank."""

from __future__ import annotations

import json
import re

import scoring
from tests.conftest import new_play
from tests.unit.test_verdant_support import ALICE_HOME

BOARD = {"home": ALICE_HOME, "green_thumbs": 2}
MOST = {"goals": ["Creature Comforts"]}  # compares players: removed in solo


def post(client, token, board, options, count, game="verdant"):
    return client.post("/check", data={"csrf_token": token, "game": game, "name": "Alice", "board": json.dumps(board),
                                       "options": json.dumps(options), "player_count": str(count)})


def test_a_typed_board_is_judged_at_the_player_count_chosen(client, token):
    # one board of a 3-player game with a "most" goal: scored (Alice 82), not refused as in solo
    alone = scoring.score("verdant", {"options": MOST, "players": [{**BOARD, "name": "Alice"}], "player_count": 3})
    response = post(client, token, BOARD, MOST, 3)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert f"Alice: {alone.players[0].total} points" in html and alone.players[0].total == 82
    assert "compares players: scored among the 1 boards sent" in html  # the engine's own warning
    assert '<option value="3" selected>3</option>' in html
    assert "<th scope=\"row\">Rank</th>" not in html  # a lone board: no "Rank 1"


def test_the_same_board_alone_is_a_solo_game_that_refuses_the_goal(client, token):
    response = post(client, token, BOARD, MOST, 1)
    assert response.status_code == 422
    assert "removed in solo" in response.get_data(as_text=True)


def test_a_solo_board_shows_its_solo_rating(client, token):
    # ALICE_HOME with 2 Green Thumbs: 78 points, "You're getting it!" (70 or more)
    html = post(client, token, BOARD, {}, 1).get_data(as_text=True)
    assert "Alice: 78 points" in html
    assert "Solo rating: You&#39;re getting it!" in html and "70 or more" in html
    assert "<th scope=\"row\">Rank</th>" not in html


def test_a_player_count_the_game_does_not_take_is_refused_by_name(client, token):
    for count in ("0", "6", "x", "9" * 5000):
        response = post(client, token, BOARD, {}, count)
        assert response.status_code == 422
        assert "player_count" in response.get_data(as_text=True) and "1 to 5" in response.get_data(as_text=True)


def test_a_seat_is_judged_by_its_own_play(client, token):
    play_id = new_play(client, token, players=("Ann", "Bob", "Cy"), bonus="2")
    client.post(f"/plays/{play_id}/seats/1", data={"csrf_token": token, "state_json": '{"points": 9, "tokens": 1}'})
    html = client.get(f"/check?play={play_id}&seat=1").get_data(as_text=True)
    assert "judged at its own table: 3 players, the play's options" in html
    assert '<option value="3" selected>3</option>' in html
    assert "Bob: 11 points" in html  # 9 + the play's bonus 2


def test_a_typed_board_offers_the_games_options(client, token):
    html = client.get("/check?game=verdant-arizona").get_data(as_text=True)
    assert "Verdant Arizona's options" in html and "<code>color_lines</code>" in html
    assert re.search(r'<select id="check-count" name="player_count"><option value="1" selected>', html)


# ------------------------------------------------------------------ the options as form fields


def post_fields(client, token, board, count, game="verdant", **fields):
    """/check with the picked game's options form filled in, as the New play form shows it."""
    data = {"csrf_token": token, "game": game, "name": "Alice", "board": json.dumps(board), "player_count": str(count)}
    data.update({f"opt-{game}-{k.replace('_', '-')}": v for k, v in fields.items()})
    return client.post("/check", data=data)


def test_the_page_offers_the_player_count_and_each_games_options_form(client):
    html = client.get("/check?game=verdant").get_data(as_text=True)
    assert '<select id="check-count" name="player_count">' in html
    assert 'id="check-game-verdant" checked' in html and 'id="check-game-planted"' in html
    # Verdant's options as on New play: the goal card selects, the modification, the variant
    assert 'name="opt-verdant-goal-item"' in html and 'name="opt-verdant-modification"' in html
    assert 'name="opt-verdant-variant"' in html
    assert "Advanced: the options as JSON" in html  # the JSON box stays, folded away


def test_a_goal_chosen_in_the_fields_is_judged_at_the_player_count(client, token):
    # the same as the JSON test above: Creature Comforts at a 3-player table, Alice 82
    response = post_fields(client, token, BOARD, 3, goal_item="Creature Comforts")
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and "Alice: 82 points" in html
    assert '<option value="Creature Comforts" selected>' in html  # the field keeps what was chosen
    assert "<th scope=\"row\">Rank</th>" not in html


def test_a_most_goal_chosen_for_a_solo_board_is_refused_next_to_its_field(client, token):
    response = post_fields(client, token, BOARD, 1, goal_item="Creature Comforts")
    html = response.get_data(as_text=True)
    assert response.status_code == 422 and "removed in solo" in html
    assert html.count("removed in solo") == 2  # in the list at the top and next to the goal cards


def test_a_solo_board_from_the_fields_shows_its_solo_rating(client, token):
    # ALICE_HOME with 2 Green Thumbs and Going Big / Color Pairs / Double Duty: solo, rated
    alone = scoring.score("verdant", {"options": {"goals": ["Going Big", "Color Pairs", "Double Duty"]},
                                      "players": [{**BOARD, "name": "Alice"}]})
    html = post_fields(client, token, BOARD, 1, goal_plant="Going Big", goal_item="Color Pairs",
                       goal_room="Double Duty").get_data(as_text=True)
    assert f"Alice: {alone.players[0].total} points" in html and "Solo rating: " in html
    assert "<th scope=\"row\">Rank</th>" not in html


def test_a_seats_play_options_fill_the_fields(client, token):
    play_id = new_play(client, token, game="verdant", players=("Ann", "Bob", "Cy"), **{"goal-item": "Creature Comforts"})
    client.post(f"/plays/{play_id}/seats/1", data={"csrf_token": token, "green_thumbs": "2"})
    html = client.get(f"/check?play={play_id}&seat=1").get_data(as_text=True)
    assert '<option value="Creature Comforts" selected>' in html and '<option value="3" selected>3</option>' in html
