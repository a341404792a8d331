"""``casino hint POSITION`` (or ``RECORD --move N``): the mover's moves ranked by expected points, from its view."""

from __future__ import annotations

import math
import random
from typing import Any

from ..engine import MoveList, legal_moves
from ..engine.position import Partial, Position
from ..engine.search import Ranked, analyse, analysed_worlds
from ..engine.views import observe
from ..engine.worlds import NoWorld
from ..notation.fields import dumps
from ..records.disputes import NoRuling, position_before
from .common import documents, is_record, passed_over, position_of
from .inputs import Document
from .output import DATA_ERROR, OK, USAGE, Fail, Format, Progress, console, resolve_format, say, write_line
from .records_io import no_ruling, note_earlier, record_of
from .safe_text import shown_names

HINT_FORMAT = "casino.hint/1"


def run_hint(path: str, seed: str, fmt: Format | None, hand: int | None = None, number: int | None = None) -> None:
    fmt = resolve_format(fmt)
    code = OK
    for doc in documents(path):
        try:
            pos, names = _hinted(doc, hand, number)
            ranked, listing = _ranked(pos, seed, doc)
        except Fail as exc:  # said, in its place in JSON, and the next position hinted
            code = max(code, passed_over(doc, exc, fmt, HINT_FORMAT))
            continue
        out: dict[str, Any] = {
            "format": HINT_FORMAT,
            "line": doc.line,
            "turn": pos.turn,
            "exact": all(r.exact for r in ranked),
            "worlds": max((r.worlds for r in ranked), default=0),
            "truncated": listing.truncated,
            "moves": [
                {
                    "move": r.move.text(),
                    "value": None if math.isnan(r.value) else round(r.value, 3),
                    "se": None if math.isnan(r.error) else round(r.error, 3),
                }
                for r in ranked
            ],
        }
        cut = _cut(ranked)
        if cut:  # fewer worlds for some moves, or none: each move says how many it saw
            out["budget_reached"] = True
            for m, r in zip(out["moves"], ranked):
                m["worlds"] = r.worlds
        if listing.truncated:  # the moves past the cut are not ranked: the best may be among them
            say(
                f"{doc.where()}: listing truncated after {len(listing.moves)} moves (the search budget was reached):"
                " the hint ranks these alone"
            )
        if cut:
            say(f"{doc.where()}: {cut}")
        if fmt == Format.pretty:
            _show(out, pos, ranked, listing, names)
        elif fmt == Format.text:
            write_line(" ".join(f"{m['move']}:{points_text(m['value'])}" for m in out["moves"]))
        else:
            write_line(dumps(out))
    if code != OK:
        raise Fail(code)


def points_text(value: float | None) -> str:
    """A move's value as a hint shows it ("+1.25"), or "n/a" for a move left unvalued."""
    return "n/a" if value is None or math.isnan(value) else f"{value:+.2f}"


def _cut(ranked: list[Ranked]) -> str:
    """What the work budget cut from a sampled ranking, in words ("" when nothing)."""
    if not ranked or ranked[0].exact:
        return ""
    full = analysed_worlds(len(ranked))
    seen = [r.worlds for r in ranked if r.worlds]
    if min(seen) == full and len(seen) == len(ranked):
        return ""
    valued = "every move valued" if len(seen) == len(ranked) else f"{len(seen)} of {len(ranked)} moves valued"
    worlds = f"{min(seen)}" if min(seen) == max(seen) else f"{min(seen)} to {max(seen)}"
    unvalued = "" if len(seen) == len(ranked) else "; the others are listed last, unvalued"
    return f"the hint's work budget was reached: {valued}, in {worlds} worlds each (of {full}){unvalued}"


