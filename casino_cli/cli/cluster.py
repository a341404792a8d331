"""``simulate`` and ``validate`` on a Dask cluster (``pip install 'casino-cli[dask]'``).

:func:`simulation_bag` and :func:`validation_bag` are the Python interface: Dask bags
whose items, in order, are what one process would print, in tasks of ``per_task``
games or records (about a second of work each here at the defaults: a task much
shorter than that costs more in scheduling than it computes). :func:`ordered` runs a
bag on the scheduler at an address and yields its items in order, as each task is
done, so ``--dask ADDRESS`` prints exactly what ``--jobs 1`` prints. For validate the
client reads the input and sends the records to the workers; for simulate only game
numbers travel. Example::

    from dask.distributed import Client
    from casino_cli.engine import make_rules
    from casino_cli.cli.cluster import simulation_bag

    bag = simulation_bag(make_rules("classic", 2), "s", range(1, 10_001), ["random", "random"])
    with Client("tcp://scheduler:8786"):
        records = bag.compute()  # 10,000 casino.record/1 lines (bytes), game 1 first
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from ..engine.rules import Rules
from .cmd_simulate import game_line
from .cmd_validate import check_document
from .inputs import Document
from .output import USAGE, Fail, Format

GAMES_PER_TASK = 300  # random bots, classic, 2 players: about a second of CPU per task here
RECORDS_PER_TASK = 600  # records of such games: about a second per task here


def _bag_module() -> Any:
    try:
        import dask.bag
    except ImportError:
        raise Fail(USAGE, "--dask needs Dask: pip install 'casino-cli[dask]'") from None
    return dask.bag


def simulation_bag(
    rules: Rules, seed: str, numbers: range, bots: list[str], hands: int | None = None, per_task: int = GAMES_PER_TASK
) -> Any:
    """A Dask bag of the records (canonical JSON lines, bytes) of games ``numbers`` of the
    simulation ``seed``, one bot name per seat, as ``casino simulate`` prints them."""
    return played_bag(rules, seed, numbers, bots, hands, per_task).pluck(0)


def played_bag(
    rules: Rules, seed: str, numbers: range, bots: list[str], hands: int | None = None, per_task: int = GAMES_PER_TASK
) -> Any:
    """:func:`simulation_bag` with each record whether its game stopped unfinished: ``(line, unfinished)``."""
    db = _bag_module()
    return db.from_sequence(numbers, partition_size=per_task).map(
        lambda number: game_line(rules, seed, number, bots, hands)
    )


def validation_bag(docs: Iterable[Document], keep_going: bool, fmt: Format, per_task: int = RECORDS_PER_TASK) -> Any:
    """A Dask bag with, per document, what ``casino validate`` prints for it in ``fmt``
    (a list of lines) and its tally for the summary."""
    db = _bag_module()
    return db.from_sequence(list(docs), partition_size=per_task).map(lambda doc: check_document(doc, keep_going, fmt))


def ordered(bag: Any, address: str) -> Iterator[Any]:
    """The items of ``bag`` computed on the Dask scheduler at ``address``, in order."""
    try:
        import distributed
    except ImportError:
        raise Fail(USAGE, "--dask needs Dask's distributed scheduler: pip install 'casino-cli[dask]'") from None
    untyped: Any = distributed
    try:
        client = untyped.Client(address)  # waits as long as Dask's config says (distributed.comm.timeouts.connect)
    except OSError as exc:
        raise Fail(USAGE, f"--dask: cannot reach the scheduler at {address}: {exc}") from None
    with client:
        futures = client.compute(bag.to_delayed())
        for future in futures:
            yield from future.result()
