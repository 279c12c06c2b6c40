"""The benchmark code runs (tiny repeat counts, no timing assertions: speed is claimed from
``make bench``, not from timed tests)."""

from __future__ import annotations

import scoring
from bench import scoring_bench, tables


def test_every_large_bench_table_is_legal_and_scores():
    for name in tables.LARGE:
        if scoring.get(name).ready:
            table = tables.large(name)
            result = scoring.score(name, table)
            assert len(result.players) == len(table["players"])


def test_every_reference_table_comes_from_the_api_docs_and_scores():
    for name in tables.LARGE:
        if scoring.get(name).ready:
            assert scoring.score(name, tables.reference(name)).players


def test_scoring_benchmark_reports_each_game_with_its_json_floor():
    out = scoring_bench.run(repeat=2, budget_s=0.01)
    assert set(out) == set(tables.LARGE)
    for name, row in out.items():
        if row["available"]:
            assert row["score_median_us"] > 0 and row["ratio_to_json_loads"] > 0
        else:
            assert not scoring.get(name).ready
