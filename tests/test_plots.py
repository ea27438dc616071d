"""Charts: what each one plots (data, labels, legends, counts), checked against the tables."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.collections import PathCollection, PolyCollection  # noqa: E402
from matplotlib.colors import to_hex  # noqa: E402
from matplotlib.patches import Circle, Rectangle, StepPatch  # noqa: E402

import hoyito_edu as hy  # noqa: E402
from hoyito_edu import plots  # noqa: E402
from hoyito_edu.metrics import game_metrics  # noqa: E402


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
    assert "ended by final four" in ax.get_title()
    assert ax.get_xlabel() == "ply (moves played)"
    assert ax.get_ylabel() == "seeds captured (total so far)"
    final = mixed.games.set_index("game").loc[1]
    assert (south.get_ydata()[-1], north.get_ydata()[-1]) == (final.score_south,
                                                              final.score_north)  # fmt: skip


def test_capture_bands_median_matches_a_direct_count(sim):
    ax = plots.capture_bands(sim.moves, sim.games, variant="hoyito-i", last_ply=60)
    moves = sim.moves[sim.moves["variant"] == "hoyito-i"]
    games = sim.games[sim.games["variant"] == "hoyito-i"].set_index("game")
    totals = np.zeros((len(games), 61))
    for i, (game, row) in enumerate(games.iterrows()):
        mine = moves[moves["game"] == game]
        seat = "south" if row.starter == 0 else "north"
        running = np.r_[0, mine[f"taken_{seat}"].cumsum()]  # after 0, 1, 2 ... moves
        totals[i] = running[np.searchsorted(mine["ply"], np.arange(61), side="right")]
    starter_line = ax.get_lines()[0]
    np.testing.assert_allclose(starter_line.get_ydata(), np.median(totals, axis=0))
    assert legend_texts(ax)[0] == "Starter (random): median"
    assert "10%–90% of games" in legend_texts(ax)[1]
    assert "Hoyito I, 2×6, 400 games" in ax.get_title()
    bands = [c for c in ax.collections if isinstance(c, PolyCollection)]
    assert len(bands) == 2


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
    import pandas as pd

    caps = pd.concat([sim.captures, big.captures])
    with pytest.raises(ValueError, match="needs one board size"):
        plots.casa_heatmap(caps, pd.concat([sim.games, big.games]))


def test_game_lengths_shares_add_up_and_name_the_cap():
    sim = hy.simulate(["hoyito-i", "ba-awa"], 300, seed=4, tables=["games"])
    big = hy.simulate("hoyito-ii", 60, holes_per_row=12, seed=4, tables=["games"], max_plies=300)
    import pandas as pd

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


def test_starter_advantage_plots_shares_and_intervals(mixed):
    sim = hy.simulate("ba-awa", 60, players=("greedy", "random"), seed=8)
    ax = plots.starter_advantage(sim.games, published={"ba-awa": 0.515})
    table = game_metrics(sim.games)
    containers = ax.containers
    assert len(containers) == 2  # one error bar per pairing
    for container, (_, row) in zip(containers, table.iterrows(), strict=True):
        x = container.lines[0].get_xdata()[0]
        assert x == pytest.approx(100 * row["starter_win_share"])
    assert legend_texts(ax) == ["published (other rules of play)", "greedy vs random",
                                "random vs greedy"]  # fmt: skip
    published = [c for c in ax.collections if isinstance(c, PathCollection)]
    assert published[0].get_offsets()[0][0] == pytest.approx(51.5)
    assert [t.get_text() for t in ax.get_yticklabels()] == ["Ba-awa, 2×6"]
    assert ax.get_xlabel() == "games won by the starter (% of decided games)"


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
               for b in bars)  # fmt: skip
    assert "final four (Hoyito)" in legend_texts(ax)
    assert ax.get_xlabel() == "share of games (%)"


def test_end_reasons_write_rare_reasons_on_the_bar():
    import pandas as pd

    games = pd.DataFrame({"variant": ["hoyito-i"] * 100, "holes_per_row": 6,
                          "pairing": "random vs random",
                          "end_reason": ["final-four"] * 97 + ["endless"] * 2 +
                          ["repetition"]})  # fmt: skip
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
    ]
    for ax in axes:
        assert ax.get_title() or ax.get_title(loc="left"), ax
        assert ax.get_xlabel() and ax.get_ylabel() or ax.get_yticklabels()


def test_colours_are_the_colour_blind_safe_palette():
    palette = {c.lower() for c in plots.COLOURS.values()}
    used = {*plots.PLAYER_COLOURS, *(s["color"] for s in plots.VARIANT_STYLES.values()),
            *plots.PAIRING_COLOURS,
            *plots.KIND_COLOURS.values()}  # fmt: skip
    assert {c.lower() for c in used} <= palette
    dashes = {s["linestyle"] for s in plots.VARIANT_STYLES.values()}
    assert len(dashes) == 4  # rule sets differ by dash pattern too, not by colour alone


def test_docstring_example_runs():
    import doctest

    result = doctest.testmod(plots)
    assert result.attempted > 0 and result.failed == 0


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
