"""Translating lists from other army builders, and exporting to malkivian83's formats.

- Command Center shared rosters (raw REST document, flattened, cleaned): ``official``.
- New Recruit JSON and BattleScribe ``.ros`` / ``.rosz``: ``newrecruit``.
- malkivian83's list JSON and SCT1 seed codes: ``malkivian``, ``sct1``.

``api.import_source`` detects the format and returns an ``ImportResult`` (``army()``,
``findings``; ``render.to_yaml`` writes it); every format is an ``importer.Importer``
(``api.IMPORTERS``); ``sct1.export_sct1`` / ``malkivian.export_mk_json`` go the
other way; ``fetch.fetch_shared_roster`` reads a Command Center share code over the
network. Nothing here runs a rule: `armylist.engine.open_list` checks what an import
gives. Callers import the modules they need, so the network and zip code load only
when used.
"""
