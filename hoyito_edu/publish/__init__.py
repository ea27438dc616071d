"""What a teacher takes away: the book, the printables and the kit, student copies of the
notebooks, and a folder of notebooks to open in JupyterLab.

- :mod:`~hoyito_edu.publish.run`: run a notebook top to bottom in a fresh kernel;
- :mod:`~hoyito_edu.publish.student`: student copies, without answers or teacher-only cells;
- :mod:`~hoyito_edu.publish.book`: every notebook rendered to HTML with its outputs, in both
  languages, plus the documents (``python -m hoyito_edu book``);
- :mod:`~hoyito_edu.publish.printables`: the worksheets and the unit's sheets as PDF;
- :mod:`~hoyito_edu.publish.kit`: the book and the printables in one zip that opens from a
  USB stick with nothing installed (``python -m hoyito_edu kit``);
- :mod:`~hoyito_edu.publish.lab`: copy the notebooks into a folder and open JupyterLab there.

May import every layer below it (``board`` to ``i18n``) and the notebook stack (nbformat,
nbclient, nbconvert), which is loaded on first use; nothing below imports it.
"""
