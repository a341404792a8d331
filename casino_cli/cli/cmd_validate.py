"""``casino validate``: referee records, one finding per line, a summary on stderr."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..notation.errors import NotationError
from ..notation.fields import dumps
from ..records.record import read_record
from ..records.referee import Finding, walk
from .common import documents
from .inputs import Document
from .output import DATA_ERROR, OK, VERDICT, Fail, Format, Progress, console, resolve_format, say, write_line
from .picture_files import check_target, write_picture
from .records_io import finding_line, finding_path

if TYPE_CHECKING:
    from rich.console import Console


def run_validate(
    paths: list[str], keep_going: bool, fmt: Format | None, strict: bool = False, svg: str | None = None
) -> None:
    fmt = resolve_format(fmt)
    check_target(svg, paths)
    drawn = svg is None
    totals = {"records": 0, "valid": 0, "invalid": 0, "unsettled": 0, "unreadable": 0, "findings": 0}
    out = console() if fmt == Format.pretty else None
    worst = OK
    progress = Progress("records")
    if paths.count("-") > 1:
        say("- is given more than once: standard input is read once")
        first = paths.index("-")
        paths = [p for i, p in enumerate(paths) if p != "-" or i == first]
    for path in paths:
        try:
            for doc in documents(path):
                progress.advance()
                totals["records"] += 1
                findings, names, unreadable = _referee(doc, keep_going)
                bad = [f for f in findings if not f.unchecked]
                status = "invalid" if bad else ("unsettled" if findings else "valid")
                totals["unreadable" if unreadable else status] += 1
                totals["findings"] += 0 if unreadable else len(bad)
                for finding in findings:
                    _emit(doc, finding, names, fmt, out)
                if svg is not None and not drawn and any(f.move is not None for f in bad):
                    drawn = _draw_dispute(svg, doc)
        except Fail as exc:  # a file that cannot be opened: say so, check the others
            say(exc.message)
            worst = max(worst, exc.code)
    progress.close()
    say(
        f"{totals['records']} record{'s' if totals['records'] != 1 else ''} checked: {totals['valid']} valid, "
        f"{totals['invalid']} not valid ({totals['findings']} finding{'s' if totals['findings'] != 1 else ''})"
        + (f", {totals['unsettled']} unsettled" if totals["unsettled"] else "")
        + (f", {totals['unreadable']} unreadable" if totals["unreadable"] else "")
    )
    refused = totals["invalid"] or (strict and totals["unsettled"])
    code = max(worst, DATA_ERROR if totals["unreadable"] else (VERDICT if refused else OK))
    if code:
        raise Fail(code)


def _draw_dispute(svg: str, doc: Document) -> bool:
    """The first disputed move, ringed on the position it was tried on, into --svg FILE."""
    from ..pictures.svg import card_label
    from ..pictures.table import frame_picture, position_svg
    from ..records.frames import frame_words, frames_of

    record = read_record(doc.value)
    frame = frames_of(record)[-1]
    words = frame_words(frame, record, card_label)
    write_picture(svg, position_svg(frame_picture(frame, record.players, words)))
    return True


def _referee(doc: Document, keep_going: bool) -> tuple[list[Finding], tuple[str, ...] | None, bool]:
    """The findings of one document, its players' names, and whether it was unreadable."""
    if doc.error is not None:
        return [Finding(None, None, None, None, "notation", str(doc.error))], None, True
    try:
        record = read_record(doc.value)
    except NotationError as exc:
        return [Finding(None, None, None, None, "notation", str(exc))], None, True
    return [e for e in walk(record, keep_going) if isinstance(e, Finding)], record.players, False


def _emit(doc: Document, finding: Finding, names: tuple[str, ...] | None, fmt: Format, out: Console | None) -> None:
    """One finding: a JSON object, or a line for people naming the player if the record does."""
    if fmt in (Format.json, Format.jsonl):
        line, column = doc.position(finding_path(finding))
        write_line(dumps({"file": doc.source, "line": line, "column": column, **finding.as_json()}))
        return
    text = finding_line(doc, finding, names)
    if out is None:
        write_line(text)
    else:
        out.print(text, style="yellow" if finding.unchecked else "bold red", markup=False)
