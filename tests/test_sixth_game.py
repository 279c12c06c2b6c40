"""Adding a sixth game touches its engine package, its adapter, its templates and its docs, and
nothing else (issue 13): a copy of the project with tests/sixth_game/ dropped in at the same
paths serves the new game everywhere, with no other file changed."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIXTH = ROOT / "tests" / "sixth_game"

CHECK = r'''
import json, re, sys, tempfile
import scoring
from app import create_app

assert [g.name for g in scoring.games()][-1] == "sixth", [g.name for g in scoring.games()]
app = create_app({"DATABASE": tempfile.mktemp(suffix=".db"), "SECRET_KEY": "k", "TESTING": True,
                  "STRICT_TEMPLATES": True, "RESCORE_ON_START": False})
c = app.test_client()
assert "Sixth Garden" in c.get("/").get_data(as_text=True)
assert "Sixth Garden" in c.get("/plays/new").get_data(as_text=True)
assert c.get("/api/schema/sixth").status_code == 200
made = c.post("/api/plays", json={"game": "sixth", "players": ["Ann", "Bo"]})
assert made.status_code == 201, made.get_json()
play = made.get_json()
page = c.get(f"/plays/{play['id']}/seats/0").get_data(as_text=True)
assert 'name="flowers"' in page and "data-stepper" in page
token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
saved = c.post(f"/plays/{play['id']}/seats/0", data={"csrf_token": token, "flowers": "7", "seeds": "1", "next": "play"})
assert saved.status_code == 303, saved.get_data(as_text=True)[-1500:]
patched = c.patch(f"/api/plays/{play['id']}/seats/1", json={"base_version": 1, "set": {"flowers": 7, "seeds": 3}, "done": True})
assert patched.status_code == 200, patched.get_json()
result = c.get(f"/plays/{play['id']}/result").get_data(as_text=True)
assert "Bo wins" in result and "most seeds (3 vs 1)" in result
assert c.post(f"/plays/{play['id']}/finish", data={"csrf_token": token}).status_code == 303
assert c.get("/games/sixth").status_code == 200
check = c.post("/check", data={"csrf_token": token, "game": "sixth", "board": json.dumps({"flowers": 4})})
assert check.status_code == 200 and ": 4 points" in check.get_data(as_text=True)
print("ok")
'''


def test_a_sixth_game_needs_only_its_engine_adapter_templates_and_docs(tmp_path):
    copy = tmp_path / "project"
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout.split(b"\0")
    for name in filter(None, (n.decode() for n in listed)):
        source = ROOT / name
        if name.startswith("tests/sixth_game/") or not source.is_file():
            continue
        target = copy / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)
    added = []
    for source in SIXTH.rglob("*"):
        if source.is_file() and source.name != "README.md":
            target = copy / source.relative_to(SIXTH)
            assert not target.exists(), f"{target} already exists: the sixth game may only add files"
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
            added.append(str(source.relative_to(SIXTH)))
    # what a sixth game adds: its engine package, its adapter, its templates, its docs
    assert all(a.startswith(("scoring/sixth/", "web/games/sixth.py", "templates/games/sixth/", "docs/")) for a in added)
    done = subprocess.run([sys.executable, "-c", CHECK], cwd=copy, capture_output=True, text=True, timeout=300,
                          env={"PYTHONPATH": str(copy), "SCOREPAD_INSTANCE": str(tmp_path / "instance"),
                               "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0 and done.stdout.strip().endswith("ok"), done.stderr[-3000:]
