"""Every table an engine refuses anywhere in the unit tests, run through its game's published schema
too (issue 24.7).  The unit tests run once more in a process of their own with the recorder
``tests.schema_audit`` (about a minute and a half); each refused table the schema lets through is a
disagreement, listed with the engine's reason.  None may be about a shape the schema states (a key
the game does not know, a player's name missing or too long): those are the schema's to refuse
too.  The rest are rules of counts, catalogs and options that a JSON Schema does not state (see
docs/api.md, "What the schemas do not say")."""

from __future__ import annotations

import collections
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import jsonschema

import scoring

ROOT = Path(__file__).resolve().parents[1]
#: engine reasons about shapes the schemas state: such a table must be refused by the schema too
SHAPE = [re.compile(p) for p in (r": is not a field here", r": is missing: enter the player's name",
                                 r": is too long: at most 60 characters", r": must be a list of players",
                                 r": the table must be a JSON object", r": must be an object",
                                 # Verdant's home of 3 rows of 5 (unless modification 6), its goal names
                                 r"a finished home is 3 rows of 5 cards", r": has \d+ cards?: each row of the home holds 5",
                                 r": is empty: every cell of the finished home", r": is only used under modification 6",
                                 r"\.cards: has \d+ cards?: a finished home has 15", r"is not a Verdant goal card",
                                 r": must be the name of a goal card",
                                 # Planted's closed sets of Decoration and Tool cards
                                 r"is not a Planted (Decoration|Tool) card",
                                 # Vadoran's terrains and compact tokens
                                 r"is not a square: write g \(grass\)", r"- means no card, so it takes no markers")]


def _disagreements(records: list[dict]) -> collections.Counter:
    validators = {g.name: jsonschema.Draft202012Validator(g.json_schema()) for g in scoring.games() if g.name != "stub"}
    found: collections.Counter = collections.Counter()
    for record in records:
        if validators[record["game"]].is_valid(record["table"]):
            error = record["errors"][0]
            found[(record["game"], re.sub(r"\[\d+\]", "[i]", error["path"]), error["message"][:90])] += 1
    return found


def test_every_table_an_engine_refuses_in_the_tests_is_refused_by_its_schema_or_listed(tmp_path):
    out = tmp_path / "refused.json"
    env = {**os.environ, "SCHEMA_AUDIT_OUT": str(out)}
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "tests.schema_audit", "tests/unit",
                          "-p", "no:cacheprovider"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=1200)
    assert run.returncode == 0, run.stdout[-3000:]
    records = json.loads(out.read_text(encoding="utf-8"))
    assert len(records) > 1000 and {r["game"] for r in records} == {g.name for g in scoring.games() if g.ready} - {"stub"}
    found = _disagreements(records)
    listing = "\n".join(f"{n} x {game}: {path}: {message}" for (game, path, message), n in sorted(found.items()))
    print(f"\n{sum(found.values())} of {len(records)} refused tables pass the schema; the engine's reasons:\n{listing}")
    shapes = [key for key in found if any(p.search(f"{key[1]}: {key[2]}") for p in SHAPE)]
    assert shapes == [], "refused by the engine for a shape the schema states, but the schema accepts:\n" + "\n".join(
        f"{game}: {path}: {message}" for game, path, message in shapes)
