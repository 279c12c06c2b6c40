"""Fixtures: a fresh app and database per test (flaskr-style), the stub game, CSRF helpers."""

from __future__ import annotations

import os
import re

import pytest

import scoring
from app import create_app
from tests import stubgame

# Every template renders with Jinja's StrictUndefined under test (app.py): the test client's apps
# (TESTING), the browser tests' live servers and the real servers started for the reliability
# tests (this environment is theirs too).
os.environ["SCOREPAD_STRICT_TEMPLATES"] = "1"


def pytest_collection_modifyitems(config, items):
    """Mark the browser tests (e2e), the real-server tests (reliability) and the property tests
    (slow: every Hypothesis test, hundreds of generated tables each): `make test-fast` leaves all
    three out, `make test` runs them."""
    for item in items:
        if getattr(getattr(item, "obj", None), "is_hypothesis_test", False):
            item.add_marker(pytest.mark.slow)
        where = str(item.fspath).replace(os.sep, "/")
        if "/tests/e2e/" in where:
            item.add_marker(pytest.mark.e2e)
        if "/tests/reliability/" in where or where.endswith("/tests/test_reliability.py"):
            item.add_marker(pytest.mark.reliability)


@pytest.fixture(autouse=True, scope="session")
def stub_game():
    scoring.register(stubgame.GAME)
    yield stubgame.GAME
    scoring.unregister("stub")


@pytest.fixture(autouse=True)
def _instance_folder(tmp_path, monkeypatch):
    """No test writes into the real instance/ folder (backups, secret key)."""
    monkeypatch.setenv("SCOREPAD_INSTANCE", str(tmp_path / "instance"))


@pytest.fixture
def app(tmp_path):
    # the group's zone is UTC under test (whatever the machine's), unless a test chooses another
    app = create_app(
        {"DATABASE": str(tmp_path / "test.db"), "SECRET_KEY": "test-secret", "TESTING": True, "TIMEZONE": "UTC"}
    )
    yield app


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


TOKEN = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"|name="csrf_token" value="([^"]+)"')


def csrf_token(client, url: str = "/players") -> str:
    html = client.get(url).get_data(as_text=True)
    match = TOKEN.search(html)
    assert match, f"no CSRF token on {url}"
    return match.group(1) or match.group(2)


@pytest.fixture
def token(client):
    return csrf_token(client)


def mark_done(client, token, play_id: int, *positions: int) -> None:
    """The players of these seats tap Done (a seat counts only once its player says so)."""
    for position in positions:
        response = client.post(f"/plays/{play_id}/seats/{position}/done", data={"csrf_token": token})
        assert response.status_code == 303, response.get_data(as_text=True)[:3000]


def new_play(client, token, game="stub", players=("Ann", "Bob"), **options) -> int:
    data = {"csrf_token": token, "game": game, "played_at": "2026-11-28T20:30"}
    for i, name in enumerate(players):
        data[f"players-{i}"] = name
    for key, value in options.items():
        data[f"opt-{game}-{key}"] = value
    response = client.post("/plays", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    return int(response.headers["Location"].rstrip("/").split("/")[-1])


def finished_play(client, token, players=("Ann", "Bob"), points=None) -> int:
    """A stub play with every seat entered (``points`` per seat, 10, 20, ... by default), done and
    finished: the kind of play the counts and statistics count."""
    import json

    play_id = new_play(client, token, players=players)
    for position, _ in enumerate(players):
        value = points[position] if points else 10 * (position + 1)
        response = client.post(f"/plays/{play_id}/seats/{position}",
                               data={"csrf_token": token, "state_json": json.dumps({"points": value}), "next": "play"})
        assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    response = client.post(f"/plays/{play_id}/finish", data={"csrf_token": token})
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    return play_id
# The sixth game's files are dropped into a copy of the project by tests/test_sixth_game.py;
# they are not modules of this one.
collect_ignore = ["sixth_game"]
