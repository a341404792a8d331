"""Walking a record move by move: the one reader behind replay, validate and score.

:func:`walk` yields events in playing order — :class:`HandStart`, :class:`Step`,
:class:`HandEnd` — and :class:`Finding` for everything the referee objects to.
Every legality question goes to the engine's judge; this module only knows how a
record maps onto positions (decks, seeds, hands inferred from a table-only record,
dealers, claims and the game's end).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from typing import Any, NamedTuple

from ..cards import card_code, cards_of, codes_of
from ..engine import (
    CAPTURE,
    SHUFFLE,
    IllegalMove,
    Move,
    MoveFacts,
    Position,
    TooComplex,
    play_judged,
    seeded_deck,
    start_from_table,
    start_position,
)
from ..engine.deal import next_dealer
from ..engine.game import HandEnd as HandEnd  # walk's events, the engine's: re-exported (mypy --strict)
from ..engine.game import HandStart as HandStart
from ..engine.game import Step as Step
from ..engine.moves import check_policy, judge_form
from ..engine.play import residue_taken
from ..engine.position import Partial
from ..engine.scoring import GameStep, game_after_hand, score_hand
from ..errors import wrong_type
from ..notation.errors import NotationError
from ..notation.moves import RecordMove, ValueNamed, read_record_move, split_player
from .describe import cards_named, mover_named, named_reason, seat_words, side_names
from .evidence import Evidence, gather
from .record import A_RECORD, HandRecord, Record
from .ruling import ILLEGAL, LEGAL, UNSETTLED, Verdict, decide


class Finding(NamedTuple):
    """Something the referee reports; ``unchecked`` notes do not make a record invalid. Its
    ``message`` is the JSON's; :meth:`for_people` is what people read."""

    hand: int | None
    move: int | None
    seat: int | None
    text: str | None
    rule: str
    message: str
    unchecked: bool = False
    settles: tuple[int, tuple[int, ...]] | None = None  # an unsettled check: seat and the cards it needs
    after_finding: bool = False  # an earlier finding of the same hand came first (--keep-going)
    skipped: int = 0  # a note of moves the referee could not follow to: how many (not in the JSON)
    path: str | None = None  # the JSON path it is about, where not the hand's move or field (not in the JSON)
    by_seat: int = 0  # how much of the message is the engine's words, the mover "seat N" in them (not in the JSON)
    people: str | None = None  # the message with each side's score by name, 'Ana 5, Ben 0, Cy 6' (not in the JSON)

    @property
    def stops(self) -> bool:
        """Whether the record cannot be followed past it (an illegal move): not a note,
        nor a claimed score, which are checked with the game going on."""
        return not self.unchecked and self.rule != "claim"

    def as_json(self) -> dict[str, Any]:
        """The finding's fields in the order of docs/notation.md's table of them."""
        out: dict[str, object] = {
            "hand": self.hand,
            "move": self.move,
            "seat": self.seat,
            "text": self.text,
            "rule": self.rule,
            "message": self.message,
        }
        if self.unchecked:
            out["unchecked"] = True
        if self.settles is not None:
            out["settles"] = {"seat": self.settles[0], "needs": [codes_of(m) for m in self.settles[1]]}
        if self.after_finding:
            out["after_finding"] = True
        return out

    def for_people(self, players: Sequence[str] | None) -> str:
        """The message for people: its mover named (:func:`.describe.mover_named`), the sides'
        scores of a claim by name (``people``) and the cards that settle an unsettled check,
        which end it, and every card of its words by suit symbol ('— 7♠, 7♥ or 7♣'), the
        move's text and the players' names as written (:func:`.describe.cards_named`)."""
        message = mover_named(self.people or self.message, self.by_seat, self.seat, players)
        return cards_named(message, keep=players or (), move=self.text or "")

    def comment_in(self, record: Record) -> str | None:
        """The record's comment on the move this finding is about (``{Ana: they do not add}``), if any."""
        if self.hand is None or self.move is None or not 0 < self.hand <= len(record.hands):
            return None
        moves = record.hands[self.hand - 1].moves
        move = moves[self.move - 1] if 0 < self.move <= len(moves) else None
        comment = move.get("comment") if isinstance(move, dict) else None
        return comment if isinstance(comment, str) else None


