"""The board of a play (issue 27.1) in Chromium: a TV at 1920 x 1080, a laptop at 1280 x 720 and a
phone at 412 x 839.

- the live progress: a phone (another browser context) edits a seat, the board shows it within
  2 s (the board sets data-live-applied when a live update is on the screen), and turns into the
  reveal when every seat is done;
- every reveal step by keyboard (forward and back), by tap and by the buttons, on its own, with
  prefers-reduced-motion; the pad does not move by a pixel between steps (5 players);
- without JavaScript it is the plain pad; axe-core finds nothing serious or critical, light and dark.
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from bench import tables
from tests.e2e.conftest import assert_accessible, shot

TV = {"width": 1920, "height": 1080}
LAPTOP = {"width": 1280, "height": 720}
PHONE = {"width": 412, "height": 839}


@pytest.fixture
def screens(browser):
    """Browser contexts of any size (each its own device); the test fails on a CSP violation or a
    JavaScript error on any of them."""
    contexts, problems = [], []

    def make(viewport=TV, **options):
        context = browser.new_context(viewport=viewport, **options)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.on("console", lambda m: problems.append(f"CSP: {m.text}") if "Content Security Policy" in m.text else None)
        page.on("pageerror", lambda exc: problems.append(f"JavaScript error: {exc}"))
        return page

    yield make
    for context in contexts:
        context.close()
    assert not problems, "\n".join(problems)


def api_play(page, base: str, game: str, players: list[str], options: dict | None = None) -> dict:
    answer = page.request.post(f"{base}/api/plays", data={"game": game, "players": players, "options": options or {}})
    assert answer.status == 201, answer.text()
    return answer.json()


def api_seat(page, base: str, play: dict, position: int, state: dict, done: bool = True) -> None:
    version = page.request.get(f"{base}/api/plays/{play['id']}").json()["seats"][position]["version"]
    answer = page.request.patch(f"{base}/api/plays/{play['id']}/seats/{position}",
                                data={"base_version": version, "set": state, "done": done})
    assert answer.status == 200, answer.text()


def five_player_play(page, base: str) -> dict:
    """The benchmarks' large Verdant table: 5 players, every seat done; the API's result."""
    table = tables.large("verdant")
    play = api_play(page, base, "verdant", [p["name"] for p in table["players"]], table["options"])
    for position, player in enumerate(table["players"]):
        api_seat(page, base, play, position, {k: v for k, v in player.items() if k != "name"})
    play["result"] = page.request.get(f"{base}/api/plays/{play['id']}").json()["result"]
    assert play["result"] is not None
    return play


def settled(page) -> None:
    """Wait until no fade is running (axe and screenshots look at the step as it stays)."""
    page.wait_for_function("() => document.getAnimations().length === 0")


def step(page) -> int:
    return int(page.locator("#board").get_attribute("data-step"))


def pad_box(page) -> dict:
    """The pad's box on the page (not the viewport): a step that moved it would show here."""
    return page.evaluate("() => { const r = document.getElementById('board-pad').getBoundingClientRect();"
                         " return {x: r.x + scrollX, y: r.y + scrollY, w: r.width, h: r.height}; }")


def shown(page, selector: str) -> list[bool]:
    """Whether each element is on the screen: visible, its text not transparent (a cell of a step
    not reached keeps its lines, its number is transparent)."""
    return page.eval_on_selector_all(selector, "els => els.map(e => { const s = getComputedStyle(e);"
                                     " return e.getClientRects().length > 0 && s.visibility === 'visible' && s.color !== 'rgba(0, 0, 0, 0)'; })")


def totals(page) -> list[str]:
    return page.locator(".bpad-total td").all_inner_texts()


