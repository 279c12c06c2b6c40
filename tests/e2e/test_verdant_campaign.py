"""Verdant's achievement campaign in a browser at phone size: a player plays two standard games
(started through the options form, finished and filled on the result page) and their plant shows
two leaves.  The homes are seeded through the entry screen's own cell autosave (the same posts the
cell editor makes; tests/e2e/test_verdant_entry.py taps a whole home) to keep the test short."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.e2e.conftest import SHOTS, assert_accessible, mark_done
from tests.unit.test_verdant_support import ALICE_HOME

# Rowan's home: foliage plants (cards Ivy does not have: each plant card exists once) and vining
# rooms; one concrete and one wood pot, so the 2-player pot supply is used in order (Ivy has 2
# concrete, 2 wood, 1 ceramic).
ROWAN_PLANTS = [("Prayer Plant", "concrete", None), ("Spider Plant", "wood", None)] + [
    (name, None, 1) for name in ("Lucky Bamboo", "Elephant's Ear", "ZZ Plant", "Coin Plant", "Norfolk Island Pine", "Swiss Cheese Plant")]


def shot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True, caret="initial")


def _post_cell(page, base, pid, pos, r, c, data):
    token = page.evaluate("JSON.parse(document.body.getAttribute('hx-headers'))['X-CSRFToken']")
    response = page.request.post(f"{base}/plays/{pid}/seats/{pos}/do/cell?cell={r}-{c}",
                                 form={"csrf_token": token, **data}, max_redirects=0)
    assert response.status in (200, 303), (response.status, response.text()[:300])


def _seed(page, base, pid):
    """Ivy (seat 0): Alice's home of test_verdant_games game 1; Rowan (seat 1): the home above."""
    for r, row in enumerate(ALICE_HOME):
        for c, cell in enumerate(row):
            if cell["kind"] == "plant":
                _post_cell(page, base, pid, 0, r, c, {"pick": f"{cell['name']}|{cell.get('pot', 'none')}"})
                if "verdancy" in cell:
                    _post_cell(page, base, pid, 0, r, c, {"set": f"verdancy:{cell['verdancy']}"})
            else:
                _post_cell(page, base, pid, 0, r, c, {"set": f"rtype:{cell['type']}"})
                item = cell.get("item")
                _post_cell(page, base, pid, 0, r, c, {"set": f"item_kind:{item['kind'] if item else ''}"})
                if item:
                    _post_cell(page, base, pid, 0, r, c, {"set": f"item_color:{item['color']}"})
    plants = iter(ROWAN_PLANTS)
    for r in range(3):
        for c in range(5):
            if (r + c) % 2 == 0:
                name, pot, verdancy = next(plants)
                _post_cell(page, base, pid, 1, r, c, {"pick": f"{name}|{pot or 'none'}"})
                if verdancy is not None:
                    _post_cell(page, base, pid, 1, r, c, {"set": f"verdancy:{verdancy}"})
            else:
                _post_cell(page, base, pid, 1, r, c, {"set": "rtype:vining"})
                _post_cell(page, base, pid, 1, r, c, {"set": "item_kind:"})


def _play_a_standard_game(page, base, game):
    page.goto(base + "/plays/new")
    page.check("#game-verdant")
    page.click(".options-verdant > summary")  # (the options are folded under their line)
    page.check('input[name="opt-verdant-mode"][value="standard"]')
    page.fill("#players-0", "Ivy")
    page.fill("#players-1", "Rowan")
    if game == 1:
        page.locator("#opt-verdant-campaign").scroll_into_view_if_needed()
        shot(page, "verdant-campaign-options")
    page.click("text=Start the play")
    expect(page).to_have_url(re.compile(r"/plays/\d+$"))
    pid = int(page.url.rstrip("/").split("/")[-1])
    _seed(page, base, pid)
    mark_done(page, base, pid, 0, 1)
    page.reload()
    page.click("text=See the result")
    expect(page.locator("#vd-campaign h2")).to_have_text("Achievements: Standard game")
    expect(page.locator("#vd-campaign")).to_contain_text("Finish the play to fill shapes")
    page.click("text=Finish and save to history")
    ivy = page.locator("#vd-camp-0")
    expect(ivy.locator('input[name="shape"]').first).to_be_visible()
    offered = ivy.locator('input[name="shape"]').evaluate_all("els => els.map(e => e.value)")
    if game == 1:
        expect(ivy).to_contain_text("78 points: 2 short of 80+")
        page.locator("#vd-campaign").scroll_into_view_if_needed()
        shot(page, "verdant-campaign-result")
        assert_accessible(page, "the Verdant result with the campaign panel")
        page.locator("#vd-campaign").screenshot(path=str(SHOTS / "verdant-campaign-result-panel.png"))
    ivy.locator("label.choice").first.click()
    ivy.locator("button", has_text="Fill for Ivy").click()
    expect(page.locator("#vd-camp-0 .vd-filled")).to_contain_text("Filled from this play")
    if game == 2:
        shot(page, "verdant-campaign-result-filled")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "the page scrolls sideways"
    return pid, offered[0]


