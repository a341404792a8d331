"""The command line (the only layer that imports typer and rich)."""

import sys as _sys

if _sys.argv and (_sys.argv[0].endswith(("/casino", "casino_cli/__main__.py"))):
    # Started as the command: a stop signal during the imports ends it quietly too.
    from .process import stop_quietly_until_run

    stop_quietly_until_run()
