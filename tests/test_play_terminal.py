"""``casino play`` driven from a pseudo-terminal, as a person would: what the seat may see,
the prompt's answers, undo, leaving part-way with --save, and the sheet at a hand's end."""

from __future__ import annotations

import codecs
import contextlib
import fcntl
import os
import pty
import re
import select
import shlex
import signal
import subprocess
import sys
import termios
import time
from pathlib import Path

import orjson
import pytest
from proc_state import process_state

from tests.inproc import cli

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
ROOT = Path(__file__).resolve().parent.parent
PROMPT = "Your move"
ASKS = ("save the game's record? a file name, or Enter for no › ", "save it? a file, or Enter: no › ")  # wide, narrow
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def unwrapped(text: str) -> str:
    """``text`` with casino's messages to the terminal on one line each, as on a pipe: a
    message too wide for the screen goes on under its words, after ``casino: ``."""
    return text.replace("\n" + " " * len("casino: "), " ")


def _own_terminal() -> None:
    """In the child: a session of its own whose controlling terminal is its standard output's."""
    os.setsid()
    fcntl.ioctl(1, termios.TIOCSCTTY, 0)


class Terminal:
    """``casino ARGS`` on a pseudo-terminal; ``expect`` reads until a text appears."""

    def __init__(
        self,
        *args: str,
        size: tuple[int, int] = (100, 50),
        cwd: Path = ROOT,
        piped: bytes | None = None,
        keys: bool = True,
    ):
        """``piped``: standard input is a pipe holding these bytes, and the pseudo-terminal
        is the program's controlling terminal (``/dev/tty``), as in ``cat FILE | casino …``;
        with ``keys`` False, the program has no controlling terminal (a job, a container)."""
        master, slave = pty.openpty()
        env = dict(os.environ, NO_COLOR="1", TERM="xterm", COLUMNS=str(size[0]), LINES=str(size[1]))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "casino_cli", *args],
            stdin=slave if piped is None else subprocess.PIPE,
            stdout=slave,
            stderr=slave,
            cwd=cwd,
            env=env,
            preexec_fn=None if piped is None else _own_terminal if keys else os.setsid,
        )
        os.close(slave)
        if piped is not None:
            assert self.proc.stdin is not None
            self.proc.stdin.write(piped)
            self.proc.stdin.close()
        self.master = master
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self.raw = ""  # everything read, terminal controls and all
        self.seen = ""  # read but not yet expected, terminal styles taken out
        self.used = 0  # how much of the text without styles was expected

    def expect(self, *texts: str, timeout: float = 30) -> str:
        """Everything new up to and including the first of ``texts`` to come (terminal
        styles taken out)."""
        deadline = time.monotonic() + timeout
        while not any(text in self.seen for text in texts):
            ready, _, _ = select.select([self.master], [], [], max(0, deadline - time.monotonic()))
            if not ready:
                raise AssertionError(f"no {texts!r} after: {self.seen[-2000:]}")
            try:
                read = os.read(self.master, 65536)
            except OSError:
                read = b""
            if not read:
                raise AssertionError(f"the program ended before {texts!r}: {self.seen[-2000:]}")
            self.raw += self.decoder.decode(read)  # a style or a character may come in two reads
            self.seen = ANSI.sub("", self.raw).replace("\r\n", "\n")[self.used :]
        end = min(self.seen.index(t) + len(t) for t in texts if t in self.seen)
        part, self.seen = self.seen[:end], self.seen[end:]
        self.used += end
        return part

    def rest(self) -> str:
        """Everything not yet expected until the program ends (terminal styles taken out),
        read as it comes: a full terminal would stop the program writing."""
        with contextlib.suppress(OSError):  # the terminal's other end closed: all is read
            while read := os.read(self.master, 65536):
                self.raw += self.decoder.decode(read)
        return ANSI.sub("", self.raw).replace("\r\n", "\n")[self.used :]

    def wait_for_input(self) -> None:
        """Until the program sleeps waiting for the person (polled, at most a few seconds): a
        signal sent between the prompt and the read would only be seen once a line came."""
        for _ in range(500):
            if process_state(self.proc.pid) in (None, "S"):
                return
            time.sleep(0.01)

    def send(self, line: str) -> None:
        os.write(self.master, line.encode() + b"\r")

    def end_input(self) -> None:
        """Ctrl-D at the prompt, once the program waits there: the end of input."""
        self.wait_for_input()
        os.write(self.master, b"\x04")

    def leave(self) -> None:
        """q at the prompt after moves played, and no to the question that follows: no file
        keeps the game."""
        self.send("q")
        self.expect(*ASKS)
        self.send("")

    def close(self) -> int:
        code = self.proc.wait(timeout=30)
        os.close(self.master)
        return code


def test_the_person_sees_only_their_seat_and_the_prompt_answers_everything(tmp_path):
    saved = tmp_path / "game.json"
    term = Terminal("play", "--seed", "7", "--save", str(saved))
    board = term.expect(PROMPT)
    assert "2♣ 4♣ J♦ K♦" in board  # seat 0's own hand
    assert not any(card in board for card in ("4♦", "5♥", "8♠", "Q♣"))  # seat 1 holds 4D 5H 8S QC
    assert "4 cards" in board
    for typed, told in (
        ("7", "there are 4 moves: choose 1 to 4"),
        ("zz", "'zz' is not a move or a command"),
        ("9H", "9H is not allowed"),
        ("?", "Type the number of a move"),
        ("h", "hint (expected points, yours less your opponent's, from what you can see, the best 3 of 4):\n"),
        ("h", ": trails\n"),  # a line per move ranked, saying what it does
        ("u", "nothing to undo"),
    ):
        term.send(typed)
        answer = term.expect(PROMPT)
        assert told in answer and "$" not in answer, answer
    term.send("1")
    after = term.expect(PROMPT)
    assert "seat 0 trails 2♣" in after and "seat 1 takes 8♦ with 8♠" in after
    assert "Q♣" not in after.split("seat 1 takes 8♦ with 8♠")[1]  # still hidden on the next board
    term.send("u")
    assert "your last move is undone" in term.expect(PROMPT)
    term.send("2")
    term.expect(PROMPT)
    term.send("q")
    assert "record so far is in" in term.expect("game.json")
    assert term.close() == 0
    record = saved.read_text(encoding="utf-8")
    assert '"moves":["4C",' in record  # the undone 2C is not in the record, but its take-back is
    assert (
        orjson.loads(record)["_takebacks"]
        == "1 move taken back during play (undo), each after the replies to it were seen"
    )
    assert cli("validate", str(saved)).returncode == 0


