"""Gretchen's Garden on a phone: start a play, enter the rulebook's example row (Steve, 73) pot by
pot by tapping like a player, check the points on each place, the running total and the result
page; axe-core on the seat page (light and dark, with errors, with a picker open); two phones on
one seat (offline, a merge, a conflict on a field and on the row)."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, assert_accessible, live_settled, open_seat, shot, tap_done

SLOW = 15_000  # ms: a save answered under load (other browser tests running) can take a while

# The rulebook's final-page example (scoring.gretchen.examples.rulebook_example), left to right:
# (colour, size, plant, leaves, flower); None = the Money Plant.  The two gray starting pots are
# there from the start; the five bought pots are added with "+ Add a pot here".
STEVE = [
    ("gray", 2, None, 0, False),
    ("yellow", 8, "Mexican Firecracker", 8, True),
    ("red", 12, "Jellybean Plant", 12, True),
    ("orange", 6, "Snake Plant", 5, False),
    None,
    ("purple", 8, "Baby Toes", 7, False),
    ("rainbow", 4, "Moon Cactus", 4, False),
    ("gray", 2, None, 0, False),
]


def wait_saved(page):
    """Wait until no change waits or flies, and the status says it is saved."""
    page.wait_for_function("() => !document.querySelector('.htmx-request')", timeout=SLOW)
    expect(page.locator("#status")).to_have_attribute("data-save-state", "saved", timeout=SLOW)


def add_pot(page, side: str, color: str, size: int):
    count = page.locator("#gg-row .gg-place").count()
    page.click(f'button[popovertarget="gg-add-{side}"]')
    expect(page.locator(f"#gg-add-{side}")).to_be_visible()
    page.click(f'#gg-add-{side} button[value="add:{side}:{color}:{size}"]')
    expect(page.locator("#gg-row .gg-place")).to_have_count(count + 1, timeout=SLOW)
    wait_saved(page)


def pick_plant(page, i: int, name: str):
    page.click(f"#place-{i} .gg-plantbtn")
    expect(page.locator(f"#plant-{i}")).to_be_visible()
    page.locator(f"#plant-{i} label.gg-pchip", has_text=re.compile(f"^{name}$")).click()
    expect(page.locator(f"#plant-{i}")).to_be_hidden()  # the pick closes the picker
    expect(page.locator(f"#plantname-{i}")).to_have_text(name)
    wait_saved(page)


def set_leaves(page, i: int, leaves: int):
    cap = int(page.get_attribute(f"#cap-{i}", "data-max"))
    page.click(f"#place-{i} .gg-full")  # one tap for a full plant
    for _ in range(cap - leaves):
        page.click(f"#place-{i} .step-btn[data-step='-1']")
    expect(page.locator(f"#f-display-{i}-plant-leaves")).to_have_value(str(leaves))


def no_sideways_scroll(page) -> list[str]:
    """What in the page (the shared top bar aside) reaches past the screen's right edge."""
    return page.evaluate("""() => [...document.querySelectorAll('#main *')]
        .filter(e => !e.closest('[popover]') && e.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map(e => e.tagName + '.' + e.className)""")


