"""Addresses a phone at the table can open: this machine on the local network, the public URL,
a QR code of a link."""

from __future__ import annotations

import socket
from urllib.parse import urlsplit, urlunsplit

import segno
from flask import current_app, request
from markupsafe import Markup


def public_url(path: str) -> str:
    """The address a phone at the table can open: the configured public URL, else this request's
    host, with localhost replaced by this machine's address on the local network."""
    base = current_app.config.get("PUBLIC_URL") or request.host_url
    parts = urlsplit(base)
    host = parts.hostname or "localhost"
    if host in ("localhost", "127.0.0.1", "::1") and not current_app.config.get("PUBLIC_URL"):
        host = lan_address() or host
        netloc = host + (f":{parts.port}" if parts.port else "")
        parts = parts._replace(netloc=netloc)
    return urlunsplit((parts.scheme, parts.netloc, path, "", ""))


def lan_address() -> str | None:
    """This machine's address on the local network (no packet is sent)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))
            address = s.getsockname()[0]
            return None if address.startswith("127.") else address
    except OSError:
        return None


def qr_svg(url: str) -> Markup:
    qr = segno.make_qr(url, error="m")
    return Markup(qr.svg_inline(scale=4, dark="#000", light="#fff", border=2, omitsize=True))


