"""The group's story (issue 18): game and player statistics, records, charts, the CSV export, the
share image, share links, BG Stats, rematch, when and where, photos, and the page cache."""

from __future__ import annotations

import csv
import io
import json
import re
from html import unescape
from urllib.parse import unquote

import pytest
from PIL import ExifTags, Image

from app import create_app
from tests.conftest import csrf_token, new_play
from web.story import photos, stats
from web.table import service


def save(client, token, play_id, position, state):
    response = client.post(f"/plays/{play_id}/seats/{position}", data={"csrf_token": token, "state_json": json.dumps(state),
                                                                          "next": "play"})
    assert response.status_code == 303, response.get_data(as_text=True)[:500]


def finished_play(client, token, scores, players=("Ann", "Bob"), tokens=None, played_at=None, **options) -> int:
    """A finished play of the stub game: ``scores`` are the players' points, ``tokens`` break ties."""
    play_id = new_play(client, token, players=players, **options)
    for i, points in enumerate(scores):
        save(client, token, play_id, i, {"points": points, "tokens": (tokens or [0] * len(scores))[i]})
    assert client.post(f"/plays/{play_id}/finish", data={"csrf_token": token}).status_code == 303
    return play_id


def text(response) -> str:
    return response.get_data(as_text=True)


def player_id(client, name: str) -> int:
    html = text(client.get("/players"))
    return int(re.search(rf'href="/players/(\d+)"><strong>{name}</strong>', html).group(1))


@pytest.fixture
def history(client, token):
    """Four finished stub plays, worked by hand (points + bonus 0; ties broken by tokens):
    #1 Ann 30 Bob 20 (Ann by 10)  #2 Ann 25 Bob 40 (Bob by 15)  #3 Ann 35 Bob 35 tokens 1-1
    (shared victory)  #4 Ann 12 Bob 10 Cleo 50 (Cleo by 38).  One play in progress (not counted)."""
    ids = [
        finished_play(client, token, [30, 20]),
        finished_play(client, token, [25, 40]),
        finished_play(client, token, [35, 35], tokens=[1, 1]),
        finished_play(client, token, [12, 10, 50], players=("Ann", "Bob", "Cleo")),
    ]
    open_play = new_play(client, token)
    save(client, token, open_play, 0, {"points": 499})
    return ids


# ---------------------------------------------------------------- the game's page


def test_game_page_counts_finished_plays_and_names_the_records_with_links(client, history):
    html = text(client.get("/games/stub"))
    assert "4 finished plays" in html
    records = html[html.index("<h2>Records</h2>"):html.index("</ul>", html.index("<h2>Records</h2>"))]
    high = records[records.index("High score"):records.index("Biggest win")]
    assert ">50<" in high and "Cleo" in high and f'href="/plays/{history[3]}/result"' in high  # not the open 499
    biggest = records[records.index("Biggest win"):records.index("Most wins")]
    assert "+38" in biggest and "Cleo" in biggest and "50 to Ann&#39;s 12" in biggest
    assert f'href="/plays/{history[3]}/result"' in biggest


def test_game_page_win_rates_count_shared_victories_apart(client, history):
    rows = {p["name"]: p for p in stats_players(client)}
    # Ann: 4 table plays, won #1 alone, shared #3; Bob: won #2, shared #3; Cleo: won #4 (1 play)
    assert (rows["Ann"]["plays"], rows["Ann"]["wins"], rows["Ann"]["shared_wins"], rows["Ann"]["win_rate"]) == (4, 1, 1, 25)
    assert (rows["Bob"]["wins"], rows["Bob"]["shared_wins"]) == (1, 1)
    assert (rows["Cleo"]["plays"], rows["Cleo"]["wins"], rows["Cleo"]["win_rate"]) == (1, 1, 100)
    # Ann's average: (30 + 25 + 35 + 12) / 4 = 25.5; best 35
    assert (rows["Ann"]["average"], rows["Ann"]["best"]) == (25.5, 35)
    html = text(client.get("/games/stub"))
    assert re.search(r"Ann</a></th>\s*<td>4</td><td>1<br><span class=\"muted small\">25%</span></td><td>1</td>", html)


