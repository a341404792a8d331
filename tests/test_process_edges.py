"""Process edges (issue 17): closed and full streams, read errors, out-of-range and
non-UTF-8 arguments, failing user bots, signals. Each ends in its documented message and
exit code, never a traceback. Real processes (the shell's redirections), except EIO."""

from __future__ import annotations

import errno
import io
import json
import os
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import orjson
import pytest
from clirun import casino
from proc_state import process_state

from casino_cli.cli import entry
from casino_cli.cli.main import run
from casino_cli.engine.bots import find_bot

CASINO = [sys.executable, "-m", "casino_cli"]


def shell(script: str, env: dict | None = None) -> subprocess.CompletedProcess:
    """``sh -c SCRIPT`` with ``casino`` meaning this checkout's command."""
    command = shlex.join(CASINO)
    return subprocess.run(
        ["sh", "-c", script.replace("casino ", command + " ")], capture_output=True, timeout=60, env=env
    )


@pytest.mark.parametrize("fmt", ["json", "text", "pretty"])
@pytest.mark.parametrize(
    "command",
    [
        ["deal", "--seed", "1"],
        ["rules"],
        ["validate", "fixtures/records/dispute.json"],  # a verdict of 1: the closed pipe wins
        ["replay", "fixtures/records/corpus/classic-2.jsonl", "--hand", "1", "--to", "3"],
        ["hint", "fixtures/records/corpus/classic-2.jsonl", "--move", "3", "--jobs", "2"],  # workers in flight
    ],
)
def test_closed_stdout_is_141_quietly(command, fmt):
    """Closed from the start, or with its reader gone before the first line, in every
    format (rich's own answer to a closed pipe is exit 1, a verdict)."""
    args = [*command, "-f", fmt]
    res = shell(" ".join(["casino", *args, ">&-"]))
    assert res.returncode == 141 and b"error" not in res.stderr and b"Traceback" not in res.stderr, res.stderr
    reader, writer = os.pipe()
    os.close(reader)  # gone before the program starts
    gone = subprocess.Popen([*CASINO, *args], stdout=writer, stderr=subprocess.PIPE)
    os.close(writer)
    assert gone.stderr is not None
    said = gone.stderr.read()
    assert gone.wait(timeout=60) == 141 and b"error" not in said and b"Traceback" not in said, said


def test_closed_stdin_does_not_matter_with_a_file(tmp_path):
    (tmp_path / "p.json").write_bytes(casino("deal", "--seed", "1").stdout)
    res = shell(f"casino moves {shlex.quote(str(tmp_path / 'p.json'))} <&-")
    assert res.returncode == 0, res.stderr
    res = shell("casino moves - <&-")
    assert res.returncode == 74 and b"standard input is closed" in res.stderr


@pytest.mark.parametrize("redirect", ["2>&-", "2>/dev/full"])
def test_closed_or_full_stderr_keeps_success(redirect):
    res = shell(f"casino deal >/dev/null {redirect}")  # a random seed is announced on stderr
    assert res.returncode == 0


def test_full_disk_is_74_with_a_message():
    res = shell("casino simulate --seed 1 --games 3 >/dev/full")
    assert res.returncode == 74
    assert res.stderr.decode().strip() == "casino: input/output error: No space left on device"


def test_read_error_is_74_with_a_message(monkeypatch):
    class Failing(io.RawIOBase):
        def readable(self) -> bool:
            return True

        def readinto(self, buffer) -> int:
            raise OSError(errno.EIO, "Input/output error")

    class Stdin:
        buffer = io.BufferedReader(Failing())

        def isatty(self) -> bool:
            return False

    out, err = io.TextIOWrapper(io.BytesIO()), io.StringIO()
    monkeypatch.setattr(sys, "stdin", Stdin())
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    for args in (["moves", "-"], ["validate", "-"]):
        with pytest.raises(SystemExit) as exit_:
            run(args)
        assert exit_.value.code == 74, err.getvalue()
    assert err.getvalue().count("cannot read <stdin>: Input/output error") == 2
    assert "internal error" not in err.getvalue()


