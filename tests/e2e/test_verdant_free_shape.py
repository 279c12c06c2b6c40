"""Verdant modification 6 (no 5x3 grid) on 360 x 640 and 412 x 839 phones, light and dark: a card placed on
each side of the first one, one removed, the home brought to 15 cards, a 16th (from a phone that
had not seen the 15th) refused with the rule; axe-core clean and screenshots of every state."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scoring.verdant import catalog as cat
from tests.e2e.conftest import SHOTS, assert_accessible, goto
from tests.e2e.test_verdant_entry import _api, _saved, _set, shot

SIDES = {"above": (-1, 0, "Jasmine", "jas"), "below": (1, 0, "Common Ivy", "comm"),
         "left": (0, -1, "Aloe", "alo"), "right": (0, 1, "Jade", "jad")}


def spot(r: int, c: int) -> str:
    return "#at-{}_{}".format(str(r).replace("-", "m"), str(c).replace("-", "m"))


def _look(page, what: str, name: str) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth"), what
    assert_accessible(page, what)
    text = page.locator("main").inner_text()
    assert re.search(r"cards\[|home\[|\bNone\b", text) is None, f"{what}: developer words"
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}-screen.png"), caret="initial")
    shot(page, name)


def _phone(browser, scheme, size=(360, 640)):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=True, is_mobile=True,
                                  color_scheme=scheme, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(10_000)
    problems: list[str] = []
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    # (a refused or offline request is logged by the browser as a failed load: expected here)
    page.on("console", lambda m: problems.append(m.text)
            if m.type == "error" and not m.text.startswith("Failed to load resource") else None)
    return context, page, problems


def _more_cards(used: set[str]) -> list[dict]:
    """Ten more cards around the four built on the phone (plants where row + col is odd), 14 in all:

        row -2:          R
        row -1:       R  P  R
        row  0:    R  P  R  .  R        (the removed card's place, (0, 1), stays empty)
        row  1:       R  P  R
        row  2:          R  P
    """
    rooms = [(-2, 0), (-1, -1), (-1, 1), (0, -2), (0, 2), (1, -1), (1, 1), (2, 0)]
    plants = [(2, 1), (-1, 2)]
    names = [p["name"] for p in cat.PLANTS if p["name"] not in used]
    return ([{"kind": "room", "type": cat.TYPES[i % 5], "row": r, "col": c} for i, (r, c) in enumerate(rooms)]
            + [{"kind": "plant", "name": names[i], "pot": "terracotta", "row": r, "col": c} for i, (r, c) in enumerate(plants)])


@pytest.mark.parametrize("size", [(360, 640), (412, 839)], ids=["360", "412"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_home_of_any_shape_built_on_a_phone(live_server, browser, new_phone, scheme, size):
    host = new_phone()
    host.goto(live_server + "/")
    pid = _api(host, live_server, "POST", "/api/plays",
               {"game": "verdant", "players": ["Alice", "Bea"], "options": {"modification": 6}})["id"]
    url = f"{live_server}/plays/{pid}/seats/0"
    context, page, problems = _phone(browser, scheme, size)
    goto(page, url)
    expect(page.locator(".vd-open")).to_have_count(1)
    expect(page.locator("main .hint").first).to_contain_text("any shape")
    _look(page, f"an empty home of any shape, {scheme}", f"verdant-free-empty-{size[0]}-{scheme}")

    page.click(spot(0, 0))  # the first card: a vining room with no item
    expect(page.locator("#editor h2")).to_contain_text("First card")
    page.locator('#editor button[value="rtype:vining"]').click()
    page.locator('#editor button[value="item_kind:"]').click()
    expect(page.locator(spot(0, 0))).to_contain_text("Vining")
    expect(page.locator(".vd-open")).to_have_count(4)  # one free place on each side

    for side, (r, c, name, typed) in SIDES.items():  # a plant on each side of the room
        page.click(spot(r, c))
        expect(page.locator("#editor h2")).to_contain_text(f"New card, {side}")
        page.locator("#vd-q").press_sequentially(typed, delay=40)
        page.locator(f'#vd-results button[value="{name}|wood"]').click()
        expect(page.locator(spot(r, c))).to_contain_text(name)
        _saved(page)
    expect(page.locator("#vd-count")).to_have_text("5")
    # the vining room touches 4 plants: Jasmine and Common Ivy are vining, Aloe and Jade succulents:
    # 2 adjacent vining plants x 1 = 2 points on the room
    expect(page.locator(spot(0, 0) + " .vd-pts")).to_have_text("2 points")
    page.click(spot(0, 0))
    expect(page.locator("#editor .vd-why")).to_be_visible()
    _look(page, f"five cards in a cross with a card's editor, {scheme}", f"verdant-free-cross-{size[0]}-{scheme}")

    page.click(spot(0, 1))  # remove Jade, right of the room
    page.get_by_role("button", name="Remove this card").click()
    expect(page.locator("#vd-count")).to_have_text("4")
    expect(page.locator(spot(0, 1))).to_contain_text("plant")  # a free place again, for a plant
    cards = _api(host, live_server, "GET", f"/api/plays/{pid}")["seats"][0]["state"]["cards"]
    assert sorted((x["row"], x["col"]) for x in cards) == [(-1, 0), (0, -1), (0, 0), (1, 0)]

    _set(host, live_server, pid, {"cards": cards + _more_cards({"Jasmine", "Common Ivy", "Aloe", "Jade", "Moth Orchid", "Peace Lily"})})
    goto(page, url)
    expect(page.locator("#vd-count")).to_have_text("14")
    other, other_page, other_problems = _phone(browser, scheme, size)  # a second phone, at 14 cards too
    goto(other_page, url)
    other_page.click(spot(0, 1))
    other_page.locator("#vd-q").press_sequentially("pea", delay=40)
    pick = other_page.locator('#vd-results button[value="Peace Lily|none"]')
    expect(pick).to_be_visible()

    page.click(spot(2, -1))  # the 15th card, on this phone: left of the room at (2, 0)
    expect(page.locator("#editor h2")).to_contain_text("New card, left of")
    page.locator("#vd-q").press_sequentially("mot", delay=40)
    page.locator('#vd-results button[value="Moth Orchid|none"]').click()
    expect(page.locator("#vd-full")).to_contain_text("15 cards: your home is complete")
    expect(page.locator(".vd-open")).to_have_count(0)
    _look(page, f"a complete home of any shape, {scheme}", f"verdant-free-full-{size[0]}-{scheme}")

    other_page.context.set_offline(True)  # the other phone's card waits to be sent...
    pick.click()
    expect(other_page.locator("#status")).to_have_attribute("data-save-state", "offline")
    other_page.context.set_offline(False)  # ...and is refused: the home holds 15 already
    expect(other_page.locator("#status")).to_have_attribute("data-save-state", "failed")
    expect(other_page.locator("#status")).to_contain_text(
        "Your home: holds 15 cards, all a home has: remove a card to place one elsewhere")
    expect(other_page.locator("#editor")).to_have_class(re.compile(r"vd-closed"))  # that place is gone
    expect(other_page.locator(".vd-open")).to_have_count(0)
    _look(other_page, f"a 16th card refused, {scheme}", f"verdant-free-refused-{size[0]}-{scheme}")
    assert len(_api(host, live_server, "GET", f"/api/plays/{pid}")["seats"][0]["state"]["cards"]) == 15
    other.close()
    context.close()
    assert not problems and not other_problems, problems + other_problems
