"""Editing lists: starter lists, one edit at a time, comment-preserving YAML edits,
and the JSON Schema editors use to complete names as a list is typed."""
