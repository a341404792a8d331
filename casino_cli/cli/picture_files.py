"""The files a command writes beside its data (``--svg``, ``--html``, ``--save``): checked
before anything is read or written, and never one of the command's own input files."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable

from .output import IO_ERROR, USAGE, Fail


def check_target(target: str | None, inputs: Iterable[str], option: str = "--svg", kind: str = "a picture") -> None:
    """Refuse (exit 2), before anything is read or written, an output file that is one of
    the inputs (``-``: whatever standard input reads), or standard output itself (``kind``
    says what the file is for)."""
    if target is None:
        return
    if target == "-":
        raise Fail(USAGE, f"{option} needs a file name ({kind} is not written to standard output)")
    if not target:
        raise Fail(USAGE, f"{option} needs a file name, not an empty one")
    try:
        out = os.stat(target)
    except FileNotFoundError:
        out = None  # a new file
    except OSError as exc:  # a symbolic link in a loop, a file taken for a directory
        raise Fail(USAGE, f"cannot write {target}: {exc.strerror or exc}") from None
    path = os.path.realpath(target)  # a symbolic link's file, where the writing goes
    where = os.path.dirname(path)
    if out is None and not os.path.isdir(where):  # said now, not after the command's data has gone out
        raise Fail(USAGE, f"{option} {target}: there is no directory {where}")
    if out is not None and os.path.isdir(target):
        raise Fail(USAGE, f"{option} {target} is a directory; name a file in it")
    if out is not None and _is_stdout(out):
        raise Fail(USAGE, f"{option} {target} is standard output, where the command writes its data; choose a file")
    refused = _unwritable(path, out)
    if refused:
        raise Fail(USAGE, f"cannot write {target}: {refused}")
    for source in inputs:
        if source != "-" and os.path.realpath(source) == path:
            same = True
        else:
            try:
                st = os.fstat(0) if source == "-" else os.stat(source)
            except OSError:
                continue
            same = out is not None and (st.st_dev, st.st_ino) == (out.st_dev, out.st_ino)
        if same:
            what = "standard input" if source == "-" else f"the input file {source}"
            raise Fail(
                USAGE, f"{option} {target} would overwrite {what} (it is an input of this command); choose another name"
            )


def _unwritable(path: str, out: os.stat_result | None) -> str | None:
    """Why the file ``path`` (symbolic links followed) cannot be opened for writing (no
    permission, a read-only place), else None; tried without changing it: a new file is
    made and removed, a file's content is kept (and anything but a plain file, a pipe say,
    is left to the writing)."""
    try:
        if out is None:
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
            os.unlink(path)
        elif stat.S_ISREG(out.st_mode):
            os.close(os.open(path, os.O_WRONLY))
    except FileExistsError:  # made meanwhile, by someone else: the writing will say
        return None
    except OSError as exc:
        return exc.strerror or str(exc)
    return None


def _is_stdout(target: os.stat_result) -> bool:
    """Whether ``target`` is the file standard output writes to (``/dev/null`` aside)."""
    try:
        st = os.fstat(1)
    except OSError:
        return False
    if (st.st_dev, st.st_ino) != (target.st_dev, target.st_ino):
        return False
    try:
        null = os.stat(os.devnull)
    except OSError:
        return True
    return (null.st_dev, null.st_ino) != (st.st_dev, st.st_ino)


def write_file(target: str, content: str) -> None:
    """Write a picture, a page or a record (UTF-8): a file that cannot be opened is a usage error (exit 2), one
    that cannot take what is written (a full disk) an output error (exit 74)."""
    opened = False
    try:
        with open(target, "w", encoding="utf-8") as fh:
            opened = True
            fh.write(content)
    except OSError as exc:
        raise Fail(IO_ERROR if opened else USAGE, f"cannot write {target}: {exc.strerror or exc}") from None
