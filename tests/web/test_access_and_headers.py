"""The optional access code, its rate limit, security headers, and hostile text rendered inert."""

from __future__ import annotations

import json
import re

import pytest

from app import create_app
from tests.conftest import csrf_token


@pytest.fixture
def locked(tmp_path):
    app = create_app(
        {"DATABASE": str(tmp_path / "locked.db"), "SECRET_KEY": "k", "ACCESS_CODE": "fern 42", "ACCESS_ATTEMPTS": 3}
    )
    return app.test_client()


def enter(client, code, next_="/plays"):
    token = csrf_token(client, "/access")
    return client.post(f"/access?next={next_}", data={"csrf_token": token, "code": code})


def test_without_a_code_the_instance_is_open(client):
    assert client.get("/plays").status_code == 200


def test_with_a_code_every_page_sends_the_device_to_the_access_page(locked):
    response = locked.get("/plays?game=planted")
    assert response.status_code == 303
    assert response.headers["Location"].startswith("/access?next=")
    page = locked.get("/access").get_data(as_text=True)
    assert "This Scorepad is private" in page and "SCOREPAD_ACCESS_CODE" in page
    css = locked.get("/static/css/app.css")  # the access page needs its CSS
    assert css.status_code == 200
    css.close()


def test_api_without_the_code_is_401_json(locked):
    response = locked.post("/api/score/planted", json={})
    assert response.status_code == 401
    assert "access code" in response.get_json()["errors"][0]["message"]


def test_htmx_request_without_the_code_redirects_the_whole_page(locked):
    response = locked.post("/plays", headers={"HX-Request": "true"})
    assert response.status_code == 401
    assert response.headers["HX-Redirect"].startswith("/access")


def test_the_right_code_lets_the_device_in_and_remembers_it(locked):
    response = enter(locked, "fern 42", "/plays")
    assert response.status_code == 303 and response.headers["Location"] == "/plays"
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Expires=" in cookie
    assert "Secure" not in cookie  # plain HTTP on the home network
    assert locked.get("/plays").status_code == 200
    assert locked.post("/api/score/stub", json={"players": [{"name": "A", "points": 1}]}).status_code == 200


def test_the_session_cookie_is_secure_behind_https(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "s.db"), "SECRET_KEY": "k", "ACCESS_CODE": "x"})
    client = app.test_client()
    token = csrf_token(client, "https://localhost/access")
    response = client.post(
        "https://localhost/access", data={"csrf_token": token, "code": "x"}, headers={"Referer": "https://localhost/access"}
    )
    assert response.status_code == 303
    assert "Secure" in response.headers["Set-Cookie"]


def test_next_cannot_send_the_device_to_another_site(locked):
    response = enter(locked, "fern 42", "//evil.example/")
    assert response.headers["Location"] == "/"


@pytest.mark.parametrize("target", ["/%5Cevil.example/", "/%09/evil.example/", "/%0A/evil.example/", "https:evil.example"])
def test_next_cannot_leave_the_site_by_backslash_or_whitespace(locked, target):
    response = enter(locked, "fern 42", target)
    assert response.status_code == 303
    assert response.headers["Location"] == "/"


def test_wrong_codes_are_refused_then_rate_limited(locked):
    first = enter(locked, "oak")
    assert first.status_code == 403
    assert "That is not the code" in first.get_data(as_text=True)
    enter(locked, "oak")
    third = enter(locked, "oak")
    assert third.status_code == 429
    blocked = enter(locked, "fern 42")  # even the right code waits until the window passes
    assert blocked.status_code == 429
    assert re.search(r"Try again in \d+ seconds", blocked.get_data(as_text=True))


def test_security_headers_allow_no_inline_script_and_no_framing(client):
    response = client.get("/")
    csp = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert "frame-ancestors 'none'" in csp
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "same-origin"
    html = response.get_data(as_text=True)
    assert "<script>" not in html and not re.search(r"<script(?![^>]*\bsrc=)", html)
    assert not re.search(r"\son[a-z]+=", html) and ' style="' not in html
    config = json.loads(re.search(r"name=\"htmx-config\" content='([^']+)'", html).group(1))
    assert config["allowEval"] is False and config["includeIndicatorStyles"] is False


def test_oversized_requests_are_refused(client):
    response = client.post("/api/score/stub", data="x" * (1024 * 1024 + 10), content_type="application/json")
    assert response.status_code == 413


PAYLOADS = ['<script>alert("x")</script>', '"><img src=x onerror=alert(1)>', "' onmouseover='alert(1)"]


@pytest.mark.parametrize("payload", PAYLOADS)
def test_hostile_names_and_notes_are_rendered_inert_everywhere(client, token, payload):
    name = payload[:60]
    data = {"csrf_token": token, "game": "stub", "played_at": "2026-11-28T20:30", "players-0": name, "notes": payload}
    response = client.post("/plays", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)[:500]
    play_url = response.headers["Location"]
    client.post(play_url + "/seats/0", data={"csrf_token": token, "state_json": json.dumps({"points": 3, "note": payload})})
    player = re.search(r'href="(/players/\d+)"', client.get("/players").get_data(as_text=True)).group(1)
    for url in ("/", "/players", player, "/plays", play_url, play_url + "/seats/0", play_url + "/result", play_url + "/log"):
        html = client.get(url).get_data(as_text=True)
        assert "<script>alert" not in html, url
        assert "<img src=x" not in html, url
        assert " onmouseover='alert" not in html, url


def test_pages_are_never_reused_from_the_http_cache_back_asks_the_server(client):
    """Chromium answers Back from its HTTP cache without asking the server, even with no-cache:
    seat pages, the play page and every other page without a policy of its own say no-store;
    static files and the page cache keep theirs (issue 25.1)."""
    made = client.post("/api/plays", json={"game": "planted", "players": ["Ann", "Bo"]})
    pid = made.get_json()["id"]
    for url in (f"/plays/{pid}/seats/0", f"/plays/{pid}", "/", "/plays/new"):
        response = client.get(url)
        assert response.status_code == 200, url
        assert response.headers["Cache-Control"] == "no-store", url
    fragment = client.get(f"/plays/{pid}/seats/0?fragment=editor", headers={"HX-Request": "true"})
    assert fragment.headers["Cache-Control"] == "no-store"
    css = client.get("/static/css/app.css")
    assert css.headers["Cache-Control"] == "no-cache"  # (without its hash: revalidated, not no-store)
    css.close()
    live = client.get(f"/plays/{pid}/live")
    assert live.headers["Cache-Control"] == "no-cache"  # JSON with its ETag: 304s keep the polls cheap
