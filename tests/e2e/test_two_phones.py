"""The foundation's whole path in a browser: players, a play, two phones entering their seats at
the same time, the result."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.e2e.conftest import open_seat, shot, tap_done


def test_two_phones_fill_their_seats_and_reach_the_result(live_server, new_phone):
    host = new_phone()
    host.goto(live_server + "/players")
    host.fill("#name", "Rosa")
    host.click("text=Add player")
    expect(host.locator("h1")).to_have_text("Rosa")

    host.goto(live_server + "/plays/new")
    host.check("#game-stub")
    expect(host.locator(".options-stub > summary")).to_be_visible()  # the picked game's options appear, folded
    host.click(".options-stub > summary")
    host.fill("#opt-stub-bonus", "2")
    host.fill("#players-0", "Rosa")
    host.fill("#players-1", "Theo")
    shot(host, "foundation-new-play")
    host.click("text=Start the play")
    expect(host.locator("h1")).to_contain_text("Stub Game")
    shot(host, "foundation-play")
    play_url = host.url

    rosa, theo = new_phone(), new_phone()
    rosa.goto(play_url)
    rosa.click("text=Rosa")
    theo.goto(play_url)
    theo.click("text=Theo")
    # Both phones type at once; each save lands without the other's.
    rosa.fill("#state_json", '{"points": 17, "tokens": 2}')
    theo.fill("#state_json", '{"points": 19, "tokens": 0}')
    expect(rosa.locator("#status .running .total")).to_have_text("19")  # 17 + bonus 2, saved as typed
    expect(theo.locator("#status .running .total")).to_have_text("21")
    shot(theo, "foundation-seat")
    tap_done(rosa)
    expect(theo.locator("#live-banner")).to_contain_text("")  # Theo's page hears of Rosa's Done
    tap_done(theo)
    expect(theo.locator("#seats")).to_contain_text("Everyone is done")
    theo.click("text=See the result")
    expect(theo.locator(".winner")).to_contain_text("Theo wins")
    theo.click("td >> nth=0 >> button.num")  # tap Rosa's points
    expect(theo.locator("[popover]:popover-open")).to_contain_text("17 points as entered")
    shot(theo, "foundation-result-explain")
    theo.click("[popover]:popover-open >> text=Close")
    theo.click("text=Finish and save to history")
    expect(theo.locator(".badge.done")).to_be_visible()

    host.goto(live_server + "/plays")
    expect(host.locator("#results")).to_contain_text(re.compile(r"Rosa 19\s*·\s*Theo 21"))
    shot(host, "foundation-history")


def test_a_seat_survives_a_closed_tab(live_server, new_phone):
    page = new_phone()
    page.goto(live_server + "/plays/new")
    page.check("#game-stub")
    page.fill("#players-0", "Ivy")
    page.click("text=Start the play")
    open_seat(page, "Ivy")
    seat_url = page.url
    page.fill("#state_json", '{"points": 8}')
    expect(page.locator("#status .running .total")).to_have_text("8")
    page.context.close()  # the battery dies

    again = new_phone()
    again.goto(seat_url)
    expect(again.locator("#state_json")).to_have_value(re.compile(r'"points": 8'))
