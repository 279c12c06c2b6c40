"""Part 1: each game's large table scored in-process, against ``json.loads`` of the same table as
text (the floor: reading the input at all).  Timed in CPU time (``time.process_time_ns``: this
process's own cycles, not whatever else the shared machine runs meanwhile)."""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable

import scoring
from bench import tables


def _calls_for(fn: Callable[[], object], seconds: float) -> int:
    """How many calls of ``fn`` last about ``seconds`` of CPU (at least one)."""
    clock = time.process_time_ns
    fn()  # warm caches (catalog loads, imports)
    calls, start = 0, clock()
    while clock() - start < 20_000_000 or calls < 3:  # the clock ticks coarsely: time several calls
        fn()
        calls += 1
    once = max(1, (clock() - start) // calls)
    return max(1, int(seconds * 1e9 / once))


def paired(fn: Callable[[], object], floor: Callable[[], object], repeat: int, budget_s: float) -> dict:
    """``fn`` against ``floor`` in CPU time, round by round: each round times a batch of ``fn`` and
    then a batch of ``floor``, back to back, so both meet the machine in the same state (a shared
    machine's speed drifts between seconds far more than between the two halves of a round); the
    ratio is the median of the rounds' ratios."""
    clock = time.process_time_ns
    n = _calls_for(fn, budget_s / repeat * 0.8)
    m = _calls_for(floor, budget_s / repeat * 0.2)
    a_rounds, b_rounds, ratios = [], [], []
    for _ in range(repeat):
        start = clock()
        for _ in range(n):
            fn()
        a = (clock() - start) / n
        start = clock()
        for _ in range(m):
            floor()
        b = (clock() - start) / m
        a_rounds.append(a)
        b_rounds.append(b)
        ratios.append(a / b)
    return {"median_ns": statistics.median(a_rounds), "min_ns": min(a_rounds), "max_ns": max(a_rounds),
            "floor_median_ns": statistics.median(b_rounds), "ratio": statistics.median(ratios),
            "ratio_min": min(ratios), "ratio_max": max(ratios), "rounds": repeat, "calls_per_round": n}


def run(repeat: int = 25, budget_s: float = 1.25) -> dict:
    """``{game: {...}}`` for every game; a game whose engine is not ready is reported as such."""
    out: dict[str, dict] = {}
    for game in scoring.games():
        if game.name not in tables.GAMES:
            continue  # a test's stub game
        if not game.ready:
            out[game.name] = {"available": False, "why": "engine not ready (status 'coming soon')"}
            continue
        table = tables.large(game.name)
        text = json.dumps(table)
        result = scoring.score(game.name, table)  # raises if the table is not legal
        both = paired(lambda: scoring.score(game.name, table), lambda: json.loads(text),  # noqa: B023 (called here)
                      repeat, budget_s)
        out[game.name] = {
            "available": True,
            "engine_version": game.engine_version,
            "players": len(table["players"]),
            "input_bytes": len(text.encode()),
            "totals": [p.total for p in result.players],
            "score_median_us": both["median_ns"] / 1000,
            "score_min_us": both["min_ns"] / 1000,
            "score_max_us": both["max_ns"] / 1000,
            "json_loads_median_us": both["floor_median_ns"] / 1000,
            "ratio_to_json_loads": both["ratio"],
            "ratio_spread": [both["ratio_min"], both["ratio_max"]],
            "rounds": both["rounds"],
            "calls_per_round": both["calls_per_round"],
            "clock": "process_time, paired rounds",
        }
    return out


LOADED = """
import contextlib, io, json, sys
from scoring.__main__ import main
with contextlib.redirect_stdout(io.StringIO()):
    code = main(sys.argv[1:])
# (an engine is a package of scoring: scoring.verdant; the shared modules, scoring.core, scoring.text, ..., are not)
print(json.dumps({"code": code, "engines": sorted(m for m in sys.modules if m.startswith("scoring.") and m.count(".") == 1
                  and hasattr(sys.modules[m], "__path__"))}))
"""


def command_line(game: str = "verdant", repeat: int = 5) -> dict:
    """``python -m scoring GAME FILE`` in a fresh interpreter (the large table): its CPU time
    (user + system, median of ``repeat`` runs) against a bare ``python -c pass``, and the engine
    packages it imported (only the one it scores)."""
    import os
    import resource
    import subprocess
    import sys
    import tempfile

    from bench.tables import ROOT

    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump(tables.large(game), handle)
        path = handle.name

    def cpu(args: list[str]) -> float:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([sys.executable, *args], cwd=ROOT, stdout=subprocess.DEVNULL, check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        return (after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime) * 1000

    try:
        scored = statistics.median(cpu(["-m", "scoring", game, path]) for _ in range(repeat))
        bare = statistics.median(cpu(["-c", "pass"]) for _ in range(repeat))
        done = subprocess.run([sys.executable, "-c", LOADED, game, path], cwd=ROOT, capture_output=True, text=True, check=True)
        loaded = json.loads(done.stdout)
    finally:
        os.unlink(path)
    return {"game": game, "cpu_ms": scored, "python_startup_cpu_ms": bare, "engines_imported": loaded["engines"],
            "exit": loaded["code"]}
