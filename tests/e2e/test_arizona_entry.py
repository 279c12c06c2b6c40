"""Verdant Arizona on a phone: the rulebook display entered card by card (number, colour chip,
gecko), its total, then a second play where the learned deck fills in everything but the numbers;
the screen's own issues (chips wrap, typed numbers stay in their card, the app's own validation,
Vera's score on the solo seat, dark-mode contrast); two phones on one seat (offline, merge,
conflict by the card's name); screenshots at 360 x 640 and 412 x 839, light and dark."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import ARGS, CHROMIUM, SHOTS, assert_accessible, tap_done  # noqa: F401 (ARGS, CHROMIUM: the same browser)


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


def num(r: int, c: int) -> str:
    return f"#f-grid-{r}-{c}-number"


def start_play(page, live_server, players, solo_vera=None):
    page.goto(live_server + "/plays/new")
    page.check("#game-verdant-arizona")
    if solo_vera is not None:
        page.click(".options-verdant-arizona > summary")  # (the options are folded under their line)
        page.check("#opt-verdant-arizona-solo")
        page.fill("#opt-verdant-arizona-vera_score", str(solo_vera))
    for i, name in enumerate(players):
        page.fill(f"#players-{i}", name)
    page.click("text=Start the play")
    expect(page.locator("h1")).to_contain_text("Verdant Arizona")
    return page.url


def saved(page) -> None:
    expect(page.locator("#status")).to_have_attribute("data-save-state", "saved")
    page.wait_for_function("() => !document.querySelector('#entry.htmx-request')")


def enter(page, display, *, shot_at=None) -> None:
    """Tap the first card, then per card: its number, its gecko (unless the deck ticked it), its
    colour chip (which moves on; "+ colour" and the name when no chip has it)."""
    page.tap(num(0, 0))
    for r, row in enumerate(display):
        for c, (number, color, gecko) in enumerate(row):
            expect(page.locator(num(r, c))).to_be_focused()  # the previous card's chip moved here
            page.keyboard.type(str(number))
            if gecko != page.locator(f"#f-grid-{r}-{c}-gecko").is_checked():  # (the deck may know it)
                page.tap(f"#az-cell-{r}-{c} .az-gecko")
            chip = page.locator(f"#az-chips .az-chip[data-color='{color}']")
            if chip.count():
                chip.tap()
            else:  # a colour neither the deck nor the starter names offer: typed once, a chip from then on
                page.tap("#az-chips .az-new")
                expect(page.locator(f"#f-grid-{r}-{c}-color")).to_be_focused()
                page.keyboard.type(color)
                page.keyboard.press("Enter")
            if shot_at and (r, c) == shot_at[0]:
                shot(page, shot_at[1], full_page=False)


@pytest.fixture
def sized(browser):
    """A phone of a given size and colour scheme (the shared fixtures are 412 x 839, light)."""
    contexts, problems = [], []

    def make(width=412, height=839, dark=False):
        context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True, is_mobile=True,
                                      device_scale_factor=2, color_scheme="dark" if dark else "light")
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.on("console", lambda m: problems.append(m.text) if "Content Security Policy" in m.text else None)
        page.on("pageerror", lambda exc: problems.append(f"JavaScript error: {exc}"))
        return page

    yield make
    for context in contexts:
        context.close()
    assert not problems, "\n".join(problems)


def test_a_display_entered_on_a_phone_then_a_second_play_needs_only_the_numbers(live_server, new_phone):
    page = new_phone()
    start_play(page, live_server, ["Robin"], solo_vera=10)
    page.click("text=Robin")
    seat_url = page.url
    assert page.evaluate("document.documentElement.scrollWidth") <= 412  # no sideways scrolling
    # the common colours are chips from the first play on; another is typed once with "+ colour"
    page.tap(num(0, 0))
    expect(page.locator("#az-chips")).to_be_visible()
    expect(page.locator("#az-chips .az-chip[data-color]")).to_have_count(5)  # (the first test: the deck is empty)
    page.keyboard.press("Escape")
    enter(page, ROBIN, shot_at=((1, 1), "arizona-entering"))
    expect(page.locator("#f-wrens")).to_be_focused()  # after the last card: the wrens, their 0 selected
    page.keyboard.type("2")
    page.keyboard.press("Enter")
    expect(page.locator("#f-wrens")).to_have_value("2")
    expect(page.locator("#status .running .total")).to_have_text("12")
    expect(page.locator("#az-line-row-0")).to_have_class(re.compile(r"\bscores\b"))
    expect(page.locator("#az-line-col-2")).not_to_have_class(re.compile(r"\bscores\b"))
    expect(page.locator("#az-q-0")).to_have_class(re.compile(r"\bscores\b"))
    saved(page)
    shot(page, "arizona-display")

    tap_done(page)  # saved and marked done: back to the play page
    page.click("text=See the result")
    expect(page.locator("tfoot td.total").first).to_have_text("12")
    shot(page, "arizona-result")
    page.click("text=Finish and save to history")
    expect(page.locator(".badge.done").first).to_be_visible()

    # Finished: the seat is read-only (and readable in the dark).
    page.emulate_media(color_scheme="dark")
    page.goto(seat_url)
    expect(page.locator(num(0, 0))).to_have_attribute("readonly", "")
    expect(page.locator("#az-chips")).to_have_count(0)
    # said once, at the top: the live banner (who finished) takes the page's own banner's place
    expect(page.locator(".ro-banner:visible, #live-banner:visible")).to_have_count(1)
    expect(page.locator(".ro-banner:visible, #live-banner:visible")).to_contain_text("finished")
    shot(page, "arizona-finished-dark")
    assert_accessible(page, "a finished Arizona seat in the dark")
    page.emulate_media(color_scheme="light")

    # The second play: the deck knows every card, so only the numbers are typed, each with Next.
    start_play(page, live_server, ["Robin", "Galen"])
    page.click("text=Robin")
    page.tap(num(0, 0))
    for r, row in enumerate(ROBIN):
        for c, (number, _color, _gecko) in enumerate(row):
            expect(page.locator(num(r, c))).to_be_focused()
            page.keyboard.type(str(number))
            page.keyboard.press("Enter")
    expect(page.locator("#f-grid-0-0-color")).to_have_value("yellow")
    expect(page.locator("#f-grid-0-0-gecko")).to_be_checked()
    expect(page.locator("#f-grid-3-3-color")).to_have_value("pink")
    expect(page.locator("#f-grid-1-2-gecko")).to_be_checked()
    expect(page.locator("#status .running .total")).to_have_text("12")
    expect(page.locator("#status .running")).to_contain_text("so far")
    shot(page, "arizona-second-play-autofill")

    # A contradiction: card 33 entered as white although the deck knows it as pink.
    page.fill("#f-grid-3-3-color", "white")
    page.locator("#f-grid-3-3-color").dispatch_event("change")
    conflict = page.locator("#az-conflict-3-3")
    expect(conflict).to_contain_text("the deck says")
    expect(conflict).to_contain_text("pink")
    conflict.scroll_into_view_if_needed()
    shot(page, "arizona-contradiction", full_page=False)
    assert_accessible(page, "an Arizona seat with a contradiction open")
    conflict.locator("text=Keep the deck's").tap()  # through the save queue, with the version
    expect(page.locator("#f-grid-3-3-color")).to_have_value("pink")
    expect(page.locator("#az-conflict-3-3")).to_have_count(0)


def test_typed_numbers_stay_in_their_card_and_done_shows_the_apps_own_message(live_server, new_phone):
    page = new_phone()
    start_play(page, live_server, ["Ana", "Ben"])
    page.click("text=Ana")
    page.tap(num(0, 0))
    page.keyboard.type("17")
    page.tap("#az-chips .az-chip[data-color='pink']")
    saved(page)  # the deck knows 17 now: pink
    page.fill(num(0, 0), "")
    page.tap(num(0, 0))
    page.keyboard.type("100")  # a known "10" ... and a third digit by mistake
    expect(page.locator(num(0, 0))).to_have_value("100")
    expect(page.locator(num(0, 0))).to_be_focused()  # nothing moved by itself
    expect(page.locator(num(0, 1))).to_have_value("")  # nothing spilled into the next card
    page.keyboard.press("Enter")
    expect(page.locator("#err-f-grid-0-0")).to_contain_text("Row 1, card 1: number must be a whole number from 1 to 99")
    saved(page)
    assert page.evaluate("document.getElementById('entry').noValidate")  # no browser bubble over the app's message
    assert page.locator("#entry [pattern], #entry [required]").count() == 0
    page.get_by_role("button", name="Done", exact=True).click()
    expect(page.locator("#status")).to_contain_text("Not done yet: fill or fix what is listed here first.")
    expect(page).to_have_url(re.compile(r"/seats/0$"))
    expect(page.locator("#status .error").first).to_be_in_viewport()
    shot(page, "arizona-done-refused", full_page=False)
    assert_accessible(page, "an Arizona seat with errors")


def test_with_many_colours_the_chips_wrap_inside_the_screen(live_server, sized):
    page = sized(360, 640)
    start_play(page, live_server, ["Cy", "Di"])
    page.click("text=Cy")
    colours = ["lilac", "orange", "teal", "light pink", "brown"]
    page.tap(num(0, 0))
    for c, colour in enumerate(colours[:4]):  # four new colours, typed once each with "+ colour"
        page.keyboard.type(str(c + 1))
        page.tap("#az-chips .az-new")
        expect(page.locator(f"#f-grid-0-{c}-color")).to_be_focused()
        page.keyboard.type(colour)
        page.keyboard.press("Enter")
    saved(page)
    page.reload()
    page.tap(num(1, 0))
    chips = page.locator("#az-chips")
    expect(chips).to_be_visible()
    expect(chips.locator(".az-new")).to_be_in_viewport()
    assert chips.evaluate("el => el.scrollWidth <= el.clientWidth")  # wraps, never scrolls sideways
    for box in chips.locator(".az-chip").evaluate_all("els => els.map(e => e.getBoundingClientRect().right)"):
        assert box <= 360
    assert page.evaluate("document.querySelector('main').scrollWidth") <= 360
    shot(page, "arizona-chips-360", full_page=False)


def test_solo_without_veras_score_links_every_message_to_its_field_on_the_seat(live_server, new_phone):
    page = new_phone()
    start_play(page, live_server, ["Robin"], solo_vera="")
    page.click("text=Robin")
    enter(page, ROBIN)
    saved(page)
    tap_done(page)
    # the play page names Vera's score (no option path) and links to the field on the seat
    expect(page.locator("main")).not_to_contain_text("options.solo")
    link = page.get_by_role("link", name="Enter Vera's score")
    link.click()
    expect(page).to_have_url(re.compile(r"/seats/0#f-options-solo-vera_score$"))
    expect(page.locator("#status")).not_to_contain_text("Waiting")
    expect(page.locator("#status")).to_contain_text("Vera's score is missing")
    expect(page.locator("#f-options-solo-vera_score")).to_be_in_viewport()
    shot(page, "arizona-solo-vera-missing", full_page=False)
    assert_accessible(page, "a solo Arizona seat without Vera's score")
    page.tap("#f-options-solo-vera_score")
    page.keyboard.type("11")
    expect(page.locator("#status")).to_contain_text("see the result", timeout=5_000)
    expect(page.locator("#err-f-options-solo-vera_score")).to_be_empty()
    page.goto(page.url.split("/seats/")[0] + "/result")
    expect(page.locator("main")).to_contain_text("Robin beats Vera")


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
@pytest.mark.parametrize("size", [(360, 640), (412, 839)], ids=["360", "412"])
def test_the_seat_at_phone_sizes_light_and_dark_screenshots_and_axe(live_server, sized, size, dark):
    """Empty, half-filled with an error, complete, finished; the deck page; axe on each seat state."""
    width, height = size
    name = f"{width}-{'dark' if dark else 'light'}"
    page = sized(width, height, dark)
    start_play(page, live_server, ["Robin"], solo_vera=9)
    page.click("text=Robin")
    assert page.evaluate("document.querySelector('main').scrollWidth") <= width
    shot(page, f"arizona-seat-empty-{name}")
    assert_accessible(page, f"an empty Arizona seat at {name}")
    enter(page, ROBIN[:2])
    page.fill(num(1, 1), "100")
    page.locator(num(1, 1)).dispatch_event("change")
    expect(page.locator("#err-f-grid-1-1")).to_contain_text("must be a whole number")
    saved(page)
    shot(page, f"arizona-seat-half-error-{name}")
    page.tap(num(2, 0))  # a card being entered: the colours in the dock
    expect(page.locator("#az-chips")).to_be_visible()
    shot(page, f"arizona-seat-typing-{name}", full_page=False)
    assert_accessible(page, f"an Arizona seat with an error and the colour dock open at {name}")
    page.fill(num(1, 1), "6")
    page.locator(num(1, 1)).dispatch_event("change")
    for r, row in enumerate(ROBIN[2:], start=2):
        for c, (number, color, _g) in enumerate(row):
            page.fill(num(r, c), str(number))
            page.fill(f"#f-grid-{r}-{c}-color", color)
    page.locator(num(3, 3)).dispatch_event("change")
    expect(page.locator("#status .running .total")).to_have_text("12")
    saved(page)
    page.locator("#f-wrens").focus()
    shot(page, f"arizona-seat-complete-{name}")
    assert_accessible(page, f"a complete Arizona seat at {name}")
    # a row's mark opens the score's lines about it, within the screen, Close in reach
    page.locator("#az-line-row-0 .az-mark").click()
    why = page.locator("#az-line-row-0-why")
    expect(why).to_be_visible()
    expect(why).to_contain_text("Row 1: 3 points")
    expect(why).to_contain_text("geckos on 1 and 34 = 2")
    box = why.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= width and box["y"] >= 0 and box["y"] + box["height"] <= height
    expect(why.get_by_role("button", name="Close")).to_be_in_viewport()
    shot(page, f"arizona-seat-why-{name}", full_page=False)
    assert_accessible(page, f"an Arizona seat with a row's explanation open at {name}")
    why.get_by_role("button", name="Close").click()
    expect(why).to_be_hidden()
    seat_url = page.url
    tap_done(page)
    page.click("text=See the result")
    page.click("text=Finish and save to history")
    expect(page.locator(".badge.done").first).to_be_visible()
    page.goto(seat_url)
    expect(page.locator(".ro-banner:visible, #live-banner:visible")).to_have_count(1)
    shot(page, f"arizona-seat-finished-{name}")
    assert_accessible(page, f"a finished Arizona seat at {name}")
    page.goto(live_server + "/arizona/deck")
    assert page.evaluate("document.querySelector('main').scrollWidth") <= width
    shot(page, f"arizona-deck-{name}")
    assert_accessible(page, f"the learned deck at {name}")


# ------------------------------------------------------------------ two phones on one seat


def test_an_offline_card_is_never_shown_saved_and_lands_when_back_online(live_server, new_phone):
    page = new_phone()
    play_url = start_play(page, live_server, ["Ana", "Ben"])
    page.click("text=Ana")
    page.context.set_offline(True)
    page.tap(num(0, 0))
    page.keyboard.type("23")
    page.tap("#az-chips .az-chip[data-color='green']")
    expect(page.locator("#status")).to_have_attribute("data-save-state", "offline")
    expect(page.locator("#net-banner")).to_be_visible()
    assert "Saved" not in page.locator("#status .save-state").inner_text()
    shot(page, "arizona-offline", full_page=False)
    page.context.set_offline(False)
    expect(page.locator("#status")).to_have_attribute("data-save-state", "saved", timeout=20_000)
    play_id = play_url.rstrip("/").rsplit("/", 1)[1]
    state = page.request.get(f"{live_server}/api/plays/{play_id}").json()["seats"][0]["state"]
    assert state["grid"][0][0] == {"number": 23, "color": "green", "gecko": False}


def test_a_stale_phone_entering_another_card_is_merged_and_a_clash_is_settled_by_the_cards_name(live_server, new_phone):
    host = new_phone()
    play_url = start_play(host, live_server, ["Ana", "Ben"])
    a, b = new_phone(), new_phone()
    a.goto(play_url + "/seats/0")
    b.goto(play_url + "/seats/0")
    b.locator(num(3, 3)).focus()  # B is typing: its page is not refreshed under its fingers
    a.tap(num(0, 0))
    a.keyboard.type("12")
    a.tap("#az-chips .az-chip[data-color='pink']")
    saved(a)
    b.keyboard.type("40")  # B, stale, enters another card: merged
    b.tap("#az-chips .az-chip[data-color='white']")
    saved(b)
    play_id = play_url.rstrip("/").rsplit("/", 1)[1]
    grid = host.request.get(f"{live_server}/api/plays/{play_id}").json()["seats"][0]["state"]["grid"]
    assert grid[0][0]["number"] == 12 and grid[3][3]["number"] == 40
    # now both change card 1's number: B (still showing an empty card 1) says 21
    b.locator(num(0, 0)).fill("21")
    b.locator(num(0, 0)).dispatch_event("change")
    expect(b.locator("h1")).to_contain_text("changed on another phone")
    expect(b.locator(".conflict-row h2")).to_have_text("Row 1, card 1: number")
    expect(b.locator("main")).not_to_contain_text("grid[")
    shot(b, "arizona-conflict")
    assert_accessible(b, "the conflict screen of an Arizona card")
    b.get_by_role("button", name=re.compile(r"Keep this phone's")).click()
    expect(b).to_have_url(re.compile(r"/seats/0$"))
    grid = host.request.get(f"{live_server}/api/plays/{play_id}").json()["seats"][0]["state"]["grid"]
    assert grid[0][0]["number"] == 21 and grid[3][3]["number"] == 40
