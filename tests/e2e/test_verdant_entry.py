"""Verdant in a browser at phone size: start a solo play with three goal cards through the options
form, enter Alice's whole home from tests/unit/test_verdant_games.py (game 1: 87 points) by
tapping and typing like a player, and check the running total and the result page."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import SHOTS, assert_accessible, goto, open_seat, tap_done
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
    page.click(".options-verdant > summary")  # (the options are folded under their line)
    expect(page.locator("#opt-verdant-goal-plant")).to_be_visible()
    page.select_option("#opt-verdant-goal-plant", "Going Big")
    page.select_option("#opt-verdant-goal-item", "Color Pairs")
    page.select_option("#opt-verdant-goal-room", "Double Duty")
    page.fill("#players-0", "Alice")
    shot(page, "verdant-new-play")
    page.click("text=Start the play")
    open_seat(page, "Alice")
    expect(page.locator(".vd-cell.vd-empty")).to_have_count(15)
    _no_sideways_scroll(page)
    shot(page, "verdant-empty-home")

    taps = 0
    page.click("#cell-0-0")
    taps += 1
    for r, row in enumerate(ALICE_HOME):
        for c, cell in enumerate(row):
            editor = page.locator("#editor")
            expect(editor.locator("h2")).to_contain_text(f"Row {r + 1}, card {c + 1}")
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
    expect(page.locator("#editor .vd-why")).to_contain_text("Jasmine (row 1, card 1): 11")
    expect(page.locator("#editor .vd-why")).to_contain_text("1 concrete pot x 3 = 3")
    shot(page, "verdant-why")

    tap_done(page)
    page.click("text=See the result")
    expect(page.locator("td.total")).to_have_text("87")
    shot(page, "verdant-result")


# ------------------------------------------------------------------ seeding through the plays API


def _api(page, base: str, method: str, url: str, body: dict | None = None) -> dict:
    import json

    response = page.request.fetch(base + url, method=method, data=json.dumps(body or {}),
                                  headers={"Content-Type": "application/json"})
    assert response.status in (200, 201), (response.status, response.text()[:300])
    return response.json()


def _seed(page, base: str, players=("Alice", "Bea")) -> int:
    return _api(page, base, "POST", "/api/plays", {"game": "verdant", "players": list(players)})["id"]


def _set(page, base: str, pid: int, changes: dict, done: bool | None = None, position: int = 0) -> None:
    version = _api(page, base, "GET", f"/api/plays/{pid}")["seats"][position]["version"]
    body = {"base_version": version, "set": changes, **({"done": done} if done is not None else {})}
    _api(page, base, "PATCH", f"/api/plays/{pid}/seats/{position}", body)


def _home_of(page, base: str, pid: int, position: int = 0) -> list:
    return _api(page, base, "GET", f"/api/plays/{pid}")["seats"][position]["state"]["home"]


def _saved(page) -> None:
    expect(page.locator("#status")).to_have_attribute("data-save-state", "saved")
    expect(page.locator("#entry")).not_to_have_class(re.compile(r"htmx-request"))


# ------------------------------------------------------------------ two phones, one home (issue 14)


def _two_phones_on_one_home(live_server, new_phone):
    one, two = new_phone(), new_phone()
    one.goto(live_server + "/")
    pid = _seed(one, live_server)
    for page in (one, two):
        page.goto(f"{live_server}/plays/{pid}/seats/0")
        expect(page.locator(".vd-cell.vd-empty")).to_have_count(15)
    return one, two, pid


def test_an_offline_card_says_offline_never_saved_and_lands_by_itself(live_server, new_phone):
    one, two, pid = _two_phones_on_one_home(live_server, new_phone)
    two.click("#cell-0-1")
    expect(two.locator("#editor h2")).to_contain_text("Row 1, card 2")
    two.context.set_offline(True)
    two.locator('#editor button[value="rtype:vining"]').click()
    expect(two.locator("#status")).to_have_attribute("data-save-state", "offline")
    expect(two.locator("#status .save-state")).to_contain_text("Offline: not saved yet")
    expect(two.locator("#net-banner")).to_be_visible()
    expect(two.locator("html")).to_have_attribute("data-save-tries", "2")  # tried again, still offline
    expect(two.locator("#status")).to_have_attribute("data-save-state", "offline")
    assert _home_of(one, live_server, pid)[0][1] is None  # nothing reached the server
    two.context.set_offline(False)
    _saved(two)
    expect(two.locator("#net-banner")).to_be_hidden()
    expect(two.locator("#cell-0-1")).to_contain_text("Vining room")
    assert _home_of(one, live_server, pid)[0][1] == {"kind": "room", "item": None, "type": "vining"}


def test_a_stale_phones_card_in_another_cell_is_merged_and_both_stay(live_server, new_phone):
    one, two, pid = _two_phones_on_one_home(live_server, new_phone)
    two.click("#cell-0-1")
    expect(two.locator("#editor h2")).to_contain_text("Row 1, card 2")
    two.context.set_offline(True)
    two.locator('#editor button[value="rtype:vining"]').click()  # phone two: based on the empty home
    expect(two.locator("#status")).to_have_attribute("data-save-state", "offline")
    one.click("#cell-0-0")
    one.locator("#vd-q").press_sequentially("jas", delay=40)
    one.locator('#vd-results button[value="Jasmine|concrete"]').click()
    _saved(one)
    two.context.set_offline(False)
    _saved(two)
    home = _home_of(one, live_server, pid)
    assert home[0][0] == {"kind": "plant", "name": "Jasmine", "pot": "concrete"}
    assert home[0][1] == {"kind": "room", "item": None, "type": "vining"}
    expect(two.locator("#cell-0-0")).to_contain_text("Jasmine")  # phone one's card shows on phone two too
    expect(two.locator("#cell-0-1")).to_contain_text("Vining room")


def test_a_true_conflict_on_one_card_is_resolved_by_its_name(live_server, new_phone):
    one, two, pid = _two_phones_on_one_home(live_server, new_phone)
    two.click("#cell-1-2")
    two.locator("#vd-q").press_sequentially("alo", delay=40)
    expect(two.locator('#vd-results button[value="Aloe|wood"]')).to_be_visible()
    two.context.set_offline(True)
    two.locator('#vd-results button[value="Aloe|wood"]').click()
    expect(two.locator("#status")).to_have_attribute("data-save-state", "offline")
    one.click("#cell-1-2")
    one.locator("#vd-q").press_sequentially("jas", delay=40)
    one.locator('#vd-results button[value="Jasmine|concrete"]').click()
    _saved(one)
    two.context.set_offline(False)
    expect(two.locator("h1")).to_contain_text("changed on another phone")
    expect(two.locator(".conflict-row h2")).to_have_text("Row 2, card 3")
    text = two.locator("main").inner_text()
    assert "home[" not in text and "Aloe, wood pot" in text and "Jasmine, concrete pot" in text
    assert_accessible(two, "the Verdant conflict screen")
    shot(two, "verdant-conflict")
    two.get_by_role("button", name=re.compile(r"Keep this phone's: Aloe")).click()
    expect(two.locator("#cell-1-2")).to_contain_text("Aloe")
    assert _home_of(one, live_server, pid)[1][2] == {"kind": "plant", "name": "Aloe", "pot": "wood"}


# ------------------------------------------------------------------ every state, both sizes, both schemes


def _fits(page, what: str) -> None:
    width = page.evaluate("document.documentElement.clientWidth")
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"{what}: {scroll} px wide on a {width} px screen"


def _look(page, what: str, name: str) -> None:
    """The page at this moment: no sideways scrolling, axe-core clean, no developer words, a
    screenshot of the screen (what a player sees first) and of the whole page."""
    _fits(page, what)
    assert_accessible(page, what)
    words = re.search(r"home\[|green_thumbs|storage\.color|verdant-\d|READINGS|\bNone\b", page.locator("main").inner_text())
    assert words is None, f"{what}: developer words {words.group(0)!r}"
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}-screen.png"), caret="initial")
    shot(page, name)


HALF = {f"home[{r}][{c}]": ALICE_HOME[r][c] for r in range(2) for c in range(5) if (r, c) < (1, 3)}


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_seat_page_in_every_state_fits_and_passes_axe(live_server, browser, new_phone, scheme):
    host = new_phone()
    host.goto(live_server + "/")
    pid = _seed(host, live_server, ("Alice",))
    seat_url = f"{live_server}/plays/{pid}/seats/0"
    pages, problems = [], []
    for width, height in ((360, 640), (412, 839)):
        context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True, is_mobile=True,
                                      color_scheme=scheme, device_scale_factor=1)
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.on("pageerror", lambda exc: problems.append(str(exc)))
        page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
        pages.append((width, page))

    def each(state: str, query: str = "", then=None) -> None:
        for width, page in pages:
            goto(page, seat_url + query)  # (the page may be reloading itself: it saw the change)
            if then:
                then(page)
            _look(page, f"the Verdant seat, {state}, {width} px, {scheme}", f"verdant-{state}-{width}-{scheme}")

    def away() -> None:
        """The phones leave the seat before the next state is stored: this test draws each state; a
        seat page catching up with a change made meanwhile is tests/e2e/test_live_table.py's."""
        for _width, page in pages:
            page.goto("about:blank")

    each("empty")
    expect(pages[0][1].locator(".hint")).to_contain_text("Tap the first place")
    away()
    _set(host, live_server, pid, HALF)
    each("half", "?cell=1-3")
    away()
    _set(host, live_server, pid, {"home[1][3]": {"kind": "plant", "type": "vining", "points": "abc", "needs": 5, "pot": "wood"},
                                  "green_thumbs": 9})
    each("error", "?cell=1-3")
    for _width, page in pages:
        expect(page.locator("#err-f-home-1-3-points")).to_contain_text("0 to 20")
        expect(page.locator("#err-f-green_thumbs")).to_contain_text("at most 5")
        expect(page.locator("#cell-1-3")).to_have_attribute("aria-invalid", "true")
    away()
    _set(host, live_server, pid, {"home": ALICE_HOME, "green_thumbs": 2})
    each("complete")
    for _width, page in pages:
        assert "so far" not in page.locator("main").inner_text()
        expect(page.locator("#vd-total")).to_have_text("78")  # Alice's home without goal cards (87 with them)
    away()
    _set(host, live_server, pid, {}, done=True)
    _api(host, live_server, "POST", f"/api/plays/{pid}/finish")

    def open_a_card(page) -> None:
        page.locator("#cell-0-0").click()
        expect(page.locator("#why-0-0")).to_be_visible()
        expect(page.locator("#why-0-0")).to_contain_text("Jasmine (row 1, card 1): 11")

    each("finished", then=open_a_card)
    for _width, page in pages:
        expect(page.locator(".ro-banner:visible, #live-banner:visible")).to_have_count(1)
        page.goto(f"{live_server}/plays/{pid}/result")
        _fits(page, f"the Verdant result, {scheme}")
        assert "No achievements" not in page.locator("main").inner_text()
        page.context.close()
    assert not problems, problems
