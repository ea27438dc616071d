"""python -m hoyito_edu simulate: files written, formats, and clear errors."""

from __future__ import annotations

import os
import subprocess
import sys

import pandas as pd
import pytest

import hoyito_edu as hy
from hoyito_edu.__main__ import main
from hoyito_edu.analysis.certificates import proofs_dir


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
        (["--games", "0"], "argument --games: must be a whole number from 1, not '0'"),
        (["--games", "1e3"], "argument --games: must be a whole number from 1, not '1e3'"),
        (["--seed", "-1"], "argument --seed: must be a whole number from 0, not '-1'"),
        (["--holes-per-row", "13"], "must be a whole number from 6 to 12, not '13'"),
        (["--workers", "0"], "argument --workers: must be a whole number from 1"),
        (["--max-plies", "x"], "argument --max-plies: must be a whole number from 1"),
        (["--max-laps", "0"], "must be a whole number from 1, or 'none' for no limit, not '0'"),
        (["--quiet-limit", "1.5"], "argument --quiet-limit: must be a whole number from 1, or"),
        (["--starter", "2"], "argument --starter: invalid choice: '2'"),
        (["--variant", "hoyito-i"], "--variant hoyito-i is given twice"),
        (["--out", "dir.csv"], "--out dir.csv is a folder; give a file name"),
        (["--out", "g.csv", "--moves", "g.csv"], "--out and --moves name the same file"),
        (["--out", "g.csv", "--metrics", "./sub/../g.csv"], "name the same file"),
        (["--bogus"], "unrecognized arguments: --bogus"),
        (["--holes-per-row", "9", "--variant", "ba-awa"], "Ba-awa is played on 2x6"),
        (["--path", "fast", "--players", "greedy", "random"], "fast path plays random"),
        (["--games", "many"], "argument --games: must be a whole number from 1, not 'many'"),
    ],
)
def test_bad_arguments_exit_2_with_a_message(tmp_path, capsys, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sub").mkdir()
    (tmp_path / "dir.csv").mkdir()
    # later options win (--variant adds a variant), so each case follows a valid command
    argv = ["--variant", "hoyito-i", "--games", "3", "--out", "games.csv", *args]
    status, _, err = run(capsys, *argv)
    assert status == 2
    assert message in err and err.startswith("usage: ")
    assert "Traceback" not in err
    assert not (tmp_path / "games.csv").exists() and not (tmp_path / "g.csv").exists()


def refuse_to_play(monkeypatch):
    """Make simulate() fail the test if it is called: the checks must come first."""

    def no_games(*args, **kwargs):  # pragma: no cover - called only when a check is missing
        raise AssertionError("a game was played before the outputs were checked")

    monkeypatch.setattr(sys.modules["hoyito_edu.sim.simulate"], "simulate", no_games)


def test_one_file_for_two_tables_is_refused_through_links_too(tmp_path, capsys, monkeypatch):
    refuse_to_play(monkeypatch)
    games = tmp_path / "games.csv"
    games.write_text("precious\n")
    symlink = tmp_path / "link.csv"
    symlink.symlink_to(games)
    hardlink = tmp_path / "hard.csv"
    hardlink.hardlink_to(games)
    for other in (symlink, hardlink, tmp_path / "." / "games.csv"):
        base = ["--variant", "hoyito-i", "--games", "3", "--out", str(games)]
        status, _, err = run(capsys, *base, "--captures", str(other))
        assert status == 2 and "--out and --captures name the same file" in err
    assert games.read_text() == "precious\n"


def test_unwritable_outputs_are_found_before_any_game(tmp_path, capsys, monkeypatch):
    import tempfile

    refuse_to_play(monkeypatch)

    def refused(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refused)
    argv = ["--variant", "hoyito-i", "--games", "3", "--out", str(tmp_path / "g.csv")]
    status, _, err = run(capsys, *argv)
    assert status == 2
    assert f"cannot write --out {tmp_path / 'g.csv'}: the folder" in err
    assert "is not writable (Permission denied)" in err


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write any file")
def test_a_read_only_output_is_refused_before_any_game(tmp_path, capsys, monkeypatch):
    refuse_to_play(monkeypatch)
    moves = tmp_path / "moves.csv"
    moves.write_text("old\n")
    moves.chmod(0o444)
    argv = ["--variant", "hoyito-i", "--games", "3", "--out", str(tmp_path / "g.csv")]
    status, _, err = run(capsys, *argv, "--moves", str(moves))
    assert status == 2 and "the file is read-only" in err


def test_a_failed_write_keeps_the_old_files_and_leaves_no_temporary_file(
    tmp_path, capsys, monkeypatch
):
    import hoyito_edu.__main__ as cli

    games, moves = tmp_path / "games.csv", tmp_path / "moves.csv"
    games.write_text("old games\n")
    moves.write_text("old moves\n")
    written = []

    def full_disk(table, path, fmt=None):
        if written:
            raise OSError(28, "No space left on device")
        written.append(path)
        table.to_csv(path, index=False)

    monkeypatch.setattr(cli, "write_table", full_disk)
    argv = ["--variant", "hoyito-i", "--games", "3", "--out", str(games), "--moves", str(moves)]
    status, _, err = run(capsys, *argv)
    assert status == 1 and "cannot write the tables" in err and "No space left" in err
    assert games.read_text() == "old games\n" and moves.read_text() == "old moves\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.csv", "moves.csv"]


