"""Back on a seat page shows what is stored (issue 25.1), for every game and every kind of edit.

A phone opens a seat, makes an edit of one kind (a Verdant card, a tap on a stepper, a number
typed, a row operation, a garden typed, a JSON board), waits for "saved", goes to another page and
taps Back: the seat page shows the stored state (its version, its total, the edited value), not
the page as it was first loaded.  Then the same with another phone changing the seat while this
one is away.  The root cause was the HTTP cache: Chromium answers Back from its cache without
asking the server (even with ``no-cache``), and for Verdant, whose home is drawn in HTML rather
than in form fields, nothing hid it; pages now send ``Cache-Control: no-store``, and a page the
back/forward cache kept whole reloads itself on ``pageshow`` (``static/js/seat.js``).
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import goto


def _api(page, base: str, method: str, url: str, body: dict | None = None) -> dict:
    response = page.request.fetch(base + url, method=method, data=json.dumps(body or {}),
                                  headers={"Content-Type": "application/json"})
    assert response.status in (200, 201), (response.status, response.text()[:300])
    return response.json()


def _seat(page, base: str, pid: int) -> dict:
    return _api(page, base, "GET", f"/api/plays/{pid}")["seats"][0]


def _saved(page) -> None:
    """The signal that every change of this page is acknowledged: both data-save-state say so and
    nothing waits in the queue (the entry form loses htmx's request class)."""
    expect(page.locator("html")).to_have_attribute("data-save-state", "saved")
    expect(page.locator("#status")).to_have_attribute("data-save-state", "saved")
    expect(page.locator("#entry")).not_to_have_class(re.compile(r"htmx-request"))


# ------------------------------------------------------------------ the edits, per game


def verdant_card(page):
    page.click("#cell-0-0")
    expect(page.locator("#editor h2")).to_contain_text("Row 1, card 1")
    page.locator("#vd-q").press_sequentially("jas", delay=40)
    page.locator('#vd-results button[value="Jasmine|concrete"]').click()
    expect(page.locator("#editor h2")).to_contain_text("Row 1, card 2")  # the editor moved on
    page.locator('#editor button[value="rtype:vining"]').click()
    page.locator('#editor button[value="item_kind:"]').click()


def verdant_card_shown(page, state):
    assert "Jasmine" in json.dumps(state["home"][0][0]) and state["home"][0][1]["type"] == "vining"
    expect(page.locator(".vd-cell.vd-empty")).to_have_count(13)  # 15 places, 2 filled
    expect(page.locator("#cell-0-0")).to_contain_text("Jasmine")
    expect(page.locator("#cell-0-1")).to_contain_text("Vining room")


def verdant_thumbs(page):
    page.locator("#vd-thumbs label", has_text="2").click()


def verdant_thumbs_shown(page, state):
    expect(page.locator(f'#vd-thumbs input[value="{state["green_thumbs"]}"]')).to_be_checked()


def planted_stepper(page):
    page.locator('button[value="decorations.workbench:+1"]').tap()
    page.locator('button[value="decorations.workbench:+1"]').tap()


def planted_stepper_shown(page, state):
    expect(page.locator("#f-decorations-workbench")).to_have_value(str(state["decorations"]["workbench"]))


def planted_typed(page):
    page.locator("#f-propagation").fill("3")


def planted_typed_shown(page, state):
    expect(page.locator("#f-propagation")).to_have_value(str(state["propagation"]))


def arizona_typed(page):
    page.locator("#f-wrens").fill("2")
    page.locator("#f-wrens").blur()


def arizona_typed_shown(page, state):
    expect(page.locator("#f-wrens")).to_have_value(str(state["wrens"]))


def gretchen_row(page):
    count = page.locator("#gg-row .gg-place").count()
    page.click('button[popovertarget="gg-add-left"]')
    page.click('#gg-add-left button[value="add:left:green:12"]')
    expect(page.locator("#gg-row .gg-place")).to_have_count(count + 1)


def gretchen_row_shown(page, state):
    expect(page.locator("#gg-row .gg-place")).to_have_count(len(state["display"]))
    expect(page.locator("#potname-1")).to_have_text("Green 12")


def gretchen_typed(page):
    page.locator("#f-watering_can").fill("4")


def gretchen_typed_shown(page, state):
    expect(page.locator("#f-watering_can")).to_have_value(str(state["watering_can"]))


def vadoran_garden(page):
    page.locator("#garden-text").evaluate(
        "t => { t.value = 'g g w\\ns s w'; t.dispatchEvent(new Event('input', {bubbles: true})); }")


def vadoran_garden_shown(page, state):
    expect(page.locator("#vad-areas")).to_have_attribute("data-garden", re.compile(r"g g w[\s\S]*s s w"))
    assert state["garden"], state


def vadoran_stepper(page):
    page.locator('button[value="lost_items.animal:+1"]').tap()


def vadoran_stepper_shown(page, state):
    expect(page.locator("#f-lost_items-animal")).to_have_value(str(state["lost_items"]["animal"]))


def stub_json(page):
    page.locator("#state_json").fill(json.dumps({"points": 7}))
    page.locator("#state_json").blur()


def stub_json_shown(page, state):
    assert json.loads(page.locator("#state_json").input_value()) == state


# game, the edit, what it shows, another phone's change (values at paths) and what that shows
CASES = {
    "verdant-card": ("verdant", verdant_card, verdant_card_shown, {"green_thumbs": 3}, verdant_thumbs_shown),
    "verdant-form": ("verdant", verdant_thumbs, verdant_thumbs_shown, {"home[2][4]": {"kind": "room", "type": "dry", "item": None}},
                     lambda page, state: expect(page.locator("#cell-2-4")).to_contain_text("Dry room")),
    "planted-stepper": ("planted", planted_stepper, planted_stepper_shown, {"propagation": 5}, planted_typed_shown),
    "planted-typed": ("planted", planted_typed, planted_typed_shown, {"decorations.workbench": 1}, planted_stepper_shown),
    "arizona-typed": ("verdant-arizona", arizona_typed, arizona_typed_shown, {"wrens": 4}, arizona_typed_shown),
    "gretchen-row": ("gretchens-garden", gretchen_row, gretchen_row_shown, {"watering_can": 2}, gretchen_typed_shown),
    "gretchen-typed": ("gretchens-garden", gretchen_typed, gretchen_typed_shown, {"watering_can": 1}, gretchen_typed_shown),
    "vadoran-garden": ("vadoran-gardens", vadoran_garden, vadoran_garden_shown, {"lost_items.animal": 1}, vadoran_stepper_shown),
    "vadoran-stepper": ("vadoran-gardens", vadoran_stepper, vadoran_stepper_shown, {"lost_items.animal": 2}, vadoran_stepper_shown),
    "stub-json": ("stub", stub_json, stub_json_shown, {"points": 9}, stub_json_shown),
}


def _open(browser, size):
    context = browser.new_context(viewport=size, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(10_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return context, page, errors


def _assert_stored_shown(page, base: str, pid: int, shown) -> dict:
    """The seat page shows what the server holds: its version, its total, and the edited place."""
    stored = _seat(page, base, pid)
    expect(page.locator("#seat-version")).to_have_value(str(stored["version"]))
    if stored["version"] > 1 and stored.get("total") is not None and page.locator("#status .running .total").count():
        expect(page.locator("#status .running .total")).to_have_text(str(stored["total"]))
    shown(page, stored["state"])
    expect(page.locator("html")).to_have_attribute("data-save-state", "saved")
    return stored


SMALL, PHONE = {"width": 360, "height": 640}, {"width": 412, "height": 839}
# Verdant at both sizes of the report, the other games at 412 px
SIZED = [pytest.param(case, size, id=f"{case}-{size['width']}") for case in CASES
         for size in ((SMALL, PHONE) if CASES[case][0] == "verdant" else (PHONE,))]


@pytest.mark.parametrize(("case", "size"), SIZED)
def test_back_on_a_seat_page_shows_what_is_stored(live_server, browser, case, size):
    game, edit, shown, theirs, theirs_shown = CASES[case]
    context, page, errors = _open(browser, size)
    page.goto(live_server + "/")
    pid = _api(page, live_server, "POST", "/api/plays", {"game": game, "players": ["Ann", "Bo"]})["id"]
    seat_url = f"{live_server}/plays/{pid}/seats/0"
    page.goto(seat_url)

    edit(page)
    _saved(page)
    goto(page, f"{live_server}/plays/{pid}")  # another page
    page.go_back()
    expect(page).to_have_url(seat_url)
    mine = _assert_stored_shown(page, live_server, pid, shown)

    # away again; another phone changes the seat meanwhile; Back shows that too (and still this edit)
    goto(page, f"{live_server}/plays/{pid}/log")
    body = {"base_version": mine["version"], "set": theirs}
    _api(page, live_server, "PATCH", f"/api/plays/{pid}/seats/0", body)
    page.go_back()
    expect(page).to_have_url(seat_url)
    _assert_stored_shown(page, live_server, pid, theirs_shown)
    shown(page, _seat(page, live_server, pid)["state"])  # this phone's edit is still there too
    context.close()
    assert not errors, errors


def test_a_page_the_back_forward_cache_kept_reloads_itself(live_server, browser):
    """Chromium keeps no page sent with no-store whole; another browser may (or a later Chromium):
    such a page, shown again (pageshow with persisted), asks the server at once."""
    context, page, errors = _open(browser, {"width": 412, "height": 839})
    page.goto(live_server + "/")
    pid = _api(page, live_server, "POST", "/api/plays", {"game": "planted", "players": ["Ann", "Bo"]})["id"]
    page.goto(f"{live_server}/plays/{pid}/seats/0")
    expect(page.locator("#live-root")).to_have_attribute("data-live-applied", re.compile(r"^\d+$"))
    version = _seat(page, live_server, pid)["version"]
    _api(page, live_server, "PATCH", f"/api/plays/{pid}/seats/0", {"base_version": version, "set": {"propagation": 4}})
    with page.expect_navigation():
        page.evaluate("window.dispatchEvent(new PageTransitionEvent('pageshow', {persisted: true}))")
    _assert_stored_shown(page, live_server, pid, planted_typed_shown)
    context.close()
    assert not errors, errors
