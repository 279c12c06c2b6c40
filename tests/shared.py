"""Where the rulebooks and card facts live: ``../shared`` next to the checkout (``SCOREPAD_SHARED``
overrides it).  Tests that check the code against them are skipped when the folder is absent."""

from __future__ import annotations

import os
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("SCOREPAD_SHARED") or CHECKOUT.parent / "shared")
RULES = SHARED / "rules"
CARDS = SHARED / "cards"
