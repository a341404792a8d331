"""``casino judge``: a ruling on one move of a position or of a record (``casino.ruling/1``)."""

from __future__ import annotations

import shlex
from collections import Counter
from collections.abc import Callable

from ..cards import card_code, parse_card
from ..engine import BUILD, CAPTURE, TRAIL, TooComplex, unseen_cards
from ..errors import plural
from ..notation.errors import NotationError
from ..notation.fields import dumps
from ..notation.moves import parse_move_text
from ..notation.position import read_position
from ..records.describe import card_name, cards_named, move_seat_words, mover_named, seat_words
from ..records.disputes import NoRuling, record_ruling
from ..records.record import read_record
from ..records.ruling import ILLEGAL, UNSETTLED, Ruling, in_its_turn, ruling_json
from ..records.shown import visible
from .common import (
    is_record,
    move_argument,
    move_problem,
    player_named,
    position_of,
    problem_text,
    save_picture,
    single_document,
    take_record,
)
from .inputs import Document
from .output import DATA_ERROR, USAGE, VERDICT, Fail, Format, Screen, resolve_format, say, utf8_argument, write_line
from .picture_files import check_target
from .records_io import no_ruling, note_earlier, note_no_move, record_of, shown_entry
from .safe_text import shown_names


def _instead(name: str, move: str, hand: int | None, number: int | None) -> str:
    """What to do with a MOVE given with a record (``name`` in commands): its ruling's
    alternatives, a hint, or MOVE ruled on in place of the record's move, from the position
    before it."""
    at, before = (f"--hand {hand or 1} --move {number}", number - 1) if number else ("--hand H --move N", "N-1")
    to = f"--hand {hand or 1} --to {before}" if number else "--hand H --to N-1"
    move = move if move.lstrip().startswith("{") else player_named(move)[1]  # a position names no players
    return (
        ", not with a MOVE text: the ruling on its move lists every move the player could have made instead,"
        f" `casino hint {name} {at}` ranks them, and `casino replay {name} {to} | tail -1 | casino judge -"
        f" {shlex.quote(move)}` rules on {move} in its place"
    )


def _by_number(name: str, move: str, hand: int | None) -> str:
    """A record's move given by its number as MOVE (``casino judge FILE 2``): the command meant."""
    number = int(move)
    return f", not with its number as MOVE: `casino judge {name} --hand {hand or 1} --move {number}` rules on move {number}"


def _last_move(doc: Document, hand: int | None) -> str:
    """The command that rules on the last move of a record (of its hand ``hand``, if it has
    moves), as a dispute written at the table ends at the move disputed; nothing for a
    record that cannot be read (judging it will say why)."""
    try:
        hands = [h for h in read_record(doc.value).hands if h.moves]
    except NotationError:
        return ""
    last = next((h for h in hands if h.number == hand), hands[-1] if hands else None)
    if last is None:
        return ": it records no move"
    return f": `casino judge {doc.in_command()} --hand {last.number} --move {len(last.moves)}` rules on its last move"


def _one_record(first: Document, hand: int | None, number: int | None) -> str:
    """How to judge one record of a file of several (an evening's disputes in one .cas)."""
    if not is_record(first):
        return ""
    return (
        f"; to judge record K of them: {take_record(first)} | casino judge - --hand {hand or 1} --move {number or 'N'}"
    )


def _how_to_settle(doc: Document, ruling: Ruling, names: tuple[str, ...] | None) -> str:
    """Where and how the referee writes what the mover shows it held after the move (cards
    shown), which settles an unsettled ruling on a record."""
    hand, after, seat = ruling["hand"], ruling["move"], ruling["settles"]["seat"]
    return (
        f"{doc.where(f'$.hands[{hand - 1}]')}: to settle it, write into hand {hand} the cards {seat_words(names, seat)} held"
        f" after move {after}, as shown: {shown_entry(doc, after, seat, names)} (all: no others)"
    )


