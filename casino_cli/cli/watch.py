"""Showing a game as it is played (``casino play``, ``--watch``): the table redrawn in place
after every move and every new deal on a terminal; text lines, the record (json) or JSON
Lines events (jsonl) otherwise."""

from __future__ import annotations

import sys
import time
from collections import deque
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..cards import card_code
from ..engine import HandEnd, HandStart, Position, Step
from ..engine.game import MAX_HANDS, GameEvent
from ..engine.moves import MoveList
from ..engine.scoring import GameStep
from ..notation.fields import dumps
from ..notation.position import position_json
from ..records.describe import describe, residue_words, side_names
from ..records.frames import game_words
from ..records.scoresheet import hand_json
from ..records.session import Session
from .output import Format, console, hanging, write_line
from .plain import card_name, sheet_lines
from .safe_text import shown_names

if TYPE_CHECKING:
    from rich.console import RenderableType

TERMINAL_DELAY = 1.0  # seconds per move when watching on a terminal: time to read "takes 8♦ with 8♠"


def hand_sheet(end: HandEnd) -> dict[str, Any]:
    """The itemised sheet of one hand (a ``casino.score/1`` document with one hand)."""
    sheet: dict[str, Any] = {
        "format": "casino.score/1",
        "hands": [hand_json(end.hand, end.score, end.game.scores)],
        "scores": list(end.game.scores),
        "winner": end.game.winner,
    }
    if end.game.reason:
        sheet["reason"] = end.game.reason
    return sheet


def unfinished_words(hands: int) -> str:
    """The end of a game stopped at the bound on its hands (:data:`MAX_HANDS`) with no winner."""
    return f"the game stops unfinished: no side won in {hands} hands, the most a game is played"


def sheet_ending(end: HandEnd) -> str:
    """What a hand's sheet says under it when no side has won: the game goes on, or, at the
    bound on its hands, stops unfinished."""
    return unfinished_words(end.hand) if end.hand >= MAX_HANDS else "the game goes on"


def event_json(event: GameEvent, players: Sequence[str] | None = None) -> dict[str, Any]:
    """One JSON Lines event of a watched game (docs/notation.md, ``casino play``); a deal
    names the seats' ``players`` as the game's record does, when it names them."""
    if isinstance(event, HandStart):
        named = {"players": list(players)} if players else {}
        return {"event": "deal", "hand": event.hand, **named, "position": position_json(event.position)}
    if isinstance(event, Step):
        return {
            "event": "move",
            "hand": event.hand,
            "move": event.number,
            "seat": event.seat,
            "text": event.move.text(),
            "sweep": event.facts.sweep,
        }
    return {"event": "score", **hand_sheet(event)["hands"][0], "winner": event.game.winner}


