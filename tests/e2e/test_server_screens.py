"""The screens of issue 16 in a real browser: Back after filtering History, another site's
auto-posting form, the Settings page's backup and checked import, a seat with a damaged stored
state, and the page a save gets when the server cannot save.  Screenshots at 360 x 640 and
412 x 839, light and dark (tests/e2e/screenshots/server-*.png)."""

from __future__ import annotations

import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tests.e2e.conftest import ARGS, CHROMIUM, SHOTS, _free_port  # noqa: F401 (ARGS: same browser)

PLAY_URL = re.compile(r"/plays/\d+$")
SIZES = {"360": {"width": 360, "height": 640}, "412": {"width": 412, "height": 839}}


@pytest.fixture
def fresh_server(tmp_path):
    """A server of its own (an empty instance), served by waitress in this process."""
    from waitress.server import create_server

    from app import create_app

    app = create_app({"DATABASE": str(tmp_path / "fresh.db"), "SECRET_KEY": "e2e-server"})
    port = _free_port()
    server = create_server(app, host="127.0.0.1", port=port, threads=4)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield app, f"http://127.0.0.1:{port}"
    server.close()


def shots(browser, url_or_action, name: str) -> None:
    """Screenshots of one screen at both sizes, light and dark."""
    SHOTS.mkdir(exist_ok=True)
    for size, viewport in SIZES.items():
        for scheme in ("light", "dark"):
            context = browser.new_context(viewport=viewport, color_scheme=scheme, device_scale_factor=1)
            page = context.new_page()
            if callable(url_or_action):
                url_or_action(page)
            else:
                page.goto(url_or_action)
            page.screenshot(path=str(SHOTS / f"server-{name}-{size}-{scheme}.png"), full_page=True, caret="initial")
            context.close()


def _plain_post(page, action: str, fields: dict) -> None:
    """Submit a plain (not htmx) form from the current page, as an old form or "Send again" does."""
    with page.expect_navigation():
        page.evaluate(
        """([action, fields]) => {
            const form = document.createElement('form');
            form.method = 'post'; form.action = action;
            const token = document.querySelector('input[name=csrf_token]');
            for (const [k, v] of Object.entries({csrf_token: token ? token.value : '', ...fields})) {
                const input = document.createElement('input');
                input.type = 'hidden'; input.name = k; input.value = v; form.appendChild(input);
            }
            document.body.appendChild(form); form.submit();
        }""",
        [action, fields],
        )
    page.wait_for_load_state()


def test_back_after_filtering_history_restores_the_whole_page(phone, live_server):
    phone.goto(live_server + "/plays/new")
    phone.check("#game-stub")
    phone.fill("#players-0", "Ann")
    phone.click("#start-play")
    phone.wait_for_url(PLAY_URL)
    phone.goto(live_server + "/plays")
    phone.select_option("#f-game", "stub")
    phone.wait_for_url("**/plays?game=stub**")
    phone.select_option("#f-game", "")
    phone.wait_for_function("() => !location.search.includes('game=stub')")
    phone.go_back()  # htmx restores /plays?game=stub from the server (historyCacheSize is 0)
    phone.wait_for_url("**/plays?game=stub**")
    phone.wait_for_selector("header.top nav")
    assert phone.locator("h1").inner_text() == "History"  # before: only the results, no page around them
    assert phone.locator("#f-game").count() == 1 and phone.locator("#results").count() == 1


