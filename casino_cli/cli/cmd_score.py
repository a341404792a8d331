"""``casino score``: the itemised score of each record (or finished position) and the result."""

from __future__ import annotations

from typing import Any

from ..engine import CasinoError, PositionError, Rules
from ..notation.errors import NotationError
from ..notation.fields import dumps
from ..notation.position import read_position
from ..records.describe import side_names
from ..records.record import Record
from ..records.referee import Finding
from ..records.scoresheet import SCORE_FORMAT, position_score, record_score, stop_note
from .common import documents, passed_over, problem_text
from .inputs import Document
from .output import DATA_ERROR, OK, VERDICT, Fail, Format, Screen, resolve_format, say, write_line
from .picture_files import check_target, write_file
from .plain import sheet_lines
from .records_io import finding_line, record_of
from .safe_text import shown_names


def run_score(path: str, fmt: Format | None, svg: str | None = None) -> None:
    fmt = resolve_format(fmt)
    check_target(svg, [path])
    screen = Screen(fmt == Format.pretty)
    code = OK
    for index, doc in enumerate(documents(path)):
        try:
            sheet, findings, record, sides, rules, before = _sheet(doc)
        except Fail as exc:  # an unreadable record: said, in its place in JSON, and the others scored
            code = max(code, passed_over(doc, exc, fmt, SCORE_FORMAT))
            continue
        names = None if record is None else record.players
        for finding in findings:
            say(finding_line(doc, finding, record))
            if not finding.unchecked:
                code = max(code, VERDICT)
        stop = next((f for f in findings if f.stops), None)
        unknown = _stopped_at(stop) if stop is not None else ""
        _print(sheet, fmt, screen, rules, sides, before, unknown, stop_note(sheet, shown_names(names)))
        if svg is not None and index == 0:
            from ..pictures.sheet import sheet_svg
            from ..pictures.table import game_title

            title = f"Score sheet · {game_title(rules)}"
            write_file(svg, sheet_svg(sheet, rules, names, title, before, unknown))
    if code:
        raise Fail(code)


def _sheet(
    doc: Document,
) -> tuple[dict[str, Any], list[Finding], Record | None, list[str] | None, Rules, tuple[int, ...] | None]:
    """The score sheet of one document, its findings, its record (None for a position), its
    sides' names, its rules and the score before its first hand (None: 0s) (a Fail, exit 65, when it
    cannot be read)."""
    if doc.error is not None:
        raise Fail(DATA_ERROR, problem_text(doc, doc.error))
    try:
        kind = doc.value.get("format", "") if isinstance(doc.value, dict) else ""
        if isinstance(kind, str) and kind.startswith("casino.position/"):
            pos = read_position(doc.value)
            return position_score(pos), [], None, None, pos.rules, pos.scores
        record = record_of(doc)
        sheet, findings = record_score(record)
        shown = shown_names(record.players)  # for people: names shown, never obeyed
        sides = side_names(record.rules, shown) if shown else None
        return sheet, findings, record, sides, record.rules, None
    except (NotationError, PositionError) as exc:
        raise Fail(DATA_ERROR, problem_text(doc, exc)) from None
    except CasinoError as exc:
        raise Fail(DATA_ERROR, f"{doc.where()}: {exc}") from None


def _print(
    sheet: dict[str, Any],
    fmt: Format,
    screen: Screen,
    rules: Rules,
    sides: list[str] | None = None,
    before: tuple[int, ...] | None = None,
    unknown: str = "",
    part_way: str = "",
) -> None:
    """The sheet in ``fmt``; where no side has won, its result: not known and why
    (``unknown``, a record the referee stops), else the game goes on (``part_way``: where
    the record stops part-way)."""
    goes_on = f"not known: {unknown}" if unknown else f"game goes on{part_way}"
    if fmt in (Format.json, Format.jsonl):
        write_line(dumps(sheet))
    elif fmt == Format.text:
        write_line(f"score: {rules}")
        for line in sheet_lines(sheet, rules, sides, goes_on, before):
            write_line(line)
    if screen.active:
        from .render import score_view

        screen.print(score_view(sheet, rules, sides, goes_on if unknown else f"the {goes_on}", before))


def _stopped_at(finding: Finding) -> str:
    """Why a record the referee stops at ``finding`` (an illegal move) has no known result,
    where "the game goes on" would say it was scored to its end."""
    where = f"hand {finding.hand}, move {finding.move}" if finding.move else f"hand {finding.hand or 1}"
    return f"the referee stops at {where} ({finding.rule}), and nothing after it is scored"