class Watcher:
    """Where the events of a game go; ``viewer`` is the person's seat (others' hands hidden),
    ``players`` the record's names of the seats, which every view names them by, as replay does."""

    def __init__(
        self,
        fmt: Format,
        delay: float | None,
        viewer: int | None,
        interactive: bool,
        players: Sequence[str] | None = None,
    ):
        self.fmt = fmt
        self.viewer = viewer
        self.players = tuple(players) if players else None  # as the record has them (jsonl)
        self.names = shown_names(self.players)
        self.interactive = interactive
        self.out = console() if fmt == Format.pretty or interactive else None
        self.live = None
        if self.out is not None and not interactive and sys.stdout.isatty():
            from rich.live import Live

            self.live = Live(console=self.out, auto_refresh=False, screen=False, transient=False)
            self.live.start()
        self.delay = delay if delay is not None else (TERMINAL_DELAY if self.live is not None else 0.0)
        self.recent: deque[tuple[str, str]] = deque(maxlen=5)  # the last moves under the table: (head, words)
        self.last_game: GameStep | None = None
        self._deal: int | None = None
        self._since = 0  # lines printed since the person's last board (the others' moves)
        self._before: Position | None = None  # the position the next move is played from

    def show(self, events: list[GameEvent]) -> None:
        """Show each event as the chosen output wants it; a move is played from the position
        of the event before it (or of the person's last board)."""
        for event in events:
            if isinstance(event, HandEnd):
                self.last_game = event.game
            if self.fmt == Format.jsonl and not self.interactive:
                write_line(dumps(event_json(event, self.players)))
            elif self.fmt == Format.text and not self.interactive:
                self._text(event)
            elif self.out is not None and self.live is None:
                self._lines(event)
            elif self.live is not None:
                self._redraw(event)  # it waits its own delay
            if self.live is None and self.delay and not self.interactive and isinstance(event, Step):
                self._wait()
            self._before = event.position

    def _words(self, step: Step, name: Callable[[int], str] = card_code) -> str:
        """The move in words, a capture naming the builds it takes: "takes the 7-build 2C+5H and 7D with 7S"."""
        return describe(step, name, self.names, self._before)

    def _wait(self) -> None:
        """--delay after a move written line by line (text, jsonl, or lines for people):
        what is written so far goes out first. The record of -f json is written at the end."""
        if self.fmt == Format.json:
            return
        if self.out is not None:
            self.out.file.flush()
        sys.stdout.flush()
        time.sleep(self.delay)

    def _text(self, event: GameEvent) -> None:
        if isinstance(event, HandStart):
            if event.hand == 1:  # the rules the game is played under, as -o writes them
                write_line(f"watch: {event.position.rules}")
            write_line(f"hand {event.hand}")
        elif isinstance(event, Step):
            write_line(f"  {event.number:>2}. {self._words(event)}")
        else:
            rules = event.position.rules
            if event.residue:
                write_line(f"  {residue_words(event, players=self.names)}")
            sides = side_names(rules, self.names)
            for line in sheet_lines(hand_sheet(event), rules, sides, before=event.position.scores)[:-1]:
                write_line(line)
            write_line(game_words(event.game, rules, self.names))

    def answered(self) -> None:
        """The person answered a prompt (the hand's end): what was printed before it need
        not stay in view under the next board."""
        self._since = 0

    def _lines(self, event: GameEvent) -> None:
        from rich.rule import Rule
        from rich.text import Text

        from .render import rule_set_words, score_view

        if isinstance(event, HandStart):
            if event.hand == 1 and not self.interactive:  # a person playing sees them on the board
                self._put(Text(f"watch: {rule_set_words(event.position.rules)}", style="bold"))
            self._put(Rule(f"hand {event.hand}"))
        elif isinstance(event, Step):
            self._log(f"  {event.number:>2}. ", self._words(event, card_name), "bold" if event.facts.sweep else "")
        else:
            if event.residue:
                self._log("  ", residue_words(event, card_name, self.names))
            rules = event.position.rules
            sides = side_names(rules, self.names)
            if self.viewer is not None:  # the person's side is theirs
                mine = rules.side_of(self.viewer)
                sides = [f"{name} (you)" if side == mine else name for side, name in enumerate(sides)]
            self._put(score_view(hand_sheet(event), rules, sides, sheet_ending(event), event.position.scores))

    def _log(self, head: str, words: str, style: str = "") -> None:
        """A line of the game's log, going on under its words where the screen is too narrow."""
        from rich.text import Text

        assert self.out is not None
        self._put(Text(hanging(head, words, self.out.width), style=style))

    def _put(self, shown: RenderableType) -> None:
        """Print for people, counting the lines it takes: the person's next board makes room for them."""
        assert self.out is not None
        self._since += self._height(shown)
        self.out.print(shown)

    def _height(self, shown: RenderableType) -> int:
        """The lines ``shown`` takes on the screen as it is now."""
        assert self.out is not None
        return len(self.out.render_lines(shown, self.out.options))

    def _redraw(self, event: GameEvent) -> None:
        """The table after this event, in place of the one before."""
        from rich.console import Group
        from rich.text import Text

        from .render import position_view, score_view

        assert self.live is not None
        pause = self.delay
        parts: list[Any] = []
        if isinstance(event, HandStart):
            self.recent.clear()
            self.recent.append(("", f"hand {event.hand}: the cards are dealt"))
        elif isinstance(event, Step):
            self.recent.append((f"{event.number:>2}. ", self._words(event, card_name)))
            if event.position.deal != (self._deal or event.position.deal):
                self.recent.append(("", f"deal {event.position.deal}: four new cards each"))
        elif event.residue:
            self.recent.append(("", residue_words(event, card_name, self.names)))
        self._deal = event.position.deal
        parts.append(Text(f"hand {event.hand}", style="bold"))
        if not isinstance(event, HandEnd):  # at the end the sheet takes the board's place: both overfill 24 lines
            parts.append(position_view(event.position, names=self.names))
        assert self.out is not None
        width = self.out.width  # a line too long goes on under its words, as in a game played
        parts.append(
            Text("\n".join(hanging(head, words, width, indent=" " * (len(head) or 2)) for head, words in self.recent))
        )
        if isinstance(event, HandEnd):
            parts.append(
                score_view(
                    hand_sheet(event),
                    event.position.rules,
                    side_names(event.position.rules, self.names),
                    sheet_ending(event),
                    event.position.scores,
                )
            )
            pause *= 3
        self.live.update(Group(*parts), refresh=True)
        if pause:
            time.sleep(pause)

    def board(self, position: Position, listing: MoveList) -> None:
        """The person's view before a move: the table as their seat sees it, and their moves,
        each with what it does where the screen has room for that under the table and the
        others' moves since the last board (with a line left for the prompt and one for a
        message), else in columns of notation, as many as the room under the table holds
        (the others' moves may scroll away for them)."""
        from .render import compact_moves_view, position_view

        assert self.out is not None
        self._before = position  # after an undo, too
        view = position_view(position, self.viewer, self.names)
        full = self.moves(position, listing)
        room = self.out.height - 2 - self._height(view)
        self.out.print(view)
        if self._since + self._height(full) > room:
            full = compact_moves_view(listing.moves, listing.truncated, self.out.width, room)
        self.out.print(full)
        self._since = 0

    @staticmethod
    def moves(position: Position, listing: MoveList) -> RenderableType:
        """The moves in full: number, notation, card, and what each does."""
        from .render import moves_view

        return moves_view(listing.moves, listing.facts, listing.truncated, position.rules)

    def stop(self) -> None:
        """Before a message on a stop: the live view taken down, the prompt's line ended."""
        if self.live is not None:
            self.live.stop()
            self.live = None
        elif self.interactive and self.out is not None:
            self.out.print()

    def close(self, session: Session, left: bool = False) -> None:
        """The end: the record (json), or the result in words, a game stopped at the bound on
        its hands said to be unfinished (nothing more for a game left part-way)."""
        if self.live is not None:
            self.live.stop()
        if left:
            return
        won = self.last_game is not None and self.last_game.winner is not None
        words = unfinished_words(session.hand)
        if self.last_game is not None and won:
            rules = session.rules
            you = None if self.viewer is None else rules.side_of(self.viewer)
            words = game_words(self.last_game, rules, self.names, you)
        if self.fmt == Format.json and not self.interactive:
            write_line(dumps(session.record()))
        elif self.out is not None:
            self.out.print(words, style="bold green" if won else "bold yellow", markup=False)
        elif self.fmt == Format.text and not won:  # a won game's last line says so already
            write_line(words)