def test_on_an_80_by_24_screen_many_moves_go_in_columns_under_the_whole_table():
    """17 moves in full would push the table and the hand off a 24-line screen: they are
    listed in columns of notation instead, so the board and the prompt fit; l lists them in
    full, and the next board, with room again, has them in full."""
    term = Terminal("play", "--seed", "3", "--variant", "royal", size=(80, 24))
    board = term.expect(PROMPT)
    lines = board[board.index("─ hand 1 ─") :].splitlines()
    assert len(lines) <= 23, board  # and a line for a message, in 24
    assert "A♠ 7♥ 9♣ Q♠" in board and "17 legal moves · l: what each does" in board
    for number, move in ((1, "ASx2D+2C+TC"), (5, "AS+2D+2C+4H=9"), (16, "QS+2C+4H+TC=14"), (17, "QS")):
        assert re.search(rf"(^|   ){number:>2} {re.escape(move)}(  |$)", board, re.M), (number, board)
    assert "trails" not in board and "builds" not in board
    term.send("l")
    listed = term.expect(PROMPT)
    assert "│ 14 │ QS+2D+4H+TC=14 │ Q♠   │ builds 14 as 2♦+Q♠ and 4♥+10♣ (multiple) │" in listed
    term.send("2")
    after = term.expect(PROMPT)
    assert "3 legal moves" in after and "┃ # ┃ move ┃ card ┃ does" in after
    term.leave()
    assert term.close() == 0


def test_a_hint_line_too_long_for_80_columns_goes_on_under_its_move_with_its_game_words_whole():
    """In the last deal near the target, ``h`` says what each move does to the game: a
    multiple build's words and ``(multiple; loses the game)`` are wider than 80 columns, and the
    line goes on under the move, never breaking the game's words nor starting at column 0; a
    multiple build's note and the game's words share their parentheses."""
    term = Terminal("play", "--seed", "3", "--variant", "royal", "-o", "target=7", size=(80, 24))
    board = term.expect(PROMPT)
    while "(the last)" not in board:
        term.send("1")
        board = term.expect(PROMPT)
    term.send("h")
    lines = term.expect(PROMPT).splitlines()[1:-1]
    assert max(len(line) for line in lines) <= 80, lines
    heading = next(i for i, line in enumerate(lines) if line.endswith("):"))  # broken between words at 80
    assert " ".join(lines[: heading + 1]).startswith("hint (moves that win the game first, then expected points, yours")
    hint = lines[heading:]
    moves = [line for line in hint[1:] if re.match(r" +\d+\. ", line)]
    assert len(moves) == 3 and len(hint) > 4, hint  # a move's line went on
    start = hint[1].index(hint[1].split()[2])  # where the move's text starts
    assert all(line.startswith(" " * start) for line in hint[1:] if line not in moves), hint
    assert sum("(loses the game)" in line for line in hint) == 2, hint
    assert sum("(multiple; loses the game)" in line for line in hint) == 1, hint  # it read (multiple) (loses …)
    assert ") (" not in "\n".join(hint), hint
    term.leave()
    assert term.close() == 0


def test_at_80_columns_a_long_line_of_the_games_log_goes_on_under_its_words():
    """4 players in partnerships, named: a partner's sweep of a multiple build, and the
    cards left to the last to capture, are wider than 80 columns; each goes on under its
    words, never at column 0 where the screen's next line would start."""
    args = ("--players", "4", "--variant", "royal", "--seed", "8", "--name", "Ana", "--bots", "greedy,counter,greedy")
    term = Terminal("play", *args, "-o", "target=11", size=(80, 24))
    shown = term.expect(PROMPT)
    while not shown.endswith(ASKS):  # the game ends in hand 1
        term.send("1")
        shown += term.expect(PROMPT, *ASKS)
    lines = shown[shown.index("─ hand 1 ─") :].splitlines()
    assert max(len(line.rstrip()) for line in lines) <= 80
    swept = next(i for i, line in enumerate(lines) if line.startswith("   3. counter (seat 2) takes the 12-build"))
    assert lines[swept + 1] == "      sweep", lines[swept : swept + 2]
    left = next(i for i, line in enumerate(lines) if line.startswith("  the cards left on the table"))
    assert lines[left + 1] == "  to capture (S2)", lines[left : left + 2]  # greedy 3 (seat 3), the last
    term.send("")
    assert term.close() == 0


@pytest.mark.parametrize(("lines", "cuts"), [(24, False), (17, True)])
def test_on_a_40_column_screen_the_whole_board_and_a_one_line_prompt_stay_in_view(lines, cuts):
    """4 players at 40 columns: the board is drawn narrow (the seats by number, the stock and
    the dealer on one row, the sides' seats beside their scores); the others' moves above
    may scroll away, never the board. The prompt names only ? and q, or the only move and Enter (the others' keys would
    take a second line). On 24 lines every move is listed under the board; on 17, where
    even the moves in columns do not fit, the first are shown, the title saying how many,
    and a move not shown still plays by its number."""
    term = Terminal("play", "--seed", "7", "--variant", "royal", "--players", "4", size=(40, lines))
    shown = ""
    cut = 0
    for turn in range(4):
        now = term.expect(PROMPT) + term.expect("): ")
        assert turn == 0 or re.search(r"^ +\d+\. seat 0 ", now, re.M), now  # the number played
        shown += now
        screen = shown.splitlines()[-(lines - 1) :]  # and a line for a message
        tops = [i for i, line in enumerate(screen) if line.startswith("royal, 4 players in partnerships")]
        assert tops, screen  # the board's first line in view
        board = screen[tops[-1] :]
        rows = [m[0] for m in map(re.compile(r"table|▶ 0 \(you\)|  [1-3] |stock|scores").match, board) if m]
        assert rows == ["table", "▶ 0 (you)", "  1 ", "  2 ", "  3 ", "stock", "scores"], screen
        assert max(map(len, board)) <= 40 and board[-1] in (
            "Your move (? help, q quit): ",
            "Your move: 2C (only one; Enter): ",  # the last card, which can only trail
        ), screen
        title = next(line for line in board if "legal move" in line)
        numbers = [int(n) for n in re.findall(r"(?:^|   |│)\s*(\d+) (?:│ )?[2-9TJQKA][SHDC]", "\n".join(board), re.M)]
        assert sorted(numbers) == list(range(1, len(numbers) + 1)), screen
        count = int(title.split()[0])
        if len(numbers) < count:
            assert title == f"{count} legal moves, 1 to {len(numbers)} here · l: all", screen
            cut += 1
        term.send(str(count))  # the last move, shown or not
    assert bool(cut) == cuts  # the first board: 10 moves, of which the columns under it on 17 lines hold 8
    term.leave()
    assert term.close() == 0


