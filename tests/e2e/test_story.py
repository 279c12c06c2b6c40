"""The group's story in a browser, at phone sizes (412 x 839 and 360 x 640), light and dark: the
game page's charts, a player's page, the result with its picture, a share link opened by a phone
without the access code's session, a photo taken and sent, and a rematch.  The screenshots go to
tests/e2e/screenshots/story-*.png (looked at for issue 18)."""

from __future__ import annotations

import io
import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import SHOTS
from tests.web.test_story import gps_jpeg

SIZES = {"412": {"width": 412, "height": 839}, "360": {"width": 360, "height": 640}}
GROUP = ("Iris", "Jonah", "Kit")


def _context(browser, problems, scheme="light", size="412"):
    context = browser.new_context(viewport=SIZES[size], has_touch=True, is_mobile=True, device_scale_factor=2,
                                  color_scheme=scheme)
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.on("console", lambda m: problems.append(f"CSP violation on {page.url}: {m.text}")
            if "Content Security Policy" in m.text or "Content-Security-Policy" in m.text else None)
    page.on("pageerror", lambda exc: problems.append(f"JavaScript error on {page.url}: {exc}"))
    return context, page


def _shot(page, name):
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"story-{name}.png"), full_page=True, caret="initial")


def _fits(page):
    """The page's content fits the phone's width.  (The top navigation is 389 px wide on a 360 px
    phone on every page: issue 17's, so the main region is measured.)"""
    width = page.evaluate("document.querySelector('main').scrollWidth")
    assert width <= page.viewport_size["width"], f"{page.url}: its content is {width} px wide"


def _token(page) -> str:
    return re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page.content()).group(1)


def _play(page, base, scores, players=GROUP) -> int:
    """A finished stub play made through the app's own forms (the page's session and token)."""
    page.goto(base + "/plays/new")
    token = _token(page)
    form = {"csrf_token": token, "game": "stub", "played_at": "2026-11-20T20:00"}
    form.update({f"players-{i}": name for i, name in enumerate(players)})
    response = page.request.post(base + "/plays", form=form, max_redirects=0)
    assert response.status == 303, response.text()[:500]
    play_id = int(response.headers["location"].rstrip("/").split("/")[-1])
    for i, points in enumerate(scores):
        saved = page.request.post(f"{base}/plays/{play_id}/seats/{i}", max_redirects=0,
                                  form={"csrf_token": token, "state_json": f'{{"points": {points}, "tokens": {i}}}', "next": "play"})
        assert saved.status == 303
    assert page.request.post(f"{base}/plays/{play_id}/finish", form={"csrf_token": token}, max_redirects=0).status == 303
    return play_id


@pytest.fixture(scope="module")
def story_plays(live_server, browser):
    problems: list[str] = []
    context, page = _context(browser, problems)
    ids = [_play(page, live_server, s) for s in ([31, 24, 28], [22, 35, 30], [40, 26, 33], [27, 29, 41], [36, 36, 20])]
    context.close()
    assert not problems
    return ids


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", ["412", "360"])
def test_game_and_player_pages_show_their_charts_on_a_phone(live_server, browser, story_plays, scheme, size):
    problems: list[str] = []
    context, page = _context(browser, problems, scheme, size)
    page.goto(live_server + "/games/stub")
    expect(page.locator("h1")).to_have_text("Stub Game")
    charts = page.locator("figure.chart svg")
    expect(charts.first).to_be_visible()
    assert charts.count() == 2
    box = charts.first.bounding_box()
    assert box["width"] >= SIZES[size]["width"] - 60  # the chart takes the phone's width
    assert page.locator("ul.chart-legend").first.inner_text().count("\n") >= 1
    page.locator("details.chart-numbers >> nth=0 >> summary").click()
    expect(page.locator("details.chart-numbers >> nth=0 >> table")).to_be_visible()
    _fits(page)
    _shot(page, f"game-{scheme}-{size}")
    page.goto(live_server + "/players")
    page.click("text=Iris")
    expect(page.locator("#story")).to_contain_text("Records, charts and rivals")
    expect(page.locator("#story figure.chart svg").first).to_be_visible()
    _fits(page)
    _shot(page, f"player-{scheme}-{size}")
    context.close()
    assert not problems, problems


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_result_offers_its_picture_a_share_link_and_a_rematch(live_server, browser, story_plays, scheme):
    problems: list[str] = []
    context, page = _context(browser, problems, scheme)
    play_id = story_plays[2]
    page.goto(f"{live_server}/plays/{play_id}/result")
    picture = page.locator("img.share-preview")
    expect(picture).to_be_visible()
    picture.scroll_into_view_if_needed()
    page.wait_for_function("document.querySelector('img.share-preview').complete")
    assert page.evaluate("document.querySelector('img.share-preview').naturalWidth") == 1080
    current = page.evaluate("document.querySelector('img.share-preview').currentSrc")
    assert ("theme=dark" in current) == (scheme == "dark")  # the picture follows the phone's theme
    download = page.request.get(f"{live_server}/plays/{play_id}/share.png?download=1")
    assert download.status == 200 and "attachment" in download.headers["content-disposition"]
    _fits(page)
    _shot(page, f"result-{scheme}")
    if scheme == "light":
        page.click("text=Make a link to this result")
        link = page.locator(".share-link-url a").first.get_attribute("href")
        path = "/s/" + link.split("/s/", 1)[1]
        stranger_problems: list[str] = []
        other, stranger = _context(browser, stranger_problems, "light")
        stranger.goto(live_server + path)
        expect(stranger.locator(".winner")).to_contain_text("Iris wins with 40")
        assert stranger.locator("a").count() == 0  # nothing else of this Scorepad
        _shot(stranger, "shared-link")
        other.close()
        assert not stranger_problems
        page.click("text=Rematch")
        expect(page.locator("h1")).to_contain_text("Stub Game")
        names = page.locator(".seat-name").all_inner_texts()
        assert names == ["Jonah", "Kit", "Iris"]
    context.close()
    assert not problems, problems


def test_a_photo_from_the_phone_is_sent_and_shown(live_server, browser, story_plays, tmp_path):
    problems: list[str] = []
    context, page = _context(browser, problems)
    play_id = story_plays[0]
    photo = tmp_path / "IMG_2041.jpg"
    photo.write_bytes(gps_jpeg((1200, 900), 1))
    page.goto(f"{live_server}/plays/{play_id}/result")
    file_input = page.locator("#photo-input")
    assert file_input.get_attribute("accept") == "image/*" and file_input.get_attribute("capture") is not None
    file_input.set_input_files(str(photo))
    page.click("text=Add the photo")
    expect(page.locator("ul.photos img").first).to_be_visible()
    src = page.locator("ul.photos img").first.get_attribute("src")
    thumb = page.request.get(live_server + src)
    from PIL import Image

    image = Image.open(io.BytesIO(thumb.body()))
    assert not image.getexif() and b"GPS" not in thumb.body()
    page.locator("#photos").scroll_into_view_if_needed()
    _fits(page)
    _shot(page, "result-photo")
    page.goto(f"{live_server}/plays/{play_id}/log")
    expect(page.locator(".log-photo img").first).to_be_visible()
    context.close()
    assert not problems, problems
