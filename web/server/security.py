"""Who may come in, and what the browser is told: the optional access code, its limits on guessing
(web/server/guessing.py), API tokens instead of it (web/server/tokens.py), the
refusal of state-changing requests from other sites, and the headers (a Content-Security-Policy
with no inline script and no eval; ``Vary: HX-Request`` on pages htmx may ask for in part).

The rate limit counts the client's own address: behind a proxy, ``serve.py`` has waitress put the
real client (from the trusted proxy's ``X-Forwarded-For``) in ``REMOTE_ADDR``."""

from __future__ import annotations

import hmac
from urllib.parse import urlsplit

from flask import (
    Blueprint,
    Flask,
    Response,
    current_app,
    jsonify,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask.sessions import SecureCookieSessionInterface
from flask.typing import ResponseReturnValue
from flask_wtf import FlaskForm
from jinja2_fragments.flask import render_block
from wtforms import PasswordField
from wtforms.validators import DataRequired, Length

from web.server import guessing, tokens
from web.server.extensions import htmx, htmx_response
from web.server.guessing import GuessLimits, Ticket, Wait

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'self'; "
    "form-action 'self'; frame-ancestors 'none'"
)
OPEN_PATHS = (
    "/static/",
    "/access",
    "/healthz",
    "/s/",  # /s/TOKEN: a shared result, read-only (web/story/share.py)
    "/sw.js",
    "/offline",
)  # the service worker and its offline page: no data (web/routes/offline.py)
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})
DEFAULT_PORTS = {"http": 80, "https": 443}

bp = Blueprint("access", __name__)


class AccessForm(FlaskForm):
    code = PasswordField(
        "Access code",
        validators=[
            DataRequired("Enter the access code."),
            Length(max=200, message="That is too long to be the code."),
        ],
        render_kw={"autocomplete": "current-password", "autocapitalize": "off"},
    )


class SessionInterface(SecureCookieSessionInterface):
    """The session cookie is Secure whenever the request came over HTTPS (or the setting says so)."""

    def get_cookie_secure(self, app: Flask) -> bool:
        try:
            return bool(app.config["SESSION_COOKIE_SECURE"] or request.is_secure)
        except RuntimeError:  # outside a request
            return bool(app.config["SESSION_COOKIE_SECURE"])


def _client() -> str:
    return request.remote_addr or "unknown"


def _safe_next(target: str | None) -> str:
    if not target:
        return url_for("main.home")
    parts = urlsplit(target)
    # Browsers read "/\\host" as "//host", and drop tabs and newlines from a URL ("/\t/host"):
    # both would leave this site, so only a plain path on this site is followed.
    if (
        parts.scheme
        or parts.netloc
        or not target.startswith("/")
        or target.startswith("//")
        or "\\" in target
        or any(ch.isspace() or ord(ch) < 32 or ord(ch) == 127 for ch in target)
    ):
        return url_for("main.home")
    return target


@bp.route("/access", methods=["GET", "POST"])
def access() -> ResponseReturnValue:
    form = AccessForm()
    limits: GuessLimits = current_app.extensions["scorepad_guesses"]
    status = 200
    headers: dict[str, str] = {}
    if request.method == "POST":
        wait = limits.wait(_client())
        if not wait.seconds and form.validate():
            ticket = limits.begin(_client())  # its place in the limits, taken before it is judged
            if isinstance(ticket, Ticket):
                expected = current_app.config.get("ACCESS_CODE") or ""
                if hmac.compare_digest(form.code.data.strip().encode(), expected.encode()):
                    limits.right(ticket)
                    session.permanent = True
                    session["access"] = _code_mark(expected)
                    return redirect(_safe_next(request.args.get("next")), code=303)
                form.code.errors = ["That is not the code. Ask whoever runs this Scorepad."]
                status = 403 if not limits.wait(_client()).seconds else 429
            else:
                wait = ticket
        if wait.seconds:
            form.code.errors = [_wait_message(wait)]
            status = 429
            headers["Retry-After"] = str(wait.seconds)
        elif status == 200:
            status = 422
    return render_template("access.html", form=form, next=request.args.get("next", "")), status, headers


def _wait_message(wait: Wait) -> str:
    if wait.everyone:
        return (
            f"Too many wrong codes have been tried on this Scorepad in the last minute, from anywhere. "
            f"Try again in {wait.seconds} seconds. (Devices that already entered the code are not affected.)"
        )
    return f"Too many wrong codes from this device. Try again in {wait.seconds} seconds."


def _code_mark(code: str) -> str:
    """What the session remembers: a digest of the code, so changing the code logs every device out."""
    return hmac.new(str(current_app.secret_key).encode(), code.encode(), "sha256").hexdigest()[:32]


