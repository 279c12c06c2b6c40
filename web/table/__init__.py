"""The table: a play being scored by its players' phones.

Owns: the one save path (``service``: load, merge, evaluate, write, once; every change of a seat
or a play), a play's evaluation (``evaluate``), the refusals answered in one place
(``refusals``), the live updates (``live``), a damaged seat's repair (``damage``), the players'
words for places, values and the edit log (``words``), game data kept beside the plays
(``gamedata``, Arizona's deck: ``arizona_deck``) and the rescoring of stale plays (``rescore``).

May import: ``scoring``, ``web.table``, ``web.data``, ``web.games``, ``web.server``, and
``web.routes.pages`` (the page or fragment an answer is drawn with) from the modules that answer
a request (``refusals``, ``live``, ``damage``, ``arizona_deck``).
"""
