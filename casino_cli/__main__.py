"""``python -m casino_cli``: the same as the ``casino`` command."""

from .cli.entry import run

run()
