"""Vadoran Gardens in a browser at phone size: paint a garden with the finger (taps and drags) on
a grid that grows by itself at its edges, squares of at least 40 px, the pan buttons and two-finger
panning, the areas and the running total; a second seat in quick mode (no out-of-band swap without
a target); the rulebook garden typed, and painted by finger at 360 and 412 px on a CPU slowed 4x
(no gesture depends on time); a typo at both phone sizes, light and dark, with axe-core; the live
table (offline, a stale phone merged, a true conflict by name); the solo sister on the seat page."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.e2e.conftest import SHOTS, assert_accessible, tap_done


def shot(page, name: str) -> None:
    """As conftest's shot, but with caret="initial": the default caret hiding leaves an empty
    style attribute on every input, which htmx's settle then copies (a false CSP violation)."""
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True, caret="initial")


def watch_htmx_errors(page) -> list[str]:
    """Every htmx error event on the page (htmx:oobErrorNoTarget and the like) and console error."""
    found: list[str] = []
    page.on("console", lambda m: found.append(m.text) if m.type == "error" else None)
    return found


# The garden painted below (3 rows x 6 columns, the starting grid):
#   g* g* g*7 w  w  w        A grass: 5 squares, 3 tasks, 1 tablet = 5 + 7 = 12
#   g  g  .   w* w* w5       B water: 7 squares, 3 tasks = 7 (and a return location for a pendant)
#   s  s* .   w* .  .        C soil: 2 squares, 1 task = 0; sand never scores
# Lost pendant found 1 -> 5; water achievement 7.  Total 12 + 7 + 5 + 7 = 31.
# Painting on the grid's edges grows it by a blank square on every side: the garden ends up
# framed by blank squares, one row and column each side.
GARDEN = "g* g* g*7 w w w\ng g . w* w* w5\ns s* . w* . ."
FRAMED = "\n".join(["- - - - - - - -", *[f"- {' '.join(r.split())} -" for r in GARDEN.splitlines()], "- - - - - - - -"])


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


def two_finger_pan(page, cdp, dx: float) -> None:
    """Two fingers on the garden, moved sideways together by dx."""
    page.locator("#garden-scroll").scroll_into_view_if_needed()
    box = page.locator("#garden-scroll").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + min(box["height"] / 2, 60)
    fingers = [{"x": x - 30, "y": y, "id": 1}, {"x": x + 30, "y": y, "id": 2}]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": fingers})
    for step in range(1, 9):
        moved = [{**f, "x": f["x"] + dx * step / 8} for f in fingers]
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": moved})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def tap(page, r, c):
    x, y = centre(page, r, c)
    page.touchscreen.tap(x, y)


def brush(page, name):
    page.locator(".brush", has_text=name).tap()


def start(page, base, players=("Purple", "Green"), mode="standard", sister=""):
    page.goto(base + "/plays/new")
    page.check("#game-vadoran-gardens")
    page.click(".options-vadoran-gardens > summary")  # (the options are folded under their line)
    page.select_option("#opt-vadoran-gardens-mode", mode)
    if sister:
        page.fill("#opt-vadoran-gardens-sister_achievements", sister)
    for i, name in enumerate(players):
        page.fill(f"#players-{i}", name)
    page.click("text=Start the play")
    expect(page.locator("h1")).to_contain_text("Vadoran Gardens")
    return page.url


