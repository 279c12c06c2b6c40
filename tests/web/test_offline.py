"""The service worker's two addresses (web/routes/offline.py): /sw.js at the root, never cached stale,
and /offline; both open without the access code (they hold no data), both plain GETs."""

from __future__ import annotations

from app import create_app


def test_the_worker_and_the_offline_page_open_without_the_access_code(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "o.db"), "SECRET_KEY": "k", "ACCESS_CODE": "fern 42"})
    client = app.test_client()
    worker = client.get("/sw.js")
    assert worker.status_code == 200 and worker.mimetype == "text/javascript"
    assert worker.headers["Cache-Control"] == "no-cache"
    body = worker.get_data(as_text=True)
    assert 'request.method !== "GET"' in body and "/offline" in body  # changes are never touched
    worker.close()
    page = client.get("/offline")
    assert page.status_code == 200 and "No connection" in page.get_data(as_text=True)
    assert client.get("/plays").status_code == 303  # everything else still asks for the code


def test_the_worker_is_registered_only_where_the_browser_allows_one(client):
    script = client.get("/static/js/app.js")
    assert 'navigator.serviceWorker.register("/sw.js")' in script.get_data(as_text=True)
    assert "window.isSecureContext" in script.get_data(as_text=True)  # plain LAN HTTP: none, as before
    script.close()