def test_a_hand_number_beyond_64_bits_is_a_usage_error():
    res = casino("deal", "--hand", "9223372036854775808")
    assert res.returncode == 2 and b"Traceback" not in res.stderr and b"internal" not in res.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["deal", "--seed", b"\xff\xfe"],
        ["deal", "--record", "--seed", b"\xff\xfe", "-f", "text"],  # a seed written into the record
        ["deal", "--record", "--seed", "7", "--names", b"\xff\xfe"],  # checked before it is split
        ["simulate", "--games", "1", "--seed", b"\xff\xfe"],
        ["match", "greedy", "random", "--pairs", "2", "--seed", b"\xff\xfe"],
        ["apply", "fixtures/examples/worked-1.json", b"\xff\xfe"],  # a move, where any text is read as one
        ["judge", "fixtures/examples/worked-1.json", b"\xff\xfe"],
        ["rules", b"\xff\xfe"],  # these four quoted it as '\udcff\udcfe', what Python makes of it
        ["schema", b"\xff\xfe"],
        ["simulate", "--games", "1", "--bots", b"\xff\xfe"],  # (cmd:PROGRAM's path may be any bytes)
        ["botcheck", b"\xff\xfe"],
        ["deal", "-o", b"\xff\xfe"],
    ],
)
def test_an_argument_that_is_not_utf8_is_a_usage_error(args):
    res = subprocess.run([*CASINO, *args], capture_output=True, timeout=60)
    assert res.returncode == 2
    assert res.stderr == b"casino: an argument is not UTF-8 text: b'\\xff\\xfe'\n"


@pytest.mark.parametrize(
    "args",
    [
        ["deal", "--record", "--seed", "Zoë", "--names", "Zoë,Ñandú"],
        ["simulate", "--games", "1", "--seed", "Zoë"],
        ["hint", "fixtures/examples/worked-1.json", "--seed", "Zoë"],
        ["review", "fixtures/records/corpus/classic-2.jsonl", "--seed", "Zoë", "--top", "1"],
        ["botcheck", "greedy", "--decisions", "2", "--redeals", "2", "--seed", "Zoë"],
    ],
)
def test_a_utf8_argument_means_the_same_in_an_ascii_locale(args):
    """Under LC_ALL=C with Python's UTF-8 mode off, Python reads the argument's UTF-8 bytes as
    escapes: casino reads them as UTF-8, and deals, names and seeds as in a UTF-8 locale."""
    ascii_env = {**os.environ, "LC_ALL": "C", "PYTHONUTF8": "0"}
    ascii_env.pop("PYTHONIOENCODING", None)
    got = subprocess.run([*CASINO, *args], capture_output=True, timeout=120, env=ascii_env)
    want = subprocess.run([*CASINO, *args], capture_output=True, timeout=120)
    assert (got.returncode, got.stdout) == (want.returncode, want.stdout) == (0, want.stdout), got.stderr


def test_an_option_quoted_in_an_ascii_locale_is_quoted_as_its_text():
    """-o given in UTF-8 under LC_ALL=C is read as UTF-8 (as every argument is) and its refusal
    quotes that text, written as the locale can ('Zo?'), not Python's escapes ('Zo\\udcc3\\udcab')."""
    ascii_env = {**os.environ, "LC_ALL": "C", "PYTHONUTF8": "0"}
    ascii_env.pop("PYTHONIOENCODING", None)
    got = subprocess.run([*CASINO, "deal", "-o", "Zoë"], capture_output=True, timeout=120, env=ascii_env)
    assert (got.returncode, got.stderr) == (2, b"casino: --option takes NAME=VALUE, not 'Zo?'\n")


BOTS = """
def explode(position, moves, rng):
    raise RuntimeError("my bot broke")

def cheat(position, moves, rng):
    return "KS"

def kbint(position, moves, rng):
    raise KeyboardInterrupt

def unlucky(position, moves, rng):
    if rng.random() < 0.002:  # a game's draws depend on its seed alone: the same game fails with any --jobs
        raise RuntimeError("unlucky")
    return moves[0]

def quits(position, moves, rng):
    import os
    os._exit(3)
"""


