"""Check one board on 360 x 640 and 412 x 839 phones, light and dark: the picked game's options form (as on New
play) and the player count, not a JSON box; a 3-player Verdant board with a "most" goal scores,
the same board alone is refused next to the goal cards. axe-core clean, screenshots looked at."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import SHOTS, assert_accessible
from tests.unit.test_verdant_support import ALICE_HOME


@pytest.mark.parametrize("size", [(360, 640), (412, 839)], ids=["360", "412"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_typed_board_takes_the_player_count_and_the_games_options(live_server, browser, scheme, size):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=True, is_mobile=True,
                                  color_scheme=scheme, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(live_server + "/check")
    page.locator("#check-game-verdant").check()
    expect(page.locator("#opt-verdant-goal-item")).to_be_visible()  # only the picked game's options show
    expect(page.locator("#opt-planted-variant, .options-planted")).to_have_count(0)
    page.select_option("#opt-verdant-goal-item", "Creature Comforts")
    page.fill("#check-name", "Alice")
    page.select_option("#check-count", "3")
    page.fill("#check-board", json.dumps({"home": ALICE_HOME, "green_thumbs": 2}))
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    assert_accessible(page, f"/check with Verdant's options, {scheme}")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"check-options-{size[0]}-{scheme}.png"), full_page=True, caret="initial")
    page.click("text=Score this board")
    # one board of a 3-player table keeps its "most" goal: 82 (tests/web/test_check_own_table.py)
    expect(page.locator("h2").first).to_have_text("Alice: 82 points")
    expect(page.locator("#check-count")).to_have_value("3")
    assert_accessible(page, f"/check's result, {scheme}")
    page.screenshot(path=str(SHOTS / f"check-result-{size[0]}-{scheme}.png"), full_page=True, caret="initial")

    page.locator("summary", has_text="Change the board").click()
    page.select_option("#check-count", "1")
    page.click("text=Score this board")
    expect(page.locator(".problems-card")).to_contain_text("removed in solo")
    assert_accessible(page, f"/check refusing a solo 'most' goal, {scheme}")
    page.screenshot(path=str(SHOTS / f"check-refused-{size[0]}-{scheme}.png"), full_page=True, caret="initial")
    context.close()
