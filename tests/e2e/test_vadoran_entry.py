"""Vadoran Gardens in a browser at phone size: paint a small garden with the finger (taps and
drags), watch the areas and the running total, then a second seat in quick mode, and the result."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.e2e.conftest import SHOTS, tap_done


def shot(page, name: str) -> None:
    """As conftest's shot, but with caret="initial": the default caret hiding leaves an empty
    style attribute on every input, which htmx's settle then copies (a false CSP violation)."""
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True, caret="initial")

# The garden painted below (3 rows x 6 columns, the starting grid):
#   g* g* g*7 w  w  w        A grass: 5 squares, 3 tasks, 1 tablet = 5 + 7 = 12
#   g  g  .   w* w* w5       B water: 7 squares, 3 tasks = 7 (and a return location for a pendant)
#   s  s* .   w* .  .        C soil: 2 squares, 1 task = 0; sand never scores
# Lost pendant found 1 -> 5; water achievement 7.  Total 12 + 7 + 5 + 7 = 31.
GARDEN = "g* g* g*7 w w w\ng g . w* w* w5\ns s* . w* . ."


def centre(page, r, c):
    box = page.locator(f"#garden .sq[data-r='{r}'][data-c='{c}']").bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drag(page, cdp, cells):
    """One finger on the first square, sliding through the others, lifted on the last."""
    points = [centre(page, r, c) for r, c in cells]
    x, y = points[0]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        for step in range(1, 5):
            t = step / 4
            point = {"x": x0 + (x1 - x0) * t, "y": y0 + (y1 - y0) * t}
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def tap(page, r, c):
    x, y = centre(page, r, c)
    page.touchscreen.tap(x, y)


def brush(page, name):
    page.locator(".brush", has_text=name).tap()


