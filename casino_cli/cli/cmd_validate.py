"""``casino validate``: referee records, one finding per line, a summary on stderr."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import islice
from typing import TYPE_CHECKING, NamedTuple

from ..errors import plural
from ..notation.errors import NotationError
from ..notation.fields import dumps
from ..records.record import Record, read_record
from ..records.referee import Finding, about_hand, walk
from .common import check_per_task, documents
from .inputs import Document
from .output import DATA_ERROR, OK, USAGE, VERDICT, Fail, Format, Progress, console, resolve_format, say, write_line
from .picture_files import check_target, write_file
from .records_io import finding_line, finding_path
from .shards import check_read_twice, parse_shard, shard_range

if TYPE_CHECKING:
    from rich.console import Console


def run_validate(
    paths: list[str],
    keep_going: bool,
    fmt: Format | None,
    strict: bool = False,
    svg: str | None = None,
    shard: str | None = None,
    dask: str | None = None,
    per_task: int = 0,
) -> None:
    check_per_task(dask, per_task)
    fmt = resolve_format(fmt)
    check_target(svg, paths)
    part = parse_shard(shard)
    totals = dict.fromkeys(
        ("records", "valid", "invalid", "unsettled", "unreadable", "findings", "skipped", "stopped"), 0
    )
    if paths.count("-") > 1:
        say("- is given more than once: standard input is read once")
        first = paths.index("-")
        paths = [p for i, p in enumerate(paths) if p != "-" or i == first]
    worst: list[int] = [OK]
    docs = _documents(paths, worst)
    if part != (1, 1):
        check_read_twice(paths)
        wanted = shard_range(part, sum(1 for _ in _documents(paths, None)))
        docs = islice(docs, wanted.start, wanted.stop)
    progress = Progress("records")
    if dask is not None:
        if fmt == Format.pretty:
            raise Fail(USAGE, "--dask writes json, jsonl or text (-f), not pretty")
        from .cluster import ordered, validation_tasks

        tasks = validation_tasks(docs, keep_going, fmt, per_task)
        for lines, tally in ordered(tasks, dask):
            progress.advance()
            _count(totals, tally)
            for line in lines:
                write_line(line)
    else:
        out = console() if fmt == Format.pretty else None
        drawn = svg is None
        claimed = ""  # the first record whose score claim is a finding, as a command names it
        for doc in docs:
            progress.advance()
            findings, record = _referee(doc, keep_going)
            tally = _tally(_written(doc, findings, record, fmt, out), record is None, keep_going)
            _count(totals, tally)
            if svg is not None and not drawn and record is not None and tally.disputed:
                drawn = _draw_dispute(svg, record)
            claimed = claimed or (doc.in_command() if tally.claimed else "")
    progress.close()
    if svg is not None and not drawn:
        say(_no_picture(svg, totals["unsettled"] > 0, claimed))
    say(_summary(totals))
    refused = totals["invalid"] or (strict and totals["unsettled"])
    code = max(*worst, DATA_ERROR if totals["unreadable"] else (VERDICT if refused else OK))
    if code:
        raise Fail(code)


def _no_picture(svg: str, unsettled: bool, claimed: str) -> str:
    """Why validate --svg drew nothing, and where a disputed score claim is drawn instead."""
    import shlex  # here: only this message needs it

    why = " (the notes are checks the records cannot decide)" if unsettled else ""
    if claimed:
        why += f"; the score claimed is what is disputed: `casino score {claimed} --svg {shlex.quote(svg)}` draws its score sheet"
    return f"--svg: no picture written: no move was found illegal{why}"


def _summary(totals: dict[str, int]) -> str:
    """The line said after all files: records by status, findings, moves not checked, and
    when a finding ended a record's checks, that --keep-going goes on."""
    return (
        f"{plural(totals['records'], 'record')} checked: {totals['valid']} valid, "
        f"{totals['invalid']} not valid ({plural(totals['findings'], 'finding')}"
        + (f", {plural(totals['skipped'], 'move')} not checked" if totals["skipped"] else "")
        + ")"
        + (f", {totals['unsettled']} unsettled" if totals["unsettled"] else "")
        + (f", {totals['unreadable']} unreadable" if totals["unreadable"] else "")
        + ("; a record's checks stop at its first finding (--keep-going goes on)" if totals["stopped"] else "")
    )


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


