"""Exit codes of NOTATION.md: 70 internal error, 130 interrupted, 141 output closed early."""

from __future__ import annotations

import signal
import subprocess
import sys

import pytest

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
