"""The group's story (issue 18, docs/stats.md): statistics and charts per game and player,
records, a result to share (image, link, BG Stats), the CSV export, rematch, the length and place
of a play and photos of the table, the Verdant achievement campaign (``campaign``), and the page
cache (``pagecache``).  ``init_app`` wires them into the app.

May import: ``scoring``, ``web.story``, ``web.data``, ``web.games``, ``web.server``, ``web.table``,
``web.routes`` (its pages are drawn like every route's, with ``web.routes.pages``).
"""

from __future__ import annotations

from typing import Any

from flask import Flask

from web.server.extensions import csrf
from web.story import pagecache, photos, records, review, share, stats


def init_app(app: Flask) -> None:
    pagecache.init_app(app)
    csrf.exempt(
        photos.upload
    )  # it checks the token itself, after raising the body limit (web/story/photos.py)
    for blueprint in (stats.bp, share.bp, photos.bp, review.bp):
        app.register_blueprint(blueprint)

    @app.context_processor
    def story_globals() -> dict[str, Any]:
        return {
            "player_story": stats.player_story,
            "play_story": share.play_story,
            "play_records": records.records_for_play,
            "record_words": records.KIND_WORDS,
            "review_alt": review.alt_text,
            "share_links": share.links,
            "known_places": share.known_places,
            "when_where_form": share.when_where_form,
        }
