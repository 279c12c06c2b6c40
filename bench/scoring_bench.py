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


def per_call_ns(fn: Callable[[], object], repeat: int, budget_s: float) -> dict:
    """Median and spread of ``fn``'s CPU time per call: ``repeat`` rounds, each calling ``fn`` enough
    times to last about ``budget_s / repeat`` seconds of CPU (at least once)."""
    clock = time.process_time_ns
    fn()  # warm caches (catalog loads, imports)
    calls, start = 0, clock()
    while clock() - start < 20_000_000 or calls < 3:  # the clock ticks coarsely: time several calls
        fn()
        calls += 1
    once = max(1, (clock() - start) // calls)
    number = max(1, int(budget_s * 1e9 / repeat / once))
    rounds = []
    for _ in range(repeat):
        start = clock()
        for _ in range(number):
            fn()
        rounds.append((clock() - start) / number)
    rounds.sort()
    return {
        "median_ns": statistics.median(rounds),
        "min_ns": rounds[0],
        "max_ns": rounds[-1],
        "rounds": repeat,
        "calls_per_round": number,
    }


def run(repeat: int = 25, budget_s: float = 1.0) -> dict:
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
        scored = per_call_ns(lambda: scoring.score(game.name, table), repeat, budget_s)  # noqa: B023 (called here)
        floor = per_call_ns(lambda: json.loads(text), repeat, budget_s / 4)  # noqa: B023 (called here)
        out[game.name] = {
            "available": True,
            "engine_version": game.engine_version,
            "players": len(table["players"]),
            "input_bytes": len(text.encode()),
            "totals": [p.total for p in result.players],
            "score_median_us": scored["median_ns"] / 1000,
            "score_min_us": scored["min_ns"] / 1000,
            "score_max_us": scored["max_ns"] / 1000,
            "json_loads_median_us": floor["median_ns"] / 1000,
            "ratio_to_json_loads": scored["median_ns"] / floor["median_ns"],
            "rounds": scored["rounds"],
            "calls_per_round": scored["calls_per_round"],
            "clock": "process_time",
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
