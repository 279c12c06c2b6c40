"""The service worker (static/js/sw.js) where the browser allows one (here: localhost): a seat page
already opened loads without a connection, with the change still queued on the phone, which lands
once the connection is back; a page never opened shows Scorepad's own offline page."""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect

from tests.e2e.test_live_table import seat_state, start_stub_play


def test_an_opened_seat_page_reloads_offline_with_its_queued_change_and_an_unknown_page_says_offline(live_server, phone):
    page = phone
    play_url = start_stub_play(page, live_server)
    seat_url = play_url + "/seats/0"
    page.goto(seat_url)
    ready = "() => Promise.race([navigator.serviceWorker.ready.then(() => true), new Promise(r => setTimeout(() => r(false), 5000))])"
    assert page.evaluate(ready), "no service worker became active within 5 s"
    page.goto(seat_url)  # now under the worker: this visit is kept
    expect(page.locator("#status .save-state")).to_have_text("Nothing entered yet.")
    assert page.evaluate("() => !!navigator.serviceWorker.controller")
    page.context.set_offline(True)
    page.fill("#state_json", json.dumps({"points": 27, "tokens": 1}))
    page.locator("#state_json").blur()
    expect(page.locator("#status")).to_have_attribute("data-save-state", "offline")
    page.reload()  # no connection: the page as kept, and the change typed meanwhile shown again
    expect(page.locator("#state_json")).to_have_value(re.compile(r'"points": 27'))
    expect(page.locator("#status")).not_to_have_attribute("data-save-state", "saved")
    page.goto(live_server + "/plays/999999")  # never opened on this phone
    expect(page.locator("h1")).to_have_text("No connection")
    page.context.set_offline(False)
    page.goto(seat_url)
    expect(page.locator("#status")).to_have_attribute("data-save-state", "saved", timeout=15_000)
    assert seat_state(page, play_url) == {"points": 27, "tokens": 1}
