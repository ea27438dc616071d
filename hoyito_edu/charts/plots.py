"""Charts of simulated games (matplotlib), in one colour-blind-safe style.

Every function draws one chart from the tables of :func:`hoyito_edu.sim.simulate` (or a
position), gives it a title, axis labels with units and a legend that names the players and
the rule set, and returns what it drew: the :class:`~matplotlib.axes.Axes`, or the
:class:`~matplotlib.figure.Figure` for charts with several panels. Pass ``ax=`` to draw into
an existing Axes.

Colours come from the Okabe-Ito palette, which people with the common colour-vision
deficiencies can tell apart; lines also differ by dash pattern and marker, bars by hatch, so no
chart relies on colour alone (the nine end reasons have eight colours and one hatch between
them: :data:`END_STYLES`).

Every chart checks its arguments before it draws: a table that is not the one it needs (or
lacks columns, or is empty, or names an unknown rule set or end reason), a count that is not
a whole number, a share outside 0-1, gives a ValueError that says what was wrong and what is
allowed.

Every chart speaks the session's language (``hy.set_language``), or the one given by its
``lang=`` ("en" or "es"): titles, axis labels, legends, notes and the computer players' levels;
numbers keep the decimal point.

>>> import hoyito_edu as hy
>>> from hoyito_edu.charts import plots
>>> sim = hy.simulate("hoyito-ii", 100, seed=1)
>>> ax = plots.game_lengths(sim.games)
>>> ax.get_title()
'How long games last (random vs random)'
>>> plots.game_lengths(sim.games, lang="es").get_title()
'Cuánto duran las partidas (al azar contra al azar)'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

import numpy as np

from ..engine.checks import as_whole
from ..engine.rules import VARIANTS, get_rules
from ..i18n import N_, language, ngettext, pgettext
from ..i18n import gettext as _
from .palette import DASHES, HATCHES, OKABE_ITO, PLAYER_COLOURS

#: The confidence level of every interval drawn. It stays out of the sentences to translate:
#: gettext would read "95 % i" in them as a printf code.
LEVEL = "95 %"

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from ..engine.position import Position

__all__ = [
    "COLOURS",
    "PLAYER_COLOURS",
    "VARIANT_STYLES",
    "KIND_COLOURS",
    "END_STYLES",
    "END_LABELS",
    "plot_style",
    "captures_over_game",
    "capture_bands",
    "seeds_left",
    "seeds_left_panels",
    "casa_heatmap",
    "casa_rates_by_hole",
    "game_lengths",
    "starter_advantage",
    "shuffled_differences",
    "laps_per_move",
    "end_reasons",
    "end_reason_rates",
    "board_diagram",
    "timeline_chart",
]

#: The Okabe-Ito palette (shared with the board widgets).
COLOURS = OKABE_ITO
#: Line styles of South (player 0) and North (player 1), or the starter and the second.
PLAYER_LINES = DASHES[:2]
#: Colours of pairings of players (the palette without yellow, too faint for markers).
PAIRING_COLOURS = tuple(
    COLOURS[c]
    for c in ("orange", "sky blue", "bluish green", "blue", "vermillion", "reddish purple", "black")
)
#: Colour, dash pattern and marker of each rule set.
VARIANT_STYLES = {
    "hoyito-i": {"color": COLOURS["orange"], "linestyle": DASHES[0], "marker": "o"},
    "hoyito-ii": {"color": COLOURS["bluish green"], "linestyle": DASHES[1], "marker": "s"},
    "hoyito-iii": {"color": COLOURS["reddish purple"], "linestyle": DASHES[2], "marker": "^"},
    "ba-awa": {"color": COLOURS["sky blue"], "linestyle": DASHES[3], "marker": "D"},
}
#: Colour, hatch (bars in :func:`end_reasons`) and marker (:func:`end_reason_rates`) of each
#: end reason; no two reasons share a style. There are nine reasons and eight colours, so the
#: rare endings (the ones :func:`end_reason_rates` draws as markers) get six different strong
#: colours, Ba-awa's usual ending gets yellow (only ever a wide bar), and Hoyito's two endings
#: of R4.1 share blue: plain for the final four, hatched for "all captured".
END_STYLES = {
    "final-four": {"color": COLOURS["blue"], "hatch": HATCHES[0], "marker": "o"},
    "eight-or-fewer": {"color": COLOURS["yellow"], "hatch": HATCHES[0], "marker": "h"},
    "all-captured": {"color": COLOURS["blue"], "hatch": HATCHES[1], "marker": "P"},
    "endless": {"color": COLOURS["vermillion"], "hatch": HATCHES[0], "marker": "D"},
    "repetition": {"color": COLOURS["reddish purple"], "hatch": HATCHES[0], "marker": "^"},
    "ply-cap": {"color": COLOURS["black"], "hatch": HATCHES[0], "marker": "X"},
    "lap-limit": {"color": COLOURS["orange"], "hatch": HATCHES[0], "marker": "s"},
    "agreement": {"color": COLOURS["sky blue"], "hatch": HATCHES[0], "marker": "v"},
    "quiet-limit": {"color": COLOURS["bluish green"], "hatch": HATCHES[0], "marker": "*"},
}
#: The casa kinds (captures during play) that :func:`casa_heatmap` can draw.
CASA_KINDS = ("mid-sow", "last-seed", "chain")
#: Colours of casa kinds and end reasons (the end reasons' colours are :data:`END_STYLES`').
KIND_COLOURS = {
    "mid-sow": COLOURS["orange"],
    "last-seed": COLOURS["blue"],
    "chain": COLOURS["bluish green"],
    **{reason: style["color"] for reason, style in END_STYLES.items()},
}
#: How the charts name each end reason, in English; :func:`end_label` gives it in the
#: current language.
END_LABELS = {
    "final-four": N_("final four (Hoyito)"),
    "eight-or-fewer": N_("8 or fewer left (Ba-awa)"),
    "all-captured": N_("all captured"),
    "endless": N_("endless move"),
    "repetition": N_("repetition"),
    "ply-cap": N_("stopped at the ply cap"),
    "lap-limit": N_("lap limit"),
    "agreement": N_("by agreement"),
    "quiet-limit": N_("no capture for too long"),
}
#: The usual ending of each rule set's games (every other end reason is rare).
USUAL_ENDINGS = ("final-four", "eight-or-fewer", "all-captured")
_RC = {
    "figure.figsize": (7.5, 4.2),
    "figure.dpi": 100,
    "axes.titlesize": 12,
    "axes.titleweight": "bold",
    "axes.labelsize": 10,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "legend.fontsize": 9,
    "legend.frameon": False,
    "axes.prop_cycle": None,  # set below (needs matplotlib)
}


#: Size of a single chart, in inches.
FIGSIZE = (7.5, 4.2)


@contextmanager
def plot_style():
    """The package's matplotlib settings (fonts, spines, grid, colour cycle), for drawing
    charts of your own in the same style::

        with plots.plot_style():
            fig, ax = plt.subplots()
            ax.plot(...)

    The package's own charts set their style on each Axes instead, so they look the same
    with or without this context.
    """
    import matplotlib as mpl
    from cycler import cycler

    rc = dict(_RC, **{"axes.prop_cycle": cycler(color=list(COLOURS.values())[1:])})
    with mpl.rc_context(rc):
        yield


def _axes(ax: Axes | None) -> Axes:
    if ax is not None:
        _check_ax(ax)
        return ax
    import matplotlib.pyplot as plt

    _fig, ax = plt.subplots(figsize=FIGSIZE, dpi=100, layout="constrained")
    return ax


def _finish(ax: Axes, title: str, xlabel: str, ylabel: str, legend: bool = True) -> Axes:
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.spines[["top", "right"]].set_visible(False)
    ax.grid(True, alpha=0.3)
    if legend:
        ax.legend(frameon=False, fontsize=9)
    return ax


def rule_set(variant: str, n: int | None = None) -> str:
    """``"Hoyito II, 2x6"``: how charts name a rule set and board.

    >>> rule_set("hoyito-ii", 6)
    'Hoyito II, 2×6'
    """
    title = get_rules(str(variant)).title
    if n is None:
        return title
    return f"{title}, 2×{_count(n, 'n (holes per row)', 1)}"


# -- checks of the arguments: every chart checks what it is given before it draws ------------
#: Where each kind of table comes from, for the error messages.
_SOURCES = {
    "games": "the games table of hoyito_edu.sim.simulate() (sim.games)",
    "moves": "the moves table of hoyito_edu.sim.simulate() (sim.moves)",
    "captures": "the captures table of hoyito_edu.sim.simulate() (sim.captures)",
    "metrics": "a games table (sim.games) or its metrics (hoyito_edu.sim.metrics.game_metrics)",
    "rates": "a table of casas per game at each hole (see casa_rates_by_hole)",
}


def _check_ax(ax: object) -> None:
    from matplotlib.axes import Axes

    if not isinstance(ax, Axes):
        raise ValueError(
            f"ax must be a matplotlib Axes to draw into (or None for a new chart), "
            f"not {type(ax).__name__}"
        )


def _table(
    table: object, name: str, columns: Sequence[str], *, empty: bool = False
) -> pd.DataFrame:
    """``table`` if it is a DataFrame with ``columns``, rows (unless ``empty``) and known rule
    sets on whole-number board sizes; else a ValueError saying what is wrong."""
    import pandas as pd

    if not isinstance(table, pd.DataFrame):
        raise ValueError(
            f"{name} must be {_SOURCES[name]}, a pandas DataFrame, not {type(table).__name__}"
        )
    missing = [c for c in columns if c not in table.columns]
    if missing:
        raise ValueError(
            f"the {name} table is missing column(s) {', '.join(missing)}; it needs "
            f"{', '.join(columns)}: pass {_SOURCES[name]}"
        )
    if len(table) == 0 and not empty:
        raise ValueError(f"the {name} table is empty (no {name}): there is nothing to draw")
    if "variant" in columns:
        unknown = sorted(
            {str(v) for v in table["variant"].unique() if str(v).strip().lower() not in VARIANTS}
        )
        if unknown:
            raise ValueError(
                f"the {name} table has unknown variant(s) {', '.join(map(repr, unknown))}; "
                f"the known variants are {', '.join(VARIANTS)}"
            )
    if "holes_per_row" in columns:
        bad = [n for n in table["holes_per_row"].unique() if (as_whole(n) or 0) < 1]
        if bad:
            raise ValueError(
                f"the {name} table's holes_per_row must be whole numbers of holes (such as 6 "
                f"or 12), not {', '.join(map(repr, bad))}"
            )
    return table


def _count(value: object, name: str, least: int) -> int:
    """``value`` as an int if it is a whole number (numpy integers too; not bools or floats)
    of at least ``least``."""
    number = as_whole(value)
    if number is None or number < least:
        raise ValueError(f"{name} must be a whole number, at least {least}, not {value!r}")
    return number


def _real(value: object) -> float | None:
    """``value`` as a float if it is a finite real number (not a bool or a string)."""
    from numbers import Real

    if isinstance(value, (bool, np.bool_)) or not isinstance(value, Real):
        return None
    number = float(value)
    return number if np.isfinite(number) else None


def _share(value: object, name: str) -> float:
    """``value`` as a float between 0 and 1."""
    number = _real(value)
    if number is None or not 0 <= number <= 1:
        raise ValueError(f"{name} must be a share between 0 and 1, such as 0.5, not {value!r}")
    return number


def _band(band: object) -> tuple[float, float]:
    """Two shares ``(low, high)`` with ``0 <= low < high <= 1``."""
    pair = tuple(band) if isinstance(band, (tuple, list, np.ndarray)) else ()
    numbers = [_real(b) for b in pair]
    if len(numbers) != 2 or None in numbers or not 0 <= numbers[0] < numbers[1] <= 1:
        raise ValueError(
            f"band must be two shares (low, high) with 0 <= low < high <= 1, such as "
            f"(0.1, 0.9) for the 10 % and 90 % quantiles, not {band!r}"
        )
    return numbers[0], numbers[1]


def _flag(value: object, name: str) -> bool:
    if not isinstance(value, (bool, np.bool_)):
        raise ValueError(f"{name} must be True or False, not {value!r}")
    return bool(value)


def _names(value: object, name: str, allowed: Sequence[str]) -> list[str]:
    """A non-empty list of different names from ``allowed`` (a single string is not a list)."""
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise ValueError(f"{name} must be a list of names from {', '.join(allowed)}, not {value!r}")
    names = list(value)
    wrong = [v for v in names if not isinstance(v, str) or v not in allowed]
    if not names or wrong or len(set(names)) < len(names):
        problem = (
            "is empty" if not names
            else f"has {', '.join(map(repr, wrong))}, not among them" if wrong
            else "names one twice"
        )
        raise ValueError(f"{name} must name one or more of {', '.join(allowed)}, each once; "
                         f"{value!r} {problem}")
    return names


def _check_reasons(games: pd.DataFrame) -> None:
    """Every end reason in ``games`` has a label and a style (so none is drawn like another)."""
    unknown = sorted(set(games["end_reason"].astype(str)) - set(END_STYLES))
    if unknown:
        raise ValueError(
            f"the games table has end reason(s) {', '.join(map(repr, unknown))} that the charts "
            f"do not know; the end reasons are {', '.join(END_STYLES)}"
        )


def end_label(reason: str) -> str:
    """How charts name an end reason, in the current language.

    >>> end_label("final-four")
    'final four (Hoyito)'
    >>> from hoyito_edu.i18n import language
    >>> with language("es"):
    ...     end_label("final-four")
    'las últimas cuatro (Hoyito)'
    """
    return _(END_LABELS[reason])


def _kind_name(kind: str) -> str:
    """A casa kind ("mid-sow", "last-seed", "chain") in the current language."""
    names = {
        "mid-sow": pgettext("casa kind", "mid-sow"),
        "last-seed": pgettext("casa kind", "last-seed"),
        "chain": pgettext("casa kind", "chain"),
    }
    return names.get(kind, kind)


def _player_name(name: str) -> str:
    """A computer player's level ("random", "greedy", ...) in the current language; other
    names (a student's strategy) as they are."""
    names = {
        "random": pgettext("player level", "random"),
        "beginner": pgettext("player level", "beginner"),
        "greedy": pgettext("player level", "greedy"),
        "intermediate": pgettext("player level", "intermediate"),
        "expert": pgettext("player level", "expert"),
        "search": pgettext("player level", "search"),
    }
    return names.get(name, name)


def _pairing(pairing: str) -> str:
    """A pairing of the games table ("random vs greedy", starter first) in the current
    language."""
    names = pairing.split(" vs ")
    if len(names) != 2:
        return pairing
    first, second = (_player_name(name) for name in names)
    return _("{first} vs {second}").format(first=first, second=second)


def _groups(table: pd.DataFrame) -> list[tuple[str, int]]:
    pairs = table[["variant", "holes_per_row"]].drop_duplicates()
    return [(str(v), int(n)) for v, n in pairs.itertuples(index=False)]


def _pairing_text(games: pd.DataFrame | None) -> str:
    if games is None or "pairing" not in games:
        return ""
    pairings = [_pairing(p) for p in sorted(set(games["pairing"].astype(str)))]
    return pairings[0] if len(pairings) == 1 else ", ".join(pairings)


def _one(table: pd.DataFrame, variant: str | None, what: str) -> tuple[pd.DataFrame, str, int]:
    """The rows of one rule set and board size (the only one, or ``variant``)."""
    every = _groups(table)
    names = sorted({g[0] for g in every})
    if variant is not None and not isinstance(variant, str):
        raise ValueError(f"variant must be a rule set's name such as 'hoyito-i', not {variant!r}")
    groups = every
    if variant is not None:
        groups = [g for g in every if g[0].strip().lower() == variant.strip().lower()]
        if not groups:
            raise ValueError(
                f"{what}: variant {variant!r} is not in the table. "
                f"Pass variant= one of {', '.join(names)}."
            )
        if len(groups) > 1:
            sizes = ", ".join(f"2×{n}" for _v, n in groups)
            raise ValueError(
                f"{what} draws one rule set and board size; the table has {variant} on boards "
                f"{sizes}: filter the table to one board size first."
            )
    if len(groups) != 1:
        raise ValueError(
            f"{what} draws one rule set and board size; the table has {len(every)}. "
            f"Pass variant= one of {', '.join(names)}, or filter the table first."
        )
    v, n = groups[0]
    return table[(table["variant"] == v) & (table["holes_per_row"] == n)], v, n


# -- captures -------------------------------------------------------------------------------
def captures_over_game(
    moves: pd.DataFrame,
    games: pd.DataFrame,
    game: int = 0,
    *,
    variant: str | None = None,
    ax: Axes | None = None,
    lang: str | None = None,
) -> Axes:
    """Seeds each player has captured after every move of one game (a step chart).

    ``games`` gives the players' names for the legend.
    """
    with language(lang):
        _table(moves, "moves", ("variant", "holes_per_row", "game", "ply", "taken_south",
                                "taken_north"))
        _table(games, "games", ("variant", "holes_per_row", "game", "south", "north", "end_reason"))
        _check_reasons(games)
        game = _count(game, "game", 0)
        moves, v, n = _one(moves, variant, "captures_over_game")
        one = moves[moves["game"] == game]
        if one.empty:
            raise ValueError(f"game {game} is not in the moves table ({rule_set(v, n)})")
        row = games[
            (games["variant"] == v) & (games["holes_per_row"] == n) & (games["game"] == game)
        ]
        names = (str(row["south"].iloc[0]), str(row["north"].iloc[0])) if len(row) else ("", "")
        if len(row) > 1:
            raise ValueError(
                f"the games table has game {game} of {rule_set(v, n)} {len(row)} times: are "
                "several simulations stacked? Pass the games table of the simulation the moves "
                "come from"
            )
        ax = _axes(ax)
        plies = np.r_[0, one["ply"].to_numpy()]
        seats = (("south", _("South")), ("north", _("North")))
        for side, ((column, seat), name) in enumerate(zip(seats, names, strict=True)):
            total = np.r_[0, one[f"taken_{column}"].cumsum().to_numpy()]
            label = f"{seat} ({_player_name(name)})" if name else seat
            ax.step(
                plies,
                total,
                where="post",
                color=PLAYER_COLOURS[side],
                linestyle=PLAYER_LINES[side],
                label=label,
                linewidth=2,
            )
        if len(row):
            title = _("Seeds captured in game {game}: {rule_set}; end: {reason}").format(
                game=game, rule_set=rule_set(v, n), reason=end_label(str(row["end_reason"].iloc[0]))
            )
        else:
            title = _("Seeds captured in game {game}: {rule_set}").format(
                game=game, rule_set=rule_set(v, n)
            )
        ax.set_ylim(0, 8 * n)
        return _finish(ax, title, _("ply (moves played)"), _("seeds captured (total so far)"))


def _cumulative_by_ply(moves: pd.DataFrame, column: str, last: int) -> np.ndarray:
    """games x (last + 1) array of a per-move column summed up to each ply; a finished game
    keeps its final total."""
    games = moves["game"].to_numpy()
    ids, row = np.unique(games, return_inverse=True)
    grid = np.zeros((ids.size, last + 1))
    plies = moves["ply"].to_numpy()
    keep = plies <= last
    np.add.at(grid, (row[keep], plies[keep]), moves[column].to_numpy()[keep])
    return np.cumsum(grid, axis=1)


def capture_bands(
    moves: pd.DataFrame,
    games: pd.DataFrame,
    *,
    variant: str | None = None,
    band: tuple[float, float] = (0.1, 0.9),
    last_ply: int | None = None,
    band_style: str = "fill",
    ax: Axes | None = None,
    lang: str | None = None,
) -> Axes:
    """Seeds captured so far by the starter and by the second player, against the ply: the
    median over many games and a band between two quantiles (10 % and 90 % by default). A
    finished game keeps its final total. ``band_style="lines"`` draws each band's edges as thin
    lines instead of a shaded area, so the two players' bands do not hide each other. Returns
    the Axes."""
    with language(lang):
        if band_style not in ("fill", "lines"):
            raise ValueError(f"band_style must be 'fill' or 'lines', not {band_style!r}")
        band = _band(band)
        if last_ply is not None:
            last_ply = _count(last_ply, "last_ply (the last ply drawn, or None)", 1)
        _table(moves, "moves", ("variant", "holes_per_row", "game", "ply", "taken_south",
                                "taken_north"))
        _table(games, "games", ("variant", "holes_per_row", "game", "plies", "starter"))
        moves, v, n = _one(moves, variant, "capture_bands")
        g = games[(games["variant"] == v) & (games["holes_per_row"] == n)].set_index("game")
        ids = np.unique(moves["game"])
        lost = np.setdiff1d(ids, g.index.to_numpy())
        if lost.size or not g.index.is_unique:
            problem = (f"lacks {lost.size} of the {ids.size} games in the moves table"
                       if lost.size else "has some games twice")
            raise ValueError(
                f"the games table {problem} ({rule_set(v, n)}): pass the games table of the "
                "simulation the moves come from (it says who started each game)"
            )
        last = last_ply or int(np.quantile(g["plies"], 0.9))
        starter = g["starter"].reindex(ids).to_numpy()
        south = _cumulative_by_ply(moves, "taken_south", last)
        north = _cumulative_by_ply(moves, "taken_north", last)
        first = np.where(starter[:, None] == 0, south, north)
        second = np.where(starter[:, None] == 0, north, south)
        ax = _axes(ax)
        x = np.arange(last + 1)
        pairings = sorted(set(g["pairing"].astype(str))) if "pairing" in g else []
        pairing = pairings[0].split(" vs ") if len(pairings) == 1 else []
        sides = ((_("Starter"), first), (_("Second player"), second))
        for side, (who, data) in enumerate(sides):
            low, mid, high = np.quantile(data, [band[0], 0.5, band[1]], axis=0)
            name = f" ({_player_name(pairing[side])})" if len(pairing) == 2 else ""
            ax.plot(
                x,
                mid,
                color=PLAYER_COLOURS[side],
                linestyle=PLAYER_LINES[side],
                linewidth=2,
                label=_("{who}{name}: median").format(who=who, name=name),
            )
            low_share, high_share = f"{band[0]:.0%}", f"{band[1]:.0%}"
            label = _("{who}: {low} and {high} lines").format(
                who=who, low=low_share, high=high_share
            )
            if band_style == "lines":
                for k, edge in enumerate((low, high)):
                    ax.plot(x, edge, color=PLAYER_COLOURS[side], linestyle=PLAYER_LINES[side],
                            linewidth=0.9, alpha=0.8, label=label if k == 0 else None)
            else:
                ax.fill_between(
                    x,
                    low,
                    high,
                    color=PLAYER_COLOURS[side],
                    alpha=0.2,
                    label=_("{who}: {low}–{high} of games").format(
                        who=who, low=low_share, high=high_share
                    ),
                )
        ax.set_ylim(0, 8 * n)
        ax.set_xlim(0, last)
        title = ngettext(
            "How captures pile up: {rule_set}, {count} game",
            "How captures pile up: {rule_set}, {count} games",
            len(g),
        ).format(rule_set=rule_set(v, n), count=f"{len(g):,}")
        return _finish(ax, title, _("ply (moves played)"), _("seeds captured (total so far)"))


def _seeds_left_by_ply(rows: pd.DataFrame, band: tuple[float, float], min_share: float):
    """The band's low quantile, the median and the high quantile of the seeds left at each
    ply, over the plies at which at least ``min_share`` of the games are still going."""
    games = rows["game"].nunique()
    by_ply = rows.groupby("ply")["seeds_left"]
    count = by_ply.size()
    shown = count.index[count >= min_share * games]
    return by_ply.quantile([band[0], 0.5, band[1]]).unstack().loc[shown]


def seeds_left(
    moves: pd.DataFrame,
    *,
    band: tuple[float, float] = (0.1, 0.9),
    min_share: float = 0.1,
    ax: Axes | None = None,
    lang: str | None = None,
) -> Axes:
    """Seeds left on the board after each move: the median (and a band) over the games still
    going at that ply, one line per rule set, drawn while at least ``min_share`` of the
    games go on."""
    with language(lang):
        band = _band(band)
        min_share = _share(min_share, "min_share (of the games still going)")
        _table(moves, "moves", ("variant", "holes_per_row", "game", "ply", "seeds_left"))
        ax = _axes(ax)
        for v, n in _groups(moves):
            rows = moves[(moves["variant"] == v) & (moves["holes_per_row"] == n)]
            stats = _seeds_left_by_ply(rows, band, min_share)
            style = VARIANT_STYLES.get(v, {})
            ax.plot(
                stats.index,
                stats[0.5],
                color=style.get("color"),
                linestyle=style.get("linestyle"),
                linewidth=2,
                label=_("{rule_set}: median").format(rule_set=rule_set(v, n)),
            )
            ax.fill_between(
                stats.index, stats[band[0]], stats[band[1]], color=style.get("color"), alpha=0.15
            )
        ax.set_ylim(bottom=0)
        title = _("Seeds left on the board after each move")
        ax = _finish(ax, title, _("ply (moves played)"), _("seeds on the board"))
        ax.text(
            0.99,
            0.98,
            _("bands: {low}–{high} of the games still going").format(
                low=f"{band[0]:.0%}", high=f"{band[1]:.0%}"
            ),
            transform=ax.transAxes,
            ha="right",
            va="top",
            fontsize=8,
        )
        return ax


def seeds_left_panels(
    moves: pd.DataFrame,
    *,
    band: tuple[float, float] = (0.1, 0.9),
    min_share: float = 0.1,
    lang: str | None = None,
) -> Figure:
    """:func:`seeds_left` as small multiples: one panel per rule set and board, all on the
    same vertical scale, each with its median line and its band, so no band hides another.
    Each panel's horizontal axis runs as far as its own games go. Returns the Figure."""
    with language(lang):
        import matplotlib.pyplot as plt

        band = _band(band)
        min_share = _share(min_share, "min_share (of the games still going)")
        _table(moves, "moves", ("variant", "holes_per_row", "game", "ply", "seeds_left"))
        groups = _groups(moves)
        cols = min(len(groups), 2)
        rows = -(-len(groups) // cols)
        fig, axes = plt.subplots(
            rows, cols, figsize=(7.5, 2.6 * rows + 0.6), layout="constrained", sharey=True,
            squeeze=False,
        )
        for ax, (v, n) in zip(axes.flat, groups, strict=False):
            part = moves[(moves["variant"] == v) & (moves["holes_per_row"] == n)]
            stats = _seeds_left_by_ply(part, band, min_share)
            style = VARIANT_STYLES.get(v, {})
            ax.fill_between(
                stats.index,
                stats[band[0]],
                stats[band[1]],
                color=style.get("color"),
                alpha=0.3,
                step="mid",
                label=_("{low}–{high} of games").format(
                    low=f"{band[0]:.0%}", high=f"{band[1]:.0%}"
                ),
            )
            ax.step(
                stats.index,
                stats[0.5],
                where="mid",
                color="black",
                linewidth=1.8,
                label=_("median"),
            )
            ax.set_ylim(0, 4 * 2 * n + 2)
            ax.set_xlim(0, int(stats.index.max()))
            games = part["game"].nunique()
            title = ngettext("{rule_set} ({count} game)", "{rule_set} ({count} games)", games)
            title = title.format(rule_set=rule_set(v, n), count=f"{games:,}")
            _finish(ax, title, _("ply (moves played)"), _("seeds on the board"), legend=False)
            ax.title.set_fontsize(10)
        for ax in axes.flat[len(groups) :]:
            ax.axis("off")
        axes.flat[0].legend(frameon=False, fontsize=8, loc="upper right")
        fig.suptitle(
            _("Seeds left on the board after each move (games still going at that move)"),
            fontweight="bold",
        )
        return fig


def casa_heatmap(
    captures: pd.DataFrame,
    games: pd.DataFrame,
    *,
    kinds: Sequence[str] = ("mid-sow", "last-seed", "chain"),
    scale: str = "shared",
    annotate: bool = False,
    lang: str | None = None,
) -> Figure:
    """Where casas form: casas per game at each hole, one panel per kind (mid-sow,
    last-seed, chain), one row per rule set. All games must be on the same board size.

    ``scale="shared"`` (default) puts every panel on one colour scale with one colour bar,
    so the same colour means the same number everywhere; ``scale="per-panel"`` gives each
    panel its own scale and bar. ``annotate=True`` writes each number in its cell. Returns
    the Figure (the panels are ``fig.axes[:len(kinds)]``); the numbers drawn are in
    ``fig.heatmap_data`` (kind -> DataFrame of rule sets by holes)."""
    with language(lang):
        import matplotlib.pyplot as plt
        import pandas as pd

        if scale not in ("shared", "per-panel"):
            raise ValueError(f"scale must be 'shared' or 'per-panel', not {scale!r}")
        kinds = _names(kinds, "kinds (casa kinds)", CASA_KINDS)
        annotate = _flag(annotate, "annotate")
        _table(captures, "captures", ("variant", "holes_per_row", "kind", "hole"), empty=True)
        _table(games, "games", ("variant", "holes_per_row"))
        sizes = sorted(set(captures["holes_per_row"]) | set(games["holes_per_row"]))
        if len(sizes) != 1:
            raise ValueError(f"casa_heatmap needs one board size; the tables have 2x{sizes}")
        n = int(sizes[0])
        variants = [v for v, _ in _groups(games)]
        counts = games.groupby("variant", observed=True).size()
        data = {}
        for kind in kinds:
            rows = captures[captures["kind"] == kind]
            grid = np.zeros((len(variants), 2 * n))
            for i, v in enumerate(variants):
                holes = rows.loc[rows["variant"] == v, "hole"].dropna().astype(int).to_numpy()
                grid[i] = np.bincount(holes, minlength=2 * n)[: 2 * n] / counts[v]
            data[kind] = pd.DataFrame(
                grid, index=[rule_set(v) for v in variants], columns=range(2 * n)
            )
        fig, axes = plt.subplots(
            len(kinds),
            1,
            layout="constrained",
            squeeze=False,
            # cells wide and tall enough for their numbers at 9 points
            figsize=(max(7.5, 2.5 + 0.45 * 2 * n), 1.2 + 0.55 * len(variants) * len(kinds)),
        )
        overall = max(float(frame.to_numpy().max()) for frame in data.values()) or 1.0
        image = None
        for ax, kind in zip(axes[:, 0], kinds, strict=True):
            values = data[kind].to_numpy()
            top = overall if scale == "shared" else float(values.max()) or 1.0
            image = ax.imshow(values, aspect="auto", cmap="viridis", vmin=0, vmax=top)
            ax.set_yticks(range(len(variants)), data[kind].index)
            ax.set_xticks(range(2 * n))
            ax.set_title(_("{kind} casas").format(kind=_kind_name(kind)), fontsize=10, loc="left")
            ax.axvline(n - 0.5, color="white", linewidth=2)
            ax.set_xlabel(
                _("hole (0–{last_south}: South's row, {first_north}–{last}: North's row)").format(
                    last_south=n - 1, first_north=n, last=2 * n - 1
                )
            )
            ax.grid(False)
            if annotate:  # a rule set that never makes this kind of casa gets dashes
                for (i, j), value in np.ndenumerate(values):
                    text = f"{value:.2f}" if values[i].any() else "–"
                    ax.text(j, i, text, ha="center", va="center", fontsize=9,
                            color="black" if value > 0.6 * top else "white")
            if scale == "per-panel":
                fig.colorbar(image, ax=ax, label=_("casas per game\nat this hole"))
        if scale == "shared":
            fig.colorbar(image, ax=axes[:, 0].tolist(), label=_("casas per game at this hole"),
                         shrink=0.6)
        title = _("Where casas form (2×{n}, {pairing})").format(n=n, pairing=_pairing_text(games))
        fig.suptitle(title, fontweight="bold")
        fig.heatmap_data = data
        return fig


def casa_rates_by_hole(
    rates: pd.DataFrame, *, span: float = 0.2, lang: str | None = None
) -> Figure:
    """Casas per game at each hole with 95 % intervals, one panel per rule set and kind.

    ``rates`` has one row per rule set, kind and hole, with columns ``variant``, ``kind``,
    ``hole``, ``holes_per_row``, ``rate`` (casas per game at that hole), ``low`` and ``high``
    (the interval). In each panel the horizontal axis is the place of the hole in its row
    (1 = the row's first hole in sowing order); South's row (holes 0 .. n-1) and North's row
    (n .. 2n-1) are two lines. Every panel spans the same height, ``span`` casas per game,
    so the same vertical distance means the same difference in every panel. Returns the
    Figure; the numbers drawn are in ``fig.rates_data``."""
    with language(lang):
        import matplotlib.pyplot as plt

        if (_real(span) or 0) <= 0:
            raise ValueError(f"span must be a positive number of casas per game (the height of "
                             f"every panel), such as 0.2, not {span!r}")
        span = _real(span)
        _table(rates, "rates", ("variant", "kind", "hole", "holes_per_row", "rate", "low", "high"))
        values = rates[["low", "rate", "high"]].to_numpy(dtype=float)
        if not (np.isfinite(values).all() and (values[:, 0] <= values[:, 1]).all()
                and (values[:, 1] <= values[:, 2]).all()):
            raise ValueError("the rates table needs numbers with low <= rate <= high in every row "
                             "(each interval around its rate)")
        panels = list(dict.fromkeys(zip(rates["variant"].astype(str), rates["kind"].astype(str),
                                        strict=True)))
        cols = min(len(panels), 4)
        rows = -(-len(panels) // cols)
        fig, axes = plt.subplots(rows, cols, figsize=(2.6 * cols + 0.4, 2.6 * rows + 0.8),
                                 layout="constrained", squeeze=False)
        for ax, (v, kind) in zip(axes.flat, panels, strict=False):
            part = rates[(rates["variant"].astype(str) == v) & (rates["kind"].astype(str) == kind)]
            part = part.sort_values("hole")
            n = int(part["holes_per_row"].iloc[0])
            rows_drawn = ((_("South's row"), "o"), (_("North's row"), "s"))
            for side, (name, marker) in enumerate(rows_drawn):
                row = part[(part["hole"] >= side * n) & (part["hole"] < (side + 1) * n)]
                x = row["hole"].to_numpy() - side * n + 1 + (side - 0.5) * 0.15
                y = row["rate"].to_numpy()
                err = np.vstack([y - row["low"].to_numpy(), row["high"].to_numpy() - y])
                ax.errorbar(x, y, yerr=err, fmt=marker, linestyle=PLAYER_LINES[side], capsize=2,
                            color=PLAYER_COLOURS[side], markersize=4, linewidth=1.2,
                            label=_("{row} (holes {first}–{last})").format(
                                row=name, first=side * n, last=side * n + n - 1))
            centre = float(part["rate"].mean())
            low = max(0.0, centre - span / 2)
            ax.set_ylim(low, low + span)
            ax.set_xticks(range(1, n + 1))
            _finish(ax, f"{rule_set(v)}: {_kind_name(kind)}", _("place of the hole in its row"),
                    _("casas per game"), legend=False)
            ax.title.set_fontsize(10)
        for ax in axes.flat[len(panels) :]:
            ax.axis("off")
        handles, labels = axes.flat[0].get_legend_handles_labels()
        if len(panels) < axes.size:  # an empty slot: the legend goes there
            axes.flat[-1].legend(handles, labels, loc="center", frameon=False, fontsize=9,
                                 title=_("{level} intervals over games").format(
                                     level=LEVEL))
        else:
            fig.legend(handles, labels, loc="outside lower center", ncol=2, frameon=False,
                       fontsize=9)
        fig.suptitle(
            _(
                "Casas per game at each hole, with {level} intervals (every panel spans {span} "
                "casas)"
            ).format(span=f"{span:g}", level=LEVEL),
            fontweight="bold",
        )
        fig.rates_data = rates
        return fig


# -- games and moves ------------------------------------------------------------------------
def game_lengths(
    games: pd.DataFrame, *, bins: int = 40, ax: Axes | None = None, lang: str | None = None
) -> Axes:
    """Distribution of game lengths (moves played), one step histogram per rule set, on a
    logarithmic scale: Ba-awa's games last tens of moves, Hoyito's on 2x12 thousands. The
    legend gives the share of games stopped at the ply cap."""
    with language(lang):
        bins = _count(bins, "bins", 1)
        _table(games, "games", ("variant", "holes_per_row", "plies", "end_reason"))
        top = _count(games["plies"].max(), "the longest game's plies", 1)
        ax = _axes(ax)
        edges = np.unique(np.round(np.geomspace(1, top + 1, bins + 1)))
        for v, n in _groups(games):
            rows = games[(games["variant"] == v) & (games["holes_per_row"] == n)]
            share = 100 * np.histogram(rows["plies"], bins=edges)[0] / len(rows)
            capped = (rows["end_reason"] == "ply-cap").mean()
            if capped:
                label = ngettext(
                    "{rule_set} ({count} game, {share} stopped at the cap)",
                    "{rule_set} ({count} games, {share} stopped at the cap)",
                    len(rows),
                )
            else:
                label = ngettext(
                    "{rule_set} ({count} game)", "{rule_set} ({count} games)", len(rows)
                )
            label = label.format(
                rule_set=rule_set(v, n), count=f"{len(rows):,}", share=f"{capped:.0%}"
            )
            style = VARIANT_STYLES.get(v, {})
            ax.stairs(
                share,
                edges,
                color=style.get("color"),
                linestyle=style.get("linestyle"),
                linewidth=2.2 if n == 6 else 1.2,  # bigger boards: thinner lines
                label=label,
            )
        ax.set_xscale("log")
        from matplotlib.ticker import FuncFormatter

        # 1, 10, 100 rather than 10⁰, 10¹, 10²: readers need not know powers of ten.
        ax.xaxis.set_major_formatter(FuncFormatter(lambda value, _position: f"{value:.0f}"))
        title = _("How long games last ({pairing})").format(pairing=_pairing_text(games))
        xlabel = _("game length (plies: moves played, log scale)")
        return _finish(ax, title, xlabel, _("share of games in the bin (%)"))


#: How far below its row (in rows) a published share is drawn in :func:`starter_advantage`.
PUBLISHED_BELOW = 0.2


def starter_advantage(
    table: pd.DataFrame,
    *,
    published: Mapping[str, float] | None = None,
    published_label: str | None = None,
    published_pairing: str | None = None,
    ax: Axes | None = None,
    lang: str | None = None,
) -> Axes:
    """The starter's share of decided games with 95 % intervals, by rule set and pairing.

    ``table`` is a games table (the shares are computed) or a metrics table from
    :func:`hoyito_edu.sim.metrics.game_metrics`. ``published`` adds other sources' figures per
    variant name (hollow markers), e.g. MancalaGames' round-based shares; they are drawn just
    below the row of ``published_pairing`` (e.g. ``"random vs random"``) if given (else below
    the only pairing's row, or mid-way between several), so that they never hide an estimate,
    and named ``published_label`` in the legend (default: "published (other rules of play)").
    The dotted line at 50 %, where starting makes no difference, is named in the legend too.
    """
    with language(lang):
        from ..sim.metrics import game_metrics

        _table(table, "metrics", ())
        if "starter_win_share" not in table.columns:
            table = game_metrics(table)
        _table(table, "metrics", ("variant", "holes_per_row", "pairing", "starter_win_share",
                                  "starter_ci_low", "starter_ci_high"))
        pairings = list(dict.fromkeys(table["pairing"].astype(str)))
        if published is not None:
            if not isinstance(published, Mapping):
                raise ValueError(f"published must map variant names to shares, such as "
                                 f"{{'ba-awa': 0.515}}, not {published!r}")
            for name, share in published.items():
                if not isinstance(name, str):
                    raise ValueError(f"published's keys must be variant names, not {name!r}")
                number = _real(share)
                if number is None or not 0 <= number <= 1:
                    hint = (
                        f" (write {number / 100:g} for {number:g} %)" if (number or 0) > 1 else ""
                    )
                    raise ValueError(
                        f"published shares must be fractions of decided games between 0 and 1"
                        f"{hint}; {name!r} has {share!r}"
                    )
        if published_label is None:
            published_label = _("published (other rules of play)")
        if not isinstance(published_label, str):
            raise ValueError(f"published_label must be a string, not {published_label!r}")
        if published_pairing is not None and published_pairing not in pairings:
            raise ValueError(
                f"published_pairing must be None or a pairing in the table: "
                f"{', '.join(map(repr, pairings))}; not {published_pairing!r}"
            )
        ax = _axes(ax)
        rows = list(
            dict.fromkeys(zip(table["variant"].astype(str), table["holes_per_row"], strict=True))
        )
        offsets = np.linspace(-0.25, 0.25, len(pairings)) if len(pairings) > 1 else [0.0]
        markers = ("o", "s", "^", "D", "v", "P")
        for k, pairing in enumerate(pairings):
            part = table[table["pairing"].astype(str) == pairing]
            y = [
                rows.index((str(v), n)) + offsets[k]
                for v, n in zip(part["variant"].astype(str), part["holes_per_row"], strict=True)
            ]
            share = 100 * part["starter_win_share"].to_numpy()
            err = np.vstack(
                [share - 100 * part["starter_ci_low"], 100 * part["starter_ci_high"] - share]
            )
            ax.errorbar(
                share,
                y,
                xerr=err,
                fmt=markers[k % len(markers)],
                capsize=3,
                color=PAIRING_COLOURS[k % len(PAIRING_COLOURS)],
                label=_pairing(pairing),
                zorder=3,
            )
        if published:
            if published_pairing in pairings:
                shift = offsets[pairings.index(published_pairing)] + PUBLISHED_BELOW
            else:  # one pairing: just below it; several: mid-way between their rows
                shift = PUBLISHED_BELOW if len(pairings) == 1 else 0.0
            points = [
                (100 * share, i + shift)
                for i, (v, _n) in enumerate(rows)
                for name, share in published.items()
                if name == v
            ]
            if points:
                xs, ys = zip(*points, strict=True)
                ax.scatter(
                    xs,
                    ys,
                    facecolors="none",
                    edgecolors=COLOURS["black"],
                    s=60,
                    zorder=2,
                    label=published_label,
                )
        ax.axvline(50, color=COLOURS["black"], linewidth=1, linestyle=":",
                   label=_("50 %: starting makes no difference"))
        ax.set_yticks(range(len(rows)), [rule_set(v, n) for v, n in rows])
        ax.invert_yaxis()
        ax.set_xlim(-3, 103)
        title = _("Starter's share of decided games ({level} intervals)").format(level=LEVEL)
        xlabel = _("games won by the starter (share of decided games, %)")
        ax = _finish(ax, title, xlabel, _("rule set, board"))
        ax.legend(
            title=_("pairing (starter first)"),
            frameon=False,
            fontsize=9,
            loc="upper left",
            bbox_to_anchor=(1.01, 1.0),
        )
        return ax


def shuffled_differences(
    comparison,
    *,
    names: tuple[str, str] = ("A", "B"),
    ax: Axes | None = None,
    lang: str | None = None,
) -> Axes:
    """What shuffling the labels gave: a histogram of the shuffled differences of two shares
    (in percentage points, second minus first), their middle 95 % as a grey band, and the real
    difference as a red line. ``comparison`` is a
    :class:`~hoyito_edu.sim.shares.ShareComparison`; ``names`` name its two groups.

    >>> from hoyito_edu.sim.shares import compare_shares
    >>> result = compare_shares(30, 60, 45, 60, random_state=1, shuffles=500)
    >>> ax = shuffled_differences(result, names=("first hole", "look_ahead"))
    >>> ax.get_xlabel()
    'look_ahead minus first hole (percentage points)'
    """
    from ..sim.shares import ShareComparison

    with language(lang):
        if not isinstance(comparison, ShareComparison):
            raise ValueError(
                f"comparison must be the result of compare_shares, not {type(comparison).__name__}"
            )
        if (
            not isinstance(names, (tuple, list))
            or len(names) != 2
            or not all(isinstance(name, str) for name in names)
        ):
            raise ValueError(f"names must be two words, such as ('A', 'B'), not {names!r}")
        ax = _axes(ax)
        shuffled = 100 * comparison.shuffled
        # the shuffles can only give some differences (one win moves both shares): a bar each
        values, counts = np.unique(np.round(shuffled, 9), return_counts=True)
        step = float(np.diff(values).min()) if len(values) > 1 else 1.0
        ax.bar(values, counts, width=0.8 * step, color=COLOURS["sky blue"], edgecolor="black",
               linewidth=0.4, label=_("shuffled labels"))
        low, high = comparison.chance_band
        ax.axvspan(100 * low, 100 * high, color="grey", alpha=0.25,
                   label=_("middle {level} of the shuffles").format(level=LEVEL))
        ax.axvline(100 * comparison.difference, color=COLOURS["vermillion"], linewidth=2.5,
                   label=_("the real difference: {points:+.0f} points").format(
                       points=100 * comparison.difference))
        limit = max(abs(shuffled).max(), abs(100 * comparison.difference)) + 2 * step
        ax.set_xlim(-limit, limit)
        title = ngettext(
            "What chance alone gives: {count:,} shuffle of the labels",
            "What chance alone gives: {count:,} shuffles of the labels",
            len(shuffled),
        ).format(count=len(shuffled))
        xlabel = _("{second} minus {first} (percentage points)").format(
            first=names[0], second=names[1])
        ax = _finish(ax, title, xlabel, _("shuffles (count)"), legend=False)
        ax.legend(frameon=False, fontsize=8, loc="upper left")
        return ax


def laps_per_move(
    moves: pd.DataFrame,
    *,
    max_laps: int = 10,
    mark_opening: bool = False,
    ax: Axes | None = None,
    lang: str | None = None,
) -> Axes:
    """How many laps a move has (1 = no relay): share of moves, one bar group per count,
    one bar per rule set; the last group counts ``max_laps`` laps or more.

    ``mark_opening=True`` draws, inside each bar, the part that is the games' first moves
    (ply 1) in black, so a peak made by the opening move shows as such."""
    with language(lang):
        max_laps = _count(max_laps, "max_laps (the last bar group: that many laps or more)", 1)
        mark_opening = _flag(mark_opening, "mark_opening")
        _table(moves, "moves", ("variant", "holes_per_row", "laps", *(("ply",) * mark_opening)))
        if (moves["laps"] < 0).any():
            raise ValueError("the moves table's laps must be whole numbers, 0 or more")
        ax = _axes(ax)
        groups = _groups(moves)
        width = 0.8 / len(groups)
        x = np.arange(1, max_laps + 1)
        first_moves = _("first moves of the games")
        for k, (v, n) in enumerate(groups):
            rows = moves[(moves["variant"] == v) & (moves["holes_per_row"] == n)]
            laps = rows["laps"]
            counts = np.bincount(np.minimum(laps.to_numpy(), max_laps), minlength=max_laps + 1)
            share = 100 * counts[1:] / len(laps)
            style = VARIANT_STYLES.get(v, {})
            where = x - 0.4 + width * (k + 0.5)
            ax.bar(
                where,
                share,
                width=width,
                color=style.get("color"),
                hatch=HATCHES[k % 4],
                edgecolor="white",
                label=_("{rule_set} (mean {mean} laps)").format(
                    rule_set=rule_set(v, n), mean=f"{laps.mean():.1f}"
                ),
            )
            if mark_opening:
                first = rows.loc[rows["ply"] == 1, "laps"].to_numpy()
                opening = np.bincount(np.minimum(first, max_laps), minlength=max_laps + 1)
                ax.bar(
                    where,
                    100 * opening[1:] / len(laps),
                    width=width,
                    color=COLOURS["black"],
                    edgecolor="white",
                    label=first_moves if k == 0 else None,
                )
        ax.set_xticks(x, [*map(str, x[:-1]), f"≥{max_laps}"])
        title = _("Laps per move")
        ax = _finish(ax, title, _("laps in the move (1 = no relay)"), _("share of moves (%)"))
        if mark_opening:  # the first-move entry last, under the rule sets
            handles, labels = ax.get_legend_handles_labels()
            order = sorted(range(len(labels)), key=lambda i: labels[i] == first_moves)
            ax.legend([handles[i] for i in order], [labels[i] for i in order], frameon=False,
                      fontsize=9)
        return ax


def _reasons(games: pd.DataFrame) -> list[str]:
    """The simulation's end reasons, then the engine's other reasons found in ``games`` (an
    ending by agreement), in a fixed order."""
    from ..sim.simulate import END_REASONS

    seen = set(games["end_reason"].astype(str))
    return [*END_REASONS, *sorted(seen - set(END_REASONS))]


def end_reasons(games: pd.DataFrame, *, ax: Axes | None = None, lang: str | None = None) -> Axes:
    """How games end: a stacked bar of the share of games per end reason, per rule set;
    reasons under 5 % of the games are also written on the bar. Rare reasons are hard to
    see here: :func:`end_reason_rates` shows them on a log scale. Each reason has its own
    colour, or its own hatch where it shares a colour (:data:`END_STYLES`)."""
    with language(lang):
        _table(games, "games", ("variant", "holes_per_row", "end_reason"))
        _check_reasons(games)
        ax = _axes(ax)
        groups = _groups(games)
        left = np.zeros(len(groups))
        notes: list[list[str]] = [[] for _group in groups]
        for reason in _reasons(games):
            share = np.zeros(len(groups))
            for i, (v, n) in enumerate(groups):
                rows = games[(games["variant"] == v) & (games["holes_per_row"] == n)]
                share[i] = 100 * (rows["end_reason"].astype(str) == reason).mean()
            if not share.any():
                continue
            label = end_label(reason)
            ax.barh(
                range(len(groups)),
                share,
                left=left,
                color=END_STYLES[reason]["color"],
                hatch=END_STYLES[reason]["hatch"],
                edgecolor="white",
                label=label,
            )
            left += share
            for i, value in enumerate(share):
                if 0 < value < 5:
                    notes[i].append(f"{label} {value:.1f} %")
        for i, note in enumerate(notes):
            if note:
                ax.text(
                    98,
                    i,
                    ", ".join(note),
                    ha="right",
                    va="center",
                    fontsize=8,
                    color="white",
                    fontweight="bold",
                    bbox={"facecolor": COLOURS["black"], "alpha": 0.45, "edgecolor": "none"},
                )
        ax.set_yticks(range(len(groups)), [rule_set(v, n) for v, n in groups])
        ax.invert_yaxis()
        ax.set_xlim(0, 100)
        title = _("How games end ({pairing})").format(pairing=_pairing_text(games))
        ax = _finish(ax, title, _("share of games (%)"), _("rule set, board"), legend=False)
        ax.legend(
            frameon=False, fontsize=9, loc="upper center", bbox_to_anchor=(0.5, -0.18), ncol=3
        )
        return ax


def end_reason_rates(
    games: pd.DataFrame,
    *,
    reasons: Sequence[str] | None = None,
    per: int = 1000,
    ax: Axes | None = None,
    lang: str | None = None,
) -> Axes:
    """The rare endings: games per ``per`` games that ended for each reason, with 95 %
    Wilson intervals, on a logarithmic scale, one row per rule set and board.

    ``reasons`` defaults to every reason except the usual endings (:data:`USUAL_ENDINGS`)
    that occurs in ``games``. A reason never seen in a rule set's games is drawn as a hollow
    marker at the upper end of its interval with an arrow pointing left (the true rate is
    below it, possibly zero). Returns the Axes; the numbers drawn are in ``ax.rates_data``."""
    with language(lang):
        import pandas as pd

        from ..sim.metrics import wilson_interval

        per = _count(per, "per (games)", 1)
        _table(games, "games", ("variant", "holes_per_row", "end_reason"))
        _check_reasons(games)
        if reasons is not None:
            reasons = _names(reasons, "reasons (end reasons)", tuple(END_STYLES))
        ax = _axes(ax)
        groups = _groups(games)
        if reasons is None:
            reasons = [r for r in _reasons(games) if r not in USUAL_ENDINGS
                       and (games["end_reason"].astype(str) == r).any()]
        offsets = np.linspace(-0.25, 0.25, len(reasons)) if len(reasons) > 1 else [0.0]
        records = []
        for k, reason in enumerate(reasons):
            colour, marker = END_STYLES[reason]["color"], END_STYLES[reason]["marker"]
            seen_label = end_label(reason)
            for i, (v, n) in enumerate(groups):
                rows = games[(games["variant"] == v) & (games["holes_per_row"] == n)]
                hits = int((rows["end_reason"].astype(str) == reason).sum())
                low, high = (float(b) for b in wilson_interval(hits, len(rows)))
                records.append({"variant": v, "holes_per_row": n, "reason": reason,
                                "games": len(rows), "ended": hits,
                                f"per_{per}": per * hits / len(rows),
                                "low": per * low, "high": per * high})
                y = i + offsets[k]
                if hits:
                    rate = per * hits / len(rows)
                    ax.errorbar(rate, y, xerr=[[rate - per * low], [per * high - rate]],
                                fmt=marker, color=colour, capsize=3,
                                label=seen_label)
                    seen_label = None
                else:
                    ax.annotate("", xy=(per * high / 3, y), xytext=(per * high, y),
                                arrowprops={"arrowstyle": "->", "color": colour},
                                annotation_clip=False)
                    ax.plot(per * high, y, marker, markerfacecolor="white",
                            color=colour)
        ax.set_xscale("log")
        lows = [r["low"] for r in records if r["ended"]] + [r["high"] / 3 for r in records]
        highs = [r["high"] for r in records]
        if records:
            ax.set_xlim(min(x for x in lows if x > 0) / 1.5, max(highs) * 1.5)
        from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

        ax.xaxis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 5.0)))
        ax.xaxis.set_major_formatter(FuncFormatter(lambda value, _position: f"{value:g}"))
        ax.xaxis.set_minor_formatter(NullFormatter())
        ax.set_yticks(range(len(groups)), [rule_set(v, n) for v, n in groups])
        ax.invert_yaxis()
        title = _("Rare endings: games per {per} ({pairing})").format(
            per=f"{per:,}", pairing=_pairing_text(games)
        )
        xlabel = _("games per {per} that ended this way (log scale, {level} intervals)").format(
            per=f"{per:,}", level=LEVEL
        )
        ax = _finish(ax, title, xlabel, _("rule set, board"), legend=False)
        handles, labels = ax.get_legend_handles_labels()
        if any(r["ended"] == 0 for r in records):
            from matplotlib.lines import Line2D

            handles.append(Line2D([], [], marker="o", markerfacecolor="white", color="grey",
                                  linestyle=""))
            labels.append(_("none seen: hollow marker at the upper end of the interval"))
        ax.legend(handles, labels, frameon=False, fontsize=9, loc="upper center",
                  bbox_to_anchor=(0.5, -0.2), ncol=2)
        if not records:
            none = _("no game ended in a rare way\n(pass reasons= to draw upper bounds)")
            ax.text(0.5, 0.5, none, transform=ax.transAxes, ha="center", va="center")
        ax.rates_data = pd.DataFrame(records)
        return ax


