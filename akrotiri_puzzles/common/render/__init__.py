"""Picture primitives both games draw with: an SVG document writer, PNG rasterising, the common colours."""