def test_paint_a_garden_by_finger_on_a_grid_that_grows_and_see_areas_and_total(live_server, new_phone):
    page = new_phone()
    play_url = start(page, live_server)
    page.click("text=Purple")
    # the starting 3 x 6 grid, with blank room to fill the box at 412 px: 9 squares of 42 px a row
    expect(page.locator("#garden .sq")).to_have_count(27)
    expect(page.locator("details.as-text")).not_to_have_attribute("open", "")  # the grid replaces the text
    expect(page.locator("button.grow").first).to_be_hidden()  # the grid grows by itself
    assert page.locator("#garden .sq").first.bounding_box()["width"] >= 40
    shot(page, "vadoran-entry-empty")
    assert_accessible(page, "the empty Vadoran seat")

    saves = []
    page.on("request", lambda r: saves.append(r.url) if r.method == "POST" and "/seats/" in r.url else None)
    cdp = page.context.new_cdp_session(page)

    brush(page, "Grass")  # the L of grass in one stroke, on the top row and the left column
    drag(page, cdp, [(1, 1), (1, 0), (0, 0), (0, 1), (0, 2)])
    # painted on the top and left edges: a blank row above and a column on the left when the stroke ends
    # (the room on the right is not saved: the garden is saved 7 squares wide, its starting 6 and the new one)
    expect(page.locator("#garden tr")).to_have_count(4)
    expect(page.locator("#garden tr").first.locator(".sq")).to_have_count(10)
    expect(page.locator("#vad-areas")).to_have_attribute("data-garden", re.compile(r"^- - - - - - -\n- g g g - - -\n- g g"))
    assert len(saves) == 1, saves  # a stroke ends in one autosave

    def at(r, c):  # the garden's square r, c on the grid that grew a row above and a column left
        return (r + 1, c + 1)

    brush(page, "Water")  # through the last row: the grid grows under the finger
    drag(page, cdp, [at(0, 3), at(0, 4), at(0, 5), at(1, 5), at(1, 4), at(1, 3), at(2, 3)])
    expect(page.locator("#garden tr")).to_have_count(5)
    brush(page, "Sand")
    drag(page, cdp, [at(1, 2), at(2, 2)])
    drag(page, cdp, [at(2, 4), at(2, 5)])
    brush(page, "Soil")
    drag(page, cdp, [at(2, 0), at(2, 1)])
    brush(page, "Task")
    drag(page, cdp, [at(0, 0), at(0, 1), at(0, 2)])
    drag(page, cdp, [at(1, 3), at(1, 4)])
    tap(page, *at(2, 3))
    tap(page, *at(2, 1))
    tap(page, *at(2, 2))  # no task on sand: nothing happens
    brush(page, "Tablet")
    tap(page, *at(0, 2))
    brush(page, "Return")
    tap(page, *at(1, 5))

    live = page.locator("#vad-live")
    expect(page.locator("#vad-areas")).to_have_attribute("data-garden", FRAMED)
    expect(page.locator("#garden-text")).to_have_value(FRAMED)
    assert len(saves) <= 11, saves  # at most one save per stroke or tap that changed the garden (queued ones coalesce)
    areas = live.locator(".vad-areas li")
    expect(areas).to_have_count(4)  # A grass, B water, C soil, sand
    expect(areas.nth(0)).to_contain_text("A Grass, 5 squares, 3 tasks, 1 tablet")
    expect(areas.nth(0).locator(".pts")).to_have_text("12")
    expect(areas.nth(1)).to_contain_text("Water, 7 squares, 3 tasks")
    expect(areas.nth(1).locator(".pts")).to_have_text("7")
    expect(areas.nth(2)).to_contain_text("Soil, 2 squares, 1 task")
    expect(areas.nth(2)).to_contain_text("does not score: 1 task, an area needs 3 or more")
    expect(areas.nth(3)).to_contain_text("sand never scores")
    # The outlines on the grid: A and B solid, C dashed, each with its letter.
    expect(page.locator("#garden .sq.scores.e-t")).not_to_have_count(0)
    expect(page.locator("#garden .sq.fails")).to_have_count(2)
    expect(page.locator("#garden .lbl")).to_have_count(3)
    expect(page.locator("#garden .sq[data-r='1'][data-c='1']")).to_have_attribute("aria-label", "Garden row 2, square 2: grass, task, area A")
    expect(live.locator(".running .total")).to_have_text("19")
    # the explanations fit the screen, left-aligned
    for box in page.locator(".vad-areas li").all():
        assert box.bounding_box()["x"] + box.bounding_box()["width"] <= 412
    assert page.evaluate("getComputedStyle(document.querySelector('.vad-areas .why')).textAlign") in ("start", "left")
    shot(page, "vadoran-entry-painted")
    assert_accessible(page, "a painted Vadoran garden")

    # Lost items and the achievement.
    page.get_by_role("button", name="One more: Pendants found").tap()
    expect(page.locator("#f-lost_items-pendant")).to_have_value("1")
    page.locator("#f-achievement-water").fill("7")
    expect(live.locator(".running .total")).to_have_text("31")
    expect(page.locator(".seat-bar #vad-total")).to_have_text("31 pts")
    # A bad number stays as typed and is reported next to its field.
    page.locator("#f-achievement-grass").fill("lots")
    expect(page.locator("#err-f-achievement-grass")).to_contain_text("whole number")
    expect(page.locator("#f-achievement-grass")).to_have_value("lots")
    expect(page.locator("#status .problems")).to_contain_text("Grass achievement must be")
    shot(page, "vadoran-entry-error")
    assert_accessible(page, "a Vadoran seat with an error")
    page.locator("#f-achievement-grass").fill("")
    expect(page.locator("#err-f-achievement-grass")).to_be_empty()
    expect(live.locator(".running .total")).to_have_text("31")
    shot(page, "vadoran-entry-done")
    tap_done(page)

    # Green enters the areas in quick mode on another phone.
    green = new_phone()
    errors = watch_htmx_errors(green)
    green.goto(play_url)
    green.click("text=Green")
    green.locator("label", has_text="Quick: areas only").tap()
    expect(green.locator(".quick-mode")).to_be_visible()
    expect(green.locator(".paint-mode")).to_be_hidden()
    green.select_option("select[name='areas[0].terrain']", "grass")
    green.fill("input[name='areas[0].squares']", "8")
    green.fill("input[name='areas[0].tasks']", "3")
    green.fill("input[name='areas[0].tablets']", "1")
    # row 2 left blank; row 3 gets water; one more row added by the page and filled with a typo
    green.select_option("select[name='areas[2].terrain']", "water")
    green.fill("input[name='areas[2].squares']", "4")
    green.fill("input[name='areas[2].tasks']", "2")
    green.locator("#qa-add").tap()
    green.select_option("select[name='areas[3].terrain']", "soil")
    green.fill("input[name='areas[3].squares']", "lots")
    expect(green.locator("#err-f-areas-3")).to_contain_text("whole number")  # under its own row
    expect(green.locator("#err-f-areas-1")).to_be_empty()
    assert_accessible(green, "Vadoran quick mode with an error")
    green.fill("input[name='areas[3].squares']", "")
    green.select_option("select[name='areas[3].terrain']", "")
    expect(green.locator("#err-f-areas-3")).to_be_empty()
    expect(green.locator("#vad-live .running .total")).to_have_text("15")
    expect(green.locator("#vad-live")).to_contain_text("does not score: 2 tasks")
    shot(green, "vadoran-entry-quick")
    tap_done(green)
    expect(green.locator("h1")).to_contain_text("Vadoran Gardens")
    assert not [e for e in errors if "oobErrorNoTarget" in e or "htmx" in e.lower()], errors

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