def test_another_sites_auto_posting_form_is_refused_outright(browser, live_server):
    """A page on another site (localhost vs 127.0.0.1) that posts to Scorepad as soon as it opens."""
    target = live_server + "/players"
    html = (f'<form method="post" action="{target}"><input name="name" value="Mallory"></form>'
            "<script>document.forms[0].submit()</script>").encode()

    class Evil(BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(html)

        def log_message(self, *args):
            pass

    evil = ThreadingHTTPServer(("127.0.0.1", 0), Evil)
    threading.Thread(target=evil.serve_forever, daemon=True).start()
    try:
        def visit(page):
            page.goto(f"http://localhost:{evil.server_address[1]}/")
            page.wait_for_url(target)
            page.wait_for_load_state()

        context = browser.new_context(viewport=SIZES["412"])
        page = context.new_page()
        visit(page)
        assert "Refused: this came from another site" in page.content()
        assert page.locator("text=Send again").count() == 0  # before: one tap laundered the post
        context.close()
        shots(browser, visit, "refused")
    finally:
        evil.shutdown()
        evil.server_close()


def test_settings_backup_and_a_checked_import(browser, fresh_server, live_server, tmp_path):
    import urllib.request

    _, base = fresh_server
    with urllib.request.urlopen(live_server + "/settings/export.json") as response:
        export = response.read()
    assert json.loads(export)["format"] == "scorepad-export"
    good = tmp_path / "scorepad-export.json"
    good.write_bytes(export)
    bad = tmp_path / "damaged-export.json"
    data = json.loads(export)
    data["tables"]["seats"]["rows"][0][data["tables"]["seats"]["columns"].index("state")] = '{"points": 3,'
    bad.write_text(json.dumps(data))

    shots(browser, base + "/settings", "settings-empty")

    def upload(path):
        def action(page):
            page.goto(base + "/settings#import")
            page.set_input_files("#export-file", str(path))
            page.click("text=Check the file")
            page.wait_for_load_state()
        return action

    shots(browser, upload(bad), "import-refused")
    shots(browser, upload(good), "import-summary")
    context = browser.new_context(viewport=SIZES["412"])
    page = context.new_page()
    upload(good)(page)
    assert "This will add" in page.content()
    page.click("button:has-text('Import')")
    page.wait_for_url("**/settings#import")
    assert "Imported:" in page.content()
    with page.expect_download() as download:
        page.click("text=Download a backup")
    saved = tmp_path / "backup.db"
    download.value.save_as(saved)
    assert saved.read_bytes().startswith(b"SQLite format 3\x00")
    page.screenshot(path=str(SHOTS / "server-settings-imported-412-light.png"), full_page=True, caret="initial")
    context.close()
    shots(browser, base + "/settings", "settings-filled")


def test_a_damaged_seat_opens_with_the_damage_named(browser, fresh_server):
    import urllib.parse
    import urllib.request

    from web.data.db import connect

    app, base = fresh_server
    context = browser.new_context(viewport=SIZES["412"])
    page = context.new_page()
    page.goto(base + "/plays/new")
    page.check("#game-vadoran-gardens")
    page.fill("#players-0", "Ann")
    page.click("#start-play")
    page.wait_for_url(PLAY_URL)
    play_id = page.url.rstrip("/").rsplit("/", 1)[1]
    context.close()
    db = connect(app.config["DATABASE"])
    db.execute("UPDATE seats SET state = ? WHERE play_id = ?", [json.dumps({"achievements": 5, "lost_items": {"tool": 2}}), play_id])
    db.conn.close()
    with urllib.request.urlopen(f"{base}/plays/{urllib.parse.quote(play_id)}/seats/0") as response:
        assert response.status == 200  # the repair happens on this first open
    shots(browser, f"{base}/plays/{play_id}/seats/0", "damaged-seat")


def test_a_save_the_server_cannot_store_gets_a_clear_page(browser, fresh_server, monkeypatch):
    from web.data import db as web_db

    app, base = fresh_server

    def refuse(page):
        page.goto(base + "/players")
        _plain_post(page, "/players", {"name": "Ann"})

    monkeypatch.setattr(web_db, "writable", lambda path: False)
    app.config["DATABASE_READ_ONLY"] = True
    context = browser.new_context(viewport=SIZES["412"])
    page = context.new_page()
    response_codes: list[int] = []
    page.on("response", lambda r: response_codes.append(r.status) if r.request.method == "POST" else None)
    refuse(page)
    assert 503 in response_codes
    assert "The server cannot save: its database is read-only." in page.content()
    assert page.locator("button:has-text('Send again')").count() == 1
    context.close()
    shots(browser, refuse, "cannot-save")
