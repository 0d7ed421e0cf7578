"""What goes wrong with a collection file."""

from __future__ import annotations


class CollectionError(Exception):
    """The collection file cannot be used: every problem, one a line."""
