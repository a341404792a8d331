"""Exit codes of NOTATION.md: 70 internal error, 130 interrupted, 141 output closed early, and the
worst of several."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest
from inproc import cli

from casino_cli.cli import main


def test_internal_error_exits_70_with_a_bug_report_request(monkeypatch, capsys):
    def boom(*args, **kwargs):
        raise RuntimeError("simulated fault")

    monkeypatch.setattr("casino_cli.cli.cmd_deal.run_deal", boom)
    monkeypatch.delenv("CASINO_DEBUG", raising=False)
    with pytest.raises(SystemExit) as exit_info:
        main.run(["deal", "--seed", "1"])
    assert exit_info.value.code == 70
    err = capsys.readouterr().err
    assert "internal error" in err and "report" in err and "Traceback" not in err


def test_casino_debug_lets_an_internal_error_s_traceback_through(monkeypatch, capsys):
    """With CASINO_DEBUG=1 (what the internal error's message asks for), the bug's own
    exception goes on out of casino, its traceback with it, instead of exit 70."""

    def boom(*args, **kwargs):
        raise RuntimeError("simulated fault")

    monkeypatch.setattr("casino_cli.cli.cmd_deal.run_deal", boom)
    monkeypatch.setenv("CASINO_DEBUG", "1")
    with pytest.raises(RuntimeError, match="simulated fault"):
        main.run(["deal", "--seed", "1"])
    assert "internal error" not in capsys.readouterr().err


def _default_sigint() -> None:
    """In the child: Ctrl-C as at a terminal (a suite started in the background by a shell
    inherits SIGINT ignored, and Python then never raises KeyboardInterrupt)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_exits_130():
    proc = subprocess.Popen(
        [sys.executable, "-m", "casino_cli", "simulate", "--games", "100000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=_default_sigint,
    )
    assert proc.stdout.readline()  # it is simulating (not still starting up, however busy the machine)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert b"Traceback" not in err


def test_closed_stdout_exits_141_quietly():
    proc = subprocess.Popen(
        [sys.executable, "-m", "casino_cli", "simulate", "--games", "2000", "--seed", "q"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    first = proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read()
    proc.wait(timeout=60)
    assert first.startswith(b'{"format":"casino.record/1"')
    assert proc.returncode == 141 and err == b""


GAME, DISPUTE, BROKEN, MISSING = (
    "fixtures/docs/game.json",  # valid: 0
    "fixtures/records/dispute.json",  # not valid: 1
    "fixtures/docs/broken.json",  # a position where a record is expected: 65
    "fixtures/no-such-file.json",  # cannot be opened: 2
)


@pytest.mark.parametrize(
    "files, code, checked",
    [
        ((GAME, MISSING), 2, "1 record checked: 1 valid"),
        ((MISSING, DISPUTE), 2, "1 record checked: 0 valid, 1 not valid"),
        ((DISPUTE, MISSING, BROKEN), 65, "2 records checked: 0 valid, 1 not valid (1 finding), 1 unreadable"),
    ],
)
def test_validate_checks_the_files_it_can_open_and_the_worst_exit_wins(files, code, checked):
    """NOTATION.md: "When several apply, the worst wins"; docs/notation.md: a file that
    cannot be opened is reported, the other files are still checked, and the exit is at
    least 2 (65 when a record is unreadable)."""
    out = cli("validate", *files)
    assert out.returncode == code
    assert f"cannot open {MISSING}" in out.stderr and checked in out.stderr


@pytest.mark.parametrize("error, code", [(BrokenPipeError, 143), (BrokenPipeError, 65), (OSError, 143), (OSError, 0)])
def test_output_that_cannot_be_flushed_at_the_end_keeps_the_worst_exit(monkeypatch, error, code):
    """At the exit, a stdout whose reader has gone (141) or that cannot be written (74)
    is said in the exit status unless a worse one applies (a SIGTERM's 143): the worst
    wins, and stdout is silenced so that nothing fails after."""
    import io

    from casino_cli.cli import process

    class Gone(io.RawIOBase):
        failing = True

        def writable(self) -> bool:
            return True

        def write(self, data: object) -> int:
            if self.failing:
                raise error(32 if error is BrokenPipeError else 28, "cannot write")
            return len(data)  # type: ignore[arg-type]

    gone = Gone()
    stdout = io.TextIOWrapper(io.BufferedWriter(gone), encoding="utf-8")
    monkeypatch.setattr(process._Closed, "silent", False)
    monkeypatch.setattr("sys.stdout", stdout)
    print("a line still in the buffer")
    with pytest.raises(SystemExit) as exit_info:
        process.finish(code)
    met = 141 if error is BrokenPipeError else 74
    assert exit_info.value.code == max(code, met)
    print("written after: dropped")  # stdout silenced: no second failure
    gone.failing = False  # the process ends here: the stream replaced lets its buffer go, unheard
    stdout.close()


def test_validate_shard_refuses_a_file_it_cannot_open_before_checking_anything():
    """docs/notation.md: validate --shard reads its files twice, so a file that cannot be
    opened is a usage error (exit 2) before anything is checked: said once, nothing written."""
    out = cli("validate", "--shard", "1/2", MISSING, DISPUTE)
    assert (out.returncode, out.stdout) == (2, b"")
    assert out.stderr == f"casino: cannot open {MISSING}: No such file or directory\n"


def test_validate_reading_standard_input_once_says_nothing_of_it():
    """'-' given twice is said (standard input is read once); given once, nothing is said of it."""
    record = Path(DISPUTE).read_bytes()
    once, twice = cli("validate", "-", stdin=record), cli("validate", "-", "-", stdin=record)
    assert once.returncode == twice.returncode == 1 and once.stdout == twice.stdout
    assert "more than once" not in once.stderr
    assert twice.stderr == "casino: - is given more than once: standard input is read once\n" + once.stderr
