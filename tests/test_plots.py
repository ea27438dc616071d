"""Charts: what each one plots (data, labels, legends, counts), checked against the tables."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402
from catalogue_words import english_only_words  # noqa: E402
from matplotlib.collections import PathCollection, PolyCollection  # noqa: E402
from matplotlib.colors import to_hex  # noqa: E402
from matplotlib.patches import Circle, Rectangle, StepPatch  # noqa: E402

import hoyito_edu as hy  # noqa: E402
from hoyito_edu.charts import plots  # noqa: E402
from hoyito_edu.sim.metrics import game_metrics, wilson_interval  # noqa: E402


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


@pytest.fixture(scope="module")
def sim():
    return hy.simulate(list(hy.VARIANTS), 400, seed=21)


@pytest.fixture(scope="module")
def mixed():
    """Greedy against random in Hoyito II: names in legends, two pairings."""
    return hy.simulate("hoyito-ii", 6, players=("greedy", "random"), seed=2)


def legend_texts(ax) -> list[str]:
    return [t.get_text() for t in ax.get_legend().get_texts()]


def test_captures_over_game_draws_the_running_totals(mixed):
    ax = plots.captures_over_game(mixed.moves, mixed.games, game=1)
    one = mixed.moves[mixed.moves["game"] == 1]
    south, north = ax.get_lines()
    np.testing.assert_array_equal(south.get_xdata(), np.r_[0, one["ply"]])
    np.testing.assert_array_equal(south.get_ydata(), np.r_[0, one["taken_south"].cumsum()])
    np.testing.assert_array_equal(north.get_ydata(), np.r_[0, one["taken_north"].cumsum()])
    assert legend_texts(ax) == ["South (greedy)", "North (random)"]
    assert "game 1" in ax.get_title() and "Hoyito II, 2×6" in ax.get_title()
    assert "; end: final four" in ax.get_title()
    assert ax.get_xlabel() == "ply (moves played)"
    assert ax.get_ylabel() == "seeds captured (total so far)"
    final = mixed.games.set_index("game").loc[1]
    assert (south.get_ydata()[-1], north.get_ydata()[-1]) == (final.score_south,
                                                              final.score_north)


def running_totals(sim, variant: str, last: int, seat: str = "starter") -> np.ndarray:
    """Games x (last + 1): seeds the starter (or the second player) has captured after 0, 1,
    2 ... plies, counted directly from the moves table; a finished game keeps its total."""
    moves = sim.moves[sim.moves["variant"] == variant]
    games = sim.games[sim.games["variant"] == variant].set_index("game")
    totals = np.zeros((len(games), last + 1))
    for i, (game, row) in enumerate(games.iterrows()):
        mine = moves[moves["game"] == game]
        south = (row.starter == 0) == (seat == "starter")
        running = np.r_[0, mine[f"taken_{'south' if south else 'north'}"].cumsum()]
        totals[i] = running[np.searchsorted(mine["ply"], np.arange(last + 1), side="right")]
    return totals


def test_capture_bands_median_matches_a_direct_count(sim):
    ax = plots.capture_bands(sim.moves, sim.games, variant="hoyito-i", last_ply=60)
    totals = running_totals(sim, "hoyito-i", 60)
    starter_line = ax.get_lines()[0]
    np.testing.assert_allclose(starter_line.get_ydata(), np.median(totals, axis=0))
    assert legend_texts(ax)[0] == "Starter (random): median"
    assert "10%–90% of games" in legend_texts(ax)[1]
    assert "Hoyito I, 2×6, 400 games" in ax.get_title()
    bands = [c for c in ax.collections if isinstance(c, PolyCollection)]
    assert len(bands) == 2


def test_capture_bands_as_edge_lines_draw_both_quantiles_and_no_shading(sim):
    """band_style='lines': each player's band is two thin lines (10th and 90th percentiles)
    in the player's colour and dash, so the two bands no longer hide each other."""
    ax = plots.capture_bands(sim.moves, sim.games, variant="ba-awa", last_ply=20,
                             band_style="lines")
    assert not [c for c in ax.collections if isinstance(c, PolyCollection)]
    lines = ax.get_lines()
    assert len(lines) == 6  # per player: the median, then the two edges
    for side, seat in enumerate(("starter", "second")):
        totals = running_totals(sim, "ba-awa", 20, seat)
        median, low, high = lines[3 * side : 3 * side + 3]
        np.testing.assert_allclose(median.get_ydata(), np.quantile(totals, 0.5, axis=0))
        np.testing.assert_allclose(low.get_ydata(), np.quantile(totals, 0.1, axis=0))
        np.testing.assert_allclose(high.get_ydata(), np.quantile(totals, 0.9, axis=0))
        for edge in (low, high):  # same colour and dash as the median, thinner
            assert edge.get_color() == median.get_color() == plots.PLAYER_COLOURS[side]
            assert edge.get_linestyle() == median.get_linestyle()
            assert edge.get_linewidth() < median.get_linewidth()
    assert legend_texts(ax) == ["Starter (random): median", "Starter: 10% and 90% lines",
                                "Second player (random): median",
                                "Second player: 10% and 90% lines"]
    assert "Ba-awa, 2×6, 400 games" in ax.get_title()
    assert ax.get_xlabel() == "ply (moves played)"
    assert ax.get_ylabel() == "seeds captured (total so far)"


def test_capture_bands_needs_one_rule_set(sim):
    with pytest.raises(ValueError, match="Pass variant= one of ba-awa, hoyito-i"):
        plots.capture_bands(sim.moves, sim.games)


def test_seeds_left_draws_median_per_rule_set(sim):
    ax = plots.seeds_left(sim.moves, min_share=0.5)
    lines = ax.get_lines()
    assert [line.get_label() for line in lines] == [
        f"{plots.rule_set(v, 6)}: median" for v in hy.VARIANTS
    ]
    moves = sim.moves[sim.moves["variant"] == "hoyito-iii"]
    by_ply = moves.groupby("ply")["seeds_left"]
    shown = by_ply.size()[by_ply.size() >= 200].index
    line = lines[2]
    np.testing.assert_array_equal(line.get_xdata(), shown)
    np.testing.assert_allclose(line.get_ydata(), by_ply.median().loc[shown])
    assert line.get_ydata()[0] <= 48
    assert ax.get_ylabel() == "seeds on the board"


