"""Link previews of a shared result (web/story/preview.py): Open Graph and Twitter card tags with the
page's address, a 1200 x 630 picture with its size and alt text; a result not finished shows no
picture; a revoked link's picture is gone."""

from __future__ import annotations

import io
import re
from html import unescape

from PIL import Image

from tests.web.test_story import finished_play, text


def share(client, token, play_id) -> str:
    assert client.post(f"/plays/{play_id}/share-link", data={"csrf_token": token}).status_code == 303
    return re.search(r"/s/[A-Za-z0-9_-]{20,}", text(client.get(f"/plays/{play_id}/result"))).group(0)


def metas(html: str) -> dict[str, str]:
    found = {}
    for tag in re.findall(r"<meta [^>]*>", html):
        key = re.search(r'(?:property|name)="([^"]+)"', tag)
        value = re.search(r'content="([^"]*)"', tag)
        if key and value:
            found[key.group(1)] = unescape(value.group(1))
    return found


def test_a_shared_result_carries_every_preview_tag(client, token):
    play_id = finished_play(client, token, [30, 20, 41], players=("Ann", "Bob", "Cleo"))
    link = share(client, token, play_id)
    tags = metas(text(client.get(link)))
    assert tags["og:type"] == "website" and tags["og:site_name"] == "Scorepad"
    assert tags["og:url"].endswith(link) and tags["og:url"].startswith("http")
    assert tags["og:title"] == "Stub Game: Cleo wins with 41" == tags["twitter:title"]
    assert tags["twitter:card"] == "summary_large_image"
    assert tags["og:image"].endswith(link + "/preview.png") and tags["twitter:image"] == tags["og:image"]
    assert (tags["og:image:width"], tags["og:image:height"], tags["og:image:type"]) == ("1200", "630", "image/png")
    # the alt text says what the picture says: the headline, each player's total and rank, then the
    # records this play set (the group's first play of the game: Cleo's first win, no best to beat)
    assert tags["og:image:alt"].endswith(
        ": Cleo wins with 41. Ann 30 (2nd), Bob 20 (3rd), Cleo 41 (1st). First win in Stub Game: Cleo."
    )
    assert tags["og:image:alt"].startswith("Stub Game, ") and tags["twitter:image:alt"] == tags["og:image:alt"]


def test_the_preview_picture_is_1200_by_630_in_both_themes_and_answers_304_when_unchanged(client, token):
    play_id = finished_play(client, token, [12, 10, 50, 0], players=("Ann", "Bob", "Cleo", "Maximiliana Wolkenstein-Ravensburg the Third"))
    link = share(client, token, play_id)
    for theme in ("light", "dark", "neon"):  # an unknown theme is the light one
        response = client.get(f"{link}/preview.png?theme={theme}")
        assert response.status_code == 200 and response.mimetype == "image/png"
        picture = Image.open(io.BytesIO(response.data))
        assert picture.size == (1200, 630)
    again = client.get(f"{link}/preview.png", headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304


def test_a_tie_at_zero_still_draws(client, token):
    play_id = finished_play(client, token, [0, 0], tokens=[1, 1])  # every total 0: no bar to scale
    link = share(client, token, play_id)
    assert Image.open(io.BytesIO(client.get(f"{link}/preview.png").data)).size == (1200, 630)


def test_a_reopened_result_has_no_picture_and_a_small_card(client, token):
    play_id = finished_play(client, token, [3, 2])
    link = share(client, token, play_id)
    client.post(f"/plays/{play_id}/reopen", data={"csrf_token": token})
    tags = metas(text(client.get(link)))
    assert tags["twitter:card"] == "summary" and "og:image" not in tags and "og:url" in tags
    assert client.get(f"{link}/preview.png").status_code == 404


def test_a_revoked_link_has_no_preview_and_an_unknown_one_neither(client, token):
    play_id = finished_play(client, token, [3, 2])
    link = share(client, token, play_id)
    tok = link.rsplit("/", 1)[1]
    assert client.post(f"/share-links/{tok}/revoke", data={"csrf_token": token}).status_code == 303
    assert client.get(f"{link}/preview.png").status_code == 404
    assert client.get("/s/not-a-token/preview.png").status_code == 404


def test_the_preview_needs_no_access_code_like_the_shared_page(tmp_path, client, token):
    from app import create_app

    play_id = finished_play(client, token, [3, 2])
    link = share(client, token, play_id)
    locked = create_app({"DATABASE": client.application.config["DATABASE"], "SECRET_KEY": "k", "ACCESS_CODE": "x"})
    assert locked.test_client().get(f"{link}/preview.png").status_code == 200