def _require_access() -> ResponseReturnValue | None:
    code = current_app.config.get("ACCESS_CODE")
    if not code or request.path.startswith(OPEN_PATHS):
        return None
    if session.get("access") == _code_mark(code):
        return None
    if tokens.bearer_sent():
        return tokens.bearer_refusal()  # None when it is a live API token (web/server/tokens.py)
    if request.path.startswith("/api/"):
        message = ("this Scorepad needs its access code: open /access in a browser, "
                   "or send Authorization: Bearer TOKEN (docs/api.md)")
        return jsonify({"errors": [{"path": "", "message": message}]}), 401
    target = request.full_path.rstrip("?")
    if htmx:
        return htmx_response("", 401, redirect=url_for("access.access", next=target))
    return redirect(url_for("access.access", next=target), code=303)


def _origin(url: str) -> tuple[str, int | None] | None:
    """(host, port) of an address, the scheme's default port filled in; None if it names none."""
    try:
        parts = urlsplit(url)
        port = parts.port or DEFAULT_PORTS.get(parts.scheme)
    except ValueError:
        return None
    if not parts.hostname:
        return None
    return parts.hostname.lower(), port


def _own_origins() -> set[tuple[str, int | None]]:
    own = {o for o in (_origin(request.host_url), _origin(current_app.config.get("PUBLIC_URL") or "")) if o}
    # The host the browser used, whatever the scheme (a TLS proxy that did not say so is not
    # another site): the host and port from the Host header.
    host = _origin("//" + request.host)
    if host:
        own.add(host)
        if host[1] is None:
            own.update({(host[0], 80), (host[0], 443)})
    return own


def cross_site() -> str | None:
    """Why this state-changing request came from another site (its ``Sec-Fetch-Site``, else its
    ``Origin``, else its ``Referer`` says so), or None.  A request with none of these headers (a
    tool such as curl, an old browser) is not refused here: the CSRF token still guards forms."""
    if request.method in SAFE_METHODS:
        return None
    fetch_site = request.headers.get("Sec-Fetch-Site", "").strip().lower()
    if fetch_site:
        return None if fetch_site in ("same-origin", "none") else f"Sec-Fetch-Site: {fetch_site}"
    for header in ("Origin", "Referer"):
        value = request.headers.get(header)
        if value is None or value == "":
            continue
        if value == "null" or _origin(value) not in _own_origins():
            return f"{header}: {value[:100]}"
        return None
    return None


def refuse_cross_site() -> ResponseReturnValue:
    """403: another site's page tried to change something here.  No "Send again": nothing of
    that request is offered back with a fresh token."""
    reason = cross_site() or "another site"
    current_app.logger.warning("Refused a %s %s from another site (%s)", request.method, request.path, reason)
    message = "refused: this request came from another site"
    if request.path.startswith("/api/"):
        return jsonify({"error": "cross-site", "errors": [{"path": "", "message": message}]}), 403
    context = {
        "title": "Refused",
        "heading": "Refused: this came from another site",
        "problems": [],
        "message": "A page on another site tried to change something on this Scorepad. Nothing was changed. "
        "If you meant to do it, open Scorepad itself and do it there.",
    }
    if htmx:
        return render_block("errors/refused.html", "content", **context), 403
    return render_template("errors/refused.html", **context), 403


def _refuse_cross_site() -> ResponseReturnValue | None:
    return refuse_cross_site() if cross_site() else None


def _history_restore_is_a_page_load() -> None:
    """htmx restores history (Back) with ``HX-Request`` and ``HX-History-Restore-Request``: that
    request wants the whole page, so every view (the games' own included) sees no ``HX-Request``."""
    if htmx.history_restore_request:
        request.environ.pop("HTTP_HX_REQUEST", None)
        request.environ.pop("HTTP_HX_TARGET", None)
        request.environ.pop("HTTP_HX_TRIGGER", None)


def _headers(response: Response) -> Response:
    if not request.path.startswith(("/static/", "/api/")):
        response.vary.add("HX-Request")  # a page and its htmx fragment share one address
    response.headers.setdefault("Content-Security-Policy", CSP)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "same-origin")
    response.headers.setdefault("X-Frame-Options", "DENY")
    if request.path.startswith("/access") or request.method != "GET":
        response.headers.setdefault("Cache-Control", "no-store")
    elif response.mimetype == "text/html":
        # A page is never reused from the HTTP cache: Back (which Chromium answers from its cache
        # without asking the server, even with "no-cache") shows what is stored now, not the page as
        # first loaded.  Pages with their own policy (the page cache's ETags) keep it.
        response.headers.setdefault("Cache-Control", "no-store")
    return response


def init_app(app: Flask) -> None:
    app.session_interface = SessionInterface()
    guessing.init_app(app)  # the limits on wrong codes: per client (IPv6 per /64) and over everyone
    app.register_blueprint(bp)
    app.before_request(_refuse_cross_site)
    app.before_request(_history_restore_is_a_page_load)
    app.before_request(_require_access)
    app.after_request(_headers)
