"""Issue 23.6: the history's pages by key (played_at, id), `/players` from the stored statistics and
`/export.csv` streamed a chunk at a time show exactly what the earlier code showed (kept here as the
reference: one OFFSET query per page, one scan of the seats, one sorted query for the whole export)."""

from __future__ import annotations

import csv
import io
import re

import pytest

from tests import story_seed
from web.data import db as dbmod
from web.data import store
from web.story import stats
from web.table import service

CSRF = re.compile(r'value="[^"]{40,}"|"X-CSRFToken": "[^"]+"')


@pytest.fixture
def seeded(app):
    """Two rounds of the story's Planted plays on the same evenings (every played_at twice: ties that
    only the id breaks), a third round of a few, one play deleted and one left in progress."""
    made = story_seed.seed(app, plays=14) + story_seed.seed(app, plays=14, seed_=8) + story_seed.seed(
        app, plays=5, seed_=9, start_day=20)
    with app.app_context():
        service.delete_play(made[3], "seed")
        ids = [p["id"] for p in store.player_names()]
        store.create_play("planted", "2026-10-05T20:00", {}, ids[:2], "seed")  # in progress
    return made


# ------------------------------------------------------------------- the references (the old code)


def old_history(game, player_id, page, size):
    where, args = ["+pl.status IN ('in_progress', 'finished')"], []
    if game:
        where.append("pl.game = ?")
        args.append(game)
    if player_id:
        where.append("EXISTS (SELECT 1 FROM seats s WHERE s.play_id = pl.id AND s.player_id = ?)")
        args.append(player_id)
    rows = store.get_db().execute(
        f"SELECT pl.* FROM plays pl WHERE {' AND '.join(where)} ORDER BY pl.played_at DESC, pl.id DESC "
        "LIMIT ? OFFSET ?", args + [size + 1, (page - 1) * size]).fetchall()
    return store._with_seats([store._play_row(r) for r in rows[:size]]), len(rows) > size


def old_list_players():
    return [dict(row) for row in store.get_db().execute(
        "SELECT p.id, p.name, p.created_at, "
        "SUM(CASE WHEN pl.status = 'finished' THEN 1 ELSE 0 END) AS plays, "
        "SUM(CASE WHEN s.rank = 1 AND pl.status = 'finished' THEN 1 ELSE 0 END) AS wins "
        "FROM players p LEFT JOIN seats s ON s.player_id = p.id LEFT JOIN plays pl ON pl.id = s.play_id "
        "WHERE p.merged_into IS NULL GROUP BY p.id ORDER BY p.name COLLATE NOCASE").fetchall()]


def old_export(game=None, player_id=None) -> str:
    where, args = ["pl.status = 'finished'", "s.total IS NOT NULL", "json_valid(s.breakdown)"], []
    if game:
        where.append("pl.game = ?")
        args.append(game)
    if player_id:
        where.append("s.player_id = ?")
        args.append(player_id)
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(stats.CSV_COLUMNS)
    for row in store.get_db().execute(
        "SELECT pl.id, pl.game, pl.played_at, pl.finished_at, p.name, s.position, s.rank, "
        "json_extract(c.value, '$.label'), json_extract(c.value, '$.points'), s.total "
        "FROM plays pl JOIN seats s ON s.play_id = pl.id JOIN players p ON p.id = s.player_id, "
        "json_each(s.breakdown) c "
        f"WHERE {' AND '.join(where)} ORDER BY pl.played_at, pl.id, s.position, CAST(c.key AS INTEGER)", args):
        writer.writerow((row[0], row[1], row[2], row[3] or "", stats._cell(row[4]), row[5] + 1, row[6],
                         stats._cell(row[7]), row[8], row[9]))
    return buffer.getvalue()


# ------------------------------------------------------------------------------- history


def _rows(html: str) -> str:
    return html[html.index('<ul class="plays">'):html.index("</ul>", html.index('<ul class="plays">'))]


def _link(html: str, label: str) -> str | None:
    found = re.search(r'href="([^"]+)">' + re.escape(label), html)
    return found.group(1).replace("&amp;", "&") if found else None


@pytest.mark.parametrize("narrow", ["", "game=planted", "player=PLAYER"])
def test_history_pages_by_key_show_what_the_numbered_pages_showed(app, client, seeded, narrow):
    app.config["PAGE_SIZE"] = 4
    with app.app_context():
        narrow = narrow.replace("PLAYER", str(store.player_by_name("Cleo")["id"]))
        game = "planted" if "game" in narrow else None
        player = int(narrow.split("=")[1]) if "player" in narrow else None
        expected = []
        page = 1
        while True:  # the reference: page after page by OFFSET
            plays, more = old_history(game, player, page, 4)
            expected.append([p["id"] for p in plays])
            if not more:
                break
            page += 1
    assert len(expected) >= 5  # 32 finished plays and 1 in progress (Cleo sits at every one), 4 a page
    url, seen, pages = "/plays?" + narrow, [], []
    while url:  # forwards by the Older link (a key), then back by the Newer link (a key)
        html = client.get(url).get_data(as_text=True)
        pages.append((url, html))
        seen.append([int(n) for n in re.findall(r'href="/plays/(\d+)(?:/result)?"', _rows(html))])
        assert f"Page {len(seen)}" in html
        url = _link(html, "Older →")
        if url:
            assert "before=" in url and f"page={len(seen) + 1}" in url
    assert seen == expected
    numbered = [client.get("/plays?" + "&".join(x for x in (narrow, f"page={n}") if x)).get_data(as_text=True)
                for n in range(1, len(expected) + 1)]  # a page kept by its number still opens
    for (_, html), old in zip(pages, numbered):
        assert _rows(html) == _rows(old)
    back, url = [], _link(pages[-1][1], "← Newer")
    while url:
        html = client.get(url).get_data(as_text=True)
        back.append([int(n) for n in re.findall(r'href="/plays/(\d+)(?:/result)?"', _rows(html))])
        url = _link(html, "← Newer")
    assert back == list(reversed(expected[:-1]))