@pytest.mark.parametrize(
    "bot, needle",
    [
        ("mybots:explode", "bot 'mybots:explode' (seat 0) raised RuntimeError: my bot broke"),
        ("mybots:cheat", "bot 'mybots:cheat' (seat 0) returned 'KS', a str: a bot returns a Move"),
        ("badbots:anything", "cannot load bot 'badbots:anything': ZeroDivisionError"),
        ("exitbots:anything", "cannot load bot 'exitbots:anything': SystemExit: 5"),  # not casino's exit 5
        ("./mybots.py:explode", "cannot load bot './mybots.py:explode': a bot of your own is named by its module"),
        ("greedy,random,greedy", "--bots names 3 bots for 2 seats to fill: name at most 2"),
        ("mybots:kbint", "bot 'mybots:kbint' (seat 0) raised KeyboardInterrupt"),  # its own, not a Ctrl-C
    ],
)
@pytest.mark.parametrize(
    "command",
    [["simulate", "--seed", "1"], ["simulate", "--seed", "1", "--jobs", "2"], ["play", "--watch", "--seed", "1"]],
)
def test_a_failing_user_bot_is_named(tmp_path, bot, needle, command):
    (tmp_path / "mybots.py").write_text(BOTS)
    (tmp_path / "badbots.py").write_text("1 / 0\n")
    (tmp_path / "exitbots.py").write_text("import sys\nsys.exit(5)\n")
    env = dict(os.environ, PYTHONPATH=str(tmp_path))
    res = subprocess.run([*CASINO, *command, "--bots", bot], capture_output=True, timeout=60, env=env)
    assert res.returncode == 2, res.stderr
    err = res.stderr.decode()
    assert needle in err and "internal error" not in err and "Traceback" not in err


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_bot_raising_keyboardinterrupt_in_a_match_is_named_never_a_worker_traceback(tmp_path, jobs):
    (tmp_path / "mybots.py").write_text(BOTS)
    env = dict(os.environ, PYTHONPATH=str(tmp_path))
    args = [*CASINO, "match", "mybots:kbint", "greedy", "--pairs", "4", "--jobs", jobs, "--seed", "1"]
    res = subprocess.run(args, capture_output=True, timeout=60, env=env)
    assert res.returncode == 2 and b"bot 'mybots:kbint' (seat 0) raised KeyboardInterrupt" in res.stderr
    assert b"Traceback" not in res.stderr


@pytest.mark.parametrize(
    "command, said",
    [
        (
            ["simulate", "--games", "40", "--shard", "2/2", "--bots", "mybots:quits"],
            "(in games 21 to 28, dealt from seeds 's/21' to 's/28')",  # the first worker's: 8 games a chunk
        ),
        (["match", "mybots:quits", "greedy", "--pairs", "4"], "(in the pair of games dealt from seed 's/1')"),
    ],
)
def test_a_worker_ended_by_a_bot_s_own_code_names_the_games_it_was_playing(tmp_path, command, said):
    """A module bot that ends its process (os._exit) under --jobs ends its worker: the
    message says which games that worker was playing, to play them again."""
    (tmp_path / "mybots.py").write_text(BOTS)
    env = dict(os.environ, PYTHONPATH=str(tmp_path))
    res = subprocess.run([*CASINO, *command, "--seed", "s", "--jobs", "2"], capture_output=True, timeout=60, env=env)
    assert res.returncode == 70 and res.stdout == b""
    assert res.stderr.decode() == f"casino: a worker process ended unexpectedly (exit status 3) {said}\n"


