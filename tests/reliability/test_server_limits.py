"""The production server (serve.py, waitress, in its own process) against slow clients, huge
bodies and a reverse proxy's headers: what a test client would hide.  Figures: docs/reliability.md
(``python -m tests.reliability.harness`` prints them)."""

from __future__ import annotations

import http.client
import json
import re
import time

import pytest

from tests.reliability.harness import (
    Tricklers,
    TunedServer,
    body_read_before_413,
    connect_from,
    normal_requests,
    timed_get,
)


@pytest.fixture
def start(tmp_path):
    servers: list[TunedServer] = []

    def _start(**env: str) -> TunedServer:
        server = TunedServer(tmp_path / f"s{len(servers)}", env=env).start()
        servers.append(server)
        return server

    yield _start
    for server in servers:
        server.stop()


# ------------------------------------------------------------------------ slow clients


def test_one_address_trickling_many_connections_does_not_starve_the_others(start):
    server = start(SCOREPAD_CLIENT_CONNECTIONS="10")
    slow = Tricklers(server.port, 40, ["127.0.0.2"], every=1.0).start()
    try:
        time.sleep(1.5)
        normal = normal_requests(server.base, 6, every=0.3, timeout=10)
        assert normal["failed"] == 0, normal  # before: every request timed out
        assert slow.refused >= 25  # beyond 10 held connections, that address is told to wait
        assert slow.opened - slow.refused <= 11
    finally:
        slow.stop()


def test_a_handful_of_slow_clients_on_their_own_addresses_leave_room_for_everyone(start):
    server = start()
    slow = Tricklers(server.port, 120, [f"127.0.0.{n}" for n in range(2, 14)], every=1.0).start()
    try:
        time.sleep(2)
        assert slow.refused == 0  # 10 each: all held, none refused
        normal = normal_requests(server.base, 6, every=0.3, timeout=10)
        assert normal["failed"] == 0, normal  # waitress's old limit (100 connections) starved these
    finally:
        slow.stop()


def test_a_request_that_never_finishes_arriving_is_closed_after_the_request_timeout(start):
    server = start(SCOREPAD_REQUEST_TIMEOUT="2")
    slow = Tricklers(server.port, 5, ["127.0.0.3"], every=0.3).start()
    try:
        deadline = time.monotonic() + 15
        while slow.closed_by_server < 5 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert slow.closed_by_server == 5
        assert max(slow.lifetimes) < 12  # 2 s + one second per 64 KB declared + the 2 s sweep
    finally:
        slow.stop()


def test_an_idle_connection_is_closed_after_the_idle_timeout(start):
    server = start(SCOREPAD_IDLE_TIMEOUT="2")
    sock = connect_from("127.0.0.4", server.port)
    sock.settimeout(10)
    started = time.monotonic()
    assert sock.recv(10) == b""  # closed by the server
    assert time.monotonic() - started < 8
    sock.close()


# ------------------------------------------------------------------------ body limits


def test_a_huge_body_is_refused_from_its_content_length_before_it_is_read(start):
    server = start(SCOREPAD_ACCESS_CODE="sesame")
    found = body_read_before_413(server.port, "/access", declared=100 * 1024 * 1024)
    assert found["status"] == 413
    assert found["sent_before_answer"] <= 64 * 1024  # before: all 100 MB were spooled first
    assert "at most 1 MB" in found["answer"]
    api = body_read_before_413(server.port, "/api/score/stub", declared=5 * 1024 * 1024)
    assert api["status"] == 413 and "application/json" in api["answer"]


def test_a_chunked_body_is_cut_off_at_the_limit(start):
    server = start()
    found = body_read_before_413(server.port, "/players", declared=100 * 1024 * 1024, chunked=True)
    assert found["status"] == 413
    assert found["sent_before_answer"] <= 1024 * 1024 + 64 * 1024


def _post(server: TunedServer, path: str, body: bytes, content_type: str) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        conn.request("POST", path, body=body, headers={"Content-Type": content_type})
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


