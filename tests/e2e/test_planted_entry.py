"""Planted in a browser at phone size: two players enter their tables by tapping and typing like at
the table (Ann's is the rulebook's 15-point scoring example) and reach the result; two phones on
one seat (offline, merged, in conflict); the seat page at 360 and 412 px, light and dark, with
axe-core, in every state a player meets (empty, half-filled, complete, with an error, finished)."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import SHOTS, assert_accessible, goto, live_settled, tap_done


def shot(page, name: str) -> None:
    """conftest's shot, keeping the caret as it is: Playwright's default (hiding it) leaves
    style="" on every input, which htmx's settling then copies, and the CSP refuses."""
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True, caret="initial")


def pick_plant(page, slot: int, typed: str, name: str) -> None:
    """Type part of the name, then take the list's suggestion (Playwright cannot tap the native
    datalist popup, so the pick is the full name typed into the field)."""
    field = page.locator(f"#f-plants-{slot}-name")
    field.tap()
    field.press_sequentially(typed)
    field.fill(name)
    expect(page.locator(f"#plant-{slot}-card .pl-kind")).to_be_visible()


def tap(page, path: str, times: int = 1) -> None:
    for _ in range(times):
        page.locator(f'button[value="{path}:+1"]').tap()


def saved(page) -> None:
    """Every change of this page acknowledged: typing says "saving" from the first key (the autosave
    leaves 600 ms after the last), a tap at once; "saved" only once the server answered the last one."""
    expect(page.locator("html")).to_have_attribute("data-save-state", "saved")
    expect(page.locator("#status")).to_have_attribute("data-save-state", "saved")
    expect(page.locator("#entry")).not_to_have_class(re.compile(r"htmx-request"))


def fresh(page) -> None:
    """The page as the server has it now: reloaded once its live check has taken in the play's newest
    version (a page reloads itself when another phone changed its seat): no reload of its own is on
    its way to cut this one short."""
    live_settled(page)
    page.reload()


def start_play(new_phone, base: str, players=("Ann", "Bo")) -> str:
    host = new_phone()
    host.goto(base + "/plays/new")
    host.check("#game-planted")
    for i, name in enumerate(players):
        host.fill(f"#players-{i}", name)
    host.click("text=Start the play")
    expect(host.locator("h1")).to_contain_text("Planted")
    url = host.url
    host.context.close()
    return url


def enter_ann(page) -> None:
    """The rulebook's scoring example: Snake Plant 1, Purple Shamrock 2, 2 jars, Ceramic Planter x2,
    Plant Stand: 15 points."""
    pick_plant(page, 0, "snake", "Snake Plant")
    tap(page, "plants[0].growth")
    expect(page.locator("#plant-0-points")).to_have_text("3 pts")
    pick_plant(page, 1, "shamr", "Purple Shamrock")
    tap(page, "plants[1].growth", 2)
    expect(page.locator("#plant-1-points")).to_have_text("7 pts")
    tap(page, "propagation", 2)
    tap(page, "decorations.ceramic_planter", 2)
    tap(page, "decorations.plant_stand")
    expect(page.locator("#pl-total")).to_have_text("15 pts")
    saved(page)


