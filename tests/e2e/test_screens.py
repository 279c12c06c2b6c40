"""The shared screens of issue 17 in a browser (Playwright, Debian's Chromium) at 360 x 640 and
412 x 839, light and dark: every page type fits the width, axe-core finds nothing serious or
critical (with a result popover open), explanations fit the screen, the New play form, deleting
and undoing, the players and seat order, what is missing with links, the edit log as a story.
Screenshots: tests/e2e/screenshots/screens-*.png (looked at)."""

from __future__ import annotations

import json
import random
import re
import threading
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import CHROMIUM, SHOTS, _free_port, axe_violations
from tests.story_seed import planted_table

SIZES = {"360": {"width": 360, "height": 640}, "412": {"width": 412, "height": 839}}
DOCS = Path(__file__).resolve().parents[2] / "docs" / "api"


def _example(game: str, after: str) -> dict:
    text = (DOCS / f"{game}.md").read_text(encoding="utf-8")
    return json.loads(re.search(re.escape(after) + r".*?```json\n(.*?)```", text, re.S).group(1))


@pytest.fixture(scope="module")
def site(tmp_path_factory, stub_game):
    """A server of its own with a group's plays made through web.data.store: a 5-player Planted result,
    a Verdant solo, the Vadoran rulebook garden (a tall explanation), an Arizona solo without
    Vera's score, a play nobody finished (changed 30 hours ago), a deleted play, a play in progress."""
    if not Path(CHROMIUM).exists():
        pytest.skip("Chromium not found")
    from waitress.server import create_server

    import scoring
    from app import create_app
    from web.data import store
    from web.data.db import get_db
    from web.table import service

    path = tmp_path_factory.mktemp("screens") / "screens.db"
    app = create_app({"DATABASE": str(path), "SECRET_KEY": "screens-secret"})
    ids: dict[str, int] = {}
    with app.app_context():
        who = "Ann's phone"
        names = ["Ann", "Bo", "Cleo", "Dev", "Esmeralda"]
        people = {n: store.find_or_create_player(n, "seed") for n in names + ["Alice", "Purple", "Green"]}
        rng = random.Random(3)
        for _ in range(50):
            table = planted_table(rng, names)
            try:
                scoring.score("planted", table)
                break
            except scoring.ValidationError:
                continue
        ids["five"] = store.create_play("planted", "2026-11-29T20:30", {}, [people[n] for n in names], "seed")
        for i, player in enumerate(table["players"]):
            service.save_seat(ids["five"], i, {k: v for k, v in player.items() if k != "name"}, who, done=True)
        service.set_status(ids["five"], store.FINISHED, who)
        verdant = _example("verdant", "## Example")
        ids["solo"] = store.create_play("verdant", "2026-11-28T20:30", {}, [people["Alice"]], "seed")
        service.save_seat(ids["solo"], 0, {k: v for k, v in verdant["players"][0].items() if k != "name"}, who, done=True)
        vadoran = _example("vadoran-gardens", "## Example")
        ids["tall"] = store.create_play("vadoran-gardens", "2026-11-27T20:30", vadoran["options"],
                                        [people["Purple"], people["Green"]], "seed")
        for i, player in enumerate(vadoran["players"]):
            service.save_seat(ids["tall"], i, {k: v for k, v in player.items() if k != "name"}, who, done=True)
        ids["garden"] = store.create_play("vadoran-gardens", "2026-11-26T20:30", vadoran["options"],
                                          [people["Purple"], people["Green"]], "seed")  # finished
        for i, player in enumerate(vadoran["players"]):
            service.save_seat(ids["garden"], i, {k: v for k, v in player.items() if k != "name"}, "Green's phone",
                              done=True)
        service.set_status(ids["garden"], store.FINISHED, "Green's phone")
        ids["vera"] = store.create_play("verdant-arizona", "2026-11-30T20:30", {"solo": {}}, [people["Ann"]], "seed")
        for key in ("stale", "stale2"):  # (the second for the test that discards one)
            ids[key] = store.create_play("stub", "2026-11-20T20:30", {}, [people["Bo"], people["Cleo"]], "seed")
            service.save_seat(ids[key], 0, {"points": 4}, "Bo's phone")
            get_db().execute("UPDATE plays SET updated_at = ? WHERE id = ?",
                             [(datetime.now() - timedelta(hours=30)).isoformat(timespec="seconds"), ids[key]])
        ids["gone"] = store.create_play("stub", "2026-11-21T20:30", {}, [people["Dev"]], "seed")
        service.delete_play(ids["gone"], who)
        ids["open"] = store.create_play("stub", "2026-11-30T21:30", {}, [people[n] for n in ("Ann", "Bo", "Cleo")], "seed")
        for n, (seat, points, by) in enumerate([(0, 3, "Ann's phone"), (0, 4, "Ann's phone"), (1, 7, "Bo's phone"),
                                                (0, 5, "Ann's phone")]):
            service.save_seat(ids["open"], seat, {"points": points, "tokens": n}, by)
        ids["ann"] = people["Ann"]
    port = _free_port()
    server = create_server(app, host="127.0.0.1", port=port, threads=6)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{port}", ids
    server.close()


