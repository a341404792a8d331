"""The command line (the only layer that imports typer and rich)."""