def run_judge(
    path: str, move: str | None, hand: int | None, number: int | None, fmt: Format | None, svg: str | None = None
) -> None:
    fmt = resolve_format(fmt)
    check_target(svg, [path])
    names: tuple[str, ...] | None = None  # the players' names, when a record gives them
    by_seat = 0  # how much of the ruling's message names the mover by its seat only (a record's)
    doc = single_document(path, "one position or one record", lambda first: _one_record(first, hand, number))
    if doc.error is not None:
        raise Fail(DATA_ERROR, problem_text(doc, doc.error))
    try:
        if is_record(doc):
            if number is None or move is not None:
                raise Fail(
                    USAGE,
                    "judge a record with --move N (and --hand H)"
                    + (
                        _last_move(doc, hand)
                        if move is None
                        else _by_number(doc.in_command(), move, hand)
                        if number is None and move.isascii() and move.strip().isdigit()
                        else _instead(doc.in_command(), move, hand, number)
                    ),
                )
            try:
                hand = hand or 1
                record = record_of(doc)
                names = shown_names(record.players)  # for people: shown, never obeyed
                ruling, earlier, by_seat, no_move, in_turn = record_ruling(record, hand, number)
            except NoRuling as exc:
                raise no_ruling(doc, exc) from None
            note_earlier(doc, hand, earlier, record.players)
            if no_move is not None:
                note_no_move(doc, f"$.hands[{hand - 1}].moves[{number - 1}]", no_move, ruling["seat"], record.players)
        else:
            if move is None or number is not None or hand is not None:
                raise Fail(USAGE, "judge a position with a MOVE text (--hand and --move are for records)")
            pos = position_of(doc, playable=True, counted=True)
            try:
                played, wrong, player = move_argument(utf8_argument(move), pos)
            except NotationError as exc:
                raise Fail(DATA_ERROR, f"move: {move_problem(exc)}") from None
            ruling = ruling_json(pos, played, unseen_cards(pos), wrong_player=wrong)
            in_turn = None if player is None else in_its_turn(pos, played, unseen_cards(pos), player)
    except TooComplex as exc:
        raise Fail(DATA_ERROR, f"{doc.where()}: the move cannot be checked: {exc}") from None
    if ruling.get("alternatives_truncated"):
        say(f"{doc.where()}: the alternatives are cut short: the listing reached its bound")
    people = ruling if in_turn is None else {**ruling, "message": _joined(ruling["message"], in_turn)}
    _print(ruling, people, fmt, names, by_seat)
    if "hand" in ruling and ruling["verdict"] == UNSETTLED:
        say(_how_to_settle(doc, ruling, names))
    if svg is not None:
        _picture(people, svg, names, by_seat)
    if ruling["verdict"] == ILLEGAL:
        raise Fail(VERDICT)


def _joined(message: str, more: str) -> str:
    """A ruling's message and more words: after a question a sentence of their own."""
    return f"{message} {more[:1].upper()}{more[1:]}" if message.endswith("?") else f"{message}; {more}"


def ruling_line(
    ruling: Ruling, names: tuple[str, ...] | None = None, by_seat: int = 0, name: Callable[[int], str] = card_code
) -> str:
    """The ruling in one line: 'hand 1, move 2 (seat 1, Ben): 4S+3H=7 {comment} — unsettled (B3):
    legal only if ...' (the player's name when the record gives ``names``); of a move another
    seat played, whose turn it was: '(Ben's turn, seat 1)'. For people, ``by_seat`` (a
    record ruling's) names the mover in the engine's words and in what settles it ('legal
    only if Ben (seat 1) still held a 7'), and ``name`` (card_name) the cards of why it is not
    legal and that settle it ('9♦ is not on the table', 'one of 7♠ 7♥ 7♣'); -f text, 0 and
    card_code, keeps the JSON's words."""
    if ruling["seat"] is None:  # a move after the hand was over
        seat = "no seat to move"
    else:  # of a "turn" ruling, another seat played it: the seat's turn, not its move
        seat = move_seat_words(names, ruling["seat"], ruling.get("rule") == "turn")
    where = f"hand {ruling['hand']}, move {ruling['move']} ({seat})" if "hand" in ruling else seat
    rule = f" ({ruling['rule']})" if "rule" in ruling else ""
    message = mover_named(ruling["message"], by_seat, ruling["seat"], names)
    why = cards_named(message, name, names or (), ruling["text"]).removeprefix(f"{ruling['text']} is illegal: ")
    said = f" {{{ruling['comment']}}}" if "comment" in ruling else ""  # the record's comment on it
    line = f"{where}: {ruling['text']}{said} — {ruling['verdict']}{rule}"
    if ruling["verdict"] != "legal":
        line += f": {why}"
    if "settles" in ruling:
        needs = ruling["settles"]["needs"]
        lists = " and ".join("one of " + " ".join(name(parse_card(code)) for code in cards) for cards in needs)
        holder = ruling["settles"]["seat"]
        line += f"; settled by whether {seat_words(names, holder) if by_seat else f'seat {holder}'} held {lists}"
    return line


