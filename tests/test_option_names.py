"""One command line: an option's name means one thing and takes the same values on every
command that has it, so a script can use the spelling it learnt on one command on the next."""

from __future__ import annotations

import pytest
from inproc import cli

from casino_cli.cli import quick

RECORD = cli("simulate", "--games", "2", "--seed", "q", "--hands", "1").stdout


@pytest.mark.parametrize("words", [["-f", "text"], ["--format", "TEXT"], ["--format=json"], ["-f", "json"]])
def test_convert_chooses_its_form_with_format_as_the_other_commands_do(
    words: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """casino convert FILE -f text (as deal --record -f text) was 'No such option: -f'; --to still works."""
    old = cli("convert", "-", "--to", words[-1].rpartition("=")[2].lower(), stdin=RECORD)
    assert old.returncode == 0 and old.stdout
    assert quick.parse(["convert", "-", *words]) is not None
    assert cli("convert", "-", *words, stdin=RECORD) == old
    monkeypatch.setattr(quick, "parse", lambda words: None)  # typer's path
    assert cli("convert", "-", *words, stdin=RECORD) == old
