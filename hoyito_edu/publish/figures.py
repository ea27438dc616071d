"""Alt text for the figures a notebook draws, set in the kernel while the book runs it.

The book runs :data:`SETUP` in each notebook's kernel before its first cell. From then on every
matplotlib figure the notebook shows carries, beside its picture, its description
(:func:`hoyito_edu.charts.describe.describe_figure`) as the picture's ``alt`` metadata, which
nbconvert writes into the page's ``<img alt="...">``. The notebook's own cells are unchanged.
"""

from __future__ import annotations

#: The code the book runs in each kernel before the notebook's first cell.
SETUP = "from hoyito_edu.publish.figures import describe_figures\ndescribe_figures()\n"


def describe_figures() -> None:
    """In a running IPython kernel: show every matplotlib figure with its description as
    the picture's ``alt`` metadata (in the session's language at the time it is shown)."""
    import matplotlib.pyplot as plt
    from IPython import get_ipython
    from matplotlib.figure import Figure

    from ..charts.describe import describe_figure

    shell = get_ipython()
    if shell is None:
        raise RuntimeError("describe_figures() runs inside a Jupyter kernel only")
    # pyplot loads its backend with the first figure, and the kernel's inline backend then
    # sets its own picture formatter: load it now, so the one set below stays.
    plt.close(plt.figure())
    png = shell.display_formatter.formatters["image/png"]
    try:
        draw = png.lookup_by_type(Figure)
    except KeyError:
        from IPython.core.pylabtools import print_figure

        def draw(fig):
            return print_figure(fig, "png")

    def draw_with_words(fig):
        data = draw(fig)
        if isinstance(data, tuple):  # already (picture, metadata)
            data, metadata = data
        else:
            metadata = {}
        return data, {**metadata, "alt": describe_figure(fig)}

    png.for_type(Figure, draw_with_words)
