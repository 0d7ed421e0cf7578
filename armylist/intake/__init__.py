"""`armylist import`: a batch of sources (files, folders, SCT1 codes, share codes) in,
list files out (batch.py); over the importers and the engine."""
