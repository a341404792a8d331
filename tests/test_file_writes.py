"""The files a command writes (``--svg``, ``--html``, ``--save``) are written whole or not
at all: a write that fails or is interrupted part-way leaves the old file as it was and no
new file beside it (docs/notation.md, "Pictures")."""

from __future__ import annotations

import builtins
import contextlib
import errno
import os
import re
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from casino_cli.cli import picture_files
from tests.clirun import HANG, casino
from tests.inproc import cli

GAME = "fixtures/docs/game.json"
WRITERS = {  # every option that writes a file, with the command that writes it
    "replay --html": ["replay", GAME, "--html"],
    "replay --svg": ["replay", GAME, "-f", "text", "--svg"],
    "score --svg": ["score", GAME, "--svg"],
    "deal --svg": ["deal", "--seed", "7", "--svg"],
    "moves --svg": ["moves", "fixtures/docs/pos.json", "--svg"],
    "apply --svg": ["apply", "fixtures/docs/contract.json", "8Dx3C+5H", "--svg"],
    "judge --svg": ["judge", "fixtures/records/dispute-part-way.json", "--move", "2", "--svg"],
    "validate --svg": ["validate", "fixtures/records/dispute.json", "--svg"],
    "play --watch --save": ["play", "--watch", "--seed", "g1", "-f", "json", "--save"],
}


class _Failing:
    """A file opened for writing that takes half of what is written, then raises ``stop``."""

    def __init__(self, fh, stop: BaseException):
        self._fh, self._stop = fh, stop

    def write(self, data):
        self._fh.write(data[: len(data) // 2])
        self._fh.flush()
        raise self._stop

    def __getattr__(self, name):
        return getattr(self._fh, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._fh.close()


def fail_writes(monkeypatch, stop: BaseException) -> list[int]:
    """Make every plain file opened for writing fail part-way with ``stop``; the list
    counts the files that did."""
    opened = builtins.open
    failed: list[int] = []

    def failing_open(file, mode="r", *args, **kwargs):
        fh = opened(file, mode, *args, **kwargs)
        if "w" not in mode or not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
            return fh
        failed.append(1)
        return _Failing(fh, stop)

    monkeypatch.setattr(builtins, "open", failing_open)
    return failed


@pytest.mark.parametrize("command", WRITERS.values(), ids=WRITERS.keys())
@pytest.mark.parametrize(
    ("stop", "code", "said"),
    [
        (OSError(errno.ENOSPC, os.strerror(errno.ENOSPC)), 74, "No space left on device"),
        (KeyboardInterrupt(), 130, "interrupted"),
    ],
    ids=["full disk", "Ctrl-C"],
)
def test_a_write_stopped_part_way_keeps_the_old_file_and_leaves_no_new_one(
    tmp_path, monkeypatch, command, stop, code, said
):
    """The file was emptied and then half written: a page served while it was made again
    was lost on a full disk or a Ctrl-C."""
    target = tmp_path / "out"
    target.write_text("old")
    failed = fail_writes(monkeypatch, stop)
    result = cli(*command, str(target))
    assert failed and result.returncode == code and said in result.stderr, result.stderr
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["out"]


def test_a_new_file_stopped_part_way_is_not_left_behind(tmp_path, monkeypatch):
    fail_writes(monkeypatch, KeyboardInterrupt())
    assert cli("deal", "--seed", "7", "--svg", str(tmp_path / "new.svg")).returncode == 130
    assert list(tmp_path.iterdir()) == []


def test_a_symbolic_link_stays_a_link_and_its_file_gets_the_picture(tmp_path):
    real, link = tmp_path / "real.svg", tmp_path / "link.svg"
    real.write_text("old")
    link.symlink_to("real.svg")
    assert cli("deal", "--seed", "7", "--svg", str(link)).returncode == 0
    assert link.is_symlink() and os.readlink(link) == "real.svg"
    assert real.read_text().startswith("<svg") and sorted(p.name for p in tmp_path.iterdir()) == [
        "link.svg",
        "real.svg",
    ]


def test_the_old_files_mode_is_kept_and_a_new_file_gets_the_umasks(tmp_path):
    old, new = tmp_path / "old.svg", tmp_path / "new.svg"
    old.write_text("old")
    old.chmod(0o640)
    mask = os.umask(0o027)
    try:
        for target in (old, new):
            assert cli("deal", "--seed", "7", "--svg", str(target)).returncode == 0
    finally:
        os.umask(mask)
    assert stat.S_IMODE(old.stat().st_mode) == 0o640 and stat.S_IMODE(new.stat().st_mode) == 0o640
    assert old.read_text().startswith("<svg")


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="only root may give a file away")
def test_the_old_files_owner_and_group_are_kept_where_the_writer_may_give_them(tmp_path):
    target = tmp_path / "theirs.svg"
    target.write_text("old")
    os.chown(target, 65534, 65534)
    assert cli("deal", "--seed", "7", "--svg", str(target)).returncode == 0
    assert (target.stat().st_uid, target.stat().st_gid) == (65534, 65534) and target.read_text().startswith("<svg")


def test_a_file_with_other_names_is_written_in_place_so_that_every_name_shows_it(tmp_path):
    one, other = tmp_path / "one.svg", tmp_path / "other.svg"
    one.write_text("old")
    os.link(one, other)
    assert cli("deal", "--seed", "7", "--svg", str(one)).returncode == 0
    assert other.read_text() == one.read_text() and one.read_text().startswith("<svg")
    assert os.path.samefile(one, other)


def test_a_file_whose_directory_takes_no_new_file_is_refused_before_the_data(tmp_path, monkeypatch):
    """Writable itself, in a directory where no file can be made (root writes anywhere, so
    the directory's refusal is made here): said at the start (exit 2), the file kept; found
    only when writing, exit 74."""
    target = tmp_path / "page.svg"
    target.write_text("old")
    real_open = os.open

    def no_new_file(path, flags, *args, **kwargs):
        if flags & os.O_CREAT and os.path.dirname(os.path.abspath(path)) == str(tmp_path):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), path)
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", no_new_file)
    result = cli("replay", GAME, "-f", "text", "--svg", str(target))
    assert result.returncode == 2 and not result.stdout
    assert f"cannot write {target}: no file can be made in {tmp_path} to replace it (Permission denied)" in (
        result.stderr
    )
    with pytest.raises(picture_files.Fail) as late:
        picture_files.write_file(str(target), "new")
    assert late.value.code == 74 and late.value.message == f"cannot write {target}: Permission denied"
    assert target.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["page.svg"]


