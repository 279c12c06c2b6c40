"""Part 1: each game's large table scored in-process, against ``json.loads`` of the same table as
text (the floor: reading the input at all)."""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable

import scoring
from bench import tables


def per_call_ns(fn: Callable[[], object], repeat: int, budget_s: float) -> dict:
    """Median and spread of ``fn``'s time per call: ``repeat`` rounds, each calling ``fn`` enough
    times to last about ``budget_s / repeat`` seconds (at least once)."""
    fn()  # warm caches (catalog loads, imports)
    start = time.perf_counter_ns()
    fn()
    once = max(1, time.perf_counter_ns() - start)
    number = max(1, int(budget_s * 1e9 / repeat / once))
    rounds = []
    for _ in range(repeat):
        start = time.perf_counter_ns()
        for _ in range(number):
            fn()
        rounds.append((time.perf_counter_ns() - start) / number)
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
        }
    return out
