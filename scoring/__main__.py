"""Command line: ``python -m scoring GAME [FILE]``.

Reads a table as JSON from FILE (or standard input), prints the result as JSON and exits 0;
an invalid table prints ``{"errors": [{"path": ..., "message": ...}]}`` and exits 2.
"""

from __future__ import annotations

import argparse
import json
import sys

from . import games, get, jsontext, score
from .core import FieldError, ValidationError

MAX_BYTES = 1024 * 1024  # the same as the web app's request limit


def main(argv: list[str] | None = None) -> int:
    asks_help = any(a in ("-h", "--help") for a in (sys.argv[1:] if argv is None else argv))
    # every engine is imported only to list them (help, an unknown game): scoring one game loads its own
    names = [g.name for g in games()] if asks_help else []
    parser = argparse.ArgumentParser(
        prog="python -m scoring",
        description="Score a finished table of a Scorepad game. The table is JSON: "
        '{"options": {...}, "players": [{"name": "...", ...}, ...]} (see docs/api.md).',
        epilog="Exit status: 0 with the result as JSON; 2 with {\"errors\": [...]} for an invalid "
        "table or an unknown game.",
    )
    parser.add_argument("game", help="one of: " + ", ".join(names))
    parser.add_argument("file", nargs="?", help="JSON file with the table (default: standard input)")
    parser.add_argument("--indent", type=int, default=2, help="indentation of the JSON output (default 2)")
    args = parser.parse_args(argv)
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(encoding="utf-8", errors="backslashreplace")

    def fail(errors: list[FieldError]) -> int:
        print(json.dumps(ValidationError(errors).to_dict(), indent=args.indent, ensure_ascii=False))
        return 2

    try:
        game = get(args.game)
    except KeyError:
        names = [g.name for g in games()]
        return fail([FieldError("game", f'"{args.game}" is not a game: choose one of ' + ", ".join(names))])
    data: bytes | str
    try:
        if args.file:
            with open(args.file, "rb") as handle:
                data = handle.read(MAX_BYTES + 1)
        else:
            stream = getattr(sys.stdin, "buffer", None)  # bytes, so that a bad encoding is named
            data = stream.read(MAX_BYTES + 1) if stream is not None else sys.stdin.read(MAX_BYTES + 1)
    except OSError as exc:
        return fail([FieldError("file", f"cannot be read: {exc.strerror}")])
    if len(data) > MAX_BYTES:
        return fail([FieldError("", f"is too large: at most {MAX_BYTES // 1024} KB")])
    table, errors = jsontext.load(data)
    if errors:
        return fail(errors)
    try:
        result = score(game.name, table)
    except ValidationError as exc:
        return fail(exc.errors)
    print(json.dumps(result.to_dict(), indent=args.indent, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