@pytest.mark.parametrize(
    ("stop", "code", "said"),
    [
        ("SIGINT", 130, "interrupted; the game so far is in"),
        ("SIGTERM", 143, "interrupted; the game so far is in"),
        ("Ctrl-D", 0, "game left at hand 1; the record so far is in"),  # the end of input: like q
    ],
)
def test_a_stop_at_the_prompt_saves_the_game_so_far(tmp_path, stop, code, said):
    """Ctrl-C (or SIGTERM) at the prompt, or the end of input, writes the record so far to
    --save, as --help says."""
    import signal

    saved = tmp_path / "game.json"
    term = Terminal("play", "--seed", "7", "--save", str(saved))
    term.expect(PROMPT)
    term.send("1")
    term.expect(PROMPT)  # the next prompt's (the first's end is still unread: it would match at once)
    term.expect("q quit): ")
    if stop == "Ctrl-D":
        term.end_input()
    else:
        term.wait_for_input()
        os.kill(term.proc.pid, getattr(signal, stop))
    assert said in term.expect("game.json")
    assert term.close() == code
    assert '"moves":["2C","8Sx8D"' in saved.read_text(encoding="utf-8")
    assert cli("validate", str(saved)).returncode == 0


@pytest.mark.parametrize(("moves", "question"), [(0, False), (1, False), (1, True)])
def test_a_stop_with_no_file_to_keep_the_game_writes_it_to_a_new_file_never_over_one(tmp_path, moves, question):
    """Ctrl-C with no --save and no s FILE lost the game ('casino: interrupted'), also at the
    question asking for a file once the game is left, and no question can follow a stop: the
    game so far goes to a new file of the current directory, named on the last line, never
    over one that exists; a game stopped before any move, to none."""
    import signal

    earlier = tmp_path / "casino-game.json"
    earlier.write_text("an earlier game")
    term = Terminal("play", "--seed", "7", cwd=tmp_path)
    term.expect(PROMPT)
    if moves:
        term.send("1")
        term.expect(PROMPT)  # the next prompt's (the first's end is still unread)
    term.expect("q quit): ")
    if question:
        term.send("q")
        term.expect(*ASKS)
    term.wait_for_input()
    os.kill(term.proc.pid, signal.SIGINT)
    said = term.expect("casino: interrupted") + term.expect("\n")
    assert term.close() == 130 and earlier.read_text() == "an earlier game"
    rescued = tmp_path / "casino-game-2.json"
    if not moves:
        assert said.endswith("casino: interrupted\n") and sorted(tmp_path.iterdir()) == [earlier], said
        return
    assert said.endswith(
        "casino: interrupted; the game so far is in casino-game-2.json (no file was named to keep it)\n"
    )
    assert '"moves":["2C","8Sx8D"' in rescued.read_text(encoding="utf-8")
    assert cli("validate", str(rescued)).returncode == 0


def test_a_bot_that_fails_after_a_move_leaves_the_game_in_a_new_file(tmp_path, monkeypatch):
    """A bot's failure stops the game as Ctrl-C does: the game so far is kept."""
    (tmp_path / "lastbots.py").write_text(
        "calls = []\n"
        "def second_fails(position, moves, rng):\n"
        "    calls.append(1)\n"
        "    return moves.moves[0] if len(calls) == 1 else None\n"
    )
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    term = Terminal("play", "--seed", "7", "--bots", "lastbots:second_fails", cwd=tmp_path)
    term.expect("q quit): ")
    term.send("1")
    term.expect("q quit): ")
    term.send("1")
    said = unwrapped(term.expect("to keep it)"))
    assert "returned None" in said and "; the game so far is in casino-game.json (no file was named to keep it)" in said
    assert term.close() == 2
    assert cli("validate", str(tmp_path / "casino-game.json")).returncode == 0


def test_a_random_seed_is_told_when_the_game_ends_and_a_saved_file_is_replaced_only_then(tmp_path):
    """The seed deals every hidden card (casino deal --seed), so a person playing is told it
    at the end, not at the start; --save keeps what its file held until the record is whole."""
    saved = tmp_path / "game.json"
    saved.write_text("an earlier game")
    term = Terminal("play", "--save", str(saved))
    board = term.expect(PROMPT)
    assert "casino: seed" not in board and saved.read_text() == "an earlier game"
    term.send("1")
    term.expect(PROMPT)
    term.expect("q quit): ")
    assert saved.read_text() == "an earlier game"
    term.send("q")
    assert "the record so far is in" in term.expect("game.json")
    told = re.search(r"casino: seed: (\w+)", term.expect("casino: seed: ") + term.expect("\n"))
    assert term.close() == 0 and told
    assert orjson.loads(saved.read_bytes())["seed"] == told[1]


