"""Nothing in a document can drive the referee's terminal, and no output overwrites an
input (issue 17)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from inproc import cli

from casino_cli.records.shown import visible

HOSTILE = [
    "\x1b]52;c;cm0gLXJmIH4=\x07",  # OSC 52: write the clipboard
    "\x1b]0;pwned\x1b\\",  # OSC 0: the window title
    "\x1b[2J",  # clear the screen
    "\x9b2J",  # the same with the one-byte C1 CSI
    "\u202eevil",  # a right-to-left override
    "line\u2028break",
    "bell\x07 del\x7f nul\x00",
]
RAW = [chr(c) for c in (*range(0x20), 0x7F, *range(0x80, 0xA0))] + ["\u202e", "\u2028"]
DISPUTE = json.loads(Path("fixtures/records/dispute.json").read_text())
GAME = json.loads(Path("fixtures/docs/game.json").read_text())


@pytest.mark.parametrize("text", HOSTILE, ids=ascii)
def test_visible_shows_every_control_character(text):
    shown = visible(text)
    assert not any(c in shown for c in RAW), ascii(shown)
    assert shown.isprintable()


@pytest.mark.parametrize("text", ["Ana", "Zoë", "李雷", "👩‍👩‍👧", "O'Brien & Co <b>", "10♦ 2♠"])
def test_visible_leaves_plain_text_alone(text):
    assert visible(text) == text


@pytest.mark.parametrize("name", HOSTILE, ids=ascii)
@pytest.mark.parametrize(
    "command",
    [("validate", "--format", "text"), ("validate", "--format", "pretty"), ("score",), ("replay",)],
    ids=" ".join,
)
def test_player_names_reach_the_terminal_escaped(name, command):
    record = dict(DISPUTE, players=[name, name + "2"])
    res = cli(*command, "-", stdin=json.dumps(record))
    assert res.returncode == 1, res.stderr
    said = res.stderr + (res.stdout.decode() if "json" not in command and command[0] == "validate" else "")
    assert "Ben" not in said and visible(name) in said
    assert not any(c in said for c in RAW if c != "\n"), ascii(said)


@pytest.mark.parametrize("name", HOSTILE, ids=ascii)
@pytest.mark.parametrize(
    "command",
    [
        ("replay", "--format", "text"),
        ("replay", "--format", "pretty"),
        ("judge", "--move", "1", "--format", "pretty"),
        ("review", "--format", "text"),
        ("review", "--format", "pretty"),
    ],
    ids=" ".join,
)
def test_player_names_in_what_people_read_on_stdout_are_escaped(name, command):
    """The views for people (text, pretty) show a record's names with their escapes too."""
    record = dict(DISPUTE, players=[name, name + "2"])
    res = cli(command[0], "-", *command[1:], stdin=json.dumps(record))
    shown = res.stdout.decode()
    assert visible(name) in shown, (res.returncode, res.stderr, shown)
    assert not any(c in shown for c in RAW if c != "\n"), ascii(shown)


def test_a_name_written_as_rich_markup_is_shown_as_written_where_a_part_way_replay_stops():
    """The pretty replay's last line says who is to play where the record stops; a name like
    '[red]Ana[/]' is text to show there, not a style to obey (nor markup to refuse)."""
    record = json.loads(Path("fixtures/records/dispute-part-way.json").read_text())
    res = cli("replay", "-", "--format", "pretty", stdin=json.dumps(dict(record, players=["[red]Ana[/]", "Ben"])))
    last = res.stdout.decode().rstrip("\n").splitlines()[-1]
    assert res.returncode == 0 and last == "the record stops after move 2 of hand 1: [red]Ana[/] (seat 0) to play"


def test_a_file_named_as_rich_markup_is_named_as_written_above_validates_findings(tmp_path, monkeypatch):
    """validate's pretty view names a record's file and rules above its findings; a file
    named '[bold]night.json' is named so, not obeyed as a style."""
    path = tmp_path / "[bold]night.json"
    path.write_bytes(Path("fixtures/records/dispute.json").read_bytes())
    monkeypatch.setenv("COLUMNS", "500")  # the line unwrapped, however long the folder's name
    res = cli("validate", str(path), "-f", "pretty", "--keep-going")
    lines = res.stdout.decode().splitlines()
    assert res.returncode == 1 and lines[0] == f"{path}:1: played under classic, 2 players"


def _commented(record: dict, comment: str) -> dict:
    """``record`` with ``comment`` on the first move of its first hand."""
    first, *others = record["hands"]
    move, *moves = first["moves"]
    return dict(record, hands=[dict(first, moves=[{"move": move, "comment": comment}, *moves]), *others])


@pytest.mark.parametrize("text", HOSTILE, ids=ascii)
@pytest.mark.parametrize(
    "command",
    [
        ("replay", "--format", "text"),
        ("replay", "--format", "pretty"),
        ("score", "--format", "text"),
        ("score", "--format", "pretty"),
    ],
    ids=" ".join,
)
def test_names_and_comments_of_a_whole_game_reach_stdout_escaped(text, command):
    """A comment on a move (replay) and the sides' names (score's sheet) are shown, never obeyed."""
    record = _commented(dict(GAME, players=[text, "Ben"]), text)
    res = cli(command[0], "-", *command[1:], stdin=json.dumps(record))
    shown = res.stdout.decode()
    escaped = visible(text) if "text" in command else "\\"  # pretty's table may wrap or cut a name
    assert res.returncode == 0 and escaped in shown, (res.stderr, shown)
    assert not any(c in shown for c in RAW if c != "\n"), ascii(shown)


