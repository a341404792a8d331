"""``python -m casino_cli``: the same as the ``casino`` command."""

from .cli.main import run

run()
