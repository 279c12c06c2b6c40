"""API tokens (web/server/tokens.py, docs/api.md "Tokens"): made on Settings or on the command line,
shown once and stored as a digest, revocable; ``Authorization: Bearer TOKEN`` passes the access
code; without an access code nothing changes."""

from __future__ import annotations

import hashlib
import sqlite3

import pytest

from app import create_app
from tests.conftest import csrf_token

CODE = "fern 42"


@pytest.fixture
def locked_app(tmp_path):
    return create_app({"DATABASE": str(tmp_path / "locked.db"), "SECRET_KEY": "k", "ACCESS_CODE": CODE, "TESTING": True})


@pytest.fixture
def script(locked_app):
    """A client with no session: a script such as curl."""
    return locked_app.test_client()


@pytest.fixture
def browser(locked_app):
    """A device that entered the access code."""
    client = locked_app.test_client()
    response = client.post("/access", data={"csrf_token": csrf_token(client, "/access"), "code": CODE})
    assert response.status_code == 303
    return client


def cli_token(app, name):
    result = app.test_cli_runner().invoke(args=["token", "create", name])
    assert result.exit_code == 0, result.output
    return result.output.strip().splitlines()[-1]


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def test_without_a_token_the_api_is_401_and_says_how_to_send_one(script):
    response = script.get("/api/plays")
    assert response.status_code == 401
    assert "Authorization: Bearer TOKEN" in response.get_json()["errors"][0]["message"]


def test_a_token_made_on_the_command_line_is_its_last_line_and_passes_the_access_code(locked_app, script):
    token = cli_token(locked_app, "nightly export")
    assert token.startswith("sp_") and len(token) == 3 + 43  # 32 random bytes, URL-safe base64
    assert script.get("/api/plays", headers=bearer(token)).status_code == 200
    assert script.get("/plays", headers=bearer(token)).status_code == 200  # the pages too
    # the header is read per request: nothing is remembered without it
    assert script.get("/api/plays").status_code == 401


def test_the_whole_plays_api_loop_with_a_token(locked_app, script):
    auth = bearer(cli_token(locked_app, "scorebot"))
    created = script.post("/api/plays", json={"game": "stub", "players": ["Ann", "Bob"], "played_at": "2026-11-28T20:30"},
                          headers=auth)
    assert created.status_code == 201
    play_id = created.get_json()["id"]
    for position, points in ((0, 12), (1, 30)):
        response = script.patch(f"/api/plays/{play_id}/seats/{position}",
                                json={"base_version": 1, "set": {"points": points}, "done": True}, headers=auth)
        assert response.status_code == 200, response.get_json()
    finished = script.post(f"/api/plays/{play_id}/finish", headers=auth)
    assert finished.status_code == 200 and finished.get_json()["result"]["winners"] == ["Bob"]
    listed = script.get("/api/plays?status=finished", headers=auth).get_json()
    assert [(p["id"], p["winners"]) for p in listed["plays"]] == [(play_id, ["Bob"])]


@pytest.mark.parametrize("header", ["Bearer sp_not-a-real-token", "Bearer ", "bearer nonsense", "Bearer " + "x" * 5000])
def test_an_unknown_token_is_401_naming_the_header(locked_app, script, header):
    cli_token(locked_app, "real")
    response = script.get("/api/plays", headers={"Authorization": header})
    assert response.status_code == 401
    assert response.headers["WWW-Authenticate"] == 'Bearer error="invalid_token"'
    error = response.get_json()["errors"][0]
    assert error["path"] == "Authorization" and "live tokens" in error["message"]


def test_another_kind_of_authorization_is_not_a_token(script):
    response = script.get("/api/plays", headers={"Authorization": "Basic YW5uOmZlcm4="})
    assert response.status_code == 401 and response.get_json()["errors"][0]["path"] == ""


def test_a_revoked_token_stops_at_once_and_stays_listed_as_revoked(locked_app, script):
    token = cli_token(locked_app, "laptop")
    runner = locked_app.test_cli_runner()
    result = runner.invoke(args=["token", "revoke", "LAPTOP"])  # the name in any case
    assert result.exit_code == 0 and 'Token "laptop" revoked.' in result.output
    assert script.get("/api/plays", headers=bearer(token)).status_code == 401
    listing = runner.invoke(args=["token", "list"]).output
    assert "laptop" in listing and "revoked" in listing and token not in listing
    # the name is free again
    assert cli_token(locked_app, "laptop") != token


