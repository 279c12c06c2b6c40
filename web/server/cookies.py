"""Every cookie Scorepad sets is ``Secure`` on HTTPS (issue 26): the device cookie, the phone's
name (``scorepad_name``), whose phone it is (the holder cookie), the session (web/server/security.py)
and any added later.  HTTPS is the request's own scheme, which behind the trusted proxy is the
proxy's ``X-Forwarded-Proto`` (waitress under serve.py, ProxyFix otherwise), or
``SCOREPAD_HTTPS=1`` (``SESSION_COOKIE_SECURE``).  Over plain LAN HTTP nothing changes (a Secure
cookie would never come back there).

The cookies are made Secure on the way out, in the response's ``Set-Cookie`` headers, so no view
has to remember to ask; the hook runs after every other (it is put first in Flask's list, which
runs last to first)."""

from __future__ import annotations

from flask import Flask, Response, current_app, request


def secure_now() -> bool:
    """Whether cookies set by this request must be Secure."""
    return bool(current_app.config.get("SESSION_COOKIE_SECURE") or request.is_secure)


def with_secure(header: str) -> str:
    """A ``Set-Cookie`` value with the ``Secure`` attribute (kept as is if it has it).

    >>> with_secure("scorepad_device=ab12; Max-Age=10; HttpOnly; Path=/; SameSite=Lax")
    'scorepad_device=ab12; Max-Age=10; HttpOnly; Path=/; SameSite=Lax; Secure'
    >>> with_secure("session=x; Secure; HttpOnly; Path=/")
    'session=x; Secure; HttpOnly; Path=/'
    """
    attributes = [part.strip().lower() for part in header.split(";")[1:]]
    return header if "secure" in attributes else header + "; Secure"


def _secure_cookies(response: Response) -> Response:
    if not secure_now():
        return response
    cookies = response.headers.getlist("Set-Cookie")
    if cookies:
        response.headers.remove("Set-Cookie")
        for cookie in cookies:
            response.headers.add("Set-Cookie", with_secure(cookie))
    return response


def init_app(app: Flask) -> None:
    # Flask runs the app's after_request hooks last-registered first: at the head of the list,
    # this one runs after every other (the views' device cookie included).  The session cookie
    # is written after all hooks, and is Secure on HTTPS by web/security.SessionInterface.
    app.after_request_funcs.setdefault(None, []).insert(0, _secure_cookies)
