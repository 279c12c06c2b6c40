"""The shared screen of a play (issue 27.1), through the test client: the join screen with each
seat's progress, the progress block the screen asks for again, the reveal's steps as data, the
plain pad without JavaScript, the link from the play page."""

from __future__ import annotations

import json
import re
from html import unescape

from tests.conftest import mark_done, new_play
from web.table.progress import filled_places


def text(response) -> str:
    return response.get_data(as_text=True)


def save(client, token, play_id, position, state, done=False):
    """The seat's form posted whole: Save, or Done (``next=play``)."""
    data = {"csrf_token": token, "state_json": json.dumps(state), **({"next": "play"} if done else {})}
    response = client.post(f"/plays/{play_id}/seats/{position}", data=data)
    assert response.status_code == 303, text(response)[:500]


def seat_items(html: str) -> dict[int, dict[str, str]]:
    found = {}
    for m in re.finditer(r'<li class="board-seat[^"]*" data-seat="(\d+)" data-filled="(\d+)" data-done="(\w+)">(.*?)</li>',
                         html, re.S):
        found[int(m.group(1))] = {"filled": m.group(2), "done": m.group(3), "text": " ".join(re.sub(r"<[^>]+>", " ", m.group(4)).split())}
    return found


def test_the_play_page_links_its_board(client, token):
    play_id = new_play(client, token)
    assert f'href="/plays/{play_id}/board"' in text(client.get(f"/plays/{play_id}"))


def test_before_the_end_the_board_shows_the_qr_code_the_address_and_each_seats_progress(client, token):
    play_id = new_play(client, token, players=("Ann", "Bob", "Cleo"))
    # Ann: points 12 and tokens 3 differ from the blank seat {"points": None, "tokens": 0}: 2 places
    save(client, token, play_id, 0, {"points": 12, "tokens": 3})
    mark_done(client, token, play_id, 0)
    # Bob: points 7, tokens still 0 as in the blank seat: 1 place
    save(client, token, play_id, 1, {"points": 7, "tokens": 0})
    response = client.get(f"/plays/{play_id}/board")
    assert response.status_code == 200
    html = text(response)
    assert 'class="board waiting"' in html and "<svg" in html
    assert re.search(rf"Scan it, or open <strong>http://[^<]+/plays/{play_id}</strong>", html)
    seats = seat_items(html)
    assert seats[0] == {"filled": "2", "done": "true", "text": "Ann 2 places filled ✓ Done"}
    assert seats[1]["filled"] == "1" and seats[1]["done"] == "false" and "1 place filled" in seats[1]["text"]
    assert seats[1]["text"].endswith("entering…")
    assert seats[2] == {"filled": "0", "done": "false", "text": "Cleo 0 places filled not started"}
    assert "2 of 3 seats still to finish" in html
    # no total before the reveal: Ann's 12 is nowhere but in her places count
    assert 'data-show' not in html and ">12<" not in html


def test_the_progress_block_alone_for_the_screens_live_update(client, token):
    play_id = new_play(client, token)
    save(client, token, play_id, 1, {"points": 4, "tokens": 1})
    response = client.get(f"/plays/{play_id}/board", headers={"HX-Request": "true"})
    html = text(response)
    assert html.lstrip().startswith('<section class="board-progress" id="board-progress"')
    assert "<html" not in html and "board-join" not in html
    assert seat_items(html)[1]["filled"] == "2"


def test_once_every_seat_is_done_the_board_is_the_reveal_with_every_step_marked(client, token):
    play_id = new_play(client, token)
    save(client, token, play_id, 0, {"points": 30, "tokens": 0})
    save(client, token, play_id, 1, {"points": 20, "tokens": 0})
    mark_done(client, token, play_id, 0, 1)
    html = text(client.get(f"/plays/{play_id}/board"))
    assert 'class="board reveal"' in html and "board-qr" not in html
    # the stub game's categories in the engine's order: Points (step 1), Bonus (step 2); then the
    # ranks (3), the winner (4), this play (5)
    assert 'data-last-step="5"' in html
    captions = json.loads(unescape(re.search(r'data-captions="([^"]+)"', html).group(1)))
    assert captions[1:] == ["Points · 1 of 2", "Bonus · 2 of 2", "The totals and the ranks", "The winner",
                            "Records, moments and the picture to share"]
    rows = re.findall(r'<tr data-row="(\d)">\s*<th scope="row">(\w+)</th>(.*?)</tr>', html, re.S)
    assert [(k, label) for k, label, _ in rows] == [("1", "Points"), ("2", "Bonus")]
    assert re.findall(r'<td data-show="1">(\d+)</td>', rows[0][2]) == ["30", "20"]
    # running totals per step 0..5: Ann 0, 30 (+30 points), 30 (+0 bonus), then her total 30 x 3
    assert re.findall(r'data-running="([\d ]+)">(\d+)<', html) == [("0 30 30 30 30 30", "30"), ("0 20 20 20 20 20", "20")]
    assert re.findall(r'<td data-show="3">(\d)</td>', html) == ["1", "2"]  # the ranks at step 3
    # the winner's name is marked at step 4, and the words say it at step 4
    assert '<th scope="col" class="win" data-mark="4">Ann</th>' in html
    assert re.search(r'<div class="board-winner" data-show="4">\s*<p class="winner">\s*Ann wins', html)
    assert 'data-show="5"' in html and f"/plays/{play_id}/share.png" in html
    assert "No new record this time." in html
    # without JavaScript: no part is hidden by the page itself (only board.js marks data-future)
    stage = html.split('id="board-stage"')[1].split('id="board-controls"')[0]
    assert "data-future" not in stage and not re.search(r"\shidden[\s>]", stage)


