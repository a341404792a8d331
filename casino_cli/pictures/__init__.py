"""Pictures of positions, score sheets and replays: self-contained SVG and HTML."""
