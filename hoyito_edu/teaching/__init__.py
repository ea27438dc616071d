"""What students and teachers read: sentences about moves (``words``), ``explain``, Show me
``hints``, rule comparisons, classroom exercises and checkers, worksheets and the data tables.

May import: ``charts``, ``sim``, ``players``, ``compiled``, ``engine``, ``i18n``, pandas,
matplotlib.
"""
