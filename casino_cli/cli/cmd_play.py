"""``casino play``: a person against bots in the terminal, or (``--watch``) bots alone.

The person (seat 0) sees only what that seat may see: their own hand, the table, and
the other hands as a number of cards, at every board. The record is written to the file
of ``--save`` or ``s FILE`` (written whole) when the game ends, is left part-way, or is
interrupted; a game kept in no file asks for one at its end, or, stopped, goes to a new
file (keeping.py).
"""

from __future__ import annotations

import contextlib
import os
import random
import re
import shlex
import sys
from typing import TYPE_CHECKING, NamedTuple

from ..engine import HandEnd, HandStart, IllegalMove, Move, MoveList, Position, judge
from ..engine.views import Bot, BotError, ask, seat_rngs
from ..notation.errors import NotationError
from ..notation.fields import MAX_NAME, name_key
from ..notation.moves import parse_move_text
from ..records.botproto import for_seat, load_bot
from ..records.describe import cards_named
from ..records.session import Moment, Session
from .cmd_simulate import parse_bots
from .common import rules_from_options, seed_or_random
from .keeping import Keeper, save_word, tell
from .output import (
    INTERRUPTED,
    IO_ERROR,
    USAGE,
    Fail,
    Format,
    Interrupted,
    console,
    fitting,
    hanging,
    resolve_format,
    say,
    typed,
    typed_number,
    utf8_argument,
)
from .picture_files import check_target
from .process import io_error_message
from .watch import Watcher, hand_sheet

if TYPE_CHECKING:
    from rich.console import Console

    from ..engine.rules import Rules

PERSON = 0
QUIT = ("q", "quit", "exit")
HELPS = ("?", "help")
# The prompt's other keys, each with the command it asks for.
COMMANDS = {key: command for command in ("undo", "hint", "list", "board") for key in (command[0], command)}
HELP = (
    "Type the number of a move from the list, or the move itself: 8H (trail), 8Hx3C+5D (capture), "
    "2C+4H=6 (build); Enter plays your only move when you have one. "
    "l: the moves with what each does · b: the board again · u: undo your last move · h: hint · "
    "s FILE: save the record so far into FILE (and there again when the game ends or you leave) · ?: this help · "
    "q (or Ctrl-D): leave the game (without a file to save to, you are asked for one)."
)
PROMPTS = ("Your move (number or text; h hint, u undo, ? help, q quit): ", "Your move (? help, q quit): ")
ONLY = (  # the prompt when the person has one legal move, which Enter plays: {} is the move
    "Your move: {}, the only one; Enter plays it (u undo, ? help, q quit): ",
    "Your move: {}, the only one (Enter plays it): ",
    "Your move: {} (only one; Enter): ",
)
NOT_KEPT = "the game's record is not kept"
UNSAVED = "s FILE at the prompt keeps the record"  # told at the start, without --save
TYPING = 12  # the room a prompt leaves on its line for the answer: a capture such as ASx2D+2C+TC


class Answer(NamedTuple):
    """What the person typed: a move, a command (undo, quit), or something to tell them."""

    move: Move | None = None
    command: str = ""
    message: str = ""
    file: str = ""  # of s FILE


def hint_words(position: Position, listing: MoveList, width: int) -> str:
    """The three best moves by expected points, from what the seat to play can see (the
    same search as ``casino hint``), with their numbers in the list and what each does,
    and, when there are more, how many there are; where the hand can decide the game, the
    moves that win it first, each saying what it does to the game. A move's line too long
    for ``width`` goes on under its move, broken between words (its game words kept whole)."""
    from ..engine.search import analyse
    from ..engine.views import observe
    from .cmd_hint import points_text
    from .render import does_text

    assert position.turn is not None
    ranked = analyse(observe(position, position.turn), listing, random.Random("play/hint"), game=True)
    numbers = {move: i for i, move in enumerate(listing.moves, 1)}
    game = {1: "wins the game", 0: "the game goes on", -1: "loses the game"} if any(r.game for r in ranked) else {}
    points = max((len(points_text(r.value)) for r in ranked[:3]), default=0)
    best = ""
    for r in ranked[:3]:
        does = f"{r.move.text()}: {does_text(r.move, listing.facts_of(r.move), position.rules).plain}"
        words, last = _with_game(does, game.get(r.game or 0, ""))
        best += "\n" + hanging(f"  {numbers[r.move]:>2}. {points_text(r.value):>{points}}  ", words, width, last)
    which = f"the best {min(3, len(ranked))} of {len(ranked)}" if len(ranked) > 3 else "best first"
    value = f"expected points, {_margin_words(position.rules)}"
    by = f"moves that win the game first, then {value}" if game else f"{value}, from what you can see"
    return f"hint ({by}, {which}):{best}"


