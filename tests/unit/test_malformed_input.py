"""Never a crash (issue 15.3): for every game, through the command line and the HTTP API, every
malformed body gets an answer: the CLI exits 2 with {"errors": [...]}, the API answers 422;
a UTF-8 byte order mark is accepted.  Property-based (hypothesis) over random bytes and random
JSON values, plus the named cases: deep nesting, bad UTF-8, huge integers, NaN / Infinity,
lone surrogates."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import scoring
from scoring.__main__ import main

ROOT = Path(__file__).resolve().parents[2]
GAMES = [g.name for g in scoring.games() if g.ready and g.name != "stub"]

NAMED = {
    "deep nesting": b'{"players": ' + b"[" * 5000 + b"]" * 5000 + b"}",
    "deep objects": b'{"options": ' + b'{"a": ' * 3000 + b"1" + b"}" * 3000 + b', "players": []}',
    "bad UTF-8": b'{"players": [{"name": "\xff\xfe"}]}',
    "huge integer": b'{"players": [{"name": "A", "propagation": ' + b"9" * 5000 + b"}]}",
    "NaN": b'{"players": [{"name": "A", "wrens": NaN}]}',
    "Infinity": b'{"players": [{"name": "A", "wrens": -Infinity}]}',
    "too large a float": b'{"players": [{"name": "A", "wrens": 1e400}]}',
    "lone surrogate in a name": b'{"players": [{"name": "\\ud800"}]}',
    "lone surrogate in a key": b'{"players": [{"name": "A", "\\udfff": 1}]}',
    "not JSON": b"{players: [}",
    "empty": b"",
}


def cli(game: str, data: bytes, monkeypatch, capsys) -> tuple[int, dict]:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="strict"))
    code = main([game])
    out = capsys.readouterr().out
    return code, json.loads(out)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("case", sorted(NAMED))
def test_a_named_malformed_body_is_refused_by_the_cli_and_the_api(game, case, monkeypatch, capsys, client):
    code, out = cli(game, NAMED[case], monkeypatch, capsys)
    assert code == 2 and out["errors"] and all({"path", "message"} <= set(e) for e in out["errors"]), (case, out)
    response = client.post(f"/api/score/{game}", data=NAMED[case], headers={"Content-Type": "application/json"})
    assert response.status_code == 422, (case, response.status_code)
    assert response.get_json()["errors"]


@pytest.mark.parametrize("game", GAMES)
def test_a_byte_order_mark_is_accepted(game, monkeypatch, capsys, client):
    text = (ROOT / "docs" / "api" / f"{game}.md").read_text(encoding="utf-8")
    example = re.search(r"^## Example[^\n]*\n(.*?)(?=^## |\Z)", text, flags=re.S | re.M).group(1)
    table = json.loads(example.split("```json\n", 1)[1].split("```", 1)[0])
    data = b"\xef\xbb\xbf" + json.dumps(table).encode()
    code, out = cli(game, data, monkeypatch, capsys)
    assert code == 0 and out["players"], out
    response = client.post(f"/api/score/{game}", data=data, headers={"Content-Type": "application/json"})
    assert response.status_code == 200


def test_the_real_command_line_exits_2_and_prints_json_for_a_lone_surrogate():
    done = subprocess.run([sys.executable, "-m", "scoring", "planted"], input=NAMED["lone surrogate in a name"],
                          capture_output=True, cwd=ROOT, timeout=60)
    assert done.returncode == 2, done.stderr.decode()
    assert json.loads(done.stdout)["errors"][0]["path"] == "players[0].name"
    assert b"Traceback" not in done.stderr


def test_the_real_command_line_exits_2_for_deep_nesting_and_bad_bytes():
    for data in (NAMED["deep nesting"], NAMED["bad UTF-8"], NAMED["huge integer"]):
        done = subprocess.run([sys.executable, "-m", "scoring", "verdant"], input=data, capture_output=True,
                              cwd=ROOT, timeout=60)
        assert done.returncode == 2 and b"Traceback" not in done.stderr, done.stderr.decode()[-500:]
        assert json.loads(done.stdout)["errors"]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**30, 10**30) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4),
    max_leaves=30,
)
KEYS = st.sampled_from(["name", "home", "plants", "grid", "garden", "display", "propagation", "wrens", "lost_items",
                        "achievements", "options", "players", "player_count", "decorations", "money_plant_leaves"])


@st.composite
def tables(draw):
    players = draw(st.lists(st.dictionaries(KEYS, json_values, max_size=5), min_size=0, max_size=6))
    for i, p in enumerate(players):
        if draw(st.booleans()):
            p["name"] = f"P{i}"
    table = {"players": players}
    if draw(st.booleans()):
        table["options"] = draw(st.dictionaries(st.text(max_size=12), json_values, max_size=4))
    if draw(st.booleans()):
        table["player_count"] = draw(json_values)
    return table


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=st.sampled_from(GAMES), table=tables())
def test_random_tables_give_a_result_or_errors_never_a_crash(game, table, monkeypatch, capsys, client):
    data = json.dumps(table).encode()
    code, out = cli(game, data, monkeypatch, capsys)
    assert (code == 0 and "players" in out) or (code == 2 and out["errors"]), out
    response = client.post(f"/api/score/{game}", data=data, headers={"Content-Type": "application/json"})
    assert response.status_code in (200, 422)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=st.sampled_from(GAMES), data=st.binary(max_size=200))
def test_random_bytes_are_refused_with_errors_never_a_crash(game, data, monkeypatch, capsys, client):
    code, out = cli(game, data, monkeypatch, capsys)
    assert code in (0, 2) and (out.get("errors") or "players" in out)
    response = client.post(f"/api/score/{game}", data=data, headers={"Content-Type": "application/json"})
    assert response.status_code in (200, 422)