def test_the_rulebook_garden_typed_as_text_scores_58_in_squares_of_40_px_that_pan(live_server, new_phone):
    page = new_phone()
    start(page, live_server, players=("Purple",), mode="solo", sister="12 9 8")
    page.click("text=Purple")
    expect(page.locator("#f-options-sister_achievements")).to_have_value("12 9 8")  # the sister on the seat page
    page.locator("details.as-text summary").tap()
    page.locator("#garden-text").fill(RULEBOOK)
    expect(page.locator("#garden .sq")).to_have_count(72)  # the grid follows the text: 12 x 6
    live = page.locator("#vad-live")
    expect(live.locator(".running .total")).to_have_text("46")
    expect(live.locator(".vad-areas li.scores")).to_have_count(4)
    expect(page.locator("#garden .lbl")).to_have_count(12)  # every grass, soil or water area lettered
    page.get_by_role("button", name="One more: Tools found").tap()
    page.get_by_role("button", name="One more: Pendants found").tap()
    page.locator("#f-achievement-water").fill("7")
    expect(live.locator(".running .total")).to_have_text("58")  # the rulebook: 46 + 5 + 7
    expect(page.locator(".sister-total")).to_contain_text(re.compile(r"Your sister: \d+ points. You win"))

    # 12 squares of 40 px do not fit a phone: the garden scrolls inside its box, never the page
    square = page.locator("#garden .sq").first.bounding_box()
    assert square["width"] >= 40 and square["height"] >= 40
    assert page.evaluate("document.documentElement.scrollWidth") <= 412
    scroller = "document.querySelector('#garden-scroll')"
    assert page.evaluate(f"{scroller}.scrollWidth > {scroller}.clientWidth")
    expect(page.locator("#garden-where")).to_have_text("Squares 1\u20139 of 12")
    expect(page.get_by_role("button", name="Left")).to_be_disabled()
    page.locator("#garden-text").blur()
    cdp = page.context.new_cdp_session(page)
    two_finger_pan(page, cdp, -200)  # two fingers move the garden: nothing is painted
    assert page.evaluate(f"{scroller}.scrollLeft") == page.evaluate(f"{scroller}.scrollWidth - {scroller}.clientWidth") > 0
    expect(page.locator("#garden-text")).to_have_value(RULEBOOK.replace("  ", " "))
    # the last column, now in view, painted: a blank column appears beyond it
    brush(page, "Water")
    tap(page, 5, 11)
    expect(page.locator("#garden tr").first.locator(".sq")).to_have_count(13)
    expect(live.locator(".running .total")).to_have_text("58")
    shot(page, "vadoran-entry-rulebook")
    assert_accessible(page, "the rulebook garden")