def test_the_command_line_refuses_a_name_twice_an_unknown_revoke_and_an_empty_name(locked_app):
    cli_token(locked_app, "phone")
    runner = locked_app.test_cli_runner()
    twice = runner.invoke(args=["token", "create", "Phone"])
    assert twice.exit_code == 1 and 'a token named "Phone" exists' in twice.output
    unknown = runner.invoke(args=["token", "revoke", "tablet"])
    assert unknown.exit_code == 1 and 'no live token named "tablet"' in unknown.output and "phone" in unknown.output
    empty = runner.invoke(args=["token", "create", "   "])
    assert empty.exit_code == 1 and "give the token a name" in empty.output
    assert runner.invoke(args=["token", "create", "x" * 61]).exit_code == 1
    assert runner.invoke(args=["token", "create", "x" * 60]).exit_code == 0  # the longest name


def test_only_the_digest_is_stored(locked_app, tmp_path):
    token = cli_token(locked_app, "stored")
    db = sqlite3.connect(tmp_path / "locked.db")
    digest, hint = db.execute("SELECT digest, hint FROM api_tokens").fetchone()
    assert digest == hashlib.sha256(token.encode()).hexdigest() and hint == token[:7]
    dump = "\n".join(db.iterdump())
    assert token not in dump


def test_settings_makes_a_token_shows_it_once_and_revokes_it(browser, script, locked_app):
    page = browser.get("/settings").get_data(as_text=True)
    assert 'id="api-tokens"' in page and "Make a token" in page
    made = browser.post("/settings/tokens", data={"csrf_token": csrf_token(browser, "/settings"), "name": "  spreadsheet  "})
    assert made.status_code == 200 and made.headers["Cache-Control"] == "no-store"
    html = made.get_data(as_text=True)
    token = html.split('id="token-value">')[1].split("<")[0]
    assert token.startswith("sp_") and "shown only this once" in html and "“spreadsheet”" in html
    assert script.get("/api/plays", headers=bearer(token)).status_code == 200
    settings = browser.get("/settings").get_data(as_text=True)
    assert "spreadsheet" in settings and token[:7] in settings and token not in settings  # listed, never shown again
    with locked_app.app_context():
        from web.server.tokens import tokens
        (row,) = tokens()
    revoked = browser.post(f"/settings/tokens/{row['id']}/revoke", data={"csrf_token": csrf_token(browser, "/settings")})
    assert revoked.status_code == 303 and revoked.headers["Location"].endswith("/settings#api-tokens")
    assert script.get("/api/plays", headers=bearer(token)).status_code == 401
    assert "revoked" in browser.get("/settings").get_data(as_text=True)


@pytest.mark.parametrize(("name", "words"), [("", "Give the token a name"), ("x" * 61, "At most 60 characters")])
def test_settings_refuses_a_bad_name_with_the_reason(browser, name, words):
    response = browser.post("/settings/tokens", data={"csrf_token": csrf_token(browser, "/settings"), "name": name})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert words in html and 'id="token-value"' not in html


def test_settings_refuses_a_name_of_a_live_token(browser, locked_app):
    cli_token(locked_app, "bot")
    response = browser.post("/settings/tokens", data={"csrf_token": csrf_token(browser, "/settings"), "name": "BOT"})
    assert response.status_code == 422 and "A token named &#34;BOT&#34; exists" in response.get_data(as_text=True)


def test_settings_tokens_need_the_csrf_token_and_the_access_code(browser, script):
    assert browser.post("/settings/tokens", data={"name": "x"}).status_code in (400, 422)
    assert script.post("/settings/tokens", data={"name": "x"}).status_code == 303  # to /access
    assert browser.post("/settings/tokens/999/revoke", data={"csrf_token": csrf_token(browser, "/settings")}).status_code == 404


def test_without_an_access_code_nothing_changes(app, client):
    assert client.get("/api/plays").status_code == 200
    assert client.get("/api/plays", headers={"Authorization": "Bearer sp_whatever"}).status_code == 200
    assert "scripts need no token" in client.get("/settings").get_data(as_text=True)


def test_tokens_are_not_in_the_export_and_leave_the_instance_empty_for_an_import(locked_app):
    cli_token(locked_app, "kept out")
    with locked_app.app_context():
        from web.data.backup import export_data, instance_is_empty
        assert "api_tokens" not in export_data(locked_app.config["DATABASE"])["tables"]
        assert instance_is_empty()


def test_a_token_marks_when_it_was_last_used(locked_app, script):
    token = cli_token(locked_app, "used")
    with locked_app.app_context():
        from web.server.tokens import tokens
        assert tokens()[0]["last_used_at"] is None
    script.get("/api/plays", headers=bearer(token))
    with locked_app.app_context():
        assert tokens()[0]["last_used_at"] is not None
