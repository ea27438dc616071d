"""What students and teachers read: sentences about moves (``words``), ``explain``, Show me
``hints``, rule comparisons, classroom exercises and checkers, worksheets, the unit plan of
45-minute lessons (``unit``, its sentences in ``unit_text``) and the data tables.

May import: ``charts``, ``sim``, ``players``, ``compiled``, ``engine``, ``i18n``, pandas,
matplotlib.
"""
