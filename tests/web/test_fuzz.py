"""Hostile and random input through HTTP: the only outcomes are a result (200) or a validation
error naming a field (422), never a 500.  Each game's own parser is fuzzed in tests/unit too."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import scoring
from app import create_app

GAMES = [g.name for g in scoring.games()][:5]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=10), children, max_size=5),
    max_leaves=25,
)

_app = None


def client():
    global _app
    if _app is None:
        import tempfile

        _app = create_app({"DATABASE": tempfile.mkdtemp() + "/fuzz.db", "SECRET_KEY": "fuzz"})
    return _app.test_client()


def check(game: str, body) -> None:
    response = client().post(f"/api/score/{game}", data=json.dumps(body), content_type="application/json")
    assert response.status_code in (200, 422), (game, body, response.status_code)
    data = response.get_json()
    if response.status_code == 422:
        assert data["errors"] and all("path" in e and e["message"] for e in data["errors"])
    else:
        assert [p["name"] for p in data["players"]] == [p["name"] for p in body["players"]]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), body=json_values)
def test_random_json_never_breaks_the_score_api(game, body):
    check(game, body)


player_like = st.dictionaries(
    st.sampled_from(["name", "home", "plants", "grid", "garden", "display", "wrens", "green_thumbs", "propagation",
                     "lost_items", "achievements", "money_plant_leaves", "watering_can", "storage", "decorations"]),
    json_values,
    max_size=6,
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), players=st.lists(player_like, min_size=0, max_size=5), options=json_values)
def test_table_shaped_garbage_never_breaks_the_score_api(game, players, options):
    check(game, {"options": options, "players": players})