def test_a_record_saved_while_a_random_seed_is_secret_holds_the_tables_dealt_not_the_seed(tmp_path):
    """s FILE during a game of a random seed writes no seed (casino deal --seed would show
    the other hand and the stock), but the table cards each hand was dealt, which the
    person saw; the game's end or leaving writes the seed, as it tells it then."""
    saved = tmp_path / "game.json"
    term = Terminal("play")
    term.expect(PROMPT)
    term.expect("q quit): ")
    term.send("1")
    term.expect(PROMPT)
    term.expect("q quit): ")
    term.send(f"s {saved}")
    assert "(its seed, which deals every card, then too)" in unwrapped(term.expect(PROMPT))
    secret = orjson.loads(saved.read_bytes())
    assert "seed" not in secret and "shuffle" not in secret
    hand = secret["hands"][0]
    assert list(hand) == ["dealer", "table", "moves"] and len(hand["table"]) == 4
    assert cli("validate", str(saved)).returncode == 0
    term.expect("q quit): ")
    term.send("q")
    told = re.search(r"casino: seed: (\w+)", term.expect("casino: seed: ") + term.expect("\n"))
    assert term.close() == 0 and told
    whole = orjson.loads(saved.read_bytes())
    assert whole["seed"] == told[1] and "table" not in whole["hands"][0]
    assert whole["hands"][0]["moves"] == hand["moves"]


def test_save_naming_a_saved_game_says_so_and_a_game_left_before_any_move_leaves_it_as_it_was(tmp_path):
    """A person coming back to a saved game with --save FILE is told at the start that the
    new game replaces it and how to see it; leaving before a move (q, or Ctrl-C) keeps it."""
    saved = tmp_path / "night.cas"
    saved.write_bytes((ROOT / "fixtures/text/club-night.cas").read_bytes())
    before = saved.read_bytes()
    term = Terminal("play", "--seed", "7", "--save", str(saved), size=(400, 24))
    told = term.expect(PROMPT)
    assert f"casino: {saved} already exists: this game's record replaces it once you play a move" in told
    assert f"`casino replay {saved}` shows it" in told
    term.expect("q quit): ")
    term.send("q")
    assert f"casino: game left at hand 1; {saved} is left as it was" in term.expect("as it was")
    assert term.close() == 0 and saved.read_bytes() == before
    term = Terminal("play", "--seed", "7", "--save", str(saved))
    term.expect(PROMPT)
    term.wait_for_input()
    term.proc.send_signal(signal.SIGINT)
    assert "casino: interrupted\n" in term.rest()
    assert term.close() == 130 and saved.read_bytes() == before
    new = tmp_path / "new.cas"  # a file that is not there: not made for a game of no move
    term = Terminal("play", "--seed", "7", "--save", str(new), size=(400, 24))
    assert "already exists" not in term.expect("q quit): ")
    term.send("q")
    assert f"casino: game left at hand 1; no move was played, so {new} was not written" in term.expect("written")
    assert term.close() == 0 and not new.exists()


def test_without_save_the_person_is_told_at_the_start_how_to_keep_the_record():
    """A game played without --save is gone once left: said at the start, with the way to
    keep it, and at the end; left before any move, no file is asked for (nothing was played)."""
    term = Terminal("play", "--seed", "7")
    saving = "s FILE at the prompt keeps the record"
    assert f"casino: you are seat 0; seat 1: greedy; {saving}" in term.expect(PROMPT)
    term.expect("q quit): ")
    term.send("q")
    left = term.expect("not kept\n")
    assert "casino: game left at hand 1; the game's record is not kept" in left and ASKS[0] not in left
    assert term.close() == 0


def test_s_file_at_the_prompt_saves_the_game_so_far_and_again_when_it_is_left(tmp_path):
    """s FILE writes the record at once, and FILE keeps the game from then on, as --save
    does; a file that cannot be written is said at the prompt and the game goes on."""
    saved = tmp_path / "game.json"
    term = Terminal("play", "--seed", "7")
    term.expect(PROMPT)
    for typed, told in (
        ("s", "s FILE saves the game's record so far into FILE"),
        (f"s {tmp_path}/no/g.json", f"s {tmp_path}/no/g.json: there is no directory {tmp_path}/no"),
        (f"s {tmp_path}", f"s {tmp_path} is a directory; name a file in it"),
        ("1", "seat 1 takes 8♦ with 8♠"),
        (f"S '{saved}'", f"the record so far is in {saved}, written again there when the game ends or you leave"),
    ):
        term.expect("q quit): ")
        term.send(typed)
        assert told in term.expect(PROMPT), typed
    assert orjson.loads(saved.read_bytes())["hands"][0]["moves"] == ["2C", "8Sx8D"]
    term.expect("q quit): ")
    term.send("2")
    term.expect(PROMPT)
    term.expect("q quit): ")
    term.send("q")
    assert f"casino: game left at hand 1; the record so far is in {saved}" in unwrapped(term.expect("game.json"))
    assert term.close() == 0
    assert len(orjson.loads(saved.read_bytes())["hands"][0]["moves"]) == 4


def _asked_to_save(cwd: Path = ROOT) -> Terminal:
    """A game kept nowhere, left with q after one move: at the question asking for a file."""
    term = Terminal("play", "--seed", "7", "--name", "Ana", cwd=cwd)
    term.expect(PROMPT)
    term.send("1")
    term.expect(PROMPT)
    term.expect("q quit): ")
    term.send("q")
    term.expect(ASKS[0])
    return term


@pytest.mark.parametrize("answer", ["", "\x04", "n"])
def test_leaving_a_game_kept_nowhere_asks_for_a_file_and_no_keeps_none(tmp_path, answer):
    """q after a move, without --save or s: the record is asked for once, a file refused is
    said and asked again; Enter, n or Ctrl-D (the end of input) say no."""
    term = _asked_to_save()
    term.send("-")
    assert "file needs a file name (the record is not written to standard output)" in term.expect(ASKS[0])
    term.wait_for_input()
    os.write(term.master, answer.encode() + (b"" if answer == "\x04" else b"\r"))
    assert "casino: game left at hand 1; the game's record is not kept" in term.expect("not kept\n")
    assert term.close() == 0
    assert not list(tmp_path.iterdir())


def test_a_yes_or_a_key_of_the_game_at_the_question_to_save_is_no_file_s_name(tmp_path):
    """'save it? a file, or Enter: no': y (a yes) or h (a hint, asked as the game ends) made
    a file named y or h; each is answered with how to name the file, and asked again."""
    term = _asked_to_save(cwd=tmp_path)
    for answer in ("y", "h", "Yes"):
        term.send(answer)
        asked = term.expect(ASKS[0])
        assert "name the file to save it into (game.json, or game.cas for casino text), or Enter for no" in asked
    term.send("")
    assert "the game's record is not kept" in term.expect("not kept\n")
    assert term.close() == 0
    assert not list(tmp_path.iterdir())