Event = HandStart | Step | HandEnd | Finding
Scores = Callable[[Iterable[int]], str]  # writes each side's score, '5–0–6'


def about_hand(hand: int | None, rule: str, message: str, unchecked: bool = False, path: str | None = None) -> Finding:
    """A finding about a whole hand (``hand``, its number) or, with None, the whole record;
    ``path``: the element of it that is wrong, when the finding's rule does not say."""
    return Finding(hand, None, None, None, rule, message, unchecked, path=path)


def _claim(record: Record, hand: int | None, words: Callable[[Scores], str], unchecked: bool = False) -> Finding:
    """A claim finding whose ``words`` write scores: by dashes ('5–0–6') in its message, and
    for people, where the record names its players, each side's by its name ('Ana 5, Ben 0,
    Cy 6'; 'Ana & Carla 9, Ben & Dan 4')."""
    sides = side_names(record.rules, record.players)
    named = words(lambda scores: ", ".join(f"{side} {v}" for side, v in zip(sides, scores))) if record.players else None
    return about_hand(hand, "claim", words(_dash), unchecked)._replace(people=named)


def walk(record: Record, keep_going: bool = False, hints: bool = True) -> Iterator[Event]:
    """Every event of ``record`` in order. Without ``keep_going`` the walk stops at the
    first finding that makes the record invalid; with it, every finding is reported (see
    :func:`_walk_hand`), a hand that cannot go on is abandoned and the next hand is
    refereed (the game's running score is then unknown). With ``hints`` a finding says
    when a wrong dealer or a missing move would explain it."""
    if not isinstance(record, Record):
        raise wrong_type("record", record, A_RECORD)
    rules = record.rules
    n = rules.players
    scores: tuple[int, ...] | None = (0,) * rules.sides
    dealer_before: int | None = None
    hinted = 0  # hands whose first finding is explained (hints re-walk the hand)
    winner: GameStep | None = None
    for hand in record.hands:
        if winner is not None:
            yield about_hand(
                hand.number,
                "G4",
                f"the game was over after hand {hand.number - 1} ({_reason(record, winner)}); no further hand may be recorded",
            )
            if not keep_going:
                return
            break
        dealer = hand.dealer
        hand_finding = False
        expected = n - 1 if dealer_before is None else next_dealer(rules, dealer_before)
        if dealer is None:
            dealer = expected
        elif dealer_before is not None and dealer != expected:
            yield about_hand(
                hand.number, "D4", f"{who(record, dealer)} deals hand {hand.number}, but {_passes(record, expected)}"
            )
            if not keep_going:
                return
            hand_finding = True
        dealer_before = dealer
        events = _walk_hand(record, hand, dealer, scores, keep_going)
        if hints and hinted < MAX_HINTED_HANDS:
            events = _explained(record, hand, dealer, events)
            hinted += 1
        end = yield from _marked(events, hand_finding)
        if end is _BROKEN:
            if not keep_going:
                return
            scores = None
        elif end is not None and scores is not None:
            scores = end.game.scores
            if end.game.winner is not None:
                winner = end.game
    if record.result is not None:
        unfinished = bool(record.hands) and end is None  # the record stops part-way through its last hand
        yield from _check_result(record, scores, winner, record.hands[-1].number if unfinished else None)


