"""Compressed responses and long-cached static files (issue 23.5, web/server/assets.py): text is
compressed when the client accepts it, the same bytes once decoded; the page cache's 304s, the live
poll's 304s and static files' 304s still work with the coded tags; static files are linked with a
content hash and cached for a year only under their current hash; streamed downloads and pictures
are sent as they are."""

from __future__ import annotations

import gzip
import re

import brotli
import pytest
from backports import zstd

from tests.conftest import new_play
from web.server import assets

ALL = {"Accept-Encoding": "gzip, deflate, br, zstd"}
DECODE = {"gzip": gzip.decompress, "br": brotli.decompress, "zstd": zstd.decompress}


def body(response) -> bytes:
    """The response's bytes as the client reads them (decoded)."""
    coding = response.headers.get("Content-Encoding")
    data = response.get_data()
    return DECODE[coding](data) if coding else data


@pytest.mark.parametrize(("accept", "coding"), [
    ("gzip", "gzip"),
    ("br", "br"),
    ("zstd", "zstd"),
    ("gzip, deflate, br, zstd", "zstd"),  # zstd first, then brotli, then gzip
    ("gzip, br", "br"),
    ("identity", None),
])
def test_json_is_compressed_as_the_client_accepts_and_decodes_to_the_same_bytes(client, accept, coding):
    plain = client.get("/api/games")
    assert plain.headers.get("Content-Encoding") is None
    response = client.get("/api/games", headers={"Accept-Encoding": accept})
    assert response.headers.get("Content-Encoding") == coding
    assert body(response) == plain.get_data()
    assert "Accept-Encoding" in response.headers["Vary"]
    if coding:
        assert len(response.get_data()) < len(plain.get_data()) / 2


def test_without_accept_encoding_nothing_is_compressed(client):
    for url in ("/", "/plays", "/api/games", "/static/css/app.css"):
        with client.get(url) as response:
            assert response.headers.get("Content-Encoding") is None, url


def test_a_small_answer_is_not_compressed(client):
    response = client.get("/healthz", headers=ALL)
    assert response.status_code == 200 and len(response.get_data()) < 500
    assert response.headers.get("Content-Encoding") is None


def test_a_cached_page_answers_304_to_the_coded_tag_it_sent(client):
    first = client.get("/plays", headers=ALL)
    assert first.status_code == 200 and first.headers["Content-Encoding"] == "zstd"
    tag = first.headers["ETag"]
    assert tag.endswith(':zstd"')
    again = client.get("/plays", headers={**ALL, "If-None-Match": tag})
    assert again.status_code == 304 and again.get_data() == b""
    assert again.headers["ETag"] == tag  # the tag the phone holds, coding included
    # the same page for a client without compression: its own (bare) tag, 304 to that one too
    plain = client.get("/plays")
    assert plain.headers["ETag"] == tag.replace(":zstd", "")
    assert client.get("/plays", headers={"If-None-Match": plain.headers["ETag"]}).status_code == 304
    assert body(first) == plain.get_data()


def test_a_changed_page_is_sent_again_to_its_old_coded_tag(client, token):
    tag = client.get("/plays", headers=ALL).headers["ETag"]
    new_play(client, token, players=("Ann", "Bob"))
    after = client.get("/plays", headers={**ALL, "If-None-Match": tag})
    assert after.status_code == 200 and after.headers["ETag"] != tag
    assert b"Ann" in body(after)


def test_the_live_poll_still_answers_304_while_nothing_changed(client, token):
    play_id = new_play(client, token, players=("Ann", "Bob"))
    first = client.get(f"/plays/{play_id}/live", headers=ALL)
    assert first.status_code == 200
    tag = first.headers["ETag"]
    assert tag.startswith("W/")  # a weak tag: compression leaves it as it is
    again = client.get(f"/plays/{play_id}/live", headers={**ALL, "If-None-Match": tag})
    assert again.status_code == 304 and again.headers["ETag"] == tag


def static_urls(html: str) -> list[str]:
    return re.findall(r'(?:href|src)="(/static/[^"]+)"', html)


def test_static_files_are_linked_with_their_content_hash(app, client):
    html = client.get("/").get_data(as_text=True)
    urls = static_urls(html)
    assert urls and all(re.fullmatch(r"/static/[\w./-]+\?v=[0-9a-f]{12}", u) for u in urls), urls
    css = next(u for u in urls if u.startswith("/static/css/app.css"))
    with app.app_context():
        expected = assets.version("css/app.css")
    import hashlib
    from pathlib import Path
    digest = hashlib.sha256((Path(app.static_folder) / "css" / "app.css").read_bytes()).hexdigest()[:12]
    assert expected == digest and css == f"/static/css/app.css?v={digest}"


def test_a_static_file_at_its_hash_is_cached_for_a_year_and_compressed(client):
    url = next(u for u in static_urls(client.get("/").get_data(as_text=True)) if "app.css" in u)
    with client.get(url) as plain, client.get(url, headers={"Accept-Encoding": "br"}) as response:
        assert response.status_code == 200
        assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
        assert response.headers["Content-Encoding"] == "br"
        assert body(response) == plain.get_data()
        assert len(response.get_data()) < len(plain.get_data()) / 2
        tag = response.headers["ETag"]
    assert tag.endswith(':br"')
    with client.get(url, headers={"Accept-Encoding": "br", "If-None-Match": tag}) as again:
        assert again.status_code == 304 and again.headers["ETag"] == tag and again.get_data() == b""
        assert again.headers["Cache-Control"] == "public, max-age=31536000, immutable"


@pytest.mark.parametrize("query", ["", "?v=000000000000", "?v="])
def test_a_static_file_without_its_current_hash_is_revalidated_each_time(client, query):
    with client.get(f"/static/css/app.css{query}") as response:
        assert response.status_code == 200
        assert response.headers["Cache-Control"] == "no-cache"
        tag = response.headers["ETag"]
    with client.get(f"/static/css/app.css{query}", headers={"If-None-Match": tag}) as again:
        assert again.status_code == 304


def test_a_new_version_of_a_file_has_a_new_hash(tmp_path, app):
    (tmp_path / "a.css").write_text("body { color: red }")
    with app.app_context():
        first = assets.version("a.css", str(tmp_path))
        assert first == assets.version("a.css", str(tmp_path))
        (tmp_path / "a.css").write_text("body { color: blue; }")  # another size: seen at once
        second = assets.version("a.css", str(tmp_path))
        assert second is not None and second != first
        assert assets.version("missing.css", str(tmp_path)) is None
        assert assets.version("../secret", str(tmp_path)) is None  # outside the folder


def test_a_missing_static_file_is_404_without_a_version(client):
    assert client.get("/static/css/nothing.css?v=abc").status_code == 404


def test_the_csv_export_streams_uncompressed(client, token):
    response = client.get("/export.csv", headers=ALL)
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert response.headers.get("Content-Encoding") is None
    assert response.is_streamed
    assert response.get_data(as_text=True).splitlines()[0].startswith("play")


def test_strip_codings_keeps_weak_and_plain_tags():
    assert assets.strip_codings('"a:zstd"') == '"a"'
    assert assets.strip_codings('"a:gzip", "b:br"') == '"a", "b"'
    assert assets.strip_codings('W/"1-2", "plain", "x:deflate"') == 'W/"1-2", "plain", "x:deflate"'
    assert assets.strip_codings("*") == "*"