def _hinted(doc: Document, hand: int | None, number: int | None) -> tuple[Position, tuple[str, ...] | None]:
    """The position of a document (of a record, the one before move ``number`` of ``hand``),
    if a hint can be given for it (else a Fail, exit 65, or 2 for a move the record lacks),
    and the players' names a record gives, for people."""
    if number is None and hand is None:
        pos, names = position_of(doc, playable=True, command="hint"), None  # a position names no players
        where = doc.where(f"$.hands[{pos.turn}]")
    else:
        pos, names = _before_move(doc, hand or 1, number)
        where = f"{doc.where()}: before move {number} of hand {hand or 1}"
    held = None if pos.turn is None else pos.hands[pos.turn]
    if isinstance(held, Partial):
        known = held.known.bit_count()
        raise Fail(
            DATA_ERROR,
            f"{where}: seat {pos.turn} is to move but only {known} of its "
            f"{held.count} cards {'is' if known == 1 else 'are'} known; a hint weighs the moves of the "
            "whole hand (`casino moves` lists those of the known cards)",
        )
    return pos, names


def _before_move(doc: Document, hand: int, number: int | None) -> tuple[Position, tuple[str, ...] | None]:
    """The position of a record before move ``number`` of ``hand``, as ``casino judge`` rules
    on it, with the seat to move's hand known, and the record's players' names (shown)."""
    if not is_record(doc):
        raise Fail(USAGE, f"{doc.where()}: --hand and --move are for a record; a position is hinted without them")
    if number is None:
        raise Fail(USAGE, f"{doc.where()}: hint a record with --move N (and --hand H)")
    record = record_of(doc)
    try:
        pos, _, earlier, _ = position_before(record, hand, number)
    except NoRuling as exc:
        raise no_ruling(doc, exc) from None
    note_earlier(doc, hand, earlier, record.players)
    if pos.turn is not None and pos.hands[pos.turn] is None:
        raise Fail(DATA_ERROR, f"{doc.where()}: seat {pos.turn}'s hand before move {number} is not known")
    return pos, shown_names(record.players)


def _ranked(pos: Position, seed: str, doc: Document) -> tuple[list[Ranked], MoveList]:
    """The mover's moves ranked, and its listing (none once the hand is finished); a
    position that no deal of the hidden cards fits (which the position check let through:
    it checks what it can decide alone) is a Fail, exit 65. On a terminal a bar on stderr
    counts the moves valued."""
    if pos.turn is None:
        return [], MoveList((), (), False)
    view = observe(pos, pos.turn)
    listing = legal_moves(view.known)
    progress = Progress("moves valued", len(listing.moves), after=True)  # minutes on a crowded table
    try:
        return analyse(view, listing, random.Random(f"{seed}/hint"), progress=progress.advance), listing
    except NoWorld as exc:
        raise Fail(DATA_ERROR, f"{doc.where()}: {exc}") from None
    finally:
        progress.close()


def _show(
    out: dict[str, Any], pos: Position, ranked: list[Ranked], listing: MoveList, names: tuple[str, ...] | None
) -> None:
    """The mover's view of the position (the seats named as a record names them), then its
    moves ranked, each with what it does."""
    from ..records.describe import seat_words
    from .render import MovesTable, card_text, does_text, position_view

    if out["turn"] is None:
        console().print("The hand is over: no move to rank.")
        return
    if out["exact"]:
        how = "exact: every card is known" if out["worlds"] == 1 else f"exact over all {out['worlds']} possible deals"
    elif out.get("budget_reached"):
        how = f"up to {out['worlds']} sampled worlds a move: the work budget was reached"
    else:
        how = f"{out['worlds']} sampled worlds"
    heading = f"{seat_words(names, out['turn'])} to move: expected points for its side less the others' ({how})"
    if out["truncated"]:
        heading += f"; the first {len(ranked)} moves of a truncated listing"
    rows = [
        (
            str(i),
            m["move"],
            card_text(r.move.card),
            does_text(r.move, listing.facts_of(r.move), pos.rules),
            points_text(m["value"]),
            "" if not m["se"] else f"{m['se']:.2f}",
        )
        for i, (m, r) in enumerate(zip(out["moves"], ranked), 1)
    ]  # the heading above the table, not as its title: a title wraps to the table's narrow width
    table = MovesTable(("#", "move", "card", "does", "points", "±"), rows)
    console().print(position_view(pos, viewer=out["turn"], names=names))
    console().print(heading, style="bold", markup=False, highlight=False)
    console().print(table)
