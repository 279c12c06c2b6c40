"""Records on the result page and the year in review (issue 27, items 2 and 3) in a browser at phone
sizes (412 x 839 and 360 x 640), light and dark: axe-core finds nothing serious or critical, the
content fits the width.  Screenshots: tests/e2e/screenshots/records-*.png (looked at)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import assert_accessible
from tests.e2e.test_story import _context, _fits, _shot, _token

YEAR = 2024  # a year of its own: the other browser tests play in 2026
GROUP = ("Lena", "Moss", "Nadia")


def _play(page, base, scores, when) -> int:
    page.goto(base + "/plays/new")
    token = _token(page)
    form = {"csrf_token": token, "game": "stub", "played_at": when}
    form.update({f"players-{i}": name for i, name in enumerate(GROUP)})
    response = page.request.post(base + "/plays", form=form, max_redirects=0)
    assert response.status == 303, response.text()[:500]
    play_id = int(response.headers["location"].rstrip("/").split("/")[-1])
    for i, points in enumerate(scores):
        saved = page.request.post(f"{base}/plays/{play_id}/seats/{i}", max_redirects=0,
                                  form={"csrf_token": token, "state_json": f'{{"points": {points}, "tokens": {i}}}',
                                        "next": "play"})
        assert saved.status == 303
    assert page.request.post(f"{base}/plays/{play_id}/finish", form={"csrf_token": token},
                             max_redirects=0).status == 303
    return play_id


@pytest.fixture(scope="module")
def year_plays(live_server, browser):
    problems: list[str] = []
    context, page = _context(browser, problems)
    ids = [_play(page, live_server, scores, when) for scores, when in (
        ([31, 24, 28], f"{YEAR}-02-10T20:00"),
        ([35, 26, 30], f"{YEAR}-03-09T20:00"),
        ([40, 22, 33], f"{YEAR}-03-23T20:00"),  # Lena: 3 in a row, a group high 40 (was her 35), +7
        ([27, 29, 52], f"{YEAR}-07-14T20:00"),  # Nadia: group high 52, biggest win +23, first win
    )]
    context.close()
    assert not problems
    return ids


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", ["412", "360"])
def test_the_result_page_tells_the_records_of_the_play(live_server, browser, year_plays, scheme, size):
    problems: list[str] = []
    context, page = _context(browser, problems, scheme, size)
    page.goto(f"{live_server}/plays/{year_plays[2]}/result")
    records = page.locator("#records")
    expect(records).to_contain_text("New group high score: Lena, 40 in Stub Game (was 35)")
    expect(records).to_contain_text("Lena has won 3 Stub Game plays in a row")
    _fits(page)
    assert_accessible(page, "the result page with its records")
    records.scroll_into_view_if_needed()
    _shot(page, f"records-result-{scheme}-{size}")
    context.close()
    assert not problems, problems


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", ["412", "360"])
def test_the_year_in_review_on_a_phone(live_server, browser, year_plays, scheme, size):
    problems: list[str] = []
    context, page = _context(browser, problems, scheme, size)
    page.goto(f"{live_server}/review/{YEAR}")
    expect(page.locator("h1")).to_have_text(f"{YEAR} in review")
    expect(page.locator(".review-big")).to_contain_text("4 plays")
    expect(page.locator("figure.chart svg")).to_be_visible()
    expect(page.locator("body")).to_contain_text("New group high score: Nadia, 52 in Stub Game (was Lena's 40)")
    expect(page.locator("img.share-preview")).to_have_js_property("complete", True)
    assert page.locator("img.share-preview").evaluate("i => i.naturalWidth") == 1080
    _fits(page)
    assert_accessible(page, "the year in review")
    _shot(page, f"records-review-{scheme}-{size}")
    page.goto(f"{live_server}/review/{YEAR - 1}")
    expect(page.locator("main")).to_contain_text(f"No plays were finished in {YEAR - 1}")
    _fits(page)
    assert_accessible(page, "an empty year in review")
    _shot(page, f"records-review-empty-{scheme}-{size}")
    context.close()
    assert not problems, problems