def test_casa_heatmap_counts_casas_per_hole(sim):
    fig = plots.casa_heatmap(sim.captures, sim.games)
    data = fig.heatmap_data
    assert list(data) == ["mid-sow", "last-seed", "chain"]
    caps = sim.captures
    mine = caps[(caps["variant"] == "hoyito-ii") & (caps["kind"] == "last-seed")]
    expected = np.bincount(mine["hole"].astype(int), minlength=12) / 400
    np.testing.assert_allclose(data["last-seed"].loc["Hoyito II"].to_numpy(), expected)
    # Hoyito II and III leave mid-sow fours on the board; only Hoyito II has chains
    assert data["mid-sow"].loc[["Hoyito II", "Hoyito III"]].to_numpy().sum() == 0
    chain = data["chain"]
    assert chain.loc["Hoyito II"].sum() > 0 and chain.drop("Hoyito II").to_numpy().sum() == 0
    image = fig.axes[1].images[0]
    np.testing.assert_allclose(image.get_array(), data["last-seed"].to_numpy())
    assert "Where casas form (2×6, random vs random)" in fig.get_suptitle()
    assert fig.axes[0].get_xlabel() == "hole (0–5: South's row, 6–11: North's row)"


def test_casa_heatmap_needs_one_board_size(sim):
    big = hy.simulate("hoyito-i", 5, holes_per_row=12, seed=1, max_plies=50)
    caps = pd.concat([sim.captures, big.captures])
    with pytest.raises(ValueError, match="needs one board size"):
        plots.casa_heatmap(caps, pd.concat([sim.games, big.games]))


def test_game_lengths_shares_add_up_and_name_the_cap():
    sim = hy.simulate(["hoyito-i", "ba-awa"], 300, seed=4, tables=["games"])
    big = hy.simulate("hoyito-ii", 60, holes_per_row=12, seed=4, tables=["games"], max_plies=300)
    games = pd.concat([sim.games, big.games], ignore_index=True)
    ax = plots.game_lengths(games)
    steps = [p for p in ax.patches if isinstance(p, StepPatch)]
    assert len(steps) == 3
    for step in steps:
        assert step.get_data().values.sum() == pytest.approx(100)
    capped = (big.games["end_reason"] == "ply-cap").mean()
    labels = legend_texts(ax)
    assert labels[0] == "Hoyito I, 2×6 (300 games)"
    assert labels[2] == f"Hoyito II, 2×12 (60 games, {capped:.0%} stopped at the cap)"
    assert ax.get_xscale() == "log"
    assert ax.get_xlabel().startswith("game length (plies")


@pytest.mark.parametrize("path", ["04_capture_dynamics.ipynb", "es/04_dinamica_de_capturas.ipynb"])
def test_notebook_04_names_the_50_percent_line_only_in_the_legend(path, mixed):
    import json
    from pathlib import Path

    cells = json.loads((Path(__file__).parent.parent / "notebooks" / path).read_text())["cells"]
    (chart,) = ["".join(c["source"]) for c in cells
                if c["cell_type"] == "code" and "plots.starter_advantage(" in "".join(c["source"])]
    # a second label on the line sat on the first data row and said what the legend says
    assert "ax.text(" not in chart and "50 %" not in chart
    ax = plots.starter_advantage(mixed.games)
    named = [t for t in legend_texts(ax) if t.startswith("50 %")]
    assert len(named) == 1 and not [t for t in ax.texts if "50" in t.get_text()]


def test_starter_advantage_plots_shares_and_intervals(mixed):
    sim = hy.simulate("ba-awa", 60, players=("greedy", "random"), seed=8)
    ax = plots.starter_advantage(sim.games, published={"ba-awa": 0.515})
    table = game_metrics(sim.games)
    containers = ax.containers
    assert len(containers) == 2  # one error bar per pairing
    for container, (_, row) in zip(containers, table.iterrows(), strict=True):
        x = container.lines[0].get_xdata()[0]
        assert x == pytest.approx(100 * row["starter_win_share"])
    assert sorted(legend_texts(ax)) == ["50 %: starting makes no difference", "greedy vs random",
                                        "published (other rules of play)",
                                        "random vs greedy"]
    published = [c for c in ax.collections if isinstance(c, PathCollection)]
    assert published[0].get_offsets()[0][0] == pytest.approx(51.5)
    assert [t.get_text() for t in ax.get_yticklabels()] == ["Ba-awa, 2×6"]
    assert ax.get_xlabel() == "games won by the starter (share of decided games, %)"


def test_starter_advantage_accepts_a_metrics_table(sim):
    table = game_metrics(sim.games)
    ax = plots.starter_advantage(table)
    xs = [c.lines[0].get_xdata() for c in ax.containers][0]
    np.testing.assert_allclose(xs, 100 * table["starter_win_share"])


def test_laps_per_move_bars_are_shares(sim):
    ax = plots.laps_per_move(sim.moves, max_laps=6)
    bars = [p for p in ax.patches if isinstance(p, Rectangle)]
    assert len(bars) == 4 * 6
    laps = sim.moves.loc[sim.moves["variant"] == "ba-awa", "laps"]
    expected = 100 * np.bincount(np.minimum(laps, 6), minlength=7)[1:] / len(laps)
    heights = [b.get_height() for b in bars[18:24]]
    np.testing.assert_allclose(heights, expected)
    assert sum(heights) == pytest.approx(100)
    assert legend_texts(ax)[3] == f"Ba-awa, 2×6 (mean {laps.mean():.1f} laps)"
    assert [t.get_text() for t in ax.get_xticklabels()][-1] == "≥6"


def test_end_reasons_bars_add_to_one_hundred(sim):
    ax = plots.end_reasons(sim.games)
    bars = [p for p in ax.patches if isinstance(p, Rectangle)]
    widths = {}
    for bar in bars:
        row = round(bar.get_y() + bar.get_height() / 2)
        widths[row] = widths.get(row, 0) + bar.get_width()
    assert all(w == pytest.approx(100) for w in widths.values()) and len(widths) == 4
    ba_awa = sim.games[sim.games["variant"] == "ba-awa"]
    share = 100 * (ba_awa["end_reason"] == "eight-or-fewer").mean()
    assert any(b.get_width() == pytest.approx(share) and round(b.get_y() + 0.4) == 3
               for b in bars)
    assert "final four (Hoyito)" in legend_texts(ax)
    assert ax.get_xlabel() == "share of games (%)"


def test_end_reasons_write_rare_reasons_on_the_bar():
    games = pd.DataFrame({"variant": ["hoyito-i"] * 100, "holes_per_row": 6,
                          "pairing": "random vs random",
                          "end_reason": ["final-four"] * 97 + ["endless"] * 2 +
                          ["repetition"]})
    ax = plots.end_reasons(games)
    notes = [t.get_text() for t in ax.texts]
    assert notes == ["endless move 2.0 %, repetition 1.0 %"]


def test_board_diagram_shows_every_hole(sim):
    pos = hy.new_game("hoyito-i").play(0)
    ax = plots.board_diagram(pos)
    texts = [t.get_text() for t in ax.texts]
    circles = [p for p in ax.patches if isinstance(p, Circle)]
    assert len(circles) == 12
    for hole, seeds in enumerate(pos.board):
        x, y = circles[hole].center
        assert (x, y) == ((hole, 0.0) if hole < 6 else (11 - hole, 1.3))
        at = [t.get_text() for t in ax.texts if t.get_position() == (x, y)]
        assert at == [str(seeds)]
        assert str(hole) in texts
    assert "North (1): captured 0  ← to move" in texts
    assert "South (0): captured 0" in texts
    assert ax.get_title() == "Hoyito I, 2×6: a position"
    assert to_hex(circles[0].get_edgecolor()) == plots.PLAYER_COLOURS[0].lower()


