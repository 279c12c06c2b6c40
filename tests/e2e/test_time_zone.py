"""The Settings page's time zone (issue 26 item 4) in a phone's browser: an unknown zone is refused
next to the field (the htmx swap), a zone from the list changes the times the pages show; axe
finds nothing serious; screenshots at 360 x 640 and 412 x 839, light and dark."""

from __future__ import annotations

import json
import threading
import urllib.request

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import SHOTS, _free_port, axe_violations

SIZES = {"360": {"width": 360, "height": 640}, "412": {"width": 412, "height": 839}}


@pytest.fixture(scope="module")
def zoned_server(tmp_path_factory, stub_game):
    """A server of its own (the zone is the whole group's: the shared live server keeps its own),
    with one play typed at 20:30 UTC."""
    from waitress.server import create_server

    from app import create_app

    path = tmp_path_factory.mktemp("zone") / "zone.db"
    app = create_app({"DATABASE": str(path), "SECRET_KEY": "e2e-zone", "TIMEZONE": "UTC"})
    port = _free_port()
    server = create_server(app, host="127.0.0.1", port=port, threads=4)
    threading.Thread(target=server.run, daemon=True).start()
    base = f"http://127.0.0.1:{port}"
    body = json.dumps({"game": "stub", "players": ["Ann", "Bob"], "played_at": "2026-11-28T20:30:00Z"}).encode()
    request = urllib.request.Request(base + "/api/plays", data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        play_id = json.loads(response.read())["id"]
    yield base, play_id
    server.close()


def _phone(browser, scheme: str, size: str):
    context = browser.new_context(viewport=SIZES[size], has_touch=True, is_mobile=True, device_scale_factor=2,
                                  color_scheme=scheme)
    page = context.new_page()
    page.set_default_timeout(10_000)
    problems: list[str] = []
    page.on("pageerror", lambda exc: problems.append(f"JavaScript error on {page.url}: {exc}"))
    page.on("console", lambda m: problems.append(m.text) if "Content Security Policy" in m.text else None)
    return context, page, problems


def _save_zone(page, name: str) -> None:
    field = page.locator("#timezone-form input[name=timezone]")
    field.fill(name)
    page.locator("#timezone-form button[type=submit]").click()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", ["360", "412"])
def test_the_time_zone_setting_refuses_an_unknown_zone_and_moves_the_times_shown(browser, zoned_server, scheme, size):
    base, play_id = zoned_server
    context, page, problems = _phone(browser, scheme, size)
    try:
        page.goto(base + "/settings#time-zone")
        section = page.locator("#time-zone")
        expect(section.get_by_label("Time zone")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
        assert not axe_violations(page), axe_violations(page)
        assert page.locator("#zone-names option[value='Europe/Berlin']").count() == 1
        _save_zone(page, "Europe/Berln")
        error = section.locator(".error")
        expect(error).to_contain_text('Time zone: "Europe/Berln" is not a time zone')
        expect(section.get_by_label("Time zone")).to_have_attribute("aria-invalid", "true")
        assert not axe_violations(page), axe_violations(page)
        SHOTS.mkdir(exist_ok=True)
        section.screenshot(path=str(SHOTS / f"time-zone-refused-{size}-{scheme}.png"), caret="initial")
        _save_zone(page, "Asia/Tokyo")
        page.wait_for_url("**/settings")
        expect(page.locator("#time-zone .hint")).to_contain_text("now Asia/Tokyo")
        page.screenshot(path=str(SHOTS / f"time-zone-settings-{size}-{scheme}.png"), full_page=True, caret="initial")
        page.goto(f"{base}/plays/{play_id}")
        expect(page.get_by_text("Sun 29 Nov 2026, 05:30")).to_be_visible()  # 20:30Z is 05:30 in Tokyo (UTC+9)
        page.goto(base + "/settings")
        _save_zone(page, "")  # back to the default for the next run
        page.wait_for_url("**/settings")
        expect(page.locator("#time-zone .hint")).to_contain_text("now UTC")
        assert not problems, problems
    finally:
        context.close()
