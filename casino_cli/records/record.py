"""Reading game records (``casino.record/1``): the document, its hands and their claims.

Moves are kept as written: an unreadable move is a finding of the referee at that
move, not a failure of the whole record. Everything else that cannot be read is a
:class:`NotationError` for the record.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..engine.deal import MAX_SEED_BYTES, SHUFFLE
from ..engine.rules import MAX_SCORE, Rules
from ..errors import plural, shown
from ..notation.errors import NotationError
from ..notation.fields import (
    MAX_HANDS,
    MAX_MOVES,
    MAX_NAME,
    MAX_SHOWN,
    expect_bool,
    expect_int,
    expect_list,
    expect_object,
    expect_str,
    read_card_list,
    read_card_set,
    user_keys,
)
from ..notation.position import check_format, read_rules

RECORD_FORMAT = "casino.record/1"
A_RECORD = "a Record (read_record reads one)"  # what a function taking a Record says of anything else
_RECORD_KEYS = ("format", "rules", "players", "seed", "shuffle", "hands", "result")
_HAND_KEYS = ("dealer", "deck", "table", "moves", "score", "shown")
_SHOWN_KEYS = ("after", "seat", "cards", "all")
_RESULT_KEYS = ("scores", "winner")


class HandRecord(NamedTuple):
    """One hand as recorded: its cards are a ``deck``, the record's seed, or only ``table``."""

    number: int  # 1-based
    dealer: int | None
    deck: tuple[int, ...] | None  # dealing order
    table: int | None  # the first four table cards (a hand written down at a table)
    moves: list[Any]  # as written: text or object
    score: tuple[int, ...] | None  # claimed points per side
    extra: tuple[Any, ...]
    shown: tuple[Shown, ...] = ()  # what seats were seen to hold (a hand written at a table)


class Shown(NamedTuple):
    """After move ``after`` of its hand (0: before the first), ``seat`` held ``cards``
    (``all``: and no others)."""

    after: int
    seat: int
    cards: int
    all: bool
    place: int  # its index in the hand's "shown" list


class Record(NamedTuple):
    """A game record; ``result`` is the claimed final scores and winner, if given."""

    rules: Rules
    players: tuple[str, ...] | None
    seed: str | None
    shuffle: str | None
    hands: tuple[HandRecord, ...]
    result: tuple[tuple[int, ...] | None, int | None] | None
    extra: tuple[Any, ...]


def read_record(value: object, path: str = "$") -> Record:
    """A ``casino.record/1`` document (moves left unread; see the module docstring)."""
    check_format(value, RECORD_FORMAT, path)
    obj = expect_object(value, path, _RECORD_KEYS, ("format", "rules", "hands"))
    rules = read_rules(obj["rules"], f"{path}.rules")
    players = None
    if "players" in obj:
        names = expect_list(obj["players"], f"{path}.players", 4)
        players = tuple(expect_str(n, f"{path}.players[{i}]") for i, n in enumerate(names))
        long = next((i for i, name in enumerate(players) if len(name) > MAX_NAME), None)
        if long is not None:  # shown at every move: a long one would fill pages, and take minutes to draw
            raise NotationError(
                f"a name of {len(players[long]):,} characters is too long (at most {MAX_NAME:,})",
                f"{path}.players[{long}]",
            )
        if len(players) != rules.players:
            said = ", ".join(shown(name, 24) for name in players)  # '&' or 'and' read as a name shows here
            raise NotationError(
                f"{plural(len(players), 'name')} for {rules.players} players: {said}", f"{path}.players"
            )
    seed = expect_str(obj["seed"], f"{path}.seed") if "seed" in obj else None
    if seed is not None and len(seed.encode("utf-8", "surrogatepass")) > MAX_SEED_BYTES:
        raise NotationError(f"a seed is at most {MAX_SEED_BYTES} bytes", f"{path}.seed")
    shuffle = expect_str(obj["shuffle"], f"{path}.shuffle") if "shuffle" in obj else None
    # A seed deals the hands only for this project's shuffle; for another it is provenance.
    dealing_seed = seed if shuffle in (None, SHUFFLE) else None
    hands = tuple(
        _read_hand(h, f"{path}.hands[{i}]", i + 1, rules, dealing_seed, None if seed is None else shuffle)
        for i, h in enumerate(expect_list(obj["hands"], f"{path}.hands", MAX_HANDS))
    )
    result = _read_result(obj["result"], f"{path}.result", rules) if "result" in obj else None
    return Record(rules, players, seed, shuffle, hands, result, user_keys(obj))