def test_lap_and_quiet_limits_are_rule_options(tmp_path, capsys, monkeypatch):
    path = tmp_path / "g.csv"
    base = ["--variant", "hoyito-ii", "--games", "20", "--out", str(path)]
    status, out, _ = run(capsys, *base, "--max-laps", "3")
    assert status == 0 and "ended by: lap-limit" in out
    expected = hy.simulate("hoyito-ii", 20, tables=["games"], max_laps=3).games
    assert (pd.read_csv(path)["plies"] == expected["plies"]).all()
    status, out, _ = run(capsys, *base, "--quiet-limit", "4", "--max-laps", "none")
    assert status == 0 and "quiet-limit" in out
    reasons = pd.read_csv(path)["end_reason"]
    assert set(reasons) <= {"quiet-limit", "final-four", "repetition", "endless"}
    assert "quiet-limit" in set(reasons)
    seen = {}
    simulate_module = sys.modules["hoyito_edu.sim.simulate"]  # hy.simulate is the function
    real = simulate_module.simulate

    def spy(*args, **kwargs):
        seen.update(kwargs)
        return real(*args, **kwargs)

    monkeypatch.setattr(simulate_module, "simulate", spy)
    run(capsys, *base, "--max-laps", "None", "--quiet-limit", "none")
    assert seen["max_laps"] is None and seen["quiet_limit"] is None
    seen.clear()
    run(capsys, *base)
    assert "max_laps" not in seen and "quiet_limit" not in seen  # the rules' defaults


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