def test_a_file_named_at_the_question_to_save_that_holds_another_game_is_replaced_only_when_named_twice(tmp_path):
    """At 'save the game's record? a file name', the name of an existing file (last night's
    game) replaced it at once, with no word: it is now said, and replaced when named again."""
    other = tmp_path / "night.json"
    other.write_text("last night's game")
    term = _asked_to_save(cwd=tmp_path)
    term.send("night.json")
    said = term.expect(ASKS[0])
    assert "night.json already exists: type night.json again to replace it with this game's record" in said
    assert other.read_text() == "last night's game"
    term.send("night.json")
    assert "casino: game left at hand 1; the record so far is in night.json" in term.expect("so far is in night.json")
    assert term.close() == 0
    assert orjson.loads(other.read_bytes())["players"][0] == "Ana"


def test_s_file_at_the_prompt_over_another_file_is_said_first_and_the_game_s_own_file_never(tmp_path):
    """s FILE of an existing file replaced it with no word; the file --save names, or one
    this game wrote, is the game's own and is written again without a question."""
    other, saved = tmp_path / "night.json", tmp_path / "game.json"
    other.write_text("last night's game")
    saved.write_text("an earlier game")
    term = Terminal("play", "--seed", "7", "--save", str(saved))
    for typed, told in (
        (f"s {other}", f"{other} already exists: type s {other} again to replace it"),
        (f"s {saved}", f"the record so far is in {saved}, written again"),
        (f"s {other}", f"the record so far is in {other}, written again"),
        (f"s {saved}", f"the record so far is in {saved}, written again"),
    ):
        term.expect("q quit): ")
        term.send(typed)
        assert told in unwrapped(term.expect(PROMPT)), typed
        if typed == f"s {other}" and "already" in told:
            assert other.read_text() == "last night's game"
    term.expect("q quit): ")
    term.send("q")
    term.expect("game.json")
    assert term.close() == 0
    assert orjson.loads(other.read_bytes())["seed"] == orjson.loads(saved.read_bytes())["seed"] == "7"


@pytest.mark.parametrize("fmt", ["text", "json", "jsonl"])
def test_a_format_for_scripts_goes_with_watch_only(fmt):
    """A game you play is drawn on the terminal: --format text was silently ignored."""
    done = subprocess.run(
        [sys.executable, "-m", "casino_cli", "play", "--format", fmt], capture_output=True, timeout=60
    )
    assert done.returncode == 2
    assert (
        done.stderr.decode() == f"casino: --format {fmt} goes with --watch: a game you play is drawn on the terminal\n"
    )


@pytest.mark.parametrize(("piped", "other"), [("stdin", "stdout"), ("stdout", "stdin")])
def test_without_a_terminal_play_says_which_stream_is_not_one(piped, other):
    """The moves are read from standard input, the table shown on standard output."""
    master, slave = pty.openpty()
    streams = {"stdin": slave, "stdout": slave, piped: subprocess.PIPE}
    args = [sys.executable, "-m", "casino_cli", "play", "--seed", "9"]
    proc = subprocess.run(args, **streams, stderr=subprocess.PIPE, cwd=ROOT, timeout=60)
    os.close(slave)
    os.close(master)
    said = proc.stderr.decode()
    named = {"stdin": "standard input", "stdout": "standard output"}
    assert proc.returncode == 2 and f"{named[piped]} is not a terminal" in said and f"{named[other]} is" not in said


def test_a_hand_played_to_its_end_shows_the_itemised_sheet_and_waits_before_the_next(tmp_path):
    """At a hand's end the sheet is shown and the game waits (the next board would scroll
    the sheet off a 24-line screen): Enter goes on to the next hand, q leaves."""
    saved = tmp_path / "g.json"
    for leave in (False, True):
        term = Terminal("play", "--seed", "7", "--save", str(saved), size=(80, 24))
        text = term.expect(PROMPT)
        for _ in range(30):
            if "is over" in text:
                break
            term.send("1")
            text = term.expect(PROMPT, "· q: leave ›")
        assert "items won" in text and re.search(r"Casino|cards 3", text), text
        assert "│ seat 0 (you) │" in text and "seat 1 (you)" not in text  # the person's side on the sheet
        assert text.endswith("hand 1 is over · Enter: hand 2 · q: leave ›") and "hand 2 ─" not in text
        for typed, told in (
            ("u", "nothing to undo: the hand is over"),
            ("zz", "'zz' is not an answer here: Enter goes on to hand 2, q leaves, s FILE saves\n"),
            ("s", f"the record so far is in {saved}, written again there"),
        ):
            term.send(typed)  # answered, and asked again: neither goes on nor leaves
            again = term.expect("· q: leave ›")
            assert told in again and "hand 2 ─" not in again, again
        assert len(orjson.loads(saved.read_bytes())["hands"][0]["moves"]) == 48  # s: saved now
        term.send("q" if leave else "")
        if not leave:
            assert "─ hand 2 ─" in term.expect(PROMPT)
            term.send("u")  # the last move was hand 1's: the deal numbers start again, undo does not
            assert "nothing to undo: a hand has ended since your last move" in term.expect(PROMPT)
            term.send("q")
        assert f"game left {'after hand 1' if leave else 'at hand 2'}" in term.expect("g.json")
        assert term.close() == 0
        hands = orjson.loads(saved.read_bytes())["hands"]
        assert len(hands[0]["moves"]) == 48
        assert [len(h["moves"]) for h in hands[1:]] == ([] if leave else [1])  # seat 1 leads hand 2


def test_the_arrow_keys_edit_the_line_typed_and_recall_the_one_before():
    """As at a shell's prompt: Left goes back into the line (it typed the escape sequence
    into the move, which was refused), Up brings back the line typed before."""
    term = Terminal("play", "--seed", "7")
    term.expect(PROMPT)
    os.write(term.master, b"C\x1b[D2\r")  # C, Left, 2: 2C
    assert "seat 0 trails 2♣" in term.expect(PROMPT)
    term.wait_for_input()
    os.write(term.master, b"\x1b[A\r")  # Up: 2C again, no longer held
    assert "2C is not allowed: you do not hold 2♣\n" in term.expect(PROMPT)
    term.leave()
    assert term.close() == 0