def stats_players(client):
    with client.application.app_context():
        return stats.game_players("stub")


def test_game_page_categories_are_the_engines_with_average_and_best(client, history):
    with client.application.app_context():
        cats = stats.game_categories("stub")
    assert [c["key"] for c in cats] == ["points", "bonus"]  # the engine's order
    points = cats[0]
    # everyone's points: 30+20+25+40+35+35+12+10+50 = 257 over 9 seats = 28.6
    assert points["average"] == 28.6
    assert points["record"]["best"] == 50 and points["record"]["name"] == "Cleo"
    ann = points["players"][next(p for p in points["players"] if points["players"][p]["best"] == 35 and p == 1)]
    assert (ann["average"], ann["best"]) == (25.5, 35)


def test_head_to_head_between_any_two_players(client, history):
    ann, bob = player_id(client, "Ann"), player_id(client, "Bob")
    html = text(client.get(f"/games/stub?a={ann}&b={bob}"))
    # Ann ahead in #1 and #4 (12 vs 10), behind in #2, level in #3
    assert "In 4 plays together, <strong>Ann</strong> finished ahead 2 times, <strong>Bob</strong> 1 time, level 1." in html
    html = text(client.get(f"/games/stub?a={bob}&b={ann}"))
    assert "<strong>Bob</strong> finished ahead 1 time, <strong>Ann</strong> 2 times, level 1." in html
    assert "Choose two different players." in text(client.get(f"/games/stub?a={ann}&b={ann}"))
    assert client.get("/games/stub?a=x&b=99999999999999999999").status_code == 200


def test_charts_are_svg_without_script_or_style_and_come_with_their_numbers(client, history):
    html = text(client.get("/games/stub"))
    svgs = re.findall(r"<svg.*?</svg>", html, re.S)
    assert len(svgs) == 2
    for svg in svgs:
        assert "<script" not in svg and "<style" not in svg and "style=" not in svg and " id=" not in svg
        assert 'role="img"' in svg and "aria-labelledby=" in svg
    numbers = html[html.index('id="chart-totals-numbers"'):]
    table = numbers[:numbers.index("</table>")]
    # the totals chart's table: a row per play (oldest first), a column per player
    rows = re.findall(r"<tr><th scope=\"row\">[^<]*</th>(.*?)</tr>", table)
    assert [re.findall(r"<td>([^<]*)</td>", r) for r in rows] == [
        ["30", "20", "–"], ["25", "40", "–"], ["35", "35", "–"], ["12", "10", "50"]]


def test_unknown_game_is_404_and_a_game_without_plays_says_so(client, token):
    assert client.get("/games/chess").status_code == 404
    html = text(client.get("/games/planted"))
    assert "No finished plays of Planted yet" in html
    assert "Statistics" in text(client.get("/games"))


def test_reopening_a_play_takes_it_out_of_the_statistics(client, token, history):
    client.post(f"/plays/{history[3]}/reopen", data={"csrf_token": token})
    html = text(client.get("/games/stub"))
    assert "3 finished plays" in html
    records = html[html.index("<h2>Records</h2>"):]
    assert "+15" in records[:records.index("Most wins")]  # Bob's 40 to 25 is now the biggest win


def test_merging_players_merges_their_statistics(client, token, history):
    cleo, ann = player_id(client, "Cleo"), player_id(client, "Ann")
    finished_play(client, token, [5, 6], players=("Dee", "Cleo"))
    dee = player_id(client, "Dee")
    client.post(f"/players/{dee}/merge", data={"csrf_token": token, "keep": str(ann)})
    rows = {p["name"]: p for p in stats_players(client)}
    assert "Dee" not in rows and rows["Ann"]["plays"] == 5
    with client.application.app_context():
        pairs = {(p["name"], p["rival"]): p for p in stats.pairs("stub")}
    assert pairs[("Ann", "Cleo")]["plays"] == 2 and cleo


# ---------------------------------------------------------------- a player's page