def test_a_failing_bot_leaves_the_same_records_written_with_any_jobs(tmp_path):
    """The games before the one a bot fails in are written with --jobs as without: those of
    the failing game's chunk of 8 (games 17 to 24 in two workers) were dropped."""
    (tmp_path / "mybots.py").write_text(BOTS)
    env = dict(os.environ, PYTHONPATH=str(tmp_path))
    args = [*CASINO, "simulate", "--games", "30", "--hands", "1", "--seed", "u", "--bots", "mybots:unlucky,greedy"]
    one, two = (subprocess.run([*args, "--jobs", jobs], capture_output=True, timeout=60, env=env) for jobs in "12")
    said = "in unlucky (in game 18, dealt from seed 'u/18')\n"
    assert one.returncode == two.returncode == 2 and one.stderr.decode().endswith(said)
    assert (two.stdout, two.stderr) == (one.stdout, one.stderr) and one.stdout.count(b"\n") == 17


def test_a_bot_module_shadowed_by_pythons_own_says_which_file_was_imported(tmp_path):
    (tmp_path / "json.py").write_text("def mybot(view, moves, rng):\n    return moves[0]\n")
    run_here = [sys.executable, "-P", "-m", "casino_cli"]  # as the casino script runs: the directory not first
    res = subprocess.run([*run_here, "simulate", "--bots", "json:mybot"], capture_output=True, timeout=60, cwd=tmp_path)
    assert res.returncode == 2
    assert f"module 'json' ({json.__file__}) has no 'mybot'" in res.stderr.decode()


def test_a_bot_module_in_the_current_directory_is_found_as_the_casino_script_runs(tmp_path):
    """docs/bots.md: ``--bots mybots:cautious`` finds ``mybots.py`` in the current directory,
    also where the current directory is not on Python's path, as when the ``casino`` script
    runs (its own directory first, not the current one)."""
    (tmp_path / "mybots.py").write_text("def first(view, moves, rng):\n    return moves.moves[0]\n")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    args = ["simulate", "--seed", "c", "--hands", "1", "--bots", "mybots:first,greedy"]
    res = subprocess.run(
        [sys.executable, "-P", "-m", "casino_cli", *args], capture_output=True, timeout=60, cwd=tmp_path, env=env
    )
    assert res.returncode == 0 and orjson.loads(res.stdout)["players"] == ["mybots:first", "greedy"], res.stderr


def test_a_program_is_not_looked_for_as_a_module():
    with pytest.raises(LookupError, match="names a program: load it with casino_cli.records.botproto.load_bot"):
        find_bot("cmd:./mybot")  # Python's cmd module has no attribute './mybot'


@pytest.mark.parametrize("name", ["mybots.py:first", "bots/mybots:first", "bots/mybots.py:first"])
def test_a_bot_named_by_its_file_is_told_to_name_its_module(name):
    """A file's name, with ``.py`` or a directory or both, is no module: the message says
    how to name the bot instead."""
    said = "a bot of your own is named by its module, not its file: mybots:first, with mybots.py in the current"
    with pytest.raises(LookupError, match=said):
        find_bot(name)


