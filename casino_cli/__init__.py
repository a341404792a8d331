"""casino: a rules engine, a JSON notation and a command line for Casino and Royal Casino."""

__version__ = "0.1.0"