def _check_result(
    record: Record, scores: tuple[int, ...] | None, winner: GameStep | None, unfinished: int | None
) -> Iterator[Finding]:
    """The claimed result against the true one (claim findings, whole record); ``unfinished``:
    the hand the record stops part-way through, if it does."""
    stops = f" (hand {unfinished} stops unfinished)" if unfinished is not None else ""
    assert record.result is not None
    claimed_scores, claimed_winner = record.result
    if scores is None:
        yield about_hand(
            None,
            "claim",
            "the claimed result could not be checked: the game's score is unknown after an illegal or unfinished hand",
            unchecked=True,
        )
        return
    if claimed_scores is not None and tuple(claimed_scores) != tuple(scores):
        yield _claim(
            record,
            None,
            lambda said: f"the record claims final scores {said(claimed_scores)}, but they are {said(scores)}{stops}",
        )
    true_winner = winner.winner if winner else None
    if claimed_winner != true_winner:
        sides = side_names(record.rules, record.players)
        if winner is not None and true_winner is not None:
            truth = f"{sides[true_winner]} won ({named_reason(winner.reason, sides)})"
        else:
            truth = f"the game is not over{stops}"
        said = "no winner" if claimed_winner is None else f"{sides[claimed_winner]} as the winner"
        yield about_hand(None, "claim", f"the record claims {said}, but {truth}")


def _reason(record: Record, game: GameStep) -> str:
    """Why the game ended, its sides named as the record names its players."""
    return named_reason(game.reason, side_names(record.rules, record.players))


def _dash(values: Iterable[int]) -> str:
    return "–".join(str(v) for v in values)


def _hand_start(
    record: Record, hand: HandRecord, dealer: int, scores: tuple[int, ...] | None, said: list[RecordMove | None]
) -> tuple[Position, Evidence | None]:
    """The opening position, and for a table-only hand what the record shows of the hands."""
    rules = record.rules
    if hand.table is not None:
        evidence = gather(rules, dealer, hand.table, said, hand.shown, record.players)
        return start_from_table(rules, hand.table, evidence.hands[0], dealer, scores), evidence
    deck = hand.deck if hand.deck is not None else seeded_deck(record.seed or "", hand.number)
    return start_position(rules, deck, dealer, scores), None


_BROKEN = object()  # what _walk_hand returns for a hand with a finding


def _marked(events: Generator[Event, None, Any], seen: bool) -> Generator[Event, None, Any]:
    """Pass on a hand's events, marking every finding after its first ``after_finding``;
    return what the hand's walk returns."""
    while True:
        try:
            event = next(events)
        except StopIteration as stop:
            return stop.value
        if isinstance(event, Finding) and not event.unchecked:
            if seen:
                event = event._replace(after_finding=True)
            seen = True
        yield event


MAX_HINTED_HANDS = 10  # hints re-walk a hand: given in at most this many hands of a record


def _explained(
    record: Record, hand: HandRecord, dealer: int, events: Generator[Event, None, Any]
) -> Generator[Event, None, Any]:
    """The events of a hand, its first finding at a move given a hint when a wrong dealer
    or a missing move would explain it (records/hints.py); returns what the hand's walk returns."""
    from .hints import hint

    first = True
    while True:
        try:
            event = next(events)
        except StopIteration as stop:
            return stop.value
        if (
            isinstance(event, Finding)
            and not event.unchecked
            and event.rule != "notation"
            and (event.move is not None or event.rule == "claim")
            and first
        ):
            first = False
            extra = hint(record, hand, dealer, event)
            if extra:
                people = None if event.people is None else f"{event.people}; {extra}"
                event = event._replace(message=f"{event.message}; {extra}", people=people)
        yield event


def who(record: Record, seat: int) -> str:
    """A seat for messages: "Ben (seat 1)", or "seat 1" when the record names no players."""
    return seat_words(record.players, seat)


