"""The examples of the documentation run: the engine's docstrings (doctest), and the Python
blocks of the README and docs/api.md."""

from __future__ import annotations

import contextlib
import doctest
import importlib
import io
import pkgutil
import re
from pathlib import Path

import pytest

import casino_cli.engine

ROOT = Path(__file__).resolve().parent.parent
ENGINE = sorted(m.name for m in pkgutil.iter_modules(casino_cli.engine.__path__, "casino_cli.engine."))


@pytest.mark.parametrize("name", ["casino_cli.engine", *ENGINE])
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0


def test_the_public_docstrings_have_examples() -> None:
    """The facade's main entries each show an example (so the reference is never bare)."""
    finder = doctest.DocTestFinder()
    for name in ("MoveList", "Rules", "Game", "make_rules", "is_legal", "game_seed"):
        tests = finder.find(getattr(casino_cli.engine, name), name)
        assert any(t.examples for t in tests), name


def python_blocks(path: str) -> list[str]:
    return re.findall(r"```python\n(.*?)```", (ROOT / path).read_text(encoding="utf-8"), re.S)


@pytest.mark.parametrize("path", ["README.md", "docs/api.md"])
def test_python_blocks_run(path: str) -> None:
    blocks = python_blocks(path)
    assert blocks
    for block in blocks:
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(block, path, "exec"), {})  # noqa: S102 - our own documentation
