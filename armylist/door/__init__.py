"""Around the one door (`armylist.engine.open_list`): finding the sources, and
checking a batch of them.

- `discovery`: the suffix table and THE folder search (`discover`, `Entry`).
- `batch`: a batch checked at once (`validate_paths`), in this process or in forked
  workers, each source's failure a finding on it, never a stop.
"""
