"""Floorman: run a live poker tournament from the director's laptop."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("floorman")
except PackageNotFoundError:  # running from a source tree that was not installed
    __version__ = "0.1.0"
