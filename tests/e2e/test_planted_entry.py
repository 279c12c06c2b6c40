"""Planted in a browser at phone size: two players enter their tables by tapping and typing like at
the table (Ann's is the rulebook's 15-point scoring example) and reach the result."""

from __future__ import annotations

import time

from playwright.sync_api import expect

from tests.e2e.conftest import SHOTS, tap_done


def shot(page, name: str) -> None:
    """conftest's shot, keeping the caret as it is: Playwright's default (hiding it) leaves
    style="" on every input, which htmx's settling then copies, and the CSP refuses."""
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True, caret="initial")


def pick_plant(page, slot: int, typed: str, name: str) -> None:
    """Type part of the name, then take the list's suggestion (Playwright cannot tap the native
    datalist popup, so the pick is the full name typed into the field)."""
    field = page.locator(f"#plants-{slot}-name")
    field.tap()
    field.press_sequentially(typed)
    field.fill(name)
    expect(page.locator(f"#plant-{slot}-card .pl-kind")).to_be_visible()


def tap(page, field: str, times: int = 1) -> None:
    for _ in range(times):
        page.locator(f'button[value="{field}:+1"]').tap()


def test_two_players_enter_planted_on_phones(live_server, new_phone):
    host = new_phone()
    host.goto(live_server + "/plays/new")
    host.check("#game-planted")
    host.fill("#players-0", "Ann")
    host.fill("#players-1", "Bo")
    host.click("text=Start the play")
    expect(host.locator("h1")).to_contain_text("Planted")
    play_url = host.url

    # Ann: the rulebook's scoring example, 15 points.
    ann = new_phone()
    ann.goto(play_url)
    ann.click("text=Ann")
    expect(ann.locator("h1")).to_contain_text("Ann")
    shot(ann, "planted-entry-empty")
    started = time.monotonic()
    pick_plant(ann, 0, "snake", "Snake Plant")
    tap(ann, "plants-0-growth")
    expect(ann.locator("#plant-0-points")).to_have_text("3 pts")
    pick_plant(ann, 1, "shamr", "Purple Shamrock")
    tap(ann, "plants-1-growth", 2)
    expect(ann.locator("#plant-1-points")).to_have_text("7 pts")
    expect(ann.locator("#plant-1-card .pl-space.on")).to_have_count(2)
    tap(ann, "propagation", 2)
    tap(ann, "decorations-ceramic_planter", 2)
    tap(ann, "decorations-plant_stand")
    expect(ann.locator("#pl-total")).to_have_text("15 pts")
    expect(ann.locator("#status .running .total")).to_have_text("15")
    expect(ann.locator("#pl-decorations-points")).to_have_text("3 pts")
    expect(ann.locator("#decorations-ceramic_planter-info")).to_contain_text("Ceramic Planter x2")
    assert time.monotonic() - started < 60
    shot(ann, "planted-entry-ann")
    ann.get_by_role("button", name="Save").click()

    # A growth stepper stops at the plant's spaces.
    tap(ann, "plants-0-growth", 3)
    expect(ann.locator("#plants-0-growth")).to_have_value("3")
    expect(ann.locator("#plant-0-points")).to_have_text("9 pts · full")
    ann.locator('button[value="plants-0-growth:-1"]').tap()
    ann.locator('button[value="plants-0-growth:-1"]').tap()
    expect(ann.locator("#plant-0-points")).to_have_text("3 pts")
    expect(ann.locator("#pl-total")).to_have_text("15 pts")

    # Bo sees the copies Ann took, types a wrong name, fixes it.
    bo = new_phone()
    bo.goto(play_url)
    bo.click("text=Bo")
    expect(bo.locator("#decorations-ceramic_planter-info")).to_contain_text("2 left")
    expect(bo.locator("#decorations-plant_stand-info")).to_contain_text("3 left")
    pick_plant(bo, 0, "zz", "ZZ Plant")
    tap(bo, "plants-0-growth", 3)
    bo.locator("#plants-1-name").fill("Crotn")
    expect(bo.locator("#err-plants-1-name")).to_contain_text('did you mean "Croton"?')
    shot(bo, "planted-entry-typo")
    bo.locator("#plants-1-name").fill("Croton")
    tap(bo, "plants-1-growth")
    expect(bo.locator("#err-plants-1-name")).to_be_empty()
    tap(bo, "propagation")
    tap(bo, "decorations-workbench")
    tap(bo, "tools-grow_light")
    tap(bo, "tools-spray_bottle", 2)
    expect(bo.locator("#pl-total")).to_have_text("15 pts")
    shot(bo, "planted-entry-bo")
    tap_done(bo)
    expect(bo.locator("#seats")).not_to_contain_text("Everyone is done")  # Ann has not tapped Done
    tap_done(ann)
    bo.reload()
    bo.click("text=See the result")
    expect(bo.locator(".winner")).to_contain_text("Bo wins")
    expect(bo.locator(".tiebreak")).to_contain_text("4 vs 3")
    expect(bo.locator("tfoot td.total")).to_have_text(["15", "15"])
    shot(bo, "planted-result")
