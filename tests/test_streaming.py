"""simulate(out=DIR): a partitioned Parquet dataset, equal to the in-memory tables,
restartable, and refused when it would mix two runs."""

from __future__ import annotations

import json
import os

import dask.dataframe as dd
import pandas as pd
import pyarrow.dataset as ds
import pytest

import hoyito_edu as hy
from hoyito_edu.sim.checks import Request, check

TABLES = ("games", "moves", "captures")


def files(folder, table="games"):
    return sorted(p.name for p in (folder / table).iterdir())


def test_the_dataset_equals_the_in_memory_tables(tmp_path):
    sim = hy.simulate(["hoyito-i", "ba-awa"], 250, seed=8, holes_per_row=6)
    run = hy.simulate(["hoyito-i", "ba-awa"], 250, seed=8, out=tmp_path, chunk_games=60)
    assert (run.chunks, run.written, run.skipped, run.games) == (10, 10, 0, 500)
    assert files(tmp_path) == [f"part-{i:06d}.parquet" for i in range(10)]
    for table in TABLES:
        pd.testing.assert_frame_equal(pd.read_parquet(tmp_path / table), getattr(sim, table))
        pd.testing.assert_frame_equal(run.read(table), getattr(sim, table))
    assert ds.dataset(tmp_path / "moves").count_rows() == len(sim.moves)
    lazy = dd.read_parquet(tmp_path / "games")
    assert lazy.npartitions == 10
    assert int(lazy["plies"].sum().compute()) == int(sim.games["plies"].sum())
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert manifest["games"] == 250 and manifest["chunk_games"] == 60
    assert not [p for p in tmp_path.rglob(".*")]  # no temporary file left behind


def test_only_the_tables_asked_for_are_written(tmp_path):
    run = hy.simulate("hoyito-iii", 40, seed=1, out=tmp_path, tables=["games", "captures"])
    assert run.tables == ("games", "captures") and run.chunks == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["captures", "games", "manifest.json"]


def test_a_rerun_skips_the_chunks_already_written(tmp_path):
    args = dict(seed=4, out=tmp_path, chunk_games=30, tables=["games", "moves"])
    hy.simulate("hoyito-ii", 150, **args)
    kept = {name: os.stat(tmp_path / "games" / name).st_mtime_ns for name in files(tmp_path)}
    # a run stopped part way: the last two chunks never written (the games file goes last)
    for name in ("part-000003.parquet", "part-000004.parquet"):
        (tmp_path / "games" / name).unlink()
    (tmp_path / "moves" / "part-000004.parquet").unlink()
    again = hy.simulate("hoyito-ii", 150, **args)
    assert (again.written, again.skipped) == (2, 3)
    for name in files(tmp_path)[:3]:
        assert os.stat(tmp_path / "games" / name).st_mtime_ns == kept[name]  # not rewritten
    sim = hy.simulate("hoyito-ii", 150, seed=4, tables=["games", "moves"])
    pd.testing.assert_frame_equal(pd.read_parquet(tmp_path / "games"), sim.games)
    pd.testing.assert_frame_equal(pd.read_parquet(tmp_path / "moves"), sim.moves)
    assert hy.simulate("hoyito-ii", 150, **args).written == 0


def test_other_arguments_in_the_same_folder_are_refused(tmp_path):
    hy.simulate("ba-awa", 20, seed=1, out=tmp_path, tables=["games"])
    with pytest.raises(ValueError, match=r"holds another run \(seed=1 there, 2 now\)"):
        hy.simulate("ba-awa", 20, seed=2, out=tmp_path, tables=["games"])
    with pytest.raises(ValueError, match="holds another run"):
        hy.simulate("ba-awa", 20, seed=1, out=tmp_path, tables=["games"], chunk_games=5)
    with pytest.raises(ValueError, match="holds another run"):
        hy.simulate("ba-awa", 20, seed=1, out=tmp_path, tables=["games"], skip_origin=True)


def test_bad_folders_are_refused(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(ValueError, match="is not empty"):
        hy.simulate("ba-awa", 20, out=tmp_path)
    with pytest.raises(ValueError, match="is a file"):
        hy.simulate("ba-awa", 20, out=tmp_path / "notes.txt")
    with pytest.raises(ValueError, match="out must be a folder"):
        hy.simulate("ba-awa", 20, out=3)
    with pytest.raises(ValueError, match="give it with client= or out="):
        hy.simulate("ba-awa", 20, chunk_games=5)


def test_a_billion_games_are_refused_in_memory_but_not_streamed(tmp_path):
    with pytest.raises(ValueError, match="would need"):
        hy.simulate("hoyito-i", 10**9)
    # every argument (and the memory of one chunk) passes the checks when streamed
    checked = check(Request("hoyito-i", 10**9, tables=TABLES, out=tmp_path))
    assert checked.games == 10**9 and 0 < checked.chunk_games <= 100_000


def test_workers_write_their_chunks_on_a_cluster(tmp_path, dask_client):
    run = hy.simulate(["hoyito-iii", "ba-awa"], 90, seed=2, out=tmp_path, chunk_games=20,
                      client=dask_client)
    assert (run.chunks, run.written) == (10, 10)
    sim = hy.simulate(["hoyito-iii", "ba-awa"], 90, seed=2)
    for table in TABLES:
        pd.testing.assert_frame_equal(pd.read_parquet(tmp_path / table), getattr(sim, table))
    (tmp_path / "moves" / "part-000007.parquet").unlink()  # a task lost with its worker
    again = hy.simulate(["hoyito-iii", "ba-awa"], 90, seed=2, out=tmp_path, chunk_games=20,
                        client=dask_client)
    assert (again.written, again.skipped) == (1, 9)
    pd.testing.assert_frame_equal(pd.read_parquet(tmp_path / "moves"), sim.moves)


def test_local_worker_processes_write_the_same_dataset(tmp_path):
    hy.simulate("hoyito-i", 120, seed=6, out=tmp_path / "one", chunk_games=25)
    hy.simulate("hoyito-i", 120, seed=6, out=tmp_path / "two", chunk_games=25, workers=2)
    for table in TABLES:
        pd.testing.assert_frame_equal(pd.read_parquet(tmp_path / "one" / table),
                                      pd.read_parquet(tmp_path / "two" / table))