def test_b_shows_the_board_again():
    term = Terminal("play", "--seed", "3", "--variant", "royal", size=(80, 24))
    term.expect(PROMPT)
    term.send("l")
    term.expect(PROMPT)
    term.send("b")
    again = term.expect(PROMPT)
    assert "A♠ 7♥ 9♣ Q♠" in again and "17 legal moves · l: what each does" in again
    term.send("q")
    assert term.close() == 0


def test_the_bots_named_are_the_other_seats_in_turn():
    """You are seat 0: --bots names seats 1, 2, … (with --watch, every seat from 0)."""
    term = Terminal("play", "--seed", "7", "--players", "3", "--bots", "searcher,random")
    assert "you are seat 0; seat 1: searcher, seat 2: random" in term.expect(PROMPT)
    term.send("q")
    assert term.close() == 0
    watched = cli("play", "--watch", "--seed", "7", "--players", "3", "--bots", "greedy,random", "-f", "json")
    assert watched.returncode == 0 and "casino: seat 0: greedy, seat 1: random, seat 2: greedy" in watched.stderr


def test_a_watched_game_names_its_bots_in_its_record_and_on_its_board():
    """A watched game's record had no players where simulate's names each seat by its bot,
    and its board read seat 0 and seat 1: both name the bots now, as replay of the record does."""
    bots = ("--bots", "greedy,counter")
    record = orjson.loads(cli("play", "--watch", "--seed", "3", *bots, "-f", "json").stdout)
    simulated = orjson.loads(cli("simulate", "--seed", "3", *bots).stdout)
    assert record["players"] == simulated["players"] == ["greedy", "counter"]
    term = Terminal("play", "--watch", "--seed", "3", *bots, "--delay", "0")
    shown = term.expect(" the game, ")
    assert re.search(r"seat 0 greedy +[^ ]", shown) and re.search(r"dealer +counter \(seat 1\)", shown), shown[:900]
    assert re.search(r"\n(greedy \(seat 0\)|counter \(seat 1\)) wins the game, ", shown), shown[-500:]
    assert term.close() == 0


def test_a_watched_move_too_long_for_a_40_column_screen_goes_on_under_its_words():
    """The last moves under a watched table wrap as a game played's log does: under the
    move's words, never at column 0 where the next move's number stands."""
    term = Terminal("play", "--watch", "--seed", "7", "--delay", "0", size=(40, 20))
    shown = term.expect("A♥+4♦ with 5♥")
    assert " 6. greedy (seat 1) takes the 5-build\n    A♥+4♦ with 5♥" in shown, shown[-400:]
    term.proc.kill()
    term.close()


def test_a_watched_game_tells_a_random_seed_once_at_its_start_and_a_given_one_never():
    """Watching shows every hand as it is dealt, so a random seed is told at the start (a
    game played tells it at its end): once, and a seed given is not told back."""
    chosen = cli("play", "--watch", "-f", "jsonl")
    told = [line for line in chosen.stderr.splitlines() if "seed" in line]
    assert chosen.returncode == 0 and len(told) == 1 and chosen.stderr.startswith(told[0]), chosen.stderr
    given = cli("play", "--watch", "--seed", "7", "-f", "jsonl")
    assert given.returncode == 0 and "seed" not in given.stderr, given.stderr


def test_your_name_and_the_bots_name_the_players_of_the_record(tmp_path):
    """--name puts you in the record's players, the bots of --bots in the other seats, so
    that review and replay name who played (they said seat 0 and seat 1), and so does the
    screen as the game is played, your seat still marked as yours (it said seat 1 takes …)."""
    saved = tmp_path / "game.json"
    term = Terminal(
        "play", "--seed", "7", "--players", "4", "--bots", "counter,random", "--name", " Ana ", "--save", str(saved)
    )
    assert "you are seat 0 (Ana); seat 1: counter 1, seat 2: random, seat 3: counter 3" in term.expect(PROMPT)
    term.send("1")
    shown = term.expect(PROMPT)
    term.expect("q quit): ")
    for seat, bot in enumerate(["counter 1", "random", "counter 3"], 1):
        assert re.search(rf"\n +{seat + 1}\. {bot} \(seat {seat}\) (trails|takes|builds|raises|adds) ", shown), shown
    assert "▶ seat 0 Ana (you)" in shown and "seat 1 counter 1" in shown
    term.send("q")
    term.expect("game.json")
    assert term.close() == 0
    assert orjson.loads(saved.read_bytes())["players"] == ["Ana", "counter 1", "random", "counter 3"]
    assert "hand 1, move 1: Ana (seat 0) " in cli("replay", str(saved), "-f", "text").stdout.decode()


def test_bots_that_share_a_name_are_told_apart_by_their_seats_at_your_table(tmp_path):
    """With --name Ana at 4 players the default bots were three seats called greedy: the
    board's sides read 'Ana & greedy' and 'greedy & greedy', naming nobody, and so did the
    record and all that reads it. Each bot that shares a name is told apart by its seat, and
    at 80 columns the sides' row breaks between sides, not inside one."""
    saved = tmp_path / "game.json"
    args = ("--seed", "5", "--players", "4", "--variant", "royal", "--name", "Ana", "--save", str(saved))
    term = Terminal("play", *args, size=(80, 24))
    board = "\n".join(line.rstrip() for line in term.expect(PROMPT).splitlines())
    assert "you are seat 0 (Ana); seat 1: greedy 1, seat 2: greedy 2, seat 3: greedy 3" in " ".join(board.split())
    assert re.search(r"^ sides +Ana & greedy 2 \(seats 0 & 2\)\n +greedy 1 & greedy 3 \(seats 1 & 3\)$", board, re.M)
    assert re.search(r"^ scores +Ana & greedy 2: 0  greedy 1 & greedy 3: 0$", board, re.M), board
    term.send("1")
    term.expect(PROMPT)
    term.send("q")
    term.expect("game.json")
    assert term.close() == 0
    assert orjson.loads(saved.read_bytes())["players"] == ["Ana", "greedy 1", "greedy 2", "greedy 3"]
    words = cli("replay", str(saved), "-f", "text").stdout.decode()
    assert "hand 1, move 2: greedy 1 (seat 1) " in words and "greedy 3 (seat 3) deals" in words


