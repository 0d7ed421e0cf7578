"""Reporters: each a pure function from a Report to text."""

from __future__ import annotations

FORMATS = ("text", "json", "github", "junit")
