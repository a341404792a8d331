"""``casino play``: a person against bots in the terminal, or (``--watch``) bots alone."""

from __future__ import annotations

import random
import sys
import time
from typing import TYPE_CHECKING

from ..engine import Bot, GameEvent, HandEnd, HandStart, IllegalMove, Move, MoveList, Position, Step, judge
from ..engine.bots import find_bot
from ..notation.errors import NotationError
from ..notation.fields import dumps
from ..notation.moves import parse_move_text
from ..records.describe import describe
from ..records.selfplay import play_game
from .cmd_simulate import parse_bots
from .common import rules_from_options
from .output import INTERRUPTED, Fail, Format, console, resolve_format, write_line
from .plain import card_name

if TYPE_CHECKING:
    from rich.console import Console


class _Quit(Exception):
    """The person typed q."""


def run_play(
    seed: str,
    variant: str,
    players: int,
    partnerships: bool | None,
    options: list[str],
    bots: str,
    watch: bool,
    delay: float,
    save: str | None,
    fmt: Format | None,
) -> None:
    rules = rules_from_options(variant, players, partnerships, options)
    fmt = resolve_format(fmt)
    seats = [find_bot(name) for name in parse_bots(bots, rules.players)]
    out = console() if fmt == Format.pretty else None
    show = _Show(out, delay if watch else 0)
    if not watch:
        if not sys.stdin.isatty():
            raise Fail(2, "playing needs a terminal for your moves; use --watch to let bots play")
        seats[0] = _human(out or console())
    try:
        record = play_game(rules, seed, seats, observer=show)
    except _Quit:
        raise Fail(INTERRUPTED, "game abandoned") from None
    if save:
        with open(save, "wb") as fh:
            fh.write(dumps(record) + b"\n")
        show.say(f"record written to {save} (casino validate {save} referees it)")
    elif not watch:
        name = (out or console()).input("Save the game record? file name (empty to skip): ").strip()
        if name:
            with open(name, "wb") as fh:
                fh.write(dumps(record) + b"\n")


class _Show:
    """Prints each event: a line per move, the table now and then, the score per hand."""

    def __init__(self, out: Console | None, delay: float):
        self.out = out
        self.delay = delay

    def say(self, text: str, style: str = "") -> None:
        if self.out is None:
            write_line(text)
        else:
            self.out.print(text, style=style, markup=False, highlight=False)

    def __call__(self, event: GameEvent) -> None:
        if isinstance(event, HandStart):
            if self.out is not None:
                from .render import position_view

                self.out.rule(f"hand {event.hand}")
                self.out.print(position_view(event.position))
            else:
                self.say(f"hand {event.hand}")
        elif isinstance(event, Step):
            words = describe(event, card_name) if self.out is not None else describe(event)
            self.say(f"  {event.number:>2}. {words}", "bold" if event.facts.sweep else "")
            if self.delay:
                time.sleep(self.delay)
        elif isinstance(event, HandEnd):
            self.say(
                f"hand {event.hand}: points {' – '.join(map(str, event.score.points))}, "
                f"game {' – '.join(map(str, event.game.scores))}"
                + (f"; side {event.game.winner} wins: {event.game.reason}" if event.game.winner is not None else ""),
                "bold green",
            )


def _human(out: Console) -> Bot:
    """A bot that asks the person at the terminal."""
    from .render import moves_view, position_view

    def choose(position: Position, listing: MoveList, rng: random.Random) -> Move:
        hidden = tuple(h if seat == position.turn else None for seat, h in enumerate(position.hands))
        out.print(position_view(position._replace(hands=hidden)))  # the bots' hands stay hidden
        out.print(moves_view(listing.moves, listing.facts, listing.truncated))
        while True:
            answer = out.input("Your move (number or text, q to quit): ").strip()
            if answer.lower() in ("q", "quit"):
                raise _Quit()
            if answer.isdigit() and 1 <= int(answer) <= len(listing.moves):
                return listing.moves[int(answer) - 1]
            try:
                move = parse_move_text(answer)
                judge(position, move)
                return move
            except (NotationError, IllegalMove) as exc:
                out.print(f"[red]{exc}[/red]")

    return choose
