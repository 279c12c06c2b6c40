"""Every cookie is Secure on HTTPS (web/server/cookies.py): the device cookie, the phone's name, the
holder cookie (set and cleared) and the session; over plain HTTP none is, unless SCOREPAD_HTTPS
says so; behind the trusted proxy its X-Forwarded-Proto decides."""

from __future__ import annotations

import pytest

from app import create_app
from tests.conftest import TOKEN

HTTPS = "https://localhost"


def set_cookies(response) -> dict[str, str]:
    return {value.split("=", 1)[0]: value for value in response.headers.getlist("Set-Cookie")}


def token_of(response) -> str:
    match = TOKEN.search(response.get_data(as_text=True))
    return match.group(1) or match.group(2)


def every_cookie(client, base_url: str) -> dict[str, str]:
    """Visit as a new phone, name it, start a play, say whose phone it is, then forget it again:
    every Set-Cookie the app sends on the way."""
    seen: dict[str, str] = {}
    first = client.get("/settings", base_url=base_url)
    seen.update(set_cookies(first))
    referer = {"Referer": base_url + "/settings"}  # a browser's same-origin post (Flask-WTF checks it on HTTPS)
    named = client.post("/settings/device", data={"csrf_token": token_of(first), "name": "Kitchen tablet"},
                        base_url=base_url, headers=referer)
    assert named.status_code == 303
    seen.update(set_cookies(named))
    play = client.post("/api/plays", json={"game": "stub", "players": ["Ann"]}, base_url=base_url).get_json()["id"]
    seat = client.get(f"/plays/{play}/seats/0", base_url=base_url)
    held = client.post(f"/plays/{play}/seats/0/holder", data={"csrf_token": token_of(seat), "name": "Ann"},
                       base_url=base_url, headers=referer)
    assert held.status_code == 303
    seen["holder set"] = set_cookies(held)["scorepad_holder"]
    cleared = client.post(f"/plays/{play}/seats/0/holder", data={"csrf_token": token_of(seat), "name": ""},
                          base_url=base_url, headers=referer)
    seen["holder cleared"] = set_cookies(cleared)["scorepad_holder"]
    return seen


def test_over_https_every_cookie_is_secure(client):
    cookies = every_cookie(client, HTTPS)
    assert set(cookies) >= {"scorepad_device", "session", "scorepad_name", "holder set", "holder cleared"}
    for name, header in cookies.items():
        assert "; Secure" in header, (name, header)
        assert header.count("Secure") == 1, header  # the session's own Secure is not repeated


def test_over_plain_http_no_cookie_is_secure_so_the_lan_keeps_working(client):
    cookies = every_cookie(client, "http://localhost")
    assert set(cookies) >= {"scorepad_device", "session", "scorepad_name", "holder set"}
    assert [h for h in cookies.values() if "Secure" in h] == []


def test_scorepad_https_makes_every_cookie_secure_even_over_http(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "h.db"), "SECRET_KEY": "k", "TESTING": True, "SESSION_COOKIE_SECURE": True})
    response = app.test_client().get("/settings")
    assert "; Secure" in set_cookies(response)["scorepad_device"]


@pytest.mark.parametrize(("proto", "secure"), [("https", True), ("http", False)])
def test_behind_the_proxy_its_forwarded_proto_decides(tmp_path, monkeypatch, proto, secure):
    monkeypatch.setenv("SCOREPAD_PROXY", "1")  # ProxyFix: the app is not under serve.py here
    app = create_app({"DATABASE": str(tmp_path / "p.db"), "SECRET_KEY": "k", "TESTING": True})
    response = app.test_client().get("/settings", headers={"X-Forwarded-Proto": proto, "X-Forwarded-For": "203.0.113.5"},
                                     environ_base={"REMOTE_ADDR": "127.0.0.1"})
    assert ("; Secure" in set_cookies(response)["scorepad_device"]) is secure