def test_two_players_enter_planted_on_phones(live_server, new_phone):
    play_url = start_play(new_phone, live_server)

    # Ann: the rulebook's scoring example, 15 points.
    ann = new_phone()
    ann.goto(play_url)
    ann.click("text=Ann")
    expect(ann.locator("h1")).to_contain_text("Ann")
    started = time.monotonic()
    enter_ann(ann)
    expect(ann.locator("#plant-1-card .pl-space.on")).to_have_count(2)
    expect(ann.locator("#status .running .total")).to_have_text("15")
    expect(ann.locator("#pl-decorations-points")).to_have_text("3 pts")
    expect(ann.locator("#f-decorations-ceramic_planter-info")).to_contain_text("Ceramic Planter x2")
    assert time.monotonic() - started < 60
    ann.get_by_role("button", name="Save").click()

    # A growth stepper stops at the plant's spaces.
    tap(ann, "plants[0].growth", 3)
    expect(ann.locator("#f-plants-0-growth")).to_have_value("3")
    expect(ann.locator("#plant-0-points")).to_have_text("9 pts · full")
    ann.locator('button[value="plants[0].growth:-1"]').tap()
    ann.locator('button[value="plants[0].growth:-1"]').tap()
    expect(ann.locator("#plant-0-points")).to_have_text("3 pts")
    expect(ann.locator("#pl-total")).to_have_text("15 pts")
    # a plant just picked caps its stepper at once, before the server answers (Peacock Plant: 1 space)
    ann.locator("#f-plants-2-name").fill("Peacock Plant")
    tap(ann, "plants[2].growth", 3)
    expect(ann.locator("#f-plants-2-growth")).to_have_value("1")
    ann.locator("#f-plants-2-name").fill("")
    ann.locator('button[value="plants[2].growth:-1"]').tap()
    saved(ann)
    expect(ann.locator("#pl-total")).to_have_text("15 pts")
    # quick taps while older saves are still answered (their cards do not know the plant yet)
    tap(ann, "tools.fertilizer")
    ann.locator("#f-plants-2-name").fill("Prickly Pear")
    tap(ann, "plants[2].growth", 3)
    expect(ann.locator("#f-plants-2-growth")).to_have_value("2")
    expect(ann.locator("#plant-2-points")).to_have_text("7 pts · full")
    ann.locator('button[value="tools.fertilizer:-1"]').tap()
    ann.locator('button[value="plants[2].growth:-1"]').tap()
    ann.locator('button[value="plants[2].growth:-1"]').tap()
    ann.locator("#f-plants-2-name").fill("")
    saved(ann)
    expect(ann.locator("#pl-total")).to_have_text("15 pts")

    # Bo sees the copies Ann took, types a wrong name, fixes it.
    bo = new_phone()
    bo.goto(play_url)
    bo.click("text=Bo")
    expect(bo.locator("#f-decorations-ceramic_planter-info")).to_contain_text("2 left · 2 with Ann")
    expect(bo.locator("#f-decorations-plant_stand-info")).to_contain_text("3 left")
    pick_plant(bo, 0, "zz", "ZZ Plant")
    tap(bo, "plants[0].growth", 3)
    bo.locator("#f-plants-1-name").fill("Crotn")
    expect(bo.locator("#err-f-plants-1-name")).to_contain_text('did you mean "Croton"?')
    expect(bo.locator("#f-plants-1-name")).to_have_attribute("aria-invalid", "true")
    expect(bo.locator("#status .problems")).to_contain_text("Plant 2 \"Crotn\" is not a Planted plant")
    bo.locator("#f-plants-1-name").fill("Croton")
    tap(bo, "plants[1].growth")
    expect(bo.locator("#err-f-plants-1-name")).to_be_empty()
    expect(bo.locator("#f-plants-1-name")).not_to_have_attribute("aria-invalid", "true")
    tap(bo, "propagation")
    tap(bo, "decorations.workbench")
    tap(bo, "tools.grow_light")
    tap(bo, "tools.spray_bottle", 2)
    expect(bo.locator("#pl-total")).to_have_text("15 pts")
    tap_done(bo)
    expect(bo.locator("#seats")).not_to_contain_text("Everyone is done")  # Ann has not tapped Done
    tap_done(ann)
    bo.reload()
    bo.click("text=See the result")
    expect(bo.locator(".winner")).to_contain_text("Bo wins")
    expect(bo.locator(".tiebreak")).to_contain_text("4 vs 3")
    expect(bo.locator("tfoot td.total")).to_have_text(["15", "15"])
    bo.locator("tbody tr", has_text="Plant 2").locator("button.num").first.click()  # Ann's Purple Shamrock
    expect(bo.locator("[popover]:popover-open")).to_contain_text("Purple Shamrock")
    assert_accessible(bo, "the Planted result with a popover open")
    shot(bo, "planted-result-explain")