def _walk_hand(
    record: Record, hand: HandRecord, dealer: int, scores: tuple[int, ...] | None, keep_going: bool
) -> Generator[Event, None, Any]:
    """Yield the events of one hand; return its HandEnd, None if the record stops part-way
    through it (a game in progress), or _BROKEN after a finding. ``scores`` before the
    hand is None when an earlier hand broke off (then taken as zeros, and said so).
    With ``keep_going`` a move refused by the rules is played as it was played when its
    card and its shape allow it (C6 T2 T3 B6 B7 B3 O1), and the hand goes on."""
    n = record.rules.players
    broken, residue = False, 0
    parsed, said = _read_moves(record, hand)
    wrong_deck = _deck_finding(record, hand)
    if wrong_deck is not None:
        yield wrong_deck
        if not keep_going:
            return _BROKEN
    pos, evidence = _hand_start(record, hand, dealer, scores or (0,) * record.rules.sides, said)
    for place, problem in evidence.about_hand if evidence is not None else ():
        yield about_hand(hand.number, "card", problem, path=f"$.hands[{hand.number - 1}].shown[{place}]")
        if not keep_going:
            return _BROKEN
        broken = True
    yield HandStart(hand.number, pos, evidence.unseen if evidence is not None else 0)
    per_deal = 4 * n
    taken: dict[int, tuple[int, int]] = {}  # a card taken from the table: the move that took it, its seat
    for index, item in enumerate(parsed):
        number = index + 1
        raw = hand.moves[index]
        seat = pos.turn
        if isinstance(item, NotationError):
            stop = Finding(
                hand.number,
                number,
                seat,
                raw if isinstance(raw, str) else None,
                "notation",
                f"the move cannot be read: {item.message}{_build_meant(pos, item)}{_numbered(hand, index)}",
            )
            return (yield from _cut(stop, len(parsed), keep_going))
        if pos.finished:
            yield Finding(  # which says of every move after it too: no note
                hand.number,
                number,
                None,
                item.text(),
                "turn",
                f"the hand was over after move {index}; no more moves can be played",
            )
            return _BROKEN
        assert seat is not None  # the hand is not over
        said_here = said[index]
        assert said_here is not None  # the move was read
        stated = said_here.seat
        if stated is not None and stated != seat:
            stop = Finding(
                hand.number, number, seat, item.text(), "turn", turn_message(record, hand, index, seat, stated, dealer)
            )
            return (yield from _cut(stop, len(parsed), keep_going))
        if evidence is not None and index in evidence.at_move:
            stop = Finding(hand.number, number, seat, item.text(), "card", evidence.at_move[index])
            return (yield from _cut(stop, len(parsed), keep_going))
        try:
            facts = judge_form(pos, item)
            verdict = _policy_verdict(pos, item, facts, evidence)
        except TooComplex as exc:
            text = item.text()
            stop = Finding(hand.number, number, seat, text, "notation", f"{text} cannot be checked: {exc}")
            return (yield from _cut(stop, len(parsed), keep_going))
        except IllegalMove as exc:  # the card or the shape: the move cannot be played at all
            stop = _judged(hand.number, number, seat, item, exc.rule, f"{item.text()} is illegal: {exc.message}")
            stop = stop._replace(message=stop.message + _taken_before(record, item.cards & ~pos.table, taken))
            return (yield from _cut(stop, len(parsed), keep_going))
        if verdict is not None and verdict.verdict == ILLEGAL:
            yield _judged(hand.number, number, seat, item, verdict.rule or "card", verdict.message)
            if not keep_going:
                return _BROKEN
            broken = True
        elif verdict is not None and verdict.verdict == UNSETTLED:
            yield _judged(
                hand.number,
                number,
                seat,
                item,
                verdict.rule or "B3",
                f"not checked: {item.text()} is {verdict.message} — {needs_words(verdict.needs)}",
                unchecked=True,
                settles=(seat, verdict.needs),
            )
        deal_over = None
        if evidence is not None:
            deal_over = (index + 1) % per_deal == 0
        before, pos = pos, play_judged(pos, item, facts, deal_over)
        if item.type == CAPTURE:  # the one kind of move that takes cards from the table
            taken.update((card, (number, seat)) for card in cards_of(before.table & ~pos.table))
        residue = residue_taken(before, item, pos) if pos.finished else 0
        if evidence is not None and deal_over and not pos.finished:
            pos = pos._replace(hands=evidence.hands[pos.deal - 1])
        yield Step(hand.number, number, seat, item, facts, pos, said_here.comment)
    if broken:
        return _BROKEN
    if not pos.finished:
        return (yield from _stopped(record, hand, len(parsed)))
    return (yield from _end_hand(record, hand, pos, scores is not None, residue))


