"""python -m hoyito_edu simulate: files written, formats, and clear errors."""

from __future__ import annotations

import subprocess
import sys

import pandas as pd
import pytest

import hoyito_edu as hy
from hoyito_edu.__main__ import main


def run(capsys, *args: str) -> tuple[int, str, str]:
    """Run the command line in this process; return (exit status, stdout, stderr)."""
    try:
        status = main(["simulate", *args])
    except SystemExit as stop:
        status = stop.code
    out, err = capsys.readouterr()
    return status, out, err


def test_csv_holds_the_games_table(tmp_path, capsys):
    path = tmp_path / "games.csv"
    status, out, _ = run(
        capsys, "--variant", "hoyito-iii", "--games", "300", "--out", str(path), "--seed", "5"
    )
    assert status == 0
    assert "300 games (hoyito-iii; fast path)" in out and str(path) in out
    written = pd.read_csv(path)
    expected = hy.simulate("hoyito-iii", 300, seed=5, tables=["games"]).games
    assert list(written.columns) == list(expected.columns)
    for column in ("game", "starter", "score_south", "score_north", "plies", "casas"):
        assert (written[column] == expected[column]).all(), column
    assert (written["end_reason"] == expected["end_reason"].astype(str)).all()
    assert written["winner"].isna().sum() == expected["winner"].isna().sum()


def test_parquet_keeps_types_and_every_table(tmp_path, capsys):
    files = {name: tmp_path / f"{name}.parquet" for name in ("games", "moves", "captures")}
    status, out, _ = run(
        capsys,
        "--variant",
        "ba-awa",
        "--variant",
        "hoyito-ii",
        "--games",
        "50",
        "--out",
        str(files["games"]),
        "--moves",
        str(files["moves"]),
        "--captures",
        str(files["captures"]),
        "--metrics",
        str(tmp_path / "metrics.csv"),
    )
    assert status == 0
    sim = hy.simulate(["ba-awa", "hoyito-ii"], 50, seed=0)
    for name, path in files.items():
        table = pd.read_parquet(path)
        expected = getattr(sim, name)
        assert table.shape == expected.shape, name
        assert (table["game"].to_numpy() == expected["game"].to_numpy()).all()
        assert isinstance(table["variant"].dtype, pd.CategoricalDtype)
    metrics = pd.read_csv(tmp_path / "metrics.csv")
    assert list(metrics["variant"]) == ["ba-awa", "hoyito-ii"]
    assert (metrics["games"] == 50).all()
    assert "metrics           2 rows" in out


def test_players_starter_and_rule_options(tmp_path, capsys):
    path = tmp_path / "g.csv"
    status, out, _ = run(
        capsys,
        "--variant",
        "ba-awa",
        "--games",
        "4",
        "--out",
        str(path),
        "--players",
        "greedy",
        "random",
        "--starter",
        "1",
    )
    assert status == 0 and "engine path" in out
    games = pd.read_csv(path)
    assert (games["pairing"] == "random vs greedy").all() and (games["starter"] == 1).all()
    plain, skipping = tmp_path / "plain.csv", tmp_path / "skip.csv"
    run(capsys, "--variant", "hoyito-ii", "--games", "200", "--out", str(plain))
    run(
        capsys,
        "--variant",
        "hoyito-ii",
        "--games",
        "200",
        "--out",
        str(skipping),
        "--skip-origin",
        "--chain-opponent-side-only",
    )
    expected = hy.simulate(
        "hoyito-ii", 200, tables=["games"], skip_origin=True, chain_opponent_side_only=True
    ).games
    assert (pd.read_csv(skipping)["plies"] == expected["plies"]).all()
    assert not (pd.read_csv(plain)["plies"] == expected["plies"]).all()


def test_parquet_without_pyarrow_says_what_to_install(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    status, _, err = run(
        capsys, "--variant", "ba-awa", "--games", "3", "--out", str(tmp_path / "g.parquet")
    )
    assert status == 2
    assert "needs the pyarrow package" in err and "pip install pyarrow" in err
    assert "write a .csv file instead" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--variant", "oware"], "unknown variant 'oware'"),
        (["--out", "games.xlsx"], "name it .csv, .csv.gz or .parquet"),
        (["--out", "no/such/folder/g.csv"], "folder 'no/such/folder' does not exist"),
        (["--players", "random", "chess"], "unknown player 'chess'"),
        (["--games", "0"], "games must be at least 1"),
        (["--holes-per-row", "9", "--variant", "ba-awa"], "Ba-awa is played on 2x6"),
        (["--path", "fast", "--players", "greedy", "random"], "fast path plays random"),
        (["--games", "many"], "invalid int value: 'many'"),
    ],
)
def test_bad_arguments_exit_2_with_a_message(tmp_path, capsys, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    # later options win (--variant adds a variant), so each case follows a valid command
    argv = ["--variant", "hoyito-i", "--games", "3", "--out", "games.csv", *args]
    status, _, err = run(capsys, *argv)
    assert status == 2
    assert message in err
    assert not (tmp_path / "games.csv").exists()


def test_module_entry_point(tmp_path):
    path = tmp_path / "games.csv.gz"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "hoyito_edu",
            "simulate",
            "--variant",
            "ba-awa",
            "--games",
            "100",
            "--out",
            str(path),
            "--no-progress",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert len(pd.read_csv(path)) == 100
    help_text = subprocess.run(
        [sys.executable, "-m", "hoyito_edu", "simulate", "-h"],
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout
    assert "--max-plies" in help_text and "ply-cap" in help_text