def test_the_steerable_replay_shows_names_and_comments_escaped(tmp_path):
    """On a terminal: the table's names, the move's comment and the findings, step by step."""
    from test_play_terminal import Terminal

    record = _commented(
        dict(DISPUTE, players=["A\x1b]0;pwned\x07na", "B\u202e\x9b2J"]), "X\x1b]0;TITLE\x07\x1b[41mRED\x85"
    )
    path = tmp_path / "evil.json"
    path.write_text(json.dumps(record))
    term = Terminal("replay", str(path))
    shown = term.expect("quit ›")
    for key in ("n", "n", "q"):
        term.send(key)
        shown += term.expect("quit ›" if key != "q" else "left the replay at")
    assert term.close() == 1  # the record's illegal second move
    assert all(visible(name) in shown for name in record["players"]) and "{X\\x1b]0;TITLE" in shown, shown
    assert not any(c in shown for c in RAW if c not in "\r\n"), ascii(shown)


@pytest.mark.parametrize("command", [("moves",), ("score",), ("replay",), ("apply", "-", "8S")])
def test_an_svg_that_is_an_input_is_refused(tmp_path, command):
    position = cli("deal", "--seed", "7").stdout
    source = tmp_path / "in.json"
    source.write_bytes(position if command[0] != "score" and command[0] != "replay" else json.dumps(DISPUTE).encode())
    args = [command[0], str(source), *command[2:], "--svg", str(source)]
    before = source.read_bytes()
    res = cli(*args)
    assert res.returncode == 2 and "is an input of this command" in res.stderr
    assert source.read_bytes() == before


def _on_a_terminal(*args: str, stdin: bytes) -> bytes:
    """``casino ARGS`` with its stdout on a pseudo-terminal; what the terminal received."""
    import os
    import pty
    import subprocess
    import sys

    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "casino_cli", *args], stdin=subprocess.PIPE, stdout=slave, stderr=subprocess.PIPE
    )
    os.close(slave)
    proc.stdin.write(stdin)
    proc.stdin.close()
    out = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the terminal's far end closed: the command is done
            break
        if not chunk:
            break
        out += chunk
    proc.wait(timeout=60)
    os.close(master)
    assert proc.returncode == 0, proc.stderr.read()
    return out


def test_json_forced_onto_a_terminal_shows_c1_and_bidi_as_escapes_with_the_same_value():
    names = ["\u202eevil csi\x9b2J", "next\x85line\u2028break"]
    record = dict(DISPUTE, players=names)
    shown = _on_a_terminal("convert", "-", "--to", "json", stdin=json.dumps(record).encode()).decode()
    assert not any(c in shown for c in RAW if c not in "\r\n"), ascii(shown)
    assert json.loads(shown)["players"] == names  # the escapes are JSON's: the same value
    piped = cli("convert", "-", "--to", "json", stdin=json.dumps(record))
    assert json.loads(piped.stdout)["players"] == names and "\u202e".encode() in piped.stdout  # bytes as given


def test_every_c1_control_in_json_forced_onto_a_terminal_is_an_escape():
    """Every C1 control, U+0080 to U+009F (the first and the last included), in JSON
    forced onto a terminal is written as its JSON escape: the same value, never obeyed."""
    c1 = "".join(map(chr, range(0x80, 0xA0)))
    record = json.dumps(dict(DISPUTE, players=[f"a{c1}b", "Ben"])).encode()
    shown = _on_a_terminal("convert", "-", "--to", "json", stdin=record).decode()
    assert not any(c in shown for c in c1), ascii(shown)
    assert json.loads(shown)["players"] == [f"a{c1}b", "Ben"]


@pytest.mark.parametrize("names", [["Ann", "Ben"], ["Zoë", "Ünal ♠"]])
def test_json_with_nothing_a_terminal_obeys_is_written_onto_one_as_piped(names):
    """JSON forced onto a terminal whose text a terminal would not obey (ASCII, or printable
    letters and symbols) is written there byte for byte as it is piped."""
    record = json.dumps(dict(DISPUTE, players=names)).encode()
    shown = _on_a_terminal("convert", "-", "--to", "json", stdin=record)
    piped = cli("convert", "-", "--to", "json", stdin=record).stdout
    assert shown.replace(b"\r\n", b"\n") == piped and json.loads(piped)["players"] == names


def test_casino_text_on_a_terminal_shows_them_as_escapes_and_reads_back_the_same():
    names = ["\u202eevil csi\x9b2J", "next\x85line\u2028break"]
    record = dict(DISPUTE, players=names)
    record["hands"] = [dict(DISPUTE["hands"][0], moves=[{"move": "8S", "comment": "see \u202eme\x85"}])]
    shown = _on_a_terminal("convert", "-", "--to", "text", stdin=json.dumps(record).encode())
    text = shown.decode().replace("\r\n", "\n")
    assert not any(c in text for c in RAW if c != "\n"), ascii(text)
    back = json.loads(cli("convert", "-", "--to", "json", stdin=text).stdout)
    assert back["players"] == names and back["hands"][0]["moves"][0]["comment"] == "see \u202eme\x85"