def test_right_moves_half_the_box_and_adds_room_and_a_stroke_with_one_move_event_paints_its_whole_path(live_server, new_phone):
    """No gesture depends on time.  Right moves the garden by half the box in whole squares; at the
    garden's end it adds blank room, which is not saved until painted.  A stroke whose finger moved
    four squares in one move event (as a slow phone delivers them) paints every square between."""
    page = new_phone()
    start(page, live_server)
    page.click("text=Purple")
    page.locator("#garden-text").evaluate("t => { t.value = 'g g g g g g g g g'; t.dispatchEvent(new Event('input', {bubbles: true})); }")
    expect(page.locator("#garden .sq")).to_have_count(9)  # 9 squares of 42 px fill the 384 px box
    expect(page.locator("#garden-where")).to_have_text("Squares 1\u20139 of 9")
    expect(page.get_by_role("button", name="Left")).to_be_disabled()
    page.get_by_role("button", name="Right").tap()
    # half of 384 / 42 = 4.6 squares, rounded up: 5; the view needs 5 + 384 / 40 -> 15 squares, 40 px each
    expect(page.locator("#garden-where")).to_have_text("Squares 6\u201314 of 15")
    scroller = page.locator("#garden-scroll")
    assert scroller.evaluate("b => b.scrollLeft") == 5 * 40
    expect(page.locator("#garden-text")).to_have_value("g g g g g g g g g")  # the room is not saved
    brush(page, "Water")
    cdp = page.context.new_cdp_session(page)
    (x0, y), (x1, _) = centre(page, 0, 8), centre(page, 0, 12)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x1, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    # squares 9-13 water, one blank square beyond them (the rest of the room is not saved); the one
    # row was the top and the last: a blank row above (when the stroke ended) and below (at once)
    painted = "\n".join(["- " * 13 + "-", "g g g g g g g g w w w w w -", "- " * 13 + "-"])
    expect(page.locator("#garden-text")).to_have_value(painted)
    expect(page.locator("#vad-areas")).to_have_attribute("data-garden", painted)
    page.get_by_role("button", name="Left").tap()
    assert scroller.evaluate("b => b.scrollLeft") == 0
    expect(page.get_by_role("button", name="Left")).to_be_disabled()
    assert page.locator("#garden .sq").first.bounding_box()["width"] >= 40
    assert_accessible(page, "a Vadoran garden wider than the screen")


RULEBOOK_ROWS = [r.split() for r in RULEBOOK.splitlines()]


def _api(page, base: str, play_id: str) -> dict:
    response = page.request.get(f"{base}/api/plays/{play_id}")
    assert response.status == 200, response.text()[:300]
    return response.json()


