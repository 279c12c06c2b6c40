"""A hosted instance against the real server (serve.py in its own process): guessing the access
code from many loopback addresses at once meets the limit over everyone, an IPv6 /64 behind the
proxy is one client, admitted devices and API tokens carry on, and every cookie is Secure when
the proxy says HTTPS.  Figures: docs/reliability.md "Guessing the code"."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
import time

import pytest

from tests.reliability.client import ROOT
from tests.reliability.harness import TunedServer, connect_from

CODE = "sesame"


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


def request(server, method, path, source="127.0.0.1", headers=None, body=None, cookie=None):
    """One HTTP/1.1 request from the loopback address ``source``: (status, header lines, body)."""
    sock = connect_from(source, server.port, timeout=30)
    lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", "Connection: close"]
    lines += [f"{key}: {value}" for key, value in (headers or {}).items()]
    if cookie:
        lines.append(f"Cookie: {cookie}")
    data = body.encode() if body else b""
    if body is not None:
        lines += ["Content-Type: application/x-www-form-urlencoded", f"Content-Length: {len(data)}"]
    sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode() + data)
    answer = b""
    while chunk := sock.recv(65536):
        answer += chunk
    sock.close()
    head, _, rest = answer.partition(b"\r\n\r\n")
    return int(head.split(b" ")[1]), head.decode("latin-1").split("\r\n")[1:], rest.decode("utf-8", "replace")


def set_cookies(lines) -> dict[str, str]:
    return {line.split(":", 1)[1].split("=", 1)[0].strip(): line for line in lines if line.lower().startswith("set-cookie:")}


def guess(server, code, source="127.0.0.1", headers=None):
    """A new device opens /access and sends ``code``: (status, header lines, page, cookie, first answer's cookies)."""
    _, lines, html = request(server, "GET", "/access", source=source, headers=headers)
    first = set_cookies(lines)
    cookie = "; ".join(v.split(":", 1)[1].split(";")[0].strip() for v in first.values())
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html).group(1)
    status, lines, page = request(server, "POST", "/access", source=source, headers=headers, cookie=cookie,
                                  body=f"csrf_token={token}&code={code}")
    session = set_cookies(lines).get("session")
    if session:
        cookie = "; ".join([c for c in cookie.split("; ") if not c.startswith("session=")]
                           + [session.split(":", 1)[1].split(";")[0].strip()])
    return status, lines, page, cookie, first


def test_forty_addresses_guessing_at_once_get_thirty_codes_judged_and_admitted_devices_carry_on(start, tmp_path):
    server = start(SCOREPAD_ACCESS_CODE=CODE)
    status, _, _, admitted, _ = guess(server, CODE, source="127.0.0.2")
    assert status == 303
    env = dict(os.environ, SCOREPAD_INSTANCE=str(server.instance), SCOREPAD_DATABASE=server.database,
               SCOREPAD_ACCESS_CODE=CODE)
    made = subprocess.run([sys.executable, "-m", "flask", "--app", "app", "token", "create", "script"], cwd=ROOT,
                          env=env, capture_output=True, text=True, check=True)
    token = made.stdout.strip().splitlines()[-1]

    # forty addresses (127.0.0.10 .. 127.0.0.49), one wrong code each, all at the same moment
    results: dict[str, tuple[int, str]] = {}
    barrier = threading.Barrier(40)

    def one(source: str) -> None:
        barrier.wait()
        status, lines, page, _, _ = guess(server, "wrong", source=source)
        retry = next((line.split(":", 1)[1].strip() for line in lines if line.lower().startswith("retry-after:")), "")
        results[source] = (status, retry if status == 429 else page)

    threads = [threading.Thread(target=one, args=(f"127.0.0.{n}",)) for n in range(10, 50)]
    started = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    took = time.monotonic() - started
    statuses = [s for s, _ in results.values()]
    # 30 judged (29 "not the code", the 30th fills the window and says wait), 10 refused unjudged
    assert statuses.count(403) == 29 and statuses.count(429) == 11, (statuses, took)
    assert all(0 < int(r) <= 60 for s, r in results.values() if s == 429 and r)

    # a new device with the right code waits too: a guess beyond the limit is not judged
    status, lines, page, _, _ = guess(server, CODE, source="127.0.0.60")
    assert status == 429 and "from anywhere" in page
    # the device admitted before, and a script with its token, go on as if nothing happened
    status, _, html = request(server, "GET", "/players", source="127.0.0.2", cookie=admitted)
    assert status == 200 and "Players" in html
    status, _, body = request(server, "GET", "/api/plays", source="127.0.0.3", headers={"Authorization": f"Bearer {token}"})
    assert status == 200 and '"plays":[]' in body.replace(" ", "")
    print(f"\n40 addresses guessing at once: {statuses.count(403) + 1} codes judged, "
          f"{statuses.count(429) - 1} refused, in {took:.2f} s")


# What a TLS proxy passes on from a browser at https://scores.example.
FORWARDED = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "scores.example", "Referer": "https://scores.example/access"}


def test_behind_the_proxy_an_ipv6_64_is_one_client_and_every_cookie_is_secure(start):
    server = start(SCOREPAD_PROXY="1", SCOREPAD_ACCESS_CODE=CODE)
    statuses = []
    for host in range(1, 7):  # six addresses of one /64, as the proxy reports them
        headers = dict(FORWARDED, **{"X-Forwarded-For": f"2001:db8:5:6::{host:x}"})
        status, _, _, _, first = guess(server, "wrong", headers=headers)
        statuses.append(status)
        # the device and session cookies of a new phone over HTTPS: Secure
        assert "Secure" in first["scorepad_device"] and "Secure" in first["session"]
    assert statuses == [403, 403, 403, 403, 429, 429]
    headers = dict(FORWARDED, **{"X-Forwarded-For": "2001:db8:5:6:abcd::1"})
    assert guess(server, CODE, headers=headers)[0] == 429  # the right code from that /64: not judged
    headers = dict(FORWARDED, **{"X-Forwarded-For": "2001:db8:5:7::1"})  # the next /64
    status, _, _, cookie, _ = guess(server, CODE, headers=headers)
    assert status == 303
    # an admitted phone names itself: that cookie is Secure too
    status, _, html = request(server, "GET", "/settings", headers=headers, cookie=cookie)
    assert status == 200
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html).group(1)
    headers = dict(headers, Referer="https://scores.example/settings")
    status, lines, _ = request(server, "POST", "/settings/device", headers=headers, cookie=cookie,
                               body=f"csrf_token={token}&name=Kitchen")
    assert status == 303 and "Secure" in set_cookies(lines)["scorepad_name"]


def test_over_plain_http_the_cookies_stay_as_they_were(start):
    server = start(SCOREPAD_ACCESS_CODE=CODE)
    status, _, _, _, first = guess(server, CODE, source="127.0.0.5")
    assert status == 303 and "Secure" not in first["scorepad_device"] and "Secure" not in first["session"]


def test_the_bgstats_upload_takes_an_export_as_large_as_the_backup_import(start):
    from tests.reliability.harness import body_read_before_413

    server = start(SCOREPAD_MAX_IMPORT_MB="3")
    two_mb = "a" * (2 * 1024 * 1024)
    status, _, _ = request(server, "POST", "/settings/bgstats", body=two_mb)
    assert status == 400  # read whole, then refused for its missing CSRF token (not 413)
    assert body_read_before_413(server.port, "/settings/bgstats", declared=4 * 1024 * 1024)["status"] == 413
    assert body_read_before_413(server.port, "/settings/bgstats/import", declared=2 * 1024 * 1024)["status"] == 413
