"""The data: the SQLite file and what is kept in it.

Owns: the connection and the writer lock (``db``), the rows of players, plays, seats and the edit
log (``store``: a repository, no merging and no rules), the derived statistics tables
(``aggregates``), backups, the JSON export and its checked import (``backup``), the import of a
BG Stats export (``bgstats``).

May import: ``scoring``, ``migrations``, ``web.data``, ``web.server``.  Exceptions (named in
tests/test_layout.py): ``store`` evaluates a play it read (``web.table.evaluate``, pure); the
Settings page's backup routes take the upload form and the photos' files (``backup`` ->
``web.routes.forms``, ``web.story.photos``); the BG Stats import (``bgstats``) draws its preview
with ``web.routes`` and reads BG Stats' game ids from ``web.story.share``.
"""