def test_rulebook_row_on_a_phone(live_server, new_phone):
    page = new_phone()
    page.goto(live_server + "/plays/new")
    page.check("#game-gretchens-garden")
    page.fill("#players-0", "Steve")
    page.fill("#players-1", "Anna")
    page.click("text=Start the play")
    expect(page.locator("h1")).to_contain_text("Gretchen's Garden")
    page.click("text=Steve")
    expect(page.locator("#gg-row .gg-place")).to_have_count(3)  # gray pot, Money Plant, gray pot
    expect(page.locator("#gg-total")).to_have_text(re.compile(r"–\s*pts"))  # untouched: no points as if entered
    expect(page.locator("#pts-0")).to_have_text("")
    shot(page, "gretchen-start")
    assert_accessible(page, "an untouched Gretchen's Garden seat")

    # Bought pots go between the starting pots: on the left next to the Money Plant, on the right
    # inside the right starting pot; one tap opens the pot kinds, one tap adds the pot.
    for color, size in (("yellow", 8), ("red", 12), ("orange", 6)):
        add_pot(page, "left", color, size)
    page.click('button[popovertarget="gg-add-right"]')
    shot(page, "gretchen-add-pot")
    assert_accessible(page, "the add-a-pot picker open")
    page.click('#gg-add-right button[value="add:right:purple:8"]')
    expect(page.locator("#gg-row .gg-place")).to_have_count(7, timeout=SLOW)
    wait_saved(page)
    add_pot(page, "right", "rainbow", 4)
    expect(page.locator("#place-4 .gg-where")).to_contain_text("Money Plant")
    expect(page.locator("#place-0 .gg-where")).to_contain_text(re.compile("left 4", re.I))
    for i, place in enumerate(STEVE):
        if place:
            expect(page.locator(f"#potname-{i}")).to_have_text(f"{place[0].capitalize()} {place[1]}")

    for i, place in enumerate(STEVE):
        if place is None or place[2] is None:
            continue
        _color, _size, plant, leaves, flower = place
        if i == 2:
            page.click("#place-2 .gg-plantbtn")
            shot(page, "gretchen-plant-picker")
            assert_accessible(page, "the plant picker open")
            page.focus("#plant-2 input[value='']")
            page.keyboard.press("ArrowDown")  # the keyboard moves through the choices; the picker stays open
            expect(page.locator("#plant-2 input[value='Baby Toes']")).to_be_checked()
            expect(page.locator("#plant-2")).to_be_visible()
            page.keyboard.press("Enter")  # and Enter closes it
            expect(page.locator("#plant-2")).to_be_hidden()
            expect(page.locator("#plantname-2")).to_have_text("Baby Toes")
        pick_plant(page, i, plant)
        set_leaves(page, i, leaves)
        if flower:
            page.click(f"#place-{i} .gg-flower")
        wait_saved(page)
    shot(page, "gretchen-row-entered")

    # Every place shows its points from the engine; the running total is the rulebook's.
    expect(page.locator("#gg-total")).to_have_text(re.compile(r"73\s*pts"), timeout=SLOW)
    assert [page.locator(f"#pts-{i}").inner_text() for i in range(8)] == [
        "2 pts", "22 pts", "25 pts", "7 pts", "0 pts", "9 pts", "6 pts", "2 pts"]
    page.click("#place-2 .gg-pts")
    why = page.locator("#why-2")
    expect(why).to_be_visible()
    expect(why).to_contain_text("12 leaves = 12")
    expect(why).to_contain_text("red flower = 7")
    expect(why).to_contain_text("4 colours")
    box = why.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]  # the popover fits the screen
    shot(page, "gretchen-why")
    assert_accessible(page, "a place's lines open")
    page.click("#why-2 >> text=Close")
    page.click("#place-3 .gg-pts")
    expect(page.locator("#why-3")).to_contain_text("not full")
    page.click("#why-3 >> text=Close")

    # An 8-place row fits in 2 screens.
    height = page.locator(".gg-list").bounding_box()["height"]
    assert height <= 2 * PHONE["height"], height

    # A leaf too many: the + stops at the pot's size; a typed 9 in a size-8 pot is kept and its
    # message shows next to the leaves, the total waits.
    expect(page.locator("#place-1 .step-btn[data-step='1']")).to_be_enabled()
    page.click("#place-1 .step-btn[data-step='1']")
    expect(page.locator("#f-display-1-plant-leaves")).to_have_value("8")
    page.fill("#f-display-1-plant-leaves", "9")
    expect(page.locator("#err-f-display-1-plant-leaves")).to_contain_text("Leaves has 9 leaves", timeout=SLOW)
    expect(page.locator("#gg-total")).to_have_text(re.compile(r"–\s*pts"), timeout=SLOW)
    expect(page.locator("#pts-1")).to_have_text("– pts")
    shot(page, "gretchen-error-next-to-field")
    assert_accessible(page, "a seat with an error showing")
    page.click("#place-1 .gg-full")
    expect(page.locator("#err-f-display-1-plant-leaves")).to_be_hidden(timeout=SLOW)
    expect(page.locator("#gg-total")).to_have_text(re.compile(r"73\s*pts"), timeout=SLOW)

    # Remove the empty gray pot by mistake, then undo.
    page.click("#place-7 .gg-remove")
    expect(page.locator("#gg-row .gg-place")).to_have_count(7, timeout=SLOW)
    expect(page.locator("#gg-undo")).to_contain_text("gray 2 pot")
    expect(page.locator("#gg-total")).to_have_text(re.compile(r"71\s*pts"), timeout=SLOW)
    shot(page, "gretchen-undo")
    page.click("#gg-undo >> text=Undo")
    expect(page.locator("#gg-row .gg-place")).to_have_count(8, timeout=SLOW)
    expect(page.locator("#gg-total")).to_have_text(re.compile(r"73\s*pts"), timeout=SLOW)
    wait_saved(page)

    # Nothing is lost on a reload: the row comes back as entered.
    page.reload()
    expect(page.locator("#plantname-2")).to_have_text("Jellybean Plant")
    expect(page.locator("#f-display-2-plant-leaves")).to_have_value("12")
    expect(page.locator("#gg-total")).to_have_text(re.compile(r"73\s*pts"), timeout=SLOW)

    tap_done(page)
    page.click("text=Anna")  # Anna's row is the starting row: she says so with Done
    tap_done(page)
    page.click("text=See the result")
    expect(page.locator(".winner")).to_contain_text("Steve wins")
    expect(page.locator("tfoot td.total").first).to_have_text("73")
    shot(page, "gretchen-result")