def test_paint_a_garden_by_finger_and_see_areas_and_total(live_server, new_phone):
    page = new_phone()
    page.goto(live_server + "/plays/new")
    page.check("#game-vadoran-gardens")
    expect(page.locator("#opt-vadoran-gardens-mode")).to_be_visible()
    page.fill("#players-0", "Purple")
    page.fill("#players-1", "Green")
    page.click("text=Start the play")
    expect(page.locator("h1")).to_contain_text("Vadoran Gardens")
    play_url = page.url
    page.click("text=Purple")
    expect(page.locator("#garden .sq")).to_have_count(18)  # the starting 3 x 6 grid
    expect(page.locator("details.as-text")).not_to_have_attribute("open", "")  # the grid replaces the text
    shot(page, "vadoran-entry-empty")

    saves = []
    page.on("request", lambda r: saves.append(r.url) if r.method == "POST" and "/seats/" in r.url else None)
    cdp = page.context.new_cdp_session(page)

    brush(page, "Grass")  # the L of grass in one stroke
    drag(page, cdp, [(1, 1), (1, 0), (0, 0), (0, 1), (0, 2)])
    expect(page.locator("#garden .sq.t-grass")).to_have_count(5)
    expect(page.locator("#vad-areas")).to_have_attribute("data-garden", re.compile(r"^g g g - - -"))
    assert len(saves) == 1, saves  # a stroke ends in one autosave

    brush(page, "Water")
    drag(page, cdp, [(0, 3), (0, 4), (0, 5), (1, 5), (1, 4), (1, 3), (2, 3)])
    brush(page, "Sand")
    drag(page, cdp, [(1, 2), (2, 2)])
    drag(page, cdp, [(2, 4), (2, 5)])
    brush(page, "Soil")
    drag(page, cdp, [(2, 0), (2, 1)])
    brush(page, "Task")
    drag(page, cdp, [(0, 0), (0, 1), (0, 2)])
    drag(page, cdp, [(1, 3), (1, 4)])
    tap(page, 2, 3)
    tap(page, 2, 1)
    tap(page, 2, 2)  # no task on sand: nothing happens
    brush(page, "Tablet")
    tap(page, 0, 2)
    brush(page, "Return")
    tap(page, 1, 5)

    live = page.locator("#vad-live")
    expect(page.locator("#vad-areas")).to_have_attribute("data-garden", GARDEN)
    expect(page.locator("#garden-text")).to_have_value(GARDEN)
    areas = live.locator(".vad-areas li")
    expect(areas).to_have_count(4)  # A grass, B water, C soil, sand
    expect(areas.nth(0)).to_contain_text("Grass, 5 squares, 3 tasks, 1 tablet")
    expect(areas.nth(0).locator(".pts")).to_have_text("12")
    expect(areas.nth(1)).to_contain_text("Water, 7 squares, 3 tasks")
    expect(areas.nth(1).locator(".pts")).to_have_text("7")
    expect(areas.nth(2)).to_contain_text("Soil, 2 squares, 1 task")
    expect(areas.nth(2)).to_contain_text("does not score: 1 task, an area needs 3 or more")
    expect(areas.nth(3)).to_contain_text("sand never scores")
    # The outlines on the grid: A and B solid, C dashed, each with its letter.
    expect(page.locator("#garden .sq.scores.e-t")).not_to_have_count(0)
    expect(page.locator("#garden .sq.fails")).to_have_count(2)
    expect(page.locator("#garden .lbl")).to_have_text(["A", "B", "C"])
    expect(live.locator(".running .total")).to_have_text("19")
    shot(page, "vadoran-entry-painted")

    # Lost items and the achievement.
    page.locator("button[aria-label='Pendant (back to water): one more']").tap()
    expect(page.locator("#lost_items-pendant")).to_have_value("1")
    page.locator("#ach-water").fill("7")
    expect(live.locator(".running .total")).to_have_text("31")
    expect(page.locator(".actions #vad-total")).to_have_text("31 pts")
    # A bad number stays as typed and is reported next to its field.
    page.locator("#ach-grass").fill("lots")
    expect(page.locator("#err-ach-grass")).to_contain_text("whole number")
    expect(page.locator("#ach-grass")).to_have_value("lots")
    shot(page, "vadoran-entry-error")
    page.locator("#ach-grass").fill("")
    expect(page.locator("#err-ach-grass")).to_be_empty()
    expect(live.locator(".running .total")).to_have_text("31")
    shot(page, "vadoran-entry-done")

    # Grow the garden: a row above shifts the painting down, nothing is lost.
    page.locator("button.grow[value=above]").tap()
    expect(page.locator("#garden .sq")).to_have_count(24)
    expect(page.locator("#vad-areas")).to_have_attribute("data-garden", "- - - - - -\n" + GARDEN)
    page.locator("button.grow[value=right]").tap()
    expect(page.locator("#garden .sq")).to_have_count(28)
    expect(live.locator(".running .total")).to_have_text("31")
    tap_done(page)

    # Green enters the areas in quick mode on another phone.
    green = new_phone()
    green.goto(play_url)
    green.click("text=Green")
    green.locator("label", has_text="Quick: areas only").tap()
    expect(green.locator(".quick-mode")).to_be_visible()
    expect(green.locator(".paint-mode")).to_be_hidden()
    green.select_option("select[name=qa-0-terrain]", "grass")
    green.fill("input[name=qa-0-squares]", "8")
    green.fill("input[name=qa-0-tasks]", "3")
    green.fill("input[name=qa-0-tablets]", "1")
    green.select_option("select[name=qa-1-terrain]", "water")
    green.fill("input[name=qa-1-squares]", "4")
    green.fill("input[name=qa-1-tasks]", "2")
    expect(green.locator("#vad-live .running .total")).to_have_text("15")
    expect(green.locator("#vad-live")).to_contain_text("does not score: 2 tasks")
    shot(green, "vadoran-entry-quick")
    tap_done(green)
    expect(green.locator("h1")).to_contain_text("Vadoran Gardens")

    page.goto(play_url + "/result")
    expect(page.locator(".winner")).to_contain_text("Purple")
    expect(page.locator("tfoot")).to_contain_text("31")
    expect(page.locator("tfoot")).to_contain_text("15")
    shot(page, "vadoran-result")


RULEBOOK = """g* g g g* s s* s* w* w w* w w*
g7 g* g g* s s* s w w* w* w5 w*
g g w* - s* s s* w w* w - -
- s w g . . . . . . g -
g* g* g g g* g s w s* s - -
w w - - - - - - - - w -"""


