"""The one save path, measured (issue 22): a seat change through the generic routes reads the play
once, scores it once (one evaluation of the table; it may score the valid seats again for their
running totals while another seat is not valid yet), previews it at most once, and enters no web
module more than 4 times while its view runs (``web.data.db``, which hands out the connection,
and Flask's url_for hook in ``web.server.assets``, aside).
A trace of the project's own calls (``sys.setprofile``) counts each entry into a module from
another one."""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

from tests.conftest import new_play
from tests.web.test_verdant_entry import cell_url

ROOT = Path(__file__).resolve().parents[2]
HX = {"HX-Request": "true"}


class Trace:
    """Entries into each project module (a call whose caller is in another module), and calls of
    the functions that read a play, score a table or preview a board."""

    WATCHED = {
        ("web/data/store.py", "get_play"): "reads",
        ("web/table/evaluate.py", "evaluate"): "scores",
        ("web/games/__init__.py", "preview"): "previews",
    }

    def __init__(self, view: str) -> None:
        self.view, self.entries, self.counts, self.active = view, Counter[str](), Counter[str](), 0

    def _module(self, frame) -> str | None:
        name = frame.f_code.co_filename
        if not name.startswith(str(ROOT)) or "/.venv/" in name or "/tests/" in name:
            return None
        return str(Path(name).relative_to(ROOT))

    def __call__(self, frame, event, arg) -> None:
        if event != "call":
            return
        here = self._module(frame)
        if here is None:
            return
        if frame.f_code.co_name == self.view and here in ("web/routes/main.py", "web/routes/api.py"):
            self.active += 1
        if not self.active:
            return
        caller = self._module(frame.f_back) if frame.f_back is not None else None
        if caller != here:
            self.entries[here] += 1
        key = self.WATCHED.get((here, frame.f_code.co_name))
        if key:
            self.counts[key] += 1

    def __enter__(self) -> Trace:
        sys.setprofile(self)
        return self

    def __exit__(self, *exc: object) -> None:
        sys.setprofile(None)


def traced(view: str, send):
    with Trace(view) as trace:
        response = send()
    return trace, response


def assert_one_path(trace: Trace) -> None:
    # web.data.db hands out the connection; web.server.assets is Flask's url_for hook (it versions
    # static links and is called for every link a page draws): plumbing, not steps of the save path
    aside = ("web/data/db.py", "web/server/assets.py", "web/routes/main.py", "web/routes/api.py")
    entries = {m: n for m, n in trace.entries.items() if m.startswith("web/") and m not in aside}
    assert trace.counts["reads"] == 1, trace.counts
    assert trace.counts["scores"] <= 1, trace.counts
    assert trace.counts["previews"] <= 1, trace.counts
    assert max(entries.values()) <= 4, sorted(entries.items(), key=lambda kv: -kv[1])


def version_of(html: str) -> str:
    return re.search(r'name="version"[^>]*value="(\d+)"', html).group(1)


def test_a_verdant_cell_change_reads_scores_and_previews_once(client, token):
    pid = new_play(client, token, game="verdant", players=("Alice", "Bea"))
    version = version_of(client.get(f"/plays/{pid}/seats/0").get_data(as_text=True))
    client.post(
        cell_url(pid, 0, 0),
        data={"csrf_token": token, "version": version, "pick": "Jasmine|wood"},
        headers=HX,
    )
    version = version_of(client.get(f"/plays/{pid}/seats/0").get_data(as_text=True))
    trace, response = traced(
        "seat_action",
        lambda: client.post(
            cell_url(pid, 0, 1),
            data={"csrf_token": token, "version": version, "set": "rtype:vining"},
            headers=HX,
        ),
    )
    assert response.status_code == 200 and 'id="status"' in response.get_data(as_text=True)
    assert_one_path(trace)


def test_a_gretchen_row_change_reads_scores_and_previews_once(client, token):
    from tests.web.test_gretchen_entry import form_for, steve

    pid = new_play(client, token, game="gretchens-garden", players=("Steve", "Anna"))
    client.post(f"/plays/{pid}/seats/0", data=form_for(steve(), token))
    version = version_of(client.get(f"/plays/{pid}/seats/0").get_data(as_text=True))
    trace, response = traced(
        "seat_action",
        lambda: client.post(
            f"/plays/{pid}/seats/0/do/row",
            data=form_for(steve(), token, int(version), op="add:left"),
            headers=HX,
        ),
    )
    assert response.status_code == 200 and 'id="gg-status"' in response.get_data(as_text=True)
    assert_one_path(trace)


def test_a_seat_form_autosave_reads_scores_and_previews_once(client, token):
    from tests.web.test_gretchen_entry import form_for, steve

    pid = new_play(client, token, game="gretchens-garden", players=("Steve", "Anna"))
    version = version_of(client.get(f"/plays/{pid}/seats/0").get_data(as_text=True))
    trace, response = traced(
        "save_seat",
        lambda: client.post(f"/plays/{pid}/seats/0", data=form_for(steve(), token, int(version)), headers=HX),
    )
    assert response.status_code == 200
    assert_one_path(trace)


def test_a_plays_api_patch_reads_and_scores_once(client, token):
    pid = new_play(client, token, players=("Ann", "Bob"))
    seat = client.get(f"/api/plays/{pid}").get_json()["seats"][0]
    trace, response = traced(
        "change_seat",
        lambda: client.patch(
            f"/api/plays/{pid}/seats/0", json={"base_version": seat["version"], "set": {"points": 7}}
        ),
    )
    assert response.status_code == 200 and response.get_json()["state"]["points"] == 7
    assert_one_path(trace)