def _margin_words(rules: Rules) -> str:
    """What a hint's value counts, so that a negative one reads as it is meant: the
    mover's side's points less the others' (their mean with more than two sides)."""
    if rules.sides > 2:
        return "yours less the others' mean"
    return "your side's less the other side's" if rules.partnerships else "yours less your opponent's"


def _with_game(does: str, game: str) -> tuple[str, str]:
    """A hint's words and, apart (kept whole on its line), what the move does to the ``game``
    in parentheses, with the note that ends the words where there is one: ``2S+5H+6S+KH=13:
    builds 13 as K♥ and 2♠+5♥+6♠`` and ``(multiple; loses the game)``, never two in a row."""
    if not game:
        return does, ""
    note = re.search(r" \(([^()]*)\)$", does)
    return (does[: note.start()], f"({note[1]}; {game})") if note else (does, f"({game})")


def move_prompt(width: int, listing: MoveList) -> str:
    """The prompt for a move, naming the keys where a line of ``width`` has room, else only
    ? and q: on one line, which the board keeps for it. A move that is the only one is
    named, with the key that plays it (Enter)."""
    if len(listing.moves) == 1:
        only = listing.moves[0].text()
        return fitting([prompt.format(only) for prompt in ONLY], width, TYPING)
    return fitting(PROMPTS, width, TYPING)


def read_answer(text: str, position: Position, listing: MoveList) -> Answer:
    """One line typed at the prompt; nothing is ever taken as a move by mistake."""
    word = text.strip()
    lower = word.lower()
    count = len(listing.moves)
    if lower in QUIT:
        return Answer(command="quit")
    if lower in HELPS:
        return Answer(message=HELP)
    if lower in COMMANDS:
        return Answer(command=COMMANDS[lower])
    file = save_word(word)
    if file is not None:
        return Answer(command="save", file=file)
    if not word and count == 1:  # the only move, which the prompt names
        return Answer(listing.moves[0])
    if not word:
        return Answer(message=f"choose a move: a number from 1 to {count}, or a move such as 8H; ? for help")
    digits = typed_number(word.lstrip("+-"))
    if digits is not None:
        number = 0 if word.startswith("-") else digits
        if 1 <= number <= count:
            return Answer(listing.moves[number - 1])
        return Answer(message=f"there {'is 1 move' if count == 1 else f'are {count} moves'}: choose 1 to {count}")
    try:
        move = parse_move_text(word, "")
    except NotationError as exc:
        why = exc.message.removeprefix(f"in move {word!r}: ").removeprefix(f"{word!r}: ")
        return Answer(message=f"{word!r} is not a move or a command: {why}; ? for help")
    try:
        judge(position, move)
    except IllegalMove as exc:
        return Answer(message=f"{move.text()} is not allowed: {refusal(exc)}")
    return Answer(move)


def refusal(exc: IllegalMove) -> str:
    """Why a typed move is refused, said to the player: its cards by suit symbol as the board
    shows them, and the rule it breaks cited by its ID ("9♦ is not on the table (C1)"); the
    engine's other kinds ("card": a card you do not hold) are no rule of docs/rules.md."""
    why = cards_named(to_you(exc.message, PERSON))
    return f"{why} ({exc.rule})" if re.fullmatch(r"[A-Z]+\d+", exc.rule) else why


_VERBS = {"does not hold": "do not hold", "owns": "own"}  # the engine's verbs after "seat N", said to "you"


