"""The docs stay current: docs/api.md carries every game's example, and each example's output is
exactly what the engine prints for its input."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import scoring

ROOT = Path(__file__).resolve().parents[1]
GAMES = [g.name for g in scoring.games() if g.ready and g.name != "stub"]


def test_api_md_carries_the_current_example_of_every_game():
    done = subprocess.run([sys.executable, "docs/build_api.py", "--check"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout


@pytest.mark.parametrize("game", GAMES)
def test_the_documented_example_is_the_engines_real_output(game):
    text = (ROOT / "docs" / "api" / f"{game}.md").read_text(encoding="utf-8")
    section = re.search(r"^## Example[^\n]*\n(.*?)(?=^## |\Z)", text, flags=re.S | re.M).group(1)
    blocks = re.findall(r"```json\n(.*?)```", section, flags=re.S)
    assert len(blocks) >= 2, f"docs/api/{game}.md: the example needs an input and an output block"
    table, expected = json.loads(blocks[0]), json.loads(blocks[1])
    assert scoring.score(game, table).to_dict() == expected


@pytest.mark.parametrize("doc", ["README.md", "docs/api.md", "docs/architecture.md", "docs/rules.md"])
def test_the_required_docs_exist(doc):
    assert (ROOT / doc).stat().st_size > 1000


def test_every_game_has_its_rules_and_entry_page():
    for game in GAMES:
        assert (ROOT / "docs" / "rules" / f"{game}.md").exists(), game
        assert (ROOT / "docs" / "entry" / f"{game}.md").exists(), game
