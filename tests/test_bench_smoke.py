"""The benchmark code runs (tiny repeat counts, no timing assertions: speed is claimed from
``make bench``, not from timed tests)."""

from __future__ import annotations

import re

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


def test_the_history_benchmark_traces_every_query_of_its_pages(tmp_path):
    """``history_scale.queries`` wraps the app's connections (the read-only serving one too) to
    list each page's statements with their plans."""
    from bench import history_scale

    seeded = history_scale.seed(tmp_path, 30)
    out = history_scale.queries(tmp_path, ["/plays", f"/players/{seeded['player_id']}"])
    assert set(out) == {"/plays", f"/players/{seeded['player_id']}"}
    assert all(out[path] for path in out)  # each page ran at least one statement


def test_history_and_player_pages_walk_the_plays_newest_first_without_sorting_them(tmp_path):
    """At 100,000 plays the history page took 132 ms when the status filter (deleted plays left
    out) made SQLite search plays by status and sort them all; the plays are to be walked on
    plays(played_at, id), stopping at the page's end."""
    from bench import history_scale

    seeded = history_scale.seed(tmp_path, 60)
    player = seeded["player_id"]
    out = history_scale.queries(tmp_path, ["/plays", f"/players/{player}", f"/plays?player={player}", "/plays?game=verdant"])
    for path, statements in out.items():
        plays = [s for s in statements if s["sql"].startswith("SELECT pl.") and "ORDER BY pl.played_at DESC" in s["sql"]]
        assert plays, path
        for statement in plays:
            plan = " ".join(statement["plan"])
            index = re.search(r"pl USING (?:COVERING )?INDEX (idx_plays_\w+)", plan)
            assert index and index.group(1).endswith(("played_at", "played_at_id")), (path, plan)
            assert "TEMP B-TREE" not in plan, (path, plan)
