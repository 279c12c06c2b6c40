"""Run the production server (waitress, as ``make run`` does) with the test-only stub game
registered: ``python -m tests.reliability.server`` (PORT, SCOREPAD_DATABASE, SCOREPAD_INSTANCE)."""

from __future__ import annotations

import scoring
from tests import stubgame

scoring.register(stubgame.GAME)

if __name__ == "__main__":
    import serve

    serve.main()
