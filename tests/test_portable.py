"""A fresh clone works anywhere: no file in the repository names a folder of a developer's machine,
and the rulebook checks find ``../shared`` relative to the checkout."""

from __future__ import annotations

import re
import subprocess

from tests.shared import CHECKOUT

MACHINE_PATH = re.compile(r"(?<![\w.])/(?:work|home/[A-Za-z]|Users/[A-Za-z]|root/)")


def _tracked_files() -> list[str]:
    done = subprocess.run(["git", "ls-files", "-z"], cwd=CHECKOUT, capture_output=True)
    if done.returncode != 0:  # not a git checkout (an unpacked archive): every file under it
        return [str(p.relative_to(CHECKOUT)) for p in CHECKOUT.rglob("*") if p.is_file() and ".venv" not in p.parts
                and "node_modules" not in p.parts]
    return [name for name in done.stdout.decode().split("\0") if name]


def test_no_file_names_a_folder_of_a_developers_machine():
    found = []
    for name in _tracked_files():
        path = CHECKOUT / name
        if not path.is_file() or path.suffix in (".png", ".jpg", ".ico", ".woff2", ".db"):
            continue
        text = path.read_bytes().decode("utf-8", errors="replace")
        found += [f"{name}: {m.group(0)}" for m in MACHINE_PATH.finditer(text)]
    assert found == []


def test_the_pattern_catches_a_machine_path_and_leaves_urls_and_relative_paths():
    root = "/"  # (the examples are put together here, so this file does not name one itself)
    assert MACHINE_PATH.search(f'RULEBOOK = Path("{root}work/shared/rules/planted.txt")')
    assert MACHINE_PATH.search(f"{root}home/ann/scorepad") and MACHINE_PATH.search(f"{root}Users/ann/x")
    assert not MACHINE_PATH.search("shared/cards/verdant.md and https://example.org/work/x")

