"""Words that only look different (issue 24.4): one definition for player names, colours and card
names, used by the engines and the web layer alike.  Pure Python, no I/O.

- A **player name** is compared after Unicode NFC ("Anne" typed with a combining accent and with
  the accented letter as one character are one name) and case-insensitively: :func:`name_key`.
  It is stored as typed, in NFC and trimmed: :func:`clean_name`.
- A name may not hold **control characters** (a tab, a newline, U+0000 ...), **invisible
  format characters** (zero-width space U+200B, word joiner U+2060, soft hyphen U+00AD, byte
  order mark U+FEFF ...) or **bidirectional marks** (U+200E, U+200F, U+202A to U+202E, U+2066 to
  U+2069, U+061C): two names that look the same must be the same name, and a name must not turn
  the text around it backwards.  :func:`name_problem` says which character and where.  The
  zero-width joiner and non-joiner (U+200D, U+200C) are allowed where writing needs them: between
  two letters of a script that is not Latin (Persian, Hindi ...) and, the joiner, between two
  emoji (a family emoji is a sequence of emoji joined by U+200D).
- A **colour or card name** is compared after NFKC with every invisible format character removed
  (:func:`fold_word`): a full-width "ｐｉｎｋ" is "pink", "Pink\\u200b" is "Pink".

>>> name_key("Anne\\u0301") == name_key("ANN\\u00c9")
True
>>> name_problem("Ann\\u200b")
'holds an invisible character (U+200B ZERO WIDTH SPACE) after "Ann": type the name without it'
>>> (name_problem("\\u202eAnn"), name_problem("A\\tB")[:40],  # doctest: +NORMALIZE_WHITESPACE
...     name_problem("Ann"))
('holds a bidirectional mark (U+202E RIGHT-TO-LEFT OVERRIDE) at the start: type the name without it', 'holds a
control character (U+0009) after', None)
>>> fold_word("\\uff50\\uff49\\uff4e\\uff4b"), fold_word("Pink\\u200b")
('pink', 'Pink')
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

BIDI_MARKS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
ZWNJ, ZWJ = "\u200c", "\u200d"


def clean_name(name: str) -> str:
    """A player's name as stored: NFC, trimmed.

    >>> clean_name("  Anne\\u0301 ") == "Ann\\u00e9"
    True
    """
    return unicodedata.normalize("NFC", name).strip()


def name_key(name: str) -> str:
    """Two player names are one name when their keys are equal (NFC, trimmed, any case)."""
    return unicodedata.normalize("NFC", clean_name(name).casefold())


def _joins_letters(before: str, after: str) -> bool:
    """A joiner between two letters (or marks) of a script that is not Latin: Persian, Hindi ..."""

    def letter(ch: str) -> bool:
        return not ch.isascii() and unicodedata.category(ch)[0] in "LM"

    return letter(before) and letter(after)


def _joins_emoji(before: str, after: str) -> bool:
    """U+200D between two emoji (a symbol, a variation selector or a skin-tone modifier before it)."""

    def emoji(ch: str) -> bool:
        return unicodedata.category(ch) in ("So", "Sk") or ch == "\ufe0f"

    return emoji(before) and unicodedata.category(after) == "So"


def _where(name: str, i: int) -> str:
    before = name[:i].strip()
    if not before:
        return "at the start"
    shown = before if len(before) <= 20 else "..." + before[-17:]
    return f'after "{shown}"'


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name because of a character in it, or None."""
    if name.isascii() and name.isprintable():
        return None  # printable ASCII (space to "~") holds none of the characters below
    text = unicodedata.normalize("NFC", name)
    for i, ch in enumerate(text):
        category = unicodedata.category(ch)
        if category == "Cc" or category in ("Zl", "Zp"):
            return (
                f"holds a control character ({_what(ch)}) {_where(text, i)}: type the name on one line, "
                "without it"
            )
        if ch in BIDI_MARKS:
            return f"holds a bidirectional mark ({_what(ch)}) {_where(text, i)}: type the name without it"
        if category == "Cf":
            before, after = (text[i - 1] if i else ""), (text[i + 1] if i + 1 < len(text) else "")
            if before and after and ch in (ZWNJ, ZWJ) and _joins_letters(before, after):
                continue
            if before and after and ch == ZWJ and _joins_emoji(before, after):
                continue
            return f"holds an invisible character ({_what(ch)}) {_where(text, i)}: type the name without it"
    return None


def _what(ch: str) -> str:
    """A character as a message names it: ``U+200B ZERO WIDTH SPACE`` (its code alone if unnamed)."""
    code = f"U+{ord(ch):04X}"
    label = unicodedata.name(ch, "")
    return f"{code} {label}" if label else code


@lru_cache(maxsize=8192)
def fold_word(text: str) -> str:
    """A colour or card name for comparing: NFKC, every invisible format character removed."""
    return "".join(ch for ch in unicodedata.normalize("NFKC", text) if unicodedata.category(ch) != "Cf")
