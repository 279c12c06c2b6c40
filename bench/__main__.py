"""``make bench``: every benchmark (issues 10 and 23), written to ``bench/results.json`` and
``docs/performance.md``.  ``python -m bench --quick`` runs shorter measurements (for trying it);
``python -m bench history`` runs one part.  A part that fails is reported as failed with its error,
the other parts still run and the report is still written."""

from __future__ import annotations

import json
import os
import platform
import sqlite3
import subprocess
import sys
import time
import traceback
from datetime import UTC, datetime

from bench import board, entry_effort, history_scale, load, pages, records_bench, report, scoring_bench
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


PARTS = ("scoring", "pages", "history", "entry", "board", "records")


def failed(exc: BaseException) -> dict:
    """A part that raised: reported as failed, with its error (the rest still runs)."""
    return {"failed": True, "error": f"{type(exc).__name__}: {exc}"[:2000],
            "where": traceback.format_exception(exc)[-2].strip()[:500] if exc.__traceback__ else ""}


def main(argv: list[str]) -> int:
    """``python -m bench [--quick] [PART ...]``: every part, or only the parts named (the others'
    figures are kept from ``bench/results.json``, each part saying when and at which commit it ran)."""
    quick = "--quick" in argv
    chosen = [a for a in argv if not a.startswith("-")]
    unknown = [a for a in chosen if a not in PARTS]
    if unknown:
        print(f"bench: no part {', '.join(unknown)}: choose from {', '.join(PARTS)}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    path = ROOT / "bench" / "results.json"
    results: dict = {}
    if chosen and path.exists():
        try:
            results = json.loads(path.read_text())
        except ValueError:
            results = {}
    results["machine"] = machine()
    steps = {
        "scoring": lambda: {**scoring_bench.run(repeat=7 if quick else 25, budget_s=0.2 if quick else 1.0),
                            "_command_line": scoring_bench.command_line()},
        "pages": lambda: pages.run(seconds=1 if quick else 3),
        "history": lambda: history_scale.run(sizes=(100, 10_000) if quick else (100, 100_000), seconds=1 if quick else 4),
        "entry": entry_effort.run,
        "board": board.run,
        "records": lambda: records_bench.run(sizes=(100, 10_000) if quick else (100, 100_000),
                                             seconds=1 if quick else 3),
    }
    runs = results.setdefault("runs", {})
    for name in chosen or PARTS:
        t0 = time.perf_counter()
        print(f"bench: {name} ...", flush=True)
        try:
            results[name] = steps[name]()
        except Exception as exc:
            results[name] = failed(exc)
            print(f"bench: {name} FAILED: {results[name]['error']}", flush=True)
        runs[name] = {"date": results["machine"]["date"], "commit": results["machine"]["commit"],
                      "seconds": time.perf_counter() - t0, "quick": quick}
        print(f"bench: {name} done in {time.perf_counter() - t0:.0f} s", flush=True)
    results["seconds"] = time.perf_counter() - started
    path.write_text(json.dumps(results, indent=1) + "\n")
    try:
        (ROOT / "docs" / "performance.md").write_text(report.markdown(results))
    except Exception as exc:
        print(f"bench: the report could not be written: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    print(f"bench: wrote bench/results.json and docs/performance.md in {results['seconds']:.0f} s")
    return 0 if not any(results.get(n, {}).get("failed") for n in chosen or PARTS) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
