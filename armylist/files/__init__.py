"""Bytes on disk, for every kind of file: bounded reads, YAML with positions, the one
writer, and the paths a command is given."""