def test_a_tie_broken_in_words_on_the_winner_step(client, token):
    play_id = new_play(client, token)
    save(client, token, play_id, 0, {"points": 25, "tokens": 1})
    save(client, token, play_id, 1, {"points": 25, "tokens": 3})
    mark_done(client, token, play_id, 0, 1)
    html = text(client.get(f"/plays/{play_id}/board"))
    winner = html.split('class="board-winner"')[1].split("</div>")[0]
    assert "Bob wins" in winner and 'class="tiebreak"' in winner and "tokens" in winner


def test_a_deleted_play_has_no_board_and_an_unknown_play_is_404(client, token):
    play_id = new_play(client, token)
    assert client.post(f"/plays/{play_id}/delete", data={"csrf_token": token}).status_code == 303
    response = client.get(f"/plays/{play_id}/board")
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/plays/{play_id}")
    assert client.get("/plays/99999/board").status_code == 404


def test_filled_places_counts_values_that_differ_from_the_blank_seat():
    blank = {"home": [[None, None], [None, None]], "count": 0}
    # home[0][1] set, home[1][0] set to "" (empty: not filled), count 2 (differs from 0): 2 places
    assert filled_places({"home": [[None, "Croton"], ["", None]], "count": 2}, blank) == 2
    assert filled_places(blank, blank) == 0
    assert filled_places({"extra": [1, 2, 3]}, {}) == 3  # a list's items, each a place


def test_the_last_step_lists_this_plays_campaign_moments(app, client, token):
    from tests.web.test_verdant_campaign import fill, played

    pid = played(client, token, app)  # a finished standard-mode Verdant play: Alice 1, 9, 14, 19, 20, 21; Bea 5, 6
    html = text(client.get(f"/plays/{pid}/board"))
    records = re.findall(r"<li>([^<]+)</li>", html.split('class="board-records"')[1].split("</ul>")[0])
    assert records == [
        "First win in Verdant: Alice",  # the group's first Verdant play: her first win (web.story.records)
        "Alice earned 6 achievements (Standard game 1, Standard game 9, Standard game 14, Standard game 19, "
        "Standard game 20, Standard game 21): fill one on the result page.",
        "Bea earned 2 achievements (Standard game 5, Standard game 6): fill one on the result page.",
    ]
    assert fill(client, token, pid, 0, "standard-21").status_code == 303
    html = text(client.get(f"/plays/{pid}/board"))
    records = re.findall(r"<li>([^<]+)</li>", html.split('class="board-records"')[1].split("</ul>")[0])
    # The records (web.story.records) first; Alice's plant: this fill is her first of the 50 shapes
    assert records[:3] == ["First win in Verdant: Alice", "Achievement filled: Alice, Standard game 21",
                           "Alice&#39;s achievement plant: 1 of 50 leaves"]
    assert records[3].startswith("Bea earned 2 achievements")


def test_the_running_total_after_the_last_category_is_the_engines_total_in_every_game():
    """The reveal's running totals add the cells shown; after the last category they must be the
    engine's own totals (no jump at the ranks step), for every game's large benchmark table."""
    import scoring
    from bench import tables
    from web.games import adapter, load_modules
    from web.routes.board import reveal_steps

    load_modules()
    for game in tables.GAMES:
        result = scoring.score(game, tables.large(game))
        rows = adapter(game).result_rows(result)
        steps = reveal_steps(result, rows)
        assert steps["last_step"] == len(rows) + 3
        for player, running in zip(result.players, steps["running"]):
            assert running[0] == 0 and running[len(rows)] == player.total, (game, player.name)
            assert len(running) == steps["last_step"] + 1