def test_seat_page_on_a_small_phone_light_and_dark(live_server, browser):
    for scheme in ("light", "dark"):
        context = browser.new_context(viewport={"width": 360, "height": 640}, color_scheme=scheme, has_touch=True,
                                      is_mobile=True)
        page = context.new_page()
        page.goto(live_server + "/plays/new")
        page.check("#game-gretchens-garden")
        page.fill("#players-0", "Ivy")
        page.fill("#players-1", "Jo")
        page.click("text=Start the play")
        open_seat(page, "Ivy")
        add_pot(page, "left", "green", 12)
        pick_plant(page, 1, "String of Pearls")
        page.click("#place-1 .gg-full")
        expect(page.locator("#f-display-1-plant-leaves")).to_have_value("18")  # 12 + 6: the engine's cap
        page.click("#place-1 .gg-flower")
        wait_saved(page)
        assert no_sideways_scroll(page) == []
        shot(page, f"gretchen-360-{scheme}")
        assert_accessible(page, f"a Gretchen's Garden seat at 360 px, {scheme}")
        page.click("#place-1 .gg-potbtn")
        pot = page.locator("#pot-1")
        expect(pot).to_be_visible()
        box = pot.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 640, box
        expect(pot.locator("text=Close")).to_be_in_viewport()
        assert_accessible(page, f"the pot picker at 360 px, {scheme}")
        pot.locator("label", has_text="12").nth(1).click()  # blue 12
        expect(page.locator("#potname-1")).to_have_text("Blue 12")
        wait_saved(page)
        page.fill("#f-display-1-plant-leaves", "30")
        expect(page.locator("#err-f-display-1-plant-leaves")).to_contain_text("Leaves", timeout=SLOW)
        assert_accessible(page, f"a seat with an error at 360 px, {scheme}")
        context.close()


# ------------------------------------------------------------------ two phones, one seat


def _reload(page) -> None:
    """Reload once the page's live check has taken in the play's newest version (a page reloads
    itself when the other phone changed its seat): no reload of its own is on its way."""
    live_settled(page)
    page.reload()


def _open_seat(browser, url: str):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(url)
    return context, page


def _stored(page, seat_url: str) -> dict:
    """What the server holds for the seat, read from a fresh copy of its page."""
    html = page.request.get(seat_url).text()

    def value(field_id: str) -> str:
        return re.search(f'id="{field_id}" name="[^"]*" value="([^"]*)"', html).group(1)

    return {"watering_can": value("f-watering_can"), "money_plant_leaves": value("f-money_plant_leaves"),
            "leaves_1": value("f-display-1-plant-leaves"), "places": int(re.search(r'name="places" value="(\d+)"', html).group(1)),
            "flower_1": bool(re.search(r'name="display\[1\]\.plant\.flower" checked', html))}