def test_board_diagram_marks_closed_and_borrowed_holes():
    pos = hy.new_game("hoyito-ii", board=[0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0], closed=[0, 11])
    ax = plots.board_diagram(pos, title="Round 2")
    crosses = [t for t in ax.texts if t.get_text() == "×"]
    assert len(crosses) == 2 and ax.get_title() == "Round 2"
    ba_awa = hy.new_game("ba-awa", owners=[0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1])
    circles = [p for p in plots.board_diagram(ba_awa).patches if isinstance(p, Circle)]
    assert circles[5].get_linestyle() == "--" and circles[4].get_linestyle() == "-"
    assert to_hex(circles[5].get_edgecolor()) == plots.PLAYER_COLOURS[1].lower()


def test_seeds_left_panels_one_panel_per_rule_set_on_one_scale(sim):
    fig = plots.seeds_left_panels(sim.moves)
    panels = fig.axes
    assert len(panels) == 4  # four rule sets, 2 x 2, none empty
    assert len({ax.get_ylim() for ax in panels}) == 1  # the same vertical scale everywhere
    assert panels[0].get_ylim()[1] >= 48  # the whole starting board fits
    for ax, variant in zip(panels, hy.VARIANTS, strict=True):
        assert ax.get_title() == f"{plots.rule_set(variant, 6)} (400 games)"
        assert ax.get_xlabel() == "ply (moves played)"
        assert ax.get_ylabel() == "seeds on the board"
        moves = sim.moves[sim.moves["variant"] == variant]
        by_ply = moves.groupby("ply")["seeds_left"]
        shown = by_ply.size()[by_ply.size() >= 0.1 * 400].index
        (median,) = ax.get_lines()
        np.testing.assert_array_equal(median.get_xdata(), shown)
        np.testing.assert_allclose(median.get_ydata(), by_ply.median().loc[shown])
        assert len([c for c in ax.collections if isinstance(c, PolyCollection)]) == 1
    assert legend_texts(panels[0]) == ["10%–90% of games", "median"]
    assert "Seeds left on the board after each move" in fig.get_suptitle()


def test_seeds_left_panels_switch_off_an_unused_panel(sim):
    fig = plots.seeds_left_panels(sim.moves[sim.moves["variant"] != "ba-awa"])
    assert len(fig.axes) == 4
    assert [ax.axison for ax in fig.axes] == [True, True, True, False]


def test_casa_heatmap_panels_share_one_colour_scale_and_one_colour_bar(sim):
    fig = plots.casa_heatmap(sim.captures, sim.games)
    kinds = list(fig.heatmap_data)
    panels, bars = fig.axes[: len(kinds)], fig.axes[len(kinds) :]
    images = [ax.images[0] for ax in panels]
    top = max(frame.to_numpy().max() for frame in fig.heatmap_data.values())
    assert {image.get_clim() for image in images} == {(0, top)}  # nothing clipped, one scale
    assert len(bars) == 1 and bars[0].get_ylabel() == "casas per game at this hole"
    assert [ax.get_title(loc="left") for ax in panels] == [f"{kind} casas" for kind in kinds]
    for ax in panels:
        assert [t.get_text() for t in ax.get_yticklabels()] == [
            plots.rule_set(v) for v in hy.VARIANTS
        ]


def test_casa_heatmap_per_panel_scale_gives_each_panel_its_own_bar(sim):
    fig = plots.casa_heatmap(sim.captures, sim.games, scale="per-panel")
    kinds = list(fig.heatmap_data)
    assert len(fig.axes) == 2 * len(kinds)  # a colour bar beside every panel
    for ax, kind in zip(fig.axes, kinds, strict=False):
        assert ax.images[0].get_clim() == (0, fig.heatmap_data[kind].to_numpy().max())


def test_casa_heatmap_writes_the_numbers_and_dashes_where_a_rule_set_never_casas(sim):
    fig = plots.casa_heatmap(sim.captures, sim.games, annotate=True)
    for ax, (kind, frame) in zip(fig.axes, fig.heatmap_data.items(), strict=False):
        values = frame.to_numpy()
        expected = [f"{value:.2f}" if values[i].any() else "–"
                    for (i, _), value in np.ndenumerate(values)]
        assert [t.get_text() for t in ax.texts] == expected, kind
    # Hoyito II and III leave mid-sow fours on the board: their rows are dashes
    mid_sow = [t.get_text() for t in fig.axes[0].texts]
    assert mid_sow[12:36] == ["–"] * 24 and "–" not in mid_sow[:12]


def test_casa_heatmap_numbers_are_readable_and_fit_their_cells(sim):
    fig = plots.casa_heatmap(sim.captures, sim.games, annotate=True)  # at its default size
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    for ax in fig.axes[:3]:
        assert ax.texts and min(t.get_fontsize() for t in ax.texts) >= 9
        boxes = [t.get_window_extent(renderer) for t in ax.texts]
        assert not any(a.overlaps(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])


def casa_rates(sim, variants=("hoyito-i", "ba-awa"), kind="last-seed") -> pd.DataFrame:
    """The table casa_rates_by_hole draws: casas per game at each hole, average ± 1.96 standard
    errors over games, as notebook 04 computes it."""
    records = []
    for variant in variants:
        caps = sim.captures[(sim.captures["variant"] == variant) & (sim.captures["kind"] == kind)]
        ids = sim.games.loc[sim.games["variant"] == variant, "game"]
        per_game = (pd.crosstab(caps["game"], caps["hole"].astype(int))
                    .reindex(index=ids, columns=range(12), fill_value=0))
        for hole in range(12):
            values = per_game[hole].to_numpy(dtype=float)
            half = 1.96 * values.std(ddof=1) / np.sqrt(len(values))
            records.append({"variant": variant, "kind": kind, "hole": hole, "holes_per_row": 6,
                            "rate": values.mean(), "low": values.mean() - half,
                            "high": values.mean() + half})
    return pd.DataFrame(records)


