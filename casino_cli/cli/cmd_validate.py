"""``casino validate``: referee records, one finding per line, a summary on stderr."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice

from ..notation.errors import NotationError
from ..notation.fields import dumps
from ..records.record import read_record
from ..records.referee import Finding, walk
from .common import documents
from .inputs import Document
from .output import DATA_ERROR, OK, USAGE, VERDICT, Fail, Format, Progress, console, resolve_format, say, write_line
from .records_io import finding_line
from .shards import parse_shard, shard_range


def run_validate(
    paths: list[str],
    keep_going: bool,
    fmt: Format | None,
    shard: str | None = None,
    dask: str | None = None,
    per_task: int = 0,
) -> None:
    fmt = resolve_format(fmt)
    part = parse_shard(shard)
    totals = {"records": 0, "valid": 0, "invalid": 0, "unreadable": 0, "findings": 0}
    worst: list[int] = [OK]
    docs = _documents(paths, worst)
    if part != (1, 1):
        if "-" in paths:
            raise Fail(USAGE, "--shard reads its files twice (to count their records), so not standard input (-)")
        wanted = shard_range(part, sum(1 for _ in _documents(paths, None)))
        docs = islice(docs, wanted.start, wanted.stop)
    progress = Progress("records")
    if dask is not None:
        if fmt == Format.pretty:
            raise Fail(USAGE, "--dask writes json, jsonl or text (-f), not pretty")
        from .cluster import RECORDS_PER_TASK, ordered, validation_bag

        bag = validation_bag(list(docs), keep_going, fmt, per_task or RECORDS_PER_TASK)
        for lines, unreadable, bad in ordered(bag, dask):
            progress.advance()
            _count(totals, unreadable, bad)
            for line in lines:
                write_line(line)
    else:
        out = console() if fmt == Format.pretty else None
        for doc in docs:
            progress.advance()
            findings, names, unreadable = _referee(doc, keep_going)
            _count(totals, unreadable, 0 if unreadable else sum(not f.unchecked for f in findings))
            for finding in findings:
                if out is None:
                    write_line(finding_text(doc, finding, names, fmt))
                else:
                    line = finding_line(doc, finding, names)
                    out.print(line, style="yellow" if finding.unchecked else "bold red", markup=False)
    progress.close()
    say(
        f"{totals['records']} record{'s' if totals['records'] != 1 else ''} checked: {totals['valid']} valid, "
        f"{totals['invalid']} not valid ({totals['findings']} finding{'s' if totals['findings'] != 1 else ''})"
        + (f", {totals['unreadable']} unreadable" if totals["unreadable"] else "")
    )
    code = max(*worst, DATA_ERROR if totals["unreadable"] else (VERDICT if totals["invalid"] else OK))
    if code:
        raise Fail(code)


def _documents(paths: list[str], worst: list[int] | None) -> Iterator[Document]:
    """The documents of every file in order. A file that cannot be opened is reported and
    its exit code kept in ``worst``, the others still checked; with ``worst`` None (the
    counting pass of --shard) it stops the run."""
    for path in paths:
        try:
            yield from documents(path)
        except Fail as exc:
            if worst is None:
                raise
            say(exc.message)
            worst.append(exc.code)


def _count(totals: dict[str, int], unreadable: bool, bad: int) -> None:
    """Add one record to the summary: unreadable, or with ``bad`` findings (not notes)."""
    totals["records"] += 1
    totals["unreadable" if unreadable else ("invalid" if bad else "valid")] += 1
    totals["findings"] += bad


def _referee(doc: Document, keep_going: bool) -> tuple[list[Finding], tuple[str, ...] | None, bool]:
    """The findings of one document, its players' names, and whether it was unreadable."""
    if doc.error is not None:
        return [Finding(None, None, None, None, "notation", str(doc.error))], None, True
    try:
        record = read_record(doc.value)
    except NotationError as exc:
        return [Finding(None, None, None, None, "notation", str(exc))], None, True
    return [e for e in walk(record, keep_going) if isinstance(e, Finding)], record.players, False


def finding_text(doc: Document, finding: Finding, names: tuple[str, ...] | None, fmt: Format) -> bytes | str:
    """One finding as printed in a data format: a JSON object, or a line for people."""
    if fmt in (Format.json, Format.jsonl):
        return dumps({"file": doc.source, "line": doc.line, **finding.as_json()})
    return finding_line(doc, finding, names)


def check_document(doc: Document, keep_going: bool, fmt: Format) -> tuple[list[bytes | str], bool, int]:
    """What validate prints for one document in ``fmt`` (not pretty), whether it was
    unreadable, and its findings that are not notes: one task's work on a cluster."""
    findings, names, unreadable = _referee(doc, keep_going)
    bad = 0 if unreadable else sum(not f.unchecked for f in findings)
    return [finding_text(doc, f, names, fmt) for f in findings], unreadable, bad