def test_the_board_shows_a_phones_edit_within_2_s_and_turns_into_the_reveal(live_server, screens):
    tv = screens(TV)
    play = api_play(tv, live_server, "stub", ["Ann", "Bob"])
    tv.goto(f"{live_server}/plays/{play['id']}/board")
    expect(tv.locator("#board")).to_have_attribute("data-mode", "waiting")
    expect(tv.locator(".board-qr svg")).to_be_visible()
    expect(tv.locator(".board-url")).to_contain_text(f"/plays/{play['id']}")
    expect(tv.locator('[data-seat="1"]')).to_have_attribute("data-filled", "0")
    box = tv.locator(".board-qr").bounding_box()
    assert box["width"] >= 500, box  # large on a TV: 36 vw (691 px) at most, 1080 - 300 = 780 px
    assert tv.evaluate("document.documentElement.scrollWidth") <= TV["width"]
    assert_accessible(tv, "the board before the end (TV)")
    shot(tv, "board-waiting-1920")

    phone = screens(PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    phone.goto(f"{live_server}/plays/{play['id']}/seats/1")
    phone.fill("#state_json", '{"points": 17, "tokens": 2}')
    phone.locator("#state_json").blur()
    expect(phone.locator("#status")).to_have_attribute("data-save-state", "saved")
    saved_at = time.monotonic()
    # points 17 and tokens 2 differ from the stub's blank seat {"points": null, "tokens": 0}: 2 places
    tv.wait_for_function("() => document.querySelector('#board').hasAttribute('data-live-applied')"
                         " && document.querySelector('[data-seat=\"1\"]').dataset.filled === '2'", timeout=2_000)
    assert time.monotonic() - saved_at <= 2.0
    expect(tv.locator('[data-seat="1"] .board-seat-filled')).to_have_text("2 places filled")
    expect(tv.locator('[data-seat="1"] .board-seat-state')).to_have_text("entering…")

    api_seat(phone, live_server, play, 0, {"points": 30, "tokens": 1})
    expect(tv.locator('[data-seat="0"]')).to_have_attribute("data-done", "true")
    expect(tv.locator(".board-note").first).to_contain_text("1 of 2 seats still to finish")
    api_seat(phone, live_server, play, 1, {"points": 17, "tokens": 2})
    # every seat done: the board reloads itself into the reveal, at its first step
    expect(tv.locator("#board")).to_have_attribute("data-mode", "reveal")
    expect(tv.locator("#board")).to_have_attribute("data-step", "0")
    expect(tv.locator("#board-caption")).to_contain_text("Everyone is done")


def test_every_step_by_keyboard_forward_and_back_and_the_pad_never_moves(live_server, screens):
    tv = screens(TV)
    play = five_player_play(tv, live_server)
    result = play["result"]
    tv.goto(f"{live_server}/plays/{play['id']}/board")
    board = tv.locator("#board")
    expect(board).to_have_attribute("data-step", "0")
    last = int(board.get_attribute("data-last-step"))
    categories = [c["label"] for c in result["players"][0]["categories"]]
    assert last == len(categories) + 3  # a step per category, the ranks, the winner, this play
    # the rows in the engine's order (the rulebook's scoring order)
    assert tv.locator("tbody th[scope=row]").all_inner_texts() == categories
    assert not any(shown(tv, "[data-show]")) and totals(tv) == ["0"] * 5
    first = pad_box(tv)
    assert first["x"] + first["w"] <= TV["width"] and first["y"] + first["h"] <= TV["height"], first  # fits the TV
    shot(tv, "board-step0-1920")
    keys = ["Space", "ArrowRight", "Enter", "ArrowDown", "PageDown"]
    for k in range(1, last + 1):
        tv.keyboard.press(keys[k % len(keys)])
        expect(board).to_have_attribute("data-step", str(k))
        assert pad_box(tv) == first, f"the pad moved at step {k}"
        if k == 1:  # (without reduced motion the numbers fade in)
            assert tv.locator('tr[data-row="1"] td').first.evaluate("td => getComputedStyle(td).transitionDuration") != "0s"
        settled(tv)
        if k <= len(categories):
            # this category's row shows, the next one not yet; each total grows to its running sum
            assert all(shown(tv, f'tr[data-row="{k}"] td')), k
            assert not any(shown(tv, f'tr[data-row="{k + 1}"] td'))
            expect(tv.locator("#board-caption")).to_contain_text(categories[k - 1])
            running = [str(sum(c["points"] for c in p["categories"][:k])) for p in result["players"]]
            for i, value in enumerate(running):
                expect(tv.locator(".bpad-total td").nth(i)).to_have_text(value)
        if k == 3:
            shot(tv, "board-step3-1920")
    # the ranks, the winner's name and the tie-breaker in words, then this play
    assert all(shown(tv, ".bpad-rank td"))
    expect(tv.locator(".bpad-total td")).to_have_text([str(p["total"]) for p in result["players"]])
    winners = result["winners"]
    expect(tv.locator(".board-winner .winner")).to_contain_text(winners[0] if len(winners) == 1 else "Shared victory")
    expect(tv.locator("thead th.win")).to_have_count(len(winners))
    expect(tv.locator(".board-after")).to_be_visible()
    expect(tv.locator(".board-share")).to_be_visible()
    assert tv.locator(".board-share").evaluate("img => img.complete && img.naturalWidth") == 1080
    settled(tv)
    assert_accessible(tv, "the board's last step (TV, light)")
    shot(tv, "board-last-1920")
    tv.keyboard.press("ArrowRight")  # past the end: stays
    expect(board).to_have_attribute("data-step", str(last))
    # back, one step at a time, and Home / End
    tv.keyboard.press("ArrowLeft")
    expect(board).to_have_attribute("data-step", str(last - 1))
    assert not any(shown(tv, ".board-after"))
    tv.keyboard.press("ArrowUp")
    expect(board).to_have_attribute("data-step", str(last - 2))
    expect(tv.locator("thead th.win")).to_have_count(0)  # the winner is not named before its step
    tv.keyboard.press("Home")
    expect(board).to_have_attribute("data-step", "0")
    assert not any(shown(tv, "[data-show]")) and pad_box(tv) == first
    tv.keyboard.press("End")
    expect(board).to_have_attribute("data-step", str(last))
    # a reload comes back at the same step (#step-N)
    tv.reload()
    expect(board).to_have_attribute("data-step", str(last))


def test_tap_buttons_on_its_own_and_reduced_motion_on_a_phone(live_server, screens):
    phone = screens(PHONE, is_mobile=True, has_touch=True, device_scale_factor=2, reduced_motion="reduce")
    waiting = api_play(phone, live_server, "stub", ["Ann", "Bob", "Cleo"])
    phone.goto(f"{live_server}/plays/{waiting['id']}/board")
    expect(phone.locator(".board-qr svg")).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert_accessible(phone, "the board before the end (phone)")
    shot(phone, "board-waiting-412")
    play = five_player_play(phone, live_server)
    result = play["result"]
    phone.goto(f"{live_server}/plays/{play['id']}/board")
    board = phone.locator("#board")
    expect(board).to_have_attribute("data-step", "0")
    first = pad_box(phone)
    phone.locator("tbody th[scope=row]").first.tap()  # a tap on the pad: the next step
    expect(board).to_have_attribute("data-step", "1")
    # reduced motion: nothing fades, the totals jump to their value at once (no counting up)
    assert phone.locator('tr[data-row="1"] td').first.evaluate("td => getComputedStyle(td).transitionDuration") == "0s"
    first_points = [str(p["categories"][0]["points"]) for p in result["players"]]
    assert totals(phone) == first_points  # read at once, no waiting: the value is there
    phone.get_by_role("button", name="Next →").tap()
    expect(board).to_have_attribute("data-step", "2")
    phone.get_by_role("button", name="← Back").tap()
    expect(board).to_have_attribute("data-step", "1")
    assert pad_box(phone) == first
    assert not any(shown(phone, ".board-winner, .board-after"))  # not yet, and no blank space for them below
    shot(phone, "board-step1-412")
    # on its own: a step every few seconds, until Pause
    play_button = phone.get_by_role("button", name="Play on its own")
    play_button.tap()
    expect(phone.locator('[data-go="auto"]')).to_have_attribute("aria-pressed", "true")
    expect(board).to_have_attribute("data-step", "2", timeout=8_000)
    expect(board).to_have_attribute("data-step", "3", timeout=8_000)
    phone.get_by_role("button", name="Pause").tap()
    expect(phone.locator('[data-go="auto"]')).to_have_attribute("aria-pressed", "false")
    assert step(phone) == 3 and pad_box(phone) == first
    phone.get_by_role("button", name="Show all").tap()
    expect(board).to_have_attribute("data-step", board.get_attribute("data-last-step"))
    assert pad_box(phone) == first
    assert_accessible(phone, "the board's last step (phone, reduced motion)")
    shot(phone, "board-last-412")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_board_at_1280_by_720_light_and_dark(live_server, screens, scheme):
    laptop = screens(LAPTOP, color_scheme=scheme)
    play = five_player_play(laptop, live_server)
    laptop.goto(f"{live_server}/plays/{play['id']}/board#step-4")
    expect(laptop.locator("#board")).to_have_attribute("data-step", "4")
    box = pad_box(laptop)
    assert box["x"] + box["w"] <= LAPTOP["width"] and laptop.evaluate("document.documentElement.scrollWidth") <= 1280
    # the whole pad of 5 players and 8 categories and the buttons in one screen, no scrolling
    controls = laptop.locator("#board-controls").bounding_box()
    assert box["y"] + box["h"] <= LAPTOP["height"] and controls["y"] + controls["height"] <= LAPTOP["height"], (box, controls)
    laptop.keyboard.press("End")
    settled(laptop)
    assert_accessible(laptop, f"the board's last step (1280 x 720, {scheme})")
    laptop.keyboard.press("Home")
    shot(laptop, f"board-step0-1280-{scheme}")
    laptop.keyboard.press("End")
    settled(laptop)
    shot(laptop, f"board-last-1280-{scheme}")
    waiting = api_play(laptop, live_server, "stub", ["Ann", "Bob", "Cleo", "Dan"])
    laptop.goto(f"{live_server}/plays/{waiting['id']}/board")
    assert_accessible(laptop, f"the board before the end (1280 x 720, {scheme})")
    qr = laptop.locator(".board-qr").bounding_box()
    assert qr["y"] + qr["height"] <= LAPTOP["height"], qr  # the QR code is in view without scrolling
    shot(laptop, f"board-waiting-1280-{scheme}")


def test_without_javascript_the_board_is_the_plain_pad(live_server, screens):
    helper = screens(TV)
    play = five_player_play(helper, live_server)
    page = screens(TV, java_script_enabled=False)
    page.goto(f"{live_server}/plays/{play['id']}/board")
    assert all(shown(page, "[data-show]"))
    assert totals(page) == [str(p["total"]) for p in play["result"]["players"]]
    expect(page.locator("#board-controls")).to_be_hidden()
    assert re.search(r"wins|Shared victory", page.locator(".board-winner").inner_text())
    shot(page, "board-nojs-1920")