def test_the_limit_is_the_apps_to_the_byte(start):
    server = start()
    limit = 1024 * 1024
    exactly = b'{"players": [' + b" " * (limit - 15) + b"]}"
    assert len(exactly) == limit
    assert _post(server, "/api/score/stub", exactly, "application/json") == 422  # read and judged
    # (one byte more is refused from the headers: sent with a client that stops when answered, as
    # a client pushing the whole body would meet a closed connection under load)
    assert body_read_before_413(server.port, "/api/score/stub", declared=limit + 1)["status"] == 413


def test_only_the_import_and_photo_uploads_may_be_larger(start):
    from web.story.photos import MAX_UPLOAD

    server = start(SCOREPAD_MAX_IMPORT_MB="3")
    two_mb = b"a" * (2 * 1024 * 1024)
    assert body_read_before_413(server.port, "/players", declared=len(two_mb))["status"] == 413
    assert _post(server, "/settings/import", two_mb, "application/octet-stream") == 400  # read: no CSRF token
    found = body_read_before_413(server.port, "/settings/import", declared=4 * 1024 * 1024)
    assert found["status"] == 413 and "at most 3 MB" in found["answer"]
    assert _post(server, "/plays/1/photos", two_mb, "application/octet-stream") == 400  # a phone's photo: read
    found = body_read_before_413(server.port, "/plays/1/photos", declared=MAX_UPLOAD + 1)
    assert found["status"] == 413 and f"at most {MAX_UPLOAD // (1024 * 1024)} MB" in found["answer"]
    assert body_read_before_413(server.port, "/plays/1/photos/x", declared=2 * 1024 * 1024)["status"] == 413


# ------------------------------------------------------------------------ behind a proxy


def _request(server, method, path, source="127.0.0.1", headers=None, body=None, cookie=None):
    sock = connect_from(source, server.port)
    lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", "Connection: close"]
    for key, value in (headers or {}).items():
        lines.append(f"{key}: {value}")
    if cookie:
        lines.append(f"Cookie: {cookie}")
    data = body.encode() if body else b""
    if body is not None:
        lines += ["Content-Type: application/x-www-form-urlencoded", f"Content-Length: {len(data)}"]
    sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode() + data)
    answer = b""
    while True:
        chunk = sock.recv(65536)
        if not chunk:
            break
        answer += chunk
    sock.close()
    head, _, rest = answer.partition(b"\r\n\r\n")
    status = int(head.split(b" ")[1])
    header_lines = head.decode("latin-1").split("\r\n")[1:]
    return status, header_lines, rest.decode("utf-8", "replace")


# What a TLS proxy passes on from a browser at https://scores.example (a browser sends the
# Referer on same-origin posts; Flask-WTF checks it on HTTPS).
FORWARDED = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "scores.example",
             "Referer": "https://scores.example/access"}


def _cookies(header_lines) -> dict[str, str]:
    return {line.split(":", 1)[1].split("=", 1)[0].strip(): line for line in header_lines
            if line.lower().startswith("set-cookie:")}


def _login(server, client_ip, code, cookie="", source="127.0.0.1", proxied=True):
    """Log in as a browser behind the proxy would (``proxied``), or as a client that talks to
    the port directly and only claims to be forwarded."""
    headers = dict(FORWARDED, **{"X-Forwarded-For": client_ip})
    if not proxied:
        headers.pop("Referer")
    status, lines, html = _request(server, "GET", "/access", source=source, headers=headers, cookie=cookie)
    session = next(line for line in lines if line.lower().startswith("set-cookie: session="))
    cookie = session.split(":", 1)[1].split(";")[0].strip()
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html).group(1)
    status, lines, _ = _request(server, "POST", "/access", source=source, headers=headers, cookie=cookie,
                                body=f"csrf_token={token}&code={code}")
    return status, lines, cookie, session