@pytest.fixture
def open_phone(browser):
    contexts, problems = [], []

    def make(scheme="light", size="412"):
        context = browser.new_context(viewport=SIZES[size], has_touch=True, is_mobile=True, device_scale_factor=2,
                                      color_scheme=scheme)
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.on("console", lambda m: problems.append(f"{page.url}: {m.text}")
                if (m.type == "error" and "status of 409" not in m.text) or "Content Security Policy" in m.text
                else None)  # (409: the not-ready page's own answer)
        page.on("pageerror", lambda exc: problems.append(f"JavaScript error on {page.url}: {exc}"))
        contexts.append(context)
        return page

    yield make
    for context in contexts:
        context.close()
    assert not problems, "\n".join(problems)


def _shot(page, name: str, full_page: bool = True) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"screens-{name}.png"), full_page=full_page, caret="initial")


def _fits(page, what: str) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{what} ({page.url}) is {width} px wide"


def _accessible(page, what: str) -> None:
    problems = axe_violations(page)
    assert not problems, f"axe-core on {what} ({page.url}):\n" + "\n".join(problems)


def _pages(ids: dict[str, int]) -> list[tuple[str, str]]:
    return [
        ("home", "/"),
        ("new", "/plays/new?game=verdant"),
        ("play", f"/plays/{ids['open']}"),
        ("play-abandoned", f"/plays/{ids['stale']}"),
        ("play-deleted", f"/plays/{ids['gone']}"),
        ("players-page", f"/plays/{ids['open']}/players"),
        ("not-ready", f"/plays/{ids['vera']}/result"),
        ("result-five", f"/plays/{ids['five']}/result"),
        ("result-solo", f"/plays/{ids['solo']}/result"),
        ("result-tall", f"/plays/{ids['tall']}/result"),
        ("check", f"/check?play={ids['tall']}&seat=0"),
        ("history", f"/plays?deleted={ids['gone']}"),
        ("log", f"/plays/{ids['open']}/log"),
        ("player-list", "/players"),
        ("player", f"/players/{ids['ann']}"),
        ("settings", "/settings"),
        # (issue 25: every page type; the statistics and a finished Vadoran garden had serious findings)
        ("seat-planted", f"/plays/{ids['five']}/seats/0"),
        ("seat-vadoran", f"/plays/{ids['tall']}/seats/0"),
        ("seat-vadoran-finished", f"/plays/{ids['garden']}/seats/0"),
        ("seat-arizona", f"/plays/{ids['vera']}/seats/0"),
        ("seat-verdant", f"/plays/{ids['solo']}/seats/0"),
        ("stats-index", "/games"),
        ("stats-planted", "/games/planted"),
        ("stats-verdant", "/games/verdant"),
        ("edit", f"/plays/{ids['open']}/edit"),
        ("when-where", f"/plays/{ids['five']}/when-where"),
        ("new-arizona", "/plays/new?game=verdant-arizona"),
        ("new-vadoran", "/plays/new?game=vadoran-gardens"),
        ("new-planted", "/plays/new?game=planted"),
        ("new-gretchen", "/plays/new?game=gretchens-garden"),
        ("deck", "/arizona/deck"),
    ]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", ["360", "412"])