def test_the_rulebook_garden_painted_by_finger_in_45_taps_at_360_and_412_on_a_cpu_slowed_4x(live_server, browser):
    """Issue 25: the rulebook garden painted square by square, as a player does (a stroke through
    each area, the markers, the pan buttons, the page swiped where needed), with the lost items,
    the achievement and Done, on Chromium slowed 4x (Emulation.setCPUThrottlingRate).  Every tap,
    stroke and swipe is counted (``bench.entry_effort.enter_vadoran``, the bench's own script);
    nothing waits for time.  The stored garden is the rulebook's, square for square, and scores 58."""
    from bench.entry_effort import Phone, enter_vadoran
    from bench.tables import reference

    purple = reference("vadoran-gardens")["players"][0]
    assert [r.split() for r in purple["garden"]] == RULEBOOK_ROWS  # the same garden as the typed test's
    for width, height in ((360, 640), (412, 839)):
        context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True, is_mobile=True)
        page = context.new_page()
        problems: list[str] = []
        page.on("pageerror", lambda exc: problems.append(str(exc)))  # noqa: B023 (used at once)
        play_url = start(page, live_server, players=("Purple",))
        play_id = play_url.rsplit("/", 1)[1]
        page.goto(play_url + "/seats/0")
        expect(page.locator("#garden .sq").first).to_be_attached()
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
        phone = Phone(page)
        enter_vadoran(phone, purple)  # ends on the play page (Done saved)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        steps = "\n".join(phone.log)
        # 27 strokes (13 areas, 12 groups of tasks, the tablet, the return location), 10 brushes,
        # 1 pan, 2 lost items, the achievement's box, Done; and the swipes of the page: 2 at 360, 1 at 412
        assert phone.taps <= 45, f"{phone.taps} taps at {width} px:\n{steps}"
        assert phone.keys == 1  # the achievement's 7
        seat = _api(page, live_server, play_id)["seats"][0]
        stored = [r.split() for r in seat["state"]["garden"]]
        # a blank square round it (the grid's room to grow, no card), and inside it the rulebook's garden
        assert all(t == "-" for t in stored[0] + stored[-1] + [r[0] for r in stored] + [r[-1] for r in stored]), stored
        assert [r[1:-1] for r in stored[1:-1]] == RULEBOOK_ROWS, stored
        assert seat["state"]["lost_items"] == {"animal": 0, "tool": 1, "pendant": 1}
        assert seat["state"]["achievements"] == [{"terrain": "water", "points": 7}]
        assert seat["done"] and seat["complete"] and seat["total"] == 58  # the rulebook: 46 + 5 + 7
        page.goto(play_url + "/seats/0")  # the painted page, as the player sees it again, light and dark
        expect(page.locator("#garden-text")).to_have_value("\n".join(seat["state"]["garden"]))
        expect(page.locator("#vad-live .running .total")).to_have_text("58")
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.locator(".brushes").scroll_into_view_if_needed()
            shot(page, f"vadoran-rulebook-painted-{width}-{scheme}")
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            assert_accessible(page, f"the painted rulebook garden at {width} px, {scheme}")
        context.close()
        assert not problems, problems


TYPO = "g* g* g*7 w w w\ng g . w* w* w5\ns s* . w* . x"


def test_a_typo_keeps_the_other_areas_outlined_at_both_phone_sizes_light_and_dark(live_server, browser):
    """The engine's preview leaves an unreadable square out (marked red) and outlines the rest;
    the brushes and the legend come from the engine's grammar (data-grammar)."""
    setup = browser.new_context(viewport={"width": 412, "height": 839}, has_touch=True, is_mobile=True)
    page = setup.new_page()
    start(page, live_server)
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
            expect(phone.locator(".brush")).to_have_count(8)  # 4 terrains, 3 markers, eraser
            expect(phone.locator("#garden .sq.bad")).to_have_count(1)
            expect(phone.locator("#garden .lbl")).to_have_count(3)  # grass, water, soil
            expect(phone.locator("#err-f-garden")).to_contain_text("Garden row 3, square 6")
            expect(phone.locator("#garden")).not_to_have_class(re.compile(r"\bstale\b"))
            assert phone.locator("#garden .sq").first.bounding_box()["width"] >= 40
            shot(phone, f"vadoran-entry-typo-{width}-{scheme}")
            assert phone.evaluate("document.documentElement.scrollWidth") <= width  # no sideways scrolling
            assert_accessible(phone, f"a Vadoran seat with a typo at {width} px, {scheme}")
            context.close()
            assert not problems, problems