# ------------------------------------------------------------------ two phones, one seat


def two_phones_on_ann(live_server, new_phone):
    play_url = start_play(new_phone, live_server)
    one, two = new_phone(), new_phone()
    one.goto(play_url)
    one.click("text=Ann")
    enter_ann(one)
    two.goto(one.url)
    expect(two.locator("#f-propagation")).to_have_value("2")
    return one, two


def test_an_offline_edit_says_offline_and_lands_by_itself(live_server, new_phone):
    one, two = two_phones_on_ann(live_server, new_phone)
    two.context.set_offline(True)
    tap(two, "decorations.workbench")
    expect(two.locator("#status")).to_have_attribute("data-save-state", "offline")
    expect(two.locator("#status .save-state")).to_contain_text("Offline: not saved yet")
    expect(two.locator("#net-banner")).to_be_visible()
    expect(two.locator("html")).to_have_attribute("data-save-tries", "2")  # tried again, still offline
    expect(two.locator("#status")).to_have_attribute("data-save-state", "offline")  # never "saved" while offline
    two.context.set_offline(False)
    saved(two)
    expect(two.locator("#net-banner")).to_be_hidden()
    fresh(one)
    expect(one.locator("#f-decorations-workbench")).to_have_value("1")


def test_a_stale_phones_change_of_another_card_is_merged_and_both_stay(live_server, new_phone):
    # The case: phone two, on an older version, changes Plant Stand; phone one had changed
    # the propagation jars.  Both stay; phone two's screen shows phone one's jars afterwards, so
    # its next save does not take them back.
    one, two = two_phones_on_ann(live_server, new_phone)
    two.context.set_offline(True)
    tap(two, "decorations.plant_stand")
    expect(two.locator("#status")).to_have_attribute("data-save-state", "offline")
    tap(one, "propagation")
    saved(one)
    two.context.set_offline(False)
    saved(two)
    expect(two.locator("#f-propagation")).to_have_value("3")  # merged in from phone one
    expect(two.locator("#pl-total")).to_have_text("17 pts")  # 15 + 1 jar + 1 Plant Stand point
    tap(two, "tools.grow_light")
    saved(two)
    fresh(one)
    expect(one.locator("#f-propagation")).to_have_value("3")
    expect(one.locator("#f-decorations-plant_stand")).to_have_value("2")
    expect(one.locator("#f-tools-grow_light")).to_have_value("1")


def test_a_true_conflict_is_resolved_by_the_fields_name(live_server, new_phone):
    one, two = two_phones_on_ann(live_server, new_phone)
    two.context.set_offline(True)
    tap(two, "plants[1].growth")  # Purple Shamrock 2 -> 3 on phone two
    tap(two, "tools.fertilizer")
    expect(two.locator("#status")).to_have_attribute("data-save-state", "offline")
    one.locator('button[value="plants[1].growth:-1"]').tap()  # 2 -> 1 on phone one
    saved(one)
    two.context.set_offline(False)
    expect(two.locator("h1")).to_contain_text("changed on another phone")
    expect(two.locator(".conflict-row h2")).to_have_text("Growth on Purple Shamrock")
    assert "plants[" not in two.locator("main").inner_text()
    assert_accessible(two, "the conflict screen")
    shot(two, "planted-conflict")
    two.get_by_role("button", name=re.compile(r"Keep this phone's: 3")).click()
    expect(two.locator("#f-plants-1-growth")).to_have_value("3")
    expect(two.locator("#f-tools-fertilizer")).to_have_value("1")  # its other change stays too
    fresh(one)
    expect(one.locator("#f-plants-1-growth")).to_have_value("3")
    expect(one.locator("#f-tools-fertilizer")).to_have_value("1")


# ------------------------------------------------------------------ every state, both sizes, both schemes


