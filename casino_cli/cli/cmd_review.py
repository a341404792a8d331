"""``casino review RECORD``: per player, the moves that cost the most expected points."""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Callable, Iterator
from typing import Any

from ..engine.rules import Rules
from ..errors import plural
from ..notation.fields import dumps
from ..records.record import Record
from ..records.review import Review, Slip, review
from ..records.shown import visible
from .cmd_hint import GAME_WORDS
from .common import documents, passed_over
from .inputs import Document
from .output import OK, VERDICT, Fail, Format, Progress, console, resolve_format, say, utf8_argument, write_line
from .records_io import finding_line, record_of
from .workers import ordered_map

REVIEW_FORMAT = "casino.review/1"


def run_review(path: str, top: int, seed: str, fmt: Format | None, jobs: int = 1) -> None:
    fmt, seed = resolve_format(fmt), utf8_argument(seed)
    code = OK
    read: deque[tuple[Document, Record | Fail]] = deque()  # the documents whose reviews are under way, in order
    reviews = ordered_map(_review_of if jobs > 1 else _review_shown, _jobs(path, seed, read), jobs)
    progress = Progress("records") if jobs > 1 else None  # after the workers' fork; with one job, a bar a record
    try:
        for done in reviews:
            doc, record = read.popleft()
            if isinstance(record, Fail):  # said, in its place in JSON, and the next record reviewed
                code = max(code, passed_over(doc, record, fmt, REVIEW_FORMAT))
            elif done is not None:  # a readable record's review
                code = max(code, _write(doc, record, done, top, fmt))
            if progress is not None:
                progress.advance()
    finally:
        if progress is not None:
            progress.close()
    if code != OK:
        raise Fail(code)


Job = tuple[Record, str] | None  # a record and the seed to review it with; None for a record that cannot be read


def _jobs(path: str, seed: str, read: deque[tuple[Document, Record | Fail]]) -> Iterator[Job]:
    """The work of each document of FILE, each document put on ``read`` with its record, or
    why it has none, for the results to be written in order."""
    for doc in documents(path):
        try:
            record: Record | Fail = record_of(doc)
        except Fail as exc:
            record = exc
        read.append((doc, record))
        yield (record, seed) if isinstance(record, Record) else None


def _review_of(job: Job, moved: Callable[[], None] | None = None) -> Review | None:
    """The review of a job's record (the same wherever it is made: its seed is the run's)."""
    if job is None:
        return None
    record, seed = job
    return review(record, random.Random(f"{seed}/review"), moved)


def _review_shown(job: Job) -> Review | None:
    """:func:`_review_of` with a bar of the record's moves on a terminal's stderr, gone
    before the result is printed."""
    if job is None:
        return None
    progress = Progress("moves", sum(len(hand.moves) for hand in job[0].hands), after=True)
    try:
        return _review_of(job, progress.advance)
    finally:
        progress.close()


def _write(doc: Document, record: Record, done: Review, top: int, fmt: Format) -> int:
    """Write one record's review; its exit code (1 when the review stopped at a finding)."""
    slips, reviewed, skipped, stopped = done
    if stopped is not None:
        say(finding_line(doc, stopped, record) + "; the review stops there")
    players, worst = _players(record, slips, reviewed, skipped, top)
    out = {
        "format": REVIEW_FORMAT,
        "line": doc.line,
        "players": players,
        "stopped": None if stopped is None else stopped.as_json(),
    }
    if fmt == Format.pretty:
        _show(out, worst, record.rules)
    elif fmt == Format.text:
        write_line(f"review: {record.rules}")  # the rules each move is valued under, as -o writes them
        for who, said, lines in _summary(out):
            for line in (f"{who}: {said}", *lines):
                write_line(line)
    else:
        write_line(dumps(out))
    return OK if stopped is None else VERDICT


