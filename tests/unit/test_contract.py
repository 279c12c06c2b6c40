"""The scoring contract's plumbing: registry, ranking, CLI (with the stub game)."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

import scoring
from scoring.__main__ import main
from scoring.core import Tiebreaker, rank


def run_cli(monkeypatch, capsys, args, stdin=""):
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(args)
    return code, json.loads(capsys.readouterr().out)


def test_cli_prints_the_result_and_exits_0(monkeypatch, capsys):
    table = {"players": [{"name": "Ann", "points": 3}]}
    code, out = run_cli(monkeypatch, capsys, ["stub"], json.dumps(table))
    assert code == 0
    assert out["players"][0]["total"] == 3 and out["winners"] == ["Ann"] and out["game"] == "stub"


def test_cli_reads_a_file(monkeypatch, capsys, tmp_path):
    path = tmp_path / "t.json"
    path.write_text(json.dumps({"players": [{"name": "Ann", "points": 4}]}))
    code, out = run_cli(monkeypatch, capsys, ["stub", str(path)])
    assert (code, out["players"][0]["total"]) == (0, 4)


@pytest.mark.parametrize(
    "args, stdin, path",
    [
        (["stub"], "{not json", ""),
        (["stub"], '{"players": [{"name": "Ann", "points": "x"}]}', "players[0].points"),
        (["chess"], "{}", "game"),
        (["stub", "/nonexistent/file.json"], "", "file"),
    ],
)
def test_cli_invalid_input_exits_2_with_errors(monkeypatch, capsys, args, stdin, path):
    code, out = run_cli(monkeypatch, capsys, args, stdin)
    assert code == 2
    assert out["errors"][0]["path"] == path


def test_cli_help_answers():
    done = subprocess.run([sys.executable, "-m", "scoring", "--help"], capture_output=True, text=True)
    assert done.returncode == 0
    assert "python -m scoring" in done.stdout and "verdant" in done.stdout


def test_every_engine_package_is_found_in_menu_order_and_unknown_games_are_refused():
    from pathlib import Path

    packages = {p.parent.name for p in (Path(scoring.__file__).parent).glob("*/__init__.py")}
    found = [g for g in scoring.games() if g.name != "stub"]
    assert {g.__class__ for g in found} == {scoring.Game} and len(found) == len(packages)
    assert [g.menu_order for g in found] == sorted(g.menu_order for g in found)
    assert found[0].name == "verdant"  # the first game of the menu
    with pytest.raises(KeyError):
        scoring.get("chess")


def test_ranks_share_on_full_tie_and_skip_the_next_rank():
    ranking = rank([9, 9, 4], [Tiebreaker("most tokens", [1, 1, 0])])
    assert ranking.ranks == (1, 1, 3)
    assert ranking.winners == (0, 1)
    assert ranking.tiebreak == "Tie on 9 points not broken by most tokens (1 each): shared victory"


def test_second_tiebreaker_is_used_only_when_the_first_leaves_a_tie():
    ranking = rank([9, 9, 9], [Tiebreaker("most A", [2, 2, 1]), Tiebreaker("most B", [0, 5, 9])])
    assert ranking.ranks == (2, 1, 3)
    assert ranking.tiebreak == (
        "Tie on 9 points partly broken by most A (2, 2 vs 1), then broken by most B (5 vs 0): ranks 1, 2 and 3")
    # each player is told their own tie: B (2, then 5) and A (2, then 0) were split by B; C by A alone
    assert ranking.notes == (
        "Tie on 9 points partly broken by most A (2, 2 vs 1), then broken by most B (5 vs 0): rank 2",
        "Tie on 9 points partly broken by most A (2, 2 vs 1), then broken by most B (5 vs 0): rank 1",
        "Tie on 9 points broken by most A (2, 2 vs 1): rank 3")


def test_tie_lower_down_is_shared_without_a_tiebreak_message():
    ranking = rank([10, 5, 5])
    assert ranking.ranks == (1, 2, 2)
    assert ranking.tiebreak is None
