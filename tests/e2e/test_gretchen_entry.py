"""Gretchen's Garden on a phone: start a play, enter the rulebook's example row (Steve, 73) pot by
pot by tapping and typing like a player, check the running total and the result page."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.e2e.conftest import shot, tap_done

SLOW = 15_000  # ms: a save answered under load (other browser tests running) can take a while

# The rulebook's final-page example (scoring.gretchen.examples.rulebook_example), left to right:
# (colour, size or None for one-size pots, plant, leaves, flower); None = the Money Plant.
STEVE = [
    ("gray", None, None, 0, False),
    ("yellow", 8, "Mexican Firecracker", 8, True),
    ("red", 12, "Jellybean Plant", 12, True),
    ("orange", 6, "Snake Plant", 5, False),
    None,
    ("purple", 8, "Baby Toes", 7, False),
    ("rainbow", None, "Moon Cactus", 4, False),
    ("gray", None, None, 0, False),
]


def wait_saved(page):
    """Wait until no autosave or row request is in flight."""
    page.wait_for_function("() => !document.querySelector('.htmx-request')")


def type_plant(page, i: int, letters: str, name: str):
    field = page.locator(f"#place-{i}-plant")
    field.click()
    field.press_sequentially(letters, delay=30)
    # A phone offers the datalist suggestion; picking it puts the whole name in the box.
    field.fill(name)
    field.press("Enter")  # closes the keyboard: the box loses focus and the change is saved
    expect(page.locator(f"#info-{i}")).not_to_be_empty(timeout=SLOW)


def set_leaves(page, i: int, leaves: int, cap: int):
    if leaves == cap:
        page.click(f"#place-{i} .gg-full")  # one tap for a full plant
    else:
        for _ in range(leaves):
            page.click(f"#place-{i} .gg-step[data-step='1']")
    expect(page.locator(f"#place-{i}-leaves")).to_have_value(str(leaves))


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
    shot(page, "gretchen-start")

    # The row grows at both ends: 3 pots on the left, 2 on the right.
    for _ in range(3):
        page.click("text=+ Pot on the left end")
        wait_saved(page)
    for _ in range(2):
        page.click("text=+ Pot on the right end")
        wait_saved(page)
    expect(page.locator("#gg-row .gg-place")).to_have_count(8)
    expect(page.locator("#place-4 .gg-where")).to_have_text("Money Plant")
    expect(page.locator("#place-0 .gg-where")).to_have_text(re.compile("left 4", re.I))

    # The size chips follow the colour: a coloured pot offers 6, 8, 12; gray and rainbow none.
    page.click("#place-1 .gg-colors >> text=yellow")
    expect(page.locator("#place-1 .gg-sizes")).to_be_visible()
    page.click("#place-1 .gg-colors >> text=gray")
    expect(page.locator("#place-1 .gg-sizes")).to_be_hidden()
    expect(page.locator("#place-1 .gg-one-gray")).to_be_visible()

    for i, place in enumerate(STEVE):
        if place is None:
            continue
        color, size, plant, leaves, flower = place
        page.click(f"#place-{i} .gg-colors >> text={color}")
        if size:
            page.click(f"#place-{i} .gg-sizes >> text='{size}'")
        if plant:
            type_plant(page, i, plant[:3].lower(), plant)
            wait_saved(page)
            cap = int(page.get_attribute(f"#cap-{i}", "data-cap"))
            set_leaves(page, i, leaves, cap)
            if flower:
                page.click(f"#place-{i} .gg-flower")
        wait_saved(page)
    shot(page, "gretchen-row-entered")

    # Every pot shows its own lines from the engine; the running total is the rulebook's.
    expect(page.locator("#gg-total")).to_have_text(re.compile(r"73\s*pts"), timeout=SLOW)
    expect(page.locator("#fx-2")).to_contain_text("12 leaves = 12")
    expect(page.locator("#fx-2")).to_contain_text("red flower = 7")
    expect(page.locator("#fx-2")).to_contain_text("4 colours")
    expect(page.locator("#fx-3")).to_contain_text("not full")
    expect(page.locator("#gg-status .gg-lines").first).to_contain_text("Mexican Firecracker (yellow)")

    # A leaf too many: the + stops at the pot's size; a typed 9 in a size-8 pot is kept and
    # its message shows next to the leaves.
    expect(page.locator("#place-1 .gg-step[data-step='1']")).to_be_disabled()
    page.fill("#place-1-leaves", "9")
    expect(page.locator("#err-1-leaves")).to_contain_text("9 leaves", timeout=SLOW)
    expect(page.locator("#gg-total")).to_have_text(re.compile(r"–\s*pts"), timeout=SLOW)
    shot(page, "gretchen-error-next-to-field")
    page.click("#place-1 .gg-full")
    expect(page.locator("#err-1-leaves")).to_be_empty(timeout=SLOW)
    expect(page.locator("#gg-total")).to_have_text(re.compile(r"73\s*pts"), timeout=SLOW)

    # Remove the empty gray pot by mistake, then undo.
    page.click("#place-7 .gg-remove")
    expect(page.locator("#gg-row .gg-place")).to_have_count(7)
    expect(page.locator("#gg-undo")).to_contain_text("gray 2 pot")
    expect(page.locator("#gg-total")).to_have_text(re.compile(r"71\s*pts"), timeout=SLOW)
    shot(page, "gretchen-undo")
    page.click("#gg-undo >> text=Undo")
    expect(page.locator("#gg-row .gg-place")).to_have_count(8)
    expect(page.locator("#gg-total")).to_have_text(re.compile(r"73\s*pts"), timeout=SLOW)

    # Nothing is lost on a reload: the row comes back as entered.
    page.reload()
    expect(page.locator("#place-2-plant")).to_have_value("Jellybean Plant")
    expect(page.locator("#place-2-leaves")).to_have_value("12")
    expect(page.locator("#gg-total")).to_have_text(re.compile(r"73\s*pts"), timeout=SLOW)

    tap_done(page)
    page.click("text=Anna")  # Anna's row is the starting row: she says so with Done
    tap_done(page)
    page.click("text=See the result")
    expect(page.locator(".winner")).to_contain_text("Steve wins")
    expect(page.locator("tfoot td.total").first).to_have_text("73")
    shot(page, "gretchen-result")