def status(page):
    return page.locator("#status")


def test_offline_strokes_wait_on_the_phone_and_a_stale_phone_is_merged_then_a_true_conflict_named(live_server, browser):
    """Two phones on Purple's seat.  Phone B walks out of the Wi-Fi and paints a stroke: it says
    offline, never saved; meanwhile phone A finds a pendant.  Back online, B's stroke lands by
    itself, merged: both changes stay.  Then both claim the water achievement with different
    numbers: B sees the conflict by the field's name and keeps its own."""
    phone = {"viewport": {"width": 412, "height": 839}, "has_touch": True, "is_mobile": True}
    a_context, b_context = browser.new_context(**phone), browser.new_context(**phone)
    a, b = a_context.new_page(), b_context.new_page()
    start(a, live_server)
    a.click("text=Purple")
    seat_url = a.url
    b.goto(seat_url)
    expect(b.locator("#garden .sq")).to_have_count(27)  # 3 x 6, and room to fill the box: 3 x 9

    b_context.set_offline(True)
    cdp = b.context.new_cdp_session(b)
    brush(b, "Water")
    drag(b, cdp, [(1, 1), (1, 2), (1, 3)])
    expect(status(b)).to_have_attribute("data-save-state", "offline")
    expect(status(b)).to_contain_text("Offline: not saved yet")
    a.get_by_role("button", name="One more: Pendants found").tap()
    expect(status(a)).to_have_attribute("data-save-state", "saved")
    expect(status(b)).to_have_attribute("data-save-state", "offline")  # still not saved, never "saved"
    shot(b, "vadoran-entry-offline")
    b_context.set_offline(False)
    expect(status(b)).to_have_attribute("data-save-state", "saved", timeout=15_000)
    # A hears of B's stroke (live updates) and B's page catches up with A's pendant: both stay
    expect(a.locator("#garden-text")).to_have_value(re.compile(r"^- - - - - -\n- w w w - -\n"), timeout=10_000)
    expect(a.locator("#f-lost_items-pendant")).to_have_value("1")
    expect(b.locator("#f-lost_items-pendant")).to_have_value("1", timeout=10_000)
    expect(b.locator("#garden-text")).to_have_value(re.compile(r"^- - - - - -\n- w w w - -\n"))

    a.locator("#f-achievement-water").fill("7")
    expect(b.locator("#f-achievement-water")).to_have_value("7", timeout=10_000)  # B's page hears of it
    b_context.set_offline(True)
    b.locator("#f-achievement-water").fill("8")
    expect(status(b)).to_have_attribute("data-save-state", "offline")
    a.locator("#f-achievement-water").fill("9")
    expect(a.locator("#vad-live .running .total")).to_have_text("9")  # A's change is saved first
    b_context.set_offline(False)
    expect(b.locator("h1")).to_contain_text("changed on another phone", timeout=15_000)
    expect(b.locator(".conflict-row h2")).to_have_text("Water achievement")
    assert "achievements[" not in b.locator("main").inner_text()
    shot(b, "vadoran-entry-conflict")
    b.get_by_role("button", name=re.compile("Keep this phone's")).click()
    expect(b.locator("#f-achievement-water")).to_have_value("8")
    expect(b.locator("#f-lost_items-pendant")).to_have_value("1")
    expect(b.locator("#garden-text")).to_have_value(re.compile(r"^- - - - - -\n- w w w - -\n"))
    a_context.close()
    b_context.close()