def _taken_before(record: Record, missing: int, taken: dict[int, tuple[int, int]]) -> str:
    """Of the table cards a move names that are not on the table, who took each one earlier
    in the hand: '; Ana (seat 0) took 4S at move 1' (nothing for a card never on it)."""
    said = (
        f"{who(record, taken[c][1])} took {card_code(c)} at move {taken[c][0]}" for c in cards_of(missing) if c in taken
    )
    return "".join(f"; {words}" for words in said)


def _cut(stop: Finding, moves: int, keep_going: bool) -> Generator[Finding, None, Any]:
    """A finding at a move that cannot be played at all, which ends its hand's checks;
    with ``keep_going``, then a note naming the hand's ``moves`` left unchecked."""
    yield stop
    assert stop.move is not None and stop.hand is not None
    first = stop.move + 1
    if keep_going and first <= moves:
        span = f"move {first}" if first == moves else f"moves {first} to {moves}"
        yield Finding(
            stop.hand,
            first,
            None,
            None,
            stop.rule,
            f"{span} of hand {stop.hand} not checked: the hand cannot be followed past move {stop.move}",
            unchecked=True,
            skipped=moves - stop.move,
        )
    return _BROKEN


def _judged(
    hand: int,
    number: int,
    seat: int,
    move: Move,
    rule: str,
    message: str,
    unchecked: bool = False,
    settles: tuple[int, tuple[int, ...]] | None = None,
) -> Finding:
    """A finding at a move in the engine's words (a verdict's), which name no player: the
    mover is "seat N" in all of it (``by_seat``) until a hint adds the referee's words."""
    return Finding(hand, number, seat, move.text(), rule, message, unchecked, settles, by_seat=len(message))


def _read_moves(record: Record, hand: HandRecord) -> tuple[list[Move | NotationError], list[RecordMove | None]]:
    """Each move of ``hand`` as read (or the NotationError that refuses it), and what the
    record says about it: its player, its comment (None where it cannot be read)."""
    parsed: list[Move | NotationError] = []
    said: list[RecordMove | None] = []
    for i, raw in enumerate(hand.moves):
        try:
            entry = read_record_move(
                raw, f"$.hands[{hand.number - 1}].moves[{i}]", record.players, record.rules.players
            )
            parsed.append(entry.move)
            said.append(entry)
        except NotationError as exc:
            parsed.append(exc)
            said.append(None)
    return parsed, said


def _deck_finding(record: Record, hand: HandRecord) -> Finding | None:
    """D1: the hand's deck is not the one the record's seed shuffles."""
    if (
        hand.deck is not None
        and record.seed is not None
        and record.shuffle == SHUFFLE
        and hand.deck != seeded_deck(record.seed or "", hand.number)
    ):
        return about_hand(
            hand.number,
            "D1",
            f"the deck is not the {SHUFFLE} deck of seed {record.seed!r} for hand {hand.number}",
        )
    return None


def _stopped(record: Record, hand: HandRecord, moves: int) -> Generator[Event, None, Any]:
    """A hand that stops unfinished after ``moves`` moves: the record's last is a game in
    progress (None; a score claimed for it is a finding), any other a finding (_BROKEN)."""
    stops = f"after move {moves}" if moves else "before its first move"
    if record.hands[-1].number == hand.number:
        if hand.score is not None:
            yield about_hand(
                hand.number,
                "claim",
                f"the record claims a score for hand {hand.number}, but the hand stops unfinished {stops}",
            )
        return None
    yield about_hand(hand.number, "notation", f"hand {hand.number} stops {stops}, but another hand follows")
    return _BROKEN


def needs_words(needs: Iterable[int]) -> str:
    """The cards an unsettled check needs, one of each set: '7S, 7H or 7C', '…, and 9S or 9C'
    (for people by suit symbol, as :meth:`Finding.for_people` writes every card)."""
    return ", and ".join(_one_of([card_code(c) for c in cards_of(cards)]) for cards in needs)