def test_casa_rates_by_hole_draws_every_interval_on_panels_of_one_span(sim):
    rates = casa_rates(sim)
    fig = plots.casa_rates_by_hole(rates, span=0.3)
    panels = [ax for ax in fig.axes if ax.axison]
    assert len(panels) == 2
    for ax, variant in zip(panels, ("hoyito-i", "ba-awa"), strict=True):
        assert ax.get_title() == f"{plots.rule_set(variant)}: last-seed"
        assert ax.get_xlabel() == "place of the hole in its row"
        assert ax.get_ylabel() == "casas per game"
        low, high = ax.get_ylim()
        assert high - low == pytest.approx(0.3)  # the same span in every panel
        part = rates[rates["variant"] == variant].set_index("hole")
        assert len(ax.containers) == 2  # South's row and North's row
        for side, container in enumerate(ax.containers):
            row = part.loc[6 * side : 6 * side + 5]
            marker, _, (bars,) = container.lines
            np.testing.assert_allclose(marker.get_ydata(), row["rate"])
            ends = np.array(bars.get_segments())  # one [[x, low], [x, high]] per hole
            np.testing.assert_allclose(ends[:, 0, 1], row["low"])
            np.testing.assert_allclose(ends[:, 1, 1], row["high"])
            # place in the row 1..6, the two rows side by side
            np.testing.assert_allclose(np.round(marker.get_xdata()), np.arange(1, 7))
    legend = [
        t.get_text() for ax in fig.axes if ax.get_legend() for t in ax.get_legend().get_texts()
    ]
    legend += [t.get_text() for lg in fig.legends for t in lg.get_texts()]
    assert legend == ["South's row (holes 0–5)", "North's row (holes 6–11)"]
    assert "95 % intervals" in fig.get_suptitle() and "0.3 casas" in fig.get_suptitle()
    assert fig.rates_data is rates


def test_laps_per_move_marks_the_opening_move_in_black(sim):
    ax = plots.laps_per_move(sim.moves, max_laps=8, mark_opening=True)
    bars = [p for p in ax.patches if isinstance(p, Rectangle)]
    assert len(bars) == 4 * 2 * 8  # per rule set: its shares, then the first moves inside them
    for k, variant in enumerate(hy.VARIANTS):
        moves = sim.moves[sim.moves["variant"] == variant]
        share, opening = bars[16 * k : 16 * k + 8], bars[16 * k + 8 : 16 * k + 16]
        first = np.minimum(moves.loc[moves["ply"] == 1, "laps"], 8)
        expected = 100 * np.bincount(first, minlength=9)[1:] / len(moves)
        np.testing.assert_allclose([b.get_height() for b in opening], expected)
        assert all(to_hex(b.get_facecolor()) == plots.COLOURS["black"].lower() for b in opening)
        assert all(o.get_x() == s.get_x() and o.get_height() <= s.get_height() + 1e-9
                   for o, s in zip(opening, share, strict=True))
    assert legend_texts(ax)[-1] == "first moves of the games"
    assert len(legend_texts(ax)) == 5
    assert ax.get_xlabel() == "laps in the move (1 = no relay)"
    assert ax.get_ylabel() == "share of moves (%)"


#: Games whose rare endings include the engine's newer reasons (lap limit, agreement, quiet
#: limit): Ba-awa never ends by agreement here, so that rate has only an upper bound.
RARE = pd.DataFrame({
    "variant": ["hoyito-i"] * 1000 + ["ba-awa"] * 500,
    "holes_per_row": 6,
    "pairing": "random vs random",
    "end_reason": ["final-four"] * 990 + ["lap-limit"] * 4 + ["agreement"] * 3
                  + ["quiet-limit"] * 2 + ["endless"] + ["eight-or-fewer"] * 497
                  + ["lap-limit"] * 2 + ["quiet-limit"],
})


def test_end_reason_rates_log_scale_wilson_intervals_and_every_rare_reason():
    ax = plots.end_reason_rates(RARE)
    assert ax.get_xscale() == "log"
    assert "log scale" in ax.get_xlabel() and "95 % intervals" in ax.get_xlabel()
    assert ax.get_title() == "Rare endings: games per 1,000 (random vs random)"
    assert [t.get_text() for t in ax.get_yticklabels()] == ["Hoyito I, 2×6", "Ba-awa, 2×6"]
    labels = legend_texts(ax)
    for reason in ("endless", "lap-limit", "agreement", "quiet-limit"):
        assert plots.END_LABELS[reason] in labels, reason
    assert "final four (Hoyito)" not in labels  # the usual endings are left out
    assert labels[-1].startswith("none seen")
    rates = ax.rates_data.set_index(["variant", "reason"])
    assert len(rates) == 2 * 4
    for _, row in rates.iterrows():
        low, high = wilson_interval(row["ended"], row["games"])
        assert (row["low"], row["high"]) == pytest.approx((1000 * low, 1000 * high))
        assert 0 <= row["low"] <= row["per_1000"] <= row["high"] <= 1000
    assert rates.loc[("ba-awa", "agreement"), "ended"] == 0
    assert rates.loc[("ba-awa", "agreement"), "low"] == 0
    # every seen rate is drawn with its interval; the unseen one as a hollow marker at the bound
    drawn = [np.array(c.lines[2][0].get_segments())[0] for c in ax.containers]
    seen = rates[rates["ended"] > 0]
    assert sorted((round(a[0, 0], 6), round(a[1, 0], 6)) for a in drawn) == sorted(
        (round(r["low"], 6), round(r["high"], 6)) for _, r in seen.iterrows()
    )
    hollow = [line for line in ax.get_lines() if line.get_markerfacecolor() == "white"]
    unseen = rates[rates["ended"] == 0]  # Ba-awa: no endless move, no agreement
    assert len(unseen) == 2
    assert sorted(line.get_xdata()[0] for line in hollow) == pytest.approx(sorted(unseen["high"]))


def test_end_reason_rates_per_and_reasons():
    ax = plots.end_reason_rates(RARE, reasons=["lap-limit"], per=100)
    assert legend_texts(ax) == ["lap limit"]
    assert list(ax.rates_data["per_100"]) == pytest.approx([0.4, 0.4])
    assert ax.get_title().startswith("Rare endings: games per 100")


def test_end_reasons_show_every_reason_in_the_data():
    ax = plots.end_reasons(RARE)
    labels = legend_texts(ax)
    for reason in set(RARE["end_reason"]):
        assert plots.END_LABELS[reason] in labels, reason
    widths = {}
    for bar in (p for p in ax.patches if isinstance(p, Rectangle)):
        row = round(bar.get_y() + bar.get_height() / 2)
        widths[row] = widths.get(row, 0) + bar.get_width()
    assert widths == {0: pytest.approx(100), 1: pytest.approx(100)}
    notes = [t.get_text() for t in ax.texts]
    assert notes == ["endless move 0.1 %, lap limit 0.4 %, no capture for too long 0.2 %, "
                     "by agreement 0.3 %",
                     "lap limit 0.4 %, no capture for too long 0.2 %"]


def test_every_end_reason_has_a_label_and_a_colour():
    from hoyito_edu.sim.simulate import END_REASONS

    for reason in (*END_REASONS, "agreement"):
        assert reason in plots.END_LABELS and reason in plots.KIND_COLOURS, reason


#: One game per end reason (the engine's, and the simulation's ply cap), in one rule set.
EVERY_ENDING = pd.DataFrame({"variant": "hoyito-i", "holes_per_row": 6,
                             "pairing": "random vs random",
                             "end_reason": list(plots.END_STYLES)})


