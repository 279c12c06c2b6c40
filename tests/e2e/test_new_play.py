"""The New play form (issue 25, item 2): the players first, the picked game's options folded under
one line that says the current choice, a field only when it applies; with the defaults Start is
within 1.5 screens at 360 x 640 for every game. Screenshots: screens-new-<game>-<size>-<scheme>.png."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.test_screens import SIZES, _accessible, _fits, _shot, open_phone, site  # noqa: F401

GAMES = ["verdant", "planted", "verdant-arizona", "vadoran-gardens", "gretchens-garden"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", ["360", "412"])
def test_start_is_within_one_and_a_half_screens_for_every_game(site, open_phone, size, scheme):  # noqa: F811
    base, _ = site
    page = open_phone(scheme, size)
    for game in GAMES:
        page.goto(f"{base}/plays/new?game={game}")
        # the players come before the game's options
        seats = page.locator(".seats-pick").bounding_box()
        assert seats["y"] < page.locator(".game-pick").bounding_box()["y"], game
        start = page.get_by_role("button", name="Start the play", exact=True).bounding_box()
        # 1.5 screens: 960 px at 360 x 640, 1258 px at 412 x 839
        assert start["y"] + start["height"] <= 1.5 * SIZES[size]["height"], (game, start)
        options = page.locator(f".options-{game}")
        if options.count():
            expect(options).not_to_have_attribute("open", "")  # folded
            expect(options.locator("> summary")).to_be_visible()
        _fits(page, f"New play for {game}")
        _accessible(page, f"New play for {game}, {size}, {scheme}")
        _shot(page, f"new-{game}-{size}-{scheme}")


def test_the_folded_line_says_the_choice_and_follows_a_change(site, open_phone):  # noqa: F811
    base, _ = site
    page = open_phone("light", "360")
    page.goto(f"{base}/plays/new?game=verdant")
    line = page.locator("#options-line-verdant")
    expect(line).to_have_text("Standard · no goal cards · no modification · no campaign")
    page.locator(".options-verdant > summary").click()
    scenario = page.locator("#opt-verdant-scenario")
    expect(scenario).to_be_hidden()  # "Scenario played" only when the campaign is a scenario
    expect(page.locator(".vd-mod-4")).to_be_hidden()
    page.locator("#opt-verdant-modification").select_option("4")
    expect(page.locator(".vd-mod-4")).to_be_visible()
    expect(page.locator(".vd-mod-5")).to_be_hidden()
    expect(line).to_have_text("Standard · no goal cards · modification 4 · no campaign")
    page.locator("#opt-verdant-modification").select_option("")
    page.locator('input[name="opt-verdant-mode"][value="scenario"]').check()
    expect(scenario).to_be_visible()
    scenario.select_option("3")
    # the scenario's three goal cards go into the goal card selects (verdant.js), and the line says so
    expect(line).to_contain_text("3 goal cards: ")
    expect(line).to_contain_text("campaign: scenario 3")
    _shot(page, "new-verdant-open-360")

    page.goto(f"{base}/plays/new?game=vadoran-gardens")
    page.locator(".options-vadoran-gardens > summary").click()
    expect(page.locator("#opt-vadoran-gardens-difficulty")).to_be_hidden()
    page.locator("#opt-vadoran-gardens-mode").select_option("solo")
    expect(page.locator("#opt-vadoran-gardens-difficulty")).to_be_visible()
    expect(page.locator("#options-line-vadoran-gardens")).to_have_text("Solo against the sister, medium (X = 2)")
