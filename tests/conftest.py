"""Imported by pytest before any test module, so the project's Hypothesis profile (no
deadline, no too_slow health check: tests/strategies.py) is in force in every module,
whichever files are run. Settings a module builds take the profile in force as it is
imported: a file run alone, before anything imported strategies, kept Hypothesis's
200 ms deadline (a wall-clock assertion) and its timed health checks.

It also takes out of the environment the variables that change how rich draws what casino
writes (colour, width), for the whole run: a machine that sets them
(FORCE_COLOR=1 on a CI runner, COLUMNS exported by a shell) would otherwise fail the tests
that read casino's output, in this process and in the commands it starts. A test that is
about one of them sets it itself."""

from collections.abc import Iterator

import pytest
import strategies  # noqa: F401  (it registers and loads the profiles)

import casino_cli

# rich reads these (console.py)
OUTPUT_ENVIRONMENT = (
    "FORCE_COLOR",
    "NO_COLOR",
    "TTY_COMPATIBLE",
    "TTY_INTERACTIVE",
    "COLUMNS",
    "LINES",
    "JUPYTER_COLUMNS",
    "JUPYTER_LINES",
)


@pytest.fixture(scope="session", autouse=True)
def _plain_environment() -> Iterator[None]:
    """The run without OUTPUT_ENVIRONMENT, put back as it was at the end."""
    with pytest.MonkeyPatch.context() as patch:
        for name in OUTPUT_ENVIRONMENT:
            patch.delenv(name, raising=False)
        yield


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Under the compiled engine, skip the tests marked ``pure_engine``, saying why."""
    if casino_cli.ENGINE != "compiled":
        return
    for item in items:
        marker = item.get_closest_marker("pure_engine")
        if marker is not None:
            item.add_marker(pytest.mark.skip(reason=f"pure engine only: {marker.args[0]}"))
