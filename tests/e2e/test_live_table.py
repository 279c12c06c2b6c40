"""The live table in the browser (issue 14): two phones as two browser contexts at 412 x 839.

- an edit made offline shows "offline", never "saved", and lands by itself when the phone is
  back online; a tab closed meanwhile loses nothing (the next one sends it);
- a server stopped and restarted in the middle of the entry loses nothing;
- a stale phone's change of another field is merged, both changes stay;
- a true conflict is resolved by the field's name, in one tap;
- one phone's Done shows on the other's play page within 2 s;
- Finish on one phone turns the other's seat read-only, with the message at the top.
"""

from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import assert_accessible, shot, tap_done
from tests.reliability.client import Phone, Server


def start_stub_play(page, base: str, players=("Ann", "Bob")) -> str:
    page.goto(base + "/plays/new")
    page.check("#game-stub")
    for i, name in enumerate(players):
        page.fill(f"#players-{i}", name)
    page.click("text=Start the play")
    expect(page).to_have_url(re.compile(r"/plays/\d+$"))
    return page.url


def seat_state(page, play_url: str, position: int = 0) -> dict:
    play_id = play_url.rstrip("/").rsplit("/", 1)[1]
    base = play_url.split("/plays/")[0]
    return page.request.get(f"{base}/api/plays/{play_id}").json()["seats"][position]["state"]


def save_state(page) -> str:
    return page.locator("#status").get_attribute("data-save-state") or ""


def test_an_offline_edit_is_never_shown_as_saved_and_lands_when_back_online(live_server, new_phone):
    page = new_phone()
    play_url = start_stub_play(page, live_server)
    page.click("text=Ann")
    expect(page.locator("#status .save-state")).to_have_text("Nothing entered yet.")
    page.context.set_offline(True)
    page.fill("#state_json", json.dumps({"points": 31, "tokens": 2}))
    page.locator("#state_json").blur()
    expect(page.locator("#status")).to_have_attribute("data-save-state", "offline")
    expect(page.locator("#status .save-state")).to_contain_text("Offline: not saved yet")
    expect(page.locator("#net-banner")).to_be_visible()
    shot(page, "live-offline")
    assert "Saved" not in page.locator("#status .save-state").inner_text()
    # the change waits on the phone, with the version it is based on
    pending = page.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('scorepad:pending:'))")
    assert len(pending) == 1
    page.context.set_offline(False)
    expect(page.locator("#status")).to_have_attribute("data-save-state", "saved", timeout=15_000)
    expect(page.locator("#status .save-state")).to_contain_text("Saved")
    expect(page.locator("#net-banner")).to_be_hidden()
    assert seat_state(page, play_url) == {"points": 31, "tokens": 2}
    assert page.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('scorepad:pending:')).length") == 0


def test_a_tab_closed_while_offline_loses_nothing(live_server, new_phone):
    page = new_phone()
    play_url = start_stub_play(page, live_server)
    seat_url = play_url + "/seats/1"
    page.goto(seat_url)
    page.context.set_offline(True)
    page.fill("#state_json", json.dumps({"points": 8, "tokens": 1}))
    page.locator("#state_json").blur()
    expect(page.locator("#status")).to_have_attribute("data-save-state", "offline")
    context = page.context
    page.close()  # the tab is closed with the change unsent
    context.set_offline(False)
    again = context.new_page()
    again.goto(seat_url)  # the next tab finds the change, shows it, sends it
    expect(again.locator("#status")).to_have_attribute("data-save-state", "saved", timeout=15_000)
    assert seat_state(again, play_url, 1) == {"points": 8, "tokens": 1}
    expect(again.locator("#state_json")).to_have_value(re.compile(r'"points": 8'))


@pytest.fixture
def real_server(tmp_path):
    server = Server(tmp_path).start()
    yield server
    server.stop()


def test_a_server_stopped_and_restarted_mid_entry_loses_nothing(real_server, new_phone):
    page = new_phone()
    play_url = start_stub_play(page, real_server.base)
    page.click("text=Ann")
    page.fill("#state_json", json.dumps({"points": 3, "tokens": 0}))
    page.locator("#state_json").blur()
    expect(page.locator("#status")).to_have_attribute("data-save-state", "saved")
    real_server.stop()
    page.fill("#state_json", json.dumps({"points": 44, "tokens": 4}))
    page.locator("#state_json").blur()
    expect(page.locator("#status")).not_to_have_attribute("data-save-state", "saved", timeout=10_000)
    assert save_state(page) in ("offline", "failed", "saving")
    real_server.start()
    expect(page.locator("#status")).to_have_attribute("data-save-state", "saved", timeout=40_000)
    status, play = Phone(real_server.base).json("GET", f"/api/plays/{play_url.rsplit('/', 1)[1]}")
    assert play["seats"][0]["state"] == {"points": 44, "tokens": 4}


