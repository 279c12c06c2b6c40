"""The server: what stands between a request and the app.

Owns: the access code, cookies, cross-site refusal and headers (``security``), size and id limits
(``limits``), the LAN and public addresses and QR codes (``address``), the HTTP error pages and the
storage-failure answers (``errors``), the Flask extensions (``extensions``).

Also: API tokens (``tokens``), guessing limits (``guessing``), Secure cookies (``cookies``).

May import: ``scoring``, ``web.server``, ``web.data`` (``errors`` tells storage failures apart);
``tokens`` also draws its Settings part with ``web.routes``.
"""
