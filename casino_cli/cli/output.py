"""Where results and messages go: data to stdout, diagnostics to stderr, and exit codes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console

import os
import sys
from enum import Enum

OK, VERDICT, USAGE, DATA_ERROR, INTERNAL, INTERRUPTED, BROKEN_PIPE = 0, 1, 2, 65, 70, 130, 141


class Format(str, Enum):
    """Output formats (NOTATION.md, command line)."""

    json = "json"
    jsonl = "jsonl"
    text = "text"
    pretty = "pretty"


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


def write_line(data: bytes | str) -> None:
    """One line of data to stdout."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    sys.stdout.buffer.write(data + b"\n")


def say(message: str) -> None:
    """A diagnostic line to stderr (after the data already written, so the two interleave in order)."""
    sys.stdout.flush()
    sys.stderr.write(f"casino: {message}\n")
    sys.stderr.flush()


def console(stderr: bool = False) -> Console:
    """A rich console (imported only when something is printed for people)."""
    from rich.console import Console

    return Console(stderr=stderr, no_color="NO_COLOR" in os.environ, highlight=False, soft_wrap=False)


class Progress:
    """A progress bar on stderr, shown only when stderr is a terminal and stdout is not
    (so it never mixes with what is printed for people); otherwise it does nothing."""

    def __init__(self, label: str, total: int | None = None):
        self.bar = None
        if sys.stderr.isatty() and not sys.stdout.isatty():
            from rich.progress import BarColumn, MofNCompleteColumn, TimeElapsedColumn
            from rich.progress import Progress as Bar

            columns = [label, BarColumn(), MofNCompleteColumn()] if total else [label, "{task.completed}"]
            self.bar = Bar(*columns, TimeElapsedColumn(), console=console(stderr=True), transient=True)
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
    """Output for people: to the terminal (pretty format) and/or into an SVG picture."""

    def __init__(self, pretty: bool, svg: str | None = None):
        self.out = console() if pretty else None
        self.svg = svg
        self.picture: Console | None = None
        if svg:
            import io

            from rich.console import Console

            self.picture = Console(
                record=True,
                file=io.StringIO(),
                width=100,
                force_terminal=True,
                color_system="truecolor",
                highlight=False,
            )

    @property
    def active(self) -> bool:
        """Whether anything is shown (so callers can skip building views)."""
        return self.out is not None or self.picture is not None

    def print(self, *renderables: Any, **options: Any) -> None:
        """Show renderables on every target."""
        for target in (self.out, self.picture):
            if target is not None:
                target.print(*renderables, **options)

    def rule(self, title: str) -> None:
        """A titled horizontal line."""
        for target in (self.out, self.picture):
            if target is not None:
                target.rule(title)

    def close(self) -> None:
        """Write the SVG picture, if one was asked for."""
        if self.picture is not None and self.svg:
            try:
                self.picture.save_svg(self.svg, title="casino")
            except OSError as exc:
                raise Fail(USAGE, f"cannot write {self.svg}: {exc.strerror or exc}") from None
