"""The class server: one process serves a whole class on their phones (``python -m hoyito_edu
serve``), every game kept in a database.

* :mod:`.codes`: the class code, the teacher's secret, the join address, the QR code;
* :mod:`.store`: SQLite or PostgreSQL, one schema, every move written before the page is told;
* :mod:`.room`: the class (students, games, teacher) and what each may send;
* :mod:`.limits`: how much one device, or the whole class, may try (codes, keys, students);
* :mod:`.pages` and ``static/``: the pages, their words, the board's model over a WebSocket;
* :mod:`.app`: Starlette on uvicorn, the worker processes for the computer's search;
* :mod:`.games`: a class's games as a pandas table (``hy.class_games``).

It belongs to the board layer: it drives :class:`~hoyito_edu.board.session.BoardSession` and
serves the board's own ES module unchanged. Starlette, uvicorn, segno and psycopg come with
the ``[class]`` extra; ``import hoyito_edu`` loads none of them.
"""