def test_every_page_fits_the_phone_and_axe_finds_nothing_serious(site, open_phone, scheme, size):
    base, ids = site
    page = open_phone(scheme, size)
    for name, path in _pages(ids):
        response = page.goto(base + path)
        assert response.status in (200, 409), (path, response.status)
        _fits(page, name)
        _accessible(page, f"{name}, {scheme}, {size} px")
        _shot(page, f"{name}-{size}-{scheme}")
        if name.startswith("result") or name == "check":
            button = page.locator(".pad .num").first
            button.click()
            popover = page.locator("[popover].explain:popover-open")
            expect(popover).to_be_visible()
            _accessible(page, f"{name} with an explanation open, {scheme}, {size} px")
            _shot(page, f"{name}-{size}-{scheme}-popover", full_page=False)
            page.keyboard.press("Escape")
            expect(popover).to_have_count(0)


@pytest.mark.parametrize("size", ["360", "412"])
def test_a_tall_explanation_fits_the_screen_scrolls_inside_and_keeps_heading_and_close_in_view(site, open_phone, size):
    base, ids = site
    page = open_phone("light", size)
    page.goto(f"{base}/plays/{ids['tall']}/result")
    # the explanation with the most lines (the rulebook's Purple: tasks)
    counts = page.eval_on_selector_all("[popover].explain", "els => els.map(e => e.querySelectorAll('li').length)")
    tallest = counts.index(max(counts))
    target = page.locator("[popover].explain").nth(tallest).get_attribute("id")
    page.locator(f'.pad .num[popovertarget="{target}"]').click()
    popover = page.locator(f"#{target}")
    expect(popover).to_be_visible()
    height = page.viewport_size["height"]
    box = popover.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= height, box
    sizes = popover.evaluate("e => ({scroll: e.scrollHeight, client: e.clientHeight, align: getComputedStyle(e.querySelector('li')).textAlign})")
    assert sizes["align"] in ("left", "start")
    if size == "360":
        assert sizes["scroll"] > sizes["client"], "the rulebook's explanation should be taller than a 640 px screen"
    _shot(page, f"popover-tall-{size}", full_page=False)
    popover.evaluate("e => e.scrollTop = e.scrollHeight")
    for part in (".explain-head", ".explain-foot button"):
        inner = popover.locator(part).bounding_box()
        assert box["y"] - 1 <= inner["y"] and inner["y"] + inner["height"] <= box["y"] + box["height"] + 1, part
    _shot(page, f"popover-tall-{size}-scrolled", full_page=False)
    popover.locator(".explain-foot button").click()
    expect(popover).to_be_hidden()


def test_five_players_at_360_fit_with_the_category_column_pinned(site, open_phone):
    base, ids = site
    page = open_phone("light", "360")
    page.goto(f"{base}/plays/{ids['five']}/result")
    wrap = page.locator(".pad-wrap")
    sizes = wrap.evaluate("e => ({scroll: e.scrollWidth, client: e.clientWidth})")
    assert sizes["scroll"] <= sizes["client"] + 1, "five players fit a 360 px phone without scrolling the table"
    first = page.locator(".pad tbody th[scope=row]").first
    assert first.evaluate("e => getComputedStyle(e).position") == "sticky"
    numbers = page.locator(".pad .num")
    assert numbers.first.bounding_box()["width"] >= 44 and numbers.first.bounding_box()["height"] >= 44
    assert page.locator(".pad thead th").nth(5).inner_text().replace("\n", "") == "Esmeralda"