def player_line(player: int, captured: int | str, *, to_move: bool = False) -> str:
    """The line naming a player under or above a board drawing, in the current language.

    >>> player_line(0, 12, to_move=True)
    'South (0): captured 12  ← to move'
    >>> from hoyito_edu.i18n import language
    >>> with language("es"):
    ...     player_line(1, "____")
    'Norte (1): comió ____'
    """
    name = (_("South"), _("North"))[player]
    line = _("{player} ({number}): captured {seeds}").format(
        player=name, number=player, seeds=captured
    )
    return line + "  " + _("← to move") if to_move else line


# -- a position -----------------------------------------------------------------------------
def board_diagram(
    position: Position, *, title: str | None = None, ax: Axes | None = None, lang: str | None = None
) -> Axes:
    """A static drawing of a position for worksheets: North's row on top (read right to
    left, as from South's seat), hole numbers, seeds in each hole, captures and whose turn
    it is; curved arrows show the sowing going round. Closed holes are grey with a cross; a
    hole owned by the player across the board (Ba-awa match play) has a dashed rim in its
    owner's colour."""
    with language(lang):
        from matplotlib.patches import Circle, FancyArrowPatch

        from ..engine.position import Position

        if not isinstance(position, Position):
            raise ValueError(
                f"position must be a hoyito_edu Position (such as hy.new_game('hoyito-i')), "
                f"not {type(position).__name__}"
            )
        if title is not None and not isinstance(title, str):
            raise ValueError(f"title must be a string or None, not {title!r}")
        n = position.holes_per_row
        if ax is not None:
            _check_ax(ax)
        if ax is None:
            import matplotlib.pyplot as plt

            _fig, ax = plt.subplots(figsize=(0.75 * n + 1.6, 3.3), layout="constrained")
        ax.set_aspect("equal")
        ax.axis("off")
        for hole, seeds in enumerate(position.board):
            row = 0 if hole < n else 1
            x, y = float(hole if row == 0 else 2 * n - 1 - hole), 1.3 * row
            closed = hole in position.closed
            owner = position.owners[hole]
            ax.add_patch(
                Circle(
                    (x, y),
                    0.45,
                    facecolor="#DDDDDD" if closed else "#F3E6CC",
                    edgecolor=PLAYER_COLOURS[owner],
                    linewidth=2,
                    linestyle="--" if owner != row else "-",
                )
            )
            ax.text(
                x,
                y,
                "×" if closed else str(seeds),
                ha="center",
                va="center",
                fontsize=14,
                fontweight="bold",
            )
            ax.text(
                x,
                y + (0.62 if row else -0.62),
                str(hole),
                ha="center",
                va="center",
                fontsize=8,
                color="#555555",
            )
        for player, y in ((0, -1.05), (1, 2.35)):
            to_move = position.outcome is None and position.player == player
            label = player_line(player, position.captures[player], to_move=to_move)
            ax.text(
                -0.5,
                y,
                label,
                ha="left",
                va="center",
                fontsize=10,
                fontweight="bold",
                color=PLAYER_COLOURS[player],
                gid=f"player-{player}",  # so a worksheet can find the line in any language
            )
        for start, end in (((n - 0.35, 0.15), (n - 0.35, 1.15)), ((-0.65, 1.15), (-0.65, 0.15))):
            ax.add_patch(
                FancyArrowPatch(
                    start,
                    end,
                    arrowstyle="->",
                    mutation_scale=12,
                    color="#555555",
                    connectionstyle="arc3,rad=0.6",
                )
            )
        ax.text(
            n + 0.05,
            0.65,
            _("sowing"),
            fontsize=7,
            ha="left",
            va="center",
            color="#555555",
            rotation=90,
        )
        ax.set_xlim(-1.2, n + 0.4)
        ax.set_ylim(-1.4, 2.7)
        if title is None:
            if position.outcome:
                reason = str(position.outcome.reason)
                reason = end_label(reason) if reason in END_LABELS else reason
                state = _("game over ({reason})").format(reason=reason)
            else:
                state = _("a position")
            title = f"{rule_set(position.rules.name, n)}: {state}"
        ax.set_title(title)
        return ax


