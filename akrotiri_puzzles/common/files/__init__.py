"""File reading both games share: the guard, YAML with field paths, bounded field types."""