def test_solo_the_sisters_options_are_entered_on_the_seat_page_and_messages_link_there(live_server, new_phone):
    page = new_phone()
    play_url = start(page, live_server, players=("Solo",), mode="solo")
    page.click("text=Solo")
    expect(page.locator("#sister")).to_be_visible()
    page.select_option("#f-options-difficulty", "easy")
    page.fill("#f-options-sister_achievements", "12 9 8 7 6 5")  # more than her easy figures allow
    expect(page.locator("#err-f-sister")).to_contain_text("The sister's achievements: has 6 achievements")
    shot(page, "vadoran-entry-sister-error")
    assert_accessible(page, "the solo seat with the sister's options")
    page.goto(play_url)
    message = page.locator("#seats .error")
    expect(message).to_contain_text("The sister's achievements")
    message.get_by_role("link").click()
    expect(page).to_have_url(re.compile(r"/seats/0#f-options-sister_achievements$"))  # her achievements, at once
    page.fill("#f-options-sister_achievements", "12 9")
    expect(page.locator("#err-f-sister")).to_be_empty()
    page.locator("#garden-text").evaluate("t => { t.value = 'g* g* g*'; t.dispatchEvent(new Event('input', {bubbles: true})); }")
    expect(page.locator(".sister-total")).to_contain_text("Your sister: 21 points")
    shot(page, "vadoran-entry-sister")


def _states(browser, base):
    """Seat pages in each state a player meets: empty, half-filled, complete, with errors,
    finished, quick mode with an error, solo with the sister's options."""
    context = browser.new_context(viewport={"width": 412, "height": 839}, has_touch=True, is_mobile=True)
    page = context.new_page()

    def typed(text):
        page.locator("#garden-text").evaluate("(t, v) => { t.value = v; t.dispatchEvent(new Event('input', {bubbles: true})); }", text)
        expect(page.locator("#vad-areas")).to_have_attribute("data-garden", re.compile(re.escape(text.split()[0])))

    states = {"empty": start(page, base) + "/seats/0"}
    url = start(page, base)
    page.goto(url + "/seats/0")
    typed("g* g* g*7 w w w\ng g . w* w* w5")
    states["half"] = page.url
    url = start(page, base)
    page.goto(url + "/seats/0")
    typed(GARDEN)
    page.locator("#f-achievement-water").fill("7")
    expect(page.locator("#vad-live .running .total")).to_have_text("26")
    states["complete"] = page.url
    url = start(page, base)
    page.goto(url + "/seats/0")
    typed(TYPO)
    page.locator("#f-achievement-grass").fill("lots")
    expect(page.locator("#err-f-achievement-grass")).to_contain_text("whole number")
    states["errors"] = page.url
    url = start(page, base)
    page.goto(url + "/seats/0")
    typed(GARDEN)
    tap_done(page)
    page.goto(url + "/seats/1")
    typed("g* g* g*")
    tap_done(page)
    page.goto(url + "/result")
    page.click("text=Finish and save to history")
    expect(page.locator(".badge.done")).to_be_visible()
    states["finished"] = url + "/seats/0"
    url = start(page, base)
    page.goto(url + "/seats/1")
    page.locator("label", has_text="Quick: areas only").tap()
    page.select_option("select[name='areas[0].terrain']", "grass")
    page.fill("input[name='areas[0].squares']", "8")
    page.fill("input[name='areas[1].squares']", "lots")
    expect(page.locator("#err-f-areas-1")).to_contain_text("whole number")
    states["quick"] = page.url
    url = start(page, base, players=("Solo",), mode="solo")
    page.goto(url + "/seats/0")
    typed(GARDEN)
    page.fill("#f-options-sister_achievements", "12 9")
    expect(page.locator(".sister-total")).to_contain_text("Your sister:")
    states["solo"] = page.url
    context.close()
    return states


def test_every_state_of_the_seat_fits_both_phones_light_and_dark_and_passes_axe(live_server, browser):
    states = _states(browser, live_server)
    for width, height in ((360, 640), (412, 839)):
        for scheme in ("light", "dark"):
            context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True,
                                          is_mobile=True, color_scheme=scheme)
            page = context.new_page()
            errors = watch_htmx_errors(page)
            for name, url in states.items():
                page.goto(url)
                expect(page.locator("#garden .sq").first).to_be_attached()
                assert page.evaluate("document.documentElement.scrollWidth") <= width, (name, width)
                shot(page, f"vadoran-seat-{name}-{width}-{scheme}")
                assert_accessible(page, f"the Vadoran seat ({name}) at {width} px, {scheme}")
            context.close()
            assert not errors, errors
