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
    plays(played_at, id), stopping at the page's end; a player's plays on their own rows of
    player_plays (m015), not on every play probed for the player's seat."""
    from bench import history_scale

    seeded = history_scale.seed(tmp_path, 60)
    player = seeded["player_id"]
    out = history_scale.queries(tmp_path, ["/plays", f"/players/{player}", f"/plays?player={player}", "/plays?game=verdant"])
    for path, statements in out.items():
        plays = [s for s in statements if s["sql"].startswith("SELECT pl.")
                 and ("ORDER BY pl.played_at DESC" in s["sql"] or "ORDER BY t.played_at DESC" in s["sql"])]
        assert plays, path
        for statement in plays:
            plan = " ".join(statement["plan"])
            if "ORDER BY t.played_at DESC" in statement["sql"]:
                assert re.match(r"SEARCH t USING COVERING INDEX player_plays_\w+ \(player_id=\?", plan), (path, plan)
            else:
                index = re.search(r"pl USING (?:COVERING )?INDEX (idx_plays_\w+)", plan)
                assert index and index.group(1).endswith(("played_at", "played_at_id")), (path, plan)
            assert "TEMP B-TREE" not in plan and "SCAN" not in plan.replace("SCAN pl USING", ""), (path, plan)
        if "player" in path:
            assert any("player_plays t" in s["sql"] for s in plays), path


def test_a_failing_part_is_reported_with_its_error_and_the_rest_still_runs(tmp_path, monkeypatch):
    """Issue 23.8: one part raising (as the Vadoran entry once did under load) no longer loses
    the run: it is reported as failed with its error, the next part runs, the report is written."""
    import json

    import bench.__main__ as main_module
    from bench import entry_effort

    (tmp_path / "bench").mkdir()
    (tmp_path / "docs").mkdir()
    monkeypatch.setattr(main_module, "ROOT", tmp_path)

    def boom(**_kwargs):
        raise RuntimeError("holding at the edge never reached")

    monkeypatch.setattr(scoring_bench, "run", boom)
    monkeypatch.setattr(entry_effort, "run", lambda: {"available": False, "why": "no browser here"})
    assert main_module.main(["scoring", "entry"]) == 1
    results = json.loads((tmp_path / "bench" / "results.json").read_text())
    assert results["scoring"]["failed"] is True
    assert results["scoring"]["error"] == "RuntimeError: holding at the edge never reached"
    assert results["entry"] == {"available": False, "why": "no browser here"}
    assert set(results["runs"]) == {"scoring", "entry"}
    report = (tmp_path / "docs" / "performance.md").read_text()
    assert "| Part `scoring` | - | failed: RuntimeError: holding at the edge never reached | **failed** |" in report
    assert "## Part `scoring`: failed" in report and "## 5. Entry effort" in report
    assert "Part `pages`" in report  # not run this time and not in results.json: said so


def test_an_unknown_part_is_refused(capsys):
    import bench.__main__ as main_module

    assert main_module.main(["scoring", "nope"]) == 2
    assert "no part nope" in capsys.readouterr().err


def test_the_history_seed_is_like_real_plays(tmp_path):
    """2 to 5 players a play, two saves a seat (seat versions and edit-log lines), every play finished."""
    import sqlite3

    from bench import history_scale

    seeded = history_scale.seed(tmp_path, 120)
    assert set(seeded["players_per_play"]) == {"2", "3", "4", "5"}
    counts = seeded["counts"]
    assert counts["seat_versions"] >= 2 * counts["seats"] and counts["edit_log"] > counts["seats"]
    conn = sqlite3.connect(tmp_path / "scorepad.db")
    statuses = dict(conn.execute("SELECT status, COUNT(*) FROM plays GROUP BY status").fetchall())
    assert statuses["finished"] == 120
    # every copied seat has its own versions, and every seat's player is someone of the group
    orphans = conn.execute("SELECT COUNT(*) FROM seats s WHERE NOT EXISTS "
                           "(SELECT 1 FROM seat_versions v WHERE v.seat_id = s.id)").fetchone()[0]
    assert orphans == 0
    conn.close()


def test_each_load_thread_cycles_its_own_requests():
    from bench import load

    target = load.Target("POST", ["/a"], ["x"], groups=[[("/a", "1"), ("/a", "2")], [("/b", "1"), ("/b", "2")]])
    script = load._lua(target)
    assert 'thread:set("id", counter)' in script and "groups[(id % #groups) + 1]" in script
    assert script.count("[===[/b]===]") == 2


def test_the_board_benchmark_measures_both_states_with_their_parts():
    """``python -m bench board``: the board's first load before the end and in the reveal (the
    reveal's share picture counted), each part as sent; the report gives the heavier one a row."""
    from bench import board, report

    out = board.run()
    loads = out["first_load"]
    assert set(loads) == {"waiting", "reveal"} and out["players"] == 5
    assert all(x["status"] == 200 for x in loads.values())
    assert not any(k.endswith("htmx.min.js") for x in loads.values() for k in x["parts"])  # the board needs none
    assert any("share.png" in k for k in loads["reveal"]["parts"]) and not any("share.png" in k for k in loads["waiting"]["parts"])
    for x in loads.values():
        assert x["sent"] == sum(p["sent"] for p in x["parts"].values())
    [(target, goal, _, _)] = report._board_targets({"board": out})
    assert target.startswith("The board's first load") and goal == "<= 60 KB"
