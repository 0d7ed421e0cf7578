"""Editing lists: starter lists, one edit at a time, comment-preserving YAML edits."""