def test_a_stale_phone_changing_another_field_is_merged(live_server, new_phone):
    host = new_phone()
    play_url = start_stub_play(host, live_server)
    a, b = new_phone(), new_phone()
    a.goto(play_url + "/seats/0")
    b.goto(play_url + "/seats/0")
    b.locator("#state_json").focus()  # B is typing: its page is not refreshed under its fingers
    a.fill("#state_json", json.dumps({"points": 12, "tokens": 0}))
    a.locator("#state_json").blur()
    expect(a.locator("#status")).to_have_attribute("data-save-state", "saved")
    # B's page still shows the blank seat; B changes the tokens only
    b.fill("#state_json", json.dumps({"points": None, "tokens": 5}))
    b.locator("#state_json").blur()
    expect(b.locator("#status")).to_have_attribute("data-save-state", "saved")
    assert seat_state(host, play_url) == {"points": 12, "tokens": 5}


def test_a_true_conflict_is_resolved_by_the_fields_name(live_server, new_phone):
    host = new_phone()
    play_url = start_stub_play(host, live_server)
    a, b = new_phone(), new_phone()
    a.goto(play_url + "/seats/0")
    b.goto(play_url + "/seats/0")
    b.locator("#state_json").focus()
    a.fill("#state_json", json.dumps({"points": 12, "tokens": 0}))
    a.locator("#state_json").blur()
    expect(a.locator("#status")).to_have_attribute("data-save-state", "saved")
    b.fill("#state_json", json.dumps({"points": 21, "tokens": 3}))
    b.locator("#state_json").blur()
    expect(b.locator("h1")).to_contain_text("changed on another phone")
    expect(b.locator(".conflict-row h2")).to_have_text("Points")
    expect(b.locator("main")).not_to_contain_text("state_json")
    shot(b, "live-conflict")
    assert_accessible(b, "the conflict screen")
    b.get_by_role("button", name=re.compile(r"Keep this phone's")).click()
    expect(b).to_have_url(re.compile(r"/seats/0$"))
    # B's points win the clash; B's tokens, which clashed with nothing, are kept too
    assert seat_state(host, play_url) == {"points": 21, "tokens": 3}


def test_done_on_one_phone_shows_on_the_others_play_page_within_2_seconds(live_server, new_phone):
    host = new_phone()
    play_url = start_stub_play(host, live_server)
    ann = new_phone()
    ann.goto(play_url + "/seats/0")
    ann.fill("#state_json", json.dumps({"points": 7, "tokens": 0}))
    ann.locator("#state_json").blur()
    expect(ann.locator("#status")).to_have_attribute("data-save-state", "saved")
    expect(host.locator("#seats li").first).not_to_contain_text("✓")
    expect(host.locator("#seats li").first).to_contain_text("open on", timeout=4_000)  # Ann's phone is on her seat
    started = time.monotonic()
    tap_done(ann)
    expect(host.locator("#seats li").first).to_contain_text("✓ 7 pts", timeout=2_500)
    assert time.monotonic() - started < 3.5
    shot(host, "live-play-page")
    assert_accessible(host, "the play page")


def test_finish_on_one_phone_turns_the_others_seat_read_only_with_the_message_at_the_top(live_server, new_phone):
    host = new_phone()
    play_url = start_stub_play(host, live_server)
    bob = new_phone()
    for position, points in ((0, 4), (1, 6)):
        host.goto(f"{play_url}/seats/{position}")
        host.fill("#state_json", json.dumps({"points": points, "tokens": 0}))
        host.locator("#state_json").blur()
        expect(host.locator("#status")).to_have_attribute("data-save-state", "saved")
        if position == 1:
            bob.goto(f"{play_url}/seats/1")
        tap_done(host)
    expect(bob.locator("#live-banner")).to_contain_text("Everyone is done", timeout=4_000)
    host.click("text=See the result")
    host.click("text=Finish and save to history")
    expect(bob.locator("main")).to_contain_text("This play is finished", timeout=4_000)
    banner = bob.locator(".ro-banner, #live-banner").first
    expect(banner).to_be_visible()
    box = banner.bounding_box()
    assert box is not None and box["y"] < 300  # at the top, not far down the page
    expect(bob.locator("#state_json")).to_have_attribute("readonly", "")
    shot(bob, "live-finished-elsewhere")