class Tally(NamedTuple):
    """One document for the summary: unreadable, its findings that are not notes, its notes,
    the moves its notes say were not checked (hands cut short: --keep-going), whether
    a finding other than a claim ended its checks (without --keep-going), whether a
    finding is a disputed move (--svg draws the first), and whether one is a score claim."""

    unreadable: bool
    bad: int
    notes: int
    skipped: int
    stopped: bool
    disputed: bool
    claimed: bool = False


def _tally(findings: Iterable[Finding], unreadable: bool, keep_going: bool) -> Tally:
    """The tally of a document's findings, read once (they may be written out as they come)."""
    bad = notes = skipped = 0
    ended = disputed = claimed = False
    for f in findings:
        bad += not f.unchecked
        notes += f.unchecked
        skipped += f.skipped
        ended = ended or f.stops
        disputed = disputed or (f.move is not None and not f.unchecked)
        claimed = claimed or f.rule == "claim"
    if unreadable:
        bad, notes = 0, bad + notes
    return Tally(unreadable, bad, notes, skipped, bool(bad) and not keep_going and ended, disputed, claimed)


def _written(
    doc: Document, findings: Iterator[Finding], record: Record | None, fmt: Format, out: Console | None
) -> Iterator[Finding]:
    """Each finding once it is written out (on ``out`` for people, under the rules of the
    record), so that a record's findings are not all held at once."""
    for i, finding in enumerate(findings):
        if out is None:
            write_line(finding_text(doc, finding, record, fmt))
            yield finding
            continue
        if i == 0 and record is not None:  # the rules its findings are made under
            _say_rules(out, doc, record)
        out.print(finding_line(doc, finding, record), style="yellow" if finding.unchecked else "bold red", markup=False)
        yield finding


def _count(totals: dict[str, int], tally: Tally) -> None:
    """Add one record to the summary: unreadable, not valid (findings), unsettled (only
    notes: checks the record cannot decide), or valid."""
    totals["records"] += 1
    status = "invalid" if tally.bad else ("unsettled" if tally.notes else "valid")
    totals["unreadable" if tally.unreadable else status] += 1
    totals["findings"] += tally.bad
    totals["skipped"] += tally.skipped
    totals["stopped"] += tally.stopped


def _draw_dispute(svg: str, record: Record) -> bool:
    """The first disputed move, ringed on the position it was tried on, into --svg FILE."""
    from ..pictures.table import frame_picture, frame_text, position_svg
    from ..records.frames import frames_of

    frame = frames_of(record)[-1]
    write_file(svg, position_svg(frame_picture(frame, record.players, frame_text(frame, record))))
    return True


def _referee(doc: Document, keep_going: bool) -> tuple[Iterator[Finding], Record | None]:
    """The findings of one document, as the walk finds them, and its record (None when it
    is unreadable)."""
    if doc.error is not None:
        return iter([about_hand(None, "notation", str(doc.error), path=doc.error.path)]), None
    try:
        record = read_record(doc.value)
    except NotationError as exc:
        return iter([about_hand(None, "notation", str(exc), path=exc.path)]), None
    return (e for e in walk(record, keep_going) if isinstance(e, Finding)), record


def _say_rules(out: Console, doc: Document, record: Record) -> None:
    """For people, the line above a record's findings: ``games.jsonl:3: played under royal,
    2 players (target=11)``."""
    from .render import rule_set_words

    out.print(f"{doc.where()}: played under {rule_set_words(record.rules)}", style="bold", markup=False)


def finding_text(doc: Document, finding: Finding, record: Record | None, fmt: Format) -> bytes | str:
    """One finding as printed in a data format: a JSON object (located by line and column),
    or a line for people, the player named if the record (None: unreadable) names them."""
    if fmt in (Format.json, Format.jsonl):
        line, column = doc.position(finding_path(finding))
        return dumps({"file": doc.source, "line": line, "column": column, **finding.as_json()})
    return finding_line(doc, finding, record, as_data=True)


def check_document(doc: Document, keep_going: bool, fmt: Format) -> tuple[list[bytes | str], Tally]:
    """What validate prints for one document in ``fmt`` (not pretty), and its tally for
    the summary: one task's work on a cluster."""
    findings, record = _referee(doc, keep_going)
    kept = list(findings)
    return [finding_text(doc, f, record, fmt) for f in kept], _tally(kept, record is None, keep_going)