def test_a_message_too_wide_for_the_terminal_goes_on_under_its_words():
    """At 80 columns play's first line broke where the screen ended, 'FILE at the prompt keeps
    the record' at column 0; it goes on under its words, after 'casino: ', as the log does."""
    term = Terminal("play", "--seed", "5", "--players", "4", "--variant", "royal", "--name", "Ana", size=(80, 24))
    said = term.expect(PROMPT).split("\n─")[0].splitlines()
    assert said == [  # a seat and its name on one line
        "casino: you are seat 0 (Ana); seat 1: greedy 1, seat 2: greedy 2,",
        "        seat 3: greedy 3; s FILE at the prompt keeps the record",
    ]
    term.send("q")
    assert term.close() == 0


@pytest.mark.parametrize("terminal", [True, False])
def test_a_message_is_one_line_on_a_pipe_whatever_its_width(monkeypatch, terminal):
    """Pipelines read casino's messages a line each: only a terminal's are wrapped."""
    import io

    from casino_cli.cli.output import say

    class Screen(io.StringIO):
        def isatty(self) -> bool:
            return terminal

    monkeypatch.setenv("COLUMNS", "32")
    monkeypatch.setattr(sys, "stderr", Screen())
    say("seat 0: greedy, seat 1: greedy, seat 2: greedy")
    say("seat 0: greedy, seat 1: greedy, seat 2: greedy", ["seat 1: greedy", "seat 2: greedy"])  # each whole
    wrapped = ["casino: seat 0: greedy, seat 1:", "        greedy, seat 2: greedy"]
    kept = ["casino: seat 0: greedy,", "        seat 1: greedy,", "        seat 2: greedy"]
    one = ["casino: seat 0: greedy, seat 1: greedy, seat 2: greedy"] * 2
    assert sys.stderr.getvalue().splitlines() == (wrapped + kept if terminal else one)


@pytest.mark.parametrize(
    ("person", "bots", "players"),
    [
        ("Ana", ["greedy", "greedy"], ["Ana", "greedy 1", "greedy 2"]),
        ("Ana", ["greedy", "counter", "greedy"], ["Ana", "greedy 1", "counter", "greedy 3"]),
        ("Ana", ["counter", "greedy", "searcher"], ["Ana", "counter", "greedy", "searcher"]),
        ("Greedy", ["greedy"], ["Greedy", "greedy 1"]),  # your name is never changed; names match in any case
        ("greedy 1", ["greedy", "greedy"], ["greedy 1", "greedy 1'", "greedy 2"]),
        # your name shared with a bot's, and what a seat would make of another bot's name
        ("cmd:bot 2", ["cmd:bot", "cmd:bot", "cmd:bot 2"], ["cmd:bot 2", "cmd:bot 1", "cmd:bot 2'", "cmd:bot 2 3"]),
    ],
)
def test_the_players_of_a_game_played_are_told_apart_and_your_name_is_kept(person, bots, players):
    from casino_cli.cli.cmd_play import table_names
    from casino_cli.notation.fields import name_key

    told = table_names(person, bots)
    assert told == players
    assert len({name_key(name) for name in told}) == len(told)  # no two alike, in any case


def test_a_bot_told_apart_by_its_seat_keeps_to_the_records_longest_name():
    from casino_cli.cli.cmd_play import table_names
    from casino_cli.notation.fields import MAX_NAME

    long = "cmd:" + "x" * (MAX_NAME - 4)
    assert [len(name) for name in table_names("Ana", [long, long])] == [3, MAX_NAME, MAX_NAME]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("--name", " "), "--name needs a name, not an empty one"),
        (
            ("--name", "Ana", "--watch"),
            "--name is yours as a player: it goes without --watch, where bots play every seat",
        ),
    ],
)
def test_a_name_that_cannot_be_yours_is_refused(args, said):
    done = cli("play", "--seed", "7", *args)
    assert (done.returncode, done.stderr) == (2, f"casino: {said}\n")


def test_undo_stays_within_a_deal():
    """Undoing the last move of a deal after the next four cards are seen would let the
    person play it again knowing them: undo is refused once new cards are dealt."""
    term = Terminal("play", "--seed", "7")
    term.expect(PROMPT)
    for _ in range(4):  # seat 0 leads; after its fourth move and seat 1's, deal 2 is dealt
        term.send("1")
        text = term.expect(PROMPT)
    assert "deal 2 of 6" in text
    term.send("u")
    assert "nothing to undo: new cards were dealt since your last move (undo stays within a deal)" in term.expect(
        PROMPT
    )
    term.send("1")
    term.expect(PROMPT)
    term.send("u")
    assert "your last move is undone" in term.expect(PROMPT)
    term.leave()
    assert term.close() == 0


@pytest.mark.parametrize(
    ("bots", "save", "name", "winner"),
    [
        ("random", False, None, "you win the game, "),
        ("greedy", True, None, "seat 1 wins the game, "),
        ("greedy", True, "Ana", "greedy (seat 1) wins the game, "),
    ],
)
def test_the_game_ends_naming_the_winner_and_you_when_you_won(tmp_path, bots, save, name, winner):
    """Playing the first move listed every time beats random play and loses to greedy's;
    the last line says so in the person's words, as the saved record's score does, naming
    the players where --name names them. Without --save, a file is asked for at the end
    (the record was lost)."""
    saved = tmp_path / "g.json"
    named = ["--name", name] if name else []
    term = Terminal("play", "--seed", "7", "--bots", bots, *named, *(["--save", str(saved)] if save else []))
    for _ in range(400):  # a game of a few hands: 48 moves a hand, half of them the person's
        text = term.expect(PROMPT, "· q: leave ›", " the game, ")
        if " the game, " in text:
            break
        term.send("" if text.endswith("leave ›") else "1")
    assert text.splitlines()[-1].endswith(winner)
    if not save:
        term.expect(ASKS[0])
        term.send(str(saved))
    said = unwrapped(term.expect("costliest moves"))  # the way on to the game's review
    assert (
        f"casino: the record is in {saved}; `casino review {shlex.quote(str(saved))}` finds your costliest moves"
        in said
    )
    assert term.close() == 0
    score = orjson.loads(cli("score", str(saved)).stdout)
    assert (score["winner"] == 0) == winner.startswith("you")