def test_a_long_file_name_is_replaced_too(tmp_path):
    """The new file beside it has a name of its own, never too long for the directory."""
    target = tmp_path / ("é" * 120 + ".svg")  # 244 bytes of the 255 a name may have
    target.write_text("old")
    assert cli("deal", "--seed", "7", "--svg", str(target)).returncode == 0
    assert target.read_text().startswith("<svg") and list(tmp_path.iterdir()) == [target]


def test_a_link_that_turned_into_a_loop_after_the_check_is_an_output_error_and_stays(tmp_path):
    """Made between check_target and the writing (check_target refuses it, exit 2): the
    writing neither follows nor replaces it."""
    loop = tmp_path / "loop.svg"
    loop.symlink_to("loop.svg")
    with pytest.raises(picture_files.Fail) as failed:
        picture_files.write_file(str(loop), "new")
    assert failed.value.code == 74 and "Too many levels of symbolic links" in failed.value.message
    assert loop.is_symlink() and list(tmp_path.iterdir()) == [loop]


@pytest.mark.parametrize("name", ["deal --svg", "score --svg", "validate --svg"])
def test_a_pipe_named_by_dev_fd_gets_the_file(name):
    """``--svg >(rsvg-convert ...)`` names a pipe as /dev/fd/N, whose link leads to no path:
    it said 'cannot write /dev/fd/63: No such file or directory' (exit 2)."""
    read_end, write_end = os.pipe()
    try:
        result = cli(*WRITERS[name], f"/dev/fd/{write_end}")
        os.close(write_end)
        with os.fdopen(read_end, "rb") as pipe:
            assert result.returncode in (0, 1), result.stderr
            assert pipe.read().startswith(b"<svg")
    finally:
        with contextlib.suppress(OSError):
            os.close(write_end)


def test_dev_stdout_into_a_pipe_is_refused_as_standard_output():
    """Its link leads to no path: it said 'cannot write /dev/stdout: No such file or directory'."""
    result = casino("deal", "--seed", "7", "--svg", "/dev/stdout")  # stdout: a pipe to the test
    assert result.returncode == 2 and not result.stdout
    assert b"--svg /dev/stdout is standard output" in result.stderr


