"""Simulated games as tables: ``simulate``, ``sweep``, ``tournament``, simulated matches,
metrics, Parquet streaming and Dask clusters.

May import: ``players``, ``compiled``, ``engine``, ``i18n``, numpy, pandas, pyarrow, dask, tqdm.
"""
