"""Sixth Garden's entry screen: two steppers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import scoring
from scoring.core import FieldError
from web.games import Adapter, register, state_from_paths


class SixthAdapter(Adapter):
    entry_template = "games/sixth/entry.html"

    def state_from_form(self, form: Mapping[str, str], old_state: dict, data: Mapping[str, Any] | None = None) -> tuple[dict, list[FieldError]]:
        return state_from_paths(form, old_state, scoring.get("sixth").player_schema), []

    def field_label(self, path: str) -> str:
        return {"flowers": "Flowers", "seeds": "Seeds left"}.get(path, super().field_label(path))


register("sixth", SixthAdapter())
