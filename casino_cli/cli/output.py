"""Where results and messages go: data to stdout, diagnostics to stderr, and exit codes;
the progress bar, and the lines a person types at a prompt."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console

import codecs
import errno
import os
import re
import sys
from collections.abc import Sequence
from enum import Enum

from ..errors import utf8_writable

OK, VERDICT, USAGE, DATA_ERROR, INTERNAL, IO_ERROR, INTERRUPTED, BROKEN_PIPE = 0, 1, 2, 65, 70, 74, 130, 141
MANY = 10**12  # the most games, pairs or decisions an option asks for (beyond: a usage error)
MOST_HANDS = 500  # the most hands --hands asks for: engine.game.MAX_HANDS, where every game stops
MAX_JOBS = 256  # the most worker processes (a command starts no more than it has work for)
MOST_DELAY = 3600  # the longest --delay, in seconds (time.sleep overflows past about 9e9)


class Format(str, Enum):
    """Output formats (NOTATION.md, command line)."""

    json = "json"
    jsonl = "jsonl"
    text = "text"
    pretty = "pretty"


class Form(str, Enum):
    """The forms of a record (``convert --to``)."""

    json = "json"
    text = "text"


def resolve_format(fmt: Format | None) -> Format:
    """The chosen format, or pretty on a terminal and JSON otherwise."""
    if fmt is not None:
        return fmt
    return Format.pretty if sys.stdout.isatty() else Format.json


class Fail(Exception):
    """Stop the command with this exit code after printing ``message`` to stderr."""

    def __init__(self, code: int, message: str = ""):
        self.code = code
        self.message = message
        super().__init__(message)


class Interrupted(BaseException):
    """A stop signal (SIGINT, SIGTERM, SIGHUP) asked the command to stop; ``code`` is its exit
    status. Like KeyboardInterrupt it is no Exception, so code that reports what a bot (or
    a bot's module) raised does not take a Ctrl-C during its move for the bot's failure."""

    def __init__(self, code: int):
        self.code = code
        super().__init__("interrupted")


class _Gate:
    """While a line is being written a stop signal waits (a write cut by a signal would
    lose or split data); it is raised as soon as the line is out."""

    writing = False
    pending: int | None = None


GATE = _Gate()


def _stdout_is_terminal() -> bool:
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def write_line(data: bytes | str) -> None:
    """One line of data to stdout, whole even when a stop signal arrives meanwhile; on a
    terminal, with nothing in it that the terminal would obey (:func:`.safe_text.terminal_safe`).
    A document is given as bytes (UTF-8 always); a line for people (``-f text``) as a str, written
    in stdout's encoding, where that cannot write them with suits as letters and dashes in ASCII,
    as pretty output is (``AS 1``, ``7-4`` in an ASCII or Latin-1 locale)."""
    if _stdout_is_terminal():
        from .safe_text import terminal_safe

        text = data if isinstance(data, str) else data.decode("utf-8", "surrogateescape")
        safe = terminal_safe(text)
        data = _in_locale(safe) if isinstance(data, str) else safe.encode("utf-8", "surrogateescape")
    elif isinstance(data, str):
        data = _in_locale(data)
    GATE.writing = True
    try:
        sys.stdout.buffer.write(data + b"\n")
    finally:
        GATE.writing = False
    if GATE.pending is not None:
        code, GATE.pending = GATE.pending, None
        raise Interrupted(code)


def utf8_argument(text: str) -> str:
    """``text``, an argument read as text (a move, a seed, a name), from its bytes as UTF-8
    whatever the locale (under ``LC_ALL=C PYTHONUTF8=0`` Python reads ``Zoë`` as escapes):
    a usage error if those bytes are not UTF-8."""
    if utf8_writable(text):  # no surrogate escape: read as UTF-8 already
        return text
    data = os.fsencode(text)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise Fail(USAGE, f"an argument is not UTF-8 text: {data!r}") from None


LONG_WORD, KEPT = 400, 200  # a run of more characters than LONG_WORD without a space keeps KEPT


def bounded(message: str) -> str:
    """A message with each very long run of characters without a space (a hostile key,
    variant or file name quoted in it) cut to its first KEPT, saying how many were cut."""
    if len(message) <= LONG_WORD:
        return message
    return re.sub(
        rf"\S{{{LONG_WORD + 1},}}", lambda m: f"{m.group()[:KEPT]}…[{len(m.group()) - KEPT:,} characters cut]", message
    )


SAID = "casino: "  # the head of every line of :func:`say`


def say(message: str, whole: Sequence[str] = ()) -> None:
    """A diagnostic line to stderr (after the data already written, so the two interleave in
    order), its control characters shown as escapes and its very long words cut (it may
    quote a document); on a terminal too narrow for it, it goes on under its words, each
    phrase of ``whole`` (a seat and its player's name) kept on one line; on a pipe it stays
    one line. A stdout that cannot be flushed is reported at exit; a stderr that is closed
    or full loses the message but never fails the command."""
    with contextlib.suppress(OSError):
        sys.stdout.flush()
    from ..records.shown import visible

    words = visible(bounded(message))
    width = terminal_width(sys.stderr)
    line = SAID + words
    if width > 2 * len(SAID):  # a NUL, which visible writes as an escape, holds a phrase's spaces
        for phrase in map(visible, whole):
            words = words.replace(phrase, phrase.replace(" ", "\0"))
        line = hanging(SAID, words, width).replace("\0", " ")
    try:
        sys.stderr.write(_writable(f"{line}\n", sys.stderr))
        sys.stderr.flush()
    except (OSError, ValueError):
        pass


def terminal_width(stream: Any) -> int:
    """The columns of the terminal ``stream`` writes to (``COLUMNS`` first, as rich reads it);
    0 where it writes to no terminal."""
    try:
        if not stream.isatty():
            return 0
        columns = screen_environ().get("COLUMNS")
        return int(columns) if columns else os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, ValueError, OSError):
        return 0


def screen_environ() -> dict[str, str]:
    """The environment, less a ``COLUMNS`` or ``LINES`` that is not a number above 0
    (``COLUMNS=0``, ``COLUMNS=²``): such a size is ignored, as if unset, where rich would
    take it for the screen's (a screen 0 columns wide) or fail on it."""
    return {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES") or (v.isdecimal() and int(v) > 0)}


_PLAIN = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "▮": "#", "–": "-", "—": "-", "−": "-", "±": "+-", "…": "..."}
_PLAIN |= {"▶": ">", "·": "-", "›": ">", "•": "*", "§": "section "}  # rich's Markdown bullets, the rules' §


def _encoding(stream: Any) -> str:
    """The encoding ``stream`` writes in (UTF-8 for a stream that names none)."""
    return getattr(stream, "encoding", None) or "utf-8"


def _in_locale(text: str) -> bytes:
    """``text`` in stdout's encoding, what it cannot write as :func:`_plain_letters` does."""
    return text.encode(_encoding(sys.stdout), "casino-plain")


def _writable(text: str, stream: Any) -> str:
    """``text`` as a ``stream`` of another encoding than UTF-8 can write it: what it has not
    as :func:`_plain_letters` gives it (``—`` as ``-``, not Python's ``\\u2014``). Under
    UTF-8 it is left as it is (an undecodable file name's escape stays)."""
    encoding = _encoding(stream)
    if codecs.lookup(encoding).name == "utf-8":
        return text
    return text.encode(encoding, "casino-plain").decode(encoding)


def _plain_letters(error: UnicodeError) -> tuple[str, int]:
    """For a stream that cannot write them: suits as letters, card backs as #, dashes, arrows,
    bullets and signs in ASCII, ? else."""
    assert isinstance(error, UnicodeEncodeError)
    text = error.object[error.start : error.end]
    return "".join(_PLAIN.get(ch, "?") for ch in text), error.end


codecs.register_error("casino-plain", _plain_letters)


def console(stderr: bool = False) -> Console:
    """A rich console (imported only when something is printed for people) whose closed
    pipe is casino's to handle (rich's own exits 1, a verdict): on stdout a BrokenPipeError,
    exit 141 quietly; on stderr nothing more is written (a closed stderr never fails a command).
    A stream whose encoding cannot write the views' symbols writes letters in their place
    (``10D`` for ``10♦``), ``?`` for the rest."""
    from rich.console import Console

    stream = sys.stderr if stderr else sys.stdout
    try:
        "♠–…│".encode(_encoding(stream))
    except (UnicodeEncodeError, LookupError):  # an ASCII or Latin-1 terminal: 10D, not 10♦
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="casino-plain")

    class ClosedPipeConsole(Console):
        def on_broken_pipe(self) -> None:
            self.quiet = True  # nothing more to write: the reader has gone
            if not self.stderr:
                raise BrokenPipeError(errno.EPIPE, "standard output is closed")

    # rich reads NO_COLOR (no-color.org), COLUMNS and LINES from _environ
    return ClosedPipeConsole(stderr=stderr, highlight=False, soft_wrap=False, _environ=screen_environ())


def typed_number(text: str) -> int | None:
    """A number as typed: decimal digits of any script (not ² or ①); None for anything
    else. One of more than 9 digits is 10**9, past any list or record (never an int of
    thousands of digits)."""
    if not text.isdecimal():
        return None
    return int(text) if len(text) <= 9 else 10**9


def fitting(prompts: Sequence[str], width: int, room: int) -> str:
    """The first of ``prompts`` that leaves ``room`` cells for the answer on a line of
    ``width``, else the last (the shortest): a prompt keeps to one line."""
    return next((p for p in prompts if len(p) + room <= width), prompts[-1])


def hanging(head: str, words: str, width: int, last: str = "", indent: str | None = None) -> str:
    """``head`` then ``words`` and ``last`` (kept whole), in lines of at most ``width``
    characters where words allow, those after the first indented under ``words`` (or by
    ``indent``): a line of a game's log or hint too long for the screen goes on under its
    words, not at column 0."""
    import textwrap  # here: only a screen's views wrap, and every command starts through this module

    indent = " " * len(head) if indent is None else indent
    lines = textwrap.wrap(head + words, width, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False)
    if last and len(lines[-1]) + 1 + len(last) <= width:
        lines[-1] += " " + last
    elif last:
        lines.append(indent + last)
    return "\n".join(lines)


def typed(out: Console, prompt: str, eof: str = "q") -> str:
    """A line typed at ``prompt`` on ``out``; the end of input (Ctrl-D) is ``eof``: ``q``, the person leaves.
    The arrow keys edit the line and recall the lines typed before, as at a shell's prompt,
    where Python has readline (not on Windows)."""
    try:
        import readline  # noqa: F401  (loaded, it edits what input reads)
    except ImportError:
        shown = None
    else:  # readline redraws its line from the prompt's start: it is given the prompt, its styles marked as taking no room
        with out.capture() as drawn:
            out.print(prompt, end="")
        shown = _STYLE.sub("\x01\\g<0>\x02", drawn.get())
    try:
        return out.input(prompt) if shown is None else input(shown)
    except EOFError:
        out.print()  # the terminal echoed no newline
        return eof


_STYLE = re.compile(r"\x1b\[[0-9;]*m")


class Progress:
    """A progress bar on stderr, shown only when stderr is a terminal and stdout is not
    (so it never mixes with what is printed for people), or, for a command that prints
    only ``after`` the bar is taken away (match), whenever stderr is a terminal; never on
    a terminal that cannot redraw a line (``TERM=dumb``); otherwise it does nothing."""

    def __init__(self, label: str, total: int | None = None, after: bool = False):
        self.bar = None
        if not sys.stderr.isatty() or (sys.stdout.isatty() and not after):
            return
        err = console(stderr=True)
        if not err.is_interactive:  # TERM=dumb: rich draws no bar there, and left a blank line in its place
            return
        from rich.progress import BarColumn, MofNCompleteColumn, TimeElapsedColumn
        from rich.progress import Progress as Bar

        columns = [label, BarColumn(), MofNCompleteColumn()] if total else [label, "{task.completed}"]
        self.bar = Bar(*columns, TimeElapsedColumn(), console=err, transient=True)
        self.task = self.bar.add_task(label, total=total)
        self.bar.start()

    def advance(self) -> None:
        """One more item done."""
        if self.bar is not None:
            self.bar.advance(self.task)

    def close(self) -> None:
        """Take the bar away."""
        if self.bar is not None:
            self.bar.stop()


class Screen:
    """Output for people on the terminal (pretty format); does nothing otherwise."""

    def __init__(self, pretty: bool):
        self.out = console() if pretty else None

    @property
    def active(self) -> bool:
        """Whether anything is shown (so callers can skip building views)."""
        return self.out is not None

    def print(self, *renderables: Any, **options: Any) -> None:
        """Show renderables."""
        if self.out is not None:
            self.out.print(*renderables, **options)

    def rule(self, title: str) -> None:
        """A titled horizontal line."""
        if self.out is not None:
            from rich.text import Text

            self.out.rule(Text(title))  # document text (names) is never read as markup
