"""The package's version, at the bottom of the house so that every layer may print it (pyproject.toml
states the same number)."""

__version__ = "0.1.0"
