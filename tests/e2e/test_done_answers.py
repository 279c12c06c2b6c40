"""Done always answers (issue 25.7): a Done tapped while an autosave is on its way leads to the play
page or says why not, 40 times across fresh seats of every game; and once a queued save lands,
every data-save-state on the page agrees.

The autosave is held in the network (a Playwright route that answers only when the test lets it:
no sleep, no timing) while Done is tapped, then let go, at three moments: at once, after the
page's live check has asked the server meanwhile, and after the held save went on to the server
while Done waits behind it.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect


def _api(page, base: str, method: str, url: str, body: dict | None = None) -> dict:
    response = page.request.fetch(base + url, method=method, data=json.dumps(body or {}),
                                  headers={"Content-Type": "application/json"})
    assert response.status in (200, 201), (response.status, response.text()[:300])
    return response.json()


def _type_number(selector: str, value: str):
    def edit(page):
        page.locator(selector).fill(value)
    return edit


def _verdant(page):
    page.locator("#vd-thumbs label", has_text="2").click()


def _vadoran(page):
    page.locator("#garden-text").evaluate(
        "t => { t.value = 'g g w'; t.dispatchEvent(new Event('input', {bubbles: true})); }")


def _stub(page):
    page.locator("#state_json").fill(json.dumps({"points": 4}))


# an edit that autosaves, per game (typed: sent after the pause or on leaving the field; tapped: at once)
EDITS = [
    ("planted", _type_number("#f-propagation", "2")),
    ("verdant", _verdant),
    ("verdant-arizona", _type_number("#f-wrens", "1")),
    ("gretchens-garden", _type_number("#f-watering_can", "2")),
    ("vadoran-gardens", _vadoran),
    ("stub", _stub),
]
RELEASE = ("at once", "after a live check", "just answered")


class Held:
    """The seat's autosaves wait in the network until let go; Done (next=play) is not held."""

    def __init__(self, page):
        self.routes: list = []
        page.route(re.compile(r"/plays/\d+/seats/\d+$"), self.handle)

    def handle(self, route):
        body = route.request.post_data or ""
        if route.request.method == "POST" and "next=play" not in body and not self.routes:
            self.routes.append(route)  # held: the autosave is on its way
        else:
            route.continue_()

    def release(self):
        for route in self.routes:
            route.continue_()


@pytest.mark.parametrize("run", range(40))
def test_done_tapped_while_an_autosave_is_on_its_way_leads_to_the_play_page(live_server, phone, run):
    game, edit = EDITS[run % len(EDITS)]
    when = RELEASE[run % len(RELEASE)]
    page = phone
    page.goto(live_server + "/")
    pid = _api(page, live_server, "POST", "/api/plays", {"game": game, "players": ["Ann", "Bo"]})["id"]
    page.goto(f"{live_server}/plays/{pid}/seats/0")
    expect(page.locator("#live-root")).to_have_attribute("data-live-applied", re.compile(r"^\d+$"))
    held = Held(page)

    with page.expect_request(lambda r: r.method == "POST" and "next=play" not in (r.post_data or "")):
        edit(page)
        if game == "stub":
            page.locator("#state_json").blur()  # (its autosave leaves on the pause or with the change)
    expect(page.locator("html")).to_have_attribute("data-save-state", "saving")
    assert held.routes, "the autosave is held"

    done = page.get_by_role("button", name="Done", exact=True)
    if when == "at once":
        done.click()
        held.release()
    elif when == "after a live check":
        done.click()
        with page.expect_response(re.compile(r"/plays/\d+/live(\?|$)")):
            pass  # the page's live check asked the server while the autosave and Done wait
        held.release()
    else:  # the held autosave is answered, Done tapped as its answer lands
        with page.expect_response(lambda r: r.request.method == "POST" and "/seats/" in r.url):
            held.release()
        done.click()

    # Done answered: the play page (Done stored), or the seat page says why not (Done refused)
    expect(page.locator("#seats").or_(page.locator("#status .error"))).to_be_visible()
    seat = _api(page, live_server, "GET", f"/api/plays/{pid}")["seats"][0]
    if re.search(rf"/plays/{pid}$", page.url):
        assert seat["done"] is True, seat
    else:
        expect(page.locator("#status .error")).to_contain_text("Not done yet: fill or fix what is listed here first.")
        expect(page.locator("#status .problems")).to_be_visible()
        assert seat["done"] is False, seat
        expect(page.locator("html")).to_have_attribute("data-save-state", "saved")  # (as the status says)
    page.unroute(re.compile(r"/plays/\d+/seats/\d+$"))


def test_after_queued_saves_land_every_save_state_agrees(live_server, phone):
    page = phone
    page.goto(live_server + "/")
    pid = _api(page, live_server, "POST", "/api/plays", {"game": "planted", "players": ["Ann", "Bo"]})["id"]
    page.goto(f"{live_server}/plays/{pid}/seats/0")
    expect(page.locator("html")).to_have_attribute("data-save-state", "saved")  # (as the status says)
    held = Held(page)
    with page.expect_request(lambda r: r.method == "POST"):
        page.locator('button[value="decorations.workbench:+1"]').tap()
    page.get_by_role("button", name="Save", exact=True).click()  # queued behind the held change
    expect(page.locator("html")).to_have_attribute("data-save-state", "saving")
    expect(page.locator("#status")).to_have_attribute("data-save-state", "saving")
    held.release()
    expect(page.locator("#status .save-state")).to_contain_text("Saved")
    expect(page.locator("#status")).to_have_attribute("data-save-state", "saved")
    expect(page.locator("html")).to_have_attribute("data-save-state", "saved")
    states = page.eval_on_selector_all("[data-save-state]", "els => els.map(e => e.getAttribute('data-save-state'))")
    assert set(states) == {"saved"}, states
    expect(page.locator("#f-decorations-workbench")).to_have_value("1")
