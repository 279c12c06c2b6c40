"""The command line loads only the engine it scores (issue 23.7): ``python -m scoring GAME``
imports that game's package and no other, answers exactly what ``scoring.score`` does, and the
registry (``scoring.games()``, for the web) still finds every engine afterwards.  Each case runs
in a fresh interpreter (this process has every engine loaded already)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import scoring
from bench import tables

ROOT = Path(__file__).resolve().parents[2]
#: each ready game and the package its engine lives in
PACKAGES = {
    "verdant": "verdant",
    "planted": "planted",
    "verdant-arizona": "arizona",
    "vadoran-gardens": "vadoran",
    "gretchens-garden": "gretchen",
}
ENGINES = sorted(PACKAGES.values())


def fresh(code: str, *args: str) -> str:
    """Run ``code`` in a new interpreter at the repository root; its standard output."""
    done = subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


LOADED = """
import contextlib, io, json, sys
from scoring.__main__ import main
out = io.StringIO()
with contextlib.redirect_stdout(out):
    code = main(sys.argv[1:])
engines = sorted(m.split(".")[1] for m in sys.modules if m.startswith("scoring.") and m.count(".") == 1
                 and m.split(".")[1] in {engines!r})
print(json.dumps({{"code": code, "engines": engines, "out": json.loads(out.getvalue())}}))
"""


def reference_file(game: str, tmp_path: Path) -> Path:
    table = tables.reference(game)  # the example table of docs/api/<game>.md
    path = tmp_path / f"{game}.json"
    path.write_text(json.dumps(table), encoding="utf-8")
    return path


@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_scoring_one_game_imports_that_engine_only(game, tmp_path):
    path = reference_file(game, tmp_path)
    answer = json.loads(fresh(LOADED.format(engines=ENGINES), game, str(path)))
    assert answer["engines"] == [PACKAGES[game]]
    assert answer["code"] == 0
    # the same result as the in-process registry's (every engine loaded here)
    assert answer["out"] == scoring.score(game, json.loads(path.read_text(encoding="utf-8"))).to_dict()


def test_an_unknown_game_still_names_every_game(tmp_path):
    path = reference_file("verdant", tmp_path)
    answer = json.loads(fresh(LOADED.format(engines=ENGINES), "verdantt", str(path)))
    assert answer["code"] == 2
    assert answer["out"] == {"errors": [{"path": "game", "message": '"verdantt" is not a game: choose one of '
                                         "verdant, planted, verdant-arizona, vadoran-gardens, gretchens-garden"}]}
    assert answer["engines"] == ENGINES


def test_the_registry_finds_every_engine_after_a_lazy_look_up():
    code = ("import json, scoring\n"
            "first = scoring.get('vadoran-gardens').name\n"
            "print(json.dumps([first, [g.name for g in scoring.games()], scoring.get('verdant').title]))")
    first, names, title = json.loads(fresh(code))
    assert first == "vadoran-gardens"
    assert names == ["verdant", "planted", "verdant-arizona", "vadoran-gardens", "gretchens-garden"]
    assert title == "Verdant"


def test_an_unknown_name_is_a_key_error_after_every_package_was_tried():
    code = ("import scoring, sys\n"
            "try:\n    scoring.get('no-such-game')\nexcept KeyError:\n    print('KeyError')\n"
            "print(sorted(m for m in sys.modules if m.startswith('scoring.') and m.count('.') == 1"
            f" and m.split('.')[1] in {ENGINES!r}))")
    out = fresh(code).splitlines()
    assert out[0] == "KeyError"
    assert out[1] == str([f"scoring.{p}" for p in ENGINES])
