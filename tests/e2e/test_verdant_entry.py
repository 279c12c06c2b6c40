"""Verdant in a browser at phone size: start a solo play with three goal cards through the options
form, enter Alice's whole home from tests/unit/test_verdant_games.py (game 1: 87 points) by
tapping and typing like a player, and check the running total and the result page."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e.conftest import SHOTS, tap_done
from tests.unit.test_verdant_support import ALICE_HOME

# letters typed into the search for each plant: 2 to 4 are enough to make it the first match
TYPED = {"Jasmine": "jas", "Moth Orchid": "mot", "Aloe": "alo", "Snake Plant": "snak", "Venus Fly Trap": "ven",
         "Common Ivy": "comm", "Peace Lily": "pea", "Jade": "jad"}


def shot(page, name: str) -> None:
    """The shared ``shot`` but with the caret left alone: hiding it injects a style element,
    which the Content-Security-Policy reports while a text field has the focus."""
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True, caret="initial")


def _no_sideways_scroll(page):
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "the page scrolls sideways"


def test_a_whole_home_entered_on_a_phone_scores_87(live_server, new_phone):
    page = new_phone()
    page.goto(live_server + "/plays/new")
    page.check("#game-verdant")
    expect(page.locator("#opt-verdant-goal-plant")).to_be_visible()
    page.select_option("#opt-verdant-goal-plant", "Going Big")
    page.select_option("#opt-verdant-goal-item", "Color Pairs")
    page.select_option("#opt-verdant-goal-room", "Double Duty")
    page.fill("#players-0", "Alice")
    shot(page, "verdant-new-play")
    page.click("text=Start the play")
    page.click(".seat-link >> text=Alice")
    expect(page.locator(".vd-cell.vd-empty")).to_have_count(15)
    _no_sideways_scroll(page)
    shot(page, "verdant-empty-home")

    taps = 0
    page.click("#cell-0-0")
    taps += 1
    for r, row in enumerate(ALICE_HOME):
        for c, cell in enumerate(row):
            editor = page.locator("#editor")
            expect(editor.locator("h2")).to_contain_text(f"Row {r + 1}, col {c + 1}")
            if cell["kind"] == "plant":
                expect(page.locator("#vd-q")).to_be_focused()  # the editor puts the cursor in the search
                page.locator("#vd-q").press_sequentially(TYPED[cell["name"]], delay=60)
                taps += 1
                pot = cell.get("pot", "none")
                chip = page.locator(f'#vd-results button[value="{cell["name"]}|{pot}"]')
                if r == 0 and c == 0:
                    shot(page, "verdant-search")
                chip.click()
                taps += 1
                if pot == "none":
                    page.locator(f'#editor button[value="verdancy:{cell["verdancy"]}"]').click()
                    taps += 1
            else:
                page.locator(f'#editor button[value="rtype:{cell["type"]}"]').click()
                taps += 1
                item = cell.get("item")
                if item is None:
                    page.locator('#editor button[value="item_kind:"]').click()
                    taps += 1
                else:
                    page.locator(f'#editor button[value="item_kind:{item["kind"]}"]').click()
                    taps += 1
                    if r == 0 and c == 1:
                        shot(page, "verdant-room-editor")
                    page.locator(f'#editor button[value="item_color:{item["color"]}"]').click()
                    taps += 1
            if r == 1 and c == 2:
                expect(page.locator("#cell-1-2 .vd-pts")).to_be_visible()
                shot(page, "verdant-half-home")
    assert taps == 39, taps  # 2 to 3 interactions per card (typing counts as one), see docs/entry/verdant.md

    page.locator("#vd-thumbs label", has_text="2").click()
    expect(page.locator("#status .running .total")).to_have_text("87")
    expect(page.locator("#vd-total")).to_have_text("87")
    _no_sideways_scroll(page)
    shot(page, "verdant-finished-home")

    page.click("#cell-0-0")  # a finished home: tap a card to see why it scores
    expect(page.locator("#editor .vd-why")).to_contain_text("Jasmine (row 1, col 1): 11")
    expect(page.locator("#editor .vd-why")).to_contain_text("1 concrete pot x 3 = 3")
    shot(page, "verdant-why")

    tap_done(page)
    page.click("text=See the result")
    expect(page.locator("td.total")).to_have_text("87")
    shot(page, "verdant-result")
