"""404, 500 and expired-page (CSRF) responses in the app's style."""

from __future__ import annotations

from flask import Flask, jsonify, render_template, request
from flask_wtf.csrf import CSRFError
from jinja2_fragments.flask import render_block


def _wants_json() -> bool:
    return request.path.startswith("/api/")


def init_app(app: Flask) -> None:
    @app.errorhandler(404)
    def not_found(exc):
        if _wants_json():
            return jsonify({"errors": [{"path": "", "message": "not found"}]}), 404
        return render_template("errors/404.html"), 404

    @app.errorhandler(405)
    def not_allowed(exc):
        if _wants_json():
            return jsonify({"errors": [{"path": "", "message": "method not allowed"}]}), 405
        return render_template("errors/404.html"), 405

    @app.errorhandler(413)
    def too_large(exc):
        if _wants_json():
            return jsonify({"errors": [{"path": "", "message": "the request is too large (1 MB at most)"}]}), 413
        return render_template("errors/500.html", message="That was too much to send at once (1 MB at most)."), 413

    @app.errorhandler(500)
    def server_error(exc):
        if _wants_json():
            return jsonify({"errors": [{"path": "", "message": "server error"}]}), 500
        return render_template("errors/500.html"), 500

    @app.errorhandler(CSRFError)
    def expired(exc):
        """The page was open too long or the session cookie is gone: show what was typed, with a
        fresh token, so one tap sends it again."""
        fields = [(k, v) for k, v in request.form.items(multi=True) if k != "csrf_token"]
        context = {"fields": fields, "action": request.path, "reason": exc.description}
        if request.headers.get("HX-Request"):
            body = render_block("errors/expired.html", "content", **context)
            return body, 400, {"HX-Retarget": "main", "HX-Reswap": "innerHTML"}
        return render_template("errors/expired.html", **context), 400
