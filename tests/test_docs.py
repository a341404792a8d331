"""The examples of the documentation run: the engine's docstrings (doctest), and the Python
blocks of the README and docs/api.md."""

from __future__ import annotations

import contextlib
import doctest
import importlib
import inspect
import io
import pkgutil
import re
import runpy
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


def test_the_example_bot_plays_a_game() -> None:
    with contextlib.redirect_stdout(io.StringIO()) as out:
        runpy.run_path(str(ROOT / "examples" / "cautious_bot.py"), run_name="__main__")
    assert "wins" in out.getvalue()


def python_blocks(path: str) -> list[str]:
    return re.findall(r"```python\n(.*?)```", (ROOT / path).read_text(encoding="utf-8"), re.S)


@pytest.mark.parametrize("path", ["README.md", "docs/api.md"])
def test_python_blocks_run(path: str) -> None:
    blocks = python_blocks(path)
    assert blocks
    for block in blocks:
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(block, path, "exec"), {})  # noqa: S102 - our own documentation


def test_api_md_documents_the_readers_and_writers_of_the_notation_and_records() -> None:
    """What a program needs beyond the engine, to read and write documents, is named in
    docs/api.md and in its reference, and is there in the module the page names."""
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    public = {
        "casino_cli.notation.fields": ("loads", "dumps"),
        "casino_cli.notation.position": ("read_position", "read_position_data", "position_json", "read_rules"),
        "casino_cli.notation.moves": ("parse_move_text", "read_move", "move_json"),
        "casino_cli.notation.text_record": ("read_text", "write_text", "TextRecord", "TextError"),
        "casino_cli.notation.errors": ("NotationError",),
        "casino_cli.records.record": ("read_record", "Record"),
        "casino_cli.records.referee": ("walk", "Finding"),
        "casino_cli.records.disputes": ("rule_on_record", "NoRuling"),
        "casino_cli.records.ruling": ("ruling_json", "Ruling"),
        "casino_cli.records.game_record": ("game_record",),
        "casino_cli.records.scoresheet": ("record_score",),
        "casino_cli.notation.schema": ("schema",),
    }
    for module, names in public.items():
        assert f"`{module}`" in text, module
        for name in names:
            assert hasattr(importlib.import_module(module), name), f"{module}.{name}"
            assert f"`{name}" in text, name
        if module != "casino_cli.notation.schema":
            assert f"::: {module}\n" in text, module


def test_every_name_the_engine_exports_is_documented() -> None:
    """A class or function of ``casino_cli.engine.__all__`` has a docstring of its own (the
    reference shows it); a constant or a type alias is named in docs/api.md."""
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    for name in casino_cli.engine.__all__:
        value = getattr(casino_cli.engine, name)
        if inspect.isclass(value) or inspect.isfunction(value):
            assert value.__doc__, name
        else:
            assert f"`{name}`" in text, name