def test_every_end_reason_has_its_own_style():
    """Nine end reasons, eight Okabe-Ito colours: no two reasons share colour and hatch (so a
    colour used twice differs by its hatch), every reason has its own marker, and the rare
    endings (drawn as markers) have different colours, none of them the faint yellow."""
    from hoyito_edu.engine.events import Reason
    from hoyito_edu.sim.simulate import END_REASONS

    endings = {r.value for r in Reason} - set(plots.CASA_KINDS) | {"ply-cap"}
    assert set(plots.END_STYLES) == endings and set(END_REASONS) <= endings
    styles = plots.END_STYLES.values()
    assert len({(s["color"].lower(), s["hatch"]) for s in styles}) == len(endings)
    assert len({s["marker"] for s in styles}) == len(endings)
    rare = [s["color"].lower() for r, s in plots.END_STYLES.items()
            if r not in plots.USUAL_ENDINGS]
    assert len(set(rare)) == len(rare) and plots.COLOURS["yellow"].lower() not in rare
    assert {r: c.lower() for r, c in plots.KIND_COLOURS.items() if r in endings} == {
        r: s["color"].lower() for r, s in plots.END_STYLES.items()
    }


def test_end_reasons_draw_every_reason_in_its_own_style():
    ax = plots.end_reasons(EVERY_ENDING)
    handles, labels = ax.get_legend_handles_labels()
    assert sorted(labels) == sorted(plots.END_LABELS[r] for r in plots.END_STYLES)
    drawn = {(to_hex(h.patches[0].get_facecolor()), h.patches[0].get_hatch() or "")
             for h in handles}
    assert len(drawn) == len(plots.END_STYLES)
    for handle, label in zip(handles, labels, strict=True):
        reason = next(r for r, text in plots.END_LABELS.items() if text == label)
        bar = handle.patches[0]
        assert to_hex(bar.get_facecolor()) == plots.END_STYLES[reason]["color"].lower()
        assert (bar.get_hatch() or "") == plots.END_STYLES[reason]["hatch"]


def test_end_reason_rates_draw_each_reason_with_its_own_marker_and_colour():
    rare = [r for r in plots.END_STYLES if r not in plots.USUAL_ENDINGS]
    games = pd.concat([EVERY_ENDING] * 3, ignore_index=True)
    ax = plots.end_reason_rates(games, reasons=rare)
    assert legend_texts(ax) == [plots.END_LABELS[r] for r in rare]
    for container, reason in zip(ax.containers, rare, strict=True):
        marker = container.lines[0]
        assert marker.get_marker() == plots.END_STYLES[reason]["marker"]
        assert to_hex(marker.get_color()) == plots.END_STYLES[reason]["color"].lower()


def test_starter_advantage_puts_published_shares_on_their_pairing_row():
    """MancalaGames-style published shares sit just below the row of the pairing they compare
    with (never on top of its estimate), hollow, labelled as the caller says; every interval
    lies within 0-100 %."""
    sim = hy.simulate("ba-awa", 60, players=("greedy", "random"), seed=8, tables=["games"])
    ax = plots.starter_advantage(sim.games, published={"ba-awa": 0.515, "oware": 0.485},
                                 published_pairing="random vs greedy",
                                 published_label="MancalaGames, random, round-based")
    (published,) = [c for c in ax.collections if isinstance(c, PathCollection)]
    (point,) = published.get_offsets()  # Oware is not in the table: not drawn
    rows = {c.get_label(): c.lines[0].get_ydata()[0] for c in ax.containers}
    assert point[0] == pytest.approx(51.5)
    assert point[1] == pytest.approx(rows["random vs greedy"] + plots.PUBLISHED_BELOW)
    assert plots.PUBLISHED_BELOW >= 0.15  # a marker's height: it cannot cover the estimate
    assert len(published.get_facecolors()) == 0  # hollow
    assert "MancalaGames, random, round-based" in legend_texts(ax)
    for container in ax.containers:
        ends = np.array(container.lines[2][0].get_segments())[:, :, 0]
        assert (ends >= 0).all() and (ends <= 100).all()
    assert ax.get_title() == "Starter's share of decided games (95 % intervals)"


@pytest.mark.parametrize(
    ("chart", "message"),
    [
        (lambda s: plots.capture_bands(s.moves, s.games, variant="ba-awa", band_style="dots"),
         "band_style must be 'fill' or 'lines'"),
        (lambda s: plots.capture_bands(s.moves, s.games, variant="oware"), "Pass variant="),
        (lambda s: plots.casa_heatmap(s.captures, s.games, scale="log"),
         "scale must be 'shared' or 'per-panel'"),
        (lambda s: plots.captures_over_game(s.moves, s.games, game=999, variant="ba-awa"),
         "game 999 is not in the moves table"),
    ],
    ids=["band_style", "variant", "scale", "game"],
)
def test_bad_arguments_are_clear_value_errors(sim, chart, message):
    with pytest.raises(ValueError, match=message):
        chart(sim)


NO_RATES = pd.DataFrame({"variant": ["hoyito-i"], "kind": ["last-seed"], "hole": [0]})


def check_bad(sim, chart, message):
    """``chart(sim)`` raises a ValueError matching ``message`` before it opens a figure."""
    assert not plt.get_fignums()
    with pytest.raises(ValueError, match=message):
        chart(sim)
    assert not plt.get_fignums(), "the chart opened a figure before it checked its arguments"


@pytest.mark.parametrize(
    ("chart", "message"),
    [
        (lambda s: plots.capture_bands(s.moves, s.games, variant="ba-awa", band=(0.9, 0.1)),
         r"band must be two shares \(low, high\) with 0 <= low < high <= 1.*not \(0.9, 0.1\)"),
        (lambda s: plots.capture_bands(s.moves, s.games, variant="ba-awa", last_ply=-1),
         r"last_ply .*must be a whole number, at least 1, not -1"),
        (lambda s: plots.casa_heatmap(s.captures, s.games, kinds=("mid-sow", "nope")),
         r"kinds \(casa kinds\) must name one or more of mid-sow, last-seed, chain.*'nope'"),
        (lambda s: plots.casa_heatmap(s.captures, s.games, kinds=()), r"kinds .*\(\) is empty"),
        (lambda s: plots.seeds_left_panels(s.moves, min_share=2),
         r"min_share .*must be a share between 0 and 1, such as 0.5, not 2"),
        (lambda s: plots.seeds_left_panels(s.moves.iloc[:0]),
         r"the moves table is empty \(no moves\)"),
        (lambda s: plots.casa_rates_by_hole(NO_RATES),
         r"rates table is missing column\(s\) holes_per_row, rate, low, high; it needs variant"),
        (lambda s: plots.casa_rates_by_hole(casa_rates(s), span=0),
         r"span must be a positive number of casas per game .*not 0"),
        (lambda s: plots.laps_per_move(s.moves, max_laps=0),
         r"max_laps .*must be a whole number, at least 1, not 0"),
        (lambda s: plots.end_reason_rates(s.games, per=0),
         r"per \(games\) must be a whole number, at least 1, not 0"),
        (lambda s: plots.end_reason_rates(s.games, reasons=["nope"]),
         r"reasons \(end reasons\) must name one or more of final-four, .*'nope', not among"),
        (lambda s: plots.starter_advantage(s.games, published={"ba-awa": 51.5}),
         r"published shares must be fractions of decided games between 0 and 1 "
         r"\(write 0.515 for 51.5 %\); 'ba-awa' has 51.5"),
        (lambda s: plots.starter_advantage(s.games, published={"ba-awa": 0.5},
                                           published_pairing="nobody"),
         r"published_pairing must be None or a pairing in the table: 'random vs random'; "
         r"not 'nobody'"),
        (lambda s: plots.game_lengths(s.games, bins=0),
         r"bins must be a whole number, at least 1, not 0"),
    ],
    ids=["band order", "last_ply", "unknown kind", "no kinds", "min_share", "no moves",
         "rates columns", "span", "max_laps", "per", "unknown reason", "published as %",
         "published_pairing", "bins"],
)
def test_bad_arguments_are_checked_before_drawing(sim, chart, message):
    check_bad(sim, chart, message)


