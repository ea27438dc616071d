"""A figure in words, for readers who cannot see it: the alt text of the book's figures.

The words come from the figure itself (its title, each chart's title and axis labels), so they
are in the language the figure was drawn in, and they cannot drift from what the figure shows.

>>> import matplotlib
>>> matplotlib.use("Agg")
>>> import matplotlib.pyplot as plt
>>> fig, ax = plt.subplots()
>>> _ = ax.set(title="Game lengths", xlabel="moves", ylabel="games")
>>> describe_figure(fig)
'Chart: Game lengths. Horizontal axis: moves. Vertical axis: games.'
>>> plt.close(fig)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import gettext as _
from ..i18n import language

if TYPE_CHECKING:
    from matplotlib.figure import Figure


def _clean(text: str) -> str:
    return " ".join(text.split()).rstrip(".:")


def _one_chart(ax) -> str:
    """One chart's title and axis labels, as sentences."""
    parts = []
    if _clean(ax.get_title()):
        parts.append(_("Chart: {title}.").format(title=_clean(ax.get_title())))
    if ax.axison and _clean(ax.get_xlabel()):
        parts.append(_("Horizontal axis: {label}.").format(label=_clean(ax.get_xlabel())))
    if ax.axison and _clean(ax.get_ylabel()):
        parts.append(_("Vertical axis: {label}.").format(label=_clean(ax.get_ylabel())))
    return " ".join(parts)


def describe_figure(fig: Figure, lang: str | None = None) -> str:
    """The figure in words: its title, then each chart's title and axis labels.

    A figure with no words at all is described by its number of charts, so no figure is left
    without a description."""
    with language(lang):
        parts = []
        suptitle = fig.get_suptitle() if hasattr(fig, "get_suptitle") else ""
        if _clean(suptitle):
            parts.append(_("Figure: {title}.").format(title=_clean(suptitle)))
        charts = [text for text in (_one_chart(ax) for ax in fig.axes) if text]
        parts.extend(dict.fromkeys(charts))  # the same words once
        if not parts:
            parts.append(_("A figure of {n} chart(s), without a title.").format(n=len(fig.axes)))
        return " ".join(parts)
