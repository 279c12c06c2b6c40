"""Browser tests: the real app served by waitress on 127.0.0.1, Playwright driving Debian's
Chromium at a phone viewport (412 x 839).

On CI (``CI`` set) a missing browser fails the run; elsewhere the browser tests are skipped with
the reason, so a laptop without Chromium can still run the rest.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("SCOREPAD_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
PHONE = {"width": 412, "height": 839}
SHOTS = Path(__file__).parent / "screenshots"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def live_server(tmp_path_factory, stub_game):
    from waitress.server import create_server

    from app import create_app

    path = tmp_path_factory.mktemp("live") / "live.db"
    app = create_app({"DATABASE": str(path), "SECRET_KEY": "e2e-secret"})
    port = _free_port()
    server = create_server(app, host="127.0.0.1", port=port, threads=8)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{port}"
    server.close()


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail(f"Chromium is not installed at {CHROMIUM}: browser tests must run on CI")
        pytest.skip(f"Chromium not found at {CHROMIUM} (install Debian's chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield browser
        browser.close()


def _open_phone(browser, problems: list[str]):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=2)
    page = context.new_page()
    page.set_default_timeout(10_000)

    def watch(message):
        text = message.text
        if "Content Security Policy" in text or "Content-Security-Policy" in text:
            problems.append(f"CSP violation on {page.url}: {text}")

    page.on("console", watch)
    page.on("pageerror", lambda exc: problems.append(f"JavaScript error on {page.url}: {exc}"))
    return context, page


@pytest.fixture
def phone(browser):
    """A fresh phone: its own cookies (a new device), phone viewport and touch.  The test fails
    if a page breaks the Content-Security-Policy or throws a JavaScript error."""
    problems: list[str] = []
    context, page = _open_phone(browser, problems)
    yield page
    context.close()
    assert not problems, "\n".join(problems) + "\n(no inline script, no on*= handlers, no style= attributes, no eval)"


@pytest.fixture
def new_phone(browser):
    contexts, problems = [], []

    def make():
        context, page = _open_phone(browser, problems)
        contexts.append(context)
        return page

    yield make
    for context in contexts:
        context.close()
    assert not problems, "\n".join(problems) + "\n(no inline script, no on*= handlers, no style= attributes, no eval)"


def live_settled(page) -> None:
    """Wait for the signal of the page's live check (static/js/seat.js): ``data-live-applied`` on
    ``#live-root`` is the play version of the last live answer the page took in, "reloading" while
    it reloads itself.  Once it names the play's current version, no reload of its own is on its
    way.  A page without live updates is settled as it is."""
    import time
    from urllib.parse import urljoin

    from playwright.sync_api import expect

    root = page.locator("#live-root[data-live-play]")
    if not root.count():
        return
    url = urljoin(page.url, "/plays/" + root.get_attribute("data-live-play") + "/live")
    deadline = time.monotonic() + 10
    while True:  # the play's current version, read again while other phones move it on
        version = str(page.request.get(url).json()["version"])
        try:
            expect(root).to_have_attribute("data-live-applied", version, timeout=2_000)
            break
        except AssertionError:
            if time.monotonic() > deadline or page.request.get(url).json()["version"] == int(version):
                raise  # the play stood still and the page never took it in: a real failure
    # a page that reloaded itself shows the version once its new document is parsed: let it load
    page.wait_for_load_state("load")


def goto(page, url: str) -> None:
    """``page.goto(url)`` once the page is not about to reload itself (an open seat page whose
    live check saw another phone's change reloads): a navigation cut short is a failure."""
    live_settled(page)
    page.goto(url)


def shot(page, name: str) -> None:
    """Keep a screenshot of the screen for a person to look at (tests/e2e/screenshots/)."""
    SHOTS.mkdir(exist_ok=True)
    # caret="initial": Playwright otherwise leaves style="" on inputs, which htmx copies into swaps (CSP).
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True, caret="initial")


def tap_done(page) -> None:
    """The seat's player taps Done: the seat counts from now on, and the phone goes back to the
    play page (one tap: a Done that leads nowhere is a bug, static/js/seat.js sends it through the
    save queue)."""
    import re

    page.get_by_role("button", name="Done", exact=True).click()
    page.wait_for_url(re.compile(r"/plays/\d+$"))


def open_seat(page, name: str) -> None:
    """From the play page a new play leads to (waited for: the tap on Start is a navigation),
    open ``name``'s seat and wait for its page."""
    import re

    page.wait_for_url(re.compile(r"/plays/\d+$"))
    page.locator(".seat-link", has_text=name).first.click()
    page.wait_for_url(re.compile(r"/plays/\d+/seats/\d+$"))


def mark_done(page, base: str, pid: int, *positions: int) -> None:
    """Mark seats done from this page's session (a seeded play), as the play page's players would."""
    token = page.evaluate("JSON.parse(document.body.getAttribute('hx-headers'))['X-CSRFToken']")
    for position in positions:
        response = page.request.post(f"{base}/plays/{pid}/seats/{position}/done", form={"csrf_token": token},
                                     max_redirects=0)
        assert response.status == 303, (response.status, response.text()[:300])


AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def axe_violations(page, impacts: tuple[str, ...] = ("serious", "critical")) -> list[str]:
    """Run axe-core (pinned in package.json) on the page as it is now; the violations of these
    impacts, one line each (rule, impact, the first elements it names)."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))  # through the DevTools protocol: no CSP change
    found = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".map(v => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))"
    )
    return [f"{v['id']} ({v['impact']}): {v['help']} at {', '.join(v['nodes'])}" for v in found if v["impact"] in impacts]


def assert_accessible(page, what: str) -> None:
    """No axe-core violation of serious or critical impact on this page."""
    problems = axe_violations(page)
    assert not problems, f"axe-core on {what} ({page.url}):\n" + "\n".join(problems)