def to_you(message: str, seat: int) -> str:
    """A refusal in the engine's words, which call the mover by its seat ("seat 0 would hold
    no card to capture 7", "its own 7-build"), said to the person at the keyboard: "you
    would hold …", "your own 7-build". A message about anything else is left as it is."""
    lead = f"seat {seat} "
    if not message.startswith(lead):
        return message
    rest = re.sub(r"\bits\b", "your", message.removeprefix(lead))
    verb = next((v for v in _VERBS if rest.startswith(v)), "")
    return f"you {_VERBS[verb]}{rest.removeprefix(verb)}" if verb else f"you {rest}"


def run_play(
    seed: str | None,
    variant: str,
    players: int,
    partnerships: bool | None,
    options: list[str],
    bots: str,
    name: str | None,
    watch: bool,
    delay: float | None,
    save: str | None,
    fmt: Format | None,
) -> None:
    rules = rules_from_options(variant, players, partnerships, options)
    if not watch and fmt not in (None, Format.pretty):  # it was silently ignored
        raise Fail(USAGE, f"--format {fmt.value} goes with --watch: a game you play is drawn on the terminal")
    person = _person_name(name, watch)
    check_target(save, [], "--save", "the record")  # stdout is the table's (or, watched, the game's data)
    fmt = resolve_format(fmt)
    if not watch:
        _check_terminal()
    first = 0 if watch else PERSON + 1  # the names are the bots' seats: every seat, or the others'
    names = parse_bots(bots, rules.players - first)
    chosen, seed = seed, seed_or_random(seed, tell=watch)  # told once the options are known to be right
    seats: list[Bot | None] = [None] * first + [for_seat(load_bot(name)) for name in names]  # a program each
    named = names if watch else None if person is None else table_names(person, names)  # watched: as simulate's
    seated = [f"seat {seat}: {name}" for seat, name in enumerate((named or names)[-len(names) :], first)]
    you = f"you are seat {PERSON}" + (f" ({person})" if person else "")
    lineup = ", ".join(seated)
    say(lineup if watch else f"{you}; {lineup}" + ("" if save else f"; {UNSAVED}"), [*seated, "s FILE"])
    if save is not None and not watch and os.path.isfile(save) and os.path.getsize(save):
        say(
            f"{save} already exists: this game's record replaces it once you play a move (q before one leaves it"
            f" as it was); a game saved there is not played on: `casino replay {shlex.quote(save)}` shows it",
            [save],
        )
    session = Session(rules, seed, players=named)
    try:
        _run(session, seed, seats, fmt, watch, delay, Keeper(save, secret=chosen is None and not watch))
    finally:
        if chosen is None and not watch:  # told at the end: during the game it would deal every hidden card
            say(f"seed: {seed}")


def table_names(person: str, bots: list[str]) -> list[str]:
    """The players of a game played: the person's name as given, then the bots' in seat
    order, each that another player shares (in any case) told apart by its seat: ``Ana``,
    ``greedy 1``, ``greedy 2``, ``greedy 3``; a ``'`` is added while the name is still taken
    (a person called ``greedy 1``). A name stays within the records' :data:`MAX_NAME`."""
    keys = [name_key(name) for name in [person, *bots]]
    shared = {key for key in keys if keys.count(key) > 1}
    taken = {key for key in keys if key not in shared} | {keys[0]}
    told = [person]
    for seat, bot in enumerate(bots, 1):
        told.append(_seat_named(bot, seat, taken) if name_key(bot) in shared else bot)
        taken.add(name_key(told[-1]))
    return told


def _seat_named(bot: str, seat: int, taken: set[str]) -> str:
    """``bot`` told apart by its ``seat`` (``greedy 1``), with ``'`` marks while that is ``taken``."""
    mark = ""
    while True:
        suffix = f" {seat}{mark}"
        name = bot[: MAX_NAME - len(suffix)] + suffix
        if name_key(name) not in taken:
            return name
        mark += "'"


def _person_name(name: str | None, watch: bool) -> str | None:
    """--name, checked: a name for the record, which --watch has no person to give."""
    if name is None:
        return None
    if watch:
        raise Fail(USAGE, "--name is yours as a player: it goes without --watch, where bots play every seat")
    name = utf8_argument(name).strip()
    if not name:
        raise Fail(USAGE, "--name needs a name, not an empty one")
    return name


