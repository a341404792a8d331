"""The files a command writes beside its data (``--svg``, ``--html``, ``--save``): checked
before anything is read or written, never one of the command's own input files, and
written whole or not at all."""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Iterable

from ..records.hold_signals import held
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
        path, out = _resolve(target)  # a symbolic link's file, where the writing goes; out None: a new file
    except OSError as exc:  # a symbolic link in a loop, a file taken for a directory
        raise Fail(USAGE, f"cannot write {target}: {exc.strerror or exc}") from None
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
        if source == "-":
            try:
                st = os.fstat(0)
            except OSError:
                continue
            same = out is not None and (st.st_dev, st.st_ino) == (out.st_dev, out.st_ino)
        else:
            same = same_file(source, target)
        if same:
            what = "standard input" if source == "-" else f"the input file {source}"
            raise Fail(
                USAGE, f"{option} {target} would overwrite {what} (it is an input of this command); choose another name"
            )


def same_file(one: str, other: str) -> bool:
    """Whether two names are one file: the same path once symbolic links are followed (a
    file yet to be made too), or one file under two names (a hard link)."""
    if os.path.realpath(one) == os.path.realpath(other):
        return True
    try:
        return os.path.samefile(one, other)
    except OSError:  # one of them is not there yet
        return False


def _unwritable(path: str, out: os.stat_result | None) -> str | None:
    """Why the file ``path`` (symbolic links followed) cannot be written (no permission, a
    read-only place, a directory where the file replacing it cannot be made), else None;
    tried without changing it: a new file is made and removed, a file's content is kept
    (and anything but a plain file, a pipe say, is left to the writing)."""
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
    if out is not None and not _in_place(out):
        try:
            fd, temp = _make_beside(path, 0o600)
        except OSError as exc:
            return f"no file can be made in {os.path.dirname(path)} to replace it ({exc.strerror or exc})"
        os.close(fd)
        os.unlink(temp)
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
    """Write a picture, a page or a record (UTF-8) whole or not at all: into a new file beside
    the one the target names (a symbolic link followed), synced, then renamed over it, so
    that a reader sees the old file or the new one, never part of one, and a write that
    fails or is interrupted leaves the old file and no new one. The old file's mode is
    kept, and its group and owner where the writer may give them. A file with other names
    (hard links) or that is no plain file (a device, a pipe) is written in place. Failing
    here (a full disk; a directory where no file can be made, since check_target looked)
    is an output error (exit 74), but for a file written in place that cannot be opened
    (exit 2)."""
    temp = None
    try:
        path, old = _resolve(target)
        if old is not None and _in_place(old):
            _write_in_place(target, content)
            return
        with held():  # a stop signal waits until the new file is named, so that it can be removed
            fd, temp = _make_beside(path, 0o666 if old is None else 0o600)
        with open(fd, "wb") as fh:
            if old is not None:  # before its content is there to read
                _keep_owner_and_mode(fd, temp, old)
            fh.write(content.encode("utf-8"))
            fh.flush()
            os.fsync(fd)
        os.replace(temp, path)
    except BaseException as exc:  # a full disk, Ctrl-C, a stop signal: the old file stays and the new one goes
        if temp is not None:
            with contextlib.suppress(OSError):
                os.unlink(temp)
        if isinstance(exc, OSError):
            raise Fail(IO_ERROR, f"cannot write {target}: {exc.strerror or exc}") from None
        raise


def _resolve(target: str) -> tuple[str, os.stat_result | None]:
    """The file ``target`` names, symbolic links followed (a link stays a link and its file
    is replaced), and its status (None: no such file yet; a link in a loop is an error).
    A link that leads to no path, ``/dev/fd/N`` of a pipe (``>(gzip > p.svg.gz)``), names
    the pipe itself."""
    path = os.path.realpath(target)
    try:
        return path, os.stat(path)
    except FileNotFoundError:
        pass
    try:
        return target, os.stat(target)
    except FileNotFoundError:
        return path, None


def _in_place(old: os.stat_result) -> bool:
    """Whether a file is written in place: it has other names (replacing it would leave them
    on the old content) or it is no plain file (``/dev/null``, a pipe)."""
    return not stat.S_ISREG(old.st_mode) or old.st_nlink > 1


def _keep_owner_and_mode(fd: int, temp: str, old: os.stat_result) -> None:
    """Give the new file the old one's group (the writer being a member of it, or root) and
    owner (root), then its mode (the owner's change clears the set-id bits)."""
    if hasattr(os, "fchown"):  # not on Windows
        with contextlib.suppress(PermissionError):
            os.fchown(fd, -1, old.st_gid)
            os.fchown(fd, old.st_uid, -1)
    with contextlib.suppress(PermissionError):  # a file system without modes (FAT) keeps none
        os.chmod(temp, stat.S_IMODE(old.st_mode))


def _make_beside(path: str, mode: int) -> tuple[int, str]:
    """A new, empty, hidden file in ``path``'s directory (``mode`` less the umask's bits),
    and its name (the file's name cut to 50 characters, so that it is never too long)."""
    import secrets  # here: it costs the start of every command that only checks a target

    where, name = os.path.split(path)
    temp = os.path.join(where, f".{name[:50]}.{secrets.token_hex(8)}.tmp")
    return os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), mode), temp


def _write_in_place(target: str, content: str) -> None:
    """Write over the file itself (emptied first): a file that cannot be opened is exit 2."""
    opened = False
    try:
        with open(target, "w", encoding="utf-8") as fh:
            opened = True
            fh.write(content)
    except OSError as exc:
        raise Fail(IO_ERROR if opened else USAGE, f"cannot write {target}: {exc.strerror or exc}") from None
