"""The routes: one short view per URL and method; a whole page, or for htmx the block that changed.

Owns: the main pages and the generic seat routes (``main``), the plays API (``api``), Check one
board (``check``), putting a play right (``manage``), what every route needs to answer
(``pages``: who is asking, the page or its block, the seat page drawn from the adapter's view
model) and the WTForms (``forms``).  A view parses nothing and decides nothing: it calls an
adapter (``web.games``) and the table service (``web.table.service``) and renders.

May import: every ``web`` package.
"""