def _run(
    session: Session,
    seed: str,
    seats: list[Bot | None],
    fmt: Format,
    watch: bool,
    delay: float | None,
    keeper: Keeper,
) -> None:
    """Play or watch the game, and save its record however it ends: into the file of --save
    or s FILE, else, at the end of a game played, one the person is asked for."""
    rngs = seat_rngs(seed, session.rules.players)  # one per seat, as in simulate: no bot steers another
    viewer = None if watch else PERSON
    watcher = Watcher(fmt if watch else Format.pretty, delay, viewer, not watch, session.players)
    left = False
    try:
        watcher.show([HandStart(1, session.position)])
        left = _play(session, seats, rngs, watcher, watch, keeper)
        keeper.secret = False  # told at the end: the record has it from here on
        watcher.close(session, left)
        if not watch and _played(session):  # a game left before any move: nothing to keep
            keeper.ask(session, watcher.out or console(), (*HELPS, *COMMANDS))
    except (KeyboardInterrupt, Interrupted, Exception) as exc:  # whatever stops it, the game so far is saved
        keeper.secret = False
        with contextlib.suppress(OSError):  # a terminal gone is no reason to lose the game
            watcher.stop()
        lost = exc if isinstance(exc, OSError) and not isinstance(exc, BrokenPipeError) else None  # a terminal gone
        stopped = lost is not None or isinstance(exc, (KeyboardInterrupt, Interrupted, BotError))
        if stopped and not watch and keeper.target is None and _played(session):
            kept = keeper.rescue(session)  # no question after a stop: a new file
        else:
            target = _kept(keeper, session)
            kept = f"the game so far is in {target}" if target else ""
        kept = f"; {kept}" if kept else ""
        # Ctrl-C (casino's handler raises Interrupted), SIGTERM, SIGHUP
        if isinstance(exc, (KeyboardInterrupt, Interrupted)):
            code = exc.code if isinstance(exc, Interrupted) else INTERRUPTED
            raise Fail(code, "interrupted" + kept) from None
        if isinstance(exc, BotError):
            raise Fail(USAGE, str(exc) + kept) from None
        if lost is not None:  # EIO: the terminal hung up with no SIGHUP for casino
            raise Fail(IO_ERROR, io_error_message(lost) + kept) from None
        raise  # a defect of casino's
    save = _kept(keeper, session)
    if left:
        at = f"at hand {session.hand}" if session.game.moves or session.hand == 1 else f"after hand {session.hand - 1}"
        untouched = NOT_KEPT if keeper.target is None else _untouched(keeper.target)
        say(f"game left {at}; " + (f"the record so far is in {save}" if save else untouched))
    elif not watch:  # a watched game's record is its output (or --save's), as its help says
        say(
            f"the record is in {save}; `casino review {shlex.quote(save)}` finds your costliest moves"
            if save
            else NOT_KEPT
        )


def _kept(keeper: Keeper, session: Session) -> str | None:
    """The game's record written into the keeper's file as the game ends or stops: that
    file, or None where there is none, or where a game left before any move would replace
    a file it never wrote (a saved game named by --save in the hope of playing it on)."""
    if keeper.target is None or not (_played(session) or keeper.written):
        return None
    keeper.write(session)
    return keeper.target


def _untouched(target: str) -> str:
    """What became of --save's file in a game left before any move: nothing was written."""
    return (
        f"{target} is left as it was" if os.path.exists(target) else f"no move was played, so {target} was not written"
    )


def _played(session: Session) -> bool:
    """Whether a move was played: a game left before any has nothing to keep."""
    return bool(session.game.hands or session.game.moves)


def _play(
    session: Session, seats: list[Bot | None], rngs: list[random.Random], watcher: Watcher, watch: bool, keeper: Keeper
) -> bool:
    """Play until the game is over; True when the person leaves it part-way."""
    marks: list[Moment] = []  # the moments before each of the person's moves, for undo
    out = watcher.out or console()
    while not session.over:
        listing = session.listing()
        seat = session.position.turn
        assert seat is not None
        bot = seats[seat]  # None: the person's seat
        if bot is not None:
            move, listing = ask(bot, session.position, rngs[seat], session.history)  # its view alone
        else:
            asked = _person_move(session, listing, marks, rngs, watcher, out, keeper)
            if asked is None:
                return True
            move, listing = asked
            marks.append(session.moment([rng.getstate() for rng in rngs]))
        events = session.play(move, listing)
        end = next((i for i, e in enumerate(events) if isinstance(e, HandEnd)), None)  # then the next deal
        if end is None or watch or session.over:
            watcher.show(events)
            continue
        watcher.show(events[: end + 1])
        if _leaves_after(out, events[end].hand, session, keeper):
            return True
        watcher.answered()
        watcher.show(events[end + 1 :])
    return False