def _at_a_table(number: int) -> str:
    """How hand ``number`` played at a table is written: its first 4 table cards, and the
    first hand its dealer (a later one's follows from D4)."""
    if number == 1:
        return (
            'a hand played at a table gives its dealer and first 4 table cards ("dealer": 1, "table": ["7D", "2C",'
            ' "9S", "KH"]; in casino text, Hand 1 dealer 1 table 7D 2C 9S KH)'
        )
    return (
        'a hand played at a table gives its first 4 table cards ("table": ["7D", "2C", "9S", "KH"]; in casino text,'
        f" Hand {number} table 7D 2C 9S KH)"
    )


def _read_hand(
    value: object, path: str, number: int, rules: Rules, seed: str | None, other_shuffle: str | None = None
) -> HandRecord:
    """One hand of a record; ``seed`` deals it when it gives neither deck nor table (with
    ``other_shuffle``, the algorithm named beside a seed, which is then not for dealing)."""
    obj = expect_object(value, path, _HAND_KEYS)
    dealer = _expect_seat(obj["dealer"], f"{path}.dealer", rules) if "dealer" in obj else None
    deck = table = None
    if "deck" in obj:
        if "table" in obj:
            raise NotationError("a hand gives its deck or its table cards, not both", f"{path}.table")
        deck = tuple(read_card_list(obj["deck"], f"{path}.deck"))
        if len(deck) != 52:
            raise NotationError(f"a deck holds 52 cards, not {len(deck)}", f"{path}.deck")
    elif "table" in obj:
        table = read_card_set(obj["table"], f"{path}.table")
        if table.bit_count() != 4:
            raise NotationError(f"the first deal puts 4 cards on the table, not {table.bit_count()}", f"{path}.table")
        if dealer is None and number == 1:  # later hands' dealers follow from D4, as for any hand
            raise NotationError("the first hand written down at the table (no deck) must give its dealer", path)
    elif seed is None:
        why = (
            f"the record's seed is for the {other_shuffle} shuffle, which casino cannot deal (it deals {SHUFFLE} only)"
            if other_shuffle not in (None, SHUFFLE)
            else f"the record has no seed for the {SHUFFLE} algorithm"
        )
        raise NotationError(f"the hand gives no deck and no table cards, and {why}: {_at_a_table(number)}", path)
    moves = expect_list(obj.get("moves", []), f"{path}.moves", MAX_MOVES)
    score = None
    if "score" in obj:
        score = _read_per_side(obj["score"], f"{path}.score", rules)
    shown: tuple[Shown, ...] = ()
    if "shown" in obj:
        if table is None:
            raise NotationError("shown evidence is for a hand written down at the table (no deck)", f"{path}.shown")
        items = expect_list(obj["shown"], f"{path}.shown", MAX_SHOWN)
        shown = tuple(_read_shown(item, f"{path}.shown[{i}]", i, rules) for i, item in enumerate(items))
    return HandRecord(number, dealer, deck, table, moves, score, user_keys(obj), shown)


def _expect_seat(value: object, path: str, rules: Rules) -> int:
    """A seat number; the seat one past the last, as a scorer counting seats from 1 writes the
    last one (dealer 2 of two players), is refused saying that seats are counted from 0."""
    try:
        return expect_int(value, path, 0, rules.players - 1)
    except NotationError as exc:
        if value == rules.players and type(value) is int:
            raise NotationError(f"{exc.message}: seats are counted from 0", path) from None
        raise


def _read_shown(value: object, path: str, index: int, rules: Rules) -> Shown:
    """One ``shown`` entry; ``after`` counts moves of the hand (at most its last move)."""
    obj = expect_object(value, path, _SHOWN_KEYS, ("after", "seat", "cards"))
    last = 52 - 4
    after = expect_int(obj["after"], f"{path}.after", 0, last)
    seat = _expect_seat(obj["seat"], f"{path}.seat", rules)
    cards = read_card_set(obj["cards"], f"{path}.cards")
    if cards.bit_count() > 4:
        raise NotationError(f"a seat holds at most 4 cards, not {cards.bit_count()}", f"{path}.cards")
    everything = expect_bool(obj["all"], f"{path}.all") if "all" in obj else False
    return Shown(after, seat, cards, everything, index)


def _read_per_side(value: object, path: str, rules: Rules) -> tuple[int, ...]:
    items = expect_list(value, path, 4)
    if len(items) != rules.sides:
        raise NotationError(f"expected {rules.sides} numbers (one per side), found {len(items)}", path)
    return tuple(expect_int(v, f"{path}[{i}]", -MAX_SCORE, MAX_SCORE) for i, v in enumerate(items))


def _read_result(value: object, path: str, rules: Rules) -> tuple[tuple[int, ...] | None, int | None]:
    obj = expect_object(value, path, _RESULT_KEYS)
    scores = _read_per_side(obj["scores"], f"{path}.scores", rules) if "scores" in obj else None
    winner = obj.get("winner")
    if winner is not None:
        winner = expect_int(winner, f"{path}.winner", 0, rules.sides - 1)
    return scores, winner
