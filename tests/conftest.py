"""Imported by pytest before any test module, so the project's Hypothesis profile (no
deadline, no too_slow health check: tests/strategies.py) is in force in every module,
whichever files are run. Settings a module builds take the profile in force as it is
imported: a file run alone, before anything imported strategies, kept Hypothesis's
200 ms deadline (a wall-clock assertion) and its timed health checks."""

import strategies  # noqa: F401  (it registers and loads the profiles)