def _person_move(
    session: Session,
    listing: MoveList,
    marks: list[Moment],
    rngs: list[random.Random],
    watcher: Watcher,
    out: Console,
    keeper: Keeper,
) -> tuple[Move, MoveList] | None:
    """The person's move and the listing it is one of, asked at the prompt under the board
    (l, b, s and u answered on the way; u restores the moment before their last move); None
    when they leave."""
    watcher.board(session.position, listing)
    while True:
        line = typed(out, move_prompt(out.width, listing))
        answer = read_answer(line, session.position, listing)
        if answer.command == "quit":
            return None
        if answer.command == "undo":
            refused = _no_undo(marks, session)
            if refused:
                out.print(refused, style="yellow")
                continue
            moment = marks.pop()
            session.restore(moment)
            for rng, state in zip(rngs, moment.extra):  # type: ignore[call-overload]
                rng.setstate(state)
            out.print("your last move is undone (the record counts it as taken back)", style="yellow")
            listing = session.listing()
            watcher.board(session.position, listing)
            continue
        if answer.command == "hint":
            out.print(hint_words(session.position, listing, out.width), style="yellow", markup=False)
            continue
        if answer.command == "list":
            out.print(watcher.moves(session.position, listing))
            continue
        if answer.command == "board":
            watcher.board(session.position, listing)
            continue
        if answer.command == "save":
            tell(out, keeper.save(session, answer.file))
            continue
        if answer.move is not None:
            return answer.move, listing
        out.print(answer.message, style="yellow", markup=False)


def _no_undo(marks: list[Moment], session: Session) -> str:
    """Why the person's last move cannot be undone ("" when it can): undo stays within a
    deal, so that no card dealt since (their own next four) is known when they play again."""
    if not marks:
        return "nothing to undo: you have not moved yet in this game"
    before, now = marks[-1].game, session.game
    if len(before.hands) != len(now.hands) or before.position is None or now.position is None:
        return "nothing to undo: a hand has ended since your last move"
    if before.position.deal != now.position.deal:
        return "nothing to undo: new cards were dealt since your last move (undo stays within a deal)"
    return ""


def _leaves_after(out: Console, hand: int, session: Session, keeper: Keeper) -> bool:
    """After a hand's sheet, before the next hand's board scrolls it away: whether the
    person leaves (q) rather than go on (Enter); s FILE saves, anything else is answered,
    never taken for either."""
    while True:
        line = typed(out, f"hand {hand} is over · Enter: hand {hand + 1} · q: leave › ")
        word, file = line.strip().lower(), save_word(line)
        if word in QUIT or not word:
            return bool(word)
        if file is not None:
            tell(out, keeper.save(session, file))
        elif word in ("u", "undo"):
            out.print("nothing to undo: the hand is over (undo stays within a deal)", style="yellow")
        else:
            out.print(
                f"{word!r} is not an answer here: Enter goes on to hand {hand + 1}, q leaves, s FILE saves",
                style="yellow",
                markup=False,
            )


def _check_terminal() -> None:
    """Playing reads your moves from a terminal and shows the table on one: say which is not."""
    streams = (("standard input", sys.stdin), ("standard output", sys.stdout))
    missing = [name for name, stream in streams if stream is None or not stream.isatty()]
    if missing:
        verb = "is not a terminal" if len(missing) == 1 else "are not terminals"
        raise Fail(
            USAGE,
            "playing needs a terminal for your moves (standard input) and the table (standard output): "
            f"{' and '.join(missing)} {verb}; use --watch to let bots play",
        )


__all__ = ["Answer", "hand_sheet", "read_answer", "run_play"]