def test_history_keys_that_do_not_read_are_ignored(client, seeded):
    for query in ("before=x", "before=~12", "after=2026~x", "before=" + "9" * 30, "after=~", "before=a~99999999"):
        assert client.get("/plays?" + query).status_code == 200
    html = client.get("/plays?page=2&before=2026-10-01T20:00~1").get_data(as_text=True)
    assert "No older plays." in html and "Page 2" in html  # nothing older than the oldest play


def test_history_after_a_key_with_less_than_a_page_newer_is_the_first_page(app, client, seeded):
    app.config["PAGE_SIZE"] = 4
    first = client.get("/plays").get_data(as_text=True)
    html = client.get("/plays?page=3&after=2026-10-27T20:00~1").get_data(as_text=True)
    assert _rows(html) == _rows(first) and "Page 1" in html and "← Newer" not in html


# ------------------------------------------------------------------------------- players


def test_players_list_from_stored_statistics_shows_what_the_scan_showed(app, client, seeded, monkeypatch):
    with app.app_context():
        assert store.list_players() == old_list_players()
        assert sum(p["plays"] for p in store.list_players()) > 0
    new = CSRF.sub("", client.get("/players").get_data(as_text=True))
    monkeypatch.setattr(store, "list_players", old_list_players)
    assert CSRF.sub("", client.get("/players").get_data(as_text=True)) == new


def test_players_list_reads_no_seat_or_play(app, seeded):
    with app.app_context():
        plan = " ".join(r[3] for r in store.get_db().execute(
            "EXPLAIN QUERY PLAN SELECT p.id, COALESCE(SUM(ps.plays), 0) FROM players p "
            "LEFT JOIN player_stats ps ON ps.player_id = p.id WHERE p.merged_into IS NULL GROUP BY p.id"))
    assert "seats" not in plan and "plays " not in plan


# ------------------------------------------------------------------------------- export


@pytest.mark.parametrize("query", ["", "?game=planted", "?game=verdant", "?player=CLEO"])
def test_export_is_streamed_and_byte_for_byte_what_it_was(app, client, seeded, query, monkeypatch):
    monkeypatch.setattr(stats, "EXPORT_CHUNK", 3)  # many chunks over the seeded plays
    with app.app_context():
        cleo = store.player_by_name("Cleo")["id"]
        query = query.replace("CLEO", str(cleo))
        expected = old_export("planted" if "planted" in query else "verdant" if "verdant" in query else None,
                              cleo if "player" in query else None)
    response = client.get("/export.csv" + query)
    assert response.is_streamed and response.status_code == 200
    body = response.get_data(as_text=True)
    assert body == expected
    assert body.count("\n") > (1 if "verdant" not in query else 0)


def test_export_chunks_walk_every_play_once(app, seeded):
    with app.app_context():
        whole = list(stats.csv_rows())
        for chunk in (1, 2, 7, 1000):
            assert list(stats.csv_rows(chunk=chunk)) == whole
        # 32 finished plays, 3 or 4 seats, 5 Planted categories each; oldest first, ties by id
        ids = [r[0] for r in whole]
        keys = [(r[2], r[0]) for r in whole]
        assert keys == sorted(keys) and len(set(ids)) == 32


def test_export_holds_one_connection_and_closes_it_even_when_the_download_stops(app, client, seeded, monkeypatch):
    monkeypatch.setattr(stats, "EXPORT_CHUNK", 2)
    opened: list = []
    real = dbmod.connect

    def counting(*args, **kwargs):
        found = real(*args, **kwargs)
        opened.append(found)
        return found

    monkeypatch.setattr(dbmod, "connect", counting)
    response = client.get("/export.csv", buffered=False)
    chunks = iter(response.response)
    assert next(chunks)  # the header and the first rows
    assert any(_is_open(c) for c in opened)  # the export's connection, open while it streams
    response.close()  # the phone went away
    assert opened and not any(_is_open(c) for c in opened)
    opened.clear()
    assert client.get("/export.csv").get_data()  # read to its end
    assert not any(_is_open(c) for c in opened)


def _is_open(database) -> bool:
    try:
        database.conn.execute("SELECT 1")
    except Exception:  # sqlite3.ProgrammingError: Cannot operate on a closed database.
        return False
    return True