def test_behind_the_proxy_cookies_are_secure_links_public_and_limits_count_each_client(start):
    server = start(SCOREPAD_PROXY="1", SCOREPAD_ACCESS_CODE="sesame")
    # Five wrong codes from one person behind the proxy...
    for _ in range(5):
        status, _, _, session = _login(server, "203.0.113.5", "wrong")
        assert status in (403, 429)
    assert "Secure" in session  # the proxy said https
    status, _, _, _ = _login(server, "203.0.113.5", "sesame")
    assert status == 429  # ...lock that person out...
    status, lines, cookie, _ = _login(server, "198.51.100.9", "sesame")
    assert status == 303  # ...not someone else behind the same proxy
    session = next(line for line in lines if line.lower().startswith("set-cookie: session="))
    assert "Secure" in session and "HttpOnly" in session
    cookie = session.split(":", 1)[1].split(";")[0].strip()
    headers = dict(FORWARDED, **{"X-Forwarded-For": "198.51.100.9"})
    status, _, html = _request(server, "GET", "/players", headers=headers, cookie=cookie)
    assert status == 200
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html).group(1)
    status, lines, _ = _request(server, "POST", "/plays", headers=headers, cookie=cookie,
                                body=f"csrf_token={token}&game=stub&played_at=2026-11-28T20%3A30&players-0=Ann")
    assert status == 303
    location = next(line for line in lines if line.lower().startswith("location:"))
    play = location.rstrip().rsplit("/", 1)[1]
    status, _, html = _request(server, "GET", f"/plays/{play}", headers=headers, cookie=cookie)
    assert f"https://scores.example/plays/{play}" in html  # the QR link names the public address


def test_forwarded_headers_from_anyone_but_the_proxy_are_ignored(start):
    server = start(SCOREPAD_PROXY="1", SCOREPAD_ACCESS_CODE="sesame")
    # A client that reaches the port directly (127.0.0.2 is not the proxy) cannot pretend.
    for n in range(5):
        status, _, _, session = _login(server, f"192.0.2.{n}", "wrong", source="127.0.0.2", proxied=False)
        assert "Secure" not in session and status in (403, 429), status
    status, _, _, _ = _login(server, "192.0.2.99", "sesame", source="127.0.0.2", proxied=False)
    assert status == 429  # its own address was counted, whatever it claimed


def test_without_the_proxy_setting_forwarded_headers_change_nothing(start):
    server = start(SCOREPAD_ACCESS_CODE="sesame")
    status, _, _, session = _login(server, "203.0.113.5", "sesame", proxied=False)
    assert status == 303 and "Secure" not in session
    status, _, html = _request(server, "GET", "/access", headers=dict(FORWARDED, **{"X-Forwarded-For": "1.2.3.4"}))
    assert "scores.example" not in html


def test_the_server_says_when_it_trusts_a_proxy(start):
    server = start(SCOREPAD_PROXY="1")
    assert "trusting X-Forwarded-For/Proto/Host/Port from 127.0.0.1" in server.log()


def test_a_refusal_for_too_many_connections_is_a_clear_503(start):
    server = start(SCOREPAD_CLIENT_CONNECTIONS="2")
    held = [connect_from("127.0.0.5", server.port) for _ in range(3)]
    try:
        extra = connect_from("127.0.0.5", server.port)
        extra.settimeout(5)
        answer = extra.recv(4096)
        extra.close()
        assert answer.startswith(b"HTTP/1.1 503") and b"Too many connections from this address" in answer
        status, _ = timed_get(server.base, "/healthz")  # another address is served
        assert status == 200
    finally:
        for sock in held:
            sock.close()


def test_settings_adjust_waitress():
    import serve

    chosen = serve.settings({"MAX_CONTENT_LENGTH": 1024 * 1024, "IMPORT_MAX_BYTES": 32 * 1024 * 1024},
                            {"SCOREPAD_PROXY": "1", "SCOREPAD_THREADS": "12"})
    adj = chosen["adjustments"]
    assert adj["max_request_body_size"] == 1024 * 1024 + 1
    assert adj["trusted_proxy"] == "127.0.0.1" and adj["threads"] == 12
    assert adj["trusted_proxy_headers"] >= {"x-forwarded-for", "x-forwarded-proto", "x-forwarded-host"}
    assert chosen["limits"]["import_body"] == 32 * 1024 * 1024
    with pytest.raises(SystemExit, match="SCOREPAD_THREADS must be a whole number"):
        serve.settings({"MAX_CONTENT_LENGTH": 1}, {"SCOREPAD_THREADS": "many"})
    assert json.dumps(adj, default=list)  # plain values only
