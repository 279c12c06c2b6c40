"""Serve Scorepad with waitress (a production WSGI server), as ``make run`` does.

Prints the address to open on a phone on the same network.
"""

from __future__ import annotations

import os

from waitress import serve

from app import create_app
from web.address import lan_address


def main() -> None:
    app = create_app()
    host = os.environ.get("HOST", "0.0.0.0")
    port = int(os.environ.get("PORT", "8000"))
    threads = int(os.environ.get("SCOREPAD_THREADS", "8"))
    lan = lan_address()
    print(f"Scorepad is running. Database: {app.config['DATABASE']}")
    print(f"  On this computer:      http://localhost:{port}/")
    if lan and host in ("0.0.0.0", "::"):
        print(f"  On a phone (same Wi-Fi): http://{lan}:{port}/")
    print("Stop it with Ctrl+C.", flush=True)
    serve(app, host=host, port=port, threads=threads, ident="Scorepad")


if __name__ == "__main__":
    main()
