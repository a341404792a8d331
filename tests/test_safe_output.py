"""Nothing in a document can drive the referee's terminal, and no output overwrites an
input (issue 17)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from inproc import cli

from casino_cli.cli.safe_text import visible

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