def test_two_phones_offline_merge_and_conflicts(live_server, browser):
    ctx_a, a = _open_seat(browser, live_server + "/plays/new")
    a.check("#game-gretchens-garden")
    a.fill("#players-0", "Steve")
    a.fill("#players-1", "Anna")
    a.click("text=Start the play")
    open_seat(a, "Steve")
    seat_url = a.url
    add_pot(a, "left", "red", 12)
    pick_plant(a, 1, "Jellybean Plant")
    a.click("#place-1 .gg-full")
    wait_saved(a)
    ctx_b, b = _open_seat(browser, seat_url)
    expect(b.locator("#plantname-1")).to_have_text("Jellybean Plant")

    # Offline: the change is kept on the phone, the status never says saved; back online it lands.
    ctx_b.set_offline(True)
    b.click(".gg-can .step-btn[data-step='1']")
    expect(b.locator("#status")).to_have_attribute("data-save-state", "offline", timeout=SLOW)
    expect(b.locator("#net-banner")).to_be_visible()
    assert _stored(a, seat_url)["watering_can"] == "0"
    # meanwhile the other phone changes another field: the stale phone's change is merged over it
    a.click("#place-2 .step-btn[data-step='1']")  # the Money Plant: 3 -> 4 leaves
    wait_saved(a)
    ctx_b.set_offline(False)
    expect(b.locator("#status")).to_have_attribute("data-save-state", "saved", timeout=SLOW)
    state = _stored(a, seat_url)
    assert state["watering_can"] == "1" and state["money_plant_leaves"] == "4"  # both changes stay

    # A true conflict: both phones change the Jellybean Plant's leaves; the stale one chooses by name.
    _reload(b)
    expect(b.locator("#f-display-1-plant-leaves")).to_have_value("12")
    ctx_b.set_offline(True)
    b.click("#place-1 .step-btn[data-step='-1']")  # 11 on this phone
    expect(b.locator("#status")).to_have_attribute("data-save-state", "offline", timeout=SLOW)
    _reload(a)
    expect(a.locator("#f-watering_can")).to_have_value("1")
    a.click("#place-1 .step-btn[data-step='-1']")
    a.click("#place-1 .step-btn[data-step='-1']")  # 10 on the other
    wait_saved(a)
    ctx_b.set_offline(False)
    expect(b.locator("h1")).to_contain_text("changed on another phone", timeout=SLOW)
    expect(b.locator("main")).to_contain_text("Place 2 (Jellybean Plant): leaves")
    shot(b, "gretchen-conflict")
    b.click("text=Keep this phone's")
    expect(b.locator("#f-display-1-plant-leaves")).to_have_value("11", timeout=SLOW)
    assert _stored(a, seat_url)["leaves_1"] == "11"

    # A row change on a stale phone over the other phone's change of the row: a conflict, never a revert.
    _reload(a)
    expect(a.locator("#f-display-1-plant-leaves")).to_have_value("11", timeout=SLOW)
    wait_saved(b)
    ctx_b.set_offline(True)
    b.click("#place-3 .gg-remove")  # the right starting pot, on the stale phone
    expect(b.locator("#status")).to_have_attribute("data-save-state", "offline", timeout=SLOW)
    a.click("#place-1 .gg-flower")
    wait_saved(a)
    ctx_b.set_offline(False)
    expect(b.locator("h1")).to_contain_text("changed on another phone", timeout=SLOW)
    expect(b.locator("main")).to_contain_text("The row of pots")
    state = _stored(a, seat_url)
    assert state["flower_1"] and state["places"] == 4  # nothing reverted
    b.locator("button", has_text="Keep").nth(1).click()  # the other phone's row
    expect(b.locator("#gg-row .gg-place")).to_have_count(4, timeout=SLOW)
    assert _stored(a, seat_url)["flower_1"]
    ctx_a.close()
    ctx_b.close()


def test_the_row_is_entered_without_javascript(live_server, browser):
    """No script: the pickers are radio buttons in popovers (which open without script), the row
    buttons and steppers post the form and come back to the seat."""
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server + "/plays/new")
    page.check("#game-gretchens-garden")
    page.fill("#players-0", "Nia")
    page.fill("#players-1", "Oli")
    page.click("text=Start the play")
    open_seat(page, "Nia")
    page.click('button[popovertarget="gg-add-left"]')
    page.click('#gg-add-left button[value="add:left:orange:6"]')  # posts to the row route, back to the seat
    expect(page.locator("#gg-row .gg-place")).to_have_count(4)
    expect(page.locator("#potname-1")).to_have_text("Orange 6")
    page.click("#place-1 .gg-plantbtn")
    page.locator("#plant-1 label.gg-pchip", has_text="Snake Plant").click()
    page.click("#plant-1 >> text=Close")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator("#plantname-1")).to_have_text("Snake Plant")
    page.click("#place-1 .gg-full")  # Full posts the form: the server fills the pot
    expect(page.locator("#f-display-1-plant-leaves")).to_have_value("6")
    page.click("#place-1 .step-btn[data-step='-1']")
    expect(page.locator("#f-display-1-plant-leaves")).to_have_value("5")
    page.click("#place-1 .step-btn[data-step='1']")
    page.click("#place-1 .step-btn[data-step='1']")  # 6 of 6: stays
    expect(page.locator("#f-display-1-plant-leaves")).to_have_value("6")
    expect(page.locator("#pts-1")).to_have_text("13 pts")  # 6 leaves + full Snake Plant 5 + its pot card 2
    context.close()
