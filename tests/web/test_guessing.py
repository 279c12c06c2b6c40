"""The limits on guessing the access code (web/server/guessing.py): per client (IPv6 per /64) and over
every client together; a refused guess is not judged; admitted devices never meet either."""

from __future__ import annotations

import threading

import pytest

from app import create_app
from tests.conftest import csrf_token
from web.server.guessing import GuessLimits, Ticket, Wait, client_key


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def wrong(limits: GuessLimits, address: str) -> Wait | Ticket:
    """A guess judged wrong (it keeps its place in the windows)."""
    return limits.begin(address)


def test_five_wrong_codes_from_one_client_then_it_waits_out_the_five_minutes():
    clock = Clock()
    limits = GuessLimits(clock=clock)
    for _ in range(5):
        assert isinstance(wrong(limits, "203.0.113.5"), Ticket)
    clock.now += 10
    # the oldest of the five was 10 s ago: 300 - 10 = 290 s left
    assert limits.wait("203.0.113.5") == Wait(290)
    assert limits.wait("203.0.113.6") == Wait(0)  # another address is not held up
    clock.now += 289.9  # 299.9 s after the first: still waiting (the smallest miss), 0.1 s rounded up
    assert limits.wait("203.0.113.5") == Wait(1)
    clock.now += 0.1  # 300 s: the first has left the window
    assert limits.wait("203.0.113.5") == Wait(0)


def test_four_wrong_codes_leave_a_fifth_try():
    limits = GuessLimits(clock=Clock())
    for _ in range(4):
        wrong(limits, "198.51.100.1")
    assert isinstance(limits.begin("198.51.100.1"), Ticket)
    assert limits.wait("198.51.100.1").seconds > 0


def test_an_ipv6_network_is_one_client_per_64():
    limits = GuessLimits(clock=Clock())
    for host in range(1, 6):  # five addresses of one /64
        assert isinstance(wrong(limits, f"2001:db8:7:1::{host:x}"), Ticket)
    assert limits.wait("2001:db8:7:1:ffff:ffff:ffff:ffff").seconds > 0  # any other address of that /64
    assert limits.wait("2001:db8:7:2::1") == Wait(0)  # the next /64 is another client
    assert client_key("::ffff:192.0.2.1") == client_key("192.0.2.1")  # IPv4 written as IPv6


def test_thirty_wrong_codes_a_minute_from_anywhere_then_every_new_guess_waits():
    clock = Clock()
    limits = GuessLimits(clock=clock)
    for n in range(30):  # thirty addresses, one wrong code each, one a second
        assert isinstance(wrong(limits, f"10.0.{n}.1"), Ticket), n
        clock.now += 1
    # now = 30 s after the first: it leaves the window at 60 s, so 30 s to wait
    waiting = limits.begin("10.9.9.9")
    assert waiting == Wait(30, everyone=True)
    assert limits.wait("10.0.0.1") == Wait(30, everyone=True)
    clock.now += 30  # the first left the window: one guess may be judged, then the next waits again
    assert isinstance(limits.begin("10.9.9.9"), Ticket)
    # (the window holds the 2nd to 30th, 1001..1029, and this one: the 2nd leaves at 1061, in 1 s)
    assert limits.wait("10.8.8.8") == Wait(1, everyone=True)


def test_twenty_nine_wrong_codes_leave_room_for_a_thirtieth():
    limits = GuessLimits(clock=Clock())
    for n in range(29):
        wrong(limits, f"10.1.{n}.1")
    assert isinstance(limits.begin("10.2.0.1"), Ticket)
    assert limits.wait("10.2.0.2").everyone


def test_a_right_code_gives_its_place_back():
    limits = GuessLimits(clock=Clock())
    for n in range(29):
        wrong(limits, f"10.3.{n}.1")
    ticket = limits.begin("10.4.0.1")
    assert isinstance(ticket, Ticket)
    limits.right(ticket)  # it was the code: the window holds 29 again
    assert isinstance(limits.begin("10.4.0.2"), Ticket)


def test_forty_guesses_at_the_same_moment_are_judged_thirty_at_most():
    limits = GuessLimits(clock=Clock())
    results: list[object] = []
    barrier = threading.Barrier(40)

    def guess(n: int) -> None:
        barrier.wait()
        results.append(limits.begin(f"172.16.{n}.1"))

    threads = [threading.Thread(target=guess, args=(n,)) for n in range(40)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sum(isinstance(r, Ticket) for r in results) == 30
    assert sum(isinstance(r, Wait) and r.everyone for r in results) == 10


def test_clients_with_no_recent_failure_are_forgotten_when_many_are_remembered(monkeypatch):
    import web.server.guessing

    monkeypatch.setattr(web.server.guessing, "PRUNE_AT", 10)
    clock = Clock()
    limits = GuessLimits(overall=1000, clock=clock)
    for n in range(10):
        wrong(limits, f"10.5.{n}.1")
    clock.now += 300
    wrong(limits, "10.6.0.1")  # the eleventh client: the ten old ones go
    assert set(limits._clients) == {"10.6.0.1"}


# ------------------------------------------------------------------ through /access


@pytest.fixture
def locked(tmp_path):
    return create_app({"DATABASE": str(tmp_path / "g.db"), "SECRET_KEY": "k", "ACCESS_CODE": "fern 42",
                       "ACCESS_ATTEMPTS_ALL": 6})


def post_code(app, code, address, client=None):
    client = client or app.test_client()
    env = {"REMOTE_ADDR": address}
    token = csrf_token(client, "/access") if client.get("/access", environ_base=env) else ""
    return client.post("/access", data={"csrf_token": token, "code": code}, environ_base=env), client


def test_the_access_page_counts_an_ipv6_64_as_one_client(locked):
    for host in range(1, 6):
        response, _ = post_code(locked, "nope", f"2001:db8:aa:bb::{host}")
    assert response.status_code == 429
    refused, _ = post_code(locked, "fern 42", "2001:db8:aa:bb::99")  # the right code, same /64: not judged
    assert refused.status_code == 429 and "from this device" in refused.get_data(as_text=True)
    assert int(refused.headers["Retry-After"]) > 200
    other, _ = post_code(locked, "fern 42", "2001:db8:aa:bc::1")
    assert other.status_code == 303


def test_beyond_the_limit_over_everyone_a_new_device_waits_but_an_admitted_one_does_not(locked):
    admitted = locked.test_client()
    assert post_code(locked, "fern 42", "192.0.2.200", admitted)[0].status_code == 303
    statuses = [post_code(locked, "nope", f"192.0.2.{n}")[0].status_code for n in range(1, 8)]
    assert statuses == [403] * 5 + [429, 429]  # the sixth wrong code fills the window (6 here)
    refused, _ = post_code(locked, "fern 42", "192.0.2.100")  # a new device with the right code
    html = refused.get_data(as_text=True)
    assert refused.status_code == 429 and "from anywhere" in html and "not affected" in html
    assert 0 < int(refused.headers["Retry-After"]) <= 61
    # the device admitted before goes on as if nothing happened
    assert admitted.get("/players", environ_base={"REMOTE_ADDR": "192.0.2.200"}).status_code == 200
    assert admitted.get("/api/plays", environ_base={"REMOTE_ADDR": "192.0.2.200"}).status_code == 200


def test_an_empty_code_is_not_counted(locked):
    for _ in range(10):
        response, _ = post_code(locked, "", "192.0.2.50")
        assert response.status_code == 422
    assert post_code(locked, "fern 42", "192.0.2.50")[0].status_code == 303
