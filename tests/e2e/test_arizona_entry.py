"""Verdant Arizona on a phone: the rulebook display entered card by card (number, colour chip,
gecko), its total, then a second play where the learned deck fills in everything but the numbers."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.e2e.conftest import SHOTS, tap_done


def shot(page, name: str, full_page: bool = True) -> None:
    """Like conftest's shot, but leaves the caret alone: hiding it injects a style element, which
    the Content-Security-Policy (rightly) refuses while a cell has the focus."""
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page, caret="initial")

# The rulebook display of docs/api/verdant-arizona.md (Robin): 12 points, 2 wrens.
ROBIN = [
    [(1, "yellow", True), (5, "yellow", False), (20, "pink", False), (34, "white", True)],
    [(2, "yellow", False), (6, "yellow", False), (10, "white", True), (31, "pink", False)],
    [(3, "pink", False), (7, "white", False), (25, "pink", False), (32, "white", False)],
    [(4, "white", False), (8, "pink", False), (9, "white", False), (33, "pink", False)],
]


def start_play(page, live_server, players, solo_vera=None):
    page.goto(live_server + "/plays/new")
    page.check("#game-verdant-arizona")
    if solo_vera is not None:
        page.check("#opt-verdant-arizona-solo")
        page.fill("#opt-verdant-arizona-vera_score", str(solo_vera))
    for i, name in enumerate(players):
        page.fill(f"#players-{i}", name)
    shot(page, "arizona-new-play")
    page.click("text=Start the play")
    expect(page.locator("h1")).to_contain_text("Verdant Arizona")


def test_a_display_entered_on_a_phone_then_a_second_play_needs_only_the_numbers(live_server, new_phone):
    page = new_phone()
    start_play(page, live_server, ["Robin"], solo_vera=10)
    page.click("text=Robin")
    seat_url = page.url
    expect(page.locator("#az-chips")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 412  # no sideways scrolling

    page.tap("#g-0-0-number")
    seen: set[str] = set()
    for r, row in enumerate(ROBIN):
        for c, (number, color, gecko) in enumerate(row):
            # Focus has moved here by itself after the previous card's colour.
            expect(page.locator(f"#g-{r}-{c}-number")).to_be_focused()
            page.keyboard.type(str(number))
            if gecko:
                page.tap(f"#az-cell-{r}-{c} .az-gecko")
            if color in seen:
                page.tap(f"#az-chips .az-chip[data-color='{color}']")
            else:  # a colour nobody has used yet: typed once, a chip from then on
                page.tap("#az-chips .az-new")
                expect(page.locator(f"#g-{r}-{c}-color")).to_be_focused()
                page.keyboard.type(color)
                page.keyboard.press("Enter")
                seen.add(color)
            if (r, c) == (1, 1):
                shot(page, "arizona-entering", full_page=False)
    page.tap(".az-step[data-step='1']")
    page.tap(".az-step[data-step='1']")
    expect(page.locator("#wrens")).to_have_value("2")

    expect(page.locator("#status .running .total")).to_have_text("12")
    expect(page.locator("#az-line-row-0")).to_have_class(re.compile(r"\bscores\b"))
    expect(page.locator("#az-line-col-2")).not_to_have_class(re.compile(r"\bscores\b"))
    expect(page.locator("#az-q-0")).to_have_class(re.compile(r"\bscores\b"))
    shot(page, "arizona-display")

    tap_done(page)  # the seat is saved and marked done: back to the play page
    page.click("text=See the result")
    expect(page.locator("tfoot td.total").first).to_have_text("12")
    shot(page, "arizona-result")
    page.click("text=Finish and save to history")
    expect(page.locator(".badge.done").first).to_be_visible()

    # Finished: the seat is read-only (and readable in the dark).
    page.emulate_media(color_scheme="dark")
    page.goto(seat_url)
    expect(page.locator("#g-0-0-number")).to_have_attribute("readonly", "")
    expect(page.locator("#az-chips")).to_have_count(0)
    shot(page, "arizona-finished-dark")
    page.emulate_media(color_scheme="light")

    # The second play: the deck knows every card, so only the numbers are typed.
    start_play(page, live_server, ["Robin", "Galen"])
    page.click("text=Robin")
    page.tap("#g-0-0-number")
    for r, row in enumerate(ROBIN):
        for c, (number, _color, _gecko) in enumerate(row):
            expect(page.locator(f"#g-{r}-{c}-number")).to_be_focused()
            page.keyboard.type(str(number))
            # A known two-digit number moves on by itself; a one-digit one could still become 10-99,
            # so the keypad's Next moves on.  A Next pressed out of habit after a jump skips nothing.
            if number < 10 or r == 0:
                page.keyboard.press("Enter")
    expect(page.locator("#g-0-0-color")).to_have_value("yellow")
    expect(page.locator("#g-0-0-gecko")).to_be_checked()
    expect(page.locator("#g-3-3-color")).to_have_value("pink")
    expect(page.locator("#g-1-2-gecko")).to_be_checked()
    expect(page.locator("#status .running .total")).to_have_text("12")
    expect(page.locator("#status .running")).to_contain_text("so far")
    shot(page, "arizona-second-play-autofill")

    # A contradiction: card 33 entered as white although the deck knows it as pink.
    page.fill("#g-3-3-color", "white")
    page.locator("#g-3-3-color").dispatch_event("change")
    conflict = page.locator("#az-conflict-3-3")
    expect(conflict).to_contain_text("the deck says")
    expect(conflict).to_contain_text("pink")
    conflict.scroll_into_view_if_needed()
    shot(page, "arizona-contradiction", full_page=False)  # what the phone shows
    conflict.locator("text=Keep the deck's").tap()
    expect(page.locator("#g-3-3-color")).to_have_value("pink")
    expect(page.locator("#az-conflict-3-3")).to_have_count(0)
