"""``simulate`` and ``validate`` on a Dask cluster (``pip install 'casino-cli[dask]'``).

:func:`simulation_bag` and :func:`validation_bag` are the Python interface: Dask bags
whose items, in order, are what one process would print, in tasks of ``per_task``
games or records (about a second of work each here at the defaults: a task much
shorter than that costs more in scheduling than it computes). The command line runs
the same tasks as answers (:func:`played_tasks`, :func:`validation_tasks`): each task
returns its results up to the first item that raised, and what it raised, as a
``--jobs`` worker does. :func:`ordered` runs them on the scheduler at an address and
yields the results in order, as each task is done, then raises what stopped one, so
``--dask ADDRESS`` prints exactly what ``--jobs 1`` prints, a failure's records and
message included. For validate the client reads the input and sends the records to
the workers; for simulate only game numbers travel. Example::

    from dask.distributed import Client
    from casino_cli.engine import make_rules
    from casino_cli.cli.cluster import simulation_bag

    bag = simulation_bag(make_rules("classic", 2), "s", range(1, 10_001), ["random", "random"])
    with Client("tcp://scheduler:8786"):
        records = bag.compute()  # 10,000 casino.record/1 lines (bytes), game 1 first
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from typing import Any

from .. import ENGINE
from ..engine.rules import Rules
from .cmd_simulate import game_line
from .cmd_validate import check_document
from .inputs import Document
from .output import USAGE, Fail, Format
from .workers import Answer, in_words, results_until_failure

GAMES_PER_TASK = 300  # random bots, classic, 2 players: about a second of CPU per task here, pure engine
RECORDS_PER_TASK = 600  # records of such games: about a second per task here, pure engine
COMPILED_SPEED = 2  # the compiled engine plays those games 3 times as fast and validates 2 times


def per_task_default(pure: int) -> int:
    """The games or records of a task at ``--per-task 0``: ``pure`` (:data:`GAMES_PER_TASK`,
    :data:`RECORDS_PER_TASK`) where the pure engine runs here, :data:`COMPILED_SPEED` times
    as many where the compiled one does (the workers are taken to run the client's
    install): about a second of work either way."""
    return pure * COMPILED_SPEED if ENGINE == "compiled" else pure


def _bag_module() -> Any:
    try:
        import dask.bag
    except ImportError:
        raise Fail(USAGE, "--dask needs Dask: pip install 'casino-cli[dask]'") from None
    return dask.bag


def simulation_bag(
    rules: Rules, seed: str, numbers: range, bots: list[str], hands: int | None = None, per_task: int = 0
) -> Any:
    """A Dask bag of the records (canonical JSON lines, bytes) of games ``numbers`` of the
    simulation ``seed``, one bot name per seat, as ``casino simulate`` prints them, in
    tasks of ``per_task`` games (0: :func:`per_task_default`)."""
    return _results_bag(played_tasks(rules, seed, numbers, bots, hands, per_task)).pluck(0)


def played_tasks(
    rules: Rules, seed: str, numbers: range, bots: list[str], hands: int | None = None, per_task: int = 0
) -> Any:
    """:func:`simulation_bag`'s tasks as :func:`ordered` takes them, each record with
    whether its game stopped unfinished: ``(line, unfinished)``."""
    play = partial(game_line, rules, seed, bots=bots, hands=hands)
    return task_bag(numbers, play, per_task or per_task_default(GAMES_PER_TASK))


def validation_bag(docs: Iterable[Document], keep_going: bool, fmt: Format, per_task: int = 0) -> Any:
    """A Dask bag with, per document, what ``casino validate`` prints for it in ``fmt``
    (a list of lines) and its tally for the summary, in tasks of ``per_task`` documents
    (0: :func:`per_task_default`)."""
    return _results_bag(validation_tasks(docs, keep_going, fmt, per_task))


def validation_tasks(docs: Iterable[Document], keep_going: bool, fmt: Format, per_task: int = 0) -> Any:
    """:func:`validation_bag`'s tasks as :func:`ordered` takes them."""
    check = partial(check_document, keep_going=keep_going, fmt=fmt)
    return task_bag(list(docs), check, per_task or per_task_default(RECORDS_PER_TASK))


def task_bag(items: Sequence[Any], func: Callable[[Any], Any], per_task: int) -> Any:
    """A Dask bag with one item per task of ``per_task`` of ``items``, as :func:`ordered`
    takes them: ``func`` of each, up to the first that raises, and what it raised (None:
    none did)."""
    db = _bag_module()
    return db.from_sequence(items, partition_size=per_task).map_partitions(_task, func)


def _task(chunk: Iterable[Any], func: Callable[[Any], Any]) -> list[Answer]:
    """A task's one answer; an exception that Dask cannot pickle, in its words (as ``--jobs``)."""
    done, error = results_until_failure(func, chunk)
    if error is not None:
        import cloudpickle  # what Dask pickles with (a dependency of Dask's)

        try:
            cloudpickle.dumps(error)
        except Exception:  # noqa: BLE001 - whatever pickling raises, it does not travel
            error = in_words(error)
    return [(done, error)]


def _results_bag(tasks: Any) -> Any:
    """The bag of the results of ``tasks``: computing it raises what stopped a task."""
    return tasks.map_partitions(_listed)


def _listed(answers: Iterable[Answer]) -> list[Any]:
    """A partition of :func:`_results_bag`: its tasks' results, as a list."""
    return list(_results(answers))


def _results(answers: Iterable[Answer]) -> Iterator[Any]:
    """The results of tasks' answers, in order, then what stopped one raised."""
    for done, error in answers:
        yield from done
        if error is not None:
            raise error


def ordered(tasks: Any, address: str) -> Iterator[Any]:
    """The results of ``tasks`` (:func:`played_tasks`, :func:`validation_tasks`) computed
    on the Dask scheduler at ``address``, in order; then what stopped a task raised."""
    try:
        import distributed
    except ImportError:
        raise Fail(USAGE, "--dask needs Dask's distributed scheduler: pip install 'casino-cli[dask]'") from None
    untyped: Any = distributed
    try:
        client = untyped.Client(address)  # waits as long as Dask's config says (distributed.comm.timeouts.connect)
    except OSError as exc:
        raise Fail(USAGE, f"--dask: cannot reach the scheduler at {address}: {exc}") from None
    except (ValueError, TypeError) as exc:  # Dask's words on an address it cannot use, before connecting
        raise Fail(
            USAGE,
            f"--dask: {address!r} is not a scheduler address Dask can use ({exc});"
            " give the address the scheduler prints at its start, e.g. tcp://10.0.0.5:8786",
        ) from None
    with client:
        futures = client.compute(tasks.to_delayed())
        for future in futures:
            yield from _results(future.result())