def other_variant(table: pd.DataFrame) -> pd.DataFrame:
    return table.assign(variant="oware")


def reason(table: pd.DataFrame, end_reason: str) -> pd.DataFrame:
    return table.assign(end_reason=end_reason)


@pytest.mark.parametrize(
    ("chart", "message"),
    [
        # wrong tables: not a DataFrame, the wrong one of the three, empty, unknown names
        (lambda s: plots.captures_over_game(s.games, s.games, variant="ba-awa"),
         r"the moves table is missing column\(s\) ply, taken_south, taken_north.*sim\.moves"),
        (lambda s: plots.captures_over_game(s.moves, list(s.games), variant="ba-awa"),
         r"games must be the games table .*\(sim\.games\), a pandas DataFrame, not list"),
        (lambda s: plots.capture_bands(s.moves, s.games.iloc[:0], variant="ba-awa"),
         r"the games table is empty"),
        (lambda s: plots.capture_bands(s.moves, s.games[s.games["game"] > 10], variant="ba-awa"),
         r"games table lacks 11 of the 400 games in the moves table \(Ba-awa, 2×6\)"),
        (lambda s: plots.seeds_left(s.games), r"moves table is missing column\(s\) ply"),
        (lambda s: plots.seeds_left(other_variant(s.moves)),
         r"unknown variant\(s\) 'oware'; the known variants are hoyito-i, "),
        (lambda s: plots.casa_heatmap(s.moves, s.games), r"captures table is missing .*kind"),
        (lambda s: plots.casa_heatmap(s.captures, s.games.iloc[:0]), r"games table is empty"),
        (lambda s: plots.casa_rates_by_hole(casa_rates(s).iloc[:0]), r"rates table is empty"),
        (lambda s: plots.casa_rates_by_hole(casa_rates(s).assign(low=1.0)),
         r"low <= rate <= high in every row"),
        (lambda s: plots.game_lengths(other_variant(s.games)), r"unknown variant\(s\) 'oware'"),
        (lambda s: plots.game_lengths(s.moves), r"games table is missing column\(s\) plies"),
        (lambda s: plots.starter_advantage(s.games.to_dict()), r"not dict"),
        (lambda s: plots.starter_advantage(s.moves), r"games table is missing column"),
        (lambda s: plots.laps_per_move(s.games), r"moves table is missing column\(s\) laps"),
        (lambda s: plots.laps_per_move(s.moves.iloc[:0]), r"moves table is empty"),
        (lambda s: plots.end_reasons(s.moves), r"games table is missing column\(s\) end_reason"),
        (lambda s: plots.end_reasons(s.games.iloc[:0]), r"games table is empty"),
        (lambda s: plots.end_reasons(reason(s.games, "nope")),
         r"end reason\(s\) 'nope' that the charts do not know; the end reasons are final-four"),
        (lambda s: plots.end_reason_rates(reason(s.games, "resigned")), r"'resigned'"),
        (lambda s: plots.captures_over_game(s.moves, reason(s.games, "nope"), variant="ba-awa"),
         r"'nope'"),
        # names
        (lambda s: plots.capture_bands(s.moves, s.games, variant=3),
         r"variant must be a rule set's name such as 'hoyito-i', not 3"),
        (lambda s: plots.casa_heatmap(s.captures, s.games, kinds="chain"),
         r"kinds \(casa kinds\) must be a list of names from mid-sow, last-seed, chain"),
        (lambda s: plots.casa_heatmap(s.captures, s.games, kinds=("chain", "chain")),
         r"names one twice"),
        (lambda s: plots.casa_heatmap(s.captures, s.games, kinds=("final-four",)),
         r"'final-four', not among them"),
        (lambda s: plots.end_reason_rates(s.games, reasons="endless"), r"must be a list of names"),
        (lambda s: plots.end_reason_rates(s.games, reasons=[]), r"\[\] is empty"),
        (lambda s: plots.starter_advantage(s.games, published=[0.5]),
         r"published must map variant names to shares, such as \{'ba-awa': 0.515\}"),
        (lambda s: plots.starter_advantage(s.games, published={"ba-awa": True}),
         r"between 0 and 1; 'ba-awa' has True"),
        (lambda s: plots.starter_advantage(s.games, published={"ba-awa": -0.1}), r"has -0.1"),
        (lambda s: plots.starter_advantage(s.games, published_label=3),
         r"published_label must be a string"),
        # numbers: whole numbers for counts (no floats, no bools), shares between 0 and 1
        (lambda s: plots.captures_over_game(s.moves, s.games, game=1.0, variant="ba-awa"),
         r"game must be a whole number, at least 0, not 1.0"),
        (lambda s: plots.captures_over_game(s.moves, s.games, game=True, variant="ba-awa"),
         r"not True"),
        (lambda s: plots.capture_bands(s.moves, s.games, variant="ba-awa", last_ply=20.0),
         r"last_ply .*not 20.0"),
        (lambda s: plots.capture_bands(s.moves, s.games, variant="ba-awa", band=(0.1, 0.5, 0.9)),
         r"band must be two shares"),
        (lambda s: plots.capture_bands(s.moves, s.games, variant="ba-awa", band=("0.1", "0.9")),
         r"band must be two shares"),
        (lambda s: plots.seeds_left(s.moves, band=(0.5, 0.5)), r"low < high"),
        (lambda s: plots.seeds_left(s.moves, min_share=-0.1), r"min_share .*not -0.1"),
        (lambda s: plots.casa_heatmap(s.captures, s.games, annotate="yes"),
         r"annotate must be True or False, not 'yes'"),
        (lambda s: plots.casa_rates_by_hole(casa_rates(s), span=True), r"span .*not True"),
        (lambda s: plots.game_lengths(s.games, bins=2.5), r"bins .*not 2.5"),
        (lambda s: plots.game_lengths(s.games, bins=True), r"bins .*not True"),
        (lambda s: plots.laps_per_move(s.moves, max_laps=6.0), r"max_laps .*not 6.0"),
        (lambda s: plots.laps_per_move(s.moves, mark_opening="yes"), r"mark_opening must be"),
        (lambda s: plots.end_reason_rates(s.games, per=1000.0), r"per \(games\) .*not 1000.0"),
        (lambda s: plots.end_reason_rates(s.games, per=True), r"per \(games\) .*not True"),
        # where to draw, and what
        (lambda s: plots.game_lengths(s.games, ax="left"),
         r"ax must be a matplotlib Axes to draw into \(or None for a new chart\), not str"),
        (lambda s: plots.board_diagram("hoyito-i"), r"position must be a hoyito_edu Position"),
        (lambda s: plots.board_diagram(hy.new_game("ba-awa"), title=3),
         r"title must be a string or None, not 3"),
    ],
)
def test_more_bad_arguments_are_checked_before_drawing(sim, chart, message):
    check_bad(sim, chart, message)