def test_every_expandable_section_shows_a_marker_that_turns(site, open_phone):
    base, ids = site
    page = open_phone("dark", "412")
    page.goto(f"{base}/plays/{ids['open']}/log")
    summary = page.locator("details.log-details > summary").first
    closed = summary.evaluate("e => { const s = getComputedStyle(e, '::before'); return [s.content, s.borderLeftWidth, s.transform] }")
    assert closed[0] == '""' and float(closed[1][:-2]) > 4 and closed[2] == "none"
    summary.click()
    opened = summary.evaluate("e => getComputedStyle(e, '::before').transform")
    assert opened != "none"
    expect(page.locator("details.log-details pre").first).to_be_visible()


def test_new_play_shows_only_the_picked_games_options_and_its_seat_fields(site, open_phone):
    base, _ = site
    page = open_phone("light", "360")
    page.goto(base + "/plays/new")
    verdant = page.locator(".options-verdant")
    expect(verdant).to_be_hidden()  # no game picked yet: no options
    page.get_by_label("Planted").check()
    expect(verdant).to_be_hidden()
    page.get_by_label("Verdant", exact=False).first.check()
    expect(verdant).to_be_visible()
    page.locator("#game-vadoran-gardens").check()
    expect(verdant).to_be_hidden()
    expect(page.locator(".options-vadoran-gardens")).to_be_visible()
    expect(page.locator(".seat-field input")).to_have_count(2)
    page.locator("#players-0").fill("Quinn")
    page.get_by_role("button", name="+ Add a player").click()
    expect(page.locator(".seat-field input")).to_have_count(3)
    expect(page.locator("#players-2")).to_be_focused()
    expect(page.locator("#players-0")).to_have_value("Quinn")
    expect(page.locator("#game-vadoran-gardens")).to_be_checked()  # what was picked stays
    page.get_by_role("button", name="Remove seat 2").click()
    expect(page.locator(".seat-field input")).to_have_count(2)
    same = page.get_by_role("button", name=re.compile("Same players as last time"))
    expect(same).to_be_visible()
    last = same.inner_text().split(": ", 1)[1].split(", ")
    same.click()
    expect(page.locator(".seat-field input")).to_have_count(len(last))
    assert [page.locator(f"#players-{i}").input_value() for i in range(len(last))] == last
    _fits(page, "the New play form")
    _shot(page, "new-filled-360")
    page.locator("#game-stub").check()
    page.get_by_role("button", name="Start the play", exact=True).click()
    page.wait_for_url(re.compile(r"/plays/\d+$"))
    assert page.locator(".seat-name").all_inner_texts() == last


def test_delete_then_undo_from_the_history(site, open_phone):
    base, ids = site
    page = open_phone("light", "412")
    page.goto(f"{base}/plays/new?game=stub")
    page.locator("#players-0").fill("Mistake")
    page.locator("#players-1").fill("Typo")
    page.get_by_role("button", name="Start the play", exact=True).click()
    page.wait_for_url(re.compile(r"/plays/\d+$"))
    play_url = page.url
    page.get_by_role("button", name="Delete this play").click()
    page.wait_for_url(re.compile(r"/plays\?deleted=\d+$"))
    expect(page.get_by_text("Deleted:")).to_be_visible()
    assert "Mistake" not in page.locator("#results").inner_text()
    _shot(page, "history-undo-412")
    page.get_by_role("button", name="Undo").click()
    page.wait_for_url(play_url)
    expect(page.get_by_text("This play was deleted")).to_have_count(0)
    page.goto(base + "/plays")
    assert "Mistake" in page.locator("#results").inner_text()


