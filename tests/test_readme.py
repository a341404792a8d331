"""The README's console examples run, with the output and exit code shown there; the sh
examples of the README and docs/ run."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from clirun import PYTHON

ROOT = Path(__file__).resolve().parent.parent


def examples() -> list[tuple[str, list[str], int]]:
    """(command, expected output lines, exit code) for every ``$`` line of a console block."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    found = []
    for block in re.findall(r"```console\n(.*?)```", text, re.S):
        current = None
        for line in block.splitlines():
            if line.startswith("$ "):
                current = [line[2:], [], 0]
                found.append(current)
            elif line.startswith("# exit "):
                current[2] = int(line.split()[-1])
            elif current is not None:
                current[1].append(line)
    return [tuple(e) for e in found]


@pytest.mark.parametrize("command, expected, code", examples(), ids=lambda v: v if isinstance(v, str) else "")
def test_readme_example(command, expected, code):
    env = dict(os.environ, PATH=os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"])
    env.pop("CASINO_DEBUG", None)
    shim = f'casino() {{ {PYTHON} -m casino_cli "$@"; }}; export -f casino 2>/dev/null; '
    out = subprocess.run(
        ["bash", "-c", shim + command + " 2>&1"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == code, out.stdout + out.stderr
    assert out.stdout.splitlines() == expected


def test_readme_starts_with_two_quick_start_commands():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"```sh\n(.*?)```", quick, re.S)
    assert len(commands) == 2
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert commands[1].strip() in ci


def test_the_readme_says_which_commands_read_a_file_or_standard_input():
    """'Every command reads a file or -' was said of all; deal, play, simulate, match,
    botcheck, rules and schema read none. The claim is of the commands with a FILE, each of
    which says it reads - as standard input."""
    import typer

    from casino_cli.cli.main import app

    commands = typer.main.get_command(app).commands
    readers = {
        name: param
        for name, command in commands.items()
        for param in command.params
        if param.param_type_name == "argument" and (param.metavar or "").startswith("FILE")
    }
    assert all(re.search(r"- for (standard input|stdin)", param.help or "") for param in readers.values())
    said = re.search(
        r"Every command (.*?)a file or `-` \(standard input\)", (ROOT / "README.md").read_text(encoding="utf-8")
    )
    assert said, "the README says which commands read a file or -"
    assert said.group(1).startswith("that ") or set(readers) == set(commands), sorted(set(commands) - set(readers))


def test_the_quick_start_says_that_its_install_compiles_and_how_not_to():
    """``pip install .`` runs mypyc for minutes, silent under ``-q``: the quick start says so,
    and names the build setting that skips it, as setup.py reads it."""
    quick = (ROOT / "README.md").read_text(encoding="utf-8").split("## Quick start", 1)[1].split("\n## ", 1)[0]
    assert "mypyc" in quick and "`CASINO_BUILD=python pip install .`" in quick
    assert 'CASINO_BUILD") == "python"' in (ROOT / "setup.py").read_text(encoding="utf-8").replace("'", '"')


SHORTER = {"--pairs": "2", "--games": "16", "--decisions": "6"}  # an example's work cut short (16 games: 2 chunks)
VERDICTS = ("fixtures/records/dispute.json",)  # examples on a record that is not valid: exit 1


def sh_examples() -> list[tuple[str, str]]:
    """(file, block) for every ``sh`` block of the README (but the quick start's two
    commands, which CI runs) and of docs/."""
    found = []
    for path in ["README.md", *sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").glob("*.md"))]:
        text = (ROOT / path).read_text(encoding="utf-8")
        if path == "README.md":
            text = text.split("## Quick start", 1)[0] + text.split("## Quick start", 1)[1].split("\n## ", 1)[1]
        found += [(path, block) for block in re.findall(r"```sh\n(.*?)```", text, re.S)]
    return found


@pytest.mark.parametrize(("path", "block"), sh_examples(), ids=lambda v: v.split("\n")[0][:60])
def test_every_sh_example_runs(path, block, tmp_path):
    """Each ``sh`` example runs as written (exit 0, or the verdict 1 on a record not valid), in a folder that has
    the checkout's fixtures and examples, its counts of games, pairs and decisions cut short
    (the examples' figures are a person's; the test checks that the commands, options and
    files are right)."""
    for name in ("fixtures", "examples"):
        (tmp_path / name).symlink_to(ROOT / name)
    for option, value in SHORTER.items():
        block = re.sub(rf"{option} \d+", f"{option} {value}", block)
    env = dict(os.environ, PATH=os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"])
    env.pop("CASINO_DEBUG", None)
    shim = f'casino() {{ {PYTHON} -m casino_cli "$@"; }}; export -f casino; set -o pipefail; '
    for line in block.splitlines():  # one command a line
        code = 1 if any(record in line for record in VERDICTS) else 0
        out = subprocess.run(["bash", "-c", shim + line], cwd=tmp_path, env=env, capture_output=True, timeout=300)
        assert out.returncode == code, (path, line, out.stderr.decode())
