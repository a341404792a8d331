"""``casino hint POSITION`` (or ``RECORD --move N``): the mover's moves ranked by expected points, from its view."""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Iterator
from functools import partial
from typing import Any

from ..engine import MoveList, legal_moves
from ..engine.moves import no_move_words
from ..engine.position import Partial, Position
from ..engine.search import Ranked, analyse, analysed_worlds
from ..engine.views import observe
from ..engine.worlds import NoWorld
from ..errors import plural
from ..notation.fields import dumps
from ..records.describe import seat_words
from ..records.disputes import NoRuling, position_before
from ..records.referee import Finding
from .common import documents, is_record, passed_over, position_of
from .inputs import Document
from .output import (
    DATA_ERROR,
    OK,
    USAGE,
    Fail,
    Format,
    Progress,
    console,
    resolve_format,
    say,
    utf8_argument,
    write_line,
)
from .records_io import no_ruling, note_earlier, note_no_move, record_of, shown_entry
from .safe_text import shown_names
from .workers import ordered_map

HINT_FORMAT = "casino.hint/1"
GAME_WORDS = {1: "win", 0: "open", -1: "loss"}  # what a move does to the game, for the mover's side
_GAME_SAYS = {"win": "wins", "open": "open", "loss": "loses"}  # the same, in a table for people


def run_hint(
    path: str, seed: str, fmt: Format | None, hand: int | None = None, number: int | None = None, jobs: int = 1
) -> None:
    fmt, seed = resolve_format(fmt), utf8_argument(seed)
    code = OK
    read: deque[Read] = deque()  # the documents being hinted, in order
    hints = ordered_map(partial(_ranked, shown=jobs == 1), _jobs(path, seed, hand, number, read), jobs)
    progress = Progress("positions") if jobs > 1 else None  # after the workers' fork; with one job, a bar a position
    try:
        for done in hints:
            doc, pos, earlier, players = read.popleft()
            note_earlier(doc, hand or 1, earlier, players)
            if isinstance(done, NoWorld):  # a position that no deal of the hidden cards fits
                pos = Fail(DATA_ERROR, f"{doc.where()}: {done}")
            if isinstance(pos, Fail):  # said, in its place in JSON, and the next position hinted
                code = max(code, passed_over(doc, pos, fmt, HINT_FORMAT))
            elif done is not None:
                if number is not None and pos.turn is not None and not done[1].moves:  # past an illegal move
                    path = f"$.hands[{(hand or 1) - 1}].moves[{number - 1}]"
                    note_no_move(doc, path, no_move_words(pos), pos.turn, players)
                _write(doc, pos, done, fmt, shown_names(players))
            if progress is not None:
                progress.advance()
    finally:
        if progress is not None:
            progress.close()
    if code != OK:
        raise Fail(code)


Job = tuple[Position, str] | None  # a position and the seed to hint it with; None for a document passed over
Done = tuple[list[Ranked], MoveList] | NoWorld | None  # its moves ranked and its listing, or why there are none
Read = tuple[Document, Position | Fail, Finding | None, tuple[str, ...] | None]  # and a record's players' names


def _jobs(
    path: str,
    seed: str,
    hand: int | None,
    number: int | None,
    read: deque[Read],
) -> Iterator[Job]:
    """The work of each document of FILE, each put on ``read`` with its position (or why it
    has none), the finding of its record before the move asked about and the record's
    players' names, to be written in order. ``--move`` without ``--hand`` on a record of
    several hands is said (once) to be of hand 1: a game in progress goes on in its last."""
    first_hand = hand is None and number is not None  # --move of hand 1, said once of a record of several
    for doc in documents(path):
        read.append((doc, *_hinted(doc, hand, number)))
        if first_hand and (hands := _hands_written(doc)) > 1:
            first_hand = False
            say(
                f"{doc.where()}: note: move {number} of hand 1; the record has {hands} hands (--hand {hands} for the last)"
            )
        pos = read[-1][1]
        yield (pos, seed) if isinstance(pos, Position) else None


def _hands_written(doc: Document) -> int:
    """How many hands a record document holds (0 for any other document)."""
    hands = doc.value.get("hands") if is_record(doc) and isinstance(doc.value, dict) else None
    return len(hands) if isinstance(hands, list) else 0


def _write(
    doc: Document, pos: Position, done: tuple[list[Ranked], MoveList], fmt: Format, names: tuple[str, ...] | None
) -> None:
    """Write one position's hint, saying on stderr what the work budget cut; ``names``, a
    record's players' names, name the seats for people."""
    ranked, listing = done
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
    if any(r.game for r in ranked):  # some move wins or loses the game: each says what it does to it
        for m, r in zip(out["moves"], ranked):
            m["game"] = GAME_WORDS[r.game or 0]
    cut = _cut(ranked)
    if cut:  # fewer worlds for some moves, or none: each move says how many it saw
        out["budget_reached"] = True
        for m, r in zip(out["moves"], ranked):
            m["worlds"] = r.worlds
    if listing.truncated:  # the moves past the cut are not ranked: the best may be among them
        say(
            f"{doc.where()}: listing truncated after {plural(len(listing.moves), 'move')} (the search budget was reached):"
            " the hint ranks these alone"
        )
    if cut:
        say(f"{doc.where()}: {cut}")
    if fmt == Format.pretty:
        _show(out, pos, ranked, listing, names)
    elif fmt == Format.text:
        write_line(" ".join(_text_move(m) for m in out["moves"]))
        if pos.turn is None:  # the line is empty: why, for a person reading it
            say(f"{doc.where()}: the hand is over: no move to rank")
    else:
        write_line(dumps(out))


