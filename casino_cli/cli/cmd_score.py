"""``casino score``: the itemised score of each record (or finished position) and the result."""

from __future__ import annotations

from typing import Any

from ..engine import CasinoError, PositionError
from ..notation.errors import NotationError
from ..notation.fields import dumps
from ..notation.position import read_position
from ..records.referee import Finding
from ..records.scoresheet import position_score, record_score
from .common import documents, problem_text
from .output import DATA_ERROR, OK, VERDICT, Fail, Format, Screen, resolve_format, say, write_line
from .records_io import finding_line, record_of


def run_score(path: str, fmt: Format | None, svg: str | None = None) -> None:
    fmt = resolve_format(fmt)
    screen = Screen(fmt == Format.pretty, svg)
    code = OK
    for doc in documents(path):
        if doc.error is not None:
            raise Fail(DATA_ERROR, problem_text(doc, doc.error))
        try:
            kind = doc.value.get("format", "") if isinstance(doc.value, dict) else ""
            if isinstance(kind, str) and kind.startswith("casino.position/"):
                findings: list[Finding] = []
                sheet, names = position_score(read_position(doc.value)), None
            else:
                record = record_of(doc)
                sheet, findings = record_score(record)
                names = record.players
        except (NotationError, PositionError) as exc:
            raise Fail(DATA_ERROR, problem_text(doc, exc)) from None
        except CasinoError as exc:
            raise Fail(DATA_ERROR, f"{doc.where()}: {exc}") from None
        for finding in findings:
            say(finding_line(doc, finding, names))
            if not finding.unchecked:
                code = VERDICT
        _print(sheet, fmt, screen)
    screen.close()
    if code:
        raise Fail(code)


def _print(sheet: dict[str, Any], fmt: Format, screen: Screen) -> None:
    if fmt in (Format.json, Format.jsonl):
        write_line(dumps(sheet))
    elif fmt == Format.text:
        for line in sheet_lines(sheet):
            write_line(line)
    if screen.active:
        from .render import score_view

        screen.print(score_view(sheet))


def sheet_lines(sheet: dict[str, Any]) -> list[str]:
    """The score sheet as plain lines: per hand and side, the items won."""
    lines = []
    for hand in sheet["hands"]:
        title = f"hand {hand['hand']}" if hand["hand"] else "hand"
        lines.append(f"{title}: points {'–'.join(map(str, hand['points']))}, game {'–'.join(map(str, hand['scores']))}")
        for side, s in enumerate(hand["sides"]):
            items = ", ".join(f"{k} {v}" for k, v in s["items"].items()) or "nothing"
            lines.append(f"  side {side}: {s['cards']} cards, {s['spades']} spades, {s['sweeps']} sweeps -> {items}")
        for item, why in hand["unwon"].items():
            lines.append(f"  nobody scores {item}: {why}")
    result = f"side {sheet['winner']} wins" if sheet["winner"] is not None else "game goes on"
    lines.append(f"result: {result}" + (f" ({sheet['reason']})" if sheet.get("reason") else ""))
    return lines