def test_player_page_shows_records_charts_and_rivals(client, history):
    ann = player_id(client, "Ann")
    html = text(client.get(f"/players/{ann}"))
    story = html[html.index('id="story"'):]
    story = story[:story.index("</section>")]
    assert "4 plays, 1 win and 1 shared (25%)" in story
    assert "Best total" in story and f'href="/plays/{history[2]}/result"' in story  # 35, in play #3
    assert "Biggest win" in story and "+10" in story
    assert re.search(r"Bob</a>: 4 plays together, ahead 2, behind 1, level 1", story)
    assert story.count("<svg") == 2
    assert 'href="/games/stub"' in html  # the game's statistics are one tap away


# ----------------------------------------------------------------------- CSV


def test_csv_has_one_row_per_seat_and_category_of_finished_plays(client, token, history):
    response = client.get("/export.csv?game=stub")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    rows = list(csv.reader(io.StringIO(text(response))))
    assert rows[0] == ["play_id", "game", "played_at", "finished_at", "player", "position", "rank", "category", "points", "total"]
    body = rows[1:]
    assert len(body) == 9 * 2  # 9 seats of finished plays x (Points, Bonus); not the open play
    first = body[0]
    assert first[:2] == [str(history[0]), "stub"] and first[2] == "2026-11-28T20:30:00Z" and first[3]
    assert first[4:] == ["Ann", "1", "1", "Points", "30", "30"]
    assert body[1][4:] == ["Ann", "1", "1", "Bonus", "0", "30"]
    assert body[2][4:] == ["Bob", "2", "2", "Points", "20", "20"]


def test_csv_cells_a_spreadsheet_would_run_are_quoted(client, token):
    finished_play(client, token, [3, 2], players=("=HYPERLINK(1)", "Bob"))
    rows = list(csv.reader(io.StringIO(text(client.get("/export.csv")))))
    assert rows[1][4] == "'=HYPERLINK(1)"


def test_csv_needs_the_access_code_like_every_page(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "a.db"), "SECRET_KEY": "k", "ACCESS_CODE": "moss"})
    assert app.test_client().get("/export.csv").status_code == 303


# ------------------------------------------------------------------ share.png