def _fits(page, what: str) -> None:
    width = page.evaluate("document.documentElement.clientWidth")
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"{what}: {scroll} px wide on a {width} px screen"


def _look(page, what: str, name: str) -> None:
    """The page at this moment: no sideways scrolling, axe-core clean, a screenshot to look at."""
    _fits(page, what)
    assert_accessible(page, what)
    shot(page, name)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_seat_page_in_every_state_fits_and_passes_axe(live_server, browser, new_phone, scheme):
    play_url = start_play(new_phone, live_server)
    pages, problems = [], []
    for width, height in ((360, 640), (412, 839)):
        context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True, is_mobile=True,
                                      color_scheme=scheme, device_scale_factor=1)
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.on("pageerror", lambda exc: problems.append(str(exc)))
        page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
        pages.append((width, page))
    first = pages[0][1]
    first.goto(play_url)
    first.click("text=Ann")
    seat_url = first.url
    play_page = new_phone()  # the other seat, and the play page
    play_page.goto(play_url)

    def each(state: str) -> None:
        for width, page in pages:
            goto(page, seat_url)  # (the page may be reloading itself: it saw the change)
            _look(page, f"the Planted seat, {state}, {width} px, {scheme}", f"planted-{state}-{width}-{scheme}")

    each("empty")
    pick_plant(first, 0, "snake", "Snake Plant")
    tap(first, "plants[0].growth")
    saved(first)
    each("half")
    first.goto(seat_url)
    first.locator("#f-plants-1-name").fill("Swis chese")
    tap(first, "decorations.workbench", 2)
    first.locator("#f-propagation").fill("abc")
    expect(first.locator("#err-f-plants-1-name")).to_contain_text('did you mean "Swiss Cheese Plant"?')
    saved(first)
    each("error")
    for _width, page in pages:
        assert page.locator("#status .problems").is_visible()
        assert "plants[" not in page.locator("#status").inner_text()
    first.goto(seat_url)
    first.locator("#f-plants-1-name").fill("Purple Shamrock")
    first.locator("#f-propagation").fill("2")
    first.locator('button[value="decorations.workbench:-1"]').tap()
    first.locator('button[value="decorations.workbench:-1"]').tap()
    tap(first, "plants[1].growth", 2)
    tap(first, "decorations.ceramic_planter", 2)
    tap(first, "decorations.plant_stand")
    expect(first.locator("#pl-total")).to_have_text("15 pts")
    saved(first)
    each("complete")
    first.wait_for_load_state("networkidle")  # (once, under load, a tap right after the reload did not land on Done)
    tap_done(first)
    play_page.click("text=Bo")
    pick_plant(play_page, 0, "zz", "ZZ Plant")
    saved(play_page)
    tap_done(play_page)
    play_page.click("text=See the result")
    play_page.click("text=Finish and save to history")
    expect(play_page.locator(".badge.done")).to_be_visible()
    each("finished")
    for width, page in pages:
        expect(page.locator(".ro-banner:visible, #live-banner:visible")).to_have_count(1)  # said once, at the top
        expect(page.locator(".ro-banner:visible, #live-banner:visible")).to_contain_text("This play was finished")
        page.goto(play_url)
        _look(page, f"the Planted play page, {width} px, {scheme}", f"planted-play-{width}-{scheme}")
        page.goto(play_url + "/log")
        _fits(page, f"the Planted edit log, {width} px, {scheme}")
        expect(page.locator(".log-lines").first).to_be_visible()
        shot(page, f"planted-log-{width}-{scheme}")
        page.goto(play_url + "/result")
        _look(page, f"the Planted result, {width} px, {scheme}", f"planted-result-{width}-{scheme}")
        page.locator("tbody tr", has_text="Plant 2").locator("button.num").first.click()
        expect(page.locator("[popover]:popover-open")).to_contain_text("Purple Shamrock")
        _look(page, f"the Planted result with an explanation open, {width} px, {scheme}", f"planted-explain-{width}-{scheme}")
        page.context.close()
    assert not problems, problems