def test_counts_may_be_numpy_integers_and_names_any_case(sim, mixed):
    """Counts taken from numpy arrays work like ints; a rule set's name in any case."""
    plots.captures_over_game(mixed.moves, mixed.games, game=np.int64(1))
    ax = plots.capture_bands(sim.moves, sim.games, variant="Ba-Awa", last_ply=np.int64(20))
    assert ax.get_xlim() == (0, 20) and "Ba-awa" in ax.get_title()
    assert len(plots.game_lengths(sim.games, bins=np.int32(10)).patches) == 4
    assert len(plots.laps_per_move(sim.moves, max_laps=np.int64(6)).patches) == 4 * 6
    ax = plots.end_reason_rates(RARE, per=np.int64(100))
    assert ax.get_title().startswith("Rare endings: games per 100 ")


def test_end_reason_rates_say_so_when_no_game_ended_in_a_rare_way():
    games = RARE[RARE["end_reason"].isin(plots.USUAL_ENDINGS)]
    ax = plots.end_reason_rates(games)
    assert [t.get_text() for t in ax.texts] == [
        "no game ended in a rare way\n(pass reasons= to draw upper bounds)"
    ]
    assert ax.rates_data.empty


def test_every_chart_is_titled_and_labelled(sim, mixed):
    axes = [
        plots.captures_over_game(mixed.moves, mixed.games),
        plots.capture_bands(sim.moves, sim.games, variant="ba-awa"),
        plots.seeds_left(sim.moves),
        plots.game_lengths(sim.games),
        plots.starter_advantage(sim.games),
        plots.laps_per_move(sim.moves),
        plots.end_reasons(sim.games),
        *plots.casa_heatmap(sim.captures, sim.games).axes[:3],
        *plots.seeds_left_panels(sim.moves).axes,
        *[ax for ax in plots.casa_rates_by_hole(casa_rates(sim)).axes if ax.axison],
        plots.end_reason_rates(sim.games),
        plots.laps_per_move(sim.moves, mark_opening=True),
    ]
    for ax in axes:
        assert ax.get_title() or ax.get_title(loc="left"), ax
        assert ax.get_xlabel() and ax.get_ylabel() or ax.get_yticklabels()


def test_colours_are_the_colour_blind_safe_palette():
    palette = {c.lower() for c in plots.COLOURS.values()}
    used = {*plots.PLAYER_COLOURS, *(s["color"] for s in plots.VARIANT_STYLES.values()),
            *plots.PAIRING_COLOURS,
            *plots.KIND_COLOURS.values()}
    assert {c.lower() for c in used} <= palette
    dashes = {s["linestyle"] for s in plots.VARIANT_STYLES.values()}
    assert len(dashes) == 4  # rule sets differ by dash pattern too, not by colour alone


def test_charts_leave_matplotlib_settings_alone(sim):
    """Jupyter's inline display switches matplotlib to interactive after the first figure;
    a chart that restored the settings it found would stop every later figure showing."""
    was = matplotlib.is_interactive()
    size = matplotlib.rcParams["figure.figsize"]
    try:
        matplotlib.interactive(True)
        plots.game_lengths(sim.games)
        plots.casa_heatmap(sim.captures, sim.games)
        plots.board_diagram(hy.new_game("ba-awa"))
        assert matplotlib.is_interactive()
        matplotlib.interactive(False)
        plots.laps_per_move(sim.moves)
        assert not matplotlib.is_interactive()
        assert matplotlib.rcParams["figure.figsize"] == size
    finally:
        matplotlib.interactive(was)


# -- Spanish ---------------------------------------------------------------------------------
def chart_texts(drawn) -> list[str]:
    """Every word-bearing text of a chart: suptitle, titles, axis labels, tick labels,
    legend entries and titles, texts and colour-bar labels."""
    fig = drawn if isinstance(drawn, matplotlib.figure.Figure) else drawn.figure
    texts = [t.get_text() for t in fig.texts]
    if fig._suptitle is not None:
        texts.append(fig.get_suptitle())
    legends = [*fig.legends, *(ax.get_legend() for ax in fig.axes)]
    for legend in filter(None, legends):
        texts += [t.get_text() for t in legend.get_texts()] + [legend.get_title().get_text()]
    for ax in fig.axes:
        texts += [ax.get_title(), ax.get_title("left"), ax.get_xlabel(), ax.get_ylabel()]
        texts += [t.get_text() for t in ax.texts]
        texts += [t.get_text() for t in ax.get_xticklabels() + ax.get_yticklabels()]
    return [t for t in texts if t]


#: English words a Spanish chart must not show: those of plots.py's catalogue entries that no
#: Spanish translation uses (names such as Hoyito or Ba-awa are in both), and these common ones
#: a sentence left unmarked would show.
CHART_SOURCES = ("plots.py",)
CHART_COMMON = frozenset({"the", "and", "game", "games", "seed", "seeds", "move", "moves", "hole",
                          "holes", "captured", "median", "South", "North", "row", "laps", "share"})