def _from_file(args: list[str], stdin: str, start_new_session: bool = False) -> subprocess.CompletedProcess:
    """``casino ARGS`` with standard input read from the file ``stdin`` (not a pipe)."""
    with open(stdin, "rb") as fh:
        return subprocess.run(
            [sys.executable, "-m", "casino_cli", *args],
            stdin=fh,
            capture_output=True,
            timeout=HANG,
            start_new_session=start_new_session,
        )


def test_a_picture_over_the_file_standard_input_reads_is_refused_and_over_another_is_written(tmp_path):
    """``casino score - --svg FILE < FILE`` would replace the record being read: exit 2, kept;
    ``< game.json`` with FILE another file that exists is written as asked."""
    record = tmp_path / "game.json"
    record.write_bytes(Path(GAME).read_bytes())
    refused = _from_file(["score", "-", "-f", "json", "--svg", str(record)], str(record))
    assert refused.returncode == 2 and b"would overwrite standard input" in refused.stderr
    assert record.read_bytes() == Path(GAME).read_bytes() and not refused.stdout
    picture = tmp_path / "sheet.svg"
    picture.write_text("an older picture")
    written = _from_file(["score", "-", "-f", "json", "--svg", str(picture)], str(record))
    assert written.returncode == 0, written.stderr
    assert picture.read_text(encoding="utf-8").startswith("<svg")


def test_a_file_that_cannot_be_opened_for_writing_is_refused_before_the_data(tmp_path, monkeypatch):
    """A file without write permission (root may write anyway, so the refusal is made here)
    is refused at the start (exit 2), kept, though a new file could replace it."""
    target = tmp_path / "page.svg"
    target.write_text("old")
    real_open = os.open

    def read_only(path, flags, *args, **kwargs):
        if flags & (os.O_WRONLY | os.O_RDWR) and not flags & os.O_CREAT and os.path.abspath(path) == str(target):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), path)
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", read_only)
    result = cli("replay", GAME, "-f", "text", "--svg", str(target))
    assert result.returncode == 2 and not result.stdout
    assert f"cannot write {target}: Permission denied" in result.stderr
    assert target.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["page.svg"]


@pytest.mark.skipif(not os.path.exists("/dev/tty"), reason="no /dev/tty")
def test_a_device_that_cannot_be_opened_is_a_usage_error(tmp_path):
    """A file written in place (anything but a plain file) that cannot be opened, /dev/tty
    for a process with no terminal, is refused as one that cannot be opened (exit 2), not
    said to be a full disk (74)."""
    result = _from_file(["deal", "--seed", "7", "--svg", "/dev/tty"], os.devnull, start_new_session=True)
    assert result.returncode == 2, result.stderr
    assert b"cannot write /dev/tty: " in result.stderr


def test_the_hidden_file_beside_a_long_name_is_named_by_its_first_50_characters(tmp_path, monkeypatch):
    """As notation.md says: ``.FILE.<random>.tmp``, the name cut to 50 characters."""
    target = tmp_path / ("n" * 60 + ".svg")
    renamed = []
    real_replace = os.replace

    def replace(src, dst):
        renamed.append(os.path.basename(src))
        return real_replace(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    picture_files.write_file(str(target), "<svg/>")
    assert len(renamed) == 1 and re.fullmatch(r"\.n{50}\.[0-9a-f]{16}\.tmp", renamed[0]), renamed
    assert target.read_text() == "<svg/>"


def test_a_closed_standard_output_is_not_taken_for_the_picture_file(tmp_path):
    """With stdout closed (``>&-``) there is no file it writes to: --svg FILE is written, not
    refused as standard output; the data that cannot go out ends the command as a closed pipe."""
    target = tmp_path / "deal.svg"
    target.write_text("an older picture")
    script = 'exec "$0" -m casino_cli deal --seed 7 --svg "$1" >&-'
    result = subprocess.run(["sh", "-c", script, sys.executable, str(target)], stderr=subprocess.PIPE, timeout=HANG)
    assert result.returncode == 141 and b"standard output" not in result.stderr
    assert target.read_text(encoding="utf-8").startswith("<svg")