LISTED = 24  # alternatives written out for people (pretty, the picture); more are counted by card


def alternatives_line(ruling: Ruling) -> str:
    """The alternatives in one line, an unsettled one marked '?'."""
    moves = [a["move"] + ("?" if a["verdict"] != "legal" else "") for a in ruling["alternatives"]]
    if not moves:
        partial = ruling["alternatives_partial"]
        return "alternatives: none" + (" with its known cards (the rest of its hand is unknown)" if partial else "")
    return "alternatives: " + " ".join(moves) + _tail(ruling)


def alternatives_for_people(ruling: Ruling) -> str:
    """:func:`alternatives_line` when it lists at most :data:`LISTED` moves, saying what
    its '?' means where it marks one; else the moves counted by the card played ('with 4♥:
    90 captures, 3 builds'), so that a crowded table's thousand alternatives do not fill
    the screen or make the picture metres tall."""
    listed = ruling["alternatives"]
    if len(listed) <= LISTED:
        line = alternatives_line(ruling)
        doubtful = any(a["verdict"] != "legal" for a in listed)
        return line.replace("alternatives:", "alternatives (? marks an unsettled one):", 1) if doubtful else line
    by_card: dict[int, Counter[str]] = {}
    for alternative in listed:
        move = parse_move_text(alternative["move"])
        by_card.setdefault(move.card, Counter())[move.type] += 1
    cards = "; ".join(
        f"with {card_name(card)}: "
        + ", ".join(plural(kinds[kind], kind) for kind in (CAPTURE, BUILD, TRAIL) if kinds[kind])
        for card, kinds in sorted(by_card.items())
    )
    unsettled = sum(a["verdict"] != "legal" for a in listed)
    doubt = f", {unsettled} of them unsettled" if unsettled else ""
    return f"alternatives: {len(listed):,}{doubt}: {cards}{_tail(ruling)}; each one: -f text"


def _tail(ruling: Ruling) -> str:
    """What the alternatives may leave out."""
    tail = " (with its known cards only: the rest of its hand is unknown)" if ruling["alternatives_partial"] else ""
    if ruling.get("alternatives_truncated"):
        tail += " (and others: the listing was cut at its bound)"
    return tail


def _print(ruling: Ruling, people: Ruling, fmt: Format, names: tuple[str, ...] | None, by_seat: int) -> None:
    """The ruling as JSON, else in words (``people``: the ruling with its message for people)."""
    if fmt in (Format.json, Format.jsonl):
        write_line(dumps(ruling))
        return
    if fmt == Format.text:
        write_line(visible(ruling_line(people, names)))
        write_line(alternatives_line(people))
        return
    from .render import position_view

    screen = Screen(True)
    screen.print(position_view(read_position(people["position"], check=False), names=names))
    screen.print(f"move: {people['text']}", markup=False)
    style = {"legal": "bold green", "illegal": "bold red"}.get(people["verdict"], "bold yellow")
    screen.print(visible(ruling_line(people, names, by_seat, card_name)), style=style, markup=False)
    screen.print(alternatives_for_people(people), markup=False)


def _picture(ruling: Ruling, svg: str, names: tuple[str, ...] | None, by_seat: int) -> None:
    """The position before the move, the move ringed, the ruling and the alternatives under
    it; in the caption the names isolated as the picture's seats are (a right-to-left name
    reorders nothing), the rest :func:`visible`."""
    from ..pictures.svg import names_isolated
    from ..pictures.table import Picture

    position = read_position(ruling["position"], check=False)
    move = parse_move_text(ruling["text"])
    shown: Ruling = {**ruling, "text": visible(ruling["text"]), "message": visible(ruling["message"])}
    if "comment" in ruling:
        shown["comment"] = visible(ruling["comment"])
    caption = ruling_line(shown, names_isolated(names), by_seat, card_name)
    save_picture(svg, Picture(position, names, move=move, caption=caption, notes=[alternatives_for_people(ruling)]))
