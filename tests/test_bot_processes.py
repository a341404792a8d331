"""A bot's processes and the stop signals: a ``cmd:`` bot's program, and whatever it
started, end with the game (when it fails, when the work is done, when a worker of --jobs
ends); a Ctrl-C while a bot chooses its move is the command's interruption (130), not a
failure of the bot."""

from __future__ import annotations

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
from proc_state import process_state

DOCS = Path(__file__).resolve().parent.parent / "docs" / "bots.md"
pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")


def _running(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie has ended: only nobody has collected its status)."""
    return process_state(pid) not in (None, "Z")


def _all_ended(pids: list[int]) -> bool:
    """Whether every one of ``pids`` has ended, polled for a minute at least: a SIGKILL takes
    effect soon, not at once, and later on a loaded machine, where a process killed waits for
    the CPU to end. (A process left running sleeps for 300 s, far beyond this.)"""
    for _ in range(3000):
        if not any(_running(pid) for pid in pids):
            return True
        time.sleep(0.02)
    return False


def _refused(cwd: Path, programs: dict[str, tuple[str, bytes]], *options: str) -> None:
    """simulate with each program (name: its source and what it is told) as seat 0's bot
    stops with a usage error (exit 2) that says so, never a traceback."""
    for name, (source, said) in programs.items():
        (cwd / name).write_text(source)
        out = _casino(
            ["simulate", "--seed", "r", *options, "--bots", f"cmd:{shlex.join([sys.executable, name])},greedy"], cwd
        )
        assert out.returncode == 2 and said in out.stderr and b"Traceback" not in out.stderr, out.stderr


def _casino(args: list[str], cwd: Path) -> subprocess.CompletedProcess[bytes]:
    """The command, its output kept in files: a pipe would also wait for any process left
    holding it (a bot's), so a failing check would be a long wait, not a clear failure."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "CASINO_BOT_TIME_LIMIT")}
    with open(cwd / "out", "w+b") as out, open(cwd / "err", "w+b") as err:
        done = subprocess.run(
            [sys.executable, "-m", "casino_cli", *args], cwd=cwd, env=env, stdout=out, stderr=err, timeout=120
        )
        out.seek(0)
        err.seek(0)
        return subprocess.CompletedProcess(done.args, done.returncode, out.read(), err.read())


def test_a_bot_that_fails_is_ended_with_what_it_started(tmp_path):
    """A shell script that never answers, whose child would live on: both end at the time limit."""
    (tmp_path / "bot.sh").write_text('sleep 300 &\necho $! > "$1"\nwait\n')
    pid_file = tmp_path / "child.pid"
    out = _casino(
        ["match", f"cmd:sh bot.sh {shlex.quote(str(pid_file))}", "greedy", "--pairs", "2", "--time-limit", "1"],
        tmp_path,
    )
    assert (
        out.returncode == 2
        and b"did not answer within 6 s (its first answer: the limit and 5 s to start)" in out.stderr
    )
    assert _all_ended([int(pid_file.read_text())])


LINGERING_BOT = """\
import json, os, sys, time
open(os.path.join(sys.argv[1], str(os.getpid())), "w").close()
for line in sys.stdin:
    print(json.dumps({"index": 0}), flush=True)
time.sleep(300)  # stays on after its stdin is closed
"""


@pytest.mark.parametrize(
    ("command", "programs"),
    [
        (["match", "{bot}", "greedy", "--pairs", "4", "--looks", "1", "--jobs", "2"], 4),
        (["match", "{bot}", "greedy", "--pairs", "2", "--looks", "1"], 2),
        (["simulate", "--games", "16", "--hands", "1", "--seed", "s", "--bots", "{bot},greedy", "--jobs", "2"], 2),
        (["play", "--watch", "--seed", "s", "--bots", "{bot},greedy"], 1),  # its seats are dropped, not ended
    ],
)
def test_a_bot_program_that_lingers_is_ended_with_the_work(tmp_path, command, programs):
    """A program is started for each seat a bot plays in (A plays seats 0 and 1 of a
    2-player match), in each worker of --jobs, and each has ended once the command has."""
    (tmp_path / "linger.py").write_text(LINGERING_BOT)
    started = tmp_path / "pids"
    started.mkdir()
    bot = "cmd:" + shlex.join([sys.executable, "linger.py", str(started)])
    out = _casino([part.replace("{bot}", bot) for part in command], tmp_path)
    assert out.returncode == 0, out.stderr
    pids = [int(p.name) for p in started.iterdir()]
    assert len(pids) == programs
    assert _all_ended(pids)


def test_a_stop_signal_while_a_bot_chooses_is_an_interruption(tmp_path):
    """The signal's handler runs inside the bot's call: the command is interrupted (130),
    the bot is not reported as having failed."""
    (tmp_path / "stopper.py").write_text(
        "import os, signal\n"
        "def bot(view, moves, rng):\n"
        "    os.kill(os.getpid(), signal.SIGINT)  # as a Ctrl-C while it thinks\n"
        "    return moves.moves[0]\n"
    )
    for command in (["match", "stopper:bot", "greedy", "--pairs", "2"], ["simulate", "--bots", "stopper:bot"]):
        out = _casino(command, tmp_path)
        assert out.returncode == 130, out.stderr
        assert out.stderr.endswith(b"casino: interrupted\n") and b"raised" not in out.stderr


class _Stopped(BaseException):
    """What casino's stop-signal handlers raise, in these tests."""


def _stop_handler(number, frame):
    """A SIGTERM handler as casino's are (cli/process.py): it waits while a signal is held."""
    from casino_cli.records.hold_signals import hold, holding

    if holding():
        hold(number)
        return
    raise _Stopped


def _lingering_command_bot(tmp_path: Path):
    """A CommandBot of LINGERING_BOT, and the folder where its program writes its pid."""
    from casino_cli.records import botproto

    (tmp_path / "linger.py").write_text(LINGERING_BOT)
    started = tmp_path / "pids"
    started.mkdir()
    return botproto.CommandBot(shlex.join([sys.executable, str(tmp_path / "linger.py"), str(started)])), started


def _started(started: Path) -> list[int]:
    """The pid the program wrote into ``started`` as it started, waited for (up to 30 s:
    a loaded machine can take seconds to start Python)."""
    for _ in range(1500):
        if pids := [int(p.name) for p in started.iterdir()]:
            return pids
        time.sleep(0.02)
    raise AssertionError("the program never wrote its pid")


def test_an_ended_program_leaves_no_pipe_open():
    """The pipe of a program's output is closed as the program is ended, not left to the
    handle's drop at the next clean-up (a ResourceWarning on every program, an error under
    ``python -W error``)."""
    from casino_cli.records import botproto

    bot = botproto.CommandBot("sleep 60")
    process = bot._start(0)
    bot.close(0)
    assert process.returncode is not None and process.stdout is not None and process.stdout.closed


def test_a_stop_signal_while_a_program_starts_waits_until_casino_holds_it(tmp_path, monkeypatch):
    """A stop signal delivered inside Popen (the program forked, its handle not yet casino's)
    is held and raised once the program is known, so the clean-up ends it."""
    import signal

    from casino_cli.records import botproto

    real_popen = subprocess.Popen

    def popen_then_signal(*args, **kwargs):
        process = real_popen(*args, **kwargs)
        os.kill(os.getpid(), signal.SIGTERM)  # lands before Popen's caller has the handle
        return process

    bot, started = _lingering_command_bot(tmp_path)
    monkeypatch.setattr(botproto.subprocess, "Popen", popen_then_signal)
    previous = signal.signal(signal.SIGTERM, _stop_handler)
    try:
        with pytest.raises(_Stopped):
            bot._start(0)
    finally:
        signal.signal(signal.SIGTERM, previous)
        pids = _started(started)  # ended before it ran, it would leave no pid to check
        bot.close()
    assert _all_ended(pids)


def test_of_two_stop_signals_held_the_first_is_delivered_once():
    """A section in which stop signals wait delivers the first one held as it ends (a
    SIGUSR1 then a SIGUSR2 here: the SIGUSR1), and only that one."""
    import signal

    from casino_cli.records.hold_signals import held, hold

    got: list[int] = []
    numbers = (signal.SIGUSR1, signal.SIGUSR2)
    previous = {n: signal.signal(n, lambda number, frame: got.append(number)) for n in numbers}
    try:
        with held():
            hold(signal.SIGUSR1)
            hold(signal.SIGUSR2)
            assert got == []
    finally:
        for n, handler in previous.items():
            signal.signal(n, handler)
    assert got == [signal.SIGUSR1]


def test_a_ctrl_c_during_botcheck_ends_the_question_in_flight(tmp_path):
    """botcheck asks in processes of its own; a Ctrl-C while a bot is stuck in one gives
    130 at once, and that process ends too."""
    (tmp_path / "stuck.py").write_text(
        "import os, signal, time\n"
        "def bot(view, moves, rng):\n"
        "    open('stuck.pid', 'w').write(str(os.getpid()))\n"
        "    helper = os.getppid()  # the process questions are forked from; casino is its parent\n"
        "    with open(f'/proc/{helper}/stat') as stat:\n"
        "        casino = int(stat.read().rsplit(')', 1)[1].split()[1])\n"
        "    for _ in range(500):  # until casino waits for the answer (a signal just before its read waits)\n"
        "        with open(f'/proc/{casino}/stat') as stat:\n"
        "            if stat.read().rsplit(')', 1)[1].split()[0] == 'S':\n"
        "                break\n"
        "        time.sleep(0.01)\n"
        "    os.kill(casino, signal.SIGINT)  # as a Ctrl-C while this bot thinks\n"
        "    while True:\n"
        "        time.sleep(1)\n"
    )
    out = _casino(["botcheck", "stuck:bot"], tmp_path)
    assert out.returncode == 130 and out.stderr.endswith(b"casino: interrupted\n"), out.stderr
    assert _all_ended([int((tmp_path / "stuck.pid").read_text())])


def test_a_stop_signal_while_a_program_is_ended_waits_until_it_is(tmp_path):
    """A stop signal that arrives while casino ends a program (closing its stdin, waiting,
    killing its group) is raised once that is done, so the program still ends."""
    import signal

    bot, started = _lingering_command_bot(tmp_path)
    process = bot._start(0)
    pids = _started(started)  # killed before it ran, it would leave no pid to check
    real_wait = process.wait

    def wait_then_signal(timeout=None):
        os.kill(os.getpid(), signal.SIGTERM)  # lands while casino waits for the program
        return real_wait(timeout)

    process.wait = wait_then_signal
    previous = signal.signal(signal.SIGTERM, _stop_handler)
    try:
        with pytest.raises(_Stopped):
            bot.close(wait=0.2)
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert _all_ended(pids)


def test_a_stop_signal_while_a_failed_program_s_handle_is_dropped_is_not_lost(tmp_path, monkeypatch):
    """A program that fails is ended, and its exception keeps the handle in the failing
    call's frames. Dropping that exception must not run the handle's __del__ where a stop
    signal's exception is lost ("Exception ignored in: Popen.__del__", seen once in CI when
    --jobs stopped a worker just as its own bot failed). It runs in the next clean-up,
    which holds the signal and raises it when done."""
    import random
    import signal

    from casino_cli.engine import legal_moves, make_rules, observe, seeded_deck, start_position
    from casino_cli.engine.views import BotError
    from casino_cli.records import botproto

    (tmp_path / "mute.py").write_text("import sys, time\nsys.stdin.readline()\ntime.sleep(300)\n")
    monkeypatch.setattr(botproto, "START_GRACE", 0.0)
    bot = botproto.CommandBot(shlex.join([sys.executable, str(tmp_path / "mute.py")]), limit=0.1)
    real_del = subprocess.Popen.__del__

    def signal_in_del(self):
        if self.args[-1].endswith("mute.py"):
            os.kill(os.getpid(), signal.SIGTERM)  # lands while the handle is dropped
        real_del(self)

    lost = []
    monkeypatch.setattr(subprocess.Popen, "__del__", signal_in_del)
    monkeypatch.setattr(sys, "unraisablehook", lost.append)
    pos = start_position(make_rules("classic"), seeded_deck("8"), 1)
    previous = signal.signal(signal.SIGTERM, _stop_handler)
    try:
        with pytest.raises(BotError, match="did not answer within 0.1 s"):
            bot(observe(pos, pos.turn), legal_moves(pos), random.Random(0))  # its handle is dropped after this
        with pytest.raises(_Stopped):
            botproto.close_all([])
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert lost == []


SEAT_LOGGER = """\
import json, os, sys
with open(sys.argv[1], "a") as log:
    for line in sys.stdin:
        question = json.loads(line)
        view, seat = question["view"], question["seat"]
        if view["deal"] == 1 and view["hand_counts"][seat] == 4:  # its first question of a hand: the deal's mark
            deal = sorted(view["hands"][seat]) + ["|"] + sorted(view["table"]["loose"]) + [str(len(view["history"]))]
            print(os.getpid(), seat, " ".join(deal), file=log, flush=True)
        print(json.dumps({"index": 0}), flush=True)
"""


@pytest.mark.parametrize(
    ("command", "programs"),
    [
        (["simulate", "--games", "3", "--hands", "1", "--seed", "p", "--players", "4", "--bots", "{bot},greedy"], 2),
        (["match", "{bot}", "greedy", "--pairs", "3", "--looks", "1", "--seed", "p", "--players", "4"], 4),
        (["match", "{bot}", "greedy", "--pairs", "3", "--looks", "1", "--seed", "p", "--players", "3"], 3),
        (["match", "{bot}", "{bot}", "--pairs", "3", "--looks", "1", "--seed", "p", "--hands", "1"], 2 + 2 * 3),
    ],
)
def test_a_program_plays_one_seat_and_never_meets_a_deal_twice(tmp_path, command, programs):
    """Partners never share a program (it would see both hands), nor do the two sides of
    ``match cmd:X cmd:X``; a program is kept from game to game, but one that would meet a
    deal again (a mirrored pair's other game, where the cards it held are another side's)
    is a new program: so many programs start, each for one seat, none seeing a deal twice."""
    (tmp_path / "seats.py").write_text(SEAT_LOGGER)
    log = tmp_path / "log"
    bot = "cmd:" + shlex.join([sys.executable, "seats.py", str(log)])
    out = _casino([part.replace("{bot}", bot) for part in command], tmp_path)
    assert out.returncode == 0, out.stderr
    seats: dict[str, set[str]] = {}
    deals: dict[str, list[str]] = {}
    for line in log.read_text().splitlines():
        pid, seat, deal = line.split(" ", 2)
        seats.setdefault(pid, set()).add(seat)
        deals.setdefault(pid, []).append(deal)
    assert len(seats) == programs and all(len(s) == 1 for s in seats.values()), seats
    assert all(len(set(d)) == len(d) for d in deals.values()), deals
    assert sum(len(d) for d in deals.values()) > len(seats)  # programs are kept for later deals


COUNTING_STARTER = """\
import json, os, sys
log = sys.argv[1]
earlier = [int(line.split()[0]) for line in open(log)] if os.path.exists(log) else []
def alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True
with open(log, "a") as out:  # its id, and how many programs started before it still run
    print(os.getpid(), sum(alive(pid) for pid in earlier), file=out, flush=True)
for line in sys.stdin:
    print(json.dumps({"index": 0}), flush=True)
"""


def test_a_program_that_would_meet_a_deal_again_is_ended_before_its_seat_s_next_starts(tmp_path):
    """docs/bots.md: a program that would meet a deal again "is ended (its stdin is closed)
    and a new one started": the programs of ``match cmd:X cmd:X`` come and go, one a seat,
    never more running at once than the two seats, not all left to the command's end."""
    (tmp_path / "count.py").write_text(COUNTING_STARTER)
    bot = "cmd:" + shlex.join([sys.executable, "count.py", str(tmp_path / "log")])
    out = _casino(["match", bot, bot, "--pairs", "3", "--looks", "1", "--seed", "p", "--hands", "1"], tmp_path)
    assert out.returncode == 0, out.stderr
    running = [int(line.split()[1]) for line in (tmp_path / "log").read_text().splitlines()]
    assert len(running) == 2 + 2 * 3 and max(running) <= 1, running  # the other seat's, at most


def test_a_program_is_kept_for_a_bounded_number_of_deals():
    """What casino keeps of a program's deals (to end it before a deal comes again) does not
    grow with the games: after the 1,000 deals docs/bots.md gives, its seat is given a new program."""
    from casino_cli.records import botproto

    said = re.search(r"as it is after ([\d,]+) deals", DOCS.read_text(encoding="utf-8"))
    assert said is not None
    deals = int(said[1].replace(",", ""))  # docs/bots.md's number, not the constant's
    bot = botproto.CommandBot("./not-started")  # a program starts at its first question: none here
    programs = [botproto.seated([bot, "greedy"], f"run/{game}")[0] for game in range(deals + 1)]
    assert all(p is programs[0] for p in programs[:-1]) and programs[-1] is not programs[0]
    assert botproto.seated([bot, "greedy"], "run/1")[0] is programs[-1]  # a new program has seen no deal


def test_a_seat_is_never_given_the_program_of_another_bot_made_at_the_same_address():
    """A seat's program was kept under the bot's id(): a library user's CommandBot, dropped,
    left its entry, and a new one made at the same address (as CPython does at once) was
    seated with the old bot's program, another command. Each seat gets its own bot's."""
    from casino_cli.records import botproto

    for n in range(20):  # programs start at their first question: none here
        bot = botproto.CommandBot(f"./not-started-{n}")
        assert botproto.seated([bot, "greedy"], f"made/{n}")[0].command == bot.command
        del bot  # its address free for the next


def test_an_answer_is_read_as_the_notation_reads_a_move(tmp_path):
    """Any spelling of a legal move is that move (the table cards in another order, lower
    case); an answer whose index and move disagree, and a program's end, say what happened."""
    program = (
        "import json, sys\n"
        "for line in sys.stdin:\n"
        "    q = json.loads(line)\n"
        "    moves = [m for m in q['moves'] if '+' in m and 'x' in m] or q['moves']\n"
        "    head, _, rest = moves[0].partition('x')\n"
        "    m = head + 'x' + '+'.join(reversed(rest.split('+'))) if rest else moves[0]\n"
        "    print(json.dumps({'move': m.lower()}), flush=True)\n"
    )
    (tmp_path / "reordered.py").write_text(program)
    out = _casino(
        [
            "simulate",
            "--seed",
            "r",
            "--hands",
            "1",
            "--bots",
            f"cmd:{shlex.join([sys.executable, 'reordered.py'])},greedy",
        ],
        tmp_path,
    )
    assert out.returncode == 0, out.stderr
    moves = orjson.loads(out.stdout)["hands"][0]["moves"]
    assert any("+" in m and "x" in m for m in moves[::2])  # a capture of several cards was answered reversed
    both = (
        "import json, sys\nfor line in sys.stdin:\n"
        "    q = json.loads(line)\n    print(json.dumps({'index': 0, 'move': q['moves'][-1]}), flush=True)\n"
    )
    _refused(
        tmp_path,
        {
            "both.py": (both, b"its index and its move name different moves (give one of them)"),
            "quits.py": (
                "import sys\nsys.stdin.readline()\nsys.exit(3)\n",
                b"exited without answering (exit status 3)",
            ),
        },
    )
    endless = "import sys, time\nsys.stdin.readline()\nsys.stdout.write('9' * (1 << 21))\nsys.stdout.flush()\ntime.sleep(60)\n"
    _refused(tmp_path, {"endless.py": (endless, b"answered more than 1 MB without a newline")})
    (tmp_path / "once.py").write_text("import sys\nsys.stdin.readline()\nprint('{\"index\": 0}', flush=True)\n")
    once = _casino(
        ["simulate", "--seed", "r", "--bots", f"cmd:{shlex.join([sys.executable, 'once.py'])},greedy"], tmp_path
    )
    said = (b"exited before its next question (exit status 0)", b"exited without answering (exit status 0)")
    assert once.returncode == 2 and any(words in once.stderr for words in said), once.stderr  # never started again


PADDED = """\
import sys
for line in sys.stdin:  # {"index": 0} padded with JSON's blanks to a line of SIZE bytes, its newline after
    sys.stdout.write('{"index": 0' + ' ' * (SIZE - 12) + '}\\n')
    sys.stdout.flush()
"""


def test_an_answer_line_of_1_mb_is_read_and_one_byte_more_is_refused(tmp_path):
    """docs/bots.md: an answer is one line of at most 1 MB, its newline not counted: a line
    of 1 MB exactly is the move it names; a line of a byte more is refused, as one without a
    newline is."""
    from casino_cli.records.botproto import MAX_ANSWER

    assert MAX_ANSWER == 1 << 20  # the 1 MB of the page
    (tmp_path / "whole.py").write_text(PADDED.replace("SIZE", str(MAX_ANSWER)))
    whole = _casino(
        ["simulate", "--seed", "r", "--hands", "1", "--bots", f"cmd:{shlex.join([sys.executable, 'whole.py'])},greedy"],
        tmp_path,
    )
    assert whole.returncode == 0, whole.stderr
    said = b"answered more than 1 MB without a newline"
    _refused(tmp_path, {"over.py": (PADDED.replace("SIZE", str(MAX_ANSWER + 1)), said)}, "--hands", "1")


UNREAD_QUESTIONS = """\
import array, fcntl, termios, time
waiting = array.array("i", [0])
def unread():
    fcntl.ioctl(0, termios.FIONREAD, waiting)
    return waiting[0]
before = 0
while True:  # one answer a question, each question left unread, until the pipe is full
    if unread() > before:
        time.sleep(0.05)  # the whole question
        before = unread()
        print('{"index": 0}', flush=True)
    time.sleep(0.005)
"""


LEAVES_ITS_STDIN_FULL = """\
import array, fcntl, subprocess, termios, time
fcntl.fcntl(0, fcntl.F_SETPIPE_SZ, 4096)  # its stdin holds one page: one question fills it
waiting = array.array("i", [0])
while not (fcntl.ioctl(0, termios.FIONREAD, waiting) or waiting[0]):  # its first question, left unread
    time.sleep(0.005)
time.sleep(0.05)  # the whole question
print('{"index": 0}', flush=True)
subprocess.Popen(["sleep", "300"])  # then it exits, a process it started holding its full stdin
"""


def test_a_program_that_exits_while_its_stdin_is_full_has_exited(tmp_path):
    """A program gone while casino waits to write its next question (its stdin full, held
    open by a process it started) has exited: said at once, not as late at the limit."""
    said = b"(seat 0) exited before its next question (exit status 0)"
    _refused(tmp_path, {"leaves.py": (LEAVES_ITS_STDIN_FULL, said)}, "--time-limit", "60")


def test_a_program_that_never_reads_its_questions_is_late_not_a_hang(tmp_path):
    """The time limit covers sending the question too: once the program's stdin is full,
    casino does not wait on it for ever."""
    said = b"did not read its question within 1 s: it must read each question"
    _refused(tmp_path, {"unread.py": (UNREAD_QUESTIONS, said)}, "--time-limit", "1")


def test_programs_end_where_the_platform_cannot_wait_without_reaping(tmp_path, monkeypatch):
    """Without os.waitid (macOS before Python 3.13) casino waits for the end of a program's
    output instead, then kills its group, and reaps it only after: a lingering program
    still ends, with what it started."""
    from casino_cli.records import botproto

    monkeypatch.delattr(os, "waitid")
    bot, started = _lingering_command_bot(tmp_path)
    bot._start(0)
    pids = _started(started)
    botproto.close_all([bot], wait=0.2)
    assert _all_ended(pids) and bot.process is None


def test_an_answer_names_its_move_in_any_spelling_and_never_two_moves():
    from casino_cli.engine import Game, greedy_bot, legal_moves, make_rules, seeded_deck, start_position
    from casino_cli.notation.errors import NotationError
    from casino_cli.notation.moves import read_move
    from casino_cli.records.botproto import _chosen

    listing = legal_moves(start_position(make_rules("classic"), seeded_deck("8"), 1))
    first, last = listing.moves[0], listing.moves[-1]
    assert first.text() == "2Cx2H" and last.text() == "JD"
    for line in (b'{"move": "2cx2h\\t"}', b"2Cx2H\r", b'{"index": 0}', b'{"index": 0, "move": "2Cx2H"}'):
        assert _chosen(line, listing) == first, line
    assert _chosen(b'{"index": 13.0}', listing) == last  # a whole number, as documents read it
    for line in (b'{"index": 0.5}', b'{"index": true}', b'{"index": "0"}', b'{"index": 0.5, "move": "2Cx2H"}'):
        said = _chosen(line, listing)  # no index, and the reason why
        assert said.endswith("legal moves (an index is a whole number counted from 0: 0 to 13)"), line
    for line in (b"0", b"13.0", b"1e400"):  # an index written without its key
        assert _chosen(line, listing).endswith('legal moves (an index is written {"index": I})'), line
    assert _chosen(b'{"move": "8Sx6H+2H"}', listing).text() == "8Sx2H+6H"  # the table cards in any order
    assert "name different moves" in _chosen(b'{"index": 0, "move": "JD"}', listing)
    assert _chosen(b'{"move": "KSxAH"}', listing).endswith("which is not one of its 14 legal moves")
    for line in (b'{"index": 14}', b'{"index": -1}', b'{"index": 99, "move": "JD"}'):  # counted from 1, say
        assert _chosen(line, listing).endswith("legal moves (an index counts from 0: 0 to 13)"), line
    for line in (b'{"Move": "2Cx2H"}', b'{"mvoe": "2Cx2H"}', b"{}"):  # a legal move, under a key not read
        said = _chosen(line, listing)
        assert said.endswith('(an answer is {"move": TEXT} or {"index": I}: it has neither key)'), line
    for line in (b'{"move": "2Cx2H", "move": "JD"}', b'{"move": {"card": "JD", "type": "trail", "card": "2C"}}'):
        assert "appears twice in this object" in _chosen(line, listing), line  # JSON readers differ on which counts
    for line, why in (  # a move the notation does not read: its reason, cut short if long
        (b'{"index": 0, "move": "ZZ"}', "($.move: in move 'ZZ': 'ZZ' is not a card"),
        (b"thinking...", "($.move: in move 'thinking...': 'thinking...' is not a card"),
        (b'"thinking"', "($.move: in move 'thinking': 'thinking' is not a card"),
        (b'{"move": {"type": "capture", "card": "2C", "take": ["2H"]}}', "($.move.take: unknown key 'take'"),
        (b'{"move": {"type": "trail", "card": "2C", "' + b"z" * 5000 + b'": 0}}', "($.move.zzz"),
    ):
        said = _chosen(line, listing)
        assert isinstance(said, str) and "which is not one of its 14 legal moves " + why in said, said
        assert len(said) < 400, said
        person = not line.startswith(b"{")  # a line of text, not an answer's object: a debugging line, say
        assert said.endswith("; stdout carries the answers alone: write anything else to stderr)") == person, said
    reasons = {}  # the notation's reasons for unknown keys, by length (a tab is one character, two quoted)
    for key in ("z" * n + tail for n in range(15, 25) for tail in ("", "\t")):
        line = orjson.dumps({"move": {"type": "trail", "card": "2C", key: 0}})
        with pytest.raises(NotationError) as caught:
            read_move(orjson.loads(line)["move"], "$.move")
        reasons[len(str(caught.value))] = (line, str(caught.value))
    for size in (199, 200, 201, 202):  # the reason whole up to 200 characters, else cut there with …
        line, reason = reasons[size]
        shown = reason if size <= 200 else reason[:199] + "…"
        assert _chosen(line, listing).endswith(f"which is not one of its 14 legal moves ({shown})")
    with_answer = _chosen(b'{"index": 0, "move": "' + b"Z" * 100 + b'"}', listing)  # the answer's first 80 bytes
    assert with_answer.startswith("answered '" + '{"index": 0, "move": "' + "Z" * 58 + "', which is not"), with_answer
    as_object = b'{"move": {"type": "capture", "card": "2C", "takes": ["2H"]}}'  # the notation's object form
    assert _chosen(as_object, listing) == first
    huge = _chosen(b'{"index": 1' + b"0" * 400 + b"}", listing)  # JSON, though orjson reads no such integer
    assert isinstance(huge, str) and huge.endswith(
        "which is not one of its 14 legal moves (an index counts from 0: 0 to 13)"
    )
    deep = _chosen(b"[" * 100_000, listing)  # deeper than Python's JSON reader can go: not valid JSON, not a crash
    assert isinstance(deep, str) and deep.endswith("which is not valid JSON, nor one of its 14 legal moves")
    game = Game(make_rules("classic"), "8", [greedy_bot, greedy_bot])  # played to a seat with one legal move
    game.deal()
    while len(only := legal_moves(game.position)) > 1:
        game.play_move(game.choose()[0])
    said = _chosen(b'{"index": 1}', only)
    assert isinstance(said, str) and said.endswith("which is not its only legal move (an index counts from 0: 0 to 0)")


def test_an_answer_is_held_to_one_time_limit_however_it_is_written(tmp_path):
    """The limit is for the whole answer line: a program that writes its second answer a
    byte at a time (each byte well within the limit, the line far beyond it) is stopped,
    and told what it wrote; answers that are not JSON and output closed early are said as such."""
    dribble = (
        "import json, sys, time\n"
        "for n, line in enumerate(sys.stdin):\n"
        "    out = json.dumps({'move': json.loads(line)['moves'][0]}) + '\\n'\n"
        "    for ch in (out if n else [out]):\n"
        "        sys.stdout.write(ch); sys.stdout.flush(); time.sleep(0.3 if n else 0)\n"
    )
    unquoted = "import sys\nsys.stdin.readline()\nprint('{move: 5}', flush=True)\n"
    closes = "import os, sys, time\nsys.stdin.readline()\nos.close(1)\ntime.sleep(60)\n"
    tail = (  # an answer, then the start of another line in the same write: said at once, not at the limit
        "import json, sys, time\nq = json.loads(sys.stdin.readline())\n"
        "sys.stdout.write(json.dumps({'move': q['moves'][0]}) + '\\ndebug: thinking'); sys.stdout.flush()\n"
        "time.sleep(60)\n"
    )
    programs = {
        "tail.py": (tail, b"wrote two lines for one question, "),
        "dribble.py": (dribble, b"(seat 0) did not end its answer within 1 s: it wrote '{"),
        "unquoted.py": (unquoted, b"answered '{move: 5}', which is not valid JSON, nor one of its"),
        "closes.py": (closes, b"(seat 0) closed its output without answering"),
    }
    _refused(tmp_path, programs, "--hands", "1", "--time-limit", "1")


def test_a_program_that_exits_while_a_process_it_started_holds_its_output_has_exited(tmp_path):
    """The program exits without answering, but a process it started keeps its stdout open:
    said as an exit, with its status, not as a late answer; the process it left is ended."""
    leaves = (
        "import subprocess, sys\nsys.stdin.readline()\n"
        f"child = subprocess.Popen(['sleep', '300'])\nopen({str(tmp_path / 'child.pid')!r}, 'w').write(str(child.pid))\n"
        "sys.exit(4)\n"
    )
    said = b"(seat 0) exited without answering (exit status 4)"
    _refused(tmp_path, {"leaves.py": (leaves, said)}, "--hands", "1", "--time-limit", "60")
    assert _all_ended([int((tmp_path / "child.pid").read_text())])


def test_a_time_limit_of_any_size_is_a_limit_not_a_crash(tmp_path):
    """A limit far beyond what select takes (1e10 s, 1e300 s) bounds nothing in practice and
    breaks nothing; CASINO_BOT_TIME_LIMIT set empty is as if not set."""
    (tmp_path / "first.py").write_text(
        "import json, sys\nfor line in sys.stdin:\n    print(json.dumps({'index': 0}), flush=True)\n"
    )
    bot = "cmd:" + shlex.join([sys.executable, "first.py"])
    for limit in ("1e10", "1e300"):
        out = _casino(
            ["simulate", "--seed", "t", "--hands", "1", "--bots", f"{bot},greedy", "--time-limit", limit], tmp_path
        )
        assert out.returncode == 0 and orjson.loads(out.stdout)["hands"], out.stderr
    env = dict(os.environ, CASINO_BOT_TIME_LIMIT="")
    empty = subprocess.run(
        [sys.executable, "-m", "casino_cli", "simulate", "--seed", "t", "--hands", "1", "--bots", f"{bot},greedy"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        timeout=120,
    )
    assert empty.returncode == 0 and empty.stdout == out.stdout, empty.stderr


def test_the_smallest_time_limit_help_allows_is_a_limit_the_variable_takes(monkeypatch):
    """--help gives --time-limit as x>=0.01, and the option reaches the workers through
    CASINO_BOT_TIME_LIMIT: 0.01 is a limit there too, and less is refused."""
    from casino_cli.records.botproto import time_limit

    monkeypatch.setenv("CASINO_BOT_TIME_LIMIT", "0.01")
    assert time_limit() == 0.01
    monkeypatch.setenv("CASINO_BOT_TIME_LIMIT", "0.0099")
    with pytest.raises(ValueError, match="at least 0.01"):
        time_limit()


def test_the_programs_of_a_killed_worker_end_with_the_command(tmp_path):
    """A worker of --jobs killed (as the out-of-memory killer does) cannot end its programs:
    the command ends them, and what they started, as it fails, not left holding its stderr."""
    (tmp_path / "linger.py").write_text(LINGERING_BOT)
    (tmp_path / "bot.sh").write_text(f'sleep 300 &\n: > "$2/$!"\nexec {shlex.quote(sys.executable)} linger.py "$1"\n')
    started, children = tmp_path / "pids", tmp_path / "children"
    started.mkdir()
    children.mkdir()
    args = [
        "match",
        "cmd:" + shlex.join(["sh", "bot.sh", str(started), str(children)]),
        "greedy",
        "--pairs",
        "100000",
        "--looks",
        "1",
        "--jobs",
        "2",
    ]
    with open(tmp_path / "err", "w+b") as err:
        proc = subprocess.Popen([sys.executable, "-m", "casino_cli", *args], cwd=tmp_path, stderr=err)
        try:
            os.kill(_worker_of(_started(started)[0]), signal.SIGKILL)
            assert proc.wait(timeout=60) == 70
        finally:
            proc.kill()
    pids = [int(p.name) for folder in (started, children) for p in folder.iterdir()]
    assert len(pids) >= 2 and _all_ended(pids)


ANNOUNCED = """\
import os
from casino_cli.records import botproto

r, w = os.pipe()
botproto.on_program = lambda pid, running: os.write(w, f"{os.getpid()} {pid} {int(running)}\\n".encode())
bot = botproto.CommandBot("sleep 60")
process = bot._start(0)
bot.close(0)
os.close(w)
print(os.getpid(), process.pid)
print(os.read(r, 1000).decode(), end="")
"""


def test_a_program_is_told_of_from_its_own_process_before_its_command_runs():
    """A worker killed while it started a program (forked, Popen not yet returned) never told
    its parent, which left the program running (one kill in about fifteen in the test above):
    the start is told from the program's own process before its exec, so a starter's death
    cannot lose it; its end is told by the starter, as it kills its group. (In a process of
    its own, as a worker is: no threads.)"""
    done = subprocess.run([sys.executable, "-c", ANNOUNCED], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    (starter, program), *told = (tuple(map(int, line.split())) for line in done.stdout.splitlines())
    assert told == [(program, program, 1), (starter, program, 0)]


def _worker_of(pid: int) -> int:
    """The parent of the program ``pid``: the worker that started it."""
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


def test_a_failing_program_is_named_once_in_its_message():
    """A cmd: bot's failure is said as the bot says it, with the bot named once: never
    wrapped again as a BotError the bot raised."""
    import random

    from casino_cli.engine import make_rules, seeded_deck, start_position
    from casino_cli.engine.views import BotError, ask
    from casino_cli.records.botproto import CommandBot

    bot = CommandBot(f"{shlex.quote(sys.executable)} -c 'import sys; sys.exit(3)'", limit=30)
    pos = start_position(make_rules("classic"), seeded_deck("7"), 1)
    with pytest.raises(BotError) as caught:
        ask(bot, pos, random.Random(1))
    said = str(caught.value)
    assert said.startswith(f"bot {bot.bot_name!r} (seat 0) exited ") and said.count(bot.bot_name) == 1, said
    assert "(exit status 3)" in said


CHATTY = """\
import json, os, sys, time
go, written = sys.argv[1:]
for line in sys.stdin:
    print(json.dumps({"index": 0}), flush=True)
    while not os.path.exists(go):  # until casino has read the answer
        time.sleep(0.01)
    print("thinking " * 12, flush=True)  # a debugging line on stdout, after its answer
    open(written, "w").close()  # it is in the pipe
"""


def _first_question() -> tuple[object, object]:
    """A position whose seat 0 is to play, and a random source."""
    import random

    from casino_cli.engine import make_rules, seeded_deck, start_position

    return start_position(make_rules("classic"), seeded_deck("7"), 1), random.Random(1)


def test_a_line_written_after_an_answer_stops_the_game_before_the_next_question(tmp_path):
    """docs/bots.md: anything more on stdout than the answers stops the game once casino
    sees it, before its next question: the line is named as written after the answer (its
    first 80 bytes), never read as the next answer."""
    from casino_cli.engine.views import BotError, ask
    from casino_cli.records.botproto import CommandBot

    go, marker = tmp_path / "go", tmp_path / "written"
    (tmp_path / "chatty.py").write_text(CHATTY)
    bot = CommandBot(shlex.join([sys.executable, str(tmp_path / "chatty.py"), str(go), str(marker)]), limit=30)
    pos, rng = _first_question()
    try:
        ask(bot, pos, rng)
        go.touch()
        for _ in range(3000):  # until the line is in the pipe (a minute at most)
            if marker.exists():
                break
            time.sleep(0.02)
        shown = ("thinking " * 12)[:80]  # its first 80 bytes
        said = rf"\(seat 0\) wrote '{shown}' after its answer \(stdout carries the answers alone: write anything else to stderr\)$"
        with pytest.raises(BotError, match=said):
            ask(bot, pos, rng)
    finally:
        bot.close()


BLANKS = """\
import json, os, sys, time
go, written = sys.argv[1:]
for n, line in enumerate(sys.stdin):
    if n == 2:  # a blank line before its answer, in a write of its own
        sys.stdout.write("\\r\\n"); sys.stdout.flush(); time.sleep(0.05)
    sys.stdout.write(json.dumps({"index": 0}) + "\\n"); sys.stdout.flush()
    if n == 0:
        while not os.path.exists(go):  # until casino has read the answer
            time.sleep(0.01)
        sys.stdout.write(" \\n\\t\\n"); sys.stdout.flush()  # blank lines after it, in a write of their own
        open(written, "w").close()  # they are in the pipe
"""


def test_blank_lines_are_no_answer_wherever_they_come(tmp_path):
    """docs/bots.md: a blank line is let by before an answer and after it, whether it comes
    in the answer's write, in its own before casino's next question, or after that
    question: never read as an answer (it was '' and 'empty move text'), nor as a line
    written after the answer (it was "wrote '' after its answer"), whatever the timing."""
    from casino_cli.engine import legal_moves
    from casino_cli.engine.views import ask
    from casino_cli.records.botproto import CommandBot

    go, marker = tmp_path / "go", tmp_path / "written"
    (tmp_path / "blanks.py").write_text(BLANKS)
    bot = CommandBot(shlex.join([sys.executable, str(tmp_path / "blanks.py"), str(go), str(marker)]), limit=30)
    pos, rng = _first_question()
    first = legal_moves(pos).moves[0]
    try:
        assert ask(bot, pos, rng)[0] == first
        go.touch()
        for _ in range(3000):  # until the blank lines are in the pipe (a minute at most)
            if marker.exists():
                break
            time.sleep(0.02)
        assert ask(bot, pos, rng)[0] == first  # the blank lines were waiting before this question
        assert ask(bot, pos, rng)[0] == first  # a blank line came before this answer
    finally:
        bot.close()


SAYS_GOODBYE = """\
import json, sys, time
for line in sys.stdin:
    print(json.dumps({"index": 0}), flush=True)
time.sleep(0.1)  # its own ending, once its stdin is closed: a tenth of its second
open(sys.argv[1], "w").write("bye")
"""


def test_a_program_has_a_second_to_end_on_its_own_once_its_stdin_is_closed(tmp_path):
    """docs/bots.md: at the end a program's stdin is closed, and its group is killed a second
    later: a program that ends as its stdin closes (writing what it keeps) is not killed first,
    by close_all or by a bot's close()."""
    from casino_cli.engine.views import ask
    from casino_cli.records.botproto import CommandBot, close_all

    (tmp_path / "bye.py").write_text(SAYS_GOODBYE)
    pos, rng = _first_question()
    for name, close in (("all", lambda bot: close_all([bot])), ("one", lambda bot: bot.close())):
        bot = CommandBot(shlex.join([sys.executable, str(tmp_path / "bye.py"), str(tmp_path / name)]), limit=30)
        try:
            ask(bot, pos, rng)
        finally:
            close(bot)
        assert (tmp_path / name).read_text() == "bye", name


@pytest.mark.filterwarnings("ignore:This process .* is multi-threaded:DeprecationWarning")  # see test_views.py
def test_a_program_is_ended_by_the_process_that_started_it_alone(tmp_path):
    """A forked process (a worker of --jobs) holds its parent's bots: its close() must
    leave the parent's program running, and a bot closed twice is closed once."""
    from casino_cli.engine.views import ask
    from casino_cli.records.botproto import CommandBot

    (tmp_path / "first.py").write_text(
        "import json, sys\nfor line in sys.stdin:\n    print(json.dumps({'index': 0}), flush=True)\n"
    )
    bot = CommandBot(shlex.join([sys.executable, str(tmp_path / "first.py")]), limit=30)
    pos, rng = _first_question()
    try:
        ask(bot, pos, rng)
        child = os.fork()
        if child == 0:  # the worker: ends what it started, nothing
            try:
                bot.close(wait=0)
            finally:
                os._exit(0)
        assert os.waitpid(child, 0)[1] == 0
        assert ask(bot, pos, rng)  # the parent's program still answers
    finally:
        bot.close()
    bot.close()  # again: nothing left to end
    assert bot.process is None


HISTORY_LOGGER = """\
import json, sys
with open(sys.argv[1], "a") as log:
    for line in sys.stdin:
        question = json.loads(line)
        print(json.dumps([question["seat"], question["view"]["history"]]), file=log, flush=True)
        print(json.dumps({"index": 0}), flush=True)
"""


def test_a_program_is_sent_the_hands_moves_so_far_with_their_movers(tmp_path):
    """Each question's view.history is the hand's moves before it, each with its mover: the
    seat after the dealer leads and the seats take turns, as the record says they played."""
    (tmp_path / "history.py").write_text(HISTORY_LOGGER)
    log = tmp_path / "log"
    bot = "cmd:" + shlex.join([sys.executable, "history.py", str(log)])
    out = _casino(["simulate", "--seed", "h", "--hands", "1", "--bots", f"{bot},greedy"], tmp_path)
    assert out.returncode == 0, out.stderr
    hand = orjson.loads(out.stdout)["hands"][0]
    played, leader = hand["moves"], (hand["dealer"] + 1) % 2
    asked = [orjson.loads(line) for line in log.read_text().splitlines()]
    assert [len(history) for _, history in asked] == [i for i in range(len(played)) if (leader + i) % 2 == 0]
    for seat, history in asked:
        assert seat == 0
        assert [step["move"] for step in history] == played[: len(history)]
        assert [step["seat"] for step in history] == [(leader + i) % 2 for i in range(len(history))]


def test_a_program_is_told_the_time_limit_it_is_held_to(tmp_path, monkeypatch):
    """The question's time_limit is the bot's own (CASINO_BOT_TIME_LIMIT's, or one given),
    not the default of 10 s; without either, the default, as docs/bots.md's question shows it."""
    import random

    from casino_cli.engine import make_rules, seeded_deck, start_position
    from casino_cli.engine.views import ask
    from casino_cli.records.botproto import CommandBot

    (tmp_path / "limit.py").write_text(
        "import json, sys\nfor line in sys.stdin:\n"
        "    open(sys.argv[1], 'a').write(str(json.loads(line)['time_limit']) + '\\n')\n"
        "    print(json.dumps({'index': 0}), flush=True)\n"
    )
    log = tmp_path / "log"
    command = shlex.join([sys.executable, str(tmp_path / "limit.py"), str(log)])
    monkeypatch.delenv("CASINO_BOT_TIME_LIMIT", raising=False)
    for bot in (CommandBot(command, limit=7.5), CommandBot(command)):
        try:
            ask(bot, start_position(make_rules("classic"), seeded_deck("7"), 1), random.Random(1))
        finally:
            bot.close()
    default = re.search(r'"time_limit": ([\d.]+)}', DOCS.read_text(encoding="utf-8"))  # the page's question
    assert default is not None and log.read_text().split() == ["7.5", default[1]]


def test_each_seat_play_gives_a_cmd_bot_is_a_program_of_its_own():
    """casino play seats a cmd: bot named for two seats (partners, say) as two programs:
    one program would see both hands."""
    from casino_cli.records.botproto import CommandBot, for_seat, load_bot

    bot = load_bot("cmd:./mybot")
    seats = [for_seat(bot), for_seat(bot)]
    assert all(isinstance(seat, CommandBot) and seat.command == "./mybot" for seat in seats)
    assert seats[0] is not seats[1] and bot not in seats