def test_the_rulebook_garden_typed_as_text_scores_46_and_is_outlined(live_server, new_phone):
    page = new_phone()
    page.goto(live_server + "/plays/new")
    page.check("#game-vadoran-gardens")
    page.select_option("#opt-vadoran-gardens-mode", "solo")
    page.fill("#opt-vadoran-gardens-sister_achievements", "12 9 8")
    page.fill("#players-0", "Purple")
    page.click("text=Start the play")
    page.click("text=Purple")
    page.locator("details.as-text summary").tap()
    page.locator("#garden-text").fill(RULEBOOK)
    expect(page.locator("#garden .sq")).to_have_count(72)  # the grid follows the text: 12 x 6
    live = page.locator("#vad-live")
    expect(live.locator(".running .total")).to_have_text("46")
    expect(live.locator(".vad-areas li.scores")).to_have_count(4)
    expect(page.locator("#garden .lbl")).to_have_count(12)  # every grass, soil or water area lettered
    page.locator("button[aria-label='Tool (back to soil): one more']").tap()
    page.locator("button[aria-label='Pendant (back to water): one more']").tap()
    page.locator("#ach-water").fill("7")
    expect(live.locator(".running .total")).to_have_text("58")  # the rulebook: 46 + 5 + 7
    assert page.evaluate("document.documentElement.scrollWidth") <= 412  # no sideways scrolling
    shot(page, "vadoran-entry-rulebook")


TYPO = "g* g* g*7 w w w\ng g . w* w* w5\ns s* . w* . x"


def test_a_typo_keeps_the_other_areas_outlined_at_both_phone_sizes_light_and_dark(live_server, browser):
    """The engine's preview leaves an unreadable square out (marked red) and outlines the rest;
    the brushes and the legend come from the engine's grammar (data-grammar)."""
    setup = browser.new_context(viewport={"width": 412, "height": 839}, has_touch=True, is_mobile=True)
    page = setup.new_page()
    page.goto(live_server + "/plays/new")
    page.check("#game-vadoran-gardens")
    page.fill("#players-0", "Purple")
    page.fill("#players-1", "Green")
    page.click("text=Start the play")
    page.click("text=Purple")
    seat_url = page.url
    page.locator("details.as-text summary").tap()
    page.locator("#garden-text").fill(TYPO)
    expect(page.locator("#vad-areas")).to_have_attribute("data-garden", TYPO)  # saved, and the answer is in
    expect(page.locator("#garden .sq.bad")).to_have_count(1)
    setup.close()

    for width, height in ((360, 640), (412, 839)):
        for scheme in ("light", "dark"):
            context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True,
                                          is_mobile=True, device_scale_factor=2, color_scheme=scheme)
            problems = []
            phone = context.new_page()
            phone.on("pageerror", lambda exc: problems.append(str(exc)))  # noqa: B023 (used at once)
            phone.goto(seat_url)
            grammar = phone.locator("form.vad").get_attribute("data-grammar")
            assert '"terrains"' in grammar and '"markers"' in grammar
            expect(phone.locator(".brush")).to_have_count(9)  # 4 terrains, 3 markers, eraser, scroll
            expect(phone.locator("#garden .sq.bad")).to_have_count(1)
            expect(phone.locator("#garden .lbl")).to_have_text(["A", "B", "C"])  # grass, water, soil
            expect(phone.locator("#err-garden")).to_contain_text("Row 3, column 6")
            expect(phone.locator("#garden")).not_to_have_class(re.compile(r"\bstale\b"))
            shot(phone, f"vadoran-entry-typo-{width}-{scheme}")
            # the garden fits the screen; at 360 px the site header's links and the brush row are
            # 30 px too wide (as on main before this work: reported, left to the screen's own task)
            assert phone.evaluate("document.querySelector('#garden-scroll').getBoundingClientRect().right") <= width
            if width >= 412:
                assert phone.evaluate("document.documentElement.scrollWidth") <= width
            context.close()
            assert not problems, problems
