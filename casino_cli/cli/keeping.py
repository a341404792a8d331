"""Where a game played at the terminal keeps its record: the file of ``--save``, or of
``s FILE`` typed at a prompt (from then on), or one named when the game ends, or, on a
stop, a new file of the current directory (:meth:`Keeper.rescue`)."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from ..notation.fields import dumps
from ..notation.text_record import write_text
from ..records.hold_signals import held
from ..records.session import Session
from .output import Fail, fitting, typed
from .picture_files import check_target, same_file, write_file

if TYPE_CHECKING:
    from collections.abc import Collection

    from rich.console import Console

SAVE = ("s", "save")
DECLINED = ("", "q", "quit", "n", "no")  # at the question at the end: the record is not kept
YES = ("y", "yes")  # at that question, no file's name: answered, never made a file "y"
NAME_IT = "name the file to save it into (game.json, or game.cas for casino text), or Enter for no"
ASKS = ("save the game's record? a file name, or Enter for no › ", "save it? a file, or Enter: no › ")
NAMING = 20  # the room the question leaves on its line for a file's name
RESCUE = "casino-game"  # a stopped game kept nowhere goes to casino-game.json, else casino-game-2.json …
RESCUES = 100  # the names tried before giving up


def save_word(text: str) -> str | None:
    """The file of ``s FILE`` (or ``save FILE``) typed at a prompt ("" for ``s`` alone),
    else None: it is not a save."""
    word, _, rest = text.strip().partition(" ")
    return _file_name(rest) if word.lower() in SAVE else None


def _file_name(text: str) -> str:
    """A file name as typed: quotes around it taken off, ``~`` for the home directory."""
    name = text.strip()
    if len(name) > 1 and name[0] == name[-1] and name[0] in "'\"":
        name = name[1:-1]
    return os.path.expanduser(name) if name else ""


def tell(out: Console, words: str) -> None:
    """What became of a save, on one line that the terminal wraps: a file's path is never
    broken where it could not be copied whole."""
    out.print(words, style="yellow", markup=False, soft_wrap=True)


class Keeper:
    """The file the game's record goes to (None: none yet), written whole each time."""

    def __init__(self, target: str | None, secret: bool = False):
        self.target = target
        self.secret = secret  # the seed is not told yet: a record written holds the tables dealt instead
        self.written = False  # whether this game wrote its record into the file yet
        self.kept: list[str] = [] if target is None else [target]  # the files this game may write over
        self.warned = ""  # a file named once that holds something else: named again, it is replaced

    def write(self, session: Session) -> None:
        """The record so far into the file, if there is one: casino text into a ``.cas``
        file, as a person who names one expects to read it, JSON into any other."""
        if self.target is not None:
            record = session.record(seed=not self.secret)
            cas = self.target.lower().endswith(".cas")
            write_file(self.target, write_text(record) if cas else dumps(record).decode() + "\n")
            self.written = True

    def save(self, session: Session, name: str, asked: str = "s") -> str:
        """``s FILE`` at a prompt: the record so far into FILE (``s`` alone: into the file
        kept), which keeps the game from then on; what to tell the person (a file refused
        is named after ``asked``, what they were asked)."""
        if not name and self.target is None:
            return "s FILE saves the game's record so far into FILE, and again there when the game ends or you leave"
        before, name = self.target, name or self.target or ""
        if self._other_file(name) and self.warned != name:
            self.warned = name
            again = f"s {name}" if asked == "s" else name
            return (
                f"{name} already exists: type {again} again to replace it with this game's record, or name another file"
            )
        try:
            check_target(name, [], asked, "the record")
            self.target = name
            self.write(session)
        except Fail as exc:  # said at the prompt, which comes back: the game goes on
            self.target = before
            return exc.message
        self.kept.append(name)
        left = f" ({before} is left as it was)" if before not in (None, name) else ""
        seed = " (its seed, which deals every card, then too)" if self.secret else ""
        return f"the record so far is in {name}, written again there when the game ends or you leave{seed}{left}"

    def _other_file(self, name: str) -> bool:
        """Whether ``name`` is a file that holds something else than this game (another
        game, say), which a name typed once must not replace."""
        return os.path.isfile(name) and not any(same_file(name, mine) for mine in self.kept)

    def ask(self, session: Session, out: Console, keys: Collection[str] = ()) -> None:
        """At the end of a game kept nowhere: a file name to save its record to, asked
        until one is written or the person says no (Enter, q, n or Ctrl-D); a yes or one of
        ``keys``, the game prompt's (a hint asked for as the game ends), is asked for the
        file's name, never made a file "y" or "h"."""
        while self.target is None:
            answer = typed(out, fitting(ASKS, out.width, NAMING), eof="")
            if answer.strip().lower() in DECLINED:
                return
            if answer.strip().lower() in (*YES, *keys):
                out.print(NAME_IT, style="yellow", markup=False)
                continue
            name = save_word(answer)
            told = self.save(session, _file_name(answer) if name is None else name, "file")
            if self.target is None:
                tell(out, told)

    def rescue(self, session: Session) -> str:
        """On a stop (Ctrl-C, a stop signal, a failing bot) of a game kept nowhere, where no
        question can be asked: its record into a new file of the current directory, never
        one that exists (casino-game.json, else casino-game-2.json, …), which keeps it from
        then on; what to tell the person."""
        for number in range(1, RESCUES + 1):
            name = f"{RESCUE}{f'-{number}' if number > 1 else ''}.json"
            made = False
            with held():  # a second stop waits: the file is written whole or removed
                try:
                    fd = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
                    made = True
                    with open(fd, "wb") as fh:
                        fh.write(dumps(session.record()) + b"\n")
                except FileExistsError:
                    continue
                except OSError as exc:  # a directory where no file can be made, a full disk
                    if made:
                        os.unlink(name)
                    return f"the game so far is not kept: cannot write {name}: {exc.strerror or exc}"
            self.target = name
            self.kept.append(name)
            return f"the game so far is in {name} (no file was named to keep it)"
        return f"the game so far is not kept: {RESCUE}.json to {RESCUE}-{RESCUES}.json all exist"