def test_share_png_is_the_score_pad_at_1080_px_light_and_dark(client, history):
    response = client.get(f"/plays/{history[0]}/share.png")
    assert response.status_code == 200 and response.mimetype == "image/png"
    image = Image.open(io.BytesIO(response.data))
    assert image.width == 1080 and image.height > 600
    dark = Image.open(io.BytesIO(client.get(f"/plays/{history[0]}/share.png?theme=dark").data)).convert("RGB")
    assert image.convert("RGB").getpixel((5, 300)) != dark.getpixel((5, 300))
    again = client.get(f"/plays/{history[0]}/share.png", headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304
    download = client.get(f"/plays/{history[0]}/share.png?download=1")
    assert "attachment" in download.headers["Content-Disposition"]


def test_share_png_of_a_play_that_does_not_score_yet_is_409(client, token):
    play_id = new_play(client, token)
    assert client.get(f"/plays/{play_id}/share.png").status_code == 409
    assert client.get("/plays/999/share.png").status_code == 404


def test_share_image_pad_follows_the_result(client, history):
    from web.data import store
    from web.story import share

    with client.application.app_context():
        play = store.get_play(history[2])
        pad = share.pad_for(play, play.evaluate().result, share.play_row(play.id))
    assert pad.headline == "Shared victory: Ann, Bob" and pad.winners == (0, 1)
    assert pad.rows == (("Points", ("35", "35")), ("Bonus", ("0", "0"))) and pad.totals == (35, 35)
    assert "shared victory" in pad.subline


def test_result_page_offers_the_picture_web_share_and_a_download(client, history):
    html = text(client.get(f"/plays/{history[0]}/result"))
    assert f'src="/plays/{history[0]}/share.png"' in html and "theme=dark" in html
    assert "data-share-png=" in html and " hidden data-share-png" in html  # shown by story.js where it works
    assert f'href="/plays/{history[0]}/share.png?download=1" download=' in html


# --------------------------------------------------------------- share links


def locked_app(tmp_path):
    return create_app({"DATABASE": str(tmp_path / "locked.db"), "SECRET_KEY": "k", "ACCESS_CODE": "fern"})


def test_share_link_opens_the_result_read_only_without_the_access_code(tmp_path):
    app = locked_app(tmp_path)
    owner = app.test_client()
    token = csrf_token(owner, "/access")
    assert owner.post("/access", data={"csrf_token": token, "code": "fern"}).status_code == 303
    token = csrf_token(owner)
    play_id = finished_play(owner, token, [30, 20])
    assert owner.post(f"/plays/{play_id}/share-link", data={"csrf_token": token}).status_code == 303
    link = re.search(r"/s/[A-Za-z0-9_-]{20,}", text(owner.get(f"/plays/{play_id}/result"))).group(0)
    stranger = app.test_client()
    response = stranger.get(link)
    assert response.status_code == 200
    html = text(response)
    assert "Ann wins with 30" in html and ">30<" in html and ">20<" in html
    assert not re.search(r'href="/(?!static/|s/)', html) and "<form" not in html  # nothing else is reachable
    assert response.headers["Cache-Control"] == "no-store"
    assert stranger.get(link + "/share.png").status_code == 200
    for path in (f"/plays/{play_id}/result", f"/plays/{play_id}/share.png", "/games/stub", "/export.csv", "/s/"):
        assert stranger.get(path).status_code in (303, 404), path
    # revoked: the link stops working at once
    settings = text(owner.get("/settings"))
    assert link in settings
    tok = link.rsplit("/", 1)[1]
    assert owner.post(f"/share-links/{tok}/revoke", data={"csrf_token": token, "next": "settings"}).status_code == 303
    assert stranger.get(link).status_code == 404 and stranger.get(link + "/share.png").status_code == 404
    assert link not in text(owner.get("/settings"))


def test_share_link_needs_csrf_and_a_finished_play(client, token):
    play_id = new_play(client, token)
    assert client.post(f"/plays/{play_id}/share-link", data={}).status_code == 400
    assert client.post(f"/plays/{play_id}/share-link", data={"csrf_token": token}).status_code == 409
    assert client.get("/s/not-a-token").status_code == 404


def test_a_shared_play_reopened_shows_no_result_until_finished_again(client, token):
    play_id = finished_play(client, token, [30, 20])
    client.post(f"/plays/{play_id}/share-link", data={"csrf_token": token})
    link = re.search(r"/s/[A-Za-z0-9_-]{20,}", text(client.get(f"/plays/{play_id}/result"))).group(0)
    client.post(f"/plays/{play_id}/reopen", data={"csrf_token": token})
    html = text(client.get(link))
    assert "reopened" in html and "Ann wins" not in html


# ------------------------------------------------------------------- BG Stats


def bgstats(client, play_id) -> dict:
    html = text(client.get(f"/plays/{play_id}/result"))
    url = unescape(re.search(r'href="(https://app\.bgstatsapp\.com/createPlay\.html\?data=[^"]+)"', html).group(1))
    return json.loads(unquote(url.split("?data=", 1)[1]))


def test_bgstats_link_carries_the_play_in_its_import_format(client, token, history):
    data = bgstats(client, history[3])
    assert data["sourceName"] == "Scorepad" and data["sourcePlayId"].endswith(f"-{history[3]}")
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", data["playDate"])
    assert data["game"] == {"name": "Stub Game", "sourceGameId": "stub", "highestWins": True, "noPoints": False}
    assert [(p["name"], p["score"], p["rank"], p["winner"], p["startPlayer"]) for p in data["players"]] == [
        ("Ann", 12, 2, False, True), ("Bob", 10, 3, False, False), ("Cleo", 50, 1, True, False)]
    assert len({p["sourcePlayerId"] for p in data["players"]}) == 3
    shared = bgstats(client, history[2])
    assert [p["winner"] for p in shared["players"]] == [True, True]


def test_bgstats_names_a_bgg_id_only_where_a_source_gives_one(client, token):
    from web.story import share

    # Verdant, Planted and Vadoran Gardens have a cited id (web/story/share.py); Arizona and Gretchen's Garden none
    assert share.BGG_IDS == {"verdant": 334065, "planted": 365104, "vadoran-gardens": 242149}
    play_id = new_play(client, token)
    assert "bgstatsapp" not in text(client.get(f"/plays/{play_id}"))  # not offered before the play is finished


def test_bgstats_play_date_is_utc_and_length_and_place_are_sent(client, token, monkeypatch):
    from web.data import store
    from web.story import share

    play_id = finished_play(client, token, [3, 2])
    client.post(f"/plays/{play_id}/when-where", data={"csrf_token": token, "started_at": "2026-11-28T20:00",
                                                        "finished_at": "2026-11-28T21:35", "location": "The club"})
    with client.application.app_context():
        play = store.get_play(play_id)
        data = share.bgstats_play(play, play.evaluate().result, share.play_row(play_id))
    assert data["durationMin"] == 95 and data["location"] == "The club"
    from datetime import UTC, datetime

    assert data["playDate"] == datetime.fromisoformat("2026-11-28T20:30").astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S")


def test_bgstats_sends_the_notes_as_comments_and_the_bgg_id_of_each_game_that_has_one(client, token):
    from web.data import store
    from web.story import share

    play_id = finished_play(client, token, [3, 2])
    with client.application.app_context():
        play = store.get_play(play_id)
        data = share.bgstats_play(play, play.evaluate().result, share.play_row(play_id))
        assert "comments" not in data  # no notes: no comments
        service.update_play(play_id, {"notes": "  Cleo's first game.\nRematch next week  "}, "test")
        play = store.get_play(play_id)
        data = share.bgstats_play(play, play.evaluate().result, share.play_row(play_id))
        assert data["comments"] == "Cleo's first game.\nRematch next week"
        assert "bggId" not in data["game"]  # the stub game has none
        result = play.evaluate().result
        for game, bgg in (("planted", 365104), ("vadoran-gardens", 242149), ("verdant", 334065),
                          ("verdant-arizona", None), ("gretchens-garden", None)):
            play.game = game  # (the link reads the game's name and id; the players come from the result)
            sent = share.bgstats_play(play, result, {})["game"]
            assert (sent["sourceGameId"], sent.get("bggId")) == (game, bgg)


# ---------------------------------------------------------------------- rematch


def test_rematch_same_game_options_and_players_seats_rotated(client, token):
    play_id = finished_play(client, token, [3, 2, 1], players=("Ann", "Bob", "Cleo"), bonus="2")
    assert client.post(f"/plays/{play_id}/rematch", data={}).status_code == 400  # CSRF like every form
    response = client.post(f"/plays/{play_id}/rematch", data={"csrf_token": token})
    assert response.status_code == 303
    new_id = int(response.headers["Location"].rstrip("/").split("/")[-1])
    assert new_id != play_id and response.headers["Location"] == f"/plays/{new_id}"
    from web.data import store

    with client.application.app_context():
        old, new = store.get_play(play_id), store.get_play(new_id)
    assert new.game == old.game and new.options == old.options == {"bonus": 2}
    assert [s.name for s in new.seats] == ["Bob", "Cleo", "Ann"] and not new.finished
    assert "rematch" in text(client.get(f"/plays/{new_id}/log"))


def test_rematch_of_a_play_in_progress_is_refused(client, token):
    play_id = new_play(client, token)
    assert client.post(f"/plays/{play_id}/rematch", data={"csrf_token": token}).status_code == 409


# ------------------------------------------------------------ when and where


def test_a_play_records_when_it_started_and_first_finished(client, token):
    from web.story import share

    play_id = finished_play(client, token, [3, 2])
    with client.application.app_context():
        first = share.play_row(play_id)
    assert first["started_at"] and first["finished_at"] and first["finished_at"] >= first["started_at"]
    client.post(f"/plays/{play_id}/reopen", data={"csrf_token": token})
    client.post(f"/plays/{play_id}/finish", data={"csrf_token": token})
    with client.application.app_context():
        assert share.play_row(play_id)["finished_at"] == first["finished_at"]  # a correction keeps the end of the game


def test_when_and_where_are_edited_shown_and_logged(client, token):
    play_id = finished_play(client, token, [3, 2])
    response = client.post(f"/plays/{play_id}/when-where", data={
        "csrf_token": token, "started_at": "2026-11-28T20:05", "finished_at": "2026-11-28T21:40", "location": "Ann's kitchen"})
    assert response.status_code == 303
    html = text(client.get(f"/plays/{play_id}/result"))
    assert "1 h 35 min" in html and "Ann&#39;s kitchen" in html
    assert "length and place changed" in text(client.get(f"/plays/{play_id}/log"))
    form = text(client.get(f"/plays/{play_id}/when-where"))
    assert 'value="2026-11-28T20:05"' in form and '<option value="Ann&#39;s kitchen">' in form


def test_when_and_where_refuses_a_finish_before_the_start_and_keeps_what_was_typed(client, token):
    play_id = finished_play(client, token, [3, 2])
    response = client.post(f"/plays/{play_id}/when-where", data={
        "csrf_token": token, "started_at": "2026-11-28T21:00", "finished_at": "2026-11-28T20:00", "location": "x" * 81})
    assert response.status_code == 422
    html = text(response)
    assert "at most 80 characters" in html and 'value="2026-11-28T21:00"' in html
    response = client.post(f"/plays/{play_id}/when-where", data={
        "csrf_token": token, "started_at": "2026-11-28T21:00", "finished_at": "2026-11-28T20:00", "location": "Home"})
    assert response.status_code == 422 and "Finished must be after Started." in text(response)
    assert 'value="Home"' in text(response)
    response = client.post(f"/plays/{play_id}/when-where", data={"csrf_token": token, "started_at": "tomorrow"})
    assert response.status_code == 422 and "Not a valid datetime value." in text(response)


# ------------------------------------------------------------------------ photos


def gps_jpeg(size=(400, 200), orientation=6) -> bytes:
    """A JPEG with a GPS position, a camera and an orientation in its EXIF."""
    image = Image.new("RGB", size, (40, 120, 60))
    exif = Image.Exif()
    exif[ExifTags.Base.Make] = "PhoneMaker"
    exif[ExifTags.Base.Orientation] = orientation
    gps = exif.get_ifd(ExifTags.IFD.GPSInfo)
    gps[ExifTags.GPS.GPSLatitudeRef] = "N"
    gps[ExifTags.GPS.GPSLatitude] = (52.0, 22.0, 12.5)
    gps[ExifTags.GPS.GPSLongitudeRef] = "E"
    gps[ExifTags.GPS.GPSLongitude] = (4.0, 53.0, 30.0)
    out = io.BytesIO()
    image.save(out, "JPEG", exif=exif)
    data = out.getvalue()
    assert Image.open(io.BytesIO(data)).getexif().get_ifd(ExifTags.IFD.GPSInfo)  # it is really there
    return data


def upload(client, token, play_id, data: bytes, name="IMG_0001.jpg", **headers):
    from werkzeug.datastructures import FileStorage
    from werkzeug.test import encode_multipart

    # Encoded in memory: the test client would spool a large body to a file it never closes.
    boundary, body = encode_multipart({"csrf_token": token, "photo": FileStorage(io.BytesIO(data), name)})
    return client.post(f"/plays/{play_id}/photos", data=body, content_type=f"multipart/form-data; boundary={boundary}",
                       headers=headers)


def test_a_photo_is_stored_upright_without_any_metadata(app, client, token):
    play_id = finished_play(client, token, [3, 2])
    response = upload(client, token, play_id, gps_jpeg())
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/plays/{play_id}/result#photos")
    with app.app_context():
        [photo] = photos.for_play(play_id)
        stored = (photos.folder() / photo["file"]).read_bytes()
    assert str(photos.folder(app.config["DATABASE"])).startswith(str(app.config["DATABASE"]).rsplit("/", 1)[0])
    image = Image.open(io.BytesIO(stored))
    assert not image.getexif() and "exif" not in image.info and b"GPS" not in stored and b"PhoneMaker" not in stored
    assert image.size == (200, 400) == (photo["width"], photo["height"])  # orientation 6 applied to the pixels
    html = text(client.get(f"/plays/{play_id}/result"))
    assert f'/plays/{play_id}/photos/{photo["id"]}.thumb.jpg' in html
    assert 'accept="image/*" capture=' in html
    thumb = client.get(f"/plays/{play_id}/photos/{photo['id']}.thumb.jpg")
    assert thumb.status_code == 200 and thumb.mimetype == "image/jpeg"
    assert max(Image.open(io.BytesIO(thumb.data)).size) <= photos.THUMB_SIDE
    thumb.close()
    log = text(client.get(f"/plays/{play_id}/log"))
    assert "photo added" in log and f'/plays/{play_id}/photos/{photo["id"]}.thumb.jpg' in log


def test_a_large_photo_is_scaled_down_and_a_photo_over_one_megabyte_is_accepted(app, client, token):
    import os

    play_id = finished_play(client, token, [3, 2])
    big = Image.frombytes("RGB", (3000, 2000), os.urandom(3000 * 2000 * 3))  # noise: a JPEG of several MB
    out = io.BytesIO()
    big.save(out, "JPEG", quality=95)
    assert out.tell() > 1024 * 1024  # over the app's general body limit
    assert upload(client, token, play_id, out.getvalue()).status_code == 303
    with app.app_context():
        [photo] = photos.for_play(play_id)
    assert (photo["width"], photo["height"]) == (2048, 1365)


def test_what_is_not_a_photo_is_refused_with_the_reason(client, token):
    play_id = finished_play(client, token, [3, 2])
    response = upload(client, token, play_id, b"GIF89a not really", name="x.gif")
    assert response.status_code == 422 and "is not a photo this server can read" in text(response)
    assert upload(client, token, play_id, b"", name="").status_code == 422
    limit = photos.MAX_UPLOAD
    try:  # the route's own body limit (small here, so the test's body stays in memory)
        photos.MAX_UPLOAD = 4000
        assert upload(client, token, play_id, b"\xff" * 5000).status_code == 413
    finally:
        photos.MAX_UPLOAD = limit
    no_csrf = client.post(f"/plays/{play_id}/photos", data={"photo": (io.BytesIO(gps_jpeg()), "a.jpg")},
                          content_type="multipart/form-data")
    assert no_csrf.status_code == 400


def test_a_play_keeps_at_most_twelve_photos_and_removing_one_is_undoable(app, client, token, monkeypatch):
    monkeypatch.setattr(photos, "MAX_PER_PLAY", 2)
    play_id = finished_play(client, token, [3, 2])
    small = gps_jpeg((40, 30), 1)
    assert upload(client, token, play_id, small).status_code == 303
    assert upload(client, token, play_id, small).status_code == 303
    response = upload(client, token, play_id, small)
    assert response.status_code == 422 and "at most 2" in text(response)
    with app.app_context():
        first = photos.for_play(play_id)[0]["id"]
    assert client.post(f"/plays/{play_id}/photos/{first}/remove", data={"csrf_token": token}).status_code == 303
    assert f"/photos/{first}.thumb.jpg" not in text(client.get(f"/plays/{play_id}/result"))
    log = text(client.get(f"/plays/{play_id}/log"))
    assert "photo removed" in log and f"/photos/{first}/restore" in log
    assert client.post(f"/plays/{play_id}/photos/{first}/restore", data={"csrf_token": token}).status_code == 303
    assert f"/photos/{first}.thumb.jpg" in text(client.get(f"/plays/{play_id}/result"))
    assert client.get(f"/plays/{play_id}/photos/999.jpg").status_code == 404


def test_photos_are_in_the_backup_and_the_export(app, client, token, runner, tmp_path):
    from web.data.backup import export_data, import_data

    play_id = finished_play(client, token, [3, 2])
    upload(client, token, play_id, gps_jpeg((40, 30), 1))
    target = tmp_path / "backups" / "copy.db"
    result = runner.invoke(args=["backup", str(target)])
    assert result.exit_code == 0, result.output
    assert "Photos copied" in result.output
    copied = list((tmp_path / "backups" / "copy-photos").rglob("*.jpg"))
    assert len(copied) == 2  # the photo and its thumbnail
    exported = export_data(app.config["DATABASE"])
    assert len(exported["files"]["photos"]) == 2
    fresh = tmp_path / "fresh" / "scorepad.db"
    fresh.parent.mkdir()
    counts = import_data(str(fresh), exported)
    assert counts["photo files"] == 2 and counts["photos"] == 1
    assert export_data(str(fresh))["files"] == exported["files"]


# --------------------------------------------------------------------- page cache


def test_a_cached_page_follows_every_change_and_answers_repeat_views_with_304(client, token):
    play_id = finished_play(client, token, [30, 20])
    first = client.get(f"/plays/{play_id}/result")
    assert first.status_code == 200 and first.headers.get("ETag")
    assert client.get(f"/plays/{play_id}/result", headers={"If-None-Match": first.headers["ETag"]}).status_code == 304
    client.post(f"/plays/{play_id}/when-where", data={"csrf_token": token, "location": "The garden shed"})
    changed = client.get(f"/plays/{play_id}/result", headers={"If-None-Match": first.headers["ETag"]})
    assert changed.status_code == 200 and "The garden shed" in text(changed)


def test_a_cached_page_carries_each_visitors_own_csrf_token(app):
    one, two = app.test_client(), app.test_client()
    a, b = text(one.get("/plays")), text(two.get("/plays"))
    token_a = re.search(r'"X-CSRFToken": "([^"]+)"', a).group(1)
    token_b = re.search(r'"X-CSRFToken": "([^"]+)"', b).group(1)
    assert token_a != token_b
    assert app.extensions["scorepad_pagecache"].hits >= 1  # the second visitor was served from the cache
    assert one.post("/players", data={"csrf_token": token_a, "name": "Ann"}).status_code == 303


def test_a_write_behind_the_apps_back_is_seen(app, client, token):
    import sqlite3

    play_id = finished_play(client, token, [30, 20])
    assert "Ann wins" in text(client.get(f"/plays/{play_id}/result"))
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        conn.execute("UPDATE players SET name = 'Annabel' WHERE name = 'Ann'")
    assert "Annabel wins" in text(client.get(f"/plays/{play_id}/result"))


def test_a_deleted_plays_share_link_says_it_was_deleted_and_works_again_once_restored(client, token):
    play_id = finished_play(client, token, [30, 20])
    assert client.post(f"/plays/{play_id}/share-link", data={"csrf_token": token}).status_code == 303
    link = re.search(r"/s/[A-Za-z0-9_-]{20,}", text(client.get(f"/plays/{play_id}/result"))).group(0)
    assert client.post(f"/plays/{play_id}/delete", data={"csrf_token": token}).status_code == 303
    stranger = client.application.test_client()
    gone = stranger.get(link)
    assert gone.status_code == 404
    assert "This play was deleted" in text(gone) and "reopened" not in text(gone) and ">30<" not in text(gone)
    assert stranger.get(link + "/share.png").status_code == 404
    assert client.post(f"/plays/{play_id}/restore", data={"csrf_token": token}).status_code == 303
    assert stranger.get(link).status_code == 200 and ">30<" in text(stranger.get(link))


def test_a_cached_statistics_page_follows_a_rebuild_of_the_statistics(app, client, token, runner):
    """``rebuild-stats`` rewrites only the derived tables (no revision trigger there): a game page
    cached from damaged figures is drawn again from the rebuilt ones."""
    import sqlite3

    finished_play(client, token, [30, 20])
    finished_play(client, token, [10, 25])
    wrong = sqlite3.connect(app.config["DATABASE"])
    wrong.execute("UPDATE stat_game SET plays = 7 WHERE game = 'stub'")  # damaged by hand
    wrong.commit()
    wrong.close()
    assert "7 finished plays" in text(client.get("/games/stub"))  # drawn (and cached) from the damage
    assert runner.invoke(args=["rebuild-stats"]).exit_code == 0
    assert "2 finished plays" in text(client.get("/games/stub"))  # the two plays above, recounted
