"""The frame of every self-contained HTML page armylist writes (the roster sheets, the
result slips): the language of the run, the title, the page's own style, no script."""

from __future__ import annotations

from html import escape

from armylist.text.i18n import current


def page(title: str, style: str, body: str) -> str:
    """A whole HTML page around ``body``, with ``style`` inline."""
    return f"""<!DOCTYPE html>
<html lang="{current()}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title, quote=True)}</title>
<style>{style}</style>
</head>
<body>
{body}</body>
</html>
"""
