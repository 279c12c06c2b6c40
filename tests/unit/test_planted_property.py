"""Planted property tests: whatever JSON arrives, the engine answers with a Result or a
ValidationError, and a valid table's totals always add up."""

from __future__ import annotations

import contextlib
import copy

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.core import Result, ValidationError
from scoring.planted import BEGINNERS, DECORATIONS, PLANTS, TOOLS, score

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(10**20), max_value=10**20)
    | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)

OTHERS = [p for p in PLANTS if not p.beginner]


@st.composite
def valid_tables(draw):
    n = draw(st.integers(min_value=2, max_value=5))
    beginners = draw(st.permutations(BEGINNERS))[:n]
    pool = list(draw(st.permutations(OTHERS)))
    left_dec = {d.key: d.count for d in DECORATIONS}
    left_tool = {t.key: t.count for t in TOOLS}
    table_items = 8 * n  # 2 Item cards per player per round, 4 rounds, never reshuffled
    tokens = 65  # the box's Growth tokens, on plant cards and in the jars together
    players = []
    for i in range(n):
        extra = [pool.pop() for _ in range(draw(st.integers(min_value=0, max_value=5)))]
        plants = []
        for p in [beginners[i], *extra]:
            plants.append({"name": p.name, "growth": draw(st.integers(0, min(p.spaces, tokens)))})
            tokens -= plants[-1]["growth"]
        propagation = draw(st.integers(0, tokens))
        tokens -= propagation
        budget = min(table_items, 32 - len(extra))  # 32 cards played, one per plant bought
        decorations = {}
        for key, left in left_dec.items():
            decorations[key] = draw(st.integers(0, min(left, budget)))
            left_dec[key] -= decorations[key]
            budget -= decorations[key]
            table_items -= decorations[key]
        tools = {}
        for key, left in left_tool.items():
            tools[key] = draw(st.integers(0, min(left, budget)))
            left_tool[key] -= tools[key]
            budget -= tools[key]
            table_items -= tools[key]
        players.append({"name": f"P{i}", "plants": plants, "propagation": propagation,
                        "decorations": decorations, "tools": tools})
    return {"options": {}, "players": players}


@settings(max_examples=150, deadline=None)
@given(valid_tables())
def test_every_legal_table_scores_and_its_rows_add_up(table):
    result = score(table)
    for player in result.players:
        assert player.total == sum(c.points for c in player.categories)
        pad = player.extra["pad"]
        assert pad[-1]["points"] == player.total
        assert sum(row["points"] for row in pad[:6]) == player.category("plants").points
        assert all(c.details for c in player.categories)
    assert result.winners and all(p.rank >= 1 for p in result.players)


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _paths(inner, prefix + (key,))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            yield from _paths(inner, prefix + (i,))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(valid_tables(), st.data())
def test_a_corrupted_table_gives_a_result_or_a_validation_error(table, data):
    table = copy.deepcopy(table)
    for _ in range(data.draw(st.integers(min_value=1, max_value=3))):
        paths = list(_paths(table))
        path = data.draw(st.sampled_from(paths))
        new = data.draw(json_values)
        if not path:
            table = new
            continue
        target = table
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = new
    try:
        outcome = score(table)
    except ValidationError as exc:
        assert exc.errors and all(isinstance(e.path, str) and e.message for e in exc.errors)
    else:
        assert isinstance(outcome, Result)


@settings(max_examples=200, deadline=None)
@given(json_values)
def test_arbitrary_json_gives_a_result_or_a_validation_error(value):
    with contextlib.suppress(ValidationError):
        score(value)