def test_a_move_that_is_the_only_one_is_named_at_the_prompt_and_enter_plays_it():
    """A last card that can only trail was asked for like any choice, and Enter at the
    prompt said 'choose a move: a number from 1 to 1'. The prompt names the only move and
    Enter plays it; the board is shown first, and the other keys still answer."""
    term = Terminal("play", "--seed", "5")
    for move in ("1", "1", "1"):
        assert "the only one" not in term.expect("q quit): ")
        term.send(move)
    assert term.expect("q quit): ").endswith("Your move: KH, the only one; Enter plays it (u undo, ? help, q quit): ")
    term.send("?")
    assert "Enter plays your only move" in term.expect("q quit): ")
    term.send("")
    assert "seat 0 trails K♥" in term.expect(PROMPT)
    term.leave()
    assert term.close() == 0


def test_a_terminal_that_goes_away_mid_game_leaves_the_game_in_a_new_file(tmp_path):
    """A terminal closed with no SIGHUP for casino (its window killed, casino run by a shell
    that passes none on) is an input/output error at the next write (exit 74): the game so
    far was lost; it goes to a new file, as on a stop."""
    term = Terminal("play", "--seed", "7", cwd=tmp_path)
    term.expect("q quit): ")
    term.send("1")
    term.expect(PROMPT)
    term.expect("q quit): ")
    term.wait_for_input()
    os.close(term.master)
    assert term.proc.wait(timeout=30) == 74
    rescued = tmp_path / "casino-game.json"
    assert '"moves":["2C","8Sx8D"' in rescued.read_text(encoding="utf-8")
    assert cli("validate", str(rescued)).returncode == 0


def test_s_file_takes_quotes_off_a_name_only_where_they_are_round_it():
    """``s 'my game.json'`` saves into my game.json; a quote that opens a name and does
    not close it is part of the name (``s 'a.json`` is not a.jso)."""
    from casino_cli.cli.keeping import save_word

    assert save_word("s 'my game.json'") == "my game.json" and save_word('save "b.cas"') == "b.cas"
    assert save_word("s 'a.json") == "'a.json" and save_word("s a.json'") == "a.json'"
    assert save_word("s '") == "'" and save_word("s") == "" and save_word("sa x") is None


def test_a_stopped_game_is_rescued_into_the_first_free_name_of_the_hundred_and_never_past_them(tmp_path, monkeypatch):
    """casino-game.json, casino-game-2.json … casino-game-100.json: the first that does not
    exist takes the record; where all exist none is made, and the words say which were tried."""
    from casino_cli.cli.keeping import Keeper
    from casino_cli.engine import make_rules
    from casino_cli.records.session import Session

    monkeypatch.chdir(tmp_path)
    taken = ["casino-game.json", *(f"casino-game-{n}.json" for n in range(2, 100))]
    for name in taken:
        (tmp_path / name).write_text("another game")
    session = Session(make_rules("classic", 2), "7")
    told = Keeper(None).rescue(session)
    assert told == "the game so far is in casino-game-100.json (no file was named to keep it)"
    assert orjson.loads((tmp_path / "casino-game-100.json").read_bytes())["seed"] == "7"
    told = Keeper(None).rescue(session)
    assert told == "the game so far is not kept: casino-game.json to casino-game-100.json all exist"
    assert len(list(tmp_path.iterdir())) == 100 and (tmp_path / "casino-game.json").read_text() == "another game"


def test_the_prompt_is_the_longest_that_leaves_room_for_the_answer_on_its_line():
    """At every width the prompt for a move is the longest of the prompts that leaves
    room on its line for the answer, a capture such as ASx2D+2C+TC, and the cursor after it
    (a screen exactly that wide keeps the long one), else the shortest; with one legal move,
    the longest of those naming it. The room is counted here, not read from cmd_play."""
    from types import SimpleNamespace

    from casino_cli.cli.cmd_play import ONLY, PROMPTS, move_prompt
    from casino_cli.notation.moves import parse_move_text

    room = len("ASx2D+2C+TC") + 1  # the answer and the cursor

    def longest(prompts: list[str], width: int) -> str:
        fits = [p for p in prompts if len(p) + room <= width]
        return max(fits, key=len) if fits else min(prompts, key=len)

    one = SimpleNamespace(moves=[parse_move_text("KH")])
    two = SimpleNamespace(moves=[parse_move_text("KH"), parse_move_text("2C")])
    for width in range(20, 100):
        assert move_prompt(width, two) == longest(list(PROMPTS), width), width  # type: ignore[arg-type]
        only = [p.format("KH") for p in ONLY]
        assert move_prompt(width, one) == longest(only, width), width  # type: ignore[arg-type]
    assert move_prompt(len(PROMPTS[0]) + room, two) == PROMPTS[0]  # type: ignore[arg-type]


def test_readline_is_given_the_whole_prompt_its_styles_marked_as_taking_no_room(monkeypatch):
    """Where Python has readline, the prompt goes to input() itself, its colour codes
    between \\x01 and \\x02: readline redraws a line being edited (the arrow keys, a line
    recalled) from the prompt's start, and counts the prompt's width without them: a prompt
    printed apart (rich's own input) would be drawn over as the line is edited. The end of
    input (Ctrl-D) is the answer ``eof``."""
    import io
    import re

    from rich.console import Console

    from casino_cli.cli.output import typed

    out = Console(file=io.StringIO(), force_terminal=True, color_system="standard", width=80)
    given: list[str] = []

    def answer(prompt: str = "") -> str:
        given.append(prompt)
        return "7"

    monkeypatch.setattr("builtins.input", answer)
    assert typed(out, "[bold]Your move[/bold] › ") == "7"
    assert out.file.getvalue() == ""  # nothing drawn before readline's own prompt
    assert re.sub("\x01[^\x02]*\x02", "", given[0]) == "Your move › "
    assert re.sub("[\x01\x02]", "", given[0]) != "Your move › "  # the bold, marked

    def ended(prompt: str = "") -> str:
        raise EOFError

    monkeypatch.setattr("builtins.input", ended)
    assert typed(out, "Your move › ") == "q" and typed(out, "Name › ", eof="") == ""
