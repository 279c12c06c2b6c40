"""The group's story (issue 18, docs/stats.md): statistics and charts per game and player,
records, a result to share (image, link, BG Stats), the CSV export, rematch, the length and place
of a play and photos of the table.  ``init_app`` wires them into the app."""

from __future__ import annotations

from flask import Flask

from web import pagecache, stats


def init_app(app: Flask) -> None:
    pagecache.init_app(app)
    app.register_blueprint(stats.bp)

    @app.context_processor
    def story_globals():
        return {"player_story": stats.player_story}