def timeline_chart(
    events: pd.DataFrame,
    date_labels: Sequence[str],
    *,
    band: tuple[float, float] | None = None,
    band_label: str = "",
    wrap: int = 55,
    ax: Axes | None = None,
) -> Axes:
    """Dated events, one row each (the earliest at the top): a marker at each event's ``when``
    (a decimal year), its ``event`` text beside it and its date from ``date_labels`` on the left.
    ``band`` (from, to) shades a stretch of years, hatched and edged so that it still shows in
    greyscale, named ``band_label`` in the legend. Texts of events before 1990 go to the right
    of their marker, later ones to the left, always clear of the marker. Returns the Axes."""
    import textwrap

    _table(events, "events", ("when", "event"))
    if len(date_labels) != len(events):
        raise ValueError(
            f"date_labels has {len(date_labels)} labels for {len(events)} events"
        )
    if ax is None:
        import matplotlib.pyplot as plt

        _fig, ax = plt.subplots(figsize=(11, 6))
    else:
        _check_ax(ax)
    rows = list(range(len(events)))
    size = 60  # points squared: a marker about 8 points across
    ax.scatter(events["when"], rows, s=size, color=COLOURS["blue"], edgecolors="black",
               zorder=3)
    if band is not None:
        low, high = (float(b) for b in band)
        ax.axvspan(low, high, facecolor=COLOURS["yellow"], alpha=0.45, zorder=0,
                   hatch="///", edgecolor="#555555", linewidth=1.2, label=band_label)
    clear = size**0.5 / 2 + 6  # points from the marker's centre to its text
    for row, (when, text) in enumerate(zip(events["when"], events["event"], strict=True)):
        right = when < 1990
        ax.annotate(textwrap.fill(str(text), wrap), (when, row),
                    xytext=(clear if right else -clear, 0), textcoords="offset points",
                    va="center", ha="left" if right else "right", fontsize=8.5)
    ax.set_yticks(rows)
    ax.set_yticklabels(date_labels)
    ax.set_xlim(1950, 2030)
    ax.set_ylim(len(events) - 0.5, -0.5)
    ax.grid(True, axis="x", linestyle=":", color="grey")
    if band is not None and band_label:
        ax.legend(loc="lower left", fontsize=8.5)
    return ax
