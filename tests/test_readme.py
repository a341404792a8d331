"""The README's console examples run, with the output and exit code shown there."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

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
    shim = f'casino() {{ {sys.executable} -m casino_cli "$@"; }}; export -f casino 2>/dev/null; '
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