def test_discard_a_play_nobody_finished_from_the_home_page(site, open_phone):
    base, ids = site
    page = open_phone("dark", "360")
    page.goto(base + "/")
    expect(page.get_by_role("heading", name="Never finished")).to_be_visible()
    rows = page.locator(".abandoned-list > li")
    before = rows.count()
    page.locator(f'form[action="/plays/{ids["stale2"]}/delete"] button').click()
    page.wait_for_url(re.compile(r"/plays\?deleted="))
    page.goto(base + "/")
    expect(rows).to_have_count(before - 1)
    page.goto(f"{base}/plays/{ids['stale2']}")
    expect(page.get_by_text("This play was deleted")).to_be_visible()
    page.get_by_role("button", name="Restore it").click()
    expect(page.get_by_text("This play was deleted")).to_have_count(0)
    expect(page.locator("h1")).to_contain_text("in progress")


def test_changing_the_seat_order_moves_the_entries_and_tells_the_phone_on_the_old_seat(site, open_phone):
    base, _ = site
    organiser, other = open_phone("light", "412"), open_phone("light", "412")
    organiser.goto(f"{base}/plays/new?game=stub")
    for i, name in enumerate(("Uma", "Vic")):
        organiser.locator(f"#players-{i}").fill(name)
    organiser.get_by_role("button", name="Start the play", exact=True).click()
    organiser.wait_for_url(re.compile(r"/plays/\d+$"))
    play_url = organiser.url
    other.goto(play_url + "/seats/0")  # Uma's phone
    other.locator("#state_json").fill('{"points": 12}')
    other.locator("#state_json").blur()  # (the change is sent; the phone is not typing any more)
    expect(other.locator("#status")).to_have_attribute("data-save-state", "saved", timeout=10_000)
    expect(other.locator("#status")).to_contain_text("12")
    organiser.goto(play_url + "/players")
    organiser.get_by_role("button", name="Down").first.click()
    expect(organiser.locator("#name-0")).to_have_value("Vic")
    _shot(organiser, "players-moved-412")
    organiser.get_by_role("button", name="Save the seats").click()
    organiser.wait_for_url(play_url)
    assert [t.split("\n")[0] for t in organiser.locator(".seat-name").all_inner_texts()] == ["Vic", "Uma"]
    assert "12" in organiser.locator(".seats li").nth(1).inner_text() or "entering" in organiser.locator(".seats li").nth(1).inner_text()
    expect(other.locator("#live-banner")).to_contain_text("not Uma's seat any more", timeout=8_000)
    assert other.locator("#entry").get_attribute("inert") is not None
    _shot(other, "seat-moved-412")


def test_the_not_ready_page_links_to_where_things_are_entered(site, open_phone):
    base, ids = site
    page = open_phone("light", "412")
    page.goto(f"{base}/plays/{ids['vera']}/result")
    # Vera's score is entered on the solo seat's page (seat_options): the link goes to its field
    expect(page.get_by_role("link", name="Enter Vera's score")).to_have_attribute(
        "href", f"/plays/{ids['vera']}/seats/0#f-options-solo-vera_score")
    expect(page.get_by_role("link", name="Open Ann's seat to fill it in")).to_have_attribute(
        "href", f"/plays/{ids['vera']}/seats/0")
    assert "options.solo" not in page.content().split("<main", 1)[1]


def test_the_edit_log_reads_like_a_story_and_filters_by_seat(site, open_phone):
    base, ids = site
    page = open_phone("light", "360")
    page.goto(f"{base}/plays/{ids['open']}/log")
    lines = page.locator(".log-lines").all_inner_texts()
    assert any("Points – → 3 → 4" in t for t in lines) or any("Points 3 → 4" in t for t in lines), lines
    expect(page.locator(".log-who").first).to_contain_text("Ann's phone")
    page.get_by_role("link", name="Bo", exact=True).click()
    expect(page.locator(".log-who")).to_have_count(1)
    expect(page.locator(".log-who")).to_contain_text("Bo's phone")
    page.locator("details.log-details > summary").first.click()
    link = page.get_by_role("link", name=re.compile(r"entry \d+ in full"))
    expect(link).to_be_visible()
    entry = page.request.get(base + link.get_attribute("href")).json()
    assert entry["who"] == "Bo's phone" and entry["new"]["points"] == 7
    _fits(page, "the edit log")
    _shot(page, "log-filtered-360")