def test_a_bot_whose_module_is_not_found_is_told_where_it_was_looked_for(tmp_path, monkeypatch):
    """A module not found says where casino looked for its file; a module the bot's own
    imports and does not find is named as Python names it."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "needs.py").write_text("import no_such_library_here\n")
    said = f"'nobots:first': no module 'nobots': no nobots.py in the current directory ({tmp_path}) nor on PYTHONPATH"
    with pytest.raises(LookupError, match=re.escape(said)):
        find_bot("nobots:first")
    with pytest.raises(LookupError, match=re.escape(f"no module 'no.bots': no {os.path.join('no', 'bots')}.py in")):
        find_bot("no.bots:first")
    with pytest.raises(
        LookupError, match="'needs:first': ModuleNotFoundError: No module named 'no_such_library_here'$"
    ):
        find_bot("needs:first")


@pytest.mark.parametrize("sig, code", [(signal.SIGINT, 130), (signal.SIGTERM, 143), (signal.SIGHUP, 129)])
@pytest.mark.parametrize("jobs, group", [("1", True), ("2", True), ("2", False)])
def test_a_stop_signal_ends_with_its_code_and_the_output_so_far(sig, code, jobs, group):
    proc = subprocess.Popen(
        [*CASINO, "simulate", "--seed", "1", "--games", "100000", "--jobs", jobs],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        bufsize=0,  # unbuffered: communicate() below reads the pipe itself
    )
    first = proc.stdout.readline()  # it is running and writing
    time.sleep(0.3)
    if group:
        os.killpg(proc.pid, sig)  # as a terminal does: the whole group (workers included)
    else:
        os.kill(proc.pid, sig)  # the parent alone: it ends its workers itself
    rest, err = proc.communicate(timeout=60)
    assert proc.returncode == code, err
    assert err == b"casino: interrupted\n"
    for line in (first + rest).splitlines():
        orjson.loads(line)  # every record written is whole


@pytest.mark.parametrize("sig, code", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_stop_signal_while_casino_waits_for_its_input_ends_it_then(sig, code):
    """A stop while a stream command waits for its next record (standard input open, no
    line coming) ends it then, with its code, after the lines already written: it is not
    put off until a next line is written, which may never come."""
    record = casino("simulate", "--games", "1", "--seed", "wait").stdout
    proc = subprocess.Popen(
        [*CASINO, "score", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0
    )
    proc.stdin.write(record)
    first = proc.stdout.readline()  # its score written: it goes back to standard input
    for _ in range(6_000):  # a hang's bound
        call = Path(f"/proc/{proc.pid}/syscall").read_text().split()  # the call it is in: number, arguments
        if len(call) > 1 and call[1] == "0x0" and process_state(proc.pid) == "S":
            break  # asleep in a call on descriptor 0: waiting for the next record
        time.sleep(0.01)
    proc.send_signal(sig)
    try:
        assert proc.wait(timeout=60) == code  # a hang's bound: standard input stays open
    finally:
        proc.kill()
        proc.stdin.close()
    assert orjson.loads(first)["format"] == "casino.score/1"
    assert proc.stderr.read() == b"casino: interrupted\n" and proc.stdout.read() == b""


def test_an_unwritable_save_path_is_refused_before_the_game(tmp_path):
    res = casino("play", "--watch", "--save", str(tmp_path / "no" / "such" / "game.json"))
    assert res.returncode == 2 and b"there is no directory" in res.stderr
    assert res.stdout == b""  # refused before a move is played


@pytest.mark.parametrize("stage", ["casino_cli.cli.quick.parse", "typer.main.get_command"])
def test_ctrl_c_while_the_command_line_is_parsed_is_an_interruption(monkeypatch, capsys, stage):
    """Before the command runs (the modules loading, the command line parsed) a Ctrl-C is
    also exit 130 with one line, not a traceback."""

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(stage, interrupted)
    with pytest.raises(SystemExit) as stop:
        entry.run(["--help"] if "typer" in stage else ["deal", "--seed", "1"])
    assert stop.value.code == 130 and capsys.readouterr().err == "casino: interrupted\n"


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "--games", str(2**63), "--seed", "x"],
        ["simulate", "--jobs", "1000", "--seed", "x"],
        ["simulate", "--hands", str(10**26), "--seed", "x"],
        ["match", "greedy", "random", "--pairs", "4", "--hands", str(10**26)],
        ["match", "greedy", "random", "--pairs", str(10**13)],
        ["botcheck", "greedy", "--redeals", str(10**30)],
    ],
)
def test_a_count_too_large_is_a_usage_error(args):
    """Every count has a bound (a billion billion games is a typing slip, and 1,000 worker
    processes on a small machine a hang): exit 2 with the range, never an internal error."""
    res = casino(*args)
    assert res.returncode == 2 and b"is not in the range" in res.stderr, res.stderr


def test_deal_hand_past_the_seeded_decks_numbers_is_a_usage_error_and_its_help_reads_plainly():
    """``deal --help`` showed the bound as 1<=x<=9223372036854775807; it says 'below 2**63'
    and a larger hand is exit 2 with that bound."""
    res = casino("deal", "--hand", str(2**63), "--seed", "x")
    assert res.returncode == 2 and res.stderr == b"casino: --hand is below 2**63, not 9223372036854775808\n"
    assert casino("deal", "--hand", str(2**63 - 1), "--seed", "x").returncode == 0
    assert b"9223372036854775807" not in casino("deal", "--help").stdout


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ["simulate", "--bots", ",greedy,", "--players", "3"],
            b"--bots ',greedy,': a name is missing between its commas",
        ),
        (["simulate", "--bots", " , ", "--games", "1"], b"--bots names no bot (bots: random, greedy, "),
        (["match", "greedy", "random", "--time-limit", "nan"], b"nan is not a number of seconds"),
        (["play", "--watch", "--delay", "nan", "-f", "json"], b"nan is not a number of seconds"),
        (["play", "--watch", "--delay", "1e308", "-f", "text"], b"1e+308 is not in the range 0<=x<=3600"),
    ],
)
def test_an_option_that_reads_but_means_nothing_is_a_usage_error(args, said):
    """An empty bot name between commas once put greedy in every seat; nan seconds passed
    the range check; a --delay past what time.sleep takes was an internal error (exit 70,
    OverflowError) after the first move."""
    res = casino(*args)
    assert res.returncode == 2 and said in res.stderr, res.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["deal", "--dealer", "5"],
        ["deal", "--record", "--hand", "2"],
        ["deal", "--record", "--names", "Ana"],
        ["simulate", "--shard", "3/2"],
        ["simulate", "--jobs", "2", "--dask", "tcp://nowhere:1"],
        ["play", "--bots", "greedy"],  # no terminal here
        ["play", "--watch", "--bots", "nobody"],
    ],
)
def test_a_usage_error_comes_before_a_random_seed_is_announced(args):
    """Without --seed a fresh seed is said on stderr, for the work to be had again; a
    command refused for its options has no work to repeat, so only the refusal is said."""
    res = casino(*args)
    assert res.returncode == 2 and b"seed:" not in res.stderr and len(res.stderr.splitlines()) == 1, res.stderr


def test_a_closed_pipe_under_rich_is_casinos_to_handle():
    """rich's own answer to a closed pipe is exit 1 with stdout pointed at /dev/null; casino's
    consoles raise BrokenPipeError on stdout (exit 141) and go quiet on stderr."""
    from casino_cli.cli.output import console

    with pytest.raises(BrokenPipeError):
        console().on_broken_pipe()
    err = console(stderr=True)
    err.on_broken_pipe()
    assert err.quiet


def test_a_count_of_thousands_of_digits_is_a_usage_error_not_a_traceback():
    """Python refuses to read an int of more than 4,300 digits; the fast parser tried to
    (a traceback, exit 1), and now leaves such a word to typer, which refuses it; one of
    more than 4,096 characters is refused as an argument before either reads it."""
    res = casino("simulate", "--games", "9" * 4000, "--seed", "x")
    assert res.returncode == 2 and b"Invalid value for '--games'" in res.stderr and b"Traceback" not in res.stderr
    res = casino("simulate", "--games", "9" * 5000, "--seed", "x")
    assert res.returncode == 2 and b"characters is longer than any casino takes" in res.stderr


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_what_a_module_bot_prints_on_import_or_in_play_goes_to_stderr(tmp_path, jobs):
    """stdout is simulate's records: a banner printed when the module is imported, and what
    the bot prints while it plays, go to stderr (the banner corrupted the first line)."""
    (tmp_path / "chatty.py").write_text(
        "import sys\nprint('IMPORT BANNER')\nfrom casino_cli.engine import greedy_bot\n"
        "def bot(view, moves, rng):\n    print('thinking')\n    return greedy_bot(view, moves, rng)\n"
    )
    args = [*CASINO, "simulate", "--seed", "1", "--games", "2", "--jobs", jobs, "--bots", "chatty:bot,greedy"]
    res = subprocess.run(args, capture_output=True, timeout=120, cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert len(lines) == 2 and all(orjson.loads(line)["format"] == "casino.record/1" for line in lines)
    assert b"IMPORT BANNER" in res.stderr and b"thinking" in res.stderr
