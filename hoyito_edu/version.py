"""The package's version, in one place (``hoyito_edu.__version__``); imports nothing."""

__version__ = "0.1.0"