def _players(
    record: Record, slips: list[Slip], reviewed: list[int], skipped: list[int], top: int
) -> tuple[list[dict[str, Any]], list[list[Slip]]]:
    """Per seat, its entry of the review's ``players`` and its ``top`` costliest slips, its
    game slips first (then ``game_slips``, their count, after ``lost``)."""
    players, worst = [], []
    for seat in range(record.rules.players):
        mine = sorted((s for s in slips if s.seat == seat), key=lambda s: (s.game is None, -s.loss))
        worst.append([s for s in mine[:top] if s.game or s.loss > 0.005])
        player = {
            "seat": seat,
            "name": record.players[seat] if record.players else None,
            "moves": reviewed[seat],
            "skipped": skipped[seat],
            "lost": round(math.fsum(s.loss for s in mine), 2),  # the same on 3.11 and 3.12 (its sum() differs)
            "game_slips": sum(1 for s in mine if s.game),
            "worst": [_worst(s) for s in worst[seat]],
        }
        if not player["game_slips"]:
            del player["game_slips"]
        players.append(player)
    return players, worst


def _worst(slip: Slip) -> dict[str, Any]:
    """A costly move as JSON writes it; a game slip says what each move does to the game."""
    out: dict[str, Any] = {
        "hand": slip.hand,
        "move": slip.number,
        "played": slip.played.text(),
        "better": slip.best.text(),
        "lost": round(slip.loss, 2),
    }
    if slip.game:
        out["game"] = {"played": GAME_WORDS[slip.game[0]], "better": GAME_WORDS[slip.game[1]]}
    return out


_COULD = {"win": "could have won the game", "open": "could have kept the game open"}
_DID = {"open": "left it open", "loss": "lost it"}


def _slip_line(who: str, worst: dict[str, Any]) -> str:
    """A costly move in a line: the points it lost, or for a game slip, in words what the
    better move would have done to the game and what the move played did."""
    where = f"  hand {worst['hand']}, move {worst['move']}: "
    game = worst.get("game")
    if game is None:
        return f"{where}played {worst['played']}, better {worst['better']} (-{worst['lost']:.2f})"
    return f"{where}{who} {_COULD[game['better']]} with {worst['better']}; {worst['played']} {_DID[game['played']]}"


def _summary(out: dict[str, Any]) -> list[tuple[str, str, list[str]]]:
    """Per player: who, how many moves were reviewed and how much was lost, and a line per
    costly move."""
    summary = []
    for p in out["players"]:
        name = visible(p["name"]) if p["name"] else f"seat {p['seat']}"  # shown, never obeyed
        who = f"{name} (seat {p['seat']})" if p["name"] else name
        lines = [_slip_line(name, w) for w in p["worst"]]
        skipped = f" ({p['skipped']} skipped: its hand is not known)" if p["skipped"] else ""
        slips = p.get("game_slips", 0)
        games = f", {plural(slips, 'game slip')}" if slips else ""
        reviewed = plural(p["moves"], "move")
        summary.append(
            (who, f"{reviewed} reviewed{skipped}, {p['lost']:.2f} expected points lost in all{games}", lines)
        )
    return summary


def _show(out: dict[str, Any], worst: list[list[Slip]], rules: Rules) -> None:
    """The rule set the moves were valued under; per player, its summary line, then a table
    of its costliest moves, each move (and the better one) with what it does."""
    from rich.markup import escape
    from rich.text import Text

    from .render import MovesTable, card_text, does_text, rule_set_words

    con = console()
    con.print(f"review: {rule_set_words(rules)}", style="bold", markup=False, highlight=False)
    for (who, said, lines), slips in zip(_summary(out), worst):
        con.print(f"[bold]{escape(who)}[/bold]: {escape(said)}")
        for line, slip in zip(lines, slips):  # the game slips, first, in words
            if slip.game:
                con.print(line, markup=False, highlight=False)
        slips = [s for s in slips if not s.game]
        if not slips:
            continue
        rows = [
            (
                str(s.hand),
                str(s.number),
                Text.assemble(card_text(s.played.card), " ", does_text(s.played, s.played_facts, rules)),
                Text.assemble(card_text(s.best.card), " ", does_text(s.best, s.best_facts, rules)),
                f"{s.loss:.2f}",
            )
            for s in slips
        ]
        con.print(MovesTable(("hand", "number", "played", "better", "lost"), rows))
