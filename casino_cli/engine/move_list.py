"""The legal moves of a position as a sequence: :class:`MoveList`.

Its own module, and plain Python in a compiled engine (setup.py): mypyc does not compile a
``collections.abc.Sequence`` whose slots are set directly, as :func:`_make_move_list` does.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, overload

from ..errors import plural, shown

if TYPE_CHECKING:  # at run time moves.py sets them here, once they exist (for typing.get_type_hints)
    from .moves import Move as Move
    from .moves import MoveFacts as MoveFacts


class MoveList(Sequence["Move"]):
    """The legal moves of a position, in canonical order: an immutable sequence of
    :class:`Move` (``len``, ``in``, indexing, iteration), with what each move does
    (:meth:`facts_of`, or ``facts`` in the same order) and whether the listing was cut
    short by its bounds (``truncated``: the moves listed are legal, others may exist).

    >>> from casino_cli.engine import legal_moves, make_rules, seeded_deck, start_position
    >>> listing = legal_moves(start_position(make_rules("royal"), seeded_deck("7"), dealer=1))
    >>> len(listing), listing[0], listing.truncated
    (10, <Move 2C+AH+8D=11>, False)
    >>> listing.facts_of(listing[0]).kind
    'new'
    """

    __slots__ = ("moves", "facts", "truncated")
    moves: tuple[Move, ...]  # the moves as a tuple
    facts: tuple[MoveFacts, ...]  # facts[i] is what moves[i] does
    truncated: bool

    def __new__(cls, moves: Iterable[Move], facts: Iterable[MoveFacts], truncated: bool = False) -> MoveList:
        moves, facts = tuple(moves), tuple(facts)
        if len(moves) != len(facts):
            raise ValueError(f"{len(moves)} moves but {len(facts)} facts")
        return _make_move_list(moves, facts, truncated)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a MoveList is immutable (cannot set {name!r})")

    def __reduce__(self) -> tuple[type[MoveList], tuple[tuple[Move, ...], tuple[MoveFacts, ...], bool]]:
        return MoveList, (self.moves, self.facts, self.truncated)

    def __len__(self) -> int:
        return len(self.moves)

    @overload
    def __getitem__(self, index: int) -> Move: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Move, ...]: ...
    def __getitem__(self, index: int | slice) -> Move | tuple[Move, ...]:
        return self.moves[index]

    def __iter__(self) -> Iterator[Move]:
        return iter(self.moves)

    def __contains__(self, move: object) -> bool:
        return move in self.moves

    def index(self, move: object, start: int = 0, stop: int = sys.maxsize) -> int:
        """The position of ``move`` in the listing (a ValueError saying why if it is not listed)."""
        try:
            return self.moves.index(move, start, stop)
        except ValueError:
            raise ValueError(self._not_listed(move, start, stop)) from None

    def _not_listed(self, move: object, start: int, stop: int) -> str:
        """Why ``move`` is not found from ``start`` to ``stop``, in words a caller can act on."""
        if not isinstance(move, Move):
            return f"{shown(move)} is a {type(move).__name__}, not a Move: parse_move_text reads a move's text"
        if move in self.moves:
            searched = f"[{start}:{'' if stop == sys.maxsize else stop}]"
            return f"{move.said()} is move {self.moves.index(move)} of the listing, outside {searched}"
        if self.truncated:
            listed = plural(len(self.moves), "move")
            return (
                f"{move.said()} is not among the {listed} listed, a listing cut short by its bounds"
                " (truncated): judge says whether it is legal"
            )
        return f"{move.said()} is not a legal move here: the legal moves are {_shown_moves(self.moves)}"

    def facts_of(self, move: Move) -> MoveFacts:
        """What a listed ``move`` does (ValueError if it is not listed)."""
        return self.facts[self.index(move)]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MoveList):
            return NotImplemented
        return (self.moves, self.facts, self.truncated) == (other.moves, other.facts, other.truncated)

    def __hash__(self) -> int:
        return hash((self.moves, self.facts, self.truncated))

    def __repr__(self) -> str:
        cut = ", truncated" if self.truncated else ""
        return (
            f"<MoveList of {len(self.moves)}{cut}: {_shown_moves(self.moves)}>"
            if self.moves
            else f"<MoveList of 0{cut}>"
        )

    def __str__(self) -> str:
        return " ".join(m.text() for m in self.moves)


def _shown_moves(moves: tuple[Move, ...]) -> str:
    """The first 8 of ``moves`` by their text (``...`` after them if there are more)."""
    return " ".join(m.text() for m in moves[:8]) + (" ..." if len(moves) > 8 else "")


_set_moves = MoveList.moves.__set__  # type: ignore[attr-defined]
_set_facts = MoveList.facts.__set__  # type: ignore[attr-defined]
_set_truncated = MoveList.truncated.__set__  # type: ignore[attr-defined]
_new_object = object.__new__


def _make_move_list(moves: tuple[Move, ...], facts: tuple[MoveFacts, ...], truncated: bool) -> MoveList:
    """A MoveList without the checks of its constructor (the listing's fast path)."""
    out = _new_object(MoveList)
    _set_moves(out, moves)
    _set_facts(out, facts)
    _set_truncated(out, truncated)
    return out
