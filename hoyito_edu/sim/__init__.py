"""Simulated games as tables: ``simulate``, ``sweep``, ``tournament``, simulated matches,
metrics, Parquet streaming and Dask clusters. ``simulate`` is its entry point; the arguments
and memory of a run are checked in ``checks``, its games played (here, in processes, on a
cluster) in ``backends``, its tables made in ``tables``.

May import: ``players``, ``compiled``, ``engine``, ``i18n``, numpy, pandas, pyarrow, dask, tqdm.
"""
