"""The result page says how each tied player's tie was settled (issue 24.3)."""

from __future__ import annotations

import json

from tests.conftest import new_play


def save(client, token, play_id, position, state):
    data = {"csrf_token": token, "state_json": json.dumps(state), "next": "play"}
    return client.post(f"/plays/{play_id}/seats/{position}", data=data)


def test_a_tie_of_three_that_tokens_split_in_part_lists_each_players_note(client, token):
    # stub game: total = the points entered, ties broken by most tokens.  Ann, Bob and Cy all on 14;
    # tokens 4, 4, 2 put Ann and Bob level at the top (shared victory), Cy third.
    play_id = new_play(client, token, players=("Ann", "Bob", "Cy"))
    for seat, (points, tokens) in enumerate([(14, 4), (14, 4), (14, 2)]):
        assert save(client, token, play_id, seat, {"points": points, "tokens": tokens}).status_code == 303
    html = client.get(f"/plays/{play_id}/result").get_data(as_text=True)
    assert "Shared victory: Ann, Bob" in html
    assert "Tie on 14 points partly broken by most tokens (4, 4 vs 2): shared victory, rank 3</p>" in html
    assert "<strong>Ann</strong> (rank 1): Tie on 14 points partly broken by most tokens (4, 4 vs 2): shared victory" in html
    assert "<strong>Cy</strong> (rank 3): Tie on 14 points broken by most tokens (4, 4 vs 2): rank 3" in html


def test_a_tie_of_two_says_it_once(client, token):
    play_id = new_play(client, token, players=("Ann", "Bob"))
    for seat, (points, tokens) in enumerate([(11, 1), (11, 3)]):
        assert save(client, token, play_id, seat, {"points": points, "tokens": tokens}).status_code == 303
    html = client.get(f"/plays/{play_id}/result").get_data(as_text=True)
    assert "Tie on 11 points broken by most tokens (3 vs 1)" in html
    assert 'class="tiebreaks"' not in html  # both players' notes are the note above