def test_output_piped_into_a_reader_that_stops_ends_quietly():
    """``python -m hoyito_edu verify-proof FILE | head -1``: the reader goes away before the
    command writes; the command ends with status 1 and no traceback."""
    proof = proofs_dir() / "ba-awa-move-6-south-8.npz"
    command = [sys.executable, "-m", "hoyito_edu", "verify-proof", str(proof), "--lang", "en"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdout.close()  # the reader is gone before the first line is written
    _, err = process.communicate(timeout=120)
    assert process.returncode == 1 and b"Traceback" not in err and b"BrokenPipe" not in err, err


# --- Parquet datasets (--out DIR/) and Dask (--scheduler, --dask-workers) ------------------
def test_out_folder_streams_a_restartable_dataset(tmp_path, capsys):
    folder = tmp_path / "run"
    args = ("--variant", "hoyito-ii", "--games", "90", "--seed", "3", "--out", f"{folder}/",
            "--tables", "games", "captures", "--chunk-games", "40")
    status, out, _ = run(capsys, *args)
    assert status == 0
    assert "3 chunks" in out and "3 written now, 0 already there" in out
    sim = hy.simulate("hoyito-ii", 90, seed=3, tables=["games", "captures"])
    pd.testing.assert_frame_equal(pd.read_parquet(folder / "games"), sim.games)
    pd.testing.assert_frame_equal(pd.read_parquet(folder / "captures"), sim.captures)
    assert not (folder / "moves").exists()
    status, out, _ = run(capsys, *args)
    assert status == 0 and "0 written now, 3 already there" in out


def test_scheduler_plays_on_the_cluster(tmp_path, capsys, dask_client):
    path = tmp_path / "games.parquet"
    status, out, _ = run(capsys, "--variant", "hoyito-i", "--variant", "ba-awa", "--games",
                         "150", "--seed", "9", "--out", str(path), "--moves",
                         str(tmp_path / "moves.parquet"), "--scheduler",
                         dask_client.scheduler.address)
    assert status == 0
    assert f"Dask dashboard: {dask_client.dashboard_link}" in out
    sim = hy.simulate(["hoyito-i", "ba-awa"], 150, seed=9)
    pd.testing.assert_frame_equal(pd.read_parquet(path), sim.games)
    pd.testing.assert_frame_equal(pd.read_parquet(tmp_path / "moves.parquet"), sim.moves)
    assert dask_client.status == "running"  # the command closed its own client only


def test_scheduler_with_a_dataset_and_computer_players(tmp_path, capsys, dask_client):
    status, _, _ = run(capsys, "--variant", "ba-awa", "--games", "12", "--players", "greedy",
                       "random", "--out", f"{tmp_path}/", "--chunk-games", "5",
                       "--scheduler", dask_client.scheduler.address)
    assert status == 0
    expected = hy.simulate("ba-awa", 12, players=("greedy", "random"), tables=["games"]).games
    pd.testing.assert_frame_equal(pd.read_parquet(tmp_path / "games"), expected)


@pytest.mark.slow
def test_a_relative_out_reaches_workers_started_in_another_folder(tmp_path, capsys, monkeypatch):
    """``--out run/`` with ``--scheduler``: the workers (processes started in another folder,
    as on a real cluster) write where the command was typed, not under their own folder."""
    from distributed import Client, LocalCluster

    theirs, mine = tmp_path / "workers-start-here", tmp_path / "the-teacher-types-here"
    theirs.mkdir()
    mine.mkdir()
    monkeypatch.chdir(theirs)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=":0") as cluster, Client(cluster) as client:
        assert set(client.run(os.getcwd).values()) == {str(theirs)}
        monkeypatch.chdir(mine)
        status, out, err = run(capsys, "--variant", "ba-awa", "--games", "12", "--out", "run/",
                               "--chunk-games", "5", "--scheduler", cluster.scheduler_address)
    assert status == 0, err
    expected = hy.simulate("ba-awa", 12, tables=["games"]).games
    pd.testing.assert_frame_equal(pd.read_parquet(mine / "run" / "games"), expected)
    assert not (theirs / "run").exists()
    assert str(mine / "run") in out  # the folder said is the one written


def test_dask_workers_start_a_local_cluster(tmp_path, capsys):
    path = tmp_path / "g.csv"
    status, out, _ = run(capsys, "--variant", "ba-awa", "--games", "20", "--out", str(path),
                         "--dask-workers", "1")
    assert status == 0 and "Dask dashboard: http" in out
    assert len(pd.read_csv(path)) == 20


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--tables", "moves"], "--tables goes with --out DIR/"),
        (["--workers", "2", "--dask-workers", "2"], "not both"),
        (["--scheduler", "a", "--dask-workers", "2"], "not allowed with argument"),
        (["--chunk-games", "10"], "give it with client= or out="),
        (["--dask-workers", "0"], "must be a whole number from 1"),
    ],
)
def test_dask_and_dataset_options_are_checked(tmp_path, capsys, extra, message):
    status, _, err = run(capsys, "--variant", "ba-awa", "--games", "5", "--out",
                         str(tmp_path / "g.csv"), *extra)
    assert status == 2 and message in err


def test_a_dataset_refuses_file_options(tmp_path, capsys):
    status, _, err = run(capsys, "--variant", "ba-awa", "--games", "5", "--out",
                         f"{tmp_path}/", "--moves", str(tmp_path / "m.csv"))
    assert status == 2 and "--tables games moves captures" in err
