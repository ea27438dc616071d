"""simulate(client=...) on a real Dask LocalCluster: the same tables as in one process."""

from __future__ import annotations

import pandas as pd
import pytest
from distributed import Client

import hoyito_edu as hy


def assert_same(a: hy.Simulation, b: hy.Simulation) -> None:
    for name in ("games", "moves", "captures"):
        pd.testing.assert_frame_equal(getattr(a, name), getattr(b, name), check_exact=True)


def test_random_games_on_the_cluster_equal_one_process(dask_client):
    here = hy.simulate(["hoyito-i", "ba-awa"], 700, seed=11)
    there = hy.simulate(["hoyito-i", "ba-awa"], 700, seed=11, client=dask_client)
    assert there.path == "fast"
    assert_same(here, there)


def test_any_chunk_size_gives_the_same_tables(dask_client):
    here = hy.simulate("hoyito-ii", 95, seed=3, holes_per_row=7, starter=1)
    for chunk in (1, 7, 95, 1000):
        there = hy.simulate("hoyito-ii", 95, seed=3, holes_per_row=7, starter=1,
                            client=dask_client, chunk_games=chunk)
        assert_same(here, there)


def test_computer_players_on_the_cluster_equal_one_process(dask_client):
    kwargs = dict(players=("greedy", "random"), seed=5, max_laps=60)
    here = hy.simulate(["hoyito-iii", "ba-awa"], 24, **kwargs)
    there = hy.simulate(["hoyito-iii", "ba-awa"], 24, client=dask_client, chunk_games=5, **kwargs)
    assert there.path == "engine"
    assert_same(here, there)


def test_progress_prints_the_dashboard_link(dask_client, capsys):
    hy.simulate("ba-awa", 30, seed=1, client=dask_client, progress=True)
    err = capsys.readouterr().err
    assert dask_client.dashboard_link in err
    assert "30/30" in err  # the bar reached the end as the tasks completed


def test_a_closed_client_is_refused(dask_client):
    closed = Client(dask_client.scheduler.address)
    closed.close()
    with pytest.raises(ValueError, match="Dask client is closed"):
        hy.simulate("ba-awa", 10, client=closed)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (dict(client="tcp://127.0.0.1:8786"), "client must be a distributed.Client"),
        (dict(client=object()), "client must be a distributed.Client"),
        (dict(workers=2, client="dask"), "client must be"),
    ],
)
def test_bad_clients_are_refused(kwargs, message):
    with pytest.raises(ValueError, match=message):
        hy.simulate("ba-awa", 10, **kwargs)


def test_workers_and_a_client_together_are_refused(dask_client):
    with pytest.raises(ValueError, match="not both"):
        hy.simulate("ba-awa", 10, workers=2, client=dask_client)


def test_player_objects_cannot_go_to_the_cluster(dask_client):
    with pytest.raises(ValueError, match="players given by name"):
        hy.simulate("ba-awa", 10, players=(hy.player("greedy"), "random"), client=dask_client)


def test_the_dashboard_link_is_logged_without_a_bar(dask_client, caplog, capsys):
    with caplog.at_level("INFO", logger="hoyito_edu"):
        hy.simulate("ba-awa", 10, seed=1, client=dask_client, progress=False)
    assert dask_client.dashboard_link in caplog.text
    assert dask_client.dashboard_link not in capsys.readouterr().err


@pytest.mark.slow
def test_a_client_closed_before_its_tasks_are_sent_ends_with_a_sentence(dask_client):
    """A scheduler can die while the tasks are still being sent (a loaded machine, a large
    run): the run ends with ClusterLost's sentence, not distributed's ClosedClientError."""
    from distributed import Client

    from hoyito_edu.sim.cluster import ClusterLost, run_tasks

    gone = Client(dask_client.scheduler.address, timeout="20s")
    gone.close()
    with pytest.raises(ClusterLost, match="the Dask scheduler stopped answering"):
        run_tasks(gone, abs, [-1, -2, -3], [1, 1, 1], update=lambda done: None)
