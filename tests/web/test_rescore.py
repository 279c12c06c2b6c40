"""Stored totals follow the engine (issue 15.7): when a game's engine version changes (any change
to a score or a validation bumps it), every stored play scored by the old version is rescored, on
start-up and with `flask --app app rescore`; history, player statistics and the edit log follow."""

from __future__ import annotations

import dataclasses
import re

import scoring
from app import create_app
from tests import stubgame
from tests.conftest import csrf_token, mark_done, new_play


def _finish(client, token, points=(10, 5)) -> int:
    play_id = new_play(client, token, players=("Ann", "Bob"), bonus="0")
    for position, p in enumerate(points):
        client.post(f"/plays/{play_id}/seats/{position}", data={"csrf_token": token, "state_json": f'{{"points": {p}}}'})
    mark_done(client, token, play_id, 0, 1)
    assert client.post(f"/plays/{play_id}/finish", data={"csrf_token": token}).status_code == 303
    return play_id


def _stats(client, name):
    from tests.web.test_players_history import player_id

    page = client.get(f"/players/{player_id(client, name)}").get_data(as_text=True)
    return re.search(r"Stub Game</th><td>(\d+)</td><td>(\d+)</td><td>([\d.]+)</td><td>(\d+)</td>", page).groups()


def test_a_fixed_rule_reaches_history_player_stats_and_the_edit_log(tmp_path, monkeypatch):
    config = {"DATABASE": str(tmp_path / "t.db"), "SECRET_KEY": "k", "TESTING": True, "RESCORE_ON_START": False}
    app = create_app(config)
    client = app.test_client()
    token = csrf_token(client)
    play_id = _finish(client, token)
    assert "Ann 10" in client.get("/plays").get_data(as_text=True)
    assert _stats(client, "Ann") == ("1", "1", "10.0", "10")
    original = scoring.get("stub")

    def doubled(table):
        players = [dict(p, points=p["points"] * 2) if isinstance(p.get("points"), int) else p for p in table["players"]]
        return dataclasses.replace(stubgame.score({**table, "players": players}), engine_version="stub-2")

    scoring.register(dataclasses.replace(original, engine_version="stub-2", score=doubled))
    try:
        # the command line
        result = app.test_cli_runner().invoke(args=["rescore"])
        assert result.exit_code == 0, result.output
        assert "Ann: rescored by engine stub-2: 10 -> 20" in result.output and "Rescored 1 play." in result.output
        history = client.get("/plays").get_data(as_text=True)
        assert "Ann 20" in history
        assert _stats(client, "Ann") == ("1", "1", "20.0", "20")
        log = client.get(f"/plays/{play_id}/log").get_data(as_text=True)
        assert "rescored" in log
        # nothing left to do
        again = app.test_cli_runner().invoke(args=["rescore"])
        assert "Rescored 0 plays." in again.output
    finally:
        scoring.register(original)


def test_start_up_rescores_the_stale_plays_in_the_background(tmp_path):
    config = {"DATABASE": str(tmp_path / "s.db"), "SECRET_KEY": "k", "TESTING": True, "RESCORE_ON_START": False}
    app = create_app(config)
    client = app.test_client()
    _finish(client, csrf_token(client), points=(3, 4))
    original = scoring.get("stub")

    def plus_one(table):
        players = [dict(p, points=p["points"] + 1) if isinstance(p.get("points"), int) else p for p in table["players"]]
        return dataclasses.replace(stubgame.score({**table, "players": players}), engine_version="stub-3")

    scoring.register(dataclasses.replace(original, engine_version="stub-3", score=plus_one))
    try:
        restarted = create_app({**config, "RESCORE_ON_START": True})
        thread = restarted.extensions["scorepad_rescore"]
        assert thread is not None
        thread.join(timeout=30)
        history = restarted.test_client().get("/plays").get_data(as_text=True)
        assert "Bob 5" in history and "Ann 4" in history
    finally:
        scoring.register(original)
