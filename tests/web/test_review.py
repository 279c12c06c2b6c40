"""The year in review (issue 27, item 3): ``/review/YEAR``, its share image and the home page's link."""

from __future__ import annotations

import re
from datetime import date
from io import BytesIO

from PIL import Image

from tests.web.test_story import finished_play, text
from web.data.db import get_db
from web.story import review


def test_an_empty_year_reads_well(client):
    response = client.get("/review/2025")
    assert response.status_code == 200
    html = text(response)
    assert "2025 in review" in html and "No plays were finished in 2025" in html
    assert "share.png" not in html  # nothing to share


def test_a_first_year_with_one_play(client, token):
    play = finished_play(client, token, [30, 20])  # 2026-11-28T20:30, Ann 30 Bob 20
    html = text(client.get("/review/2026"))
    assert re.search(r"<strong>1</strong> play\b", html)
    assert "Most played: <a" in html and "Stub Game</a>, 1 play." in html
    # The play's only record is Ann's first win (nothing earlier to beat).
    assert "First win in Stub Game: Ann" in html
    # Best scores: Ann 30 (1 play, 1 win), Bob 20 (1 play, 0 wins); head to head Ann ahead 1 - 0.
    assert f'href="/plays/{play}/result" aria-label="Ann\'s best Stub Game score of 2026: 30">30</a>' in html
    assert "<th scope=\"row\">Ann – Bob</th><td>1</td><td>1 – 0</td>" in html
    assert "Plays per month in 2026" in html


def test_plays_per_game_time_played_and_months(app, client, token):
    ids = [finished_play(client, token, [30, 20]), finished_play(client, token, [10, 40]),
           finished_play(client, token, [5, 6])]
    with app.app_context():
        db = get_db()
        # Lengths: 45 min and 1 h 30 min; the third play keeps no plausible length (30 h).
        db.execute("UPDATE plays SET started_at = '2026-03-02T20:00:00', finished_at = '2026-03-02T20:45:00', "
                   "played_at = '2026-03-02T20:00' WHERE id = ?", [ids[0]])
        db.execute("UPDATE plays SET started_at = '2026-11-28T19:00:00', finished_at = '2026-11-28T20:30:00' "
                   "WHERE id = ?", [ids[1]])
        db.execute("UPDATE plays SET started_at = '2026-11-27T19:00:00', finished_at = '2026-11-29T01:00:00' "
                   "WHERE id = ?", [ids[2]])
        db.conn.commit()
        r = review.review(2026)
    # 3 plays: 1 in March, 2 in November; 45 + 90 = 135 min = 2 h 15 min over 2 timed plays.
    assert (r.plays, r.minutes, r.timed, r.time_played) == (3, 135, 2, "2 h 15 min")
    assert r.months == [0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2, 0]
    assert r.most_played["plays"] == 3
    html = text(client.get("/review/2026"))
    assert "<strong>2 h 15 min</strong> played" in html
    assert "The time counts the 2 plays whose start and finish were kept." in html


def test_the_share_image_of_the_year(client, token):
    finished_play(client, token, [30, 20])
    for theme in ("light", "dark"):
        response = client.get(f"/review/2026/share.png?theme={theme}")
        assert response.status_code == 200 and response.mimetype == "image/png"
        assert Image.open(BytesIO(response.data)).size[0] == 1080
    etag = response.headers["ETag"]
    assert client.get("/review/2026/share.png?theme=dark", headers={"If-None-Match": etag}).status_code == 304
    assert "attachment" in client.get("/review/2026/share.png?download=1").headers["Content-Disposition"]


def test_bad_years_are_not_found_never_an_error(client):
    for path in ("/review/abc", "/review/0", "/review/99999", "/review/-1", "/review/2026x/share.png"):
        assert client.get(path).status_code == 404, path


def test_review_without_a_year_goes_to_the_current_one(client):
    response = client.get("/review")
    with client.application.test_request_context():
        today = review.today()
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/review/{review.home_year(today) or today.year}")


def test_the_home_page_links_the_review_in_december_and_january(client, monkeypatch):
    assert review.home_year(date(2026, 12, 1)) == 2026
    assert review.home_year(date(2027, 1, 15)) == 2026
    assert review.home_year(date(2026, 2, 1)) is None

    monkeypatch.setattr(review, "today", lambda: date(2026, 12, 24))
    assert 'href="/review/2026">Your 2026 in review' in text(client.get("/"))
    monkeypatch.setattr(review, "today", lambda: date(2026, 3, 24))
    assert "/review/" not in text(client.get("/"))
