"""The JSON notation: readers that accept every input form, writers of the canonical form."""
