"""Words for people: cards, score items, seats and sides by their names, and moves explained
for a replay."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TypeVar

from ..cards import CODES, RANKS, card_code, cards_of, rank, suit
from ..engine import HandEnd, Position, Step
from ..engine.position import build_groups
from ..engine.rules import Rules

T = TypeVar("T")


def card_name(card: int) -> str:
    """One card as rank and suit symbol, for people: 10♦."""
    return RANKS[rank(card)].replace("T", "10") + "♠♥♦♣"[suit(card)]


_CARD_CODE = re.compile(r"\b[2-9TJQKA][SHDC]\b")
_WORD = re.compile(r"\S+")
_QUOTED = r"(?<!\w)'[^'\s]+'(?!\w)"  # 'TD', not the 's of "Ben's turn"


def cards_named(words: str, name: Callable[[int], str] = card_name, keep: Sequence[str] = (), move: str = "") -> str:
    """The engine's words with each card code named by ``name``: for people "9D is not on the
    table" as "9♦ is not on the table", as boards and moves show cards. Left as written: a
    move in notation (a word with ``x`` or ``=``: ``QSx9D``), each text of ``keep`` (the
    players' names), a quoted word (what was typed, or an example of what to type: ``e.g.
    'TD'``) and the words up to the first ``move`` (the move's text: ``QS is illegal: …``)."""
    at = words.find(move) + len(move) if move and move in words else 0
    kept = sorted({text for text in keep if text}, key=len, reverse=True)
    parts = re.split(f"({'|'.join([*map(re.escape, kept), _QUOTED])})", words[at:])
    named = (part if i % 2 else _WORD.sub(lambda w: _word_named(w[0], name), part) for i, part in enumerate(parts))
    return words[:at] + "".join(named)


def _word_named(word: str, name: Callable[[int], str]) -> str:
    """One word of :func:`cards_named`."""
    if "x" in word or "=" in word:
        return word
    return _CARD_CODE.sub(lambda code: name(CODES.index(code[0])), word)


_RANK_WORDS = {"A": "ace", "T": "10", "J": "jack", "Q": "queen", "K": "king"}


def card_words(card: int) -> str:
    """One card in words, for a screen reader: ``10 of diamonds``, ``ace of spades``."""
    r = RANKS[rank(card)]
    return f"{_RANK_WORDS.get(r, r)} of {('spades', 'hearts', 'diamonds', 'clubs')[suit(card)]}"


def item_name(name: str) -> str:
    """A score item for people: ``Little Casino``, ``A♠``, ``cards``."""
    if name in CODES:
        return card_name(CODES.index(name))
    return {"little_casino": "Little Casino", "big_casino": "Big Casino"}.get(name, name.replace("_", " "))


def item_words(name: str, points: int) -> str:
    """``Little Casino 1``."""
    return f"{item_name(name)} {points}"


def nobody_words(item: str, why: str) -> str:
    """An item no side won, and why: ``nobody: spades (tied at 4)``."""
    return f"nobody: {item_name(item)} ({why})"


def seat_words(players: Sequence[str] | None, seat: int) -> str:
    """A seat for messages: "Ben (seat 1)", or "seat 1" when the record names no players
    (or names this one "")."""
    return f"{players[seat]} (seat {seat})" if players and players[seat] else f"seat {seat}"


def turn_words(players: Sequence[str] | None, seat: int) -> str:
    """Whose turn it was, for a move another player made: "Ben's turn, seat 1", or "seat
    1's turn" (never "seat 1, Ben", which would name Ben as the player of the move)."""
    return f"{players[seat]}'s turn, seat {seat}" if players and players[seat] else f"seat {seat}'s turn"


def move_seat_words(players: Sequence[str] | None, seat: int, turn: bool) -> str:
    """The seat a line about a move names after it, in parentheses: its player's, "seat 1,
    Ben", or "seat 1" (no name, or ""); of a move another player made (``turn``), whose turn
    it was (:func:`turn_words`)."""
    if turn:
        return turn_words(players, seat)
    return f"seat {seat}" + (f", {players[seat]}" if players and players[seat] else "")


def mover_named(message: str, by_seat: int, seat: int | None, players: Sequence[str] | None) -> str:
    """A message about a move for people: in its first ``by_seat`` characters (the engine's
    words, which know no names and call the mover "seat 1"), the mover named as by
    :func:`seat_words` ("Ben (seat 1)"); the rest (the referee's words) as it is. Only those
    exact words are named, never text that came with a name, a card or a count."""
    if seat is None or not by_seat:
        return message
    named = _SEAT.sub(lambda m: seat_words(players, seat) if int(m[1]) == seat else m[0], message[:by_seat])
    return named + message[by_seat:]


_SEAT = re.compile(r"\bseat (\d+)\b(?!')")  # not "seats 0 & 2", "seat 1's hand"


def side_name(rules: Rules, players: tuple[str, ...] | None, side: int) -> str:
    """A side for people: "Ana & Carla" (its players' names), else its seats, "seats 0 & 2"
    or "seat 1" (as when a name is ""): never its number, which only the JSON gives."""
    members = [players[s] for s in range(rules.players) if rules.side_of(s) == side] if players else []
    return " & ".join(members) if members and all(members) else side_seats(rules, side)


def side_words(rules: Rules, players: Sequence[str] | None, side: int) -> str:
    """A side for messages: a seat as by :func:`seat_words` ("Ana (seat 0)", "seat 0"), a
    partnership by its names ("Ana & Cy"; "greedy & greedy (seats 0 & 2)" where the other
    side has the same names) or its seats ("seats 0 & 2")."""
    if not rules.partnerships:
        return seat_words(players, side)
    return side_names(rules, tuple(players) if players else None)[side]


def twin_sides(players: Sequence[str] | None) -> bool:
    """Whether the two partnerships of 4 named seats read alike (``greedy & greedy`` twice)."""
    return bool(players and len(players) >= 4 and players[0] == players[1] and players[2] == players[3])


def named_reason(reason: str, sides: Sequence[str] | None) -> str:
    """A reason the engine gives for the game's end, which names sides by number ("side 1
    reached 11 first, on cards, although side 0 ended with 12"; "sides 0 and 1 reached 11
    together"), with the sides named by ``sides`` (as from :func:`side_names`; None: as it is)."""
    if not sides:
        return reason
    return _SIDES.sub(lambda m: "".join(listed([sides[int(n)] for n in re.findall(r"\d+", m[1])])), reason)


_SIDES = re.compile(r"\bsides? (\d+(?:(?:, | and )\d+)*)\b")


def side_names(rules: Rules, players: tuple[str, ...] | None) -> list[str]:
    """Every side by :func:`side_name` (its seats without ``players``); where two would read
    alike (copies of one bot), each of those with its seats: "greedy (seat 0)", "greedy (seat 1)"."""
    names = [side_name(rules, players, side) for side in range(rules.sides)]
    return [f"{n} ({side_seats(rules, side)})" if names.count(n) > 1 else n for side, n in enumerate(names)]


def side_seats(rules: Rules, side: int) -> str:
    """Which seats make a side: "seats 0 & 2"."""
    seats = [str(s) for s in range(rules.players) if rules.side_of(s) == side]
    return f"seat{'s' if len(seats) > 1 else ''} {' & '.join(seats)}"


def describe(
    step: Step,
    name: Callable[[int], str] = card_code,
    players: tuple[str, ...] | None = None,
    before: Position | None = None,
) -> str:
    """E.g. "seat 1 raises the 10-build to 12 with 2S" or "Ana (seat 0) takes 3C 5D with 8H — sweep",
    then the record's comment on the move, if any.

    ``name`` writes a card (the code by default; a view may use suit symbols); ``players``
    names the seats; ``before``, the position the move was played from, lets a capture
    name each build it takes with its cards (and groups): "takes the 8-build 3C+5H and 8C with 8D"."""
    words = _describe(step, name, seat_words(players, step.seat), before)
    return f"{words} {{{step.comment}}}" if step.comment else words


def _describe(step: Step, name: Callable[[int], str], seat: str, before: Position | None) -> str:
    move, facts = step.move, step.facts
    rules = step.position.rules

    def codes_of(mask: int) -> list[str]:
        return [name(c) for c in cards_of(mask)]

    card = name(move.card)
    table = " ".join(codes_of(move.cards))
    if move.type == "trail":
        return f"{seat} trails {card}"
    if move.type == "capture":
        builds = [b for b in before.builds if b.cards & move.cards] if before is not None else []
        parts = [f"the {b.value}-build " + build_cards(rules, b.cards, b.value, name) for b in builds]
        rest = move.cards & ~sum(b.cards for b in builds)  # the loose cards taken
        taken = "".join(listed(parts + ([" ".join(codes_of(rest))] if rest else [])))
        return f"{seat} takes {taken} with {card}" + (clear_words(rules.sweeps) if facts.sweep else "")
    old = facts.build
    if facts.kind == "raise" and old is not None:
        return f"{seat} raises the {old.value}-build to {move.value} with {card}" + (
            f" (and {' '.join(codes_of(move.cards & ~old.cards))}; {groups_words(step, name)})"
            if facts.multiple
            else ""
        )
    if facts.kind == "add" and old is not None:
        loose = codes_of(move.cards & ~old.cards)
        return f"{seat} adds {card}{' ' + ' '.join(loose) if loose else ''} to the {move.value}-build"
    return f"{seat} builds {move.value} with {card} and {table}" + (
        f" ({groups_words(step, name)})" if facts.multiple else ""
    )


def build_cards(rules: Rules, cards: int, value: int, name: Callable[[int], str]) -> str:
    """A build's cards joined, "3C+5H", a multiple build's in its groups: "(multiple: 2H+9D and 5C+6D)"."""
    groups = build_groups(rules, cards, value) or ()
    if len(groups) < 2:
        return "+".join(name(c) for c in cards_of(cards))
    return f"({_groups(groups, name)})"


def groups_words(step: Step, name: Callable[[int], str] = card_code) -> str:
    """The groups of the multiple build a move makes: "multiple: 2H+9D and 5C+6D"."""
    move = step.move
    return _groups(build_groups(step.position.rules, move.cards | 1 << move.card, move.value) or (), name)


def _groups(groups: Sequence[int], name: Callable[[int], str]) -> str:
    """The groups of a multiple build in words: "multiple: 2H+9D and 5C+6D"."""
    return "multiple: " + "".join(listed(["+".join(name(c) for c in cards_of(g)) for g in groups]))


def listed(parts: Sequence[T]) -> list[T | str]:
    """``parts`` with the words between them: [a, " and ", b], or [a, ", ", b, " and ", c]."""
    out: list[T | str] = []
    for i, part in enumerate(parts):
        if i:
            out.append(" and " if i == len(parts) - 1 else ", ")
        out.append(part)
    return out


def residue_words(end: HandEnd, name: Callable[[int], str] = card_code, players: tuple[str, ...] | None = None) -> str:
    """E.g. "the cards left on the table, 5C TD, go to seat 1, the last to capture (S2)";
    "" when the last card left none, or nobody captured (the sheet says so)."""
    seat = end.position.last_capture
    if not end.residue or seat is None:
        return ""
    cards = [name(c) for c in cards_of(end.residue)]
    who = seat_words(players, seat)
    left = (
        f"the card left on the table, {cards[0]}, goes"
        if len(cards) == 1
        else f"the cards left on the table, {' '.join(cards)}, go"
    )
    return f"{left} to {who}, the last to capture (S2)"


def clear_words(sweeps_score: bool) -> str:
    """What taking the whole table is called: a sweep where sweeps score, else it just clears the table."""
    return " — sweep" if sweeps_score else " — clears the table"