def test_two_standard_games_grow_two_leaves_on_the_players_plant(live_server, new_phone):
    page = new_phone()
    first_play, first = _play_a_standard_game(page, live_server, 1)
    second_play, second = _play_a_standard_game(page, live_server, 2)
    assert first != second  # the shape filled in game 1 is not offered again

    page.click("#vd-camp-0 >> text=Ivy's achievement plant")
    plant_page = page.url.split("#")[0]
    expect(page.locator(".vd-leaves strong")).to_have_text("2")
    expect(page.locator("svg.vd-plant .vd-leaf-standard")).to_have_count(2)
    expect(page.locator(f'.vd-shape-filled a[href="/plays/{first_play}/result"]')).to_have_count(1)
    expect(page.locator(f'.vd-shape-filled a[href="/plays/{second_play}/result"]')).to_have_count(1)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "the page scrolls sideways"
    shot(page, "verdant-campaign-plant")
    assert_accessible(page, "the player page with the achievement plant")
    page.locator("#vd-campaign").screenshot(path=str(SHOTS / "verdant-campaign-plant-panel.png"))
    page.emulate_media(color_scheme="dark")
    shot(page, "verdant-campaign-plant-dark")
    assert_accessible(page, "the player page with the achievement plant, dark")
    page.locator("#vd-campaign").screenshot(path=str(SHOTS / "verdant-campaign-plant-panel-dark.png"))
    page.goto(f"{live_server}/plays/{second_play}/result")
    page.locator("#vd-campaign").scroll_into_view_if_needed()
    shot(page, "verdant-campaign-result-dark")
    assert_accessible(page, "the Verdant result with the campaign panel, dark")
    page.locator("#vd-campaign").screenshot(path=str(SHOTS / "verdant-campaign-result-panel-dark.png"))
    page.emulate_media(color_scheme="light")

    # undo the second leaf on the plant: one leaf left, and game 2 offers its choices again
    page.goto(plant_page)
    page.locator(f'.vd-shape-filled:has(a[href="/plays/{second_play}/result"]) button', has_text="Undo").click()
    expect(page.locator(".vd-leaves strong")).to_have_text("1")
    expect(page.locator("svg.vd-plant .vd-leaf-standard")).to_have_count(1)


def test_a_scenario_game_shows_its_objectives_and_fills_the_scenario_shape(live_server, new_phone):
    page = new_phone()
    page.goto(live_server + "/plays/new")
    page.check("#game-verdant")
    page.click(".options-verdant > summary")  # (the options are folded under their line)
    # "Scenario played" shows once the campaign is a scenario (a field only when it applies)
    page.check('input[name="opt-verdant-mode"][value="scenario"]')
    page.select_option("#opt-verdant-scenario", "2")  # fills the goal cards (verdant.js)
    expect(page.locator('input[name="opt-verdant-mode"][value="scenario"]')).to_be_checked()
    expect(page.locator("#options-line-verdant")).to_contain_text("campaign: scenario 2")
    expect(page.locator("#opt-verdant-goal-item")).to_have_value("Thumbs Up")
    page.fill("#players-0", "Ivy")
    page.fill("#players-1", "Rowan")
    page.click("text=Start the play")
    expect(page).to_have_url(re.compile(r"/plays/\d+$"))
    pid = int(page.url.rstrip("/").split("/")[-1])
    _seed(page, live_server, pid)
    mark_done(page, live_server, pid, 0, 1)
    page.goto(f"{live_server}/plays/{pid}/result")
    page.click("text=Finish and save to history")
    expect(page.locator("#vd-camp-0 .vd-pass")).to_have_text("Passed scenario 2.")
    expect(page.locator("#vd-camp-1 .vd-fail")).to_contain_text("not passed")
    page.locator("#vd-campaign").screenshot(path=str(SHOTS / "verdant-campaign-scenario.png"))
    page.click("text=Fill Scenario 2 for Ivy")
    expect(page.locator("#vd-camp-0 .vd-filled")).to_contain_text("Filled from this play")
