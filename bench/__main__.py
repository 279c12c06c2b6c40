"""``make bench``: every benchmark of issue 10, written to ``bench/results.json`` and
``docs/performance.md``.  ``python -m bench --quick`` runs shorter measurements (for trying it)."""

from __future__ import annotations

import json
import os
import platform
import sqlite3
import subprocess
import sys
import time
from datetime import UTC, datetime

from bench import entry_effort, history_scale, load, pages, report, scoring_bench
from bench.tables import ROOT


def machine() -> dict:
    model = ""
    try:
        with open("/proc/cpuinfo") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        model = platform.processor()
    wrk = ""
    if load.WRK:
        done = subprocess.run([load.WRK, "-v"], capture_output=True, text=True)
        wrk = (done.stdout or done.stderr).splitlines()[0] if (done.stdout or done.stderr) else "wrk"
    return {
        "cpu": model or "unknown",
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "sqlite": sqlite3.sqlite_version,
        "system": f"{platform.system()} {platform.release()}",
        "load_tool": wrk or load.tool(),
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "commit": subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip(),
    }


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    started = time.perf_counter()
    results: dict = {"machine": machine()}
    steps = [
        ("scoring", lambda: scoring_bench.run(repeat=7 if quick else 25, budget_s=0.2 if quick else 1.0)),
        ("pages", lambda: pages.run(seconds=1 if quick else 3)),
        ("history", lambda: history_scale.run(sizes=(100, 10_000) if quick else (100, 100_000), seconds=1 if quick else 4)),
        ("entry", entry_effort.run),
    ]
    for name, step in steps:
        t0 = time.perf_counter()
        print(f"bench: {name} ...", flush=True)
        results[name] = step()
        print(f"bench: {name} done in {time.perf_counter() - t0:.0f} s", flush=True)
    results["seconds"] = time.perf_counter() - started
    (ROOT / "bench" / "results.json").write_text(json.dumps(results, indent=1) + "\n")
    (ROOT / "docs" / "performance.md").write_text(report.markdown(results))
    print(f"bench: wrote bench/results.json and docs/performance.md in {results['seconds']:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