def _one_of(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def _policy_verdict(pos: Position, move: Move, facts: MoveFacts, evidence: Evidence | None) -> Verdict | None:
    """None when the rules of who owns what and what the mover keeps allow a well-formed
    move; else the verdict over the worlds of a partly known mover's unseen cards."""
    if evidence is not None and isinstance(pos.hands[pos.turn], Partial):  # type: ignore[index]
        verdict = decide(pos, move, evidence.unseen)
        return None if verdict.verdict == LEGAL else verdict
    try:
        check_policy(pos, move, facts)
    except IllegalMove as exc:
        return Verdict(ILLEGAL, exc.rule, f"{move.text()} is illegal: {exc.message}")
    return None


def _passes(record: Record, dealer: int) -> str:
    """``the deal passes to Ben (seat 1)``, and under deal_passes previous which way it went."""
    previous = (
        ", the seat before the last dealer (deal_passes previous)" if record.rules.deal_passes == "previous" else ""
    )
    return f"the deal passes to {who(record, dealer)}{previous}"


def turn_message(record: Record, hand: HandRecord, index: int, seat: int, stated: int, dealer: int) -> str:
    """A move by the wrong player: whose turn it was, and what would explain it (at a later
    hand's first move with no dealer written, who deals it by D4)."""
    n = record.rules.players
    names = record.players
    turn = f"{names[seat]}'s turn (seat {seat})" if names and names[seat] else f"seat {seat}'s turn"
    said = f"it is {turn}, not " + (
        f"{names[stated]}'s (seat {stated})" if names and names[stated] else f"seat {stated}'s"
    )
    if index:
        return (
            f"{said}: is a move of {who(record, seat)} missing here, or are two moves swapped?{_numbered(hand, index)}"
        )
    said += f": if the dealer was {who(record, (stated - 1) % n)}, {who(record, stated)} plays first"
    if hand.dealer is None and hand.number > 1:
        said += f"; no dealer is written for hand {hand.number}, and by D4 {_passes(record, dealer)}"
    return said + _numbered(hand, index)


def _build_meant(pos: Position, error: NotationError) -> str:
    """For a table card written as a number (``9Cx9``), the builds of that value on the
    table, whose cards the move names: '; the 9-build on the table is 2H+3C+4S'."""
    value = error.value if isinstance(error, ValueNamed) else None
    builds = ["+".join(codes_of(b.cards)) for b in pos.builds if b.value == value]
    return f"; the {value}-build on the table is {' and '.join(builds)}" if builds else ""


def _numbered(hand: HandRecord, index: int) -> str:
    """For a move whose player is written as its own number (``1: 3H`` as move 1), that this
    names seat 1, and how a move's number is written: a scorer numbering moves so."""
    move = hand.moves[index]
    text = move.get("move") if isinstance(move, dict) else move
    prefix, rest = split_player(text) if isinstance(text, str) else (None, "")
    if prefix != str(index + 1):
        return ""
    return f"; or if {prefix}: is the move's number, it is written with a dot, {prefix}. {rest.strip()} ({prefix}: names seat {prefix})"


def _end_hand(
    record: Record, hand: HandRecord, pos: Position, scores_known: bool, residue: int
) -> Generator[Event, None, HandEnd]:
    score = score_hand(pos)
    game = game_after_hand(record.rules, pos.scores, score)
    claimed = hand.score
    if claimed is not None and tuple(claimed) != score.points:
        if scores_known or record.rules.endgame != "ladder":
            yield _claim(
                record,
                hand.number,
                lambda said: (
                    f"the record claims {said(claimed)} for hand {hand.number}, but it scores {said(score.points)}"
                ),
            )
        else:  # under the ladder a hand's sweeps depend on the score before it (P3)
            yield _claim(
                record,
                hand.number,
                lambda said: (
                    f"the claimed score {said(claimed)} could not be checked: the game's score "
                    f"before hand {hand.number} is unknown after an earlier broken hand"
                ),
                unchecked=True,
            )
    end = HandEnd(hand.number, pos, score, game, residue)
    yield end
    return end