def _text_move(move: dict[str, Any]) -> str:
    """A ranked move as ``--format text`` writes it: ``2C+9C=11:-1.06``, and ``:win``,
    ``:open`` or ``:loss`` after it where the hand decides the game."""
    return ":".join([move["move"], points_text(move["value"]), *([move["game"]] if "game" in move else [])])


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


def _hinted(
    doc: Document, hand: int | None, number: int | None
) -> tuple[Position | Fail, Finding | None, tuple[str, ...] | None]:
    """The position of a document (of a record, the one before move ``number`` of ``hand``),
    or why no hint can be given for it (a Fail, exit 65, or 2 for a move the record lacks);
    the finding of the record's hand before that move, if any; and the record's players'
    names (a position names none)."""
    earlier = players = None
    try:
        how = ""  # of a record, how to write the mover's cards into it
        if number is None and hand is None:
            pos = position_of(doc, playable=True, command="hint")
            where = doc.where(f"$.hands[{pos.turn}]")
        else:
            pos, earlier, players = _before_move(doc, hand or 1, number)
            where = f"{doc.where()}: before move {number} of hand {hand or 1}"
            mover = pos.turn
            if mover is not None and number is not None and not isinstance(pos.hands[mover], int):  # not known whole
                entry = shown_entry(doc, number - 1, mover, players)
                how = f": write into hand {hand or 1} the cards it holds, as shown: {entry} (all: no others)"
            if mover is not None and pos.hands[mover] is None:
                raise Fail(DATA_ERROR, f"{doc.where()}: seat {pos.turn}'s hand before move {number} is not known{how}")
        if pos.turn is not None and isinstance(held := pos.hands[pos.turn], Partial):
            raise Fail(
                DATA_ERROR,
                f"{where}: {seat_words(players, pos.turn)} is to move but {_known_words(held)}; a hint weighs the "
                f"moves of the whole hand (`casino moves` lists those of the known cards){how}",
            )
    except Fail as exc:
        return exc, earlier, players
    return pos, earlier, players


def _known_words(held: Partial) -> str:
    """How much of a partly known hand is known, in words."""
    known = held.known.bit_count()
    if known:
        return f"only {known} of its {held.count} cards {'is' if known == 1 else 'are'} known"
    return "its 1 card is not known" if held.count == 1 else f"none of its {held.count} cards is known"


def _before_move(
    doc: Document, hand: int, number: int | None
) -> tuple[Position, Finding | None, tuple[str, ...] | None]:
    """The position of a record before move ``number`` of ``hand``, as ``casino judge`` rules
    on it, the finding of the hand before that move, if any, and the record's players' names."""
    if doc.error is None and not is_record(doc):  # an unreadable one is said so by record_of
        raise Fail(USAGE, f"{doc.where()}: --hand and --move are for a record; a position is hinted without them")
    if number is None:
        raise Fail(USAGE, f"{doc.where()}: hint a record with --move N (and --hand H)")
    record = record_of(doc)
    try:
        pos, _, earlier, _ = position_before(record, hand, number)
    except NoRuling as exc:
        raise no_ruling(doc, exc) from None
    return pos, earlier, record.players


def _ranked(job: Job, shown: bool = False) -> Done:
    """The mover's moves ranked, and its listing (none once the hand is finished); for a
    position that no deal of the hidden cards fits (which the position check let through:
    it checks what it can decide alone), the NoWorld, carried back to be said in order.
    ``shown``: a bar on a terminal's stderr counts the moves valued (minutes on a crowded
    table), gone before the result is printed."""
    if job is None:
        return None
    pos, seed = job
    if pos.turn is None:
        return [], MoveList((), (), False)
    view = observe(pos, pos.turn)
    listing = legal_moves(view.known)
    progress = Progress("moves valued", len(listing.moves), after=True) if shown else None
    try:
        return analyse(
            view, listing, random.Random(f"{seed}/hint"), progress=progress.advance if progress else None, game=True
        ), listing
    except NoWorld as exc:
        return exc
    finally:
        if progress is not None:
            progress.close()


def _show(
    out: dict[str, Any], pos: Position, ranked: list[Ranked], listing: MoveList, names: tuple[str, ...] | None
) -> None:
    """The mover's view of the position (the seats named as a record names them), then its
    moves ranked, each with what it does (once the hand is over, that none is left)."""
    from ..records.describe import seat_words
    from .render import MovesTable, card_text, does_text, position_view

    console().print(position_view(pos, viewer=out["turn"], names=names))
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
        heading += f"; the first {plural(len(ranked), 'move')} of a truncated listing"
    game = any("game" in m for m in out["moves"])
    if game:
        rules = pos.rules
        heading += (
            f"; this hand can decide the game ({rules.endgame}, target {rules.target}): the moves that win it first"
        )
    rows = [
        (
            str(i),
            m["move"],
            card_text(r.move.card),
            does_text(r.move, listing.facts_of(r.move), pos.rules),
            points_text(m["value"]),
            "" if not m["se"] else f"{m['se']:.2f}",
            *([_GAME_SAYS[m["game"]]] if game else []),
        )
        for i, (m, r) in enumerate(zip(out["moves"], ranked), 1)
    ]  # the heading above the table, not as its title: a title wraps to the table's narrow width
    table = MovesTable(("#", "move", "card", "does", "points", "±", *(["game"] if game else [])), rows)
    console().print(heading, style="bold", markup=False, highlight=False)
    console().print(table)