SPANISH_CHARTS = {
    "captures_over_game": lambda s, m: plots.captures_over_game(m.moves, m.games, 1, lang="es"),
    "capture_bands": lambda s, m: plots.capture_bands(s.moves, s.games, variant="hoyito-i",
                                                      lang="es"),
    "capture_bands_lines": lambda s, m: plots.capture_bands(
        s.moves, s.games, variant="hoyito-i", band_style="lines", lang="es"),
    "seeds_left": lambda s, m: plots.seeds_left(s.moves, lang="es"),
    "seeds_left_panels": lambda s, m: plots.seeds_left_panels(s.moves, lang="es"),
    "casa_heatmap": lambda s, m: plots.casa_heatmap(s.captures, s.games, lang="es"),
    "casa_heatmap_per_panel": lambda s, m: plots.casa_heatmap(s.captures, s.games,
                                                              scale="per-panel", lang="es"),
    "casa_rates_by_hole": lambda s, m: plots.casa_rates_by_hole(casa_rates(s), lang="es"),
    "game_lengths": lambda s, m: plots.game_lengths(s.games, lang="es"),
    "starter_advantage": lambda s, m: plots.starter_advantage(
        m.games, published={"hoyito-ii": 0.5}, lang="es"),
    "laps_per_move": lambda s, m: plots.laps_per_move(s.moves, mark_opening=True, lang="es"),
    "end_reasons": lambda s, m: plots.end_reasons(s.games, lang="es"),
    "end_reason_rates": lambda s, m: plots.end_reason_rates(
        s.games, reasons=["endless", "repetition"], lang="es"),
    "board_diagram": lambda s, m: plots.board_diagram(hy.new_game("hoyito-i"), lang="es"),
}


@pytest.mark.parametrize("name", list(SPANISH_CHARTS))
def test_spanish_charts_have_no_english_word(name, sim, mixed):
    drawn = SPANISH_CHARTS[name](sim, mixed)
    texts = chart_texts(drawn)
    assert texts, name
    english = english_only_words(CHART_SOURCES, CHART_COMMON)
    found = {w for text in texts for w in __import__("re").findall(r"[A-Za-z]{3,}", text)}
    assert not found & english, f"{name}: English words {found & english} in {texts}"
    assert hy.get_language() == "en", "lang= must not change the session's language"


def test_a_spanish_chart_says_it_in_spanish(mixed):
    ax = plots.captures_over_game(mixed.moves, mixed.games, game=1, lang="es")
    assert legend_texts(ax) == ["Sur (glotón)", "Norte (al azar)"]
    assert ax.get_title().startswith("Semillas comidas en la partida 1: Hoyito II, 2×6")
    assert "final: las últimas cuatro (Hoyito)" in ax.get_title()
    assert ax.get_xlabel() == "jugadas hechas"
    assert ax.get_ylabel() == "semillas comidas (total hasta ahora)"
    ax = plots.laps_per_move(mixed.moves, lang="es")
    assert ax.get_title() == "Tandas por jugada"
    mean = mixed.moves["laps"].mean()
    assert legend_texts(ax) == [f"Hoyito II, 2×6 (promedio: {mean:.1f} tandas)"]


def test_the_session_language_draws_spanish_and_lang_en_overrides_it(mixed):
    try:
        hy.set_language("es")
        ax = plots.game_lengths(mixed.games)
        assert (
            ax.get_title()
            == "Cuánto duran las partidas (glotón contra al azar, al azar contra glotón)"
        )
        english = plots.game_lengths(mixed.games, lang="en")
        assert english.get_title().startswith("How long games last")
    finally:
        hy.set_language("en")


def test_board_diagram_in_spanish_names_the_players_and_the_turn():
    ax = plots.board_diagram(hy.new_game("hoyito-i"), lang="es")
    texts = [t.get_text() for t in ax.texts]
    assert "Sur (0): comió 0  ← le toca" in texts and "Norte (1): comió 0" in texts
    assert "siembra" in texts and ax.get_title() == "Hoyito I, 2×6: una posición"


@pytest.mark.parametrize("bad", ["fr", "ES", 3])
def test_charts_refuse_an_unknown_language(bad, mixed):
    with pytest.raises(ValueError, match=r"'en' \(English\) or 'es' \(Spanish\)"):
        plots.game_lengths(mixed.games, lang=bad)
    with pytest.raises(ValueError, match="the language must be one of"):
        plots.board_diagram(hy.new_game("hoyito-i"), lang=bad)


CHARTS = ["captures_over_game", "capture_bands", "seeds_left", "seeds_left_panels", "casa_heatmap",
          "casa_rates_by_hole", "game_lengths", "starter_advantage", "laps_per_move",
          "end_reasons", "end_reason_rates", "board_diagram"]


@pytest.mark.parametrize("name", CHARTS)
def test_every_chart_takes_lang_and_refuses_french_before_drawing(name, sim, mixed):
    import inspect

    assert inspect.signature(getattr(plots, name)).parameters["lang"].default is None
    tables = {"captures_over_game": (mixed.moves, mixed.games), "capture_bands": (sim.moves,
              sim.games), "casa_heatmap": (sim.captures, sim.games), "casa_rates_by_hole":
              (casa_rates(sim),), "game_lengths": (sim.games,), "starter_advantage": (sim.games,),
              "end_reasons": (sim.games,), "end_reason_rates": (sim.games,), "board_diagram":
              (hy.new_game("hoyito-i"),)}
    before = plt.get_fignums()
    with pytest.raises(ValueError, match="the language must be one of"):
        getattr(plots, name)(*tables.get(name, (sim.moves,)), lang="fr")
    assert plt.get_fignums() == before, "nothing is drawn for a refused language"


@pytest.fixture(params=["en", "es"])
def timeline(request):
    from hoyito_edu.teaching import data

    events = data.timeline(lang=request.param)
    events["when"] = events["start"].dt.year + (events["start"].dt.month - 1) / 12
    research = events[events["year"].between(2004, 2005) & (events["date"].str.len() == 7)]
    band = (research["when"].min(), research["when"].max() + 1 / 12)
    ax = plots.timeline_chart(events, [str(y) for y in events["year"]], band=band,
                              band_label="research")
    ax.figure.tight_layout()
    return events, ax


def test_timeline_labels_stay_clear_of_every_marker(timeline):
    events, ax = timeline
    fig = ax.figure
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    (markers,) = ax.collections
    centres = ax.transData.transform(markers.get_offsets())
    radius = markers.get_sizes()[0] ** 0.5 / 2 * fig.dpi / 72 + 1  # the marker and its edge
    gap = 4 * fig.dpi / 72  # at least 4 points of paper between a label and a marker
    assert len(ax.texts) == len(events)
    for text in ax.texts:
        box = text.get_window_extent(renderer)
        for x, y in centres:
            near_x = box.x0 - radius - gap < x < box.x1 + radius + gap
            near_y = box.y0 - radius < y < box.y1 + radius
            assert not (near_x and near_y), text.get_text()


def test_timeline_band_shows_in_greyscale(timeline):
    from matplotlib.colors import to_rgba

    _events, ax = timeline
    (band,) = [p for p in ax.patches if p.get_label() == "research"]
    red, green, blue, _alpha = to_rgba(band.get_edgecolor())
    assert band.get_hatch()  # a pattern, not only a pale colour
    assert 0.299 * red + 0.587 * green + 0.114 * blue < 0.5  # a dark edge on white paper
    assert "research" in legend_texts(ax)


def test_timeline_refuses_labels_that_do_not_match_the_events(timeline):
    events, _ax = timeline
    with pytest.raises(ValueError, match="date_labels has 1 labels"):
        plots.timeline_chart(events, ["1957"])
